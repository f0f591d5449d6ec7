"""TRSP §3.3.1: The long-context gate: formulation.

The section's claims in the paper's order, each stated before the checks that decide it; the project's own claims (2:
corrections, sharpenings, hypotheses, measurements) follow the claim they qualify.
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import TYPE_CHECKING

import numpy as np
import sympy as sp
from hypothesis import strategies as st

from specproof.checks.claims._shared.trsp_trained import (
    METHOD,
    measured,
    missing,
    ranges,
)
from specproof.engine import strategies as sst
from specproof.engine.methods import (
    derivation,
    float_tolerance,
    fmt,
    grid_check,
    property_search,
    sympy_identity,
)
from specproof.engine.optional import optional
from specproof.engine.records import Tightness
from specproof.engine.registry import Context, Evidence, Role, Source, Status, claim
from specproof.runs.train import harness as tr
from specproof.theory import filters
from specproof.theory.operators import Dense, composite_operator

if TYPE_CHECKING:
    from specproof.theory.torch.gate import GateParams

STATEMENT_TESTS = "tests/test_statements.py"


TRAINING_TESTS = "tests/test_training.py"


FIGURE = "figures/trained-diagnostics.png"  # the byte-level run's


gate_range = claim(
    "trsp.gate.range",
    title="The long-context gate lies strictly between 0 and 1",
    source=Source("TRSP", "§3.3.1", "Eq. 7"),
    statement=r"For all MLP weights, all $\beta\in\mathbb{R}$, all $T\ge1$ and layers $\ell$, with $r_\ell=b_\ell/T\in(0,1]$ and $\phi=\mathrm{softplus}(\beta)$: $0<g_\ell=\sigma(\mathrm{MLP}(\log_2 r_\ell))\,r_\ell^{\phi}<1$.",
    expected=Status.PROVED,
    reason="Over the reals: σ ∈ (0,1) and r^φ ∈ (0,1] because r ≤ 1 (b_ℓ ≤ T by Eq. 5), so g ∈ (0,1), including r = 1 where g = σ(MLP(0)). Machine-checked: each sign, for symbolic m, β, s = T/b − 1 ≥ 0, by sympy's assumption system; argued in prose: only r ≤ 1 from Eq. 5 (b_ℓ ≤ T). Floating point is another statement: see trsp.gate.range.floating.",
    prose="only r ≤ 1 from Eq. 5 (b_ℓ ≤ T)",
    tightness=Tightness(
        "sharp",
        "gate_range_sympy: both ends are approached, g → 1 as MLP → +∞ at r_ℓ = 1 and g → 0 as MLP → −∞; the float gate attains both (gate_float_endpoints, trsp.gate.range.floating)",
        approach="g → 1 (MLP → +∞, r_ℓ = 1), g → 0 (MLP → −∞)",
    ),
    tests=["tests/test_trsp_main.py::test_gate_value_lies_in_the_unit_interval"],
)


m_ = sp.Symbol("m", real=True)  # MLP output


phi_ = sp.Symbol("phi", positive=True)


s_ = sp.Symbol("s", nonnegative=True)  # r = 1/(1+s) ∈ (0, 1]: s = T/b − 1


@gate_range.decides
def gate_range_sympy(ctx: Context) -> Evidence:
    """log g = −log(1 + e^{−m}) + φ·log r < 0 and g > 0 for every real m, φ > 0 and r ∈ (0, 1]."""
    log_g = -sp.log(1 + sp.exp(-m_)) - phi_ * sp.log(1 + s_)
    g = sp.exp(log_g)
    facts = {
        "log σ(m) < 0": (-sp.log(1 + sp.exp(-m_))).is_negative,
        "φ·log r ≤ 0": (-phi_ * sp.log(1 + s_)).is_nonpositive,
        "log g < 0": log_g.is_negative,
        "g > 0": g.is_positive,
        "φ = softplus(β) > 0": sp.log(1 + sp.exp(sp.Symbol("beta", real=True))).is_positive,
    }
    failed = [k for k, v in facts.items() if v is not True]
    if failed:
        return Evidence(Status.OPEN, "sympy", f"sympy could not decide {failed}")
    return Evidence(
        Status.PROVED,
        "sympy",
        "sympy's assumption system derives "
        + ", ".join(facts)
        + "; hence 0 < g < 1, also at r = 1 (b_ℓ = T) where g = σ(MLP(0)) < 1",
        ranges="all real MLP outputs m, all β, all 1 ≤ b_ℓ ≤ T (r = 1/(1+s), s ≥ 0)",
        worst_margin=0.0,
    )


floating = claim(
    "trsp.gate.range.floating",
    title="The computed gate can round to exactly 0 or 1",
    source=Source("specproof", "§3.3.1", "own"),
    statement=r"The implemented gate returns $g\in[0,1]$ for all finite weights, and both endpoints are attained: in float64 $\sigma(m)$ rounds to 1 for $m\gtrsim36.7$ (float32: $\gtrsim16.6$), so $g=1$ exactly when $r_\ell=1$; $r^\phi$ underflows to 0 once $\phi\log_2(1/r)\ge1075$ (float32: $150$), e.g. $T=2^{20}$, $\ell=0$, $\beta\approx55$ (float32: $\beta\approx9$).",
    corrects="trsp.gate.range",
    expected=Status.VERIFIED,
    reason="Endpoint witnesses are exact float evaluations of the module (thresholds by bisection); the closed-interval range comes from a property search over extreme weights. The log-domain log_gate_value keeps log g < 0 where g itself rounds to 1, until e^{−m} underflows (m ≈ 745).",
    unproved="A statement about the implemented numpy/torch gate: the endpoint witnesses are evaluations of that code, and the closed range follows from IEEE-754 only if the platform's sigmoid and pow are faithfully rounded, an implementation property rather than a theorem.",
    tightness=Tightness(
        "sharp",
        "gate_float_endpoints: g = 1 exactly at r_ℓ = 1 once σ(m) rounds to 1, and g = 0 once r^φ underflows",
        ratio=1.0,
        where={"g = 1": "r_ℓ = 1, m ≳ 36.7 (float64)", "g = 0": "T = 2^20, ℓ = 0, β ≈ 55"},
        depends="none: the endpoints are float64's for σ(m)·r^φ at any MLP output m and any β; the reconstructed MLP only supplies m",
    ),
    tests=["tests/test_trsp_main.py::test_gate_rounds_to_the_endpoints_in_floating_point"],
)


torch = optional("torch")


torch_gate = optional("specproof.theory.torch.gate")


def _saturation_threshold(fn, dtype, lo: float, hi: float) -> float:
    """Smallest x in [lo, hi] (to bisection precision) with fn(x) at its limit value, for a monotone fn."""
    for _ in range(200):
        mid = (lo + hi) / 2
        lo, hi = (lo, mid) if fn(torch.tensor(mid, dtype=dtype)) else (mid, hi)
    return hi


def _module_gate(params: "GateParams", dtype, T: int, b: int) -> float:
    with torch.no_grad():
        return float(torch_gate.LongContextGate.from_params(params, dtype)(T, b))


def _constant_mlp(m: float, beta: float) -> "GateParams":
    """Gate parameters whose MLP outputs exactly m everywhere (all weights 0, output bias m)."""
    zero = np.zeros(16)
    return torch_gate.GateParams(zero, zero, zero, m, beta)


@floating.decides
def gate_float_endpoints(ctx: Context) -> Evidence:
    """In float32 and float64 the implemented gate reaches exactly 1.0 and exactly 0.0 at finite parameters."""
    found, data = [], {}
    for dtype in (torch.float32, torch.float64):
        name = str(dtype).replace("torch.", "")
        m_star = _saturation_threshold(lambda x: torch.sigmoid(x).item() == 1.0, dtype, 0.0, 100.0)
        e_star = _saturation_threshold(
            lambda x: (torch.tensor(0.5, dtype=dtype) ** x).item() == 0.0, dtype, 0.0, 3000.0
        )
        one = _module_gate(_constant_mlp(math.ceil(m_star), 0.0), dtype, 1024, 1024)  # r = 1
        T = 2**20  # a 1M-token context, layer 0: r = 2^-20
        beta = math.ceil(e_star / 20) + 1.0  # softplus(β) ≈ β: φ·log₂(1/r) > threshold
        zero = _module_gate(_constant_mlp(0.0, beta), dtype, T, 1)
        data[name] = {
            "sigmoid_is_1_from_m": m_star,
            "r_pow_phi_is_0_from_phi_log2_inv_r": e_star,
            "g_at_r1_m": math.ceil(m_star),
            "g_value_one": one,
            "g_at_T_2^20_b1_beta": beta,
            "g_value_zero": zero,
        }
        found.append(
            f"{name}: σ(m) = 1.0 once m ≥ {fmt(m_star)} so g(r=1, m={math.ceil(m_star)}) = {fmt(one)}; "
            f"r^φ = 0.0 once φ·log₂(1/r) ≥ {fmt(e_star)} so g(T=2^20, ℓ=0, β={fmt(beta)}) = {fmt(zero)}"
        )
    # the log-domain evaluation keeps the information the rounded value loses, until e^{−m} underflows
    log_near = float(torch_gate.log_gate_value(1.0, _constant_mlp(40.0, 0.0)))
    log_far = float(torch_gate.log_gate_value(1.0, _constant_mlp(800.0, 0.0)))
    data["log_gate_value"] = {"m=40": log_near, "m=800": log_far}
    found.append(
        f"log_gate_value at r = 1 and m = 40 is {fmt(log_near / math.exp(-40.0))}·e^−40 < 0 although g rounds "
        f"to 1; at m = 800 it is {fmt(log_far)} exactly"
    )
    ok = all(d["g_value_one"] == 1.0 and d["g_value_zero"] == 0.0 for d in data.values() if "g_value_one" in d)
    ok = ok and log_near < 0 and log_far == 0.0
    status = Status.VERIFIED if ok else Status.REFUTED
    return Evidence(
        status,
        "float-witness",
        "; ".join(found),
        ranges="torch float32 and float64, LongContextGate 1→16→1; numpy log_gate_value (float64)",
        data=data,
        counterexample=None if ok else data,
    )


@floating.decides
def gate_float_closed_interval_search(ctx: Context) -> Evidence:
    """The implemented gate stays in the closed interval [0, 1] (no NaN, no overshoot) for extreme weights."""
    cases = st.tuples(
        sst.gate_parameters(16, 1e3),
        st.integers(0, 40),
        st.integers(1, 2**24),
        st.sampled_from([torch.float32, torch.float64]),
    )

    def margin(case):
        params, ell, T, dtype = case
        b = min(2**ell, T)
        g = _module_gate(params, dtype, T, b)
        g_np = float(torch_gate.gate_value(torch_gate.coverage_ratio(T, b), params))
        values = [g, g_np]
        return min(min(v, 1.0 - v) if math.isfinite(v) else -1.0 for v in values)

    return property_search(
        cases,
        margin,
        what="computed g ∈ [0, 1]",
        ctx=ctx,
        examples=150,
        ranges="MLP weights and β in [−1e3, 1e3] (0 and ±1 favoured), T ≤ 2^24, ℓ ≤ 40, float32/float64",
    )


param_count = claim(
    "trsp.gate.param-count",
    title="The gate has about 50 trainable parameters: consistent with a 1→16→1 MLP, not checkable against the paper",
    source=Source("TRSP", "§3.3.1", "≈50 parameters"),
    statement=r"The gate's trainable parameters (MLP weights and $\beta$) number $\approx50$ (Table 1, §5.2: $50$). The paper never specifies the MLP, so this is decided only for the project's reconstruction: an MLP $1\to16\to1$ with biases plus $\beta$ has exactly $3\cdot16+2=50$, and $1\to16\to1$ is the only one-hidden-layer shape that gives 50 ($1\to2\to11\to1$ and $1\to11\to2\to1$ with two hidden layers).",
    lost="The paper gives only the total (≈50; Table 1: 50) and never the MLP's shape; 1→16→1 is the unique one-hidden-layer width giving 50 (also 1→2→11→1 and 1→11→2→1 with two hidden layers).",
    expected=Status.OPEN,
    reason="Open as a claim about the paper: a parameter count is a property of an MLP shape the paper does not give. What is proved (exact counts of the module, an exhaustive enumeration of small shapes) is about the reconstruction: its count is exactly 50 and it is the only one-hidden-layer shape with that count, so the stated total is consistent with it, nothing more.",
    notes=["reconstructed"],
    tests=["tests/test_trsp_main.py::test_gate_parameter_count"],
)


@param_count.decides
def gate_param_count_paper(ctx: Context) -> Evidence:
    """What the paper gives to check its count against: the total only, never the MLP's shape."""
    return Evidence(
        Status.OPEN,
        "source-reading",
        "the paper states the total (§1, §3.3.1, App. A.4: ≈50; Table 1 and §5.2: 50) and that the MLP is "
        '"small", but gives neither its widths, depth, biases nor activation; a count is a property of a '
        "shape, so the paper's own gate cannot be counted. The exact count proved here is that of the "
        "project's reconstruction (1→16→1, tanh, biases, plus β), which matches the stated total",
        ranges="TRSP §1, §3.3.1, Table 1, §5.2, App. A.4",
    )


