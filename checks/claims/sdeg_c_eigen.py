"""SDEG causal attention: eigenvalues (Thm 3; App. C.3), universal singular-value bounds (§3.3),
the Cesàro representation, row norms and block interlacing (App. C.4, D.2).
"""

from __future__ import annotations

import math
from dataclasses import replace

import numpy as np
import sympy as sp

from specproof.checks import strategies as sst
from specproof.checks.claims.sdeg_c_common import (
    F_,
    attention,
    b_,
    causal_lambda,
    ell_,
    i_,
    j_,
    k_,
    limit_evidence,
    m_,
    u_,
    v_,
    w_,
)
from specproof.checks.formal import CoqHook, coq_check
from specproof.checks.methods import (
    EPS,
    combine,
    derivation,
    float_tolerance,
    fmt,
    property_search,
    sympy_identity,
    sympy_nonnegative,
)
from specproof.checks.registry import Context, Evidence, Source, Status, check, claim
from specproof.theory.attention import row_softmax
from specproof.theory.cesaro import causal_eigenvalues

CAUSAL_SETUP = (
    r"Scores $s_1 \ge \dots \ge s_\ell \ge 0$, $a_i = e^{s_i}$; $A_c = \mathrm{softmax}(\Sigma + M)$ has "
    r"$(A_c)_{ii} = a_i/(a_i+i-1)$ and $(A_c)_{ij} = z_i = 1/(a_i+i-1)$ for $j < i$."
)


# =========================================================================== Thm 3: eigenvalues


def eigen_order_certificate() -> Evidence:
    # a_{i+1} = b, i = 1 + m and a_i·i = b(i−1) + v with v ≥ 0: exactly the condition a_{i+1}(i−1) ≤ a_i·i
    # (which sorted scores, a_{i+1} ≤ a_i, satisfy)
    v = sp.Symbol("v", nonnegative=True)
    return sympy_nonnegative(
        causal_lambda((b_ * m_ + v) / (1 + m_), 1 + m_) - causal_lambda(b_, 2 + m_),
        [b_, v, m_],
        what="λ_i − λ_{i+1} ≥ 0 whenever a_{i+1}(i−1) ≤ a_i·i (numerator v·i, v = a_i·i − a_{i+1}(i−1))",
    )


@check
def c_eigen_triangular_sympy(ctx: Context) -> Evidence:
    """Thm 3: A_c is lower triangular, so its eigenvalues are its diagonal entries a_i/(a_i+i−1)."""
    steps = []
    s = sp.Symbol("s", real=True)
    steps.append(
        sympy_identity(
            sp.exp(s) / (sp.exp(s) + sp.summation(1, (j_, 1, i_ - 1))),
            causal_lambda(sp.exp(s), i_),
            what="row i of softmax(Σ+M): e^{s_i}/(e^{s_i} + Σ_{j<i} e^0) = a_i/(a_i+i−1)",
        )
    )
    steps.append(eigen_order_certificate())
    return derivation(
        steps,
        what="the diagonal entries of A_c, in decreasing order for sorted scores",
        ranges="every ℓ and every real score vector; the order wherever a_{i+1}(i−1) ≤ a_i·i (so for sorted scores)",
    )


@check
def c_eigen_charpoly_small_exact(ctx: Context) -> Evidence:
    """det(λI − A_c) = Π(λ − a_i/(a_i+i−1)) for symbolic scores at ℓ ≤ 5: finite instances of the Coq theorem."""
    steps = []
    for ell in (2, 3, 4, 5):
        a = sp.symbols(f"a1:{ell + 1}", positive=True)
        A = sp.Matrix(ell, ell, lambda r, col: (a[r] if r == col else 1) / (a[r] + r) if col <= r else 0)
        lam = sp.Symbol("lambda")
        steps.append(
            sympy_identity(
                (lam * sp.eye(ell) - A).det(),
                sp.prod([lam - causal_lambda(a[r], r + 1) for r in range(ell)]),
                what=f"ℓ = {ell}",
            )
        )
    ev = combine(
        steps,
        what="det(λI − A_c) = Π(λ − a_i/(a_i+i−1)) for symbolic a_i",
        method="sympy",
        ranges="ℓ in {2, 3, 4, 5}, symbolic scores (finite instances: a cross-check, not a proof step)",
        role="supports",
    )
    return replace(ev, status=Status.CERTIFIED) if ev.status is Status.PROVED else ev


