(** SDEG App. E (claim sdeg.E.orientation-average), its algebra for every ℓ: a softmax row permutes with its
    scores and sums to 1, and n equal numbers summing to 1 are 1/n.

    Modelling. A row of scores is x : 'I_n → F over a field F, e : F → F any function (exp over ℝ), and
    softmax_n(x)_j = e(x_j) / Σ_m e(x_m); n = ℓ for a bidirectional row, n = i for row i under the causal mask
    (its visible scores). What is not formalised is the probability: that the scores of a row are exchangeable
    given Σ when U, V are Haar, and that expectation is linear; the claim argues them in prose. *)
From mathcomp Require Import all_ssreflect all_fingroup all_algebra.
Set Implicit Arguments.
Unset Strict Implicit.
Unset Printing Implicit Defensive.
Import GRing.Theory.
Local Open Scope ring_scope.

Section Orientation.
Variable F : fieldType.
Variable e : F -> F.

Definition softmax_row n (x : 'I_n -> F) (j : 'I_n) : F := e (x j) / \sum_m e (x m).

Lemma softmax_relabel n (x : 'I_n -> F) (s : {perm 'I_n}) j : softmax_row (fun m => x (s m)) j = softmax_row x (s j).
Proof. by rewrite /softmax_row [in RHS](reindex_inj (@perm_inj _ s)). Qed.

Lemma softmax_row_sum n (x : 'I_n -> F) : \sum_m e (x m) != 0 -> \sum_j softmax_row x j = 1.
Proof. by move=> nz; rewrite /softmax_row -mulr_suml divff. Qed.

Lemma equal_parts_of_one n (c : 'I_n -> F) : n%:R != 0 :> F -> (forall j j', c j = c j') -> \sum_j c j = 1 ->
  forall j, c j = n%:R^-1.
Proof.
move=> nz eq sum1 j; apply: (mulIf nz); rewrite mulVf // -[RHS]sum1.
rewrite (eq_bigr (fun _ => c j)) => [|k _]; last exact: eq.
by rewrite sumr_const card_ord mulr_natr.
Qed.

(** The claim's algebra: relabelling the scores of a row relabels its softmax; the row sums to 1; so expected
    entries that are equal on the n visible columns (exchangeability) and sum to 1 are 1/n. *)
Theorem sdeg_E_orientation_algebra n (x : 'I_n -> F) :
  [/\ forall (s : {perm 'I_n}) j, softmax_row (fun m => x (s m)) j = softmax_row x (s j),
      \sum_m e (x m) != 0 -> \sum_j softmax_row x j = 1
    & forall c : 'I_n -> F, n%:R != 0 :> F -> (forall j j', c j = c j') -> \sum_j c j = 1 -> forall j, c j = n%:R^-1].
Proof.
split; [exact: softmax_relabel | exact: softmax_row_sum | exact: equal_parts_of_one].
Qed.

End Orientation.
