"""The operator a TRSP network computes: its layers composed over a depth D fixed at build time, against
what App. C concludes for their superposition (Thm C.1, Prop. C.5, Thm C.6, Eq. 11, §C.3.3, Thm C.8),
and a single layer's μ₂ as a function of b and T.

The network is N_D = F_{D−1} ⋯ F_0, F_ℓ = I + A_ℓ + g_ℓ M_tri^{(b_ℓ)}, b_ℓ = min(2^ℓ, T), with the project's
gate (MLP 1→16→1, seed 0, β = 0, so φ = ln 2) and the same attention model at every layer: uniform causal
(Cesàro), the sink 𝟏e₁ᵀ, causal softmax of the canonical scores, and A = I (attention that isolates every
token, Prop. C.5's case). Its Markov form is P_D = N_D/Π(2 + g_ℓ) exactly (:mod:`theory.network`); μ₂
and the normalised gap are those of the symmetrised P_D (App. C.1's recipe), read from the `network-*`
sweeps (T = 4 … 65536, D = 2, 4 and ⌊log₂T⌋ + 1).
"""

from __future__ import annotations

import math
from dataclasses import replace
from fractions import Fraction

import numpy as np
import scipy.linalg

from specproof.checks.methods import combine, fmt, grid_check
from specproof.checks.registry import Context, Evidence, Source, Status, check, claim
from specproof.theory import network as nw
from specproof.theory.filters import dyadic_schedule, floor_log2, tribox_matrix
from specproof.theory.operators import Cesaro, Identity, Sink, superposed_tribox_laplacian

TESTS = "tests/test_network.py"
PHI = math.log(2.0)  # φ = softplus(β) at the reconstruction's β = 0
DEPTHS = {"d2": "D = 2", "d4": "D = 4", "full": "D = ⌊log₂T⌋+1"}


def _rows(ctx: Context, kind: str) -> list[dict]:
    from specproof.checks.sweeps import run_sweep, stored_options

    return run_sweep(f"network-{kind}", **stored_options(ctx)).rows


def _sweep_range(rows: list[dict], kind: str, ctx: Context) -> str:
    return f"sweep network-{kind} ({'wide' if ctx.wide else 'default'} grid): T = {rows[0]['x']}…{rows[-1]['x']}, {len(rows)} points"


# --------------------------------------------------------------------------- the composed operator

def _exact_attention(kind: str, T: int) -> np.ndarray:
    one, zero = Fraction(1), Fraction(0)
    if kind == "uniform":
        return np.array([[Fraction(1, i + 1) if j <= i else zero for j in range(T)] for i in range(T)], dtype=object)
    if kind == "sink":
        return np.array([[one if j == 0 else zero for j in range(T)] for _ in range(T)], dtype=object)
    return np.array([[one if i == j else zero for j in range(T)] for i in range(T)], dtype=object)


EXACT_GATES = (Fraction(1, 9), Fraction(1, 3), Fraction(4, 5), Fraction(999, 1000))


def _exact_network(kind: str, T: int, D: int, gate: Fraction) -> tuple[np.ndarray, list]:
    """N_D in exact rationals (a gate ``gate``·(ℓ+1)/D at layer ℓ, so the gates differ), and the gates."""
    N = np.array([[Fraction(int(i == j)) for j in range(T)] for i in range(T)], dtype=object)
    gates = []
    eye = np.array([[Fraction(int(i == j)) for j in range(T)] for i in range(T)], dtype=object)
    for ell, b in enumerate(dyadic_schedule(T, D)):
        g = gate * (ell + 1) / D
        gates.append(g)
        F = eye + _exact_attention(kind, T) + g * tribox_matrix(T, b, exact=True)
        N = F.dot(N)
    return N, gates