def _mlp_shapes(limit: int) -> list[tuple[tuple[int, ...], int]]:
    """Every MLP 1→h₁→…→h_n→1 with biases (1 ≤ n ≤ 3) whose parameter count plus β is at most ``limit``."""
    out = []

    def grow(widths: list[int], partial: int):
        last = widths[-1] if widths else 1
        if widths and partial + last + 2 <= limit:  # output layer last·1 + 1, and β
            out.append((tuple(widths), partial + last + 2))
        if len(widths) == 3:
            return
        h = 1
        while partial + last * h + h + h + 2 <= limit:  # the cheapest completion still fits
            grow(widths + [h], partial + last * h + h)
            h += 1

    grow([], 0)
    return out


@param_count.decides
def gate_param_count_exhaustive(ctx: Context) -> Evidence:
    """The module 1→16→1 (tanh) + β has 50 parameters; 3h+2 is its count at every width; all shapes giving 50."""
    module = sum(p.numel() for p in torch_gate.LongContextGate(16).parameters())
    widths_ok = all(
        sum(p.numel() for p in torch_gate.LongContextGate(h).parameters())
        == 3 * h + 2
        == torch_gate.GateParams(np.zeros(h), np.zeros(h), np.zeros(h), 0.0, 0.0).count
        for h in range(1, 65)
    )
    shapes = _mlp_shapes(60)
    exactly = sorted(s for s, c in shapes if c == 50)
    near = sorted(s for s, c in shapes if 45 <= c <= 55)
    ok = module == 50 and widths_ok and (16,) in exactly
    summary = (
        f"LongContextGate(16) has {module} trainable parameters (fc1 16+16, fc2 16+1, β 1); counts equal 3h+2 for "
        f"h = 1..64; MLPs with biases and ≤ 3 hidden layers giving exactly 50 with β: {exactly} "
        f"({len(near)} shapes give 45..55)"
    )
    if not ok:
        return Evidence(
            Status.REFUTED, "exhaustive", summary, counterexample={"module": module, "exact_shapes": exactly}
        )
    return Evidence(
        Status.PROVED,
        "exhaustive",
        summary,
        ranges="all MLP shapes with ≤ 3 hidden layers and ≤ 60 parameters",
        worst_margin=0.0,
        sharpest="1→16→1 is the only one-hidden-layer shape with exactly 50",
        data={"exact_shapes": [list(s) for s in exactly], "near_shapes": [list(s) for s in near]},
        role=Role.SUPPORTS,
    )


