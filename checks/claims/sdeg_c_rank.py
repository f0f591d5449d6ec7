"""SDEG causal attention: rank proxies, Schatten norms, the singular values of L_m, dyadic blocks and
the test vector (Thm 7; App. D.2).
"""

from __future__ import annotations

import math
from dataclasses import replace

import numpy as np
import sympy as sp

from specproof.checks.claims.sdeg_c_common import (
    Config,
    causal_lambda,
    config_spectrum,
    dense_sizes,
    ell_,
    fitted_model,
    hardy_steps,
    i_,
    j_,
    k_,
    m_,
    n_,
    u_,
    v_,
    value_span,
    w_,
)
from specproof.checks.methods import (
    combine,
    derivation,
    fmt,
    sympy_identity,
    sympy_nonnegative,
)
from specproof.checks.rates import bound_evidence, fit_rate, fit_with_corrections
from specproof.checks.registry import Context, Evidence, Source, Status, check, claim
from specproof.theory.cesaro import causal_eigenvalues
from specproof.theory.filters import floor_log2
from specproof.theory.spectral import effective_rank, stable_rank

r_ = sp.Symbol("r", integer=True, nonnegative=True)


def _stored_cesaro_spectra(ctx: Context) -> tuple[list[dict], str]:
    """Rows of the stored `cesaro-spectrum` sweep (all σ(H_n) from the bidiagonal H_n⁻¹, O(n²)) for n ≥ 16:
    nuclear norm, Schatten sums at p = 1.5 and 3, srank, erank₁, erank₂; and the range they cover."""
    from specproof.checks.sweeps import run_sweep, stored_options

    options = stored_options(ctx)
    rows = [r for r in run_sweep("cesaro-spectrum", **options).rows if r["x"] >= 16]
    return rows, f"sweep cesaro-spectrum ({options['grid']} grid): n = {rows[0]['x']}..{rows[-1]['x']}"


# =========================================================================== Thm 7: rank proxies


def log_ratio(ell, k):
    return k + math.log((ell + 1) / (k + 1))


@check
def c_rank_proxies_exact(ctx: Context) -> Evidence:
    """srank_λ and srank of A_c are Θ(F), F = k + log((ℓ+1)/(k+1)), with explicit constants; erank₂ ≥ srank."""
    x = sp.Symbol("x", positive=True)
    A, i = 1 + u_, 1 + m_
    steps = [
        sympy_nonnegative(
            causal_lambda(m_ + w_, 1 + m_) - sp.Rational(1, 2),
            [m_, w_],
            what="spike λ_i ≥ 1/2 and ρ_i ≥ 1/4 when a_i ≥ ℓ ≥ i−1 (f ≥ 1)",
        ),
        sympy_nonnegative(i * causal_lambda(A, i) - 1, [u_, m_], what="bulk λ_i ≥ 1/i (a_i ≥ 1)"),
        sympy_nonnegative((1 + u_ + v_) / i - causal_lambda(A, i), [u_, v_, m_], what="bulk λ_i ≤ e^B/i"),
        sympy_nonnegative(
            1 - ((i - 1) / (A + i - 1) ** 2 + causal_lambda(A, i) ** 2),
            [u_, m_],
            what="ρ_i ≤ 1 (a probability row); bulk ρ_i ≤ 1/i + (e^B−1)²/i² (sdeg.c.row-norms)",
        ),
        sympy_identity(
            sp.integrate(1 / x, (x, k_ + 1, ell_ + 1)),
            sp.log(ell_ + 1) - sp.log(k_ + 1),
            what="integral comparison: log((ℓ+1)/(k+1)) ≤ Σ_(i=k+1..ℓ) 1/i ≤ 1 + log((ℓ+1)/(k+1))",
        ),
    ]
    return derivation(
        steps,
        what=(
            "with 1 ≤ ‖A_c‖² ≤ 5 (row 1 is e_1; sdeg.c.sv-universal): srank_λ = Σλ_i ∈ "
            "[F/2, (1 + e^B(1 + 1/log 2))F], srank = ‖A_c‖_F²/‖A_c‖² ∈ "
            "[F/20, (1 + (1 + (e^B−1)²π²/6)/log 2)F], erank₂ ≥ srank ≥ F/20"
        ),
        ranges="every ℓ, 0 ≤ k ≤ ℓ, sorted scores with a_i ≥ ℓ (i ≤ k), 1 ≤ a_i ≤ e^B (i > k)",
    )


RANK_CONFIGS = (Config("0", 1.0), Config("3", 1.0), Config("sqrt", 1.0), Config("eighth", 0.5))