@check
def network_structure_exact(ctx: Context) -> Evidence:
    """Exact rationals: N_D has row sums Π(2+g_ℓ) and diagonal Π diag(F_ℓ), contains every factor's support,
    and under the sink every row of P_D puts ≥ 1 − q_D on the first token."""
    top = 10 if not ctx.wide else 14
    cases = [(kind, T, D, g) for kind in ("uniform", "sink", "isolated") for T in range(2, top + 1)
             for D in (1, 2, 3, 5) for g in EXACT_GATES]

    def margin(case):
        kind, T, D, g = case
        N, gates = _exact_network(kind, T, D, g)
        c = math.prod(2 + x for x in gates)
        if any(sum(N[i]) != c for i in range(T)):
            return -1
        diag = [math.prod(1 + _exact_attention(kind, T)[i, i] + x * tribox_matrix(T, b, exact=True)[i, i]
                          for x, b in zip(gates, dyadic_schedule(T, D))) for i in range(T)]
        if any(N[i, i] != diag[i] for i in range(T)):
            return -1
        factors = [_exact_attention(kind, T)] + [tribox_matrix(T, b, exact=True) for b in dyadic_schedule(T, D)]
        if any((N[i, j] == 0) and any(F[i, j] != 0 for F in factors) for i in range(T) for j in range(T)):
            return -1
        if kind == "sink":
            q = math.prod((1 + x) / (2 + x) for x in gates)
            slack = min(N[i, 0] / c - (1 - q) for i in range(T))
            return slack if slack < 0 else 0
        return 0

    return grid_check(cases, margin, what="row sums Π(2+g_ℓ), diagonal Π diag F_ℓ, support ⊇ every factor's, sink mass ≥ 1 − q_D",
                      method="exact-rational", exact=True,
                      ranges=f"uniform, sink, isolated; every T in [2, {top}]; D ∈ {{1, 2, 3, 5}}; g_ℓ = g(ℓ+1)/D, "
                             f"g ∈ {{{', '.join(map(str, EXACT_GATES))}}}")


@check
def network_matrix_free_matches_dense(ctx: Context) -> Evidence:
    """The chained O(T·D) matvec and rmatvec against the dense product of the layer matrices."""
    from specproof.checks.sweeps import network_attention

    gate = nw.default_gate()
    rng = np.random.default_rng(ctx.seed)
    cases = [(kind, T, D) for kind in ("uniform", "sink", "softmax", "isolated") for T in (2, 3, 7, 16, 33, 64)
             for D in (1, 2, 4, floor_log2(T) + 1)]

    def margin(case):
        kind, T, D = case
        layers = nw.network_layers(T, D, lambda n: network_attention(kind, n), gate)
        dense = np.eye(T)
        for layer in layers:
            dense = layer.operator().as_matrix() @ dense
        op = nw.network_operator(layers)
        x = rng.standard_normal(T)
        err = max(np.max(np.abs(op.mv(x) - dense @ x)), np.max(np.abs(op.rmv(x) - dense.T @ x)))
        scale = nw.row_sum(layers) * np.sum(np.abs(x))
        return 1e3 * T * D * np.finfo(float).eps * scale - err

    return grid_check(cases, margin, what="matrix-free N_D x and N_Dᵀ x equal the dense product", method="dense-float",
                      exact=False, ranges="uniform, sink, softmax, isolated; T ∈ {2, 3, 7, 16, 33, 64}; D ∈ {1, 2, 4, ⌊log₂T⌋+1}",
                      role="supports")


claim(
    id="trsp.network.operator",
    title="The composed network operator: a product of D layers with constant row sums Π(2 + g_ℓ)",
    source=Source("specproof", "App. C.1", "own"),
    statement=r"A network of depth $D$ computes $N_D=F_{D-1}\cdots F_0$, $F_\ell=I+A_\ell+g_\ell M_{\rm tri}^{(b_\ell)}$ "
              r"(Eq. 8 per layer). For row-stochastic $A_\ell$ every row of $N_D$ sums to $c_D=\prod_\ell(2+g_\ell)$, so its "
              r"Markov form is exactly $P_D=N_D/c_D=\prod_\ell F_\ell/(2+g_\ell)$; for causal $A_\ell$ the diagonal is "
              r"$\prod_\ell\operatorname{diag}F_\ell$; the support of $N_D$ contains that of every $A_\ell$ and "
              r"$M_{\rm tri}^{(b_\ell)}$. The matrix-free chain (O$(TD)$ per matvec) equals the dense product.",
    checks=[network_structure_exact, network_matrix_free_matches_dense],
    expected=Status.CERTIFIED,
    reason="Exact rational products of the layer matrices (uniform causal, sink, isolated attention; four gate "
           "scales) over every T of the range decide the row sums, diagonal and support; the matrix-free chain is "
           "cross-checked against dense products in float.",
    uses=["trsp.layer.operator"],
    tests=[f"{TESTS}::test_network_matches_dense_product"],
)


# --------------------------------------------------------------------------- connectivity (C.1, C.6)

def _cases(rows: list[dict]) -> tuple[dict, list]:
    """Rows by T, and the (T, depth tag) cases of a sweep check (cases name the point, not the whole row)."""
    by_T = {r["x"]: r for r in rows}
    return by_T, [(T, tag) for T in by_T for tag in DEPTHS]


