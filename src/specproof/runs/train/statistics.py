"""The decision rule of the trained experiments, written before the runs it decides.

A trained claim compares two variants on one measurement (stable rank, SPR, flatness, anisotropy, accuracy, held-out
loss) at one length ratio, over seeds that share their data and initialisation (seed s trains base and TRSP on the
same batches from the same initial backbone), so the unit is the **paired difference** d_s = x_s(TRSP) − x_s(base).

- **Effect**: the mean of d over the seeds.
- **Interval**: a 95 % bootstrap confidence interval of that mean (scipy.stats.bootstrap, BCa, 9,999 resamples, a
  fixed generator: the same rows give the same interval on any machine).
- **Test**: the exact paired permutation test of the mean (scipy.stats.permutation_test, ``permutation_type=
  "samples"``: every one of the 2^n sign assignments; two-sided). With n pairs its smallest p-value is 2/2^n, so a
  two-sided test at 5 % needs n ≥ 6 pairs; the default runs use more.
- **Decision**: *supported* when the interval excludes 0 on the paper's side and p < 0.05; *refuted* when it excludes
  0 on the other side and p < 0.05; otherwise *open*, with the **smallest detectable effect**: the mean difference a
  paired t-test with these n and this spread would detect with 80 % power at 5 % (two-sided),
  (t_{0.975, n−1} + t_{0.8, n−1})·s_d/√n — an effect of that size or larger would have been seen.
- A claim "in every run" is a claim about each run, not the mean: one run that breaks it refutes it
  (:func:`every_run`).

**Effect size** (the paper reports a size, not only a direction: TRSP Table 2, NoLiMa at 8×, 83.2 % against 23.8 %,
every model ≈ 100 % at 1×). Two measures that do not depend on the base model's own level, each against a margin of
half the paper's value (:data:`MARGIN_SHARE`), decided on **one-sided 95 % bounds** (the ends of a 90 % BCa bootstrap
interval over seeds, the same generator):

- the **recovered fraction** of the 1×→8× drop, mean(TRSP₈ − base₈) / mean(base₁ − base₈) (the paper's 59.4 / 76.2 =
  0.78; margin 0.39), resampled by seed as pairs (:func:`recovered_fraction`); not applicable when base loses less than
  :data:`MIN_DROP` points from 1× to 8× (nothing to recover);
- the **log-odds difference** at 8×, mean over seeds of logit(TRSP₈) − logit(base₈), each accuracy from its scored
  questions as (hits + ½)/(n + 1) so that 0 % and 100 % stay finite (the paper's logit 0.832 − logit 0.238 = 2.76;
  margin 1.38) (:func:`log_odds_difference`).

*The paper's effect size is refuted at this scale* when the upper bound lies below the margin, *supported* when the
lower bound lies above it, *open* otherwise. **No effect** is an equivalence test (TOST, two one-sided paired t-tests
at 5 %) on the 8× accuracy difference at ±:data:`EQUIVALENCE_POINTS` points (:func:`equivalence`): *equivalent* when
both one-sided tests reject, i.e. the 90 % t interval lies inside ±5 points. **Multiplicity**: the four diagnostics at
the four ratios are 16 tests of one claim family; their exact permutation p-values are adjusted by Holm's step-down
method (:func:`holm`) before the direction rule reads them (:func:`paired_family`). **Pairs**, fixed before a run from
the spread already measured (:func:`pairs_needed`): the committed MQAR run's paired SD at 8× is 5.34 points, so a
5-point difference at 80 % power (two-sided 5 %) needs 12 pairs; with Holm over 16 tests the smallest exact p of n
pairs, 16·2/2ⁿ, is below 5 % only from n = 10. Every verdict names the scale it was decided at (:func:`scale_text`:
task, D, d, T).

Nothing here trains or reads files: it takes the per-seed numbers and returns a plain dict the claims and the README
table render.
"""

from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass

import numpy as np

