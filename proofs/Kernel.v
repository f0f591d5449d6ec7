(** TRSP Eq. 3–4 and Eq. 13: the triangular kernel of triBox_b = Box_b ∘ Box_b and its energy
    (claims trsp.tribox.kernel / trsp.tribox.kernel.fixed, convolution identity, and
    trsp.C7.kernel-energy).

    Modelling. h_b is the catalogue's h_b(r) = (b − |r − (b−1)|)/b² on lags r = 0..2b−2, a function
    nat → nat → ℝ ([h]); [h_num] is its numerator b·b·h_b(r) in ℕ (computable, compared with
    specproof.theory.filters.tribox_kernel by tests/test_formal.py). A sequence X is a function
    nat → ℝ (token t ↦ X_t) and Box_b is TRSP Eq. 1, Box_b(X)_t = (1/w_t) Σ_{i<w_t} X_{t−i} with
    w_t = min(b, t+1) ([box]). *)
Require Import Reals Lia Lra Arith.
Require Import SpecProof.Sums.
Open Scope R_scope.

Definition h (b r : nat) : R := (INR b - Rabs (INR r - (INR b - 1))) / INR b ^ 2.

Definition h_num (b r : nat) : nat := b - ((r - (b - 1)) + ((b - 1) - r)).

Fixpoint sumN (f : nat -> nat) (n : nat) : nat := match n with O => O | S n' => (sumN f n' + f n')%nat end.

(** b⁴·‖h_b‖² = Σ_r h_num(b, r)², computable (printed for the comparison with Python). *)
Definition energy_num (b : nat) : nat := sumN (fun r => h_num b r * h_num b r)%nat (2 * b - 1).

(** |r − (b−1)| in ℕ. *)
Lemma abs_lag : forall b r, (1 <= b)%nat ->
  Rabs (INR r - (INR b - 1)) = INR ((r - (b - 1)) + ((b - 1) - r)).
Proof.
  intros b r Hb.
  assert (E1 : INR b - 1 = INR (b - 1)) by (rewrite minus_INR by lia; reflexivity).
  rewrite E1. destruct (Nat.le_gt_cases r (b - 1)) as [A|A].
  - replace (r - (b - 1) + (b - 1 - r))%nat with (b - 1 - r)%nat by lia.
    rewrite (minus_INR (b - 1) r) by lia.
    rewrite Rabs_minus_sym. apply Rabs_pos_eq. apply le_INR in A. lra.
  - replace (r - (b - 1) + (b - 1 - r))%nat with (r - (b - 1))%nat by lia.
    rewrite (minus_INR r (b - 1)) by lia.
    apply Rabs_pos_eq. assert (INR (b - 1) <= INR r) by (apply le_INR; lia). lra.
Qed.

Lemma h_num_spec : forall b r, (1 <= b)%nat -> (r <= 2 * b - 2)%nat -> h b r = INR (h_num b r) / INR b ^ 2.
Proof.
  intros b r Hb Hr. unfold h, h_num. rewrite abs_lag by assumption.
  rewrite (minus_INR b) by lia. reflexivity.
Qed.

(** Σ_{r<n} (r+1)² = n(n+1)(2n+1)/6. *)
Lemma sum_squares : forall n, sumR (fun r => (INR r + 1) ^ 2) n = INR n * (INR n + 1) * (2 * INR n + 1) / 6.
Proof. induction n as [|n IH]; [simpl; lra|]. change (sumR (fun r => (INR r + 1) ^ 2) (S n)) with (sumR (fun r => (INR r + 1) ^ 2) n + (INR n + 1) ^ 2). rewrite IH, S_INR. field. Qed.

(** trsp.C7.kernel-energy (Eq. 13): Σ_{r=0}^{2b−2} h_b(r)² = (2b²+1)/(3b³) for every b ≥ 1. *)
Theorem trsp_C7_kernel_energy : forall b, (1 <= b)%nat ->
  sumR (fun r => h b r ^ 2) (2 * b - 1) = (2 * INR b ^ 2 + 1) / (3 * INR b ^ 3).
