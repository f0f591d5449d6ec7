"""The composed network operator of theory.network: matrix-free chain against dense products, its Markov
form, the matrix-free μ₂ and gap against dense eigensolves, the sink rank bound and one layer's μ₂."""

import math

import numpy as np
import pytest
import scipy.linalg
from hypothesis import example, given, settings
from hypothesis import strategies as st

from specproof.checks.claims.trsp_network import single_layer_mu2_estimate
from specproof.checks.sweeps import SWEEPS, network_attention
from specproof.theory import network as nw
from specproof.theory.filters import floor_log2
from specproof.theory.operators import Cesaro, Sink, TriBox, superposed_tribox_laplacian
from specproof.theory.solvers import laplacian_algebraic_connectivity
from specproof.theory.validate import InputError

KINDS = ("uniform", "sink", "softmax", "isolated")
EPS = np.finfo(float).eps


def _layers(kind, T, D, gate=None):
    return nw.network_layers(T, D, lambda n: network_attention(kind, n), gate or (lambda n, b: 0.5 * b / n))


def _dense_product(layers):
    dense = np.eye(layers[0].attention.n)
    for layer in layers:
        dense = layer.operator().as_matrix() @ dense
    return dense


@pytest.mark.parametrize("kind", KINDS)
@given(T=st.integers(1, 40), D=st.integers(1, 7), seed=st.integers(0, 2**16))
@example(T=1, D=1, seed=0)
@example(T=32, D=6, seed=0)
@settings(max_examples=25, deadline=None)
def test_network_matches_dense_product(kind, T, D, seed):
    layers = _layers(kind, T, D)
    dense = _dense_product(layers)
    N = nw.network_operator(layers)
    x = np.random.default_rng(seed).standard_normal((T, 2))
    tol = 1e3 * T * D * EPS * nw.row_sum(layers) * np.abs(x).sum()
    assert np.allclose(N.mv(x), dense @ x, rtol=0, atol=tol)
    assert np.allclose(N.rmv(x), dense.T @ x, rtol=0, atol=tol)
    assert np.allclose(N.aslinearoperator().rmatvec(x[:, 0]), dense.T @ x[:, 0], rtol=0, atol=tol)
    assert np.allclose(dense.sum(axis=1), nw.row_sum(layers), rtol=1e-12)
    assert np.allclose(np.diag(dense), nw.network_diagonal(layers), rtol=1e-12)
    P = nw.network_operator(layers, markov=True).as_matrix()
    assert np.allclose(P, dense / nw.row_sum(layers), rtol=0, atol=1e-13)


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("T,D", [(12, 2), (33, 4), (64, floor_log2(64) + 1)])
def test_network_solvers_match_dense(kind, T, D):
    layers = _layers(kind, T, D, nw.default_gate())
    L = nw.network_laplacian(layers)
    dense = L.as_matrix()
    assert np.allclose(dense, dense.T) and np.allclose(dense.sum(axis=1), 0, atol=1e-12)
    assert np.allclose(np.diag(dense), L.diagonal(), atol=1e-12)
    mu2 = scipy.linalg.eigvalsh(dense, subset_by_index=[1, 1])[0]
    s = 1 / np.sqrt(np.diag(dense))
    gap = scipy.linalg.eigvalsh(s[:, None] * dense * s[None, :], subset_by_index=[1, 1])[0]
    for normalized, want in ((False, mu2), (True, gap)):
        e = laplacian_algebraic_connectivity(L, normalized=normalized, maxiter=300)
        allowance = 10 * T * EPS * 4 / (np.diag(dense).min() if normalized else 1)
        assert e.lower - allowance <= want <= e.upper + allowance, (normalized, e, want)


@given(T=st.integers(2, 60), D=st.integers(2, 8), scale=st.floats(0.0, 0.999))
@example(T=2, D=2, scale=0.999)
@settings(max_examples=40, deadline=None)
def test_sink_rank_bound(T, D, scale):
    layers = nw.network_layers(T, D, Sink, lambda n, b: scale * b / n)
    P = nw.network_operator(layers, markov=True).as_matrix()
    q = nw.sink_escape_probability(layer.gate for layer in layers)
    assert P[:, 0].min() >= 1 - q - 1e-13
    sv = scipy.linalg.svdvals(P)
    assert np.sum(sv**2) / sv[0] ** 2 <= nw.sink_rank_bound(layer.gate for layer in layers) + 1e3 * T * EPS


def test_sink_rank_bound_needs_two_layers():
    with pytest.raises(InputError, match="q_D <= 1/2"):
        nw.sink_rank_bound([0.9])


@pytest.mark.parametrize("T,b", [(64, 2), (64, 8), (256, 16), (256, 64), (128, 128)])
def test_single_layer_mu2(T, b):
    mu2 = scipy.linalg.eigvalsh(superposed_tribox_laplacian(T, [b]).as_matrix(), subset_by_index=[1, 1])[0]
    if 4 * b <= T:
        assert 1 - 3 * (b / T) ** 2 <= mu2 / single_layer_mu2_estimate(T, b) <= 1 + 1e-9
    else:
        assert abs(mu2 - 0.5) <= 0.02


def test_bad_input_is_a_clear_error():
    with pytest.raises(InputError, match="attention"):
        nw.network_layers(8, 2, lambda n: Cesaro(n + 1), lambda n, b: 0.1)
    with pytest.raises(InputError, match="gate"):
        nw.network_layers(8, 2, Cesaro, lambda n, b: math.nan)
    with pytest.raises(InputError, match="at least one layer"):
        nw.network_operator([])
    with pytest.raises(InputError, match="closed-form diagonal"):
        nw.causal_diagonal(TriBox(4, 2))
    with pytest.raises(InputError, match="unknown attention model"):
        network_attention("local", 8)


@pytest.mark.parametrize("kind", KINDS)
def test_network_sweep_reference_agrees(kind):
    sweep = SWEEPS[f"network-{kind}"]
    row = sweep.point(T=32, **sweep.fixed) if sweep.fixed else sweep.point(T=32)
    want = sweep.reference(T=32)
    assert row["lower"] - 1e-9 <= want <= row["upper"] + 1e-9
