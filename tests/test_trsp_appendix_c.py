"""TRSP Appendix C: the exact witnesses, the triBox norms and the facts behind each verdict, on small slices.

The claims' own checks run in tests/test_claims.py; these tests pin the helpers they rest on against
brute force and the edge sizes T = 2^m, 2^m ± 1, b = 1, b = T.
"""

import json
import math
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest
import scipy.linalg
from hypothesis import example, given
from hypothesis import strategies as st

from specproof.checks.claims._shared.trsp_app_c import BALL_PRECISION, operator_spectral_norm, real_operator_spectrum
from specproof.checks.claims.trsp.app_c.c2 import coinciding_generators
from specproof.checks.claims.trsp.app_c.c3_1 import tri_laplacian, weyl_margin
from specproof.checks.claims.trsp.app_c.c3_3 import (
    dense_layer_domination,
    layer_rayleigh_ceiling,
    mode_one_envelope_bound,
    skeleton_gap,
)
from specproof.checks.claims.trsp.app_c.c4 import distal_energy
from specproof.engine import strategies as sst
from specproof.engine.registry import REGISTRY, load_all
from specproof.theory.cayley import (
    binary_digits,
    cayley_adjacency,
    cayley_algebraic_connectivity,
    cayley_degree,
    cayley_laplacian,
    cayley_laplacian_spectrum,
    doubling_residues,
    first_residue_in_band,
)
from specproof.theory.cesaro import harmonic_number
from specproof.theory.filters import box_matrix, dyadic_schedule, floor_log2, tribox_kernel_energy, tribox_matrix
from specproof.theory.operators import BoxFilter, Sink, TriBox, composite_operator
from specproof.theory.spectral import algebraic_connectivity, laplacian, normalized_gap
from specproof.theory.tribox_norms import (
    sink_composite_stable_rank_limit,
    tribox_boundary_excess,
    tribox_first_column_sum,
    tribox_frobenius_sq_exact,
    tribox_kernel_energy_exact,
)
from specproof.theory.validate import InputError

EDGE_T = [2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 31, 32, 33, 63, 64, 65, 127, 128, 129]
QUARTER = (Fraction(1, 4), Fraction(3, 4))
SIXTH = (Fraction(1, 6), Fraction(5, 6))


def _brute_first_in_band(T, k, band, depth):
    lo, hi = band
    for ell in range(depth):
        x = Fraction((2**ell * k) % T, T)
        if lo <= x <= hi:
            return ell
    return -1


# --------------------------------------------------------------------------- exact witnesses (theory.cayley)


@given(T=sst.sizes(2, 200), band=st.sampled_from([QUARTER, SIXTH, (Fraction(0), Fraction(1, 3))]))
@example(T=64, band=QUARTER)
@example(T=65, band=SIXTH)
def test_first_residue_in_band_matches_brute_force(T, band):
    depth = floor_log2(T) + 1
    got = first_residue_in_band(T, band)
    want = [_brute_first_in_band(T, k, band, depth) for k in range(1, T)]
    assert got.tolist() == want


@given(T=sst.sizes(2, 300))
def test_doubling_residues_are_powers_times_k(T):
    ks = np.arange(T)
    r = doubling_residues(T, ks, floor_log2(T) + 2)
    for ell in range(r.shape[0]):
        assert r[ell].tolist() == [(2**ell * int(k)) % T for k in ks]


@given(T=sst.sizes(2, 120), n=st.integers(1, 12))
def test_binary_digits_match_the_expansion(T, n):
    digits = binary_digits(T, np.arange(1, T), n)
    for k in range(1, T):
        x, want = Fraction(k, T), []
        for _ in range(n):
            x *= 2
            want.append(int(x >= 1))
            x -= int(x >= 1)
        assert digits[:, k - 1].tolist() == want


@pytest.mark.parametrize(
    "bad",
    [
        dict(band=(Fraction(3, 4), Fraction(1, 4))),
        dict(band=(Fraction(-1, 4), Fraction(1, 2))),
        dict(band=QUARTER, ks=np.array([0.5])),
    ],
)
def test_witness_search_rejects_bad_input(bad):
    with pytest.raises(InputError):
        first_residue_in_band(8, **bad)


