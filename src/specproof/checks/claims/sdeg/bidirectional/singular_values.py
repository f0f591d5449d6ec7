"""SDEG: the singular values of A_b (Thm 1; App. D.1, §3.2) and the rank proxies (Thm 6, §3.4),
with the encoder–decoder comparison.
"""

from __future__ import annotations

import math
from dataclasses import replace

import numpy as np
import scipy.linalg
import sympy as sp

from specproof.checks.claims._shared.sdeg_bidirectional import (
    BULK_BOUND,
    RATIO_TO_EPS,
    SVD_B_ALLOWANCE,
    canonical_weight_steps,
    claim_tests,
    dense_attention,
    eigen_real_tolerance,
    law_sweep,
    log_rate,
    separation_eps,
    spike_bulk_family,
    spike_deficit,
    sweep_sizes,
    symbolic_evidence,
)
from specproof.checks.claims._shared.sdeg_causal import c_rank_proxies_exact
from specproof.engine.methods import (
    derivation,
    float_tolerance,
    fmt,
    property_search,
    sympy_identity,
    sympy_nonnegative,
)
from specproof.engine.rates import fit_rate, rate_evidence
from specproof.engine.records import Limit, Tightness
from specproof.engine.registry import Context, Evidence, Source, Status, check, claim
from specproof.engine.strategies import score_vectors, spike_bulk_split
from specproof.theory.attention import (
    bidirectional_eigenvalues,
    bidirectional_singular_values,
    canonical_weights,
    distance_to_spike_bulk_law,
    ideal_singular_profile,
)
from specproof.theory.spectral import effective_rank, stable_rank

# --------------------------------------------------------------------------- Theorem 1


def sdegb_sv_ideal(ctx: Context) -> Evidence:
    x = sp.Symbol("x")  # charpoly's generator carries no assumptions
    c = sp.Symbol("c", positive=True)
    gram2 = sp.Matrix([[1, sp.sqrt(c * (1 - c))], [sp.sqrt(c * (1 - c)), 1 - c]])
    residuals = {
        "A*A*ᵀ on span{𝟏_spike/√k, 𝟏_bulk/√(ℓ−k)}: roots a_± of x² − (2−c)x + (1−c)²": sp.expand(
            gram2.charpoly(x).as_expr() - (x**2 - (2 - c) * x + (1 - c) ** 2)
        ),
        "a₊(c) − 1 = (√(c(4−3c)) − c)/2 > 0 on (0,1) since c(4−3c) − c² = 4c(1−c)": sp.expand(
            c * (4 - 3 * c) - c**2 - 4 * c * (1 - c)
        ),
    }
    for ell in range(2, 8):
        for k in range(1, ell):
            A = sp.Matrix(ell, ell, lambda i, j: (1 if i == j else 0) if i < k else sp.Rational(1, ell))
            cc = sp.Rational(k, ell)
            ideal = (x - 1) ** (k - 1) * (x**2 - (2 - cc) * x + (1 - cc) ** 2) * x ** (ell - k - 1)
            residuals[f"ℓ={ell}, k={k}"] = sp.expand((A * A.T).charpoly(x).as_expr() - ideal)
    return symbolic_evidence(
        "singular profile of A*: α₊ = √a₊(c) > 1, 1 (k−1 times), α₋ = √a₋(c), 0 (ℓ−k−1 times)",
        "symbolic c; exact charpoly of A*A*ᵀ for 1 ≤ k < ℓ ≤ 7",
        residuals,
        status=Status.CERTIFIED,
        role="supports",
    )


def _sv_ratio(pair) -> float:
    s, k = pair
    sigma = scipy.linalg.svdvals(dense_attention(s))
    return float(np.max(np.abs(sigma - ideal_singular_profile(k, s.size)))) / separation_eps(s, k)


@check
def sdegb_sv_profile_property(ctx: Context) -> Evidence:
    ev = property_search(
        spike_bulk_split(),
        lambda p: 2.0 - _sv_ratio(p),
        ctx=ctx,
        tolerance=lambda p: float_tolerance(p[0].size, math.sqrt(p[0].size)) / separation_eps(*p),
        allowance=SVD_B_ALLOWANCE + RATIO_TO_EPS,
        what="max_i |σ_i(A_b) − σ_i(A*)| ≤ ‖A_b − A*‖ ≤ 2ε_ℓ (margin 2 − ratio)",
        ranges="ℓ ≤ 48, margins log f, log g ∈ [0, 12] and unseparated splits, s ≥ 0",
    )
    if ev.worst_margin is not None:
        ev = replace(ev, sharpest=f"max_i|σ_i − σ_i*|/ε_ℓ ≤ {fmt(2.0 - ev.worst_margin)} observed (bound 2)")
    return ev


@check
def sdegb_sv_leading_property(ctx: Context) -> Evidence:
    def margin(pair):
        s, k = pair
        ell = s.size
        sigma = scipy.linalg.svdvals(dense_attention(s))[: min(k + 1, ell)]
        return 2 * separation_eps(s, k) + math.sqrt(k / ell) - float(np.max(np.abs(sigma - 1)))

    return property_search(
        spike_bulk_split(),
        margin,
        ctx=ctx,
        tolerance=lambda p: float_tolerance(p[0].size, math.sqrt(p[0].size)),
        allowance=SVD_B_ALLOWANCE,
        what="max_{i≤k+1} |σ_i(A_b) − 1| ≤ 2ε_ℓ + √c_ℓ",
        ranges="0 ≤ k ≤ ℓ ≤ 48, separated and unseparated, s ≥ 0",
    )


def leading_deviation(s, k) -> float:
    sigma = bidirectional_singular_values(s)[: k + 1]
    return float(np.max(np.abs(sigma - 1)))


@check
def sdegb_sv_leading_sweep(ctx: Context) -> Evidence:
    sizes = sweep_sizes(ctx)
    k = 3
    y = np.array([leading_deviation(spike_bulk_family(int(n), k, math.log(n)), k) for n in sizes])
    # for fixed k the ε_ℓ term dominates √c_ℓ = √(k/ℓ) asymptotically
    fit = fit_rate(
        sizes,
        y,
        spike_deficit,
        "ε_ℓ/(1+ε_ℓ)",
        competitors={"√c_ℓ": lambda x: np.sqrt(k / x), "1/log²ℓ": log_rate(2)},
        scale="loglog",
    )
    return rate_evidence(
        fit,
        what="k = 3, f = log ℓ: max_{i≤k+1}|σ_i − 1| = Θ(ε_ℓ), the ε_ℓ term of the rate",
        ranges=f"ℓ = {sizes[0]}…{sizes[-1]}, bulk in [0, {fmt(BULK_BOUND)}]",
    )


@check
def sdegb_sv_leading_sqrt_c_sweep(ctx: Context) -> Evidence:
    sizes = sweep_sizes(ctx)
    ks = np.floor(np.sqrt(sizes)).astype(int)
    # strong spikes e^{s} ≥ ℓ² (f = ℓ): ε_ℓ = e^B/ℓ ≪ √c_ℓ = ℓ^{-1/4}, so the √c_ℓ term shows alone
    y = np.array([leading_deviation(spike_bulk_family(int(n), int(k), float(n)), int(k)) for n, k in zip(sizes, ks)])
    fit = fit_rate(
        sizes,
        y,
        lambda x: np.sqrt(np.floor(np.sqrt(x)) / x),
        "√c_ℓ",
        competitors={"ε_ℓ = e^B/ℓ": lambda x: 1.0 / x, "c_ℓ": lambda x: np.floor(np.sqrt(x)) / x},
        scale="log",
    )
    ev = rate_evidence(
        fit,
        what="k = ⌊√ℓ⌋, f = ℓ: the √c_ℓ term of the rate is attained (σ₁ → α₊(c_ℓ) ≈ 1 + √c_ℓ/2)",
        ranges=f"ℓ = {sizes[0]}…{sizes[-1]}, bulk in [0, {fmt(BULK_BOUND)}]",
    )
    return ev


