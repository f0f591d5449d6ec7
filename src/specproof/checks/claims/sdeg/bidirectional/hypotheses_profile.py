"""SDEG bidirectional attention: which hypotheses Thm 2(2) and Thm 6 need, one claim per hypothesis.

Split from :mod:`sdeg_b_hypotheses_asymptotic` (placed after it in CLAIM_MODULES, so the registry order is kept).
"""

from __future__ import annotations

import math
from dataclasses import replace
from fractions import Fraction

import numpy as np
import sympy as sp

from specproof.checks.claims._shared.sdeg_bidirectional import (
    BULK_BOUND,
    EIGVALSH_B_ALLOWANCE,
    NEGATIVE_A,
    NEGATIVE_ELL,
    PSD_ELL,
    _negative_uniform,
    _psd_example_ranges,
    sdegb_eigen_unsorted_property,
    sdegb_permutation_orientation_sympy,
    sdegb_weak_bulk_limit_sympy,
    signed_eps,
    spike_bulk_family,
    spike_deficit,
    sweep_sizes,
    symbolic_counterexample,
    symbolic_evidence,
)
from specproof.checks.claims._shared.sdeg_causal import hardy_steps
from specproof.engine.methods import (
    derivation,
    exact_counterexample,
    float_tolerance,
    fmt,
    probe_hypothesis,
    property_search,
)
from specproof.engine.rates import fit_with_corrections
from specproof.engine.records import Tightness, Weakest
from specproof.engine.registry import Context, Evidence, Source, Status, check, claim_split
from specproof.engine.strategies import spike_bulk_split
from specproof.theory.attention import (
    bidirectional_eigenvalues,
    bidirectional_singular_values,
    ideal_eigen_profile,
)
from specproof.theory.spectral import stable_rank


@check
def sdegb_eigen_profile_negative_exact(ctx: Context) -> Evidence:
    """Drop s ≥ 0 from Thm 2(2): all scores −log 10 at ℓ = 3 give λ = (1, −3/7, −3/7) against λ* = (1, 0, 0), ε_ℓ =
    1/30.
    """
    d, inv_g = _negative_uniform(NEGATIVE_ELL, NEGATIVE_A)
    outcome = exact_counterexample(
        f"k = 0, all scores −log 10, ℓ = 3: eigenvalues 1, {d}, {d} against the ideal 1, 0, 0 and ε_ℓ = {inv_g}",
        "ℓ = 3",
        inv_g - abs(d),
        scores="-log 10 (all three)",
        eigenvalues=["1", str(d), str(d)],
        ideal=["1", "0", "0"],
        eps=str(inv_g),
    )
    return probe_hypothesis(
        "necessary", "nonnegative scores (the ε_ℓ profile bound)", outcome, exact=True, role="decides"
    )


@check
def sdegb_eigen_profile_signed_property(ctx: Context) -> Evidence:
    """Without s ≥ 0: max_i |λ_i − λ_i*| ≤ ε'_ℓ = max(ε_ℓ, 1/(ℓ−1)), every split k (so k = o(ℓ) is not used either)."""

    def margin(pair):
        s, k = pair
        return signed_eps(s, k) - float(np.max(np.abs(bidirectional_eigenvalues(s) - ideal_eigen_profile(k, s.size))))

    ev = property_search(
        spike_bulk_split(nonnegative=False),
        margin,
        ctx=ctx,
        tolerance=lambda p: float_tolerance(p[0].size, 2.0),
        allowance=EIGVALSH_B_ALLOWANCE,
        what=(
            "max_i |λ_i(A_b) − λ_i(A*)| ≤ ε'_ℓ (interlacing: a bulk λ_j ∈ [d_j, d_{k+1}] ⊂ (−1/(ℓ−1), 1/g]; the "
            "λ_{k+1} sandwich, signed)"
        ),
        ranges=(
            "ℓ ≤ 48, every split 0 ≤ k ≤ ℓ, sorted scores with the bulk down to log ℓ − 24 and signed "
            "unseparated vectors"
        ),
    )
    return probe_hypothesis(
        "not needed", "nonnegative scores and k = o(ℓ) (for the limits: ε'_ℓ → 0)", ev, role="decides"
    )


