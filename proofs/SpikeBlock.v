(** SDEG App. C.5 (claim sdeg.c.spike-sv.corrected): the spike block of causal attention is close to the identity,
    δ_ℓ = ‖A₁₁ − I_k‖ ≤ √2(k − 1)/(ℓf) when the k spike weights are a_i ≥ ℓf; and with one spike and the bulk
    scores 0 the whole matrix is the Cesàro matrix, A_c = H_ℓ.

    Modelling. As in Causal.v and CausalRows.v: A_c is causal_attention a, 0-based ordinals (row i is the paper's
    token i + 1, so its a_i + i − 1 is a i + i%:R), H_ℓ is cesaro_mx. The spike block A₁₁ is the leading k × k
    block (ulsubmx) of A_c on ℓ = k + m tokens, which is causal_attention of the k spike weights
    ([sdeg_c_spike_block_leading]); ℓf is any f > 0 below the spike weights. The operator norm bound is stated
    for every vector: ‖(A₁₁ − I)x‖² ≤ (√2(k − 1)/f)²‖x‖² (the spectral norm is the ℓ₂-induced norm). The proof is
    Schur's test, proved here: (Σ_j w_j y_j)² ≤ (Σ_j w_j)(Σ_j w_j y_j²) for w ≥ 0 (weighted Cauchy–Schwarz), so
    ‖Mx‖² ≤ (max row sum of |M|)(max column sum of |M|)‖x‖²; the rows of |A₁₁ − I| sum to 2i/(a_i + i) ≤ 2(k − 1)/f
    and its columns to j/(a_j + j) + Σ_{i>j} 1/(a_i + i) ≤ (k − 1)/f. Entries in a real closed field (ℝ is one;
    √2 is Num.sqrt 2). *)
From mathcomp Require Import all_ssreflect all_algebra.
From mathcomp Require Import ring.
Require Import SpecProof.Causal SpecProof.CausalRows.
Set Implicit Arguments.
Unset Strict Implicit.
Unset Printing Implicit Defensive.
Import GRing.Theory Num.Theory Order.TTheory.
Local Open Scope ring_scope.

Section Leading.
Variable F : fieldType.

(** A₁₁, the leading k × k block of A_c on k + m tokens, is causal attention on the k spike weights, and the block
    above the bulk, A₁₂, is 0. *)
