"""SDEG App. C.3: Proof of Theorem 3.

The section's claims in the paper's order, each stated before the checks that decide it; the project's own claims (5:
corrections, sharpenings, hypotheses, measurements) follow the claim they qualify.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import numpy as np
import sympy as sp

from specproof.checks.claims._shared.coq_theorems import c_eigen_harmonic_full_coq
from specproof.checks.claims._shared.sdeg_causal import (
    F_,
    PROFILE_ALLOWANCE,
    b_,
    causal_lambda,
    ell_,
    j_,
    k_,
    limit_evidence,
    m_,
    profile_terms,
    u_,
    v_,
    w_,
)
from specproof.engine import strategies as sst
from specproof.engine.methods import (
    combine,
    derivation,
    exact_counterexample,
    float_tolerance,
    fmt,
    probe_hypothesis,
    property_search,
    sympy_identity,
    sympy_nonnegative,
)
from specproof.engine.records import Limit, Tightness, Weakest
from specproof.engine.registry import Context, Evidence, Role, Source, Status, claim
from specproof.theory.cesaro import causal_eigenvalues

CAUSAL_SETUP = (
    r"Scores $s_1 \ge \dots \ge s_\ell \ge 0$, $a_i = e^{s_i}$; $A_c = \mathrm{softmax}(\Sigma + M)$ has "
    r"$(A_c)_{ii} = a_i/(a_i+i-1)$ and $(A_c)_{ij} = z_i = 1/(a_i+i-1)$ for $j < i$."
)


eigen_profile = claim(
    "sdeg.c.eigen-profile",
    title="Causal eigenvalue profile converges to the spike indicator",
    source=Source("SDEG", "App. C.3", "Thm 3"),
    statement=CAUSAL_SETUP
    + r" With spikes $a_i \ge \ell f(\ell)$ ($i \le k$) and bulk $a_i \le \ell/g(\ell)$ ($i > k$): "
    r"$\frac1\ell\sum_{i=1}^\ell (\lambda_i(A_c) - \mathbf 1_{\{i\le k\}})^2 \le \frac{k^3}{\ell^3 f(\ell)^2} +"
    r" \frac{3}{g(\ell)}$.",
    uses=["sdeg.c.eigen"],
    expected=Status.PROVED,
    reason="A sympy-checked argument proves the sharper k³/(3ℓ³f²) + 2/g for every ℓ, k, f, g; the search finds the paper's bound at most 54% used (loose by the constants 3 and 3/2). Hypotheses: sdeg.c.eigen-profile.hypotheses.",
    prose="summing the checked per-index bounds over the spikes and the bulk into the profile bound",
    notes=["loose"],
    tightness=Tightness(
        "loose",
        "ℓ⁻¹Σ(λ_i − 1_{i≤k})² against the paper's k³/(ℓ³f²) + 3/g: at most 0.541 of it in the property search "
        "(300 structured examples, f and g the tightest for the scores), 0.811 of the derivation's sharper "
        "k³/(3ℓ³f²) + 2/g",
        factor=1.85,
        ratio=0.541,
        ranges="the property search of the check (ℓ ≤ 48, sorted nonnegative scores)",
    ),
    tests=["tests/test_sdeg_causal.py::test_profile_bound_and_its_counterexamples"],
)


@eigen_profile.decides
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


@eigen_profile.decides
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
        role=Role.SUPPORTS,
    )
    ev = replace(
        ev,
        sharpest=(
            f"max LHS/RHS = {fmt(ratios['paper'])} for the paper's bound, {fmt(ratios['proved'])} for k³/(3ℓ³f²) + 2/g"
        ),
    )
    return ev


nonnegative_scores = eigen_profile.hypothesis(
    "nonnegative-scores",
    title="Thm 3 eigenvalue profile: nonnegative scores are necessary",
    statement=r"Nonnegative scores are necessary: a bulk with $a_i<1$ breaks $\ell^{-1}\sum(\lambda_i-1_{i\le k})^2\le k^3/(\ell^3f^2)+3/g$; without them the bound becomes $k^3/(3\ell^3f^2)+1/\ell+1/g$.",
    expected=Status.CERTIFIED,
    reason="an exact counterexample (Fractions)",
    tightness=Tightness(
        "unmeasurable",
        "the inequality is sdeg.c.eigen-profile's conclusion, which the counterexample breaks without the hypothesis; this claim has no bound of its own (the counterexample's margin is in the evidence)",
    ),
    weakest=Weakest(
        "needed-in-general",
        "shown with a_i = 1/10; without the sign the bound becomes k³/(3ℓ³f²) + 1/ℓ + 1/g (stated in the claim)",
        hypothesis="score sign (s_i ≥ 0, i.e. a_i = e^{s_i} ≥ 1)",
        stated="s_i ≥ 0 (a_i ≥ 1)",
    ),
    tests=["tests/test_sdeg_causal.py::test_profile_counterexamples_are_exact"],
)


@nonnegative_scores.decides
def c_eigen_profile_probes(ctx: Context) -> Evidence:
    """Drop nonnegative scores: k = 0, a_i = 1/10 at ℓ = 10 breaks the bound (λ₁ = 1 alone gives 1/ℓ)."""
    ell, a = 10, Fraction(1, 10)
    lhs = sum(causal_lambda(a, i) ** 2 for i in range(1, ell + 1)) / ell
    rhs = 3 * a / ell  # k = 0: only 3/g, g = ℓ/max a_i
    outcome = exact_counterexample(
        f"k = 0, a_i = 1/10, ℓ = 10: LHS = {fmt(float(lhs))} > 3/g = {fmt(float(rhs))}; "
        "without a_i ≥ 1 the sharp form is k³/(3ℓ³f²) + 1/ℓ + 1/g",
        "ℓ = 10",
        rhs - lhs,
        scores="s_i = -log 10 for all i",
        k=0,
        lhs=str(lhs),
        rhs=str(rhs),
    )
    return probe_hypothesis("necessary", "nonnegative scores", outcome, exact=True, role=Role.DECIDES)


spikes_first = eigen_profile.hypothesis(
    "spikes-first",
    title="Thm 3 eigenvalue profile: the spikes-first order is necessary",
    statement=r"The spikes-first order is necessary in general, at every separation tested: $k=3(f+1)^2$ spikes with $e^{s_i}=f\ell$ ($f=10,100,1000$) placed last, bulk scores $0$ first, $\ell=100k$, break $\ell^{-1}\sum(\lambda_i-1_{i\le k})^2\le k^3/(\ell^3f^2)+3/g$; fewer spikes placed last can keep it (at $f=10$, $\ell=10^5$ it holds for $k\le186$).",
    expected=Status.CERTIFIED,
    reason="an exact counterexample (Fractions)",
    tightness=Tightness(
        "unmeasurable",
        "the inequality is sdeg.c.eigen-profile's conclusion, which the counterexample breaks with the spikes "
        "placed last; this claim has no bound of its own (the counterexample's margins are in the evidence)",
    ),
    tests=["tests/test_sdeg_causal.py::test_profile_counterexamples_are_exact"],
)


SPIKES_LAST_SEPARATIONS = (10, 100, 1000)  # f: spike scores e^{s_i} = fℓ, far above the log ℓ threshold


def spikes_last_bounds(f: int, k: int, ell: int) -> tuple[Fraction, Fraction]:
    """(a lower bound on ℓ·LHS, ℓ·RHS) with k spikes e^s = fℓ placed last and the bulk scores 0 first, exactly.

    Sorted, the eigenvalues are λ = 1 (row 1), the k spike values fℓ/(fℓ+i−1) ∈ [f/(f+1), 1) (rows ℓ−k+1..ℓ), then
    1/i (rows 2..ℓ−k, all ≤ 1/2): the k − 1 largest spikes stand at targets 1, the smallest spike λ_ℓ at a target 0,
    so ℓ·LHS ≥ (k−1)(1−λ_{ℓ−k+1})² + λ_ℓ² + 1/4 (row 2's 1/2² of the bulk). Pairing each spike with a target 1
    instead (the unsorted reading) adds 2(1 − λ_ℓ) ≥ 0. RHS: k³/(ℓ³f²) + 3/g with g = ℓ (bulk a_i = 1).
    """
    a = Fraction(f * ell)
    lam_first, lam_last = a / (a + ell - k), a / (a + ell - 1)
    lower = (k - 1) * (1 - lam_first) ** 2 + lam_last**2 + Fraction(1, 4)
    return lower, Fraction(k**3, ell**2 * f**2) + 3


def spikes_last_lhs(f: int, k: int, ell: int) -> tuple[float, float]:
    """(ℓ·LHS, ℓ·RHS) in floats, eigenvalues sorted, for k spikes e^s = fℓ placed last (the threshold scan)."""
    i = np.arange(1, ell + 1, dtype=float)
    a = np.ones(ell)
    a[ell - k :] = f * ell
    lam = np.sort(a / (a + i - 1))[::-1]
    target = (np.arange(ell) < k).astype(float)
    return float(np.sum((lam - target) ** 2)), k**3 / (ell**2 * f**2) + 3


SPIKES_LAST_SCAN = (10, 10**5)  # f, ℓ of the threshold scan over k


@spikes_first.decides
def c_eigen_profile_order_probe(ctx: Context) -> Evidence:
    """Drop spikes-first: separated spikes (e^s = fℓ, f = 10, 100, 1000), k = 3(f+1)² of them placed last at
    ℓ = 100k, break the bound, exactly; fewer spikes placed last may keep it (the scan of k at f = 10, ℓ = 10⁵)."""
    outcomes, seen = [], []
    for f in SPIKES_LAST_SEPARATIONS:
        k = 3 * (f + 1) ** 2
        ell = 100 * k
        lower, rhs = spikes_last_bounds(f, k, ell)
        seen.append((f, k, ell, lower, rhs))
        outcomes.append(
            exact_counterexample(
                f"f = {f}, k = {k} spikes e^s = fℓ placed last, bulk scores 0 first, ℓ = {ell}: "
                f"ℓ·LHS ≥ {fmt(float(lower))} > ℓ·RHS = {fmt(float(rhs))}",
                f"ℓ = {ell}",
                rhs - lower,
                f=f,
                k=k,
                ell=ell,
                scores=f"s_i = 0 (i ≤ {ell - k}), s_i = log({f}·{ell}) (i > {ell - k})",
                ell_lhs_at_least=float(lower),
                ell_rhs=float(rhs),
            )
        )
    outcome = combine(
        outcomes,
        what="separated spikes placed last break the profile bound at every tested separation",
        method="exact",
        ranges="f = 10, 100, 1000; k = 3(f+1)², ℓ = 100k",
    )
    f, ell = SPIKES_LAST_SCAN
    holds = [k for k in range(150, 221) if spikes_last_lhs(f, k, ell)[0] <= spikes_last_lhs(f, k, ell)[1]]
    k_max = max(holds)
    ev = probe_hypothesis("necessary", "sorted scores (spikes first)", outcome, exact=True, role=Role.DECIDES)
    ev = replace(
        ev,
        summary=ev.summary + f"; at f = {f}, ℓ = {ell} the bound holds with k ≤ {k_max} spikes last, fails from "
        f"k = {k_max + 1} (scan k = 150..220, sorted eigenvalues)",
    )
    return replace(
        ev,
        weakest=Weakest(
            "needed-in-general",
            "spikes placed last break the bound only when they are many for their separation: as ℓ → ∞ with "
            "k/ℓ → 0, ℓ·LHS → (k−1)/(f+1)² + (f/(f+1))² + π²/6 − 1 against ℓ·RHS → 3, so it fails iff "
            "k − 1 > (4 − π²/6)(f+1)² − f² (k ≥ 186 at f = 10); at f = 10, k = 100, ℓ = 1000 it holds",
            hypothesis="spike positions (the k spikes in the first k rows)",
            stated="spikes first",
            weakest="spikes in any rows when k − 1 ≤ (4 − π²/6)(f+1)² − f² (asymptotically; spikes last)",
            holds_on=f"spikes last with k ≤ {k_max} at f = {f}, ℓ = {ell} (fails for k ≥ {k_max + 1} there)",
            constant="the stated bound k³/(ℓ³f²) + 3/g",
            ranges=f"f = 10, 100, 1000 exact at k = 3(f+1)², ℓ = 100k; the scan k = 150..220 at f = {f}, ℓ = {ell}",
        ),
    )


separation = eigen_profile.hypothesis(
    "separation",
    title="Thm 3 eigenvalue profile: separation and k = o(ℓ) are not needed for the inequality",
    statement=r"Spectral separation and $k=o(\ell)$ are not needed for the inequality, only for its $o(1)$.",
    expected=Status.VERIFIED,
    reason="a property search over unseparated scores and k up to ℓ",
    unproved="a property search; the replacement bound ℓ⁻¹Σ_bulk λ_i² ≤ 1/ℓ + 1/g (a telescoping sum valid for every bulk bound b = ℓ/g > 0) would prove it but is not assembled here",
    weakest=Weakest(
        "not-needed",
        "the inequality holds for unseparated scores and k up to ℓ; only its o(1) needs them",
        hypothesis="spectral separation f, g and k = o(ℓ)",
        stated="f, g → ∞, k = o(ℓ)",
    ),
)


@separation.decides
def c_eigen_profile_rate_probe(ctx: Context) -> Evidence:
    """Spectral separation and k = o(ℓ) are not used by the inequality, only by its o(1) limit."""

    def margin(value):
        lhs, paper, _ = profile_terms(causal_eigenvalues(value[0]), value[0], value[1])
        return paper - lhs

    ev = property_search(
        sst.spike_bulk_split(48),
        margin,
        ctx=ctx,
        examples=100,
        tolerance=lambda value: float_tolerance(value[0].size, 1.0),
        allowance=PROFILE_ALLOWANCE,
        what="bound with unseparated scores and k up to ℓ",
        ranges="ℓ ≤ 48, unseparated splits (f, g ~ 1) and k = ℓ included",
    )
    return probe_hypothesis("not needed", "spectral separation and k = o(ℓ)", ev, role=Role.DECIDES)


eigen_harmonic = claim(
    "sdeg.c.eigen-harmonic",
    title="Harmonic decay of bulk eigenvalues needs bounded scores",
    source=Source("SDEG", "App. C.3", "Thm 3"),
    statement=r"If $1 \le a_i \le C$ then $1/i \le \lambda_i(A_c) \le C/i$. Without a bounded bulk this fails: for $k = 0$, $a_i = \sqrt\ell$ (separated, $g(\ell) = \sqrt\ell$), $\lambda_\ell(A_c) = \sqrt\ell/(\sqrt\ell+\ell-1) \asymp \ell^{-1/2}$.",
    uses=["sdeg.c.eigen"],
    expected=Status.PROVED,
    reason="Kernel-checked in Coq (proofs/CausalRows.v, proofs/CausalOrder.v): 1/i ≤ a_i/(a_i+i−1) ≤ C/i for 1 ≤ a_i ≤ C, every eigenvalue of A_c is such a row value, and at a = √ℓ the last row's eigenvalue has 1/2 ≤ √ℓ·λ_ℓ ≤ 1. Sign certificates for both bounds and sympy limits for the example. Hypotheses: sdeg.c.eigen-harmonic.hypotheses.",
    prose="none beyond ℝ being a real closed field: the bounds, the eigenvalue identification (sdeg.c.eigen) and the example's 1/2 ≤ √ℓ·λ_ℓ ≤ 1 are the Coq theorems (the sign certificates and limits are sympy cross-derivations)",
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
    tests=["tests/test_sdeg_causal.py::test_harmonic_eigenvalue_bounds"],
    figure="figures/causal-harmonic.png",
)


eigen_harmonic.decides(c_eigen_harmonic_full_coq)


@eigen_harmonic.decides
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


lower_bound = eigen_harmonic.hypothesis(
    "lower-bound",
    title="Thm 3 harmonic decay: a_i ≥ 1 is necessary for λ_i ≥ 1/i",
    statement=r"$a_i\ge1$ is necessary for $\lambda_i\ge1/i$: a score $a_i<1$ puts $\lambda_i$ below $1/i$. The order of the scores plays no role: the bound holds row by row.",
    expected=Status.CERTIFIED,
    reason="an exact counterexample",
    tightness=Tightness(
        "unmeasurable",
        "the inequality is sdeg.c.eigen-harmonic's conclusion, which the counterexample breaks without the hypothesis; this claim has no bound of its own (the counterexample's margin is in the evidence)",
    ),
    weakest=Weakest(
        "needed",
        "λ_i = a_i/(a_i+i−1) ≥ 1/i ⇔ a_i(i−1) ≥ i−1 ⇔ a_i ≥ 1 for every i ≥ 2 (the exact counterexample at a₂ = 1/2 is one instance): every a_i < 1 fails",
        hypothesis="bulk score floor a_i",
        stated="a_i ≥ 1",
        weakest="a_i ≥ 1 (exactly the stated value)",
    ),
    tests=["tests/test_sdeg_causal.py::test_probes_decide_the_hypotheses_claims"],
)


@lower_bound.decides
def c_eigen_harmonic_probes(ctx: Context) -> Evidence:
    """Drop nonnegative scores: a_2 = 1/2 gives λ_2 = 1/3 < 1/2 (exact)."""
    lam = causal_lambda(Fraction(1, 2), 2)
    outcome = exact_counterexample(
        f"a_2 = 1/2: λ_2 = {lam} < 1/2", "i = 2", lam - Fraction(1, 2), scores="s_2 = -log 2", lambda_2=str(lam)
    )
    return probe_hypothesis("necessary", "nonnegative scores (lower bound 1/i)", outcome, exact=True, role=Role.DECIDES)


bounded_bulk = eigen_harmonic.hypothesis(
    "bounded-bulk",
    title="Thm 3 harmonic decay: a bounded bulk is necessary for λ_i ≤ C/i",
    statement=r"A bounded bulk is necessary for $\lambda_i\le C/i$: the paper's own example $a_i=\sqrt\ell$ gives $\ell\lambda_\ell\to\infty$.",
    expected=Status.CERTIFIED,
    reason="a sympy limit",
    tightness=Tightness(
        "unmeasurable",
        "the inequality is sdeg.c.eigen-harmonic's conclusion, which the counterexample breaks without the hypothesis; this claim has no bound of its own (the counterexample's margin is in the evidence)",
    ),
    weakest=Weakest(
        "needed-in-general",
        "shown with the paper's a_i = √ℓ (ℓλ_ℓ → ∞); λ_i ≤ a_i/i row by row, so any C ≥ max a_i works, and the bound fails exactly when a_i/i·i = a_i is unbounded",
        hypothesis="bulk bound a_i ≤ C",
        stated="bounded bulk",
    ),
)


@bounded_bulk.decides
def c_eigen_harmonic_bounded_probe(ctx: Context) -> Evidence:
    """Drop bounded bulk: the paper's own example (a_i = √ℓ) makes the upper bound C/i fail."""
    limit = sp.limit(ell_ * causal_lambda(sp.sqrt(ell_), ell_), ell_, sp.oo)
    outcome = Evidence(
        Status.REFUTED if limit == sp.oo else Status.OPEN,
        "sympy",
        f"a_i = √ℓ: ℓ·λ_ℓ → {limit}",
        ranges="ℓ → ∞",
        counterexample={"scores": "s_i = log(ell)/2", "limit of ell*lambda_ell": str(limit)},
    )
    return probe_hypothesis("necessary", "bounded bulk (upper bound C/i)", outcome, exact=True, role=Role.DECIDES)
