"""TRSP Appendix D: which hypotheses each lemma and the error bound really use.

App. D states (A1)–(A5) and says it uses "every assumption where it is used". Reading each proof line
by line finds more: the stationary law must be strictly positive, one operator M must serve every
layer (TRSP's layers differ), "gap" must mean the contraction constant (not 1 − λ₂, not App. C's
μ₂/r, not the gap of the π-reversibilization), the target must be the prediction at the fully
mixed state, averaging must use equal weights, constants may depend on the dimension d. Each
finding is a claim of the project's own, id ``<claim id>.hypotheses``: a necessary hypothesis by a
counterexample (exact rationals wherever the quantities are rational or certified by an exact
quadratic-form inequality), a merely convenient one by a proof or search without it.

Lemma D.3 to the corrected bound are in :mod:`trsp_d_hypotheses_d3_d6`.
"""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
import sympy as sp

from specproof.checks.claims._shared.trsp_app_d import (
    SUBSET_FLOOR_ALLOWANCE,
    _causal_composite_exact,
    _matvec,
    as_fractions,
    averaging_variance_sympy,
    carry_over_assumption_a2,
    carry_over_probe_sink,
    pi_rayleigh_exact,
    subset_floors,
    walk,
)
from specproof.engine import strategies as sst
from specproof.engine.methods import (
    exact_counterexample,
    float_tolerance,
    grid_check,
    probe_hypothesis,
    property_search,
)
from specproof.engine.records import Tightness, Weakest
from specproof.engine.registry import Context, Evidence, Source, Status, check, claim_split
from specproof.theory.cayley import cayley_degree, cayley_laplacian_spectrum

# --------------------------------------------------------------------------- exact π-norm helpers


# --------------------------------------------------------------------------- carry-over (App. D intro)


def skeleton_walk_margin(T: int) -> float:
    """2r − μ_max − μ₂ for the Cayley skeleton (Eq. 9, multigraph, r = 2(L+1)): ≥ 0 exactly when the walk W/r has
    absolute gap min(μ₂/r, 2 − μ_max/r) equal to App. C's γ = μ₂/r."""
    mu = np.sort(cayley_laplacian_spectrum(T))
    return float(2 * cayley_degree(T) - mu[-1] - mu[1])


