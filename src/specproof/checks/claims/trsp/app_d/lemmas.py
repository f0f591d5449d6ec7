"""TRSP Appendix D: restricted invertibility, mixing, pointwise and readout lemmas, the error bound (Eq. 20).

Objects: M row-stochastic with stationary law π, the π-norm ‖v‖²_{2,π} = Σπᵢvᵢ², H₀(π) = {Σπᵢvᵢ = 0},
X̄ = 𝟏πᵀX the fully mixed state, readout G(z) = f(𝒜⁻¹z) applied to every token (theory.markov).
Lemmas are checked on reversible chains, invertible readouts and Lipschitz maps built by
construction (checks.strategies), the assembled bound on instances where every quantity is exact.
"""

from __future__ import annotations

import math
from dataclasses import replace
from fractions import Fraction

import numpy as np
import sympy as sp
from hypothesis import strategies as st

from specproof.checks.claims._shared.trsp_app_d import (
    SUBSET_FLOOR_ALLOWANCE,
    _causal_composite_exact,
    _readout,
    _stationary_space,
    averaging_variance_sympy,
    carry_over_assumption_a2,
    carry_over_probe_sink,
    error_bound_counterexample,
    fixed_bound_equality_exact,
    mixing_equality_exact,
    pointwise_equality_exact,
    pointwise_sympy,
    readout_equality_exact,
    readout_lipschitz_search,
    subset_floors,
)
from specproof.engine import strategies as sst
from specproof.engine.methods import (
    derivation,
    float_tolerance,
    fmt,
    grid_check,
    property_search,
    sympy_identity,
    sympy_nonnegative,
)
from specproof.engine.records import Tightness
from specproof.engine.registry import Context, Evidence, Source, Status, check, claim
from specproof.theory.markov import absolute_spectral_gap, h0_operator_norm, pi_mean, pi_norm
from specproof.theory.spectral import singular_values

# --------------------------------------------------------------------------- intro: carry-over


@check
def carry_over_stationary_law_exact(ctx: Context) -> Evidence:
    """Causal ℳ has row sums 2+g; M = ℳ/(2+g) is lower triangular with row 0 = e₀ᵀ and its only stationary law is e₀."""
    T_max = 12 if ctx.wide else 8
    cases = [
        (T, b, g, a)
        for T in range(2, T_max + 1)
        for b in (2, 3, 4)
        for g in (Fraction(1, 2), Fraction(1, 10))
        for a in ("sink", "cesaro")
    ]

    def margin(case):
        T, b, g, attention = case
        calM = _causal_composite_exact(T, b, g, attention)
        rows_ok = all(sum(calM.row(i)) == 2 + sp.Rational(g.numerator, g.denominator) for i in range(T))
        M = calM / (2 + sp.Rational(g.numerator, g.denominator))
        space = _stationary_space(M)
        unique_e0 = len(space) == 1 and all(x == 0 for x in space[0][1:]) and space[0][0] != 0
        return 0 if rows_ok and M.is_lower and unique_e0 else -1

    return grid_check(
        cases,
        margin,
        what="row sums 2+g, lower-triangular M, unique stationary law e₀",
        method="exact",
        exact=True,
        ranges=f"T = 2..{T_max}, b ∈ {{2,3,4}}, g ∈ {{1/2, 1/10}}, A ∈ {{sink 𝟏e₁ᵀ, causal uniform}}",
    )


@check
def carry_over_absorbing_proof(ctx: Context) -> Evidence:
    """For every T: row sums of ℳ are 2 + g; M = ℳ/(2+g) is lower triangular with M_jj < 1 for j ≥ 1, so πᵀM = πᵀ
    forces π_j = 0 for j ≥ 1 by downward induction; scaling keeps the stable rank and the singular gap."""
    g, c = sp.Symbol("g", positive=True), sp.Symbol("c", positive=True)
    pj, delta = sp.Symbol("pi_j", real=True), sp.Symbol("delta", positive=True)  # M_jj = 1 − δ
    w, F, s1, s2 = sp.symbols("w F sigma_1 sigma_2", positive=True)
    steps = [
        sympy_identity(
            1 + 1 + g * 1, 2 + g, what="row sums of ℳ = I + A + gM_tri: 1 + 1 + g (A and M_tri row-stochastic)"
        ),
        sympy_identity(
            (c**2 * F) / (c * s1) ** 2, F / s1**2, what="srank(ℳ/c) = srank(ℳ): ‖cX‖_F²/‖cX‖₂² = ‖X‖_F²/‖X‖₂²"
        ),
        sympy_identity(1 - (c * s2) / (c * s1), 1 - s2 / s1, what="and the singular gap 1 − σ₂/σ₁ is scale-invariant"),
        sympy_nonnegative(
            1 / w**2,
            [w],
            what=(
                "(M_tri)_(t,t−1) ≥ (Box_b)_tt(Box_b)_(t,t−1) = 1/w_t² > 0 for t ≥ 1 when b ≥ 2 "
                "(w_t = min(b, t+1) ≥ 2), so M_jj ≤ 1 − δ_j with δ_j > 0 (row j sums to 1)"
            ),
        ),
        sympy_identity(
            sp.solve(sp.Eq(pj * (1 - delta), pj), pj)[0],
            sp.Integer(0),
            what=(
                "column j of πᵀM = πᵀ with π_i = 0 for i > j (lower triangular M): π_jM_jj = π_j, so π_j = 0 "
                "when M_jj < 1 — downward induction from j = T − 1 to 1"
            ),
        ),
        sympy_identity(
            sp.Integer(1) * 1,
            sp.Integer(1),
            what="row 0 of a lower-triangular row-stochastic M is e₀ᵀ (M₀₀ = 1), so e₀ᵀM = e₀ᵀ: π = e₀, π_min = 0",
        ),
    ]
    return derivation(
        steps,
        what="causal TRSP: M = ℳ/(2+g) is absorbed at token 0 (unique stationary law e₀), every T",
        ranges="every T ≥ 1, b ≥ 2, g > 0, every lower-triangular row-stochastic A ≥ 0",
    )


