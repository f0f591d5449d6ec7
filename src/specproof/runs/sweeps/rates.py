"""Rates read from the sweeps: the keywords a claim's Context selects (quick grid in memory, or the committed store),
dyadic row filters, and :func:`rate_check`, which fits a swept column to a claimed rate against competitors with each
row's bracket carried into the verdict (re-exported by :mod:`specproof.runs.sweeps.table`)."""

from __future__ import annotations

from dataclasses import replace
from typing import Callable

import numpy as np

from specproof.engine.methods import fmt, open_evidence
from specproof.engine.rates import (
    bound_evidence,
    corrected_rate_evidence,
    fit_rate,
    fit_with_corrections,
    rate_evidence,
    remove_lower_terms,
)
from specproof.engine.registry import Evidence
from specproof.runs.sweeps.store import Sweep, SweepResult, project_store, run_sweep


def options_for(ctx) -> dict:
    """run_sweep/rate_check keywords for a claim's Context: the quick grid in memory by default; with
    ``ctx.wide`` the wide grid, reading the project's store (missing rows computed in memory)."""
    return {"grid": "wide", "store": project_store(), "save": False} if ctx.wide else {"grid": "quick", "store": None}


def stored_options(ctx) -> dict:
    """run_sweep/rate_check keywords for a claim that reads the committed sweep store: the ``default`` grid
    (``wide`` with ``ctx.wide``) from the project's ``data``; a row missing from the store is neither
    computed nor written: the evidence reads the stored rows and its range names what is not stored
    (`specproof sweep` is the command that fills the store; tests/test_sweeps.py requires the committed store
    complete). With ``ctx.wide`` (`verify --wide`, asked to be slow) missing wide rows are computed in memory."""
    return {
        "grid": "wide" if ctx.wide else "default",
        "store": project_store(),
        "save": False,
        "compute": bool(ctx.wide),
    }


