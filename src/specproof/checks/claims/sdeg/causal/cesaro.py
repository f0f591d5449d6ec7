"""SDEG App. D.2, the rate at which ‖H_ℓ‖ approaches 2: the continuum Hardy operator's exact law and the discrete
Cesàro matrices against it (a referee's correction of the fitted 42.9/(log ℓ + 6.2)²)."""

from __future__ import annotations

import math

import numpy as np
import sympy as sp

from specproof.engine.methods import derivation, fmt, step_series, sympy_identity
from specproof.engine.records import Limit
from specproof.engine.registry import Context, Evidence, Source, Status, check, claim
from specproof.theory.cesaro import cesaro_continuum_shift, hardy_continuum_norm

FOUR_PI_SQ = 4 * math.pi**2
_eps = sp.Symbol("epsilon", positive=True)  # ε = 1/log N
_t, _w, _N = sp.symbols("t omega N", positive=True)


def _series_is_small(expr, order: int, *, what: str) -> Evidence:
    """expr = O(ε^order) as ε → 0⁺ (sympy series: every coefficient below ``order`` vanishes)."""
    head = sp.series(expr, _eps, 0, order).removeO()
    if sp.simplify(head) == 0:
        return Evidence(Status.PROVED, "sympy", f"{what}: its series in ε vanishes below ε^{order}", worst_margin=0.0)
    return Evidence(Status.OPEN, "sympy", f"{what}: the series starts {sp.sstr(head)}")


@check
def hardy_continuum_sympy(ctx: Context) -> Evidence:
    """The eigenfunctions of H*H, their boundary condition, and the expansion of the first root, symbolically."""
    F = sp.sqrt(_t) * sp.sin(_w * sp.log(_t))
    mu = 4 / (1 + 4 * _w**2)
    s = sp.Symbol("s", positive=True)
    G = sp.Function("F")
    theta = sp.pi * (1 - 2 * _eps + 4 * _eps**2)  # ω log N to second order in ε = 1/log N
    steps = [
        sympy_identity(
            sp.diff(sp.Integral(G(_t) / _t**2, (_t, s, _N)), s),
            -G(s) / s**2,
            what=(
                "d/ds ∫_s^N F(t)/t² dt = −F(s)/s²: H*H f = μ f with F = ∫₁ᵗ f differentiates to "
                "μ s²F″ + F = 0 (and at s = N gives F′(N) = 0)"
            ),
        ),
        sympy_identity(
            mu * _t**2 * sp.diff(F, _t, 2) + F,
            0,
            what="F = √t·sin(ω log t) (F(1) = 0) solves μ t²F″ + F = 0 with μ = 4/(1 + 4ω²)",
        ),
        sympy_identity(
            sp.diff(F, _t).subs(_t, _N) * sp.sqrt(_N),
            sp.sin(_w * sp.log(_N)) / 2 + _w * sp.cos(_w * sp.log(_N)),
            what="√N·F′(N) = ½ sin(ω log N) + ω cos(ω log N): F′(N) = 0 ⇔ tan(ω log N) = −2ω",
        ),
        _series_is_small(
            sp.tan(theta) + 2 * theta * _eps,
            3,
            what="θ = π(1 − 2ε + 4ε²) solves tan θ + 2θε = 0 up to O(ε³) (θ = ω log N, ε = 1/log N)",
        ),
        _series_is_small(
            2 - 2 / sp.sqrt(1 + 4 * (theta * _eps) ** 2) - 4 * sp.pi**2 * _eps**2 / (1 + 2 * _eps) ** 2,
            4,
            what="2 − 2/√(1 + 4ω²) − 4π²/(log N + 2)² = O(log⁻⁴ N) at that θ",
        ),
    ]
    return derivation(
        steps,
        what="‖H‖ on L²(1, N) = 2/√(1 + 4ω_N²), tan(ω_N log N) = −2ω_N, 2 − ‖H‖ = 4π²/(log N + 2)² + O(log⁻⁴ N)",
        ranges="every N > 1",
    )


