(** SDEG App. C.2, proof of Thm 2 (claim sdeg.b.charpoly), for every ℓ: the characteristic
    polynomial of the bidirectional canonical attention by the matrix determinant lemma, and its
    block triangular form.

    Modelling. Indices are 0-based ordinals i : 'I_ℓ; entries lie in any field F (ℝ with
    a_i = e^{s_i} > 0 among them). A_b is the matrix the catalogue states, softmax(Σ) with
    (A_b)_ii = a_i/(a_i + ℓ − 1) and (A_b)_ij = 1/(a_i + ℓ − 1) for j ≠ i; d_i = (a_i − 1)/(a_i + ℓ − 1),
    z_i = 1/(a_i + ℓ − 1), D = diag(d), and A_b = D + z𝟏ᵀ is proved, not assumed. The characteristic
    polynomial is MathComp's char_poly, det(X·I − A) over {poly F}; the catalogue's
    Π(λ − d_i)(1 − Σ z_i/(λ − d_i)) has poles at the d_i, so it is stated at every λ ∉ {d_i}, beside
    the polynomial identity Π(X − d_i) − Σ_i z_i Π_{j≠i}(X − d_j) that holds everywhere. For the block
    form, u = c·𝟏 with c²ℓ = 1 (c = 1/√ℓ over ℝ) and Q is any ℓ × m matrix with 𝟏ᵀQ = 0: an orthonormal
    basis of 𝟏^⊥ (m = ℓ − 1) is one; orthonormality is not needed. It uses A_b𝟏 = 𝟏, hence
    a_i + ℓ − 1 ≠ 0 (true for a_i > 0). *)
From mathcomp Require Import all_ssreflect all_algebra.
Set Implicit Arguments.
Unset Strict Implicit.
Unset Printing Implicit Defensive.
Import GRing.Theory.
Local Open Scope ring_scope.

Section RankOne.
Variable R : comRingType.

(** The matrix determinant lemma over any commutative ring, multiplied by det M so that M need not
    be invertible: the block matrix [[1, −vᵀ], [u, M]] factored two ways. *)
Lemma det_rank_one_mul n (M : 'M[R]_n) (u v : 'cV[R]_n) :
  \det (M + u *m v^T) * \det M = (\det M + (v^T *m \adj M *m u) 0 0) * \det M.
