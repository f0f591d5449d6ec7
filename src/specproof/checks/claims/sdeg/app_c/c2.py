"""SDEG App. C.2: Proof of Theorem 2.

The section's claims in the paper's order, each stated before the checks that decide it; the project's own claims (1:
corrections, sharpenings, hypotheses, measurements) follow the claim they qualify.
"""

from __future__ import annotations

import math

import numpy as np
import scipy.linalg
import sympy as sp

from specproof.checks.claims._shared.coq_steps import REAL_CLOSED
from specproof.checks.claims._shared.sdeg_bidirectional import (
    D_BOUNDS,
    EIGEN_LOCATION,
    EIGEN_REAL_FULL,
    EIGEN_TIE,
    SECULAR_SPECTRUM,
    claim_tests,
    dense_attention,
    symbolic_evidence,
)
from specproof.engine.formal import CoqHook, coq_check
from specproof.engine.methods import (
    float_tolerance,
    property_search,
    sympy_identity,
)
from specproof.engine.records import Tightness
from specproof.engine.registry import Context, Evidence, Role, Source, Status, claim
from specproof.engine.strategies import score_vectors
from specproof.theory.attention import (
    canonical_weights,
)

charpoly = claim(
    "sdeg.b.charpoly",
    title="Characteristic polynomial by the matrix determinant lemma; block triangular form",
    source=Source("SDEG", "App. C.2", "proof of Thm 2"),
    statement=r"$\det(\lambda I-A_b)=\prod_{i}(\lambda-d_i)\Bigl(1-\sum_i\frac{z_i}{\lambda-d_i}\Bigr)$, and with $u=\mathbf{1}/\sqrt\ell$ and $Q$ an orthonormal basis of $\mathbf{1}^\perp$, $[u,Q]^\top A_b[u,Q]=\begin{pmatrix}1&u^\top DQ\\0&Q^\top DQ\end{pmatrix}$.",
    expected=Status.PROVED,
    reason="kernel-checked in Coq for every ℓ (proofs/Bidirectional.v, MathComp): A_b = D + z𝟏ᵀ from the softmax entries, the matrix determinant lemma det(M + uvᵀ)·det M = (det M + vᵀ adj(M) u)·det M by a block factorisation, the adjugate of X·I − D, the secular form off the d_i, and the block form from A_b𝟏 = 𝟏 and 𝟏ᵀQ = 0. Sympy also checks d_i + ℓz_i = 1 for symbolic ℓ; the exact identities at ℓ ≤ 5 (6 with --wide) and the float search with scipy's Q are cross-checks. Coq models u = c𝟏 with c²ℓ = 1 (c = 1/√ℓ) and any Q with 𝟏ᵀQ = 0 (orthonormality is not used)",
    prose="that u = 𝟏/√ℓ and an orthonormal basis Q of 𝟏^⊥ are an instance of the Coq theorem's u = c𝟏 with c²ℓ = 1 and 𝟏ᵀQ = 0",
    tests=claim_tests("test_charpoly_matches_numpy"),
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

charpoly.decides(sdegb_charpoly_coq)


@charpoly.decides
def sdegb_block_form_sympy(ctx: Context) -> Evidence:
    a, ell = sp.symbols("a ell", positive=True)
    residuals = {"d_i + ℓz_i = 1, i.e. A𝟏 = 𝟏": (a - 1) / (a + ell - 1) + ell / (a + ell - 1) - 1}
    # with A u = u and 𝟏ᵀQ = 0: uᵀAu = 1, QᵀAu = Qᵀu = 0 and QᵀAQ = QᵀDQ + (Qᵀz)(𝟏ᵀQ) = QᵀDQ
    return symbolic_evidence(
        "[u,Q]ᵀA_b[u,Q] = [[1, uᵀDQ], [0, QᵀDQ]] follows from A𝟏 = 𝟏 and 𝟏ᵀQ = 0",
        "symbolic ℓ, a_i > 0 (every ℓ)",
        residuals,
    )


@charpoly.supports
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


def helmert_basis(n: int) -> sp.Matrix:
    """[u, Q] exactly: u = 𝟏/√n and the Helmert columns q_j = (1, …, 1, −j, 0, …)/√(j(j+1)), an orthonormal basis of
    𝟏^⊥.
    """
    cols = [sp.Matrix([1] * n) / sp.sqrt(n)]
    for j in range(1, n):
        cols.append(sp.Matrix([1] * j + [-j] + [0] * (n - j - 1)) / sp.sqrt(j * (j + 1)))
    return sp.Matrix.hstack(*cols)


@charpoly.supports
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


@charpoly.supports
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
        role=Role.SUPPORTS,
    )


