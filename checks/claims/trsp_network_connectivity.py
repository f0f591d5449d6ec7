"""The operator a TRSP network computes: its layers composed over a depth D fixed at build time, against (continued from
:mod:`trsp_network`): the claims from trsp.network.connectivity to trsp.network.fixed-depth-bound, in registry order.
"""

from __future__ import annotations

import math
from dataclasses import replace
from fractions import Fraction

import numpy as np
import sympy as sp

from specproof.checks.claims.trsp_network import (  # defined with the claims before these
    DEPTHS,
    EXACT_GATES,
    TESTS,
    _cases,
    _exact_network,
    _rows,
    _sweep_range,
)
from specproof.checks.methods import (
    combine,
    derivation,
    fmt,
    grid_check,
    open_evidence,
    sympy_identity,
)
from specproof.checks.registry import Context, Evidence, Source, Status, check, claim
from specproof.theory import network as nw
from specproof.theory.filters import dyadic_schedule, tribox_matrix
from specproof.theory.operators import Identity, Sink
from specproof.theory.spectral import algebraic_connectivity, laplacian

# --------------------------------------------------------------------------- connectivity (C.1, C.6)


def converged(row: dict, column: str) -> bool:
    """Whether a stored μ₂/γ column (e.g. "mu2_d2") converged; a "bracket-only" one gives only its upper end."""
    return row.get(f"{column}_status") == "converged"


def _bracket_only(rows: list[dict], quantity: str, tags=tuple(DEPTHS)) -> list:
    return [(r["x"], tag) for r in rows for tag in tags if not converged(r, f"{quantity}_{tag}")]


def _range_over_rows(ctx, kinds, column, lo, hi, what, hi_name=None):
    """lo ≤ column ≤ hi on every stored (T, depth); ``hi`` a number or (row, tag) ↦ bound. A "bracket-only" column
    (residual above the 1e-9 tolerance) is read with its wider bracket when that bracket's lower end is positive
    (θ − ‖r‖: the same residual bound a converged column's lower end is), and named in the summary; one whose lower
    end is not positive decides nothing and leaves its model's part open."""
    evidence = []
    for kind in kinds:
        rows = _rows(ctx, kind)
        by_T, cases = _cases(rows)
        wide = _bracket_only(rows, column)
        unread = [c for c in wide if by_T[c[0]][f"{column}_{c[1]}_lower"] <= 0]
        if unread:
            evidence.append(
                open_evidence(
                    f"{kind}: {len(unread)} (T, depth) without a positive lower end, first {unread[0]}: not read",
                    method="sweep-bracket",
                    ranges=_sweep_range(rows, kind, ctx),
                )
            )
            continue
        top = (lambda row, tag: hi) if not callable(hi) else hi
        # the bracket must clear lo and meet [lo, hi]: its upper end may pass a proved hi by the rounding allowance
        # (10·T·eps·‖L‖, 2e-3 under the sink at 2^20, where token 1's degree is ~T/2), its lower end may not
        reach = (
            (lambda row, tag: row[f"{column}_{tag}_lower"])
            if callable(hi)
            else (lambda row, tag: row[f"{column}_{tag}_upper"])
        )
        ev = grid_check(
            cases,
            lambda c: min(by_T[c[0]][f"{column}_{c[1]}_lower"] - lo, top(by_T[c[0]], c[1]) - reach(by_T[c[0]], c[1])),
            what=f"{kind}: {fmt(lo)} ≤ {what} ≤ {hi_name or fmt(hi)}",
            method="sweep-bracket",
            exact=False,
            ranges=_sweep_range(rows, kind, ctx),
        )
        values = [r[f"{column}_{tag}"] for r in rows for tag in DEPTHS]
        loose = "".join(
            f"; bracket-only (residual {fmt(by_T[T][f'{column}_{tag}_residual'], 2)} > 1e-9), read with its "
            f"bracket [{fmt(by_T[T][f'{column}_{tag}_lower'], 5)}, {fmt(by_T[T][f'{column}_{tag}_upper'], 5)}]: "
            f"T = {T}, {DEPTHS[tag]}"
            for T, tag in wide
        )
        evidence.append(
            replace(ev, summary=ev.summary + f" (measured {fmt(min(values), 4)} … {fmt(max(values), 4)}){loose}")
        )
    return combine(evidence, what=what, method="sweep-bracket", ranges="; ".join(e.ranges for e in evidence))


