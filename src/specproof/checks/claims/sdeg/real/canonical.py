"""The canonical model and TRSP's side path on a real pretrained transformer (SDEG §4, App. F; TRSP App. C).

Claims of the project's own, decided from the committed rows of `specproof real` (all-MiniLM-L6-v2, all 6
layers × 12 heads, ℓ = 16 … 512, 4 windows of Python's pydoc_data.topics per ℓ; `data/real-attention.jsonl`,
one row per sequence with its provenance). They read the rows and never load the model, so `specproof verify`
decides them in seconds. SDEG's own statements (§4) are about GPT-2 and ViT; here the same diagnostics are run on
another model and the paper's sentences become statements about it, so most claims are ``interpretive``: the
statement fixes the operational reading ("decreases": every metric's least-squares slope of log median against
log ℓ is negative and its last value is below its first). Medians pool heads, layers and sequences, as the paper's
do. Stored values carry 6 significant digits; a margin within that rounding is an allowance, said where it is used.
"""

from __future__ import annotations

import math
from dataclasses import replace

import numpy as np

from specproof.checks.claims._shared.sdeg_real import _measured
from specproof.engine.methods import EPS, fmt, open_evidence, series_text, step_series
from specproof.engine.records import Limit, Tightness
from specproof.engine.registry import Context, Evidence, Source, Status, check, claim
from specproof.runs.real import models as rm

TESTS = "tests/test_real_models.py"
METHOD = "measured-rows"
ROUNDING = 5e-6  # relative error of a value stored with 6 significant digits


def _missing() -> Evidence:
    return open_evidence(
        "the committed rows of `specproof real` (data/real-attention.jsonl) are missing or "
        "incomplete; run `specproof real` to measure them",
        method=METHOD,
    )


RANGES = "all-MiniLM-L6-v2, 6 layers × 12 heads, 4 windows of pydoc_data.topics per ℓ, ℓ = " + ", ".join(
    map(str, rm.LENGTHS)
)


def _series(m, key: str, lengths=None) -> tuple[list[int], list[float]]:
    rows = [r for r in m["rows"] if lengths is None or r["ell"] in lengths]
    return [r["ell"] for r in rows], [r["summary"][key] for r in rows]


def _slope(x, y) -> float:
    return float(np.polyfit(np.log(x), np.log(y), 1)[0])


def _decreasing(series: dict, *, what: str, ranges: str) -> Evidence:
    """Each named series (ℓ, values) decreases: negative log-log slope and last value below the first; read step by
    step too, and every step of the grid where it rises is named (``data["series"]``)."""
    parts, worst, steps = [], math.inf, []
    for name, (x, y) in series.items():
        slope = _slope(x, y)
        margin = min(-slope, (y[0] - y[-1]) / y[0])
        worst = min(worst, margin)
        steps.append(step_series(name, x, y, "decreasing"))
        parts.append(f"{name} {' → '.join(fmt(v) for v in y)} (slope {fmt(slope)}; {series_text(steps[-1])})")
        if margin < 0:
            return Evidence(
                Status.REFUTED,
                METHOD,
                f"{what}: {name} does not decrease: " + "; ".join(parts),
                ranges=ranges,
                worst_margin=margin,
                counterexample={"series": name, "ell": x, "median": y, "slope": slope},
                data={"series": steps},
            )
    return Evidence(
        Status.VERIFIED,
        METHOD,
        f"{what}: " + "; ".join(parts),
        ranges=ranges,
        worst_margin=worst,
        sharpest="; ".join(f"{n}: slope {fmt(_slope(*s))}" for n, s in series.items()),
        data={"series": steps},
    )


def _three(x: float) -> float:
    """A measured value as the catalogue keeps it: 3 significant digits (the stored rows carry 6)."""
    return float(fmt(x))


def _fall_tightness(series: dict, *, what: str, ranges: str) -> Tightness:
    """'Decreases' read as last < first: the smallest first/last over the series is the factor by which it holds
    (the slope's bound, 0, has no scale); the slopes are named in the note."""
    falls = {name: y[0] / y[-1] for name, (x, y) in series.items()}
    weakest = min(falls, key=falls.get)
    slopes = ", ".join(f"{name} {fmt(_slope(*xy))}" for name, xy in series.items())
    return Tightness(
        "loose",
        f"{what}: last below first by a factor first/last ≥ {fmt(falls[weakest])} ({weakest}; the others "
        + ", ".join(f"{fmt(v)}" for name, v in falls.items() if name != weakest)
        + f"); log–log slopes {slopes} against the bound 0 (no scale to divide by)",
        factor=_three(falls[weakest]),
        ratio=_three(1 / falls[weakest]),
        where={"series": weakest},
        ranges=ranges,
    )


# --------------------------------------------------------------------------- §4.1: U_X against Haar


def _angle_series(m, lengths) -> dict:
    rows = [r for r in m["rows"] if r["ell"] in lengths]
    return {
        f"{metric} of U_X": ([r["ell"] for r in rows], [r["summary"]["median_angles"][metric] for r in rows])
        for metric in (*rm.ANGLE_METRICS, rm.SAMPLED_W1)
    }


@check
def real_input_angles_decrease(ctx: Context) -> Evidence:
    m = _measured()
    if m is None:
        return _missing()
    within = [ell for ell in rm.LENGTHS if ell <= m["hidden_size"]]
    series = _angle_series(m, within)
    ev = _decreasing(
        series,
        what="median eigen-angle discrepancies of U_X for ℓ ≤ d",
        ranges=f"{RANGES} (ℓ ≤ d = {m['hidden_size']})",
    )
    haar = {r["ell"]: r["haar"]["W1"] for r in m["rows"]}
    ratio = [r["summary"]["median_angles"]["W1"] / haar[r["ell"]] for r in m["rows"] if r["ell"] in within]
    tight = _fall_tightness(series, what="the medians of U_X's discrepancies over ℓ ≤ d", ranges=ev.ranges)
    tight = replace(
        tight,
        note=tight.note + f"; not a bound to approach: W₁∠ stays {fmt(min(ratio))}–{fmt(max(ratio))} × the Haar mean",
    )
    return replace(
        ev, summary=ev.summary + "; W₁∠ over the Haar mean: " + ", ".join(fmt(v) for v in ratio), tightness=tight
    )


