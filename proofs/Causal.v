(** SDEG Thm 3 (claim sdeg.c.eigen), its first part: the eigenvalues of the causal canonical
    attention are its diagonal entries λ_i = a_i/(a_i + i − 1), for every ℓ.

    Modelling. Rows and columns are 0-based ordinals i : 'I_ℓ (the paper's token i + 1), so
    a_i + (i+1) − 1 = a_i + i. A_c is the matrix the catalogue states, softmax(Σ + M) with
    (A_c)_ii = a_i/(a_i + i − 1), (A_c)_ij = 1/(a_i + i − 1) for j < i and 0 above the diagonal,
    with entries in any field F (ℝ with a_i = e^{s_i} > 0 among them); the characteristic polynomial
    is MathComp's char_poly, det('X·I − A). The ordering for sorted scores is not formalised here. *)
From mathcomp Require Import all_ssreflect all_algebra.
Set Implicit Arguments.
Unset Strict Implicit.
Unset Printing Implicit Defensive.
Import GRing.Theory.
Local Open Scope ring_scope.

Section CausalAttention.
Variable F : fieldType.

Definition causal_attention (l : nat) (a : 'I_l -> F) : 'M[F]_l :=
  \matrix_(i, j) (if (j < i)%N then (a i + i%:R)^-1
                  else if j == i then a i / (a i + i%:R) else 0).

Lemma causal_attention_trig l (a : 'I_l -> F) : is_trig_mx (causal_attention a).
Proof.
  apply/is_trig_mxP => i j lt_ij; rewrite mxE ltnNge (ltnW lt_ij) /=.
  by rewrite ifN // neq_ltn lt_ij orbT.
Qed.

(** det(X·I − A_c) = Π_i (X − a_i/(a_i + i − 1)). *)
Theorem sdeg_c_eigen_charpoly l (a : 'I_l -> F) :
  char_poly (causal_attention a) = \prod_(i < l) ('X - (a i / (a i + i%:R))%:P).
Proof.
  rewrite char_poly_trig ?causal_attention_trig //.
  by apply: eq_bigr => i _; rewrite mxE ltnn eqxx.
Qed.

(** The eigenvalues of A_c are exactly the a_i/(a_i + i − 1). *)
Theorem sdeg_c_eigen l (a : 'I_l -> F) (lambda : F) :
  eigenvalue (causal_attention a) lambda <-> exists i : 'I_l, lambda = a i / (a i + i%:R).
Proof.
  rewrite eigenvalue_root_char sdeg_c_eigen_charpoly.
  split.
  - move=> /rootP; rewrite horner_prod => /eqP; rewrite prodf_seq_eq0 => /hasP [i _ /=].
    by rewrite hornerXsubC subr_eq0 => /eqP ->; exists i.
  - move=> [i ->]; apply/rootP; rewrite horner_prod; apply/eqP; rewrite prodf_seq_eq0.
    by apply/hasP; exists i; rewrite ?mem_index_enum //= hornerXsubC subrr.
Qed.

End CausalAttention.
