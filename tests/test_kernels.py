"""Generic kernels, the causal convolution operator, schedules and skeleton connectivity (theory/)."""

from fractions import Fraction

import networkx as nx
import numpy as np
import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from specproof.engine import strategies as sst
from specproof.theory.cayley import cayley_graph
from specproof.theory.filters import dyadic_schedule, tribox_kernel, tribox_kernel_energy
from specproof.theory.kernels import (
    CausalConvolution,
    box_kernel,
    cascade_kernel,
    cascade_kernel_exact,
    cascade_kernel_numerators,
    kernel_energy,
)
from specproof.theory.operators import NONNEGATIVE, BoxFilter, TriBox
from specproof.theory.schedules import cayley_component_count, constant_schedule, geometric_schedule, integer_log
from specproof.theory.validate import InputError

EPS = np.finfo(float).eps


@pytest.mark.parametrize("b", [1, 2, 3, 7, 16, 33])
def test_cascade_of_one_and_two_boxes_is_the_box_and_the_triangle(b):
    np.testing.assert_allclose(cascade_kernel(b, 1), box_kernel(b), rtol=0, atol=EPS)
    np.testing.assert_allclose(cascade_kernel(b, 2), tribox_kernel(b), rtol=0, atol=EPS)
    assert kernel_energy(box_kernel(b)) == pytest.approx(1 / b, rel=10 * EPS)
    assert kernel_energy(tribox_kernel(b)) == pytest.approx(tribox_kernel_energy(b), rel=10 * b * EPS)


@given(b=st.integers(1, 40), order=st.integers(1, 5))
def test_cascade_weights_are_exact_symmetric_and_sum_to_one(b, order):
    counts = cascade_kernel_numerators(b, order)
    assert len(counts) == order * (b - 1) + 1
    assert counts == counts[::-1] and min(counts) >= 1
    assert sum(cascade_kernel_exact(b, order)) == Fraction(1)


def test_cascade_rejects_bad_input():
    with pytest.raises(InputError, match="order"):
        cascade_kernel_numerators(3, 0)
    with pytest.raises(InputError, match="b must"):
        cascade_kernel_exact(0, 2)


@given(T=sst.sizes(1, 40), b=st.integers(1, 45))
@example(T=1, b=1)
@example(T=8, b=8)
def test_causal_convolution_of_the_box_is_the_box_filter(T, b):
    np.testing.assert_allclose(
        CausalConvolution(T, box_kernel(b)).as_matrix(), BoxFilter(T, b).as_matrix(), rtol=0, atol=4 * b * EPS
    )


@given(
    T=sst.sizes(1, 40),
    weights=st.lists(st.integers(-30, 30).map(lambda k: k / 10), min_size=1, max_size=9),
    seed=st.integers(0, 2**16),
)
def test_mv_and_rmv_match_the_dense_matrix(T, weights, seed):
    K = CausalConvolution(T, weights)
    M = K.as_matrix()
    X = np.random.default_rng(seed).standard_normal((T, 3))
    scale = np.abs(M).sum(axis=1).max() + 1
    tol = 10 * len(weights) * EPS * scale * np.abs(X).max()  # a length-m filter per entry
    np.testing.assert_allclose(K.mv(X), M @ X, rtol=0, atol=tol)
    np.testing.assert_allclose(K.rmv(X), M.T @ X, rtol=0, atol=tol)
    np.testing.assert_allclose(K.mv(X[:, 0]), M @ X[:, 0], rtol=0, atol=tol)
    assert (NONNEGATIVE in K.tags) == all(w >= 0 for w in weights)


@given(
    T=sst.sizes(1, 40),
    weights=st.tuples(st.integers(1, 5), st.lists(st.integers(0, 5), max_size=8)).map(lambda p: [p[0], *p[1]]),
)
def test_rows_cut_by_the_start_are_rescaled_to_the_kernel_total(T, weights):
    M = CausalConvolution(T, weights).as_matrix()
    np.testing.assert_allclose(M.sum(axis=1), sum(weights), rtol=20 * len(weights) * EPS)
    assert np.all(np.triu(M, 1) == 0)


def test_rows_of_zero_weights_and_signed_kernels_are_not_rescaled():
    np.testing.assert_array_equal(CausalConvolution(4, [0.0, 1.0]).as_matrix(), np.eye(4, k=-1))
    np.testing.assert_array_equal(CausalConvolution(3, [1.0, -1.0]).as_matrix(), np.eye(3) - np.eye(3, k=-1))


@pytest.mark.parametrize("b", [1, 2, 3, 5, 8])
def test_tribox_interior_rows_are_the_triangular_convolution(b):
    """TRSP Eq. 3–4: from t = 2b − 2 on, Box_b∘Box_b is the causal convolution with h_b."""
    T = 4 * b + 3
    tri, conv = TriBox(T, b).as_matrix(), CausalConvolution(T, tribox_kernel(b)).as_matrix()
    np.testing.assert_allclose(tri[2 * b - 2 :], conv[2 * b - 2 :], rtol=0, atol=8 * b * EPS)


def test_causal_convolution_rejects_bad_weights():
    with pytest.raises(InputError, match="non-empty 1-D"):
        CausalConvolution(4, [])
    with pytest.raises(InputError, match="finite"):
        CausalConvolution(4, [1.0, np.nan])


@given(T=st.integers(1, 10**6), base=st.integers(2, 12))
@example(T=8, base=2)
@example(T=27, base=3)
@example(T=26, base=3)
def test_integer_log_is_exact(T, base):
    L = integer_log(T, base)
    assert base**L <= T < base ** (L + 1)


@given(T=sst.sizes(1, 300), base=st.integers(2, 7))
def test_geometric_schedule(T, base):
    bands = geometric_schedule(T, base)
    assert bands[0] == 1 and bands[-1] <= T < bands[-1] * base
    assert all(nxt == b * base for b, nxt in zip(bands, bands[1:]))
    if base == 2:
        assert bands == dyadic_schedule(T)
    assert geometric_schedule(T, base, depth=len(bands) + 2)[-2:] == [T, T]  # clamped like Eq. 5


def test_constant_schedule():
    assert constant_schedule(8) == [8, 8, 8, 8]
    assert constant_schedule(9, 3, depth=2) == [3, 3]
    with pytest.raises(InputError, match="1 <= b <= T"):
        constant_schedule(4, 5)


@given(T=sst.sizes(2, 48), generators=st.lists(st.integers(0, 100), min_size=1, max_size=4))
def test_component_count_is_the_gcd_and_matches_networkx(T, generators):
    G = cayley_graph(T, generators, multigraph=False)
    assert cayley_component_count(T, generators) == nx.number_connected_components(G)


def test_component_count_rejects_empty_generators():
    with pytest.raises(InputError, match="empty"):
        cayley_component_count(5, [])