@check
def hardy_continuum_numeric(ctx: Context) -> Evidence:
    """The root of tan(ω log N) = −2ω by bisection against the expansion: (2 − ‖H‖ − 4π²/(log N+2)²)·log⁴N stays
    bounded.
    """
    logs = np.array([10.0, 30.0, 100.0, 300.0, 1000.0, 3000.0])
    scaled = np.array([(2 - hardy_continuum_norm(L) - FOUR_PI_SQ / (L + 2) ** 2) * L**4 for L in logs])
    bounded = bool(np.all(np.abs(scaled) < 2 * (0.75 * FOUR_PI_SQ**2)))
    return Evidence(
        Status.VERIFIED if bounded else Status.REFUTED,
        "closed-form-float",
        f"(2 − ‖H‖ − 4π²/(log N + 2)²)·log⁴N = {', '.join(fmt(v) for v in scaled)} at log N = "
        f"{', '.join(fmt(v) for v in logs)}, tending to −(3/4)(4π²)² = {fmt(-0.75 * FOUR_PI_SQ**2)} "
        "(the next term of (1 + x)^(−1/2))",
        ranges="log N in [10, 3000]",
        role="supports",
        counterexample=None if bounded else {"log_N": logs.tolist(), "scaled": scaled.tolist()},
    )


claim(
    id="sdeg.c.hardy-continuum",
    title="The continuum Hardy operator: ‖H‖ = 2/√(1+4ω²) and 2 − ‖H‖ = 4π²/(log N + 2)² + O(log⁻⁴N)",
    source=Source("specproof", "App. D.2", "own"),
    statement=r"For $(Hf)(t)=t^{-1}\int_1^t f$ on $L^2(1,N)$: $H^*Hf=\mu f$ reduces, with $F=\int_1^t f$, to $\mu t^2F''+F=0$, $F(1)=0$, $F'(N)=0$, solved by $F=\sqrt t\,\sin(\omega\log t)$ with $\mu=4/(1+4\omega^2)$ and $\tan(\omega\log N)=-2\omega$. So $\|H\|=2/\sqrt{1+4\omega_N^2}$ for the first root $\omega_N\log N\in(\frac\pi2,\pi)$, and $2-\|H\|=\frac{4\pi^2}{(\log N+2)^2}+O(\log^{-4}N)$: the leading constant of the approach to Hardy's $2$ is $4\pi^2$.",
    checks=[hardy_continuum_sympy],
    cross_checks=[hardy_continuum_numeric],
    expected=Status.PROVED,
    prose=(
        "H*H is compact on L²(1, N) (a bounded kernel on a finite interval) and positive, so its norm is its largest eigenvalue; (H*Hf)(s) = ∫_s^N F(t)/t² dt = μF′(s) differentiates to the checked equation, and conversely a solution with F(1) = 0, F′(N) = 0 gives an eigenfunction f = F′; the Euler equation's solutions t^(1/2 ± iω) with F(1) = 0 are √t·sin(ω log t) (for μ > 4 the real exponents admit no nonzero solution with both boundary conditions); μ = 4/(1 + 4ω²) decreases in ω, so the norm is the first root; that root lies within O(ε³) of the checked θ because d/dθ(tan θ + 2θε) = sec²θ + 2ε ≥ 1 on (π/2, π) (mean value theorem)"
    ),
    reason=(
        "Sympy checks the reduction's differentiation step, that √t·sin(ω log t) solves the equation with μ = 4/(1 + 4ω²), the boundary condition tan(ω log N) = −2ω, and the expansion of the first root to O(ε³), which gives 2 − ‖H‖ = 4π²/(log N + 2)² + O(log⁻⁴ N); the operator theory between the steps is argued in prose. Bisection on the exact equation cross-checks the O(log⁻⁴ N) remainder. It derives the constant the discrete sdeg.c.cesaro-norm-rate reads off the sweep."
    ),
)


def _stored_norms(ctx: Context):
    from specproof.runs.sweeps.table import run_sweep, stored_options

    # every committed row, the wide grid's included (ℓ up to 10⁷: stored, so read without computing); with ctx.wide a
    # missing row is computed in memory as for every stored sweep
    options = {**stored_options(ctx), "grid": "wide"}
    result = run_sweep("cesaro-norm", **options)
    rows = [r for r in result.rows if r["x"] >= 16]
    sizes = np.array([int(r["x"]) for r in rows])
    missing = f", {len(result.missing)} wide rows not stored" if getattr(result, "missing", None) else ""
    return (
        sizes,
        np.array([r["lower"] for r in rows]),
        np.array([r["upper"] for r in rows]),
        f"sweep cesaro-norm (stored rows of the wide grid, ℓ = {sizes[0]}…{sizes[-1]}{missing})",
    )


