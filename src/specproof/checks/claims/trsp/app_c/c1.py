"""TRSP App. C.1: Setup and definitions.

The section's claims in the paper's order, each stated before the checks that decide it; the project's own claims (4:
corrections, sharpenings, hypotheses, measurements) follow the claim they qualify.

The network is N_D = F_{D−1} ⋯ F_0, F_ℓ = I + A_ℓ + g_ℓ M_tri^{(b_ℓ)}, b_ℓ = min(2^ℓ, T), with the project's
gate (MLP 1→16→1, seed 0, β = 0, so φ = ln 2) and the same attention model at every layer: uniform causal
(Cesàro), the sink 𝟏e₁ᵀ, causal softmax of the canonical scores, and A = I (attention that isolates every
token, Prop. C.5's case). Its Markov form is P_D = N_D/Π(2 + g_ℓ) exactly (:mod:`theory.network`); μ₂
and the normalised gap are those of the symmetrised P_D (App. C.1's recipe), read from the `network-*`
sweeps (T = 4 … 65536, D = 2, 4 and ⌊log₂T⌋ + 1).

The network's safety net, gap, mixing and rank are claimed in the sections they qualify (App. C.3.1–C.4).
"""

from __future__ import annotations

import math
from fractions import Fraction

import networkx as nx
import numpy as np
import scipy.linalg
import sympy as sp
from hypothesis import strategies as st

from specproof.checks.claims._shared.coq_steps import REAL_FIELD, SPECTRAL_THEOREM
from specproof.checks.claims._shared.coq_theorems import causal_ceiling_full_coq
from specproof.checks.claims._shared.trsp_app_c import (
    APPENDIX_C_TESTS,
    HYPOTHESES_TESTS,
    _eigenvalues,
    cgap_regular_random_walk_identity,
)
from specproof.checks.claims._shared.trsp_main import matrix_identity
from specproof.checks.claims._shared.trsp_network import (
    DEPTHS,
    EXACT_GATES,
    NETWORK_TESTS,
    _cases,
    _exact_attention,
    _exact_network,
    _rows,
    _sweep_range,
)
from specproof.engine import strategies as sst
from specproof.engine.formal import CoqHook, coq_check
from specproof.engine.methods import (
    EPS,
    combine,
    derivation,
    exact_counterexample,
    float_tolerance,
    fmt,
    grid_check,
    probe_hypothesis,
    property_search,
    sympy_identity,
    sympy_nonnegative,
)
from specproof.engine.records import Limit, Tightness, Weakest
from specproof.engine.registry import Context, Evidence, Role, Source, Status, claim
from specproof.theory import filters
from specproof.theory import network as nw
from specproof.theory.cayley import (
    cayley_adjacency,
    dyadic_generators,
)
from specproof.theory.filters import dyadic_schedule, floor_log2, tribox_matrix
from specproof.theory.spectral import laplacian, normalized_gap

STATEMENT_TESTS = "tests/test_statements.py"


regular_gap = claim(
    "trsp.C.regular-gap",
    title="On an r-regular graph the normalised gap is μ₂/r",
    source=Source("TRSP", "App. C.1", "setup"),
    statement=r"If every vertex of a weighted graph has degree $r>0$, then $\gamma=\lambda_2(I-D^{-1}W)=\mu_2(L)/r$, since $D=rI$ gives $I-D^{-1}W=L/r$.",
    expected=Status.PROVED,
    reason="Kernel-checked in Coq for every size (proofs/Variational.v, proofs/MinMax.v): with D = rI the random-walk Laplacian is L/r entrywise, and for r > 0 the sorted eigenvalues of I − D⁻¹W are λ_k(L)/r for every k and every sorted orthonormal eigenbasis, so γ = μ₂(L)/r; only the existence of an orthonormal eigenbasis (the spectral theorem) is cited. The sympy identity and a property search over regular multigraphs and simple graphs cross-check it.",
    prose="that L, symmetric, has an orthonormal eigenbasis (the spectral theorem, cited); the rest is the Coq theorems",
    tightness=Tightness(
        "unmeasurable",
        "an identity, not a bound: the only inequality, r > 0, is the hypothesis (D = rI invertible)",
    ),
    tests=[f"{APPENDIX_C_TESTS}::test_regular_gap_on_the_skeleton"],
)


REGULAR_GAP = CoqHook(
    "trsp_C_regular_gap",
    "Variational",
    "forall (R : realFieldType) (n : nat) (W : 'M_n) (r : R), r != 0 -> (forall i : 'I_n, \\sum_j W i j = r) -> let D"
    " := diag_mx (\\row_i (\\sum_j W i j)) in [/\\ D = r%:M, 1%:M - invmx D *m W = r^-1 *: laplacian W & 1%:M - r^-1 *:"
    " W = r^-1 *: laplacian W]",
)


