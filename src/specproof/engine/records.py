"""What a referee asks of a claim that holds: how tight its bound is, how weak its hypothesis may be, and what limit
its rate approaches. Three records, each either measured by a check (on its
:class:`~specproof.engine.registry.Evidence`) or stated by the claim itself (an analytic fact, with the check that
shows it named in the note):

- :class:`Tightness` (a claim stating an inequality with a constant): *sharp* — attained or approached, with the
  witness —, *loose* by a measured factor over a stated range, or *unmeasurable* with the reason.
- :class:`Weakest` (a ``*.hypotheses.*`` claim): the weakest value of a quantitative hypothesis at which the
  conclusion still holds over the same ranges, where it holds exactly, what the conclusion's constant becomes at
  the stated value, and whether the claim may say "needs H" (dropping H fails everywhere in the range) or only
  "fails in general without H" (and where it does not fail); or *qualitative* (no quantity to weaken: why).
- :class:`Limit` (a Θ(·) or rate claim): the limit constant of the scaled quantity (closed form, or extrapolated
  with its error) and how fast it is approached; or *none* with the reason (no limit exists, or none is measured).

``specproof verify`` runs the audits of :mod:`specproof.runs.audits` over these records; the catalogue shows them per
claim; the JSON report carries them.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Mapping

from specproof.engine.digits import fmt
from specproof.theory.errors import InputError

TIGHTNESS_KINDS = ("sharp", "loose", "unmeasurable")
WEAKEST_KINDS = ("needed", "needed-in-general", "not-needed", "weaker-suffices", "qualitative")
LIMIT_KINDS = ("closed-form", "extrapolated", "none")


def _check_kind(kind: str, allowed: tuple, what: str) -> None:
    if kind not in allowed:
        raise InputError(f"{what} kind {kind!r}; allowed: {', '.join(allowed)}")


def _number(x: float | None) -> str:
    return "n/a" if x is None else fmt(x)


@dataclass(frozen=True)
class Tightness:
    """How tight a bound is.

    ``kind`` "sharp": equality is attained (``where`` the witness) or approached (``approach`` says how, e.g. a
    fitted rate of the ratio to 1); "loose": the bound is off by at least ``factor`` ≥ 1 everywhere the checks looked
    (``ranges``), with the closest point ``where``; "unmeasurable": ``note`` says why (no computable extreme: a
    statement about every function, an O(·) with unnamed constant, ...). ``ratio`` is the observed extreme of the
    bounded quantity over the bound (≤ 1 for an upper bound that holds; for a lower bound, bound over quantity).
    """

    kind: str
    note: str
    factor: float | None = None
    ratio: float | None = None
    where: Mapping | None = None
    ranges: str = ""
    approach: str = ""

    def __post_init__(self):
        _check_kind(self.kind, TIGHTNESS_KINDS, "tightness")
        if self.kind == "loose" and not (self.factor is not None and math.isfinite(self.factor) and self.factor > 1):
            raise InputError(f"a loose bound needs its factor > 1, got {self.factor!r}")
        if self.kind == "sharp" and not (self.where or self.approach):
            raise InputError("a sharp bound needs its witness (where) or how it is approached (approach)")
        if not self.note.strip():
            raise InputError("a tightness record needs its note (what was compared, or why it cannot be)")

    def text(self) -> str:
        """One line for the catalogue."""
        if self.kind == "sharp":
            head = "sharp"
        elif self.kind == "loose":
            head = f"loose by a factor ≥ {_number(self.factor)}"
        else:
            head = "not measurable"
        parts = [self.note]
        if self.where:
            parts.append(
                "at " + ", ".join(f"{k} = {_number(v) if isinstance(v, float) else v}" for k, v in self.where.items())
            )
        if self.approach:
            parts.append(self.approach)
        if self.ranges:
            parts.append(f"over {self.ranges}")
        return f"{head} — " + "; ".join(parts)

    def to_json(self) -> dict:
        return {
            "kind": self.kind,
            "note": self.note,
            "factor": self.factor,
            "ratio": self.ratio,
            "where": dict(self.where) if self.where else None,
            "ranges": self.ranges,
            "approach": self.approach,
        }


@dataclass(frozen=True)
class Weakest:
    """How weak a hypothesis may be.

    ``hypothesis`` names it (``depth D``, ``gate g``, ``separation f``); ``stated`` is what the paper states;
    ``weakest`` the weakest value at which the conclusion still holds over ``ranges``; ``holds_on`` where it holds
    below the stated value (e.g. "T in [2^m, 1.5·2^m) of every dyadic block"); ``constant`` what the conclusion's
    constant becomes at the stated value. ``kind``: "needed" (dropping H fails everywhere in the range: the claim may
    say "needs H"), "needed-in-general" (it fails somewhere, not everywhere: "fails in general without H", and
    ``holds_on`` gives where it does not fail), "not-needed" (the conclusion holds without it), "weaker-suffices"
    (a weaker value than stated suffices everywhere), or "qualitative" (no quantity to weaken; ``note`` why).
    """

    kind: str
    note: str
    hypothesis: str = ""
    stated: str = ""
    weakest: str = ""
    holds_on: str = ""
    constant: str = ""
    ranges: str = ""

    def __post_init__(self):
        _check_kind(self.kind, WEAKEST_KINDS, "weakest-hypothesis")
        if self.kind != "qualitative" and not (self.hypothesis and self.stated):
            raise InputError("a quantitative hypothesis record names the hypothesis and its stated value")
        if not self.note.strip():
            raise InputError("a weakest-hypothesis record needs its note")

    def text(self) -> str:
        if self.kind == "qualitative":
            return f"no quantity to weaken — {self.note}"
        head = {
            "needed": "needed: dropping it fails everywhere in the range",
            "needed-in-general": "fails in general without it, not everywhere",
            "not-needed": "not needed: the conclusion holds without it",
            "weaker-suffices": "a weaker value suffices",
        }[self.kind]
        parts = [f"{self.hypothesis} (stated: {self.stated}"]
        if self.weakest:
            parts[0] += f"; weakest that holds: {self.weakest}"
        parts[0] += ")"
        if self.holds_on:
            parts.append(f"holds without it on {self.holds_on}")
        if self.constant:
            parts.append(f"the constant at the stated value: {self.constant}")
        parts.append(self.note)
        if self.ranges:
            parts.append(f"over {self.ranges}")
        return f"{head} — " + "; ".join(parts)

    def to_json(self) -> dict:
        return {
            "kind": self.kind,
            "note": self.note,
            "hypothesis": self.hypothesis,
            "stated": self.stated,
            "weakest": self.weakest,
            "holds_on": self.holds_on,
            "constant": self.constant,
            "ranges": self.ranges,
        }


@dataclass(frozen=True)
class Limit:
    """The limit constant of a rate claim's scaled quantity.

    ``quantity`` is the scaled quantity (``γ·log₂ T``); ``value`` the limit, as a closed form ("closed-form", with
    ``numeric`` its value) or an extrapolated number ("extrapolated", ``numeric`` ± ``error``, from ``ranges``);
    ``approach`` how fast it is approached (a fitted correction such as ``c/log T``). "none": ``note`` says why (the
    scaled quantity oscillates, only bounds are known, ...).
    """

    kind: str
    note: str
    quantity: str = ""
    value: str = ""
    numeric: float | None = None
    error: float | None = None
    approach: str = ""
    ranges: str = ""
    extra: Mapping = field(default_factory=dict)

    def __post_init__(self):
        _check_kind(self.kind, LIMIT_KINDS, "limit")
        if self.kind != "none" and not (self.quantity and (self.value or self.numeric is not None)):
            raise InputError("a limit record names the scaled quantity and its limit")
        if self.kind == "extrapolated" and self.error is None:
            raise InputError("an extrapolated limit needs its error")
        if not self.note.strip():
            raise InputError("a limit record needs its note")

    def text(self) -> str:
        if self.kind == "none":
            return f"no limit constant given — {self.note}"
        value = self.value or _number(self.numeric)
        if self.kind == "extrapolated":
            value = f"{_number(self.numeric)} ± {_number(self.error)} (extrapolated)"
        elif self.numeric is not None and self.value:
            value = f"{self.value} ≈ {_number(self.numeric)}"
        parts = [f"{self.quantity} → {value}"]
        if self.approach:
            parts.append(f"approached {self.approach}")
        parts.append(self.note)
        if self.ranges:
            parts.append(f"over {self.ranges}")
        return "; ".join(parts)

    def to_json(self) -> dict:
        return {
            "kind": self.kind,
            "note": self.note,
            "quantity": self.quantity,
            "value": self.value,
            "numeric": self.numeric,
            "error": self.error,
            "approach": self.approach,
            "ranges": self.ranges,
        }


RECORDS = {"tightness": Tightness, "weakest": Weakest, "limit": Limit}
