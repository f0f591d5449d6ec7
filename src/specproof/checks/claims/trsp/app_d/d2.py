"""TRSP App. D.2: Lemma 1: non-degenerate, rank-rich feature injection.

The section's claims in the paper's order, each stated before the checks that decide it; the project's own claims (11:
corrections, sharpenings, hypotheses, measurements) follow the claim they qualify.

App. D states (A1)–(A5) and says it uses "every assumption where it is used". Reading each proof line
by line finds more: the stationary law must be strictly positive, one operator M must serve every
layer (TRSP's layers differ), "gap" must mean the contraction constant (not 1 − λ₂, not App. C's
μ₂/r, not the gap of the π-reversibilization), the target must be the prediction at the fully
mixed state, averaging must use equal weights, constants may depend on the dimension d. Each
finding is a claim of the project's own, id ``<claim id>.hypotheses.<slug>``, declared beside the lemma: a necessary hypothesis by a
counterexample (exact rationals wherever the quantities are rational or certified by an exact
quadratic-form inequality), a merely convenient one by a proof or search without it.

The same reading of Lemmas D.3–D.5 and the bound sits in the sections that hold them.
"""

from __future__ import annotations

import math
from dataclasses import replace
from fractions import Fraction

import numpy as np
import sympy as sp

from specproof.checks.claims._shared.trsp_app_d import (
    SUBSET_FLOOR_ALLOWANCE,
    averaging_variance_sympy,
    subset_floors,
)
from specproof.engine import strategies as sst
from specproof.engine.methods import (
    EPS,
    derivation,
    exact_counterexample,
    float_tolerance,
    fmt,
    grid_check,
    probe_hypothesis,
    property_search,
    sympy_identity,
)
from specproof.engine.records import Tightness, Weakest
from specproof.engine.registry import Context, Evidence, Role, Source, Status, claim
from specproof.theory.spectral import singular_values

STATEMENT_TESTS = "tests/test_statements.py"


restricted_invertibility = claim(
    "trsp.D1.restricted-invertibility",
    title="Restricted invertibility of the state",
    source=Source("TRSP", "App. D.2", "Lemma D.1"),
    statement=r"For $X\in\mathbb{R}^{T\times d}$ and $\varepsilon\in(0,1)$ there is a set $S$ of columns with $|S|\ge(1-\varepsilon)^2\,\mathrm{sr}(X)$ and $\sigma_{\min}(X_S)\ge\varepsilon\|X\|_2/\sqrt d$, $\mathrm{sr}(X)=\|X\|_F^2/\|X\|_2^2$.",
    expected=Status.VERIFIED,
    reason="The cited Spielman–Srivastava theorem gives |S| ≥ ⌊ε²sr⌋ with σ_min ≥ (1−ε)‖X‖_F/√d; the lemma swaps ε and 1−ε, weakens ‖X‖_F to ‖X‖₂ (a factor √sr) and drops the floor, so it asks for ⌈(1−ε)²sr⌉ columns, one more than SS provides whenever (1−ε)²sr is not an integer. Its proof therefore does not establish it; a sympy identity shows SS covers it when ε(√sr−1)(√sr(2−ε)−ε) ≥ 1. Reducing 'for all ε' to one inequality per size k, an exhaustive subset search over structured small matrices found no counterexample: tight at k = 1, loose for k ≥ 2.",
    unproved="No proof is known. Spielman–Srivastava (Israel J. Math. 190 (2012)) gives ⌊ε² sr⌋ columns, and its sharp form covers the lemma only when ε(√sr − 1)(√sr(2−ε) − ε) ≥ 1; the lemma asks for ⌈(1−ε)² sr⌉ columns, which can exceed sr − 1, beyond every restricted-invertibility theorem we know.",
    notes=["loose"],
    tests=[
        "tests/test_trsp_appendix_d.py::test_restricted_invertibility_reduction_matches_an_epsilon_grid",
        "tests/test_trsp_appendix_d.py::test_best_column_subset_is_exhaustive",
    ],
)


def _subset_floor_tolerance(X) -> float:
    return 3 * float_tolerance(max(X.shape), np.sqrt(X.shape[1]))


@restricted_invertibility.decides
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


@restricted_invertibility.decides
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
        role=Role.SUPPORTS,
    )