@check
def sdegb_eigen_profile_weak_spike_sympy(ctx: Context) -> Evidence:
    """k = 1, e^{s₁} = ℓ (f ≡ 1), bulk 0: λ₂ = (ℓ−1)²/(ℓ(2ℓ−1)) → 1/2, the ideal λ₂* = 1 − 1/ℓ → 1."""
    ell, x = sp.Symbol("ell", positive=True), sp.Symbol("x")
    a = ell
    z1 = 1 / (a + ell - 1)
    R = sp.Matrix([[a * z1, sp.sqrt(ell - 1) * z1], [sp.sqrt(ell - 1) / ell, (ell - 1) / ell]])  # the group reduction
    lam2 = (ell - 1) ** 2 / (ell * (2 * ell - 1))
    residuals = {
        "charpoly(R) = (x − 1)(x − (ℓ−1)²/(ℓ(2ℓ−1))) (the other ℓ−2 eigenvalues are the bulk d = 0)": sp.cancel(
            R.charpoly(x).as_expr() - (x - 1) * (x - lam2)
        ),
        "λ₂ → 1/2": sp.limit(lam2, ell, sp.oo) - sp.Rational(1, 2),
    }
    ev = symbolic_counterexample(
        "spike separation f → ∞ is necessary for Thm 2(2) at fixed k: k = 1, e^{s₁} = ℓ, bulk 0 "
        "give λ₂(A_b) → 1/2 while the ideal profile has λ₂* = 1 − 1/ℓ → 1",
        "symbolic ℓ → ∞",
        residuals,
        k=1,
        a_1="ell",
        bulk_scores=0,
        lambda_2_limit=0.5,
    )
    return probe_hypothesis("necessary", "spike separation f → ∞ (fixed k)", ev, exact=True, role="decides")


@check
def sdegb_eigen_profile_psd_orientation_exact(ctx: Context) -> Evidence:
    """The App. E orientation S = (t/ℓ)𝟏𝟏ᵀ of Σ = te₁e₁ᵀ: softmax(S) = J has λ₂ = 0, the ideal λ₂* = 1 − 1/ℓ."""
    ell = PSD_ELL
    gap = 1 - Fraction(1, ell)  # |λ₂(J) − λ₂*|
    outcome = exact_counterexample(
        "Σ = te₁e₁ᵀ, t = 2 log ℓ (k = 1, ε_ℓ = 1/ℓ) oriented as S = (t/ℓ)𝟏𝟏ᵀ (U = V): softmax(S) = J, "
        f"λ₂ = 0 against λ₂* = {gap}, ε_ℓ = {Fraction(1, ell)}",
        _psd_example_ranges(),
        Fraction(1, ell) - gap,
        scores="S = (2 log ell / ell) 11^T",
        lambda_2=0,
        ideal=str(gap),
    )
    return probe_hypothesis(
        "necessary", "the canonical orientation (U = V does not suffice)", outcome, exact=True, role="decides"
    )