@check
def network_mu2_range(ctx: Context) -> Evidence:
    """1/3 ≤ μ₂(L(P_D)) ≤ its causal ceiling T(1 − (P_D)_TT)/(2(T − 1)), converged brackets of every stored T and
    depth, for the three attention models (the rows carry the ceiling; the store refuses a row above it)."""
    return _range_over_rows(
        ctx,
        ("uniform", "sink", "softmax"),
        "mu2",
        1 / 3,
        lambda row, tag: row[f"ceiling_{tag}"],
        "μ₂(L(P_D))",
        hi_name="the causal ceiling",
    )


FIXED_LIMIT = {"d2": 3 / 8, "d4": 15 / 32}  # (1 − 2^−D)/2: the ceiling's limit when (P_D)_TT → 2^−D


def _resolving(rows: list[dict], column: str, width: float) -> tuple[list, list]:
    """Rows whose converged bracket for ``column`` is narrower than ``width`` (it resolves the statement), and the
    T of the others (bracket-only, or an allowance too wide: the sink's token 1 has degree ~T/2)."""
    keep = [r for r in rows if converged(r, column) and r[f"{column}_upper"] - r[f"{column}_lower"] < width]
    return keep, [r["x"] for r in rows if r not in keep]


@check
def network_mu2_fixed_depth_limit(ctx: Context) -> Evidence:
    """At D = 2 and 4, μ₂ approaches the ceiling's limit (1 − 2^−D)/2: over the stored T ≥ 1024 whose bracket is
    narrower than 1e-5, the signed distance (1 − 2^−D)/2 − μ₂ is positive (μ₂ below the limit), bracket and all,
    and strictly shrinking on the rows after its last sign change (at least 3 of them), at the largest at most half
    of what it is at the first of them; the rows before a sign change (μ₂ above the limit at small T) are listed,
    not hidden. (A fixed threshold such as 1e-4 would judge the solver's resolution: under the sink the brackets
    resolve the distance only to T = 16384, where it is 1.5e-4.)"""
    parts, data = [], {}
    for kind in ("uniform", "sink", "softmax"):
        rows = [r for r in _rows(ctx, kind) if r["x"] >= 1024]
        for tag, limit in FIXED_LIMIT.items():
            read, unread = _resolving(rows, f"mu2_{tag}", 1e-5)
            near = [limit - r[f"mu2_{tag}_lower"] for r in read]  # the distance's upper end
            far = [limit - r[f"mu2_{tag}_upper"] for r in read]  # and its lower end
            start = next((i for i in range(len(read)) if all(f > 0 for f in far[i:])), len(read))
            tail, gaps = read[start:], near[start:]
            listing = ", ".join(f"{fmt(g, 2)} (T = {r['x']})" for r, g in zip(read, near))
            extra = f"; not resolved (bracket ≥ 1e-5): T = {', '.join(map(str, unread))}" if unread else ""
            above = f"; above the limit first (T = {', '.join(str(r['x']) for r in read[:start])})" if start else ""
            data[f"{kind}_{tag}"] = {str(r["x"]): g for r, g in zip(read, near)}
            if len(tail) < 3:
                parts.append(
                    open_evidence(
                        f"{kind}, {DEPTHS[tag]}: fewer than 3 resolved rows below the limit: {listing}{extra}",
                        method="sweep-bracket",
                        ranges=f"stored T ≥ 1024 of network-{kind}",
                    )
                )
                continue
            shrinking = all(b < a for a, b in zip(gaps, gaps[1:]))
            ok = shrinking and gaps[-1] <= gaps[0] / 2
            summary = f"{kind}, {DEPTHS[tag]}: (1 − 2^−D)/2 − μ₂ ≤ {listing}{above}{extra}"
            parts.append(
                Evidence(
                    Status.VERIFIED if ok else Status.REFUTED,
                    "sweep-bracket",
                    summary,
                    ranges=f"stored T ≥ 1024 of network-{kind}",
                    worst_margin=gaps[0] / 2 - gaps[-1],
                    counterexample=None if ok else {"kind": kind, "depth": tag, "distances": gaps},
                )
            )
    ev = combine(
        parts,
        what="fixed depth: μ₂ → (1 − 2^−D)/2, from below once T is large",
        method="sweep-bracket",
        ranges="; ".join(dict.fromkeys(p.ranges for p in parts)),
    )
    return replace(ev, data={**ev.data, "distances": data})


