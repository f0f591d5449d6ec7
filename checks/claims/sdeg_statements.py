"""SDEG statements that had no id: §1 (the score matrix under a shared right rotation; the cosine of independent
isotropic vectors), App. D.1 (the opening remark that pointwise collapse does not control the rank proxies, and the
displays of the proof of Thm 6), App. F.4 (small rank proxies from smooth decay) and App. F.5 (the head-resolved
ratios of Table 1).

Thm 6's statement is lost (seeds/README.md); its proof survives. Its symbols, read as the rest of the catalogue reads
them (sdeg.b.bulk-moments, sdeg.b.moment-conditions, sdeg.b.ideal-masses): for A = A_b = softmax(Σ) with the split
after k spikes, R_ℓ = k + 1 − c_ℓ, the bulk moments M_{p,ℓ} = Σ_{i>k} d_i^p and entropy moments
E_{p,ℓ} = Σ_{i>k} d_i^p log(1/d_i); the three lists of the proof, x_j = σ_j(A) (p = 1), x_j = σ_j(A)² (p = 2) and
x_j = λ_j(A) (p = 1), with total mass 𝒯_ℓ = Σ_j x_j; the mass defects Δ_{p,ℓ} = 𝒯_ℓ − R_ℓ − M_{p,ℓ} of the two
stable-rank masses tr A = srank_λ(A) (p = 1) and ‖A‖_F² = srank(A)·σ₁(A)² (p = 2); and the aggregate defect τ_ℓ, of
which the proof uses only M_{1,ℓ} ≤ τ_ℓ. The separation margins are those of the scores themselves,
1/f = max_{i≤k} ℓ/a_i and 1/g = max_{i>k} a_i/ℓ (theory.attention.separation_error), ε_ℓ = max(1/f, 1/g).
"""

from __future__ import annotations

import math

import numpy as np
import scipy.linalg
import scipy.special
import sympy as sp
from hypothesis import strategies as st

from specproof.checks import strategies as sst
from specproof.checks.claims.sdeg_b_common import BULK_BOUND, spike_bulk_family
from specproof.checks.claims.sdeg_b_moments import b_trace_frobenius_sympy, moment_terms
from specproof.checks.methods import (
    derivation,
    fmt,
    grid_check,
    open_evidence,
    property_search,
    series_text,
    step_series,
    sympy_identity,
    sympy_nonnegative,
)
from specproof.checks.rates import fit_rate, rate_evidence
from specproof.checks.registry import Context, Evidence, Source, Status, check, claim
from specproof.theory.attention import (
    bidirectional_eigenvalues,
    bidirectional_singular_values,
    canonical_weights,
    score_singular_values,
    separation_error,
)
from specproof.theory.entropy import entropy_terms
from specproof.theory.spectral import effective_rank, stable_rank

TESTS = "tests/test_statements.py"
EPS = float(np.finfo(np.float64).eps)


# =========================================================================== §1: the shared right rotation

@check
def right_rotation_sympy(ctx: Context) -> Evidence:
    """(QR)(KR)ᵀ = Q(RRᵀ)Kᵀ; a left rotation keeps SᵀS (hence σ(S)) but moves S itself (an exact witness)."""
    ell, d = sp.symbols("ell d", integer=True, positive=True)
    Q, K = sp.MatrixSymbol("Q", ell, d), sp.MatrixSymbol("K", ell, d)
    R, U = sp.MatrixSymbol("R", d, d), sp.MatrixSymbol("U", ell, ell)
    S = Q * K.T / sp.sqrt(d)
    rotated = (Q * R) * (K * R).T / sp.sqrt(d)
    left = U * Q * K.T
    Q2, K2, U2 = sp.Matrix([[1], [0]]), sp.Matrix([[1], [0]]), sp.Matrix([[0, 1], [1, 0]])
    S2 = Q2 * K2.T
    steps = [
        sympy_identity(sp.expand(rotated).subs(R * R.T, sp.Identity(d)), S,
                       what="(QR)(KR)ᵀ/√d_qk = Q(RRᵀ)Kᵀ/√d_qk = S for RRᵀ = I"),
        sympy_identity(sp.expand(left.T * left).subs(U.T * U, sp.Identity(ell)), (Q * K.T).T * (Q * K.T),
                       what="(US)ᵀ(US) = Sᵀ(UᵀU)S = SᵀS for UᵀU = I: a token-space rotation keeps the Gram matrix, hence σ(S)"),
        sympy_identity((U2 * S2 - S2)[1, 0], sp.Integer(1),
                       what="witness ℓ = 2, d_qk = 1, q₁ = k₁ = 1, q₂ = k₂ = 0, U the swap: (US − S)₂₁ = 1, so US ≠ S"),
    ]
    return derivation(steps, what="a shared right rotation preserves S; a left rotation Q ↦ UQ preserves its singular values "
                                   "but not S", ranges="every ℓ, d_qk, every orthogonal R (d_qk × d_qk) and U (ℓ × ℓ)")


@check
def right_rotation_float(ctx: Context) -> Evidence:
    """Seeded Q, K ∈ ℝ^{ℓ×d}, Haar R, U: S(QR, KR) = S(Q, K) and σ(S(UQ, K)) = σ(S) in floating point."""
    rng = np.random.default_rng(ctx.seed)
    cases = [(ell, d) for ell in (4, 16, 64) for d in (1, 8, 32)]

    def margin(case):
        ell, d = case
        Q, K = rng.standard_normal((ell, d)), rng.standard_normal((ell, d))
        R, U = np.linalg.qr(rng.standard_normal((d, d)))[0], np.linalg.qr(rng.standard_normal((ell, ell)))[0]
        S = Q @ K.T / math.sqrt(d)
        drift = np.max(np.abs((Q @ R) @ (K @ R).T / math.sqrt(d) - S)) / max(1.0, np.max(np.abs(S)))
        sv = np.max(np.abs(score_singular_values(U @ Q, K) - score_singular_values(Q, K))) / max(1.0, np.linalg.norm(S, 2))
        return -max(drift, sv)

    return grid_check(cases, margin, what="S(QR, KR) = S and σ(S(UQ, K)) = σ(S)", method="grid", exact=False,
                      ranges="ℓ ∈ {4, 16, 64}, d_qk ∈ {1, 8, 32}, seeded Gaussian Q, K and orthogonal R, U",
                      tolerance=lambda case: 40 * max(case) * EPS,
                      allowance="relative to max(1, ‖S‖): two matrix products of inner dimension ≤ max(ℓ, d) with "
                                "orthogonal factors (≤ 2·max(ℓ, d)·eps each), and two backward-stable QR + SVD score spectra "
                                "(≤ 10·max(ℓ, d)·eps each): ≤ 40·max(ℓ, d)·eps", role="supports")


claim(
    id="sdeg.setup.right-rotation",
    title="A shared right rotation preserves S; a token-space rotation preserves only its singular values",
    source=Source("SDEG", "§1", "shared right rotation"),
    statement=r"For $Q,K\in\mathbb R^{\ell\times d_{qk}}$, $S=QK^\top/\sqrt{d_{qk}}$ and orthogonal $R\in\mathrm O(d_{qk})$: "
              r"$(QR)(KR)^\top/\sqrt{d_{qk}}=S$. A left rotation $Q\mapsto UQ$, $U\in\mathrm O(\ell)$, maps $S$ to $US$, which "
              r"has the singular values of $S$ but is not $S$ in general.",
    checks=[right_rotation_sympy],
    cross_checks=[right_rotation_float],
    expected=Status.PROVED,
    reason="Matrix-expression identities in sympy for symbolic ℓ, d_qk: RRᵀ = I cancels inside (QR)(KR)ᵀ, and UᵀU = I "
           "inside (US)ᵀ(US); an exact 2 × 2 witness shows US ≠ S. Floating-point draws agree (cross-check).",
    prose="the singular values of S are the square roots of the eigenvalues of SᵀS (spectral theorem), so the checked "
          "equality (US)ᵀ(US) = SᵀS gives σ(US) = σ(S); for orthogonal R and U, RRᵀ = I and UᵀU = I by definition",
    tests=[f"{TESTS}::test_right_rotation_keeps_scores"],
)


# =========================================================================== §1: cosines of isotropic vectors

def sphere_cosine_tail(d: int, t: float) -> float:
    """P(|⟨u, v⟩| ≥ t) for independent uniform u, v on S^{d−1}: ⟨u, v⟩² ~ Beta(½, (d−1)/2)."""
    return float(scipy.special.betaincc(0.5, (d - 1) / 2, t * t))


@check
def cosine_moment_sympy(ctx: Context) -> Evidence:
    """E cos² = 1/d from exchangeability and sign symmetry; the Beta(½, (d−1)/2) law gives it too, with its variance;
    Chebyshev's bound 1/(dt²) → 0; the scaled Gaussian score has E S_ij² = 1."""
    from sympy.stats import Beta, E, variance

    d = sp.Symbol("d", integer=True, positive=True)
    i = sp.Symbol("i", integer=True, positive=True)
    m, t = sp.symbols("m t", positive=True)
    law = Beta("X", sp.Rational(1, 2), (d - 1) / 2)
    steps = [
        sympy_identity(sp.solve(sp.Eq(d * m, 1), m)[0], 1 / d,
                       what="Σ_i u_i² = 1 and exchangeability (E u_i² = m for every i): d·m = 1, so E u_i² = 1/d"),
        sympy_identity(sp.summation((1 / d) * (1 / d), (i, 1, d)), 1 / d,
                       what="E⟨u, v⟩² = Σ_{i,j} E[u_iu_j]E[v_iv_j] = Σ_i E u_i²·E v_i² (E u_iu_j = 0, i ≠ j, by u_i ↦ −u_i) = 1/d"),
        sympy_identity(E(law), 1 / d, what="the exact law ⟨u, v⟩² ~ Beta(½, (d−1)/2) has mean 1/d"),
        sympy_identity(variance(law), 2 * (d - 1) / (d**2 * (d + 2)), what="and variance 2(d−1)/(d²(d+2))"),
        sympy_identity(sp.limit(1 / (d * t**2), d, sp.oo), sp.Integer(0),
                       what="Chebyshev: P(|cos| ≥ t) ≤ E cos²/t² = 1/(dt²) → 0 as d → ∞, every t > 0"),
        sympy_identity(sp.summation(sp.Integer(1), (i, 1, d)) / d, sp.Integer(1),
                       what="q, k ~ N(0, I_d) independent: E S_ij² = E⟨q, k⟩²/d = Σ_i E q_i²·E k_i²/d = 1 — the scaled score "
                            "does not concentrate, only the angle does"),
    ]
    return derivation(steps, what="cos(q_i, k_j) → 0 in probability at the rate E cos² = 1/d for independent isotropic vectors",
                      ranges="every feature dimension d ≥ 2, every t > 0")