ALPHA = 0.05
CONFIDENCE = 0.95
POWER = 0.8
RESAMPLES = 9999
SEED = 20261203  # the bootstrap's generator: fixed, so an interval is a function of the rows
SIDES = ("greater", "less")  # the paper's side: TRSP above base ("greater") or below ("less")
ONE_SIDED = 0.90  # a 90 % two-sided interval's ends are the one-sided 95 % bounds
PAPER_8X = {"trsp": 83.2, "base": 23.8}  # TRSP Table 2, NoLiMa at 8K (trained at 1K), accuracy %
PAPER_1X = 100.0  # "all models near 100 %" at 1× (Table 2)
MARGIN_SHARE = 0.5  # the margin: half the paper's effect
MIN_DROP = 5.0  # points: below this base loses nothing worth recovering, and the fraction is not applied
EQUIVALENCE_POINTS = 5.0  # TOST margin for "no effect" on 8× accuracy (points): the effect the runs are sized for


@dataclass(frozen=True)
class Decision:
    """What the rule decided for one paired comparison."""

    verdict: str  # supported | refuted | open
    n: int
    effect: float  # mean paired difference (TRSP − base)
    low: float  # the bootstrap interval
    high: float
    p: float  # exact two-sided permutation p-value
    detectable: float  # smallest effect detectable with 80 % power at 5 % (two-sided)
    side: str  # the paper's side
    min_p: float  # the smallest p-value n pairs can give (2 / 2^n)

    def to_json(self) -> dict:
        return {k: getattr(self, k) for k in self.__dataclass_fields__}

    def text(self, digits: int = 3) -> str:
        g = lambda x: f"{x:.{digits}g}"  # noqa: E731
        out = (
            f"mean paired difference {g(self.effect)} over {self.n} seeds, 95 % bootstrap interval "
            f"[{g(self.low)}, {g(self.high)}], exact permutation p = {g(self.p)}"
        )
        if self.verdict == "open":
            out += f"; the smallest effect this run could detect (80 % power): {g(self.detectable)}"
            if self.min_p >= ALPHA:
                out += f" — with {self.n} pairs no test at 5 % can reject (smallest p = {g(self.min_p)})"
        return out


def detectable_effect(diffs: np.ndarray, alpha: float = ALPHA, power: float = POWER) -> float:
    """(t_{1−α/2, n−1} + t_{power, n−1})·s/√n: the paired mean difference detected with ``power`` at level α."""
    from scipy import stats

    n = diffs.size
    if n < 2:
        return math.inf
    s = float(np.std(diffs, ddof=1))
    return (stats.t.ppf(1 - alpha / 2, n - 1) + stats.t.ppf(power, n - 1)) * s / math.sqrt(n)


def mean_interval(values) -> tuple[float, float]:
    """The 95 % bootstrap interval of the mean of ``values`` (BCa, 9,999 resamples, the fixed generator; the
    percentile interval where BCa degenerates on a few distinct values; the mean itself when there is no spread):
    the interval of a paired difference, and of one variant's mean over seeds in the tables and figures."""
    from scipy import stats

    d = np.asarray(values, dtype=np.float64)
    mean = float(d.mean())
    if d.size < 2 or np.ptp(d) <= 1e-12 * max(1.0, abs(mean)):  # nothing to resample (to rounding)
        return mean, mean
    for method in ("BCa", "percentile"):
        ci = stats.bootstrap(
            (d,),
            np.mean,
            n_resamples=RESAMPLES,
            confidence_level=CONFIDENCE,
            method=method,
            rng=np.random.default_rng(SEED),
        ).confidence_interval
        low, high = float(ci.low), float(ci.high)
        if math.isfinite(low) and math.isfinite(high):
            break
    return low, high


