"""TRSP App. C.4, Thm C.8 (continued from trsp_c_tribox): the norm of the sink, the rank floor and its limit, and the
distal energy.
"""

from __future__ import annotations

import functools
import math
from dataclasses import replace
from fractions import Fraction

import numpy as np
import sympy as sp

from specproof.checks.claims._shared.coq_theorems import c8_rank_floor_coq
from specproof.checks.claims._shared.trsp_app_c import (
    TESTS,
    boundary_excess,
    harmonic_square_steps,
    operator_spectral_norm,
)
from specproof.engine.methods import (
    combine,
    derivation,
    float_tolerance,
    fmt,
    grid_check,
    sympy_identity,
    sympy_nonnegative,
)
from specproof.engine.rates import corrected_rate_evidence, fit_rate, rate_evidence
from specproof.engine.records import Limit, Tightness
from specproof.engine.registry import Context, Evidence, Source, Status, check, claim
from specproof.theory.filters import tribox_kernel_energy
from specproof.theory.operators import Sink, TriBox, composite_operator
from specproof.theory.solvers import spectral_norm
from specproof.theory.tribox_norms import sink_composite_stable_rank_limit


def dense_frobenius_sq(op, block: int = 256) -> float:
    """‖A‖_F² from blocks of columns A·e_j, so memory stays O(T·block)."""
    total = 0.0
    for start in range(0, op.n, block):
        cols = np.zeros((op.n, min(block, op.n - start)))
        cols[start + np.arange(cols.shape[1]), np.arange(cols.shape[1])] = 1.0
        total += float(np.sum(op.mv(cols) ** 2))
    return total


RANK_FLOOR_GATES = (0.0, 0.5, 0.9)


RANK_FLOOR_BANDWIDTHS = (1, 2, 8)


@functools.lru_cache(maxsize=None)
def _stable_rank_composite(T: int, b: int, g: float) -> float:
    """R_eff(ℳ) = ‖ℳ‖_F²/‖ℳ‖₂² for ℳ = I + 𝟏e₁ᵀ + g·M_tri (TRSP Eq. 14–15)."""
    op = composite_operator(Sink(T), g, b)
    return dense_frobenius_sq(op) / operator_spectral_norm(op) ** 2


def _rank_floor_sizes(ctx: Context) -> list[int]:
    return [2**m for m in range(5, 13 if ctx.wide else 11)]


@functools.lru_cache(maxsize=None)
def distal_energy(T: int, fraction: Fraction) -> float:
    """E = ‖M_tri‖_F²/T for the distal bandwidth b = ⌈fraction·T⌉."""
    b = max(1, math.ceil(fraction * T))
    return dense_frobenius_sq(TriBox(T, b)) / T


DISTAL_FRACTIONS = (Fraction(1), Fraction(1, 2))


def _distal_sizes(ctx: Context) -> list[int]:
    return [2**m for m in range(6, 15 if ctx.wide else 13)]


@functools.lru_cache(maxsize=None)
def rank_limit_parts(b: int) -> dict:
    """cs₀ = Σ_t (M_tri)_t0, m₂ = Σ_(t≥1) (M_tri)_t0², τ_b = H_b^(2) − 1/b and β_b: the b-dependent constants of
    ‖ℳ‖_F² = R_∞T + F′ and λ_max(ℳᵀℳ) = T + λ′ + O(1/T) (column 0 of M_tri is supported on t ≤ 2b − 2)."""
    e0 = np.zeros(2 * b - 1)
    e0[0] = 1.0
    col = TriBox(2 * b - 1, b).mv(e0)
    return {
        "cs0": float(math.fsum(col)),
        "m2": float(math.fsum(col[1:] ** 2)),
        "tau": float(math.fsum(1.0 / np.arange(1, b + 1, dtype=float) ** 2)) - 1.0 / b,
        "beta": boundary_excess(b),
    }


def rank_limit_kappa(b: int, g: float) -> float:
    """κ(b, g) = lim_T T(R_∞ − R_eff) = R_∞λ′ − F′, λ′ = 2(1 + g·cs₀) + 2(1+g)² + g²m₂, F′ = 2 + 2g(cs₀ + τ_b) +
    g²β_b.
    """
    P = rank_limit_parts(b)
    r_inf = sink_composite_stable_rank_limit(b, g)
    lam = 2 * (1 + g * P["cs0"]) + 2 * (1 + g) ** 2 + g * g * P["m2"]
    F = 2 + 2 * g * (P["cs0"] + P["tau"]) + g * g * P["beta"]
    return r_inf * lam - F


def composite_frobenius_sq(T: int, b: int, g: float) -> float:
    """‖I + 𝟏e₁ᵀ + gM_tri‖_F² = 2T + 2 + 2g(tr M_tri + cs₀) + g²(T‖h_b‖² + β_b) for T ≥ 2b − 1, tr M_tri = H_b^(2) +
    (T−b)/b².
    """
    P = rank_limit_parts(b)
    trace = P["tau"] + 1.0 / b + (T - b) / b**2
    return 2 * T + 2 + 2 * g * (trace + P["cs0"]) + g * g * (T * tribox_kernel_energy(b) + P["beta"])


@check
def c8_sink_norm_sympy(ctx: Context) -> Evidence:
    """(𝟏e₁ᵀ)ᵀ(𝟏e₁ᵀ) = (𝟏ᵀ𝟏)·e₁e₁ᵀ = T·e₁e₁ᵀ, a matrix identity for symbolic T; its eigenvalues are T·e₁ᵀe₁ = T
    (eigenvector e₁) and 0, so ‖𝟏e₁ᵀ‖₂ = √T."""
    T = sp.Symbol("T", integer=True, positive=True)
    i = sp.Symbol("i", integer=True, positive=True)
    ones, e1 = sp.OneMatrix(T, 1), sp.MatrixSymbol("e1", T, 1)
    sink = ones * e1.T
    steps = [
        sympy_identity(
            sink.T * sink,
            T * e1 * e1.T,
            what="(𝟏e₁ᵀ)ᵀ(𝟏e₁ᵀ) = T·e₁e₁ᵀ (sympy matrix expressions, symbolic T)",
            ranges="every T ≥ 1",
        ),
        sympy_identity(sp.summation(1, (i, 1, T)), T, what="𝟏ᵀ𝟏 = Σ_(i≤T) 1 = T", ranges="every T ≥ 1"),
        sympy_identity(
            (T * e1 * e1.T) * e1,
            T * e1 * (e1.T * e1),
            what="T·e₁e₁ᵀ·e₁ = T·e₁(e₁ᵀe₁) = T·e₁ as e₁ᵀe₁ = 1: eigenvalue T; every x ⟂ e₁ goes to 0",
            ranges="every T ≥ 1",
        ),
    ]
    return derivation(steps, what="‖𝟏e₁ᵀ‖₂² = λ_max(T·e₁e₁ᵀ) = T", ranges="every T ≥ 1")