operator = claim(
    "trsp.layer.operator",
    title="A TRSP layer is the linear operator I + A + g·M_tri per channel",
    source=Source("TRSP", "§3.3.1, App. C.1", "Eq. 6 / Eq. 8"),
    statement=r"Applied channel-wise, $X\mapsto X+A_{\mathrm{attn}}X+g\,\mathrm{triBox}_b(X)$ equals $X\mapsto(I+A_{\mathrm{attn}}+g\,M_{\mathrm{tri}})X$ with $M_{\mathrm{tri}}=B_b^2$ the matrix of triBox.",
    uses=["trsp.box.prefix"],
    expected=Status.CERTIFIED,
    reason="Exact polynomial identity in symbolic X, A, g on a finite grid of (T, b) (certified); for every T it follows from trsp.box.prefix by linearity. The batched torch layer matches the matrix form in a property search.",
    tests=["tests/test_trsp_main.py::test_torch_layer_matches_the_composite_matrix"],
)


def _prefix_box_symbolic(X: sp.Matrix, b: int) -> sp.Matrix:
    """Eq. 2 applied channel-wise to a symbolic T×d matrix."""
    T, d = X.shape
    S = [sp.zeros(1, d)]
    for t in range(T):
        S.append(S[-1] + X[t, :])
    rows = []
    for t in range(T):
        a = max(0, t - b + 1)
        rows.append((S[t + 1] - S[a]) / (t - a + 1))
    return sp.Matrix.vstack(*rows)


