"""The composed network operator of theory.network: matrix-free chain against dense products, its Markov
form, the matrix-free μ₂ and gap against dense eigensolves, the sink rank bound and one layer's μ₂."""

import math

import numpy as np
import pytest
import scipy.linalg
from hypothesis import example, given, settings
from hypothesis import strategies as st

from specproof.checks.claims.trsp.app_c.c3_2 import single_layer_mu2_estimate
from specproof.runs.sweeps.table import SWEEPS, network_attention
from specproof.theory import network as nw
from specproof.theory import network_solvers as ns
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


# --------------------------------------------------------------------------- the fast chain, the solver, the ceilings


def test_fast_chain_matches_the_generic_chain_for_any_attention():
    """NetworkOperator's own kernels (Cesàro, sink, causal softmax, identity) and its fallback for any other
    attention operator (here a non-causal one) agree with the Composed chain of theory.operators."""
    from specproof.theory.operators import SoftmaxAttention

    rng = np.random.default_rng(3)
    for T in (1, 2, 9, 40):
        models = [lambda n: network_attention(kind, n) for kind in KINDS]
        models.append(lambda n: SoftmaxAttention(np.linspace(0, 2, n), causal=False))
        for model in models:
            layers = nw.network_layers(T, 5, model, lambda n, b: 0.3 + 0.1 * b / n)
            for markov in (False, True):
                fast, generic = nw.network_operator(layers, markov), nw.generic_network_operator(layers, markov)
                x = rng.standard_normal((T, 3))
                tol = 1e3 * T * EPS * nw.row_sum(layers) * np.abs(x).sum()
                assert np.allclose(fast.mv(x), generic.mv(x), rtol=0, atol=tol)
                assert np.allclose(fast.rmv(x), generic.rmv(x), rtol=0, atol=tol)
                assert np.allclose(fast.mv(x[:, 0]), generic.mv(x[:, 0]), rtol=0, atol=tol)


def _dense_gap(L, degrees):
    M = L.as_matrix()
    M = (M + M.T) / 2
    s = 1 / np.sqrt(ns.gap_degrees(L, degrees))
    return scipy.linalg.eigvalsh(s[:, None] * M * s[None, :], subset_by_index=[1, 1])[0]


@pytest.mark.parametrize("kind", KINDS)
def test_preconditioned_solver_matches_dense(kind):
    """The banded-proxy LOBPCG (forced at T = 600, below the sweeps' dense range) converges to the residual
    tolerance and brackets the dense μ₂ and gap, both degree conventions, every depth."""
    T = 600
    for D in (2, 4, floor_log2(T) + 1):
        L = nw.network_laplacian(_layers(kind, T, D, nw.default_gate()))
        dense = L.as_matrix()
        mu2 = scipy.linalg.eigvalsh((dense + dense.T) / 2, subset_by_index=[1, 1])[0]
        for normalized, degrees, want in (
            (False, "with-loops", mu2),
            (True, "with-loops", _dense_gap(L, "with-loops")),
            (True, "loopless", _dense_gap(L, "loopless")),
        ):
            e = ns.network_algebraic_connectivity(L, normalized=normalized, degrees=degrees)
            allowance = (
                10 * T * EPS * 4 * (1 / np.min(ns.gap_degrees(L, degrees)) if normalized else np.max(L.diagonal()))
            )
            assert e.info["converged"] and e.residual <= 1e-9, (kind, D, normalized, e.info["stages"])
            assert e.lower - allowance <= want <= e.upper + allowance, (kind, D, normalized, e, want)
        d = ns.network_dense_connectivity(L)
        assert d.lower <= mu2 + 1e-12 and mu2 - 1e-12 <= d.upper and d.info["converged"]


def test_proxy_band_is_exact_for_the_isolated_network():
    """At fixed depth with A = I the proxy is L itself: its band equals the dense Laplacian's."""
    T, D = 50, 3
    L = nw.network_laplacian(_layers("isolated", T, D, nw.default_gate()))
    proxy = ns.BandedProxy(L)
    dense = L.as_matrix()
    assert proxy.K == 2 * (1 + 3)  # lags 2(b − 1) for b = 1, 2, 4
    for k in range(proxy.K + 1):
        assert np.allclose(proxy.ab[k, : T - k], np.diag(dense, -k), atol=1e-15)
    assert np.allclose(np.diag(dense, -(proxy.K + 1)), 0)
    x = np.random.default_rng(0).standard_normal(T)
    assert np.allclose(proxy.mv(x), dense @ x, atol=1e-14)


