"""What the battery found: one :class:`PropertyResult` per property, a :class:`VariantReport` per variant (its JSON
report), :func:`check_variant` (the Python front end) and :func:`side_by_side` (several variants and the paper's in
one table).

A run is bounded and never silent: each property can be given a time limit (past it the property is undecided,
saying so), a callback sees every property as it is decided (the command line's progress lines), and Ctrl-C stops
after the property in progress with the properties decided so far (:class:`Interrupted`)."""

from __future__ import annotations

import contextlib
import json
import signal
import threading
import time
from dataclasses import dataclass, replace
from typing import Callable, Iterator

from specproof.checks.battery.battery import (
    PROPERTIES,
    Outcome,
    Property,
    TooSmall,
    t_text,
    validate_variant,
)
from specproof.checks.battery.exponents import power, two
from specproof.checks.battery.model import Expect, Finding, Variant
from specproof.engine.interrupt import stop_if_asked
from specproof.engine.io import provenance
from specproof.engine.methods import fmt, open_evidence
from specproof.engine.registry import Status
from specproof.engine.runner import Findings, decide
from specproof.engine.tables import text_table


class TookTooLong(BaseException):
    """A property ran past its time limit (a BaseException, so no check's own ``except Exception`` swallows it)."""


@dataclass
class PropertyResult(Findings):
    """One property of one variant: what was declared, what the check found, and its evidence (its status, methods and
    worst margin derived as for a claim's result). ``outcome`` is None when the check crashed (``error``)."""

    prop: Property
    title: str
    expected: Expect
    outcome: Outcome | None
    seconds: float = 0.0
    error: str | None = None
    expects: Finding = Finding.HOLDS  # the guarantee's outcome the declaration expects
    asserts: str = ""  # a rate property's guarantee, e.g. '>= 1/log T'

    @property
    def kind(self) -> str:
        return "crashed" if self.outcome is None else str(self.outcome.kind)

    @property
    def rate_as_declared(self) -> bool:
        """A declared rate is consistent with the measured exponent (True when none is declared)."""
        if self.expected.model is None:
            return True
        return self.outcome is not None and self.outcome.reading is not None and bool(self.outcome.reading.declared_ok)

    @property
    def as_declared(self) -> bool:
        if self.outcome is None:
            return False
        if self.outcome.kind is Finding.NOT_APPLICABLE:
            return True
        return self.outcome.kind is self.expects and self.rate_as_declared

    @property
    def status(self) -> Status:
        return Status.OPEN if self.outcome is None else decide(self.outcome.evidence)

    @property
    def evidence(self) -> list:  # type: ignore[override]
        return [] if self.outcome is None else self.outcome.evidence

    def label(self) -> str:
        return self.kind

    def measured(self) -> str:
        """The measured rate ('T^-1.62 [-1.71, -1.55] ≈ 1/T^2'), the margin of a holds/fails property, or ''."""
        if self.outcome is None or self.outcome.kind in (Finding.NOT_APPLICABLE, Finding.UNDECIDED):
            return ""
        if self.outcome.reading is not None:
            return self.outcome.reading.text()
        return "" if self.worst_margin is None else f"margin {fmt(self.worst_margin)}"

    def cell(self) -> str:
        """The table's cell: the outcome and what was measured (a rate as its exponent and interval, unnamed: the
        names are in the lines below the table), '!' where it differs from the declaration."""
        text = self.kind
        if self.outcome is not None and self.outcome.reading is not None:
            r = self.outcome.reading
            text += f" {power(r.exponent, r.variable)} [{two(r.interval[0])},{two(r.interval[1])}]"
        elif self.measured():
            text += f", {self.measured()}"
        return text + ("" if self.as_declared else " !")

    def expected_label(self) -> str:
        if self.outcome is not None and self.outcome.kind is Finding.NOT_APPLICABLE:
            return "-"
        if self.expected.model is not None:
            return f"{self.expects}, rate {self.expected.model}"
        return str(self.expects)

    def notes(self) -> list[str]:
        out = []
        if self.error:
            out.append(f"check crashed: {self.error}")
        elif self.outcome is not None and self.outcome.kind is not self.expects and self.expects is not None:
            if self.outcome.kind is not Finding.NOT_APPLICABLE:
                out.append(f"outcome {self.kind} differs from the declared {self.expected_label()}")
        if not self.rate_as_declared:
            reading = self.outcome.reading if self.outcome is not None else None
            found = reading.text() if reading is not None else "no exponent"
            out.append(f"rate differs from the declared {self.expected.model}: measured {found}")
        if self.expected.reason:
            out.append(f"declared: {self.expected.reason}")
        return out

    def explain(self) -> str:
        """One line for a failing or differing property: the deciding evidence and its counterexample."""
        if self.error:
            return f"{self.prop.id}: check crashed: {self.error}"
        if not self.evidence:
            return f"{self.prop.id}: no evidence"
        ev = next((e for e in self.evidence if e.status is Status.REFUTED), self.evidence[0])
        text = f"{self.prop.id}: {ev.summary}"
        if ev.counterexample and ev.method != "sweep-fit":
            text += f"; counterexample {json.dumps(ev.counterexample, default=str)[:200]}"
        return text

    def to_json(self) -> dict:
        reading = None if self.outcome is None else self.outcome.reading
        return {
            "id": self.prop.id,
            "title": self.title,
            "source": self.prop.source,
            "asserts": self.asserts or None,
            "status": self.status.value,
            "outcome": self.label(),
            "rate": None if reading is None else reading.to_json(),
            "expected": self.expected_label(),
            "as_declared": self.as_declared,
            "reason": self.expected.reason,
            "methods": self.methods,
            "evidence": [e.to_json() for e in self.evidence],
            "notes": self.notes(),
            "worst_margin": self.worst_margin,
            "seconds": round(self.seconds, 3),
        }


