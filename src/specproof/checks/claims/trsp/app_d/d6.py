"""TRSP App. D.6: Sufficiency: the error bound.

The section's claims in the paper's order, each stated before the checks that decide it; the project's own claims (6:
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
    _readout,
    d3_layers_own_law_probe,
    error_bound_counterexample,
    fixed_bound_equality_exact,
    hadamard_columns,
    primitive_chain,
)
from specproof.checks.claims._shared.trsp_main import matrix_identity
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
    sympy_nonnegative,
)
from specproof.engine.records import Limit, Tightness, Weakest
from specproof.engine.registry import Context, Evidence, Role, Source, Status, claim
from specproof.theory.markov import absolute_spectral_gap, h0_operator_norm, pi_mean, pi_norm
from specproof.theory.spectral import singular_values

STATEMENT_TESTS = "tests/test_statements.py"


bound = claim(
    "trsp.D6.bound",
    title="Inference error bound from gap and effective rank",
    source=Source("TRSP", "App. D.6", "Eq. 20"),
    statement=r"Under (A1)–(A5), with $\hat y=G(M^LX^{(0)})$, $y=f(X)$: $\mathcal{E}=\|\hat y-y\|\le \frac{C_1\kappa(\mathcal{A})}{\sqrt{\mathrm{sr}(X_\ell)}}\cdot C_2\sqrt{T/c_\pi}\,(1-\gamma)^L$ with $C_1,C_2$ absorbing $L_f,\bar\kappa,c_0,\sigma_\perp,\|X^{(0)}-\bar X\|_{2,\pi}$.",
    uses=[
        "trsp.D1.restricted-invertibility",
        "trsp.D2.averaging",
        "trsp.D3.mixing",
        "trsp.D4.pointwise",
        "trsp.D5.readout",
    ],
    expected=Status.REFUTED,
    reason="Eq. 19 drops the term ‖G(X̄) − y‖: mixing drives ŷ to the prediction at the fully mixed state, not to the target, so the right side → 0 as L → ∞ while ℰ → ‖G(X̄) − y‖ > 0. An exact instance meeting (A1)–(A4) (lazy complete-graph walk, 𝒜 = I, f = id, X = d Hadamard columns; π, γ, sr computed from the matrices) has ℰ/(bound without constants) = √d·(2^L − 1). The 1/√sr factor is Cor. D.2's noise-averaging gain used as a Lipschitz multiplier, which no lemma supports. The provable statement is trsp.D6.bound.fixed.",
    tests=["tests/test_trsp_appendix_d.py::test_mixing_does_not_reach_the_target"],
)


bound.decides(error_bound_counterexample)


fixed = claim(
    "trsp.D6.bound.fixed",
    title="Depth-L predictions approach the mixed-state prediction",
    source=Source("specproof", "App. D.6", "own"),
    statement=r"Under (A1), (A2), (A4) and $\mathrm{Lip}(f)\le L_f$, with $G(z)=f(\mathcal{A}^{-1}z)$ applied to every token and $\bar X=\mathbf{1}\pi^\top X$: $\|G(M^LX)-G(\bar X)\|_F\le\frac{L_f}{\sigma_{\min}(\mathcal{A})}\sqrt{T/c_\pi}\,(1-\gamma)^L\,\|X-\bar X\|_{F,\pi}$. The error $\|G(M^LX)-y\|$ is not controlled by mixing.",
    uses=["trsp.D3.mixing", "trsp.D4.pointwise", "trsp.D5.readout"],
    corrects="trsp.D6.bound",
    expected=Status.PROVED,
    reason="Machine-checked (sympy): X − X̄ ∈ H₀(π) and M^L fixes constants, the weighted-to-Euclidean bound ‖e‖₂² ≤ π_min⁻¹‖e‖²_{2,π}, and the lazy-walk instance where the error to the target tends to ‖X‖_F. Argued in prose: assembling per channel and token with Lemmas D.3–D.5 (proved). A property search over reversible chains, invertible readouts and tanh maps is a cross-check.",
    prose="applying the checked per-channel steps to every column x of X (X̄ = 𝟏πᵀX column by column) and summing squares: ‖M^LX − X̄‖_F ≤ √(T/c_π)(1 − γ)^L‖X − X̄‖_{F,π} (trsp.D3.mixing for each column; the weighted-to-Euclidean step is trsp.D4.pointwise's slack argument summed over tokens); G acts token by token (row by row) and each row map z ↦ f(𝒜⁻¹z) is (L_f/σ_min)-Lipschitz (trsp.D5.readout), so ‖G(Y) − G(Y′)‖_F ≤ (L_f/σ_min)‖Y − Y′‖_F; the instance for the last sentence is the exact counterexample of trsp.D6.bound (π uniform, X of zero mean). Reversibility, (A3), (A5) and σ_max ≥ c₀ are not used",
    tests=["tests/test_trsp_appendix_d.py::test_mixing_does_not_reach_the_target"],
)


@fixed.decides
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


@fixed.supports
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


fixed.supports(fixed_bound_equality_exact)


not_needed = fixed.hypothesis(
    "not-needed",
    title="The corrected bound needs neither reversibility, (A3), (A5) nor σ_max ≥ c₀",
    statement=r"The corrected bound $\|G(M^LX)-G(\bar X)\|_F\le\frac{L_f}{\sigma_{\min}(\mathcal{A})}\pi_{\min}^{-1/2}(1-\gamma)^L\|X-\bar X\|_{F,\pi}$, with $\pi>0$ and $\gamma$ the contraction constant on $\mathcal H_0(\pi)$, needs neither reversibility, nor (A3), (A5), nor $\sigma_{\max}(\mathcal A)\ge c_0$.",
    expected=Status.VERIFIED,
    reason="a property search of the corrected bound over non-reversible primitive chains and badly scaled readouts",
    unproved="a search over non-reversible chains; the proof of trsp.D6.bound.fixed does not use them, but this claim does not yet check that",
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
    tests=["tests/test_trsp_d_hypotheses.py::test_primitive_chain_has_a_positive_law"],
)


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


@not_needed.decides
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
    return probe_hypothesis("not needed", "reversibility, (A3), (A5) and σ_max ≥ c₀", ev, role=Role.DECIDES)


one_operator = fixed.hypothesis(
    "one-operator",
    title="The corrected bound needs one operator M for all L layers",
    statement="Necessary: one operator $M$ for all $L$ layers. Two reversible layers with different laws contract less together than the product of their gaps (trsp.D3.mixing.hypotheses.one-law).",
    uses=["trsp.D6.bound.fixed", "trsp.D3.mixing.hypotheses.one-law"],
    expected=Status.CERTIFIED,
    reason="the exact two-layer counterexample of the Lemma D.3 probes",
    weakest=Weakest(
        "qualitative",
        "structural (one operator or several), no quantity: trsp.D3.mixing.hypotheses.one-law's probe",
    ),
)


one_operator.decides(d3_layers_own_law_probe)


target = bound.hypothesis(
    "target",
    title="Eq. 20 needs y = G(X̄)",
    statement=r"Unstated and necessary: $y=G(\bar X)$, the target is the prediction at the fully mixed state; without it Eq. 20 fails.",
    expected=Status.CERTIFIED,
    reason="an exact instance (rationals)",
    weakest=Weakest("qualitative", "structural (the target y = G(X̄) or not), no quantity: d6_target_probe"),
)


@target.decides
def d6_target_probe(ctx: Context) -> Evidence:
    """Drop y = G(X̄) (unstated: the target is the prediction at the fully mixed state): Eq. 20 fails exactly."""
    return probe_hypothesis("necessary", "y = G(X̄)", error_bound_counterexample(ctx), exact=True, role=Role.DECIDES)


dimension = bound.hypothesis(
    "dimension",
    title="Eq. 20: the 1/√sr gain is absorbed by constants growing with the dimension",
    statement=r"Unstated and necessary, even with $y=G(\bar X)$ and (A5) at $\sigma_\perp=0$: constants that may grow with the dimension. The ratio of $\mathcal E$ to the bound is exactly $\sqrt{\mathrm{sr}}=\sqrt d$, so the $1/\sqrt{\mathrm{sr}}$ gain is absorbed, against 'the $1/\sqrt{\mathrm{sr}}$ improvement relies on (A5)'.",
    expected=Status.CERTIFIED,
    reason="an exact instance on Hadamard columns",
    weakest=Weakest(
        "qualitative",
        "whether constants may grow with d, no single quantity: d6_dimension_probe, the ratio of the error to the bound is exactly √sr = √d",
    ),
    tests=["tests/test_trsp_d_hypotheses.py::test_hadamard_ratio_is_the_dimension"],
)


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


@dimension.decides
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
        role=Role.DECIDES,
    )


output_rank = bound.hypothesis(
    "output-rank",
    title="Eq. 20: (A3) must hold at a fixed layer, not at the mixed output",
    statement=r"Unstated and necessary: a layer $\ell$ for (A3) other than the output. At $X_L=M^LX$, (A1) forces $\mathrm{sr}\to1$. The one-operator and absolute-gap hypotheses enter through Lemma D.3 (trsp.D3.mixing.hypotheses.one-law, trsp.D3.mixing.hypotheses.absolute-gap).",
    uses=["trsp.D6.bound", "trsp.D3.mixing.hypotheses.one-law", "trsp.D3.mixing.hypotheses.absolute-gap"],
    expected=Status.CERTIFIED,
    reason="an exact instance (the lazy complete-graph walk)",
    weakest=Weakest(
        "qualitative",
        "structural (the layer at which (A3) holds), no quantity: d6_output_rank_probe, sr → 1 at the mixed output",
    ),
    tests=["tests/test_trsp_d_hypotheses.py::test_exact_probes_refute_the_dropped_hypotheses"],
)


@output_rank.decides
def d6_output_rank_probe(ctx: Context) -> Evidence:
    """Unstated: which layer (A3) holds at. At the output, (A1) drives sr(M^L X) → sr(X̄) = 1 whenever X̄ ≠ 0."""
    rows = []
    for L in (0, 1, 2, 5, 10):
        s = Fraction(1, 2**L)  # M^L X = [[1, s], [1, −s]] for M = ½I + ½𝟏𝟏ᵀ/2, X = [[1, 1], [1, −1]]
        # orthogonal columns of squared norms 2 and 2s²: sr = (2 + 2s²)/max(2, 2s²)
        sr = (2 + 2 * s * s) / max(Fraction(2), 2 * s * s)
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
        "necessary",
        "(A3) at a fixed layer ℓ, not at the mixed output X_L = M^L X",
        outcome,
        exact=True,
        role=Role.DECIDES,
    )


mixing_residual = claim(
    "trsp.D6.mixing-residual",
    title="The mixing residual of App. D.6: (1 − γ)^L in the π-norm, times √(T/c_π) pointwise",
    source=Source("TRSP", "App. D.6", "mixing residual"),
    statement=r"Under (A1)–(A2), with $\bar X=\mathbf 1\pi^\top X^{(0)}$: $\|M^LX^{(0)}-\bar X\|_{2,\pi}\le(1-\gamma)^L\|X^{(0)}-\bar X\|_{2,\pi}$ and $\|M^LX^{(0)}-\bar X\|_\infty\le\sqrt{T/c_\pi}\,(1-\gamma)^L\|X^{(0)}-\bar X\|_{2,\pi}$ (channel-wise, $\|\cdot\|_{2,\pi}$ the $\pi$-weighted Frobenius norm).",
    uses=["trsp.D3.mixing", "trsp.D4.pointwise"],
    expected=Status.VERIFIED,
    reason="M𝟏 = 𝟏 fixes X̄ and X − X̄ is π-centred (sympy at T = 3), so the residual is M^L applied to a vector of H₀(π): Lemma D.3 then Lemma D.4. A property search over reversible chains with γ the (A1) contraction constant found no violation.",
    unproved="the centring is sympy at T = 3 only and the bound a property search over reversible chains; the chain of Lemmas D.3–D.4 is argued in prose",
    tests=[f"{STATEMENT_TESTS}::test_mixing_residual_bound"],
)


def _residual_cases():
    return sst.sizes(2, 12).flatmap(
        lambda T: st.tuples(
            sst.reversible_chains(T),
            st.integers(0, 30),
            st.lists(st.floats(-5, 5, width=64), min_size=2 * T, max_size=2 * T),
        )
    )


def residual_margin(case) -> float:
    """Slack of the mixing residual bound (sup norm and π-norm of M^L X − X̄ against (1 − γ)^L) at a case
    ((P, π), L, X flattened): ≥ 0 where it holds."""
    (P, pi), L, flat = case
    T = P.shape[0]
    X = np.asarray(flat).reshape(T, 2)
    contraction = h0_operator_norm(P, pi, 1)  # 1 − γ of (A1)
    c_pi = T * float(pi.min())
    Xbar = pi_mean(X, pi)
    E = np.linalg.matrix_power(P, L) @ X - Xbar
    start = pi_norm(X - Xbar, pi)
    return min(
        contraction**L * start - pi_norm(E, pi), math.sqrt(T / c_pi) * contraction**L * start - float(np.max(np.abs(E)))
    )


@mixing_residual.decides
def mixing_residual_search(ctx: Context) -> Evidence:
    """‖M^LX − X̄‖_{2,π} ≤ (1 − γ)^L‖X − X̄‖_{2,π} and ‖M^LX − X̄‖_∞ ≤ √(T/c_π)(1 − γ)^L‖X − X̄‖_{2,π}."""
    return property_search(
        _residual_cases(),
        residual_margin,
        ctx=ctx,
        examples=200,
        tolerance=lambda c: (
            float_tolerance(c[0][0].shape[0] * (c[1] + 1), 1.0)
            * (1 + float(np.max(np.abs(c[2]))))
            * math.sqrt(1 / float(c[0][1].min()))
        ),
        allowance=(
            "P ≥ 0 row-stochastic: P^L within T·L·eps entrywise (≤ L products), the H₀ norm's SVD within "
            "10·T·eps (raised to L: ≤ L times that), times the size of X and the π_min^{−1/2} "
            "of the pointwise bound: 10·T·(L + 1)·eps·(1 + max|X|)/√π_min"
        ),
        what="the mixing residual in the π-norm and pointwise",
        ranges="T ≤ 12, L ≤ 30, X ∈ [−5, 5]^{T×2}; dense, path, cycle, star, barbell, bipartite walks",
    )


@mixing_residual.supports
def mixing_residual_sympy(ctx: Context) -> Evidence:
    """For T = 3 with symbolic row-stochastic M and law π: M X̄ = X̄ and X − X̄ ∈ H₀(π), the two facts the step needs."""
    m = sp.symbols("m0:6", real=True)
    M = sp.Matrix([[m[0], m[1], 1 - m[0] - m[1]], [m[2], m[3], 1 - m[2] - m[3]], [m[4], m[5], 1 - m[4] - m[5]]])
    p1, p2 = sp.symbols("p1 p2", positive=True)
    pi = sp.Matrix([p1, p2, 1 - p1 - p2])
    X = sp.Matrix(sp.symbols("x0:3", real=True))
    Xbar = sp.ones(3, 1) * (pi.T * X)
    steps = [
        matrix_identity(M * Xbar, Xbar, what="M X̄ = (M𝟏)πᵀX = X̄, so M^LX − X̄ = M^L(X − X̄)"),
        sympy_identity((pi.T * (X - Xbar))[0, 0], sp.Integer(0), what="πᵀ(X − X̄) = πᵀX − (πᵀ𝟏)πᵀX = 0: X − X̄ ∈ H₀(π)"),
    ]
    return derivation(
        steps,
        what="the stationary part is fixed and the rest is zero-mean",
        ranges="T = 3, symbolic M, π, X",
        role=Role.SUPPORTS,
    )


@mixing_residual.supports
def mixing_residual_equality_exact(ctx: Context) -> Evidence:
    """Both bounds of the mixing residual on M = ½I + ½𝟏𝟏ᵀ/T (π uniform, c_π = 1), X⁽⁰⁾ = e₀: M^L(X − X̄) = 2^−L(X − X̄)
    exactly, so the π-norm bound is an equality, and the pointwise one has ratio² (T − 1)/T, exactly."""
    sizes = range(2, 65 if ctx.wide else 33)
    M_is_half_on_h0 = all(
        all(
            sum(
                (Fraction(int(i == j), 2) + Fraction(1, 2 * T)) * (Fraction(int(j == 0)) - Fraction(1, T))
                for j in range(T)
            )
            == (Fraction(int(i == 0)) - Fraction(1, T)) / 2
            for i in range(T)
        )
        for T in sizes
    )

    def ratio_sq(T):  # ‖e‖²_∞ / ((T/c_π)‖e‖²_{2,π}) for e = e₀ − 𝟏/T, c_π = 1; the factor 2^−2L cancels
        e = [Fraction(int(t == 0)) - Fraction(1, T) for t in range(T)]
        return max(x * x for x in e) / (T * sum(x * x for x in e) / T)

    ratios = {T: ratio_sq(T) for T in sizes}
    holds = M_is_half_on_h0 and all(r == Fraction(T - 1, T) for T, r in ratios.items())
    last = sizes.stop - 1
    return Evidence(
        Status.CERTIFIED if holds else Status.OPEN,
        "exact",
        "M = ½I + ½𝟏𝟏ᵀ/T, X⁽⁰⁾ = e₀: the π-norm bound holds with equality at every L, the pointwise bound with "
        "ratio √((T − 1)/T)" + ("" if holds else ": not what this check expects"),
        ranges=f"T = {sizes.start}..{last}, every L ≥ 0, exact rationals",
        worst_margin=0.0 if holds else None,
        role=Role.SUPPORTS,
        tightness=(
            Tightness(
                "sharp",
                "mixing_residual_equality_exact: on M = ½I + ½𝟏𝟏ᵀ/T with X⁽⁰⁾ = e₀ the π-norm bound is an equality at "
                "every L (ratio 1) and the pointwise bound has ratio √((T − 1)/T) exactly, approached as T → ∞",
                ratio=1.0,
                where={"M": "½I + ½𝟏𝟏ᵀ/T", "X⁽⁰⁾": "e₀", "L": "every L"},
                approach="pointwise ratio √(1 − 1/T) → 1",
            )
            if holds
            else None
        ),
    )


amplification = claim(
    "trsp.D6.amplification",
    title="Eq. 20's mixing factor √(T/c_π)(1−γ)^L is small only for depth L ≳ log T/(2 log(1/(1−γ))): Θ(log² T) at γ = Θ(1/log T)",
    source=Source("TRSP", "App. D.6", "after Eq. 20"),
    statement=r"The factor $\sqrt{T/c_\pi}\,(1-\gamma)^L$ equals $1/\sqrt{\pi_{\min}}\cdot(1-\gamma)^L$ when $\pi_{\min}=c_\pi/T$, and is $\le1$ iff $L\ge L^*=\log(T/c_\pi)/(2\log\frac1{1-\gamma})$: for fixed $L$ it diverges as $T\to\infty$; for a fixed gap $L^*=\Theta(\log T)$; for the skeleton's normalised gap $\gamma=a/\log T$ (Eq. 11) $L^*\sim\log^2T/(2a)$, and with $L=\Theta(\log T)$ layers the factor still grows like $\sqrt T$.",
    expected=Status.PROVED,
    reason="Logarithm identities and limits in sympy (u = log T for the Θ(1/log T) gap); a float grid confirms ⌈L*⌉ is the first depth at which the factor drops to 1. Interpretive: the paper's 'small only when the depth-driven contraction dominates the √T amplification, i.e. when the gap is preserved as length grows' is made quantitative; App. D's γ is (A1)'s constant, App. C's Θ(1/log T) rate is used as the instance the paper points to.",
    prose="log is increasing, so the factor is ≤ 1 iff its logarithm is ≤ 0, and log(1/(1−γ)) > 0 for γ ∈ (0, 1)",
    notes=["interpretive"],
    tightness=Tightness(
        "unmeasurable",
        "an exact threshold (amplification_sympy): the factor is ≤ 1 if and only if L ≥ L*, with L* in closed form; no constant to measure",
    ),
    limit=Limit(
        "closed-form",
        "amplification_sympy: L* = log(T/c_π)/(2 log(1/(1 − γ))) exactly, so at a fixed gap L*/log T → 1/(2 log(1/(1 − γ)))",
        quantity="L*/log T (fixed γ)",
        value="1/(2 log(1/(1 − γ)))",
        approach="with the correction −log c_π/(2 log(1/(1 − γ)) log T) = O(1/log T), exactly",
    ),
    tests=[f"{STATEMENT_TESTS}::test_amplification_depth"],
)


def diverges(expr, var, *, what: str) -> Evidence:
    """expr → +∞ as var → ∞, decided by sympy's limit (proved when it returns oo, open otherwise)."""
    value = sp.limit(expr, var, sp.oo)
    if value == sp.oo:
        return Evidence(
            Status.PROVED, "sympy", f"{what}: the limit is ∞", ranges="all symbolic parameter values", worst_margin=0.0
        )
    return Evidence(
        Status.OPEN,
        "sympy",
        f"{what}: sympy finds the limit {sp.sstr(value)}, not ∞",
        ranges="all symbolic parameter values",
    )


