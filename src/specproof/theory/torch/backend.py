"""Torch backend: CUDA when present, else CPU; float64 unless told otherwise."""

from __future__ import annotations

import torch

DEFAULT_DTYPE = torch.float64


def device() -> torch.device:
    """The device every torch path in specproof uses."""
    return torch.device("cuda" if torch.cuda.is_available() else "cpu")


def as_tensor(x, dtype: torch.dtype = DEFAULT_DTYPE) -> torch.Tensor:
    """x on :func:`device` in ``dtype``."""
    return torch.as_tensor(x, dtype=dtype, device=device())
