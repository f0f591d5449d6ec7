(** TRSP §3.2.1, Eq. 1 = Eq. 2 (claim trsp.box.prefix), and TRSP App. C.4, proof of Thm C.8: Box_b and
    M_tri = Box_b ∘ Box_b are entrywise nonnegative with every row summing to 1, so ‖M_tri‖_∞ = 1
    (claim trsp.C8.row-sums).

    Modelling. A sequence X is a function nat → ℝ (token t ↦ X_t; one feature column, the filters act on
    each column alike), and Box_b is Kernel.v's [box], TRSP Eq. 1: Box_b(X)_t = (1/w_t) Σ_{i<w_t} X_{t−i},
    w_t = min(b, t+1). Eq. 2's prefix sums are [prefix X n] = Σ_{s<n} X_s (S_0 = 0, S_{t+1} = S_t + X_t)
    and its left end is a_t = max(0, t − b + 1), written [a_start b t] = max(0, (t + 1) − b) with ℕ's
    truncated subtraction (t + 1 − b is t − b + 1 whenever that is ≥ 0, and 0 otherwise). Box_b is causal,
    so the first T values of Box_b X and of Box_b(Box_b X) are M x for the T × T matrices M of the
    filters and x = (X_0..X_{T−1}); row t of M is the weight vector w with (M x)_t = Σ_{s≤t} w_s X_s,
    [box_row] and [trsp_C8_row_form] exhibit it (entries beyond s = t are 0, as M is lower triangular).
    Row t of M_tri being nonnegative and summing to 1 is ‖M_tri‖_∞ = max_t Σ_s |M_ts| = 1, stated also as
    |(M_tri X)_t| ≤ sup|X| with equality at X = 1 ([trsp_C8_inf_norm]). *)
Require Import Reals Lia Lra Arith.
Require Import SpecProof.Sums SpecProof.Kernel.
Open Scope R_scope.