claim_split(
    "sdeg.b.eigen-profile.hypotheses",
    [
        dict(
            slug="spike-separation",
            weakest=Weakest(
                "needed-in-general",
                "shown at f ≡ 1 (λ₂ → 1/2); other bounded f not searched",
                hypothesis="spike separation f",
                stated="f → ∞",
            ),
            title="Thm 2(2): spike separation is necessary",
            statement=r"Spike separation is necessary: a spike at $e^{s_1}=\ell$ over a zero bulk has $\lambda_2\to\frac12$, not 1.",
            checks=[sdegb_eigen_profile_weak_spike_sympy],
            expected=Status.CERTIFIED,
            reason="the 2×2 group reduction's characteristic polynomial and its limit (sympy)",
            uses=["sdeg.b.eigen-profile", "sdeg.b.charpoly"],
        ),
        dict(
            slug="bulk-separation",
            weakest=Weakest(
                "needed-in-general",
                "shown at g ≡ 1 (bulk eigenvalues → 1/2); other bounded g not searched",
                hypothesis="bulk separation g",
                stated="g → ∞",
            ),
            title="Thm 2(2): bulk separation is necessary",
            statement=r"Bulk separation is necessary: with every $e^{s_i}=\ell$ the bulk eigenvalues tend to $\frac12$, not 0.",
            checks=[sdegb_weak_bulk_limit_sympy],
            expected=Status.PROVED,
            reason="a sympy limit, symbolic in ℓ",
        ),
        dict(
            slug="nonnegative-scores",
            weakest=Weakest(
                "needed-in-general",
                "shown with equal negative scores for the ε_ℓ form; the signed-scores claim keeps the limit with max(ε_ℓ, 1/(ℓ−1))",
                hypothesis="score sign (s_i ≥ 0, i.e. a_i = e^{s_i} ≥ 1)",
                stated="s_i ≥ 0",
            ),
            title="Thm 2(2): nonnegative scores are needed for the ε_ℓ form",
            statement=r"Nonnegative scores are needed for the $\varepsilon_\ell$ form: equal negative scores give negative eigenvalues far outside $\varepsilon_\ell$ of the ideal profile.",
            checks=[sdegb_eigen_profile_negative_exact],
            expected=Status.CERTIFIED,
            reason="rational arithmetic",
        ),
        dict(
            slug="signed-scores",
            weakest=Weakest(
                "not-needed",
                "|λ_i − λ_i*| ≤ max(ε_ℓ, 1/(ℓ−1)) for every split",
                hypothesis="score sign (s_i ≥ 0, i.e. a_i = e^{s_i} ≥ 1); k = o(ℓ); bounded bulk",
                stated="s_i ≥ 0",
            ),
            tightness=Tightness(
                "unmeasurable",
                "the same inequality as sdeg.b.eigen-profile, shown to survive without the hypothesis; how tight it is is sdeg.b.eigen-profile's record",
            ),
            title="Thm 2(2): the limit survives signed scores and every k",
            statement=r"Nonnegative scores are not needed for the limit: without them $|\lambda_i-\lambda_i^\star|\le\max(\varepsilon_\ell,1/(\ell-1))$, for every split $0\le k\le\ell$ (so $k=o(\ell)$ is not used, bounded bulk neither).",
            checks=[sdegb_eigen_profile_signed_property],
            expected=Status.VERIFIED,
            reason="a property search over signed splits (every k)",
            unproved="a property search; the interlacing and the λ_(k+1) sandwich hold for signed sorted scores (Coq, sdeg.b.charpoly.closed-form), but that assembly is not done here",
            uses=["sdeg.b.eigen-profile", "sdeg.b.charpoly.closed-form"],
        ),
        dict(
            slug="sorting",
            weakest=Weakest("qualitative", "sorting is a labelling (a permutation), not a quantity"),
            title="Thm 2(2): sorting the scores is a labelling",
            statement="Sorted scores are not needed: sorting is a labelling, and the profile holds for unsorted scores.",
            checks=[sdegb_eigen_unsorted_property],
            expected=Status.VERIFIED,
            reason="a property search over unsorted scores",
            unproved="a property search; sorting is a relabelling (a permutation similarity), an argument not assembled as a check here",
        ),
        dict(
            slug="orientation",
            weakest=Weakest(
                "qualitative",
                "the orientation is the model's definition (a pair of orthogonal matrices, no scalar to weaken)",
            ),
            title="Thm 2(2): the canonical orientation is necessary, even with U = V",
            statement=r"The canonical orientation, the model's definition, not an unstated hypothesis (§2 defines $A_{\mathrm b}=\operatorname{softmax}(\Sigma)$, $A_{\mathrm c}=\operatorname{softmax}(\Sigma+M)$ in place of $S=U\Sigma V^\top$), is necessary: the App. E orientation $S=(t/\ell)\mathbf1\mathbf1^\top$ of $\Sigma=te_1e_1^\top$ (sdeg.E.score-counterexample) gives $\operatorname{softmax}(S)=J$, $\lambda_2=0$ against $\lambda_2^\star=1-1/\ell$.",
            checks=[sdegb_eigen_profile_psd_orientation_exact],
            expected=Status.CERTIFIED,
            reason="rational arithmetic",
            uses=["sdeg.b.eigen-profile", "sdeg.E.score-counterexample"],
        ),
    ],
    source=Source("specproof", "§3.2", "own"),
    uses=["sdeg.b.eigen-profile"],
)


