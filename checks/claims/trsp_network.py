"""The operator a TRSP network computes: its layers composed over a depth D fixed at build time, against
what App. C concludes for their superposition (Thm C.1, Prop. C.5, Thm C.6, Eq. 11, §C.3.3, Thm C.8),
and a single layer's μ₂ as a function of b and T.

The network is N_D = F_{D−1} ⋯ F_0, F_ℓ = I + A_ℓ + g_ℓ M_tri^{(b_ℓ)}, b_ℓ = min(2^ℓ, T), with the project's
gate (MLP 1→16→1, seed 0, β = 0, so φ = ln 2) and the same attention model at every layer: uniform causal
(Cesàro), the sink 𝟏e₁ᵀ, causal softmax of the canonical scores, and A = I (attention that isolates every
token, Prop. C.5's case). Its Markov form is P_D = N_D/Π(2 + g_ℓ) exactly (:mod:`theory.network`); μ₂
and the normalised gap are those of the symmetrised P_D (App. C.1's recipe), read from the `network-*`
sweeps (T = 4 … 65536, D = 2, 4 and ⌊log₂T⌋ + 1).

The safety net, the gap, mixing, the rank and the single layer are in :mod:`trsp_network_mixing`.
"""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
import sympy as sp

from specproof.checks.formal import CoqHook, coq_check
from specproof.checks.methods import (
    combine,
    derivation,
    grid_check,
    sympy_identity,
    sympy_nonnegative,
)
from specproof.checks.registry import Context, Evidence, Source, Status, check, claim
from specproof.theory import network as nw
from specproof.theory.filters import dyadic_schedule, floor_log2, tribox_matrix

TESTS = "tests/test_network.py"
DEPTHS = {"d2": "D = 2", "d4": "D = 4", "full": "D = ⌊log₂T⌋+1"}


def _rows(ctx: Context, kind: str) -> list[dict]:
    from specproof.checks.sweeps import run_sweep, stored_options

    return run_sweep(f"network-{kind}", **stored_options(ctx)).rows


def _sweep_range(rows: list[dict], kind: str, ctx: Context) -> str:
    from specproof.checks.sweeps import missing_note, run_sweep, stored_options

    span = (
        f"sweep network-{kind} ({'wide' if ctx.wide else 'default'} grid): T = {rows[0]['x']}…{rows[-1]['x']},"
        f" {len(rows)} points"
    )
    return span + missing_note(run_sweep(f"network-{kind}", **stored_options(ctx)))


# --------------------------------------------------------------------------- the composed operator


def _exact_attention(kind: str, T: int) -> np.ndarray:
    one, zero = Fraction(1), Fraction(0)
    if kind == "uniform":
        return np.array([[Fraction(1, i + 1) if j <= i else zero for j in range(T)] for i in range(T)], dtype=object)
    if kind == "sink":
        return np.array([[one if j == 0 else zero for j in range(T)] for _ in range(T)], dtype=object)
    return np.array([[one if i == j else zero for j in range(T)] for i in range(T)], dtype=object)


EXACT_GATES = (Fraction(1, 9), Fraction(1, 3), Fraction(4, 5), Fraction(999, 1000))


def _exact_network(kind: str, T: int, D: int, gate: Fraction) -> tuple[np.ndarray, list]:
    """N_D in exact rationals (a gate ``gate``·(ℓ+1)/D at layer ℓ, so the gates differ), and the gates."""
    N = np.array([[Fraction(int(i == j)) for j in range(T)] for i in range(T)], dtype=object)
    gates = []
    eye = np.array([[Fraction(int(i == j)) for j in range(T)] for i in range(T)], dtype=object)
    for ell, b in enumerate(dyadic_schedule(T, D)):
        g = gate * (ell + 1) / D
        gates.append(g)
        F = eye + _exact_attention(kind, T) + g * tribox_matrix(T, b, exact=True)
        N = F.dot(N)
    return N, gates


@check
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


@check
def network_matrix_free_matches_dense(ctx: Context) -> Evidence:
    """The chained O(T·D) matvec and rmatvec against the dense product of the layer matrices."""
    from specproof.checks.sweeps import network_attention

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
        role="supports",
    )


