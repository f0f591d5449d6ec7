"""SDEG §3.4: Encoder versus decoder.

The section's claims in the paper's order, each stated before the checks that decide it; the project's own claims (9:
corrections, sharpenings, hypotheses, measurements) follow the claim they qualify.
"""

from __future__ import annotations

import math
from dataclasses import replace

import numpy as np
import sympy as sp

from specproof.checks.claims._shared import sdeg_causal_real as CR
from specproof.checks.claims._shared.sdeg_bidirectional import (
    BULK_BOUND,
    log_rate,
    sdegb_permutation_orientation_sympy,
    spike_bulk_family,
    spike_deficit,
    sweep_sizes,
    symbolic_counterexample,
    symbolic_evidence,
)
from specproof.checks.claims._shared.sdeg_causal import c_rank_proxies_exact, hardy_steps
from specproof.checks.claims._shared.sdeg_real import RANGES, _measured, _missing
from specproof.checks.claims._shared.sdeg_trained import heads, measured, missing, runs, verdict
from specproof.engine.methods import (
    derivation,
    float_tolerance,
    fmt,
    probe_hypothesis,
    sympy_identity,
    sympy_nonnegative,
)
from specproof.engine.rates import fit_rate, fit_with_corrections, rate_evidence
from specproof.engine.records import Limit, Tightness, Weakest
from specproof.engine.registry import Context, Evidence, Role, Source, Status, claim
from specproof.runs.train import harness as tr
from specproof.theory.attention import (
    bidirectional_singular_values,
)
from specproof.theory.spectral import effective_rank, stable_rank

REAL_TESTS = "tests/test_real_models.py"


TRAINING_TESTS = "tests/test_training.py"


rank_proxies = claim(
    "sdeg.b.rank-proxies",
    title="Stable and entropy ranks of A_b are k + 1 + o(1) under bounded bulk",
    source=Source("SDEG", "§3.4", "Thm 6"),
    statement=r"Under spectral separation with bounded bulk ($0\le s_i\le B$, $i>k$) and a fixed spike count $k$ (as for a head of fixed dimension), $\operatorname{srank}(A_b)=k+1+O(\varepsilon_\ell+\ell^{-1/2})$ (for $k=0$: $1\le\operatorname{srank}(A_b)\le1+(e^B-1)^2/\ell$, i.e. $1+O(\ell^{-1})$; not $1+\Theta(\ell^{-1})$, since all scores $0$ give $\operatorname{srank}=1$ exactly) and $\operatorname{erank}_2(A_b)=k+1+o(1)$. Worked example: $\operatorname{softmax}(bI)=dI+(1-d)J$ with $d=\frac{e^b-1}{e^b+\ell-1}\sim\frac{e^b-1}{\ell}$ has $\operatorname{srank}=1+(\ell-1)d^2\to1$.",
    lost="the statement of Thm 6 (App. D.1) is missing; its proof survives in terms of bulk moments M_{p,ℓ}, B_{p,ℓ}, E_{p,ℓ}. Restored as the bounded-bulk corollary quoted in §3.4; 'k fixed' is our reading of the k+1+o(1) form (see sdeg.b.rank-proxies.hypotheses.growing-k)",
    uses=["sdeg.b.sv-leading", "sdeg.b.bulk-d", "sdeg.setup.spike-count", "sdeg.b.sv-interlace", "sdeg.b.bulk-moments"],
    expected=Status.VERIFIED,
    reason="worked example exactly (sympy); k = 0 exactly (sympy: 1 ≤ srank ≤ ‖A_b‖_F² = 1 + (1 − 1/ℓ)Σd_i² ≤ 1 + (e^B−1)²/ℓ, with srank = 1 at s = 0); with k = 3 and f = √ℓ the sweep fits 4 − srank = Θ(ℓ^{-1/2}) and brackets srank ≤ erank₂ ≤ 4·e^{h(m)+m log ℓ} → 4 (m the bulk mass). The ℓ^{-1/2} is the ideal profile's own deficit (k+1)(1 − 1/a₊(c_ℓ)) ≈ (k+1)√c_ℓ, so for fast-growing f it dominates ε_ℓ. Corrected (audit finding): the statement used to read '1 + Θ(ℓ⁻¹)' for k = 0, which fails on its lower side (all scores 0: A_b = J, srank = 1 at every ℓ, kept as a cross-check at ℓ = 16, 256); the paper says O(1/ℓ), and Θ(1/ℓ) is a property of the swept family (bulk on eight levels in [0, 2])",
    unproved="k = 0 is proved exactly; srank = k + 1 + O(ε_ℓ + ℓ^(−1/2)) and erank₂ → k + 1 for k ≥ 1 rest on a sweep. A proof along sdeg.b.bulk-moments and sdeg.b.sv-leading (‖A_b‖_F² = 1 + (1 − 1/ℓ)(Σ_(i≤k)d_i² + M_2), σ₁ ∈ [1, α₊ + ε_ℓ], and a Jensen bound on the tail entropy) is outlined in the audit but not assembled here.",
    notes=["reconstructed", "interpretive"],
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
)


