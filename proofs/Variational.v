(** TRSP App. C.3.1, Lemma C.4 (claim trsp.C4.weyl) and Prop. C.5 (claim trsp.C5.safety-net) in their
    variational form; the ceiling on μ₂ of every causal operator (claim trsp.network.causal-ceiling); and the
    regular-graph identity I − D⁻¹W = L/r (claim trsp.C.regular-gap). For every size n.

    Modelling. Entries lie in any real field R (ℝ among them); matrices are 'M[R]_n, vectors are column
    vectors 'cV[R]_n, 𝟏 is const_mx 1, e_t is delta_mx t 0 and the quadratic form is
    qform M x = (xᵀ M x)₀₀; "Q ⪰ 0" is ∀x, 0 ≤ qform Q x. The Laplacian of a weight matrix W is
    laplacian W = diag(W𝟏) − W (degrees are row sums); for symmetric W its form is ½ Σ_ij W_ij (x_i − x_j)²,
    so W ≥ 0 makes it PSD, L𝟏 = 0, and self-loops do not change it. The symmetrised attention weights are
    W = (A + Aᵀ)/2 = 2⁻¹ *: (A + A^T). A row-stochastic matrix is one with rows summing to 1; the safety net
    only uses A ≥ 0 and the causal ceiling only uses row sums and P_ij = 0 for j > i, so those theorems assume
    no more. Indices are 0-based ordinals, so the last token is t = n − 1.
    What is left to prose is the identification of eigenvalues with Rayleigh-quotient levels, i.e. the
    Courant–Fischer min-max theorem for real symmetric matrices (Horn & Johnson, Matrix Analysis, 2nd ed.,
    Thm 4.2.6; Weyl's inequality is their Cor. 4.3.12): with eigenvalues in increasing order,
    λ_k(M) = max over subspaces U of dimension n − k + 1 of min_{x ∈ U, x ≠ 0} xᵀMx / xᵀx, and
    μ₂(L) = min_{x ⊥ 𝟏, x ≠ 0} xᵀLx / xᵀx for a Laplacian (L𝟏 = 0, L ⪰ 0). Given it, trsp_C4_weyl_subspace is
    λ_k(P + Q) ≥ λ_k(P), trsp_C5_safety_net_variational is μ₂(L_attn + g L_tri) ≥ g μ₂(L_tri),
    trsp_network_causal_ceiling_mu2 is μ₂(L_W) ≤ (n/(n−1))(1 − P_tt)/2 < n/(2(n−1)) when P_tt > 0, and
    trsp_C_regular_gap gives γ = λ₂(I − D⁻¹W) = μ₂(L)/r (scaling by 1/r > 0 keeps the order of eigenvalues).
    No spectral theorem is formalised here. *)
From mathcomp Require Import all_ssreflect all_algebra.
From mathcomp Require Import ring.
Set Implicit Arguments.
Unset Strict Implicit.
Unset Printing Implicit Defensive.
Import GRing.Theory Num.Theory Order.TTheory.
Local Open Scope ring_scope.

Section Variational.
Variable R : realFieldType.

(** The quadratic form xᵀMx. *)
Definition qform n (M : 'M[R]_n) (x : 'cV[R]_n) : R := (x^T *m M *m x) 0 0.

Lemma qformD n (P Q : 'M[R]_n) x : qform (P + Q) x = qform P x + qform Q x.
Proof. by rewrite /qform mulmxDr mulmxDl mxE. Qed.

Lemma qformZ n (a : R) (M : 'M[R]_n) x : qform (a *: M) x = a * qform M x.
Proof. by rewrite /qform -scalemxAr -scalemxAl mxE. Qed.

Lemma qformN n (M : 'M[R]_n) x : qform (- M) x = - qform M x.
Proof. by rewrite -scaleN1r qformZ mulN1r. Qed.

Lemma qform_sum n (M : 'M[R]_n) x : qform M x = \sum_i \sum_j x i 0 * M i j * x j 0.
Proof.
rewrite /qform mxE exchange_big /=; apply: eq_bigr => j _; rewrite mxE big_distrl /=.
by apply: eq_bigr => i _; rewrite mxE.
Qed.

Lemma dot_sum n (x : 'cV[R]_n) : (x^T *m x) 0 0 = \sum_i x i 0 ^+ 2.
Proof. by rewrite mxE; apply: eq_bigr => i _; rewrite mxE expr2. Qed.

(** * Claim trsp.C4.weyl (Lemma C.4), variational form: Q ⪰ 0 gives xᵀPx ≤ xᵀ(P + Q)x for every x, hence
    every Rayleigh-quotient floor c of P on a set of vectors V is one of P + Q on V. *)
Theorem trsp_C4_weyl_variational n (P Q : 'M[R]_n) :
  (forall x, 0 <= qform Q x) ->
  (forall x, qform P x <= qform (P + Q) x) /\
  (forall (V : 'cV[R]_n -> Prop) (c : R),
     (forall x, V x -> c * (x^T *m x) 0 0 <= qform P x) ->
     (forall x, V x -> c * (x^T *m x) 0 0 <= qform (P + Q) x)).
Proof.
move=> psdQ; have le x : qform P x <= qform (P + Q) x by rewrite qformD ler_addl.
by split=> // V c hP x Vx; apply: le_trans (hP x Vx) (le x).
Qed.

(** The graph Laplacian L = D − W with D = diag(W𝟏). *)
Definition laplacian n (W : 'M[R]_n) : 'M[R]_n := diag_mx (\row_i \sum_j W i j) - W.

(** For symmetric W: xᵀLx = ½ Σ_ij W_ij (x_i − x_j)². *)
Lemma laplacian_quad n (W : 'M[R]_n) (x : 'cV[R]_n) : W^T = W ->
  qform (laplacian W) x = 2^-1 * \sum_i \sum_j W i j * (x i 0 - x j 0) ^+ 2.
Proof.
move=> symW; have Ws i j : W j i = W i j by rewrite -[in LHS]symW mxE.
have -> : \sum_i \sum_j W i j * (x i 0 - x j 0) ^+ 2 =
   \sum_i \sum_j W i j * x i 0 ^+ 2 + \sum_i \sum_j W i j * x j 0 ^+ 2
   - 2 * \sum_i \sum_j x i 0 * W i j * x j 0.
  rewrite mulr_sumr -!big_split -sumrB /=; apply: eq_bigr => i _.
  rewrite mulr_sumr -!big_split -sumrB /=; apply: eq_bigr => j _; ring.
have -> : \sum_i \sum_j W i j * x j 0 ^+ 2 = \sum_i \sum_j W i j * x i 0 ^+ 2.
  by rewrite exchange_big /=; apply: eq_bigr => i _; apply: eq_bigr => j _; rewrite Ws.
rewrite /laplacian qformD qformN -qform_sum.
have -> : qform (diag_mx (\row_i \sum_j W i j)) x = \sum_i \sum_j W i j * x i 0 ^+ 2.
  rewrite qform_sum; apply: eq_bigr => i _; rewrite (bigD1 i) //= big1 => [|j /negbTE nij]; last first.
    by rewrite mxE eq_sym nij mulr0n mulr0 mul0r.
  rewrite !mxE eqxx mulr1n addr0 mulr_sumr mulr_suml; apply: eq_bigr => j _; ring.
by field.
Qed.

(** Symmetric W ≥ 0 has a PSD Laplacian. *)
Lemma laplacian_psd n (W : 'M[R]_n) : W^T = W -> (forall i j, 0 <= W i j) ->
  forall x, 0 <= qform (laplacian W) x.
Proof.
move=> symW W0 x; rewrite laplacian_quad // mulr_ge0 ?invr_ge0 ?ler0n //.
by apply: sumr_ge0 => i _; apply: sumr_ge0 => j _; rewrite mulr_ge0 ?sqr_ge0.
Qed.

(** L𝟏 = 0. *)
Lemma laplacian_one n (W : 'M[R]_n) : laplacian W *m (const_mx 1 : 'cV[R]_n) = 0.
Proof.
apply/matrixP => i k; rewrite /laplacian mulmxBl mul_diag_mx !mxE mulr1; apply/eqP; rewrite subr_eq0.
by apply/eqP/eq_bigr => j _; rewrite mxE mulr1.
Qed.

(** W with its diagonal (self-loops) set to 0; self-loops do not change the Laplacian. *)
Definition drop_loops n (W : 'M[R]_n) : 'M[R]_n := \matrix_(i, j) (if i == j then 0 else W i j).

Lemma laplacian_drop_loops n (W : 'M[R]_n) : laplacian (drop_loops W) = laplacian W.
Proof.
apply/matrixP => i j; rewrite /drop_loops !mxE; case: eqP => [<-|_]; last by rewrite !mulr0n.
rewrite !mulr1n subr0 [in RHS](bigD1 i) //= [W i i + _]addrC addrK (bigD1 i) //= mxE eqxx add0r.
by apply: eq_bigr => k nik; rewrite mxE eq_sym (negbTE nik).
Qed.

(** * Claim trsp.C5.safety-net (Prop. C.5), variational form: for attention A ≥ 0 (row-stochastic or not),
    W_attn = (A + Aᵀ)/2, g ≥ 0 and any μ with μ xᵀx ≤ xᵀL_tri x on 𝟏^⊥: g μ xᵀx ≤ xᵀ(L_attn + g L_tri)x on 𝟏^⊥. *)
Theorem trsp_C5_safety_net_variational n (A Wtri : 'M[R]_n) (g mu : R) :
  (forall i j, 0 <= A i j) -> 0 <= g ->
  (forall x : 'cV[R]_n, (const_mx 1 : 'cV[R]_n)^T *m x = 0 -> mu * (x^T *m x) 0 0 <= qform (laplacian Wtri) x) ->
  forall x : 'cV[R]_n, (const_mx 1 : 'cV[R]_n)^T *m x = 0 ->
    g * mu * (x^T *m x) 0 0 <= qform (laplacian (2^-1 *: (A + A^T)) + g *: laplacian Wtri) x.
Proof.
move=> A0 g0 hmu x x1; rewrite qformD qformZ -mulrA ler_paddl ?ler_wpmul2l ?hmu //.
apply: laplacian_psd => [|i j]; last by rewrite !mxE mulr_ge0 ?invr_ge0 ?ler0n ?addr_ge0.
by rewrite linearZ /= linearD /= trmxK addrC.
Qed.

(** Σ_k [k = t] = 1. *)
Lemma sum_delta_ord n (t : 'I_n) : \sum_k (k == t)%:R = 1 :> R.
Proof. by rewrite (bigD1 t) //= eqxx big1 ?addr0 // => k /negbTE ->. Qed.

(** * Claim trsp.network.causal-ceiling: for every n ≥ 2 and every P with rows summing to 1 and P_ij = 0 for
    j > i (a causal row-stochastic operator), W = (P + Pᵀ)/2 and the last token t = n − 1, the test vector
    x = e_t − 𝟏/n has 𝟏ᵀx = 0, xᵀx = (n − 1)/n and xᵀL_W x = (1 − P_tt)/2 = (n/(n−1))((1 − P_tt)/2) xᵀx:
    column t of P holds only P_tt, so t has degree (1 − P_tt)/2 without its self-loop. *)
Theorem trsp_network_causal_ceiling n (P : 'M[R]_n) (t : 'I_n) :
  (2 <= n)%N -> t = n.-1 :> nat ->
  (forall i, \sum_j P i j = 1) -> (forall i j : 'I_n, (i < j)%N -> P i j = 0) ->
  let W := 2^-1 *: (P + P^T) in
  let x := delta_mx t 0 - n%:R^-1 *: const_mx 1 in
  [/\ (const_mx 1 : 'cV[R]_n)^T *m x = 0, (x^T *m x) 0 0 = (n%:R - 1) / n%:R,
      qform (laplacian W) x = (1 - P t t) / 2
    & qform (laplacian W) x = n%:R / (n%:R - 1) * ((1 - P t t) / 2) * (x^T *m x) 0 0].
Proof.
move=> n2 tE rows lower W x.
have n0 : n%:R != 0 :> R by rewrite pnatr_eq0 -lt0n (leq_trans _ n2).
have n10 : n%:R - 1 != 0 :> R.
  by rewrite subr_eq0 pnatr_eq1 neq_ltn n2 orbT.
have xE k : x k 0 = (k == t)%:R - n%:R^-1 by rewrite !mxE eqxx andbT mulr1.
have x1 : (const_mx 1 : 'cV[R]_n)^T *m x = 0.
  apply/matrixP => i j; rewrite (ord1 i) (ord1 j) !mxE.
  under eq_bigr do rewrite xE !mxE mul1r.
  by rewrite sumrB sum_delta_ord sumr_const card_ord -mulr_natl mulfV // subrr.
have xx : (x^T *m x) 0 0 = (n%:R - 1) / n%:R.
  rewrite dot_sum (eq_bigr (fun k => (k == t)%:R * (1 - 2 / n%:R) + n%:R^-2)); last first.
    by move=> k _; rewrite xE; case: (k == t); rewrite /= ?mul1r ?mul0r; field.
  rewrite big_split /= -mulr_suml sum_delta_ord sumr_const card_ord mul1r -mulr_natl.
  by field.
have symW : W^T = W by rewrite linearZ /= linearD /= trmxK addrC.
have symL : (laplacian W)^T = laplacian W.
  by rewrite /laplacian linearB /= symW tr_diag_mx.
have L1 := laplacian_one W.
have oneL : (const_mx 1 : 'cV[R]_n)^T *m laplacian W = 0.
  by rewrite -symL -trmx_mul L1 trmx0.
have qL : qform (laplacian W) x = laplacian W t t.
  have xT : x^T = (delta_mx t 0)^T - n%:R^-1 *: (const_mx 1 : 'cV[R]_n)^T.
    by rewrite /x linearB linearZ.
  rewrite /qform xT mulmxBl -scalemxAl oneL scaler0 subr0.
  rewrite /x mulmxBr -scalemxAr -!mulmxA L1 mulmx0 scaler0 subr0.
  by rewrite trmx_delta -colE -rowE !mxE.
have colt : \sum_j P j t = P t t.
  rewrite (bigD1 t) //= big1 ?addr0 // => k nkt; apply: lower.
  by rewrite ltn_neqAle nkt tE -ltnS prednK ?ltn_ord // (leq_trans _ n2).
have qt : qform (laplacian W) x = (1 - P t t) / 2.
  rewrite qL !mxE eqxx mulr1n.
  under eq_bigr do rewrite !mxE.
  by rewrite -mulr_sumr big_split /= rows colt; field.
split=> //; rewrite xx qt; field.
by rewrite n0 n10.
Qed.

(** * Claim trsp.network.causal-ceiling, the ceiling itself: every Rayleigh floor μ of L_W on 𝟏^⊥ (μ₂ is the
    largest, by Courant–Fischer) is at most (n/(n−1))(1 − P_tt)/2, and below n/(2(n−1)) when P_tt > 0. *)
Corollary trsp_network_causal_ceiling_mu2 n (P : 'M[R]_n) (t : 'I_n) (mu : R) :
  (2 <= n)%N -> t = n.-1 :> nat ->
  (forall i, \sum_j P i j = 1) -> (forall i j : 'I_n, (i < j)%N -> P i j = 0) ->
  (forall x : 'cV[R]_n, (const_mx 1 : 'cV[R]_n)^T *m x = 0 ->
     mu * (x^T *m x) 0 0 <= qform (laplacian (2^-1 *: (P + P^T))) x) ->
  mu <= n%:R / (n%:R - 1) * ((1 - P t t) / 2) /\ (0 < P t t -> mu < n%:R / (2 * (n%:R - 1))).
Proof.
move=> n2 tE rows lower hmu.
have [x1 xx _ qx] := trsp_network_causal_ceiling n2 tE rows lower.
have n1 : 0 < n%:R - 1 :> R by rewrite subr_gt0 ltr1n.
have nn1 : 0 < n%:R / (n%:R - 1) :> R by rewrite divr_gt0 // ltr0n (leq_trans _ n2).
have le : mu <= n%:R / (n%:R - 1) * ((1 - P t t) / 2).
  have := hmu _ x1; rewrite qx ler_pmul2r // xx divr_gt0 // ltr0n (leq_trans _ n2) //.
split=> // Pt; apply: le_lt_trans le _.
rewrite (_ : n%:R / (2 * (n%:R - 1)) = n%:R / (n%:R - 1) * (1 / 2)); last first.
  by field; rewrite gt_eqF.
by rewrite ltr_pmul2l // ltr_pmul2r ?invr_gt0 ?ltr0n // ltr_subl_addr ltr_addl.
Qed.

(** * Claim trsp.C.regular-gap: if every row sum of W is r ≠ 0 then D = diag(W𝟏) = rI and
    I − D⁻¹W = L/r. *)
Theorem trsp_C_regular_gap n (W : 'M[R]_n) (r : R) : r != 0 -> (forall i, \sum_j W i j = r) ->
  let D := diag_mx (\row_i \sum_j W i j) in
  [/\ D = r%:M, 1%:M - invmx D *m W = r^-1 *: laplacian W & 1%:M - r^-1 *: W = r^-1 *: laplacian W].
Proof.
move=> r0 rows D; have DE : D = r%:M.
  by rewrite /D (_ : \row_i _ = const_mx r) ?diag_const_mx //; apply/rowP => i; rewrite !mxE.
have lap : 1%:M - r^-1 *: W = r^-1 *: laplacian W.
  by rewrite /laplacian -/D DE scalerBr scale_scalar_mx mulVf.
by split=> //; rewrite DE invmx_scalar mul_scalar_mx.
Qed.

(** * Claim trsp.C4.weyl with subspaces: a level c that P's Rayleigh quotient reaches on a k-dimensional
    subspace U ({vspace} of MathComp, dim U = k) is reached by P + Q on U too; with Courant–Fischer
    (k = n − j + 1) this is λ_j(P + Q) ≥ λ_j(P). *)
Theorem trsp_C4_weyl_subspace n (P Q : 'M[R]_n) (k : nat) (c : R) :
  (forall x, 0 <= qform Q x) ->
  (exists U : {vspace 'cV[R]_n}, \dim U = k /\
     forall x, x \in U -> c * (x^T *m x) 0 0 <= qform P x) ->
  (exists U : {vspace 'cV[R]_n}, \dim U = k /\
     forall x, x \in U -> c * (x^T *m x) 0 0 <= qform (P + Q) x).
Proof.
move=> psdQ [U [dimU hU]]; exists U; split=> //.
exact: (proj2 (trsp_C4_weyl_variational P psdQ) (fun x => x \in U)).
Qed.
End Variational.