def paired(trsp, base, side: str) -> Decision:
    """The decision for per-seed values of TRSP and base (same seeds, same order) when the paper says TRSP is on
    ``side`` ("greater": above base; "less": below)."""
    from scipy import stats

    if side not in SIDES:
        raise ValueError(f"side must be one of {SIDES}, got {side!r}")
    a, b = np.asarray(trsp, dtype=np.float64), np.asarray(base, dtype=np.float64)
    if a.shape != b.shape or a.ndim != 1 or a.size < 2:
        raise ValueError(f"paired values need the same seeds, at least 2, got {a.shape} and {b.shape}")
    d = a - b
    n = d.size
    mean = float(d.mean())
    low, high = mean_interval(d)
    test = stats.permutation_test(
        (a, b),
        lambda x, y: np.mean(x - y),
        permutation_type="samples",
        n_resamples=math.inf,  # exact: every sign assignment
        alternative="two-sided",
    )
    p = float(test.pvalue)
    paper_side = low > 0 if side == "greater" else high < 0
    other_side = high < 0 if side == "greater" else low > 0
    verdict = "supported" if paper_side and p < ALPHA else "refuted" if other_side and p < ALPHA else "open"
    return Decision(verdict, n, mean, low, high, p, detectable_effect(d), side, min(1.0, 2.0 / 2**n))


def logit(p):
    return np.log(p) - np.log1p(-p)


def paper_recovered_fraction() -> float:
    """(83.2 − 23.8) / (100 − 23.8) = 0.78: the share of base's 1×→8× drop TRSP recovers in Table 2."""
    return (PAPER_8X["trsp"] - PAPER_8X["base"]) / (PAPER_1X - PAPER_8X["base"])


def paper_log_odds() -> float:
    """logit 0.832 − logit 0.238 = 2.76."""
    return float(logit(PAPER_8X["trsp"] / 100) - logit(PAPER_8X["base"] / 100))


@dataclass(frozen=True)
class EffectSize:
    """One effect-size measure against its margin, decided on one-sided 95 % bounds."""

    measure: str  # recovered_fraction | log_odds
    verdict: str  # supported | refuted | open | not applicable
    n: int
    estimate: float
    low: float  # one-sided 95 % lower bound
    high: float  # one-sided 95 % upper bound
    margin: float
    paper: float
    why: str = ""  # for "not applicable"

    def to_json(self) -> dict:
        return {k: getattr(self, k) for k in self.__dataclass_fields__}

    def text(self, digits: int = 3) -> str:
        g = lambda x: f"{x:.{digits}g}"  # noqa: E731
        name = {"recovered_fraction": "recovered fraction of the 1×→8× drop", "log_odds": "log-odds difference at 8×"}
        if self.verdict == "not applicable":
            return f"{name[self.measure]}: not applicable ({self.why})"
        words = {
            "supported": "the paper's effect size is supported (lower bound above the margin)",
            "refuted": "the paper's effect size is refuted at this scale (upper bound below the margin)",
            "open": "open (the bounds straddle the margin)",
        }
        return (
            f"{name[self.measure]} {g(self.estimate)} over {self.n} seeds, one-sided 95 % bounds "
            f"[{g(self.low)}, {g(self.high)}] against the margin {g(self.margin)} (half the paper's {g(self.paper)}): "
            f"{words[self.verdict]}"
        )


def _bounds(data: tuple, statistic) -> tuple[float, float]:
    """One-sided 95 % bounds of ``statistic`` over seeds (the 90 % BCa interval's ends, the samples resampled as
    pairs; the percentile interval where BCa degenerates; the estimate itself when nothing varies)."""
    from scipy import stats

    arrays = tuple(np.asarray(x, dtype=np.float64) for x in data)
    est = float(statistic(*arrays))
    if all(np.ptp(x) <= 1e-12 * max(1.0, float(np.abs(x).max())) for x in arrays):
        return est, est
    for method in ("BCa", "percentile"):
        ci = stats.bootstrap(
            arrays,
            statistic,
            paired=True,
            vectorized=False,
            n_resamples=RESAMPLES,
            confidence_level=ONE_SIDED,
            method=method,
            rng=np.random.default_rng(SEED),
        ).confidence_interval
        low, high = float(ci.low), float(ci.high)
        if math.isfinite(low) and math.isfinite(high):
            return low, high
    return -math.inf, math.inf