@check
def network_mu2_full_depth_falls(ctx: Context) -> Evidence:
    """At D = ⌊log₂T⌋+1: under uniform and softmax attention μ₂ falls away from ½ (disjoint brackets, strictly
    decreasing over the stored T ≥ 4096; no collapse: the escape stays above ½); under the sink ½ − μ₂ stays in
    [0, 1e-4] wherever the bracket resolves it (narrower than 1e-5)."""
    parts = []
    for kind in ("uniform", "softmax", "sink"):
        rows = [r for r in _rows(ctx, kind) if r["x"] >= 4096]
        if kind == "sink":
            read, unread = _resolving(rows, "mu2_full", 1e-5)
            listing = ", ".join(f"{fmt(r['mu2_full'], 6)} (T = {r['x']})" for r in read)
            worst = (
                max(max(0.5 - r["mu2_full_lower"], r["mu2_full_upper"] - 0.5 - 1e-4) for r in read)
                if read
                else math.inf
            )
            ok = bool(read) and worst <= 1e-4
            parts.append(
                Evidence(
                    Status.VERIFIED if ok else Status.OPEN if not read else Status.REFUTED,
                    "sweep-bracket",
                    f"sink: μ₂ = {listing}" + (f"; not resolved: T = {', '.join(map(str, unread))}" if unread else ""),
                    ranges="stored T ≥ 4096 of network-sink",
                    worst_margin=1e-4 - worst if read else None,
                    counterexample=None if ok or not read else {"worst": worst},
                )
            )
            continue
        if any(r["mu2_full_lower"] <= 0 for r in rows):
            parts.append(
                open_evidence(f"{kind}: a full-depth bracket without a positive lower end", method="sweep-bracket")
            )
            continue
        values = [r["mu2_full"] for r in rows]
        listing = ", ".join(
            (
                f"{fmt(v, 6)}"
                if converged(r, "mu2_full")
                else f"∈ [{fmt(r['mu2_full_lower'], 4)}, {fmt(r['mu2_full_upper'], 4)}]"
            )
            + f" (T = {r['x']})"
            for r, v in zip(rows, values)
        )
        falling = all(b["mu2_full_upper"] < a["mu2_full_lower"] for a, b in zip(rows, rows[1:]))  # disjoint brackets
        escapes = [r["escape_full"] for r in rows]
        ok = falling and min(escapes) > 0.5
        loose = [r["x"] for r in rows if not converged(r, "mu2_full")]
        listing += (
            f"; bracket-only (residual above 1e-9), read with its wider bracket: T = {', '.join(map(str, loose))}"
            if loose
            else ""
        )
        parts.append(
            Evidence(
                Status.VERIFIED if ok else Status.REFUTED,
                "sweep-bracket",
                f"{kind}: μ₂ = {listing}; escape {fmt(min(escapes))} … {fmt(max(escapes))}",
                ranges=f"stored T ≥ 4096 of network-{kind}",
                counterexample=None if ok else {"values": values, "escapes": escapes},
            )
        )
    return combine(
        parts,
        what="full depth: uniform and softmax fall away from ½ without collapsing, the sink stays at ½",
        method="sweep-bracket",
        ranges="; ".join(p.ranges for p in parts),
    )