@check
def c8_sink_norm_numeric(ctx: Context) -> Evidence:
    return grid_check(
        list(range(1, 33)) + [63, 64, 65],
        lambda T: -abs(operator_spectral_norm(Sink(T)) - math.sqrt(T)),
        what="‖𝟏e₁ᵀ‖₂ = √T",
        method="float",
        exact=False,
        tolerance=lambda T: float_tolerance(T, math.sqrt(T)),
        allowance="svdvals of 𝟏e₁ᵀ (exact entries): σ₁ within 10·T·eps·‖𝟏e₁ᵀ‖₂ = 10·T·eps·√T",
        ranges="T in [1, 32] and 63, 64, 65",
        role="supports",
    )


claim(
    id="trsp.C8.sink-norm",
    title="The rank-one sink has norm √T",
    source=Source("TRSP", "App. C.4", "Thm C.8"),
    statement=r"$\|\mathbf 1e_1^\top\|_2=\|\mathbf 1\|_2\|e_1\|_2=\sqrt T$.",
    checks=[c8_sink_norm_sympy, c8_sink_norm_numeric],
    expected=Status.PROVED,
    prose="‖A‖₂² is the largest eigenvalue of AᵀA = T·e₁e₁ᵀ, which is T",
    reason=(
        "sympy simplifies (𝟏e₁ᵀ)ᵀ(𝟏e₁ᵀ) to T·e₁e₁ᵀ for symbolic T (matrix expressions), whose only nonzero eigenvalue is T (eigenvector e₁); singular values confirm √T numerically."
    ),
    tests=[f"{TESTS}::test_rank_floor_limit_formula"],
)


@check
def c8_rank_floor_sweep(ctx: Context) -> Evidence:
    Ts = _rank_floor_sizes(ctx)
    cases = [(T, b, g) for b in RANK_FLOOR_BANDWIDTHS for g in RANK_FLOOR_GATES if g > 0 for T in Ts]
    ev = grid_check(
        cases,
        lambda c: _stable_rank_composite(*c) - (1 + c[2] ** 2 * tribox_kernel_energy(c[1])),
        what="R_eff(I + 𝟏e₁ᵀ + gM_tri) ≥ 1 + g²‖h_b‖² at every T (not only in the limit)",
        method="float",
        exact=False,
        tolerance=lambda c: float_tolerance(c[0], 3 * (1 + c[2] ** 2 * tribox_kernel_energy(c[1]))),
        allowance=(
            "R_eff = ‖ℳ‖_F²/‖ℳ‖₂²: ‖ℳ‖₂ by svdvals within 10·T·eps relatively (20·T·eps squared), ‖ℳ‖_F² a sum "
            "within T·eps: ≤ 3·10·T·eps·R_eff, and R_eff ≤ 1 + g²‖h_b‖² wherever the margin is ≤ 0"
        ),
        ranges=f"b in {RANK_FLOOR_BANDWIDTHS}, g in {RANK_FLOOR_GATES[1:]}, T = {Ts[0]}..{Ts[-1]}",
    )
    last = {(b, g): _stable_rank_composite(Ts[-1], b, g) for b in RANK_FLOOR_BANDWIDTHS for g in RANK_FLOOR_GATES}
    ev = replace(
        ev,
        sharpest="; ".join(
            f"b={b}, g={g}: R_eff({Ts[-1]}) = {fmt(last[b, g])} vs floor {fmt(1 + g * g * tribox_kernel_energy(b))}"
            for b, g in [(1, 0.5), (8, 0.9), (8, 0.0)]
        ),
    )
    ev = replace(ev, summary=ev.summary + f"; at T = {Ts[-1]}: {ev.sharpest}")
    return ev


@check
def c8_rank_floor_proof(ctx: Context) -> Evidence:
    """‖ℳ‖_F² ≥ 2T + 2 + g²(T − 2b + 2)‖h_b‖² and ‖ℳ‖₂ ≤ 1 + √T + 5g, so liminf R_eff ≥ 2 + g²‖h_b‖² > 1 + g²‖h_b‖²."""
    T = sp.Symbol("T", positive=True)
    g, E, b = sp.Symbol("g", positive=True), sp.Symbol("E", positive=True), sp.Symbol("b", positive=True)
    p_, q_ = sp.symbols("p q", nonnegative=True)
    lower = (2 * T + 2 + g**2 * (T - 2 * b + 2) * E) / (1 + sp.sqrt(T) + 5 * g) ** 2
    steps = [
        sympy_identity(
            (1 + 1) ** 2 + (T - 1) * 1 + (T - 1) * 1,
            2 * T + 2,
            what="‖I + 𝟏e₁ᵀ‖_F²: entry (1,1) is 2, column 1 has T − 1 more ones, the diagonal T − 1 more: 2T + 2",
        ),
        sympy_nonnegative(
            (p_ + q_) ** 2 - p_**2 - q_**2,
            [p_, q_],
            what="entries of ℳ = (I + 𝟏e₁ᵀ) + gM_tri are sums of two nonnegative parts: ‖ℳ‖_F² ≥ 2T + 2 + g²‖M_tri‖_F²",
        ),
        sympy_identity(
            sp.limit(lower, T, sp.oo),
            2 + g**2 * E,
            what=(
                "with ‖M_tri‖_F² ≥ (T − 2b + 2)‖h_b‖² (trsp.tribox.frobenius-linear, c_b ≥ 0) and ‖ℳ‖₂ ≤ 1 + √T + "
                "5g (trsp.C8.sink-norm, trsp.C8.spectral-norm.sharp): the lower bound of R_eff tends to 2 + g²E_b"
            ),
        ),
        sympy_identity(
            (2 + g**2 * E) - (1 + g**2 * E), sp.Integer(1), what="2 + g²E_b = (1 + g²E_b) + 1 > 1 + g²E_b > 1"
        ),
    ]
    return derivation(
        steps,
        what="liminf_T R_eff(I + 𝟏e₁ᵀ + gM_tri) ≥ 2 + g²‖h_b‖² > 1 + g²E_b > 1",
        ranges="every b ≥ 1, g > 0 (g ∈ (0, 1) in the paper)",
    )


