"""SDEG causal attention: eigenvalues (Thm 3; App. C.3), universal singular-value bounds (§3.3),
the Cesàro representation, row norms and block interlacing (App. C.4, D.2).
"""

from __future__ import annotations

import functools
from dataclasses import replace

import numpy as np
import sympy as sp

from specproof.checks.claims._shared.coq_theorems import c_eigen_full_coq, c_eigen_harmonic_full_coq
from specproof.checks.claims._shared.sdeg_causal import (
    F_,
    PROFILE_ALLOWANCE,
    SQRT5,
    U_,
    V_,
    attention,
    b_,
    block_interlace_margin,
    c_interlace_block_proof,
    causal_lambda,
    cesaro_sizes,
    cesaro_spectrum,
    eigen_order_certificate,
    ell_,
    hardy_steps,
    i_,
    j_,
    k_,
    limit_evidence,
    m_,
    matrix_identity,
    n_,
    profile_terms,
    sv_extremes,
    svdvals,
    th_,
    u_,
    v_,
    w_,
    y_,
    yp_,
)
from specproof.engine import strategies as sst
from specproof.engine.formal import CoqHook, Step, coq_check
from specproof.engine.methods import (
    EPS,
    combine,
    derivation,
    float_tolerance,
    fmt,
    property_search,
    sympy_identity,
    sympy_nonnegative,
)
from specproof.engine.records import Limit, Tightness
from specproof.engine.registry import Context, Evidence, Source, Status, check, claim
from specproof.theory.attention import row_softmax
from specproof.theory.cesaro import causal_cesaro_factors, causal_eigenvalues, causal_row_norms_sq
from specproof.theory.operators import Cesaro

CAUSAL_SETUP = (
    r"Scores $s_1 \ge \dots \ge s_\ell \ge 0$, $a_i = e^{s_i}$; $A_c = \mathrm{softmax}(\Sigma + M)$ has "
    r"$(A_c)_{ii} = a_i/(a_i+i-1)$ and $(A_c)_{ij} = z_i = 1/(a_i+i-1)$ for $j < i$."
)


# =========================================================================== Thm 3: eigenvalues


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


claim(
    id="sdeg.c.eigen",
    tightness=Tightness(
        "unmeasurable",
        "the inequality signs are the hypothesis (sorted nonnegative scores) and the order of the eigenvalues; λ_i = a_i/(a_i+i−1) is an identity, no bound",
    ),
    title="Causal eigenvalues in closed form",
    source=Source("SDEG", "§3.3", "Thm 3"),
    statement=CAUSAL_SETUP + r" Then $\lambda_i(A_c) = a_i/(a_i+i-1)$, $i = 1, \dots, \ell$, and for sorted scores "
    r"these are in decreasing order, so $\lambda_i$ is also the $i$-th largest eigenvalue.",
    checks=[c_eigen_full_coq, c_eigen_triangular_sympy],
    cross_checks=[c_eigen_charpoly_small_exact, c_eigen_float_crosscheck],
    expected=Status.PROVED,
    prose=(
        "none beyond ℝ being an ordered field: the eigenvalues and their order for sorted scores are the Coq theorems (the sign certificate over consecutive i is a sympy cross-derivation)"
    ),
    reason=(
        "Kernel-checked in Coq for every ℓ (proofs/Causal.v): A_c is lower triangular, so char_poly A_c = Π(X − a_i/(a_i+i−1)) with multiplicities, and the eigenvalues are exactly these entries; for sorted scores they decrease in i (proofs/CausalOrder.v). Sympy proves the diagonal entry of the masked softmax for symbolic i and the ordering by a sign certificate (it needs only a_{i+1}(i−1) ≤ a_i·i). The determinants for symbolic scores at ℓ ≤ 5 and the float search are cross-checks. Hypotheses: sdeg.c.eigen.hypotheses."
    ),
    notes=["reconstructed"],
    lost=(
        "The statement of Thm 3 around the surviving formula: its hypotheses and whether λ_i is indexed by token or by size. Reconstructed: for every real score vector the eigenvalues are a_i/(a_i+i−1); sorted scores order them."
    ),
    tests=[
        "tests/test_sdeg_causal.py::test_causal_eigenvalues_are_the_diagonal",
        "tests/test_sdeg_causal.py::test_unsorted_scores_reorder_the_eigenvalues",
    ],
)


