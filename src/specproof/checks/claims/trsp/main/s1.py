"""TRSP §1: Introduction: representation collapse and the gap–rank trade-off.

The section's claims in the paper's order, each stated before the checks that decide it.
"""

from __future__ import annotations

import numpy as np
import sympy as sp
from hypothesis import strategies as st

from specproof.engine import strategies as sst
from specproof.engine.methods import (
    derivation,
    float_tolerance,
    grid_check,
    property_search,
    sympy_identity,
    sympy_nonnegative,
)
from specproof.engine.records import Tightness
from specproof.engine.registry import Context, Evidence, Role, Source, Status, claim
from specproof.theory.operators import Identity, Sink, SoftmaxAttention, TriBox, composite_operator
from specproof.theory.spectral import singular_values, spectral_gap, stable_rank

identity = claim(
    "trsp.reff.identity",
    title="Effective rank splits into the top two singular values and the tail",
    source=Source("TRSP", "§1, §3.2", "R_eff identity"),
    statement=r"For $M\in\mathbb{R}^{N\times N}$, $N\ge 2$, with normalised singular values $\hat\sigma_i=\sigma_i/\sigma_1$ and $\gamma=1-\hat\sigma_2$: $R_{\mathrm{eff}}=\sum_i\hat\sigma_i^2=1+(1-\gamma)^2+\sum_{i\ge3}\hat\sigma_i^2$, and $R_{\mathrm{eff}}=\|M\|_F^2/\|M\|_2^2$ (the stable rank).",
    expected=Status.PROVED,
    reason="An algebraic identity once the tail Σ_{i≥3}σᵢ² is named (sympy); the stable-rank form rests on ‖M‖_F² = tr(MᵀM) = Σσᵢ², checked exactly on integer matrices. Here γ is the singular-value gap 1 − σ₂/σ₁, not the Laplacian gap of App. C nor the reversible gap of App. D; the 'trade-off' it is read as holds only at a fixed tail.",
    prose="‖M‖_F² = tr(MᵀM) = Σσ_i² (standard; checked exactly on integer matrices), after which both forms are the checked algebra",
    tightness=Tightness(
        "unmeasurable",
        "an identity (reff_identity_sympy, reff_frobenius_charpoly_exact); its only inequality, N ≥ 2, is a hypothesis",
    ),
    tests=["tests/test_trsp_main.py::test_stable_rank_is_the_normalised_sum_of_squares"],
)


@identity.decides
def reff_identity_sympy(ctx: Context) -> Evidence:
    """Σ(σᵢ/σ₁)² = 1 + (1−γ)² + Σ_{i≥3}(σᵢ/σ₁)² with γ = 1 − σ₂/σ₁, for every N ≥ 2.

    The tail τ = Σ_{i≥3}σᵢ² enters both sides as the same sum whatever N is, so one symbol stands
    for it; the identity is then an identity of rational functions in σ₁ > 0, σ₂, τ.
    """
    s1 = sp.Symbol("sigma_1", positive=True)
    s2, tail = sp.symbols("sigma_2 tau", nonnegative=True)
    r_eff = (s1**2 + s2**2 + tail) / s1**2
    gamma = 1 - s2 / s1
    return sympy_identity(
        r_eff,
        1 + (1 - gamma) ** 2 + tail / s1**2,
        what="R_eff = Σ(σᵢ/σ₁)² equals 1 + (1−γ)² + Σ_{i≥3}(σᵢ/σ₁)², γ = 1 − σ₂/σ₁",
        ranges="σ₁ > 0, σ₂ ≥ 0, any tail τ = Σ_{i≥3}σᵢ² ≥ 0 (every N ≥ 2)",
    )


@identity.decides
def reff_frobenius_charpoly_exact(ctx: Context) -> Evidence:
    """‖M‖_F² = Σσᵢ² and ‖M‖₂² = σ₁² make ‖M‖_F²/‖M‖₂² the same sum: Σσᵢ² = tr(MᵀM) checked exactly.

    The σᵢ² are the roots of det(λI − MᵀM), so their sum is minus its λ^{n−1} coefficient; this
    is compared with Σ M_ij² in exact integers on random integer matrices.
    """
    rng = np.random.default_rng(ctx.seed)
    lam = sp.Symbol("lambda")
    cases = [(n, rng.integers(-9, 10, (n, n)).tolist()) for n in range(1, 9) for _ in range(4 if ctx.wide else 1)]

    def margin(case):
        n, M = case
        G = sp.Matrix(M).T * sp.Matrix(M)
        poly = sp.Poly(G.charpoly(lam).as_expr(), lam)
        sum_sq_sv = -poly.coeff_monomial(lam ** (n - 1))
        return -abs(sum_sq_sv - sum(x * x for row in M for x in row))

    return grid_check(
        cases,
        margin,
        what="Σσᵢ² (sum of the roots of det(λI − MᵀM)) equals ‖M‖_F²",
        method="exact",
        exact=True,
        ranges="integer matrices n = 1..8, entries in [−9, 9]",
        role=Role.SUPPORTS,
    )


