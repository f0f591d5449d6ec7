"""The decision rules of the post-training plugin experiment (:mod:`specproof.runs.real.plugin`), written before its
committed run. The unit is the seed: LoRA and LoRA + TRSP of seed s share the LoRA initialisation and every batch, so
the paper's comparison (TRSP added to LoRA, App. A.2) is the paired difference d_s = x_s(lora+trsp) − x_s(lora).

1. **Precondition** (before any extrapolation verdict): both arms reach ``PRECONDITION`` accuracy at 1× in every seed.
   Otherwise every verdict below is *open*, with the seeds that miss it.
2. **Room to act**: LoRA loses accuracy from 1× to 8×: the drop D_s = acc_s(lora, 1×) − acc_s(lora, 8×) has a one-
   sided 95 % lower bound above 0. Otherwise the effect-size rules do not apply (there is no drop to recover): the
   verdict says so, with the drop.
3. **Direction** at 8×: the project's paired rule (:func:`specproof.runs.train.statistics.paired`, side "greater"):
   bootstrap interval and exact permutation test. (Its smallest two-sided p is 2/2ⁿ: with the committed plan's 5
   pairs 1/16 > 0.05, so at that plan the direction is reported and can only be open; the effect-size rules below,
   on bootstrap bounds, and TOST, on t-tests, can still decide. Noted when the plan was cut from 6 seeds to 5, before
   any decision was read.)
4. **Effect size**, in units that do not depend on the base's level, each against a margin of half the paper's effect:
   - the **recovered fraction** R = mean_s d_s(8×) / mean_s D_s, the share of LoRA's 1×→8× drop that TRSP wins back
     (the paper's: 59.4/76.2 = 0.78 on NoLiMa at 8×; margin ``MARGIN_FRACTION`` = 0.39);
   - the **log-odds difference** at 8×, mean_s [logit p_s(lora+trsp) − logit p_s(lora)], each p = (hits + ½)/(n + 1)
     (the paper's: logit 0.832 − logit 0.238 = 2.76; margin ``MARGIN_LOGODDS`` = 1.38).
   One-sided 95 % bounds from a paired bootstrap over seeds (scipy.stats.bootstrap, 90 % two-sided, 9,999 resamples,
   a fixed generator). *Refuted at this scale* when the upper bound lies below the margin; *supported* when the lower
   bound lies above it; *open* otherwise. The paper's RULER cells (post-training) are not in the paper's text as
   received, so the margins come from its one stated 8× effect (NoLiMa, §4.2), halved.
5. **No effect** (TOST): the 8× accuracy difference lies within ±``EQUIVALENCE`` (10 points) when both one-sided
   paired t-tests reject at 5 %.
6. **Diagnostics**: the four §4.1 diagnostics (layer mean over the blocks) at every ratio, each a paired comparison
   on the paper's side (stable rank, SPR, flatness higher; anisotropy lower with TRSP): the bootstrap interval of the
   project's paired rule and the two-sided paired t-test's p, the 16 p-values corrected for multiplicity by Holm's
   step-down; a cell is supported (refuted) when its interval excludes 0 on the paper's (other) side and its
   Holm-adjusted p < 0.05. (Not the exact permutation test here: with 6 pairs its smallest p is 1/32, with the
   committed plan's 5 pairs 1/16, which Holm's 16-fold correction can never bring below 0.05; the diagnostics are
   continuous, so the t-test's p can. Amended before any paired row of the committed run existed.)

Every verdict names the scale it was decided at (model, W, steps, seeds, instances per ratio). Nothing here trains
or reads files.
"""

from __future__ import annotations

import math

import numpy as np

from specproof.runs.train.statistics import ALPHA, RESAMPLES, SEED, paired