def _against_margin(low: float, high: float, margin: float) -> str:
    return "supported" if low > margin else "refuted" if high < margin else "open"


def recovered_fraction(trsp8, base8, base1) -> EffectSize:
    """mean(TRSP₈ − base₈) / mean(base₁ − base₈) over paired seeds (accuracies in %), against half the paper's 0.78."""
    t8, b8, b1 = (np.asarray(x, dtype=np.float64) for x in (trsp8, base8, base1))
    if not (t8.shape == b8.shape == b1.shape) or t8.ndim != 1 or t8.size < 2:
        raise ValueError("recovered_fraction needs the same seeds, at least 2, for TRSP at 8×, base at 8× and at 1×")
    paper = paper_recovered_fraction()
    margin = MARGIN_SHARE * paper
    drop = float(np.mean(b1 - b8))
    if drop < MIN_DROP:
        return EffectSize(
            "recovered_fraction",
            "not applicable",
            t8.size,
            math.nan,
            math.nan,
            math.nan,
            margin,
            paper,
            f"base loses {drop:.3g} points from 1× to 8×, less than {MIN_DROP:g}: nothing to recover",
        )
    stat = lambda gain, loss: np.mean(gain) / np.mean(loss)  # noqa: E731
    gain, loss = t8 - b8, b1 - b8
    low, high = _bounds((gain, loss), stat)
    est = float(stat(gain, loss))
    return EffectSize("recovered_fraction", _against_margin(low, high, margin), t8.size, est, low, high, margin, paper)


def smoothed_logit(accuracy, scored):
    """logit((hits + ½)/(n + 1)) with hits = accuracy·n: finite at 0 and 1 (accuracy as a fraction)."""
    a, n = np.asarray(accuracy, dtype=np.float64), np.asarray(scored, dtype=np.float64)
    return logit((np.rint(a * n) + 0.5) / (n + 1))


def log_odds_difference(trsp8, base8, scored) -> EffectSize:
    """mean over seeds of logit(TRSP₈) − logit(base₈) (accuracies as fractions, each over ``scored`` questions: an
    int, or one per seed), against half the paper's 2.76."""
    t8, b8 = np.asarray(trsp8, dtype=np.float64), np.asarray(base8, dtype=np.float64)
    if t8.shape != b8.shape or t8.ndim != 1 or t8.size < 2:
        raise ValueError("log_odds_difference needs the same seeds, at least 2, for TRSP and base")
    n = np.broadcast_to(np.asarray(scored, dtype=np.float64), t8.shape)
    d = smoothed_logit(t8, n) - smoothed_logit(b8, n)
    paper = paper_log_odds()
    margin = MARGIN_SHARE * paper
    low, high = _bounds((d,), np.mean)
    return EffectSize("log_odds", _against_margin(low, high, margin), d.size, float(d.mean()), low, high, margin, paper)


@dataclass(frozen=True)
class Equivalence:
    """TOST of the paired mean difference against ±margin."""

    verdict: str  # equivalent | not shown
    n: int
    effect: float
    low: float  # the 90 % t interval (TOST at 5 % rejects both sides exactly when it lies inside ±margin)
    high: float
    p: float  # max of the two one-sided p-values
    margin: float

    def to_json(self) -> dict:
        return {k: getattr(self, k) for k in self.__dataclass_fields__}

    def text(self, digits: int = 3) -> str:
        g = lambda x: f"{x:.{digits}g}"  # noqa: E731
        end = (
            f"no effect beyond ±{g(self.margin)} (equivalent)"
            if self.verdict == "equivalent"
            else f"equivalence within ±{g(self.margin)} not shown"
        )
        return f"TOST: 90 % t interval [{g(self.low)}, {g(self.high)}], p = {g(self.p)}: {end}"