@identity.decides
def reff_stable_rank_float(ctx: Context) -> Evidence:
    """On TRSP operators (sink, causal softmax, triBox composites) ‖M‖_F²/‖M‖₂² = 1 + (1−γ)² + tail."""
    rng = np.random.default_rng(ctx.seed)
    mats = []
    for T in (2, 3, 8, 33, 64) + ((128, 256) if ctx.wide else ()):
        scores = np.sort(rng.exponential(2.0, T))[::-1]
        for b in (1, 2, 5):
            mats.append((T, b, (Identity(T) + Sink(T) + 0.5 * TriBox(T, b)).as_matrix()))
            mats.append((T, b, composite_operator(SoftmaxAttention(scores, causal=True), 0.3, b).as_matrix()))
        mats.append((T, 0, rng.standard_normal((T, T))))

    def margin(case):
        T, _, M = case
        s = singular_values(M)
        frob_over_spec = np.linalg.norm(M, "fro") ** 2 / np.linalg.norm(M, 2) ** 2
        rhs = 1 + (1 - spectral_gap(M)) ** 2 + np.sum((s[2:] / s[0]) ** 2)
        return -max(abs(frob_over_spec - rhs), abs(stable_rank(M) - rhs))

    return grid_check(
        mats,
        margin,
        what="stable rank ‖M‖_F²/‖M‖₂² = 1 + (1−γ)² + Σ_{i≥3}(σᵢ/σ₁)²",
        method="float-grid",
        exact=False,
        tolerance=lambda case: float_tolerance(
            case[0], 2 * np.sqrt(case[0] * stable_rank(case[2])) + 4 * stable_rank(case[2])
        ),
        allowance=(
            "Σσ̂_i² = ‖M + E‖_F², ‖E‖_F ≤ √T·10·T·eps·σ₁: off by 2·10·T·eps·√(T·srank)·σ₁²; σ₁ from two SVDs "
            "(svdvals, norm 2), each 10·T·eps relatively: 4·10·T·eps·srank more; (1 − γ)² and sums a few eps"
        ),
        ranges="T in {2,3,8,33,64}, b in {1,2,5}: I+sink+0.5·M_tri, causal softmax composites, Gaussian",
        role=Role.SUPPORTS,
    )


tradeoff = claim(
    "trsp.reff.tradeoff",
    title="The gap–rank trade-off is an inequality: 1 + (1−γ)² ≤ R_eff ≤ 1 + (N−1)(1−γ)²",
    source=Source("TRSP", "§1", "Fig. 1–2"),
    statement=r"For $M \in \mathbb R^{N\times N}$, $N \ge 2$, $\gamma = 1 - \sigma_2/\sigma_1$ and $R_{\mathrm{eff}} = \sum_i(\sigma_i/\sigma_1)^2$: $1 + (1-\gamma)^2 \le R_{\mathrm{eff}} \le 1 + (N-1)(1-\gamma)^2$, both attained; so $\gamma \to 1$ forces $R_{\mathrm{eff}} \to 1$ and $R_{\mathrm{eff}} \ge r$ forces $\gamma \le 1 - \sqrt{(r-1)/(N-1)}$. The homogenization patterns (sink $\mathbf 1e_1^\top$, average $\mathbf 1\mathbf 1^\top/N$) sit at $(\gamma, R_{\mathrm{eff}}) = (1, 1)$, the isolation patterns ($I$, disconnected local averages of width $w$) at $(0, N/w)$.",
    uses=["trsp.reff.identity"],
    expected=Status.PROVED,
    reason="Sympy identities and a sign certificate once the tail is written as (1−γ)²·S with 0 ≤ S ≤ N−2 (the singular values are ordered); the patterns' (γ, R_eff) for every T from their Gram matrices (sympy matrix expressions of symbolic size: the sink's T·e₁e₁ᵀ, the averages' rank-one projectors) and the count T/w; the exact eigenvalues at T ≤ 8 are a cross-check. Interpretive: the paper's 'intrinsic trade-off' (maximizing γ suppresses R_eff unless the tail is preserved) is read as the upper bound, which says how much tail a given γ allows.",
    prose="σ₁ > 0 (tacit: γ needs M ≠ 0); the ordering σ̂_i ≤ σ̂₂ puts S in [0, N−2], and R_eff increasing in S turns the checked value at S = N−2 into the upper bound; attainment by σ̂ = (1, 1−γ, 0, …) and (1, 1−γ, …, 1−γ) (spectra of diagonal matrices); solving R_eff ≥ r for γ from the checked quotient; for the patterns, that a rank-one Gram matrix has one nonzero eigenvalue and a projector's eigenvalues are 0 and 1, and that a block-diagonal matrix has the union of its blocks' singular values",
    notes=["interpretive"],
    tightness=Tightness(
        "sharp",
        "tradeoff_bounds_sympy: σ̂ = (1, 1 − γ, 0, …, 0) attains the lower bound and σ̂ = (1, 1 − γ, …, 1 − γ) the upper, for every γ and N",
        ratio=1.0,
        where={"lower": "σ̂ = (1, 1 − γ, 0, …)", "upper": "σ̂ = (1, 1 − γ, …, 1 − γ)"},
    ),
)


