"""SDEG App. F.4: Representative score spectra.

The section's claims in the paper's order, each stated before the checks that decide it.
"""

from __future__ import annotations

import math

import numpy as np
import scipy.linalg
import scipy.special
import sympy as sp

from specproof.checks.claims._shared.sdeg_main import EPS, STATEMENT_TESTS
from specproof.engine.methods import (
    derivation,
    grid_check,
    sympy_identity,
)
from specproof.engine.records import Limit, Tightness
from specproof.engine.registry import Context, Evidence, Role, Source, Status, claim
from specproof.theory.spectral import effective_rank, stable_rank

smooth_decay = claim(
    "sdeg.F.smooth-decay",
    title="Small rank proxies from smooth spectral decay, with no spike structure",
    source=Source("SDEG", "App. F.4", "remark"),
    statement=r"A spectrum without any gap can have bounded rank proxies: $\sigma_j=\rho^{j-1}$ ($j\le n$) gives $\mathrm{srank}=\frac{1-\rho^{2n}}{1-\rho^2}<\frac1{1-\rho^2}$ for every $n$ and, as $n\to\infty$, $\log\mathrm{erank}_p\to-[r\log r+(1-r)\log(1-r)]/(1-r)$, $r=\rho^p$ (for $\rho=\tfrac12$: $\mathrm{srank}\to\tfrac43$, $\mathrm{erank}_1\to4$, $\mathrm{erank}_2\to\tfrac43\,4^{1/3}$), while every adjacent ratio is $\sigma_j/\sigma_{j+1}=1/\rho$; $\sigma_j=1/j$ gives $\mathrm{srank}<\pi^2/6$ with adjacent ratios $1+1/j\to1$. So small rank proxies do not indicate a spike–bulk split.",
    expected=Status.PROVED,
    reason="Closed-form sums in sympy for symbolic ρ and n (geometric series, the geometric law's entropy, ζ(2)); dense matrices with the witness spectrum confirm the proxies in floating point.",
    prose="the rank proxies depend on the singular values only (stable_rank and effective_rank read σ), so any matrix U diag(σ)Vᵀ is a witness; the entropy of the truncated list tends to the series' as n → ∞ (dominated convergence of the summable terms q_j log(1/q_j))",
    notes=["interpretive"],
    tightness=Tightness(
        "sharp",
        "srank = (1−ρ^{2n})/(1−ρ²) (smooth_decay_sympy) tends to its bound 1/(1−ρ²) as n → ∞",
        approach="1/(1−ρ²) − srank = ρ^{2n}/(1−ρ²): geometric in n",
    ),
    limit=Limit(
        "closed-form",
        "smooth_decay_sympy: geometric sums and the entropy of the geometric law",
        quantity="log erank_p of σ_j = ρ^{j−1}, n → ∞",
        value="−[r log r + (1−r) log(1−r)]/(1−r), r = ρ^p",
        approach="geometrically in n (the truncated law's mass ρ^{pn})",
    ),
    tests=[f"{STATEMENT_TESTS}::test_geometric_witness_proxies"],
)


def _main_branch(expr):
    """The generic branch of a sympy summation result (Piecewise cases such as ρ² = 1 are the degenerate ones)."""
    expr = sp.piecewise_fold(expr)
    if isinstance(expr, sp.Piecewise):
        return next((e for e, cond in expr.args if cond is sp.true), expr.args[0][0])
    return expr


