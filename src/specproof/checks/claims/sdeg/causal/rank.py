"""SDEG causal attention: rank proxies, Schatten norms, the singular values of L_m, dyadic blocks and
the test vector (Thm 7; App. D.2).
"""

from __future__ import annotations

import functools
import math
from dataclasses import replace
from fractions import Fraction

import numpy as np
import sympy as sp

from specproof.checks.claims._shared.coq_theorems import c_lm_real_coq
from specproof.checks.claims._shared.sdeg_causal import (
    Config,
    _stored_cesaro_spectra,
    c_rank_proxies_exact,
    c_schatten_sweep,
    config_spectrum,
    dense_sizes,
    ell_,
    hardy_steps,
    i_,
    j_,
    limit_evidence,
    log_ratio,
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
from specproof.engine.formal import CoqHook, coq_check
from specproof.engine.methods import (
    combine,
    derivation,
    float_tolerance,
    fmt,
    grid_check,
    sympy_identity,
    sympy_nonnegative,
)
from specproof.engine.rates import bound_evidence, fit_with_corrections
from specproof.engine.records import Limit, Tightness
from specproof.engine.registry import Context, Evidence, Source, Status, check, claim
from specproof.theory.cesaro import causal_eigenvalues, dyadic_blocks, lower_ones, lower_ones_singular_values
from specproof.theory.filters import floor_log2
from specproof.theory.operators import Cesaro
from specproof.theory.spectral import effective_rank, stable_rank

r_ = sp.Symbol("r", integer=True, nonnegative=True)


# =========================================================================== Thm 7: rank proxies


RANK_CONFIGS = (Config("0", 1.0), Config("3", 1.0), Config("sqrt", 1.0), Config("eighth", 0.5))


@check
def c_rank_proxies_erank_sweep(ctx: Context) -> Evidence:
    """erank₂(A_c) = O(F): the ratio erank₂/F does not grow, over k = 0, 3, ⌊√ℓ⌋, ⌊ℓ/8⌋ and bounded bulks."""
    evidence = []
    for config in RANK_CONFIGS:
        fit, sizes = proxy_fit(config, ctx, lambda sv: effective_rank(sv, 2), "erank2")
        evidence.append(bound_evidence(fit, side="upper", what=config.label(), ranges=f"ℓ = {sizes[0]}..{sizes[-1]}"))
    return combine(evidence, what="erank₂/F", ranges=f"ℓ = 64..{dense_sizes(ctx)[-1]}", method="sweep-fit")


@check
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
        ratios = {"srank": [], "srank_λ": [], "erank₂": []}
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
        role="supports",
        ranges=f"ℓ = 64..{dense_sizes(ctx)[-1]}",
        counterexample=None if ok else {"rows": rows},
        sharpest="each family inside its proved brackets (constants for its own B)",
    )


@check
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
    basis = {"log": np.log, "loglog": lambda x: np.log(np.log(x)), "1": np.ones_like}
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


@check
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
        role="supports",
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
        role="supports",
        **options,
    )
    return combine(
        [bracket, cesaro],
        what="rank proxies from the stored sweeps",
        method="sweep-fit",
        role="supports",
        ranges=f"sweeps causal-srank and cesaro-norm ({options['grid']} grid), ℓ up to {sizes[-1]}",
    )


