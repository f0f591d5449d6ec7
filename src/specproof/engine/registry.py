"""The claim registry: claims, their checks, evidence records and the statuses of the report contract."""

from __future__ import annotations

import enum
import functools
import re
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Any, Callable, Mapping

from specproof.engine.records import Limit, Tightness, Weakest

PAPERS = {
    "TRSP": (
        "The Devil is in the Spectrum: Mitigating Representation Collapse in LLMs via "
        "Topologically Regularized Side-Path (arXiv 2607.20484)"
    ),
    "SDEG": "Spectral Degeneration of Self-Attention under Isotropic Score Geometry (arXiv 2611.02778)",
}
NOTE_FLAGS = ("loose", "reconstructed", "interpretive")


class Status(str, enum.Enum):
    """Statuses of the report contract, strongest first."""

    PROVED = "proved"
    CERTIFIED = "certified"
    VERIFIED = "verified"
    REFUTED = "refuted"
    OPEN = "open"

    def __str__(self) -> str:
        return self.value


# How strong a verdict is: proved > certified > verified > open = refuted (a refuted claim supports nothing).
STRENGTH = {Status.PROVED: 3, Status.CERTIFIED: 2, Status.VERIFIED: 1, Status.OPEN: 0, Status.REFUTED: 0}
EXACT_STATUSES = frozenset({Status.PROVED, Status.CERTIFIED})


def weakest(statuses) -> Status:
    """The verdict a conjunction of evidence supports: refuted wins, else the weakest guarantee."""
    statuses = list(statuses)
    if Status.REFUTED in statuses:
        return Status.REFUTED
    if not statuses:
        return Status.OPEN
    return min((s for s in statuses), key=STRENGTH.__getitem__)


@dataclass(frozen=True)
class Source:
    """Where a claim comes from: paper key, section, and the paper's own label (Thm C.6, Eq. 13)."""

    paper: str
    section: str
    label: str = ""

    def __post_init__(self):
        if self.paper not in PAPERS and self.paper != "specproof":
            raise ValueError(f"unknown paper {self.paper!r}; allowed: {sorted(PAPERS)} or 'specproof'")


@dataclass(frozen=True)
class Context:
    """How hard checks work: representative ranges by default, the widest ones with ``wide``."""

    wide: bool = False
    seed: int = 0


class Role(str, enum.Enum):
    """What a piece of evidence does for its claim: decides it, or supports it as a cross-check."""

    DECIDES = "decides"
    SUPPORTS = "supports"

    def __str__(self) -> str:
        return self.value


@dataclass(frozen=True)
class Evidence:
    """What one check found; immutable (derive a changed copy with ``dataclasses.replace``).

    ``role`` is :attr:`Role.DECIDES` when the check covers the claim as stated, :attr:`Role.SUPPORTS`
    for cross-checks that cannot raise the verdict (they can still refute it). ``worst_margin`` is the smallest
    slack seen (≥ 0 when the claim held everywhere); ``sharpest`` the best constant or exponent.
    A float check whose worst margin is negative without refuting passed only through its float
    error allowance: ``allowance`` is that allowance at the worst case and ``allowance_note`` the
    error analysis behind it (printed beside the margin in the catalogue and the table).
    """

    status: Status
    method: str
    summary: str
    ranges: str = ""
    worst_margin: float | None = None
    sharpest: str | None = None
    counterexample: dict | None = None
    role: Role = Role.DECIDES
    data: Mapping = field(default_factory=dict)
    check: str = ""
    seconds: float = 0.0
    allowance: float | None = None  # the float error allowance at the worst case (JSON only)
    allowance_note: str = ""  # the error analysis behind it, shown beside a negative worst margin
    # what the check measured of the claim's bound, hypothesis or rate (engine.records): catalogue, JSON, audits
    tightness: Tightness | None = None
    weakest: Weakest | None = None
    limit: Limit | None = None

    def __post_init__(self):
        object.__setattr__(self, "status", Status(self.status))
        try:
            object.__setattr__(self, "role", Role(self.role))
        except ValueError:
            raise ValueError(f"role must be 'decides' or 'supports', got {self.role!r}") from None
        object.__setattr__(self, "data", MappingProxyType(dict(self.data)))
        if self.status is Status.REFUTED and not self.counterexample:
            raise ValueError("a refuting Evidence must carry its counterexample")

    def to_json(self) -> dict:
        out: dict[str, object] = {
            "check": self.check,
            "method": self.method,
            "status": self.status.value,
            "role": self.role.value,
            "summary": self.summary,
            "ranges": self.ranges,
            "worst_margin": self.worst_margin,
            "sharpest": self.sharpest,
            "seconds": round(self.seconds, 3),
        }
        if self.allowance is not None:
            out["allowance"] = self.allowance
            out["allowance_note"] = self.allowance_note
        for name in ("tightness", "weakest", "limit"):
            record = getattr(self, name)
            if record is not None:
                out[name] = record.to_json()
        if self.counterexample:
            out["counterexample"] = self.counterexample
        if self.data:
            out["data"] = dict(self.data)
        return out


