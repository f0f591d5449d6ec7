"""SDEG Thm 6 (App. D.1) beyond its bounded-bulk corollary: the bulk moments that decide the rank proxies of A_b.

The statement of Thm 6 is lost; its proof survives in terms of the bulk moments M_{p,ℓ} = Σ_{i>k} d_i^p and the
bulk entropy moments E_{p,ℓ} = Σ_{i>k} d_i^p log(1/d_i) (the proof's B_{p,ℓ} for the same sums), the head mass
R_ℓ = k + 1 − c_ℓ, and the tails of the singular and eigenvalue lists beyond the head h = k + 1. Two claims:
the tails and the trace in terms of the moments (exact identity, interlacing sandwiches), and the inequalities
between the conditions (concavity, E₂ ≤ E₁, the bounded-bulk rates).
"""

from __future__ import annotations

import math

import numpy as np
import sympy as sp
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from specproof.checks.claims._shared.sdeg_bidirectional import (
    b_trace_frobenius_sympy,
    d_,
    dense_attention,
    ell_,
    m_,
    moment_terms,
    n_,
    w_,
    x_,
)
from specproof.engine import strategies as sst
from specproof.engine.methods import derivation, float_tolerance, property_search, sympy_identity, sympy_nonnegative
from specproof.engine.records import Limit, Tightness
from specproof.engine.registry import Context, Evidence, Source, Status, check, claim
from specproof.theory.attention import bidirectional_eigenvalues, bidirectional_singular_values, canonical_weights
from specproof.theory.entropy import entropy_terms

POWERS = (1, 2)


# =========================================================================== tails and trace in the bulk moments


def _tail_margin(value) -> float:
    """min over the sandwiches of the tails beyond h = k + 1 (p = 1, 2; powers and entropy terms), and the
    Frobenius identity ‖A_b‖_F² = 1 + (1 − 1/ℓ)Σd_i²."""
    s, k = value
    ell = s.size
    d, _ = canonical_weights(s)
    if k + 2 > ell:
        return -abs(float(np.sum(dense_attention(s) ** 2)) - (1 + (1 - 1 / ell) * float(np.sum(d**2))))
    bulk = d[k:]
    sv = bidirectional_singular_values(s)
    lam = np.sort(bidirectional_eigenvalues(s))[::-1]
    edge = d[k : k + 2]
    margins = []
    for p in POWERS:
        mass, entropy = (float(np.sum(t)) for t in moment_terms(bulk, p))
        pw, ent = moment_terms(np.clip(sv[k + 1 :], 0.0, 1.0), p)
        edge_pw, edge_ent = moment_terms(edge, p)
        margins += [mass - float(np.sum(pw)), float(np.sum(pw)) - (mass - float(np.sum(edge_pw)))]
        if edge.max(initial=0.0) <= math.exp(-1 / p):  # x^p log(1/x) increases on [0, e^{−1/p}]
            margins += [entropy - float(np.sum(ent)), float(np.sum(ent)) - (entropy - float(np.sum(edge_ent)))]
    frobenius = float(np.sum(dense_attention(s) ** 2))
    margins.append(-abs(frobenius - (1 + (1 - 1 / ell) * float(np.sum(d**2)))))
    mass1 = float(np.sum(bulk))
    tail_lam = float(np.sum(np.clip(lam[k + 1 :], 0.0, None)))
    margins += [mass1 - tail_lam, tail_lam - (mass1 - float(d[k]))]
    return min(margins)


@check
def b_tail_sandwich_search(ctx: Context) -> Evidence:
    """M_p − d_{k+1}^p − d_{k+2}^p ≤ Σ_(j>k+1) σ_j^p ≤ M_p, the same for E_p, and M_1 − d_{k+1} ≤ Σ_(j>k+1) λ_j ≤
    M_1.
    """
    return property_search(
        sst.spike_bulk_split(48),
        _tail_margin,
        ctx=ctx,
        examples=250,
        tolerance=lambda value: 40 * float_tolerance(value[0].size, 2.0) * value[0].size,
        allowance=(
            "ℓ singular values and eigenvalues, each within 10·ℓ·eps·‖A_b‖ (‖A_b‖ ≤ 2), moved through "
            "x^p or x^p log(1/x) (slope ≤ 2 + log(1/δ) < 40 above δ = e^{−36}): ≤ 40·ℓ·that in all; "
            "the Frobenius sum of ℓ² entries ≤ 1 carries ≤ 2ℓ²·eps, far inside it"
        ),
        what="tails beyond the head against the bulk moments, and ‖A_b‖_F²",
        ranges="ℓ ≤ 48, sorted nonnegative scores, every split k; entropy sandwiches where d_(k+1) ≤ e^{−1/p}",
    )


