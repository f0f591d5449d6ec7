"""The strategies of checks/strategies.py keep their documented guarantees, reach their families and
edge sizes, and shrink (they draw the entries themselves, not a seed).

Strategies that take the size T as an argument are checked at the edge sizes T = 1, 2, 2^m, 2^m ± 1
(parametrised) and at drawn sizes. That a strategy reaches an edge case or a family is shown with
``hypothesis.find``; ``@example`` pins edge values (T = 1, b = 1, b = T, b > T) in the checks of
strategies that draw their own sizes.
"""

import math

import numpy as np
import pytest
from hypothesis import Phase, example, find, given, settings
from hypothesis import strategies as st

from specproof.engine import strategies as sst

EPS = np.finfo(np.float64).eps
EDGES = [1, 2, 3, 4, 7, 8, 9, 15, 16, 17, 31, 32, 33]
few = settings(max_examples=25)


def reach(strategy, predicate):
    """An example of ``strategy`` satisfying ``predicate`` (generation only: reaching it is the point, not
    shrinking).
    """
    value = find(strategy, predicate, settings=settings(max_examples=2000, phases=[Phase.generate], database=None))
    assert predicate(value)
    return value


# --------------------------------------------------------------------------- assertion helpers


def assert_matrix(A, shape, what):
    assert isinstance(A, np.ndarray) and A.dtype == np.float64, f"{what}: {type(A).__name__} {getattr(A, 'dtype', '')}"
    assert A.shape == shape, f"{what}: shape {A.shape}, expected {shape}"
    assert np.all(np.isfinite(A)), f"{what}: non-finite entries"


def assert_row_stochastic(A, what):
    T = A.shape[0]
    assert A.min() >= 0, f"{what}: negative entry {A.min()}"
    err = np.abs(A.sum(axis=1) - 1).max()
    assert err <= 2 * T * EPS, f"{what}: row sums off by {err:.3g} > 2·T·eps = {2 * T * EPS:.3g} (T = {T})"


def assert_symmetric(A, tol, what):
    err = np.abs(A - A.T).max(initial=0.0)
    assert err <= tol, f"{what}: asymmetry {err:.3g} > {tol:.3g}"


def assert_psd(A, what):
    """λ_min ≥ −(backward error of eigvalsh) = −10·T·eps·‖A‖₂."""
    T = A.shape[0]
    lam = np.linalg.eigvalsh((A + A.T) / 2)
    tol = 10 * T * EPS * max(abs(lam).max(), 1e-300)
    assert lam.min() >= -tol, f"{what}: λ_min = {lam.min():.3g} < −{tol:.3g}"


# --------------------------------------------------------------------------- sizes


@given(lo=st.integers(1, 70), span=st.integers(0, 70), data=st.data())
def test_sizes_stay_in_their_range(lo, span, data):
    T = data.draw(sst.sizes(lo, lo + span))
    assert isinstance(T, int) and lo <= T <= lo + span


@pytest.mark.parametrize("T", [1, 2, 3, 8, 15, 16, 17, 32, 33, 64])
def test_sizes_reach_the_edges(T):
    assert reach(sst.sizes(1, 64), lambda t: t == T) == T


@given(tb=sst.size_and_bandwidth(40))
@example(tb=(1, 1))
@example(tb=(16, 16))
@example(tb=(17, 1))
@example(tb=(32, 67))
def test_bandwidths_stay_in_their_range(tb):
    T, b = tb
    assert 1 <= T <= 40 and 1 <= b <= 2 * T + 3


@pytest.mark.parametrize("relation", ["b = 1", "b = T", "b = T + 1", "b = 2T + 3", "1 < b < T"])
def test_bandwidths_reach_the_edges(relation):
    holds = {
        "b = 1": lambda T, b: b == 1 and T > 1,
        "b = T": lambda T, b: b == T and T > 1,
        "b = T + 1": lambda T, b: b == T + 1,
        "b = 2T + 3": lambda T, b: b == 2 * T + 3,
        "1 < b < T": lambda T, b: 1 < b < T,
    }[relation]
    reach(sst.size_and_bandwidth(40), lambda tb: holds(*tb))