def equivalence(trsp, base, margin: float = EQUIVALENCE_POINTS) -> Equivalence:
    """Two one-sided paired t-tests (Schuirmann's TOST) of TRSP − base against ±``margin``, each at 5 %."""
    from scipy import stats

    a, b = np.asarray(trsp, dtype=np.float64), np.asarray(base, dtype=np.float64)
    if a.shape != b.shape or a.ndim != 1 or a.size < 2:
        raise ValueError(f"paired values need the same seeds, at least 2, got {a.shape} and {b.shape}")
    if not (math.isfinite(margin) and margin > 0):
        raise ValueError(f"the equivalence margin must be a positive number, got {margin!r}")
    d = a - b
    mean = float(d.mean())
    if np.ptp(d) == 0:  # no spread: the mean is the difference in every pair
        inside = abs(mean) < margin
        return Equivalence(
            "equivalent" if inside else "not shown", d.size, mean, mean, mean, 0.0 if inside else 1.0, margin
        )
    p_low = float(stats.ttest_1samp(d, -margin, alternative="greater").pvalue)
    p_high = float(stats.ttest_1samp(d, margin, alternative="less").pvalue)
    ci = stats.ttest_1samp(d, 0.0).confidence_interval(ONE_SIDED)
    p = max(p_low, p_high)
    return Equivalence(
        "equivalent" if p < ALPHA else "not shown", d.size, mean, float(ci.low), float(ci.high), p, margin
    )


def holm(pvalues) -> list[float]:
    """Holm's step-down adjustment (family-wise error at the level the adjusted p-values are read at)."""
    p = np.asarray(pvalues, dtype=np.float64)
    m = p.size
    order = np.argsort(p, kind="stable")
    adjusted = np.empty(m)
    running = 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (m - rank) * p[i]))
        adjusted[i] = running
    return adjusted.tolist()


def paired_family(cells: dict, side_of: dict) -> dict:
    """The direction rule on a family of comparisons with Holm-adjusted p-values. ``cells``: key → (TRSP values,
    base values); ``side_of``: key → the paper's side. Each key's Decision has its p replaced by the adjusted one and
    its verdict re-read from it (the interval is unchanged)."""
    raw = {k: paired(a, b, side_of[k]) for k, (a, b) in cells.items()}
    adjusted = dict(zip(raw, holm([d.p for d in raw.values()])))
    out = {}
    for k, d in raw.items():
        p = adjusted[k]
        paper_side = d.low > 0 if d.side == "greater" else d.high < 0
        other_side = d.high < 0 if d.side == "greater" else d.low > 0
        verdict = "supported" if paper_side and p < ALPHA else "refuted" if other_side and p < ALPHA else "open"
        out[k] = dataclasses.replace(d, verdict=verdict, p=p)
    return out


def pairs_needed(sd: float, effect: float, alpha: float = ALPHA, power: float = POWER, max_n: int = 10_000) -> int:
    """The fewest pairs a two-sided paired t-test at ``alpha`` needs to detect a mean difference ``effect`` with
    ``power``, when the paired differences have standard deviation ``sd`` (the noncentral t, exact)."""
    from scipy import stats

    if not (sd > 0 and effect > 0):
        raise ValueError(f"pairs_needed: sd and effect must be positive, got {sd!r}, {effect!r}")
    for n in range(2, max_n + 1):
        df = n - 1
        crit = stats.t.ppf(1 - alpha / 2, df)
        nc = effect / sd * math.sqrt(n)
        if stats.nct.sf(crit, df, nc) + stats.nct.cdf(-crit, df, nc) >= power:
            return n
    raise ValueError(f"pairs_needed: more than {max_n} pairs")