@check
def c8_rank_floor_slack(ctx: Context) -> Evidence:
    """How loose Thm C.8's floor is: R_∞/(1 + g²‖h_b‖²) with R_∞ = 2 + 2g/b² + g²‖h_b‖² (trsp.C8.rank-floor.limit),
    in exact rationals over b = 1..256 and g = 0, 1/100, ..., 1; the infimum is at b = 6, g → 1."""
    best = None
    for b in range(1, 257):
        E = Fraction(2 * b * b + 1, 3 * b**3)
        for k in range(0, 101):
            g = Fraction(k, 100)
            ratio = (2 + 2 * g / b**2 + g * g * E) / (1 + g * g * E)
            if best is None or ratio < best[0]:
                best = (ratio, b, g)
    ratio, b, g = best
    ok = ratio > Fraction(1948, 1000) and (b, g) == (6, 1)
    return Evidence(
        Status.CERTIFIED if ok else Status.OPEN,
        "exact-rational",
        f"R_∞/(1 + g²‖h_b‖²) ≥ {fmt(float(ratio), 5)} over the grid, smallest at b = {b}, g = {g}: the floor 1 + g²E_b is loose "
        "by nearly 2 (→ 2 as g → 0 or b → ∞)",
        ranges="b = 1..256, g = 0, 1/100, ..., 1 (exact rationals)",
        role="supports",
    )


claim(
    id="trsp.C8.rank-floor",
    tightness=Tightness(
        "loose",
        "the liminf is a limit, R_∞ = 2 + 2g/b² + g²‖h_b‖² (trsp.C8.rank-floor.limit, proved), so the bound 1 + g²E_b is off by R_∞/(1 + g²E_b) = 1 + (1 + 2g/b²)/(1 + g²‖h_b‖²), whose infimum over b ≥ 1, g ∈ (0, 1) is 1.9487 (b = 6, g → 1; → 2 as g → 0 or b → ∞; ≥ 2 at b ≤ 2): c8_rank_floor_slack, exact rationals over b ≤ 256, g ∈ [0, 1] in steps of 1/100",
        factor=1.948,
        ratio=0.5132,
        where={"b": 6, "g": "→ 1"},
        ranges="every b ≥ 1, g ∈ (0, 1)",
    ),
    limit=Limit(
        "closed-form",
        "trsp.C8.rank-floor.limit (c8_rank_limit_proof): R_eff → R_∞, with R_∞ − R_eff = κ(b, g)/T + O(1/T²), κ > 0 for g ∈ [0, 1]",
        quantity="R_eff(I + 𝟏e₁ᵀ + gM_tri)",
        value="2 + 2g/b² + g²‖h_b‖²",
        approach="from below, as R_∞ − κ/T with κ ≥ 4g² − (π²/3 − 1)g + 6 > 0",
        ranges="every b ≥ 1, g ∈ [0, 1]",
    ),
    figure="figures/rank-floor.png",
    title="Rank floor under a sink: liminf R_eff ≥ 1 + g²E_b > 1",
    source=Source("TRSP", "App. C.4", "Thm C.8 / Eq. 14–15"),
    statement=r"For fixed $b$, $g\in(0,1)$ and $A_{\rm attn}=\mathbf 1e_1^\top$, $\liminf_{T\to\infty}R_{\rm eff}(I+A_{\rm attn}+gM_{\rm tri})\ge1+g^2E_b>1$, with $E_b=\|h_b\|_2^2$.",
    checks=[c8_rank_floor_coq, c8_rank_floor_proof],
    cross_checks=[c8_rank_floor_sweep, c8_rank_floor_slack],
    expected=Status.PROVED,
    prose=(
        "R_eff = ‖ℳ‖_F²/‖ℳ‖₂² (trsp.reff.identity); the triangle inequality ‖ℳ‖₂ ≤ ‖I‖₂ + ‖𝟏e₁ᵀ‖₂ + g‖M_tri‖₂ with ‖𝟏e₁ᵀ‖₂ = √T (trsp.C8.sink-norm) and ‖M_tri‖₂ ≤ 5 (trsp.C8.spectral-norm.sharp); ‖M_tri‖_F² = c_b + (T − 2b + 2)‖h_b‖² with c_b ≥ 0 for T ≥ 2b − 2 (trsp.tribox.frobenius-linear, ‖h_b‖² from trsp.C7.kernel-energy); the liminf of R_eff is at least the limit of the checked lower bound; dropping the sink's ‖𝟏e₁ᵀ‖_F² = T recovers the paper's numerator and its 1 + g²E_b"
    ),
    reason=(
        "Kernel-checked in Coq for every b ≥ 1 and g ∈ (0, 1) (proofs/RankFloor.v): with ‖ℳ_T‖₂ the ℓ₂-induced norm on ℝ^T (shown to exist) and ℳ's entries its matrix, liminf_T ‖ℳ_T‖_F²/‖ℳ_T‖₂² ≥ 1 + g²E_b > 1 (Coquelicot's liminf), E_b = (2b²+1)/(3b³) = ‖h_b‖²; the Frobenius bound, ‖M_tri‖₂ ≤ 5, the three-term Cauchy–Schwarz and the limit are in the proof; only R_eff = ‖ℳ‖_F²/‖ℳ‖₂² (Eq. 15) and the spectral norm as the induced norm are cited. Machine-checked (sympy): ‖I + 𝟏e₁ᵀ‖_F² = 2T + 2, the nonnegative cross terms, and the limit of the lower bound (2T + 2 + g²(T − 2b + 2)‖h_b‖²)/(1 + √T + 5g)² → 2 + g²‖h_b‖². Argued in prose: the stable-rank form of R_eff and the norm triangle inequality, with the cited proved claims. The bound is loose by more than 1: the limit is 2 + 2g/b² + g²‖h_b‖² and already 2 at g = 0, because the identity alone doubles the Frobenius energy of the sink (trsp.C8.rank-floor.limit); the paper's proof drops ‖A_attn‖_F² = T. The float sweep (the bound holds at every T checked, not only in the limit) is a cross-check."
    ),
    notes=["loose"],
    uses=[
        "trsp.tribox.frobenius-linear",
        "trsp.C8.spectral-norm.sharp",
        "trsp.C8.sink-norm",
        "trsp.C7.kernel-energy",
        "trsp.reff.identity",
    ],
    tests=[f"{TESTS}::test_rank_floor_limit_formula"],
)


