"""TRSP §1 and §3: box and triBox filters against their matrices, the schedule, the gate, the layer operator."""

import math
from fractions import Fraction

import numpy as np
import pytest
import torch
from hypothesis import example, given, settings
from hypothesis import strategies as st

from specproof.checks.claims._shared.trsp_main import element_traffic
from specproof.engine import strategies as sst
from specproof.engine.methods import float_tolerance
from specproof.theory import filters
from specproof.theory.operators import Dense, Identity, Sink, TriBox, composite_operator
from specproof.theory.spectral import singular_values, spectral_gap, stable_rank
from specproof.theory.torch.filters import (
    box_filter_torch,
    box_filter_torch_window,
    tribox_filter_torch,
    trsp_layer,
    trsp_layer_gated,
)
from specproof.theory.torch.gate import GateParams, LongContextGate, coverage_ratio, gate_value, log_gate_value
from specproof.theory.validate import InputError


def signal(shape, seed, scale=1.0):
    rng = np.random.default_rng(seed)
    return rng.standard_normal(shape) * scale


def prefix_tolerance(X):
    # prefix sums of T terms: error ≤ T·eps·Σ|x| per channel (Higham §4.2)
    return float_tolerance(X.shape[-2], np.abs(X).sum(axis=-2).max())


# --------------------------------------------------------------------------- §1


@given(T=sst.sizes(2, 40), seed=st.integers(0, 2**16), b=st.integers(1, 9), g=st.floats(0, 1))
def test_stable_rank_is_the_normalised_sum_of_squares(T, seed, b, g):
    M = (Identity(T) + Sink(T) + g * TriBox(T, b)).as_matrix() + 0.1 * signal((T, T), seed)
    s = singular_values(M)
    tail = np.sum((s[2:] / s[0]) ** 2)
    ratio = np.linalg.norm(M, "fro") ** 2 / np.linalg.norm(M, 2) ** 2
    assert ratio == pytest.approx(1 + (1 - spectral_gap(M)) ** 2 + tail, rel=1e-10)
    assert stable_rank(M) == pytest.approx(ratio, rel=1e-10)


# --------------------------------------------------------------------------- Eq. 1 = Eq. 2


@given(
    Tb=sst.size_and_bandwidth(40),
    seed=st.integers(0, 2**16),
    d=st.sampled_from([1, 3]),
    scale=st.sampled_from([1e-3, 1.0, 1e6]),
)
@example(Tb=(1, 1), seed=0, d=1, scale=1.0)
@example(Tb=(16, 16), seed=1, d=3, scale=1.0)
@example(Tb=(17, 40), seed=2, d=1, scale=1e6)
def test_prefix_filters_match_the_window_definition(Tb, seed, d, scale):
    T, b = Tb
    X = signal((2, T, d), seed, scale) + scale  # a common offset makes the prefix sums large
    naive = np.stack([filters.box_filter_naive(x, b) for x in X])
    tol = prefix_tolerance(X)
    assert np.abs(np.stack([filters.box_filter(x, b) for x in X]) - naive).max() <= tol
    assert np.abs(box_filter_torch(torch.as_tensor(X), b).numpy() - naive).max() <= tol
    assert np.abs(box_filter_torch_window(torch.as_tensor(X), b).numpy() - naive).max() <= tol
    assert np.abs(np.einsum("ts,bsd->btd", filters.box_matrix(T, b), X) - naive).max() <= tol


@pytest.mark.parametrize("T", [1, 2, 3, 7, 8, 9])
def test_box_matrix_matches_eq1_exactly(T):
    for b in range(1, T + 3):
        B = filters.box_matrix(T, b, exact=True)
        for t in range(T):
            w = min(b, t + 1)
            assert list(B[t]) == [Fraction(1, w) if t - w < j <= t else Fraction(0) for j in range(T)]


