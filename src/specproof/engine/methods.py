"""The methods that decide claims: symbolic identities, property searches, certified comparisons and
float checks with tolerances from error analysis (rate fits live in :mod:`specproof.engine.rates`)."""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Callable

import numpy as np
import sympy as sp
from hypothesis import HealthCheck, Phase, given, seed, settings
from hypothesis.errors import Flaky

from specproof.engine.digits import fmt  # noqa: F401  (re-exported: the claims read methods.fmt)
from specproof.engine.interrupt import stop_if_asked
from specproof.engine.registry import Context, Evidence, Role, Status, weakest

EPS = float(np.finfo(np.float64).eps)


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
        values = {
            x: trial[i % len(trial)] if not x.is_integer else int(sp.ceiling(trial[i % len(trial)]))
            for i, x in enumerate(symbols)
        }
        try:
            value = sp.simplify(diff.subs(values).doit())
        except (TypeError, ValueError, ZeroDivisionError):
            continue
        if value.is_number and value.is_zero is False:
            return {"at": {str(k): str(v) for k, v in values.items()}, "value": sp.sstr(value)}
    return None


def sympy_identity(
    lhs, rhs, *, what: str, ranges: str = "all symbolic parameter values", role: str = "decides"
) -> Evidence:
    """Decide lhs == rhs symbolically: proved when simplify(lhs − rhs) is 0 (for matrix expressions of symbolic
    size, the zero matrix); refuted only with an exact witness (a substitution at which lhs − rhs is provably
    nonzero); otherwise open — simplify is not a decision procedure. Floats are rejected."""
    _reject_floats(lhs, rhs)
    diff = sp.simplify(sp.expand(lhs - rhs))
    if diff != 0 and not getattr(diff, "is_ZeroMatrix", False) and isinstance(diff, sp.Expr):
        diff = sp.simplify(diff)  # a second pass closes some telescoping and harmonic forms
    if diff == 0 or getattr(diff, "is_ZeroMatrix", False):
        return Evidence(
            Status.PROVED,
            "sympy",
            f"{what}: lhs − rhs simplifies to 0",
            ranges=ranges,
            worst_margin=0.0,
            role=Role(role),
        )
    witness = _witness_nonzero(diff) if isinstance(diff, sp.Expr) and not diff.is_Matrix else None
    if diff.is_number and diff.is_zero is False:
        witness = {"at": {}, "value": sp.sstr(diff)}
    if witness is None:
        return Evidence(
            Status.OPEN,
            "sympy",
            f"{what}: lhs − rhs = {sp.sstr(diff)} does not simplify to 0, and no exact substitution shows it nonzero",
            ranges=ranges,
            role=Role(role),
        )
    return Evidence(
        Status.REFUTED,
        "sympy",
        f"{what}: lhs − rhs = {sp.sstr(diff)}",
        ranges=ranges,
        counterexample={"difference": sp.sstr(diff), **witness},
        role=Role(role),
    )


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
        return Evidence(
            Status.PROVED, "sympy", f"{what}: identically 0", ranges=ranges, worst_margin=0.0, role=Role(role)
        )
    (sn, _), (sd, den_constant) = sign(num), sign(den)
    if sn is None or sd is None or sn != sd:
        return Evidence(
            Status.OPEN,
            "sympy",
            f"{what}: no sign certificate for {sp.sstr(num)} / {sp.sstr(den)}",
            ranges=ranges,
            role=Role(role),
        )
    domain = "≥ 0" if den_constant else "≥ 0 wherever the denominator is nonzero"
    return Evidence(
        Status.PROVED,
        "sympy",
        f"{what}: numerator and denominator have coefficients of one sign in {', '.join(map(str, variables))} {domain}",
        ranges=ranges,
        worst_margin=0.0,
        role=Role(role),
    )


def derivation(steps: list[Evidence], *, what: str, ranges: str, role: str = "decides") -> Evidence:
    """Chain exact steps into one argument: proved when every step is; a failing step leaves it open.

    A step that fails shows the argument, not the claim, to be wrong, so it never refutes.
    """
    failed = [s.summary for s in steps if s.status is not Status.PROVED]
    if failed:
        return Evidence(
            Status.OPEN, "sympy", f"{what}: step not proved: {'; '.join(failed)}", ranges=ranges, role=Role(role)
        )
    return Evidence(
        Status.PROVED,
        "sympy",
        f"{what} ({len(steps)} steps): " + "; ".join(s.summary for s in steps),
        ranges=ranges,
        worst_margin=0.0,
        role=Role(role),
    )