Theorem sdeg_c_spike_block_leading k m (a : 'I_(k + m) -> F) :
  ulsubmx (causal_attention a) = causal_attention (fun i : 'I_k => a (lshift m i)) /\
  ursubmx (causal_attention a) = 0.
Proof.
split; apply/matrixP => i j; rewrite !mxE //=.
by rewrite ifF ?ifF //; [apply/negbTE; rewrite -val_eqE /= neq_ltn ltn_addr ?orbT //|];
   apply/negbTE; rewrite -leqNgt (leq_trans (ltnW (ltn_ord i))) // leq_addr.
Qed.

(** One spike and bulk scores 0 (a_i = e^0 = 1 for every token after the first, a_1 = e^{s_1} ≠ 0 anything): A_c is
    the Cesàro matrix H_ℓ, entrywise, for every ℓ. *)
Theorem sdeg_c_spike_cesaro l (a : 'I_l -> F) :
  (forall i : 'I_l, (0 < i)%N -> a i = 1) -> (forall i : 'I_l, a i != 0) -> causal_attention a = cesaro_mx F l.
Proof.
move=> bulk a0; apply/matrixP => i j; rewrite !mxE.
case: (ltngtP j i) => [ji | ij | e].
- by rewrite bulk ?(leq_ltn_trans (leq0n j) ji) // mulrS.
- by rewrite ifF ?ltnNge ?(ltnW ij) //; apply/negbTE; rewrite -val_eqE /= gtn_eqF.
- rewrite ifT; last by apply/eqP/val_inj.
  case: (posnP i) => [i0 | ipos].
    by rewrite i0 addr0 mulfV // invr1.
  by rewrite bulk // mul1r mulrS.
Qed.

End Leading.

Section Block.
Variable R : rcfType.

(** Weighted Cauchy–Schwarz: (Σ_j m_j x_j)² ≤ (Σ_j |m_j|)(Σ_j |m_j| x_j²). *)
Lemma weighted_cs (I : finType) (m x : I -> R) :
  (\sum_i m i * x i) ^+ 2 <= (\sum_i `|m i|) * (\sum_i `|m i| * x i ^+ 2).
Proof.
have nK (y : R) : `|y| ^+ 2 = y ^+ 2 := real_normK (num_real y).
have key j k : m j * x j * (m k * x k) <= 2^-1 * (`|m j| * `|m k| * (x j ^+ 2 + x k ^+ 2)).
  apply: (le_trans (ler_norm _)); rewrite !normrM.
  have -> : `|m j| * `|x j| * (`|m k| * `|x k|) = `|m j| * `|m k| * (`|x j| * `|x k|) by ring.
  rewrite ler_pdivl_mull ?ltr0n // mulrCA; apply: ler_wpmul2l; first by rewrite mulr_ge0 ?normr_ge0.
  rewrite -subr_ge0 -(nK (x j)) -(nK (x k)).
  have -> : `|x j| ^+ 2 + `|x k| ^+ 2 - 2 * (`|x j| * `|x k|) = (`|x j| - `|x k|) ^+ 2 by ring.
  exact: sqr_ge0.
rewrite expr2 mulr_suml.
apply: (@le_trans _ _ (\sum_j \sum_k 2^-1 * (`|m j| * `|m k| * (x j ^+ 2 + x k ^+ 2)))).
  by apply: ler_sum => j _; rewrite mulr_sumr; apply: ler_sum => k _; exact: key.
rewrite le_eqVlt; apply/orP; left; apply/eqP.
have A : \sum_j \sum_k `|m j| * `|m k| * x j ^+ 2 = (\sum_j `|m j| * x j ^+ 2) * \sum_k `|m k|.
  by rewrite mulr_suml; apply: eq_bigr => j _; rewrite mulr_sumr; apply: eq_bigr => k _; ring.
have B : \sum_j \sum_k `|m j| * `|m k| * x k ^+ 2 = (\sum_j `|m j|) * \sum_k `|m k| * x k ^+ 2.
  by rewrite mulr_suml; apply: eq_bigr => j _; rewrite mulr_sumr; apply: eq_bigr => k _; ring.
transitivity (2^-1 * (\sum_j \sum_k `|m j| * `|m k| * x j ^+ 2 + \sum_j \sum_k `|m j| * `|m k| * x k ^+ 2)).
  rewrite -big_split mulr_sumr; apply: eq_bigr => j _; rewrite -big_split mulr_sumr.
  by apply: eq_bigr => k _ /=; ring.
by rewrite A B; field.
Qed.

Lemma dot_sum_sq n (y : 'cV[R]_n) : (y^T *m y) 0 0 = \sum_i y i 0 ^+ 2.
Proof. by rewrite mxE; apply: eq_bigr => i _; rewrite mxE expr2. Qed.

(** Schur's test: ‖Mx‖² ≤ (max row sum of |M|)(max column sum of |M|)‖x‖². *)
Lemma schur_test n (M : 'M[R]_n) (r c : R) (x : 'cV[R]_n) : 0 <= r ->
  (forall i, \sum_j `|M i j| <= r) -> (forall j, \sum_i `|M i j| <= c) ->
  ((M *m x)^T *m (M *m x)) 0 0 <= r * c * (x^T *m x) 0 0.
Proof.
move=> r0 rows cols; rewrite !dot_sum_sq.
apply: (@le_trans _ _ (\sum_i r * \sum_j `|M i j| * x j 0 ^+ 2)).
  apply: ler_sum => i _; rewrite mxE; apply: (le_trans (weighted_cs _ _)).
  by rewrite ler_wpmul2r ?rows // sumr_ge0 // => j _; rewrite mulr_ge0 ?normr_ge0 ?sqr_ge0.
rewrite -mulr_sumr exchange_big /= -mulrA ler_wpmul2l // mulr_sumr; apply: ler_sum => j _.
by rewrite -mulr_suml; apply: ler_wpmul2r; rewrite ?sqr_ge0 ?cols.
Qed.

Lemma sum_if_lt k (i : nat) (c : R) : (i <= k)%N -> \sum_(j < k) (if (j < i)%N then c else 0) = c *+ i.
Proof.
move=> ik; rewrite -(big_mkord xpredT (fun j => if (j < i)%N then c else 0)) /=.
rewrite (big_cat_nat _ _ _ (leq0n i) ik) /= [X in _ + X]big1_seq ?addr0; last first.
  by move=> j; rewrite mem_index_iota => /and3P [_ ij _]; rewrite ltnNge ij.
by rewrite (eq_big_seq (fun _ => c)) ?sumr_const_nat ?subn0 // => j; rewrite mem_index_iota => /andP [_ ->].
Qed.

Lemma sum_if_gt k (j : nat) (c : R) : (j < k)%N -> \sum_(i < k) (if (j < i)%N then c else 0) = c *+ (k - j.+1).
Proof.
move=> jk; rewrite -(big_mkord xpredT (fun i => if (j < i)%N then c else 0)) /=.
rewrite (big_cat_nat _ _ _ (leq0n j.+1) jk) /= big1_seq ?add0r; last first.
  by move=> i; rewrite mem_index_iota => /and3P [_ _ ij]; rewrite ltnNge -ltnS ij.
by rewrite (eq_big_seq (fun _ => c)) ?sumr_const_nat // => i; rewrite mem_index_iota => /andP [-> _].
Qed.