closed_form = claim(
    "sdeg.b.charpoly.closed-form",
    title="det(λI − A_b) = (λ − 1)p′(λ)/ℓ: the spectrum interlaces the d_i for every real score vector",
    source=Source("specproof", "App. C.2", "own"),
    statement=r"With $p(\lambda)=\prod_i(\lambda-d_i)$, $\det(\lambda I-A_b)=(\lambda-1)\,p'(\lambda)/\ell$, since $z_i=(1-d_i)/\ell$ makes $\frac{z_i}{\lambda-d_i}=\frac1\ell+\frac{1-\lambda}{\ell(\lambda-d_i)}$. By Rolle, for every $\ell$ and every real score vector (sorted $d_1\ge\dots\ge d_\ell$): the spectrum is real, $\lambda_1=1$, $d_j\le\lambda_j\le d_{j-1}$ ($2\le j\le\ell$), a tie $d_j=d_{j-1}$ forces $\lambda_j=d_j$, and every eigenvalue is $\ge\min_i d_i>-1/(\ell-1)$.",
    uses=["sdeg.b.charpoly", "sdeg.b.decomposition"],
    expected=Status.PROVED,
    reason="A referee's identity, kernel-checked in Coq for every ℓ (proofs/Secular.v): ℓ·char_poly(A_b) = (X − 1)·p′(X); the derivative of a product of linear factors whose roots are sorted has one root in every strict gap (Rolle) and keeps a repeated root with one multiplicity less, which accounts for all ℓ − 1 roots of p′, so the whole spectrum is real and interlaces the d_i, for any real scores, sorted or not, negative included. Sympy checks the termwise identity behind it. It raises the signed-score and tie parts of sdeg.b.eigen-real.hypotheses.real-scores, which were only searched.",
    prose="ℝ is a real closed field, so the Coq theorems over every real closed field apply to it; and the factorisation char_poly(A_b) = (X − 1)Π_j(X − t_j) with t nonincreasing and t_0 < 1 lists the eigenvalues with their multiplicities, so λ_1 = 1 and λ_(j+2) = t_j",
    tightness=Tightness(
        "sharp",
        "both interlacing sides are attained: a tie d_j = d_{j−1} forces λ_j = d_j (the statement, sdegb_closed_form_sympy), and λ₁ = 1; the floor min_i d_i > −1/(ℓ−1) is approached as a score tends to −∞",
        where={"d_j": "d_{j−1} (a tie): λ_j = d_j"},
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

closed_form.decides(sdegb_closed_form_coq)


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

closed_form.decides(sdegb_closed_form_rolle_coq)


@closed_form.decides
def sdegb_closed_form_sympy(ctx: Context) -> Evidence:
    """z_i/(λ − d_i) = 1/ℓ + (1 − λ)/(ℓ(λ − d_i)) when z_i = (1 − d_i)/ℓ: the secular sum is (1 − λ)/ℓ·p′/p + 1."""
    lam, d, ell = sp.symbols("lambda d ell", positive=True)
    return sympy_identity(
        ((1 - d) / ell) / (lam - d),
        1 / ell + (1 - lam) / (ell * (lam - d)),
        what="z_i/(λ − d_i) = 1/ℓ + (1 − λ)/(ℓ(λ − d_i)) with z_i = (1 − d_i)/ℓ",
        ranges="symbolic λ, d_i, ℓ (every term of the secular sum)",
    )
