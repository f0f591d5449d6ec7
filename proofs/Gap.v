(** TRSP App. C.3.3, Eq. 10 and Eq. 11: the upper chain μ₂ ≤ μ₁ ≤ θ₁² Σ_{ℓ≤L} 4^ℓ ≤ (2π/T)² 4^{L+1}/3 ≤ 16π²/3
    (claim trsp.C6.mu2-upper) and the normalised gap γ = μ₂/r = Θ(1/log T) of the r-regular skeleton,
    r = 2(L+1) (claim trsp.C6.gap-rate).

    Modelling. As in Skeleton.v: μ_k is Eq. 9, [mu T k] = 2 Σ_{ℓ=0}^{L} (1 − cos(2^ℓ θ_k)), θ_k = 2πk/T,
    L = ⌊log₂T⌋ = [Nat.log2 T]; μ₁ is the mode k = 1, [mu T 1]. μ₂ = min_{k≠0} μ_k, so μ₂ ≤ μ₁ needs no proof
    (k = 1 is a mode when T ≥ 2) and a lower bound on μ₂ is a lower bound on every μ_k, 1 ≤ k ≤ T − 1. The
    normalised gap of mode k is γ_k = μ_k / (2(L+1)), so γ_tri = μ₂/r = min_k γ_k: the lower bound is
    stated for every γ_k, the upper bound for γ_1 ≥ γ_tri. The rate is stated twice: in L + 1 = ⌊log₂T⌋ + 1
    ([trsp_C6_gap_rate_log2]) and in the natural logarithm ([trsp_C6_gap_rate]). The standard library's
    [ln] depends on the excluded middle (Classical_Prop.classic), so ln T and ln 2 appear as reals lnT, ln2
    with exp lnT = T and exp ln2 = 2; [exp_log_exists_unique] proves that for every x ≥ 1 exactly one such
    real exists, so these hypotheses say lnT = ln T, ln2 = ln 2 and are never vacuous. The skeleton
    multigraph is the Cayley multigraph of ℤ_T = {0..T−1} with generators ±2^ℓ, ℓ = 0..L,
    one edge per (vertex, generator, sign), loops and parallel edges counted ([adj] counts the edges
    from t to s, as specproof.theory.cayley.cayley_adjacency does); its degree Σ_s adj(t, s) is
    r = 2(L+1) at every vertex. That μ_k are its Laplacian eigenvalues is
    trsp.C3.spectrum, not re-proved here. *)
Require Import Reals Lia Lra Arith.
Require Import SpecProof.Sums SpecProof.Bits SpecProof.Skeleton.
Open Scope R_scope.

Lemma sumR_mono : forall f g n, (forall i, (i < n)%nat -> f i <= g i) -> sumR f n <= sumR g n.
Proof.
  intros f g n; induction n as [|n IH]; intros H; simpl; [lra|].
  assert (f n <= g n) by (apply H; lia). assert (sumR f n <= sumR g n) by (apply IH; intros; apply H; lia). lra.
Qed.