claim(
    id="sdeg.real.input-angles",
    figure="figures/real-angles.png",
    title="MiniLM: the eigen-angles of U_X approach uniform as ℓ grows (ℓ ≤ d)",
    source=Source("specproof", "§4.1", "own, on MiniLM"),
    statement=r"For all-MiniLM-L6-v2 on pydoc_data.topics, the medians over layers and windows of the KL, Kolmogorov and angular-$W_1$ discrepancies between the eigen-angles of $U_X$ ($X=U_X\Sigma_XV_X^\top$, each layer's input, full SVD) and $\mathrm{Unif}[-\pi,\pi]$ decrease with $\ell$ over $16\le\ell\le d=384$ (negative log–log slope, last below first), as SDEG §4.1 reports for GPT-2 (ℓ = 17–471 < 768).",
    checks=[real_input_angles_decrease],
    expected=Status.VERIFIED,
    unproved=(
        "A statement about measured rows: the stored all-MiniLM-L6-v2 attention of 6 layers × 12 heads on 4 windows of pydoc_data.topics (ℓ = 16…512); nothing to prove for every parameter value."
    ),
    reason=(
        "The committed rows: all three medians fall with ℓ and stay within a small factor of the Haar Monte Carlo at the same ℓ (the histogram KL is the noisiest: it need not fall at every step)."
    ),
    notes=["interpretive"],
    tests=[f"{TESTS}::test_orthogonal_eigen_angles_match_numpy"],
)


@check
def real_input_angles_beyond_width(ctx: Context) -> Evidence:
    m = _measured()
    if m is None:
        return _missing()
    d = m["hidden_size"]
    inside = max(ell for ell in rm.LENGTHS if ell <= d)
    beyond = [ell for ell in rm.LENGTHS if ell > d]
    if not beyond:
        return open_evidence(f"no measured ℓ exceeds d = {d}", method=METHOD)
    w = {r["ell"]: r["summary"]["median_angles"]["W1"] for r in m["rows"]}
    haar = {r["ell"]: r["haar"]["W1"] for r in m["rows"]}
    margin = min(w[ell] / w[inside] - 1 for ell in beyond)
    text = f"median W₁∠ of U_X {fmt(w[inside])} at ℓ = {inside} (Haar {fmt(haar[inside])}) against " + ", ".join(
        f"{fmt(w[ell])} at ℓ = {ell} (Haar {fmt(haar[ell])})" for ell in beyond
    )
    if margin <= 0:
        return Evidence(
            Status.REFUTED,
            METHOD,
            f"U_X beyond ℓ = d does not rise: {text}",
            ranges=RANGES,
            worst_margin=margin,
            counterexample={"W1_by_ell": w},
        )
    ells = [inside, *beyond]
    series = step_series("median W₁∠ of U_X from ℓ = d on", ells, [w[ell] for ell in ells], "increasing")
    rise = min(w[ell] / w[inside] for ell in beyond)
    last = beyond[-1]
    tight = Tightness(
        "loose",
        f"median W₁∠ of U_X at ℓ > d over its value at ℓ = {inside}: ≥ {fmt(rise)} (the stated '>' holds by that "
        f"factor); at ℓ = {last} it is {fmt(w[last] / haar[last])} × the Haar mean, against "
        f"{fmt(w[inside] / haar[inside])} at ℓ = {inside}: the completion, not the model, sets it. The rank ≤ d of "
        "X ∈ ℝ^(ℓ×d) is a fact of linear algebra, attained when X has full column rank",
        factor=_three(rise),
        ratio=_three(1 / rise),
        where={"ell": last},
        ranges=RANGES,
    )
    return Evidence(
        Status.VERIFIED,
        METHOD,
        f"U_X rises beyond ℓ = d = {d}: {text}; {series_text(series)}",
        ranges=RANGES,
        worst_margin=margin,
        data={"series": [series]},
        tightness=tight,
    )


claim(
    id="sdeg.real.input-angles.completion",
    figure="figures/real-angles.png",
    title="MiniLM: beyond ℓ = d the U_X diagnostic measures LAPACK's completion and rises again",
    source=Source("specproof", "§4.1", "own, on MiniLM"),
    statement=(
        r"For $\ell>d$ the layer input $X\in\mathbb R^{\ell\times d}$ has rank $\le d$, so $\ell-d$ columns of the square factor $U_X$ are the SVD routine's completion of the column space, not the model's. On MiniLM ($d=384$) the median angular $W_1$ of $U_X$ at $\ell=512$ is above its value at $\ell=256$: the decrease of sdeg.real.input-angles does not continue past $\ell=d$."
    ),
    checks=[real_input_angles_beyond_width],
    expected=Status.VERIFIED,
    unproved=(
        "A statement about measured rows: the stored all-MiniLM-L6-v2 attention of 6 layers × 12 heads on 4 windows of pydoc_data.topics (ℓ = 16…512); nothing to prove for every parameter value."
    ),
    reason=(
        "The committed rows show the rise; SDEG's GPT-2 lengths (≤ 471 < 768) never reach ℓ > d, and App. F.3.1 names the nullspace completion as a caveat without measuring it."
    ),
    notes=["interpretive"],
    uses=["sdeg.real.input-angles"],
    tests=[f"{TESTS}::test_orthogonal_eigen_angles_match_numpy"],
)


# --------------------------------------------------------------------------- §4.2: score rank