def combine(
    evidences: list[Evidence],
    *,
    what: str,
    method: str,
    ranges: str,
    role: str = "decides",
    sharpest: str | None = None,
) -> Evidence:
    """One Evidence from several sub-checks: refuted if any refutes, else the weakest status.

    ``sharpest`` defaults to the parts' own sharpest constants, joined.
    """
    status = weakest(e.status for e in evidences)
    if sharpest is None:
        sharpest = "; ".join(e.sharpest for e in evidences if e.sharpest) or None
    bad = next((e for e in evidences if e.status is Status.REFUTED), None)
    worst = min(
        (e for e in evidences if e.worst_margin is not None),
        key=lambda e: e.worst_margin if e.worst_margin is not None else math.inf,
        default=Evidence(Status.OPEN, "none", ""),
    )
    return Evidence(
        status,
        method,
        f"{what}: " + "; ".join(e.summary for e in evidences),
        ranges=ranges,
        worst_margin=worst.worst_margin,
        sharpest=sharpest,
        counterexample=bad.counterexample if bad else None,
        role=Role(role),
        allowance=worst.allowance,
        allowance_note="; ".join(dict.fromkeys(e.allowance_note for e in evidences if e.allowance_note)),
        data={"parts": [e.to_json() for e in evidences]},
    )


def exact_counterexample(what: str, ranges: str, margin, **counterexample) -> Evidence:
    """A candidate counterexample decided in exact arithmetic: refuted when ``margin`` < 0, open otherwise.

    ``margin`` is an int, a Fraction or a sympy number whose sign sympy decides (1/2 − √2/2 included; an
    undecided sign is no counterexample). Exact values in ``counterexample`` are kept as strings.
    """
    if isinstance(margin, sp.Basic):
        negative = bool(sp.nsimplify(margin).is_negative)
    elif isinstance(margin, (int, Fraction)):
        negative = margin < 0
    else:
        raise TypeError(f"an exact counterexample needs an exact margin, got {type(margin).__name__}")
    shown = fmt(float(margin))
    if negative:
        return Evidence(
            Status.REFUTED,
            "exact",
            f"{what} (margin {shown})",
            ranges=ranges,
            worst_margin=float(margin),
            counterexample={k: _exact_plain(v) for k, v in counterexample.items()},
        )
    return Evidence(
        Status.OPEN,
        "exact",
        f"{what}: not a counterexample (margin {shown})",
        ranges=ranges,
        worst_margin=float(margin),
    )


def _exact_plain(value):
    """Exact numbers as strings (for the JSON report), lists element by element."""
    if isinstance(value, (list, tuple)):
        return [_exact_plain(v) for v in value]
    return str(value) if isinstance(value, (Fraction, sp.Basic)) else value


def probe_hypothesis(
    expect: str, hypothesis: str, outcome: Evidence, *, exact: bool = False, role: str = "supports"
) -> Evidence:
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
            return Evidence(
                Status.CERTIFIED if exact else Status.VERIFIED,
                method,
                f"without {hypothesis}: necessary — {outcome.summary}",
                ranges=outcome.ranges,
                counterexample=outcome.counterexample,
                role=Role(role),
                data=outcome.data,
            )
        return Evidence(
            Status.REFUTED,
            method,
            f"without {hypothesis}: needed after all — {outcome.summary}",
            ranges=outcome.ranges,
            counterexample=outcome.counterexample,
            role=Role(role),
            data=outcome.data,
        )
    if expect == "necessary":
        return Evidence(
            Status.OPEN,
            method,
            f"without {hypothesis}: no counterexample, necessity not shown — {outcome.summary}",
            ranges=outcome.ranges,
            role=Role(role),
            data=outcome.data,
        )
    verdict = "undecided" if outcome.status is Status.OPEN else "not needed"
    return Evidence(
        outcome.status,
        method,
        f"without {hypothesis}: {verdict} — {outcome.summary}",
        ranges=outcome.ranges,
        role=Role(role),
        data=outcome.data,
    )


# --------------------------------------------------------------------------- property search


def property_search(
    strategy,
    margin: Callable,
    *,
    what: str,
    ctx: Context,
    examples: int = 200,
    wide_examples: int = 2000,
    tolerance: Callable | float = 0.0,
    allowance: str = "",
    ranges: str = "",
    pinned: tuple = (),
    role: str = "decides",
) -> Evidence:
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
    worst: dict[str, Any] = {"margin": math.inf, "value": None}
    failure: dict[str, Any] = {}
    ran = {"n": 0}

    def tol_at(value) -> float:
        return float(tolerance(value) if callable(tolerance) else tolerance)

    def slack(value) -> float:
        stop_if_asked()  # a Ctrl-C swallowed inside one of hypothesis's callbacks ends the search here
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
    @settings(
        max_examples=wide_examples if ctx.wide else examples,
        deadline=None,
        database=None,
        derandomize=False,
        suppress_health_check=list(HealthCheck),
        phases=[Phase.explicit, Phase.generate, Phase.shrink],
    )
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
        return Evidence(
            Status.REFUTED,
            "hypothesis",
            f"{what}: counterexample found (margin {fmt(margin(value))})",
            ranges=ranges,
            worst_margin=float(margin(value)),
            counterexample={"input": jsonable(value), "margin": float(margin(value))},
            role=Role(role),
        )
    tolerant = callable(tolerance) or tolerance != 0
    return Evidence(
        Status.VERIFIED,
        "hypothesis",
        f"{what}: no counterexample in {n} structured examples",
        ranges=ranges,
        worst_margin=worst["margin"],
        role=Role(role),
        allowance=tol_at(worst["value"]) if tolerant and worst["value"] is not None else None,
        allowance_note=allowance if tolerant else "",
    )


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