(** Claim sdeg.c.spike-sv.corrected, δ_ℓ: for spike weights a_i ≥ f > 0 (i < k), every x has
    ‖(A₁₁ − I_k)x‖² ≤ (√2(k − 1)/f)²‖x‖², i.e. ‖A₁₁ − I_k‖ ≤ √2(k − 1)/(ℓf(ℓ)) with f = ℓf(ℓ). *)
Theorem sdeg_c_spike_block (k : nat) (a : 'I_k -> R) (f : R) :
  (0 < k)%N -> 0 < f -> (forall i, f <= a i) ->
  forall x : 'cV[R]_k,
    (((causal_attention a - 1%:M) *m x)^T *m ((causal_attention a - 1%:M) *m x)) 0 0
      <= (Num.sqrt 2 * (k%:R - 1) / f) ^+ 2 * (x^T *m x) 0 0.
Proof.
move=> k0 F0 af x.
set X := causal_attention a - 1%:M.
have s0 i : 0 < a i + i%:R by rewrite (lt_le_trans F0) // ler_paddr ?ler0n.
have invf i : (a i + i%:R)^-1 <= f^-1 by rewrite lef_pinv ?posrE // ?ler_paddr ?ler0n.
have ik (i : 'I_k) : i%:R <= k%:R - 1 :> R by rewrite ler_subr_addr -mulrSr ler_nat.
have k1 : 0 <= k%:R - 1 :> R by rewrite subr_ge0 ler1n.
(* |X_ij| ≤ Y_ij := [j < i]/f + [j = i]·i/f *)
have XY i j : `|X i j| <= (if (j < i)%N then f^-1 else 0) + (if j == i then i%:R / f else 0).
  rewrite /X !mxE; case: (ltngtP j i) => [ji | ij | e].
  - have e1 : (i == j) = false by rewrite -val_eqE /= (gtn_eqF ji).
    have e2 : (j == i) = false by rewrite -val_eqE /= (ltn_eqF ji).
    by rewrite e1 e2 subr0 addr0 ger0_norm; [exact: invf | rewrite invr_ge0 ltW].
  - have e1 : (i == j) = false by rewrite -val_eqE /= (ltn_eqF ij).
    have e2 : (j == i) = false by rewrite -val_eqE /= (gtn_eqF ij).
    by rewrite e1 e2 subrr normr0 addr0.
  - have ji : j = i by apply/val_inj.
    rewrite ji !eqxx add0r.
    have -> : a i / (a i + i%:R) - 1%:R = - (i%:R / (a i + i%:R)) by field; rewrite gt_eqF.
    rewrite normrN ger0_norm; last by rewrite divr_ge0 ?ler0n ?ltW.
    by apply: ler_wpmul2l; rewrite ?ler0n.
have sum_delta (i : 'I_k) (d : R) : \sum_(j < k) (if j == i then d else 0) = d.
  by rewrite (bigD1 i) //= eqxx big1 ?addr0 // => j /negbTE ->.
have sum_delta' (j : 'I_k) (d : 'I_k -> R) : \sum_(i < k) (if j == i then d i else 0) = d j.
  by rewrite (bigD1 j) //= eqxx big1 ?addr0 // => i; rewrite eq_sym => /negbTE ->.
rewrite (_ : (Num.sqrt 2 * (k%:R - 1) / f) ^+ 2 = (2 * (k%:R - 1) / f) * ((k%:R - 1) / f)); last first.
  by rewrite !exprMn sqr_sqrtr ?ler0n //; field; rewrite gt_eqF.
apply: schur_test; first by apply: divr_ge0; [apply: mulr_ge0; rewrite ?ler0n | apply: ltW].
- move=> i; apply: (le_trans (ler_sum _ (fun j _ => XY i j))) => /=.
  rewrite big_split /= sum_if_lt ?(ltnW (ltn_ord i)) // sum_delta.
  have -> : f^-1 *+ i + i%:R / f = 2 * i%:R / f by rewrite -[f^-1 *+ i]mulr_natl; field; rewrite gt_eqF.
  apply: ler_wpmul2r; first by rewrite invr_ge0 ltW.
  by apply: ler_wpmul2l; rewrite ?ler0n ?ik.
- move=> j; apply: (le_trans (ler_sum _ (fun i _ => XY i j))) => /=.
  rewrite big_split /= sum_if_gt // (sum_delta' j (fun i : 'I_k => i%:R / f)).
  have -> : f^-1 *+ (k - j.+1) + j%:R / f = (k - j.+1 + j)%N%:R / f.
    by rewrite natrD -[f^-1 *+ _]mulr_natl; field; rewrite gt_eqF.
  apply: ler_wpmul2r; first by rewrite invr_ge0 ltW.
  by rewrite ler_subr_addr -mulrSr ler_nat -addnS subnK.
Qed.

End Block.
