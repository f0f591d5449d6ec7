"""Column subset selection by exhaustive search: the best-conditioned k columns of a small matrix,
the object of the restricted invertibility theorem (Bourgain–Tzafriri; Spielman–Srivastava; TRSP Lemma D.1)."""

from __future__ import annotations

import itertools
import math

import scipy.linalg

from specproof.theory.validate import InputError, finite_array, positive_int

MAX_SUBSETS = 20_000


def best_column_subset(X, k: int) -> tuple[tuple[int, ...], float]:
    """(S, σ_min(X_S)) maximising the smallest singular value over all k-column subsets S.

    σ_min of a T×k block is its k-th singular value (0 when T < k). Exhaustive, so only for
    C(d, k) ≤ 20 000 subsets.
    """
    X = finite_array("X", X)
    if X.ndim != 2 or min(X.shape) < 1:
        raise InputError(f"X must be a non-empty 2-D matrix, got shape {X.shape}")
    d = X.shape[1]
    k = positive_int("k", k)
    if k > d:
        raise InputError(f"k must satisfy 1 <= k <= d = {d}, got {k}")
    if math.comb(d, k) > MAX_SUBSETS:
        raise InputError(f"C({d}, {k}) = {math.comb(d, k)} subsets exceed the exhaustive limit {MAX_SUBSETS}")
    best: tuple[int, ...] = ()
    best_value = -1.0
    for S in itertools.combinations(range(d), k):
        s = scipy.linalg.svdvals(X[:, S])
        value = float(s[k - 1]) if s.size >= k else 0.0
        if value > best_value:
            best, best_value = S, value
    return best, best_value


__all__ = ["MAX_SUBSETS", "best_column_subset"]