Proof.
  intros b Hb. destruct b as [|n]; [lia|].
  replace (2 * S n - 1)%nat with (S n + n)%nat by lia.
  rewrite sumR_split.
  assert (HB : 0 < INR (S n)) by (apply lt_0_INR; lia).
  rewrite (sumR_ext _ (fun r => / INR (S n) ^ 4 * (INR r + 1) ^ 2)).
  2: { intros r Hr. unfold h. rewrite abs_lag by lia.
       replace (r - (S n - 1) + (S n - 1 - r))%nat with (n - r)%nat by lia.
       rewrite minus_INR by lia. rewrite S_INR. field. rewrite <- S_INR. lra. }
  rewrite (sumR_ext (fun k => h (S n) (S n + k) ^ 2)
             (fun k => / INR (S n) ^ 4 * (fun j => (INR j + 1) ^ 2) (n - 1 - k)%nat)).
  2: { intros k Hk. unfold h. rewrite abs_lag by lia.
       replace (S n + k - (S n - 1) + (S n - 1 - (S n + k)))%nat with (S k)%nat by lia.
       rewrite !minus_INR by lia. rewrite S_INR, (S_INR k). simpl INR. field. rewrite <- S_INR. lra. }
  rewrite !sumR_scal. rewrite (sumR_reflect (fun j => (INR j + 1) ^ 2) n), !sum_squares.
  rewrite S_INR. field. rewrite <- S_INR. lra.
Qed.

(** The bracket of trsp.C7.kernel-energy: 2/(3b) < ‖h_b‖² ≤ 1/b, so ‖h_b‖² = Θ(1/b). *)
Theorem trsp_C7_kernel_energy_theta : forall b, (1 <= b)%nat ->
  2 / (3 * INR b) < sumR (fun r => h b r ^ 2) (2 * b - 1) <= 1 / INR b.
Proof.
  intros b Hb. rewrite trsp_C7_kernel_energy by assumption.
  assert (H1 : 1 <= INR b) by (apply (le_INR 1); lia).
  split.
  - apply (Rmult_lt_reg_r (3 * INR b ^ 3)); [nra|].
    replace (2 / (3 * INR b) * (3 * INR b ^ 3)) with (2 * INR b ^ 2) by (field; lra).
    replace ((2 * INR b ^ 2 + 1) / (3 * INR b ^ 3) * (3 * INR b ^ 3)) with (2 * INR b ^ 2 + 1) by (field; lra).
    lra.
  - apply (Rmult_le_reg_r (3 * INR b ^ 3)); [nra|].
    replace (1 / INR b * (3 * INR b ^ 3)) with (3 * INR b ^ 2) by (field; lra).
    replace ((2 * INR b ^ 2 + 1) / (3 * INR b ^ 3) * (3 * INR b ^ 3)) with (2 * INR b ^ 2 + 1) by (field; lra).
    nra.
Qed.

(** Counting the pairs (i, j) ∈ {0..b−1}² with i + j = r: the coefficient is r + 1 below the peak
    and b − 1 − k at lag b + k. *)
Lemma conv_box_box : forall (g : nat -> R) b,
  sumR (fun i => sumR (fun j => g (i + j)%nat) b) b
  = sumR (fun r => (INR r + 1) * g r) b + sumR (fun k => (INR b - 1 - INR k) * g (b + k)%nat) b.
Proof.
  intros g b. induction b as [|b IH]; [simpl; lra|].
  assert (L1 : sumR (fun i => sumR (fun j => g (i + j)%nat) (S b)) (S b)
             = sumR (fun i => sumR (fun j => g (i + j)%nat) b) (S b) + sumR (fun i => g (i + b)%nat) (S b)).
  { rewrite <- sumR_plus. apply sumR_ext. intros. reflexivity. }
  rewrite L1.
  change (sumR (fun i => sumR (fun j => g (i + j)%nat) b) (S b))
    with (sumR (fun i => sumR (fun j => g (i + j)%nat) b) b + sumR (fun j => g (b + j)%nat) b).
  change (sumR (fun i => g (i + b)%nat) (S b)) with (sumR (fun i => g (i + b)%nat) b + g (b + b)%nat).
  rewrite IH.
  change (sumR (fun r => (INR r + 1) * g r) (S b)) with (sumR (fun r => (INR r + 1) * g r) b + (INR b + 1) * g b).
  change (sumR (fun k => (INR (S b) - 1 - INR k) * g (S b + k)%nat) (S b))
    with (sumR (fun k => (INR (S b) - 1 - INR k) * g (S b + k)%nat) b + (INR (S b) - 1 - INR b) * g (S b + b)%nat).
  assert (C : sumR (fun i => g (i + b)%nat) b = sumR (fun j => g (b + j)%nat) b)
    by (apply sumR_ext; intros; f_equal; lia).
  set (G := fun k => (INR b + 1 - INR k) * g (b + k)%nat).
  assert (G1 : sumR G (S b) = sumR (fun k => (INR b - 1 - INR k) * g (b + k)%nat) b
                              + 2 * sumR (fun j => g (b + j)%nat) b + g (b + b)%nat).
  { change (sumR G (S b)) with (sumR G b + G b). unfold G.
    rewrite <- sumR_scal, <- sumR_plus.
    rewrite (sumR_ext (fun k => (INR b + 1 - INR k) * g (b + k)%nat)
               (fun i => (INR b - 1 - INR i) * g (b + i)%nat + 2 * g (b + i)%nat)) by (intros; ring).
    ring. }
  assert (G2 : sumR G (S b) = (INR b + 1) * g b + sumR (fun k => (INR (S b) - 1 - INR k) * g (S b + k)%nat) b).
  { rewrite sumR_shift. unfold G. cbv beta. change (INR 0) with 0. rewrite Nat.add_0_r. f_equal; [ring|].
    apply sumR_ext. intros k _. rewrite !S_INR. replace (b + S k)%nat with (S b + k)%nat by lia. ring. }
  assert (Z : INR (S b) - 1 - INR b = 0) by (rewrite S_INR; ring). rewrite C, Z. lra.