g_, S_, N_ = sp.symbols("gamma S N", nonnegative=True)


T_ = sp.Symbol("T", integer=True, positive=True)


i_ = sp.Symbol("i", integer=True, positive=True)


@tradeoff.decides
def tradeoff_bounds_sympy(ctx: Context) -> Evidence:
    """σ̂_i ≤ σ̂₂ = 1 − γ for i ≥ 3 gives 1 + (1−γ)² ≤ R_eff ≤ 1 + (N−1)(1−γ)²; the ends are attained."""
    ones, e1 = sp.OneMatrix(T_, T_), sp.MatrixSymbol("e1", T_, 1)
    sink = sp.OneMatrix(T_, 1) * e1.T
    w_, K_ = sp.Symbol("w", integer=True, positive=True), sp.Symbol("K", integer=True, positive=True)
    block = sp.OneMatrix(w_, w_)
    q = 1 - g_
    R = 1 + q**2 + q**2 * S_  # the tail Σ_{i≥3} σ̂_i² = (1−γ)²·S with S = Σ t_i², t_i = σ̂_i/σ̂₂ ∈ [0, 1]
    steps = [
        sympy_identity(R, 1 + q**2 * (1 + S_), what="R_eff = 1 + (1−γ)²(1 + S), S = Σ_(i≥3)(σ̂_i/σ̂₂)² ∈ [0, N−2]"),
        sympy_nonnegative(
            (R - 1 - q**2).subs(g_, 1 - sp.Symbol("p", nonnegative=True)),
            [S_, sp.Symbol("p", nonnegative=True)],
            what="R_eff ≥ 1 + (1−γ)² (S ≥ 0)",
        ),
        sympy_identity(
            (1 + q**2 * (1 + S_)).subs(S_, N_ - 2),
            1 + (N_ - 1) * q**2,
            what="R_eff ≤ 1 + (N−1)(1−γ)² (S ≤ N−2), attained by σ̂ = (1, 1−γ, …, 1−γ)",
        ),
        sympy_identity(sp.limit(1 + (N_ - 1) * q**2, g_, 1), sp.Integer(1), what="γ → 1 forces R_eff → 1"),
        sympy_identity(
            ((1 + (sp.Symbol("n", nonnegative=True) + 1) * q**2) - 1) / (sp.Symbol("n", nonnegative=True) + 1),
            q**2,
            what="with N − 1 = n + 1 > 0: R_eff ≥ r forces (1−γ)² ≥ (r−1)/(N−1), i.e. γ ≤ 1 − √((r−1)/(N−1))",
        ),
        sympy_identity(sink.T * sink, T_ * e1 * e1.T, what="sink: (𝟏e₁ᵀ)ᵀ(𝟏e₁ᵀ) = T·e₁e₁ᵀ, rank one (symbolic T)"),
        sympy_identity(
            sp.block_collapse(ones * ones) / T_**2,
            ones / T_,
            what="average: (𝟏𝟏ᵀ/T)² = 𝟏𝟏ᵀ/T, a rank-one orthogonal projector (symbolic T)",
        ),
        sympy_identity(
            R.subs({g_: 1, S_: 0}),
            sp.Integer(1),
            what="rank one: σ̂ = (1, 0, …), so 1 − γ = σ̂₂ = 0 and S = 0: (γ, R_eff) = (1, 1)",
        ),
        sympy_identity(
            sp.block_collapse(block * block) / w_**2,
            block / w_,
            what=(
                "a width-w local average 𝟏𝟏ᵀ/w is again a rank-one projector: a block-diagonal matrix of T/w such "
                "blocks (I for w = 1) has singular values 1 (T/w times) and 0"
            ),
        ),
        sympy_identity(
            sp.summation(sp.Integer(1), (i_, 1, K_)),
            K_,
            what="isolation: σ̂₂ = σ̂₁ = 1 gives γ = 0, and R_eff = Σ_(i≤T/w) 1 = T/w (K = T/w blocks)",
        ),
    ]
    return derivation(
        steps,
        what="the trade-off: γ and R_eff are tied by 1 + (1−γ)² ≤ R_eff ≤ 1 + (N−1)(1−γ)²",
        ranges="every N×N matrix, N ≥ 2",
    )