# --------------------------------------------------------------------------- eigen-profile


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
    tightness=Tightness(
        "loose",
        "ℓ⁻¹Σ(λ_i − 1_{i≤k})² against the paper's k³/(ℓ³f²) + 3/g: at most 0.541 of it in the property search "
        "(300 structured examples, f and g the tightest for the scores), 0.811 of the derivation's sharper "
        "k³/(3ℓ³f²) + 2/g",
        factor=1.85,
        ratio=0.541,
        ranges="the property search of the check (ℓ ≤ 48, sorted nonnegative scores)",
    ),
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
        "A sympy-checked argument proves the sharper k³/(3ℓ³f²) + 2/g for every ℓ, k, f, g; the search finds the paper's bound at most 54% used (loose by the constants 3 and 3/2). Hypotheses: sdeg.c.eigen-profile.hypotheses."
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


claim(
    id="sdeg.c.eigen-harmonic",
    tightness=Tightness(
        "sharp",
        "λ_i = a_i/(a_i+i−1) (c_eigen_harmonic_sympy) is exactly 1/i at a_i = 1, and iλ_i = a_i·i/(a_i+i−1) → C as i → ∞ at a_i = C",
        where={"a_i": "1 (λ_i = 1/i)"},
        approach="iλ_i/C = i/(C+i−1) → 1 at a_i = C",
    ),
    limit=Limit(
        "closed-form",
        "the closed form of λ_i (sdeg.c.eigen)",
        quantity="i·λ_i(A_c) at fixed a_i = a",
        value="a",
        approach="i·λ_i = a − a(a−1)/(a+i−1): error a(a−1)/i",
    ),
    figure="figures/causal-harmonic.png",
    title="Harmonic decay of bulk eigenvalues needs bounded scores",
    source=Source("SDEG", "App. C.3", "Thm 3"),
    statement=r"If $1 \le a_i \le C$ then $1/i \le \lambda_i(A_c) \le C/i$. Without a bounded bulk this fails: for $k = 0$, $a_i = \sqrt\ell$ (separated, $g(\ell) = \sqrt\ell$), $\lambda_\ell(A_c) = \sqrt\ell/(\sqrt\ell+\ell-1) \asymp \ell^{-1/2}$.",
    checks=[c_eigen_harmonic_full_coq, c_eigen_harmonic_sympy],
    expected=Status.PROVED,
    prose=(
        "none beyond ℝ being a real closed field: the bounds, the eigenvalue identification (sdeg.c.eigen) and the example's 1/2 ≤ √ℓ·λ_ℓ ≤ 1 are the Coq theorems (the sign certificates and limits are sympy cross-derivations)"
    ),
    reason=(
        "Kernel-checked in Coq (proofs/CausalRows.v, proofs/CausalOrder.v): 1/i ≤ a_i/(a_i+i−1) ≤ C/i for 1 ≤ a_i ≤ C, every eigenvalue of A_c is such a row value, and at a = √ℓ the last row's eigenvalue has 1/2 ≤ √ℓ·λ_ℓ ≤ 1. Sign certificates for both bounds and sympy limits for the example. Hypotheses: sdeg.c.eigen-harmonic.hypotheses."
    ),
    uses=["sdeg.c.eigen"],
    tests=["tests/test_sdeg_causal.py::test_harmonic_eigenvalue_bounds"],
)


@check
def c_sv_upper_proof(ctx: Context) -> Evidence:
    """‖A_c‖ ≤ √5 for every real score vector: rows are convex combinations of e_i and a strict prefix mean."""
    a = sp.Symbol("a", positive=True)
    steps = [
        sympy_identity(
            (1 - causal_lambda(a, i_)) / (i_ - 1),
            1 / (a + i_ - 1),
            what="row i = λ_i·e_i + (1−λ_i)·S_i with S_i the mean of x_1..x_{i−1}, λ_i ∈ (0, 1]",
        ),
        sympy_identity(
            th_ * U_**2 + (1 - th_) * V_**2 - (th_ * U_ + (1 - th_) * V_) ** 2,
            th_ * (1 - th_) * (U_ - V_) ** 2,
            what="convexity: (θU + (1−θ)V)² ≤ θU² + (1−θ)V² for θ ∈ [0, 1], so ‖A_cx‖² ≤ ‖x‖² + ‖Sx‖²",
        ),
        *hardy_steps(),
    ]
    return derivation(
        steps,
        what="‖A_c x‖² ≤ ‖x‖² + ‖H_{ℓ−1}x‖² ≤ 5‖x‖² ((Sx)_i = (H x)_{i−1})",
        ranges="every ℓ and every real score vector (no sign or order needed)",
    )


