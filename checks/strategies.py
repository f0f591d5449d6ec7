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


def spike_bulk_split(max_len: int = 48, max_margin: float = 12.0, nonnegative: bool = True) -> st.SearchStrategy[tuple[np.ndarray, int]]:
    """(s, k): sorted scores whose first k entries are spikes e^{s_i} ≥ ℓ·e^{m_f} and whose bulk has
    e^{s_i} ≤ ℓ·e^{−m_g} (SDEG §3.1), margins m_f, m_g ∈ [0, max_margin]; mixed with unseparated
    score vectors and an arbitrary split k, so bounds in ε_ℓ are also tried where they are loose.

    With ``nonnegative`` the bulk stays in [0, log ℓ − m_g] (clipped at 0, where e^{s} ≤ ℓ/g may
    fail: the bulk condition then holds with the computed, not the drawn, margin)."""
    unit = st.floats(0.0, 1.0, allow_nan=False, width=64)

    def build(draw_args):
        ell, k_frac, m_f, m_g, spike_u, bulk_u = draw_args
        k = int(round(k_frac * ell))
        log_ell = np.log(ell)
        spikes = log_ell + m_f + max_margin * np.asarray(spike_u[:k])
        top = log_ell - m_g
        low = 0.0 if nonnegative else top - 2 * max_margin
        bulk = low + (max(top, low) - low) * np.asarray(bulk_u[: ell - k])
        s = np.concatenate([np.sort(spikes)[::-1], np.sort(bulk)[::-1]])
        return s, k

    separated = st.integers(1, max_len).flatmap(lambda ell: st.tuples(
        st.just(ell), unit, st.floats(0.0, max_margin, width=64), st.floats(0.0, max_margin, width=64),
        st.lists(unit, min_size=ell, max_size=ell), st.lists(unit, min_size=ell, max_size=ell))).map(build)
    arbitrary = score_vectors(1, max_len, nonnegative=nonnegative).flatmap(
        lambda s: st.tuples(st.just(s), st.integers(0, s.size)))
    return st.one_of(separated, arbitrary)