def proxy_fit(config: Config, ctx: Context, metric, name: str):
    sizes = dense_sizes(ctx)
    y = [metric(config_spectrum(config, n, ctx.seed)) for n in sizes]
    F = lambda x: np.array([log_ratio(int(n), config.k(int(n))) for n in np.atleast_1d(x)])  # noqa: E731
    return fit_rate(sizes, y, F, "F", {"1": np.ones_like}, scale="loglog"), sizes


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
    from specproof.checks.sweeps import rate_check, stored_options

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
    from specproof.checks.sweeps import rate_check, run_sweep, stored_options

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
    figure="figures/rank-proxies.png",
    title="Causal rank proxies grow like k + log((ℓ+1)/(k+1))",
    source=Source("SDEG", "App. D.2", "Thm 7"),
    statement=r"Sorted scores with spikes $a_i \ge \ell f(\ell)$, $f \ge 1$ ($i \le k$) and bounded bulk: "
    r"$\mathrm{srank}(A_c), \mathrm{srank}_\lambda(A_c), \mathrm{erank}_2(A_c) = \Theta_B\!\left(k + "
    r"\log\frac{\ell+1}{k+1}\right)$; and $\mathrm{erank}_2(\mathsf H_\ell) = \Theta(\log\ell)$, "
    r"$\log\mathrm{erank}_1(\mathsf H_\ell) = \Theta(\log\ell)$.",
    checks=[
        c_rank_proxies_exact,
        c_rank_proxies_erank_sweep,
        c_rank_proxies_bracket_float,
        c_rank_proxies_cesaro,
        c_rank_proxies_stored_sweeps,
    ],
    expected=Status.VERIFIED,
    unproved=(
        "srank and srank_λ are proved; the upper side of erank₂ (a Schatten-3/2 entropy bound through "
        "sdeg.c.schatten) and log erank₁(H_ℓ) = Ω(log ℓ) (entropy perturbation of the dyadic pinching, "
        "sdeg.c.entropy-perturbation) have written arguments that are not yet assembled as checks; here they rest "
        "on sweeps."
    ),
    reason=(
        "srank and srank_λ are proved Θ(F) with explicit constants (F/20 ≤ srank ≤ (1 + (1 + C_Bπ²/6)/log 2)F), and"
        " erank₂ ≥ srank; the upper side of erank₂ and the lower side of log erank₁(H_ℓ) rest on sweeps (ratios do not"
        " grow; fitted log-coefficient of log erank₁ ≈ 0.4, decreasing toward the dyadic-block prediction 1/3). The"
        " stored sweeps carry the proved srank bracket to ℓ = 2^20 (srank/F still falling there, σ₁ → 2 slowly) and"
        " read srank(H_ℓ) = Θ(log ℓ) with its constant removed. Hypotheses: sdeg.c.rank-proxies.hypotheses."
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
        "The hypotheses of Thm 7 (the parameters B, η of Θ_{B,η}); reconstructed as sorted scores, spikes a_i ≥ ℓ "
        "(f ≥ 1), bulk 1 ≤ a_i ≤ e^B, any 0 ≤ k ≤ ℓ; η is not needed in the checked ranges."
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


@check
def c_schatten_sweep(ctx: Context) -> Evidence:
    """Upper sides from the stored spectra: Σσ^p = O(log n) at p = 1.5, 3 and ‖H_n‖_* = O(log² n)."""
    from specproof.checks.sweeps import rate_check, stored_options

    options = stored_options(ctx)
    rows, ranges = _stored_cesaro_spectra(ctx)
    log1 = lambda x: np.log(x + 1)  # noqa: E731
    big = lambda r: r["x"] >= 16  # noqa: E731
    evidence = [
        rate_check(
            "cesaro-spectrum",
            log1,
            "log(n+1)",
            column=f"schatten_{fmt(p)}",
            what=f"p = {fmt(p)}",
            competitors={"1": np.ones_like},
            scale="loglog",
            side="upper",
            select=big,
            **options,
        )
        for p in (1.5, 3.0)
    ]
    evidence.append(
        rate_check(
            "cesaro-spectrum",
            lambda x: log1(x) ** 2,
            "log²(n+1)",
            what="nuclear norm",
            competitors={"log(n+1)": log1},
            scale="loglog",
            side="upper",
            select=big,
            **options,
        )
    )
    sizes = np.array([r["x"] for r in rows], dtype=float)
    nuclear = np.array([r["value"] for r in rows])
    model = fit_with_corrections(sizes, nuclear, {"log²": lambda x: np.log(x) ** 2, "log": np.log, "1": np.ones_like})
    ev = combine(evidence, what="Schatten sums of H_n", ranges=ranges, method="sweep-fit")
    R = floor_log2(int(sizes[-1]) + 1)
    ev = replace(
        ev,
        summary=ev.summary
        + f"; ‖H_n‖_* ≈ {fitted_model(model, ('log²', 'log² n'), ('log', 'log n'), ('1', ''))}; lower bound R(R+1)log"
        f" 2/(4π) = {fmt(R * (R + 1) * math.log(2) / (4 * math.pi))} vs {fmt(nuclear[-1])} at n = {int(sizes[-1])}",
    )
    return ev


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
    title="Schatten sums of the Cesàro matrix",
    source=Source("SDEG", "App. D.2", "Thm 7"),
    statement=(
        r"For every $p > 1$: $\sum_j \sigma_j(\mathsf H_n)^p \le C_p \log(n+1)$; for $p \le 1$ no such bound holds, "
        r"and $\|\mathsf H_n\|_* = \Theta(\log^2(n+1))$ with $\|\mathsf H_n\|_* \ge R(R+1)\log 2/(4\pi)$, "
        r"$R = \lfloor\log_2(n+1)\rfloor$."
    ),
    checks=[c_schatten_exact, c_schatten_nuclear_lower, c_schatten_dyadic_proof],
    cross_checks=[c_schatten_sweep, c_schatten_dyadic_float],
    expected=Status.PROVED,
    prose=(
        "the dyadic decomposition H_n = B₀ + Σ_(d=1..R) B_d: B₀ the block-diagonal part with blocks diag(1/i)L_m on I_r"
        " (entries 1/i for j ≤ i inside I_r), B_d the blocks (r, r − d), each of the form u vᵀ with u = (1/i)_(i∈I_r)"
        " and v = 𝟏 on I_(r−d) (every column of I_(r−d) lies left of I_r), so of rank one with singular value ‖u‖‖v‖ ≤"
        " 2^(−d/2) (sdeg.c.dyadic-blocks); the blocks of B₀ and of each B_d sit in distinct block rows and block"
        " columns, so their singular values are the union of the blocks' (the Gram matrix is block diagonal); σ_j(DX) ≤"
        " ‖D‖σ_j(X) (Horn & Johnson, Topics in Matrix Analysis (1991), Thm 3.3.16, Weyl's product inequality"
        " σ_(i+j−1)(AB) ≤ σ_i(A)σ_j(B) at i = 1) with jσ_j(L_m)/m ≤ 3/2 (sdeg.c.Lm-singular); the triangle inequality"
        " of the Schatten p-norm for p ≥ 1 (Bhatia, Matrix Analysis (1997), §IV.2: the Schatten p-norms are unitarily"
        " invariant norms); monotonicity of the final bounds in R, with R ≤ log₂ n; the lower bound by pinching and"
        " Hardy's σ_j ≤ 2 as in the checked steps (Σσ^p ≥ 2^(p−1)‖H_n‖_* for p ≤ 1)"
    ),
    reason=(
        "Machine-checked: p = 2 exactly (Σσ² = H_n), p ≥ 2 by Hardy, the nuclear lower bound R(R+1)log 2/(4π) by"
        " pinching onto dyadic blocks and ‖L_{2^r}‖_* ≥ (log 2/π)2^r(r+1), hence failure for p ≤ 1; and, for every p >"
        " 1 and n, the arithmetic of the dyadic upper bound Σσ_j^p ≤ (R+1)[(3/2)ζ(p)^(1/p) + 1 + √2]^p ≤ C_p log(n+1)"
        " and ‖H_n‖_* ≤ (3/2)Σ_(r≤R)H_(2^r) + (R+1)(1 + √2) ≤ 19 log²(n+1) (sympy). Argued in prose: the decomposition"
        " into a block-diagonal part and R rank-one bands, the union of block singular values, the singular-value"
        " product inequality and the Schatten triangle inequality (cited). The stored cesaro-spectrum sweep (‖H_n‖_* ≈"
        " 0.16 log² n + 0.85 log n + 0.8; the dyadic constants are loose, ≈ 6× at p = 1) is a cross-check."
    ),
    uses=["sdeg.c.Lm-singular", "sdeg.c.dyadic-blocks", "sdeg.c.test-vector"],
    notes=["reconstructed"],
    lost="The range of p in the display; reconstructed as p > 1, which is also where it holds.",
    tests=["tests/test_sdeg_causal.py::test_cesaro_schatten_sums"],
)