@check
def real_score_rank_sublinear(ctx: Context) -> Evidence:
    m = _measured()
    if m is None:
        return _missing()
    parts, worst, factors = [], math.inf, {}
    for key, name in (("median_srank_score", "srank(S_h)"), ("median_erank1_score", "erank₁(S_h)")):
        x, y = _series(m, key)
        slope = _slope(x, y)
        cap = max(y) / m["head_dim"]
        worst = min(worst, 1 - slope, 1 - cap)
        factors[name] = (1 / cap, 1 / slope if slope > 0 else math.inf, x[int(np.argmax(y))], slope)
        parts.append(f"{name} {' → '.join(fmt(v) for v in y)} (log–log slope {fmt(slope)}, max/d_h {fmt(cap)})")
        if slope >= 1 or cap > 1:
            return Evidence(
                Status.REFUTED,
                METHOD,
                f"score rank grows linearly: {name}: " + "; ".join(parts),
                ranges=RANGES,
                worst_margin=min(1 - slope, 1 - cap),
                counterexample={"ell": x, name: y},
            )
    series = [
        step_series(name, *_series(m, key), "increasing")
        for key, name in (("median_srank_score", "median srank(S_h)"), ("median_erank1_score", "median erank₁(S_h)"))
    ]
    name = min(factors, key=lambda n: factors[n][0])
    d_h = m["head_dim"]
    tight = Tightness(
        "loose",
        f"max over ℓ of the median below d_h = {d_h} by a factor ≥ {fmt(factors[name][0])} ({name} at ℓ = "
        f"{factors[name][2]}; srank(S_h): {fmt(factors['srank(S_h)'][0])}); log–log slope below 1: "
        + ", ".join(f"{n} {fmt(v[3])}" for n, v in factors.items())
        + " (factors 1/slope "
        + ", ".join(fmt(v[1]) for v in factors.values())
        + "). The theorem behind the cap, srank ≤ rank S_h ≤ d_h, is attained by a head with d_h equal singular values",
        factor=_three(factors[name][0]),
        ratio=_three(1 / factors[name][0]),
        where={"surrogate": name, "ell": factors[name][2]},
        ranges=RANGES,
    )
    return Evidence(
        Status.VERIFIED,
        METHOD,
        "score rank surrogates stay moderate: " + "; ".join(parts) + "; " + "; ".join(series_text(t) for t in series),
        ranges=RANGES,
        worst_margin=worst,
        data={"series": series},
        tightness=tight,
    )


claim(
    id="sdeg.real.score-rank",
    figure="figures/real-concentration.png",
    title="MiniLM: the score-rank surrogates stay moderate, far from linear in ℓ",
    source=Source("specproof", "§4.2", "own, on MiniLM"),
    statement=r"The medians over heads of $\mathrm{srank}(S_h)$ and $\mathrm{erank}_1(S_h)$ grow sublinearly in $\ell$ (log–log slope $<1$ over $\ell=16\ldots512$) and stay below $d_h=32$, as SDEG §4.2 (Fig. 4) reports for GPT-2.",
    checks=[real_score_rank_sublinear],
    expected=Status.VERIFIED,
    unproved=(
        "A statement about measured rows: the stored all-MiniLM-L6-v2 attention of 6 layers × 12 heads on 4 windows of pydoc_data.topics (ℓ = 16…512); nothing to prove for every parameter value (only 'below d_h' is a theorem: srank(S) ≤ rank S ≤ d_h)."
    ),
    reason="rank S_h ≤ d_h bounds both surrogates whatever the model does; the rows show how far below d_h they sit.",
    notes=["interpretive"],
    tests=[f"{TESTS}::test_minilm_at_length_16"],
)


# --------------------------------------------------------------------------- §4.4: score factors

PAPER_SCORE_W1 = ((17, 64, 0.31), (385, 471, 0.10))  # SDEG §4.4: GPT-2's mean Ŵ₁ of both factors, per length band
SAMPLED_W1_CONSTANT = math.pi**1.5 / (
    2 * math.sqrt(2)
)  # E Ŵ₁ ≈ C/√ℓ for any near-uniform angles (sdeg.F.haar-angles.sampled-w1-floor)
LIKE_WITH_LIKE = 0.25  # "the same number" at toy precision: within ±25 % (the band means pool different lengths)


def _band_value(x: list[int], y: list[float], lo: int, hi: int) -> tuple[float, str]:
    """Our value for one of the paper's length bands: the mean of our lengths inside it, else the log-log interpolation
    at the band's geometric centre."""
    inside = [v for ell, v in zip(x, y) if lo <= ell <= hi]
    if inside:
        return float(np.mean(inside)), f"mean at ℓ = {', '.join(str(e) for e in x if lo <= e <= hi)}"
    centre = math.sqrt(lo * hi)
    return float(np.exp(np.interp(np.log(centre), np.log(x), np.log(y)))), f"interpolated at ℓ ≈ {fmt(centre)}"


@check
def real_score_angles_like_with_like(ctx: Context) -> Evidence:
    """The paper's estimator on MiniLM: the mean sampled Ŵ₁ of U_S and V_S per ℓ against GPT-2's band means, and
    against the estimator's floor C/√ℓ (what it reads off perfectly uniform angles)."""
    m = _measured()
    if m is None:
        return _missing()
    parts, worst, fails, rels, floors = [], math.inf, [], {}, []
    for f in ("U", "V"):
        x, y = _series(m, f"mean_W1s_{f}")
        for lo, hi, paper in PAPER_SCORE_W1:
            ours, how = _band_value(x, y, lo, hi)
            rel = ours / paper - 1
            rels[(f, lo, hi)] = abs(rel)
            worst = min(worst, LIKE_WITH_LIKE - abs(rel))
            parts.append(f"{f}_S, ℓ = {lo}–{hi}: {fmt(ours)} ({how}) vs GPT-2 {fmt(paper)}")
            if abs(rel) > LIKE_WITH_LIKE:
                fails.append({"factor": f, "band": [lo, hi], "ours": ours, "paper": paper})
        floor = [SAMPLED_W1_CONSTANT / math.sqrt(ell) for ell in x]
        ratio = [v / c for v, c in zip(y, floor)]
        floors += ratio
        parts.append(f"{f}_S over the floor C/√ℓ: {', '.join(fmt(r) for r in ratio)} at ℓ = {', '.join(map(str, x))}")
    text = "mean sampled Ŵ₁ (App. F.3.1): " + "; ".join(parts)
    if fails:
        return Evidence(
            Status.REFUTED,
            METHOD,
            f"{text}: not the paper's values",
            ranges=RANGES,
            worst_margin=worst,
            counterexample={"bands": fails},
        )
    far = max(rels, key=rels.get)
    tight = Tightness(
        "loose",
        f"|ours/GPT-2 − 1| ≤ {LIKE_WITH_LIKE} holds by a factor ≥ {fmt(LIKE_WITH_LIKE / rels[far])} (largest "
        f"deviation {fmt(100 * rels[far])} %, {far[0]}_S over ℓ = {far[1]}–{far[2]}); 'at the floor C/√ℓ' has no "
        f"inequality: the mean Ŵ₁ is {fmt(min(floors))}–{fmt(max(floors))} × C/√ℓ at every ℓ",
        factor=_three(LIKE_WITH_LIKE / rels[far]),
        ratio=_three(rels[far] / LIKE_WITH_LIKE),
        where={"factor": f"{far[0]}_S", "band": f"ℓ = {far[1]}–{far[2]}"},
        ranges=RANGES,
    )
    return Evidence(Status.VERIFIED, METHOD, text, ranges=RANGES, worst_margin=worst, tightness=tight)


