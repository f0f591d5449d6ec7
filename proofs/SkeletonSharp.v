(** TRSP App. C.3.2, Thm C.6, sharpened: the strict bound μ₂ > 4 at odd T (claim
    trsp.C6.mu2-lower.sharp, its "equality iff T is even" half, with Skeleton.v's μ_{T/2} = 4 at even T)
    and the second sentence of trsp.C6.bit-lemma.sharp: the last generator 2^L is never needed, some
    ℓ ≤ L − 1 already has 4 sin²(π r_ℓ/T) ≥ 2, and the skeleton without 2^L still has μ₂ ≥ 2.

    Modelling. As in Skeleton.v: μ_k is Eq. 9, [mu T k] = 2 Σ_{ℓ=0}^{L} (1 − cos(2^ℓ θ_k)), θ_k = 2πk/T,
    L = ⌊log₂T⌋ = [Nat.log2 T], and r_ℓ = 2^ℓ k mod T is Bits.v's [residue T k l]. μ₂ = min_{k≠0} μ_k, so
    "μ₂ > 4" is "μ_k > 4 for every mode 1 ≤ k ≤ T − 1" (finitely many modes, so the minimum is > 4 too).
    The skeleton without its last generator is the same sum over ℓ = 0..L − 1 only ([mu_trunc]); its
    "μ₂ ≥ 2" is again "μ_k ≥ 2 for every mode". That these sums are the Laplacian eigenvalues of the
    Cayley multigraph is trsp.C3.spectrum, not re-proved here. *)
Require Import Reals Lia Lra Arith.
Require Import SpecProof.Sums SpecProof.Bits SpecProof.Skeleton.
Open Scope R_scope.

(** The skeleton without its last generator 2^L: generators ℓ = 0..L − 1. *)
Definition mu_trunc (T k : nat) : R :=
  2 * sumR (fun l => 1 - cos (2 ^ l * (2 * PI * INR k / INR T))) (Nat.log2 T).

Lemma odd_nat : forall T, Nat.odd T = true -> exists m, T = (2 * m + 1)%nat.
Proof. intros T H. apply Nat.odd_spec in H. destruct H as [m Hm]. exists m. lia. Qed.

(** On the open band x = r/T ∈ (1/6, 5/6): cos 2πx < 1/2. *)
Lemma cos_sixth_band_strict : forall T r, (0 < T)%nat -> (T < 6 * r < 5 * T)%nat ->
  cos (2 * PI * INR r / INR T) < 1 / 2.
Proof.
  intros T r HT [H1 H2].
  assert (HTR : 0 < INR T) by (apply lt_0_INR; lia).
  apply lt_INR in H1. apply lt_INR in H2. rewrite (mult_INR 6 r) in H1. rewrite (mult_INR 6 r), (mult_INR 5 T) in H2. simpl INR in H1, H2.
  pose proof PI_RGT_0.
  set (x := INR r / INR T).
  assert (Hx : INR r = x * INR T) by (unfold x; field; lra).
  replace (2 * PI * INR r / INR T) with (2 * PI * x) by (unfold x; field; lra).
  assert (Hx1 : 1 / 6 < x) by (rewrite Hx in H1; nra).
  assert (Hx2 : x < 5 / 6) by (rewrite Hx in H2; nra).
  set (y := 2 * PI * x).
  assert (Hy1 : PI / 3 < y) by (unfold y; nra). assert (Hy2 : y < 5 * PI / 3) by (unfold y; nra).
  rewrite <- cos_PI3.
  pose proof (form2 y (PI / 3)) as F.
  assert (0 < sin ((y - PI / 3) / 2)) by (apply sin_gt_0; lra).
  assert (0 < sin ((y + PI / 3) / 2)) by (apply sin_gt_0; lra).
  nra.
Qed.

(** cos 2πr/T > −1 for 0 ≤ r < T unless 2r = T. *)
Lemma cos_not_minus_one : forall T r, (0 < T)%nat -> (r < T)%nat -> (2 * r <> T)%nat ->
  -1 < cos (2 * PI * INR r / INR T).
Proof.
  intros T r HT Hr Hne.
  assert (HTR : 0 < INR T) by (apply lt_0_INR; lia).
  pose proof PI_RGT_0.
  set (x := INR r / INR T).
  assert (Hx : INR r = x * INR T) by (unfold x; field; lra).
  replace (2 * PI * INR r / INR T) with (2 * PI * x) by (unfold x; field; lra).
  assert (Hx0 : 0 <= x) by (unfold x; apply Rmult_le_pos; [apply pos_INR | left; apply Rinv_0_lt_compat; lra]).
  assert (Hx1 : x < 1) by (apply lt_INR in Hr; rewrite Hx in Hr; nra).
  rewrite <- cos_PI.
  destruct (Nat.lt_ge_cases (2 * r) T) as [A|A].
  - apply lt_INR in A. rewrite mult_INR in A. simpl INR in A.
    assert (x < 1 / 2) by (rewrite Hx in A; nra).
    apply cos_decreasing_1; nra.
  - assert (A' : (T < 2 * r)%nat) by lia. apply lt_INR in A'. rewrite mult_INR in A'. simpl INR in A'.
    assert (1 / 2 < x) by (rewrite Hx in A'; nra).
    replace (2 * PI * x) with (- (2 * PI * (1 - x)) + 2 * INR 1 * PI) by (simpl INR; ring).
    rewrite cos_period, cos_neg.
    apply cos_decreasing_1; nra.
Qed.

(** trsp.C6.mu2-lower.sharp, the strict half: at every odd T ≥ 2 (so T ≥ 3), μ_k > 4 for every mode
    1 ≤ k ≤ T − 1, hence μ₂ > 4; with Skeleton.v's μ_{T/2} = 4 at even T, μ₂ = 4 iff T is even. *)
Theorem trsp_C6_mu2_odd_strict : forall T k, (2 <= T)%nat -> Nat.odd T = true ->
  (1 <= k <= T - 1)%nat -> 4 < mu T k.
Proof.
  intros T k HT Hodd Hk. destruct (odd_nat T Hodd) as [m Hm].
  destruct (band_witness (fun r => T <= 6 * r <= 5 * T)%nat 6 T k HT ltac:(lia) Hk) as [l [Hl B]].
  - intros r. lia.
  - intros r Hr B. unfold dist0. lia.
  - unfold mu.
    set (phi := 2 ^ l * (2 * PI * INR k / INR T)).
    assert (Hlt : (residue T k l < T)%nat) by (apply residue_lt; lia).
    assert (Hc : cos phi < 1 / 2).
    { unfold phi. rewrite cos_residue by lia. apply cos_sixth_band_strict; [lia|]. lia. }
    assert (Hc' : -1 < cos phi).
    { unfold phi. rewrite cos_residue by lia. apply cos_not_minus_one; lia. }
    assert (Hnext : cos (2 ^ S l * (2 * PI * INR k / INR T)) = 2 * cos phi * cos phi - 1).
    { rewrite <- cos_2a_cos. f_equal. unfold phi. simpl. ring. }
    assert (HL : (1 <= Nat.log2 T)%nat) by (apply Nat.log2_le_mono in HT; simpl in HT; exact HT).
    pose proof (sumR_ge_two_terms (fun l => 1 - cos (2 ^ l * (2 * PI * INR k / INR T))) (S (Nat.log2 T)) l
                  (terms_nonneg T k _) ltac:(lia)) as G.
    cbv beta in G. fold phi in G. rewrite Hnext in G.
    assert (P : 0 < (1 - 2 * cos phi) * (1 + cos phi)) by (apply Rmult_lt_0_compat; lra).
    nra.
Qed.

(** 4 sin²(x/2) = 2(1 − cos x). *)
Lemma four_sin_sq : forall x, 4 * sin (x / 2) ^ 2 = 2 * (1 - cos x).
Proof.
  intros x. replace x with (2 * (x / 2)) at 2 by field. rewrite cos_2a_sin. ring.
Qed.

(** trsp.C6.bit-lemma.sharp, second sentence (first half): for every T ≥ 2 and mode 1 ≤ k ≤ T − 1 some
    generator 2^ℓ with ℓ ≤ L − 1 has 4 sin²(π r_ℓ/T) ≥ 2. *)
Theorem trsp_C6_bit_lemma_sharp_generator : forall T k, (2 <= T)%nat -> (1 <= k <= T - 1)%nat ->
  exists l, (l <= Nat.log2 T - 1)%nat /\ 2 <= 4 * sin (PI * INR (residue T k l) / INR T) ^ 2.
Proof.
  intros T k HT Hk.
  destruct (band_witness (fun r => T <= 4 * r <= 3 * T)%nat 4 T k HT ltac:(lia) Hk) as [l [Hl B]].
  - intros r. lia.
  - intros r Hr B. unfold dist0. lia.
  - exists l. split; [exact Hl|].
    pose proof (cos_quarter_band T (residue T k l) ltac:(lia) B) as C.
    replace (PI * INR (residue T k l) / INR T) with ((2 * PI * INR (residue T k l) / INR T) / 2)
      by (field; apply not_0_INR; lia).
    rewrite four_sin_sq. lra.
Qed.

(** trsp.C6.bit-lemma.sharp, second sentence (second half): the skeleton without its last generator 2^L
    still has μ₂ ≥ 2, i.e. 2 Σ_{ℓ=0}^{L−1} (1 − cos(2^ℓ θ_k)) ≥ 2 for every T ≥ 2 and mode 1 ≤ k ≤ T − 1. *)
Theorem trsp_C6_mu2_without_last_generator : forall T k, (2 <= T)%nat -> (1 <= k <= T - 1)%nat ->
  2 <= mu_trunc T k.
Proof.
  intros T k HT Hk.
  destruct (band_witness (fun r => T <= 4 * r <= 3 * T)%nat 4 T k HT ltac:(lia) Hk) as [l [Hl B]].
  - intros r. lia.
  - intros r Hr B. unfold dist0. lia.
  - unfold mu_trunc.
    assert (HL : (1 <= Nat.log2 T)%nat) by (apply Nat.log2_le_mono in HT; simpl in HT; exact HT).
    assert (Hterm : 1 <= 1 - cos (2 ^ l * (2 * PI * INR k / INR T))).
    { rewrite cos_residue by lia. pose proof (cos_quarter_band T (residue T k l) ltac:(lia) B). lra. }
    pose proof (sumR_ge_term (fun l => 1 - cos (2 ^ l * (2 * PI * INR k / INR T))) (Nat.log2 T) l
                  (terms_nonneg T k _) ltac:(lia)) as G.
    cbv beta in G. lra.
Qed.

(** The whole of trsp.C6.bit-lemma.sharp in one proposition: the digit change at some ℓ ≤ L − 1 (Bits.v),
    the generator with 4 sin²(π r_ℓ/T) ≥ 2, and μ₂ ≥ 2 without the last generator. *)
Theorem trsp_C6_bit_lemma_sharp : forall T k, (2 <= T)%nat -> (1 <= k <= T - 1)%nat ->
  (exists l, (l <= Nat.log2 T - 1)%nat /\ digit T k (S l) <> digit T k (S (S l)))
  /\ (exists l, (l <= Nat.log2 T - 1)%nat /\ 2 <= 4 * sin (PI * INR (residue T k l) / INR T) ^ 2)
  /\ 2 <= mu_trunc T k.
Proof.
  intros T k HT Hk. split; [apply bit_lemma_iii_sharp; assumption|].
  split; [apply trsp_C6_bit_lemma_sharp_generator | apply trsp_C6_mu2_without_last_generator]; assumption.
Qed.

(** trsp.C6.mu2-lower.sharp in full: μ_k ≥ 4 for every T ≥ 2 and mode, strictly at odd T, and
    μ_{T/2} = 4 at every even T = 2n. *)
Theorem trsp_C6_mu2_lower_sharp_full :
  (forall T k, (2 <= T)%nat -> (1 <= k <= T - 1)%nat -> 4 <= mu T k)
  /\ (forall T k, (2 <= T)%nat -> Nat.odd T = true -> (1 <= k <= T - 1)%nat -> 4 < mu T k)
  /\ (forall n, (1 <= n)%nat -> mu (2 * n) n = 4).
Proof.
  split; [exact trsp_C6_mu2_lower_sharp|].
  split; [exact trsp_C6_mu2_odd_strict | exact trsp_C6_mu2_even_attains_four].
Qed.

