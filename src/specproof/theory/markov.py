"""Markov-chain view of a row-stochastic token mixer: stationary law, π-weighted norms, the
zero-mean subspace H₀(π) and contraction on it (TRSP App. D, after Levin–Peres).

A row-stochastic P acts on functions (columns) v ↦ Pv; π is stationary when πᵀP = πᵀ. The
π-weighted norm is ‖v‖²_{2,π} = Σπᵢvᵢ², H₀(π) = {v : Σπᵢvᵢ = 0}, and P is reversible when
πᵢPᵢⱼ = πⱼPⱼᵢ (self-adjoint in ⟨·,·⟩_π).
"""

from __future__ import annotations

import numpy as np
import scipy.linalg

from specproof.theory.validate import InputError, finite_array


def _square(name: str, P) -> np.ndarray:
    P = finite_array(name, P)
    if P.ndim != 2 or P.shape[0] != P.shape[1] or P.shape[0] < 1:
        raise InputError(f"{name} must be a non-empty square matrix, got shape {P.shape}")
    return P


def _distribution(pi, n: int) -> np.ndarray:
    pi = finite_array("pi", pi)
    if pi.shape != (n,) or np.any(pi < 0) or not np.isclose(pi.sum(), 1.0):
        raise InputError(f"pi must be a probability vector of length {n} (nonnegative, summing to 1)")
    return pi


def row_normalise(M) -> np.ndarray:
    """D⁻¹M: the row-stochastic normalisation of a matrix with nonnegative entries and positive row sums."""
    M = _square("M", M)
    if np.any(M < 0):
        raise InputError("row normalisation needs nonnegative entries")
    rows = M.sum(axis=1)
    if np.any(rows <= 0):
        raise InputError("row normalisation needs every row sum to be positive")
    return M / rows[:, None]


def random_walk(W) -> tuple[np.ndarray, np.ndarray]:
    """(P, π) of the random walk on symmetric nonnegative weights W: P = D⁻¹W, π ∝ W𝟏; reversible."""
    W = _square("W", W)
    if np.any(W < 0) or not np.allclose(W, W.T, rtol=0, atol=0):
        raise InputError("W must be symmetric with nonnegative entries")
    degree = W.sum(axis=1)
    if np.any(degree <= 0):
        raise InputError("every vertex needs positive degree")
    return W / degree[:, None], degree / degree.sum()


def stationary_distribution(P) -> np.ndarray:
    """A stationary law π (πᵀP = πᵀ) from the null space of (P − I)ᵀ; an InputError when it is not unique."""
    P = _square("P", P)
    n = P.shape[0]
    null = scipy.linalg.null_space((P - np.eye(n)).T, rcond=1e-10)
    if null.shape[1] != 1:
        raise InputError(f"P has {null.shape[1]} independent stationary vectors; a unique law needs exactly 1")
    v = null[:, 0]
    v = v / v.sum()
    return np.clip(v, 0.0, None) / np.clip(v, 0.0, None).sum()


def pi_norm(v, pi) -> float:
    """‖v‖_{2,π} = (Σπᵢvᵢ²)^{1/2} of a vector, or the π-Frobenius norm (Σᵢπᵢ‖vᵢ‖²)^{1/2} of a T×d array."""
    v = finite_array("v", v)
    pi = _distribution(pi, v.shape[0])
    w = pi.reshape((-1,) + (1,) * (v.ndim - 1))
    return float(np.sqrt(np.sum(w * v**2)))


def pi_mean(X, pi) -> np.ndarray:
    """X̄ = 𝟏πᵀX: every row replaced by the π-average row, the fully mixed state of App. D."""
    X = finite_array("X", X)
    pi = _distribution(pi, X.shape[0])
    mean = np.tensordot(pi, X, axes=(0, 0))
    return np.broadcast_to(mean, X.shape).copy()


def is_reversible(P, pi, atol: float = 1e-12) -> bool:
    """Detailed balance πᵢPᵢⱼ = πⱼPⱼᵢ within ``atol``."""
    P = _square("P", P)
    pi = _distribution(pi, P.shape[0])
    F = pi[:, None] * P
    return bool(np.allclose(F, F.T, rtol=0, atol=atol))


def h0_operator_norm(P, pi, power: int = 1) -> float:
    """‖P^L‖_{H₀(π)→H₀(π)} in the π-weighted norm, for a stationary law π > 0 of P.

    With D = diag(√π), v ↦ Dv is an isometry from (ℝ^T, ‖·‖_{2,π}) to (ℝ^T, ‖·‖₂) taking H₀(π) onto
    √π^⊥, so the norm is ‖D P^L D⁻¹ Q‖₂ with Q the projector onto √π^⊥.
    """
    P = _square("P", P)
    pi = _distribution(pi, P.shape[0])
    if np.any(pi <= 0):
        raise InputError("the π-weighted norm needs π > 0 everywhere (π_min = 0 makes it a seminorm)")
    if int(power) != power or power < 0:
        raise InputError(f"power must be an integer >= 0, got {power!r}")
    root = np.sqrt(pi)
    S = root[:, None] * np.linalg.matrix_power(P, int(power)) / root[None, :]
    Q = np.eye(P.shape[0]) - np.outer(root, root)
    return float(np.linalg.norm(S @ Q, 2))


def absolute_spectral_gap(P, pi) -> float:
    """γ = 1 − ‖P‖_{H₀(π)→H₀(π)}; for reversible P this is 1 − max(|λ₂|, |λ_min|) (the contraction of App. D, A1)."""
    return 1.0 - h0_operator_norm(P, pi, 1)


__all__ = [
    "absolute_spectral_gap",
    "h0_operator_norm",
    "is_reversible",
    "pi_mean",
    "pi_norm",
    "random_walk",
    "row_normalise",
    "stationary_distribution",
]
