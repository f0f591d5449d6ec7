"""The in-place box kernels against Eq. 2 written out with index arrays: the same bits, not just close values.

theory.filters computes every box by one prefix sum and slices, in place in the one array it returns. These
tests pin that this is a pure speed change: each kernel equals the gather formula it replaced entry by entry
(np.array_equal, signed zeros included), leaves its input alone, returns memory of its own, and the public
filters still check their input once.
"""

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from specproof.theory import filters
from specproof.theory.operators import BoxFilter, TriBox
from specproof.theory.validate import InputError


def gather_box(X, b):
    """Box_b X = (S_{t+1} − S_{a_t})/(t − a_t + 1) through index arrays, Eq. 2 as first implemented."""
    X = np.asarray(X, dtype=np.float64)
    T = X.shape[0]
    S = np.concatenate([np.zeros((1,) + X.shape[1:]), np.cumsum(X, axis=0)])
    t = np.arange(T)
    a = np.maximum(0, t - b + 1)
    return (S[t + 1] - S[a]) / (t - a + 1).reshape((T,) + (1,) * (X.ndim - 1))


def gather_box_transpose(Y, b):
    """(Box_bᵀ y)_j = R_j − R_{min(j+b, T)}, R the suffix sums of y_t/w_t with R_T = 0, through index arrays."""
    Y = np.asarray(Y, dtype=np.float64)
    T = Y.shape[0]
    scaled = Y / filters.window_sizes(T, b).reshape((T,) + (1,) * (Y.ndim - 1))
    R = np.concatenate([np.cumsum(scaled[::-1], axis=0)[::-1], np.zeros((1,) + Y.shape[1:])])
    j = np.arange(T)
    return R[j] - R[np.minimum(j + b, T)]


def same_bits(a, b):
    return (
        a.shape == b.shape
        and a.dtype == b.dtype
        and np.array_equal(a, b)
        and np.array_equal(np.signbit(a), np.signbit(b))
    )


def signal(shape, seed):
    rng = np.random.default_rng(seed)
    X = rng.standard_normal(shape) * 10.0 ** rng.integers(-6, 6, size=shape)
    X.reshape(-1)[::7] = -0.0
    return X


@given(
    T=st.integers(1, 300),
    b=st.integers(1, 400),
    d=st.sampled_from([(), (1,), (3,), (2, 2)]),
    seed=st.integers(0, 2**16),
)
def test_kernels_are_the_gather_formula_bit_for_bit(T, b, d, seed):
    X = signal((T,) + d, seed)
    kept = X.copy()
    pairs = [
        (filters.box_apply(X, b), gather_box(X, b)),
        (filters.box_apply_transpose(X, b), gather_box_transpose(X, b)),
        (filters.tribox_apply(X, b), gather_box(gather_box(X, b), b)),
        (filters.tribox_apply_transpose(X, b), gather_box_transpose(gather_box_transpose(X, b), b)),
        (filters.box_filter(X, b), gather_box(X, b)),
        (filters.box_filter_transpose(X, b), gather_box_transpose(X, b)),
        (filters.tribox_filter(X, b), gather_box(gather_box(X, b), b)),
    ]
    for got, want in pairs:
        assert same_bits(got, want)
        assert not np.shares_memory(got, X)
    assert same_bits(X, kept)


@pytest.mark.parametrize("T, b", [(70000, 3), (70000, 40000), (200003, 65536), (200003, 65537), (131072, 131072)])
def test_blocks_of_the_in_place_difference(T, b):
    """Sizes around the block length: blocks longer than b (numpy copies the overlapping operand), blocks of b."""
    x = signal(T, T + b)
    assert same_bits(filters.box_apply(x, b), gather_box(x, b))
    assert same_bits(filters.box_apply_transpose(x, b), gather_box_transpose(x, b))
    assert same_bits(filters.tribox_apply(x, b), gather_box(gather_box(x, b), b))
    assert same_bits(filters.tribox_apply_transpose(x, b), gather_box_transpose(gather_box_transpose(x, b), b))
    X = signal((T // 16, 16), b)
    assert same_bits(filters.tribox_apply(X, b // 16 + 1), gather_box(gather_box(X, b // 16 + 1), b // 16 + 1))


def test_window_counts_beyond_the_kept_range(monkeypatch):
    monkeypatch.setattr(filters, "_COUNTS_KEPT", 8)
    x = signal(50, 1)
    for b in (3, 8, 9, 50, 60):
        assert same_bits(filters.box_apply(x, b), gather_box(x, b))
        assert same_bits(filters.box_apply_transpose(x, b), gather_box_transpose(x, b))
    assert not filters._counts(8, 1).flags.writeable


def test_non_contiguous_and_integer_input():
    X = signal((40, 6), 2)
    for view in (X[::-1], X[:, ::2], np.asfortranarray(X), X.T.copy().T):
        assert same_bits(filters.box_filter(view, 5), gather_box(view, 5))
        assert same_bits(filters.box_filter_transpose(view, 5), gather_box_transpose(view, 5))
    ints = np.arange(30)
    assert same_bits(filters.box_apply(ints, 4), gather_box(ints, 4))
    assert same_bits(filters.box_apply_transpose(ints, 4), gather_box_transpose(ints, 4))


def test_operators_call_the_kernels_after_one_check():
    x = signal((64, 2), 3)
    assert same_bits(TriBox(64, 9).mv(x), gather_box(gather_box(x, 9), 9))
    assert same_bits(TriBox(64, 9).rmv(x), gather_box_transpose(gather_box_transpose(x, 9), 9))
    assert same_bits(BoxFilter(64, 9).mv(x), gather_box(x, 9))
    assert same_bits(BoxFilter(64, 9).rmv(x), gather_box_transpose(x, 9))
    for public in (filters.box_filter, filters.box_filter_transpose, filters.tribox_filter):
        with pytest.raises(InputError):
            public(np.array([1.0, np.nan]), 2)
        with pytest.raises(InputError):
            public(np.zeros(3), 0)
    with pytest.raises(InputError):
        TriBox(4, 2).mv(np.array([0.0, np.inf, 0.0, 0.0]))


def test_results_are_fresh_arrays():
    """A caller keeps what a kernel returns: a second call must not write into the first result."""
    x = signal(1000, 4)
    for kernel in (
        filters.box_apply,
        filters.box_apply_transpose,
        filters.tribox_apply,
        filters.tribox_apply_transpose,
    ):
        first = kernel(x, 10)
        kept = first.copy()
        second = kernel(2 * x, 10)
        assert same_bits(first, kept) and not np.shares_memory(first, second)