def sv_leading_steps() -> list[Evidence]:
    """The ideal singular list of A* for symbolic k, ℓ (invariant-subspace Gram computation), A_b − A* = (D − D*)P with
    P = I − J an orthogonal projector, the spike/bulk bounds on D − D*, and α₊ ≤ 1 + √c, α₋ ≥ 1 − √c."""
    k, n = sp.symbols("k n", positive=True)  # k spikes, n = ℓ − k bulk tokens (1 ≤ k < ℓ)
    ell = k + n
    c = k / ell
    mm = sp.Symbol("m", integer=True, positive=True)
    x = sp.Symbol("x")
    Sw = sp.Symbol("S_w", real=True)  # 𝟏ᵀw
    yi = sp.Symbol("y_i", real=True)
    sr, vv = sp.symbols("s v", nonnegative=True)  # s = √c ∈ [0, 1]; √(4 − 3s²) = 2 − v with v ≥ 0
    q = 2 - vv
    a, L, u, w = sp.symbols("a ell u w", positive=True)
    d = (a - 1) / (a + L - 1)
    gram2 = sp.Matrix([[1, sp.sqrt(c * (1 - c))], [sp.sqrt(c * (1 - c)), 1 - c]])
    alpha_plus = sp.sqrt((2 - sr**2 + sr * sp.sqrt(4 - 3 * sr**2)) / 2)
    return [
        sympy_identity(
            sp.summation(1 / ell**2, (mm, 1, ell)),
            1 / ell,
            what=(
                "G = A*A*ᵀ: spike rows e_i, bulk rows 𝟏ᵀ/ℓ give G_ij = δ_ij (spikes), 1/ℓ (spike–bulk), "
                "Σ_(m≤ℓ) 1/ℓ² = 1/ℓ (bulk–bulk)"
            ),
        ),
        sympy_identity(
            k * (1 / sp.sqrt(k)) * (1 / sp.sqrt(k)), sp.Integer(1), what="eᵀGe = 1 for e = 𝟏_k/√k (k diagonal ones)"
        ),
        sympy_identity(
            k * n / ell / (sp.sqrt(k) * sp.sqrt(n)),
            sp.sqrt(c * (1 - c)),
            what="eᵀGf = k(ℓ−k)/ℓ·1/√(k(ℓ−k)) = √(c(1−c)) for f = 𝟏_(ℓ−k)/√(ℓ−k)",
        ),
        sympy_identity(n**2 / ell / n, 1 - c, what="fᵀGf = (ℓ−k)²/ℓ·1/(ℓ−k) = 1 − c"),
        sympy_identity(
            k / ell / sp.sqrt(k),
            sp.sqrt(c * (1 - c)) / sp.sqrt(n),
            what="Ge = e + √(c(1−c))f: its bulk entries k·(1/ℓ)/√k = √(c(1−c))/√(ℓ−k)",
        ),
        sympy_identity(
            n / ell / sp.sqrt(n),
            sp.sqrt(c * (1 - c)) / sp.sqrt(k),
            what=(
                "Gf = √(c(1−c))e + (1−c)f: spike entries (ℓ−k)(1/ℓ)/√(ℓ−k) = √(c(1−c))/√k, bulk entries "
                "(ℓ−k)(1/ℓ)/√(ℓ−k) = (1−c)/√(ℓ−k)"
            ),
        ),
        sympy_identity(
            (yi + Sw / ell).subs(Sw, 0),
            yi,
            what=(
                "on x = (y, w) with 𝟏ᵀy = 𝟏ᵀw = 0: (Gx)_i = y_i + 𝟏ᵀw/ℓ = y_i (spikes), (Gx)_j = (𝟏ᵀy + 𝟏ᵀw)/ℓ = 0 "
                "(bulk): eigenvalue 1 on k − 1 dimensions, 0 on ℓ − k − 1"
            ),
        ),
        sympy_identity(
            sp.expand(gram2.charpoly(x).as_expr()),
            sp.expand(x**2 - (2 - c) * x + (1 - c) ** 2),
            what="the 2×2 block has trace 2 − c and determinant (1 − c)²: roots a_± of x² − (2−c)x + (1−c)²",
        ),
        sympy_identity(
            (2 - c) ** 2 - 4 * (1 - c) ** 2,
            c * (4 - 3 * c),
            what="discriminant (2−c)² − 4(1−c)² = c(4−3c): a_± = (2 − c ± √(c(4−3c)))/2",
        ),
        sympy_identity(c * (4 - 3 * c) - c**2, 4 * c * (1 - c), what="c(4−3c) − c² = 4c(1−c) ≥ 0: a₊ ≥ 1 (so α₊ ≥ 1)"),
        sympy_identity(
            sp.sqrt(sr**2 * (4 - 3 * sr**2)),
            sr * sp.sqrt(4 - 3 * sr**2),
            what="with s = √c ≥ 0: √(c(4−3c)) = s√(4 − 3s²), so a_± = (2 − s² ± s√(4 − 3s²))/2",
        ),
        sympy_nonnegative(
            (1 + sr) ** 2 - (2 - sr**2 + sr * q) / 2,
            [sr, vv],
            what="α₊ ≤ 1 + √c: (1 + s)² − a₊ = s + 3s²/2 + sv/2 ≥ 0 with s = √c, √(4 − 3s²) = 2 − v ≤ 2",
        ),
        sympy_identity(
            (2 - sr**2 - sr * sp.sqrt(4 - 3 * sr**2)) / 2 - (1 - sr) ** 2,
            sr / 2 * (4 - 3 * sr - sp.sqrt(4 - 3 * sr**2)),
            what="a₋ − (1 − s)² = (s/2)(4 − 3s − √(4 − 3s²))",
        ),
        sympy_identity(
            (4 - 3 * sr) ** 2 - (4 - 3 * sr**2),
            12 * (1 - sr) ** 2,
            what=(
                "α₋ ≥ 1 − √c: a₋ − (1 − s)² = (s/2)(4 − 3s − √(4 − 3s²)) ≥ 0 as (4 − 3s)² − (4 − 3s²) = "
                "12(1 − s)² ≥ 0 and 4 − 3s > 0 on [0, 1]"
            ),
        ),
        sympy_identity(
            sp.limit((alpha_plus - 1) / sr, sr, 0, "+"),
            sp.Rational(1, 2),
            what="(α₊ − 1)/√c → 1/2 as c → 0: the √c term is attained, σ₁ ≥ α₊ − ε_ℓ ≈ 1 + √c/2 − ε_ℓ",
        ),
        sympy_identity(
            (1 - d) / L,
            1 / (a + L - 1),
            what="z_i = (1 − d_i)/ℓ, so A_b = D + z𝟏ᵀ = D + (I − D)J = J + DP, J = 𝟏𝟏ᵀ/ℓ, P = I − J",
        ),
        sympy_identity(
            1 / L + 1 * (1 - 1 / L),
            sp.Integer(1),
            what="A* = J + D*P with D* = diag(1^k, 0^(ℓ−k)): spike rows J + P = I give e_iᵀ, bulk rows give 𝟏ᵀ/ℓ",
        ),
        sympy_identity((1 - 1 / L) ** 2 + (L - 1) / L**2, 1 - 1 / L, what="P² = P, diagonal entries"),
        sympy_identity(2 * (1 - 1 / L) * (-1 / L) + (L - 2) / L**2, -1 / L, what="P² = P, off-diagonal entries"),
        sympy_nonnegative(
            (1 + w) / (1 + u) - (1 - d.subs({a: 1 + u, L: 1 + w})),
            [u, w],
            what="spikes: 1 − d_i = ℓ/(a_i+ℓ−1) ≤ ℓ/a_i ≤ 1/f",
        ),
        sympy_nonnegative((1 + u) / (1 + w) - d.subs({a: 1 + u, L: 1 + w}), [u, w], what="bulk: d_i ≤ a_i/ℓ ≤ 1/g"),
        *canonical_weight_steps(),
    ]


@check
def sdegb_sv_leading_proof(ctx: Context) -> Evidence:
    return derivation(
        sv_leading_steps(),
        what=(
            "ideal list α₊, 1^(k−1), α₋, 0^(ℓ−k−1) of A*; A_b − A* = (D − D*)P with ‖P‖ = 1, so ‖A_b − A*‖ ≤ "
            "‖D − D*‖ ≤ ε_ℓ; α₊ − 1 ≤ √c, 1 − α₋ ≤ √c"
        ),
        ranges="every ℓ, 1 ≤ k < ℓ (k = 0, ℓ in prose), scores s ≥ 0 with spikes a_i ≥ ℓf, bulk a_i ≤ ℓ/g",
    )


@check
def sdegb_sv_ideal_instances(ctx: Context) -> Evidence:
    return sdegb_sv_ideal(ctx)