claim(
    id="trsp.D.carry-over",
    title="The row-normalised operator inherits App. C's gap and rank guarantees",
    source=Source("TRSP", "App. D (intro)", "carry-over"),
    statement=(
        r"The row-stochastic normalisation $M$ of $\mathcal{M}=I+A_{\mathrm{attn}}+g\,M_{\mathrm{tri}}$ shares its connectivity, so the gap and rank guarantees of App. C carry over to the reversible, $\pi$-weighted setting (A1)–(A2) of App. D."
    ),
    checks=[carry_over_assumption_a2, carry_over_stationary_law_exact, carry_over_probe_sink],
    expected=Status.REFUTED,
    notes=["interpretive"],
    reason=(
        "For causal layers (lower-triangular attention and triBox) the row-normalised M is lower triangular with token 0 absorbing: its stationary law is e₀, so (A2) fails at every T and (A1) is vacuous. What does carry over, seen in the sink probe: the stable rank (row sums are the constant 2+g) grows with T and stays well above the C.8 floor 1 + g²E_b; the singular gap of M tends to 1 because the sink makes σ₁ = ‖M‖₂ ≈ √T/(2+g); and the walk on the symmetrised graph (a different, reversible operator) keeps an absolute gap and T·π_min bounded below over the probed T. Exact statement: trsp.D.carry-over.sharp."
    ),
    tests=["tests/test_trsp_appendix_d.py::test_causal_row_normalised_operator_absorbs_at_the_first_token"],
)

claim(
    id="trsp.D.carry-over.sharp",
    title="Causal TRSP chains are absorbed at the first token",
    source=Source("specproof", "App. D (intro)", "own"),
    statement=r"For lower-triangular row-stochastic $A_{\mathrm{attn}}$, $b\ge2$ and $g>0$, $\mathcal{M}$ has row sums $2+g$, so $M=\mathcal{M}/(2+g)$ has the stable rank and singular gap of $\mathcal{M}$; $M$ is lower triangular with first row $e_0^\top$ and its unique stationary law is $\pi=e_0$, so (A2) fails for every $T$.",
    checks=[carry_over_absorbing_proof],
    cross_checks=[carry_over_stationary_law_exact],
    expected=Status.PROVED,
    corrects="trsp.D.carry-over",
    tightness=Tightness(
        "unmeasurable",
        "its inequalities b ≥ 2 and g > 0 are hypotheses, not bounds, and its conclusions (row sums 2 + g, π = e₀) are "
        "equalities; how far the hypotheses can be weakened is trsp.D.carry-over.hypotheses.side-path (not at all "
        "for the sink and causal uniform attention) and .self-attention (g > 0 needed when attention does not "
        "reach token 0)",
    ),
    prose=(
        "the downward induction over the columns of the lower-triangular M (the checked step at each j ≥ 1), with M_jj < 1 from the positive subdiagonal entry of M_tri (b ≥ 2, g > 0; the attention's entries are nonnegative) and row j summing to 1; normalising the surviving π₀ gives π = e₀; the scale invariance of srank and of the singular gap"
    ),
    reason=(
        "Machine-checked (sympy) for every T: rows of ℳ sum to 1 + 1 + g; the subdiagonal of M_tri is ≥ 1/w_t² > 0 for b ≥ 2, so M_jj < 1 for j ≥ 1; column j of πᵀM = πᵀ then forces π_j = 0 (downward induction, prose), and row 0 = e₀ᵀ makes e₀ stationary. Exact rational null spaces on a grid of T, b, g and two attention patterns are a cross-check."
    ),
    tests=["tests/test_trsp_appendix_d.py::test_causal_row_normalised_operator_absorbs_at_the_first_token"],
)


# --------------------------------------------------------------------------- Lemma D.1


def _subset_floor_tolerance(X) -> float:
    return 3 * float_tolerance(max(X.shape), np.sqrt(X.shape[1]))


@check
def restricted_invertibility_search(ctx: Context) -> Evidence:
    """Lemma D.1 as written, for every ε at once: best σ_min over ⌈(1−ε)²sr⌉ columns ≥ ε‖X‖₂/√d."""
    stats = {"tightest_k2": math.inf, "beyond_ss": 0, "examples": 0}

    def margin(X):
        floors = subset_floors(X)
        stats["examples"] += 1
        if any(k >= 2 and (math.isnan(ss) or paper > ss) for k, _, paper, ss in floors):
            stats["beyond_ss"] += 1  # a demand the Spielman–Srivastava guarantee does not cover
        for k, best, paper, _ in floors:
            if k >= 2:
                stats["tightest_k2"] = min(stats["tightest_k2"], best / paper)
        return min(best - paper for _, best, paper, _ in floors)

    ev = property_search(
        sst.column_matrices(6, 6),
        margin,
        what="Lemma D.1 floor at every ε (margin in units of ‖X‖₂/√d)",
        ctx=ctx,
        examples=250,
        wide_examples=3000,
        tolerance=_subset_floor_tolerance,
        allowance=SUBSET_FLOOR_ALLOWANCE,
        ranges=(
            "T, d ∈ 2..6; Gaussian, nearly parallel, scaled, low-rank+noise, equal-norm rank-one, tight "
            "frames, orthogonal with tails; all ε ∈ (0,1) through the per-k reduction"
        ),
    )
    # observations of the draws (JSON report and table only: the catalogue shows what does not depend on them)
    return replace(
        ev,
        sharpest=(
            "k = 1 is tight (ratio → 1 as ε → 1 for equal-norm rank-one X); for k ≥ 2 the best subset beats the floor"
            f" by a factor ≥ {fmt(stats['tightest_k2'])}; in {stats['beyond_ss']} of {stats['examples']} examples some"
            " demanded size is not covered by the Spielman–Srivastava guarantee, and the lemma still held"
        ),
        data={**ev.data, **stats},
    )