def skeleton_tolerance(T: int) -> float:
    """Float allowance of a margin that combines three skeleton modes μ_k at T (see SKELETON_ALLOWANCE)."""
    return 3 * float_tolerance(cayley_degree(T) // 2, 4.0)


SKELETON_ALLOWANCE = (
    "μ_k sums L+1 terms 2·2sin²(πr/T), r = gk mod T exact, each ≤ 4 and within a few eps relative: "
    "μ within 10·(L+1)·eps·4; the margin combines three μ's: 3×"
)


@check
def carry_over_symmetry_probe(ctx: Context) -> Evidence:
    """Drop a symmetric ℳ (TRSP's layers are causal): the row-normalised M is absorbing, (A1)–(A2) fail."""
    return probe_hypothesis(
        "necessary", "a symmetric (bidirectional) ℳ", carry_over_assumption_a2(ctx), exact=True, role="decides"
    )


@check
def carry_over_wrap_probe(ctx: Context) -> Evidence:
    """Drop the wrap-around boundary once ℳ is symmetrised: the non-wrapping, sink-dominated walk keeps its gap."""
    return probe_hypothesis(
        "not needed",
        "the wrap-around (circulant) boundary, once ℳ is symmetrised",
        carry_over_probe_sink(ctx),
        role="decides",
    )


@check
def carry_over_gap_reading_exact(ctx: Context) -> Evidence:
    """App. C's γ = μ₂/r is not D3's contraction: T = 6, generators ±1, ±2, ±4 ≡ ∓2, r = 6; the walk has eigenvalue
    −½.
    """
    T, gens = 6, (1, 2, 4)
    W = [[sum(int((j - i) % T == g % T) + int((i - j) % T == g % T) for g in gens) for j in range(T)] for i in range(T)]
    P, pi = walk(W)
    v = [2, -1, -1, 2, -1, -1]  # cos(2π·2t/6), the k = 2 eigenvector
    Pv = _matvec(P, [Fraction(x) for x in v])
    eigen_ok = Pv == [Fraction(-x, 2) for x in v]
    # μ₂ = 4 at k = 3 (v = (−1)^t), the smallest nonzero Laplacian eigenvalue of rI − W: μ₂/r = 2/3
    alt = [(-1) ** t for t in range(T)]
    mu2_ok = [6 * x - y for x, y in zip(alt, _matvec(as_fractions(W), alt))] == [4 * x for x in alt]
    gamma_c = Fraction(4, 6)
    ratio = pi_rayleigh_exact(P, pi, v)
    if not (eigen_ok and mu2_ok and sum(Fraction(p) * x for p, x in zip(pi, v)) == 0):
        return Evidence(Status.OPEN, "exact", "the T = 6 skeleton's eigenvectors are not those this check expects")
    outcome = exact_counterexample(
        "T = 6 skeleton Cay(ℤ₆, {±1, ±2, ±4}), P = W/6: App. C's γ = μ₂/r = 2/3, but v = (2,−1,−1,2,−1,−1) ∈ H₀ has "
        f"Pv = −v/2, so ‖P‖²_{{H₀}} ≥ {ratio} > (1 − γ)² = {(1 - gamma_c) ** 2}: the contraction gap is 1/2",
        "T = 6, exact rationals",
        (1 - gamma_c) ** 2 - ratio,
        T=T,
        generators=list(gens),
        v=v,
        gamma_C="2/3",
        contraction_gap="1/2",
    )
    return probe_hypothesis(
        "necessary",
        "μ_max + μ₂ ≤ 2r (then App. C's γ = μ₂/r is (A1)'s contraction gap)",
        outcome,
        exact=True,
        role="decides",
    )


@check
def carry_over_gap_reading_grid(ctx: Context) -> Evidence:
    """For which T the skeleton's App. C gap μ₂/r is D3's γ: every T the closed form is evaluated at."""
    T_max = 8192 if ctx.wide else 2048
    failures = [T for T in range(2, T_max + 1) if skeleton_walk_margin(T) < -skeleton_tolerance(T)]
    last = max(failures)
    tail = grid_check(
        range(last + 1, T_max + 1),
        skeleton_walk_margin,
        what=f"2r − μ_max − μ₂ ≥ 0 (absolute gap = μ₂/r) for {last + 1} ≤ T ≤ {T_max}",
        method="closed-form",
        exact=False,
        tolerance=skeleton_tolerance,
        allowance=SKELETON_ALLOWANCE,
        ranges=f"T = {last + 1}..{T_max}",
    )
    return Evidence(
        tail.status,
        "closed-form",
        f"absolute gap < μ₂/r at {len(failures)} lengths T ∈ {{{', '.join(map(str, failures))}}} (the largest "
        f"{last}); {tail.summary}",
        ranges=f"T = 2..{T_max}",
        worst_margin=tail.worst_margin,
        allowance=tail.allowance,
        allowance_note=tail.allowance_note,
        role="supports",
        data={"failures": failures, **tail.data},
        weakest=Weakest(
            "needed-in-general",
            f"carry_over_gap_reading_grid: the reading γ = μ₂/r fails at {len(failures)} lengths (every one ≤ {last}) "
            f"and holds at every other T of 2..{T_max}, all of {last + 1}..{T_max} included",
            hypothesis="μ_max + μ₂ ≤ 2r (for App. C's γ = μ₂/r to be (A1)'s contraction gap)",
            stated="unstated",
            holds_on=f"T = 2..{T_max} outside {{{', '.join(map(str, failures))}}}",
            ranges=f"T = 2..{T_max}",
        ),
    )


def _stationary_count(M: sp.Matrix) -> int:
    return len((M.T - sp.eye(M.shape[0])).nullspace())


@check
def carry_over_side_path_probe(ctx: Context) -> Evidence:
    """The sharp form's b ≥ 2, g > 0 are not needed when attention reaches token 0 (sink, causal uniform): at b = 1 or
    g = 0 the stationary law is still e₀ alone."""
    cases = [
        (T, b, g, a)
        for T in range(2, 9)
        for b, g in ((1, Fraction(1, 2)), (2, Fraction(0)), (1, Fraction(0)))
        for a in ("sink", "cesaro")
    ]

    def margin(case):
        T, b, g, attention = case
        M = _causal_composite_exact(T, b, g, attention)
        space = (M.T - (2 + sp.Rational(g.numerator, g.denominator)) * sp.eye(T)).nullspace()
        return 0 if len(space) == 1 and all(x == 0 for x in space[0][1:]) else -1

    ev = grid_check(
        cases,
        margin,
        what="unique stationary law e₀ at b = 1 or g = 0",
        method="exact",
        exact=True,
        ranges="T = 2..8, (b, g) ∈ {(1, 1/2), (2, 0), (1, 0)}, A ∈ {sink, causal uniform}",
    )
    return probe_hypothesis("not needed", "b ≥ 2 and g > 0 (for attention that reaches token 0)", ev, role="decides")


@check
def carry_over_self_attention_probe(ctx: Context) -> Evidence:
    """They are needed for other causal attention: A = I (every token attends to itself), g = 0 gives M = I, whose
    stationary laws are every distribution."""
    T = 4
    M = (sp.eye(T) + sp.eye(T)) / 2
    count = _stationary_count(M)
    outcome = exact_counterexample(
        f"A = I, g = 0, T = {T}: M = I has {count} independent stationary laws (not a unique "
        "absorbing law, not (A1)–(A2) either: no contraction on H₀)",
        f"T = {T}",
        1 - count,
        attention="I",
        g=0,
    )
    return probe_hypothesis(
        "necessary", "g > 0 (for attention that does not reach token 0)", outcome, exact=True, role="decides"
    )


claim_split(
    "trsp.D.carry-over.hypotheses",
    [
        dict(
            slug="symmetry",
            tightness=Tightness(
                "unmeasurable",
                "its inequality π > 0 is the property the probe shows lost (π = e₀), not a bound with a constant",
            ),
            weakest=Weakest(
                "qualitative",
                "a structural hypothesis (ℳ symmetric or not), no quantity: carry_over_symmetry_probe shows every causal layer absorbed at token 0",
            ),
            title="Carry-over to App. D needs a symmetric (bidirectional) ℳ",
            statement=r"Unstated and necessary: $\mathcal M$ symmetric (bidirectional), so that row normalisation gives a reversible $M$ with $\pi>0$. Every causal TRSP layer is absorbed at token 0, and (A1)–(A2) fail.",
            checks=[carry_over_symmetry_probe],
            expected=Status.CERTIFIED,
            reason="the exact absorbing instance of the carry-over claim",
        ),
        dict(
            slug="wrap-around",
            weakest=Weakest(
                "qualitative",
                "a structural hypothesis (the boundary wraps or not), no quantity: carry_over_wrap_probe keeps the gap and Tπ_min without it",
            ),
            title="Carry-over to App. D: the wrap-around is not needed once ℳ is symmetrised",
            statement=r"Unstated and not needed once $\mathcal M$ is symmetrised: a wrap-around boundary. The non-wrapping sink walk keeps an absolute gap and $T\pi_{\min}$ bounded below.",
            checks=[carry_over_wrap_probe],
            expected=Status.VERIFIED,
            reason="a float probe of the symmetrised sink walk",
            unproved="a float probe over a finite range of T; no proof for every T is known",
        ),
        dict(
            slug="gap-reading",
            tightness=Tightness(
                "unmeasurable",
                "μ_max + μ₂ ≤ 2r is the condition under study, not a bound; where it holds is the weakest-hypothesis record of carry_over_gap_reading_grid",
            ),
            title="Carry-over to App. D: App. C's γ = μ₂/r is not (A1)'s contraction gap",
            statement=r"Unstated: App. C's $\gamma=\mu_2/r$ read as (A1)'s contraction gap, which needs $\mu_{\max}+\mu_2\le2r$. The reading is false at $T=6$ and at other small $T$ (where App. C's $\gamma$ can exceed 1); it holds on the rest of the range evaluated.",
            checks=[carry_over_gap_reading_exact],
            cross_checks=[carry_over_gap_reading_grid],
            expected=Status.CERTIFIED,
            reason="an exact eigenvector of the T = 6 skeleton walk; the closed form Eq. 9 over a range of T as a cross-check",
            tests=[
                "tests/test_trsp_d_hypotheses.py::test_skeleton_gap_reading_fails_exactly_at_six",
                "tests/test_trsp_d_hypotheses.py::test_exact_probes_refute_the_dropped_hypotheses",
            ],
        ),
        dict(
            slug="side-path",
            tightness=Tightness(
                "unmeasurable", "b ≥ 2 and g > 0 are hypotheses, not bounds; the conclusion π = e₀ is an equality"
            ),
            weakest=Weakest(
                "not-needed",
                "carry_over_side_path_probe: exact null spaces at b = 1 and at g = 0 keep π = e₀ for the sink and causal uniform attention",
                hypothesis="side-path bandwidth b and gate g",
                stated="b ≥ 2, g > 0",
                weakest="b = 1, g = 0",
                ranges="sink and causal uniform attention, exact",
            ),
            title="Carry-over to App. D: b ≥ 2 and g > 0 are not needed for attention that reaches token 0",
            statement=r"For the causal absorption (trsp.D.carry-over.sharp): $b\ge2$ and $g>0$ are not needed for the sink or causal uniform attention, whose stationary law stays $e_0$ at $b=1$ or $g=0$.",
            checks=[carry_over_side_path_probe],
            expected=Status.CERTIFIED,
            reason="exact null spaces for b = 1, g = 0",
            uses=["trsp.D.carry-over", "trsp.D.carry-over.sharp"],
        ),
        dict(
            slug="self-attention",
            tightness=Tightness(
                "unmeasurable", "g > 0 is a hypothesis, not a bound; the conclusion is the count of stationary laws"
            ),
            weakest=Weakest(
                "needed",
                "carry_over_self_attention_probe: at g = 0 with A = I, M = I has every distribution stationary; every g > 0 gives the positive subdiagonal that forces π = e₀ (trsp.D.carry-over.sharp)",
                hypothesis="gate g",
                stated="g > 0",
                weakest="every g > 0 (the open condition cannot be weakened to g ≥ 0)",
                ranges="A = I, exact",
            ),
            title="Carry-over to App. D: g > 0 is needed for attention that does not reach token 0",
            statement="For the causal absorption (trsp.D.carry-over.sharp), $g>0$ is needed for attention that does not reach token 0: $A=I$ with $g=0$ gives $M=I$, whose stationary laws are every distribution.",
            checks=[carry_over_self_attention_probe],
            expected=Status.CERTIFIED,
            reason="an exact null space",
            uses=["trsp.D.carry-over", "trsp.D.carry-over.sharp"],
            tests=["tests/test_trsp_d_hypotheses.py::test_exact_probes_refute_the_dropped_hypotheses"],
        ),
    ],
    source=Source("specproof", "App. D (intro)", "own"),
    uses=["trsp.D.carry-over"],
)


# --------------------------------------------------------------------------- Lemma D.1


@check
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
        role="decides",
    )


