"""SDEG §1 and App. D.1: what several claim files share (the collapse instances of Thm 6, the statement tests)."""

from __future__ import annotations

import math

import numpy as np

from specproof.checks.claims._shared.sdeg_bidirectional import BULK_BOUND
from specproof.engine.registry import Context

STATEMENT_TESTS = "tests/test_statements.py"


EPS = float(np.finfo(np.float64).eps)


INSTANCE_K = 3


INSTANCE_LEVELS = 32


def collapse_instance(
    ell: int, k: int = INSTANCE_K, levels: int = INSTANCE_LEVELS, top: float = BULK_BOUND
) -> np.ndarray:
    """k spikes at 2 log ℓ (e^{s} = ℓ², f = ℓ) and a bulk U[0, top] realised as the midpoints of ``levels`` equal cells,
    in turn (deterministic: the bulk moments converge to the integrals' midpoint sums)."""
    mids = top * (np.arange(levels) + 0.5) / levels
    bulk = np.sort(mids[np.arange(ell - k) % levels])[::-1]
    return np.concatenate([np.full(k, 2 * math.log(ell)), bulk])


def instance_sizes(ctx: Context) -> np.ndarray:
    return 4 ** np.arange(3, 11 if ctx.wide else 9)
