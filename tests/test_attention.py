"""theory.attention against dense linear algebra and against distributions whose discrepancies are known."""

import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from specproof.engine.strategies import score_vectors
from specproof.theory.attention import (
    angle_kl,
    angle_kolmogorov,
    angle_wasserstein1,
    angle_wasserstein1_sampled,
    bidirectional_eigenvalues,
    bidirectional_singular_values,
    canonical_reduction,
    canonical_weights,
    distance_to_spike_bulk_law,
    eigen_angles,
    haar_orthogonal,
    ideal_attention,
    ideal_eigen_profile,
    ideal_gram_extremes,
    ideal_singular_profile,
    row_softmax,
    score_singular_values,
    separation_error,
)
from specproof.theory.operators import SoftmaxAttention
from specproof.theory.validate import InputError


def repeated_scores():
    """Scores with ties (few distinct levels), the case the group reduction exploits."""
    return st.tuples(
        st.integers(1, 40), st.lists(st.floats(-20, 30, width=64), min_size=1, max_size=5), st.integers(0, 2**32 - 1)
    ).map(lambda a: np.random.default_rng(a[2]).choice(np.asarray(a[1]), size=a[0]))


@given(score_vectors(1, 40, bound=700.0, sorted_desc=False, nonnegative=False))
def test_canonical_weights_match_the_operator(s):
    d, z = canonical_weights(s)
    A = SoftmaxAttention(s).as_matrix()
    # for ℓ = 1 and very negative s, d and z are huge and cancel: allow eps relative to |d| + |z|
    scale = np.abs(d) + np.abs(z)
    assert np.all(np.abs(A - np.diag(d) - np.outer(z, np.ones(s.size))) <= 1e-14 * (1 + scale[:, None]))


def test_canonical_weights_keep_relative_accuracy_near_zero_scores():
    d, _ = canonical_weights(np.array([1e-12, 0.0, 0.0]))
    assert d[0] == pytest.approx(1e-12 / 3, rel=1e-9)
    assert d[1] == 0.0


@given(st.one_of(repeated_scores(), score_vectors(1, 40, sorted_desc=False, nonnegative=False)))
def test_reduction_gives_the_dense_spectra(s):
    A = SoftmaxAttention(s).as_matrix()
    assert np.allclose(bidirectional_singular_values(s), np.linalg.svd(A, compute_uv=False), atol=1e-12)
    # the nonsymmetric solver's eigenvalues can be √eps-accurate near a double eigenvalue at 1
    assert np.allclose(bidirectional_eigenvalues(s), np.sort(np.linalg.eigvals(A).real)[::-1], atol=1e-6)


def test_reduction_groups_equal_scores():
    red = canonical_reduction([3.0, 1.0, 3.0, 1.0, 1.0])
    assert red.multiplicities.tolist() == [2, 3]
    assert red.complement().size == 3
    root_m = np.sqrt(red.multiplicities)  # coordinates of 𝟏 in the group basis: A𝟏 = 𝟏
    assert np.allclose(red.reduced @ root_m, root_m)


@pytest.mark.parametrize("k,ell", [(0, 1), (0, 6), (1, 2), (3, 7), (6, 6)])
def test_ideal_profiles_match_the_ideal_matrix(k, ell):
    A = ideal_attention(k, ell)
    assert np.allclose(ideal_singular_profile(k, ell), np.linalg.svd(A, compute_uv=False), atol=1e-12)
    assert np.allclose(ideal_eigen_profile(k, ell), np.sort(np.linalg.eigvals(A).real)[::-1], atol=1e-12)


@pytest.mark.parametrize("c", [0.0, 0.1, 0.5, 1.0])
def test_ideal_gram_extremes_are_the_roots(c):
    a_plus, a_minus = ideal_gram_extremes(c)
    assert a_plus + a_minus == pytest.approx(2 - c)
    assert a_plus * a_minus == pytest.approx((1 - c) ** 2, abs=1e-15)


def test_separation_error():
    ell = 100
    s = np.array([math.log(ell * 10), math.log(ell / 4), 0.0] + [0.0] * (ell - 3))
    inv_f, inv_g = separation_error(s, 1)
    assert inv_f == pytest.approx(0.1) and inv_g == pytest.approx(0.25)
    assert separation_error(s, 0)[0] == 0.0 and separation_error(s, ell)[1] == 0.0


