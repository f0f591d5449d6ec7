"""Matrix-free solvers against dense references: every fast value inside its bracket, next to eigvalsh/svd."""

import math

import numpy as np
import pytest
import scipy.linalg
from hypothesis import example, given, settings
from hypothesis import strategies as st

from specproof.engine import strategies as sst
from specproof.theory.cayley import cayley_algebraic_connectivity, cayley_laplacian_spectrum
from specproof.theory.operators import (
    Cesaro,
    Dense,
    Identity,
    Sink,
    SoftmaxAttention,
    TriBox,
    superposed_tribox_laplacian,
)
from specproof.theory.solvers import (
    attention_matrix_torch,
    cesaro_matrix_torch,
    dense_eigvalsh,
    dense_singular_values,
    real_tribox_algebraic_connectivity,
    skeleton_algebraic_connectivity,
    skeleton_spectrum_chunks,
    spectral_norm,
    stable_rank_matrix_free,
    tribox_stack_laplacian,
)
from specproof.theory.spectral import normalized_gap, stable_rank
from specproof.theory.validate import InputError

EPS = np.finfo(float).eps


def schedules(T):
    """The dyadic default, arbitrary bandwidths (with b = 1 and b > T) and a single layer."""
    return st.one_of(st.none(), st.lists(st.integers(1, 2 * T + 3), min_size=1, max_size=5), st.just([T]))


# --------------------------------------------------------------------------- the Cayley skeleton


@pytest.mark.parametrize("multigraph", [True, False])
def test_skeleton_mu2_equals_the_chunked_closed_form_for_every_small_T(multigraph):
    for T in range(2, 400):
        fast = skeleton_algebraic_connectivity(T, multigraph=multigraph, leaf=7)
        reference = cayley_algebraic_connectivity(T, multigraph=multigraph)
        assert fast.lower <= reference <= fast.upper, (T, fast, reference)
        assert abs(fast.value - reference) <= 4 * EPS * reference


@pytest.mark.parametrize("T", [2**16, 2**16 + 1, 3**10, 10**5 + 3])
def test_skeleton_mu2_at_larger_T_and_its_minimiser(T):
    fast = skeleton_algebraic_connectivity(T)
    assert fast.value == pytest.approx(cayley_algebraic_connectivity(T), rel=1e-14)
    k = fast.info["argmin_k"]
    assert cayley_laplacian_spectrum(T, k=[k])[0] == pytest.approx(fast.value, rel=1e-14)


@pytest.mark.parametrize("T", [2**17 + 1, 3 * 2**16, 2**17 - 1])
def test_skeleton_branch_and_bound_does_not_depend_on_the_leaf_size(T):
    values = {leaf: skeleton_algebraic_connectivity(T, leaf=leaf) for leaf in (1, 64, T)}
    assert len({(e.value, e.info["argmin_k"]) for e in values.values()}) == 1
    assert values[1].info["evaluated"] < T // 100  # the bound prunes almost every k


def test_skeleton_mu2_against_dense_eigvalsh():
    from specproof.theory.cayley import cayley_laplacian

    for T in (2, 3, 8, 17, 96, 255):
        for multigraph in (True, False):
            dense = scipy.linalg.eigvalsh(cayley_laplacian(T, multigraph=multigraph))[1]
            fast = skeleton_algebraic_connectivity(T, multigraph=multigraph)
            assert fast.value == pytest.approx(dense, abs=50 * T * EPS * 4 * (T.bit_length() + 1))


@pytest.mark.parametrize("multigraph", [True, False])
@given(T=sst.sizes(2, 300), chunk=st.integers(1, 64))
@example(T=256, chunk=1)
@example(T=255, chunk=64)
def test_skeleton_spectrum_chunks_match_the_closed_form(multigraph, T, chunk):
    ks, mu = zip(*skeleton_spectrum_chunks(T, multigraph=multigraph, chunk=chunk))
    np.testing.assert_array_equal(np.concatenate(ks), np.arange(T))
    np.testing.assert_allclose(
        np.concatenate(mu),
        cayley_laplacian_spectrum(T, multigraph=multigraph),
        rtol=0,
        atol=20 * T.bit_length() * EPS * 4,
    )


def test_skeleton_rejects_bad_sizes():
    for bad in (1, 0, 2.5, 1 << 62):
        with pytest.raises(InputError):
            skeleton_algebraic_connectivity(bad)


# --------------------------------------------------------------------------- the real triBox stack


