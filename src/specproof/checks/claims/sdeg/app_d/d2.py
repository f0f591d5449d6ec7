"""SDEG App. D.2: Causal attention (the proofs of Theorem 7).

The section's claims in the paper's order, each stated before the checks that decide it; the project's own claims (11:
corrections, sharpenings, hypotheses, measurements) follow the claim they qualify.

h(x) = −x log x throughout. Identities and integrals are decided by sympy, the expansion's bound is certified in
arb balls on a grid, and the perturbation bound is searched with hypothesis over low-rank perturbations.
"""

from __future__ import annotations

import functools
import math
from dataclasses import replace
from fractions import Fraction
from typing import Any

import flint
import numpy as np
import sympy as sp
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from specproof.checks.claims._shared.coq_theorems import c_lm_real_coq
from specproof.checks.claims._shared.sdeg_bidirectional import symbolic_counterexample
from specproof.checks.claims._shared.sdeg_causal import (
    SQRT5,
    Config,
    _stored_cesaro_spectra,
    attention,
    c_rank_proxies_exact,
    c_schatten_sweep,
    causal_lambda,
    cesaro_spectrum,
    config_spectrum,
    dense_sizes,
    ell_,
    hardy_steps,
    i_,
    j_,
    k_,
    limit_evidence,
    log_ratio,
    m_,
    matrix_identity,
    n_,
    proxy_fit,
    q_,
    svdvals,
    u_,
    v_,
    value_span,
    w_,
)
from specproof.engine import strategies as sst
from specproof.engine.formal import CoqHook, Step, coq_check
from specproof.engine.measure import FREE_POWER, limit_fit
from specproof.engine.methods import (
    combine,
    derivation,
    exact_counterexample,
    float_tolerance,
    fmt,
    grid_check,
    probe_hypothesis,
    property_search,
    step_series,
    sympy_identity,
    sympy_nonnegative,
)
from specproof.engine.rates import bound_evidence, fit_with_corrections
from specproof.engine.records import Limit, Second, Tightness, Weakest
from specproof.engine.registry import Context, Evidence, Role, Source, Status, claim
from specproof.theory.cesaro import (
    causal_eigenvalues,
    causal_row_norms_sq,
    cesaro_continuum_shift,
    cesaro_singular_values,
    dyadic_blocks,
    hardy_continuum_norm,
    harmonic_number,
    harmonic_tail,
    lower_ones,
    lower_ones_singular_values,
)
from specproof.theory.entropy import entropy_terms, entropy_variation
from specproof.theory.filters import floor_log2
from specproof.theory.operators import Cesaro
from specproof.theory.spectral import effective_rank, stable_rank

row_norms = claim(
    "sdeg.c.row-norms",
    title="Squared row norms of causal attention",
    source=Source("SDEG", "App. D.2", "Thm 7; Thm 4 Step 3"),
    statement=r"$\rho_i := \sum_j (A_c)_{ij}^2 = \frac{i-1+a_i^2}{(a_i+i-1)^2}$ and $\rho_i - \frac1i = \frac{(i-1)(a_i-1)^2}{i(a_i+i-1)^2} \in [0, C_B/i^2]$ for $1 \le a_i \le e^B$, with the sharp $C_B = (e^B-1)^2$; also $\rho_i \le \frac1i + \min\{1, a_i^2/i^2\}$.",
    lost="The definitions of ρ_i (the squared row norm) and of the constant C_B.",
    expected=Status.PROVED,
    reason="sympy identities and sign certificates; the limit i²(ρ_i − 1/i) → (a_i−1)² shows C_B = (e^B−1)² cannot be improved. The lower bound 0 needs no hypothesis (also a_i < 1); bounded bulk: sdeg.c.row-norms.hypotheses.",
    prose="none beyond the checked identity and sign certificates (the checked limit shows C_B cannot be improved)",
    notes=["reconstructed"],
    tightness=Tightness(
        "sharp",
        "ρ_i − 1/i = (i−1)(a_i−1)²/(i(a_i+i−1)²) (c_row_norms_sympy): 0 at a_i = 1, and i²(ρ_i − 1/i) → (a_i−1)² = C_B as i → ∞ at a_i = e^B",
        where={"a_i": "1 (lower side)"},
        approach="i²(ρ_i − 1/i)/C_B → 1 as i → ∞ at a_i = e^B",
    ),
    tests=["tests/test_sdeg_causal.py::test_row_norm_identity_and_bound"],
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

row_norms.decides(c_row_norms_coq)


@row_norms.decides
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


@row_norms.supports
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
        role=Role.SUPPORTS,
    )


hypotheses = claim(
    "sdeg.c.row-norms.hypotheses",
    title="Row norms: the bounded bulk is necessary for C_B/i²",
    source=Source("specproof", "App. D.2", "own"),
    statement=r"$\rho_i - 1/i \ge 0$ holds for every score; the bound $C_B/i^2$ needs a bounded bulk: $a_i = \sqrt\ell$ gives $\ell^2(\rho_\ell - 1/\ell) \to \infty$.",
    uses=["sdeg.c.row-norms"],
    expected=Status.CERTIFIED,
    reason="sympy limit",
    tightness=Tightness(
        "unmeasurable",
        "the inequality is sdeg.c.row-norms's conclusion, which the counterexample breaks without the hypothesis; this claim has no bound of its own (the counterexample's margin is in the evidence)",
    ),
    weakest=Weakest(
        "needed-in-general",
        "ρ_i − 1/i ≥ 0 holds for every score; C_B/i² fails with a_i = √ℓ; other growth not searched",
        hypothesis="bulk bound a_i ≤ e^B",
        stated="bounded bulk",
    ),
    tests=["tests/test_sdeg_causal.py::test_row_norm_identity_and_bound"],
)


@hypotheses.decides
def c_row_norms_bounded_probe(ctx: Context) -> Evidence:
    """Drop bounded bulk: a_i = √ℓ makes ℓ²(ρ_ℓ − 1/ℓ) grow without bound."""
    ell = ell_
    excess = (ell - 1) * (sp.sqrt(ell) - 1) ** 2 / (ell * (sp.sqrt(ell) + ell - 1) ** 2)
    limit = sp.limit(ell**2 * excess, ell, sp.oo)
    outcome = Evidence(
        Status.REFUTED if limit == sp.oo else Status.OPEN,
        "sympy",
        f"a_i = √ℓ: ℓ²(ρ_ℓ − 1/ℓ) → {limit}",
        ranges="ℓ → ∞",
        counterexample={"scores": "s_i = log(ell)/2", "limit": str(limit)},
    )
    return probe_hypothesis("necessary", "bounded bulk (C_B/i²)", outcome, exact=True, role=Role.DECIDES)


rank_proxies = claim(
    "sdeg.c.rank-proxies",
    title="Causal rank proxies grow like k + log((ℓ+1)/(k+1))",
    source=Source("SDEG", "App. D.2", "Thm 7"),
    statement=r"Sorted scores with spikes $a_i \ge \ell f(\ell)$, $f \ge 1$ ($i \le k$) and bounded bulk: $\mathrm{srank}(A_c), \mathrm{srank}_\lambda(A_c), \mathrm{erank}_2(A_c) = \Theta_B\!\left(k + \log\frac{\ell+1}{k+1}\right)$; and $\mathrm{erank}_2(\mathsf H_\ell) = \Theta(\log\ell)$, $\log\mathrm{erank}_1(\mathsf H_\ell) = \Theta(\log\ell)$.",
    lost="The hypotheses of Thm 7 (the parameters B, η of Θ_{B,η}); reconstructed as sorted scores, spikes a_i ≥ ℓ (f ≥ 1), bulk 1 ≤ a_i ≤ e^B, any 0 ≤ k ≤ ℓ; η is not needed in the checked ranges.",
    uses=[
        "sdeg.c.eigen",
        "sdeg.c.eigen-harmonic",
        "sdeg.c.row-norms",
        "sdeg.c.sv-universal",
        "sdeg.c.representation",
        "sdeg.c.schatten",
        "sdeg.c.spike-sv.corrected",
        "sdeg.c.test-vector",
    ],
    expected=Status.VERIFIED,
    reason="srank and srank_λ are proved Θ(F) with explicit constants (F/20 ≤ srank ≤ (1 + (1 + C_Bπ²/6)/log 2)F), and erank₂ ≥ srank; the upper side of erank₂ and the lower side of log erank₁(H_ℓ) rest on sweeps (ratios do not grow; fitted log-coefficient of log erank₁ ≈ 0.4, decreasing toward the dyadic-block prediction 1/3). The stored sweeps carry the proved srank bracket to ℓ = 2^20 (srank/F still falling there, σ₁ → 2 slowly) and read srank(H_ℓ) = Θ(log ℓ) with its constant removed. Hypotheses: sdeg.c.rank-proxies.hypotheses.",
    unproved="srank and srank_λ are proved; the upper side of erank₂ (a Schatten-3/2 entropy bound through sdeg.c.schatten) and log erank₁(H_ℓ) = Ω(log ℓ) (entropy perturbation of the dyadic pinching, sdeg.c.entropy-perturbation) have written arguments that are not yet assembled as checks; here they rest on sweeps.",
    notes=["reconstructed"],
    tightness=Tightness(
        "loose",
        "the proved brackets F/20 ≤ srank ≤ (1 + (1 + (e^B − 1)²π²/6)/log 2)·F (F = k + log((ℓ+1)/(k+1))): the "
        "smallest srank/F observed is 0.36 (k = 3, f = log ℓ, B = 2, stored sweep to ℓ = 2^20, still falling), 7.2× "
        "the lower constant 1/20; the upper constant 99.3 is ≥ 140× what is seen (srank/F ≤ 0.677)",
        factor=7.2,
        ratio=0.139,
        where={"k": 3, "B": 2, "ℓ": 1048576},
        ranges="the families of the sweeps, ℓ = 64…1048576",
    ),
    limit=Limit(
        "closed-form",
        "srank(H_ℓ) = ‖H_ℓ‖_F²/‖H_ℓ‖² = 𝓗_ℓ/‖H_ℓ‖² with 𝓗_ℓ = log ℓ + γ + o(1) and ‖H_ℓ‖ → 2 (Hardy's constant, "
        "approached like c/log²ℓ, sdeg.c.cesaro-norm-rate), so srank(H_ℓ)/log ℓ → 1/4; on the stored cesaro-norm "
        "sweep the slope of srank(H_ℓ) against log(ℓ + 1) with a constant fitted (0.223–0.228 over ℓ = 64…2^20) rises "
        "toward it and the ratio srank(H_ℓ)/log(ℓ + 1) itself falls toward it from above; neither pins it closely",
        quantity="srank(H_ℓ)/log ℓ",
        value="1/4",
        numeric=0.25,
        approach="slowly, as ‖H_ℓ‖ → 2 (like 1/log² ℓ)",
        ranges="stored sweep ℓ = 64…1048576",
    ),
    tests=["tests/test_sdeg_causal.py::test_rank_proxies_within_the_proved_bracket"],
    figure="figures/rank-proxies.png",
)


@rank_proxies.second("limit")
def rank_proxies_limit_bracket(ctx: Context) -> tuple:
    """1/4 against what the stored Cesàro norms give at the top of the sweep: the ratio srank(H_ℓ)/log(ℓ + 1) =
    H_ℓ/(‖H_ℓ‖² log(ℓ + 1)) (falling) and the slope of srank(H_ℓ) against log(ℓ + 1) over the last three rows
    (rising); the limit is compared with their midpoint, within half their distance. A bracket read from two
    monotone sequences, not a fit: the approach is too slow (2 − ‖H_ℓ‖ ≈ 4π²/(log ℓ + 6)²) for 1/log ℓ families."""
    from specproof.runs.sweeps.table import run_sweep, stored_options

    rows = [r for r in run_sweep("cesaro-norm", **stored_options(ctx)).rows if r["x"] <= 2**20][-3:]
    x = np.log(np.array([r["x"] for r in rows], float) + 1)
    srank = np.array([float(harmonic_number(int(r["x"]))) / r["value"] ** 2 for r in rows])
    ratio = float(srank[-1] / x[-1])
    slope = float(np.polyfit(x, srank, 1)[0])
    return (
        Second(
            "numeric",
            0.25,
            (ratio + slope) / 2,
            f"the stored Cesàro norms at ℓ ≤ 2^20: ratio {fmt(ratio)} (falling) and slope {fmt(slope)} (rising)",
            abs(ratio - slope) / 2,
        ),
    )


rank_proxies.decides(c_rank_proxies_exact)


RANK_CONFIGS = (Config("0", 1.0), Config("3", 1.0), Config("sqrt", 1.0), Config("eighth", 0.5))


@rank_proxies.decides
def c_rank_proxies_erank_sweep(ctx: Context) -> Evidence:
    """erank₂(A_c) = O(F): the ratio erank₂/F does not grow, over k = 0, 3, ⌊√ℓ⌋, ⌊ℓ/8⌋ and bounded bulks."""
    evidence = []
    for config in RANK_CONFIGS:
        fit, sizes = proxy_fit(config, ctx, lambda sv: effective_rank(sv, 2), "erank2")
        evidence.append(bound_evidence(fit, side="upper", what=config.label(), ranges=f"ℓ = {sizes[0]}..{sizes[-1]}"))
    return combine(evidence, what="erank₂/F", ranges=f"ℓ = 64..{dense_sizes(ctx)[-1]}", method="sweep-fit")


@rank_proxies.decides
def c_rank_proxies_bracket_float(ctx: Context) -> Evidence:
    """The three proxies against F in floating point, with the proved constants of each family's bulk bound B."""

    def bracket(B):  # c_rank_proxies_exact: srank ∈ [F/20, C_B·F], srank_λ ∈ [F/2, (1 + e^B(1 + 1/log 2))F]
        return {
            "srank": (1 / 20, 1 + (1 + (math.exp(B) - 1) ** 2 * math.pi**2 / 6) / math.log(2)),
            "srank_λ": (1 / 2, 1 + math.exp(B) * (1 + 1 / math.log(2))),
            "erank₂": (1 / 20, math.inf),
        }

    rows, ok = [], True
    for config in RANK_CONFIGS:
        sizes = dense_sizes(ctx)
        limits = bracket(config.bulk_max)
        ratios: dict[str, list[float]] = {"srank": [], "srank_λ": [], "erank₂": []}
        for n in sizes:
            sv, F = config_spectrum(config, n, ctx.seed), log_ratio(n, config.k(n))
            ratios["srank"].append(stable_rank(sv) / F)
            ratios["srank_λ"].append(float(np.sum(causal_eigenvalues(config.scores(n, ctx.seed)))) / F)
            ratios["erank₂"].append(effective_rank(sv, 2) / F)
        ok &= all(limits[k][0] <= r <= limits[k][1] for k, v in ratios.items() for r in v)
        rows.append(
            f"{config.label()} (B = {fmt(config.bulk_max)}: srank/F ≤ {fmt(limits['srank'][1])}, srank_λ/F ≤ "
            f"{fmt(limits['srank_λ'][1])}): " + ", ".join(f"{k}/F in {value_span(v)}" for k, v in ratios.items())
        )
    return Evidence(
        Status.VERIFIED if ok else Status.REFUTED,
        "sweep",
        "; ".join(rows),
        role=Role.SUPPORTS,
        ranges=f"ℓ = 64..{dense_sizes(ctx)[-1]}",
        counterexample=None if ok else {"rows": rows},
        sharpest="each family inside its proved brackets (constants for its own B)",
    )


@rank_proxies.decides
def c_rank_proxies_cesaro(ctx: Context) -> Evidence:
    """erank₂(H_ℓ) = Θ(log ℓ) (upper side by sweep) and log erank₁(H_ℓ) = Θ(log ℓ) (lower side by a fit), from the
    stored spectra."""
    from specproof.runs.sweeps.table import rate_check, stored_options

    rows, ranges = _stored_cesaro_spectra(ctx)
    sizes = np.array([r["x"] for r in rows], dtype=float)
    upper = rate_check(
        "cesaro-spectrum",
        np.log,
        "log ell",
        column="erank2",
        what="erank₂(H_ℓ) (lower side exact: ≥ srank ≥ H_ℓ/4)",
        competitors={"1": np.ones_like},
        scale="loglog",
        side="upper",
        select=lambda r: r["x"] >= 16,
        **stored_options(ctx),
    )
    le1 = np.log([r["erank1"] for r in rows])
    basis: dict[str, Any] = {"log": np.log, "loglog": lambda x: np.log(np.log(x)), "1": np.ones_like}
    half = len(sizes) // 2
    coefs = [fit_with_corrections(sizes[sl], le1[sl], basis)["log"] for sl in (slice(0, half + 1), slice(half, None))]
    grows = min(coefs) > 0  # a non-positive log-coefficient in either half contradicts log erank₁ = Ω(log ℓ)
    lower = Evidence(
        Status.VERIFIED if grows else Status.REFUTED,
        "sweep-fit",
        f"log erank₁(H_ℓ)/log ℓ = {fmt(le1[0] / np.log(sizes[0]))} → {fmt(le1[-1] / np.log(sizes[-1]))} "
        f"(≤ 1: erank₁ ≤ ℓ); fitted α·log ℓ + β·log log ℓ + γ has α = {fmt(coefs[0])} (lower half), "
        f"{fmt(coefs[1])} (upper half) > 0",
        ranges=ranges,
        sharpest=f"log erank₁/log ℓ in [{fmt(le1[-1] / np.log(sizes[-1]))}, 1]",
        worst_margin=min(coefs),
        counterexample=None if grows else {"ell": sizes.tolist(), "log_erank1": le1.tolist(), "alpha": coefs},
    )
    return combine([upper, lower], what="Cesàro rank proxies", ranges=ranges, method="sweep-fit")


@rank_proxies.decides
def c_rank_proxies_stored_sweeps(ctx: Context) -> Evidence:
    """Beyond dense sizes, from the stored sweeps: srank(A_c) inside the proved bracket [F/20, C_B·F] to ℓ = 2^20
    (`causal-srank`: k = 3 spikes with a_i ≥ ℓ log ℓ, bulk e^{s} ∈ [1, e²]), and srank(H_ℓ) = Θ(log ℓ) (`cesaro-norm`:
    all scores equal, k = 0, F = log(ℓ+1)) with its constant term fitted and removed."""
    from specproof.runs.sweeps.table import rate_check, run_sweep, stored_options

    options = stored_options(ctx)
    B = 2.0  # the sweep's bulk scores lie in [0, 2]
    c_hi = 1 + (1 + (math.exp(B) - 1) ** 2 * math.pi**2 / 6) / math.log(2)
    rows = [r for r in run_sweep("causal-srank", **options).rows if r["x"] >= 64]
    sizes = [int(r["x"]) for r in rows]
    F = np.array([log_ratio(n, 3) for n in sizes])
    lo, hi = np.array([r["lower"] for r in rows]) / F, np.array([r["upper"] for r in rows]) / F
    margin = float(min(np.min(lo - 1 / 20), np.min(c_hi - hi)))
    bracket = Evidence(
        Status.VERIFIED if margin >= 0 else Status.REFUTED,
        "sweep",
        f"A_c (k = 3, f = log ℓ, B = 2): srank/F ∈ [{fmt(lo.min())}, {fmt(hi.max())}] inside the proved "
        f"[1/20, {fmt(c_hi)}] at every ℓ = {sizes[0]}..{sizes[-1]} (brackets from the sweep); the ratio is "
        f"still falling ({fmt(hi[0])} → {fmt(hi[-1])}) while σ₁(A_c) creeps toward 2 "
        f"({fmt(rows[0]['norm'])} → {fmt(rows[-1]['norm'])}), so its constant is not yet readable",
        ranges=f"sweep causal-srank ({options['grid']} grid), ℓ = {sizes[0]}..{sizes[-1]}",
        worst_margin=margin,
        role=Role.SUPPORTS,
        counterexample=None if margin >= 0 else {"ell": sizes, "srank_over_F": hi.tolist()},
    )
    cesaro = rate_check(
        "cesaro-norm",
        lambda x: np.log(x + 1),
        "log(ℓ+1)",
        column="srank",
        what="srank(H_ℓ) against F = log(ℓ+1)",
        lower={"1": np.ones_like},
        competitors={"√log ℓ": lambda x: np.sqrt(np.log(x)), "log² ℓ": lambda x: np.log(x) ** 2},
        scale="loglog",
        select=lambda r: r["x"] >= 64,
        role=Role.SUPPORTS,
        **options,
    )
    return combine(
        [bracket, cesaro],
        what="rank proxies from the stored sweeps",
        method="sweep-fit",
        role=Role.SUPPORTS,
        ranges=f"sweeps causal-srank and cesaro-norm ({options['grid']} grid), ℓ up to {sizes[-1]}",
    )


