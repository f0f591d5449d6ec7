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
    Box_b(X)_t = (S_{t+1} - S_{a_t}) / (t - a_t + 1). Checks X once, then :func:`box_apply`.
    """
    X = finite_array("X", X)
    b = positive_int("b", b)
    positive_int("T (rows of X)", X.shape[0])
    return box_apply(X, b)


def box_filter_transpose(Y, b: int) -> np.ndarray:
    """Transpose of the causal box filter: (Box_bᵀ y)_j = Σ_{t=j}^{min(j+b-1,T-1)} y_t / w_t."""
    Y = finite_array("Y", Y)
    b = positive_int("b", b)
    positive_int("T (rows of Y)", Y.shape[0])
    return box_apply_transpose(Y, b)


def tribox_filter(X, b: int) -> np.ndarray:
    """triBox_b = Box_b ∘ Box_b, the cascade of two causal box filters (TRSP Eq. 3)."""
    X = finite_array("X", X)
    b = positive_int("b", b)
    positive_int("T (rows of X)", X.shape[0])
    return tribox_apply(X, b)


# The kernels below take what the public filters have checked (a real array with T ≥ 1 rows along axis 0,
# an int b ≥ 1) and check nothing, so that a chain of filters (triBox, the layers of theory.network) pays
# for one check at its entry (Operator.mv). Each works in place in the one array it returns: one prefix
# sum, then slices (no index arrays, no concatenation, no second array whose pages the kernel would
# have to fault in), with the same floating-point operations, entry by entry, as Eq. 2 written out.

_BLOCK = 1 << 16  # entries per slice of an in-place difference: the Python loop is negligible, a slice stays in cache


def _block_rows(Z: np.ndarray) -> int:
    return max(1, _BLOCK // max(1, Z[:1].size))


_COUNTS_KEPT = 1 << 20  # 1, 2, … up to here are kept (8 MB): every box of a network at T ≤ 2^20 divides by one array
_kept_counts = [np.arange(1.0, 1.0)]


def _counts(k: int, ndim: int) -> np.ndarray:
    """1, 2, …, k shaped to divide the first k rows of an ndim-array: the windows w_t = t + 1, t < b."""
    kept = _kept_counts[0]
    if k > kept.size:
        if k > _COUNTS_KEPT:
            return np.arange(1.0, k + 1.0).reshape((k,) + (1,) * (ndim - 1))
        kept = np.arange(1.0, min(_COUNTS_KEPT, max(k, 2 * kept.size)) + 1.0)
        kept.flags.writeable = False
        _kept_counts[0] = kept
    return kept[:k].reshape((k,) + (1,) * (ndim - 1))


def _box_from_prefix(S: np.ndarray, b: int) -> np.ndarray:
    """Box_b in place, from the inclusive prefix sums S[t] = S_{t+1} of Eq. 2.

    Rows t ≥ b become (S_{t+1} − S_{t+1−b})/b block by block from the last row down: each block's differences
    go to a block-sized scratch and come back divided, so every S_{t+1−b} is read before its row is written and
    no operand overlaps its output (numpy would copy it); rows t < b see the whole prefix, S_{t+1}/(t+1)
    (S_{a_t} = S_0 = 0).
    """
    T = S.shape[0]
    step = _block_rows(S)
    scratch = np.empty((min(step, max(T - b, 0)),) + S.shape[1:])
    hi = T
    while hi > b:
        lo = max(b, hi - step)
        block = scratch[: hi - lo]
        np.subtract(S[lo:hi], S[lo - b : hi - b], out=block)
        np.divide(block, b, out=S[lo:hi])
        hi = lo
    k = min(b, T)
    S[:k] /= _counts(k, S.ndim)
    return S


def _scale_by_windows(Y: np.ndarray, b: int, out: np.ndarray, first: int = 0) -> np.ndarray:
    """y_t / w_t into ``out`` (which may be Y itself) for the rows t = first, first + 1, … that Y holds,
    w_t = min(b, t + 1)."""
    k = min(max(b - first, 0), Y.shape[0])
    np.divide(Y[:k], _counts(first + k, Y.ndim)[first:], out=out[:k])
    np.divide(Y[k:], b, out=out[k:])
    return out


def _box_transpose_from_scaled(R: np.ndarray, b: int, rescale: bool = False) -> np.ndarray:
    """Box_bᵀ in place, from z_t = y_t/w_t held in R; with ``rescale``, the result divided by w_t once more
    (the next box's scaling, for a triBox).

    R becomes its suffix sums R_j = Σ_{t≥j} z_t (R_T = 0), then (Box_bᵀ y)_j = R_j − R_{min(j+b, T)}: the
    rows j < T − b are differences, taken block by block from the first row up, each R_{j+b} read before its
    row is written (numpy copies a block's operand where the block is longer than b, unless the rescaling
    lets the block go through a scratch); the last min(b, T) rows are R_j itself.
    """
    T = R.shape[0]
    np.cumsum(R[::-1], axis=0, out=R[::-1])
    step = _block_rows(R)
    scratch = np.empty((min(step, max(T - b, 0)),) + R.shape[1:]) if rescale else None
    for lo in range(0, T - b, step):
        hi = min(T - b, lo + step)
        if scratch is not None:
            block = scratch[: hi - lo]
            np.subtract(R[lo:hi], R[lo + b : hi + b], out=block)
            _scale_by_windows(block, b, R[lo:hi], first=lo)
        else:
            np.subtract(R[lo:hi], R[lo + b : hi + b], out=R[lo:hi])
    if rescale:
        tail = max(T - b, 0)
        _scale_by_windows(R[tail:], b, R[tail:], first=tail)
    return R


def box_apply(X: np.ndarray, b: int) -> np.ndarray:
    """Box_b X for input :func:`box_filter` has checked: one prefix sum, then slices, in one fresh array."""
    return _box_from_prefix(np.cumsum(X, axis=0, dtype=np.float64), b)


def box_apply_transpose(Y: np.ndarray, b: int) -> np.ndarray:
    """Box_bᵀ Y for input :func:`box_filter_transpose` has checked: a scaling, one suffix sum, slices."""
    return _box_transpose_from_scaled(_scale_by_windows(Y, b, np.empty(Y.shape)), b)


def tribox_apply(X: np.ndarray, b: int) -> np.ndarray:
    """Box_b(Box_b X) in one fresh array: the second prefix sum is taken in place over the first box."""
    Z = box_apply(X, b)
    np.cumsum(Z, axis=0, out=Z)
    return _box_from_prefix(Z, b)


def tribox_apply_transpose(Y: np.ndarray, b: int) -> np.ndarray:
    """Box_bᵀ(Box_bᵀ Y) in one fresh array, the second box scaling and summing the first in place."""
    Z = _box_transpose_from_scaled(_scale_by_windows(Y, b, np.empty(Y.shape)), b, rescale=True)
    return _box_transpose_from_scaled(Z, b)


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
    "box_apply",
    "box_apply_transpose",
    "box_filter",
    "box_matrix",
    "box_filter_naive",
    "box_filter_transpose",
    "ceil_log2",
    "dyadic_schedule",
    "floor_log2",
    "tribox_apply",
    "tribox_apply_transpose",
    "tribox_filter",
    "tribox_kernel",
    "tribox_kernel_energy",
    "tribox_matrix",
    "window_sizes",
]