@given(T=sst.sizes(1, 40), channels=st.one_of(st.none(), st.integers(1, 4)), data=st.data())
def test_signals_are_bounded_and_finite(T, channels, data):
    X = data.draw(sst.signals(T, channels, bound=5.0))
    assert X.shape == ((T,) if channels is None else (T, channels)) and X.dtype == np.float64
    assert np.all(np.isfinite(X)) and np.abs(X).max() <= 5.0


# --------------------------------------------------------------------------- row-stochastic attention


@pytest.mark.parametrize("T", EDGES)
@few
@given(data=st.data())
def test_row_stochastic_at_the_edge_sizes(T, data):
    A = data.draw(sst.row_stochastic(T))
    assert_matrix(A, (T, T), f"row_stochastic({T})")
    assert_row_stochastic(A, f"row_stochastic({T})")


@given(T=sst.sizes(1, 40), data=st.data())
def test_row_stochastic_at_drawn_sizes(T, data):
    A = data.draw(sst.row_stochastic(T))
    assert_matrix(A, (T, T), f"row_stochastic({T})")
    assert_row_stochastic(A, f"row_stochastic({T})")


FAMILIES = {
    "dense": lambda A: A.min() > 0 and len(A) > 2,
    "sink": lambda A: len(A) > 2 and np.sum(np.all(A == 1.0, axis=0)) == 1,
    "banded": lambda A: len(A) > 3 and A[-1, 0] == 0 and np.all(np.diag(A, 1) > 0) and np.all(np.diag(A, -1) > 0),
    "causal": lambda A: len(A) > 2 and np.all(np.triu(A, 1) == 0) and np.all(A[np.tril_indices(len(A))] > 0),
    "disconnected": (
        lambda A: len(A) > 2 and A[0, -1] == A[-1, 0] == 0 and np.all(np.diag(A) > 0) and np.all(np.diag(A) < 1)
    ),
    "permutation": lambda A: len(A) > 2 and set(np.unique(A)) == {0.0, 1.0} and not np.array_equal(A, np.eye(len(A))),
    "identity": lambda A: len(A) > 2 and np.array_equal(A, np.eye(len(A))),
}


@pytest.mark.parametrize("family", FAMILIES)
def test_row_stochastic_reaches_every_family(family):
    reach(sst.sizes(3, 16).flatmap(sst.row_stochastic), FAMILIES[family])


# --------------------------------------------------------------------------- symmetric and PSD


@pytest.mark.parametrize("T", EDGES)
@few
@given(data=st.data())
def test_symmetric_is_exactly_symmetric_and_bounded(T, data):
    A = data.draw(sst.symmetric(T, bound=4.0))
    assert_matrix(A, (T, T), f"symmetric({T})")
    assert_symmetric(A, 0.0, f"symmetric({T})")  # (A + Aᵀ)/2 is symmetric in floating point too
    assert np.abs(A).max() <= 4.0


@pytest.mark.parametrize("T", EDGES)
@few
@given(data=st.data())
def test_psd_within_the_backward_error(T, data):
    A = data.draw(sst.psd(T, bound=3.0))
    assert_matrix(A, (T, T), f"psd({T})")
    assert_symmetric(A, 4 * T * EPS * max(np.abs(A).max(), 1e-300), f"psd({T})")
    assert_psd(A, f"psd({T})")


def test_psd_reaches_low_rank():
    reach(sst.psd(6), lambda A: np.linalg.matrix_rank(A) == 1 and np.abs(A).max() > 0)


# --------------------------------------------------------------------------- canonical-attention scores


@given(s=sst.score_vectors(1, 48))
@example(s=np.zeros(1))
def test_score_vectors_are_sorted_nonnegative_and_bounded(s):
    assert 1 <= s.size <= 48 and s.dtype == np.float64
    assert np.all(np.diff(s) <= 0) and s.min() >= 0 and s.max() <= 30.0


