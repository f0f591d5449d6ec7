"""Causal smoothing kernels h_b and the causal convolution operator they define (TRSP §3.2, Eq. 3–4, 13).

A kernel is a weight vector h_b(r) over lags r = 0..m−1 (r = 0 is the token itself). The box of
width b and the triangle of Eq. 4 are the first two members of the cascade family Box_b^{∘n},
whose weights are integers over b^n, so they can be handled exactly.
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np
from scipy.signal import lfilter

from specproof.theory.operators import LOWER_TRIANGULAR, NONNEGATIVE, Operator
from specproof.theory.validate import InputError, finite_array, positive_int


def cascade_kernel_numerators(b: int, order: int) -> list[int]:
    """Integer weights of Box_b^{∘order}: the order-fold convolution of b ones; denominator b^order.

    Lag r runs over 0..order·(b−1). Order 1 is the box, order 2 the triangle b − |r − (b−1)| of Eq. 4.
    """
    b = positive_int("b", b)
    order = positive_int("order", order)
    counts = [1]
    for _ in range(order):
        # convolving with b ones is a sliding-window sum: prefix-sum differences, exact in ints
        prefix = [0]
        for c in counts:
            prefix.append(prefix[-1] + c)
        m = len(counts)
        counts = [prefix[min(k + 1, m)] - prefix[max(0, k - b + 1)] for k in range(m + b - 1)]
    return counts


def cascade_kernel_exact(b: int, order: int) -> list[Fraction]:
    """Box_b^{∘order} weights as exact fractions (they sum to exactly 1)."""
    denominator = positive_int("b", b) ** positive_int("order", order)
    return [Fraction(c, denominator) for c in cascade_kernel_numerators(b, order)]


def cascade_kernel(b: int, order: int) -> np.ndarray:
    """Box_b^{∘order} weights in float64; order 2 equals :func:`theory.filters.tribox_kernel`."""
    return np.asarray(cascade_kernel_numerators(b, order), dtype=np.float64) / float(b) ** order


def box_kernel(b: int) -> np.ndarray:
    """Uniform box h_b(r) = 1/b, r = 0..b−1 (the kernel of TRSP Eq. 1 away from the boundary)."""
    b = positive_int("b", b)
    return np.full(b, 1.0 / b)


def kernel_energy(weights) -> float:
    """‖h‖₂² = Σ_r h(r)², the per-row energy E_b of TRSP Eq. 13."""
    h = finite_array("kernel weights", weights)
    return float(np.dot(h.ravel(), h.ravel()))


class CausalConvolution(Operator):
    """Causal convolution (Kx)_t = c_t Σ_{r ≤ min(t, m−1)} h(r) x_{t−r} on ℝ^T.

    For a nonnegative kernel, rows cut by the sequence start are rescaled by
    c_t = Σ_r h(r) / Σ_{r ≤ t} h(r), so every row sums to the kernel's total, as the length
    normalisation w_t = min(b, t+1) of TRSP Eq. 1 does for the box (with the box kernel this
    operator is exactly the causal box filter); a cut row whose weights are all 0 stays 0. A signed
    kernel's partial sums can vanish, so its cut rows are left unscaled.
    """

    def __init__(self, T: int, weights):
        self.n = positive_int("T", T)
        h = finite_array("kernel weights", weights)
        if h.ndim != 1 or h.size < 1:
            raise InputError(f"kernel weights must be a non-empty 1-D sequence, got shape {h.shape}")
        self.weights = h
        partial = np.cumsum(h)[np.minimum(np.arange(self.n), h.size - 1)]
        rescale = np.all(h >= 0) & (partial > 0)
        self.row_scale = np.where(rescale, h.sum() / np.where(rescale, partial, 1.0), 1.0)
        self.tags = frozenset({LOWER_TRIANGULAR} | ({NONNEGATIVE} if np.all(h >= 0) else set()))

    def _scale(self, x):
        return self.row_scale.reshape((-1,) + (1,) * (x.ndim - 1)) * x

    def _mv(self, x):
        return self._scale(lfilter(self.weights, [1.0], x, axis=0))

    def _rmv(self, y):
        # Kᵀ = (filter)ᵀ·diag(c): scale, then correlate (filter the reversed sequence)
        scaled = self._scale(y)
        return lfilter(self.weights, [1.0], scaled[::-1], axis=0)[::-1]

    def as_matrix(self) -> np.ndarray:
        t = np.arange(self.n)
        lag = t[:, None] - t[None, :]
        inside = (lag >= 0) & (lag < self.weights.size)
        M = np.where(inside, self.weights[np.clip(lag, 0, self.weights.size - 1)], 0.0)
        return self.row_scale[:, None] * M

    def __repr__(self):
        return f"CausalConvolution(T={self.n}, taps={self.weights.size})"


__all__ = [
    "CausalConvolution",
    "box_kernel",
    "cascade_kernel",
    "cascade_kernel_exact",
    "cascade_kernel_numerators",
    "kernel_energy",
]