@check
def real_score_angles_decrease(ctx: Context) -> Evidence:
    m = _measured()
    if m is None:
        return _missing()
    return _decreasing(
        {
            "mean W₁∠ of U_S": _series(m, "mean_W1_U"),
            "mean W₁∠ of V_S": _series(m, "mean_W1_V"),
            "mean Ŵ₁ of U_S": _series(m, "mean_W1s_U"),
            "mean Ŵ₁ of V_S": _series(m, "mean_W1s_V"),
        },
        what="eigen-angles of the score singular factors, exact angular W₁ and the sampled Ŵ₁",
        ranges=RANGES,
    )


claim(
    id="sdeg.real.score-angles",
    figure="figures/real-angles.png",
    title="MiniLM's score factors, measured as the paper measures them, give GPT-2's numbers: the estimator's floor",
    source=Source("specproof", "§4.4", "own, on MiniLM"),
    statement=r"With the paper's estimator (the sampled $\widehat W_1$ of App. F.3.1), the mean over heads, layers and windows for the eigen-angles of $U_{S_h}$ and $V_{S_h}$ ($S_h=U\Sigma V^\top$, full SVD) is within 25 % of SDEG §4.4's GPT-2 values (0.31 over $\ell=17$–$64$, 0.10 over $385$–$471$), and sits at the estimator's floor $C/\sqrt\ell$; the exact angular $W_1$ decreases at every step of $\ell=16\ldots512$. For $\ell>d_h=32$, $S_h$ is rank-deficient and $U_{S_h},V_{S_h}$ are completed by the SVD routine's arbitrary basis of the null spaces: those values describe that basis, not the head.",
    checks=[real_score_angles_like_with_like, real_score_angles_decrease],
    expected=Status.VERIFIED,
    unproved=(
        "A statement about measured rows: the stored all-MiniLM-L6-v2 attention of 6 layers × 12 heads on 4 windows of pydoc_data.topics (ℓ = 16…512); nothing to prove for every parameter value."
    ),
    reason=(
        "Like with like (a referee found the earlier comparison set the paper's sampled Ŵ₁ beside our exact W₁): MiniLM's mean Ŵ₁ is ≈ 0.30 over the band ℓ = 17–64 (ours at 32 and 64) and ≈ 0.09 interpolated at ℓ ≈ 428, GPT-2's 0.31 and 0.10 — and both are the floor C/√ℓ that Ŵ₁ gives perfectly uniform angles (0.97–1.12 of it at every ℓ), so the paper's numbers, like ours, cannot tell Haar factors from any near-uniform law. The exact W₁ separates them and falls 0.23 → 0.007. The rows at ℓ ≥ 64 are one completion's: remeasuring on another machine changed every U_S, V_S value at ℓ ≥ 64 (LAPACK's choice of null-space basis) and none at ℓ = 16, 32, where S_h has full rank; the paper names this caveat (App. F, 'nullspace completions also affect this diagnostic') without measuring it."
    ),
    notes=["interpretive"],
    tests=[f"{TESTS}::test_orthogonal_eigen_angles_match_numpy"],
)


# --------------------------------------------------------------------------- §4.3: real against canonical


@check
def real_w1_decreases(ctx: Context) -> Evidence:
    m = _measured()
    if m is None:
        return _missing()
    return _decreasing(
        {"all heads": _series(m, "median_w1"), "last layer": _series(m, "last_layer_median_w1")},
        what="median W₁(σ(A_h), σ(A_Σ))",
        ranges=RANGES,
    )


claim(
    id="sdeg.real.w1-decreases",
    figure="figures/real-attention.png",
    title="MiniLM: real and canonical attention spectra approach each other in W₁ as ℓ grows",
    source=Source("specproof", "§4.3", "own, on MiniLM"),
    statement=(
        r"The median over heads of $W_1$ between the empirical singular-value laws of the real attention $A_h$ and of the canonical $A_\Sigma=\mathrm{softmax}(\mathrm{diag}\,\sigma(S_h))$ decreases with $\ell$ over $16\ldots512$, pooled and in the last layer (SDEG §4.3, GPT-2: 0.3002 → 0.0942, last layer 0.3290 → 0.0748 over ℓ = 64 … 1024)."
    ),
    checks=[real_w1_decreases],
    expected=Status.VERIFIED,
    unproved=(
        "A statement about measured rows: the stored all-MiniLM-L6-v2 attention of 6 layers × 12 heads on 4 windows of pydoc_data.topics (ℓ = 16…512); nothing to prove for every parameter value."
    ),
    reason="The rows decrease at every step, at smaller values than GPT-2's at the same ℓ.",
    notes=["interpretive"],
    tests=[f"{TESTS}::test_minilm_at_length_16"],
)


@check
def real_concentration_differs(ctx: Context) -> Evidence:
    m = _measured()
    if m is None:
        return _missing()
    s = m["rows"][-1]["summary"]
    ell = m["rows"][-1]["ell"]
    srank, erank = (
        (s["median_srank_real"], s["median_srank_canonical"]),
        (
            s["median_erank1_real"],
            s["median_erank1_canonical"],
        ),
    )
    margin = min(1 - srank[0] / srank[1], 1 - erank[1] / erank[0])
    crossing = next(
        (r["ell"] for r in m["rows"] if r["summary"]["median_erank1_real"] > r["summary"]["median_erank1_canonical"]),
        None,
    )
    text = (
        f"at ℓ = {ell}: srank {fmt(srank[0])} real vs {fmt(srank[1])} canonical, erank₁ {fmt(erank[0])} vs "
        f"{fmt(erank[1])} (paper, GPT-2 at 1024: 1.18 vs 27.5, 314 vs 95.1); real erank₁ first exceeds the canonical "
        f"at ℓ = {crossing}"
    )
    if margin <= 0:
        return Evidence(
            Status.REFUTED,
            METHOD,
            f"concentration does not differ as stated: {text}",
            ranges=RANGES,
            worst_margin=margin,
            counterexample={"ell": ell, "srank": srank, "erank1": erank},
        )
    return Evidence(Status.VERIFIED, METHOD, text, ranges=RANGES, worst_margin=margin)