@check
def network_mu2_star_limit(ctx: Context) -> Evidence:
    """The star 𝟏e₁ᵀ the sink network collapses onto: its symmetrised Laplacian has μ₂ = ½ exactly, which is also
    the causal ceiling's limit (the sink's P_TT = 0: ceiling T/(2(T − 1)))."""

    def margin(T):
        return 1e-12 * T - abs(_dense_mu2(Sink(T).as_matrix()) - 0.5)

    return grid_check(
        range(3, 200),
        margin,
        what="μ₂ of the symmetrised sink 𝟏e₁ᵀ is ½",
        method="dense-float",
        exact=False,
        ranges="every T in [3, 199]",
        role="supports",
    )


claim(
    id="trsp.network.connectivity",
    title=(
        "With attention at every layer the network is connected, μ₂ = Θ(1) under the causal ceiling ½, not at a star's"
        " value"
    ),
    source=Source("specproof", "App. C.3.2", "own"),
    statement=(
        r"With uniform causal, sink or causal softmax attention at every layer, the symmetrised Markov form $P_D$ "
        r"of the network is connected at every $T$ and $D$ (its support contains the attention's), and "
        r"$\frac13\le\mu_2(L(P_D))\le\frac{T(1-(P_D)_{TT})}{2(T-1)}<\frac T{2(T-1)}$ at every stored $T\le2^{20}$ and "
        r"$D\in\{2,4,\lfloor\log_2T\rfloor+1\}$. The upper end is the causal ceiling (trsp.network.causal-ceiling),"
        r" under "
        r"which every lower-triangular row-stochastic operator sits; $\frac12$ is its limit, not the $\mu_2$ of a star "
        r"the composition collapses to. At fixed depth $\mu_2$ approaches the ceiling's limit $(1-2^{-D})/2$ "
        r"($\frac38$, $\frac{15}{32}$) under all three models, from below once $T$ is large (at $D=4$ under uniform "
        r"and softmax attention it sits above $\frac{15}{32}$ up to $T=4096$, $3.3\cdot10^{-4}$ above at $T=1024$, and "
        r"below from $T=16384$; at $2^{20}$ the distance is $6\cdot10^{-6}$). At $D=\lfloor\log_2T\rfloor+1$ only the"
        r" sink collapses "
        r"onto $\mathbf 1e_1^\top$ (escape $\to0$, trsp.network.mixing; $\mu_2\to\frac12$, the star's value); under"
        r" uniform "
        r"or softmax attention the escape stays near $0.73$ and $\mu_2$ falls away from $\frac12$ (uniform: "
        r"$0.4997859$ at $2^{12}$, $0.4980124$ at $2^{14}$, $0.4955373$ at $2^{16}$, $0.4930385$ at $2^{18}$, "
        r"$\le0.4916$ at $2^{20}$, a bracket only). What transfers from Thm C.6 is the order $\Theta(1)$ over the"
        r" measured range; its "
        r"mechanism does not: the bound holds because attention itself is connected, and the constant 2 says nothing "
        r"about either scale: $\mu_2(L(N_D))=\prod_\ell(2+g_\ell)\,\mu_2(L(P_D))$ exactly, a factor between $2^D$ and"
        r" $3^D$. "
        r"Reconstruction-free: the ceiling holds for every gate; the measured values, and the fixed-depth limit (which "
        r"needs $g_\ell\to0$ as $r_\ell=b_\ell/T\to0$), are the reconstructed gate's."
    ),
    checks=[network_mu2_range, network_mu2_fixed_depth_limit, network_mu2_full_depth_falls, network_mu2_star_limit],
    expected=Status.VERIFIED,
    lost=nw.DEFAULT_GATE_RECONSTRUCTION,
    unproved=(
        "μ₂ of the composed network is read from brackets of stored sweeps at finitely many T and three depths; only"
        " the ceiling (trsp.network.causal-ceiling) is proved, the lower end 1/3 is not"
    ),
    notes=["reconstructed"],
    reason=(
        "Converged brackets of the stored network sweeps (every T to 2^20, three depths, three attention models; dense"
        " eigvalsh to T = 2048, banded-proxy LOBPCG at residual ≤ 1e-9 beyond) lie between 1/3 and each row's causal"
        " ceiling; the fixed-depth distance to (1 − 2^−D)/2 shrinks on every resolved row once μ₂ is below it (to 6e-6"
        " at 2^20); bracket-only cells are read with their wider residual bracket; at full depth uniform and softmax μ₂"
        " decrease strictly (disjoint brackets) from T = 4096 to 2^20 while the sink's stays within 1e-4 of ½; the"
        " star's μ₂ = ½ is a dense check; the support statement is trsp.network.operator's. (Before the preconditioned"
        " solver the stored T = 2^14, 2^16 values at D = 2, 4 were the 60-iteration cap's, some above the ceiling, and"
        " ½ was read as the star's value; the ceiling is trsp.network.causal-ceiling.)"
    ),
    uses=["trsp.C6.mu2-lower", "trsp.network.operator", "trsp.network.causal-ceiling"],
    figure="figures/network.png",
    tests=[f"{TESTS}::test_network_solvers_match_dense"],
)