@check
def sdegb_unbounded_bulk_rank_sympy(ctx: Context) -> Evidence:
    ell = sp.Symbol("ell", positive=True)
    a = ell / sp.log(ell)  # bulk e^{s} = ℓ/log ℓ: g = log ℓ → ∞, but unbounded
    d = (a - 1) / (a + ell - 1)
    srank = 1 + (ell - 1) * d**2
    residuals = {
        "1/srank → 0": sp.limit(1 / srank, ell, sp.oo),
        "srank·log²ℓ/ℓ → 1": sp.limit(srank * sp.log(ell) ** 2 / ell, ell, sp.oo) - 1,
    }
    ev = symbolic_evidence(
        "bounded bulk is necessary for Thm 6: k = 0 and every e^{s_i} = ℓ/log ℓ (separated, g = log ℓ) give "
        "srank(A_b) ~ ℓ/log²ℓ → ∞",
        "symbolic ℓ → ∞",
        residuals,
    )
    ev = replace(ev, counterexample={"k": 0, "scores": "log(ell/log ell) (all)", "srank": "~ ell/log(ell)^2"})
    return ev


@check
def sdegb_growing_k_rank_sweep(ctx: Context) -> Evidence:
    sizes = sweep_sizes(ctx)
    ks = np.floor(np.sqrt(sizes)).astype(int)
    srank = np.array(
        [
            stable_rank(bidirectional_singular_values(spike_bulk_family(int(n), int(k), math.log(n))))
            for n, k in zip(sizes, ks)
        ]
    )
    additive = srank - (ks + 1)
    relative = 1 - srank / (ks + 1)
    basis = {"√c_ℓ": lambda x: np.sqrt(np.floor(np.sqrt(x)) / x), "ε_ℓ/(1+ε_ℓ)": spike_deficit}
    coef = fit_with_corrections(sizes, relative, basis)
    residual = float(np.max(np.abs(relative - sum(coef[name] * f(sizes) for name, f in basis.items()))))
    holds = bool(np.all(np.diff(additive) < 0) and np.all(np.diff(relative) < 0) and min(coef.values()) > 0)
    summary = (
        f"k = ⌊√ℓ⌋: srank − (k+1) = {fmt(additive[0])} → {fmt(additive[-1])} (decreasing), so the additive "
        f"k+1+o(1) fails; the relative deficit 1 − srank/(k+1) = {fmt(relative[0])} → {fmt(relative[-1])} (decreasing) "
        "≈ " + " + ".join(f"{fmt(v)}·{name}" for name, v in coef.items()) + f" (max residual {fmt(residual)}), → 0"
    )
    data = {"sizes": sizes.tolist(), "k": ks.tolist(), "srank": srank.tolist(), "fit": coef}
    ranges = f"f = log ℓ, bulk in [0, {fmt(BULK_BOUND)}], ℓ = {sizes[0]}…{sizes[-1]}"
    if holds:
        return Evidence(
            Status.VERIFIED,
            "sweep-fit",
            summary,
            ranges=ranges,
            data=data,
            worst_margin=float(-additive[0]),
            counterexample={"k": "floor(sqrt(ell))", "additive_gap": additive.tolist()},
        )
    return Evidence(Status.REFUTED, "sweep-fit", summary, ranges=ranges, data=data, counterexample=data)


