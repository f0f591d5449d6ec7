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

Every number a record states is defended twice (:class:`Second`): a second, independent computation (another
algorithm or code path: dense against Lanczos, exact rationals or balls against floats, a direct count against a
bound, a closed form against a sweep) carried beside the stated value, either by the check that built the record or
by a function the claim file attaches after the claim (``@c.second("limit")``, run by the runner after the checks).
A record whose numbers have no agreeing second computation is *unconfirmed*, and says so in the catalogue
(:meth:`Record.confirmation`). A tightness record may name the claim's own inequality it measured and, for a rate
bound, the fitted exponent and constant of the actual gap (:class:`GapRate`); a limit may carry the fit that
finds it (:class:`LimitFit`: several correction families over several tail ranges, the limit as the interval that
covers them, a closed form named only when that interval separates it from its competitors); a record computed on
something the paper leaves open (the gate's MLP, a seed, a reading) states its dependence on it (``depends``).

``specproof verify`` runs the audits of :mod:`specproof.runs.audits` over these records; the catalogue shows them per
claim; the JSON report carries them. A claim stating two rates or bounds (a fixed-depth rate and a full-depth limit)
carries one record per part: a check's evidence may add a record for another ``part`` of the statement beside the
claim's own.
"""

from __future__ import annotations

import dataclasses
import math
import re
from dataclasses import dataclass, field
from typing import Callable, Mapping

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


def _numbers(x: float, digits: int = 4) -> str:
    """A measured number with a digit more than the catalogue's default: records compare values that agree to 3."""
    return fmt(x, digits)


def _interval(lo: float, hi: float) -> str:
    """[lo, hi] with the fewest digits (4 to 6, the catalogue's most) that tell its ends apart; an interval narrower
    than that is its value to 6 digits and its width."""
    for digits in range(4, 7):
        if fmt(lo, digits) != fmt(hi, digits):
            return f"[{fmt(lo, digits)}, {fmt(hi, digits)}]"
    return f"{fmt((lo + hi) / 2, 6)} (an interval of width {fmt(hi - lo, 1)})"


CONFIRMATION_STATES = ("confirmed", "disagrees", "unconfirmed", "no number")
# a decimal a record's text quotes (0.879, 1.212): a measured number the record states without a field for it
_QUOTED = re.compile(r"(?<![\w.^])\d+\.\d+")


@dataclass(frozen=True)
class Second:
    """One number of a record computed twice: ``stated`` as the record states it (the first computation), ``value``
    by an independent second ``method`` (another algorithm or code path); they agree when
    |stated − value| ≤ ``error`` (the first's stated error or rounding plus the second's own; 0 for two exact
    computations). ``name`` is the record's field (``factor``, ``ratio``, ``numeric``, ``extreme``, ``exponent``,
    ``constant``) or, for a number the record only quotes, what it is (``μ₂ at D = L − 1``)."""

    name: str
    stated: float
    value: float
    method: str
    error: float = 0.0

    def __post_init__(self):
        if not (math.isfinite(self.stated) and math.isfinite(self.value)) or not self.error >= 0:
            raise InputError(f"a second computation of {self.name} needs finite values and an error ≥ 0")
        if not self.method.strip():
            raise InputError(f"a second computation of {self.name} names its method")

    @property
    def agrees(self) -> bool:
        return bool(abs(self.stated - self.value) <= self.error * (1 + 1e-12))

    def text(self) -> str:
        """The two values, to the digit the error reaches (4 to 6 significant digits, the catalogue's most; the method
        is said once per group by :meth:`Record.confirmation_text`). The digit count is read from the error's decade,
        rounded first, so a relative error (size/error exactly 10^k) gives the same count on every machine."""
        error = f"± {fmt(self.error, 2)}" if self.error else "exactly"
        size = max(abs(self.stated), abs(self.value))
        decades = math.ceil(round(math.log10(size / self.error), 6)) if self.error and size else 3
        digits = min(6, max(4, decades + 1))
        out = f"{self.name} {_numbers(self.stated, digits)} again {_numbers(self.value, digits)}"
        return out + (f" ({error})" if self.agrees else f": they DISAGREE beyond {error}")

    def to_json(self) -> dict:
        return {
            "name": self.name,
            "stated": self.stated,
            "value": self.value,
            "method": self.method,
            "error": self.error,
            "agrees": self.agrees,
        }


class Record:
    """What the three records share: their stated numbers, the second computations of them, the confirmation."""

    seconds: tuple
    depends: str
    part: str

    def numbers(self) -> dict[str, float]:
        """The numbers the record states in its fields (name → value); each needs a second computation."""
        return {}

    def quoted(self) -> list[str]:
        """Decimals the record's text quotes beyond its fields (measured values it mentions)."""
        return _QUOTED.findall(self._plain_text())

    def _plain_text(self) -> str:
        raise NotImplementedError

    def confirmation(self) -> str:
        """'confirmed' (every stated number has an agreeing second computation, and there is at least one),
        'disagrees' (a second computation differs beyond its error), 'unconfirmed' (a stated or quoted number has
        none), 'no number' (nothing numeric to confirm)."""
        if any(not s.agrees for s in self.seconds):
            return "disagrees"
        numbers = self.numbers()
        done = {s.name for s in self.seconds}
        if self.seconds and all(name in done for name in numbers):
            return "confirmed"
        if numbers or self.quoted():
            return "unconfirmed"
        return "no number"

    def confirmation_text(self) -> str:
        """One line for the catalogue: the second computations, or what is unconfirmed."""
        state = self.confirmation()
        if state == "no number":
            return ""
        missing = [f"{k} {_numbers(v)}" for k, v in self.numbers().items() if k not in {s.name for s in self.seconds}]
        if state == "unconfirmed" and not self.seconds:
            what = ", ".join(missing) if missing else "the numbers its text quotes"
            return f"unconfirmed — no second, independent computation of {what}"
        head = {"confirmed": "confirmed", "disagrees": "DISAGREES", "unconfirmed": "partly confirmed"}[state]
        by_method: dict[str, list] = {}
        for s in self.seconds:
            by_method.setdefault(s.method, []).append(s.text())
        out = f"{head} — " + "; ".join(f"by {m}: " + ", ".join(texts) for m, texts in by_method.items())
        if missing:
            out += "; not recomputed: " + ", ".join(missing)
        return out

    def confirmed_with(self, seconds):
        """This record with ``seconds`` (from the function the claim file attached) added to its own."""
        from dataclasses import replace

        return replace(self, seconds=(*self.seconds, *tuple(seconds)))

    def _shared_json(self) -> dict:
        return {
            "seconds": [s.to_json() for s in self.seconds],
            "confirmation": self.confirmation(),
            "depends": self.depends,
            "part": self.part,
        }

    def _check_seconds(self) -> None:
        numbers = self.numbers()
        for s in self.seconds:
            if not isinstance(s, Second):
                raise InputError(f"a record's seconds are Second values, got {s!r}")
            if s.name in numbers and not math.isclose(s.stated, numbers[s.name], rel_tol=1e-12, abs_tol=1e-15):
                raise InputError(f"the second computation of {s.name} restates it as {s.stated}, not {numbers[s.name]}")


@dataclass(frozen=True)
class GapRate:
    """A rate bound measured on the actual gap: its exponent read from the local exponents (``exponent`` ±
    ``exponent_error``, the spread over the tail ranges read), and at the exponent tested (``tested_exponent``,
    e.g. the fitted one rounded) the constant of gap·x^(−p) as a fit interval (``constant`` ± ``constant_error``,
    its midpoint and half-width), the closed form it names if the interval separates one (``named``) and where
    that was tested at parameters not used to find it (``tested``); against the bound's own exponent."""

    variable: str
    exponent: float
    exponent_error: float
    tested_exponent: float
    constant: float
    constant_error: float
    bound_exponent: float
    named: str = ""
    tested: str = ""

    def text(self) -> str:
        v = self.variable
        out = (
            f"the actual gap ~ C·{v}^p with p = {fmt(self.exponent)} ± {fmt(self.exponent_error, 2)} (local "
            f"exponents), against the bound's {v}^{fmt(self.bound_exponent)}; at p = {fmt(self.tested_exponent)} "
            f"C = {_numbers(self.constant)} ± {fmt(self.constant_error, 2)}"
        )
        if self.named:
            out += f", which names C = {self.named}"
        if self.tested:
            out += f" ({self.tested})"
        return out

    def to_json(self) -> dict:
        return dict(self.__dict__)


@dataclass(frozen=True)
class LimitFit:
    """A limit read from a sequence: each (correction family, tail range) fit's extrapolated value, the interval that
    covers them, the closed forms considered and whether the interval separates one of them from the others.

    ``named``: the candidate inside the interval with every other candidate outside ("" when none is, or when the
    interval holds several: the data cannot pin it). ``tested``: where the named form was tested at parameters not
    used to find it (another b, another seed, a larger T), with the outcome."""

    estimates: tuple  # ((family, tail, value[, the data's error carried to it]), ...)
    candidates: tuple = ()  # ((name, value), ...)
    named: str = ""
    tested: str = ""

    def __post_init__(self):
        if len(self.estimates) < 2:
            raise InputError("a limit fit needs at least two (family, tail) estimates")
        families = {e[0] for e in self.estimates}
        tails = {e[1] for e in self.estimates}
        if len(families) < 2 or len(tails) < 2:
            raise InputError("a limit fit uses at least two correction families over at least two tail ranges")
        if self.named and self.named not in {n for n, _ in self.candidates}:
            raise InputError(f"the named closed form {self.named!r} is not among the candidates")

    @property
    def interval(self) -> tuple[float, float]:
        """The smallest interval covering every estimate, each widened by the data's error carried to it."""
        return (
            min(e[2] - (e[3] if len(e) > 3 else 0.0) for e in self.estimates),
            max(e[2] + (e[3] if len(e) > 3 else 0.0) for e in self.estimates),
        )

    def inside(self) -> list[str]:
        lo, hi = self.interval
        return [n for n, v in self.candidates if lo <= v <= hi]

    def text(self) -> str:
        lo, hi = self.interval
        families = sorted({e[0] for e in self.estimates})
        tails = sorted({e[1] for e in self.estimates})
        out = (
            f"fit interval {_interval(lo, hi)} covering {len(families)} correction families "
            f"({', '.join(families)}) × {len(tails)} tail ranges ({', '.join(tails)})"
        )
        if self.named:
            others = [f"{n} = {_numbers(v)}" for n, v in self.candidates if n != self.named]
            out += f"; it names {self.named}" + (f" (outside it: {', '.join(others)})" if others else "")
        elif self.candidates:
            inside = self.inside()
            out += (
                "; the data cannot pin it: " + ", ".join(inside) + " all lie inside"
                if len(inside) > 1
                else "; no candidate closed form lies inside"
                if not inside
                else f"; {inside[0]} lies inside but is not named"
            )
        if self.tested:
            out += f"; tested: {self.tested}"
        return out

    def to_json(self) -> dict:
        lo, hi = self.interval
        return {
            "estimates": [list(e) for e in self.estimates],
            "interval": [lo, hi],
            "candidates": [list(c) for c in self.candidates],
            "named": self.named,
            "tested": self.tested,
        }


@dataclass(frozen=True)
class Tightness(Record):
    """How tight a bound is.

    ``kind`` "sharp": equality is attained (``where`` the witness) or approached (``approach`` says how, e.g. a
    fitted rate of the ratio to 1); "loose": the bound is off by at least ``factor`` ≥ 1 everywhere the checks looked
    (``ranges``), with the closest point ``where``; "unmeasurable": ``note`` says why (no computable extreme: a
    statement about every function, an O(·) with unnamed constant, ...). ``ratio`` is the observed extreme of the
    bounded quantity over the bound (≤ 1 for an upper bound that holds; for a lower bound, bound over quantity).
    ``inequality`` names the statement's own inequality the numbers measure (for a sharp bound: the quantity whose
    ratio tends to 1); ``rate`` a rate bound's actual gap, fitted (:class:`GapRate`).
    """

    kind: str
    note: str
    factor: float | None = None
    ratio: float | None = None
    where: Mapping | None = None
    ranges: str = ""
    approach: str = ""
    inequality: str = ""
    rate: GapRate | None = None
    depends: str = ""
    part: str = ""
    seconds: tuple = ()
    confirm: Callable | None = field(default=None, compare=False, repr=False)

    def numbers(self) -> dict[str, float]:
        out = {k: v for k, v in (("factor", self.factor), ("ratio", self.ratio)) if v is not None}
        if self.factor is not None and self.ratio is not None and abs(self.factor * self.ratio - 1) < 0.01:
            del out["ratio"]  # the ratio is the factor's reciprocal (to the digits stated): one number, not two
        if self.rate is not None:
            out |= {"exponent": self.rate.exponent, "constant": self.rate.constant}
        return out

    def _plain_text(self) -> str:
        return " ".join((self.note, self.approach, self.inequality))

    def __post_init__(self):
        _check_kind(self.kind, TIGHTNESS_KINDS, "tightness")
        if self.kind == "loose" and not (self.factor is not None and math.isfinite(self.factor) and self.factor > 1):
            raise InputError(f"a loose bound needs its factor > 1, got {self.factor!r}")
        if self.kind == "sharp" and not (self.where or self.approach):
            raise InputError("a sharp bound needs its witness (where) or how it is approached (approach)")
        if not self.note.strip():
            raise InputError("a tightness record needs its note (what was compared, or why it cannot be)")
        self._check_seconds()

    def text(self) -> str:
        """One line for the catalogue."""
        if self.kind == "sharp":
            head = "sharp"
        elif self.kind == "loose":
            head = f"loose by a factor ≥ {_number(self.factor)}"
        else:
            head = "not measurable"
        parts = [f"on {self.inequality}: {self.note}" if self.inequality else self.note]
        if self.rate is not None:
            parts.append(self.rate.text())
        if self.where:
            parts.append(
                "at " + ", ".join(f"{k} = {_number(v) if isinstance(v, float) else v}" for k, v in self.where.items())
            )
        if self.approach:
            parts.append(self.approach)
        if self.ranges:
            parts.append(f"over {self.ranges}")
        if self.depends:
            parts.append(f"depends on the reconstruction: {self.depends}")
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
            "inequality": self.inequality,
            "rate": self.rate.to_json() if self.rate else None,
            **self._shared_json(),
        }


