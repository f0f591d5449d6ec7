"""What the battery found: one :class:`PropertyResult` per property, a :class:`VariantReport` per variant
(its table and JSON report), and :func:`check_variant`, the Python front end."""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, replace

from specproof.checks.battery.battery import Outcome, Property, TooSmall, checks_for, t_text, validate_variant
from specproof.checks.battery.model import Expect, Finding, Variant
from specproof.engine.io import provenance
from specproof.engine.methods import fmt, open_evidence
from specproof.engine.registry import Status
from specproof.engine.runner import Findings, decide
from specproof.engine.tables import text_table


@dataclass
class PropertyResult(Findings):
    """One property of one variant: what was expected, what the check found, and its evidence (its
    status, methods and worst margin derived as for a claim's :class:`checks.report.Result`)."""

    prop: Property
    title: str
    expected: Expect
    outcome: Outcome | None
    seconds: float = 0.0
    error: str | None = None

    @property
    def as_declared(self) -> bool:
        if self.error is not None:
            return False
        return self.outcome.kind == self.expected.outcome and self.outcome.rate == self.expected.model

    @property
    def status(self) -> Status:
        return Status.OPEN if self.error else decide(self.outcome.evidence)

    @property
    def evidence(self) -> list:
        return [] if self.outcome is None else self.outcome.evidence

    def label(self) -> str:
        return "crashed" if self.error else self.outcome.label()

    def notes(self) -> list[str]:
        out = []
        if self.error:
            out.append(f"check crashed: {self.error}")
        elif not self.as_declared:
            out.append(f"outcome {self.label()} differs from the declared {self.expected.label()}")
        if self.expected.reason:
            out.append(f"declared: {self.expected.reason}")
        return out

    def explain(self) -> str:
        """One line for a failing or differing property: the deciding evidence and its counterexample."""
        if self.error:
            return f"{self.prop.id}: check crashed: {self.error}"
        ev = next((e for e in self.evidence if e.status is Status.REFUTED), self.evidence[0])
        text = f"{self.prop.id}: {ev.summary}"
        if ev.counterexample and ev.method != "sweep-fit":
            text += f"; counterexample {json.dumps(ev.counterexample, default=str)[:200]}"
        return text

    def to_json(self) -> dict:
        return {
            "id": self.prop.id,
            "title": self.title,
            "source": self.prop.source,
            "status": self.status.value,
            "outcome": self.label(),
            "expected": self.expected.label(),
            "as_declared": self.as_declared,
            "reason": self.expected.reason,
            "methods": self.methods,
            "evidence": [e.to_json() for e in self.evidence],
            "notes": self.notes(),
            "worst_margin": self.worst_margin,
            "seconds": round(self.seconds, 3),
        }


def run_property(variant: Variant, prop: Property) -> PropertyResult:
    """Run one property's check; a crash is recorded (and differs from any declaration), never raised."""
    start = time.perf_counter()
    title, expected = prop.text(variant), variant.expectation(prop)
    try:
        outcome = prop.check(variant.name, variant)
    except TooSmall as exc:  # no size to run, or too few: open, naming the size it needs
        outcome = Outcome(Finding.UNDECIDED, [open_evidence(str(exc), ranges=t_text(variant.t_range))])
    except Exception as exc:  # a crashing check is a finding about the variant, reported not raised
        return PropertyResult(prop, title, expected, None, time.perf_counter() - start, f"{type(exc).__name__}: {exc}")
    outcome = replace(outcome, evidence=[replace(e, check=prop.check.__name__) for e in outcome.evidence])
    return PropertyResult(prop, title, expected, outcome, time.perf_counter() - start)


@dataclass
class VariantReport:
    """The battery's findings for one variant (the Python API returns this)."""

    variant: Variant
    results: list

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

    def outcomes(self) -> dict[str, str]:
        """Property id → 'holds' / 'fails' / 'rate <model>' / 'crashed'."""
        return {r.prop.id: r.label() for r in self.results}

    def table(self) -> str:
        """The table of `specproof verify` (:func:`checks.tables.text_table`), one row per property, and what
        failed or differs."""
        lines = [f"variant {self.variant.name}: {self.variant.describe()}", ""]
        lines += text_table(
            ("property", "outcome", "expected", "status", "methods", "worst margin", "seconds"),
            [
                (
                    r.prop.id,
                    r.label() + ("" if r.as_declared else " !"),
                    r.expected.label(),
                    r.status.value,
                    ",".join(r.methods) or "-",
                    fmt(r.worst_margin),
                    f"{r.seconds:.2f}",
                )
                for r in self.results
            ],
        )
        kinds = [r.label().split()[0] for r in self.results]
        counts = ", ".join(f"{kinds.count(k)} {k}" for k in ("holds", "fails", "rate", "crashed") if k in kinds)
        differ = [r for r in self.results if not r.as_declared]
        verdict = "all as declared" if not differ else f"{len(differ)} differ from the declaration"
        lines += ["", f"{len(self.results)} properties: {counts}; {verdict}"]
        for r in self.results:
            if not r.as_declared:
                lines.append(f"  differs  {r.explain()}")
            elif r.expected.outcome is Finding.FAILS:
                lines.append(f"  fails as declared  {r.prop.id}: {r.expected.reason}")
        return "\n".join(lines)

    def to_json(self) -> dict:
        return {
            **provenance(),
            "variant": self.variant.name,
            "description": self.variant.description,
            "components": self.variant.describe(),
            "sizes": vars(self.variant.sizes),
            "as_declared": self.as_declared,
            "properties": [r.to_json() for r in self.results],
        }


def check_variant(variant: Variant) -> VariantReport:
    """Run every check that applies to the variant and return the report (like sklearn's check_estimator)."""
    validate_variant(variant)
    return VariantReport(variant, [run_property(variant, prop) for prop in checks_for(variant)])
