(** SDEG App. D.2, Thm 7 (claim sdeg.c.Lm-singular): from the Gram identity of LowerOnes.v to the spectrum of
    L_m L_mᵀ, whose eigenvalues are the squared singular values σ_j(L_m)².

    Modelling. As in LowerOnes.v (0-based indices, L_m = [lower_ones], I − N = [lower_ones_inv],
    T = tridiag(−1; 2, …, 2, 1; −1) = [tridiag_end]). A candidate eigenvector is given by a sequence s with
    s 0%N = 0 and the Chebyshev recurrence s (p+2) = 2c·s (p+1) − s p, closed by the boundary condition
    s (m+1) = s m; its vector is v = (s 1, …, s m) ([\col_(i < m) s i.+1]). LowerOnesSines.v shows that
    s p = sin(pφ_j), c = cos φ_j, φ_j = (2j−1)π/(2m+1), j = 1..m, are such data over ℝ, with
    2 − 2cos φ_j = σ_j⁻² for σ_j = 1/(2 sin((2j−1)π/(4m+2))), pairwise distinct. Proved here, for every m:
    - [tridiag_chebyshev_eigen]: T v = (2 − 2c) v (any commutative ring);
    - [lower_ones_gram_inv_eigen]: L_m L_mᵀ v = (2 − 2c)⁻¹ v (any field, 2 − 2c ≠ 0);
    - [symmetric_distinct_spectrum]: a symmetric matrix with n nonzero eigenvectors of pairwise distinct
      eigenvalues has no other eigenvalue (any real field);
    - [sdeg_c_Lm_gram_spectrum]: given m such data with pairwise distinct c_j, nonzero s_j 1 and 2 − 2c_j ≠ 0,
      the eigenvalues of L_m L_mᵀ are exactly the (2 − 2c_j)⁻¹ (any real field). *)
From mathcomp Require Import all_ssreflect all_algebra.
From mathcomp Require Import ring.
Require Import SpecProof.LowerOnes SpecProof.Variational SpecProof.MinMax.
Set Implicit Arguments.
Unset Strict Implicit.
Unset Printing Implicit Defensive.
Import GRing.Theory Num.Theory Order.TTheory.
Local Open Scope ring_scope.

Section Chebyshev.
Variable R : comRingType.

Lemma sum_pick n (F : nat -> R) (p : nat) :
  \sum_(k < n) (k == p :> nat)%:R * F k = if (p < n)%N then F p else 0.
Proof.
case: ltnP => [lt | ge].
  rewrite (bigD1 (Ordinal lt)) //= eqxx mul1r big1 ?addr0 // => k neq.
  rewrite (_ : (k == p :> nat) = false) ?mul0r //; apply/negbTE; apply: contra neq => /eqP kp.
  by apply/eqP/val_inj.
rewrite big1 // => k _; rewrite (_ : (k == p :> nat) = false) ?mul0r //.
by apply/negbTE; rewrite neq_ltn (leq_trans (ltn_ord k) ge).
Qed.

(** (I − N) v = (s (i+1) − s i)_i. *)
Lemma lower_ones_inv_chebyshev m (s : nat -> R) : s 0%N = 0 ->
  lower_ones_inv R m *m \col_(i < m) s i.+1 = \col_(i < m) (s i.+1 - s i).
