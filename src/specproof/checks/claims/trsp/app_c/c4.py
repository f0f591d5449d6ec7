"""TRSP App. C.4: Effective rank lower bound.

The section's claims in the paper's order, each stated before the checks that decide it; the project's own claims (17:
corrections, sharpenings, hypotheses, measurements) follow the claim they qualify.
"""

from __future__ import annotations

import functools
import math
from dataclasses import replace
from fractions import Fraction

import numpy as np
import scipy.linalg
import sympy as sp
from hypothesis import strategies as st

from specproof.checks.claims._shared.coq_theorems import c8_rank_floor_coq
from specproof.checks.claims._shared.sdeg_real import RANGES, _measured, _missing, _three
from specproof.checks.claims._shared.trsp_app_c import (
    APPENDIX_C_TESTS,
    HYPOTHESES_TESTS,
    _nonnegative_attention,
    boundary_excess,
    boundary_row_energies,
    harmonic_square_steps,
    operator_spectral_norm,
)
from specproof.checks.claims._shared.trsp_network import (
    DEPTHS,
    NETWORK_TESTS,
    RECONSTRUCTED_GATE,
    _cases,
    _rows,
    _sweep_range,
)
from specproof.engine import strategies as sst
from specproof.engine.formal import CoqHook, Step, coq_check
from specproof.engine.methods import (
    EPS,
    combine,
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
from specproof.engine.rates import bound_evidence, corrected_rate_evidence, fit_rate, rate_evidence
from specproof.engine.records import Limit, Second, Tightness, Weakest
from specproof.engine.registry import Context, Evidence, Role, Source, Status, claim
from specproof.runs.real import models as rm
from specproof.theory import filters
from specproof.theory import network as nw
from specproof.theory.filters import dyadic_schedule, floor_log2, tribox_kernel, tribox_kernel_energy, tribox_matrix
from specproof.theory.operators import BoxFilter, Sink, TriBox, composite_operator
from specproof.theory.solvers import spectral_norm
from specproof.theory.spectral import singular_values, stable_rank
from specproof.theory.tribox_norms import (
    sink_composite_stable_rank_limit,
    tribox_boundary_excess,
    tribox_first_column_sum,
    tribox_frobenius_sq_exact,
    tribox_kernel_energy_exact,
)

STATEMENT_TESTS = "tests/test_statements.py"


REAL_TESTS = "tests/test_real_models.py"


frobenius = claim(
    "trsp.C7.frobenius",
    title="Frobenius energy bound, and E_b := ‖M_tri‖_F²/T = ‖h‖²",
    source=Source("TRSP", "App. C.4", "Prop. C.7 / Eq. 12"),
    statement=r"For entrywise nonnegative $A_{\rm attn}$, $\|I+A_{\rm attn}+gM_{\rm tri}\|_F^2\ge T+g^2\|M_{\rm tri}\|_F^2$; and the per-row energy $E_b:=\|M_{\rm tri}\|_F^2/T$ equals $\|h_b\|_2^2$.",
    uses=["trsp.C7.kernel-energy"],
    expected=Status.REFUTED,
    reason="The inequality holds (nonnegative cross terms; property search). The identity E_b = ‖h_b‖² is false for every T and b ≥ 2: the first 2b−2 rows of M_tri are not copies of h_b and carry extra energy β_b > 0 (exact counterexample: b = 2, T = 3 gives 2/3, not 3/8). Corrected in trsp.C7.frobenius.corrected.",
    tests=[f"{APPENDIX_C_TESTS}::test_energy_is_not_the_kernel_energy"],
    figure="figures/kernel-energy.png",
)


def _composite_frobenius_cases():
    """(A, b, g): nonnegative attention (row-stochastic patterns or raw nonnegative), bandwidth incl. 1, T, > T."""

    def build(spec):
        T, b, g, A = spec
        return A, b, g

    return (
        sst.size_and_bandwidth(32)
        .flatmap(
            lambda tb: st.tuples(
                st.just(tb[0]),
                st.just(tb[1]),
                st.floats(0.0, 1.0),
                st.one_of(sst.row_stochastic(tb[0]), sst.psd(tb[0], bound=2.0).map(np.abs)),
            )
        )
        .map(build)
    )


@frobenius.decides
def c7_frobenius_bound_property(ctx: Context) -> Evidence:
    def margin(case):
        A, b, g = case
        T = len(A)
        M = TriBox(T, b).as_matrix()
        composite = np.eye(T) + A + g * M
        return float(np.sum(composite**2) - T - g * g * np.sum(M**2))

    def tolerance(case):
        A, b, g = case
        T = len(A)
        return float_tolerance(T * T, np.sum((np.eye(T) + A + g * TriBox(T, b).as_matrix()) ** 2))

    return property_search(
        _composite_frobenius_cases(),
        margin,
        what="‖I + A + gM_tri‖_F² ≥ T + g²‖M_tri‖_F²",
        ctx=ctx,
        examples=150,
        wide_examples=2000,
        tolerance=tolerance,
        allowance=(
            "both sides sum T² nonnegative squares (entries of I + A + gM formed from nonnegative terms): each within "
            "(T² + 3)·eps relatively, and g²‖M‖_F² ≤ ‖I + A + gM‖_F² where the margin is near 0"
        ),
        ranges=(
            "T in [1, 32] incl. 2^m ± 1, b in {1, T, T+1, 2T+3, random}, g in [0, 1], "
            "A row-stochastic (sinks, blocks, ...) or entrywise nonnegative"
        ),
    )


def _energy_cases(ctx: Context):
    top = 10 if ctx.wide else 7
    return [(T, b) for b in range(2, top + 1) for T in range(2 * b - 1, 2 * b + 3)]


@frobenius.decides
def c7_energy_definition_exact(ctx: Context) -> Evidence:
    """Is E_b := ‖M_tri‖_F²/T equal to ‖h_b‖² = (2b²+1)/(3b³)? Exact rationals."""

    def margin(case):
        T, b = case
        return -abs(tribox_frobenius_sq_exact(T, b) / T - tribox_kernel_energy_exact(b))

    ev = grid_check(
        _energy_cases(ctx),
        margin,
        what="‖M_tri‖_F²/T = ‖h_b‖²",
        method="exact-rational",
        exact=True,
        ranges="b ≥ 2, T in [2b−1, 2b+2] (long enough for interior rows)",
    )
    if ev.counterexample:
        T, b = ev.counterexample["input"]
        ev.counterexample.update(
            frobenius_sq=str(tribox_frobenius_sq_exact(T, b)), kernel_energy=str(tribox_kernel_energy_exact(b))
        )
    return ev


corrected = claim(
    "trsp.C7.frobenius.corrected",
    title="‖M_tri‖_F² = T‖h_b‖² + β_b with a boundary excess β_b = Θ(log b)",
    source=Source("specproof", "App. C.4", "own"),
    statement=r"For all $T,b\ge1$: $\|M_{\rm tri}\|_F^2\ge T\|h_b\|_2^2$, with equality iff $b=1$; for $T\ge2b-2$, $\|M_{\rm tri}\|_F^2=T\|h_b\|_2^2+\beta_b$ with $\beta_b$ independent of $T$ ($\beta_2=7/8$) and $\beta_b=\Theta(\log b)$: $2\ln b-4\le\beta_b\le2\ln b+8$ (a fit over $b=16\ldots1024$ reads slope $\approx1.94$, a finite-range value; $\beta_b-2\ln b\approx-1.6$ there). Hence $E_b(T)=\|h_b\|^2+\beta_b/T\to\|h_b\|^2$ and Eq. 12 holds with $\|h_b\|^2$ in place of $E_b$: $\|\mathcal M\|_F^2\ge T(1+g^2\|h_b\|_2^2)$.",
    uses=["trsp.tribox.kernel.fixed", "trsp.C7.kernel-energy", "trsp.tribox.frobenius-linear", "trsp.C8.row-sums"],
    corrects="trsp.C7.frobenius",
    expected=Status.PROVED,
    reason="Machine-checked (sympy): the Cesàro rows (M_tri)_ts = (H_(t+1) − H_s)/(t+1) for t < b, the identity Σ_(s<n)(H_n − H_s)² = 2n − H_n by induction (base and step), hence ρ_(n−1) = (2n − H_n)/n²; the comparison bounds behind ‖M_tri‖_F² ≥ T‖h_b‖²; β_2 = 7/8; the middle-row bound ρ_t ≤ 6/b; the constant Σ H_n/n² ≤ π²/6 + log 2/4 + (1 + log 2)/2; and Eq. 12's nonnegative cross terms. Argued in prose: Cauchy–Schwarz for a probability row, the middle rows' entries read off the box factors, and the summation. Exact rationals over a range, the closed-form boundary energies against exact and dense rows, and the Θ(log b) sweep are cross-checks.",
    prose="each row of M_tri is a probability vector on at most t + 1 entries (nonnegative, causal, sums to 1: trsp.C8.row-sums), so ρ_t ≥ 1/(t+1) by Cauchy–Schwarz and ‖M_tri‖_F² ≥ H_T; rows t ≥ 2b − 2 are h_b (trsp.tribox.kernel.fixed) and rows t < 2b − 2 do not depend on T (causality), so for T ≥ 2b − 2 the excess β_b = Σ_(t<2b−2)(ρ_t − ‖h_b‖²) is independent of T (trsp.tribox.frobenius-linear); with the checked comparisons (T‖h_b‖² ≤ 1 ≤ H_T for T ≤ b, (2b − 2)‖h_b‖² < 4/3 < H_2) the inequality holds for every T, strictly for b ≥ 2, and b = 1 gives M_tri = I; the entries of the middle rows b ≤ t ≤ 2b − 3, b·(M_tri)_ts = H_(b−1) − H_max(r,s) + (min(r,s) + 1)/b for s ≤ b − 2 (t = b − 1 + r) and ≤ 1 after, read off the two box factors (window sizes w_j = j + 1 below b − 1, b from there); H_b ≤ 1 + ln b and H_b ≥ ln b; summing the checked row bounds",
    tightness=Tightness(
        "sharp",
        "‖M_tri‖_F² ≥ T‖h_b‖² holds with equality at b = 1 (M_tri = I) and only there (c7_frobenius_corrected_proof; c7_energy_excess_exact, worst margin 0 at (b, T) = (1, 1)); the additive bounds 2 ln b − 4 ≤ β_b ≤ 2 ln b + 8 are loose by about 2.4 and 9.6: β_b − 2 ln b = −1.58, −1.60, −1.61 at b = 256, 1024, 2^16 (c7_boundary_energy_closed_form)",
        ratio=1.0,
        where={"b": 1, "T": "every T"},
        ranges="every T, b ≥ 1",
    ),
    limit=Limit(
        "closed-form",
        "β_b/ln b → 2, proved by the claim's own bounds 2 ln b − 4 ≤ β_b ≤ 2 ln b + 8 (c7_frobenius_corrected_proof); the fitted slope 1.94 (c7_energy_excess_rate) is a range average still rising toward it, as β_b − 2 ln b settles near −1.61 (c7_boundary_energy_closed_form), i.e. β_b/ln b = 2 − 1.61/ln b + o(1/ln b)",
        quantity="β_b/ln b",
        value="2",
        numeric=2.0,
        approach="as 2 + C/ln b with C = lim(β_b − 2 ln b) ≈ −1.61 (read at b = 2^16; not extrapolated further)",
        ranges="b to 2^16",
    ),
    tests=[f"{APPENDIX_C_TESTS}::test_boundary_excess_is_constant_in_T"],
)


@corrected.decides
def c7_frobenius_corrected_proof(ctx: Context) -> Evidence:
    """‖M_tri‖_F² ≥ T‖h_b‖² for every T (strict for b ≥ 2), β_b independent of T with β_2 = 7/8, and 2 ln b − 4 ≤ β_b ≤
    2 ln b + 8, from exact row energies."""
    b, u, y = sp.Symbol("b", positive=True), sp.Symbol("u", nonnegative=True), sp.Symbol("y", nonnegative=True)
    E = (2 * b**2 + 1) / (3 * b**3)
    t, s = sp.symbols("t s", integer=True, nonnegative=True)
    mm = sp.Symbol("m", integer=True, positive=True)  # m = j + 1
    n, H = sp.Symbol("n", positive=True), sp.Symbol("H", positive=True)
    x = sp.Symbol("x", positive=True)
    p_, q_, r_ = sp.symbols("p q r", nonnegative=True)
    bound_sum = sp.pi**2 / 6 + sp.log(2) / 4 + (1 + sp.log(2)) / 2  # ≥ Σ_n H_n/n²
    steps = [
        sympy_nonnegative(
            (1 - b * E).subs(b, 1 + u), [u], what="b‖h_b‖² = (2b²+1)/(3b²) ≤ 1: T‖h_b‖² ≤ 1 ≤ H_T for T ≤ b"
        ),
        sympy_nonnegative(
            (sp.Rational(4, 3) - (2 * b - 2) * E).subs(b, 1 + u),
            [u],
            what=(
                "(2b − 2)‖h_b‖² = (2b−2)(2b²+1)/(3b³) < 4/3 < 3/2 = H_2 ≤ H_T for b < T ≤ 2b − 2 and for the "
                "first 2b − 2 ≥ 2 rows at b ≥ 2: β_b ≥ H_(2b−2) − (2b−2)‖h_b‖² > 0"
            ),
        ),
        sympy_identity(
            (sp.summation(1 / mm, (mm, 1, t + 1)) - sp.summation(1 / mm, (mm, 1, s))) / (t + 1),
            (sp.harmonic(t + 1) - sp.harmonic(s)) / (t + 1),
            what="rows t < b: (M_tri)_ts = Σ_(j=s..t) (1/(t+1))(1/(j+1)) = (H_(t+1) − H_s)/(t+1)",
        ),
        *harmonic_square_steps(),
        sympy_identity(
            (2 * n - H) / n**2,
            2 / n - H / n**2,
            what="ρ_(n−1) = (2n − H_n)/n² = 2/n − H_n/n²: Σ_(t<b)ρ_t = 2H_b − Σ_(n≤b) H_n/n²",
        ),
        sympy_identity(
            sp.integrate(sp.log(x) / x**2, (x, 2, sp.oo)),
            (1 + sp.log(2)) / 2,
            what="Σ_n H_n/n² ≤ Σ(1 + log n)/n² ≤ π²/6 + log 2/4 + ∫_2^∞ log x/x² dx (log x/x² decreasing on x ≥ 2)",
        ),
        sympy_nonnegative(
            4 - bound_sum - sp.Rational(4, 3) + 0 * y,
            [y],
            what="π²/6 + log 2/4 + (1 + log 2)/2 + 4/3 ≤ 4: β_b ≥ 2H_b − 4 ≥ 2 ln b − 4",
        ),
        sympy_identity(
            (2 * n - H) + 2 * n + n,
            5 * n - H,
            what=(
                "rows b ≤ t ≤ 2b − 3: (M_tri)_ts ≤ (H_(b−1) − H_s + 1)/b for s ≤ b − 2 and ≤ 1/b after, and "
                "Σ_(s<n)(H_n − H_s + 1)² = (2n − H_n) + 2n + n = 5n − H_n (n = b − 1)"
            ),
        ),
        sympy_nonnegative(
            6 * (1 + u) - 5 * u - u,
            [u],
            what=(
                "ρ_t ≤ (5(b−1) + (b−1))/b² ≤ 6/b: the b − 2 middle rows add ≤ 6, so "
                "β_b ≤ 2H_b + 6 ≤ 2 ln b + 8 (b = 1 + u)"
            ),
        ),
        sympy_identity(
            (2 * 1 - 1) / sp.Integer(1) + (2 * 2 - sp.Rational(3, 2)) / 4 - 2 * E.subs(b, 2),
            sp.Rational(7, 8),
            what="b = 2: ρ_0 + ρ_1 − 2‖h_2‖² = 1 + 5/8 − 3/4 = β_2 = 7/8",
        ),
        sympy_nonnegative(
            (p_ + q_ + r_) ** 2 - p_**2 - r_**2,
            [p_, q_, r_],
            what=(
                "Eq. 12: (δ_ts + A_ts + g(M_tri)_ts)² ≥ δ_ts² + g²(M_tri)_ts² for A ≥ 0, g ≥ 0: ‖ℳ‖_F² ≥ "
                "T + g²‖M_tri‖_F² ≥ T(1 + g²‖h_b‖²)"
            ),
        ),
    ]
    return derivation(
        steps,
        what=(
            "‖M_tri‖_F² ≥ T‖h_b‖² (= only at b = 1), ‖M_tri‖_F² = T‖h_b‖² + β_b for T ≥ 2b − 2, β_2 = 7/8, "
            "2 ln b − 4 ≤ β_b ≤ 2 ln b + 8 (so Θ(log b) for b ≥ 2), and Eq. 12 with ‖h_b‖²"
        ),
        ranges="every T ≥ 1, b ≥ 1, g ≥ 0, A ≥ 0",
    )


@corrected.supports
def c7_energy_excess_exact(ctx: Context) -> Evidence:
    """‖M_tri‖_F² − T‖h_b‖² ≥ 0 (= 0 iff b = 1) for all T, and constant in T from T = 2b−2 on. Exact."""
    top_b = 9 if ctx.wide else 6
    cases = [(T, b) for b in range(1, top_b + 1) for T in range(1, 2 * b + 5)]
    constant = {
        b: tribox_frobenius_sq_exact(max(2 * b - 2, 1), b) - max(2 * b - 2, 1) * tribox_kernel_energy_exact(b)
        for b in range(1, top_b + 1)
    }

    def margin(case):
        T, b = case
        excess = tribox_frobenius_sq_exact(T, b) - T * tribox_kernel_energy_exact(b)
        if (excess == 0) != (b == 1) or excess < 0:
            return -1
        if T >= 2 * b - 2 and excess != constant[b]:
            return -1
        return 0

    ev = grid_check(
        cases,
        margin,
        what="‖M_tri‖_F² = T‖h_b‖² + β_b(T) with β_b(T) ≥ 0, = 0 iff b = 1, constant for T ≥ 2b−2",
        method="exact-rational",
        exact=True,
        ranges=f"b in [1, {top_b}], T in [1, 2b+4]",
    )
    ev = replace(
        ev,
        summary=ev.summary + "; β_b = " + ", ".join(f"{constant[b]}" for b in range(1, 5)) + ", … for b = 1, 2, 3, 4",
    )
    return ev


@corrected.supports
def c7_energy_excess_rate(ctx: Context) -> Evidence:
    bs = [2**m for m in range(4, 13 if ctx.wide else 11)]
    beta = [tribox_boundary_excess(b) for b in bs]
    # a power b^ε is indistinguishable from ln b until ε·ln b ≫ 1, so the power competitor is b^{1/4}
    return corrected_rate_evidence(
        bs,
        beta,
        np.log,
        "ln b",
        {"1": np.ones_like},
        {"ln² b": lambda x: np.log(x) ** 2, "b^0.25": lambda x: x**0.25},
        what="β_b = Θ(log b)",
        ranges=f"b = 16..{bs[-1]} (dyadic)",
        scale="loglog",
    )


@corrected.supports
def c7_boundary_energy_closed_form(ctx: Context) -> Evidence:
    """The closed-form boundary energies against exact rational rows (b ≤ 8) and the dense rows (b ≤ 40)."""
    worst = 0.0
    for b in range(1, 9):
        M = tribox_matrix(2 * b, b, exact=True)
        exact = [float(sum(x * x for x in M[t])) for t in range(2 * b - 2)]
        worst = max([worst] + [abs(a - c) for a, c in zip(exact, boundary_row_energies(b))])
    for b in (16, 31, 40):
        dense = (tribox_matrix(2 * b, b) ** 2).sum(axis=1)[: 2 * b - 2]
        worst = max(worst, float(np.max(np.abs(dense - boundary_row_energies(b)))))
    tol = 1e-13
    return Evidence(
        Status.VERIFIED if worst <= tol else Status.REFUTED,
        "closed-form",
        f"closed-form ρ_t of the 2b − 2 boundary rows equal the rows' energies within {fmt(worst)} (exact rationals "
        f"b ≤ 8, dense b ∈ {{16, 31, 40}}); β_b − 2 ln b = {fmt(boundary_excess(256) - 2 * math.log(256))}, "
        f"{fmt(boundary_excess(1024) - 2 * math.log(1024))}, {fmt(boundary_excess(2**16) - 2 * math.log(2**16))} "
        "at b = 256, 1024, 2^16 (inside the proved [−4, 8])",
        ranges="b ≤ 40; β_b to b = 2^16",
        role=Role.SUPPORTS,
        worst_margin=tol - worst,
        counterexample=None if worst <= tol else {"deviation": worst},
    )


@corrected.second("limit")
def frobenius_corrected_limit_operator(ctx: Context) -> tuple:
    """The limit record's numbers again, each by the other code path than the one that stated it: β_b/ln b → 2 from
    the operator's β_b (column blocks of the matrix-free M_tri, tribox_boundary_excess) at b = 2^6 … 2^11, fitted in
    1/ln b and 1/ln b + 1/ln² b over the last 3 and 4 points (the interval's midpoint ± half-width); C = lim(β_b −
    2 ln b), stated from the closed form at b = 2^16, as the free-power extrapolation of the operator's values at
    b = 2^9 … 2^11 (± its distance from the 1/b fit, plus the quoted digits); the fitted slope 1.94, stated from the
    operator's β_b, from the closed-form β_b (boundary_excess) by the same least squares β_b ≈ a ln b + c over
    b = 16 … 1024."""
    from specproof.engine.measure import CORRECTIONS, fit_free_power, fit_limit_once, limit_fit

    bs = np.array([2.0**m for m in range(6, 12)])
    beta = np.array([tribox_boundary_excess(int(b)) for b in bs])
    fit = limit_fit(bs, beta / np.log(bs), families=("1/log x", "1/log x + 1/log² x"), tails=(3, 4), variable="b")
    lo, hi = fit.interval
    excess = beta - 2 * np.log(bs)
    C = fit_free_power(bs[-3:], excess[-3:])
    C_error = abs(C - fit_limit_once(bs[-3:], excess[-3:], CORRECTIONS["1/x"])) + 0.005
    small = np.array([2.0**m for m in range(4, 11)])
    slope = np.linalg.lstsq(
        np.column_stack([np.log(small), np.ones_like(small)]),
        np.array([boundary_excess(int(b)) for b in small]),
        rcond=None,
    )[0][0]
    return (
        Second(
            "numeric",
            2.0,
            (lo + hi) / 2,
            "operator β_b at b = 2^6 … 2^11, fitted in 1/ln b (two families)",
            (hi - lo) / 2,
        ),
        Second("C = lim(β_b − 2 ln b)", -1.61, C, "operator β_b at b = 2^9 … 2^11, free-power extrapolation", C_error),
        Second(
            "fitted slope over b = 16 … 1024", 1.94, float(slope), "closed-form β_b, least squares a ln b + c", 0.005
        ),
    )


nonnegative_attention = frobenius.hypothesis(
    "nonnegative-attention",
    title="Prop. C.7: nonnegative attention is necessary",
    statement=r"$A_{\rm attn}\ge0$ entrywise (stated) is necessary for $\|\mathcal M\|_F^2\ge T+g^2\|M_{\rm tri}\|_F^2$: a signed row-stochastic pattern breaks Eq. 12.",
    expected=Status.CERTIFIED,
    reason="an exact counterexample (Fractions)",
    tightness=Tightness(
        "unmeasurable", "a counterexample claim: the inequality it shows is Eq. 12 failing, not a bound"
    ),
    weakest=Weakest(
        "needed-in-general",
        "at b = 1 along A_ε = (1 + ε)J/T − εI (rows sum to 1, diagonal −ε + (1 + ε)/T) ‖ℳ‖_F² = T(1 + g − ε)² + O(1) against T(1 + g²), so Eq. 12 fails for large T iff |1 + g − ε| < √(1 + g²), i.e. ε in (1 + g − √(1 + g²), 1 + g + √(1 + g²)) (from ≈ 0.382 at g = ½; c7_signed_attention_exact; the probe c7_signed_attention_probe is ε = ½); smaller negative entries do not break it along this family; other families not searched",
        hypothesis="the smallest entry of A_attn",
        stated="A_attn ≥ 0",
        weakest="A ≥ 0 in general; along A_ε: |1 + g − ε| ≥ √(1 + g²)",
        holds_on="A_ε with ε ≤ 1 + g − √(1 + g²) (b = 1, T → ∞; ≈ 0.382 at g = ½)",
        ranges="b = 1, g ∈ (0, 1), T → ∞",
    ),
    tests=[f"{HYPOTHESES_TESTS}::test_signed_attention_breaks_eq12"],
)


@nonnegative_attention.decides
def c7_signed_attention_probe(ctx: Context) -> Evidence:
    """Drop A_attn ≥ 0: the signed row-stochastic A = (1+g)J/T − gI, b = 1, g = 1/2, T = 32 breaks Eq. 12 (exact)."""
    T, g = 32, Fraction(1, 2)
    # ℳ = I + A + gI = I + (1+g)J/T: ‖ℳ‖_F² = T + 2(1+g) + (1+g)²; M_tri = I for b = 1, ‖M_tri‖_F² = T
    lhs = T + 2 * (1 + g) + (1 + g) ** 2
    rhs = T + g * g * T
    outcome = exact_counterexample(
        f"T = 32, b = 1, g = 1/2, A = (3/2)J/T − I/2 (rows sum to 1): ‖ℳ‖_F² = {lhs} < {rhs}",
        "T = 32",
        lhs - rhs,
        attention="(1+g)J/T - g I",
        lhs=lhs,
        rhs=rhs,
    )
    return probe_hypothesis("necessary", "nonnegative attention weights", outcome, exact=True, role=Role.DECIDES)


@nonnegative_attention.supports
def c7_signed_attention_exact(ctx: Context) -> Evidence:
    """How negative A or g may be, at b = 1 (M_tri = I): A_ε = (1 + ε)J/T − εI has rows summing to 1 and
    ℳ = (1 + g − ε)I + (1 + ε)J/T, whose Frobenius energy against T(1 + g²) leads with T((1 + g − ε)² − 1 − g²):
    Eq. 12 fails for large T iff |1 + g − ε| < √(1 + g²); at ε = 0 (A = J/T ≥ 0) iff g < 0."""
    T = sp.Symbol("T", positive=True)
    eps, g = sp.symbols("epsilon g", real=True)
    a, c = 1 + g - eps, 1 + eps
    energy = T * (a + c / T) ** 2 + (T**2 - T) * (c / T) ** 2  # T diagonal entries, T² − T off the diagonal
    steps = [
        sympy_identity(
            energy - T * (1 + g**2),
            T * ((1 + g - eps) ** 2 - 1 - g**2) + 2 * a * c + c**2,
            what="‖ℳ‖_F² − T(1 + g²) = T((1 + g − ε)² − 1 − g²) + 2(1 + g − ε)(1 + ε) + (1 + ε)²",
        ),
        sympy_identity(
            energy.subs({T: 32, eps: sp.Rational(1, 2), g: sp.Rational(1, 2)}),
            sp.Rational(149, 4),
            what="the probe's instance T = 32, ε = g = ½: 149/4",
        ),
        sympy_identity(
            sp.expand((energy - T * (1 + g**2)).subs(eps, 0)),
            2 * g * T + 2 * (1 + g) + 1,
            what="A = J/T (ε = 0): the difference is 2gT + 2(1 + g) + 1, negative for every g < 0 once T > (3 + 2g)/(2|g|)",
        ),
    ]
    return derivation(
        steps,
        what="b = 1, A_ε = (1 + ε)J/T − εI: Eq. 12 fails for large T iff |1 + g − ε| < √(1 + g²)",
        ranges="b = 1, every real ε, g, every T",
        role=Role.SUPPORTS,
    )


signed_gate = frobenius.hypothesis(
    "signed-gate",
    title="Prop. C.7: g ≥ 0 is necessary",
    statement=r"$g\ge0$ (stated as $g\in(0,1)$) is necessary: $g=-1$ with $A=I$, $b=1$ cancels the residual path.",
    expected=Status.CERTIFIED,
    reason="an exact counterexample",
    tightness=Tightness(
        "unmeasurable", "a counterexample claim: the inequality it shows is Eq. 12 failing, not a bound"
    ),
    weakest=Weakest(
        "needed",
        "at b = 1 and A = J/T (row-stochastic, ≥ 0): ‖ℳ‖_F² = T(1 + g)² + 2(1 + g) + 1 against T(1 + g²), so every g < 0 fails once T > (3 + 2g)/(2|g|) (c7_signed_attention_exact); with A = I only g < −¾ fails (‖ℳ‖_F² = T(2 + g)²), the probe's g = −1 (c7_negative_gate_probe)",
        hypothesis="gate g",
        stated="g ≥ 0 (g ∈ (0, 1))",
        weakest="g ≥ 0",
        ranges="b = 1, every g < 0, T large",
    ),
)


@signed_gate.decides
def c7_negative_gate_probe(ctx: Context) -> Evidence:
    """Drop g ≥ 0: g = −1, A = I, b = 1 gives ℳ = I, ‖ℳ‖_F² = T < 2T (exact, T = 1)."""
    T, g = 1, -1
    lhs, rhs = T * (1 + 1 + g) ** 2, T + g * g * T
    outcome = exact_counterexample(
        f"g = −1, A = I, b = 1: ‖ℳ‖_F² = {lhs}T < {rhs}T", "every T (shown at T = 1)", lhs - rhs, g=g, lhs=lhs, rhs=rhs
    )
    return probe_hypothesis("necessary", "g ≥ 0", outcome, exact=True, role=Role.DECIDES)


signed_gate.supports(c7_signed_attention_exact)


interior_rows = frobenius.hypothesis(
    "interior-rows",
    title="Prop. C.7: 'each interior row of M_tri is h' needs T ≥ 2b − 1",
    statement=r"The energy step 'each (interior) row of $M_{\rm tri}$ is $h$' needs, unstated, $T\ge2b-1$: only then is any row a copy of $h_b$, so for every layer with $b>(T+1)/2$ (the deepest one at almost every $T$) Eq. 13 describes no row at all.",
    expected=Status.CERTIFIED,
    reason="exact rational rows",
    tightness=Tightness(
        "sharp",
        "the threshold is exact: at T = 2b − 1 exactly one row (t = b − 1) is a copy of h_b, at T = 2b − 2 none (c7_interior_rows_probe, 'iff')",
        where={"T": "2b − 1"},
        ranges="every T in [2, 48]",
    ),
    weakest=Weakest(
        "needed",
        "some row of M_tri is a copy of h_b iff T ≥ 2b − 1, at every T in [2, 48] and every layer (c7_interior_rows_probe)",
        hypothesis="T against the bandwidth b",
        stated="T ≥ 2b − 1 (unstated)",
        weakest="T ≥ 2b − 1 exactly",
        ranges="every T in [2, 48], every layer b = min(2^ℓ, T)",
    ),
    tests=[f"{HYPOTHESES_TESTS}::test_kernel_rows_need_interior_rows"],
)


def has_kernel_row(T: int, b: int) -> bool:
    """Does some row t of M_tri^(b) equal the kernel, (M)_{t,t−r} = h_b(r) for r = 0..2b−2 and 0 elsewhere? Exact."""
    M = tribox_matrix(T, b, exact=True)
    h = [Fraction(b - abs(r - (b - 1)), b * b) for r in range(2 * b - 1)]
    for t in range(2 * b - 2, T):
        want = [Fraction(0)] * T
        for r, v in enumerate(h):
            want[t - r] = v
        if list(M[t]) == want:
            return True
    return False


@interior_rows.decides
def c7_interior_rows_probe(ctx: Context) -> Evidence:
    """'Each (interior) row of M_tri is h': a row that is a copy of h_b exists iff T ≥ 2b − 1; the deepest layer
    b = 2^L has one only at T = 2^{L+1} − 1 (exact rationals)."""
    top = 48
    wrong = [
        (T, b)
        for T in range(2, top + 1)
        for b in sorted(set(dyadic_schedule(T)))
        if has_kernel_row(T, b) != (T >= 2 * b - 1)
    ]
    if wrong:
        return Evidence(Status.OPEN, "exact-rational", f"copies of h_b do not follow T ≥ 2b − 1 at {wrong[:3]}")
    deepest = [T for T in range(2, top + 1) if has_kernel_row(T, 2 ** floor_log2(T))]
    outcome = Evidence(
        Status.REFUTED,
        "exact-rational",
        f"every T in [2, {top}] and layer b = min(2^ℓ, T): some row of M_tri is a copy of h_b iff T ≥ 2b − 1; the "
        f"deepest layer b = 2^L has one only at T = {', '.join(map(str, deepest))} (2^(L+1) − 1), e.g. none at "
        "T = 4, b = 4",
        ranges=f"every T in [2, {top}], every layer",
        counterexample={"T": 4, "b": 4},
    )
    return probe_hypothesis(
        "necessary", "T ≥ 2b − 1 (interior rows, for the rows to carry h_b)", outcome, exact=True, role=Role.DECIDES
    )


row_sums = frobenius.hypothesis(
    "row-sums",
    title="Prop. C.7: row sums 1 and g ≤ 1 are not needed",
    statement=r"Not needed: row sums $1$ and $g\le1$; the proof uses only $A\ge0$ and $g\ge0$.",
    expected=Status.VERIFIED,
    reason="a property search over nonnegative patterns of any row sums and gates up to 50",
    unproved="a property search over nonnegative patterns, not an argument for every pattern",
    tightness=Tightness(
        "sharp",
        "equality at A = 0, g = 0 (‖I‖_F² = T), which the rescaled rows (factor 0) and g = 0 of c7_row_sums_probe include",
        where={"A": "0", "g": 0},
        ranges="every T",
    ),
    weakest=Weakest(
        "not-needed",
        "the proof uses only A ≥ 0 and g ≥ 0: the cross terms ⟨I, A⟩, ⟨I, gM⟩, ⟨A, gM⟩ are ≥ 0 (c7_row_sums_probe: rows rescaled by [0, 10], g up to 50)",
        hypothesis="row sums of A and g ≤ 1",
        stated="rows sum to 1, g ∈ (0, 1)",
        weakest="any A ≥ 0, any g ≥ 0",
        ranges="T in [1, 24], b in {1, T, T+1, 2T+3}",
    ),
)


@row_sums.decides
def c7_row_sums_probe(ctx: Context) -> Evidence:
    """Drop row sums 1 and g ≤ 1: the proof needs only A ≥ 0 and g ≥ 0."""
    strategy = sst.size_and_bandwidth(24).flatmap(
        lambda tb: st.tuples(
            st.just(tb[1]),
            st.one_of(st.floats(0.0, 1.0, width=64), st.floats(1.0, 50.0, width=64)),
            _nonnegative_attention(tb[0]),
        )
    )

    def parts(case):
        b, g, A = case
        T = len(A)
        M = TriBox(T, b).as_matrix()
        return np.sum((np.eye(T) + A + g * M) ** 2), T + g * g * np.sum(M**2)

    ev = property_search(
        strategy,
        lambda case: float(np.subtract(*parts(case))),
        what="‖I + A + gM_tri‖_F² ≥ T + g²‖M_tri‖_F² for A ≥ 0 of any row sums, g ∈ [0, 50]",
        ctx=ctx,
        examples=120,
        wide_examples=1500,
        tolerance=lambda case: float_tolerance(len(case[2]) ** 2, parts(case)[0]),
        allowance=(
            "both sides sum T² nonnegative squares of entries formed from nonnegative terms: each within "
            "(T² + 3)·eps relatively, and the right side ≤ the left where the margin is near 0"
        ),
        ranges=(
            "T in [1, 24] incl. 2^m ± 1, b in {1, T, T+1, 2T+3, random}, g in [0, 50], A ≥ 0 "
            "(row-stochastic kinds, rows rescaled by [0, 10])"
        ),
    )
    return probe_hypothesis("not needed", "row sums 1 and g ≤ 1", ev, role=Role.DECIDES)


kernel_energy = claim(
    "trsp.C7.kernel-energy",
    title="Kernel energy ‖h_b‖² = (2b²+1)/(3b³) = Θ(1/b)",
    source=Source("TRSP", "App. C.4", "Eq. 13"),
    statement=r"$\|h_b\|_2^2=b^{-4}\sum_{m=-(b-1)}^{b-1}(b-|m|)^2=\frac{2b^2+1}{3b^3}$, and $\frac{2}{3b}<\|h_b\|_2^2\le\frac1b$, so $\|h_b\|_2^2=\Theta(1/b)$.",
    expected=Status.PROVED,
    reason="sympy sums both forms for symbolic b and factors the two-sided bound; the sweep over thirty octaves shows b·‖h_b‖² flat at 2/3.",
    prose="none for the identity (Coq and sympy); Θ(1/b) is the checked bracket 2/(3b) < ‖h_b‖² ≤ 1/b",
    tightness=Tightness(
        "sharp",
        "both ends are sharp: ‖h_b‖² = 1/b exactly at b = 1 (1/b − ‖h_b‖² = (b² − 1)/(3b³)), and ‖h_b‖²/(2/(3b)) = 1 + 1/(2b²) → 1 as b → ∞ (c7_kernel_energy_theta_sympy: ‖h_b‖² − 2/(3b) = 1/(3b³) > 0)",
        ratio=1.0,
        where={"b": 1},
        approach="the lower bound: ratio 1 + 1/(2b²) → 1",
        ranges="every b ≥ 1",
    ),
    limit=Limit(
        "closed-form",
        "b‖h_b‖² = (2b² + 1)/(3b²) exactly (c7_kernel_energy_sympy, c7_kernel_energy_theta_sympy)",
        quantity="b‖h_b‖²",
        value="2/3",
        numeric=2 / 3,
        approach="as 2/3 + 1/(3b²), exactly",
        ranges="every b ≥ 1",
    ),
    tests=[f"{APPENDIX_C_TESTS}::test_kernel_energy_matches_exact_sum"],
    figure="figures/kernel-energy.png",
)


KERNEL_ENERGY = CoqHook(
    "trsp_C7_kernel_energy",
    "Kernel",
    "forall b : nat, (1 <= b)%nat -> sumR (fun r : nat => h b r ^ 2) (2 * b - 1) = (2 * INR b ^ 2 + 1) / (3 * INR b"
    " ^ 3)",
)


KERNEL_ENERGY_THETA = CoqHook(
    "trsp_C7_kernel_energy_theta",
    "Kernel",
    "forall b : nat, (1 <= b)%nat -> 2 / (3 * INR b) < sumR (fun r : nat => h b r ^ 2) (2 * b - 1) <= 1 / INR b",
)


c7_kernel_energy_coq = coq_check(
    "c7_kernel_energy_coq",
    KERNEL_ENERGY,
    KERNEL_ENERGY_THETA,
    what="Σ_r h_b(r)² = (2b²+1)/(3b³) in ℝ, and 2/(3b) < Σ_r h_b(r)² ≤ 1/b",
    ranges="every b ≥ 1",
    covers={
        "trsp_C7_kernel_energy": "‖h_b‖₂² = b⁻⁴Σ_m(b − |m|)² = (2b²+1)/(3b³) (h_b(r) = (b − |r − (b−1)|)/b², lags r = m + b − 1)",
        "trsp_C7_kernel_energy_theta": "2/(3b) < ‖h_b‖₂² ≤ 1/b, so ‖h_b‖₂² = Θ(1/b)",
    },
    constants=[
        (r"\frac{2b^2+1}{3b^3}", "(2 * INR b ^ 2 + 1) / (3 * INR b ^ 3)"),
        (r"\frac{2}{3b}<", "2 / (3 * INR b) <"),
        (r"\le\frac1b", "<= 1 / INR b"),
    ],
)

kernel_energy.decides(c7_kernel_energy_coq)


@kernel_energy.decides
def c7_kernel_energy_sympy(ctx: Context) -> Evidence:
    b = sp.Symbol("b", integer=True, positive=True)
    m = sp.Symbol("m", integer=True)
    r = sp.Symbol("r", integer=True, nonnegative=True)
    closed = (2 * b**2 + 1) / (3 * b**3)
    by_lag = sympy_identity(
        (b**2 + 2 * sp.summation((b - m) ** 2, (m, 1, b - 1))) / b**4,
        closed,
        what="b⁻⁴Σ_{|m|<b}(b−|m|)² = (2b²+1)/(3b³)",
    )
    rising, falling = (b - (b - 1 - r)) / b**2, (b - (r - (b - 1))) / b**2  # h_b on r ≤ b−1 and r ≥ b−1 (Eq. 4)
    by_kernel = sympy_identity(
        sp.summation(rising**2, (r, 0, b - 1)) + sp.summation(falling**2, (r, b, 2 * b - 2)),
        closed,
        what="Σ_{r=0}^{2b−2} h_b(r)² = (2b²+1)/(3b³)",
    )
    mass = sympy_identity(
        sp.summation(rising, (r, 0, b - 1)) + sp.summation(falling, (r, b, 2 * b - 2)), 1, what="Σ_r h_b(r) = 1"
    )
    return combine([by_lag, by_kernel, mass], what="Eq. 13", method="sympy", ranges="every b ≥ 1")


@kernel_energy.decides
def c7_kernel_energy_theta_sympy(ctx: Context) -> Evidence:
    b = sp.Symbol("b", integer=True, positive=True)
    E = (2 * b**2 + 1) / (3 * b**3)
    upper = sympy_identity(1 / b - E, (b - 1) * (b + 1) / (3 * b**3), what="1/b − E_b = (b²−1)/(3b³) ≥ 0")
    lower = sympy_identity(E - sp.Rational(2, 3) / b, 1 / (3 * b**3), what="E_b − 2/(3b) = 1/(3b³) > 0")
    limit = sympy_identity(sp.limit(b * E, b, sp.oo), sp.Rational(2, 3), what="b·E_b → 2/3")
    return combine([upper, lower, limit], what="2/(3b) < E_b ≤ 1/b", method="sympy", ranges="every b ≥ 1")


@kernel_energy.decides
def c7_kernel_energy_sweep(ctx: Context) -> Evidence:
    bs = np.array([2**m for m in range(0, 31)], dtype=float)
    energies = [float(np.sum(tribox_kernel(int(b)) ** 2)) for b in bs[:13]] + [
        tribox_kernel_energy(int(b)) for b in bs[13:]
    ]
    fit = fit_rate(
        bs,
        energies,
        lambda x: 1 / x,
        "(1/b)",
        {"1/√b": lambda x: x**-0.5, "log b/b": lambda x: np.log(2 * x) / x},
        scale="log",
    )
    return rate_evidence(
        fit, what="‖h_b‖² against 1/b", ranges="b = 2^0..2^30 (kernel summed for b ≤ 2^12)", role=Role.SUPPORTS
    )


@kernel_energy.second("limit")
def kernel_energy_limit_weights(ctx: Context) -> tuple:
    """2/3 again: b·Σ_r h_b(r)² summed in floats from the kernel's weights (theory.filters.tribox_kernel) at
    b = 2^16, where 2/3 + 1/(3b²) differs from 2/3 by 8e-11."""
    b = 1 << 16
    value = b * float(np.sum(np.asarray(tribox_kernel(b), float) ** 2))
    return (Second("numeric", 2 / 3, value, "the kernel's weights summed at b = 2^16", 1e-9),)


c8_row_sums = claim(
    "trsp.C8.row-sums",
    title="‖M_tri‖_∞ = 1",
    source=Source("TRSP", "App. C.4", "proof of Thm C.8"),
    statement=r"$M_{\rm tri}$ is entrywise nonnegative with every row summing to $1$, so $\|M_{\rm tri}\|_\infty=1$.",
    expected=Status.PROVED,
    reason="Kernel-checked in Coq for every b ≥ 1 and t (proofs/BoxRows.v): row t of Box_b∘Box_b is a nonnegative weight vector summing to 1, so |(M_tri X)_t| ≤ max_s |X_s| with equality at X = 𝟏. Each Box_b row has w_t entries 1/w_t (sympy sum = 1), and a product of row-stochastic matrices is row-stochastic for every size (sympy: the sums exchange, P_ij factors out, R𝟏 = 𝟏 then P𝟏 = 𝟏), so M_tri𝟏 = Box(Box𝟏) = 𝟏 with nonnegative factors; exact rationals confirm it at every edge bandwidth.",
    prose="the causal filter on sequences is the matrix on its first T values (row t reads X_0..X_t only), so the row weights of the Coq theorem are the entries of row t of M_tri and the bound |(M_tri X)_t| ≤ max|X_s|, attained at X = 𝟏, is ‖M_tri‖_∞ = 1",
    tests=[f"{APPENDIX_C_TESTS}::test_exact_tribox_matches_float"],
)


ROW_FORM = CoqHook(
    "trsp_C8_row_form",
    "BoxRows",
    "forall b t : nat, (1 <= b)%nat -> exists w : nat -> R, (forall s : nat, 0 <= w s) /\\ sumR w (S t) = 1 /\\ (forall"
    " X : nat -> R, box b (box b X) t = sumR (fun s : nat => w s * X s) (S t))",
)


INF_NORM = CoqHook(
    "trsp_C8_inf_norm",
    "BoxRows",
    "forall b t : nat, (1 <= b)%nat -> (forall (X : nat -> R) (M : R), (forall s : nat, Rabs (X s) <= M) -> Rabs (box b"
    " (box b X) t) <= M) /\\ box b (box b (fun _ : nat => 1)) t = 1",
)


c8_row_sums_coq = coq_check(
    "c8_row_sums_coq",
    ROW_FORM,
    INF_NORM,
    what=(
        "row t of M_tri = Box_b∘Box_b is a nonnegative weight vector summing to 1, and "
        "|(M_tri X)_t| ≤ M whenever |X_s| ≤ M"
    ),
    ranges="every b ≥ 1, every t",
    covers={
        "trsp_C8_row_form": "M_tri is entrywise nonnegative with every row summing to 1 (row t of Box_b∘Box_b, which reads X_0..X_t only)",
        "trsp_C8_inf_norm": "‖M_tri‖_∞ = 1: |(M_tri X)_t| ≤ max_s |X_s|, with equality at X = 𝟏",
    },
    constants=[(r"\|_\infty=1", "t = 1")],
)

c8_row_sums.decides(c8_row_sums_coq)


@c8_row_sums.decides
def c8_row_sums_sympy(ctx: Context) -> Evidence:
    """A Box row puts 1/w on w tokens: mass 1; and a product of row-stochastic matrices is row-stochastic, for every
    size n: Σ_k (PR)_ik = Σ_j P_ij Σ_k R_jk = Σ_j P_ij = 1. M_tri = Box_b·Box_b (Eq. 3), so M_tri𝟏 = 𝟏."""
    w, n = sp.symbols("w n", integer=True, positive=True)
    i, j, k, t = sp.symbols("i j k t", integer=True)
    P, R = sp.IndexedBase("P"), sp.IndexedBase("R")
    row_of_product = sp.Sum(sp.Sum(P[i, j] * R[j, k], (j, 1, n)), (k, 1, n)).reorder((0, 1))  # finite sums commute
    pulled = sp.Sum(P[i, j] * sp.Sum(R[j, k], (k, 1, n)), (j, 1, n))
    steps = [
        sympy_identity(
            sp.summation(1 / w, (j, t - w + 1, t)),
            1,
            what="each Box_b row sums to 1 (w_t entries 1/w_t ≥ 0)",
            ranges="every T, b, t",
        ),
        sympy_identity(
            row_of_product,
            sp.Sum(sp.Sum(P[i, j] * R[j, k], (k, 1, n)), (j, 1, n)),
            what="Σ_k (PR)_ik = Σ_k Σ_j P_ij R_jk = Σ_j Σ_k P_ij R_jk (finite sums exchanged)",
            ranges="every n",
        ),
        sympy_identity(
            sp.Sum(P[i, j] * R[j, k], (k, 1, n)),
            P[i, j] * sp.Sum(R[j, k], (k, 1, n)),
            what="Σ_k P_ij R_jk = P_ij·Σ_k R_jk (P_ij does not depend on k)",
            ranges="every n",
        ),
        sympy_identity(
            pulled.xreplace({sp.Sum(R[j, k], (k, 1, n)): 1}).xreplace({sp.Sum(P[i, j], (j, 1, n)): 1}),
            1,
            what="with R𝟏 = 𝟏, then P𝟏 = 𝟏: Σ_k (PR)_ik = Σ_j P_ij = 1",
            ranges="every n",
        ),
    ]
    return derivation(
        steps,
        what=(
            "M_tri = Box_b·Box_b is row-stochastic: ‖M_tri‖_∞ = 1 (entries ≥ 0 as products and "
            "sums of nonnegative entries)"
        ),
        ranges="every T, b",
    )


@c8_row_sums.supports
def c8_row_sums_exact(ctx: Context) -> Evidence:
    cases = [(T, b) for T in range(1, 19) for b in sorted({1, 2, 3, T, T + 1, 2 * T + 3})]

    def margin(case):
        M = tribox_matrix(*case, exact=True)
        rows_ok = all(sum(M[i]) == 1 for i in range(len(M)))
        return 0 if rows_ok and all(x >= 0 for x in M.flat) else -1

    return grid_check(
        cases,
        margin,
        what="every row of M_tri sums to exactly 1 and all entries are ≥ 0",
        method="exact-rational",
        exact=True,
        ranges="T in [1, 18], b in {1, 2, 3, T, T+1, 2T+3}",
        role=Role.SUPPORTS,
    )


column_sums = claim(
    "trsp.C8.column-sums",
    title="‖M_tri‖₁ = O(log b) (the 'harmonic factor')",
    source=Source("TRSP", "App. C.4", "proof of Thm C.8"),
    statement=r"The largest column sum of $M_{\rm tri}$ is $O(\log b)$, the harmonic factor arising only in the first $O(b)$ columns.",
    expected=Status.REFUTED,
    reason="Both box factors contribute a harmonic factor at the first columns, and they multiply: column 0 sums to (H_b² + H_b^(2))/2 + 1 − H_b/b ≈ ½ln²b. ‖M_tri‖₁/ln b grows like ½ ln b (sweep over b = 2..2^16, 2^20 wide, trend ≈ 0.8 per log-log unit and rising); the correct order Θ(log² b) is trsp.C8.column-sums.corrected.",
    tests=[f"{APPENDIX_C_TESTS}::test_first_column_sum_closed_form"],
    figure="figures/tribox-norms.png",
)


@column_sums.decides
def c8_column_sums_rate(ctx: Context) -> Evidence:
    from specproof.runs.sweeps.table import rate_check, stored_options

    ev = rate_check(
        "tribox-norm",
        np.log,
        "(ln b)",
        column="max_column_sum",
        what="max column sum of M_tri against the paper's O(log b)",
        competitors={"ln² b": lambda x: np.log(x) ** 2, "1": lambda x: np.ones_like(x)},
        scale="loglog",
        select=lambda r: r["x"] >= 2,
        **stored_options(ctx),
    )
    if "ratios" in ev.data:
        ev = replace(
            ev, sharpest=f"‖M_tri‖₁/ln b grows from {fmt(ev.data['ratios'][0])} to {fmt(ev.data['ratios'][-1])}"
        )
    return ev


def _stored_column_sums(ctx: Context) -> tuple[np.ndarray, np.ndarray, str]:
    """‖M_tri^(b)‖₁ for b = 2, 4, … from the stored `tribox-norm` sweep (T = 4b ≥ 2b − 1, where the largest column
    sum no longer depends on T): b, the sums, and the range they cover."""
    from specproof.runs.sweeps.table import run_sweep, stored_options

    options = stored_options(ctx)
    rows = [r for r in run_sweep("tribox-norm", **options).rows if r["x"] >= 2]
    bs = np.array([r["x"] for r in rows], dtype=float)
    return (
        bs,
        np.array([r["max_column_sum"] for r in rows]),
        f"sweep tribox-norm ({options['grid']} grid): b = 2..{int(bs[-1])} (dyadic), T = 4b",
    )


@column_sums.decides
def c8_column_sums_closed_form(ctx: Context) -> Evidence:
    bs, measured, ranges = _stored_column_sums(ctx)
    small = bs <= 2**11
    exact = np.array([float(tribox_first_column_sum(int(b))) for b in bs[small]])
    dev = float(np.max(np.abs(measured[small] - exact) / exact))
    tol = float_tolerance(2 * 2**11 + 1, 10.0)
    return Evidence(
        Status.VERIFIED if dev <= tol else Status.REFUTED,
        "closed-form",
        f"max column sum = (H_b² + H_b^(2))/2 + 1 − H_b/b (relative deviation of the stored sweep {fmt(dev)} "
        f"for b ≤ {2**11}); ≥ H_b²/2 ≥ (ln b)²/2, so ‖M_tri‖₁/ln b ≥ ln(b)/2 → ∞",
        ranges=f"b = 2..{2**11} (dyadic) of the {ranges}",
        role=Role.SUPPORTS,
        counterexample=None if dev <= tol else {"deviation": dev},
    )


column_sums_corrected = claim(
    "trsp.C8.column-sums.corrected",
    title="‖M_tri‖₁ = (H_b² + H_b^(2))/2 + 1 − H_b/b = Θ(log² b)",
    source=Source("specproof", "App. C.4", "own"),
    statement=r"For $T\ge2b-1$ the largest column sum of $M_{\rm tri}$ is the first, $\|M_{\rm tri}\|_1=\frac{H_b^2+H_b^{(2)}}2+1-\frac{H_b}b=\frac12\ln^2b+O(\log b)$, with $H_b^{(p)}=\sum_{m\le b}m^{-p}$.",
    corrects="trsp.C8.column-sums",
    expected=Status.CERTIFIED,
    reason="Exact rational column sums equal the closed form and peak at column 0 for every case of the range; a sweep to b = 2^16 cross-checks the ½ln²b growth.",
    tightness=Tightness(
        "unmeasurable",
        "an identity, not a bound: the only inequality, T ≥ 2b − 1, is the hypothesis under which column 0 is the largest",
    ),
    limit=Limit(
        "closed-form",
        "from the closed form, with H_b = ln b + γ_E + 1/(2b) + O(b^−2) and H_b^(2) → π²/6: ‖M_tri‖₁ = ½ln²b + γ_E ln b + (γ_E² + π²/6)/2 + 1 + o(1); the fitted range [0.202, 0.504] of ‖M_tri‖₁/ln²b (c8_column_log_squared_rate) is that slow approach",
        quantity="‖M_tri‖₁/ln² b",
        value="1/2",
        numeric=0.5,
        approach="as 1/2 + γ_E/ln b + ((γ_E² + π²/6)/2 + 1)/ln²b + o(1/ln²b), γ_E ≈ 0.577216",
        ranges="every b ≥ 1 (T ≥ 2b − 1)",
    ),
    tests=[f"{APPENDIX_C_TESTS}::test_first_column_sum_closed_form"],
    figure="figures/tribox-norms.png",
)


@column_sums_corrected.decides
def c8_column_closed_form_exact(ctx: Context) -> Evidence:
    top = 11 if ctx.wide else 7
    cases = [(T, b) for b in range(1, top + 1) for T in (2 * b - 1, 2 * b, 3 * b + 2)]

    def margin(case):
        T, b = case
        M = tribox_matrix(T, b, exact=True)
        sums = [sum(M[:, j]) for j in range(T)]
        return 0 if max(sums) == sums[0] == tribox_first_column_sum(b) else -1

    return grid_check(
        cases,
        margin,
        what="‖M_tri‖₁ = column 0 = (H_b² + H_b^(2))/2 + 1 − H_b/b",
        method="exact-rational",
        exact=True,
        ranges=f"b in [1, {top}], T in {{2b−1, 2b, 3b+2}}",
    )


@column_sums_corrected.decides
def c8_column_log_squared_rate(ctx: Context) -> Evidence:
    from specproof.runs.sweeps.table import rate_check, stored_options

    return rate_check(
        "tribox-norm",
        lambda x: np.log(x) ** 2,
        "ln² b",
        column="max_column_sum",
        what="‖M_tri‖₁ = Θ(log² b)",
        lower={"ln b": np.log, "1": np.ones_like},
        competitors={"ln³ b": lambda x: np.log(x) ** 3, "√b": np.sqrt},
        scale="loglog",
        select=lambda r: r["x"] >= 2,
        role=Role.SUPPORTS,
        **stored_options(ctx),
    )


@column_sums_corrected.second("limit")
def column_sums_limit_operator(ctx: Context) -> tuple:
    """1/2 again from the operator, not the closed form: the largest column sum of M_tri (Mᵀ𝟏 through the
    matrix-free TriBox at T = 2b − 1) for b = 2^6 … 2^20, ‖M_tri‖₁/ln²b carried to b → ∞ by two correction families
    in 1/ln b (two and three terms) over two tails; the interval's half-width is the error."""
    from specproof.engine.measure import limit_fit

    bs = [1 << p for p in range(6, 21)]
    y = [
        float(np.max(TriBox(2 * b - 1, b).aslinearoperator().rmatvec(np.ones(2 * b - 1)))) / math.log(b) ** 2
        for b in bs
    ]
    fit = limit_fit(bs, y, families=("1/log x + 1/log² x", "1/log x + 1/log² x + 1/log³ x"), tails=(5, 7), variable="b")
    lo, hi = fit.interval
    return (
        Second(
            "numeric",
            0.5,
            (lo + hi) / 2,
            "column sums of the matrix-free TriBox, b ≤ 2^20, fitted in 1/ln b",
            (hi - lo) / 2 + 1e-6,
        ),
    )


c8_spectral_norm = claim(
    "trsp.C8.spectral-norm",
    title="‖M_tri‖₂ ≤ √(‖M_tri‖₁‖M_tri‖_∞) = o(√T)",
    source=Source("TRSP", "App. C.4", "proof of Thm C.8"),
    statement=r"$\|M_{\rm tri}\|_2\le\sqrt{\|M_{\rm tri}\|_1\|M_{\rm tri}\|_\infty}$, which is $o(\sqrt T)$ for fixed $b$.",
    uses=["trsp.C8.row-sums", "trsp.C8.spectral-norm.sharp"],
    expected=Status.PROVED,
    reason="Machine-checked (sympy): the column sums of Box_b are at most H_b + 1 and those of M_tri = Box_b² at most (H_b + 1)², so Schur's bound is at most H_b + 1 whatever T; both it and ‖M_tri‖₂ ≤ 5 are o(√T). Cited: the spectral radius is bounded by any matrix norm. The paper's intermediate '= O(√log b)' is wrong (the bound is Θ(log b): its column 0 alone is (H_b² + H_b^(2))/2 + …, see trsp.C8.column-sums, which this proof does not use), and the bound itself is loose: ‖M_tri‖₂ stays below 5 for every b (trsp.C8.spectral-norm.sharp). The float grid and the flatness sweep are cross-checks.",
    prose="Schur's bound ‖A‖₂² = ρ(AᵀA) ≤ ‖AᵀA‖₁ ≤ ‖Aᵀ‖₁‖A‖₁ = ‖A‖_∞‖A‖₁ (Horn & Johnson, Matrix Analysis, 2nd ed. (2013), Thm 5.6.9: the spectral radius is at most any matrix norm, here the submultiplicative maximum column sum norm); ‖M_tri‖_∞ = 1 (trsp.C8.row-sums); the column sums of Box_b read off its rows (the window of token t is the last w_t = min(b, t+1) tokens, each weighted 1/w_t), so that the checked bounds apply; and the uniform ‖M_tri‖₂ ≤ 5 of trsp.C8.spectral-norm.sharp",
    notes=["loose"],
    tightness=Tightness(
        "sharp",
        "Schur's bound is attained at b = 1 (M_tri = I: both sides 1; c8_schur_bound_grid, worst margin 0 at (T, b) = (1, 1)), and loose without bound as b grows: ‖M_tri‖₂ ≤ 5 (trsp.C8.spectral-norm.sharp) while Schur's √(‖M_tri‖₁‖M_tri‖_∞) ≥ H_b/√2 (c8_schur_unbounded_sympy)",
        ratio=1.0,
        where={"b": 1, "T": "every T"},
        ranges="T in [1, 40] and 63, 64, 65, 255, 256; b in {1, 2, 3, T/2, T, T+1}",
        inequality="‖M_tri‖₂ ≤ √(‖M_tri‖₁‖M_tri‖_∞) (Schur), as ‖M_tri‖₂ over Schur's bound (= 1 at b = 1)",
    ),
    limit=Limit(
        "closed-form",
        "‖M_tri‖₂ ≤ 5 for all T and b (trsp.C8.spectral-norm.sharp), so ‖M_tri‖₂/√T ≤ 5/√T → 0; for fixed b the norm itself is flat in T once T ≥ 64 (1.31, 1.86, 2.30 at b = 2, 8, 32: c8_spectral_norm_flat_in_T)",
        quantity="‖M_tri‖₂/√T",
        value="0",
        numeric=0.0,
        approach="as c_b/√T with c_b = ‖M_tri‖₂ ≤ 5 constant in T",
        ranges="every T, b",
    ),
    tests=[f"{APPENDIX_C_TESTS}::test_box_norm_below_hardy_bound"],
    figure="figures/tribox-norms.png",
)


@c8_spectral_norm.decides
def c8_schur_proof(ctx: Context) -> Evidence:
    """Schur's bound for M_tri: ‖M_tri‖_∞ = 1, every column sum ≤ (H_b + 1)², so √(‖M‖₁‖M‖_∞) ≤ H_b + 1, flat in T."""
    b = sp.Symbol("b", integer=True, positive=True)
    nn = sp.Symbol("n", integer=True, positive=True)
    T, H = sp.Symbol("T", positive=True), sp.Symbol("H_b", positive=True)
    steps = [
        sympy_identity(
            sp.summation(1 / nn, (nn, 1, b)),
            sp.harmonic(b),
            what=(
                "column j of Box_b holds 1/w_t for t = j, …, j + b − 1: the terms with w_t = t + 1 < b sum to at "
                "most Σ_(n≤b) 1/n = H_b, the others (w_t = b, at most b of them) to at most 1"
            ),
        ),
        sympy_identity(
            (H + 1) * (H + 1),
            (H + 1) ** 2,
            what="𝟏ᵀM_tri = (𝟏ᵀBox_b)Box_b ≤ (H_b + 1)𝟏ᵀBox_b ≤ (H_b + 1)²𝟏ᵀ entrywise (nonnegative factors)",
        ),
        sympy_identity(
            sp.limit((H + 1) / sp.sqrt(T), T, sp.oo),
            sp.Integer(0),
            what="√(‖M_tri‖₁‖M_tri‖_∞) ≤ √((H_b+1)²·1) = H_b + 1 does not grow with T: o(√T)",
        ),
        sympy_identity(
            sp.limit(5 / sp.sqrt(T), T, sp.oo), sp.Integer(0), what="‖M_tri‖₂ ≤ 5 (trsp.C8.spectral-norm.sharp): o(√T)"
        ),
    ]
    return derivation(
        steps, what="‖M_tri‖₂ ≤ √(‖M_tri‖₁‖M_tri‖_∞) ≤ H_b + 1 = o(√T), and ‖M_tri‖₂ ≤ 5", ranges="every T, b ≥ 1"
    )


@c8_spectral_norm.supports
def c8_schur_bound_grid(ctx: Context) -> Evidence:
    cases = [
        (T, b) for T in list(range(1, 41)) + [63, 64, 65, 255, 256] for b in sorted({1, 2, 3, max(1, T // 2), T, T + 1})
    ]

    def margin(case):
        T, b = case
        op = TriBox(T, b)
        return math.sqrt(op.column_sums().max() * op.mv(np.ones(T)).max()) - operator_spectral_norm(op, "upper")

    return grid_check(
        cases,
        margin,
        what="‖M_tri‖₂ ≤ √(‖M_tri‖₁‖M_tri‖_∞)",
        method="float",
        exact=False,
        tolerance=lambda case: float_tolerance(case[0], 10.0),
        allowance=(
            "svdvals: ‖M_tri‖₂ within 10·T·eps·‖M_tri‖₂ ≤ 10·T·eps·5 (‖M_tri‖₂ ≤ ‖Box_b‖₂² ≤ 5); the column and row "
            "sums (T nonnegative terms) add ≤ T·eps·√(‖M‖₁‖M‖∞) ≤ T·eps·5 here"
        ),
        ranges="T in [1, 40] and 63, 64, 65, 255, 256; b in {1, 2, 3, T/2, T, T+1}",
    )


@c8_spectral_norm.supports
def c8_spectral_norm_flat_in_T(ctx: Context) -> Evidence:
    parts = []
    Ts = [2**m for m in range(6, 16 if ctx.wide else 13)]
    for b in (2, 8, 32):
        norms = [operator_spectral_norm(TriBox(T, b)) for T in Ts]
        fit = fit_rate(
            Ts, norms, lambda x: np.ones_like(x), "1", {"√T": np.sqrt, "T^0.25": lambda x: x**0.25}, scale="log"
        )
        parts.append(rate_evidence(fit, what=f"b = {b}", ranges=f"T = {Ts[0]}..{Ts[-1]}"))
    return combine(
        parts,
        what="‖M_tri‖₂ is flat in T (so o(√T))",
        method="sweep-fit",
        ranges=f"b in {{2, 8, 32}}, T = {Ts[0]}..{Ts[-1]}",
    )


def _tribox_norm_lobpcg(T: int, b: int) -> float:
    """‖M_tri‖₂ by scipy's svds with the LOBPCG solver on the matrix-free operator: another algorithm than the dense
    SVD and the ARPACK-on-Gram bracket the checks use."""
    import warnings

    import scipy.sparse.linalg as sla

    with warnings.catch_warnings():  # LOBPCG reports when it stops at the float floor, below the digits used here
        warnings.simplefilter("ignore")
        return float(
            sla.svds(
                TriBox(T, b).aslinearoperator(),
                k=1,
                solver="lobpcg",
                tol=1e-7,
                maxiter=100,
                return_singular_vectors=False,
                random_state=np.random.default_rng(0),
            )[0]
        )


@c8_spectral_norm.second("limit")
def spectral_norm_limit_lobpcg(ctx: Context) -> tuple:
    """The flat norms 1.31, 1.86, 2.30 (b = 2, 8, 32) at T = 8192, beyond the checks' grid, by LOBPCG
    (_tribox_norm_lobpcg); and the limit 0 of ‖M_tri‖₂/√T as the constant term of the fit c₀ + c/√T to the b = 32
    values at T = 2048, 4096, 8192 (± the largest norm's 1e-6 over √2048: the solver's digits)."""
    from specproof.engine.measure import CORRECTIONS, fit_limit_once

    out = [
        Second(f"‖M_tri‖₂ at b = {b}", stated, _tribox_norm_lobpcg(8192, b), "LOBPCG svds at T = 8192", 0.005)
        for b, stated in ((2, 1.31), (8, 1.86), (32, 2.30))
    ]
    Ts = np.array([2048.0, 4096.0, 8192.0])
    scaled = np.array([_tribox_norm_lobpcg(int(T), 32) for T in Ts]) / np.sqrt(Ts)
    value, amplification = fit_limit_once(Ts, scaled, CORRECTIONS["1/√x"], amplification=True)
    out.append(
        Second(
            "numeric",
            0.0,
            value,
            "LOBPCG svds at T = 2048 … 8192 (b = 32), constant term of c₀ + c/√T",
            amplification * 1e-6 / math.sqrt(2048),
        )
    )
    return tuple(out)


sharp = claim(
    "trsp.C8.spectral-norm.sharp",
    title="‖M_tri‖₂ ≤ 5 uniformly in T and b (Hardy), while Schur's bound is unbounded in b",
    source=Source("specproof", "App. C.4", "own"),
    statement=r"$\|M_{\rm tri}\|_2\le\|{\rm Box}_b\|_2^2\le5$ for all $T,b$: the rows $t<b$ of ${\rm Box}_b$ are Cesàro means (norm $\le2$ by Hardy's inequality) and the other rows are moving averages of norm $\le1$ whose squares sum to at most $\|x\|^2$. Schur's $\sqrt{\|M\|_1\|M\|_\infty}\ge H_b/\sqrt2\ge\ln(b+1)/\sqrt2$ is unbounded in $b$.",
    uses=["trsp.C8.row-sums"],
    corrects="trsp.C8.spectral-norm",
    expected=Status.PROVED,
    reason="Kernel-checked in Coq for every T and b ≥ 1 (proofs/BoxNorm.v), with no operator norm: the theorem states Σ_(t<T) (Box_b X)_t² ≤ 5 Σ_(t<T) X_t² and Σ_(t<T) (Box_b(Box_b X))_t² ≤ 25 Σ_(t<T) X_t² for every sequence X; Box_b is Kernel.v's Eq. 1 and causal, so these are ‖Box_b x‖² ≤ 5‖x‖² and ‖M_tri x‖² ≤ 25‖x‖² for every x ∈ ℝ^T. Proof: on rows t < b, Hardy's inequality Σ a_t² ≤ 4 Σ X_t² for the prefix means a_t, by Elliott's telescoping a_t² − 2X_t a_t ≤ t·a_(t−1)² − (t+1)·a_t² and 2X_t a_t ≤ 2X_t² + a_t²/2; on rows t ≥ b, (mean of b values)² ≤ mean of their squares, and each X_s enters at most b windows. ‖M_tri‖₂ ≤ ‖Box_b‖₂² is submultiplicativity (the 25 bound is the two applications). Schur's bound is unbounded: its column 0 alone sums to at least (H_b² + H_b^(2))/2 (sympy checks the induction step; the entries H_(t+1)/(t+1) are read off the Cesàro rows). The float grid and the stored sweep (‖M_tri‖₂ ≈ 2.98 at b = 1024, 3.41 at b = 2^16, still growing) are cross-checks.",
    prose="causality turns the Coq sequence bounds into the T × T matrix norms; ‖M_tri‖₂ ≤ ‖Box_b‖₂² is submultiplicativity; the column-0 entries H_(t+1)/(t+1) are read off the Cesàro rows",
    tightness=Tightness(
        "loose",
        "5 against the largest ‖M_tri‖₂ the checks compute, 3.409 at b = 65536, T = 4b (c8_tribox_norm_stored; 2.98 at (T, b) = (1024, 1024) in c8_box_norm_hardy): a factor ≥ 1.467 over that range, a finite-range value, since ‖M_tri‖₂ still grows by about 0.05 per doubling of b at the top of the sweep; the supremum over b is not measured",
        factor=1.467,
        ratio=0.6818,
        where={"b": 65536, "T": "4b"},
        inequality="‖M_tri‖₂ ≤ 5, as 5/‖M_tri‖₂",
        ranges="sweep tribox-norm (default grid): b = 1..65536 (dyadic), T = 4b; 45 (T, b) pairs to T = 1024",
    ),
    tests=[f"{APPENDIX_C_TESTS}::test_box_norm_below_hardy_bound"],
)


BOX_NORM = CoqHook(
    "trsp_C8_spectral_norm_sharp",
    "BoxNorm",
    "forall (b T : nat) (X : nat -> R), (1 <= b)%nat -> sumR (fun t : nat => box b X t ^ 2) T <= 5 * sumR (fun t : nat"
    " => X t ^ 2) T /\\ sumR (fun t : nat => box b (box b X) t ^ 2) T <= 25 * sumR (fun t : nat => X t ^ 2) T",
)


BOX_HEAD = CoqHook(
    "box_head",
    "BoxNorm",
    "forall (b : nat) (X : nat -> R) (t : nat), (t < b)%nat -> box b X t = cesaro X t",
)


HARDY = CoqHook(
    "hardy_finite",
    "BoxNorm",
    "forall (X : nat -> R) (N : nat), sumR (fun t : nat => cesaro X t ^ 2) N <= 4 * sumR (fun t : nat => X t ^ 2) N",
)


BOX_TAIL = CoqHook(
    "box_tail",
    "BoxNorm",
    "forall (b : nat) (X : nat -> R) (t : nat), (1 <= b)%nat -> (b <= t)%nat -> box b X t ^ 2 <= / INR b * sumR (fun i : nat => X (t - i)%nat ^ 2) b",
)


c8_spectral_norm_coq = coq_check(
    "c8_spectral_norm_coq",
    BOX_NORM,
    BOX_HEAD,
    HARDY,
    BOX_TAIL,
    what=(
        "Σ_(t<T) (Box_b X)_t² ≤ 5 Σ_(t<T) X_t² and Σ_(t<T) (Box_b(Box_b X))_t² ≤ 25 Σ_(t<T) X_t² for every "
        "sequence X (Box_b of TRSP Eq. 1; causal, so this is ‖Box_b‖₂² ≤ 5 and ‖M_tri‖₂ ≤ 5 for the T × T "
        "matrices): Hardy's inequality by Elliott's telescoping on rows t < b, Cauchy–Schwarz on rows t ≥ b"
    ),
    ranges="every T ≥ 0, every b ≥ 1",
    covers={
        "trsp_C8_spectral_norm_sharp": "‖Box_b‖₂² ≤ 5 and ‖M_tri‖₂ ≤ 5 for all T, b (‖Box_b x‖² ≤ 5‖x‖², ‖M_tri x‖² ≤ 25‖x‖² on ℝ^T: Box_b is causal, so its T × T matrix is the filter on the first T values)",
        "box_head": "the rows t < b of Box_b are Cesàro means",
        "hardy_finite": "of norm ≤ 2 by Hardy's inequality",
        "box_tail": "the other rows are moving averages whose square is at most the mean of the window's squares (so the squares sum to at most ‖x‖², each x_s entering at most b windows)",
    },
    steps=[
        Step(
            "‖M_tri‖₂ ≤ ‖Box_b‖₂²: M_tri = Box_b·Box_b",
            cites="the operator norm is submultiplicative (Horn & Johnson, Matrix Analysis, 2nd ed., §5.6)",
        ),
        Step("Schur's √(‖M‖₁‖M‖_∞) ≥ H_b/√2 ≥ ln(b+1)/√2 is unbounded in b", check="c8_schur_unbounded_sympy"),
    ],
    constants=[(r"\le5", "<= 5 * sumR")],
)

sharp.decides(c8_spectral_norm_coq)


@c8_spectral_norm.second("tightness")
def schur_equality_dense(ctx: Context) -> tuple:
    """Schur's bound against ‖M_tri‖₂ at b = 1, T = 64 again: the dense SVD's largest singular value over
    √(‖M‖₁‖M‖_∞) from numpy's matrix norms."""
    M = TriBox(64, 1).as_matrix()
    schur = math.sqrt(np.linalg.norm(M, 1) * np.linalg.norm(M, np.inf))
    return (
        Second("ratio", 1.0, float(scipy.linalg.svdvals(M)[0]) / schur, "dense SVD and matrix norms at T = 64", 1e-12),
    )


@sharp.second("tightness")
def hardy_factor_lobpcg(ctx: Context) -> tuple:
    """5/‖M_tri‖₂ at b = 65536, T = 4b again by LOBPCG on the matrix-free operator (_tribox_norm_lobpcg), not the stored
    ARPACK bracket; the record states the factor to 4 digits (it said 1.46, 5/3.409 truncated: 1.467)."""
    return (Second("factor", 1.467, 5 / _tribox_norm_lobpcg(4 * 65536, 65536), "LOBPCG svds at T = 262144", 0.0005),)


@sharp.decides
def c8_schur_unbounded_sympy(ctx: Context) -> Evidence:
    """Schur's bound is unbounded in b: ‖M_tri‖₁ ≥ Σ_(t<b) (M_tri)_(t,0) = Σ_(n≤b) H_n/n = (H_b² + H_b^(2))/2 ≥
    H_b²/2.
    """
    n, H, H2 = sp.symbols("n H H2", positive=True)  # H = H_(n−1), H2 = H_(n−1)^(2)
    t, m = sp.symbols("t m", integer=True, nonnegative=True)
    steps = [
        sympy_identity(
            sp.summation(1 / ((t + 1) * m), (m, 1, t + 1)),
            sp.harmonic(t + 1) / (t + 1),
            what=(
                "(M_tri)_(t,0) = Σ_(s≤t) (Box_b)_(t,s)(Box_b)_(s,0) = Σ_(m=s+1≤t+1) 1/((t+1)m) = H_(t+1)/(t+1) for "
                "every t < b (rows of Box_b below b are Cesàro means; symbolic t)"
            ),
        ),
        sympy_identity(
            (sp.Integer(1) ** 2 + 1) / 2,
            sp.Integer(1) / 1,
            what="base case n = 1 of Σ_(m≤n) H_m/m = (H_n² + H_n^(2))/2: H_1/1 = 1 = (1² + 1)/2",
        ),
        sympy_identity(
            ((H + 1 / n) ** 2 + H2 + 1 / n**2) / 2 - (H**2 + H2) / 2,
            (H + 1 / n) / n,
            what="induction step of Σ_(m≤n) H_m/m = (H_n² + H_n^(2))/2: the right side grows by H_n/n",
        ),
    ]
    return derivation(
        steps,
        what="√(‖M_tri‖₁‖M_tri‖_∞) ≥ H_b/√2 ≥ ln(b+1)/√2 → ∞ (‖M_tri‖_∞ = 1, trsp.C8.row-sums)",
        ranges="every b ≥ 1, T ≥ b",
    )


@sharp.supports
def c8_box_norm_hardy(ctx: Context) -> Evidence:
    cases = [(T, b) for T in (8, 33, 64, 127, 256, 1024) for b in sorted({1, 2, 3, 7, 16, T // 4 or 1, T // 2 or 1, T})]
    if ctx.wide:
        cases += [(4 * b, b) for b in (1024, 4096)]
    seen = {}

    def margin(case):
        T, b = case
        box_lo, box_hi = (
            operator_spectral_norm(BoxFilter(T, b), "lower"),
            operator_spectral_norm(BoxFilter(T, b), "upper"),
        )
        tri = operator_spectral_norm(TriBox(T, b), "upper")
        seen[case] = tri
        return min(5.0 - box_hi**2, box_lo**2 - tri)

    ev = grid_check(
        cases,
        margin,
        what="‖M_tri‖₂ ≤ ‖Box_b‖₂² ≤ 5",
        method="float",
        exact=False,
        tolerance=lambda case: float_tolerance(case[0], 25.0),
        allowance=(
            "svdvals: each norm within 10·T·eps·‖·‖₂, ‖Box_b‖₂² ≤ 5 and ‖M_tri‖₂ ≤ 5; squaring doubles the relative "
            "error: each side within 10·T·eps·(2·5 + 5); beyond T = 2048 the bracket sides err on the safe side"
        ),
        ranges=f"{len(cases)} (T, b) pairs, T up to {max(t for t, _ in cases)}",
    )
    top = max(seen, key=seen.__getitem__)
    ev = replace(
        ev,
        sharpest=(
            f"largest ‖M_tri‖₂ = {fmt(seen[top])} at (T, b) = {top}; Schur's bound there"
            f" {fmt(math.sqrt(TriBox(*top).column_sums().max()))}"
        ),
    )
    ev = replace(ev, summary=ev.summary + f"; {ev.sharpest}")
    return ev


@sharp.supports
def c8_tribox_norm_stored(ctx: Context) -> Evidence:
    """‖M_tri^(b)‖₂ at T = 4b (the distal regime) from the stored `tribox-norm` sweep: the upper end of each
    Lanczos/Collatz–Wielandt bracket stays below 5, far beyond dense sizes."""
    from specproof.runs.sweeps.table import run_sweep, stored_options

    options = stored_options(ctx)
    rows = run_sweep("tribox-norm", **options).rows
    bs = [int(r["x"]) for r in rows]
    upper = np.array([r["upper"] for r in rows])
    margin = float(5.0 - upper.max())
    ranges = f"sweep tribox-norm ({options['grid']} grid): b = {bs[0]}..{bs[-1]} (dyadic), T = 4b"
    increments = np.diff(upper[-4:])
    return Evidence(
        Status.VERIFIED if margin >= 0 else Status.REFUTED,
        "lanczos",
        f"‖M_tri‖₂ ≤ {fmt(upper.max(), 4)} < 5 at every b; it still grows, by "
        f"{', '.join(fmt(d) for d in increments)} per doubling of b at the top (b = {bs[-1]}: {fmt(upper[-1], 4)})",
        ranges=ranges,
        role=Role.SUPPORTS,
        worst_margin=margin,
        sharpest=f"largest ‖M_tri‖₂ = {fmt(upper.max(), 4)} at b = {bs[int(upper.argmax())]}, T = 4b",
        counterexample=None if margin >= 0 else {"b": bs, "upper": upper.tolist()},
    )


hypotheses = claim(
    "trsp.C8.spectral-norm.hypotheses",
    title="‖M_tri‖₂ = o(√T) does not need a fixed bandwidth",
    source=Source("specproof", "App. C.4", "own"),
    statement=r"The proof of Thm C.8 reads $\|M_{\rm tri}\|_2=o(\sqrt T)$ for fixed $b$; it holds for every $b$: Schur's bound $\sqrt{\|M_{\rm tri}\|_1\|M_{\rm tri}\|_\infty}$ is $O(\log T)$ for the distal $b\in\{T/2,T\}$, and $\|M_{\rm tri}\|_2\le5$ uniformly in $T$ and $b$ (trsp.C8.spectral-norm.sharp). The bound $\|\mathcal M\|_2^2\le T+o(T)$ of Eq. 15 therefore needs no bandwidth hypothesis either.",
    uses=["trsp.C8.spectral-norm", "trsp.C8.spectral-norm.sharp"],
    expected=Status.VERIFIED,
    reason="O(T) column and row sums of the matrix-free triBox for b = T/2, T over dyadic T; a one-sided rate fit (the ratio to ln T does not grow, √T ruled out)",
    unproved="the o(√T) for b = T/2 is a one-sided rate fit over dyadic T of exact column and row sums; no written bound for growing bandwidth",
    tightness=Tightness(
        "loose",
        "‖M_tri‖₂ ≤ 5 against the largest norm computed, 3.409 at b = 65536, T = 4b (c8_tribox_norm_stored, as for trsp.C8.spectral-norm.sharp): a factor ≥ 1.467 over that range, finite-range (the norm still grows slowly in b)",
        factor=1.467,
        ratio=0.6818,
        where={"b": 65536, "T": "4b"},
        ranges="sweep tribox-norm (default grid): b = 1..65536, T = 4b",
        inequality="‖M_tri‖₂ ≤ 5, as 5/‖M_tri‖₂",
    ),
    weakest=Weakest(
        "not-needed",
        "‖M_tri‖₂ ≤ 5 for every T and b (trsp.C8.spectral-norm.sharp, Coq theorem trsp_C8_spectral_norm_sharp); Schur's bound is O(log T) for b ∈ {T/2, T} (c8_spectral_distal_probe: Schur/ln T in [0.712, 0.835])",
        hypothesis="bandwidth b",
        stated="b fixed",
        weakest="any b",
        constant="‖M_tri‖₂ ≤ 5",
        ranges="every T, b",
    ),
    tests=[f"{APPENDIX_C_TESTS}::test_box_norm_below_hardy_bound"],
)


@hypotheses.second("tightness")
def hypotheses_factor_lobpcg(ctx: Context) -> tuple:
    """As for trsp.C8.spectral-norm.sharp (hardy_factor_lobpcg): 5/‖M_tri‖₂ at b = 65536, T = 4b by LOBPCG."""
    return hardy_factor_lobpcg(ctx)


@hypotheses.decides
def c8_spectral_distal_probe(ctx: Context) -> Evidence:
    """Drop 'fixed b': for distal b ∈ {T/2, T}, Schur's √(‖M_tri‖₁‖M_tri‖∞) is O(log T), still o(√T)."""
    Ts = [2**m for m in range(6, 19 if ctx.wide else 15)]
    parts = []
    for name, width in (("T/2", lambda T: T // 2), ("T", lambda T: T)):
        schur = []
        for T in Ts:
            op = TriBox(T, width(T))
            schur.append(math.sqrt(float(op.column_sums().max()) * float(op.mv(np.ones(T)).max())))
        fit = fit_rate(Ts, schur, np.log, "(ln T)", {"√T": np.sqrt}, scale="loglog")
        parts.append(
            bound_evidence(
                fit, side="upper", what=f"b = {name}: Schur bound / ln T does not grow", ranges=f"T = {Ts[0]}..{Ts[-1]}"
            )
        )
    ev = combine(
        parts,
        what="Schur's bound is O(log T) = o(√T) for b = Θ(T)",
        method="sweep-fit",
        ranges=f"b in {{T/2, T}}, T = {Ts[0]}..{Ts[-1]} (dyadic)",
    )
    return probe_hypothesis("not needed", "fixed b (for ‖M_tri‖₂ = o(√T))", ev, role=Role.DECIDES)


sink_norm = claim(
    "trsp.C8.sink-norm",
    title="The rank-one sink has norm √T",
    source=Source("TRSP", "App. C.4", "Thm C.8"),
    statement=r"$\|\mathbf 1e_1^\top\|_2=\|\mathbf 1\|_2\|e_1\|_2=\sqrt T$.",
    expected=Status.PROVED,
    reason="sympy simplifies (𝟏e₁ᵀ)ᵀ(𝟏e₁ᵀ) to T·e₁e₁ᵀ for symbolic T (matrix expressions), whose only nonzero eigenvalue is T (eigenvector e₁); singular values confirm √T numerically.",
    prose="‖A‖₂² is the largest eigenvalue of AᵀA = T·e₁e₁ᵀ, which is T",
    tests=[f"{APPENDIX_C_TESTS}::test_rank_floor_limit_formula"],
)


@sink_norm.decides
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


@sink_norm.decides
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
        role=Role.SUPPORTS,
    )


rank_floor = claim(
    "trsp.C8.rank-floor",
    title="Rank floor under a sink: liminf R_eff ≥ 1 + g²E_b > 1",
    source=Source("TRSP", "App. C.4", "Thm C.8 / Eq. 14–15"),
    statement=r"For fixed $b$, $g\in(0,1)$ and $A_{\rm attn}=\mathbf 1e_1^\top$, $\liminf_{T\to\infty}R_{\rm eff}(I+A_{\rm attn}+gM_{\rm tri})\ge1+g^2E_b>1$, with $E_b=\|h_b\|_2^2$.",
    uses=[
        "trsp.tribox.frobenius-linear",
        "trsp.C8.spectral-norm.sharp",
        "trsp.C8.sink-norm",
        "trsp.C7.kernel-energy",
        "trsp.reff.identity",
    ],
    expected=Status.PROVED,
    reason="Kernel-checked in Coq for every b ≥ 1 and g ∈ (0, 1) (proofs/RankFloor.v): with ‖ℳ_T‖₂ the ℓ₂-induced norm on ℝ^T (shown to exist) and ℳ's entries its matrix, liminf_T ‖ℳ_T‖_F²/‖ℳ_T‖₂² ≥ 1 + g²E_b > 1 (Coquelicot's liminf), E_b = (2b²+1)/(3b³) = ‖h_b‖²; the Frobenius bound, ‖M_tri‖₂ ≤ 5, the three-term Cauchy–Schwarz and the limit are in the proof; only R_eff = ‖ℳ‖_F²/‖ℳ‖₂² (Eq. 15) and the spectral norm as the induced norm are cited. Machine-checked (sympy): ‖I + 𝟏e₁ᵀ‖_F² = 2T + 2, the nonnegative cross terms, and the limit of the lower bound (2T + 2 + g²(T − 2b + 2)‖h_b‖²)/(1 + √T + 5g)² → 2 + g²‖h_b‖². Argued in prose: the stable-rank form of R_eff and the norm triangle inequality, with the cited proved claims. The bound is loose by more than 1: the limit is 2 + 2g/b² + g²‖h_b‖² and already 2 at g = 0, because the identity alone doubles the Frobenius energy of the sink (trsp.C8.rank-floor.limit); the paper's proof drops ‖A_attn‖_F² = T. The float sweep (the bound holds at every T checked, not only in the limit) is a cross-check.",
    prose="R_eff = ‖ℳ‖_F²/‖ℳ‖₂² (trsp.reff.identity); the triangle inequality ‖ℳ‖₂ ≤ ‖I‖₂ + ‖𝟏e₁ᵀ‖₂ + g‖M_tri‖₂ with ‖𝟏e₁ᵀ‖₂ = √T (trsp.C8.sink-norm) and ‖M_tri‖₂ ≤ 5 (trsp.C8.spectral-norm.sharp); ‖M_tri‖_F² = c_b + (T − 2b + 2)‖h_b‖² with c_b ≥ 0 for T ≥ 2b − 2 (trsp.tribox.frobenius-linear, ‖h_b‖² from trsp.C7.kernel-energy); the liminf of R_eff is at least the limit of the checked lower bound; dropping the sink's ‖𝟏e₁ᵀ‖_F² = T recovers the paper's numerator and its 1 + g²E_b",
    notes=["loose"],
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
    tests=[f"{APPENDIX_C_TESTS}::test_rank_floor_limit_formula"],
    figure="figures/rank-floor.png",
)


rank_floor.decides(c8_rank_floor_coq)


@rank_floor.decides
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


RANK_FLOOR_GATES = (0.0, 0.5, 0.9)


RANK_FLOOR_BANDWIDTHS = (1, 2, 8)


def dense_frobenius_sq(op, block: int = 256) -> float:
    """‖A‖_F² from blocks of columns A·e_j, so memory stays O(T·block)."""
    total = 0.0
    for start in range(0, op.n, block):
        cols = np.zeros((op.n, min(block, op.n - start)))
        cols[start + np.arange(cols.shape[1]), np.arange(cols.shape[1])] = 1.0
        total += float(np.sum(op.mv(cols) ** 2))
    return total


@functools.lru_cache(maxsize=None)
def _stable_rank_composite(T: int, b: int, g: float) -> float:
    """R_eff(ℳ) = ‖ℳ‖_F²/‖ℳ‖₂² for ℳ = I + 𝟏e₁ᵀ + g·M_tri (TRSP Eq. 14–15)."""
    op = composite_operator(Sink(T), g, b)
    return dense_frobenius_sq(op) / operator_spectral_norm(op) ** 2


def _rank_floor_sizes(ctx: Context) -> list[int]:
    return [2**m for m in range(5, 13 if ctx.wide else 11)]


@rank_floor.supports
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


@rank_floor.supports
def c8_rank_floor_slack(ctx: Context) -> Evidence:
    """How loose Thm C.8's floor is: R_∞/(1 + g²‖h_b‖²) with R_∞ = 2 + 2g/b² + g²‖h_b‖² (trsp.C8.rank-floor.limit),
    in exact rationals over b = 1..256 and g = 0, 1/100, ..., 1; the infimum is at b = 6, g → 1."""
    best: tuple[Fraction, int, Fraction] | None = None
    for b in range(1, 257):
        E = Fraction(2 * b * b + 1, 3 * b**3)
        for k in range(0, 101):
            g = Fraction(k, 100)
            ratio = (2 + 2 * g / b**2 + g * g * E) / (1 + g * g * E)
            if best is None or ratio < best[0]:
                best = (ratio, b, g)
    assert best is not None
    ratio, b, g = best
    ok = ratio > Fraction(1948, 1000) and (b, g) == (6, 1)
    return Evidence(
        Status.CERTIFIED if ok else Status.OPEN,
        "exact-rational",
        f"R_∞/(1 + g²‖h_b‖²) ≥ {fmt(float(ratio), 5)} over the grid, smallest at b = {b}, g = {g}: the floor 1 + g²E_b is loose "
        "by nearly 2 (→ 2 as g → 0 or b → ∞)",
        ranges="b = 1..256, g = 0, 1/100, ..., 1 (exact rationals)",
        role=Role.SUPPORTS,
    )


@rank_floor.second("tightness")
def rank_floor_slack_continuous(ctx: Context) -> tuple:
    """The infimum of R_∞/(1 + g²E_b) again, in floats and over continuous g: for each b ≤ 512 the minimum over
    g ∈ [0, 1] by bounded scalar minimisation, with ‖h_b‖² summed from the kernel's weights (theory.filters) rather
    than the closed form (2b² + 1)/(3b³) the check uses on a grid of g."""
    import scipy.optimize

    best = math.inf
    for b in range(1, 513):
        E = float(np.sum(np.asarray(tribox_kernel(b), float) ** 2))
        slack = lambda g, b=b, E=E: (2 + 2 * g / b**2 + g * g * E) / (1 + g * g * E)  # noqa: E731
        res = scipy.optimize.minimize_scalar(slack, bounds=(1e-9, 1.0), method="bounded", options={"xatol": 1e-12})
        best = min(best, float(res.fun), slack(1.0))
    return (
        Second("factor", 1.948, best, "bounded minimisation over g for each b ≤ 512, ‖h_b‖² from the weights", 1e-3),
    )


rank_floor_sharp = claim(
    "trsp.C8.rank-floor.sharp",
    title="The actual limit: R_eff → 2 + 2g/b² + g²‖h_b‖² (2 without the side path)",
    source=Source("specproof", "App. C.4", "own"),
    statement=r"For fixed $b\ge1$ and $g\ge0$, $R_{\rm eff}(I+\mathbf 1e_1^\top+gM_{\rm tri})\to2+\frac{2g}{b^2}+g^2\|h_b\|_2^2$ from below at rate $\Theta(1/T)$: $\|\mathcal M\|_F^2=2T+2g\,{\rm tr}M_{\rm tri}+g^2\|M_{\rm tri}\|_F^2+O(1)$ and $\|\mathcal M\|_2^2=T+O(1)$. At $g=0$ the limit is $2$: the residual path, not the side path, keeps $R_{\rm eff}$ away from the sink's $1$; the side path adds $2g/b^2+g^2\|h_b\|^2$.",
    corrects="trsp.C8.rank-floor",
    expected=Status.REFUTED,
    reason="False as stated for large b·g, which the statement allows (fixed b ≥ 1, g ≥ 0): at b = 8192, g = 64 the composite's R_eff exceeds its limit (R_eff − R_∞ ≥ 3.6e−3 at T = 10⁶, matrix-free: closed-form ‖ℳ‖_F² over a Collatz–Wielandt upper bound on ‖ℳ‖₂²), so the limit is approached from above; κ(b, g) = lim T(R_∞ − R_eff) is negative there (≈ −5284; from about b ≈ 5000 at g ≈ 40). The limit and the O(1/T) rate hold for every b, g, and 'from below at Θ(1/T)' holds for g ∈ [0, 1], the paper's regime: trsp.C8.rank-floor.limit (corrects the same paper claim). For every (b, g) of the small grid (b ≤ 8, g ≤ 0.9) the sweep still shows R_∞ − R_eff > 0 with T·(R_∞ − R_eff) flat (a cross-check). Found by the referee audit.",
    tests=[f"{APPENDIX_C_TESTS}::test_rank_floor_limit_formula"],
    figure="figures/rank-floor.png",
)


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


FROM_ABOVE = (8192, 64.0, 10**6)  # (b, g, T): the audit's instance; κ(8192, 64) ≈ −5284


@rank_floor_sharp.decides
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


@rank_floor_sharp.supports
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


limit = claim(
    "trsp.C8.rank-floor.limit",
    title="The limit R_eff → 2 + 2g/b² + g²‖h_b‖² at rate O(1/T), from below for g ∈ [0, 1]",
    source=Source("specproof", "App. C.4", "own"),
    statement=r"For fixed $b\ge1$, $g\ge0$ and $\mathcal M=I+\mathbf 1e_1^\top+gM_{\rm tri}$: $R_{\rm eff}(\mathcal M)\to R_\infty=2+\frac{2g}{b^2}+g^2\|h_b\|_2^2$ with $R_\infty-R_{\rm eff}=\kappa(b,g)/T+O_{b,g}(T^{-2})$, where $\kappa=R_\infty\lambda'-F'$, $\lambda'=2(1+g\,cs_0)+2(1+g)^2+g^2m_2$, $F'=2+2g(cs_0+\tau_b)+g^2\beta_b$ ($cs_0$ the column-0 sum of $M_{\rm tri}$, $m_2=\sum_{t\ge1}(M_{\rm tri})_{t0}^2$, $\tau_b=H_b^{(2)}-1/b$, $\beta_b$ of trsp.C7.frobenius.corrected). So $|R_\infty-R_{\rm eff}|=O(1/T)$ for every $b,g$, and $\Theta(1/T)$ wherever $\kappa\ne0$; for $g\in[0,1]$ (the paper's regime) $\kappa\ge4g^2-(\pi^2/3-1)g+6>0$: the limit is approached from below at rate $\Theta(1/T)$. For large $b\cdot g$, $\kappa<0$ ($\kappa(8192,64)\approx-5284$): from above; by continuity in $g$, $\kappa$ vanishes somewhere between, where the rate is faster than $1/T$. At $g=0$ the limit is 2: the residual path, not the side path, keeps $R_{\rm eff}$ away from the sink's 1.",
    uses=[
        "trsp.C7.frobenius.corrected",
        "trsp.C8.spectral-norm",
        "trsp.C8.spectral-norm.sharp",
        "trsp.C8.sink-norm",
        "trsp.C7.kernel-energy",
        "trsp.reff.identity",
    ],
    corrects="trsp.C8.rank-floor",
    expected=Status.PROVED,
    reason="Machine-checked (sympy): the entrywise Frobenius expansion and R_∞T + F′; the diagonal of M_tri; the asymptotics of the two roots bracketing λ_max (both T + λ′ + O(1/T)); the 1/T expansion of R_eff with κ = R_∞λ′ − F′; and, for g ∈ [0, 1], κ ≥ 2λ′ − F′ ≥ 4g² − (π²/3 − 1)g + 6 > 0 from cs₀ ≥ H_b²/2, τ_b ≤ π²/6 and β_b ≤ 2H_b + 6. Argued in prose: the Schur-complement characterisation of the top eigenvalue and the column-sum structure behind ‖b‖² = (1 + g)²T + O(1) (cited). This corrects the paper's Thm C.8 (its 1 + g²E_b is loose by more than 1) and replaces the refuted trsp.C8.rank-floor.sharp, whose 'from below' fails for large b·g. κ's closed form agrees with T(R_∞ − R_eff) on the dense sweep and is ≥ 6 on b ≤ 4096, g ≤ 1 (cross-check).",
    prose="‖ℳ‖_F² summed from the checked entrywise expansion (Σδ² = T, Σ[s=0]² = T, Σδ[s=0] = 1, Σδ·M = tr M_tri, Σ[s=0]M = cs₀) with ‖M_tri‖_F² = T‖h_b‖² + β_b (trsp.C7.frobenius.corrected) and the diagonal of M_tri read off the two box factors; the top eigenvalue of B = ℳᵀℳ = [[α, bᵀ], [b, C]] (first coordinate split off): det(λ − B) = det(λ − C)(λ − α − bᵀ(λ − C)⁻¹b) (Schur complement, Horn & Johnson, Matrix Analysis, 2nd ed. (2013), §0.8.5), λ_max(B) > λ_max(C) (Cauchy interlacing, ibid. Thm 4.3.17), and λ − α − bᵀ(λ − C)⁻¹b is increasing for λ > λ_max(C), so λ_max lies between the roots λ₀ ≤ λ_max ≤ λ₁ of λ = α + ‖b‖²/λ and λ = α + ‖b‖²/(λ − K) (0 ⪯ C, ‖C‖ ≤ K = (1 + 5g)²: C = NᵀN restricted, N = I + gM_tri, ‖M_tri‖₂ ≤ 5); here α = ‖ℳe₁‖² = T + 2(1 + g·cs₀) + (1 + g)² + g²m₂ ((M_tri)₀₀ = 1) and ‖b‖² = (1 + g)²T + O_b(1), since b_j = c_j + (NᵀNe₁)_j with c = Nᵀ𝟏, the column sums of M_tri equal 1 on the interior columns b − 1 ≤ j ≤ T − 2b + 1 and are ≤ (H_b + 1)² elsewhere (trsp.C8.spectral-norm), and NᵀNe₁ is supported on j ≤ 2b − 2; then the checked limits give λ_max = T + λ′ + O(1/T) and R_eff = R_∞ − κ/T + O(1/T²); for g ∈ [0, 1] the bounds on cs₀ (column 0 holds the Cesàro entries H_(t+1)/(t+1), t < b), τ_b, β_b and R_∞ ≥ 2 in the checked steps; κ < 0 at large b·g is a computation (trsp.C8.rank-floor.sharp's counterexample), not needed for the bounds",
    tightness=Tightness(
        "sharp",
        "κ ≥ 4g² − (π²/3 − 1)g + 6 is attained at g = 0 for every b: there R_∞ = 2, λ′ = 4, F′ = 2 and κ = R_∞λ′ − F′ = 6, the bound's value (closed forms of c8_rank_limit_proof; c8_rank_limit_kappa finds κ ≥ 6 on b ≤ 4096, g ≤ 1)",
        ratio=1.0,
        where={"g": 0, "b": "every b"},
        ranges="every b ≥ 1, g ∈ [0, 1]",
        inequality="κ ≥ 4g² − (π²/3 − 1)g + 6, as the bound over κ (= 1 at g = 0)",
    ),
    limit=Limit(
        "closed-form",
        "c8_rank_limit_proof: R_eff = R_∞ − κ/T + O(1/T²) with κ = R_∞λ′ − F′ in closed form; its value agrees with T(R_∞ − R_eff) measured at T = 2^14 (c8_rank_limit_kappa)",
        quantity="R_eff(I + 𝟏e₁ᵀ + gM_tri)",
        value="2 + 2g/b² + g²‖h_b‖²",
        approach="as R_∞ − κ(b, g)/T, κ = R_∞λ′ − F′ (from below for g ∈ [0, 1])",
        ranges="every b ≥ 1, g ≥ 0",
    ),
    tests=[f"{APPENDIX_C_TESTS}::test_rank_floor_limit_formula"],
    figure="figures/rank-floor.png",
)


@limit.second("tightness")
def rank_limit_kappa_two_by_two(ctx: Context) -> tuple:
    """κ at g = 0 again, apart from the general closed form R_∞λ′ − F′: ℳ = I + 𝟏e₁ᵀ has ‖ℳ‖_F² = 2T + 2 and, on the
    invariant plane {e₁, (𝟏 − e₁)/√(T − 1)}, ℳᵀℳ = [[T + 3, √(T − 1)], [√(T − 1), 1]] (identity elsewhere), so
    κ = lim T(2 − (2T + 2)/λ_max) by sympy's limit; the ratio is the bound's 6 over it."""
    T = sp.Symbol("T", positive=True)
    lam = ((T + 4) + sp.sqrt((T + 2) ** 2 + 4 * (T - 1))) / 2
    kappa = sp.limit(T * (2 - (2 * T + 2) / lam), T, sp.oo)
    return (Second("ratio", 1.0, float(6 / kappa), "the 2 × 2 block of ℳᵀℳ at g = 0, sympy limit", 0.0),)


@limit.decides
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


@limit.supports
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
        role=Role.SUPPORTS,
        worst_margin=float(small),
        counterexample=None if ok else {"rows": rows, "min_small": small, "big": {str(k): v for k, v in big.items()}},
    )


sink = rank_floor.hypothesis(
    "sink",
    title="Thm C.8: the rank-one sink is not needed",
    statement=r"Not needed: the rank-one sink. For every row-stochastic $A\ge0$, $\|A\|_2\le\sqrt T$ (Schur), so the proof's bound $R_{\rm eff}\ge(T+g^2\|M_{\rm tri}\|_F^2)/(1+\sqrt T+g\|M_{\rm tri}\|_2)^2$ holds at every $T$ and $\liminf R_{\rm eff}\ge1+g^2\|h_b\|^2$ whatever attention does.",
    uses=["trsp.C8.rank-floor", "trsp.C8.spectral-norm.sharp"],
    expected=Status.VERIFIED,
    reason="a property search over row-stochastic patterns",
    unproved="a property search over row-stochastic patterns; the triangle inequality with Prop. C.7 would prove it, not assembled as a check here",
    tightness=Tightness(
        "sharp",
        "‖A‖₂ ≤ √T is attained by the sink itself: ‖𝟏e₁ᵀ‖₂ = √T (trsp.C8.sink-norm)",
        where={"A": "𝟏e₁ᵀ", "T": "every T"},
        ranges="every T",
    ),
    weakest=Weakest(
        "not-needed",
        "‖A‖₂ ≤ √(‖A‖₁‖A‖_∞) ≤ √T for every row-stochastic A ≥ 0, so the proof's bound holds whatever attention does (c8_any_attention_probe)",
        hypothesis="attention pattern",
        stated="the rank-one sink 𝟏e₁ᵀ",
        weakest="any row-stochastic A ≥ 0",
        ranges="T in [1, 24], b in {1, T, T+1, 2T+3}, g in [0, 1]",
    ),
)


@sink.decides
def c8_any_attention_probe(ctx: Context) -> Evidence:
    """Drop the sink: for every row-stochastic A ≥ 0, ‖A‖₂ ≤ √(‖A‖₁‖A‖∞) ≤ √T, so the proof's finite-T bound
    R_eff ≥ (T + g²‖M_tri‖_F²)/(1 + √T + g‖M_tri‖₂)² holds whatever attention does."""
    strategy = sst.size_and_bandwidth(24).flatmap(
        lambda tb: st.tuples(st.just(tb[1]), st.floats(0.0, 1.0, width=64), sst.row_stochastic(tb[0]))
    )

    def margin(case):
        b, g, A = case
        T = len(A)
        M = TriBox(T, b).as_matrix()
        ops = np.eye(T) + A + g * M
        bound = (T + g * g * np.sum(M**2)) / (1 + math.sqrt(T) + g * scipy.linalg.svdvals(M)[0]) ** 2
        return min(stable_rank(ops) - bound, math.sqrt(T) - scipy.linalg.svdvals(A)[0])

    ev = property_search(
        strategy,
        margin,
        what="‖A‖₂ ≤ √T and R_eff(I + A + gM_tri) ≥ (T + g²‖M‖_F²)/(1 + √T + g‖M‖₂)²",
        ctx=ctx,
        examples=120,
        wide_examples=1500,
        tolerance=lambda case: float_tolerance(len(case[2]), 6 * len(case[2]) + 6),
        allowance=(
            "svdvals of ℳ, A and M each within 10·T·eps relatively, squared twice that, the sums within T·eps: "
            "R_eff ≤ T and the bound ≤ 1 + T each within 3·10·T·eps·(T + 1), √T − ‖A‖₂ within 10·T·eps·√T"
        ),
        ranges=(
            "T in [1, 24], b in {1, T, T+1, 2T+3, random}, g in [0, 1], row-stochastic attention "
            "(random, sink, banded, causal, disconnected, permutation, identity)"
        ),
    )
    return probe_hypothesis("not needed", "a rank-one sink (any row-stochastic attention)", ev, role=Role.DECIDES)


positive_gate = rank_floor.hypothesis(
    "positive-gate",
    title="Thm C.8: g > 0 is not needed for R_eff > 1",
    statement=r"$g>0$ is needed for the paper's bound $1+g^2E_b>1$ but not for its conclusion: at $g=0$, $R_{\rm eff}(I+\mathbf1e_1^\top)\to2$ (the residual path, not the side path, keeps the rank away from the sink's 1).",
    uses=["trsp.C8.rank-floor", "trsp.C8.rank-floor.limit"],
    expected=Status.CERTIFIED,
    reason="exact characteristic polynomials and a sympy limit",
    tightness=Tightness(
        "loose",
        "R_eff > 1 at g = 0: the limit is 2 (c8_zero_gate_probe), a factor 2 above the bound 1",
        factor=2.0,
        ratio=0.5,
        where={"g": 0, "T": "→ ∞"},
        ranges="T → ∞",
    ),
    weakest=Weakest(
        "weaker-suffices",
        "at g = 0 R_eff(I + 𝟏e₁ᵀ) = (2T + 2)/λ₊ → 2 (c8_zero_gate_probe, exact charpoly at T = 2..8 and the symbolic limit)",
        hypothesis="gate g",
        stated="g > 0 (g ∈ (0, 1))",
        weakest="g ≥ 0",
        constant="liminf R_eff = 2 + 2g/b² + g²‖h_b‖² (trsp.C8.rank-floor.limit)",
        ranges="T = 2..8 exact, T → ∞",
    ),
    tests=[f"{HYPOTHESES_TESTS}::test_zero_gate_sink_charpoly"],
)


@positive_gate.decides
def c8_zero_gate_probe(ctx: Context) -> Evidence:
    """'Since g > 0 … the limit exceeds 1': at g = 0, R_eff(I + 𝟏e₁ᵀ) = (2T + 2)/λ₊, λ₊ = (T + 4 + √((T+4)² − 16))/2 →
    2.
    """
    T = sp.Symbol("T", positive=True)
    lam = (T + 4 + sp.sqrt((T + 4) ** 2 - 16)) / 2
    exact = []
    for n in range(2, 9):
        M = sp.eye(n) + sp.Matrix(n, n, lambda i, j: 1 if j == 0 else 0)
        G = M.T * M
        x = sp.Symbol("x")
        exact.append(sp.expand(G.charpoly(x).as_expr() - (x - 1) ** (n - 2) * (x**2 - (n + 4) * x + 4)) == 0)
    limit = sp.limit((2 * T + 2) / lam, T, sp.oo)
    ok = all(exact) and limit == 2
    ev = Evidence(
        Status.CERTIFIED if ok else Status.OPEN,
        "sympy",
        "charpoly of (I + 𝟏e₁ᵀ)ᵀ(I + 𝟏e₁ᵀ) is (x−1)^(T−2)(x² − (T+4)x + 4) at T = 2..8 (exact) and "
        f"(2T + 2)/λ₊ → {limit} > 1: the residual path alone keeps R_eff away from 1",
        ranges="T = 2..8 exact, T → ∞ by the symbolic limit",
        worst_margin=float(limit - 1),
    )
    return probe_hypothesis("not needed", "g > 0 (for R_eff > 1)", ev, role=Role.DECIDES)


bandwidth = rank_floor.hypothesis(
    "bandwidth",
    title="Thm C.8: a fixed bandwidth b = O(1) is not needed for R_eff > 1",
    statement=r"Not needed: $b=O(1)$. Distal $b\in\{T/2,T\}$ keep $R_{\rm eff}\ge(2T+2)/(1+\sqrt T+g\|M_{\rm tri}\|_2)^2>1$, as $\mathcal M\ge I+\mathbf1e_1^\top$ entrywise, and $R_{\rm eff}$ rises towards 2.",
    uses=["trsp.C8.rank-floor", "trsp.C8.spectral-norm.sharp"],
    expected=Status.VERIFIED,
    reason="dense stable ranks for distal bandwidths",
    unproved="the distal bandwidths are dense float stable ranks over a finite range of T",
    tightness=Tightness(
        "loose",
        "R_eff > 1 against the computed R_eff ∈ [1.63, 1.77] at T = 64 and [1.9, 1.94] at T = 512 (c8_bandwidth_probe), rising to 2: a factor ≥ 1.63 over the range",
        factor=1.63,
        ratio=0.613,
        where={"T": 64},
        ranges="T in {64, 128, 256, 512}, b in {T/2, T}, g in {0.5, 0.9}",
    ),
    weakest=Weakest(
        "not-needed",
        "ℳ ≥ I + 𝟏e₁ᵀ entrywise gives R_eff ≥ (2T + 2)/(1 + √T + g‖M_tri‖₂)² > 1 for distal b (c8_bandwidth_probe)",
        hypothesis="bandwidth b",
        stated="b = O(1)",
        weakest="any b (distal b ∈ {T/2, T} checked)",
        ranges="T in {64, 128, 256, 512}, b in {T/2, T}, g in {0.5, 0.9}",
    ),
)


@bandwidth.decides
def c8_bandwidth_probe(ctx: Context) -> Evidence:
    """Drop b = O(1): distal b ∈ {T/2, T} keep R_eff ≥ 1 + g²‖M_tri‖_F²/T and R_eff ≥ (2T + 2)/(1 + √T + g‖M_tri‖₂)² >
    1, since ℳ ≥ I + 𝟏e₁ᵀ entrywise gives ‖ℳ‖_F² ≥ 2T + 2."""
    cases = [(T, b, g) for T in (64, 128, 256, 512) for b in (T // 2, T) for g in (0.5, 0.9)]
    seen = {}

    def margin(case):
        T, b, g = case
        M = TriBox(T, b).as_matrix()
        ops = np.eye(T) + g * M
        ops[:, 0] += 1.0
        r = stable_rank(ops)
        certificate = (2 * T + 2) / (1 + math.sqrt(T) + g * scipy.linalg.svdvals(M)[0]) ** 2
        seen[case] = r
        return min(r - (1 + g * g * np.sum(M**2) / T), r - certificate, certificate - 1)

    ev = grid_check(
        cases,
        margin,
        what="R_eff(I + 𝟏e₁ᵀ + gM_tri) ≥ 1 + g²‖M_tri‖_F²/T and ≥ (2T+2)/(1+√T+g‖M_tri‖₂)² > 1 for distal b",
        method="dense-float",
        exact=False,
        tolerance=lambda case: float_tolerance(case[0], 3 * 2.0),
        allowance=(
            "R_eff = ‖ℳ‖_F²/‖ℳ‖₂² and the certificate: svdvals within 10·T·eps relatively (twice when squared), "
            "the sums within T·eps; both ≤ 2 + 2g/b² + g² < 3 here, so each within 3·10·T·eps·2"
        ),
        ranges="T in {64, 128, 256, 512}, b in {T/2, T}, g in {0.5, 0.9}",
    )
    by_T = {T: [r for (t, _, _), r in seen.items() if t == T] for T in (64, 512)}
    ev = replace(
        ev,
        summary=ev.summary + f"; R_eff in [{fmt(min(by_T[64]))}, {fmt(max(by_T[64]))}] at T = 64, "
        f"[{fmt(min(by_T[512]))}, {fmt(max(by_T[512]))}] at T = 512 (rising to 2)",
    )
    return probe_hypothesis("not needed", "bounded bandwidth b = O(1) (for R_eff > 1)", ev, role=Role.DECIDES)


@bandwidth.second("tightness")
def bandwidth_reff_lanczos(ctx: Context) -> tuple:
    """The smallest R_eff at T = 64 again: ‖ℳ‖_F² summed from the triBox entries and ‖ℳ‖₂ by ARPACK's Lanczos on
    ℳᵀℳ (scipy.sparse.linalg.svds), not the dense SVD of the check; the record states it to 3 digits."""
    import scipy.sparse.linalg as spl

    least = math.inf
    T = 64
    for b in (T // 2, T):
        M = TriBox(T, b).as_matrix()
        for g in (0.5, 0.9):
            ops = np.eye(T) + g * M
            ops[:, 0] += 1.0
            top = float(spl.svds(ops, k=1, return_singular_vectors=False, tol=1e-14)[0])
            least = min(least, float(np.sum(ops**2)) / top**2)
    return (Second("factor", 1.63, least, "Frobenius sums and ARPACK's largest singular value (svds)", 0.005),)


row_stochastic = rank_floor.hypothesis(
    "row-stochastic",
    title="Thm C.8: row-stochastic attention is necessary",
    statement=r"Necessary (stated): row sums 1. The unnormalised sink $T\mathbf1e_1^\top$ sends $R_{\rm eff}\to1<1+g^2$.",
    expected=Status.CERTIFIED,
    reason="a sympy limit of an upper bound",
    tightness=Tightness(
        "unmeasurable",
        "a counterexample claim: R_eff → 1 < 1 + g² is the bound failing, not a bound with a constant",
    ),
    weakest=Weakest(
        "needed-in-general",
        "the probe's sink has row sums T, growing with T: ℳ = (1 + g)I + T𝟏e₁ᵀ sends R_eff → 1 (c8_row_stochastic_probe); a fixed row sum s ≠ 1 is not searched",
        hypothesis="row sums of A",
        stated="rows sum to 1",
        weakest="rows sum to 1 (not searched for fixed sums s ≠ 1)",
        holds_on="not searched",
        ranges="T → ∞, every g > 0",
    ),
)


@row_stochastic.decides
def c8_row_stochastic_probe(ctx: Context) -> Evidence:
    """Drop row sums 1: the unnormalised sink A = T·𝟏e₁ᵀ (b = 1) sends R_eff → 1 < 1 + g² (sympy limit of an upper
    bound).
    """
    T, g = sp.symbols("T g", positive=True)
    a, s = 1 + g, T  # ℳ = aI + s𝟏e₁ᵀ for b = 1 (M_tri = I)
    frob = (a + s) ** 2 + (T - 1) * s**2 + (T - 1) * a**2
    top = (a + s) ** 2 + (T - 1) * s**2  # ‖ℳe₁‖² ≤ ‖ℳ‖₂²
    limit = sp.limit(frob / top, T, sp.oo)
    outcome = Evidence(
        Status.REFUTED if limit == 1 else Status.OPEN,
        "sympy",
        f"ℳ = (1+g)I + T𝟏e₁ᵀ: R_eff ≤ ‖ℳ‖_F²/‖ℳe₁‖² → {limit} < 1 + g²",
        ranges="T → ∞, every g > 0",
        counterexample={"attention": "T * ones e_1^T", "limit_of_upper_bound": str(limit)},
    )
    return probe_hypothesis("necessary", "row-stochastic attention (‖A‖₂ ≤ √T)", outcome, exact=True, role=Role.DECIDES)


rank = claim(
    "trsp.network.rank",
    title="Under a sink the network's effective rank tends to 1 with depth: Thm C.8's floor does not survive composition",
    source=Source("specproof", "App. C.4", "own"),
    statement=r"With the sink $\mathbf 1e_1^\top$ at every layer and any gates $g_\ell\in[0,1)$, $D\ge2$: $R_{\rm eff}(N_D)\le1+\big(q_D/(1-q_D)\big)^2$, $q_D=\prod_\ell\frac{1+g_\ell}{2+g_\ell}\le(\frac23)^D$, at every $T$ (every row of $P_D$ puts $\ge1-q_D$ on the first token; $\|P_D\|_F^2\le\sum_ip_i^2+(1-p_i)^2$, $\|P_D\|_2^2\ge\sum_ip_i^2$). So already at $D=2$, $R_{\rm eff}\le1.64$ (and $\to\frac{10}9$) against the single layer's limit $2+2g/b^2+g^2\|h_b\|^2$, and at $D=\lfloor\log_2T\rfloor+1$, $R_{\rm eff}-1=O(T^{-2\log_2(3/2)})\to0$: the rank does collapse through depth. Thm C.8's conclusion (a floor $>1$) transfers only at fixed $D$, with a floor that shrinks with depth: at fixed $D$, for gates with $\max_\ell g_\ell\to0$ as $T\to\infty$ (every gate of Eq. 7's form: $g_\ell\le r_\ell^\varphi$, $\varphi=\mathrm{softplus}(\beta)>0$, $r_\ell\le2^{D-1}/T$), $R_{\rm eff}\to1+(2^D-1)^{-2}$, the value of $2^{-D}(I+(2^D-1)\mathbf 1e_1^\top)$ (the product at $g=0$), not $1+g^2E_b$. Reconstruction-free: the bound, its $D=\lfloor\log_2T\rfloor+1$ consequence and the limit hold for every such gate; the stored sweep that shows the approach uses the reconstructed gate ($\varphi=\ln2$).",
    lost=RECONSTRUCTED_GATE,
    uses=["trsp.network.operator", "trsp.C8.rank-floor.limit", "trsp.network.sink-exact"],
    corrects="trsp.C8.rank-floor",
    expected=Status.PROVED,
    reason="Proved: the bound is trsp.network.sink-exact's (proved for every gate in [0, 1)); sympy checks q/(1 − q) increasing (so D = 2 gives 1 + (4/5)² = 1.64), (2/3)^(log₂T) = T^−log₂(3/2), the Frobenius norm and the two bounds on the spectral norm of the g = 0 product P* = 2^−D I + (1 − 2^−D)𝟏e₁ᵀ and their limits over T, the limit 1 + (2^D − 1)^−2 of their ratio, and (b/T)^φ → 0; the step from P* to P_D (‖P_D − P*‖ ≤ ‖Q_D/c_D − 2^−D I‖ + |q_D − 2^−D|‖𝟏e₁ᵀ‖, both → 0 after dividing by √T) is argued in prose. Dense SVDs over gate scales 0.001…0.999 and the stored matrix-free brackets to T = 2^16 are cross-checks.",
    prose="the bound R_eff(N_D) ≤ 1 + (q_D/(1 − q_D))² and the form P_D = Q_D/c_D + (1 − q_D)𝟏e₁ᵀ are trsp.network.sink-exact's; q_D ≤ (2/3)^D ≤ 4/9 for D ≥ 2 gives 1 − q_D ≥ 5/9 and (q/(1 − q))² ≤ (81/25)q² = O(T^−2log₂(3/2)) at D = ⌊log₂T⌋ + 1 (q_D ≤ (2/3)^(log₂T)); the limit: with X = P_D/√T and Y = P*/√T, ‖X − Y‖_F ≤ ‖Q_D/c_D − 2^−D I‖₂ + |q_D − 2^−D| (‖A‖_F ≤ √T‖A‖₂, ‖𝟏e₁ᵀ‖_F = √T) and ‖X − Y‖₂ no larger; ‖Q_D − I‖₂ ≤ Π_ℓ(1 + g_ℓ‖M_ℓ‖₂) − 1 with ‖M_ℓ‖₂ ≤ √(‖M_ℓ‖₁‖M_ℓ‖_∞) ≤ √(2b_ℓ − 1) (row-stochastic, entries ≤ 1, 2b_ℓ − 1 per column), c_D → 2^D and q_D → 2^−D as max g_ℓ → 0 (finite products, continuous); so ‖X‖_F and ‖X‖₂ have the limits of ‖Y‖_F and ‖Y‖₂, the latter ≥ 1 − 2^−D > 0, and R_eff(P_D) = ‖X‖_F²/‖X‖₂² tends to the limit of R_eff(P*); g_ℓ ≤ r_ℓ^φ for Eq. 7's form because σ < 1",
    notes=["reconstructed"],
    tightness=Tightness(
        "sharp",
        "approached: R_eff over 1 + (q_D/(1 − q_D))² → 1 as T → ∞ (T = 4: 0.839 at D = 2, where the stored bracket's "
        "upper end gave 0.862; T = 2^20: R_eff = 1.111117 "
        "against the bound 1.111131 at D = 2, 1.004443 against 1.004447 at D = 4, ratios 0.999987 and 0.999996; the stored "
        "brackets' upper ends reach the bound's digits, their lower ends are R_eff), both tending to 1 + (2^D − 1)^−2",
        approach="the ratio → 1 as T → ∞ at fixed D (network_sink_rank_sweep's rows)",
        inequality="R_eff(N_D) ≤ 1 + (q_D/(1 − q_D))² under the sink, as R_eff over the bound (→ 1 as T → ∞ at fixed D)",
        depends="the stored rows use the reconstructed gate; that the ratio → 1 holds for every gate with max g_ℓ → 0 (the proved limit)",
        ranges="stored network-sink rows, T = 4…2^20, D = 2 and 4",
    ),
    limit=Limit(
        "closed-form",
        "the value of the g = 0 product 2^−D(I + (2^D − 1)𝟏e₁ᵀ) as T → ∞ (‖P‖_F² ~ T(2^−2D + (1 − 2^−D)²), ‖P‖₂² ~ T(1 − 2^−D)²), "
        "and of the proved bound at q_D = 2^−D; proved for every gate with max g_ℓ → 0 (network_rank_proof); the stored brackets "
        "show the approach (R_eff ∈ [1.111117, 1.111131] at D = 2, [1.004443, 1.004447] at D = 4, T = 2^20, against "
        "10/9 = 1.111111 and 226/225 = 1.004444)",
        quantity="R_eff(N_D) under the sink, fixed D, T → ∞",
        value="1 + (2^D − 1)^−2",
        approach="with the gates, like O(max_ℓ g_ℓ) = O(T^−ln 2) for the reconstructed gate",
        depends="none for the value (proved for every gate with max g_ℓ → 0); the approach T^−φ is the reconstructed gate's φ = ln 2",
    ),
    tests=[f"{NETWORK_TESTS}::test_sink_rank_bound"],
    figure="figures/network.png",
)


@rank.decides
def network_rank_proof(ctx: Context) -> Evidence:
    """The algebra of the bound's consequences and of the fixed-depth limit (sympy); the perturbation step from
    P* to P_D is the claim's prose."""
    q, a, T, b, phi = sp.symbols("q a T b phi", positive=True)
    D = sp.Symbol("D", positive=True, integer=True)
    frobenius = 1 + (T - 1) * (a**2 + (1 - a) ** 2)  # ‖P*‖_F²: first row e₁ᵀ, every other row (1 − a, 0…, a, 0…)
    lower = 1 + (T - 1) * (1 - a) ** 2  # ‖P*e₁‖² ≤ ‖P*‖₂²
    upper = (a + (1 - a) * sp.sqrt(T)) ** 2  # ‖aI‖₂ + (1 − a)‖𝟏e₁ᵀ‖₂ ≥ ‖P*‖₂
    steps = [
        sympy_nonnegative(
            sp.diff(q / (1 - q), q).subs(q, sp.Rational(4, 9) * a / (1 + a)),
            [a],
            what="q/(1 − q) increases on [0, 4/9]: with q_D ≤ (2/3)^D ≤ 4/9 for D ≥ 2, (q_D/(1 − q_D))² ≤ (4/5)²",
        ),
        sympy_identity(
            1 + (sp.Rational(4, 9) / (1 - sp.Rational(4, 9))) ** 2, sp.Rational(41, 25), what="D = 2: 1 + (4/5)² = 1.64"
        ),
        sympy_identity(
            sp.expand_log(sp.log((sp.Rational(2, 3)) ** (sp.log(T) / sp.log(2))), force=True),
            sp.expand_log(sp.log(T ** (-sp.log(sp.Rational(3, 2)) / sp.log(2))), force=True),
            what="(2/3)^(log₂T) = T^−log₂(3/2): at D = ⌊log₂T⌋ + 1 > log₂T, q_D ≤ T^−log₂(3/2)",
        ),
        limit_evidence(frobenius / T, T, a**2 + (1 - a) ** 2, what="‖P*‖_F²/T → a² + (1 − a)²"),
        limit_evidence(lower / T, T, (1 - a) ** 2, what="the lower bound ‖P*e₁‖²/T → (1 − a)²"),
        limit_evidence(upper / T, T, (1 - a) ** 2, what="the upper bound (a + (1 − a)√T)²/T → (1 − a)²"),
        sympy_identity(
            ((a**2 + (1 - a) ** 2) / (1 - a) ** 2).subs(a, 2**-D),
            1 + 1 / (2**D - 1) ** 2,
            what="R_eff(P*) → (a² + (1 − a)²)/(1 − a)² = 1 + (2^D − 1)^−2 at a = 2^−D",
        ),
        limit_evidence((b / T) ** phi, T, 0, what="r_ℓ^φ = (b_ℓ/T)^φ → 0 at fixed b_ℓ ≤ 2^(D−1), φ > 0"),
    ]
    return derivation(
        steps,
        what="R_eff(N_D) ≤ 1 + (q_D/(1 − q_D))² ≤ 1.64 at D = 2, → 1 at D = ⌊log₂T⌋ + 1; at fixed D with gates → 0, "
        "R_eff(N_D) → 1 + (2^D − 1)^−2",
        ranges="every T ≥ 3, D ≥ 2, gates in [0, 1); the limit for gates with max g_ℓ → 0",
    )


@rank.supports
def network_rank_full_depth_rate(ctx: Context) -> Evidence:
    """The statement's rate at full depth, R_eff − 1 = O(T^−2log₂(3/2)) for every gate, measured on the actual gap
    with the reconstructed gate: R_eff(P_D) − 1 by dense SVD at D = ⌊log₂T⌋ + 1, T = 64…512 (the stored brackets
    are too wide there), its fitted exponent and constant, and its ratio to the proved bound; again with ‖P‖₂ by
    ARPACK's Lanczos (svds) and ‖P‖_F² summed."""
    import scipy.sparse.linalg as spl

    from specproof.engine.measure import gap_rate

    sizes = (64, 128, 256, 512)
    gaps, again, bounds = {}, {}, {}
    for T in sizes:
        layers = nw.network_layers(T, floor_log2(T) + 1, Sink, nw.default_gate())
        P = nw.network_operator(layers, markov=True).as_matrix()
        sv = scipy.linalg.svdvals(P)
        gaps[T] = float(np.sum(sv**2) / sv[0] ** 2) - 1
        top = float(spl.svds(P, k=1, return_singular_vectors=False, tol=1e-14)[0])
        again[T] = float(np.sum(P**2)) / top**2 - 1
        bounds[T] = nw.sink_rank_bound(layer.gate for layer in layers) - 1
    bound_exponent = -2 * math.log2(1.5)
    x = np.array(sizes, float)
    reading = gap_rate(x, [gaps[T] for T in sizes], tails=(2, 3), variable="T")
    second = gap_rate(x, [again[T] for T in sizes], tails=(2, 3), variable="T")
    rate = reading.record("T", bound_exponent)
    ratio = max(gaps[T] / bounds[T] for T in sizes)
    lanczos = "‖P‖₂ by ARPACK's Lanczos, ‖P‖_F² summed"
    least = min(sizes, key=lambda T: bounds[T] / gaps[T])
    tight = Tightness(
        "loose",
        f"at full depth with the reconstructed gate the actual R_eff − 1 is at most {fmt(ratio)} of the proved bound "
        f"(q_D/(1 − q_D))² at its own gates (T = {least}), and falls like T^{fmt(rate.exponent, 3)}, faster than the "
        "gate-free T^−2log₂(3/2): that exponent is the bound's at q_D = (2/3)^D (every g_ℓ → 1), where R_eff itself "
        "is not measured",
        factor=bounds[least] / gaps[least],
        ratio=gaps[least] / bounds[least],
        where={"T": least, "D": "⌊log₂T⌋ + 1"},
        ranges=f"dense SVD at D = ⌊log₂T⌋ + 1, T = {sizes[0]}…{sizes[-1]}, the reconstructed gate",
        inequality="R_eff(N_D) ≤ 1 + (q_D/(1 − q_D))² = 1 + O(T^−2log₂(3/2)) at D = ⌊log₂T⌋ + 1",
        rate=rate,
        depends="the measured factor and exponent are the reconstructed gate's (its g_ℓ → 0 as r_ℓ → 0); the bound holds for every gate",
        part="full depth",
        seconds=(
            Second(
                "factor",
                bounds[least] / gaps[least],
                bounds[least] / again[least],
                lanczos,
                1e-6 * bounds[least] / gaps[least],
            ),
            Second("exponent", rate.exponent, second.exponent, lanczos, 1e-4),
            Second(
                "constant", rate.constant, second.record("T", bound_exponent).constant, lanczos, 1e-4 * rate.constant
            ),
        ),
    )
    ok = all(gaps[T] <= bounds[T] for T in sizes)
    return Evidence(
        Status.VERIFIED if ok else Status.REFUTED,
        "dense-float",
        "R_eff(P_D) − 1 at full depth under the sink: "
        + ", ".join(f"{fmt(gaps[T])} (T = {T}; bound {fmt(bounds[T])})" for T in sizes)
        + f"; {rate.text()}",
        ranges=tight.ranges,
        role=Role.SUPPORTS,
        worst_margin=min(bounds[T] - gaps[T] for T in sizes),
        counterexample=None if ok else {"gaps": gaps, "bounds": bounds},
        tightness=tight,
    )


@rank.supports
def network_sink_rank_dense(ctx: Context) -> Evidence:
    """R_eff(N_D) ≤ 1 + (q_D/(1 − q_D))² by dense SVD, for gate scales from tiny to ~1 and every D ≥ 2."""
    cases = [
        (T, D, s)
        for T in (2, 3, 5, 8, 16, 33, 64, 128)
        for D in (2, 3, 4, 6, floor_log2(T) + 1)
        for s in (1e-3, 0.3, 0.999)
    ]

    def margin(case):
        T, D, s = case
        layers = nw.network_layers(T, D, Sink, lambda n, b: s * b / n)
        sv = scipy.linalg.svdvals(nw.network_operator(layers, markov=True).as_matrix())
        reff = float(np.sum(sv**2) / sv[0] ** 2)
        return nw.sink_rank_bound(layer.gate for layer in layers) - reff

    return grid_check(
        cases,
        margin,
        what="R_eff(N_D) ≤ 1 + (q_D/(1−q_D))² under the sink",
        method="dense-float",
        exact=False,
        tolerance=lambda c: 1e3 * c[0] * np.finfo(float).eps,
        allowance="dense SVD: each σ within n·eps·‖P‖ relative, ×1000 over the T² entries",
        ranges="T ∈ {2, 3, 5, 8, 16, 33, 64, 128}, D ∈ {2, 3, 4, 6, ⌊log₂T⌋+1}, g_ℓ = s·b_ℓ/T, s ∈ {0.001, 0.3, 0.999}",
    )


@rank.decides
def network_sink_rank_sweep(ctx: Context) -> Evidence:
    """The stored R_eff brackets of the sink network at D = 2, 4, full, against the bound and 1."""
    rows = _rows(ctx, "sink")
    by_T, cases = _cases(rows)
    ev = grid_check(
        cases,
        lambda c: by_T[c[0]][f"reff_bound_{c[1]}"] - by_T[c[0]][f"reff_{c[1]}_upper"],
        what="R_eff(N_D) upper bracket ≤ 1 + (q_D/(1−q_D))²",
        method="sweep-bracket",
        exact=False,
        tolerance=lambda c: 1e3 * c[0] * np.finfo(float).eps,
        allowance="the bracket's Frobenius sums and the Lanczos norm: 4·T·eps relative each, 1000·T·eps allowed",
        ranges=_sweep_range(rows, "sink", ctx),
    )
    last = rows[-1]
    summary = (
        ev.summary
        + "; at T = {}: ".format(last["x"])
        + ", ".join(
            f"{DEPTHS[t]}: R_eff ∈ [{fmt(last[f'reff_{t}_lower'], 6)}, {fmt(last[f'reff_{t}_upper'], 6)}]"
            for t in DEPTHS
        )
    )
    return replace(ev, summary=summary, role=Role.SUPPORTS)


@functools.lru_cache(maxsize=8)
def _sink_network_reff(T: int, D: int, block: int = 256) -> float:
    """R_eff(N_D) under the sink with the reconstructed gate, computed apart from the sweep: ‖N_D‖_F² from the causal
    leading block (a lower-triangular product's leading block is the product of the factors' blocks) of size ``block``
    built densely, plus T − block copies of its last row's energy (from there on every row is the interior kernel
    and the sink's column, as the factors' reach 2^D is far below ``block``); ‖N_D‖₂ by ARPACK's svds on N_D as a
    chain of TriBox filters (theory.operators) with the gates from the gate's own code, not the network operator."""
    import scipy.sparse.linalg as sla

    from specproof.theory.torch.gate import LongContextGate, gate_value

    params = LongContextGate(hidden=16, seed=0).params()
    gates = [(min(2**ell, T), float(gate_value(min(2**ell, T) / T, params))) for ell in range(D)]
    block = min(block, T)
    N = np.eye(block)
    sink = np.zeros((block, block))
    sink[:, 0] = 1.0
    for b, g in gates:
        N = (np.eye(block) + sink + g * TriBox(block, b).as_matrix()) @ N
    frobenius = float(np.sum(N**2)) + (T - block) * float(np.sum(N[-1] ** 2))
    boxes = [(TriBox(T, b), g) for b, g in gates]

    def mv(x):
        x = np.ravel(x)
        for M, g in boxes:
            x = x + x[0] + g * M.mv(x)
        return x

    def rmv(y):
        y = np.ravel(y)
        for M, g in reversed(boxes):
            total = y.sum()
            y = y + g * M.rmv(y)
            y[0] += total
        return y

    op = sla.LinearOperator((T, T), matvec=mv, rmatvec=rmv, dtype=float)
    top = sla.svds(op, k=1, tol=1e-14, solver="arpack", return_singular_vectors=False)[0]
    return frobenius / top**2


def _sink_rank_bound(T: int, D: int) -> float:
    """1 + (q_D/(1 − q_D))² with q_D = Π(1 + g_ℓ)/(2 + g_ℓ) from the gate's own code."""
    from specproof.theory.torch.gate import LongContextGate, gate_value

    params = LongContextGate(hidden=16, seed=0).params()
    q = math.prod((1 + g) / (2 + g) for g in (float(gate_value(min(2**ell, T) / T, params)) for ell in range(D)))
    return 1 + (q / (1 - q)) ** 2


@rank.second("tightness")
def network_rank_ratio_again(ctx: Context) -> tuple:
    """The ratios and values the record quotes, apart from the sweep: R_eff by _sink_network_reff (the causal block and
    ARPACK), the bound from the gate's code; agreement to the quoted digits."""
    out = [
        Second(
            "R_eff/bound at T = 4, D = 2",
            0.839,
            _sink_network_reff(4, 2) / _sink_rank_bound(4, 2),
            "dense ‖N‖_F², ARPACK ‖N‖₂",
            0.0005,
        )
    ]
    for D, value, bound in ((2, 1.111117, 1.111131), (4, 1.004443, 1.004447)):
        reff = _sink_network_reff(2**20, D)
        out += [
            Second(f"R_eff at T = 2^20, D = {D}", value, reff, "causal block and ARPACK svds", 5e-7),
            Second(f"bound at T = 2^20, D = {D}", bound, _sink_rank_bound(2**20, D), "q_D from the gate's code", 5e-7),
        ]
    return tuple(out)


@rank.second("limit")
def network_rank_approach_again(ctx: Context) -> tuple:
    """The stored brackets of R_eff at T = 2^20 (D = 2, 4), their midpoints ± half-widths, against R_eff computed
    apart from the sweep (_sink_network_reff): a causal block and ARPACK instead of the sweep's first-column
    Frobenius bounds over a Lanczos/Collatz–Wielandt norm bracket."""
    row = _rows(ctx, "sink")[-1]
    out = []
    for D, tag in ((2, "d2"), (4, "d4")):
        lo, hi = row[f"reff_{tag}_lower"], row[f"reff_{tag}_upper"]
        out.append(
            Second(
                f"R_eff at D = {D}, T = {row['x']} (the stored bracket's midpoint)",
                (lo + hi) / 2,
                _sink_network_reff(row["x"], D),
                "causal block for ‖N‖_F², ARPACK svds on the TriBox chain for ‖N‖₂",
                (hi - lo) / 2 + 1e-9,
            )
        )
    return tuple(out)


def _distal_frobenius_closed(T: int, c: float) -> float:
    """‖M_tri‖_F² at b = ⌈cT⌉ from the closed-form row energies (boundary_row_energies: the first 2b − 2 rows; the
    rows after are h_b), O(T) instead of the dense column blocks of distal_energy."""
    b = max(1, math.ceil(c * T))
    rows = min(T, 2 * b - 2)
    return float(math.fsum(boundary_row_energies(b)[:rows])) + (T - rows) * tribox_kernel_energy(b)


distal = claim(
    "trsp.C8.distal",
    title="Distal layers: E_b = Θ(1/T) for b = Θ(T)",
    source=Source("TRSP", "App. C.4", "proof of Thm C.8"),
    statement=r"For bandwidth $b=\Theta(T)$ the per-row energy $E_b:=\|M_{\rm tri}\|_F^2/T$ is $\Theta(1/T)$.",
    uses=["trsp.C7.frobenius", "trsp.C7.kernel-energy"],
    expected=Status.REFUTED,
    reason="With E_b defined as in Eq. 12, the rows t < b are Cesàro-type means (energy ≈ 2/(t+1) each), so ‖M_tri‖_F² ≈ 2 ln T and E_b = Θ(log T/T): T·E_b grows (trend ≈ 1 per log-log unit) for b = T and b = T/2. Only the kernel formula ‖h_b‖² is Θ(1/T). The conclusion (E_b → 0) survives: trsp.C8.distal.corrected.",
    notes=["interpretive"],
    tests=[f"{APPENDIX_C_TESTS}::test_distal_energy_grows_like_log"],
)


@functools.lru_cache(maxsize=None)
def distal_energy(T: int, fraction: Fraction) -> float:
    """E = ‖M_tri‖_F²/T for the distal bandwidth b = ⌈fraction·T⌉."""
    b = max(1, math.ceil(fraction * T))
    return dense_frobenius_sq(TriBox(T, b)) / T


DISTAL_FRACTIONS = (Fraction(1), Fraction(1, 2))


def _distal_sizes(ctx: Context) -> list[int]:
    return [2**m for m in range(6, 15 if ctx.wide else 13)]


@distal.decides
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


@distal.decides
def c8_distal_kernel_formula_sympy(ctx: Context) -> Evidence:
    T, c = sp.symbols("T c", positive=True)
    return sympy_identity(
        sp.limit(T * (2 * (c * T) ** 2 + 1) / (3 * (c * T) ** 3), T, sp.oo),
        2 / (3 * c),
        what="T·‖h_{cT}‖² → 2/(3c): the kernel formula alone is Θ(1/T)",
        role=Role.SUPPORTS,
    )


distal_corrected = claim(
    "trsp.C8.distal.corrected",
    title="Distal layers: E_b = Θ(log T / T) for b = Θ(T)",
    source=Source("specproof", "App. C.4", "own"),
    statement=r"For $b=\lceil cT\rceil$ with fixed $c\in(0,1]$, $\|M_{\rm tri}\|_F^2/T=\Theta(\log T/T)$ ($\|M_{\rm tri}\|_F^2\approx2\ln T+O(1)$); it still tends to $0$, so distal layers add no rank floor.",
    uses=["trsp.C7.frobenius.corrected"],
    corrects="trsp.C8.distal",
    expected=Status.PROVED,
    reason="Machine-checked (sympy): the harmonic identities behind the Cesàro row energies (by induction), the count of the rows t ≥ b against 6/b, and the limits. Argued in prose: summing the row bounds of trsp.C7.frobenius.corrected. Numerically ‖M_tri‖_F² − 2 ln T → −1.25, −1.66 for c = 1, 1/2; the sweep (E_b·T/ln T flat over T = 2^6..2^12 (2^14 wide) once the fitted O(1/T) term is removed, while 1/T and ln²T/T drift) is a cross-check.",
    prose="the row energies of trsp.C7.frobenius.corrected, which do not depend on T (causality): ρ_(n−1) = (2n − H_n)/n² for the Cesàro rows t < b, with Σ_(n≤b) H_n/n² ≤ 2.67 (as there), ρ_t ≤ 6/b for b ≤ t ≤ 2b − 3 and ρ_t = ‖h_b‖² ≤ 1/b after; H_b ≤ 1 + ln b ≤ 1 + ln T and ln b ≥ ln(cT); summing over the T rows",
    limit=Limit(
        "closed-form",
        "c8_distal_proof bounds 2 ln T + 2 ln c − 3 ≤ ‖M_tri‖_F² ≤ 2 ln T + 2 + 6(1 − c)/c for b = ⌈cT⌉, so ‖M_tri‖_F²/ln T → 2 for every c ∈ (0, 1]; the fitted 1.95, 1.93 (c = 1, ½; c8_distal_log_rate) are range averages still approaching it",
        quantity="E_b·T/ln T = ‖M_tri‖_F²/ln T (b = ⌈cT⌉)",
        value="2",
        numeric=2.0,
        approach="as 2 + C_c/ln T with C_c = lim(‖M_tri‖_F² − 2 ln T) ≈ −1.25 (c = 1), −1.66 (c = ½), the values the claim's reason reads",
        ranges="every T ≥ 1, fixed c ∈ (0, 1]",
    ),
    tests=[f"{APPENDIX_C_TESTS}::test_distal_energy_grows_like_log"],
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


@distal_corrected.decides
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


@distal_corrected.supports
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


@distal_corrected.second("limit")
def distal_limit_closed_form(ctx: Context) -> tuple:
    """The limit record's numbers from the closed-form row energies (_distal_frobenius_closed) instead of the dense
    Frobenius norms: the limit 2 of ‖M_tri‖_F²/ln T fitted in 1/ln T and 1/ln T + 1/ln² T over T = 2^14 … 2^20 (last 3
    and 4 even powers; midpoint ± half-width, c = 1 and ½ together); C_c = lim(‖M_tri‖_F² − 2 ln T) fitted in 1/T and
    1/T + 1/T² over the same T (± the fits' spread plus the quoted digits); the fitted slopes 1.95, 1.93 by the
    checks' least squares E ≈ a·ln T/T + c/T over T = 2^6 … 2^12 on the closed-form energies."""
    from specproof.engine.measure import limit_fit

    out, ratio_fits = [], []
    Ts = np.array([2.0**m for m in range(14, 21, 2)])
    small = np.array([2.0**m for m in range(6, 13)])
    for c, C_stated, slope_stated in ((1.0, -1.25, 1.95), (0.5, -1.66, 1.93)):
        fro = np.array([_distal_frobenius_closed(int(T), c) for T in Ts])
        ratio_fits.append(
            limit_fit(Ts, fro / np.log(Ts), families=("1/log x", "1/log x + 1/log² x"), tails=(3, 4), variable="T")
        )
        C_fit = limit_fit(Ts, fro - 2 * np.log(Ts), families=("1/x", "1/x + 1/x²"), tails=(3, 4), variable="T")
        lo, hi = C_fit.interval
        out.append(
            Second(
                f"C_c at c = {fmt(c)}",
                C_stated,
                (lo + hi) / 2,
                "closed-form row energies to T = 2^20, fitted in 1/T",
                (hi - lo) / 2 + 0.005,
            )
        )
        E = np.array([_distal_frobenius_closed(int(T), c) / T for T in small])
        basis = np.column_stack([np.log(small) / small, 1 / small])
        slope = float(np.linalg.lstsq(basis, E, rcond=None)[0][0])
        out.append(
            Second(
                f"fitted slope at c = {fmt(c)}",
                slope_stated,
                slope,
                "closed-form energies, least squares a·ln T/T + c/T over T = 2^6 … 2^12",
                0.005,
            )
        )
    lo = min(f.interval[0] for f in ratio_fits)
    hi = max(f.interval[1] for f in ratio_fits)
    out.insert(
        0,
        Second("numeric", 2.0, (lo + hi) / 2, "closed-form row energies to T = 2^20, fitted in 1/ln T", (hi - lo) / 2),
    )
    return tuple(out)


composite_norm = claim(
    "trsp.C8.composite-norm",
    title="The composite's norm under a sink: ‖ℳ‖₂ ≤ 1 + √T + 5g, so ‖ℳ‖₂² ≤ T + o(T) (proof of Thm C.8)",
    source=Source("TRSP", "App. C.4", "proof of Thm C.8"),
    statement=r"For $\mathcal M=I+\mathbf 1e_1^\top+gM_{\rm tri}$: $\|\mathcal M\|_2\le\|I\|_2+\|A_{\rm attn}\|_2+g\|M_{\rm tri}\|_2\le1+\sqrt T+5g=\sqrt T+o(\sqrt T)$, hence $\|\mathcal M\|_2^2\le T+2(1+5g)\sqrt T+(1+5g)^2=T+o(T)$, for every bandwidth $b$ (the proof's intermediate $\|M_{\rm tri}\|_2=O(\sqrt{\log b})$ is not needed).",
    uses=["trsp.C8.sink-norm", "trsp.C8.spectral-norm.sharp"],
    expected=Status.PROVED,
    reason="The triangle inequality with ‖𝟏e₁ᵀ‖₂ = √T (trsp.C8.sink-norm) and the uniform ‖M_tri‖₂ ≤ 5 (trsp.C8.spectral-norm.sharp, kernel-checked in Coq); the expansion and limits are sympy. The float grid checks the chain and shows ‖ℳ‖₂/√T → 1.",
    prose="the triangle inequality for the operator norm and ‖I‖₂ = 1; the two cited norms",
    tests=[f"{STATEMENT_TESTS}::test_composite_norm_chain"],
)


@composite_norm.decides
def composite_norm_sympy(ctx: Context) -> Evidence:
    """‖ℳ‖₂ ≤ 1 + √T + 5g, so ‖ℳ‖₂² − T = 2(1 + 5g)√T + (1 + 5g)² = o(T)."""
    T, g = sp.symbols("T g", positive=True)
    bound = 1 + sp.sqrt(T) + 5 * g
    steps = [
        sympy_identity(
            sp.expand(bound**2 - T),
            sp.expand(2 * (1 + 5 * g) * sp.sqrt(T) + (1 + 5 * g) ** 2),
            what="(1 + √T + 5g)² − T = 2(1 + 5g)√T + (1 + 5g)²",
        ),
        sympy_identity(sp.limit((bound**2 - T) / T, T, sp.oo), sp.Integer(0), what="… = o(T): its ratio to T → 0"),
        sympy_identity(sp.limit(bound / sp.sqrt(T), T, sp.oo), sp.Integer(1), what="‖ℳ‖₂ ≤ √T + o(√T)"),
    ]
    return derivation(
        steps,
        what="‖I + 𝟏e₁ᵀ + gM_tri‖₂ ≤ ‖I‖₂ + ‖𝟏e₁ᵀ‖₂ + g‖M_tri‖₂ ≤ 1 + √T + 5g, hence ‖ℳ‖₂² ≤ T + o(T)",
        ranges="every T, b and g ≥ 0",
    )


def _composite_norm_correction(b: int, g: Fraction) -> Fraction:
    """L = 1 + g·𝟏ᵀM_tri e₁ + ((1 + g)² + ‖e₁ + gM_tri e₁‖²)/2, exactly: (Box e₁)_t = 1/(t+1) for t < b, and
    (M_tri e₁)_t = Box row t applied to it, supported on t < 2b − 1 (any T ≥ 2b − 1 gives the same column)."""
    first = [Fraction(1, t + 1) if t < b else Fraction(0) for t in range(2 * b - 1)]
    column = [sum(first[t - min(b, t + 1) + 1 : t + 1], Fraction(0)) / min(b, t + 1) for t in range(2 * b - 1)]
    shifted = [g * c + (1 if t == 0 else 0) for t, c in enumerate(column)]
    return 1 + g * sum(column) + ((1 + g) ** 2 + sum(x * x for x in shifted)) / 2


def _composite_norm_again(L: float) -> tuple:
    """‖ℳ‖₂/√T and L again at b = 2, g = 1/2, by ARPACK's Lanczos (svds) on the matrix-free ℳ = I + 𝟏e₁ᵀ + gM_tri at
    T = 2^14, 2^16 (the check takes dense SVDs to T = 256): the ratio at 2^16, and T(‖ℳ‖₂/√T − 1) carried to
    T → ∞ by Richardson on its 1/T approach."""
    import scipy.sparse.linalg as spl

    g, scaled = 0.5, {}
    for T in (1 << 14, 1 << 16):
        M = TriBox(T, 2).aslinearoperator()

        def mv(x, M=M, T=T):
            v = np.ravel(x)
            return v + v[0] * np.ones(T) + g * M.matvec(v)

        def rmv(y, M=M, T=T):
            v = np.ravel(y)
            return v + np.r_[v.sum(), np.zeros(T - 1)] + g * M.rmatvec(v)

        op = spl.LinearOperator((T, T), matvec=mv, rmatvec=rmv, dtype=float)
        scaled[T] = float(spl.svds(op, k=1, return_singular_vectors=False, tol=1e-14)[0]) / math.sqrt(T)
    top = 1 << 16
    again = (4 * top * (scaled[top] - 1) - (top >> 2) * (scaled[top >> 2] - 1)) / 3
    lanczos = "ARPACK svds on the matrix-free ℳ at T = 2^14, 2^16"
    return (
        Second("numeric", 1.0, scaled[top], lanczos, 2 * L / top),
        Second("L at b = 2, g = 1/2", L, again, lanczos + ", Richardson in 1/T", 1e-4),
    )


@composite_norm.supports
def composite_norm_float(ctx: Context) -> Evidence:
    """The triangle-inequality chain on the sink composite, and ‖ℳ‖₂/√T → 1."""
    sizes = [16, 64, 256] + ([1024] if ctx.wide else [])
    cases = [(T, b, g) for T in sizes for b in (1, 2, 8) for g in (0.1, 0.5, 1.0)]
    ratios = {}

    def margin(case):
        T, b, g = case
        M_tri = filters.tribox_matrix(T, b)
        A = np.zeros((T, T))
        A[:, 0] = 1.0
        norm = singular_values(np.eye(T) + A + g * M_tri)[0]
        ratios[case] = norm / (1 + math.sqrt(T) + 5 * g)
        tri = singular_values(M_tri)[0]
        return min(1 + math.sqrt(T) + g * tri - norm, 1 + math.sqrt(T) + 5 * g - (1 + math.sqrt(T) + g * tri))

    ev = grid_check(
        cases,
        margin,
        what="‖ℳ‖₂ ≤ 1 + √T + g‖M_tri‖₂ ≤ 1 + √T + 5g",
        method="grid",
        exact=False,
        ranges=f"T ∈ {{{', '.join(map(str, sizes))}}}, b ∈ {{1, 2, 8}}, g ∈ {{0.1, 0.5, 1}}, A_attn = 𝟏e₁ᵀ",
        tolerance=lambda case: 20 * case[0] * EPS * (2 + math.sqrt(case[0])),
        allowance="two backward-stable SVDs, each σ₁ within 10·T·eps·‖·‖₂, norms ≤ 1 + √T + 5: 20·T·eps·(2 + √T)",
        role=Role.SUPPORTS,
    )
    T = sizes[-1]
    M_tri = filters.tribox_matrix(T, 2)
    A = np.zeros((T, T))
    A[:, 0] = 1.0
    ratio = singular_values(np.eye(T) + A + 0.5 * M_tri)[0] / math.sqrt(T)
    closest = max(ratios, key=ratios.__getitem__)
    correction = _composite_norm_correction(2, Fraction(1, 2))
    tightness = Tightness(
        "sharp",
        "‖ℳ‖₂ ≤ 1 + √T + 5g (and its square ≤ T + 2(1 + 5g)√T + (1 + 5g)²) is sharp in its leading term only: "
        f"‖ℳ‖₂/(1 + √T + 5g) reaches {fmt(ratios[closest])} on the grid (T = {closest[0]}, b = {closest[1]}, "
        f"g = {closest[2]}) and tends to 1, while ‖ℳ‖₂ − √T → 0 (‖ℳ‖₂ = √T + L/√T + o(1/√T), see the limit): the "
        "additive 1 + 5g is not approached (‖I + 𝟏e₁ᵀ‖₂ = √((T + 4 + √(T(T + 8)))/2) = √T + 2/√T + O(T^−3/2) already, L at g = 0), "
        "and ‖ℳ‖₂² = T + 2L + o(1) has no √T term",
        ratio=float(fmt(ratios[closest])),
        where={"T": closest[0], "b": closest[1], "g": closest[2]},
        approach="ratio = 1 − (1 + 5g)/√T + O(1/T) as T → ∞ at fixed b, g",
        ranges=ev.ranges,
    )
    limit = Limit(
        "closed-form",
        "second-order perturbation of the simple top singular value √T of 𝟏e₁ᵀ (left 𝟏/√T, right e₁) by "
        "B = I + gM_tri: √T(‖ℳ‖₂ − √T) → L = 1 + g·𝟏ᵀM_tri e₁ + ((1 + g)² + ‖e₁ + gM_tri e₁‖²)/2 (the column sums of "
        f"M_tri are 1 but for O(b) of them), exact from M_tri's first column: L = {correction} at b = 2, g = 1/2; "
        f"measured T(‖ℳ‖₂/√T − 1) = {fmt(T * (ratio - 1))} at T = {T} ((1 + g)(2 + g) at b = 1, where M_tri = I)",
        quantity="‖ℳ‖₂/√T, fixed b and g",
        value="1",
        numeric=1.0,
        approach=f"like 1 + L/T, L(b = 2, g = 1/2) = {correction} ≈ {fmt(float(correction))}",
        ranges=ev.ranges,
        seconds=_composite_norm_again(float(correction)),
    )
    return Evidence(
        ev.status,
        ev.method,
        ev.summary + f"; ‖ℳ‖₂/√T = {fmt(ratio)} at T = {T}, b = 2, g = 1/2",
        ranges=ev.ranges,
        worst_margin=ev.worst_margin,
        counterexample=ev.counterexample,
        role=ev.role,
        allowance=ev.allowance,
        allowance_note=ev.allowance_note,
        data=ev.data,
        tightness=tightness,
        limit=limit,
    )


real_rank_floor = claim(
    "trsp.real.rank-floor",
    title="Thm C.8's floor 1 + g²E_b holds on MiniLM's heads, far below what the residual alone gives",
    source=Source("specproof", "App. C.4", "own, on MiniLM"),
    statement=r"For every measured head, window and $g\in\{0.1,0.5\}$, with $M_{\rm tri}$ the triBox filter of TRSP's layer of the same index ($b=\min(2^{\rm layer},\ell)$), $R_{\rm eff}(I+A_h+gM_{\rm tri})\ge1+g^2E_b$, $E_b=\|M_{\rm tri}\|_F^2/\ell$ (Thm C.8 proves it for a rank-one sink only).",
    expected=Status.VERIFIED,
    reason="Holds with room on real heads; the evidence also gives how the side path moves the median R_eff (the composite's top singular value grows with g, so R_eff can fall as the side path is added).",
    unproved="A statement about measured rows of MiniLM heads; unlike the safety net it is not an instance of a theorem (Thm C.8's argument gives R_eff ≥ 1 + g²E_b only asymptotically and for the sink), so nothing to prove for every parameter value.",
    notes=["interpretive"],
    tests=[f"{REAL_TESTS}::test_side_path_measures_of_a_tiny_model"],
    figure="figures/real-side-path.png",
)


MEASURED_ROWS = "measured-rows"


ROUNDING = 5e-6  # relative error of a value stored with 6 significant digits


@real_rank_floor.decides
def real_rank_floor_and_side_path(ctx: Context) -> Evidence:
    m = _measured()
    if m is None:
        return _missing()
    from specproof.theory.operators import TriBox

    worst, count, lowered = math.inf, 0, []
    closest: tuple[float, dict] = (math.inf, {})  # the least R_eff/(1 + g²E_b) and where
    for r in m["rows"]:
        ell, side = r["ell"], r["side_path"]
        for i, layer in enumerate(r["layers"]):
            b = side["bandwidths"][i]
            E_b = float(np.sum(TriBox(ell, b).as_matrix() ** 2)) / ell
            for g in side["gates"]:
                reff = np.array([v for sample in layer[f"reff_{g:g}"] for v in sample])
                margins = reff * (1 + ROUNDING) - (1 + g * g * E_b)
                count += reff.size
                if float(reff.min()) / (1 + g * g * E_b) < closest[0]:
                    closest = (float(reff.min()) / (1 + g * g * E_b), {"ell": ell, "layer": i, "b": b, "g": g})
                worst = min(worst, float(margins.min()))
                if margins.min() < 0:
                    return Evidence(
                        Status.REFUTED,
                        MEASURED_ROWS,
                        f"R_eff < 1 + g²E_b at ℓ = {ell}, layer {i}, g = {g}",
                        ranges=RANGES,
                        worst_margin=float(margins.min()),
                        counterexample={"ell": ell, "layer": i, "g": g, "reff": float(reff.min()), "E_b": E_b},
                    )
        lowered.append(r["summary"][f"median_reff_{max(rm.GATES):g}"] / r["summary"]["median_reff_0"])
    x = [r["ell"] for r in m["rows"]]
    tight = Tightness(
        "loose",
        f"R_eff(I + A_h + g·M_tri)/(1 + g²E_b) ≥ {fmt(closest[0])} on every head (at "
        + ", ".join(f"{k} = {v}" for k, v in closest[1].items())
        + "): the floor is Thm C.8's for a rank-one sink, and real heads sit well above it",
        factor=_three(closest[0]),
        ratio=_three(1 / closest[0]),
        where=closest[1],
        ranges=RANGES + f", g in {rm.GATES}, b = min(2^layer, ℓ)",
    )
    return Evidence(
        Status.VERIFIED,
        MEASURED_ROWS,
        f"R_eff(I + A_h + g·M_tri) ≥ 1 + g²E_b on all {count} cases; median "
        f"R_eff(g = {max(rm.GATES)})/R_eff(g = 0) {', '.join(fmt(v) for v in lowered)} at ℓ = "
        f"{', '.join(map(str, x))}",
        ranges=RANGES + f", g in {rm.GATES}, b = min(2^layer, ℓ)",
        worst_margin=worst,
        tightness=tight,
    )