@check
def cosine_tail_grid(ctx: Context) -> Evidence:
    """The exact tail P(|cos| ≥ t) (regularised incomplete beta) under the cap bound 2e^{−dt²/2} and Chebyshev's 1/(dt²)."""
    dims = [2, 3, 4, 8, 16, 64, 256, 1024, 4096] + ([16384, 65536] if ctx.wide else [])
    cases = [(d, t) for d in dims for t in (0.01, 0.05, 0.1, 0.2, 0.3, 0.5, 0.7, 0.9)]

    def margin(case):
        d, t = case
        tail = sphere_cosine_tail(d, t)
        return min(2 * math.exp(-d * t * t / 2), 1 / (d * t * t)) - tail

    return grid_check(cases, margin, what="P(|cos| ≥ t) ≤ min(2e^{−dt²/2}, 1/(dt²))", method="grid", exact=False,
                      ranges=f"d ∈ {{{', '.join(map(str, dims))}}}, t ∈ {{0.01, …, 0.9}}", tolerance=1e-12,
                      allowance="scipy's regularised incomplete beta is accurate to ~1e-14 absolute on these arguments; "
                                "1e-12 covers it and the roundings of the two closed-form bounds",
                      role="supports")


@check
def cosine_monte_carlo(ctx: Context) -> Evidence:
    """Seeded draws of Gaussian and of radially rescaled (non-Gaussian, still isotropic) vectors: mean cos² against 1/d."""
    rng = np.random.default_rng(ctx.seed)
    draws = 20000 if ctx.wide else 4000
    cases = [(d, kind) for d in (2, 8, 64, 512) for kind in ("gaussian", "radial")]

    def margin(case):
        d, kind = case
        q, k = rng.standard_normal((draws, d)), rng.standard_normal((draws, d))
        if kind == "radial":  # isotropic but not Gaussian: the direction stays uniform, the norm is arbitrary
            q *= rng.exponential(1.0, (draws, 1)) / np.linalg.norm(q, axis=1, keepdims=True)
        cos2 = (np.sum(q * k, axis=1) / (np.linalg.norm(q, axis=1) * np.linalg.norm(k, axis=1))) ** 2
        sd = math.sqrt(2 * (d - 1) / (d * d * (d + 2)) / draws)  # exact standard deviation of the mean
        return 6 * sd - abs(float(cos2.mean()) - 1 / d)

    return grid_check(cases, margin, what="|mean cos² − 1/d| ≤ 6 standard errors", method="monte-carlo", exact=False,
                      ranges=f"d ∈ {{2, 8, 64, 512}}, {draws} seeded pairs each, Gaussian and radially rescaled",
                      role="supports")


claim(
    id="sdeg.setup.cosine-concentration",
    title="Cosines of independent isotropic vectors vanish at the rate E cos² = 1/d",
    source=Source("SDEG", "§1", "isotropic cosines"),
    statement=r"If $q,k\in\mathbb R^d$ are independent and isotropic (laws invariant under $\mathrm O(d)$, no atom at 0), then "
              r"$\cos(q,k)^2=\langle q,k\rangle^2/(\|q\|_2^2\|k\|_2^2)\sim\mathrm{Beta}(\tfrac12,\tfrac{d-1}2)$, so "
              r"$\mathbb E\cos^2=1/d$, $\operatorname{Var}\cos^2=\frac{2(d-1)}{d^2(d+2)}$ and "
              r"$\mathbb P(|\cos|\ge t)\le\min(1/(dt^2),\,2e^{-dt^2/2})\to0$: $\cos(q_i,k_j)\to0$ in probability as $d\to\infty$. "
              r"The scaled score does not concentrate: for $q,k\sim N(0,I_d)$, $\mathbb E S_{ij}^2=\mathbb E\langle q,k\rangle^2/d=1$.",
    checks=[cosine_moment_sympy],
    cross_checks=[cosine_tail_grid, cosine_monte_carlo],
    expected=Status.PROVED,
    reason="E cos² = 1/d by exchangeability and sign symmetry (sympy), matching the mean of the exact Beta law; Chebyshev "
           "then gives convergence in probability. The cap bound 2e^{−dt²/2} (concentration) is checked against the exact "
           "Beta tail on a grid and the moment by seeded Monte Carlo, also for a non-Gaussian isotropic law.",
    prose="isotropy of q and k (no atom at 0) makes u = q/‖q‖ and v = k/‖k‖ independent and uniform on S^{d−1}, so "
          "cos = ⟨u, v⟩ and, conditioning on v, ⟨u, v⟩ has the law of u₁ (rotation invariance); u₁² ~ Beta(½, (d−1)/2) "
          "(e.g. Muirhead, Aspects of Multivariate Statistical Theory, Thm 1.5.7); Chebyshev's inequality; the cap bound "
          "σ({u₁ ≥ t}) ≤ e^{−dt²/2} is Ball's Lemma 2.2 (An elementary introduction to modern convex geometry, 1997)",
    notes=["interpretive"],
    tests=[f"{TESTS}::test_sphere_cosine_tail_matches_monte_carlo"],
)


# =========================================================================== App. D.1 opening remark: an instance

INSTANCE_K = 3
INSTANCE_LEVELS = 32


def collapse_instance(ell: int, k: int = INSTANCE_K, levels: int = INSTANCE_LEVELS, top: float = BULK_BOUND) -> np.ndarray:
    """k spikes at 2 log ℓ (e^{s} = ℓ², f = ℓ) and a bulk U[0, top] realised as the midpoints of ``levels`` equal cells,
    in turn (deterministic: the bulk moments converge to the integrals' midpoint sums)."""
    mids = top * (np.arange(levels) + 0.5) / levels
    bulk = np.sort(mids[np.arange(ell - k) % levels])[::-1]
    return np.concatenate([np.full(k, 2 * math.log(ell)), bulk])


def instance_limits(k: int = INSTANCE_K, levels: int = INSTANCE_LEVELS, top: float = BULK_BOUND) -> dict:
    """ℓ → ∞ limits of the instance: tr A_b → k + mean e^{s} over the bulk levels, M₁ → mean(e^{s} − 1), and the
    exponent θ = M₁/(k + 1 + M₁) of erank₁ ≍ ℓ^θ (log erank₁ = log 𝒯 + E₁/𝒯 with E₁ ~ M₁ log ℓ)."""
    mids = top * (np.arange(levels) + 0.5) / levels
    m1 = float(np.mean(np.expm1(mids)))
    return {"trace": k + 1 + m1, "M1": m1, "theta": m1 / (k + 1 + m1), "continuum_trace": k + (math.exp(top) - 1) / top}


def rank_proxy_row(s: np.ndarray, k: int) -> dict:
    """Every proxy and bulk moment of A_b = softmax(diag s) split after k spikes."""
    d, z = canonical_weights(s)
    sv = bidirectional_singular_values(s)
    bulk = d[k:]
    m1, e1 = (float(np.sum(t)) for t in moment_terms(bulk, 1))
    m2, e2 = (float(np.sum(t)) for t in moment_terms(bulk, 2))
    return {"srank": stable_rank(sv), "erank2": effective_rank(sv, 2), "erank1": effective_rank(sv, 1),
            "trace": float(np.sum(d + z)), "bulk_sv": float(sv[k + 1]) if sv.size > k + 1 else 0.0,
            "M1": m1, "E1": e1, "M2": m2, "E2": e2}


def instance_sizes(ctx: Context) -> np.ndarray:
    return 4 ** np.arange(3, 11 if ctx.wide else 9)