# --------------------------------------------------------------------------- fixed depth without the gate


def isolated_reach(T: int, D: int) -> int:
    """R_D = Σ_{ℓ<D} 2(min(2^ℓ, T) − 1): the isolated network's lower bandwidth bound (each M_tri^{(b)} = Box_b²
    reaches 2(b − 1) tokens back, A_ℓ = I none, and bandwidths add under products); 2^{D+1} − 2D − 2 once
    T ≥ 2^{D−1}."""
    return sum(2 * (b - 1) for b in dyadic_schedule(T, D))


def banded_bound(T: int, R: int) -> float:
    """6R²/(T² − 1): μ₂(L(P)) for any row-stochastic P whose weights vanish beyond lag R (test vector t − (T+1)/2)."""
    return 6.0 * R * R / (T * T - 1.0)


def _banded_steps() -> list[Evidence]:
    T, t, D, R, S = sp.symbols("T t D R S", positive=True, integer=True)
    ell = sp.Symbol("ell", integer=True, nonnegative=True)
    x = t - (T + 1) / sp.Integer(2)
    return [
        sympy_identity(
            sp.summation(x, (t, 1, T)), sp.Integer(0), what="Σ_t (t − (T+1)/2) = 0: x ⊥ 𝟏", ranges="every T"
        ),
        sympy_identity(
            sp.factor(sp.summation(sp.expand(x**2), (t, 1, T))),
            T * (T**2 - 1) / 12,
            what="xᵀx = T(T² − 1)/12",
            ranges="every T",
        ),
        sympy_identity(
            (R**2 * S / 2) / (T * (T**2 - 1) / 12),
            6 * R**2 * S / (T * (T**2 - 1)),
            what="xᵀLx/xᵀx ≤ (½R²·Σ_{i≠j}W_ij)/(T(T² − 1)/12) = 6R²S/(T(T² − 1)), S = Σ_{i≠j}W_ij ≤ T",
            ranges="every T ≥ 2",
        ),
        sympy_identity(
            sp.simplify(sp.summation(2 * (2**ell - 1), (ell, 0, D - 1))),
            2 ** (D + 1) - 2 * D - 2,
            what="R_D = Σ_{ℓ<D} 2(2^ℓ − 1) = 2^{D+1} − 2D − 2",
            ranges="every D ≥ 1",
        ),
    ]


