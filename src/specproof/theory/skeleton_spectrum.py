"""μ₂ of the Cayley skeleton Cay(ℤ_T, S) of the dyadic schedule (TRSP Eq. 9) for T up to 10⁸ and beyond, exactly
in the angles: integer angle reduction r ← 2r mod T and a branch and bound over blocks of k whose lower bounds come from
the exact integer arcs of 2^ℓ k mod T (re-exported by :mod:`theory.solvers`)."""

from __future__ import annotations

import math

import numpy as np

from specproof.theory import filters
from specproof.theory.brackets import EPS, SpectralBracket
from specproof.theory.validate import InputError, positive_int

# --------------------------------------------------------------------------- the Cayley skeleton


def _dyadic_term_weights(T: int, multigraph: bool) -> np.ndarray:
    """w_ℓ with μ_k = Σ_ℓ w_ℓ·2 sin²(π·(2^ℓ k mod T)/T), ℓ = 0..⌊log₂ T⌋ (TRSP Eq. 9).

    Multigraph: every generator 2^ℓ contributes its ±edges, w_ℓ = 2 (a generator ≡ 0 adds nothing).
    Simple graph: each class {g, −g} ∖ {0} counts once, with weight its size (1 when 2g ≡ 0).
    """
    gens = [pow(2, ell, T) for ell in range(filters.floor_log2(T) + 1)]
    if multigraph:
        return np.array([2.0 if g else 0.0 for g in gens])
    weights, seen = [], set()
    for g in gens:
        cls = frozenset({g, (-g) % T}) - {0}
        weights.append(float(len(cls)) if cls and cls not in seen else 0.0)
        seen.add(cls)
    return np.array(weights)


def _doubling_angles(ks: np.ndarray, T: int, depth: int):
    """Yield ℓ, min(r, T−r) with r = 2^ℓ k mod T, by r ← 2r mod T in exact int64 arithmetic."""
    r = ks.astype(np.int64, copy=True)
    for ell in range(depth):
        yield ell, np.minimum(r, T - r)  # sin²(πr/T) = sin²(π(T−r)/T): argument in [0, π/2], well conditioned
        r <<= 1
        r -= (r >= T) * T


def _skeleton_terms(red: np.ndarray, T: int, weight: float) -> np.ndarray:
    s = np.sin(red * (math.pi / T))
    return (2.0 * weight) * (s * s)


def _skeleton_mu(ks: np.ndarray, T: int, weights: np.ndarray) -> np.ndarray:
    """μ_k for the given k, terms accumulated in the order ℓ = 0, 1, …"""
    mu = np.zeros(len(ks))
    for ell, red in _doubling_angles(np.asarray(ks, dtype=np.int64), T, weights.size):
        if weights[ell]:
            mu += _skeleton_terms(red, T, weights[ell])
    return mu


def skeleton_spectrum_chunks(T: int, *, multigraph: bool = True, chunk: int = 1 << 17):
    """Yield (k, μ_k) over k = 0..T−1 in chunks, for spectra too large to hold (TRSP Eq. 9).

    Same values as :func:`theory.cayley.cayley_laplacian_spectrum` with the dyadic generators,
    computed by doubling the exact residue r = 2^ℓ k mod T instead of multiplying k·2^ℓ.
    """
    T = positive_int("T", T, minimum=2)
    chunk = positive_int("chunk", chunk)
    if T >= 1 << 62:
        raise InputError(f"T must be below 2^62 so that 2r fits in int64, got {T}")
    weights = _dyadic_term_weights(T, multigraph)
    for start in range(0, T, chunk):
        ks = np.arange(start, min(T, start + chunk), dtype=np.int64)
        yield ks, _skeleton_mu(ks, T, weights)


def skeleton_rounding(T: int) -> float:
    """Relative rounding allowance of one μ_k: (2(L+1) + 16)·eps.

    Per term: the angle red·(π/T) carries ≤ 4 eps (red converted to float above 2^53, π/T rounded,
    the product rounded), sin is accurate
    to 1 ulp and well conditioned on [0, π/2], squaring and scaling add 2 eps; summing L+1
    nonnegative terms adds ≤ (L+1) eps relative (Higham 2002, §4.2: recursive summation of
    nonnegative numbers is relatively accurate to γ_{n−1}).
    """
    return (2 * (filters.floor_log2(T) + 1) + 16) * EPS


_PRUNE_SAFETY = 1e-9  # relative margin on both sides of a pruning test, far above the float error of the bounds