(** Eq. 2's prefix sums: S_n = Σ_{s<n} X_s. *)
Definition prefix (X : nat -> R) (n : nat) : R := sumR X n.

(** Eq. 2's left end a_t = max(0, t − b + 1). *)
Definition a_start (b t : nat) : nat := Nat.max 0 (t + 1 - b).

Lemma a_start_spec : forall b t, (1 <= b)%nat -> a_start b t = (S t - Nat.min b (S t))%nat.
Proof. intros b t Hb. unfold a_start. lia. Qed.

(** trsp.box.prefix (Eq. 1 = Eq. 2): for every b ≥ 1, every sequence X and every t,
    Box_b(X)_t = (S_{t+1} − S_{a_t}) / (t − a_t + 1). *)
Theorem trsp_box_prefix : forall b (X : nat -> R) t, (1 <= b)%nat ->
  box b X t = (prefix X (S t) - prefix X (a_start b t)) / INR (t - a_start b t + 1).
Proof.
  intros b X t Hb. unfold box, prefix. rewrite a_start_spec by exact Hb.
  set (w := Nat.min b (S t)).
  assert (Hw : (1 <= w <= S t)%nat) by (unfold w; lia).
  replace (t - (S t - w) + 1)%nat with w by lia.
  assert (E : sumR X (S t) = sumR X ((S t - w) + w)%nat) by (f_equal; lia).
  rewrite E, sumR_split.
  f_equal.
  replace (sumR X (S t - w) + sumR (fun k : nat => X (S t - w + k)%nat) w - sumR X (S t - w))
    with (sumR (fun k : nat => X (S t - w + k)%nat) w) by ring.
  rewrite <- (sumR_reflect (fun k => X (S t - w + k)%nat) w).
  apply sumR_ext. intros i Hi. cbv beta. f_equal. lia.
Qed.

(** The paper's denominator is the window length: t − a_t + 1 = w_t = min(b, t+1). *)
Lemma prefix_length : forall b t, (1 <= b)%nat -> (t - a_start b t + 1)%nat = Nat.min b (S t).
Proof. intros b t Hb. unfold a_start. lia. Qed.

Lemma window_pos : forall b t, (1 <= b)%nat -> 0 < INR (Nat.min b (S t)).
Proof. intros b t Hb. apply lt_0_INR. lia. Qed.

Lemma sumR_const_one : forall c m, sumR (fun _ => c) m = INR m * c.
Proof. intros c m; induction m as [|m IH]; [simpl; ring|]. simpl sumR. rewrite IH, S_INR. ring. Qed.

Lemma box_ext : forall b X Y t, (forall s, (s <= t)%nat -> X s = Y s) -> box b X t = box b Y t.
Proof.
  intros b X Y t H. unfold box. f_equal. apply sumR_ext. intros i _. apply H. lia.
Qed.

Lemma box_one : forall b t, (1 <= b)%nat -> box b (fun _ => 1) t = 1.
Proof.
  intros b t Hb. unfold box. rewrite sumR_const_one. pose proof (window_pos b t Hb). field. lra.
Qed.

(** trsp.C8.row-sums, the row sums: Box_b 𝟏 = 𝟏 and M_tri 𝟏 = Box_b(Box_b 𝟏) = 𝟏, at every t, for every b ≥ 1. *)
Theorem trsp_C8_row_sums : forall b t, (1 <= b)%nat ->
  box b (fun _ => 1) t = 1 /\ box b (box b (fun _ => 1)) t = 1.
Proof.
  intros b t Hb. split; [apply box_one; exact Hb|].
  rewrite (box_ext b (box b (fun _ => 1)) (fun _ => 1)) by (intros; apply box_one; exact Hb).
  apply box_one; exact Hb.
Qed.

Lemma box_nonneg : forall b X t, (1 <= b)%nat -> (forall s, 0 <= X s) -> 0 <= box b X t.
Proof.
  intros b X t Hb HX. unfold box. pose proof (window_pos b t Hb).
  apply Rmult_le_pos; [apply sumR_nonneg; intros; apply HX | left; apply Rinv_0_lt_compat; lra].
Qed.

(** trsp.C8.row-sums, nonnegativity: Box_b and M_tri map nonnegative sequences to nonnegative ones. *)
Theorem trsp_C8_nonneg : forall b (X : nat -> R) t, (1 <= b)%nat -> (forall s, 0 <= X s) ->
  0 <= box b X t /\ 0 <= box b (box b X) t.
Proof.
  intros b X t Hb HX. split; [apply box_nonneg; assumption|].
  apply box_nonneg; [exact Hb|]. intros s. apply box_nonneg; assumption.
Qed.

(** Linearity of Box_b. *)
Theorem box_linear : forall b (X Y : nat -> R) (c d : R) t,
  box b (fun s => c * X s + d * Y s) t = c * box b X t + d * box b Y t.
Proof.
  intros b X Y c d t. unfold box. rewrite sumR_plus, !sumR_scal.
  destruct (Nat.eq_dec (Nat.min b (S t)) 0) as [E|E].
  - rewrite E. simpl. unfold Rdiv. rewrite Rinv_0. ring.
  - field. apply not_0_INR. exact E.
Qed.

(** Row t of Box_b: weight 1/w_t on s ∈ [t + 1 − w_t, t], 0 elsewhere. *)
Definition box_weight (b t s : nat) : R :=
  if andb (S t - Nat.min b (S t) <=? s)%nat (s <=? t)%nat then / INR (Nat.min b (S t)) else 0.

Lemma box_weight_out : forall b t s, (s < S t - Nat.min b (S t) \/ t < s)%nat -> box_weight b t s = 0.
Proof.
  intros b t s H. unfold box_weight.
  destruct (Nat.leb_spec (S t - Nat.min b (S t)) s); destruct (Nat.leb_spec s t); simpl; first [reflexivity | lia].
Qed.

Lemma box_weight_in : forall b t s, (S t - Nat.min b (S t) <= s <= t)%nat ->
  box_weight b t s = / INR (Nat.min b (S t)).
Proof.
  intros b t s H. unfold box_weight.
  destruct (Nat.leb_spec (S t - Nat.min b (S t)) s); destruct (Nat.leb_spec s t); simpl; first [reflexivity | lia].
Qed.

Lemma sumR_zero : forall f n, (forall i, (i < n)%nat -> f i = 0) -> sumR f n = 0.
Proof. intros f n H. rewrite (sumR_ext f (fun _ => 0 * 0)) by (intros; rewrite H by lia; ring). rewrite sumR_scal. ring. Qed.

(** Box_b as its matrix row: (Box_b X)_t = Σ_{s<n} w_{ts} X_s for every n > t. *)
Lemma box_row : forall b (X : nat -> R) t n, (1 <= b)%nat -> (t < n)%nat ->
  box b X t = sumR (fun s => box_weight b t s * X s) n.
Proof.
  intros b X t n Hb Hn. unfold box.
  set (w := Nat.min b (S t)).
  assert (Hw : (1 <= w <= S t)%nat) by (unfold w; lia).
  set (a := (S t - w)%nat).
  replace n with (a + w + (n - S t))%nat by (unfold a; lia).
  rewrite !sumR_split.
  rewrite (sumR_zero (fun s => box_weight b t s * X s) a).
  2: { intros i Hi. rewrite box_weight_out by (fold w; unfold a in Hi; lia). ring. }
  rewrite (sumR_zero (fun k => box_weight b t (a + w + k)%nat * X (a + w + k)%nat) (n - S t)).
  2: { intros i Hi. rewrite box_weight_out by (fold w; unfold a; lia). ring. }
  rewrite (sumR_ext (fun k => box_weight b t (a + k)%nat * X (a + k)%nat) (fun k => / INR w * X (a + k)%nat)).
  2: { intros i Hi. rewrite box_weight_in by (fold w; unfold a; lia). reflexivity. }
  rewrite sumR_scal.
  rewrite <- (sumR_reflect (fun k => X (a + k)%nat) w).
  rewrite (sumR_ext (fun k => X (a + (w - 1 - k))%nat) (fun i => X (t - i)%nat)) by (intros; f_equal; unfold a; lia).
  unfold Rdiv. ring.
Qed.

Lemma box_weight_nonneg : forall b t s, (1 <= b)%nat -> 0 <= box_weight b t s.
Proof.
  intros b t s Hb. unfold box_weight. destruct (andb _ _); [|lra].
  left. apply Rinv_0_lt_compat. apply window_pos. exact Hb.
Qed.

Lemma box_weight_sum : forall b t n, (1 <= b)%nat -> (t < n)%nat -> sumR (box_weight b t) n = 1.
Proof.
  intros b t n Hb Hn. rewrite (sumR_ext (box_weight b t) (fun s => box_weight b t s * 1)) by (intros; ring).
  rewrite <- (box_row b (fun _ => 1) t n Hb Hn). apply box_one. exact Hb.
Qed.

Lemma sumR_swap3 : forall (f : nat -> nat -> R) m n,
  sumR (fun i => sumR (fun j => f i j) m) n = sumR (fun j => sumR (fun i => f i j) n) m.
Proof.
  intros f m n; induction n as [|n IH]; simpl.
  - induction m as [|m IHm]; simpl; [reflexivity|]. rewrite <- IHm. lra.
  - rewrite IH. rewrite <- sumR_plus. apply sumR_ext. intros. reflexivity.
Qed.

(** trsp.C8.row-sums, the row form of Box_b: row t is a nonnegative weight vector on s ≤ t summing to 1. *)
Theorem box_row_form : forall b t, (1 <= b)%nat ->
  exists w : nat -> R, (forall s, 0 <= w s) /\ sumR w (S t) = 1 /\
    forall X, box b X t = sumR (fun s => w s * X s) (S t).
Proof.
  intros b t Hb. exists (box_weight b t). split; [intros; apply box_weight_nonneg; exact Hb|].
  split; [apply box_weight_sum; [exact Hb | lia]|].
  intros X. apply box_row; [exact Hb | lia].
Qed.

(** trsp.C8.row-sums, the row form of M_tri = Box_b ∘ Box_b: for every b ≥ 1 and t, row t of M_tri is a
    nonnegative weight vector w on s ≤ t with Σ_s w_s = 1 and (M_tri X)_t = Σ_{s≤t} w_s X_s for every X. *)
Theorem trsp_C8_row_form : forall b t, (1 <= b)%nat ->
  exists w : nat -> R, (forall s, 0 <= w s) /\ sumR w (S t) = 1 /\
    forall X, box b (box b X) t = sumR (fun s => w s * X s) (S t).
Proof.
  intros b t Hb.
  set (m := Nat.min b (S t)).
  assert (Hm : 0 < INR m) by (apply window_pos; exact Hb).
  exists (fun s => / INR m * sumR (fun i => box_weight b (t - i) s) m).
  split; [|split].
  - intros s. apply Rmult_le_pos; [left; apply Rinv_0_lt_compat; lra|].
    apply sumR_nonneg. intros. apply box_weight_nonneg. exact Hb.
  - rewrite sumR_scal, sumR_swap3.
    rewrite (sumR_ext _ (fun _ => 1)) by (intros i Hi; apply box_weight_sum; [exact Hb | lia]).
    rewrite sumR_const_one. field. lra.
  - intros X. unfold box at 1. fold m.
    rewrite (sumR_ext (fun i => box b X (t - i)%nat) (fun i => sumR (fun s => box_weight b (t - i) s * X s) (S t)))
      by (intros i Hi; apply box_row; [exact Hb | lia]).
    rewrite sumR_swap3.
    rewrite (sumR_ext (fun s => (/ INR m * sumR (fun i => box_weight b (t - i) s) m) * X s)
               (fun s => / INR m * sumR (fun i => box_weight b (t - i) s * X s) m)).
    2: { intros s _. rewrite Rmult_assoc. f_equal. rewrite Rmult_comm, <- sumR_scal. apply sumR_ext. intros. ring. }
    rewrite sumR_scal. unfold Rdiv. ring.
Qed.

Lemma sumR_abs_le : forall f n, Rabs (sumR f n) <= sumR (fun i => Rabs (f i)) n.
Proof.
  intros f n; induction n as [|n IH]; simpl; [rewrite Rabs_R0; lra|].
  pose proof (Rabs_triang (sumR f n) (f n)). lra.
Qed.

Lemma sumR_mono2 : forall f g n, (forall i, (i < n)%nat -> f i <= g i) -> sumR f n <= sumR g n.
Proof.
  intros f g n; induction n as [|n IH]; intros H; simpl; [lra|].
  assert (f n <= g n) by (apply H; lia). assert (sumR f n <= sumR g n) by (apply IH; intros; apply H; lia). lra.
Qed.

(** trsp.C8.row-sums, ‖M_tri‖_∞ = 1 as a statement on sequences: |(M_tri X)_t| ≤ M whenever |X_s| ≤ M for
    every s, and M_tri 𝟏 = 𝟏 attains it; for every b ≥ 1 and t. *)
Theorem trsp_C8_inf_norm : forall b t, (1 <= b)%nat ->
  (forall (X : nat -> R) M, (forall s, Rabs (X s) <= M) -> Rabs (box b (box b X) t) <= M)
  /\ box b (box b (fun _ => 1)) t = 1.
Proof.
  intros b t Hb. split; [|apply trsp_C8_row_sums; exact Hb].
  intros X M HX. destruct (trsp_C8_row_form b t Hb) as [w [Hw [Hs HR]]].
  rewrite HR. eapply Rle_trans; [apply sumR_abs_le|].
  apply (Rle_trans _ (sumR (fun s => w s * M) (S t))).
  - apply sumR_mono2. intros s _. rewrite Rabs_mult, (Rabs_pos_eq (w s)) by apply Hw.
    apply Rmult_le_compat_l; [apply Hw | apply HX].
  - rewrite (sumR_ext (fun s => w s * M) (fun s => M * w s)) by (intros; ring).
    rewrite sumR_scal, Hs. lra.
Qed.