@given(T=sst.sizes(1, 70), data=st.data(), d=st.sampled_from([None, 1, 3]))
@example(T=1, data=None, d=None)
@example(T=64, data=None, d=2)
def test_tribox_stack_laplacian_is_the_superposed_laplacian(T, data, d):
    bandwidths = data.draw(schedules(T)) if data is not None else None
    fast = tribox_stack_laplacian(T, bandwidths)
    reference = superposed_tribox_laplacian(T, bandwidths).as_matrix()
    scale = 10 * T * EPS * max(1.0, np.abs(reference).sum(axis=1).max())
    np.testing.assert_allclose(fast.as_matrix(), reference, rtol=0, atol=scale)
    x = np.random.default_rng(T).standard_normal(T if d is None else (T, d))
    np.testing.assert_allclose(fast.mv(x), reference @ x, rtol=0, atol=scale * np.abs(x).max())
    np.testing.assert_allclose(fast.diagonal(), np.diag(reference), rtol=0, atol=scale)


@pytest.mark.parametrize("normalized", [False, True])
@pytest.mark.parametrize("T", [2, 3, 4, 5, 8, 17, 33, 64, 100, 257, 1000])
def test_real_mu2_agrees_with_dense_eigvalsh(T, normalized):
    L = tribox_stack_laplacian(T).as_matrix()  # equal to the reference operator's matrix (test above)
    if normalized:
        dense = normalized_gap(np.diag(np.diag(L)) - L)
    else:
        dense = scipy.linalg.eigvalsh(L, subset_by_index=[1, 1])[0]
    fast = real_tribox_algebraic_connectivity(T, normalized=normalized)
    assert fast.lower <= dense <= fast.upper
    assert abs(fast.value - dense) <= 1e-8  # the target of the issue, where both run
    assert fast.residual <= 1e-9


def test_real_mu2_with_a_custom_schedule_and_start():
    T, bandwidths = 300, [1, 5, 40, 700]
    dense = scipy.linalg.eigvalsh(superposed_tribox_laplacian(T, bandwidths).as_matrix(), subset_by_index=[1, 1])[0]
    for seed in (0, 1):
        fast = real_tribox_algebraic_connectivity(T, bandwidths, seed=seed)
        assert fast.lower <= dense <= fast.upper


@pytest.mark.parametrize("normalized", [False, True])
def test_real_mu2_preconditioners_agree_and_the_cosine_one_needs_fewer_iterations(normalized):
    for T in (2**12, 2**14 - 1):
        jacobi = real_tribox_algebraic_connectivity(T, normalized=normalized, preconditioner="jacobi")
        cosine = real_tribox_algebraic_connectivity(T, normalized=normalized)
        assert cosine.lower <= jacobi.value <= cosine.upper and jacobi.lower <= cosine.value <= jacobi.upper
        assert cosine.iterations < jacobi.iterations <= 60, (T, cosine.iterations, jacobi.iterations)
        assert cosine.method == "scipy-lobpcg-cosine"


def test_interior_symbol_is_the_fourier_series_of_an_interior_row():
    T, bandwidths = 96, [1, 3, 8, 12]
    L = tribox_stack_laplacian(T, bandwidths)
    M, t = L.as_matrix(), T // 2  # rows t with max b ≤ t ≤ T − 2·max b see no boundary
    offsets = np.arange(-t, T - t)
    omega = np.linspace(0, np.pi, 17)
    series = (M[t][None, :] * np.cos(omega[:, None] * offsets[None, :])).sum(axis=1)
    np.testing.assert_allclose(L.interior_symbol(omega), series, rtol=0, atol=1e-13)


def test_real_mu2_on_tiny_graphs_and_bad_preconditioners():
    for T in (2, 5, 6, 7):
        dense = scipy.linalg.eigvalsh(tribox_stack_laplacian(T).as_matrix())[1]
        fast = real_tribox_algebraic_connectivity(T)
        assert fast.lower <= dense <= fast.upper
        assert fast.method == ("dense-eigh" if T < 6 else "scipy-lobpcg-cosine")
    with pytest.raises(InputError, match="preconditioner"):
        real_tribox_algebraic_connectivity(64, preconditioner="ilu")
    from specproof.theory.solvers import laplacian_algebraic_connectivity

    class PathLaplacian(Dense):
        def diagonal(self):
            return np.diag(self.as_matrix())

    path = PathLaplacian(np.diag([1.0] + [2.0] * 6 + [1.0]) - np.eye(8, k=1) - np.eye(8, k=-1))
    assert laplacian_algebraic_connectivity(path).value == pytest.approx(2 - 2 * math.cos(math.pi / 8), abs=1e-9)
    with pytest.raises(InputError, match="interior_symbol"):
        laplacian_algebraic_connectivity(path, preconditioner="cosine")


