(** TRSP App. C.3.2, Thm C.6: μ₂ ≥ 2 for the skeleton of Eq. 9 (claim trsp.C6.mu2-lower) and the
    sharper μ₂ ≥ 4, attained at even T (claim trsp.C6.mu2-lower.sharp).

    Modelling. μ_k is Eq. 9 as the catalogue states it (trsp.C3.spectrum, the multigraph reading):
    μ_k = 2 Σ_{ℓ=0}^{L} (1 − cos(2^ℓ θ_k)), θ_k = 2πk/T, L = ⌊log₂T⌋. μ₂ = min_{k≠0} μ_k, so
    "μ₂ ≥ c" is stated as "μ_k ≥ c for every mode 1 ≤ k ≤ T − 1". That these μ_k are the Laplacian's
    eigenvalues is trsp.C3.spectrum, not re-proved here. *)
Require Import Reals Lia Lra Arith.
Require Import SpecProof.Sums SpecProof.Bits.
Open Scope R_scope.

Definition mu (T k : nat) : R :=
  2 * sumR (fun l => 1 - cos (2 ^ l * (2 * PI * INR k / INR T))) (S (Nat.log2 T)).

(** The ℓ-th generator sees the mode through its residue: cos(2^ℓ θ_k) = cos(2π r_ℓ/T). *)
Lemma cos_residue : forall T k l, (0 < T)%nat ->
  cos (2 ^ l * (2 * PI * INR k / INR T)) = cos (2 * PI * INR (residue T k l) / INR T).
Proof.
  intros T k l HT. unfold residue.
  assert (HTR : 0 < INR T) by (apply lt_0_INR; lia).
  pose proof (Nat.div_mod_eq (2 ^ l * k) T) as Hdm.
  set (q := (2 ^ l * k / T)%nat) in *. set (r := ((2 ^ l * k) mod T)%nat) in *.
  assert (E1 : INR (2 ^ l * k)%nat = 2 ^ l * INR k)
    by (rewrite mult_INR, pow_INR; simpl INR; replace (1 + 1) with 2 by lra; reflexivity).
  assert (E : 2 ^ l * INR k = INR T * INR q + INR r)
    by (rewrite <- E1, Hdm, plus_INR, mult_INR; reflexivity).
  rewrite <- (cos_period (2 * PI * INR r / INR T) q). f_equal.
  apply (Rmult_eq_reg_r (INR T)); [|lra].
  replace (2 ^ l * (2 * PI * INR k / INR T) * INR T) with (2 * PI * (2 ^ l * INR k)) by (field; lra).
  rewrite E. field. lra.
Qed.

Lemma band_ratio : forall T r (p q : R), (0 < T)%nat -> 0 < p -> 0 < q ->
  p * INR T <= q * INR r -> INR r / INR T >= p / q.
Proof.
  intros T r p q HT Hp Hq H. assert (0 < INR T) by (apply lt_0_INR; lia).
  apply Rle_ge. apply (Rmult_le_reg_r (q * INR T)); [nra|].
  replace (p / q * (q * INR T)) with (p * INR T) by (field; lra).
  replace (INR r / INR T * (q * INR T)) with (q * INR r) by (field; lra). exact H.
Qed.

Lemma band_ratio_up : forall T r (p q : R), (0 < T)%nat -> 0 < p -> 0 < q ->
  q * INR r <= p * INR T -> INR r / INR T <= p / q.
Proof.
  intros T r p q HT Hp Hq H. assert (0 < INR T) by (apply lt_0_INR; lia).
  apply (Rmult_le_reg_r (q * INR T)); [nra|].
  replace (p / q * (q * INR T)) with (p * INR T) by (field; lra).
  replace (INR r / INR T * (q * INR T)) with (q * INR r) by (field; lra). exact H.
Qed.

Lemma nat_band_R : forall T r a b, (a * T <= b * r)%nat -> INR a * INR T <= INR b * INR r.
Proof. intros T r a b H. rewrite <- !mult_INR. apply le_INR. exact H. Qed.

(** The cosine bound: 4 sin²(πx) = 2(1 − cos 2πx) ≥ 2 on x = r/T ∈ [1/4, 3/4]. *)
Lemma cos_quarter_band : forall T r, (0 < T)%nat -> (T <= 4 * r <= 3 * T)%nat ->
  cos (2 * PI * INR r / INR T) <= 0.
Proof.
  intros T r HT [H1 H2].
  pose proof (band_ratio T r 1 4 HT ltac:(lra) ltac:(lra) ltac:(pose proof (nat_band_R T r 1 4 ltac:(lia)); simpl in *; lra)).
  pose proof (band_ratio_up T r 3 4 HT ltac:(lra) ltac:(lra) ltac:(pose proof (nat_band_R r T 4 3 ltac:(lia)); simpl in *; lra)).
  pose proof PI_RGT_0.
  replace (2 * PI * INR r / INR T) with (2 * PI * (INR r / INR T)) by (field; apply not_0_INR; lia).
  apply cos_le_0; nra.
Qed.

(** On x = r/T ∈ [1/6, 5/6]: cos 2πx ≤ 1/2. *)
Lemma cos_sixth_band : forall T r, (0 < T)%nat -> (T <= 6 * r <= 5 * T)%nat ->
  cos (2 * PI * INR r / INR T) <= 1 / 2.
