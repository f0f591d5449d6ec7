"""Catalogue-wide audits: what a careful referee checks across every claim, run by ``specproof verify``.

Each audit reads the computed results (claims, their statements and their evidence) and returns findings; a finding
is a place to look, not a verdict: it never changes a claim's status and never fails a run. The tests pin the
audits' behaviour on planted cases (tests/test_audits.py).

- :func:`fitted_constants`: every sweep fit that reports a constant shows how its *local* constant moves across the
  range (successive points, i.e. successive doublings on a dyadic sweep), and is flagged a finite-range artefact
  when that local constant is still moving monotonically and the fitted value lies behind the last local one
  (a referee found 42.9/(log ℓ + 6.2)² this way, whose local constant falls toward 4π²).
- :func:`counts`: a statement that is a count or a multiplicity ("k times", "exactly k − 1", "#{…}") needs evidence
  that counts (``data["count"]``), not only an extremum.
- :func:`row_trends`: a statement about measured rows or sweeps that asserts a trend (grows, falls, decreases, …)
  needs the series read step by step (``data["series"]``, :func:`checks.methods.step_series`), and every step where
  the series moves the other way is named.
- :func:`reconstructions`: a claim whose checks use the gate as the project reconstructs it (the paper gives only
  "a small MLP") must carry the ``reconstructed`` flag.
- :func:`stored_bounds`: every stored sweep row satisfies the proved bounds its sweep declares.
- :func:`tightness`, :func:`weakest_hypotheses`, :func:`limits`: every claim that states an inequality carries how
  tight it is, every hypothesis claim how weak its hypothesis may be, every rate claim its limit constant
  (:mod:`specproof.engine.records`); flagged where a record is missing. The limits audit shows each limit's
  interval (its fit's, its extrapolation's, or the closed form's value) and flags a fit that does not cover the
  closed form the record names, or names one the interval does not separate from its competitors.
- :func:`reconstruction_dependence`: a number a record states for a claim whose checks use the reconstructed gate
  must say how it depends on the reconstruction (``depends``: other seeds, other admissible gates), measured; a
  record without a number, or one whose number does not involve the gate, says so in ``depends`` too.
- :func:`second_methods`: every record's numbers against their second, independent computation: confirmed,
  disagreeing (flagged: the two differ beyond the stated error), unconfirmed (no second computation), or without
  a number; ``specproof verify`` prints the counts per kind of record.
"""

from __future__ import annotations

import inspect
import re
from dataclasses import dataclass

import numpy as np

from specproof.engine.methods import fmt
from specproof.engine.registry import Status

_COUNT = re.compile(
    r"\(\s*(?:\$?[^()$]{1,12}\$?)\s+times\s*\)|\bexactly\s+\$?[^\s$]{1,8}\$?\s+(?:eigen|singular)"
    r"|\\#\\\{|\bmultiplicit|\bnumber of (?:eigen|singular|spikes)|\bhow many\b"
    r"|\bfor\s+\$?1\s*\\le\s*i\s*\\le\s*k\b",
    re.I,
)
_TREND = re.compile(
    r"\b(grows?|growing|increas\w*|decreas\w*|falls?|falling|shrinks?|shrinking|rises?|rising|decays?)\b", re.I
)
_MEASURED_METHODS = ("measured-rows", "sweep", "sweep-fit", "monte-carlo")
RECONSTRUCTION_MARKERS = ("default_gate", "LongContextGate", "gate_value", "log_gate_value")


@dataclass(frozen=True)
class Finding:
    """One audit finding: which audit, which claim (and check), and what it saw."""

    audit: str
    claim: str
    check: str
    text: str
    flagged: bool

    def to_json(self) -> dict:
        return {
            "audit": self.audit,
            "claim": self.claim,
            "check": self.check,
            "text": self.text,
            "flagged": self.flagged,
        }


# --------------------------------------------------------------------------- fitted constants


def local_constants(x, y, f_values, *, with_offset: bool) -> np.ndarray:
    """The constant of y ≈ C·f read locally: y_i/f_i at each point, or, for y ≈ C·f + c₀, the slope
    (y_{i+1} − y_i)/(f_{i+1} − f_i) between successive points."""
    x, y, f_values = (np.asarray(v, dtype=float) for v in (x, y, f_values))
    if with_offset:
        return np.diff(y) / np.diff(f_values)
    return y / f_values


