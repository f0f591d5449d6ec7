"""TRSP Appendix C: the Cayley skeleton, μ₂ ≥ 2, the normalised gap, kernel energy, rank floor.

Sections follow the paper: C.1 setup (regular graphs), C.2 the Cayley skeleton (Thm C.1, Lemma C.3),
C.3 the spectral gap (Lemma C.4, Prop. C.5, Thm C.6, Eq. 10–11), C.4 the effective rank (Prop. C.7,
Eq. 13, Thm C.8). Claims of the project's own sit beside the claim they sharpen or correct.

Default mode runs representative complete ranges; ``Context(wide=True)`` runs the widest ones
(minutes) and records their provenance (library versions, precision) in ``Evidence.data``.
"""

from __future__ import annotations

import functools
import math
import platform
import time
from fractions import Fraction

import flint
import networkx as nx
import numpy as np
import scipy
import scipy.linalg
import scipy.sparse.linalg
import sympy as sp
from hypothesis import strategies as st

from specproof.checks import strategies as sst
from specproof.checks.methods import (
    EPS,
    combine,
    derivation,
    float_tolerance,
    fmt,
    grid_check,
    property_search,
    sympy_identity,
)
from specproof.checks.rates import corrected_rate_evidence, fit_rate, rate_evidence
from specproof.checks.registry import Context, Evidence, Source, Status, check, claim
from specproof.theory.cayley import (
    binary_digits,
    cayley_adjacency,
    cayley_algebraic_connectivity,
    cayley_degree,
    cayley_laplacian,
    cayley_laplacian_spectrum,
    doubling_residues,
    dyadic_generators,
    first_residue_in_band,
    simple_connection_set,
)
from specproof.theory.filters import box_matrix, dyadic_schedule, floor_log2, tribox_kernel, tribox_kernel_energy, tribox_matrix
from specproof.theory.operators import BoxFilter, Sink, TriBox, composite_operator, superposed_tribox
from specproof.theory.solvers import spectral_norm
from specproof.theory.spectral import algebraic_connectivity, laplacian, normalized_gap
from specproof.theory.tribox_norms import (
    sink_composite_stable_rank_limit,
    tribox_boundary_excess,
    tribox_first_column_sum,
    tribox_frobenius_sq_exact,
    tribox_kernel_energy_exact,
)

TESTS = "tests/test_trsp_appendix_c.py"
BALL_PRECISION = 128  # bits for every arb ball below; a comparison the balls leave undecided never passes
QUARTER = (Fraction(1, 4), Fraction(3, 4))  # 4 sin²(πx) ≥ 2  ⇔  x ∈ [1/4, 3/4]
SIXTH = (Fraction(1, 6), Fraction(5, 6))  # sin²(πx) ≥ 1/4  ⇔  x ∈ [1/6, 5/6]


def _provenance(ctx: Context, **extra) -> dict:
    """What a wide run needs to be reproduced: library versions, machine, date and the check's parameters."""
    out = {"wide": ctx.wide, "seed": ctx.seed, "python": platform.python_version(), "numpy": np.__version__,
           "scipy": scipy.__version__, "sympy": sp.__version__, "python-flint": flint.__version__}
    if ctx.wide:  # default runs stay byte-for-byte reproducible
        out.update(machine=platform.machine(), processor=platform.processor(), date=time.strftime("%Y-%m-%d"))
    out.update(extra)
    return out


def _largest_T(ctx: Context, default: int, wide: int) -> int:
    return wide if ctx.wide else default


def _depth(offset: int) -> str:
    """'L', 'L−1', 'L+2': a depth relative to L = ⌊log₂ T⌋, for summaries."""
    return "L" if offset == 0 else f"L{'+' if offset > 0 else '−'}{abs(offset)}"


def _ball_compare(x, bound) -> str:
    """Three-way certified comparison of an arb ball with a bound: 'holds' (x ≥ bound), 'fails', 'undecided'."""
    if x >= bound:
        return "holds"
    if x < bound:
        return "fails"
    return "undecided"


def _skeleton_mode_ball(T: int, k: int):
    """μ_k of the multigraph skeleton (Eq. 9) as an arb ball: Σ_ℓ 4 sin²(π·r_ℓ/T), r_ℓ exact integers."""
    residues = doubling_residues(T, [k], floor_log2(T) + 1)[:, 0]
    return sum(4 * (flint.arb.pi() * flint.fmpq(int(r), T)).sin() ** 2 for r in residues)


# =========================================================================== C.1 setup

@check
def cgap_regular_random_walk_identity(ctx: Context) -> Evidence:
    """Entrywise: with D = rI, (I − D⁻¹W)_{ij} = ((D − W)/r)_{ij} for symbolic r, W_ij, δ_ij."""
    r = sp.Symbol("r", positive=True)
    w, delta = sp.symbols("w delta")
    return sympy_identity(delta - w / r, (r * delta - w) / r,
                          what="(I − D⁻¹W)_{ij} = (L/r)_{ij} when D = rI, so the spectra differ by the factor 1/r > 0",
                          ranges="every r > 0, every weight matrix W with row sums r")


def _regular_graphs():
    """Weighted r-regular graphs: Cayley multigraphs with random generators, random simple regular graphs."""

    def build(spec):
        kind, n, d, seed = spec
        rng = np.random.default_rng(seed)
        if kind == "cayley":
            gens = [int(g) for g in rng.integers(0, n, size=d)]
            return cayley_adjacency(n, gens)
        if kind == "relabelled-cayley":
            P = np.eye(n)[rng.permutation(n)]
            return P @ cayley_adjacency(n, dyadic_generators(n)) @ P.T
        d = min(d, n - 1) - (min(d, n - 1) * n) % 2  # n·d must be even for a simple d-regular graph
        return nx.to_numpy_array(nx.random_regular_graph(max(d, 0), n, seed=int(seed))) if d > 0 else np.eye(n)

    return st.tuples(st.sampled_from(["cayley", "relabelled-cayley", "simple"]), sst.sizes(3, 40),
                     st.integers(1, 6), st.integers(0, 2**31)).map(build)


@check
def cgap_regular_graphs_property(ctx: Context) -> Evidence:
    def margin(W):
        d = W.sum(axis=1)
        L = np.diag(d) - W
        mu2 = scipy.linalg.eigvalsh(L)[1]
        return -abs(normalized_gap(W) - mu2 / d[0])

    return property_search(_regular_graphs(), margin, what="γ (random-walk Laplacian) = μ₂/r on regular graphs",
                           ctx=ctx, examples=60, wide_examples=1000,
                           # two eigvalsh of matrices of norm ≤ 2 once divided by r (L/r and the normalised Laplacian),
                           # each within n·eps·2; the difference within twice that
                           tolerance=lambda W: float_tolerance(len(W), 4.0),
                           ranges="r-regular graphs on 3..40 vertices: Cayley multigraphs, relabelled skeletons, random simple",
                           role="supports")


claim(
    id="trsp.C.regular-gap",
    title="On an r-regular graph the normalised gap is μ₂/r",
    source=Source("TRSP", "App. C.1", "setup"),
    statement=r"If every vertex of a weighted graph has degree $r>0$, then $\gamma=\lambda_2(I-D^{-1}W)=\mu_2(L)/r$, "
              r"since $D=rI$ gives $I-D^{-1}W=L/r$.",
    checks=["cgap_regular_random_walk_identity", "cgap_regular_graphs_property"],
    expected=Status.PROVED,
    reason="With D = rI the random-walk Laplacian is L/r entrywise (sympy), and scaling by 1/r > 0 keeps the "
           "eigenvalue order; a property search over regular multigraphs and simple graphs cross-checks it.",
    tests=[f"{TESTS}::test_regular_gap_on_the_skeleton"],
)


# =========================================================================== C.2 the Cayley skeleton

@check
def c1_superposed_offsets_circulant(ctx: Context) -> Evidence:
    """Superpose, layer by layer, the edges n ~ n ± 2^ℓ (mod T): the result is circulant and is Cay(ℤ_T, S)."""
    top = _largest_T(ctx, 160, 600)

    def margin(T):
        A = np.zeros((T, T), dtype=np.int64)
        n = np.arange(T)
        for ell in range(floor_log2(T) + 1):
            np.add.at(A, (n, (n + 2**ell) % T), 1)
            np.add.at(A, (n, (n - 2**ell) % T), 1)
        circulant = all(np.array_equal(A[i], np.roll(A[0], i)) for i in range(T))
        same = np.array_equal(A, cayley_adjacency(T).astype(np.int64))
        return 0 if circulant and same else -1

    return grid_check(range(2, top + 1), margin, what="layer-wise superposition of ±2^ℓ (mod T) is circulant and equals Cay(ℤ_T, S)",
                      method="exact-integer", exact=True, ranges=f"every T in [2, {top}]")


def _real_stack_matrix(T: int) -> np.ndarray:
    """Σ_ℓ M_tri^{(b_ℓ)} with the dyadic schedule b_ℓ = min(2^ℓ, T): the real causal stack (no wrap-around)."""
    return superposed_tribox(T, dyadic_schedule(T)).as_matrix()


@functools.lru_cache(maxsize=None)
def _real_operator_spectrum(T: int) -> tuple[float, float, float]:
    """(μ₂, γ, max degree) of the real operator: W = ½(M + Mᵀ) with its diagonal (self-loops count in D, App. C.1)."""
    M = _real_stack_matrix(T)
    W = (M + M.T) / 2
    d = W.sum(axis=1)
    mu2 = float(scipy.linalg.eigvalsh(np.diag(d) - W, subset_by_index=[1, 1])[0])
    s = 1 / np.sqrt(d)
    gamma = float(scipy.linalg.eigvalsh(np.eye(T) - s[:, None] * W * s[None, :], subset_by_index=[1, 1])[0])
    return mu2, gamma, float(d.max())


@check
def c1_real_stack_distance(ctx: Context) -> Evidence:
    """How far the real stack is from the skeleton: support, where its weight sits, μ₂ and γ side by side."""
    sizes = [64, 256, 1024, 2048] if ctx.wide else [64, 256, 512]
    rows = []
    for T in sizes:
        M = _real_stack_matrix(T)
        W = (M + M.T) / 2
        off = W - np.diag(np.diag(W))
        lag = np.abs(np.subtract.outer(np.arange(T), np.arange(T)))
        powers = np.isin(lag, [2**ell for ell in range(floor_log2(T) + 1)])
        peaks = np.isin(lag, [2**ell - 1 for ell in range(1, floor_log2(T) + 1)])
        mu2, gamma, _ = _real_operator_spectrum(T)
        mu2_skel = cayley_algebraic_connectivity(T)
        rows.append({"T": T, "density": float(np.mean(off[~np.eye(T, dtype=bool)] > 0)),
                     "share_on_2^l": float(off[powers].sum() / off.sum()), "share_on_2^l-1": float(off[peaks].sum() / off.sum()),
                     "mu2_real": mu2, "mu2_skeleton": mu2_skel, "gamma_real": gamma,
                     "gamma_skeleton": mu2_skel / cayley_degree(T)})
    parts = [f"T={r['T']}: support density {fmt(r['density'])}, weight on offsets 2^ℓ {fmt(r['share_on_2^l'])} "
             f"(on 2^ℓ−1 {fmt(r['share_on_2^l-1'])}), μ₂ {fmt(r['mu2_real'])} vs skeleton {fmt(r['mu2_skeleton'])}, "
             f"γ {fmt(r['gamma_real'])} vs {fmt(r['gamma_skeleton'])}" for r in rows]
    # what trsp.C1.cayley's reason says of the real stack: a complete graph (density 1), a shrinking minority of its
    # weight on the offsets 2^ℓ, and a μ₂ below the skeleton's (eigvalsh within n·eps·‖L‖ ≪ the gaps seen)
    shares = [r["share_on_2^l"] for r in rows]
    margin = float(min(min(r["density"] for r in rows) - 1, 0.5 - max(shares), min(-np.diff(shares)),
                       min(r["mu2_skeleton"] - r["mu2_real"] for r in rows)))
    ok = margin >= 0
    return Evidence(Status.VERIFIED if ok else Status.REFUTED, "dense-float",
                    "real causal stack vs the skeleton (complete support, shrinking minority on 2^ℓ, μ₂ below the "
                    "skeleton's): " + "; ".join(parts), ranges=f"T in {sizes}", role="supports", worst_margin=margin,
                    data={"rows": rows}, counterexample=None if ok else {"rows": rows})


claim(
    id="trsp.C1.cayley",
    figure="figures/mu2-vs-T.png",
    title="Superposing the dyadic offsets gives a circulant Cayley graph",
    source=Source("TRSP", "App. C.2", "Thm C.1"),
    statement=r"Joining every $n\in\mathbb Z_T$ to $n\pm 2^\ell \pmod T$ for $\ell=0,\dots,L=\lfloor\log_2T\rfloor$ "
              r"gives a circulant graph, namely $\mathrm{Cay}(\mathbb Z_T,S)$ with $S=\{\pm2^\ell\}_{\ell\le L}$ "
              r"(the modelling step: each layer keeps only the offset $2^\ell$, and indices wrap around).",
    checks=["c1_superposed_offsets_circulant", "c1_real_stack_distance"],
    expected=Status.CERTIFIED,
    reason="For the idealised graph the statement holds by construction (certified, exact integers, for every T "
           "in the range). The modelling step is not a property of the real operator: the causal triBox stack is "
           "a weighted complete graph without wrap-around that puts a shrinking minority of its weight on the "
           "offsets 2^ℓ (36% at T = 64, 22% at T = 512) and has about half the skeleton's μ₂ (measured; see trsp.C1.cayley.real-offsets and "
           "trsp.C6.real-operator).",
    notes=["interpretive"],
    tests=[f"{TESTS}::test_superposition_is_the_cayley_adjacency"],
)


@check
def c1_kernel_support_and_peak_sympy(ctx: Context) -> Evidence:
    """h_b(b−1) − h_b(r) = |r − (b−1)|/b² and h_b(r) ≥ 1/b² on r = 0..2b−2: unique peak at lag b−1."""
    b, r = sp.symbols("b r", integer=True, positive=True)
    h = lambda lag: (b - sp.Abs(lag - (b - 1))) / b**2  # noqa: E731  (Eq. 4)
    peak = sympy_identity(h(b - 1) - h(r), sp.Abs(r - (b - 1)) / b**2, what="h_b(b−1) − h_b(r) = |r−(b−1)|/b²")
    # on the support |r − (b−1)| ≤ b − 1, so h_b(r) ≥ 1/b² > 0; the longest lag is 2b−2
    floor_ = sympy_identity(h(2 * b - 2), 1 / b**2, what="h_b(2b−2) = h_b(0) = 1/b² > 0 (longest lag 2b−2)")
    return combine([peak, floor_], what="triangular kernel", method="sympy", ranges="every b ≥ 1")


@check
def c1_real_stack_complete_graph(ctx: Context) -> Evidence:
    """Support of the real stack in exact 0/1 arithmetic: interior rows cover lags 0..2b−2; the union is K_T."""
    top = _largest_T(ctx, 96, 300)

    def margin(T):
        pattern = np.zeros((T, T), dtype=np.int64)
        for b in dyadic_schedule(T):
            B = (box_matrix(T, b) > 0).astype(np.int64)
            P = (B @ B > 0).astype(np.int64)
            if T >= 2 * b - 1:  # an interior row couples exactly the lags 0..2b−2
                row = T - 1
                if set(row - np.flatnonzero(P[row])) != set(range(2 * b - 1)):
                    return -1
            pattern |= P
        sym = pattern | pattern.T
        return 0 if sym.min() == 1 else -1

    return grid_check(range(2, top + 1), margin, what="interior supports are lags 0..2b−2 and the stack couples every pair",
                      method="exact-integer", exact=True, ranges=f"every T in [2, {top}]")


