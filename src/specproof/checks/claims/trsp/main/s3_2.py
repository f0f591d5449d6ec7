"""TRSP §3.2: The triangular box (triBox) mechanism.

The section's claims in the paper's order, each stated before the checks that decide it; the project's own claims (1:
corrections, sharpenings, hypotheses, measurements) follow the claim they qualify.
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import sympy as sp
from hypothesis import strategies as st

from specproof.engine.methods import (
    exact_counterexample,
    float_tolerance,
    fmt,
    property_search,
)
from specproof.engine.records import Limit, Tightness
from specproof.engine.registry import Context, Evidence, Role, Source, Status, claim
from specproof.theory.spectral import singular_values

STATEMENT_TESTS = "tests/test_statements.py"


contraction = claim(
    "trsp.gap.contraction",
    title="The singular gap γ = 1 − σ₂ does not measure how fast non-stationary components contract",
    source=Source("TRSP", "§3.2", "mixing efficiency"),
    statement=r"For a row-normalised transition operator $M$, the spectral gap $\gamma(M)=1-\sigma_2$ (singular values normalised by $\sigma_1$, §1) quantifies how quickly non-stationary components contract: read as $\operatorname{dist}(My,\operatorname{span}\mathbf 1)\le(1-\gamma)\operatorname{dist}(y,\operatorname{span}\mathbf 1)$.",
    expected=Status.REFUTED,
    reason="Exact counterexample: m tokens sinking on the first and one token attending to itself, M = blockdiag(𝟏_me₁ᵀ, [1]), has σ = (√m, 1, 0, …) so γ = 1 − 1/√m (1/2 at m = 4), yet M² = M and e_T is fixed: nothing contracts. A sink inflates σ₁ and the normalisation hides every slow mode. Small irreducible perturbations keep γ near 1/2 while the mode decays like 1 − ε (float cross-check). What holds: trsp.gap.contraction.fixed.",
    notes=["interpretive"],
    tests=[f"{STATEMENT_TESTS}::test_sink_with_isolated_token_never_mixes"],
)


def sink_with_isolated_token(m: int) -> np.ndarray:
    """Row-stochastic blockdiag(𝟏_m e₁ᵀ, [1]): m tokens attend to the first, the last attends to itself only."""
    M = np.zeros((m + 1, m + 1))
    M[:m, 0] = 1.0
    M[m, m] = 1.0
    return M


def distance_to_constants_sq(x) -> Fraction:
    """min_c ‖x − c𝟏‖² = ‖x − x̄𝟏‖² in exact rationals."""
    x = [Fraction(v) for v in x]
    mean = sum(x) / len(x)
    return sum((v - mean) ** 2 for v in x)


@contraction.decides
def gap_contraction_counterexample(ctx: Context) -> Evidence:
    """M = blockdiag(𝟏₄e₁ᵀ, [1]) (T = 5): MᵀM = diag(4, 0, 0, 0, 1) so σ = (2, 1, 0, 0, 0) and γ = 1/2 exactly, yet
    M² = M and Me₅ = e₅: the non-constant part of e₅ never contracts."""
    m = 4
    M = sp.Matrix(sink_with_isolated_token(m).astype(int))
    gram = M.T * M
    gamma = 1 - sp.sqrt(sorted(gram.eigenvals(multiple=True))[-2]) / sp.sqrt(max(gram.eigenvals(multiple=True)))
    idempotent = M * M == M
    x = sp.Matrix([0] * m + [1])
    before, after = (
        sp.Rational(v.numerator, v.denominator)
        for v in (distance_to_constants_sq(list(x)), distance_to_constants_sq(list(M * x)))
    )
    margin = (1 - gamma) ** 2 * before - after  # squared: ‖M y‖ ≤ (1 − γ)‖y‖ for the non-constant part y
    return exact_counterexample(
        f"γ(M) = 1 − σ₂/σ₁ = {gamma} for M = blockdiag(𝟏₄e₁ᵀ, [1]), but M² = M ({idempotent}) and dist(M^L e₅, span 𝟏)²"
        f" = {after} = dist(e₅, span 𝟏)² for every L ≥ 1, against (1 − γ)^{{2L}}·{before} → 0; with m sink tokens γ = 1"
        " − 1/√m → 1",
        "T = 5 exactly; the family m = 1, 2, … by the same block structure",
        sp.nsimplify(margin),
        matrix=[[int(v) for v in M.row(i)] for i in range(m + 1)],
        gamma=str(gamma),
        x="e_5",
        distance_sq_before=str(before),
        distance_sq_after=str(after),
    )


def normalised_gap(M) -> float:
    """γ = 1 − σ₂/σ₁ (TRSP §1 footnote, §3.2)."""
    s = singular_values(M)
    return float(1.0 - s[1] / s[0])


@contraction.supports
def gap_contraction_irreducible(ctx: Context) -> Evidence:
    """Not an artefact of reducibility: M_ε = (1 − ε)M + εJ (J = 𝟏𝟏ᵀ/T) is irreducible and aperiodic, its normalised gap
    stays near 1/2, but the non-constant part of e₅ shrinks only by about 1 − ε per step."""
    m, steps = 4, 40
    rows = []
    for eps in (0.1, 0.01, 0.001):
        T = m + 1
        M = (1 - eps) * sink_with_isolated_token(m) + eps * np.full((T, T), 1.0 / T)
        x = np.zeros(T)
        x[-1] = 1.0
        y = np.linalg.matrix_power(M, steps) @ x
        rate = (np.linalg.norm(y - y.mean()) / np.linalg.norm(x - x.mean())) ** (1 / steps)
        rows.append((eps, normalised_gap(M), rate))
    margin = min(rate - (1 - gamma) for _, gamma, rate in rows)
    text = "; ".join(
        f"ε = {fmt(e)}: γ = {fmt(g)}, per-step contraction of e₅'s non-constant part {fmt(r)}" for e, g, r in rows
    )
    if margin <= 0:
        return Evidence(
            Status.OPEN, "float", f"no slow mode: {text}", ranges=f"T = 5, {steps} steps", role=Role.SUPPORTS
        )
    return Evidence(
        Status.REFUTED,
        "float",
        f"irreducible perturbations keep the failure: {text} (all slower than 1 − γ)",
        ranges=f"T = 5, ε ∈ {{0.1, 0.01, 0.001}}, {steps} steps",
        worst_margin=-float(margin),
        role=Role.SUPPORTS,
        counterexample={"rows": [{"eps": e, "gamma": fmt(g), "rate": fmt(r)} for e, g, r in rows]},
    )


fixed = claim(
    "trsp.gap.contraction.fixed",
    title="For doubly stochastic M the singular gap is a contraction rate: ‖M^Lx − x̄𝟏‖ ≤ σ₂^L‖x − x̄𝟏‖",
    source=Source("specproof", "§3.2", "own"),
    statement=r"If $M\ge0$ has $M\mathbf 1=\mathbf 1$ and $M^\top\mathbf 1=\mathbf 1$, then $\sigma_1(M)=1$ (the normalised and raw gaps agree) and $\|M^Lx-\bar x\mathbf 1\|_2\le\sigma_2(M)^L\|x-\bar x\mathbf 1\|_2$ for every $x$, $\bar x=\frac1T\mathbf 1^\top x$: $\gamma=1-\sigma_2$ bounds the per-step contraction of the non-constant part. A row-stochastic $M$ that is not column-stochastic has no such bound (trsp.gap.contraction).",
    corrects="trsp.gap.contraction",
    expected=Status.VERIFIED,
    reason="A property search over convex combinations of permutation matrices (Birkhoff: every doubly stochastic matrix is one) finds σ₁ = 1 and no violation; the argument is textbook (below).",
    prose="‖M‖₂ ≤ √(‖M‖₁‖M‖_∞) = 1 and M𝟏 = 𝟏 give σ₁ = 1 with MᵀM𝟏 = 𝟏; 𝟏^⊥ is invariant under the symmetric MᵀM, so max_{y ⊥ 𝟏}‖My‖/‖y‖ = σ₂ (Courant–Fischer); 𝟏ᵀMy = 𝟏ᵀy = 0 keeps M^Ly in 𝟏^⊥, and M^Lx − x̄𝟏 = M^L(x − x̄𝟏)",
    unproved="the argument is textbook (σ₂ of a doubly stochastic M bounds its action on 𝟏⊥) but written in prose only; the check is a property search over Birkhoff combinations",
    tightness=Tightness(
        "sharp",
        "mixing_equality_exact (trsp.D3.mixing): the doubly stochastic M = ½I + ½𝟏𝟏ᵀ/T has σ₂ = ½ and maps every zero-mean x to x/2 exactly, so ‖M^Lx − x̄𝟏‖₂ = σ₂^L‖x − x̄𝟏‖₂ at every L and every x",
        ratio=1.0,
        where={"M": "½I + ½𝟏𝟏ᵀ/T", "x": "every x", "L": "every L"},
    ),
    limit=Limit(
        "none",
        "a bound at every L for every x, not a rate whose scaled quantity the claim says converges; on the witness ½I + ½𝟏𝟏ᵀ/T the ratio to σ₂^L is exactly 1 at every L",
    ),
    tests=[f"{STATEMENT_TESTS}::test_doubly_stochastic_contracts_at_sigma2"],
)


def _doubly_stochastic_cases():
    """(M, x, L): convex combinations of up to 4 seeded permutations (Birkhoff), a vector, a power."""

    @st.composite
    def build(draw):
        T = draw(st.integers(2, 12))
        n = draw(st.integers(1, 4))
        weights = np.asarray(draw(st.lists(st.floats(0.01, 1.0, width=64), min_size=n, max_size=n)))
        weights = weights / weights.sum()
        perms = [np.asarray(draw(st.permutations(range(T)))) for _ in range(n)]
        M = sum(w * np.eye(T)[p] for w, p in zip(weights, perms))
        x = np.asarray(draw(st.lists(st.floats(-10, 10, width=64), min_size=T, max_size=T)))
        return M, x, draw(st.integers(1, 20))

    return build()


def _doubly_margin(case) -> float:
    M, x, L = case
    s = singular_values(M)
    y = x - x.mean()
    lhs = np.linalg.norm(np.linalg.matrix_power(M, L) @ x - x.mean())
    return min(s[1] ** L * np.linalg.norm(y) - lhs, -abs(s[0] - 1.0))


@fixed.decides
def gap_contraction_doubly_stochastic_search(ctx: Context) -> Evidence:
    """σ₁ = 1 and ‖M^Lx − x̄𝟏‖ ≤ σ₂^L‖x − x̄𝟏‖ for doubly stochastic M."""
    return property_search(
        _doubly_stochastic_cases(),
        _doubly_margin,
        ctx=ctx,
        examples=200,
        tolerance=lambda c: float_tolerance(c[0].shape[0] * (c[2] + 1), 1.0) * (1 + np.linalg.norm(c[1])),
        allowance=(
            "M ≥ 0 with ‖M‖₂ = 1: L products of T-term sums, each within T·eps relative, and the SVD "
            "within 10·T·eps·‖M‖ (σ₂^L moves by ≤ L times that): ≤ 10·T·(L + 1)·eps·(1 + ‖x‖)"
        ),
        what="σ₁(M) = 1 and ‖M^Lx − x̄𝟏‖ ≤ σ₂^L‖x − x̄𝟏‖",
        ranges="T ≤ 12, convex combinations of ≤ 4 permutations, L ≤ 20",
    )