@dataclass(frozen=True)
class Weakest(Record):
    """How weak a hypothesis may be.

    ``hypothesis`` names it (``depth D``, ``gate g``, ``separation f``); ``stated`` is what the paper states;
    ``weakest`` the weakest value at which the conclusion still holds over ``ranges``; ``holds_on`` where it holds
    below the stated value (e.g. "T in [2^m, 1.5·2^m) of every dyadic block"); ``constant`` what the conclusion's
    constant becomes at the stated value. ``kind``: "needed" (dropping H fails everywhere in the range: the claim may
    say "needs H"), "needed-in-general" (it fails somewhere, not everywhere: "fails in general without H", and
    ``holds_on`` gives where it does not fail), "not-needed" (the conclusion holds without it), "weaker-suffices"
    (a weaker value than stated suffices everywhere), or "qualitative" (no quantity to weaken; ``note`` why).
    ``extreme`` is the record's number where it has one (the weakest value, or the edge of where the conclusion
    still holds without the hypothesis, e.g. 1.2126 for T ∈ [2^L, 1.2126·2^L]), named by ``extreme_name``.
    """

    kind: str
    note: str
    hypothesis: str = ""
    stated: str = ""
    weakest: str = ""
    holds_on: str = ""
    constant: str = ""
    ranges: str = ""
    extreme: float | None = None
    extreme_name: str = ""
    depends: str = ""
    part: str = ""
    seconds: tuple = ()
    confirm: Callable | None = field(default=None, compare=False, repr=False)

    def numbers(self) -> dict[str, float]:
        return {} if self.extreme is None else {"extreme": self.extreme}

    def _plain_text(self) -> str:
        return " ".join((self.note, self.weakest, self.holds_on, self.constant))

    def __post_init__(self):
        _check_kind(self.kind, WEAKEST_KINDS, "weakest-hypothesis")
        if self.kind != "qualitative" and not (self.hypothesis and self.stated):
            raise InputError("a quantitative hypothesis record names the hypothesis and its stated value")
        if not self.note.strip():
            raise InputError("a weakest-hypothesis record needs its note")
        if self.extreme is not None and not self.extreme_name:
            raise InputError("a weakest-hypothesis record's extreme says what it is (extreme_name)")
        self._check_seconds()

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
        if self.extreme is not None:
            parts.append(f"{self.extreme_name}: {_numbers(self.extreme)}")
        parts.append(self.note)
        if self.ranges:
            parts.append(f"over {self.ranges}")
        if self.depends:
            parts.append(f"depends on the reconstruction: {self.depends}")
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
            "extreme": self.extreme,
            "extreme_name": self.extreme_name,
            **self._shared_json(),
        }