@smooth_decay.decides
def smooth_decay_sympy(ctx: Context) -> Evidence:
    """Closed forms: srank of σ_j = ρ^{j−1} is (1 − ρ^{2n})/(1 − ρ²) ≤ 1/(1 − ρ²); the geometric law's entropy; the
    witness ρ = 1/2; and Σ_j j^{−2} = π²/6 for the power law σ_j = 1/j."""
    rho, n, w, r = sp.symbols("rho n w r", positive=True)
    j = sp.Symbol("j", integer=True, positive=True)
    srank = _main_branch(sp.summation(rho ** (2 * (j - 1)), (j, 1, n)))
    r_w = 1 / (1 + w)  # r ∈ (0, 1) as 1/(1 + w), w > 0: the series converges and sympy needs no case split
    q = (1 - r_w) * r_w ** (j - 1)
    H = _main_branch(sp.summation(-q * sp.expand_log(sp.log(q), force=True), (j, 1, sp.oo)))
    closed = -(r * sp.log(r) + (1 - r) * sp.log(1 - r)) / (1 - r)
    half = sp.Rational(1, 2)
    steps = [
        sympy_identity(
            srank, (1 - rho ** (2 * n)) / (1 - rho**2), what="srank(σ_j = ρ^{j−1}, j ≤ n) = (1 − ρ^{2n})/(1 − ρ²)"
        ),
        sympy_identity(
            1 / (1 - rho**2) - (1 - rho ** (2 * n)) / (1 - rho**2),
            rho ** (2 * n) / (1 - rho**2),
            what="1/(1 − ρ²) − srank = ρ^{2n}/(1 − ρ²) ≥ 0: srank < 1/(1 − ρ²) for every n",
        ),
        sympy_identity(
            H,
            closed.subs(r, r_w),
            what=(
                "the geometric law q_j = (1 − r)r^{j−1} has entropy −[r log r + (1 − r)log(1 − r)]/(1 − r) "
                "(r = ρ for erank₁, ρ² for erank₂, n → ∞)"
            ),
        ),
        sympy_identity(sp.exp(closed.subs(r, half)), sp.Integer(4), what="witness ρ = 1/2: erank₁ → e^{2 log 2} = 4"),
        sympy_identity(
            sp.exp(closed.subs(r, half**2)),
            sp.Rational(4, 3) * sp.cbrt(4),
            what="erank₂ → (4/3)·4^{1/3} ≈ 2.12, and srank → 1/(1 − 1/4) = 4/3",
        ),
        sympy_identity(
            sp.summation(1 / j**2, (j, 1, sp.oo)),
            sp.pi**2 / 6,
            what="power law σ_j = 1/j: srank = Σ_(j≤n) j^{−2} < π²/6 ≈ 1.64 for every n",
        ),
    ]
    return derivation(
        steps,
        what=(
            "smooth decay gives srank = O(1) (and, geometric, erank₁, erank₂ = O(1)) with every adjacent "
            "ratio σ_j/σ_(j+1) equal to 1/ρ (geometric) or (1 + 1/j) ≤ 2 → 1 (power law): no gap "
            "singles out a spike block"
        ),
        ranges="every n, every ρ ∈ (0, 1)",
    )


def geometric_entropy_limit(r: float) -> float:
    """Entropy of the geometric law q_j = (1 − r)r^{j−1}: −[r log r + (1 − r)log(1 − r)]/(1 − r)."""
    return -(r * math.log(r) + (1 - r) * math.log1p(-r)) / (1 - r)


@smooth_decay.supports
def smooth_decay_dense(ctx: Context) -> Evidence:
    """Dense matrices U diag(σ) Vᵀ (seeded orthogonal U, V) with the geometric witness ρ = 1/2: the proxies sit below
    their n → ∞ limits 4/3, 4, (4/3)4^{1/3} for every n, approaching them."""
    rng = np.random.default_rng(ctx.seed)
    limits = {
        "srank": 4 / 3,
        "erank1": math.exp(geometric_entropy_limit(0.5)),
        "erank2": math.exp(geometric_entropy_limit(0.25)),
    }
    cases = [2, 4, 8, 16, 32, 64, 128] + ([256, 512] if ctx.wide else [])

    def margin(n):
        U, V = (np.linalg.qr(rng.standard_normal((n, n)))[0] for _ in range(2))
        A = U @ np.diag(0.5 ** np.arange(n, dtype=float)) @ V.T
        sv = scipy.linalg.svdvals(A)
        measured = {"srank": stable_rank(sv), "erank1": effective_rank(sv, 1), "erank2": effective_rank(sv, 2)}
        return min(limits[key] - measured[key] for key in limits)

    return grid_check(
        cases,
        margin,
        what="srank, erank₁, erank₂ of U diag(2^{−(j−1)}) Vᵀ below 4/3, 4, 2.12",
        method="grid",
        exact=False,
        ranges=f"n ∈ {{{', '.join(map(str, cases))}}}, seeded orthogonal U, V",
        tolerance=lambda n: 200 * n * EPS,
        allowance=(
            "svdvals of the dense product: each σ_j within 10·n·eps·‖A‖ (‖A‖ = 1), the tiny ones "
            "(< n·eps) perturbed relatively a lot but weighing ≤ n·eps in each proxy; the entropy's "
            "slope log(1/q) < 40 on the rest: ≤ 200·n·eps"
        ),
        role=Role.SUPPORTS,
    )


def geometric_proxies(rho: float, n: int) -> dict:
    """srank, erank₁, erank₂ of a spectrum σ_j = ρ^{j−1}, j = 1..n (any matrix with these singular values)."""
    sv = rho ** np.arange(n, dtype=float)
    return {"srank": stable_rank(sv), "erank1": effective_rank(sv, 1), "erank2": effective_rank(sv, 2)}
