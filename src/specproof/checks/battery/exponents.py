"""A rate property decided, not matched to a menu: what the paper guarantees is asserted as a one-sided bound, the
rate is measured as an exponent with its interval.

Over a sweep y(x) (x = T, or b for the kernel), on the sweep's *tail* (its upper half, where a rate is read):

- the **exponent** p is the least-squares slope of log y against log x: y ≈ C·x^p there;
- its **interval** is the range of the local exponents Δlog y/Δlog x from the last point before the tail on (the
  slope is a weighted mean of them, so it lies inside): how much the exponent still moves where it is read;
- the paper's rate f has its own exponent p_f over the same tail (1/log T is about T^−0.16 at T ≈ 500), so the
  exponent of y/f is q = p − p_f.

The property's **guarantee** is one-sided: "lower", y = Ω(f) (μ₂ at full depth does not decay: stays ≥ c > 0;
γ does not decay faster than 1/log T), holds when q ≥ −a; "upper", y = O(f) (the kernel's energy falls at least as
1/b; the attention's stable rank grows at most as log T), holds when q ≤ a. The **allowance** a = DRIFT / Δlog x
over the tail is the project's tolerance for short sweeps (:data:`specproof.engine.rates.DRIFT`): y/f may move by
at most e^0.15 ≈ 16 % across the tail before a trend counts. A broken guarantee fails with the sweep as its
counterexample; a guarantee that holds is verified (a sweep cannot prove an asymptotic bound).

The **rate** is reported apart: a named rate is consistent with the measurement when its exponent over the tail is
within ±a of p (every rate of the menu that is, for a readable name); a declared rate that is not is a difference
from the declaration, never a broken guarantee.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np

from specproof.engine.methods import fmt
from specproof.engine.rates import DRIFT, MENU_EXPONENTS, menu_name, offset_rate_evidence, rate_menu
from specproof.engine.registry import Evidence, Status

GUARANTEES = ("lower", "upper")


def menu_exponents(x: str = "T") -> dict[str, tuple[float, int]]:
    """Each rate of the menu as (a, c) for x^a·(log x)^c: what orders them asymptotically (lexicographically)."""
    return {menu_name(a, c, x): (a, c) for a, c in MENU_EXPONENTS}


def keeps(rate: str, paper: str, guarantee: str, x: str = "T") -> bool:
    """Whether a variant of rate ``rate`` keeps the paper's guarantee: rate ≥ paper (lower), ≤ (upper)."""
    order = menu_exponents(x)
    return order[rate] >= order[paper] if guarantee == "lower" else order[rate] <= order[paper]


def two(p: float) -> str:
    """An exponent to two decimals, never '-0.00'."""
    text = f"{p:.2f}"
    return "0.00" if text == "-0.00" else text


def power(p: float, x: str = "T") -> str:
    """x^p as the table shows it: two decimals, so 1/T² reads T^-2.00."""
    return f"{x}^{two(p)}"


@dataclass(frozen=True)
class RateReading:
    """A rate measured over a sweep and read against the paper's rate, the guarantee and the declaration."""

    variable: str
    x: list[float]
    y: list[float]
    tail_from: int  # the index where the tail starts
    exponent: float
    interval: tuple[float, float]
    local: list[float]  # every local exponent of the sweep, in order
    paper: str  # the paper's rate
    paper_exponent: float  # its exponent over the tail
    guarantee: str  # "lower" or "upper"
    allowance: float
    consistent: list[str] = field(default_factory=list)  # the menu's rates within the allowance
    declared: str | None = None
    declared_ok: bool | None = None  # None when no rate was declared

    @property
    def margin(self) -> float:
        """The guarantee's room, in exponent units: ≥ 0 when it holds."""
        q = self.exponent - self.paper_exponent
        return q + self.allowance if self.guarantee == "lower" else self.allowance - q

    @property
    def holds(self) -> bool:
        return self.margin >= 0

    @property
    def paper_ok(self) -> bool:
        return self.paper in self.consistent

    def text(self) -> str:
        """'T^-1.62 [-1.71, -1.55]' with the nearest named rate when one is consistent ('≈ 1/T')."""
        lo, hi = self.interval
        named = f" ≈ {self.consistent[0]}" if self.consistent else ""
        return f"{power(self.exponent, self.variable)} [{two(lo)}, {two(hi)}]{named}"

    def assertion(self) -> str:
        return f"{'>=' if self.guarantee == 'lower' else '<='} {self.paper}"

    def summary(self, what: str) -> str:
        v = self.variable
        lo, hi = self.interval
        tail = f"{v} = {fmt(self.x[self.tail_from])}..{fmt(self.x[-1])}"
        verb = "does not decay faster than" if self.guarantee == "lower" else "does not grow faster than"
        kept = "holds" if self.holds else "is broken"
        return (
            f"{what}: exponent {self.exponent:.3f} over {tail} (local exponents {lo:.3f} … {hi:.3f}); the paper's "
            f"{self.paper} is {power(self.paper_exponent, v)} there, so y/({self.paper}) has exponent "
            f"{self.exponent - self.paper_exponent:.3f}: '{verb} {self.paper}' {kept} "
            f"(allowance ±{self.allowance:.3f}: y/({self.paper}) may move by e^{DRIFT} across the tail); "
            "consistent rates: " + (", ".join(self.consistent) or "none of the menu")
        )

    def to_json(self) -> dict:
        return {
            "variable": self.variable,
            "x": self.x,
            "y": self.y,
            "tail_from": self.tail_from,
            "exponent": self.exponent,
            "interval": list(self.interval),
            "local_exponents": self.local,
            "paper_rate": self.paper,
            "paper_exponent": self.paper_exponent,
            "guarantee": f"{self.guarantee}: y {self.assertion()}",
            "allowance": self.allowance,
            "consistent_rates": self.consistent,
            "declared_rate": self.declared,
            "declared_rate_consistent": self.declared_ok,
        }


