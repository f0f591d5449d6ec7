"""The canonical model and TRSP's side path on a real pretrained transformer (SDEG §4, App. F; TRSP App. C).

Claims of the project's own, decided from the committed rows of `specproof real` (all-MiniLM-L6-v2, all 6
layers × 12 heads, ℓ = 16 … 512, 4 windows of Python's pydoc_data.topics per ℓ; `figures/data/real-attention.jsonl`,
one row per sequence with its provenance). They read the rows and never load the model, so `specproof verify`
decides them in seconds. SDEG's own statements (§4) are about GPT-2 and ViT; here the same diagnostics are run on
another model and the paper's sentences become statements about it, so most claims are ``interpretive``: the
statement fixes the operational reading ("decreases": every metric's least-squares slope of log median against
log ℓ is negative and its last value is below its first). Medians pool heads, layers and sequences, as the paper's
do. Stored values carry 6 significant digits; a margin within that rounding is an allowance, said where it is used.
"""

from __future__ import annotations

import functools
import math
from dataclasses import replace

import numpy as np

from specproof.checks import real_models as rm
from specproof.checks.methods import fmt, open_evidence, series_text, step_series
from specproof.checks.registry import Context, Evidence, Source, Status, check, claim

TESTS = "tests/test_real_models.py"
METHOD = "measured-rows"
ROUNDING = 5e-6  # relative error of a value stored with 6 significant digits


@functools.cache
def _measured():
    """The committed default measurement, merged per length, or None when the store lacks it."""
    stored = rm.stored_rows()
    rows = [
        r
        for r in stored
        if r["params"].get("model") == rm.MINILM_NAME
        and r["params"].get("samples") == rm.SAMPLES
        and str(r["params"].get("text", "")).startswith("pydoc_data.topics@")
    ]
    labels = {r["params"]["text"] for r in rows}
    have = {r["params"]["ell"] for r in rows}
    haar = {r["params"]["ell"] for r in stored if "haar_draws" in r["params"]}
    if len(labels) != 1 or not set(rm.LENGTHS) <= have & haar:
        return None
    label = labels.pop()
    wanted = [r for r in stored if r["params"].get("text") == label or "haar_draws" in r["params"]]
    merged = rm.assemble(wanted, rm.MINILM_NAME, label, rm.LENGTHS, rm.SAMPLES, 0)
    return {"rows": merged, "hidden_size": rows[0]["hidden_size"], "head_dim": rows[0]["head_dim"]}


