"""SDEG, bidirectional canonical attention A_b = softmax(Σ): what several claim modules share.

Scores s_1 ≥ … ≥ s_ℓ ≥ 0 on the diagonal of Σ, a_i = e^{s_i}; spikes i ≤ k with a_i ≥ ℓf(ℓ), bulk
a_i ≤ ℓ/g(ℓ); ε_ℓ = max(1/f, 1/g) is computed from the scores themselves (theory.attention.separation_error).

Explicit sweep families: f(ℓ) = log ℓ (spikes at log(ℓ log ℓ) + {0, ½, 1}) and bounded bulk in
[0, B], B = 2, on eight levels; f(ℓ) = √ℓ or ℓ where a sweep must isolate one term of a two-term
rate; sizes ℓ = 4^3 … 4^8 (4^11 with ``wide``).
"""

from __future__ import annotations

import math

import numpy as np
import sympy as sp

from specproof.checks.methods import float_tolerance, fmt, sympy_identity, sympy_nonnegative
from specproof.checks.rates import fit_rate, rate_evidence
from specproof.checks.registry import Context, Evidence, Status
from specproof.theory.attention import canonical_weights, distance_to_spike_bulk_law, separation_error
from specproof.theory.operators import SoftmaxAttention

BULK_BOUND = 2.0


TEST_FILE = "tests/test_sdeg_bidirectional.py"


# --------------------------------------------------------------------------- shared helpers


def symbolic_evidence(
    what: str, ranges: str, residuals: dict, status: Status = Status.PROVED, role: str = "decides"
) -> Evidence:
    """Every residual (a sympy expression that must vanish) is simplified; a survivor refutes."""
    bad = {name: sp.sstr(r) for name, r in residuals.items() if sp.simplify(r) != 0}
    if bad:
        return Evidence(
            Status.REFUTED,
            "sympy",
            f"{what}: {len(bad)} of {len(residuals)} residuals do not vanish",
            ranges=ranges,
            counterexample=bad,
            role=role,
        )
    return Evidence(
        status,
        "sympy",
        f"{what}: all {len(residuals)} residuals simplify to 0",
        ranges=ranges,
        worst_margin=0.0,
        role=role,
    )


def canonical_weight_steps() -> list[Evidence]:
    """Sympy steps on d = (a−1)/(a+ℓ−1) and z = 1/(a+ℓ−1) for scores s ≥ 0 (a = 1 + u, u ≥ 0, ℓ = 1 + m): d ≥ 0, d is
    increasing in a (sorted scores give sorted d), z > 0, and d + ℓz = 1 (A_b𝟏 = 𝟏)."""
    u, m = sp.symbols("u m", nonnegative=True)
    a, ell = 1 + u, 1 + m
    d, z = (a - 1) / (a + ell - 1), 1 / (a + ell - 1)
    return [
        sympy_nonnegative(d, [u, m], what="d_i ≥ 0 for s_i ≥ 0"),
        sympy_nonnegative(sp.diff(d, u), [u, m], what="∂d/∂a = ℓ/(a+ℓ−1)² ≥ 0: s sorted ⇒ d sorted alike"),
        sympy_nonnegative(z, [u, m], what="z_i > 0"),
        sympy_identity(d + ell * z, sp.Integer(1), what="d_i + ℓz_i = 1: A_b𝟏 = 𝟏"),
    ]


def dense_attention(scores) -> np.ndarray:
    return SoftmaxAttention(scores).as_matrix()


def _eig_tolerance(s) -> float:
    """Allowance for the eigenvalues of A_b computed from its symmetric similar matrix D + √z√zᵀ
    (symmetric eigensolver, backward stable: each eigenvalue within float_tolerance(ℓ, ‖D + √z√zᵀ‖₂),
    and ‖D + √z√zᵀ‖₂ ≤ max|d_i| + Σz_i)."""
    d, z = canonical_weights(s)
    return float_tolerance(s.size, float(np.max(np.abs(d)) + np.sum(z)))


def separation_eps(scores, k: int) -> float:
    return max(separation_error(scores, k))


def sweep_sizes(ctx: Context) -> np.ndarray:
    return 4 ** np.arange(3, 12 if ctx.wide else 9)


def spike_bulk_family(
    ell: int, k: int, spike_factor: float, bulk_top: float = BULK_BOUND, bulk_levels: int = 8
) -> np.ndarray:
    """k spikes at log(ℓ·f) + {0, ½, 1} (so e^{s_i} ≥ ℓf) and a bulk on ``bulk_levels`` equispaced levels
    in [0, bulk_top] (all at bulk_top when there is one level)."""
    spikes = math.log(ell * spike_factor) + 0.5 * (np.arange(k) % 3)
    steps = np.arange(ell - k) % bulk_levels
    bulk = bulk_top * (steps / (bulk_levels - 1) if bulk_levels > 1 else np.ones(ell - k))
    return np.sort(np.concatenate([spikes, bulk]))[::-1]


def log_rate(power: int = 1):
    return lambda x: np.log(x) ** (-power)


SLOWER_AND_FASTER = {"1/ℓ": lambda x: 1.0 / x, "ℓ^-1/2": lambda x: x**-0.5, "1/log²ℓ": log_rate(2)}


def eigen_real_tolerance(s) -> float:
    return _eig_tolerance(s)


EIGEN_REAL_ALLOWANCE = (
    "eigvalsh of the symmetric reduction D + √z√zᵀ: each eigenvalue within 10·ℓ·eps·‖D + √z√zᵀ‖₂, "
    "‖·‖₂ ≤ max|d_i| + Σz_i (triangle inequality); d_i, z_i carry a few eps each, inside the 10"
)
EIGVALSH_B_ALLOWANCE = (
    "eigvalsh of D + √z√zᵀ: each λ_i within 10·ℓ·eps·‖·‖₂, ‖D + √z√zᵀ‖₂ = ρ(A_b) = 1 (symmetric, "
    "similar to the row-stochastic A_b); the factor 2 allows the roundings of d, z"
)
SVD_B_ALLOWANCE = (
    "svdvals of the dense A_b: each σ_i within 10·ℓ·eps·‖A_b‖₂ (backward stable, Weyl), ‖A_b‖₂ ≤ ‖A_b‖_F ≤ √ℓ "
    "(rows are probability vectors); entries and d_i carry a few eps each"
)
RATIO_TO_EPS = ", divided by ε_ℓ as the margin is a ratio to ε_ℓ"


def law_sweep(ctx: Context, values, what: str) -> Evidence:
    sizes = sweep_sizes(ctx)
    y = np.array(
        [distance_to_spike_bulk_law(values(spike_bulk_family(int(n), int(n) // 4, math.log(n))), 0.25) for n in sizes]
    )
    fit = fit_rate(sizes, y, log_rate(1), "1/log ℓ", competitors=SLOWER_AND_FASTER, scale="loglog")
    return rate_evidence(
        fit,
        what=what,
        ranges=f"c = 1/4 (k = ℓ/4), f = log ℓ, bulk in [0, {fmt(BULK_BOUND)}], ℓ = {sizes[0]}…{sizes[-1]}",
    )


def claim_tests(*names: str) -> list[str]:
    return [f"{TEST_FILE}::{n}" for n in names]