def along(kind: str, *, at_least: int = 1) -> Callable[[dict], bool]:
    """A row filter for the dyadic subsequences the sweeps are built around: ``kind`` is one of
    "2^m", "2^m-1", "2^m+1", "3*2^m"; rows with x below ``at_least`` are dropped."""
    tests = {
        "2^m": lambda n: n & (n - 1) == 0,
        "2^m-1": lambda n: n & (n + 1) == 0,
        "2^m+1": lambda n: n > 2 and (n - 1) & (n - 2) == 0,
        "3*2^m": lambda n: n % 3 == 0 and (n // 3) & (n // 3 - 1) == 0,
    }
    if kind not in tests:
        raise ValueError(f"along: unknown subsequence {kind!r}; allowed: {', '.join(tests)}")
    test = tests[kind]
    return lambda row: int(row["x"]) >= at_least and test(int(row["x"]))


def _trend_sensitivity(x: np.ndarray, log_width: np.ndarray, scale: str) -> float:
    """How far the fitted trend (slope of log(y/f) over the upper half) can move when every log y moves
    by at most its bracket's log-width: Σ|u_i − ū|·w_i / Σ(u_i − ū)² for the least-squares slope. A point
    without leverage (u_i = ū) cannot move the slope whatever its width; an infinite width elsewhere gives inf."""
    u = np.log(x) if scale == "log" else np.log(np.log(x))
    half = len(x) // 2
    u, w = u[half:], log_width[half:]
    if len(u) < 2 or np.ptp(u) == 0:
        return 0.0
    c = u - u.mean()
    with np.errstate(invalid="ignore"):  # 0·inf at a point without leverage: it moves nothing
        moved = np.where(c == 0, 0.0, np.abs(c) * w)
    return float(np.sum(moved) / np.sum(c * c))


def _bracketed(rows: list[dict], column: str, transform: Callable | None) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The column's values and brackets (``lower``/``upper`` for the value, ``<column>_lower``/``_upper``
    otherwise; a column without a bracket, such as an exact count, gets a zero-width one), after
    ``transform(value, row)``, which must be monotone in the value for each row."""
    lo_key, hi_key = ("lower", "upper") if column == "value" else (f"{column}_lower", f"{column}_upper")
    y = np.array([r[column] for r in rows], dtype=float)
    bracketed = all(lo_key in r and hi_key in r for r in rows)
    lo = np.array([r[lo_key] for r in rows], dtype=float) if bracketed else y.copy()
    hi = np.array([r[hi_key] for r in rows], dtype=float) if bracketed else y.copy()
    if transform is not None:
        y, a, b = (np.array([transform(float(v), r) for v, r in zip(col, rows)]) for col in (y, lo, hi))
        lo, hi = np.minimum(a, b), np.maximum(a, b)
    return y, lo, hi


def _read_with_brackets(rows, x, f, column, transform, lower, scale) -> tuple[np.ndarray, np.ndarray, float]:
    """The column (transformed), the part the ratio is read on (lower terms removed), and how far the rows'
    brackets can move the fitted trend."""
    y, lo, hi = _bracketed(rows, column, transform[1] if transform else None)
    y_read = remove_lower_terms(x, y, f, lower)[1] if lower else y
    shift = y_read - y  # removing fitted terms shifts value and bracket alike
    lo, hi = lo + shift, hi + shift
    # a bracket that reaches or crosses 0 has no sign and so no log: its log-width is infinite (undecidable)
    with np.errstate(divide="ignore", invalid="ignore"):
        log_width = np.where(lo * hi > 0, np.abs(np.log(np.abs(hi) / np.abs(lo))), np.inf)
    return y, y_read, _trend_sensitivity(x, log_width, scale)


def missing_note(result: SweepResult) -> str:
    """ "; not stored: T = …" for the grid points a store-only read left out ("" when none)."""
    if not result.missing:
        return ""
    xs = [str(p.get(result.sweep.x, p)) for p in result.missing]
    return f"; not stored (run `specproof sweep {result.sweep.name}`): {result.sweep.x} = {', '.join(xs)}"


def _span(sweep: Sweep, grid: str, x: np.ndarray, column: str, transform) -> str:
    read = transform[0] if transform else (column if column != "value" else "")
    return (
        f"{read + ' from ' if read else ''}sweep {sweep.name} ({grid} grid): "
        f"{sweep.x} = {fmt(x[0])}…{fmt(x[-1])}, {len(x)} points"
    )


def _rate_evidence(x, y, f, model, *, lower, side, competitors, what, ranges, scale, flat, role) -> Evidence:
    """The rate decision proper: with lower-order terms removed, one-sided, or two-sided."""
    if lower:
        return corrected_rate_evidence(
            x, y, f, model, lower, competitors, what=what, ranges=ranges, scale=scale, flat=flat, role=role
        )
    fit = fit_rate(x, y, f, model, competitors, scale)
    if side:
        return bound_evidence(fit, side=side, what=what, ranges=ranges, flat=flat, role=role)
    return rate_evidence(fit, what=what, ranges=ranges, flat=flat, role=role)


def rate_check(
    sweep: str | Sweep,
    f: Callable,
    model: str,
    *,
    what: str,
    grid: str = "quick",
    competitors: dict | None = None,
    scale: str = "log",
    column: str = "value",
    transform: tuple[str, Callable[[float, dict], float]] | None = None,
    select: Callable[[dict], bool] | None = None,
    lower: dict | None = None,
    side: str | None = None,
    corrections: dict | None = None,
    flat: float = 0.05,
    role: str = "decides",
    store=None,
    save: bool = False,
    compute: bool = True,
    ranges: str | None = None,
) -> Evidence:
    """Evidence that ``column`` of a sweep is Θ(f(x)) (or, with ``side``, O(f) or Ω(f)), read from the sweep's
    rows: ratios y/f, their trend, local exponents, the competing rates ruled out.

    - ``transform = (name, t)`` reads y = t(value, row) instead (e.g. μ₂/degree, 2 − ‖H‖, 1/√(2 − ‖H‖));
      t must be monotone in the value, so the bracket maps to a bracket;
    - ``lower`` names lower-order terms fitted and removed before the ratio is read
      (:func:`checks.methods.corrected_rate_evidence`): a sweep of y = a/log T + c/log² T, or of
      y = a log x + c, drifts against the leading term alone over any reachable range;
    - ``side`` ("upper"/"lower") makes it a one-sided bound (:func:`checks.methods.bound_evidence`),
      for a rate whose other side is settled elsewhere;
    - ``select`` filters rows (e.g. T = 2^m − 1 only); ``corrections`` (a basis as for
      :func:`checks.methods.fit_with_corrections`) adds the model-with-corrections coefficients to the data.

    The rows' brackets move each log y by at most log(upper/lower) (after removing the fitted lower
    terms, when there are any, to first order: the fitted coefficients are held fixed); if that can move the fitted
    trend across the ±flat verdict line, the
    rate is undecided (open) instead of verified or refuted.
    """
    if lower and side:
        raise ValueError("rate_check: lower-order terms and a one-sided bound do not combine; choose one")
    result = run_sweep(sweep, grid, store=store, save=save, compute=compute)
    rows = [r for r in result.rows if select is None or select(r)]
    if len(rows) < 3:
        return open_evidence(
            f"{what}: only {len(rows)} sweep points selected; a rate needs at least 3",
            method="sweep-fit",
            ranges=ranges or f"sweep {result.sweep.name} ({grid} grid)",
            role=role,
        )
    x = np.array([r["x"] for r in rows], dtype=float)
    y, y_read, wobble = _read_with_brackets(rows, x, f, column, transform, lower, scale)
    span = (ranges or _span(result.sweep, grid, x, column, transform)) + missing_note(result)
    fit = fit_rate(x, y_read, f, model, scale=scale)
    verdict_lines = [flat] if side == "upper" else [-flat] if side == "lower" else [flat, -flat]
    if not np.isfinite(wobble) or any(abs(fit.trend - line) <= wobble for line in verdict_lines):
        return open_evidence(
            f"{what}: the brackets move the trend by up to {fmt(wobble)}, across the "
            f"{'/'.join(map(fmt, verdict_lines))} verdict line (trend {fmt(fit.trend)}); tighten the solver tolerance",
            method="sweep-fit",
            ranges=span,
            role=role,
        )
    ev = _rate_evidence(
        x,
        y,
        f,
        model,
        lower=lower,
        side=side,
        competitors=competitors,
        what=what,
        ranges=span,
        scale=scale,
        flat=flat,
        role=role,
    )
    data = {**ev.data, "sweep": result.sweep.name, "grid": grid, "trend_bracket_sensitivity": wobble}
    if corrections:
        data["corrections"] = fit_with_corrections(x, y, corrections)
    return replace(ev, data=data)