@rank_proxies.decides
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


@rank_proxies.decides
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


@rank_proxies.decides
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


@rank_proxies.supports
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
        role=Role.SUPPORTS,
        data={"srank": {str(k): v for k, v in rows.items()}},
        counterexample=None if ok else {"srank": {str(k): v for k, v in rows.items()}},
    )


@rank_proxies.supports
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
        role=Role.SUPPORTS,
    )


bounded_bulk = rank_proxies.hypothesis(
    "bounded-bulk",
    title="Thm 6: a bounded bulk is necessary",
    statement=r"Bounded bulk is necessary: a separated but unbounded bulk ($k=0$, all $e^{s_i}=\ell/\log\ell$) gives $\operatorname{srank}(A_b)\to\infty$.",
    expected=Status.PROVED,
    reason="a sympy limit, symbolic in ℓ",
    weakest=Weakest(
        "needed-in-general",
        "shown with the separated, unbounded bulk e^s = ℓ/log ℓ (srank → ∞); intermediate growth not searched",
        hypothesis="bulk bound e^{s_i} ≤ e^B",
        stated="bounded bulk",
    ),
)


@bounded_bulk.decides
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


growing_k = rank_proxies.hypothesis(
    "growing-k",
    title="Thm 6: for growing k only the relative form survives",
    statement=r"For growing $k=o(\ell)$ only the relative form $\operatorname{srank}(A_b)=(k+1)(1+o(1))$ survives: with $k=\lfloor\sqrt\ell\rfloor$, $\operatorname{srank}(A_b)-(k+1)\to-\infty$ while $\operatorname{srank}/(k+1)\to1$.",
    expected=Status.VERIFIED,
    reason="a sweep with fits by √c_ℓ and ε_ℓ terms",
    unproved="a sweep; the bound srank ≤ ‖A_b‖_F² with σ₁ ∈ [1, α₊ + ε_ℓ] (sdeg.b.sv-leading) would prove it, not yet assembled here",
    weakest=Weakest(
        "needed-in-general",
        "for k = ⌊√ℓ⌋ only the relative form srank = (k+1)(1 + o(1)) survives; other growth rates not searched",
        hypothesis="spike count k",
        stated="k fixed",
    ),
)


@growing_k.decides
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


spike_separation = rank_proxies.hypothesis(
    "spike-separation",
    title="Thm 6: spike separation is necessary",
    statement=r"Spike separation is necessary: a spike at $e^{s_1}=\ell$ over a zero bulk gives $\operatorname{srank}\to\frac54$, not $k+1=2$.",
    expected=Status.CERTIFIED,
    reason="a sympy limit",
    weakest=Weakest(
        "needed-in-general",
        "shown at f ≡ 1 (srank → 5/4, not 2); other bounded f not searched",
        hypothesis="spike separation f",
        stated="f → ∞",
    ),
)


@spike_separation.decides
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
    return probe_hypothesis("necessary", "spike separation f → ∞", ev, exact=True, role=Role.DECIDES)


nonnegative_scores = rank_proxies.hypothesis(
    "nonnegative-scores",
    title="Thm 6: nonnegative scores are necessary for srank_λ",
    statement=r"Nonnegative scores are necessary for $\operatorname{srank}_\lambda$, even with a two-sided bounded bulk: equal negative scores give $\operatorname{srank}_\lambda\ne k+1$ (and $\operatorname{tr}A_b\ne\operatorname{srank}_\lambda$).",
    uses=["sdeg.b.rank-proxies", "sdeg.b.trace-rank"],
    expected=Status.CERTIFIED,
    reason="a sympy limit",
    weakest=Weakest(
        "needed-in-general",
        "shown with equal negative scores (srank_λ ≠ k+1); other floors not searched",
        hypothesis="score sign (s_i ≥ 0, i.e. a_i = e^{s_i} ≥ 1)",
        stated="s_i ≥ 0",
    ),
)


