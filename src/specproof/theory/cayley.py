"""The Cayley skeleton Cay(ℤ_T, S) of the dyadic schedule (TRSP Thm C.1, Lemma C.3)."""

from __future__ import annotations

from fractions import Fraction

import networkx as nx
import numpy as np

from specproof.theory.filters import floor_log2
from specproof.theory.validate import InputError, positive_int

_INT64_ANGLE_LIMIT = 3_037_000_499  # ⌊√(2⁶³ − 1)⌋


def dyadic_generators(T: int) -> list[int]:
    """S = {2^ℓ mod T : ℓ = 0..L}, L = ⌊log₂ T⌋, as the multiset the closed form sums over.

    For T = 2^L the last generator is 2^L ≡ 0: a self-loop that adds nothing to the Laplacian.
    """
    T = positive_int("T", T, minimum=2)
    return [pow(2, ell, T) for ell in range(floor_log2(T) + 1)]


def _generators(T: int, generators) -> list[int]:
    T = positive_int("T", T, minimum=2)
    if generators is None:
        return dyadic_generators(T)
    gens = [positive_int("generator", g, minimum=0) % T for g in generators]
    if not gens:
        raise InputError("the generator set must not be empty")
    return gens


def simple_connection_set(T: int, generators=None) -> list[int]:
    """(S ∪ −S) mod T without 0 and without repeats: the neighbours of 0 in the simple graph."""
    gens = _generators(T, generators)
    return sorted(({g % T for g in gens} | {(-g) % T for g in gens}) - {0})


def cayley_laplacian_spectrum(T: int, generators=None, *, multigraph: bool = True, k=None) -> np.ndarray:
    """Laplacian eigenvalues μ_k, k = 0..T-1 (or the given k), in closed form (TRSP Eq. 9).

    Multigraph (the paper's formula): μ_k = 2 Σ_{g∈S} (1 − cos(2π g k / T)), every ±g edge counted
    once per generator, so coinciding generators give parallel edges.
    Simple graph: μ_k = Σ_{u ∈ (S∪−S)∖{0}} (1 − cos(2π u k / T)).
    The angle g·k is reduced mod T in exact integer arithmetic before the cosine.
    """
    T = positive_int("T", T, minimum=2)
    if T > _INT64_ANGLE_LIMIT:  # k·g < T² must fit in int64 for the exact reduction below
        raise InputError(
            f"T = {T}: the closed form reduces k·g mod T in int64, exact only for T ≤ {_INT64_ANGLE_LIMIT}; "
            "use theory.solvers.skeleton_algebraic_connectivity (exact Python integers) beyond"
        )
    ks = np.arange(T, dtype=np.int64) if k is None else np.asarray(k, dtype=np.int64)
    if multigraph:
        weights: dict = {}
        for g in _generators(T, generators):
            weights[g] = weights.get(g, 0) + 2
    else:
        weights = {u: 1 for u in simple_connection_set(T, generators)}
    mu = np.zeros(ks.shape)
    for g, w in weights.items():
        r = (ks * g) % T  # exact: 0 ≤ k·g < T² < 2⁶³ (checked above)
        mu += w * 2.0 * np.sin(np.pi * r / T) ** 2  # 1 − cos θ = 2 sin²(θ/2), no cancellation
    return mu


def cayley_algebraic_connectivity(T: int, generators=None, *, multigraph: bool = True, chunk: int = 1 << 20) -> float:
    """μ₂ = min_{k≠0} μ_k from the closed form, in chunks of k so memory stays O(chunk)."""
    T = positive_int("T", T, minimum=2)
    best = np.inf
    for start in range(1, T, chunk):
        ks = np.arange(start, min(T, start + chunk), dtype=np.int64)
        best = min(best, float(cayley_laplacian_spectrum(T, generators, multigraph=multigraph, k=ks).min()))
    return best


def cayley_degree(T: int, generators=None, *, multigraph: bool = True) -> int:
    """Degree r of the regular graph: 2|S| for the multigraph, |(S∪−S)∖{0}| for the simple graph."""
    if multigraph:
        return 2 * len(_generators(T, generators))
    return len(simple_connection_set(T, generators))


def cayley_adjacency(T: int, generators=None, *, multigraph: bool = True) -> np.ndarray:
    """Dense adjacency of Cay(ℤ_T, S); multigraph entries count parallel edges and self-loops."""
    T = positive_int("T", T, minimum=2)
    A = np.zeros((T, T))
    i = np.arange(T)
    if multigraph:
        for g in _generators(T, generators):
            np.add.at(A, (i, (i + g) % T), 1.0)
            np.add.at(A, (i, (i - g) % T), 1.0)
    else:
        for u in simple_connection_set(T, generators):
            A[i, (i + u) % T] = 1.0
    return A