@check
def restricted_invertibility_ss_form(ctx: Context) -> Evidence:
    """Sanity of the search on the theorem it cites: Spielman–Srivastava, best_k ≥ (√sr − √k)‖X‖₂/√d for k < sr."""

    def margin(X):
        floors = [(best, ss) for k, best, _, ss in subset_floors(X) if not math.isnan(ss)]
        return min((best - ss for best, ss in floors), default=math.inf)

    return property_search(
        sst.column_matrices(6, 6),
        margin,
        what="Spielman–Srivastava floor ⌊ε²sr⌋, (1−ε)‖X‖_F/√d",
        ctx=ctx,
        examples=150,
        tolerance=_subset_floor_tolerance,
        allowance=SUBSET_FLOOR_ALLOWANCE,
        ranges="as restricted_invertibility_search",
        role="supports",
    )


@check
def restricted_invertibility_from_ss_sympy(ctx: Context) -> Evidence:
    """SS with ε' = 1 − ε/√sr gives ⌊(√sr−ε)²⌋ columns with σ_min ≥ ε‖X‖₂/√d; this covers the paper's size when
    (√sr−ε)² ≥ (1−ε)²sr + 1, and (√sr−ε)² − (1−ε)²sr = ε(√sr − 1)(√sr(2−ε) − ε)."""
    s = sp.Symbol("s", positive=True)  # √sr ≥ 1
    eps = sp.Symbol("epsilon", positive=True)
    return sympy_identity(
        (s - eps) ** 2 - (1 - eps) ** 2 * s**2,
        eps * (s - 1) * (s * (2 - eps) - eps),
        what="the lemma follows from SS whenever ε(√sr − 1)(√sr(2−ε) − ε) ≥ 1",
        role="supports",
    )


@check
def restricted_invertibility_equality_exact(ctx: Context) -> Evidence:
    """Equal-norm rank-one X = u𝟏ᵀ: sr = 1, one column demanded at every ε, and its σ_min is ‖X‖₂/√d exactly, so the
    floor ε‖X‖₂/√d is approached as ε → 1."""
    cases = [(u, d) for u in ((1,), (1, 2), (3, -1, 2)) for d in range(1, 7)]

    def equal(case):
        u, d = case
        col_sq = Fraction(sum(x * x for x in u))  # every column is u
        frob_sq, spec_sq = d * col_sq, d * col_sq  # rank one: ‖X‖₂ = ‖X‖_F
        sr = frob_sq / spec_sq
        demanded = {math.ceil((1 - eps) ** 2 * sr) for eps in (Fraction(1, 10), Fraction(1, 2), Fraction(99, 100))}
        return sr == 1 and demanded == {1} and col_sq == spec_sq / d  # best single column: σ_min² = ‖X‖₂²/d

    holds = all(equal(c) for c in cases)
    return Evidence(
        Status.CERTIFIED if holds else Status.OPEN,
        "exact",
        "X = u𝟏ᵀ (d equal columns): sr = 1, Lemma D.1 demands one column at every ε ∈ (0, 1), and every column has "
        "σ_min = ‖X‖₂/√d exactly, so floor/best = ε → 1" + ("" if holds else ": not what this check expects"),
        ranges="u ∈ {(1), (1, 2), (3, −1, 2)}, d = 1..6, exact rationals",
        worst_margin=0.0 if holds else None,
        role="supports",
        tightness=(
            Tightness(
                "sharp",
                "restricted_invertibility_equality_exact: for an equal-norm rank-one X (sr = 1) one column is demanded "
                "and its σ_min is ‖X‖₂/√d exactly, so floor/best = ε, approached as ε → 1 (the k = 1 reduced floor "
                "is attained); for k ≥ 2 the best subset lies strictly above the floor in every searched example "
                "(restricted_invertibility_search; the factor depends on the draws and is in the JSON report)",
                ratio=1.0,
                where={"X": "u𝟏ᵀ (rank one, equal column norms)", "k": 1},
                approach="floor/best = ε → 1 as ε → 1",
            )
            if holds
            else None
        ),
    )


