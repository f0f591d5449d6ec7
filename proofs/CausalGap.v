(** The causal ceiling (claim trsp.network.causal-ceiling), its normalised-gap form and its equality case: for
    every causal row-stochastic P ≥ 0 and T ≥ 2, with W = (P + Pᵀ)/2, degrees d_i = Σ_j W_ij (self-loops
    included) and the normalised Laplacian ℒ = D^(−1/2) L_W D^(−1/2), the normalised gap γ = λ₂(ℒ) satisfies
    γ ≤ (1 − P_TT)/(1 + P_TT) · 2T/(2T − 1 − P_TT); and for T = 2, P = 𝟏e₁ᵀ, μ₂(L_W) = 1 = T/(2(T − 1)).

    Modelling. As in Variational.v and MinMax.v: entries in any real closed field (square roots are needed for
    D^(−1/2); ℝ is one), 0-based indices, t = T − 1 the last token, eigenvalues given with a sorted orthonormal
    eigenbasis (UᵀU = I, MU = U·diag(λ), λ nondecreasing; the spectral theorem, cited, gives one), so λ at index
    1 is λ₂. The degrees are positive (d_i = (1 + Σ_j P_ji)/2 ≥ 1/2), so D^(−1/2) exists. The test vector is
    y = D^(1/2)(e_t − (d_t/T)𝟏), D-orthogonal to 𝟏, i.e. orthogonal to ℒ's null vector D^(1/2)𝟏. *)
From mathcomp Require Import all_ssreflect all_algebra.
From mathcomp Require Import ring.
Require Import SpecProof.Variational SpecProof.MinMax.
Set Implicit Arguments.
Unset Strict Implicit.
Unset Printing Implicit Defensive.
Import GRing.Theory Num.Theory Order.TTheory.
Local Open Scope ring_scope.

Section Gap.
Variable R : rcfType.

(** d_i = Σ_j W_ij, self-loops included. *)
Definition degree n (W : 'M[R]_n) (i : 'I_n) : R := \sum_j W i j.

(** ℒ = D^(−1/2) L_W D^(−1/2). *)
Definition normalised_laplacian n (W : 'M[R]_n) : 'M[R]_n :=
  diag_mx (\row_i (Num.sqrt (degree W i))^-1) *m laplacian W *m diag_mx (\row_i (Num.sqrt (degree W i))^-1).

(** The floor of a PSD matrix with a null vector v: λ₂ xᵀx ≤ xᵀMx for every x ⊥ v. *)
Lemma floor_null n (M U : 'M[R]_n) (lam : 'I_n -> R) (i1 : 'I_n) (v : 'cV[R]_n) :
  v != 0 -> M *m v = 0 -> (forall x, 0 <= qform M x) ->
  U^T *m U = 1%:M -> M *m U = U *m diag_mx (\row_i lam i) -> (forall i j : 'I_n, (i <= j)%N -> lam i <= lam j) ->
  i1 = 1%N :> nat ->
  forall x : 'cV[R]_n, v^T *m x = 0 -> lam i1 * (x^T *m x) 0 0 <= qform M x.
Proof.
move=> v0 Mv psd UtU MU sorted i1E x xv.
have [lam_le0 | lam_gt0] := lerP (lam i1) 0.
  apply: (@le_trans _ _ 0); last exact: psd x.
  by rewrite mulr_le0_ge0 // dot_sum sumr_ge0 // => i _; rewrite sqr_ge0.
have n0 : (0 < n)%N by apply: leq_ltn_trans (ltn_ord i1).
pose i0 : 'I_n := Ordinal n0.
apply: (rayleigh_floor UtU MU sorted) => i; rewrite i1E ltnS leqn0 => /eqP iz.
have ii0 : i = i0 by apply/val_inj; rewrite /= iz.
have UUt : U *m U^T = 1%:M := mulmx1C UtU.
set c := U^T *m v.
have Dc : diag_mx (\row_i lam i) *m c = 0.
  rewrite /c -[diag_mx _]mul1mx -UtU -(mulmxA U^T U) -MU !mulmxA -(mulmxA _ U U^T) UUt mulmx1.
  by rewrite -(mulmxA U^T M) Mv mulmx0.
have cE (j : 'I_n) : (0 < j)%N -> c j 0 = 0.
  move=> j0; have := congr1 (fun A : 'cV[R]_n => A j 0) Dc.
  rewrite mul_diag_mx mxE [in X in X * _]mxE [RHS]mxE => /eqP.
  rewrite mulf_eq0 => /orP [/eqP lj0 | /eqP //].
  have : 0 < lam j by apply: lt_le_trans lam_gt0 (sorted _ _ _); rewrite i1E.
  by rewrite lj0 ltxx.
have vE : v = U *m c by rewrite /c mulmxA UUt mul1mx.
have ci0 : c i0 0 != 0.
  apply: contraNneq v0 => ci0; rewrite vE (_ : c = 0) ?mulmx0 //.
  apply/matrixP => j k; rewrite (ord1 k) [RHS]mxE; case: (posnP j) => [j0|/cE //].
  by rewrite (_ : j = i0) // ; apply/val_inj; rewrite /= j0.
have dot : \sum_j c j 0 * (U^T *m x) j 0 = 0.
  have := congr1 (fun A : 'M[R]_1 => A 0 0) xv; rewrite vE trmx_mul -mulmxA [RHS]mxE mxE => E.
  by apply: (etrans _ E); apply: eq_bigr => j _; rewrite [c^T 0 j]mxE.
rewrite (bigD1 i0) //= big1 ?addr0 in dot => [|j ji]; last first.
  rewrite cE ?mul0r // lt0n; apply: contra ji => /eqP j0.
  by apply/eqP/val_inj; rewrite /= j0.
apply: mx11_eq0; rewrite -coord_col ii0.
by move/eqP: dot; rewrite mulf_eq0 (negbTE ci0) => /eqP.
Qed.

Lemma diag_mulmx n (a b : 'I_n -> R) :
  diag_mx (\row_i a i) *m diag_mx (\row_i b i) = diag_mx (\row_i (a i * b i)) :> 'M[R]_n.
Proof. by apply/matrixP => i j; rewrite mul_diag_mx !mxE mulrnAr. Qed.

(** Claim trsp.network.causal-ceiling, the normalised gap: γ = λ₂(ℒ) ≤ (1 − P_tt)/(1 + P_tt)·2n/(2n − 1 − P_tt)
    for every causal row-stochastic P ≥ 0, n ≥ 2, with λ₂ read in a sorted orthonormal eigenbasis of ℒ. *)
Theorem trsp_network_causal_gap n (P U : 'M[R]_n) (lam : 'I_n -> R) (t i1 : 'I_n) :
  (2 <= n)%N -> t = n.-1 :> nat -> i1 = 1%N :> nat ->
  (forall i j, 0 <= P i j) -> (forall i, \sum_j P i j = 1) -> (forall i j : 'I_n, (i < j)%N -> P i j = 0) ->
  U^T *m U = 1%:M -> normalised_laplacian (2^-1 *: (P + P^T)) *m U = U *m diag_mx (\row_i lam i) ->
  (forall i j : 'I_n, (i <= j)%N -> lam i <= lam j) ->
  lam i1 <= (1 - P t t) / (1 + P t t) * (2 * n%:R / (2 * n%:R - 1 - P t t)).
Proof.
move=> n2 tE i1E P0 rows lower UtU LU sorted.
set W := 2^-1 *: (P + P^T).
set d := degree W.
have dE i : d i = 2^-1 * (1 + \sum_j P j i).
  by rewrite /d /degree /W; under eq_bigr do rewrite !mxE; rewrite -mulr_sumr big_split /= rows.
have colsum_ge0 i : 0 <= \sum_j P j i by apply: sumr_ge0 => j _.
have d_gt0 i : 0 < d i.
  by rewrite dE mulr_gt0 ?invr_gt0 ?ltr0n //; apply: (lt_le_trans ltr01); rewrite ler_addl.
have colt : \sum_j P j t = P t t.
  rewrite (bigD1 t) //= big1 ?addr0 // => k nkt; apply: lower.
  by rewrite ltn_neqAle nkt tE -ltnS prednK ?ltn_ord // (leq_trans _ n2).
have dt : d t = (1 + P t t) / 2 by rewrite dE colt mulrC.
have sumd : \sum_i d i = n%:R.
  under eq_bigr do rewrite dE.
  rewrite -mulr_sumr big_split /= sumr_const card_ord exchange_big /=.
  under [X in _ + X]eq_bigr do rewrite rows.
  by rewrite sumr_const card_ord -mulr2n -mulr_natr mulrCA mulVf ?mulr1 // pnatr_eq0.
have p1 : P t t <= 1.
  rewrite -(rows t) (bigD1 t) //= ler_addl; apply: sumr_ge0 => j _; exact: P0.
have p0 : 0 <= P t t := P0 t t.
set s := fun i => Num.sqrt (d i).
have s_gt0 i : 0 < s i by rewrite sqrtr_gt0.
have ss i : s i * s i = d i by rewrite -expr2 sqr_sqrtr // ltW.
set Y := diag_mx (\row_i s i) : 'M[R]_n.
set Yi := diag_mx (\row_i (s i)^-1) : 'M[R]_n.
have YiY : Yi *m Y = 1%:M.
  by rewrite diag_mulmx -diag_const_mx; congr diag_mx; apply/rowP => i; rewrite !mxE mulVf ?gt_eqF.
have YYi : Y *m Yi = 1%:M.
  by rewrite diag_mulmx -diag_const_mx; congr diag_mx; apply/rowP => i; rewrite !mxE mulfV ?gt_eqF.
have YY : Y *m Y = diag_mx (\row_i d i) by rewrite diag_mulmx; congr diag_mx; apply/rowP => i; rewrite !mxE ss.
have trY : Y^T = Y by rewrite tr_diag_mx.
have trYi : Yi^T = Yi by rewrite tr_diag_mx.
have LN : normalised_laplacian W = Yi *m laplacian W *m Yi by [].
rewrite -/W LN in LU.
set one := const_mx 1 : 'cV[R]_n.
set v := Y *m one.
have v0 : v != 0.
  apply/eqP => /matrixP /(_ t 0); rewrite !mxE (bigD1 t) //= big1 ?addr0 => [|j jt]; last first.
    by rewrite /Y /one !mxE eq_sym (negbTE jt) mulr0n mul0r.
  by rewrite /Y /one !mxE eqxx mulr1n mulr1 => /eqP; rewrite gt_eqF.
have Lv : (Yi *m laplacian W *m Yi) *m v = 0.
  by rewrite /v -!mulmxA (mulmxA Yi Y) YiY mul1mx laplacian_one mulmx0.
have symW : W^T = W by rewrite /W linearZ /= linearD /= trmxK addrC.
have W0 i j : 0 <= W i j by rewrite !mxE mulr_ge0 ?invr_ge0 ?ler0n ?addr_ge0.
have qN y : qform (Yi *m laplacian W *m Yi) y = qform (laplacian W) (Yi *m y).
  by rewrite /qform trmx_mul trYi !mulmxA.
have psd y : 0 <= qform (Yi *m laplacian W *m Yi) y by rewrite qN laplacian_psd.
have floor := floor_null v0 Lv psd UtU LU sorted i1E.
(* the test vector *)
set a := d t / n%:R.
set x := delta_mx t 0 - a *: one.
set y := Y *m x.
have n0 : n%:R != 0 :> R by rewrite pnatr_eq0 -lt0n (leq_trans _ n2).
have xE k : x k 0 = (k == t)%:R - a by rewrite !mxE eqxx andbT mulr1.
have DX : diag_mx (\row_i d i) *m x = \col_k (d k * ((k == t)%:R - a)).
  by apply/matrixP => i j; rewrite (ord1 j) mul_diag_mx !mxE eqxx andbT mulr1.
have sum_dx : \sum_k d k * ((k == t)%:R - a) = d t - a * n%:R.
  rewrite (eq_bigr (fun k => d k * (k == t)%:R - a * d k)); last by move=> k _; rewrite mulrBr [d k * a]mulrC.
  rewrite sumrB -mulr_sumr sumd (bigD1 t) //= big1 ?addr0 => [|k kt]; last by rewrite (negbTE kt) mulr0.
  by rewrite eqxx mulr1.
have vy : v^T *m y = 0.
  rewrite /v /y trmx_mul trY -mulmxA (mulmxA Y) YY DX.
  apply/matrixP => i j; rewrite (ord1 i) (ord1 j) !mxE.
  under eq_bigr do rewrite !mxE mul1r.
  by rewrite sum_dx /a divfK // subrr.
have qy : qform (Yi *m laplacian W *m Yi) y = (1 - P t t) / 2.
  rewrite qN /y mulmxA YiY mul1mx.
  have symL : (laplacian W)^T = laplacian W by rewrite /laplacian linearB /= symW tr_diag_mx.
  have L1 := laplacian_one W.
  have oneL : one^T *m laplacian W = 0 by rewrite -symL -trmx_mul L1 trmx0.
  have xT : x^T = (delta_mx t 0)^T - a *: one^T by rewrite /x linearB linearZ.
  rewrite /qform xT mulmxBl -scalemxAl oneL scaler0 subr0.
  rewrite /x mulmxBr -scalemxAr -!mulmxA L1 mulmx0 scaler0 subr0.
  rewrite trmx_delta -colE -rowE !mxE eqxx mulr1n.
  under eq_bigr do rewrite !mxE.
  by rewrite -mulr_sumr big_split /= rows colt; field.
have yy : (y^T *m y) 0 0 = d t - d t ^+ 2 / n%:R.
  rewrite /y trmx_mul trY -mulmxA (mulmxA Y) YY DX !mxE.
  rewrite (eq_bigr (fun k => (k == t)%:R * (d k * (1 - 2 * a)) + a ^+ 2 * d k)); last first.
    by move=> k _; rewrite !mxE eqxx andbT mulr1; case: (k == t); rewrite /= ?mul1r ?mul0r ?add0r; ring.
  rewrite big_split /= -mulr_sumr sumd (bigD1 t) //= big1 ?addr0 => [|k kt]; last by rewrite (negbTE kt) mul0r.
  by rewrite eqxx mul1r /a; field.
have dt1 : d t <= 1.
  rewrite dt ler_pdivr_mulr ?ltr0n // mul1r (_ : 2 = 1 + 1 :> R); last by rewrite -mulr2n.
  by rewrite ler_add2l.
have yy0 : 0 < d t - d t ^+ 2 / n%:R.
  rewrite -{1}(mulr1 (d t)) expr2 -mulrA -mulrBr mulr_gt0 // subr_gt0 ltr_pdivr_mulr ?ltr0n ?(leq_trans _ n2) //.
  by rewrite mul1r (le_lt_trans dt1) // ltr1n.
have := floor y vy; rewrite qy yy -ler_pdivl_mulr // => h; apply: (le_trans h).
have p1n : 1 + P t t != 0 by rewrite gt_eqF //; apply: (lt_le_trans ltr01); rewrite ler_addl.
have big : 1 + P t t < 2 * n%:R.
  apply: (le_lt_trans (_ : _ <= 2%:R)); first by rewrite mulr2n ler_add2l.
  by rewrite -natrM ltr_nat -{1}[2%N]muln1 ltn_pmul2l // (leq_trans _ n2).
have n2R : 2 * n%:R - 1 - P t t != 0.
  by rewrite gt_eqF // -addrA -opprD subr_gt0.
rewrite le_eqVlt; apply/orP; left; apply/eqP; rewrite dt.
field; rewrite n2R p1n n0 /=.
have -> : (1 + P t t) * (4 * n%:R) + - (1 + P t t) ^+ 2 * 2 = 2 * (1 + P t t) * (2 * n%:R - 1 - P t t) by ring.
by rewrite !mulf_neq0 // pnatr_eq0.
Qed.

(** The first-token sink at T = 2. *)
Definition sink2 : 'M[R]_2 := \matrix_(i, j) (j == 0%N :> nat)%:R.

(** Claim trsp.network.causal-ceiling, the equality case: P = 𝟏e₁ᵀ at T = 2 is causal, row-stochastic and ≥ 0,
    P_TT = 0, and μ₂(L_W) = 1 = T/(2(T − 1)) in every sorted orthonormal eigenbasis of L_W: the bounds
    μ₂ ≤ T(1 − P_TT)/(2(T − 1)) ≤ T/(2(T − 1)) are attained. *)
Theorem trsp_network_causal_ceiling_equality (U : 'M[R]_2) (lam : 'I_2 -> R) (i1 : 'I_2) :
  i1 = 1%N :> nat ->
  U^T *m U = 1%:M -> laplacian (2^-1 *: (sink2 + sink2^T)) *m U = U *m diag_mx (\row_i lam i) ->
  (forall i j : 'I_2, (i <= j)%N -> lam i <= lam j) ->
  [/\ forall i j, 0 <= sink2 i j, forall i, \sum_j sink2 i j = 1, forall i j : 'I_2, (i < j)%N -> sink2 i j = 0,
      sink2 i1 i1 = 0 & lam i1 = 2%:R / (2 * (2%:R - 1))].
Proof.
move=> i1E UtU LU sorted.
have i1v : i1 = Ordinal (isT : (1 < 2)%N) by apply/val_inj.
set L := laplacian (2^-1 *: (sink2 + sink2^T)).
have UUt : U *m U^T = 1%:M := mulmx1C UtU.
set D := diag_mx (\row_i lam i).
have LE : L = U *m D *m U^T by rewrite -LU -mulmxA UUt mulmx1.
have trL : \tr L = \sum_i lam i.
  by rewrite LE mxtrace_mulC mulmxA UtU mul1mx mxtrace_diag; apply: eq_bigr => i _; rewrite mxE.
have trLL : \tr (L *m L) = \sum_i lam i ^+ 2.
  rewrite LE !mulmxA -(mulmxA (U *m D) U^T U) UtU mulmx1 mxtrace_mulC !mulmxA UtU mul1mx.
  by rewrite diag_mulmx mxtrace_diag; apply: eq_bigr => i _; rewrite mxE expr2.
have Lentry (i j : 'I_2) : L i j = (if i == j then 2^-1 else - 2^-1).
  rewrite /L /laplacian !mxE !big_ord_recl big_ord0 !mxE /=.
  by case: i j => [[|[|//]] ?] [[|[|//]] ?] /=; field.
have tr1 : \tr L = 1 by rewrite /mxtrace !big_ord_recl big_ord0 !Lentry /=; field.
have tr2 : \tr (L *m L) = 1.
  rewrite /mxtrace !big_ord_recl !big_ord0 !mxE !big_ord_recl !big_ord0 !Lentry /=; field.
  by [].
rewrite trL !big_ord_recl big_ord0 addr0 in tr1.
rewrite trLL !big_ord_recl big_ord0 addr0 in tr2.
set l0 := lam ord0 in tr1 tr2; set l1 := lam (lift ord0 ord0) in tr1 tr2.
have s01 : l0 <= l1 by apply: sorted.
have P0 : l0 * l1 = 0.
  have : (l0 * l1) *+ 2 = (l0 + l1) ^+ 2 - (l0 ^+ 2 + l1 ^+ 2) by ring.
  by rewrite tr1 tr2 expr1n subrr => /eqP; rewrite mulrn_eq0 /= => /eqP.
have l1E : l1 = 1.
  move/eqP: P0; rewrite mulf_eq0 => /orP [/eqP z | /eqP z].
    by rewrite z add0r in tr1.
  by rewrite z addr0 in tr1; rewrite tr1 z in s01; move: s01; rewrite ler10.
split.
- by move=> i j; rewrite !mxE ler0n.
- by move=> i; rewrite !big_ord_recl big_ord0 !mxE /= !addr0.
- by move=> [[|[|//]] ?] [[|[|//]] ?] //=; rewrite mxE.
- by rewrite i1v mxE.
- rewrite i1v (_ : Ordinal _ = lift ord0 ord0); last by apply/val_inj.
  by rewrite -/l1 l1E; field.
Qed.

End Gap.
