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

Nothing here trains or reads files: it takes the per-seed numbers and returns a plain dict the claims and the README
table render.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

ALPHA = 0.05
CONFIDENCE = 0.95
POWER = 0.8
RESAMPLES = 9999
SEED = 20261203  # the bootstrap's generator: fixed, so an interval is a function of the rows
SIDES = ("greater", "less")  # the paper's side: TRSP above base ("greater") or below ("less")


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


def every_run(values, holds) -> tuple[str, list[int]]:
    """A statement about every run: refuted by any run that breaks it (the indices returned), else supported."""
    broken = [i for i, v in enumerate(values) if not holds(v)]
    return ("refuted" if broken else "supported"), broken