@check
def c_sv_lower_proof(ctx: Context) -> Evidence:
    """σ_i(A_c) ≥ 1/(3i−2) for sorted nonnegative scores, through an explicit inverse of the leading block."""
    lam, M, Y, q, d, e = sp.symbols("lambda M Y q d e", positive=True)
    p = 1 / lam
    x_i = p * Y + (1 - p) * M  # solves Y = λ x_i + (1 − λ) M, M the mean of x_1..x_{i−1}
    steps = [
        sympy_identity(lam * x_i + (1 - lam) * M, Y, what="inverse: x_i = p_i·y_i − (p_i−1)·M_{i−1} with p_i = 1/λ_i"),
        sympy_identity(
            ((i_ - 1) * M + x_i) / i_,
            Y / (i_ * lam) + (1 - 1 / (i_ * lam)) * M,
            what="running mean: M_i = y_i/q_i + (1 − 1/q_i)M_{i−1} with q_i = i·λ_i",
        ),
        sympy_identity(
            (-q * y_**2 + (q - 1) * yp_**2) - (y_**2 - 2 * y_ * (q * y_ - (q - 1) * yp_)),
            (q - 1) * (y_ - yp_) ** 2,
            what=(
                "weighted Hardy step (y ← M_i, y_prev ← M_{i−1}): M_i² − 2M_iy_i ≤ (q_i−1)M_{i−1}² − q_iM_i² when"
                " q_i ≥ 1"
            ),
        ),
        sympy_nonnegative(
            (1 + m_) * causal_lambda(1 + u_, 1 + m_) - 1, [u_, m_], what="q_i = i·λ_i ≥ 1, i.e. p_i ≤ i, for a_i ≥ 1"
        ),
        sympy_nonnegative(
            m_ * (1 - e + d) + 1 - (1 + m_) * (1 - e),
            [m_, d, e],
            what=(
                "q_i − 1 ≤ q_{i−1} for λ_i = 1 − e ≤ λ_{i−1} = λ_i + d (sorted scores), so the sum telescopes "
                "and ‖M‖ ≤ 2‖y‖"
            ),
        ),
        sympy_nonnegative(
            3 * (1 + n_) - 2 - ((1 + n_) + 2 * n_),
            [n_],
            what="‖x‖ ≤ max p_i‖y‖ + max(p_i−1)·2‖y‖ ≤ (n + 2(n−1))‖y‖ = (3n−2)‖y‖",
        ),
    ]
    return derivation(
        steps,
        what="σ_min of the leading i×i block (itself A_c of s_1..s_i) ≥ 1/(3i−2), and σ_i(A_c) ≥ σ_min(block)",
        ranges="every ℓ, every i ≤ ℓ, sorted nonnegative scores (λ_i non-increasing, a_i ≥ 1)",
    )


@check
def c_sv_universal_search(ctx: Context) -> Evidence:
    """Property search: 1/(3i) ≤ σ_i(A_c) ≤ √5 over sorted nonnegative score vectors."""
    return sv_extremes(
        ctx, sst.score_vectors(1, 48), "1/(3i) ≤ σ_i ≤ √5", "ℓ ≤ 48, sorted scores in [0, 30]", role="supports"
    )


@check
def c_sv_universal_extremes(ctx: Context) -> Evidence:
    """Where the bounds are nearly attained: s ≡ 0 (H_ℓ) is extremal for both, and ‖H_ℓ‖ ↑ 2, ℓσ_ℓ(H_ℓ) ↓ 1/2."""
    vertex_max = {}
    for ell in range(2, 11):
        # ‖Θ + (I−Θ)H‖ is convex in θ ∈ [0,1]^ℓ (θ_i = C_ii, nonnegative scores): its sup is at a vertex
        H = Cesaro(ell).as_matrix()
        norms = {}
        for bits in range(2 ** (ell - 1)):
            theta = np.array([1.0] + [(bits >> r) & 1 for r in range(ell - 1)], dtype=float)
            norms[bits] = float(svdvals(np.diag(theta) + (1 - theta)[:, None] * H)[0])
        best = max(norms, key=norms.get)
        vertex_max[ell] = (best, norms[best], norms[0])
    at_cesaro = all(norm - cesaro <= float_tolerance(ell, 2.0) for ell, (_, norm, cesaro) in vertex_max.items())
    sizes = cesaro_sizes(ctx)
    i_sigma = [float(np.min(np.arange(1, n + 1) * cesaro_spectrum(n))) for n in sizes]
    norms = [float(cesaro_spectrum(n)[0]) for n in sizes]
    summary = (
        "over nonnegative scores sup ‖A_c‖ is attained at s = 0 (H_ℓ) for every ℓ ≤ 10 "
        f"(exhaustive over the 2^(ℓ−1) vertices): {at_cesaro}; on H_ℓ, ℓ = {sizes[0]}..{sizes[-1]}: "
        f"min_i i·σ_i decreases {fmt(i_sigma[0])} → {fmt(i_sigma[-1])} (> 1/2: σ_i(H_ℓ) > 1/(2i−1) since "
        f"‖H_i⁻¹‖ < 2i−1), ‖H_ℓ‖ increases {fmt(norms[0])} → {fmt(norms[-1])} (< 2, Hardy)"
    )
    return Evidence(
        Status.VERIFIED if at_cesaro else Status.OPEN,
        "exhaustive-vertices+sweep",
        summary,
        ranges=f"vertices ℓ ≤ 10; H_ℓ for ℓ ≤ {sizes[-1]}",
        sharpest="sharp constants over nonnegative scores: i·σ_i → 1/2 and ‖A_c‖ → 2, vs the paper's 1/3 and √5",
        role="supports",
        data={"sizes": list(sizes), "min_i_sigma": i_sigma, "norms": norms},
    )