@check
def c8_rank_limit_rate(ctx: Context) -> Evidence:
    Ts = _rank_floor_sizes(ctx)
    parts = []
    for b in RANK_FLOOR_BANDWIDTHS:
        for g in RANK_FLOOR_GATES:
            limit = sink_composite_stable_rank_limit(b, g)
            gaps = [limit - _stable_rank_composite(T, b, g) for T in Ts]
            fit = fit_rate(
                Ts,
                gaps,
                lambda x: 1 / x,
                "(1/T)",
                {"1/√T": lambda x: x**-0.5, "1": lambda x: np.ones_like(x)},
                scale="log",
            )
            parts.append(rate_evidence(fit, what=f"b={b}, g={g}: limit {fmt(limit)}", ranges=f"T = {Ts[0]}..{Ts[-1]}"))
    return combine(
        parts,
        what="R_∞ − R_eff(T) = Θ(1/T) with R_∞ = 2 + 2g/b² + g²‖h_b‖²",
        method="sweep-fit",
        ranges=f"b in {RANK_FLOOR_BANDWIDTHS}, g in {RANK_FLOOR_GATES}, T = {Ts[0]}..{Ts[-1]}",
    )


FROM_ABOVE = (8192, 64.0, 10**6)  # (b, g, T): the audit's instance; κ(8192, 64) ≈ −5284


@check
def c8_rank_floor_from_above(ctx: Context) -> Evidence:
    """'From below' fails for large b·g: at b = 8192, g = 64, T = 10⁶, R_eff > R_∞ (matrix-free: closed-form ‖ℳ‖_F²
    over a Collatz–Wielandt upper bound on ‖ℳ‖₂²)."""
    b, g, T = FROM_ABOVE
    frob = composite_frobenius_sq(T, b, g)
    norm = spectral_norm(composite_operator(Sink(T), g, b), x0=np.r_[1.0, np.full(T - 1, 1e-3)])
    r_inf = sink_composite_stable_rank_limit(b, g)
    r_lower = frob * (1 - T * float(np.finfo(float).eps)) / norm.upper**2  # R_eff ≥ this: ‖ℳ‖₂ ≤ upper
    r_upper = frob * (1 + T * float(np.finfo(float).eps)) / norm.lower**2
    kappa = rank_limit_kappa(b, g)
    gap = r_lower - r_inf
    summary = (
        f"b = {b}, g = {fmt(g)}, T = {T}: R_eff ∈ [{fmt(r_lower, 6)}, {fmt(r_upper, 6)}] against R_∞ = 2 + 2g/b² + "
        f"g²‖h_b‖² = {fmt(r_inf, 6)}: R_eff − R_∞ ≥ {fmt(gap)} > 0, the limit is approached from above; κ(b, g) = "
        f"lim T(R_∞ − R_eff) = {fmt(kappa, 4)} < 0 (‖M_tri‖_F²'s excess g²β_b ≈ 2g² ln b outgrows the other terms)"
    )
    data = {
        "b": b,
        "g": g,
        "T": T,
        "R_eff_lower": r_lower,
        "R_eff_upper": r_upper,
        "R_inf": r_inf,
        "kappa": kappa,
        "norm_bracket": [norm.lower, norm.upper],
        "rigour": norm.rigour,
        "matvecs": norm.matvecs,
    }
    ranges = f"b = {b}, g = {fmt(g)}, T = {T} (matrix-free: {norm.matvecs} products with ℳᵀℳ)"
    if gap > 0:
        return Evidence(
            Status.REFUTED,
            "lanczos",
            summary,
            ranges=ranges,
            worst_margin=-gap,
            counterexample={
                "b": b,
                "g": g,
                "T": T,
                "R_eff_lower": r_lower,
                "R_inf": r_inf,
                "R_eff_minus_R_inf_at_least": gap,
                "kappa": kappa,
            },
            data=data,
        )
    return Evidence(Status.OPEN, "lanczos", "not a counterexample: " + summary, ranges=ranges, data=data)


claim(
    id="trsp.C8.rank-floor.sharp",
    figure="figures/rank-floor.png",
    title="The actual limit: R_eff → 2 + 2g/b² + g²‖h_b‖² (2 without the side path)",
    source=Source("specproof", "App. C.4", "own"),
    statement=(
        r"For fixed $b\ge1$ and $g\ge0$, $R_{\rm eff}(I+\mathbf 1e_1^\top+gM_{\rm tri})\to2+\frac{2g}{b^2}+g^2\|h_b\|_2^2$ from below at rate $\Theta(1/T)$: $\|\mathcal M\|_F^2=2T+2g\,{\rm tr}M_{\rm tri}+g^2\|M_{\rm tri}\|_F^2+O(1)$ and $\|\mathcal M\|_2^2=T+O(1)$. At $g=0$ the limit is $2$: the residual path, not the side path, keeps $R_{\rm eff}$ away from the sink's $1$; the side path adds $2g/b^2+g^2\|h_b\|^2$."
    ),
    checks=[c8_rank_floor_from_above],
    cross_checks=[c8_rank_limit_rate],
    expected=Status.REFUTED,
    reason=(
        "False as stated for large b·g, which the statement allows (fixed b ≥ 1, g ≥ 0): at b = 8192, g = 64 the composite's R_eff exceeds its limit (R_eff − R_∞ ≥ 3.6e−3 at T = 10⁶, matrix-free: closed-form ‖ℳ‖_F² over a Collatz–Wielandt upper bound on ‖ℳ‖₂²), so the limit is approached from above; κ(b, g) = lim T(R_∞ − R_eff) is negative there (≈ −5284; from about b ≈ 5000 at g ≈ 40). The limit and the O(1/T) rate hold for every b, g, and 'from below at Θ(1/T)' holds for g ∈ [0, 1], the paper's regime: trsp.C8.rank-floor.limit (corrects the same paper claim). For every (b, g) of the small grid (b ≤ 8, g ≤ 0.9) the sweep still shows R_∞ − R_eff > 0 with T·(R_∞ − R_eff) flat (a cross-check). Found by the referee audit."
    ),
    corrects="trsp.C8.rank-floor",
    tests=[f"{TESTS}::test_rank_floor_limit_formula"],
)