CheckFn = Callable[[Context], Evidence]
_ID = re.compile(r"^[a-z]+(\.[A-Za-z0-9]+(-[a-z0-9]+)*)+$")


@dataclass(frozen=True)
class Claim:
    """A statement of a paper (or of specproof's own), its checks and its expected verdict."""

    id: str
    title: str
    source: Source
    statement: str
    expected: Status
    reason: str
    checks: tuple[CheckFn, ...] = ()
    cross_checks: tuple[CheckFn, ...] = ()  # run too, their evidence only supports (a proof decides instead)
    uses: tuple = ()
    notes: tuple = ()
    tests: tuple = ()
    figure: str | None = None
    lost: str = ""  # for reconstructed statements: what the source copy lost
    corrects: str | None = None  # for a claim of specproof's own that sharpens or fixes another
    # for a proved claim: the steps of its argument that no check machine-checks (the logic between the checked
    # steps, a cited textbook theorem); the machine-checked steps are read from its evidence
    prose: str = ""
    # former ids of this claim (renamed, or split: then every part carries the old id, which names them all)
    aliases: tuple = ()
    # for a claim that is verified, not proved: why no proof is known (or why there is nothing to prove for every
    # parameter value: a statement about measured rows); printed as *Why not proved* in the catalogue
    unproved: str = ""
    # what the claim states of its own bound, hypothesis or rate, where it is an analytic fact (engine.records; the
    # note names the check that shows it); a record a check measures, on its Evidence, takes precedence
    tightness: Tightness | None = None
    weakest: Weakest | None = None
    limit: Limit | None = None

    def __post_init__(self):
        if not _ID.match(self.id):
            raise ValueError(f"claim id {self.id!r} is not a dotted kebab-case id")
        object.__setattr__(self, "expected", Status(self.expected))
        bad = set(self.notes) - set(NOTE_FLAGS)
        if bad:
            raise ValueError(f"{self.id}: unknown note flags {sorted(bad)}; allowed: {NOTE_FLAGS}")
        unmarked = [repr(fn) for fn in (*self.checks, *self.cross_checks) if not is_check(fn)]
        if unmarked:
            raise ValueError(f"{self.id}: checks must be functions marked with @check, got {', '.join(unmarked)}")


REGISTRY: dict[str, Claim] = {}
MODULE_OF: dict[str, str] = {}  # claim id → the claim module that registered it
LINE_OF: dict[str, int] = {}  # claim id → the line of its module where it is declared

CLAIMS_PACKAGE = "specproof.checks.claims"


def check(fn: CheckFn) -> CheckFn:
    """Mark a function as a check. A claim file attaches its checks with ``@c.decides`` / ``@c.supports``, which
    mark them; ``@check`` marks a check defined where no claim is (a ``_shared`` module), attached by a call.

    The check's name in reports and in THEOREMS.md is ``fn.__name__``.
    """
    fn.is_check = True  # type: ignore[attr-defined]  # a mark on the function object, read by is_check
    return fn


