"""What is measured on a trained decoder (TRSP §4.1, App. A.4; SDEG Thm 3, 4, 7; TRSP Eq. 8, Prop. C.5, Thm C.8).

Pure functions of arrays and tensors; the harness that trains and runs the model is :mod:`specproof.runs.train.harness`.

- **Representations** H_ℓ ∈ ℝ^{T×d} (the residual stream after block ℓ): stable rank ‖H‖_F²/‖H‖₂², spectral
  flatness (geometric over arithmetic mean of σ(H)) and anisotropy (mean cosine of distinct token pairs, all of
  them: the expectation over random pairs) from :mod:`theory.spectral`; SPR ‖δ_ℓ‖/‖δ_in‖, δ_ℓ the change of H_ℓ
  when a Gaussian δ_in (σ = 10⁻³, App. A.4) is added to the embeddings.
- **Retrieval**: a NoLiMa-style needle. A key–value statement ``\\x01KEY=VAL\\x01`` is written into corpus text at
  a random depth and the sequence ends with the question ``\\x02KEY=`` followed by the value; the model answers
  when its greedy next byte is the value's at every value position (exact match; greedy decoding produces the
  value exactly when each argmax under the gold prefix is right, so one teacher-forced pass decides it). Unlike
  NoLiMa the key is repeated literally: a toy trained from scratch has no world knowledge to bridge a paraphrase
  (TRSP App. A.1 inserts the bridging facts for the same reason).
- **Heads** A_h = softmax(Q_h K_hᵀ·scale + M) of a causal layer: SDEG Thm 3 (A_h is lower triangular, so its
  eigenvalues are its diagonal; the canonical prediction a_i/(a_i+i−1) from the head's own score spectrum), Thm 4
  (1/(3i) ≤ σ_i ≤ √5, read as i·σ_i against 1/3 and σ₁ against √5), Thm 7 (srank, erank₁, erank₂ against the growth
  k + log((ℓ+1)/(k+1))); TRSP: μ₂ and the normalised gap of the symmetrised attention graph alone and with the
  layer's own side path G_ℓ = Σ_b g_b K_b, and R_eff of I + A and of I + A + G_ℓ (the layer operator, Eq. 8).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from specproof.theory.attention import score_singular_values
from specproof.theory.real_attention import canonical_eigenvalues, graph_spectrum, spike_bulk_split, stable_rank_batch
from specproof.theory.spectral import anisotropy, effective_rank, spectral_flatness, stable_rank
from specproof.theory.validate import InputError, finite_array, positive_int

SPR_SIGMA = 1e-3  # TRSP App. A.4
NEEDLE, QUESTION, EQUALS = 0x01, 0x02, ord("=")
KEY_ALPHABET = np.arange(ord("A"), ord("Z") + 1, dtype=np.uint8)
VALUE_ALPHABET = np.arange(ord("0"), ord("9") + 1, dtype=np.uint8)
THM4_LOWER = 1.0 / 3.0  # i·σ_i ≥ 1/3 (SDEG Thm 4, canonical model with nonnegative scores)
THM4_UPPER = math.sqrt(5.0)  # σ₁ = ‖A‖ ≤ √5 (SDEG Thm 4, every real score vector in the canonical orientation)


# --------------------------------------------------------------------------- representations


def representation_diagnostics(H) -> dict[str, float]:
    """Stable rank, spectral flatness and anisotropy of one layer's token representations H (T×d), TRSP §4.1."""
    H = finite_array("H", H)
    if H.ndim != 2 or min(H.shape) < 2:
        raise InputError(f"H must be a T×d matrix with T, d >= 2, got shape {H.shape}")
    s = np.linalg.svd(H, compute_uv=False)
    return {"stable_rank": stable_rank(s), "flatness": spectral_flatness(s), "anisotropy": anisotropy(H)}


def propagation_rates(clean, perturbed, delta) -> list[float]:
    """SPR_ℓ = ‖H_ℓ(x + δ) − H_ℓ(x)‖_F / ‖δ‖_F for each layer's pair (clean, perturbed) (TRSP §4.1, App. A.4)."""
    d = float(np.linalg.norm(finite_array("delta", delta)))
    if d == 0:
        raise InputError("the perturbation delta must be non-zero")
    return [
        float(np.linalg.norm(finite_array("perturbed", p) - finite_array("clean", c))) / d
        for c, p in zip(clean, perturbed)
    ]