@operator.decides
def layer_operator_symbolic(ctx: Context) -> Evidence:
    """X + A X + g·Box(Box(X)) (Eq. 6, prefix sums per channel) = (I + A + g·M_tri) X (Eq. 8) with symbolic X, A, g."""
    T_max = 8 if ctx.wide else 5
    g = sp.Symbol("g")
    cases = [(T, b) for T in range(1, T_max + 1) for b in range(1, T + 2)]

    def margin(case):
        T, b = case
        X = sp.Matrix(T, 2, lambda i, j: sp.Symbol(f"x_{i}_{j}"))
        A = sp.Matrix(T, T, lambda i, j: sp.Symbol(f"a_{i}_{j}"))
        M_tri = sp.Matrix(filters.tribox_matrix(T, b, exact=True).tolist()).applyfunc(sp.Rational)
        eq6 = X + A * X + g * _prefix_box_symbolic(_prefix_box_symbolic(X, b), b)
        eq8 = (sp.eye(T) + A + g * M_tri) * X
        return 0 if (eq6 - eq8).expand() == sp.zeros(T, 2) else -1

    return grid_check(
        cases,
        margin,
        what="Eq. 6 = Eq. 8 as polynomials in X, A, g",
        method="exact",
        exact=True,
        ranges=f"T = 1..{T_max}, b = 1..T+1, d = 2, symbolic X, A, g",
    )