@check
def sdegb_rank_lambda_negative_sympy(ctx: Context) -> Evidence:
    """Drop s ≥ 0 from Thm 6 (bulk bounded in |s| ≤ log 10): all scores −log 10 give srank_λ → 19/10, not k + 1 = 1."""
    ell = sp.Symbol("ell", positive=True)
    a = sp.Rational(1, 10)
    d = (a - 1) / (a + ell - 1)  # softmax(Σ) = dI + (1−d)J: eigenvalues 1 and d < 0 (ℓ−1 times)
    srank_lambda = 1 + (ell - 1) * (-d)
    trace = ell * a / (a + ell - 1)
    residuals = {
        "srank_λ = Σ|λ_i|/max|λ_i| = 1 + (ℓ−1)|d| → 2 − a = 19/10": (
            sp.limit(srank_lambda, ell, sp.oo) - sp.Rational(19, 10)
        ),
        "tr A_b → a = 1/10, so srank_λ ≠ tr (Eq. 5)": sp.limit(trace, ell, sp.oo) - a,
    }
    ev = symbolic_counterexample(
        "k = 0, every score −log 10 (a bounded bulk |s_i| ≤ log 10, separated, g = 10ℓ): the "
        "eigenvalue participation srank_λ(A_b) → 19/10, not k + 1 = 1",
        "symbolic ℓ → ∞",
        residuals,
        k=0,
        scores="-log 10 (all)",
        srank_lambda_limit=1.9,
        trace_limit=0.1,
    )
    return probe_hypothesis("necessary", "nonnegative scores (srank_λ)", ev, exact=True, role="decides")


@check
def sdegb_rank_weak_spike_sympy(ctx: Context) -> Evidence:
    """k = 1, e^{s₁} = ℓ (f ≡ 1), bulk 0: σ₁² → 1, σ₂² → 1/4, so srank(A_b) → 5/4, not k + 1 = 2."""
    ell = sp.Symbol("ell", positive=True)
    z1 = 1 / (2 * ell - 1)
    R = sp.Matrix([[ell * z1, sp.sqrt(ell - 1) * z1], [sp.sqrt(ell - 1) / ell, (ell - 1) / ell]])
    gram = (R * R.T).applyfunc(lambda e: sp.limit(e, ell, sp.oo))
    residuals = {
        "R Rᵀ → diag(1/4, 1)": (gram - sp.diag(sp.Rational(1, 4), 1)).norm(),
        "srank = tr(R Rᵀ)/λ_max(R Rᵀ) → 5/4 (the other ℓ−2 singular values are 0)": (
            gram.trace() / max(gram.eigenvals()) - sp.Rational(5, 4)
        ),
    }
    ev = symbolic_counterexample(
        "spike separation f → ∞ is necessary for Thm 6: k = 1, e^{s₁} = ℓ, bulk 0 give srank(A_b) → 5/4, not k + 1 = 2",
        "symbolic ℓ → ∞ (the 2×2 group reduction)",
        residuals,
        k=1,
        a_1="ell",
        bulk_scores=0,
        srank_limit=1.25,
    )
    return probe_hypothesis("necessary", "spike separation f → ∞", ev, exact=True, role="decides")


@check
def sdegb_rank_psd_orientation_sympy(ctx: Context) -> Evidence:
    """The App. E orientation S = (t/ℓ)𝟏𝟏ᵀ of Σ = te₁e₁ᵀ (k = 1): softmax(S) = J has srank = erank₂ = 1, not 2."""
    ell = sp.Symbol("ell", positive=True)
    residuals = {"‖J‖_F² = ℓ²·ℓ⁻² = 1 and ‖J‖₂ = 1 (rank one), so srank(J) = 1 at every ℓ": ell**2 * (1 / ell) ** 2 - 1}
    ev = symbolic_counterexample(
        "Σ = te₁e₁ᵀ, t = 2 log ℓ (k = 1, f = g = ℓ) oriented as S = (t/ℓ)𝟏𝟏ᵀ (U = V): "
        "softmax(S) = J has srank = erank₂ = 1 at every ℓ, not k + 1 = 2",
        "every ℓ ≥ 2",
        residuals,
        scores="S = (2 log ell / ell) 11^T",
        srank=1,
        k_plus_1=2,
    )
    return probe_hypothesis(
        "necessary", "the canonical orientation (U = V does not suffice)", ev, exact=True, role="decides"
    )