claim(
    id="sdeg.real.concentration",
    figure="figures/real-concentration.png",
    title="MiniLM: close in W₁, yet real attention is far more concentrated in srank and spread in erank₁",
    source=Source("specproof", "§4.3", "own, on MiniLM"),
    statement=r"At the largest measured $\ell$ the median $\mathrm{srank}(A_h)$ is below the median $\mathrm{srank}(A_\Sigma)$ and the median $\mathrm{erank}_1(A_h)$ is above the median $\mathrm{erank}_1(A_\Sigma)$: SDEG's GPT-2 pattern at $\ell=1024$ (1.18 vs 27.51; 314.06 vs 95.12).",
    checks=[real_concentration_differs],
    expected=Status.VERIFIED,
    unproved=(
        "A statement about measured rows: the stored all-MiniLM-L6-v2 attention of 6 layers × 12 heads on 4 windows of pydoc_data.topics (ℓ = 16…512); nothing to prove for every parameter value."
    ),
    reason=(
        "The rows at ℓ = 512: one dominant singular value (srank ≈ 1.6) with a long, flat tail (large erank₁) in real attention; about k + 1 unit singular values and zeros in the canonical model."
    ),
    notes=["interpretive"],
    tests=[f"{TESTS}::test_minilm_at_length_16"],
)


# --------------------------------------------------------------------------- Assumption 2 and the theorems

SEPARATED = 1.0  # a head is separated in practice when min(log f, log g) > 1, i.e. ε_ℓ = e^(−margin) < 1/e


@check
def real_spike_bulk_split(ctx: Context) -> Evidence:
    """Per head min(log f, log g) (an empty side, k = 0 or k = ℓ, has no margin to miss); the median and the share of
    heads above SEPARATED, read step by step over the measured lengths."""
    m = _measured()
    if m is None:
        return _missing()
    rows = m["rows"]
    x = [r["ell"] for r in rows]
    k, rank = [r["summary"]["median_k"] for r in rows], [r["summary"]["median_rank"] for r in rows]
    bulk = [r["summary"]["median_bulk_max"] for r in rows]
    heads = [
        [
            min(v for v in (f, g) if v is not None)
            for layer in r["layers"]
            for fs, gs in zip(layer["log_f"], layer["log_g"])
            for f, g in zip(fs, gs)
        ]
        for r in rows
    ]
    margins = [float(np.median(h)) for h in heads]
    share = [float(np.mean(np.array(h) > SEPARATED)) for h in heads]
    median_series = step_series("the median margin", x, margins, "increasing")
    share_series = step_series("the share of separated heads", x, share, "increasing")
    # the recast statement: positive at every ℓ; a majority separated only at the largest ℓ, where the bulk is empty
    majority = [ell for ell, v in zip(x, share) if v > 0.5]
    empty_bulk = bulk[-1] == 0
    holds = min(margins) > 0 and majority == [x[-1]] and empty_bulk
    text = (
        f"median min(log f, log g) {', '.join(fmt(v) for v in margins)}; share of heads with margin > {fmt(SEPARATED)}"
        f" {', '.join(fmt(v) for v in share)}; median k {', '.join(fmt(v) for v in k)} of rank"
        f" {', '.join(fmt(v) for v in rank)}; B = s_(k+1) {', '.join(fmt(v) for v in bulk)} at ℓ ="
        f" {', '.join(map(str, x))}; {series_text(median_series)}; {series_text(share_series)}"
    )
    low = int(np.argmin(margins))
    before = max(share[:-1])
    tight = Tightness(
        "loose",
        f"median min(log f, log g) > 0, i.e. min(f, g) > 1: the smallest median min(f, g) is e^{fmt(margins[low])} = "
        f"{fmt(math.exp(margins[low]))} (ℓ = {x[low]}), barely above 1 (ε_ℓ = e^(−margin) = "
        f"{fmt(math.exp(-margins[low]))}); the majority (> 1/2) with margin > {fmt(SEPARATED)}: {fmt(share[-1])} at "
        f"ℓ = {x[-1]}, at most {fmt(before)} before (a factor {fmt(0.5 / before)} below 1/2)",
        factor=_three(math.exp(margins[low])),
        ratio=_three(math.exp(-margins[low])),
        where={"ell": x[low]},
        ranges=RANGES,
    )
    limit = Limit(
        "none",
        "Assumption 2's f, g → ∞ is what the rows test, not a rate they fit: the median margin "
        + ", ".join(fmt(v) for v in margins)
        + f" at ℓ = {', '.join(map(str, x))} falls, then jumps at ℓ = {x[-1]} where the bulk is the structural zeros "
        f"(B = {fmt(bulk[-1])}, so log g = log ℓ): no scaled quantity converges over six lengths, and none is claimed",
    )
    return Evidence(
        Status.VERIFIED if holds else Status.REFUTED,
        METHOD,
        text,
        ranges=RANGES,
        worst_margin=min(margins),
        counterexample=None if holds else {"ell": x, "median_margin": margins, "share": share},
        data={"series": [median_series, share_series], "count": {"ell": x, "median_k": k}},
        tightness=tight,
        limit=limit,
    )


claim(
    id="sdeg.real.spike-bulk",
    figure="figures/real-concentration.png",
    title="MiniLM's score spectra barely separate at log ℓ: Assumption 2 holds only once the bulk is empty",
    source=Source("specproof", "§3.1", "own, on MiniLM"),
    statement=r"Per head, split the score singular values at the softmax scale: $k=\#\{i:s_i>\log\ell\}$, $\log f=s_k-\log\ell$, $\log g=\log\ell-s_{k+1}$ (the largest $f,g$ with $e^{s_i}\ge\ell f$ for $i\le k$ and $e^{s_i}\le\ell/g$ for $i>k$), $B=s_{k+1}$. Assumption 2 asks $f,g\to\infty$. On MiniLM the median $\min(\log f,\log g)$ is positive at every $\ell$ but does not grow with $\ell$: it falls over $\ell=16\dots128$, and a majority of heads has margin $>1$ only at $\ell=512$, where the bulk is the $\ell-32$ structural zeros ($B=0$).",
    checks=[real_spike_bulk_split],
    expected=Status.VERIFIED,
    unproved=(
        "A statement about measured rows: the stored all-MiniLM-L6-v2 attention of 6 layers × 12 heads on 4 windows of pydoc_data.topics (ℓ = 16…512); nothing to prove for every parameter value."
    ),
    reason=(
        "Recast to what the rows show, step by step (a referee found the earlier 'margins grow' verified only through a positive slope carried by ℓ = 512): the median margin is 0.28, 0.18, 0.16, 0.14, 0.25 at ℓ = 16…256 (ε_ℓ = e^(−margin) ≈ 0.75–0.87: no separation in practice) and 6.0 at ℓ = 512; the share of heads with margin > 1 is 0.04, 0.04, 0, 0.01, 0.20, 0.90. While k climbs towards rank S_h = d_h = 32, B = s_(k+1) tracks log ℓ from just below; at ℓ = 512 every nonzero score direction is a spike (the score singular values grow like ℓ, faster than log ℓ) and the bulk is empty of signal. Bounded bulk thus holds only once the bulk carries no signal."
    ),
    notes=["interpretive"],
    tests=[f"{TESTS}::test_spike_bulk_split_of_a_known_spectrum"],
)


