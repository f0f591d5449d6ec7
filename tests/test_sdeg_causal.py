"""SDEG causal claims (checks/claims/sdeg_c_*.py): the closed forms, bounds and counterexamples on their own."""

import math
from fractions import Fraction

import numpy as np
import pytest
import scipy.linalg
from hypothesis import example, given, settings
from hypothesis import strategies as st

from specproof.checks.claims._shared.sdeg_causal import Config, attention, count_bound, log_ratio, profile_terms
from specproof.checks.claims.sdeg.app_c.c3 import c_eigen_profile_order_probe, c_eigen_profile_probes
from specproof.checks.claims.sdeg.app_d.d2 import RANK_CONFIGS
from specproof.checks.claims.sdeg.main.s3_3 import c_eigen_probes
from specproof.engine import strategies as sst
from specproof.engine.registry import REGISTRY, Context, Status
from specproof.theory.cesaro import (
    causal_cesaro_factors,
    causal_eigenvalues,
    causal_row_norms_sq,
    cesaro_norm,
    cesaro_singular_values,
    harmonic_number,
)
from specproof.theory.operators import Cesaro
from specproof.theory.spectral import effective_rank, stable_rank

EPS = np.finfo(float).eps


def sv(s):
    return scipy.linalg.svdvals(attention(s))


@given(s=sst.score_vectors(1, 40, sorted_desc=False, nonnegative=False))
@settings(max_examples=60)
def test_causal_eigenvalues_are_the_diagonal(s):
    A = attention(s)
    assert np.all(np.triu(A, 1) == 0), "A_c must be lower triangular"
    lam = causal_eigenvalues(s)
    np.testing.assert_allclose(np.diag(A), lam, atol=8 * EPS)
    if np.all(np.diff(s) <= 0):  # sorted scores: the formula lists the eigenvalues in decreasing order
        assert np.all(np.diff(lam) <= 8 * EPS)


def test_unsorted_scores_reorder_the_eigenvalues():
    lam = causal_eigenvalues(np.log([1.0, 1.0, 4.0]))
    np.testing.assert_allclose(lam, [1, 1 / 2, 2 / 3])
    assert sorted(lam, reverse=True)[1] == pytest.approx(2 / 3)
    assert c_eigen_probes(Context()).status is Status.CERTIFIED


@given(value=sst.spike_bulk_split(40))
@settings(max_examples=60)
def test_profile_bound_and_its_counterexamples(value):
    s, k = value
    lhs, paper, proved = profile_terms(causal_eigenvalues(s), s, k)
    tol = 10 * s.size * EPS
    assert lhs <= proved * (1 + tol) + tol <= paper * (1 + tol) + 2 * tol


def test_profile_counterexamples_are_exact():
    for check in (c_eigen_profile_probes, c_eigen_profile_order_probe):
        ev = check(Context())
        assert ev.status is Status.CERTIFIED and "necessary" in ev.summary and ev.counterexample


@given(a=st.floats(1.0, 1e6), C_extra=st.floats(0.0, 1e3), i=st.integers(1, 10**6))
@settings(max_examples=100)
def test_harmonic_eigenvalue_bounds(a, C_extra, i):
    lam = Fraction(a) / (Fraction(a) + i - 1)
    C = Fraction(a) + Fraction(C_extra)
    assert Fraction(1, i) <= lam <= C / i


@given(s=sst.score_vectors(1, 40))
@example(s=np.zeros(40))
@settings(max_examples=60)
def test_singular_value_bounds_on_sorted_nonnegative_scores(s):
    values = sv(s)
    i = np.arange(1, s.size + 1)
    tol = 10 * s.size * EPS * math.sqrt(5)
    assert values[0] <= math.sqrt(5) + tol
    assert np.all(values >= 1 / (3 * i - 2) - tol)


def test_lower_bound_needs_nonnegative_scores():
    values = sv([0.0, -math.log(10.0)])
    assert values[1] < 1 / 6
    assert values[1] ** 2 <= 1 / 221 + 1e-15
    with_negative = sv(np.r_[0.0, np.full(63, -60.0)])
    assert with_negative[0] <= math.sqrt(5)  # the upper bound needs no sign


@given(s=sst.score_vectors(1, 40, sorted_desc=False, nonnegative=False))
@settings(max_examples=60)
def test_cesaro_representation(s):
    D, C = causal_cesaro_factors(s)
    H = Cesaro(s.size).as_matrix()
    np.testing.assert_allclose(D[:, None] * H + np.diag(C), attention(s), atol=64 * EPS * max(1.0, D[0]))
    if np.all(s >= 0):
        assert np.all((C >= -EPS) & (C < 1))


@given(s=sst.score_vectors(1, 40, bound=5.0))
@settings(max_examples=60)
def test_row_norm_identity_and_bound(s):
    rho = causal_row_norms_sq(s)
    i = np.arange(1, s.size + 1)
    np.testing.assert_allclose(rho, (attention(s) ** 2).sum(axis=1), atol=4 * s.size * EPS)
    excess = rho - 1 / i
    C_B = (math.exp(5.0) - 1) ** 2
    assert np.all(excess >= -4 * EPS) and np.all(excess <= C_B / i**2 + 4 * EPS)


@given(value=sst.spike_bulk_split(40))
@settings(max_examples=60)
def test_block_interlacing(value):
    s, k = value
    full = sv(s)
    block = scipy.linalg.svdvals(attention(s)[k:, k:]) if k < s.size else np.zeros(0)
    tol = 20 * s.size * EPS * math.sqrt(5)
    assert np.all(full[k:] <= block + tol) and np.all(block <= full[: block.size] + tol)


