"""One causal attention head against SDEG's canonical causal model (§3.3, §4.3, Thm 3, 4, 7; App. F).

A real head A = softmax(S + M) (S = Q Kᵀ·scale, M the causal mask) is set beside the canonical causal attention
A_Σ = softmax(Σ + M), Σ = diag(s), s the singular values of S in descending order (the spikes first), exactly as
:func:`specproof.theory.real_attention.canonical_singular_values` builds it. Per head:

- **§4.3 / App. F**: W₁ between the singular-value laws of A and A_Σ; srank, erank₁, erank₂ of both.
- **Thm 3** (the harmonic eigenvalues): A is lower triangular, so λ(A) = diag(A) (``upper_max`` = max_{j>i} |A_ij|
  is 0 by the mask); the canonical eigenvalues are λ_i = a_i/(a_i + i − 1), a_i = e^{s_i} ≥ 1, hence i·λ_i ≥ 1
  (the bulk, s_i = 0, is exactly harmonic, λ_i = 1/i). Read on the head as t·A_tt: its minimum, median and
  maximum, and the share of tokens t with t·A_tt ≥ 1; tr A = Σ A_tt against tr A_Σ = Σ a_i/(a_i + i − 1).
- **Thm 4**: σ₁ against √5; i·σ_i against 1/3, read only where σ_i is resolved (above ``RESOLVED``·ℓ·eps·σ₁, the
  backward error of a float64 SVD): the smallest resolved i·σ_i, where, how many σ_i are at the float floor, the
  share of i with i·σ_i ≥ 1/3; the canonical A_Σ's own σ₁ and min i·σ_i beside them (it must obey both bounds).
- **Thm 7**: the spike count k = #{s_i > log ℓ} and F = k + log((ℓ+1)/(k+1)), the scale srank and erank₂ grow
  with.
- **The canonical spectrum** (:func:`canonical_causal_singular_values`) from the eigenvalues of A_ΣᵀA_Σ, 2–3× faster
  than an SVD at ℓ = 2048, the Gram written in closed form (:func:`canonical_causal_gram`, O(ℓ²), no softmax): Thm 4
  (proved here, ``sdeg.c.sv-universal``) keeps σ_i(A_Σ) ≥ 1/(3i) and σ₁ ≤ √5, so the eigensolver's backward error
  c·ℓ·eps·σ₁² moves σ_i by at most c·ℓ·eps·σ₁²/(2σ_i) ≤ 7.5·c·ℓ²·eps (7·10⁻⁹·c at ℓ = 2048, far below W₁'s stored
  digits) and by a relative 22.5·c·ℓ³·eps at the smallest σ_i (4·10⁻⁵·c): the canonical Thm 4 readings are kept to
  ``CANONICAL_DIGITS`` digits. The real head's spectrum is an SVD (gesdd): real heads can be numerically singular, and
  their small singular values are what Thm 4 is read on.
- **Why a head breaks**: ``sink`` = the mean over the second half of the rows of A_t1, the mass the head puts on
  the first token (an attention sink makes t·A_tt ≪ 1 and the small singular values vanish).

Pure functions on numpy/torch arrays; loading and capture are :mod:`specproof.runs.real.causal`.
"""

from __future__ import annotations

import numpy as np
import scipy.stats

from specproof.theory.real_attention import canonical_eigenvalues, spike_bulk_split
from specproof.theory.spectral import effective_rank, stable_rank
from specproof.theory.trained_metrics import THM4_LOWER, THM4_UPPER, log_index_grid, thm7_scale
from specproof.theory.validate import InputError

RESOLVED = 10.0  # a singular value is read when it stands this many times above its SVD's floor ℓ·eps·σ₁
PROFILE_POINTS = 24
CANONICAL_DIGITS = 4  # what the Gram route guarantees for the canonical model's smallest singular values


def canonical_causal_gram(score_sv: np.ndarray) -> np.ndarray:
    """A_ΣᵀA_Σ for A_Σ = softmax(Σ + M), Σ = diag(s) (s descending), in closed form, O(ℓ²) and no ℓ×ℓ softmax.

    Row t of A_Σ (1-indexed) holds d_t = 1/(1 + (t − 1)e^{−s_t}) on the diagonal and c_t = e^{−s_t}·d_t at each of
    its t − 1 earlier columns, so with the tail sums C_t = Σ_{u>t} c_u²:
    (A_ΣᵀA_Σ)_{jk} = c_k d_k + C_k for j < k (it depends on max(j, k) only) and d_k² + C_k on the diagonal. Every
    entry is a sum of positive terms, to a relative ℓ·eps, as the product A_ΣᵀA_Σ is."""
    import torch

    s = np.sort(np.asarray(score_sv, dtype=np.float64))[::-1]
    ell = s.size
    e = np.exp(-s)
    d = 1.0 / (1.0 + np.arange(ell) * e)
    c = e * d
    c2 = c * c
    tail = np.zeros(ell)
    tail[:-1] = np.cumsum(c2[::-1])[::-1][1:]  # C_k = Σ_{u>k} c_u²
    f = torch.as_tensor(c * d + tail)
    lower = torch.ones(ell, ell, dtype=torch.bool).tril_()
    G = torch.where(lower, f[:, None], f[None, :])  # entry (j, k) = f(max(j, k))
    G.diagonal().copy_(torch.as_tensor(d * d + tail))
    return G.numpy()


