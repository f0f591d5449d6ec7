(** SDEG App. C.2, Thm 2(2) (claim sdeg.b.eigen-profile), its ideal part, for every ℓ and k < ℓ: the ideal
    limit A* (spike rows e_i, bulk rows 𝟏ᵀ/ℓ) has characteristic polynomial (X − 1)^k X^(ℓ−k−1) (X − (1 − k/ℓ)),
    i.e. eigenvalues 1 (k times), 1 − c_ℓ and 0 (ℓ − k − 1 times).

    Modelling. ℓ = k + n + 1 with n = ℓ − k − 1 ≥ 0 (the case k = ℓ, A* = I, is not formalised); indices are
    0-based ordinals, the spikes are i < k; entries lie in any field F, and 1 − k/ℓ is stated where ℓ ≠ 0 in F
    (always over ℝ). A* = D* + z*𝟏ᵀ with d* = (1^k, 0^(ℓ−k)), z* = (0^k, (1/ℓ)^(ℓ−k)) is proved, and the polynomial
    comes from char_poly_diag_plus_rank_one of Bidirectional.v. *)
From mathcomp Require Import all_ssreflect all_algebra.
Require Import SpecProof.Bidirectional.
Set Implicit Arguments.
Unset Strict Implicit.
Unset Printing Implicit Defensive.
Import GRing.Theory.
Local Open Scope ring_scope.

Section Ideal.
Variable F : fieldType.

(** The entries as a function of the 0-based indices (computable; compared with Python by tests/test_formal.py). *)
Definition ideal_entry k n (i j : nat) : F := if (i < k)%N then (i == j)%:R else (k + n.+1)%:R^-1.
Definition ideal_attention k n : 'M[F]_(k + n.+1) := \matrix_(i, j) ideal_entry k n i j.

Definition ideal_d k n (i : 'I_(k + n.+1)) : F := ((i < k)%N)%:R.
Definition ideal_z k n (i : 'I_(k + n.+1)) : F := if (i < k)%N then 0 else (k + n.+1)%:R^-1.

Lemma ideal_decomposition k n : ideal_attention k n = diag_plus_rank_one (@ideal_d k n) (@ideal_z k n).
Proof.
apply/matrixP => i j; rewrite !mxE big_ord1 !mxE mulr1 /ideal_entry /ideal_d /ideal_z.
have -> : (i == j) = (i == j :> nat) by [].
by case: (i < k)%N; case: (i == j :> nat); rewrite /= ?mulr1n ?mulr0n ?addr0 ?add0r.
Qed.

Lemma ideal_prod k n : \prod_i ('X - (@ideal_d k n i)%:P) = ('X - 1) ^+ k * 'X ^+ n.+1.
Proof.
rewrite big_split_ord /=; congr (_ * _).
  rewrite (eq_bigr (fun _ => 'X - 1)) ?prodr_const ?card_ord // => i _.
  by rewrite /ideal_d /= ltn_ord.
rewrite (eq_bigr (fun _ => 'X)) ?prodr_const ?card_ord // => i _.
by rewrite /ideal_d /= ltnNge leq_addr /= subr0.
Qed.

Lemma ideal_prod_but k n (i : 'I_(k + n.+1)) : (k <= i)%N ->
  \prod_(j | j != i) ('X - (@ideal_d k n j)%:P) = ('X - 1) ^+ k * 'X ^+ n.
Proof.
move=> ki; apply: (@mulIf _ 'X); first by rewrite polyX_eq0.
have := ideal_prod k n; rewrite (bigD1 i) //= /ideal_d ltnNge ki /= subr0 mulrC => ->.
by rewrite -mulrA -exprSr.
Qed.

Theorem sdeg_b_ideal_charpoly k n :
  char_poly (ideal_attention k n)
  = ('X - 1) ^+ k * 'X ^+ n * ('X - ((n.+1)%:R / (k + n.+1)%:R)%:P).
Proof.
rewrite ideal_decomposition char_poly_diag_plus_rank_one ideal_prod.
rewrite big_split_ord /= big1 ?add0r => [|i _]; last by rewrite /ideal_z /= ltn_ord mul0r.
rewrite (eq_bigr (fun _ => ((k + n.+1)%:R^-1)%:P * (('X - 1) ^+ k * 'X ^+ n))) => [|i _]; last first.
  by rewrite /ideal_z /= ltnNge leq_addr /= ideal_prod_but //= leq_addr.
rewrite sumr_const card_ord -mulrnAl -polyCMn mulrBr exprSr mulrA.
by rewrite [_%:P * _]mulrC mulr_natl -mulr_natr mulrC.
Qed.
Lemma ideal_root k n : (k + n.+1)%:R != 0 :> F ->
  (n.+1)%:R / (k + n.+1)%:R = 1 - k%:R / (k + n.+1)%:R :> F.
Proof.
move=> nz; apply: (mulIf nz); rewrite divfK // mulrBl divfK // mul1r natrD.
by rewrite [k%:R + _]addrC addrK.
Qed.

(** The claim's ideal profile: char_poly A* = (X − 1)^k X^n (X − (n+1)/ℓ), and (n+1)/ℓ = 1 − k/ℓ = 1 − c_ℓ. *)
Theorem sdeg_b_ideal_profile k n :
  char_poly (ideal_attention k n)
    = ('X - 1) ^+ k * 'X ^+ n * ('X - ((n.+1)%:R / (k + n.+1)%:R)%:P)
  /\ ((k + n.+1)%:R != 0 :> F -> (n.+1)%:R / (k + n.+1)%:R = 1 - k%:R / (k + n.+1)%:R :> F).
Proof. by split; [exact: sdeg_b_ideal_charpoly | exact: ideal_root]. Qed.

End Ideal.