@restricted_invertibility.decides
def restricted_invertibility_from_ss_sympy(ctx: Context) -> Evidence:
    """SS with ε' = 1 − ε/√sr gives ⌊(√sr−ε)²⌋ columns with σ_min ≥ ε‖X‖₂/√d; this covers the paper's size when
    (√sr−ε)² ≥ (1−ε)²sr + 1, and (√sr−ε)² − (1−ε)²sr = ε(√sr − 1)(√sr(2−ε) − ε)."""
    s = sp.Symbol("s", positive=True)  # √sr ≥ 1
    eps = sp.Symbol("epsilon", positive=True)
    return sympy_identity(
        (s - eps) ** 2 - (1 - eps) ** 2 * s**2,
        eps * (s - 1) * (s * (2 - eps) - eps),
        what="the lemma follows from SS whenever ε(√sr − 1)(√sr(2−ε) − ε) ≥ 1",
        role=Role.SUPPORTS,
    )


@restricted_invertibility.supports
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
        role=Role.SUPPORTS,
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


epsilon = restricted_invertibility.hypothesis(
    "epsilon",
    title="Lemma D.1: ε < 1 is necessary (ε ≤ 1 suffices)",
    statement=r"$\varepsilon\in(0,1)$ (stated) is necessary above 1: the demanded size $(1-\varepsilon)^2\,\mathrm{sr}(X)$ and floor $\varepsilon\|X\|_2/\sqrt d$ cannot both be met. At $\varepsilon=1$ one column of largest norm works.",
    expected=Status.CERTIFIED,
    reason="an exact counterexample",
    weakest=Weakest(
        "weaker-suffices",
        "d1_epsilon_probe: at ε = 1 one column of largest norm meets both demands ((1 − ε)²sr = 0 columns and floor ‖X‖₂/√d ≤ max column norm); X = I₂ at ε = 2 fails",
        hypothesis="ε",
        stated="ε ∈ (0, 1)",
        weakest="ε ∈ (0, 1]",
        ranges="d = 2, ε = 2 for the failure; every X at ε = 1",
    ),
    tests=["tests/test_trsp_d_hypotheses.py::test_exact_probes_refute_the_dropped_hypotheses"],
)


@epsilon.decides
def d1_epsilon_probe(ctx: Context) -> Evidence:
    """Drop ε < 1: X = I₂, ε = 2 demands both columns ((1−ε)²·sr = 2) with σ_min ≥ 2·1/√2 = √2 > 1."""
    eps, d = 2, 2
    sr = Fraction(2)  # ‖I₂‖_F² / ‖I₂‖₂²
    size = (1 - eps) ** 2 * sr
    floor_sq = Fraction(eps**2, d)  # (ε‖X‖₂/√d)², ‖X‖₂ = 1
    outcome = exact_counterexample(
        f"X = I₂, ε = 2: |S| ≥ {size} forces S = both columns, σ_min² = 1 < floor² = {floor_sq}",
        "d = 2, ε = 2",
        1 - floor_sq,
        X="I_2",
        epsilon=eps,
        size=str(size),
    )
    return probe_hypothesis(
        "necessary",
        "ε < 1 (ε ≤ 1 suffices: at ε = 1 one column of largest norm works)",
        outcome,
        exact=True,
        role=Role.DECIDES,
    )


dimension_factor = restricted_invertibility.hypothesis(
    "dimension-factor",
    title="Lemma D.1: the factor 1/√d is necessary",
    statement=r"The factor $1/\sqrt d$ in the floor (stated) is necessary: without it a single row $X=[1\ 1]$ already fails.",
    expected=Status.CERTIFIED,
    reason="an exact counterexample",
    weakest=Weakest(
        "needed",
        "d1_dimension_probe: X = [1 1] fails without the factor; more generally the 1 × d row of ones has sr = 1, one column with σ_min = 1 and ‖X‖₂ = √d, so a floor ε‖X‖₂d^−a with a < ½ exceeds 1 for ε ∈ (d^(a−½), 1): the exponent ½ is the weakest",
        hypothesis="the dimension factor d^−a in the floor",
        stated="a = ½",
        weakest="a = ½",
        ranges="X a 1 × d row of ones, every d ≥ 2",
    ),
    tests=["tests/test_trsp_d_hypotheses.py::test_exact_probes_refute_the_dropped_hypotheses"],
)


