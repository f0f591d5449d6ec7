"""Numerical sanity of the closed forms and identities behind the claims raised to proved from the referee audit."""

import math

import numpy as np
import pytest

from specproof.checks.claims._shared.sdeg_bidirectional import dense_attention
from specproof.checks.claims._shared.trsp_app_c import boundary_excess, boundary_row_energies
from specproof.checks.claims.trsp.app_c.c4 import composite_frobenius_sq, dense_frobenius_sq, rank_limit_kappa
from specproof.theory.attention import bidirectional_singular_values, canonical_weights
from specproof.theory.filters import tribox_matrix
from specproof.theory.operators import Sink, composite_operator
from specproof.theory.tribox_norms import tribox_boundary_excess


@pytest.mark.parametrize("b", [1, 2, 3, 5, 17, 33])
def test_boundary_row_energies_match_the_dense_rows(b):
    dense = (tribox_matrix(2 * b + 1, b) ** 2).sum(axis=1)[: 2 * b - 2]
    assert np.allclose(boundary_row_energies(b), dense, rtol=0, atol=1e-14)


def test_boundary_excess_matches_the_block_computation_and_stays_near_2_ln_b():
    assert boundary_excess(2) == pytest.approx(7 / 8, abs=1e-15)
    for b in (64, 256):
        assert boundary_excess(b) == pytest.approx(tribox_boundary_excess(b), rel=1e-12)
    for b in (2, 16, 1024, 2**14):
        assert 2 * math.log(b) - 4 <= boundary_excess(b) <= 2 * math.log(b) + 8


@pytest.mark.parametrize("T, b, g", [(64, 8, 0.5), (100, 3, 2.0), (33, 1, 0.9), (40, 2, 0.0)])
def test_composite_frobenius_closed_form(T, b, g):
    assert composite_frobenius_sq(T, b, g) == pytest.approx(
        dense_frobenius_sq(composite_operator(Sink(T), g, b)), rel=1e-13
    )


def test_kappa_is_positive_for_small_gates_and_negative_for_large_b_times_g():
    assert rank_limit_kappa(8, 0.5) == pytest.approx(15.3767, abs=1e-3)
    assert all(rank_limit_kappa(b, g) >= 6 - 2.29 * g + 4 * g * g - 1e-9 for b in (1, 4, 64, 1024) for g in (0, 0.3, 1))
    assert rank_limit_kappa(8192, 64.0) < -5000


def test_ideal_gap_identity_and_the_constant_one():
    rng = np.random.default_rng(0)
    for _ in range(50):
        ell = int(rng.integers(2, 30))
        k = int(rng.integers(0, ell + 1))
        s = np.sort(np.concatenate([np.log(ell) + rng.uniform(0, 6, k), rng.uniform(0, 2, ell - k)]))[::-1]
        A = dense_attention(s)
        d, _ = canonical_weights(s)
        J = np.full((ell, ell), 1 / ell)
        P = np.eye(ell) - J
        d_star = np.r_[np.ones(k), np.zeros(ell - k)]
        A_star = J + np.diag(d_star) @ P
        assert np.allclose(A - A_star, np.diag(d - d_star) @ P, atol=1e-13)
        assert np.linalg.norm(A - A_star, 2) <= np.max(np.abs(d - d_star)) + 1e-12


def test_two_level_bulk_pushes_the_top_singular_value_above_one():
    ell = 4096
    s = np.concatenate([np.full(ell // 2, math.log(ell)), np.zeros(ell // 2)])
    assert bidirectional_singular_values(s)[0] == pytest.approx(math.sqrt(9 + math.sqrt(65)) / 4, abs=1e-4)
