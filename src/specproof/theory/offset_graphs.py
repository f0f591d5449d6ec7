"""Dyadic offset graphs with their modelling choices as parameters (TRSP App. C.1–C.3).

The Cayley skeleton of Thm C.1 fixes four choices the paper does not vary: every layer ℓ = 0..⌊log₂T⌋
is present, indices wrap around mod T, every offset ±2^ℓ carries weight 1, and the weights are summed
over layers. Here the depth, the boundary and the per-layer weights are parameters, so each choice can
be dropped on its own.
"""

from __future__ import annotations

import numpy as np

from specproof.theory.filters import floor_log2
from specproof.theory.validate import InputError, positive_int


def dyadic_offset_edges(T: int, depth: int | None = None, *, wrap: bool = True) -> np.ndarray:
    """The causal edges (n, n − 2^ℓ, ℓ) of the offsets 2^ℓ, ℓ = 0..depth−1 (default ⌊log₂T⌋ + 1 layers).

    With ``wrap`` indices are taken mod T (the Cayley skeleton: every n has the edge, loops and parallel
    edges kept); without, only n ≥ 2^ℓ has it (the causal, non-wrapping boundary). Shape (E, 3), int64.
    """
    T = positive_int("T", T)
    depth = floor_log2(T) + 1 if depth is None else positive_int("depth", depth, minimum=0)
    n = np.arange(T, dtype=np.int64)
    blocks = []
    for ell in range(depth):
        g = 2**ell
        src = n if wrap else n[n >= g]
        blocks.append(np.stack([src, (src - g) % T, np.full(src.size, ell, dtype=np.int64)], axis=1))
    return np.concatenate(blocks) if blocks else np.zeros((0, 3), dtype=np.int64)


def _layer_weights(edges: np.ndarray, weights) -> list:
    weights = list(weights)
    if edges.size and int(edges[:, 2].max()) >= len(weights):
        raise InputError(f"need a weight for every layer 0..{int(edges[:, 2].max())}, got {len(weights)}")
    return weights


def offset_laplacian(T: int, edges: np.ndarray, weights) -> np.ndarray:
    """L = D − W for W = Σ_edges w_ℓ(e_n e_mᵀ + e_m e_nᵀ): weight w_ℓ on each undirected edge of layer ℓ.

    w = 1 is the skeleton of Eq. 9 (W = M + Mᵀ for the causal offsets M); w = ½ is App. C.1's
    symmetrisation ½(M + Mᵀ). Loops cancel in D − W.
    """
    T = positive_int("T", T)
    w = np.asarray(_layer_weights(edges, weights), dtype=np.float64)[edges[:, 2]]
    W = np.zeros((T, T))
    np.add.at(W, (edges[:, 0], edges[:, 1]), w)
    np.add.at(W, (edges[:, 1], edges[:, 0]), w)
    return np.diag(W.sum(axis=1)) - W


def laplacian_form(edges: np.ndarray, weights, x):
    """xᵀLx = Σ_edges w_ℓ(x_n − x_m)² for the Laplacian of :func:`offset_laplacian`, in the arithmetic of
    ``weights`` and ``x`` (exact for ints and Fractions: with x ⟂ 𝟏 it bounds μ₂ ≤ xᵀLx/xᵀx)."""
    weights = _layer_weights(edges, weights)
    total = 0 * weights[0] if weights else 0
    for n, m, ell in edges.tolist():
        total += weights[ell] * (x[n] - x[m]) ** 2
    return total