@check
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
    return probe_hypothesis("necessary", "the dimension factor 1/√d in the floor", outcome, exact=True, role="decides")


@check
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
    return probe_hypothesis("necessary", "X ≠ 0", outcome, exact=True, role="decides")


@check
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
    return probe_hypothesis("not needed", "(A3) sr ≥ r_min (for the first inequality) and (A5)", ev, role="decides")


claim_split(
    "trsp.D1.restricted-invertibility.hypotheses",
    [
        dict(
            slug="epsilon",
            weakest=Weakest(
                "weaker-suffices",
                "d1_epsilon_probe: at ε = 1 one column of largest norm meets both demands ((1 − ε)²sr = 0 columns and floor ‖X‖₂/√d ≤ max column norm); X = I₂ at ε = 2 fails",
                hypothesis="ε",
                stated="ε ∈ (0, 1)",
                weakest="ε ∈ (0, 1]",
                ranges="d = 2, ε = 2 for the failure; every X at ε = 1",
            ),
            title="Lemma D.1: ε < 1 is necessary (ε ≤ 1 suffices)",
            statement=r"$\varepsilon\in(0,1)$ (stated) is necessary above 1: the demanded size $(1-\varepsilon)^2\,\mathrm{sr}(X)$ and floor $\varepsilon\|X\|_2/\sqrt d$ cannot both be met. At $\varepsilon=1$ one column of largest norm works.",
            checks=[d1_epsilon_probe],
            expected=Status.CERTIFIED,
            reason="an exact counterexample",
            tests=["tests/test_trsp_d_hypotheses.py::test_exact_probes_refute_the_dropped_hypotheses"],
        ),
        dict(
            slug="dimension-factor",
            weakest=Weakest(
                "needed",
                "d1_dimension_probe: X = [1 1] fails without the factor; more generally the 1 × d row of ones has sr = 1, one column with σ_min = 1 and ‖X‖₂ = √d, so a floor ε‖X‖₂d^−a with a < ½ exceeds 1 for ε ∈ (d^(a−½), 1): the exponent ½ is the weakest",
                hypothesis="the dimension factor d^−a in the floor",
                stated="a = ½",
                weakest="a = ½",
                ranges="X a 1 × d row of ones, every d ≥ 2",
            ),
            title="Lemma D.1: the factor 1/√d is necessary",
            statement=r"The factor $1/\sqrt d$ in the floor (stated) is necessary: without it a single row $X=[1\ 1]$ already fails.",
            checks=[d1_dimension_probe],
            expected=Status.CERTIFIED,
            reason="an exact counterexample",
            tests=["tests/test_trsp_d_hypotheses.py::test_exact_probes_refute_the_dropped_hypotheses"],
        ),
        dict(
            slug="nonzero",
            tightness=Tightness("unmeasurable", "X ≠ 0 and λ_low > 0 are hypotheses, not bounds"),
            weakest=Weakest(
                "qualitative", "X ≠ 0 is not a quantity: d1_nonzero_state shows X = 0 leaves sr undefined and λ_low = 0"
            ),
            title="Lemma D.1: X ≠ 0 is necessary",
            statement=r"Unstated and necessary: $X\ne0$, for $\lambda_{\mathrm{low}}>0$ and for $\mathrm{sr}(X)$ to be defined.",
            checks=[d1_nonzero_state],
            expected=Status.CERTIFIED,
            reason="the zero state, exactly",
        ),
        dict(
            slug="stable-rank-floor",
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
            title="Lemma D.1: (A3) is used only for the second inequality",
            statement=r"(A3) $\mathrm{sr}\ge r_{\min}$ is used only for the second inequality, not for the first; (A5), which the proof plan lists for this lemma, plays no role in it.",
            checks=[d1_rmin_probe],
            expected=Status.VERIFIED,
            reason="a subset search over arbitrary small X (no r_min)",
            unproved="the 'not needed' part amounts to Lemma D.1 itself for every X, which is unproved (trsp.D1.restricted-invertibility)",
        ),
    ],
    source=Source("specproof", "App. D.2", "own"),
    uses=["trsp.D1.restricted-invertibility"],
)