def is_check(obj) -> bool:
    """Whether ``obj`` is a function marked with :func:`check`."""
    return callable(obj) and getattr(obj, "is_check", False) is True


def _caller() -> tuple[str, int]:
    """The claim module that called into this one (the first frame outside the registry), and the line it is at."""
    import inspect

    frame = inspect.currentframe()
    while frame is not None and frame.f_globals.get("__name__") == __name__:
        frame = frame.f_back
    if frame is None:
        return "", 0
    return str(frame.f_globals.get("__name__", "")).removeprefix(CLAIMS_PACKAGE + "."), frame.f_lineno


class ClaimDeclaration:
    """A claim as its file declares it: the statement first, then the checks that decide it, attached by name.

    ``claim(...)`` returns one; ``@c.decides`` attaches a check whose evidence decides the verdict, ``@c.supports`` a
    cross-check whose evidence only supports it (run too, shown beside the deciding evidence). Called rather than
    used as a decorator (``c.decides(fn)``), they attach a check defined elsewhere (a ``_shared`` module) or already
    attached to another claim. The checks keep the order in which they are attached.
    """

    __slots__ = ("id",)

    def __init__(self, cid: str):
        self.id = cid

    def __repr__(self) -> str:
        return f"ClaimDeclaration({self.id!r})"

    @property
    def claim(self) -> Claim:
        """The registered claim with the checks attached so far."""
        return REGISTRY[self.id]

    def decides(self, fn: CheckFn) -> CheckFn:
        """Attach ``fn`` as a check that decides the claim (``Claim.checks``)."""
        return self._attach(fn, "checks")

    def supports(self, fn: CheckFn) -> CheckFn:
        """Attach ``fn`` as a cross-check that supports the verdict (``Claim.cross_checks``)."""
        return self._attach(fn, "cross_checks")

    def _attach(self, fn: CheckFn, role: str) -> CheckFn:
        if not callable(fn):
            raise TypeError(f"{self.id}: a check is a function of the Context, got {fn!r}")
        check(fn)
        current = REGISTRY[self.id]
        if role == "checks":
            REGISTRY[self.id] = replace(current, checks=(*current.checks, fn))
        else:
            REGISTRY[self.id] = replace(current, cross_checks=(*current.cross_checks, fn))
        return fn

    def second(self, record: str):
        """Attach, to the claim's stated ``record`` ("tightness", "weakest" or "limit"), the function that computes
        its numbers a second, independent way: a function of the Context returning
        :class:`~specproof.engine.records.Second` values. The runner calls it after the checks (it is not a check:
        it neither decides nor refutes) and the record carries both values."""
        if record not in ("tightness", "weakest", "limit"):
            raise ValueError(f"{self.id}: no record {record!r}; allowed: tightness, weakest, limit")

        def attach(fn):
            current = REGISTRY[self.id]
            rec = getattr(current, record)
            if rec is None:
                raise ValueError(f"{self.id}: a second computation of its {record} record, which it does not state")
            REGISTRY[self.id] = replace(current, **{record: replace(rec, confirm=fn)})
            return fn

        return attach

    def hypothesis(self, slug: str, **fields) -> ClaimDeclaration:
        """Declare, beside this claim, a claim of the project's own on one of its hypotheses: its id is
        ``<id>.hypotheses.<slug>`` and its aliases start with ``<id>.hypotheses``, the group that names all of them
        (``specproof verify <id>.hypotheses`` runs them all). Unless given, its source is the project's own at this
        claim's section and it uses this claim."""
        parent = REGISTRY[self.id]
        group = f"{self.id}.hypotheses"
        fields.setdefault("source", Source("specproof", parent.source.section, "own"))
        fields.setdefault("uses", [self.id])
        fields["aliases"] = (group, *tuple(fields.get("aliases", ())))
        return _declare(f"{group}.{slug}", fields, *_caller())