RANK_TOLERANCE = 2.0  # "k + 1 + o(1)" read at finite ℓ: within a factor 2 of k + 1


@check
def real_rank_prediction(ctx: Context) -> Evidence:
    m = _measured()
    if m is None:
        return _missing()
    parts, worst, failures = [], math.inf, []
    for r in m["rows"]:
        layers = r["layers"]
        ratio = {
            kind: float(
                np.median(
                    [
                        v / (k + 1)
                        for layer in layers
                        for vs, ks in zip(layer[f"srank_{kind}"], layer["k"])
                        for v, k in zip(vs, ks)
                    ]
                )
            )
            for kind in ("real", "canonical")
        }
        can = min(RANK_TOLERANCE - ratio["canonical"], 1 - 1 / (RANK_TOLERANCE * ratio["canonical"]))
        real = 1 / RANK_TOLERANCE - ratio["real"]
        worst = min(worst, can, real)
        parts.append(f"ℓ = {r['ell']}: {fmt(ratio['canonical'])} canonical, {fmt(ratio['real'])} real")
        if can < 0:
            failures.append({"ell": r["ell"], "canonical_ratio": ratio["canonical"]})
        if real < 0:
            failures.append({"ell": r["ell"], "real_ratio": ratio["real"]})
    text = "median srank/(k+1): " + "; ".join(parts)
    if failures:
        return Evidence(
            Status.REFUTED,
            METHOD,
            f"Thm 6's prediction does not split as stated: {text}",
            ranges=RANGES,
            worst_margin=worst,
            counterexample={"failures": failures},
        )
    return Evidence(Status.VERIFIED, METHOD, text, ranges=RANGES, worst_margin=worst)


claim(
    id="sdeg.real.rank-prediction",
    figure="figures/real-concentration.png",
    title="Thm 6's srank ≈ k + 1 holds for the canonical model built from MiniLM's scores, not for its attention",
    source=Source("specproof", "§3.4", "own, on MiniLM"),
    statement=r"With $k$ the per-head spike count of sdeg.real.spike-bulk, at every measured $\ell$ the median of $\mathrm{srank}(A_\Sigma)/(k+1)$ lies in $[1/2,2]$ (Thm 6's $k+1+o(1)$, read within a factor 2) while the median of $\mathrm{srank}(A_h)/(k+1)$ is below $1/2$: the theorem describes the canonical model of the real scores but not the real attention.",
    checks=[real_rank_prediction],
    expected=Status.VERIFIED,
    unproved=(
        "A statement about measured rows: the stored all-MiniLM-L6-v2 attention of 6 layers × 12 heads on 4 windows of pydoc_data.topics (ℓ = 16…512); nothing to prove for every parameter value."
    ),
    reason=(
        "The canonical model turns each score direction above log ℓ into a self-attending row (a unit singular value); real attention puts its large score directions on a few shared key tokens instead (srank ≈ 1–2)."
    ),
    notes=["interpretive"],
    uses=["sdeg.real.spike-bulk"],
    tests=[f"{TESTS}::test_spike_bulk_split_of_a_known_spectrum"],
)


@check
def real_eigen_profile_prediction(ctx: Context) -> Evidence:
    m = _measured()
    if m is None:
        return _missing()
    parts, worst, failures = [], math.inf, []
    for r in m["rows"]:
        ell = r["ell"]
        ratio = {
            kind: float(
                np.median(
                    [
                        t / (k + 1 - k / ell)
                        for layer in r["layers"]
                        for ts, ks in zip(layer[f"trace_{kind}"], layer["k"])
                        for t, k in zip(ts, ks)
                    ]
                )
            )
            for kind in ("real", "canonical")
        }
        law = {kind: r["summary"][f"median_law_{kind}"] for kind in ("real", "canonical")}
        can = min(RANK_TOLERANCE - ratio["canonical"], 1 - 1 / (RANK_TOLERANCE * ratio["canonical"]))
        real = 1 / RANK_TOLERANCE - ratio["real"]
        worst = min(worst, can, real)
        parts.append(
            f"ℓ = {ell}: {fmt(ratio['canonical'])} canonical, {fmt(ratio['real'])} real (W₁ to cδ₁ + (1−c)δ₀: "
            f"{fmt(law['canonical'])}, {fmt(law['real'])})"
        )
        if can < 0 or real < 0:
            failures.append({"ell": ell, **{f"{k}_ratio": v for k, v in ratio.items()}})
    text = "median tr A/(k + 1 − c): " + "; ".join(parts)
    if failures:
        return Evidence(
            Status.REFUTED,
            METHOD,
            f"Thm 2's profile does not split as stated: {text}",
            ranges=RANGES,
            worst_margin=worst,
            counterexample={"failures": failures},
        )
    counted = {"ell": [r["ell"] for r in m["rows"]], "median_k": [r["summary"]["median_k"] for r in m["rows"]]}
    return Evidence(Status.VERIFIED, METHOD, text, ranges=RANGES, worst_margin=worst, data={"count": counted})


