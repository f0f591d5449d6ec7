"""The entropy function h(x) = −x log x of the entropy ranks (SDEG §3.4, App. D) and its total variation."""

from __future__ import annotations

import math

import numpy as np
import scipy.special

from specproof.theory.validate import InputError, finite_array


def entropy_terms(values) -> np.ndarray:
    """h(x) = −x log x elementwise, with h(0) = 0; values must be ≥ 0."""
    x = finite_array("values", values)
    if np.any(x < 0):
        raise InputError(f"entropy terms need values >= 0, got {float(x[x < 0].ravel()[0])}")
    return scipy.special.entr(x)


def entropy_variation(upper: float) -> float:
    """Total variation of h on [0, upper], ∫_0^upper |h'(t)| dt with h'(t) = −1 − log t.

    h rises from 0 to 1/e at t = 1/e and falls after it: the variation is −upper·log(upper) up to 1/e and
    2/e + upper·log(upper) beyond (2/e + 2 log 2 on [0, 2], the constant of SDEG App. D.2)."""
    upper = float(upper)
    if not (math.isfinite(upper) and upper >= 0):
        raise InputError(f"upper must be a finite number >= 0, got {upper!r}")
    if upper == 0:
        return 0.0
    if upper <= 1 / math.e:
        return -upper * math.log(upper)
    return 2 / math.e + upper * math.log(upper)


__all__ = ["entropy_terms", "entropy_variation"]
