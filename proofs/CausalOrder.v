(** SDEG §3.3, Thm 3 and App. C.3 (claims sdeg.c.eigen and sdeg.c.eigen-harmonic): the two steps beside the
    closed form λ_i(A_c) = a_i/(a_i + i − 1) of Causal.v: for sorted scores the diagonal entries decrease in i,
    so λ_i is also the i-th largest eigenvalue; and without a bounded bulk the harmonic decay fails, as at
    k = 0, a_i = √ℓ: λ_ℓ = √ℓ/(√ℓ + ℓ − 1) with 1/2 ≤ √ℓ·λ_ℓ ≤ 1, i.e. λ_ℓ ≍ ℓ^(−1/2).

    Modelling. As CausalRows.v: 0-based rows i : 'I_ℓ, the paper's a_i + i − 1 is a i + i%:R; sorted scores
    s_1 ≥ … ≥ s_ℓ are a_i = e^{s_i} nonincreasing and positive. The example's last row is i = ℓ − 1 with
    a = √ℓ (a real closed field, for the square root; ℝ is one), separated with g(ℓ) = √ℓ: a ≤ ℓ/g. *)
From mathcomp Require Import all_ssreflect all_algebra.
From mathcomp Require Import ring.
Set Implicit Arguments.
Unset Strict Implicit.
Unset Printing Implicit Defensive.
Import GRing.Theory Num.Theory Order.TTheory.
Local Open Scope ring_scope.

Section Order.
Variable R : realFieldType.

(** Claim sdeg.c.eigen, the order: for positive nonincreasing a, the diagonal a_i/(a_i + i) is nonincreasing. *)
Theorem sdeg_c_eigen_sorted l (a : 'I_l -> R) :
  (forall i, 0 < a i) -> (forall i j : 'I_l, (i <= j)%N -> a j <= a i) ->
  forall i j : 'I_l, (i <= j)%N -> a j / (a j + j%:R) <= a i / (a i + i%:R).
Proof.
move=> a0 srt i j ij.
have ai : 0 < a i + i%:R by rewrite ltr_paddr ?ler0n.
have aj : 0 < a j + j%:R by rewrite ltr_paddr ?ler0n.
rewrite ler_pdivr_mulr // mulrAC ler_pdivl_mulr // -subr_ge0.
rewrite (_ : a i * (a j + j%:R) - a j * (a i + i%:R) = a i * (j%:R - i%:R) + (a i - a j) * i%:R); last by ring.
by rewrite addr_ge0 ?mulr_ge0 ?ler0n ?subr_ge0 ?ler_nat ?srt // ltW.
Qed.

End Order.

Section Unbounded.
Variable R : rcfType.

(** Claim sdeg.c.eigen-harmonic, the counterexample: with a = √ℓ in the last row (ℓ ≥ 1), the eigenvalue
    a/(a + ℓ − 1) satisfies 1/2 ≤ √ℓ·a/(a + ℓ − 1) ≤ 1, while the score is separated with g = √ℓ (a ≤ ℓ/√ℓ). *)
Theorem sdeg_c_harmonic_unbounded (l : nat) : (1 <= l)%N ->
  let a := Num.sqrt (l%:R : R) in
  a <= l%:R / Num.sqrt l%:R /\ 2^-1 <= Num.sqrt l%:R * (a / (a + l.-1%:R)) <= 1.
Proof.
move=> l1 a.
have lp : 0 < l%:R :> R by rewrite ltr0n.
have s0 : 0 < a by rewrite sqrtr_gt0.
have ss : a * a = l%:R by rewrite -expr2 sqr_sqrtr // ltW.
have s1 : 1 <= a by rewrite -sqrtr1 ler_sqrt // ler1n.
have l1R : l.-1%:R = l%:R - 1 :> R by rewrite -{2}(prednK l1) mulrSr addrK.
have den : 0 < a + l.-1%:R by rewrite ltr_paddr ?ler0n.
split.
  by rewrite -/a ler_pdivl_mulr // ss.
rewrite -/a mulrA ss; apply/andP; split.
  rewrite ler_pdivl_mulr // -subr_ge0 l1R.
  rewrite (_ : l%:R - 2^-1 * (a + (l%:R - 1)) = 2^-1 * ((l%:R - a) + 1)); last by field.
  rewrite mulr_ge0 ?invr_ge0 ?ler0n // addr_ge0 // subr_ge0 -ss ler_pmulr //.
rewrite ler_pdivr_mulr // mul1r l1R -subr_ge0.
by rewrite (_ : a + (l%:R - 1) - l%:R = a - 1); [rewrite subr_ge0 | ring].
Qed.

End Unbounded.
