"""Frequency responses of causal kernels (TRSP §3.2.1): the DTFT of a weight vector and the closed forms of the
box and of the triangle Box_b∘Box_b (Eq. 3–4)."""

from __future__ import annotations

import numpy as np

from specproof.theory.validate import InputError, finite_array, positive_int


def kernel_response(weights, omega) -> np.ndarray:
    """ĥ(ω) = Σ_r h(r) e^{−irω}, the DTFT of a causal kernel (lags r = 0..len−1), at the frequencies ``omega``."""
    h = finite_array("kernel weights", weights)
    if h.ndim != 1 or h.size < 1:
        raise InputError(f"kernel weights must be a non-empty 1-D array, got shape {h.shape}")
    w = finite_array("omega", omega)
    lags = np.arange(h.size)
    return np.exp(-1j * np.multiply.outer(w, lags)) @ h


def dirichlet_ratio(b: int, omega) -> np.ndarray:
    """D_b(ω) = sin(bω/2)/(b sin(ω/2)) (1 at ω ∈ 2πℤ): the box's zero-phase response, B̂_b(ω) = e^{−i(b−1)ω/2} D_b(ω)."""
    b = positive_int("b", b)
    w = finite_array("omega", omega)
    half = np.sin(w / 2)
    at_pole = half == 0.0
    safe = np.where(at_pole, 1.0, half)
    # at ω = 2πm the limit is (−1)^{m(b−1)}: the sign of cos(bω/2)/cos(ω/2)
    limit = np.cos(b * w / 2) / np.cos(w / 2)
    return np.where(at_pole, limit, np.sin(b * w / 2) / (b * safe))


def fejer_kernel(b: int, omega) -> np.ndarray:
    """F_b(ω) = sin²(bω/2)/(b sin²(ω/2)) = Σ_{|m|<b} (1 − |m|/b) e^{imω} (b at ω ∈ 2πℤ)."""
    b = positive_int("b", b)
    return b * dirichlet_ratio(b, omega) ** 2


__all__ = ["dirichlet_ratio", "fejer_kernel", "kernel_response"]
