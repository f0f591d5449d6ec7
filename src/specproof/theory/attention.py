"""Canonical attention softmax(Σ) in closed form, its ideal spike–bulk limit, general row softmax,
score spectra from compact QR, Haar sampling and eigen-angle discrepancies (SDEG §3, App. C.1–C.2,
§4.1, App. F.3).

Notation of SDEG §3: scores s_1, …, s_ℓ on the diagonal of Σ, a_i = e^{s_i}, spikes i ≤ k and bulk
i > k. All weights are formed in the log domain, so huge scores neither overflow nor lose the bulk.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import scipy.linalg
import scipy.special
import scipy.stats

from specproof.theory.validate import InputError, finite_array, positive_int


def _scores(scores) -> np.ndarray:
    s = finite_array("scores", scores)
    if s.ndim != 1 or s.size < 1:
        raise InputError(f"scores must be a non-empty 1-D array of diagonal scores, got shape {s.shape}")
    return s


def _log_normaliser(s: np.ndarray) -> np.ndarray:
    """log(a_i + ℓ − 1), the log of the row normaliser of softmax(Σ)."""
    ell = s.size
    with np.errstate(divide="ignore"):  # ℓ = 1: log 0 = −inf, the row sees only itself
        return np.logaddexp(s, np.log(ell - 1.0))


def canonical_weights(scores) -> tuple[np.ndarray, np.ndarray]:
    """(d, z) with softmax(Σ) = D + z𝟏ᵀ (SDEG Eq. 1): z_i = 1/(a_i+ℓ−1), d_i = (a_i−1)/(a_i+ℓ−1)."""
    s = _scores(scores)
    log_norm = _log_normaliser(s)
    z = np.exp(-log_norm)
    # d_i = (a_i − 1)/(a_i + ℓ − 1) with relative accuracy everywhere, never forming a huge a_i: expm1(s)·z for
    # s ≤ 0, and exp(s + log(1 − e^{−s}) − log N) for s > 0 (1 − ℓz_i would cancel when a_i ≪ ℓ)
    with np.errstate(divide="ignore", invalid="ignore"):
        positive = np.exp(s + np.log(-np.expm1(-np.maximum(s, 1e-300))) - log_norm)
    d = np.where(s > 0, positive, np.expm1(np.minimum(s, 0.0)) * z)
    return d, z


@dataclass(frozen=True)
class CanonicalReduction:
    """softmax(Σ) split orthogonally by the groups of equal scores.

    With u_g the normalised indicator of group g (m_g equal scores), span{u_g} is invariant under
    A = D + z𝟏ᵀ and Aᵀ, and on its orthogonal complement A acts as D. So A ≅ R ⊕ D|complement with
    R_{gh} = d_g δ_{gh} + √(m_g m_h) z_g, and d_g repeats m_g − 1 times on the complement.
    """

    levels: np.ndarray  # d_g, one per distinct score, scores descending
    offsets: np.ndarray  # z_g
    multiplicities: np.ndarray  # m_g

    @property
    def reduced(self) -> np.ndarray:
        root_m = np.sqrt(self.multiplicities)
        return np.diag(self.levels) + np.outer(root_m * self.offsets, root_m)

    def complement(self) -> np.ndarray:
        return np.repeat(self.levels, self.multiplicities - 1)


def canonical_reduction(scores) -> CanonicalReduction:
    """The reduction of :class:`CanonicalReduction` for softmax(Σ), Σ = diag(scores)."""
    s = _scores(scores)
    d, z = canonical_weights(s)
    _, first, counts = np.unique(-s, return_index=True, return_counts=True)
    return CanonicalReduction(d[first], z[first], counts)


def bidirectional_eigenvalues(scores) -> np.ndarray:
    """Eigenvalues of softmax(Σ), descending, through the symmetric similar matrix D + wwᵀ.

    diag(z)^{-1/2}(D + z𝟏ᵀ)diag(z)^{1/2} = D + √z√zᵀ, so the spectrum is that of a symmetric
    matrix; on the reduced problem w_g = √(m_g z_g).
    """
    s = _scores(scores)
    if s.size == 1:  # softmax of one score is [1]; d and z would cancel catastrophically for s ≪ 0
        return np.ones(1)
    red = canonical_reduction(s)
    w = np.sqrt(red.multiplicities * red.offsets)
    core = scipy.linalg.eigvalsh(np.diag(red.levels) + np.outer(w, w))
    return np.sort(np.concatenate([core, red.complement()]))[::-1]


def bidirectional_singular_values(scores) -> np.ndarray:
    """Singular values of softmax(Σ), descending, from the reduced matrix and the complement |d_g|."""
    s = _scores(scores)
    if s.size == 1:  # as in bidirectional_eigenvalues
        return np.ones(1)
    red = canonical_reduction(s)
    core = scipy.linalg.svdvals(red.reduced)
    return np.sort(np.concatenate([core, np.abs(red.complement())]))[::-1]


def separation_error(scores, k: int) -> tuple[float, float]:
    """(1/f, 1/g) of a score vector split after its first k entries (SDEG §3.1).

    f = min_{i≤k} a_i/ℓ and g = ℓ/max_{i>k} a_i are the best margins of the spike and bulk
    conditions a_i ≥ ℓf, a_i ≤ ℓ/g; an empty part contributes 0. ε_ℓ = max of the two.
    """
    s = _scores(scores)
    ell = s.size
    if isinstance(k, bool) or not isinstance(k, (int, np.integer)) or not 0 <= k <= ell:
        raise InputError(f"the spike count k must be an integer in [0, {ell}], got {k!r}")
    log_ell = math.log(ell)
    inv_f = math.exp(log_ell - s[:k].min()) if k else 0.0
    inv_g = math.exp(s[k:].max() - log_ell) if k < ell else 0.0
    return inv_f, inv_g


def _spike_count(k, ell: int) -> tuple[int, int]:
    ell = positive_int("ell", ell)
    if isinstance(k, bool) or not isinstance(k, (int, np.integer)) or not 0 <= k <= ell:
        raise InputError(f"the spike count k must be an integer in [0, ell={ell}], got {k!r}")
    return int(k), ell


def ideal_attention(k: int, ell: int) -> np.ndarray:
    """A*: spike rows e_i (i ≤ k), bulk rows 𝟏ᵀ/ℓ (SDEG App. C.1)."""
    k, ell = _spike_count(k, ell)
    A = np.full((ell, ell), 1.0 / ell)
    A[:k] = np.eye(ell)[:k]
    return A


def ideal_gram_extremes(c: float) -> tuple[float, float]:
    """a_±(c) = (2 − c ± √(c(4 − 3c)))/2: the eigenvalues of A*A*ᵀ on span{𝟏_spike, 𝟏_bulk}, c = k/ℓ."""
    c = float(c)
    if not 0.0 <= c <= 1.0:
        raise InputError(f"the spike fraction c must lie in [0, 1], got {c}")
    root = math.sqrt(c * (4.0 - 3.0 * c))
    return (2.0 - c + root) / 2.0, (2.0 - c - root) / 2.0


def ideal_singular_profile(k: int, ell: int) -> np.ndarray:
    """σ(A*), descending: α₊, 1 (k−1 times), α₋, 0 (ℓ−k−1 times), α_± = √a_±(k/ℓ); 1, 0, … for k = 0."""
    k, ell = _spike_count(k, ell)
    if k == 0:
        return np.concatenate([[1.0], np.zeros(ell - 1)])
    if k == ell:
        return np.ones(ell)
    a_plus, a_minus = ideal_gram_extremes(k / ell)
    return np.concatenate([[math.sqrt(a_plus)], np.ones(k - 1), [math.sqrt(a_minus)], np.zeros(ell - k - 1)])


def ideal_eigen_profile(k: int, ell: int) -> np.ndarray:
    """λ(A*), descending: 1 (k times), 1 − k/ℓ, 0 (ℓ−k−1 times) (SDEG App. C.2)."""
    k, ell = _spike_count(k, ell)
    if k == ell:
        return np.ones(ell)
    return np.concatenate([np.ones(k), [1.0 - k / ell], np.zeros(ell - k - 1)])


def distance_to_spike_bulk_law(values, c: float) -> float:
    """W₁(ℓ⁻¹Σ_j δ_{v_j}, cδ₁ + (1−c)δ₀): distance of an empirical spectral law to the limit law of
    SDEG Thm 1(3) and Thm 2(3)."""
    v = finite_array("values", values)
    c = float(c)
    if v.ndim != 1 or v.size < 1 or not 0.0 <= c <= 1.0:
        raise InputError(f"values must be a non-empty 1-D array and c must lie in [0, 1], got shape {v.shape}, c={c}")
    return float(scipy.stats.wasserstein_distance(v, [0.0, 1.0], v_weights=[1.0 - c, c]))


def row_softmax(S, causal: bool = False) -> np.ndarray:
    """softmax(S) row-wise, or softmax(S + M) with the causal mask M_{ij} = −∞ for j > i."""
    S = finite_array("S", S)
    if S.ndim != 2 or S.shape[0] != S.shape[1] or S.shape[0] < 1:
        raise InputError(f"S must be a non-empty square matrix, got shape {S.shape}")
    if causal:
        S = np.where(np.tri(S.shape[0], dtype=bool), S, -np.inf)
    return scipy.special.softmax(S, axis=1)


def score_singular_values(Q, K) -> np.ndarray:
    """Singular values of S = QKᵀ/√d_qk from compact QR of Q and K and the SVD of the core
    R_Q R_Kᵀ/√d_qk, with the structural zeros appended (SDEG App. F.3)."""
    Q = finite_array("Q", Q)
    K = finite_array("K", K)
    if Q.ndim != 2 or Q.shape != K.shape or min(Q.shape) < 1:
        raise InputError(f"Q and K must be non-empty ℓ×d_qk matrices of one shape, got {Q.shape} and {K.shape}")
    ell, d_qk = Q.shape
    R_q = np.asarray(np.linalg.qr(Q, mode="r"))
    R_k = np.asarray(np.linalg.qr(K, mode="r"))
    core = scipy.linalg.svdvals(R_q @ R_k.T / math.sqrt(d_qk))
    return np.concatenate([core, np.zeros(ell - core.size)])


# --------------------------------------------------------------------------- Haar eigen-angles


def haar_orthogonal(ell: int, size: int, seed: int) -> np.ndarray:
    """``size`` Haar-distributed ℓ×ℓ orthogonal matrices (scipy.stats.ortho_group), shape (size, ℓ, ℓ)."""
    ell = positive_int("ell", ell, minimum=2)
    size = positive_int("size", size)
    U = scipy.stats.ortho_group.rvs(dim=ell, size=size, random_state=np.random.default_rng(seed))
    return U.reshape(size, ell, ell)


def eigen_angles(U) -> np.ndarray:
    """Sorted eigen-angles θ_j ∈ [−π, π] of a square orthogonal matrix, λ_j(U) = e^{iθ_j} (SDEG §4.1)."""
    U = finite_array("U", U)
    if U.ndim != 2 or U.shape[0] != U.shape[1]:
        raise InputError(f"U must be a square matrix, got shape {U.shape}")
    return np.sort(np.angle(np.linalg.eigvals(U)))


def _uniform_positions(theta) -> np.ndarray:
    t = finite_array("theta", theta)
    if t.ndim != 1 or t.size < 1 or np.any(np.abs(t) > math.pi):
        raise InputError("theta must be a non-empty 1-D array of angles in [-pi, pi]")
    return np.sort((t + math.pi) / (2 * math.pi))


def angle_kolmogorov(theta) -> float:
    """sup_θ |F_n(θ) − (θ+π)/(2π)|: Kolmogorov distance of the empirical angle law to Unif[−π, π]."""
    import scipy.stats

    return float(scipy.stats.kstest(_uniform_positions(theta), "uniform").statistic)


def angle_wasserstein1(theta) -> float:
    """W₁(empirical angle law, Unif[−π, π]) = ∫|F_n − F| dθ, exactly (radians)."""
    u = _uniform_positions(theta)
    n = u.size
    knots = np.concatenate([[0.0], u, [1.0]])
    level = np.arange(n + 1) / n  # F_n on [knots[j], knots[j+1])

    def G(t):  # an antiderivative of |t|
        return t * np.abs(t) / 2

    return float(2 * math.pi * np.sum(G(knots[1:] - level) - G(knots[:-1] - level)))


def angle_wasserstein1_sampled(theta, seed: int) -> float:
    """The estimator Ŵ₁ = ℓ⁻¹Σ|θ_(j) − u_(j)| of SDEG App. F.3.1, u_j iid Unif[−π, π] drawn with ``seed``."""
    t = np.sort(finite_array("theta", theta))
    u = np.sort(np.random.default_rng(seed).uniform(-math.pi, math.pi, t.size))
    _uniform_positions(t)
    return float(np.mean(np.abs(t - u)))


def angle_kl(theta, bins: int | None = None) -> float:
    """KL(p̂ ‖ uniform) of the angle histogram on ``bins`` equal cells of [−π, π] (default ⌈√ℓ⌉)."""
    u = _uniform_positions(theta)
    bins = positive_int("bins", bins if bins is not None else math.ceil(math.sqrt(u.size)))
    counts = np.bincount(np.minimum((u * bins).astype(int), bins - 1), minlength=bins)
    p = counts[counts > 0] / u.size
    return float(np.sum(p * np.log(p * bins)))


def spike_bulk_scores(ell: int, k: int = 3, bulk_top: float = 2.0, bulk_levels: int = 8) -> np.ndarray:
    """SDEG §3.1 scores, sorted: k spikes at log(ℓ·f) + {0, ½, 1} with f = log ℓ (so e^{s_i} ≥ ℓf) and a
    bounded bulk on ``bulk_levels`` equispaced levels in [0, bulk_top]. Deterministic in ℓ."""
    ell = positive_int("ell", ell, minimum=2)
    k = min(positive_int("k", k, minimum=0), ell)
    spikes = math.log(ell * math.log(ell)) + 0.5 * (np.arange(k) % 3)
    steps = np.arange(ell - k) % bulk_levels
    bulk = bulk_top * steps / (bulk_levels - 1)
    return np.ascontiguousarray(np.sort(np.concatenate([spikes, bulk]))[::-1])