def _arc_lower_bounds(a: np.ndarray, b: np.ndarray, T: int, weights: np.ndarray) -> np.ndarray:
    """A lower bound of μ_k over each block of integers a ≤ k ≤ b, term by term.

    For term ℓ the residues 2^ℓ k mod T, k in the block, lie in the integer arc [r, r + s] with
    r = 2^ℓ a mod T and s = 2^ℓ (b − a) (both by exact doubling). If r + s ≥ T the arc passes a
    multiple of T, where sin² vanishes: bound 0. Otherwise sin²(π·/T) is unimodal on the arc and its
    minimum is at an endpoint.
    """
    r = a.astype(np.int64, copy=True)
    span = (b - a).astype(np.int64)
    bound = np.zeros(a.size)
    for ell in range(weights.size):
        if weights[ell]:
            end = r + span
            wraps = end >= T
            end = np.where(wraps, r, end)
            ends = np.minimum(
                _skeleton_terms(np.minimum(r, T - r), T, weights[ell]),
                _skeleton_terms(np.minimum(end, T - end), T, weights[ell]),
            )
            bound += np.where(wraps, 0.0, ends)
        r <<= 1
        r -= (r >= T) * T
        span = np.minimum(2 * span, T)  # once the arc covers a full turn it stays there
    return bound


def _block_minimum(ks: np.ndarray, T: int, weights: np.ndarray, best: float, best_k: int):
    """min μ_k over ``ks`` against the incumbent (best, best_k): partial sums above ``best`` are dropped
    after every term (the terms are nonnegative and rounding is monotone, so this is exact)."""
    acc = np.zeros(ks.size)
    r = ks.copy()
    for ell in range(weights.size):
        if weights[ell]:
            acc += _skeleton_terms(np.minimum(r, T - r), T, weights[ell])
            alive = acc <= best
            if not alive.all():
                ks, r, acc = ks[alive], r[alive], acc[alive]
                if ks.size == 0:
                    return best, best_k
        r <<= 1
        r -= (r >= T) * T
    i = int(np.argmin(acc))
    if acc[i] < best or (acc[i] == best and ks[i] < best_k):
        return float(acc[i]), int(ks[i])
    return best, best_k


def skeleton_algebraic_connectivity(T: int, *, multigraph: bool = True, leaf: int = 1 << 12) -> SpectralBracket:
    """μ₂ = min_{k≠0} μ_k of Cay(ℤ_T, S), S the dyadic generators (TRSP Eq. 9), for huge T.

    Branch and bound over blocks of k (μ_k = μ_{T−k}, so 1 ≤ k ≤ ⌊T/2⌋): a block is dropped when the
    lower bound of :func:`_arc_lower_bounds` exceeds the best μ_k found, split in two otherwise, and
    evaluated k by k (:func:`_block_minimum`) once it has at most ``leaf`` elements. The bound of a
    block of length T/2^j is as strong as the first j−1 terms, and the terms average 2, so the
    surviving blocks thin out geometrically: T = 10⁸ takes milliseconds, T = 2⁴⁰ well under a second.

    Exactness: a block is dropped only if bound·(1 − 10⁻⁹) > best·(1 + 10⁻⁹), while the float error
    of the bound and of any μ_k is below 10⁻¹³ relative; so every dropped k has a floating-point μ_k
    above the returned one, which is the float minimum of the closed form. ``info``: ``argmin_k`` (the
    smallest minimiser in 1..⌊T/2⌋), ``blocks`` (blocks bounded), ``evaluated`` (k evaluated singly).
    """
    T = positive_int("T", T, minimum=2)
    if T >= 1 << 62:
        raise InputError(f"T must be below 2^62 so that 2r fits in int64, got {T}")
    leaf = positive_int("leaf", leaf)
    weights = _dyadic_term_weights(T, multigraph)
    seeds = sorted({1, T // 2})  # a good first bound: μ_{T/2} ≤ 4 for even T
    seed_mu = _skeleton_mu(np.asarray(seeds, dtype=np.int64), T, weights)
    best, best_k = float(seed_mu.min()), seeds[int(np.argmin(seed_mu))]
    lo, hi = np.array([1], dtype=np.int64), np.array([T // 2], dtype=np.int64)
    blocks = evaluated = 0
    while lo.size:
        blocks += lo.size
        keep = _arc_lower_bounds(lo, hi, T, weights) * (1 - _PRUNE_SAFETY) <= best * (1 + _PRUNE_SAFETY)
        lo, hi = lo[keep], hi[keep]
        small = hi - lo < leaf
        if small.any():
            ks = np.concatenate([np.arange(x, y + 1, dtype=np.int64) for x, y in zip(lo[small], hi[small])])
            evaluated += ks.size
            for start in range(0, ks.size, 1 << 16):
                best, best_k = _block_minimum(ks[start : start + (1 << 16)], T, weights, best, best_k)
        lo, hi = lo[~small], hi[~small]
        mid = (lo + hi) // 2
        lo, hi = np.concatenate([lo, mid + 1]), np.concatenate([mid, hi])
    delta = skeleton_rounding(T) * best
    kind = "multigraph" if multigraph else "simple graph"
    return SpectralBracket(
        best,
        best - delta,
        best + delta,
        "closed-form-branch-and-bound",
        f"exact minimum over k of the closed form ({kind}); bracket: worst-case rounding "
        "of one μ_k, assuming libm sin is accurate to 1 ulp",
        info={"argmin_k": best_k, "blocks": blocks, "evaluated": evaluated},
    )


# --------------------------------------------------------------------------- the real triBox stack