def holm_min_pairs(tests: int, alpha: float = ALPHA) -> int:
    """The fewest pairs whose exact two-sided permutation test can reject after Holm over ``tests`` tests: the
    smallest p-value, 2/2ⁿ, times the number of tests below ``alpha``."""
    n = 1
    while tests * 2.0 / 2**n >= alpha:
        n += 1
    return n


def scale_text(task: str, n_layers: int, d_model: int, T: int) -> str:
    """The scale a verdict was decided at, in words every verdict carries."""
    return f"{task}, D = {n_layers}, d = {d_model}, T = {T}"


def every_run(values, holds) -> tuple[str, list[int]]:
    """A statement about every run: refuted by any run that breaks it (the indices returned), else supported."""
    broken = [i for i, v in enumerate(values) if not holds(v)]
    return ("refuted" if broken else "supported"), broken


LEARNED = 0.95  # the paper's precondition: every model near 100 % at 1× (Table 2); here ≥ 95 % in every seed


def comparison_report(accuracy: dict, ratios, scale: str, against: str = "base", at: int = 8) -> list[str]:
    """The lines a run prints under its table: each variant against ``against`` (base), paired by seed, by the rules
    of this module. ``accuracy``: variant → seed → ratio → (exact-match accuracy as a fraction, scored questions).

    A variant with fewer than two paired seeds says why no paired rule applies; a run whose models are not all at
    ``LEARNED`` at 1× says so (and, when no model learned anything, that nothing was learned) and prints no
    detectable effect; else the direction rule at every ratio and, at ``at``×, the effect-size columns (paired
    difference, recovered fraction, log-odds difference, TOST) with the paper's row beneath."""
    ref = accuracy.get(against, {})
    if not ref:
        return [f"no {against} rows: nothing to compare against"]
    first = min(ratios)
    lines, table = [], []
    for name, seeds in accuracy.items():
        if name == against:
            continue
        common = sorted(set(seeds) & set(ref))
        if len(common) < 2:
            lines.append(_too_few_seeds(name, against, common))
            continue
        unlearned = _not_learned(accuracy, name, against, common, first)
        if unlearned is not None:
            lines.append(
                f"{name} − {against} ({scale}): {unlearned}, so longer lengths are not judged and no detectable effect "
                "is given (an effect is not sized where the task was not solved)"
            )
            continue
        pts = _points(accuracy, common)
        for r in ratios:
            d = paired(pts(name, r), pts(against, r), "greater")
            lines.append(f"{name} − {against} at {r}× ({scale}): {d.text()} → {d.verdict}")
        if at in ratios:
            table.append(_effect_sizes(accuracy, name, against, common, at, first))
    if table:
        lines += _effect_table(table, at, against, scale)
    return lines


def _points(accuracy: dict, common: list):
    """(variant, ratio) → the paired seeds' exact match in percentage points."""
    return lambda v, r: [100 * accuracy[v][s][r][0] for s in common]


def _too_few_seeds(name: str, against: str, common: list) -> str:
    """Why no paired rule applies: fewer than two seeds shared by both."""
    return (
        f"{name} − {against}: {len(common)} paired seed{'' if len(common) == 1 else 's'} "
        f"({', '.join(map(str, common)) or 'none'}): the paired rule needs at least 2 seeds shared by both "
        "(and 6 before an exact test at 5 % can reject); pass e.g. --seeds 0,1,2,3,4,5"
    )


def _not_learned(accuracy: dict, name: str, against: str, common: list, first) -> str | None:
    """Why the comparison is not judged (None when every model of both is at ``LEARNED`` at 1×): nothing learned,
    or the paper's precondition failing in the seeds named."""
    at1 = {v: [accuracy[v][s][first][0] for s in common] for v in (against, name)}
    low = {v: [s for s, a in zip(common, acc) if a < LEARNED] for v, acc in at1.items()}
    if not any(low.values()):
        return None
    best = max(max(a) for a in at1.values())
    if best < 0.5:
        return f"nothing was learned at {first}× (the best model of any seed reaches {100 * best:.3g} % exact match)"
    return f"the paper's precondition fails at {first}×: " + "; ".join(
        f"{v} seeds {s} below {100 * LEARNED:.0f} %" for v, s in low.items() if s
    )