Proof.
  intros T r HT [H1 H2].
  pose proof (band_ratio T r 1 6 HT ltac:(lra) ltac:(lra) ltac:(pose proof (nat_band_R T r 1 6 ltac:(lia)); simpl in *; lra)).
  pose proof (band_ratio_up T r 5 6 HT ltac:(lra) ltac:(lra) ltac:(pose proof (nat_band_R r T 6 5 ltac:(lia)); simpl in *; lra)).
  pose proof PI_RGT_0.
  replace (2 * PI * INR r / INR T) with (2 * PI * (INR r / INR T)) by (field; apply not_0_INR; lia).
  set (y := 2 * PI * (INR r / INR T)).
  assert (Hy1 : PI / 3 <= y) by (unfold y; nra). assert (Hy2 : y <= 5 * PI / 3) by (unfold y; nra).
  rewrite <- cos_PI3.
  pose proof (form2 y (PI / 3)) as F.
  assert (0 <= sin ((y - PI / 3) / 2)) by (apply sin_ge_0; lra).
  assert (0 <= sin ((y + PI / 3) / 2)) by (apply sin_ge_0; lra).
  nra.
Qed.

Lemma terms_nonneg : forall T k n, forall i, (i < n)%nat -> 0 <= 1 - cos (2 ^ i * (2 * PI * INR k / INR T)).
Proof. intros. pose proof (COS_bound (2 ^ i * (2 * PI * INR k / INR T))). lra. Qed.

(** trsp.C6.mu2-lower: for every T ≥ 2, μ₂ ≥ 2. *)
Theorem trsp_C6_mu2_lower : forall T k, (2 <= T)%nat -> (1 <= k <= T - 1)%nat -> 2 <= mu T k.
Proof.
  intros T k HT Hk.
  destruct (band_witness (fun r => T <= 4 * r <= 3 * T)%nat 4 T k HT ltac:(lia) Hk) as [l [Hl B]].
  - intros r. lia.
  - intros r Hr B. unfold dist0. lia.
  - unfold mu.
    assert (Hterm : 1 <= 1 - cos (2 ^ l * (2 * PI * INR k / INR T))).
    { rewrite cos_residue by lia. pose proof (cos_quarter_band T (residue T k l) ltac:(lia) B). lra. }
    pose proof (sumR_ge_term (fun l => 1 - cos (2 ^ l * (2 * PI * INR k / INR T))) (S (Nat.log2 T)) l
                  (terms_nonneg T k _) ltac:(lia)) as G.
    cbv beta in G. lra.
Qed.

(** trsp.C6.mu2-lower.sharp, the bound: for every T ≥ 2, μ₂ ≥ 4. Two consecutive generators carry
    weight ≥ 2 once the first has cos φ ≤ 1/2: (1 − c) + (1 − cos 2φ) − 2 = (1 − 2c)(1 + c). *)
Theorem trsp_C6_mu2_lower_sharp : forall T k, (2 <= T)%nat -> (1 <= k <= T - 1)%nat -> 4 <= mu T k.
Proof.
  intros T k HT Hk.
  destruct (band_witness (fun r => T <= 6 * r <= 5 * T)%nat 6 T k HT ltac:(lia) Hk) as [l [Hl B]].
  - intros r. lia.
  - intros r Hr B. unfold dist0. lia.
  - unfold mu.
    set (phi := 2 ^ l * (2 * PI * INR k / INR T)).
    assert (Hc : cos phi <= 1 / 2).
    { unfold phi. rewrite cos_residue by lia. apply cos_sixth_band; [lia | exact B]. }
    assert (Hnext : cos (2 ^ S l * (2 * PI * INR k / INR T)) = 2 * cos phi * cos phi - 1).
    { rewrite <- cos_2a_cos. f_equal. unfold phi. simpl. ring. }
    assert (HL : (1 <= Nat.log2 T)%nat) by (apply Nat.log2_le_mono in HT; simpl in HT; exact HT).
    pose proof (sumR_ge_two_terms (fun l => 1 - cos (2 ^ l * (2 * PI * INR k / INR T))) (S (Nat.log2 T)) l
                  (terms_nonneg T k _) ltac:(lia)) as G.
    cbv beta in G. fold phi in G. rewrite Hnext in G.
    pose proof (COS_bound phi). nra.
Qed.

(** trsp.C6.mu2-lower.sharp, equality at even T: μ_{T/2} = 4 for T = 2n. *)
Theorem trsp_C6_mu2_even_attains_four : forall n, (1 <= n)%nat -> mu (2 * n) n = 4.
Proof.
  intros n Hn. unfold mu.
  assert (HL : (1 <= Nat.log2 (2 * n))%nat)
    by (apply (Nat.log2_le_mono 2 (2 * n)); lia).
  destruct (Nat.log2 (2 * n)) as [|L] eqn:EL; [lia|].
  assert (Hth : 2 * PI * INR n / INR (2 * n) = PI)
    by (rewrite mult_INR; simpl INR; field; apply not_0_INR; lia).
  rewrite Hth, sumR_shift. simpl pow. rewrite Rmult_1_l, cos_PI.
  rewrite (sumR_ext _ (fun _ => 0 * 0)).
  - rewrite sumR_scal. lra.
  - intros i _.
    assert (E : INR (2 ^ i)%nat = 2 ^ i) by (rewrite pow_INR; simpl INR; f_equal; ring).
    replace (2 * 2 ^ i * PI) with (0 + 2 * INR (2 ^ i)%nat * PI) by (rewrite E; ring).
    rewrite cos_period, cos_0. ring.
Qed.