claim(
    id="trsp.D1.restricted-invertibility",
    title="Restricted invertibility of the state",
    source=Source("TRSP", "App. D.2", "Lemma D.1"),
    statement=r"For $X\in\mathbb{R}^{T\times d}$ and $\varepsilon\in(0,1)$ there is a set $S$ of columns with $|S|\ge(1-\varepsilon)^2\,\mathrm{sr}(X)$ and $\sigma_{\min}(X_S)\ge\varepsilon\|X\|_2/\sqrt d$, $\mathrm{sr}(X)=\|X\|_F^2/\|X\|_2^2$.",
    checks=[restricted_invertibility_search, restricted_invertibility_ss_form, restricted_invertibility_from_ss_sympy],
    cross_checks=[restricted_invertibility_equality_exact],
    expected=Status.VERIFIED,
    unproved=(
        "No proof is known. Spielman–Srivastava (Israel J. Math. 190 (2012)) gives ⌊ε² sr⌋ columns, and its sharp form covers the lemma only when ε(√sr − 1)(√sr(2−ε) − ε) ≥ 1; the lemma asks for ⌈(1−ε)² sr⌉ columns, which can exceed sr − 1, beyond every restricted-invertibility theorem we know."
    ),
    notes=["loose"],
    reason=(
        "The cited Spielman–Srivastava theorem gives |S| ≥ ⌊ε²sr⌋ with σ_min ≥ (1−ε)‖X‖_F/√d; the lemma swaps ε and 1−ε, weakens ‖X‖_F to ‖X‖₂ (a factor √sr) and drops the floor, so it asks for ⌈(1−ε)²sr⌉ columns, one more than SS provides whenever (1−ε)²sr is not an integer. Its proof therefore does not establish it; a sympy identity shows SS covers it when ε(√sr−1)(√sr(2−ε)−ε) ≥ 1. Reducing 'for all ε' to one inequality per size k, an exhaustive subset search over structured small matrices found no counterexample: tight at k = 1, loose for k ≥ 2."
    ),
    tests=[
        "tests/test_trsp_appendix_d.py::test_restricted_invertibility_reduction_matches_an_epsilon_grid",
        "tests/test_trsp_appendix_d.py::test_best_column_subset_is_exhaustive",
    ],
)


# --------------------------------------------------------------------------- Corollary D.2


@check
def averaging_exact_enumeration(ctx: Context) -> Evidence:
    """Independent ±√vᵢ components: exact E[mean²] over all 2^k sign patterns ≤ σ²/k; the largest |mean| is recorded."""
    k_max = 12 if ctx.wide else 9
    rng = np.random.default_rng(ctx.seed)
    cases = []
    for k in range(1, k_max + 1):
        roots = [Fraction(int(rng.integers(1, 10)), 10) for _ in range(k)]  # √vᵢ ≤ σ = 1
        cases.append((k, roots))
    equality = [(k, [Fraction(1)] * k) for k in range(1, k_max + 1)]  # every variance at σ⊥² = 1: the bound is met

    def margin(case):
        k, roots = case
        second_moment = Fraction(0)
        for pattern in range(2**k):
            mean = sum((r if pattern >> i & 1 else -r) for i, r in enumerate(roots)) / k
            second_moment += mean * mean
        return Fraction(1, k) - second_moment / 2**k

    ev = grid_check(
        cases + equality,
        margin,
        what="E[mean²] ≤ σ⊥²/k exactly (σ⊥ = 1)",
        method="exact",
        exact=True,
        ranges=f"k = 1..{k_max}, √vᵢ ∈ {{0.1..0.9}}, and every √vᵢ = 1",
        role="supports",
    )
    attained = all(margin(c) == 0 for c in equality)
    ev = replace(
        ev,
        tightness=(
            Tightness(
                "sharp",
                "averaging_exact_enumeration: k independent ±σ⊥ signs (every variance at σ⊥²) give E[mean²] = σ⊥²/k "
                "exactly; in general σ⊥²/k − E[mean²] = Σᵢ(σ⊥² − Var Zᵢ)/k² (averaging_variance_sympy), zero exactly "
                "when every variance is σ⊥²",
                ratio=1.0,
                where={"Z": "k independent ±σ⊥ signs", "k": f"1..{k_max}"},
            )
            if attained
            else None
        ),
        data={
            **ev.data,
            "pointwise_reading": (
                "a single draw is not bounded by σ⊥/√k: with all signs equal |mean| = Σ√vᵢ/k, "
                "up to σ⊥, with probability 2^(1−k)"
            ),
        },
    )
    return ev


claim(
    id="trsp.D2.averaging",
    title="Averaging k uncorrelated directions divides the noise by √k",
    source=Source("TRSP", "App. D.2", "Cor. D.2"),
    statement=r"If $Z_1,\dots,Z_k$ are uncorrelated, zero-mean, with $\mathrm{Var}\,Z_i\le\sigma_\perp^2$, then $\big(\mathbb{E}\,|\tfrac1k\sum_i Z_i|^2\big)^{1/2}\le\sigma_\perp/\sqrt k$.",
    checks=[averaging_variance_sympy, averaging_exact_enumeration],
    expected=Status.PROVED,
    prose=(
        "the reading as a root-mean-square bound (the paper's proof bounds the variance); uncorrelatedness removes the cross terms"
    ),
    notes=["interpretive"],
    reason=(
        "Read as a root-mean-square bound (the paper's proof bounds the variance), it is a sympy identity for symbolic k. As a bound on every realisation it is false (all components at +σ⊥ give σ⊥). It bounds an additive noise term; Eq. 19 uses it as a multiplicative gain on a Lipschitz constant, see trsp.D6.bound."
    ),
    tests=["tests/test_trsp_appendix_d.py::test_average_of_uncorrelated_components"],
)


# --------------------------------------------------------------------------- Lemma D.3


def _chain_cases(max_T: int = 16):
    return sst.sizes(2, max_T).flatmap(lambda T: st.tuples(sst.reversible_chains(T), st.integers(0, 40)))