claim(
    id="sdeg.real.eigen-profile",
    figure="figures/real-concentration.png",
    title="Thm 2's eigenvalue profile holds for the canonical model of MiniLM's scores, not for its attention",
    source=Source("specproof", "§3.2", "own, on MiniLM"),
    statement=r"With $k$ the per-head spike count of sdeg.real.spike-bulk and $c=k/\ell$, Thm 2's profile (eigenvalues $1$ ($k$ times), $1-c$, $0$) has eigenvalue sum $k+1-c$; at every measured $\ell$ the median of $\mathrm{tr}A_\Sigma/(k+1-c)$ lies in $[1/2,2]$ while the median of $\mathrm{tr}A_h/(k+1-c)$ is below $1/2$ ($\mathrm{tr}A=\sum_i\lambda_i$, exact without an eigensolver; the tolerance of sdeg.real.rank-prediction).",
    checks=[real_eigen_profile_prediction],
    expected=Status.VERIFIED,
    unproved=(
        "A statement about measured rows: the stored all-MiniLM-L6-v2 attention of 6 layers × 12 heads on 4 windows of pydoc_data.topics (ℓ = 16…512); nothing to prove for every parameter value."
    ),
    reason=(
        "The canonical spectrum follows the profile closely (ratio ≈ 1); real attention keeps about one eigenvalue near 1 per shared key token instead of one per large score direction. The distance of the singular-value law to cδ₁ + (1−c)δ₀ (Thm 1(3)) falls for both (canonical 0.117 → 0.0019, real 0.223 → 0.068) because c = k/ℓ → 0 pulls the limit law towards δ₀: it shrinks even for attention that misses the profile."
    ),
    notes=["interpretive"],
    uses=["sdeg.real.spike-bulk", "sdeg.real.rank-prediction"],
    tests=[f"{TESTS}::test_layer_measures_are_finite_and_in_range"],
)


# --------------------------------------------------------------------------- TRSP on real attention


def _head_values(row: dict, key: str) -> np.ndarray:
    return np.array(rm.values(row, key), dtype=float)


@check
def real_safety_net_holds(ctx: Context) -> Evidence:
    m = _measured()
    if m is None:
        return _missing()
    from specproof.theory.operators import superposed_tribox_laplacian

    worst, worst_case, count, allowance_at = math.inf, None, 0, 0.0
    closest = (math.inf, None, None)  # the least μ₂/(g·μ₂(L_tri)), its ℓ and g
    for r in m["rows"]:
        ell, side = r["ell"], r["side_path"]
        L_tri = superposed_tribox_laplacian(ell).as_matrix()
        tri_norm = float(np.abs(L_tri).sum(axis=1).max())
        for g in side["gates"]:
            mu2 = _head_values(r, f"mu2_side_{g:g}")
            floor = g * side["mu2_tri"]
            # eigvalsh within 10·ℓ·eps·‖L‖₂ (‖L_attn‖∞ ≤ ℓ + 1 for row-stochastic A), and 6-digit storage of both terms
            allowance = 10 * ell * EPS * ((ell + 1) + g * tri_norm) * 2 + ROUNDING * (mu2 + floor)
            margins = mu2 - floor
            i = int(np.argmin(margins + allowance))
            count += mu2.size
            if float(np.min(mu2)) / floor < closest[0]:
                closest = (float(np.min(mu2)) / floor, ell, g)
            if margins[i] + allowance[i] < 0:
                return Evidence(
                    Status.REFUTED,
                    METHOD,
                    f"μ₂(L_attn + g·L_tri) < g·μ₂(L_tri) at ℓ = {ell}, g = {g}",
                    ranges=RANGES,
                    worst_margin=float(margins[i]),
                    counterexample={"ell": ell, "g": g, "mu2": float(mu2[i]), "floor": floor},
                )
            if margins[i] < worst:
                worst, worst_case, allowance_at = float(margins[i]), {"ell": ell, "g": g}, float(allowance[i])
    tight = Tightness(
        "sharp",
        f"μ₂(L_attn + g·L_tri)/(g·μ₂(L_tri)) ≥ 1 comes within {fmt(100 * (closest[0] - 1))} % of 1 on a real head "
        f"(ℓ = {closest[1]}, g = {closest[2]}): Weyl's floor is nearly attained where the head's Laplacian gives the "
        "side path's Fiedler vector x almost no energy (μ₂ ≤ xᵀL_attn x + g·μ₂(L_tri))",
        ratio=_three(1 / closest[0]),
        where={"ell": closest[1], "g": closest[2]},
        approach=f"approached to {fmt(100 * (closest[0] - 1))} % (6-digit rows)",
        ranges=RANGES + f", g in {rm.GATES}",
    )
    return Evidence(
        Status.VERIFIED,
        METHOD,
        f"μ₂(L_attn + g·L_tri) ≥ g·μ₂(L_tri) on all {count} (head, window, g) "
        f"cases; smallest margin {fmt(worst)} at {worst_case}",
        ranges=RANGES + f", g in {rm.GATES}",
        worst_margin=worst,
        allowance=allowance_at if worst < 0 else None,
        allowance_note=(
            "two eigvalsh, each within 10·ℓ·eps·(‖L_attn‖∞ + g‖L_tri‖∞), and the 6-digit "
            "rounding of the stored μ₂ values"
            if worst < 0
            else ""
        ),
        tightness=tight,
    )


claim(
    id="trsp.real.safety-net",
    figure="figures/real-side-path.png",
    title="Prop. C.5 on MiniLM's heads: the side path's floor holds on every real attention graph",
    source=Source("specproof", "App. C.3.1", "own, on MiniLM"),
    statement=r"For every measured head, window and $g\in\{0.1,0.5\}$, with $L_{\rm attn}$ the Laplacian of $(A_h+A_h^\top)/2$ and $L_{\rm tri}$ that of the real triBox stack at $T=\ell$, $\mu_2(L_{\rm attn}+gL_{\rm tri})\ge g\,\mu_2(L_{\rm tri})$.",
    checks=[real_safety_net_holds],
    expected=Status.VERIFIED,
    unproved=(
        "A statement about measured rows (MiniLM heads and windows); the inequality itself is an instance of the proved trsp.C5.safety-net (every softmax head is nonnegative), so only the margins are empirical: nothing further to prove for every parameter value."
    ),
    reason="An instance of Prop. C.5 (Weyl) on real attention; the margins say how far above the floor real heads sit.",
    tests=[f"{TESTS}::test_side_path_measures_of_a_tiny_model"],
)