bounded_bulk = rank_proxies.hypothesis(
    "bounded-bulk",
    title="Thm 7 rank proxies: the bounded bulk is necessary",
    statement=r"The bounded bulk is necessary: $a_i=\sqrt\ell$ makes $\mathrm{srank}$ grow faster than $F=\log(\ell+1)$.",
    expected=Status.VERIFIED,
    reason="a sweep with a one-sided rate fit (a growing ratio is the counterexample)",
    unproved="a sweep with a one-sided rate fit; the √ℓ example of sdeg.c.log-many would prove it, not assembled as a check here",
    weakest=Weakest(
        "needed-in-general",
        "shown with a_i = √ℓ (srank/F unbounded); other growth not searched",
        hypothesis="bulk bound a_i ≤ e^B",
        stated="bounded bulk",
    ),
    tests=["tests/test_sdeg_causal.py::test_rank_proxies_within_the_proved_bracket"],
)


@bounded_bulk.decides
def c_rank_proxies_bounded_probe(ctx: Context) -> Evidence:
    """Drop bounded bulk: a_i = √ℓ (k = 0) makes srank grow faster than F = log(ℓ+1)."""
    fit, sizes = proxy_fit(Config("0", None), ctx, stable_rank, "srank")
    return probe_hypothesis(
        "necessary",
        "bounded bulk",
        bound_evidence(fit, side="upper", what="srank/F for a_i = √ℓ", ranges=f"ℓ = {sizes[0]}..{sizes[-1]}"),
        role=Role.DECIDES,
    )


separation = rank_proxies.hypothesis(
    "separation",
    title="Thm 7 rank proxies: spectral separation is necessary for the k term",
    statement=r"Spectral separation is necessary for the $k$ term: $k=\lfloor\sqrt\ell\rfloor$ unseparated 'spikes' with $s\equiv0$ give $\mathrm{srank}/F\to0$.",
    expected=Status.VERIFIED,
    reason="a sweep of stored spectra with a one-sided rate fit",
    unproved="a sweep with a one-sided rate fit; H_ℓ's row norms would prove it, not assembled as a check here",
    weakest=Weakest(
        "needed-in-general",
        "shown with k = ⌊√ℓ⌋ unseparated 'spikes' s ≡ 0 (srank/F → 0 for the k term); other separations not searched",
        hypothesis="spike separation f",
        stated="a_i ≥ ℓf for i ≤ k",
    ),
)


@separation.decides
def c_rank_proxies_separation_probe(ctx: Context) -> Evidence:
    """Drop spectral separation: s ≡ 0 with k = ⌊√ℓ⌋ declared spikes; srank stays O(log ℓ) ≪ F (stored spectra)."""
    from specproof.runs.sweeps.table import rate_check, stored_options

    F = lambda x: np.array([log_ratio(int(n), math.isqrt(int(n))) for n in np.atleast_1d(x)])  # noqa: E731
    fit = rate_check(
        "cesaro-spectrum",
        F,
        "F",
        column="srank",
        what="srank(H_ℓ)/F with k = ⌊√ℓ⌋ unseparated spikes",
        competitors={"log ell": np.log},
        scale="loglog",
        side="lower",
        select=lambda r: r["x"] >= 16,
        **stored_options(ctx),
    )
    return probe_hypothesis("necessary", "spectral separation (spikes a_i ≥ ℓf)", fit, role=Role.DECIDES)


sorted_scores = rank_proxies.hypothesis(
    "sorted-scores",
    title="Thm 7 rank proxies: sorted scores and k = o(ℓ) are not needed",
    statement=r"Sorted scores and $k=o(\ell)$ are not needed: spikes last with $k=\lfloor\ell/8\rfloor$ keep $\mathrm{erank}_2/F$ bounded and $\mathrm{srank}/F$ bounded below.",
    expected=Status.VERIFIED,
    reason="a sweep with one-sided rate fits",
    unproved="a sweep; an order-free lower bracket would prove it, not assembled as a check here",
    weakest=Weakest(
        "not-needed",
        "spikes last with k = ⌊ℓ/8⌋ keep erank₂/F bounded and srank/F bounded below",
        hypothesis="spike order and k = o(ℓ)",
        stated="spikes first, k = o(ℓ)",
    ),
)


@sorted_scores.decides
def c_rank_proxies_order_probe(ctx: Context) -> Evidence:
    """Drop sorted scores (spikes last) and k = o(ℓ) (k = ⌊ℓ/8⌋): erank₂/F does not grow, srank/F ≥ 1/20."""
    evidence = []
    for config in (Config("3", 1.0, spikes_last=True), Config("eighth", 0.5)):
        fit, sizes = proxy_fit(config, ctx, lambda sv: effective_rank(sv, 2), "erank2")
        evidence.append(
            bound_evidence(fit, side="upper", what=f"erank₂/F, {config.label()}", ranges=f"ℓ = {sizes[0]}..{sizes[-1]}")
        )
        floor = min(stable_rank(config_spectrum(config, n, ctx.seed)) / log_ratio(n, config.k(n)) for n in sizes)
        evidence.append(
            Evidence(
                Status.VERIFIED if floor >= 1 / 20 else Status.REFUTED,
                "sweep",
                f"srank/F ≥ {fmt(floor)} (≥ 1/20), {config.label()}",
                ranges=f"ℓ = {sizes[0]}..{sizes[-1]}",
                worst_margin=floor - 1 / 20,
                counterexample=None if floor >= 1 / 20 else {"config": config.label(), "min_ratio": floor},
            )
        )
    return probe_hypothesis(
        "not needed",
        "sorted scores and k = o(ℓ)",
        combine(evidence, what="Θ(F) without them", ranges=f"ℓ = 64..{dense_sizes(ctx)[-1]}", method="sweep-fit"),
        role=Role.DECIDES,
    )


bulk_lower_bound = rank_proxies.hypothesis(
    "bulk-lower-bound",
    title="Thm 7 rank proxies: a lower bound on the bulk scores is necessary for srank_λ",
    statement=r"A lower bound on the bulk scores is necessary for $\mathrm{srank}_\lambda=\Theta(F)$: $a_i=1/\ell$ gives $\mathrm{srank}_\lambda/F\to0$.",
    expected=Status.CERTIFIED,
    reason="an exact counterexample",
    weakest=Weakest(
        "needed-in-general",
        "shown at a_i = 1/ℓ (srank_λ/F → 0); …bounded-below shows any fixed floor e^{−B} suffices",
        hypothesis="bulk score floor a_i",
        stated="a_i ≥ 1",
    ),
)


@bulk_lower_bound.decides
def c_rank_proxies_nonneg_probe(ctx: Context) -> Evidence:
    """Drop nonnegative (bounded-below) bulk scores: a_i = 1/ℓ (k = 0) gives srank_λ ≤ 1 + (1 + log ℓ)/ℓ, not Θ(F)."""
    ell = 1024
    a = Fraction(1, ell)
    srank_lambda = sum((causal_lambda(a, i) for i in range(1, ell + 1)), Fraction(0))  # Σ λ_i, max λ_i = λ₁ = 1
    e_upper = Fraction(272, 100)  # e < 2.72, so log(ℓ+1) > 6 as 2.72⁶ < 406 < 1025
    assert e_upper**6 < ell + 1
    lower = exact_counterexample(
        f"k = 0, a_i = 1/ℓ, ℓ = {ell}: srank_λ = Σλ_i = {fmt(float(srank_lambda))} < 3 < F/2 "
        "(F = log(ℓ+1) > 6), the proved lower constant of sdeg.c.rank-proxies",
        f"ℓ = {ell}",
        srank_lambda - 3,
        scores="s_i = -log(ell) (all)",
        srank_lambda=float(srank_lambda),
    )
    ell_s = ell_
    ratio = sp.limit((1 + (1 + sp.log(ell_s)) / ell_s) / sp.log(ell_s + 1), ell_s, sp.oo)
    general = symbolic_counterexample(
        "and srank_λ/F ≤ (1 + (1 + log ℓ)/ℓ)/log(ℓ+1) → 0 (λ_i = a/(a+i−1) ≤ a/(i−1) for i ≥ 2, "
        "Σ_{i<ℓ} 1/i ≤ 1 + log ℓ): no constant c has srank_λ ≥ cF",
        "symbolic ℓ → ∞",
        {"lim (1 + (1 + log ℓ)/ℓ)/log(ℓ+1)": ratio},
        scores="s_i = -log(ell)",
        ratio_limit=0,
    )
    outcome = combine([lower, general], what="srank_λ without a_i ≥ 1", method="exact", ranges=f"ℓ = {ell}; ℓ → ∞")
    return probe_hypothesis(
        "necessary", "a lower bound on the bulk scores (srank_λ = Θ(F))", outcome, exact=True, role=Role.DECIDES
    )


bounded_below = rank_proxies.hypothesis(
    "bounded-below",
    title="Thm 7 rank proxies: a bulk bounded below suffices for srank_λ",
    statement=r"A bulk bounded below ($e^{-B}\le a_i$) is enough for the lower side of $\mathrm{srank}_\lambda$, as $\lambda_i\ge e^{-B}/i$; $a_i\ge1$ is not needed.",
    expected=Status.PROVED,
    reason="a sign certificate for the bulk bounded below",
    tightness=Tightness(
        "unmeasurable",
        "the same inequality as sdeg.c.rank-proxies, shown to survive without the hypothesis; how tight it is is sdeg.c.rank-proxies's record",
    ),
    weakest=Weakest(
        "weaker-suffices",
        "λ_i ≥ e^{−B}/i gives the lower side of srank_λ",
        hypothesis="bulk score floor a_i",
        stated="a_i ≥ 1",
        weakest="a_i ≥ e^{−B} for any fixed B",
    ),
)


@bounded_below.decides
def c_rank_proxies_bounded_below_probe(ctx: Context) -> Evidence:
    """What survives of srank_λ ≥ F/2 with a bulk bounded on both sides, e^{−B} ≤ a_i ≤ 1: λ_i ≥ e^{−B}/i."""
    ev = derivation(
        [
            sympy_nonnegative(
                causal_lambda(1 / (1 + w_), 1 + m_) - (1 / (1 + w_)) / (1 + m_),
                [w_, m_],
                what="λ_i = a/(a+i−1) ≥ a/i for a = 1/(1+w) ≤ 1, so srank_λ ≥ e^{−B}·Σ_{i>k} 1/i = Ω_B(F)",
            )
        ],
        what="srank_λ lower side for a bulk bounded below",
        ranges="every ℓ, e^{−B} ≤ a_i ≤ 1",
    )
    return probe_hypothesis(
        "not needed", "a_i ≥ 1, when the bulk is bounded below (srank_λ = Ω_B(F))", ev, role=Role.DECIDES
    )


mask = rank_proxies.hypothesis(
    "mask",
    title="Thm 7 rank proxies: the causal mask is necessary",
    statement="The causal mask (unstated) is necessary: bidirectional scores 0 give $J$, with all three proxies equal to 1.",
    expected=Status.CERTIFIED,
    reason="an exact counterexample",
    weakest=Weakest("qualitative", "the mask is a choice (causal or bidirectional), not a quantity"),
)


@mask.decides
def c_rank_proxies_mask_probe(ctx: Context) -> Evidence:
    """Drop the causal mask: bidirectional scores 0 give J with srank = srank_λ = erank₂ = 1, against F = log(ℓ+1) →
    ∞.
    """
    ell_s = ell_
    outcome = symbolic_counterexample(
        "bidirectional, k = 0, scores 0: softmax = J (rank one, ‖J‖_F = ‖J‖ = 1, one eigenvalue 1): "
        "srank = srank_λ = erank₂ = 1, so srank/F = 1/log(ℓ+1) → 0",
        "symbolic ℓ → ∞",
        {"lim 1/log(ℓ+1)": sp.limit(1 / sp.log(ell_s + 1), ell_s, sp.oo)},
        mask="bidirectional",
        scores=0,
        srank=1,
    )
    return probe_hypothesis("necessary", "the causal mask", outcome, exact=True, role=Role.DECIDES)


orientation = rank_proxies.hypothesis(
    "orientation",
    title="Thm 7 rank proxies: the canonical orientation is necessary",
    statement=r"The canonical orientation, the model's definition, not an unstated hypothesis (§2 defines $A_{\mathrm b}=\operatorname{softmax}(\Sigma)$, $A_{\mathrm c}=\operatorname{softmax}(\Sigma+M)$ in place of $S=U\Sigma V^\top$), is necessary: the sink $S=t\mathbf 1e_1^\top$ with $e^t=\ell^2$ makes $A_c$ nearly rank one, $\mathrm{srank}(A_c)\to1$.",
    expected=Status.CERTIFIED,
    reason="a sympy limit",
    weakest=Weakest(
        "qualitative", "the orientation is the model's definition (no scalar to weaken); the sink breaks it"
    ),
)


@orientation.decides
def c_rank_proxies_orientation_probe(ctx: Context) -> Evidence:
    """Drop the canonical orientation: the sink S = t𝟏e₁ᵀ with e^t = ℓ² (Σ = diag(t√ℓ, 0, …)) makes A_c nearly rank one:
    srank ≤ 1 + (ℓ²/a²)/(ℓa²/(a+ℓ)²) → 1, against F = log(ℓ+1) → ∞."""
    a = sp.Symbol("a", positive=True)
    bound = 1 + (ell_**2 / a**2) / (ell_ * a**2 / (a + ell_) ** 2)
    steps = [
        sympy_nonnegative(
            (m_ + v_) / a**2 - m_ / (a + m_) ** 2,
            [m_, v_, a],
            what="‖A_c − A_ce₁e₁ᵀ‖_F² = Σ_i (i−1)/(a+i−1)² ≤ ℓ·ℓ/a² (i − 1 = m ≤ ℓ = m + v)",
        ),
        sympy_nonnegative(
            a / (a + m_) - a / (a + m_ + v_),
            [m_, v_, a],
            what="‖A_ce₁‖² = Σ_i (a/(a+i−1))² ≥ ℓ·(a/(a+ℓ))², so srank ≤ ‖A_c‖_F²/‖A_ce₁‖² ≤ the bound",
        ),
        limit_evidence(
            bound.subs(a, ell_**2) / sp.log(ell_ + 1), ell_, sp.Integer(0), what="a = ℓ²: bound/log(ℓ+1) → 0"
        ),
    ]
    ev = derivation(steps, what="rank-one sink orientation", ranges="every ℓ, e^t = ℓ²")
    outcome = (
        Evidence(
            Status.REFUTED,
            "sympy",
            f"the sink S = t𝟏e₁ᵀ (singular values t√ℓ, 0, …): srank(A_c)/F → 0 — {ev.summary}",
            ranges="symbolic ℓ → ∞",
            counterexample={"S": "t 1 e_1^T, e^t = ell^2", "srank_over_F": 0},
        )
        if ev.status is Status.PROVED
        else ev
    )
    return probe_hypothesis("necessary", "the canonical orientation", outcome, exact=True, role=Role.DECIDES)


schatten = claim(
    "sdeg.c.schatten",
    title="Schatten sums of the Cesàro matrix",
    source=Source("SDEG", "App. D.2", "Thm 7"),
    statement=r"For every $p > 1$: $\sum_j \sigma_j(\mathsf H_n)^p \le C_p \log(n+1)$; for $p \le 1$ no such bound holds, and $\|\mathsf H_n\|_* = \Theta(\log^2(n+1))$ with $\|\mathsf H_n\|_* \ge R(R+1)\log 2/(4\pi)$, $R = \lfloor\log_2(n+1)\rfloor$.",
    lost="The range of p in the display; reconstructed as p > 1, which is also where it holds.",
    uses=["sdeg.c.Lm-singular", "sdeg.c.dyadic-blocks", "sdeg.c.test-vector"],
    expected=Status.PROVED,
    reason="Machine-checked: p = 2 exactly (Σσ² = H_n), p ≥ 2 by Hardy, the nuclear lower bound R(R+1)log 2/(4π) by pinching onto dyadic blocks and ‖L_{2^r}‖_* ≥ (log 2/π)2^r(r+1), hence failure for p ≤ 1; and, for every p > 1 and n, the arithmetic of the dyadic upper bound Σσ_j^p ≤ (R+1)[(3/2)ζ(p)^(1/p) + 1 + √2]^p ≤ C_p log(n+1) and ‖H_n‖_* ≤ (3/2)Σ_(r≤R)H_(2^r) + (R+1)(1 + √2) ≤ 19 log²(n+1) (sympy). Argued in prose: the decomposition into a block-diagonal part and R rank-one bands, the union of block singular values, the singular-value product inequality and the Schatten triangle inequality (cited). The stored cesaro-spectrum sweep (‖H_n‖_* ≈ 0.16 log² n + 0.85 log n + 0.8; the dyadic constants are loose, ≈ 6× at p = 1) is a cross-check.",
    prose="the dyadic decomposition H_n = B₀ + Σ_(d=1..R) B_d: B₀ the block-diagonal part with blocks diag(1/i)L_m on I_r (entries 1/i for j ≤ i inside I_r), B_d the blocks (r, r − d), each of the form u vᵀ with u = (1/i)_(i∈I_r) and v = 𝟏 on I_(r−d) (every column of I_(r−d) lies left of I_r), so of rank one with singular value ‖u‖‖v‖ ≤ 2^(−d/2) (sdeg.c.dyadic-blocks); the blocks of B₀ and of each B_d sit in distinct block rows and block columns, so their singular values are the union of the blocks' (the Gram matrix is block diagonal); σ_j(DX) ≤ ‖D‖σ_j(X) (Horn & Johnson, Topics in Matrix Analysis (1991), Thm 3.3.16, Weyl's product inequality σ_(i+j−1)(AB) ≤ σ_i(A)σ_j(B) at i = 1) with jσ_j(L_m)/m ≤ 1 (sdeg.c.Lm-singular), used here as ≤ 3/2; the triangle inequality of the Schatten p-norm for p ≥ 1 (Bhatia, Matrix Analysis (1997), §IV.2: the Schatten p-norms are unitarily invariant norms); monotonicity of the final bounds in R, with R ≤ log₂ n; the lower bound by pinching and Hardy's σ_j ≤ 2 as in the checked steps (Σσ^p ≥ 2^(p−1)‖H_n‖_* for p ≤ 1)",
    notes=["reconstructed"],
    tightness=Tightness(
        "loose",
        "at n = 8192 (the stored spectrum): ‖H_n‖_* = 21.56 against the lower bound R(R+1)log 2/(4π) = 10.04 (×2.147) "
        "and the dyadic upper bound 142 (×6.6); Σσ^1.5 = 10.7 against the dyadic C_p·log(n+1) = 169 (×15.8): the "
        "orders log(n+1) and log²(n+1) are right, the constants are not",
        factor=2.147,
        ratio=0.4657,
        where={"n": 8192, "bound": "‖H_n‖_* ≥ R(R+1)log 2/(4π)"},
        ranges="the stored cesaro-spectrum sweep, read at n = 8192",
    ),
    limit=Limit(
        "none",
        "the scaled sums still move over n = 16…8192 (Σσ^1.5/log(n+1) 1.19–1.25, Σσ³/log(n+1) 1.31–1.38, "
        "‖H_n‖_*/log²(n+1) 0.265–0.548 falling; a fit 0.161·log²n + 0.852·log n + 0.792 puts most of the nuclear "
        "norm in the lower orders), so no limit constant is extrapolated",
    ),
    tests=["tests/test_sdeg_causal.py::test_cesaro_schatten_sums"],
)


@schatten.decides
def c_schatten_exact(ctx: Context) -> Evidence:
    """p = 2 exactly, p ≥ 2 by Hardy: Σσ_j(H_n)^p ≤ 2^{p−2}H_n ≤ C_p log(n+1)."""
    steps = [
        sympy_identity(
            sp.summation(i_ * (1 / i_) ** 2, (i_, 1, n_)),
            sp.harmonic(n_),
            what="Σσ_j² = ‖H_n‖_F² = Σ_i i·(1/i)² = H_n (harmonic number)",
        ),
        *hardy_steps(),
    ]
    return derivation(
        steps,
        what=(
            "σ_j ≤ 2 gives σ_j^p ≤ 2^{p−2}σ_j², and H_n ≤ 1 + log n ≤ (1 + 1/log 2)log(n+1): "
            "Σσ_j(H_n)^p ≤ 2^{p−2}(1 + 1/log 2)·log(n+1) for p ≥ 2"
        ),
        ranges="every n ≥ 1, p ≥ 2",
    )


r_ = sp.Symbol("r", integer=True, nonnegative=True)


