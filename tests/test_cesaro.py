"""theory.cesaro: closed forms and fast spectra of H_ℓ, L_m and causal canonical attention against dense matrices."""

from fractions import Fraction

import numpy as np
import pytest
import scipy.linalg
from hypothesis import example, given, settings
from hypothesis import strategies as st

from specproof.engine import strategies as sst
from specproof.theory.cesaro import (
    bidiagonal_singular_values,
    causal_cesaro_factors,
    causal_eigenvalues,
    causal_row_norms_sq,
    cesaro_inverse_bidiagonal,
    cesaro_norm,
    cesaro_singular_values,
    dyadic_blocks,
    harmonic_number,
    harmonic_tail,
    lower_ones,
    lower_ones_singular_values,
)
from specproof.theory.operators import Cesaro, SoftmaxAttention
from specproof.theory.validate import InputError

EPS = np.finfo(float).eps


@given(m=sst.sizes(1, 128))
@settings(max_examples=40)
def test_lower_ones_closed_form(m):
    dense = scipy.linalg.svdvals(lower_ones(m))
    closed = lower_ones_singular_values(m)
    assert np.all(np.diff(closed) <= 0), "closed form must be descending"
    # backward-stable SVD: absolute error ≤ c·m·eps·‖L_m‖, ‖L_m‖ ≤ (2m+1)/π·(π/2)
    np.testing.assert_allclose(dense, closed, rtol=0, atol=50 * m * EPS * (2 * m + 1))


@given(n=sst.sizes(1, 200))
@settings(max_examples=40)
def test_cesaro_singular_values_match_dense(n):
    dense = scipy.linalg.svdvals(Cesaro(n).as_matrix())
    fast = cesaro_singular_values(n)
    np.testing.assert_allclose(fast, dense, rtol=200 * n * EPS, atol=0)
    assert fast[0] == pytest.approx(cesaro_norm(n), rel=100 * n * EPS)


def test_cesaro_inverse_is_bidiagonal():
    d, e = cesaro_inverse_bidiagonal(6)
    inverse = np.diag(d) + np.diag(e, -1)
    np.testing.assert_allclose(inverse @ Cesaro(6).as_matrix(), np.eye(6), atol=1e-13)


def test_cesaro_norm_increases_to_two():
    norms = [cesaro_norm(2**p) for p in range(0, 17, 2)]
    assert norms[0] == pytest.approx(1.0)
    assert all(b > a for a, b in zip(norms, norms[1:]))
    assert norms[-1] < 2


@given(seed=st.integers(0, 2**16), n=sst.sizes(1, 40))
@settings(max_examples=30)
def test_bidiagonal_singular_values_general(seed, n):
    rng = np.random.default_rng(seed)
    d, e = rng.standard_normal(n), rng.standard_normal(n - 1)
    dense = scipy.linalg.svdvals(np.diag(d) + np.diag(e, -1))
    scale = max(np.abs(d).max(), np.abs(e).max(initial=0.0))
    np.testing.assert_allclose(bidiagonal_singular_values(d, e), dense, rtol=0, atol=100 * n * EPS * scale)


def test_harmonic_numbers_exact_and_float():
    assert harmonic_number(0, exact=True) == 0
    assert harmonic_number(4, exact=True) == Fraction(25, 12)
    assert harmonic_number(1000) == pytest.approx(float(harmonic_number(1000, exact=True)), rel=1e-15)
    assert harmonic_tail(10, 3) == pytest.approx(harmonic_number(10) - harmonic_number(3))
    assert harmonic_tail(7, 7) == 0


@pytest.mark.parametrize("n", [1, 2, 3, 7, 8, 9, 100])
def test_dyadic_blocks_partition(n):
    blocks = dyadic_blocks(n)
    covered = [i for lo, hi in blocks for i in range(lo, hi + 1)]
    assert covered == list(range(1, n + 1))
    assert all(lo == 2**r for r, (lo, _) in enumerate(blocks))


@given(s=sst.score_vectors(1, 40, sorted_desc=False, nonnegative=False, bound=700.0))
@example(s=np.array([0.0]))
@example(s=np.array([700.0, -700.0, 0.0]))
@settings(max_examples=60)
def test_causal_closed_forms_match_dense(s):
    A = SoftmaxAttention(s, causal=True).as_matrix()
    np.testing.assert_allclose(causal_eigenvalues(s), np.diag(A), rtol=0, atol=8 * EPS)
    np.testing.assert_allclose(causal_row_norms_sq(s), (A**2).sum(axis=1), rtol=0, atol=4 * s.size * EPS)
    D, C = causal_cesaro_factors(s)
    np.testing.assert_allclose(D + C, 1.0, rtol=0, atol=4 * EPS * max(1.0, D[0]))  # 1 − D rounds at the scale of D
    # D_ii ≤ i/(i−1) ≤ 2 off row 1; row 1 has D = 1/a_1, huge for very negative s_1, multiplied by H_11 = 1
    np.testing.assert_allclose(
        D[:, None] * Cesaro(s.size).as_matrix() + np.diag(C), A, rtol=0, atol=64 * EPS * max(1.0, D[0])
    )


@pytest.mark.parametrize(
    "call",
    [
        lambda: lower_ones(0),
        lambda: lower_ones_singular_values(2.5),
        lambda: cesaro_norm(0),
        lambda: cesaro_singular_values(-3),
        lambda: harmonic_number(-1),
        lambda: harmonic_tail(5, 6),
        lambda: dyadic_blocks(0),
        lambda: bidiagonal_singular_values([1.0, 2.0], [1.0, 2.0]),
        lambda: causal_eigenvalues([]),
        lambda: causal_row_norms_sq([0.0, np.nan]),
        lambda: causal_cesaro_factors(np.zeros((2, 2))),
        lambda: causal_cesaro_factors([-800.0, 0.0]),
    ],
)
def test_bad_input_names_the_domain(call):
    with pytest.raises(InputError):
        call()