def cayley_laplacian(T: int, generators=None, *, multigraph: bool = True) -> np.ndarray:
    """Dense Laplacian D − A; self-loops cancel."""
    A = cayley_adjacency(T, generators, multigraph=multigraph)
    return np.diag(A.sum(axis=1)) - A


def cayley_graph(T: int, generators=None, *, multigraph: bool = True) -> nx.Graph:
    """networkx view: a MultiGraph with one edge per (vertex, ±generator), or the simple Graph."""
    T = positive_int("T", T, minimum=2)
    if not multigraph:
        G = nx.Graph()
        G.add_nodes_from(range(T))
        G.add_edges_from((i, (i + u) % T) for i in range(T) for u in simple_connection_set(T, generators))
        return G
    G = nx.MultiGraph()
    G.add_nodes_from(range(T))
    # each generator g contributes the edges {i, i+g}: every vertex meets +g and −g once
    for g in _generators(T, generators):
        if g != 0:
            G.add_edges_from((i, (i + g) % T) for i in range(T))
    return G


# --------------------------------------------------------------------------- exact witnesses for μ_k bounds


def doubling_residues(T: int, ks, depth: int) -> np.ndarray:
    """r_ℓ = 2^ℓ·k mod T for ℓ = 0..depth−1 and each k, shape (depth, len(ks)), in exact int64.

    The angle of generator 2^ℓ at mode k is 2π·r_ℓ/T (TRSP Eq. 9); the doubling r ← 2r mod T
    never overflows for T < 2^62.
    """
    T = positive_int("T", T, minimum=2)
    depth = positive_int("depth", depth)
    r = _modes(T, ks)
    out = np.empty((depth, r.size), dtype=np.int64)
    for ell in range(depth):
        out[ell] = r
        r = (2 * r) % T
    return out


def _modes(T: int, ks) -> np.ndarray:
    if T >= 1 << 62:
        raise InputError(f"T must be below 2^62 so that 2r fits in int64, got {T}")
    ks = np.arange(1, T, dtype=np.int64) if ks is None else np.atleast_1d(np.asarray(ks))
    if ks.dtype.kind not in "iu":
        raise InputError(f"modes k must be integers, got dtype {ks.dtype}")
    return ks.astype(np.int64) % T


def first_residue_in_band(T: int, band, *, depth: int | None = None, ks=None) -> np.ndarray:
    """For each mode k: the first ℓ < depth with lo ≤ (2^ℓ k mod T)/T ≤ hi, or −1 when there is none.

    ``band`` = (lo, hi), two fractions p/q in [0, 1] (Fraction or int); the test q·r ≥ p·T is exact
    integer arithmetic, so a returned ℓ is a certificate, not a floating-point estimate. Default
    depth L+1 (every dyadic generator) and modes k = 1..T−1.
    """
    T = positive_int("T", T, minimum=2)
    depth = floor_log2(T) + 1 if depth is None else positive_int("depth", depth, minimum=0)
    lo, hi = (Fraction(x) for x in band)
    if not 0 <= lo <= hi <= 1:
        raise InputError(f"band must satisfy 0 <= lo <= hi <= 1, got ({lo}, {hi})")
    if max(lo.denominator, hi.denominator) * T >= 1 << 63:
        raise InputError(
            f"band denominators times T must stay below 2^63 for exact int64 tests, got T = {T}, band ({lo}, {hi})"
        )
    r = _modes(T, ks)
    found = np.full(r.size, -1, dtype=np.int64)
    alive = np.arange(r.size)
    for ell in range(depth):
        if not alive.size:
            break
        hit = (lo.denominator * r >= lo.numerator * T) & (hi.denominator * r <= hi.numerator * T)
        found[alive[hit]] = ell
        alive, r = alive[~hit], (2 * r[~hit]) % T
    return found


def binary_digits(T: int, ks, n: int) -> np.ndarray:
    """The first n binary digits b_1..b_n of k/T, shape (n, len(ks)), exactly: b_j = ⌊2·r_{j−1}/T⌋.

    This is the terminating expansion for dyadic k/T (no trailing ones), as in the proof of TRSP Thm C.6.
    """
    T = positive_int("T", T, minimum=2)
    n = positive_int("n", n)
    return (2 * doubling_residues(T, ks, n) >= T).astype(np.int8)
