"""TRSP Appendix D hypotheses: the exact π-norm helpers and the instances the probes rest on."""

import itertools
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specproof.checks.claims._shared.trsp_app_d import (
    LAYER_DIRECTION,
    LAYER_WEIGHTS,
    as_fractions,
    d3_layers_own_law_probe,
    h0_norm_sq_at_most,
    matmul_exact,
    pi_rayleigh_exact,
    primitive_chain,
    project_h0_exact,
    stationary_exact,
    walk,
)
from specproof.checks.claims.trsp.app_d.d import (
    carry_over_gap_reading_exact,
    carry_over_self_attention_probe,
    skeleton_tolerance,
    skeleton_walk_margin,
)
from specproof.checks.claims.trsp.app_d.d2 import (
    d1_dimension_probe,
    d1_epsilon_probe,
    d2_weights_probe,
    mean_square_exact,
    sign_vectors,
)
from specproof.checks.claims.trsp.app_d.d3 import (
    d3_absolute_gap_probe,
    d3_reversibilization_probe,
    d3_spectral_reading_probe,
)
from specproof.checks.claims.trsp.app_d.d4 import d4_a2_probe
from specproof.checks.claims.trsp.app_d.d5 import d5_kappa_probe, d5_norm_probe
from specproof.checks.claims.trsp.app_d.d6 import d6_output_rank_probe, hadamard_ratio_sq
from specproof.engine import strategies as sst
from specproof.engine.registry import Context, Status
from specproof.theory.markov import h0_operator_norm


def test_exact_helpers_reject_floats():
    with pytest.raises(TypeError):
        as_fractions([[0.5, 0.5]])


def test_walk_and_stationary_law_are_exact():
    P, pi = walk([[0, 1, 0], [1, 0, 2], [0, 2, 0]])
    assert pi == [Fraction(1, 6), Fraction(1, 2), Fraction(1, 3)]
    assert all(sum(row) == 1 for row in P)
    assert stationary_exact(P) == pi
    with pytest.raises(ValueError):
        stationary_exact([[1, 0], [0, 1]])


def test_projection_lands_in_h0():
    pi = [Fraction(1, 6), Fraction(1, 2), Fraction(1, 3)]
    v = project_h0_exact([3, -1, 7], pi)
    assert sum(p * x for p, x in zip(pi, v)) == 0


@settings(max_examples=40, deadline=None, derandomize=True)
@given(
    sst.sizes(2, 6).flatmap(
        lambda T: st.tuples(
            st.lists(st.lists(st.integers(1, 5), min_size=T, max_size=T), min_size=T, max_size=T), st.integers(0, 3)
        )
    )
)
def test_h0_norm_certificate_brackets_the_float_norm(case):
    """Rational quadratic-form certificate and exact Rayleigh quotients bracket the float ‖P‖_{H₀}."""
    rows, L = case
    W = np.array(rows) + np.array(rows).T
    P, pi = walk(W.tolist())
    norm = h0_operator_norm(np.array(P, float), np.array(pi, float), 1)
    above = Fraction(norm**2 + 1e-9).limit_denominator(10**12) + Fraction(1, 10**8)
    below = max(Fraction(norm**2) - Fraction(1, 10**6), Fraction(0))
    assert h0_norm_sq_at_most(P, pi, above)
    if below > 0:
        assert not h0_norm_sq_at_most(P, pi, below)
    v = project_h0_exact(list(range(len(pi))), pi)
    assert pi_rayleigh_exact(P, pi, v, power=L) <= above**L
    assert np.isclose(
        float(pi_rayleigh_exact(P, pi, v)),
        np.sum(np.array(pi, float) * (np.array(P, float) @ np.array(v, float)) ** 2)
        / np.sum(np.array(pi, float) * np.array(v, float) ** 2),
    )


def test_layer_direction_is_near_the_product_worst_direction():
    """The probe's rational direction gets within 1% of ‖P₂P₁‖_{H₀(π_Q)} (the float norm)."""
    (P1, _), (P2, _) = walk(LAYER_WEIGHTS[0]), walk(LAYER_WEIGHTS[1])
    Q = matmul_exact(P2, P1)
    piQ = stationary_exact(Q)
    v = project_h0_exact(LAYER_DIRECTION, piQ)
    assert sum(p * x for p, x in zip(piQ, v)) == 0
    norm_sq = h0_operator_norm(np.array(Q, float), np.array(piQ, float)) ** 2
    assert 0.99 * norm_sq <= float(pi_rayleigh_exact(Q, piQ, v)) <= norm_sq * (1 + 1e-12)


def test_mean_square_of_sign_products():
    """Products of independent signs: pairwise uncorrelated, so E[mean²] = 1/k exactly; the plain sign vector too."""
    signs = sign_vectors(3)
    assert len(set(signs)) == 8
    products = [
        tuple(x[0] ** a * x[1] ** b * x[2] ** c for a, b, c in itertools.product((0, 1), repeat=3) if a + b + c)
        for x in signs
    ]
    assert mean_square_exact([Fraction(1, 7)] * 7, products) == Fraction(1, 7)
    assert mean_square_exact([Fraction(1, 3)] * 3, signs) == Fraction(1, 3)
    assert mean_square_exact([Fraction(3, 4), Fraction(1, 4)], sign_vectors(2)) == Fraction(5, 8)


def test_hadamard_ratio_is_the_dimension():
    for T in (4, 8, 16):
        for d in range(1, T):
            for L in (0, 2):
                assert hadamard_ratio_sq(T, d, L) == d


@pytest.mark.parametrize("T, expected", [(6, False), (12, True), (125, False), (126, True), (211, True)])
def test_skeleton_gap_reading_fails_exactly_at_six(T, expected):
    """The closed-form margin 2r − μ_max − μ₂: −1 at T = 6 (μ₂ = 4, μ_max = 9, r = 6), 0 at T = 12."""
    margin = skeleton_walk_margin(T)
    assert (margin >= -skeleton_tolerance(T)) is expected
    if T == 6:
        assert np.isclose(margin, -1.0)


@pytest.mark.parametrize(
    "probe",
    [
        d1_epsilon_probe,
        d1_dimension_probe,
        d2_weights_probe,
        d3_reversibilization_probe,
        d3_spectral_reading_probe,
        d3_absolute_gap_probe,
        d3_layers_own_law_probe,
        d4_a2_probe,
        d5_kappa_probe,
        d5_norm_probe,
        carry_over_gap_reading_exact,
        carry_over_self_attention_probe,
        d6_output_rank_probe,
    ],
)
def test_exact_probes_refute_the_dropped_hypotheses(probe):
    """Each 'necessary' probe rests on an exact counterexample: certified, with the counterexample kept."""
    ev = probe(Context())
    assert ev.status is Status.CERTIFIED, ev.summary
    assert ev.counterexample, ev.summary


@settings(max_examples=30, deadline=None, derandomize=True)
@given(sst.sizes(1, 8).flatmap(sst.row_stochastic))
def test_primitive_chain_has_a_positive_law(A):
    P, pi = primitive_chain(A)
    assert np.all(pi > 0) and np.isclose(pi.sum(), 1.0)
    assert np.allclose(pi @ P, pi, atol=1e-12)
    assert np.all(P > 0) and np.allclose(P.sum(axis=1), 1.0)