@check
def collapse_instance_sweep(ctx: Context) -> Evidence:
    """Bulk U[0, 2], k = 3: every bulk singular value ≤ (e² − 1)/ℓ → 0, the quadratic moments vanish and srank, erank₂ → 4,
    but M₁ → 2.19, tr A_b = srank_λ → 6.19 ≠ 4 and erank₁ grows like ℓ^θ."""
    sizes = instance_sizes(ctx)
    k = INSTANCE_K
    rows = [rank_proxy_row(collapse_instance(int(n)), k) for n in sizes]
    lim = instance_limits()
    col = {key: np.array([r[key] for r in rows]) for key in rows[0]}
    cap = (math.exp(BULK_BOUND) - 1) / sizes
    series = [step_series("|srank − (k+1)|", sizes, np.abs(col["srank"] - (k + 1)), "decreasing"),
              step_series("|erank₂ − (k+1)|", sizes, np.abs(col["erank2"] - (k + 1)), "decreasing"),
              step_series("|tr A_b − lim|", sizes, np.abs(col["trace"] - lim["trace"]), "decreasing"),
              step_series("M₂ + E₂", sizes, col["M2"] + col["E2"], "decreasing"),
              step_series("erank₁", sizes, col["erank1"], "increasing")]
    fit = fit_rate(sizes, col["erank1"], lambda x: x ** lim["theta"], f"ℓ^{fmt(lim['theta'])}",
                   competitors={"1": lambda x: np.ones_like(x, dtype=float), "log ℓ": np.log})
    rate = rate_evidence(fit, what=f"erank₁ = Θ(ℓ^θ), θ = M₁/(k+1+M₁) = {fmt(lim['theta'])}", ranges="")
    collapse = bool(np.all(col["bulk_sv"] <= cap * (1 + 1e-9)))
    off = [s for s in series if s["against"]]
    summary = (f"k = 3, spikes at 2 log ℓ, bulk U[0, 2] (32 midpoint levels), ℓ = {sizes[0]}…{sizes[-1]}: "
               f"σ_(k+2) ≤ (e²−1)/ℓ at every ℓ: {collapse} ({fmt(col['bulk_sv'][0])} → {fmt(col['bulk_sv'][-1])}); "
               f"M₂ = {fmt(col['M2'][0])} → {fmt(col['M2'][-1])}, E₂ = {fmt(col['E2'][0])} → {fmt(col['E2'][-1])}, so "
               f"srank = {fmt(col['srank'][0])} → {fmt(col['srank'][-1])} and erank₂ = {fmt(col['erank2'][0])} → "
               f"{fmt(col['erank2'][-1])} approach k + 1 = 4; but M₁ = {fmt(col['M1'][0])} → {fmt(col['M1'][-1])} "
               f"(limit {fmt(lim['M1'])}), so tr A_b = srank_λ = {fmt(col['trace'][0])} → {fmt(col['trace'][-1])} "
               f"(limit k + 1 + M₁ = {fmt(lim['trace'])}; continuum U[0, 2]: {fmt(lim['continuum_trace'])}), and "
               f"E₁ = {fmt(col['E1'][0])} → {fmt(col['E1'][-1])} (E₁/log ℓ = {fmt(col['E1'][0] / math.log(sizes[0]))} → "
               f"{fmt(col['E1'][-1] / math.log(sizes[-1]))}, tending to M₁), so erank₁ = {fmt(col['erank1'][0])} → "
               f"{fmt(col['erank1'][-1])} (at ℓ = 4096: srank {fmt(col['srank'][3])}, erank₂ {fmt(col['erank2'][3])}, "
               f"tr {fmt(col['trace'][3])}, erank₁ {fmt(col['erank1'][3])}); " + "; ".join(series_text(s) for s in series)
               + f"; {rate.summary}")
    status = Status.VERIFIED if collapse and not off and rate.status is Status.VERIFIED else Status.REFUTED
    data = {"sizes": sizes.tolist(), **{key: v.tolist() for key, v in col.items()}, "limits": lim, "series": series}
    if status is Status.REFUTED:
        return Evidence(status, "sweep", summary, ranges="ℓ = 4^3…", counterexample=data, data=data)
    return Evidence(status, "sweep", summary, ranges=f"ℓ = {sizes[0]}…{sizes[-1]} (powers of 4)", worst_margin=0.0,
                    sharpest=rate.sharpest, data=data)


claim(
    id="sdeg.b.collapse-vs-proxies",
    title="Pointwise collapse does not control the rank proxies: srank needs M₂, srank_λ M₁, erank the entropy moments",
    source=Source("SDEG", "App. D.1", "opening remark"),
    statement=r"The bulk singular values of $A_b$ can all tend to 0 while the rank proxies do not approach $k+1$: "
              r"$\mathrm{srank}$ is decided by the quadratic bulk mass $M_{2,\ell}$, $\mathrm{srank}_\lambda=\mathrm{tr}\,A_b$ by "
              r"the linear mass $M_{1,\ell}$, the entropy ranks by $E_{p,\ell}$. Instance: $k=3$ spikes at $2\log\ell$ and a "
              r"bulk uniform on $[0,2]$: every bulk singular value is $\le(e^2-1)/\ell$, $M_{2,\ell},E_{2,\ell}\to0$ and "
              r"$\mathrm{srank},\mathrm{erank}_2\to4$, but $M_{1,\ell}\to\frac{e^2-1}2-1\approx2.19$, so "
              r"$\mathrm{srank}_\lambda(A_b)\to k+\frac{e^2-1}2\approx6.19$, and $E_{1,\ell}\sim M_{1,\ell}\log\ell$, so "
              r"$\mathrm{erank}_1(A_b)\asymp\ell^{\theta}\to\infty$ with $\theta=M_{1}/(k+1+M_{1})\approx0.354$.",
    checks=[collapse_instance_sweep],
    expected=Status.VERIFIED,
    unproved="a float sweep of one instance (the referee's k = 3, bulk U[0, 2]); the interlacing bound under it is proved, but the proxies' limits (srank → 4, erank₁ ~ ℓ^0.354) are read, not derived",
    reason="A float sweep of the instance (the referee's k = 3, bulk U[0, 2], realised by 32 midpoint levels so the "
           "reduced spectra are exact and fast): the bulk singular values sit under (e²−1)/ℓ (interlacing), srank and "
           "erank₂ approach 4 at every step while tr A_b approaches k + 1 + M₁ ≈ 6.19 and erank₁ grows like ℓ^0.354 "
           "(flat ratio). The referee's figures (3.90, 4.03, 6.18, 16.8 → 78.2 at ℓ = 64…4096) are matched up to the bulk "
           "realisation: here 3.90, 4.03, 6.19 and 15.8 → 78.6.",
    uses=["sdeg.b.bulk-moments", "sdeg.b.trace-rank", "sdeg.b.sv-interlace", "sdeg.b.bulk-d"],
    notes=["interpretive"],
    tests=[f"{TESTS}::test_collapse_instance_limits"],
)


# =========================================================================== Thm 6: masses and mass defects

THM6_LOST = ("The statement of Thm 6 (App. D.1) is lost. Its proof's symbols are reconstructed as in sdeg.b.bulk-moments "
             "(M_{p,ℓ} = Σ_{i>k} d_i^p, E_{p,ℓ} = Σ_{i>k} d_i^p log(1/d_i), R_ℓ = k + 1 − c_ℓ), with the three lists "
             "x_j = σ_j (p = 1), σ_j² (p = 2), λ_j (p = 1) and 𝒯_ℓ = Σ_j x_j; Δ_{p,ℓ} is read as the mass defect "
             "𝒯_ℓ − R_ℓ − M_{p,ℓ} of tr A (p = 1) and ‖A‖_F² (p = 2); τ_ℓ (the 'aggregate defect') is used only through "
             "M_{1,ℓ} ≤ τ_ℓ, so it is reconstructed as any such quantity (τ_ℓ = M_{1,ℓ} at the least).")


def _margins(s: np.ndarray, k: int) -> tuple[float, float, float]:
    """(1/f, 1/g, ε) of a split, 0 for an empty part."""
    inv_f, inv_g = separation_error(s, k)
    return inv_f, inv_g, max(inv_f, inv_g)


@check
def thm6_mass_defects_sympy(ctx: Context) -> Evidence:
    """Δ₁ = −M₁/ℓ − (ℓ−1)Σ_(i≤k) z_i and Δ₂ = −(1 − 1/ℓ)(k − Σ_(i≤k) d_i²) − M₂/ℓ, each in [−(k+1)ε·const, 0]."""
    k, ell, M1, M2, Z, S, f, g, n, j = sp.symbols("k ell M1 M2 Z S f g n j", positive=True)
    R = k + 1 - k / ell
    m = sp.Symbol("m", nonnegative=True)
    steps = [
        b_trace_frobenius_sympy(ctx),
        sympy_identity(k - Z + (ell - k) / ell + (1 - 1 / ell) * M1 - R - M1, -M1 / ell - Z,
                       what="summing the rows: tr A_b − R_ℓ − M_{1,ℓ} = Δ_{1,ℓ} = −M_{1,ℓ}/ℓ − (ℓ−1)Σ_(i≤k) z_i (Z the last sum)"),
        sympy_nonnegative((1 / g - n / ((k + n) * g)), [k, n, g],
                          what="M_{1,ℓ}/ℓ ≤ (ℓ−k)/(ℓg) ≤ 1/g (ℓ = k + n, d_i ≤ a_i/ℓ ≤ 1/g in the bulk)"),
        sympy_identity(1 + (1 - 1 / ell) * (S + M2) - R - M2, -(1 - 1 / ell) * (k - S) - M2 / ell,
                       what="‖A_b‖_F² − R_ℓ − M_{2,ℓ} = Δ_{2,ℓ} = −(1 − 1/ℓ)(k − Σ_(i≤k) d_i²) − M_{2,ℓ}/ℓ (S the spike sum)"),
        sympy_nonnegative(2 / f - (1 - (1 - 1 / f) ** 2), [f],
                          what="k − Σ_(i≤k) d_i² ≤ k(1 − (1 − 1/f)²) ≤ 2k/f (1 − d_i = ℓz_i ≤ 1/f), and ≥ 0 (d_i ≤ 1)"),
        sympy_nonnegative((2 * (k + 1 - k / ell) - (k + 1)).subs({k: 1 + j, ell: 1 + j + n}), [j, n],
                          what="k + 1 ≤ 2R_ℓ for 1 ≤ k ≤ ℓ (k = 1 + j, ℓ = k + n; k = 0 gives R = 1 = k + 1), so "
                               "|Δ_{1,ℓ}| ≤ 1/g + k/f ≤ (k+1)ε_ℓ ≤ 2ε_ℓR_ℓ and |Δ_{2,ℓ}| ≤ 2k/f + 1/g² ≤ 4ε_ℓR_ℓ (ε_ℓ ≤ 1)"),
        sympy_identity((R + m + sp.Symbol("D")) / (R + m) - 1, sp.Symbol("D") / (R + m),
                       what="(R + M + Δ)/(R + M) − 1 = Δ/(R + M), and |Δ|/(R + M) ≤ |Δ|/R_ℓ (M ≥ 0)"),
    ]
    return derivation(steps, what="the mass defects: −(1/g + k/f) ≤ Δ_{1,ℓ} ≤ 0 and −(2k/f + 1/g²) ≤ Δ_{2,ℓ} ≤ 0, so "
                                   "srank_λ(A_b) = (R_ℓ + M_{1,ℓ})(1 + θ₁) and srank(A_b)σ₁(A_b)² = (R_ℓ + M_{2,ℓ})(1 + θ₂) with "
                                   "|θ₁| ≤ 2ε_ℓ, |θ₂| ≤ 4ε_ℓ",
                      ranges="every ℓ, 0 ≤ k ≤ ℓ, sorted scores ≥ 0, margins f, g ≥ 1 of the scores themselves")