claim(
    id="sdeg.c.rank-proxies",
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
        "approached like c/log²ℓ, sdeg.c.cesaro-norm-rate), so srank(H_ℓ)/log ℓ → 1/4; the stored sweep reads "
        "0.223–0.228 against log(ℓ + 1) over ℓ = 64…2^20, rising toward it",
        quantity="srank(H_ℓ)/log ℓ",
        value="1/4",
        numeric=0.25,
        approach="slowly, as ‖H_ℓ‖ → 2 (like 1/log² ℓ)",
        ranges="stored sweep ℓ = 64…1048576",
    ),
    figure="figures/rank-proxies.png",
    title="Causal rank proxies grow like k + log((ℓ+1)/(k+1))",
    source=Source("SDEG", "App. D.2", "Thm 7"),
    statement=r"Sorted scores with spikes $a_i \ge \ell f(\ell)$, $f \ge 1$ ($i \le k$) and bounded bulk: $\mathrm{srank}(A_c), \mathrm{srank}_\lambda(A_c), \mathrm{erank}_2(A_c) = \Theta_B\!\left(k + \log\frac{\ell+1}{k+1}\right)$; and $\mathrm{erank}_2(\mathsf H_\ell) = \Theta(\log\ell)$, $\log\mathrm{erank}_1(\mathsf H_\ell) = \Theta(\log\ell)$.",
    checks=[
        c_rank_proxies_exact,
        c_rank_proxies_erank_sweep,
        c_rank_proxies_bracket_float,
        c_rank_proxies_cesaro,
        c_rank_proxies_stored_sweeps,
    ],
    expected=Status.VERIFIED,
    unproved=(
        "srank and srank_λ are proved; the upper side of erank₂ (a Schatten-3/2 entropy bound through sdeg.c.schatten) and log erank₁(H_ℓ) = Ω(log ℓ) (entropy perturbation of the dyadic pinching, sdeg.c.entropy-perturbation) have written arguments that are not yet assembled as checks; here they rest on sweeps."
    ),
    reason=(
        "srank and srank_λ are proved Θ(F) with explicit constants (F/20 ≤ srank ≤ (1 + (1 + C_Bπ²/6)/log 2)F), and erank₂ ≥ srank; the upper side of erank₂ and the lower side of log erank₁(H_ℓ) rest on sweeps (ratios do not grow; fitted log-coefficient of log erank₁ ≈ 0.4, decreasing toward the dyadic-block prediction 1/3). The stored sweeps carry the proved srank bracket to ℓ = 2^20 (srank/F still falling there, σ₁ → 2 slowly) and read srank(H_ℓ) = Θ(log ℓ) with its constant removed. Hypotheses: sdeg.c.rank-proxies.hypotheses."
    ),
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
    notes=["reconstructed"],
    lost=(
        "The hypotheses of Thm 7 (the parameters B, η of Θ_{B,η}); reconstructed as sorted scores, spikes a_i ≥ ℓ (f ≥ 1), bulk 1 ≤ a_i ≤ e^B, any 0 ≤ k ≤ ℓ; η is not needed in the checked ranges."
    ),
    tests=["tests/test_sdeg_causal.py::test_rank_proxies_within_the_proved_bracket"],
)


# =========================================================================== D.2: Schatten sums of H_n


@check
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


@check
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
                "(1/i ≤ 2^(−r) = 1/M on I_r, m = M − w ≤ M, j = 1 + v; jσ_j(L_m)/m ≤ 3/2 from sdeg.c.Lm-singular)"
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


@check
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


@check
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
        role="supports",
        counterexample=None if worst >= 0 else {"worst_relative_margin": worst},
    )