def _range_over_rows(ctx, kinds, column, lo, hi, what):
    evidence = []
    for kind in kinds:
        rows = _rows(ctx, kind)
        by_T, cases = _cases(rows)
        ev = grid_check(cases, lambda c: min(by_T[c[0]][f"{column}_{c[1]}_lower"] - lo, hi - by_T[c[0]][f"{column}_{c[1]}_upper"]),
                        what=f"{kind}: {fmt(lo)} ≤ {what} ≤ {fmt(hi)}", method="sweep-bracket", exact=False,
                        ranges=_sweep_range(rows, kind, ctx))
        values = [r[f"{column}_{tag}"] for r in rows for tag in DEPTHS]
        evidence.append(replace(ev, summary=ev.summary + f" (measured {fmt(min(values), 4)} … {fmt(max(values), 4)})"))
    return combine(evidence, what=what, method="sweep-bracket", ranges="; ".join(e.ranges for e in evidence))


@check
def network_mu2_range(ctx: Context) -> Evidence:
    """μ₂(L(P_D)) of the LOBPCG brackets, every stored T and depth, for the three attention models."""
    return _range_over_rows(ctx, ("uniform", "sink", "softmax"), "mu2", 1 / 3, 0.53, "μ₂(L(P_D))")


@check
def network_mu2_star_limit(ctx: Context) -> Evidence:
    """The limit ½: the Laplacian of the symmetrised star (𝟏e₁ᵀ + e₁𝟏ᵀ)/2 has μ₂ = ½ exactly."""
    def margin(T):
        P = Sink(T).as_matrix()
        W = (P + P.T) / 2
        mu2 = scipy.linalg.eigvalsh(np.diag(W.sum(axis=1)) - W, subset_by_index=[1, 1])[0]
        return 1e-12 * T - abs(mu2 - 0.5)

    return grid_check(range(3, 200), margin, what="μ₂ of the symmetrised sink 𝟏e₁ᵀ is ½", method="dense-float", exact=False,
                      ranges="every T in [3, 199]", role="supports")


claim(
    id="trsp.network.connectivity",
    title="With attention at every layer the network is connected with μ₂ → ½: Θ(1), but the value of a star",
    source=Source("specproof", "App. C.3.2", "own"),
    statement=r"With uniform causal, sink or causal softmax attention at every layer, the symmetrised Markov form $P_D$ "
              r"of the network is connected at every $T$ and $D$ (its support contains the attention's), and "
              r"$\frac13\le\mu_2(L(P_D))\le0.53$ at every stored $T\le2^{16}$ and $D\in\{2,4,\lfloor\log_2T\rfloor+1\}$, "
              r"rising towards $\frac12$ with depth. What transfers from Thm C.6 is the order $\Theta(1)$; its mechanism does "
              r"not: the bound holds because attention itself is connected, $\frac12$ is $\mu_2$ of the star "
              r"$\frac12(\mathbf 1e_1^\top+e_1\mathbf 1^\top)$ towards which the composition collapses, and the constant 2 "
              r"says nothing about either scale: $\mu_2(L(N_D))=\prod_\ell(2+g_\ell)\,\mu_2(L(P_D))$ exactly, a factor "
              r"between $2^D$ and $3^D$.",
    checks=[network_mu2_range, network_mu2_star_limit],
    expected=Status.VERIFIED,
    reason="LOBPCG brackets from the stored network sweeps (every T, three depths, three attention models) lie in "
           "[1/3, 0.53] (above ½ only at T ≤ 8); the star's μ₂ = ½ is a dense check; the support statement is trsp.network.operator's.",
    uses=["trsp.C6.mu2-lower", "trsp.network.operator"],
    figure="figures/network.png",
    tests=[f"{TESTS}::test_network_solvers_match_dense"],
)


# --------------------------------------------------------------------------- the safety net (C.5)

@check
def network_safety_net_fixed_depth_rate(ctx: Context) -> Evidence:
    """μ₂(P_D) with isolating attention at D = 2 and D = 4, read as Θ(T^−(2+φ)) where the bracket resolves it."""
    from specproof.checks.sweeps import rate_check, stored_options

    f = lambda T: T ** -(2 + PHI)  # noqa: E731
    competitors = {"T^−2": lambda T: T**-2.0, "T^−3": lambda T: T**-3.0, "1": np.ones_like}
    parts = [rate_check("network-isolated", f, "T^−(2+ln 2)", what=f"μ₂(P_D), A = I, {DEPTHS[tag]}", column=f"mu2_{tag}",
                        competitors=competitors, select=lambda r, tag=tag: r["x"] >= 16 and r[f"mu2_{tag}_lower"] > 0.99 * r[f"mu2_{tag}"],
                        **stored_options(ctx))
             for tag in ("d2", "d4")]
    return combine(parts, what="fixed depth, attention isolating every token: μ₂ = Θ(T^−(2+φ)), φ = ln 2", method="sweep-fit",
                   ranges="; ".join(p.ranges for p in parts))


