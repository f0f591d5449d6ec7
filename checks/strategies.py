"""Hypothesis strategies that build structure by construction (no filtering with ``assume``).

Used by the property checks of the claims and by the tests; tested themselves in tests/test_strategies.py.
"""

from __future__ import annotations

import numpy as np
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

EDGE_SIZES = (1, 2, 3, 4, 7, 8, 9, 15, 16, 17, 31, 32, 33, 64)


def sizes(min_value: int = 1, max_value: int = 64) -> st.SearchStrategy[int]:
    """Sequence lengths, favouring the edge cases T = 1, 2, 2^m, 2^m ± 1."""
    edges = [t for t in EDGE_SIZES if min_value <= t <= max_value]
    return st.one_of(st.sampled_from(edges), st.integers(min_value, max_value)) if edges else st.integers(min_value, max_value)


def size_and_bandwidth(max_T: int = 64) -> st.SearchStrategy[tuple[int, int]]:
    """(T, b) including b = 1, b = T and b > T."""
    return sizes(1, max_T).flatmap(lambda T: st.tuples(
        st.just(T), st.one_of(st.just(1), st.just(T), st.just(T + 1), st.just(2 * T + 3), st.integers(1, 2 * T + 3))))


def finite_floats(bound: float = 1e3) -> st.SearchStrategy[float]:
    return st.floats(-bound, bound, allow_nan=False, allow_infinity=False, width=64)


def signals(T: int, channels: int | None = None, bound: float = 1e3) -> st.SearchStrategy[np.ndarray]:
    """X of shape (T,) or (T, channels) with bounded finite entries."""
    shape = (T,) if channels is None else (T, channels)
    return hnp.arrays(np.float64, shape, elements=finite_floats(bound))


def row_stochastic(T: int) -> st.SearchStrategy[np.ndarray]:
    """Row-stochastic T×T matrices: dense random, sinks, banded, causal, disconnected blocks, permutations."""
    rng_seed = st.integers(0, 2**32 - 1)

    def build(kind_seed):
        kind, seed = kind_seed
        rng = np.random.default_rng(seed)
        if kind == "random":
            A = rng.random((T, T)) ** 3
        elif kind == "sink":
            A = np.zeros((T, T))
            A[:, rng.integers(T)] = 1.0
        elif kind == "banded":
            w = int(rng.integers(0, T))
            A = np.triu(np.tril(rng.random((T, T)) + 1e-3, w), -w)
        elif kind == "causal":
            A = np.tril(rng.random((T, T)) + 1e-3)
        elif kind == "disconnected":
            cut = int(rng.integers(1, T)) if T > 1 else 1
            A = np.zeros((T, T))
            A[:cut, :cut] = rng.random((cut, cut)) + 1e-3
            A[cut:, cut:] = rng.random((T - cut, T - cut)) + 1e-3
        elif kind == "permutation":
            A = np.eye(T)[rng.permutation(T)]
        else:  # identity: every token attends to itself
            A = np.eye(T)
        return A / A.sum(axis=1, keepdims=True)

    kinds = st.sampled_from(["random", "sink", "banded", "causal", "disconnected", "permutation", "identity"])
    return st.tuples(kinds, rng_seed).map(build)


def symmetric(T: int, bound: float = 10.0) -> st.SearchStrategy[np.ndarray]:
    """Symmetric matrices (A + Aᵀ)/2."""
    return hnp.arrays(np.float64, (T, T), elements=finite_floats(bound)).map(lambda A: (A + A.T) / 2)


def psd(T: int, bound: float = 10.0) -> st.SearchStrategy[np.ndarray]:
    """Positive semidefinite matrices BᵀB, including low-rank ones."""
    return st.integers(1, T).flatmap(lambda r: hnp.arrays(np.float64, (r, T), elements=finite_floats(bound))).map(lambda B: B.T @ B)


def score_vectors(min_len: int = 1, max_len: int = 48, bound: float = 30.0, sorted_desc: bool = True,
                  nonnegative: bool = True) -> st.SearchStrategy[np.ndarray]:
    """Diagonal scores s for canonical attention; sorted s₁ ≥ … ≥ s_ℓ ≥ 0 by default (SDEG §3)."""
    lo = 0.0 if nonnegative else -bound
    elems = st.floats(lo, bound, allow_nan=False, allow_infinity=False, width=64)

    def shape(s):
        s = np.asarray(s, dtype=np.float64)
        return -np.sort(-s) if sorted_desc else s

    return st.lists(elems, min_size=min_len, max_size=max_len).map(shape)