(** |sin u| ≤ u on [0, 1], from the Taylor bracket u − u³/6 ≤ sin u ≤ u − u³/6 + u⁵/120. *)
Lemma sin_small : forall u, 0 <= u <= 1 -> - u <= sin u <= u.
Proof.
  intros u Hu. destruct (pre_sin_bound u 0 ltac:(lra) ltac:(lra)) as [A B].
  assert (E1 : sin_approx u (2 * 0 + 1) = u - u ^ 3 / 6) by (unfold sin_approx, sin_term; simpl; field).
  assert (E2 : sin_approx u (2 * (0 + 1)) = u - u ^ 3 / 6 + u ^ 5 / 120) by (unfold sin_approx, sin_term; simpl; field).
  rewrite E1 in A. rewrite E2 in B.
  assert (H3 : 0 <= u ^ 3) by (apply pow_le; lra).
  assert (H3' : u ^ 3 <= u) by (simpl; nra).
  assert (H5 : u ^ 5 <= u ^ 3).
  { assert (u * u <= 1) by nra. replace (u ^ 5) with (u ^ 3 * (u * u)) by ring. nra. }
  split; lra.
Qed.

(** |sin u| ≤ |u|, squared. *)
Lemma sin_sq_le : forall u, sin u ^ 2 <= u ^ 2.
Proof.
  assert (P : forall u, 0 <= u -> - u <= sin u <= u).
  { intros u Hu. destruct (Rle_lt_dec u 1) as [A|A].
    - apply sin_small. lra.
    - pose proof (SIN_bound u). lra. }
  intros u. destruct (Rle_lt_dec 0 u) as [A|A].
  - destruct (P u A). nra.
  - destruct (P (- u) ltac:(lra)). rewrite sin_neg in *. nra.
Qed.

(** 1 − cos x ≤ x²/2 for every real x: 1 − cos x = 2 sin²(x/2) and sin²(x/2) ≤ (x/2)². *)
Lemma one_minus_cos_le : forall x, 1 - cos x <= x ^ 2 / 2.
Proof.
  intros x. replace x with (2 * (x / 2)) at 1 by field. rewrite cos_2a_sin.
  pose proof (sin_sq_le (x / 2)). simpl in *. nra.
Qed.

(** Σ_{ℓ≤L} 4^ℓ = (4^{L+1} − 1)/3. *)
Lemma geom4 : forall n, sumR (fun l => 4 ^ l) n = (4 ^ n - 1) / 3.
Proof. induction n as [|n IH]; simpl; [lra|]. rewrite IH. field. Qed.

(** 2^L ≤ T as reals. *)
Lemma pow_log2_le : forall T, (1 <= T)%nat -> 2 ^ Nat.log2 T <= INR T.
Proof.
  intros T HT. destruct (Nat.log2_spec T ltac:(lia)) as [Hlo _].
  apply le_INR in Hlo. rewrite pow_INR in Hlo. simpl INR in Hlo. replace (1 + 1) with 2 in Hlo by ring. exact Hlo.
Qed.

(** T < 2^{L+1} as reals. *)
Lemma lt_pow_log2 : forall T, (1 <= T)%nat -> INR T < 2 ^ S (Nat.log2 T).
Proof.
  intros T HT. destruct (Nat.log2_spec T ltac:(lia)) as [_ Hup].
  apply lt_INR in Hup. rewrite pow_INR in Hup. simpl INR in Hup. replace (1 + 1) with 2 in Hup by ring. exact Hup.
Qed.

(** trsp.C6.mu2-upper (Eq. 10), step by step, for every T ≥ 2, with θ₁ = 2π/T:
    μ₁ ≤ θ₁² Σ_{ℓ≤L} 4^ℓ ≤ θ₁² 4^{L+1}/3 ≤ 16π²/3 (and μ₂ ≤ μ₁ since k = 1 is a mode). *)
Theorem trsp_C6_mu2_upper : forall T, (2 <= T)%nat ->
  mu T 1 <= (2 * PI / INR T) ^ 2 * sumR (fun l => 4 ^ l) (S (Nat.log2 T))
  /\ (2 * PI / INR T) ^ 2 * sumR (fun l => 4 ^ l) (S (Nat.log2 T)) <= (2 * PI / INR T) ^ 2 * 4 ^ (S (Nat.log2 T)) / 3
  /\ (2 * PI / INR T) ^ 2 * 4 ^ (S (Nat.log2 T)) / 3 <= 16 * PI ^ 2 / 3.
Proof.
  intros T HT.
  assert (HTR : 0 < INR T) by (apply lt_0_INR; lia).
  set (th := 2 * PI / INR T).
  assert (Hth : 2 * PI * INR 1 / INR T = th) by (unfold th; simpl INR; field; lra).
  split; [|split].
  - unfold mu. rewrite Hth. rewrite <- sumR_scal, <- sumR_scal. apply sumR_mono. intros l _.
    pose proof (one_minus_cos_le (2 ^ l * th)).
    assert (E : (2 ^ l * th) ^ 2 = th ^ 2 * 4 ^ l).
    { assert (F : 4 ^ l = 2 ^ l * 2 ^ l) by (rewrite <- Rpow_mult_distr; f_equal; ring). rewrite F. ring. }
    lra.
  - rewrite geom4. assert (0 <= th ^ 2) by apply pow2_ge_0. unfold Rdiv. nra.
  - assert (H2 : 2 ^ Nat.log2 T <= INR T) by (apply pow_log2_le; lia).
    assert (Hp : 0 < 2 ^ Nat.log2 T) by (apply pow_lt; lra).
    assert (E : 4 ^ S (Nat.log2 T) = 4 * (2 ^ Nat.log2 T) ^ 2).
    { assert (F : 4 ^ Nat.log2 T = 2 ^ Nat.log2 T * 2 ^ Nat.log2 T) by (rewrite <- Rpow_mult_distr; f_equal; ring).
      simpl. rewrite F. ring. }
    rewrite E. unfold th.
    replace ((2 * PI / INR T) ^ 2 * (4 * (2 ^ Nat.log2 T) ^ 2) / 3)
      with (16 * PI ^ 2 / 3 * ((2 ^ Nat.log2 T) ^ 2 / INR T ^ 2)) by (field; lra).
    assert (R : (2 ^ Nat.log2 T) ^ 2 / INR T ^ 2 <= 1).
    { apply (Rmult_le_reg_r (INR T ^ 2)); [nra|].
      replace ((2 ^ Nat.log2 T) ^ 2 / INR T ^ 2 * INR T ^ 2) with ((2 ^ Nat.log2 T) ^ 2) by (field; lra).
      nra. }
    assert (0 <= PI ^ 2) by apply pow2_ge_0.
    assert (0 <= (2 ^ Nat.log2 T) ^ 2 / INR T ^ 2) by (unfold Rdiv; apply Rmult_le_pos; [apply pow2_ge_0 | left; apply Rinv_0_lt_compat; nra]).
    nra.
Qed.

(** μ₁ ≤ 16π²/3 for every T ≥ 2 (the chain end to end). *)
Corollary mu1_le : forall T, (2 <= T)%nat -> mu T 1 <= 16 * PI ^ 2 / 3.
Proof. intros T HT. destruct (trsp_C6_mu2_upper T HT) as [A [B C]]. lra. Qed.

(** The natural logarithm without [ln]. The standard library's [ln] is built on an inverse of [exp] whose
    construction uses the excluded middle (Print Assumptions ln shows Classical_Prop.classic), so ln T and
    ln 2 enter the statements as reals y with exp y = T and exp l = 2. [exp_log_exists_unique] shows that
    for every x ≥ 1 exactly one such y exists, so these hypotheses name ln x and nothing else. *)
Lemma exp_ge_1_plus : forall x, 0 <= x -> 1 + x <= exp x.
Proof.
  intros x Hx. unfold exp. destruct (exist_exp x) as [l Hl]. simpl.
  assert (G : Un_growing (sum_f_R0 (fun i => / INR (fact i) * x ^ i))).
  { intros n. rewrite tech5. cbv beta.
    assert (0 <= / INR (fact (S n)) * x ^ S n).
    { apply Rmult_le_pos; [left; apply Rinv_0_lt_compat, lt_0_INR, lt_O_fact | apply pow_le; exact Hx]. }
    lra. }
  pose proof (growing_ineq _ l G Hl 1) as H.
  replace (sum_f_R0 (fun i => / INR (fact i) * x ^ i) 1) with (1 + x) in H by (simpl; field).
  exact H.
Qed.

Lemma exp_lt_mono : forall a b, a < b -> exp a < exp b.
Proof.
  intros a b H. replace b with (a + (b - a)) by ring. rewrite exp_plus.
  pose proof (exp_pos a). pose proof (exp_ge_1_plus (b - a) ltac:(lra)). nra.
Qed.

Lemma exp_le_reflect : forall a b, exp a <= exp b -> a <= b.
Proof.
  intros a b H. destruct (Rle_lt_dec a b) as [A|A]; [exact A|].
  apply exp_lt_mono in A. lra.
Qed.

Lemma exp_lt_reflect : forall a b, exp a < exp b -> a < b.
Proof.
  intros a b H. destruct (Rlt_le_dec a b) as [A|A]; [exact A|].
  destruct A as [A|A]; [apply exp_lt_mono in A; lra | subst; lra].
Qed.

Lemma exp_nat_mult : forall n a, exp (INR n * a) = exp a ^ n.
Proof.
  induction n as [|n IH]; intros a; [simpl; rewrite Rmult_0_l; apply exp_0|].
  rewrite S_INR. replace ((INR n + 1) * a) with (INR n * a + a) by ring. rewrite exp_plus, IH. simpl. ring.
Qed.

(** For every x ≥ 1 there is exactly one y (= ln x) with exp y = x. *)
Theorem exp_log_exists_unique : forall x, 1 <= x -> exists y, exp y = x /\ forall z, exp z = x -> z = y.
Proof.
  intros x Hx.
  assert (C : continuity (fun y => exp y - x)).
  { apply continuity_minus; [apply derivable_continuous, derivable_exp | apply continuity_const; intros ? ?; reflexivity]. }
  assert (S0 : (fun y => exp y - x) 0 * (fun y => exp y - x) x <= 0).
  { cbv beta. rewrite exp_0. pose proof (exp_ge_1_plus x ltac:(lra)). nra. }
  destruct (IVT_cor (fun y => exp y - x) 0 x C ltac:(lra) S0) as [y [_ Hy]].
  exists y. split; [cbv beta in Hy; lra|].
  intros z Hz. apply Rle_antisym; apply exp_le_reflect; cbv beta in Hy; lra.
Qed.

(** L ln 2 ≤ ln T < (L+1) ln 2, i.e. L = ⌊log₂T⌋, with ln T = y (exp y = T) and ln 2 = l (exp l = 2). *)
Lemma log_log2_bounds : forall T y l, (1 <= T)%nat -> exp y = INR T -> exp l = 2 ->
  INR (Nat.log2 T) * l <= y < INR (S (Nat.log2 T)) * l.
Proof.
  intros T y l HT Ey El.
  pose proof (pow_log2_le T HT). pose proof (lt_pow_log2 T HT).
  split.
  - apply exp_le_reflect. rewrite exp_nat_mult, El, Ey. assumption.
  - apply exp_lt_reflect. rewrite exp_nat_mult, El, Ey. assumption.
Qed.

Lemma log2_pos : forall l, exp l = 2 -> 0 < l.
Proof. intros l El. apply exp_lt_reflect. rewrite exp_0, El. lra. Qed.

Lemma logT_pos : forall T y, (2 <= T)%nat -> exp y = INR T -> 0 < y.
Proof.
  intros T y HT Ey. apply exp_lt_reflect. rewrite exp_0, Ey. apply (lt_INR 1). lia.
Qed.

(** trsp.C6.gap-rate (Eq. 11), with L = ⌊log₂T⌋: for every T ≥ 2, every mode has γ_k = μ_k/(2(L+1)) ≥ 2/(L+1),
    and γ_1 ≤ 8π²/(3(L+1)). *)
Theorem trsp_C6_gap_rate_log2 : forall T, (2 <= T)%nat ->
  (forall k, (1 <= k <= T - 1)%nat -> 2 / INR (S (Nat.log2 T)) <= mu T k / (2 * INR (S (Nat.log2 T))))
  /\ mu T 1 / (2 * INR (S (Nat.log2 T))) <= 8 * PI ^ 2 / (3 * INR (S (Nat.log2 T))).
Proof.
  intros T HT.
  assert (HL : 0 < INR (S (Nat.log2 T))) by (apply lt_0_INR; lia).
  split.
  - intros k Hk. pose proof (trsp_C6_mu2_lower_sharp T k HT Hk) as M.
    replace (2 / INR (S (Nat.log2 T))) with (4 / (2 * INR (S (Nat.log2 T)))) by (field; lra).
    unfold Rdiv. apply Rmult_le_compat_r; [left; apply Rinv_0_lt_compat; lra | exact M].
  - pose proof (mu1_le T HT) as M.
    replace (8 * PI ^ 2 / (3 * INR (S (Nat.log2 T)))) with (16 * PI ^ 2 / 3 / (2 * INR (S (Nat.log2 T)))) by (field; lra).
    unfold Rdiv. apply Rmult_le_compat_r; [left; apply Rinv_0_lt_compat; lra | exact M].
Qed.

(** trsp.C6.gap-rate (Eq. 11) in ln T: for every T ≥ 2, with lnT = ln T and ln2 = ln 2 (exp lnT = T,
    exp ln2 = 2), every mode has γ_k = μ_k/(2(L+1)) ≥ ln 2/ln T, and γ_1 ≤ 8π² ln 2/(3 ln T). *)
Theorem trsp_C6_gap_rate : forall T (lnT ln2 : R), (2 <= T)%nat -> exp lnT = INR T -> exp ln2 = 2 ->
  (forall k, (1 <= k <= T - 1)%nat -> ln2 / lnT <= mu T k / (2 * INR (S (Nat.log2 T))))
  /\ mu T 1 / (2 * INR (S (Nat.log2 T))) <= 8 * PI ^ 2 * ln2 / (3 * lnT).
Proof.
  intros T lnT ln2 HT ET E2.
  pose proof (log2_pos ln2 E2) as L2. pose proof (logT_pos T lnT HT ET) as LT.
  destruct (log_log2_bounds T lnT ln2 ltac:(lia) ET E2) as [B1 B2].
  assert (HL : (1 <= Nat.log2 T)%nat) by (apply Nat.log2_le_mono in HT; simpl in HT; exact HT).
  rewrite S_INR in *. set (L := INR (Nat.log2 T)) in *.
  assert (HL1 : 1 <= L) by (unfold L; apply (le_INR 1); exact HL).
  split.
  - intros k Hk. pose proof (trsp_C6_mu2_lower_sharp T k HT Hk) as M.
    (* ln 2/ln T ≤ 2/(L+1) ≤ μ_k/(2(L+1)), since (L+1) ln 2 ≤ 2 ln T *)
    apply (Rle_trans _ (4 / (2 * (L + 1)))).
    + apply (Rmult_le_reg_r (lnT * (2 * (L + 1)))); [nra|].
      replace (ln2 / lnT * (lnT * (2 * (L + 1)))) with (2 * (L + 1) * ln2) by (field; lra).
      replace (4 / (2 * (L + 1)) * (lnT * (2 * (L + 1)))) with (4 * lnT) by (field; lra).
      nra.
    + unfold Rdiv. apply Rmult_le_compat_r; [left; apply Rinv_0_lt_compat; lra | exact M].
  - pose proof (mu1_le T HT) as M.
    pose proof PI_RGT_0.
    apply (Rle_trans _ (16 * PI ^ 2 / 3 / (2 * (L + 1)))).
    + unfold Rdiv. apply Rmult_le_compat_r; [left; apply Rinv_0_lt_compat; lra | exact M].
    + apply (Rmult_le_reg_r (3 * lnT * (2 * (L + 1)))); [nra|].
      replace (16 * PI ^ 2 / 3 / (2 * (L + 1)) * (3 * lnT * (2 * (L + 1)))) with (16 * PI ^ 2 * lnT) by (field; lra).
      replace (8 * PI ^ 2 * ln2 / (3 * lnT) * (3 * lnT * (2 * (L + 1)))) with (16 * PI ^ 2 * ((L + 1) * ln2)) by (field; lra).
      assert (0 < PI ^ 2) by (apply pow_lt; lra). nra.
Qed.

(** trsp.C6.gap-rate, the lower bound with the sharper constant: γ_k ≥ 2 ln 2/ln(2T), ln(2T) = ln 2 + ln T,
    since (L+1) ln 2 ≤ ln(2T). *)
Theorem trsp_C6_gap_lower_sharp : forall T k (lnT ln2 : R), (2 <= T)%nat -> (1 <= k <= T - 1)%nat ->
  exp lnT = INR T -> exp ln2 = 2 ->
  2 * ln2 / (ln2 + lnT) <= mu T k / (2 * INR (S (Nat.log2 T))).
Proof.
  intros T k lnT ln2 HT Hk ET E2.
  pose proof (log2_pos ln2 E2) as L2. pose proof (logT_pos T lnT HT ET) as LT.
  destruct (log_log2_bounds T lnT ln2 ltac:(lia) ET E2) as [B1 B2].
  rewrite S_INR in *. set (L := INR (Nat.log2 T)) in *.
  assert (HL0 : 0 <= L) by (unfold L; apply pos_INR).
  pose proof (trsp_C6_mu2_lower_sharp T k HT Hk) as M.
  apply (Rle_trans _ (4 / (2 * (L + 1)))).
  - apply (Rmult_le_reg_r ((ln2 + lnT) * (2 * (L + 1)))); [nra|].
    replace (2 * ln2 / (ln2 + lnT) * ((ln2 + lnT) * (2 * (L + 1)))) with (4 * ((L + 1) * ln2)) by (field; lra).
    replace (4 / (2 * (L + 1)) * ((ln2 + lnT) * (2 * (L + 1)))) with (4 * (ln2 + lnT)) by (field; lra).
    lra.
  - unfold Rdiv. apply Rmult_le_compat_r; [left; apply Rinv_0_lt_compat; lra | exact M].
Qed.

(** trsp.C6.gap-rate as a Θ statement: there are constants c₁, c₂ > 0 with c₁/ln T ≤ γ_k for every mode
    and γ_1 ≤ c₂/ln T, for every T ≥ 2 and its logarithm lnT (exp lnT = T); c₁ = ln 2, c₂ = 8π² ln 2/3. *)
Theorem trsp_C6_gap_theta : exists c1 c2, 0 < c1 /\ 0 < c2 /\ forall T (lnT : R), (2 <= T)%nat -> exp lnT = INR T ->
  (forall k, (1 <= k <= T - 1)%nat -> c1 / lnT <= mu T k / (2 * INR (S (Nat.log2 T))))
  /\ mu T 1 / (2 * INR (S (Nat.log2 T))) <= c2 / lnT.
Proof.
  destruct (exp_log_exists_unique 2 ltac:(lra)) as [l2 [E2 _]].
  exists l2, (8 * PI ^ 2 * l2 / 3).
  pose proof (log2_pos l2 E2). pose proof PI_RGT_0.
  split; [lra|]. split; [assert (0 < PI ^ 2) by (apply pow_lt; lra); assert (0 < PI ^ 2 * l2) by (apply Rmult_lt_0_compat; lra); lra|].
  intros T lnT HT ET. destruct (trsp_C6_gap_rate T lnT l2 HT ET E2) as [A B]. split; [exact A|].
  pose proof (logT_pos T lnT HT ET).
  replace (8 * PI ^ 2 * l2 / 3 / lnT) with (8 * PI ^ 2 * l2 / (3 * lnT)) by (field; lra). exact B.
Qed.

(** [ind b] is 1 if b holds, 0 otherwise. *)
Definition ind (b : bool) : R := if b then 1 else 0.

(** The skeleton multigraph: the number of edges from t to s, one for each generator 2^ℓ (ℓ ≤ L) and
    sign with s = t + 2^ℓ mod T, resp. s = t − 2^ℓ mod T (written (t + (T − 2^ℓ mod T)) mod T in ℕ). *)
Definition adj (T t s : nat) : R :=
  sumR (fun l => ind (s =? (t + 2 ^ l) mod T)%nat + ind (s =? (t + (T - 2 ^ l mod T)) mod T)%nat)
       (S (Nat.log2 T)).

Lemma sum_indicator : forall x n, sumR (fun s => ind (s =? x)%nat) n = if (x <? n)%nat then 1 else 0.
Proof.
  intros x n. induction n as [|n IH]; simpl; [destruct x; reflexivity|].
  rewrite IH. unfold ind.
  destruct (Nat.eq_dec x n) as [->|Hne].
  - rewrite Nat.eqb_refl, Nat.ltb_irrefl. replace (n <? S n)%nat with true by (symmetry; apply Nat.ltb_lt; lia). ring.
  - replace (n =? x)%nat with false by (symmetry; apply Nat.eqb_neq; lia).
    destruct (x <? n)%nat eqn:E1; destruct (x <? S n)%nat eqn:E2;
      apply Nat.ltb_lt in E1 || apply Nat.ltb_ge in E1; apply Nat.ltb_lt in E2 || apply Nat.ltb_ge in E2;
      first [ring | lia].
Qed.

Lemma sumR_swap2 : forall (f : nat -> nat -> R) m n,
  sumR (fun i => sumR (fun j => f i j) m) n = sumR (fun j => sumR (fun i => f i j) n) m.
Proof.
  intros f m n; induction n as [|n IH]; simpl.
  - induction m as [|m IHm]; simpl; [reflexivity|]. rewrite <- IHm. lra.
  - rewrite IH. rewrite <- sumR_plus. apply sumR_ext. intros. reflexivity.
Qed.

Lemma sumR_const1 : forall c m, sumR (fun _ => c) m = INR m * c.
Proof. intros c m; induction m as [|m IH]; [simpl; ring|]. simpl sumR. rewrite IH, S_INR. ring. Qed.

(** trsp.C6.gap-rate, the degree: the skeleton multigraph is r-regular with r = 2(L+1): every vertex t of
    ℤ_T has Σ_s adj(t, s) = 2(L+1), for every T ≥ 2. *)
Theorem trsp_C6_degree : forall T t, (2 <= T)%nat -> (t < T)%nat ->
  sumR (fun s => adj T t s) T = 2 * INR (S (Nat.log2 T)).
Proof.
  intros T t HT Ht. unfold adj.
  rewrite sumR_swap2.
  rewrite (sumR_ext _ (fun _ => 2)).
  - rewrite sumR_const1. ring.
  - intros l _. rewrite sumR_plus, !sum_indicator.
    replace ((t + 2 ^ l) mod T <? T)%nat with true by (symmetry; apply Nat.ltb_lt, Nat.mod_upper_bound; lia).
    replace ((t + (T - 2 ^ l mod T)) mod T <? T)%nat with true by (symmetry; apply Nat.ltb_lt, Nat.mod_upper_bound; lia).
    ring.
Qed.