@nonnegative_scores.decides
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
    return probe_hypothesis("necessary", "nonnegative scores (srank_λ)", ev, exact=True, role=Role.DECIDES)


permutations = rank_proxies.hypothesis(
    "permutations",
    title="Thm 6: independent permutations of the orientation change no singular value",
    statement=r"Orientation by independent permutations changes no singular value: $\operatorname{softmax}(P\Sigma Q^\top)=PA_bQ^\top$.",
    expected=Status.CERTIFIED,
    reason="symbolic identities for all 36 pairs of 3×3 permutations",
    weakest=Weakest("qualitative", "independent permutations are not a quantity: no singular value changes"),
)


permutations.decides(sdegb_permutation_orientation_sympy)


orientation = rank_proxies.hypothesis(
    "orientation",
    title="Thm 6: the canonical orientation is necessary",
    statement=r"The canonical orientation, the model's definition, not an unstated hypothesis (§2 defines $A_{\mathrm b}=\operatorname{softmax}(\Sigma)$, $A_{\mathrm c}=\operatorname{softmax}(\Sigma+M)$ in place of $S=U\Sigma V^\top$), is necessary: the App. E orientation $S=(t/\ell)\mathbf1\mathbf1^\top$ of $\Sigma=te_1e_1^\top$ (sdeg.E.score-counterexample, $k=1$) gives $\operatorname{srank}=1$.",
    uses=["sdeg.b.rank-proxies", "sdeg.E.score-counterexample"],
    expected=Status.CERTIFIED,
    reason="a sympy identity",
    weakest=Weakest("qualitative", "the orientation is the model's definition (no scalar to weaken)"),
)


@orientation.decides
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
        "necessary", "the canonical orientation (U = V does not suffice)", ev, exact=True, role=Role.DECIDES
    )


mask = rank_proxies.hypothesis(
    "mask",
    title="Thm 6: the bidirectional mask is necessary",
    statement=r"The bidirectional mask (unstated) is necessary: under the causal mask with scores 0, $\operatorname{srank}(\mathsf H_\ell)\ge H_\ell/4\to\infty$.",
    expected=Status.CERTIFIED,
    reason="a sympy identity with Hardy's inequality",
    tightness=Tightness(
        "unmeasurable",
        "the inequality is sdeg.b.rank-proxies's conclusion, which the counterexample breaks without the hypothesis; this claim has no bound of its own (the counterexample's margin is in the evidence)",
    ),
    weakest=Weakest("qualitative", "the mask is a choice (bidirectional or causal), not a quantity"),
)


@mask.decides
def sdegb_rank_causal_mask_sympy(ctx: Context) -> Evidence:
    """Under the causal mask (k = 0, scores 0) A_c = H_ℓ: srank ≥ ‖H_ℓ‖_F²/4 = H_ℓ/4 → ∞ (Hardy: ‖H_ℓ‖ ≤ 2)."""
    n, i = sp.Symbol("n", integer=True, positive=True), sp.Symbol("i", integer=True, positive=True)
    hardy = derivation(hardy_steps(), what="Hardy: ‖H_ℓ‖ ≤ 2", ranges="every ℓ")
    residuals = {
        "‖H_ℓ‖_F² = Σ_i i·(1/i)² = H_ℓ": sp.summation(i * (1 / i) ** 2, (i, 1, n)) - sp.harmonic(n),
        "H_ℓ → ∞ (1/lim = 0)": 1 / sp.limit(sp.harmonic(n), n, sp.oo),
    }
    if hardy.status is not Status.PROVED:
        return probe_hypothesis("necessary", "the bidirectional mask", hardy, exact=True, role=Role.DECIDES)
    ev = symbolic_counterexample(
        "causal mask, k = 0, scores 0: A_c = H_ℓ, srank(H_ℓ) ≥ H_ℓ/4 → ∞ (‖H_ℓ‖ ≤ 2 by Hardy), not k + 1 = 1",
        "symbolic ℓ → ∞",
        residuals,
        mask="causal",
        k=0,
        scores=0,
        srank="≥ harmonic(ell)/4",
    )
    return probe_hypothesis("necessary", "the bidirectional mask", ev, exact=True, role=Role.DECIDES)