Qed.

Definition box (b : nat) (X : nat -> R) (t : nat) : R :=
  sumR (fun i => X (t - i)%nat) (Nat.min b (S t)) / INR (Nat.min b (S t)).

(** trsp.tribox.kernel (Eq. 3–4), the convolution identity, proved in trsp.tribox.kernel.fixed:
    for t ≥ 2b − 2, Box_b(Box_b(X))_t = Σ_{r=0}^{2b−2} h_b(r) X_{t−r}, for every b ≥ 1 and every X. *)
Theorem trsp_tribox_kernel_identity : forall b (X : nat -> R) t, (1 <= b)%nat -> (2 * b - 2 <= t)%nat ->
  box b (box b X) t = sumR (fun r => h b r * X (t - r)%nat) (2 * b - 1).
Proof.
  intros b X t Hb Ht. unfold box at 1.
  rewrite Nat.min_l by lia.
  assert (HB : 0 < INR b) by (apply lt_0_INR; lia).
  rewrite (sumR_ext (fun i => box b X (t - i)%nat)
             (fun i => / INR b * sumR (fun j => (fun m => X (t - m)%nat) (i + j)%nat) b)).
  2: { intros i Hi. unfold box. rewrite Nat.min_l by lia. unfold Rdiv. rewrite Rmult_comm. f_equal.
       apply sumR_ext. intros j _. f_equal. lia. }
  pose proof (conv_box_box (fun m => X (t - m)%nat) b) as CB. cbv beta in CB. rewrite sumR_scal, CB.
  destruct b as [|n]; [lia|].
  replace (2 * S n - 1)%nat with (S n + n)%nat by lia. rewrite sumR_split.
  change (sumR (fun k => (INR (S n) - 1 - INR k) * X (t - (S n + k))%nat) (S n))
    with (sumR (fun k => (INR (S n) - 1 - INR k) * X (t - (S n + k))%nat) n
          + (INR (S n) - 1 - INR n) * X (t - (S n + n))%nat).
  rewrite (sumR_ext (fun r => h (S n) r * X (t - r)%nat) (fun r => / INR (S n) ^ 2 * ((INR r + 1) * X (t - r)%nat))).
  2: { intros r Hr. unfold h. rewrite abs_lag by lia.
       replace (r - (S n - 1) + (S n - 1 - r))%nat with (n - r)%nat by lia.
       rewrite minus_INR by lia. rewrite S_INR. field. rewrite <- S_INR. lra. }
  rewrite (sumR_ext (fun k => h (S n) (S n + k) * X (t - (S n + k))%nat)
             (fun k => / INR (S n) ^ 2 * ((INR (S n) - 1 - INR k) * X (t - (S n + k))%nat))).
  2: { intros k Hk. unfold h. rewrite abs_lag by lia.
       replace (S n + k - (S n - 1) + (S n - 1 - (S n + k)))%nat with (S k)%nat by lia.
       rewrite S_INR, (S_INR k). field. rewrite <- S_INR. lra. }
  rewrite !sumR_scal. rewrite S_INR. field. rewrite <- S_INR. lra.
Qed.