claim(
    id="sdeg.c.sv-universal",
    tightness=Tightness(
        "loose",
        "1/(3i) ≤ σ_i(A_c) ≤ ‖A_c‖ ≤ √5: over nonnegative scores the extremes are H_ℓ's (s = 0; exhaustive over "
        "the vertices for ℓ ≤ 10): min_i i·σ_i falls 0.587 → 0.502 and ‖H_ℓ‖ rises 1.47 → 1.79 over ℓ = 16…4096, "
        "so the constants approached are 1/2 (σ_i > 1/(2i − 1)) and 2 (Hardy): √5 loose by ≥ 1.25 there (by √5/2 = "
        "1.118 if H_ℓ's 2 is the supremum, as the exhaustive vertices suggest), 1/3 by ≥ 1.5",
        factor=1.25,
        ratio=0.8,
        where={"scores": "s = 0 (H_ℓ)", "ℓ": 4096},
        ranges="H_ℓ, ℓ = 16…4096; the property search (205 examples)",
    ),
    figure="figures/causal-harmonic.png",
    title="Universal causal singular-value bounds 1/(3i) ≤ σ_i ≤ √5",
    source=Source("SDEG", "§3.3", "Thm 4"),
    statement=CAUSAL_SETUP
    + r" For every $\ell$ and $1 \le i \le \ell$: $\frac{1}{3i} \le \sigma_i(A_c) \le \|A_c\|_{op} "
    r"\le \sqrt5$. The upper bound holds for every real score vector; the lower one needs $a_i \ge 1$.",
    checks=[c_sv_upper_proof, c_sv_lower_proof, c_sv_universal_search, c_sv_universal_extremes],
    expected=Status.PROVED,
    prose=(
        "the assembly of the checked inequalities: ‖A_c x‖² ≤ ‖x‖² + ‖H_ℓx‖² because each row is a convex combination, and σ_i(A_c) ≥ σ_i of the leading i × i block ≥ 1/‖(that block)⁻¹‖ (submatrix interlacing)"
    ),
    reason=(
        "Both bounds proved with sympy-checked steps: ‖A_c‖² ≤ ‖x‖² + ‖H x‖² ≤ 5 by convexity of each row and Hardy's inequality (any real scores); σ_i ≥ 1/(3i−2) through an explicit inverse of the leading i×i block and a weighted Hardy inequality (needs a_i ≥ 1 and λ_i non-increasing). Loose: over nonnegative scores the extremes are at s = 0, where i·σ_i → 1/2 and ‖H_ℓ‖ → 2. Which hypotheses it needs: sdeg.c.sv-universal.hypotheses.nonnegative-scores (for the lower bound only)."
    ),
    uses=["sdeg.c.representation", "sdeg.c.eigen", "sdeg.c.test-vector"],
    notes=["loose", "reconstructed"],
    lost=(
        "The hypotheses of Thm 4 Step 1 (only the display survives). Reconstructed with the paper's setup: sorted nonnegative scores, no separation; the upper bound needs none of them."
    ),
    tests=[
        "tests/test_sdeg_causal.py::test_singular_value_bounds_on_sorted_nonnegative_scores",
        "tests/test_sdeg_causal.py::test_lower_bound_needs_nonnegative_scores",
    ],
)


# =========================================================================== Cesàro representation, row norms