encoder_decoder = claim(
    "sdeg.encoder-decoder",
    title="Encoder versus decoder: stable rank over ℓ decays like 1/ℓ versus log ℓ/ℓ",
    source=Source("SDEG", "§3.4", "encoder versus decoder"),
    statement=r"Under spectral separation with bounded bulk and fixed $k$: $\operatorname{srank}(A_b)/\ell=\Theta(1/\ell)$ (bidirectional) and $\operatorname{srank}(A_c)/\ell=\Theta(\log\ell/\ell)$ (causal).",
    uses=["sdeg.b.bulk-moments", "sdeg.b.bulk-d", "sdeg.c.eigen", "sdeg.c.sv-universal", "sdeg.c.row-norms"],
    expected=Status.PROVED,
    reason="Machine-checked (sympy): ‖A_b‖_F² = 1 + (1 − 1/ℓ)Σd_i² with d_i ≤ 1 on spikes and ≤ (e^B−1)/ℓ on the bulk, and σ₁(A_b) ≥ 1 (rows sum to 1), so 1 ≤ srank(A_b) ≤ k + 1 + (e^B−1)²; the causal srank bracket [F/20, C_B·F] (the same sign certificates and integral comparison as the proved part of the causal rank-proxy claim) and F ~ log ℓ for fixed k. The stored sweeps to ℓ = 2^20 (2^23 and 10^7 with --wide) are cross-checks: bidirectional (srank(A_b)/ℓ)/(1/ℓ) flat, log ℓ/ℓ and ℓ^{-1/2} ruled out; causal ‖A_c‖_F² = log ℓ + O(1) and σ₁(A_c) ∈ [1, √5] (σ₁ still creeps towards 2, 1.86 at ℓ = 2^20)",
    prose="srank(A) = ‖A‖_F²/σ₁² ≥ 1 (σ₁² ≤ Σσ_i²); summing the checked row identity and the spike and bulk bounds on d_i into ‖A_b‖_F² ≤ k + 1 + (e^B−1)²; the causal bracket F/20 ≤ srank(A_c) ≤ (1 + (1 + (e^B−1)²π²/6)/log 2)F is the proved derivation of sdeg.c.rank-proxies (c_rank_proxies_exact, rerun here as a deciding check: row norms of sdeg.c.row-norms, λ_i of sdeg.c.eigen, ‖A_c‖ ≤ √5 of sdeg.c.sv-universal); spectral separation makes the spike factor f ≥ 1 for ℓ large; Θ read off the two brackets with the checked limits",
    limit=Limit(
        "closed-form",
        "bidirectional: ℓ·(srank(A_b)/ℓ) = srank(A_b) → k + 1 (sdeg.b.rank-proxies); the causal constant of srank(A_c)/log ℓ is not derived (only Θ, sdeg.c.rank-proxies)",
        quantity="ℓ·srank(A_b)/ℓ",
        value="k + 1",
    ),
    figure="figures/rank-proxies.png",
)


def limit_of(expr, var, expected, *, what: str) -> Evidence:
    """lim_{var→∞} expr = expected, by sympy."""
    value = sp.limit(expr, var, sp.oo)
    if sp.simplify(value - expected) == 0:
        return Evidence(Status.PROVED, "sympy", f"{what}: the limit is {sp.sstr(value)}", worst_margin=0.0)
    return Evidence(Status.OPEN, "sympy", f"{what}: sympy finds the limit {sp.sstr(value)}, not {sp.sstr(expected)}")


@encoder_decoder.decides
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


encoder_decoder.decides(c_rank_proxies_exact)


@encoder_decoder.supports
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


@encoder_decoder.supports
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