@contextlib.contextmanager
def _time_limit(seconds: float | None) -> Iterator[None]:
    """Raise :class:`TookTooLong` after ``seconds`` (SIGALRM; in the main thread only, elsewhere no limit).

    A signal handler runs wherever the interpreter next checks, which can be a callback from native code (a garbage
    collection hook) that swallows the exception; so the timer repeats every 0.1 s until one raise gets through, and
    a swallowed one is not printed."""
    if seconds is None or threading.current_thread() is not threading.main_thread() or not hasattr(signal, "setitimer"):
        yield
        return
    import sys

    def expire(signum, frame):
        raise TookTooLong

    hook = sys.unraisablehook

    def quiet(unraisable):
        if unraisable.exc_type is not None and issubclass(unraisable.exc_type, TookTooLong):
            return
        hook(unraisable)

    previous = signal.signal(signal.SIGALRM, expire)
    sys.unraisablehook = quiet
    signal.setitimer(signal.ITIMER_REAL, seconds, 0.1)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
        sys.unraisablehook = hook


def _result(variant: Variant, prop: Property, outcome: Outcome | None, seconds: float, error=None) -> PropertyResult:
    expected = variant.expectation(prop)
    return PropertyResult(
        prop,
        prop.text(variant),
        expected,
        outcome,
        seconds,
        error,
        expects=expected.finding(prop, variant),
        asserts=prop.asserts(variant),
    )


def run_property(variant: Variant, prop: Property, time_limit: float | None = None) -> PropertyResult:
    """Run one property's check; a crash is recorded (and differs from any declaration), never raised; past
    ``time_limit`` seconds the property is undecided, saying so."""
    start = time.perf_counter()
    try:
        with _time_limit(time_limit):
            outcome = prop.check(variant.name, variant)
    except TooSmall as exc:  # no size to run, or too few: open, naming the size it needs
        outcome = Outcome(Finding.UNDECIDED, [open_evidence(str(exc), ranges=t_text(variant.t_range))])
    except TookTooLong:
        why = f"undecided: took longer than {time_limit:g} s (the per-property time limit; raise it with --time-limit)"
        outcome = Outcome(Finding.UNDECIDED, [open_evidence(why, ranges=t_text(variant.t_range))])
    except Exception as exc:  # a crashing check is a finding about the variant, reported not raised
        return _result(variant, prop, None, time.perf_counter() - start, f"{type(exc).__name__}: {exc}")
    outcome = replace(outcome, evidence=[replace(e, check=prop.check.__name__) for e in outcome.evidence])
    return _result(variant, prop, outcome, time.perf_counter() - start)


