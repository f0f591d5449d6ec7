"""TRSP App. C.1–C.3.1: regular graphs, the Cayley skeleton (Thm C.1, Lemma C.3), Weyl's
inequality (Lemma C.4) and the safety net (Prop. C.5).
"""

from __future__ import annotations

import math

import networkx as nx
import numpy as np
import scipy.linalg
import sympy as sp
from hypothesis import strategies as st

from specproof.checks import strategies as sst
from specproof.checks.claims.trsp_c_common import (
    TESTS,
    largest_T,
    real_operator_spectrum,
    real_stack_matrix,
    skeleton_float_error,
)
from specproof.checks.formal import CoqHook, coq_check
from specproof.checks.methods import (
    combine,
    derivation,
    float_tolerance,
    fmt,
    grid_check,
    property_search,
    sympy_identity,
)
from specproof.checks.registry import Context, Evidence, Source, Status, check, claim
from specproof.theory.cayley import (
    cayley_adjacency,
    cayley_algebraic_connectivity,
    cayley_degree,
    dyadic_generators,
    simple_connection_set,
)
from specproof.theory.filters import box_matrix, dyadic_schedule, floor_log2
from specproof.theory.spectral import normalized_gap


def coinciding_generators(T: int) -> bool:
    """Do the 2(L+1) elements ±2^ℓ mod T fail to be distinct and non-zero (parallel edges, loops)?"""
    gens = dyadic_generators(T)
    return len(simple_connection_set(T)) != 2 * len(gens)


# =========================================================================== C.1 setup


@check
def cgap_regular_random_walk_identity(ctx: Context) -> Evidence:
    """Entrywise: with D = rI, (I − D⁻¹W)_{ij} = ((D − W)/r)_{ij} for symbolic r, W_ij, δ_ij."""
    r = sp.Symbol("r", positive=True)
    w, delta = sp.symbols("w delta")
    return sympy_identity(
        delta - w / r,
        (r * delta - w) / r,
        what="(I − D⁻¹W)_{ij} = (L/r)_{ij} when D = rI, so the spectra differ by the factor 1/r > 0",
        ranges="every r > 0, every weight matrix W with row sums r",
    )


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

    return st.tuples(
        st.sampled_from(["cayley", "relabelled-cayley", "simple"]),
        sst.sizes(3, 40),
        st.integers(1, 6),
        st.integers(0, 2**31),
    ).map(build)


@check
def cgap_regular_graphs_property(ctx: Context) -> Evidence:
    def margin(W):
        d = W.sum(axis=1)
        L = np.diag(d) - W
        mu2 = scipy.linalg.eigvalsh(L)[1]
        return -abs(normalized_gap(W) - mu2 / d[0])

    return property_search(
        _regular_graphs(),
        margin,
        what="γ (random-walk Laplacian) = μ₂/r on regular graphs",
        ctx=ctx,
        examples=60,
        wide_examples=1000,
        tolerance=lambda W: float_tolerance(len(W), 4.0),
        allowance=(
            "two eigvalsh of matrices of norm ≤ 2 once L is divided by r (L/r and the normalised Laplacian), "
            "each within 10·n·eps·2; the difference within twice that"
        ),
        ranges="r-regular graphs on 3..40 vertices: Cayley multigraphs, relabelled skeletons, random simple",
        role="supports",
    )


REGULAR_GAP = CoqHook(
    "trsp_C_regular_gap",
    "Variational",
    "forall (R : realFieldType) (n : nat) (W : 'M_n) (r : R), r != 0 -> (forall i : 'I_n, \\sum_j W i j = r) -> let D"
    " := diag_mx (\\row_i (\\sum_j W i j)) in [/\\ D = r%:M, 1%:M - invmx D *m W = r^-1 *: laplacian W & 1%:M - r^-1 *:"
    " W = r^-1 *: laplacian W]",
)
cgap_regular_coq = coq_check(
    "cgap_regular_coq",
    REGULAR_GAP,
    what="D = rI and I − D⁻¹W = I − W/r = L/r for every weight matrix W with row sums r ≠ 0 (MathComp, any real field)",
    ranges="every size n, every r ≠ 0",
)