@schatten.decides
def c_schatten_nuclear_lower(ctx: Context) -> Evidence:
    """‖H_n‖_* ≥ R(R+1)·log 2/(4π), R = ⌊log₂(n+1)⌋, by pinching onto dyadic blocks; hence p ≤ 1 fails."""
    R_ = sp.Symbol("R", integer=True, nonnegative=True)
    steps = [
        sympy_identity(
            sp.Rational(1, 2) ** (r_ + 1) * 2**r_ * (r_ + 1) * sp.log(2) / sp.pi,
            (r_ + 1) * sp.log(2) / (2 * sp.pi),
            what=(
                "block I_r of H_n is diag(1/i)·L_{2^r} with 1/i > 2^{−r−1}: ‖·‖_* ≥ 2^{−r−1}·2^r(r+1)log 2/π "
                "(sdeg.c.Lm-singular)"
            ),
        ),
        sympy_identity(
            sp.summation((r_ + 1), (r_, 0, R_ - 1)),
            R_ * (R_ + 1) / 2,
            what="pinching onto the R full blocks contracts ‖·‖_*: Σ_(r<R)(r+1) = R(R+1)/2",
        ),
    ]
    return derivation(
        steps,
        what=(
            "‖H_n‖_* ≥ R(R+1)log 2/(4π) = Ω(log²(n+1)); for p ≤ 1, σ ≤ 2 gives Σσ^p ≥ "
            "2^{p−1}‖H_n‖_*, so no bound C_p log(n+1) holds: the Schatten bound needs p > 1"
        ),
        ranges="every n ≥ 1",
    )


def dyadic_schatten_steps() -> list[Evidence]:
    """The arithmetic of the dyadic bound on Σσ_j(H_n)^p (p > 1) and ‖H_n‖_*: H_n = B₀ + Σ_(d=1..R) B_d, B₀ the
    diagonal blocks diag(1/i)L_m on I_r = [2^r, 2^(r+1)) ∩ [1, n], B_d the rank-one blocks (r, r − d)."""
    t = sp.Symbol("t", positive=True)
    p = 1 + t  # p > 1
    d = sp.Symbol("d", integer=True, positive=True)
    R = sp.Symbol("R", integer=True, nonnegative=True)
    Rp = sp.Symbol("R_1", positive=True)  # R + 1
    M, y = sp.Symbol("M", positive=True), sp.Symbol("y", nonnegative=True)  # M = 2^r ≥ m = |I_r|; log(n+1) = log 2 + y
    x = sp.log(2) + y
    return [
        sympy_nonnegative(
            sp.Rational(3, 2) / (1 + v_) - (3 * (M - w_) / (2 * (1 + v_))) / M,
            [v_, w_, M],
            what=(
                "diagonal block: σ_j(diag(1/i)L_m) ≤ ‖diag(1/i)‖σ_j(L_m) ≤ 2^(−r)·(3/2)m/j ≤ 3/(2j) "
                "(1/i ≤ 2^(−r) = 1/M on I_r, m = M − w ≤ M, j = 1 + v; jσ_j(L_m)/m ≤ 1 ≤ 3/2 from sdeg.c.Lm-singular)"
            ),
        ),
        sympy_identity(
            (sp.Rational(3, 2) / j_) ** p, sp.Rational(3, 2) ** p * j_ ** (-p), what="(3/(2j))^p = (3/2)^p j^(−p)"
        ),
        sympy_identity(
            sp.summation(j_ ** (-p), (j_, 1, sp.oo)),
            sp.zeta(p),
            what="Σ_j j^(−p) = ζ(p) < ∞ for p > 1: ‖B₀‖_(S_p)^p ≤ (R+1)(3/2)^p ζ(p) over the R + 1 diagonal blocks",
        ),
        sympy_identity(
            (Rp * 2 ** (-d * p / 2)) ** (1 / p),
            Rp ** (1 / p) * 2 ** (-d / sp.Integer(2)),
            what=(
                "B_d has ≤ R + 1 nonzero singular values, each ≤ 2^(−d/2) (sdeg.c.dyadic-blocks): ‖B_d‖_(S_p) ≤ "
                "((R+1)2^(−dp/2))^(1/p) = (R+1)^(1/p)2^(−d/2)"
            ),
        ),
        sympy_identity(
            sp.summation(2 ** (-d / sp.Integer(2)), (d, 1, sp.oo)),
            1 + sp.sqrt(2),
            what="Σ_(d≥1) 2^(−d/2) = 1/(√2 − 1) = 1 + √2: ‖H_n‖_(S_p) ≤ (R+1)^(1/p)[(3/2)ζ(p)^(1/p) + 1 + √2]",
        ),
        sympy_nonnegative(
            (n_ + 1) ** 2 - 2 * n_,
            [n_],
            what=(
                "(n+1)² − 2n = n² + 1 ≥ 0: R + 1 ≤ log₂(2n) ≤ 2 log₂(n+1), so Σσ_j^p ≤ C_p log(n+1) with "
                "C_p = (2/log 2)[(3/2)ζ(p)^(1/p) + 1 + √2]^p"
            ),
        ),
        sympy_identity(
            sp.summation(3 * M / (2 * j_), (j_, 1, n_)).subs(M, n_),
            3 * n_ * sp.harmonic(n_) / 2,
            what="p = 1, diagonal: ‖B_rr‖_* ≤ 2^(−r)Σ_(j≤m)(3m/(2j)) = 2^(−r)(3m/2)H_m ≤ (3/2)H_(2^r)",
        ),
        sympy_identity(
            sp.integrate(1 / sp.Symbol("s", positive=True), (sp.Symbol("s", positive=True), 1, M)),
            sp.log(M),
            what="H_M ≤ 1 + ∫_1^M ds/s = 1 + log M: H_(2^r) ≤ 1 + r log 2",
        ),
        sympy_identity(
            sp.summation(1 + r_ * sp.log(2), (r_, 0, R)),
            (R + 1) * (R * sp.log(2) + 2) / 2,
            what="Σ_(r≤R)(1 + r log 2) = (R+1)(1 + R log 2/2); bands: Σ_d ‖B_d‖_* ≤ (R+1)(1 + √2)",
        ),
        sympy_nonnegative(
            19 * x**2 - sp.Rational(3, 2) * (2 * x / sp.log(2)) * (1 + x / 2) - (2 * x / sp.log(2)) * (1 + sp.sqrt(2)),
            [y],
            what=(
                "with x = log(n+1) ≥ log 2, R ≤ x/log 2 and R + 1 ≤ 2x/log 2: ‖H_n‖_* ≤ (3/2)(R+1)(1 + R log 2/2) "
                "+ (R+1)(1 + √2) ≤ 19 log²(n+1)"
            ),
        ),
    ]


@schatten.decides
def c_schatten_dyadic_proof(ctx: Context) -> Evidence:
    """Σ_j σ_j(H_n)^p ≤ C_p log(n+1) for every p > 1 and ‖H_n‖_* ≤ 19 log²(n+1), by the dyadic decomposition."""
    return derivation(
        dyadic_schatten_steps(),
        what=(
            "H_n = B₀ + Σ_(d=1..R) B_d (R = ⌊log₂ n⌋): Σσ_j(H_n)^p ≤ (R+1)[(3/2)ζ(p)^(1/p) + 1 + √2]^p ≤ C_p log(n+1) "
            "for p > 1, and ‖H_n‖_* ≤ (3/2)Σ_(r≤R)H_(2^r) + (R+1)(1 + √2) ≤ 19 log²(n+1)"
        ),
        ranges="every n ≥ 1, every p > 1; p = 1 for the nuclear norm",
    )


schatten.supports(c_schatten_sweep)


def _dyadic_bounds(n: int, p: float) -> float:
    """The dyadic upper bound (R+1)[(3/2)ζ(p)^(1/p) + 1 + √2]^p at p > 1, or (3/2)Σ_(r≤R)H_(2^r) + (R+1)(1 + √2) at p =
    1.
    """
    from scipy.special import zeta

    R = floor_log2(n)
    if p == 1:
        return 1.5 * sum(float(np.sum(1.0 / np.arange(1, 2**r + 1))) for r in range(R + 1)) + (R + 1) * (
            1 + math.sqrt(2)
        )
    return (R + 1) * (1.5 * float(zeta(p)) ** (1 / p) + 1 + math.sqrt(2)) ** p


@schatten.supports
def c_schatten_dyadic_float(ctx: Context) -> Evidence:
    """The dyadic bounds against the stored spectra: Σσ^p at p = 1.5, 3 and ‖H_n‖_*."""
    rows, ranges = _stored_cesaro_spectra(ctx)
    margins = []
    for r in rows:
        n = int(r["x"])
        margins += [
            (_dyadic_bounds(n, 1.5) - r["schatten_1.5"]) / _dyadic_bounds(n, 1.5),
            (_dyadic_bounds(n, 3.0) - r["schatten_3"]) / _dyadic_bounds(n, 3.0),
            (_dyadic_bounds(n, 1) - r["value"]) / _dyadic_bounds(n, 1),
        ]
    worst = float(min(margins))
    last = rows[-1]
    n = int(last["x"])
    return Evidence(
        Status.VERIFIED if worst >= 0 else Status.REFUTED,
        "sweep",
        f"the dyadic bounds hold on every stored spectrum; at n = {n}: Σσ^1.5 = {fmt(last['schatten_1.5'])} ≤ "
        f"{fmt(_dyadic_bounds(n, 1.5))}, ‖H_n‖_* = {fmt(last['value'])} ≤ {fmt(_dyadic_bounds(n, 1))} (loose by the "
        "constants, not by the order)",
        ranges=ranges,
        worst_margin=worst,
        role=Role.SUPPORTS,
        counterexample=None if worst >= 0 else {"worst_relative_margin": worst},
    )


def cesaro_block_singular_values(first: int, last: int) -> np.ndarray:
    """The singular values of H_ℓ's diagonal block on rows and columns first…last (1-based; entries 1/i for j ≤ i),
    H_ℓ itself for (1, ℓ), by another route than cesaro_singular_values' Golub–Kahan matrix: the block's inverse is
    the lower bidiagonal with diagonal i and subdiagonal −(i − 1), so its Gram matrix is tridiagonal and σ = 1/√λ
    of LAPACK's root-free QR (sterf) eigenvalues; λ ≥ 1/4 and ≤ (2ℓ)², so each σ is good to a relative ~4ℓ²·eps."""
    from scipy.linalg import eigvalsh_tridiagonal

    i = np.arange(first, last + 1, dtype=float)
    sub = -(i[1:] - 1.0)  # B[k, k−1]
    diagonal = i**2 + np.append(sub**2, 0.0)  # (BᵀB)_kk = B_kk² + B_(k+1,k)²
    off = i[1:] * sub  # (BᵀB)_(k,k+1) = B_(k+1,k+1)·B_(k+1,k)
    return np.sort(1.0 / np.sqrt(eigvalsh_tridiagonal(diagonal, off, lapack_driver="sterf")))[::-1]


SCHATTEN_QUOTED = {  # the limit record's quoted values: (quantity, n) → stated
    ("Σσ^1.5/log(n+1)", 16): 1.25,
    ("Σσ^1.5/log(n+1)", 8192): 1.19,
    ("Σσ³/log(n+1)", 16): 1.38,
    ("Σσ³/log(n+1)", 8192): 1.31,
    ("‖H_n‖_*/log²(n+1)", 16): 0.548,
    ("‖H_n‖_*/log²(n+1)", 8192): 0.265,
}


def _schatten_scaled(name: str, n: int) -> float:
    sv = cesaro_block_singular_values(1, n)
    L = math.log(n + 1)
    return {
        "Σσ^1.5/log(n+1)": float(np.sum(sv**1.5)) / L,
        "Σσ³/log(n+1)": float(np.sum(sv**3)) / L,
        "‖H_n‖_*/log²(n+1)": float(np.sum(sv)) / L**2,
    }[name]


@schatten.second("limit")
def schatten_quoted_again(ctx: Context) -> tuple:
    """The ends of the quoted ranges (n = 16 and 8192; the stored values are monotone in n) and the fit's three
    coefficients (least squares ‖H_n‖_* ≈ a log²n + b log n + c over n = 2^4 … 2^13), from the Gram-tridiagonal
    singular values (cesaro_block_singular_values) instead of the stored Golub–Kahan spectra; agreement to the
    quoted digits."""
    out = [
        Second(
            f"{name} at n = {n}",
            stated,
            _schatten_scaled(name, n),
            "Gram-tridiagonal singular values",
            0.005 if stated > 1 else 0.0005,  # half the last quoted digit
        )
        for (name, n), stated in SCHATTEN_QUOTED.items()
    ]
    sizes = np.array([2**m for m in range(4, 14)])
    nuclear = np.array([float(np.sum(cesaro_block_singular_values(1, int(n)))) for n in sizes])
    L = np.log(sizes)
    coef = np.linalg.lstsq(np.column_stack([L**2, L, np.ones_like(L)]), nuclear, rcond=None)[0]
    out += [
        Second(f"fit coefficient of {term}", stated, float(c), "Gram-tridiagonal ‖H_n‖_*, least squares", 0.0005)
        for term, stated, c in zip(("log²n", "log n", "1"), (0.161, 0.852, 0.792), coef)
    ]
    return tuple(out)


@schatten.second("tightness")
def schatten_factor_again(ctx: Context) -> tuple:
    """The factor at n = 8192, ‖H_n‖_* over R(R+1)log 2/(4π), from the Gram-tridiagonal singular values."""
    n = 8192
    R = floor_log2(n + 1)
    nuclear = float(np.sum(cesaro_block_singular_values(1, n)))
    return (
        Second(
            "factor", 2.147, nuclear / (R * (R + 1) * math.log(2) / (4 * math.pi)), "Gram-tridiagonal ‖H_n‖_*", 5e-4
        ),
    )


lm_singular = claim(
    "sdeg.c.Lm-singular",
    title="Singular values of the lower-triangular all-ones matrix",
    source=Source("SDEG", "App. D.2", "Thm 7"),
    statement=r"For the $m\times m$ lower-triangular all-ones $L_m$: $\sigma_j(L_m) = \frac{1}{2\sin((2j-1)\pi/(4m+2))}$, $\frac1\pi \le \frac{j\,\sigma_j(L_m)}{m} \le 1$, and $\|L_{2^r}\|_* \ge \frac{\log 2}{\pi}2^r(r+1)$.",
    expected=Status.PROVED,
    reason="Kernel-checked in Coq over ℝ for every m (proofs/LmSingular.v, proofs/LowerOnesBounds.v): the eigenvalues of L_mL_mᵀ are exactly σ_j² = 1/(4 sin²((2j−1)π/(4m+2))), simple, with the sine vectors as eigenvectors (MathComp's spectrum theorem, proofs/LowerOnesSpectrum.v, applied in the real field generated by the reals involved, proofs/RealSub.v; L_m⁻¹ = I − N and (I − N)ᵀ(I − N) = tridiag(−1; 2, …, 2, 1; −1), proofs/LowerOnes.v), 1/π ≤ jσ_j/m ≤ 1 with equality at m = j = 1, and Σ_j σ_j(L_(2^r)) ≥ (ln 2/π)2^r(r+1); only 'the singular values are the square roots of the eigenvalues of L_mL_mᵀ' (the SVD) is cited. The statement's upper constant is 1 (the paper's proof gives 3/2). Sympy (symbolic p, m, j): the eigenvector rows of T, Jordan's inequality for the ≍ constants (≤ 3/2) and the nuclear bound with c = log 2/π (the ratios ‖L_(2^r)‖_*/(2^r(r+1)) observed for r ≤ 20 decrease toward it; that it is the best constant is not proved here). Exact inverses at m ≤ 12 (24 wide) and dense SVDs are cross-checks.",
    prose="the singular values of L_m are the square roots of the eigenvalues of L_mL_mᵀ, in decreasing order, and ‖L‖_* is their sum (the singular value decomposition); the m distinct eigenvalues σ_1² > … > σ_m² of L_mL_mᵀ, its only ones, and the constants are the Coq theorems",
    tightness=Tightness(
        "sharp",
        "the upper bound 1 is attained at m = j = 1 (σ_1(L_1) = 1, kernel-checked: sdeg_c_Lm_ratio_sharp); the lower 1/π is approached (the closed form at m = 2^15: min_j jσ_j/m = 0.31859 at j = 868; the limit of min_j jσ_j/m is 1/π ≈ 0.31831)",
        ratio=1.0,
        where={"m": 1, "j": 1},
        ranges="every m ≥ 1, 1 ≤ j ≤ m (upper bound); m ≤ 199 and m = 2^8…2^15 (the lower, observed)",
    ),
    tests=["tests/test_cesaro.py::test_lower_ones_closed_form"],
)


lm_singular.decides(c_lm_real_coq)


@lm_singular.decides
def c_lm_closed_form(ctx: Context) -> Evidence:
    """σ_j(L_m) = 1/(2 sin((2j−1)π/(4m+2))): (L⁻¹)ᵀL⁻¹ = tridiag(−1; 2, …, 2, 1; −1) (Coq), whose eigenvectors are
    sin(pφ_j).
    """
    phi = sp.Symbol("phi", real=True)
    p, m, j = sp.Symbol("p", integer=True, positive=True), sp.Symbol("m", integer=True, positive=True), j_
    mu = 2 - 2 * sp.cos(phi)
    steps = [
        sympy_identity(
            -sp.sin((p - 1) * phi) + 2 * sp.sin(p * phi) - sp.sin((p + 1) * phi),
            mu * sp.sin(p * phi),
            what="interior rows: T v = (2 − 2cos φ)v for v_p = sin(pφ)",
        ),
        sympy_identity(2 * sp.sin(phi) - sp.sin(2 * phi), mu * sp.sin(phi), what="first row (v_0 = 0)"),
        sympy_identity(
            -sp.sin((m - 1) * phi) + sp.sin(m * phi) - mu * sp.sin(m * phi),
            2 * sp.cos((2 * m + 1) * phi / 2) * sp.sin(phi / 2),
            what="last row: residual 2cos((2m+1)φ/2)sin(φ/2)",
        ),
        sympy_identity(
            sp.cos((2 * m + 1) * ((2 * j - 1) * sp.pi / (2 * m + 1)) / 2),
            sp.Integer(0),
            what="which vanishes at φ_j = (2j−1)π/(2m+1)",
        ),
        sympy_nonnegative(
            2 * (j + w_) + 1 - (2 * j - 1) - 2,
            [w_],
            what="φ_1 < … < φ_m < π: m distinct eigenvalues, v ≠ 0 (v_1 = sin φ_j > 0)",
        ),
        sympy_identity(mu, 4 * sp.sin(phi / 2) ** 2, what="2 − 2cos φ = 4sin²(φ/2), so σ_j(L_m) = 1/(2 sin(φ_j/2))"),
    ]
    return derivation(
        steps,
        what="sin(pφ_j) are eigenvectors of tridiag(−1; 2, …, 2, 1; −1) for symbolic p, m, j",
        ranges="every m ≥ 1, 1 ≤ j ≤ m",
    )


@lm_singular.decides
def c_lm_asymptotic(ctx: Context) -> Evidence:
    """σ_j(L_m) ≍ m/j by Jordan's inequality 2x/π ≤ sin x ≤ x: the statement's lower bound 1/π ≤ j·σ_j/m, and the
    upper j·σ_j/m ≤ 3/2 that Jordan gives (the sharp upper 1 is the Coq theorem sdeg_c_Lm_ratio)."""
    x = sp.Symbol("x", real=True)
    j, m = 1 + u_, 1 + v_
    g = sp.sin(x) - 2 * x / sp.pi
    steps = [
        sympy_identity(sp.diff(x - sp.sin(x), x), 1 - sp.cos(x), what="x − sin x is nondecreasing from 0: sin x ≤ x"),
        sympy_identity(
            sp.Matrix([g.subs(x, 0), g.subs(x, sp.pi / 2), sp.diff(g, x, 2) + sp.sin(x)]).norm(),
            sp.Integer(0),
            what="sin x − 2x/π vanishes at 0 and π/2 and is concave there: sin x ≥ 2x/π on [0, π/2]",
        ),
        sympy_nonnegative(
            j * (2 * m + 1) - m * (2 * j - 1), [u_, v_], what="lower: j·σ_j/m ≥ j(2m+1)/((2j−1)mπ) ≥ 1/π"
        ),
        sympy_nonnegative(
            3 * (2 * j - 1) * m - j * (2 * m + 1), [u_, v_], what="upper: j·σ_j/m ≤ j(2m+1)/(2(2j−1)m) ≤ 3/2"
        ),
    ]
    ev = derivation(
        steps, what="1/π ≤ j·σ_j(L_m)/m (and ≤ 3/2 by Jordan; the sharp 1 is Coq's)", ranges="every m ≥ 1, 1 ≤ j ≤ m"
    )
    ratios = np.concatenate([np.arange(1, n + 1) * lower_ones_singular_values(n) / n for n in (1, 2, 3, 64, 4096)])
    ev = replace(
        ev, sharpest=f"observed j·σ_j/m in {value_span(ratios)} (m ∈ {{1, 2, 3, 64, 4096}}; infimum 1/π as j, m → ∞)"
    )
    return ev