def grid_check(
    cases,
    margin: Callable,
    *,
    what: str,
    method: str,
    exact: bool,
    ranges: str,
    tolerance: Callable | float = 0.0,
    allowance: str = "",
    role: str = "decides",
) -> Evidence:
    """Evaluate ``margin`` on every case of a finite grid; exact margins give 'proved'/'certified'.

    With ``exact`` the margin must be computed in exact arithmetic (ints, Fractions, flint) and
    the status is ``certified`` (``proved`` is for domains that are finite in full: pass
    method="exhaustive" and say so in ``ranges``). Without ``exact``, ``tolerance`` is the float error
    allowance per case and ``allowance`` the error analysis behind it (printed in the catalogue); the
    evidence records the raw worst margin and the allowance at that case.
    """
    tolerant = not exact and (callable(tolerance) or tolerance != 0)
    tol_at = (lambda case: 0.0) if exact else (tolerance if callable(tolerance) else (lambda case: tolerance))
    worst = _GridWorst()
    for case in cases:
        m = margin(case)
        if exact and not _is_exact(m):
            raise TypeError(
                f"{what}: an exact grid check needs exact margins (int, Fraction, sympy or flint "
                f"rationals), got {type(m).__name__} at {case!r}"
            )
        tol = tol_at(case)
        if m + tol < 0:
            return Evidence(
                Status.REFUTED,
                method,
                f"{what}: fails at {jsonable(case)} (margin {fmt(float(m))})",
                ranges=ranges,
                worst_margin=float(m),
                counterexample={"input": jsonable(case), "margin": float(m)},
                role=Role(role),
            )
        worst.see(case, m, tol, exact)
    status = (Status.PROVED if method == "exhaustive" else Status.CERTIFIED) if exact else Status.VERIFIED
    return Evidence(
        status,
        method,
        f"{what}: holds on all {worst.count} cases; worst margin {fmt(float(worst.shown))} at {jsonable(worst.case)}",
        ranges=ranges,
        role=Role(role),
        worst_margin=min(worst.raw, float(worst.shown)) if tolerant else float(worst.shown),
        allowance=worst.raw_tol if tolerant else None,
        allowance_note=allowance if tolerant else "",
        data={"cases": worst.count, "worst_case": jsonable(worst.case)},
    )


@dataclass
class _GridWorst:
    """The worst case of a grid as the summary shows it, and the raw float margin with its allowance."""

    count: int = 0
    shown: float = math.inf
    case: object = None
    raw: float = math.inf
    raw_tol: float = 0.0

    def see(self, case, m, tol: float, exact: bool) -> None:
        self.count += 1
        # a float margin within its error bound is indistinguishable from 0: shown as 0, so rounding noise
        # never decides which of several tied cases the summary names (pass/fail uses the raw margin)
        shown = 0.0 if not exact and abs(m) <= tol else m
        if not exact and m < self.raw:
            self.raw, self.raw_tol = float(m), float(tol)
        if shown < self.shown:
            self.shown, self.case = shown, case


def _is_exact(x) -> bool:
    """True for exact rationals: int (not bool), Fraction, sympy Rational, flint fmpz/fmpq."""
    import numbers

    if isinstance(x, (bool, np.integer)):  # numpy integers wrap around silently
        return False
    if isinstance(x, numbers.Rational) or isinstance(x, sp.Rational):
        return True
    return type(x).__name__ in ("fmpz", "fmpq")


def open_evidence(
    why: str, *, method: str = "none", ranges: str = "", role: str = "decides", data: dict | None = None
) -> Evidence:
    """A check that could not decide: the claim stays open (when the check decides), and says why."""
    return Evidence(Status.OPEN, method, why, ranges=ranges, role=Role(role), data=data or {})


TREND_WORDS = {"increasing": "rises", "decreasing": "falls"}


def step_series(name: str, x, y, direction: str) -> dict:
    """A measured series read step by step: the grid steps where it moves against ``direction`` ("increasing" or
    "decreasing") are named, never averaged away by a slope. Kept in an Evidence's ``data["series"]`` (a list), so
    the catalogue-wide audit (:mod:`specproof.runs.audits`) can read every trend a claim states off its rows."""
    if direction not in TREND_WORDS:
        raise ValueError(f"direction must be one of {sorted(TREND_WORDS)}, got {direction!r}")
    x, y = [float(v) for v in x], [float(v) for v in y]
    sign = 1 if direction == "increasing" else -1
    against = [[x[i], x[i + 1]] for i in range(len(x) - 1) if sign * (y[i + 1] - y[i]) <= 0]
    return {"name": name, "x": x, "y": y, "direction": direction, "against": against}


def series_text(series: dict) -> str:
    """'m rises at every step of x = …' or 'm rises except at the steps x = a→b, …' (the steps named)."""
    word = TREND_WORDS[series["direction"]]
    if not series["against"]:
        return f"{series['name']} {word} at every step"
    steps = ", ".join(f"{fmt(a)}→{fmt(b)}" for a, b in series["against"])
    return f"{series['name']} {word} except at the step{'s' if len(series['against']) > 1 else ''} {steps}"