claim(
    id="trsp.C.regular-gap",
    title="On an r-regular graph the normalised gap is μ₂/r",
    source=Source("TRSP", "App. C.1", "setup"),
    statement=r"If every vertex of a weighted graph has degree $r>0$, then $\gamma=\lambda_2(I-D^{-1}W)=\mu_2(L)/r$, "
    r"since $D=rI$ gives $I-D^{-1}W=L/r$.",
    checks=[cgap_regular_coq, cgap_regular_random_walk_identity, cgap_regular_graphs_property],
    expected=Status.PROVED,
    prose="scaling a symmetric matrix by 1/r > 0 scales its eigenvalues and keeps their order",
    reason=(
        "With D = rI the random-walk Laplacian is L/r entrywise (sympy), and scaling by 1/r > 0 keeps the "
        "eigenvalue order; a property search over regular multigraphs and simple graphs cross-checks it."
    ),
    tests=[f"{TESTS}::test_regular_gap_on_the_skeleton"],
)


# =========================================================================== C.2 the Cayley skeleton


@check
def c1_superposed_offsets_circulant(ctx: Context) -> Evidence:
    """Superpose, layer by layer, the edges n ~ n ± 2^ℓ (mod T): the result is circulant and is Cay(ℤ_T, S)."""
    top = largest_T(ctx, 160, 600)

    def margin(T):
        A = np.zeros((T, T), dtype=np.int64)
        n = np.arange(T)
        for ell in range(floor_log2(T) + 1):
            np.add.at(A, (n, (n + 2**ell) % T), 1)
            np.add.at(A, (n, (n - 2**ell) % T), 1)
        circulant = all(np.array_equal(A[i], np.roll(A[0], i)) for i in range(T))
        same = np.array_equal(A, cayley_adjacency(T).astype(np.int64))
        return 0 if circulant and same else -1

    return grid_check(
        range(2, top + 1),
        margin,
        what="layer-wise superposition of ±2^ℓ (mod T) is circulant and equals Cay(ℤ_T, S)",
        method="exact-integer",
        exact=True,
        ranges=f"every T in [2, {top}]",
    )


@check
def c1_real_stack_distance(ctx: Context) -> Evidence:
    """How far the real stack is from the skeleton: support, where its weight sits, μ₂ and γ side by side."""
    sizes = [64, 256, 1024, 2048] if ctx.wide else [64, 256, 512]
    rows = []
    for T in sizes:
        M = real_stack_matrix(T)
        W = (M + M.T) / 2
        off = W - np.diag(np.diag(W))
        lag = np.abs(np.subtract.outer(np.arange(T), np.arange(T)))
        powers = np.isin(lag, [2**ell for ell in range(floor_log2(T) + 1)])
        peaks = np.isin(lag, [2**ell - 1 for ell in range(1, floor_log2(T) + 1)])
        mu2, gamma, _ = real_operator_spectrum(T)
        mu2_skel = cayley_algebraic_connectivity(T)
        rows.append(
            {
                "T": T,
                "density": float(np.mean(off[~np.eye(T, dtype=bool)] > 0)),
                "share_on_2^l": float(off[powers].sum() / off.sum()),
                "share_on_2^l-1": float(off[peaks].sum() / off.sum()),
                "mu2_real": mu2,
                "mu2_skeleton": mu2_skel,
                "gamma_real": gamma,
                "gamma_skeleton": mu2_skel / cayley_degree(T),
            }
        )
    parts = [
        f"T={r['T']}: support density {fmt(r['density'])}, weight on offsets 2^ℓ {fmt(r['share_on_2^l'])} "
        f"(on 2^ℓ−1 {fmt(r['share_on_2^l-1'])}), μ₂ {fmt(r['mu2_real'])} vs skeleton {fmt(r['mu2_skeleton'])}, "
        f"γ {fmt(r['gamma_real'])} vs {fmt(r['gamma_skeleton'])}"
        for r in rows
    ]
    # what trsp.C1.cayley's reason says of the real stack: a complete graph (density 1), a shrinking minority of its
    # weight on the offsets 2^ℓ, and a μ₂ below the skeleton's (eigvalsh within n·eps·‖L‖ ≪ the gaps seen)
    shares = [r["share_on_2^l"] for r in rows]
    margin = float(
        min(
            min(r["density"] for r in rows) - 1,
            0.5 - max(shares),
            min(-np.diff(shares)),
            min(r["mu2_skeleton"] - r["mu2_real"] for r in rows),
        )
    )
    ok = margin >= 0
    return Evidence(
        Status.VERIFIED if ok else Status.REFUTED,
        "dense-float",
        "real causal stack vs the skeleton (complete support, shrinking minority on 2^ℓ, μ₂ below the skeleton's): "
        + "; ".join(parts),
        ranges=f"T in {sizes}",
        role="supports",
        worst_margin=margin,
        data={"rows": rows},
        counterexample=None if ok else {"rows": rows},
    )