def test_prefix_filter_traffic_does_not_depend_on_b():
    X = torch.zeros(2, 20, 3, dtype=torch.float64)
    reference, total = element_traffic(box_filter_torch, X, 1)
    for b in (2, 5, 19, 20, 21, 100):
        assert element_traffic(box_filter_torch, X, b) == (reference, total)
    window = [element_traffic(box_filter_torch_window, X, b)[1] for b in (1, 5, 20)]
    assert window[0] < window[1] < window[2]


def test_torch_filters_reject_bad_input():
    with pytest.raises(InputError, match="shape"):
        box_filter_torch_window(torch.zeros(5), 2)
    with pytest.raises(InputError, match="finite"):
        box_filter_torch_window(torch.tensor([[float("nan")]]), 1)
    with pytest.raises(InputError, match="b must be"):
        box_filter_torch_window(torch.zeros(3, 1), 0)
    with pytest.raises(InputError, match="layer"):
        trsp_layer_gated(torch.zeros(3, 1), torch.eye(3), LongContextGate(4), -1)
    with pytest.raises(InputError, match="b must be"):
        filters.box_matrix(3, 0)


# --------------------------------------------------------------------------- Eq. 3–4


@given(Tb=sst.size_and_bandwidth(48), seed=st.integers(0, 2**16), batch=st.integers(1, 3), d=st.sampled_from([1, 2, 5]))
@example(Tb=(9, 4), seed=0, batch=2, d=2)  # rows t < 2b−2 = 6 are boundary rows
@example(Tb=(64, 8), seed=1, batch=1, d=1)
@example(Tb=(5, 11), seed=2, batch=3, d=5)  # b > T: every row is a boundary row
def test_torch_tribox_matches_the_matrix_including_boundary_rows(Tb, seed, batch, d):
    T, b = Tb
    X = signal((batch, T, d), seed)
    expected = np.einsum("ts,bsd->btd", filters.tribox_matrix(T, b), X)
    got = tribox_filter_torch(torch.as_tensor(X), b).numpy()
    assert np.abs(got - expected).max() <= 2 * prefix_tolerance(X)
    # channel-wise: each channel alone gives the same result
    for c in range(d):
        alone = tribox_filter_torch(torch.as_tensor(X[..., c : c + 1]), b).numpy()
        assert np.array_equal(alone[..., 0], got[..., c])


@pytest.mark.parametrize("b", [1, 2, 3, 4, 7])
def test_full_rows_are_the_triangular_kernel(b):
    T = 2 * b - 2 + 6
    M = filters.tribox_matrix(T, b, exact=True)
    h = [Fraction(b - abs(r - (b - 1)), b * b) for r in range(2 * b - 1)]
    for t in range(2 * b - 2, T):
        assert [M[t, t - r] for r in range(2 * b - 1)] == h
        assert sum(M[t]) == 1
    assert np.allclose(filters.tribox_kernel(b), [float(x) for x in h])
    if b >= 2:  # the row just before the full regime is not h_b
        t = 2 * b - 3
        assert [M[t, t - r] for r in range(min(t + 1, 2 * b - 1))] != h[: t + 1]


@pytest.mark.parametrize("b", [2, 3, 8, 33])
def test_kernel_rises_before_its_peak(b):
    h = [Fraction(b - abs(r - (b - 1)), b * b) for r in range(2 * b - 1)]
    steps = [h[r + 1] - h[r] for r in range(2 * b - 2)]
    assert steps[: b - 1] == [Fraction(1, b * b)] * (b - 1)  # rising toward the past
    assert steps[b - 1 :] == [Fraction(-1, b * b)] * (b - 1)
    assert h[0] == Fraction(1, b * b) and max(h) == h[b - 1] == Fraction(1, b)
    assert sum(r * x for r, x in enumerate(h)) == b - 1  # mean lag


# --------------------------------------------------------------------------- Eq. 5


