"""The Cayley skeleton: closed form (Eq. 9) against dense eigvalsh and networkx."""

import networkx as nx
import numpy as np
import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from specproof.engine import strategies as sst
from specproof.theory.cayley import (
    cayley_adjacency,
    cayley_algebraic_connectivity,
    cayley_degree,
    cayley_graph,
    cayley_laplacian,
    cayley_laplacian_spectrum,
    dyadic_generators,
    simple_connection_set,
)
from specproof.theory.spectral import algebraic_connectivity, normalized_gap
from specproof.theory.validate import InputError


@pytest.mark.parametrize("multigraph", [True, False])
@given(T=sst.sizes(2, 80))
@example(T=2)
@example(T=64)
@example(T=65)
@example(T=63)
def test_closed_form_matches_dense_eigvalsh(multigraph, T):
    L = cayley_laplacian(T, multigraph=multigraph)
    dense = np.linalg.eigvalsh(L)
    closed = np.sort(cayley_laplacian_spectrum(T, multigraph=multigraph))
    np.testing.assert_allclose(closed, dense, atol=20 * T * np.finfo(float).eps * np.abs(L).sum(axis=1).max())


@pytest.mark.parametrize("multigraph", [True, False])
@given(T=sst.sizes(2, 64), extra=st.lists(st.integers(0, 200), max_size=3))
def test_networkx_bridge_has_the_same_laplacian(multigraph, T, extra):
    gens = dyadic_generators(T) + extra
    G = cayley_graph(T, gens, multigraph=multigraph)
    np.testing.assert_array_equal(
        nx.laplacian_matrix(G, nodelist=range(T)).toarray(), cayley_laplacian(T, gens, multigraph=multigraph)
    )


@given(T=sst.sizes(3, 64))
def test_algebraic_connectivity_against_networkx(T):
    G = cayley_graph(T, multigraph=False)
    mu2 = cayley_algebraic_connectivity(T, multigraph=False)
    assert nx.algebraic_connectivity(G, method="tracemin_lu", tol=1e-12) == pytest.approx(mu2, abs=1e-7)


def test_generators_coincide_for_powers_of_two():
    assert dyadic_generators(8) == [1, 2, 4, 0]
    assert simple_connection_set(8) == [1, 2, 4, 6, 7]
    # 2^ℓ ≡ −2^m: T = 3 has 1 ≡ −2 (mod 3)
    assert simple_connection_set(3) == [1, 2]
    assert cayley_degree(3) == 4 and cayley_degree(3, multigraph=False) == 2


@given(T=sst.sizes(2, 48))
def test_regular_graph_normalised_gap_is_mu2_over_degree(T):
    W = cayley_adjacency(T)
    assert normalized_gap(W) == pytest.approx(
        algebraic_connectivity(np.diag(W.sum(1)) - W) / cayley_degree(T), abs=1e-10
    )


def test_chunked_minimum_equals_full_minimum():
    T = 1000
    assert cayley_algebraic_connectivity(T, chunk=37) == cayley_laplacian_spectrum(T)[1:].min()


@pytest.mark.parametrize("bad", [1, 0, -5, 2.5])
def test_bad_sizes(bad):
    with pytest.raises(InputError, match="integer >= 2"):
        cayley_laplacian_spectrum(bad)


def test_closed_form_refuses_sizes_where_int64_angle_reduction_would_wrap():
    from specproof.theory.cayley import cayley_laplacian_spectrum

    with pytest.raises(InputError, match="exact only for T"):
        cayley_laplacian_spectrum(5 * 10**9 + 1, k=[5 * 10**9])
