"""Input validation shared by theory/: one clear message naming what is allowed."""

from __future__ import annotations

import math
import numbers

import numpy as np

from specproof.theory.errors import InputError

__all__ = ["InputError", "finite_array", "positive_int"]


def positive_int(name: str, value, minimum: int = 1) -> int:
    """Return ``value`` as an int, or raise :class:`InputError` naming the allowed range."""
    if isinstance(value, (bool, np.bool_)):
        raise InputError(f"{name} must be an integer >= {minimum}, got {value!r}")
    if not isinstance(value, numbers.Integral):
        if isinstance(value, numbers.Real) and math.isfinite(float(value)) and float(value).is_integer():
            value = int(float(value))
        else:
            raise InputError(f"{name} must be an integer >= {minimum}, got {value!r}")
    value = int(value)
    if value < minimum:
        raise InputError(f"{name} must be an integer >= {minimum}, got {value}")
    return value


def finite_array(name: str, values) -> np.ndarray:
    """Return ``values`` as a float64 array, rejecting NaN and infinities."""
    arr = np.asarray(values, dtype=np.float64)
    if not np.all(np.isfinite(arr)):
        bad = arr[~np.isfinite(arr)].ravel()[0]
        raise InputError(f"{name} must be finite real numbers (no NaN or infinity), got {bad}")
    return arr