def not_applicable(variant: Variant, prop: Property) -> PropertyResult:
    """A property whose components the variant has but whose form it excludes, listed with the reason."""
    why = f"not applicable to {variant.name}: {prop.when_text}"
    return _result(variant, prop, Outcome(Finding.NOT_APPLICABLE, [open_evidence(why, role="supports")]), 0.0)


def not_run(variant: Variant) -> dict[str, list[str]]:
    """The properties that need a component the variant does not change, by the components they lack."""
    out: dict[str, list[str]] = {}
    for prop in PROPERTIES.values():
        missing = prop.needs - variant.components()
        if missing:
            out.setdefault("+".join(sorted(missing)), []).append(prop.id)
    return out


@dataclass
class VariantReport:
    """The battery's findings for one variant (the Python API returns this). ``partial`` when Ctrl-C stopped it."""

    variant: Variant
    results: list
    partial: bool = False
    planned: int = 0  # how many properties the run was to decide

    @property
    def as_declared(self) -> bool:
        return all(r.as_declared for r in self.results)

    def __getitem__(self, pid: str) -> PropertyResult:
        for r in self.results:
            if r.prop.id == pid:
                return r
        raise KeyError(
            f"{pid!r} did not run for variant {self.variant.name}; it ran: {[r.prop.id for r in self.results]}"
        )

    def get(self, pid: str) -> PropertyResult | None:
        return next((r for r in self.results if r.prop.id == pid), None)

    def outcomes(self) -> dict[str, str]:
        """Property id → 'holds' / 'fails' / 'undecided' / 'n/a' / 'crashed'."""
        return {r.prop.id: r.label() for r in self.results}

    def rates(self) -> dict[str, str]:
        """Property id → the measured rate of each rate property that has one."""
        return {r.prop.id: r.outcome.reading.text() for r in self.results if r.outcome and r.outcome.reading}

    def summary(self) -> str:
        kinds = [r.kind for r in self.results]
        counts = ", ".join(
            f"{kinds.count(k)} {k}" for k in ("holds", "fails", "undecided", "n/a", "crashed") if k in kinds
        )
        differ = [r for r in self.results if not r.as_declared]
        verdict = "all as declared" if not differ else f"{len(differ)} differ from the declaration"
        done = (
            f"{len(self.results)} of {self.planned} properties (interrupted)"
            if self.partial
            else (f"{len(self.results)} properties")
        )
        return f"{self.variant.name}: {done}: {counts}; {verdict}"

    def details(self) -> list[str]:
        """The lines under the table: what differs (and why), what fails as declared, each rate's name, what is not
        applicable or not run."""
        lines = []
        for r in self.results:
            if not r.as_declared:
                lines.append(f"  differs  {r.explain()}")
                lines += [f"           {note}" for note in r.notes() if note.startswith("rate differs")]
            elif r.expects is Finding.FAILS and r.outcome is not None and r.outcome.kind is Finding.FAILS:
                lines.append(f"  fails as declared  {r.prop.id}: {r.expected.reason or r.expected.label()}")
        for r in self.results:
            if r.outcome is not None and r.outcome.reading is not None:
                reading = r.outcome.reading
                named = ", ".join(reading.consistent) if reading.consistent else "no rate of the menu"
                lines.append(
                    f"  rate  {r.prop.id}: {reading.text()} (consistent with: {named}; the paper's {reading.paper} "
                    f"is {power(reading.paper_exponent, reading.variable)} here)"
                )
            elif r.outcome is not None and r.outcome.kind is Finding.UNDECIDED:
                lines.append(f"  undecided  {r.prop.id}: {r.evidence[0].summary if r.evidence else ''}")
            elif r.outcome is not None and r.outcome.kind is Finding.NOT_APPLICABLE:
                lines.append(f"  n/a  {r.prop.id}: {r.prop.when_text}")
        missing = not_run(self.variant)
        if missing:
            lines.append(
                "  not run (they need a component the variant does not change): "
                + "; ".join(f"{len(pids)} need {need}" for need, pids in missing.items())
            )
        return lines

    def table(self, paper: "VariantReport | None" = None) -> str:
        """The variant's table (and the paper's variant beside it), its summary and the lines below."""
        return side_by_side([self], paper=paper)

    def to_json(self) -> dict:
        return {
            **provenance(),
            "variant": self.variant.name,
            "description": self.variant.description,
            "components": self.variant.describe(),
            "sizes": vars(self.variant.sizes),
            "as_declared": self.as_declared,
            "partial": self.partial,
            "properties": [r.to_json() for r in self.results],
            "not_run": not_run(self.variant),
        }