@check
def b_tail_sandwich_proof(ctx: Context) -> Evidence:
    """x^p and φ_p(x) = x^p log(1/x) are nondecreasing on [0, e^{−1/p}] (φ_p(0+) = 0); under separation the edge terms
    d_{k+1}^p, φ_p(d_{k+1}) ≤ g^{−p}, φ_p(1/g) tend to 0."""
    p, g = sp.Symbol("p", positive=True), sp.Symbol("g", positive=True)
    phi = x_**p * sp.log(1 / x_)
    steps = [
        sympy_identity(
            sp.diff(x_**p, x_), p * x_ ** (p - 1), what="(x^p)' = p x^(p−1) ≥ 0: x^p is nondecreasing on [0, ∞)"
        ),
        sympy_identity(
            sp.diff(phi, x_), x_ ** (p - 1) * (p * sp.log(1 / x_) - 1), what="φ_p'(x) = x^(p−1)(p log(1/x) − 1)"
        ),
        sympy_identity(sp.diff(p * sp.log(1 / x_) - 1, x_), -p / x_, what="p log(1/x) − 1 decreases in x"),
        sympy_identity(
            p * sp.log(1 / sp.exp(-1 / p)) - 1,
            sp.Integer(0),
            what="… and vanishes at x = e^(−1/p): φ_p' ≥ 0 on (0, e^(−1/p)], φ_p nondecreasing there",
        ),
        sympy_identity(sp.limit(phi, x_, 0, "+"), sp.Integer(0), what="φ_p(0+) = 0, so φ_p ≥ 0 on [0, 1]"),
        sympy_identity(sp.limit((1 / g) ** p, g, sp.oo), sp.Integer(0), what="g^(−p) → 0"),
        sympy_identity(
            sp.limit(phi.subs(x_, 1 / g), g, sp.oo),
            sp.Integer(0),
            what="φ_p(1/g) → 0: under separation (d_i ≤ 1/g for i > k) the edge terms vanish",
        ),
    ]
    return derivation(
        steps,
        what=(
            "with d_(j+1) ≤ σ_j ≤ d_(j−1) and d_j ≤ λ_j ≤ d_(j−1) (sorted d ≥ 0), termwise: "
            "M_p − d_(k+1)^p − d_(k+2)^p ≤ Σ_(j>k+1)σ_j^p ≤ M_p, M_1 − d_(k+1) ≤ Σ_(j>k+1)λ_j ≤ M_1, and the "
            "same for φ_p against E_p once d_(k+1) ≤ e^(−1/p); each gap → 0 under separation"
        ),
        ranges="every ℓ, 0 ≤ k ≤ ℓ − 2, sorted scores s ≥ 0, every p > 0",
    )


