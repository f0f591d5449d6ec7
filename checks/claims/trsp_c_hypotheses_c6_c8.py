"""TRSP Appendix C, continued from trsp_c_hypotheses: which hypotheses Thm C.6 (μ₂, the bit lemma, Eq. 10, Eq. 11),
§C.3.3, Prop. C.7 and Thm C.8 need (claims ``<theorem id>.hypotheses``).
"""

from __future__ import annotations

import math
from dataclasses import replace
from fractions import Fraction

import flint
import numpy as np
import scipy.linalg
import sympy as sp
from hypothesis import strategies as st

from specproof.checks import strategies as sst
from specproof.checks.claims.trsp_c_common import TESTS as APPENDIX_TESTS
from specproof.checks.claims.trsp_c_hypotheses import TESTS, _eq7_gates, _gated_mode_exact, _nonnegative_attention
from specproof.checks.claims.trsp_c_mu2 import BALL_PRECISION, c6_sharp_pair_witness
from specproof.checks.claims.trsp_c_skeleton_safety import c3_simple_graph_mu2_certified
from specproof.checks.methods import (
    combine,
    exact_counterexample,
    float_tolerance,
    fmt,
    grid_check,
    probe_hypothesis,
    property_search,
    sympy_identity,
)
from specproof.checks.rates import bound_evidence, fit_rate
from specproof.checks.registry import Context, Evidence, Source, Status, check, claim
from specproof.theory.cayley import cayley_laplacian_spectrum, doubling_residues, simple_connection_set
from specproof.theory.filters import dyadic_schedule, floor_log2, tribox_matrix
from specproof.theory.offset_graphs import dyadic_offset_edges, laplacian_form, offset_laplacian
from specproof.theory.operators import TriBox
from specproof.theory.spectral import algebraic_connectivity, laplacian, stable_rank

# =========================================================================== C.3.2 Thm C.6 and the bit lemma


def _mode_ball(T: int, k: int, depth: int):
    """μ_k of the skeleton with layers ℓ < depth as an arb ball: Σ_ℓ 4 sin²(π r_ℓ/T), r_ℓ exact integers."""
    residues = doubling_residues(T, [k], depth)[:, 0]
    return sum((4 * (flint.arb.pi() * flint.fmpq(int(r), T)).sin() ** 2 for r in residues), flint.arb(0))


@check
def c6_depth_probe(ctx: Context) -> Evidence:
    """Drop 'layers ℓ = 0..L': D = L layers suffice (trsp.C6.bit-lemma.sharp); D = L − 1 fails at every T = 2^m − 1
    (a mode with μ_k < 2, arb balls); D ≤ L − 2 fails at every T: μ₁ ≤ (2π/T)²(4^D − 1)/3 < π²/12 once T ≥ 2^{D+2}."""
    found = []
    with flint.ctx.workprec(BALL_PRECISION):
        for m in range(4, 17 if ctx.wide else 15):
            T = 2**m - 1
            depth = floor_log2(T) - 1
            spectrum = cayley_laplacian_spectrum(T, [pow(2, ell, T) for ell in range(depth)])
            k = int(np.argmin(spectrum[1:])) + 1
            ball = _mode_ball(T, k, depth)
            if not ball < 2:
                return Evidence(Status.OPEN, "arb", f"T = {T}, k = {k}: the ball {ball} is not certified below 2")
            found.append((T, k, float(ball.mid())))
        fixed = []
        for D in range(1, 25):
            for T in (2 ** (D + 2), 2 ** (D + 2) + 1, 3 * 2 ** (D + 1), 2 ** (D + 3) - 1):
                ball = _mode_ball(T, 1, D)
                if not ball < 1:
                    return Evidence(Status.OPEN, "arb", f"D = {D}, T = {T}: μ₁ not certified below 1")
                fixed.append(float(ball.mid()))
    D = sp.Symbol("D", positive=True)
    bound = (2 * sp.pi / 2 ** (D + 2)) ** 2 * (4**D - 1) / 3
    tail = sympy_identity(
        sp.pi**2 / 12 - bound,
        sp.pi**2 / (12 * 4**D),
        what="at T = 2^{D+2}: π²/12 − (2π/T)²(4^D − 1)/3 = π²/(12·4^D) > 0 (and the bound falls with T)",
    )
    outcome = Evidence(
        Status.REFUTED,
        "arb",
        f"D = L − 1 layers: μ₂ < 2 at every T = 2^m − 1, m = 4..{m} (T = {found[0][0]}: μ_{found[0][1]} ≈ "
        f"{fmt(found[0][2])}; T = {found[-1][0]}: ≈ {fmt(found[-1][2])}); D ≤ L − 2: μ₁ < 1 certified at "
        f"{len(fixed)} (D, T), D = 1..24; {tail.summary}",
        ranges=(
            f"T = 2^m − 1 (m = 4..{m}); D in [1, 24] with T in {{2^(D+2), 2^(D+2)+1, 3·2^(D+1), 2^(D+3)−1}}; "
            f"{BALL_PRECISION}-bit balls"
        ),
        counterexample={
            "T": found[0][0],
            "k": found[0][1],
            "depth": floor_log2(found[0][0]) - 1,
            "mu_k": found[0][2],
            "precision": BALL_PRECISION,
        },
    )
    return probe_hypothesis(
        "necessary", "depth D ≥ ⌊log₂T⌋ (layers ℓ = 0..L−1 at least)", outcome, exact=True, role="decides"
    )


