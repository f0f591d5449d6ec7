"""The methods that decide claims: symbolic identities, property searches, certified comparisons,
float checks with tolerances from error analysis, and rate fits with their diagnostics."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Callable

import numpy as np
import sympy as sp
from hypothesis import HealthCheck, Phase, given, seed, settings
from hypothesis.errors import Flaky

from specproof.checks.registry import Context, Evidence, Status, weakest

EPS = float(np.finfo(np.float64).eps)


def fmt(x, digits: int = 3) -> str:
    """Stable short rendering of a number: 3 significant digits, float noise shown as 0."""
    if x is None:
        return "n/a"
    if isinstance(x, (int, np.integer)) and not isinstance(x, bool):
        return str(int(x))
    x = float(x)
    if not math.isfinite(x):
        return str(x)
    if abs(x) < 1e-12:
        return "0"
    return f"{x:.{digits}g}"


def float_tolerance(n: int, norm: float, factor: float = 10.0) -> float:
    """Backward-error tolerance factor·n·eps·‖A‖ for an n×n dense computation (Higham, §3)."""
    return factor * n * EPS * float(norm)


# --------------------------------------------------------------------------- symbolic

def _reject_floats(*exprs) -> None:
    """Proved must never rest on floating point: a float inside an exact identity is a programming error."""
    for e in exprs:
        if isinstance(e, float) or (isinstance(e, sp.Basic) and e.has(sp.Float)):
            raise TypeError(f"exact methods take exact input; {e!r} contains a float (write it as sp.Rational)")


def _witness_nonzero(diff) -> dict | None:
    """An exact assignment of the free symbols (respecting integer/positive assumptions) at which ``diff`` is
    provably nonzero, or None. Used so that an identity sympy cannot simplify to 0 is refuted only on evidence."""
    symbols = sorted(diff.free_symbols, key=str)
    if not all(isinstance(x, sp.Symbol) for x in symbols):
        return None
    for trial in ((2, 3, 5, 7, 11, 13), (3, 7, 4, 9, 2, 5), (sp.Rational(5, 2), sp.Rational(7, 3), 4, 6, 3, 2)):
        values = {x: (trial[i % len(trial)] if not x.is_integer else int(sp.ceiling(trial[i % len(trial)])))
                  for i, x in enumerate(symbols)}
        try:
            value = sp.simplify(diff.subs(values).doit())
        except (TypeError, ValueError, ZeroDivisionError):
            continue
        if value.is_number and value.is_zero is False:
            return {"at": {str(k): str(v) for k, v in values.items()}, "value": sp.sstr(value)}
    return None


def sympy_identity(lhs, rhs, *, what: str, ranges: str = "all symbolic parameter values", role: str = "decides") -> Evidence:
    """Decide lhs == rhs symbolically: proved when simplify(lhs − rhs) is 0 (for matrix expressions of symbolic
    size, the zero matrix); refuted only with an exact witness (a substitution at which lhs − rhs is provably
    nonzero); otherwise open — simplify is not a decision procedure. Floats are rejected."""
    _reject_floats(lhs, rhs)
    diff = sp.simplify(sp.expand(lhs - rhs))
    if diff != 0 and not getattr(diff, "is_ZeroMatrix", False) and isinstance(diff, sp.Expr):
        diff = sp.simplify(diff)  # a second pass closes some telescoping and harmonic forms
    if diff == 0 or getattr(diff, "is_ZeroMatrix", False):
        return Evidence(Status.PROVED, "sympy", f"{what}: lhs − rhs simplifies to 0", ranges=ranges, worst_margin=0.0, role=role)
    witness = _witness_nonzero(diff) if isinstance(diff, sp.Expr) and not diff.is_Matrix else None
    if diff.is_number and diff.is_zero is False:
        witness = {"at": {}, "value": sp.sstr(diff)}
    if witness is None:
        return Evidence(Status.OPEN, "sympy", f"{what}: lhs − rhs = {sp.sstr(diff)} does not simplify to 0, and no exact "
                        f"substitution shows it nonzero", ranges=ranges, role=role)
    return Evidence(Status.REFUTED, "sympy", f"{what}: lhs − rhs = {sp.sstr(diff)}", ranges=ranges,
                    counterexample={"difference": sp.sstr(diff), **witness}, role=role)


def sympy_nonnegative(expr, variables, *, what: str, ranges: str = "", role: str = "decides") -> Evidence:
    """Prove expr ≥ 0 for every nonnegative value of ``variables`` by a sign certificate.

    The certificate: in the cancelled rational form, numerator and denominator are polynomials in
    ``variables`` whose numeric coefficients all have one sign each, with matching signs. Write a
    constrained parameter through nonnegative ones first (i = 1 + m, a = 1 + u, C = a + v). A
    sufficient test, not a decision procedure: an expression without a certificate stays open.
    """
    _reject_floats(expr)
    variables = list(variables)
    num, den = sp.fraction(sp.cancel(sp.together(expr)))

    def sign(p):
        coeffs = sp.Poly(sp.expand(p), *variables).coeffs()
        if not all(c.is_number and c.is_real for c in coeffs):
            return None, False
        constant = sp.Poly(sp.expand(p), *variables).coeff_monomial(1) != 0
        if all(c >= 0 for c in coeffs):
            return 1, constant
        if all(c <= 0 for c in coeffs):
            return -1, constant
        return None, constant

    if num == 0:
        return Evidence(Status.PROVED, "sympy", f"{what}: identically 0", ranges=ranges, worst_margin=0.0, role=role)
    (sn, _), (sd, den_constant) = sign(num), sign(den)
    if sn is None or sd is None or sn != sd:
        return Evidence(Status.OPEN, "sympy", f"{what}: no sign certificate for {sp.sstr(num)} / {sp.sstr(den)}",
                        ranges=ranges, role=role)
    domain = "≥ 0" if den_constant else "≥ 0 wherever the denominator is nonzero"
    return Evidence(Status.PROVED, "sympy", f"{what}: numerator and denominator have coefficients of one sign "
                    f"in {', '.join(map(str, variables))} {domain}", ranges=ranges, worst_margin=0.0, role=role)


def derivation(steps: list[Evidence], *, what: str, ranges: str, role: str = "decides") -> Evidence:
    """Chain exact steps into one argument: proved when every step is; a failing step leaves it open.

    A step that fails shows the argument, not the claim, to be wrong, so it never refutes.
    """
    failed = [s.summary for s in steps if s.status is not Status.PROVED]
    if failed:
        return Evidence(Status.OPEN, "sympy", f"{what}: step not proved: {'; '.join(failed)}", ranges=ranges, role=role)
    return Evidence(Status.PROVED, "sympy", f"{what} ({len(steps)} steps): " + "; ".join(s.summary for s in steps),
                    ranges=ranges, worst_margin=0.0, role=role)


def combine(evidences: list[Evidence], *, what: str, method: str, ranges: str, role: str = "decides",
             sharpest: str | None = None) -> Evidence:
    """One Evidence from several sub-checks: refuted if any refutes, else the weakest status.

    ``sharpest`` defaults to the parts' own sharpest constants, joined.
    """
    status = weakest(e.status for e in evidences)
    if sharpest is None:
        sharpest = "; ".join(e.sharpest for e in evidences if e.sharpest) or None
    bad = next((e for e in evidences if e.status is Status.REFUTED), None)
    measured = [e for e in evidences if e.worst_margin is not None]
    worst = min(measured, key=lambda e: e.worst_margin) if measured else None
    return Evidence(status, method, f"{what}: " + "; ".join(e.summary for e in evidences), ranges=ranges,
                    worst_margin=worst.worst_margin if worst else None, sharpest=sharpest,
                    counterexample=bad.counterexample if bad else None, role=role,
                    allowance=worst.allowance if worst else None,
                    allowance_note="; ".join(dict.fromkeys(e.allowance_note for e in evidences if e.allowance_note)),
                    data={"parts": [e.to_json() for e in evidences]})


def probe_hypothesis(expect: str, hypothesis: str, outcome: Evidence, *, exact: bool = False,
                     role: str = "supports") -> Evidence:
    """Evidence for "this hypothesis is necessary" or "… is not needed" (``expect``).

    ``outcome`` is the evidence for the claim *without* the hypothesis. For "necessary", a
    counterexample establishes it (certified when the counterexample is exact, verified when it is a
    float one beyond its tolerance) and its absence leaves it open. For "not needed", the outcome is
    the verdict, and a counterexample refutes it. As a cross-check on the original claim (role
    "supports") it cannot raise that claim's verdict; with role "decides" it decides a claim about the
    hypotheses themselves.
    """
    if expect not in ("necessary", "not needed"):
        raise ValueError(f"expect must be 'necessary' or 'not needed', got {expect!r}")
    # margins belong to the weakened claim, not to this one: they stay in the summary and counterexample
    method = f"probe/{outcome.method}"
    if outcome.status is Status.REFUTED:
        if expect == "necessary":
            return Evidence(Status.CERTIFIED if exact else Status.VERIFIED, method,
                            f"without {hypothesis}: necessary — {outcome.summary}", ranges=outcome.ranges,
                            counterexample=outcome.counterexample, role=role, data=outcome.data)
        return Evidence(Status.REFUTED, method, f"without {hypothesis}: needed after all — {outcome.summary}",
                        ranges=outcome.ranges, counterexample=outcome.counterexample, role=role, data=outcome.data)
    if expect == "necessary":
        return Evidence(Status.OPEN, method, f"without {hypothesis}: no counterexample, necessity not shown — "
                        f"{outcome.summary}", ranges=outcome.ranges, role=role, data=outcome.data)
    verdict = "undecided" if outcome.status is Status.OPEN else "not needed"
    return Evidence(outcome.status, method, f"without {hypothesis}: {verdict} — {outcome.summary}",
                    ranges=outcome.ranges, role=role, data=outcome.data)


# --------------------------------------------------------------------------- property search

def property_search(strategy, margin: Callable, *, what: str, ctx: Context, examples: int = 200,
                    wide_examples: int = 2000, tolerance: Callable | float = 0.0, allowance: str = "",
                    ranges: str = "", pinned: tuple = (), role: str = "decides") -> Evidence:
    """Search with hypothesis for an input whose ``margin`` (≥ 0 when the claim holds) is negative.

    ``margin(value)`` returns the slack; ``tolerance`` (a number or a function of the value) is the
    float error allowance and ``allowance`` the error analysis behind it, written next to the check:
    the catalogue prints it, the JSON report records the allowance at the worst example.
    ``pinned`` values run first (edge cases).

    The search is seeded by ``ctx.seed`` (hypothesis' public ``seed``, no example database), so a run
    is reproducible and ``--seed`` explores other inputs. Which inputs hypothesis draws can still
    depend on the modules the process has imported (it mixes literals of local modules into its
    draws), so the summary states only what does not depend on the draws — the verdict, the
    number of examples — and keeps the observed worst margin in ``worst_margin`` (the JSON report and
    the table), never in the rendered text.
    """
    worst = {"margin": math.inf, "value": None}
    failure = {}
    ran = {"n": 0}

    def tol_at(value) -> float:
        return float(tolerance(value) if callable(tolerance) else tolerance)

    def slack(value) -> float:
        ran["n"] += 1
        m = float(margin(value))
        if m < worst["margin"]:
            worst.update(margin=m, value=value)
        return m + tol_at(value)

    for value in pinned:
        if slack(value) < 0:
            failure["value"] = value
            break

    @seed(ctx.seed)
    @settings(max_examples=wide_examples if ctx.wide else examples, deadline=None, database=None,
              derandomize=False, suppress_health_check=list(HealthCheck),
              phases=[Phase.explicit, Phase.generate, Phase.shrink])
    @given(strategy)
    def search(value):
        s = slack(value)
        if s < 0:
            failure["value"] = value
        assert s >= 0

    if not failure:
        try:
            search()
        except (AssertionError, Flaky):
            pass
    n = ran["n"]  # the examples actually run (a small strategy may have fewer than asked for)
    if failure:
        value = failure["value"]
        return Evidence(Status.REFUTED, "hypothesis", f"{what}: counterexample found (margin {fmt(margin(value))})",
                        ranges=ranges, worst_margin=float(margin(value)),
                        counterexample={"input": jsonable(value), "margin": float(margin(value))}, role=role)
    tolerant = callable(tolerance) or tolerance != 0
    return Evidence(Status.VERIFIED, "hypothesis", f"{what}: no counterexample in {n} structured examples",
                    ranges=ranges, worst_margin=worst["margin"], role=role,
                    allowance=tol_at(worst["value"]) if tolerant and worst["value"] is not None else None,
                    allowance_note=allowance if tolerant else "")


RENDER_DIGITS = 6  # significant digits of a float in rendered evidence: far inside float64's ~1e-13 relative errors


def rounded(value, digits: int = RENDER_DIGITS):
    """``value`` (made :func:`jsonable`) with every float rounded to ``digits`` significant digits: what the
    catalogue and text reports show of a float, so a last-digit difference between BLAS/LAPACK code paths
    never changes a rendered line. Full precision stays in the JSON report and the sweep store."""
    value = jsonable(value)
    if isinstance(value, float):
        return float(f"{value:.{digits}g}")
    if isinstance(value, list):
        return [rounded(v, digits) for v in value]
    if isinstance(value, dict):
        return {k: rounded(v, digits) for k, v in value.items()}
    return value


def jsonable(value):
    """Strict-JSON form of check data: arrays and numpy scalars as Python numbers, tuples as lists, keys as
    strings, and NaN/±inf as None (JSON has no such numbers)."""
    if isinstance(value, np.ndarray):
        return jsonable(value.tolist())
    if isinstance(value, (list, tuple)):
        return [jsonable(v) for v in value]
    if isinstance(value, dict):
        return {str(k): jsonable(v) for k, v in value.items()}
    if isinstance(value, np.integer):
        return int(value)
    if isinstance(value, (float, np.floating)):
        return float(value) if math.isfinite(value) else None
    return value




# --------------------------------------------------------------------------- exhaustive / float grids

def grid_check(cases, margin: Callable, *, what: str, method: str, exact: bool, ranges: str,
               tolerance: Callable | float = 0.0, allowance: str = "", role: str = "decides") -> Evidence:
    """Evaluate ``margin`` on every case of a finite grid; exact margins give 'proved'/'certified'.

    With ``exact`` the margin must be computed in exact arithmetic (ints, Fractions, flint) and
    the status is ``certified`` (``proved`` is for domains that are finite in full: pass
    method="exhaustive" and say so in ``ranges``). Without ``exact``, ``tolerance`` is the float error
    allowance per case and ``allowance`` the error analysis behind it (printed in the catalogue); the
    evidence records the raw worst margin and the allowance at that case.
    """
    worst_m, worst_case, count = math.inf, None, 0
    raw_worst, raw_tol = math.inf, 0.0
    for case in cases:
        count += 1
        m = margin(case)
        if exact and not _is_exact(m):
            raise TypeError(f"{what}: an exact grid check needs exact margins (int, Fraction, sympy or flint "
                            f"rationals), got {type(m).__name__} at {case!r}")
        tol = 0.0 if exact else (tolerance(case) if callable(tolerance) else tolerance)
        # a float margin within its error bound is indistinguishable from 0: report it as 0, so rounding
        # noise never decides which of several tied cases the summary names (pass/fail uses the raw margin)
        shown = 0.0 if not exact and abs(m) <= tol else m
        if not exact and m < raw_worst:
            raw_worst, raw_tol = float(m), float(tol)
        if shown < worst_m:
            worst_m, worst_case = shown, case
        if m + tol < 0:
            return Evidence(Status.REFUTED, method, f"{what}: fails at {jsonable(case)} (margin {fmt(float(m))})", ranges=ranges,
                            worst_margin=float(m), counterexample={"input": jsonable(case), "margin": float(m)}, role=role)
    status = (Status.PROVED if method == "exhaustive" else Status.CERTIFIED) if exact else Status.VERIFIED
    tolerant = not exact and (callable(tolerance) or tolerance != 0)
    return Evidence(status, method, f"{what}: holds on all {count} cases; worst margin {fmt(float(worst_m))} at {jsonable(worst_case)}",
                    ranges=ranges, worst_margin=min(raw_worst, float(worst_m)) if tolerant else float(worst_m), role=role,
                    allowance=raw_tol if tolerant else None, allowance_note=allowance if tolerant else "",
                    data={"cases": count, "worst_case": jsonable(worst_case)})


def _is_exact(x) -> bool:
    """True for exact rationals: int (not bool), Fraction, sympy Rational, flint fmpz/fmpq."""
    import numbers

    if isinstance(x, (bool, np.integer)):  # numpy integers wrap around silently
        return False
    if isinstance(x, numbers.Rational) or isinstance(x, sp.Rational):
        return True
    return type(x).__name__ in ("fmpz", "fmpq")


# --------------------------------------------------------------------------- rates

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
        return (f"y/{self.shown} in [{fmt(lo)}, {fmt(hi)}] over x in [{fmt(self.x[0])}, {fmt(self.x[-1])}], "
                f"trend {fmt(self.trend)} per {self.scale}-unit" + (f"; competitors {comp}" if comp else ""))

    def to_json(self) -> dict:
        return {"model": self.name, "x": self.x.tolist(), "y": self.y.tolist(), "ratios": self.ratios.tolist(),
                "trend": self.trend, "local_exponents": self.local_exponents.tolist(),
                "competitors": self.competitors, "scale": self.scale}


def _trend(x, ratios, scale: str) -> float:
    u = np.log(x) if scale == "log" else np.log(np.log(x))
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


def rate_evidence(fit: RateFit, *, what: str, ranges: str, flat: float = 0.05, role: str = "decides") -> Evidence:
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
            return open_evidence(f"{what}: flat, but so is {', '.join(alike)}: the sweep cannot tell them apart; "
                                 f"{fit.summary()}", method="sweep-fit", ranges=ranges, role=role, data=data)
        return Evidence(Status.VERIFIED, "sweep-fit", f"{what}: {fit.summary()}", ranges=ranges,
                        sharpest=f"{fmt(fit.ratio_range[0])} <= y/{fit.shown} <= {fmt(fit.ratio_range[1])}",
                        worst_margin=flat - abs(fit.trend), data=data, role=role)
    return Evidence(Status.REFUTED, "sweep-fit", f"{what}: ratio drifts, {fit.summary()}", ranges=ranges,
                    worst_margin=flat - abs(fit.trend), data=data, role=role,
                    counterexample={"x": fit.x.tolist(), "y": fit.y.tolist(), "trend": fit.trend})


def bound_evidence(fit: RateFit, *, side: str, what: str, ranges: str, flat: float = 0.05,
                   role: str = "decides") -> Evidence:
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
        return Evidence(Status.VERIFIED, "sweep-fit", f"{what}: {fit.summary()}", ranges=ranges, sharpest=bound,
                        worst_margin=slack, data=data, role=role)
    return Evidence(Status.REFUTED, "sweep-fit", f"{what}: ratio {'grows' if side == 'upper' else 'decays'}, {fit.summary()}",
                    ranges=ranges, worst_margin=slack, data=data, role=role,
                    counterexample={"x": fit.x.tolist(), "y": fit.y.tolist(), "trend": fit.trend})


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


def corrected_rate_evidence(x, y, f: Callable, name: str, lower: dict[str, Callable], competitors: dict | None = None,
                            *, what: str, ranges: str, scale: str = "log", flat: float = 0.05,
                            role: str = "decides") -> Evidence:
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
        return Evidence(Status.REFUTED, "sweep-fit", f"{what}: the fitted leading term {fmt(lead)}·{name} does not carry y",
                        ranges=ranges, role=role, worst_margin=lead,
                        counterexample={"x": x.tolist(), "y": y.tolist(), "lead": lead}, data={"lower_terms": lower_terms})
    if np.any(y_main[upper] <= 0):
        return open_evidence(f"{what}: with {', '.join(lower)} fitted, the leading part is not positive over the upper "
                             f"half of the sweep; the model does not fit", method="sweep-fit", ranges=ranges, role=role)
    fit = fit_rate(x, y_main, f, name, scale=scale)
    for cname, g in (competitors or {}).items():
        if _collinear(x, g, lower):
            fit.competitors[cname] = math.nan
            continue
        c_lead, c_main = remove_lower_terms(x, y, g, lower)
        fit.competitors[cname] = (math.inf if c_lead <= 0 else math.nan if np.any(c_main[upper] <= 0)
                                  else fit_rate(x, c_main, g, cname, scale=scale).trend)  # trend: upper half only
    ev = rate_evidence(fit, what=f"{what} (lower-order terms {', '.join(lower)} fitted and removed)", ranges=ranges,
                       flat=flat, role=role)
    ev.data.update({"y": y.tolist(), "y_leading_part": y_main.tolist(), "leading_coefficient": lead,
                    "lower_terms": lower_terms})
    return ev


def open_evidence(why: str, *, method: str = "none", ranges: str = "", role: str = "decides",
                  data: dict | None = None) -> Evidence:
    """A check that could not decide: the claim stays open (when the check decides), and says why."""
    return Evidence(Status.OPEN, method, why, ranges=ranges, role=role, data=data or {})