REGULAR_GAP_EIGEN = CoqHook(
    "trsp_C_regular_gap_lambda",
    "MinMax",
    "forall (R : realFieldType) (n : nat) (W U V : 'M_n) (r : R) (lam lv : 'I_n -> R), 0 < r -> (forall i : 'I_n,"
    " \\sum_j W i j = r) -> U^T *m U = 1%:M -> laplacian W *m U = U *m diag_mx (\\row_i lam i) -> (forall i j : 'I_n,"
    " (i <= j)%N -> lam i <= lam j) -> let N := 1%:M - invmx (diag_mx (\\row_i (\\sum_j W i j))) *m W in [/\\ N *m U"
    " = U *m diag_mx (\\row_i (lam i / r)), forall i j : 'I_n, (i <= j)%N -> lam i / r <= lam j / r & V^T *m V = 1%:M"
    " -> N *m V = V *m diag_mx (\\row_i lv i) -> (forall i j : 'I_n, (i <= j)%N -> lv i <= lv j) -> forall k : 'I_n, lv"
    " k = lam k / r]",
)


cgap_regular_coq = coq_check(
    "cgap_regular_coq",
    REGULAR_GAP,
    REGULAR_GAP_EIGEN,
    what=(
        "D = rI and I − D⁻¹W = I − W/r = L/r for every weight matrix W with row sums r ≠ 0, and for r > 0 the sorted"
        " eigenvalues of I − D⁻¹W are those of L divided by r, for every sorted orthonormal eigenbasis (MathComp, any"
        " real field)"
    ),
    ranges="every size n, every r > 0",
    covers={
        "trsp_C_regular_gap": "since D = rI gives I − D⁻¹W = L/r",
        "trsp_C_regular_gap_lambda": (
            "γ = λ₂(I − D⁻¹W) = μ₂(L)/r: λ_k(I − D⁻¹W) = λ_k(L)/r for every k, whichever sorted orthonormal"
            " eigenbasis of I − D⁻¹W is taken (k = 1, 0-based, is λ₂ and μ₂)"
        ),
    },
    steps=[SPECTRAL_THEOREM, REAL_FIELD],
    constants=[("r>0", "0 < r")],
)

regular_gap.decides(cgap_regular_coq)


regular_gap.decides(cgap_regular_random_walk_identity)


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


@regular_gap.decides
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
        role=Role.SUPPORTS,
    )


regularity = regular_gap.hypothesis(
    "regularity",
    title="γ = μ₂/r: regularity is necessary",
    statement=r"Regularity (stated) is necessary for $\gamma=\mu_2/r$: on a non-regular graph no degree $r$ turns $\mu_2$ into the normalised gap (the path $P_4$).",
    expected=Status.CERTIFIED,
    reason="exact eigenvalues (sympy) of P₄ and of its random walk",
    weakest=Weakest(
        "qualitative",
        "regularity is a yes/no property of the degree sequence (one r for every vertex); P₄ fails for both of its degrees (cgap_regularity_probe); which non-regular graphs satisfy γ = μ₂/r for some r by coincidence is not searched",
    ),
    tests=[f"{HYPOTHESES_TESTS}::test_path_graph_is_not_regular_gap"],
)


@regularity.decides
def cgap_regularity_probe(ctx: Context) -> Evidence:
    """Drop regularity: the path P₄ has γ = 1/2 and μ₂ = 2 − √2, degrees 1 and 2: no r gives γ = μ₂/r (exact)."""
    W = sp.Matrix([[0, 1, 0, 0], [1, 0, 1, 0], [0, 1, 0, 1], [0, 0, 1, 0]])
    D = sp.diag(*[sum(W.row(i)) for i in range(4)])
    mu2 = _eigenvalues(D - W)[1]
    gamma = _eigenvalues(sp.eye(4) - D.inv() * W)[1]
    gaps = [sp.simplify(abs(gamma - mu2 / r)) for r in (1, 2)]
    outcome = exact_counterexample(
        f"P₄: γ = {gamma}, μ₂ = {mu2}; |γ − μ₂/r| = {', '.join(map(str, gaps))} for r = 1, 2",
        "P₄ (degrees 1, 2, 2, 1)",
        -min(gaps, key=lambda x: float(x)),
        gamma=gamma,
        mu2=mu2,
    )
    return probe_hypothesis("necessary", "regularity", outcome, exact=True, role=Role.DECIDES)


nonnegative_weights = regular_gap.hypothesis(
    "nonnegative-weights",
    title="γ = μ₂/r: nonnegative weights are not needed",
    statement="Nonnegative weights are not needed: with $D=rI$, $I-D^{-1}W=L/r$ entrywise for any real $W$ whose rows sum to $r>0$.",
    expected=Status.PROVED,
    reason="the entrywise identity, symbolic (sympy)",
    tightness=Tightness("unmeasurable", "an identity, not a bound: the only inequality, r > 0, is the hypothesis"),
    weakest=Weakest(
        "not-needed",
        "the entrywise identity I − D⁻¹W = L/r uses only D = rI (cgap_weight_sign_probe, symbolic)",
        hypothesis="sign of the weights",
        stated="W ≥ 0",
        weakest="any real W with row sums r > 0",
        ranges="every r > 0, every W",
    ),
)