def doubling_constants(sizes: np.ndarray, norms: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Successive-doubling estimates of A in 2 − ‖H_ℓ‖ ≈ A/(log ℓ + c)²: with f = (2 − ‖H‖)^(−1/2) = (log ℓ + c)/√A,
    A ≈ (Δ log ℓ / Δf)² between consecutive sizes ℓ and 2ℓ. Returns the upper sizes and the estimates."""
    f = (2 - norms) ** -0.5
    pairs = np.flatnonzero(sizes[1:] == 2 * sizes[:-1])
    return sizes[pairs + 1], (np.log(2) / (f[pairs + 1] - f[pairs])) ** 2


@check
def cesaro_rate_local_constants(ctx: Context) -> Evidence:
    """The leading constant read locally, doubling by doubling, from the norm brackets: it must fall monotonically
    toward 4π² without crossing it, and the fitted constant of a free fit is a range average, not the limit."""
    sizes, lo, hi, ranges = _stored_norms(ctx)
    mid = (lo + hi) / 2
    upper_sizes, A = doubling_constants(sizes, mid)
    # the bracket moves f by at most Δf_max: A's own bracket per pair, so that a monotone fall is decided, not read off
    # noise
    f_lo, f_hi = (2 - lo) ** -0.5, (2 - hi) ** -0.5
    pairs = np.flatnonzero(sizes[1:] == 2 * sizes[:-1])
    A_lo = (np.log(2) / (f_hi[pairs + 1] - f_lo[pairs])) ** 2
    A_hi = (np.log(2) / (f_lo[pairs + 1] - f_hi[pairs])) ** 2
    falling = bool(np.all(A_hi[1:] < A_lo[:-1]))
    above = bool(np.all(A_lo > FOUR_PI_SQ))
    status = Status.VERIFIED if falling and above else Status.REFUTED
    return Evidence(
        status,
        "sweep",
        f"A from successive doublings: {fmt(A[0], 4)} (ℓ = {upper_sizes[0] // 2}–{upper_sizes[0]}) → "
        f"{fmt(A[len(A) // 2], 4)} → {fmt(A[-1], 4)} (ℓ = {upper_sizes[-1] // 2}–{upper_sizes[-1]}), strictly "
        f"falling bracket by bracket: {falling}; above 4π² = {fmt(FOUR_PI_SQ, 4)} throughout: {above}",
        ranges=ranges + f", doubling pairs ℓ = {upper_sizes[0] // 2}…{upper_sizes[-1]}",
        worst_margin=float(A_lo.min() - FOUR_PI_SQ),
        sharpest=f"last local constant {fmt(A[-1], 4)} vs 4π² = {fmt(FOUR_PI_SQ, 4)}",
        counterexample=None if status is Status.VERIFIED else {"ell": upper_sizes.tolist(), "A": A.tolist()},
        data={
            "ell": upper_sizes.tolist(),
            "local_constant": A.tolist(),
            "limit": FOUR_PI_SQ,
            "series": [step_series("local constant A", upper_sizes, A, "decreasing")],
        },
        limit=Limit(
            "closed-form",
            "the local constant A of 2 − ‖H_ℓ‖ ≈ A/(log ℓ + c)² falls toward the continuum operator's 4π² "
            "(proved for the continuum, sdeg.c.hardy-continuum; for the discrete H_ℓ observed: above it and falling "
            "at every doubling)",
            quantity="A_ℓ = (log 2/Δ(2 − ‖H‖)^(−1/2))² over ℓ/2 → ℓ",
            value="4π²",
            numeric=FOUR_PI_SQ,
            approach=f"A_ℓ − 4π² = {fmt(A[-1] - FOUR_PI_SQ, 3)} at the last doubling ℓ = {upper_sizes[-1]}, "
            f"{fmt(A[len(A) // 2] - FOUR_PI_SQ, 3)} at ℓ = {upper_sizes[len(A) // 2]}",
            ranges=ranges,
        ),
    )


@check
def cesaro_rate_continuum_shift(ctx: Context) -> Evidence:
    """With A = 4π² fixed, the continuum law at log N = log ℓ + c_ℓ reproduces each ‖H_ℓ‖: c_ℓ increases with
    shrinking steps (consistent with a limit c₀ ≈ 2.7)."""
    sizes, lo, hi, ranges = _stored_norms(ctx)
    c_lo = np.array([cesaro_continuum_shift(int(n), float(v)) for n, v in zip(sizes, lo)])
    c_hi = np.array([cesaro_continuum_shift(int(n), float(v)) for n, v in zip(sizes, hi)])
    c = (c_lo + c_hi) / 2
    rising = bool(np.all(c_lo[1:] > c_hi[:-1]))
    dyadic = np.flatnonzero(sizes[1:] == 2 * sizes[:-1])
    steps = c[dyadic + 1] - c[dyadic]
    slowing = bool(np.all(np.diff(steps) < 0))
    ok = rising and slowing
    # one shift for the large sizes: the continuum law at log ℓ + c₀ against 2 − ‖H_ℓ‖ there
    large = sizes >= 2**17 if np.count_nonzero(sizes >= 2**17) >= 2 else sizes >= sizes[len(sizes) // 2]
    c0 = float(np.mean(c[large]))
    gap = 2 - (lo + hi) / 2
    model = np.array([2 - hardy_continuum_norm(math.log(int(n)) + c0) for n in sizes[large]])
    relative = float(np.max(np.abs(model - gap[large]) / gap[large]))
    return Evidence(
        Status.VERIFIED if ok else Status.REFUTED,
        "sweep",
        f"shift c_ℓ = {fmt(c[0], 4)} (ℓ = {sizes[0]}) → {fmt(c[-1], 4)} (ℓ = {sizes[-1]}), increasing bracket by "
        f"bracket: {rising}, by doubling steps {fmt(steps[0], 3)} → {fmt(steps[-1], 3)}, shrinking: {slowing}; "
        f"one shift c₀ = {fmt(c0, 3)} reproduces 2 − ‖H_ℓ‖ for ℓ = {sizes[large][0]}…{sizes[-1]} within "
        f"{fmt(100 * relative, 2)} %",
        ranges=ranges,
        role="supports",
        sharpest=f"c_ℓ → {fmt(c[-1], 4)} at ℓ = {sizes[-1]}",
        counterexample=None if ok else {"ell": sizes.tolist(), "shift": c.tolist()},
        data={"ell": sizes.tolist(), "shift": c.tolist()},
    )


claim(
    id="sdeg.c.cesaro-norm-rate",
    figure="figures/cesaro-norm.png",
    title="2 − ‖H_ℓ‖ ≈ 4π²/(log ℓ + c_ℓ)²: the discrete Cesàro norm follows the continuum law",
    source=Source("specproof", "App. D.2", "own"),
    statement=r"$2-\|\mathsf H_\ell\|\sim4\pi^2/\log^2\ell$: the successive-doubling estimates of $A$ in $2-\|\mathsf H_\ell\|\approx A/(\log\ell+c)^2$ fall monotonically toward $4\pi^2$ (sdeg.c.hardy-continuum) without crossing it, and the continuum norm at $\log N=\log\ell+c_\ell$ reproduces every $\|\mathsf H_\ell\|$ with a shift $c_\ell$ that increases with shrinking steps ($\approx2.4$ at $\ell=16$, $\approx2.68$ at $\ell=10^7$). A free fit of $A$ over a finite range (e.g. $42.9/(\log\ell+6.2)^2$) is a range average of a still-falling local constant, not the limit.",
    checks=[cesaro_rate_local_constants],
    cross_checks=[cesaro_rate_continuum_shift],
    expected=Status.VERIFIED,
    unproved=(
        "the constant's approach to 4π² is read from brackets at finitely many ℓ; the continuum law (sdeg.c.hardy-continuum) is proved, but no written argument bounds the discrete operator's distance from it, so the rate stays measured"
    ),
    reason=(
        "From the stored cesaro-norm brackets (ℓ = 16 … 10⁷; Lanczos lower bound, Collatz–Wielandt upper bound): every doubling's estimate of the leading constant, computed from the bracket ends, is below the previous one and above 4π², so A falls from ≈ 45.6 toward 39.48 and no fit with A free can be read as the limit. The limit itself is an observation: nothing here proves that the discrete operators follow the continuum law (no discrete–continuum error bound is known to us), so the claim is verified, not proved."
    ),
    uses=["sdeg.c.hardy-continuum", "sdeg.c.test-vector"],
    tests=["tests/test_cesaro.py::test_cesaro_norm_increases_to_two"],
)