Proof.
pose B := block_mx (1%:M : 'M_1) (- v^T) u M.
have lower : block_mx (1%:M : 'M_1) 0 u 1%:M *m block_mx 1%:M (- v^T) 0 (M + u *m v^T) = B.
  rewrite mulmx_block ?mul1mx ?mul0mx ?mulmx0 ?add0r ?addr0 ?mulmx1 ?mulmxN.
  by rewrite addrCA addNr addr0.
have right : B *m block_mx ((\det M)%:M : 'M_1) 0 (- (\adj M *m u)) 1%:M
             = block_mx ((\det M)%:M + v^T *m \adj M *m u) (- v^T) 0 M.
  rewrite mulmx_block ?mul1mx ?mulmx0 ?mulmx1 ?add0r ?addr0 ?mulmxN ?opprK ?mulmxA.
  by rewrite !mulNmx opprK mul_mx_adj scalar_mxC subrr.
have detB : \det B = \det (M + u *m v^T).
  by rewrite -lower det_mulmx det_lblock det_ublock !det1 !mul1r.
move: (congr1 determinant right).
rewrite det_mulmx detB det_lblock det_ublock det1 mulr1 !det_mx11 !mxE => ->.
by rewrite mulr1n.
Qed.

End RankOne.

(** The adjugate of a diagonal matrix with nonzero entries (in an integral domain), from M·adj M = det M. *)
Lemma adj_diag (R : idomainType) n (m : 'I_n -> R) : (forall i, m i != 0) ->
  \adj (diag_mx (\row_i m i)) = diag_mx (\row_i \prod_(j | j != i) m j).
Proof.
move=> nz; apply/matrixP => i j.
have := congr1 (fun A : 'M[R]_n => A i j) (mul_mx_adj (diag_mx (\row_k m k))).
rewrite mul_diag_mx !mxE det_diag (bigD1 i) //= mxE -mulrnAr.
under eq_bigr do rewrite mxE.
by move/(mulfI (nz i)).
Qed.

Section Bidirectional.
Variable F : fieldType.

Definition diag_plus_rank_one l (d z : 'I_l -> F) : 'M[F]_l :=
  diag_mx (\row_i d i) + \col_i z i *m const_mx 1.

(** det(X·I − D − z𝟏ᵀ) = Π(X − d_i) − Σ_i z_i Π_{j≠i}(X − d_j) over {poly F}; det(X·I − D) is monic, so it cancels. *)
Theorem char_poly_diag_plus_rank_one l (d z : 'I_l -> F) :
  char_poly (diag_plus_rank_one d z)
  = \prod_i ('X - (d i)%:P) - \sum_i (z i)%:P * \prod_(j | j != i) ('X - (d j)%:P).
Proof.
pose m i := 'X - (d i)%:P.
pose M := diag_mx (\row_i m i).
pose u := \col_i (- (z i)%:P) : 'cV_l.
pose v := const_mx 1 : 'cV[{poly F}]_l.
have nz i : m i != 0 by rewrite polyXsubC_eq0.
have detM : \det M = \prod_i m i by rewrite det_diag; apply: eq_bigr => i _; rewrite mxE.
have mx : char_poly_mx (diag_plus_rank_one d z) = M + u *m v^T.
  apply/matrixP => i j; rewrite !mxE big_ord1 !mxE mulr1 polyCD polyCMn.
  by rewrite mulrnBl opprD addrA big_ord1 !mxE mulr1.
rewrite /char_poly mx; apply: (mulIf (_ : \det M != 0)).
  by rewrite detM monic_neq0 // monic_prod_XsubC.
rewrite det_rank_one_mul adj_diag //; congr (_ * _).
rewrite detM; congr (_ + _).
rewrite mxE -sumrN; apply: eq_bigr => i _.
by rewrite mul_mx_diag !mxE mul1r mulrN mulrC.
Qed.


Lemma det_horner_char_poly n (A : 'M[F]_n) x : \det (x%:M - A) = (char_poly A).[x].
Proof.
rewrite horner_sum; apply: eq_bigr => s _.
rewrite hornerM horner_exp !hornerE; congr (_ * _).
rewrite (big_morph _ (fun p q => hornerM p q x) (hornerC 1 x)).
by apply: eq_bigr => i _; rewrite !mxE !(hornerE, hornerMn).
Qed.

Theorem det_diag_plus_rank_one_secular l (d z : 'I_l -> F) (lam : F) :
  (forall i, lam != d i) ->
  \det (lam%:M - diag_plus_rank_one d z)
  = \prod_i (lam - d i) * (1 - \sum_i z i / (lam - d i)).
Proof.
move=> ne; rewrite det_horner_char_poly char_poly_diag_plus_rank_one.
rewrite hornerD hornerN horner_sum horner_prod mulrBr mulr1 mulr_sumr.
under eq_bigr do rewrite hornerXsubC.
congr (_ - _); apply: eq_bigr => i _.
rewrite hornerM hornerC horner_prod [\prod_(j < l) _](bigD1 i) //=.
rewrite [RHS]mulrC [RHS]mulrA divfK ?subr_eq0 //.
by congr (_ * _); apply: eq_bigr => j _; rewrite hornerXsubC.
Qed.


Theorem block_form_diag_plus_rank_one l m (D : 'M[F]_l) (z : 'cV[F]_l) (Q : 'M[F]_(l, m)) (c : F) :
  let A := D + z *m (const_mx 1 : 'rV[F]_l) in
  let u := c *: (const_mx 1 : 'cV[F]_l) in
  A *m const_mx 1 = const_mx 1 :> 'cV[F]_l -> c ^+ 2 * l%:R = 1 -> (const_mx 1 : 'rV[F]_l) *m Q = 0 ->
  (row_mx u Q)^T *m A *m row_mx u Q = block_mx 1%:M (u^T *m D *m Q) 0 (Q^T *m D *m Q).
Proof.
move=> A u row1 norm1 perpQ.
have Au : A *m u = u by rewrite /u -scalemxAr row1.
have uQ : u^T *m z *m (const_mx 1 : 'rV[F]_l) *m Q = 0 by rewrite -mulmxA perpQ mulmx0.
have Qu : Q^T *m u = 0.
  by rewrite /u -scalemxAr -[const_mx 1 as X in Q^T *m X]trmx_const -trmx_mul perpQ trmx0 scaler0.
rewrite tr_row_mx mul_col_mx mul_col_row -!mulmxA Au Qu.
rewrite /A !mulmxDl !mulmxDr !mulmxA uQ -[Q^T *m z *m _ *m Q]mulmxA perpQ mulmx0 !addr0.
congr block_mx; apply/matrixP => i j; rewrite !ord1 !mxE eqxx.
under eq_bigr do rewrite !mxE.
by rewrite sumr_const card_ord !mulr1 -expr2 -mulr_natr norm1.
Qed.


Definition bidirectional_attention l (a : 'I_l -> F) : 'M[F]_l :=
  \matrix_(i, j) (if j == i then a i / (a i + l.-1%:R) else (a i + l.-1%:R)^-1).

Definition canonical_d l (a : 'I_l -> F) i := (a i - 1) / (a i + l.-1%:R).
Definition canonical_z l (a : 'I_l -> F) i := (a i + l.-1%:R)^-1.

Lemma bidirectional_attention_decomposition l (a : 'I_l -> F) :
  bidirectional_attention a = diag_plus_rank_one (canonical_d a) (canonical_z a).
Proof.
apply/matrixP => i j; rewrite !mxE big_ord1 !mxE mulr1 /canonical_d /canonical_z eq_sym.
case: (i == j); rewrite ?mulr1n ?mulr0n ?add0r //.
by rewrite -[X in _ = _ + X]mul1r -mulrDl subrK.
Qed.

Lemma bidirectional_attention_rows l (a : 'I_l -> F) :
  (forall i, a i + l.-1%:R != 0) ->
  diag_plus_rank_one (canonical_d a) (canonical_z a) *m const_mx 1 = const_mx 1 :> 'cV[F]_l.
Proof.
move=> nz; apply/matrixP => i j; rewrite mulmxDl mul_diag_mx -mulmxA !mxE big_ord1 !mxE.
under eq_bigr do rewrite !mxE mulr1.
rewrite sumr_const card_ord mulr1 /canonical_d /canonical_z.
case: l a nz i => [|n] a nz i; first by case: i.
rewrite /= [_^-1 * _]mulrC -mulrDl mulrSr addrA addrAC subrK.
by rewrite divff // nz.
Qed.


(** The claim sdeg.b.charpoly for A_b, every ℓ: the characteristic polynomial as a polynomial
    identity, its secular form at every λ off the d_i, and the block triangular form in any basis
    [u, Q] with u = c·𝟏, c²ℓ = 1 (c = 1/√ℓ over ℝ) and 𝟏ᵀQ = 0. *)
Theorem sdeg_b_charpoly l (a : 'I_l -> F) :
  let A := bidirectional_attention a in
  let d := canonical_d a in
  let z := canonical_z a in
  [/\ char_poly A = \prod_i ('X - (d i)%:P) - \sum_i (z i)%:P * \prod_(j | j != i) ('X - (d j)%:P),
      forall lam, (forall i, lam != d i) ->
        \det (lam%:M - A) = \prod_i (lam - d i) * (1 - \sum_i z i / (lam - d i))
    & (forall i, a i + l.-1%:R != 0) ->
      forall m (Q : 'M[F]_(l, m)) (c : F), c ^+ 2 * l%:R = 1 -> (const_mx 1 : 'rV[F]_l) *m Q = 0 ->
        let u := c *: (const_mx 1 : 'cV[F]_l) in
        let D := diag_mx (\row_i d i) in
        (row_mx u Q)^T *m A *m row_mx u Q = block_mx 1%:M (u^T *m D *m Q) 0 (Q^T *m D *m Q)].
Proof.
rewrite /= bidirectional_attention_decomposition; split.
- exact: char_poly_diag_plus_rank_one.
- exact: det_diag_plus_rank_one_secular.
- move=> nz m Q c norm1 perpQ.
  by apply: block_form_diag_plus_rank_one => //; apply: bidirectional_attention_rows.
Qed.

End Bidirectional.
