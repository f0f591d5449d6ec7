"""TRSP App. D.3: Lemma 2: exponential mixing.

The section's claims in the paper's order, each stated before the checks that decide it; the project's own claims (7:
corrections, sharpenings, hypotheses, measurements) follow the claim they qualify.
"""

from __future__ import annotations

import math
from dataclasses import replace
from fractions import Fraction

import numpy as np
import sympy as sp
from hypothesis import strategies as st

from specproof.checks.claims._shared.trsp_app_d import (
    _causal_composite_exact,
    _matvec,
    as_fractions,
    d3_layers_own_law_probe,
    matmul_exact,
    mixing_equality_exact,
    pi_rayleigh_exact,
    primitive_chain,
)
from specproof.engine import strategies as sst
from specproof.engine.methods import (
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
from specproof.theory.markov import h0_operator_norm

mixing = claim(
    "trsp.D3.mixing",
    title="Exponential mixing on the zero-mean subspace",
    source=Source("TRSP", "App. D.3", "Lemma D.3"),
    statement=r"If $M$ is reversible with stationary $\pi>0$ and $\|Mv\|_{2,\pi}\le(1-\gamma)\|v\|_{2,\pi}$ on $\mathcal{H}_0(\pi)$, then $\|M^L\|_{\mathcal{H}_0\to\mathcal{H}_0}\le(1-\gamma)^L$.",
    uses=[],
    expected=Status.PROVED,
    reason="Machine-checked (sympy, symbolic size): πᵀ(Mv) = πᵀv, so H₀(π) is M-invariant, and the induction's base and step (1 − γ)(1 − γ)^(L−1) = (1 − γ)^L. Argued in prose: the induction itself. A property search on reversible chains finds equality (ratio 1), as a self-adjoint operator's norm is multiplicative (cross-check). γ here must be the absolute gap 1 − max(|λ₂|, |λ_min|) that (A1) defines by contraction, not 1 − λ₂ nor the singular gap of §1.",
    prose="induction on L with the invariance of H₀(π) (checked): M^(L−1)v stays in H₀(π), where the hypothesis ‖Mw‖_{2,π} ≤ (1 − γ)‖w‖_{2,π} applies; the operator norm on H₀(π) is the supremum of ‖M^Lv‖/‖v‖ over v ≠ 0 there. Reversibility is not used (only πᵀM = πᵀ and the contraction)",
    tests=["tests/test_trsp_appendix_d.py::test_h0_norm_of_powers_is_the_power_of_the_contraction"],
)


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


@mixing.decides
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


def _chain_cases(max_T: int = 16):
    return sst.sizes(2, max_T).flatmap(lambda T: st.tuples(sst.reversible_chains(T), st.integers(0, 40)))


@mixing.supports
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


mixing.supports(mixing_equality_exact)


reversibilization = mixing.hypothesis(
    "reversibilization",
    title="Lemma D.3: 'equivalently, its π-reversibilization' is false",
    statement=r"The paper's 'equivalently, we analyse its $\pi$-reversibilization' is false: a non-reversible $M$ can be an isometry of $\mathcal H_0(\pi)$ while its reversibilization $\frac12(M+M^*)$ contracts.",
    expected=Status.CERTIFIED,
    reason="an exact counterexample: the shift on ℤ₃ (rational Rayleigh quotients)",
    weakest=Weakest(
        "qualitative",
        "a reading (M or its reversibilization), no quantity: d3_reversibilization_probe, an isometry of H₀(π) whose reversibilization contracts",
    ),
    tests=["tests/test_trsp_d_hypotheses.py::test_exact_probes_refute_the_dropped_hypotheses"],
)


# the shift on ℤ₃ and the lazy near-bipartite product A⊗B of the probes below
SHIFT3 = [[0, 1, 0], [0, 0, 1], [1, 0, 0]]


UNIFORM3 = [Fraction(1, 3)] * 3


@reversibilization.decides
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
        role=Role.DECIDES,
    )


spectral_reading = mixing.hypothesis(
    "spectral-reading",
    title="Lemma D.3: reading γ from the eigenvalues needs reversibility",
    statement=r"Stated (A1) and necessary for reading $\gamma$ from the eigenvalues: reversibility. A non-reversible $P$ can have every eigenvalue on $\mathcal H_0$ equal to 0 and still $\|P\|_{\mathcal H_0}>0$.",
    expected=Status.CERTIFIED,
    reason="an exact counterexample (𝟏𝟏ᵀ/3 plus a nilpotent part)",
    tightness=Tightness(
        "unmeasurable", "‖P‖_{H₀} > 0 is the counterexample's strict inequality, not a bound with a constant"
    ),
    weakest=Weakest(
        "qualitative",
        "reversibility is structural, no quantity: d3_spectral_reading_probe, a nilpotent P on H₀",
    ),
    tests=["tests/test_trsp_d_hypotheses.py::test_exact_probes_refute_the_dropped_hypotheses"],
)