@check
def mixing_reversible_search(ctx: Context) -> Evidence:
    """‖M^L‖_{H₀→H₀} ≤ (1−γ)^L with γ the contraction constant of (A1), on reversible chains by construction."""
    stats = {"max_ratio": 0.0}

    def margin(case):
        (P, pi), L = case
        contraction = h0_operator_norm(P, pi, 1)
        power = h0_operator_norm(P, pi, L)
        if contraction**L > 1e-6:  # below that the ratio only compares rounding errors
            stats["max_ratio"] = max(stats["max_ratio"], power / contraction**L)
        return contraction**L - power

    ev = property_search(
        _chain_cases(16),
        margin,
        what="‖M^L‖_{H₀} ≤ (1−γ)^L",
        ctx=ctx,
        examples=200,
        tolerance=lambda c: float_tolerance(c[0][0].shape[0] * (c[1] + 1), 1.0),
        allowance=(
            "P ≥ 0: fl(P^L) entrywise within T·eps per product (≤ L products), so within T·L·eps·S_L after the √π "
            "similarity, ‖S_L‖₂ = 1; the 2-norm's SVD and (1−γ)^L (≤ L·δ) add one 10·T·eps each: 10·T·(L+1)·eps"
        ),
        ranges="T ≤ 16, L ≤ 40; dense, path, cycle, star, barbell, bipartite walks, lazy or not",
    )
    ev = replace(
        ev, sharpest=f"max ‖M^L‖_{{H₀}}/(1−γ)^L = {fmt(stats['max_ratio'])} (equality: M is self-adjoint in ⟨·,·⟩_π)"
    )
    return ev


def h0_invariance_steps() -> list[Evidence]:
    """πᵀ(Mv) = (πᵀM)v = πᵀv: the finite sums exchanged, then πᵀM = πᵀ (symbolic size n)."""
    n = sp.Symbol("n", integer=True, positive=True)
    i, j = sp.symbols("i j", integer=True)
    M, v, pi = sp.IndexedBase("M"), sp.IndexedBase("v"), sp.IndexedBase("pi")
    return [
        sympy_identity(
            sp.Sum(sp.Sum(pi[i] * M[i, j] * v[j], (j, 1, n)), (i, 1, n)).reorder((0, 1)),
            sp.Sum(sp.Sum(pi[i] * M[i, j] * v[j], (i, 1, n)), (j, 1, n)),
            what="πᵀ(Mv) = Σ_i π_i Σ_j M_ij v_j = Σ_j (Σ_i π_i M_ij) v_j (finite sums exchanged)",
            ranges="every n",
        ),
        sympy_identity(
            sp.Sum(sp.Sum(pi[i] * M[i, j], (i, 1, n)) * v[j], (j, 1, n)).xreplace(
                {sp.Sum(pi[i] * M[i, j], (i, 1, n)): pi[j]}
            ),
            sp.Sum(pi[j] * v[j], (j, 1, n)),
            what="with πᵀM = πᵀ: πᵀ(Mv) = πᵀv, so Mv ∈ H₀(π) whenever v ∈ H₀(π)",
            ranges="every n",
        ),
    ]


@check
def mixing_proof(ctx: Context) -> Evidence:
    """H₀(π) is M-invariant and ‖·‖_{2,π}-contracted by 1 − γ, so L applications contract by (1 − γ)^L (induction)."""
    q = sp.Symbol("q", positive=True)  # q = 1 − γ, the contraction constant (q = 0 is immediate: Mv = 0 on H₀)
    L = sp.Symbol("L", integer=True, positive=True)
    steps = [
        *h0_invariance_steps(),
        sympy_identity(q**0, sp.Integer(1), what="L = 0: ‖M⁰v‖ = ‖v‖"),
        sympy_identity(
            q * q ** (L - 1),
            q**L,
            what=(
                "step: ‖M^L v‖ = ‖M(M^(L−1)v)‖ ≤ (1 − γ)‖M^(L−1)v‖ ≤ (1 − γ)(1 − γ)^(L−1)‖v‖ = (1 − γ)^L‖v‖, "
                "as M^(L−1)v ∈ H₀(π)"
            ),
        ),
    ]
    return derivation(
        steps,
        what="‖M^L‖_{H₀→H₀} ≤ (1 − γ)^L",
        ranges="every size T, every L ≥ 0, every M with πᵀM = πᵀ that contracts H₀(π) by 1 − γ",
    )


claim(
    id="trsp.D3.mixing",
    title="Exponential mixing on the zero-mean subspace",
    source=Source("TRSP", "App. D.3", "Lemma D.3"),
    statement=r"If $M$ is reversible with stationary $\pi>0$ and $\|Mv\|_{2,\pi}\le(1-\gamma)\|v\|_{2,\pi}$ on $\mathcal{H}_0(\pi)$, then $\|M^L\|_{\mathcal{H}_0\to\mathcal{H}_0}\le(1-\gamma)^L$.",
    checks=[mixing_proof],
    cross_checks=[mixing_reversible_search, mixing_equality_exact],
    expected=Status.PROVED,
    prose=(
        "induction on L with the invariance of H₀(π) (checked): M^(L−1)v stays in H₀(π), where the hypothesis ‖Mw‖_{2,π} ≤ (1 − γ)‖w‖_{2,π} applies; the operator norm on H₀(π) is the supremum of ‖M^Lv‖/‖v‖ over v ≠ 0 there. Reversibility is not used (only πᵀM = πᵀ and the contraction)"
    ),
    reason=(
        "Machine-checked (sympy, symbolic size): πᵀ(Mv) = πᵀv, so H₀(π) is M-invariant, and the induction's base and step (1 − γ)(1 − γ)^(L−1) = (1 − γ)^L. Argued in prose: the induction itself. A property search on reversible chains finds equality (ratio 1), as a self-adjoint operator's norm is multiplicative (cross-check). γ here must be the absolute gap 1 − max(|λ₂|, |λ_min|) that (A1) defines by contraction, not 1 − λ₂ nor the singular gap of §1."
    ),
    uses=[],
    tests=["tests/test_trsp_appendix_d.py::test_h0_norm_of_powers_is_the_power_of_the_contraction"],
)