def _defect_margin(value) -> float:
    s, k = value
    ell = s.size
    d, z = canonical_weights(s)
    inv_f, inv_g, _ = _margins(s, k)
    R = k + 1 - k / ell
    m1, m2 = float(np.sum(d[k:])), float(np.sum(d[k:] ** 2))
    delta1 = float(np.sum(d + z)) - R - m1
    delta2 = 1 + (1 - 1 / ell) * float(np.sum(d**2)) - R - m2
    fro = float(np.sum(bidirectional_singular_values(s) ** 2)) - R - m2
    return min(-delta1, delta1 + inv_g + k * inv_f, -delta2, delta2 + 2 * k * inv_f + inv_g**2, -abs(fro - delta2))


@check
def thm6_mass_defects_search(ctx: Context) -> Evidence:
    """Δ₁ ∈ [−(1/g + k/f), 0], Δ₂ ∈ [−(2k/f + 1/g²), 0], and Σσ_j² equals the closed-form ‖A_b‖_F²."""
    return property_search(sst.spike_bulk_split(48), _defect_margin, ctx=ctx, examples=200,
                           tolerance=lambda v: 20 * v[0].size * EPS * (v[0].size + 2),
                           allowance="sums of ℓ diagonal entries and ℓ weights d_i, each with a few eps relative error, "
                                     "and ℓ squared singular values (each within 10·ℓ·eps·‖A_b‖, ‖A_b‖ ≤ 2, doubled by the "
                                     "square): ≤ 20·ℓ·(ℓ + 2)·eps",
                           what="the mass defects against their bounds", ranges="ℓ ≤ 48, sorted nonnegative scores, every split k",
                           role="supports")


claim(
    id="sdeg.b.mass-defects",
    title="Thm 6: the mass defects Δ_{p,ℓ} are o(R_ℓ), hence the two stable-rank equivalences",
    source=Source("SDEG", "App. D.1", "Thm 6 (proof)"),
    statement=r"With $\Delta_{1,\ell}=\mathrm{tr}\,A_b-R_\ell-M_{1,\ell}$ and $\Delta_{2,\ell}=\|A_b\|_F^2-R_\ell-M_{2,\ell}$: "
              r"$-(1/g+k/f)\le\Delta_{1,\ell}\le0$ and $-(2k/f+1/g^2)\le\Delta_{2,\ell}\le0$, so $|\Delta_{p,\ell}|\le4\varepsilon_\ell R_\ell"
              r"=o(R_\ell)$ under separation, and $\Delta_{p,\ell}=o(R_\ell)$ gives the two stable-rank equivalences "
              r"$\mathrm{srank}_\lambda(A_b)=\mathrm{tr}\,A_b\sim R_\ell+M_{1,\ell}$ and "
              r"$\mathrm{srank}(A_b)\,\sigma_1(A_b)^2=\|A_b\|_F^2\sim R_\ell+M_{2,\ell}$; with $k=o(\ell)$, $\sigma_1(A_b)\to1$ and "
              r"$\mathrm{srank}(A_b)\sim R_\ell+M_{2,\ell}$.",
    checks=[thm6_mass_defects_sympy],
    cross_checks=[thm6_mass_defects_search],
    expected=Status.PROVED,
    reason="The row identities of sdeg.b.bulk-moments summed (sympy), the termwise bounds (ℓ−1)z_i ≤ 1/f, 1 − d_i ≤ 1/f, "
           "d_i ≤ 1/g with sign certificates, k + 1 ≤ 2R_ℓ, and the relative step Δ/(R + M) ≤ Δ/R; a property search over "
           "spike–bulk splits confirms the bounds and the Frobenius closed form against the singular values.",
    prose="summing the per-row identities over the k spike rows and the ℓ − k bulk rows; the termwise bounds summed over "
          "at most k spike and ℓ − k bulk terms; srank_λ(A_b) = tr A_b (sdeg.b.trace-rank) and ‖A_b‖_F² = srank·σ₁² by "
          "definition; the last step uses σ₁(A_b) → 1 when k = o(ℓ) (|σ₁ − α₊(c_ℓ)| ≤ 2ε_ℓ and α₊ = 1 + O(√c_ℓ), "
          "sdeg.b.sv-leading)",
    uses=["sdeg.b.bulk-moments", "sdeg.b.trace-rank", "sdeg.b.sv-leading", "sdeg.b.eigen-profile"],
    notes=["reconstructed"],
    lost=THM6_LOST,
    tests=[f"{TESTS}::test_mass_defects_vanish_under_separation"],
)


# =========================================================================== Thm 6: the total masses of the three lists

@check
def thm6_ideal_mass_gap_sympy(ctx: Context) -> Evidence:
    """0 ≤ N*_ℓ − R_ℓ = √(4−3c) − 2 + c ≤ c/4 ≤ R_ℓ/(4ℓ): with y = √(4 − 3c) ∈ [1, 2] both sides are squares or products
    of signed factors."""
    y = sp.Symbol("y", positive=True)
    c = (4 - y**2) / 3
    gap = y - 2 + c
    u, v, k, n = sp.symbols("u v k n", nonnegative=True)
    steps = [
        sympy_identity(gap, (y - 1) * (2 - y) / 3, what="N* − R = √(4−3c) − 2 + c = (y − 1)(2 − y)/3 ≥ 0 for y = √(4−3c) ∈ [1, 2]"),
        sympy_identity(c / 4 - gap, (1 - y / 2) ** 2, what="c/4 − (N* − R) = (1 − y/2)² ≥ 0"),
        sympy_nonnegative((k + 1 - k / (k + n)) / (4 * (k + n)) - k / (4 * (k + n)), [k, n],
                          what="c/4 = k/(4ℓ) ≤ R_ℓ/(4ℓ) (R_ℓ ≥ k), ℓ = k + n"),
    ]
    return derivation(steps, what="the ideal singular mass N*_ℓ = R_ℓ(1 + O(1/ℓ)): 0 ≤ N*_ℓ − R_ℓ ≤ R_ℓ/(4ℓ)",
                      ranges="every ℓ ≥ 1, 0 ≤ k ≤ ℓ")


def _total_mass_margin(value) -> float:
    """The three lists' totals against R_ℓ + M_{p,ℓ}: σ² and λ within the defect bounds, σ within
    2ε(k+1) + 2/g + R/(4ℓ) (head: |σ_j − σ*_j| ≤ 2ε, sdeg.b.sv-leading; tail: the interlacing sandwich)."""
    s, k = value
    ell = s.size
    d, _ = canonical_weights(s)
    inv_f, inv_g, eps = _margins(s, k)
    R = k + 1 - k / ell
    m1, m2 = float(np.sum(d[k:])), float(np.sum(d[k:] ** 2))
    sv = bidirectional_singular_values(s)
    lam = bidirectional_eigenvalues(s)
    return min(inv_g + k * inv_f - abs(float(np.sum(lam)) - R - m1),
               2 * k * inv_f + inv_g**2 - abs(float(np.sum(sv**2)) - R - m2),
               2 * eps * min(k + 1, ell) + 2 * inv_g + R / (4 * ell) - abs(float(np.sum(sv)) - R - m1))


@check
def thm6_total_mass_search(ctx: Context) -> Evidence:
    """|𝒯_ℓ − R_ℓ − M_{p,ℓ}| under its non-asymptotic bound for the three lists, over spike–bulk splits."""
    return property_search(sst.spike_bulk_split(48), _total_mass_margin, ctx=ctx, examples=200,
                           tolerance=lambda v: 40 * v[0].size * EPS * (v[0].size + 2),
                           allowance="ℓ eigenvalues and singular values from backward-stable symmetric solvers, each within "
                                     "10·ℓ·eps·‖·‖ (norms ≤ 2), squared or not, and ℓ weights d_i: ≤ 40·ℓ·(ℓ + 2)·eps",
                           what="|𝒯_ℓ − R_ℓ − M_{p,ℓ}| ≤ its bound for x = σ, σ², λ",
                           ranges="ℓ ≤ 48, sorted nonnegative scores, every split k")


claim(
    id="sdeg.b.total-masses",
    title="Thm 6: each list's total mass is 𝒯_ℓ = R_ℓ + M_{p,ℓ} + o(R_ℓ)",
    source=Source("SDEG", "App. D.1", "Thm 6 (proof)"),
    statement=r"For $x_j=\lambda_j(A_b)$ and $x_j=\sigma_j(A_b)^2$ the total $\mathcal T_\ell=\sum_jx_j$ is within "
              r"$1/g+k/f$, resp. $2k/f+1/g^2$, of $R_\ell+M_{p,\ell}$; for $x_j=\sigma_j(A_b)$ it is within "
              r"$2\varepsilon_\ell(k+1)+2/g+R_\ell/(4\ell)\le(6\varepsilon_\ell+\frac1{4\ell})R_\ell$ of $R_\ell+M_{1,\ell}$ (the ideal "
              r"mass $N^\star_\ell$ satisfies $0\le N^\star_\ell-R_\ell\le R_\ell/(4\ell)$). Hence "
              r"$\mathcal T_\ell=R_\ell+M_{p,\ell}+o(R_\ell)$ under spectral separation, for all three lists.",
    checks=[thm6_ideal_mass_gap_sympy, thm6_total_mass_search],
    expected=Status.VERIFIED,
    unproved="the singular-value list rests on sdeg.b.sv-leading's head bound, searched over spike–bulk splits; no written argument makes that search every split",
    reason="Exact: N*_ℓ − R_ℓ ∈ [0, R_ℓ/(4ℓ)] (sympy, with y = √(4 − 3c)), and the two trace-type lists are the mass "
           "defects of sdeg.b.mass-defects. The singular-value list rests on the head bound |σ_j − σ*_j| ≤ 2ε_ℓ of "
           "sdeg.b.sv-leading (a property search there) and the interlacing tails; the three bounds are searched over "
           "spike–bulk splits.",
    uses=["sdeg.b.mass-defects", "sdeg.b.sv-leading", "sdeg.b.ideal-masses", "sdeg.b.bulk-moments", "sdeg.b.sv-interlace"],
    notes=["reconstructed"],
    lost=THM6_LOST,
    tests=[f"{TESTS}::test_mass_defects_vanish_under_separation"],
)


