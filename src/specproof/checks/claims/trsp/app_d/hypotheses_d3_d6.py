"""TRSP Appendix D, continued from trsp_d_hypotheses: which hypotheses Lemma D.3 (mixing), Lemma D.4 (pointwise),
Lemma D.5 (the readout), Eq. 20 and the corrected bound really use.
"""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
import sympy as sp
from hypothesis import strategies as st

from specproof.checks.claims._shared.trsp_app_d import (
    _causal_composite_exact,
    _matvec,
    _readout,
    as_fractions,
    error_bound_counterexample,
    hadamard_columns,
    pi_norm_sq_exact,
    pi_rayleigh_exact,
    pointwise_sympy,
    readout_lipschitz_search,
    walk,
)
from specproof.engine import strategies as sst
from specproof.engine.methods import (
    combine,
    exact_counterexample,
    float_tolerance,
    fmt,
    grid_check,
    probe_hypothesis,
    property_search,
    sympy_identity,
)
from specproof.engine.records import Tightness, Weakest
from specproof.engine.registry import Context, Evidence, Source, Status, check, claim_split
from specproof.theory.markov import h0_operator_norm, pi_mean, pi_norm, stationary_distribution
from specproof.theory.spectral import singular_values


def project_h0_exact(v, pi) -> list[Fraction]:
    """v − (Σπᵢvᵢ)𝟏: the π-orthogonal projection onto H₀(π), exactly (Σπ = 1)."""
    mean = sum((Fraction(p) * Fraction(x) for p, x in zip(pi, v)), Fraction(0))
    return [Fraction(x) - mean for x in v]


def h0_norm_sq_at_most(P, pi, q) -> bool:
    """Certify ‖P‖²_{H₀(π)→ℝ^T, π} ≤ q exactly: q·Π − PᵀΠP ⪰ 0 on H₀(π), Π = diag(π), in a rational basis of H₀(π).

    The basis is bᵢ = eᵢ − (πᵢ/π_T)e_T (i < T), so π_T must be positive; the test is sympy's exact
    semidefiniteness of the (T−1)×(T−1) rational Gram matrix.
    """
    P = sp.Matrix(as_fractions(P)).applyfunc(sp.Rational)
    pi = [sp.Rational(Fraction(p).numerator, Fraction(p).denominator) for p in pi]
    T = len(pi)
    if pi[-1] <= 0:
        raise ValueError("the rational basis of H₀(π) needs π_T > 0")
    Pi = sp.diag(*pi)
    B = sp.zeros(T, T - 1)
    for i in range(T - 1):
        B[i, i] = 1
        B[T - 1, i] = -pi[i] / pi[-1]
    q = sp.Rational(Fraction(q).numerator, Fraction(q).denominator)
    G = B.T * (q * Pi - P.T * Pi * P) * B
    return bool(G.is_positive_semidefinite)


def matmul_exact(A, B) -> list[list[Fraction]]:
    A, B = as_fractions(A), as_fractions(B)
    return [[sum(a * B[k][j] for k, a in enumerate(row)) for j in range(len(B[0]))] for row in A]


def stationary_exact(P) -> list[Fraction]:
    """The unique stationary law of an exact row-stochastic P (a ValueError when it is not unique)."""
    M = sp.Matrix(as_fractions(P)).applyfunc(sp.Rational)
    space = (M.T - sp.eye(M.shape[0])).nullspace()
    if len(space) != 1:
        raise ValueError(f"P has {len(space)} independent stationary vectors")
    v = space[0] / sum(space[0])
    return [Fraction(int(x.p), int(x.q)) for x in v]


# --------------------------------------------------------------------------- Lemma D.3

# the shift on ℤ₃ and the lazy near-bipartite product A⊗B of the probes below
SHIFT3 = [[0, 1, 0], [0, 0, 1], [1, 0, 0]]
UNIFORM3 = [Fraction(1, 3)] * 3


@check
def d3_reversibilization_probe(ctx: Context) -> Evidence:
    """Test "equivalently, we analyse its π-reversibilization": the shift on ℤ₃ is an isometry of H₀, while
    ½(M + M*) = (J − I)/2 acts as −½ on H₀ (contraction gap ½)."""
    P = as_fractions(SHIFT3)
    R = [[(P[i][j] + P[j][i]) / 2 for j in range(3)] for i in range(3)]  # π uniform: M* = Mᵀ
    basis = ([1, -1, 0], [0, 1, -1])
    if not all(_matvec(R, [Fraction(x) for x in v]) == [Fraction(-x, 2) for x in v] for v in basis):
        return Evidence(Status.OPEN, "exact", "the reversibilization does not act as −½ on H₀")
    L = 3
    ratio = pi_rayleigh_exact(P, UNIFORM3, basis[0], power=L)
    outcome = exact_counterexample(
        "M = shift on ℤ₃ (π uniform): its reversibilization has contraction ½ on H₀, but "
        f"‖M^{L}v‖²/‖v‖² = {ratio} > (1/2)^{2 * L} for v = (1,−1,0)",
        "T = 3, L = 3",
        Fraction(1, 2) ** (2 * L) - ratio,
        M="cyclic shift",
        v=[1, -1, 0],
    )
    return probe_hypothesis(
        "necessary",
        "M itself reversible (its π-reversibilization is not equivalent)",
        outcome,
        exact=True,
        role="decides",
    )


@check
def d3_spectral_reading_probe(ctx: Context) -> Evidence:
    """Without reversibility the eigenvalues do not give γ: P = 𝟏𝟏ᵀ/3 + N, N nilpotent, has every H₀ eigenvalue 0."""
    P = [[Fraction(1, 2), Fraction(1, 2), 0], [Fraction(1, 6), Fraction(1, 6), Fraction(2, 3)], [Fraction(1, 3)] * 3]
    w = [1, 1, -2]
    P2 = matmul_exact(P, P)
    nilpotent = all(x == Fraction(1, 3) for row in P2 for x in row)  # P² = 𝟏𝟏ᵀ/3: P is 0 on H₀ after two steps
    ratio = pi_rayleigh_exact(P, UNIFORM3, w)
    if not nilpotent:
        return Evidence(Status.OPEN, "exact", "P² is not the mixing matrix this check expects")
    outcome = exact_counterexample(
        "P = [[1/2,1/2,0],[1/6,1/6,2/3],[1/3,1/3,1/3]] (doubly stochastic, not symmetric): "
        f"eigenvalues 1, 0, 0 (P² = 𝟏𝟏ᵀ/3) so 1 − max|λ| = 1, yet ‖Pw‖²/‖w‖² = {ratio} > 0 "
        "for w = (1,1,−2)",
        "T = 3, L = 1",
        -ratio,
        P=[[str(x) for x in r] for r in P],
        w=w,
    )
    return probe_hypothesis(
        "necessary", "reversibility, to read γ from the spectrum", outcome, exact=True, role="decides"
    )


