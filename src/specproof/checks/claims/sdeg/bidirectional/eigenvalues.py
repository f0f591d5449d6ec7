"""SDEG §3.1 setup and the eigenvalues of A_b (Thm 2; App. C.1–C.2): entries, spike count, the
canonical decomposition, the characteristic polynomial, real eigenvalues, their profile and limit law.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import replace

import numpy as np
import scipy.linalg
import sympy as sp

from specproof.checks.claims._shared.coq_steps import REAL_CLOSED
from specproof.checks.claims._shared.coq_theorems import sdegb_eigen_limit_coq
from specproof.checks.claims._shared.sdeg_bidirectional import (
    D_BOUNDS,
    EIGEN_LOCATION,
    EIGEN_REAL_ALLOWANCE,
    EIGEN_REAL_FULL,
    EIGEN_TIE,
    EIGVALSH_B_ALLOWANCE,
    RATIO_TO_EPS,
    SECULAR_SPECTRUM,
    canonical_weight_steps,
    claim_tests,
    dense_attention,
    eigen_real_tolerance,
    law_sweep,
    sandwich_margin,
    separation_eps,
    symbolic_evidence,
)
from specproof.engine.formal import CoqHook, coq_check
from specproof.engine.methods import (
    derivation,
    float_tolerance,
    fmt,
    property_search,
    sympy_identity,
    sympy_nonnegative,
)
from specproof.engine.records import Limit, Tightness
from specproof.engine.registry import Context, Evidence, Source, Status, check, claim
from specproof.engine.strategies import score_vectors, spike_bulk_split
from specproof.theory.attention import (
    bidirectional_eigenvalues,
    canonical_weights,
    distance_to_spike_bulk_law,
    ideal_eigen_profile,
    row_softmax,
    score_singular_values,
)

# --------------------------------------------------------------------------- §3.1 setup


@check
def sdegb_entries_sympy(ctx: Context) -> Evidence:
    a, ell = sp.symbols("a ell", positive=True)
    sc = sp.Symbol("s_i", real=True)
    L, j = sp.Symbol("L", integer=True, positive=True), sp.Symbol("j", integer=True, positive=True)
    diag, off = a / (a + ell - 1), 1 / (a + ell - 1)
    # row i of softmax(Σ), Σ = diag(s): the ℓ − 1 off-diagonal scores are 0, so the normaliser is e^{s_i} + (ℓ − 1)e^0
    Z = sp.exp(sc) + sp.summation(sp.exp(0), (j, 1, L - 1))
    residuals = {
        "row normaliser Z_i = e^{s_i} + Σ_(j≠i) e^0 = a_i + ℓ − 1 (symbolic ℓ)": Z - (sp.exp(sc) + L - 1),
        "diagonal e^{s_i}/Z_i = a_i/(a_i+ℓ−1)": sp.exp(sc) / Z - diag.subs({a: sp.exp(sc), ell: L}),
        "off-diagonal e^0/Z_i = 1/(a_i+ℓ−1)": sp.exp(0) / Z - off.subs({a: sp.exp(sc), ell: L}),
        "row sums to 1": diag + (ell - 1) * off - 1,
        "diagonal/off-diagonal = a_i": diag / off - a,
    }
    return symbolic_evidence(
        "(A_b)_ii = a_i/(a_i+ℓ−1), (A_b)_ij = 1/(a_i+ℓ−1)", "symbolic ℓ, every real s_i", residuals
    )


@check
def sdegb_entries_small_exact(ctx: Context) -> Evidence:
    """The same entries from explicit symbolic matrices softmax(diag(s₁, …, s_ℓ)) at ℓ ≤ 5 (instances)."""
    residuals = {}
    for n in range(1, 6):
        s = sp.symbols(f"s1:{n + 1}", real=True)
        S = sp.diag(*s)
        for i in range(n):
            norm = sum(sp.exp(S[i, j]) for j in range(n))
            for j in range(n):
                closed = sp.exp(s[i]) / (sp.exp(s[i]) + n - 1) if i == j else 1 / (sp.exp(s[i]) + n - 1)
                residuals[f"ℓ={n} ({i + 1},{j + 1})"] = sp.exp(S[i, j]) / norm - closed
    return symbolic_evidence(
        "(A_b)_ij from explicit softmax(diag(s))",
        "explicit symbolic s for ℓ ≤ 5",
        residuals,
        status=Status.CERTIFIED,
        role="supports",
    )


@check
def sdegb_entries_transition_sympy(ctx: Context) -> Evidence:
    a, ell, u = sp.symbols("a ell u", positive=True)
    t = sp.Symbol("t", real=True)
    half = sp.solve(sp.Eq(a / (a + ell - 1), sp.Rational(1, 2)), a)
    logistic = sp.limit(ell * sp.exp(t) / (ell * sp.exp(t) + ell - 1), ell, sp.oo)
    averaging = sp.limit(ell / (ell * sp.exp(-u) + ell - 1), ell, sp.oo)
    residuals = {
        "A_ii = 1/2 exactly at a_i = ℓ − 1": half[0] - (ell - 1),
        "A_ii(s = log ℓ + t) → 1/(1+e^{−t})": logistic - 1 / (1 + sp.exp(-t)),
        "ℓ·A_ij(s = log ℓ − u) → 1/(1+e^{−u}), → 1 as u → ∞": averaging - 1 / (1 + sp.exp(-u)),
    }
    return symbolic_evidence(
        "transition at s_i = log ℓ + O(1): diagonal weight is logistic in s_i − log ℓ, rows average iff s_i − log ℓ"
        " → −∞",
        "symbolic ℓ → ∞, t ∈ ℝ, u > 0",
        residuals,
    )


@check
def sdegb_entries_float(ctx: Context) -> Evidence:
    def margin(s):
        return -float(np.max(np.abs(dense_attention(s) - row_softmax(np.diag(s)))))

    return property_search(
        score_vectors(1, 48, bound=700.0, sorted_desc=False, nonnegative=False),
        margin,
        what="log-domain SoftmaxAttention equals the generic row softmax of diag(s)",
        ctx=ctx,
        tolerance=lambda s: float_tolerance(s.size, 1.0),
        allowance=(
            "entries in [0, 1]: exp(s_i − L_i), L_i = logaddexp(s_i, log(ℓ−1)), is off by ≤ ulp(L_i)/2 ≤ 16·eps where"
            " that is not negligible (L_i < 64), scipy's row softmax by ≤ ℓ·eps: ≤ 20·eps ≤ 10·ℓ·eps (ℓ = 1 exact)"
        ),
        ranges="ℓ ≤ 48, |s_i| ≤ 700, any order",
        role="supports",
    )


claim(
    id="sdeg.setup.entries",
    title="Entries of canonical bidirectional attention and the log ℓ transition",
    source=Source("SDEG", "§3.1", "softmax(Σ) entries"),
    statement=(
        r"For $\Sigma=\operatorname{diag}(s_1,\dots,s_\ell)$ and $a_i=e^{s_i}$, $(A_b)_{ii}=\frac{a_i}{a_i+\ell-1}$ and $(A_b)_{ij}=\frac{1}{a_i+\ell-1}$ ($j\ne i$). The diagonal weight equals $\tfrac12$ exactly at $s_i=\log(\ell-1)$ and, with $s_i=\log\ell+t$, tends to $1/(1+e^{-t})$: a row averages when $s_i-\log\ell\to-\infty$ and concentrates on its diagonal when $s_i-\log\ell\to+\infty$."
    ),
    checks=[sdegb_entries_sympy, sdegb_entries_transition_sympy, sdegb_entries_float],
    cross_checks=[sdegb_entries_small_exact],
    expected=Status.PROVED,
    prose=(
        "that row i of softmax(diag(s)) has the off-diagonal scores 0 (so its normaliser is e^{s_i} + (ℓ − 1)e⁰, checked for symbolic ℓ); the regimes are read off the checked limits"
    ),
    reason=(
        "sympy for symbolic ℓ: the row normaliser e^{s_i} + (ℓ − 1), hence the diagonal a_i/(a_i+ℓ−1) and the off-diagonal 1/(a_i+ℓ−1), which sum to 1 with entry ratio a_i; symbolic limits for the transition. Explicit symbolic matrices at ℓ ≤ 5 and the log-domain operator in floating point are cross-checks"
    ),
    tests=claim_tests("test_entries_match_generic_softmax"),
)


@check
def sdegb_spike_count_minors(ctx: Context) -> Evidence:
    top = 5 if ctx.wide else 4
    shapes = [(ell, d) for ell in range(2, top + 1) for d in range(1, min(ell, 3))]
    residuals = {}
    for ell, d in shapes:
        Q = sp.Matrix(ell, d, sp.symbols(f"q0:{ell * d}"))
        K = sp.Matrix(ell, d, sp.symbols(f"k0:{ell * d}"))
        S = Q * K.T
        for rows in itertools.combinations(range(ell), d + 1):
            for cols in itertools.combinations(range(ell), d + 1):
                residuals[f"ℓ={ell}, d={d}, rows {rows}, cols {cols}"] = sp.expand(
                    S.extract(list(rows), list(cols)).det()
                )
    return symbolic_evidence(
        "rank(QKᵀ) ≤ d_qk: every (d_qk+1)-minor of QKᵀ vanishes identically (Cauchy–Binet)",
        f"all {len(shapes)} shapes 1 ≤ d_qk ≤ min(ℓ−1, 2), ℓ ≤ {top}, symbolic Q, K",
        residuals,
        status=Status.CERTIFIED,
    )


@check
def sdegb_spike_count_heads(ctx: Context) -> Evidence:
    rng = np.random.default_rng(ctx.seed)
    worst, rows = math.inf, []
    for ell in (64, 256, 1024):
        for d_qk in (1, 4, 16, 64):
            Q = rng.standard_normal((ell, d_qk)) * np.geomspace(4.0, 0.5, d_qk)
            K = rng.standard_normal((ell, d_qk))
            s = score_singular_values(Q, K)
            s = s * 3 * math.log(ell) / s[0]  # top score at 3 log ℓ: spikes exist for f = log ℓ
            rank = int(np.sum(s > float_tolerance(ell, s[0])))
            k = int(np.sum(s >= math.log(ell * math.log(ell))))
            worst = min(worst, rank - k, d_qk - rank)
            rows.append((ell, d_qk, k, rank))
    status = Status.VERIFIED if worst >= 0 else Status.REFUTED
    return Evidence(
        status,
        "float",
        f"spike count k (f = log ℓ) ≤ numerical rank ≤ d_qk on all {len(rows)} heads; "
        f"(ℓ, d_qk, k, rank) at the largest: {rows[-1]}",
        ranges="ℓ ∈ {64, 256, 1024}, d_qk ∈ {1, 4, 16, 64}, Gaussian Q, K",
        worst_margin=float(worst),
        role="supports",
        data={"rows": rows},
        counterexample=None if worst >= 0 else {"rows": rows},
    )


claim(
    id="sdeg.setup.spike-count",
    tightness=Tightness(
        "sharp",
        "k ≤ rank S ≤ d_qk (sdegb_spike_count_minors) holds with equality when all d_qk nonzero singular values of S are spikes",
        where={"k": "rank S = d_qk, every nonzero singular value above the spike threshold"},
    ),
    title="Spike count bounded by the head dimension",
    source=Source("SDEG", "§3.1", "k ≤ rank(S) ≤ d_qk"),
    statement=(
        r"If $S=QK^\top/\sqrt{d_{qk}}$ with $Q,K\in\mathbb{R}^{\ell\times d_{qk}}$, then $\operatorname{rank}S\le d_{qk}$; every spike ($e^{s_i}\ge \ell f(\ell)>1$) is a non-zero singular value, so $k\le\operatorname{rank}S\le d_{qk}$. Hence $k$ is bounded (in particular $k=o(\ell)$) for a fixed head dimension."
    ),
    checks=[sdegb_spike_count_minors, sdegb_spike_count_heads],
    expected=Status.CERTIFIED,
    reason=(
        "every (d_qk+1)-minor of QKᵀ vanishes identically (sympy, shapes ℓ ≤ 4 with d_qk ≤ 2; ℓ ≤ 5 with --wide); spikes are non-zero since s_i ≥ log(ℓf) > 0 once ℓf > 1. The statement is stronger than it reads: k ≤ d_qk is bounded, and at least ℓ − d_qk scores are exactly 0 (bulk a_i = 1). The c_ℓ → c > 0 cases of Thm 1(3), 2(3) lie outside a fixed-d_qk head"
    ),
    notes=["interpretive"],
    tests=claim_tests("test_score_singular_values_from_qr"),
)


# --------------------------------------------------------------------------- decomposition, charpoly


@check
def sdegb_decomposition_sympy(ctx: Context) -> Evidence:
    a, ell, p, c = sp.symbols("a ell p c", positive=True)
    ell_int = sp.Symbol("ell", integer=True, positive=True)  # a length, for the row products of A*
    i, j, m = sp.symbols("i j m", integer=True, positive=True)
    z = 1 / (a + ell - 1)
    d = (a - 1) / (a + ell - 1)
    residuals = {
        "diagonal d_i + z_i = a_i/(a_i+ℓ−1)": d + z - a / (a + ell - 1),
        "J + DP on the diagonal: 1/ℓ + d_i(1 − 1/ℓ) = d_i + z_i": 1 / ell + d * (1 - 1 / ell) - (d + z),
        "J + DP off the diagonal: 1/ℓ − d_i/ℓ = z_i": 1 / ell - d / ell - z,
        "a_i = 1 + p: d_i = p/(p+ℓ) ∈ [0, 1)": d.subs(a, 1 + p) - p / (p + ell),
        "1 − d_i = ℓ/(a_i+ℓ−1) > 0": 1 - d - ell / (a + ell - 1),
        "A*: spike·spike row products Σ_m δ_im δ_jm = δ_ij": (
            sp.refine(
                sp.summation(sp.KroneckerDelta(i, m) * sp.KroneckerDelta(j, m), (m, 1, ell_int)), sp.Q.le(i, ell_int)
            )
            - sp.KroneckerDelta(i, j)
        ),
        "A*: spike·bulk row product Σ_m δ_im/ℓ = 1/ℓ": (
            sp.refine(sp.summation(sp.KroneckerDelta(i, m) / ell_int, (m, 1, ell_int)), sp.Q.le(i, ell_int))
            - 1 / ell_int
        ),
        "A*: bulk·bulk row product Σ_m 1/ℓ² = 1/ℓ": sp.summation(1 / ell_int**2, (m, 1, ell_int)) - 1 / ell_int,
    }
    return symbolic_evidence(
        "A_b = D + z𝟏ᵀ = J + DP with d_i ∈ [0,1) for s_i ≥ 0, and the block Gram matrix of A*",
        "symbolic ℓ, a_i ≥ 1 (s_i ≥ 0)",
        residuals,
    )


claim(
    id="sdeg.b.decomposition",
    tightness=Tightness(
        "sharp",
        "d_i = (a_i−1)/(a_i+ℓ−1) (sdegb_decomposition_sympy) is 0 at s_i = 0 and tends to its supremum 1 as s_i → ∞",
        where={"s_i": "0 (d_i = 0)"},
        approach="d_i → 1 as s_i → ∞, 1 − d_i = ℓ/(a_i+ℓ−1)",
    ),
    title="Diagonal-plus-rank-one form of A_b and the Gram matrix of its ideal limit",
    source=Source("SDEG", "App. C.1", "Eq. (1)"),
    statement=r"$A_b=D+z\mathbf{1}^\top=J+DP$ with $J=\mathbf{1}\mathbf{1}^\top/\ell$, $P=I-J$, $d_i=\frac{a_i-1}{a_i+\ell-1}\in[0,1)$ for $s_i\ge0$ and $z_i=\frac{1}{a_i+\ell-1}$. The ideal limit $A^\star$ (rows $e_i^\top$ for $i\le k$, $\mathbf{1}^\top/\ell$ for $i>k$) has $A^\star A^{\star\top}=\begin{pmatrix}I_k&\ell^{-1}\mathbf{1}\\ \ell^{-1}\mathbf{1}&\ell^{-1}\mathbf{1}\mathbf{1}^\top\end{pmatrix}$.",
    checks=[sdegb_decomposition_sympy],
    expected=Status.PROVED,
    prose=(
        "reading the entrywise identities as matrix identities for every ℓ (D + z𝟏ᵀ and J + DP agree entry by entry; the Gram entries of A* are its three kinds of row products)"
    ),
    reason="entrywise sympy identities in symbolic ℓ and a_i, and the three kinds of row inner products of A*",
    tests=claim_tests("test_canonical_weights_rebuild_the_matrix"),
)


@check
def sdegb_charpoly_sympy(ctx: Context) -> Evidence:
    lam = sp.Symbol("lam")
    top = 6 if ctx.wide else 5
    residuals = {}
    for n in range(1, top + 1):
        d = sp.symbols(f"d1:{n + 1}")
        z = sp.symbols(f"z1:{n + 1}")
        M = lam * sp.eye(n) - sp.diag(*d) - sp.Matrix(n, 1, z) * sp.ones(1, n)
        secular = sp.prod([lam - x for x in d]) - sum(
            z[i] * sp.prod([lam - d[j] for j in range(n) if j != i]) for i in range(n)
        )
        residuals[f"ℓ={n}"] = sp.expand(M.det(method="berkowitz") - secular)
    return symbolic_evidence(
        "det(λI − D − z𝟏ᵀ) = Π(λ−d_i)(1 − Σ z_i/(λ−d_i)) as polynomials",
        f"ℓ ≤ {top}, symbolic d, z, λ",
        residuals,
        status=Status.CERTIFIED,
    )


@check
def sdegb_block_form_sympy(ctx: Context) -> Evidence:
    a, ell = sp.symbols("a ell", positive=True)
    residuals = {"d_i + ℓz_i = 1, i.e. A𝟏 = 𝟏": (a - 1) / (a + ell - 1) + ell / (a + ell - 1) - 1}
    # with A u = u and 𝟏ᵀQ = 0: uᵀAu = 1, QᵀAu = Qᵀu = 0 and QᵀAQ = QᵀDQ + (Qᵀz)(𝟏ᵀQ) = QᵀDQ
    return symbolic_evidence(
        "[u,Q]ᵀA_b[u,Q] = [[1, uᵀDQ], [0, QᵀDQ]] follows from A𝟏 = 𝟏 and 𝟏ᵀQ = 0",
        "symbolic ℓ, a_i > 0 (every ℓ)",
        residuals,
    )


def helmert_basis(n: int) -> sp.Matrix:
    """[u, Q] exactly: u = 𝟏/√n and the Helmert columns q_j = (1, …, 1, −j, 0, …)/√(j(j+1)), an orthonormal basis of
    𝟏^⊥.
    """
    cols = [sp.Matrix([1] * n) / sp.sqrt(n)]
    for j in range(1, n):
        cols.append(sp.Matrix([1] * j + [-j] + [0] * (n - j - 1)) / sp.sqrt(j * (j + 1)))
    return sp.Matrix.hstack(*cols)


@check
def sdegb_block_form_exact(ctx: Context) -> Evidence:
    """The block form as an exact matrix identity: A = D + z𝟏ᵀ with symbolic d_i and z_i = (1 − d_i)/ℓ (A𝟏 = 𝟏),
    W = [u, Q] the exact Helmert basis (WᵀW = I checked); every entry of WᵀAW − [[1, uᵀDQ], [0, QᵀDQ]] vanishes."""
    top = 6 if ctx.wide else 5
    residuals = {}
    for n in range(1, top + 1):
        d = sp.symbols(f"d1:{n + 1}")
        D = sp.diag(*d)
        A = D + sp.Matrix([(1 - di) / n for di in d]) * sp.ones(1, n)
        W = helmert_basis(n)
        u, Q = W[:, 0], W[:, 1:]
        expected = (
            sp.Matrix(
                sp.BlockMatrix([[sp.Matrix([[1]]), u.T * D * Q], [sp.zeros(n - 1, 1), Q.T * D * Q]]).as_explicit()
            )
            if n > 1
            else sp.Matrix([[1]])
        )
        residuals[f"ℓ={n}: WᵀW − I"] = sp.simplify(W.T * W - sp.eye(n))
        residuals[f"ℓ={n}: WᵀAW − block form"] = sp.simplify(W.T * A * W - expected)
    residuals = {k: 0 if v.is_zero_matrix else v for k, v in residuals.items()}
    return symbolic_evidence(
        "[u,Q]ᵀA_b[u,Q] = [[1, uᵀDQ], [0, QᵀDQ]] entrywise, with A𝟏 = 𝟏 built in and Q exact",
        f"ℓ ≤ {top}, symbolic d_i (z_i = (1 − d_i)/ℓ)",
        residuals,
        status=Status.CERTIFIED,
    )


@check
def sdegb_block_form_float(ctx: Context) -> Evidence:
    def margin(s):
        A = dense_attention(s)
        n = s.size
        u = np.full((n, 1), 1 / math.sqrt(n))
        Q = scipy.linalg.null_space(u.T)
        W = np.hstack([u, Q])
        B = W.T @ A @ W
        d, _ = canonical_weights(s)
        return -max(
            abs(B[0, 0] - 1),
            float(np.max(np.abs(B[1:, 0]), initial=0.0)),
            float(np.max(np.abs(B[1:, 1:] - Q.T @ np.diag(d) @ Q), initial=0.0)),
        )

    return property_search(
        score_vectors(1, 40, nonnegative=False),
        margin,
        ctx=ctx,
        what="[u,Q]ᵀA[u,Q] = [[1, uᵀDQ], [0, QᵀDQ]] with Q from scipy null_space",
        tolerance=lambda s: float_tolerance(s.size, math.sqrt(s.size)),
        allowance=(
            "entries of WᵀAW and QᵀDQ within 2ℓ·eps·‖A‖₂ and 2ℓ·eps·max|d_i| (two products, unit columns, "
            "A ≥ 0) plus null_space's O(ℓ·eps) loss of orthonormality; ‖A‖₂ ≤ ‖A‖_F ≤ √ℓ"
        ),
        ranges="ℓ ≤ 40, |s_i| ≤ 30",
        role="supports",
    )


B_CHARPOLY = CoqHook(
    "sdeg_b_charpoly",
    "Bidirectional",
    "forall (F : fieldType) (l : nat) (a : 'I_l -> F), let A := bidirectional_attention a in let d := canonical_d a in"
    " let z := canonical_z a in [/\\ char_poly A = \\prod_i ('X - (d i)%:P) - \\sum_i (z i)%:P * \\prod_(j | j != i)"
    " ('X - (d j)%:P), forall lam : F, (forall i : 'I_l, lam != d i) -> \\det (lam%:M - A) = \\prod_i (lam - d i) * (1"
    " - \\sum_i z i / (lam - d i)) & (forall i : 'I_l, a i + l.-1%:R != 0) -> forall (m : nat) (Q : 'M_(l, m)) (c : F),"
    " c ^+ 2 * l%:R = 1 -> const_mx 1 *m Q = 0 -> let u := c *: const_mx 1 in let D := diag_mx (\\row_i d i) in (row_mx"
    " u Q)^T *m A *m row_mx u Q = block_mx 1%:M (u^T *m D *m Q) 0 (Q^T *m D *m Q)]",
)
sdegb_charpoly_coq = coq_check(
    "sdegb_charpoly_coq",
    B_CHARPOLY,
    what=(
        "char_poly A_b = Π(X−d_i) − Σ_i z_i Π_{j≠i}(X−d_j); det(λI − A_b) = Π(λ−d_i)(1 − Σ z_i/(λ−d_i)) "
        "for λ ∉ {d_i}; [u,Q]ᵀA_b[u,Q] = [[1, uᵀDQ], [0, QᵀDQ]] for u = c𝟏, c²ℓ = 1, 𝟏ᵀQ = 0 "
        "(MathComp, any field; A_b = D + z𝟏ᵀ and A_b𝟏 = 𝟏 proved from the softmax entries)"
    ),
    ranges="every ℓ, every a with a_i + ℓ − 1 ≠ 0 (a_i = e^{s_i} > 0)",
    covers={
        "sdeg_b_charpoly": (
            "det(λI − A_b) = Π(λ − d_i)(1 − Σ z_i/(λ − d_i)), and the block form [u,Q]ᵀA_b[u,Q] for u = c𝟏 with"
            " c²ℓ = 1 (u = 𝟏/√ℓ) and every Q with 𝟏ᵀQ = 0 (an orthonormal basis of 𝟏^⊥ is one), over every field"
        )
    },
    constants=[
        (r"1-\sum_i\frac{z_i}{\lambda-d_i}", "(1 - \\sum_i z i / (lam - d i))"),
        (r"\begin{pmatrix}1", "block_mx 1%:M"),
    ],
)


claim(
    id="sdeg.b.charpoly",
    title="Characteristic polynomial by the matrix determinant lemma; block triangular form",
    source=Source("SDEG", "App. C.2", "proof of Thm 2"),
    statement=r"$\det(\lambda I-A_b)=\prod_{i}(\lambda-d_i)\Bigl(1-\sum_i\frac{z_i}{\lambda-d_i}\Bigr)$, and with $u=\mathbf{1}/\sqrt\ell$ and $Q$ an orthonormal basis of $\mathbf{1}^\perp$, $[u,Q]^\top A_b[u,Q]=\begin{pmatrix}1&u^\top DQ\\0&Q^\top DQ\end{pmatrix}$.",
    checks=[sdegb_charpoly_coq, sdegb_block_form_sympy],
    cross_checks=[sdegb_charpoly_sympy, sdegb_block_form_exact, sdegb_block_form_float],
    expected=Status.PROVED,
    prose=(
        "that u = 𝟏/√ℓ and an orthonormal basis Q of 𝟏^⊥ are an instance of the Coq theorem's u = c𝟏 with c²ℓ = 1 and 𝟏ᵀQ = 0"
    ),
    reason=(
        "kernel-checked in Coq for every ℓ (proofs/Bidirectional.v, MathComp): A_b = D + z𝟏ᵀ from the softmax entries, the matrix determinant lemma det(M + uvᵀ)·det M = (det M + vᵀ adj(M) u)·det M by a block factorisation, the adjugate of X·I − D, the secular form off the d_i, and the block form from A_b𝟏 = 𝟏 and 𝟏ᵀQ = 0. Sympy also checks d_i + ℓz_i = 1 for symbolic ℓ; the exact identities at ℓ ≤ 5 (6 with --wide) and the float search with scipy's Q are cross-checks. Coq models u = c𝟏 with c²ℓ = 1 (c = 1/√ℓ) and any Q with 𝟏ᵀQ = 0 (orthonormality is not used)"
    ),
    tests=claim_tests("test_charpoly_matches_numpy"),
)


CLOSED_FORM = CoqHook(
    "sdeg_b_charpoly_closed_form",
    "Secular",
    "forall (F : fieldType) (l : nat) (a : 'I_l -> F), l%:R != 0 -> (forall i : 'I_l, a i + l.-1%:R != 0) -> l%:R *:"
    " char_poly (bidirectional_attention a) = ('X - 1) * (\\prod_i ('X - (canonical_d a i)%:P))^`()",
)
CLOSED_FORM_GENERAL = CoqHook(
    "char_poly_closed_form",
    "Secular",
    "forall (F : fieldType) (l : nat) (d z : 'I_l -> F), l%:R != 0 -> (forall i : 'I_l, z i = (1 - d i) / l%:R) -> l%:R"
    " *: char_poly (diag_plus_rank_one d z) = ('X - 1) * (\\prod_i ('X - (d i)%:P))^`()",
)
sdegb_closed_form_coq = coq_check(
    "sdegb_closed_form_coq",
    CLOSED_FORM,
    CLOSED_FORM_GENERAL,
    what=(
        "ℓ·char_poly(A_b) = (X − 1)·p′(X), p = Π(X − d_i), for D + z𝟏ᵀ with z_i = (1 − d_i)/ℓ "
        "and so for A_b (MathComp, any field with ℓ ≠ 0)"
    ),
    ranges="every ℓ, every a with a_i + ℓ − 1 ≠ 0",
    covers={
        "sdeg_b_charpoly_closed_form": "det(λI − A_b) = (λ − 1)p′(λ)/ℓ, over every field with ℓ ≠ 0",
        "char_poly_closed_form": "since z_i = (1 − d_i)/ℓ: the same for every D + z𝟏ᵀ with those z_i",
    },
    constants=[
        (r"(\lambda-1)\,p'(\lambda)/\ell", "('X - 1) * (\\prod_i ('X - (canonical_d a i)%:P))^`()"),
        (r"z_i=(1-d_i)/\ell", "z i = (1 - d i) / l%:R"),
    ],
)
sdegb_closed_form_rolle_coq = coq_check(
    "sdegb_closed_form_rolle_coq",
    SECULAR_SPECTRUM,
    EIGEN_REAL_FULL,
    EIGEN_LOCATION,
    EIGEN_TIE,
    D_BOUNDS,
    what=(
        "for sorted d, p′ = ℓ·Π(X − t_j) with d_(j+1) ≤ t_j ≤ d_j (strictly inside a strict gap, t_j = d_j at a tie:"
        " Rolle and the multiplicities of p's repeated roots), so char_poly(A_b) = (X − 1)Π(X − t_j) for every real"
        " score vector; every eigenvalue is 1 or in [min d, max d]; a tied value is an eigenvalue; −1/(ℓ − 1) < d_i < 1"
        " (MathComp, any real closed field)"
    ),
    ranges="every ℓ, every real score vector (a_i = e^{s_i} > 0), sorted or not",
    covers={
        "secular_spectrum": "by Rolle: p′ has one root in every gap of the sorted d_i, and a tie keeps a root of p′",
        "sdeg_b_eigen_real": (
            "for every ℓ and every real score vector: the spectrum is real, λ_1 = 1, d_j ≤ λ_j ≤ d_{j−1} (char_poly(A_b)"
            " = (X − 1)Π(X − t_j), t nonincreasing, t_j < 1: the roots counted with multiplicity are the eigenvalues)"
        ),
        "sdeg_b_tie_eigenvalue": "a tie d_j = d_{j−1} forces λ_j = d_j (a tied value is an eigenvalue)",
        "sdeg_b_eigen_location": "every eigenvalue is ≥ min_i d_i (it is 1 or between two d_i)",
        "canonical_d_bounds": "min_i d_i > −1/(ℓ − 1)",
    },
    steps=[REAL_CLOSED],
    constants=[(r"-1/(\ell-1)", "- l.-1%:R^-1")],
)


@check
def sdegb_closed_form_sympy(ctx: Context) -> Evidence:
    """z_i/(λ − d_i) = 1/ℓ + (1 − λ)/(ℓ(λ − d_i)) when z_i = (1 − d_i)/ℓ: the secular sum is (1 − λ)/ℓ·p′/p + 1."""
    lam, d, ell = sp.symbols("lambda d ell", positive=True)
    return sympy_identity(
        ((1 - d) / ell) / (lam - d),
        1 / ell + (1 - lam) / (ell * (lam - d)),
        what="z_i/(λ − d_i) = 1/ℓ + (1 − λ)/(ℓ(λ − d_i)) with z_i = (1 − d_i)/ℓ",
        ranges="symbolic λ, d_i, ℓ (every term of the secular sum)",
    )


claim(
    id="sdeg.b.charpoly.closed-form",
    tightness=Tightness(
        "sharp",
        "both interlacing sides are attained: a tie d_j = d_{j−1} forces λ_j = d_j (the statement, sdegb_closed_form_sympy), and λ₁ = 1; the floor min_i d_i > −1/(ℓ−1) is approached as a score tends to −∞",
        where={"d_j": "d_{j−1} (a tie): λ_j = d_j"},
    ),
    title="det(λI − A_b) = (λ − 1)p′(λ)/ℓ: the spectrum interlaces the d_i for every real score vector",
    source=Source("specproof", "App. C.2", "own"),
    statement=r"With $p(\lambda)=\prod_i(\lambda-d_i)$, $\det(\lambda I-A_b)=(\lambda-1)\,p'(\lambda)/\ell$, since $z_i=(1-d_i)/\ell$ makes $\frac{z_i}{\lambda-d_i}=\frac1\ell+\frac{1-\lambda}{\ell(\lambda-d_i)}$. By Rolle, for every $\ell$ and every real score vector (sorted $d_1\ge\dots\ge d_\ell$): the spectrum is real, $\lambda_1=1$, $d_j\le\lambda_j\le d_{j-1}$ ($2\le j\le\ell$), a tie $d_j=d_{j-1}$ forces $\lambda_j=d_j$, and every eigenvalue is $\ge\min_i d_i>-1/(\ell-1)$.",
    checks=[sdegb_closed_form_coq, sdegb_closed_form_rolle_coq, sdegb_closed_form_sympy],
    expected=Status.PROVED,
    prose=(
        "ℝ is a real closed field, so the Coq theorems over every real closed field apply to it; and the factorisation char_poly(A_b) = (X − 1)Π_j(X − t_j) with t nonincreasing and t_0 < 1 lists the eigenvalues with their multiplicities, so λ_1 = 1 and λ_(j+2) = t_j"
    ),
    reason=(
        "A referee's identity, kernel-checked in Coq for every ℓ (proofs/Secular.v): ℓ·char_poly(A_b) = (X − 1)·p′(X); the derivative of a product of linear factors whose roots are sorted has one root in every strict gap (Rolle) and keeps a repeated root with one multiplicity less, which accounts for all ℓ − 1 roots of p′, so the whole spectrum is real and interlaces the d_i, for any real scores, sorted or not, negative included. Sympy checks the termwise identity behind it. It raises the signed-score and tie parts of sdeg.b.eigen-real.hypotheses.real-scores, which were only searched."
    ),
    uses=["sdeg.b.charpoly", "sdeg.b.decomposition"],
    tests=claim_tests("test_charpoly_matches_numpy"),
)


# --------------------------------------------------------------------------- Theorem 2


def _eigen_real_margin(s) -> float:
    re = bidirectional_eigenvalues(s)  # real by the similarity to D + √z√zᵀ (sdegb_eigen_similarity_sympy)
    d, _ = canonical_weights(s)
    d = np.sort(d)[::-1]
    parts = [re[-1], 1 - re[0], -abs(re[0] - 1)]
    if s.size > 1:
        parts += [float(np.min(re[1:] - d[1:])), float(np.min(d[:-1] - re[1:]))]
    return min(parts)


@check
def sdegb_eigen_real_property(ctx: Context) -> Evidence:
    return property_search(
        score_vectors(1, 48),
        _eigen_real_margin,
        ctx=ctx,
        tolerance=eigen_real_tolerance,
        allowance=EIGEN_REAL_ALLOWANCE,
        what="eigenvalues of A_b (from the symmetric D + √z√zᵀ) in [0,1], λ₁ = 1, d_j ≤ λ_j ≤ d_{j−1}",
        ranges="ℓ ≤ 48, 30 ≥ s₁ ≥ … ≥ s_ℓ ≥ 0",
        pinned=(np.zeros(1), np.zeros(5), np.array([30.0, 30.0, 0.0]), np.full(8, 30.0)),
    )


@check
def sdegb_eigen_similarity_sympy(ctx: Context) -> Evidence:
    d, z, zj = sp.symbols("d z z_j", positive=True)
    residuals = {
        "diagonal: z_i^{-1/2}(d_i + z_i)z_i^{1/2} = d_i + (√z_i)²": (
            z ** sp.Rational(-1, 2) * (d + z) * sp.sqrt(z) - (d + sp.sqrt(z) ** 2)
        ),
        "off-diagonal: z_i^{-1/2} z_i z_j^{1/2} = √z_i √z_j": (
            z ** sp.Rational(-1, 2) * z * sp.sqrt(zj) - sp.sqrt(z) * sp.sqrt(zj)
        ),
    }
    ev = symbolic_evidence(
        "diag(z)^{-1/2} A_b diag(z)^{1/2} = D + √z√zᵀ, a symmetric matrix: the spectrum is real for every ℓ",
        "symbolic d_i, z_i > 0 (every ℓ: the identity is entrywise)",
        residuals,
    )
    return ev


@check
def sdegb_eigen_weights_sympy(ctx: Context) -> Evidence:
    return derivation(
        canonical_weight_steps(),
        what="the weights of A_b = D + z𝟏ᵀ for s ≥ 0: d ≥ 0, sorted with s, z > 0, A_b𝟏 = 𝟏",
        ranges="every ℓ ≥ 1, every a_i ≥ 1",
    )


sdegb_rolle_coq = coq_check(
    "sdegb_rolle_coq",
    EIGEN_REAL_FULL,
    what=(
        "char_poly(A_b) = (X − 1)Π(X − t_j) with s_(j+1) ≤ t_j ≤ s_j for the sorted d (s), t_j < 1, and t_j ≥ 0 when"
        " every a_i ≥ 1 (MathComp, any real closed field; Rolle on the closed form of sdeg.b.charpoly.closed-form)"
    ),
    ranges="every ℓ, every real score vector (a_i = e^{s_i} > 0)",
    covers={
        "sdeg_b_eigen_real": (
            "for every ℓ and s ≥ 0 (a_i = e^{s_i} ≥ 1): real eigenvalues in [0, 1], λ_1 = 1 and d_j ≤ λ_j ≤ d_{j−1} for"
            " j ≥ 2 (λ_(j+2) = t_j: the roots of char_poly(A_b) counted with multiplicity are its eigenvalues)"
        )
    },
    steps=[REAL_CLOSED],
)


claim(
    id="sdeg.b.eigen-real",
    tightness=Tightness(
        "sharp",
        "λ₁ = 1 always; equal scores give A_b = dI + (1−d)J with λ_j = d = d_{j−1} = d_j for j ≥ 2 (the tie case of sdeg.b.charpoly.closed-form), so both interlacing sides are equalities",
        where={"scores": "all equal, s_i = b"},
    ),
    title="Real spectrum in [0,1] with λ₁ = 1, interlacing the d_i",
    source=Source("SDEG", "§3.2", "Thm 2(1)"),
    statement=(
        r"For every $\ell$ and scores $s_1\ge\dots\ge s_\ell\ge0$, the eigenvalues of $A_b$ are real, lie in $[0,1]$, $\lambda_1(A_b)=1$, and $d_j\le\lambda_j(A_b)\le d_{j-1}$ for $2\le j\le\ell$."
    ),
    checks=[sdegb_rolle_coq, sdegb_eigen_similarity_sympy, sdegb_eigen_weights_sympy],
    cross_checks=[sdegb_eigen_real_property],
    expected=Status.PROVED,
    prose=(
        "ℝ is a real closed field (the Coq theorem applies to it), and the factorisation (X − 1)Π(X − t_j) with t nonincreasing, t_0 < 1 and 0 ≤ t_j for a_i ≥ 1 (s ≥ 0) lists the eigenvalues: λ_1 = 1, λ_(j+2) = t_j ∈ [d_(j+2), d_(j+1)] ⊂ [0, 1]. The route of the paper, kept as a second argument: D + √z√zᵀ is symmetric, so the spectrum is real; Weyl's interlacing for a positive semidefinite rank-one update (Horn & Johnson, Matrix Analysis, Cor. 4.3.9) gives d_j = λ_j(D) ≤ λ_j(D + √z√zᵀ) ≤ λ_(j−1)(D) = d_(j−1) for j ≥ 2; A_b𝟏 = 𝟏 makes 1 an eigenvalue and |λ| ≤ ‖A_b‖_∞ = 1 (nonnegative rows summing to 1) bounds every other, so λ_1 = 1; and λ_ℓ ≥ d_ℓ ≥ 0"
    ),
    reason=(
        "For every ℓ, kernel-checked in Coq (proofs/Secular.v, through the closed form of sdeg.b.charpoly.closed-form): char_poly(A_b) = (X − 1)Π(X − t_j) with d_(j+1) ≤ t_j ≤ d_j for sorted d, t_j < 1, and t_j ≥ 0 when every a_i ≥ 1: real, in [0, 1], λ_1 = 1, interlacing. The paper's route is checked too: Sympy: A_b is diagonally similar to the symmetric D + √z√zᵀ (entrywise, so every ℓ), and for s ≥ 0 the weights satisfy d_i ≥ 0, d increasing in a_i (sorted scores give sorted d), z_i > 0 and d_i + ℓz_i = 1 (A_b𝟏 = 𝟏). Argued in prose: realness from the symmetric similar matrix, the interlacing d_j ≤ λ_j ≤ d_(j−1) from Weyl's theorem for a positive semidefinite rank-one update, λ_1 = 1 from A_b𝟏 = 𝟏 and ‖A_b‖_∞ = 1, and λ_ℓ ≥ d_ℓ ≥ 0. The property search on eigvalsh of the symmetric reduction is a cross-check."
    ),
    notes=["reconstructed"],
    lost=(
        "the display after 'For 2 ≤ i ≤ ℓ, they satisfy' is missing; restored as d_i ≤ λ_i ≤ d_{i−1} from the interlacing display that survives in App. D.1"
    ),
    uses=["sdeg.b.decomposition", "sdeg.b.charpoly", "sdeg.b.charpoly.closed-form"],
    tests=claim_tests("test_eigenvalues_by_reduction_match_dense"),
)


@check
def sdegb_eigen_profile_ideal(ctx: Context) -> Evidence:
    lam = sp.Symbol("lam")
    residuals, counted = {}, []
    for ell in range(1, 8):
        for k in range(ell + 1):
            A = sp.Matrix(ell, ell, lambda i, j: (1 if i == j else 0) if i < k else sp.Rational(1, ell))
            poly = A.charpoly(lam)
            ideal = (lam - 1) ** k * (1 if k == ell else (lam - sp.Rational(ell - k, ell)) * lam ** (ell - k - 1))
            residuals[f"ℓ={ell}, k={k}"] = sp.expand(poly.as_expr() - ideal)
            roots = sp.roots(poly.as_expr(), lam)  # the multiplicities, counted: 1 (k or k+1 times at k = ℓ−1, …), 0
            counted.append(
                {
                    "ell": ell,
                    "k": k,
                    "ones": int(roots.get(sp.Integer(1), 0)),
                    "zeros": int(roots.get(sp.Integer(0), 0)),
                }
            )
    ev = symbolic_evidence(
        "charpoly(A*) = (λ−1)^k (λ−(1−k/ℓ)) λ^{ℓ−k−1}: ideal profile 1 (k), 1−c_ℓ, 0 (ℓ−k−1)",
        "all 0 ≤ k ≤ ℓ ≤ 7, exact rationals",
        residuals,
        status=Status.CERTIFIED,
    )
    # the multiplicities the statement counts: 1 k times (and once more at k = 0, where 1 − c = 1), 0 ℓ − k − 1 times
    expected = [
        {"ell": ell, "k": k, "ones": (k + (k == 0)) if k < ell else ell, "zeros": (ell - k - 1) if k < ell else 0}
        for ell in range(1, 8)
        for k in range(ell + 1)
    ]
    if counted != expected:
        return Evidence(
            Status.REFUTED,
            "sympy",
            "the multiplicities of 1 and 0 differ from the profile's counts",
            ranges=ev.ranges,
            role="supports",
            counterexample={"counted": counted, "expected": expected},
        )
    ev = replace(
        ev,
        summary=ev.summary
        + f"; the multiplicities of 1 and 0 counted from the roots match k and ℓ − k − 1 in all {len(counted)} cases",
    )
    return replace(ev, data={**ev.data, "count": counted, "expected_count": expected})


def _profile_ratio(pair) -> float:
    s, k = pair
    return float(np.max(np.abs(bidirectional_eigenvalues(s) - ideal_eigen_profile(k, s.size)))) / separation_eps(s, k)


@check
def sdegb_eigen_profile_property(ctx: Context) -> Evidence:
    ev = property_search(
        spike_bulk_split(),
        lambda p: 1.0 - _profile_ratio(p),
        ctx=ctx,
        tolerance=lambda p: float_tolerance(p[0].size, 2.0) / separation_eps(*p),
        allowance=EIGVALSH_B_ALLOWANCE + RATIO_TO_EPS,
        what="max_i |λ_i(A_b) − λ_i(A*)| ≤ ε_ℓ (margin 1 − ratio)",
        ranges="ℓ ≤ 48, spike/bulk margins log f, log g ∈ [0, 12] and unseparated splits, s ≥ 0",
    )
    if ev.worst_margin is not None:
        ev = replace(ev, sharpest=f"max_i|λ_i − λ_i*|/ε_ℓ ≤ {fmt(1.0 - ev.worst_margin)} observed")
    return ev


@check
def sdegb_eigen_sandwich_property(ctx: Context) -> Evidence:
    return property_search(
        spike_bulk_split(),
        sandwich_margin,
        ctx=ctx,
        tolerance=lambda p: float_tolerance(p[0].size, 2.0),
        allowance=EIGVALSH_B_ALLOWANCE,
        what="(1−c_ℓ)d_k + c_ℓd_ℓ ≤ λ_{k+1}(A_b) ≤ (1−c_ℓ)d₁ + c_ℓd_{k+1}",
        ranges="1 ≤ k < ℓ ≤ 48, separated and unseparated, s ≥ 0",
    )


IDEAL_PROFILE = CoqHook(
    "sdeg_b_ideal_profile",
    "IdealProfile",
    "forall (F : fieldType) (k n : nat), char_poly (ideal_attention F k n) = ('X - 1) ^+ k * 'X^n * ('X - (n.+1%:R / (k"
    " + n.+1)%:R)%:P) /\\ ((k + n.+1)%:R != 0 -> n.+1%:R / (k + n.+1)%:R = 1 - k%:R / (k + n.+1)%:R)",
)
PROFILE_BOUND = CoqHook(
    "sdeg_b_eigen_profile",
    "Secular",
    "forall (R : rcfType) (n : nat) (a : 'I_n.+1 -> R) (S0 : {set 'I_n.+1}) (f g : R), (forall i : 'I_n.+1, 0 < a i) ->"
    " 0 < f -> 0 < g -> (forall i : ordinal_finType n.+1, i \\in S0 -> n.+1%:R * f <= a i) -> (forall i :"
    " ordinal_finType n.+1, i \\notin S0 -> a i <= n.+1%:R / g) -> let k := #|S0| in let c := k%:R / n.+1%:R in exists"
    " t : nat -> R, [/\\ char_poly (bidirectional_attention a) = ('X - 1) * \\prod_(j < n) ('X - (t j)%:P), forall j :"
    " nat, (j.+1 < n)%N -> t j.+1 <= t j, forall j : nat, (j.+1 < k)%N -> 1 - t j <= f^-1, forall j : nat, (k <= j <"
    " n)%N -> t j <= g^-1 & (0 < k <= n)%N -> [/\\ (1 - c) * (1 - f^-1) - c / n%:R <= t k.-1, t k.-1 <= 1 - c + c / g &"
    " (forall i : 'I_n.+1, 1 <= a i) -> `|t k.-1 - (1 - c)| <= Num.max f^-1 g^-1]]",
)
SPIKE_WEIGHT = CoqHook(
    "spike_weight_bound",
    "Secular",
    "forall (R : realFieldType) (l : nat) (a : 'I_l -> R) (i : 'I_l) (f : R), 0 < a i -> 0 < f -> l%:R * f <= a i -> 1"
    " - canonical_d a i <= f^-1",
)
BULK_WEIGHT = CoqHook(
    "bulk_weight_bound",
    "Secular",
    "forall (R : realFieldType) (l : nat) (a : 'I_l -> R) (i : 'I_l) (g : R), 0 < a i -> 0 < g -> a i <= l%:R / g ->"
    " canonical_d a i <= g^-1",
)
sdegb_eigen_profile_coq = coq_check(
    "sdegb_eigen_profile_coq",
    IDEAL_PROFILE,
    PROFILE_BOUND,
    SPIKE_WEIGHT,
    BULK_WEIGHT,
    what=(
        "char_poly A* = (X − 1)^k X^(ℓ−k−1) (X − (ℓ−k)/ℓ) and (ℓ−k)/ℓ = 1 − k/ℓ for the ideal limit "
        "(spike rows e_i, bulk rows 𝟏ᵀ/ℓ; MathComp, any field with ℓ ≠ 0; A* = D* + z*𝟏ᵀ proved); and for "
        "A_b with spikes a_i ≥ ℓf and bulk a_i ≤ ℓ/g: char_poly(A_b) = (X − 1)Π(X − t_j), t nonincreasing, "
        "1 − t_j ≤ 1/f for the spike roots, t_j ≤ 1/g for the bulk roots, and |t_(k−1) − (1 − c)| ≤ "
        "max(1/f, 1/g) for s ≥ 0 (the λ_(k+1) sandwich from the secular equation; any real closed field)"
    ),
    ranges="every ℓ and 0 ≤ k < ℓ (k = ℓ: A* = I)",
    covers={
        "sdeg_b_ideal_profile": "the ideal limit has eigenvalues 1 (k times), 1 − c_ℓ, 0 (ℓ − k − 1 times), 0 ≤ k < ℓ",
        "sdeg_b_eigen_profile": (
            "for s ≥ 0 sorted: spikes 1 − λ_i ≤ 1/f, bulk λ_i ≤ 1/g (i ≥ k + 2), the λ_(k+1) sandwich for 1 ≤ k < ℓ,"
            " and |λ_(k+1) − (1 − c_ℓ)| ≤ ε_ℓ, so max_i |λ_i(A_b) − λ_i(A*)| ≤ ε_ℓ = max(1/f, 1/g) (k = ℓ: A* = I and"
            " every λ_i is a spike)"
        ),
        "spike_weight_bound": "a spike's weight: 1 − d_i ≤ 1/f",
        "bulk_weight_bound": "a bulk token's weight: d_i ≤ 1/g",
    },
    steps=[REAL_CLOSED],
    constants=[(r"1-\lambda_i\le 1/f", "1 - t j <= f^-1"), (r"\lambda_i\le 1/g", "t j <= g^-1")],
)


@check
def sdegb_eigen_profile_proof(ctx: Context) -> Evidence:
    """The profile for every ℓ and k: the ideal characteristic polynomial from the secular form (Coq, sdeg.b.charpoly)
    with d* = (1^k, 0^(ℓ−k)), z* = (0^k, (1/ℓ)^(ℓ−k)); the spike and bulk bounds from the interlacing of
    sdeg.b.eigen-real; the λ_(k+1) sandwich from Courant–Fischer on the compression QᵀDQ with two explicit subspaces."""
    X = sp.Symbol("X", positive=True)
    k, ell = sp.symbols("k ell", integer=True, positive=True)
    u, m, w, p, q, t, r = sp.symbols("u m w p q t r", nonnegative=True)
    a, n = 1 + u, 1 + m  # a_i ≥ 1 (s ≥ 0), ℓ ≥ 1
    d = (a - 1) / (a + n - 1)
    steps = [
        sympy_identity(
            sp.powsimp(sp.expand((X - 1) ** k * X ** (ell - k) - (ell - k) / ell * (X - 1) ** k * X ** (ell - k - 1))),
            sp.powsimp(sp.expand((X - 1) ** k * X ** (ell - k - 1) * (X - (1 - k / ell)))),
            what=(
                "ideal: Π(X − d*_i) − Σ z*_i Π_(j≠i)(X − d*_j) = (X−1)^k X^(ℓ−k) − (ℓ−k)/ℓ·(X−1)^k X^(ℓ−k−1) "
                "= (X−1)^k X^(ℓ−k−1)(X − (1 − k/ℓ)), symbolic k < ℓ"
            ),
        ),
        sympy_nonnegative(n / a - (1 - d), [u, m], what="spikes: 1 − d_i = ℓ/(a_i+ℓ−1) ≤ ℓ/a_i ≤ 1/f"),
        sympy_nonnegative(a / n - d, [u, m], what="bulk: d_i ≤ a_i/ℓ ≤ 1/g"),
        sympy_identity(
            (t / (1 - t)) / (1 + t / (1 - t)),
            t,
            what=(
                "weights: with c = k/ℓ, k/(ℓ−k) / (1 + k/(ℓ−k)) = c (bulk weight of the lower subspace) and "
                "1/(1 + k/(ℓ−k)) = 1 − c (spike weight of the upper one)"
            ),
        ),
        sympy_identity(1 / (1 + t / (1 - t)), 1 - t, what="and 1/(1 + c/(1−c)) = 1 − c"),
        sympy_nonnegative(
            sp.diff(r / (1 + r), r), [r], what="the weight s/(1+s) is increasing in the ratio s it is bounded through"
        ),
        sympy_nonnegative(
            ((1 - w) * (q + r) + w * r) - ((1 - (w + p)) * (q + r) + (w + p) * r),
            [w, p, q, r],
            what="lower: (1−w)d_k + w d_ℓ ≥ (1−c)d_k + c d_ℓ when w ≤ c and d_k ≥ d_ℓ (c = w + p, d_k = d_ℓ + q)",
        ),
        sympy_nonnegative(
            ((w + p) * (q + r) + (1 - w - p) * r) - (w * (q + r) + (1 - w) * r),
            [w, p, q, r],
            what="upper: w d_1 + (1−w)d_(k+1) ≤ (1−c)d_1 + c d_(k+1) when w ≤ 1 − c and d_1 ≥ d_(k+1)",
        ),
    ]
    return derivation(
        steps,
        what="ideal profile, spike/bulk bounds and the λ_(k+1) sandwich",
        ranges="every ℓ, 0 ≤ k ≤ ℓ, s ≥ 0 sorted",
    )


claim(
    id="sdeg.b.eigen-profile",
    tightness=Tightness(
        "sharp",
        "max_i|λ_i(A_b) − λ_i(A*)| over ε_ℓ reaches 1 − 2·10⁻⁵ in the property search (its margin 1 − ratio is "
        "1.7·10⁻⁵), and the λ_(k+1) sandwich is met to rounding there (margin −8·10⁻¹⁶); the spike step "
        "1 − d_i = ℓ/(a_i + ℓ − 1) ≤ 1/f is approached as f → ∞ (at a_i = ℓf the ratio is f/(f + 1 − 1/ℓ))",
        ratio=1.0,
        approach="ratio → 1 in the search's separated examples",
        ranges="the property searches: ℓ ≤ 48, log f, log g ∈ [0, 12] and unseparated splits, s ≥ 0",
    ),
    title="Eigenvalue profile: within ε_ℓ of 1 (k times), 1 − c_ℓ, 0",
    source=Source("SDEG", "§3.2", "Thm 2(2)"),
    statement=(
        r"The ideal limit has eigenvalues $1$ ($k$ times), $1-c_\ell$, $0$ ($\ell-k-1$ times). For $s\ge0$ sorted, $\max_i|\lambda_i(A_b)-\lambda_i(A^\star)|\le\varepsilon_\ell=\max(f^{-1},g^{-1})$: spikes $1-\lambda_i\le 1/f$, bulk $\lambda_i\le 1/g$ ($i\ge k+2$), and for $1\le k<\ell$ $(1-c_\ell)d_k+c_\ell d_\ell\le\lambda_{k+1}(A_b)\le(1-c_\ell)d_1+c_\ell d_{k+1}$."
    ),
    checks=[sdegb_eigen_profile_coq, sdegb_eigen_profile_proof],
    cross_checks=[sdegb_eigen_profile_ideal, sdegb_eigen_profile_property, sdegb_eigen_sandwich_property],
    expected=Status.PROVED,
    prose=(
        "k = ℓ (A* = I, outside the Coq theorems) is immediate; ℝ is a real closed field; reading λ_(j+2) = t_j off the factorisation (t nonincreasing, t_0 < 1). The earlier prose route, now machine-checked in Coq, is kept for the reader: spikes and bulk from d_j ≤ λ_j ≤ d_(j−1) (sdeg.b.eigen-real) with d sorted; by the block form (sdeg.b.charpoly) λ_(j+1)(A_b) = λ_j(QᵀDQ) (its eigenvalues are ≤ d_1 < 1); Courant–Fischer on 𝟏^⊥ with W = {(y, −(𝟏ᵀy/(ℓ−k))𝟏)} (dimension k, bulk weight ≤ c by Cauchy–Schwarz) for the lower side and W = {(t𝟏_k, v) : 𝟏ᵀv = −kt} (dimension ℓ−k, spike weight ≤ 1−c) for the upper; the Rayleigh quotient of D is a weighted average of the d_i; finally (1−c)d_1 + c d_(k+1) ≤ 1 − c + c/g and (1−c)d_k + c d_ℓ ≥ (1−c)(1 − 1/f) give |λ_(k+1) − (1−c)| ≤ ε_ℓ"
    ),
    reason=(
        "For every ℓ and k, kernel-checked in Coq (proofs/Secular.v): the spectrum factorises as (X − 1)Π(X − t_j), spike roots within 1/f of 1 and bulk roots below 1/g from the interlacing and the weight bounds, and |λ_(k+1) − (1 − c_ℓ)| ≤ ε_ℓ from the secular equation Σ 1/(λ − d_i) = 0 split into spikes and bulk (no Courant–Fischer needed). The ideal characteristic polynomial is kernel-checked in Coq for every k < ℓ (proofs/IdealProfile.v: A* = D* + z*𝟏ᵀ and the secular form of sdeg.b.charpoly) and also checked by sympy in symbolic k, ℓ. Sympy checks the spike bound 1 − d_i ≤ 1/f and the bulk bound d_i ≤ 1/g, and the weight and weighted-average inequalities of the sandwich. Argued in prose: the spike and bulk eigenvalues follow from the interlacing of sdeg.b.eigen-real; λ_(k+1) is the k-th eigenvalue of the compression QᵀDQ (block form), bounded by Courant–Fischer with two explicit subspaces of 𝟏^⊥ on which the bulk weight is at most c_ℓ (lower side) and the spike weight at most 1 − c_ℓ (upper side). The exact ideal polynomials at ℓ ≤ 7 and the property searches over separated and unseparated scores are cross-checks."
    ),
    notes=["reconstructed"],
    lost=(
        "the asymptotic display of Thm 2(2) ('As ℓ → ∞, the spike and bulk eigenvalues satisfy …') is missing; restored as the non-asymptotic ε_ℓ profile that follows from Thm 2(1) and the λ_{k+1} sandwich of App. C.2"
    ),
    uses=["sdeg.b.eigen-real", "sdeg.b.charpoly", "sdeg.b.charpoly.closed-form"],
    tests=claim_tests("test_ideal_profiles"),
)


@check
def sdegb_eigen_law_property(ctx: Context) -> Evidence:
    def margin(pair):
        s, k = pair
        ell = s.size
        bound = separation_eps(s, k) + (1 - k / ell) / ell
        return bound - distance_to_spike_bulk_law(bidirectional_eigenvalues(s), k / ell)

    return property_search(
        spike_bulk_split(),
        margin,
        ctx=ctx,
        tolerance=lambda p: float_tolerance(p[0].size, 2.0),
        allowance=EIGVALSH_B_ALLOWANCE + "; W₁ moves by at most the largest eigenvalue error",
        what="W₁(μ^eig(A_b), c_ℓδ₁+(1−c_ℓ)δ₀) ≤ ε_ℓ + (1−c_ℓ)/ℓ",
        ranges="0 ≤ k ≤ ℓ ≤ 48, separated and unseparated, s ≥ 0",
    )


@check
def sdegb_eigen_law_sweep(ctx: Context) -> Evidence:
    return law_sweep(ctx, bidirectional_eigenvalues, "W₁(μ^eig(A_b), cδ₁+(1−c)δ₀) → 0 at rate Θ(c/f(ℓ))")


@check
def sdegb_eigen_law_proof(ctx: Context) -> Evidence:
    """W₁(μ^eig(A_b), c_ℓδ₁ + (1−c_ℓ)δ₀) ≤ ε_ℓ + (1−c_ℓ)/ℓ by the coupling λ_i(A_b) ↔ t_i, t = (1^k, 0^(ℓ−k))."""
    k, n = sp.symbols("k n", nonnegative=True)  # n = ℓ − k
    c, cl = sp.symbols("c c_ell", nonnegative=True)
    L = k + n
    steps = [
        sympy_identity(
            (0 * k + (1 - k / L) + 0 * (n - 1)) / L,
            (1 - k / L) / L,
            what=(
                "sorted cost of the ideal list (1^k, 1 − c, 0^(ℓ−k−1)) against (1^k, 0^(ℓ−k)): only position k + 1 "
                "differs, by 1 − c, so the mean cost is (1 − c_ℓ)/ℓ (k = ℓ: 0; k = 0: (1, 0, …) against δ₀, 1/ℓ)"
            ),
        ),
        sympy_identity(
            sp.Abs(cl - c) * 1,
            sp.Abs(cl - c),
            what="W₁(c_ℓδ₁ + (1−c_ℓ)δ₀, cδ₁ + (1−c)δ₀) ≤ |c_ℓ − c| (move mass |c_ℓ − c| by distance 1) → 0",
        ),
    ]
    return derivation(
        steps,
        what="(1/ℓ)Σ_i|λ_i(A_b) − t_i| ≤ max_i|λ_i(A_b) − λ_i(A*)| + (1 − c_ℓ)/ℓ ≤ ε_ℓ + (1 − c_ℓ)/ℓ",
        ranges="every ℓ, 0 ≤ k ≤ ℓ, sorted s ≥ 0 (ε_ℓ = max(1/f, 1/g) from the scores)",
    )


claim(
    id="sdeg.b.eigen-limit",
    tightness=Tightness(
        "sharp",
        "W₁(μ^eig(A_b), c_ℓδ₁ + (1 − c_ℓ)δ₀) comes within 2·10⁻⁸ of ε_ℓ + (1 − c_ℓ)/ℓ in the property search; the "
        "(1 − c_ℓ)/ℓ term is exact for the ideal limit A* (only position k + 1 differs, by 1 − c_ℓ)",
        ratio=1.0,
        approach="attained by A* itself for the (1 − c_ℓ)/ℓ term; the ε_ℓ term approached in the search",
        ranges="the property search: 0 ≤ k ≤ ℓ ≤ 48, separated and unseparated, s ≥ 0",
    ),
    limit=Limit(
        "closed-form",
        "the weak limit is the claim's own: W₁ → 0; the sweep reads W₁·log ℓ between 0.154 and 0.281 over "
        "ℓ = 64…65536 (c = 1/4, f = log ℓ), still drifting (−0.03 per loglog unit), so the constant of the c/f(ℓ) "
        "rate is not extrapolated",
        quantity="W₁(μ^eig(A_b), cδ₁ + (1 − c)δ₀)",
        value="0",
        numeric=0.0,
        approach="like c/f(ℓ)",
        ranges="sweep ℓ = 64…65536",
    ),
    figure="figures/spike-bulk-histograms.png",
    title="Empirical eigenvalue law → cδ₁ + (1−c)δ₀",
    source=Source("SDEG", "§3.2", "Thm 2(3)"),
    statement=(
        r"If $c_\ell=k/\ell\to c\in[0,1]$ under spectral separation, $\mu^{\mathrm{eig}}_{A_b}=\ell^{-1}\sum_i\delta_{\lambda_i(A_b)}\Rightarrow c\delta_1+(1-c)\delta_0$; quantitatively $W_1(\mu^{\mathrm{eig}}_{A_b},c_\ell\delta_1+(1-c_\ell)\delta_0)\le\varepsilon_\ell+(1-c_\ell)/\ell$."
    ),
    checks=[sdegb_eigen_limit_coq, sdegb_eigen_law_proof],
    cross_checks=[sdegb_eigen_law_property, sdegb_eigen_law_sweep],
    expected=Status.PROVED,
    prose=(
        "the spectrum is real and sorted (sdeg.b.eigen-real); W₁ is the infimum of the transport cost over couplings (Villani, Optimal Transport: Old and New (2009), Def. 6.1), and the matching λ_i(A_b) ↔ t_i of the two sorted lists is a coupling; |λ_i(A_b) − t_i| ≤ |λ_i(A_b) − λ_i(A*)| + |λ_i(A*) − t_i| with max_i|λ_i(A_b) − λ_i(A*)| ≤ ε_ℓ (sdeg.b.eigen-profile, every ℓ and k) and the checked cost (1 − c_ℓ)/ℓ of the ideal list; the weak limit: the triangle inequality for W₁ and W₁ convergence of laws on [0, 1] implies weak convergence (Villani 2009, Thm 6.9)"
    ),
    reason=(
        "Kernel-checked in Coq for every ℓ and 0 ≤ k ≤ ℓ (proofs/SpikeBulk.v, any real closed field): for s ≥ 0 under spectral separation, char_poly A_b = (X − 1)Π(X − t_j) with t_j ∈ [0, 1] nonincreasing, and the sorted eigenvalues are matched with the atoms (1^k, 0^(ℓ−k)) at cost ≤ ε_ℓ + (1 − c_ℓ)/ℓ; W₁ as an infimum over couplings and its metrisation of weak convergence are cited. Machine-checked (sympy): the sorted cost (1 − c_ℓ)/ℓ of the ideal eigenvalue list against the atoms (1^k, 0^(ℓ−k)) and |c_ℓ − c| between the two-atom laws. The ideal-to-actual step is sdeg.b.eigen-profile (Coq, every ℓ); W₁ as an infimum over couplings and its metrisation of weak convergence are cited. The property search and the sweep (c = 1/4, f = log ℓ, bounded bulk: W₁ = Θ(1/log ℓ) → 0, faster and slower rates ruled out) are cross-checks"
    ),
    uses=["sdeg.b.eigen-profile", "sdeg.b.eigen-real"],
)