@lm_singular.decides
def c_lm_nuclear(ctx: Context) -> Evidence:
    """‖L_{2^r}‖_* ≥ (log 2/π)·2^r(r+1): sin x ≤ x and Σ1/(2j−1) ≥ ½log(2m+1)."""
    x = sp.Symbol("x", positive=True)
    steps = [
        sympy_identity(
            1 / (2 * ((2 * j_ - 1) * sp.pi / (4 * n_ + 2))),
            (2 * n_ + 1) / ((2 * j_ - 1) * sp.pi),
            what="1/(2 sin x_j) ≥ 1/(2x_j) = (2m+1)/((2j−1)π)",
        ),
        sympy_identity(
            sp.integrate(1 / (2 * x - 1), (x, 1, n_ + 1)),
            sp.log(2 * n_ + 1) / 2,
            what="1/(2j−1) ≥ ∫_j^{j+1} dx/(2x−1) (decreasing), summing to ½log(2m+1)",
        ),
        sympy_identity(
            sp.expand_log(sp.log(2 * 2**r_), force=True),
            (r_ + 1) * sp.log(2),
            what=(
                "m = 2^r: log(2m+1) > log(2m) = (r+1)log 2 and 2m+1 > 2m, so (2m+1)log(2m+1)/(2π) ≥ (log 2/π)·2^r(r+1)"
            ),
        ),
    ]
    ev = derivation(steps, what="‖L_{2^r}‖_* ≥ c·2^r(r+1) with c = log 2/π", ranges="every r ≥ 0")
    ratios = [float(np.sum(lower_ones_singular_values(2**r))) / (2**r * (r + 1)) for r in range(0, 21)]
    ev = replace(
        ev,
        sharpest=(
            f"‖L_(2^r)‖_*/(2^r(r+1)) decreases {fmt(ratios[0])} → {fmt(ratios[-1])} (r = 0..20, observed) "
            f"toward log 2/π = {fmt(math.log(2) / math.pi)}; that c = log 2/π cannot be improved is read from these "
            "ratios, not proved"
        ),
    )
    return ev


@lm_singular.supports
def c_lm_gram_exact(ctx: Context) -> Evidence:
    """(L_m⁻¹)ᵀL_m⁻¹ = tridiag(−1; 2, …, 2, 1; −1) by exact inversion at small m, beside the Coq theorem."""
    sizes = range(1, (24 if ctx.wide else 12) + 1)
    parts = []
    for size in sizes:
        Linv = sp.Matrix(lower_ones(size).astype(int)).inv()
        T = sp.Matrix(size, size, lambda r, c: (2 if r < size - 1 else 1) if r == c else (-1 if abs(r - c) == 1 else 0))
        parts.append(matrix_identity(Linv.T * Linv, T, what=f"m = {size}"))
    ev = derivation(
        parts,
        what="(L⁻¹)ᵀL⁻¹ = tridiag(−1; 2, …, 2, 1; −1) by sympy's exact inverse",
        ranges=f"m ≤ {sizes[-1]}",
        role=Role.SUPPORTS,
    )
    return replace(ev, status=Status.CERTIFIED) if ev.status is Status.PROVED else ev


@lm_singular.supports
def c_lm_float(ctx: Context) -> Evidence:
    """The closed form against a dense SVD of L_m."""
    return grid_check(
        range(1, 129),
        lambda m: (
            -float(
                np.max(np.abs(svdvals(lower_ones(m)) - lower_ones_singular_values(m)) / lower_ones_singular_values(m))
            )
        ),
        what="max relative |σ_j(L_m) − closed form|",
        method="grid",
        exact=False,
        ranges="m = 1..128",
        tolerance=lambda m: float_tolerance(m, 2 * m),
        allowance=(
            "svdvals: |σ̂_j − σ_j| ≤ 10·m·eps·σ₁(L_m); relative to σ_j ≥ σ_m ≥ 1/2 that is ≤ 10·m·eps·2σ₁, and "
            "σ₁ = 1/(2 sin(π/(4m+2))) ≤ m; the closed form's sin adds a few eps"
        ),
        role=Role.SUPPORTS,
    )


@lm_singular.second("tightness")
def lm_singular_factor_svd(ctx: Context) -> tuple:
    """The factor 3/2 and the ratio 1 again: the largest jσ_j(L_m)/m over m ≤ 80 from LAPACK's SVD of the assembled
    L_m (not the closed form the checks evaluate) is 1, at m = j = 1."""
    largest = max(
        float(np.max(np.arange(1, m + 1) * np.linalg.svd(lower_ones(m), compute_uv=False) / m)) for m in range(1, 81)
    )
    return (
        Second("factor", 1.5, 1.5 / largest, "LAPACK SVD of L_m, m ≤ 80", 1e-9),
        Second("ratio", 1.0, largest, "LAPACK SVD of L_m, m ≤ 80", 1e-9),
    )


c_dyadic_blocks = claim(
    "sdeg.c.dyadic-blocks",
    title="Dyadic block inequality",
    source=Source("SDEG", "App. D.2", "Thm 7"),
    statement=r"For the dyadic blocks $I_r = \{i : 2^r \le i < 2^{r+1}\} \cap [1, n]$ and $0 \le d \le r$: $\left(\sum_{i\in I_r} i^{-2}\right)^{1/2} |I_{r-d}|^{1/2} \le 2^{-d/2}$.",
    lost="The definition of the blocks I_r and the range of d; reconstructed as dyadic index blocks, 0 ≤ d ≤ r.",
    expected=Status.PROVED,
    reason="Kernel-checked in Coq for every n, r and d ≤ r (proofs/Dyadic.v). Each term is at most 4^{−r}, |I_r| ≤ 2^r and |I_{r−d}| ≤ 2^{r−d} (sympy for the power identity); exact rational check for r ≤ 10. Equality at r = d = 0; for d ≥ 1 the exact check at n ∈ {2047, 1000} finds the left side at most 0.85·2^{−d/2} (an observed constant on those two n, not part of the statement).",
    prose="none beyond the reading of the reconstructed blocks: the Coq theorem states the inequality for every n, r and d ≤ r, truncated and empty blocks included (block_size counts the i with 2^r ≤ i < 2^(r+1), i ≤ n)",
    notes=["reconstructed"],
    tightness=Tightness(
        "sharp",
        "at r = d = 0 the block I₀ = {1} gives (Σ i⁻²)^{1/2}|I₀|^{1/2} = 1 = 2⁰ (equality, c_dyadic_blocks_proof's inequality); for large r the ratio to 2^{−d/2} tends to 1/√2",
        where={"r": 0, "d": 0},
    ),
    tests=["tests/test_sdeg_causal.py::test_dyadic_block_inequality_exact"],
)


DYADIC_BLOCKS = CoqHook(
    "sdeg_c_dyadic_blocks_sqrt",
    "Dyadic",
    "forall n r d : nat, (d <= r)%nat -> sqrt (block_sum n r) * sqrt (INR (block_size n (r - d))) <= / sqrt (2 ^ d)",
)


c_dyadic_blocks_coq = coq_check(
    "c_dyadic_blocks_coq",
    DYADIC_BLOCKS,
    what="(Σ_(i∈I_r) i^(−2))^(1/2)·|I_(r−d)|^(1/2) ≤ 2^(−d/2) for the dyadic blocks truncated at n",
    ranges="every n, r and 0 ≤ d ≤ r",
    covers={
        "sdeg_c_dyadic_blocks_sqrt": (
            "(Σ_{i∈I_r} i^(−2))^(1/2)|I_(r−d)|^(1/2) ≤ 2^(−d/2) for every n, r and 0 ≤ d ≤ r, truncated and empty"
            " blocks included (block_size n r = |I_r|, block_sum n r = Σ_{i∈I_r} i^(−2))"
        )
    },
)

c_dyadic_blocks.decides(c_dyadic_blocks_coq)


@c_dyadic_blocks.decides
def c_dyadic_blocks_proof(ctx: Context) -> Evidence:
    """(Σ_{i∈I_r} i⁻²)·|I_{r−d}| ≤ 2^r·4^{−r}·2^{r−d} = 2^{−d}, for I_r = [2^r, 2^{r+1}) ∩ [1, n]."""
    r, d = sp.symbols("r d", integer=True, nonnegative=True)
    steps = [
        sympy_identity(
            2**r * sp.Integer(4) ** (-r) * 2 ** (r - d),
            sp.Integer(2) ** (-d),
            what="i ≥ 2^r on I_r, |I_r| ≤ 2^r, |I_{r−d}| ≤ 2^{r−d}: product ≤ 2^{−d}",
        )
    ]
    return derivation(
        steps,
        what="dyadic block inequality, squared",
        ranges="every 0 ≤ d ≤ r and every n (truncated blocks only shrink)",
    )


@functools.lru_cache(maxsize=None)
def _block_sum(first: int, last: int) -> Fraction:
    return sum((Fraction(1, i * i) for i in range(first, last + 1)), Fraction(0))


@c_dyadic_blocks.supports
def c_dyadic_blocks_exact(ctx: Context) -> Evidence:
    """Exact rational check for every 0 ≤ d ≤ r, with full blocks (n = 2047) and a truncated last block (n = 1000)."""
    cases = [(n, r, d) for n in (2047, 1000) for r in range(len(dyadic_blocks(n))) for d in range(r + 1)]

    def excess(case):
        n, r, d = case
        blocks = dyadic_blocks(n)
        first, last = blocks[r - d]
        return Fraction(1, 2**d) - _block_sum(*blocks[r]) * (last - first + 1)

    ev = grid_check(
        cases,
        excess,
        what="2^{−d} − (Σ_{I_r} i⁻²)|I_{r−d}|",
        method="exact-fractions",
        exact=True,
        ranges="0 ≤ d ≤ r, blocks of n = 2047 (full) and n = 1000 (truncated last block)",
        role=Role.SUPPORTS,
    )
    tight = {c: float((Fraction(1, 2 ** c[2]) - excess(c)) * 2 ** c[2]) for c in cases}
    worst = max((c for c in cases if c[2] >= 1), key=tight.__getitem__)
    ev = replace(
        ev,
        sharpest=(
            f"LHS²/RHS² = 1 at r = d = 0 (equality); for d ≥ 1 at most {fmt(tight[worst])} at (n, r, d) = {worst} "
            "on these two n (observed; it tends to 1/2 as r grows there)"
        ),
    )
    return ev


test_vector = claim(
    "sdeg.c.test-vector",
    title="The test vector i^{-1/2} and ‖H_ℓ‖ → 2",
    source=Source("SDEG", "App. D.2", "Thm 7"),
    statement=r"For $x_i = i^{-1/2}$: $\|x\|^2 = \mathcal H_\ell$ (harmonic number), $(\mathsf H_\ell x)_i - 2/\sqrt i \in [-2/i, -1/i]$, hence $\|\mathsf H_\ell\| \to 2$, the norm of the Cesàro operator on $\ell^2$ (Hardy).",
    expected=Status.PROVED,
    reason="sympy: the partial sums of j^{−1/2} between 2√i − 2 and 2√i − 1, ‖H_ℓx‖²/‖x‖² ≥ 4 − 8ζ(3/2)/H_ℓ → 4, and Hardy's inequality ‖H_ℓ‖ ≤ 2 by a telescoping identity. The stored cesaro-norm sweep (Lanczos brackets to ℓ = 2^20) shows the approach is slow: 2 − ‖H_ℓ‖ ∼ 4π²/log²ℓ, the continuum Hardy operator's constant (sdeg.c.hardy-continuum; the discrete rate is sdeg.c.cesaro-norm-rate: a free fit over the range gives ≈ 42.9/(log ℓ + 6.2)², a range average of a local constant still falling toward 4π² = 39.48, and 2 − ‖H_ℓ‖ is only 0.10–0.52 of 4π²/log²ℓ at ℓ = 16…2^20); the O(1/i) term has constant ζ(1/2) ≈ −1.46.",
    prose="assembling the checked partial-sum bounds into the Rayleigh quotient; ‖H_ℓ‖ ≥ ‖H_ℓx‖/‖x‖ by the definition of the norm",
    tests=[
        "tests/test_sdeg_causal.py::test_test_vector_bounds",
        "tests/test_cesaro.py::test_cesaro_norm_increases_to_two",
    ],
    figure="figures/cesaro-norm.png",
)


@test_vector.decides
def c_test_vector_proof(ctx: Context) -> Evidence:
    """x_i = i^{−1/2}: ‖x‖² = H_ℓ, (H_ℓx)_i − 2/√i ∈ [−2/i, −1/i], ‖H_ℓ‖² ≥ 4 − 8ζ(3/2)/H_ℓ → 4, and ‖H_ℓ‖ ≤ 2."""
    x = sp.Symbol("x", positive=True)
    steps = [
        sympy_identity(
            sp.summation((j_ ** sp.Rational(-1, 2)) ** 2, (j_, 1, ell_)), sp.harmonic(ell_), what="‖x‖² = H_ℓ"
        ),
        sympy_identity(
            (q_ + w_ - q_) * (q_ + w_ + q_),
            (q_ + w_) ** 2 - q_**2,
            what="with P = √i, Q = √(i−1): P − Q = 1/(P + Q) as P² − Q² = 1",
        ),
        sympy_nonnegative(
            2 / ((q_ + w_) + q_) - 1 / (q_ + w_),
            [q_, w_],
            what="Σ_(j≤i) j^{−1/2} − 2√i decreases (step 1/P − 2/(P+Q) ≤ 0) from −1: ≤ 2√i − 1",
        ),
        sympy_identity(
            sp.integrate(x ** sp.Rational(-1, 2), (x, 1, i_ + 1)),
            2 * sp.sqrt(i_ + 1) - 2,
            what="Σ_(j≤i) j^{−1/2} ≥ ∫_1^{i+1} x^{−1/2}dx = 2√(i+1) − 2 ≥ 2√i − 2",
        ),
        sympy_identity(
            (2 / sp.sqrt(i_) - 2 / i_) ** 2,
            4 / i_ - 8 * i_ ** sp.Rational(-3, 2) + 4 / i_**2,
            what="(H_ℓx)_i ≥ 2/√i − 2/i ≥ 0, so ‖H_ℓx‖² ≥ 4H_ℓ − 8Σi^{−3/2} ≥ 4H_ℓ − 8ζ(3/2)",
        ),
        limit_evidence(
            4 - 8 * sp.zeta(sp.Rational(3, 2)) / sp.harmonic(n_), n_, sp.Integer(4), what="‖H_ℓ‖² ≥ ‖H_ℓx‖²/‖x‖² → 4"
        ),
        *hardy_steps(),
    ]
    return derivation(
        steps, what="‖H_ℓ‖ → 2 through the test vector and Hardy's inequality", ranges="every ℓ ≥ 1, i ≥ 1"
    )