@check
def banded_bound_sympy(ctx: Context) -> Evidence:
    """The test vector's algebra and the reach of the isolated network (sympy, symbolic T, D)."""
    return derivation(
        _banded_steps(),
        what="banded ⇒ μ₂ ≤ 6R²/(T² − 1), R_D = 2^{D+1} − 2D − 2",
        ranges="every T ≥ 2, D ≥ 1, every row-stochastic P of reach R",
    )


@check
def banded_bound_exact(ctx: Context) -> Evidence:
    """Exact rationals: the isolated network P_D's lower bandwidth is R_D (capped at T − 1) for gates from 1/9 to
    999/1000, and for random row-stochastic P of reach R the Rayleigh quotient of t − (T+1)/2 is ≤ 6R²/(T² − 1)."""
    rng = np.random.default_rng(ctx.seed)
    top = 12 if not ctx.wide else 20
    cases = [("network", T, D, g) for T in range(2, top + 1) for D in (1, 2, 3, 4) for g in EXACT_GATES]
    cases += [("random", T, R, k) for T in range(2, top + 1) for R in range(0, min(T, 6)) for k in range(5)]

    def margin(case):
        kind, T, a, b = case
        if kind == "network":
            N, _ = _exact_network("isolated", T, a, b)
            reach = max((r - c for r in range(T) for c in range(T) if N[r, c] != 0), default=0)
            return 0 if reach == min(isolated_reach(T, a), T - 1) else -1
        R = a
        P = []
        for r in range(T):
            w = [Fraction(int(rng.integers(0, 4))) if r - R <= c <= r + R else Fraction(0) for c in range(T)]
            if sum(w) == 0:
                w[r] = Fraction(1)
            P.append([v / sum(w) for v in w])
        W = [[(P[r][c] + P[c][r]) / 2 for c in range(T)] for r in range(T)]
        x = [Fraction(2 * r + 2 - (T + 1), 2) for r in range(T)]
        quad = sum(W[r][c] * (x[r] - x[c]) ** 2 for r in range(T) for c in range(T)) / 2
        quotient = quad / sum(v * v for v in x)
        return Fraction(6 * R * R, T * T - 1) - quotient

    return grid_check(
        cases,
        margin,
        what="reach(P_D) = R_D (isolating attention) and xᵀLx/xᵀx ≤ 6R²/(T² − 1)",
        method="exact-rational",
        exact=True,
        role="supports",
        ranges=(
            f"isolated networks T in [2, {top}], D ≤ 4, four gate scales; random row-stochastic P of "
            f"reach R ≤ 5 (not triangular), T in [2, {top}]"
        ),
    )


@check
def banded_bound_stored_rows(ctx: Context) -> Evidence:
    """The stored isolated network at D = 2 and 4: every μ₂ upper bracket ≤ 6R_D²/(T² − 1), and how far below."""
    rows = _rows(ctx, "isolated")
    cases = [(r["x"], tag) for r in rows for tag in ("d2", "d4") if r["x"] >= 2]
    by_T = {r["x"]: r for r in rows}
    ev = grid_check(
        cases,
        lambda c: (
            banded_bound(c[0], isolated_reach(c[0], by_T[c[0]][f"depth_{c[1]}"])) - by_T[c[0]][f"mu2_{c[1]}_upper"]
        ),
        what="isolated network μ₂ upper bracket ≤ 6R_D²/(T² − 1)",
        method="sweep-bracket",
        exact=False,
        ranges=_sweep_range(rows, "isolated", ctx),
        role="supports",
    )
    last = rows[-1]
    ratios = {
        tag: last[f"mu2_{tag}_upper"] / banded_bound(last["x"], isolated_reach(last["x"], last[f"depth_{tag}"]))
        for tag in ("d2", "d4")
    }
    return replace(
        ev,
        summary=ev.summary
        + f"; at T = {last['x']} the bound is loose by the gates: μ₂/bound ≤ "
        + ", ".join(f"{fmt(v)} ({DEPTHS[t]})" for t, v in ratios.items()),
    )