claim(
    id="trsp.network.operator",
    title="The composed network operator: a product of D layers with constant row sums Π(2 + g_ℓ)",
    source=Source("specproof", "App. C.1", "own"),
    statement=(
        r"A network of depth $D$ computes $N_D=F_{D-1}\cdots F_0$, $F_\ell=I+A_\ell+g_\ell M_{\rm tri}^{(b_\ell)}$ "
        r"(Eq. 8 per layer). For row-stochastic $A_\ell$ every row of $N_D$ sums to $c_D=\prod_\ell(2+g_\ell)$, so its "
        r"Markov form is exactly $P_D=N_D/c_D=\prod_\ell F_\ell/(2+g_\ell)$; for causal $A_\ell$ the diagonal is "
        r"$\prod_\ell\operatorname{diag}F_\ell$; the support of $N_D$ contains that of every $A_\ell$ and "
        r"$M_{\rm tri}^{(b_\ell)}$. The matrix-free chain (O$(TD)$ per matvec) equals the dense product."
    ),
    checks=[network_structure_exact, network_matrix_free_matches_dense],
    expected=Status.CERTIFIED,
    lost=nw.DEFAULT_GATE_RECONSTRUCTION,
    notes=["reconstructed"],
    reason=(
        "Exact rational products of the layer matrices (uniform causal, sink, isolated attention; four gate "
        "scales) over every T of the range decide the row sums, diagonal and support; the matrix-free chain is "
        "cross-checked against dense products in float."
    ),
    uses=["trsp.layer.operator"],
    tests=[f"{TESTS}::test_network_matches_dense_product"],
)


# --------------------------------------------------------------------------- the causal ceiling


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


CEILING_VECTOR = CoqHook(
    "trsp_network_causal_ceiling",
    "Variational",
    "forall (R : realFieldType) (n : nat) (P : 'M_n) (t : 'I_n), (1 < n)%N -> t = n.-1 -> (forall i : 'I_n, \\sum_j P i"
    " j = 1) -> (forall i j : 'I_n, (i < j)%N -> P i j = 0) -> let W := 2^-1 *: (P + P^T) in let x := delta_mx t 0 -"
    " n%:R^-1 *: const_mx 1 in [/\\ (const_mx 1)^T *m x = 0, (x^T *m x) 0 0 = (n%:R - 1) / n%:R, qform (laplacian W) x"
    " = (1 - P t t) / 2 & qform (laplacian W) x = n%:R / (n%:R - 1) * ((1 - P t t) / 2) * (x^T *m x) 0 0]",
)
CEILING = CoqHook(
    "trsp_network_causal_ceiling_mu2",
    "Variational",
    "forall (R : realFieldType) (n : nat) (P : 'M_n) (t : 'I_n) (mu : R), (1 < n)%N -> t = n.-1 -> (forall i : 'I_n,"
    " \\sum_j P i j = 1) -> (forall i j : 'I_n, (i < j)%N -> P i j = 0) -> (forall x : 'cV_n, (const_mx 1)^T *m x = 0"
    " -> mu * (x^T *m x) 0 0 <= qform (laplacian (2^-1 *: (P + P^T))) x) -> mu <= n%:R / (n%:R - 1) * ((1 - P t t) / 2)"
    " /\\ (0 < P t t -> mu < n%:R / (2 * (n%:R - 1)))",
)
causal_ceiling_coq = coq_check(
    "causal_ceiling_coq",
    CEILING_VECTOR,
    CEILING,
    what=(
        "every Rayleigh floor μ of L_W on 𝟏⊥ is ≤ T(1 − P_TT)/(2(T − 1)), and < T/(2(T − 1)) "
        "when P_TT > 0, for every causal row-stochastic P (MathComp, any real field)"
    ),
    ranges="every T ≥ 2, every lower-triangular P with rows summing to 1",
)


@check
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


def _exact_quotient(P) -> tuple[Fraction, Fraction, Fraction]:
    """(𝟏ᵀx, xᵀLx/xᵀx, T(1 − P_TT)/(2(T − 1))) for x = e_T − 𝟏/T and L = diag(W𝟏) − W, W = (P + Pᵀ)/2, exactly."""
    T = len(P)
    W = [[(P[r][c] + P[c][r]) / 2 for c in range(T)] for r in range(T)]
    d = [sum(row) for row in W]
    x = [Fraction(-1, T)] * T
    x[-1] += 1
    Lx = [d[r] * x[r] - sum(W[r][c] * x[c] for c in range(T)) for r in range(T)]
    quotient = sum(a * b for a, b in zip(x, Lx)) / sum(a * a for a in x)
    return sum(x), quotient, Fraction(T) * (1 - P[-1][-1]) / (2 * (T - 1))