def test_witness_search_rejects_tiny_T():
    with pytest.raises(InputError, match="integer >= 2"):
        doubling_residues(1, [1], 3)


@pytest.mark.parametrize("T", EDGE_T)
def test_quarter_witness_exists_at_edge_sizes(T):
    """Thm C.6's witness (4r ∈ [T, 3T]) exists for every mode, already at ℓ ≤ L−1 (trsp.C6.bit-lemma.sharp)."""
    w = first_residue_in_band(T, QUARTER)
    assert np.all(w >= 0) and w.max() <= floor_log2(T) - 1
    mu = cayley_laplacian_spectrum(T)[1:]
    assert np.all(mu >= 2)


@pytest.mark.parametrize("T", EDGE_T)
def test_pair_witness_exists_at_edge_sizes(T):
    """The sharp bound's witness: r_ℓ/T ∈ [1/6, 5/6] for some ℓ ≤ L−1, so s_ℓ + s_{ℓ+1} ≥ 1 and μ_k ≥ 4."""
    w = first_residue_in_band(T, SIXTH, depth=floor_log2(T))
    assert np.all(w >= 0)
    s = np.sin(np.pi * doubling_residues(T, np.arange(1, T), floor_log2(T) + 1) / T) ** 2
    pair = s[w, np.arange(T - 1)] + s[w + 1, np.arange(T - 1)]
    assert np.all(pair >= 1 - 1e-12)


