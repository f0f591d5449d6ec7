(** TRSP App. C.4 (claim trsp.C8.spectral-norm.sharp): ‖M_tri‖₂ ≤ ‖Box_b‖₂² ≤ 5 for every T and b,
    without an operator norm: as the quadratic-form bounds Σ_{t<T} (Box_b X)_t² ≤ 5 Σ_{t<T} X_t² and
    Σ_{t<T} (Box_b(Box_b X))_t² ≤ 25 Σ_{t<T} X_t² for every sequence X.

    Modelling. [box] is Kernel.v's TRSP Eq. 1, Box_b(X)_t = (1/w_t) Σ_{i<w_t} X_{t−i}, w_t = min(b, t+1), on
    sequences X : nat → ℝ. Box_b is causal ((Box_b X)_t reads X_0..X_t only), so the first T values of
    Box_b X are M x for the T × T matrix M of the filter and x = (X_0..X_{T−1}): the inequality for every X
    is ‖M x‖² ≤ c‖x‖² for every x ∈ ℝ^T, i.e. ‖M‖₂² ≤ c. Rows t < b are Cesàro means (Hardy's inequality,
    constant 4, by Elliott's telescoping argument); rows t ≥ b are means of b values, whose squares are at
    most the means of the squares (Cauchy–Schwarz), and each X_s enters at most b of them. *)
Require Import Reals Lia Lra Arith.
Require Import SpecProof.Sums SpecProof.Kernel.
Open Scope R_scope.

Lemma sumR_S : forall f n, sumR f (S n) = sumR f n + f n.
Proof. reflexivity. Qed.

Lemma sumR_const : forall c m, sumR (fun _ => c) m = INR m * c.
Proof. intros c m; induction m as [|m IH]; [simpl; ring|]. rewrite sumR_S, IH, S_INR. ring. Qed.

Lemma sumR_le : forall f g n, (forall i, (i < n)%nat -> f i <= g i) -> sumR f n <= sumR g n.
Proof.
  intros f g n; induction n as [|n IH]; intros H; simpl; [lra|].
  assert (f n <= g n) by (apply H; lia). assert (sumR f n <= sumR g n) by (apply IH; intros; apply H; lia). lra.
Qed.

Lemma sumR_swap : forall (f : nat -> nat -> R) m n,
  sumR (fun i => sumR (fun j => f i j) m) n = sumR (fun j => sumR (fun i => f i j) n) m.
Proof.
  intros f m n; induction n as [|n IH]; simpl.
  - induction m as [|m IHm]; simpl; [reflexivity|]. rewrite <- IHm. lra.
  - rewrite IH. rewrite <- sumR_plus. apply sumR_ext. intros. reflexivity.
Qed.

(** Cauchy–Schwarz for a sum of n terms: (Σ y)² ≤ n Σ y². *)
Lemma sq_sum_le : forall y n, sumR y n ^ 2 <= INR n * sumR (fun i => y i ^ 2) n.
Proof.
  intros y n; induction n as [|n IH]; [simpl; lra|]. rewrite !sumR_S.
  rewrite S_INR. set (S := sumR y n) in *. set (Q := sumR (fun i => y i ^ 2) n) in *.
  assert (HQ : 0 <= Q) by (apply sumR_nonneg; intros; apply pow2_ge_0).
  destruct (Nat.eq_dec n 0) as [->|Hn].
  - subst S Q. simpl. lra.
  - assert (Hpos : 0 < INR n) by (apply lt_0_INR; lia).
    (* 2 S y ≤ S²/n + n y² ≤ Q + n y² *)
    assert (K : 2 * S * y n <= Q + INR n * y n ^ 2).
    { assert (A : 0 <= (S - INR n * y n) ^ 2) by apply pow2_ge_0.
      assert (B : 2 * S * y n * INR n <= S ^ 2 + INR n ^ 2 * y n ^ 2) by nra.
      assert (C : S ^ 2 <= INR n * Q) by exact IH.
      apply (Rmult_le_reg_r (INR n)); [exact Hpos|]. nra. }
    replace ((S + y n) ^ 2) with (S ^ 2 + 2 * S * y n + y n ^ 2) by ring.
    replace ((INR n + 1) * (Q + y n ^ 2)) with (INR n * Q + Q + INR n * y n ^ 2 + y n ^ 2) by ring.
    lra.
Qed.

(** Prefix means (Cesàro): a_t = (X_0 + … + X_t)/(t+1). *)
Definition cesaro (X : nat -> R) (t : nat) : R := sumR X (S t) / INR (S t).

Lemma cesaro_step : forall X N, X N = INR (S N) * cesaro X N - INR N * cesaro X (N - 1).
Proof.
  intros X N. unfold cesaro.
  assert (H1 : 0 < INR (S N)) by (apply lt_0_INR; lia).
  destruct N as [|n].
  - simpl. field.
  - replace (S (S n) - 1)%nat with (S n)%nat by lia. replace (S n - 1)%nat with n by lia.
    assert (H2 : 0 < INR (S n)) by (apply lt_0_INR; lia).
    change (sumR X (S (S n))) with (sumR X (S n) + X (S n)). field. lra.
Qed.

(** Elliott's telescoping: Σ_{t<N} (a_t² − 2 X_t a_t) + N a_{N−1}² ≤ 0. *)
Lemma hardy_telescope : forall X N,
  sumR (fun t => cesaro X t ^ 2 - 2 * X t * cesaro X t) N + INR N * cesaro X (N - 1) ^ 2 <= 0.
Proof.
  intros X N; induction N as [|N IH]; [simpl; lra|].
  rewrite sumR_S. replace (S N - 1)%nat with N by lia.
  rewrite (cesaro_step X N). rewrite S_INR.
  set (al := cesaro X N) in *. set (be := cesaro X (N - 1)) in *.
  assert (HN : 0 <= INR N) by apply pos_INR.
  assert (0 <= INR N * (al - be) ^ 2) by (apply Rmult_le_pos; [lra | apply pow2_ge_0]).
  nra.
Qed.

(** Hardy's inequality for finite sequences: Σ_{t<N} a_t² ≤ 4 Σ_{t<N} X_t². *)
Theorem hardy_finite : forall X N, sumR (fun t => cesaro X t ^ 2) N <= 4 * sumR (fun t => X t ^ 2) N.
Proof.
  intros X N.
  pose proof (hardy_telescope X N) as T.
  assert (E : 0 <= INR N * cesaro X (N - 1) ^ 2) by (apply Rmult_le_pos; [apply pos_INR | apply pow2_ge_0]).
  assert (L : sumR (fun t => / 2 * cesaro X t ^ 2 + (-2) * X t ^ 2) N
              <= sumR (fun t => cesaro X t ^ 2 - 2 * X t * cesaro X t) N).
  { apply sumR_le. intros t _. assert (0 <= (2 * X t - cesaro X t) ^ 2) by apply pow2_ge_0. nra. }
  rewrite sumR_plus, !sumR_scal in L. lra.
Qed.

Lemma box_head : forall b X t, (t < b)%nat -> box b X t = cesaro X t.
Proof.
  intros b X t Ht. unfold box, cesaro. rewrite Nat.min_r by lia. f_equal.
  rewrite <- (sumR_reflect X (S t)). apply sumR_ext. intros i _. f_equal. lia.
Qed.

Lemma box_tail : forall b X t, (1 <= b)%nat -> (b <= t)%nat ->
  box b X t ^ 2 <= / INR b * sumR (fun i => X (t - i)%nat ^ 2) b.
Proof.
  intros b X t Hb Ht. unfold box. rewrite Nat.min_l by lia.
  assert (HB : 0 < INR b) by (apply lt_0_INR; lia).
  pose proof (sq_sum_le (fun i => X (t - i)%nat) b) as C.
  replace ((sumR (fun i => X (t - i)%nat) b / INR b) ^ 2) with (sumR (fun i => X (t - i)%nat) b ^ 2 / INR b ^ 2) by (field; lra).
  apply (Rmult_le_reg_r (INR b ^ 2)); [nra|].
  replace (sumR (fun i => X (t - i)%nat) b ^ 2 / INR b ^ 2 * INR b ^ 2) with (sumR (fun i => X (t - i)%nat) b ^ 2) by (field; lra).
  replace (/ INR b * sumR (fun i => X (t - i)%nat ^ 2) b * INR b ^ 2) with (INR b * sumR (fun i => X (t - i)%nat ^ 2) b) by (field; lra).
  exact C.
Qed.

(** A window of consecutive squares is at most the whole sum: Σ_{k<n} X_{m+k}² ≤ Σ_{s<m+n+p} X_s². *)
Lemma window_le : forall X m n p,
  sumR (fun k => X (m + k)%nat ^ 2) n <= sumR (fun s => X s ^ 2) (m + n + p).
Proof.
  intros X m n p.
  rewrite <- Nat.add_assoc, sumR_split.
  rewrite (sumR_split (fun k => X (m + k)%nat ^ 2) n p).
  assert (0 <= sumR (fun s => X s ^ 2) m) by (apply sumR_nonneg; intros; apply pow2_ge_0).
  assert (0 <= sumR (fun k => X (m + (n + k))%nat ^ 2) p)
    by (apply sumR_nonneg; intros; apply pow2_ge_0).
  cbv beta in *. lra.
Qed.

(** ‖Box_b‖₂² ≤ 5: Σ_{t<T} (Box_b X)_t² ≤ 5 Σ_{t<T} X_t², every T, b ≥ 1, X. *)
Theorem box_norm_sq_le_5 : forall b T (X : nat -> R), (1 <= b)%nat ->
  sumR (fun t => box b X t ^ 2) T <= 5 * sumR (fun t => X t ^ 2) T.
Proof.
  intros b T X Hb.
  assert (Q0 : forall n, 0 <= sumR (fun t => X t ^ 2) n) by (intros; apply sumR_nonneg; intros; apply pow2_ge_0).
  destruct (Nat.le_gt_cases T b) as [HT|HT].
  - rewrite (sumR_ext _ (fun t => cesaro X t ^ 2)) by (intros; rewrite box_head by lia; reflexivity).
    pose proof (hardy_finite X T). pose proof (Q0 T). lra.
  - replace T with (b + (T - b))%nat by lia. set (n := (T - b)%nat).
    rewrite sumR_split.
    rewrite (sumR_ext (fun t => box b X t ^ 2) (fun t => cesaro X t ^ 2)) by (intros; rewrite box_head by lia; reflexivity).
    pose proof (hardy_finite X b) as H1.
    assert (H1' : sumR (fun t => X t ^ 2) b <= sumR (fun t => X t ^ 2) (b + n)).
    { rewrite sumR_split. assert (0 <= sumR (fun k => X (b + k)%nat ^ 2) n) by (apply sumR_nonneg; intros; apply pow2_ge_0). lra. }
    assert (HB : 0 < INR b) by (apply lt_0_INR; lia).
    assert (H2 : sumR (fun k => box b X (b + k)%nat ^ 2) n <= sumR (fun t => X t ^ 2) (b + n)).
    { eapply Rle_trans.
      - apply sumR_le with (g := fun k => / INR b * sumR (fun i => X (b + k - i)%nat ^ 2) b).
        intros k _. apply box_tail; lia.
      - rewrite sumR_scal, sumR_swap.
        assert (W : sumR (fun i => sumR (fun k => X (b + k - i)%nat ^ 2) n) b
                    <= sumR (fun i => sumR (fun t => X t ^ 2) (b + n)) b).
        { apply sumR_le. intros i Hi.
          rewrite (sumR_ext (fun k => X (b + k - i)%nat ^ 2) (fun k => X ((b - i) + k)%nat ^ 2)) by (intros; f_equal; f_equal; lia).
          replace (b + n)%nat with ((b - i) + n + i)%nat by lia. apply window_le. }
        rewrite sumR_const in W.
        apply (Rmult_le_reg_l (INR b)); [exact HB|].
        rewrite <- Rmult_assoc, Rinv_r by lra. lra. }
    pose proof (Q0 (b + n)%nat). lra.
Qed.

(** trsp.C8.spectral-norm.sharp: ‖M_tri‖₂ ≤ ‖Box_b‖₂² ≤ 5, as Σ_{t<T} (Box_b(Box_b X))_t² ≤ 25 Σ_{t<T} X_t²
    (together with box_norm_sq_le_5), for every T, every b ≥ 1 and every X. *)
Theorem trsp_C8_spectral_norm_sharp : forall b T (X : nat -> R), (1 <= b)%nat ->
  sumR (fun t => box b X t ^ 2) T <= 5 * sumR (fun t => X t ^ 2) T /\
  sumR (fun t => box b (box b X) t ^ 2) T <= 25 * sumR (fun t => X t ^ 2) T.
Proof.
  intros b T X Hb. split; [apply box_norm_sq_le_5; exact Hb|].
  pose proof (box_norm_sq_le_5 b T (box b X) Hb). pose proof (box_norm_sq_le_5 b T X Hb). lra.
Qed.
