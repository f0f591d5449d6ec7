"""TRSP Appendix C: what several claim modules share (precision, the skeleton's float table).

Default mode runs representative complete ranges; ``Context(wide=True)`` runs the widest ones
(minutes) and records their provenance (library versions, machine, date) in ``Evidence.data``.
Claims of the project's own sit beside the claim they sharpen or correct.
"""

from __future__ import annotations

import functools
from fractions import Fraction

import numpy as np
import scipy.linalg

from specproof.checks.methods import EPS
from specproof.checks.registry import Context
from specproof.theory.cayley import cayley_algebraic_connectivity, cayley_laplacian_spectrum
from specproof.theory.filters import dyadic_schedule
from specproof.theory.operators import superposed_tribox

TESTS = "tests/test_trsp_appendix_c.py"


QUARTER = (Fraction(1, 4), Fraction(3, 4))  # 4 sin²(πx) ≥ 2  ⇔  x ∈ [1/4, 3/4]


def largest_T(ctx: Context, default: int, wide: int) -> int:
    return wide if ctx.wide else default


def real_stack_matrix(T: int) -> np.ndarray:
    """Σ_ℓ M_tri^{(b_ℓ)} with the dyadic schedule b_ℓ = min(2^ℓ, T): the real causal stack (no wrap-around)."""
    return superposed_tribox(T, dyadic_schedule(T)).as_matrix()


@functools.lru_cache(maxsize=None)
def real_operator_spectrum(T: int) -> tuple[float, float, float]:
    """(μ₂, γ, max degree) of the real operator: W = ½(M + Mᵀ) with its diagonal (self-loops count in D, App. C.1)."""
    M = real_stack_matrix(T)
    W = (M + M.T) / 2
    d = W.sum(axis=1)
    mu2 = float(scipy.linalg.eigvalsh(np.diag(d) - W, subset_by_index=[1, 1])[0])
    s = 1 / np.sqrt(d)
    gamma = float(scipy.linalg.eigvalsh(np.eye(T) - s[:, None] * W * s[None, :], subset_by_index=[1, 1])[0])
    return mu2, gamma, float(d.max())


@functools.lru_cache(maxsize=None)
def skeleton_table(top: int) -> dict:
    """Float μ₂ and μ₁ (mode k = 1) of the multigraph skeleton for every T in [2, top]."""
    Ts = np.arange(2, top + 1)
    mu2 = np.array([cayley_algebraic_connectivity(int(T)) for T in Ts])
    mu1 = np.array([cayley_laplacian_spectrum(int(T), k=[1])[0] for T in Ts])
    return {"T": Ts, "mu2": mu2, "mu1": mu1}


def skeleton_float_error(T) -> float:
    """Absolute error of a float μ_k = Σ_(ℓ≤L) 4 sin²(π r_ℓ/T), r_ℓ exact integers: each term ≤ 4 carries the angle's
    (2 eps), sin's (1 ulp) and the square's (2 eps) relative errors, ≤ 4·8 eps = 32 eps absolutely; summing L+1 terms
    adds at most (L+1)·eps·Σ|terms| ≤ 4(L+1)² eps. Total 32(L+1) eps + 4(L+1)² eps."""
    levels = np.floor(np.log2(T)) + 1
    return (32 * levels + 4 * levels**2) * EPS
