"""Every operator of theory/: mv = as_matrix() @ x, rmv = transpose, row sums and tags."""

import numpy as np
import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from specproof.checks import strategies as sst
from specproof.theory import filters
from specproof.theory.operators import (
    NONNEGATIVE,
    PSD,
    ROW_STOCHASTIC,
    SYMMETRIC,
    LOWER_TRIANGULAR,
    BoxFilter,
    Cesaro,
    Dense,
    Identity,
    Sink,
    SoftmaxAttention,
    TriBox,
    composite_operator,
    superposed_tribox_laplacian,
)
from specproof.theory.validate import InputError


def build(kind: str, T: int, b: int, seed: int):
    rng = np.random.default_rng(seed)
    scores = np.sort(rng.exponential(2.0, T))[::-1]
    return {
        "box": lambda: BoxFilter(T, b),
        "tribox": lambda: TriBox(T, b),
        "cesaro": lambda: Cesaro(T),
        "softmax": lambda: SoftmaxAttention(scores),
        "softmax-causal": lambda: SoftmaxAttention(scores, causal=True),
        "sink": lambda: Sink(T),
        "identity": lambda: Identity(T),
        "dense": lambda: Dense(rng.standard_normal((T, T))),
        "sum": lambda: Identity(T) + Sink(T) + 0.3 * TriBox(T, b),
        "scaled": lambda: 2.5 * BoxFilter(T, b),
        "composed": lambda: BoxFilter(T, b) @ Cesaro(T),
        "transposed": lambda: TriBox(T, b).T,
        "laplacian": lambda: superposed_tribox_laplacian(T),
        "composite": lambda: composite_operator(SoftmaxAttention(scores, causal=True), 0.4, b),
    }[kind]()


KINDS = ["box", "tribox", "cesaro", "softmax", "softmax-causal", "sink", "identity", "dense", "sum", "scaled",
         "composed", "transposed", "laplacian", "composite"]


@pytest.mark.parametrize("kind", KINDS)
@given(Tb=sst.size_and_bandwidth(40), seed=st.integers(0, 2**16), d=st.sampled_from([None, 1, 3]))
@example(Tb=(1, 1), seed=0, d=None)
@example(Tb=(2, 2), seed=0, d=2)
@example(Tb=(16, 16), seed=0, d=None)
@example(Tb=(17, 40), seed=0, d=None)
def test_mv_and_rmv_match_the_matrix(kind, Tb, seed, d):
    T, b = Tb
    op = build(kind, T, b, seed)
    M = op.as_matrix()
    rng = np.random.default_rng(seed + 1)
    x = rng.standard_normal(T if d is None else (T, d))
    tol = 10 * T * np.finfo(float).eps * max(1.0, np.abs(M).sum(axis=1).max()) * np.abs(x).max()
    np.testing.assert_allclose(op.mv(x), M @ x, rtol=0, atol=tol)
    np.testing.assert_allclose(op.rmv(x), M.T @ x, rtol=0, atol=tol)


@pytest.mark.parametrize("kind", KINDS)
@given(Tb=sst.size_and_bandwidth(24), seed=st.integers(0, 2**16))
def test_tags_hold(kind, Tb, seed):
    T, b = Tb
    op = build(kind, T, b, seed)
    M = op.as_matrix()
    tol = 10 * T * np.finfo(float).eps * max(1.0, np.abs(M).max())
    if ROW_STOCHASTIC in op.tags:
        np.testing.assert_allclose(M.sum(axis=1), 1.0, atol=tol)
    if NONNEGATIVE in op.tags:
        assert M.min() >= 0
    if LOWER_TRIANGULAR in op.tags:
        assert np.all(np.triu(M, 1) == 0)
    if SYMMETRIC in op.tags:
        np.testing.assert_allclose(M, M.T, atol=tol)
    if PSD in op.tags:
        assert np.linalg.eigvalsh((M + M.T) / 2).min() >= -tol


def test_box_filter_matches_its_definition_at_the_edges():
    X = np.arange(10.0)
    for b in (1, 3, 10, 25):
        np.testing.assert_allclose(filters.box_filter(X, b), filters.box_filter_naive(X, b), atol=1e-12)


def test_expected_tags_are_present():
    assert {ROW_STOCHASTIC, NONNEGATIVE, LOWER_TRIANGULAR} <= TriBox(5, 2).tags
    assert ROW_STOCHASTIC in SoftmaxAttention([1.0, 0.0]).tags
    assert LOWER_TRIANGULAR in SoftmaxAttention([1.0, 0.0], causal=True).tags
    assert {SYMMETRIC, PSD} <= superposed_tribox_laplacian(8).tags


def test_softmax_does_not_overflow_on_huge_scores():
    A = SoftmaxAttention([1e4, 0.0, -1e4]).as_matrix()
    assert np.all(np.isfinite(A))
    np.testing.assert_allclose(A.sum(axis=1), 1.0)


def test_tribox_kernel_is_the_interior_row():
    T, b = 20, 4
    M = TriBox(T, b).as_matrix()
    h = filters.tribox_kernel(b)
    np.testing.assert_allclose(M[T - 1, T - 2 * b + 1 :][::-1], h, atol=1e-15)


@pytest.mark.parametrize("bad", [0, -3, 2.5, float("nan"), "7", True])
def test_sizes_are_validated(bad):
    with pytest.raises(InputError, match="must be an integer"):
        TriBox(bad, 2)
    with pytest.raises(InputError, match="must be an integer"):
        BoxFilter(8, bad)


@pytest.mark.parametrize("bad", [np.nan, np.inf, -np.inf])
def test_non_finite_scores_are_rejected(bad):
    with pytest.raises(InputError, match="finite"):
        SoftmaxAttention([1.0, bad])
    with pytest.raises(InputError, match="finite"):
        TriBox(3, 2).mv([1.0, bad, 0.0])


def test_wrong_shapes_are_rejected():
    with pytest.raises(InputError, match=r"shape \(4,\)"):
        Cesaro(4).mv(np.ones(5))
    with pytest.raises(InputError, match="different sizes"):
        Identity(3) + Identity(4)
