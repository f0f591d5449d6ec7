"""Hypothesis strategies that build structure by construction (no filtering with ``assume``).

Used by the property checks of the claims and by the tests; tested themselves in tests/test_strategies.py.
"""

from __future__ import annotations

import functools

import numpy as np
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

EDGE_SIZES = (1, 2, 3, 4, 7, 8, 9, 15, 16, 17, 31, 32, 33, 64)


def sizes(min_value: int = 1, max_value: int = 64) -> st.SearchStrategy[int]:
    """Sequence lengths, favouring the edge cases T = 1, 2, 2^m, 2^m ± 1."""
    edges = [t for t in EDGE_SIZES if min_value <= t <= max_value]
    return (
        st.one_of(st.sampled_from(edges), st.integers(min_value, max_value))
        if edges
        else st.integers(min_value, max_value)
    )


def size_and_bandwidth(max_T: int = 64) -> st.SearchStrategy[tuple[int, int]]:
    """(T, b) including b = 1, b = T and b > T."""
    return sizes(1, max_T).flatmap(
        lambda T: st.tuples(
            st.just(T), st.one_of(st.just(1), st.just(T), st.just(T + 1), st.just(2 * T + 3), st.integers(1, 2 * T + 3))
        )
    )


def finite_floats(bound: float = 1e3) -> st.SearchStrategy[float]:
    return st.floats(-bound, bound, allow_nan=False, allow_infinity=False, width=64)


def signals(T: int, channels: int | None = None, bound: float = 1e3) -> st.SearchStrategy[np.ndarray]:
    """X of shape (T,) or (T, channels) with bounded finite entries."""
    shape = (T,) if channels is None else (T, channels)
    return hnp.arrays(np.float64, shape, elements=finite_floats(bound))


def _entries(shape, lo: float, hi: float) -> st.SearchStrategy[np.ndarray]:
    """Float arrays with entries in [lo, hi] (no subnormals), drawn by hypothesis so that they shrink.

    Up to 64 entries every entry is drawn on its own; larger arrays are hypothesis' "sparse with an
    offset" (a drawn fill value and some drawn entries), which keeps a 32×32 matrix inside
    hypothesis' buffer.
    """
    shape = (shape,) if isinstance(shape, int) else tuple(shape)
    elements = st.floats(lo, hi, allow_nan=False, allow_infinity=False, allow_subnormal=False, width=64)
    return hnp.arrays(np.float64, shape, elements=elements, fill=st.nothing() if int(np.prod(shape)) <= 64 else None)


ROW_STOCHASTIC_KINDS = ("random", "sink", "banded", "causal", "disconnected", "permutation", "identity")


def row_stochastic(T: int) -> st.SearchStrategy[np.ndarray]:
    """Row-stochastic T×T matrices: dense random, sinks, banded, causal, disconnected blocks, permutations.

    Nonnegative weights normalised by their row sums (each row has a positive entry by construction:
    dense weights lie in [1e-9, 1], banded/causal/block weights in [1e-3, 1] on the pattern), so rows
    sum to 1 within T·eps; sinks, permutations and the identity are exact 0/1 matrices.
    """

    @st.composite
    def build(draw):
        kind = draw(st.sampled_from(ROW_STOCHASTIC_KINDS))
        if kind == "random":
            A = draw(_entries((T, T), 1e-3, 1.0)) ** 3  # weights spread over nine decades
        elif kind == "sink":
            A = np.zeros((T, T))
            A[:, draw(st.integers(0, T - 1))] = 1.0
        elif kind == "banded":
            w = draw(st.integers(0, T - 1))
            A = np.triu(np.tril(draw(_entries((T, T), 1e-3, 1.0)), w), -w)
        elif kind == "causal":
            A = np.tril(draw(_entries((T, T), 1e-3, 1.0)))
        elif kind == "disconnected":
            cut = draw(st.integers(1, T - 1)) if T > 1 else 1
            blocks = np.zeros((T, T), dtype=bool)
            blocks[:cut, :cut] = blocks[cut:, cut:] = True
            A = np.where(blocks, draw(_entries((T, T), 1e-3, 1.0)), 0.0)
        elif kind == "permutation":
            A = np.eye(T)[list(draw(st.permutations(range(T))))]
        else:  # identity: every token attends to itself
            A = np.eye(T)
        return A / A.sum(axis=1, keepdims=True)

    return build()