@pytest.mark.parametrize("spike", [0.0, 5.0, 50.0, 700.0])
def test_single_spike_gives_the_cesaro_matrix(spike):
    ell = 64
    s = np.r_[spike, np.zeros(ell - 1)]
    np.testing.assert_allclose(attention(s), Cesaro(ell).as_matrix(), atol=4 * EPS)
    assert sv(s)[0] == pytest.approx(cesaro_norm(ell), rel=1e-12)
    assert sv(s)[0] >= math.sqrt(1.25)


@given(value=sst.spike_bulk_split(40))
@settings(max_examples=60)
def test_spike_block_bound(value):
    s, k = value
    if k == 0:
        return
    A = attention(s)
    delta = math.sqrt(2) * (k - 1) * math.exp(-float(s[:k].min()))
    tol = 20 * s.size * EPS * math.sqrt(5)
    assert scipy.linalg.svdvals(A[:k, :k] - np.eye(k))[0] <= delta + tol
    assert np.all(sv(s)[:k] >= 1 - delta - tol)


def test_frobenius_norm_grows_like_log():
    sizes = [2**p for p in range(4, 14)]
    frob = [float(np.sum(causal_row_norms_sq(np.ones(n)))) for n in sizes]  # bounded bulk B = 1
    increments = np.diff(frob)
    assert np.all(increments > 0.5 * math.log(2))  # the Frobenius mass keeps growing by ~log 2 per doubling
    assert all(f >= sum((p - 1) / (math.e + p - 1) ** 2 for p in range(1, n + 1)) for f, n in zip(frob, sizes))


@pytest.mark.parametrize("t", [1 / 3, 0.1])
@pytest.mark.parametrize("config", [Config("3", 1.0), Config("0", 2.0), Config("3", 1.0, spikes_last=True)])
def test_bulk_count_bound(config, t):
    for n in (64, 256):
        k = config.k(n)
        bulk_count = int(np.sum(sv(config.scores(n, 0))[k:] > t))
        assert bulk_count <= count_bound(n, k, config.bulk_max, t) - k


@pytest.mark.parametrize("ell", [1, 2, 9, 100, 400])
def test_sqrt_bulk_example(ell):
    values = sv(np.full(ell, 0.5 * math.log(ell)))
    r = math.isqrt(ell)
    assert int(np.sum(values > 1 / 3)) >= r
    assert effective_rank(values, 2) >= stable_rank(values) >= r / 20


@pytest.mark.parametrize("config", RANK_CONFIGS)
def test_rank_proxies_within_the_proved_bracket(config):
    B = config.bulk_max
    upper = 1 + (1 + (math.exp(B) - 1) ** 2 * math.pi**2 / 6) / math.log(2)
    for n in (64, 256):
        F = log_ratio(n, config.k(n))
        values = sv(config.scores(n, 0))
        assert 1 / 20 <= stable_rank(values) / F <= upper
        assert (
            0.5 <= float(np.sum(causal_eigenvalues(config.scores(n, 0)))) / F <= 1 + math.exp(B) * (1 + 1 / math.log(2))
        )
        assert effective_rank(values, 2) >= stable_rank(values)


@pytest.mark.parametrize("n", [1, 2, 16, 1000])
def test_cesaro_schatten_sums(n):
    values = cesaro_singular_values(n)
    assert float(np.sum(values**2)) == pytest.approx(harmonic_number(n), rel=1e-12)
    R = (n + 1).bit_length() - 1
    assert float(np.sum(values)) >= R * (R + 1) * math.log(2) / (4 * math.pi)
    assert float(np.sum(values**3)) <= 2 * (1 + 1 / math.log(2)) * math.log(n + 1) + 1e-12


def test_dyadic_block_inequality_exact():
    for r in range(8):
        block = sum(Fraction(1, i * i) for i in range(2**r, 2 ** (r + 1)))
        for d in range(r + 1):
            assert block * 2 ** (r - d) <= Fraction(1, 2**d)
    assert sum(Fraction(1, i * i) for i in range(1, 2)) * 1 == 1  # equality at r = d = 0


@pytest.mark.parametrize("ell", [1, 10, 1000, 10**5])
def test_test_vector_bounds(ell):
    i = np.arange(1, ell + 1, dtype=float)
    x = i**-0.5
    assert float(x @ x) == pytest.approx(harmonic_number(ell), rel=1e-12)
    excess = Cesaro(ell).mv(x) - 2 / np.sqrt(i)
    assert np.all(excess >= -2 / i - 1e-9) and np.all(excess <= -1 / i + 1e-9)
    quotient = np.linalg.norm(Cesaro(ell).mv(x)) / np.linalg.norm(x)
    assert quotient <= cesaro_norm(ell) + 1e-12 < 2


def test_probes_decide_the_hypotheses_claims():
    from specproof.engine.runner import run_claim

    for part in ("lower-bound", "bounded-bulk"):  # one claim per hypothesis, one probe deciding it
        result = run_claim(REGISTRY[f"sdeg.c.eigen-harmonic.hypotheses.{part}"], Context())
        assert result.status is Status.CERTIFIED and len(result.evidence) == 1
        assert all(e.role == "decides" and "necessary" in e.summary and e.counterexample for e in result.evidence)
    paper = run_claim(REGISTRY["sdeg.c.eigen-harmonic"], Context())
    assert paper.status is Status.PROVED and not any(e.method.startswith("probe/") for e in paper.evidence)