@check
def c_representation_sympy(ctx: Context) -> Evidence:
    """A_c = D·H_ℓ + C = diag(θ) + (I − diag(θ))·H_ℓ, θ = diag(C), entrywise and as matrices (ℓ ≤ 5)."""
    a = sp.Symbol("a", positive=True)
    D, C = i_ / (a + i_ - 1), (a - 1) / (a + i_ - 1)
    steps = [
        sympy_identity(D / i_, 1 / (a + i_ - 1), what="j < i: D_ii/i = z_i"),
        sympy_identity(D / i_ + C, causal_lambda(a, i_), what="j = i: D_ii/i + C_ii = a_i/(a_i+i−1)"),
        sympy_identity(D + C, sp.Integer(1), what="D + C = I"),
        sympy_identity(C + (1 - C) / i_, causal_lambda(a, i_), what="θ form: θ_i + (1−θ_i)/i = λ_i with θ_i = C_ii"),
        sympy_nonnegative((1 + u_ - 1) / (1 + u_ + m_), [u_, m_], what="θ_i ≥ 0 for a_i ≥ 1 (θ_i < 1 always)"),
        sympy_identity(
            sp.exp(sp.Symbol("s_j", real=True) - sp.oo) / (a + i_ - 1),
            D * 0 + 0,
            what=(
                "j > i: (A_c)_ij = 0 (the mask), (D·H_ℓ)_ij = D_ii·0 = 0 (H_ℓ lower triangular), C_ij = 0 (C "
                "diagonal): the identity holds entrywise for every i, j"
            ),
        ),
    ]
    return derivation(
        steps, what="Cesàro representation of causal attention", ranges="every ℓ, every real score vector"
    )


@check
def c_representation_instances(ctx: Context) -> Evidence:
    """A_c = D·H_ℓ + C as symbolic ℓ × ℓ matrices at ℓ = 3, 5 (instances of the entrywise identities)."""
    steps = []
    for ell in (3, 5):
        s = sp.symbols(f"a1:{ell + 1}", positive=True)
        A = sp.Matrix(ell, ell, lambda r, col: (s[r] if r == col else 1) / (s[r] + r) if col <= r else 0)
        H = sp.Matrix(ell, ell, lambda r, col: sp.Rational(1, r + 1) if col <= r else 0)
        Dm = sp.diag(*[sp.Integer(r + 1) / (s[r] + r) for r in range(ell)])
        Cm = sp.diag(*[(s[r] - 1) / (s[r] + r) for r in range(ell)])
        steps.append(matrix_identity(A, Dm * H + Cm, what=f"A_c = D·H_ℓ + C as symbolic {ell}×{ell} matrices"))
    ev = derivation(steps, what="the representation at small ℓ", ranges="ℓ in {3, 5}, symbolic a_i", role="supports")
    return replace(ev, status=Status.CERTIFIED) if ev.status is Status.PROVED else ev


@check
def c_representation_float(ctx: Context) -> Evidence:
    """The implementation causal_cesaro_factors against the dense matrix."""

    def margin(s):
        D, C = causal_cesaro_factors(s)
        return -float(np.abs(attention(s) - D[:, None] * Cesaro(s.size).as_matrix() - np.diag(C)).max())

    return property_search(
        sst.score_vectors(1, 48, sorted_desc=False, nonnegative=False),
        margin,
        ctx=ctx,
        tolerance=64 * EPS,
        allowance=(
            "exp(s_i − L_i) within 9·eps (|L_i| < 32), D_ii/i and 1 − D_ii a few eps (D_ii ≤ 2 for i ≥ 2; 1 − D_11 "
            "is exact, so a huge D_11 = e^{−s_1} cancels exactly); 64·eps covers their sum"
        ),
        what="max |A_c − D·H − C|",
        ranges="ℓ ≤ 48, unsorted real scores in [−30, 30]",
        role="supports",
    )