def symmetric(T: int, bound: float = 10.0) -> st.SearchStrategy[np.ndarray]:
    """Symmetric matrices (A + Aᵀ)/2."""
    return hnp.arrays(np.float64, (T, T), elements=finite_floats(bound)).map(lambda A: (A + A.T) / 2)


def psd(T: int, bound: float = 10.0) -> st.SearchStrategy[np.ndarray]:
    """Positive semidefinite matrices BᵀB, including low-rank ones."""
    return (
        st.integers(1, T)
        .flatmap(lambda r: hnp.arrays(np.float64, (r, T), elements=finite_floats(bound)))
        .map(lambda B: B.T @ B)
    )


def score_vectors(
    min_len: int = 1, max_len: int = 48, bound: float = 30.0, sorted_desc: bool = True, nonnegative: bool = True
) -> st.SearchStrategy[np.ndarray]:
    """Diagonal scores s for canonical attention; sorted s₁ ≥ … ≥ s_ℓ ≥ 0 by default (SDEG §3)."""
    lo = 0.0 if nonnegative else -bound
    elems = st.floats(lo, bound, allow_nan=False, allow_infinity=False, width=64)

    def shape(s):
        s = np.asarray(s, dtype=np.float64)
        return -np.sort(-s) if sorted_desc else s

    return st.lists(elems, min_size=min_len, max_size=max_len).map(shape)


def spike_bulk_split(
    max_len: int = 48, max_margin: float = 12.0, nonnegative: bool = True
) -> st.SearchStrategy[tuple[np.ndarray, int]]:
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

    separated = (
        st.integers(1, max_len)
        .flatmap(
            lambda ell: st.tuples(
                st.just(ell),
                unit,
                st.floats(0.0, max_margin, width=64),
                st.floats(0.0, max_margin, width=64),
                st.lists(unit, min_size=ell, max_size=ell),
                st.lists(unit, min_size=ell, max_size=ell),
            )
        )
        .map(build)
    )
    arbitrary = score_vectors(1, max_len, nonnegative=nonnegative).flatmap(
        lambda s: st.tuples(st.just(s), st.integers(0, s.size))
    )
    return st.one_of(separated, arbitrary)


REVERSIBLE_KINDS = ("dense", "path", "cycle", "star", "barbell", "bipartite")