def _declare(cid: str, fields: dict, module: str, line: int) -> ClaimDeclaration:
    for attached in ("checks", "cross_checks"):
        if attached in fields:
            raise TypeError(
                f"{cid}: a claim is stated before its checks; attach them after it with @c.decides / @c.supports "
                f"(or c.decides(fn) for a check defined elsewhere), not with {attached}="
            )
    values: dict[str, Any] = {k: tuple(v) if isinstance(v, list) else v for k, v in fields.items()}
    c = Claim(id=cid, **values)
    if c.id in REGISTRY:
        raise ValueError(f"claim {c.id!r} registered twice")
    REGISTRY[c.id] = c
    MODULE_OF[c.id] = module
    LINE_OF[c.id] = line
    return ClaimDeclaration(c.id)


def claim(id: str, **fields) -> ClaimDeclaration:
    """Declare a claim (its statement, source, expected verdict, …); attach its checks after it with the returned
    declaration's ``@decides`` and ``@supports``."""
    return _declare(id, fields, *_caller())


def incomplete(claims) -> list[str]:
    """The claims expected to be decided that have no deciding check attached (a claim without checks can only be
    expected 'open')."""
    return [c.id for c in claims if c.expected is not Status.OPEN and not c.checks]


@dataclass(frozen=True)
class Section:
    """One section of a paper as ``claims/outline.toml`` lists it: the claim file that holds its claims (the paper's
    and the project's own that qualify them), in reading order."""

    paper: str  # "TRSP" or "SDEG"
    label: str  # the paper's section number, "§3.2.1", "App. C.3.2"
    title: str
    module: str  # the claim file, dotted under CLAIMS_PACKAGE: "trsp.app_c.c3_2"

    @property
    def heading(self) -> str:
        return self.label if self.title in ("", self.label) else f"{self.label}: {self.title}"


@functools.lru_cache(maxsize=1)
def outline() -> tuple[Section, ...]:
    """The papers' sections in reading order (TRSP, then SDEG; the main text in section order, then the appendices),
    each with the claim file that holds it."""
    import tomllib
    from importlib import resources

    text = resources.files(CLAIMS_PACKAGE).joinpath("outline.toml").read_text(encoding="utf-8")
    return tuple(
        Section(s["paper"], s["label"], s["title"], f"{s['paper'].lower()}.{s['file'].replace('/', '.')}")
        for s in tomllib.loads(text)["section"]
    )


def section_of(module: str) -> Section:
    """The outline's section whose claim file is ``module`` (dotted under CLAIMS_PACKAGE)."""
    return {s.module: s for s in outline()}[module]


def claim_modules() -> tuple[str, ...]:
    """The claim files in reading order, as ``claims/outline.toml`` lists them: dotted names under
    :data:`CLAIMS_PACKAGE` (``"trsp.app_c.c3_2"``). The registry follows this order, then each file's own."""
    return tuple(s.module for s in outline())


def load_modules(modules) -> None:
    """Import the given claim modules (dotted names as :func:`claim_modules` gives them); importing registers their
    claims."""
    import importlib

    for name in modules:
        importlib.import_module(f"{CLAIMS_PACKAGE}.{name}")
    wanted = set(modules)
    bad = incomplete(c for cid, c in REGISTRY.items() if MODULE_OF.get(cid) in wanted)
    if bad:
        raise ValueError(f"claims expected to be decided have no check attached: {', '.join(bad)}")


def load_all() -> dict[str, Claim]:
    """Import every claim module; the registry in document order (the outline's file order, then registration order)."""
    modules = claim_modules()
    load_modules(modules)
    rank = {m: n for n, m in enumerate(modules)}
    if list(REGISTRY) != sorted(REGISTRY, key=lambda cid: rank.get(MODULE_OF.get(cid, ""), len(rank))):
        ordered = sorted(REGISTRY.items(), key=lambda kv: rank.get(MODULE_OF.get(kv[0], ""), len(rank)))
        REGISTRY.clear()
        REGISTRY.update(ordered)
    return REGISTRY
