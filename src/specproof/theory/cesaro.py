"""The Cesàro matrix H_ℓ, the lower-triangular all-ones L_m and the Cesàro form of causal canonical attention.

H_ℓ = diag(1/i)·L_ℓ averages prefixes (SDEG §3.4). Its inverse is lower bidiagonal (diagonal i,
subdiagonal −(i−1)), and so is L_m⁻¹ = I − N; the singular values of a bidiagonal matrix are the
nonnegative eigenvalues of a 2n×2n symmetric tridiagonal (Golub–Kahan) matrix, which gives every
σ_j(H_ℓ) in O(ℓ²) and ‖H_ℓ‖ alone by bisection in O(ℓ) per step, far beyond dense SVD sizes.

Causal canonical attention A_c = softmax(Σ + M), a_i = e^{s_i}, has row i equal to a_i/(a_i+i−1) on
the diagonal and z_i = 1/(a_i+i−1) left of it; every closed form below is evaluated in the log
domain, as :class:`theory.operators.SoftmaxAttention` does, so huge scores do not overflow.
"""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
from scipy.linalg import eigvalsh_tridiagonal

from specproof.theory.validate import InputError, finite_array, positive_int

# --------------------------------------------------------------------------- L_m and bidiagonal spectra


def lower_ones(m: int) -> np.ndarray:
    """L_m: the m×m lower-triangular matrix of ones (prefix sums)."""
    m = positive_int("m", m)
    return np.tril(np.ones((m, m)))


def lower_ones_singular_values(m: int) -> np.ndarray:
    """σ_j(L_m) = 1/(2 sin((2j−1)π/(4m+2))), j = 1..m, descending (SDEG App. D.2)."""
    m = positive_int("m", m)
    j = np.arange(1, m + 1)
    return 1.0 / (2.0 * np.sin((2 * j - 1) * np.pi / (4 * m + 2)))


def bidiagonal_singular_values(diagonal, subdiagonal) -> np.ndarray:
    """All singular values, descending, of the lower-bidiagonal matrix with the given diagonals.

    They are the nonnegative eigenvalues of the Golub–Kahan tridiagonal (zero diagonal, off-diagonal
    d₁, e₁, d₂, …, d_n), each accurate to a few eps·max(|d|, |e|) absolutely (LAPACK stemr).
    """
    d = finite_array("diagonal", diagonal)
    e = finite_array("subdiagonal", subdiagonal)
    if d.ndim != 1 or d.size < 1 or e.shape != (d.size - 1,):
        raise InputError(
            f"need a diagonal of length n >= 1 and a subdiagonal of length n-1, got {d.shape} and {e.shape}"
        )
    n = d.size
    eig = eigvalsh_tridiagonal(np.zeros(2 * n), _golub_kahan(d, e))
    return np.abs(eig[n:])[::-1]


def _golub_kahan(d: np.ndarray, e: np.ndarray) -> np.ndarray:
    off = np.empty(2 * d.size - 1)
    off[0::2] = d
    off[1::2] = e
    return off


# --------------------------------------------------------------------------- the Cesàro matrix H_ℓ


def cesaro_inverse_bidiagonal(n: int) -> tuple[np.ndarray, np.ndarray]:
    """(diagonal, subdiagonal) of H_n⁻¹: x = H_n⁻¹y has x_i = i·y_i − (i−1)·y_{i−1}."""
    n = positive_int("n", n)
    i = np.arange(1, n + 1, dtype=float)
    return i, -(i[1:] - 1.0)


def cesaro_singular_values(n: int) -> np.ndarray:
    """All σ_j(H_n), descending, as reciprocals of the singular values of the bidiagonal H_n⁻¹.

    Relative accuracy ≈ eps·‖H_n⁻¹‖/σ_min(H_n⁻¹) ≤ 4n·eps, since σ_min(H_n⁻¹) = 1/‖H_n‖ > 1/2.
    """
    return 1.0 / bidiagonal_singular_values(*cesaro_inverse_bidiagonal(n))[::-1]


def cesaro_norm(n: int) -> float:
    """‖H_n‖₂ = 1/σ_min(H_n⁻¹), by bisection for the one smallest positive Golub–Kahan eigenvalue."""
    n = positive_int("n", n)
    d, e = cesaro_inverse_bidiagonal(n)
    smallest = eigvalsh_tridiagonal(np.zeros(2 * n), _golub_kahan(d, e), select="i", select_range=(n, n))[0]
    return float(1.0 / smallest)


def hardy_continuum_frequency(log_length: float) -> float:
    """ω_N: the smallest ω > 0 with tan(ω log N) = −2ω, for log N = ``log_length`` > 0.

    The continuum Hardy operator (Hf)(t) = t⁻¹∫₁ᵗ f on L²(1, N) has H*H f = μ f exactly when F = ∫₁ᵗ f solves
    μ t²F″ + F = 0 with F(1) = 0 and F′(N) = 0: F = √t·sin(ω log t), μ = 4/(1 + 4ω²), and F′(N) = 0 is this
    equation. Its first root has ω log N in (π/2, π), where tan θ + 2θ/log N increases strictly (bisection).
    """
    L = float(log_length)
    if not (L > 0 and math.isfinite(L)):
        raise InputError(f"log N must be a positive finite number, got {log_length!r}")
    from scipy.optimize import brentq

    theta = brentq(lambda t: math.sin(t) + 2 * t / L * math.cos(t), math.pi / 2, math.pi, xtol=1e-15)
    return theta / L