def _pattern(kind: str, T: int, w: int) -> sp.Matrix:
    if kind == "sink":
        return sp.Matrix(T, T, lambda r, c: 1 if c == 0 else 0)
    if kind == "average":
        return sp.ones(T, T) / T
    if kind == "identity":
        return sp.eye(T)
    return sp.Matrix(T, T, lambda r, c: sp.Rational(1, w) if r // w == c // w else 0)  # local blocks of width w | T


@tradeoff.supports
def tradeoff_patterns_exact(ctx: Context) -> Evidence:
    """The four patterns' γ and R_eff from the exact eigenvalues of MᵀM, T ≤ 8."""
    cases = [
        (kind, T, w)
        for T in range(2, 9)
        for kind, w in (("sink", 1), ("average", 1), ("identity", 1), ("blocks", 2))
        if kind != "blocks" or (T % w == 0 and T > w)
    ]  # disconnected: at least two blocks

    def margin(case):
        kind, T, w = case
        M = _pattern(kind, T, w)
        eig = sorted((sp.nsimplify(e) for e, mult in (M.T * M).eigenvals().items() for _ in range(mult)), reverse=True)
        gap = 1 - sp.sqrt(eig[1] / eig[0])
        reff = sum(eig) / eig[0]
        want = {"sink": (1, 1), "average": (1, 1), "identity": (0, T), "blocks": (0, sp.Rational(T, w))}[kind]
        return -(abs(sp.Rational(gap) - want[0]) + abs(sp.Rational(reff) - want[1]))

    return grid_check(
        cases,
        margin,
        what="sink, average: (γ, R_eff) = (1, 1); identity: (0, T); width-2 blocks: (0, T/2)",
        method="exact",
        exact=True,
        ranges="T = 2..8 (blocks: T even, T ≥ 4)",
        role=Role.SUPPORTS,
    )


def _margin(M: np.ndarray) -> float:
    s = singular_values(M)
    if s[0] == 0 or s.size < 2:
        return 1.0
    t = s / s[0]
    gamma, reff = 1 - t[1], float(np.sum(t**2))
    return min(reff - 1 - (1 - gamma) ** 2, 1 + (s.size - 1) * (1 - gamma) ** 2 - reff)


@tradeoff.supports
def tradeoff_search(ctx: Context) -> Evidence:
    """Both bounds over row-stochastic attention patterns (sinks, banded, causal, disconnected, permutations)."""
    return property_search(
        st.integers(2, 24).flatmap(sst.row_stochastic),
        _margin,
        ctx=ctx,
        examples=300,
        tolerance=lambda M: 4 * float_tolerance(M.shape[0], 1.0) * M.shape[0],
        allowance=(
            "N normalised singular values σ_i/σ₁ ≤ 1, each within 10·N·eps (relative to σ₁), "
            "squared and summed: ≤ 4·10·N²·eps"
        ),
        what="1 + (1−γ)² ≤ R_eff ≤ 1 + (N−1)(1−γ)²",
        ranges="N ≤ 24, the row-stochastic patterns of checks.strategies",
        role=Role.SUPPORTS,
    )