@check
def network_safety_net_upper_bounds(ctx: Context) -> Evidence:
    """The Rayleigh-quotient upper bounds at every stored T (rigorous up to rounding): fixed depth goes to 0."""
    rows = _rows(ctx, "isolated")
    big = [r for r in rows if r["x"] >= 1024]
    worst = max(max(r["mu2_d2_upper"], r["mu2_d4_upper"]) * (r["x"] / 1024) ** 2 for r in big)
    ok = worst <= 1e-3
    summary = ("μ₂(P_D) upper bounds, isolating attention: " + ", ".join(
        f"T = {r['x']}: D = 2 ≤ {fmt(r['mu2_d2_upper'])}, D = 4 ≤ {fmt(r['mu2_d4_upper'])}" for r in big)
        + f"; max of μ₂·(T/1024)² over T ≥ 1024: {fmt(worst)}")
    return Evidence(Status.VERIFIED if ok else Status.REFUTED, "sweep-bracket", summary, ranges=_sweep_range(rows, "isolated", ctx),
                    worst_margin=1e-3 - worst, counterexample=None if ok else {"worst": worst})


@check
def network_safety_net_full_depth(ctx: Context) -> Evidence:
    """At D = ⌊log₂T⌋+1 the isolated network keeps μ₂ = Θ(1) (the top layers have b ~ T and g = Θ(1))."""
    from specproof.checks.sweeps import rate_check, stored_options

    return rate_check("network-isolated", np.ones_like, "1", what="μ₂(P_D), A = I, D = ⌊log₂T⌋+1", column="mu2_full",
                      competitors={"1/log T": lambda T: 1 / np.log(T), "T^−0.5": lambda T: T**-0.5}, scale="loglog",
                      select=lambda r: r["x"] >= 16, **stored_options(ctx))


claim(
    id="trsp.network.safety-net",
    title="Safety net over depth: with attention isolating every token, μ₂ of a fixed-depth network → 0 like T^−(2+φ)",
    source=Source("specproof", "App. C.3.1", "own"),
    statement=r"Prop. C.5's scenario (attention disconnects: $A_\ell=I$) for the composition: the network stays connected for "
              r"$D\ge2$ (a banded graph), but at fixed depth $\mu_2(L(P_D))=\Theta(T^{-(2+\varphi)})$ ($\varphi=\ln2$ for the "
              r"reconstructed gate): the side-path's lags reach only $2^{D+1}-2D-2$ and its gates decay like $r_\ell^{\varphi}$. "
              r"So the safety net's length-independent connectivity does not transfer to a network whose depth is fixed "
              r"while $T$ grows (at $D=2$: $\mu_2=2.4\cdot10^{-3}$ at $T=16$, $3.5\cdot10^{-8}$ at $T=1024$); with "
              r"$D=\lfloor\log_2T\rfloor+1$ it does, $\mu_2=\Theta(1)$ ($\approx0.3$).",
    checks=[network_safety_net_fixed_depth_rate, network_safety_net_upper_bounds, network_safety_net_full_depth],
    expected=Status.VERIFIED,
    reason="Rates read from the stored network-isolated sweep: at D = 2 and 4, T^−(2+ln 2) fits where the LOBPCG "
           "bracket resolves μ₂ to 1 % (D = 2: T ≤ 512, D = 4: T ≤ 4096; beyond, μ₂ is below the solver's rounding allowance and only its upper bound "
           "is kept, which still falls like T^−2 or faster), T^−2 and T^−3 ruled out; at full depth Θ(1).",
    corrects="trsp.C5.safety-net",
    figure="figures/network.png",
    tests=[f"{TESTS}::test_network_solvers_match_dense"],
)


# --------------------------------------------------------------------------- the normalised gap (Eq. 11)

@check
def network_gap_attention_range(ctx: Context) -> Evidence:
    """γ(P_D) with attention at every layer: bounded below by a constant over every stored T and depth."""
    return _range_over_rows(ctx, ("uniform", "sink", "softmax"), "gap", 0.5, 1.25, "γ(P_D)")


@check
def network_gap_full_depth_rate(ctx: Context) -> Evidence:
    """γ(P_D) at D = ⌊log₂T⌋+1 with isolating attention: Θ(1), not Θ(1/log T)."""
    from specproof.checks.sweeps import rate_check, stored_options

    return rate_check("network-isolated", np.ones_like, "1", what="γ(P_D), A = I, D = ⌊log₂T⌋+1", column="gap_full",
                      competitors={"1/log T": lambda T: 1 / np.log(T)}, scale="loglog", select=lambda r: r["x"] >= 16,
                      **stored_options(ctx))