@pytest.mark.parametrize("T", [1, 2, 3, 7, 8, 9, 1000, 1024, 1025])
def test_schedule_matches_eq5(T):
    assert filters.dyadic_schedule(T) == [2**ell for ell in range(T.bit_length())]
    assert filters.dyadic_schedule(T, 14) == [min(2**ell, T) for ell in range(14)]


@pytest.mark.parametrize("T", [2, 5, 16])
def test_capped_layer_rows_favour_the_first_token(T):
    M = filters.tribox_matrix(T, T, exact=True)
    for t in range(1, T):
        row = list(M[t][: t + 1])
        assert row == sorted(row, reverse=True) and row[0] > row[1]
        # nested prefix means: weight of token j is (H_{t+1} − H_j)/(t+1)
        assert row == [sum(Fraction(1, s + 1) for s in range(j, t + 1)) / (t + 1) for j in range(t + 1)]


# --------------------------------------------------------------------------- Eq. 7


@given(
    params=sst.gate_parameters(16, 1e3),
    moderate=sst.gate_parameters(16, 1.0),
    T=st.integers(1, 2**30),
    ell=st.integers(0, 40),
)
def test_gate_value_lies_in_the_unit_interval(params, moderate, T, ell):
    r = coverage_ratio(T, min(2**ell, T))
    log_g = float(log_gate_value(r, params))
    assert log_g <= 0.0 and math.isfinite(log_g)
    assert 0.0 <= float(gate_value(r, params)) <= 1.0
    # with MLP outputs of moderate size the log-domain value stays strictly negative, as over the reals
    assert float(log_gate_value(r, moderate)) < 0.0


@pytest.mark.parametrize("dtype, m, beta", [(torch.float32, 17.0, 9.0), (torch.float64, 37.0, 55.0)])
def test_gate_rounds_to_the_endpoints_in_floating_point(dtype, m, beta):
    zero = np.zeros(16)
    with torch.no_grad():
        saturated = LongContextGate.from_params(GateParams(zero, zero, zero, m, 0.0), dtype)
        assert float(saturated(1024, 1024)) == 1.0  # σ(m) rounds to 1 at r = 1
        assert float(saturated(1024, 1024 - 1)) < 1.0
        decayed = LongContextGate.from_params(GateParams(zero, zero, zero, 0.0, beta), dtype)
        assert float(decayed(2**20, 1)) == 0.0  # r^φ underflows at r = 2^-20
    assert float(log_gate_value(1.0, GateParams(zero, zero, zero, m, 0.0))) < 0.0


def test_gate_module_round_trips_its_parameters():
    gate = LongContextGate(16, seed=3)
    copy = LongContextGate.from_params(gate.params())
    with torch.no_grad():
        assert torch.equal(gate(100, [1, 2, 64, 100]), copy(100, [1, 2, 64, 100]))


def test_gate_parameter_count():
    assert sum(p.numel() for p in LongContextGate(16).parameters()) == 50
    for h in (1, 2, 7, 16, 33):
        assert sum(p.numel() for p in LongContextGate(h).parameters()) == 3 * h + 2


@given(T=sst.sizes(1, 40), ell=st.integers(0, 8), seed=st.integers(0, 2**16), c=st.floats(-10, 10))
@settings(max_examples=40)
def test_gated_layer_is_linear_in_the_hidden_states(T, ell, seed, c):
    rng = np.random.default_rng(seed)
    A = torch.as_tensor(rng.dirichlet(np.ones(T), size=T))
    X1, X2 = torch.as_tensor(rng.standard_normal((2, T, 3)))
    gate = LongContextGate(16)
    with torch.no_grad():
        lhs = trsp_layer_gated(X1 + c * X2, A, gate, ell)
        rhs = trsp_layer_gated(X1, A, gate, ell) + c * trsp_layer_gated(X2, A, gate, ell)
        g = gate(T, min(2**ell, T))
    tol = float_tolerance(T, float((X1.abs() + abs(c) * X2.abs()).sum(0).max()) * 4)
    assert float((lhs - rhs).abs().max()) <= tol
    expected = X1 + A @ X1 + g * tribox_filter_torch(X1, min(2**ell, T))
    assert torch.allclose(trsp_layer_gated(X1, A, gate, ell).detach(), expected.detach(), rtol=0, atol=tol)


