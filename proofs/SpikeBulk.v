(** SDEG §3.2, Thm 2(3) (claim sdeg.b.eigen-limit), for every ℓ: the empirical eigenvalue law of the bidirectional
    canonical attention A_b is within ε_ℓ + (1 − c_ℓ)/ℓ of the spike–bulk law c_ℓδ₁ + (1 − c_ℓ)δ₀ in the cost of
    the sorted coupling, ε_ℓ = max(1/f, 1/g), c_ℓ = k/ℓ.

    Modelling. As in Secular.v: ℓ = n + 1 tokens, weights a_i = e^{s_i} ≥ 1 (nonnegative scores, unsorted), a spike
    set S of k = #|S| tokens with a_i ≥ ℓf and bulk tokens with a_i ≤ ℓ/g (spectral separation, f, g > 0); A_b is
    Bidirectional.v's [bidirectional_attention a]. The spectrum is the factorisation
    char_poly A_b = (X − 1)·Π_{j<n}(X − t_j) with t nonincreasing and 0 ≤ t_j ≤ 1, so the eigenvalues of A_b with
    multiplicity, in decreasing order, are λ_1 = 1 and λ_(j+2) = t_j: [sorted_eigs t i] is λ_(i+1) (0-based i).
    The law c_ℓδ₁ + (1 − c_ℓ)δ₀ is the empirical law of the ℓ atoms [spike_atoms k] = (1^k, 0^(ℓ−k)), in decreasing
    order. [coupling_cost ℓ x y] = (1/ℓ)Σ_{i<ℓ}|x_i − y_i| is the transport cost of the coupling that matches
    x_i with y_i, here the two sorted lists. Any real closed field (ℝ is one). *)
From mathcomp Require Import all_ssreflect all_algebra.
From mathcomp Require Import polyrcf.
Require Import SpecProof.Bidirectional SpecProof.Secular SpecProof.LowerOnesSpectrum.
Set Implicit Arguments.
Unset Strict Implicit.
Unset Printing Implicit Defensive.
Import Order.Theory GRing.Theory Num.Theory.
Local Open Scope ring_scope.

Section Law.
Variable R : rcfType.

(** λ_(i+1): 1, then t_0 ≥ t_1 ≥ … *)
Definition sorted_eigs (t : nat -> R) (i : nat) : R := if i is j.+1 then t j else 1.

(** The atoms of c_ℓδ₁ + (1 − c_ℓ)δ₀: 1 (k times), then 0. *)
Definition spike_atoms (k i : nat) : R := if (i < k)%N then 1 else 0.