Proof.
move=> s0; apply/matrixP => i j; rewrite (ord1 j) !mxE.
under eq_bigr do rewrite !mxE /lower_ones_inv_entry mulrBl.
rewrite sumrB (eq_bigr (fun k : 'I_m => (k == i :> nat)%:R * s k.+1)); last by move=> k _; rewrite eq_sym.
rewrite (sum_pick _ (fun k => s k.+1)) ltn_ord; congr (_ - _).
move: (ltn_ord i); case: (nat_of_ord i) => [|i'] lt /=.
  by rewrite s0 big1 // => k _; rewrite mul0r.
rewrite (eq_bigr (fun k : 'I_m => (k == i' :> nat)%:R * s k.+1)); last by move=> k _; rewrite eqSS eq_sym.
rewrite (sum_pick _ (fun k => s k.+1)); case: ltnP => // ge.
by move: lt; rewrite ltnNge (leqW ge).
Qed.

(** (I − N)ᵀ w = (w_i − [i+1 < m] w_{i+1})_i. *)
Lemma lower_ones_inv_tr_apply m (w : nat -> R) :
  (lower_ones_inv R m)^T *m \col_(i < m) w i = \col_(i < m) (w i - if (i.+1 < m)%N then w i.+1 else 0).
Proof.
apply/matrixP => i j; rewrite (ord1 j) !mxE.
under eq_bigr do rewrite !mxE /lower_ones_inv_entry mulrBl.
by rewrite sumrB !sum_pick ltn_ord.
Qed.

(** T v = (2 − 2c) v for Chebyshev data closed by s (m+1) = s m. *)
Theorem tridiag_chebyshev_eigen m (c : R) (s : nat -> R) :
  s 0%N = 0 -> (forall p, s p.+2 = 2%:R * c * s p.+1 - s p) -> s m.+1 = s m ->
  tridiag_end R m *m \col_(i < m) s i.+1 = (2%:R - 2%:R * c) *: \col_(i < m) s i.+1.
Proof.
move=> s0 rec top; rewrite -lower_ones_gram -mulmxA lower_ones_inv_chebyshev //.
rewrite (lower_ones_inv_tr_apply _ (fun p => s p.+1 - s p)); apply/matrixP => i j; rewrite (ord1 j) !mxE.
have -> : (if (i.+1 < m)%N then s i.+2 - s i.+1 else 0) = s i.+2 - s i.+1.
  case: ltnP => // ge; have iE : i.+1 = m by apply/eqP; rewrite eqn_leq ge ltn_ord.
  by rewrite iE top subrr.
rewrite rec; ring.
Qed.

End Chebyshev.

Section Gram.
Variable F : fieldType.

(** L_m L_mᵀ v = (2 − 2c)⁻¹ v: T = (I − N)ᵀ(I − N) = (L_m L_mᵀ)⁻¹. *)
Theorem lower_ones_gram_inv_eigen m (c : F) (s : nat -> F) :
  s 0%N = 0 -> (forall p, s p.+2 = 2%:R * c * s p.+1 - s p) -> s m.+1 = s m -> 2%:R - 2%:R * c != 0 ->
  (lower_ones F m *m (lower_ones F m)^T) *m \col_(i < m) s i.+1
    = (2%:R - 2%:R * c)^-1 *: \col_(i < m) s i.+1.
Proof.
move=> s0 rec top l0; set v := \col_(i < m) s i.+1; set l := 2%:R - 2%:R * c.
have Tv := tridiag_chebyshev_eigen s0 rec top; rewrite -/v -/l in Tv.
have LLT : (lower_ones F m *m (lower_ones F m)^T) *m tridiag_end F m = 1%:M.
  rewrite -lower_ones_gram !mulmxA -(mulmxA (lower_ones F m)) -trmx_mul lower_ones_inv_mul trmx1 mulmx1.
  exact: lower_ones_mul_inv.
apply: (scalerI l0); rewrite scalerA mulfV // scale1r scalemxAr -Tv mulmxA LLT mul1mx.
by [].
Qed.

End Gram.

Section Spectrum.
Variable R : realFieldType.

(** A symmetric M with n nonzero eigenvectors (columns of V) of pairwise distinct eigenvalues has no other
    eigenvalue. *)
Theorem symmetric_distinct_spectrum n (M V : 'M[R]_n) (lam : 'I_n -> R) :
  M^T = M -> M *m V = V *m diag_mx (\row_j lam j) -> (forall j, col j V != 0) -> injective lam ->
  forall (mu : R) (x : 'cV[R]_n), x != 0 -> M *m x = mu *: x -> exists j, mu = lam j.
Proof.
move=> symM MV V0 inj mu x x0 Mx.
have Mcol j : M *m col j V = lam j *: col j V.
  apply/matrixP => i k; rewrite (ord1 k) [RHS]mxE [in RHS]mxE [RHS]mulrC.
  have := congr1 (fun A : 'M[R]_n => A i j) MV; rewrite mul_mx_diag !mxE => <-.
  by apply: eq_bigr => l _; rewrite !mxE.
(* ⟨u, w⟩ = 0 for eigenvectors u, w of distinct eigenvalues *)
have orth (u w : 'cV[R]_n) (a b : R) : M *m u = a *: u -> M *m w = b *: w -> a != b -> (u^T *m w) 0 0 = 0.
  move=> Mu Mw ab.
  have E : b * (u^T *m w) 0 0 = a * (u^T *m w) 0 0.
    have : (u^T *m (M *m w)) 0 0 = ((M *m u)^T *m w) 0 0 by rewrite trmx_mul symM mulmxA.
    by rewrite Mu Mw -scalemxAr linearZ /= -scalemxAl [(b *: (_ : 'M[R]_1)) 0 0]mxE [(a *: (_ : 'M[R]_1)) 0 0]mxE.
  apply/eqP; move/eqP: E; rewrite eq_sym -subr_eq0 -mulrBl mulf_eq0 subr_eq0 (negbTE ab).
  by [].
case: (boolP [exists j, mu == lam j]) => [/existsP [j /eqP ->] | none]; first by exists j.
exfalso; move: x0 => /negP; apply.
have Vx : V^T *m x = 0.
  apply/matrixP => j k; rewrite (ord1 k) coord_col [RHS]mxE (orth _ _ (lam j) mu) //.
  by apply: contra none => /eqP <-; apply/existsP; exists j.
have G : V^T *m V = diag_mx (\row_j ((col j V)^T *m col j V) 0 0).
  apply/matrixP => i j; rewrite -gram_col [RHS]mxE [X in X *+ _]mxE; case: eqP => [-> | /eqP ij]; first by rewrite mulr1n.
  by rewrite mulr0n (orth _ _ (lam i) (lam j)) //; apply: contra ij => /eqP /inj ->.
have unitV : V^T \in unitmx.
  rewrite unitmxE unitfE -det_tr trmxK; apply/eqP => d0.
  have : \det (V^T *m V) = 0 by rewrite det_mulmx d0 mulr0.
  rewrite G det_diag => /eqP; rewrite prodf_seq_eq0 => /hasP [j _]; rewrite mxE.
  by rewrite gt_eqF // dot_gt0.
by rewrite -(mulKmx unitV x) Vx mulmx0.
Qed.

(** Claim sdeg.c.Lm-singular, the spectrum: given m Chebyshev data (c_j, s_j) with s_j 0 = 0, the recurrence,
    s_j (m+1) = s_j m, s_j 1 ≠ 0, 2 − 2c_j ≠ 0 and pairwise distinct c_j, the vectors (s_j 1, …, s_j m) are
    eigenvectors of L_m L_mᵀ with eigenvalues (2 − 2c_j)⁻¹, and these are all of its eigenvalues. *)
Theorem sdeg_c_Lm_gram_spectrum m (c : 'I_m -> R) (s : 'I_m -> nat -> R) :
  (forall j, s j 0%N = 0) -> (forall j p, s j p.+2 = 2%:R * c j * s j p.+1 - s j p) -> (forall j, s j m.+1 = s j m) ->
  (forall j, s j 1%N != 0) -> (forall j, 2%:R - 2%:R * c j != 0) -> injective c ->
  [/\ forall j, (lower_ones R m *m (lower_ones R m)^T) *m \col_(i < m) s j i.+1
                = (2%:R - 2%:R * c j)^-1 *: \col_(i < m) s j i.+1
    & forall (mu : R) (x : 'cV[R]_m), x != 0 -> (lower_ones R m *m (lower_ones R m)^T) *m x = mu *: x ->
        exists j, mu = (2%:R - 2%:R * c j)^-1].
Proof.
move=> s0 rec top s1 l0 inj.
have eig j := lower_ones_gram_inv_eigen (s0 j) (rec j) (top j) (l0 j).
split=> // mu x x0 Mx.
pose V := \matrix_(i < m, j < m) s j i.+1.
have colV j : col j V = \col_(i < m) s j i.+1 by apply/matrixP => i k; rewrite !mxE.
apply: (symmetric_distinct_spectrum (V := V)) x0 Mx.
- by rewrite trmx_mul trmxK.
- apply/matrixP => i j.
  have cj (A : 'M[R]_m) : (A *m V) i j = (A *m col j V) i 0.
    by rewrite !mxE; apply: eq_bigr => k _; rewrite !mxE.
  have := congr1 (fun A : 'cV[R]_m => A i 0) (eig j); rewrite -colV => E.
  by rewrite cj E mul_mx_diag !mxE mulrC.
- move=> j; rewrite colV; apply/eqP => /matrixP /(_ (Ordinal (leq_ltn_trans (leq0n j) (ltn_ord j))) 0).
  by rewrite !mxE; apply/eqP.
- have two0 : (2%:R : R) != 0 by rewrite pnatr_eq0.
  move=> j k /invr_inj /eqP; rewrite (inj_eq (addrI _)) eqr_opp (inj_eq (mulfI two0)) => /eqP.
  exact: inj.
Qed.

End Spectrum.
