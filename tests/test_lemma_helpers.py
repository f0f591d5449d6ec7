"""Entropy terms and their variation, kernel frequency responses (theory.entropy, theory.frequency), and the
helpers of the lemma claim modules."""

import math

import numpy as np
import pytest
from hypothesis import example, given
from hypothesis import strategies as st
from scipy.integrate import quad

from specproof.checks.claims._shared.sdeg_bidirectional import moment_terms
from specproof.checks.claims.sdeg.app_c.c4 import step3_count_bound
from specproof.checks.claims.sdeg.app_d.d2 import cesaro_pinching, nuclear_bracket
from specproof.theory.cesaro import dyadic_blocks
from specproof.theory.entropy import entropy_terms, entropy_variation
from specproof.theory.frequency import dirichlet_ratio, fejer_kernel, kernel_response
from specproof.theory.kernels import box_kernel, cascade_kernel
from specproof.theory.validate import InputError

EPS = np.finfo(float).eps


def test_entropy_terms_vanish_at_zero_and_one_and_peak_at_one_over_e():
    np.testing.assert_array_equal(entropy_terms([0.0, 1.0]), [0.0, 0.0])
    assert entropy_terms([1 / math.e])[0] == pytest.approx(1 / math.e, rel=4 * EPS)


@pytest.mark.parametrize("upper", [0.1, 1 / math.e, 0.5, 1.0, 2.0, 5.0])
def test_entropy_variation_is_the_integral_of_the_derivative_modulus(upper):
    numeric = quad(lambda t: abs(-1 - math.log(t)), 0, upper, points=[1 / math.e] if upper > 1 / math.e else None)[0]
    assert entropy_variation(upper) == pytest.approx(numeric, rel=1e-9)
    assert entropy_variation(0) == 0.0


def test_entropy_helpers_reject_bad_input():
    with pytest.raises(InputError, match=">= 0"):
        entropy_terms([0.5, -0.1])
    with pytest.raises(InputError, match="upper"):
        entropy_variation(-1.0)
    with pytest.raises(InputError, match="finite"):
        entropy_terms([math.nan])


@given(b=st.integers(1, 40), omega=st.floats(1e-3, math.pi, width=64))
@example(b=1, omega=math.pi).via("b = 1")
@example(b=32, omega=math.pi / 32).via("first lobe")
def test_tribox_response_is_the_box_response_squared(b, omega):
    tri = kernel_response(cascade_kernel(b, 2), [omega])[0]
    box = kernel_response(box_kernel(b), [omega])[0]
    assert abs(tri - box**2) <= 40 * b * EPS
    assert abs(box - np.exp(-0.5j * (b - 1) * omega) * dirichlet_ratio(b, [omega])[0]) <= 20 * b * EPS
    assert abs(tri - np.exp(-1j * (b - 1) * omega) * fejer_kernel(b, [omega])[0] / b) <= 40 * b * EPS


@pytest.mark.parametrize("b", [1, 2, 3, 8])
def test_dirichlet_and_fejer_at_the_poles(b):
    omega = np.array([0.0, 2 * math.pi, 4 * math.pi])
    direct = kernel_response(box_kernel(b), omega) * np.exp(0.5j * (b - 1) * omega)
    np.testing.assert_allclose(dirichlet_ratio(b, omega), direct.real, atol=20 * b * EPS)
    np.testing.assert_allclose(fejer_kernel(b, [0.0]), [b], rtol=4 * EPS)


def test_frequency_helpers_reject_bad_input():
    with pytest.raises(InputError, match="b"):
        dirichlet_ratio(0, [1.0])
    with pytest.raises(InputError, match="omega"):
        fejer_kernel(3, [math.inf])
    with pytest.raises(InputError, match="non-empty"):
        kernel_response([], [1.0])


@pytest.mark.parametrize("n", [1, 2, 3, 7, 8, 9, 33])
def test_cesaro_pinching_is_block_diagonal_and_keeps_the_diagonal_blocks(n):
    H = np.tril(np.ones((n, n))) / np.arange(1, n + 1)[:, None]
    B0 = cesaro_pinching(n)
    for first, last in dyadic_blocks(n):
        np.testing.assert_array_equal(B0[first - 1 : last, first - 1 : last], H[first - 1 : last, first - 1 : last])
    assert np.linalg.matrix_rank(H - B0) <= n.bit_length() - 1


def test_moment_terms_treat_zero_as_zero():
    powered, entropy = moment_terms(np.array([0.0, 0.5, 1.0]), 2)
    np.testing.assert_allclose(powered, [0.0, 0.25, 1.0])
    np.testing.assert_allclose(entropy, [0.0, 0.25 * math.log(2), 0.0])


def test_bracket_and_count_helpers_at_the_cesaro_matrix():
    n = 16
    H_nuclear = 7.0  # any value: with k = 0 and bulk scores 0 the bracket collapses to [‖H‖_*, ‖H‖_*]
    assert nuclear_bracket(np.zeros(n), 0, H_nuclear) == (H_nuclear, H_nuclear)
    assert step3_count_bound(n, 0, 1.0, 1.0) == pytest.approx(sum(1 / i for i in range(1, n + 1)) + 3)


def test_reversibilization_of_a_reversible_chain_is_the_chain():
    from specproof.checks.claims.trsp.app_d.d import reversibilization
    from specproof.theory.markov import stationary_distribution

    W = np.array([[0.0, 2.0, 1.0], [2.0, 0.0, 3.0], [1.0, 3.0, 1.0]])  # a weighted graph: its walk is reversible
    M = W / W.sum(axis=1, keepdims=True)
    pi = stationary_distribution(M)
    np.testing.assert_allclose(reversibilization(M, pi), M, atol=1e-14)
    C = np.roll(np.eye(3), 1, axis=1)  # the 3-cycle: π uniform, M* = Mᵀ, P = (C + Cᵀ)/2
    np.testing.assert_allclose(reversibilization(C, np.full(3, 1 / 3)), (C + C.T) / 2, atol=1e-15)