claim(
    id="sdeg.b.bulk-moments",
    tightness=Tightness(
        "sharp",
        "the trace and Frobenius expressions are identities; 0 ≤ (ℓ − 1)Σ_(i≤k) z_i ≤ k/f is approached as f → ∞ "
        "(at a_i = ℓf, (ℓ − 1)z_i → 1/(f + 1) as ℓ → ∞, ratio f/(f + 1)); the tail sandwiches are met to rounding in "
        "the search (margin −1·10⁻¹⁴)",
        ratio=1.0,
        approach="ratio f/(f + 1) → 1 as f → ∞ for the spike term",
        ranges="every ℓ, 0 ≤ k ≤ ℓ; the search ℓ ≤ 48",
    ),
    title="Thm 6: the tails of the spectra are the bulk moments",
    source=Source("SDEG", "App. D.1", "Thm 6"),
    statement=(
        r"With $M_{p,\ell} = \sum_{i>k} d_i^p$, $E_{p,\ell} = \sum_{i>k} d_i^p\log\frac1{d_i}$ and $R_\ell = k+1-c_\ell$: $\mathrm{srank}_\lambda(A_b) = \mathrm{tr}\,A_b = R_\ell + (1-\frac1\ell)M_{1,\ell} - (\ell-1)\sum_{i\le k} z_i$ with $0 \le (\ell-1)\sum_{i\le k}z_i \le k/f(\ell)$; $\|A_b\|_F^2 = 1 + (1-\frac1\ell)(\sum_{i\le k}d_i^2 + M_{2,\ell})$ with $k(1-1/f)^2 \le \sum_{i\le k}d_i^2 \le k$; and beyond the head $h = k+1$, $M_{p,\ell} - d_{k+1}^p - d_{k+2}^p \le \sum_{j>h}\sigma_j(A_b)^p \le M_{p,\ell}$, $M_{1,\ell} - d_{k+1} \le \sum_{j>h}\lambda_j(A_b) \le M_{1,\ell}$, and the same sandwiches for $\sum_{j>h}\sigma_j^p\log\frac1{\sigma_j}$ against $E_{p,\ell}$ once $d_{k+1} \le e^{-1/p}$. Under separation ($d_i \le 1/g$ for $i > k$) each tail is its bulk moment $+\,o(1)$."
    ),
    checks=[b_trace_frobenius_sympy, b_tail_sandwich_proof],
    cross_checks=[b_tail_sandwich_search],
    expected=Status.PROVED,
    prose=(
        "srank_λ(A_b) = tr A_b (sdeg.b.trace-rank); summing the checked row identities over i (the trace and ‖A_b‖_F² = Σ_i ρ_i); the interlacing d_(j+1) ≤ σ_j ≤ d_(j−1) (sdeg.b.sv-interlace) and d_j ≤ λ_j ≤ d_(j−1) (sdeg.b.eigen-real) with sorted d_i ≥ 0, read termwise through the nondecreasing x^p (and φ_p on [0, e^(−1/p)], where every tail value lies since σ_j ≤ d_(j−1) ≤ d_(k+1) for j ≥ k + 2): Σ_(j=k+2..ℓ)σ_j^p ≤ Σ_(i=k+1..ℓ−1)d_i^p ≤ M_p and ≥ Σ_(j=k+2..ℓ−1)d_(j+1)^p = M_p − d_(k+1)^p − d_(k+2)^p (σ_ℓ^p ≥ 0; the sums reindexed), likewise Σ_(j≥k+2)λ_j ∈ [M_1 − d_(k+1), M_1] and the φ_p sums against E_p; under separation d_(k+1), d_(k+2) ≤ 1/g, so the gaps are at most 2g^(−p), resp. 2φ_p(1/g) once 1/g ≤ e^(−1/p), and vanish"
    ),
    reason=(
        "Machine-checked (sympy): the trace and Frobenius identities row by row with the spike bounds 0 ≤ (ℓ−1)z_i ≤ 1/f and d_i ≥ 1 − 1/f, and the monotonicity of x^p and of φ_p(x) = x^p log(1/x) on [0, e^(−1/p)] (its derivative, its zero, φ_p(0+) = 0) with the limits of the edge terms under separation. Argued in prose: the interlacing sandwiches read termwise (interlacing from sdeg.b.sv-interlace and sdeg.b.eigen-real, both proved). The search over spike–bulk splits is a cross-check."
    ),
    uses=["sdeg.b.sv-interlace", "sdeg.b.eigen-real", "sdeg.b.trace-rank", "sdeg.b.decomposition"],
    notes=["reconstructed"],
    lost=(
        "The statement of Thm 6 and the definitions of M_{p,ℓ}, E_{p,ℓ}, B_{p,ℓ} and of the head h. Reconstructed from the surviving displays (tails = M_{p,ℓ} + o(1), = E_{p,ℓ} + o(1); 𝒯_ℓ = R_ℓ + M_{p,ℓ} + o(R_ℓ)) as bulk moments of the d_i, h = k + 1; the proof's B_{p,ℓ} is read as the same entropy moments."
    ),
)


# =========================================================================== the inequalities between the conditions