@check
def network_gap_fixed_depth_rate(ctx: Context) -> Evidence:
    """γ(P_D) at D = 2 and 4 with isolating attention: Θ(T^−2), faster than any 1/log T."""
    from specproof.checks.sweeps import rate_check, stored_options

    parts = [rate_check("network-isolated", lambda T: T**-2.0, "T^−2", what=f"γ(P_D), A = I, {DEPTHS[tag]}", column=f"gap_{tag}",
                        competitors={"T^−(2+ln 2)": lambda T: T ** -(2 + PHI), "T^−1": lambda T: T**-1.0},
                        select=lambda r, tag=tag: r["x"] >= 64 and r[f"gap_{tag}_lower"] > 0.99 * r[f"gap_{tag}"],
                        **stored_options(ctx))
             for tag in ("d2", "d4")]
    return combine(parts, what="fixed depth, isolating attention: γ = Θ(T^−2)", method="sweep-fit",
                   ranges="; ".join(p.ranges for p in parts))


claim(
    id="trsp.network.gap",
    title="The composition's normalised gap is Θ(1), not Θ(1/log T)",
    source=Source("specproof", "App. C.3.3", "own"),
    statement=r"The normalised gap $\gamma$ of the symmetrised Markov form $P_D$ (loopless degrees) does not follow Eq. 11's "
              r"$\Theta(1/\log T)$: with uniform, sink or softmax attention it lies in $[\frac12,1.25]$ at every stored $T\le2^{16}$ "
              r"and every depth (with uniform attention at full depth it declines slowly, $1.00$ at $T=128$ to $0.86$ at $2^{16}$, "
              r"which the sweep does not settle as $\Theta(1)$), and with isolating attention at $D=\lfloor\log_2T\rfloor+1$ it is $\Theta(1)$ "
              r"($1/\log T$ ruled out), while at fixed $D$ it is $\Theta(T^{-2})$ (the gate's $r^\varphi$ cancels between $\mu_2$ and "
              r"the loopless degrees). The per-step dilution of Eq. 11 is a property of the superposition's degree "
              r"$2(L+1)$, which a product of Markov layers does not have.",
    checks=[network_gap_attention_range, network_gap_full_depth_rate, network_gap_fixed_depth_rate],
    expected=Status.VERIFIED,
    reason="LOBPCG brackets of the stored network sweeps; the rate is read with rate_check from network-isolated.",
    corrects="trsp.C6.gap-rate",
    figure="figures/network.png",
    tests=[f"{TESTS}::test_network_solvers_match_dense"],
)


# --------------------------------------------------------------------------- mixing over depth (§C.3.3)

@check
def network_sink_escape(ctx: Context) -> Evidence:
    """Under the sink the escape 1 − min_i (P_D)_{i1} is ≤ q_D = Π(1+g)/(2+g) at every stored T and depth."""
    rows = _rows(ctx, "sink")
    by_T, cases = _cases(rows)
    return grid_check(cases, lambda c: by_T[c[0]][f"escape_bound_{c[1]}"] - by_T[c[0]][f"escape_{c[1]}"],
                      what="escape(P_D) ≤ q_D under the sink", method="sweep-bracket", exact=False,
                      tolerance=lambda c: 1e3 * by_T[c[0]][f"depth_{c[1]}"] * np.finfo(float).eps,
                      allowance="q_D and (P_D)_{i1} are products and sums of D factors in [0, 1]: a few eps per layer, "
                                "1000·D·eps allowed",
                      ranges=_sweep_range(rows, "sink", ctx))


@check
def network_escape_table(ctx: Context) -> Evidence:
    """The escape at the largest stored T for every model and depth: the contraction towards the first token."""
    parts, data = [], {}
    for kind in ("uniform", "sink", "softmax", "isolated"):
        rows = _rows(ctx, kind)
        last = rows[-1]
        data[kind] = {tag: last[f"escape_{tag}"] for tag in DEPTHS}
        parts.append(f"{kind} (T = {last['x']}): " + ", ".join(f"{DEPTHS[t]}: {fmt(v)}" for t, v in data[kind].items()))
    sink_full = _rows(ctx, "sink")[-1]
    ok = sink_full["escape_full"] <= (2 / 3) ** sink_full["depth_full"]
    return Evidence(Status.VERIFIED if ok else Status.REFUTED, "sweep-bracket", "escape 1 − min_i (P_D)_{i1}: " + "; ".join(parts),
                    ranges="the largest T of each network sweep", worst_margin=(2 / 3) ** sink_full["depth_full"] - sink_full["escape_full"],
                    counterexample=None if ok else {"sink_full": sink_full["escape_full"]}, data=data, role="supports")