@check
def sdegb_rank_causal_mask_sympy(ctx: Context) -> Evidence:
    """Under the causal mask (k = 0, scores 0) A_c = H_ℓ: srank ≥ ‖H_ℓ‖_F²/4 = H_ℓ/4 → ∞ (Hardy: ‖H_ℓ‖ ≤ 2)."""
    n, i = sp.Symbol("n", integer=True, positive=True), sp.Symbol("i", integer=True, positive=True)
    hardy = derivation(hardy_steps(), what="Hardy: ‖H_ℓ‖ ≤ 2", ranges="every ℓ")
    residuals = {
        "‖H_ℓ‖_F² = Σ_i i·(1/i)² = H_ℓ": sp.summation(i * (1 / i) ** 2, (i, 1, n)) - sp.harmonic(n),
        "H_ℓ → ∞ (1/lim = 0)": 1 / sp.limit(sp.harmonic(n), n, sp.oo),
    }
    if hardy.status is not Status.PROVED:
        return probe_hypothesis("necessary", "the bidirectional mask", hardy, exact=True, role="decides")
    ev = symbolic_counterexample(
        "causal mask, k = 0, scores 0: A_c = H_ℓ, srank(H_ℓ) ≥ H_ℓ/4 → ∞ (‖H_ℓ‖ ≤ 2 by Hardy), not k + 1 = 1",
        "symbolic ℓ → ∞",
        residuals,
        mask="causal",
        k=0,
        scores=0,
        srank="≥ harmonic(ell)/4",
    )
    return probe_hypothesis("necessary", "the bidirectional mask", ev, exact=True, role="decides")


