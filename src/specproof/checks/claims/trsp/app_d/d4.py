"""TRSP App. D.4: Lemma 3: pointwise error alignment.

The section's claims in the paper's order, each stated before the checks that decide it; the project's own claims (2:
corrections, sharpenings, hypotheses, measurements) follow the claim they qualify.
"""

from __future__ import annotations

import math
from dataclasses import replace
from fractions import Fraction

import numpy as np
import sympy as sp
from hypothesis import strategies as st

from specproof.checks.claims._shared.trsp_app_d import (
    pi_norm_sq_exact,
    pointwise_equality_exact,
    pointwise_sympy,
)
from specproof.engine import strategies as sst
from specproof.engine.methods import (
    combine,
    exact_counterexample,
    float_tolerance,
    fmt,
    probe_hypothesis,
    property_search,
    sympy_identity,
)
from specproof.engine.records import Tightness, Weakest
from specproof.engine.registry import Context, Evidence, Role, Source, Status, claim
from specproof.theory.markov import pi_norm

pointwise = claim(
    "trsp.D4.pointwise",
    title="Pointwise error from the π-weighted error",
    source=Source("TRSP", "App. D.4", "Lemma D.4"),
    statement=r"If $\pi_{\min}\ge c_\pi/T$ then $\|e\|_\infty\le\sqrt{T/c_\pi}\,\|e\|_{2,\pi}$ for every $e\in\mathbb{R}^T$.",
    expected=Status.PROVED,
    reason="The slack is a sum of nonnegative terms (sympy, with the maximiser's term split off); tight for the indicator of the lightest token when π_min = c_π/T.",
    prose="taking the maximising token: π_t|e_t|² ≤ ‖e‖²_(2,π) and π_t ≥ c_π/T",
    tests=["tests/test_trsp_appendix_d.py::test_pointwise_bound_is_tight_at_the_lightest_token"],
)


pointwise.decides(pointwise_sympy)


def _pointwise_cases():
    def build(args):
        T, seed, c = args
        rng = np.random.default_rng(seed)
        w = rng.random(T) + c
        pi = w / w.sum()
        e = rng.standard_normal(T) * 10.0 ** rng.uniform(-3, 3)
        if seed % 3 == 0:  # the extremal vector: all mass at the lightest token
            e = np.zeros(T)
            e[np.argmin(pi)] = 1.0
        return pi, e

    return st.tuples(sst.sizes(1, 64), st.integers(0, 2**31 - 1), st.floats(1e-3, 1.0, width=64)).map(build)


@pointwise.decides
def pointwise_float_search(ctx: Context) -> Evidence:
    """√(T/c_π)·‖e‖_{2,π} − ‖e‖_∞ ≥ 0 with c_π = T·π_min, equality at e = indicator of the lightest token."""
    stats = {"max_ratio": 0.0}

    def margin(case):
        pi, e = case
        T = pi.size
        bound = math.sqrt(T / (T * pi.min())) * pi_norm(e, pi)
        stats["max_ratio"] = max(stats["max_ratio"], np.abs(e).max() / bound)
        return (bound - np.abs(e).max()) / np.abs(e).max()

    ev = property_search(
        _pointwise_cases(),
        margin,
        what="‖e‖_∞ ≤ √(T/c_π)‖e‖_{2,π} (relative margin)",
        ctx=ctx,
        examples=200,
        tolerance=lambda c: float_tolerance(c[0].size, 1.0),
        allowance=(
            "relative margin: ‖e‖_{2,π}² sums T nonnegative terms (relative ≤ T·eps, halved by the root), π_min and "
            "√(T/(T·π_min)) a few eps more: ≤ 10·T·eps (the inequality holds for any positive weights π)"
        ),
        ranges="T ≤ 64, π ∝ uniform(c, 1+c), e Gaussian at scales 1e-3..1e3 or the lightest-token indicator",
        role=Role.SUPPORTS,
    )
    ev = replace(ev, sharpest=f"max ‖e‖_∞/(√(T/c_π)‖e‖_{{2,π}}) = {fmt(stats['max_ratio'])} (tight)")
    return ev


pointwise.supports(pointwise_equality_exact)


a2 = pointwise.hypothesis(
    "a2",
    title="Lemma D.4: (A2) is necessary",
    statement=r"(A2) $\pi_{\min}\ge c_\pi/T$ is necessary: a law with a small atom breaks $\|e\|_\infty\le\sqrt{T/c_\pi}\,\|e\|_{2,\pi}$.",
    expected=Status.CERTIFIED,
    reason="an exact counterexample",
    tightness=Tightness(
        "sharp",
        "pointwise_equality_exact (trsp.D4.pointwise): the indicator of the lightest token gives ‖e‖²_∞ = (T/c_π)‖e‖²_{2,π} exactly at c_π = Tπ_min",
        ratio=1.0,
        where={"e": "indicator of the lightest token", "c_π": "T·π_min"},
    ),
    weakest=Weakest(
        "needed",
        "d4_a2_probe: a small atom breaks it; the lightest-token indicator has ‖e‖²_∞/‖e‖²_{2,π} = 1/π_min exactly (pointwise_equality_exact), so every π_min < c_π/T fails and the floor cannot be lowered",
        hypothesis="(A2) floor on π_min",
        stated="π_min ≥ c_π/T",
        weakest="π_min ≥ c_π/T exactly",
    ),
    tests=["tests/test_trsp_d_hypotheses.py::test_exact_probes_refute_the_dropped_hypotheses"],
)