@amplification.decides
def amplification_sympy(ctx: Context) -> Evidence:
    """log of the mixing factor; π_min = c/T makes √(T/c) = 1/√π_min; the depth L* needed for factor ≤ 1, and its growth
    for fixed γ, for γ = a/log T (Eq. 11's rate), and the factor at L = b log T layers."""
    T, c, gamma, L, a, b, u, p, v = sp.symbols("T c gamma L a b u p v", positive=True)
    factor = sp.sqrt(T / c) * (1 - gamma) ** L
    L_star = sp.log(T / c) / (2 * sp.log(1 / (1 - gamma)))
    # γ = a/log T written with u = log T
    L_star_u = sp.log(sp.exp(u) / c) / (2 * (-sp.log(1 - a / u)))
    steps = [
        sympy_identity(
            sp.expand_log(sp.log(factor), force=True),
            sp.log(T) / 2 - sp.log(c) / 2 + L * sp.log(1 - gamma),
            what=(
                "log(√(T/c_π)(1−γ)^L) = ½log(T/c_π) − L log(1/(1−γ)): the factor is ≤ 1 iff L ≥ L* = "
                "log(T/c_π)/(2 log(1/(1−γ)))"
            ),
        ),
        sympy_identity(sp.sqrt(T / c).subs(c, p * T), 1 / sp.sqrt(p), what="π_min = c_π/T ⇒ √(T/c_π) = 1/√π_min"),
        diverges(
            sp.sqrt(T / c) * (1 + v) ** (-L),
            T,
            what="for fixed L and γ the factor → ∞ as T → ∞ (1 − γ = 1/(1 + v), v > 0)",
        ),
        sympy_identity(
            sp.limit(L_star / sp.log(T), T, sp.oo),
            1 / (2 * sp.log(1 / (1 - gamma))),
            what="fixed γ: L* ~ log T/(2 log(1/(1−γ))) = Θ(log T)",
        ),
        sympy_identity(
            sp.limit(L_star_u / u**2, u, sp.oo),
            1 / (2 * a),
            what="γ = a/log T (the skeleton's normalised gap, Eq. 11): L* ~ log²T/(2a) = Θ(log² T)",
        ),
        diverges(
            sp.sqrt(sp.exp(u) / c) * (1 - a / u) ** (b * u),
            u,
            what="with γ = a/log T and L = b·log T layers the factor ~ √T·e^{−ab} → ∞",
        ),
    ]
    return derivation(
        steps,
        what=(
            "the mixing factor √(T/c_π)(1−γ)^L of Eq. 20 is small only once L ≥ log(T/c_π)/(2 log(1/(1−γ))): "
            "Θ(log T) layers for a fixed gap, Θ(log² T) for a gap Θ(1/log T)"
        ),
        ranges="every T, c_π > 0, γ ∈ (0, 1), L ≥ 0; the asymptotics as T → ∞",
    )


@amplification.supports
def amplification_grid(ctx: Context) -> Evidence:
    """At L = ⌈L*⌉ the factor is ≤ 1 and at ⌈L*⌉ − 1 it is > 1, on a grid of T, c_π, γ (float, exact enough)."""
    cases = [(T, c, g) for T in (16, 1024, 2**20) for c in (0.1, 1.0) for g in (0.01, 0.1, 0.5)]

    def margin(case):
        T, c, g = case
        L_star = math.ceil(math.log(T / c) / (2 * math.log(1 / (1 - g))))
        at = math.sqrt(T / c) * (1 - g) ** L_star
        before = math.sqrt(T / c) * (1 - g) ** (L_star - 1)
        return min(1 - at, before - 1)

    return grid_check(
        cases,
        margin,
        what="⌈L*⌉ is the first depth with √(T/c_π)(1−γ)^L ≤ 1",
        method="grid",
        exact=False,
        ranges="T ∈ {16, 1024, 2^20}, c_π ∈ {0.1, 1}, γ ∈ {0.01, 0.1, 0.5}",
        tolerance=1e-9,
        allowance="a few roundings in log, pow and ceil of moderate numbers (L* < 700): 1e−9 relative",
        role=Role.SUPPORTS,
    )