@check
def b_moment_inequalities_sympy(ctx: Context) -> Evidence:
    """Concavity gives E₁ ≤ m log(n/m); E₂ ≤ E₁; bounded bulk gives M₂ = O(1/ℓ) and E₂ = O(log ℓ/ℓ)."""
    h = d_ * sp.log(1 / d_)
    steps = [
        sympy_identity(
            sp.diff(h, d_, 2),
            -1 / d_,
            what="(d log(1/d))'' = −1/d < 0: concave, so Jensen gives Σ_(i>k) h(d_i) ≤ n·h(m/n)",
        ),
        sympy_identity(
            n_ * (m_ / n_) * sp.log(n_ / m_), m_ * sp.log(n_ / m_), what="n·h(m/n) = m log(n/m), m = M_{1,ℓ}, n = ℓ − k"
        ),
        sympy_identity(
            m_ * sp.log(n_ / m_),
            m_ * sp.log(n_) + m_ * sp.log(1 / m_),
            what="m log(n/m) = m log n + m log(1/m): ≤ m log ℓ for m ≥ 1, ≤ m log ℓ + m log(1/m) for m < 1",
        ),
        sympy_identity(
            h - d_**2 * sp.log(1 / d_),
            d_ * (1 - d_) * sp.log(1 / d_),
            what="d log(1/d) − d² log(1/d) = d(1−d)log(1/d) ≥ 0 on (0, 1]: E_{2,ℓ} ≤ E_{1,ℓ}",
        ),
        sympy_identity(
            sp.diff(x_**2 * sp.log(1 / x_), x_),
            x_ * (2 * sp.log(1 / x_) - 1),
            what="x² log(1/x) increases on (0, e^{−1/2}]",
        ),
        sympy_nonnegative(
            w_ / ell_ - w_ / (w_ + ell_),
            [w_, ell_],
            what=(
                "d_i = (a_i−1)/(a_i+ℓ−1) ≤ (e^B−1)/ℓ (a_i = 1 + w ≤ e^B): M_{2,ℓ} ≤ (e^B−1)²/ℓ and, once (e^B−1)/ℓ ≤"
                " e^{−1/2}, E_{2,ℓ} ≤ (e^B−1)² log(ℓ/(e^B−1))/ℓ"
            ),
        ),
    ]
    return derivation(
        steps,
        what=(
            "the linear entropy condition E_{1,ℓ} = o(R_ℓ) implies the quadratic one; E_{1,ℓ} ≤ "
            "M_{1,ℓ} log((ℓ−k)/M_{1,ℓ}); bounded bulk: M_{2,ℓ} = O(ℓ⁻¹), E_{2,ℓ} = O(ℓ⁻¹ log ℓ)"
        ),
        ranges="every d ∈ (0, 1]^{ℓ−k}; the bounded-bulk rates for 1 ≤ a_i ≤ e^B",
    )


def _moment_vectors():
    """Bulk vectors d ∈ [0, 1]^n: uniform, geometric (many tiny values) and a few large with many zeros."""
    unit = st.floats(0.0, 1.0, allow_nan=False, width=64)
    uniform = st.integers(1, 64).flatmap(lambda n: hnp.arrays(np.float64, n, elements=unit))
    geometric = st.tuples(st.integers(1, 64), st.floats(0.01, 0.99, width=64), unit).map(
        lambda t: t[2] * t[1] ** np.arange(t[0], dtype=float)
    )
    sparse = st.tuples(st.integers(1, 64), st.lists(unit, min_size=1, max_size=4)).map(
        lambda t: np.concatenate([np.asarray(t[1][: t[0]]), np.zeros(max(0, t[0] - len(t[1])))])
    )
    return st.one_of(uniform, geometric, sparse)


def _moment_margin(d: np.ndarray) -> float:
    n = d.size
    m = float(np.sum(d))
    E1 = float(np.sum(entropy_terms(d)))
    _, ent2 = moment_terms(d, 2)
    concavity = (m * math.log(n / m) - E1) if m > 0 else 0.0
    return min(concavity, E1 - float(np.sum(ent2)))


@check
def b_moment_inequalities_search(ctx: Context) -> Evidence:
    """E₁ ≤ m log(n/m) and E₂ ≤ E₁ over structured bulk vectors."""
    return property_search(
        _moment_vectors(),
        _moment_margin,
        ctx=ctx,
        examples=300,
        tolerance=lambda d: 8 * d.size * float(np.finfo(float).eps) * (1 + float(np.sum(d)) * 40),
        allowance=(
            "n terms, each with a few eps relative error and log(1/x) < 40 down to e^{−40}; "
            "m log(n/m) with relative error a few eps"
        ),
        what="concavity and E₂ ≤ E₁",
        ranges="n ≤ 64; uniform, geometric and sparse d ∈ [0, 1]^n",
        role="supports",
    )