claim_split(
    "sdeg.b.rank-proxies.hypotheses",
    [
        dict(
            slug="bounded-bulk",
            weakest=Weakest(
                "needed-in-general",
                "shown with the separated, unbounded bulk e^s = ℓ/log ℓ (srank → ∞); intermediate growth not searched",
                hypothesis="bulk bound e^{s_i} ≤ e^B",
                stated="bounded bulk",
            ),
            title="Thm 6: a bounded bulk is necessary",
            statement=r"Bounded bulk is necessary: a separated but unbounded bulk ($k=0$, all $e^{s_i}=\ell/\log\ell$) gives $\operatorname{srank}(A_b)\to\infty$.",
            checks=[sdegb_unbounded_bulk_rank_sympy],
            expected=Status.PROVED,
            reason="a sympy limit, symbolic in ℓ",
        ),
        dict(
            slug="growing-k",
            weakest=Weakest(
                "needed-in-general",
                "for k = ⌊√ℓ⌋ only the relative form srank = (k+1)(1 + o(1)) survives; other growth rates not searched",
                hypothesis="spike count k",
                stated="k fixed",
            ),
            title="Thm 6: for growing k only the relative form survives",
            statement=r"For growing $k=o(\ell)$ only the relative form $\operatorname{srank}(A_b)=(k+1)(1+o(1))$ survives: with $k=\lfloor\sqrt\ell\rfloor$, $\operatorname{srank}(A_b)-(k+1)\to-\infty$ while $\operatorname{srank}/(k+1)\to1$.",
            checks=[sdegb_growing_k_rank_sweep],
            expected=Status.VERIFIED,
            reason="a sweep with fits by √c_ℓ and ε_ℓ terms",
            unproved="a sweep; the bound srank ≤ ‖A_b‖_F² with σ₁ ∈ [1, α₊ + ε_ℓ] (sdeg.b.sv-leading) would prove it, not yet assembled here",
        ),
        dict(
            slug="spike-separation",
            weakest=Weakest(
                "needed-in-general",
                "shown at f ≡ 1 (srank → 5/4, not 2); other bounded f not searched",
                hypothesis="spike separation f",
                stated="f → ∞",
            ),
            title="Thm 6: spike separation is necessary",
            statement=r"Spike separation is necessary: a spike at $e^{s_1}=\ell$ over a zero bulk gives $\operatorname{srank}\to\frac54$, not $k+1=2$.",
            checks=[sdegb_rank_weak_spike_sympy],
            expected=Status.CERTIFIED,
            reason="a sympy limit",
        ),
        dict(
            slug="nonnegative-scores",
            weakest=Weakest(
                "needed-in-general",
                "shown with equal negative scores (srank_λ ≠ k+1); other floors not searched",
                hypothesis="score sign (s_i ≥ 0, i.e. a_i = e^{s_i} ≥ 1)",
                stated="s_i ≥ 0",
            ),
            title="Thm 6: nonnegative scores are necessary for srank_λ",
            statement=r"Nonnegative scores are necessary for $\operatorname{srank}_\lambda$, even with a two-sided bounded bulk: equal negative scores give $\operatorname{srank}_\lambda\ne k+1$ (and $\operatorname{tr}A_b\ne\operatorname{srank}_\lambda$).",
            checks=[sdegb_rank_lambda_negative_sympy],
            expected=Status.CERTIFIED,
            reason="a sympy limit",
            uses=["sdeg.b.rank-proxies", "sdeg.b.trace-rank"],
        ),
        dict(
            slug="permutations",
            weakest=Weakest("qualitative", "independent permutations are not a quantity: no singular value changes"),
            title="Thm 6: independent permutations of the orientation change no singular value",
            statement=r"Orientation by independent permutations changes no singular value: $\operatorname{softmax}(P\Sigma Q^\top)=PA_bQ^\top$.",
            checks=[sdegb_permutation_orientation_sympy],
            expected=Status.CERTIFIED,
            reason="symbolic identities for all 36 pairs of 3×3 permutations",
        ),
        dict(
            slug="orientation",
            weakest=Weakest("qualitative", "the orientation is the model's definition (no scalar to weaken)"),
            title="Thm 6: the canonical orientation is necessary",
            statement=r"The canonical orientation, the model's definition, not an unstated hypothesis (§2 defines $A_{\mathrm b}=\operatorname{softmax}(\Sigma)$, $A_{\mathrm c}=\operatorname{softmax}(\Sigma+M)$ in place of $S=U\Sigma V^\top$), is necessary: the App. E orientation $S=(t/\ell)\mathbf1\mathbf1^\top$ of $\Sigma=te_1e_1^\top$ (sdeg.E.score-counterexample, $k=1$) gives $\operatorname{srank}=1$.",
            checks=[sdegb_rank_psd_orientation_sympy],
            expected=Status.CERTIFIED,
            reason="a sympy identity",
            uses=["sdeg.b.rank-proxies", "sdeg.E.score-counterexample"],
        ),
        dict(
            slug="mask",
            weakest=Weakest("qualitative", "the mask is a choice (bidirectional or causal), not a quantity"),
            tightness=Tightness(
                "unmeasurable",
                "the inequality is sdeg.b.rank-proxies's conclusion, which the counterexample breaks without the hypothesis; this claim has no bound of its own (the counterexample's margin is in the evidence)",
            ),
            title="Thm 6: the bidirectional mask is necessary",
            statement=r"The bidirectional mask (unstated) is necessary: under the causal mask with scores 0, $\operatorname{srank}(\mathsf H_\ell)\ge H_\ell/4\to\infty$.",
            checks=[sdegb_rank_causal_mask_sympy],
            expected=Status.CERTIFIED,
            reason="a sympy identity with Hardy's inequality",
        ),
    ],
    source=Source("specproof", "§3.4", "own"),
    uses=["sdeg.b.rank-proxies"],
)
