"""Batched, channel-wise causal box/triBox filters in torch, on the GPU when there is one (TRSP Eq. 2–3, 6)."""

from __future__ import annotations

import torch

from specproof.theory.validate import InputError, positive_int


def _check_signal(X: torch.Tensor, b) -> int:
    """Validate a (..., T, d) finite signal and a bandwidth b ≥ 1; return b as an int."""
    if X.dim() < 2:
        raise InputError(f"X must have shape (..., T, d), got {tuple(X.shape)}")
    if not torch.isfinite(X).all():
        raise InputError("X must be finite (no NaN or infinity)")
    return positive_int("b", b)


def box_filter_torch(X: torch.Tensor, b: int) -> torch.Tensor:
    """Prefix-sum causal box filter along the token axis (dim −2) of a (..., T, d) tensor (TRSP Eq. 2)."""
    b = _check_signal(X, b)
    T = X.shape[-2]
    zero = torch.zeros_like(X[..., :1, :])
    S = torch.cat([zero, torch.cumsum(X, dim=-2)], dim=-2)
    t = torch.arange(T, device=X.device)
    a = torch.clamp(t - b + 1, min=0)
    w = (t - a + 1).to(X.dtype)[:, None]
    return (S[..., t + 1, :] - S[..., a, :]) / w


def box_filter_torch_window(X: torch.Tensor, b: int) -> torch.Tensor:
    """The causal box filter as a direct windowed sum, O(T·b·d) (TRSP Eq. 1): the baseline Eq. 2 avoids.

    Each output row sums its w_t = min(b, t+1) inputs from a zero-padded sliding window of length b.
    """
    b = _check_signal(X, b)
    T = X.shape[-2]
    padded = torch.cat([torch.zeros_like(X[..., :1, :]).expand(*X.shape[:-2], b - 1, X.shape[-1]), X], dim=-2)
    windows = padded.unfold(-2, b, 1)  # (..., T, d, b)
    w = torch.clamp(torch.arange(1, T + 1, device=X.device), max=b).to(X.dtype)[:, None]
    return windows.sum(dim=-1) / w


def tribox_filter_torch(X: torch.Tensor, b: int) -> torch.Tensor:
    """triBox_b = Box_b ∘ Box_b (TRSP Eq. 3)."""
    return box_filter_torch(box_filter_torch(X, b), b)


def trsp_layer(X: torch.Tensor, attention: torch.Tensor, gate: float, b: int) -> torch.Tensor:
    """X_out = X + A_attn X + g·triBox_b(X) (TRSP Eq. 6), with A_attn a (..., T, T) pattern."""
    return X + attention @ X + gate * tribox_filter_torch(X, b)


def trsp_layer_gated(X: torch.Tensor, attention: torch.Tensor, gate, layer: int) -> torch.Tensor:
    """One TRSP layer with its gate (TRSP Eq. 5–7): b_ℓ = min(2^ℓ, T) and g_ℓ = gate(T, b_ℓ).

    ``gate`` is a :class:`theory.gate.LongContextGate` (or any callable of (T, b)); it never sees X.
    """
    layer = positive_int("layer", layer, minimum=0)
    T = X.shape[-2]
    b = min(2**layer, T)
    g = gate(T, b).to(dtype=X.dtype, device=X.device).reshape(())
    return trsp_layer(X, attention, g, b)