@given(s=sst.score_vectors(2, 40, bound=5.0, sorted_desc=False, nonnegative=False))
def test_unsorted_signed_score_vectors_stay_in_their_bound(s):
    assert 2 <= s.size <= 40 and np.abs(s).max() <= 5.0


def test_unsorted_signed_score_vectors_are_unsorted_and_signed_sometimes():
    reach(
        sst.score_vectors(2, 40, sorted_desc=False, nonnegative=False), lambda s: s.min() < 0 and np.any(np.diff(s) > 0)
    )


@given(split=sst.spike_bulk_split(48))
@example(split=(np.zeros(1), 0))
@example(split=(np.array([np.log(2) + 1.0, 0.0]), 1))
def test_spike_bulk_split_is_a_sorted_vector_with_a_valid_split(split):
    s, k = split
    assert 1 <= s.size <= 48 and 0 <= k <= s.size
    assert np.all(np.diff(s) <= 0) and s.min() >= 0


def test_spike_bulk_split_reaches_separated_spikes():
    """e^{s_i} ≥ ℓ for the k ≥ 1 spikes and e^{s_i} ≤ ℓ in the bulk (margins 0 allowed)."""
    reach(
        sst.spike_bulk_split(24),
        lambda p: 1 <= p[1] < p[0].size - 1 and p[0][: p[1]].min() >= math.log(p[0].size) >= p[0][p[1] :].max(),
    )


# --------------------------------------------------------------------------- reversible chains


@pytest.mark.parametrize("T", [t for t in EDGES if t <= 17])
@few
@given(data=st.data())
def test_reversible_chains_are_stochastic_and_reversible(T, data):
    P, pi = data.draw(sst.reversible_chains(T))
    assert_matrix(P, (T, T), f"reversible_chains({T})")
    assert_row_stochastic(P, f"reversible_chains({T})")
    assert pi.shape == (T,) and pi.min() > 0 and abs(pi.sum() - 1) <= T * EPS
    flow = pi[:, None] * P  # detailed balance π_i P_ij = π_j P_ji, and so πP = π
    assert_symmetric(flow, 4 * T * EPS, f"detailed balance at T = {T}")
    np.testing.assert_allclose(pi @ P, pi, rtol=0, atol=4 * T * EPS)