@spectral_reading.decides
def d3_spectral_reading_probe(ctx: Context) -> Evidence:
    """Without reversibility the eigenvalues do not give γ: P = 𝟏𝟏ᵀ/3 + N, N nilpotent, has every H₀ eigenvalue 0."""
    P = [
        [Fraction(1, 2), Fraction(1, 2), Fraction(0)],
        [Fraction(1, 6), Fraction(1, 6), Fraction(2, 3)],
        [Fraction(1, 3)] * 3,
    ]
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
        "necessary", "reversibility, to read γ from the spectrum", outcome, exact=True, role=Role.DECIDES
    )


absolute_gap = mixing.hypothesis(
    "absolute-gap",
    title="Lemma D.3: γ must be the absolute gap",
    statement=r"Unstated and necessary: $\gamma$ the absolute gap $1-\max(|\lambda_2|,|\lambda_{\min}|)$, not $1-\lambda_2$; a negative eigenvalue can dominate the contraction.",
    expected=Status.CERTIFIED,
    reason="an exact counterexample (a Kronecker product of 2×2 walks)",
    weakest=Weakest(
        "qualitative",
        "which gap γ means (absolute or 1 − λ₂), no quantity: d3_absolute_gap_probe, a dominant negative eigenvalue",
    ),
    tests=["tests/test_trsp_d_hypotheses.py::test_exact_probes_refute_the_dropped_hypotheses"],
)


@absolute_gap.decides
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
        "necessary", "γ the absolute gap 1 − max(|λ₂|, |λ_min|), not 1 − λ₂", outcome, exact=True, role=Role.DECIDES
    )


one_law = mixing.hypothesis(
    "one-law",
    title="Lemma D.3: layers with different stationary laws break the bound",
    statement="Unstated: one operator for all $L$ layers. It is necessary when the layers' stationary laws differ (TRSP's do): two reversible walks can contract less together than the product of their contractions.",
    expected=Status.CERTIFIED,
    reason="layer contractions certified by exact semidefiniteness on H₀; the product by a rational Rayleigh quotient",
    weakest=Weakest(
        "qualitative",
        "structural (one operator or several), no quantity: d3_layers_own_law_probe, two reversible walks with different laws",
    ),
    tests=[
        "tests/test_trsp_d_hypotheses.py::test_exact_probes_refute_the_dropped_hypotheses",
        "tests/test_trsp_d_hypotheses.py::test_h0_norm_certificate_brackets_the_float_norm",
    ],
)


one_law.decides(d3_layers_own_law_probe)


reversibility = mixing.hypothesis(
    "reversibility",
    title="Lemma D.3: reversibility is not needed when γ is the contraction constant",
    statement=r"Stated (A1), and not needed for the inequality when $\gamma$ is the contraction constant of (A1): $\|P^L\|_{\mathcal H_0}\le\|P\|_{\mathcal H_0}^L$ for any $P$ with stationary $\pi>0$.",
    expected=Status.VERIFIED,
    reason="a property search over non-reversible chains",
    unproved="a property search; it follows from the H₀(π)-invariance and submultiplicativity used by the proof of trsp.D3.mixing, not yet a check of this claim",
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
)


def _nonreversible_cases():
    return (
        sst.sizes(2, 10)
        .flatmap(lambda T: st.tuples(sst.row_stochastic(T), st.integers(0, 30)))
        .map(lambda args: (*primitive_chain(args[0]), args[1]))
    )


@reversibility.decides
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
    return probe_hypothesis(
        "not needed", "reversibility (with γ the contraction constant of (A1))", ev, role=Role.DECIDES
    )


common_law = mixing.hypothesis(
    "common-law",
    title="Lemma D.3: one operator is not needed when the layers share π",
    statement=r"One operator for every layer is not needed when the layers share $\pi$: $\|P_L\cdots P_1\|_{\mathcal H_0}\le\prod_\ell\|P_\ell\|_{\mathcal H_0}$.",
    expected=Status.VERIFIED,
    reason="a property search over layers sharing a stationary law",
    unproved="a property search; submultiplicativity on the shared H₀(π) proves it, not yet a check of this claim",
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
)


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


@common_law.decides
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
    return probe_hypothesis("not needed", "the same M at every layer (layers sharing π)", ev, role=Role.DECIDES)


positive_law = mixing.hypothesis(
    "positive-law",
    title="Lemma D.3: π > 0 is not needed for the inequality (which is then vacuous)",
    statement=r"Unstated in (A1): $\pi>0$. Not needed for the inequality, which for causal layers ($\pi=e_0$) holds but says nothing.",
    expected=Status.CERTIFIED,
    reason="the π = e₀ case, exactly",
    tightness=Tightness("unmeasurable", "π > 0 is a hypothesis, not a bound"),
    weakest=Weakest(
        "not-needed",
        "d3_positive_law_probe: with π = e₀ the inequality holds (and is vacuous)",
        hypothesis="stationary law π",
        stated="π > 0",
        weakest="π ≥ 0",
    ),
)


@positive_law.decides
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
        "not needed", "π > 0 (for the inequality; without it the lemma is vacuous)", ev, role=Role.DECIDES
    )
