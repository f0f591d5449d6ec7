"""Causal box and triBox filters, the triangular kernel and the dyadic schedule (TRSP §3.2)."""

from __future__ import annotations

from fractions import Fraction

import numpy as np

from specproof.theory.validate import finite_array, positive_int


def window_sizes(T: int, b: int) -> np.ndarray:
    """Effective windows w_t = min(b, t+1), t = 0..T-1 (TRSP Eq. 1)."""
    T = positive_int("T", T)
    b = positive_int("b", b)
    return np.minimum(b, np.arange(T) + 1)


def box_filter_naive(X, b: int) -> np.ndarray:
    """Causal box filter by its definition, a sliding mean over w_t tokens: O(T·b) (TRSP Eq. 1)."""
    X = finite_array("X", X)
    b = positive_int("b", b)
    T = positive_int("T (rows of X)", X.shape[0])
    out = np.empty_like(X)
    for t in range(T):
        w = min(b, t + 1)
        out[t] = X[t - w + 1 : t + 1].sum(axis=0) / w
    return out


def box_filter(X, b: int) -> np.ndarray:
    """Causal box filter through prefix sums, O(T·d) for any b (TRSP Eq. 2).

    With S_0 = 0, S_{t+1} = S_t + X_t and a_t = max(0, t-b+1):
    Box_b(X)_t = (S_{t+1} - S_{a_t}) / (t - a_t + 1).
    """
    X = finite_array("X", X)
    b = positive_int("b", b)
    T = positive_int("T (rows of X)", X.shape[0])
    S = np.concatenate([np.zeros((1,) + X.shape[1:]), np.cumsum(X, axis=0)])
    t = np.arange(T)
    a = np.maximum(0, t - b + 1)
    w = (t - a + 1).reshape((T,) + (1,) * (X.ndim - 1))
    return (S[t + 1] - S[a]) / w


def box_filter_transpose(Y, b: int) -> np.ndarray:
    """Transpose of the causal box filter: (Box_bᵀ y)_j = Σ_{t=j}^{min(j+b-1,T-1)} y_t / w_t."""
    Y = finite_array("Y", Y)
    b = positive_int("b", b)
    T = positive_int("T (rows of Y)", Y.shape[0])
    w = window_sizes(T, b).reshape((T,) + (1,) * (Y.ndim - 1))
    scaled = Y / w
    # suffix sums R_j = Σ_{t>=j} scaled_t, with R_T = 0
    R = np.concatenate([np.cumsum(scaled[::-1], axis=0)[::-1], np.zeros((1,) + Y.shape[1:])])
    j = np.arange(T)
    return R[j] - R[np.minimum(j + b, T)]


def tribox_filter(X, b: int) -> np.ndarray:
    """triBox_b = Box_b ∘ Box_b, the cascade of two causal box filters (TRSP Eq. 3)."""
    return box_filter(box_filter(X, b), b)


def tribox_kernel(b: int) -> np.ndarray:
    """Triangular kernel h_b(r) = (b - |r-(b-1)|)/b², r = 0..2b-2 (TRSP Eq. 4)."""
    b = positive_int("b", b)
    r = np.arange(2 * b - 1)
    return (b - np.abs(r - (b - 1))) / b**2


def tribox_kernel_energy(b: int) -> float:
    """Closed form ‖h_b‖₂² = (2b²+1)/(3b³) (TRSP Eq. 13)."""
    b = positive_int("b", b)
    return (2 * b * b + 1) / (3 * b**3)


def box_matrix(T: int, b: int, exact: bool = False) -> np.ndarray:
    """The T×T matrix of Box_b from its definition: row t is 1/w_t on columns t−w_t+1..t (TRSP Eq. 1).

    With ``exact`` the entries are :class:`fractions.Fraction` (an object array), for certified checks.
    """
    T = positive_int("T", T)
    w = window_sizes(T, b)
    one = Fraction(1) if exact else 1.0
    B = np.full((T, T), 0 * one, dtype=object if exact else np.float64)
    for t in range(T):
        B[t, t - w[t] + 1 : t + 1] = one / int(w[t])
    return B


def tribox_matrix(T: int, b: int, exact: bool = False) -> np.ndarray:
    """M_tri = B_b·B_b, the matrix of triBox_b (TRSP Eq. 3), optionally in exact rationals.

    The exact path builds each row from difference arrays, O(T·b) Fractions per row instead of the
    O(T²) of a dense product: (M)_{t,j} = (1/w_t) Σ_{s=t−w_t+1..t} (1/w_s)·1[s−w_s < j ≤ s].
    """
    if not exact:
        B = box_matrix(T, b)
        return B @ B
    T = positive_int("T", T)
    w = [int(x) for x in window_sizes(T, b)]
    M = np.empty((T, T), dtype=object)
    for t in range(T):
        diff = [Fraction(0)] * (T + 1)
        for s in range(t - w[t] + 1, t + 1):
            weight = Fraction(1, w[t] * w[s])
            diff[s - w[s] + 1] += weight
            diff[s + 1] -= weight
        acc = Fraction(0)
        for j in range(T):
            acc += diff[j]
            M[t, j] = acc
    return M


def dyadic_schedule(T: int, depth: int | None = None) -> list[int]:
    """Bandwidths b_ℓ = min(2^ℓ, T), ℓ = 0..depth-1 (TRSP Eq. 5).

    The default depth ⌊log₂ T⌋ + 1 runs ℓ = 0..⌊log₂ T⌋, the layers whose bandwidth 2^ℓ ≤ T is not capped.
    """
    T = positive_int("T", T)
    depth = floor_log2(T) + 1 if depth is None else positive_int("depth", depth)
    return [min(2**ell, T) for ell in range(depth)]


def floor_log2(T: int) -> int:
    """L = ⌊log₂ T⌋, exactly, for an integer T ≥ 1."""
    return positive_int("T", T).bit_length() - 1


def ceil_log2(T: int) -> int:
    """⌈log₂ T⌉, exactly, for an integer T ≥ 1."""
    T = positive_int("T", T)
    return (T - 1).bit_length()


__all__ = [
    "box_filter",
    "box_matrix",
    "box_filter_naive",
    "box_filter_transpose",
    "ceil_log2",
    "dyadic_schedule",
    "floor_log2",
    "tribox_filter",
    "tribox_kernel",
    "tribox_kernel_energy",
    "tribox_matrix",
    "window_sizes",
]