REPRESENTATION = CoqHook(
    "sdeg_c_representation",
    "CausalRows",
    "forall (F : fieldType) (l : nat) (a : 'I_l -> F), (forall i : 'I_l, a i + i%:R != 0) -> (forall i : 'I_l, i.+1%:R"
    " != 0) -> let theta := \\row_i ((a i - 1) / (a i + i%:R)) in let D := diag_mx (\\row_i (i.+1%:R / (a i + i%:R)))"
    " in let C := diag_mx (\\row_i ((a i - 1) / (a i + i%:R))) in [/\\ causal_attention a = diag_mx theta + (1%:M -"
    " diag_mx theta) *m cesaro_mx F l, causal_attention a = D *m cesaro_mx F l + C & D + C = 1%:M]",
)
THETA_RANGE = CoqHook(
    "sdeg_c_theta_range",
    "CausalRows",
    "forall (R : realFieldType) (a : R) (i : nat), 1 <= a -> 0 <= (a - 1) / (a + i%:R) < 1",
)
c_representation_coq = coq_check(
    "c_representation_coq",
    REPRESENTATION,
    THETA_RANGE,
    what="A_c = diag(θ) + (I − diag(θ))H_ℓ = DH_ℓ + C with D + C = I, and θ_i ∈ [0, 1) for a_i ≥ 1 (MathComp)",
    ranges="every ℓ, every a with a_i + i − 1 ≠ 0",
    covers={
        "sdeg_c_representation": (
            "A_c = diag(θ) + (I − diag(θ))H_ℓ = DH_ℓ + C with D + C = I, D_ii = i/(a_i+i−1), C_ii = θ_i (0-based row"
            " i: i + 1 for the paper's i), for every ℓ"
        ),
        "sdeg_c_theta_range": "θ_i = (a_i − 1)/(a_i + i − 1) ∈ [0, 1) for a_i ≥ 1",
    },
)


claim(
    id="sdeg.c.representation",
    tightness=Tightness(
        "sharp",
        "θ_i = (a_i−1)/(a_i+i−1) (c_representation_sympy) is 0 at a_i = 1 and tends to 1 as a_i → ∞",
        where={"a_i": "1 (θ_i = 0)"},
        approach="1 − θ_i = i/(a_i+i−1) → 0 as a_i → ∞",
    ),
    title="Cesàro representation of causal attention",
    source=Source("SDEG", "App. C.4", "Thm 4 Step 1; Thm 7"),
    statement=(
        r"$A_c = \mathrm{diag}(\theta) + (I - \mathrm{diag}(\theta))\,\mathsf H_\ell$ with $(\mathsf H_\ell)_{ij} = \mathbf 1_{\{j\le i\}}/i$ and $\theta_i = (a_i-1)/(a_i+i-1)$; equivalently $A_c = D\mathsf H_\ell + C$, $D_{ii} = i/(a_i+i-1)$, $C_{ii} = (a_i-1)/(a_i+i-1)$, $D + C = I$. For $a_i \ge 1$, $\theta_i \in [0, 1)$."
    ),
    checks=[c_representation_coq, c_representation_sympy],
    cross_checks=[c_representation_instances, c_representation_float],
    expected=Status.PROVED,
    prose=(
        "none: the Coq theorem states the matrix identities for every ℓ (sympy checks the same entries in symbolic i, j, a_i: j < i, j = i and j > i)"
    ),
    reason=(
        "Kernel-checked in Coq for every ℓ; entrywise identities for symbolic a_i, i and j (the three cases j < i, j = i, j > i); holds for every real score vector (θ_i ≥ 0 exactly when a_i ≥ 1). Symbolic matrix identities at ℓ = 3, 5 are a cross-check."
    ),
    notes=["reconstructed"],
    lost="The definition of θ_i in Step 1 of the proof of Thm 4; it is forced by the identity: θ = diag(C).",
    tests=["tests/test_sdeg_causal.py::test_cesaro_representation"],
)


@check
def c_row_norms_sympy(ctx: Context) -> Evidence:
    """ρ_i = Σ_j A_ij² = (i−1+a_i²)/(a_i+i−1)², ρ_i − 1/i = (i−1)(a_i−1)²/(i(a_i+i−1)²) ∈ [0, (e^B−1)²/i²]."""
    a = sp.Symbol("a", positive=True)
    rho = (i_ - 1) / (a + i_ - 1) ** 2 + causal_lambda(a, i_) ** 2
    A, i = 1 + u_, 1 + m_
    rho_u = rho.subs({a: A, i_: i})
    excess = rho_u - 1 / i
    steps = [
        sympy_identity(rho, (i_ - 1 + a**2) / (a + i_ - 1) ** 2, what="(i−1)z_i² + (a_i z_i)² = (i−1+a_i²)/(a_i+i−1)²"),
        sympy_identity(rho - 1 / i_, (i_ - 1) * (a - 1) ** 2 / (i_ * (a + i_ - 1) ** 2), what="ρ_i − 1/i closed form"),
        sympy_nonnegative(excess, [u_, m_], what="ρ_i − 1/i ≥ 0 for a_i = 1 + u ≥ 1"),
        sympy_nonnegative(rho.subs({a: 1 / (1 + w_), i_: i}) - 1 / i, [w_, m_], what="and for a_i = 1/(1+w) ≤ 1"),
        sympy_nonnegative(u_**2 / i**2 - excess, [u_, m_], what="ρ_i − 1/i ≤ (a_i−1)²/i² ≤ (e^B−1)²/i² =: C_B/i²"),
        limit_evidence(
            i_**2 * (rho - 1 / i_), i_, (a - 1) ** 2, what="i²(ρ_i − 1/i) → (a_i−1)²: C_B = (e^B−1)² is sharp"
        ),
        sympy_nonnegative(1 - excess, [u_, m_], what="ρ_i − 1/i ≤ 1"),
        sympy_nonnegative(
            A**2 / i**2 - excess,
            [u_, m_],
            what="ρ_i − 1/i ≤ a_i²/i² (Thm 4 Step 3: ρ_i ≤ 1/i + min{1, t²/i²}, t ≥ max a_i)",
        ),
    ]
    return derivation(steps, what="row norms of A_c", ranges="every i ≥ 1; the C_B bound for 1 ≤ a_i ≤ e^B")