rank_prediction = claim(
    "sdeg.real.rank-prediction",
    title="Thm 6's srank ≈ k + 1 holds for the canonical model built from MiniLM's scores, not for its attention",
    source=Source("specproof", "§3.4", "own, on MiniLM"),
    statement=r"With $k$ the per-head spike count of sdeg.real.spike-bulk, at every measured $\ell$ the median of $\mathrm{srank}(A_\Sigma)/(k+1)$ lies in $[1/2,2]$ (Thm 6's $k+1+o(1)$, read within a factor 2) while the median of $\mathrm{srank}(A_h)/(k+1)$ is below $1/2$: the theorem describes the canonical model of the real scores but not the real attention.",
    uses=["sdeg.real.spike-bulk"],
    expected=Status.VERIFIED,
    reason="The canonical model turns each score direction above log ℓ into a self-attending row (a unit singular value); real attention puts its large score directions on a few shared key tokens instead (srank ≈ 1–2).",
    unproved="A statement about measured rows: the stored all-MiniLM-L6-v2 attention of 6 layers × 12 heads on 4 windows of pydoc_data.topics (ℓ = 16…512); nothing to prove for every parameter value.",
    notes=["interpretive"],
    tests=[f"{REAL_TESTS}::test_spike_bulk_split_of_a_known_spectrum"],
    figure="figures/real-concentration.png",
)


MEASURED_ROWS = "measured-rows"


RANK_TOLERANCE = 2.0  # "k + 1 + o(1)" read at finite ℓ: within a factor 2 of k + 1


@rank_prediction.decides
def real_rank_prediction(ctx: Context) -> Evidence:
    m = _measured()
    if m is None:
        return _missing()
    parts, worst, failures = [], math.inf, []
    for r in m["rows"]:
        layers = r["layers"]
        ratio = {
            kind: float(
                np.median(
                    [
                        v / (k + 1)
                        for layer in layers
                        for vs, ks in zip(layer[f"srank_{kind}"], layer["k"])
                        for v, k in zip(vs, ks)
                    ]
                )
            )
            for kind in ("real", "canonical")
        }
        can = min(RANK_TOLERANCE - ratio["canonical"], 1 - 1 / (RANK_TOLERANCE * ratio["canonical"]))
        real = 1 / RANK_TOLERANCE - ratio["real"]
        worst = min(worst, can, real)
        parts.append(f"ℓ = {r['ell']}: {fmt(ratio['canonical'])} canonical, {fmt(ratio['real'])} real")
        if can < 0:
            failures.append({"ell": r["ell"], "canonical_ratio": ratio["canonical"]})
        if real < 0:
            failures.append({"ell": r["ell"], "real_ratio": ratio["real"]})
    text = "median srank/(k+1): " + "; ".join(parts)
    if failures:
        return Evidence(
            Status.REFUTED,
            MEASURED_ROWS,
            f"Thm 6's prediction does not split as stated: {text}",
            ranges=RANGES,
            worst_margin=worst,
            counterexample={"failures": failures},
        )
    return Evidence(Status.VERIFIED, MEASURED_ROWS, text, ranges=RANGES, worst_margin=worst)


rank_growth = claim(
    "sdeg.trained.rank-growth",
    title="Thm 7's growth law srank, erank₂ = Θ(k + log((ℓ+1)/(k+1))) describes trained heads from 1× to 8×",
    source=Source("specproof", "§3.4, Thm 7", "own, trained decoders"),
    statement=r"Thm 7 gives canonical causal attention $\mathrm{srank},\mathrm{erank}_2=\Theta(F)$, $F=k+\log\frac{\ell+1}{k+1}$, $k$ the spike count. Read on trained heads with $k=\#\{i:s_i>\log\ell\}$ of each head's score singular values: in every run, the median over heads of $\mathrm{srank}(A_h)/F_h$ and of $\mathrm{erank}_2(A_h)/F_h$ at $\ell=8T$ is within a factor 2 of its value at $\ell=T$ ($T=128$).",
    uses=["sdeg.c.rank-proxies"],
    expected=Status.REFUTED,
    reason="The statement is about every run, so one run that breaks it refutes it: in 15 of the 18 committed runs the "
    "median srank/F or erank₂/F moves by more than a factor 2 from ℓ = T to 8T (erank₂/F by 1.6–4.7×: the "
    "heads' effective rank grows faster than k + log((ℓ+1)/(k+1)) over this range).",
    notes=["interpretive"],
    tests=[f"{TRAINING_TESTS}::test_head_measures_on_uniform_causal_attention"],
    figure="figures/trained-head-spectra.png",
)


GROWTH_BAND = 2.0  # "Θ(F)" read over an 8× range of ℓ: the median ratio to F moves by less than a factor 2