@check
def c8_rank_limit_proof(ctx: Context) -> Evidence:
    """R_eff = (R_∞T + F′)/(T + λ′ + O(1/T)): the limit, R_∞ − R_eff = κ/T + O(1/T²), and κ > 0 for g ∈ [0, 1]."""
    T = sp.Symbol("T", positive=True)
    g, b = sp.Symbol("g", nonnegative=True), sp.Symbol("b", positive=True)
    R, Fp, lp, e = sp.symbols("R_inf F_p lambda_p e", real=True)  # R_∞, F′, λ′ and the O(1/T) remainder's constant
    a, bb, K = sp.symbols("a beta_2 K", positive=True)  # α = T + a, ‖b‖² = (1+g)²T + β₂, ‖C‖ ≤ K
    p_, q_, m_ = sp.symbols("p q m", real=True)
    H, H2 = sp.Symbol("H_b", positive=True), sp.Symbol("H2_b", positive=True)
    cs0, m2, tau, beta, E = sp.symbols("cs_0 m_2 tau_b beta_b E_b", nonnegative=True)
    t = sp.Symbol("t", integer=True, nonnegative=True)
    alpha = T + a
    nb = (1 + g) ** 2 * T + bb
    lam0 = (alpha + sp.sqrt(alpha**2 + 4 * nb)) / 2  # root of λ = α + ‖b‖²/λ
    lam1 = ((alpha + K) + sp.sqrt((alpha - K) ** 2 + 4 * nb)) / 2  # largest root of λ = α + ‖b‖²/(λ − K)
    lam_p = a + (1 + g) ** 2
    c = sp.pi**2 / 3 - 1
    steps = [
        sympy_identity(
            sp.expand((p_ + q_ + g * m_) ** 2),
            sp.expand(p_**2 + q_**2 + 2 * p_ * q_ + 2 * g * (p_ + q_) * m_ + g**2 * m_**2),
            what=(
                "entrywise (δ_ts + [s = 0] + g(M_tri)_ts)²: summed, ‖ℳ‖_F² = 2T + 2 + 2g(tr M_tri + cs₀) + g²‖M_tri‖_F²"
            ),
        ),
        sympy_identity(
            sp.expand_func(sp.harmonic(t + 1) - sp.harmonic(t)) / (t + 1),
            1 / (t + 1) ** 2,
            what=(
                "(M_tri)_tt = (H_(t+1) − H_t)/(t+1) = 1/(t+1)² for t < b, and (1/b)(1/b) for t ≥ b: tr M_tri = "
                "H_b^(2) + (T − b)/b²"
            ),
        ),
        sympy_identity(
            2 * T + 2 + 2 * g * (H2 + (T - b) / b**2 + cs0) + g**2 * (T * E + beta),
            (2 + 2 * g / b**2 + g**2 * E) * T + (2 + 2 * g * (H2 - 1 / b + cs0) + g**2 * beta),
            what="‖ℳ‖_F² = R_∞T + F′ for T ≥ 2b − 1, R_∞ = 2 + 2g/b² + g²‖h_b‖², F′ = 2 + 2g(cs₀ + τ_b) + g²β_b",
        ),
        sympy_identity(
            sp.limit(T * (lam0 - T - lam_p), T, sp.oo),
            bb - a * (1 + g) ** 2 - (1 + g) ** 4,
            what=(
                "the root λ₀ of λ = α + ‖b‖²/λ (α = T + a, ‖b‖² = (1+g)²T + β₂): T(λ₀ − T − λ′) → β₂ − a(1+g)² − "
                "(1+g)⁴, λ′ = a + (1+g)²: λ₀ = T + λ′ + O(1/T)"
            ),
        ),
        sympy_identity(
            sp.limit(T * (lam1 - T - lam_p), T, sp.oo),
            bb - a * (1 + g) ** 2 - (1 + g) ** 4 + K * (1 + g) ** 2,
            what=(
                "the largest root λ₁ of λ = α + ‖b‖²/(λ − K): T(λ₁ − T − λ′) → the same + K(1+g)²: λ₁ = T + λ′ + "
                "O(1/T), so λ_max(ℳᵀℳ) ∈ [λ₀, λ₁] is T + λ′ + O(1/T)"
            ),
        ),
        sympy_identity(
            sp.limit(T**2 * ((R * T + Fp) / (T + lp + e / T) - R - (Fp - R * lp) / T), T, sp.oo),
            R * lp**2 - Fp * lp - R * e,
            what=(
                "R_eff = (R_∞T + F′)/(T + λ′ + e/T) = R_∞ − κ/T + O(1/T²) with κ = R_∞λ′ − F′ (the T² remainder "
                "tends to R_∞λ′² − F′λ′ − R_∞e)"
            ),
        ),
        sympy_identity(
            ((H + 1 / sp.Symbol("n", positive=True)) ** 2 + H2 + 1 / sp.Symbol("n", positive=True) ** 2) / 2
            - (H**2 + H2) / 2,
            (H + 1 / sp.Symbol("n", positive=True)) / sp.Symbol("n", positive=True),
            what=(
                "Σ_(n≤b) H_n/n = (H_b² + H_b^(2))/2 (step; base n = 1: 1 = (1 + 1)/2), so cs₀ ≥ Σ_(t<b) (M_tri)_t0 = "
                "Σ_(n≤b) H_n/n ≥ H_b²/2"
            ),
        ),
        sympy_identity(
            sp.summation(
                1 / sp.Symbol("n", integer=True, positive=True) ** 2,
                (sp.Symbol("n", integer=True, positive=True), 1, sp.oo),
            ),
            sp.pi**2 / 6,
            what="τ_b = H_b^(2) − 1/b ≤ π²/6",
        ),
        sympy_identity(
            sp.expand(2 * (2 * (1 + g * cs0) + 2 * (1 + g) ** 2 + g**2 * m2) - (2 + 2 * g * (cs0 + tau) + g**2 * beta)),
            sp.expand(2 + 2 * g * cs0 + 4 * (1 + g) ** 2 + 2 * g**2 * m2 - 2 * g * tau - g**2 * beta),
            what=(
                "κ ≥ 2λ′ − F′ (R_∞ ≥ 2, λ′ ≥ 0) = 2 + 2g·cs₀ + 4(1+g)² + 2g²m₂ − 2gτ_b − g²β_b ≥ 6 + 8g + 4g² + "
                "g(2cs₀ − 2τ_b − β_b) for g ≤ 1 (g²β_b ≤ gβ_b)"
            ),
        ),
        sympy_identity(
            sp.expand((H**2 - sp.pi**2 / 3 - 2 * H - 6) + 8),
            sp.expand((H - 1) ** 2 + 1 - sp.pi**2 / 3),
            what=(
                "with cs₀ ≥ H_b²/2, τ_b ≤ π²/6, β_b ≤ 2H_b + 6 (trsp.C7.frobenius.corrected): 8 + 2cs₀ − 2τ_b − β_b ≥ "
                "(H_b − 1)² + 1 − π²/3 ≥ −(π²/3 − 1)"
            ),
        ),
        sympy_identity(
            4 * g**2 - c * g + 6,
            4 * (g - c / 8) ** 2 + 6 - c**2 / 16,
            what="κ ≥ 4g² − (π²/3 − 1)g + 6 = 4(g − (π²/3−1)/8)² + 6 − (π²/3 − 1)²/16",
        ),
        sympy_nonnegative(
            6 - c**2 / 16 + 0 * g, [g], what="6 − (π²/3 − 1)²/16 > 0: κ(b, g) > 0 for every b and g ∈ [0, 1]"
        ),
    ]
    return derivation(
        steps,
        what=(
            "R_eff → R_∞ with R_∞ − R_eff = κ(b, g)/T + O(1/T²) for every b ≥ 1, g ≥ 0, and κ > 0 "
            "(from below, Θ(1/T)) for g ∈ [0, 1]"
        ),
        ranges="every b ≥ 1, g ≥ 0, T ≥ 2b − 1 (T → ∞)",
    )