@dimension_factor.decides
def d1_dimension_probe(ctx: Context) -> Evidence:
    """Drop the 1/√d: X = [1 1], ε = 3/4: one column (σ_min = 1) is demanded, ε‖X‖₂ = (3/4)√2 > 1."""
    eps = Fraction(3, 4)
    floor_sq = eps**2 * 2  # (ε‖X‖₂)², ‖X‖₂² = 2
    outcome = exact_counterexample(
        f"X = [1 1] (T = 1, d = 2), sr = 1, ε = 3/4: the best column has σ_min² = 1 < (ε‖X‖₂)² = {floor_sq}",
        "T = 1, d = 2",
        1 - floor_sq,
        X=[[1, 1]],
        epsilon="3/4",
    )
    return probe_hypothesis(
        "necessary", "the dimension factor 1/√d in the floor", outcome, exact=True, role=Role.DECIDES
    )


nonzero = restricted_invertibility.hypothesis(
    "nonzero",
    title="Lemma D.1: X ≠ 0 is necessary",
    statement=r"Unstated and necessary: $X\ne0$, for $\lambda_{\mathrm{low}}>0$ and for $\mathrm{sr}(X)$ to be defined.",
    expected=Status.CERTIFIED,
    reason="the zero state, exactly",
    tightness=Tightness("unmeasurable", "X ≠ 0 and λ_low > 0 are hypotheses, not bounds"),
    weakest=Weakest(
        "qualitative", "X ≠ 0 is not a quantity: d1_nonzero_state shows X = 0 leaves sr undefined and λ_low = 0"
    ),
)


@nonzero.decides
def d1_nonzero_state(ctx: Context) -> Evidence:
    """Drop X ≠ 0 (unstated): sr is 0/0 and λ_low = ε‖X‖₂/√d = 0, not > 0."""
    outcome = Evidence(
        Status.REFUTED,
        "exact",
        "X = 0: ‖X‖₂ = 0, so λ_low = 0 (the lemma claims > 0) and sr(X) = 0/0",
        ranges="any T, d",
        worst_margin=0.0,
        counterexample={"X": "0"},
    )
    return probe_hypothesis("necessary", "X ≠ 0", outcome, exact=True, role=Role.DECIDES)


stable_rank_floor = restricted_invertibility.hypothesis(
    "stable-rank-floor",
    title="Lemma D.1: (A3) is used only for the second inequality",
    statement=r"(A3) $\mathrm{sr}\ge r_{\min}$ is used only for the second inequality, not for the first; (A5), which the proof plan lists for this lemma, plays no role in it.",
    expected=Status.VERIFIED,
    reason="a subset search over arbitrary small X (no r_min)",
    unproved="the 'not needed' part amounts to Lemma D.1 itself for every X, which is unproved (trsp.D1.restricted-invertibility)",
    tightness=Tightness(
        "unmeasurable",
        "sr ≥ r_min is a hypothesis, not a bound with a constant; the lemma's own bounds are recorded on trsp.D1.restricted-invertibility",
    ),
    weakest=Weakest(
        "not-needed",
        "d1_rmin_probe: the first inequality holds with no floor on sr; r_min enters only the second",
        hypothesis="(A3) stable-rank floor r_min",
        stated="sr ≥ r_min",
        weakest="no floor (for the first inequality)",
    ),
)


@stable_rank_floor.decides
def d1_rmin_probe(ctx: Context) -> Evidence:
    """(A3) is used only for the second inequality: search low-stable-rank X (sr near 1) for the first."""

    def margin(X):
        return min(best - paper for _, best, paper, _ in subset_floors(X))

    ev = property_search(
        sst.column_matrices(5, 5),
        margin,
        what="Lemma D.1 floor at every ε without any r_min",
        ctx=ctx,
        examples=80,
        tolerance=lambda X: 3 * float_tolerance(max(X.shape), np.sqrt(X.shape[1])),
        allowance=SUBSET_FLOOR_ALLOWANCE,
        ranges="T, d ≤ 5, every X (sr from 1 to d)",
    )
    return probe_hypothesis("not needed", "(A3) sr ≥ r_min (for the first inequality) and (A5)", ev, role=Role.DECIDES)