@check
def c_eigen_float_crosscheck(ctx: Context) -> Evidence:
    """The implementation: A_c built by SoftmaxAttention is lower triangular with the closed-form diagonal."""

    def margin(s):
        A = attention(s)
        reference = row_softmax(np.diag(s), causal=True)  # the general masked row softmax, an independent code path
        return -max(
            np.abs(np.triu(A, 1)).max(initial=0.0),
            np.abs(np.diag(A) - causal_eigenvalues(s)).max(),
            np.abs(np.diag(A) - np.diag(reference)).max(),
        )

    return property_search(
        sst.score_vectors(1, 48, sorted_desc=False, nonnegative=False),
        margin,
        ctx=ctx,
        tolerance=64 * EPS,
        allowance=(
            "diagonal exp(s_i − L_i), L_i = logaddexp(s_i, log(i−1)), |L_i| < 32: within ulp(L_i)/2 + eps ≤ 9·eps "
            "(the closed form is the same code); the masked row softmax sums ≤ 48 terms: ≤ 48·eps; 57·eps ≤ 64·eps"
        ),
        what="dense A_c upper part 0, diagonal = closed form = general row softmax",
        ranges="ℓ ≤ 48, unsorted real scores in [−30, 30]",
        role="supports",
    )


C_EIGEN_CHARPOLY = CoqHook(
    "sdeg_c_eigen_charpoly",
    "Causal",
    "forall (F : fieldType) (l : nat) (a : 'I_l -> F), char_poly (causal_attention a) = \\prod_(i < l) ('X - (a i / (a"
    " i + i%:R))%:P)",
)
C_EIGEN = CoqHook(
    "sdeg_c_eigen",
    "Causal",
    "forall (F : fieldType) (l : nat) (a : 'I_l -> F) (lambda : F), eigenvalue (causal_attention a) lambda <-> (exists"
    " i : 'I_l, lambda = a i / (a i + i%:R))",
)
c_eigen_coq = coq_check(
    "c_eigen_coq",
    C_EIGEN_CHARPOLY,
    C_EIGEN,
    what=(
        "char_poly A_c = ∏_i (X − a_i/(a_i+i−1)) over any field (MathComp), with multiplicities; and the "
        "eigenvalues are exactly these diagonal entries"
    ),
    ranges="every ℓ ≥ 1",
)


claim(
    id="sdeg.c.eigen",
    title="Causal eigenvalues in closed form",
    source=Source("SDEG", "§3.3", "Thm 3"),
    statement=CAUSAL_SETUP + r" Then $\lambda_i(A_c) = a_i/(a_i+i-1)$, $i = 1, \dots, \ell$, and for sorted scores "
    r"these are in decreasing order, so $\lambda_i$ is also the $i$-th largest eigenvalue.",
    checks=[c_eigen_coq, c_eigen_triangular_sympy],
    cross_checks=[c_eigen_charpoly_small_exact, c_eigen_float_crosscheck],
    expected=Status.PROVED,
    prose=(
        "the ordering for sorted scores chains the checked sign certificate over consecutive i; the eigenvalues"
        " themselves are the Coq theorem"
    ),
    reason=(
        "Kernel-checked in Coq for every ℓ (proofs/Causal.v): A_c is lower triangular, so char_poly A_c = Π(X −"
        " a_i/(a_i+i−1)) with multiplicities, and the eigenvalues are exactly these entries. Sympy proves the diagonal"
        " entry of the masked softmax for symbolic i and the ordering by a sign certificate (it needs only a_{i+1}(i−1)"
        " ≤ a_i·i). The determinants for symbolic scores at ℓ ≤ 5 and the float search are cross-checks. Hypotheses:"
        " sdeg.c.eigen.hypotheses."
    ),
    notes=["reconstructed"],
    lost=(
        "The statement of Thm 3 around the surviving formula: its hypotheses and whether λ_i is indexed by token or by"
        " size. Reconstructed: for every real score vector the eigenvalues are a_i/(a_i+i−1); sorted scores order them."
    ),
    tests=[
        "tests/test_sdeg_causal.py::test_causal_eigenvalues_are_the_diagonal",
        "tests/test_sdeg_causal.py::test_unsorted_scores_reorder_the_eigenvalues",
    ],
)


# --------------------------------------------------------------------------- eigen-profile


def profile_terms(lam: np.ndarray, scores: np.ndarray, k: int) -> tuple[float, float, float]:
    """(LHS, paper's RHS, proved RHS) of ℓ⁻¹Σ(λ_i − 1_{i≤k})² ≤ k³/(ℓ³f²) + 3/g with the tightest f, g."""
    ell = lam.size
    target = (np.arange(ell) < k).astype(float)
    lhs = float(np.mean((lam - target) ** 2))
    spike = k**3 * math.exp(-2 * float(scores[:k].min())) / ell if k else 0.0  # k³/(ℓ³f²), ℓf = min spike a_i
    inv_g = math.exp(float(scores[k:].max())) / ell if k < ell else 0.0  # 1/g = max bulk a_i / ℓ
    return lhs, spike + 3 * inv_g, spike / 3 + 2 * inv_g