claim(
    id="sdeg.b.sv-leading",
    tightness=Tightness(
        "loose",
        "the 2ε_ℓ of max_i|σ_i(A_b) − σ_i(A*)| ≤ ‖A_b − A*‖ ≤ 2ε_ℓ: the proof gives ‖A_b − A*‖ ≤ ε_ℓ, and the "
        "property search's largest max_i|σ_i − σ_i*|/ε_ℓ is 1 − 2·10⁻⁵, so 2ε_ℓ is loose by 2 and ε_ℓ is sharp; the "
        "√c_ℓ term is attained up to a factor ≈ 2 (σ₁ ≈ 1 + √c_ℓ/2: max|σ_i − 1|/√c_ℓ in [0.524, 0.629], k = ⌊√ℓ⌋)",
        factor=2.0,
        ratio=0.5,
        where={"bound": "2ε_ℓ", "observed": "≤ ε_ℓ"},
        ranges="the property search (ℓ ≤ 48) and the sweeps ℓ = 64…65536",
    ),
    limit=Limit(
        "closed-form",
        "the ideal α₊(c) = √a₊(c), a₊ = (2 − c + √(c(4−3c)))/2 (the statement): a₊ = 1 + √c − c/2 + O(c^{3/2})",
        quantity="(α₊(c_ℓ) − 1)/√c_ℓ as c_ℓ → 0",
        value="1/2",
        approach="1/2 + O(√c)",
    ),
    title="Singular-value profile and the k+1 leading singular values → 1",
    source=Source("SDEG", "§3.2", "Thm 1(1)–(2)"),
    statement=(
        r"With $a_\pm(c)=\tfrac12\bigl(2-c\pm\sqrt{c(4-3c)}\bigr)$ and $\alpha_\pm=\sqrt{a_\pm(c_\ell)}$, the ideal singular values are $\alpha_+,1^{(k-1)},\alpha_-,0^{(\ell-k-1)}$ and $\max_i|\sigma_i(A_b)-\sigma_i(A^\star)|\le\|A_b-A^\star\|\le2\varepsilon_\ell$. Hence $\max_{i\le k+1}|\sigma_i(A_b)-1|\le2\varepsilon_\ell+\sqrt{c_\ell}\to0$ when $k=o(\ell)$: the rate is $O(\varepsilon_\ell+\sqrt{c_\ell})$, and the $\sqrt{c_\ell}$ term is attained ($\sigma_1\approx1+\sqrt{c_\ell}/2$)."
    ),
    checks=[sdegb_sv_leading_proof],
    cross_checks=[
        sdegb_sv_ideal_instances,
        sdegb_sv_profile_property,
        sdegb_sv_leading_property,
        sdegb_sv_leading_sweep,
        sdegb_sv_leading_sqrt_c_sweep,
    ],
    expected=Status.PROVED,
    prose=(
        "the invariant-subspace decomposition ℝ^ℓ = span{e, f} ⊕ {(y, 0) : 𝟏ᵀy = 0} ⊕ {(0, w) : 𝟏ᵀw = 0} (orthogonal, dimensions 2 + (k − 1) + (ℓ − k − 1)) of the symmetric G = A*A*ᵀ, on which the checked actions give the eigenvalues a_±, 1 and 0, and the singular values of A* are their square roots (Horn & Johnson, Matrix Analysis, 2nd ed. (2013), Thm 2.6.3, the singular value decomposition: the squared singular values of A are the eigenvalues of AA*); the order α₊ ≥ 1 ≥ α₋ ≥ 0 (a₊ ≥ 1 checked, a₊a₋ = (1 − c)² ≤ 1); the end cases k = 0 (A* = J, singular values 1, 0, …) and k = ℓ (A* = I); ‖P‖ = 1 for the symmetric idempotent P ≠ 0, ‖XP‖ ≤ ‖X‖‖P‖, and ‖D − D*‖ = max_i|d_i − d*_i| ≤ max(1/f, 1/g) = ε_ℓ by the checked spike and bulk bounds (d_i ≥ 0); Weyl's perturbation bound |σ_i(A_b) − σ_i(A*)| ≤ ‖A_b − A*‖ (Horn & Johnson, Matrix Analysis, 2nd ed., Cor. 7.3.5); hence, for i ≤ k + 1, |σ_i(A_b) − 1| ≤ ε_ℓ + max(α₊ − 1, 1 − α₋) ≤ ε_ℓ + √c_ℓ, and σ₁(A_b) ≥ α₊ − ε_ℓ attains the √c term whenever ε_ℓ = o(√c_ℓ)"
    ),
    reason=(
        "Machine-checked (sympy, symbolic k, ℓ): the entries of G = A*A*ᵀ, its action on e = 𝟏_k/√k, f = 𝟏_(ℓ−k)/√(ℓ−k) (the 2×2 block with trace 2 − c and determinant (1 − c)², roots a_±) and on the complement (1 and 0), α₊ ≤ 1 + √c and α₋ ≥ 1 − √c, (α₊ − 1)/√c → 1/2; A_b = J + DP and A* = J + D*P with P = I − J idempotent, and the spike and bulk bounds 1 − d_i ≤ 1/f, d_i ≤ 1/g. So ‖A_b − A*‖ = ‖(D − D*)P‖ ≤ ε_ℓ, sharper than the stated 2ε_ℓ (the searches observe constant 1). Cited: Weyl's perturbation bound for singular values. The exact Gram charpolys at ℓ ≤ 7, the property searches and the sweeps (each term of the rate attained: ε_ℓ alone for fixed k and f = log ℓ, √c_ℓ/2 alone for k = ⌊√ℓ⌋ and f = ℓ) are cross-checks"
    ),
    notes=["reconstructed"],
    lost=(
        "the displays of Thm 1(1) (singular-value profile, 'Define …') and of the rate in Thm 1(2) ('with …') are missing; restored from App. C.1 (a_± = α_±², a_±(c_ℓ) = 1 + O(√c_ℓ), the uniform approximation) with the explicit constant 2 from ‖D − D*‖ ≤ ε_ℓ and ‖(z − z*)𝟏ᵀ‖ ≤ ε_ℓ"
    ),
    uses=["sdeg.b.decomposition"],
    tests=claim_tests("test_ideal_profiles", "test_singular_values_by_reduction_match_dense"),
)


@check
def sdegb_sv_law_property(ctx: Context) -> Evidence:
    def margin(pair):
        s, k = pair
        ell = s.size
        sigma = scipy.linalg.svdvals(dense_attention(s))
        return 2 * separation_eps(s, k) + 2 / ell - distance_to_spike_bulk_law(sigma, k / ell)

    return property_search(
        spike_bulk_split(),
        margin,
        ctx=ctx,
        tolerance=lambda p: float_tolerance(p[0].size, math.sqrt(p[0].size)),
        allowance=SVD_B_ALLOWANCE + "; W₁ moves by at most the largest σ_i error",
        what="W₁(μ^sv(A_b), c_ℓδ₁+(1−c_ℓ)δ₀) ≤ 2ε_ℓ + 2/ℓ",
        ranges="0 ≤ k ≤ ℓ ≤ 48, separated and unseparated, s ≥ 0",
    )


@check
def sdegb_sv_law_sweep(ctx: Context) -> Evidence:
    return law_sweep(ctx, bidirectional_singular_values, "W₁(μ^sv(A_b), cδ₁+(1−c)δ₀) → 0 at rate Θ(c/f(ℓ))")


def ideal_mass_steps() -> list[Evidence]:
    """√a₊ + √a₋ = √(4 − 3c) ≤ 2: the ideal singular list is within 1/ℓ of the atoms (1^k, 0^(ℓ−k)) in sorted
    matching.
    """
    qq, X, Y = sp.Symbol("q", nonnegative=True), sp.Symbol("X", positive=True), sp.Symbol("Y", positive=True)
    c = 1 - qq  # q = 1 − c ∈ [0, 1]
    root = sp.sqrt(c * (4 - 3 * c))
    a_plus, a_minus = (2 - c + root) / 2, (2 - c - root) / 2
    return [
        sympy_identity(a_plus + a_minus, 2 - c, what="a₊ + a₋ = 2 − c"),
        sympy_identity(sp.sqrt(sp.expand(a_plus * a_minus)), qq, what="√(a₊a₋) = 1 − c"),
        sympy_identity(
            (sp.sqrt(X) + sp.sqrt(Y)) ** 2, X + Y + 2 * sp.sqrt(X * Y), what="(α₊ + α₋)² = a₊ + a₋ + 2√(a₊a₋) = 4 − 3c"
        ),
        sympy_identity(
            4 - (4 - 3 * c),
            3 * c,
            what=(
                "4 − (4 − 3c) = 3c ≥ 0: α₊ + α₋ = √(4 − 3c) ≤ 2, so the sorted cost "
                "(α₊ − 1) + 0·(k − 1) + α₋ of (α₊, 1^(k−1), α₋, 0, …) against "
                "(1^k, 0^(ℓ−k)) is ≤ 1"
            ),
        ),
    ]