def _slope(u: np.ndarray, v: np.ndarray) -> float:
    return float(np.polyfit(u, v, 1)[0])


def read_rate(
    x,
    y,
    *,
    variable: str,
    paper: str,
    guarantee: str,
    declared: str | None,
    offset: bool = False,
) -> RateReading:
    """The exponent of y (positive, ≥ 3 points, x increasing) over the tail, read against the paper's rate.

    ``offset``: y ≈ c₀ + c·f has an additive constant that hides a slow growth from exponents at short sweeps (a
    stable rank Θ(k + log ℓ)); its consistent rate is the one :func:`engine.rates.offset_rate_evidence` fits."""
    if guarantee not in GUARANTEES:
        raise ValueError(f"guarantee must be one of {GUARANTEES}, got {guarantee!r}")
    x, y = np.asarray(x, float), np.asarray(y, float)
    lx, ly = np.log(x), np.log(y)
    start = len(x) // 2
    local = np.diff(ly) / np.diff(lx)
    steps = local[max(start - 1, 0) :]
    p = _slope(lx[start:], ly[start:])
    models = rate_menu(variable)
    exponents = {k: _slope(lx[start:], np.log(f(x[start:]))) for k, f in models.items()}
    allowance = DRIFT / float(lx[-1] - lx[start])
    if offset:
        growth = {k: models[k] for k in (f"log {variable}", f"sqrt {variable}", variable)}
        rate, _ = offset_rate_evidence(x, y, growth, what="", ranges="")
        consistent = [] if rate is None else [rate]
    else:
        consistent = sorted(
            (k for k in models if abs(p - exponents[k]) <= allowance), key=lambda k: abs(p - exponents[k])
        )
    return RateReading(
        variable,
        x.tolist(),
        y.tolist(),
        start,
        p,
        (float(min(steps.min(), p)), float(max(steps.max(), p))),
        local.tolist(),
        paper,
        exponents[paper],
        guarantee,
        allowance,
        consistent,
        declared,
        None if declared is None else declared in consistent,
    )


def rate_evidence(reading: RateReading, *, what: str, ranges: str) -> Evidence:
    """The guarantee's evidence: verified when it holds over the sweep, refuted (the sweep the counterexample) when
    y/f moves the wrong way by more than the allowance."""
    lo, hi = reading.interval
    data = reading.to_json()
    if reading.holds:
        return Evidence(
            Status.VERIFIED,
            "sweep-fit",
            reading.summary(what),
            ranges=ranges,
            sharpest=f"exponent {reading.exponent:.3f} [{lo:.3f}, {hi:.3f}]",
            worst_margin=reading.margin,
            data=data,
        )
    ratio = [yi / fi for yi, fi in zip(reading.y, rate_menu(reading.variable)[reading.paper](np.asarray(reading.x)))]
    return Evidence(
        Status.REFUTED,
        "sweep-fit",
        reading.summary(what),
        ranges=ranges,
        worst_margin=reading.margin,
        data=data,
        counterexample={reading.variable: reading.x, "y": reading.y, f"y/({reading.paper})": ratio},
    )


def non_positive(x, y, *, variable: str, what: str, ranges: str) -> Evidence | None:
    """A value ≤ 0 (or not finite) has no exponent and breaks any Ω bound: the refuting evidence, or None."""
    x, y = np.asarray(x, float), np.asarray(y, float)
    bad = np.flatnonzero(~np.isfinite(y) | (y <= 0))
    if not bad.size:
        return None
    i = int(bad[0])
    return Evidence(
        Status.REFUTED,
        "sweep-fit",
        f"{what}: {fmt(y[i])} at {variable} = {fmt(x[i])}, not positive, so no rate and no positive lower bound",
        ranges=ranges,
        worst_margin=float(y[i]) if math.isfinite(y[i]) else None,
        counterexample={variable: x.tolist(), "y": y.tolist()},
    )


__all__ = [
    "GUARANTEES",
    "RateReading",
    "keeps",
    "menu_exponents",
    "non_positive",
    "power",
    "rate_evidence",
    "read_rate",
]