claim(
    id="sdeg.b.moment-conditions",
    tightness=Tightness(
        "sharp",
        "Jensen's E_{1,ℓ} ≤ m log(n/m) is an equality at equal bulk weights d_i = m/n; E_{2,ℓ} ≤ E_{1,ℓ} termwise "
        "(equality only at d_i = 1); M_{2,ℓ} ≤ (e^B − 1)²/ℓ is approached by a_i = e^B for every i, k = 0: "
        "M_{2,ℓ}·ℓ/(e^B − 1)² = (ℓ/(ℓ + e^B − 1))² → 1",
        ratio=1.0,
        where={"d_i": "m/n (equal bulk weights)"},
        ranges="every ℓ and bulk weights in (0, 1]",
    ),
    limit=Limit(
        "closed-form",
        "for the extremal bounded bulk (a_i = e^B, k = 0) ℓ·M_{2,ℓ} = (e^B − 1)²(ℓ/(ℓ + e^B − 1))² exactly",
        quantity="ℓ·M_{2,ℓ} at a_i = e^B, k = 0",
        value="(e^B − 1)²",
        approach="like 1 − 2(e^B − 1)/ℓ",
        ranges="every ℓ (closed form)",
    ),
    title="Thm 6: how the bulk-moment conditions imply one another",
    source=Source("SDEG", "App. D.1", "Thm 6"),
    statement=(
        r"For bulk weights $d_i \in (0, 1]$, $m = M_{1,\ell}$, $n = \ell - k$: $E_{1,\ell} \le m\log(n/m)$, hence $E_{1,\ell} \le m\log\ell$ for $m \ge 1$ and $\le m\log\ell + m\log(1/m)$ for $0 < m < 1$; $E_{2,\ell} \le E_{1,\ell}$ (the linear entropy condition implies the quadratic one); and bounded bulk gives $M_{2,\ell} \le (e^B-1)^2/\ell$ and $E_{2,\ell} \le (e^B-1)^2\log(\ell/(e^B-1))/\ell$ once $(e^B-1)/\ell \le e^{-1/2}$, i.e. $M_{2,\ell} = O(\ell^{-1})$, $E_{2,\ell} = O(\ell^{-1}\log\ell)$."
    ),
    checks=[b_moment_inequalities_sympy],
    cross_checks=[b_moment_inequalities_search],
    expected=Status.PROVED,
    prose=(
        "Jensen's inequality for the checked concave h(d) = d log(1/d), Σ_(i>k) h(d_i) ≤ n·h(m/n); the signs read off the checked forms: m log(1/m) ≤ 0 for m ≥ 1 and log n ≤ log ℓ, d(1−d)log(1/d) ≥ 0 on (0, 1], x(2log(1/x) − 1) ≥ 0 on (0, e^{−1/2}]; and summing the termwise bounds d_i ≤ (e^B−1)/ℓ (a_i − 1 ≤ e^B − 1) over the n ≤ ℓ bulk terms, through x² and x² log(1/x), both increasing below e^{−1/2}"
    ),
    reason=(
        "Concavity (sympy second derivative) with Jensen's inequality, the factorisation d(1−d)log(1/d) ≥ 0, the monotonicity of x² log(1/x) near 0 and d_i ≤ (e^B−1)/ℓ are sympy steps; a property search over uniform, geometric and sparse bulk vectors confirms the inequalities."
    ),
    uses=["sdeg.b.bulk-d"],
    notes=["reconstructed"],
    lost=(
        "The moments' definitions (reconstructed as bulk moments of the d_i, as for the tails of Thm 6); the proof's 'M_{2,ℓ} = O(ℓ⁻¹), B_{2,ℓ} = O(ℓ⁻¹ log ℓ)' is read with B_{2,ℓ} = E_{2,ℓ}."
    ),
)


# =========================================================================== the masses of the ideal lists