claim(
    id="sdeg.c.schatten",
    tightness=Tightness(
        "loose",
        "at n = 8192 (the stored spectrum): ‖H_n‖_* = 21.6 against the lower bound R(R+1)log 2/(4π) = 10 (×2.16) "
        "and the dyadic upper bound 142 (×6.6); Σσ^1.5 = 10.7 against the dyadic C_p·log(n+1) = 169 (×15.8): the "
        "orders log(n+1) and log²(n+1) are right, the constants are not",
        factor=2.16,
        ratio=0.463,
        where={"n": 8192, "bound": "‖H_n‖_* ≥ R(R+1)log 2/(4π)"},
        ranges="the stored cesaro-spectrum sweep, read at n = 8192",
    ),
    limit=Limit(
        "none",
        "the scaled sums still move over n = 16…8192 (Σσ^1.5/log(n+1) 1.19–1.25, Σσ³/log(n+1) 1.31–1.38, "
        "‖H_n‖_*/log²(n+1) 0.265–0.548 falling; a fit 0.161·log²n + 0.852·log n + 0.792 puts most of the nuclear "
        "norm in the lower orders), so no limit constant is extrapolated",
    ),
    title="Schatten sums of the Cesàro matrix",
    source=Source("SDEG", "App. D.2", "Thm 7"),
    statement=(
        r"For every $p > 1$: $\sum_j \sigma_j(\mathsf H_n)^p \le C_p \log(n+1)$; for $p \le 1$ no such bound holds, and $\|\mathsf H_n\|_* = \Theta(\log^2(n+1))$ with $\|\mathsf H_n\|_* \ge R(R+1)\log 2/(4\pi)$, $R = \lfloor\log_2(n+1)\rfloor$."
    ),
    checks=[c_schatten_exact, c_schatten_nuclear_lower, c_schatten_dyadic_proof],
    cross_checks=[c_schatten_sweep, c_schatten_dyadic_float],
    expected=Status.PROVED,
    prose=(
        "the dyadic decomposition H_n = B₀ + Σ_(d=1..R) B_d: B₀ the block-diagonal part with blocks diag(1/i)L_m on I_r (entries 1/i for j ≤ i inside I_r), B_d the blocks (r, r − d), each of the form u vᵀ with u = (1/i)_(i∈I_r) and v = 𝟏 on I_(r−d) (every column of I_(r−d) lies left of I_r), so of rank one with singular value ‖u‖‖v‖ ≤ 2^(−d/2) (sdeg.c.dyadic-blocks); the blocks of B₀ and of each B_d sit in distinct block rows and block columns, so their singular values are the union of the blocks' (the Gram matrix is block diagonal); σ_j(DX) ≤ ‖D‖σ_j(X) (Horn & Johnson, Topics in Matrix Analysis (1991), Thm 3.3.16, Weyl's product inequality σ_(i+j−1)(AB) ≤ σ_i(A)σ_j(B) at i = 1) with jσ_j(L_m)/m ≤ 3/2 (sdeg.c.Lm-singular); the triangle inequality of the Schatten p-norm for p ≥ 1 (Bhatia, Matrix Analysis (1997), §IV.2: the Schatten p-norms are unitarily invariant norms); monotonicity of the final bounds in R, with R ≤ log₂ n; the lower bound by pinching and Hardy's σ_j ≤ 2 as in the checked steps (Σσ^p ≥ 2^(p−1)‖H_n‖_* for p ≤ 1)"
    ),
    reason=(
        "Machine-checked: p = 2 exactly (Σσ² = H_n), p ≥ 2 by Hardy, the nuclear lower bound R(R+1)log 2/(4π) by pinching onto dyadic blocks and ‖L_{2^r}‖_* ≥ (log 2/π)2^r(r+1), hence failure for p ≤ 1; and, for every p > 1 and n, the arithmetic of the dyadic upper bound Σσ_j^p ≤ (R+1)[(3/2)ζ(p)^(1/p) + 1 + √2]^p ≤ C_p log(n+1) and ‖H_n‖_* ≤ (3/2)Σ_(r≤R)H_(2^r) + (R+1)(1 + √2) ≤ 19 log²(n+1) (sympy). Argued in prose: the decomposition into a block-diagonal part and R rank-one bands, the union of block singular values, the singular-value product inequality and the Schatten triangle inequality (cited). The stored cesaro-spectrum sweep (‖H_n‖_* ≈ 0.16 log² n + 0.85 log n + 0.8; the dyadic constants are loose, ≈ 6× at p = 1) is a cross-check."
    ),
    uses=["sdeg.c.Lm-singular", "sdeg.c.dyadic-blocks", "sdeg.c.test-vector"],
    notes=["reconstructed"],
    lost="The range of p in the display; reconstructed as p > 1, which is also where it holds.",
    tests=["tests/test_sdeg_causal.py::test_cesaro_schatten_sums"],
)


# =========================================================================== D.2: L_m


@check
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


@check
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
        role="supports",
    )
    return replace(ev, status=Status.CERTIFIED) if ev.status is Status.PROVED else ev


@check
def c_lm_asymptotic(ctx: Context) -> Evidence:
    """σ_j(L_m) ≍ m/j: 1/π ≤ j·σ_j/m ≤ 3/2 for all 1 ≤ j ≤ m (Jordan's inequality 2x/π ≤ sin x ≤ x)."""
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
    ev = derivation(steps, what="1/π ≤ j·σ_j(L_m)/m ≤ 3/2", ranges="every m ≥ 1, 1 ≤ j ≤ m")
    ratios = np.concatenate([np.arange(1, n + 1) * lower_ones_singular_values(n) / n for n in (1, 2, 3, 64, 4096)])
    ev = replace(
        ev, sharpest=f"observed j·σ_j/m in {value_span(ratios)} (m ∈ {{1, 2, 3, 64, 4096}}; infimum 1/π as j, m → ∞)"
    )
    return ev


@check
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


@check
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
        role="supports",
    )


