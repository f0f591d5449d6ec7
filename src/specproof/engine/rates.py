"""Rates: is y = Θ(f) over a sweep? One home for the decision, used by the claims and the variants.

A sweep cannot prove an asymptotic rate; it can show that the ratio y/f stops moving. The
*trend* of a fit (:class:`RateFit`) is the least-squares slope of log(y/f) over the upper half of
the sweep, against log x (power laws) or log log x (logarithmic rates). The tolerances, once:

- :data:`FLAT` = 0.05: a ratio is flat when its trend is within ±FLAT per unit of the scale.
  Every claim reads its rate this way; its sweeps reach far (x up to 2^14 .. 2^30), so a correct
  rate's lower-order terms have died out where the trend is read.
- :data:`DRIFT` = 0.15: for a *short* sweep (a user's variant: T ≤ 1024, operators ≤ 256) the
  tolerance is on the total change of log(y/f) over the part of the sweep a decision reads, not on
  its slope: y/f may move by at most e^0.15 ≈ 16% there (the battery reads it as an allowance on the
  fitted exponent, :mod:`specproof.checks.battery.exponents`). A per-unit tolerance cannot serve both:
  the upper half of a default variant sweep spans only 0.22 .. 0.51 log log-units, where FLAT would
  allow y/f to move by 1–3%, well inside the O(1/log T) corrections of a correct Θ(1/log T). The
  battery names a measured rate from a closed menu (:func:`rate_menu`), whose neighbouring models
  drift apart by more than DRIFT over the shortest default sweep. Fits with an additive constant
  (:func:`offset_rate_evidence`) use the same DRIFT: the fitted curve must stay within a band of
  total width DRIFT (±DRIFT/2, relative to y) around the data.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from typing import Callable

import numpy as np

from specproof.engine.methods import fmt, open_evidence
from specproof.engine.registry import Evidence, Role, Status

FLAT = 0.05
DRIFT = 0.15


@dataclass
class RateFit:
    """Diagnostics of y ≈ C·f(x): ratios y/f, their trend, local exponents, competitors ruled out.

    ``trend`` is the least-squares slope of log(y/f) against ``scale(x)`` over the upper half of the
    sweep: ≈ 0 for a correct Θ(f), clearly non-zero for a wrong rate. ``scale`` is log x for
    power laws and log log x for logarithmic rates (where log-slopes are too small to read).
    """

    name: str
    x: np.ndarray
    y: np.ndarray
    ratios: np.ndarray
    trend: float
    local_exponents: np.ndarray
    competitors: dict = field(default_factory=dict)
    scale: str = "log"

    @property
    def ratio_range(self) -> tuple[float, float]:
        return float(self.ratios.min()), float(self.ratios.max())

    @property
    def shown(self) -> str:
        """The model's name as a divisor: parenthesised when it is a compound expression."""
        bare = self.name.startswith("(") or not any(c in self.name for c in "/·+−-*")
        return self.name if bare else f"({self.name})"

    def summary(self) -> str:
        lo, hi = self.ratio_range
        comp = ", ".join(f"{k}: trend {fmt(v)}" for k, v in self.competitors.items())
        return (
            f"y/{self.shown} in [{fmt(lo)}, {fmt(hi)}] over x in [{fmt(self.x[0])}, {fmt(self.x[-1])}], "
            f"trend {fmt(self.trend)} per {self.scale}-unit" + (f"; competitors {comp}" if comp else "")
        )

    def to_json(self) -> dict:
        return {
            "model": self.name,
            "x": self.x.tolist(),
            "y": self.y.tolist(),
            "ratios": self.ratios.tolist(),
            "trend": self.trend,
            "local_exponents": self.local_exponents.tolist(),
            "competitors": self.competitors,
            "scale": self.scale,
        }


def _scaled(x, scale: str) -> np.ndarray:
    """The sweep on the axis its trend is read on: log x, or log log x."""
    return np.log(x) if scale == "log" else np.log(np.log(x))


def _trend(x, ratios, scale: str) -> float:
    u = _scaled(x, scale)
    half = len(x) // 2
    u, r = u[half:], np.log(ratios[half:])
    if len(u) < 2 or np.ptp(u) == 0:
        return 0.0
    return float(np.polyfit(u, r, 1)[0])