def hardy_continuum_norm(log_length: float) -> float:
    """‖H‖ on L²(1, N) = 2/√(1 + 4ω_N²) (:func:`hardy_continuum_frequency`); 2 − ‖H‖ = 4π²/(log N + 2)² + O(log⁻⁴ N)."""
    omega = hardy_continuum_frequency(log_length)
    return 2.0 / math.sqrt(1.0 + 4.0 * omega * omega)


def cesaro_continuum_shift(n: int, norm: float) -> float:
    """The c with ‖H‖ on L²(1, e^c·n) equal to ``norm``: the effective length shift at which the continuum law
    reproduces the discrete ‖H_n‖ (norm in (0, 2))."""
    from scipy.optimize import brentq

    log_n = math.log(positive_int("n", n))
    if not 0 < norm < 2:
        raise InputError(f"norm must lie in (0, 2), got {norm!r}")
    low = -log_n + 1e-9
    return brentq(lambda c: hardy_continuum_norm(log_n + c) - norm, low, 64.0, xtol=1e-12)


def harmonic_number(n: int, exact: bool = False, order: int = 1):
    """H_n^{(order)} = Σ_{i≤n} i^{−order}, as a Fraction with ``exact`` (n ≥ 0), else a float summed accurately."""
    if not (isinstance(n, (int, np.integer)) and n >= 0):
        raise InputError(f"n must be an integer >= 0, got {n!r}")
    order = positive_int("order", order)
    if exact:
        if order == 1:  # python-flint's exact harmonic number (binary splitting), far faster than summing Fractions
            import flint

            h = flint.fmpq.harmonic(int(n))
            return Fraction(int(h.p), int(h.q))
        return sum((Fraction(1, i**order) for i in range(1, n + 1)), Fraction(0))
    return math.fsum(1.0 / i**order for i in range(1, n + 1))


def harmonic_tail(ell: int, k: int) -> float:
    """L_{ℓ,k} = Σ_{i=k+1}^{ℓ} 1/i, the bulk harmonic mass of Thm 7 (0 ≤ k ≤ ℓ)."""
    ell = positive_int("ell", ell)
    if not (isinstance(k, (int, np.integer)) and 0 <= k <= ell):
        raise InputError(f"k must be an integer in [0, ell={ell}], got {k!r}")
    return math.fsum(1.0 / i for i in range(k + 1, ell + 1))


def dyadic_blocks(n: int) -> list[tuple[int, int]]:
    """The dyadic blocks I_r = {i : 2^r ≤ i < 2^{r+1}} ∩ [1, n], r = 0..⌊log₂ n⌋, as (first, last)."""
    n = positive_int("n", n)
    return [(1 << r, min((1 << (r + 1)) - 1, n)) for r in range(n.bit_length())]


# --------------------------------------------------------------------------- causal canonical attention

_LOG_MIN_POSITIVE = -float(np.log(np.finfo(float).max))  # e^{−s} is finite for s above this


def _causal_log_normaliser(scores) -> tuple[np.ndarray, np.ndarray]:
    s = finite_array("scores", scores)
    if s.ndim != 1 or s.size < 1:
        raise InputError(f"scores must be a non-empty 1-D array of diagonal scores, got shape {s.shape}")
    i = np.arange(1, s.size + 1, dtype=float)
    with np.errstate(divide="ignore"):  # log 0 = −inf for row 1, which sees only itself
        return s, np.logaddexp(s, np.log(i - 1.0))


def causal_eigenvalues(scores) -> np.ndarray:
    """λ_i(A_c) = a_i/(a_i+i−1), the diagonal of the triangular A_c (SDEG Thm 3), in token order."""
    s, log_norm = _causal_log_normaliser(scores)
    return np.exp(s - log_norm)


def causal_row_norms_sq(scores) -> np.ndarray:
    """ρ_i = Σ_j (A_c)_ij² = (i−1+a_i²)/(a_i+i−1)²."""
    s, log_norm = _causal_log_normaliser(scores)
    i = np.arange(1, s.size + 1, dtype=float)
    off = np.zeros_like(s)
    off[1:] = (i[1:] - 1.0) * np.exp(-2 * log_norm[1:])  # row 1 has no off-diagonal entries
    return np.exp(2 * (s - log_norm)) + off


def causal_cesaro_factors(scores) -> tuple[np.ndarray, np.ndarray]:
    """Diagonals (D_ii, C_ii) = (i/(a_i+i−1), (a_i−1)/(a_i+i−1)) with A_c = D·H_ℓ + C and D + C = I.

    C is the θ of A_c = diag(θ) + (I − diag(θ))·H_ℓ; θ_i ∈ [0, 1) exactly when a_i ≥ 1. Rows i ≥ 2 have
    D_ii ≤ i/(i−1); row 1 has D_11 = e^{−s_1}, so very negative s_1 makes D_11 and C_11 huge and opposite.
    """
    s, log_norm = _causal_log_normaliser(scores)
    if s[0] < _LOG_MIN_POSITIVE:
        raise InputError(f"D_11 = exp(-s_1) overflows: scores[0] must be >= {_LOG_MIN_POSITIVE:.1f}, got {s[0]}")
    i = np.arange(1, s.size + 1, dtype=float)
    D = i * np.exp(-log_norm)
    return D, 1.0 - D


__all__ = [
    "bidiagonal_singular_values",
    "causal_cesaro_factors",
    "causal_eigenvalues",
    "causal_row_norms_sq",
    "cesaro_continuum_shift",
    "cesaro_inverse_bidiagonal",
    "cesaro_norm",
    "cesaro_singular_values",
    "dyadic_blocks",
    "hardy_continuum_frequency",
    "hardy_continuum_norm",
    "harmonic_number",
    "harmonic_tail",
    "lower_ones",
    "lower_ones_singular_values",
]