# --------------------------------------------------------------------------- norms and stable ranks


def _ops(n, seed):
    rng = np.random.default_rng(seed)
    scores = np.sort(rng.exponential(2.0, n))[::-1]
    return [
        Cesaro(n),
        SoftmaxAttention(scores, causal=True),
        SoftmaxAttention(scores),
        TriBox(n, max(1, n // 3)),
        Sink(n),
        Identity(n),
        0.5 * Cesaro(n),
        Dense(rng.standard_normal((n, n))),
    ]


@settings(max_examples=20)
@given(n=sst.sizes(1, 80), seed=st.integers(0, 2**16))
@example(n=1, seed=0)
@example(n=2, seed=0)
@example(n=64, seed=3)
def test_spectral_norm_bracket_contains_the_dense_norm(n, seed):
    for op in _ops(n, seed):
        M = op.as_matrix()
        sigma1 = scipy.linalg.svdvals(M)[0]
        e = spectral_norm(op)
        slack = 10 * n * EPS * sigma1  # the dense SVD's own backward error
        assert e.lower - slack <= sigma1 <= e.upper + slack, (op, e, sigma1)
        assert abs(e.value - sigma1) <= 1e-8 * sigma1


@pytest.mark.parametrize("n", [1, 7, 300, 2000])
def test_nonnegative_brackets_are_tight(n):
    for op in (Cesaro(n), SoftmaxAttention(np.linspace(3, 0, n), causal=True)):
        e = spectral_norm(op)
        assert e.width <= 1e-9 * e.value + 1e-14
        assert n == 1 or "Collatz" in e.rigour


@settings(max_examples=20)
@given(n=sst.sizes(1, 80), seed=st.integers(0, 2**16))
def test_frobenius_closed_forms_and_stable_rank(n, seed):
    for op in _ops(n, seed):
        if not hasattr(op, "frobenius_norm_sq"):
            continue
        M = op.as_matrix()
        assert op.frobenius_norm_sq() == pytest.approx(np.sum(M**2), rel=10 * n * EPS)
        s = stable_rank_matrix_free(op)
        dense = stable_rank(M)
        assert s.lower * (1 - 1e-12) <= dense <= s.upper * (1 + 1e-12)


def test_cesaro_norm_against_high_precision_at_moderate_size():
    # ‖H_ℓ‖₂² is the top eigenvalue of HᵀH; at ℓ = 40 mpmath settles it to 30 digits
    import mpmath

    ell = 40
    with mpmath.workdps(40):
        H = mpmath.matrix(ell, ell)
        for i in range(ell):
            for j in range(i + 1):
                H[i, j] = mpmath.mpf(1) / (i + 1)
        top = float(mpmath.sqrt(max(mpmath.eigsy(H.T * H)[0])))
    e = spectral_norm(Cesaro(ell))
    assert e.lower <= top <= e.upper


def test_stable_rank_needs_a_frobenius_norm():
    with pytest.raises(InputError, match="Frobenius"):
        stable_rank_matrix_free(TriBox(8, 2))
    with pytest.raises(InputError, match="positive finite"):
        stable_rank_matrix_free(TriBox(8, 2), frobenius_sq=-1.0)


# --------------------------------------------------------------------------- dense spectra through torch


@pytest.mark.parametrize("causal", [False, True])
@pytest.mark.parametrize("ell", [1, 2, 9, 64])
def test_torch_attention_matrix_and_spectra(ell, causal):
    scores = np.linspace(4.0, 0.0, ell) if ell > 1 else np.array([3.0])
    A = attention_matrix_torch(scores, causal=causal).cpu().numpy()
    reference = SoftmaxAttention(scores, causal=causal).as_matrix()
    np.testing.assert_allclose(A, reference, rtol=0, atol=4 * EPS)
    np.testing.assert_allclose(dense_singular_values(A), scipy.linalg.svdvals(reference), rtol=0, atol=10 * ell * EPS)
    S = reference + reference.T
    np.testing.assert_allclose(dense_eigvalsh(S), scipy.linalg.eigvalsh(S), rtol=0, atol=20 * ell * EPS)


def test_torch_cesaro_matrix_and_operator_input():
    np.testing.assert_array_equal(cesaro_matrix_torch(7).cpu().numpy(), Cesaro(7).as_matrix())
    np.testing.assert_allclose(
        dense_singular_values(Cesaro(30)), scipy.linalg.svdvals(Cesaro(30).as_matrix()), atol=1e-13
    )


def test_dense_spectra_reject_bad_matrices():
    with pytest.raises(InputError, match="square"):
        dense_singular_values(np.ones((2, 3)))
    with pytest.raises(InputError, match="finite"):
        dense_eigvalsh([[1.0, math.nan], [0.0, 1.0]])


@pytest.mark.slow  # a subprocess running the benchmark script (~12 s); not part of the verdict or freshness guarantees
def test_gpu_spectra_script_runs_on_the_cpu_at_small_sizes(tmp_path):
    """benchmarks/gpu_attention_spectra.py is run on a GPU on demand; here it must work on the CPU."""
    import subprocess
    import sys
    from pathlib import Path

    script = Path(__file__).resolve().parents[1] / "benchmarks" / "gpu_attention_spectra.py"
    proc = subprocess.run(
        [sys.executable, str(script), "--min-ell", "16", "--max-ell", "32", "--device", "cpu", "--out", str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert proc.returncode == 0, proc.stderr
    import json

    rows = json.loads((tmp_path / "gpu_attention_spectra_cpu.json").read_text())["rows"]
    assert {(r["family"], r["ell"]) for r in rows} == {
        (f, n) for f in ("causal", "bidirectional", "cesaro") for n in (16, 32)
    }
    assert all(r["sigma_1_in_bracket"] and r["frobenius_relative_gap"] < 1e-10 for r in rows)


@pytest.mark.parametrize(
    "T, bandwidths",
    [(1, None), (2, None), (7, None), (64, None), (100, [3, 1, 50, 100, 7]), (1000, None), (4097, None)],
)
def test_interior_symbol_on_the_grid_is_the_symbol(T, bandwidths):
    L = tribox_stack_laplacian(T, bandwidths)
    np.testing.assert_allclose(
        L.interior_symbol_grid(),
        L.interior_symbol(np.pi * np.arange(T) / T),
        rtol=0,
        atol=100 * len(L.bandwidths) * EPS,
    )


# --------------------------------------------------------------------------- the stack's reused workspaces


@pytest.mark.parametrize("T, bandwidths", [(1, None), (2, None), (33, None), (1000, None), (300, [1, 5, 40, 700])])
def test_stack_fft_bulk_through_numpy_out_is_scipy_fft_bit_for_bit(T, bandwidths):
    """The bulk writes numpy.fft's rfft/irfft into the workspace; the value is scipy.fft's pair, to the bit."""
    import scipy.fft

    L = tribox_stack_laplacian(T, bandwidths)
    x = np.random.default_rng(T).standard_normal((2, T))
    ws = L._workspace(2)
    ws.load(x.T)
    N = L._fft_len
    want = scipy.fft.irfft(scipy.fft.rfft(x, n=N, axis=-1) * L._symbol, n=N, axis=-1)[:, :T]
    assert np.array_equal(L._bulk(ws), want)


def test_stack_products_are_fresh_for_every_block_width():
    """Widths 1, 3, 2 and T interleaved (LOBPCG's blocks, as_matrix): each product equals a fresh operator's and
    stays as it was returned while later products reuse the scratch."""
    T = 257
    L = tribox_stack_laplacian(T)
    rng = np.random.default_rng(0)
    inputs = [rng.standard_normal(s) for s in [(T,), (T, 3), (T, 1), (T, 2), (T,), (T, 3)]]
    results = [L.mv(x) for x in inputs]
    kept = [r.copy() for r in results]
    dense = L.as_matrix()
    for x, r, k in zip(inputs, results, kept):
        assert np.array_equal(r, k) and r.shape == x.shape and r.flags.c_contiguous
        assert np.array_equal(r, tribox_stack_laplacian(T).mv(x))
        np.testing.assert_allclose(r, dense @ x, rtol=0, atol=1e-12 * np.abs(x).max())
    assert all(m <= 8 for m in L._parked) and T not in L._parked  # as_matrix's T-wide block is not kept


def test_stack_products_from_several_threads_do_not_share_scratch():
    from concurrent.futures import ThreadPoolExecutor

    T = 4097
    L = tribox_stack_laplacian(T)
    xs = [np.random.default_rng(seed).standard_normal(T if seed % 2 else (T, 2)) for seed in range(16)]
    want = [tribox_stack_laplacian(T).mv(x) for x in xs]
    with ThreadPoolExecutor(4) as pool:
        got = list(pool.map(L.mv, xs))
    assert all(np.array_equal(g, w) for g, w in zip(got, want))


def test_stack_pickles_without_its_scratch():
    import pickle

    L = tribox_stack_laplacian(100)
    x = np.random.default_rng(1).standard_normal(100)
    y = L.mv(x)
    copy = pickle.loads(pickle.dumps(L))
    assert copy._parked == {} and np.array_equal(copy.mv(x), y)
