"""The Cayley skeleton Cay(ℤ_T, S) of the dyadic schedule (TRSP Thm C.1, Lemma C.3)."""

from __future__ import annotations

import networkx as nx
import numpy as np

from theory._validate import InputError, positive_int
from theory.filters import floor_log2


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
    ks = np.arange(T, dtype=np.int64) if k is None else np.asarray(k, dtype=np.int64)
    if multigraph:
        weights = {}
        for g in _generators(T, generators):
            weights[g] = weights.get(g, 0) + 2
    else:
        weights = {u: 1 for u in simple_connection_set(T, generators)}
    mu = np.zeros(ks.shape)
    for g, w in weights.items():
        r = (ks * g) % T  # exact: |k·g| < T² fits in int64 for T < 3·10⁹
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