claim(
    id="trsp.network.mixing",
    title="Mixing over depth: under a sink the network contracts every input onto the first token",
    source=Source("specproof", "App. C.3.3", "own"),
    statement=r"Dobrushin's coefficient of $P_D$ is at most its escape $e_D=1-\min_i(P_D)_{i1}$. Under the sink at every layer "
              r"$e_D\le q_D=\prod_\ell\frac{1+g_\ell}{2+g_\ell}\le(\frac23)^D$ at every $T$ (each layer sends at least "
              r"$1/(2+g_\ell)$ of a row's remaining mass to the absorbing first token), so at $D=\lfloor\log_2T\rfloor+1$ "
              r"$e_D<T^{-\log_2(3/2)}\to0$: the composed operator converges to the rank-one $\mathbf 1e_1^\top$ "
              r"(homogenisation), where §C.3.3 reads depth as a bounded contraction $(1-\gamma)^D=\Theta(1)$. With uniform "
              r"or softmax attention the escape decays with depth too but stays $\Theta(1)$ at $D\le\lfloor\log_2T\rfloor+1$ "
              r"(uniform, full depth: $0.53$ to $0.73$ over $T=4\ldots2^{16}$); "
              r"with isolating attention it stays near 1.",
    checks=[network_sink_escape, network_escape_table],
    expected=Status.VERIFIED,
    reason="q_D bounds the sink's escape exactly (trsp.network.operator certifies (P_D)_{i1} ≥ 1 − q_D in exact rationals); "
           "the stored sweeps give the measured escapes for all four models.",
    corrects="trsp.C6.dense-depth",
    uses=["trsp.network.operator"],
    figure="figures/network.png",
    tests=[f"{TESTS}::test_sink_rank_bound"],
)


# --------------------------------------------------------------------------- R_eff under a sink (Thm C.8)

@check
def network_sink_rank_dense(ctx: Context) -> Evidence:
    """R_eff(N_D) ≤ 1 + (q_D/(1 − q_D))² by dense SVD, for gate scales from tiny to ~1 and every D ≥ 2."""
    cases = [(T, D, s) for T in (2, 3, 5, 8, 16, 33, 64, 128) for D in (2, 3, 4, 6, floor_log2(T) + 1) for s in (1e-3, 0.3, 0.999)]

    def margin(case):
        T, D, s = case
        layers = nw.network_layers(T, D, Sink, lambda n, b: s * b / n)
        sv = scipy.linalg.svdvals(nw.network_operator(layers, markov=True).as_matrix())
        reff = float(np.sum(sv**2) / sv[0] ** 2)
        return nw.sink_rank_bound(layer.gate for layer in layers) - reff

    return grid_check(cases, margin, what="R_eff(N_D) ≤ 1 + (q_D/(1−q_D))² under the sink", method="dense-float", exact=False,
                      tolerance=lambda c: 1e3 * c[0] * np.finfo(float).eps,
                      allowance="dense SVD: each σ within n·eps·‖P‖ relative, ×1000 over the T² entries",
                      ranges="T ∈ {2, 3, 5, 8, 16, 33, 64, 128}, D ∈ {2, 3, 4, 6, ⌊log₂T⌋+1}, g_ℓ = s·b_ℓ/T, s ∈ {0.001, 0.3, 0.999}")


@check
def network_sink_rank_sweep(ctx: Context) -> Evidence:
    """The stored R_eff brackets of the sink network at D = 2, 4, full, against the bound and 1."""
    rows = _rows(ctx, "sink")
    by_T, cases = _cases(rows)
    ev = grid_check(cases, lambda c: by_T[c[0]][f"reff_bound_{c[1]}"] - by_T[c[0]][f"reff_{c[1]}_upper"],
                    what="R_eff(N_D) upper bracket ≤ 1 + (q_D/(1−q_D))²", method="sweep-bracket", exact=False,
                    tolerance=lambda c: 1e3 * c[0] * np.finfo(float).eps,
                    allowance="the bracket's Frobenius sums and the Lanczos norm: 4·T·eps relative each, 1000·T·eps allowed",
                    ranges=_sweep_range(rows, "sink", ctx))
    last = rows[-1]
    summary = ev.summary + "; at T = {}: ".format(last["x"]) + ", ".join(
        f"{DEPTHS[t]}: R_eff ∈ [{fmt(last[f'reff_{t}_lower'], 6)}, {fmt(last[f'reff_{t}_upper'], 6)}]" for t in DEPTHS)
    return replace(ev, summary=summary, role="supports")