def _gram_singular_values(G) -> np.ndarray:
    import torch

    lam = torch.linalg.eigvalsh(torch.as_tensor(G)).cpu().numpy()[::-1]
    return np.sqrt(np.clip(lam, 0.0, None))


def canonical_causal_singular_values(score_sv: np.ndarray) -> np.ndarray:
    """σ(softmax(Σ + M)), descending, Σ = diag(score singular values, descending), from eigvalsh of the closed-form
    Gram :func:`canonical_causal_gram` (see the module docstring for its error;
    :func:`specproof.theory.real_attention.canonical_singular_values` is the SVD route)."""
    return _gram_singular_values(canonical_causal_gram(score_sv))


def _digits(x, n: int):
    return None if x is None else float(f"{x:.{n}g}")


def thm4_reading(sv: np.ndarray) -> dict:
    """Thm 4 read on descending singular values σ₁ ≥ … ≥ σ_ℓ: σ₁, the smallest resolved i·σ_i and its i, the count
    of σ_i at the float floor, and the share of i with i·σ_i ≥ 1/3 (among all i)."""
    sv = np.asarray(sv, dtype=np.float64)
    ell = sv.size
    i = np.arange(1, ell + 1)
    floor = RESOLVED * ell * np.finfo(np.float64).eps * sv[0]
    ok = sv > floor
    i_sigma = i * sv
    at = int(i[ok][np.argmin(i_sigma[ok])]) if ok.any() else None
    return {
        "sigma1": float(sv[0]),
        "min_i_sigma": None if at is None else float(i_sigma[at - 1]),
        "argmin_i_sigma": at,
        "unresolved": int(ell - ok.sum()),
        "share_thm4_lower": float(np.mean(i_sigma >= THM4_LOWER)),
    }


def causal_head_measures(A, score_sv: np.ndarray, profile_points: int = PROFILE_POINTS, timings=None) -> dict:
    """Everything measured on one causal head (A: ℓ×ℓ torch or numpy float64; ``score_sv`` the ℓ singular values of
    its scores, structural zeros included), as plain floats and ints. See the module docstring. ``timings`` (a dict)
    accumulates the seconds of the two spectra under "spectra" (the floor every head pays: the SVD of A and eigvalsh
    of the canonical Gram, not the Gram's closed form)."""
    import time

    import torch

    A = torch.as_tensor(A, dtype=torch.float64)
    ell = A.shape[-1]
    s = np.sort(np.asarray(score_sv, dtype=np.float64))[::-1]
    if A.shape != (ell, ell) or s.size != ell:
        raise InputError(f"a head needs an ℓ×ℓ attention and ℓ score singular values, got {tuple(A.shape)}, {s.size}")
    G = canonical_causal_gram(s)
    t0 = time.perf_counter()  # the floor: the two spectra themselves
    sv = torch.linalg.svdvals(A).cpu().numpy()
    canonical = _gram_singular_values(G)
    del G
    if timings is not None:
        timings["spectra"] = timings.get("spectra", 0.0) + time.perf_counter() - t0
    eig = canonical_eigenvalues(s, causal=True)
    diag = torch.diagonal(A).cpu().numpy()
    t = np.arange(1, ell + 1)
    harmonic = t * diag
    split = spike_bulk_split(s)
    grid = log_index_grid(ell, profile_points)
    real4, canon4 = thm4_reading(sv), thm4_reading(canonical)
    return {
        "w1": float(scipy.stats.wasserstein_distance(sv, canonical)),
        "srank_real": stable_rank(sv),
        "srank_canonical": stable_rank(canonical),
        "erank1_real": effective_rank(sv, 1),
        "erank1_canonical": effective_rank(canonical, 1),
        "erank2_real": effective_rank(sv, 2),
        "erank2_canonical": effective_rank(canonical, 2),
        "k": split["k"],
        "score_rank": split["rank"],
        "log_f": split["log_f"],
        "log_g": split["log_g"],
        "thm7_F": thm7_scale(ell, split["k"]),
        "upper_max": float(torch.triu(A, diagonal=1).abs_().max()),
        "trace_real": float(diag.sum()),
        "trace_canonical": float(eig.sum()),
        "harmonic_min": float(harmonic.min()),
        "harmonic_argmin": int(t[np.argmin(harmonic)]),
        "harmonic_median": float(np.median(harmonic)),
        "harmonic_max": float(harmonic.max()),
        "share_harmonic": float(np.mean(harmonic >= 1.0)),
        **real4,
        **{
            f"{key}_canonical": _digits(v, CANONICAL_DIGITS) if isinstance(v, float) else v for key, v in canon4.items()
        },
        "sink": float(A[ell // 2 :, 0].mean()),
        "profile": [float(t[i - 1] * sv[i - 1]) for i in grid],
        "profile_canonical": [float(t[i - 1] * canonical[i - 1]) for i in grid],
    }


__all__ = [
    "CANONICAL_DIGITS",
    "canonical_causal_gram",
    "canonical_causal_singular_values",
    "PROFILE_POINTS",
    "RESOLVED",
    "THM4_LOWER",
    "THM4_UPPER",
    "causal_head_measures",
    "thm4_reading",
]