def reversible_chains(T: int) -> st.SearchStrategy[tuple[np.ndarray, np.ndarray]]:
    """(P, π) reversible by construction: the random walk P = D⁻¹W on symmetric positive weights W, π ∝ W𝟏.

    Shapes: dense, path, cycle, star, barbell (two dense blocks joined by one weak edge: slow mixing),
    complete bipartite (eigenvalue −1: no absolute gap), each made lazy P ← αI + (1−α)P with α ∈ [0, 1).
    Edge weights lie in [0.05, 1] (the barbell's bridge in [1e-3, 1]), so every vertex has positive degree.
    """

    def weights(n):
        return _entries(n, 0.05, 1.0)

    @st.composite
    def build(draw):
        kind = draw(st.sampled_from(REVERSIBLE_KINDS))
        lazy = draw(st.one_of(st.just(0.0), st.just(0.5), st.floats(0.0, 0.95, width=64)))
        n = T
        if n == 1:
            return np.ones((1, 1)), np.ones(1)
        W = np.zeros((n, n))
        if kind == "dense":
            W = draw(_entries((n, n), 0.05, 1.0))
        elif kind == "path":
            i = np.arange(n - 1)
            W[i, i + 1] = draw(weights(n - 1))
        elif kind == "cycle":
            i = np.arange(n)
            W[i, (i + 1) % n] = draw(weights(n))
        elif kind == "star":
            W[0, 1:] = draw(weights(n - 1))
        elif kind == "barbell":
            cut = n // 2 if n > 2 else 1
            W[:cut, :cut] = draw(_entries((cut, cut), 0.05, 1.0))
            W[cut:, cut:] = draw(_entries((n - cut, n - cut), 0.05, 1.0))
            W[cut - 1, cut] = 10.0 ** draw(st.floats(-3.0, 0.0, width=64))
        else:  # bipartite
            cut = max(1, n // 2)
            W[:cut, cut:] = draw(_entries((cut, n - cut), 0.05, 1.0))
        W = W + W.T
        P = W / W.sum(axis=1, keepdims=True)
        pi = W.sum(axis=1) / W.sum()
        return lazy * np.eye(n) + (1.0 - lazy) * P, pi

    return build()


def orthogonal(n: int) -> st.SearchStrategy[np.ndarray]:
    """n×n orthogonal matrices: the Q of a QR factorisation of a drawn matrix (orthogonal even when that
    matrix is singular or zero, where Q = I: the shrunk example)."""
    return _entries((n, n), -1.0, 1.0).map(lambda G: np.linalg.qr(G)[0])


def invertible_matrices(n: int, max_log10_condition: float = 6.0) -> st.SearchStrategy[np.ndarray]:
    """U·diag(s)·Vᵀ with drawn orthogonal U, V and singular values spread over up to 10^max decades,
    the largest at a scale 10^[−3, 3] (for n = 1 the one value is the smallest, 10^(scale − log κ)):
    invertible by construction, with a known condition number."""

    @st.composite
    def build(draw):
        U, V = draw(orthogonal(n)), draw(orthogonal(n))
        log_cond = draw(st.floats(0.0, max_log10_condition, width=64))
        log_scale = draw(st.floats(-3.0, 3.0, width=64))
        s = 10.0 ** (log_scale - log_cond * np.sort(draw(_entries(n, 0.0, 1.0))))
        s[0], s[-1] = 10.0**log_scale, 10.0 ** (log_scale - log_cond)
        return (U * s) @ V.T

    return build()


def gate_parameters(hidden: int = 16, bound: float = 1e3) -> st.SearchStrategy:
    """Weights of the long-context gate (theory.gate.GateParams), from 0 to extreme: MLP weights and β in
    [−bound, bound], so the sigmoid saturates and softplus(β) spans (0, bound]."""
    from specproof.theory.torch.gate import GateParams  # here, not at the top: theory.gate imports torch

    value = st.one_of(st.just(0.0), st.floats(-1.0, 1.0, width=64), st.floats(-bound, bound, width=64))
    vec = st.lists(value, min_size=hidden, max_size=hidden).map(np.asarray)
    return st.builds(GateParams, vec, vec, vec, value, value)


COLUMN_KINDS = ("dense", "near-parallel", "scaled", "low-rank", "equal-norm-rank-one", "tight-frame", "orthogonal-tail")


def _with_pivot(draw, X: np.ndarray) -> np.ndarray:
    """X with one drawn entry set to ±[1, 3]: nonzero by construction."""
    i, j = draw(st.integers(0, X.shape[0] - 1)), draw(st.integers(0, X.shape[1] - 1))
    X = X.copy()
    X[i, j] = draw(st.sampled_from([1.0, -1.0])) * draw(st.floats(1.0, 3.0, width=64))
    return X


def column_matrices(max_T: int = 6, max_d: int = 6) -> st.SearchStrategy[np.ndarray]:
    """Small nonzero T×d matrices (T, d ∈ 2..max) whose columns stress column-subset selection: dense
    (independent entries in [−3, 3]), nearly parallel (rank one plus δ-noise), widely scaled columns,
    low rank plus noise, equal-norm rank one, tight frames in the plane, and orthogonal columns with a
    tail of small norms. Every kind is nonzero by construction (stable rank and ‖X‖₂ are defined)."""

    @st.composite
    def build(draw):
        kind = draw(st.sampled_from(COLUMN_KINDS))
        T, d = draw(st.integers(2, max_T)), draw(st.integers(2, max_d))
        if kind == "dense":
            return _with_pivot(draw, draw(_entries((T, d), -3.0, 3.0)))
        if kind == "near-parallel":  # |pivot of u| ≥ 1 > δ·|noise|
            u = _with_pivot(draw, draw(_entries((T, 1), -3.0, 3.0)))
            delta = 10.0 ** draw(st.floats(-4.0, np.log10(0.5), width=64))
            return u + delta * draw(_entries((T, d), -1.0, 1.0))
        if kind == "scaled":
            return _with_pivot(draw, draw(_entries((T, d), -3.0, 3.0))) * 10.0 ** draw(_entries(d, -3.0, 3.0))
        if kind == "low-rank":  # σ₁ ≥ 1 > 0.1 ≥ δ·‖noise‖₂, as ‖noise‖₂ ≤ ‖noise‖_F ≤ √(Td)
            r = draw(st.integers(1, min(T, d)))
            U, V = draw(orthogonal(T))[:, :r], draw(orthogonal(d))[:, :r]
            s = draw(st.floats(1.0, 3.0, width=64)) * np.concatenate([[1.0], draw(_entries(r - 1, 1e-2, 1.0))])
            delta = 10.0 ** draw(st.floats(-6.0, -1.0, width=64)) / np.sqrt(T * d)
            return (U * s) @ V.T + delta * draw(_entries((T, d), -1.0, 1.0))
        if kind == "equal-norm-rank-one":
            v = _with_pivot(draw, draw(_entries((T, 1), -3.0, 3.0)))[:, 0]
            return np.outer(
                v, draw(hnp.arrays(np.float64, d, elements=st.sampled_from([-1.0, 1.0]), fill=st.nothing()))
            )
        if kind == "tight-frame":
            angles = np.pi * (np.arange(d) + draw(st.floats(0.0, 1.0, exclude_max=True, width=64))) / d
            frame = np.vstack([np.cos(angles), np.sin(angles)])
            return np.vstack([frame, np.zeros((T - 2, d))])
        norms = np.concatenate([[1.0], 10.0 ** draw(_entries(d - 1, -4.0, 0.0))])  # orthogonal with a tail
        return draw(orthogonal(max(T, d)))[:T, :d] * norms

    return build()


@functools.cache
def hypothesis_storage_outside_the_working_directory() -> None:
    """Hypothesis keeps a cache (of the constants it mixes into draws) under ``./.hypothesis`` of the working
    directory; a command must not write there, so the commands that run checks point it at the user's cache
    directory (``<cache>/hypothesis``, see :func:`specproof.engine.io.cache_dir`; nothing left in $TMPDIR, even
    after a kill), unless the user chose one with HYPOTHESIS_STORAGE_DIRECTORY."""
    import os
    import tempfile

    from hypothesis.configuration import set_hypothesis_home_dir

    from specproof.engine.io import cache_dir

    if os.environ.get("HYPOTHESIS_STORAGE_DIRECTORY"):
        return
    root = cache_dir()
    if root is None:  # SPECPROOF_NO_CACHE: a temporary directory, removed at exit
        import atexit
        import shutil

        home = tempfile.mkdtemp(prefix="specproof-hypothesis-")
        atexit.register(shutil.rmtree, home, ignore_errors=True)
    else:
        home = str(root / "hypothesis")
    set_hypothesis_home_dir(home)