torch_filters = optional("specproof.theory.torch.filters")


@operator.decides
def layer_operator_torch(ctx: Context) -> Evidence:
    """The torch layer (batched, float64) equals the composite operator's matrix applied to each channel."""
    cases = st.tuples(
        sst.size_and_bandwidth(32),
        st.integers(0, 2**31 - 1),
        st.integers(1, 3),
        st.floats(0.0, 1.0, width=64),
        st.sampled_from(["random", "sink", "causal", "permutation"]),
    )

    def margin(case):
        (T, b), seed, d, g, kind = case
        rng = np.random.default_rng(seed)
        A = {
            "random": rng.random((T, T)),
            "sink": np.eye(T)[[0] * T],
            "causal": np.tril(rng.random((T, T)) + 1e-3),
            "permutation": np.eye(T)[rng.permutation(T)],
        }[kind]
        A = A / A.sum(axis=1, keepdims=True)
        X = rng.standard_normal((2, T, d))
        got = torch_filters.trsp_layer(torch.as_tensor(X), torch.as_tensor(A), g, b).numpy()
        M = composite_operator(Dense(A), g, b).as_matrix()
        return float_tolerance(T, np.abs(X).sum(axis=1).max() * 3) - np.abs(got - np.einsum("ts,bsd->btd", M, X)).max()

    return property_search(
        cases,
        margin,
        what="torch Eq. 6 = (I + A + g·M_tri)X",
        ctx=ctx,
        examples=100,
        ranges=(
            "T ≤ 32, b ∈ {1, T, T+1, 2T+3, random}, g ∈ [0, 1], batch 2, d ≤ 3, attention kinds "
            "random/sink/causal/permutation"
        ),
        role=Role.SUPPORTS,
    )