# --------------------------------------------------------------------------- Corollary D.2


def mean_square_exact(weights, components) -> Fraction:
    """E|Σ wᵢZᵢ|² for Z uniform over the listed equiprobable outcomes (each a tuple of component values)."""
    total = sum(
        (sum(Fraction(w) * Fraction(z) for w, z in zip(weights, outcome)) ** 2 for outcome in components), Fraction(0)
    )
    return total / len(components)


def sign_vectors(n: int) -> list[tuple[int, ...]]:
    """All 2^n vectors of ±1 signs (the outcomes of n independent fair signs), in a fixed order."""
    return [tuple(1 - 2 * ((p >> i) & 1) for i in range(n)) for p in range(2**n)]


@check
def d2_uncorrelated_probe(ctx: Context) -> Evidence:
    """Drop uncorrelated: Z₁ = Z₂ = ±1 gives E[mean²] = 1 > σ⊥²/k = 1/2."""
    outcomes = [(s, s) for (s,) in sign_vectors(1)]
    ms = mean_square_exact([Fraction(1, 2)] * 2, outcomes)
    outcome = exact_counterexample(
        f"k = 2, Z₁ = Z₂ = ±1: E[mean²] = {ms} > 1/2", "k = 2", Fraction(1, 2) - ms, Z="Z1 = Z2 = +-1 equiprobable"
    )
    return probe_hypothesis("necessary", "uncorrelated components", outcome, exact=True, role="decides")