def test_distance_to_spike_bulk_law():
    assert distance_to_spike_bulk_law([1.0, 0.0, 0.0, 0.0], 0.25) == pytest.approx(0.0)
    assert distance_to_spike_bulk_law([0.5, 0.5], 0.0) == pytest.approx(0.5)


def test_row_softmax_with_mask_is_causal_attention():
    s = np.array([3.0, -1.0, 0.5, 2.0])
    assert np.allclose(row_softmax(np.diag(s), causal=True), SoftmaxAttention(s, causal=True).as_matrix())
    assert np.allclose(row_softmax(np.zeros((3, 3))), np.full((3, 3), 1 / 3))


def test_score_singular_values_append_structural_zeros():
    rng = np.random.default_rng(1)
    Q, K = rng.standard_normal((9, 4)), rng.standard_normal((9, 4))
    sv = score_singular_values(Q, K)
    assert sv.shape == (9,) and np.all(sv[4:] == 0)
    assert np.allclose(sv, np.linalg.svd(Q @ K.T / 2, compute_uv=False), atol=1e-12)


def test_haar_sampler_is_orthogonal_and_seeded():
    U = haar_orthogonal(5, 3, seed=7)
    assert U.shape == (3, 5, 5)
    assert np.allclose(U[1] @ U[1].T, np.eye(5), atol=1e-12)
    assert np.array_equal(U, haar_orthogonal(5, 3, seed=7))


def test_eigen_angles_of_a_rotation():
    t = 0.7
    R = np.array([[math.cos(t), -math.sin(t), 0], [math.sin(t), math.cos(t), 0], [0, 0, 1]])
    assert np.allclose(eigen_angles(R), [-t, 0.0, t])


def test_angle_discrepancies_of_known_sets():
    n = 50
    midpoints = -math.pi + 2 * math.pi * (np.arange(n) + 0.5) / n
    assert angle_kolmogorov(midpoints) == pytest.approx(1 / (2 * n))
    assert angle_wasserstein1(midpoints) == pytest.approx(math.pi / (2 * n))  # 2π·n·2·(1/(2n))²/2
    assert angle_kl(midpoints, bins=10) == pytest.approx(0.0, abs=1e-15)
    point = np.zeros(n)
    assert angle_kolmogorov(point) == pytest.approx(0.5)
    assert angle_wasserstein1(point) == pytest.approx(math.pi / 2)
    assert angle_kl(point, bins=8) == pytest.approx(math.log(8))
    assert angle_wasserstein1_sampled(midpoints, seed=3) == angle_wasserstein1_sampled(midpoints, seed=3)


def test_bad_input_is_named():
    with pytest.raises(InputError, match="spike count k"):
        separation_error([1.0, 0.0], 3)
    with pytest.raises(InputError, match="spike fraction c"):
        ideal_gram_extremes(1.5)
    with pytest.raises(InputError, match="scores must be"):
        canonical_weights(np.zeros((2, 2)))
    with pytest.raises(InputError, match="angles in"):
        angle_kolmogorov([4.0])
    with pytest.raises(InputError, match="square"):
        row_softmax(np.zeros((2, 3)))
    with pytest.raises(InputError, match="one shape"):
        score_singular_values(np.zeros((3, 2)), np.zeros((3, 1)))
    with pytest.raises(InputError, match="ell must be"):
        haar_orthogonal(1, 1, seed=0)


def test_canonical_weights_keep_relative_accuracy_for_small_positive_scores_on_long_sequences():
    import mpmath

    ell = 10**6
    s = np.zeros(ell)
    s[:4] = [0.6, 1e-12, 2.0, 30.0]
    d, _ = canonical_weights(s)
    with mpmath.workdps(40):
        for si, di in zip(s[:4], d[:4]):
            a = mpmath.e ** mpmath.mpf(si)
            exact = (a - 1) / (a + ell - 1)
            assert abs(di - exact) <= 8 * np.finfo(float).eps * abs(exact), (si, di, float(exact))