PRECONDITION = 0.95
PAPER_FRACTION = 59.4 / 76.2  # TRSP §4.2, NoLiMa at 8×: TRSP 83.2 %, base 23.8 %, all 100 % at 1×
PAPER_LOGODDS = math.log(0.832 / 0.168) - math.log(0.238 / 0.762)
MARGIN_FRACTION = PAPER_FRACTION / 2
MARGIN_LOGODDS = PAPER_LOGODDS / 2
EQUIVALENCE = 0.10
DIAGNOSTICS = {"stable_rank": "greater", "spr": "greater", "flatness": "greater", "anisotropy": "less"}
ARM, BASE = "lora+trsp", "lora"


def one_sided_bounds(statistic, *samples) -> tuple[float, float]:
    """The one-sided 95 % lower and upper bounds of ``statistic`` over seeds (paired bootstrap: the 90 % two-sided
    percentile interval); the statistic itself when the samples have no spread."""
    from scipy import stats

    value = float(statistic(*samples))
    if all(np.ptp(s) <= 1e-12 for s in samples):
        return value, value
    ci = stats.bootstrap(
        samples,
        statistic,
        paired=True,
        vectorized=False,
        n_resamples=RESAMPLES,
        confidence_level=1 - 2 * ALPHA,
        method="percentile",
        rng=np.random.default_rng(SEED),
    ).confidence_interval
    return float(ci.low), float(ci.high)


def against_margin(low: float, high: float, margin: float) -> str:
    return "refuted at this scale" if high < margin else "supported" if low > margin else "open"


def logit_hits(hits: int, n: int) -> float:
    p = (hits + 0.5) / (n + 1)
    return math.log(p / (1 - p))


def tost(d, margin: float = EQUIVALENCE) -> dict:
    """Two one-sided paired t-tests of |mean d| < margin; p the larger of the two (a spread-free d is decided by
    its value)."""
    from scipy import stats

    d = np.asarray(d, dtype=float)
    if np.ptp(d) <= 1e-12:
        p = 0.0 if abs(d.mean()) < margin else 1.0
    else:
        lower = stats.ttest_1samp(d, -margin, alternative="greater").pvalue
        upper = stats.ttest_1samp(d, margin, alternative="less").pvalue
        p = float(max(lower, upper))
    return {"margin": margin, "p": p, "equivalent": bool(p < ALPHA)}


def holm(pvalues: list[float]) -> list[float]:
    """Holm's step-down adjusted p-values (the same order as given)."""
    m = len(pvalues)
    order = np.argsort(pvalues)
    adjusted = np.empty(m)
    running = 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (m - rank) * pvalues[i]))
        adjusted[i] = running
    return adjusted.tolist()


def _eval(row: dict, ratio: int) -> dict:
    return row["eval"][str(ratio)]


def _no_room(drop, drop_low: float) -> str:
    return f"LoRA loses {drop.mean():.3g} from 1× to 8× (one-sided 95 % lower bound {drop_low:.3g} ≤ 0)"


def _effect_sizes(d, lo, drop, drop_low: float) -> tuple[dict, dict]:
    """The log-odds difference at 8× and the recovered fraction of LoRA's 1×→8× drop, each against half the paper's
    (not applicable without a drop: the room to act)."""
    lo_low, lo_high = one_sided_bounds(np.mean, lo)
    room = drop_low > 0
    logodds = {
        "mean": float(lo.mean()),
        "low": lo_low,
        "high": lo_high,
        "margin": MARGIN_LOGODDS,
        "paper": PAPER_LOGODDS,
        "verdict": against_margin(lo_low, lo_high, MARGIN_LOGODDS) if room else "not applicable",
    }
    if not room:
        logodds["why"] = (
            f"{_no_room(drop, drop_low)}: at this scale there is no drop for TRSP to act on, and a difference against "
            "a base at its ceiling cannot reach the margin"
        )
        return logodds, {
            "verdict": "not applicable",
            "why": f"{_no_room(drop, drop_low)}: no drop to recover at this scale",
        }
    ratio_of_means = lambda x, y: np.mean(x) / np.mean(y)  # noqa: E731
    f_low, f_high = one_sided_bounds(ratio_of_means, d, drop)
    fraction = {
        "mean": float(ratio_of_means(d, drop)),
        "low": f_low,
        "high": f_high,
        "margin": MARGIN_FRACTION,
        "paper": PAPER_FRACTION,
        "verdict": against_margin(f_low, f_high, MARGIN_FRACTION),
    }
    return logodds, fraction