@nonnegative_weights.decides
def cgap_weight_sign_probe(ctx: Context) -> Evidence:
    """Drop nonnegative weights: the identity I − D⁻¹W = L/r is entrywise, for any W with row sums r."""
    return probe_hypothesis(
        "not needed", "nonnegative weights", cgap_regular_random_walk_identity(ctx), role=Role.DECIDES
    )


laplacian_psd = claim(
    "trsp.C.laplacian-psd",
    title="The Laplacian of a symmetrised connection is symmetric PSD with smallest eigenvalue 0",
    source=Source("TRSP", "App. C.1", "symmetrization"),
    statement=r"For symmetric $W\ge0$ (e.g. $W_{\rm tri}=\frac12(M_{\rm tri}+M_{\rm tri}^\top)$, $W_{\rm attn}$ likewise), $\mathbf L=\mathbf D-W$ satisfies $x^\top\mathbf Lx=\sum_{i<j}w_{ij}(x_i-x_j)^2\ge0$ and $\mathbf L\mathbf 1=0$: it is symmetric positive semidefinite with smallest eigenvalue 0.",
    expected=Status.PROVED,
    reason="The quadratic form is a sum of edge terms w_ij(x_i − x_j)² (sympy, the pair identity and the full expansion at n = 4), and L𝟏 = 0; the eigenvalues of real attention and triBox Laplacians confirm λ_min = 0.",
    prose="summing the checked edge identity over the pairs i < j (each pair contributes only through its own term, for every n); a symmetric matrix with a nonnegative quadratic form is PSD and, as L𝟏 = 0, its smallest eigenvalue is 0 (Rayleigh quotient)",
    tightness=Tightness(
        "sharp",
        "laplacian_psd_sympy: 𝐋𝟏 = 0, so xᵀ𝐋x ≥ 0 is attained at x = 𝟏 and the smallest eigenvalue is exactly 0",
        ratio=1.0,
        where={"x": "𝟏"},
    ),
    tests=[f"{STATEMENT_TESTS}::test_laplacians_are_psd"],
)


@laplacian_psd.decides
def laplacian_psd_sympy(ctx: Context) -> Evidence:
    """xᵀ(D − W)x = Σ_(i<j) w_ij(x_i − x_j)² (pair identity, and in full for n = 4 with symbolic symmetric W); L𝟏 =
    0.
    """
    w, xi, xj = sp.symbols("w x_i x_j", real=True)
    n = 4
    x = sp.Matrix(sp.symbols(f"x0:{n}", real=True))
    W = sp.Matrix(n, n, lambda i, j: sp.Symbol(f"w{min(i, j)}{max(i, j)}", nonnegative=True) if i != j else 0)
    L = sp.diag(*[sum(W.row(i)) for i in range(n)]) - W
    pairs = sum(W[i, j] * (x[i] - x[j]) ** 2 for i in range(n) for j in range(i + 1, n))
    steps = [
        sympy_identity(
            w * (xi**2 + xj**2) - 2 * w * xi * xj,
            w * (xi - xj) ** 2,
            what=(
                "an edge {i, j} adds w_ij to the degrees of i and j and −w_ij twice off the diagonal: its part of "
                "xᵀLx is w_ij(x_i² + x_j²) − 2w_ijx_ix_j = w_ij(x_i − x_j)² ≥ 0"
            ),
        ),
        sympy_identity(
            (x.T * L * x)[0, 0],
            pairs,
            what="summed, for n = 4 with symbolic symmetric W: xᵀLx = Σ_(i<j) w_ij(x_i − x_j)²",
        ),
        matrix_identity(L * sp.ones(n, 1), sp.zeros(n, 1), what="L𝟏 = D𝟏 − W𝟏 = 0"),
        matrix_identity(L.T, L, what="L = Lᵀ (W symmetric)"),
    ]
    return derivation(
        steps,
        what=(
            "each Laplacian D − W of symmetric nonnegative weights is symmetric PSD with L𝟏 = 0, so its "
            "smallest eigenvalue is 0"
        ),
        ranges="every n and symmetric W ≥ 0 (the n = 4 expansion as a check)",
    )