claim(
    id="trsp.C1.cayley.real-offsets",
    title="The real triBox layers couple lags 0..2b−2, heaviest at b−1: the real graph is complete",
    source=Source("specproof", "App. C.2", "own"),
    statement=r"An interior row of $M_{\rm tri}^{(b)}$ couples exactly the lags $0,\dots,2b-2$ and is heaviest at lag "
              r"$b-1$; so layer $\ell$ ($b=2^\ell$) has longest lag $2^{\ell+1}-2$ and heaviest lag $2^\ell-1$, never the "
              r"$2^\ell$ of the proof of Thm C.1 (layer $0$ is the identity). With $b_\ell=\min(2^\ell,T)$ the last layer "
              r"already couples every causal pair, so the symmetrised real stack is a weighted complete graph $K_T$.",
    checks=["c1_kernel_support_and_peak_sympy", "c1_real_stack_complete_graph"],
    expected=Status.CERTIFIED,
    reason="The kernel's support and unique peak are sympy identities for symbolic b; the complete support of the "
           "stack is exact 0/1 arithmetic for every T in the range.",
    corrects="trsp.C1.cayley",
    tests=[f"{TESTS}::test_real_stack_support_is_complete"],
)


@check
def c3_fourier_mode_sympy(ctx: Context) -> Evidence:
    """For symbolic T, k, n, g: 2v_n − v_{n+g} − v_{n−g} = 2(1 − cos(2πgk/T))·v_n with v_n = e^{2πikn/T}."""
    T = sp.Symbol("T", integer=True, positive=True)
    k, n, g = sp.symbols("k n g", integer=True)
    v = lambda j: sp.exp(2 * sp.pi * sp.I * k * j / T)  # noqa: E731
    mode = sympy_identity(sp.expand((2 * v(n) - v(n + g) - v(n - g)) / v(n)).rewrite(sp.cos),
                          2 * (1 - sp.cos(2 * sp.pi * g * k / T)),
                          what="each generator g acts on the Fourier mode v_k as the scalar 2(1 − cos(2πgk/T))",
                          ranges="every T, mode k, vertex n, generator g")
    # the T modes are independent: Σ_n ω^{(k−k′)n} = (ω^{(k−k′)T} − 1)/(ω^{k−k′} − 1) = 0 for k ≠ k′ mod T
    x = sp.Symbol("x")
    m = sp.Symbol("m", integer=True, nonnegative=True)
    # sympy returns Piecewise((T, x = 1), ((1 − x^T)/(1 − x), otherwise)); x = ω^j ≠ 1 has x^T = 1
    off_diagonal = sp.summation(x**m, (m, 0, T - 1)).args[1][0]
    orth = sympy_identity(off_diagonal.subs(x**T, 1), 0,
                          what="Σ_n ω^{jn} = (1 − ω^{jT})/(1 − ω^j) = 0 for ω^j ≠ 1: the T modes are orthogonal")
    return combine([mode, orth], what="Eq. 9 by Fourier modes", method="sympy", ranges="every T ≥ 2")


@check
def c3_closed_form_vs_dense(ctx: Context) -> Evidence:
    sizes = list(range(2, 65 if not ctx.wide else 257)) + [127, 128, 129, 255, 256, 257]

    def margin(T):
        L = cayley_laplacian(T)
        return -np.max(np.abs(np.sort(cayley_laplacian_spectrum(T)) - scipy.linalg.eigvalsh(L)))

    return grid_check(sizes, margin, what="Eq. 9 equals the dense eigenvalues of the multigraph Laplacian",
                      method="dense-float", exact=False,
                      tolerance=lambda T: float_tolerance(T, 4 * (floor_log2(T) + 1)),  # eigvalsh: n·eps·‖L‖, ‖L‖ ≤ 2·degree
                      ranges=f"T in [2, {max(sizes)}] incl. 2^m, 2^m ± 1", role="supports")


def _coinciding_generators(T: int) -> bool:
    """Do the 2(L+1) elements ±2^ℓ mod T fail to be distinct and non-zero (parallel edges, loops)?"""
    gens = dyadic_generators(T)
    return len(simple_connection_set(T)) != 2 * len(gens)


@check
def c3_multigraph_reading(ctx: Context) -> Evidence:
    """Where generators coincide mod T, Eq. 9 is the multigraph's spectrum and not the simple graph's."""
    top = _largest_T(ctx, 200, 1000)
    coincide = [T for T in range(2, top + 1) if _coinciding_generators(T)]
    sparse_bits = [T for T in range(2, top + 1) if bin(T).count("1") <= 2]
    if coincide != sparse_bits:
        return Evidence(Status.REFUTED, "exact-integer", "coincidences are not the T with at most two binary ones",
                        counterexample={"T": sorted(set(coincide) ^ set(sparse_bits))[:5]}, role="supports")
    for T in range(2, top + 1):
        gap = np.max(np.abs(cayley_laplacian_spectrum(T) - cayley_laplacian_spectrum(T, multigraph=False)))
        if (gap > float_tolerance(T, 8 * (floor_log2(T) + 1))) != (T in coincide):  # closed forms: sums of L+1 terms
            return Evidence(Status.REFUTED, "closed-form", f"T={T}: spectra differ iff generators coincide fails",
                            counterexample={"T": T, "difference": float(gap)}, role="supports")
    k3 = np.sort(cayley_laplacian_spectrum(3, multigraph=False))
    eq9 = np.sort(cayley_laplacian_spectrum(3))
    return Evidence(Status.VERIFIED, "closed-form",
                    f"Eq. 9 differs from the simple-graph spectrum exactly at the {len(coincide)} T in [2, {top}] where "
                    f"±2^ℓ coincide mod T, which are exactly the T with at most two binary ones (every 2^m, and "
                    f"T = {', '.join(map(str, [t for t in coincide if t & (t - 1)][:6]))}, ...); "
                    f"e.g. T = 3: simple K₃ has μ = ({', '.join(fmt(x) for x in k3)}), Eq. 9 gives ({', '.join(fmt(x) for x in eq9)})",
                    ranges=f"every T in [2, {top}]", role="supports", data={"coinciding": coincide})


claim(
    id="trsp.C3.spectrum",
    title="Spectrum of the skeleton (multigraph reading)",
    source=Source("TRSP", "App. C.2", "Lemma C.3 / Eq. 9"),
    statement=r"The Laplacian of the skeleton is circulant with eigenvalues "
              r"$\mu_k=2\sum_{\ell=0}^{L}\bigl(1-\cos(2^\ell\theta_k)\bigr)$, $\theta_k=2\pi k/T$, $k=0,\dots,T-1$, "
              r"where every generator pair $\pm2^\ell$ contributes degree $2$ even when generators coincide mod $T$ "
              r"(a multigraph: $2^L\equiv0$ is a self-loop when $T=2^L$, $\pm T/2$ a double edge, $2^\ell\equiv-2^m$ parallel edges).",
    checks=["c3_fourier_mode_sympy", "c3_closed_form_vs_dense", "c3_multigraph_reading"],
    expected=Status.PROVED,
    reason="Each generator acts on the Fourier mode v_k by the scalar 2(1 − cos(2πgk/T)) and the T modes are "
           "orthogonal (sympy, symbolic T, k, g). Eq. 9 is the spectrum of the multigraph in which every ±2^ℓ counts "
           "(the proof's 'degree 2 per pair'); for the simple Cayley graph it is wrong exactly where generators "
           "coincide mod T, e.g. T = 3 (see trsp.C3.spectrum.simple-graph).",
    tests=[f"{TESTS}::test_eq9_is_the_multigraph_spectrum"],
)


@check
def c3_simple_graph_spectrum(ctx: Context) -> Evidence:
    sizes = list(range(2, 97)) + [127, 128, 129, 255, 256, 257]

    def margin(T):
        L = cayley_laplacian(T, multigraph=False)
        return -np.max(np.abs(np.sort(cayley_laplacian_spectrum(T, multigraph=False)) - scipy.linalg.eigvalsh(L)))

    return grid_check(sizes, margin, what="μ_k = Σ_{u∈S′}(1 − cos(2πuk/T)) is the simple-graph spectrum",
                      method="dense-float", exact=False, tolerance=lambda T: float_tolerance(T, 4 * (floor_log2(T) + 1)),
                      ranges="T in [2, 96] and 2^m, 2^m ± 1 up to 257")