# --------------------------------------------------------------------------- Lemma D.4


def _pointwise_cases():
    def build(args):
        T, seed, c = args
        rng = np.random.default_rng(seed)
        w = rng.random(T) + c
        pi = w / w.sum()
        e = rng.standard_normal(T) * 10.0 ** rng.uniform(-3, 3)
        if seed % 3 == 0:  # the extremal vector: all mass at the lightest token
            e = np.zeros(T)
            e[np.argmin(pi)] = 1.0
        return pi, e

    return st.tuples(sst.sizes(1, 64), st.integers(0, 2**31 - 1), st.floats(1e-3, 1.0, width=64)).map(build)


@check
def pointwise_float_search(ctx: Context) -> Evidence:
    """√(T/c_π)·‖e‖_{2,π} − ‖e‖_∞ ≥ 0 with c_π = T·π_min, equality at e = indicator of the lightest token."""
    stats = {"max_ratio": 0.0}

    def margin(case):
        pi, e = case
        T = pi.size
        bound = math.sqrt(T / (T * pi.min())) * pi_norm(e, pi)
        stats["max_ratio"] = max(stats["max_ratio"], np.abs(e).max() / bound)
        return (bound - np.abs(e).max()) / np.abs(e).max()

    ev = property_search(
        _pointwise_cases(),
        margin,
        what="‖e‖_∞ ≤ √(T/c_π)‖e‖_{2,π} (relative margin)",
        ctx=ctx,
        examples=200,
        tolerance=lambda c: float_tolerance(c[0].size, 1.0),
        allowance=(
            "relative margin: ‖e‖_{2,π}² sums T nonnegative terms (relative ≤ T·eps, halved by the root), π_min and "
            "√(T/(T·π_min)) a few eps more: ≤ 10·T·eps (the inequality holds for any positive weights π)"
        ),
        ranges="T ≤ 64, π ∝ uniform(c, 1+c), e Gaussian at scales 1e-3..1e3 or the lightest-token indicator",
        role="supports",
    )
    ev = replace(ev, sharpest=f"max ‖e‖_∞/(√(T/c_π)‖e‖_{{2,π}}) = {fmt(stats['max_ratio'])} (tight)")
    return ev


claim(
    id="trsp.D4.pointwise",
    title="Pointwise error from the π-weighted error",
    source=Source("TRSP", "App. D.4", "Lemma D.4"),
    statement=(
        r"If $\pi_{\min}\ge c_\pi/T$ then $\|e\|_\infty\le\sqrt{T/c_\pi}\,\|e\|_{2,\pi}$ for every $e\in\mathbb{R}^T$."
    ),
    checks=[pointwise_sympy, pointwise_float_search],
    cross_checks=[pointwise_equality_exact],
    expected=Status.PROVED,
    prose="taking the maximising token: π_t|e_t|² ≤ ‖e‖²_(2,π) and π_t ≥ c_π/T",
    reason=(
        "The slack is a sum of nonnegative terms (sympy, with the maximiser's term split off); tight for the indicator of the lightest token when π_min = c_π/T."
    ),
    tests=["tests/test_trsp_appendix_d.py::test_pointwise_bound_is_tight_at_the_lightest_token"],
)


# --------------------------------------------------------------------------- Lemma D.5


@check
def readout_constants_sympy(ctx: Context) -> Evidence:
    """1/σ_min = κ/σ_max, and κ̄/c₀ − κ/σ_max ≥ 0 when κ ≤ κ̄ and σ_max ≥ c₀ > 0."""
    s_min, c0 = sp.symbols("sigma_min c_0", positive=True)
    u, v, w = sp.symbols("u v w", nonnegative=True)
    s_max = c0 + v  # σ_max ≥ c₀
    kappa = s_max / s_min
    kappa_bar = kappa + u
    slack = sp.together(kappa_bar / c0 - kappa / s_max)
    steps = [
        sympy_identity(1 / s_min, kappa / s_max, what="1/σ_min = κ/σ_max (κ = σ_max/σ_min)"),
        sympy_nonnegative(slack, [u, v, c0, s_min], what="κ̄/c₀ − κ/σ_max ≥ 0 for κ̄ = κ + u ≥ κ, σ_max = c₀ + v ≥ c₀"),
    ]
    return derivation(
        steps,
        what="Lip(f∘𝒜⁻¹) ≤ L_f‖𝒜⁻¹‖₂ = L_f/σ_min = L_f κ/σ_max ≤ L_f κ̄/c₀",
        ranges="all σ_min > 0, σ_max ≥ c₀ > 0, κ̄ ≥ κ",
    )