@pytest.mark.parametrize("shape", ["periodic (eigenvalue −1)", "lazy (P_ii ≥ 1/2)", "barbell (weak bridge)"])
def test_reversible_chains_reach_their_shapes(shape):
    holds = {
        "periodic (eigenvalue −1)": lambda c: np.isclose(np.linalg.eigvals(c[0]).real.min(), -1.0),
        "lazy (P_ii ≥ 1/2)": lambda c: np.all(np.diag(c[0]) >= 0.5),
        "barbell (weak bridge)": (
            lambda c: (
                len(c[1]) >= 4
                and np.count_nonzero(c[0][: len(c[1]) // 2, len(c[1]) // 2 :]) == 1
                and np.all(c[0][: len(c[1]) // 2, : len(c[1]) // 2] > 0)
            )
        ),
    }[shape]
    reach(sst.sizes(2, 12).flatmap(sst.reversible_chains), holds)


# --------------------------------------------------------------------------- orthogonal, invertible, column matrices


@pytest.mark.parametrize("n", [1, 2, 3, 6, 8])
@few
@given(data=st.data())
def test_orthogonal_matrices_are_orthogonal(n, data):
    Q = data.draw(sst.orthogonal(n))
    assert_matrix(Q, (n, n), f"orthogonal({n})")
    np.testing.assert_allclose(Q.T @ Q, np.eye(n), rtol=0, atol=10 * n * EPS)


@pytest.mark.parametrize("n", [1, 2, 3, 4, 6])
@few
@given(data=st.data())
def test_invertible_matrices_have_the_stated_scale_and_condition(n, data):
    A = data.draw(sst.invertible_matrices(n, max_log10_condition=4.0))
    assert_matrix(A, (n, n), f"invertible_matrices({n})")
    s = np.linalg.svd(A, compute_uv=False)
    assert s[-1] > 0 and s[0] <= 1e3 * (1 + 1e-12)
    if n > 1:  # the largest singular value sets the scale 10^[−3, 3] (for n = 1 it is 10^(scale − log κ))
        assert s[0] >= 1e-3 * (1 - 1e-12)
    assert s[0] / s[-1] <= 1e4 * (1 + 1e-6), f"κ = {s[0] / s[-1]:.6g} > 10^4"


@given(X=sst.column_matrices(6, 6))
def test_column_matrices_are_small_finite_and_nonzero(X):
    T, d = X.shape
    assert 2 <= T <= 6 and 2 <= d <= 6
    assert_matrix(X, (T, d), "column_matrices")
    assert np.linalg.norm(X, 2) > 0


@pytest.mark.parametrize(
    "family", ["rank one with equal column norms", "tight frame in the plane", "widely scaled columns"]
)
def test_column_matrices_reach_their_families(family):
    holds = {
        "rank one with equal column norms": (
            lambda X: np.linalg.matrix_rank(X) == 1 and np.ptp(np.linalg.norm(X, axis=0)) == 0 and X.shape[1] > 2
        ),
        "tight frame in the plane": (
            lambda X: np.allclose(X[:2] @ X[:2].T, X.shape[1] / 2 * np.eye(2)) and not X[2:].any() and X.shape[1] > 2
        ),
        "widely scaled columns": lambda X: np.linalg.norm(X, axis=0).max() > 1e3 * np.linalg.norm(X, axis=0).min() > 0,
    }[family]
    reach(sst.column_matrices(6, 6), holds)


@settings(max_examples=30)
@given(params=sst.gate_parameters(8, 1e3))
def test_gate_parameters_are_finite_and_bounded(params):
    values = [np.asarray(v, dtype=float) for v in vars(params).values()]
    assert all(np.all(np.isfinite(v)) and np.abs(v).max() <= 1e3 for v in values)


# --------------------------------------------------------------------------- shrinking


def minimal(strategy, predicate):
    """The shrunk example hypothesis reports (derandomised, no example database: the same in every run)."""
    return find(strategy, predicate, settings=settings(derandomize=True, database=None, max_examples=1000))


def test_a_failing_matrix_shrinks_to_a_simple_one():
    """The smallest column matrix of rank ≥ 3 hypothesis finds is small with integer entries: the entries are
    drawn, so they shrink (from a drawn seed the example would stay a random Gaussian matrix)."""
    X = minimal(sst.column_matrices(6, 6), lambda X: np.linalg.matrix_rank(X) >= 3)
    assert X.shape[0] * X.shape[1] <= 16, X
    assert np.array_equal(X, np.round(X)) and np.abs(X).max() <= 1, X


def test_a_failing_attention_matrix_shrinks_to_almost_uniform():
    """Asymmetric attention: the minimal example is uniform attention with one row perturbed."""
    A = minimal(sst.row_stochastic(5), lambda A: np.abs(A - A.T).max() > 0.1)
    assert len({round(x, 12) for x in A.ravel()}) <= 3, A


def test_a_failing_chain_shrinks_to_the_two_cycle():
    """A reversible chain with |λ₂| ≈ 1 shrinks to the smallest periodic one, the 2-cycle (P = [[0, 1], [1, 0]])."""
    P, pi = minimal(
        sst.sizes(2, 16).flatmap(sst.reversible_chains), lambda c: np.sort(np.abs(np.linalg.eigvals(c[0])))[-2] > 0.99
    )
    np.testing.assert_array_equal(P, [[0.0, 1.0], [1.0, 0.0]])
    np.testing.assert_array_equal(pi, [0.5, 0.5])