@check
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
        role="supports",
        ranges=(
            f"{per_T} random lower-triangular row-stochastic P for every T in [2, {top}]; the exact "
            "uniform, sink and isolated networks (T in [2, 8], D ∈ {1, 2, 3})"
        ),
    )


@check
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
        role="supports",
    )


@check
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
                role="supports",
            )
        )
    return combine(
        evidence,
        what="stored μ₂ brackets under the causal ceiling",
        method="sweep-bracket",
        ranges="; ".join(e.ranges for e in evidence),
        role="supports",
    )


claim(
    id="trsp.network.causal-ceiling",
    title=(
        "The causal ceiling: every lower-triangular row-stochastic operator has μ₂ ≤ T(1 − P_TT)/(2(T − 1)) ≤ T/(2(T"
        " − 1))"
    ),
    source=Source("specproof", "App. C.1", "own"),
    statement=(
        r"For every lower-triangular row-stochastic $P\in\mathbb R^{T\times T}$, $T\ge2$, with $W=\frac12(P+P^\top)$"
        r" and "
        r"$L=\operatorname{diag}(W\mathbf 1)-W$: $\mu_2(L)\le\frac{T}{T-1}\cdot\frac{1-P_{TT}}2\le\frac{T}{2(T-1)}$,"
        r" strictly below "
        r"$\frac T{2(T-1)}$ when $P_{TT}>0$ (for $P=\mathbf 1e_1^\top$ at $T=2$, $\mu_2=1$: equality), and the"
        r" normalised gap "
        r"(self-loops in $D=\operatorname{diag}(W\mathbf 1)$) satisfies"
        r" $\gamma\le\frac{1-P_{TT}}{1+P_{TT}}\cdot\frac{2T}{2T-1-P_{TT}}$. "
        r"The last token's loopless degree is $(1-P_{TT})/2$ (its column of $P$ holds only $P_{TT}$), and "
        r"$x=e_T-\mathbf 1/T$ is a test vector. So $\frac12$ is a ceiling every causal operator sits under as "
        r"$T\to\infty$, not a value a composition collapses to; for the network $P_D$, $(P_D)_{TT}=\prod_\ell"
        r"\operatorname{diag}(F_\ell)_{TT}/(2+g_\ell)>0$, and at fixed depth with the gates $\to0$ it tends to "
        r"$2^{-D}$, so the ceiling tends to $(1-2^{-D})/2$ ($\frac38$, $\frac{15}{32}$)."
    ),
    checks=[causal_ceiling_coq, causal_ceiling_sympy],
    cross_checks=[causal_ceiling_exact, causal_ceiling_equality, causal_ceiling_stored_rows],
    expected=Status.PROVED,
    reason=(
        "Kernel-checked in Coq for every size (proofs/Variational.v, trsp_network_causal_ceiling and its corollary "
        "_mu2: the test vector e_T − 𝟏/T and the bound on every Rayleigh floor of L_W on 𝟏⊥); "
        "the test vector's algebra is also a sympy derivation for symbolic T and P_TT (𝟏ᵀx = 0, xᵀx = (T−1)/T, "
        "xᵀLx = L_TT = (1 − P_TT)/2, the quotient, and the gap's D-orthogonal variant); exact rational checks on "
        "random lower-triangular row-stochastic matrices and on the exact networks, the equality case at T = 2 "
        "and the stored sweep rows cross-check it."
    ),
    prose=(
        "Courant–Fischer: L is symmetric PSD with L𝟏 = 0, so μ₂(L) = λ₂(L) = min over x ⊥ 𝟏, x ≠ 0 of xᵀLx/xᵀx, and "
        "any 𝟏-orthogonal x bounds it from above (for the gap, λ₂ of the pencil (L, D) is the minimum of "
        "xᵀLx/xᵀDx over xᵀD𝟏 = 0, D𝟏 being the kernel's D-image); the last column of a lower-triangular P is "
        "P_TT·e_T, so the last token's column sum is P_TT and its degree d_T = (1 + P_TT)/2"
    ),
    uses=["trsp.network.operator"],
    tests=[f"{TESTS}::test_causal_ceiling"],
)


def _cases(rows: list[dict]) -> tuple[dict, list]:
    """Rows by T, and the (T, depth tag) cases of a sweep check (cases name the point, not the whole row)."""
    by_T = {r["x"]: r for r in rows}
    return by_T, [(T, tag) for T in by_T for tag in DEPTHS]
