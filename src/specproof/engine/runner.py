"""Running claims: a claim's checks, its computed verdict, a run of many (Ctrl-C keeps what was decided), and the
claims an id names. The report renders what this computes (:mod:`specproof.render.report`)."""

from __future__ import annotations

import sys
import time
import traceback
from dataclasses import dataclass, field, replace

from threadpoolctl import threadpool_limits

from specproof.engine.interrupt import stop_if_asked
from specproof.engine.optional import missing_component
from specproof.engine.registry import Claim, Context, Evidence, Role, Status, load_all, weakest
from specproof.theory.errors import InputError

PROOF_METHOD = {"coq": "Coq", "sympy": "sympy", "exhaustive": "exhaustive check"}
NO_PROSE = "not recorded for this claim (its *Why this verdict* gives the argument)"


def worst_margin(evidence: list[Evidence]) -> float | None:
    """The smallest margin any piece of evidence recorded (None when none did)."""
    margins = [e.worst_margin for e in evidence if e.worst_margin is not None]
    return min(margins) if margins else None


def methods_of(evidence: list[Evidence]) -> list[str]:
    """The methods behind a verdict, sorted, without the placeholder of undecided checks."""
    return sorted({e.method for e in evidence if e.method != "none"})


class Findings:
    """What every result (a claim's, a variant property's) derives from its ``evidence``."""

    evidence: list

    @property
    def worst_margin(self) -> float | None:
        return worst_margin(self.evidence)

    @property
    def methods(self) -> list[str]:
        return methods_of(self.evidence)


@dataclass
class Result(Findings):
    """The computed verdict of one claim."""

    claim: Claim
    status: Status
    evidence: list = field(default_factory=list)
    seconds: float = 0.0
    error: str | None = None

    @property
    def matches(self) -> bool:
        return self.error is None and self.status is self.claim.expected

    @property
    def unavailable(self) -> str | None:
        """Why the claim was not decided here, when only a missing optional component (torch, transformers, Coq,
        ...) kept it open: what is missing and what installs it. Such a claim is no verdict change."""
        if self.error is not None or self.status is not Status.OPEN:
            return None
        missing = [e.data["unavailable"] for e in self.evidence if e.role is Role.DECIDES and "unavailable" in e.data]
        return "; ".join(dict.fromkeys(missing)) or None

    def notes(self) -> list[str]:
        out = list(self.claim.notes)
        if self.error:
            out.append(f"check crashed: {self.error}")
        if self.unavailable:
            out.append(f"not decided here: {self.unavailable}")
            return out
        if self.status is not self.claim.expected and not self.error:
            out.append(f"computed {self.status} differs from expected {self.claim.expected}")
        if self.status is Status.OPEN:
            out.append(f"open: {self.claim.reason}")
        return out

    def to_json(self) -> dict:
        proof = proof_steps(self)
        return (
            {
                "id": self.claim.id,
                "title": self.claim.title,
                "status": self.status.value,
                "expected": self.claim.expected.value,
                "matches_expected": self.matches,
                **({"unavailable": self.unavailable} if self.unavailable else {}),
                "reason": self.claim.reason,
                "methods": self.methods,
                "evidence": [e.to_json() for e in self.evidence],
                "notes": self.notes(),
                "worst_margin": self.worst_margin,
                "seconds": round(self.seconds, 3),
            }
            | ({} if proof is None else {"proof": {"machine_checked": proof[0], "prose": self.claim.prose or None}})
            | {name: rec.to_json() for name in ("tightness", "weakest", "limit") if (rec := record_of(self, name))}
            | {
                f"{name}_parts": [rec.to_json() for rec in recs[1:]]
                for name in ("tightness", "weakest", "limit")
                if len(recs := records_of(self, name)) > 1
            }
        )


def select(ids=None) -> list[Claim]:
    """Claims by id or alias (all when ``ids`` is empty), importing only the modules that hold them; an unknown id is
    an :class:`InputError` with the nearest ids."""
    from specproof.engine.index import load_index, resolve
    from specproof.engine.registry import REGISTRY, load_modules

    if not ids:
        return list(load_all().values())
    wanted = resolve(ids)
    index = load_index()
    load_modules(dict.fromkeys(index[cid].module for cid in wanted if cid in index))
    if any(cid not in REGISTRY for cid in wanted):  # an index older than the code: fall back to every module
        load_all()
    return [REGISTRY[cid] for cid in dict.fromkeys(wanted)]


