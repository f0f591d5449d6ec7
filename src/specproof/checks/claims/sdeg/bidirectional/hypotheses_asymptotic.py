"""SDEG, bidirectional theorems, continued from sdeg_b_hypotheses: which hypotheses the asymptotic statements need,
Thm 1(1)–(2) (the leading singular values), Thm 1(3) and 2(3) (the limit laws), Thm 2(2) (the eigenvalue profile)
and Thm 6 (the rank proxies).
"""

from __future__ import annotations

import math
from dataclasses import replace
from fractions import Fraction

import numpy as np
import scipy.linalg
import scipy.special
import sympy as sp

from specproof.checks.claims._shared.sdeg_bidirectional import (
    BULK_BOUND,
    NEGATIVE_A,
    NEGATIVE_ELL,
    PSD_ELL,
    SLOWER_AND_FASTER,
    SVD_B_ALLOWANCE,
    _negative_uniform,
    _psd_example_ranges,
    dense_attention,
    sdegb_permutation_orientation_sympy,
    sdegb_weak_bulk_limit_sympy,
    signed_eps,
    spike_bulk_family,
    spike_deficit,
    sweep_sizes,
    symbolic_counterexample,
    symbolic_evidence,
)
from specproof.engine.methods import (
    derivation,
    exact_counterexample,
    float_tolerance,
    fmt,
    probe_hypothesis,
    property_search,
    sympy_identity,
    sympy_nonnegative,
)
from specproof.engine.rates import fit_rate, rate_evidence
from specproof.engine.records import Tightness, Weakest
from specproof.engine.registry import Context, Evidence, Source, Status, check, claim_split
from specproof.engine.strategies import spike_bulk_split
from specproof.theory.attention import (
    bidirectional_eigenvalues,
    bidirectional_singular_values,
    distance_to_spike_bulk_law,
    ideal_gram_extremes,
    ideal_singular_profile,
)


@check
def sdegb_weak_spike_sympy(ctx: Context) -> Evidence:
    ell = sp.Symbol("ell", positive=True)
    x = sp.Symbol("x")
    a1 = ell  # one spike with f = 1: e^{s₁} = ℓ, bulk scores 0
    z1, d1 = 1 / (a1 + ell - 1), (a1 - 1) / (a1 + ell - 1)
    R = sp.Matrix([[d1 + z1, sp.sqrt(ell - 1) * z1], [sp.sqrt(ell - 1) / ell, (ell - 1) / ell]])
    gram = (R * R.T).applyfunc(lambda e: sp.limit(e, ell, sp.oo))
    residuals = {
        "R Rᵀ → diag(1/4, 1): σ₂ → 1/2": sp.expand(gram.charpoly(x).as_expr() - (x - sp.Rational(1, 4)) * (x - 1))
    }
    ev = symbolic_evidence(
        "spike separation f → ∞ is necessary for Thm 1(2): k = 1, e^{s₁} = ℓ (f ≡ 1), bulk 0 gives σ₂(A_b) → 1/2",
        "symbolic ℓ → ∞ (reduction to the 2×2 group matrix R; the other ℓ−2 singular values are 0)",
        residuals,
    )
    ev = replace(ev, counterexample={"k": 1, "a_1": "ell", "bulk_scores": 0, "sigma_2_limit": 0.5})
    return ev