def test_gate_weight_of_a_fixed_layer_falls_with_length():
    gate = LongContextGate(16)
    with torch.no_grad():
        for b in (1, 4):
            g = [float(gate(T, b)) for T in (2**i for i in range(3, 16))]
            phi = float(torch.nn.functional.softplus(gate.beta))
            assert all(x <= (b / T) ** phi for x, T in zip(g, (2**i for i in range(3, 16))))
            assert g[-1] < g[0] / 50


# --------------------------------------------------------------------------- Eq. 6 = Eq. 8


@given(
    Tb=sst.size_and_bandwidth(32),
    seed=st.integers(0, 2**16),
    g=st.floats(0, 1),
    kind=st.sampled_from(["random", "sink", "causal", "permutation", "identity", "banded", "disconnected"]),
)
@settings(max_examples=60)
def test_torch_layer_matches_the_composite_matrix(Tb, seed, g, kind):
    T, b = Tb
    A = _attention(kind, T, seed)
    X = signal((2, T, 3), seed)
    got = trsp_layer(torch.as_tensor(X), torch.as_tensor(A), g, b).numpy()
    M = composite_operator(Dense(A), g, b).as_matrix()
    assert np.abs(got - np.einsum("ts,bsd->btd", M, X)).max() <= float_tolerance(T, np.abs(X).sum(axis=1).max() * 3)


def _attention(kind, T, seed):
    rng = np.random.default_rng(seed)
    A = {
        "random": rng.random((T, T)),
        "sink": np.eye(T)[[0] * T],
        "causal": np.tril(rng.random((T, T)) + 1e-3),
        "permutation": np.eye(T)[rng.permutation(T)],
        "identity": np.eye(T),
        "banded": np.triu(np.tril(rng.random((T, T)) + 1e-3, 2), -2),
        "disconnected": (np.arange(T)[:, None] < T // 2) == (np.arange(T)[None, :] < T // 2),
    }[kind]
    A = np.asarray(A, dtype=float)
    return A / A.sum(axis=1, keepdims=True)


# --------------------------------------------------------------------------- §3.2.3


@pytest.mark.parametrize("b", [1, 2, 3, 5, 8])
def test_frobenius_energy_is_affine_in_T(b):
    T_max = 2 * b - 2 + 10
    energies = [sum(x * x for x in row) for row in filters.tribox_matrix(T_max, b, exact=True)]
    E = Fraction(2 * b * b + 1, 3 * b**3)
    assert energies[2 * b - 2 :] == [E] * (T_max - 2 * b + 2)
    for T in range(1, T_max + 1):
        F = sum(energies[:T])
        assert Fraction(T, 2 * b - 1) <= F <= T
        # causality: the T-by-T matrix is the leading block of the larger one
        assert F == sum(x * x for x in filters.tribox_matrix(T, b, exact=True).ravel())
    assert float(E) == pytest.approx(filters.tribox_kernel_energy(b))


def test_float32_prefix_error_grows_with_length():
    rng = np.random.default_rng(0)
    errors = {}
    for T in (2**10, 2**16):
        X = 1.0 + 0.1 * rng.standard_normal((T, 2))
        reference = filters.box_filter(X, 4)
        X32 = torch.as_tensor(X, dtype=torch.float32)
        errors[T] = [
            np.abs(impl(X32, 4).double().numpy() - reference).max()
            for impl in (box_filter_torch, box_filter_torch_window)
        ]
    prefix_growth = errors[2**16][0] / errors[2**10][0]
    assert 16 < prefix_growth  # ≈ 64 for linear growth over a factor 64 in T
    assert errors[2**16][1] < 10 * np.finfo(np.float32).eps * 4  # the window's error does not grow