def decide(evidence: list[Evidence]) -> Status:
    """Claim status from its evidence: refuted by any check, else the weakest deciding guarantee."""
    if any(e.status is Status.REFUTED for e in evidence):
        return Status.REFUTED
    return weakest(e.status for e in evidence if e.role is Role.DECIDES)


def verify(ids=None, *, wide: bool = False, seed: int = 0) -> list[Result]:
    """Decide claims as ``specproof verify`` does and return their results in reading order: ``ids`` are claim ids,
    groups or aliases (``"trsp.C6"``, ``"trsp.C4.weyl.hypotheses"``), every claim when omitted; ``wide`` runs the
    widest ranges. An unknown id is an :class:`InputError` naming the nearest ones."""
    return run(select([ids] if isinstance(ids, str) else ids), Context(wide=wide, seed=seed))


def run_claim(claim: Claim | str, ctx: Context = Context()) -> Result:
    """Run every check of a claim (a :class:`Claim` or its id), on one BLAS/OpenMP thread; a crashing check is
    recorded, never raised.

    One thread: the thread count changes the order of floating-point sums, and the dense problems of
    the checks are small enough that threads buy little.
    """
    if isinstance(claim, str):
        (claim,) = select([claim])
    with threadpool_limits(limits=1):
        return _run_claim(claim, ctx)


def _run_claim(claim: Claim, ctx: Context) -> Result:
    start = time.perf_counter()
    evidence: list[Evidence] = []
    error = None
    runs = [(fn, None) for fn in claim.checks] + [(fn, Role.SUPPORTS) for fn in claim.cross_checks]
    for fn, role in runs:
        stop_if_asked()
        name = fn.__name__
        t0 = time.perf_counter()
        try:
            ev = fn(ctx)
        except KeyboardInterrupt:
            raise
        except InputError as exc:  # bad data the check reads (a hand-edited store row): one line, no traceback
            error = f"{name}: {exc}"
            break
        except ModuleNotFoundError as exc:
            missing = missing_component(exc)
            if missing is None:  # not an optional component: a crash like any other
                error = f"{name}: {type(exc).__name__}: {exc}"
                traceback.print_exc(file=sys.stderr)
                break
            ev = Evidence(Status.OPEN, "unavailable", f"not decided here: {missing}", data={"unavailable": missing})
            evidence.append(replace(ev, check=name, seconds=time.perf_counter() - t0, role=role or Role.DECIDES))
            continue
        except Exception as exc:  # a crash is a finding about the check, reported not raised
            error = f"{name}: {type(exc).__name__}: {exc}"
            traceback.print_exc(file=sys.stderr)
            break
        evidence.append(replace(ev, check=name, seconds=time.perf_counter() - t0, role=role or ev.role))
    if error is None:
        try:
            evidence += second_computations(Result(claim, Status.OPEN, list(evidence)), ctx)
        except KeyboardInterrupt:
            raise
        except Exception as exc:  # a crashing second computation is a crash like a check's
            error = f"second computation: {type(exc).__name__}: {exc}"
            traceback.print_exc(file=sys.stderr)
    status = Status.OPEN if error else decide(evidence)
    return Result(claim, status, evidence, time.perf_counter() - start, error)


SECOND_METHOD = "second-method"


def second_computations(result, ctx: Context) -> list[Evidence]:
    """The records' second computations (attached with ``@c.second(record)``), each as a supporting piece of evidence
    that carries the record with both values. It never refutes: a disagreement is the second-methods audit's finding.
    Its status is the weakest guarantee a second computation can give here (verified: float computations)."""
    out = []
    for name in ("tightness", "weakest", "limit"):
        rec = getattr(result.claim, name)  # a second computation is attached to the claim's own record
        if rec is None or rec.confirm is None or not any(r is rec for r in records_of(result, name)):
            continue
        t0 = time.perf_counter()
        seconds = tuple(rec.confirm(ctx))
        confirmed = rec.confirmed_with(seconds)
        out.append(
            Evidence(
                Status.VERIFIED,
                SECOND_METHOD,
                f"the {name} record's numbers computed again: " + "; ".join(s.text() for s in seconds),
                role=Role.SUPPORTS,
                check=rec.confirm.__name__,
                seconds=time.perf_counter() - t0,
                data={"record": name},
                **{name: confirmed},
            )
        )
    return out