def reversible_chains(T: int) -> st.SearchStrategy[tuple[np.ndarray, np.ndarray]]:
    """(P, π) reversible by construction: the random walk P = D⁻¹W on symmetric positive weights W, π ∝ W𝟏.

    Shapes: dense, path, cycle, star, barbell (two dense blocks joined by one weak edge: slow mixing),
    complete bipartite (eigenvalue −1: no absolute gap), each made lazy P ← αI + (1−α)P with α ∈ [0, 1).
    """

    def build(args):
        kind, seed, lazy = args
        rng = np.random.default_rng(seed)
        n = T
        if n == 1:
            return np.ones((1, 1)), np.ones(1)
        W = np.zeros((n, n))
        if kind == "dense":
            W = rng.random((n, n)) + 0.05
        elif kind == "path":
            i = np.arange(n - 1)
            W[i, i + 1] = rng.random(n - 1) + 0.05
        elif kind == "cycle":
            i = np.arange(n)
            W[i, (i + 1) % n] = rng.random(n) + 0.05
        elif kind == "star":
            W[0, 1:] = rng.random(n - 1) + 0.05
        elif kind == "barbell":
            cut = n // 2 if n > 2 else 1
            W[:cut, :cut] = rng.random((cut, cut)) + 0.05
            W[cut:, cut:] = rng.random((n - cut, n - cut)) + 0.05
            W[cut - 1, cut] = 10.0 ** rng.uniform(-3, 0)
        else:  # bipartite
            cut = max(1, n // 2)
            W[:cut, cut:] = rng.random((cut, n - cut)) + 0.05
        W = W + W.T
        P = W / W.sum(axis=1, keepdims=True)
        pi = W.sum(axis=1) / W.sum()
        return lazy * np.eye(n) + (1.0 - lazy) * P, pi

    kinds = st.sampled_from(["dense", "path", "cycle", "star", "barbell", "bipartite"])
    laziness = st.one_of(st.just(0.0), st.just(0.5), st.floats(0.0, 0.95, width=64))
    return st.tuples(kinds, st.integers(0, 2**32 - 1), laziness).map(build)


def invertible_matrices(n: int, max_log10_condition: float = 6.0) -> st.SearchStrategy[np.ndarray]:
    """U·diag(s)·Vᵀ with random orthogonal U, V and singular values spread over up to 10^max decades,
    at a random overall scale: invertible by construction, with a known condition number."""

    def build(args):
        seed, log_cond, log_scale = args
        rng = np.random.default_rng(seed)
        U, _ = np.linalg.qr(rng.standard_normal((n, n)))
        V, _ = np.linalg.qr(rng.standard_normal((n, n)))
        s = 10.0 ** (log_scale - log_cond * np.sort(rng.random(n)))
        s[0], s[-1] = 10.0**log_scale, 10.0 ** (log_scale - log_cond)
        return (U * s) @ V.T

    return st.tuples(st.integers(0, 2**32 - 1), st.floats(0.0, max_log10_condition, width=64),
                     st.floats(-3.0, 3.0, width=64)).map(build)


def gate_parameters(hidden: int = 16, bound: float = 1e3) -> st.SearchStrategy:
    """Weights of the long-context gate (theory.gate.GateParams), from 0 to extreme: MLP weights and β in
    [−bound, bound], so the sigmoid saturates and softplus(β) spans (0, bound]."""
    from specproof.theory.gate import GateParams  # here, not at the top: theory.gate imports torch

    value = st.one_of(st.just(0.0), st.floats(-1.0, 1.0, width=64), st.floats(-bound, bound, width=64))
    vec = st.lists(value, min_size=hidden, max_size=hidden).map(np.asarray)
    return st.builds(GateParams, vec, vec, vec, value, value)


def column_matrices(max_T: int = 6, max_d: int = 6) -> st.SearchStrategy[np.ndarray]:
    """Small T×d matrices whose columns stress column-subset selection: Gaussian, nearly parallel
    (rank one plus δ-noise), widely scaled columns, low rank plus noise, equal-norm rank one, tight
    frames in the plane, and orthogonal columns with a tail of small norms."""

    def build(args):
        kind, T, d, seed = args
        rng = np.random.default_rng(seed)
        if kind == "gaussian":
            return rng.standard_normal((T, d))
        if kind == "near-parallel":
            u = rng.standard_normal((T, 1))
            return u + 10.0 ** rng.uniform(-4, 0) * rng.standard_normal((T, d))
        if kind == "scaled":
            return rng.standard_normal((T, d)) * 10.0 ** rng.uniform(-3, 3, d)
        if kind == "low-rank":
            r = int(rng.integers(1, min(T, d) + 1))
            return rng.standard_normal((T, r)) @ rng.standard_normal((r, d)) + 10.0 ** rng.uniform(-6, -1) * rng.standard_normal((T, d))
        if kind == "equal-norm-rank-one":
            return np.outer(rng.standard_normal(T), rng.choice([-1.0, 1.0], d))
        if kind == "tight-frame":
            angles = np.pi * (np.arange(d) + rng.random()) / d
            frame = np.vstack([np.cos(angles), np.sin(angles)])
            return np.vstack([frame, np.zeros((T - 2, d))]) if T >= 2 else frame[:1]
        norms = np.concatenate([[1.0], 10.0 ** rng.uniform(-4, 0, d - 1)])  # orthogonal with a tail
        Q, _ = np.linalg.qr(rng.standard_normal((max(T, d), max(T, d))))
        return Q[:T, :d] * norms

    kinds = st.sampled_from(["gaussian", "near-parallel", "scaled", "low-rank", "equal-norm-rank-one",
                             "tight-frame", "orthogonal-tail"])
    return st.tuples(kinds, st.integers(2, max_T), st.integers(2, max_d), st.integers(0, 2**32 - 1)).map(build)