(** (1/ℓ)Σ_{i<ℓ}|x_i − y_i|: the cost of matching x_i with y_i. *)
Definition coupling_cost (l : nat) (x y : nat -> R) : R := (\sum_(i < l) `|x i - y i|) / l%:R.

(** Claim sdeg.b.eigen-limit, quantitatively: for nonnegative scores under spectral separation (spikes a_i ≥ ℓf,
    bulk a_i ≤ ℓ/g), the sorted eigenvalues of A_b (1, then t_j ∈ [0, 1] nonincreasing) and the sorted atoms
    (1^k, 0^(ℓ−k)) are matched at cost ≤ max(1/f, 1/g) + (1 − c)/ℓ, for every ℓ and every 0 ≤ k ≤ ℓ. *)
Theorem sdeg_b_eigen_limit n (a : 'I_n.+1 -> R) (S : {set 'I_n.+1}) (f g : R) :
  (forall i, 1 <= a i) -> 0 < f -> 0 < g ->
  (forall i, i \in S -> n.+1%:R * f <= a i) -> (forall i, i \notin S -> a i <= n.+1%:R / g) ->
  let k := #|S| in let c := k%:R / n.+1%:R in
  exists t : nat -> R,
  [/\ char_poly (bidirectional_attention a) = ('X - 1) * \prod_(j < n) ('X - (t j)%:P),
      forall j, (j.+1 < n)%N -> t j.+1 <= t j,
      forall j, (j < n)%N -> 0 <= t j <= 1
    & coupling_cost n.+1 (sorted_eigs t) (spike_atoms k) <= Num.max f^-1 g^-1 + (1 - c) / n.+1%:R].
Proof.
move=> a1 f0 g0 hS hB k c.
have a0 i : 0 < a i := lt_le_trans ltr01 (a1 i).
have [t [Dc srt spk blk mid]] := sdeg_b_eigen_profile a0 f0 g0 hS hB.
have t01 j : (j < n)%N -> 0 <= t j <= 1.
  move=> jn.
  have ev : eigenvalue (bidirectional_attention a) (t j).
    rewrite eigenvalue_root_char Dc rootM; apply/orP; right.
    by rewrite /root horner_prod (bigD1 (Ordinal jn)) //= hornerXsubC subrr mul0r.
  case: (sdeg_b_eigen_location a0 ev) => [-> | [[i di] [i' di']]]; first by rewrite ler01 lexx.
  apply/andP; split; first exact: le_trans (canonical_d_ge0 (a1 i)) di.
  by apply: le_trans di' _; case: (canonical_d_bounds (a0 i')) => /ltW.
exists t; split => //.
set e := Num.max f^-1 g^-1.
have fe : f^-1 <= e by rewrite le_maxr lexx.
have ge : g^-1 <= e by rewrite le_maxr lexx orbT.
have e0 : 0 <= e by apply: le_trans ge; rewrite invr_ge0 ltW.
have kn : (k <= n.+1)%N by apply: leq_trans (max_card _) _; rewrite card_ord.
have l0 : 0 < n.+1%:R :> R by rewrite ltr0n.
have c1 : 0 <= 1 - c by rewrite subr_ge0 ler_pdivr_mulr // mul1r ler_nat.
rewrite /coupling_cost ler_pdivr_mulr // (mulrDl e) divfK ?lt0r_neq0 //.
rewrite big_ord_recl /= /spike_atoms.
have -> : \sum_(i < n) `|sorted_eigs t (bump 0 i) - (if (bump 0 i < k)%N then 1 else 0)|
          = \sum_(j < n) `|t j - (if (j.+1 < k)%N then 1 else 0)| by [].
have ne : \sum_(j < n) e = e * n%:R by rewrite sumr_const card_ord mulr_natr.
have [k0|kp] := posnP k.
  (* no spike: 1 − 0 at λ_1, t_j − 0 ≤ 1/g after it *)
  rewrite /c k0 subr0 normr1 mul0r subr0.
  have : \sum_(j < n) `|t j - (if (j.+1 < 0)%N then 1 else 0)| <= \sum_(j < n) e.
    apply: ler_sum => j _; rewrite subr0 ger0_norm; last by case/andP: (t01 j (ltn_ord j)).
    by apply: le_trans (blk j _) ge; move: k0; rewrite /k => ->; rewrite leq0n ltn_ord.
  rewrite ne => h; rewrite addrC ler_add2r (le_trans h) // mulrS mulrDr mulr1 ler_addr //.
have bound j : (j < n)%N ->
  `|t j - (if (j.+1 < k)%N then 1 else 0)| <= e + (j == k.-1 :> nat)%:R * (1 - c).
  move=> jn; case: (ltngtP j.+1 k) => [jk|kj|jk].
  - rewrite distrC ger0_norm; last by rewrite subr_ge0; case/andP: (t01 j jn).
    have -> : (j == k.-1 :> nat) = false by apply/negbTE; rewrite neq_ltn -ltnS prednK // jk.
    by rewrite mul0r addr0 (le_trans _ fe) // spk.
  - have -> : (j == k.-1 :> nat) = false.
      by apply/negbTE; rewrite neq_ltn -ltnS prednK //; apply/orP; right; rewrite -ltnS.
    rewrite subr0 ger0_norm; last by case/andP: (t01 j jn).
    by rewrite mul0r addr0 (le_trans _ ge) // blk // jn andbT -ltnS.
  - rewrite -jk /= eqxx mul1r subr0.
    have k0n : (0 < k <= n)%N by rewrite kp -jk.
    have [_ _ near] := mid k0n; have := near a1; rewrite -/k -/c -/e -jk /= => {}near.
    rewrite -[t j](subrK (1 - c)); apply: le_trans (ler_norm_add _ _) _.
    by rewrite [`|1 - c|]ger0_norm // ler_add2r.
have : \sum_(j < n) `|t j - (if (j.+1 < k)%N then 1 else 0)|
       <= \sum_(j < n) (e + (j == k.-1 :> nat)%:R * (1 - c)) by apply: ler_sum => j _; apply: bound.
rewrite big_split /= ne (sum_pick _ (fun _ => 1 - c)) => h.
rewrite subrr normr0 add0r (le_trans h) // mulrS mulrDr mulr1 [e + _]addrC -addrA ler_add2l.
by case: ifP => _; [rewrite ler_addr | rewrite addr_ge0].
Qed.

End Law.