claim(
    id="sdeg.c.Lm-singular",
    tightness=Tightness(
        "sharp",
        "the upper bound 1 is attained at m = j = 1 (σ_1(L_1) = 1, kernel-checked: sdeg_c_Lm_ratio_sharp); the lower 1/π is approached (the closed form at m = 2^15: min_j jσ_j/m = 0.31859 at j = 868; the limit of min_j jσ_j/m is 1/π ≈ 0.31831)",
        ratio=1.0,
        where={"m": 1, "j": 1},
        ranges="every m ≥ 1, 1 ≤ j ≤ m (upper bound); m ≤ 199 and m = 2^8…2^15 (the lower, observed)",
    ),
    title="Singular values of the lower-triangular all-ones matrix",
    source=Source("SDEG", "App. D.2", "Thm 7"),
    statement=(
        r"For the $m\times m$ lower-triangular all-ones $L_m$: $\sigma_j(L_m) = \frac{1}{2\sin((2j-1)\pi/(4m+2))}$, $\frac1\pi \le \frac{j\,\sigma_j(L_m)}{m} \le 1$, and $\|L_{2^r}\|_* \ge \frac{\log 2}{\pi}2^r(r+1)$."
    ),
    checks=[c_lm_real_coq, c_lm_closed_form, c_lm_asymptotic, c_lm_nuclear],
    cross_checks=[c_lm_gram_exact, c_lm_float],
    expected=Status.PROVED,
    prose=(
        "the singular values of L_m are the square roots of the eigenvalues of L_mL_mᵀ, in decreasing order, and ‖L‖_* is their sum (the singular value decomposition); the m distinct eigenvalues σ_1² > … > σ_m² of L_mL_mᵀ, its only ones, and the constants are the Coq theorems"
    ),
    reason=(
        "Kernel-checked in Coq over ℝ for every m (proofs/LmSingular.v, proofs/LowerOnesBounds.v): the eigenvalues of L_mL_mᵀ are exactly σ_j² = 1/(4 sin²((2j−1)π/(4m+2))), simple, with the sine vectors as eigenvectors (MathComp's spectrum theorem, proofs/LowerOnesSpectrum.v, applied in the real field generated by the reals involved, proofs/RealSub.v; L_m⁻¹ = I − N and (I − N)ᵀ(I − N) = tridiag(−1; 2, …, 2, 1; −1), proofs/LowerOnes.v), 1/π ≤ jσ_j/m ≤ 1 with equality at m = j = 1, and Σ_j σ_j(L_(2^r)) ≥ (ln 2/π)2^r(r+1); only 'the singular values are the square roots of the eigenvalues of L_mL_mᵀ' (the SVD) is cited. The statement's upper constant is 1 (the paper's proof gives 3/2). Sympy (symbolic p, m, j): the eigenvector rows of T, Jordan's inequality for the ≍ constants (≤ 3/2) and the nuclear bound with c = log 2/π (the ratios ‖L_(2^r)‖_*/(2^r(r+1)) observed for r ≤ 20 decrease toward it; that it is the best constant is not proved here). Exact inverses at m ≤ 12 (24 wide) and dense SVDs are cross-checks."
    ),
    tests=["tests/test_cesaro.py::test_lower_ones_closed_form"],
)


# =========================================================================== D.2: dyadic blocks


@functools.lru_cache(maxsize=None)
def _block_sum(first: int, last: int) -> Fraction:
    return sum((Fraction(1, i * i) for i in range(first, last + 1)), Fraction(0))


@check
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


@check
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
        role="supports",
    )
    tight = {c: float((Fraction(1, 2 ** c[2]) - excess(c)) * 2 ** c[2]) for c in cases}
    worst = max((c for c in cases if c[2] >= 1), key=tight.get)
    ev = replace(
        ev,
        sharpest=(
            f"LHS²/RHS² = 1 at r = d = 0 (equality); for d ≥ 1 at most {fmt(tight[worst])} at (n, r, d) = {worst} "
            "on these two n (observed; it tends to 1/2 as r grows there)"
        ),
    )
    return ev


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


