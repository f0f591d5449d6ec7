"""TRSP Appendix D: the carry-over to the row-normalised chain, Lemmas D.1–D.5 and the assembled bound (Eq. 20)."""

import itertools
import math
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specproof.checks.claims._shared.trsp_app_d import hadamard_columns, subset_floors
from specproof.engine import strategies as sst
from specproof.theory.markov import (
    absolute_spectral_gap,
    h0_operator_norm,
    pi_mean,
    pi_norm,
    random_walk,
    row_normalise,
    stationary_distribution,
)
from specproof.theory.operators import Cesaro, Identity, Sink, TriBox
from specproof.theory.spectral import singular_values, stable_rank
from specproof.theory.subsets import best_column_subset

# --------------------------------------------------------------------------- carry-over


@pytest.mark.parametrize("attention", ["sink", "cesaro"])
@pytest.mark.parametrize("T, b", [(6, 2), (17, 3), (40, 8)])
def test_causal_row_normalised_operator_absorbs_at_the_first_token(attention, T, b):
    A = Sink(T) if attention == "sink" else Cesaro(T)
    g = 0.4
    calM = (Identity(T) + A + g * TriBox(T, b)).as_matrix()
    assert np.allclose(calM.sum(axis=1), 2 + g)
    M = row_normalise(calM)
    assert np.allclose(M, calM / (2 + g))
    assert np.allclose(np.triu(M, 1), 0) and M[0, 0] == 1.0
    pi = stationary_distribution(M)
    assert pi[0] == pytest.approx(1.0) and np.allclose(pi[1:], 0, atol=1e-9)
    assert stable_rank(M) == pytest.approx(stable_rank(calM))


# --------------------------------------------------------------------------- Lemma D.1


def demanded_size_and_floor(X, eps):
    """Lemma D.1 read directly at one ε: (⌈(1−ε)²sr⌉, best σ_min over that many columns, ε), in units of ‖X‖₂/√d."""
    s = singular_values(X)
    sr = float(np.sum((s / s[0]) ** 2))
    k = math.ceil((1 - eps) ** 2 * sr)
    return k, best_column_subset(X, k)[1] / (s[0] / math.sqrt(X.shape[1])), eps


@given(X=sst.column_matrices(5, 5))
@settings(max_examples=30)
def test_restricted_invertibility_reduction_matches_an_epsilon_grid(X):
    floors = subset_floors(X)
    reduced = min(best - paper for _, best, paper, _ in floors)
    # the reduction takes the supremum over ε of each size's demand: it is never above the slack at any ε ...
    for eps in np.linspace(1e-3, 1 - 1e-3, 60):
        _, best, demanded = demanded_size_and_floor(X, eps)
        assert reduced <= best - demanded + 1e-9
    # ... and at an ε just below the largest one demanding k columns it is that size's slack
    for k, best, paper, _ in floors:
        if paper > 1e-3:
            size, best_direct, eps = demanded_size_and_floor(X, paper * (1 - 1e-7))
            assert size == k and best_direct == pytest.approx(best)
            assert best_direct - eps == pytest.approx(best - paper, abs=1e-6)


def test_best_column_subset_is_exhaustive():
    rng = np.random.default_rng(0)
    X = rng.standard_normal((4, 6))
    for k in range(1, 5):
        S, value = best_column_subset(X, k)
        values = [np.linalg.svd(X[:, list(c)], compute_uv=False)[-1] for c in itertools.combinations(range(6), k)]
        assert value == pytest.approx(max(values)) and len(S) == k
    assert best_column_subset(X[:2], 2)[1] > 0 and best_column_subset(np.ones((3, 3)), 2)[1] == pytest.approx(
        0, abs=1e-12
    )


def test_best_column_subset_rejects_bad_input():
    from specproof.theory.validate import InputError

    with pytest.raises(InputError, match="k must satisfy"):
        best_column_subset(np.ones((2, 3)), 4)
    with pytest.raises(InputError, match="exhaustive limit"):
        best_column_subset(np.ones((2, 40)), 20)


# --------------------------------------------------------------------------- Corollary D.2


@pytest.mark.parametrize("k", [1, 2, 5, 8])
def test_average_of_uncorrelated_components(k):
    roots = [Fraction(j + 1, k + 1) for j in range(k)]  # √vᵢ ≤ 1 = σ⊥
    means = [sum(r if p >> i & 1 else -r for i, r in enumerate(roots)) / k for p in range(2**k)]
    second_moment = sum(m * m for m in means) / 2**k
    assert second_moment == sum(r * r for r in roots) / k**2 <= Fraction(1, k)
    # a single realisation is not bounded by σ⊥/√k
    assert max(abs(m) for m in means) ** 2 >= second_moment
    if k >= 2:
        assert max(abs(m) for m in means) ** 2 > Fraction(1, k) * min(roots) ** 2


# --------------------------------------------------------------------------- Lemma D.3