@check
def c_eigen_profile_derivation(ctx: Context) -> Evidence:
    """C.3: ℓ⁻¹Σ(λ_i − 1_{i≤k})² ≤ k³/(3ℓ³f²) + 2/g, which implies the paper's k³/(ℓ³f²) + 3/g."""
    # F = ℓ·f ≤ a_i for the spikes, b = ℓ/g ≥ a_i for the bulk
    steps = [
        sympy_nonnegative(
            m_ / F_ - m_ / (F_ + u_ + m_),
            [F_, u_, m_],
            what="spike i ≤ k: 1 − λ_i = (i−1)/(a_i+i−1) ≤ (i−1)/(ℓf) for a_i = ℓf + u",
        ),
        sympy_identity(
            sp.summation((j_ - 1) ** 2, (j_, 1, k_)),
            (k_ - 1) * k_ * (2 * k_ - 1) / 6,
            what="Σ_{i≤k}(i−1)² = (k−1)k(2k−1)/6",
        ),
        sympy_nonnegative((1 + m_) ** 3 / 3 - m_ * (1 + m_) * (1 + 2 * m_) / 6, [m_], what="(k−1)k(2k−1)/6 ≤ k³/3"),
        sympy_nonnegative(
            causal_lambda(b_ + v_, 1 + m_) - causal_lambda(b_, 1 + m_),
            [b_, v_, m_],
            what="bulk i > k: λ_i ≤ b/(b+i−1) for a_i ≤ b = ℓ/g",
        ),
        sympy_nonnegative(
            b_**2 / ((b_ + w_) * (b_ + w_ + 1)) - b_**2 / (b_ + w_ + 1) ** 2,
            [b_, w_],
            what="(b/(b+m))² ≤ b²/((b+m−1)(b+m)) for m ≥ 1",
        ),
        sympy_identity(
            b_**2 / ((b_ + w_) * (b_ + w_ + 1)),
            b_**2 * (1 / (b_ + w_) - 1 / (b_ + w_ + 1)),
            what="telescoping: Σ_{m≥1} b²/((b+m−1)(b+m)) = b, so Σ_{m≥0}(b/(b+m))² ≤ 1 + b",
        ),
        sympy_nonnegative(
            2 * (1 + w_) - (1 + (1 + w_)), [w_], what="(1 + b)/ℓ ≤ 2b/ℓ = 2/g when b ≥ 1 (nonnegative bulk scores)"
        ),
    ]
    return derivation(
        steps,
        what="ℓ⁻¹Σ(λ_i − 1_{i≤k})² ≤ k³/(3ℓ³f²) + 2/g ≤ k³/(ℓ³f²) + 3/g",
        ranges="every ℓ, 0 ≤ k ≤ ℓ, sorted nonnegative scores with a_i ≥ ℓf (i ≤ k), a_i ≤ ℓ/g (i > k)",
    )


PROFILE_ALLOWANCE = (
    "LHS: mean of ℓ squares of values in [−1, 1]; each λ_i = exp(s_i − L_i) within 9·eps (|L_i| < 32), each "
    "square within 18·eps, the mean within 18·eps + ℓ·eps ≤ 10·ℓ·eps (ℓ ≥ 2; ℓ = 1 exact)"
)


@check
def c_eigen_profile_search(ctx: Context) -> Evidence:
    """Float cross-check of the profile bound over spike–bulk score vectors; records how tight it is."""
    ratios = {"paper": 0.0, "proved": 0.0}

    def margin(value):
        s, k = value
        lhs, paper, proved = profile_terms(causal_eigenvalues(s), s, k)
        ratios["paper"] = max(ratios["paper"], lhs / paper)
        ratios["proved"] = max(ratios["proved"], lhs / proved)
        return paper - lhs

    ev = property_search(
        sst.spike_bulk_split(48),
        margin,
        ctx=ctx,
        examples=300,
        tolerance=lambda value: float_tolerance(value[0].size, 1.0),
        allowance=PROFILE_ALLOWANCE,
        what="profile bound with the tightest f, g",
        ranges="ℓ ≤ 48, sorted nonnegative scores, any split k",
        role="supports",
    )
    ev = replace(
        ev,
        sharpest=(
            f"max LHS/RHS = {fmt(ratios['paper'])} for the paper's bound, {fmt(ratios['proved'])} for k³/(3ℓ³f²) + 2/g"
        ),
    )
    return ev