claim(
    id="sdeg.c.dyadic-blocks",
    tightness=Tightness(
        "sharp",
        "at r = d = 0 the block I₀ = {1} gives (Σ i⁻²)^{1/2}|I₀|^{1/2} = 1 = 2⁰ (equality, c_dyadic_blocks_proof's inequality); for large r the ratio to 2^{−d/2} tends to 1/√2",
        where={"r": 0, "d": 0},
    ),
    title="Dyadic block inequality",
    source=Source("SDEG", "App. D.2", "Thm 7"),
    statement=r"For the dyadic blocks $I_r = \{i : 2^r \le i < 2^{r+1}\} \cap [1, n]$ and $0 \le d \le r$: $\left(\sum_{i\in I_r} i^{-2}\right)^{1/2} |I_{r-d}|^{1/2} \le 2^{-d/2}$.",
    checks=[c_dyadic_blocks_coq, c_dyadic_blocks_proof],
    cross_checks=[c_dyadic_blocks_exact],
    expected=Status.PROVED,
    prose=(
        "none beyond the reading of the reconstructed blocks: the Coq theorem states the inequality for every n, r and d ≤ r, truncated and empty blocks included (block_size counts the i with 2^r ≤ i < 2^(r+1), i ≤ n)"
    ),
    reason=(
        "Kernel-checked in Coq for every n, r and d ≤ r (proofs/Dyadic.v). Each term is at most 4^{−r}, |I_r| ≤ 2^r and |I_{r−d}| ≤ 2^{r−d} (sympy for the power identity); exact rational check for r ≤ 10. Equality at r = d = 0; for d ≥ 1 the exact check at n ∈ {2047, 1000} finds the left side at most 0.85·2^{−d/2} (an observed constant on those two n, not part of the statement)."
    ),
    notes=["reconstructed"],
    lost="The definition of the blocks I_r and the range of d; reconstructed as dyadic index blocks, 0 ≤ d ≤ r.",
    tests=["tests/test_sdeg_causal.py::test_dyadic_block_inequality_exact"],
)


ZETA_HALF = -1.4603545088095868  # ζ(1/2): (H_ℓ x)_i − 2/√i ~ ζ(1/2)/i for x_i = i^{−1/2}


# =========================================================================== D.2: test vector and ‖H_ℓ‖ → 2


@check
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


@check
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
            role="supports",
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
        role="supports",
        sharpest=f"2 − ‖H_ℓ‖ ≥ {fmt(2 - hi[-1])} at ℓ = {sizes[-1]}",
        worst_margin=float(2 - hi.max()),
    )


@check
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
        role="supports",
        counterexample=None if ok else {"min": float(scaled.min()), "max": float(scaled.max())},
        sharpest=f"constant of the O(1/i) term → ζ(1/2) = {fmt(ZETA_HALF)}",
    )


claim(
    id="sdeg.c.test-vector",
    figure="figures/cesaro-norm.png",
    title="The test vector i^{-1/2} and ‖H_ℓ‖ → 2",
    source=Source("SDEG", "App. D.2", "Thm 7"),
    statement=(
        r"For $x_i = i^{-1/2}$: $\|x\|^2 = \mathcal H_\ell$ (harmonic number), $(\mathsf H_\ell x)_i - 2/\sqrt i \in [-2/i, -1/i]$, hence $\|\mathsf H_\ell\| \to 2$, the norm of the Cesàro operator on $\ell^2$ (Hardy)."
    ),
    checks=[c_test_vector_proof, c_test_vector_norm_sweep, c_test_vector_constant],
    expected=Status.PROVED,
    prose=(
        "assembling the checked partial-sum bounds into the Rayleigh quotient; ‖H_ℓ‖ ≥ ‖H_ℓx‖/‖x‖ by the definition of the norm"
    ),
    reason=(
        "sympy: the partial sums of j^{−1/2} between 2√i − 2 and 2√i − 1, ‖H_ℓx‖²/‖x‖² ≥ 4 − 8ζ(3/2)/H_ℓ → 4, and Hardy's inequality ‖H_ℓ‖ ≤ 2 by a telescoping identity. The stored cesaro-norm sweep (Lanczos brackets to ℓ = 2^20) shows the approach is slow: 2 − ‖H_ℓ‖ ∼ 4π²/log²ℓ, the continuum Hardy operator's constant (sdeg.c.hardy-continuum; the discrete rate is sdeg.c.cesaro-norm-rate: a free fit over the range gives ≈ 42.9/(log ℓ + 6.2)², a range average of a local constant still falling toward 4π² = 39.48, and 2 − ‖H_ℓ‖ is only 0.10–0.52 of 4π²/log²ℓ at ℓ = 16…2^20); the O(1/i) term has constant ζ(1/2) ≈ −1.46."
    ),
    tests=[
        "tests/test_sdeg_causal.py::test_test_vector_bounds",
        "tests/test_cesaro.py::test_cesaro_norm_increases_to_two",
    ],
)