@test_vector.decides
def c_test_vector_norm_sweep(ctx: Context) -> Evidence:
    """‖H_ℓ‖ from the stored `cesaro-norm` sweep (Lanczos lower bound, Collatz–Wielandt upper bound), ℓ = 16..2^20
    (2^23 and 10^7 with --wide): increasing and below 2 bracket by bracket; the rate of approach is
    sdeg.c.cesaro-norm-rate's (leading constant 4π², sdeg.c.hardy-continuum)."""
    from specproof.runs.sweeps.table import run_sweep, stored_options

    options = stored_options(ctx)
    rows = [r for r in run_sweep("cesaro-norm", **options).rows if r["x"] >= 16]
    sizes = np.array([int(r["x"]) for r in rows])
    lo, hi = np.array([r["lower"] for r in rows]), np.array([r["upper"] for r in rows])
    increasing, below = bool(np.all(lo[1:] > hi[:-1])), bool(np.all(hi < 2))
    ranges = f"sweep cesaro-norm ({options['grid']} grid), ℓ = {sizes[0]}..{sizes[-1]}"
    if not (increasing and below):
        return Evidence(
            Status.REFUTED,
            "sweep",
            f"‖H_ℓ‖ brackets: increasing {increasing}, below 2 {below}",
            ranges=ranges,
            role=Role.SUPPORTS,
            counterexample={"ell": sizes.tolist(), "lower": lo.tolist(), "upper": hi.tolist()},
        )
    quotient = []
    for n in (int(sizes[0]), int(sizes[len(sizes) // 2]), int(sizes[-1])):
        v = np.arange(1, n + 1) ** -0.5
        quotient.append(float(np.linalg.norm(Cesaro(n).mv(v)) / np.linalg.norm(v)))
    return Evidence(
        Status.VERIFIED,
        "sweep",
        f"‖H_ℓ‖ ∈ [{fmt(lo[0], 6)}, {fmt(hi[0], 6)}] → [{fmt(lo[-1], 6)}, {fmt(hi[-1], 6)}] for ℓ ="
        f" {sizes[0]}..{sizes[-1]}, increasing and < 2 bracket by bracket (the Cesàro operator on ℓ² has norm exactly"
        f" 2, Hardy); 2 − ‖H_ℓ‖ = {fmt(2 - hi[0])} → {fmt(2 - hi[-1])}, i.e. (4π² + o(1))/log²ℓ"
        f" (sdeg.c.cesaro-norm-rate); the test vector's quotient ‖H x‖/‖x‖ = {', '.join(map(fmt, quotient))} approaches"
        " 2 only like 1/log ℓ",
        ranges=ranges,
        role=Role.SUPPORTS,
        sharpest=f"2 − ‖H_ℓ‖ ≥ {fmt(2 - hi[-1])} at ℓ = {sizes[-1]}",
        worst_margin=float(2 - hi.max()),
    )


ZETA_HALF = -1.4603545088095868  # ζ(1/2): (H_ℓ x)_i − 2/√i ~ ζ(1/2)/i for x_i = i^{−1/2}


@test_vector.decides
def c_test_vector_constant(ctx: Context) -> Evidence:
    """The O(1/i) term: i·((H x)_i − 2/√i) → ζ(1/2) ≈ −1.46, inside the proved [−2, −1]."""
    n = 10**6 if ctx.wide else 10**5
    i = np.arange(1, n + 1, dtype=float)
    scaled = i * (Cesaro(n).mv(i**-0.5) - 2 / np.sqrt(i))
    ok = bool(np.all(scaled >= -2 - 1e-6) and np.all(scaled <= -1 + 1e-6))  # cumsum error ≤ n·eps·√n ≪ 1e-6
    return Evidence(
        Status.VERIFIED if ok else Status.REFUTED,
        "sweep",
        f"i·((H x)_i − 2/√i) in [{fmt(scaled.min())}, {fmt(scaled.max())}] for i ≤ {n}; at i = {n}: "
        f"{fmt(scaled[-1])} vs ζ(1/2) = {fmt(ZETA_HALF)}",
        ranges=f"i ≤ {n}",
        role=Role.SUPPORTS,
        counterexample=None if ok else {"min": float(scaled.min()), "max": float(scaled.max())},
        sharpest=f"constant of the O(1/i) term → ζ(1/2) = {fmt(ZETA_HALF)}",
    )


c_nuclear_bracket = claim(
    "sdeg.c.nuclear-bracket",
    title="Nuclear norm of causal attention: k(1−δ_ℓ) ≤ ‖A_c‖_* ≤ k(1+δ_ℓ) + C_B log²(ℓ+1)",
    source=Source("SDEG", "App. D.2", "Thm 7"),
    statement=r"Sorted scores, spikes $a_i \ge \ell f(\ell)$, bulk $1 \le a_i \le e^B$: with $A_c = D\mathsf H_\ell + C$, $\|C\|_{S_p}^p \le k + (e^B-1)^p\sum_{i>k} i^{-p}$, $\|PD\mathsf H_\ell\|_* \ge e^{-B}\|P\mathsf H_\ell\|_* \ge e^{-B}(\|\mathsf H_\ell\|_* - 2k)$ ($P$ the bulk rows), and $\max\{k(1-\delta_\ell),\ e^{-B}(\|\mathsf H_\ell\|_* - 2k) - (e^B-1)L_{\ell,k}\} \le \|A_c\|_* \le \|\mathsf H_\ell\|_* + k + (e^B-1)L_{\ell,k}$; hence $k(1-\delta_\ell) \le \|A_c\|_* \le k(1+\delta_\ell) + C_B\log^2(\ell+1)$.",
    lost="The name N_ℓ: reconstructed as the nuclear norm ‖A_c‖_* = Σσ_j, the mass of the singular list (App. D.1 names N*_ℓ the mass of the ideal singular list).",
    uses=[
        "sdeg.c.representation",
        "sdeg.c.schatten",
        "sdeg.c.spike-sv.corrected",
        "sdeg.c.sv-universal",
        "sdeg.c.test-vector",
    ],
    expected=Status.PROVED,
    reason="Machine-checked (sympy): the sign certificates e^{−B} ≤ D_ii ≤ 1, C_ii ≤ 1 and bulk C_ii ≤ (e^B−1)/i, the zeta sums, and the arithmetic that turns ‖H_ℓ‖_* ≤ 19 log²(ℓ+1) (sdeg.c.schatten, dyadic) and L_{ℓ,k} ≤ H_ℓ ≤ 1 + log ℓ into C_B = 19 + (e^B−1)(1 + 1/log 2)/log 2. Argued in prose: the nuclear-norm triangle inequality, the projection onto the bulk rows, the rank-k correction and the spike side k(1 − δ_ℓ) (interlacing and Weyl). The upper side holds with k in place of k(1+δ_ℓ). A property search with the exact ‖H_ℓ‖_* and the stored Cesàro spectra are cross-checks.",
    prose="for the nuclear norm (Bhatia, Matrix Analysis (1997), §IV.2): the triangle inequality, ‖XY‖_* ≤ ‖X‖‖Y‖_* (so ‖DH_ℓ‖_* ≤ ‖H_ℓ‖_* with ‖D‖ ≤ 1, ‖PX‖_* ≤ ‖X‖_* for the coordinate projection P onto the bulk rows, and ‖PH_ℓ‖_* ≤ e^B‖PDH_ℓ‖_* as PD = D_bulk P with D_bulk ≥ e^(−B)), ‖C‖_* = Σ|C_ii| for diagonal C, and ‖Y‖_* ≤ rank(Y)‖Y‖ for Y = (I − P)H_ℓ (rank ≤ k, ‖H_ℓ‖ ≤ 2 by Hardy, sdeg.c.test-vector); the spike side ‖A_c‖_* ≥ Σ_(i≤k)σ_i(A_c) ≥ Σ_(i≤k)σ_i(A₁₁) ≥ k(1 − δ_ℓ) by submatrix interlacing and Weyl's bound (sdeg.c.spike-sv.corrected, δ_ℓ := ‖A₁₁ − I_k‖); A_c = DH_ℓ + C from sdeg.c.representation; ‖H_ℓ‖_* ≤ 19 log²(ℓ+1) and ≥ R(R+1)log 2/(4π) from sdeg.c.schatten",
    notes=["reconstructed"],
    tightness=Tightness(
        "sharp",
        "both ends of max{k(1 − δ_ℓ), e^{−B}(‖H_ℓ‖_* − 2k) − (e^B − 1)L_{ℓ,k}} ≤ ‖A_c‖_* ≤ ‖H_ℓ‖_* + k + "
        "(e^B − 1)L_{ℓ,k} equal ‖A_c‖_* at k = 0, B = 0 (A_c = H_ℓ)",
        ratio=1.0,
        where={"k": 0, "B": 0, "A_c": "H_ℓ"},
        ranges="every ℓ (closed form); the search of 200 examples meets it to rounding",
    ),
    limit=Limit(
        "none",
        "the bracket's scale is ‖H_ℓ‖_* = Θ(log²(ℓ+1)), whose scaled value ‖H_ℓ‖_*/log²(ℓ+1) still falls over the stored "
        "range (0.548 → 0.265, ℓ = 16…8192; sdeg.c.schatten), so no limit constant is extrapolated",
    ),
)


@c_nuclear_bracket.second("limit")
def nuclear_bracket_scale_again(ctx: Context) -> tuple:
    """‖H_ℓ‖_*/log²(ℓ + 1) at ℓ = 16 and 8192, the ends the record quotes, from the Gram-tridiagonal singular values."""
    return tuple(
        Second(
            f"‖H_ℓ‖_*/log²(ℓ+1) at ℓ = {n}",
            SCHATTEN_QUOTED[("‖H_n‖_*/log²(n+1)", n)],
            _schatten_scaled("‖H_n‖_*/log²(n+1)", n),
            "Gram-tridiagonal singular values",
            0.0005,
        )
        for n in (16, 8192)
    )


@c_nuclear_bracket.second("tightness")
def nuclear_bracket_equality_again(ctx: Context) -> tuple:
    """The equality at k = 0, B = 0 again: both ends are then ‖H_ℓ‖_* (from the Gram tridiagonal), against ‖A_c‖_* of
    the attention built from zero scores by softmax (dense SVD), at ℓ = 256; the ratio is 1 up to the two SVDs'
    rounding."""
    ell = 256
    ends = float(np.sum(cesaro_block_singular_values(1, ell)))
    nuclear = float(np.sum(svdvals(attention(np.zeros(ell)))))
    return (Second("ratio", 1.0, ends / nuclear, "Gram tridiagonal against softmax attention's dense SVD", 1e-10),)


@c_nuclear_bracket.decides
def c_nuclear_bracket_proof(ctx: Context) -> Evidence:
    """A_c = DH_ℓ + C: upper by the triangle inequality, lower by the bulk rows P and e^{−B} ≤ D_ii ≤ 1."""
    a, E, i = 1 + u_, 1 + u_ + v_, 1 + m_
    D = i / (a + i - 1)
    C = (a - 1) / (a + i - 1)
    steps = [
        sympy_nonnegative(1 - D, [u_, m_], what="D_ii = i/(a_i+i−1) ≤ 1 for a_i ≥ 1, so ‖DH_ℓ‖_* ≤ ‖H_ℓ‖_*"),
        sympy_nonnegative(D - 1 / E, [u_, v_, m_], what="bulk D_ii ≥ e^{−B}: ‖PDH_ℓ‖_* ≥ e^{−B}‖PH_ℓ‖_*"),
        sympy_nonnegative(1 - C, [u_, m_], what="C_ii ≤ 1 (spikes)"),
        sympy_nonnegative(
            (E - 1) / i - C, [u_, v_, m_], what="bulk C_ii ≤ (e^B−1)/i: ‖C‖_(S_p)^p ≤ k + (e^B−1)^p Σ_(i>k) i^(−p)"
        ),
        sympy_identity(
            sp.summation(1 / n_**2, (n_, 1, sp.oo)),
            sp.pi**2 / 6,
            what="p = 2: Σ i^(−2) = π²/6, so C_(B,2) = (e^B−1)²π²/6; p = 1 gives (e^B−1)L_{ℓ,k}",
        ),
    ]
    return derivation(
        steps,
        what=(
            "‖A_c‖_* ≤ ‖H_ℓ‖_* + k + (e^B−1)L_{ℓ,k}; ‖A_c‖_* ≥ ‖PA_c‖_* ≥ e^{−B}‖PH_ℓ‖_* − ‖PC‖_* ≥ "
            "e^{−B}(‖H_ℓ‖_* − 2k) − (e^B−1)L_{ℓ,k} (rank((I−P)H_ℓ) ≤ k, ‖H_ℓ‖ ≤ 2) and ‖A_c‖_* ≥ "
            "Σ_(i≤k)σ_i ≥ k(1 − δ_ℓ)"
        ),
        ranges="every ℓ, 0 ≤ k ≤ ℓ; a_i ≥ 1, bulk a_i ≤ e^B",
    )


x_ = sp.Symbol("x", positive=True)


@c_nuclear_bracket.decides
def c_nuclear_bracket_order(ctx: Context) -> Evidence:
    """The order on the bracket's sides: ‖H_ℓ‖_* ≤ 19 log²(ℓ+1) (sdeg.c.schatten, dyadic) and L_{ℓ,k} ≤ H_ℓ = O(log
    ℓ).
    """
    y = sp.Symbol("y", nonnegative=True)
    X = sp.log(2) + y  # X = log(ℓ+1) ≥ log 2
    c_log = 1 + 1 / sp.log(2)
    steps = [
        sympy_identity(
            sp.integrate(1 / x_, (x_, 1, ell_)), sp.log(ell_), what="L_{ℓ,k} ≤ H_ℓ ≤ 1 + ∫_1^ℓ dx/x = 1 + log ℓ"
        ),
        sympy_nonnegative(
            c_log * X - 1 - X, [y], what="1 + log ℓ ≤ 1 + log(ℓ+1) ≤ (1 + 1/log 2)log(ℓ+1) (log(ℓ+1) ≥ log 2)"
        ),
        sympy_nonnegative(
            X**2 / sp.log(2) - X, [y], what="log(ℓ+1) ≤ log²(ℓ+1)/log 2: L_{ℓ,k} ≤ ((1 + 1/log 2)/log 2)log²(ℓ+1)"
        ),
        sympy_identity(
            (19 + u_ * c_log / sp.log(2)) * X**2,
            19 * X**2 + u_ * (c_log / sp.log(2)) * X**2,
            what=(
                "‖A_c‖_* ≤ ‖H_ℓ‖_* + k + (e^B−1)L_{ℓ,k} ≤ k + C_B log²(ℓ+1) with ‖H_ℓ‖_* ≤ 19 log²(ℓ+1) "
                "(sdeg.c.schatten) and C_B = 19 + (e^B−1)(1 + 1/log 2)/log 2 (u = e^B − 1 ≥ 0)"
            ),
        ),
        sympy_nonnegative(
            k_ * (1 + u_) - k_, [u_, k_], what="k ≤ k(1 + δ_ℓ) (δ_ℓ ≥ 0): the paper's upper form follows"
        ),
    ]
    return derivation(
        steps,
        what=(
            "k(1 − δ_ℓ) ≤ ‖A_c‖_* ≤ k + C_B log²(ℓ+1) ≤ k(1 + δ_ℓ) + C_B log²(ℓ+1), C_B = 19 + "
            "(e^B−1)(1 + 1/log 2)/log 2; with ‖H_ℓ‖_* ≥ R(R+1)log 2/(4π) also ‖A_c‖_* ≥ "
            "c_B log²(ℓ+1) − O_B(k + log ℓ)"
        ),
        ranges="every ℓ ≥ 1, 0 ≤ k ≤ ℓ, B ≥ 0",
    )


def nuclear_bracket(s: np.ndarray, k: int, cesaro_nuclear: float) -> tuple[float, float]:
    """Proved bracket of ‖A_c‖_* (bounded bulk, B the largest bulk score):
    max{k(1 − δ), e^{−B}(‖H_ℓ‖_* − 2k) − (e^B−1)L_{ℓ,k}} ≤ ‖A_c‖_* ≤ ‖H_ℓ‖_* + k + (e^B−1)L_{ℓ,k},
    δ = √2(k−1)·e^{−min spike score} (sdeg.c.spike-sv.corrected)."""
    ell = s.size
    B = float(s[k:].max()) if k < ell else 0.0
    L = harmonic_tail(ell, k)
    delta = math.sqrt(2) * (k - 1) * math.exp(-float(s[:k].min())) if k else 0.0
    lower = max(k * (1 - delta), math.exp(-B) * (cesaro_nuclear - 2 * k) - (math.exp(B) - 1) * L)
    upper = cesaro_nuclear + k + (math.exp(B) - 1) * L
    return lower, upper


@c_nuclear_bracket.supports
def c_nuclear_bracket_search(ctx: Context) -> Evidence:
    """The bracket with the exact ‖H_ℓ‖_*, over spike–bulk splits."""

    def margin(value):
        s, k = value
        nuclear = float(np.sum(svdvals(attention(s))))
        lo, hi = nuclear_bracket(s, k, float(np.sum(cesaro_singular_values(s.size))))
        return min(nuclear - lo, hi - nuclear) / max(hi, 1.0)

    return property_search(
        sst.spike_bulk_split(48),
        margin,
        ctx=ctx,
        examples=200,
        tolerance=lambda value: 4 * float_tolerance(value[0].size, SQRT5),
        allowance=(
            "two nuclear norms (A_c and H_ℓ), each ℓ singular values within 10·ℓ·eps·√5, relative to the "
            "bracket's upper end ≥ ‖H_ℓ‖_* ≥ 1"
        ),
        what="nuclear-norm bracket",
        ranges="ℓ ≤ 48, sorted nonnegative scores, every split k",
    )


@c_nuclear_bracket.supports
def c_nuclear_bracket_stored(ctx: Context) -> Evidence:
    """‖H_ℓ‖_* on the stored spectra: Θ(log²) between the proved lower bound and the dyadic upper bound."""
    from specproof.checks.claims._shared.sdeg_causal import c_schatten_sweep

    ev = c_schatten_sweep(ctx)
    return replace(ev, role=Role.SUPPORTS)


entropy_perturbation = claim(
    "sdeg.c.entropy-perturbation",
    title="A rank-R change moves the singular-value entropy sum by at most R·∫|h'|",
    source=Source("SDEG", "App. D.2", "Thm 7"),
    statement=r"$h(x) = -x\log x$. If $\mathrm{rank}(X - Y) \le r$ and all singular values of $X, Y$ lie in $[0, 2]$, then $\left|\sum_j h(\sigma_j(X)) - \sum_j h(\sigma_j(Y))\right| \le r\int_0^2 |h'(t)|\,dt = r(2/e + 2\log 2)$. For $\mathsf H_\ell$ and its dyadic block-diagonal pinching $B_0$, $\mathrm{rank}(\mathsf H_\ell - B_0) \le R = \lfloor\log_2\ell\rfloor$, so $\left|\sum_j h(\sigma_j(\mathsf H_\ell)) - \sum_j h(\sigma_j(B_0))\right| \le R\int_0^2|h'| = O(\log\ell)$.",
    lost="The statement of the perturbation lemma and the definitions of B₀ and R; reconstructed from the display (R∫_0^2|h'| with 2 ≥ ‖H_ℓ‖) and the pinching of the Schatten proof.",
    uses=["sdeg.c.dyadic-blocks", "sdeg.c.test-vector"],
    expected=Status.PROVED,
    reason="Machine-checked (sympy): h' = −1 − log t, the split h = h₊ − h₋ into monotone parts and its total variation V = ∫_0^2|h'| = 2/e + 2 log 2, and the entries of H_ℓ − B₀ block row by block row (rank one each, zero on and right of the diagonal block). Argued in prose: the rank-r interlacing of singular values (Weyl, cited) and the sum bound for a monotone function. Exact ranks over ℚ (ℓ ≤ 24), a search over random low-rank perturbations and H_ℓ against B₀ to ℓ = 2048 (the gap is far below R·V) are cross-checks.",
    prose="Weyl's inequality for singular values σ_(i+j−1)(A + B) ≤ σ_i(A) + σ_j(B) (Horn & Johnson, Topics in Matrix Analysis (1991), Thm 3.3.16) with σ_(r+1)(X − Y) = 0 gives σ_(j+r)(X) ≤ σ_j(Y) ≤ σ_(j−r)(X) (σ_i := 2 for i < 1 and 0 for i > n; all values lie in [0, 2]); for φ nondecreasing on [0, 2] this gives Σ_jφ(σ_j(Y)) ≤ rφ(2) + Σ_(i≤n−r)φ(σ_i(X)) ≤ Σ_iφ(σ_i(X)) + r(φ(2) − φ(0)) and the symmetric lower bound; applied to the two monotone parts h₊, h₋ of h (checked: their variations 1/e and 1/e + 2 log 2); rank(H_ℓ − B₀) ≤ R by rank subadditivity over the R nonzero block rows, each of rank one (checked entries); ‖B₀‖ = max_r‖B_rr‖ ≤ ‖H_ℓ‖ ≤ 2 (each diagonal block is a principal submatrix of H_ℓ; Hardy, sdeg.c.test-vector)",
    notes=["reconstructed"],
    tightness=Tightness(
        "loose",
        "on H_ℓ against its dyadic pinching B₀ the entropy gap over log ℓ is 0.264–0.317, against the bound's "
        "R·V/log ℓ → V/log 2 = 3.06 (V = 2/e + 2 log 2): loose by ≥ 9.65; whether r·V is attained by some X, Y is "
        "not measured (the property search of 309 examples only meets it from below)",
        factor=9.65,
        ratio=0.104,
        where={"X": "H_ℓ", "Y": "B₀"},
        ranges="ℓ = 16…2048 (the check's Cesàro sizes 2^4…2^11)",
    ),
    limit=Limit(
        "none",
        "the Cesàro gap over log ℓ moves within 0.264–0.317 over 8 sizes without a resolved trend; the claim's "
        "O(log ℓ) is a bound, its constant R·V/log ℓ → V/log 2 is not a limit of the gap",
    ),
)


x_ = sp.Symbol("x", positive=True)


def _h(y):
    return -y * sp.log(y)


@entropy_perturbation.decides
def c_entropy_perturbation_proof(ctx: Context) -> Evidence:
    """h = h₊ − h₋ with monotone parts of variations 1/e and 1/e + 2 log 2; rank(H_ℓ − B₀) ≤ R from its block rows."""
    i = sp.Symbol("i", integer=True, positive=True)
    steps = [
        sympy_identity(
            sp.diff(_h(x_), x_),
            -1 - sp.log(x_),
            what="h'(t) = −1 − log t: h increases on [0, 1/e], decreases on [1/e, 2]",
        ),
        sympy_identity(sp.limit(_h(x_), x_, 0, "+"), sp.Integer(0), what="h(0+) = 0"),
        sympy_identity(
            _h(sp.exp(-1)) - 0,
            sp.exp(-1),
            what="h₊(x) = h(min(x, 1/e)) is nondecreasing with variation h(1/e) − h(0) = 1/e",
        ),
        sympy_identity(
            _h(sp.exp(-1)) - _h(sp.Integer(2)),
            sp.exp(-1) + 2 * sp.log(2),
            what=(
                "h₋ = h₊ − h is nondecreasing (0 on [0, 1/e], h(1/e) − h after) with variation h(1/e) − h(2) = "
                "1/e + 2 log 2"
            ),
        ),
        sympy_identity(
            sp.integrate(-1 - sp.log(x_), (x_, 0, sp.exp(-1))) + sp.integrate(1 + sp.log(x_), (x_, sp.exp(-1), 2)),
            2 * sp.exp(-1) + 2 * sp.log(2),
            what="V := ∫_0^2 |h'(t)| dt = 2/e + 2 log 2, the sum of the two variations",
        ),
        sympy_identity(
            (1 / i) * 1 - 0,
            1 / i,
            what=(
                "H_ℓ − B₀ off the diagonal blocks: in block row r (rows i ∈ I_r) every column j < 2^r carries "
                "(H_ℓ − B₀)_ij = 1/i − 0 = u_i·v_j with u_i = 1/i, v_j = 1, so the block row is diag(1/i)𝟏𝟏ᵀ, of "
                "rank one"
            ),
        ),
        sympy_identity(
            1 / i - 1 / i,
            sp.Integer(0),
            what=(
                "inside I_r × I_r, H_ℓ and B₀ agree (both 1/i for j ≤ i, 0 above): block row r of H_ℓ − B₀ "
                "vanishes there and to the right; block row 0 (I_0 = {1}) vanishes entirely"
            ),
        ),
    ]
    return derivation(
        steps,
        what=(
            "rank(X − Y) ≤ r gives σ_(j+r)(X) ≤ σ_j(Y) ≤ σ_(j−r)(X), which moves Σ_j φ(σ_j) by at most "
            "r(φ(2) − φ(0)) for monotone φ; h = h₊ − h₋ with variations summing to V. So "
            "σ(X), σ(Y) ⊂ [0, 2] ⇒ |Σh(σ_j(X)) − Σh(σ_j(Y))| ≤ r(2/e + 2 log 2); "
            "for H_ℓ and its dyadic pinching B₀ (‖B₀‖ ≤ ‖H_ℓ‖ ≤ 2), H_ℓ − B₀ is strictly block-lower "
            "with block row r equal to diag(1/i)𝟏𝟏ᵀ left of I_r: rank ≤ R = ⌊log₂ ℓ⌋, so the difference "
            "is ≤ R(2/e + 2 log 2) = O(log ℓ)"
        ),
        ranges="every n×n pair X, Y; every ℓ",
    )


def _cesaro_exact(n: int) -> sp.Matrix:
    return sp.Matrix(n, n, lambda r, c: sp.Rational(1, r + 1) if c <= r else 0)


@entropy_perturbation.supports
def c_pinching_rank_exact(ctx: Context) -> Evidence:
    """rank(H_ℓ − B₀) ≤ ⌊log₂ ℓ⌋, exact ranks over the rationals."""
    top = 32 if ctx.wide else 24

    def margin(n):
        B0 = sp.zeros(n, n)
        for first, last in dyadic_blocks(n):
            for r in range(first - 1, last):
                for c in range(first - 1, r + 1):
                    B0[r, c] = sp.Rational(1, r + 1)
        return (n.bit_length() - 1) - (_cesaro_exact(n) - B0).rank()

    return grid_check(
        range(1, top + 1),
        margin,
        what="⌊log₂ ℓ⌋ − rank(H_ℓ − B₀)",
        method="exact",
        exact=True,
        ranges=f"ℓ = 1..{top} (instances of the block-row argument)",
        role=Role.SUPPORTS,
    )


def cesaro_pinching(n: int) -> np.ndarray:
    """B₀: the dyadic block-diagonal part of H_n (blocks I_r = [2^r, 2^{r+1}) ∩ [1, n])."""
    B = np.zeros((n, n))
    for first, last in dyadic_blocks(n):
        rows = np.arange(first, last + 1, dtype=float)
        B[first - 1 : last, first - 1 : last] = lower_ones(last - first + 1) / rows[:, None]
    return B


H_ALLOWANCE = (
    "each of the 2n singular values within δ = 10·n·eps·2 (svdvals), and on [0, 2] |h(x) − h(y)| ≤ "
    "2δ(1 + log(1/δ)) ≤ 70δ for |x − y| ≤ δ, δ ≥ 4e-15: the two sums move by ≤ 2n·70δ"
)


def _low_rank_pairs():
    """(X, Y, r): X with entries in [−1, 1], Y = X + UVᵀ of rank-r change, both scaled so every σ ≤ 2."""

    def build(args):
        X, U, V, scale = args
        Y = X + U @ V.T
        top = max(float(np.linalg.norm(X, 2)), float(np.linalg.norm(Y, 2)), 1e-12)
        return X * (scale / top), Y * (scale / top), U.shape[1]

    entries = st.floats(-1.0, 1.0, allow_nan=False, width=64)
    return (
        st.integers(1, 10)
        .flatmap(
            lambda n: st.integers(0, n).flatmap(
                lambda r: st.tuples(
                    hnp.arrays(np.float64, (n, n), elements=entries),
                    hnp.arrays(np.float64, (n, r), elements=entries),
                    hnp.arrays(np.float64, (n, r), elements=entries),
                    st.floats(0.05, 2.0, width=64),
                )
            )
        )
        .map(build)
    )


def _perturbation_margin(value) -> float:
    X, Y, r = value
    gap = abs(float(np.sum(entropy_terms(svdvals(X)))) - float(np.sum(entropy_terms(svdvals(Y)))))
    return r * entropy_variation(2.0) - gap


@entropy_perturbation.supports
def c_entropy_perturbation_search(ctx: Context) -> Evidence:
    """|Σh(σ(X)) − Σh(σ(Y))| ≤ rank(X − Y)·V over random low-rank perturbations (and H_ℓ against B₀ pinned)."""
    pinned = tuple(
        (np.tril(np.ones((n, n))) / np.arange(1, n + 1)[:, None], cesaro_pinching(n), n.bit_length() - 1)
        for n in (1, 2, 3, 7, 8, 9, 16, 31, 32)
    )
    return property_search(
        _low_rank_pairs(),
        _perturbation_margin,
        ctx=ctx,
        examples=300,
        pinned=pinned,
        tolerance=lambda value: 2 * value[0].shape[0] * 70 * float_tolerance(value[0].shape[0], 2.0),
        allowance=H_ALLOWANCE,
        what="entropy perturbation bound",
        ranges="n ≤ 10, every rank r ≤ n, σ ⊂ [0, 2]; H_ℓ vs B₀ pinned",
    )


@entropy_perturbation.supports
def c_entropy_perturbation_cesaro(ctx: Context) -> Evidence:
    """The display for H_ℓ: |Σh(σ(H_ℓ)) − Σh(σ(B₀))| against R·V, ℓ = 2^4..2^11 (2^12 with ``wide``)."""
    sizes = tuple(2**p for p in range(4, 13 if ctx.wide else 12))
    V = entropy_variation(2.0)
    rows = []

    def margin(n):
        blocks = [
            svdvals(lower_ones(last - first + 1) / np.arange(first, last + 1, dtype=float)[:, None])
            for first, last in dyadic_blocks(n)
        ]
        gap = abs(
            float(np.sum(entropy_terms(cesaro_spectrum(n)))) - float(np.sum(entropy_terms(np.concatenate(blocks))))
        )
        rows.append(gap / math.log(n))
        return (n.bit_length() - 1) * V - gap

    ev = grid_check(
        sizes,
        margin,
        what="R(2/e + 2 log 2) − |Σh(σ(H_ℓ)) − Σh(σ(B₀))|",
        method="grid",
        exact=False,
        ranges=f"ℓ = {sizes[0]}..{sizes[-1]}",
        tolerance=lambda n: 2 * n * 70 * float_tolerance(n, 2.0),
        allowance=H_ALLOWANCE,
        role=Role.SUPPORTS,
    )
    return Evidence(
        ev.status,
        ev.method,
        ev.summary + f"; gap/log ℓ in [{fmt(min(rows))}, {fmt(max(rows))}] against V/log 2 = {fmt(V / math.log(2))}",
        ranges=ev.ranges,
        worst_margin=ev.worst_margin,
        counterexample=ev.counterexample,
        role=ev.role,
        allowance=ev.allowance,
        allowance_note=ev.allowance_note,
        data=ev.data,
    )


def _entropy_gaps_again(sizes) -> dict[int, float]:
    """|Σh(σ(H_ℓ)) − Σh(σ(B₀))| at each ℓ, every spectrum from the Gram tridiagonals (cesaro_block_singular_values:
    H_ℓ as the block (1, ℓ), B₀ as its dyadic diagonal blocks) instead of the dense SVDs of the check."""
    out = {}
    for n in sizes:
        blocks = np.concatenate([cesaro_block_singular_values(first, last) for first, last in dyadic_blocks(n)])
        whole = cesaro_block_singular_values(1, n)
        out[n] = abs(float(np.sum(entropy_terms(whole))) - float(np.sum(entropy_terms(blocks))))
    return out


@entropy_perturbation.second("limit")
def entropy_gap_range_again(ctx: Context) -> tuple:
    """The range 0.264–0.317 of the gap over log ℓ (ℓ = 2^4 … 2^11) from the Gram-tridiagonal spectra."""
    ratios = [gap / math.log(n) for n, gap in _entropy_gaps_again([2**p for p in range(4, 12)]).items()]
    return (
        Second("least gap/log ℓ", 0.264, min(ratios), "Gram-tridiagonal spectra of H_ℓ and B₀", 0.0005),
        Second("largest gap/log ℓ", 0.317, max(ratios), "Gram-tridiagonal spectra of H_ℓ and B₀", 0.0005),
    )


@entropy_perturbation.second("tightness")
def entropy_factor_again(ctx: Context) -> tuple:
    """The factor min_ℓ R·V/gap over ℓ = 2^4 … 2^11 from the Gram-tridiagonal spectra."""
    V = entropy_variation(2.0)
    gaps = _entropy_gaps_again([2**p for p in range(4, 12)])
    factor = min((n.bit_length() - 1) * V / gap for n, gap in gaps.items())
    return (Second("factor", 9.65, factor, "Gram-tridiagonal spectra of H_ℓ and B₀", 0.005),)


row_entropy = claim(
    "sdeg.c.row-entropy",
    title="Entropy of the causal row norms: h(ρ_i) = log i/i + O_B(log(i+1)/i²)",
    source=Source("SDEG", "App. D.2", "Thm 7"),
    statement=r"For $1 \le a_i \le e^B$ ($i > k$), $h(x) = -x\log x$: $\left|h(\rho_i) - \frac{\log i}{i}\right| \le \frac{(e^B-1)^2(1+\log i)}{i^2} \le \left(1+\frac1{\log 2}\right)(e^B-1)^2\frac{\log(i+1)}{i^2}$; the order is attained ($i^2(h(\rho_i) - \log i/i)/\log i \to (a_i-1)^2$), and $\sum_{i>k} h(\rho_i) = J_{\ell,k} + O_B(1)$ with $J_{\ell,k} = \sum_{i=k+1}^{\ell}\log i/i$.",
    uses=["sdeg.c.row-norms"],
    expected=Status.PROVED,
    reason="h(1/i) = log i/i, the derivative, the two-sided bound on ρ_i − 1/i and the sharpness limit are sympy; the mean-value step is prose. The bound is certified in arb balls on a grid of i up to 2^20.",
    prose="the mean-value step: |h'(ξ)| = |1 + log ξ| ≤ 1 + log i on [1/i, ρ_i] ⊂ [1/i, 1] (the checked derivative and bounds 1/i ≤ ρ_i ≤ 1); (a_i − 1)² ≤ (e^B − 1)²; 1 + log i ≤ (1 + 1/log 2)log(i+1) for i ≥ 1; and Σ_(i>k) h(ρ_i) = J_{ℓ,k} + O_B(1) by comparing Σ(1 + log i)/i² with Σ1/i² and the checked integral (log x/x² decreasing for x ≥ 2)",
    tightness=Tightness(
        "sharp",
        "the statement's own order: i²(h(ρ_i) − log i/i)/log i → (a_i−1)², so at a_i = e^B the ratio to (e^B−1)²(1+log i)/i² tends to 1 (slowly, like log i/(1 + log i))",
        approach="ratio → 1 as i → ∞ at a_i = e^B, deficit O(1/log i)",
    ),
)


@row_entropy.decides
def c_row_entropy_proof(ctx: Context) -> Evidence:
    """h(1/i) = log i/i; |h(x+e) − h(x)| ≤ e(1 + log(1/x)) for x + e ≤ 1; e = ρ_i − 1/i ≤ (a_i−1)²/i²; sharp."""
    a, i = 1 + u_, 1 + m_
    rho_i = (i - 1 + a**2) / (a + i - 1) ** 2
    A = sp.Symbol("a", positive=True)
    rho = (i_ - 1 + A**2) / (A + i_ - 1) ** 2
    steps = [
        sympy_identity(_h(1 / i_), sp.log(i_) / i_, what="h(1/i) = log i / i"),
        sympy_identity(
            sp.diff(_h(x_), x_),
            -1 - sp.log(x_),
            what="mean value: |h(ρ) − h(1/i)| ≤ (ρ − 1/i)·max_(ξ∈[1/i, ρ])|1 + log ξ| ≤ (ρ − 1/i)(1 + log i), as ρ ≤ 1",
        ),
        sympy_nonnegative(rho_i - 1 / i, [u_, m_], what="ρ_i ≥ 1/i for a_i ≥ 1"),
        sympy_nonnegative(u_**2 / i**2 - (rho_i - 1 / i), [u_, m_], what="ρ_i − 1/i ≤ (a_i−1)²/i² ≤ (e^B−1)²/i²"),
        sympy_nonnegative(1 - rho_i, [u_, m_], what="ρ_i ≤ 1"),
        limit_evidence(
            i_**2 / sp.log(i_) * (_h(rho) - sp.log(i_) / i_),
            i_,
            (A - 1) ** 2,
            what="i²(h(ρ_i) − log i/i)/log i → (a_i−1)²: the order log i/i² is attained",
        ),
        sympy_identity(
            sp.integrate(sp.log(x_) / x_**2, (x_, 2, sp.oo)),
            (1 + sp.log(2)) / 2,
            what="Σ_(i≥2) log i/i² ≤ log 2/4 + ∫_2^∞ log x/x² dx (decreasing for x ≥ 2): the errors are summable",
        ),
    ]
    return derivation(
        steps,
        what=(
            "|h(ρ_i) − log i/i| ≤ (e^B−1)²(1 + log i)/i² ≤ (1 + 1/log 2)(e^B−1)² log(i+1)/i², so "
            "h(ρ_i) = log i/i + O_B(log(i+1)/i²) and Σ_(i>k) h(ρ_i) = J_{ℓ,k} + O_B(1)"
        ),
        ranges="every i ≥ 1, 1 ≤ a_i ≤ e^B",
    )


BALL_PRECISION = 128  # bits for the arb balls below; a comparison the balls leave undecided never passes


def _row_entropy_ball(i: int, a: Fraction):
    """(bound − |h(ρ_i) − log i/i|) as an arb ball, ρ_i = (i−1+a²)/(a+i−1)² exact, bound (a−1)²(1+log i)/i²."""
    rho = flint.fmpq((i - 1) * a.denominator**2 + a.numerator**2, (a.numerator + (i - 1) * a.denominator) ** 2)
    rho_arb = flint.arb(rho)
    log_i = flint.arb(i).log()
    diff = -rho_arb * rho_arb.log() - log_i / i
    bound = flint.arb(flint.fmpq((a.numerator - a.denominator) ** 2, a.denominator**2)) * (1 + log_i) / (i * i)
    return bound - abs(diff)


@row_entropy.supports
def c_row_entropy_arb(ctx: Context) -> Evidence:
    """The bound in arb balls on a grid of i and rational a_i > 1."""
    weights = [Fraction(p, q) for p, q in ((9, 8), (5, 4), (3, 2), (2, 1), (3, 1), (5, 1), (8, 1), (20, 1))]
    top = 200 if ctx.wide else 80
    rows = list(range(1, top)) + [2**p for p in range(8, 21)]
    undecided = 0
    worst = None
    with flint.ctx.workprec(BALL_PRECISION):
        for i in rows:
            for a in weights:
                ball = _row_entropy_ball(i, a)
                if ball < 0:
                    return Evidence(
                        Status.REFUTED,
                        "arb",
                        f"fails at i = {i}, a = {a}",
                        ranges="grid",
                        counterexample={"i": i, "a": str(a), "margin": float(ball.mid())},
                    )
                if not ball >= 0:
                    undecided += 1
                    continue
                scaled = float(ball.mid()) * i * i
                worst = scaled if worst is None or scaled < worst else worst
    ranges = f"i = 1..{top - 1} and 2^8..2^20, a ∈ {{{', '.join(map(str, weights))}}}"
    if undecided:
        return Evidence(Status.OPEN, "arb", f"{undecided} balls undecided at {BALL_PRECISION} bits", ranges=ranges)
    return Evidence(
        Status.CERTIFIED,
        "arb",
        "(a−1)²(1 + log i)/i² − |h(ρ_i) − log i/i| > 0 in every ball "
        f"({len(rows) * len(weights)} cases, {BALL_PRECISION}-bit balls); a = 1 is exact (ρ_i = 1/i)",
        ranges=ranges,
        worst_margin=0.0,
    )


eigen_entropy = claim(
    "sdeg.c.eigen-entropy",
    title="Bulk eigenvalues and their entropy against a_i/i: the sums U_{ℓ,k} and V_{ℓ,k}",
    source=Source("SDEG", "App. D.2", "Thm 7"),
    statement=r"For $1 \le a_i \le e^B$: $0 \le a_i/i - \lambda_i(A_c) \le a_i(a_i-1)/i^2$, so $\sum_{i>k}\lambda_i = U_{\ell,k} + O_B(1)$ with $U_{\ell,k} = \sum_{i=k+1}^{\ell} e^{s_i}/i$; and for $i \ge a_i$, $|h(\lambda_i) - h(a_i/i)| \le a_i(a_i-1)(1+\log i)/i^2$, so $\sum_{i>k}h(\lambda_i) = V_{\ell,k} + O_B(1)$ with $V_{\ell,k} = \sum_{i=k+1}^{\ell}\frac{e^{s_i}}{i}\log\frac{i}{e^{s_i}}$.",
    lost="What U_{ℓ,k} and V_{ℓ,k} are for: only their definitions survive; reconstructed as the leading terms of srank_λ(A_c) and of the eigenvalue entropy, which is what their form (a_i/i and h(a_i/i)) gives.",
    uses=["sdeg.c.eigen", "sdeg.c.row-entropy"],
    expected=Status.PROVED,
    reason="The difference a/i − λ_i in closed form and its bounds by sympy sign certificates; the mean-value step for h is prose (as in sdeg.c.row-entropy), the rows i < a_i are at most e^B. Certified in arb balls on a grid.",
    prose="λ_i(A_c) = a_i/(a_i+i−1), the diagonal of the triangular A_c (sdeg.c.eigen); the mean-value step on [λ_i, a_i/i] ⊂ [1/i, 1] for i ≥ a_i (|h'| ≤ 1 + log i there, by the checked λ_i ≥ 1/i); summing: 0 ≤ U_{ℓ,k} − Σ_(i>k)λ_i ≤ e^B(e^B−1)π²/6 and Σ_i a_i(a_i−1)(1 + log i)/i² = O_B(1) (as in sdeg.c.row-entropy); and the at most e^B rows with i < a_i, each |h(λ_i) − h(a_i/i)| ≤ 1/e + e^B·B",
    notes=["reconstructed"],
    tightness=Tightness(
        "sharp",
        "a_i/i − λ_i = a_i(a_i−1)/(i(a_i+i−1)) (c_eigen_entropy_proof's closed form): 0 at a_i = 1, and its ratio to a_i(a_i−1)/i² is i/(a_i+i−1) → 1 as i → ∞",
        where={"a_i": "1 (lower side 0)"},
        approach="ratio i/(a_i+i−1) = 1 − (a_i−1)/(a_i+i−1)",
    ),
)


@eigen_entropy.decides
def c_eigen_entropy_proof(ctx: Context) -> Evidence:
    """0 ≤ a/i − λ_i = a(a−1)/(i(a+i−1)) ≤ a(a−1)/i²; mean value on [λ_i, a/i] ⊂ [1/i, 1] for i ≥ a."""
    A = sp.Symbol("a", positive=True)
    a, i = 1 + u_, 1 + m_
    lam = a / (a + i - 1)
    steps = [
        sympy_identity(
            A / i_ - A / (A + i_ - 1), A * (A - 1) / (i_ * (A + i_ - 1)), what="a/i − λ_i = a(a−1)/(i(a+i−1))"
        ),
        sympy_nonnegative(a / i - lam, [u_, m_], what="a/i − λ_i ≥ 0 for a ≥ 1"),
        sympy_nonnegative(a * u_ / i**2 - (a / i - lam), [u_, m_], what="a/i − λ_i ≤ a(a−1)/i² ≤ e^B(e^B−1)/i²"),
        sympy_nonnegative(lam - 1 / i, [u_, m_], what="λ_i ≥ 1/i, so |h'| ≤ 1 + log i on [λ_i, a/i] when a/i ≤ 1"),
        sympy_identity(sp.summation(1 / i_**2, (i_, 1, sp.oo)), sp.pi**2 / 6, what="Σ 1/i² = π²/6"),
    ]
    return derivation(
        steps,
        what=(
            "Σ_(i>k) λ_i = U_{ℓ,k} − ε with 0 ≤ ε ≤ e^B(e^B−1)π²/6; for i ≥ a_i, |h(λ_i) − h(a_i/i)| ≤ "
            "a_i(a_i−1)(1 + log i)/i², and the ≤ e^B rows with i < a_i contribute O_B(1): "
            "Σ_(i>k) h(λ_i) = V_{ℓ,k} + O_B(1)"
        ),
        ranges="every i ≥ 1, 1 ≤ a_i ≤ e^B",
    )


def _eigen_entropy_ball(i: int, a: Fraction):
    """(bound − |h(λ_i) − h(a/i)|) as an arb ball, λ_i = a/(a+i−1), bound a(a−1)(1 + log i)/i², for i ≥ a."""
    lam = flint.arb(flint.fmpq(a.numerator, a.numerator + (i - 1) * a.denominator))
    ratio = flint.arb(flint.fmpq(a.numerator, a.denominator * i))
    bound = (
        flint.arb(flint.fmpq(a.numerator * (a.numerator - a.denominator), a.denominator**2))
        * (1 + flint.arb(i).log())
        / (i * i)
    )
    return bound - abs(-lam * lam.log() + ratio * ratio.log())


@eigen_entropy.supports
def c_eigen_entropy_arb(ctx: Context) -> Evidence:
    """|h(λ_i) − h(a/i)| ≤ a(a−1)(1 + log i)/i² in arb balls, i ≥ a, rational a > 1."""
    weights = [Fraction(p, q) for p, q in ((9, 8), (3, 2), (2, 1), (3, 1), (7, 1), (20, 1))]
    top = 200 if ctx.wide else 80
    rows = list(range(1, top)) + [2**p for p in range(8, 21)]
    cases = [(i, a) for i in rows for a in weights if i >= a]
    with flint.ctx.workprec(BALL_PRECISION):
        balls = [(case, _eigen_entropy_ball(*case)) for case in cases]
    bad = [case for case, ball in balls if ball < 0]
    ranges = f"i = 1..{top - 1} and 2^8..2^20 with i ≥ a, a ∈ {{{', '.join(map(str, weights))}}}"
    if bad:
        i, a = bad[0]
        return Evidence(
            Status.REFUTED, "arb", f"fails at i = {i}, a = {a}", ranges=ranges, counterexample={"i": i, "a": str(a)}
        )
    undecided = sum(1 for _, ball in balls if not ball >= 0)
    if undecided:
        return Evidence(Status.OPEN, "arb", f"{undecided} balls undecided at {BALL_PRECISION} bits", ranges=ranges)
    return Evidence(
        Status.CERTIFIED,
        "arb",
        f"a(a−1)(1 + log i)/i² − |h(λ_i) − h(a/i)| > 0 in every ball ({len(cases)} cases, {BALL_PRECISION}-bit balls)",
        ranges=ranges,
        worst_margin=0.0,
    )


tail_sums = claim(
    "sdeg.c.tail-sums",
    title="Thm 7's comparison quantity: T_{ℓ,k} = k + L_{ℓ,k} lies within γ of k + log((ℓ+1)/(k+1))",
    source=Source("SDEG", "App. D.2", "Thm 7"),
    statement=r"With $L_{\ell,k}=\sum_{i=k+1}^{\ell}1/i$ and $T_{\ell,k}=k+L_{\ell,k}$ (the definition in the proof of Thm 7): $\log\frac{\ell+1}{k+1}\le L_{\ell,k}\le\log\frac{\ell+1}{k+1}+\gamma$ for every $0\le k\le\ell$, so $k+\log\frac{\ell+1}{k+1}\le T_{\ell,k}\le k+\log\frac{\ell+1}{k+1}+\gamma$: $T_{\ell,k}$ is the $\Theta$-scale $k+\log\frac{\ell+1}{k+1}$ of the rank proxies up to an additive $\gamma=0.5772\ldots$ (both sides approached).",
    lost="What T_{ℓ,k} is for: only the definition survives; reconstructed as the comparison quantity of Thm 7's Θ(k + log((ℓ+1)/(k+1))), which is what the bracket shows it to be.",
    expected=Status.PROVED,
    reason="Sympy: the sign certificate for x − log(1+x) ≥ 0 and the limit H_n − log(n+1) → γ; the telescoping of the logarithms is prose. An exact grid (Fractions against 128-bit arb balls) cross-checks the bracket and shows both sides approached.",
    prose="L_{ℓ,k} − log((ℓ+1)/(k+1)) = Σ_{i=k+1}^{ℓ} (1/i − log((i+1)/i)) (the logarithms telescope); every term is ≥ 0 (the checked x ≥ log(1+x) at x = 1/i), so the gap is ≥ 0 and at most the full series Σ_{i≥1}, which is lim (H_n − log(n+1)) = γ (checked)",
    notes=["reconstructed"],
    limit=Limit(
        "closed-form",
        "the gap's series converges (c_harmonic_tail_proof: nonnegative terms, total γ)",
        quantity="T_{ℓ,k} − k − log((ℓ+1)/(k+1)) as ℓ → ∞ at fixed k",
        value="γ − (H_k − log(k+1))",
        approach="from below, γ − (H_k − log(k+1)) − gap_ℓ = Σ_{i>ℓ}(1/i − log(1+1/i)) ~ 1/(2ℓ)",
    ),
)


@tail_sums.decides
def c_harmonic_tail_proof(ctx: Context) -> Evidence:
    """log((ℓ+1)/(k+1)) ≤ L_{ℓ,k} ≤ log((ℓ+1)/(k+1)) + γ: each term 1/i − log(1 + 1/i) is ≥ 0, and their sum over
    all i ≥ 1 telescopes to lim (H_n − log(n+1)) = γ."""
    n = sp.Symbol("n", integer=True, positive=True)
    steps = [
        sympy_nonnegative(
            x_ / (1 + x_),
            [x_],
            what="d/dx (x − log(1+x)) = x/(1+x) ≥ 0 and x − log(1+x) = 0 at x = 0: 1/i ≥ log(1 + 1/i)",
        ),
        sympy_identity(
            sp.diff(x_ - sp.log(1 + x_), x_),
            x_ / (1 + x_),
            what="the derivative of x − log(1+x)",
        ),
        limit_evidence(
            sp.harmonic(n) - sp.log(n + 1),
            n,
            sp.EulerGamma,
            what="Σ_{i=1}^{n} (1/i − log((i+1)/i)) = H_n − log(n+1) → γ (nonnegative terms: the partial sums rise to γ)",
        ),
    ]
    return derivation(
        steps,
        what="log((ℓ+1)/(k+1)) ≤ L_{ℓ,k} = Σ_{i=k+1}^{ℓ} 1/i ≤ log((ℓ+1)/(k+1)) + γ, so k + log((ℓ+1)/(k+1)) ≤ "
        "T_{ℓ,k} ≤ k + log((ℓ+1)/(k+1)) + γ",
        ranges="every 0 ≤ k ≤ ℓ",
    )


def harmonic_tail_exact(ell: int, k: int) -> Fraction:
    """L_{ℓ,k} = Σ_{i=k+1}^{ℓ} 1/i, exactly."""
    return sum((Fraction(1, i) for i in range(k + 1, ell + 1)), Fraction(0))


HARMONIC_TAIL_GRID = tuple((ell, k) for ell in (1, 2, 8, 64, 512, 4096) for k in (0, 1, 2, 8, 64) if k <= ell)


@tail_sums.supports
def c_harmonic_tail_grid(ctx: Context) -> Evidence:
    """The bracket on an exact grid: L_{ℓ,k} in Fractions against log((ℓ+1)/(k+1)) (+ γ) in 128-bit arb balls."""
    flint.ctx.prec = BALL_PRECISION
    gamma = flint.arb.const_euler()
    gaps = []
    for ell, k in HARMONIC_TAIL_GRID:
        L = harmonic_tail_exact(ell, k)
        gap = flint.arb(L.numerator) / L.denominator - flint.arb((ell + 1) / flint.arb(k + 1)).log()
        if not (gap >= 0 and gamma - gap >= 0):
            return Evidence(
                Status.REFUTED,
                "arb",
                f"the bracket fails at ℓ = {ell}, k = {k}",
                counterexample={"ell": ell, "k": k, "gap": float(gap.mid())},
            )
        gaps.append((ell, k, float(gap.mid())))
    low = min(gaps, key=lambda g: g[2])
    high = max(gaps, key=lambda g: g[2])
    return Evidence(
        Status.CERTIFIED,
        "arb",
        f"L_{{ℓ,k}} − log((ℓ+1)/(k+1)) ∈ [0, γ] in every ball ({len(gaps)} cases); smallest {fmt(low[2], 3)} at "
        f"ℓ = {low[0]}, k = {low[1]}, largest {fmt(high[2], 3)} at ℓ = {high[0]}, k = {high[1]} (γ = 0.5772)",
        ranges="ℓ ∈ {1, 2, 8, 64, 512, 4096}, k ∈ {0, 1, 2, 8, 64}, k ≤ ℓ",
        role=Role.SUPPORTS,
        worst_margin=0.0,
        tightness=Tightness(
            "sharp",
            "both sides of the bracket are approached: the gap L_{ℓ,k} − log((ℓ+1)/(k+1)) is Σ_{i>k}(1/i − "
            "log(1+1/i)) ≤ Σ_{i>k} 1/(2i²) ≤ 1/(2k) → 0 as k grows (the lower side) and rising to γ at k = 0 as ℓ → ∞ "
            "(the upper side, H_ℓ − log(ℓ+1) = γ − 1/(2ℓ) + O(ℓ⁻²))",
            ratio=high[2] / 0.5772156649015329,
            where={
                "lower side (gap)": f"{fmt(low[2], 3)} at ℓ = {low[0]}, k = {low[1]}",
                "upper side (gap/γ)": f"{fmt(high[2] / 0.5772156649015329, 4)} at ℓ = {high[0]}, k = {high[1]}",
            },
            ranges="the exact grid ℓ ≤ 4096, k ≤ 64",
        ),
    )


erank2_terms = claim(
    "sdeg.c.erank2-terms",
    title="The terms of Thm 7's erank₂ proof: S₁, R = W_ℓ − S₁ and Δ₋, with Δ₋ ≤ k(2δ_ℓ − δ_ℓ²)",
    source=Source("SDEG", "App. D.2", "Thm 7"),
    statement=r"In the proof of Thm 7, $S_1=\sum_{j\le k}\sigma_j(A)^2$, $R=W_\ell-S_1$ and $\Delta_-=\sum_{j\le k}(1-\sigma_j(A)^2)_+$, with $W_\ell=\|A_c\|_F^2=\sum_j\sigma_j^2$: so $R=\sum_{j>k}\sigma_j^2\ge0$, and under Thm 4 Step 2's $\sigma_j(A_c)\ge1-\delta_\ell$ ($j\le k$, $\delta_\ell\le1$), $\Delta_-\le k(2\delta_\ell-\delta_\ell^2)\le2k\delta_\ell$ and $S_1\ge k-\Delta_-\ge k(1-\delta_\ell)^2$.",
    lost="W_ℓ: only the display S₁, R = W_ℓ − S₁, Δ₋ survives; W_ℓ is reconstructed as the quadratic mass ‖A_c‖_F² = Σσ_j² (the total of which S₁ is the spike part), and the bounds as what these terms are used for.",
    uses=["sdeg.c.spike-sv.corrected"],
    expected=Status.PROVED,
    reason="Sympy: the sign certificate (1 − (1−δ)²) − (1 − σ²) = u(2w + u) ≥ 0 and 1 − (1−δ)² = 2δ − δ²; the sums over j ≤ k are prose. A deterministic float grid of Thm 7 instances cross-checks the three terms and measures how tight the Δ₋ bound is.",
    prose="R = W_ℓ − S₁ = Σ_{j>k}σ_j² is the definition with W_ℓ = Σ_jσ_j² = ‖A_c‖_F²; each j ≤ k has σ_j ≥ 1 − δ_ℓ (sdeg.c.spike-sv.corrected), so (1 − σ_j²)₊ ≤ 1 − (1 − δ_ℓ)² (checked) and Σ over j ≤ k gives the bound on Δ₋; σ_j² ≥ min(σ_j², 1) = 1 − (1 − σ_j²)₊ summed over j ≤ k gives S₁ ≥ k − Δ₋",
    notes=["reconstructed"],
)


delta_, w_nn, u_s = sp.symbols("delta w u", nonnegative=True)


@erank2_terms.decides
def c_erank2_terms_proof(ctx: Context) -> Evidence:
    """Δ₋ ≤ k(2δ − δ²): for σ ≥ 1 − δ ≥ 0, (1 − σ²)₊ ≤ 1 − (1 − δ)² (σ = 1 − δ + u, 1 − δ = w; u, w ≥ 0)."""
    sigma = w_nn + u_s  # σ = (1 − δ) + u
    steps = [
        sympy_nonnegative(
            (1 - w_nn**2) - (1 - sigma**2),
            [w_nn, u_s],
            what="(1 − (1−δ)²) − (1 − σ²) = u(2w + u) ≥ 0 for σ = w + u, w = 1 − δ ≥ 0, u ≥ 0",
        ),
        sympy_identity(1 - (1 - delta_) ** 2, 2 * delta_ - delta_**2, what="1 − (1−δ)² = 2δ − δ² ≤ 2δ"),
    ]
    return derivation(
        steps,
        what="S₁ + R = W_ℓ by definition, R = Σ_{j>k} σ_j² ≥ 0; σ_j(A_c) ≥ 1 − δ_ℓ (j ≤ k) gives "
        "Δ₋ ≤ k(2δ_ℓ − δ_ℓ²) and S₁ ≥ Σ_{j≤k} min(σ_j², 1) = k − Δ₋ ≥ k(1 − δ_ℓ)²",
        ranges="every ℓ, 1 ≤ k ≤ ℓ, δ_ℓ ≤ 1",
    )


ERANK2_GRID = tuple((ell, k) for ell in (8, 16, 32, 64, 128) for k in (1, 2, 3))


def _erank2_scores(ell: int, k: int) -> np.ndarray:
    """Sorted scores: k spikes e^s = ℓ² (f = ℓ), the bulk evenly in [0, 1], descending (deterministic)."""
    return np.r_[np.full(k, 2 * math.log(ell)), np.linspace(1.0, 0.0, ell - k)]


@erank2_terms.supports
def c_erank2_terms_grid(ctx: Context) -> Evidence:
    """S₁, R, Δ₋ on a deterministic grid of Thm 7 instances against δ_ℓ = ‖A₁₁ − I_k‖."""
    worst, ratios = math.inf, []
    for ell, k in ERANK2_GRID:
        A = attention(_erank2_scores(ell, k))
        sv = svdvals(A)
        delta = float(svdvals(A[:k, :k] - np.eye(k))[0])
        S1 = float(np.sum(sv[:k] ** 2))
        W = float(np.sum(A**2))
        R = W - S1
        d_minus = float(np.sum(np.clip(1 - sv[:k] ** 2, 0, None)))
        bound = k * (2 * delta - delta**2)
        tol = float_tolerance(ell, 5.0)
        margin = min(bound - d_minus, S1 - k * (1 - delta) ** 2, R - float(np.sum(sv[k:] ** 2)) + tol, R)
        worst = min(worst, margin)
        if margin + tol < 0:
            return Evidence(
                Status.REFUTED,
                "float",
                f"S₁, R, Δ₋ fail at ℓ = {ell}, k = {k} (margin {fmt(margin)})",
                counterexample={"ell": ell, "k": k, "margin": margin},
            )
        ratios.append((d_minus / bound if bound > 0 else 0.0, (k * (1 - delta) ** 2) / S1, ell, k))
    d_top = max(ratios, key=lambda r: r[0])
    s_top = max(ratios, key=lambda r: r[1])
    return Evidence(
        Status.VERIFIED,
        "float",
        f"S₁ + R = ‖A_c‖_F², Δ₋ ≤ k(2δ − δ²) and S₁ ≥ k(1 − δ)² on all {len(ERANK2_GRID)} instances; "
        f"Δ₋/(k(2δ−δ²)) at most {fmt(d_top[0], 3)} (ℓ = {d_top[2]}, k = {d_top[3]}), "
        f"k(1−δ)²/S₁ at most {fmt(s_top[1], 3)} (ℓ = {s_top[2]}, k = {s_top[3]})",
        ranges="k spikes e^s = ℓ², bulk evenly in [0, 1], ℓ ∈ {8, …, 128}, k ∈ {1, 2, 3}",
        role=Role.SUPPORTS,
        worst_margin=worst,
        tightness=Tightness(
            "loose",
            "Δ₋ against its bound k(2δ_ℓ − δ_ℓ²): the bound takes every spike σ_j at its floor 1 − δ_ℓ, while the "
            "bulk columns lift the σ_j of these instances toward or above 1; the floor S₁ ≥ k(1 − δ_ℓ)² comes closer "
            f"(k(1−δ)²/S₁ up to {fmt(s_top[1], 3)} at ℓ = {s_top[2]}, k = {s_top[3]})",
            factor=1 / d_top[0] if d_top[0] > 0 else None,
            ratio=d_top[0],
            where={"ℓ": d_top[2], "k": d_top[3]},
            ranges="the deterministic grid ℓ ≤ 128, k ≤ 3",
        )
        if 0 < d_top[0] < 1
        else Tightness(
            "unmeasurable",
            f"Δ₋ = 0 on every instance of the grid (every spike σ_j ≥ 1), so Δ₋/(k(2δ−δ²)) has no extreme to read; "
            f"the floor S₁ ≥ k(1 − δ_ℓ)² is loose by at least {fmt(1 / s_top[1], 3)} (ℓ = {s_top[2]}, k = {s_top[3]})",
            ranges="the deterministic grid ℓ ≤ 128, k ≤ 3",
        ),
    )


hardy_continuum = claim(
    "sdeg.c.hardy-continuum",
    title="The continuum Hardy operator: ‖H‖ = 2/√(1+4ω²) and 2 − ‖H‖ = 4π²/(log N + 2)² + O(log⁻⁴N)",
    source=Source("specproof", "App. D.2", "own"),
    statement=r"For $(Hf)(t)=t^{-1}\int_1^t f$ on $L^2(1,N)$: $H^*Hf=\mu f$ reduces, with $F=\int_1^t f$, to $\mu t^2F''+F=0$, $F(1)=0$, $F'(N)=0$, solved by $F=\sqrt t\,\sin(\omega\log t)$ with $\mu=4/(1+4\omega^2)$ and $\tan(\omega\log N)=-2\omega$. So $\|H\|=2/\sqrt{1+4\omega_N^2}$ for the first root $\omega_N\log N\in(\frac\pi2,\pi)$, and $2-\|H\|=\frac{4\pi^2}{(\log N+2)^2}+O(\log^{-4}N)$: the leading constant of the approach to Hardy's $2$ is $4\pi^2$.",
    expected=Status.PROVED,
    reason="Sympy checks the reduction's differentiation step, that √t·sin(ω log t) solves the equation with μ = 4/(1 + 4ω²), the boundary condition tan(ω log N) = −2ω, and the expansion of the first root to O(ε³), which gives 2 − ‖H‖ = 4π²/(log N + 2)² + O(log⁻⁴ N); the operator theory between the steps is argued in prose. Bisection on the exact equation cross-checks the O(log⁻⁴ N) remainder. It derives the constant the discrete sdeg.c.cesaro-norm-rate reads off the sweep.",
    prose="H*H is compact on L²(1, N) (a bounded kernel on a finite interval) and positive, so its norm is its largest eigenvalue; (H*Hf)(s) = ∫_s^N F(t)/t² dt = μF′(s) differentiates to the checked equation, and conversely a solution with F(1) = 0, F′(N) = 0 gives an eigenfunction f = F′; the Euler equation's solutions t^(1/2 ± iω) with F(1) = 0 are √t·sin(ω log t) (for μ > 4 the real exponents admit no nonzero solution with both boundary conditions); μ = 4/(1 + 4ω²) decreases in ω, so the norm is the first root; that root lies within O(ε³) of the checked θ because d/dθ(tan θ + 2θε) = sec²θ + 2ε ≥ 1 on (π/2, π) (mean value theorem)",
)


_eps = sp.Symbol("epsilon", positive=True)  # ε = 1/log N


_t, _w, _N = sp.symbols("t omega N", positive=True)


def _series_is_small(expr, order: int, *, what: str) -> Evidence:
    """expr = O(ε^order) as ε → 0⁺ (sympy series: every coefficient below ``order`` vanishes)."""
    head = sp.series(expr, _eps, 0, order).removeO()
    if sp.simplify(head) == 0:
        return Evidence(Status.PROVED, "sympy", f"{what}: its series in ε vanishes below ε^{order}", worst_margin=0.0)
    return Evidence(Status.OPEN, "sympy", f"{what}: the series starts {sp.sstr(head)}")


@hardy_continuum.decides
def hardy_continuum_sympy(ctx: Context) -> Evidence:
    """The eigenfunctions of H*H, their boundary condition, and the expansion of the first root, symbolically."""
    F = sp.sqrt(_t) * sp.sin(_w * sp.log(_t))
    mu = 4 / (1 + 4 * _w**2)
    s = sp.Symbol("s", positive=True)
    G = sp.Function("F")
    theta = sp.pi * (1 - 2 * _eps + 4 * _eps**2)  # ω log N to second order in ε = 1/log N
    steps = [
        sympy_identity(
            sp.diff(sp.Integral(G(_t) / _t**2, (_t, s, _N)), s),
            -G(s) / s**2,
            what=(
                "d/ds ∫_s^N F(t)/t² dt = −F(s)/s²: H*H f = μ f with F = ∫₁ᵗ f differentiates to "
                "μ s²F″ + F = 0 (and at s = N gives F′(N) = 0)"
            ),
        ),
        sympy_identity(
            mu * _t**2 * sp.diff(F, _t, 2) + F,
            0,
            what="F = √t·sin(ω log t) (F(1) = 0) solves μ t²F″ + F = 0 with μ = 4/(1 + 4ω²)",
        ),
        sympy_identity(
            sp.diff(F, _t).subs(_t, _N) * sp.sqrt(_N),
            sp.sin(_w * sp.log(_N)) / 2 + _w * sp.cos(_w * sp.log(_N)),
            what="√N·F′(N) = ½ sin(ω log N) + ω cos(ω log N): F′(N) = 0 ⇔ tan(ω log N) = −2ω",
        ),
        _series_is_small(
            sp.tan(theta) + 2 * theta * _eps,
            3,
            what="θ = π(1 − 2ε + 4ε²) solves tan θ + 2θε = 0 up to O(ε³) (θ = ω log N, ε = 1/log N)",
        ),
        _series_is_small(
            2 - 2 / sp.sqrt(1 + 4 * (theta * _eps) ** 2) - 4 * sp.pi**2 * _eps**2 / (1 + 2 * _eps) ** 2,
            4,
            what="2 − 2/√(1 + 4ω²) − 4π²/(log N + 2)² = O(log⁻⁴ N) at that θ",
        ),
    ]
    return derivation(
        steps,
        what="‖H‖ on L²(1, N) = 2/√(1 + 4ω_N²), tan(ω_N log N) = −2ω_N, 2 − ‖H‖ = 4π²/(log N + 2)² + O(log⁻⁴ N)",
        ranges="every N > 1",
    )


FOUR_PI_SQ = 4 * math.pi**2


@hardy_continuum.supports
def hardy_continuum_numeric(ctx: Context) -> Evidence:
    """The root of tan(ω log N) = −2ω by bisection against the expansion: (2 − ‖H‖ − 4π²/(log N+2)²)·log⁴N stays
    bounded.
    """
    logs = np.array([10.0, 30.0, 100.0, 300.0, 1000.0, 3000.0])
    scaled = np.array([(2 - hardy_continuum_norm(L) - FOUR_PI_SQ / (L + 2) ** 2) * L**4 for L in logs])
    bounded = bool(np.all(np.abs(scaled) < 2 * (0.75 * FOUR_PI_SQ**2)))
    return Evidence(
        Status.VERIFIED if bounded else Status.REFUTED,
        "closed-form-float",
        f"(2 − ‖H‖ − 4π²/(log N + 2)²)·log⁴N = {', '.join(fmt(v) for v in scaled)} at log N = "
        f"{', '.join(fmt(v) for v in logs)}, tending to −(3/4)(4π²)² = {fmt(-0.75 * FOUR_PI_SQ**2)} "
        "(the next term of (1 + x)^(−1/2))",
        ranges="log N in [10, 3000]",
        role=Role.SUPPORTS,
        counterexample=None if bounded else {"log_N": logs.tolist(), "scaled": scaled.tolist()},
    )


cesaro_norm_rate = claim(
    "sdeg.c.cesaro-norm-rate",
    title="2 − ‖H_ℓ‖ ≈ 4π²/(log ℓ + c_ℓ)²: the discrete Cesàro norm follows the continuum law",
    source=Source("specproof", "App. D.2", "own"),
    statement=r"$2-\|\mathsf H_\ell\|\sim4\pi^2/\log^2\ell$: the successive-doubling estimates of $A$ in $2-\|\mathsf H_\ell\|\approx A/(\log\ell+c)^2$ fall monotonically toward $4\pi^2$ (sdeg.c.hardy-continuum) without crossing it, and the continuum norm at $\log N=\log\ell+c_\ell$ reproduces every $\|\mathsf H_\ell\|$ with a shift $c_\ell$ that increases with shrinking steps ($\approx2.4$ at $\ell=16$, $\approx2.68$ at $\ell=10^7$). A free fit of $A$ over a finite range (e.g. $42.9/(\log\ell+6.2)^2$) is a range average of a still-falling local constant, not the limit.",
    uses=["sdeg.c.hardy-continuum", "sdeg.c.test-vector"],
    expected=Status.VERIFIED,
    reason="From the stored cesaro-norm brackets (ℓ = 16 … 10⁷; Lanczos lower bound, Collatz–Wielandt upper bound): every doubling's estimate of the leading constant, computed from the bracket ends, is below the previous one and above 4π², so A falls from ≈ 45.6 toward 39.48 and no fit with A free can be read as the limit. The limit itself is an observation: nothing here proves that the discrete operators follow the continuum law (no discrete–continuum error bound is known to us), so the claim is verified, not proved.",
    unproved="the constant's approach to 4π² is read from brackets at finitely many ℓ; the continuum law (sdeg.c.hardy-continuum) is proved, but no written argument bounds the discrete operator's distance from it, so the rate stays measured",
    tests=["tests/test_cesaro.py::test_cesaro_norm_increases_to_two"],
    figure="figures/cesaro-norm.png",
)


def _stored_norms(ctx: Context):
    from specproof.runs.sweeps.table import run_sweep, stored_options

    # every committed row, the wide grid's included (ℓ up to 10⁷: stored, so read without computing); with ctx.wide a
    # missing row is computed in memory as for every stored sweep
    options = {**stored_options(ctx), "grid": "wide"}
    result = run_sweep("cesaro-norm", **options)
    rows = [r for r in result.rows if r["x"] >= 16]
    sizes = np.array([int(r["x"]) for r in rows])
    missing = f", {len(result.missing)} wide rows not stored" if getattr(result, "missing", None) else ""
    return (
        sizes,
        np.array([r["lower"] for r in rows]),
        np.array([r["upper"] for r in rows]),
        f"sweep cesaro-norm (stored rows of the wide grid, ℓ = {sizes[0]}…{sizes[-1]}{missing})",
    )


def doubling_constants(sizes: np.ndarray, norms: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Successive-doubling estimates of A in 2 − ‖H_ℓ‖ ≈ A/(log ℓ + c)²: with f = (2 − ‖H‖)^(−1/2) = (log ℓ + c)/√A,
    A ≈ (Δ log ℓ / Δf)² between consecutive sizes ℓ and 2ℓ. Returns the upper sizes and the estimates."""
    f = (2 - norms) ** -0.5
    pairs = np.flatnonzero(sizes[1:] == 2 * sizes[:-1])
    return sizes[pairs + 1], (np.log(2) / (f[pairs + 1] - f[pairs])) ** 2


@cesaro_norm_rate.decides
def cesaro_rate_local_constants(ctx: Context) -> Evidence:
    """The leading constant read locally, doubling by doubling, from the norm brackets: it must fall monotonically
    toward 4π² without crossing it, and the fitted constant of a free fit is a range average, not the limit."""
    sizes, lo, hi, ranges = _stored_norms(ctx)
    mid = (lo + hi) / 2
    upper_sizes, A = doubling_constants(sizes, mid)
    # the bracket moves f by at most Δf_max: A's own bracket per pair, so that a monotone fall is decided, not read off
    # noise
    f_lo, f_hi = (2 - lo) ** -0.5, (2 - hi) ** -0.5
    pairs = np.flatnonzero(sizes[1:] == 2 * sizes[:-1])
    A_lo = (np.log(2) / (f_hi[pairs + 1] - f_lo[pairs])) ** 2
    A_hi = (np.log(2) / (f_lo[pairs + 1] - f_hi[pairs])) ** 2
    falling = bool(np.all(A_hi[1:] < A_lo[:-1]))
    above = bool(np.all(A_lo > FOUR_PI_SQ))
    status = Status.VERIFIED if falling and above else Status.REFUTED
    fit = limit_fit(
        upper_sizes.astype(float),
        A,
        families=("1/log x", "1/log x + 1/log² x", FREE_POWER),
        tails=(4, 6, 8),
        variable="ℓ",
        error=float(np.max(A_hi - A_lo) / 2),
    )
    fit_lo, fit_hi = fit.interval
    return Evidence(
        status,
        "sweep",
        f"A from successive doublings: {fmt(A[0], 4)} (ℓ = {upper_sizes[0] // 2}–{upper_sizes[0]}) → "
        f"{fmt(A[len(A) // 2], 4)} → {fmt(A[-1], 4)} (ℓ = {upper_sizes[-1] // 2}–{upper_sizes[-1]}), strictly "
        f"falling bracket by bracket: {falling}; above 4π² = {fmt(FOUR_PI_SQ, 4)} throughout: {above}",
        ranges=ranges + f", doubling pairs ℓ = {upper_sizes[0] // 2}…{upper_sizes[-1]}",
        worst_margin=float(A_lo.min() - FOUR_PI_SQ),
        sharpest=f"last local constant {fmt(A[-1], 4)} vs 4π² = {fmt(FOUR_PI_SQ, 4)}",
        counterexample=None if status is Status.VERIFIED else {"ell": upper_sizes.tolist(), "A": A.tolist()},
        data={
            "ell": upper_sizes.tolist(),
            "local_constant": A.tolist(),
            "limit": FOUR_PI_SQ,
            "series": [step_series("local constant A", upper_sizes, A, "decreasing")],
        },
        limit=Limit(
            "closed-form",
            "the local constant A of 2 − ‖H_ℓ‖ ≈ A/(log ℓ + c)² falls toward the continuum operator's 4π² "
            "(proved for the continuum, sdeg.c.hardy-continuum; for the discrete H_ℓ observed: above it and falling "
            f"at every doubling); extrapolated, the local constants give {fit.text()}: the interval contains 4π² "
            "and excludes a finite range's free fit (42.9), but is too wide to tell 4π² from nearby values (39, 40)",
            quantity="A_ℓ = (log 2/Δ(2 − ‖H‖)^(−1/2))² over ℓ/2 → ℓ",
            value="4π²",
            numeric=FOUR_PI_SQ,
            approach=f"A_ℓ − 4π² = {fmt(A[-1] - FOUR_PI_SQ, 3)} at the last doubling ℓ = {upper_sizes[-1]}, "
            f"{fmt(A[len(A) // 2] - FOUR_PI_SQ, 3)} at ℓ = {upper_sizes[len(A) // 2]}",
            ranges=ranges,
            seconds=(
                Second(
                    "numeric",
                    FOUR_PI_SQ,
                    (fit_lo + fit_hi) / 2,
                    "the discrete operators' local constants (stored Lanczos/Collatz–Wielandt brackets to ℓ = 10⁷) "
                    "extrapolated in 1/log ℓ, 1/log² ℓ and a free power over three tails",
                    (fit_hi - fit_lo) / 2,
                ),
            ),
        ),
    )


@cesaro_norm_rate.supports
def cesaro_rate_continuum_shift(ctx: Context) -> Evidence:
    """With A = 4π² fixed, the continuum law at log N = log ℓ + c_ℓ reproduces each ‖H_ℓ‖: c_ℓ increases with
    shrinking steps (consistent with a limit c₀ ≈ 2.7)."""
    sizes, lo, hi, ranges = _stored_norms(ctx)
    c_lo = np.array([cesaro_continuum_shift(int(n), float(v)) for n, v in zip(sizes, lo)])
    c_hi = np.array([cesaro_continuum_shift(int(n), float(v)) for n, v in zip(sizes, hi)])
    c = (c_lo + c_hi) / 2
    rising = bool(np.all(c_lo[1:] > c_hi[:-1]))
    dyadic = np.flatnonzero(sizes[1:] == 2 * sizes[:-1])
    steps = c[dyadic + 1] - c[dyadic]
    slowing = bool(np.all(np.diff(steps) < 0))
    ok = rising and slowing
    # one shift for the large sizes: the continuum law at log ℓ + c₀ against 2 − ‖H_ℓ‖ there
    large = sizes >= 2**17 if np.count_nonzero(sizes >= 2**17) >= 2 else sizes >= sizes[len(sizes) // 2]
    c0 = float(np.mean(c[large]))
    gap = 2 - (lo + hi) / 2
    model = np.array([2 - hardy_continuum_norm(math.log(int(n)) + c0) for n in sizes[large]])
    relative = float(np.max(np.abs(model - gap[large]) / gap[large]))
    return Evidence(
        Status.VERIFIED if ok else Status.REFUTED,
        "sweep",
        f"shift c_ℓ = {fmt(c[0], 4)} (ℓ = {sizes[0]}) → {fmt(c[-1], 4)} (ℓ = {sizes[-1]}), increasing bracket by "
        f"bracket: {rising}, by doubling steps {fmt(steps[0], 3)} → {fmt(steps[-1], 3)}, shrinking: {slowing}; "
        f"one shift c₀ = {fmt(c0, 3)} reproduces 2 − ‖H_ℓ‖ for ℓ = {sizes[large][0]}…{sizes[-1]} within "
        f"{fmt(100 * relative, 2)} %",
        ranges=ranges,
        role=Role.SUPPORTS,
        sharpest=f"c_ℓ → {fmt(c[-1], 4)} at ℓ = {sizes[-1]}",
        counterexample=None if ok else {"ell": sizes.tolist(), "shift": c.tolist()},
        data={"ell": sizes.tolist(), "shift": c.tolist()},
    )


erank1_nuclear = claim(
    "sdeg.c.erank1-nuclear",
    title="The nuclear bracket bounds erank₁ of causal attention from below",
    source=Source("specproof", "App. D.2", "own (Thm 7)"),
    statement=r"$\mathrm{erank}_1(A) \ge \|A\|_*/\|A\|$ for every matrix; hence, under the hypotheses of the nuclear-norm bracket, $\mathrm{erank}_1(A_c) \ge \|A_c\|_*/\sqrt5 \ge (e^{-B}(\|\mathsf H_\ell\|_* - 2k) - (e^B-1)L_{\ell,k})/\sqrt5$; for fixed $k$, $\mathrm{erank}_1(A_c) = \Omega_B(\log^2\ell)$.",
    uses=["sdeg.c.nuclear-bracket", "sdeg.c.sv-universal", "sdeg.c.schatten"],
    expected=Status.PROVED,
    reason="Entropy ≥ min-entropy (H(q) ≥ log(1/max q)) with q_max = σ₁/‖A‖_* (sympy), then the bulk lower side of the nuclear bracket, ‖A_c‖ ≤ √5 and ‖H_ℓ‖_* ≥ R(R+1)log 2/(4π), each proved in its own claim. The bound is loose: erank₁(H_ℓ) grows like a power of ℓ (log erank₁(H_ℓ)/log ℓ ≈ 0.4 on the stored spectra), the nuclear route gives only log² ℓ, and its explicit form is negative at every reachable ℓ (k = 3, bulk U[0, 2]: −12 at ℓ = 256 while erank₁ ≈ 90); it says something only from log ℓ ≈ 290 (B = 2) or ≈ 24 (B = 1) with ‖H_ℓ‖_* as measured, and later with its proved lower bound.",
    prose="averaging the checked log(q_max/q_j) ≥ 0 against q (Σq_j = 1) for H(q) ≥ log(1/q_max); the inputs taken from other claims without rerunning their checks: ‖A_c‖ ≤ √5 (sdeg.c.sv-universal), the bulk lower side of the nuclear bracket (sdeg.c.nuclear-bracket, proved: sign certificates there, with the triangle inequality, the projection onto the bulk rows and the rank-k correction in prose) and ‖H_ℓ‖_* ≥ R(R+1)log 2/(4π) (the pinching derivation of sdeg.c.schatten, proved); and the order Ω_B(log²ℓ) for fixed k, from R = ⌊log₂(ℓ+1)⌋ and L_{ℓ,k} = O(log ℓ)",
    notes=["loose"],
    tightness=Tightness(
        "sharp",
        "erank₁ = exp H(q) ≥ 1/max q (c_erank1_nuclear_proof) is an equality exactly when the nonzero σ_j are equal (q uniform: entropy = min-entropy), e.g. any partial isometry",
        where={"A": "a partial isometry (equal nonzero singular values)"},
    ),
)


@erank1_nuclear.decides
def c_erank1_nuclear_proof(ctx: Context) -> Evidence:
    """erank₁ = exp H(q) ≥ 1/max q = ‖A‖_*/‖A‖: entropy is at least min-entropy."""
    q, qmax = sp.symbols("q q_max", positive=True)
    sigma1, N = sp.symbols("sigma_1 N", positive=True)
    steps = [
        sympy_identity(
            sp.log(1 / q) - sp.log(1 / qmax),
            sp.log(qmax / q),
            what="log(1/q_j) − log(1/q_max) = log(q_max/q_j) ≥ 0, so H(q) = Σq_j log(1/q_j) ≥ log(1/q_max)",
        ),
        sympy_identity(1 / (sigma1 / N), N / sigma1, what="q_max = σ₁/‖A‖_*: erank₁(A) ≥ ‖A‖_*/σ₁(A)"),
    ]
    return derivation(
        steps,
        what=(
            "erank₁(A_c) ≥ ‖A_c‖_*/‖A_c‖ ≥ ‖A_c‖_*/√5 ≥ (e^{−B}(‖H_ℓ‖_* − 2k) − (e^B−1)L_{ℓ,k})/√5 "
            "with ‖H_ℓ‖_* ≥ R(R+1)log 2/(4π): erank₁(A_c) = Ω_B(log²ℓ) for fixed k"
        ),
        ranges="every ℓ, 0 ≤ k ≤ ℓ; bounded bulk",
    )


def _erank1_margin(value) -> float:
    s, k = value
    sv = svdvals(attention(s))
    lo, _ = nuclear_bracket(s, k, float(np.sum(cesaro_singular_values(s.size))))
    e1 = effective_rank(sv, 1)
    return min(e1 - float(np.sum(sv)) / float(sv[0]), e1 - lo / SQRT5) / max(e1, 1.0)


@erank1_nuclear.supports
def c_erank1_nuclear_search(ctx: Context) -> Evidence:
    """erank₁(A_c) ≥ ‖A_c‖_*/σ₁ ≥ (nuclear lower bound)/√5, over spike–bulk splits."""
    return property_search(
        sst.spike_bulk_split(48),
        _erank1_margin,
        ctx=ctx,
        examples=200,
        tolerance=lambda value: 4 * float_tolerance(value[0].size, SQRT5),
        allowance=(
            "erank₁ and ‖A‖_*/σ₁ from the same svdvals (ℓ values within 10·ℓ·eps·√5 each) and the "
            "bracket's ‖H_ℓ‖_*: relative to erank₁ ≥ 1"
        ),
        what="erank₁ ≥ ‖A_c‖_*/σ₁ ≥ bracket/√5",
        ranges="ℓ ≤ 48, sorted nonnegative scores, every split k",
    )


def _informative_from(B: float, k: int, nuclear_lower) -> float:
    """The smallest log ℓ (on a grid of 1/4) from which e^{−B}(N(ℓ) − 2k) − (e^B − 1)L_{ℓ,k} > 0, with
    N = ``nuclear_lower(log ℓ)`` a lower bound for ‖H_ℓ‖_* and L_{ℓ,k} ≤ log ℓ + γ − H_k."""
    harmonic_k = math.fsum(1.0 / i for i in range(1, k + 1))
    log_ell = math.log(16)
    while (
        math.exp(-B) * (nuclear_lower(log_ell) - 2 * k)
        - (math.exp(B) - 1) * (log_ell + 0.5772156649015329 - harmonic_k)
        <= 0
    ):
        log_ell += 0.25
    return log_ell


@erank1_nuclear.supports
def c_erank1_nuclear_informative(ctx: Context) -> Evidence:
    """Where the explicit bound says something: its value against erank₁ at reachable ℓ, and the ℓ from which it is
    positive (k = 3, bulk scores U[0, 2])."""
    from specproof.runs.sweeps.table import run_sweep, stored_options

    rng = np.random.default_rng(ctx.seed)
    k, B = 3, 2.0
    sizes = (256, 1024, 4096) if ctx.wide else (256, 1024)
    values, eranks = [], []
    for ell in sizes:
        s = np.concatenate([np.log(ell) + 8 + rng.uniform(0, 1, k), rng.uniform(0, B, ell - k)])
        s = np.sort(s)[::-1]
        bulk_only = math.exp(-float(s[k:].max())) * (float(np.sum(cesaro_singular_values(ell))) - 2 * k) - (
            math.exp(float(s[k:].max())) - 1
        ) * harmonic_tail(ell, k)
        values.append(bulk_only / SQRT5)
        eranks.append(effective_rank(svdvals(attention(s)), 1))
    rows = [r for r in run_sweep("cesaro-spectrum", **stored_options(ctx)).rows if r["x"] >= 64]
    x = np.array([r["x"] for r in rows], dtype=float)
    coef = fit_with_corrections(
        x,
        [r["value"] for r in rows],
        {"log²": lambda v: np.log(v + 1) ** 2, "log": lambda v: np.log(v + 1), "1": np.ones_like},
    )
    fitted = lambda L: coef["log²"] * L**2 + coef["log"] * L + coef["1"]  # noqa: E731
    proved = lambda L: (R := math.floor(L / math.log(2))) * (R + 1) * math.log(2) / (4 * math.pi)  # noqa: E731
    thresholds = {b: (_informative_from(b, k, proved), _informative_from(b, k, fitted)) for b in (1.0, 2.0)}
    negative = all(v < 0 for v in values)
    return Evidence(
        Status.VERIFIED,
        "closed-form-float",
        f"k = {k}, bulk U[0, {fmt(B)}]: the bulk bound (e^{{−B}}(‖H_ℓ‖_* − 2k) − (e^B−1)L_{{ℓ,k}})/√5 ="
        f" {', '.join(fmt(v) for v in values)} at ℓ = {', '.join(map(str, sizes))} while erank₁ ="
        f" {', '.join(fmt(v) for v in eranks)}:"
        f" {'negative at every reachable ℓ' if negative else 'positive somewhere'}. It becomes positive from log ℓ ≈"
        f" {fmt(thresholds[2.0][1])} for B = 2 and ≈ {fmt(thresholds[1.0][1])} for B = 1 with ‖H_ℓ‖_* as measured"
        f" ({fmt(coef['log²'])} log²ℓ + …, stored cesaro-spectrum), and from {fmt(thresholds[2.0][0])} and"
        f" {fmt(thresholds[1.0][0])} with the proved ‖H_ℓ‖_* ≥ R(R+1)log 2/(4π)",
        ranges=f"ℓ in {list(sizes)}, seed {ctx.seed}; thresholds for k = {k}, B in {{1, 2}}",
        role=Role.SUPPORTS,
        data={
            "bound_over_sqrt5": values,
            "erank1": eranks,
            "informative_log_ell": {
                str(b): {"proved_nuclear": t[0], "fitted_nuclear": t[1]} for b, t in thresholds.items()
            },
        },
    )