@dataclass(frozen=True)
class Limit(Record):
    """The limit constant of a rate claim's scaled quantity.

    ``quantity`` is the scaled quantity (``γ·log₂ T``); ``value`` the limit, as a closed form ("closed-form", with
    ``numeric`` its value) or an extrapolated number ("extrapolated", ``numeric`` ± ``error``, from ``ranges``);
    ``approach`` how fast it is approached (a fitted correction such as ``c/log T``). "none": ``note`` says why (the
    scaled quantity oscillates, only bounds are known, ...). ``fit`` is the fit that reads it from data
    (:class:`LimitFit`); an extrapolated limit's ``numeric ± error`` is then its interval's midpoint and half-width.
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
    fit: LimitFit | None = None
    depends: str = ""
    part: str = ""
    seconds: tuple = ()
    confirm: Callable | None = field(default=None, compare=False, repr=False)

    def numbers(self) -> dict[str, float]:
        return {} if self.numeric is None else {"numeric": self.numeric}

    def _plain_text(self) -> str:
        return " ".join((self.note, self.approach))

    def interval(self) -> tuple[float, float] | None:
        """The interval the limit is known to lie in: its fit's; an extrapolation's numeric ± error; for a closed
        form, the one its second computation supports (the value ± that computation's error); None otherwise (a
        closed form in the claim's parameters, or one no computation brackets)."""
        if self.fit is not None:
            return self.fit.interval
        if self.numeric is None:
            return None
        if self.kind == "extrapolated" and self.error is not None:  # __post_init__ requires it
            return self.numeric - self.error, self.numeric + self.error
        second = [sec for sec in self.seconds if sec.name == "numeric" and sec.agrees]
        if second:
            return self.numeric - second[0].error, self.numeric + second[0].error
        return None

    def interval_text(self) -> str:
        """The interval, in words, for the limits audit."""
        if self.kind == "none":
            return "no limit"
        iv = self.interval()
        if iv is None:
            if self.numeric is None:
                return "a closed form in the claim's parameters (no single number)"
            return f"closed form {_numbers(self.numeric)}, no interval (no fit, no second computation brackets it)"
        how = (
            "fit"
            if self.fit
            else "extrapolated ± error"
            if self.kind == "extrapolated"
            else "closed form ± its second computation's error"
        )
        return f"{_interval(*iv)} ({how})"

    def __post_init__(self):
        _check_kind(self.kind, LIMIT_KINDS, "limit")
        if self.kind != "none" and not (self.quantity and (self.value or self.numeric is not None)):
            raise InputError("a limit record names the scaled quantity and its limit")
        if self.kind == "extrapolated" and self.error is None:
            raise InputError("an extrapolated limit needs its error")
        if not self.note.strip():
            raise InputError("a limit record needs its note")
        self._check_seconds()

    def text(self) -> str:
        if self.kind == "none":
            return f"no limit constant given — {self.note}"
        value = self.value or _number(self.numeric)
        if self.kind == "extrapolated" and self.fit is not None:
            value = f"{_interval(*self.fit.interval)} (extrapolated" + (f"; {self.value})" if self.value else ")")
        elif self.kind == "extrapolated":
            value = f"{_number(self.numeric)} ± {_number(self.error)} (extrapolated)"
        elif self.numeric is not None and self.value:
            value = f"{self.value} ≈ {_number(self.numeric)}"
        parts = [f"{self.quantity} → {value}"]
        if self.approach:
            parts.append(f"approached {self.approach}")
        if self.fit is not None:
            parts.append(self.fit.text())
        parts.append(self.note)
        if self.ranges:
            parts.append(f"over {self.ranges}")
        if self.depends:
            parts.append(f"depends on the reconstruction: {self.depends}")
        return "; ".join(parts)

    def to_json(self) -> dict:
        iv = self.interval()
        return {
            "kind": self.kind,
            "note": self.note,
            "quantity": self.quantity,
            "value": self.value,
            "numeric": self.numeric,
            "error": self.error,
            "approach": self.approach,
            "ranges": self.ranges,
            "interval": list(iv) if iv else None,
            "fit": self.fit.to_json() if self.fit else None,
            **self._shared_json(),
        }


RECORDS = {"tightness": Tightness, "weakest": Weakest, "limit": Limit}


def record_from_json(name: str, data: Mapping | None):
    """The record ``name`` (tightness, weakest, limit) back from its :meth:`to_json` (a ``verify --json`` report):
    the derived keys (``confirmation``, ``agrees``, a limit's ``interval``) are recomputed, not read."""
    if data is None or isinstance(data, Record):
        return data
    cls = RECORDS[name]
    fields = {f.name for f in dataclasses.fields(cls)} - {"confirm"}
    kw = {k: v for k, v in data.items() if k in fields}
    kw["seconds"] = tuple(
        Second(s["name"], s["stated"], s["value"], s["method"], s.get("error", 0.0)) for s in data.get("seconds", ())
    )
    if kw.get("rate"):
        kw["rate"] = GapRate(**kw["rate"])
    if kw.get("fit"):
        fit = kw["fit"]
        kw["fit"] = LimitFit(
            tuple(tuple(e) for e in fit["estimates"]),
            tuple(tuple(c) for c in fit.get("candidates", ())),
            fit.get("named", ""),
            fit.get("tested", ""),
        )
    return cls(**kw)