@check
def c_row_norms_float(ctx: Context) -> Evidence:
    """causal_row_norms_sq against the dense rows."""

    def margin(s):
        return -float(np.abs((attention(s) ** 2).sum(axis=1) - causal_row_norms_sq(s)).max())

    return property_search(
        sst.score_vectors(1, 48, sorted_desc=False, nonnegative=False),
        margin,
        ctx=ctx,
        tolerance=lambda s: float_tolerance(s.size, 1.0),
        allowance=(
            "dense rows and ρ_i share the float L_i and s_i − L_i: they differ by the exps', squares' and the "
            "≤ ℓ-term sum's roundings, ≤ (ℓ + 4)·eps·ρ_i ≤ 10·ℓ·eps (ρ_i ≤ 1)"
        ),
        what="max |ρ_i − dense row norm²|",
        ranges="ℓ ≤ 48, unsorted real scores in [−30, 30]",
        role="supports",
    )


ROW_NORMS = CoqHook(
    "sdeg_c_row_norms",
    "CausalRows",
    "forall (R : realFieldType) (l : nat) (a : 'I_l -> R) (C : R) (i : 'I_l), 1 <= a i <= C -> let rho := \\sum_j"
    " causal_attention a i j ^+ 2 in [/\\ rho = (i%:R + a i ^+ 2) / (a i + i%:R) ^+ 2, rho - i.+1%:R^-1 = i%:R * (a i -"
    " 1) ^+ 2 / (i.+1%:R * (a i + i%:R) ^+ 2), 0 <= rho - i.+1%:R^-1 <= (C - 1) ^+ 2 / i.+1%:R ^+ 2, rho - i.+1%:R^-1"
    " <= (a i - 1) ^+ 2 / i.+1%:R ^+ 2 & rho - i.+1%:R^-1 <= 1 /\\ rho - i.+1%:R^-1 <= a i ^+ 2 / i.+1%:R ^+ 2]",
)
c_row_norms_coq = coq_check(
    "c_row_norms_coq",
    ROW_NORMS,
    what=(
        "ρ_i = (i−1+a_i²)/(a_i+i−1)², ρ_i − 1/i = (i−1)(a_i−1)²/(i(a_i+i−1)²) ∈ [0, (C−1)²/i²] for "
        "1 ≤ a_i ≤ C, and ρ_i − 1/i ≤ min{1, a_i²/i²} (MathComp, 0-based rows)"
    ),
    ranges="every ℓ and row i, every 1 ≤ a_i ≤ C",
    covers={
        "sdeg_c_row_norms": (
            "ρ_i = (i−1+a_i²)/(a_i+i−1)², ρ_i − 1/i = (i−1)(a_i−1)²/(i(a_i+i−1)²) ∈ [0, (C−1)²/i²] with C = e^B, and"
            " ρ_i − 1/i ≤ min{1, a_i²/i²} (0-based row i)"
        )
    },
    steps=[Step("C_B = (e^B − 1)² cannot be improved (the limit a_i = e^B, i → ∞)", check="c_row_norms_sympy")],
)