@check
def sdegb_linear_spikes_sweep(ctx: Context) -> Evidence:
    sizes = sweep_sizes(ctx)
    a_plus, _ = ideal_gram_extremes(0.5)
    y = np.array([bidirectional_singular_values(spike_bulk_family(int(n), int(n) // 2, math.log(n)))[0] for n in sizes])
    gap = np.abs(y - math.sqrt(a_plus))
    fit = fit_rate(sizes, gap, spike_deficit, "ε_ℓ/(1+ε_ℓ)", competitors={"1/ℓ": lambda x: 1.0 / x}, scale="loglog")
    ev = rate_evidence(
        fit,
        what=(
            f"k = ℓ/2 (c = 1/2, not o(ℓ)): σ₁(A_b) → α₊(1/2) = {fmt(math.sqrt(a_plus))} > 1, "
            f"|σ₁ − α₊| = Θ(ε_ℓ); σ₁ = {fmt(y[-1])} at ℓ = {sizes[-1]}"
        ),
        ranges=f"f = log ℓ, bulk in [0, {fmt(BULK_BOUND)}], ℓ = {sizes[0]}…{sizes[-1]}",
    )
    ev = replace(ev, counterexample={"k": "ell/2", "sigma_1": y.tolist(), "alpha_plus": math.sqrt(a_plus)})
    return ev


def _two_level_bulk_gram_limit():
    """k = 0, half the tokens at e^s = 1 and half at e^s = ℓ (bulk e^{s_i} ≤ ℓ, g ≡ 1): the group-constant vectors
    reduce A_b to the 2×2 matrix R (the zero-sum vectors of each group see only D, singular values d_g ≤ 1/2), and
    lim RRᵀ = [[1/2, 1/2], [1/2, 5/8]] with top eigenvalue (9 + √65)/16."""
    ell = sp.Symbol("ell", positive=True)
    n1 = n2 = ell / 2
    d1, z1 = sp.Integer(0), 1 / ell  # e^s = 1
    d2, z2 = (ell - 1) / (2 * ell - 1), 1 / (2 * ell - 1)  # e^s = ℓ
    R = sp.Matrix([[d1 + z1 * n1, z1 * sp.sqrt(n1 * n2)], [z2 * sp.sqrt(n1 * n2), d2 + z2 * n2]])
    return (R * R.T).applyfunc(lambda e: sp.limit(sp.simplify(e), ell, sp.oo))


@check
def sdegb_weak_bulk_upper_sympy(ctx: Context) -> Evidence:
    """Bulk separation is needed for the upper side of Thm 1(2): k = 0, half the bulk at e^s = 1, half at e^s = ℓ gives
    σ₁(A_b) → √(9 + √65)/4 ≈ 1.0327, not 1."""
    x = sp.Symbol("x")
    gram = _two_level_bulk_gram_limit()
    top = (9 + sp.sqrt(65)) / 16
    residuals = {
        "lim RRᵀ = [[1/2, 1/2], [1/2, 5/8]]": (
            (gram - sp.Matrix([[sp.Rational(1, 2), sp.Rational(1, 2)], [sp.Rational(1, 2), sp.Rational(5, 8)]])).norm()
        ),
        "its characteristic polynomial x² − (9/8)x + 1/16 has the root (9 + √65)/16": sp.expand(
            gram.charpoly(x).as_expr().subs(x, top)
        ),
    }
    value = math.sqrt(9 + math.sqrt(65)) / 4
    outcome = symbolic_counterexample(
        "k = 0, e^{s_i} = ℓ for ℓ/2 tokens and 1 for the others (bulk e^{s_i} ≤ ℓ, no spikes): the group reduction R"
        " has σ₁(R)² → (9 + √65)/16, so σ₁(A_b) → √(9 + √65)/4 ≈ "
        + fmt(value, 5)
        + " > 1; the statement 'with bulk e^{s_i} ≤ ℓ the leading k + 1 singular values still tend to 1' fails",
        "symbolic ℓ → ∞ (ℓ even; the zero-sum vectors of each group see only D, singular values ≤ 1/2)",
        residuals,
        k=0,
        scores="log(ell) on ell/2 tokens, 0 on the others",
        sigma_1_limit="sqrt(9 + sqrt(65))/4",
        sigma_1_limit_value=value,
    )
    return probe_hypothesis(
        "necessary", "bulk separation g → ∞ (for the upper side of Thm 1(2))", outcome, exact=True, role="decides"
    )


@check
def sdegb_weak_bulk_floor_sweep(ctx: Context) -> Evidence:
    """The family with bulk e^{s} on eight levels up to ℓ (k = 0): σ₁(A_b) − 1 stays at a floor ≈ 0.016, not → 0."""
    sizes = sweep_sizes(ctx)
    y = [
        float(bidirectional_singular_values(spike_bulk_family(int(n), 0, math.log(n), bulk_top=math.log(n)))[0]) - 1
        for n in sizes
    ]
    floor = min(y) > 0.01
    # the half-and-half family in floating point, against the exact limit
    two = [
        float(
            bidirectional_singular_values(
                np.concatenate([np.full(int(n) // 2, math.log(n)), np.zeros(int(n) - int(n) // 2)])
            )[0]
        )
        for n in sizes
    ]
    return Evidence(
        Status.VERIFIED if floor else Status.OPEN,
        "sweep",
        f"k = 0, bulk on eight levels in [0, log ℓ]: σ₁ − 1 = {', '.join(fmt(v) for v in y)} at ℓ = "
        f"{', '.join(str(int(n)) for n in sizes)}: a floor, not a decay (with k = 3 spikes the 1/f deviation of "
        "the spikes hides it in max_(i≤k+1)|σ_i − 1|); half the bulk at e^s = ℓ: σ₁ = "
        f"{', '.join(fmt(v, 5) for v in two)} → √(9 + √65)/4 = {fmt(math.sqrt(9 + math.sqrt(65)) / 4, 5)}",
        ranges=f"ℓ = {int(sizes[0])}…{int(sizes[-1])}",
        role="supports",
        worst_margin=float(min(y)),
        data={"sigma1_minus_1": y, "half_and_half_sigma1": two},
    )


def _lower_side_margin(pair) -> float:
    """σ_(k+1)(A_b) − (1 − (1/f + √c)/√(1 − c)) for any bulk with e^s ≥ 1 (k < ℓ)."""
    s, k = pair
    ell = s.size
    if k >= ell:
        return math.inf
    inv_f = math.exp(math.log(ell) - float(s[:k].min())) if k else 0.0
    c = k / ell
    sigma = scipy.linalg.svdvals(dense_attention(s))
    return float(sigma[k]) - (1 - (inv_f + math.sqrt(c)) / math.sqrt(1 - c))


@check
def sdegb_weak_bulk_lower_proof(ctx: Context) -> Evidence:
    """What survives without bulk separation: σ_(k+1)(A_b) ≥ 1 − (1/f + √c)/√(1 − c), Courant–Fischer on span{e₁…e_k,
    𝟏}.
    """
    u, m = sp.symbols("u m", nonnegative=True)
    a, L = 1 + u, 1 + m
    t, S, Y = sp.Symbol("t", real=True), sp.Symbol("S", real=True), sp.Symbol("Y", positive=True)  # S = 𝟏ᵀy, Y = ‖y‖²
    ell = sp.Symbol("ell", positive=True)
    steps = [
        sympy_nonnegative(
            1 / L - 1 / (a + L - 1), [u, m], what="z_j = 1/(a_j+ℓ−1) ≤ 1/ℓ for every a_j ≥ 1: ‖z‖² ≤ 1/ℓ"
        ),
        sympy_identity(
            (a - 1) / (a + L - 1) + L / (a + L - 1) - 1,
            sp.Integer(0),
            what="A_b e_i − e_i = (d_i − 1)e_i + z with 1 − d_i = ℓ/(a_i+ℓ−1) ≤ 1/f (spikes a_i ≥ ℓf); A_b𝟏 = 𝟏",
        ),
        sympy_identity(
            Y + 2 * t * S + ell * t**2,
            Y - S**2 / ell + ell * (t + S / ell) ** 2,
            what=(
                "‖x‖² = ‖y + t𝟏_k‖² + (ℓ−k)t² = ‖y‖² + 2t𝟏ᵀy + ℓt² ≥ ‖y‖² − (𝟏ᵀy)²/ℓ ≥ (1 − c)‖y‖² "
                "(Cauchy–Schwarz (𝟏ᵀy)² ≤ k‖y‖²)"
            ),
        ),
    ]
    return derivation(
        steps,
        what=(
            "for x = Σ_(i≤k) y_i e_i + t𝟏: ‖A_bx − x‖ ≤ (1/f)‖y‖ + |𝟏ᵀy|‖z‖ ≤ (1/f + √c)‖y‖ ≤ "
            "(1/f + √c)‖x‖/√(1 − c), so σ_(k+1)(A_b) ≥ 1 − (1/f + √c)/√(1 − c) with no bulk hypothesis"
        ),
        ranges="every ℓ, 0 ≤ k < ℓ, spikes a_i ≥ ℓf, every bulk with a_i ≥ 1",
    )


@check
def sdegb_weak_bulk_lower_property(ctx: Context) -> Evidence:
    return property_search(
        spike_bulk_split(),
        _lower_side_margin,
        ctx=ctx,
        tolerance=lambda p: float_tolerance(p[0].size, math.sqrt(p[0].size)),
        allowance=SVD_B_ALLOWANCE,
        what="σ_(k+1)(A_b) ≥ 1 − (1/f + √c)/√(1 − c) without bulk separation",
        ranges="ℓ ≤ 48, separated and unseparated splits, s ≥ 0",
        role="supports",
    )


@check
def sdegb_sv_profile_negative_exact(ctx: Context) -> Evidence:
    """Drop s ≥ 0 from Thm 1(1): all scores −log 10 at ℓ = 3 give σ = (1, 3/7, 3/7) against σ* = (1, 0, 0), 2ε_ℓ =
    1/15.
    """
    d, inv_g = _negative_uniform(NEGATIVE_ELL, NEGATIVE_A)
    outcome = exact_counterexample(
        f"k = 0, all scores −log 10, ℓ = 3: softmax(Σ) = dI + (1−d)J with d = {d}, so σ₂ = |d| = {abs(d)} "
        f"while the profile bound allows 2ε_ℓ = {2 * inv_g}",
        "ℓ = 3",
        2 * inv_g - abs(d),
        scores="-log 10 (all three)",
        sigma=["1", str(abs(d)), str(abs(d))],
        ideal=["1", "0", "0"],
        two_eps=str(2 * inv_g),
    )
    return probe_hypothesis(
        "necessary", "nonnegative scores (the 2ε_ℓ profile bound)", outcome, exact=True, role="decides"
    )


@check
def sdegb_sv_profile_signed_property(ctx: Context) -> Evidence:
    """Without s ≥ 0 the profile bound holds with ε'_ℓ = max(ε_ℓ, 1/(ℓ−1)) → 0, so the limits of Thm 1 survive."""

    def margin(pair):
        s, k = pair
        sigma = scipy.linalg.svdvals(dense_attention(s))
        return 2 * signed_eps(s, k) - float(np.max(np.abs(sigma - ideal_singular_profile(k, s.size))))

    ev = property_search(
        spike_bulk_split(nonnegative=False),
        margin,
        ctx=ctx,
        tolerance=lambda p: float_tolerance(p[0].size, math.sqrt(p[0].size)),
        allowance=SVD_B_ALLOWANCE,
        what="max_i |σ_i(A_b) − σ_i(A*)| ≤ 2ε'_ℓ, ε'_ℓ = max(ε_ℓ, 1/(ℓ−1)) (a bulk d_i ∈ (−1/(ℓ−1), 1/g])",
        ranges="ℓ ≤ 48, every split k, sorted scores with the bulk down to log ℓ − 24 and signed unseparated vectors",
    )
    return probe_hypothesis("not needed", "nonnegative scores (for the limits: ε'_ℓ → 0)", ev, role="decides")


@check
def sdegb_sv_psd_orientation_exact(ctx: Context) -> Evidence:
    """The App. E orientation S = (t/ℓ)𝟏𝟏ᵀ of Σ = te₁e₁ᵀ: softmax(S) = J, σ₂ = 0, while Thm 1(2) puts σ₂ within 2ε + √c
    of
    1.
    """
    ell = PSD_ELL
    bound = 2 * Fraction(1, ell) + Fraction(1, math.isqrt(ell))  # 2ε_ℓ + √c_ℓ, ε_ℓ = 1/ℓ, c_ℓ = 1/ℓ
    outcome = exact_counterexample(
        "Σ = te₁e₁ᵀ, t = 2 log ℓ (k = 1, f = g = ℓ) oriented as S = (t/ℓ)𝟏𝟏ᵀ (U = V, u₁ = 𝟏/√ℓ, "
        f"S ⪰ 0): softmax(S) = J, so |σ₂ − 1| = 1 against 2ε_ℓ + √c_ℓ = {bound}",
        _psd_example_ranges(),
        bound - 1,
        scores="S = (2 log ell / ell) 11^T",
        sigma_2=0,
        bound=str(bound),
    )
    return probe_hypothesis(
        "necessary", "the canonical orientation (U = V does not suffice)", outcome, exact=True, role="decides"
    )


@check
def sdegb_sv_temperature_sympy(ctx: Context) -> Evidence:
    """k = 1, s₁ = log(ℓ log ℓ), bulk 0: a spike at temperature 1 (RRᵀ → I) but bulk at temperature 2 (RRᵀ → diag(0,
    1)).
    """
    ell = sp.Symbol("ell", positive=True)

    def gram_limit(a):
        z1 = 1 / (a + ell - 1)
        R = sp.Matrix([[a * z1, sp.sqrt(ell - 1) * z1], [sp.sqrt(ell - 1) / ell, (ell - 1) / ell]])
        return (R * R.T).applyfunc(lambda e: sp.limit(sp.simplify(e), ell, sp.oo))

    a1 = ell * sp.log(ell)
    residuals = {
        "τ = 1 (a₁ = ℓ log ℓ, f = log ℓ): R Rᵀ → I, σ₁, σ₂ → 1": gram_limit(a1) - sp.eye(2),
        "τ = 2 (a₁ = √(ℓ log ℓ) = ℓ/g, g = √(ℓ/log ℓ)): R Rᵀ → diag(0, 1), σ₂ → 0": (
            gram_limit(sp.sqrt(a1)) - sp.diag(0, 1)
        ),
    }
    ev = symbolic_counterexample(
        "softmax at temperature τ is softmax(Σ/τ): the spike of Σ = diag(log(ℓ log ℓ), 0, …) is "
        "separated at τ = 1 but bulk at τ = 2, where σ₂ → 0 instead of 1; k and the thresholds "
        "e^{s} ≷ ℓ must be read at the softmax's own temperature (the 1/√d_qk included)",
        "symbolic ℓ → ∞ (the 2×2 group reduction; the other ℓ−2 singular values are 0)",
        {name: sp.Matrix(r).norm() for name, r in residuals.items()},
        scores="s_1 = log(ell log ell), s_i = 0 (i >= 2)",
        temperature=2,
        sigma_2_limit=0,
    )
    return probe_hypothesis(
        "necessary", "the temperature at which the thresholds are read (τ = 1)", ev, exact=True, role="decides"
    )


@check
def sdegb_sv_causal_mask_exact(ctx: Context) -> Evidence:
    """Thm 1(2) under the causal mask: k = 1, bulk 0 gives A_c = H_ℓ, σ₁ ≥ ‖H_ℓe₁‖ ≥ √(5/4) whatever the spike."""
    ell = 256
    bound = 2 * Fraction(1, ell) + Fraction(1, math.isqrt(ell))  # a₁ = ℓ² (f = ℓ), bulk a = 1 (g = ℓ)
    # row 1 of a causal softmax is e₁, a bulk row i with a_i = 1 is 𝟏ᵀ_{≤i}/i: A_c e₁ = (1, 1/2, …, 1/ℓ)
    column_sq = sum((Fraction(1, i * i) for i in range(1, ell + 1)), Fraction(0))
    outcome = exact_counterexample(
        f"causal mask, k = 1 (a₁ = ℓ²), bulk scores 0, ℓ = {ell}: σ₁(A_c)² ≥ ‖A_ce₁‖² = Σ 1/i² ≥ 5/4 "
        f"> (1 + 2ε_ℓ + √c_ℓ)² = {(1 + bound) ** 2}",
        f"ℓ = {ell} (σ₁ ≥ √(5/4) at every ℓ ≥ 2)",
        (1 + bound) ** 2 - min(column_sq, Fraction(5, 4)),
        mask="causal",
        scores="s_1 = 2 log ell, s_i = 0 (i >= 2)",
        bound=str(bound),
    )
    return probe_hypothesis("necessary", "the bidirectional mask", outcome, exact=True, role="decides")


claim_split(
    "sdeg.b.sv-leading.hypotheses",
    [
        dict(
            slug="spike-separation",
            weakest=Weakest(
                "needed-in-general",
                "shown at f ≡ 1 (e^{s₁} = ℓ): σ₂ stays bounded away from 1; other bounded f not searched",
                hypothesis="spike separation f (e^{s_i} ≥ ℓf)",
                stated="f → ∞",
            ),
            title="Thm 1(1)–(2): spike separation f → ∞ is necessary",
            statement=r"Spike separation $f\to\infty$ is necessary: a spike at $e^{s_1}=\ell$ (so $f\equiv1$) over a zero bulk leaves $\sigma_2(A_b)$ bounded away from 1.",
            checks=[sdegb_weak_spike_sympy],
            expected=Status.PROVED,
            reason="a sympy limit of the 2×2 group reduction, symbolic in ℓ",
        ),
        dict(
            slug="few-spikes",
            weakest=Weakest(
                "needed-in-general",
                "shown at c = 1/2 (σ₁ → α₊(1/2) > 1); other positive fractions not searched",
                hypothesis="spike fraction c_ℓ = k/ℓ",
                stated="k = o(ℓ)",
            ),
            tightness=Tightness(
                "unmeasurable",
                "the inequality is sdeg.b.sv-leading's conclusion, which the counterexample breaks without the hypothesis; this claim has no bound of its own (the counterexample's margin is in the evidence)",
            ),
            title="Thm 1(1)–(2): k = o(ℓ) is necessary",
            statement=r"$k=o(\ell)$ is necessary: with a positive fraction $c_\ell=\frac12$ of spikes, $\sigma_1(A_b)$ tends to $\alpha_+(\frac12)>1$.",
            checks=[sdegb_linear_spikes_sweep],
            expected=Status.VERIFIED,
            reason="a sweep over ℓ with a rate fit",
            unproved="σ₁ → α₊(1/2) for c = 1/2 rests on a sweep; a proof along the lines of sdeg.b.sv-leading (the identity A_b − A* = (D − D*)P holds for every real score vector) is not yet assembled here",
        ),
        dict(
            slug="bulk-separation",
            weakest=Weakest(
                "needed-in-general",
                "shown with half the bulk at e^s = ℓ (g ≡ 1): σ₁ tends to a limit above 1; other bounded g not searched",
                hypothesis="bulk separation g (e^{s_i} ≤ ℓ/g)",
                stated="g → ∞",
            ),
            title="Thm 1(2): bulk separation g → ∞ is needed for the upper side",
            statement=r"Bulk separation $g\to\infty$ (which a bounded bulk implies) is needed for the upper side: with $k=0$ and half the bulk at $e^{s_i}=\ell$, half at $e^{s_i}=1$, $\sigma_1(A_b)$ tends to a limit above 1.",
            checks=[sdegb_weak_bulk_upper_sympy],
            cross_checks=[sdegb_weak_bulk_floor_sweep],
            expected=Status.CERTIFIED,
            reason="an exact limit (sympy) of the two-level bulk; a sweep with bulk on eight levels up to ℓ as a cross-check. Corrected (audit finding): the statement used to call bulk separation 'only convenient'",
        ),
        dict(
            slug="lower-side",
            weakest=Weakest(
                "not-needed",
                "the lower side σ_{k+1} ≥ 1 − (1/f + √c)/√(1 − c) holds for any bulk with e^{s_i} ≥ 1",
                hypothesis="bulk separation g",
                stated="g → ∞",
            ),
            tightness=Tightness(
                "unmeasurable",
                "the same inequality as sdeg.b.sv-leading, shown to survive without the hypothesis; how tight it is is sdeg.b.sv-leading's record",
            ),
            title="Thm 1(2): the lower side survives without bulk separation",
            statement=r"Without bulk separation only the lower side survives: $\sigma_{k+1}(A_b)\ge1-(1/f+\sqrt{c_\ell})/\sqrt{1-c_\ell}$ for any bulk with $e^{s_i}\ge1$.",
            checks=[sdegb_weak_bulk_lower_proof],
            cross_checks=[sdegb_weak_bulk_lower_property],
            expected=Status.PROVED,
            reason="sympy steps with Courant–Fischer in prose; a property search as a cross-check",
            prose="Courant–Fischer on the span of e₁…e_k and 𝟏 turns the checked Rayleigh-quotient bound into the bound on σ_(k+1)",
        ),
        dict(
            slug="nonnegative-scores",
            weakest=Weakest(
                "needed-in-general",
                "shown with equal negative scores; the signed-scores claim gives the bound with ε' = max(ε, 1/(ℓ−1)) instead",
                hypothesis="score sign (s_i ≥ 0, i.e. a_i = e^{s_i} ≥ 1)",
                stated="s_i ≥ 0",
            ),
            title="Thm 1(1): nonnegative scores are needed for the 2ε_ℓ profile bound",
            statement=r"Nonnegative scores are needed for the $2\varepsilon_\ell$ profile bound: equal negative scores keep $\sigma_2$ far above $2\varepsilon_\ell$.",
            checks=[sdegb_sv_profile_negative_exact],
            expected=Status.CERTIFIED,
            reason="rational arithmetic",
        ),
        dict(
            slug="signed-scores",
            weakest=Weakest(
                "not-needed",
                "the limits hold with ε'_ℓ = max(ε_ℓ, 1/(ℓ−1)) → 0",
                hypothesis="score sign (s_i ≥ 0, i.e. a_i = e^{s_i} ≥ 1)",
                stated="s_i ≥ 0",
            ),
            title="Thm 1: the limits survive signed scores",
            statement=r"Nonnegative scores are not needed for the limits: without them the profile bound holds with $\varepsilon'_\ell=\max(\varepsilon_\ell,1/(\ell-1))\to0$.",
            checks=[sdegb_sv_profile_signed_property],
            expected=Status.VERIFIED,
            reason="a property search over signed scores",
            unproved="a property search; the identity A_b − A* = (D − D*)P for every real score vector would prove it, not yet assembled here",
        ),
        dict(
            slug="permutations",
            weakest=Weakest(
                "qualitative",
                "independent permutations P, Q are not a quantity: softmax(PΣQᵀ) = PA_bQᵀ for all of them",
            ),
            title="Thm 1: independent permutations of the orientation change nothing",
            statement=r"Orientation by independent permutations changes nothing: $\operatorname{softmax}(P\Sigma Q^\top)=PA_bQ^\top$.",
            checks=[sdegb_permutation_orientation_sympy],
            expected=Status.CERTIFIED,
            reason="symbolic identities for all 36 pairs of 3×3 permutations",
        ),
        dict(
            slug="orientation",
            weakest=Weakest(
                "qualitative",
                "the orientation is the model's definition (a pair of orthogonal matrices, no scalar to weaken); the App. E rank-one orientation breaks it even with U = V",
            ),
            title="Thm 1(2): a general orientation breaks the profile, even with U = V",
            statement=r"Necessary: the canonical orientation, the model's definition, not an unstated hypothesis (§2 defines $A_{\mathrm b}=\operatorname{softmax}(\Sigma)$, $A_{\mathrm c}=\operatorname{softmax}(\Sigma+M)$ in place of $S=U\Sigma V^\top$), even with $U=V$. The App. E orientation $S=(t/\ell)\mathbf1\mathbf1^\top$ of $\Sigma=te_1e_1^\top$ gives $\operatorname{softmax}(S)=J$ (sdeg.E.score-counterexample), with $\sigma_2=0$.",
            checks=[sdegb_sv_psd_orientation_exact],
            expected=Status.CERTIFIED,
            reason="rational arithmetic",
            uses=["sdeg.b.sv-leading", "sdeg.E.score-counterexample"],
        ),
        dict(
            slug="temperature",
            weakest=Weakest(
                "needed-in-general",
                "shown at τ = 2 with s₁ = log(ℓ log ℓ); the thresholds move with τ (e^{s/τ} ≷ ℓ), other τ not searched",
                hypothesis="softmax temperature τ",
                stated="τ = 1 (thresholds read at the softmax's scale)",
            ),
            title="Thm 1: the thresholds are read at the softmax's own temperature",
            statement=r"Unstated and necessary: the temperature. $k$ and the thresholds $e^{s}\gtrless\ell$ are read at the softmax's own scale; $s_1=\log(\ell\log\ell)$ is a spike at temperature 1 and bulk at temperature 2, where $\sigma_2\to0$.",
            checks=[sdegb_sv_temperature_sympy],
            expected=Status.CERTIFIED,
            reason="sympy limits of the 2×2 reduction at temperatures 1 and 2",
        ),
        dict(
            slug="mask",
            weakest=Weakest("qualitative", "the mask is a choice (bidirectional or causal), not a quantity"),
            tightness=Tightness(
                "unmeasurable",
                "the inequality is sdeg.b.sv-leading's conclusion, which the counterexample breaks without the hypothesis; this claim has no bound of its own (the counterexample's margin is in the evidence)",
            ),
            title="Thm 1(2): the bidirectional mask is necessary",
            statement=r"Unstated and necessary: the bidirectional mask. Under the causal mask the conclusion fails ($k=1$, bulk 0: $\sigma_1(A_c)\ge\sqrt{5/4}$ whatever the spike).",
            checks=[sdegb_sv_causal_mask_exact],
            expected=Status.CERTIFIED,
            reason="rational arithmetic",
        ),
    ],
    source=Source("specproof", "§3.2", "own"),
    uses=["sdeg.b.sv-leading"],
)


@check
def sdegb_weak_spike_limit_sympy(ctx: Context) -> Evidence:
    ell = sp.Symbol("ell", positive=True)
    d_spike = (ell - 1) / (2 * ell - 1)  # spikes e^{s} = ℓ (f ≡ 1)
    residuals = {
        "the k−1 complement eigen/singular values d_spike → 1/2": sp.limit(d_spike, ell, sp.oo) - sp.Rational(1, 2)
    }
    ev = symbolic_evidence(
        "spike separation f → ∞ is necessary for Thm 1(3), 2(3) when c > 0: k = ℓ/2 spikes at e^{s} = ℓ (f ≡ 1), "
        "bulk 0, put mass → 1/2 at 1/2",
        "symbolic ℓ → ∞",
        residuals,
    )
    ev = replace(
        ev, counterexample={"k": "ell/2", "spike_scores": "log ell", "bulk_scores": 0, "mass_at_one_half": 0.5}
    )
    return ev


@check
def sdegb_unbounded_bulk_limit_sweep(ctx: Context) -> Evidence:
    sizes = sweep_sizes(ctx)
    # every bulk score at e^{s} = ℓ/log ℓ: separated (g = log ℓ) but unbounded
    y = np.array(
        [
            distance_to_spike_bulk_law(
                bidirectional_eigenvalues(
                    spike_bulk_family(
                        int(n), int(n) // 4, math.log(n), bulk_top=math.log(n / math.log(n)), bulk_levels=1
                    )
                ),
                0.25,
            )
            for n in sizes
        ]
    )
    fit = fit_rate(sizes, y, spike_deficit, "ε_ℓ/(1+ε_ℓ)", competitors=SLOWER_AND_FASTER, scale="loglog")
    return rate_evidence(
        fit,
        what=(
            "bounded bulk is only convenient for Thm 2(3): bulk at e^{s} = ℓ/log ℓ still gives "
            "W₁(μ^eig, cδ₁+(1−c)δ₀) = Θ(ε_ℓ) → 0"
        ),
        ranges=f"c = 1/4, f = g = log ℓ, ℓ = {sizes[0]}…{sizes[-1]}",
    )


@check
def sdegb_law_signed_property(ctx: Context) -> Evidence:
    """Without s ≥ 0: W₁(μ^eig) ≤ ε'_ℓ + (1−c_ℓ)/ℓ and W₁(μ^sv) ≤ 2ε'_ℓ + 2/ℓ, ε'_ℓ = max(ε_ℓ, 1/(ℓ−1)) → 0."""

    def margin(pair):
        s, k = pair
        ell, eps = s.size, signed_eps(s, k)
        eig = eps + (1 - k / ell) / ell - distance_to_spike_bulk_law(bidirectional_eigenvalues(s), k / ell)
        sv = 2 * eps + 2 / ell - distance_to_spike_bulk_law(scipy.linalg.svdvals(dense_attention(s)), k / ell)
        return min(eig, sv)

    ev = property_search(
        spike_bulk_split(nonnegative=False),
        margin,
        ctx=ctx,
        tolerance=lambda p: float_tolerance(p[0].size, math.sqrt(p[0].size)),
        allowance=SVD_B_ALLOWANCE + " (the larger of the two: eigvalsh's is within 10·ℓ·eps·2); W₁ moves by at most "
        "the largest eigenvalue or singular-value error",
        what="both W₁ bounds with ε'_ℓ",
        ranges="ℓ ≤ 48, every split k, signed scores (bulk down to log ℓ − 24)",
    )
    return probe_hypothesis("not needed", "nonnegative scores (the limits, with ε'_ℓ → 0)", ev, role="decides")


claim_split(
    "sdeg.b.eigen-limit.hypotheses",
    [
        dict(
            slug="bulk-separation",
            weakest=Weakest(
                "needed-in-general",
                "shown at g ≡ 1 (every e^{s_i} = ℓ): both laws tend to δ_{1/2}; other bounded g not searched",
                hypothesis="bulk separation g",
                stated="g → ∞",
            ),
            title="Thm 1(3), 2(3): bulk separation is necessary",
            statement=r"Bulk separation $g\to\infty$ is necessary: with every $e^{s_i}=\ell$ both spectral laws tend to $\delta_{1/2}$.",
            checks=[sdegb_weak_bulk_limit_sympy],
            expected=Status.PROVED,
            reason="a sympy limit, symbolic in ℓ",
            uses=["sdeg.b.eigen-limit", "sdeg.b.sv-limit"],
        ),
        dict(
            slug="spike-separation",
            weakest=Weakest(
                "needed-in-general",
                "shown at f ≡ 1 (spikes at e^s = ℓ put mass c near 1/2); other bounded f not searched",
                hypothesis="spike separation f",
                stated="f → ∞ (when c > 0)",
                holds_on="c = 0 (no positive spike fraction)",
            ),
            tightness=Tightness(
                "unmeasurable",
                "the inequality is sdeg.b.eigen-limit's conclusion, which the counterexample breaks without the hypothesis; this claim has no bound of its own (the counterexample's margin is in the evidence)",
            ),
            title="Thm 1(3), 2(3): spike separation is necessary when c > 0",
            statement=r"Spike separation $f\to\infty$ is necessary when $c>0$: spikes at $e^{s}=\ell$ put mass $c$ near $\frac12$.",
            checks=[sdegb_weak_spike_limit_sympy],
            expected=Status.PROVED,
            reason="a sympy limit, symbolic in ℓ",
            uses=["sdeg.b.eigen-limit", "sdeg.b.sv-limit"],
        ),
        dict(
            slug="bounded-bulk",
            weakest=Weakest(
                "weaker-suffices",
                "a separated but unbounded bulk up to e^s = ℓ/log ℓ still gives W₁ = Θ(ε_ℓ) → 0; k = o(ℓ) not needed either",
                hypothesis="bulk bound e^{s_i} ≤ e^B",
                stated="bounded bulk",
                weakest="e^{s_i} ≤ ℓ/log ℓ (checked)",
            ),
            title="Thm 1(3), 2(3): a bounded bulk is only convenient",
            statement=r"Bounded bulk is only convenient: bulk up to $e^{s}=\ell/\log\ell$ still gives $W_1=\Theta(\varepsilon_\ell)\to0$. ($k=o(\ell)$ is not needed either: any $c\in[0,1]$.)",
            checks=[sdegb_unbounded_bulk_limit_sweep],
            expected=Status.VERIFIED,
            reason="a sweep with a rate fit",
            unproved="a sweep; it follows from the couplings of sdeg.b.eigen-limit and sdeg.b.sv-limit, an argument not yet assembled here",
            uses=["sdeg.b.eigen-limit", "sdeg.b.sv-limit"],
        ),
        dict(
            slug="signed-scores",
            weakest=Weakest(
                "not-needed",
                "both W₁ bounds hold with ε'_ℓ = max(ε_ℓ, 1/(ℓ−1))",
                hypothesis="score sign (s_i ≥ 0, i.e. a_i = e^{s_i} ≥ 1)",
                stated="s_i ≥ 0",
            ),
            tightness=Tightness(
                "unmeasurable",
                "the same inequality as sdeg.b.eigen-limit, shown to survive without the hypothesis; how tight it is is sdeg.b.eigen-limit's record",
            ),
            title="Thm 1(3), 2(3): nonnegative scores are not needed",
            statement=r"Nonnegative scores are not needed: without them both $W_1$ bounds hold with $\varepsilon'_\ell=\max(\varepsilon_\ell,1/(\ell-1))\to0$. (Open here: whether the laws need the canonical orientation when $c>0$; the App. E orientation breaks Thm 1(1)–(2), 2(2) (sdeg.b.sv-leading.hypotheses.orientation, sdeg.b.eigen-profile.hypotheses.orientation) but has $c_\ell\to0$ and the limit $\delta_0$ either way.)",
            checks=[sdegb_law_signed_property],
            expected=Status.VERIFIED,
            reason="a property search of both W₁ bounds with ε'_ℓ",
            unproved="a property search; the couplings of sdeg.b.eigen-limit and sdeg.b.sv-limit with ε'_ℓ would prove it, not yet assembled here",
            uses=[
                "sdeg.b.eigen-limit",
                "sdeg.b.sv-limit",
                "sdeg.b.sv-leading.hypotheses.orientation",
                "sdeg.b.eigen-profile.hypotheses.orientation",
            ],
        ),
    ],
    source=Source("specproof", "§3.2", "own"),
    uses=["sdeg.b.eigen-limit"],
)