@check
def c3_simple_graph_mu2_certified(ctx: Context) -> Evidence:
    """μ₂ ≥ 2 for the simple graph: a witness ℓ with 4r ∈ [T, 3T] gives ≥ 2 from the class {±2^ℓ} there too."""
    top = _largest_T(ctx, 4000, 30000)
    smallest = (math.inf, None)
    for T in range(2, top + 1):
        ks = np.arange(1, T // 2 + 1)
        if np.any(first_residue_in_band(T, QUARTER, ks=ks) < 0):
            return Evidence(Status.REFUTED, "exact-integer", f"T={T}: a mode without a quarter witness",
                            counterexample={"T": T})
        if T <= 600:
            mu2 = float(np.min(cayley_laplacian_spectrum(T, multigraph=False)[1:]))
            smallest = min(smallest, (mu2, T))
    # a witness class {g, −g} has two elements (2·2 sin² ≥ 2) unless g ≡ −g ≡ T/2, where r ∈ {0, T/2} and the
    # single term is 2 sin²(π/2) = 2 exactly
    return Evidence(Status.CERTIFIED, "exact-integer",
                    f"every mode of every T in [2, {top}] has a generator class contributing ≥ 2; smallest simple-graph μ₂ "
                    f"for T ≤ 600 is {fmt(smallest[0])} at T = {smallest[1]} (K₂)",
                    ranges=f"every T in [2, {top}], modes k in [1, T/2] (μ_k = μ_{{T−k}})", worst_margin=smallest[0] - 2,
                    sharpest=f"min μ₂(simple) = {fmt(smallest[0])} (T = {smallest[1]})")


claim(
    id="trsp.C3.spectrum.simple-graph",
    title="The simple Cayley graph: its spectrum, where it departs from Eq. 9, and μ₂ ≥ 2",
    source=Source("specproof", "App. C.2", "own"),
    statement=r"For the simple graph with connection set $S'=(S\cup-S)\setminus\{0\}$, "
              r"$\mu_k=\sum_{u\in S'}(1-\cos(2\pi uk/T))$. This equals Eq. 9 iff the $2(L+1)$ residues $\pm2^\ell \bmod T$ "
              r"are distinct and non-zero. As $0<2^\ell-2^m<T$ for $m<\ell\le L$, they coincide iff $T$ divides some "
              r"$2^\ell+2^m\le2T$ ($m\le\ell\le L$), i.e. iff $T$ has at most two ones in binary ($T=2^m$, and "
              r"$T=3,5,6,9,10,12,\dots$; $T=3$: $K_3$ has $\mu_{1,2}=3$, Eq. 9 gives $6$). Theorem C.6's bound survives: $\mu_2\ge2$ for the "
              r"simple graph too, with equality at $T=2$.",
    checks=["c3_simple_graph_spectrum", "c3_multigraph_reading", "c3_simple_graph_mu2_certified"],
    expected=Status.VERIFIED,
    reason="The simple-graph formula matches dense eigenvalues (float, tolerance n·eps·‖L‖), the coincidence pattern "
           "is enumerated exactly, and μ₂ ≥ 2 is certified by integer witnesses for every T in the range.",
    corrects="trsp.C3.spectrum",
    tests=[f"{TESTS}::test_simple_graph_departs_exactly_where_generators_coincide"],
)


# =========================================================================== C.3.1 safety net

HIGH_PRECISION_DIGITS = 60


def _weyl_margin(P: np.ndarray, Q: np.ndarray, digits: int | None = None) -> float:
    """min_k λ_k(P+Q) − λ_k(P), by LAPACK or (``digits``) by mpmath's Jacobi eigensolver at that precision."""
    if digits is None:
        return float(np.min(scipy.linalg.eigvalsh(P + Q) - scipy.linalg.eigvalsh(P)))
    import mpmath

    with mpmath.workdps(digits):
        spectrum = lambda A: sorted(mpmath.eigsy(mpmath.matrix(A.tolist()), eigvals_only=True))  # noqa: E731
        return float(min(a - b for a, b in zip(spectrum(P + Q), spectrum(P))))


@check
def c4_weyl_property(ctx: Context) -> Evidence:
    strategy = sst.sizes(1, 16).flatmap(lambda T: st.tuples(sst.symmetric(T), sst.psd(T, bound=3.0)))
    recomputed = []

    def tolerance(pq):
        P, Q = pq
        return float_tolerance(len(P), 2 * (np.abs(P).sum(axis=1).max() + np.abs(Q).sum(axis=1).max()))  # two eigvalsh

    def margin(pq):
        # LAPACK's symmetric eigensolvers lose up to 7 digits when an entry is ~1e-160 times the others (its
        # square underflows), far beyond their backward-error bound; a violation must survive 60-digit arithmetic
        m = _weyl_margin(*pq)
        if m + tolerance(pq) < 0:
            recomputed.append(m)
            m = _weyl_margin(*pq, digits=HIGH_PRECISION_DIGITS)
        return m

    rng = np.random.default_rng(ctx.seed)
    pinned = []
    for T in (1, 2, 7, 8, 9, 16):
        P = rng.standard_normal((T, T))
        v = rng.standard_normal((T, 1))
        pinned += [((P + P.T) / 2, np.zeros((T, T))), ((P + P.T) / 2, v @ v.T)]
    # found by a wide search: LAPACK returns ±0.09374955 for the eigenvalues ±0.09375 of this P
    tiny = np.zeros((4, 4))
    tiny[0, 1] = tiny[1, 0] = 4.482828341949417e-161
    tiny[1, 2] = tiny[2, 1] = 0.09375
    pinned.append((tiny, np.ones((4, 4))))
    ev = property_search(strategy, margin, what="λ_k(P+Q) ≥ λ_k(P) for all k", ctx=ctx, examples=200,
                         wide_examples=3000, tolerance=tolerance, pinned=tuple(pinned),
                         ranges="symmetric P, PSD Q (incl. 0 and rank one), n in [1, 16] incl. 2^m, 2^m ± 1")
    if recomputed:
        ev.summary += (f"; {len(recomputed)} float violation{'s' * (len(recomputed) != 1)} (down to "
                       f"{fmt(min(recomputed))}) came from LAPACK rounding and vanished at {HIGH_PRECISION_DIGITS} digits")
        ev.data["lapack_failures"] = recomputed
    return ev


claim(
    id="trsp.C4.weyl",
    title="Adding a PSD matrix never lowers an eigenvalue (Weyl)",
    source=Source("TRSP", "App. C.3.1", "Lemma C.4"),
    statement=r"For symmetric $P$ and $Q\succeq0$ of the same size, $\lambda_k(P+Q)\ge\lambda_k(P)$ for every $k$ "
              r"(eigenvalues in increasing order).",
    checks=["c4_weyl_property"],
    expected=Status.VERIFIED,
    reason="Courant–Fischer; a derandomised property search over structured symmetric/PSD pairs found no "
           "violation beyond the eigvalsh backward error, and equality (Q = 0) is attained, so it is tight. A wide "
           "search hit a LAPACK defect (eigenvalues ±0.09375 returned as ±0.09374955 when another entry is "
           "≈ 4.5e−161); float violations are therefore recomputed at 60 digits before they count.",
    tests=[f"{TESTS}::test_weyl_on_pinned_examples"],
)


@functools.lru_cache(maxsize=None)
def _tri_laplacian(T: int, which: str) -> np.ndarray:
    if which == "skeleton":
        return cayley_laplacian(T)
    M = _real_stack_matrix(T)
    return laplacian((M + M.T) / 2)


@check
def c5_safety_net_property(ctx: Context) -> Evidence:
    strategy = sst.sizes(2, 24).flatmap(lambda T: st.tuples(
        sst.row_stochastic(T), st.floats(1e-3, 1.0), st.sampled_from(["skeleton", "real"])))

    def margin(case):
        A, g, which = case
        L_tri = _tri_laplacian(len(A), which)
        L_attn = laplacian((A + A.T) / 2)
        return algebraic_connectivity(L_attn + g * L_tri) - g * algebraic_connectivity(L_tri)

    def tolerance(case):
        A, g, which = case
        L_tri = _tri_laplacian(len(A), which)
        return float_tolerance(len(A), 2 * (2.0 + g * np.abs(L_tri).sum(axis=1).max()))  # ‖L_attn‖∞ ≤ 2

    pinned = tuple((np.eye(T), g, which) for T in (2, 7, 8, 9, 16, 17) for g in (0.3, 1.0) for which in ("skeleton", "real"))
    return property_search(strategy, margin, what="μ₂(L_attn + g·L_tri) ≥ g·μ₂(L_tri)", ctx=ctx, examples=150,
                           wide_examples=2000, tolerance=tolerance, pinned=pinned,
                           ranges="T in [2, 24] incl. 2^m, 2^m ± 1; attention: random, sink, banded, causal, disconnected, "
                                  "permutation, identity; g in [1e-3, 1]; L_tri: skeleton and real stack")


claim(
    id="trsp.C5.safety-net",
    title="The side path keeps the composite connected whatever attention does",
    source=Source("TRSP", "App. C.3.1", "Prop. C.5"),
    statement=r"For every row-stochastic attention matrix, with $L_{\rm attn}$ and $L_{\rm tri}$ the Laplacians of the "
              r"symmetrised weights, $\mu_2(L_{\rm attn}+gL_{\rm tri})\ge g\,\mu_2(L_{\rm tri})$.",
    checks=["c5_safety_net_property"],
    expected=Status.VERIFIED,
    reason="Weyl with Q = L_attn ⪰ 0. The property search covers sinks, disconnected blocks and the identity, for "
           "both the skeleton and the real triBox stack; the bound is attained (identity attention, L_attn = 0).",
    uses=["trsp.C4.weyl"],
    tests=[f"{TESTS}::test_safety_net_is_tight_for_identity_attention"],
)


# =========================================================================== C.3.2 μ₂ ≥ 2

def _witness_certificate(ctx: Context, band, depth_offset: int, top: int, fallback_bound: int | None) -> Evidence:
    """Every mode k of every T in [2, top] has ℓ ≤ L + depth_offset with r_ℓ/T in ``band``, exactly.

    Modes run over 1..⌊T/2⌋: r_ℓ(T−k) = T − r_ℓ(k) and the bands are symmetric about 1/2. A mode without a
    witness falls back to an arb ball of μ_k ≥ ``fallback_bound`` (precision recorded; an undecided ball
    leaves the check open), or refutes when the witness itself is the claim (``fallback_bound`` None).
    """
    fallbacks, deepest, tight_T = 0, -math.inf, None
    for T in range(2, top + 1):
        depth = floor_log2(T) + 1 + depth_offset
        ks = np.arange(1, T // 2 + 1)
        w = first_residue_in_band(T, band, depth=depth, ks=ks) if depth > 0 else np.full(ks.size, -1)
        for k in ks[w < 0]:
            fallbacks += 1
            if fallback_bound is None:
                return Evidence(Status.REFUTED, "exact-integer", f"T={T}, k={int(k)}: no witness ℓ ≤ {_depth(depth_offset)}",
                                counterexample={"T": T, "k": int(k)})
            with flint.ctx.workprec(BALL_PRECISION):
                verdict = _ball_compare(_skeleton_mode_ball(T, int(k)), fallback_bound)
            if verdict == "undecided":
                return Evidence(Status.OPEN, "exact-integer+arb",
                                f"T={T}, k={int(k)}: no witness and the {BALL_PRECISION}-bit ball is undecided")
            if verdict == "fails":
                return Evidence(Status.REFUTED, "exact-integer+arb", f"T={T}, k={int(k)}: μ_k < {fallback_bound} (ball)",
                                counterexample={"T": T, "k": int(k), "precision": BALL_PRECISION})
        used = int(w.max()) - floor_log2(T) if w.size else -math.inf
        if used > deepest:
            deepest, tight_T = used, T
    return Evidence(Status.CERTIFIED, "exact-integer",
                    f"every mode of every T in [2, {top}] has a witness ℓ ≤ {_depth(depth_offset)}"
                    + ("" if fallback_bound is None else f" ({fallbacks} modes needed the arb fallback)")
                    + f"; the deepest first witness is ℓ = {_depth(deepest)} "
                    f"(first at T = {tight_T})",
                    ranges=f"every T in [2, {top}], modes k in [1, ⌊T/2⌋] (μ_k = μ_{{T−k}})",
                    worst_margin=float(depth_offset - deepest),
                    data={"fallbacks": fallbacks, "ball_precision": BALL_PRECISION, "deepest_witness": deepest,
                          "first_deepest_T": tight_T,
                          "provenance": _provenance(ctx, top=top)})


@functools.lru_cache(maxsize=None)
def _skeleton_table(top: int) -> dict:
    """Float μ₂ and μ₁ (mode k = 1) of the multigraph skeleton for every T in [2, top]."""
    Ts = np.arange(2, top + 1)
    mu2 = np.array([cayley_algebraic_connectivity(int(T)) for T in Ts])
    mu1 = np.array([cayley_laplacian_spectrum(int(T), k=[1])[0] for T in Ts])
    return {"T": Ts, "mu2": mu2, "mu1": mu1}


def _skeleton_rounding(T) -> float:
    """Absolute error of a float μ_k = Σ_(ℓ≤L) 4 sin²(π r_ℓ/T), r_ℓ exact integers: each term ≤ 4 carries the angle's
    (2 eps), sin's (1 ulp) and the square's (2 eps) relative errors, ≤ 4·8 eps = 32 eps absolutely; summing L+1 terms
    adds at most (L+1)·eps·Σ|terms| ≤ 4(L+1)² eps. Total 32(L+1) eps + 4(L+1)² eps."""
    levels = np.floor(np.log2(T)) + 1
    return (32 * levels + 4 * levels**2) * EPS


@check
def c6_mu2_lower_quarter_witness(ctx: Context) -> Evidence:
    return _witness_certificate(ctx, QUARTER, 0, _largest_T(ctx, 9000, 2**17), fallback_bound=2)


@check
def c6_mu2_lower_float_extreme(ctx: Context) -> Evidence:
    table = _skeleton_table(_largest_T(ctx, 3000, 20000))
    Ts, mu2 = table["T"], table["mu2"]
    i = int(np.argmin(mu2))
    odd = Ts % 2 == 1
    j = int(np.argmin(np.where(odd, mu2, np.inf)))
    tol = _skeleton_rounding(Ts[-1])
    margin = float(mu2.min() - 2)
    ok = margin >= -tol
    even_dev = float(np.max(np.abs(mu2[~odd] - 4)))
    return Evidence(Status.VERIFIED if ok else Status.REFUTED, "closed-form-float",
                    f"smallest μ₂ over T in [2, {Ts[-1]}] is {fmt(mu2[i])} (T = {Ts[i]}; at even T μ₂ is 4 within "
                    f"{fmt(even_dev)}), over odd T {fmt(mu2[j])} (T = {Ts[j]}): the bound 2 is loose by a factor 2",
                    ranges=f"every T in [2, {Ts[-1]}]", worst_margin=margin,
                    sharpest=f"min μ₂ = {fmt(mu2.min())} vs bound 2", role="supports",
                    counterexample=None if ok else {"T": int(Ts[i]), "mu2": float(mu2[i])})


claim(
    id="trsp.C6.mu2-lower",
    figure="figures/mu2-vs-T.png",
    title="The skeleton's algebraic connectivity is at least 2",
    source=Source("TRSP", "App. C.3.2", "Thm C.6"),
    statement=r"For every $T\ge2$, $\mu_2(L_{\rm tri})=\min_{k\ne0}\mu_k\ge2$ for the skeleton of Eq. 9.",
    checks=["c6_mu2_lower_quarter_witness", "c6_mu2_lower_float_extreme"],
    expected=Status.CERTIFIED,
    reason="Integer certificates: every mode has a generator ℓ ≤ L with 4r_ℓ ∈ [T, 3T] (r_ℓ = 2^ℓk mod T), "
           "so that term alone is 4 sin²(πr_ℓ/T) ≥ 2; no float enters. The paper's proof is checked step by "
           "step in trsp.C6.bit-lemma. The bound is loose: μ₂ = 4 at every even T and μ₂ ≥ 4 always "
           "(trsp.C6.mu2-lower.sharp).",
    notes=["loose"],
    uses=["trsp.C3.spectrum", "trsp.C6.bit-lemma"],
    tests=[f"{TESTS}::test_quarter_witness_exists_at_edge_sizes"],
)


@check
def c6_sharp_logistic_step_sympy(ctx: Context) -> Evidence:
    """s = sin²a: sin²(2a) = 4s(1−s) (doubling is the logistic map), and s + 4s(1−s) − 1 = (4s−1)(1−s)."""
    a = sp.Symbol("a", real=True)
    s = sp.Symbol("s")
    doubling = sympy_identity(sp.sin(2 * a) ** 2, 4 * sp.sin(a) ** 2 * (1 - sp.sin(a) ** 2),
                              what="sin²(2a) = 4 sin²a (1 − sin²a)")
    pair = sympy_identity(s + 4 * s * (1 - s) - 1, (4 * s - 1) * (1 - s),
                          what="s + 4s(1−s) − 1 = (4s−1)(1−s) ≥ 0 for s ∈ [1/4, 1]")
    even = sympy_identity(4 * sp.sin(sp.pi / 2) ** 2, 4,
                          what="even T, k = T/2: residues T/2, 0, …, 0 (2·T/2 ≡ 0) give μ_{T/2} = 4 sin²(π/2) = 4 exactly")
    return combine([doubling, pair, even], what="two consecutive generators carry weight ≥ 1", method="sympy",
                    ranges="every angle a, every s ∈ [1/4, 1]")


@check
def c6_sharp_pair_witness(ctx: Context) -> Evidence:
    return _witness_certificate(ctx, SIXTH, -1, _largest_T(ctx, 9000, 2**17), fallback_bound=4)


@check
def c6_sharp_float_landscape(ctx: Context) -> Evidence:
    table = _skeleton_table(_largest_T(ctx, 3000, 20000))
    Ts, mu2 = table["T"], table["mu2"]
    even = Ts % 2 == 0
    dev = float(np.max(np.abs(mu2[even] - 4)))
    odd_rest = (Ts % 2 == 1) & (Ts > 3)
    j = int(np.argmin(np.where(odd_rest, mu2, np.inf)))
    tol = _skeleton_rounding(Ts[-1])
    status = Status.VERIFIED if dev <= tol and mu2.min() >= 4 - tol else Status.REFUTED
    return Evidence(status, "closed-form-float",
                    f"μ₂ = 4 at every even T (largest deviation {fmt(dev)}), μ₂ = 6 at T = 3, and over odd T ≥ 5 the "
                    f"smallest is {fmt(mu2[j])} (T = {Ts[j]})",
                    ranges=f"every T in [2, {Ts[-1]}]", worst_margin=float(mu2.min() - 4), role="supports",
                    counterexample=None if status is Status.VERIFIED else {"max_even_deviation": dev})


@check
def c6_mu2_stored_sweep(ctx: Context) -> Evidence:
    """μ₂ on the stored `skeleton-mu2` sweep (exact-arc branch and bound, rounding brackets), T to 2^30 + 1
    (2^50 and 10^12 with --wide): its bracket holds 4 at even T, lies above 4 at odd T and below 37/5 everywhere."""
    from specproof.checks.sweeps import along, run_sweep, stored_options

    options = stored_options(ctx)
    rows = run_sweep("skeleton-mu2", **options).rows
    Ts = [int(r["x"]) for r in rows]
    lo, hi = np.array([r["lower"] for r in rows]), np.array([r["upper"] for r in rows])
    even = np.array([T % 2 == 0 for T in Ts])
    margins = np.where(even, np.minimum(4 - lo, hi - 4), lo - 4)  # even: 4 inside the bracket; odd: bracket above 4
    margin = float(min(margins.min(), 37 / 5 - hi.max()))
    j = int(np.argmin(np.where(even, np.inf, lo)))
    # even T: equality holds, so 4 need only lie in the bracket; odd T and the upper bound are strict inequalities
    ok = bool(np.all(margins[even] >= 0) and np.all(margins[~even] > 0) and hi.max() < 37 / 5)
    return Evidence(Status.VERIFIED if ok else Status.REFUTED, "closed-form-float",
                    f"{int(even.sum())} even T: 4 inside every bracket; {int((~even).sum())} odd T: smallest lower end "
                    f"{fmt(lo[j], 5)} (T = {Ts[j]}); largest upper end {fmt(hi.max(), 5)} < 37/5",
                    ranges=f"sweep skeleton-mu2 ({options['grid']} grid): T = 2^m, 2^m ± 1, 3·2^(m−1) up to "
                           f"{fmt(max(T for T in Ts if T & (T - 1) == 0) + 1)}, and "
                           + ", ".join(fmt(T) for T in Ts if not any(along(k)({'x': T}) for k in ('2^m', '2^m-1', '2^m+1', '3*2^m'))),
                    worst_margin=margin, role="supports",
                    counterexample=None if ok else {"T": Ts[int(np.argmin(margins))], "bracket": [float(lo[int(np.argmin(margins))]), float(hi[int(np.argmin(margins))])]})


claim(
    id="trsp.C6.mu2-lower.sharp",
    title="The skeleton's μ₂ is at least 4, with equality exactly at even T",
    source=Source("specproof", "App. C.3.2", "own"),
    statement=r"For every $T\ge2$, $\mu_2(L_{\rm tri})\ge4$, with equality iff $T$ is even (at $k=T/2$). Proof: with "
              r"$s_\ell=\sin^2(\pi r_\ell/T)$, $\mu_k=4\sum_{\ell\le L}s_\ell$ and $s_{\ell+1}=4s_\ell(1-s_\ell)$; if "
              r"$s_\ell\ge\frac14$ then $s_\ell+s_{\ell+1}-1=(4s_\ell-1)(1-s_\ell)\ge0$; and some $\ell\le L-1$ has "
              r"$r_\ell/T\in[\frac16,\frac56]$, i.e. $s_\ell\ge\frac14$ (if $k/T<\frac16$, the first $\ell$ with "
              r"$2^\ell k/T\ge\frac16$ lands in $[\frac16,\frac13)$ and has $2^\ell<T/3<2^{L+1}/3<2^L$; $k/T>\frac56$ is symmetric).",
    checks=["c6_sharp_logistic_step_sympy", "c6_sharp_pair_witness", "c6_sharp_float_landscape", "c6_mu2_stored_sweep"],
    expected=Status.CERTIFIED,
    reason="The two algebraic steps are sympy identities; the witness ℓ ≤ L−1 with 6r_ℓ ∈ [T, 5T] is certified in "
           "exact integers for every mode of every T in the range (the argument above gives it for all T, by hand). "
           "Equality: k = T/2 has residues T/2, 0, 0, … (exact); for odd T no residue is 0, so a third term makes "
           "it strict (T = 3: μ₂ = 6).",
    corrects="trsp.C6.mu2-lower",
    tests=[f"{TESTS}::test_pair_witness_exists_at_edge_sizes", f"{TESTS}::test_even_T_attains_four"],
)


@check
def c6_bits_prefix_exhaustive(ctx: Context) -> Evidence:
    """{x} = 0.b₁b₂… lies in [b₁/2 + b₂/4, b₁/2 + b₂/4 + 1/4) (terminating expansion): 4 cases, exactly."""
    lo, hi = QUARTER

    def margin(bits):
        b1, b2 = bits
        start = Fraction(b1, 2) + Fraction(b2, 4)
        end = start + Fraction(1, 4)  # the tail Σ_{j≥3} b_j 2^{−j} is < 1/4 without trailing ones
        inside = lo <= start and end <= hi
        disjoint = end <= lo or start >= hi
        return 0 if (inside if b1 != b2 else disjoint) else -1

    return grid_check([(0, 0), (0, 1), (1, 0), (1, 1)], margin, what="{2^ℓψ} ∈ [1/4, 3/4) ⇔ b_{ℓ+1} ≠ b_{ℓ+2}",
                      method="exhaustive", exact=True, ranges="all four leading bit pairs (the whole domain)")


@check
def c6_bits_depth_bound_sympy(ctx: Context) -> Evidence:
    """2^{−(L+2)} < 1/T: write T = 2^{L+1} − 1 − i with 0 ≤ i < 2^L; then 2^{L+2} − T = 2^{L+1} + 1 + i > 0."""
    return _dyadic_room_sympy(2)


def _dyadic_room_sympy(extra_bits: int) -> Evidence:
    """2^{L+extra} > T for every T, with T = 2^{L+1} − 1 − i, 0 ≤ i < 2^L, P = 2^L (sympy decides the sign)."""
    P = sp.Symbol("P", integer=True, positive=True)
    i = sp.Symbol("i", integer=True, nonnegative=True)
    gap = sp.expand(2**extra_bits * P - (2 * P - 1 - i))
    if gap.is_positive:
        return Evidence(Status.PROVED, "sympy", f"2^(L+{extra_bits}) − T = {sp.sstr(gap)} with P = 2^L, which is positive",
                        ranges="every T ≥ 1", worst_margin=1.0)
    return Evidence(Status.OPEN, "sympy", f"sympy could not decide the sign of {sp.sstr(gap)}")


@check
def c6_bits_sign_change_exhaustive(ctx: Context) -> Evidence:
    """Every k/T has b_{ℓ+1} ≠ b_{ℓ+2} for some ℓ ≤ L, and that bit test agrees with 4r_ℓ ∈ [T, 3T) for every ℓ ≤ L."""
    top = _largest_T(ctx, 1500, 8000)
    latest, latest_T = -math.inf, None
    for T in range(2, top + 1):
        L = floor_log2(T)
        ks = np.arange(1, T)
        bits = binary_digits(T, ks, L + 2)
        change = bits[:-1] != bits[1:]  # row ℓ: b_{ℓ+1} ≠ b_{ℓ+2}, ℓ = 0..L
        r = doubling_residues(T, ks, L + 1)
        band = (4 * r >= T) & (4 * r < 3 * T)
        if not np.array_equal(change, band) or not change.any(axis=0).all():
            bad = int(ks[~change.any(axis=0)][0]) if not change.any(axis=0).all() else None
            return Evidence(Status.REFUTED, "exact-integer", f"T={T}: bit lemma fails", counterexample={"T": T, "k": bad})
        first = int(np.argmax(change, axis=0).max())
        if first - L > latest:
            latest, latest_T = first - L, T
    return Evidence(Status.CERTIFIED, "exact-integer",
                    f"for every T in [2, {top}] and k in [1, T−1] a sign change sits among the first L+2 bits and the bit "
                    f"test equals the quarter-band test at every ℓ ≤ L; the latest first change is at ℓ = {_depth(latest)} "
                    f"(first at T = {latest_T})",
                    ranges=f"every T in [2, {top}], every k", worst_margin=float(-latest),
                    data={"provenance": _provenance(ctx, top=top)})


claim(
    id="trsp.C6.bit-lemma",
    title="The binary-digit lemma behind Thm C.6",
    source=Source("TRSP", "App. C.3.2", "proof of Thm C.6"),
    statement=r"With $\psi=k/T=\sum_j b_j2^{-j}$: (i) $\{2^\ell\psi\}\in[\frac14,\frac34)$ iff $b_{\ell+1}\ne b_{\ell+2}$; "
              r"(ii) $2^{-(L+2)}<1/T$ for $L=\lfloor\log_2T\rfloor$; (iii) hence every $\psi=k/T$, $1\le k\le T-1$, "
              r"has such a change among its first $L+2$ digits.",
    checks=["c6_bits_prefix_exhaustive", "c6_bits_depth_bound_sympy", "c6_bits_sign_change_exhaustive"],
    expected=Status.CERTIFIED,
    reason="(i) is exhaustive over the four leading bit pairs (proved), (ii) is a sympy sign argument for every T "
           "(proved), (iii) is checked in exact integer arithmetic for every k/T of the range (certified), "
           "together with the agreement of (i) with the integer band test at every ℓ ≤ L. One digit is spare: the "
           "first change always comes by digit L+1 (trsp.C6.bit-lemma.sharp).",
    notes=["loose"],
    tests=[f"{TESTS}::test_binary_digits_match_the_expansion"],
)


@check
def c6_bits_one_digit_less_sympy(ctx: Context) -> Evidence:
    """2^{−(L+1)} < 1/T already: the first L+1 digits of k/T cannot all agree."""
    return _dyadic_room_sympy(1)


@check
def c6_bits_one_digit_less_exhaustive(ctx: Context) -> Evidence:
    return _witness_certificate(ctx, QUARTER, -1, _largest_T(ctx, 4000, 2**16), fallback_bound=None)


claim(
    id="trsp.C6.bit-lemma.sharp",
    title="One digit fewer: the last generator 2^L is never the witness",
    source=Source("specproof", "App. C.3.2", "own"),
    statement=r"Every $\psi=k/T$, $1\le k\le T-1$, has $b_{\ell+1}\ne b_{\ell+2}$ for some $\ell\le L-1$, since already "
              r"$2^{-(L+1)}<1/T$. So some generator $2^\ell$ with $\ell\le L-1$ gives $4\sin^2(\pi r_\ell/T)\ge2$, and the "
              r"skeleton without its last generator still has $\mu_2\ge2$.",
    checks=["c6_bits_one_digit_less_sympy", "c6_bits_one_digit_less_exhaustive"],
    expected=Status.CERTIFIED,
    reason="The depth bound is a sympy sign argument for every T (proved); the witness ℓ ≤ L−1 with 4r_ℓ ∈ [T, 3T] "
           "is found in exact integers for every mode of every T in the range (certified).",
    corrects="trsp.C6.bit-lemma",
    tests=[f"{TESTS}::test_quarter_witness_exists_at_edge_sizes"],
)


# =========================================================================== C.3.3 normalised gap, Eq. 10–11

@check
def c6_upper_geometric_sympy(ctx: Context) -> Evidence:
    L = sp.Symbol("L", integer=True, nonnegative=True)
    ell = sp.Symbol("ell", integer=True, nonnegative=True)
    geo = sympy_identity(sp.summation(4**ell, (ell, 0, L)), (4 ** (L + 1) - 1) / 3, what="Σ_{ℓ≤L} 4^ℓ = (4^{L+1}−1)/3 ≤ 4^{L+1}/3")
    P = sp.Symbol("P", integer=True, positive=True)  # P = 2^L ≤ T = P + j
    j = sp.Symbol("j", integer=True, nonnegative=True)
    slack = sp.expand((P + j) ** 2 - P**2)
    last = (Evidence(Status.PROVED, "sympy", f"T² − 4^L = {sp.sstr(slack)} ≥ 0 (T = 2^L + j), so (2π/T)²·4^{{L+1}}/3 ≤ 16π²/3",
                     ranges="every T ≥ 1", worst_margin=0.0)
            if slack.is_nonnegative else Evidence(Status.OPEN, "sympy", "sign of T² − 4^L undecided"))
    return combine([geo, last], what="the last two steps of Eq. 10", method="sympy", ranges="every T ≥ 2")


@check
def c6_upper_cosine_balls(ctx: Context) -> Evidence:
    """1 − cos x ≤ x²/2 at every angle x = 2π·2^ℓ/T of Eq. 10, in arb balls."""
    top = _largest_T(ctx, 3000, 30000)
    count = 0
    with flint.ctx.workprec(BALL_PRECISION):
        tightest = flint.arb(math.inf)
        for T in range(2, top + 1):
            for ell in range(floor_log2(T) + 1):
                x = 2 * flint.arb.pi() * flint.fmpq(2**ell, T)
                slack = x * x / 2 - (1 - x.cos())
                verdict = _ball_compare(slack, 0)
                count += 1
                if verdict != "holds":
                    return Evidence(Status.OPEN if verdict == "undecided" else Status.REFUTED, "arb",
                                    f"T={T}, ℓ={ell}: 1 − cos x ≤ x²/2 {verdict} at {BALL_PRECISION} bits",
                                    counterexample={"T": T, "ell": ell} if verdict == "fails" else None)
                if slack.mid() < tightest.mid():
                    tightest = slack
    return Evidence(Status.CERTIFIED, "arb",
                    f"1 − cos(2π2^ℓ/T) ≤ (2π2^ℓ/T)²/2 certified at all {count} angles, so μ₁ ≤ θ₁²Σ4^ℓ termwise",
                    ranges=f"every T in [2, {top}], ℓ ≤ L; {BALL_PRECISION}-bit balls", worst_margin=float(tightest.mid()),
                    data={"ball_precision": BALL_PRECISION, "provenance": _provenance(ctx, top=top)})


@check
def c6_upper_float_extreme(ctx: Context) -> Evidence:
    table = _skeleton_table(_largest_T(ctx, 3000, 20000))
    Ts, mu2, mu1 = table["T"], table["mu2"], table["mu1"]
    L = np.array([floor_log2(int(T)) for T in Ts])
    middle = (2 * np.pi / Ts) ** 2 * 4.0 ** (L + 1) / 3
    bound = 16 * np.pi**2 / 3
    tol = _skeleton_rounding(Ts[-1])
    ok = np.all(mu2 <= mu1 + tol) and np.all(mu1 <= middle + tol) and np.all(middle <= bound * (1 + 4 * EPS))
    i, j = int(np.argmax(mu2)), int(np.argmax(mu1))
    return Evidence(Status.VERIFIED if ok else Status.REFUTED, "closed-form-float",
                    f"largest μ₂ {fmt(mu2[i])} (T = {Ts[i]}), largest μ₁ {fmt(mu1[j])} (T = {Ts[j]}), middle term in "
                    f"[{fmt(middle.min())}, {fmt(middle.max())}], against 16π²/3 = {fmt(bound)}",
                    ranges=f"every T in [2, {Ts[-1]}]", worst_margin=float(bound - mu2.max()),
                    sharpest=f"max μ₂ = {fmt(mu2.max())}, max μ₁ = {fmt(mu1.max())} vs 16π²/3 = {fmt(bound)}",
                    role="supports", counterexample=None if ok else {"T_range": [2, int(Ts[-1])]})


claim(
    id="trsp.C6.mu2-upper",
    figure="figures/mu2-vs-T.png",
    title="The chain of Eq. 10: μ₂ ≤ μ₁ ≤ (2π/T)²4^{L+1}/3 ≤ 16π²/3",
    source=Source("TRSP", "App. C.3.3", "Eq. 10"),
    statement=r"$\mu_2\le\mu_1=2\sum_{\ell\le L}(1-\cos(2^\ell\theta_1))\le\theta_1^2\sum_{\ell\le L}4^\ell"
              r"\le(2\pi/T)^2\,4^{L+1}/3\le16\pi^2/3$, with $\theta_1=2\pi/T$ and $\mu_1$ the mode $k=1$.",
    checks=["c6_upper_geometric_sympy", "c6_upper_cosine_balls", "c6_upper_float_extreme"],
    expected=Status.CERTIFIED,
    reason="μ₂ ≤ μ₁ because μ₂ is the minimum over k ≠ 0; 1 − cos x ≤ x²/2 is certified in arb balls at every "
           "angle the chain uses; the geometric sum and 4^{L+1} ≤ 4T² are sympy identities. Every step holds but "
           "the end is loose by a factor ≈ 7: sup μ₁ ≈ 7.39 (trsp.C6.mu2-upper.sharp).",
    notes=["loose"],
    tests=[f"{TESTS}::test_mode_one_chain_at_edge_sizes"],
)


def _mode_one_envelope_bound(y0, y1, terms: int):
    """Upper ball for sup_{y∈[y0,y1]} Σ_{j≥0} 4 sin²(πy/2^j), y ⊂ [1/2, 1].

    j = 0 decreases on [1/2, 1] (evaluate at y0), j ≥ 1 increase (at y1); the tail j ≥ terms is at most
    Σ 4(πy/2^j)² = (16/3)π²y²/4^terms.
    """
    pi = flint.arb.pi()
    total = 4 * (pi * y0).sin() ** 2
    for j in range(1, terms):
        total += 4 * (pi * y1 / 2**j).sin() ** 2
    return total + 16 * pi**2 * y1**2 / (3 * flint.arb(4) ** terms)


@check
def c6_upper_sharp_envelope_balls(ctx: Context) -> Evidence:
    """μ₁(T) = Σ_{j≤L} 4 sin²(πy/2^j) with y = 2^L/T ∈ (1/2, 1]; bound the infinite sum over all y by balls."""
    pieces = 2**15 if ctx.wide else 2**12
    bound = Fraction(37, 5)
    worst = -math.inf
    with flint.ctx.workprec(BALL_PRECISION):
        for p in range(pieces):
            y0 = flint.fmpq(1, 2) + flint.fmpq(p, 2 * pieces)
            y1 = flint.fmpq(1, 2) + flint.fmpq(p + 1, 2 * pieces)
            upper = _mode_one_envelope_bound(flint.arb(y0), flint.arb(y1), 40)
            verdict = _ball_compare(flint.arb(flint.fmpq(bound.numerator, bound.denominator)) - upper, 0)
            if verdict != "holds":
                return Evidence(Status.REFUTED if verdict == "fails" else Status.OPEN, "arb",
                                f"y in [{y0}, {y1}]: envelope < {bound} {verdict}",
                                counterexample={"y0": str(y0), "y1": str(y1), "ball": verdict} if verdict == "fails" else None)
            worst = max(worst, float(upper.mid()))
    return Evidence(Status.CERTIFIED, "arb",
                    f"Σ_j 4 sin²(πy/2^j) < 37/5 on all {pieces} pieces of y ∈ [1/2, 1] (largest piece bound {fmt(worst)}), "
                    f"so μ₂ ≤ μ₁ < 7.4 for every T",
                    ranges=f"every T ≥ 2 (through y = 2^L/T); {BALL_PRECISION}-bit balls", worst_margin=float(bound) - worst,
                    data={"pieces": pieces, "ball_precision": BALL_PRECISION, "provenance": _provenance(ctx)})


@check
def c6_upper_sharp_float(ctx: Context) -> Evidence:
    table = _skeleton_table(_largest_T(ctx, 3000, 20000))
    y = np.linspace(0.5, 1.0, 200001)
    envelope = sum(4 * np.sin(np.pi * y / 2**j) ** 2 for j in range(60))
    tol = _skeleton_rounding(table["T"][-1])
    # every observed μ₂ ≤ μ₁ < 37/5 (the sampled envelope's sup lies below the certified one, so it is not a bound)
    margin = float(min(37 / 5 - table["mu1"].max(), np.min(table["mu1"] - table["mu2"])))
    ok = margin >= -tol
    return Evidence(Status.VERIFIED if ok else Status.REFUTED, "closed-form-float",
                    f"sup of the envelope ≈ {fmt(envelope.max(), 5)} at y ≈ {fmt(y[np.argmax(envelope)])}; observed "
                    f"max μ₁ {fmt(table['mu1'].max(), 5)}, max μ₂ {fmt(table['mu2'].max(), 4)} for T ≤ {table['T'][-1]}, "
                    f"μ₂ ≤ μ₁ < 37/5 at every T",
                    ranges=f"every T in [2, {table['T'][-1]}]", role="supports", worst_margin=margin,
                    sharpest=f"sup_T μ₁ ≈ {fmt(envelope.max(), 5)}",
                    counterexample=None if ok else {"max_mu1": float(table["mu1"].max())})


claim(
    id="trsp.C6.mu2-upper.sharp",
    title="μ₂ ≤ μ₁ < 7.4 for every T (vs 16π²/3 ≈ 52.6)",
    source=Source("specproof", "App. C.3.3", "own"),
    statement=r"For every $T\ge2$, $\mu_2\le\mu_1<\frac{37}{5}$: writing $y=2^L/T\in(\frac12,1]$, "
              r"$\mu_1=\sum_{j=0}^{L}4\sin^2(\pi y/2^j)\le\sup_{y\in[1/2,1]}\sum_{j\ge0}4\sin^2(\pi y/2^j)\approx7.387$. "
              r"With $\mu_2\ge4$ this gives $2/(L+1)\le\gamma_{\rm tri}<3.7/(L+1)$.",
    checks=["c6_upper_sharp_envelope_balls", "c6_upper_sharp_float", "c6_mu2_stored_sweep"],
    expected=Status.CERTIFIED,
    reason="Ball arithmetic bounds the infinite envelope on every piece of a cover of [1/2, 1] (monotone terms "
           "evaluated at the piece's ends, geometric tail), which covers every T at once.",
    corrects="trsp.C6.mu2-upper",
    tests=[f"{TESTS}::test_mode_one_is_the_envelope"],
)


def _gap_subsequences(ctx: Context) -> dict:
    """Subsequences along which μ₂ settles: even T have μ₂ = 4, odd T larger, so they are fitted apart."""
    top = 22 if ctx.wide else 17
    ms = range(4, top + 1)
    return {"T = 2^m": [2**m for m in ms], "T = 2^m + 1": [2**m + 1 for m in ms],
            "T = 3·2^(m−1)": [3 * 2 ** (m - 1) for m in ms], "T = 3·2^(m−1) + 1": [3 * 2 ** (m - 1) + 1 for m in ms],
            "T = 2^(m+1) − 1": [2 ** (m + 1) - 1 for m in ms]}


@functools.lru_cache(maxsize=None)
def _skeleton_gap(T: int) -> float:
    return cayley_algebraic_connectivity(T) / cayley_degree(T)


@check
def c6_gap_degree_exact(ctx: Context) -> Evidence:
    top = _largest_T(ctx, 200, 600)

    def margin(T):
        degrees = cayley_adjacency(T).sum(axis=1)  # small integers, exact in float64
        return 0 if np.all(degrees == 2 * (floor_log2(T) + 1)) and cayley_degree(T) == 2 * (floor_log2(T) + 1) else -1

    return grid_check(range(2, top + 1), margin, what="every vertex of the multigraph has degree r = 2(L+1)",
                      method="exact-integer", exact=True, ranges=f"every T in [2, {top}] (loops and parallel edges counted)")


@check
def c6_gap_rate_sweep(ctx: Context) -> Evidence:
    """γ_tri = μ₂/r against 1/(⌊log₂T⌋+1) from the stored `skeleton-mu2` sweep (exact-arc branch and bound).

    The rate is read against 1/(⌊log₂T⌋+1), the Θ(1/log T) representative without the floor's sawtooth;
    (2T)^−ε matches 1/log T's local slope where ε·ln T ≈ 1, so ε = 1/4 is the smallest power the sweep separates.
    Even T (μ₂ = 4) and odd T are read apart, along the subsequences the sweep is built around.
    """
    from specproof.checks.sweeps import along, rate_check, stored_options

    levels = lambda x: np.floor(np.log2(x)) + 1  # noqa: E731
    competitors = {"1/(L+1)²": lambda x: levels(x) ** -2.0, "1/√(L+1)": lambda x: levels(x) ** -0.5,
                   "(2T)^−0.25": lambda x: (2 * x) ** -0.25, "1": lambda x: np.ones_like(x)}
    gamma = ("γ = μ₂/r", lambda mu2, row: mu2 / row["degree"])  # r = 2(L+1) exact (c6_gap_degree_exact)
    options = stored_options(ctx)
    parts = [rate_check("skeleton-mu2", lambda x: 1 / levels(x), "(1/(L+1))", what=f"T = {name}", transform=gamma,
                        competitors=competitors, scale="loglog", select=along(kind, at_least=16), **options)
             for name, kind in {"2^m": "2^m", "2^m + 1": "2^m+1", "3·2^(m−1)": "3*2^m", "2^m − 1": "2^m-1"}.items()]
    top = max(p.data["x"][-1] for p in parts if "x" in p.data)
    return combine(parts, what="γ_tri = μ₂/(2(L+1)) against 1/(⌊log₂T⌋+1)", method="sweep-fit",
                   ranges=f"sweep skeleton-mu2 ({options['grid']} grid): T = 2^m, 2^m ± 1, 3·2^(m−1) from 16 to {fmt(top)}")


claim(
    id="trsp.C6.gap-rate",
    figure="figures/gap-rate.png",
    title="Degree 2(L+1) and normalised gap Θ(1/log T)",
    source=Source("TRSP", "App. C.3.3", "Eq. 11"),
    statement=r"The skeleton is $r$-regular with $r=2(L+1)$, and $\gamma_{\rm tri}=\mu_2/r=\Theta(1/\log T)$.",
    checks=["c6_gap_degree_exact", "c6_gap_rate_sweep"],
    expected=Status.VERIFIED,
    reason="The degree is exact (multigraph: loops and parallel edges count). The rate, read from the stored "
           "skeleton-mu2 sweep (exact-arc branch and bound, T to 2^30 + 1; 2^50 and 10^12 with --wide): along four "
           "subsequences (even T, where μ₂ = 4, and odd T, read apart) γ·(⌊log₂T⌋+1) stays flat over eight decades "
           "while 1/log², 1/√log, (2T)^−1/4 and constants drift; with μ₂ ∈ [4, 7.4) "
           "(trsp.C6.mu2-lower.sharp, trsp.C6.mu2-upper.sharp) it is in fact 2 ≤ γ(L+1) < 3.7. A power (2T)^−ε with "
           "ε ≲ 1/ln T_max cannot be told from 1/log T by any finite sweep; ε = 1/4 is ruled out.",
    uses=["trsp.C.regular-gap", "trsp.C6.mu2-lower", "trsp.C6.mu2-upper"],
    tests=[f"{TESTS}::test_gap_of_powers_of_two"],
)


@check
def c6_dense_depth_limit_sympy(ctx: Context) -> Evidence:
    a, c, x = sp.symbols("a c x", positive=True)
    limit = sp.limit((1 - a / x) ** (c * x), x, sp.oo)
    return sympy_identity(limit, sp.exp(-a * c), what="(1 − a/x)^{cx} → e^{−ac} ∈ (0, 1): Θ(1) when γ = a/x, D = cx",
                          ranges="every a, c > 0")


@check
def c6_dense_depth_bounds(ctx: Context) -> Evidence:
    """(1 − γ)^D for the one-layer dense skeleton, D = c(L+1): inside [e^{−cγ(L+1)/(1−γ)}, e^{−cγ(L+1)}] ⊂ (0, e^{−2c}]."""
    table = _skeleton_table(_largest_T(ctx, 3000, 20000))
    top = max(max(v) for v in _gap_subsequences(ctx).values())
    Ts = list(map(int, table["T"][table["T"] >= 16])) + [T for v in _gap_subsequences(ctx).values() for T in v if T > table["T"][-1]]
    rows = []
    for c in (1, 2):
        values = []
        for T in Ts:
            gamma, D = _skeleton_gap(T), c * (floor_log2(T) + 1)
            # γ = μ₂/r carries |Δγ| ≤ rounding(μ₂)/r + eps·γ; with 1 − γ ≥ 1/4 (γ < 3.7/5 for T ≥ 16), (1−γ)^D and the
            # exponentials are within relative 4·D·(|Δγ| + eps) + 4·eps of their exact values
            rel = 4 * D * (_skeleton_rounding(T) / cayley_degree(T) + 2 * EPS) + 4 * EPS
            values.append((T, (1 - gamma) ** D, math.exp(-c * gamma * (floor_log2(T) + 1)),
                           math.exp(-c * gamma * (floor_log2(T) + 1) / (1 - gamma)), rel))
        y = np.array([v[1] for v in values])
        late = [v[1] for v in values if v[0] >= 2**12]
        rows.append({"c": c, "min": float(y.min()), "max": float(y.max()), "late_min": min(late), "late_max": max(late),
                     "ceiling_ok": all(v[3] * (1 - v[4]) <= v[1] * (1 + v[4]) and v[1] * (1 - v[4]) <= v[2] * (1 + v[4])
                                       and v[2] * (1 - v[4]) <= math.exp(-2 * c) for v in values)})
    ok = all(r["ceiling_ok"] and r["min"] > 0 for r in rows)
    parts = [f"D = {r['c']}(L+1): (1−γ)^D in [{fmt(r['min'])}, {fmt(r['max'])}] over all T, in [{fmt(r['late_min'])}, "
             f"{fmt(r['late_max'])}] for T ≥ 4096, never above e^(−{2 * r['c']}) = {fmt(math.exp(-2 * r['c']))}" for r in rows]
    return Evidence(Status.VERIFIED if ok else Status.REFUTED, "closed-form-float",
                    "contraction of the dense variant stays Θ(1): " + "; ".join(parts),
                    ranges=f"every T in [16, {table['T'][-1]}] and five subsequences up to {top}",
                    worst_margin=min(r["min"] for r in rows),
                    sharpest="(1−γ)^(L+1) → between e^(−3.7) and e^(−2) (μ₂ ∈ [4, 7.4))",
                    counterexample=None if ok else {"rows": rows}, data={"rows": rows})


claim(
    id="trsp.C6.dense-depth",
    title="Dense variant: per-layer gap Θ(1/log T), depth Θ(log T) gives a constant contraction",
    source=Source("TRSP", "App. C.3.3", "dense variant"),
    statement=r"If one layer realises every offset $2^0,\dots,2^L$ (the whole skeleton), its normalised gap is "
              r"$\gamma=\Theta(1/\log T)$, and with depth $D=\Theta(\log T)$ the contraction $(1-\gamma)^D$ is $\Theta(1)$.",
    checks=["c6_dense_depth_limit_sympy", "c6_dense_depth_bounds"],
    expected=Status.VERIFIED,
    reason="The limit (1 − a/x)^{cx} → e^{−ac} is a sympy identity. For the skeleton itself, (1 − γ)^D lies "
           "between e^{−cγ(L+1)/(1−γ)} and e^{−cγ(L+1)} ≤ e^{−2c} at every T of the range (float), and γ(L+1) ∈ "
           "[2, 3.7) keeps it Θ(1); its approach to the limit carries O(1/log T) corrections, so a plain ratio "
           "sweep drifts at reachable T.",
    notes=["interpretive"],
    uses=["trsp.C6.gap-rate"],
    tests=[f"{TESTS}::test_dense_contraction_is_bounded_away_from_zero"],
)


def _real_operator_sizes(ctx: Context) -> list[int]:
    small = range(2, 257 if ctx.wide else 65)
    dyadic = [2**m + d for m in range(6, 12 if ctx.wide else 10) for d in (-1, 0, 1)]
    return sorted(set(small) | set(dyadic))


@check
def c6_real_mu2_range(ctx: Context) -> Evidence:
    Ts = _real_operator_sizes(ctx)
    mu2 = {T: _real_operator_spectrum(T)[0] for T in Ts}
    below_two = [T for T in Ts if mu2[T] < 2]
    lo_T = min(Ts, key=mu2.get)

    def margin(T):  # the statement: 1/2 ≤ μ₂ ≤ 5/2 everywhere, and μ₂ < 2 (C.6's constant fails) at every T ≤ 2048
        return min(mu2[T] - 0.5, 2.5 - mu2[T], 2 - mu2[T] if T <= 2048 else math.inf)

    ev = grid_check(Ts, margin, what="1/2 ≤ μ₂(L_real) ≤ 5/2, and μ₂ < 2 for T ≤ 2048", method="dense-float", exact=False,
                    tolerance=lambda T: float_tolerance(T, 2 * _real_operator_spectrum(T)[2]),  # eigvalsh; ‖L‖₂ ≤ 2·max degree
                    ranges=f"T in [2, {max(r for r in Ts if r < 300)}] and 2^m − 1, 2^m, 2^m + 1 up to {max(Ts)}")
    ev.summary += (f"; smallest μ₂ {fmt(mu2[lo_T])} at T = {lo_T}; μ₂ < 2 at {len(below_two)} of {len(Ts)} sizes "
                   f"(C.6's constant fails, e.g. T = 8: {fmt(mu2[8])}); along 2^m − 1 μ₂ ≈ {fmt(mu2[max(t for t in Ts if (t + 1) & t == 0)])}, "
                   f"along 2^m it rises to {fmt(mu2[max(t for t in Ts if t & (t - 1) == 0)])}")
    ev.sharpest = f"min μ₂(real) = {fmt(mu2[lo_T])} (T = {lo_T}); C.6 counterexample T = 8: {fmt(mu2[8])} < 2"
    ev.data["mu2"] = {str(T): mu2[T] for T in Ts}
    return ev


@check
def c6_real_gap_range(ctx: Context) -> Evidence:
    Ts = _real_operator_sizes(ctx)
    scaled = {T: _real_operator_spectrum(T)[1] * np.log2(2 * T) for T in Ts}
    ev = grid_check(Ts, lambda T: min(scaled[T] - 0.5, 3.0 - scaled[T]), what="1/2 ≤ γ_real·log₂(2T) ≤ 3",
                    method="dense-float", exact=False, tolerance=lambda T: float_tolerance(T, 2.0) * np.log2(2 * T),
                    ranges=f"T in [2, {max(r for r in Ts if r < 300)}] and 2^m − 1, 2^m, 2^m + 1 up to {max(Ts)}")
    ev.summary += f"; γ·log₂(2T) ranges over [{fmt(min(scaled.values()))}, {fmt(max(scaled.values()))}]"
    ev.data["gamma_log"] = {str(T): scaled[T] for T in Ts}
    return ev


@check
def c6_real_gap_trend(ctx: Context) -> Evidence:
    """γ_real = Θ(1/log T) from the stored `real-gap` sweep (LOBPCG brackets), read as a/log₂(2T) + c/log₂²(2T).

    γ·log₂(2T) itself drifts (a ratio a + c/log₂(2T) with c ≈ 5 moves by 10–20 % over the sweep), which a
    plain ratio test reads as a wrong rate; with the c/log² term fitted and removed the ratio is flat and
    1/log^1.5, 1/√log, Θ(1) and (2T)^−1/4 are ruled out. Even and odd T, and the sizes just below a
    power of two (where the last layer covers only half the sequence), are read apart.
    """
    from specproof.checks.sweeps import along, rate_check, stored_options

    L2 = lambda x: np.log2(2 * x)  # noqa: E731
    competitors = {"1/log₂^1.5": lambda x: L2(x) ** -1.5, "1/√log₂": lambda x: L2(x) ** -0.5, "1": np.ones_like,
                   "(2T)^−0.25": lambda x: (2 * x) ** -0.25}
    options = stored_options(ctx)
    subsequences = {"2^m": "2^m", "2^m − 1": "2^m-1", "2^m + 1": "2^m+1", "3·2^(m−1)": "3*2^m"}
    parts = [rate_check("real-gap", lambda x: 1 / L2(x), "1/log₂(2T)", what=f"T = {name}", competitors=competitors,
                        lower={"1/log₂²(2T)": lambda x: L2(x) ** -2.0}, scale="loglog", select=along(kind, at_least=32),
                        **options)
             for name, kind in subsequences.items()]
    leads = {name: p.data.get("leading_coefficient") for name, p in zip(subsequences, parts)}
    ev = combine(parts, what="γ_real = a/log₂(2T) + c/log₂²(2T), a > 0", method="sweep-fit",
                 ranges=f"sweep real-gap ({options['grid']} grid): T = 2^m, 2^m ± 1, 3·2^(m−1) from 32 to "
                        f"{fmt(max(p.data['x'][-1] for p in parts if 'x' in p.data))}")
    ev.summary += "; leading a: " + ", ".join(f"{k}: {fmt(v)}" for k, v in leads.items() if v is not None)
    return ev


@check
def c6_real_mu2_large_T(ctx: Context) -> Evidence:
    """μ₂ of the real stack beyond dense sizes, by the matrix-free solver, after agreeing with dense at small T."""
    try:
        from specproof.theory.solvers import real_tribox_algebraic_connectivity
    except ImportError as exc:
        return Evidence(Status.OPEN, "lobpcg", f"matrix-free solver unavailable ({exc})", role="supports")
    for T in (63, 64, 127):
        bracket = real_tribox_algebraic_connectivity(T)
        dense = _real_operator_spectrum(T)[0]
        allowance = float_tolerance(T, 2 * _real_operator_spectrum(T)[2])  # dense eigvalsh: n·eps·‖L‖, ‖L‖ ≤ 2·max degree
        if not bracket.lower - allowance <= dense <= bracket.upper + allowance:
            return Evidence(Status.OPEN, "lobpcg", f"solver and dense disagree at T={T}: {bracket.value} vs {dense}",
                            role="supports")
    ms = range(10, 17 if ctx.wide else 13, 2)
    rows = {T: real_tribox_algebraic_connectivity(T) for m in ms for T in (2**m - 1, 2**m)}
    ok = all(0.5 <= b.lower and b.upper <= 2.5 for b in rows.values())
    return Evidence(Status.VERIFIED if ok else Status.REFUTED, "lobpcg",
                    "μ₂(L_real) by LOBPCG (agrees with dense at T = 63, 64, 127): "
                    + ", ".join(f"T = {T}: {fmt(b.value, 4)}" for T, b in rows.items())
                    + "; just below each power of two it stays ≈ 1.19 < 2, at T = 2^m it creeps above 2",
                    ranges=f"T = 2^m − 1, 2^m for m in {list(ms)}", role="supports",
                    worst_margin=min(min(b.lower - 0.5, 2.5 - b.upper) for b in rows.values()),
                    counterexample=None if ok else {str(T): b.value for T, b in rows.items()},
                    data={str(T): b.as_row() for T, b in rows.items()})


@check
def c6_real_mu2_rate_sweep(ctx: Context) -> Evidence:
    """μ₂(L_real) = Θ(1) from the stored `real-mu2` sweep (LOBPCG brackets), along T = 2^m − 1 and T = 2^m.

    The quick grid stops at T = 2049, where μ₂ is still climbing; the committed default grid (to T = 65537)
    is read from the sweep store, and computed there first if the store lacks it.
    """
    from specproof.checks.sweeps import along, rate_check, stored_options

    options = stored_options(ctx)
    competitors = {"1/log T": lambda T: 1 / np.log(T), "log T": np.log}
    evidence = [rate_check("real-mu2", np.ones_like, "1", what=f"μ₂(L_real) along T = {name}", scale="loglog",
                           competitors=competitors, select=along(kind), **options)
                for name, kind in {"2^m − 1": "2^m-1", "2^m": "2^m"}.items()]
    return combine(evidence, what="μ₂(L_real) = Θ(1) over the stored sweep", method="sweep-fit",
                   ranges="; ".join(e.ranges for e in evidence))


claim(
    id="trsp.C6.real-operator",
    title="The real triBox stack: μ₂ is Θ(1) but not ≥ 2; the normalised gap is still ~1/log T",
    source=Source("specproof", "App. C.3.2", "own"),
    statement=r"For the real operator ($W=\frac12(\sum_\ell M_{\rm tri}^{(b_\ell)}+\text{transpose})$, "
              r"$b_\ell=\min(2^\ell,T)$, causal, no wrap-around, self-loops kept): $\frac12\le\mu_2(L_{\rm real})\le\frac52$ "
              r"and $\frac12\le\gamma_{\rm real}\log_2(2T)\le3$ at every $T$ checked. Thm C.6's constant does not "
              r"transfer: $\mu_2<2$ at every $T\le2048$ checked (e.g. $T=8$: $1.43$) and along $T=2^m-1$ it settles "
              r"near $1.19$; its order $\Theta(1)$ and Eq. 11's $\Theta(1/\log T)$ do transfer, as far as the sweeps reach.",
    checks=["c6_real_mu2_range", "c6_real_gap_range", "c6_real_gap_trend", "c6_real_mu2_large_T",
            "c6_real_mu2_rate_sweep"],
    expected=Status.VERIFIED,
    reason="Dense float eigensolves (tolerance n·eps·‖L‖) over every T of the small range and the dyadic edge "
           "sizes 2^m − 1, 2^m, 2^m + 1, and a matrix-free LOBPCG bracket (checked against dense) beyond: μ₂ dips "
           "to ≈ 1.19 just below each power of two (the last layer then has b ≈ T/2) and climbs to ≈ 2 at T = 2^m, "
           "crossing 2 only from T = 4096 on. The skeleton's μ₂ ≥ 4 is about twice the real operator's. "
           "The rates are read from the stored real-mu2 / real-gap sweeps (T to 65537): μ₂ = Θ(1) (1/log T and log T "
           "ruled out); γ_real·log₂(2T) drifts (c/log₂²(2T) correction with c ≈ 5), and with that term fitted and "
           "removed γ_real = Θ(1/log T) along 2^m, 2^m ± 1 and 3·2^(m−1), 1/log^1.5 and 1/√log ruled out. The "
           "leading constant is not settled: a ≈ 2.05 (2^m, T = 32…65536) and 1.11 (2^m − 1, T = 63…65535), "
           "against 2.4 and 1.4 fitted over T ≤ 2^9.",
    uses=["trsp.C6.mu2-lower", "trsp.C6.gap-rate"],
    tests=[f"{TESTS}::test_real_operator_small_sizes"],
)


# =========================================================================== C.4 effective rank

def _composite_frobenius_cases():
    """(A, b, g): nonnegative attention (row-stochastic patterns or raw nonnegative), bandwidth incl. 1, T, > T."""
    def build(spec):
        T, b, g, A = spec
        return A, b, g

    return sst.size_and_bandwidth(32).flatmap(lambda tb: st.tuples(
        st.just(tb[0]), st.just(tb[1]), st.floats(0.0, 1.0),
        st.one_of(sst.row_stochastic(tb[0]), sst.psd(tb[0], bound=2.0).map(np.abs)))).map(build)


@check
def c7_frobenius_bound_property(ctx: Context) -> Evidence:
    def margin(case):
        A, b, g = case
        T = len(A)
        M = TriBox(T, b).as_matrix()
        composite = np.eye(T) + A + g * M
        return float(np.sum(composite**2) - T - g * g * np.sum(M**2))

    def tolerance(case):
        A, b, g = case
        T = len(A)
        return float_tolerance(T * T, np.sum((np.eye(T) + A + g * TriBox(T, b).as_matrix()) ** 2))  # T² squares summed

    return property_search(_composite_frobenius_cases(), margin, what="‖I + A + gM_tri‖_F² ≥ T + g²‖M_tri‖_F²", ctx=ctx,
                           examples=150, wide_examples=2000, tolerance=tolerance,
                           ranges="T in [1, 32] incl. 2^m ± 1, b in {1, T, T+1, 2T+3, random}, g in [0, 1], "
                                  "A row-stochastic (sinks, blocks, ...) or entrywise nonnegative")


def _energy_cases(ctx: Context):
    top = 10 if ctx.wide else 7
    return [(T, b) for b in range(2, top + 1) for T in range(2 * b - 1, 2 * b + 3)]


@check
def c7_energy_definition_exact(ctx: Context) -> Evidence:
    """Is E_b := ‖M_tri‖_F²/T equal to ‖h_b‖² = (2b²+1)/(3b³)? Exact rationals."""
    def margin(case):
        T, b = case
        return -abs(tribox_frobenius_sq_exact(T, b) / T - tribox_kernel_energy_exact(b))

    ev = grid_check(_energy_cases(ctx), margin, what="‖M_tri‖_F²/T = ‖h_b‖²", method="exact-rational", exact=True,
                    ranges="b ≥ 2, T in [2b−1, 2b+2] (long enough for interior rows)")
    if ev.counterexample:
        T, b = ev.counterexample["input"]
        ev.counterexample.update(frobenius_sq=str(tribox_frobenius_sq_exact(T, b)),
                                 kernel_energy=str(tribox_kernel_energy_exact(b)))
    return ev


claim(
    id="trsp.C7.frobenius",
    figure="figures/kernel-energy.png",
    title="Frobenius energy bound, and E_b := ‖M_tri‖_F²/T = ‖h‖²",
    source=Source("TRSP", "App. C.4", "Prop. C.7 / Eq. 12"),
    statement=r"For entrywise nonnegative $A_{\rm attn}$, $\|I+A_{\rm attn}+gM_{\rm tri}\|_F^2\ge T+g^2\|M_{\rm tri}\|_F^2$; "
              r"and the per-row energy $E_b:=\|M_{\rm tri}\|_F^2/T$ equals $\|h_b\|_2^2$.",
    checks=["c7_frobenius_bound_property", "c7_energy_definition_exact"],
    expected=Status.REFUTED,
    reason="The inequality holds (nonnegative cross terms; property search). The identity E_b = ‖h_b‖² is false "
           "for every T and b ≥ 2: the first 2b−2 rows of M_tri are not copies of h_b and carry extra energy "
           "β_b > 0 (exact counterexample: b = 2, T = 3 gives 2/3, not 3/8). Corrected in "
           "trsp.C7.frobenius.corrected.",
    tests=[f"{TESTS}::test_energy_is_not_the_kernel_energy"],
)


@check
def c7_energy_excess_exact(ctx: Context) -> Evidence:
    """‖M_tri‖_F² − T‖h_b‖² ≥ 0 (= 0 iff b = 1) for all T, and constant in T from T = 2b−2 on. Exact."""
    top_b = 9 if ctx.wide else 6
    cases = [(T, b) for b in range(1, top_b + 1) for T in range(1, 2 * b + 5)]
    constant = {b: tribox_frobenius_sq_exact(max(2 * b - 2, 1), b) - max(2 * b - 2, 1) * tribox_kernel_energy_exact(b)
                for b in range(1, top_b + 1)}

    def margin(case):
        T, b = case
        excess = tribox_frobenius_sq_exact(T, b) - T * tribox_kernel_energy_exact(b)
        if (excess == 0) != (b == 1) or excess < 0:
            return -1
        if T >= 2 * b - 2 and excess != constant[b]:
            return -1
        return 0

    ev = grid_check(cases, margin, what="‖M_tri‖_F² = T‖h_b‖² + β_b(T) with β_b(T) ≥ 0, = 0 iff b = 1, constant for T ≥ 2b−2",
                    method="exact-rational", exact=True, ranges=f"b in [1, {top_b}], T in [1, 2b+4]")
    ev.summary += "; β_b = " + ", ".join(f"{constant[b]}" for b in range(1, 5)) + ", … for b = 1, 2, 3, 4"
    return ev


@check
def c7_energy_excess_rate(ctx: Context) -> Evidence:
    bs = [2**m for m in range(4, 13 if ctx.wide else 11)]
    beta = [tribox_boundary_excess(b) for b in bs]
    # a power b^ε is indistinguishable from ln b until ε·ln b ≫ 1, so the power competitor is b^{1/4}
    return corrected_rate_evidence(bs, beta, np.log, "ln b", {"1": np.ones_like},
                                 {"ln² b": lambda x: np.log(x) ** 2, "b^0.25": lambda x: x**0.25},
                                 what="β_b = Θ(log b)", ranges=f"b = 16..{bs[-1]} (dyadic)", scale="loglog")


claim(
    id="trsp.C7.frobenius.corrected",
    title="‖M_tri‖_F² = T‖h_b‖² + β_b with a boundary excess β_b = Θ(log b)",
    source=Source("specproof", "App. C.4", "own"),
    statement=r"For all $T,b\ge1$: $\|M_{\rm tri}\|_F^2\ge T\|h_b\|_2^2$, with equality iff $b=1$; for $T\ge2b-2$, "
              r"$\|M_{\rm tri}\|_F^2=T\|h_b\|_2^2+\beta_b$ with $\beta_b$ independent of $T$ ($\beta_2=7/8$) and "
              r"$\beta_b=\Theta(\log b)$ (fitted $\approx1.94\ln b-1.26$ over $b=16\ldots1024$). Hence $E_b(T)=\|h_b\|^2+\beta_b/T\to\|h_b\|^2$ and Eq. 12 "
              r"holds with $\|h_b\|^2$ in place of $E_b$: $\|\mathcal M\|_F^2\ge T(1+g^2\|h_b\|_2^2)$.",
    checks=["c7_energy_excess_exact", "c7_energy_excess_rate"],
    expected=Status.VERIFIED,
    reason="The sign, the equality case and the constancy of β_b are exact rational arithmetic over the range "
           "(certified); the Θ(log b) growth of β_b is a sweep with its constant term removed (verified).",
    corrects="trsp.C7.frobenius",
    tests=[f"{TESTS}::test_boundary_excess_is_constant_in_T"],
)


@check
def c7_kernel_energy_sympy(ctx: Context) -> Evidence:
    b = sp.Symbol("b", integer=True, positive=True)
    m = sp.Symbol("m", integer=True)
    r = sp.Symbol("r", integer=True, nonnegative=True)
    closed = (2 * b**2 + 1) / (3 * b**3)
    by_lag = sympy_identity((b**2 + 2 * sp.summation((b - m) ** 2, (m, 1, b - 1))) / b**4, closed,
                            what="b⁻⁴Σ_{|m|<b}(b−|m|)² = (2b²+1)/(3b³)")
    rising, falling = (b - (b - 1 - r)) / b**2, (b - (r - (b - 1))) / b**2  # h_b on r ≤ b−1 and r ≥ b−1 (Eq. 4)
    by_kernel = sympy_identity(sp.summation(rising**2, (r, 0, b - 1)) + sp.summation(falling**2, (r, b, 2 * b - 2)), closed,
                               what="Σ_{r=0}^{2b−2} h_b(r)² = (2b²+1)/(3b³)")
    mass = sympy_identity(sp.summation(rising, (r, 0, b - 1)) + sp.summation(falling, (r, b, 2 * b - 2)), 1,
                          what="Σ_r h_b(r) = 1")
    return combine([by_lag, by_kernel, mass], what="Eq. 13", method="sympy", ranges="every b ≥ 1")


@check
def c7_kernel_energy_theta_sympy(ctx: Context) -> Evidence:
    b = sp.Symbol("b", integer=True, positive=True)
    E = (2 * b**2 + 1) / (3 * b**3)
    upper = sympy_identity(1 / b - E, (b - 1) * (b + 1) / (3 * b**3), what="1/b − E_b = (b²−1)/(3b³) ≥ 0")
    lower = sympy_identity(E - sp.Rational(2, 3) / b, 1 / (3 * b**3), what="E_b − 2/(3b) = 1/(3b³) > 0")
    limit = sympy_identity(sp.limit(b * E, b, sp.oo), sp.Rational(2, 3), what="b·E_b → 2/3")
    return combine([upper, lower, limit], what="2/(3b) < E_b ≤ 1/b", method="sympy", ranges="every b ≥ 1")


@check
def c7_kernel_energy_sweep(ctx: Context) -> Evidence:
    bs = np.array([2**m for m in range(0, 31)], dtype=float)
    energies = [float(np.sum(tribox_kernel(int(b)) ** 2)) for b in bs[:13]] + [tribox_kernel_energy(int(b)) for b in bs[13:]]
    fit = fit_rate(bs, energies, lambda x: 1 / x, "(1/b)", {"1/√b": lambda x: x**-0.5, "log b/b": lambda x: np.log(2 * x) / x},
                   scale="log")
    return rate_evidence(fit, what="‖h_b‖² against 1/b", ranges="b = 2^0..2^30 (kernel summed for b ≤ 2^12)",
                         role="supports")


claim(
    id="trsp.C7.kernel-energy",
    figure="figures/kernel-energy.png",
    title="Kernel energy ‖h_b‖² = (2b²+1)/(3b³) = Θ(1/b)",
    source=Source("TRSP", "App. C.4", "Eq. 13"),
    statement=r"$\|h_b\|_2^2=b^{-4}\sum_{m=-(b-1)}^{b-1}(b-|m|)^2=\frac{2b^2+1}{3b^3}$, and "
              r"$\frac{2}{3b}<\|h_b\|_2^2\le\frac1b$, so $\|h_b\|_2^2=\Theta(1/b)$.",
    checks=["c7_kernel_energy_sympy", "c7_kernel_energy_theta_sympy", "c7_kernel_energy_sweep"],
    expected=Status.PROVED,
    reason="sympy sums both forms for symbolic b and factors the two-sided bound; the sweep over thirty octaves "
           "shows b·‖h_b‖² flat at 2/3.",
    tests=[f"{TESTS}::test_kernel_energy_matches_exact_sum"],
)


@check
def c8_row_sums_sympy(ctx: Context) -> Evidence:
    """A Box row puts 1/w on w tokens: mass 1; and a product of row-stochastic matrices is row-stochastic, for every
    size n: Σ_k (PR)_ik = Σ_j P_ij Σ_k R_jk = Σ_j P_ij = 1. M_tri = Box_b·Box_b (Eq. 3), so M_tri𝟏 = 𝟏."""
    w, n = sp.symbols("w n", integer=True, positive=True)
    i, j, k, t = sp.symbols("i j k t", integer=True)
    P, R = sp.IndexedBase("P"), sp.IndexedBase("R")
    row_of_product = sp.Sum(sp.Sum(P[i, j] * R[j, k], (j, 1, n)), (k, 1, n)).reorder((0, 1))  # finite sums commute
    pulled = sp.Sum(P[i, j] * sp.Sum(R[j, k], (k, 1, n)), (j, 1, n))
    steps = [
        sympy_identity(sp.summation(1 / w, (j, t - w + 1, t)), 1, what="each Box_b row sums to 1 (w_t entries 1/w_t ≥ 0)",
                       ranges="every T, b, t"),
        sympy_identity(row_of_product, sp.Sum(sp.Sum(P[i, j] * R[j, k], (k, 1, n)), (j, 1, n)),
                       what="Σ_k (PR)_ik = Σ_k Σ_j P_ij R_jk = Σ_j Σ_k P_ij R_jk (finite sums exchanged)", ranges="every n"),
        sympy_identity(sp.Sum(P[i, j] * R[j, k], (k, 1, n)), P[i, j] * sp.Sum(R[j, k], (k, 1, n)),
                       what="Σ_k P_ij R_jk = P_ij·Σ_k R_jk (P_ij does not depend on k)", ranges="every n"),
        sympy_identity(pulled.xreplace({sp.Sum(R[j, k], (k, 1, n)): 1}).xreplace({sp.Sum(P[i, j], (j, 1, n)): 1}), 1,
                       what="with R𝟏 = 𝟏, then P𝟏 = 𝟏: Σ_k (PR)_ik = Σ_j P_ij = 1", ranges="every n"),
    ]
    return derivation(steps, what="M_tri = Box_b·Box_b is row-stochastic: ‖M_tri‖_∞ = 1 (entries ≥ 0 as products and "
                                   "sums of nonnegative entries)", ranges="every T, b")


@check
def c8_row_sums_exact(ctx: Context) -> Evidence:
    cases = [(T, b) for T in range(1, 19) for b in sorted({1, 2, 3, T, T + 1, 2 * T + 3})]

    def margin(case):
        M = tribox_matrix(*case, exact=True)
        rows_ok = all(sum(M[i]) == 1 for i in range(len(M)))
        return 0 if rows_ok and all(x >= 0 for x in M.flat) else -1

    return grid_check(cases, margin, what="every row of M_tri sums to exactly 1 and all entries are ≥ 0",
                      method="exact-rational", exact=True, ranges="T in [1, 18], b in {1, 2, 3, T, T+1, 2T+3}", role="supports")


claim(
    id="trsp.C8.row-sums",
    title="‖M_tri‖_∞ = 1",
    source=Source("TRSP", "App. C.4", "proof of Thm C.8"),
    statement=r"$M_{\rm tri}$ is entrywise nonnegative with every row summing to $1$, so $\|M_{\rm tri}\|_\infty=1$.",
    checks=["c8_row_sums_sympy", "c8_row_sums_exact"],
    expected=Status.PROVED,
    reason="Each Box_b row has w_t entries 1/w_t (sympy sum = 1), and a product of row-stochastic matrices is "
           "row-stochastic for every size (sympy: the sums exchange, P_ij factors out, R𝟏 = 𝟏 then P𝟏 = 𝟏), so "
           "M_tri𝟏 = Box(Box𝟏) = 𝟏 with nonnegative factors; exact rationals confirm it at every edge bandwidth.",
    tests=[f"{TESTS}::test_exact_tribox_matches_float"],
)


def _stored_column_sums(ctx: Context) -> tuple[np.ndarray, np.ndarray, str]:
    """‖M_tri^(b)‖₁ for b = 2, 4, … from the stored `tribox-norm` sweep (T = 4b ≥ 2b − 1, where the largest column
    sum no longer depends on T): b, the sums, and the range they cover."""
    from specproof.checks.sweeps import run_sweep, stored_options

    options = stored_options(ctx)
    rows = [r for r in run_sweep("tribox-norm", **options).rows if r["x"] >= 2]
    bs = np.array([r["x"] for r in rows], dtype=float)
    return bs, np.array([r["max_column_sum"] for r in rows]), f"sweep tribox-norm ({options['grid']} grid): b = 2..{int(bs[-1])} (dyadic), T = 4b"


@check
def c8_column_sums_rate(ctx: Context) -> Evidence:
    from specproof.checks.sweeps import rate_check, stored_options

    ev = rate_check("tribox-norm", np.log, "(ln b)", column="max_column_sum", what="max column sum of M_tri against the paper's O(log b)",
                    competitors={"ln² b": lambda x: np.log(x) ** 2, "1": lambda x: np.ones_like(x)}, scale="loglog",
                    select=lambda r: r["x"] >= 2, **stored_options(ctx))
    if "ratios" in ev.data:
        ev.sharpest = f"‖M_tri‖₁/ln b grows from {fmt(ev.data['ratios'][0])} to {fmt(ev.data['ratios'][-1])}"
    return ev


@check
def c8_column_sums_closed_form(ctx: Context) -> Evidence:
    bs, measured, ranges = _stored_column_sums(ctx)
    small = bs <= 2**11
    exact = np.array([float(tribox_first_column_sum(int(b))) for b in bs[small]])
    dev = float(np.max(np.abs(measured[small] - exact) / exact))
    tol = float_tolerance(2 * 2**11 + 1, 10.0)
    return Evidence(Status.VERIFIED if dev <= tol else Status.REFUTED, "closed-form",
                    f"max column sum = (H_b² + H_b^(2))/2 + 1 − H_b/b (relative deviation of the stored sweep {fmt(dev)} "
                    f"for b ≤ {2**11}); ≥ H_b²/2 ≥ (ln b)²/2, so ‖M_tri‖₁/ln b ≥ ln(b)/2 → ∞",
                    ranges=f"b = 2..{2**11} (dyadic) of the {ranges}", role="supports",
                    counterexample=None if dev <= tol else {"deviation": dev})


claim(
    id="trsp.C8.column-sums",
    figure="figures/tribox-norms.png",
    title="‖M_tri‖₁ = O(log b) (the 'harmonic factor')",
    source=Source("TRSP", "App. C.4", "proof of Thm C.8"),
    statement=r"The largest column sum of $M_{\rm tri}$ is $O(\log b)$, the harmonic factor arising only in the first "
              r"$O(b)$ columns.",
    checks=["c8_column_sums_rate", "c8_column_sums_closed_form"],
    expected=Status.REFUTED,
    reason="Both box factors contribute a harmonic factor at the first columns, and they multiply: column 0 sums "
           "to (H_b² + H_b^(2))/2 + 1 − H_b/b ≈ ½ln²b. ‖M_tri‖₁/ln b grows like ½ ln b (sweep over b = 2..2^16, 2^20 wide, "
           "trend ≈ 0.8 per log-log unit and rising); the correct order Θ(log² b) is trsp.C8.column-sums.corrected.",
    tests=[f"{TESTS}::test_first_column_sum_closed_form"],
)


@check
def c8_column_closed_form_exact(ctx: Context) -> Evidence:
    top = 11 if ctx.wide else 7
    cases = [(T, b) for b in range(1, top + 1) for T in (2 * b - 1, 2 * b, 3 * b + 2)]

    def margin(case):
        T, b = case
        M = tribox_matrix(T, b, exact=True)
        sums = [sum(M[:, j]) for j in range(T)]
        return 0 if max(sums) == sums[0] == tribox_first_column_sum(b) else -1

    return grid_check(cases, margin, what="‖M_tri‖₁ = column 0 = (H_b² + H_b^(2))/2 + 1 − H_b/b",
                      method="exact-rational", exact=True, ranges=f"b in [1, {top}], T in {{2b−1, 2b, 3b+2}}")


@check
def c8_column_log_squared_rate(ctx: Context) -> Evidence:
    from specproof.checks.sweeps import rate_check, stored_options

    return rate_check("tribox-norm", lambda x: np.log(x) ** 2, "ln² b", column="max_column_sum", what="‖M_tri‖₁ = Θ(log² b)",
                      lower={"ln b": np.log, "1": np.ones_like}, competitors={"ln³ b": lambda x: np.log(x) ** 3, "√b": np.sqrt},
                      scale="loglog", select=lambda r: r["x"] >= 2, role="supports", **stored_options(ctx))


claim(
    id="trsp.C8.column-sums.corrected",
    figure="figures/tribox-norms.png",
    title="‖M_tri‖₁ = (H_b² + H_b^(2))/2 + 1 − H_b/b = Θ(log² b)",
    source=Source("specproof", "App. C.4", "own"),
    statement=r"For $T\ge2b-1$ the largest column sum of $M_{\rm tri}$ is the first, "
              r"$\|M_{\rm tri}\|_1=\frac{H_b^2+H_b^{(2)}}2+1-\frac{H_b}b=\frac12\ln^2b+O(\log b)$, with $H_b^{(p)}=\sum_{m\le b}m^{-p}$.",
    checks=["c8_column_closed_form_exact", "c8_column_log_squared_rate"],
    expected=Status.CERTIFIED,
    reason="Exact rational column sums equal the closed form and peak at column 0 for every case of the range; a "
           "sweep to b = 2^16 cross-checks the ½ln²b growth.",
    corrects="trsp.C8.column-sums",
    tests=[f"{TESTS}::test_first_column_sum_closed_form"],
)


def _frobenius_sq(op, block: int = 256) -> float:
    """‖A‖_F² from blocks of columns A·e_j, so memory stays O(T·block)."""
    total = 0.0
    for start in range(0, op.n, block):
        cols = np.zeros((op.n, min(block, op.n - start)))
        cols[start + np.arange(cols.shape[1]), np.arange(cols.shape[1])] = 1.0
        total += float(np.sum(op.mv(cols) ** 2))
    return total


def _spectral_norm(op, side: str = "value") -> float:
    """‖A‖₂: the dense singular values up to n = 2048 (backward stable: within n·eps·‖A‖, which the callers'
    float_tolerance allows for); beyond, theory.solvers.spectral_norm's bracket, read at ``side``
    ("upper" where a check bounds ‖A‖₂ from above, "lower" from below, else the Ritz value)."""
    if op.n <= 2048:
        return float(scipy.linalg.svdvals(op.as_matrix())[0])
    bracket = spectral_norm(op)
    return {"upper": bracket.upper, "lower": bracket.lower, "value": bracket.value}[side]


@check
def c8_schur_bound_grid(ctx: Context) -> Evidence:
    cases = [(T, b) for T in list(range(1, 41)) + [63, 64, 65, 255, 256] for b in sorted({1, 2, 3, max(1, T // 2), T, T + 1})]

    def margin(case):
        T, b = case
        op = TriBox(T, b)
        return math.sqrt(op.column_sums().max() * op.mv(np.ones(T)).max()) - _spectral_norm(op, "upper")

    return grid_check(cases, margin, what="‖M_tri‖₂ ≤ √(‖M_tri‖₁‖M_tri‖_∞)", method="float", exact=False,
                      tolerance=lambda case: float_tolerance(case[0], 10.0), ranges="T in [1, 40] and 63, 64, 65, 255, 256; "
                      "b in {1, 2, 3, T/2, T, T+1}")


@check
def c8_spectral_norm_flat_in_T(ctx: Context) -> Evidence:
    parts = []
    Ts = [2**m for m in range(6, 16 if ctx.wide else 13)]
    for b in (2, 8, 32):
        norms = [_spectral_norm(TriBox(T, b)) for T in Ts]
        fit = fit_rate(Ts, norms, lambda x: np.ones_like(x), "1", {"√T": np.sqrt, "T^0.25": lambda x: x**0.25}, scale="log")
        parts.append(rate_evidence(fit, what=f"b = {b}", ranges=f"T = {Ts[0]}..{Ts[-1]}"))
    return combine(parts, what="‖M_tri‖₂ is flat in T (so o(√T))", method="sweep-fit",
                    ranges=f"b in {{2, 8, 32}}, T = {Ts[0]}..{Ts[-1]}")


claim(
    id="trsp.C8.spectral-norm",
    figure="figures/tribox-norms.png",
    title="‖M_tri‖₂ ≤ √(‖M_tri‖₁‖M_tri‖_∞) = o(√T)",
    source=Source("TRSP", "App. C.4", "proof of Thm C.8"),
    statement=r"$\|M_{\rm tri}\|_2\le\sqrt{\|M_{\rm tri}\|_1\|M_{\rm tri}\|_\infty}$, which is $o(\sqrt T)$ for fixed $b$.",
    checks=["c8_schur_bound_grid", "c8_spectral_norm_flat_in_T"],
    expected=Status.VERIFIED,
    reason="Schur's bound holds on the grid (float, tolerance) and ‖M_tri‖₂ is flat in T for fixed b. The "
           "paper's intermediate '= O(√log b)' is wrong (the bound is Θ(log b), trsp.C8.column-sums), and the "
           "bound itself is loose: ‖M_tri‖₂ stays below 5 for every b (trsp.C8.spectral-norm.sharp).",
    notes=["loose"],
    uses=["trsp.C8.row-sums", "trsp.C8.column-sums"],
    tests=[f"{TESTS}::test_box_norm_below_hardy_bound"],
)


@check
def c8_box_norm_hardy(ctx: Context) -> Evidence:
    cases = [(T, b) for T in (8, 33, 64, 127, 256, 1024) for b in sorted({1, 2, 3, 7, 16, T // 4 or 1, T // 2 or 1, T})]
    if ctx.wide:
        cases += [(4 * b, b) for b in (1024, 4096)]
    seen = {}

    def margin(case):
        T, b = case
        box_lo, box_hi = _spectral_norm(BoxFilter(T, b), "lower"), _spectral_norm(BoxFilter(T, b), "upper")
        tri = _spectral_norm(TriBox(T, b), "upper")
        seen[case] = tri
        return min(5.0 - box_hi**2, box_lo**2 - tri)

    ev = grid_check(cases, margin, what="‖M_tri‖₂ ≤ ‖Box_b‖₂² ≤ 5", method="float", exact=False,
                    tolerance=lambda case: float_tolerance(case[0], 25.0), ranges=f"{len(cases)} (T, b) pairs, T up to {max(t for t, _ in cases)}")
    top = max(seen, key=seen.get)
    ev.sharpest = f"largest ‖M_tri‖₂ = {fmt(seen[top])} at (T, b) = {top}; Schur's bound there {fmt(math.sqrt(TriBox(*top).column_sums().max()))}"
    ev.summary += f"; {ev.sharpest}"
    return ev


@check
def c8_tribox_norm_stored(ctx: Context) -> Evidence:
    """‖M_tri^(b)‖₂ at T = 4b (the distal regime) from the stored `tribox-norm` sweep: the upper end of each
    Lanczos/Collatz–Wielandt bracket stays below 5, far beyond dense sizes."""
    from specproof.checks.sweeps import run_sweep, stored_options

    options = stored_options(ctx)
    rows = run_sweep("tribox-norm", **options).rows
    bs = [int(r["x"]) for r in rows]
    upper = np.array([r["upper"] for r in rows])
    margin = float(5.0 - upper.max())
    ranges = f"sweep tribox-norm ({options['grid']} grid): b = {bs[0]}..{bs[-1]} (dyadic), T = 4b"
    increments = np.diff(upper[-4:])
    return Evidence(Status.VERIFIED if margin >= 0 else Status.REFUTED, "lanczos",
                    f"‖M_tri‖₂ ≤ {fmt(upper.max(), 4)} < 5 at every b; it still grows, by "
                    f"{', '.join(fmt(d) for d in increments)} per doubling of b at the top (b = {bs[-1]}: {fmt(upper[-1], 4)})",
                    ranges=ranges, role="supports", worst_margin=margin,
                    sharpest=f"largest ‖M_tri‖₂ = {fmt(upper.max(), 4)} at b = {bs[int(upper.argmax())]}, T = 4b",
                    counterexample=None if margin >= 0 else {"b": bs, "upper": upper.tolist()})


claim(
    id="trsp.C8.spectral-norm.sharp",
    title="‖M_tri‖₂ ≤ 5 uniformly in T and b (Hardy), while Schur's bound grows like ln b",
    source=Source("specproof", "App. C.4", "own"),
    statement=r"$\|M_{\rm tri}\|_2\le\|{\rm Box}_b\|_2^2\le5$ for all $T,b$: the rows $t<b$ of ${\rm Box}_b$ are Cesàro "
              r"means (norm $\le2$ by Hardy's inequality) and the other rows are moving averages of norm $\le1$ whose "
              r"squares sum to at most $\|x\|^2$. Schur's $\sqrt{\|M\|_1\|M\|_\infty}\approx\ln b/\sqrt2$ is unbounded in $b$.",
    checks=["c8_box_norm_hardy", "c8_tribox_norm_stored"],
    expected=Status.VERIFIED,
    reason="Float spectral norms (Lanczos/svd with tolerance) over a grid of (T, b) stay below ‖Box_b‖² ≤ 5; "
           "‖M_tri‖₂ grows slowly with b (≈ 2.98 at b = 1024, 3.17 at b = 4096) while Schur's bound reaches 5.4 and "
           "6.4 there; the stored tribox-norm sweep (T = 4b) carries the bracket to b = 2^16 (3.41, still growing by "
           "≈ 0.05 per doubling: bounded by 5, its limit not yet read).",
    corrects="trsp.C8.spectral-norm",
    tests=[f"{TESTS}::test_box_norm_below_hardy_bound"],
)


@check
def c8_sink_norm_sympy(ctx: Context) -> Evidence:
    """(𝟏e₁ᵀ)ᵀ(𝟏e₁ᵀ) = (𝟏ᵀ𝟏)·e₁e₁ᵀ = T·e₁e₁ᵀ, a matrix identity for symbolic T; its eigenvalues are T·e₁ᵀe₁ = T
    (eigenvector e₁) and 0, so ‖𝟏e₁ᵀ‖₂ = √T."""
    T = sp.Symbol("T", integer=True, positive=True)
    i = sp.Symbol("i", integer=True, positive=True)
    ones, e1 = sp.OneMatrix(T, 1), sp.MatrixSymbol("e1", T, 1)
    sink = ones * e1.T
    steps = [
        sympy_identity(sink.T * sink, T * e1 * e1.T, what="(𝟏e₁ᵀ)ᵀ(𝟏e₁ᵀ) = T·e₁e₁ᵀ (sympy matrix expressions, symbolic T)",
                       ranges="every T ≥ 1"),
        sympy_identity(sp.summation(1, (i, 1, T)), T, what="𝟏ᵀ𝟏 = Σ_(i≤T) 1 = T", ranges="every T ≥ 1"),
        sympy_identity((T * e1 * e1.T) * e1, T * e1 * (e1.T * e1), what="T·e₁e₁ᵀ·e₁ = T·e₁(e₁ᵀe₁) = T·e₁ as e₁ᵀe₁ = 1: "
                       "eigenvalue T; every x ⟂ e₁ goes to 0", ranges="every T ≥ 1"),
    ]
    return derivation(steps, what="‖𝟏e₁ᵀ‖₂² = λ_max(T·e₁e₁ᵀ) = T", ranges="every T ≥ 1")


@check
def c8_sink_norm_numeric(ctx: Context) -> Evidence:
    return grid_check(list(range(1, 33)) + [63, 64, 65], lambda T: -abs(_spectral_norm(Sink(T)) - math.sqrt(T)),
                      what="‖𝟏e₁ᵀ‖₂ = √T", method="float", exact=False, tolerance=lambda T: float_tolerance(T, math.sqrt(T)),
                      ranges="T in [1, 32] and 63, 64, 65", role="supports")


claim(
    id="trsp.C8.sink-norm",
    title="The rank-one sink has norm √T",
    source=Source("TRSP", "App. C.4", "Thm C.8"),
    statement=r"$\|\mathbf 1e_1^\top\|_2=\|\mathbf 1\|_2\|e_1\|_2=\sqrt T$.",
    checks=["c8_sink_norm_sympy", "c8_sink_norm_numeric"],
    expected=Status.PROVED,
    reason="sympy simplifies (𝟏e₁ᵀ)ᵀ(𝟏e₁ᵀ) to T·e₁e₁ᵀ for symbolic T (matrix expressions), whose only nonzero "
           "eigenvalue is T (eigenvector e₁); singular values confirm √T numerically.",
    tests=[f"{TESTS}::test_rank_floor_limit_formula"],
)


RANK_FLOOR_GATES = (0.0, 0.5, 0.9)
RANK_FLOOR_BANDWIDTHS = (1, 2, 8)


@functools.lru_cache(maxsize=None)
def _stable_rank_composite(T: int, b: int, g: float) -> float:
    """R_eff(ℳ) = ‖ℳ‖_F²/‖ℳ‖₂² for ℳ = I + 𝟏e₁ᵀ + g·M_tri (TRSP Eq. 14–15)."""
    op = composite_operator(Sink(T), g, b)
    return _frobenius_sq(op) / _spectral_norm(op) ** 2


def _rank_floor_sizes(ctx: Context) -> list[int]:
    return [2**m for m in range(5, 13 if ctx.wide else 11)]


@check
def c8_rank_floor_sweep(ctx: Context) -> Evidence:
    Ts = _rank_floor_sizes(ctx)
    cases = [(T, b, g) for b in RANK_FLOOR_BANDWIDTHS for g in RANK_FLOOR_GATES if g > 0 for T in Ts]
    ev = grid_check(cases, lambda c: _stable_rank_composite(*c) - (1 + c[2] ** 2 * tribox_kernel_energy(c[1])),
                    what="R_eff(I + 𝟏e₁ᵀ + gM_tri) ≥ 1 + g²‖h_b‖² at every T (not only in the limit)", method="float",
                    exact=False, tolerance=lambda c: float_tolerance(c[0], 10.0),
                    ranges=f"b in {RANK_FLOOR_BANDWIDTHS}, g in {RANK_FLOOR_GATES[1:]}, T = {Ts[0]}..{Ts[-1]}")
    last = {(b, g): _stable_rank_composite(Ts[-1], b, g) for b in RANK_FLOOR_BANDWIDTHS for g in RANK_FLOOR_GATES}
    ev.sharpest = "; ".join(f"b={b}, g={g}: R_eff({Ts[-1]}) = {fmt(last[b, g])} vs floor {fmt(1 + g * g * tribox_kernel_energy(b))}"
                            for b, g in [(1, 0.5), (8, 0.9), (8, 0.0)])
    ev.summary += f"; at T = {Ts[-1]}: {ev.sharpest}"
    return ev


claim(
    id="trsp.C8.rank-floor",
    figure="figures/rank-floor.png",
    title="Rank floor under a sink: liminf R_eff ≥ 1 + g²E_b > 1",
    source=Source("TRSP", "App. C.4", "Thm C.8 / Eq. 14–15"),
    statement=r"For fixed $b$, $g\in(0,1)$ and $A_{\rm attn}=\mathbf 1e_1^\top$, "
              r"$\liminf_{T\to\infty}R_{\rm eff}(I+A_{\rm attn}+gM_{\rm tri})\ge1+g^2E_b>1$, with $E_b=\|h_b\|_2^2$.",
    checks=["c8_rank_floor_sweep"],
    expected=Status.VERIFIED,
    reason="The bound holds at every T of the sweep, not only in the limit. It is loose by more than 1: the limit "
           "is 2 + 2g/b² + g²‖h_b‖² and already 2 at g = 0, because the identity alone doubles the Frobenius "
           "energy of the sink (trsp.C8.rank-floor.sharp); the proof drops ‖A_attn‖_F² = T.",
    notes=["loose"],
    uses=["trsp.C7.frobenius.corrected", "trsp.C8.spectral-norm", "trsp.C8.sink-norm"],
    tests=[f"{TESTS}::test_rank_floor_limit_formula"],
)


@check
def c8_rank_limit_rate(ctx: Context) -> Evidence:
    Ts = _rank_floor_sizes(ctx)
    parts = []
    for b in RANK_FLOOR_BANDWIDTHS:
        for g in RANK_FLOOR_GATES:
            limit = sink_composite_stable_rank_limit(b, g)
            gaps = [limit - _stable_rank_composite(T, b, g) for T in Ts]
            fit = fit_rate(Ts, gaps, lambda x: 1 / x, "(1/T)", {"1/√T": lambda x: x**-0.5, "1": lambda x: np.ones_like(x)}, scale="log")
            parts.append(rate_evidence(fit, what=f"b={b}, g={g}: limit {fmt(limit)}", ranges=f"T = {Ts[0]}..{Ts[-1]}"))
    return combine(parts, what="R_∞ − R_eff(T) = Θ(1/T) with R_∞ = 2 + 2g/b² + g²‖h_b‖²", method="sweep-fit",
                    ranges=f"b in {RANK_FLOOR_BANDWIDTHS}, g in {RANK_FLOOR_GATES}, T = {Ts[0]}..{Ts[-1]}")


claim(
    id="trsp.C8.rank-floor.sharp",
    figure="figures/rank-floor.png",
    title="The actual limit: R_eff → 2 + 2g/b² + g²‖h_b‖² (2 without the side path)",
    source=Source("specproof", "App. C.4", "own"),
    statement=r"For fixed $b\ge1$ and $g\ge0$, $R_{\rm eff}(I+\mathbf 1e_1^\top+gM_{\rm tri})\to2+\frac{2g}{b^2}+g^2\|h_b\|_2^2$ "
              r"from below at rate $\Theta(1/T)$: $\|\mathcal M\|_F^2=2T+2g\,{\rm tr}M_{\rm tri}+g^2\|M_{\rm tri}\|_F^2+O(1)$ and "
              r"$\|\mathcal M\|_2^2=T+O(1)$. At $g=0$ the limit is $2$: the residual path, not the side path, keeps "
              r"$R_{\rm eff}$ away from the sink's $1$; the side path adds $2g/b^2+g^2\|h_b\|^2$.",
    checks=["c8_rank_limit_rate"],
    expected=Status.VERIFIED,
    reason="For every (b, g) of the grid, R_∞ − R_eff(T) is positive and T·(R_∞ − R_eff) is flat over decades "
           "while 1/√T and a constant gap are ruled out.",
    corrects="trsp.C8.rank-floor",
    tests=[f"{TESTS}::test_rank_floor_limit_formula"],
)


@functools.lru_cache(maxsize=None)
def _distal_energy(T: int, fraction: Fraction) -> float:
    """E = ‖M_tri‖_F²/T for the distal bandwidth b = ⌈fraction·T⌉."""
    b = max(1, math.ceil(fraction * T))
    return _frobenius_sq(TriBox(T, b)) / T


DISTAL_FRACTIONS = (Fraction(1), Fraction(1, 2))


def _distal_sizes(ctx: Context) -> list[int]:
    return [2**m for m in range(6, 15 if ctx.wide else 13)]


@check
def c8_distal_energy_rate(ctx: Context) -> Evidence:
    Ts = _distal_sizes(ctx)
    parts = []
    for c in DISTAL_FRACTIONS:
        E = [_distal_energy(T, c) for T in Ts]
        fit = fit_rate(Ts, E, lambda x: 1 / x, "(1/T)", {"ln T/T": lambda x: np.log(x) / x}, scale="loglog")
        parts.append(rate_evidence(fit, what=f"b = {c}·T", ranges=f"T = {Ts[0]}..{Ts[-1]}"))
    return combine(parts, what="E_b := ‖M_tri‖_F²/T against the claimed Θ(1/T)", method="sweep-fit",
                    ranges=f"b in {{T, T/2}}, T = {Ts[0]}..{Ts[-1]}")


@check
def c8_distal_kernel_formula_sympy(ctx: Context) -> Evidence:
    T, c = sp.symbols("T c", positive=True)
    return sympy_identity(sp.limit(T * (2 * (c * T) ** 2 + 1) / (3 * (c * T) ** 3), T, sp.oo), 2 / (3 * c),
                          what="T·‖h_{cT}‖² → 2/(3c): the kernel formula alone is Θ(1/T)", role="supports")


claim(
    id="trsp.C8.distal",
    title="Distal layers: E_b = Θ(1/T) for b = Θ(T)",
    source=Source("TRSP", "App. C.4", "proof of Thm C.8"),
    statement=r"For bandwidth $b=\Theta(T)$ the per-row energy $E_b:=\|M_{\rm tri}\|_F^2/T$ is $\Theta(1/T)$.",
    checks=["c8_distal_energy_rate", "c8_distal_kernel_formula_sympy"],
    expected=Status.REFUTED,
    reason="With E_b defined as in Eq. 12, the rows t < b are Cesàro-type means (energy ≈ 2/(t+1) each), so "
           "‖M_tri‖_F² ≈ 2 ln T and E_b = Θ(log T/T): T·E_b grows (trend ≈ 1 per log-log unit) for b = T and "
           "b = T/2. Only the kernel formula ‖h_b‖² is Θ(1/T). The conclusion (E_b → 0) survives: "
           "trsp.C8.distal.corrected.",
    notes=["interpretive"],
    uses=["trsp.C7.frobenius"],
    tests=[f"{TESTS}::test_distal_energy_grows_like_log"],
)


@check
def c8_distal_log_rate(ctx: Context) -> Evidence:
    Ts = np.array(_distal_sizes(ctx), dtype=float)
    parts = []
    for c in DISTAL_FRACTIONS:
        E = [_distal_energy(int(T), c) for T in Ts]
        parts.append(corrected_rate_evidence(Ts, E, lambda x: np.log(x) / x, "ln T/T", {"1/T": lambda x: 1 / x},
                                           {"ln² T/T": lambda x: np.log(x) ** 2 / x, "T^−0.75": lambda x: x**-0.75},
                                           what=f"b = {c}·T", ranges=f"T = {int(Ts[0])}..{int(Ts[-1])}", scale="loglog"))
    return combine(parts, what="‖M_tri‖_F²/T = Θ(log T/T) for b = Θ(T)", method="sweep-fit",
                    ranges=f"b in {{T, T/2}}, T = {int(Ts[0])}..{int(Ts[-1])}")


claim(
    id="trsp.C8.distal.corrected",
    title="Distal layers: E_b = Θ(log T / T) for b = Θ(T)",
    source=Source("specproof", "App. C.4", "own"),
    statement=r"For $b=\lceil cT\rceil$ with fixed $c\in(0,1]$, $\|M_{\rm tri}\|_F^2/T=\Theta(\log T/T)$ "
              r"($\|M_{\rm tri}\|_F^2\approx2\ln T+O(1)$); it still tends to $0$, so distal layers add no rank floor.",
    checks=["c8_distal_log_rate"],
    expected=Status.VERIFIED,
    reason="After removing the fitted O(1/T) term, E_b·T/ln T is flat over T = 2^6..2^12 (2^14 wide) for c = 1 and c = 1/2, "
           "while 1/T and ln²T/T drift.",
    corrects="trsp.C8.distal",
    tests=[f"{TESTS}::test_distal_energy_grows_like_log"],
)
