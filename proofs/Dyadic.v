(** SDEG App. D.2, Thm 7: the dyadic block inequality (claim sdeg.c.dyadic-blocks),
    (Σ_{i∈I_r} i^{−2})^{1/2} |I_{r−d}|^{1/2} ≤ 2^{−d/2} for 0 ≤ d ≤ r, squared and in the square-root form.

    Modelling. The block I_r = {i : 2^r ≤ i < 2^{r+1}} ∩ [1, n] is indexed by j = i − 2^r, 0 ≤ j < 2^r, with
    i ≤ n as the only truncation (i ≥ 2^r ≥ 1 already). [block_sum n r] = Σ_{i∈I_r} i^{−2} sums
    1/(2^r + j)² over those j with 2^r + j ≤ n; [block_size n r] = |I_r| = min(2^r, n + 1 − 2^r) (ℕ's
    truncated subtraction, 0 when 2^r > n), and [block_size_count] shows it is the number of such j.
    Everything is stated for every n, r and d ≤ r, so empty and truncated blocks are included. *)
Require Import Reals Lia Lra Arith.
Require Import SpecProof.Sums.
Open Scope R_scope.

Definition block_sum (n r : nat) : R :=
  sumR (fun j => if (2 ^ r + j <=? n)%nat then / INR (2 ^ r + j) ^ 2 else 0) (2 ^ r).

Definition block_size (n r : nat) : nat := Nat.min (2 ^ r) (n + 1 - 2 ^ r).

Lemma count_prefix : forall P n m,
  sumR (fun j => if (P + j <=? n)%nat then 1 else 0) m = INR (Nat.min m (n + 1 - P)).
Proof.
  intros P n m. induction m as [|m IH]; [simpl; reflexivity|].
  simpl sumR. rewrite IH.
  destruct (Nat.leb_spec (P + m) n) as [A|A].
  - replace (Nat.min (S m) (n + 1 - P)) with (S (Nat.min m (n + 1 - P))) by lia. rewrite S_INR. ring.
  - replace (Nat.min (S m) (n + 1 - P)) with (Nat.min m (n + 1 - P)) by lia. ring.
Qed.

(** |I_r| is the number of i = 2^r + j, j < 2^r, with i ≤ n. *)
Lemma block_size_count : forall n r,
  INR (block_size n r) = sumR (fun j => if (2 ^ r + j <=? n)%nat then 1 else 0) (2 ^ r).
Proof. intros n r. unfold block_size. rewrite count_prefix. reflexivity. Qed.

Lemma sumR_le_d : forall f g n, (forall i, (i < n)%nat -> f i <= g i) -> sumR f n <= sumR g n.
Proof.
  intros f g n; induction n as [|n IH]; intros H; simpl; [lra|].
  assert (f n <= g n) by (apply H; lia). assert (sumR f n <= sumR g n) by (apply IH; intros; apply H; lia). lra.
Qed.

Lemma sumR_const_d : forall c m, sumR (fun _ => c) m = INR m * c.
Proof. intros c m; induction m as [|m IH]; [simpl; ring|]. simpl sumR. rewrite IH, S_INR. ring. Qed.

Lemma INR_pow2 : forall r, INR (2 ^ r) = 2 ^ r.
Proof. intros r. rewrite pow_INR. simpl INR. replace (1 + 1) with 2 by ring. reflexivity. Qed.

Lemma pow2_pos_nat : forall r, (0 < 2 ^ r)%nat.
Proof. intros r. pose proof (Nat.pow_nonzero 2 r ltac:(lia)). lia. Qed.

Lemma block_sum_nonneg : forall n r, 0 <= block_sum n r.
Proof.
  intros n r. unfold block_sum. apply sumR_nonneg. intros j _.
  destruct (2 ^ r + j <=? n)%nat; [|lra].
  assert (0 < INR (2 ^ r + j)) by (apply lt_0_INR; pose proof (pow2_pos_nat r); lia).
  left. apply Rinv_0_lt_compat. apply pow_lt. lra.
Qed.

(** Σ_{i∈I_r} i^{−2} ≤ |I_r| · 4^{−r} ≤ 2^{−r}: every term is at most (2^r)^{−2}. *)
Lemma block_sum_le : forall n r, block_sum n r <= / 2 ^ r.
Proof.
  intros n r. unfold block_sum.
  assert (Hp : 0 < 2 ^ r) by (apply pow_lt; lra).
  apply (Rle_trans _ (sumR (fun _ => / (2 ^ r) ^ 2) (2 ^ r))).
  - apply sumR_le_d. intros j _.
    assert (0 < / (2 ^ r) ^ 2) by (apply Rinv_0_lt_compat; nra).
    destruct (2 ^ r + j <=? n)%nat; [|lra].
    apply Rinv_le_contravar; [nra|]. apply pow_incr. split; [lra|].
    rewrite plus_INR, INR_pow2. pose proof (pos_INR j). lra.
  - rewrite sumR_const_d, INR_pow2. right. field. lra.
Qed.

Lemma block_size_le : forall n r, INR (block_size n r) <= 2 ^ r.
Proof. intros n r. rewrite <- INR_pow2. apply le_INR. unfold block_size. lia. Qed.

(** sdeg.c.dyadic-blocks, squared: (Σ_{i∈I_r} i^{−2}) · |I_{r−d}| ≤ 2^{−d}, for every n, r and 0 ≤ d ≤ r. *)
Theorem sdeg_c_dyadic_blocks : forall n r d, (d <= r)%nat ->
  block_sum n r * INR (block_size n (r - d)) <= / 2 ^ d.
Proof.
  intros n r d Hd.
  pose proof (block_sum_le n r) as A. pose proof (block_size_le n (r - d)) as B.
  pose proof (block_sum_nonneg n r) as C. pose proof (pos_INR (block_size n (r - d))) as D.
  assert (Hpd : 0 < 2 ^ d) by (apply pow_lt; lra).
  assert (Hprd : 0 < 2 ^ (r - d)) by (apply pow_lt; lra).
  assert (E : 2 ^ r = 2 ^ (r - d) * 2 ^ d) by (rewrite <- pow_add; f_equal; lia).
  apply (Rle_trans _ (/ 2 ^ r * 2 ^ (r - d))).
  - apply Rmult_le_compat; assumption.
  - rewrite E. right. field. lra.
Qed.

(** sdeg.c.dyadic-blocks, as the paper writes it: (Σ_{i∈I_r} i^{−2})^{1/2} · |I_{r−d}|^{1/2} ≤ 2^{−d/2}
    (2^{−d/2} = 1/√(2^d)), for every n, r and 0 ≤ d ≤ r. *)
Theorem sdeg_c_dyadic_blocks_sqrt : forall n r d, (d <= r)%nat ->
  sqrt (block_sum n r) * sqrt (INR (block_size n (r - d))) <= / sqrt (2 ^ d).
Proof.
  intros n r d Hd. rewrite <- sqrt_mult by (apply block_sum_nonneg || apply pos_INR).
  rewrite <- sqrt_inv. apply sqrt_le_1_alt. apply sdeg_c_dyadic_blocks. exact Hd.
Qed.