@a2.decides
def d4_a2_probe(ctx: Context) -> Evidence:
    """Drop (A2): π = (1/10, 9/10) with c_π = 1 (c_π/T = 1/2 > π_min), e = e₀: ‖e‖²_∞ = 1 > (T/c_π)‖e‖²_π = 1/5."""
    pi, c, e = [Fraction(1, 10), Fraction(9, 10)], 1, [1, 0]
    rhs = Fraction(len(pi), c) * pi_norm_sq_exact(e, pi)
    outcome = exact_counterexample(
        f"π = (1/10, 9/10), c_π = 1, e = e₀: ‖e‖²_∞ = 1 > (T/c_π)‖e‖²_{{2,π}} = {rhs}",
        "T = 2",
        rhs - 1,
        pi=["1/10", "9/10"],
        c_pi=c,
        e=e,
    )
    return probe_hypothesis("necessary", "(A2) π_min ≥ c_π/T", outcome, exact=True, role=Role.DECIDES)


normalisation = pointwise.hypothesis(
    "normalisation",
    title="Lemma D.4: neither Σπ = 1 nor stationarity is needed",
    statement=r"Not needed: $\sum_i\pi_i=1$ and stationarity (any positive weights). Unstated but forced by $\sum_i\pi_i=1$: $c_\pi\le1$, so the factor is always $\ge\sqrt T$, and the paper's 'when (A2) is tight the factor is $1/\sqrt{\pi_{\min}}$' holds exactly with $c_\pi=T\pi_{\min}$.",
    expected=Status.PROVED,
    reason="the lemma's sympy slack decomposition, which never uses Σπ = 1; the tight-case sentence by a sympy identity as a cross-check",
    prose="the slack decomposition is checked for any positive weights; the inequality follows term by term",
    tightness=Tightness(
        "sharp",
        "c_π ≤ 1 is attained by the uniform law (c_π = Tπ_min = 1), and the factor 1/√π_min is an equality at c_π = Tπ_min (pointwise_equality_exact; d4_tight_sentence_sympy)",
        ratio=1.0,
        where={"π": "uniform", "c_π": 1},
    ),
    weakest=Weakest(
        "qualitative",
        "structural (Σπ = 1, stationarity), no quantity: d4_normalisation_probe, any positive weights",
    ),
)


@normalisation.decides
def d4_normalisation_probe(ctx: Context) -> Evidence:
    """Neither Σπ = 1 nor stationarity is used: the sympy slack decomposition holds for any positive weights."""
    return probe_hypothesis(
        "not needed", "π a probability vector or stationary", pointwise_sympy(ctx), role=Role.DECIDES
    )


@normalisation.supports
def d4_tight_sentence_sympy(ctx: Context) -> Evidence:
    """Test "when (A2) is tight, π_min = Θ(1/T) and the factor is 1/√π_min": with πᵢ = π_min + uᵢ (uᵢ ≥ 0),
    Σπ − Tπ_min = Σuᵢ, so c_π ≤ Tπ_min ≤ 1 (unstated) and √(T/c_π) ≥ √T; at c_π = Tπ_min the factor is 1/√π_min."""
    T = sp.Symbol("T", integer=True, positive=True)
    i = sp.Symbol("i", integer=True, positive=True)
    p = sp.Symbol("pi_min", positive=True)
    u = sp.IndexedBase("u")
    parts = [
        sympy_identity(
            sp.Sum(p + u[i], (i, 1, T)).doit() - T * p,
            sp.Sum(u[i], (i, 1, T)),
            what="Σπᵢ − Tπ_min = Σ(πᵢ − π_min) ≥ 0, so Tπ_min ≤ 1 and c_π ≤ 1",
            role=Role.SUPPORTS,
        ),
        sympy_identity(
            sp.sqrt(T / (T * p)), 1 / sp.sqrt(p), what="√(T/c_π) = 1/√π_min at c_π = Tπ_min", role=Role.SUPPORTS
        ),
    ]
    return combine(
        parts,
        what="the sentence holds with 'tight' read as c_π = Tπ_min; c_π ≤ 1 is forced",
        method="sympy",
        ranges="every T, π",
        role=Role.SUPPORTS,
    )
