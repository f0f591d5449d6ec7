(** SDEG App. E (claim sdeg.E.orientation-average), its probability step in finite form: averaging a softmax
    row over all relabellings of its scores gives 1/n at every entry (1/(i+1) on the visible columns of causal
    row i, 0 beyond), and a matrix whose rows sum to 1 and are exchangeable is 𝟏𝟏ᵀ/n (bidirectional) or the
    Cesàro matrix H_ℓ (causal, rows exchangeable over their visible columns), for every n and ℓ.

    Modelling. Orientation.v's softmax_row e x j = e(x_j)/Σ_m e(x_m) over a field F with any e : F → F
    (exp over ℝ); a relabelling of the scores is x ∘ s for s : {perm 'I_n}, and the uniform average over the
    symmetric group is (n!)⁻¹ Σ_s. Causal row i (0-based, so i + 1 visible columns 0..i) has its visible scores
    y : 'I_(i+1) → F; masked_softmax_row puts softmax_row e y at the columns j ≤ i and 0 at the masked columns
    j > i of a length-ℓ row. "Exchangeable" is stated on the matrix of expected entries: E = E·perm_mx s for
    every permutation s (columns), or E_i,s(j) = E_ij for every s fixing the columns beyond i (causal).
    Characteristic conditions n ≠ 0, n! ≠ 0 in F hold in ℝ. Left to prose (not formalised): the measure
    theory — that Haar-distributed U, V make the scores of a row exchangeable given Σ, so that the expected
    softmax row is the symmetric-group average above; that expectations of these bounded entries exist and
    are linear; the invariance of Haar measure on O(ℓ) under permutation matrices (e.g. Folland, A Course in
    Abstract Harmonic Analysis, §2.2; exchangeability as in Kallenberg, Probabilistic Symmetries and
    Invariance Principles, ch. 1). *)
From mathcomp Require Import all_ssreflect all_fingroup all_algebra.
From mathcomp Require Import ring.
Require Import SpecProof.Orientation SpecProof.CausalRows.
Set Implicit Arguments.
Unset Strict Implicit.
Unset Printing Implicit Defensive.
Import GRing.Theory.
Local Open Scope ring_scope.

Section Average.
Variable F : fieldType.
Variable e : F -> F.

(** Σ_s f(s j) does not depend on j (reindex s ↦ (j j')·s). *)
Lemma perm_sum_col_invariant n (f : 'I_n -> F) (j j' : 'I_n) :
  \sum_(s : {perm 'I_n}) f (s j) = \sum_(s : {perm 'I_n}) f (s j').
Proof.
rewrite (reindex_inj (mulgI (tperm j j'))) /=.
by apply: eq_bigr => s _; rewrite permM tpermL.
Qed.

Lemma sum_perm_const n (c : F) : \sum_(s : {perm 'I_n}) c = c * n`!%:R.
Proof. by rewrite sumr_const card_Sn mulr_natr. Qed.

(** * Claim sdeg.E.orientation-average: Σ_{s ∈ S_n} softmax(x ∘ s)_j = (n − 1)!. *)
Theorem sdeg_E_orientation_sum n (x : 'I_n -> F) (j : 'I_n) :
  \sum_m e (x m) != 0 -> n%:R != 0 :> F ->
  \sum_(s : {perm 'I_n}) softmax_row e (fun m => x (s m)) j = (n.-1)`!%:R.
Proof.
move=> nz n0; under eq_bigr do rewrite softmax_relabel.
have tot : \sum_(k : 'I_n) \sum_(s : {perm 'I_n}) softmax_row e x (s j) = n`!%:R.
  transitivity (\sum_(k : 'I_n) \sum_(s : {perm 'I_n}) softmax_row e x (s k)).
    by apply: eq_bigr => k _; apply: (perm_sum_col_invariant (softmax_row e x)).
  rewrite exchange_big /= (eq_bigr (fun _ => 1)) ?sum_perm_const ?mul1r // => s _.
  by rewrite -(softmax_row_sum nz) [RHS](reindex_inj (@perm_inj _ s)).
move: tot; rewrite sumr_const card_ord; case: n x j nz n0 => [|n] x j nz n0; first by case: j.
by rewrite factS natrM => h; apply: (mulfI n0); rewrite /= -h mulr_natl.
Qed.

(** * Claim sdeg.E.orientation-average: the average over the symmetric group of softmax(x ∘ s)_j is 1/n. *)
Theorem sdeg_E_orientation_average n (x : 'I_n -> F) (j : 'I_n) :
  \sum_m e (x m) != 0 -> n`!%:R != 0 :> F ->
  (n`!%:R)^-1 * (\sum_(s : {perm 'I_n}) softmax_row e (fun m => x (s m)) j) = n%:R^-1.
Proof.
case: n x j => [|n] x j; first by case: j.
move=> nz; rewrite factS natrM mulf_eq0 negb_or => /andP [n0 f0].
rewrite sdeg_E_orientation_sum //=; field; by rewrite -mulrS n0 f0.
Qed.

(** Causal row i of length ℓ: softmax of the visible scores y at columns j ≤ i, 0 at the masked ones. *)
Definition masked_softmax_row l (i : nat) (y : 'I_i.+1 -> F) (j : 'I_l) : F :=
  if (j <= i)%N then softmax_row e y (inord j) else 0.

(** * Claim sdeg.E.orientation-average, causal: averaging over the permutations of the i + 1 visible columns
    gives 1/(i+1) at j ≤ i and 0 beyond (0-based i). *)
Theorem sdeg_E_orientation_average_causal l (i : 'I_l) (y : 'I_i.+1 -> F) (j : 'I_l) :
  \sum_m e (y m) != 0 -> i.+1`!%:R != 0 :> F ->
  (i.+1`!%:R)^-1 * (\sum_(s : {perm 'I_i.+1}) masked_softmax_row (fun m => y (s m)) j)
  = if (j <= i)%N then (i.+1%:R)^-1 else 0.
Proof.
move=> nz f0; rewrite /masked_softmax_row; case: leqP => ji /=.
  exact: sdeg_E_orientation_average.
by rewrite big1 ?mulr0.
Qed.

End Average.

Section Exchangeable.
Variable F : fieldType.

(** * Claim sdeg.E.orientation-average, the exchangeability step: rows summing to 1 and E = E·perm_mx s for
    every s force E = 𝟏𝟏ᵀ/n (const_mx n⁻¹; see ones_outer_const). *)
Theorem sdeg_E_exchangeable_rows n (E : 'M[F]_n) :
  n%:R != 0 :> F -> (forall i, \sum_j E i j = 1) ->
  (forall s : {perm 'I_n}, E = E *m perm_mx s) -> E = const_mx n%:R^-1.
Proof.
move=> n0 rows hE; have ex i j j' : E i j = E i j'.
  have := hE ((tperm j j')^-1)%g; rewrite -col_permE => /matrixP /(_ i j).
  by rewrite mxE tpermL.
by apply/matrixP => i j; rewrite mxE (equal_parts_of_one n0 (ex i) (rows i)).
Qed.

(** * Claim sdeg.E.orientation-average, causal exchangeability step: a lower-triangular E with rows summing
    to 1 and each row i exchangeable over its visible columns 0..i is the Cesàro matrix H_ℓ. *)
Theorem sdeg_E_exchangeable_causal l (E : 'M[F]_l) :
  (forall i : 'I_l, i.+1%:R != 0 :> F) ->
  (forall i, \sum_j E i j = 1) -> (forall i j : 'I_l, (i < j)%N -> E i j = 0) ->
  (forall (i : 'I_l) (s : {perm 'I_l}), (forall k : 'I_l, (i < k)%N -> s k = k) ->
     forall j, E i (s j) = E i j) ->
  E = cesaro_mx F l.
Proof.
move=> nz rows lower hE; apply/matrixP => i j; rewrite mxE.
have rowi (k : 'I_l) : E i k = if (k <= i)%N then E i i else 0.
  case: leqP => [ki|ik]; last exact: lower.
  have fixk (m : 'I_l) : (i < m)%N -> tperm k i m = m.
    move=> im; rewrite tpermD //; apply: contraTneq im => <-; first by rewrite -leqNgt.
    by rewrite ltnn.
  by rewrite -(hE i (tperm k i) fixk k) tpermL.
pose g (k : nat) := if (k <= i)%N then E i i else 0.
have sumE : E i i *+ i.+1 = 1.
  rewrite -(rows i) (eq_bigr (fun k : 'I_l => g k)) => [|k _]; last exact: rowi.
  rewrite -(big_mkord xpredT g) (big_cat_nat _ _ _ (leq0n i.+1) (ltn_ord i)) /=.
  rewrite (eq_big_nat _ _ (F2 := fun _ => E i i)) => [|k /andP [_ lt]]; last by rewrite /g -ltnS lt.
  rewrite [X in _ = _ + X](eq_big_nat _ _ (F2 := fun _ => 0)) => [|k /andP [lt _]]; last first.
    by rewrite /g leqNgt lt.
  by rewrite big1_eq addr0 sumr_const_nat subn0.
rewrite rowi; case: leqP => // _; apply: (mulfI (nz i)).
by rewrite mulfV ?nz // mulr_natl sumE.
Qed.

(** 𝟏𝟏ᵀ/n is the constant matrix 1/n. *)
Lemma ones_outer_const n : n%:R^-1 *: ((const_mx 1 : 'cV[F]_n) *m (const_mx 1 : 'cV[F]_n)^T) = const_mx n%:R^-1.
Proof.
by apply/matrixP => i j; rewrite !mxE big_ord1 !mxE !mulr1.
Qed.

End Exchangeable.
