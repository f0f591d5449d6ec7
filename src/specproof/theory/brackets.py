"""What every matrix-free solver returns: a value inside a bracket (:class:`SpectralBracket`), and the unit
roundoff the rounding allowances are stated in (:data:`EPS`)."""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np

EPS = float(np.finfo(np.float64).eps)


@dataclass(frozen=True)
class SpectralBracket:
    """A computed spectral quantity with lower ≤ value ≤ upper and what makes the bracket hold."""

    value: float
    lower: float
    upper: float
    method: str
    rigour: str
    residual: float = math.nan
    iterations: int = 0
    matvecs: int = 0
    dtype: str = "float64"
    device: str = "cpu"
    info: dict = field(default_factory=dict)

    @property
    def width(self) -> float:
        return self.upper - self.lower

    def contains(self, x: float) -> bool:
        return self.lower <= x <= self.upper

    def as_row(self) -> dict:
        """Flat dict for a sweep store: value, bracket, method, dtype, device, diagnostics."""
        row = {
            "value": self.value,
            "lower": self.lower,
            "upper": self.upper,
            "method": self.method,
            "rigour": self.rigour,
            "residual": self.residual,
            "iterations": self.iterations,
            "matvecs": self.matvecs,
            "dtype": self.dtype,
            "device": self.device,
        }
        row.update(self.info)
        return row