def _effect_sizes(accuracy: dict, name: str, against: str, common: list, at, first) -> tuple:
    """At ``at``×: the paired difference, the recovered fraction, the log-odds difference and the TOST."""
    pts = _points(accuracy, common)
    d = paired(pts(name, at), pts(against, at), "greater")
    frac = recovered_fraction(pts(name, at), pts(against, at), pts(against, first))
    lo = log_odds_difference(
        [accuracy[name][s][at][0] for s in common],
        [accuracy[against][s][at][0] for s in common],
        [accuracy[against][s][at][1] for s in common],
    )
    eq = equivalence(pts(name, at), pts(against, at))
    return (name, d, frac, lo, eq)


def _effect_table(table: list[tuple], at, against: str, scale: str) -> list[str]:
    """The effect-size columns per variant, the paper's row beneath, under a line saying how they are decided."""
    g = lambda x: f"{x:.3g}"  # noqa: E731
    rng = lambda e: "—" if e.verdict == "not applicable" else f"{g(e.estimate)} [{g(e.low)}, {g(e.high)}]"  # noqa: E731
    word = {"supported": "supported", "refuted": "refuted at this scale", "open": "open", "not applicable": "n/a"}
    head = ("variant", "Δ points [95 % BCa], p", "recovered fraction", "log-odds difference", "TOST ±5 points")
    rows = [
        (
            name,
            f"{d.effect:+.3g} [{g(d.low)}, {g(d.high)}], p = {g(d.p)}",
            f"{rng(f)} {word[f.verdict]}",
            f"{rng(lo)} {word[lo.verdict]}",
            f"{eq.verdict} (p = {g(eq.p)})",
        )
        for name, d, f, lo, eq in table
    ]
    rows.append(
        (
            "paper",
            f"+{PAPER_8X['trsp'] - PAPER_8X['base']:.3g}",
            f"{g(paper_recovered_fraction())} (margin {g(MARGIN_SHARE * paper_recovered_fraction())})",
            f"{g(paper_log_odds())} (margin {g(MARGIN_SHARE * paper_log_odds())})",
            "",
        )
    )
    widths = [max(len(r[i]) for r in [head, *rows]) + 2 for i in range(len(head))]
    return [
        f"effect size at {at}× against {against}, paired by seed ({scale}); the fraction and the log-odds are "
        "decided on one-sided 95 % bounds against half the paper's (TRSP Table 2, NoLiMa at 8×):",
        *("".join(c.ljust(w) for c, w in zip(r, widths)).rstrip() for r in [head, *rows]),
    ]


def beyond_length_fixes(trsp, base_by_fix: dict) -> dict:
    """Whether TRSP's accuracy (as trained) exceeds what the plain length fixes give base (paired by seed; accuracies
    in %). ``base_by_fix``: fix name → base's per-seed accuracy under it ("as trained" included). The reference is
    the fix with base's highest mean (chosen on base alone, before TRSP is looked at); TRSP − that reference is read
    by the direction rule: *supported* means a gain beyond every plain length fix (the paper's mechanism, at this
    scale), *refuted* that a plain fix gives base more than TRSP has, *open* otherwise."""
    if not base_by_fix:
        raise ValueError("beyond_length_fixes needs base's accuracy under at least one fix")
    best = max(sorted(base_by_fix), key=lambda k: float(np.mean(base_by_fix[k])))
    d = paired(trsp, base_by_fix[best], "greater")
    return {
        "reference": best,
        "means": {k: float(np.mean(v)) for k, v in base_by_fix.items()},
        "trsp_mean": float(np.mean(trsp)),
        **d.to_json(),
    }