def _missing() -> Evidence:
    return open_evidence(
        "the committed rows of `specproof real` (figures/data/real-attention.jsonl) are missing or "
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
    ev = _decreasing(
        _angle_series(m, within),
        what="median eigen-angle discrepancies of U_X for ℓ ≤ d",
        ranges=f"{RANGES} (ℓ ≤ d = {m['hidden_size']})",
    )
    haar = {r["ell"]: r["haar"]["W1"] for r in m["rows"]}
    ratio = [r["summary"]["median_angles"]["W1"] / haar[r["ell"]] for r in m["rows"] if r["ell"] in within]
    return replace(ev, summary=ev.summary + "; W₁∠ over the Haar mean: " + ", ".join(fmt(v) for v in ratio))


claim(
    id="sdeg.real.input-angles",
    figure="figures/real-angles.png",
    title="MiniLM: the eigen-angles of U_X approach uniform as ℓ grows (ℓ ≤ d)",
    source=Source("specproof", "§4.1", "own, on MiniLM"),
    statement=r"For all-MiniLM-L6-v2 on pydoc_data.topics, the medians over layers and windows of the KL, Kolmogorov "
    r"and angular-$W_1$ discrepancies between the eigen-angles of $U_X$ ($X=U_X\Sigma_XV_X^\top$, each layer's "
    r"input, full SVD) and $\mathrm{Unif}[-\pi,\pi]$ decrease with $\ell$ over $16\le\ell\le d=384$ (negative "
    r"log–log slope, last below first), as SDEG §4.1 reports for GPT-2 (ℓ = 17–471 < 768).",
    checks=[real_input_angles_decrease],
    expected=Status.VERIFIED,
    unproved=(
        "A statement about measured rows: the stored all-MiniLM-L6-v2 attention of 6 layers × 12 heads on 4 "
        "windows of pydoc_data.topics (ℓ = 16…512); nothing to prove for every parameter value."
    ),
    reason=(
        "The committed rows: all three medians fall with ℓ and stay within a small factor of the Haar Monte "
        "Carlo at the same ℓ (the histogram KL is the noisiest: it need not fall at every step)."
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
    return Evidence(
        Status.VERIFIED,
        METHOD,
        f"U_X rises beyond ℓ = d = {d}: {text}; {series_text(series)}",
        ranges=RANGES,
        worst_margin=margin,
        data={"series": [series]},
    )


claim(
    id="sdeg.real.input-angles.completion",
    figure="figures/real-angles.png",
    title="MiniLM: beyond ℓ = d the U_X diagnostic measures LAPACK's completion and rises again",
    source=Source("specproof", "§4.1", "own, on MiniLM"),
    statement=(
        r"For $\ell>d$ the layer input $X\in\mathbb R^{\ell\times d}$ has rank $\le d$, so $\ell-d$ columns of the "
        r"square factor $U_X$ are the SVD routine's completion of the column space, not the model's. On MiniLM "
        r"($d=384$) the median angular $W_1$ of $U_X$ at $\ell=512$ is above its value at $\ell=256$: the decrease of "
        r"sdeg.real.input-angles does not continue past $\ell=d$."
    ),
    checks=[real_input_angles_beyond_width],
    expected=Status.VERIFIED,
    unproved=(
        "A statement about measured rows: the stored all-MiniLM-L6-v2 attention of 6 layers × 12 heads on 4 "
        "windows of pydoc_data.topics (ℓ = 16…512); nothing to prove for every parameter value."
    ),
    reason=(
        "The committed rows show the rise; SDEG's GPT-2 lengths (≤ 471 < 768) never reach ℓ > d, and App. F.3.1 "
        "names the nullspace completion as a caveat without measuring it."
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
    parts, worst = [], math.inf
    for key, name in (("median_srank_score", "srank(S_h)"), ("median_erank1_score", "erank₁(S_h)")):
        x, y = _series(m, key)
        slope = _slope(x, y)
        cap = max(y) / m["head_dim"]
        worst = min(worst, 1 - slope, 1 - cap)
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
    return Evidence(
        Status.VERIFIED,
        METHOD,
        "score rank surrogates stay moderate: " + "; ".join(parts) + "; " + "; ".join(series_text(t) for t in series),
        ranges=RANGES,
        worst_margin=worst,
        data={"series": series},
    )


claim(
    id="sdeg.real.score-rank",
    figure="figures/real-concentration.png",
    title="MiniLM: the score-rank surrogates stay moderate, far from linear in ℓ",
    source=Source("specproof", "§4.2", "own, on MiniLM"),
    statement=r"The medians over heads of $\mathrm{srank}(S_h)$ and $\mathrm{erank}_1(S_h)$ grow sublinearly in $\ell$ "
    r"(log–log slope $<1$ over $\ell=16\ldots512$) and stay below $d_h=32$, as SDEG §4.2 (Fig. 4) reports for "
    r"GPT-2.",
    checks=[real_score_rank_sublinear],
    expected=Status.VERIFIED,
    unproved=(
        "A statement about measured rows: the stored all-MiniLM-L6-v2 attention of 6 layers × 12 heads on 4 "
        "windows of pydoc_data.topics (ℓ = 16…512); nothing to prove for every parameter value (only 'below d_h' "
        "is a theorem: srank(S) ≤ rank S ≤ d_h)."
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
    parts, worst, fails = [], math.inf, []
    for f in ("U", "V"):
        x, y = _series(m, f"mean_W1s_{f}")
        for lo, hi, paper in PAPER_SCORE_W1:
            ours, how = _band_value(x, y, lo, hi)
            rel = ours / paper - 1
            worst = min(worst, LIKE_WITH_LIKE - abs(rel))
            parts.append(f"{f}_S, ℓ = {lo}–{hi}: {fmt(ours)} ({how}) vs GPT-2 {fmt(paper)}")
            if abs(rel) > LIKE_WITH_LIKE:
                fails.append({"factor": f, "band": [lo, hi], "ours": ours, "paper": paper})
        floor = [SAMPLED_W1_CONSTANT / math.sqrt(ell) for ell in x]
        ratio = [v / c for v, c in zip(y, floor)]
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
    return Evidence(Status.VERIFIED, METHOD, text, ranges=RANGES, worst_margin=worst)


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
    statement=r"With the paper's estimator (the sampled $\widehat W_1$ of App. F.3.1), the mean over heads, layers and "
    r"windows for the eigen-angles of $U_{S_h}$ and $V_{S_h}$ ($S_h=U\Sigma V^\top$, full SVD) is within 25 % of "
    r"SDEG §4.4's GPT-2 values (0.31 over $\ell=17$–$64$, 0.10 over $385$–$471$), and sits at the estimator's "
    r"floor $C/\sqrt\ell$; the exact angular $W_1$ decreases at every step of $\ell=16\ldots512$. For "
    r"$\ell>d_h=32$, $S_h$ is rank-deficient and $U_{S_h},V_{S_h}$ are completed by the SVD routine's arbitrary "
    r"basis of the null spaces: those values describe that basis, not the head.",
    checks=[real_score_angles_like_with_like, real_score_angles_decrease],
    expected=Status.VERIFIED,
    unproved=(
        "A statement about measured rows: the stored all-MiniLM-L6-v2 attention of 6 layers × 12 heads on 4 "
        "windows of pydoc_data.topics (ℓ = 16…512); nothing to prove for every parameter value."
    ),
    reason=(
        "Like with like (a referee found the earlier comparison set the paper's sampled Ŵ₁ beside our exact W₁): "
        "MiniLM's mean Ŵ₁ is ≈ 0.30 over the band ℓ = 17–64 (ours at 32 and 64) and ≈ 0.09 interpolated at "
        "ℓ ≈ 428, GPT-2's 0.31 and 0.10 — and both are the floor C/√ℓ that Ŵ₁ gives perfectly uniform angles "
        "(0.97–1.12 of it at every ℓ), so the paper's numbers, like ours, cannot tell Haar factors from any "
        "near-uniform law. The exact W₁ separates them and falls 0.23 → 0.007. The rows at ℓ ≥ 64 are one "
        "completion's: remeasuring on another machine changed every U_S, V_S value at ℓ ≥ 64 (LAPACK's choice of "
        "null-space basis) and none at ℓ = 16, 32, where S_h has full rank; the paper names this caveat (App. F, "
        "'nullspace completions also affect this diagnostic') without measuring it."
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
        r"The median over heads of $W_1$ between the empirical singular-value laws of the real attention $A_h$ and "
        r"of the canonical $A_\Sigma=\mathrm{softmax}(\mathrm{diag}\,\sigma(S_h))$ decreases with $\ell$ over "
        r"$16\ldots512$, pooled and in the last layer (SDEG §4.3, GPT-2: 0.3002 → 0.0942, last layer 0.3290 → 0.0748 "
        r"over ℓ = 64 … 1024)."
    ),
    checks=[real_w1_decreases],
    expected=Status.VERIFIED,
    unproved=(
        "A statement about measured rows: the stored all-MiniLM-L6-v2 attention of 6 layers × 12 heads on 4 "
        "windows of pydoc_data.topics (ℓ = 16…512); nothing to prove for every parameter value."
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
    statement=r"At the largest measured $\ell$ the median $\mathrm{srank}(A_h)$ is below the median "
    r"$\mathrm{srank}(A_\Sigma)$ and the median $\mathrm{erank}_1(A_h)$ is above the median "
    r"$\mathrm{erank}_1(A_\Sigma)$: SDEG's GPT-2 pattern at $\ell=1024$ (1.18 vs 27.51; 314.06 vs 95.12).",
    checks=[real_concentration_differs],
    expected=Status.VERIFIED,
    unproved=(
        "A statement about measured rows: the stored all-MiniLM-L6-v2 attention of 6 layers × 12 heads on 4 "
        "windows of pydoc_data.topics (ℓ = 16…512); nothing to prove for every parameter value."
    ),
    reason=(
        "The rows at ℓ = 512: one dominant singular value (srank ≈ 1.6) with a long, flat tail (large erank₁) in "
        "real attention; about k + 1 unit singular values and zeros in the canonical model."
    ),
    notes=["interpretive"],
    tests=[f"{TESTS}::test_minilm_at_length_16"],
)