@check
def d2_zero_mean_probe(ctx: Context) -> Evidence:
    """Drop zero mean: Z ≡ 1 (variance 0) gives E[mean²] = 1 > σ⊥²/k for σ⊥ = 1, k = 4."""
    ms = mean_square_exact([Fraction(1, 4)] * 4, [(1, 1, 1, 1)])
    outcome = exact_counterexample(
        f"k = 4, Zᵢ ≡ 1 (uncorrelated, variance 0): E[mean²] = {ms} > σ⊥²/k = 1/4",
        "k = 4",
        Fraction(1, 4) - ms,
        Z="Z_i = 1",
    )
    return probe_hypothesis("necessary", "zero-mean components", outcome, exact=True, role="decides")


@check
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
    return probe_hypothesis("necessary", "equal aggregation weights", outcome, exact=True, role="decides")


@check
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
        "necessary", "the error read as a root mean square, not per realisation", outcome, exact=True, role="decides"
    )


@check
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
    return probe_hypothesis("not needed", "independence (pairwise uncorrelated suffices)", ev, role="decides")


@check
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
    return probe_hypothesis("necessary", "ε fixed away from 1 (for k = Θ(sr))", outcome, exact=True, role="decides")


@check
def d2_rank_probe(ctx: Context) -> Evidence:
    """(A3), listed for the corollary, is not used by σ⊥/√k: the variance identity has no r_min in it."""
    return probe_hypothesis("not needed", "(A3) (for σ⊥/√k)", averaging_variance_sympy(ctx), role="decides")