log_coverage = claim(
    "trsp.gate.log-coverage",
    title="The gate's input log₂ r_ℓ moves in unit steps across uncapped layers, then stops",
    source=Source("TRSP", "§3.3.1", "gate input"),
    statement=r"With $b_\ell=\min(2^\ell,T)$ and $r_\ell=b_\ell/T$: $\log_2r_\ell=\ell-\log_2T$ for $2^\ell\le T$, so $\log_2r_{\ell+1}-\log_2r_\ell=1$ on every uncapped step (the 'approximately linear' inputs of §3.3.1 are exactly linear there); at the capping step the increment is $\log_2(T/2^\ell)\in(0,1)$ and afterwards $0$ ($r_\ell=1$).",
    uses=["trsp.schedule.dyadic"],
    expected=Status.PROVED,
    reason="Logarithm identities for symbolic ℓ and T (sympy); the capped steps are read off Eq. 5 and confirmed in exact integers for every T ≤ 512 (4096 with --wide).",
    prose="Eq. 5: b_ℓ = 2^ℓ while 2^ℓ ≤ T and b_ℓ = T after; log₂ is increasing, so 1 < T/2^ℓ < 2 gives an increment in (0, 1)",
    notes=["interpretive"],
    tightness=Tightness(
        "unmeasurable",
        "exact increments (log_coverage_sympy): 1, log₂(T/2^ℓ) and 0 are equalities; (0, 1) is the range of the capping increment",
    ),
    tests=[f"{STATEMENT_TESTS}::test_log_coverage_steps"],
)


@log_coverage.decides
def log_coverage_sympy(ctx: Context) -> Evidence:
    """log₂(2^{ℓ+1}/T) − log₂(2^ℓ/T) = 1 for symbolic ℓ, T: uncapped layers feed the MLP inputs ℓ − log₂T."""
    ell, T = sp.symbols("ell T", positive=True)
    steps = [
        sympy_identity(
            sp.expand_log(sp.log(2 ** (ell + 1) / T, 2) - sp.log(2**ell / T, 2), force=True),
            sp.Integer(1),
            what="log₂ r_(ℓ+1) − log₂ r_ℓ = 1 while 2^(ℓ+1) ≤ T (r_ℓ = 2^ℓ/T)",
        ),
        sympy_identity(
            sp.expand_log(sp.log(2**ell / T, 2), force=True),
            ell - sp.log(T, 2),
            what="log₂ r_ℓ = ℓ − log₂T: the input is affine in the layer index, exactly",
        ),
    ]
    return derivation(
        steps, what="dyadic changes of coverage are unit steps of the MLP input", ranges="every ℓ, T with 2^ℓ ≤ T"
    )


@log_coverage.supports
def log_coverage_exhaustive(ctx: Context) -> Evidence:
    """Exact integers: r_(ℓ+1)/r_ℓ = b_(ℓ+1)/b_ℓ is 2 below the cap, T/2^ℓ ∈ (1, 2) at the capping step, 1 after."""
    top = 4096 if ctx.wide else 512
    cases = [(T, level) for T in range(1, top + 1) for level in range(filters.floor_log2(T) + 3)]

    def margin(case):
        T, level = case
        b = [min(2**j, T) for j in (level, level + 1)]
        ratio = Fraction(b[1], b[0])
        if 2 ** (level + 1) <= T:
            return 1 if ratio == 2 else -1
        if 2**level < T:
            return 1 if 1 < ratio < 2 else -1
        return 1 if ratio == 1 else -1

    return grid_check(
        cases,
        margin,
        what="b_(ℓ+1)/b_ℓ = 2 while uncapped, in (1, 2) at the cap, 1 after",
        method="exact-grid",
        exact=True,
        ranges=f"every T ≤ {top} and ℓ ≤ ⌊log₂T⌋ + 2",
        role=Role.SUPPORTS,
    )