@given(case=sst.sizes(2, 12).flatmap(lambda T: st.tuples(sst.reversible_chains(T), st.integers(0, 20))))
@settings(max_examples=60)
def test_h0_norm_of_powers_is_the_power_of_the_contraction(case):
    (P, pi), L = case
    assert np.allclose(P.sum(axis=1), 1) and np.allclose(pi @ P, pi)
    F = pi[:, None] * P
    assert np.allclose(F, F.T)  # reversible by construction
    rho = h0_operator_norm(P, pi, 1)
    assert h0_operator_norm(P, pi, L) == pytest.approx(rho**L, rel=1e-8, abs=1e-12)
    lam = np.sort(np.linalg.eigvals(P).real)
    assert 1 - absolute_spectral_gap(P, pi) == pytest.approx(max(abs(lam[0]), abs(lam[-2])), abs=1e-9)


def test_random_walk_and_norms():
    W = np.array([[0.0, 1.0, 2.0], [1.0, 0.0, 0.0], [2.0, 0.0, 1.0]])
    P, pi = random_walk(W)
    assert np.allclose(pi, [3, 1, 3] / np.float64(7)) and np.allclose(pi @ P, pi)
    X = np.arange(6.0).reshape(3, 2)
    X_bar = pi_mean(X, pi)
    assert np.allclose(pi @ (X - X_bar), 0) and np.allclose(P @ X_bar, X_bar)
    assert pi_norm(np.ones(3), pi) == pytest.approx(1.0)


def test_markov_helpers_reject_bad_input():
    from specproof.theory.validate import InputError

    with pytest.raises(InputError, match="symmetric"):
        random_walk(np.array([[0.0, 1.0], [2.0, 0.0]]))
    with pytest.raises(InputError, match="unique"):
        stationary_distribution(np.eye(2))
    with pytest.raises(InputError, match="π > 0"):
        h0_operator_norm(np.eye(2), np.array([1.0, 0.0]))
    with pytest.raises(InputError, match="probability"):
        pi_norm(np.ones(2), np.array([0.7, 0.7]))
    with pytest.raises(InputError, match="row sum"):
        row_normalise(np.zeros((2, 2)))


# --------------------------------------------------------------------------- Lemma D.4


@given(T=sst.sizes(1, 64), seed=st.integers(0, 2**16))
def test_pointwise_bound_is_tight_at_the_lightest_token(T, seed):
    rng = np.random.default_rng(seed)
    pi = rng.dirichlet(np.ones(T)) + 1e-3
    pi /= pi.sum()
    c_pi = T * pi.min()
    e = rng.standard_normal(T)
    assert np.abs(e).max() <= math.sqrt(T / c_pi) * pi_norm(e, pi) * (1 + 1e-12)
    spike = np.zeros(T)
    spike[np.argmin(pi)] = 1.0
    assert math.sqrt(T / c_pi) * pi_norm(spike, pi) == pytest.approx(1.0)


# --------------------------------------------------------------------------- Lemma D.5


@given(A=st.integers(1, 6).flatmap(sst.invertible_matrices))
@settings(max_examples=60)
def test_readout_lipschitz_bound_is_attained_by_a_linear_readout(A):
    U, s, Vt = np.linalg.svd(A)
    # f(x) = ⟨v_n, x⟩ with v_n the weakest right-singular direction: Lip(f∘𝒜⁻¹) = 1/σ_min = κ/σ_max
    B = Vt[-1][None, :]
    lip = np.linalg.norm(B @ np.linalg.inv(A), 2)
    assert lip == pytest.approx((s[0] / s[-1]) / s[0], rel=1e-6)
    assert lip <= np.linalg.norm(B, 2) / s[-1] * (1 + 1e-6)


# --------------------------------------------------------------------------- Eq. 20


@pytest.mark.parametrize("T, d", [(2, 1), (4, 2), (8, 3)])
def test_mixing_does_not_reach_the_target(T, d):
    X = np.array(hadamard_columns(T, d), dtype=float)
    M = 0.5 * np.eye(T) + 0.5 * np.ones((T, T)) / T
    pi = np.full(T, 1 / T)
    assert absolute_spectral_gap(M, pi) == pytest.approx(0.5)
    assert stable_rank(X) == pytest.approx(d)
    errors = []
    for L in range(0, 40, 3):
        y_hat = np.linalg.matrix_power(M, L) @ X  # 𝒜 = I, f = identity
        errors.append(np.linalg.norm(y_hat - X))
        # the corrected bound: distance to the mixed-state prediction G(X̄) = 0 contracts like 2^-L
        bound = math.sqrt(T / (T * pi.min())) * 0.5**L * pi_norm(X - pi_mean(X, pi), pi)
        assert np.linalg.norm(y_hat - pi_mean(X, pi)) <= bound * (1 + 1e-12) + 1e-300
    assert errors[-1] == pytest.approx(np.linalg.norm(X))  # the error tends to ‖X − X̄‖, not 0