def test_gap_degrees():
    L = nw.network_laplacian(_layers("uniform", 20, 3))
    assert np.allclose(ns.gap_degrees(L), L.degree) and np.allclose(ns.gap_degrees(L, "loopless"), L.diagonal())
    assert np.all(ns.gap_degrees(L) > ns.gap_degrees(L, "loopless"))
    with pytest.raises(InputError, match="degrees must be one of"):
        ns.gap_degrees(L, "both")


@given(T=st.integers(2, 30), seed=st.integers(0, 2**16))
@settings(max_examples=40, deadline=None)
def test_causal_ceiling(T, seed):
    """μ₂ ≤ T(1 − P_TT)/(2(T − 1)) ≤ T/(2(T − 1)) for random lower-triangular row-stochastic P, and the gap's
    ceiling; the networks' rows obey theirs."""
    from specproof.runs.sweeps.table import network_ceilings

    rng = np.random.default_rng(seed)
    P = np.tril(rng.random((T, T)) * (rng.random((T, T)) < 0.6))
    P[np.arange(T), rng.integers(0, np.arange(T) + 1)] += 0.1
    P /= P.sum(axis=1, keepdims=True)
    W = (P + P.T) / 2
    d = W.sum(axis=1)
    L = np.diag(d) - W
    mu2 = scipy.linalg.eigvalsh(L, subset_by_index=[1, 1])[0]
    p = P[-1, -1]
    assert mu2 <= T * (1 - p) / (2 * (T - 1)) + 1e-12 <= T / (2 * (T - 1)) + 1e-12
    s = 1 / np.sqrt(d)
    gap = scipy.linalg.eigvalsh(s[:, None] * L * s[None, :], subset_by_index=[1, 1])[0]
    assert gap <= (1 - p) / (1 + p) * 2 * T / (2 * T - 1 - p) + 1e-12
    kind = KINDS[seed % 4]
    ceilings = network_ceilings(T, kind, 3)
    M = nw.network_laplacian(_layers(kind, T, 3, nw.default_gate())).as_matrix()
    assert scipy.linalg.eigvalsh((M + M.T) / 2, subset_by_index=[1, 1])[0] <= ceilings["mu2"] + 1e-12


@pytest.mark.parametrize("D", [1, 2, 3, 4])
def test_fixed_depth_bound(D):
    """The isolated network has reach R_D and μ₂ ≤ 6R_D²/(T² − 1) for any gates, even g = 1 everywhere."""
    from specproof.checks.claims.trsp.app_c.c3_1 import banded_bound, isolated_reach

    for T in (8, 33, 100):
        for gate in (lambda n, b: 1.0, nw.default_gate()):
            layers = nw.network_layers(T, D, lambda n: network_attention("isolated", n), gate)
            P = nw.network_operator(layers, markov=True).as_matrix()
            R = isolated_reach(T, D)
            assert R == sum(2 * (min(2**ell, T) - 1) for ell in range(D)) <= 2 ** (D + 1) - 2 * D - 2
            assert np.allclose(np.tril(P, -(R + 1)), 0) and np.allclose(np.triu(P, 1), 0)
            W = (P + P.T) / 2
            mu2 = scipy.linalg.eigvalsh(np.diag(W.sum(axis=1)) - W, subset_by_index=[1, 1])[0]
            assert mu2 <= banded_bound(T, R) + 1e-12


# --------------------------------------------------------------------------- one builder for every side path


def _side_paths():
    """The paper's side path, its ablations, and kernels the fast chain does not know (causal convolutions, an
    explicit kernel whose rows are cut at the start, a user's filter), a constant schedule and no gate (gain 1)."""
    from specproof.theory.operators import Dense
    from specproof.theory.spec import Gate, Kernel, Schedule, SidePath, paper_ablations

    gate = Gate("linear", lambda n, b: 0.5 * b / n)
    out = dict(paper_ablations(gate))
    out["cascade-3"] = SidePath("cascade-3", Schedule.geometric(3), Kernel.cascade(3), gate)
    out["explicit"] = SidePath(
        "explicit", Schedule.explicit([1, 2, 3]), Kernel.explicit({1: [1], 2: [1, 1], 3: [1, 0, 3]}, 4), None
    )
    half = Kernel("half-tribox", lambda b: [], filter=lambda n, b: Dense(0.5 * TriBox(n, b).as_matrix()))
    out["filter"] = SidePath("filter", Schedule.constant(2, depth=3), half, gate, layout="dense")
    return out


def _dense_markov(layers):
    """P_D = Π diag(F_ℓ𝟏)⁻¹F_ℓ from the layers' matrices: the definition, densely."""
    T = layers[0].attention.n
    P = np.eye(T)
    for layer in layers:
        F = np.eye(T) + layer.attention.as_matrix()
        for term in layer.terms:
            F = F + term.gate * term.kernel.as_matrix()
        P = (F / F.sum(axis=1, keepdims=True)) @ P
    return P