claim(
    id="sdeg.c.eigen-profile",
    title="Causal eigenvalue profile converges to the spike indicator",
    source=Source("SDEG", "App. C.3", "Thm 3"),
    statement=CAUSAL_SETUP
    + r" With spikes $a_i \ge \ell f(\ell)$ ($i \le k$) and bulk $a_i \le \ell/g(\ell)$ ($i > k$): "
    r"$\frac1\ell\sum_{i=1}^\ell (\lambda_i(A_c) - \mathbf 1_{\{i\le k\}})^2 \le \frac{k^3}{\ell^3 f(\ell)^2} +"
    r" \frac{3}{g(\ell)}$.",
    checks=[c_eigen_profile_derivation, c_eigen_profile_search],
    expected=Status.PROVED,
    prose="summing the checked per-index bounds over the spikes and the bulk into the profile bound",
    reason=(
        "A sympy-checked argument proves the sharper k³/(3ℓ³f²) + 2/g for every ℓ, k, f, g; the search finds the"
        " paper's bound at most 54% used (loose by the constants 3 and 3/2). Hypotheses:"
        " sdeg.c.eigen-profile.hypotheses."
    ),
    uses=["sdeg.c.eigen"],
    notes=["loose"],
    tests=["tests/test_sdeg_causal.py::test_profile_bound_and_its_counterexamples"],
)


# --------------------------------------------------------------------------- eigen-harmonic


@check
def c_eigen_harmonic_sympy(ctx: Context) -> Evidence:
    """C.3: 1 ≤ a_i ≤ C ⇒ 1/i ≤ λ_i ≤ C/i; and a_i = √ℓ (k = 0) gives λ_ℓ ≍ ℓ^{−1/2}."""
    a, i, C = 1 + u_, 1 + m_, 1 + u_ + v_
    lam_ell = sp.sqrt(ell_) / (sp.sqrt(ell_) + ell_ - 1)
    steps = [
        sympy_nonnegative(i * causal_lambda(a, i) - 1, [u_, m_], what="i·λ_i ≥ 1 for a_i = 1 + u"),
        sympy_nonnegative(C / i - causal_lambda(a, i), [u_, v_, m_], what="λ_i ≤ C/i for a_i ≤ C = a_i + v"),
        limit_evidence(lam_ell * sp.sqrt(ell_), ell_, sp.Integer(1), what="a_i = √ℓ: √ℓ·λ_ℓ → 1"),
        limit_evidence(lam_ell * ell_, ell_, sp.oo, what="ℓ·λ_ℓ → ∞, so no C bounds λ_ℓ ≤ C/ℓ"),
        limit_evidence(
            sp.sqrt(ell_) / ell_, ell_, sp.Integer(0), what="the example is separated: a_i = √ℓ = ℓ/g with g = √ℓ → ∞"
        ),
    ]
    return derivation(
        steps,
        what="harmonic eigenvalue bounds and the unbounded-bulk example",
        ranges="every i ≥ 1, 1 ≤ a_i ≤ C; the example for ℓ → ∞",
    )


EIGEN_HARMONIC = CoqHook(
    "sdeg_c_eigen_harmonic",
    "CausalRows",
    "forall (R : realFieldType) (l : nat) (a : 'I_l -> R) (C : R), (forall i : 'I_l, 1 <= a i <= C) -> forall lambda :"
    " R, eigenvalue (causal_attention a) lambda -> exists i : 'I_l, lambda = a i / (a i + i%:R) /\\ i.+1%:R^-1 <="
    " lambda <= C / i.+1%:R",
)
c_eigen_harmonic_coq = coq_check(
    "c_eigen_harmonic_coq",
    EIGEN_HARMONIC,
    what=(
        "every eigenvalue of A_c with 1 ≤ a_i ≤ C is some a_i/(a_i+i−1) ∈ [1/i, C/i] (MathComp, "
        "with sdeg.c.eigen's characteristic polynomial)"
    ),
    ranges="every ℓ, every 1 ≤ a ≤ C",
)


claim(
    id="sdeg.c.eigen-harmonic",
    figure="figures/causal-harmonic.png",
    title="Harmonic decay of bulk eigenvalues needs bounded scores",
    source=Source("SDEG", "App. C.3", "Thm 3"),
    statement=r"If $1 \le a_i \le C$ then $1/i \le \lambda_i(A_c) \le C/i$. Without a bounded bulk this fails: for "
    r"$k = 0$, $a_i = \sqrt\ell$ (separated, $g(\ell) = \sqrt\ell$), $\lambda_\ell(A_c) = \sqrt\ell/(\sqrt\ell+\ell-1) "
    r"\asymp \ell^{-1/2}$.",
    checks=[c_eigen_harmonic_coq, c_eigen_harmonic_sympy],
    expected=Status.PROVED,
    prose=(
        "writing 1 ≤ a_i ≤ C as a = 1 + u, C = a + v (u, v ≥ 0) for the sign certificates; the example's order read off"
        " the checked limit"
    ),
    reason=(
        "Sign certificates for both bounds and sympy limits for the example. Hypotheses: "
        "sdeg.c.eigen-harmonic.hypotheses."
    ),
    uses=["sdeg.c.eigen"],
    tests=["tests/test_sdeg_causal.py::test_harmonic_eigenvalue_bounds"],
)