averaging = claim(
    "trsp.D2.averaging",
    title="Averaging k uncorrelated directions divides the noise by √k",
    source=Source("TRSP", "App. D.2", "Cor. D.2"),
    statement=r"If $Z_1,\dots,Z_k$ are uncorrelated, zero-mean, with $\mathrm{Var}\,Z_i\le\sigma_\perp^2$, then $\big(\mathbb{E}\,|\tfrac1k\sum_i Z_i|^2\big)^{1/2}\le\sigma_\perp/\sqrt k$.",
    expected=Status.PROVED,
    reason="Read as a root-mean-square bound (the paper's proof bounds the variance), it is a sympy identity for symbolic k. As a bound on every realisation it is false (all components at +σ⊥ give σ⊥). It bounds an additive noise term; Eq. 19 uses it as a multiplicative gain on a Lipschitz constant, see trsp.D6.bound.",
    prose="the reading as a root-mean-square bound (the paper's proof bounds the variance); uncorrelatedness removes the cross terms",
    notes=["interpretive"],
    tests=["tests/test_trsp_appendix_d.py::test_average_of_uncorrelated_components"],
)


averaging.decides(averaging_variance_sympy)


@averaging.decides
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
        role=Role.SUPPORTS,
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


uncorrelated = averaging.hypothesis(
    "uncorrelated",
    title="Cor. D.2: uncorrelated components are necessary",
    statement="Stated (A5) and necessary: uncorrelated components. Perfectly correlated components average to no gain.",
    expected=Status.CERTIFIED,
    reason="exact enumeration of a finite sign distribution (Fractions)",
    weakest=Weakest(
        "qualitative",
        "a structural hypothesis (Cov(Zᵢ, Zⱼ) = 0), no quantity weakened: d2_uncorrelated_probe gives no gain at full correlation",
    ),
)


def mean_square_exact(weights, components) -> Fraction:
    """E|Σ wᵢZᵢ|² for Z uniform over the listed equiprobable outcomes (each a tuple of component values)."""
    total = sum(
        (sum(Fraction(w) * Fraction(z) for w, z in zip(weights, outcome)) ** 2 for outcome in components), Fraction(0)
    )
    return Fraction(total) / len(components)


def sign_vectors(n: int) -> list[tuple[int, ...]]:
    """All 2^n vectors of ±1 signs (the outcomes of n independent fair signs), in a fixed order."""
    return [tuple(1 - 2 * ((p >> i) & 1) for i in range(n)) for p in range(2**n)]


@uncorrelated.decides
def d2_uncorrelated_probe(ctx: Context) -> Evidence:
    """Drop uncorrelated: Z₁ = Z₂ = ±1 gives E[mean²] = 1 > σ⊥²/k = 1/2."""
    outcomes = [(s, s) for (s,) in sign_vectors(1)]
    ms = mean_square_exact([Fraction(1, 2)] * 2, outcomes)
    outcome = exact_counterexample(
        f"k = 2, Z₁ = Z₂ = ±1: E[mean²] = {ms} > 1/2", "k = 2", Fraction(1, 2) - ms, Z="Z1 = Z2 = +-1 equiprobable"
    )
    return probe_hypothesis("necessary", "uncorrelated components", outcome, exact=True, role=Role.DECIDES)


zero_mean = averaging.hypothesis(
    "zero-mean",
    title="Cor. D.2: zero-mean components are necessary",
    statement="Stated (A5) and necessary: zero-mean components. A constant component has variance 0 and an error that averaging does not reduce.",
    expected=Status.CERTIFIED,
    reason="exact arithmetic (Fractions)",
    weakest=Weakest(
        "qualitative",
        "a structural hypothesis (E Zᵢ = 0), no quantity: d2_zero_mean_probe, a constant component",
    ),
)