def fit_rate(x, y, f: Callable, name: str, competitors: dict | None = None, scale: str = "log") -> RateFit:
    """Diagnose y = Θ(f(x)) over a sweep x (increasing, positive)."""
    if scale not in ("log", "loglog"):
        raise ValueError("scale must be 'log' or 'loglog'")
    x = np.asarray(x, dtype=float)
    y = np.asarray(y, dtype=float)
    ratios = y / f(x)
    local = np.diff(np.log(np.abs(y))) / np.diff(np.log(x))
    comp = {k: _trend(x, y / g(x), scale) for k, g in (competitors or {}).items()}
    return RateFit(name, x, y, ratios, _trend(x, ratios, scale), local, comp, scale)


def rate_evidence(fit: RateFit, *, what: str, ranges: str, flat: float = FLAT, role: str = "decides") -> Evidence:
    """Verified when the ratio's trend is within ±flat and every competitor's is outside it.

    A sweep cannot prove an asymptotic rate: the best it can be is ``verified``. A trend outside
    ±flat refutes the rate over the swept range; that is reported with the sweep as evidence. A flat
    ratio with a competitor that is flat too (or could not be fitted: trend nan) leaves the rate open:
    the sweep cannot tell the two apart.
    """
    ruled_out = {k: v for k, v in fit.competitors.items() if abs(v) > flat}
    data = fit.to_json()
    if abs(fit.trend) <= flat:
        alike = sorted(set(fit.competitors) - set(ruled_out))
        if alike:
            return open_evidence(
                f"{what}: flat, but so is {', '.join(alike)}: the sweep cannot tell them apart; {fit.summary()}",
                method="sweep-fit",
                ranges=ranges,
                role=Role(role),
                data=data,
            )
        return Evidence(
            Status.VERIFIED,
            "sweep-fit",
            f"{what}: {fit.summary()}",
            ranges=ranges,
            sharpest=f"{fmt(fit.ratio_range[0])} <= y/{fit.shown} <= {fmt(fit.ratio_range[1])}",
            worst_margin=flat - abs(fit.trend),
            data=data,
            role=Role(role),
        )
    return Evidence(
        Status.REFUTED,
        "sweep-fit",
        f"{what}: ratio drifts, {fit.summary()}",
        ranges=ranges,
        worst_margin=flat - abs(fit.trend),
        data=data,
        role=Role(role),
        counterexample={"x": fit.x.tolist(), "y": fit.y.tolist(), "trend": fit.trend},
    )


def bound_evidence(
    fit: RateFit, *, side: str, what: str, ranges: str, flat: float = FLAT, role: str = "decides"
) -> Evidence:
    """One-sided rate: y = O(f) (side="upper") when y/f does not grow (trend ≤ flat), y = Ω(f)
    (side="lower") when it does not decay (trend ≥ −flat).

    For a bound whose other side is settled elsewhere (often exactly), where a two-sided trend test
    would wrongly fail on a ratio that settles from one side. A ratio moving the wrong way refutes
    the bound over the swept range, with the sweep as counterexample.
    """
    if side not in ("upper", "lower"):
        raise ValueError("side must be 'upper' or 'lower'")
    slack = flat - fit.trend if side == "upper" else flat + fit.trend
    lo, hi = fit.ratio_range
    data = fit.to_json()
    if slack >= 0:
        bound = f"y/{fit.shown} <= {fmt(hi)}" if side == "upper" else f"y/{fit.shown} >= {fmt(lo)}"
        return Evidence(
            Status.VERIFIED,
            "sweep-fit",
            f"{what}: {fit.summary()}",
            ranges=ranges,
            sharpest=bound,
            worst_margin=slack,
            data=data,
            role=Role(role),
        )
    return Evidence(
        Status.REFUTED,
        "sweep-fit",
        f"{what}: ratio {'grows' if side == 'upper' else 'decays'}, {fit.summary()}",
        ranges=ranges,
        worst_margin=slack,
        data=data,
        role=Role(role),
        counterexample={"x": fit.x.tolist(), "y": fit.y.tolist(), "trend": fit.trend},
    )


def fit_with_corrections(x, y, basis: dict[str, Callable]) -> dict[str, float]:
    """Least-squares y ≈ Σ c_k·basis_k(x), e.g. {'log x': log, '1': one}: the model with correction terms."""
    x = np.asarray(x, dtype=float)
    A = np.column_stack([g(x) for g in basis.values()])
    coef, *_ = np.linalg.lstsq(A, np.asarray(y, dtype=float), rcond=None)
    return dict(zip(basis, map(float, coef)))