@check
def c6_gate_weights_probe(ctx: Context) -> Evidence:
    """Drop equal weights: with layer weights g_ℓ the mode T/2 (even T) is 4g₀; Eq. 7's g₀ ≤ T^{−φ} (exact)."""
    rows = []
    for m in range(2, 31):
        T = 2**m
        rows.append((T, _gated_mode_exact(T, T // 2, _eq7_gates(T))))
    T, mu = rows[1]
    outcome = exact_counterexample(
        "Eq. 7 gates g_ℓ = ½·2^ℓ/T (σ = ½, φ = 1): μ_(T/2) = 4g₀ = 2/T exactly at T = 2^m, m = 2..30 "
        f"(T = {T}: {mu} < 2)",
        "T = 2^m, m = 2..30",
        mu - 2,
        T=T,
        mu_T_half=mu,
        gates=[str(x) for x in _eq7_gates(T)],
    )
    if any(v != sp.Rational(2, t) for t, v in rows):
        return Evidence(Status.OPEN, "exact", "μ_(T/2) ≠ 2/T somewhere")
    return probe_hypothesis(
        "necessary", "equal weights on the layers (ungated skeleton)", outcome, exact=True, role="decides"
    )


@check
def c6_real_gated_stack(ctx: Context) -> Evidence:
    """The same gates on the real causal stack: its deepest layer (b = 2^L, g ≈ ½) couples every pair by itself, so
    μ₂ stays near ½ instead of vanishing like the gated skeleton's 2/T."""
    sizes = [16, 64, 256, 512]
    values = {}
    for T in sizes:
        M = sum(float(g) * tribox_matrix(T, b) for g, b in zip(_eq7_gates(T), dyadic_schedule(T)))
        L = laplacian((M + M.T) / 2)
        values[T] = (algebraic_connectivity(L), float(np.abs(L).sum(axis=1).max()))
    margin = min(min(mu - 0.45, 0.5 - mu) for mu, _ in values.values())
    tolerance = max(float_tolerance(T, norm) for T, (_, norm) in values.items())
    ok = margin >= -tolerance
    return Evidence(
        Status.VERIFIED if ok else Status.REFUTED,
        "dense-float",
        "real causal stack with Eq. 7 gates g_ℓ = ½·b_ℓ/T: μ₂ = "
        + ", ".join(f"{fmt(mu, 4)} (T = {T})" for T, (mu, _) in values.items())
        + ", inside [0.45, 0.5]: the collapse of the gated skeleton is an artefact of its single offset per layer",
        ranges=f"T in {sizes}",
        role="supports",
        worst_margin=margin,
        allowance=tolerance,
        allowance_note="eigvalsh of L = D − W within 10·T·eps·‖L‖₂, ‖L‖₂ ≤ ‖L‖∞ (the largest over the sizes)",
        counterexample=None if ok else {str(T): mu for T, (mu, _) in values.items()},
    )


@check
def c6_half_weight_probe(ctx: Context) -> Evidence:
    """App. C.1's W = ½(M + Mᵀ) halves Eq. 9 (trsp.C3.spectrum.hypotheses); μ₂ ≥ 2 survives because μ₂ ≥ 4 (equality
    at even T), certified by the witnesses of trsp.C6.mu2-lower.sharp."""
    return probe_hypothesis(
        "not needed", "weight 1 per edge (with ½(M + Mᵀ) μ₂ is ≥ 4/2 = 2)", c6_sharp_pair_witness(ctx), role="decides"
    )


def _nowrap_sizes(ctx: Context) -> list[int]:
    top = 160 if ctx.wide else 96
    return sorted(set(range(2, top + 1)) | {2**m + d for m in range(7, 10 if ctx.wide else 9) for d in (-1, 0, 1)})


@check
def c6_nowrap_unit_probe(ctx: Context) -> Evidence:
    """Drop the wrap-around, keep weight 1: the causal offset graph still has μ₂ ≥ 2 (equality at T = 2 and 4)."""
    sizes = _nowrap_sizes(ctx)

    def margin(T):
        L = offset_laplacian(T, dyadic_offset_edges(T, wrap=False), [1] * (floor_log2(T) + 1))
        return algebraic_connectivity(L) - 2

    ev = grid_check(
        sizes,
        margin,
        what="μ₂ ≥ 2 without wrap-around (weight 1 per edge)",
        method="dense-float",
        exact=False,
        tolerance=lambda T: float_tolerance(T, 4 * (floor_log2(T) + 1)),
        allowance="eigvalsh within 10·T·eps·‖L‖₂, ‖L‖₂ ≤ 2·max degree ≤ 4(⌊log₂T⌋ + 1)",
        ranges=f"T in [2, {160 if ctx.wide else 96}] and 2^m, 2^m ± 1 up to {max(sizes)}",
    )
    return probe_hypothesis("not needed", "wrap-around (with weight 1 per edge)", ev, role="decides")


@check
def c6_nowrap_half_probe(ctx: Context) -> Evidence:
    """Drop the wrap-around with App. C.1's ½(M + Mᵀ): the ramp x_n = 2n − T + 1 ⟂ 𝟏 has xᵀLx/xᵀx < 2 (exact)."""
    top = 300 if ctx.wide else 160
    worst = (Fraction(-1), None)
    for T in range(2, top + 1):
        edges = dyadic_offset_edges(T, wrap=False)
        x = [2 * n - T + 1 for n in range(T)]
        quotient = laplacian_form(edges, [Fraction(1, 2)] * (floor_log2(T) + 1), x) / sum(v * v for v in x)
        if quotient - 2 > worst[0]:
            worst = (quotient - 2, T)
    if worst[0] >= 0:
        return Evidence(Status.OPEN, "exact-rational", f"the ramp does not certify μ₂ < 2 at T = {worst[1]}")
    T = 8
    x = [2 * n - T + 1 for n in range(T)]
    q8 = laplacian_form(dyadic_offset_edges(T, wrap=False), [Fraction(1, 2)] * 4, x) / sum(v * v for v in x)
    outcome = exact_counterexample(
        "no wrap-around, W = ½(M + Mᵀ): the ramp's Rayleigh quotient bounds μ₂ below 2 at every T in "
        f"[2, {top}] (T = 8: μ₂ ≤ {q8}; closest to 2 at T = {worst[1]}, margin {fmt(float(worst[0]))})",
        f"every T in [2, {top}]",
        q8 - 2,
        T=T,
        vector="x_n = 2n − T + 1",
        rayleigh_quotient=q8,
    )
    return probe_hypothesis(
        "necessary", "wrap-around or weight 1 per edge (one of the two)", outcome, exact=True, role="decides"
    )


claim(
    id="trsp.C6.mu2-lower.hypotheses",
    title="Thm C.6: μ₂ ≥ 2 needs ⌊log₂T⌋ layers and ungated (equal) weights; wrap-around and the ½ are spare",
    source=Source("specproof", "App. C.3.2", "own"),
    statement=r"Unstated and necessary: (1) depth. The proof uses every layer $\ell=0..L$, $L=\lfloor\log_2T\rfloor$; "
    r"$D=L$ layers suffice (trsp.C6.bit-lemma.sharp), $D=L-1$ fails at $T=2^m-1$ for every $m$ checked ($T=15$: "
    r"$\mu_2\approx0.83$), and $D\le L-2$ fails at every $T$, with $\mu_2\le\mu_1\le(2\pi/T)^2(4^D-1)/3\to0$: a "
    r"model of fixed depth loses the bound as $T$ grows. (2) Equal weights: the superposition the network "
    r"realises carries Eq. 7's gate $g_\ell$ on layer $\ell$, and at even $T$ the mode $T/2$ sees only layer 0: "
    r"$\mu_{T/2}=4g_0$ exactly ($=2/T$ for $\sigma=\frac12$, $\varphi=1$), so $\mu_2\ge2$ needs $g_0\ge\frac12$; "
    r"in general $\mu_2\ge4\min_\ell g_\ell$, and for every gate parameter"
    r" $g_0=\sigma(\cdot)T^{-\varphi}<T^{-\varphi}$, so "
    r"the gated skeleton has $\mu_2<4T^{-\varphi}\to0$ at even $T$ (the real causal stack with the same gates keeps "
    r"$\mu_2\approx\frac12$, just under the causal ceiling $\frac T{2(T-1)}$ of trsp.network.causal-ceiling: its"
    r" deepest layer couples every pair by itself). Not needed: App. C.1's $\frac12(M+M^\top)$ (it halves $\mu_2$, "
    r"which stays $\ge2$ because $\mu_2\ge4$, with equality $2$ at even $T$), and the wrap-around with weight 1 "
    r"($\mu_2\ge2$ without it, equality at $T=2,4$); but the two together are: without wrap-around and with "
    r"$\frac12$ per edge, $\mu_2<2$ at every $T$ checked ($T=8$: $\le\frac{95}{84}$).",
    checks=[c6_depth_probe, c6_gate_weights_probe, c6_half_weight_probe, c6_nowrap_unit_probe, c6_nowrap_half_probe],
    cross_checks=[c6_real_gated_stack],
    expected=Status.VERIFIED,
    unproved="the wrap-around part rests on dense float eigensolves; the depth, gate and ½ parts are exact or arb",
    reason=(
        "depth: arb balls at T = 2^m − 1 and for D ≤ L − 2, with the sympy tail; gates: exact sin² at the mode T/2; "
        "the ½: the certified witnesses of the sharp bound; wrap-around: dense eigensolves (verified) and an exact "
        "Rayleigh quotient for the combined counterexample"
    ),
    uses=["trsp.C6.mu2-lower", "trsp.C6.bit-lemma.sharp", "trsp.C6.mu2-lower.sharp", "trsp.C3.spectrum.hypotheses"],
    tests=[f"{TESTS}::test_depth_l_minus_one_fails_at_fifteen", f"{TESTS}::test_gated_skeleton_mode_half_is_four_g0"],
)


@check
def c6_bits_expansion_probe(ctx: Context) -> Evidence:
    """Drop the terminating expansion: 1/4 = 0.0011…₂ has b₁ = b₂ = 0 yet lies in [1/4, 3/4) (T = 4, k = 1, ℓ = 0)."""
    psi = Fraction(1, 4)
    bits = [0, 0] + [1] * 60  # the non-terminating expansion of 1/4
    tail = sum(Fraction(b, 2 ** (j + 1)) for j, b in enumerate(bits))
    inside = Fraction(1, 4) <= psi < Fraction(3, 4)
    outcome = exact_counterexample(
        f"ψ = 1/4 = 0.00111…₂ (61 digits sum to {fmt(float(tail), 6)}, → 1/4): b₁ = b₂ = 0 but "
        f"ψ ∈ [1/4, 3/4) is {inside}",
        "T = 4, k = 1, ℓ = 0",
        -1 if inside and bits[0] == bits[1] else 1,
        psi=psi,
        digits="0.00111...",
    )
    return probe_hypothesis("necessary", "the terminating binary expansion", outcome, exact=True, role="decides")


@check
def c6_bits_depth_probe(ctx: Context) -> Evidence:
    """Drop a digit: with ℓ ≤ L − 2 only, ψ = 1/(2^m + 1) has no change — its first 1 is digit m + 1 (exact)."""
    for m in range(2, 41):
        T = 2**m + 1
        L = floor_log2(T)
        digits = [int(2 * r >= T) for r in doubling_residues(T, [1], L + 1)[:, 0]]  # b_1..b_{L+1}
        if any(digits[j] != digits[j + 1] for j in range(L - 1)) or digits[L - 1] == digits[L]:
            return Evidence(Status.OPEN, "exact-integer", f"T = {T}: a change among the first L digits")
    outcome = Evidence(
        Status.REFUTED,
        "exact-integer",
        "T = 2^m + 1, k = 1 (m = 2..40): b_1 = … = b_L = 0 and b_(L+1) = 1, so the first change is at "
        "ℓ = L − 1: the first L digits (ℓ ≤ L − 2) never suffice",
        ranges="T = 2^m + 1, m = 2..40",
        counterexample={"T": 5, "k": 1, "first_change_ell": 1},
    )
    return probe_hypothesis("necessary", "the digits up to L + 1 (ℓ ≤ L − 1)", outcome, exact=True, role="decides")


claim(
    id="trsp.C6.bit-lemma.hypotheses",
    title="The bit lemma: the terminating expansion is needed, and L + 1 digits are exactly enough",
    source=Source("specproof", "App. C.3.2", "own"),
    statement=r"Unstated and necessary: the terminating binary expansion of the dyadic $\psi$ that arise at even $T$. "
    r"With $\frac14=0.0011\ldots_2$, $b_1=b_2=0$ while $\frac14\in[\frac14,\frac34)$ ($T=4$, $k=1$). The range "
    r"of $\ell$: a change among the first $L+1$ digits always exists (trsp.C6.bit-lemma.sharp), but not among "
    r"the first $L$: $\psi=1/(2^m+1)$ has $b_1=\dots=b_L=0$, $b_{L+1}=1$.",
    checks=[c6_bits_expansion_probe, c6_bits_depth_probe],
    expected=Status.CERTIFIED,
    reason="exact fractions and integer digits",
    uses=["trsp.C6.bit-lemma", "trsp.C6.bit-lemma.sharp"],
    tests=[f"{APPENDIX_TESTS}::test_binary_digits_match_the_expansion"],
)


# =========================================================================== C.3.3 Eq. 10, Eq. 11, the dense variant


@check
def c6_upper_cap_probe(ctx: Context) -> Evidence:
    """Drop the cap b_ℓ = min(2^ℓ, T) (ℓ ≤ L): uncapped offsets 2^ℓ mod 3 alternate 1, 2, so D layers give μ₂ = 3D at
    T = 3, above 16π²/3 for D = 18 (arb ball)."""
    D = 18
    mu = sp.nsimplify(_gated_mode_exact(3, 1, [1] * D))
    with flint.ctx.workprec(BALL_PRECISION):
        slack = flint.arb(int(mu)) - 16 * flint.arb.pi() ** 2 / 3
        above = bool(slack > 0)
    outcome = Evidence(
        Status.REFUTED if above else Status.OPEN,
        "arb",
        f"T = 3, D = {D} uncapped layers: μ₁ = μ₂ = {mu} > 16π²/3 (ball margin {fmt(float(slack.mid()))})",
        ranges="T = 3",
        counterexample={"T": 3, "D": D, "mu2": str(mu), "precision": BALL_PRECISION},
    )
    return probe_hypothesis("necessary", "layers ℓ ≤ L only (the cap of Eq. 5)", outcome, exact=True, role="decides")


claim(
    id="trsp.C6.mu2-upper.hypotheses",
    title="Eq. 10: the upper bound needs ℓ ≤ L (the cap of Eq. 5)",
    source=Source("specproof", "App. C.3.3", "own"),
    statement=(
        r"The chain of Eq. 10 sums over $\ell\le L$ and uses $2^L\le T$ (stated in Eq. 5, not in the proof); Eq. 5's"
        r" cap $b_\ell=\min(2^\ell,T)$ "
        r"makes every deeper layer an offset $T\equiv0$. Without it (layers $\ell\ge L+1$ with offsets $2^\ell\bmod"
        r" T$) "
        r"$\mu_2$ grows with the depth: at $T=3$, $D$ layers give $\mu_2=3D>16\pi^2/3$ for $D=18$. Equal weights are "
        r"not needed here: gates $g_\ell\in[0,1]$ only lower each term."
    ),
    checks=[c6_upper_cap_probe],
    expected=Status.CERTIFIED,
    reason="exact μ₂ = 54 (sympy) against an arb ball of 16π²/3",
    uses=["trsp.C6.mu2-upper"],
    tests=[f"{TESTS}::test_uncapped_offsets_at_three"],
)


@check
def c6_gap_simple_degree_probe(ctx: Context) -> Evidence:
    """Drop the multigraph counting (loops of 2^L ≡ 0, parallel edges): the simple graph's degree r′ = |S′| lies in
    [L + 1, 2(L + 1)] for T ≥ 3 (exact), and 2 ≤ μ₂(simple) ≤ μ₂ < 7.4, so γ = Θ(1/log T) survives."""
    top = 4000
    ev = grid_check(
        range(3, top + 1),
        lambda T: min(
            len(simple_connection_set(T)) - (floor_log2(T) + 1), 2 * (floor_log2(T) + 1) - len(simple_connection_set(T))
        ),
        what="L + 1 ≤ |S′| ≤ 2(L + 1)",
        method="exact-integer",
        exact=True,
        ranges=f"every T in [3, {top}]",
    )
    return probe_hypothesis(
        "not needed",
        "the multigraph degree r = 2(L+1)",
        combine(
            [ev, c3_simple_graph_mu2_certified(ctx)],
            what="simple graph: degree and μ₂ ≥ 2",
            method="exact-integer",
            ranges=f"every T in [3, {top}]",
        ),
        role="decides",
    )


@check
def c6_gap_gates_probe(ctx: Context) -> Evidence:
    """Drop equal weights: with Eq. 7's gates the gated skeleton is regular of degree 2Σg_ℓ and γ ≤ 4g₀/(2Σg_ℓ) =
    2/(2T − 1) at T = 2^m: γ·(L + 1) → 0, not Θ(1) (exact)."""
    m = sp.Symbol("m", positive=True, integer=True)
    closed = lambda x: 2 * (sp.sympify(x) + 1) / (2 ** (sp.sympify(x) + 1) - 1)  # noqa: E731  (2(L+1)/(2T − 1), T = 2^m)
    for k in range(3, 31):
        T = 2**k
        gates = _eq7_gates(T)
        scaled = sp.nsimplify(_gated_mode_exact(T, T // 2, gates) / (2 * sp.Rational(sum(gates))) * (k + 1))
        if scaled != closed(k):
            return Evidence(Status.OPEN, "exact", f"T = 2^{k}: γ-bound·(L+1) = {scaled} is not 2(L+1)/(2T−1)")
    limit = sp.limit(closed(m), m, sp.oo)
    outcome = Evidence(
        Status.REFUTED if limit == 0 else Status.OPEN,
        "exact",
        f"γ·(L+1) ≤ 2(L+1)/(2T − 1) exactly at T = 2^m, m = 3..30 ({closed(3)} at T = 8), and it → {limit}: "
        "no constant c > 0 has γ ≥ c/(L+1)",
        ranges="T = 2^m, m = 3..30 exact, m → ∞ by the limit",
        counterexample={"T": 8, "gamma_times_levels_at_most": str(closed(3)), "limit": str(limit)},
    )
    return probe_hypothesis("necessary", "equal layer weights (Θ(1/log T))", outcome, exact=True, role="decides")


claim(
    id="trsp.C6.gap-rate.hypotheses",
    title="Eq. 11: γ = Θ(1/log T) needs ungated layers and the full depth; the multigraph degree is spare",
    source=Source("specproof", "App. C.3.3", "own"),
    statement=(
        r"Not needed (unstated): the multigraph counting in $r=2(L+1)$ (the loop $2^L\equiv0$ at $T=2^L$, parallel"
        r" edges): "
        r"the simple graph has $L+1\le r'\le2(L+1)$ for $T\ge3$ and $2\le\mu_2<7.4$ (the multigraph only adds "
        r"nonnegative weight, so by Weyl its $\mu_2<7.4$ bounds the simple graph's), so $\gamma=\Theta(1/\log T)$. "
        r"Necessary and unstated: equal weights — with Eq. 7's gates ($\sigma=\frac12$, $\varphi=1$)"
        r" $\gamma\le2/(2T-1)$ at "
        r"$T=2^m$, so $\gamma(L+1)\to0$; and the depth $D\ge L$ of trsp.C6.mu2-lower.hypotheses (fixed $D$: "
        r"$\gamma=\mu_2/(2D)=O(4^D/T^2)$)."
    ),
    checks=[c6_gap_simple_degree_probe, c6_gap_gates_probe, c6_depth_probe],
    expected=Status.CERTIFIED,
    reason="exact degrees and the certified simple-graph μ₂; exact gated modes; arb balls for the depth",
    uses=[
        "trsp.C6.gap-rate",
        "trsp.C3.spectrum.simple-graph",
        "trsp.C6.mu2-upper.sharp",
        "trsp.C6.mu2-lower.hypotheses",
    ],
    tests=[f"{TESTS}::test_gated_skeleton_mode_half_is_four_g0"],
)


@check
def c6_dense_depth_limits_sympy(ctx: Context) -> Evidence:
    """(1 − γ)^D with γ = a/x (x ~ log T): D fixed → 1, D = cx² → 0; only D = Θ(log T) gives Θ(1)."""
    a, c, x, D = sp.symbols("a c x D", positive=True)
    fixed = sp.limit((1 - a / x) ** D, x, sp.oo)
    square = sp.limit((1 - a / x) ** (c * x**2), x, sp.oo)
    ok = fixed == 1 and square == 0
    outcome = Evidence(
        Status.REFUTED if ok else Status.OPEN,
        "sympy",
        f"(1 − a/x)^D → {fixed} for fixed D (no contraction), (1 − a/x)^(cx²) → {square}",
        ranges="every a, c > 0",
        counterexample={"fixed_D_limit": str(fixed), "D_log_squared_limit": str(square)},
    )
    return probe_hypothesis(
        "necessary", "D = Θ(log T) (both sides) for a Θ(1) contraction", outcome, exact=True, role="decides"
    )


@check
def c6_dense_constant_sympy(ctx: Context) -> Evidence:
    """D = Θ(log T) with constant ½ is not enough: D = log₄T dense offsets reach √T only, γ·log₂T ≤ 4π²/(3·4^D) → 0."""
    D = sp.Symbol("D", positive=True, integer=True)
    T = 4**D
    bound = (2 * sp.pi / T) ** 2 * (4**D - 1) / 3 / (2 * D) * (2 * D)  # μ₁/(2D) times log₂T = 2D
    ev = sympy_identity(
        sp.simplify(4 * sp.pi**2 / (3 * 4**D) - bound),
        4 * sp.pi**2 / (3 * 16**D),
        what="at T = 4^D: 4π²/(3·4^D) − γ_bound·log₂T = 4π²/(3·16^D) > 0, so γ·log₂T → 0",
    )
    outcome = Evidence(
        Status.REFUTED if ev.status is Status.PROVED else Status.OPEN,
        "sympy",
        ev.summary,
        ranges="T = 4^D, every D ≥ 1",
        counterexample={"T": "4^D", "layers": "D = log_4 T"},
    )
    return probe_hypothesis(
        "necessary", "depth D ≥ log₂T − O(1) (Θ(log T) with constant 1)", outcome, exact=True, role="decides"
    )


claim(
    id="trsp.C6.dense-depth.hypotheses",
    title="§C.3.3: 'D = Θ(log T) is used only for the dense variant' is false",
    source=Source("specproof", "App. C.3.3", "own"),
    statement=r"The sentence fails: the standard (sparse) skeleton needs $D\ge\lfloor\log_2T\rfloor$ layers for "
    r"Thm C.6 and Eq. 11 (trsp.C6.mu2-lower.hypotheses: with fixed $D$, $\mu_2\to0$), so $D=\Omega(\log T)$ with "
    r"constant 1 is used by both variants. For the dense variant $D=\Theta(\log T)$ is necessary on both sides "
    r"($D$ fixed: $(1-\gamma)^D\to1$; $D\asymp\log^2T$: $\to0$), and its constant matters: $D=\log_4T$ layers of "
    r"offsets $2^0..2^{D-1}$ reach only $\sqrt T$, and $\gamma\log_2T\le4\pi^2/(3\cdot4^D)\to0$.",
    checks=[c6_depth_probe, c6_dense_depth_limits_sympy, c6_dense_constant_sympy],
    expected=Status.CERTIFIED,
    reason="arb balls for the sparse skeleton's depth; sympy limits and a sympy identity for the dense variant",
    uses=["trsp.C6.dense-depth", "trsp.C6.mu2-lower.hypotheses"],
    tests=[f"{TESTS}::test_depth_l_minus_one_fails_at_fifteen"],
)


# =========================================================================== C.4 Prop. C.7 and Thm C.8


@check
def c7_signed_attention_probe(ctx: Context) -> Evidence:
    """Drop A_attn ≥ 0: the signed row-stochastic A = (1+g)J/T − gI, b = 1, g = 1/2, T = 32 breaks Eq. 12 (exact)."""
    T, g = 32, Fraction(1, 2)
    # ℳ = I + A + gI = I + (1+g)J/T: ‖ℳ‖_F² = T + 2(1+g) + (1+g)²; M_tri = I for b = 1, ‖M_tri‖_F² = T
    lhs = T + 2 * (1 + g) + (1 + g) ** 2
    rhs = T + g * g * T
    outcome = exact_counterexample(
        f"T = 32, b = 1, g = 1/2, A = (3/2)J/T − I/2 (rows sum to 1): ‖ℳ‖_F² = {lhs} < {rhs}",
        "T = 32",
        lhs - rhs,
        attention="(1+g)J/T - g I",
        lhs=lhs,
        rhs=rhs,
    )
    return probe_hypothesis("necessary", "nonnegative attention weights", outcome, exact=True, role="decides")


@check
def c7_negative_gate_probe(ctx: Context) -> Evidence:
    """Drop g ≥ 0: g = −1, A = I, b = 1 gives ℳ = I, ‖ℳ‖_F² = T < 2T (exact, T = 1)."""
    T, g = 1, -1
    lhs, rhs = T * (1 + 1 + g) ** 2, T + g * g * T
    outcome = exact_counterexample(
        f"g = −1, A = I, b = 1: ‖ℳ‖_F² = {lhs}T < {rhs}T", "every T (shown at T = 1)", lhs - rhs, g=g, lhs=lhs, rhs=rhs
    )
    return probe_hypothesis("necessary", "g ≥ 0", outcome, exact=True, role="decides")


def _has_kernel_row(T: int, b: int) -> bool:
    """Does some row t of M_tri^(b) equal the kernel, (M)_{t,t−r} = h_b(r) for r = 0..2b−2 and 0 elsewhere? Exact."""
    M = tribox_matrix(T, b, exact=True)
    h = [Fraction(b - abs(r - (b - 1)), b * b) for r in range(2 * b - 1)]
    for t in range(2 * b - 2, T):
        want = [Fraction(0)] * T
        for r, v in enumerate(h):
            want[t - r] = v
        if list(M[t]) == want:
            return True
    return False


@check
def c7_interior_rows_probe(ctx: Context) -> Evidence:
    """'Each (interior) row of M_tri is h': a row that is a copy of h_b exists iff T ≥ 2b − 1; the deepest layer
    b = 2^L has one only at T = 2^{L+1} − 1 (exact rationals)."""
    top = 48
    wrong = [
        (T, b)
        for T in range(2, top + 1)
        for b in sorted(set(dyadic_schedule(T)))
        if _has_kernel_row(T, b) != (T >= 2 * b - 1)
    ]
    if wrong:
        return Evidence(Status.OPEN, "exact-rational", f"copies of h_b do not follow T ≥ 2b − 1 at {wrong[:3]}")
    deepest = [T for T in range(2, top + 1) if _has_kernel_row(T, 2 ** floor_log2(T))]
    outcome = Evidence(
        Status.REFUTED,
        "exact-rational",
        f"every T in [2, {top}] and layer b = min(2^ℓ, T): some row of M_tri is a copy of h_b iff T ≥ 2b − 1; the "
        f"deepest layer b = 2^L has one only at T = {', '.join(map(str, deepest))} (2^(L+1) − 1), e.g. none at "
        "T = 4, b = 4",
        ranges=f"every T in [2, {top}], every layer",
        counterexample={"T": 4, "b": 4},
    )
    return probe_hypothesis(
        "necessary", "T ≥ 2b − 1 (interior rows, for the rows to carry h_b)", outcome, exact=True, role="decides"
    )


@check
def c7_row_sums_probe(ctx: Context) -> Evidence:
    """Drop row sums 1 and g ≤ 1: the proof needs only A ≥ 0 and g ≥ 0."""
    strategy = sst.size_and_bandwidth(24).flatmap(
        lambda tb: st.tuples(
            st.just(tb[1]),
            st.one_of(st.floats(0.0, 1.0, width=64), st.floats(1.0, 50.0, width=64)),
            _nonnegative_attention(tb[0]),
        )
    )

    def parts(case):
        b, g, A = case
        T = len(A)
        M = TriBox(T, b).as_matrix()
        return np.sum((np.eye(T) + A + g * M) ** 2), T + g * g * np.sum(M**2)

    ev = property_search(
        strategy,
        lambda case: float(np.subtract(*parts(case))),
        what="‖I + A + gM_tri‖_F² ≥ T + g²‖M_tri‖_F² for A ≥ 0 of any row sums, g ∈ [0, 50]",
        ctx=ctx,
        examples=120,
        wide_examples=1500,
        tolerance=lambda case: float_tolerance(len(case[2]) ** 2, parts(case)[0]),
        allowance=(
            "both sides sum T² nonnegative squares of entries formed from nonnegative terms: each within "
            "(T² + 3)·eps relatively, and the right side ≤ the left where the margin is near 0"
        ),
        ranges=(
            "T in [1, 24] incl. 2^m ± 1, b in {1, T, T+1, 2T+3, random}, g in [0, 50], A ≥ 0 "
            "(row-stochastic kinds, rows rescaled by [0, 10])"
        ),
    )
    return probe_hypothesis("not needed", "row sums 1 and g ≤ 1", ev, role="decides")


claim(
    id="trsp.C7.frobenius.hypotheses",
    title="Prop. C.7: nonnegative attention and g ≥ 0 are needed; row sums and g ≤ 1 are not",
    source=Source("specproof", "App. C.4", "own"),
    statement=r"The inequality $\|\mathcal M\|_F^2\ge T+g^2\|M_{\rm tri}\|_F^2$ needs $A_{\rm attn}\ge0$ entrywise "
    r"(stated): the signed row-stochastic $A=\frac32J/T-\frac12I$ ($b=1$, $g=\frac12$, $T=32$) gives "
    r"$\frac{149}4<40$; and $g\ge0$ (stated as $g\in(0,1)$; $g=-1$, $A=I$, $b=1$: $T<2T$). It does not need row "
    r"sums 1 or $g\le1$. The energy step 'each (interior) row of $M_{\rm tri}$ is $h$' needs, unstated, "
    r"$T\ge2b-1$: only then is any row a copy of $h_b$, and the deepest layer $b=2^L$ has such a row only at "
    r"$T=2^{L+1}-1$ (none at $T=4$, $b=4$), so for every layer with $b>(T+1)/2$ (the deepest one at almost every $T$) "
    r"Eq. 13 describes no row at all.",
    checks=[c7_signed_attention_probe, c7_negative_gate_probe, c7_interior_rows_probe, c7_row_sums_probe],
    expected=Status.VERIFIED,
    unproved=(
        "the necessities are exact counterexamples, but 'row sums and g ≤ 1 are not needed' is a property search over"
        " nonnegative patterns, not an argument for every pattern"
    ),
    reason=(
        "two exact counterexamples (Fractions); a property search over nonnegative patterns of any row sums and "
        "gates up to 50"
    ),
    uses=["trsp.C7.frobenius"],
    tests=[f"{TESTS}::test_signed_attention_breaks_eq12", f"{TESTS}::test_kernel_rows_need_interior_rows"],
)


@check
def c8_spectral_distal_probe(ctx: Context) -> Evidence:
    """Drop 'fixed b': for distal b ∈ {T/2, T}, Schur's √(‖M_tri‖₁‖M_tri‖∞) is O(log T), still o(√T)."""
    Ts = [2**m for m in range(6, 19 if ctx.wide else 15)]
    parts = []
    for name, width in (("T/2", lambda T: T // 2), ("T", lambda T: T)):
        schur = []
        for T in Ts:
            op = TriBox(T, width(T))
            schur.append(math.sqrt(float(op.column_sums().max()) * float(op.mv(np.ones(T)).max())))
        fit = fit_rate(Ts, schur, np.log, "(ln T)", {"√T": np.sqrt}, scale="loglog")
        parts.append(
            bound_evidence(
                fit, side="upper", what=f"b = {name}: Schur bound / ln T does not grow", ranges=f"T = {Ts[0]}..{Ts[-1]}"
            )
        )
    ev = combine(
        parts,
        what="Schur's bound is O(log T) = o(√T) for b = Θ(T)",
        method="sweep-fit",
        ranges=f"b in {{T/2, T}}, T = {Ts[0]}..{Ts[-1]} (dyadic)",
    )
    return probe_hypothesis("not needed", "fixed b (for ‖M_tri‖₂ = o(√T))", ev, role="decides")


claim(
    id="trsp.C8.spectral-norm.hypotheses",
    title="‖M_tri‖₂ = o(√T) does not need a fixed bandwidth",
    source=Source("specproof", "App. C.4", "own"),
    statement=(
        r"The proof of Thm C.8 reads $\|M_{\rm tri}\|_2=o(\sqrt T)$ for fixed $b$; it holds for every $b$: Schur's "
        r"bound $\sqrt{\|M_{\rm tri}\|_1\|M_{\rm tri}\|_\infty}$ is $O(\log T)$ for the distal $b\in\{T/2,T\}$, and "
        r"$\|M_{\rm tri}\|_2\le5$ uniformly in $T$ and $b$ (trsp.C8.spectral-norm.sharp). The bound $\|\mathcal M\|_2^2"
        r"\le T+o(T)$ of Eq. 15 therefore needs no bandwidth hypothesis either."
    ),
    checks=[c8_spectral_distal_probe],
    expected=Status.VERIFIED,
    unproved=(
        "the o(√T) for b = T/2 is a one-sided rate fit over dyadic T of exact column and row sums; no written bound for"
        " growing bandwidth"
    ),
    reason=(
        "O(T) column and row sums of the matrix-free triBox for b = T/2, T over dyadic T; a one-sided rate fit "
        "(the ratio to ln T does not grow, √T ruled out)"
    ),
    uses=["trsp.C8.spectral-norm", "trsp.C8.spectral-norm.sharp"],
    tests=[f"{APPENDIX_TESTS}::test_box_norm_below_hardy_bound"],
)


@check
def c8_any_attention_probe(ctx: Context) -> Evidence:
    """Drop the sink: for every row-stochastic A ≥ 0, ‖A‖₂ ≤ √(‖A‖₁‖A‖∞) ≤ √T, so the proof's finite-T bound
    R_eff ≥ (T + g²‖M_tri‖_F²)/(1 + √T + g‖M_tri‖₂)² holds whatever attention does."""
    strategy = sst.size_and_bandwidth(24).flatmap(
        lambda tb: st.tuples(st.just(tb[1]), st.floats(0.0, 1.0, width=64), sst.row_stochastic(tb[0]))
    )

    def margin(case):
        b, g, A = case
        T = len(A)
        M = TriBox(T, b).as_matrix()
        ops = np.eye(T) + A + g * M
        bound = (T + g * g * np.sum(M**2)) / (1 + math.sqrt(T) + g * scipy.linalg.svdvals(M)[0]) ** 2
        return min(stable_rank(ops) - bound, math.sqrt(T) - scipy.linalg.svdvals(A)[0])

    ev = property_search(
        strategy,
        margin,
        what="‖A‖₂ ≤ √T and R_eff(I + A + gM_tri) ≥ (T + g²‖M‖_F²)/(1 + √T + g‖M‖₂)²",
        ctx=ctx,
        examples=120,
        wide_examples=1500,
        tolerance=lambda case: float_tolerance(len(case[2]), 6 * len(case[2]) + 6),
        allowance=(
            "svdvals of ℳ, A and M each within 10·T·eps relatively, squared twice that, the sums within T·eps: "
            "R_eff ≤ T and the bound ≤ 1 + T each within 3·10·T·eps·(T + 1), √T − ‖A‖₂ within 10·T·eps·√T"
        ),
        ranges=(
            "T in [1, 24], b in {1, T, T+1, 2T+3, random}, g in [0, 1], row-stochastic attention "
            "(random, sink, banded, causal, disconnected, permutation, identity)"
        ),
    )
    return probe_hypothesis("not needed", "a rank-one sink (any row-stochastic attention)", ev, role="decides")


@check
def c8_row_stochastic_probe(ctx: Context) -> Evidence:
    """Drop row sums 1: the unnormalised sink A = T·𝟏e₁ᵀ (b = 1) sends R_eff → 1 < 1 + g² (sympy limit of an upper
    bound).
    """
    T, g = sp.symbols("T g", positive=True)
    a, s = 1 + g, T  # ℳ = aI + s𝟏e₁ᵀ for b = 1 (M_tri = I)
    frob = (a + s) ** 2 + (T - 1) * s**2 + (T - 1) * a**2
    top = (a + s) ** 2 + (T - 1) * s**2  # ‖ℳe₁‖² ≤ ‖ℳ‖₂²
    limit = sp.limit(frob / top, T, sp.oo)
    outcome = Evidence(
        Status.REFUTED if limit == 1 else Status.OPEN,
        "sympy",
        f"ℳ = (1+g)I + T𝟏e₁ᵀ: R_eff ≤ ‖ℳ‖_F²/‖ℳe₁‖² → {limit} < 1 + g²",
        ranges="T → ∞, every g > 0",
        counterexample={"attention": "T * ones e_1^T", "limit_of_upper_bound": str(limit)},
    )
    return probe_hypothesis("necessary", "row-stochastic attention (‖A‖₂ ≤ √T)", outcome, exact=True, role="decides")


@check
def c8_zero_gate_probe(ctx: Context) -> Evidence:
    """'Since g > 0 … the limit exceeds 1': at g = 0, R_eff(I + 𝟏e₁ᵀ) = (2T + 2)/λ₊, λ₊ = (T + 4 + √((T+4)² − 16))/2 →
    2.
    """
    T = sp.Symbol("T", positive=True)
    lam = (T + 4 + sp.sqrt((T + 4) ** 2 - 16)) / 2
    exact = []
    for n in range(2, 9):
        M = sp.eye(n) + sp.Matrix(n, n, lambda i, j: 1 if j == 0 else 0)
        G = M.T * M
        x = sp.Symbol("x")
        exact.append(sp.expand(G.charpoly(x).as_expr() - (x - 1) ** (n - 2) * (x**2 - (n + 4) * x + 4)) == 0)
    limit = sp.limit((2 * T + 2) / lam, T, sp.oo)
    ok = all(exact) and limit == 2
    ev = Evidence(
        Status.CERTIFIED if ok else Status.OPEN,
        "sympy",
        "charpoly of (I + 𝟏e₁ᵀ)ᵀ(I + 𝟏e₁ᵀ) is (x−1)^(T−2)(x² − (T+4)x + 4) at T = 2..8 (exact) and "
        f"(2T + 2)/λ₊ → {limit} > 1: the residual path alone keeps R_eff away from 1",
        ranges="T = 2..8 exact, T → ∞ by the symbolic limit",
        worst_margin=float(limit - 1),
    )
    return probe_hypothesis("not needed", "g > 0 (for R_eff > 1)", ev, role="decides")


@check
def c8_bandwidth_probe(ctx: Context) -> Evidence:
    """Drop b = O(1): distal b ∈ {T/2, T} keep R_eff ≥ 1 + g²‖M_tri‖_F²/T and R_eff ≥ (2T + 2)/(1 + √T + g‖M_tri‖₂)² >
    1,
    since ℳ ≥ I + 𝟏e₁ᵀ entrywise gives ‖ℳ‖_F² ≥ 2T + 2."""
    cases = [(T, b, g) for T in (64, 128, 256, 512) for b in (T // 2, T) for g in (0.5, 0.9)]
    seen = {}

    def margin(case):
        T, b, g = case
        M = TriBox(T, b).as_matrix()
        ops = np.eye(T) + g * M
        ops[:, 0] += 1.0
        r = stable_rank(ops)
        certificate = (2 * T + 2) / (1 + math.sqrt(T) + g * scipy.linalg.svdvals(M)[0]) ** 2
        seen[case] = r
        return min(r - (1 + g * g * np.sum(M**2) / T), r - certificate, certificate - 1)

    ev = grid_check(
        cases,
        margin,
        what="R_eff(I + 𝟏e₁ᵀ + gM_tri) ≥ 1 + g²‖M_tri‖_F²/T and ≥ (2T+2)/(1+√T+g‖M_tri‖₂)² > 1 for distal b",
        method="dense-float",
        exact=False,
        tolerance=lambda case: float_tolerance(case[0], 3 * 2.0),
        allowance=(
            "R_eff = ‖ℳ‖_F²/‖ℳ‖₂² and the certificate: svdvals within 10·T·eps relatively (twice when squared), "
            "the sums within T·eps; both ≤ 2 + 2g/b² + g² < 3 here, so each within 3·10·T·eps·2"
        ),
        ranges="T in {64, 128, 256, 512}, b in {T/2, T}, g in {0.5, 0.9}",
    )
    by_T = {T: [r for (t, _, _), r in seen.items() if t == T] for T in (64, 512)}
    ev = replace(
        ev,
        summary=ev.summary + f"; R_eff in [{fmt(min(by_T[64]))}, {fmt(max(by_T[64]))}] at T = 64, "
        f"[{fmt(min(by_T[512]))}, {fmt(max(by_T[512]))}] at T = 512 (rising to 2)",
    )
    return probe_hypothesis("not needed", "bounded bandwidth b = O(1) (for R_eff > 1)", ev, role="decides")


claim(
    id="trsp.C8.rank-floor.hypotheses",
    title="Thm C.8: the sink, g > 0 and b = O(1) are not needed; row-stochastic attention is",
    source=Source("specproof", "App. C.4", "own"),
    statement=(
        r"All four hypotheses are stated. Not needed: the rank-one sink — for every row-stochastic $A\ge0$,"
        r" $\|A\|_2\le\sqrt T$ (Schur) and the "
        r"proof's bound $R_{\rm eff}\ge(T+g^2\|M_{\rm tri}\|_F^2)/(1+\sqrt T+g\|M_{\rm tri}\|_2)^2$ holds at every "
        r"$T$ (triangle inequality and Prop. C.7; searched for $T\le24$), so $\liminf R_{\rm eff}\ge1+g^2\|h_b\|^2$"
        r" whatever attention does; $g>0$ — it is needed for the paper's "
        r"bound $1+g^2E_b>1$ ('since $g>0$ … the limit exceeds 1') but not for its conclusion: at $g=0$, "
        r"$R_{\rm eff}(I+\mathbf1e_1^\top)=(2T+2)/\lambda_+\to2$ (the residual path, not the side path, keeps the "
        r"rank away from the sink's 1); and $b=O(1)$ — distal $b\in\{T/2,T\}$ keep "
        r"$R_{\rm eff}\ge(2T+2)/(1+\sqrt T+g\|M_{\rm tri}\|_2)^2>1$ (as $\mathcal M\ge I+\mathbf1e_1^\top$ entrywise),"
        r" with $R_{\rm eff}$ rising from $1.63$ ($T=64$) to $1.94$ ($T=512$) towards $2$. Necessary: row sums 1 — the"
        r" unnormalised sink $T\mathbf1e_1^\top$ ($b=1$) sends "
        r"$R_{\rm eff}\to1<1+g^2$."
    ),
    checks=[c8_any_attention_probe, c8_zero_gate_probe, c8_bandwidth_probe, c8_row_stochastic_probe],
    expected=Status.VERIFIED,
    unproved=(
        "the sink part is a property search over row-stochastic patterns and the distal bandwidths are dense float"
        " stable ranks; the g = 0 and unnormalised parts are exact"
    ),
    reason=(
        "a property search over row-stochastic patterns for the sink; exact characteristic polynomials and a "
        "sympy limit at g = 0; dense stable ranks for distal bandwidths; a sympy limit for unnormalised attention"
    ),
    uses=["trsp.C8.rank-floor", "trsp.C8.rank-floor.limit", "trsp.C8.spectral-norm.sharp"],
    tests=[f"{TESTS}::test_zero_gate_sink_charpoly"],
)
