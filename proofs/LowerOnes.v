(** SDEG App. D.2, proof of Thm 7 (claim sdeg.c.Lm-singular): the matrix identities behind the singular
    values of the m × m lower-triangular all-ones matrix L_m, for every m.

    Modelling. Indices are 0-based ordinals 'I_m, entries in any ring R (ℝ among them). L_m has
    (L_m)_ij = 1 for j ≤ i and 0 above the diagonal; I − N is the identity minus the subdiagonal shift,
    (I − N)_ij = [i = j] − [i = j + 1]; tridiag(−1; 2, …, 2, 1; −1) has 2 on the diagonal except 1 in the
    last entry and −1 on the two neighbouring diagonals. The theorem: L_m(I − N) = I (so L_m⁻¹ = I − N,
    and (I − N)L_m = I too, over a commutative ring) and (I − N)ᵀ(I − N) = tridiag(−1; 2, …, 2, 1; −1).
    The eigenvectors sin(pφ_j) of the tridiagonal matrix are checked by sympy for symbolic p, m, j. *)
From mathcomp Require Import all_ssreflect all_algebra.
Set Implicit Arguments.
Unset Strict Implicit.
Unset Printing Implicit Defensive.
Import GRing.Theory.
Local Open Scope ring_scope.

Section LowerOnes.
Variable R : comRingType.

(** The entries as functions of the 0-based indices (computable; compared with Python by tests/test_formal.py). *)
Definition lower_ones_entry (i j : nat) : R := ((j <= i)%N)%:R.
Definition lower_ones_inv_entry (i j : nat) : R := (i == j)%:R - (i == j.+1)%:R.
Definition tridiag_entry m (i j : nat) : R :=
  if i == j then (if (i.+1 < m)%N then 2%:R else 1) else if (i == j.+1) || (j == i.+1) then -1 else 0.

Definition lower_ones m : 'M[R]_m := \matrix_(i, j) lower_ones_entry i j.
Definition lower_ones_inv m : 'M[R]_m := \matrix_(i, j) lower_ones_inv_entry i j.
Definition tridiag_end m : 'M[R]_m := \matrix_(i, j) tridiag_entry m i j.

(** Σ_k F_k [k = p] picks F_p (0 when p is out of range). *)
Lemma sum_delta n (F : 'I_n.+1 -> R) (p : nat) :
  \sum_(k < n.+1) F k * (k == p :> nat)%:R = if (p < n.+1)%N then F (inord p) else 0.
Proof.
case: ltnP => [lt|ge].
  rewrite (bigD1 (inord p)) //= inordK // eqxx mulr1 big1 ?addr0 // => k neq.
  suff /negbTE -> : (k != p :> nat) by rewrite mulr0.
  by apply: contra neq => /eqP kp; apply/eqP/val_inj; rewrite /= inordK // -kp.
by rewrite big1 // => k _; rewrite ltn_eqF ?mulr0 // (leq_trans (ltn_ord k) ge).
Qed.

Lemma pick_le n (i : 'I_n.+1) p :
  (if (p < n.+1)%N then (((inord p : 'I_n.+1) <= i)%N)%:R else 0 : R) = ((p <= i)%N)%:R.
Proof.
case: ltnP => [lt|ge]; first by rewrite inordK.
by rewrite leqNgt (leq_trans (ltn_ord i) ge).
Qed.

(** L_m (I − N) = I. *)
Lemma lower_ones_mul_inv m : lower_ones m *m lower_ones_inv m = 1%:M.
Proof.
case: m => [|m]; first by apply/matrixP => [[]].
apply/matrixP => i j; rewrite !mxE.
under eq_bigr do rewrite !mxE /lower_ones_entry /lower_ones_inv_entry mulrBr.
rewrite sumrB !sum_delta !pick_le.
have -> : (i == j) = (i == j :> nat) by [].
by case: (ltngtP i j) => _; rewrite ?subrr ?subr0.
Qed.

(** (I − N) L_m = I as well: a one-sided inverse of a square matrix over a commutative ring is two-sided. *)
Lemma lower_ones_inv_mul m : lower_ones_inv m *m lower_ones m = 1%:M.
Proof.
exact: mulmx1C (lower_ones_mul_inv m).
Qed.

(** (I − N)ᵀ(I − N) = tridiag(−1; 2, …, 2, 1; −1). *)
Lemma lower_ones_gram m : (lower_ones_inv m)^T *m lower_ones_inv m = tridiag_end m.
Proof.
case: m => [|m]; first by apply/matrixP => [[]].
apply/matrixP => i j; rewrite !mxE.
under eq_bigr do rewrite !mxE /lower_ones_inv_entry mulrBl [X in X - _]mulrC [X in _ - X]mulrC.
rewrite /tridiag_entry.
rewrite sumrB !sum_delta ltn_ord (inordK (ltn_ord i)).
case: (boolP (i == j :> nat)) => [/eqP ij | nij].
  rewrite ij (ltn_eqF (ltnSn j)) /= ?mulr1n ?mulr0n subr0.
  case: ifP => lt; last by rewrite subr0.
  by rewrite inordK // eqxx (gtn_eqF (ltnSn j)) /= ?mulr1n ?mulr0n sub0r opprK mulr2n.
case: (boolP (i == j.+1 :> nat)) => [/eqP ij | nij1] /=.
  rewrite ij.
  case: ifP => lt; last by rewrite sub0r subr0.
  by rewrite inordK // (gtn_eqF (leqW (ltnSn j))) (gtn_eqF (ltnSn j.+1)) /= ?mulr0n subrr sub0r subr0.
rewrite ?mulr0n subrr sub0r.
case: (boolP (j == i.+1 :> nat)) => [/eqP ji | nji] /=.
  by rewrite -ji ltn_ord inordK ?ltn_ord // eqxx (ltn_eqF (ltnSn j)) /= ?mulr1n ?mulr0n subr0.
case: ifP => lt; last by rewrite oppr0.
by rewrite inordK // eq_sym (negbTE nji) eqSS (negbTE nij) /= ?mulr0n subrr oppr0.
Qed.

(** The claim sdeg.c.Lm-singular, its matrix part, for every m: L_m⁻¹ = I − N (both products are I) and
    (L_m⁻¹)ᵀ L_m⁻¹ = tridiag(−1; 2, …, 2, 1; −1). *)
Theorem sdeg_c_Lm_inverse_gram m :
  [/\ lower_ones m *m lower_ones_inv m = 1%:M, lower_ones_inv m *m lower_ones m = 1%:M
    & (lower_ones_inv m)^T *m lower_ones_inv m = tridiag_end m].
Proof. by split; [exact: lower_ones_mul_inv | exact: lower_ones_inv_mul | exact: lower_ones_gram]. Qed.

End LowerOnes.