@check
def sdegb_sv_law_proof(ctx: Context) -> Evidence:
    """W₁(μ^sv(A_b), c_ℓδ₁ + (1−c_ℓ)δ₀) ≤ ε_ℓ + 1/ℓ by the coupling σ_i(A_b) ↔ t_i, t = (1^k, 0^(ℓ−k))."""
    c, cl = sp.symbols("c c_ell", nonnegative=True)
    eps, L = sp.Symbol("epsilon", nonnegative=True), sp.Symbol("ell", positive=True)
    steps = [
        *ideal_mass_steps(),
        sympy_nonnegative(
            (2 * eps + 2 / L) - (eps + 1 / L),
            [eps, L],
            what=(
                "(1/ℓ)Σ_i|σ_i(A_b) − t_i| ≤ (1/ℓ)Σ|σ_i(A_b) − σ_i(A*)| + (1/ℓ)Σ|σ_i(A*) − t_i| ≤ ε_ℓ + 1/ℓ ≤ 2ε_ℓ + 2/ℓ"
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
        what="W₁ to the spike–bulk law ≤ ε_ℓ + 1/ℓ ≤ 2ε_ℓ + 2/ℓ, and → 0 with c_ℓ → c",
        ranges="every ℓ, 0 ≤ k ≤ ℓ, s ≥ 0 (ε_ℓ = max(1/f, 1/g) from the scores)",
    )


claim(
    id="sdeg.b.sv-limit",
    tightness=Tightness(
        "loose",
        "W₁(μ^sv(A_b), c_ℓδ₁ + (1 − c_ℓ)δ₀) ≤ 2ε_ℓ + 2/ℓ: the proof itself gives ε_ℓ + 1/ℓ (the sorted cost of the "
        "ideal list is ≤ 1/ℓ since α₊ + α₋ = √(4 − 3c) ≤ 2), half the stated bound",
        factor=2.0,
        ratio=0.5,
        where={"proved": "ε_ℓ + 1/ℓ"},
        ranges="every ℓ, 0 ≤ k ≤ ℓ (the sympy derivation)",
    ),
    limit=Limit(
        "closed-form",
        "the weak limit is the claim's own: W₁ → 0; the sweep reads W₁·log ℓ between 0.154 and 0.284 over "
        "ℓ = 64…65536 (c = 1/4, f = log ℓ), still drifting, so the constant of the rate is not extrapolated",
        quantity="W₁(μ^sv(A_b), cδ₁ + (1 − c)δ₀)",
        value="0",
        numeric=0.0,
        approach="like c/f(ℓ)",
        ranges="sweep ℓ = 64…65536",
    ),
    figure="figures/spike-bulk-histograms.png",
    title="Empirical singular-value law → cδ₁ + (1−c)δ₀",
    source=Source("SDEG", "§3.2", "Thm 1(3)"),
    statement=(
        r"If $c_\ell\to c\in[0,1]$ under spectral separation, $\mu^{\mathrm{sv}}_{A_b}\Rightarrow c\delta_1+(1-c)\delta_0$; quantitatively $W_1(\mu^{\mathrm{sv}}_{A_b},c_\ell\delta_1+(1-c_\ell)\delta_0)\le2\varepsilon_\ell+2/\ell$."
    ),
    checks=[sdegb_sv_law_proof],
    cross_checks=[sdegb_sv_law_property, sdegb_sv_law_sweep],
    expected=Status.PROVED,
    prose=(
        "W₁ is the infimum of the transport cost over couplings (Villani, Optimal Transport: Old and New (2009), Def. 6.1), and the matching σ_i(A_b) ↔ t_i of the two sorted ℓ-point lists is a coupling, so W₁ is at most its mean cost; |σ_i(A_b) − t_i| ≤ |σ_i(A_b) − σ_i(A*)| + |σ_i(A*) − t_i| with max_i|σ_i(A_b) − σ_i(A*)| ≤ ε_ℓ (sdeg.b.sv-leading, the sharper constant 1) and the ideal list's sorted cost ≤ 1 (checked; k = 0: (1, 0, …) against δ₀ costs 1/ℓ; k = ℓ: 0); the weak limit: the triangle inequality for W₁ and W₁ convergence of compactly supported laws (all in [0, √2]: column sums of A_b are ≤ 2) implies weak convergence (Villani 2009, Thm 6.9)"
    ),
    reason=(
        "Machine-checked (sympy): α₊ + α₋ = √(4 − 3c) ≤ 2, so the ideal singular list is within 1/ℓ of the atoms (1^k, 0^(ℓ−k)) in the sorted matching, and the arithmetic ε_ℓ + 1/ℓ ≤ 2ε_ℓ + 2/ℓ. Cited: W₁ as an infimum over couplings and its metrisation of weak convergence. The ideal-to-actual step is sdeg.b.sv-leading's ‖A_b − A*‖ ≤ ε_ℓ. The property search and the sweep (c = 1/4, f = log ℓ: W₁ = Θ(1/log ℓ) → 0) are cross-checks"
    ),
    uses=["sdeg.b.sv-leading"],
)


# --------------------------------------------------------------------------- App. D.1, §3.2


def _sv_interlace_margin(s) -> float:
    sigma = scipy.linalg.svdvals(dense_attention(s))
    d, _ = canonical_weights(s)
    d = np.sort(d)[::-1]
    n = s.size
    upper = [d[j - 2] - sigma[j - 1] for j in range(2, n + 1)]
    lower = [sigma[j - 1] - d[j] for j in range(1, n)]
    return min(upper + lower, default=math.inf)


@check
def sdegb_sv_interlace_property(ctx: Context) -> Evidence:
    return property_search(
        score_vectors(1, 48),
        _sv_interlace_margin,
        ctx=ctx,
        tolerance=lambda s: float_tolerance(s.size, math.sqrt(s.size)),
        allowance=SVD_B_ALLOWANCE,
        what="d_{j+1} ≤ σ_j(A_b) (j < ℓ) and σ_j(A_b) ≤ d_{j−1} (j ≥ 2)",
        ranges="ℓ ≤ 48, 30 ≥ s₁ ≥ … ≥ s_ℓ ≥ 0",
        pinned=(np.zeros(4), np.array([30.0, 30.0, 0.0]), np.array([5.0, 4.0, 3.0, 2.0, 1.0])),
    )


@check
def sdegb_sv_interlace_proof(ctx: Context) -> Evidence:
    """d_(j+1) ≤ σ_j(A_b) ≤ d_(j−1) for every ℓ: A_b = D + z𝟏ᵀ (Coq, sdeg.b.charpoly) is a rank-one perturbation of
    D = diag(d), whose singular values are d_1 ≥ … ≥ d_ℓ ≥ 0 (sympy, below); Weyl's inequality for singular values
    (prose) does the rest."""
    zi, zj = sp.symbols("z_i z_j", real=True)
    minor = sp.Matrix([[zi, zi], [zj, zj]])  # rows i ≠ j and any two columns of z𝟏ᵀ (every column is z)
    steps = [
        *canonical_weight_steps(),
        sympy_identity(
            minor.det(),
            sp.Integer(0),
            what=(
                "every 2 × 2 minor of z𝟏ᵀ (rows i ≠ j, any two columns) is det[[z_i, z_i], [z_j, z_j]] = 0: "
                "rank(z𝟏ᵀ) ≤ 1, so σ_2(z𝟏ᵀ) = 0"
            ),
        ),
    ]
    return derivation(
        steps,
        what="D = diag(d) with d_1 ≥ … ≥ d_ℓ ≥ 0 is its own SVD, and z𝟏ᵀ has rank one",
        ranges="every ℓ, scores s_1 ≥ … ≥ s_ℓ ≥ 0",
    )


claim(
    id="sdeg.b.sv-interlace",
    tightness=Tightness(
        "sharp",
        "equal scores give A_b = dI + (1−d)J, symmetric with eigenvalues 1 and d ≥ 0, so σ_j = d = d_{j−1} = d_{j+1} for 2 ≤ j ≤ ℓ−1: both sides equalities (the worked example of sdeg.b.rank-proxies)",
        where={"scores": "all equal, s_i = b"},
    ),
    title="Singular values interlace the d_i",
    source=Source("SDEG", "App. D.1", "interlacing display"),
    statement=r"For scores $s_1\ge\dots\ge s_\ell\ge0$: $d_{j+1}\le\sigma_j(A_b)$ for $1\le j<\ell$ and $\sigma_j(A_b)\le d_{j-1}$ for $2\le j\le\ell$.",
    checks=[sdegb_sv_interlace_proof],
    cross_checks=[sdegb_sv_interlace_property],
    expected=Status.PROVED,
    prose=(
        "Weyl's inequality σ_(i+j−1)(X + Y) ≤ σ_i(X) + σ_j(Y) (Horn & Johnson, Topics, Thm 3.3.16) with Y = ±z𝟏ᵀ of rank one: σ_j(A_b) ≤ σ_(j−1)(D) + σ_2(z𝟏ᵀ) = d_(j−1) and d_(j+1) = σ_(j+1)(A_b − z𝟏ᵀ) ≤ σ_j(A_b) + σ_2(z𝟏ᵀ) = σ_j(A_b)"
    ),
    reason=(
        "For every ℓ: A_b = D + z𝟏ᵀ (kernel-checked in Coq, sdeg.b.charpoly); sympy: d_i ≥ 0 and increasing in a_i, so for sorted scores D = diag(d) has singular values d_1 ≥ … ≥ d_ℓ, and z𝟏ᵀ has rank one. Weyl's inequality for singular values, σ_(i+j−1)(X + Y) ≤ σ_i(X) + σ_j(Y), with the rank-one term (σ_2 = 0) gives both sides (argued in prose, a textbook theorem). The property search with backward-stable singular values is a cross-check; its worst margin sits at the float floor (ties d_j = d_(j+1))."
    ),
    uses=["sdeg.b.decomposition", "sdeg.b.charpoly"],
)


@check
def sdegb_bulk_d_sympy(ctx: Context) -> Evidence:
    a, ell, B = sp.symbols("a ell B", positive=True)
    d = (a - 1) / (a + ell - 1)
    residuals = {
        "(a−1)/ℓ − d = (a−1)²/(ℓ(a+ℓ−1)) ≥ 0": (a - 1) / ell - d - (a - 1) ** 2 / (ell * (a + ell - 1)),
        "∂d/∂a = ℓ/(a+ℓ−1)² > 0, so d ≤ d(e^B) ≤ (e^B−1)/ℓ": sp.diff(d, a) - ell / (a + ell - 1) ** 2,
        "tight: ℓ·d(e^B) → e^B − 1": sp.limit(ell * d.subs(a, sp.exp(B)), ell, sp.oo) - (sp.exp(B) - 1),
    }
    return symbolic_evidence(
        "bounded bulk 0 ≤ s_i ≤ B ⇒ 0 ≤ d_i ≤ (e^B−1)/ℓ, asymptotically tight",
        "symbolic ℓ, B, 1 ≤ a_i ≤ e^B",
        residuals,
    )


claim(
    id="sdeg.b.bulk-d",
    tightness=Tightness(
        "sharp",
        "the statement's own limit ℓd_i → e^B − 1 at s_i = B (sdegb_bulk_d_sympy)",
        approach="ℓd_i = (e^B−1)ℓ/(e^B+ℓ−1) = (e^B−1)(1 − (e^B−1)/ℓ + O(ℓ⁻²))",
    ),
    limit=Limit(
        "closed-form",
        "sdegb_bulk_d_sympy: the closed form of d_i",
        quantity="ℓ·d_i at s_i = B",
        value="e^B − 1",
        approach="from below, relative error (e^B−1)/(e^B+ℓ−1) ~ (e^B−1)/ℓ",
    ),
    title="Bounded bulk gives d_i = O(1/ℓ)",
    source=Source("SDEG", "§3.2", "bounded-bulk display"),
    statement=r"If $0\le s_i\le B$ for $i>k$, then $0\le d_i=\frac{e^{s_i}-1}{e^{s_i}+\ell-1}\le\frac{e^B-1}{\ell}$, and $\ell\,d_i\to e^B-1$ when $s_i=B$: the bound is asymptotically tight.",
    checks=[sdegb_bulk_d_sympy],
    expected=Status.PROVED,
    prose="chaining the checked steps: d is increasing in a, so 1 ≤ a_i ≤ e^B gives 0 ≤ d_i ≤ d(e^B) ≤ (e^B−1)/ℓ",
    reason="sympy: (a−1)/ℓ − d = (a−1)²/(ℓ(a+ℓ−1)) ≥ 0, d increasing in a, and the limit ℓ·d(e^B) = e^B − 1",
)


@check
def sdegb_trace_rank_property(ctx: Context) -> Evidence:
    def margin(s):
        lam = np.abs(bidirectional_eigenvalues(s))
        return -abs(lam.sum() / lam.max() - float(np.trace(dense_attention(s))))

    return property_search(
        score_vectors(1, 48),
        margin,
        ctx=ctx,
        tolerance=lambda s: (2 * s.size + 1) * eigen_real_tolerance(s),
        allowance=(
            "Σλ_i within ℓ·tol (tol = eigen_real_tolerance, each λ_i's eigvalsh bound); dividing by "
            "λ₁ = 1 ± tol adds ≤ tr·tol ≤ ℓ·tol; the dense trace's ≤ ℓ·10·eps ≤ tol: (2ℓ + 1)·tol"
        ),
        what="srank_λ(A_b) = Σ|λ_i|/max|λ_i| equals tr(A_b)",
        ranges="ℓ ≤ 48, 30 ≥ s₁ ≥ … ≥ s_ℓ ≥ 0",
    )


@check
def sdegb_trace_rank_proof(ctx: Context) -> Evidence:
    """tr A_b = Σ(d_i + z_i) = Σ a_i/(a_i+ℓ−1); eigenvalues in [0, 1] with λ₁ = 1 (sdeg.b.eigen-real) make Σ|λ_i| the
    trace.
    """
    a, ell = sp.symbols("a ell", positive=True)
    lam = sp.Symbol("lambda_i", nonnegative=True)
    steps = [
        sympy_identity(
            (a - 1) / (a + ell - 1) + 1 / (a + ell - 1),
            a / (a + ell - 1),
            what="(A_b)_ii = d_i + z_i = a_i/(a_i+ℓ−1) (A_b = D + z𝟏ᵀ)",
        ),
        sympy_identity(sp.Abs(lam), lam, what="|λ_i| = λ_i for λ_i ≥ 0: with max_i λ_i = 1, Σ|λ_i|/max|λ_i| = Σλ_i"),
    ]
    return derivation(
        steps, what="srank_λ(A_b) = Σλ_i = tr A_b = Σ_i a_i/(a_i+ℓ−1)", ranges="every ℓ, sorted scores s ≥ 0"
    )


claim(
    id="sdeg.b.trace-rank",
    title="Eigenvalue participation equals the trace",
    source=Source("SDEG", "App. D.1", "Eq. (5)"),
    statement=r"$\operatorname{srank}_\lambda(A_b)=\sum_i|\lambda_i(A_b)|/\max_i|\lambda_i(A_b)|=\operatorname{tr}A_b=\sum_i\frac{a_i}{a_i+\ell-1}$, because the eigenvalues are nonnegative and the largest is 1.",
    checks=[sdegb_trace_rank_proof],
    cross_checks=[sdegb_trace_rank_property],
    expected=Status.PROVED,
    prose=(
        "sdeg.b.eigen-real gives real eigenvalues in [0, 1] with λ₁ = 1, so |λ_i| = λ_i and max_i|λ_i| = 1; the sum of the eigenvalues, with algebraic multiplicity, is the trace (Horn & Johnson, Matrix Analysis, 2nd ed. (2013), §1.2: tr A = Σλ_i, the coefficient of X^(ℓ−1) in the characteristic polynomial); the diagonal entries are those of sdeg.setup.entries"
    ),
    reason=(
        "Machine-checked (sympy): (A_b)_ii = d_i + z_i = a_i/(a_i+ℓ−1), and |λ| = λ for λ ≥ 0. Cited: trace = sum of eigenvalues. The spectrum facts are sdeg.b.eigen-real's (Coq). A property search of the participation against the trace is a cross-check"
    ),
    uses=["sdeg.b.eigen-real", "sdeg.setup.entries"],
)


# --------------------------------------------------------------------------- Theorem 6, §3.4


@check
def sdegb_rank_example_sympy(ctx: Context) -> Evidence:
    b, ell = sp.symbols("b ell", positive=True)
    d = (sp.exp(b) - 1) / (sp.exp(b) + ell - 1)
    srank = 1 + (ell - 1) * d**2
    q1 = 1 / srank
    entropy = -q1 * sp.log(q1) - (ell - 1) * (d**2 / srank) * sp.log(d**2 / srank)
    residuals = {
        "softmax(bI) = dI + (1−d)J: diagonal": sp.exp(b) / (sp.exp(b) + ell - 1) - (d + (1 - d) / ell),
        "softmax(bI) = dI + (1−d)J: off-diagonal": 1 / (sp.exp(b) + ell - 1) - (1 - d) / ell,
        "d ~ (e^b−1)/ℓ": sp.limit(ell * d, ell, sp.oo) - (sp.exp(b) - 1),
        "srank = 1 + (ℓ−1)d² → 1": sp.limit(srank, ell, sp.oo) - 1,
        "erank₂ = exp(H(q)) → 1": sp.limit(entropy, ell, sp.oo),
    }
    return symbolic_evidence(
        "worked example: σ(dI+(1−d)J) = {1, d (ℓ−1 times)}, srank and erank₂ → k+1 = 1",
        "symbolic b > 0, ℓ → ∞",
        residuals,
    )


@check
def sdegb_rank_proxies_sweep(ctx: Context) -> Evidence:
    sizes = sweep_sizes(ctx)
    k = 3
    # f = √ℓ puts the spike term ε_ℓ = ℓ^{-1/2} and the ideal-profile term (k+1)(1 − 1/a₊(c_ℓ)) ≈ (k+1)√c_ℓ on one
    # rate, so the deficit is a single power law (with f = log ℓ the two terms cross over inside any sweep)
    sv = [bidirectional_singular_values(spike_bulk_family(int(n), k, math.sqrt(n))) for n in sizes]
    srank = np.array([stable_rank(s) for s in sv])
    erank = np.array([effective_rank(s, 2) for s in sv])
    # erank₂ ≥ srank (Shannon ≥ min-entropy), and grouping the entropy of q = σ²/Σσ² into the k+1 leading
    # values and the bulk mass m gives erank₂ ≤ (k+1)·exp(h(m) + m log ℓ): both ends tend to k+1
    mass = np.array([np.sum(s[k + 1 :] ** 2) / np.sum(s**2) for s in sv])
    upper = (k + 1) * np.exp(-mass * np.log(mass) - (1 - mass) * np.log1p(-mass) + mass * np.log(sizes))
    fit = fit_rate(
        sizes,
        k + 1 - srank,
        lambda x: x**-0.5,
        "ℓ^-1/2",
        competitors={"1/log ℓ": log_rate(1), "1/ℓ": lambda x: 1.0 / x},
    )
    ev = rate_evidence(
        fit,
        what="k = 3, bounded bulk, f = √ℓ: (k+1) − srank(A_b) = Θ(ε_ℓ + √c_ℓ) = Θ(ℓ^{-1/2}) → 0",
        ranges=f"ℓ = {sizes[0]}…{sizes[-1]}, bulk in [0, {fmt(BULK_BOUND)}]",
    )
    tol = float_tolerance(int(sizes[-1]), k + 1)
    sandwiched = bool(np.all(srank <= erank + tol) and np.all(erank <= upper + tol))
    shrinking = bool(np.all(np.diff(upper) < 0))
    ev = replace(
        ev,
        summary=ev.summary
        + f"; srank ≤ erank₂ ≤ (k+1)e^(h(m)+m log ℓ) at every ℓ: {sandwiched}, the upper end − (k+1) = "
        f"{fmt(upper[0] - k - 1)} → {fmt(upper[-1] - k - 1)} (decreasing: {shrinking}), so erank₂ → k+1 too "
        f"(erank₂ − (k+1) = {fmt(erank[-1] - k - 1)} at ℓ = {sizes[-1]})",
    )
    ev = replace(ev, data={**ev.data, **{"erank2": erank.tolist(), "erank2_upper": upper.tolist()}})
    if not (sandwiched and shrinking):
        ev = replace(
            ev,
            status=Status.REFUTED,
            counterexample={
                "sizes": sizes.tolist(),
                "srank": srank.tolist(),
                "erank2": erank.tolist(),
                "upper": upper.tolist(),
            },
        )
    return ev


@check
def sdegb_rank_k0_bracket_proof(ctx: Context) -> Evidence:
    """k = 0, bounded bulk: 1 ≤ srank(A_b) ≤ ‖A_b‖_F² = 1 + (1 − 1/ℓ)Σd_i² ≤ 1 + (e^B−1)²/ℓ, and s = 0 gives srank =
    1.
    """
    u, w, L = sp.symbols("u w ell", positive=True)  # a = 1 + u ≤ e^B = 1 + u + w
    a, E = 1 + u, 1 + u + w
    d = (a - 1) / (a + L - 1)
    i, dd = sp.Symbol("i", integer=True, positive=True), sp.Symbol("delta", nonnegative=True)  # δ = (e^B−1)/ℓ
    steps = [
        sympy_identity(
            (a**2 + L - 1) / (a + L - 1) ** 2,
            d**2 + (1 - d**2) / L,
            what="row norm² of A_b = d_i² + (1 − d_i²)/ℓ, so ‖A_b‖_F² = 1 + (1 − 1/ℓ)Σ_i d_i²",
        ),
        sympy_nonnegative((E - 1) / L - d, [u, w, L], what="0 ≤ d_i ≤ (e^B−1)/ℓ for 1 ≤ a_i ≤ e^B (sdeg.b.bulk-d)"),
        sympy_identity(
            sp.summation(dd**2, (i, 1, L)) * (1 - 1 / L),
            (L - 1) * dd**2,
            what="(1 − 1/ℓ)Σ_(i≤ℓ)δ² = (ℓ − 1)δ² ≤ ℓδ² = (e^B−1)²/ℓ for δ = (e^B−1)/ℓ",
        ),
        sympy_identity(
            a / (a + L - 1) + (L - 1) / (a + L - 1),
            sp.Integer(1),
            what=(
                "each row sums to a_i/(a_i+ℓ−1) + (ℓ−1)/(a_i+ℓ−1) = 1: A_b𝟏 = 𝟏, σ₁(A_b) ≥ ‖A_b𝟏‖/‖𝟏‖ = 1, so "
                "srank = ‖A_b‖_F²/σ₁² ≤ ‖A_b‖_F²; and srank ≥ 1 always (σ₁² ≤ Σσ_i²)"
            ),
        ),
        sympy_identity(
            (1 - 0**2) / L * L + 0,
            sp.Integer(1),
            what=(
                "all scores 0: d = 0, A_b = J, ‖A_b‖_F² = ℓ·(1/ℓ) = 1 = σ₁²: srank = 1 exactly at every ℓ, so "
                "srank − 1 is not Θ(1/ℓ) over all bounded bulks (only O(1/ℓ))"
            ),
        ),
    ]
    return derivation(
        steps,
        what="k = 0, bulk 0 ≤ s_i ≤ B: 1 ≤ srank(A_b) ≤ 1 + (e^B−1)²/ℓ, both ends attained in order",
        ranges="every ℓ, every B ≥ 0, every bulk score vector in [0, B]^ℓ",
    )


@check
def sdegb_rank_k0_zero_scores(ctx: Context) -> Evidence:
    """The lower end in floating point: s = 0 gives srank(A_b) = 1 at ℓ = 16, 256 (within rounding)."""
    rows = {ell: stable_rank(bidirectional_singular_values(np.zeros(ell))) for ell in (16, 256)}
    ok = all(abs(v - 1) <= float_tolerance(ell, 1.0) for ell, v in rows.items())
    return Evidence(
        Status.VERIFIED if ok else Status.REFUTED,
        "float",
        "all scores 0 (k = 0, B = 0, g = ℓ): srank(A_b) = "
        + ", ".join(f"{fmt(v, 6)} at ℓ = {ell}" for ell, v in rows.items()),
        ranges="ℓ in {16, 256}",
        role="supports",
        data={"srank": {str(k): v for k, v in rows.items()}},
        counterexample=None if ok else {"srank": {str(k): v for k, v in rows.items()}},
    )


@check
def sdegb_rank_proxies_k0_sweep(ctx: Context) -> Evidence:
    sizes = sweep_sizes(ctx)
    y = np.array([stable_rank(bidirectional_singular_values(spike_bulk_family(int(n), 0, 1.0))) - 1 for n in sizes])
    fit = fit_rate(
        sizes,
        y,
        lambda x: 1.0 / x,
        "1/ℓ",
        competitors={"log ℓ/ℓ": lambda x: np.log(x) / x, "ℓ^-1/2": lambda x: x**-0.5},
    )
    return rate_evidence(
        fit,
        what=(
            "k = 0, bulk on eight levels in [0, 2]: srank(A_b) − 1 = Θ(1/ℓ) for this family (the O(1/ℓ) "
            "bulk term of §3.4 attained; all scores 0 give srank = 1 instead)"
        ),
        ranges=f"ℓ = {sizes[0]}…{sizes[-1]}, bulk in [0, {fmt(BULK_BOUND)}]",
        role="supports",
    )


claim(
    id="sdeg.b.rank-proxies",
    tightness=Tightness(
        "sharp",
        "for k = 0 the lower side srank(A_b) ≥ 1 is attained: all scores 0 give srank = 1 exactly (the statement; sdegb_rank_k0_bracket_proof)",
        where={"scores": "all 0, k = 0"},
    ),
    limit=Limit(
        "closed-form",
        "the statement's own limit (sdegb_rank_k0_bracket_proof, the stored sweep for k ≥ 1)",
        quantity="srank(A_b) at fixed k under separation",
        value="k + 1",
        approach="O(ε_ℓ + ℓ^{−1/2}) (the stated rate)",
    ),
    figure="figures/rank-proxies.png",
    title="Stable and entropy ranks of A_b are k + 1 + o(1) under bounded bulk",
    source=Source("SDEG", "§3.4", "Thm 6"),
    statement=(
        r"Under spectral separation with bounded bulk ($0\le s_i\le B$, $i>k$) and a fixed spike count $k$ (as for a head of fixed dimension), $\operatorname{srank}(A_b)=k+1+O(\varepsilon_\ell+\ell^{-1/2})$ (for $k=0$: $1\le\operatorname{srank}(A_b)\le1+(e^B-1)^2/\ell$, i.e. $1+O(\ell^{-1})$; not $1+\Theta(\ell^{-1})$, since all scores $0$ give $\operatorname{srank}=1$ exactly) and $\operatorname{erank}_2(A_b)=k+1+o(1)$. Worked example: $\operatorname{softmax}(bI)=dI+(1-d)J$ with $d=\frac{e^b-1}{e^b+\ell-1}\sim\frac{e^b-1}{\ell}$ has $\operatorname{srank}=1+(\ell-1)d^2\to1$."
    ),
    checks=[sdegb_rank_example_sympy, sdegb_rank_k0_bracket_proof, sdegb_rank_proxies_sweep],
    cross_checks=[sdegb_rank_k0_zero_scores, sdegb_rank_proxies_k0_sweep],
    expected=Status.VERIFIED,
    reason=(
        "worked example exactly (sympy); k = 0 exactly (sympy: 1 ≤ srank ≤ ‖A_b‖_F² = 1 + (1 − 1/ℓ)Σd_i² ≤ 1 + (e^B−1)²/ℓ, with srank = 1 at s = 0); with k = 3 and f = √ℓ the sweep fits 4 − srank = Θ(ℓ^{-1/2}) and brackets srank ≤ erank₂ ≤ 4·e^{h(m)+m log ℓ} → 4 (m the bulk mass). The ℓ^{-1/2} is the ideal profile's own deficit (k+1)(1 − 1/a₊(c_ℓ)) ≈ (k+1)√c_ℓ, so for fast-growing f it dominates ε_ℓ. Corrected (audit finding): the statement used to read '1 + Θ(ℓ⁻¹)' for k = 0, which fails on its lower side (all scores 0: A_b = J, srank = 1 at every ℓ, kept as a cross-check at ℓ = 16, 256); the paper says O(1/ℓ), and Θ(1/ℓ) is a property of the swept family (bulk on eight levels in [0, 2])"
    ),
    unproved=(
        "k = 0 is proved exactly; srank = k + 1 + O(ε_ℓ + ℓ^(−1/2)) and erank₂ → k + 1 for k ≥ 1 rest on a sweep. A proof along sdeg.b.bulk-moments and sdeg.b.sv-leading (‖A_b‖_F² = 1 + (1 − 1/ℓ)(Σ_(i≤k)d_i² + M_2), σ₁ ∈ [1, α₊ + ε_ℓ], and a Jensen bound on the tail entropy) is outlined in the audit but not assembled here."
    ),
    notes=["reconstructed", "interpretive"],
    lost=(
        "the statement of Thm 6 (App. D.1) is missing; its proof survives in terms of bulk moments M_{p,ℓ}, B_{p,ℓ}, E_{p,ℓ}. Restored as the bounded-bulk corollary quoted in §3.4; 'k fixed' is our reading of the k+1+o(1) form (see sdeg.b.rank-proxies.hypotheses.growing-k)"
    ),
    uses=["sdeg.b.sv-leading", "sdeg.b.bulk-d", "sdeg.setup.spike-count", "sdeg.b.sv-interlace", "sdeg.b.bulk-moments"],
)


@check
def sdegb_encoder_srank_sweep(ctx: Context) -> Evidence:
    """srank(A_b)/ℓ = Θ(1/ℓ) from the stored `bidirectional-srank` sweep (k = 3, f = log ℓ, bulk in [0, 2])."""
    from specproof.runs.sweeps.table import rate_check, stored_options

    ev = rate_check(
        "bidirectional-srank",
        lambda x: 1.0 / x,
        "1/ℓ",
        what="encoder: srank(A_b)/ℓ = Θ(1/ℓ)",
        transform=("srank(A_b)/ℓ", lambda srank, row: srank / row["x"]),
        competitors={"log ℓ/ℓ": lambda x: np.log(x) / x, "ℓ^-1/2": lambda x: x**-0.5},
        select=lambda r: r["x"] >= 64,
        **stored_options(ctx),
    )
    ev = replace(ev, ranges=f"k = 3, f = log ℓ, bulk in [0, {fmt(BULK_BOUND)}]; {ev.ranges}")
    return ev


@check
def sdegb_decoder_srank_sweep(ctx: Context) -> Evidence:
    """srank(A_c)/ℓ = Θ(log ℓ/ℓ) from the stored `causal-srank` sweep: srank = ‖A_c‖_F²/σ₁² with ‖A_c‖_F² =
    log ℓ + O(1) (closed form per row) and σ₁ ∈ [1, √5] (the sweep's brackets), so srank ∈ [‖A_c‖_F²/5, ‖A_c‖_F²]."""
    from specproof.runs.sweeps.table import run_sweep, stored_options

    options = stored_options(ctx)
    rows = [r for r in run_sweep("causal-srank", **options).rows if r["x"] >= 64]
    sizes = np.array([r["x"] for r in rows], dtype=float)
    sigma_lo, sigma_hi = min(r["norm_lower"] for r in rows), max(r["norm_upper"] for r in rows)
    srank = np.array([r["value"] for r in rows])
    fro2 = np.array([r["frobenius_sq"] for r in rows])  # closed form per row: Σ_i ‖row_i‖²
    # ‖A_c‖_F² = log ℓ + O(1): its local slope in log ℓ tends to 1 (the excess over 1 halves with each doubling)
    slopes = np.diff(fro2) / np.diff(np.log(sizes))
    growth = fit_rate(sizes, srank / sizes, lambda x: 1.0 / x, "1/ℓ", scale="loglog").trend
    ratio = srank / np.log(sizes)
    margin = min(sigma_lo - 1.0, math.sqrt(5) - sigma_hi, 0.05 - abs(slopes[-1] - 1), growth - 0.05)
    holds = margin >= 0
    summary = (
        f"decoder: srank(A_c) = ‖A_c‖_F²/σ₁² where d‖A_c‖_F²/d log ℓ = {fmt(slopes[0])} → {fmt(slopes[-1])} and σ₁ ∈"
        f" [{fmt(sigma_lo)}, {fmt(sigma_hi)}] ⊂ [1, √5]; srank/log ℓ ∈ [{fmt(ratio.min())}, {fmt(ratio.max())}], so"
        f" srank(A_c)/ℓ = Θ(log ℓ/ℓ); against 1/ℓ the ratio grows (trend {fmt(growth)} per loglog-unit)"
    )
    data = {
        "sizes": sizes.tolist(),
        "fro2": fro2.tolist(),
        "srank": srank.tolist(),
        "sigma1_bracket": [sigma_lo, sigma_hi],
    }
    ranges = (
        f"sweep causal-srank ({options['grid']} grid): k = 3, f = log ℓ, bulk in [0, {fmt(BULK_BOUND)}], "
        f"ℓ = {int(sizes[0])}…{int(sizes[-1])}"
    )
    if holds:
        return Evidence(
            Status.VERIFIED,
            "sweep-fit",
            summary,
            ranges=ranges,
            worst_margin=float(margin),
            sharpest=f"{fmt(ratio.min())} <= srank(A_c)/log ℓ <= {fmt(ratio.max())}",
            data=data,
        )
    return Evidence(
        Status.REFUTED, "sweep-fit", summary, ranges=ranges, worst_margin=float(margin), counterexample=data, data=data
    )


@check
def sdegb_encoder_decoder_proof(ctx: Context) -> Evidence:
    """Bidirectional: 1 ≤ srank(A_b) ≤ ‖A_b‖_F² ≤ k + 1 + (e^B−1)²; causal: F/20 ≤ srank(A_c) ≤ C_B·F (the proved
    bracket, rerun as c_rank_proxies_exact) with F = k + log((ℓ+1)/(k+1)) ~ log ℓ for fixed k."""
    u, w, L = sp.symbols("u w ell", positive=True)  # a = 1 + u ≤ e^B = 1 + u + w for the bulk
    a, E = 1 + u, 1 + u + w
    d = (a - 1) / (a + L - 1)
    k = sp.Symbol("k", integer=True, nonnegative=True)
    ell = sp.Symbol("ell", positive=True)
    steps = [
        sympy_identity(
            (a**2 + L - 1) / (a + L - 1) ** 2,
            d**2 + (1 - d**2) / L,
            what="row norm² = d_i² + (1 − d_i²)/ℓ: ‖A_b‖_F² = 1 + (1 − 1/ℓ)Σ_i d_i²",
        ),
        sympy_nonnegative(1 - d, [u, L], what="d_i ≤ 1 (spikes): Σ_(i≤k) d_i² ≤ k"),
        sympy_nonnegative(
            (E - 1) / L - d, [u, w, L], what="bulk 0 ≤ d_i ≤ (e^B−1)/ℓ: M₂ ≤ (ℓ − k)(e^B−1)²/ℓ² ≤ (e^B−1)²/ℓ"
        ),
        sympy_identity(
            a / (a + L - 1) + (L - 1) / (a + L - 1),
            sp.Integer(1),
            what="A_b𝟏 = 𝟏, so σ₁(A_b) ≥ 1 and srank(A_b) ≤ ‖A_b‖_F² ≤ k + 1 + (e^B−1)²; srank ≥ 1 always",
        ),
        limit_of(
            (k + 1 + w**2) / ell / (1 / ell),
            ell,
            k + 1 + w**2,
            what="srank(A_b)/ℓ ∈ [1/ℓ, (k + 1 + (e^B−1)²)/ℓ]: Θ_(k,B)(1/ℓ)",
        ),
        limit_of(
            (k + sp.log((ell + 1) / (k + 1))) / sp.log(ell),
            ell,
            sp.Integer(1),
            what=(
                "F = k + log((ℓ+1)/(k+1)) ~ log ℓ for fixed k: with F/20 ≤ srank(A_c) ≤ C_B·F, srank(A_c)/ℓ = "
                "Θ_(k,B)(log ℓ/ℓ)"
            ),
        ),
    ]
    return derivation(
        steps,
        what="srank(A_b)/ℓ = Θ(1/ℓ) and srank(A_c)/ℓ = Θ(log ℓ/ℓ) for fixed k and bounded bulk",
        ranges="every ℓ; fixed k; bulk 0 ≤ s_i ≤ B; causal spikes a_i ≥ ℓ (f ≥ 1, which separation gives eventually)",
    )


def limit_of(expr, var, expected, *, what: str) -> Evidence:
    """lim_{var→∞} expr = expected, by sympy."""
    value = sp.limit(expr, var, sp.oo)
    if sp.simplify(value - expected) == 0:
        return Evidence(Status.PROVED, "sympy", f"{what}: the limit is {sp.sstr(value)}", worst_margin=0.0)
    return Evidence(Status.OPEN, "sympy", f"{what}: sympy finds the limit {sp.sstr(value)}, not {sp.sstr(expected)}")


claim(
    id="sdeg.encoder-decoder",
    limit=Limit(
        "closed-form",
        "bidirectional: ℓ·(srank(A_b)/ℓ) = srank(A_b) → k + 1 (sdeg.b.rank-proxies); the causal constant of srank(A_c)/log ℓ is not derived (only Θ, sdeg.c.rank-proxies)",
        quantity="ℓ·srank(A_b)/ℓ",
        value="k + 1",
    ),
    figure="figures/rank-proxies.png",
    title="Encoder versus decoder: stable rank over ℓ decays like 1/ℓ versus log ℓ/ℓ",
    source=Source("SDEG", "§3.4", "encoder versus decoder"),
    statement=(
        r"Under spectral separation with bounded bulk and fixed $k$: $\operatorname{srank}(A_b)/\ell=\Theta(1/\ell)$ (bidirectional) and $\operatorname{srank}(A_c)/\ell=\Theta(\log\ell/\ell)$ (causal)."
    ),
    checks=[sdegb_encoder_decoder_proof, c_rank_proxies_exact],
    cross_checks=[sdegb_encoder_srank_sweep, sdegb_decoder_srank_sweep],
    expected=Status.PROVED,
    prose=(
        "srank(A) = ‖A‖_F²/σ₁² ≥ 1 (σ₁² ≤ Σσ_i²); summing the checked row identity and the spike and bulk bounds on d_i into ‖A_b‖_F² ≤ k + 1 + (e^B−1)²; the causal bracket F/20 ≤ srank(A_c) ≤ (1 + (1 + (e^B−1)²π²/6)/log 2)F is the proved derivation of sdeg.c.rank-proxies (c_rank_proxies_exact, rerun here as a deciding check: row norms of sdeg.c.row-norms, λ_i of sdeg.c.eigen, ‖A_c‖ ≤ √5 of sdeg.c.sv-universal); spectral separation makes the spike factor f ≥ 1 for ℓ large; Θ read off the two brackets with the checked limits"
    ),
    reason=(
        "Machine-checked (sympy): ‖A_b‖_F² = 1 + (1 − 1/ℓ)Σd_i² with d_i ≤ 1 on spikes and ≤ (e^B−1)/ℓ on the bulk, and σ₁(A_b) ≥ 1 (rows sum to 1), so 1 ≤ srank(A_b) ≤ k + 1 + (e^B−1)²; the causal srank bracket [F/20, C_B·F] (the same sign certificates and integral comparison as the proved part of the causal rank-proxy claim) and F ~ log ℓ for fixed k. The stored sweeps to ℓ = 2^20 (2^23 and 10^7 with --wide) are cross-checks: bidirectional (srank(A_b)/ℓ)/(1/ℓ) flat, log ℓ/ℓ and ℓ^{-1/2} ruled out; causal ‖A_c‖_F² = log ℓ + O(1) and σ₁(A_c) ∈ [1, √5] (σ₁ still creeps towards 2, 1.86 at ℓ = 2^20)"
    ),
    uses=["sdeg.b.bulk-moments", "sdeg.b.bulk-d", "sdeg.c.eigen", "sdeg.c.sv-universal", "sdeg.c.row-norms"],
)