@pytest.mark.parametrize("name", sorted(_side_paths()))
@pytest.mark.parametrize("kind", [*KINDS, "dense"])
def test_any_side_path_builds_its_network(name, kind):
    """side_path_layers for any side path: the fast chain equals the generic chain and the dense definition, in
    both forms; the Markov form is row-stochastic with the diagonal the product of the layers'."""
    from specproof.theory.operators import Dense

    side_path = _side_paths()[name]
    rng = np.random.default_rng(7)

    def attention(n):
        if kind != "dense":
            return network_attention(kind, n)
        A = np.tril(rng.random((n, n)) + 0.1)  # causal, nonnegative, rows not normalised: no tag to trust
        return Dense(A / A.sum(axis=1, keepdims=True) * 0.9)

    for T in (3, 9, 20):
        layers = nw.side_path_layers(side_path, T, attention)
        for markov in (False, True):
            fast = nw.network_operator(layers, markov)
            generic = nw.generic_network_operator(layers, markov).as_matrix()
            M = fast.as_matrix()
            assert np.allclose(M, generic, rtol=0, atol=1e-12 * np.abs(generic).max())
            assert np.allclose(fast.rmv(np.eye(T)), M.T, rtol=0, atol=1e-12 * np.abs(M).max())
        assert np.allclose(M, _dense_markov(layers), rtol=0, atol=1e-13)
        assert np.allclose(M.sum(axis=1), 1, atol=1e-13)
        if kind != "dense" and name != "filter":  # untagged Dense parts: the chain claims nothing of them
            assert "row-stochastic" in fast.tags and "nonnegative" in fast.tags
            assert np.allclose(np.diag(M), nw.network_diagonal(layers, markov=True), atol=1e-14)


def test_the_papers_network_is_its_side_path():
    """network_layers is the builder on the paper's side path built at depth D (b_ℓ = min(2^ℓ, T), ℓ < D, even past
    ⌊log₂T⌋ + 1); at a depth within the schedule it is the first D layers of the default schedule, bit for bit."""
    from specproof.theory.spec import Gate, paper_side_path

    gate = nw.default_gate()
    for T, D in ((2, 6), (13, 2), (40, 6), (64, 7)):
        paper = nw.network_layers(T, D, Cesaro, gate)
        assert [layer.bandwidth for layer in paper] == [min(2**ell, T) for ell in range(D)]
        assert all(isinstance(term.kernel, TriBox) for layer in paper for term in layer.terms)
        if D <= floor_log2(T) + 1:
            first = nw.side_path_layers(paper_side_path(Gate("g", gate)), T, Cesaro, depth=D)
            for markov in (False, True):
                assert np.array_equal(
                    nw.network_operator(paper, markov).as_matrix(), nw.network_operator(first, markov).as_matrix()
                )
    with pytest.raises(InputError, match="depth = 8, but the side path trsp has 7 layers at T = 64"):
        nw.side_path_layers(paper_side_path(Gate("g", gate)), 64, Cesaro, depth=8)


def test_the_box_kernel_is_the_box_filter_and_bands_are_read_exactly():
    from specproof.theory.kernels import CausalConvolution
    from specproof.theory.operators import BoxFilter
    from specproof.theory.spec import Kernel, SidePath

    box, cascade = Kernel.box(), Kernel.cascade(2)
    assert isinstance(nw.kernel_operator(box, 20, 5), BoxFilter)
    assert isinstance(nw.kernel_operator(cascade, 20, 5), CausalConvolution)  # the triangle's taps, not Box∘Box
    assert np.allclose(nw.kernel_operator(box, 20, 5).as_matrix(), box.operator(20, 5).as_matrix(), atol=1e-15)
    layers = nw.side_path_layers(SidePath("box", kernel=box), 40, lambda n: network_attention("isolated", n), 3)
    assert [layer.reach for layer in layers] == [0, 1, 3]
    P = nw.network_operator(layers, markov=True)
    band = nw.lower_band(P, sum(layer.reach for layer in layers))
    dense = P.as_matrix()
    for k in range(band.shape[0]):
        assert np.array_equal(band[k, : 40 - k], np.diag(dense, -k))
    assert np.allclose(np.tril(dense, -band.shape[0]), 0)
    with pytest.raises(InputError, match="no constant row sum"):
        nw.row_sum(nw.side_path_layers(SidePath("c", kernel=cascade), 8, Cesaro))