@pytest.mark.parametrize("T", [2, 4, 6, 8, 10, 16, 64, 1000, 1024])
def test_even_T_attains_four(T):
    assert cayley_laplacian_spectrum(T, k=[T // 2])[0] == pytest.approx(4.0, abs=1e-12)
    assert cayley_algebraic_connectivity(T) == pytest.approx(4.0, abs=1e-12)


@pytest.mark.parametrize("T", [3, 5, 7, 9, 15, 17, 33, 65, 129])
def test_odd_T_stays_above_four(T):
    assert cayley_algebraic_connectivity(T) >= 6 - 1e-12


# --------------------------------------------------------------------------- the skeleton


@pytest.mark.parametrize("T", EDGE_T[:12])
def test_superposition_is_the_cayley_adjacency(T):
    A = np.zeros((T, T))
    n = np.arange(T)
    for ell in range(floor_log2(T) + 1):
        np.add.at(A, (n, (n + 2**ell) % T), 1)
        np.add.at(A, (n, (n - 2**ell) % T), 1)
    np.testing.assert_array_equal(A, cayley_adjacency(T))
    assert np.all(A.sum(axis=1) == cayley_degree(T))


@pytest.mark.parametrize("T", [2, 3, 8, 17, 33])
def test_real_stack_support_is_complete(T):
    M = sum(TriBox(T, b).as_matrix() for b in dyadic_schedule(T))
    W = M + M.T
    assert np.all(W[~np.eye(T, dtype=bool)] > 0)


@pytest.mark.parametrize("b", [1, 2, 3, 8])
def test_tribox_interior_row_support_and_peak(b):
    T = 4 * b
    row = TriBox(T, b).as_matrix()[T - 1]
    lags = T - 1 - np.flatnonzero(row > 0)
    assert sorted(lags.tolist()) == list(range(2 * b - 1))
    assert T - 1 - int(np.argmax(row)) == b - 1


@pytest.mark.parametrize("T", EDGE_T[:12])
def test_eq9_is_the_multigraph_spectrum(T):
    dense = scipy.linalg.eigvalsh(cayley_laplacian(T))
    np.testing.assert_allclose(np.sort(cayley_laplacian_spectrum(T)), dense, atol=1e-10)


def test_simple_graph_departs_exactly_where_generators_coincide():
    for T in range(2, 80):
        differ = not np.allclose(
            cayley_laplacian_spectrum(T), cayley_laplacian_spectrum(T, multigraph=False), atol=1e-10
        )
        assert differ == coinciding_generators(T), T
    assert np.sort(cayley_laplacian_spectrum(3, multigraph=False)) == pytest.approx([0, 3, 3])
    assert np.sort(cayley_laplacian_spectrum(3)) == pytest.approx([0, 6, 6])
    assert min(cayley_laplacian_spectrum(T, multigraph=False)[1:].min() for T in range(2, 200)) == pytest.approx(2.0)


@pytest.mark.parametrize("T", [3, 8, 9, 16, 17])
def test_regular_gap_on_the_skeleton(T):
    W = cayley_adjacency(T)
    assert normalized_gap(W) == pytest.approx(cayley_algebraic_connectivity(T) / cayley_degree(T), abs=1e-12)


def test_weyl_on_pinned_examples():
    rng = np.random.default_rng(3)
    for T in (1, 2, 7, 8, 9):
        P = rng.standard_normal((T, T))
        P = (P + P.T) / 2
        B = rng.standard_normal((2, T))
        for Q in (np.zeros((T, T)), B.T @ B):
            assert np.all(scipy.linalg.eigvalsh(P + Q) - scipy.linalg.eigvalsh(P) >= -1e-12)


@pytest.mark.parametrize("T", [2, 8, 9, 16])
def test_safety_net_is_tight_for_identity_attention(T):
    L_attn = laplacian(np.eye(T))  # self-loops cancel: L_attn = 0
    for which in ("skeleton", "real"):
        L_tri = tri_laplacian(T, which)
        assert algebraic_connectivity(L_attn + 0.3 * L_tri) == pytest.approx(
            0.3 * algebraic_connectivity(L_tri), abs=1e-12
        )


# --------------------------------------------------------------------------- Eq. 10–11


@pytest.mark.parametrize("T", EDGE_T)
def test_mode_one_chain_at_edge_sizes(T):
    L = floor_log2(T)
    mu1 = cayley_laplacian_spectrum(T, k=[1])[0]
    middle = (2 * np.pi / T) ** 2 * 4 ** (L + 1) / 3
    assert cayley_algebraic_connectivity(T) <= mu1 + 1e-12
    assert mu1 <= (2 * np.pi / T) ** 2 * (4 ** (L + 1) - 1) / 3 + 1e-12 <= middle + 1e-12
    assert middle <= 16 * np.pi**2 / 3 + 1e-9


@pytest.mark.parametrize("T", EDGE_T)
def test_mode_one_is_the_envelope(T):
    """μ₁(T) = Σ_{j≤L} 4 sin²(πy/2^j) with y = 2^L/T, below the ball-certified 37/5."""
    L = floor_log2(T)
    y = 2**L / T
    assert cayley_laplacian_spectrum(T, k=[1])[0] == pytest.approx(
        sum(4 * np.sin(np.pi * y / 2**j) ** 2 for j in range(L + 1))
    )
    assert cayley_laplacian_spectrum(T, k=[1])[0] < 7.4


def test_envelope_ball_bound_covers_its_piece():
    import flint

    with flint.ctx.workprec(BALL_PRECISION):
        upper = mode_one_envelope_bound(flint.arb(0.6), flint.arb(0.65), 40)
    y = np.linspace(0.6, 0.65, 501)
    envelope = sum(4 * np.sin(np.pi * y / 2**j) ** 2 for j in range(60))
    assert envelope.max() <= float(upper.mid()) + float(upper.rad())


@pytest.mark.parametrize("m", [1, 4, 10, 20])
def test_gap_of_powers_of_two(m):
    assert skeleton_gap(2**m) == pytest.approx(2 / (m + 1), abs=1e-12)


def test_dense_contraction_is_bounded_away_from_zero():
    for T in (16, 17, 255, 256, 4097):
        gamma, D = skeleton_gap(T), floor_log2(T) + 1
        assert 2 - 1e-12 <= gamma * D < 3.7
        assert math.exp(-gamma * D / (1 - gamma)) <= (1 - gamma) ** D <= math.exp(-gamma * D) <= math.exp(-2) + 1e-12


@pytest.mark.parametrize("T", [2, 3, 8, 31, 32, 33])
def test_real_operator_small_sizes(T):
    mu2, gamma, _ = real_operator_spectrum(T)
    M = sum(TriBox(T, b).as_matrix() for b in dyadic_schedule(T))
    W = (M + M.T) / 2
    dense = scipy.linalg.eigvalsh(np.diag(W.sum(1)) - W)
    assert mu2 == pytest.approx(dense[1], abs=1e-10)
    assert 0.5 <= mu2 < 2 and 0.5 <= gamma * np.log2(2 * T) <= 3


# --------------------------------------------------------------------------- C.4: triBox norms (theory.tribox_norms)


@given(tb=sst.size_and_bandwidth(14))
@example(tb=(1, 1))
@example(tb=(8, 8))
@example(tb=(9, 4))
def test_exact_tribox_matches_float(tb):
    T, b = tb
    M = tribox_matrix(T, b, exact=True)
    np.testing.assert_allclose(M.astype(float), TriBox(T, b).as_matrix(), atol=1e-14)
    assert all(sum(M[i]) == 1 for i in range(T)) and all(x >= 0 for x in M.flat)


@pytest.mark.parametrize("b", [1, 2, 3, 5, 8])
def test_first_column_sum_closed_form(b):
    for T in (2 * b - 1, 2 * b, 4 * b + 1):
        M = tribox_matrix(T, b, exact=True)
        sums = [sum(M[:, j]) for j in range(T)]
        assert max(sums) == sums[0] == tribox_first_column_sum(b)
    assert tribox_first_column_sum(b) >= harmonic_number(b, exact=True) ** 2 / 2


def test_harmonic_numbers():
    assert harmonic_number(0, exact=True) == 0
    assert harmonic_number(4, exact=True) == Fraction(25, 12)
    assert harmonic_number(3, exact=True, order=2) == Fraction(49, 36)
    with pytest.raises(InputError):
        harmonic_number(-1)


@pytest.mark.parametrize("b", [1, 2, 3, 4, 6])
def test_boundary_excess_is_constant_in_T(b):
    excess = {
        T: tribox_frobenius_sq_exact(T, b) - T * tribox_kernel_energy_exact(b)
        for T in range(max(2 * b - 2, 1), 2 * b + 4)
    }
    assert len(set(excess.values())) == 1
    assert float(next(iter(excess.values()))) == pytest.approx(tribox_boundary_excess(b), abs=1e-12)
    assert (next(iter(excess.values())) == 0) == (b == 1)


def test_energy_is_not_the_kernel_energy():
    assert tribox_frobenius_sq_exact(3, 2) / 3 == Fraction(2, 3)
    assert tribox_kernel_energy_exact(2) == Fraction(3, 8)


@pytest.mark.parametrize("b", [1, 2, 3, 7, 64, 1000])
def test_kernel_energy_matches_exact_sum(b):
    h = [Fraction(b - abs(r - (b - 1)), b * b) for r in range(2 * b - 1)]
    assert sum(h) == 1
    assert sum(x * x for x in h) == tribox_kernel_energy_exact(b)
    assert tribox_kernel_energy(b) == pytest.approx(float(tribox_kernel_energy_exact(b)))


@pytest.mark.parametrize("T,b", [(1, 1), (8, 1), (8, 8), (33, 16), (64, 64), (65, 2), (256, 256)])
def test_box_norm_below_hardy_bound(T, b):
    box = scipy.linalg.norm(box_matrix(T, b), 2)
    tri = operator_spectral_norm(TriBox(T, b))
    assert tri <= box**2 + 1e-12 <= 5
    assert tri <= math.sqrt(TriBox(T, b).column_sums().max()) + 1e-12
    assert operator_spectral_norm(BoxFilter(T, b)) == pytest.approx(box, rel=1e-10)


@pytest.mark.parametrize("b,g", [(1, 0.0), (1, 0.5), (2, 0.9), (8, 0.5)])
def test_rank_floor_limit_formula(b, g):
    limit = sink_composite_stable_rank_limit(b, g)
    assert limit == pytest.approx(2 + 2 * g / b**2 + g * g * tribox_kernel_energy(b))
    T = 512
    op = composite_operator(Sink(T), g, b)
    s = scipy.linalg.svdvals(op.as_matrix())
    assert s[0] == pytest.approx(math.sqrt(T), rel=0.05)  # the sink's √T dominates
    R = float(np.sum(s**2) / s[0] ** 2)
    assert 1 + g * g * tribox_kernel_energy(b) < R < limit
    assert limit - R < 60 / T


def test_rank_floor_limit_rejects_bad_gate():
    with pytest.raises(InputError, match="gate"):
        sink_composite_stable_rank_limit(2, -0.1)
    with pytest.raises(InputError):
        sink_composite_stable_rank_limit(0, 0.5)


def test_distal_energy_grows_like_log():
    """b = T: ‖M_tri‖_F² ≈ 2 ln T − 1.25, not bounded as Θ(1/T) for E_b would need."""
    frob = [distal_energy(T, Fraction(1)) * T for T in (64, 256, 1024)]
    assert np.all(np.diff(frob) > 2 * np.log(4) * 0.9)
    assert frob[-1] - 2 * np.log(1024) == pytest.approx(-1.24, abs=0.05)


WIDE_REPORT = Path(__file__).resolve().parents[1] / "data" / "trsp_appendix_c_wide.json"


def test_stored_wide_run_matches_expected():
    """The committed `specproof verify --wide` report of this module agrees with today's expected verdicts."""
    if not WIDE_REPORT.exists():
        pytest.skip("no stored wide run")
    report = json.loads(WIDE_REPORT.read_text())
    assert report["wide"] is True
    load_all()
    mine = {cid for cid in REGISTRY if cid.startswith("trsp.C")}
    stored = {c["id"]: c for c in report["claims"]}
    assert set(stored) == mine, f"stored wide run is stale: {sorted(set(stored) ^ mine)}"
    for cid, c in stored.items():
        assert c["status"] == REGISTRY[cid].expected.value, f"{cid}: wide run gave {c['status']}"
    provenance = [
        e["data"]["provenance"] for c in report["claims"] for e in c["evidence"] if "provenance" in e.get("data", {})
    ]
    assert provenance and all(p["wide"] and "python-flint" in p for p in provenance)


def test_witness_search_refuses_int64_overflow():
    with pytest.raises(InputError, match="2\\^63"):
        first_residue_in_band(2**61, (Fraction(1, 6), Fraction(5, 6)), ks=[1])


def test_lapack_failure_is_not_a_weyl_counterexample():
    """LAPACK returns ±0.09374955 for the eigenvalues ±0.09375 of this P; 60-digit arithmetic does not."""
    P = np.zeros((4, 4))
    P[0, 1] = P[1, 0] = 4.482828341949417e-161
    P[1, 2] = P[2, 1] = 0.09375
    Q = np.ones((4, 4))
    assert weyl_margin(P, Q, digits=60) >= -1e-50


@pytest.mark.parametrize("T", [2, 3, 4, 5, 8, 12, 17, 32])
def test_dense_layer_dominates_each_standard_layer(T):
    table = dense_layer_domination(T)
    assert all(r["laplacian"] for r in table["rows"])
    dense = scipy.linalg.eigvalsh(cayley_laplacian(T))
    for r in table["rows"]:
        layer = scipy.linalg.eigvalsh(cayley_laplacian(T, [r["generator"]]))
        assert np.all(layer <= dense + 1e-9)  # Weyl monotonicity, sorted eigenvalues
        assert (layer[1] < 1e-9) == (r["components"] > 1)
        assert float(layer_rayleigh_ceiling(T, r["level"])) >= layer[1] - 1e-9  # a Rayleigh quotient bounds μ₂
    assert table["equal_at"] == ([0] if T == 2 else [])