claim(
    id="trsp.network.fixed-depth-bound",
    title="At fixed depth the isolated network is banded, so μ₂ = O(T^−2) for every gate: no reconstruction needed",
    source=Source("specproof", "App. C.3.1", "own"),
    statement=r"For every row-stochastic $P$ whose weights vanish beyond lag $R$ ($P_{ij}=0$ for $|i-j|>R$), "
    r"$\mu_2(L)\le\frac{6R^2}{T^2-1}$ with $W=\frac12(P+P^\top)$, $L=\operatorname{diag}(W\mathbf 1)-W$ "
    r"(test vector $x_t=t-\frac{T+1}2$). With attention isolating every token ($A_\ell=I$) the network's "
    r"Markov form $P_D=\prod_\ell(2I+g_\ell M_{\rm tri}^{(b_\ell)})/(2+g_\ell)$ is row-stochastic with reach "
    r"$R_D=\sum_{\ell<D}2(\min(2^\ell,T)-1)\le2^{D+1}-2D-2$, for every $g_\ell\ge0$, so at fixed depth "
    r"$\mu_2(L(P_D))\le\frac{6(2^{D+1}-2D-2)^2}{T^2-1}=O(T^{-2})$ whatever the gate, trained or not "
    r"($D=2$: $24/(T^2-1)$; $D=4$: $2904/(T^2-1)$). The faster $T^{-(2+\varphi)}$ of trsp.network.safety-net "
    r"comes from the reconstructed gate's $r_\ell^\varphi$ and is not needed for the conclusion that the "
    r"safety net fails at fixed depth.",
    checks=[banded_bound_sympy],
    cross_checks=[banded_bound_exact, banded_bound_stored_rows],
    expected=Status.PROVED,
    reason=(
        "The test vector's sums, the quotient bound and the reach formula are sympy identities for symbolic T and "
        "D; the reach of the exact isolated networks and the bound on random banded row-stochastic matrices are "
        "checked in exact rationals, and the stored sweep's upper brackets sit under the bound."
    ),
    prose=(
        "μ₂ ≤ xᵀLx/xᵀx for x ⊥ 𝟏 (Courant–Fischer); xᵀLx = ½Σ_ij W_ij(x_i − x_j)² = ½Σ_ij W_ij(i − j)² ≤ "
        "½R²Σ_{i≠j}W_ij on the band, and Σ_{i≠j}W_ij = Σ_{i≠j}P_ij ≤ T for row-stochastic P; a product of "
        "lower-triangular matrices of lower bandwidths r₁, r₂ has lower bandwidth ≤ r₁ + r₂, Box_b has b − 1, so "
        "M_tri^{(b)} = Box_b² has 2(b − 1) and 2I + gM_tri the same; row sums of 2I + gM_tri are 2 + g"
    ),
    uses=["trsp.network.operator"],
    tests=[f"{TESTS}::test_fixed_depth_bound"],
)


def _dense_mu2(M: np.ndarray) -> float:
    return algebraic_connectivity(laplacian((M + M.T) / 2))


def superposition_table(T: int, D: int) -> dict:
    """μ₂ of the unnormalised product N_D, of the superposition Σ_ℓ (A_ℓ + g_ℓM_ℓ) (App. C's object, A_ℓ = I) and of
    the Markov form P_D, dense, with the reconstructed gate."""
    layers = nw.network_layers(T, D, Identity, nw.default_gate())
    N = nw.network_operator(layers).as_matrix()
    S = sum(np.eye(T) + layer.gate * tribox_matrix(T, layer.bandwidth) for layer in layers)
    return {"N_D": _dense_mu2(N), "superposition": _dense_mu2(S), "P_D": _dense_mu2(N / nw.row_sum(layers))}
