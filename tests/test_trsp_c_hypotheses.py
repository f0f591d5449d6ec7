"""TRSP App. C hypotheses: the offset-graph helpers against the Cayley skeleton and brute force, and the exact
counterexamples the hypotheses claims rest on, at the sizes where they are small enough to read."""

from fractions import Fraction

import numpy as np
import pytest
import scipy.linalg
import sympy as sp
from hypothesis import example, given
from hypothesis import strategies as st

from specproof.checks.claims._shared.trsp_app_c import eq7_gates, gated_mode_exact, mode_ball
from specproof.checks.claims.trsp.app_c.c4 import has_kernel_row
from specproof.theory.cayley import cayley_laplacian, cayley_laplacian_spectrum
from specproof.theory.filters import floor_log2
from specproof.theory.offset_graphs import dyadic_offset_edges, laplacian_form, offset_laplacian
from specproof.theory.validate import InputError


@given(st.integers(2, 40))
@example(2)
@example(16)
@example(17)
def test_offset_edges_wrap_and_depth(T):
    """With wrap-around and weight 1 the offset Laplacian is the Cayley skeleton's; without, vertex n has the
    edge of layer ℓ iff n ≥ 2^ℓ; a depth D keeps only layers ℓ < D."""
    L = floor_log2(T)
    assert np.array_equal(offset_laplacian(T, dyadic_offset_edges(T), [1] * (L + 1)), cayley_laplacian(T))
    edges = dyadic_offset_edges(T, wrap=False)
    assert sorted(map(tuple, edges.tolist())) == sorted(
        (n, n - 2**ell, ell) for ell in range(L + 1) for n in range(2**ell, T)
    )
    assert set(dyadic_offset_edges(T, 1)[:, 2].tolist()) == {0}
    assert dyadic_offset_edges(T, 0).shape == (0, 3)


def test_offset_laplacian_rejects_missing_weights():
    with pytest.raises(InputError, match="weight for every layer"):
        offset_laplacian(8, dyadic_offset_edges(8), [1, 1])


@given(st.integers(2, 24), st.integers(0, 2**31))
def test_laplacian_form_is_the_quadratic_form(T, seed):
    x = np.random.default_rng(seed).integers(-5, 6, T)
    edges = dyadic_offset_edges(T, wrap=False)
    weights = [Fraction(1, 2)] * (floor_log2(T) + 1)
    exact = laplacian_form(edges, weights, [int(v) for v in x])
    assert isinstance(exact, Fraction)
    assert float(exact) == pytest.approx(x @ offset_laplacian(T, edges, [0.5] * (floor_log2(T) + 1)) @ x)


def test_path_graph_is_not_regular_gap():
    W = np.diag([1.0, 1.0, 1.0], 1) + np.diag([1.0, 1.0, 1.0], -1)
    d = W.sum(axis=1)
    gamma = np.sort(scipy.linalg.eigvals(np.eye(4) - W / d[:, None]).real)[1]
    mu2 = scipy.linalg.eigvalsh(np.diag(d) - W)[1]
    assert gamma == pytest.approx(0.5) and mu2 == pytest.approx(2 - np.sqrt(2))
    assert all(abs(gamma - mu2 / r) > 0.08 for r in (1, 2))


def test_half_weight_halves_eq9():
    for T in (4, 7, 8, 9):
        half = offset_laplacian(T, dyadic_offset_edges(T), [0.5] * (floor_log2(T) + 1))
        assert np.allclose(np.sort(scipy.linalg.eigvalsh(half)), np.sort(cayley_laplacian_spectrum(T)) / 2)


def test_weyl_counterexamples_are_exact():
    P, Q = sp.diag(0, 1), sp.Matrix([[0, sp.Rational(2, 5)], [-sp.Rational(2, 5), 0]])
    assert sorted((P + Q).eigenvals()) == [sp.Rational(1, 5), sp.Rational(4, 5)]
    v = sp.Matrix([1, 2])
    assert (sp.Matrix([[0, 1], [0, 1]]) + v * v.T / 10).det() == sp.Rational(-1, 10)


@pytest.mark.parametrize("T", [4, 8, 16, 64, 1024])
def test_gated_skeleton_mode_half_is_four_g0(T):
    gates = eq7_gates(T)
    assert gates[0] == Fraction(1, 2 * T) and gates[-1] == Fraction(1, 2)
    assert gated_mode_exact(T, T // 2, gates) == 4 * sp.Rational(gates[0])
    weights = [float(g) for g in gates]
    spectrum = scipy.linalg.eigvalsh(offset_laplacian(T, dyadic_offset_edges(T), weights)) if T <= 64 else None
    if spectrum is not None:
        assert spectrum[1] == pytest.approx(4 * weights[0])


def test_depth_l_minus_one_fails_at_fifteen():
    """T = 15 with layers ℓ = 0, 1 only: the mode k = 14 has μ ≈ 0.835, certified below 2."""
    spectrum = cayley_laplacian_spectrum(15, [1, 2])
    assert spectrum[14] == pytest.approx(np.min(spectrum[1:])) and spectrum[14] < 0.84
    assert mode_ball(15, 14, 2) < 2


def test_uncapped_offsets_at_three():
    assert gated_mode_exact(3, 1, [1] * 18) == 54
    assert np.allclose(cayley_laplacian_spectrum(3, [pow(2, ell, 3) for ell in range(18)])[1:], 54)


def test_signed_attention_breaks_eq12():
    T, g = 32, 0.5
    A = (1 + g) * np.ones((T, T)) / T - g * np.eye(T)
    assert np.allclose(A.sum(axis=1), 1)
    composite = np.eye(T) + A + g * np.eye(T)  # b = 1: M_tri = I
    assert np.sum(composite**2) == pytest.approx(149 / 4) and 149 / 4 < T + g * g * T


def test_zero_gate_sink_charpoly():
    for T in (2, 5, 16, 33):
        M = np.eye(T)
        M[:, 0] += 1
        top = ((T + 4) + np.sqrt((T + 4) ** 2 - 16)) / 2
        assert scipy.linalg.eigvalsh(M.T @ M)[-1] == pytest.approx(top)
        assert np.sum(M**2) / top == pytest.approx((2 * T + 2) / top)


def test_kernel_rows_need_interior_rows():
    """A row of M_tri is a copy of h_b iff T ≥ 2b − 1: the deepest layer b = 2^L has one only at T = 2^(L+1) − 1."""
    assert has_kernel_row(7, 4) and not has_kernel_row(6, 4) and not has_kernel_row(4, 4)
    assert [T for T in range(2, 20) if has_kernel_row(T, 2 ** floor_log2(T))] == [3, 7, 15]


def test_depth_deficit_keeps_mu2_bounded():
    """The skeleton cut to D = L − 1 layers keeps μ₂ ≥ 0.79 at every T in [16, 64] (the floor sits at T = 2^m − 1),
    and D = L − 2 keeps it ≥ 0.2: Θ(1), below Thm C.6's 2 (trsp.C6.gap-rate.depth-deficit)."""
    for T in range(16, 65):
        spectrum = cayley_laplacian_spectrum(T)
        assert spectrum[1] >= 4 - 1e-9
        L = floor_log2(T)
        for c, floor in ((1, 0.79), (2, 0.2)):
            mu2 = scipy.linalg.eigvalsh(cayley_laplacian(T, [pow(2, ell, T) for ell in range(L - c)]))[1]
            assert mu2 >= floor
            if c == 1 and T == 2 ** (L + 1) - 1:
                assert mu2 < 2  # below Thm C.6's constant: only the order survives
