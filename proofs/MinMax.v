(** The min–max steps behind TRSP Lemma C.4 (claim trsp.C4.weyl), Prop. C.5 (trsp.C5.safety-net), the causal
    ceiling (trsp.network.causal-ceiling) and the regular-graph gap (trsp.C.regular-gap): for a real symmetric
    matrix given with an orthonormal eigenbasis, the eigenvalues in increasing order are Rayleigh-quotient levels.

    Modelling. As in Variational.v: entries in any real field R, column vectors 'cV[R]_n, qform M x = xᵀMx,
    xᵀx = (x^T *m x) 0 0, 𝟏 = const_mx 1. "M has the orthonormal eigenbasis U with eigenvalues λ" is
    Uᵀ U = I and M U = U diag(λ) (column i of U is a unit eigenvector for λ i); "sorted" is
    i ≤ j → λ i ≤ λ j, so λ k is λ_{k+1} of the papers (0-based indices: μ₂ is λ at index 1). A real symmetric
    matrix has such a basis (the spectral theorem, Horn & Johnson Thm 2.5.6), which is taken as a hypothesis and
    not formalised here; everything else is proved, for every size n:
    - [rayleigh_floor] / [rayleigh_ceiling]: x ⊥ u_i for i < k gives λ_k xᵀx ≤ xᵀMx; x ⊥ u_i for i > k gives
      xᵀMx ≤ λ_k xᵀx;
    - [trsp_C4_weyl_eigen]: Q ⪰ 0 gives λ_k(P) ≤ λ_k(P + Q) for every k (Weyl's monotonicity, the claim);
    - [sorted_eigenvalues_unique]: two sorted orthonormal eigenbases of one matrix have the same eigenvalues,
      so λ_k(M) is well defined;
    - [mu2_floor], [mu2_max]: for L with L𝟏 = 0 and L ⪰ 0, λ₂ xᵀx ≤ xᵀLx on 𝟏^⊥, and every such floor is ≤ λ₂,
      i.e. μ₂ = λ₂ = max {c | c xᵀx ≤ xᵀLx on 𝟏^⊥} = min_{x ⊥ 𝟏, x ≠ 0} xᵀLx/xᵀx;
    - [trsp_C5_safety_net_mu2], [trsp_network_causal_ceiling_lambda2], [trsp_C_regular_gap_lambda]: the three
      claims with μ₂ read as the second sorted eigenvalue. *)
From mathcomp Require Import all_ssreflect all_algebra.
From mathcomp Require Import ring.
Require Import SpecProof.Variational.
Set Implicit Arguments.
Unset Strict Implicit.
Unset Printing Implicit Defensive.
Import GRing.Theory Num.Theory Order.TTheory.
Local Open Scope ring_scope.

Section MinMax.
Variable R : realFieldType.

(** The i-th coordinate of x in the basis U is ⟨u_i, x⟩. *)
Lemma coord_col n (U : 'M[R]_n) (x : 'cV[R]_n) i : (U^T *m x) i 0 = ((col i U)^T *m x) 0 0.
Proof. by rewrite !mxE; apply: eq_bigr => j _; rewrite !mxE. Qed.

Lemma gram_col n (U : 'M[R]_n) i j : ((col i U)^T *m col j U) 0 0 = (U^T *m U) i j.
Proof. by rewrite !mxE; apply: eq_bigr => k _; rewrite !mxE. Qed.

Lemma mx11_eq0 (a : 'M[R]_1) : a 0 0 = 0 -> a = 0.
Proof. by move=> a0; apply/matrixP => i j; rewrite (ord1 i) (ord1 j) a0 mxE. Qed.

(** In an orthonormal eigenbasis, with c = Uᵀx: xᵀMx = Σ λ_i c_i² and xᵀx = Σ c_i². *)
Lemma eigen_coords n (A U : 'M[R]_n) (lam : 'I_n -> R) (x : 'cV[R]_n) :
  U^T *m U = 1%:M -> A *m U = U *m diag_mx (\row_i lam i) ->
  qform A x = \sum_i lam i * (U^T *m x) i 0 ^+ 2 /\ (x^T *m x) 0 0 = \sum_i (U^T *m x) i 0 ^+ 2.
Proof.
move=> UtU AU; have UUt : U *m U^T = 1%:M := mulmx1C UtU.
have key : x^T *m A *m x = (U^T *m x)^T *m diag_mx (\row_i lam i) *m (U^T *m x).
  by rewrite trmx_mul trmxK -(mulmxA x^T U) -AU !mulmxA -(mulmxA _ U U^T) UUt mulmx1.
have key2 : x^T *m x = (U^T *m x)^T *m (U^T *m x).
  by rewrite trmx_mul trmxK mulmxA -(mulmxA x^T U U^T) UUt mulmx1.
split; last by rewrite key2 dot_sum.
rewrite /qform key.
change (((U^T *m x)^T *m diag_mx (\row_i lam i) *m (U^T *m x)) 0 0)
  with (qform (diag_mx (\row_i lam i)) (U^T *m x)).
rewrite qform_sum; apply: eq_bigr => i _.
rewrite (bigD1 i) //= big1 ?addr0 => [|j ji]; last by rewrite !mxE eq_sym (negbTE ji) mulr0n mulr0 mul0r.
by rewrite !mxE eqxx mulr1n expr2 mulrCA mulrA.
Qed.

(** * Rayleigh quotients in an eigenbasis *)

(** x ⊥ u_i for every i < k gives λ_k xᵀx ≤ xᵀAx (eigenvalues sorted). *)
Theorem rayleigh_floor n (A U : 'M[R]_n) (lam : 'I_n -> R) (k : 'I_n) (x : 'cV[R]_n) :
  U^T *m U = 1%:M -> A *m U = U *m diag_mx (\row_i lam i) ->
  (forall i j : 'I_n, (i <= j)%N -> lam i <= lam j) ->
  (forall i : 'I_n, (i < k)%N -> (col i U)^T *m x = 0) ->
  lam k * (x^T *m x) 0 0 <= qform A x.
Proof.
move=> UtU AU sorted orth; have [-> ->] := eigen_coords x UtU AU.
rewrite mulr_sumr; apply: ler_sum => i _.
have [ik | ki] := ltnP i k.
  by rewrite coord_col orth // mxE expr2 mul0r !mulr0.
by rewrite ler_wpmul2r ?sqr_ge0 // sorted.
Qed.

(** x ⊥ u_i for every i > k gives xᵀAx ≤ λ_k xᵀx. *)
Theorem rayleigh_ceiling n (A U : 'M[R]_n) (lam : 'I_n -> R) (k : 'I_n) (x : 'cV[R]_n) :
  U^T *m U = 1%:M -> A *m U = U *m diag_mx (\row_i lam i) ->
  (forall i j : 'I_n, (i <= j)%N -> lam i <= lam j) ->
  (forall i : 'I_n, (k < i)%N -> (col i U)^T *m x = 0) ->
  qform A x <= lam k * (x^T *m x) 0 0.
Proof.
move=> UtU AU sorted orth; have [-> ->] := eigen_coords x UtU AU.
rewrite mulr_sumr; apply: ler_sum => i _.
have [ki | ik] := ltnP k i.
  by rewrite coord_col orth // mxE expr2 mul0r !mulr0.
by rewrite ler_wpmul2r ?sqr_ge0 // sorted.
Qed.

(** An eigenvector attains its eigenvalue: u_kᵀ A u_k = λ_k = λ_k u_kᵀu_k. *)
Theorem rayleigh_attained n (A U : 'M[R]_n) (lam : 'I_n -> R) (k : 'I_n) :
  U^T *m U = 1%:M -> A *m U = U *m diag_mx (\row_i lam i) ->
  ((col k U)^T *m col k U) 0 0 = 1 /\ qform A (col k U) = lam k.
Proof.
move=> UtU AU; have uu : ((col k U)^T *m col k U) 0 0 = 1 by rewrite gram_col UtU mxE eqxx.
split=> //.
have Au : A *m col k U = lam k *: col k U.
  apply/matrixP => i j; rewrite (ord1 j) [RHS]mxE [in RHS]mxE [RHS]mulrC.
  have := congr1 (fun M : 'M[R]_n => M i k) AU; rewrite mul_mx_diag !mxE => <-.
  by apply: eq_bigr => l _; rewrite !mxE.
by rewrite /qform -mulmxA Au -scalemxAr mxE uu mulr1.
Qed.

(** A square matrix with a zero row has a nonzero kernel vector. *)
Lemma kernel_of_zero_row n (B : 'M[R]_n) (k : 'I_n) : (forall j, B k j = 0) ->
  exists2 x : 'cV[R]_n, x != 0 & B *m x = 0.
Proof.
move=> Bk; have /det0P [v v0 vB] : \det B^T == 0.
  by rewrite det_tr (expand_det_row _ k) big1 // => j _; rewrite Bk mul0r.
exists v^T; first by rewrite trmx_eq0.
by rewrite -[B]trmxK -trmx_mul vB trmx0.
Qed.

Lemma dot_gt0 n (x : 'cV[R]_n) : x != 0 -> 0 < (x^T *m x) 0 0.
Proof.
move=> x0; rewrite dot_sum lt_def sumr_ge0 ?andbT => [|i _]; last by rewrite sqr_ge0.
apply: contra x0 => /eqP /psumr_eq0P => all0; apply/eqP/matrixP => i j.
rewrite (ord1 j) mxE; apply/eqP; rewrite -sqrf_eq0; apply/eqP/all0 => // l _.
by rewrite sqr_ge0.
Qed.

(** * Claim trsp.C4.weyl: λ_k(P) ≤ λ_k(P + Q) for Q ⪰ 0 and every k *)
Theorem trsp_C4_weyl_eigen n (P Q U V : 'M[R]_n) (lp ls : 'I_n -> R) :
  (forall x, 0 <= qform Q x) ->
  U^T *m U = 1%:M -> P *m U = U *m diag_mx (\row_i lp i) -> (forall i j : 'I_n, (i <= j)%N -> lp i <= lp j) ->
  V^T *m V = 1%:M -> (P + Q) *m V = V *m diag_mx (\row_i ls i) -> (forall i j : 'I_n, (i <= j)%N -> ls i <= ls j) ->
  forall k : 'I_n, lp k <= ls k.
Proof.
move=> psdQ UtU PU sp VtV SV ss k.
pose B := \matrix_(i, j) (if (i < k)%N then U j i else if (k < i)%N then V j i else 0) : 'M[R]_n.
have [x x0 Bx] : exists2 x : 'cV[R]_n, x != 0 & B *m x = 0.
  by apply: (kernel_of_zero_row (k := k)) => j; rewrite mxE ltnn.
have orth (i : 'I_n) : ((i < k)%N -> (col i U)^T *m x = 0) /\ ((k < i)%N -> (col i V)^T *m x = 0).
  have Bi : (B *m x) i 0 = 0 by rewrite Bx mxE.
  split=> lt; apply: mx11_eq0; rewrite -coord_col -Bi !mxE; apply: eq_bigr => j _; rewrite !mxE.
    by rewrite lt.
  by rewrite ltnNge (ltnW lt) /= lt.
have lo := rayleigh_floor UtU PU sp (fun i lt => (orth i).1 lt).
have hi := rayleigh_ceiling VtV SV ss (fun i lt => (orth i).2 lt).
have mid : qform P x <= qform (P + Q) x by rewrite qformD ler_addl.
by rewrite -(ler_pmul2r (dot_gt0 x0)) (le_trans lo (le_trans mid hi)).
Qed.

(** λ_k is well defined: two sorted orthonormal eigenbases of the same matrix give the same eigenvalues. *)
Corollary sorted_eigenvalues_unique n (A U V : 'M[R]_n) (lu lv : 'I_n -> R) :
  U^T *m U = 1%:M -> A *m U = U *m diag_mx (\row_i lu i) -> (forall i j : 'I_n, (i <= j)%N -> lu i <= lu j) ->
  V^T *m V = 1%:M -> A *m V = V *m diag_mx (\row_i lv i) -> (forall i j : 'I_n, (i <= j)%N -> lv i <= lv j) ->
  forall k, lu k = lv k.
Proof.
move=> UtU AU su VtV AV sv k; have psd0 x : 0 <= qform (0 : 'M[R]_n) x by rewrite /qform mulmx0 mul0mx mxE.
have AV' : (A + 0) *m V = V *m diag_mx (\row_i lv i) by rewrite addr0.
have AU' : (A + 0) *m U = U *m diag_mx (\row_i lu i) by rewrite addr0.
apply/eqP; rewrite eq_le (trsp_C4_weyl_eigen psd0 UtU AU su VtV AV' sv k).
by rewrite (trsp_C4_weyl_eigen psd0 VtV AV sv UtU AU' su k).
Qed.

(** * μ₂ of a Laplacian-like matrix (L𝟏 = 0, L ⪰ 0) is its second sorted eigenvalue and the min over 𝟏^⊥ *)

(** The floor: λ₂ xᵀx ≤ xᵀLx for every x ⊥ 𝟏. (If λ₂ > 0 then 𝟏 lies along u_0; if λ₂ ≤ 0, L ⪰ 0.) *)
Theorem mu2_floor n (L U : 'M[R]_n) (lam : 'I_n -> R) (i1 : 'I_n) :
  L *m (const_mx 1 : 'cV[R]_n) = 0 -> (forall x, 0 <= qform L x) ->
  U^T *m U = 1%:M -> L *m U = U *m diag_mx (\row_i lam i) -> (forall i j : 'I_n, (i <= j)%N -> lam i <= lam j) ->
  i1 = 1%N :> nat ->
  forall x : 'cV[R]_n, (const_mx 1 : 'cV[R]_n)^T *m x = 0 -> lam i1 * (x^T *m x) 0 0 <= qform L x.
Proof.
move=> L1 psd UtU LU sorted i1E x x1.
have [lam_le0 | lam_gt0] := lerP (lam i1) 0.
  apply: (@le_trans _ _ 0); last exact: psd x.
  by rewrite mulr_le0_ge0 // dot_sum sumr_ge0 // => i _; rewrite sqr_ge0.
apply: (rayleigh_floor UtU LU sorted) => i; rewrite i1E ltnS leqn0 => /eqP i0.
(* 𝟏 = U c with λ_j c_j = 0, so c_j = 0 for j ≥ 1 and 𝟏 = c_0 u_0 *)
have UUt : U *m U^T = 1%:M := mulmx1C UtU.
set one := const_mx 1 : 'cV[R]_n.
set c := U^T *m one.
have Dc : diag_mx (\row_i lam i) *m c = 0.
  rewrite /c -[diag_mx _]mul1mx -UtU -(mulmxA U^T U) -LU !mulmxA -(mulmxA _ U U^T) UUt mulmx1.
  by rewrite -(mulmxA U^T L) L1 mulmx0.
have cE (j : 'I_n) : (0 < j)%N -> c j 0 = 0.
  move=> j0; have := congr1 (fun M : 'cV[R]_n => M j 0) Dc.
  rewrite mul_diag_mx mxE [in X in X * _]mxE [RHS]mxE => /eqP.
  rewrite mulf_eq0 => /orP [/eqP lj0 | /eqP //].
  have : 0 < lam j by apply: lt_le_trans lam_gt0 (sorted _ _ _); rewrite i1E.
  by rewrite lj0 ltxx.
have oneE : one = U *m c by rewrite /c mulmxA UUt mul1mx.
have ci0 : c i 0 != 0.
  apply/eqP => ci0; have : one i 0 = 0.
    rewrite oneE mxE big1 // => j _; case: (posnP j) => [j0 | /cE ->]; last by rewrite mulr0.
    by rewrite (_ : j = i) ?ci0 ?mulr0 //; apply/val_inj; rewrite /= j0 i0.
  by rewrite mxE => /eqP; rewrite oner_eq0.
have dot : \sum_j c j 0 * (U^T *m x) j 0 = 0.
  have := congr1 (fun M : 'M[R]_1 => M 0 0) x1; rewrite -/one oneE trmx_mul -mulmxA [RHS]mxE mxE => E.
  by apply: (etrans _ E); apply: eq_bigr => j _; rewrite [c^T 0 j]mxE.
rewrite (bigD1 i) //= big1 ?addr0 in dot => [|j ji]; last first.
  rewrite cE ?mul0r // lt0n; apply: contra ji => /eqP j0.
  by apply/eqP/val_inj; rewrite /= j0 i0.
apply: mx11_eq0; rewrite -coord_col.
by move/eqP: dot; rewrite mulf_eq0 (negbTE ci0) => /eqP.
Qed.

(** The maximality: every floor c xᵀx ≤ xᵀMx on 𝟏^⊥ is at most λ₂ (any symmetric M, n ≥ 2). *)
Theorem mu2_max n (M V : 'M[R]_n) (lam : 'I_n -> R) (i1 : 'I_n) (c : R) :
  V^T *m V = 1%:M -> M *m V = V *m diag_mx (\row_i lam i) -> (forall i j : 'I_n, (i <= j)%N -> lam i <= lam j) ->
  i1 = 1%N :> nat ->
  (forall x : 'cV[R]_n, (const_mx 1 : 'cV[R]_n)^T *m x = 0 -> c * (x^T *m x) 0 0 <= qform M x) ->
  c <= lam i1.
Proof.
move=> VtV MV sorted i1E floor.
pose B := \matrix_(i, j) (if (i < i1)%N then 1 else if (i1 < i)%N then V j i else 0) : 'M[R]_n.
have [x x0 Bx] : exists2 x : 'cV[R]_n, x != 0 & B *m x = 0.
  by apply: (kernel_of_zero_row (k := i1)) => j; rewrite mxE ltnn.
have n0 : (0 < n)%N by apply: leq_ltn_trans (ltn_ord i1).
have x1 : (const_mx 1 : 'cV[R]_n)^T *m x = 0.
  apply: mx11_eq0; have := congr1 (fun M : 'cV[R]_n => M (Ordinal n0) 0) Bx; rewrite [RHS]mxE => E.
  by apply: (etrans _ E); rewrite !mxE; apply: eq_bigr => j _; rewrite !mxE i1E.
have hi : qform M x <= lam i1 * (x^T *m x) 0 0.
  apply: (rayleigh_ceiling VtV MV sorted) => i lt; apply: mx11_eq0; rewrite -coord_col.
  have := congr1 (fun M : 'cV[R]_n => M i 0) Bx; rewrite [RHS]mxE => E.
  by apply: (etrans _ E); rewrite !mxE; apply: eq_bigr => j _; rewrite !mxE ltnNge (ltnW lt) /= lt.
by rewrite -(ler_pmul2r (dot_gt0 x0)) (le_trans (floor x x1) hi).
Qed.

(** * The claims, with μ₂ the second sorted eigenvalue *)

(** Claim trsp.C5.safety-net: μ₂(L_attn + g L_tri) ≥ g μ₂(L_tri) for A ≥ 0, symmetric W_tri ≥ 0 and g ≥ 0,
    μ₂ read in sorted orthonormal eigenbases (U of L_tri, V of L_attn + g L_tri). *)
Corollary trsp_C5_safety_net_mu2 n (A Wtri U V : 'M[R]_n) (g : R) (lt lm : 'I_n -> R) (i1 : 'I_n) :
  (forall i j, 0 <= A i j) -> Wtri^T = Wtri -> (forall i j, 0 <= Wtri i j) -> 0 <= g -> i1 = 1%N :> nat ->
  U^T *m U = 1%:M -> laplacian Wtri *m U = U *m diag_mx (\row_i lt i) ->
  (forall i j : 'I_n, (i <= j)%N -> lt i <= lt j) ->
  V^T *m V = 1%:M -> (laplacian (2^-1 *: (A + A^T)) + g *: laplacian Wtri) *m V = V *m diag_mx (\row_i lm i) ->
  (forall i j : 'I_n, (i <= j)%N -> lm i <= lm j) ->
  g * lt i1 <= lm i1.
Proof.
move=> A0 symW W0 g0 i1E UtU LU su VtV MV sm.
have floor := mu2_floor (laplacian_one Wtri) (laplacian_psd symW W0) UtU LU su i1E.
exact: mu2_max VtV MV sm i1E (trsp_C5_safety_net_variational A0 g0 floor).
Qed.

(** Claim trsp.network.causal-ceiling with μ₂ the second sorted eigenvalue of L_W, W = (P + Pᵀ)/2, for every
    causal row-stochastic P ≥ 0 and n ≥ 2: μ₂ ≤ (n/(n−1))(1 − P_tt)/2, and < n/(2(n−1)) when P_tt > 0. *)
Corollary trsp_network_causal_ceiling_lambda2 n (P U : 'M[R]_n) (lam : 'I_n -> R) (t i1 : 'I_n) :
  (2 <= n)%N -> t = n.-1 :> nat -> i1 = 1%N :> nat ->
  (forall i j, 0 <= P i j) -> (forall i, \sum_j P i j = 1) -> (forall i j : 'I_n, (i < j)%N -> P i j = 0) ->
  U^T *m U = 1%:M -> laplacian (2^-1 *: (P + P^T)) *m U = U *m diag_mx (\row_i lam i) ->
  (forall i j : 'I_n, (i <= j)%N -> lam i <= lam j) ->
  lam i1 <= n%:R / (n%:R - 1) * ((1 - P t t) / 2) /\ (0 < P t t -> lam i1 < n%:R / (2 * (n%:R - 1))).
Proof.
move=> n2 tE i1E P0 rows lower UtU LU sorted.
have symW : (2^-1 *: (P + P^T))^T = 2^-1 *: (P + P^T) by rewrite linearZ /= linearD /= trmxK addrC.
have W0 i j : 0 <= (2^-1 *: (P + P^T)) i j by rewrite !mxE mulr_ge0 ?invr_ge0 ?ler0n ?addr_ge0.
apply: (trsp_network_causal_ceiling_mu2 n2 tE rows lower).
exact: mu2_floor (laplacian_one _) (laplacian_psd symW W0) UtU LU sorted i1E.
Qed.

(** Claim trsp.C.regular-gap: if every row sum of W is r > 0 and L = laplacian W has the sorted orthonormal
    eigenbasis U with eigenvalues λ, then U is a sorted orthonormal eigenbasis of I − D⁻¹W with eigenvalues λ/r,
    and every sorted orthonormal eigenbasis of I − D⁻¹W has those eigenvalues: λ_k(I − D⁻¹W) = λ_k(L)/r, in
    particular γ = λ₂(I − D⁻¹W) = μ₂(L)/r. *)
Corollary trsp_C_regular_gap_lambda n (W U V : 'M[R]_n) (r : R) (lam lv : 'I_n -> R) :
  0 < r -> (forall i, \sum_j W i j = r) ->
  U^T *m U = 1%:M -> laplacian W *m U = U *m diag_mx (\row_i lam i) -> (forall i j : 'I_n, (i <= j)%N -> lam i <= lam j) ->
  let N := 1%:M - invmx (diag_mx (\row_i \sum_j W i j)) *m W in
  [/\ N *m U = U *m diag_mx (\row_i (lam i / r)), (forall i j : 'I_n, (i <= j)%N -> lam i / r <= lam j / r)
    & V^T *m V = 1%:M -> N *m V = V *m diag_mx (\row_i lv i) -> (forall i j : 'I_n, (i <= j)%N -> lv i <= lv j) ->
      forall k, lv k = lam k / r].
Proof.
move=> r0 rows UtU LU sorted N.
have [_ NE _] := trsp_C_regular_gap (lt0r_neq0 r0) rows.
have NU : N *m U = U *m diag_mx (\row_i (lam i / r)).
  rewrite /N NE -scalemxAl LU scalemxAr; congr (_ *m _); apply/matrixP => i j; rewrite !mxE.
  by rewrite mulrnAr mulrC.
have sN (i j : 'I_n) : (i <= j)%N -> lam i / r <= lam j / r by move=> ij; rewrite ler_pmul2r ?invr_gt0 // sorted.
split=> // VtV NV sv k.
exact: (sorted_eigenvalues_unique VtV NV sv UtU NU sN k).
Qed.

End MinMax.
