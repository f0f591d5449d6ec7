"""Spectral metrics against their definitions on matrices whose spectra are known."""

import numpy as np
import pytest
import torch

from specproof.theory.spectral import (
    anisotropy,
    effective_rank,
    eigenvalue_participation,
    normalized_gap,
    spectral_flatness,
    spectral_gap,
    stable_rank,
    wasserstein1,
)
from specproof.theory.torch import backend
from specproof.theory.torch.gate import GateParams, LongContextGate, gate_value
from specproof.theory.validate import InputError


def test_metrics_on_a_diagonal_matrix():
    D = np.diag([2.0, 1.0, 1.0, 0.0])
    assert stable_rank(D) == pytest.approx(1.5)
    assert spectral_gap(D) == pytest.approx(0.5)
    assert effective_rank(np.eye(5), 1) == pytest.approx(5)
    assert effective_rank(np.eye(5), 2) == pytest.approx(5)
    assert eigenvalue_participation(D) == pytest.approx(2.0)
    assert spectral_flatness(np.eye(3)) == pytest.approx(1.0)
    assert spectral_flatness(D) == 0.0


def test_anisotropy_and_wasserstein():
    X = np.ones((4, 3))
    assert anisotropy(X) == pytest.approx(1.0)
    assert anisotropy(np.eye(3)) == pytest.approx(0.0)
    assert wasserstein1([0, 1], [0, 2]) == pytest.approx(0.5)


def test_normalised_gap_of_a_cycle():
    T = 12
    W = np.roll(np.eye(T), 1, axis=1) + np.roll(np.eye(T), -1, axis=1)
    assert normalized_gap(W) == pytest.approx((2 - 2 * np.cos(2 * np.pi / T)) / 2)


def test_bad_metric_input():
    with pytest.raises(InputError, match="p must be 1 or 2"):
        effective_rank(np.eye(2), 3)
    with pytest.raises(InputError, match="zero matrix"):
        stable_rank(np.zeros((2, 2)))


def test_backend_is_float64_on_the_available_device():
    t = backend.as_tensor([1.0, 2.0])
    assert t.dtype == torch.float64
    assert t.device.type == ("cuda" if torch.cuda.is_available() else "cpu")


def test_gate_module_matches_pure_function_and_counts_fifty_parameters():
    g = LongContextGate(hidden=16)
    assert sum(p.numel() for p in g.parameters()) == 50 == g.params().count
    T, bs = 4096, [1, 2, 64, 4096]
    np.testing.assert_allclose(g(T, bs).detach().cpu().numpy(), gate_value(np.array(bs) / T, g.params()), rtol=1e-12)


def test_gate_rejects_bad_coverage():
    p = GateParams(np.ones(2), np.zeros(2), np.ones(2), 0.0, 0.0)
    with pytest.raises(InputError, match=r"\(0, 1\]"):
        gate_value(1.5, p)
    with pytest.raises(InputError, match="1 <= b <= T"):
        LongContextGate()(8, 9)