@check
def d3_absolute_gap_probe(ctx: Context) -> Evidence:
    """γ must be the absolute gap: P = A⊗B (A = [[1/10, 9/10], [9/10, 1/10]], B = [[3/4, 1/4], [1/4, 3/4]]) has
    λ₂ = 1/2 but eigenvalue −4/5."""
    A = [[Fraction(1, 10), Fraction(9, 10)], [Fraction(9, 10), Fraction(1, 10)]]
    B = [[Fraction(3, 4), Fraction(1, 4)], [Fraction(1, 4), Fraction(3, 4)]]
    P = [[A[i // 2][j // 2] * B[i % 2][j % 2] for j in range(4)] for i in range(4)]
    pi = [Fraction(1, 4)] * 4
    v = [1, 1, -1, -1]  # (1, −1) ⊗ (1, 1): eigenvalue −4/5
    ratio = pi_rayleigh_exact(P, pi, v)
    second = [1, -1, 1, -1]  # (1, 1) ⊗ (1, −1): eigenvalue 1/2, the second largest
    if pi_rayleigh_exact(P, pi, second) != Fraction(1, 4) or ratio != Fraction(16, 25):
        return Evidence(Status.OPEN, "exact", "the eigenvalues of A⊗B are not those this check expects")
    outcome = exact_counterexample(
        "P = A⊗B (symmetric, doubly stochastic, reversible): eigenvalues 1, 1/2, −2/5, −4/5; "
        f"with γ = 1 − λ₂ = 1/2, ‖Pv‖²/‖v‖² = {ratio} > (1 − γ)² = 1/4",
        "T = 4, L = 1",
        Fraction(1, 4) - ratio,
        P="A (x) B",
        v=v,
    )
    return probe_hypothesis(
        "necessary", "γ the absolute gap 1 − max(|λ₂|, |λ_min|), not 1 − λ₂", outcome, exact=True, role="decides"
    )


def primitive_chain(A: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(P, π) with P = 0.9·A + 0.1·𝟏𝟏ᵀ/T for row-stochastic A: primitive, so π is unique and positive; P is
    reversible only by accident."""
    P = 0.9 * A + 0.1 / A.shape[0]
    return P, stationary_distribution(P)


def _nonreversible_cases():
    return (
        sst.sizes(2, 10)
        .flatmap(lambda T: st.tuples(sst.row_stochastic(T), st.integers(0, 30)))
        .map(lambda args: (*primitive_chain(args[0]), args[1]))
    )


@check
def d3_nonreversible_search(ctx: Context) -> Evidence:
    """Reversibility is not needed for the lemma itself: ‖P^L‖_{H₀} ≤ ‖P‖_{H₀}^L for any P with stationary π > 0."""

    def margin(case):
        P, pi, L = case
        return h0_operator_norm(P, pi, 1) ** L - h0_operator_norm(P, pi, L)

    ev = property_search(
        _nonreversible_cases(),
        margin,
        what="‖P^L‖_{H₀} ≤ (1−γ)^L, γ = 1 − ‖P‖_{H₀}, P not reversible",
        ctx=ctx,
        examples=120,
        tolerance=lambda c: float_tolerance(c[0].shape[0] * (c[2] + 1), 1.0 / math.sqrt(c[1].min())),
        allowance=(
            "P ≥ 0: fl(P^L) within T·L·eps entrywise; the √π similarity amplifies by ≤ 1/√π_min; "
            "two SVDs add 10·T·eps: 10·T·(L+1)·eps/√π_min"
        ),
        ranges="T ≤ 10, L ≤ 30; 0.9·A + 0.1/T for A random, sink, banded, causal, disconnected, permutation, identity",
    )
    return probe_hypothesis("not needed", "reversibility (with γ the contraction constant of (A1))", ev, role="decides")


def _common_law_cases():
    """Layers P₁..P_L, all with the uniform law: symmetric mixtures of permutations (doubly stochastic, distinct)."""

    def layer(T):
        return st.lists(
            st.tuples(st.permutations(range(T)), st.floats(0.05, 1.0, width=64)), min_size=1, max_size=3
        ).map(
            lambda terms: (
                sum(w * (np.eye(T)[list(p)] + np.eye(T)[list(p)].T) / 2 for p, w in terms) / sum(w for _, w in terms)
            )
        )

    return sst.sizes(2, 8).flatmap(lambda T: st.lists(layer(T), min_size=1, max_size=6))


@check
def d3_layers_common_law_search(ctx: Context) -> Evidence:
    """One M for every layer is not needed when the layers share π: ‖P_L⋯P₁‖_{H₀} ≤ Π‖P_ℓ‖_{H₀}."""

    def margin(layers):
        T = layers[0].shape[0]
        pi = np.full(T, 1.0 / T)
        product = np.linalg.multi_dot(layers[::-1]) if len(layers) > 1 else layers[0]
        return math.prod(h0_operator_norm(P, pi) for P in layers) - h0_operator_norm(product, pi)

    ev = property_search(
        _common_law_cases(),
        margin,
        what="‖P_L⋯P₁‖_{H₀} ≤ Π(1−γ_ℓ), a common uniform law",
        ctx=ctx,
        examples=120,
        tolerance=lambda layers: float_tolerance(layers[0].shape[0] * (len(layers) + 1), 1.0),
        allowance="doubly stochastic factors, ‖·‖₂ ≤ 1: the product within T·L·eps, each SVD within 10·T·eps",
        ranges="T ≤ 8, 1..6 distinct symmetric doubly stochastic layers",
    )
    return probe_hypothesis("not needed", "the same M at every layer (layers sharing π)", ev, role="decides")


# two reversible walks with different stationary laws (found by a search over small integer weights)
LAYER_WEIGHTS = ([[6, 1, 5], [1, 0, 1], [5, 1, 6]], [[0, 1, 0], [1, 4, 3], [0, 3, 2]])
LAYER_DIRECTION = [Fraction(-1, 4), Fraction(15, 2), 0]  # near the product's worst direction (before projection on H₀)


@check
def d3_layers_own_law_probe(ctx: Context) -> Evidence:
    """Layers with different stationary laws (TRSP's do differ): two reversible walks, contractions certified ≤ √q₁,
    √q₂, whose product contracts its own H₀ far less than the product of the two."""
    (P1, pi1), (P2, pi2) = walk(LAYER_WEIGHTS[0]), walk(LAYER_WEIGHTS[1])
    q1, q2 = Fraction(1, 144), Fraction(79, 1000)  # ‖P₁‖_{H₀} = 1/12, ‖P₂‖_{H₀} ≈ 0.2791 < √0.079
    if not (h0_norm_sq_at_most(P1, pi1, q1) and h0_norm_sq_at_most(P2, pi2, q2)):
        return Evidence(Status.OPEN, "exact", "the layer contractions could not be certified")
    Q = matmul_exact(P2, P1)  # X ↦ P₂(P₁X)
    piQ = stationary_exact(Q)
    v = project_h0_exact(LAYER_DIRECTION, piQ)
    ratio = pi_rayleigh_exact(Q, piQ, v)
    outcome = exact_counterexample(
        f"P₁, P₂ random walks on W₁ = {LAYER_WEIGHTS[0]}, W₂ = {LAYER_WEIGHTS[1]} "
        f"(stationary laws {[str(x) for x in pi1]}, {[str(x) for x in pi2]}): "
        "‖P₁‖²_{H₀} ≤ 1/144, ‖P₂‖²_{H₀} ≤ 79/1000 (certified), but a rational v ∈ H₀(π_Q) "
        f"has ‖P₂P₁v‖²/‖v‖² = {fmt(float(ratio))} > {fmt(float(q1 * q2))}",
        "T = 3, L = 2",
        q1 * q2 - ratio,
        W1=LAYER_WEIGHTS[0],
        W2=LAYER_WEIGHTS[1],
        pi_Q=[str(x) for x in piQ],
        v=[str(x) for x in v],
        ratio=str(ratio),
    )
    return probe_hypothesis("necessary", "one stationary law π for every layer", outcome, exact=True, role="decides")


@check
def d3_positive_law_probe(ctx: Context) -> Evidence:
    """π > 0 (unstated in (A1)): with π = e₀ (every causal TRSP layer) the inequality holds but says nothing."""
    cases = [(T, b, a) for T in range(2, 9) for b in (2, 3) for a in ("sink", "cesaro")]

    def margin(case):
        T, b, attention = case
        M = _causal_composite_exact(T, b, Fraction(1, 2), attention) / (2 + sp.Rational(1, 2))
        return 0 if list(M.row(0)) == [1] + [0] * (T - 1) else -1

    ev = grid_check(
        cases,
        margin,
        what=(
            "π = e₀: ‖v‖_{2,π} = |v₀| and H₀(π) = {v₀ = 0}; the first row of M is e₀ᵀ, so "
            "(M^L v)₀ = v₀ = 0 and ‖M^L v‖_{2,π} = 0 on H₀ for every L: true with any γ, vacuous"
        ),
        method="exact",
        exact=True,
        ranges="causal ℳ = I + A + ½M_tri, T = 2..8, b ∈ {2, 3}, A ∈ {sink, causal uniform}",
    )
    return probe_hypothesis(
        "not needed", "π > 0 (for the inequality; without it the lemma is vacuous)", ev, role="decides"
    )


claim_split(
    "trsp.D3.mixing.hypotheses",
    [
        dict(
            slug="reversibilization",
            weakest=Weakest(
                "qualitative",
                "a reading (M or its reversibilization), no quantity: d3_reversibilization_probe, an isometry of H₀(π) whose reversibilization contracts",
            ),
            title="Lemma D.3: 'equivalently, its π-reversibilization' is false",
            statement=r"The paper's 'equivalently, we analyse its $\pi$-reversibilization' is false: a non-reversible $M$ can be an isometry of $\mathcal H_0(\pi)$ while its reversibilization $\frac12(M+M^*)$ contracts.",
            checks=[d3_reversibilization_probe],
            expected=Status.CERTIFIED,
            reason="an exact counterexample: the shift on ℤ₃ (rational Rayleigh quotients)",
            tests=["tests/test_trsp_d_hypotheses.py::test_exact_probes_refute_the_dropped_hypotheses"],
        ),
        dict(
            slug="spectral-reading",
            tightness=Tightness(
                "unmeasurable", "‖P‖_{H₀} > 0 is the counterexample's strict inequality, not a bound with a constant"
            ),
            weakest=Weakest(
                "qualitative",
                "reversibility is structural, no quantity: d3_spectral_reading_probe, a nilpotent P on H₀",
            ),
            title="Lemma D.3: reading γ from the eigenvalues needs reversibility",
            statement=r"Stated (A1) and necessary for reading $\gamma$ from the eigenvalues: reversibility. A non-reversible $P$ can have every eigenvalue on $\mathcal H_0$ equal to 0 and still $\|P\|_{\mathcal H_0}>0$.",
            checks=[d3_spectral_reading_probe],
            expected=Status.CERTIFIED,
            reason="an exact counterexample (𝟏𝟏ᵀ/3 plus a nilpotent part)",
            tests=["tests/test_trsp_d_hypotheses.py::test_exact_probes_refute_the_dropped_hypotheses"],
        ),
        dict(
            slug="absolute-gap",
            weakest=Weakest(
                "qualitative",
                "which gap γ means (absolute or 1 − λ₂), no quantity: d3_absolute_gap_probe, a dominant negative eigenvalue",
            ),
            title="Lemma D.3: γ must be the absolute gap",
            statement=r"Unstated and necessary: $\gamma$ the absolute gap $1-\max(|\lambda_2|,|\lambda_{\min}|)$, not $1-\lambda_2$; a negative eigenvalue can dominate the contraction.",
            checks=[d3_absolute_gap_probe],
            expected=Status.CERTIFIED,
            reason="an exact counterexample (a Kronecker product of 2×2 walks)",
            tests=["tests/test_trsp_d_hypotheses.py::test_exact_probes_refute_the_dropped_hypotheses"],
        ),
        dict(
            slug="one-law",
            weakest=Weakest(
                "qualitative",
                "structural (one operator or several), no quantity: d3_layers_own_law_probe, two reversible walks with different laws",
            ),
            title="Lemma D.3: layers with different stationary laws break the bound",
            statement="Unstated: one operator for all $L$ layers. It is necessary when the layers' stationary laws differ (TRSP's do): two reversible walks can contract less together than the product of their contractions.",
            checks=[d3_layers_own_law_probe],
            expected=Status.CERTIFIED,
            reason="layer contractions certified by exact semidefiniteness on H₀; the product by a rational Rayleigh quotient",
            tests=[
                "tests/test_trsp_d_hypotheses.py::test_exact_probes_refute_the_dropped_hypotheses",
                "tests/test_trsp_d_hypotheses.py::test_h0_norm_certificate_brackets_the_float_norm",
            ],
        ),
        dict(
            slug="reversibility",
            tightness=Tightness(
                "sharp",
                "mixing_equality_exact (trsp.D3.mixing): on M = ½I + ½𝟏𝟏ᵀ/T, ‖M^L‖_{H₀} = 2^−L = ‖M‖_{H₀}^L exactly at every L, so ‖P^L‖ ≤ ‖P‖^L is attained",
                ratio=1.0,
                where={"P": "½I + ½𝟏𝟏ᵀ/T", "L": "every L"},
            ),
            weakest=Weakest(
                "qualitative",
                "reversibility is structural, no quantity: d3_nonreversible_search finds no non-reversible P breaking ‖P^L‖ ≤ ‖P‖^L",
            ),
            title="Lemma D.3: reversibility is not needed when γ is the contraction constant",
            statement=r"Stated (A1), and not needed for the inequality when $\gamma$ is the contraction constant of (A1): $\|P^L\|_{\mathcal H_0}\le\|P\|_{\mathcal H_0}^L$ for any $P$ with stationary $\pi>0$.",
            checks=[d3_nonreversible_search],
            expected=Status.VERIFIED,
            reason="a property search over non-reversible chains",
            unproved="a property search; it follows from the H₀(π)-invariance and submultiplicativity used by the proof of trsp.D3.mixing, not yet a check of this claim",
        ),
        dict(
            slug="common-law",
            tightness=Tightness(
                "sharp",
                "mixing_equality_exact (trsp.D3.mixing): every layer P_ℓ = ½I + ½𝟏𝟏ᵀ/T halves H₀ exactly, so ‖P_L⋯P₁‖_{H₀} = 2^−L = Π‖P_ℓ‖_{H₀}: the product bound is attained",
                ratio=1.0,
                where={"P_ℓ": "½I + ½𝟏𝟏ᵀ/T for every ℓ"},
            ),
            weakest=Weakest(
                "qualitative",
                "structural (one operator or several sharing π), no quantity: d3_layers_common_law_search",
            ),
            title="Lemma D.3: one operator is not needed when the layers share π",
            statement=r"One operator for every layer is not needed when the layers share $\pi$: $\|P_L\cdots P_1\|_{\mathcal H_0}\le\prod_\ell\|P_\ell\|_{\mathcal H_0}$.",
            checks=[d3_layers_common_law_search],
            expected=Status.VERIFIED,
            reason="a property search over layers sharing a stationary law",
            unproved="a property search; submultiplicativity on the shared H₀(π) proves it, not yet a check of this claim",
        ),
        dict(
            slug="positive-law",
            tightness=Tightness("unmeasurable", "π > 0 is a hypothesis, not a bound"),
            weakest=Weakest(
                "not-needed",
                "d3_positive_law_probe: with π = e₀ the inequality holds (and is vacuous)",
                hypothesis="stationary law π",
                stated="π > 0",
                weakest="π ≥ 0",
            ),
            title="Lemma D.3: π > 0 is not needed for the inequality (which is then vacuous)",
            statement=r"Unstated in (A1): $\pi>0$. Not needed for the inequality, which for causal layers ($\pi=e_0$) holds but says nothing.",
            checks=[d3_positive_law_probe],
            expected=Status.CERTIFIED,
            reason="the π = e₀ case, exactly",
        ),
    ],
    source=Source("specproof", "App. D.3", "own"),
    uses=["trsp.D3.mixing"],
)


# --------------------------------------------------------------------------- Lemma D.4


@check
def d4_a2_probe(ctx: Context) -> Evidence:
    """Drop (A2): π = (1/10, 9/10) with c_π = 1 (c_π/T = 1/2 > π_min), e = e₀: ‖e‖²_∞ = 1 > (T/c_π)‖e‖²_π = 1/5."""
    pi, c, e = [Fraction(1, 10), Fraction(9, 10)], 1, [1, 0]
    rhs = Fraction(len(pi), c) * pi_norm_sq_exact(e, pi)
    outcome = exact_counterexample(
        f"π = (1/10, 9/10), c_π = 1, e = e₀: ‖e‖²_∞ = 1 > (T/c_π)‖e‖²_{{2,π}} = {rhs}",
        "T = 2",
        rhs - 1,
        pi=["1/10", "9/10"],
        c_pi=c,
        e=e,
    )
    return probe_hypothesis("necessary", "(A2) π_min ≥ c_π/T", outcome, exact=True, role="decides")


@check
def d4_normalisation_probe(ctx: Context) -> Evidence:
    """Neither Σπ = 1 nor stationarity is used: the sympy slack decomposition holds for any positive weights."""
    return probe_hypothesis("not needed", "π a probability vector or stationary", pointwise_sympy(ctx), role="decides")


@check
def d4_tight_sentence_sympy(ctx: Context) -> Evidence:
    """Test "when (A2) is tight, π_min = Θ(1/T) and the factor is 1/√π_min": with πᵢ = π_min + uᵢ (uᵢ ≥ 0),
    Σπ − Tπ_min = Σuᵢ, so c_π ≤ Tπ_min ≤ 1 (unstated) and √(T/c_π) ≥ √T; at c_π = Tπ_min the factor is 1/√π_min."""
    T = sp.Symbol("T", integer=True, positive=True)
    i = sp.Symbol("i", integer=True, positive=True)
    p = sp.Symbol("pi_min", positive=True)
    u = sp.IndexedBase("u")
    parts = [
        sympy_identity(
            sp.Sum(p + u[i], (i, 1, T)).doit() - T * p,
            sp.Sum(u[i], (i, 1, T)),
            what="Σπᵢ − Tπ_min = Σ(πᵢ − π_min) ≥ 0, so Tπ_min ≤ 1 and c_π ≤ 1",
            role="supports",
        ),
        sympy_identity(
            sp.sqrt(T / (T * p)), 1 / sp.sqrt(p), what="√(T/c_π) = 1/√π_min at c_π = Tπ_min", role="supports"
        ),
    ]
    return combine(
        parts,
        what="the sentence holds with 'tight' read as c_π = Tπ_min; c_π ≤ 1 is forced",
        method="sympy",
        ranges="every T, π",
        role="supports",
    )


claim_split(
    "trsp.D4.pointwise.hypotheses",
    [
        dict(
            slug="a2",
            tightness=Tightness(
                "sharp",
                "pointwise_equality_exact (trsp.D4.pointwise): the indicator of the lightest token gives ‖e‖²_∞ = (T/c_π)‖e‖²_{2,π} exactly at c_π = Tπ_min",
                ratio=1.0,
                where={"e": "indicator of the lightest token", "c_π": "T·π_min"},
            ),
            weakest=Weakest(
                "needed",
                "d4_a2_probe: a small atom breaks it; the lightest-token indicator has ‖e‖²_∞/‖e‖²_{2,π} = 1/π_min exactly (pointwise_equality_exact), so every π_min < c_π/T fails and the floor cannot be lowered",
                hypothesis="(A2) floor on π_min",
                stated="π_min ≥ c_π/T",
                weakest="π_min ≥ c_π/T exactly",
            ),
            title="Lemma D.4: (A2) is necessary",
            statement=r"(A2) $\pi_{\min}\ge c_\pi/T$ is necessary: a law with a small atom breaks $\|e\|_\infty\le\sqrt{T/c_\pi}\,\|e\|_{2,\pi}$.",
            checks=[d4_a2_probe],
            expected=Status.CERTIFIED,
            reason="an exact counterexample",
            tests=["tests/test_trsp_d_hypotheses.py::test_exact_probes_refute_the_dropped_hypotheses"],
        ),
        dict(
            slug="normalisation",
            tightness=Tightness(
                "sharp",
                "c_π ≤ 1 is attained by the uniform law (c_π = Tπ_min = 1), and the factor 1/√π_min is an equality at c_π = Tπ_min (pointwise_equality_exact; d4_tight_sentence_sympy)",
                ratio=1.0,
                where={"π": "uniform", "c_π": 1},
            ),
            weakest=Weakest(
                "qualitative",
                "structural (Σπ = 1, stationarity), no quantity: d4_normalisation_probe, any positive weights",
            ),
            title="Lemma D.4: neither Σπ = 1 nor stationarity is needed",
            statement=r"Not needed: $\sum_i\pi_i=1$ and stationarity (any positive weights). Unstated but forced by $\sum_i\pi_i=1$: $c_\pi\le1$, so the factor is always $\ge\sqrt T$, and the paper's 'when (A2) is tight the factor is $1/\sqrt{\pi_{\min}}$' holds exactly with $c_\pi=T\pi_{\min}$.",
            checks=[d4_normalisation_probe],
            cross_checks=[d4_tight_sentence_sympy],
            expected=Status.PROVED,
            reason="the lemma's sympy slack decomposition, which never uses Σπ = 1; the tight-case sentence by a sympy identity as a cross-check",
            prose="the slack decomposition is checked for any positive weights; the inequality follows term by term",
        ),
    ],
    source=Source("specproof", "App. D.4", "own"),
    uses=["trsp.D4.pointwise"],
)


# --------------------------------------------------------------------------- Lemma D.5


def linear_readout_lipschitz_sq(diagonal) -> Fraction:
    """Lip(G)² for G(z) = 𝒜⁻¹z, 𝒜 = diag(a): max 1/aᵢ², exactly."""
    return max(1 / Fraction(a) ** 2 for a in diagonal)


@check
def d5_sigma_max_probe(ctx: Context) -> Evidence:
    """Drop σ_max ≥ c₀: 𝒜 = I/10 (κ = 1 = κ̄, c₀ = 1), f = id: Lip(G) = 10 > L_f κ̄/c₀ = 1."""
    lip_sq = linear_readout_lipschitz_sq([Fraction(1, 10)] * 2)
    outcome = exact_counterexample(
        f"𝒜 = I/10, f = id, κ̄ = c₀ = 1: Lip(G)² = {lip_sq} > (κ̄/c₀)² = 1", "d = 2", 1 - lip_sq, A="I/10"
    )
    return probe_hypothesis("necessary", "σ_max(𝒜) ≥ c₀ (second inequality)", outcome, exact=True, role="decides")


@check
def d5_kappa_probe(ctx: Context) -> Evidence:
    """Drop κ ≤ κ̄: 𝒜 = diag(1, 1/10) (σ_max = 1 = c₀), κ̄ = 1: Lip(G) = 10 > 1; σ_max ≥ c₀ alone bounds nothing."""
    lip_sq = linear_readout_lipschitz_sq([1, Fraction(1, 10)])
    outcome = exact_counterexample(
        f"𝒜 = diag(1, 1/10), f = id, κ̄ = c₀ = 1: Lip(G)² = {lip_sq} > 1", "d = 2", 1 - lip_sq, A="diag(1, 1/10)"
    )
    return probe_hypothesis("necessary", "κ(𝒜) ≤ κ̄", outcome, exact=True, role="decides")


@check
def d5_norm_probe(ctx: Context) -> Evidence:
    """Unstated: L_f in the Euclidean norm ‖𝒜⁻¹‖₂ uses. f(x) = x₁ + x₂ is 1-Lipschitz from ℓ₁, √2 from ℓ₂; 𝒜 = I."""
    lip_sq = Fraction(2)  # Lip_{ℓ₂}(f)² = ‖(1, 1)‖₂²; Lip_{ℓ₁}(f) = ‖(1, 1)‖_∞ = 1
    outcome = exact_counterexample(
        "f(x) = x₁ + x₂, 𝒜 = I: with L_f = Lip_{ℓ₁→ℝ}(f) = 1, Lip(G)² = 2 > (L_f‖𝒜⁻¹‖₂)² = 1",
        "d = 2",
        1 - lip_sq,
        f="x1 + x2",
        norm="l1",
    )
    return probe_hypothesis("necessary", "L_f measured in the Euclidean norm", outcome, exact=True, role="decides")


@check
def d5_sigma_max_first_probe(ctx: Context) -> Evidence:
    """σ_max ≥ c₀ is not needed for Lip(G) ≤ L_f κ/σ_max (= L_f/σ_min): the first inequality is L_f‖𝒜⁻¹‖₂ with
    ‖𝒜⁻¹‖₂ = 1/σ_min = κ/σ_max for every invertible 𝒜 (no c₀ enters)."""
    s_min, s_max = sp.symbols("sigma_min sigma_max", positive=True)
    proof = sympy_identity(
        1 / s_min,
        (s_max / s_min) / s_max,
        what="1/σ_min = κ/σ_max for every σ_max ≥ σ_min > 0",
        ranges="every invertible 𝒜, no bound on σ_max",
    )
    return probe_hypothesis("not needed", "σ_max(𝒜) ≥ c₀ (first inequality)", proof, role="decides")


@check
def d5_sigma_max_first_search(ctx: Context) -> Evidence:
    """The lemma's Jacobian search, whose scales 1e-3..1e3 put σ_max below any fixed c₀ (a cross-check)."""
    return probe_hypothesis("not needed", "σ_max(𝒜) ≥ c₀ (first inequality)", readout_lipschitz_search(ctx))


claim_split(
    "trsp.D5.readout.hypotheses",
    [
        dict(
            slug="sigma-max",
            tightness=Tightness(
                "unmeasurable",
                "σ_max ≥ c₀ is the hypothesis under study; the bound's own tightness is on trsp.D5.readout (readout_equality_exact)",
            ),
            weakest=Weakest(
                "needed",
                "d5_sigma_max_probe: a small multiple of the identity breaks it; with κ = κ̄, Lip = L_fκ̄/σ_max exceeds L_fκ̄/c₀ exactly when σ_max < c₀ (readout_equality_exact scaled), so c₀ cannot be lowered",
                hypothesis="σ_max(𝒜) floor",
                stated="σ_max ≥ c₀",
                weakest="σ_max ≥ c₀ exactly",
            ),
            title="Lemma D.5: σ_max(𝒜) ≥ c₀ is necessary for L_f κ̄/c₀",
            statement=r"Stated (A4) $\sigma_{\max}(\mathcal A)\ge c_0$: necessary for the second inequality $\le L_f\bar\kappa/c_0$ (a small multiple of the identity breaks it).",
            checks=[d5_sigma_max_probe],
            expected=Status.CERTIFIED,
            reason="an exact counterexample with 𝒜 a multiple of I and f = id",
        ),
        dict(
            slug="kappa",
            tightness=Tightness(
                "unmeasurable",
                "κ ≤ κ̄ is the hypothesis under study; the bound's own tightness is on trsp.D5.readout (readout_equality_exact)",
            ),
            weakest=Weakest(
                "needed",
                "d5_kappa_probe: with σ_max = c₀, Lip = L_fκ/c₀ (readout_equality_exact) exceeds L_fκ̄/c₀ exactly when κ > κ̄, so κ̄ cannot be lowered",
                hypothesis="condition number bound",
                stated="κ(𝒜) ≤ κ̄",
                weakest="κ(𝒜) ≤ κ̄ exactly",
            ),
            title="Lemma D.5: κ ≤ κ̄ is necessary",
            statement=r"Stated: $\kappa(\mathcal A)\le\bar\kappa$, necessary; the residual structure's $\sigma_{\max}\ge c_0$ alone bounds nothing. Invertibility is implied by $\kappa\le\bar\kappa<\infty$.",
            checks=[d5_kappa_probe],
            expected=Status.CERTIFIED,
            reason="an exact counterexample with diagonal 𝒜",
            tests=["tests/test_trsp_d_hypotheses.py::test_exact_probes_refute_the_dropped_hypotheses"],
        ),
        dict(
            slug="euclidean-norm",
            weakest=Weakest(
                "qualitative", "which norm L_f is measured in, no quantity: d5_norm_probe, the ℓ₁ reading costs √2"
            ),
            title="Lemma D.5: L_f must be measured in the Euclidean norm",
            statement=r"Unstated and necessary: $L_f$ measured in the Euclidean norm that $\|\mathcal A^{-1}\|_2$ uses; a linear $f$ that is 1-Lipschitz from $\ell_1$ is $\sqrt2$-Lipschitz from $\ell_2$.",
            checks=[d5_norm_probe],
            expected=Status.CERTIFIED,
            reason="an exact counterexample with 𝒜 = I and linear f",
            tests=["tests/test_trsp_d_hypotheses.py::test_exact_probes_refute_the_dropped_hypotheses"],
        ),
        dict(
            slug="sigma-max-first",
            tightness=Tightness(
                "sharp",
                "readout_equality_exact (trsp.D5.readout): f = id, 𝒜 = diag(1, 1/a) gives Lip = L_fκ/σ_max exactly",
                ratio=1.0,
                where={"f": "id", "𝒜": "diag(1, 1/a)"},
            ),
            weakest=Weakest(
                "not-needed",
                "d5_sigma_max_first_probe and d5_sigma_max_first_search: no c₀ enters L_fκ/σ_max = L_f/σ_min",
                hypothesis="σ_max(𝒜) floor",
                stated="σ_max ≥ c₀",
                weakest="no floor (for the first inequality)",
            ),
            title="Lemma D.5: σ_max(𝒜) ≥ c₀ is not needed for L_f κ/σ_max",
            statement=r"$\sigma_{\max}(\mathcal A)\ge c_0$ is not needed for the first inequality $\mathrm{Lip}\le L_f\kappa/\sigma_{\max}=L_f/\sigma_{\min}$: no $c_0$ enters it.",
            checks=[d5_sigma_max_first_probe],
            cross_checks=[d5_sigma_max_first_search],
            expected=Status.PROVED,
            reason="the composition step L_f‖𝒜⁻¹‖₂ = L_f/σ_min = L_fκ/σ_max of the proof of trsp.D5.readout (sympy); the lemma's Jacobian search at scales putting σ_max below any fixed c₀ as a cross-check",
            prose="the composition step is the checked identity; Lip(f∘g) ≤ Lip(f)·Lip(g) is the chain rule for Lipschitz constants",
        ),
    ],
    source=Source("specproof", "App. D.5", "own"),
    uses=["trsp.D5.readout"],
)


# --------------------------------------------------------------------------- Eq. 20


def hadamard_ratio_sq(T: int, d: int, L: int) -> Fraction:
    """ℰ²/(κ/√sr·√(T/c_π)·(1−γ)^L·‖X−X̄‖_{F,π})² on M = ½I + ½𝟏𝟏ᵀ/T, 𝒜 = I, f = id, X = d Hadamard columns, with the
    target the mixed-state prediction y = G(X̄) = 0: π uniform (c_π = 1), γ = ½, κ = 1, sr = d, X̄ = 0, M^L X = 2^{−L}X.
    """
    X = hadamard_columns(T, d)
    frob_sq = sum(x * x for row in X for x in row)
    error_sq = Fraction(frob_sq, 4**L)  # ‖M^L X − X̄‖_F² = 4^{−L}‖X‖_F²
    pi_frob_sq = Fraction(frob_sq, T)
    sr = Fraction(frob_sq, T)  # columns orthogonal, each of squared norm T: ‖X‖₂² = T
    rhs_sq = Fraction(T, 1) / sr * Fraction(1, 4**L) * pi_frob_sq
    return error_sq / rhs_sq


@check
def d6_target_probe(ctx: Context) -> Evidence:
    """Drop y = G(X̄) (unstated: the target is the prediction at the fully mixed state): Eq. 20 fails exactly."""
    return probe_hypothesis("necessary", "y = G(X̄)", error_bound_counterexample(ctx), exact=True, role="decides")


@check
def d6_dimension_probe(ctx: Context) -> Evidence:
    """With y = G(X̄) and no noise ((A5) with σ⊥ = 0), ℰ/(bound without C₁C₂) = √d = √sr: the 1/√sr is paid for by a
    constant that grows with the dimension."""
    T = 16
    rows = [(d, hadamard_ratio_sq(T, d, L)) for d in (1, 2, 4, 8, 15) for L in (0, 3, 10)]
    if any(r != d for d, r in rows):
        return Evidence(Status.OPEN, "exact", f"unexpected ratios {rows}")
    outcome = Evidence(
        Status.REFUTED,
        "exact",
        "M = ½I + ½𝟏𝟏ᵀ/T, 𝒜 = I, f = id, X = d Hadamard columns (sr = d), y = G(X̄) = 0, no task-irrelevant "
        "noise: ℰ² / (κ/√sr · √(T/c_π)(1−γ)^L‖X−X̄‖_{F,π})² = d exactly at every L, so C₁C₂ ≥ √d = √sr: "
        "(A5) holds (σ⊥ = 0) and the 1/√sr gain is not there",
        ranges="T = 16, d ∈ {1, 2, 4, 8, 15}, L ∈ {0, 3, 10}, exact rationals",
        counterexample={"T": T, "ratio_sq": {str(d): str(r) for d, r in rows}},
    )
    return probe_hypothesis(
        "necessary",
        "constants C₁C₂ allowed to grow like √d (the 1/√sr factor is not earned; (A5) does not supply it)",
        outcome,
        exact=True,
        role="decides",
    )


@check
def d6_output_rank_probe(ctx: Context) -> Evidence:
    """Unstated: which layer (A3) holds at. At the output, (A1) drives sr(M^L X) → sr(X̄) = 1 whenever X̄ ≠ 0."""
    rows = []
    for L in (0, 1, 2, 5, 10):
        s = Fraction(1, 2**L)  # M^L X = [[1, s], [1, −s]] for M = ½I + ½𝟏𝟏ᵀ/2, X = [[1, 1], [1, −1]]
        # orthogonal columns of squared norms 2 and 2s²: sr = (2 + 2s²)/max(2, 2s²)
        sr = (2 + 2 * s * s) / max(2, 2 * s * s)
        rows.append((L, sr))
    if [sr for _, sr in rows] != [1 + Fraction(1, 4**L) for L, _ in rows]:
        return Evidence(Status.OPEN, "exact", f"unexpected stable ranks {rows}")
    r_min = Fraction(3, 2)
    outcome = exact_counterexample(
        "M = ½I + ½𝟏𝟏ᵀ/2, X = [[1, 1], [1, −1]]: sr(M^L X) = 1 + 4^−L "
        f"({', '.join(f'L = {L}: {sr}' for L, sr in rows)}), below r_min = 3/2 from L = 1 on",
        "T = d = 2, L ≤ 10",
        rows[-1][1] - r_min,
        M="I/2 + 11^T/4",
        X=[[1, 1], [1, -1]],
        sr=[str(sr) for _, sr in rows],
    )
    return probe_hypothesis(
        "necessary", "(A3) at a fixed layer ℓ, not at the mixed output X_L = M^L X", outcome, exact=True, role="decides"
    )


claim_split(
    "trsp.D6.bound.hypotheses",
    [
        dict(
            slug="target",
            weakest=Weakest("qualitative", "structural (the target y = G(X̄) or not), no quantity: d6_target_probe"),
            title="Eq. 20 needs y = G(X̄)",
            statement=r"Unstated and necessary: $y=G(\bar X)$, the target is the prediction at the fully mixed state; without it Eq. 20 fails.",
            checks=[d6_target_probe],
            expected=Status.CERTIFIED,
            reason="an exact instance (rationals)",
        ),
        dict(
            slug="dimension",
            weakest=Weakest(
                "qualitative",
                "whether constants may grow with d, no single quantity: d6_dimension_probe, the ratio of the error to the bound is exactly √sr = √d",
            ),
            title="Eq. 20: the 1/√sr gain is absorbed by constants growing with the dimension",
            statement=r"Unstated and necessary, even with $y=G(\bar X)$ and (A5) at $\sigma_\perp=0$: constants that may grow with the dimension. The ratio of $\mathcal E$ to the bound is exactly $\sqrt{\mathrm{sr}}=\sqrt d$, so the $1/\sqrt{\mathrm{sr}}$ gain is absorbed, against 'the $1/\sqrt{\mathrm{sr}}$ improvement relies on (A5)'.",
            checks=[d6_dimension_probe],
            expected=Status.CERTIFIED,
            reason="an exact instance on Hadamard columns",
            tests=["tests/test_trsp_d_hypotheses.py::test_hadamard_ratio_is_the_dimension"],
        ),
        dict(
            slug="output-rank",
            weakest=Weakest(
                "qualitative",
                "structural (the layer at which (A3) holds), no quantity: d6_output_rank_probe, sr → 1 at the mixed output",
            ),
            title="Eq. 20: (A3) must hold at a fixed layer, not at the mixed output",
            statement=r"Unstated and necessary: a layer $\ell$ for (A3) other than the output. At $X_L=M^LX$, (A1) forces $\mathrm{sr}\to1$. The one-operator and absolute-gap hypotheses enter through Lemma D.3 (trsp.D3.mixing.hypotheses.one-law, trsp.D3.mixing.hypotheses.absolute-gap).",
            checks=[d6_output_rank_probe],
            expected=Status.CERTIFIED,
            reason="an exact instance (the lazy complete-graph walk)",
            uses=["trsp.D6.bound", "trsp.D3.mixing.hypotheses.one-law", "trsp.D3.mixing.hypotheses.absolute-gap"],
            tests=["tests/test_trsp_d_hypotheses.py::test_exact_probes_refute_the_dropped_hypotheses"],
        ),
    ],
    source=Source("specproof", "App. D.6", "own"),
    uses=["trsp.D6.bound"],
)


# --------------------------------------------------------------------------- the corrected bound


def _fixed_bound_cases():
    def build(args):
        A_chain, L, d, seed, A = args
        P, pi = primitive_chain(A_chain)
        rng = np.random.default_rng(seed)
        X = rng.standard_normal((P.shape[0], d)) * 10.0 ** rng.uniform(-2, 2, d)
        B, C = rng.standard_normal((int(rng.integers(1, 3)), d)), rng.standard_normal((d, d))
        return P, pi, X, L, A, B, C

    def per_size(T):
        return st.integers(1, 4).flatmap(
            lambda d: st.tuples(
                sst.row_stochastic(T),
                st.integers(0, 25),
                st.just(d),
                st.integers(0, 2**31 - 1),
                sst.invertible_matrices(d, 3.0),
            )
        )

    return sst.sizes(2, 10).flatmap(per_size).map(build)


@check
def d6_fixed_nonreversible_search(ctx: Context) -> Evidence:
    """The corrected bound without reversibility and without (A3)–(A5)'s constants: ‖G(P^L X) − G(X̄)‖_F ≤
    (L_f/σ_min(𝒜))·π_min^{−1/2}·‖P‖_{H₀}^L·‖X − X̄‖_{F,π}, P not reversible, 𝒜 at scales 1e-3..1e3 (σ_max below any c₀).
    """

    def margin(case):
        P, pi, X, L, A, B, C = case
        X_bar = pi_mean(X, pi)
        lhs = np.linalg.norm(_readout(np.linalg.matrix_power(P, L) @ X, A, B, C) - _readout(X_bar, A, B, C))
        L_f = np.linalg.norm(B, 2) * np.linalg.norm(C, 2)
        scale = L_f / singular_values(A)[-1] / math.sqrt(pi.min()) * pi_norm(X, pi)
        rhs = L_f / singular_values(A)[-1] / math.sqrt(pi.min()) * h0_operator_norm(P, pi) ** L * pi_norm(X - X_bar, pi)
        return (rhs - lhs) / scale if scale > 0 else 0.0

    ev = property_search(
        _fixed_bound_cases(),
        margin,
        what="corrected bound, non-reversible chains (margin relative to L_f‖X‖/σ_min√π_min)",
        ctx=ctx,
        examples=120,
        tolerance=lambda c: (
            float_tolerance(c[0].shape[0] * (c[3] + 1), 10.0 / math.sqrt(c[1].min()))
            + 2 * float_tolerance(len(c[4]), np.linalg.cond(c[4]))
        ),
        allowance=(
            "relative to the scale: P^L·X and X̄ (P ≥ 0) within T·(L+1)·eps, the √π similarity of the "
            "H₀ norm amplifies by ≤ 1/√π_min, √T ≤ 4: 10·T·(L+1)·eps·10/√π_min; float 𝒜⁻¹ exact for "
            "an 𝒜̂ with σ_min off by 10·d·eps·κ, as σ_min(𝒜): 2·10·d·eps·κ(𝒜)"
        ),
        ranges=(
            "T ≤ 10, d ≤ 4, L ≤ 25; 0.9·A + 0.1/T for A random, sink, banded, causal, disconnected, "
            "permutation, identity; κ(𝒜) ≤ 1e3, f = B·tanh(C·)"
        ),
    )
    return probe_hypothesis("not needed", "reversibility, (A3), (A5) and σ_max ≥ c₀", ev, role="decides")


claim_split(
    "trsp.D6.bound.fixed.hypotheses",
    [
        dict(
            slug="not-needed",
            tightness=Tightness(
                "sharp",
                "fixed_bound_equality_exact (trsp.D6.bound.fixed): the corrected bound is attained on M = ½I + ½𝟏𝟏ᵀ/T, 𝒜 = I, f = id, zero-mean Hadamard X at every L checked",
                ratio=1.0,
                where={"M": "½I + ½𝟏𝟏ᵀ/T", "𝒜": "I", "f": "id"},
            ),
            weakest=Weakest(
                "qualitative",
                "structural hypotheses (reversibility, (A3), (A5), σ_max ≥ c₀) dropped whole: d6_fixed_nonreversible_search and the proof of trsp.D6.bound.fixed use none of them",
            ),
            title="The corrected bound needs neither reversibility, (A3), (A5) nor σ_max ≥ c₀",
            statement=r"The corrected bound $\|G(M^LX)-G(\bar X)\|_F\le\frac{L_f}{\sigma_{\min}(\mathcal{A})}\pi_{\min}^{-1/2}(1-\gamma)^L\|X-\bar X\|_{F,\pi}$, with $\pi>0$ and $\gamma$ the contraction constant on $\mathcal H_0(\pi)$, needs neither reversibility, nor (A3), (A5), nor $\sigma_{\max}(\mathcal A)\ge c_0$.",
            checks=[d6_fixed_nonreversible_search],
            expected=Status.VERIFIED,
            reason="a property search of the corrected bound over non-reversible primitive chains and badly scaled readouts",
            unproved="a search over non-reversible chains; the proof of trsp.D6.bound.fixed does not use them, but this claim does not yet check that",
            tests=["tests/test_trsp_d_hypotheses.py::test_primitive_chain_has_a_positive_law"],
        ),
        dict(
            slug="one-operator",
            weakest=Weakest(
                "qualitative",
                "structural (one operator or several), no quantity: trsp.D3.mixing.hypotheses.one-law's probe",
            ),
            title="The corrected bound needs one operator M for all L layers",
            statement="Necessary: one operator $M$ for all $L$ layers. Two reversible layers with different laws contract less together than the product of their gaps (trsp.D3.mixing.hypotheses.one-law).",
            checks=[d3_layers_own_law_probe],
            expected=Status.CERTIFIED,
            reason="the exact two-layer counterexample of the Lemma D.3 probes",
            uses=["trsp.D6.bound.fixed", "trsp.D3.mixing.hypotheses.one-law"],
        ),
    ],
    source=Source("specproof", "App. D.6", "own"),
    uses=["trsp.D6.bound.fixed"],
)