claim(
    id="trsp.network.rank",
    title="Under a sink the network's effective rank tends to 1 with depth: Thm C.8's floor does not survive composition",
    source=Source("specproof", "App. C.4", "own"),
    statement=r"With the sink $\mathbf 1e_1^\top$ at every layer and any gates $g_\ell\in[0,1)$, $D\ge2$: "
              r"$R_{\rm eff}(N_D)\le1+\big(q_D/(1-q_D)\big)^2$, $q_D=\prod_\ell\frac{1+g_\ell}{2+g_\ell}\le(\frac23)^D$, at every $T$ "
              r"(every row of $P_D$ puts $\ge1-q_D$ on the first token; $\|P_D\|_F^2\le\sum_ip_i^2+(1-p_i)^2$, "
              r"$\|P_D\|_2^2\ge\sum_ip_i^2$). So already at $D=2$, $R_{\rm eff}\le1.64$ (measured $\to\frac{10}9$) against the single layer's limit "
              r"$2+2g/b^2+g^2\|h_b\|^2$, and at $D=\lfloor\log_2T\rfloor+1$, $R_{\rm eff}-1=O(T^{-2\log_2(3/2)})\to0$: "
              r"the rank does collapse through depth. Thm C.8's conclusion (a floor $>1$) transfers only at fixed $D$, with "
              r"a floor that shrinks with depth: measured $R_{\rm eff}\to1+(2^D-1)^{-2}$ as $T\to\infty$ (the value of "
              r"$2^{-D}(I+(2^D-1)\mathbf 1e_1^\top)$, the product at $g=0$, which the reconstructed gate approaches as $r_\ell\to0$), "
              r"not $1+g^2E_b$.",
    checks=[network_sink_rank_dense, network_sink_rank_sweep],
    expected=Status.VERIFIED,
    reason="The bound's two ingredients are certified in exact rationals (trsp.network.operator); the bound itself is "
           "checked against dense SVDs over gate scales 0.001…0.999 and against the stored matrix-free brackets to T = 2^16.",
    corrects="trsp.C8.rank-floor",
    uses=["trsp.network.operator", "trsp.C8.rank-floor.sharp"],
    figure="figures/network.png",
    tests=[f"{TESTS}::test_sink_rank_bound"],
)


# --------------------------------------------------------------------------- one layer (part of C.5/C.6)

def single_layer_mu2_estimate(T: int, b: int) -> float:
    """π²(7b − 5)(b − 1)/(12T²): ½(π/T)² times the second moment Σ_r h_b(r) r² = (b²−1)/6 + (b−1)² of the
    triangular kernel (the Laplacian's symbol Σ_r h_b(r)(1 − cos rω) at the path's lowest mode ω = π/T)."""
    return math.pi**2 * (7 * b - 5) * (b - 1) / (12 * T * T)


@check
def layer_identity_exact(ctx: Context) -> Evidence:
    """b = 1: triBox₁ = I exactly, so layer 0's Laplacian is 0 and μ₂ = 0 at every T (exact rationals)."""
    top = 40 if not ctx.wide else 120

    def margin(T):
        M = tribox_matrix(T, 1, exact=True)
        return 0 if all(M[i, j] == (1 if i == j else 0) for i in range(T) for j in range(T)) else -1

    return grid_check(range(1, top + 1), margin, what="M_tri^(1) = I", method="exact-rational", exact=True,
                      ranges=f"every T in [1, {top}]")


@check
def layer_mu2_dense(ctx: Context) -> Evidence:
    """Dense μ₂ of one layer: 1 − 3(b/T)² ≤ μ₂/estimate ≤ 1 for 2 ≤ b ≤ T/4, |μ₂ − ½| ≤ T^−3/2 for b ≥ T/2."""
    top = 128 if not ctx.wide else 256
    cases = [(T, b) for T in range(8, top + 1) for b in range(2, T + 1) if 4 * b <= T or 2 * b >= T]

    def margin(case):
        T, b = case
        mu2 = scipy.linalg.eigvalsh(superposed_tribox_laplacian(T, [b]).as_matrix(), subset_by_index=[1, 1])[0]
        if 4 * b <= T:
            ratio = mu2 / single_layer_mu2_estimate(T, b)
            return min(ratio - (1 - 3 * (b / T) ** 2), 1 + 1e-9 - ratio)
        return T**-1.5 - abs(mu2 - 0.5)

    cases = cases[::3] if not ctx.wide else cases
    return grid_check(cases, margin, what="one layer: μ₂ ≈ π²(7b−5)(b−1)/(12T²) for b ≤ T/4, |μ₂ − ½| ≤ T^−3/2 for b ≥ T/2",
                      method="dense-float", exact=False, tolerance=1e-9,
                      allowance="eigvalsh of a Laplacian with ‖L‖ ≤ 2: absolute error ≤ 10·T·eps·2, relative to μ₂ ≥ 7e-5 below 1e-9",
                      ranges=f"T in [8, {top}], every third (T, b) with 2 ≤ b ≤ T/4 or b ≥ T/2")