claim_split(
    "trsp.D2.averaging.hypotheses",
    [
        dict(
            slug="uncorrelated",
            weakest=Weakest(
                "qualitative",
                "a structural hypothesis (Cov(Zᵢ, Zⱼ) = 0), no quantity weakened: d2_uncorrelated_probe gives no gain at full correlation",
            ),
            title="Cor. D.2: uncorrelated components are necessary",
            statement="Stated (A5) and necessary: uncorrelated components. Perfectly correlated components average to no gain.",
            checks=[d2_uncorrelated_probe],
            expected=Status.CERTIFIED,
            reason="exact enumeration of a finite sign distribution (Fractions)",
        ),
        dict(
            slug="zero-mean",
            weakest=Weakest(
                "qualitative",
                "a structural hypothesis (E Zᵢ = 0), no quantity: d2_zero_mean_probe, a constant component",
            ),
            title="Cor. D.2: zero-mean components are necessary",
            statement="Stated (A5) and necessary: zero-mean components. A constant component has variance 0 and an error that averaging does not reduce.",
            checks=[d2_zero_mean_probe],
            expected=Status.CERTIFIED,
            reason="exact arithmetic (Fractions)",
        ),
        dict(
            slug="equal-weights",
            weakest=Weakest(
                "qualitative",
                "a structural hypothesis (the plain mean), no single quantity: d2_weights_probe, unequal weights",
            ),
            title="Cor. D.2: equal aggregation weights are necessary",
            statement=r"Unstated and necessary: equal aggregation weights ('aggregating' is the plain mean); unequal weights exceed $\sigma_\perp/\sqrt k$.",
            checks=[d2_weights_probe],
            expected=Status.CERTIFIED,
            reason="exact enumeration (Fractions)",
            tests=["tests/test_trsp_d_hypotheses.py::test_exact_probes_refute_the_dropped_hypotheses"],
        ),
        dict(
            slug="root-mean-square",
            weakest=Weakest(
                "qualitative", "a reading of the error (mean square or per realisation), no quantity: d2_rms_probe"
            ),
            title="Cor. D.2: the error must be read as a root mean square",
            statement=r"Unstated and necessary: the error read as a root mean square, not per realisation; a single realisation can exceed $\sigma_\perp/\sqrt k$.",
            checks=[d2_rms_probe],
            expected=Status.CERTIFIED,
            reason="exact enumeration (Fractions)",
        ),
        dict(
            slug="epsilon-fixed",
            weakest=Weakest(
                "needed",
                "d2_epsilon_fixed: sr = n², ε = 1 − 1/n gives k = 1 and σ⊥/√k = n·σ⊥/√sr, unbounded as ε → 1; any fixed ε < 1 works",
                hypothesis="ε away from 1",
                stated="ε fixed (unstated)",
                weakest="any fixed ε < 1",
                constant="1/(1 − ε) in σ⊥/√k ≤ σ⊥/((1 − ε)√sr)",
                ranges="n ∈ {2, 4, 16, 256}",
            ),
            title="Cor. D.2: ε must stay fixed away from 1 for k = Θ(sr)",
            statement=r"Unstated and necessary: $\varepsilon$ fixed away from 1, for $k=\Theta(\mathrm{sr})$; the constant of the $O(\sigma_\perp/\sqrt{\mathrm{sr}})$ step is $1/(1-\varepsilon)$.",
            checks=[d2_epsilon_fixed],
            expected=Status.CERTIFIED,
            reason="exact arithmetic on Lemma D.1's size",
        ),
        dict(
            slug="independence",
            weakest=Weakest(
                "qualitative",
                "a structural hypothesis (independence or only uncorrelation), no quantity: d2_independence_probe, dependent products of signs with equality",
            ),
            title="Cor. D.2: independence is not needed",
            statement="Independence is not needed: pairwise uncorrelated, dependent products of signs meet the bound with equality.",
            checks=[d2_independence_probe],
            expected=Status.CERTIFIED,
            reason="exact enumeration of the sign products (Fractions)",
            tests=["tests/test_trsp_d_hypotheses.py::test_mean_square_of_sign_products"],
        ),
        dict(
            slug="stable-rank-floor",
            weakest=Weakest(
                "not-needed",
                "d2_rank_probe: σ⊥/√k uses only k, with no floor on sr",
                hypothesis="(A3) stable-rank floor r_min",
                stated="sr ≥ r_min",
                weakest="no floor",
            ),
            title="Cor. D.2: (A3) is not used by σ⊥/√k",
            statement=r"(A3), listed for the corollary, is not used by $\sigma_\perp/\sqrt k$: only Lemma D.1's size enters, through $k$.",
            checks=[d2_rank_probe],
            expected=Status.PROVED,
            reason="the corollary's sympy variance identity, which has no r_min in it",
        ),
    ],
    source=Source("specproof", "App. D.2", "own"),
    uses=["trsp.D2.averaging"],
)