@laplacian_psd.supports
def laplacian_psd_float(ctx: Context) -> Evidence:
    """W_attn = ½(A + Aᵀ) for row-stochastic A and W_tri = ½(M_tri + M_triᵀ): λ_min(L) = 0 up to rounding, L𝟏 = 0."""
    rng = np.random.default_rng(ctx.seed)
    cases = [(T, kind) for T in (2, 5, 16, 64) for kind in ("attention", "tribox")]

    def margin(case):
        T, kind = case
        if kind == "attention":
            A = rng.exponential(1.0, (T, T))
            A /= A.sum(axis=1, keepdims=True)
        else:
            A = filters.tribox_matrix(T, max(1, T // 4))
        L = laplacian((A + A.T) / 2)
        lam = scipy.linalg.eigvalsh(L)
        scale = max(1.0, 2 * float(np.max(np.diag(L))))  # Gershgorin: ‖L‖₂ ≤ 2·max degree (L = 0 when b = 1, W = I)
        return -max(abs(lam[0]), float(np.max(np.abs(L.sum(axis=1))))) / scale

    return grid_check(
        cases,
        margin,
        what="λ_min(L) = 0 and L𝟏 = 0",
        method="grid",
        exact=False,
        ranges="T ∈ {2, 5, 16, 64}; seeded row-stochastic attention and triBox (b = T/4)",
        tolerance=lambda case: 10 * case[0] * EPS,
        allowance=(
            "relative to max(1, 2·max degree), Gershgorin's bound on ‖L‖₂ (the margin is divided by it): eigvalsh is "
            "backward stable, each eigenvalue within 10·T·eps·‖L‖₂, and a row sum of L carries ≤ T·eps·"
            "max degree: 10·T·eps"
        ),
        role=Role.SUPPORTS,
    )


operator = claim(
    "trsp.network.operator",
    title="The composed network operator: a product of D layers with constant row sums Π(2 + g_ℓ)",
    source=Source("specproof", "App. C.1", "own"),
    statement=r"A network of depth $D$ computes $N_D=F_{D-1}\cdots F_0$, $F_\ell=I+A_\ell+g_\ell M_{\rm tri}^{(b_\ell)}$ (Eq. 8 per layer). For row-stochastic $A_\ell$ every row of $N_D$ sums to $c_D=\prod_\ell(2+g_\ell)$, so its Markov form is exactly $P_D=N_D/c_D=\prod_\ell F_\ell/(2+g_\ell)$; for causal $A_\ell$ the diagonal is $\prod_\ell\operatorname{diag}F_\ell$; the support of $N_D$ contains that of every $A_\ell$ and $M_{\rm tri}^{(b_\ell)}$. The matrix-free chain (O$(TD)$ per matvec) equals the dense product.",
    lost=nw.DEFAULT_GATE_RECONSTRUCTION,
    uses=["trsp.layer.operator"],
    expected=Status.CERTIFIED,
    reason="Exact rational products of the layer matrices (uniform causal, sink, isolated attention; four gate scales) over every T of the range decide the row sums, diagonal and support; the matrix-free chain is cross-checked against dense products in float.",
    notes=["reconstructed"],
    tests=[f"{NETWORK_TESTS}::test_network_matches_dense_product"],
)


@operator.decides
def network_structure_exact(ctx: Context) -> Evidence:
    """Exact rationals: N_D has row sums Π(2+g_ℓ) and diagonal Π diag(F_ℓ), contains every factor's support,
    and under the sink every row of P_D puts ≥ 1 − q_D on the first token."""
    top = 10 if not ctx.wide else 14
    cases = [
        (kind, T, D, g)
        for kind in ("uniform", "sink", "isolated")
        for T in range(2, top + 1)
        for D in (1, 2, 3, 5)
        for g in EXACT_GATES
    ]

    def margin(case):
        kind, T, D, g = case
        N, gates = _exact_network(kind, T, D, g)
        c = math.prod(2 + x for x in gates)
        if any(sum(N[i]) != c for i in range(T)):
            return -1
        diag = [
            math.prod(
                1 + _exact_attention(kind, T)[i, i] + x * tribox_matrix(T, b, exact=True)[i, i]
                for x, b in zip(gates, dyadic_schedule(T, D))
            )
            for i in range(T)
        ]
        if any(N[i, i] != diag[i] for i in range(T)):
            return -1
        factors = [_exact_attention(kind, T)] + [tribox_matrix(T, b, exact=True) for b in dyadic_schedule(T, D)]
        if any((N[i, j] == 0) and any(F[i, j] != 0 for F in factors) for i in range(T) for j in range(T)):
            return -1
        if kind == "sink":
            q = math.prod((1 + x) / (2 + x) for x in gates)
            slack = min(N[i, 0] / c - (1 - q) for i in range(T))
            return slack if slack < 0 else 0
        return 0

    return grid_check(
        cases,
        margin,
        what="row sums Π(2+g_ℓ), diagonal Π diag F_ℓ, support ⊇ every factor's, sink mass ≥ 1 − q_D",
        method="exact-rational",
        exact=True,
        ranges=(
            f"uniform, sink, isolated; every T in [2, {top}]; D ∈ {{1, 2, 3, 5}}; g_ℓ = g(ℓ+1)/D, "
            f"g ∈ {{{', '.join(map(str, EXACT_GATES))}}}"
        ),
    )


@operator.decides
def network_matrix_free_matches_dense(ctx: Context) -> Evidence:
    """The chained O(T·D) matvec and rmatvec against the dense product of the layer matrices."""
    from specproof.runs.sweeps.table import network_attention

    gate = nw.default_gate()
    rng = np.random.default_rng(ctx.seed)
    cases = [
        (kind, T, D)
        for kind in ("uniform", "sink", "softmax", "isolated")
        for T in (2, 3, 7, 16, 33, 64)
        for D in (1, 2, 4, floor_log2(T) + 1)
    ]

    def margin(case):
        kind, T, D = case
        layers = nw.network_layers(T, D, lambda n: network_attention(kind, n), gate)
        dense = np.eye(T)
        for layer in layers:
            dense = layer.operator().as_matrix() @ dense
        op = nw.network_operator(layers)
        x = rng.standard_normal(T)
        err = max(np.max(np.abs(op.mv(x) - dense @ x)), np.max(np.abs(op.rmv(x) - dense.T @ x)))
        scale = nw.row_sum(layers) * np.sum(np.abs(x))
        return 1e3 * T * D * np.finfo(float).eps * scale - err

    return grid_check(
        cases,
        margin,
        what="matrix-free N_D x and N_Dᵀ x equal the dense product",
        method="dense-float",
        exact=False,
        ranges="uniform, sink, softmax, isolated; T ∈ {2, 3, 7, 16, 33, 64}; D ∈ {1, 2, 4, ⌊log₂T⌋+1}",
        role=Role.SUPPORTS,
    )


causal_ceiling = claim(
    "trsp.network.causal-ceiling",
    title="The causal ceiling: every lower-triangular row-stochastic operator has μ₂ ≤ T(1 − P_TT)/(2(T − 1)) ≤ T/(2(T − 1))",
    source=Source("specproof", "App. C.1", "own"),
    statement=r"For every lower-triangular row-stochastic $P\in\mathbb R^{T\times T}$, $T\ge2$, with $W=\frac12(P+P^\top)$ and $L=\operatorname{diag}(W\mathbf 1)-W$: $\mu_2(L)\le\frac{T}{T-1}\cdot\frac{1-P_{TT}}2\le\frac{T}{2(T-1)}$, strictly below $\frac T{2(T-1)}$ when $P_{TT}>0$ (for $P=\mathbf 1e_1^\top$ at $T=2$, $\mu_2=1$: equality), and the normalised gap (self-loops in $D=\operatorname{diag}(W\mathbf 1)$) satisfies $\gamma\le\frac{1-P_{TT}}{1+P_{TT}}\cdot\frac{2T}{2T-1-P_{TT}}$. The last token's loopless degree is $(1-P_{TT})/2$ (its column of $P$ holds only $P_{TT}$), and $x=e_T-\mathbf 1/T$ is a test vector. So $\frac12$ is a ceiling every causal operator sits under as $T\to\infty$, not a value a composition collapses to; for the network $P_D$, $(P_D)_{TT}=\prod_\ell\frac{1+(A_\ell)_{TT}+g_\ell b_\ell^{-2}}{2+g_\ell}>0$, which at fixed depth with the gates $\to0$ tends to $\prod_\ell\frac{1+(A_\ell)_{TT}}2$: to $2^{-D}$, and the ceiling to $(1-2^{-D})/2$ ($\frac38$, $\frac{15}{32}$), only when attention's own last diagonal entry $(A_\ell)_{TT}\to0$ (uniform causal: $1/T$; sink: $0$; causal softmax of the canonical scores), while attention that isolates tokens ($A_\ell=I$) gives $(P_D)_{TT}\to1$ and a ceiling $\to0$ (stored: $(P_2)_{TT}=0.25000$ under the sink, $0.99997$ under isolation at $T=2^{20}$).",
    expected=Status.PROVED,
    reason="Kernel-checked in Coq for every size (proofs/Variational.v, proofs/MinMax.v, proofs/CausalGap.v: the test vector e_T − 𝟏/T, μ₂ read as the second sorted eigenvalue of L_W with the min–max step in Coq; the normalised gap γ = λ₂(D^(−1/2)L_WD^(−1/2)) ≤ (1 − P_TT)/(1 + P_TT)·2T/(2T − 1 − P_TT) with the test vector D^(1/2)(e_T − (d_T/T)𝟏); and the equality case T = 2, P = 𝟏e₁ᵀ, μ₂ = 1); the network too (proofs/CausalNetwork.v: for every depth, causal row-stochastic A_ℓ ≥ 0, gates g_ℓ ≥ 0 and 1 ≤ b_ℓ ≤ T, P_D = N_D/Π(2 + g_ℓ) is causal and row-stochastic with (P_D)_TT = Π(1 + (A_ℓ)_TT + g_ℓb_ℓ^(−2))/(2 + g_ℓ) > 0, so both bounds hold for it; its limits as explicit bounds: |(P_D)_TT − Π(1 + (A_ℓ)_TT)/2| ≤ Σg_ℓ/2, 2^(−D)(1 + (A_ℓ)_TT) ≤ Π(1 + (A_ℓ)_TT)/2 ≤ 2^(−D) + Σ(A_ℓ)_TT/2, 1 under A_ℓ = I, and the ceiling within |p − q|/2 + 1/(2(T − 1)) of (1 − q)/2). Cited: the spectral theorem (an orthonormal eigenbasis), the definitions of the network's attention models, bandwidths and gates, and the algebra of limits; the proof takes nothing from the network's implementation (the stored sweep values are cross-checks). The test vector's algebra is also a sympy derivation for symbolic T and P_TT (𝟏ᵀx = 0, xᵀx = (T−1)/T, xᵀLx = L_TT = (1 − P_TT)/2, the quotient, and the gap's D-orthogonal variant); exact rational checks on random lower-triangular row-stochastic matrices and on the exact networks, the equality case at T = 2 and the stored sweep rows cross-check it.",
    prose="the spectral theorem (L and D^(−1/2)LD^(−1/2) have orthonormal eigenbases; the min–max steps from them to μ₂ and γ are in Coq); the network's attention models are causal, row-stochastic and ≥ 0 with (A)_TT = 1/T (uniform), 0 (sink), a_T/(a_T + T − 1) ≤ e²/T (causal softmax of the canonical scores, whose last score is a bulk score in [0, 2] once ℓ > k) and 1 (A = I), its bandwidths b_ℓ = min(2^ℓ, T) ∈ [1, T] and its gates positive (their definitions); the limits follow from the kernel-checked bounds by the algebra of limits (Rudin, Principles of Mathematical Analysis, 3rd ed., Thm 3.3)",
    tightness=Tightness(
        "sharp",
        "μ₂ ≤ T(1 − P_TT)/(2(T − 1)) ≤ T/(2(T − 1)) holds with equality for P = 𝟏e₁ᵀ at T = 2 (μ₂ = 1, causal_ceiling_equality); "
        "the Rayleigh quotient of e_T − 𝟏/T equals the first bound exactly for every causal P (causal_ceiling_exact)",
        where={"T": 2, "P": "𝟏e₁ᵀ"},
    ),
    limit=Limit(
        "closed-form",
        "at fixed D with the gates → 0: (P_D)_TT → Π(1 + (A_ℓ)_TT)/2 (causal_ceiling_diagonal_condition, sympy), "
        "so the ceiling → (1 − 2^−D)/2 when (A_ℓ)_TT → 0 and → 0 when A_ℓ = I",
        quantity="the ceiling T(1 − (P_D)_TT)/(2(T − 1)), fixed D, (A_ℓ)_TT → 0",
        value="(1 − 2^−D)/2",
        approach="like 1/(2T) plus the gates' Π(2 + g_ℓ) − 2^D",
    ),
    tests=[f"{NETWORK_TESTS}::test_causal_ceiling"],
)


causal_ceiling.decides(causal_ceiling_full_coq)


def _ceiling_steps() -> list[Evidence]:
    """The Rayleigh quotient of x = e_T − 𝟏/T for symbolic T and p = P_TT (sympy): 𝟏ᵀx = 0, xᵀx = (T−1)/T,
    xᵀLx = L_TT (L𝟏 = 0, L symmetric), L_TT = d_T − W_TT = (1 + p)/2 − p (row T of P sums to 1, column T of a
    lower-triangular P is p·e_T), the quotient T(1 − p)/(2(T − 1)) and its gap to T/(2(T − 1)); and the gap's
    version with x = e_T − (d_T/T)𝟏, D𝟏-orthogonal because Σ_i d_i = (Σ row sums + Σ column sums)/2 = T."""
    T, i = sp.symbols("T i", positive=True, integer=True)
    p, m = sp.symbols("p m", nonnegative=True)
    x = sp.KroneckerDelta(i, T) - 1 / T
    row_L, total_L, L_TT = sp.symbols("r_T S L_TT")  # (L𝟏)_T and 𝟏ᵀL𝟏, both 0 for a Laplacian
    quadratic = L_TT - 2 * row_L / T + total_L / T**2  # (e_T − 𝟏/T)ᵀL(e_T − 𝟏/T) for symmetric L
    d_T = (1 + p) / 2
    steps = [
        sympy_identity(
            sp.Sum(x, (i, 1, T)).doit(), sp.Integer(0), what="𝟏ᵀx = Σ_i (δ_iT − 1/T) = 0", ranges="every T ≥ 1"
        ),
        sympy_identity(
            sp.Sum(sp.expand(x**2), (i, 1, T)).doit(), (T - 1) / T, what="xᵀx = (T − 1)/T", ranges="every T ≥ 1"
        ),
        sympy_identity(
            quadratic.subs({row_L: 0, total_L: 0}),
            L_TT,
            what="xᵀLx = L_TT when L𝟏 = 0",
            ranges="every symmetric L with L𝟏 = 0",
        ),
        sympy_identity(
            d_T - p,
            (1 - p) / 2,
            what="L_TT = d_T − W_TT = (1 + p)/2 − p = (1 − p)/2",
            ranges="P lower triangular, row-stochastic, p = P_TT",
        ),
        sympy_identity(
            ((1 - p) / 2) / ((T - 1) / T),
            T * (1 - p) / (2 * (T - 1)),
            what="xᵀLx/xᵀx = T(1 − p)/(2(T − 1))",
            ranges="every T ≥ 2",
        ),
        sympy_nonnegative(
            (T / (2 * (T - 1)) - T * (1 - p) / (2 * (T - 1))).subs(T, 2 + m),
            [p, m],
            what="T/(2(T − 1)) − T(1 − p)/(2(T − 1)) = Tp/(2(T − 1)) ≥ 0 (T = 2 + m)",
            ranges="p ≥ 0, T ≥ 2",
        ),
        sympy_identity(
            d_T - 2 * (d_T / T) * d_T + (d_T / T) ** 2 * T,
            d_T * (1 - d_T / T),
            what="gap: x = e_T − (d_T/T)𝟏 has xᵀDx = d_T − 2(d_T/T)d_T + (d_T/T)²·Σd = d_T(1 − d_T/T), Σd = T",
            ranges="every T ≥ 1",
        ),
        sympy_identity(
            ((1 - p) / 2) / (d_T * (1 - d_T / T)),
            (1 - p) / (1 + p) * 2 * T / (2 * T - 1 - p),
            what="γ ≤ xᵀLx/xᵀDx = (1 − p)/(1 + p)·2T/(2T − 1 − p)",
            ranges="every T ≥ 1, p ∈ [0, 1]",
        ),
    ]
    return steps


@causal_ceiling.decides
def causal_ceiling_sympy(ctx: Context) -> Evidence:
    """The ceiling's algebra for symbolic T and p = P_TT (sympy, exact); the μ₂ ceiling itself is Coq's."""
    return derivation(
        _ceiling_steps(), what="the causal ceiling's test vector", ranges="every T ≥ 2, p = P_TT ∈ [0, 1]"
    )


def _random_lower_stochastic(rng, T: int) -> list[list[Fraction]]:
    """A random lower-triangular row-stochastic matrix with small rational entries (some rows sparse, P_TT = 0 too)."""
    rows = []
    for t in range(T):
        weights = [Fraction(int(rng.integers(0, 5))) if rng.random() < 0.7 else Fraction(0) for _ in range(t + 1)]
        if sum(weights) == 0:
            weights[int(rng.integers(0, t + 1))] = Fraction(1)
        total = sum(weights)
        rows.append([w / total for w in weights] + [Fraction(0)] * (T - t - 1))
    return rows


def _exact_quotient(P) -> tuple[Fraction, Fraction, Fraction]:  # sums of Fractions (0 only for T = 0)
    """(𝟏ᵀx, xᵀLx/xᵀx, T(1 − P_TT)/(2(T − 1))) for x = e_T − 𝟏/T and L = diag(W𝟏) − W, W = (P + Pᵀ)/2, exactly."""
    T = len(P)
    W = [[(P[r][c] + P[c][r]) / 2 for c in range(T)] for r in range(T)]
    d = [sum(row) for row in W]
    x = [Fraction(-1, T)] * T
    x[-1] += 1
    Lx = [d[r] * x[r] - sum(W[r][c] * x[c] for c in range(T)) for r in range(T)]
    quotient = sum(a * b for a, b in zip(x, Lx)) / sum(a * a for a in x)
    return Fraction(sum(x)), Fraction(quotient), Fraction(T) * (1 - P[-1][-1]) / (2 * (T - 1))


@causal_ceiling.supports
def causal_ceiling_exact(ctx: Context) -> Evidence:
    """Exact rationals: for random lower-triangular row-stochastic P (and the exact network operators of
    trsp.network.operator), x = e_T − 𝟏/T is 𝟏-orthogonal and its Rayleigh quotient is T(1 − P_TT)/(2(T − 1))."""
    rng = np.random.default_rng(ctx.seed)
    top, per_T = (12, 40) if not ctx.wide else (24, 200)
    cases = [("random", T, k) for T in range(2, top + 1) for k in range(per_T)]
    cases += [(kind, T, D) for kind in ("uniform", "sink", "isolated") for T in range(2, 9) for D in (1, 2, 3)]

    def margin(case):
        kind, T, k = case
        if kind == "random":
            P = _random_lower_stochastic(rng, T)
        else:
            N, gates = _exact_network(kind, T, k, EXACT_GATES[1])
            c = math.prod(2 + g for g in gates)
            P = [[N[r, col] / c for col in range(T)] for r in range(T)]
        ortho, quotient, ceiling = _exact_quotient(P)
        return 0 if ortho == 0 and quotient == ceiling else -1

    return grid_check(
        cases,
        margin,
        what="𝟏ᵀx = 0 and xᵀLx/xᵀx = T(1 − P_TT)/(2(T − 1)) exactly",
        method="exact-rational",
        exact=True,
        role=Role.SUPPORTS,
        ranges=(
            f"{per_T} random lower-triangular row-stochastic P for every T in [2, {top}]; the exact "
            "uniform, sink and isolated networks (T in [2, 8], D ∈ {1, 2, 3})"
        ),
    )


@causal_ceiling.supports
def causal_ceiling_equality(ctx: Context) -> Evidence:
    """The bound T/(2(T − 1)) is attained (so it is strict only when P_TT > 0): T = 2, P = 𝟏e₁ᵀ has μ₂ = 1, exactly."""
    P = sp.Matrix([[1, 0], [1, 0]])
    W = (P + P.T) / 2
    L = sp.diag(*[sum(W.row(r)) for r in range(2)]) - W
    eigen = sorted(L.eigenvals())
    return sympy_identity(
        eigen[1],
        sp.Rational(2, 2 * (2 - 1)),
        what="T = 2, P = 𝟏e₁ᵀ (P_TT = 0): μ₂ = T/(2(T − 1)) = 1",
        ranges="T = 2",
        role=Role.SUPPORTS,
    )


@causal_ceiling.supports
def causal_ceiling_stored_rows(ctx: Context) -> Evidence:
    """Every stored network row sits under its ceiling (the store refuses one that does not; this reads it back)."""
    evidence = []
    for kind in ("uniform", "sink", "softmax", "isolated"):
        rows = _rows(ctx, kind)
        by_T, cases = _cases(rows)
        evidence.append(
            grid_check(
                cases,
                lambda c: by_T[c[0]][f"ceiling_{c[1]}"] - by_T[c[0]][f"mu2_{c[1]}_lower"],
                what=f"{kind}: lower end of μ₂(L(P_D)) ≤ T(1 − (P_D)_TT)/(2(T − 1))",
                method="sweep-bracket",
                exact=False,
                ranges=_sweep_range(rows, kind, ctx),
                role=Role.SUPPORTS,
            )
        )
    return combine(
        evidence,
        what="stored μ₂ brackets under the causal ceiling",
        method="sweep-bracket",
        ranges="; ".join(e.ranges for e in evidence),
        role=Role.SUPPORTS,
    )


def _diagonal_steps() -> list[Evidence]:
    """(P_D)_TT at vanishing gates for symbolic D: Π_ℓ (1 + a)/2 with a = (A_ℓ)_TT; 2^−D at a = 0, 1 at a = 1."""
    D = sp.Symbol("D", positive=True, integer=True)
    a = sp.Symbol("a", nonnegative=True)
    at_zero_gate = ((1 + a) / 2) ** D
    return [
        sympy_identity(at_zero_gate.subs(a, 0), 2**-D, what="a = (A_ℓ)_TT = 0: (P_D)_TT → 2^−D", ranges="every D ≥ 1"),
        sympy_identity(at_zero_gate.subs(a, 1), sp.Integer(1), what="A_ℓ = I: (P_D)_TT → 1", ranges="every D ≥ 1"),
        sympy_identity(
            (1 - at_zero_gate.subs(a, 0)) / 2,
            (1 - 2**-D) / 2,
            what="the ceiling's limit (1 − (P_D)_TT)/2 → (1 − 2^−D)/2 when a = 0, → 0 when A_ℓ = I",
            ranges="every D ≥ 1",
        ),
    ]


@causal_ceiling.supports
def causal_ceiling_diagonal_condition(ctx: Context) -> Evidence:
    """When the ceiling tends to (1 − 2^−D)/2: (P_D)_TT = Π(1 + (A_ℓ)_TT + g_ℓ/b_ℓ²)/(2 + g_ℓ) tends to 2^−D only
    when attention's own diagonal entry vanishes; isolating attention drives it to 1 (sympy at vanishing gates, and
    the stored rows' (P_D)_TT at the largest T: within 1e-3 of 2^−D under uniform, sink and softmax attention,
    within 1e-3 of 1 under isolation, D = 2 and 4)."""
    parts = [derivation(_diagonal_steps(), what="(P_D)_TT at vanishing gates", ranges="every D ≥ 1")]
    bad, seen = [], []
    for kind, target in (("uniform", None), ("sink", None), ("softmax", None), ("isolated", 1.0)):
        last = _rows(ctx, kind)[-1]
        for tag in ("d2", "d4"):
            want = target if target is not None else 2.0 ** -last[f"depth_{tag}"]
            got = last[f"p_last_{tag}"]
            seen.append(f"{kind}, {DEPTHS[tag]}: (P_D)_TT = {fmt(got, 5)} (→ {fmt(want, 5)})")
            if abs(got - want) > 1e-3:
                bad.append({"kind": kind, "depth": tag, "p_last": got, "limit": want})
    parts.append(
        Evidence(
            Status.REFUTED if bad else Status.VERIFIED,
            "sweep-bracket",
            f"at the largest stored T: {'; '.join(seen)}",
            ranges="the largest T of each network sweep, D = 2 and 4",
            counterexample={"cases": bad} if bad else None,
        )
    )
    return combine(
        parts,
        what="(P_D)_TT → 2^−D needs (A_ℓ)_TT → 0; under isolation it → 1",
        method="sympy",
        ranges="; ".join(p.ranges for p in parts),
        role=Role.SUPPORTS,
    )