claim(
    id="trsp.D5.readout",
    title="Readout stability through a well-conditioned linear part",
    source=Source("TRSP", "App. D.5", "Lemma D.5"),
    statement=r"For invertible $\mathcal{A}$ and $L_f$-Lipschitz $f$: $\mathrm{Lip}(f\circ\mathcal{A}^{-1})\le L_f\,\kappa(\mathcal{A})/\sigma_{\max}(\mathcal{A})\le L_f\bar\kappa/c_0$ when $\kappa(\mathcal{A})\le\bar\kappa$ and $\sigma_{\max}(\mathcal{A})\ge c_0>0$.",
    checks=[readout_constants_sympy],
    cross_checks=[readout_lipschitz_search, readout_equality_exact],
    expected=Status.PROVED,
    prose=(
        "the composition bound |f(𝒜⁻¹x) − f(𝒜⁻¹y)| ≤ L_f‖𝒜⁻¹(x − y)‖ ≤ L_f‖𝒜⁻¹‖₂‖x − y‖ (Euclidean norms); ‖𝒜⁻¹‖₂ = 1/σ_min(𝒜), since the singular values of 𝒜⁻¹ = VΣ⁻¹Uᵀ are the reciprocals of those of 𝒜 (Horn & Johnson, Matrix Analysis, 2nd ed. (2013), Thm 2.6.3, the singular value decomposition); then the checked constants"
    ),
    reason=(
        "Machine-checked (sympy): 1/σ_min = κ/σ_max and the sign certificate κ̄/c₀ ≥ κ/σ_max. Argued in prose: the composition of Lipschitz maps and ‖𝒜⁻¹‖₂ = 1/σ_min (SVD, cited). A search with Jacobians of linear and tanh readouts (equality attained) is a cross-check. Note κ/σ_max is just 1/σ_min: the assumption σ_max ≥ c₀ enters only through the bound κ̄/c₀."
    ),
    tests=["tests/test_trsp_appendix_d.py::test_readout_lipschitz_bound_is_attained_by_a_linear_readout"],
)


# --------------------------------------------------------------------------- Eq. 20


def _bound_cases():
    def build(args):
        (P, pi), d, seed, L, A = args
        rng = np.random.default_rng(seed)
        T = P.shape[0]
        X = rng.standard_normal((T, d)) * 10.0 ** rng.uniform(-2, 2, d)
        p = int(rng.integers(1, 3))
        B, C = rng.standard_normal((p, d)), rng.standard_normal((d, d))
        return P, pi, X, L, A, B, C

    def per_size(T):
        return st.integers(1, 4).flatmap(
            lambda d: st.tuples(
                sst.reversible_chains(T),
                st.just(d),
                st.integers(0, 2**31 - 1),
                st.integers(0, 25),
                sst.invertible_matrices(d, 3.0),
            )
        )

    return sst.sizes(2, 12).flatmap(per_size).map(build)


@check
def error_bound_fixed_search(ctx: Context) -> Evidence:
    """‖G(M^L X) − G(X̄)‖_F ≤ (L_f/σ_min(𝒜))·√(T/c_π)·(1−γ)^L·‖X − X̄‖_{F,π}, c_π = T·π_min, γ the absolute gap."""
    stats = {"max_ratio": 0.0}

    def margin(case):
        P, pi, X, L, A, B, C = case
        X_bar = pi_mean(X, pi)
        lhs = np.linalg.norm(_readout(np.linalg.matrix_power(P, L) @ X, A, B, C) - _readout(X_bar, A, B, C))
        L_f = np.linalg.norm(B, 2) * np.linalg.norm(C, 2)
        gamma = absolute_spectral_gap(P, pi)
        rhs = L_f / singular_values(A)[-1] * math.sqrt(1 / pi.min()) * max(1 - gamma, 0.0) ** L * pi_norm(X - X_bar, pi)
        if rhs > 0:
            stats["max_ratio"] = max(stats["max_ratio"], lhs / rhs)
        scale = L_f / singular_values(A)[-1] * math.sqrt(1 / pi.min()) * pi_norm(X, pi)
        return (rhs - lhs) / scale if scale > 0 else 0.0

    ev = property_search(
        _bound_cases(),
        margin,
        what="mixed-state stability bound (margin relative to L_f‖X‖/σ_min√π_min)",
        ctx=ctx,
        examples=150,
        tolerance=lambda c: (
            float_tolerance(c[0].shape[0] * (c[3] + 1), 10.0) + 2 * float_tolerance(len(c[4]), np.linalg.cond(c[4]))
        ),
        allowance=(
            "relative to the scale: P^L·X, X̄ (P ≥ 0) within T·(L+1)·eps·√T, (1−γ)^L within 10·T·L·eps, √T ≤ 4: "
            "10·T·(L+1)·eps·10; float 𝒜⁻¹ is exact for a 𝒜̂ with σ_min off by 10·d·eps·κ, as σ_min(𝒜): 2·10·d·eps·κ(𝒜)"
        ),
        ranges="T ≤ 12, d ≤ 4, L ≤ 25, reversible chains of every kind, κ(𝒜) ≤ 1e3, f = B·tanh(C·)",
    )
    ev = replace(ev, sharpest=f"max LHS/RHS = {fmt(stats['max_ratio'])}")
    return ev


claim(
    id="trsp.D6.bound",
    title="Inference error bound from gap and effective rank",
    source=Source("TRSP", "App. D.6", "Eq. 20"),
    statement=r"Under (A1)–(A5), with $\hat y=G(M^LX^{(0)})$, $y=f(X)$: $\mathcal{E}=\|\hat y-y\|\le \frac{C_1\kappa(\mathcal{A})}{\sqrt{\mathrm{sr}(X_\ell)}}\cdot C_2\sqrt{T/c_\pi}\,(1-\gamma)^L$ with $C_1,C_2$ absorbing $L_f,\bar\kappa,c_0,\sigma_\perp,\|X^{(0)}-\bar X\|_{2,\pi}$.",
    checks=[error_bound_counterexample],
    expected=Status.REFUTED,
    uses=[
        "trsp.D1.restricted-invertibility",
        "trsp.D2.averaging",
        "trsp.D3.mixing",
        "trsp.D4.pointwise",
        "trsp.D5.readout",
    ],
    reason=(
        "Eq. 19 drops the term ‖G(X̄) − y‖: mixing drives ŷ to the prediction at the fully mixed state, not to the target, so the right side → 0 as L → ∞ while ℰ → ‖G(X̄) − y‖ > 0. An exact instance meeting (A1)–(A4) (lazy complete-graph walk, 𝒜 = I, f = id, X = d Hadamard columns; π, γ, sr computed from the matrices) has ℰ/(bound without constants) = √d·(2^L − 1). The 1/√sr factor is Cor. D.2's noise-averaging gain used as a Lipschitz multiplier, which no lemma supports. The provable statement is trsp.D6.bound.fixed."
    ),
    tests=["tests/test_trsp_appendix_d.py::test_mixing_does_not_reach_the_target"],
)


