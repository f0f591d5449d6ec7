"""Spectral metrics of token-mixing matrices (dense; matrix-free solvers live in theory.solvers)."""

from __future__ import annotations

import numpy as np
import scipy.linalg
import scipy.stats

from specproof.theory.validate import InputError, finite_array


def _matrix(name: str, M) -> np.ndarray:
    M = finite_array(name, M)
    if M.ndim != 2 or min(M.shape) < 1:
        raise InputError(f"{name} must be a non-empty 2-D matrix, got shape {M.shape}")
    return M


def singular_values(M) -> np.ndarray:
    """σ₁ ≥ σ₂ ≥ … of a dense matrix."""
    return scipy.linalg.svdvals(_matrix("M", M))


def _sv(M_or_sv) -> np.ndarray:
    arr = finite_array("M", M_or_sv)
    return np.sort(np.abs(arr))[::-1] if arr.ndim == 1 else singular_values(arr)


def stable_rank(M_or_sv) -> float:
    """srank(M) = ‖M‖_F² / ‖M‖₂² = Σσᵢ²/σ₁² (TRSP §3.2, R_stab)."""
    s = _sv(M_or_sv)
    if s[0] == 0:
        raise InputError("the stable rank of the zero matrix is undefined")
    return float(np.sum((s / s[0]) ** 2))


def effective_rank(M_or_sv, p: int = 1) -> float:
    """erank_p = exp(entropy of q_j = σ_j^p / Σσ^p), p ∈ {1, 2} (SDEG §3.4; Roy–Vetterli for p=1)."""
    if p not in (1, 2):
        raise InputError(f"p must be 1 or 2, got {p!r}")
    s = _sv(M_or_sv)
    w = s**p
    if w.sum() == 0:
        raise InputError("the effective rank of the zero matrix is undefined")
    return float(np.exp(scipy.stats.entropy(w)))


def eigenvalue_participation(A) -> float:
    """srank_λ(A) = Σ|λᵢ| / max|λᵢ| (SDEG §3.4); equals tr A when the spectrum is in [0, 1] with λ₁ = 1."""
    lam = np.abs(scipy.linalg.eigvals(_matrix("A", A)))
    if lam.max() == 0:
        raise InputError("the eigenvalue participation of a nilpotent matrix is undefined")
    return float(lam.sum() / lam.max())


def spectral_gap(M_or_sv) -> float:
    """γ = 1 − σ₂/σ₁: the gap after normalising σ₁ = 1 (TRSP §1)."""
    s = _sv(M_or_sv)
    if s.size < 2:
        raise InputError("a spectral gap needs at least two singular values")
    return float(1.0 - s[1] / s[0])


def laplacian(W) -> np.ndarray:
    """L = diag(W𝟏) − W for symmetric nonnegative weights W."""
    W = _matrix("W", W)
    return np.diag(W.sum(axis=1)) - W


def algebraic_connectivity(L) -> float:
    """μ₂: the second-smallest eigenvalue of a symmetric Laplacian (Fiedler value)."""
    L = _matrix("L", L)
    if L.shape[0] < 2:
        raise InputError("algebraic connectivity needs a graph with at least 2 vertices")
    return float(scipy.linalg.eigvalsh(L, subset_by_index=[1, 1])[0])


def normalized_gap(W) -> float:
    """γ = λ₂ of the normalised Laplacian I − D^{-1/2} W D^{-1/2}; equals μ₂/r on an r-regular graph."""
    W = _matrix("W", W)
    d = W.sum(axis=1)
    if np.any(d <= 0):
        raise InputError("the normalised gap needs every vertex to have positive degree")
    s = 1.0 / np.sqrt(d)
    N = np.eye(W.shape[0]) - s[:, None] * W * s[None, :]
    return float(scipy.linalg.eigvalsh(N, subset_by_index=[1, 1])[0])


def spectral_flatness(M_or_sv) -> float:
    """Geometric over arithmetic mean of the singular values (TRSP §4.1): 1 when flat, → 0 when collapsed."""
    s = _sv(M_or_sv)
    if s.mean() == 0:
        raise InputError("the spectral flatness of the zero matrix is undefined")
    return float(scipy.stats.gmean(s) / s.mean())


def anisotropy(X, pairs: int | None = None, seed: int = 0) -> float:
    """Mean cosine similarity between distinct token representations (rows of X) (TRSP §4.1).

    All pairs when ``pairs`` is None, else that many random pairs drawn with ``seed``.
    """
    X = _matrix("X", X)
    norms = np.linalg.norm(X, axis=1)
    if np.any(norms == 0):
        raise InputError("anisotropy needs every token representation to be non-zero")
    U = X / norms[:, None]
    n = U.shape[0]
    if n < 2:
        raise InputError("anisotropy needs at least two tokens")
    if pairs is None:
        G = U @ U.T
        return float((G.sum() - np.trace(G)) / (n * (n - 1)))
    rng = np.random.default_rng(seed)
    i = rng.integers(0, n, pairs)
    j = (i + rng.integers(1, n, pairs)) % n
    return float(np.mean(np.sum(U[i] * U[j], axis=1)))


def wasserstein1(values_a, values_b) -> float:
    """W₁ between the empirical laws of two spectra (SDEG §4.1; equal sizes give (1/ℓ)Σ|σ_j − σ'_j|)."""
    return float(
        scipy.stats.wasserstein_distance(finite_array("values_a", values_a), finite_array("values_b", values_b))
    )