@zero_mean.decides
def d2_zero_mean_probe(ctx: Context) -> Evidence:
    """Drop zero mean: Z ≡ 1 (variance 0) gives E[mean²] = 1 > σ⊥²/k for σ⊥ = 1, k = 4."""
    ms = mean_square_exact([Fraction(1, 4)] * 4, [(1, 1, 1, 1)])
    outcome = exact_counterexample(
        f"k = 4, Zᵢ ≡ 1 (uncorrelated, variance 0): E[mean²] = {ms} > σ⊥²/k = 1/4",
        "k = 4",
        Fraction(1, 4) - ms,
        Z="Z_i = 1",
    )
    return probe_hypothesis("necessary", "zero-mean components", outcome, exact=True, role=Role.DECIDES)


equal_weights = averaging.hypothesis(
    "equal-weights",
    title="Cor. D.2: equal aggregation weights are necessary",
    statement=r"Unstated and necessary: equal aggregation weights ('aggregating' is the plain mean); unequal weights exceed $\sigma_\perp/\sqrt k$.",
    expected=Status.CERTIFIED,
    reason="exact enumeration (Fractions)",
    weakest=Weakest(
        "qualitative",
        "a structural hypothesis (the plain mean), no single quantity: d2_weights_probe, unequal weights",
    ),
    tests=["tests/test_trsp_d_hypotheses.py::test_exact_probes_refute_the_dropped_hypotheses"],
)


@equal_weights.decides
def d2_weights_probe(ctx: Context) -> Evidence:
    """Drop equal weights (unstated: 'aggregating' is the plain mean): weights (3/4, 1/4) give 5/8 > 1/2."""
    ms = mean_square_exact([Fraction(3, 4), Fraction(1, 4)], sign_vectors(2))
    outcome = exact_counterexample(
        f"k = 2 independent ±1, weights (3/4, 1/4): E|ΣwᵢZᵢ|² = {ms} > 1/2 "
        "(in general σ⊥²‖w‖² ≥ σ⊥²/k, equality only for equal weights)",
        "k = 2",
        Fraction(1, 2) - ms,
        weights=["3/4", "1/4"],
    )
    return probe_hypothesis("necessary", "equal aggregation weights", outcome, exact=True, role=Role.DECIDES)


root_mean_square = averaging.hypothesis(
    "root-mean-square",
    title="Cor. D.2: the error must be read as a root mean square",
    statement=r"Unstated and necessary: the error read as a root mean square, not per realisation; a single realisation can exceed $\sigma_\perp/\sqrt k$.",
    expected=Status.CERTIFIED,
    reason="exact enumeration (Fractions)",
    weakest=Weakest(
        "qualitative", "a reading of the error (mean square or per realisation), no quantity: d2_rms_probe"
    ),
)


@root_mean_square.decides
def d2_rms_probe(ctx: Context) -> Evidence:
    """Drop the root-mean-square reading: the realisation Z = (1, 1) of independent ±1 has |mean| = 1 > 1/√2."""
    ms = mean_square_exact([Fraction(1, 2)] * 2, [(1, 1)])
    outcome = exact_counterexample(
        f"k = 2 independent ±1, realisation (1, 1) (probability 1/4): |mean|² = {ms} > 1/2",
        "k = 2",
        Fraction(1, 2) - ms,
        realisation=[1, 1],
    )
    return probe_hypothesis(
        "necessary", "the error read as a root mean square, not per realisation", outcome, exact=True, role=Role.DECIDES
    )


epsilon_fixed = averaging.hypothesis(
    "epsilon-fixed",
    title="Cor. D.2: ε must stay fixed away from 1 for k = Θ(sr)",
    statement=r"Unstated and necessary: $\varepsilon$ fixed away from 1, for $k=\Theta(\mathrm{sr})$; the constant of the $O(\sigma_\perp/\sqrt{\mathrm{sr}})$ step is $1/(1-\varepsilon)$.",
    expected=Status.CERTIFIED,
    reason="exact arithmetic on Lemma D.1's size",
    weakest=Weakest(
        "needed",
        "d2_epsilon_fixed: sr = n², ε = 1 − 1/n gives k = 1 and σ⊥/√k = n·σ⊥/√sr, unbounded as ε → 1; any fixed ε < 1 works",
        hypothesis="ε away from 1",
        stated="ε fixed (unstated)",
        weakest="any fixed ε < 1",
        constant="1/(1 − ε) in σ⊥/√k ≤ σ⊥/((1 − ε)√sr)",
        ranges="n ∈ {2, 4, 16, 256}",
    ),
)


