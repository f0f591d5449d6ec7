(** SDEG App. C.4 and D.2 (claims sdeg.c.representation, sdeg.c.row-norms) and App. C.3, Thm 3
    (claim sdeg.c.eigen-harmonic): the Cesàro representation of causal attention, its squared row norms, and
    the harmonic window of its eigenvalues, for every ℓ.

    Modelling. A_c is Causal.v's causal_attention a: rows and columns are 0-based ordinals i : 'I_ℓ (the
    paper's token i + 1), so the paper's a_i + i − 1 is a i + i%:R and its 1/i is (i.+1%:R)^-1. The Cesàro
    matrix H_ℓ is cesaro_mx, (H_ℓ)_ij = 1/(i+1) for j ≤ i and 0 above; θ_i = (a_i − 1)/(a_i + i),
    diag(θ) = diag_mx θ, D_ii = (i+1)/(a_i + i), C_ii = (a_i − 1)/(a_i + i). The representation and the
    row-norm identities hold over any field F where a_i + i ≠ 0 and i + 1 ≠ 0 (ℝ with a_i = e^{s_i} > 0); the
    inequalities are over a real field R. The row norm is ρ_i = Σ_j (A_c)_ij² (a sum over all ℓ columns).
    The eigenvalues are MathComp's eigenvalue (a nonzero v with vA = λv), which Causal.v's sdeg_c_eigen
    identifies with the diagonal entries a_i/(a_i + i). Left to prose: the example a_i = √ℓ of the claim
    (λ_ℓ = √ℓ/(√ℓ + ℓ − 1) ≍ ℓ^{−1/2}, a limit), and the sharpness of (C − 1)² (the limit
    i²(ρ_i − 1/i) → (a_i − 1)²); neither is formalised. *)
From mathcomp Require Import all_ssreflect all_algebra.
From mathcomp Require Import ring.
Require Import SpecProof.Causal.
Set Implicit Arguments.
Unset Strict Implicit.
Unset Printing Implicit Defensive.
Import GRing.Theory Num.Theory Order.TTheory.
Local Open Scope ring_scope.

Section Representation.
Variable F : fieldType.

(** The Cesàro (running-mean) matrix H_ℓ: (H_ℓ)_ij = 1/(i+1) for j ≤ i, 0 above (0-based). *)
Definition cesaro_mx l : 'M[F]_l := \matrix_(i, j) (if (j <= i)%N then (i.+1%:R)^-1 else 0).

(** * Claim sdeg.c.representation: A_c = diag(θ) + (I − diag(θ)) H_ℓ with θ_i = (a_i − 1)/(a_i + i − 1);
    equivalently A_c = D H_ℓ + C with D_ii = i/(a_i + i − 1), C_ii = (a_i − 1)/(a_i + i − 1), and D + C = I
    (paper's 1-based i). *)
Theorem sdeg_c_representation l (a : 'I_l -> F) :
  (forall i : 'I_l, a i + i%:R != 0) -> (forall i : 'I_l, i.+1%:R != 0 :> F) ->
  let theta := \row_i ((a i - 1) / (a i + i%:R)) in
  let D := diag_mx (\row_i (i.+1%:R / (a i + i%:R))) in
  let C := diag_mx (\row_i ((a i - 1) / (a i + i%:R))) in
  [/\ causal_attention a = diag_mx theta + (1%:M - diag_mx theta) *m cesaro_mx l,
      causal_attention a = D *m cesaro_mx l + C
    & D + C = 1%:M].
Proof.
move=> nz1 nz2 theta D C; split.
- apply/matrixP => i j; rewrite mulmxBl mul1mx mul_diag_mx !mxE.
  have h1 := nz1 i; have h2 : 1 + i%:R != 0 :> F by rewrite -mulrS nz2.
  case: (ltngtP j i) => [lt|gt|/val_inj eq].
  + have -> : (i == j) = false by apply/eqP => eij; rewrite eij ltnn in lt.
    by rewrite mulr0n add0r; field; rewrite h1 h2.
  + have -> : (j == i) = false by apply/eqP => eij; rewrite eij ltnn in gt.
    rewrite eq_sym (_ : (j == i) = false); last by apply/eqP => eij; rewrite eij ltnn in gt.
    by rewrite mulr0n add0r mulr0 subr0.
  + by rewrite eq eqxx mulr1n; field; rewrite h1 h2.
- apply/matrixP => i j; rewrite mul_diag_mx !mxE.
  have h1 := nz1 i; have h2 : 1 + i%:R != 0 :> F by rewrite -mulrS nz2.
  case: (ltngtP j i) => [lt|gt|/val_inj eq].
  + have -> : (i == j) = false by apply/eqP => eij; rewrite eij ltnn in lt.
    by rewrite mulr0n addr0; field; rewrite h1 h2.
  + have -> : (j == i) = false by apply/eqP => eij; rewrite eij ltnn in gt.
    rewrite eq_sym (_ : (j == i) = false); last by apply/eqP => eij; rewrite eij ltnn in gt.
    by rewrite mulr0n addr0 mulr0.
  + by rewrite eq eqxx mulr1n; field; rewrite h1 h2.
- apply/matrixP => i j; rewrite !mxE -mulrnDl.
  have h1 := nz1 i.
  by rewrite (_ : _ + _ = 1) //; field.
Qed.

(** * Claim sdeg.c.row-norms, its identities over any field: ρ_i = (i − 1 + a_i²)/(a_i + i − 1)² and
    ρ_i − 1/i = (i − 1)(a_i − 1)²/(i (a_i + i − 1)²) (paper's 1-based i). *)
Theorem sdeg_c_row_norms_field l (a : 'I_l -> F) (i : 'I_l) :
  a i + i%:R != 0 -> i.+1%:R != 0 :> F ->
  let rho := \sum_j causal_attention a i j ^+ 2 in
  rho = (i%:R + a i ^+ 2) / (a i + i%:R) ^+ 2 /\
  rho - (i.+1%:R)^-1 = i%:R * (a i - 1) ^+ 2 / (i.+1%:R * (a i + i%:R) ^+ 2).
Proof.
move=> h1 h2 rho.
pose f (j : nat) := (if (j < i)%N then (a i + i%:R)^-1 else if j == i then a i / (a i + i%:R) else 0) ^+ 2.
have rhoE : rho = (i%:R + a i ^+ 2) / (a i + i%:R) ^+ 2.
  rewrite /rho (eq_bigr (fun j : 'I_l => f j)) => [|j _]; last by rewrite mxE.
  rewrite -(big_mkord xpredT f) (big_cat_nat _ _ _ (leq0n i) (ltnW (ltn_ord i))) /=.
  rewrite [\sum_(i <= j < l) _]big_ltn ?ltn_ord //=.
  rewrite (eq_big_nat _ _ (F2 := fun _ => ((a i + i%:R)^-1) ^+ 2)) => [|j /andP [_ lt]]; last by rewrite /f lt.
  rewrite [\sum_(i.+1 <= j < l) _](eq_big_nat _ _ (F2 := fun _ => 0)) => [|j /andP [lt _]]; last first.
    by rewrite /f ltnNge (ltnW lt) /= gtn_eqF // expr0n.
  rewrite big1_eq addr0 sumr_const_nat subn0 /f ltnn eqxx.
  rewrite -mulr_natr; field; done.
split=> //; rewrite rhoE; move: h2; rewrite mulrS => h2; field.
by rewrite h1 h2.
Qed.

End Representation.

Section Bounds.
Variable R : realFieldType.

(** Cross-multiplying an inequality of fractions with positive denominators. *)
Lemma ler_frac (x y z w : R) : 0 < y -> 0 < w -> (x / y <= z / w) = (x * w <= z * y).
Proof. by move=> y0 w0; rewrite ler_pdivr_mulr // mulrAC ler_pdivl_mulr. Qed.

(** * Claim sdeg.c.eigen-harmonic, the scalar step: 1 ≤ a ≤ C gives 1/i ≤ a/(a + i − 1) ≤ C/i (1-based i). *)
Theorem sdeg_c_diag_harmonic (a C : R) (i : nat) :
  1 <= a <= C -> (i.+1%:R)^-1 <= a / (a + i%:R) <= C / i.+1%:R.
Proof.
case/andP => a1 aC; have a0 : 0 < a by apply: lt_le_trans a1.
have ai : 0 < a + i%:R by rewrite ltr_paddr ?ler0n.
have i1 : 0 < i.+1%:R :> R by rewrite ltr0n.
apply/andP; split; [rewrite -[(i.+1%:R)^-1]mul1r|]; rewrite ler_frac // mulrS -subr_ge0.
  rewrite (_ : a * (1 + i%:R) - 1 * (a + i%:R) = (a - 1) * i%:R); last by ring.
  by rewrite mulr_ge0 ?ler0n ?subr_ge0.
rewrite (_ : C * (a + i%:R) - a * (1 + i%:R) = a * (C - 1) + (C - a) * i%:R); last by ring.
by rewrite addr_ge0 ?mulr_ge0 ?ler0n ?subr_ge0 ?(ltW a0) // (le_trans a1).
Qed.

Lemma sq_le (x y : R) : 0 <= x -> x <= y -> x ^+ 2 <= y ^+ 2.
Proof. by move=> x0 xy; rewrite ler_sqr ?nnegrE // (le_trans x0). Qed.

(** The excess ρ_i − 1/i is ≥ 0 for every a_i > 0, and ≤ (a_i − 1)²/i² for a_i ≥ 1. *)
Lemma row_excess_lower (a : R) (i : nat) : 0 < a -> 0 <= i%:R * (a - 1) ^+ 2 / (i.+1%:R * (a + i%:R) ^+ 2).
Proof.
move=> a0; have ai : 0 < a + i%:R by rewrite ltr_paddr ?ler0n.
by apply: divr_ge0; apply: mulr_ge0; rewrite ?ler0n ?sqr_ge0.
Qed.

Lemma row_excess_upper (a : R) (i : nat) : 1 <= a ->
  i%:R * (a - 1) ^+ 2 / (i.+1%:R * (a + i%:R) ^+ 2) <= (a - 1) ^+ 2 / i.+1%:R ^+ 2.
Proof.
move=> a1; have a0 : 0 < a by apply: lt_le_trans a1.
have ai : 0 < a + i%:R by rewrite ltr_paddr ?ler0n.
have i1 : 0 < i.+1%:R :> R by rewrite ltr0n.
rewrite ler_frac ?mulr_gt0 ?exprn_gt0 //.
rewrite (_ : i%:R * (a - 1) ^+ 2 * i.+1%:R ^+ 2 = i.+1%:R * ((a - 1) ^+ 2 * (i%:R * i.+1%:R))); last by ring.
rewrite (_ : (a - 1) ^+ 2 * (i.+1%:R * (a + i%:R) ^+ 2) = i.+1%:R * ((a - 1) ^+ 2 * (a + i%:R) ^+ 2)); last by ring.
rewrite ler_wpmul2l ?ler0n // ler_wpmul2l ?sqr_ge0 //.
rewrite -subr_ge0 mulrS (_ : (a + i%:R) ^+ 2 - i%:R * (1 + i%:R) = a ^+ 2 + i%:R * (2 * a - 1)); last by ring.
rewrite addr_ge0 ?sqr_ge0 ?mulr_ge0 ?ler0n // subr_ge0 (le_trans a1) //.
by rewrite (_ : 2 * a = a + a) ?ler_addl ?(ltW a0) //; ring.
Qed.

(** * Claim sdeg.c.row-norms: ρ_i = Σ_j (A_c)_ij² = (i − 1 + a_i²)/(a_i + i − 1)² and
    ρ_i − 1/i = (i − 1)(a_i − 1)²/(i (a_i + i − 1)²) ∈ [0, (C − 1)²/i²] for 1 ≤ a_i ≤ C (paper's 1-based i;
    here 0-based, i ↦ i + 1); also ρ_i − 1/i ≤ (a_i − 1)²/i², ≤ 1 and ≤ a_i²/i². *)
Theorem sdeg_c_row_norms l (a : 'I_l -> R) (C : R) (i : 'I_l) :
  1 <= a i <= C ->
  let rho := \sum_j causal_attention a i j ^+ 2 in
  [/\ rho = (i%:R + a i ^+ 2) / (a i + i%:R) ^+ 2,
      rho - (i.+1%:R)^-1 = i%:R * (a i - 1) ^+ 2 / (i.+1%:R * (a i + i%:R) ^+ 2),
      0 <= rho - (i.+1%:R)^-1 <= (C - 1) ^+ 2 / i.+1%:R ^+ 2,
      rho - (i.+1%:R)^-1 <= (a i - 1) ^+ 2 / i.+1%:R ^+ 2
    & rho - (i.+1%:R)^-1 <= 1 /\ rho - (i.+1%:R)^-1 <= a i ^+ 2 / i.+1%:R ^+ 2].
Proof.
case/andP => a1 aC rho; have a0 : 0 < a i by apply: lt_le_trans a1.
have ai : 0 < a i + i%:R by rewrite ltr_paddr ?ler0n.
have i1 : 0 < i.+1%:R :> R by rewrite ltr0n.
have [rhoE diffE] := sdeg_c_row_norms_field (lt0r_neq0 ai) (lt0r_neq0 i1).
have up := row_excess_upper i a1; rewrite -diffE in up.
have a10 : 0 <= a i - 1 by rewrite subr_ge0.
have i2 : 0 < i.+1%:R ^+ 2 :> R by rewrite exprn_gt0.
split=> //.
- rewrite {1}diffE row_excess_lower //=; apply: le_trans up _.
  by rewrite ler_pmul2r ?invr_gt0 // sq_le // ler_sub.
- split; last first.
    apply: le_trans up _; rewrite ler_pmul2r ?invr_gt0 // sq_le //.
    by rewrite ler_subl_addr ler_addl ler01.
  rewrite diffE ler_pdivr_mulr ?mulr_gt0 ?exprn_gt0 // mul1r ler_pmul ?ler0n ?sqr_ge0 //.
    by rewrite ler_nat.
  by rewrite sq_le // ler_add2l (le_trans (lerN10 R)) ?ler0n.
Qed.

(** * Claim sdeg.c.row-norms, the lower bound without a bounded bulk: ρ_i − 1/i ≥ 0 for every a_i > 0. *)
Theorem sdeg_c_row_norms_lower l (a : 'I_l -> R) (i : 'I_l) :
  0 < a i -> 0 <= \sum_j causal_attention a i j ^+ 2 - (i.+1%:R)^-1.
Proof.
move=> a0; have ai : 0 < a i + i%:R by rewrite ltr_paddr ?ler0n.
have i1 : 0 < i.+1%:R :> R by rewrite ltr0n.
have [_ ->] := sdeg_c_row_norms_field (lt0r_neq0 ai) (lt0r_neq0 i1).
exact: row_excess_lower.
Qed.

(** For a_i ≥ 1 the weights θ_i of sdeg.c.representation lie in [0, 1). *)
Lemma sdeg_c_theta_range (a : R) (i : nat) : 1 <= a -> 0 <= (a - 1) / (a + i%:R) < 1.
Proof.
move=> a1; have a0 : 0 < a by apply: lt_le_trans a1.
have ai : 0 < a + i%:R by rewrite ltr_paddr ?ler0n.
rewrite divr_ge0 ?subr_ge0 ?(ltW ai) //= ltr_pdivr_mulr // mul1r ltr_subl_addr -addrA ltr_addl.
by rewrite addrC -mulrS ltr0n.
Qed.

(** * Claim sdeg.c.eigen-harmonic: if 1 ≤ a_i ≤ C for every i, every eigenvalue λ of A_c is, for some i,
    λ = a_i/(a_i + i − 1) ∈ [1/i, C/i] (paper's 1-based i); conversely each a_i/(a_i + i − 1) is an eigenvalue
    (Causal.v, sdeg_c_eigen). *)
Theorem sdeg_c_eigen_harmonic l (a : 'I_l -> R) (C : R) :
  (forall i, 1 <= a i <= C) ->
  forall lambda, eigenvalue (causal_attention a) lambda ->
  exists i : 'I_l, lambda = a i / (a i + i%:R) /\ (i.+1%:R)^-1 <= lambda <= C / i.+1%:R.
Proof.
move=> aC lambda /sdeg_c_eigen [i ->]; exists i; split=> //.
exact: sdeg_c_diag_harmonic.
Qed.

End Bounds.