@check
def c8_rank_limit_kappa(ctx: Context) -> Evidence:
    """κ's formula against T(R_∞ − R_eff) at moderate T, and its sign on a grid (b ≤ 4096 at g ≤ 1; large b·g)."""
    rows = []
    T = 2**14
    for b, g in ((1, 0.5), (2, 0.5), (8, 0.5), (8, 0.9), (64, 3.0)):
        norm = spectral_norm(composite_operator(Sink(T), g, b), x0=np.r_[1.0, np.full(T - 1, 1e-3)])
        measured = T * (sink_composite_stable_rank_limit(b, g) - composite_frobenius_sq(T, b, g) / norm.value**2)
        rows.append((b, g, T, rank_limit_kappa(b, g), measured))
    agree = all(abs(k - m) <= 0.02 * abs(k) + 0.5 for _, _, _, k, m in rows)
    small = min(rank_limit_kappa(b, g) for b in (1, 2, 4, 16, 64, 256, 1024, 4096) for g in np.linspace(0, 1, 11))
    big = {(b, g): rank_limit_kappa(b, g) for b, g in ((5000, 40.0), (8192, 64.0))}
    ok = agree and small > 0 and all(v < 0 for v in big.values())
    return Evidence(
        Status.VERIFIED if ok else Status.REFUTED,
        "closed-form",
        "κ(b, g) against T(R_∞ − R_eff) at T = "
        + str(rows[0][2])
        + ": "
        + "; ".join(f"b = {b}, g = {fmt(g)}: {fmt(k, 4)} vs {fmt(m, 4)}" for b, g, _, k, m in rows)
        + f"; min κ over b ≤ 4096, g ∈ [0, 1] = {fmt(small)} > 0 (proved ≥ 6 − 2.29g + 4g²); "
        + ", ".join(f"κ({b}, {fmt(g)}) = {fmt(v, 4)}" for (b, g), v in big.items())
        + " < 0",
        ranges=f"matrix-free T = {T} for b ≤ 64; κ from closed forms for b up to 8192",
        role="supports",
        worst_margin=float(small),
        counterexample=None if ok else {"rows": rows, "min_small": small, "big": {str(k): v for k, v in big.items()}},
    )