gate = claim(
    "trsp.trained.gate",
    title="Trained with the model, the Eq. 7 gate turns TRSP's side path down to g < 10⁻² at every layer",
    source=Source("specproof", "§3.3.1, Eq. 7", "own, trained decoders"),
    statement=r"For Transformer + TRSP trained from scratch (the project's Eq. 7 gate, LongContextGate: $1\to16\to1$ MLP on $\log_2 r_\ell$ times $r_\ell^{\phi}$, initialised from the run's seed), the learned gain $g_\ell(T)$ at the training length $T=128$ is below its value at initialisation and below $10^{-2}$ at every layer, for every seed: training turns the side path down, so at this scale the trained TRSP model is the base model plus a perturbation of relative size $\lesssim10^{-2}$.",
    uses=["trsp.gate.range"],
    expected=Status.REFUTED,
    reason="Read from the committed rows (three seeds, four layers): TRSP's learned gain at T = 128 spans 1.5e-4 … 2.7e-2 and learned/initial 0.11 … 4.6, so in some layer and seed the gate grows and passes 10⁻²; training does not uniformly turn the side path down at this scale (the box-kernel ablation's gate grows 2.9–25×, no-dyadic's shrinks 36–180×). The hypothesis was the project's own; it is kept with its counterexample.",
    notes=["interpretive"],
    tests=[f"{TRAINING_TESTS}::test_the_trainable_gate_is_eq7_and_the_schedule_eq5"],
    figure=FIGURE,
)


TRAINABLE = ("trsp", "box-kernel", "no-dyadic", "dense-full-sweep")  # the variants whose Eq. 7 gate trains


def _gates(row: dict, key: str, ratio: int) -> list[float]:
    return [g for layer in row[key][str(ratio)] for _, g in layer]


@gate.decides
def trained_gate_shrinks(ctx) -> Evidence:
    run = measured()
    if run is None:
        return missing()
    first, last = tr.CONFIGS["default"].ratios[0], tr.CONFIGS["default"].ratios[-1]
    parts, failures, worst = [], [], float("inf")
    for name in TRAINABLE:
        seeds = run["variants"][name]
        learned = {s: _gates(seeds[s]["train"], "gains", first) for s in sorted(seeds)}
        initial = {s: _gates(seeds[s]["train"], "gains_init", first) for s in sorted(seeds)}
        shrink = [g / g0 for s in learned for g, g0 in zip(learned[s], initial[s])]
        far = [g for s in seeds for g in _gates(seeds[s]["train"], "gains", last)]
        parts.append(
            f"{name}: learned g at T = {tr.CONFIGS['default'].train_length}"
            f" {fmt(min(min(v) for v in learned.values()))}…{fmt(max(max(v) for v in learned.values()))} (initial"
            f" {fmt(min(min(v) for v in initial.values()))}…{fmt(max(max(v) for v in initial.values()))};"
            f" learned/initial {fmt(min(shrink))}…{fmt(max(shrink))}), at {last}× {fmt(min(far))}…{fmt(max(far))}"
        )
        if name == "trsp":
            worst = min(1 - max(shrink), 1e-2 - max(max(v) for v in learned.values()))
            if max(shrink) >= 1 or max(max(v) for v in learned.values()) >= 1e-2:
                failures.append({"variant": name, "max_ratio": max(shrink)})
    text = "per layer, over 3 seeds: " + "; ".join(parts)
    if failures:
        return Evidence(
            Status.REFUTED,
            METHOD,
            f"the TRSP gate does not shrink in every seed: {text}",
            ranges=ranges(run),
            worst_margin=worst,
            counterexample={"failures": failures},
        )
    return Evidence(Status.VERIFIED, METHOD, text, ranges=ranges(run), worst_margin=worst)