def _diagnostic_cells(by: dict, seeds: list, ratios) -> list[dict]:
    """The 16 diagnostic cells (4 diagnostics × 4 ratios): the paired rule's interval, the paired t-test's p for
    Holm (the permutation p kept beside it), each cell's verdict after Holm's step-down."""
    from scipy import stats

    cells, pvalues = [], []
    for key, side in DIAGNOSTICS.items():
        for r in ratios:
            a = [_eval(by[(ARM, s)], r)["diagnostics"]["layer_mean"][key] for s in seeds]
            b = [_eval(by[(BASE, s)], r)["diagnostics"]["layer_mean"][key] for s in seeds]
            dec = paired(a, b, side).to_json()
            t = stats.ttest_rel(a, b).pvalue
            dec["p_permutation"], dec["p"] = dec["p"], 1.0 if not np.isfinite(t) else float(t)  # nan: no spread
            cells.append({"diagnostic": key, "ratio": r, **dec})
            pvalues.append(dec["p"])
    for cell, adjusted in zip(cells, holm(pvalues)):
        cell["p_holm"] = adjusted
        on_side = cell["low"] > 0 if cell["side"] == "greater" else cell["high"] < 0
        off_side = cell["high"] < 0 if cell["side"] == "greater" else cell["low"] > 0
        cell["verdict"] = (
            "supported" if on_side and adjusted < ALPHA else "refuted" if off_side and adjusted < ALPHA else "open"
        )
    return cells


def decide(rows: list[dict], ratios=(1, 2, 4, 8)) -> dict:
    """Every rule above on one config's rows (``rows``: the plugin rows of one fingerprint)."""
    by = {(r["arm"], r["seed"]): r for r in rows}
    seeds = sorted(s for a, s in by if a == ARM and (BASE, s) in by)
    first, last = ratios[0], ratios[-1]
    out: dict = {"seeds": seeds, "n": len(seeds)}
    if len(seeds) < 2:
        out["verdict"] = "open"
        out["why"] = f"{len(seeds)} paired seeds: a paired rule needs at least 2"
        return out
    acc = {
        arm: {r: np.asarray([_eval(by[(arm, s)], r)["accuracy"] for s in seeds]) for r in ratios} for arm in (ARM, BASE)
    }
    n_eval = len(_eval(by[(BASE, seeds[0])], last)["correct"])
    missed = {arm: [s for s, a in zip(seeds, acc[arm][first]) if a < PRECONDITION] for arm in (ARM, BASE)}
    out["precondition"] = {"threshold": PRECONDITION, "missed": missed, "met": not any(missed.values())}
    drop = acc[BASE][first] - acc[BASE][last]
    drop_low, drop_high = one_sided_bounds(np.mean, drop)
    out["drop"] = {"mean": float(drop.mean()), "low": drop_low, "high": drop_high, "per_seed": drop.tolist()}
    d = acc[ARM][last] - acc[BASE][last]
    out["direction"] = paired(acc[ARM][last], acc[BASE][last], "greater").to_json()
    hits = {arm: [sum(_eval(by[(arm, s)], last)["correct"]) for s in seeds] for arm in (ARM, BASE)}
    lo = np.asarray([logit_hits(a, n_eval) - logit_hits(b, n_eval) for a, b in zip(hits[ARM], hits[BASE])])
    out["logodds"], out["fraction"] = _effect_sizes(d, lo, drop, drop_low)
    out["tost"] = tost(d)
    out["diagnostics"] = _diagnostic_cells(by, seeds, ratios)
    if not out["precondition"]["met"]:
        out["tost"]["equivalent"] = False
        for part in ("direction", "logodds", "fraction", "tost"):
            out[part]["verdict"] = "open"
            out[part]["why"] = "the precondition (≥ 95 % at 1× in every seed, both arms) is not met"
    return out