def gaussian_perturbation(shape, seed: int, sigma: float = SPR_SIGMA) -> np.ndarray:
    """δ ~ N(0, σ²) of the given shape, drawn from its own generator (App. A.4: σ = 10⁻³)."""
    return np.random.default_rng(seed).normal(0.0, sigma, size=shape)


# --------------------------------------------------------------------------- retrieval


@dataclass(frozen=True)
class RetrievalExample:
    """One sequence of ``length + 1`` bytes ending with the value; the model reads ``tokens[:-1]`` and must predict
    ``value`` at its last ``value.size`` positions. ``depth`` is where the needle starts."""

    tokens: np.ndarray
    value: np.ndarray
    depth: int


def needle_bytes(key: np.ndarray, value: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The statement ``\\x01KEY=VAL\\x01`` and the question with its answer ``\\x02KEY=VAL``."""
    statement = np.concatenate([[NEEDLE], key, [EQUALS], value, [NEEDLE]]).astype(np.uint8)
    question = np.concatenate([[QUESTION], key, [EQUALS], value]).astype(np.uint8)
    return statement, question


def retrieval_example(
    haystack, length: int, rng: np.random.Generator, key_len: int = 3, value_len: int = 3
) -> RetrievalExample:
    """A needle in ``length + 1`` bytes of ``haystack`` text (uint8), at a uniform depth, with its question at the end.

    The key draws ``key_len`` capitals, the value ``value_len`` digits (chance of a guessed match 10^−value_len).
    """
    hay = np.asarray(haystack, dtype=np.uint8)
    length = positive_int("length", length)
    key_len, value_len = positive_int("key_len", key_len), positive_int("value_len", value_len)
    key, value = rng.choice(KEY_ALPHABET, key_len), rng.choice(VALUE_ALPHABET, value_len)
    statement, question = needle_bytes(key, value)
    room = length + 1 - statement.size - question.size
    if room < 0:
        raise InputError(
            f"length {length} is too short for a needle of {statement.size} and a question of "
            f"{question.size} bytes; allowed: length >= {statement.size + question.size - 1}"
        )
    if hay.size < length + 1:
        raise InputError(f"the haystack has {hay.size} bytes; a sequence needs {length + 1}")
    start = int(rng.integers(0, hay.size - length))
    tokens = hay[start : start + length + 1].copy()
    depth = int(rng.integers(0, room + 1))
    tokens[depth : depth + statement.size] = statement
    tokens[-question.size :] = question
    return RetrievalExample(tokens, value, depth)


def exact_matches(predicted, values) -> np.ndarray:
    """Per example, whether the greedy bytes at the value positions equal the value: (n, v) arrays → (n,) bools."""
    p, v = np.asarray(predicted), np.asarray(values)
    if p.shape != v.shape or p.ndim != 2:
        raise InputError(
            f"predicted and values must be (n, value_len) arrays of one shape, got {p.shape} and {v.shape}"
        )
    return np.all(p == v, axis=1)


# --------------------------------------------------------------------------- heads


def log_index_grid(n: int, points: int = 24) -> np.ndarray:
    """About ``points`` distinct 1-based indices from 1 to n, evenly spaced in log i (n always included)."""
    n = positive_int("n", n)
    return np.unique(np.round(np.geomspace(1, n, min(points, n))).astype(int))


def thm7_scale(ell: int, k: int) -> float:
    """F = k + log((ℓ+1)/(k+1)): the growth SDEG Thm 7 gives srank, srank_λ and erank₂ of canonical causal attention."""
    return k + math.log((ell + 1) / (k + 1))


def head_measures(A, Q, K, scaling: float, side=None, eigen_max: int = 256, profile_points: int = 24) -> list[dict]:
    """Everything measured on the heads of one causal layer (torch float64 tensors A (H, ℓ, ℓ), Q, K (H, ℓ, d_h),
    scores S_h = Q_h K_hᵀ·scaling; ``side`` the layer's side-path matrix G_ℓ (ℓ×ℓ) or None), one dict per head.

    Thm 3: ``upper_max`` = max_{j>i} |A_ij| (0 makes A_h triangular, its eigenvalues its diagonal);
    ``eig_diag_error`` = max |λ_(i) − A_(ii)| sorted, from a general eigensolve (only when ℓ ≤ ``eigen_max``);
    ``diag_harmonic`` quantiles of t·A_tt (t = 1..ℓ; uniform attention gives 1, Thm 3's bulk bound is t·λ_t ≥ 1);
    ``trace_real`` against ``trace_canonical`` = Σ a_i/(a_i+i−1) from the head's score spectrum.
    Thm 4: σ₁ against √5, min_i i·σ_i against 1/3 and the share of i with i·σ_i ≥ 1/3; ``profile`` i·σ_i on a log
    grid of i. Thm 7: srank, erank₁, erank₂ and k, F = k + log((ℓ+1)/(k+1)). TRSP: μ₂ and γ of L(A) and of
    L(A) + L(G_ℓ), R_eff of I + A and of I + A + G_ℓ.
    """
    import torch

    H, ell, _ = A.shape
    sv = torch.linalg.svdvals(A).cpu().numpy()
    upper = torch.triu(A, diagonal=1).abs().amax(dim=(-2, -1)).cpu().numpy()
    diag = torch.diagonal(A, dim1=-2, dim2=-1).cpu().numpy()
    eig_error = None
    if ell <= eigen_max:
        lam = torch.linalg.eigvals(A).cpu().numpy()
        eig_error = [
            float(max(np.max(np.abs(np.sort(lam[h].real) - np.sort(diag[h]))), np.max(np.abs(lam[h].imag))))
            for h in range(H)
        ]
    W = (A + A.transpose(-1, -2)) / 2
    L_attn = torch.diag_embed(W.sum(-1)) - W
    mu2_attn, gap_attn = graph_spectrum(L_attn)
    eye = torch.eye(ell, dtype=A.dtype, device=A.device)
    reff_attn = stable_rank_batch(eye + A)
    if side is not None:
        Ws = (side + side.T) / 2
        mu2_side, gap_side = graph_spectrum(L_attn + (torch.diag(Ws.sum(-1)) - Ws))
        reff_side = stable_rank_batch(eye + A + side)
    scale = scaling * math.sqrt(Q.shape[-1])  # score_singular_values divides by √d_h itself
    Qn, Kn = (Q * scale).cpu().numpy(), K.cpu().numpy()
    t = np.arange(1, ell + 1)
    grid = log_index_grid(ell, profile_points)
    out = []
    for h in range(H):
        s = score_singular_values(Qn[h], Kn[h])
        split = spike_bulk_split(s)
        i_sigma = t * sv[h]
        harmonic = t * diag[h]
        row = {
            "upper_max": float(upper[h]),
            "eig_diag_error": None if eig_error is None else eig_error[h],
            "diag_harmonic": [float(q) for q in np.quantile(harmonic, (0.0, 0.5, 1.0))],
            "diag_above_uniform": float(np.mean(harmonic >= 1.0)),
            "trace_real": float(diag[h].sum()),
            "trace_canonical": float(canonical_eigenvalues(s, causal=True).sum()),
            "sigma1": float(sv[h][0]),
            "min_i_sigma": float(i_sigma.min()),
            "argmin_i_sigma": int(t[np.argmin(i_sigma)]),
            "share_thm4_lower": float(np.mean(i_sigma >= THM4_LOWER)),
            "srank": stable_rank(sv[h]),
            "erank1": effective_rank(sv[h], 1),
            "erank2": effective_rank(sv[h], 2),
            "k": split["k"],
            "score_rank": split["rank"],
            "thm7_F": thm7_scale(ell, split["k"]),
            "mu2_attn": float(mu2_attn[h]),
            "gap_attn": float(gap_attn[h]),
            "reff_attn": float(reff_attn[h]),
            "profile": [float(i_sigma[i - 1]) for i in grid],
        }
        if side is not None:
            row.update(mu2_side=float(mu2_side[h]), gap_side=float(gap_side[h]), reff_side=float(reff_side[h]))
        out.append(row)
    return out


__all__ = [
    "EQUALS",
    "KEY_ALPHABET",
    "NEEDLE",
    "QUESTION",
    "RetrievalExample",
    "SPR_SIGMA",
    "THM4_LOWER",
    "THM4_UPPER",
    "VALUE_ALPHABET",
    "exact_matches",
    "gaussian_perturbation",
    "head_measures",
    "log_index_grid",
    "needle_bytes",
    "propagation_rates",
    "representation_diagnostics",
    "retrieval_example",
    "thm7_scale",
]