@check
def b_ideal_masses_sympy(ctx: Context) -> Evidence:
    """a₊ + a₋ = 2 − c, a₊a₋ = (1 − c)², so √a₊ + √a₋ = √(4 − 3c): one formula for N*_ℓ at every k."""
    q = sp.Symbol("q", nonnegative=True)  # q = 1 − c ∈ [0, 1]
    X, Y = sp.symbols("X Y", positive=True)
    c = 1 - q
    root = sp.sqrt(c * (4 - 3 * c))
    a_plus, a_minus = (2 - c + root) / 2, (2 - c - root) / 2
    k = sp.Symbol("k", integer=True, nonnegative=True)
    steps = [
        sympy_identity(a_plus + a_minus, 2 - c, what="a₊ + a₋ = 2 − c"),
        sympy_identity(sp.sqrt(sp.expand(a_plus * a_minus)), q, what="√(a₊a₋) = 1 − c (a₊a₋ = (1 − c)²)"),
        sympy_identity(
            (sp.sqrt(X) + sp.sqrt(Y)) ** 2,
            X + Y + 2 * sp.sqrt(X * Y),
            what="(√a₊ + √a₋)² = a₊ + a₋ + 2√(a₊a₋) = 2 − c + 2(1 − c) = 4 − 3c",
        ),
        sympy_identity((k - 1 + a_plus + a_minus), k + 1 - c, what="squared list: k − 1 + a₊ + a₋ = R_ℓ"),
        sympy_identity(k + (1 - c), k + 1 - c, what="eigenvalue list: k·1 + (1 − c) = R_ℓ"),
        sympy_identity((k - 1 + sp.sqrt(4 - 3 * c)).subs({k: 0, q: 1}), sp.Integer(1), what="k = 0: N* = 1"),
        sympy_identity((k - 1 + sp.sqrt(4 - 3 * c)).subs({q: 0}), k, what="k = ℓ (c = 1): N* = ℓ"),
    ]
    return derivation(
        steps,
        what=(
            "the ideal singular, squared-singular and eigenvalue lists have masses N*_ℓ = k − 1 + "
            "√(4 − 3c_ℓ), R_ℓ, R_ℓ; the three cases of N*_ℓ are one formula"
        ),
        ranges="every ℓ ≥ 1, 0 ≤ k ≤ ℓ",
    )


@check
def b_ideal_masses_float(ctx: Context) -> Evidence:
    """Sums of the ideal profiles (theory.attention) against the closed forms, every k ≤ ℓ ≤ 64."""
    from specproof.engine.methods import grid_check
    from specproof.theory.attention import ideal_eigen_profile, ideal_singular_profile

    def margin(case):
        ell, k = case
        c = k / ell
        sv, lam = ideal_singular_profile(k, ell), ideal_eigen_profile(k, ell)
        return -max(
            abs(float(np.sum(sv)) - (k - 1 + math.sqrt(4 - 3 * c))),
            abs(float(np.sum(sv**2)) - (k + 1 - c)),
            abs(float(np.sum(lam)) - (k + 1 - c)),
        )

    cases = [(ell, k) for ell in range(1, 65) for k in range(ell + 1)]
    return grid_check(
        cases,
        margin,
        what="masses of the ideal lists",
        method="grid",
        exact=False,
        ranges="every 0 ≤ k ≤ ℓ ≤ 64",
        tolerance=lambda case: 4 * (case[0] + 2) * float(np.finfo(float).eps),
        allowance="sums of ≤ ℓ values ≤ 1.2 with one rounding each, and two square roots: ≤ 4(ℓ + 2)·eps",
        role="supports",
    )


claim(
    id="sdeg.b.ideal-masses",
    tightness=Tightness(
        "unmeasurable", "the inequality signs are the case ranges (1 ≤ k < ℓ); the masses are identities, no bound"
    ),
    title="Masses of the ideal spectra: N*_ℓ = k − 1 + √(4 − 3c_ℓ) and R_ℓ",
    source=Source("SDEG", "App. D.1", "Thm 6"),
    statement=(
        r"The ideal singular, squared-singular and eigenvalue lists of $A^\star$ have masses $N^\star_\ell$, $R_\ell$, $R_\ell$ with $R_\ell = k+1-c_\ell$ and $N^\star_\ell = 1$ ($k = 0$), $k-1+\sqrt{a_+(c_\ell)}+\sqrt{a_-(c_\ell)}$ ($1 \le k < \ell$), $\ell$ ($k = \ell$); all three cases equal $k - 1 + \sqrt{4 - 3c_\ell}$."
    ),
    checks=[b_ideal_masses_sympy],
    cross_checks=[b_ideal_masses_float],
    expected=Status.PROVED,
    prose=(
        "reading the masses off the ideal lists (√a₊, 1^{k−1}, √a₋, 0, …) and (1^k, 1 − c, 0, …) of sdeg.b.sv-leading and sdeg.b.eigen-profile; taking the nonnegative square root of the checked (√a₊ + √a₋)² = 4 − 3c (a₊, a₋ ≥ 0 because their sum and product are); and the end cases k = 0 (list (1, 0, …)) and k = ℓ (list 1^ℓ) as the formula's values at c = 0 and c = 1"
    ),
    reason=(
        "a₊ + a₋ = 2 − c and a₊a₋ = (1 − c)² by sympy, hence √a₊ + √a₋ = √(4 − 3c), which also gives the end cases k = 0 and k = ℓ; the profiles' sums agree in floating point for every k ≤ ℓ ≤ 64."
    ),
    uses=["sdeg.b.sv-leading", "sdeg.b.eigen-profile"],
)