claim(
    id="trsp.C8.rank-floor.limit",
    tightness=Tightness(
        "sharp",
        "κ ≥ 4g² − (π²/3 − 1)g + 6 is attained at g = 0 for every b: there R_∞ = 2, λ′ = 4, F′ = 2 and κ = R_∞λ′ − F′ = 6, the bound's value (closed forms of c8_rank_limit_proof; c8_rank_limit_kappa finds κ ≥ 6 on b ≤ 4096, g ≤ 1)",
        ratio=1.0,
        where={"g": 0, "b": "every b"},
        ranges="every b ≥ 1, g ∈ [0, 1]",
    ),
    limit=Limit(
        "closed-form",
        "c8_rank_limit_proof: R_eff = R_∞ − κ/T + O(1/T²) with κ = R_∞λ′ − F′ in closed form; its value agrees with T(R_∞ − R_eff) measured at T = 2^14 (c8_rank_limit_kappa)",
        quantity="R_eff(I + 𝟏e₁ᵀ + gM_tri)",
        value="2 + 2g/b² + g²‖h_b‖²",
        approach="as R_∞ − κ(b, g)/T, κ = R_∞λ′ − F′ (from below for g ∈ [0, 1])",
        ranges="every b ≥ 1, g ≥ 0",
    ),
    figure="figures/rank-floor.png",
    title="The limit R_eff → 2 + 2g/b² + g²‖h_b‖² at rate O(1/T), from below for g ∈ [0, 1]",
    source=Source("specproof", "App. C.4", "own"),
    statement=r"For fixed $b\ge1$, $g\ge0$ and $\mathcal M=I+\mathbf 1e_1^\top+gM_{\rm tri}$: $R_{\rm eff}(\mathcal M)\to R_\infty=2+\frac{2g}{b^2}+g^2\|h_b\|_2^2$ with $R_\infty-R_{\rm eff}=\kappa(b,g)/T+O_{b,g}(T^{-2})$, where $\kappa=R_\infty\lambda'-F'$, $\lambda'=2(1+g\,cs_0)+2(1+g)^2+g^2m_2$, $F'=2+2g(cs_0+\tau_b)+g^2\beta_b$ ($cs_0$ the column-0 sum of $M_{\rm tri}$, $m_2=\sum_{t\ge1}(M_{\rm tri})_{t0}^2$, $\tau_b=H_b^{(2)}-1/b$, $\beta_b$ of trsp.C7.frobenius.corrected). So $|R_\infty-R_{\rm eff}|=O(1/T)$ for every $b,g$, and $\Theta(1/T)$ wherever $\kappa\ne0$; for $g\in[0,1]$ (the paper's regime) $\kappa\ge4g^2-(\pi^2/3-1)g+6>0$: the limit is approached from below at rate $\Theta(1/T)$. For large $b\cdot g$, $\kappa<0$ ($\kappa(8192,64)\approx-5284$): from above; by continuity in $g$, $\kappa$ vanishes somewhere between, where the rate is faster than $1/T$. At $g=0$ the limit is 2: the residual path, not the side path, keeps $R_{\rm eff}$ away from the sink's 1.",
    checks=[c8_rank_limit_proof],
    cross_checks=[c8_rank_limit_kappa],
    expected=Status.PROVED,
    prose=(
        "‖ℳ‖_F² summed from the checked entrywise expansion (Σδ² = T, Σ[s=0]² = T, Σδ[s=0] = 1, Σδ·M = tr M_tri, Σ[s=0]M = cs₀) with ‖M_tri‖_F² = T‖h_b‖² + β_b (trsp.C7.frobenius.corrected) and the diagonal of M_tri read off the two box factors; the top eigenvalue of B = ℳᵀℳ = [[α, bᵀ], [b, C]] (first coordinate split off): det(λ − B) = det(λ − C)(λ − α − bᵀ(λ − C)⁻¹b) (Schur complement, Horn & Johnson, Matrix Analysis, 2nd ed. (2013), §0.8.5), λ_max(B) > λ_max(C) (Cauchy interlacing, ibid. Thm 4.3.17), and λ − α − bᵀ(λ − C)⁻¹b is increasing for λ > λ_max(C), so λ_max lies between the roots λ₀ ≤ λ_max ≤ λ₁ of λ = α + ‖b‖²/λ and λ = α + ‖b‖²/(λ − K) (0 ⪯ C, ‖C‖ ≤ K = (1 + 5g)²: C = NᵀN restricted, N = I + gM_tri, ‖M_tri‖₂ ≤ 5); here α = ‖ℳe₁‖² = T + 2(1 + g·cs₀) + (1 + g)² + g²m₂ ((M_tri)₀₀ = 1) and ‖b‖² = (1 + g)²T + O_b(1), since b_j = c_j + (NᵀNe₁)_j with c = Nᵀ𝟏, the column sums of M_tri equal 1 on the interior columns b − 1 ≤ j ≤ T − 2b + 1 and are ≤ (H_b + 1)² elsewhere (trsp.C8.spectral-norm), and NᵀNe₁ is supported on j ≤ 2b − 2; then the checked limits give λ_max = T + λ′ + O(1/T) and R_eff = R_∞ − κ/T + O(1/T²); for g ∈ [0, 1] the bounds on cs₀ (column 0 holds the Cesàro entries H_(t+1)/(t+1), t < b), τ_b, β_b and R_∞ ≥ 2 in the checked steps; κ < 0 at large b·g is a computation (trsp.C8.rank-floor.sharp's counterexample), not needed for the bounds"
    ),
    reason=(
        "Machine-checked (sympy): the entrywise Frobenius expansion and R_∞T + F′; the diagonal of M_tri; the asymptotics of the two roots bracketing λ_max (both T + λ′ + O(1/T)); the 1/T expansion of R_eff with κ = R_∞λ′ − F′; and, for g ∈ [0, 1], κ ≥ 2λ′ − F′ ≥ 4g² − (π²/3 − 1)g + 6 > 0 from cs₀ ≥ H_b²/2, τ_b ≤ π²/6 and β_b ≤ 2H_b + 6. Argued in prose: the Schur-complement characterisation of the top eigenvalue and the column-sum structure behind ‖b‖² = (1 + g)²T + O(1) (cited). This corrects the paper's Thm C.8 (its 1 + g²E_b is loose by more than 1) and replaces the refuted trsp.C8.rank-floor.sharp, whose 'from below' fails for large b·g. κ's closed form agrees with T(R_∞ − R_eff) on the dense sweep and is ≥ 6 on b ≤ 4096, g ≤ 1 (cross-check)."
    ),
    uses=[
        "trsp.C7.frobenius.corrected",
        "trsp.C8.spectral-norm",
        "trsp.C8.spectral-norm.sharp",
        "trsp.C8.sink-norm",
        "trsp.C7.kernel-energy",
        "trsp.reff.identity",
    ],
    corrects="trsp.C8.rank-floor",
    tests=[f"{TESTS}::test_rank_floor_limit_formula"],
)


@check
def c8_distal_energy_rate(ctx: Context) -> Evidence:
    Ts = _distal_sizes(ctx)
    parts = []
    for c in DISTAL_FRACTIONS:
        E = [distal_energy(T, c) for T in Ts]
        fit = fit_rate(Ts, E, lambda x: 1 / x, "(1/T)", {"ln T/T": lambda x: np.log(x) / x}, scale="loglog")
        parts.append(rate_evidence(fit, what=f"b = {c}·T", ranges=f"T = {Ts[0]}..{Ts[-1]}"))
    return combine(
        parts,
        what="E_b := ‖M_tri‖_F²/T against the claimed Θ(1/T)",
        method="sweep-fit",
        ranges=f"b in {{T, T/2}}, T = {Ts[0]}..{Ts[-1]}",
    )


@check
def c8_distal_kernel_formula_sympy(ctx: Context) -> Evidence:
    T, c = sp.symbols("T c", positive=True)
    return sympy_identity(
        sp.limit(T * (2 * (c * T) ** 2 + 1) / (3 * (c * T) ** 3), T, sp.oo),
        2 / (3 * c),
        what="T·‖h_{cT}‖² → 2/(3c): the kernel formula alone is Θ(1/T)",
        role="supports",
    )


claim(
    id="trsp.C8.distal",
    title="Distal layers: E_b = Θ(1/T) for b = Θ(T)",
    source=Source("TRSP", "App. C.4", "proof of Thm C.8"),
    statement=r"For bandwidth $b=\Theta(T)$ the per-row energy $E_b:=\|M_{\rm tri}\|_F^2/T$ is $\Theta(1/T)$.",
    checks=[c8_distal_energy_rate, c8_distal_kernel_formula_sympy],
    expected=Status.REFUTED,
    reason=(
        "With E_b defined as in Eq. 12, the rows t < b are Cesàro-type means (energy ≈ 2/(t+1) each), so ‖M_tri‖_F² ≈ 2 ln T and E_b = Θ(log T/T): T·E_b grows (trend ≈ 1 per log-log unit) for b = T and b = T/2. Only the kernel formula ‖h_b‖² is Θ(1/T). The conclusion (E_b → 0) survives: trsp.C8.distal.corrected."
    ),
    notes=["interpretive"],
    uses=["trsp.C7.frobenius", "trsp.C7.kernel-energy"],
    tests=[f"{TESTS}::test_distal_energy_grows_like_log"],
)