@check
def real_attention_stays_connected(ctx: Context) -> Evidence:
    m = _measured()
    if m is None:
        return _missing()
    x, mu2 = _series(m, "median_mu2_attn")
    slope = _slope(x, mu2)
    below = {
        g: [float(np.mean(_head_values(r, "mu2_attn") < g * r["side_path"]["mu2_tri"])) for r in m["rows"]]
        for g in rm.GATES
    }
    _, gap = _series(m, "median_gap_attn")
    gain = [r["summary"][f"median_mu2_side_{max(rm.GATES):g}"] / r["summary"]["median_mu2_attn"] for r in m["rows"]]
    text = (
        f"median μ₂(L_attn) {' → '.join(fmt(v) for v in mu2)} (log–log slope {fmt(slope)}); median normalised gap "
        f"{' → '.join(fmt(v) for v in gap)}; share of heads whose μ₂ is below the floor g·μ₂(L_tri): "
        + "; ".join(f"g = {g}: {', '.join(fmt(v) for v in b)}" for g, b in below.items())
        + "; median μ₂ with the side path over "
        f"without {', '.join(fmt(v) for v in gain)} at ℓ = {', '.join(map(str, x))}"
    )
    margin = 0.5 - abs(slope)
    if margin < 0:
        return Evidence(
            Status.REFUTED,
            METHOD,
            f"real attention graphs collapse: {text}",
            ranges=RANGES,
            worst_margin=margin,
            counterexample={"ell": x, "median_mu2_attn": mu2, "slope": slope},
        )
    series = step_series("the median μ₂(L_attn)", x, mu2, "decreasing")
    return Evidence(
        Status.VERIFIED,
        METHOD,
        f"{text}; {series_text(series)}",
        ranges=RANGES,
        worst_margin=margin,
        data={"series": [series]},
    )


claim(
    id="trsp.real.no-collapse",
    figure="figures/real-side-path.png",
    title="MiniLM's attention graphs do not disconnect as ℓ grows: the side path is a margin, not a rescue",
    source=Source("specproof", "App. C.3.1", "own, on MiniLM"),
    statement=r"The median over heads of $\mu_2(L_{\rm attn})$ of MiniLM's symmetrised attention graphs does not collapse with $\ell$: its log–log slope over $\ell=16\ldots512$ has magnitude below $1/2$ (a path-like, local head would give slope $-2$).",
    checks=[real_attention_stays_connected],
    expected=Status.VERIFIED,
    unproved=(
        "A statement about measured rows: the median μ₂ over the stored MiniLM heads and its log–log slope over ℓ = 16…512; nothing to prove for every parameter value."
    ),
    reason=(
        "Most heads attend to shared tokens ([CLS], [SEP], punctuation): a star-like graph whose μ₂ stays near its edge weight whatever ℓ. The evidence gives the share of heads below the side path's floor and the median gain the side path brings."
    ),
    notes=["interpretive"],
    tests=[f"{TESTS}::test_side_path_measures_of_a_tiny_model"],
)


@check
def real_rank_floor_and_side_path(ctx: Context) -> Evidence:
    m = _measured()
    if m is None:
        return _missing()
    from specproof.theory.operators import TriBox

    worst, count, lowered = math.inf, 0, []
    closest = (math.inf, None)  # the least R_eff/(1 + g²E_b) and where
    for r in m["rows"]:
        ell, side = r["ell"], r["side_path"]
        for i, layer in enumerate(r["layers"]):
            b = side["bandwidths"][i]
            E_b = float(np.sum(TriBox(ell, b).as_matrix() ** 2)) / ell
            for g in side["gates"]:
                reff = np.array([v for sample in layer[f"reff_{g:g}"] for v in sample])
                margins = reff * (1 + ROUNDING) - (1 + g * g * E_b)
                count += reff.size
                if float(reff.min()) / (1 + g * g * E_b) < closest[0]:
                    closest = (float(reff.min()) / (1 + g * g * E_b), {"ell": ell, "layer": i, "b": b, "g": g})
                worst = min(worst, float(margins.min()))
                if margins.min() < 0:
                    return Evidence(
                        Status.REFUTED,
                        METHOD,
                        f"R_eff < 1 + g²E_b at ℓ = {ell}, layer {i}, g = {g}",
                        ranges=RANGES,
                        worst_margin=float(margins.min()),
                        counterexample={"ell": ell, "layer": i, "g": g, "reff": float(reff.min()), "E_b": E_b},
                    )
        lowered.append(r["summary"][f"median_reff_{max(rm.GATES):g}"] / r["summary"]["median_reff_0"])
    x = [r["ell"] for r in m["rows"]]
    tight = Tightness(
        "loose",
        f"R_eff(I + A_h + g·M_tri)/(1 + g²E_b) ≥ {fmt(closest[0])} on every head (at "
        + ", ".join(f"{k} = {v}" for k, v in closest[1].items())
        + "): the floor is Thm C.8's for a rank-one sink, and real heads sit well above it",
        factor=_three(closest[0]),
        ratio=_three(1 / closest[0]),
        where=closest[1],
        ranges=RANGES + f", g in {rm.GATES}, b = min(2^layer, ℓ)",
    )
    return Evidence(
        Status.VERIFIED,
        METHOD,
        f"R_eff(I + A_h + g·M_tri) ≥ 1 + g²E_b on all {count} cases; median "
        f"R_eff(g = {max(rm.GATES)})/R_eff(g = 0) {', '.join(fmt(v) for v in lowered)} at ℓ = "
        f"{', '.join(map(str, x))}",
        ranges=RANGES + f", g in {rm.GATES}, b = min(2^layer, ℓ)",
        worst_margin=worst,
        tightness=tight,
    )


claim(
    id="trsp.real.rank-floor",
    figure="figures/real-side-path.png",
    title="Thm C.8's floor 1 + g²E_b holds on MiniLM's heads, far below what the residual alone gives",
    source=Source("specproof", "App. C.4", "own, on MiniLM"),
    statement=r"For every measured head, window and $g\in\{0.1,0.5\}$, with $M_{\rm tri}$ the triBox filter of TRSP's layer of the same index ($b=\min(2^{\rm layer},\ell)$), $R_{\rm eff}(I+A_h+gM_{\rm tri})\ge1+g^2E_b$, $E_b=\|M_{\rm tri}\|_F^2/\ell$ (Thm C.8 proves it for a rank-one sink only).",
    checks=[real_rank_floor_and_side_path],
    expected=Status.VERIFIED,
    unproved=(
        "A statement about measured rows of MiniLM heads; unlike the safety net it is not an instance of a theorem (Thm C.8's argument gives R_eff ≥ 1 + g²E_b only asymptotically and for the sink), so nothing to prove for every parameter value."
    ),
    reason=(
        "Holds with room on real heads; the evidence also gives how the side path moves the median R_eff (the composite's top singular value grows with g, so R_eff can fall as the side path is added)."
    ),
    notes=["interpretive"],
    tests=[f"{TESTS}::test_side_path_measures_of_a_tiny_model"],
)
