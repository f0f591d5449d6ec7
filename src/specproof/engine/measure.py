"""Measuring a record's numbers from data: how tight a bound is on the claim's own inequality, the rate and constant of
a bound's actual gap, a limit with its fit uncertainty, and where a conclusion still holds without a hypothesis.

The functions return the numbers; the claim files turn them into records (:mod:`specproof.engine.records`) whose
text is written from what was computed, never typed in. The choices a referee would question are made here, once:

- :func:`limit_fit`: a limit is read by at least two correction families (the caller names those the problem
  suggests: 1/x, 1/x², 1/log x, a free power, …) over at least two tail ranges, and the limit is the interval that
  covers every estimate; a candidate closed form is named only when it lies inside and every other candidate
  outside. The spread of the estimates is the fit's uncertainty: a wide interval is the honest answer when the data
  cannot pin the limit.
- :func:`gap_rate`: the local exponents of the gap (log-log slope between successive points) over the tail ranges
  give the exponent and its spread; the constant is the limit of gap/x^p at the exponent p the caller tests
  (the rounded fitted exponent, or the bound's), read by :func:`limit_fit`.
- :func:`extreme_ratio`: the ratio of the inequality's two sides at every point of the declared search space, its
  extreme and where it is attained.
- :func:`holding_set`: on a dyadic block [2^L, 2^(L+1)), every T where a predicate holds, and whether they form
  one initial run [2^L, T₀] (where a conclusion survives without a hypothesis).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Callable, Generic, Iterable, Mapping, Sequence, TypeVar

import numpy as np

from specproof.engine.digits import fmt
from specproof.engine.records import GapRate, LimitFit

# correction families: name → the functions of x multiplying the fitted coefficients (the limit is the constant term)
CORRECTIONS: dict[str, tuple[Callable, ...]] = {
    "1/x": (lambda x: 1 / x,),
    "1/x + 1/x²": (lambda x: 1 / x, lambda x: 1 / x**2),
    "1/√x": (lambda x: x**-0.5,),
    "1/√x + 1/x": (lambda x: x**-0.5, lambda x: 1 / x),
    "1/log x": (lambda x: 1 / np.log(x),),
    "1/log x + 1/log² x": (lambda x: 1 / np.log(x), lambda x: 1 / np.log(x) ** 2),
    "1/log² x": (lambda x: 1 / np.log(x) ** 2,),
    "1/log x + 1/log² x + 1/log³ x": tuple(lambda x, j=j: np.log(x) ** -j for j in (1, 2, 3)),
}
FREE_POWER = "x^−q, q fitted"  # y ≈ L + c·x^−q with the exponent q read from the data too (a slow power approach)
_FREE_POWER_GRID = np.geomspace(0.01, 4.0, 400)


def fit_free_power(x, y, *, with_exponent: bool = False):
    """The constant term of y ≈ L + c·x^−q, q chosen on a grid in [0.01, 4] by least squares (at least three
    points; with three it interpolates); with ``with_exponent``, (L, q)."""
    x, y = np.asarray(x, float), np.asarray(y, float)
    if x.size < 3:
        raise ValueError("a free-power fit needs at least three points")
    best = (math.inf, math.nan, math.nan)  # (residual, L, q)
    for q in _FREE_POWER_GRID:
        basis = np.column_stack([np.ones_like(x), x**-q])
        coef, *_ = np.linalg.lstsq(basis, y, rcond=None)
        residual = float(np.sum((basis @ coef - y) ** 2))
        if residual < best[0]:
            best = (residual, float(coef[0]), float(q))
    return (best[1], best[2]) if with_exponent else best[1]


def fit_limit_once(x, y, family: Sequence[Callable], *, amplification: bool = False):
    """The constant term of the least-squares fit y ≈ L + Σ c_j f_j(x) (an interpolation when the points are as many
    as the unknowns); with ``amplification``, also the factor Σ|w_i| by which an error in every y_i reaches it."""
    x, y = np.asarray(x, float), np.asarray(y, float)
    if x.size < len(family) + 1:
        raise ValueError(f"{x.size} points cannot fit a limit with {len(family)} corrections")
    basis = np.column_stack([np.ones_like(x), *[f(x) for f in family]])
    weights = np.linalg.pinv(basis)[0]  # the constant term is weights @ y
    value = float(weights @ y)
    return (value, float(np.sum(np.abs(weights)))) if amplification else value


def limit_fit(
    x,
    y,
    *,
    families: Iterable[str],
    tails: Mapping[str, int] | Iterable[int],
    candidates: Mapping[str, float] | None = None,
    variable: str = "x",
    tested: Callable[[str], str] | None = None,
    error: float = 0.0,
) -> LimitFit:
    """Every (family, tail) estimate of lim y; ``tails`` are the numbers of last points used (a mapping gives them
    names; by default "last n (x ≥ …)"). ``error`` bounds the absolute error of each y (the solver's): every linear
    estimate is widened by it times its amplification, so the interval covers the data's own uncertainty as well as
    the spread of the models. ``candidates`` are closed forms to compare (name → value); the one the interval
    separates from the others is named, and ``tested(name)`` (when given) tests it at parameters not used to find
    it and returns the outcome in words."""
    x, y = np.asarray(x, float), np.asarray(y, float)
    order = np.argsort(x)
    x, y = x[order], y[order]
    if not isinstance(tails, Mapping):
        tails = {f"last {n} ({variable} ≥ {fmt(x[-n])})": n for n in tails}
    estimates = []
    for family in families:
        for tail, n in tails.items():
            if family == FREE_POWER:
                if 3 <= n <= x.size:
                    estimates.append((family.replace("x", variable), tail, fit_free_power(x[-n:], y[-n:]), 0.0))
                continue
            fns = CORRECTIONS[family]
            if n < len(fns) + 1 or n > x.size:
                continue
            value, amp = fit_limit_once(x[-n:], y[-n:], fns, amplification=True)
            estimates.append((family.replace("x", variable), tail, value, amp * error))
    fit = LimitFit(tuple(estimates), tuple((candidates or {}).items()))
    inside = fit.inside()
    if len(inside) == 1:
        named = inside[0]
        fit = LimitFit(fit.estimates, fit.candidates, named, tested(named) if tested else "")
    return fit


def local_exponents(x, y) -> np.ndarray:
    """d log y / d log x between successive points."""
    x, y = np.asarray(x, float), np.asarray(y, float)
    return np.diff(np.log(np.abs(y))) / np.diff(np.log(x))


@dataclass(frozen=True)
class RateReading:
    """A gap's rate: the fitted exponent (the spread of the local exponents over the tail ranges) and, at the tested
    exponent, the limit fit of the constant."""

    exponent: float
    exponent_error: float
    tested_exponent: float
    constant: LimitFit

    def record(self, variable: str, bound_exponent: float) -> GapRate:
        lo, hi = self.constant.interval
        return GapRate(
            variable,
            self.exponent,
            self.exponent_error,
            self.tested_exponent,
            (lo + hi) / 2,
            (hi - lo) / 2,
            bound_exponent,
            self.constant.named,
            self.constant.tested,
        )


def gap_rate(
    x,
    gap,
    *,
    tails: Iterable[int] = (3, 4),
    families: Iterable[str] = ("1/x", "1/x + 1/x²"),
    exponent: float | None = None,
    variable: str = "x",
    candidates: Mapping[str, float] | None = None,
) -> RateReading:
    """The exponent of gap ~ C·x^p read from its local exponents over the last ``tails`` steps (the exponent is
    their mean over the shortest tail; its error the largest distance of any tail's local exponents from it),
    and the constant C as the limit of gap·x^(−p) at ``exponent`` (default: the fitted exponent rounded to a
    half-integer)."""
    x, gap = np.asarray(x, float), np.abs(np.asarray(gap, float))
    local = local_exponents(x, gap)
    tails = sorted(tails)
    p = float(np.mean(local[-tails[0] :]))
    spread = max(float(np.max(np.abs(local[-n:] - p))) for n in tails)
    tested = round(2 * p) / 2 if exponent is None else exponent
    constant = limit_fit(
        x,
        gap * x ** (-tested),
        families=families,
        tails=[n + 1 for n in tails],
        candidates=candidates,
        variable=variable,
    )
    return RateReading(p, spread, tested, constant)


P = TypeVar("P")


@dataclass(frozen=True)
class Extreme(Generic[P]):
    """The extreme of lhs/rhs over the points and where it is attained."""

    ratio: float
    where: P
    ratios: tuple

    @property
    def factor(self) -> float:
        return 1 / self.ratio if self.ratio else math.inf


def extreme_ratio(points: Iterable[P], sides: Callable[[P], tuple[float, float]], *, upper: bool = True) -> Extreme[P]:
    """For an upper bound lhs ≤ rhs, the largest lhs/rhs over ``points`` (for a lower bound lhs ≥ rhs, the largest
    rhs/lhs): how close the inequality comes to equality, and where."""
    points = list(points)
    ratios = []
    for pt in points:
        lhs, rhs = sides(pt)
        ratios.append(lhs / rhs if upper else rhs / lhs)
    i = int(np.argmax(ratios))
    return Extreme(float(ratios[i]), points[i], tuple(float(r) for r in ratios))


def holding_set(L: int, holds: Callable[[int], bool]) -> tuple[list[int], bool]:
    """Every T of [2^L, 2^(L+1)) where ``holds`` is true, and whether they form one initial run [2^L, T₀]."""
    good = [T for T in range(2**L, 2 ** (L + 1)) if holds(T)]
    return good, bool(good) and good == list(range(2**L, good[-1] + 1))