# =========================================================================== Thm 6: entropy sums and entropy ranks

def thm6_families(ctx: Context) -> dict:
    """Separated families with bounded bulk in [0, 2]: fixed k (f = √ℓ), k = ⌊√ℓ⌋ and k = ℓ/4 (f = log ℓ, R_ℓ → ∞), and the
    collapse instance of App. D.1 (M₁ ↛ 0)."""
    return {"k = 3, f = √ℓ": (lambda n: spike_bulk_family(n, 3, math.sqrt(n)), lambda n: 3),
            "k = ⌊√ℓ⌋, f = log ℓ": (lambda n: spike_bulk_family(n, math.isqrt(n), math.log(n)), math.isqrt),
            "k = ℓ/4, f = log ℓ": (lambda n: spike_bulk_family(n, n // 4, math.log(n)), lambda n: n // 4),
            "App. D.1 instance": (collapse_instance, lambda n: INSTANCE_K)}


LISTS = (("σ", 1), ("σ²", 2), ("λ", 1))


def thm6_list_terms(s: np.ndarray, k: int) -> dict:
    """Per list (x, p): 𝒯, Σ x log x, M_p, E_p, R and the entropy rank exp(H(x/𝒯))."""
    ell = s.size
    d, _ = canonical_weights(s)
    sv = bidirectional_singular_values(s)
    lam = np.clip(bidirectional_eigenvalues(s), 0.0, None)
    R = k + 1 - k / ell
    out = {}
    for (name, p), x in zip(LISTS, (sv, sv**2, lam)):
        mass, entropy = (float(np.sum(t)) for t in moment_terms(d[k:], p))
        total = float(np.sum(x))
        xlogx = -float(np.sum(entropy_terms(x)))
        out[name] = {"p": p, "T": total, "xlogx": xlogx, "M": mass, "E": entropy, "R": R,
                     "erank": float(np.exp(np.sum(entropy_terms(x / total))))}
    return out


def _sweep_series(ctx: Context, value, what: str, name: str) -> Evidence:
    """|value(terms)| along every family and list decreases over the upper half of the sweep (each step from the middle
    on) and its last value is below its first; the values are rendered at the ends."""
    sizes = instance_sizes(ctx)
    half = len(sizes) // 2
    parts, bad, data, read = [], [], {}, []
    for fam, (scores, spikes) in thm6_families(ctx).items():
        rows = [thm6_list_terms(scores(int(n)), spikes(int(n))) for n in sizes]
        for lst, _ in LISTS:
            y = np.array([abs(value(r[lst])) for r in rows])
            series = step_series(f"{name} [{lst}, {fam}]", sizes[half - 1:], y[half - 1:], "decreasing")
            read.append(series)
            data[f"{fam} | {lst}"] = y.tolist()
            parts.append(f"{lst}, {fam}: {fmt(y[0])} → {fmt(y[-1])}")
            if series["against"] or not y[-1] < y[0]:
                bad.append(series_text(series))
    summary = f"{what}: " + "; ".join(parts)
    ranges = f"ℓ = {sizes[0]}…{sizes[-1]} (powers of 4), bounded bulk in [0, {fmt(BULK_BOUND)}]; families: " + \
             ", ".join(thm6_families(ctx))
    if bad:
        return Evidence(Status.REFUTED, "sweep", summary + "; not decreasing: " + "; ".join(bad), ranges=ranges,
                        counterexample={"values": data}, data={"values": data, "series": read})
    return Evidence(Status.VERIFIED, "sweep", summary + " (each decreasing at every step of the upper half)", ranges=ranges,
                    worst_margin=0.0, data={"values": data, "series": read})


@check
def thm6_entropy_sums_sweep(ctx: Context) -> Evidence:
    """(Σ_j x_j log x_j + pE_{p,ℓ})/R_ℓ → 0 for the three lists along four separated families."""
    return _sweep_series(ctx, lambda t: (t["xlogx"] + t["p"] * t["E"]) / t["R"],
                         what="|Σ_j x_j log x_j + pE_{p,ℓ}|/R_ℓ", name="entropy defect")


@check
def thm6_entropy_head_sympy(ctx: Context) -> Evidence:
    """The ideal head's entropy terms vanish or are bounded: α₊², α₋² → 1 as c → 0 (so their x log x → 0), and every
    head value lies in [0, 4/3] (a₊(c) ≤ 4/3), where |x log x| ≤ (4/3)log(4/3) + 1/e."""
    c = sp.Symbol("c", positive=True)
    root = sp.sqrt(c * (4 - 3 * c))
    a_plus, a_minus = (2 - c + root) / 2, (2 - c - root) / 2
    steps = [
        sympy_identity(sp.limit(a_plus, c, 0, "+"), sp.Integer(1), what="a₊(c) → 1 as c → 0"),
        sympy_identity(sp.limit(a_minus, c, 0, "+"), sp.Integer(1), what="a₋(c) → 1 as c → 0"),
        sympy_identity((sp.Rational(2, 3) + c) ** 2 - c * (4 - 3 * c), 4 * (c - sp.Rational(1, 3)) ** 2,
                       what="(2/3 + c)² − c(4 − 3c) = 4(c − 1/3)² ≥ 0, so a₊(c) ≤ 4/3 (equality at c = 1/3)"),
    ]
    return derivation(steps, what="the ideal head entropy moments are o(R_ℓ): each of the k + 1 head values tends to 1 when "
                                   "c_ℓ → 0, and is bounded (R_ℓ → ∞) otherwise", ranges="every c ∈ (0, 1]",
                      role="supports")


claim(
    id="sdeg.b.entropy-sums",
    title="Thm 6: the lists' entropy sums are Σ_j x_j log x_j = −pE_{p,ℓ} + o(R_ℓ)",
    source=Source("SDEG", "App. D.1", "Thm 6 (proof)"),
    statement=r"Under spectral separation, for $x_j=\sigma_j(A_b)$ ($p=1$), $\sigma_j(A_b)^2$ ($p=2$) and $\lambda_j(A_b)$ "
              r"($p=1$): $\sum_jx_j\log x_j=-pE_{p,\ell}+o(R_\ell)$.",
    checks=[thm6_entropy_sums_sweep],
    cross_checks=[thm6_entropy_head_sympy],
    expected=Status.VERIFIED,
    unproved="the o(R_ℓ) defect is read from float sweeps along four families; the head part is sympy, the tail's rate is not derived",
    reason="Float sweeps along four separated families (fixed k; k = ⌊√ℓ⌋ and k = ℓ/4 with R_ℓ → ∞; the App. D.1 instance "
           "whose M₁ does not vanish): the defect divided by R_ℓ falls at every step of the upper half, like ε_ℓ (slowly, "
           "1/log ℓ, for f = log ℓ). The head part: the ideal head values tend to 1 when c_ℓ → 0 and are bounded by 4/3 "
           "(sympy), so their entropy terms are o(R_ℓ) either way; the tail is E_{p,ℓ} + o(1) by sdeg.b.bulk-moments.",
    uses=["sdeg.b.bulk-moments", "sdeg.b.sv-leading", "sdeg.b.eigen-profile", "sdeg.b.total-masses"],
    notes=["reconstructed"],
    lost=THM6_LOST,
    tests=[f"{TESTS}::test_entropy_rank_identity"],
)


@check
def thm6_erank_identity_sympy(ctx: Context) -> Evidence:
    """H(x/𝒯) = log 𝒯 − (Σ x log x)/𝒯 term by term, so erank = 𝒯·exp(−Σ x log x/𝒯); and the limit form."""
    x, T, W, r, mu, e = sp.symbols("x T W r mu e", positive=True)
    steps = [
        sympy_identity(sp.expand_log(-(x / T) * sp.log(x / T), force=True), (x / T) * sp.log(T) - (x / T) * sp.log(x),
                       what="−(x_j/𝒯)log(x_j/𝒯) = (x_j/𝒯)log 𝒯 − (x_j/𝒯)log x_j; summed with Σ_j x_j/𝒯 = 1: H = log 𝒯 − W/𝒯, "
                            "W = Σ_j x_j log x_j"),
        sympy_identity(sp.exp(sp.log(T) - W / T), T * sp.exp(-W / T), what="erank(x) = exp(H) = 𝒯·exp(−W/𝒯)"),
        sympy_identity(sp.limit(r * (1 + mu / r) * sp.exp(e / (r * (1 + mu / r))) / r, r, sp.oo), sp.Integer(1),
                       what="with 𝒯 = R(1 + o(1)) and −W = pE + o(R) = o(R) (M_{p,ℓ}, E_{p,ℓ} = o(R_ℓ)): erank/R_ℓ → 1 "
                            "(μ, e the bounded relative and absolute errors)"),
    ]
    return derivation(steps, what="erank(x) = 𝒯_ℓ·exp((pE_{p,ℓ} + o(R_ℓ))/𝒯_ℓ) with 𝒯_ℓ = R_ℓ + M_{p,ℓ} + o(R_ℓ); if "
                                   "M_{p,ℓ} = o(R_ℓ) and E_{p,ℓ} = o(R_ℓ), erank(x) = R_ℓ(1 + o(1)) = (k + 1)(1 + o(1))",
                      ranges="every positive list x; the limit for R_ℓ → ∞ or bounded with the errors → 0")


@check
def thm6_erank_sweep(ctx: Context) -> Evidence:
    """log erank − log Ê, Ê = (R_ℓ + M_{p,ℓ})exp(pE_{p,ℓ}/(R_ℓ + M_{p,ℓ})), equals log(𝒯/(R + M)) + (−W/𝒯 − pE/(R + M)) exactly
    (W = Σ x log x): its size is at most B = |log(𝒯/(R + M))| + |W/𝒯 + pE/(R + M)|, and B falls at every step along the
    four families (the defect itself may change sign, B cannot hide that)."""
    sizes = instance_sizes(ctx)
    parts, bad, data, read = [], [], {}, []
    worst = math.inf
    for fam, (scores, spikes) in thm6_families(ctx).items():
        rows = [thm6_list_terms(scores(int(n)), spikes(int(n))) for n in sizes]
        for lst, _ in LISTS:
            err, bound = [], []
            for r in rows:
                t = r[lst]
                base = t["R"] + t["M"]
                err.append(abs(math.log(t["erank"]) - math.log(base) - t["p"] * t["E"] / base))
                bound.append(abs(math.log(t["T"] / base)) + abs(t["xlogx"] / t["T"] + t["p"] * t["E"] / base))
            err, bound = np.array(err), np.array(bound)
            tol = 64 * sizes * EPS * (1 + np.log(sizes))
            worst = min(worst, float(np.min(bound - err)))
            series = step_series(f"B [{lst}, {fam}]", sizes, bound, "decreasing")
            read.append(series)
            data[f"{fam} | {lst}"] = {"error": err.tolist(), "bound": bound.tolist()}
            parts.append(f"{lst}, {fam}: |log erank − log Ê| {fmt(err[0])} → {fmt(err[-1])} ≤ B {fmt(bound[0])} → {fmt(bound[-1])}")
            if np.any(err > bound + tol) or series["against"]:
                bad.append(series_text(series) + f" (bound holds: {bool(np.all(err <= bound + tol))})")
    summary = "erank(x) against the deterministic-profile expression Ê: " + "; ".join(parts)
    ranges = f"ℓ = {sizes[0]}…{sizes[-1]} (powers of 4), bounded bulk in [0, {fmt(BULK_BOUND)}]; families: " + \
             ", ".join(thm6_families(ctx))
    allowance = ("ℓ values from backward-stable solvers (≤ 10·ℓ·eps·‖A_b‖ each, ‖A_b‖ ≤ 2) moved through x log x "
                 "(slope ≤ 1 + log ℓ on the values that matter) in two sums and one entropy: 64·ℓ·eps·(1 + log ℓ)")
    if bad:
        return Evidence(Status.REFUTED, "sweep", summary + "; fails: " + "; ".join(bad), ranges=ranges,
                        worst_margin=worst, counterexample={"values": data}, data={"values": data, "series": read})
    return Evidence(Status.VERIFIED, "sweep", summary + " (the bound B falls at every step of every sweep)", ranges=ranges,
                    worst_margin=worst, allowance=float(64 * sizes[-1] * EPS * (1 + math.log(sizes[-1]))) if worst < 0 else None,
                    allowance_note=allowance if worst < 0 else "", data={"values": data, "series": read})


claim(
    id="sdeg.b.entropy-ranks",
    title="Thm 6: the entropy ranks from the masses and entropy moments",
    source=Source("SDEG", "App. D.1", "Thm 6 (proof)"),
    statement=r"For each list, $\log\mathrm{erank}(x)=\log\mathcal T_\ell-\mathcal T_\ell^{-1}\sum_jx_j\log x_j$ exactly, hence "
              r"$\mathrm{erank}(x)=(R_\ell+M_{p,\ell}+o(R_\ell))\exp\bigl((pE_{p,\ell}+o(R_\ell))/\mathcal T_\ell\bigr)$ "
              r"($\mathrm{erank}_1$ for $\sigma_j$, $\mathrm{erank}_2$ for $\sigma_j^2$, the eigenvalue entropy rank for $\lambda_j$); "
              r"the deterministic-profile expression $(R_\ell+M_{p,\ell})e^{pE_{p,\ell}/(R_\ell+M_{p,\ell})}$ is asymptotic to it, and "
              r"when $M_{p,\ell},E_{p,\ell}=o(R_\ell)$ both are $(k+1)(1+o(1))$.",
    checks=[thm6_erank_identity_sympy, thm6_erank_sweep],
    expected=Status.VERIFIED,
    unproved='the identity and the limit are sympy, but the size of the defects that bounds the error is read from float sweeps (sdeg.b.entropy-sums)',
    reason="The entropy identity and the limit are sympy steps. The exact identity splits log erank − log Ê into the "
           "total-mass defect log(𝒯/(R + M)) and the entropy defect −W/𝒯 − pE/(R + M); a float sweep along the four "
           "families of sdeg.b.entropy-sums shows the sum B of their sizes falling at every step and bounding the "
           "error, also for the App. D.1 instance where erank₁ → ∞ and Ê tracks it to ≈ 1e-4 at ℓ = 4096 (the error "
           "itself changes sign for k = ℓ/4, which is why B, not the error, is read step by step).",
    uses=["sdeg.b.total-masses", "sdeg.b.entropy-sums"],
    notes=["reconstructed"],
    lost=THM6_LOST + " The 'displayed deterministic-profile expressions' are lost too; reconstructed as "
                     "(R_ℓ + M_{p,ℓ})·exp(pE_{p,ℓ}/(R_ℓ + M_{p,ℓ})), the ideal head masses N*_ℓ and R_ℓ being R_ℓ(1 + O(1/ℓ)).",
    tests=[f"{TESTS}::test_entropy_rank_identity"],
)


# =========================================================================== Thm 6: the aggregate-defect condition

@check
def thm6_aggregate_defect_sympy(ctx: Context) -> Evidence:
    """log y ≤ √y, so m log(1/m) ≤ √m; with E₁ ≤ m log(n/m) and m ≤ τ: E₁ ≤ τ log ℓ + √τ and E₁/R ≤ x + √(x/(R log ℓ)),
    x = τ log ℓ/R; and the linear entropy condition implies the others (M₁ ≤ E₁/log g, M₂ ≤ M₁, E₂ ≤ E₁)."""
    y, x, R, lg, d, g = sp.symbols("y x R lg d g", positive=True)
    phi = sp.sqrt(y) - sp.log(y)
    tau = x * R / lg
    steps = [
        sympy_identity(sp.diff(phi, y), (sp.sqrt(y) - 2) / (2 * y),
                       what="(√y − log y)' = (√y − 2)/(2y): minimum at y = 4"),
        Evidence(Status.PROVED if (phi.subs(y, 4)).is_positive else Status.OPEN, "sympy",
                 f"√4 − log 4 = {sp.sstr(sp.simplify(phi.subs(y, 4)))} > 0: log y < √y for every y > 0, so m log(1/m) ≤ √m "
                 f"on (0, 1) (y = 1/m)", worst_margin=0.0),
        sympy_identity((tau * lg + sp.sqrt(tau)) / R, x + sp.sqrt(x / (R * lg)),
                       what="E₁ ≤ m log n + m log(1/m)·[m < 1] ≤ τ log ℓ + √τ (m = M_{1,ℓ} ≤ τ, n ≤ ℓ), and (τ log ℓ + √τ)/R "
                            "= x + √(x/(R log ℓ)) ≤ x + √x once R log ℓ ≥ 1 (R_ℓ ≥ 1, ℓ ≥ 3)"),
        sympy_identity(d * sp.log(1 / d) - d * sp.log(g), d * sp.log(1 / (d * g)),
                       what="d log(1/d) − d log g = d log(1/(dg)) ≥ 0 for d ≤ 1/g: M_{1,ℓ} ≤ E_{1,ℓ}/log g(ℓ); M₂ ≤ M₁ (d² ≤ d)"),
    ]
    return derivation(steps, what="τ_ℓ log ℓ = o(R_ℓ) ⇒ E_{1,ℓ} = o(R_ℓ), explicitly E_{1,ℓ}/R_ℓ ≤ x + √x with "
                                   "x = τ_ℓ log ℓ/R_ℓ; and E_{1,ℓ} = o(R_ℓ) ⇒ M_{1,ℓ}, M_{2,ℓ}, E_{2,ℓ} = o(R_ℓ)",
                      ranges="every bulk d ∈ (0, 1]^{ℓ−k}, every τ_ℓ ≥ M_{1,ℓ}, ℓ ≥ 3; the last step for g(ℓ) ≥ e")


def _defect_cases():
    unit = st.floats(1e-9, 1.0, allow_nan=False, width=64)
    return st.tuples(st.integers(0, 8), st.lists(unit, min_size=1, max_size=64), st.floats(1.0, 4.0, width=64),
                     st.integers(0, 3)).map(lambda t: (t[0], np.asarray(t[1]) * 10.0 ** (-t[3] * np.asarray(t[1])), t[2]))


def _aggregate_margin(case) -> float:
    k, d, inflate = case
    ell = max(k + d.size, 3)
    R = k + 1 - k / ell
    tau = inflate * float(np.sum(d))
    e1 = float(np.sum(entropy_terms(d)))
    x = tau * math.log(ell) / R
    return min(tau * math.log(ell) + math.sqrt(tau) - e1, x + math.sqrt(x) - e1 / R)


@check
def thm6_aggregate_defect_search(ctx: Context) -> Evidence:
    """E₁ ≤ τ log ℓ + √τ and E₁/R ≤ x + √x over bulk vectors (uniform, and spread over decades) and τ ∈ [M₁, 4M₁]."""
    return property_search(_defect_cases(), _aggregate_margin, ctx=ctx, examples=300,
                           tolerance=lambda c: 8 * c[1].size * EPS * 40,
                           allowance="n ≤ 64 terms d log(1/d), each with a few eps relative error and log(1/d) < 40 "
                                     "(d ≥ 1e−9·10^{−3}): ≤ 8·n·40·eps",
                           what="E₁ ≤ τ log ℓ + √τ and E₁/R_ℓ ≤ x + √x", ranges="k ≤ 8, ℓ − k ≤ 64, d ∈ (0, 1], τ/M₁ ∈ [1, 4]",
                           role="supports")


claim(
    id="sdeg.b.aggregate-defect",
    title="Thm 6: τ_ℓ log ℓ = o(R_ℓ) implies E_{1,ℓ} = o(R_ℓ), and the linear entropy condition implies all others",
    source=Source("SDEG", "App. D.1", "Thm 6 (proof)"),
    statement=r"For any $\tau_\ell\ge M_{1,\ell}$ and $\ell\ge3$: $E_{1,\ell}\le\tau_\ell\log\ell+\sqrt{\tau_\ell}$, hence "
              r"$E_{1,\ell}/R_\ell\le x_\ell+\sqrt{x_\ell}$ with $x_\ell=\tau_\ell\log\ell/R_\ell$; so $\tau_\ell\log\ell=o(R_\ell)$ "
              r"implies $E_{1,\ell}=o(R_\ell)$. And $E_{1,\ell}=o(R_\ell)$ implies $M_{1,\ell},M_{2,\ell},E_{2,\ell}=o(R_\ell)$ under "
              r"separation ($M_{1,\ell}\le E_{1,\ell}/\log g(\ell)$, $M_{2,\ell}\le M_{1,\ell}$, $E_{2,\ell}\le E_{1,\ell}$).",
    checks=[thm6_aggregate_defect_sympy],
    cross_checks=[thm6_aggregate_defect_search],
    expected=Status.PROVED,
    reason="The proof's two cases made explicit: m log(1/m) ≤ √m (log y ≤ √y, sympy: minimum of √y − log y at y = 4 is "
           "2 − 2 log 2 > 0) replaces the subsequence argument by a rate, and R_ℓ ≥ 1 turns √τ/R into √(x/(R log ℓ)); "
           "the concavity bound E₁ ≤ m log(n/m) is sdeg.b.moment-conditions. A property search confirms both bounds.",
    prose="the concavity bound E_{1,ℓ} ≤ m log(n/m) of sdeg.b.moment-conditions with n = ℓ − k ≤ ℓ, split as m log n + "
          "m log(1/m) and the second term dropped when m ≥ 1 (it is ≤ 0); m ≤ τ_ℓ and monotonicity of t log ℓ + √t; "
          "R_ℓ ≥ 1 (k + 1 − k/ℓ ≥ 1) and log ℓ ≥ 1 for ℓ ≥ 3; the termwise bounds d_i ≤ 1/g (sdeg.b.eigen-profile's bulk "
          "bound), d_i² ≤ d_i and E₂ ≤ E₁ (sdeg.b.moment-conditions) summed over the bulk",
    uses=["sdeg.b.moment-conditions", "sdeg.b.eigen-profile"],
    notes=["reconstructed"],
    lost=THM6_LOST,
    tests=[f"{TESTS}::test_aggregate_defect_bound"],
)


# =========================================================================== App. F.4: smooth decay

def geometric_proxies(rho: float, n: int) -> dict:
    """srank, erank₁, erank₂ of a spectrum σ_j = ρ^{j−1}, j = 1..n (any matrix with these singular values)."""
    sv = rho ** np.arange(n, dtype=float)
    return {"srank": stable_rank(sv), "erank1": effective_rank(sv, 1), "erank2": effective_rank(sv, 2)}


def geometric_entropy_limit(r: float) -> float:
    """Entropy of the geometric law q_j = (1 − r)r^{j−1}: −[r log r + (1 − r)log(1 − r)]/(1 − r)."""
    return -(r * math.log(r) + (1 - r) * math.log1p(-r)) / (1 - r)


def _main_branch(expr):
    """The generic branch of a sympy summation result (Piecewise cases such as ρ² = 1 are the degenerate ones)."""
    expr = sp.piecewise_fold(expr)
    if isinstance(expr, sp.Piecewise):
        return next((e for e, cond in expr.args if cond is sp.true), expr.args[0][0])
    return expr


@check
def smooth_decay_sympy(ctx: Context) -> Evidence:
    """Closed forms: srank of σ_j = ρ^{j−1} is (1 − ρ^{2n})/(1 − ρ²) ≤ 1/(1 − ρ²); the geometric law's entropy; the
    witness ρ = 1/2; and Σ_j j^{−2} = π²/6 for the power law σ_j = 1/j."""
    rho, n, w, r = sp.symbols("rho n w r", positive=True)
    j = sp.Symbol("j", integer=True, positive=True)
    srank = _main_branch(sp.summation(rho ** (2 * (j - 1)), (j, 1, n)))
    r_w = 1 / (1 + w)  # r ∈ (0, 1) as 1/(1 + w), w > 0: the series converges and sympy needs no case split
    q = (1 - r_w) * r_w ** (j - 1)
    H = _main_branch(sp.summation(-q * sp.expand_log(sp.log(q), force=True), (j, 1, sp.oo)))
    closed = -(r * sp.log(r) + (1 - r) * sp.log(1 - r)) / (1 - r)
    half = sp.Rational(1, 2)
    steps = [
        sympy_identity(srank, (1 - rho ** (2 * n)) / (1 - rho**2), what="srank(σ_j = ρ^{j−1}, j ≤ n) = (1 − ρ^{2n})/(1 − ρ²)"),
        sympy_identity(1 / (1 - rho**2) - (1 - rho ** (2 * n)) / (1 - rho**2), rho ** (2 * n) / (1 - rho**2),
                       what="1/(1 − ρ²) − srank = ρ^{2n}/(1 − ρ²) ≥ 0: srank < 1/(1 − ρ²) for every n"),
        sympy_identity(H, closed.subs(r, r_w), what="the geometric law q_j = (1 − r)r^{j−1} has entropy −[r log r + (1 − r)log(1 − r)]/(1 − r) "
                                       "(r = ρ for erank₁, ρ² for erank₂, n → ∞)"),
        sympy_identity(sp.exp(closed.subs(r, half)), sp.Integer(4), what="witness ρ = 1/2: erank₁ → e^{2 log 2} = 4"),
        sympy_identity(sp.exp(closed.subs(r, half**2)), sp.Rational(4, 3) * sp.cbrt(4),
                       what="erank₂ → (4/3)·4^{1/3} ≈ 2.12, and srank → 1/(1 − 1/4) = 4/3"),
        sympy_identity(sp.summation(1 / j**2, (j, 1, sp.oo)), sp.pi**2 / 6,
                       what="power law σ_j = 1/j: srank = Σ_(j≤n) j^{−2} < π²/6 ≈ 1.64 for every n"),
    ]
    return derivation(steps, what="smooth decay gives srank = O(1) (and, geometric, erank₁, erank₂ = O(1)) with every adjacent "
                                   "ratio σ_j/σ_(j+1) equal to 1/ρ (geometric) or (1 + 1/j) ≤ 2 → 1 (power law): no gap "
                                   "singles out a spike block", ranges="every n, every ρ ∈ (0, 1)")


@check
def smooth_decay_dense(ctx: Context) -> Evidence:
    """Dense matrices U diag(σ) Vᵀ (seeded orthogonal U, V) with the geometric witness ρ = 1/2: the proxies sit below their
    n → ∞ limits 4/3, 4, (4/3)4^{1/3} for every n, approaching them."""
    rng = np.random.default_rng(ctx.seed)
    limits = {"srank": 4 / 3, "erank1": math.exp(geometric_entropy_limit(0.5)), "erank2": math.exp(geometric_entropy_limit(0.25))}
    cases = [2, 4, 8, 16, 32, 64, 128] + ([256, 512] if ctx.wide else [])

    def margin(n):
        U, V = (np.linalg.qr(rng.standard_normal((n, n)))[0] for _ in range(2))
        A = U @ np.diag(0.5 ** np.arange(n, dtype=float)) @ V.T
        sv = scipy.linalg.svdvals(A)
        measured = {"srank": stable_rank(sv), "erank1": effective_rank(sv, 1), "erank2": effective_rank(sv, 2)}
        return min(limits[key] - measured[key] for key in limits)

    return grid_check(cases, margin, what="srank, erank₁, erank₂ of U diag(2^{−(j−1)}) Vᵀ below 4/3, 4, 2.12", method="grid",
                      exact=False, ranges=f"n ∈ {{{', '.join(map(str, cases))}}}, seeded orthogonal U, V",
                      tolerance=lambda n: 200 * n * EPS,
                      allowance="svdvals of the dense product: each σ_j within 10·n·eps·‖A‖ (‖A‖ = 1), the tiny ones "
                                "(< n·eps) perturbed relatively a lot but weighing ≤ n·eps in each proxy; the entropy's "
                                "slope log(1/q) < 40 on the rest: ≤ 200·n·eps",
                      role="supports")


claim(
    id="sdeg.F.smooth-decay",
    title="Small rank proxies from smooth spectral decay, with no spike structure",
    source=Source("SDEG", "App. F.4", "remark"),
    statement=r"A spectrum without any gap can have bounded rank proxies: $\sigma_j=\rho^{j-1}$ ($j\le n$) gives "
              r"$\mathrm{srank}=\frac{1-\rho^{2n}}{1-\rho^2}<\frac1{1-\rho^2}$ for every $n$ and, as $n\to\infty$, "
              r"$\log\mathrm{erank}_p\to-[r\log r+(1-r)\log(1-r)]/(1-r)$, $r=\rho^p$ (for $\rho=\tfrac12$: "
              r"$\mathrm{srank}\to\tfrac43$, $\mathrm{erank}_1\to4$, $\mathrm{erank}_2\to\tfrac43\,4^{1/3}$), while every adjacent "
              r"ratio is $\sigma_j/\sigma_{j+1}=1/\rho$; $\sigma_j=1/j$ gives $\mathrm{srank}<\pi^2/6$ with adjacent ratios "
              r"$1+1/j\to1$. So small rank proxies do not indicate a spike–bulk split.",
    checks=[smooth_decay_sympy],
    cross_checks=[smooth_decay_dense],
    expected=Status.PROVED,
    reason="Closed-form sums in sympy for symbolic ρ and n (geometric series, the geometric law's entropy, ζ(2)); dense "
           "matrices with the witness spectrum confirm the proxies in floating point.",
    prose="the rank proxies depend on the singular values only (stable_rank and effective_rank read σ), so any matrix "
          "U diag(σ)Vᵀ is a witness; the entropy of the truncated list tends to the series' as n → ∞ (dominated "
          "convergence of the summable terms q_j log(1/q_j))",
    notes=["interpretive"],
    tests=[f"{TESTS}::test_geometric_witness_proxies"],
)


# =========================================================================== App. F.5 / Table 1: head-resolved ratios

PAPER_TABLE1 = {"GPT-2 (ℓ = 1024)": {"srank": 4.22, "erank1": 6.57, "w1": 3.19},
                "ViT (ℓ = 577)": {"srank": 4.73, "erank1": 7.27, "w1": 1.49}}
HEAD_DIAGNOSTICS = (("srank_real", "srank"), ("erank1_real", "erank₁"), ("w1", "W₁"))


def head_ratio(values) -> tuple[float, list[float]]:
    """Table 1's statistic for one diagnostic: values[layer][sample][head] → median over layers of
    R_l = max_h m_{l,h} / min_h m_{l,h}, m_{l,h} = median over samples (App. F.5.1); also the per-layer R_l."""
    per_layer = []
    for layer in values:
        med = np.median(np.asarray(layer, dtype=float), axis=0)
        per_layer.append(float(med.max() / med.min()))
    return float(np.median(per_layer)), per_layer


def minilm_head_ratios():
    """{ℓ: {key: (median_l R_l, [R_l])}} from the committed rows, or None when they are missing."""
    from specproof.checks.claims.sdeg_real import _measured

    m = _measured()
    if m is None:
        return None
    return {r["ell"]: {key: head_ratio([layer[key] for layer in r["layers"]]) for key, _ in HEAD_DIAGNOSTICS}
            for r in m["rows"]}


@check
def head_ratios_paper(ctx: Context) -> Evidence:
    """Table 1 is about GPT-2 at ℓ = 1024 and ViT at ℓ = 577; neither model's per-head rows are measured here."""
    cells = "; ".join(f"{model}: srank {fmt(v['srank'])}, erank₁ {fmt(v['erank1'])}, W₁ {fmt(v['w1'])}"
                      for model, v in PAPER_TABLE1.items())
    return open_evidence(f"Table 1 ({cells}) needs the per-(document, layer, head) real-attention rank proxies and W₁ of "
                         f"GPT-2 (12 WikiText-103 documents at ℓ = 1024) and of ViT-B/16 (20 Imagenette images at ℓ = 577); "
                         f"the store holds only all-MiniLM-L6-v2 rows (ℓ ≤ 512), so the paper's cells cannot be recomputed. "
                         f"The statistic itself is computable from rows of that shape (sdeg.real.head-ratios does so on MiniLM).",
                         method="source-reading", ranges="SDEG App. F.5, F.5.1, Table 1")


@check
def head_ratios_minilm_support(ctx: Context) -> Evidence:
    """The same statistic on MiniLM's committed rows (supports only: another model)."""
    ratios = minilm_head_ratios()
    if ratios is None:
        return open_evidence("the committed MiniLM rows are missing", method="measured-rows", role="supports")
    top = max(ratios)
    cells = ", ".join(f"{name} {fmt(ratios[top][key][0])}" for key, name in HEAD_DIAGNOSTICS)
    return Evidence(Status.VERIFIED, "measured-rows", f"the statistic on all-MiniLM-L6-v2 at ℓ = {top}: {cells} (every "
                    f"R_l ≥ 1 by construction)", ranges=f"MiniLM, 6 layers × 12 heads, 4 windows, ℓ = {top}",
                    role="supports")


claim(
    id="sdeg.F.head-ratios",
    title="Table 1: within-layer spread of head-specific medians (GPT-2 4.22 / 6.57 / 3.19, ViT 4.73 / 7.27 / 1.49)",
    source=Source("SDEG", "App. F.5", "Table 1"),
    statement=r"With $m^{(q)}_{l,h}=\mathrm{median}_x\,q_{x,l,h}$ and $R^{(q)}_l=\max_hm^{(q)}_{l,h}/\min_hm^{(q)}_{l,h}$, the "
              r"median over layers of $R^{(q)}_l$ is, for $q=\mathrm{srank}(A_{\mathrm{real}})$, $\mathrm{erank}_1(A_{\mathrm{real}})$ "
              r"and $W_1(\mu^{\mathrm{sv}}_{A_{\mathrm{real}}},\mu^{\mathrm{sv}}_{A_\Sigma})$: 4.22, 6.57, 3.19 for GPT-2 "
              r"($\ell=1024$) and 4.73, 7.27, 1.49 for ViT ($\ell=577$).",
    checks=[head_ratios_paper],
    cross_checks=[head_ratios_minilm_support],
    expected=Status.OPEN,
    reason="The cells are measurements on GPT-2 and ViT, whose per-head rows are not in the store (only all-MiniLM-L6-v2, "
           "ℓ ≤ 512); what the rows lack is exactly those models' per-(input, layer, head) srank, erank₁ and W₁. The "
           "statistic is computed on MiniLM in sdeg.real.head-ratios.",
    tests=[f"{TESTS}::test_head_ratio_statistic"],
)


@check
def real_head_ratios(ctx: Context) -> Evidence:
    """MiniLM's R_l medians at every ℓ: all > 1; at the largest ℓ above GPT-2's Table 1 cells; srank and erank₁ rise."""
    ratios = minilm_head_ratios()
    if ratios is None:
        return open_evidence("the committed rows of `specproof real` (figures/data/real-attention.jsonl) are missing or "
                             "incomplete; run `specproof real` to measure them", method="measured-rows")
    lengths = sorted(ratios)
    top = lengths[-1]
    gpt2 = PAPER_TABLE1["GPT-2 (ℓ = 1024)"]
    paper_key = {"srank_real": "srank", "erank1_real": "erank1", "w1": "w1"}
    series = {key: step_series(f"median R_l of {name}", lengths, [ratios[ell][key][0] for ell in lengths], "increasing")
              for key, name in HEAD_DIAGNOSTICS}
    margins = [min(ratios[ell][key][0] for ell in lengths) - 1 for key, _ in HEAD_DIAGNOSTICS]
    margins += [ratios[top][key][0] - gpt2[paper_key[key]] for key, _ in HEAD_DIAGNOSTICS]
    rising = [series[key] for key in ("srank_real", "erank1_real")]
    parts = [f"{name}: " + " → ".join(fmt(ratios[ell][key][0]) for ell in lengths) for key, name in HEAD_DIAGNOSTICS]
    summary = (f"median over the 6 layers of R_l (ℓ = {', '.join(map(str, lengths))}): " + "; ".join(parts)
               + f"; at ℓ = {top} against GPT-2's 4.22 / 6.57 / 3.19 (ℓ = 1024): "
               + " / ".join(fmt(ratios[top][key][0]) for key, _ in HEAD_DIAGNOSTICS) + "; "
               + "; ".join(series_text(s) for s in series.values()))
    worst = min(margins)
    data = {"ratios": {str(ell): {key: ratios[ell][key][0] for key, _ in HEAD_DIAGNOSTICS} for ell in lengths},
            "per_layer": {key: ratios[top][key][1] for key, _ in HEAD_DIAGNOSTICS}, "series": list(series.values())}
    if worst <= 0 or any(s["against"] for s in rising):
        return Evidence(Status.REFUTED, "measured-rows", summary, ranges="all-MiniLM-L6-v2 committed rows",
                        worst_margin=worst, counterexample=data, data=data)
    return Evidence(Status.VERIFIED, "measured-rows", summary,
                    ranges=f"all-MiniLM-L6-v2, 6 layers × 12 heads, 4 windows of pydoc_data.topics per ℓ, ℓ = "
                           f"{', '.join(map(str, lengths))}", worst_margin=worst,
                    sharpest=f"at ℓ = {top}: " + " / ".join(fmt(ratios[top][key][0]) for key, _ in HEAD_DIAGNOSTICS),
                    data=data)


claim(
    id="sdeg.real.head-ratios",
    title="MiniLM: heads differ more than in GPT-2 (R_l medians 10.3 / 17.6 / 5.84 at ℓ = 512), and the spread grows with ℓ",
    source=Source("specproof", "App. F.5", "own, on MiniLM"),
    statement=r"For all-MiniLM-L6-v2 on pydoc_data.topics (4 windows per $\ell$, 6 layers × 12 heads), Table 1's statistic "
              r"(the median over layers of $\max_hm_{l,h}/\min_hm_{l,h}$, $m_{l,h}$ the median over windows) exceeds 1 at every "
              r"$\ell$ for $\mathrm{srank}$, $\mathrm{erank}_1$ and $W_1$; at $\ell=512$ it is above GPT-2's cells at "
              r"$\ell=1024$ (4.22, 6.57, 3.19) for all three; and for $\mathrm{srank}$ and $\mathrm{erank}_1$ it rises at every "
              r"step of $\ell=16\ldots512$.",
    checks=[real_head_ratios],
    expected=Status.VERIFIED,
    unproved="a statistic of measured MiniLM rows: nothing to prove for every parameter value; the GPT-2 figures are the paper's",
    reason="Computed from the committed rows (per window, layer and head values of srank(A_real), erank₁(A_real) and W₁ "
           "are stored, which is all the statistic needs): 10.3 / 17.6 / 5.84 at ℓ = 512; the srank and erank₁ spreads "
           "rise monotonically with ℓ, the W₁ spread dips before rising. MiniLM is an encoder (canonical model A_b), "
           "GPT-2 a decoder, and MiniLM's medians pool 4 windows against the paper's 12 documents.",
    uses=["sdeg.F.sorted-w1"],
    notes=["interpretive"],
    tests=[f"{TESTS}::test_head_ratio_statistic"],
)