@rank_growth.decides
def trained_rank_growth(ctx) -> Evidence:
    run = measured()
    if run is None:
        return missing()
    ratios = tr.CONFIGS["default"].ratios
    first, last = ratios[0], ratios[-1]
    fails: dict[tuple[str, int], bool] = {}
    parts, worst, data = [], math.inf, {}
    for key in ("srank", "erank2"):
        moves = []
        for name, seed in runs(run):
            med = {
                r: float(
                    np.median([h[key] / h["thm7_F"] for n, s, rr, _, h in heads(run, r) if (n, s) == (name, seed)])
                )
                for r in (first, last)
            }
            move = med[last] / med[first]
            moves.append(move)
            broken = not (1 / GROWTH_BAND < move < GROWTH_BAND)
            fails[(name, seed)] = fails.get((name, seed), False) or broken
            worst = min(worst, math.log(GROWTH_BAND) - abs(math.log(move)))
        raw = {r: [float(np.median([h[key] for *_, h in heads(run, r)]))] for r in ratios}
        F = {r: float(np.median([h["thm7_F"] for *_, h in heads(run, r)])) for r in ratios}
        data[key] = {"moves": moves, "median": raw, "F": F}
        parts.append(
            f"{key}: pooled median {' → '.join(fmt(raw[r][0]) for r in ratios)} against F = k + log((ℓ+1)/(k+1))"
            f" {' → '.join(fmt(F[r]) for r in ratios)} at ℓ ="
            f" {', '.join(str(r * tr.CONFIGS['default'].train_length) for r in ratios)}; per run, the median {key}/F at"
            f" {last}× over that at {first}×: {fmt(min(moves))}…{fmt(max(moves))}"
        )
    text = "; ".join(parts)
    return verdict(
        run,
        fails,
        f"Thm 7's growth srank, erank₂ = Θ(F) (ratio within a factor {fmt(GROWTH_BAND)})",
        text,
        worst=worst,
        counterexample={"moves": {k: v["moves"] for k, v in data.items()}},
    )


causal_rank_growth = claim(
    "sdeg.causal-real.rank-growth",
    title="SmolLM2: Thm 7's growth law srank, erank₂ = Θ(k + log((ℓ+1)/(k+1))) describes real causal heads from ℓ = 64 to 2048",
    source=Source("specproof", "§3.4, Thm 7", "own, on SmolLM2"),
    statement=r"Thm 7 gives canonical causal attention $\mathrm{srank},\mathrm{erank}_2=\Theta(F)$, $F=k+\log\frac{\ell+1}{k+1}$. Read on the real heads of SmolLM2-135M-Instruct (30 layers × 9 heads, 3 windows of pydoc_data.topics per $\ell=64\ldots2048$): per (layer, head), the median over windows of $\mathrm{srank}(A_h)/F$ and of $\mathrm{erank}_2(A_h)/F$ at $\ell=2048$ is within a factor 2 of its value at $\ell=64$ (the trained level's reading, sdeg.trained.rank-growth).",
    uses=["sdeg.c.rank-proxies"],
    expected=Status.REFUTED,
    reason="Does not transfer: 4 of 270 heads keep it from ℓ = 64 to 2048 (14 did to 1024). The pooled median srank/F falls 0.064 → 0.021 as k grows 20 → 64 = d_h while srank stays ≈ 1.25–1.51 (one dominant direction, the sink); the worst is L11.H3 (srank/F ×3.78, erank₂/F ×17.6).",
    notes=["interpretive"],
    tests=["tests/test_causal_model.py::test_a_rule_transfers_only_when_every_head_keeps_it_and_names_the_breakers"],
    figure="figures/causal-heads-srank.png",
)


@causal_rank_growth.decides
def causal_real_rank_growth(ctx) -> Evidence:
    ev = CR.transfer_evidence("thm7-growth", "Thm 7's growth srank/F, erank₂/F within ×2 per head")
    sums = CR.summaries()
    if sums is None or ev.status is Status.OPEN:
        return ev
    return replace(
        ev,
        summary=ev.summary
        + "; pooled median srank/F "
        + " → ".join(fmt(s["median_srank_over_F"]) for s in sums)
        + ", median k "
        + " → ".join(fmt(s["median_k"]) for s in sums)
        + ", median srank "
        + " → ".join(fmt(s["median_srank_real"]) for s in sums)
        + f" (ℓ = {', '.join(str(s['ell']) for s in sums)})",
    )