class Interrupted(Exception):
    """Ctrl-C during :func:`check_variant`: ``report`` holds the properties decided before it."""

    def __init__(self, report: VariantReport):
        super().__init__(f"interrupted after {len(report.results)} properties")
        self.report = report


def planned(variant: Variant) -> list[tuple[Property, bool]]:
    """Every property the battery lists for the variant, in order, and whether it runs (False: not applicable)."""
    return [(prop, prop.when(variant)) for prop in PROPERTIES.values() if prop.needs <= variant.components()]


def check_variant(
    variant: Variant,
    *,
    time_limit: float | None = None,
    on_result: Callable[[int, int, PropertyResult], None] | None = None,
    only: set[str] | None = None,
) -> VariantReport:
    """Run every check that applies to the variant and return the report (like sklearn's check_estimator); a
    property that does not apply to its form is listed as not applicable. ``only`` restricts the run to those ids;
    ``on_result(k, n, result)`` sees each property as it is decided; Ctrl-C (inside
    :func:`engine.interrupt.interruptible`) raises :class:`Interrupted` with the partial report."""
    validate_variant(variant)
    plan = [(p, runs) for p, runs in planned(variant) if only is None or p.id in only]
    report = VariantReport(variant, [], planned=len(plan))
    try:
        for k, (prop, runs) in enumerate(plan, 1):
            stop_if_asked()
            result = run_property(variant, prop, time_limit) if runs else not_applicable(variant, prop)
            report.results.append(result)
            if on_result is not None:
                on_result(k, len(plan), result)
        stop_if_asked()
    except KeyboardInterrupt:
        report.partial = True
        raise Interrupted(report) from None
    return report


def side_by_side(reports: list[VariantReport], paper: VariantReport | None = None) -> str:
    """One table: a row per property, a column per variant (and the paper's variant, where given and not already
    among them), each cell the outcome with its measured exponent and interval; then each variant's summary and its
    lines below. One variant alone also shows what it declared."""
    columns = list(reports)
    if paper is not None and all(r.variant.name != paper.variant.name for r in reports):
        columns.append(paper)
    pids = [p for p in PROPERTIES if any(r.get(p) is not None for r in reports)]
    header = ["property", "asserts", *(r.variant.name + ("" if r is not paper else " (paper)") for r in columns)]
    single = len(reports) == 1
    if single:
        header.insert(3, "expected")
    rows = []
    for pid in pids:
        found = {id(r): r.get(pid) for r in columns}
        first = next(f for r in reports if (f := found[id(r)]) is not None)
        cells = [(f.cell() if (f := found[id(r)]) is not None else "-") for r in columns]
        row = [pid, first.asserts, *cells]
        if single:
            row.insert(3, first.expected_label())
        rows.append(row)
    lines = []
    for r in columns:
        lines.append(f"variant {r.variant.name}: {r.variant.describe()}")
    lines.append("")
    lines += text_table(header, rows)
    lines.append("")
    for r in columns:
        lines.append(r.summary())
        lines += r.details()
    if any(r.partial for r in reports):
        lines.append("interrupted: this report is partial (the properties above were decided; the rest were not run)")
    return "\n".join(lines)


__all__ = [
    "Interrupted",
    "PropertyResult",
    "TookTooLong",
    "VariantReport",
    "check_variant",
    "not_applicable",
    "planned",
    "run_property",
    "side_by_side",
]