claim(
    id="trsp.C1.cayley",
    uses=["trsp.schedule.dyadic"],
    figure="figures/mu2-vs-T.png",
    title="Superposing the dyadic offsets gives a circulant Cayley graph",
    source=Source("TRSP", "App. C.2", "Thm C.1"),
    statement=r"Joining every $n\in\mathbb Z_T$ to $n\pm 2^\ell \pmod T$ for $\ell=0,\dots,L=\lfloor\log_2T\rfloor$ "
    r"gives a circulant graph, namely $\mathrm{Cay}(\mathbb Z_T,S)$ with $S=\{\pm2^\ell\}_{\ell\le L}$ "
    r"(the modelling step: each layer keeps only the offset $2^\ell$, and indices wrap around).",
    checks=[c1_superposed_offsets_circulant, c1_real_stack_distance],
    expected=Status.CERTIFIED,
    reason=(
        "For the idealised graph the statement holds by construction (certified, exact integers, for every T in the"
        " range). The modelling step is not a property of the real operator: the causal triBox stack is a weighted"
        " complete graph without wrap-around that puts a shrinking minority of its weight on the offsets 2^ℓ (36% at T"
        " = 64, 22% at T = 512) and has about half the skeleton's μ₂ (measured; see trsp.C1.cayley.real-offsets and"
        " trsp.C6.real-operator)."
    ),
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
    top = largest_T(ctx, 96, 300)

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

    return grid_check(
        range(2, top + 1),
        margin,
        what="interior supports are lags 0..2b−2 and the stack couples every pair",
        method="exact-integer",
        exact=True,
        ranges=f"every T in [2, {top}]",
    )


claim(
    id="trsp.C1.cayley.real-offsets",
    title="The real triBox layers couple lags 0..2b−2, heaviest at b−1: the real graph is complete",
    source=Source("specproof", "App. C.2", "own"),
    statement=r"An interior row of $M_{\rm tri}^{(b)}$ couples exactly the lags $0,\dots,2b-2$ and is heaviest at lag "
    r"$b-1$; so layer $\ell$ ($b=2^\ell$) has longest lag $2^{\ell+1}-2$ and heaviest lag $2^\ell-1$, never the "
    r"$2^\ell$ of the proof of Thm C.1 (layer $0$ is the identity). With $b_\ell=\min(2^\ell,T)$ the last layer "
    r"already couples every causal pair, so the symmetrised real stack is a weighted complete graph $K_T$.",
    checks=[c1_kernel_support_and_peak_sympy, c1_real_stack_complete_graph],
    expected=Status.CERTIFIED,
    reason=(
        "The kernel's support and unique peak are sympy identities for symbolic b; the complete support of the "
        "stack is exact 0/1 arithmetic for every T in the range."
    ),
    uses=["trsp.tribox.kernel.fixed"],
    corrects="trsp.C1.cayley",
    tests=[f"{TESTS}::test_real_stack_support_is_complete"],
)


def longest_lag_generators(T: int) -> list[int]:
    """The proof of Thm C.1 read literally: layer ℓ = 1..L contributes its longest lag 2^(ℓ+1) − 2 (layer 0 is I)."""
    return [2 ** (ell + 1) - 2 for ell in range(1, floor_log2(T) + 1)]


def peak_lag_generators(T: int) -> list[int]:
    """The project's reading: layer ℓ = 1..L contributes its heaviest lag 2^ℓ − 1 (trsp.schedule.dyadic.sharp)."""
    return [2**ell - 1 for ell in range(1, floor_log2(T) + 1)]


def _skeleton_floor(generators, Ts, bound: float) -> tuple[float, int, float]:
    """min over T of μ₂ (closed form, float) − bound, the T where it is smallest, and the float allowance there."""
    worst, where = math.inf, None
    for T in Ts:
        margin = cayley_algebraic_connectivity(T, generators(T)) - bound
        if margin < worst:
            worst, where = margin, T
    # the closed form sums L terms 4 sin²(πr/T), r exact: the error bound of the dyadic skeleton's closed form
    return worst, where, float(skeleton_float_error(where))


@check
def c1_longest_lag_even_sympy(ctx: Context) -> Evidence:
    """All generators 2^(ℓ+1) − 2 = 2(2^ℓ − 1) are even, so for even T the alternating x_n = (−1)^n is ⟂ 𝟏 and
    Lx = Σ_g (2x_n − x_(n+g) − x_(n−g)) = 0: μ₂ = 0."""
    ell = sp.Symbol("ell", integer=True, positive=True)
    n, m = sp.symbols("n m", integer=True)
    steps = [
        sympy_identity(2 ** (ell + 1) - 2, 2 * (2**ell - 1), what="2^(ℓ+1) − 2 = 2(2^ℓ − 1) is even"),
        sympy_identity(
            2 * (-1) ** n - (-1) ** (n + 2 * m) - (-1) ** (n - 2 * m),
            0,
            what=(
                "an even generator g = 2m maps x = ((−1)^n) to 2x_n − x_(n+g) − x_(n−g) = 0 (indices mod an "
                "even T keep their parity)"
            ),
        ),
        sympy_identity(sp.summation((-1) ** n, (n, 0, 2 * m - 1)), 0, what="Σ_(n<T) (−1)^n = 0 at even T = 2m: x ⟂ 𝟏"),
    ]
    return derivation(steps, what="μ₂ = 0 at every even T under the longest-lag reading", ranges="every even T ≥ 2")


@check
def c1_longest_lag_odd_float(ctx: Context) -> Evidence:
    top = largest_T(ctx, 2001, 4001)
    worst, where, allowance = _skeleton_floor(longest_lag_generators, range(3, top + 1, 2), 3.0)
    ok = worst >= -allowance
    return Evidence(
        Status.VERIFIED if ok else Status.REFUTED,
        "closed-form-float",
        f"odd T: the skeleton with generators ±(2^(ℓ+1) − 2) is connected, smallest μ₂ − 3 = {fmt(worst)} "
        f"(T = {where}; μ₂ = 2(1 − cos(4π/3)) = 3 exactly at T = 3)",
        ranges=f"every odd T in [3, {top}]",
        worst_margin=worst,
        allowance=allowance,
        allowance_note="the closed form's L terms 4 sin²(πr/T) with exact r: 32(L+1)·eps + 4(L+1)²·eps absolutely",
        counterexample=None if ok else {"T": where, "margin": worst},
    )


@check
def c1_longest_lag_even_dense(ctx: Context) -> Evidence:
    """The same at even T from the closed form: μ₂ = 0 up to its rounding."""
    top = largest_T(ctx, 2000, 4000)
    worst = max(cayley_algebraic_connectivity(T, longest_lag_generators(T)) for T in range(2, top + 1, 2))
    ok = worst <= skeleton_float_error(top)
    return Evidence(
        Status.VERIFIED if ok else Status.REFUTED,
        "closed-form-float",
        f"largest μ₂ over even T ≤ {top}: {fmt(worst)} (0 within rounding at every even T)",
        ranges=f"every even T in [2, {top}]",
        role="supports",
        counterexample=None if ok else {"largest_mu2": worst},
    )


claim(
    id="trsp.C1.cayley.longest-lag",
    title="The proof's literal 'longest offset' 2^(ℓ+1) − 2 gives a skeleton that is disconnected at every even T",
    source=Source("specproof", "App. C.2", "own"),
    statement=r"If layer $\ell\ge1$ contributes its longest lag $2^{\ell+1}-2$ (as the proof of Thm C.1 says: the "
    r"longest offset of ${\rm triBox}_{2^\ell}$), every generator is even, so at every even $T$ the skeleton "
    r"$\mathrm{Cay}(\mathbb Z_T,\{\pm(2^{\ell+1}-2)\}_{\ell=1}^{L})$ is disconnected ($\mu_2=0$, with Fiedler "
    r"vector $((-1)^n)$) and Thm C.6 fails; at odd $T$ it is connected with $\mu_2\ge3$ over the range checked.",
    checks=[c1_longest_lag_even_sympy, c1_longest_lag_odd_float],
    cross_checks=[c1_longest_lag_even_dense],
    expected=Status.VERIFIED,
    unproved=(
        "The odd-T case (μ₂ ≥ 3 at every odd T) is a float computation over the range; no proof for every odd T "
        "is known to us."
    ),
    reason=(
        "The even case is proved for every even T (sympy: the generators are even, ((−1)^n) is ⟂ 𝟏 and in the kernel); "
        "the odd case is float over the range (μ₂ = 3 exactly at T = 3, the minimum), hence verified overall. Thm "
        "C.6 survives the project's reading of the offsets (trsp.C1.cayley.peak-lag) and fails under the proof's "
        "own words."
    ),
    uses=["trsp.C1.cayley.real-offsets"],
    corrects="trsp.C1.cayley",
    tests=[f"{TESTS}::test_real_stack_support_is_complete"],
)
