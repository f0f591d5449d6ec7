"""Measurements of real attention (SDEG §4, Assumption 2; TRSP App. C on attention graphs): the canonical model
built from a head's own score spectrum, eigen-angle discrepancies of orthogonal factors against Haar, the
spike–bulk split at log ℓ, and batched graph spectra and stable ranks. Pure functions on arrays and torch tensors;
the model loading, capture and store are :mod:`specproof.runs.real.models`.
"""

from __future__ import annotations

import math

import numpy as np

from specproof.theory.attention import (
    angle_kl,
    angle_kolmogorov,
    angle_wasserstein1,
    angle_wasserstein1_sampled,
    bidirectional_eigenvalues,
    bidirectional_singular_values,
    haar_orthogonal,
    row_softmax,
    separation_error,
)
from specproof.theory.cesaro import causal_eigenvalues


def canonical_singular_values(score_sv: np.ndarray, causal: bool) -> np.ndarray:
    """σ(softmax(Σ)) or σ(softmax(Σ + M)), Σ = diag(score singular values, descending): the canonical
    attention A_Σ of SDEG §3 built from a head's own score spectrum."""
    s = np.sort(score_sv)[::-1]
    if not causal:
        return bidirectional_singular_values(s)
    return np.linalg.svd(row_softmax(np.diag(s), causal=True), compute_uv=False)


def canonical_eigenvalues(score_sv: np.ndarray, causal: bool) -> np.ndarray:
    """λ(A_Σ), descending: Thm 2's secular spectrum (bidirectional) or Thm 3's a_i/(a_i + i − 1) (causal)."""
    s = np.sort(score_sv)[::-1]
    return np.sort(causal_eigenvalues(s) if causal else bidirectional_eigenvalues(s))[::-1]


def orthogonal_eigen_angles(U) -> np.ndarray:
    """Sorted eigen-angles θ ∈ [−π, π] of real orthogonal matrices (a torch batch (..., n, n) → numpy (..., n)).

    U is normal with U⁻¹ = Uᵀ, so (U + Uᵀ)/2 has the eigenvalues cos θ_j: one symmetric eigensolve instead of a
    nonsymmetric one (≈ 8× faster at n = 512). The angles of a real orthogonal matrix come in pairs ±θ plus
    singletons 0 and π, so in the ascending list of cos θ each pair is adjacent and alternating signs recover the
    multiset exactly (a singleton π may come out as −π). Near θ = 0 or ±π, arccos amplifies the eigensolver's
    ~n·eps error to ~√(n·eps) ≈ 1e-7 in θ, far below any discrepancy reported here.
    """
    import torch

    c = torch.linalg.eigvalsh((U + U.transpose(-1, -2)) / 2).clamp(-1.0, 1.0).cpu().numpy()
    sign = np.where(np.arange(c.shape[-1]) % 2 == 0, 1.0, -1.0)
    return np.sort(np.arccos(c) * sign, axis=-1)


ANGLE_METRICS = {"KL": angle_kl, "Kolmogorov": angle_kolmogorov, "W1": angle_wasserstein1}


SAMPLED_W1 = (  # SDEG App. F.3.1's estimator Ŵ₁ = ℓ⁻¹Σ|θ_(j) − u_(j)| with fresh uniform u (the paper's §4.4 numbers)
    "W1s"
)


def angle_discrepancies(theta, seed: int | None = None) -> dict[str, float]:
    """KL, Kolmogorov and angular W₁ of one matrix's eigen-angles to Unif[−π, π]; with ``seed``, also the paper's
    sampled estimator Ŵ₁ (its uniform reference drawn with that seed), so like is compared with like."""
    out = {name: f(theta) for name, f in ANGLE_METRICS.items()}
    if seed is not None:
        out[SAMPLED_W1] = angle_wasserstein1_sampled(theta, seed)
    return out


def haar_reference(ell: int, draws: int, seed: int) -> dict[str, float]:
    """Mean discrepancies of ``draws`` Haar O(ℓ) matrices (the project's Monte Carlo, seeded by ``seed + ℓ``),
    the sampled Ŵ₁ included (reference draws seeded per matrix)."""
    import torch

    theta = orthogonal_eigen_angles(torch.as_tensor(haar_orthogonal(ell, draws, seed + ell)))
    found = [angle_discrepancies(t, seed=(seed + ell) * 1000 + i) for i, t in enumerate(theta)]
    return {name: float(np.mean([d[name] for d in found])) for name in (*ANGLE_METRICS, SAMPLED_W1)}


def spike_bulk_split(score_sv: np.ndarray) -> dict:
    """Assumption 2 at the scale log ℓ (SDEG §3.1): k = #{s_i > log ℓ} spikes; the margins log f = s_k − log ℓ and
    log g = log ℓ − s_{k+1} of the best f, g this split allows (``separation_error``); B = s_{k+1}, the largest
    bulk score; rank = #{s_i > 0} (≤ d_h: the rest are structural zeros)."""
    s = np.sort(score_sv)[::-1]
    ell = s.size
    k = int(np.count_nonzero(s > math.log(ell)))
    inv_f, inv_g = separation_error(s, k)
    return {
        "k": k,
        "rank": int(np.count_nonzero(s > 0)),
        "log_f": -math.log(inv_f) if inv_f else None,
        "log_g": -math.log(inv_g) if inv_g else None,
        "bulk_max": float(s[k]) if k < ell else None,
    }


def graph_spectrum(L):
    """(μ₂, γ) of a batch of Laplacians: the Fiedler value and λ₂ of D^{-1/2} L D^{-1/2}, D = diag(L) the loopless
    degrees (the convention of the real-gap sweep)."""
    import torch

    mu2 = torch.linalg.eigvalsh(L)[..., 1]
    s = torch.diagonal(L, dim1=-2, dim2=-1).rsqrt()
    gamma = torch.linalg.eigvalsh(s[..., :, None] * L * s[..., None, :])[..., 1]
    return mu2.cpu().numpy(), gamma.cpu().numpy()


def stable_rank_batch(M) -> np.ndarray:
    """R_eff = ‖M‖_F²/‖M‖₂² of a batch, ‖M‖₂² the top eigenvalue of MᵀM (relative error ~n·eps)."""
    import torch

    top = torch.linalg.eigvalsh(M.transpose(-1, -2) @ M)[..., -1]
    return ((M * M).sum(dim=(-2, -1)) / top).cpu().numpy()
