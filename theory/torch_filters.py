"""Batched, channel-wise causal box/triBox filters in torch, on the GPU when there is one (TRSP Eq. 2–3, 6)."""

from __future__ import annotations

import torch

from theory._validate import InputError, positive_int


def box_filter_torch(X: torch.Tensor, b: int) -> torch.Tensor:
    """Prefix-sum causal box filter along the token axis (dim −2) of a (..., T, d) tensor (TRSP Eq. 2)."""
    b = positive_int("b", b)
    if X.dim() < 2:
        raise InputError(f"X must have shape (..., T, d), got {tuple(X.shape)}")
    if not torch.isfinite(X).all():
        raise InputError("X must be finite (no NaN or infinity)")
    T = X.shape[-2]
    zero = torch.zeros_like(X[..., :1, :])
    S = torch.cat([zero, torch.cumsum(X, dim=-2)], dim=-2)
    t = torch.arange(T, device=X.device)
    a = torch.clamp(t - b + 1, min=0)
    w = (t - a + 1).to(X.dtype)[:, None]
    return (S[..., t + 1, :] - S[..., a, :]) / w


def tribox_filter_torch(X: torch.Tensor, b: int) -> torch.Tensor:
    """triBox_b = Box_b ∘ Box_b (TRSP Eq. 3)."""
    return box_filter_torch(box_filter_torch(X, b), b)


def trsp_layer(X: torch.Tensor, attention: torch.Tensor, gate: float, b: int) -> torch.Tensor:
    """X_out = X + A_attn X + g·triBox_b(X) (TRSP Eq. 6), with A_attn a (..., T, T) pattern."""
    return X + attention @ X + gate * tribox_filter_torch(X, b)