@check
def layer_mu2_large_T(ctx: Context) -> Evidence:
    """The ratio μ₂/estimate by LOBPCG (cosine preconditioner) for b = 2, 8, 32 at T = 2^10 … 2^14, to 4 digits.

    At these sizes μ₂ ~ 1e-5 … 1e-8 while the Ritz value moves by ~1e-11 between runs, so the bracket decides the
    ratio to about 1e-5 only: the check asks the bracket to meet [1 − 3(b/T)² − 1e-4, 1 + 1e-4] and shows the ratio
    rounded, not a margin finer than the solver resolves."""
    from specproof.theory.solvers import real_tribox_algebraic_connectivity

    cases = [(T, b) for T in (1 << 10, 1 << 12, 1 << 14) for b in (2, 8, 32)]
    ratios, bad = {}, []
    for T, b in cases:
        e, est = real_tribox_algebraic_connectivity(T, [b]), single_layer_mu2_estimate(T, b)
        ratios[(T, b)] = e.value / est
        if not (e.upper / est >= 1 - 3 * (b / T) ** 2 - 1e-4 and e.lower / est <= 1 + 1e-4):
            bad.append({"T": T, "b": b, "lower": e.lower / est, "upper": e.upper / est})
    summary = "one layer, LOBPCG: μ₂/(π²(7b−5)(b−1)/(12T²)) = " + ", ".join(
        f"{fmt(r, 4)} (T = {T}, b = {b})" for (T, b), r in ratios.items())
    return Evidence(Status.REFUTED if bad else Status.VERIFIED, "lobpcg", summary,
                    ranges="T ∈ {2^10, 2^12, 2^14}, b ∈ {2, 8, 32}", role="supports",
                    counterexample={"cases": bad} if bad else None)


claim(
    id="trsp.network.per-layer",
    title="One layer's μ₂ ≈ π²(7b−5)(b−1)/(12T²): the constant of Thm C.6 exists only for the sum over layers",
    source=Source("specproof", "App. C.3.2", "own"),
    statement=r"For one real triBox layer (causal, no wrap-around, $W=\frac12(M_{\rm tri}^{(b)}+M_{\rm tri}^{(b)\top})$): "
              r"$\mu_2=0$ at $b=1$ (the layer is $I$); for $2\le b\le T/4$, "
              r"$1-3(b/T)^2\le\mu_2\big/\frac{\pi^2(7b-5)(b-1)}{12T^2}\le1$, i.e. $\mu_2\approx\frac{7\pi^2}{12}(b/T)^2$ "
              r"($\frac12(\pi/T)^2$ times the kernel's second moment $\frac{b^2-1}6+(b-1)^2$); for $b\ge T/2$, "
              r"$|\mu_2-\frac12|\le T^{-3/2}$ ($0.030$ at $T=8$, $b=5$; $2.4\cdot10^{-4}$ at $T=128$). So a layer's connectivity depends on $b/T$ alone to leading order and is $\Theta(1)$ "
              r"only for $b=\Theta(T)$; Prop. C.5 applied to one layer gives $g_\ell\mu_2\approx g_\ell\frac{7\pi^2}{12}(b_\ell/T)^2$, "
              r"and Thm C.6's length-independent constant is a property of the sum over all $\lfloor\log_2T\rfloor+1$ layers, "
              r"carried by the top ones.",
    checks=[layer_identity_exact, layer_mu2_dense, layer_mu2_large_T],
    expected=Status.VERIFIED,
    reason="b = 1 is exact; the two-sided ratio bound is checked by dense eigvalsh over (T, b) in the small range, and "
           "LOBPCG brackets to T = 2^14 agree with the estimate to about 1e-4 (what the solver resolves there); the "
           "estimate is the symbol's quadratic term at the lowest cosine mode.",
    uses=["trsp.C6.mu2-lower", "trsp.C5.safety-net", "trsp.C6.real-operator"],
    tests=[f"{TESTS}::test_single_layer_mu2"],
)
