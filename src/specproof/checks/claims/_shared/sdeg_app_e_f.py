"""SDEG §4.1 and App. E–F: what several claim files share (the eigen-angle sweeps and their references)."""

from __future__ import annotations

import functools

import numpy as np

from specproof.engine.registry import Context
from specproof.theory.attention import (
    angle_kl,
    angle_kolmogorov,
    angle_wasserstein1,
    angle_wasserstein1_sampled,
    eigen_angles,
    haar_orthogonal,
)

REFERENCES = 16


def angle_sweep(ctx: Context):
    return _angle_sweep_cached(ctx.wide, ctx.seed)


@functools.lru_cache(maxsize=4)
def _angle_sweep_cached(wide: bool, seed: int):
    """Eigen-angle discrepancies of N Haar samples per size (one Monte Carlo run shared by three checks)."""
    sizes = np.array([8, 16, 32, 64, 128, 256] + ([512, 1024] if wide else []))
    samples = {8: 400, 16: 200, 32: 120, 64: 100, 128: 60, 256: 30, 512: 16, 1024: 8}
    out = {}
    for ell in sizes:
        thetas = [eigen_angles(U) for U in haar_orthogonal(int(ell), samples[int(ell)], seed + int(ell))]
        out[int(ell)] = {
            "Kolmogorov": np.array([angle_kolmogorov(t) for t in thetas]),
            "W1": np.array([angle_wasserstein1(t) for t in thetas]),
            "KL": np.array([angle_kl(t) for t in thetas]),
            # the estimator's variance is mostly its reference sample: average REFERENCES draws per matrix
            "W1-sampled": np.array(
                [
                    np.mean([angle_wasserstein1_sampled(t, seed + REFERENCES * i + r) for r in range(REFERENCES)])
                    for i, t in enumerate(thetas)
                ]
            ),
        }
    return sizes, samples, out