claim(
    id="sdeg.c.row-norms",
    tightness=Tightness(
        "sharp",
        "ρ_i − 1/i = (i−1)(a_i−1)²/(i(a_i+i−1)²) (c_row_norms_sympy): 0 at a_i = 1, and i²(ρ_i − 1/i) → (a_i−1)² = C_B as i → ∞ at a_i = e^B",
        where={"a_i": "1 (lower side)"},
        approach="i²(ρ_i − 1/i)/C_B → 1 as i → ∞ at a_i = e^B",
    ),
    title="Squared row norms of causal attention",
    source=Source("SDEG", "App. D.2", "Thm 7; Thm 4 Step 3"),
    statement=r"$\rho_i := \sum_j (A_c)_{ij}^2 = \frac{i-1+a_i^2}{(a_i+i-1)^2}$ and $\rho_i - \frac1i = \frac{(i-1)(a_i-1)^2}{i(a_i+i-1)^2} \in [0, C_B/i^2]$ for $1 \le a_i \le e^B$, with the sharp $C_B = (e^B-1)^2$; also $\rho_i \le \frac1i + \min\{1, a_i^2/i^2\}$.",
    checks=[c_row_norms_coq, c_row_norms_sympy],
    cross_checks=[c_row_norms_float],
    expected=Status.PROVED,
    prose="none beyond the checked identity and sign certificates (the checked limit shows C_B cannot be improved)",
    reason=(
        "sympy identities and sign certificates; the limit i²(ρ_i − 1/i) → (a_i−1)² shows C_B = (e^B−1)² cannot be improved. The lower bound 0 needs no hypothesis (also a_i < 1); bounded bulk: sdeg.c.row-norms.hypotheses."
    ),
    notes=["reconstructed"],
    lost="The definitions of ρ_i (the squared row norm) and of the constant C_B.",
    tests=["tests/test_sdeg_causal.py::test_row_norm_identity_and_bound"],
)


# =========================================================================== Thm 4: block interlacing


@check
def c_interlace_block_search(ctx: Context) -> Evidence:
    """σ_{k+m}(A_c) ≤ σ_m(A₂₂) (and σ_m(A₂₂) ≤ σ_m(A_c)) over spike–bulk splits."""
    margin = functools.partial(block_interlace_margin, two_sided=True)
    return property_search(
        sst.spike_bulk_split(48),
        margin,
        ctx=ctx,
        examples=300,
        tolerance=lambda value: 2 * float_tolerance(value[0].size, SQRT5),
        allowance=(
            "two svdvals (A_c and its block A₂₂, ‖A₂₂‖₂ ≤ ‖A_c‖₂), each within 10·ℓ·eps·‖A_c‖₂; ‖A_c‖₂² ≤ "
            "‖A_c‖₁‖A_c‖∞ ≤ H_ℓ < 5 (a_i ≥ 1, ℓ ≤ 48, column sums)"
        ),
        what="σ_{k+m}(A_c) ≤ σ_m(A₂₂) ≤ σ_m(A_c)",
        ranges="ℓ ≤ 48, sorted nonnegative scores, every split k",
    )


claim(
    id="sdeg.c.interlace-block",
    tightness=Tightness(
        "sharp",
        "at k = 0 the block A₂₂ is A_c and both sides are equalities (c_interlace_block_proof's inequalities, the trivial split)",
        where={"k": 0},
    ),
    title="Block interlacing for the causal bulk block",
    source=Source("SDEG", "App. C.4", "Thm 4 Step 1"),
    statement=r"Split $A_c = \begin{pmatrix} A_{11} & 0 \\ A_{21} & A_{22}\end{pmatrix}$ after $k$ rows. Then $\sigma_{k+m}(A_c) \le \sigma_m(A_{22}) \le \sigma_m(A_c)$, $1 \le m \le \ell - k$.",
    checks=[c_interlace_block_proof],
    cross_checks=[c_interlace_block_search],
    expected=Status.PROVED,
    prose=(
        "the interlacing theorem for deleted rows and columns (Horn & Johnson, Topics in Matrix Analysis (1991), Cor. 3.1.3: a matrix A_r obtained from A by deleting r rows and/or columns has σ_j(A) ≥ σ_j(A_r) ≥ σ_(j+r)(A)), applied twice: deleting the first k columns of A_c leaves [0; A₂₂] (A₁₂ = 0, checked), whose singular values are those of A₂₂ (same Gram matrix, checked), so σ_(k+m)(A_c) ≤ σ_m(A₂₂); deleting the first k rows and columns leaves A₂₂, so σ_m(A₂₂) ≤ σ_m(A_c)"
    ),
    reason=(
        "Machine-checked (sympy, symbolic block sizes): the causal mask makes A₁₂ = 0 for every real score vector, and the last ℓ − k columns [0; A₂₂] have the Gram matrix A₂₂ᵀA₂₂. Both inequalities are then the textbook interlacing for deleted columns, resp. rows and columns (prose, cited). The property search over spike–bulk splits is a cross-check. No hypothesis on the scores is needed: sdeg.c.interlace-block.hypotheses."
    ),
    tests=["tests/test_sdeg_causal.py::test_block_interlacing"],
)