@epsilon_fixed.decides
def d2_epsilon_fixed(ctx: Context) -> Evidence:
    """The O(σ⊥/√sr) step needs ε fixed: sr = n², ε = 1 − 1/n lets Lemma D.1 return k = 1, and σ⊥/√k = n·σ⊥/√sr."""
    rows = []
    for n in (2, 4, 16, 256):
        eps = 1 - Fraction(1, n)
        size = (1 - eps) ** 2 * n**2  # the lemma's demanded size: exactly 1
        rows.append({"sr": n * n, "epsilon": str(eps), "k": int(size), "ratio": n})
        if size != 1:
            return Evidence(Status.OPEN, "exact", f"unexpected demanded size {size}")
    outcome = Evidence(
        Status.REFUTED,
        "exact",
        "sr = n², ε = 1 − 1/n: (1−ε)²sr = 1, so k = 1 satisfies Lemma D.1 and σ⊥/√k = n·σ⊥/√sr; the "
        "constant of O(σ⊥/√sr) is 1/(1−ε), unbounded as ε → 1",
        ranges="n ∈ {2, 4, 16, 256} (every n ≥ 2)",
        counterexample={"rows": rows},
    )
    return probe_hypothesis("necessary", "ε fixed away from 1 (for k = Θ(sr))", outcome, exact=True, role=Role.DECIDES)


independence = averaging.hypothesis(
    "independence",
    title="Cor. D.2: independence is not needed",
    statement="Independence is not needed: pairwise uncorrelated, dependent products of signs meet the bound with equality.",
    expected=Status.CERTIFIED,
    reason="exact enumeration of the sign products (Fractions)",
    weakest=Weakest(
        "qualitative",
        "a structural hypothesis (independence or only uncorrelation), no quantity: d2_independence_probe, dependent products of signs with equality",
    ),
    tests=["tests/test_trsp_d_hypotheses.py::test_mean_square_of_sign_products"],
)


@independence.decides
def d2_independence_probe(ctx: Context) -> Evidence:
    """Independence is not needed: products of independent signs are pairwise uncorrelated, dependent, and meet the
    bound.
    """

    def products(n):
        subsets = [s for s in range(1, 2**n)]
        return [tuple(math.prod(x[i] for i in range(n) if s >> i & 1) for s in subsets) for x in sign_vectors(n)]

    def margin(n):
        outcomes = products(n)
        k = len(outcomes[0])
        return Fraction(1, k) - mean_square_exact([Fraction(1, k)] * k, outcomes)

    ev = grid_check(
        range(2, 6),
        margin,
        what="E[mean²] ≤ 1/k for the 2ⁿ − 1 products of n independent signs (pairwise uncorrelated, not independent)",
        method="exact",
        exact=True,
        ranges="n = 2..5 (k = 3..31)",
    )
    return probe_hypothesis("not needed", "independence (pairwise uncorrelated suffices)", ev, role=Role.DECIDES)


hypotheses_stable_rank_floor = averaging.hypothesis(
    "stable-rank-floor",
    title="Cor. D.2: (A3) is not used by σ⊥/√k",
    statement=r"(A3), listed for the corollary, is not used by $\sigma_\perp/\sqrt k$: only Lemma D.1's size enters, through $k$.",
    expected=Status.PROVED,
    reason="the corollary's sympy variance identity, which has no r_min in it",
    weakest=Weakest(
        "not-needed",
        "d2_rank_probe: σ⊥/√k uses only k, with no floor on sr",
        hypothesis="(A3) stable-rank floor r_min",
        stated="sr ≥ r_min",
        weakest="no floor",
    ),
)


@hypotheses_stable_rank_floor.decides
def d2_rank_probe(ctx: Context) -> Evidence:
    """(A3), listed for the corollary, is not used by σ⊥/√k: the variance identity has no r_min in it."""
    return probe_hypothesis("not needed", "(A3) (for σ⊥/√k)", averaging_variance_sympy(ctx), role=Role.DECIDES)