@check
def error_bound_fixed_proof(ctx: Context) -> Evidence:
    """Per channel: M^Lx − x̄ = M^L(x − x̄) with x − x̄ ∈ H₀(π); ‖e‖₂² ≤ π_min⁻¹‖e‖²_{2,π}; G row-wise L_f/σ_min-
    Lipschitz.
    """
    sx, c = sp.Symbol("s", real=True), sp.Symbol("c", real=True)  # s = πᵀx, c a constant
    pmin, delta, e = sp.Symbol("pi_min", positive=True), sp.Symbol("delta", nonnegative=True), sp.Symbol("e", real=True)
    L = sp.Symbol("L", integer=True, positive=True)
    steps = [
        sympy_identity(sx - 1 * sx, sp.Integer(0), what="πᵀ(x − 𝟏πᵀx) = πᵀx − (πᵀ𝟏)(πᵀx) = 0 (πᵀ𝟏 = 1): x − x̄ ∈ H₀(π)"),
        sympy_identity(
            c * 1 - c,
            sp.Integer(0),
            what=(
                "M𝟏 = 𝟏 gives M^L(𝟏c) = 𝟏c, so M^Lx − x̄ = M^L(x − x̄), and Lemma D.3 "
                "bounds its π-norm by (1 − γ)^L‖x − x̄‖_{2,π}"
            ),
        ),
        sympy_nonnegative(
            (pmin + delta) * e**2 / pmin - e**2,
            [delta, pmin, e],
            what="π_i e_i²/π_min ≥ e_i² (π_i = π_min + δ): ‖e‖₂² ≤ π_min⁻¹‖e‖²_{2,π} ≤ (T/c_π)‖e‖²_{2,π} by (A2)",
        ),
        sympy_identity(
            sp.limit(1 - sp.Rational(1, 2) ** L, L, sp.oo),
            sp.Integer(1),
            what=(
                "the error to the target is not controlled: M = ½I + ½𝟏𝟏ᵀ/T, 𝒜 = I, f = id and zero-mean X give "
                "M^LX = 2^(−L)X (M X = ½X + ½·0), so ‖G(M^LX) − f(X)‖_F = (1 − 2^(−L))‖X‖_F → ‖X‖_F while the "
                "bound → 0"
            ),
        ),
    ]
    return derivation(
        steps,
        what="‖G(M^LX) − G(X̄)‖_F ≤ (L_f/σ_min(𝒜))√(T/c_π)(1 − γ)^L‖X − X̄‖_{F,π}",
        ranges="every T, d, L ≥ 0; M with M𝟏 = 𝟏, πᵀM = πᵀ, π > 0, contracting H₀(π) by 1 − γ",
    )


claim(
    id="trsp.D6.bound.fixed",
    title="Depth-L predictions approach the mixed-state prediction",
    source=Source("specproof", "App. D.6", "own"),
    statement=(
        r"Under (A1), (A2), (A4) and $\mathrm{Lip}(f)\le L_f$, with $G(z)=f(\mathcal{A}^{-1}z)$ applied to every token and $\bar X=\mathbf{1}\pi^\top X$: $\|G(M^LX)-G(\bar X)\|_F\le\frac{L_f}{\sigma_{\min}(\mathcal{A})}\sqrt{T/c_\pi}\,(1-\gamma)^L\,\|X-\bar X\|_{F,\pi}$. The error $\|G(M^LX)-y\|$ is not controlled by mixing."
    ),
    checks=[error_bound_fixed_proof],
    cross_checks=[error_bound_fixed_search, fixed_bound_equality_exact],
    expected=Status.PROVED,
    corrects="trsp.D6.bound",
    uses=["trsp.D3.mixing", "trsp.D4.pointwise", "trsp.D5.readout"],
    prose=(
        "applying the checked per-channel steps to every column x of X (X̄ = 𝟏πᵀX column by column) and summing squares: ‖M^LX − X̄‖_F ≤ √(T/c_π)(1 − γ)^L‖X − X̄‖_{F,π} (trsp.D3.mixing for each column; the weighted-to-Euclidean step is trsp.D4.pointwise's slack argument summed over tokens); G acts token by token (row by row) and each row map z ↦ f(𝒜⁻¹z) is (L_f/σ_min)-Lipschitz (trsp.D5.readout), so ‖G(Y) − G(Y′)‖_F ≤ (L_f/σ_min)‖Y − Y′‖_F; the instance for the last sentence is the exact counterexample of trsp.D6.bound (π uniform, X of zero mean). Reversibility, (A3), (A5) and σ_max ≥ c₀ are not used"
    ),
    reason=(
        "Machine-checked (sympy): X − X̄ ∈ H₀(π) and M^L fixes constants, the weighted-to-Euclidean bound ‖e‖₂² ≤ π_min⁻¹‖e‖²_{2,π}, and the lazy-walk instance where the error to the target tends to ‖X‖_F. Argued in prose: assembling per channel and token with Lemmas D.3–D.5 (proved). A property search over reversible chains, invertible readouts and tanh maps is a cross-check."
    ),
    tests=["tests/test_trsp_appendix_d.py::test_mixing_does_not_reach_the_target"],
)