class Interrupted(Exception):
    """Ctrl-C during :func:`run`: ``results`` holds the claims decided before it."""

    def __init__(self, results: list[Result]):
        super().__init__(f"interrupted after {len(results)} claims")
        self.results = results


def run(claims: list[Claim], ctx: Context = Context(), progress="off") -> list[Result]:
    """Run claims in order; Ctrl-C raises :class:`Interrupted` with the results decided so far.

    ``progress``: "bar" (tqdm on stderr, for a terminal), "lines" (one line per claim on stderr, for a log or a
    pipe: which claim, its verdict and time, so a long run is never silent), or "off" (True and False mean "bar"
    and "off")."""
    from tqdm import tqdm

    progress = {True: "bar", False: "off", None: "off"}.get(progress, progress)
    if progress not in ("bar", "lines", "off"):
        raise ValueError(f"progress must be 'bar', 'lines' or 'off', got {progress!r}")
    results: list[Result] = []
    bar = tqdm(claims, desc="verifying", unit="claim", file=sys.stderr, leave=False, disable=progress != "bar")
    start = time.perf_counter()
    try:
        for n, c in enumerate(bar, 1):
            stop_if_asked()
            bar.set_postfix_str(c.id)
            results.append(run_claim(c, ctx))
            if progress == "lines":
                r = results[-1]
                print(
                    f"[{n}/{len(claims)}] {c.id}: {r.status.value} ({r.seconds:.1f} s;"
                    f" {time.perf_counter() - start:.0f} s so far)",
                    file=sys.stderr,
                    flush=True,
                )
        stop_if_asked()  # a Ctrl-C during the last check: the run stops with 130 like any other
    except KeyboardInterrupt:
        raise Interrupted(results) from None
    finally:
        bar.close()
    return results


def proof_steps(r) -> tuple[dict[str, list[str]], str] | None:
    """For a proved result: its machine-checked steps, read from the deciding evidence ({method: [Coq theorem or
    check name, ...]}), and the claim's prose steps (a missing ``prose`` reads as :data:`NO_PROSE`); None otherwise."""
    if r.status is not Status.PROVED:
        return None
    checked: dict[str, list[str]] = {}
    for e in r.evidence:
        if e.role is Role.DECIDES and e.status is Status.PROVED:
            if e.method == "coq":
                checked.setdefault(e.method, []).extend(e.data.get("theorems") or [e.data.get("theorem", e.check)])
            else:
                checked.setdefault(e.method, []).append(e.check)
    return checked, r.claim.prose or NO_PROSE


def records_of(result, name: str) -> list:
    """The claim's records ``name`` (tightness, weakest, limit), one per part of its statement (``part``, "" first):
    for each part, the one its second computation confirmed (the same record with both values), else the first
    deciding evidence that measured it, else the first supporting evidence's, else what the claim states itself."""
    ranked = [getattr(e, name) for e in result.evidence if e.method == SECOND_METHOD and e.data.get("record") == name]
    ranked += [getattr(e, name) for e in result.evidence if e.role is Role.DECIDES and e.method != SECOND_METHOD]
    ranked += [getattr(e, name) for e in result.evidence if e.role is not Role.DECIDES and e.method != SECOND_METHOD]
    ranked.append(getattr(result.claim, name, None))
    parts: dict = {}
    for rec in ranked:
        if rec is not None:
            parts.setdefault(rec.part, rec)
    return [parts[p] for p in sorted(parts, key=lambda p: (p != "", list(parts).index(p)))]


def record_of(result, name: str):
    """The claim's record ``name`` for its statement as a whole (or its first part): see :func:`records_of`; None
    when it has none."""
    recs = records_of(result, name)
    return recs[0] if recs else None