pseudo_inverse = claim(
    "trsp.D1.pseudo-inverse",
    title="Lemma D.1's consequence: σ_min(X_S) ≥ λ_low gives ‖X_S†‖₂ ≤ 1/λ_low",
    source=Source("TRSP", "App. D.2", "Lemma D.1 (consequence)"),
    statement=r"If $\sigma_{\min}(X_\ell|_S)\ge\lambda_{\rm low}>0$, then $X_\ell|_S$ has full column rank, is left-invertible ($X^\dagger X=I_{|S|}$ with $X^\dagger=(X^\top X)^{-1}X^\top$) and $\|(X_\ell|_S)^\dagger\|_2=1/\sigma_{\min}(X_\ell|_S)\le1/\lambda_{\rm low}$.",
    expected=Status.PROVED,
    reason="Matrix-expression identities for symbolic sizes (sympy): X†X = I and X†X†ᵀ = (XᵀX)⁻¹; the norm is the largest eigenvalue of (XᵀX)⁻¹. Seeded tall matrices, also ill-conditioned, agree in floating point.",
    prose="σ_min > 0 makes XᵀX (eigenvalues σ_i²) invertible; ‖P‖₂² = ‖PPᵀ‖₂ and the spectral theorem give ‖(XᵀX)⁻¹‖₂ = 1/σ_min²; 1/σ_min ≤ 1/λ_low by the hypothesis",
    tightness=Tightness(
        "sharp",
        "pseudo_inverse_sympy: ‖X†‖₂ = 1/σ_min(X) is an equality, so ‖X†‖₂ ≤ 1/λ_low is attained when σ_min(X_S) = λ_low",
        ratio=1.0,
        where={"σ_min(X_S)": "λ_low"},
    ),
    tests=[f"{STATEMENT_TESTS}::test_pseudo_inverse_norm"],
)


@pseudo_inverse.decides
def pseudo_inverse_sympy(ctx: Context) -> Evidence:
    """X† = (XᵀX)⁻¹Xᵀ for full column rank: X†X = I and X†X†ᵀ = (XᵀX)⁻¹ (matrix expressions, symbolic sizes)."""
    T, k = sp.symbols("T k", integer=True, positive=True)
    X = sp.MatrixSymbol("X", T, k)
    P = (X.T * X).I * X.T
    steps = [
        sympy_identity(P * X, sp.Identity(k), what="X†X = (XᵀX)⁻¹XᵀX = I_k: the restricted map is left-invertible"),
        sympy_identity(
            P * P.T, (X.T * X).I, what="X†X†ᵀ = (XᵀX)⁻¹, so ‖X†‖₂² = ‖(XᵀX)⁻¹‖₂ = 1/λ_min(XᵀX) = 1/σ_min(X)²"
        ),
    ]
    return derivation(
        steps,
        what="σ_min(X_S) ≥ λ_low > 0 ⇒ X_S left-invertible with ‖X_S†‖₂ = 1/σ_min(X_S) ≤ 1/λ_low",
        ranges="every T ≥ k and X of full column rank",
    )


@pseudo_inverse.supports
def pseudo_inverse_float(ctx: Context) -> Evidence:
    """Seeded tall matrices, also ill-conditioned ones: pinv(X)X = I and ‖pinv(X)‖₂·σ_min(X) = 1."""
    rng = np.random.default_rng(ctx.seed)
    cases = [(T, k, c) for T in (4, 16, 64) for k in (1, 3) for c in (0, 3, 6)]

    def margin(case):
        T, k, c = case
        X = rng.standard_normal((T, k)) * 10.0 ** (-c * np.linspace(0, 1, k))
        s = singular_values(X)
        P = np.linalg.pinv(X)
        condition = s[0] / s[-1]
        return -max(float(np.max(np.abs(P @ X - np.eye(k)))), abs(singular_values(P)[0] * s[-1] - 1)) / condition

    return grid_check(
        cases,
        margin,
        what="pinv(X)X = I and ‖pinv(X)‖₂σ_min(X) = 1",
        method="grid",
        exact=False,
        ranges="T ∈ {4, 16, 64}, k ∈ {1, 3}, column scales down to 1e−6",
        tolerance=lambda c: 100 * c[0] * EPS,
        allowance=(
            "pinv and the SVDs are backward stable: the errors of pinv(X)X and of ‖pinv(X)‖₂σ_min are "
            "≤ 10·T·eps·κ(X) each (a few of them); the margin is divided by κ(X): 100·T·eps"
        ),
        role=Role.SUPPORTS,
    )