def drift_finding(claim: str, check: str, local: np.ndarray, fitted: float | None, name: str) -> Finding:
    """Describe how a local constant moves; flag a finite-range artefact (still moving one way over the upper half of
    the range, and the fitted value behind the last local value by more than the last step)."""
    upper = local[len(local) // 2 :]
    steps = np.diff(upper)
    monotone = bool(upper.size >= 3 and (np.all(steps > 0) or np.all(steps < 0)))
    text = f"local {name} {fmt(local[0])} → {fmt(local[len(local) // 2])} → {fmt(local[-1])}"
    artefact = False
    if monotone:
        direction = "rising" if steps[0] > 0 else "falling"
        text += f", still {direction} over the upper half of the range (last step {fmt(steps[-1])})"
        if fitted is not None:
            behind = abs(fitted - local[-1]) > abs(steps[-1]) and np.sign(local[-1] - fitted) == np.sign(steps[-1])
            text += f"; fitted {fmt(fitted)}"
            if behind:
                artefact = True
                text += ": a range average of a constant still moving, not its limit (finite-range artefact)"
    else:
        text += ", settled over the upper half of the range"
    return Finding("fitted-constants", claim, check, text, artefact)


def fitted_constants(results) -> list[Finding]:
    """Every sweep-fit evidence: the drift of its local constant (plain ratio fits and fits with a constant term)."""
    out = []
    for r in results:
        for e in r.evidence:
            data = e.data
            if e.method != "sweep-fit" or "ratios" not in data or "x" not in data:
                continue
            x, ratios = np.asarray(data["x"], float), np.asarray(data["ratios"], float)
            if x.size < 4 or not np.all(np.isfinite(ratios)) or np.any(ratios == 0):
                continue
            lower = data.get("lower_terms") or {}
            if "lead" in lower and "y_leading_part" in data:
                f_values = np.asarray(data["y_leading_part"], float) / ratios
                local = local_constants(x, data["y"], f_values, with_offset=True)
                out.append(drift_finding(r.claim.id, e.check, local, float(lower["lead"]), "leading coefficient"))
            else:
                out.append(drift_finding(r.claim.id, e.check, ratios, None, f"ratio y/{data.get('model', 'f')}"))
    return out


# --------------------------------------------------------------------------- counts


def counts(results) -> list[Finding]:
    """Statements that count: is there evidence that counts?"""
    out = []
    for r in results:
        text = " ".join((r.claim.title, r.claim.statement))
        counts_in = _COUNT.search(text)
        if counts_in is None:
            continue
        counted = [e.check for e in r.evidence if "count" in e.data]
        out.append(
            Finding(
                "counts",
                r.claim.id,
                ", ".join(counted),
                (
                    "counted by " + ", ".join(counted)
                    if counted
                    else "the statement counts (" + counts_in.group(0).strip() + ") but no evidence counts"
                ),
                not counted,
            )
        )
    return out


# --------------------------------------------------------------------------- trends of measured rows


def row_trends(results) -> list[Finding]:
    """Measured claims that state a trend: read step by step, and the steps against it named."""
    out = []
    for r in results:
        measured = [e for e in r.evidence if e.method in _MEASURED_METHODS]
        words = _TREND.findall(" ".join((r.claim.title, r.claim.statement)))
        if not measured or not words:
            continue
        series = [(e.check, s) for e in measured for s in e.data.get("series", ())]
        if not series:
            out.append(
                Finding(
                    "row-trends",
                    r.claim.id,
                    "",
                    f"states a trend ({', '.join(sorted(set(w.lower() for w in words)))}) "
                    "but no evidence reads its rows step by step",
                    True,
                )
            )
            continue
        for check, s in series:
            against = s.get("against") or []
            text = (
                f"{s['name']} {s['direction']} at every step"
                if not against
                else f"{s['name']} {s['direction']} except at " + ", ".join(f"{fmt(a)}→{fmt(b)}" for a, b in against)
            )
            out.append(Finding("row-trends", r.claim.id, check, text, False))
    return out


# --------------------------------------------------------------------------- reconstructions


def _source(fn) -> str:
    try:
        return inspect.getsource(fn)
    except (OSError, TypeError):
        return ""


def reconstruction_sweeps() -> set[str]:
    """The sweeps whose rows are computed with the reconstructed gate."""
    from specproof.runs.sweeps.table import SWEEPS

    return {
        name
        for name, sweep in SWEEPS.items()
        if any(
            m in _source(sweep.point) or m in _source(getattr(sweep.point, "__wrapped__", sweep.point))
            for m in RECONSTRUCTION_MARKERS
        )
    }


def reconstructions(results) -> list[Finding]:
    """A claim whose checks (directly, or through a sweep they read) use the reconstructed gate carries the flag."""
    sweeps = reconstruction_sweeps()
    out = []
    for r in results:
        sources = {fn.__name__: _source(fn) for fn in (*r.claim.checks, *r.claim.cross_checks)}
        uses = sorted(
            {
                name
                for name, src in sources.items()
                if any(m in src for m in RECONSTRUCTION_MARKERS) or any(f'"{s}"' in src for s in sweeps)
            }
        )
        if not uses:
            continue
        flagged = "reconstructed" not in r.claim.notes
        out.append(
            Finding(
                "reconstructions",
                r.claim.id,
                ", ".join(uses),
                (
                    "uses the reconstructed gate but is not flagged reconstructed"
                    if flagged
                    else "uses the reconstructed gate and is flagged reconstructed"
                ),
                flagged,
            )
        )
    return out


# --------------------------------------------------------------------------- stored rows against proved bounds


def stored_bounds(results) -> list[Finding]:
    """Every stored row of every sweep that declares proved bounds satisfies them (the store also refuses a row that
    does not, before writing it). Only the sweeps the audited claims concern: a sweep that declares one of them among
    its claims, whose bound one of them proves, or that one of their checks names; a subset audits only its own."""
    ids = {r.claim.id for r in results}
    sources = "\n".join(_source(fn) for r in results for fn in (*r.claim.checks, *r.claim.cross_checks))
    if not sources and not ids:
        return []
    from specproof.runs.sweeps.table import SWEEPS, load_rows

    out = []
    for name, sweep in SWEEPS.items():
        bounds = getattr(sweep, "bounds", ())
        concerned = (
            ids & set(getattr(sweep, "claims", ()) or ())
            or any(b.claim in ids for b in bounds)
            or f'"{name}"' in sources
        )
        if not bounds or not concerned:
            continue
        rows = load_rows(name)
        bad = [
            (row.get("x"), f"{why} ({b.name}, {b.claim})") for row in rows for b in bounds for why in b.violations(row)
        ]
        out.append(
            Finding(
                "stored-bounds",
                name,
                "",
                (
                    f"{len(rows)} stored rows within the {len(bounds)} declared bound(s)"
                    if not bad
                    else f"{len(bad)} stored values violate a proved bound: "
                    + "; ".join(f"x = {fmt(x)}: {why}" for x, why in bad[:3])
                ),
                bool(bad),
            )
        )
    return out


# --------------------------------------------------------------------------- how tight, how weak, which limit

_INEQUALITY = re.compile(
    r"\\le(?![a-zA-Z])|\\ge(?![a-zA-Z])|\\leq|\\geq|\\lesssim|\\gtrsim|≤|≥|(?<![-=<])<(?![-=])|(?<![-=>])>(?![=])|\\ll\b|\\gg\b"
)
_RATE = re.compile(r"\\Theta|Θ|\\asymp|\brate\b|=\s*O\(|\\sim\b|\\to\s*\\infty|→\s*∞")


def states_inequality(claim) -> bool:
    """A claim whose statement carries an inequality (a bound, a floor, a fraction ≥ q)."""
    return bool(_INEQUALITY.search(claim.statement))


def states_rate(claim) -> bool:
    """A Θ(·), O(·) or rate claim, or one decided by a sweep fit."""
    return bool(_RATE.search(claim.statement + " " + claim.title))


def is_hypothesis_claim(claim) -> bool:
    return ".hypotheses" in claim.id


def _record_audit(name: str, applies, record: str, missing: str, inspect_record=None):
    from specproof.engine.runner import records_of

    def audit(results) -> list[Finding]:
        out = []
        for r in results:
            if r.status in (Status.REFUTED,) or r.unavailable or not applies(r):
                continue
            recs = records_of(r, record)
            if not recs:
                out.append(Finding(name, r.claim.id, "", missing, True))
            for rec in recs:
                text, flagged = inspect_record(rec) if inspect_record else (rec.text(), False)
                out.append(Finding(name, r.claim.id, rec.part, text, flagged))
        return out

    audit.__name__ = name.replace("-", "_")
    audit.__doc__ = f"Every claim it applies to carries a {record} record (engine.records); flagged where none is."
    return audit


tightness = _record_audit(
    "tightness",
    lambda r: states_inequality(r.claim) or any(e.tightness for e in r.evidence),
    "tightness",
    "states an inequality with no tightness record: sharp (with the witness), loose by a measured factor, or not "
    "measurable (why)",
)
weakest_hypotheses = _record_audit(
    "weakest-hypotheses",
    lambda r: is_hypothesis_claim(r.claim) or any(e.weakest for e in r.evidence),
    "weakest",
    "a hypothesis claim with no record of the weakest value that still works (or that it has no quantity to weaken)",
)


def limit_interval(rec) -> tuple[str, bool]:
    """A limit record as the limits audit shows it: its interval first, then the record; flagged when its fit does
    not cover the closed form it states, or names a closed form its interval does not separate from the others."""
    text = f"interval {rec.interval_text()}: {rec.text()}"
    fit = rec.fit
    if fit is None:
        return text, False
    lo, hi = fit.interval
    problems = []
    if rec.kind == "closed-form" and rec.numeric is not None and not lo <= rec.numeric <= hi:
        problems.append(f"the closed form {fmt(rec.numeric)} lies outside its own fit interval")
    if fit.named:
        inside = fit.inside()
        if inside != [fit.named]:
            problems.append(f"names {fit.named} but the interval holds {', '.join(inside) or 'none of the candidates'}")
        if not fit.tested:
            problems.append(f"names {fit.named} without testing it at parameters not used to find it")
    if problems:
        return text + " — " + "; ".join(problems), True
    return text, False


limits = _record_audit(
    "limits",
    lambda r: (
        (states_rate(r.claim) or any(e.method == "sweep-fit" for e in r.evidence))
        and not is_hypothesis_claim(r.claim)
        or any(e.limit for e in r.evidence)
    ),
    "limit",
    "a rate claim with no limit constant (closed form, or extrapolated with its error) and no reason why none is given",
    limit_interval,
)


# --------------------------------------------------------------------------- dependence on the reconstruction

RECORD_NAMES = ("tightness", "weakest", "limit")


def _gate_users(results) -> dict[str, list[str]]:
    """Claim id → the checks that use the reconstructed gate (directly or through a sweep computed with it)."""
    sweeps = reconstruction_sweeps()
    out = {}
    for r in results:
        uses = [
            fn.__name__
            for fn in (*r.claim.checks, *r.claim.cross_checks)
            if any(m in _source(fn) for m in RECONSTRUCTION_MARKERS) or any(f'"{s}"' in _source(fn) for s in sweeps)
        ]
        if uses:
            out[r.claim.id] = uses
    return out


def reconstruction_dependence(results) -> list[Finding]:
    """Every record with a number, on a claim whose checks use the reconstructed gate: does it state its dependence
    on the reconstruction (``depends``)? Flagged where it does not."""
    from specproof.engine.runner import records_of

    users = _gate_users(results)
    out = []
    for r in results:
        if r.claim.id not in users or r.unavailable:
            continue
        for name in RECORD_NAMES:
            for rec in records_of(r, name):
                if not (rec.numbers() or rec.quoted()):
                    continue
                label = name + (f" ({rec.part})" if rec.part else "")
                out.append(
                    Finding(
                        "reconstruction-dependence",
                        r.claim.id,
                        label,
                        f"depends: {rec.depends}"
                        if rec.depends
                        else "states numbers on a claim that uses the reconstructed gate ("
                        + ", ".join(users[r.claim.id])
                        + ") without its dependence on the reconstruction",
                        not rec.depends,
                    )
                )
    return out


# --------------------------------------------------------------------------- second computations


def second_methods(results) -> list[Finding]:
    """Every record of every claim: is each of its numbers confirmed by a second, independent computation? The
    finding's check names the record kind; its text starts with the state (engine.records.CONFIRMATION_STATES)."""
    from specproof.engine.runner import records_of

    out = []
    for r in results:
        if r.unavailable:
            continue
        for name in RECORD_NAMES:
            for rec in records_of(r, name):
                state, detail = rec.confirmation(), rec.confirmation_text()
                text = f"{state}: {detail}" if detail else state
                out.append(Finding("second-methods", r.claim.id, name, text, state == "disagrees"))
    return out


def second_method_counts(findings: list[Finding]) -> dict[str, dict[str, int]]:
    """Per kind of record, how many are confirmed, disagree, are unconfirmed or state no number."""
    from specproof.engine.records import CONFIRMATION_STATES

    counts = {name: dict.fromkeys(CONFIRMATION_STATES, 0) for name in RECORD_NAMES}
    for f in findings:
        if f.audit == "second-methods" and f.check in counts:
            counts[f.check][f.text.split(":", 1)[0]] += 1
    return counts


AUDITS = {
    "fitted-constants": fitted_constants,
    "counts": counts,
    "row-trends": row_trends,
    "reconstructions": reconstructions,
    "stored-bounds": stored_bounds,
    "tightness": tightness,
    "weakest-hypotheses": weakest_hypotheses,
    "limits": limits,
    "reconstruction-dependence": reconstruction_dependence,
    "second-methods": second_methods,
}


def run_audits(results) -> list[Finding]:
    """Every audit over ``results`` (a subset of the catalogue audits only that subset). An audit that needs a
    component this installation lacks (torch for the reconstructed gate, ...) is reported as not run, with what to
    install, not as a crash."""
    from specproof.engine.optional import missing_component

    out: list[Finding] = []
    for name, audit in AUDITS.items():
        try:
            out += audit(results)
        except ModuleNotFoundError as exc:
            missing = missing_component(exc)
            if missing is None:
                raise
            out.append(Finding(name, "", "", f"not run here: {missing}", flagged=False))
    return out


def audit_summary(findings: list[Finding]) -> list[str]:
    """Lines for the verify table: per audit, how many findings and which are flagged."""
    lines = []
    for name in AUDITS:
        mine = [f for f in findings if f.audit == name]
        if not mine:
            continue
        skipped = [f.text for f in mine if not f.claim and f.text.startswith("not run here")]
        if skipped:
            lines.append(f"audit {name}: {skipped[0]}")
        elif name == "second-methods":
            lines.append(_second_methods_line(mine))
        else:
            lines.append(_flagged_line(name, mine))
            lines += _AUDIT_EXTRAS.get(name, lambda mine: [])(mine)
    return lines


def _where(f: Finding) -> str:
    """The claim of a finding, with its check when it names one."""
    return f"{f.claim}" + (f" ({f.check})" if f.check else "")


def _flagged_line(name: str, mine: list[Finding]) -> str:
    """ "audit NAME: n read, m flagged", naming each flagged finding."""
    flagged = [f for f in mine if f.flagged]
    line = f"audit {name}: {len(mine)} read, {len(flagged)} flagged"
    if flagged:
        line += ": " + "; ".join(f"{_where(f)}: {f.text}" for f in flagged)
    return line


def _second_methods_line(mine: list[Finding]) -> str:
    """Per kind of second method, how many numbers it confirms, disagrees with or leaves unconfirmed; the
    disagreeing ones named."""
    counts = second_method_counts(mine)
    line = "audit second-methods: " + "; ".join(
        f"{kind} {c['confirmed']} confirmed, {c['disagrees']} disagreeing, {c['unconfirmed']} unconfirmed "
        f"({c['no number']} state no number)"
        for kind, c in counts.items()
    )
    flagged = [f for f in mine if f.flagged]
    if flagged:
        line += " — disagreeing: " + "; ".join(f"{f.claim} ({f.check}): {f.text}" for f in flagged)
    return line


def _tightness_lines(mine: list[Finding]) -> list[str]:
    """How many sharp records name the inequality whose ratio tends to 1."""
    sharp = [f for f in mine if f.text.startswith("sharp")]
    named = [f for f in sharp if f.text.startswith("sharp — on ")]
    return [
        f"audit tightness: {len(named)} of {len(sharp)} sharp records name the inequality whose ratio tends "
        "to 1 (the others say it only in their note)"
    ]


def _limits_lines(mine: list[Finding]) -> list[str]:
    """The limits read as intervals (not a closed form, not "no limit"), each with its claim."""
    intervals = [
        _where(f) + " " + f.text.split(": ", 1)[0].removeprefix("interval ")
        for f in mine
        if f.text.startswith("interval ") and not f.text.startswith(("interval no limit", "interval a closed form"))
    ]
    return ["audit limits, intervals: " + "; ".join(intervals)] if intervals else []


_AUDIT_EXTRAS = {"tightness": _tightness_lines, "limits": _limits_lines}  # lines after an audit's count line