def _collinear(x, f: Callable, lower: dict[str, Callable]) -> bool:
    """Whether the leading term lies (numerically) in the span of the lower-order terms on x."""
    A = np.column_stack([f(x)] + [g(x) for g in lower.values()])
    A = A / np.linalg.norm(A, axis=0)
    return np.linalg.matrix_rank(A, tol=1e-8) < A.shape[1]


def remove_lower_terms(x, y, f: Callable, lower: dict[str, Callable]) -> tuple[float, np.ndarray]:
    """Fit y ≈ a·f + Σ c_i·lower_i by least squares; return a and y − Σ c_i·lower_i (the leading part).

    Raises ValueError when f is (numerically) a combination of the lower terms: the split is then arbitrary.
    """
    x = np.asarray(x, dtype=float)
    y = np.asarray(y, dtype=float)
    if _collinear(x, f, lower):
        raise ValueError(f"the leading term is a combination of the lower-order terms {list(lower)} on these x")
    coef = fit_with_corrections(x, y, {"lead": f, **lower})
    return coef["lead"], y - sum(coef[k] * fn(x) for k, fn in lower.items())


def corrected_rate_evidence(
    x,
    y,
    f: Callable,
    name: str,
    lower: dict[str, Callable],
    competitors: dict | None = None,
    *,
    what: str,
    ranges: str,
    scale: str = "log",
    flat: float = FLAT,
    role: str = "decides",
) -> Evidence:
    """Θ(f) diagnostics after removing fitted lower-order terms: y ≈ a·f + Σ c_i·lower_i.

    A plain ratio test is too strict when y carries a known lower-order term: y = a ln x + c has
    y/ln x = a + c/ln x, which reaches its constant only at astronomically large x, and γ = a/L + c/L²
    drifts against 1/L the same way. So the ratio is read on y − Σ c_i·lower_i. Every competitor gets
    the same lower-order terms fitted for it, so the comparison is fair.

    A non-positive leading coefficient refutes (the rate cannot carry y). A leading part that is not
    positive over the upper half of the sweep (where the trend is read) is a misfit, not evidence:
    open. For a competitor: a non-positive leading coefficient rules it out (trend inf); a misfit, or
    a competitor collinear with the lower terms, gets trend nan, i.e. not ruled out.
    """
    x = np.asarray(x, dtype=float)
    y = np.asarray(y, dtype=float)
    upper = slice(len(x) // 2, None)
    lead, y_main = remove_lower_terms(x, y, f, lower)
    lower_terms = fit_with_corrections(x, y, {"lead": f, **lower})
    if lead <= 0:
        return Evidence(
            Status.REFUTED,
            "sweep-fit",
            f"{what}: the fitted leading term {fmt(lead)}·{name} does not carry y",
            ranges=ranges,
            role=Role(role),
            worst_margin=lead,
            counterexample={"x": x.tolist(), "y": y.tolist(), "lead": lead},
            data={"lower_terms": lower_terms},
        )
    if np.any(y_main[upper] <= 0):
        return open_evidence(
            f"{what}: with {', '.join(lower)} fitted, the leading part is not positive over the upper "
            "half of the sweep; the model does not fit",
            method="sweep-fit",
            ranges=ranges,
            role=Role(role),
        )
    fit = fit_rate(x, y_main, f, name, scale=scale)
    for cname, g in (competitors or {}).items():
        if _collinear(x, g, lower):
            fit.competitors[cname] = math.nan
            continue
        c_lead, c_main = remove_lower_terms(x, y, g, lower)
        fit.competitors[cname] = (
            math.inf
            if c_lead <= 0
            else math.nan
            if np.any(c_main[upper] <= 0)
            else fit_rate(x, c_main, g, cname, scale=scale).trend
        )  # trend: upper half only
    ev = rate_evidence(
        fit,
        what=f"{what} (lower-order terms {', '.join(lower)} fitted and removed)",
        ranges=ranges,
        flat=flat,
        role=Role(role),
    )
    return replace(
        ev,
        data={
            **ev.data,
            "y": y.tolist(),
            "y_leading_part": y_main.tolist(),
            "leading_coefficient": lead,
            "lower_terms": lower_terms,
        },
    )


# --------------------------------------------------------------------------- short sweeps: a closed menu of rates

# x^a·(log x)^c: on the log log scale the trends of the models 1, log x and 1/log x are exactly 1 apart.
MENU_EXPONENTS = ((0, 0), (0, 1), (0, -1), (0.5, 0), (-0.5, 0), (1, 0), (-1, 0), (2, 0), (-2, 0))


def menu_name(a: float, c: int, x: str) -> str:
    up, down = [], []
    names: tuple[tuple[float, dict[float, str]], ...] = (
        (a, {0.5: f"sqrt {x}", 1: x, 2: f"{x}^2"}),
        (c, {1: f"log {x}"}),
    )
    for power, text in names:
        if power > 0:
            up.append(text[power])
        elif power < 0:
            down.append(text[-power])
    num = " ".join(up) or "1"
    return f"{num}/{' '.join(down)}" if down else num


def rate_menu(x: str = "T") -> dict[str, Callable]:
    """The closed menu of rates in the variable ``x`` that a short sweep is classified into, name → function."""
    return {
        menu_name(a, c, x): lambda v, a=a, c=c: np.asarray(v, float) ** a * np.log(np.asarray(v, float)) ** c
        for a, c in MENU_EXPONENTS
    }


def offset_rate_evidence(
    x, y, growth: dict[str, Callable], *, what: str, ranges: str, drift: float = DRIFT, role: str = "decides"
) -> tuple[str | None, Evidence]:
    """The rate of a quantity with an additive constant, y ≈ c₀ + c·f(x), f = 1 or a growth model.

    An offset hides a slow growth from the ratio test at short sweeps (a stable rank Θ(k + log ℓ)
    reads 1.6 → 2.2 over ℓ = 16..128). Each model is fitted with its constant
    (:func:`fit_with_corrections`); a model fits when the fitted curve stays within ±drift/2 of y,
    relative to y's mean magnitude. The constant is preferred when it fits; otherwise the growing
    model (c > 0) with the smallest misfit. No fitting model refutes: the sweep is the counterexample.
    """
    x, y = np.asarray(x, float), np.asarray(y, float)
    scale = float(np.mean(np.abs(y)))
    fits = {"1": (0.0, float(y.mean()), float(np.abs(y - y.mean()).max()) / scale)}
    for name, f in growth.items():
        coef = fit_with_corrections(x, y, {name: f, "1": np.ones_like})
        fits[name] = (coef[name], coef["1"], float(np.abs(y - coef[name] * f(x) - coef["1"]).max()) / scale)
    band = drift / 2
    fitting = [k for k, (c, _, misfit) in fits.items() if misfit <= band and (k == "1" or c > 0)]
    rate = "1" if "1" in fitting else min(fitting, key=lambda k: fits[k][2], default=None)
    detail = ", ".join(f"{k}: c = {fmt(c)}, misfit {fmt(m)}" for k, (c, _, m) in fits.items() if k != "1")
    data = {
        "x": x.tolist(),
        "y": y.tolist(),
        "band": band,
        "fits": {k: {"coefficient": c, "offset": c0, "misfit": m} for k, (c, c0, m) in fits.items()},
    }
    summary = (
        f"{what}: y from {fmt(y[0])} to {fmt(y[-1])}, misfit of a constant {fmt(fits['1'][2])}; {detail} "
        f"(a model fits within ±{fmt(band)})"
    )
    if rate is None:
        return None, Evidence(
            Status.REFUTED,
            "sweep-fit",
            f"{summary}; no rate of the menu fits",
            ranges=ranges,
            data=data,
            worst_margin=band - min(m for _, _, m in fits.values()),
            role=Role(role),
            counterexample={"x": x.tolist(), "y": y.tolist()},
        )
    c, c0, misfit = fits[rate]
    sharpest = f"y ≈ {fmt(c0)} + {fmt(c)}·{rate}" if rate != "1" else f"y ≈ {fmt(c0)}"
    return rate, Evidence(
        Status.VERIFIED,
        "sweep-fit",
        f"{summary}; rate {rate}",
        ranges=ranges,
        sharpest=sharpest,
        worst_margin=band - misfit,
        data=data,
        role=Role(role),
    )