@check
def c8_distal_log_rate(ctx: Context) -> Evidence:
    Ts = np.array(_distal_sizes(ctx), dtype=float)
    parts = []
    for c in DISTAL_FRACTIONS:
        E = [distal_energy(int(T), c) for T in Ts]
        parts.append(
            corrected_rate_evidence(
                Ts,
                E,
                lambda x: np.log(x) / x,
                "ln T/T",
                {"1/T": lambda x: 1 / x},
                {"ln² T/T": lambda x: np.log(x) ** 2 / x, "T^−0.75": lambda x: x**-0.75},
                what=f"b = {c}·T",
                ranges=f"T = {int(Ts[0])}..{int(Ts[-1])}",
                scale="loglog",
            )
        )
    return combine(
        parts,
        what="‖M_tri‖_F²/T = Θ(log T/T) for b = Θ(T)",
        method="sweep-fit",
        ranges=f"b in {{T, T/2}}, T = {int(Ts[0])}..{int(Ts[-1])}",
    )


def limit_evidence(expr, var, expected, *, what: str) -> Evidence:
    """lim_{var→∞} expr = expected (finite or ±∞), by sympy."""
    value = sp.limit(expr, var, sp.oo)
    same = (
        value == expected
        if sp.oo in (value, expected) or -sp.oo in (value, expected)
        else sp.simplify(value - expected) == 0
    )
    if same:
        return Evidence(Status.PROVED, "sympy", f"{what}: the limit is {sp.sstr(value)}", worst_margin=0.0)
    return Evidence(Status.OPEN, "sympy", f"{what}: sympy finds the limit {sp.sstr(value)}, not {sp.sstr(expected)}")


@check
def c8_distal_proof(ctx: Context) -> Evidence:
    """b = ⌈cT⌉: ln T + … ≤ H_T ≤ ‖M_tri‖_F² and 2 ln(cT) − 3 ≤ Σ_(t<b)ρ_t, Σ_(t≥b)ρ_t ≤ 6(T − b)/b ≤ 6(1 − c)/c."""
    T, c, C = sp.Symbol("T", positive=True), sp.Symbol("c", positive=True), sp.Symbol("C", real=True)
    steps = [
        *harmonic_square_steps(),
        sympy_identity(
            sp.expand_log(2 * sp.log(c * T), force=True),
            2 * sp.log(T) + 2 * sp.log(c),
            what=(
                "rows t < b = ⌈cT⌉: Σρ_t = 2H_b − Σ_(n≤b)H_n/n² ∈ [2 ln b − 2.67, 2H_b], and 2 ln(cT) = 2 ln T + 2 ln c"
            ),
        ),
        sympy_identity(
            6 * (1 - c) * T / (c * T),
            6 * (1 - c) / c,
            what=(
                "rows t ≥ b: ρ_t ≤ 6/b (middle rows, trsp.C7.frobenius.corrected; rows t ≥ 2b − 2 are h_b with "
                "‖h_b‖² ≤ 1/b), at most T − b ≤ (1 − c)T of them: ≤ 6(1 − c)T/(cT) = 6(1 − c)/c"
            ),
        ),
        sympy_identity(
            sp.limit((2 * sp.log(T) + C) / T, T, sp.oo),
            sp.Integer(0),
            what="‖M_tri‖_F² = 2 ln T + O_c(1), so ‖M_tri‖_F²/T = Θ(log T/T) → 0",
        ),
        limit_evidence(
            sp.log(T) * 3 * c**3 * T**2 / (2 * c**2 * T**2 + 1),
            T,
            sp.oo,
            what=(
                "against the kernel formula T‖h_(cT)‖² → 2/(3c): the ratio grows like ln T, so it is Θ(log T/T), "
                "not Θ(1/T)"
            ),
        ),
    ]
    return derivation(
        steps,
        what="for b = ⌈cT⌉: 2 ln T + 2 ln c − 3 ≤ ‖M_tri‖_F² ≤ 2 ln T + 2 + 6(1 − c)/c",
        ranges="every T ≥ 1, fixed c ∈ (0, 1]",
    )


claim(
    id="trsp.C8.distal.corrected",
    limit=Limit(
        "closed-form",
        "c8_distal_proof bounds 2 ln T + 2 ln c − 3 ≤ ‖M_tri‖_F² ≤ 2 ln T + 2 + 6(1 − c)/c for b = ⌈cT⌉, so ‖M_tri‖_F²/ln T → 2 for every c ∈ (0, 1]; the fitted 1.95, 1.93 (c = 1, ½; c8_distal_log_rate) are range averages still approaching it",
        quantity="E_b·T/ln T = ‖M_tri‖_F²/ln T (b = ⌈cT⌉)",
        value="2",
        numeric=2.0,
        approach="as 2 + C_c/ln T with C_c = lim(‖M_tri‖_F² − 2 ln T) ≈ −1.25 (c = 1), −1.66 (c = ½), the values the claim's reason reads",
        ranges="every T ≥ 1, fixed c ∈ (0, 1]",
    ),
    title="Distal layers: E_b = Θ(log T / T) for b = Θ(T)",
    source=Source("specproof", "App. C.4", "own"),
    statement=r"For $b=\lceil cT\rceil$ with fixed $c\in(0,1]$, $\|M_{\rm tri}\|_F^2/T=\Theta(\log T/T)$ ($\|M_{\rm tri}\|_F^2\approx2\ln T+O(1)$); it still tends to $0$, so distal layers add no rank floor.",
    checks=[c8_distal_proof],
    cross_checks=[c8_distal_log_rate],
    expected=Status.PROVED,
    prose=(
        "the row energies of trsp.C7.frobenius.corrected, which do not depend on T (causality): ρ_(n−1) = (2n − H_n)/n² for the Cesàro rows t < b, with Σ_(n≤b) H_n/n² ≤ 2.67 (as there), ρ_t ≤ 6/b for b ≤ t ≤ 2b − 3 and ρ_t = ‖h_b‖² ≤ 1/b after; H_b ≤ 1 + ln b ≤ 1 + ln T and ln b ≥ ln(cT); summing over the T rows"
    ),
    reason=(
        "Machine-checked (sympy): the harmonic identities behind the Cesàro row energies (by induction), the count of the rows t ≥ b against 6/b, and the limits. Argued in prose: summing the row bounds of trsp.C7.frobenius.corrected. Numerically ‖M_tri‖_F² − 2 ln T → −1.25, −1.66 for c = 1, 1/2; the sweep (E_b·T/ln T flat over T = 2^6..2^12 (2^14 wide) once the fitted O(1/T) term is removed, while 1/T and ln²T/T drift) is a cross-check."
    ),
    corrects="trsp.C8.distal",
    uses=["trsp.C7.frobenius.corrected"],
    tests=[f"{TESTS}::test_distal_energy_grows_like_log"],
)
