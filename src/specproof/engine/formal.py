"""Kernel-checked evidence: the Coq proofs in the project's ``proofs/`` folder.

A claim's Coq step is a :class:`CoqHook`: a theorem of ``proofs/`` *and the statement it must have*, pinned
beside the claim. Coq is asked, never a regex: the step is ``proved`` (method ``coq``) only when

1. the proofs compile with the system's ``coqc``;
2. every object the theorem's statement reaches in ``proofs/`` — transitively through the kernel terms of the
   project's own constants (their types and bodies), inductives and constructors, each found by its fully
   qualified name — has a pin (:mod:`specproof.engine.formal_pins`) and is exactly its pin: the same kind, the same
   text as Coq prints it, the same set of fully qualified references and the same SHA-256 of its kernel term. A
   notation, an ``Open Scope``, a number notation, a ``Let``, a ``Program`` or ``#[local]`` definition, a
   same-named object of another module or a shadowed library name all show up in the kernel terms, so nothing
   the statement means can change without a pin saying so; a reached object without a pin, a pin whose object
   is gone or a name that now resolves elsewhere keeps the step open (fail closed);
3. ``Print Assumptions`` lists only :data:`ALLOWED_AXIOMS`, compared by the fully qualified path Coq resolves each
   printed name to (an axiom declared anywhere under ``proofs/`` is rejected, whatever it is called), and the
   libraries that declare them are loaded from the Coq installation;
4. the claim's constants, as the claim's statement writes them, are in the theorem's statement
   (:class:`CoqCheck` ``constants``), so a pin weakened together with its theorem is a visible change of the
   claim, not of a pin.

A Coq step *decides* its claim only where the hooked theorems, with the steps cited from a named textbook theorem
or from a claim it uses (:class:`Step`), state the claim; a step argued in prose only leaves the Coq evidence a
cross-check. Which sentence each theorem covers and which steps are cited is part of the evidence
(:func:`claim_coverage`), and the catalogue shows it.

- **One question per build**: one generated ``.v`` file asks Coq about every pinned theorem at once (the closure
  of their statements by an Ltac2 walker over the kernel terms, every pinned object's printed text, and the axioms
  per module); the answers are cached beside the build, so a second process asks Coq nothing.
- **Where it builds**: never in the project or the working directory. The ``.v`` files are copied into the user's
  cache directory (``$SPECPROOF_CACHE_DIR``, else ``$XDG_CACHE_HOME/specproof``, else ``~/.cache/specproof``) under
  ``coq/<key>``, the key a hash of the sources, ``_CoqProject``, the flags, the coqc binary, the Coq installation and
  the environment coqc runs in; a build is made in a scratch folder there and renamed into place, so concurrent
  processes never see half a build. ``SPECPROOF_NO_CACHE=1`` builds in a temporary directory that is removed when
  the process exits; an unusable cache directory (a file, a relative path, one that cannot be written) is said in
  one line and nothing is cached. ``make -C proofs`` is the explicit build step that writes ``.vo`` files beside
  the sources, for working on the proofs.
- **The load path is part of the evidence**: coqc runs with none of the caller's load-path variables (``COQPATH``,
  ``COQLIB``, ``OCAMLPATH``, the XDG data directories; see :func:`specproof.engine.coq.coq_env`), with the project
  as its only ``-Q``; every library the build loads is recorded with the file Coq loaded it from and its SHA-256,
  and a file outside the installation (``coqc -where``) keeps every step open with the reason.
- **A cache entry is used only while it is this build**: its manifest (``build.json``) records the digest of every
  source, every compiled file and every library it loaded; an entry is used only when the sources are the recorded
  ones, each ``.vo`` has its recorded digest and comes from its source (the MD5 coqc writes in the ``.glob``), and
  each library is still the recorded file inside the installation. Otherwise it is rebuilt, with one line on
  stderr saying why.
- **Without Coq**: every check returns ``open`` and says how to install it; nothing raises.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from specproof.engine.coq import (  # noqa: F401 (the names the checks and tests read from here: re-exported)
    ALLOWED_AXIOMS,
    INSTALL_HINT,
    _assumption_entries,
    ask_coq,
    build_answers,
    coq_query,
)
from specproof.engine.coq_build import (  # noqa: F401 (re-exported, as above)
    LOGICAL_ROOT,
    CoqBuild,
    build_at,
    compile_sources,
    coq_build,
    coqc_path,
    normalised,
    proofs_dir,
)
from specproof.engine.io import CACHE_ENV, NO_CACHE_ENV, cache_dir  # noqa: F401 (re-exported)
from specproof.engine.registry import Evidence, Role, Status, check


@dataclass(frozen=True)
class CoqHook:
    """A Coq theorem a claim rests on, with the statement it must have.

    ``module`` is the file stem in ``proofs/`` (``Kernel`` for ``proofs/Kernel.v``); ``statement`` is the theorem's
    type as ``Check`` prints it in that module's own context (its Require/Import/Open Scope lines), whitespace-
    normalised; it must be the theorem's pin (:mod:`specproof.engine.formal_pins`), which Coq's answer is compared
    with. ``specproof coq-pins`` shows them.
    """

    theorem: str
    module: str
    statement: str

    def __post_init__(self):
        object.__setattr__(self, "statement", normalised(self.statement))

    @property
    def qualified(self) -> str:
        return f"{LOGICAL_ROOT}.{self.module}.{self.theorem}"

    @property
    def source(self) -> str:
        return f"proofs/{self.module}.v"


@dataclass(frozen=True)
class Step:
    """A step of a claim's argument that no hooked Coq theorem states: taken from a claim it ``uses`` (``claim``),
    decided by another of its checks (``check``: a sympy identity, an exact certificate), or a named textbook
    theorem (``cites``: the theorem and where it is stated). A step with none of these is argued in prose only:
    then the Coq theorems do not state the claim and the Coq check does not decide it."""

    text: str
    claim: str = ""
    check: str = ""
    cites: str = ""

    @property
    def kind(self) -> str:
        return "claim" if self.claim else "check" if self.check else "cited" if self.cites else "prose"


@dataclass(frozen=True)
class CoqCheck:
    """What a claim's Coq check states: the hooks, which sentence of the claim each theorem covers (``covers``,
    theorem → sentence), the steps outside Coq (:class:`Step`), and the claim's constants as pairs (as the claim's
    statement writes them, as the theorem's statement prints them)."""

    hooks: tuple[CoqHook, ...]
    covers: tuple[tuple[str, str], ...] = ()
    steps: tuple[Step, ...] = ()
    constants: tuple[tuple[str, str], ...] = ()

    @property
    def states_claim(self) -> bool:
        return all(s.kind != "prose" for s in self.steps)

    def coverage(self) -> dict:
        return {
            "theorems": dict(self.covers),
            "steps": [
                {"kind": s.kind, "text": s.text} | ({"by": s.claim or s.check or s.cites} if s.kind != "prose" else {})
                for s in self.steps
            ],
            "states_claim": self.states_claim,
        }


# ------------------------------------------------------------------------------------------- comparing with pins


def reach(objects: dict[str, dict], root: str) -> list[str]:
    """The project objects reachable from ``root`` (root first, breadth first)."""
    seen, order, todo = {root}, [root], [root]
    while todo:
        nxt = []
        for f in todo:
            for r in objects[f]["refs"]:
                if r in objects and r not in seen:
                    seen.add(r)
                    order.append(r)
                    nxt.append(r)
        todo = nxt
    return order


def _last(name: str) -> str:
    return name.rsplit(".", 1)[-1]


def _kind_ok(pinned: str, actual: str, is_root: bool) -> bool:
    if is_root:
        return pinned == "theorem" and actual in ("opaque", "transparent")
    return pinned == actual


def _structural_reason(root: str, order: list[str], objects: dict, pins: dict, found: dict) -> str | None:
    for fqn in order:
        if not objects[fqn]["exact"]:
            return f"{fqn} contains a term the checker cannot read exactly (projection, evar or primitive array)"
    for fqn in order:
        o, pin = objects[fqn], pins.get(fqn)
        if pin is None:
            user = next((u for u in order if fqn in objects[u]["refs"]), root)
            twin = [p for p in pins.get(user, {}).get("refs", []) if _last(p) == _last(fqn) and p != fqn]
            if twin:
                return (
                    f"{user} now refers to {fqn} where the pin has {twin[0]} (the same name resolves to another object)"
                )
            return f"{user} uses {fqn} ({o['kind']}), which has no pin"
        if not _kind_ok(pin["kind"], o["kind"], fqn == root):
            return f"{fqn} is now {o['kind']}, pinned as {pin['kind']}"
        for added in sorted(set(o["refs"]) - set(pin.get("refs", []))):
            twin = [p for p in pin.get("refs", []) if _last(p) == _last(added) and p not in o["refs"]]
            if twin:
                return (
                    f"{fqn} now refers to {added} where the pin has {twin[0]}"
                    " (the same name resolves to another object)"
                )
    for name in pins[root].get("closure", []):
        if found.get(name, "") is None:
            return f"the pinned object {name} cannot be found (no object with that fully qualified name)"
    return None


def _term_reason(order: list[str], objects: dict, pins: dict, printed: dict) -> str | None:
    deepest_first = order[::-1]  # a changed body explains a changed statement, not the reverse
    for fqn in deepest_first:
        want, got = normalised(pins[fqn]["printed"]), printed.get(fqn)
        if got is None:
            return f"Coq printed nothing for {fqn}"
        if want != got:
            return f"{fqn} now prints as `{got[:160]}`, not the pinned `{want[:160]}`"
    for fqn in deepest_first:
        o, pin = objects[fqn], pins[fqn]
        got_refs, want_refs = set(o["refs"]), set(pin.get("refs", []))
        if got_refs != want_refs:
            added, removed = sorted(got_refs - want_refs), sorted(want_refs - got_refs)
            if added and removed:
                return f"{fqn} now refers to {', '.join(added)} instead of {', '.join(removed)}"
            if added:
                return f"{fqn} now also refers to {', '.join(added)}"
            return f"{fqn} no longer refers to {', '.join(removed)}"
        if pin["digest"] != o["digest"]:
            return (
                f"{fqn} prints as pinned but its kernel term differs (digest {o['digest'][:12]} ≠ pinned"
                f" {pin['digest'][:12]}): a notation, scope, coercion or instance now reads it differently"
            )
    return None


def _axiom_reason(root: str, paths: list[str], problems: list[str]) -> str | None:
    if problems:
        return problems[0]
    for a in paths:
        if a == LOGICAL_ROOT or a.startswith(LOGICAL_ROOT + "."):
            return f"{root} rests on {a}, an axiom (or admitted lemma) declared in proofs/"
        if a not in ALLOWED_AXIOMS:
            return f"{root} rests on {a}, which is not an allowed axiom"
    return None


def hook_reason(build: CoqBuild, answers: dict, hook: CoqHook, pins: dict[str, dict]) -> tuple[str | None, dict]:
    """(None, data) when the hook holds, else (the one-line reason it does not, data)."""
    fqn = hook.qualified
    if f"{LOGICAL_ROOT}.{hook.module}" not in build.modules:
        return f"proofs/ has no module {hook.module} (no {hook.source} in _CoqProject)", {}
    pin = pins.get(fqn)
    if pin is None or pin.get("kind") != "theorem":
        return f"{fqn} has no pin (pin it with `specproof coq-pins --write` after review)", {}
    if normalised(pin["printed"]) != hook.statement:
        return f"the hook's statement of {hook.theorem} is not its pin `{normalised(pin['printed'])[:200]}`", {}
    if "error" in answers:
        return f"Coq does not answer for proofs/: {answers['error'][-300:]}", {}
    objects = answers["objects"]
    if fqn in answers["missing"] or fqn not in objects:
        return f"{fqn} does not exist (no object with that fully qualified name)", {}
    order = reach(objects, fqn)
    data = {"statement": answers["printed"].get(fqn, ""), "objects": order[1:]}
    reason = _structural_reason(fqn, order, objects, pins, answers["found"]) or _term_reason(
        order, objects, pins, answers["printed"]
    )
    if reason is not None:
        return reason, data
    paths, problems = answers["axioms"].get(fqn, [[], [f"Coq gave no Print Assumptions answer for {fqn}"]])
    data["assumptions"] = paths
    return _axiom_reason(fqn, paths, problems), data


# ------------------------------------------------------------------------------------------- the claim's constants

# What a claim's constant and the theorem's must share, read left to right: numerals, √, π, log and the relations
# (≤ for ≤ and ≥, < for < and >, =, ≠); everything else (names, arrows, Coq's %-scopes) is skipped. TeX's \frac14 is
# two numerals; Coq's prefix / x is 1 / x and S n is n + 1.
_LATEX_TOKENS = re.compile(
    r"(?P<le>\\(?:geq?|leq?|succeq|preceq)(?![a-zA-Z])|[≥≤])|(?P<ne>\\neq?(?![a-zA-Z])|≠)|(?P<lt>[<>])|(?P<eq>=)"
    r"|(?P<sqrt>\\sqrt(?![a-zA-Z])|√)|(?P<pi>\\pi(?![a-zA-Z])|π)|(?P<log>\\(?:ln|log)(?![a-zA-Z]))"
    r"|\\[dt]?frac(?P<frac>\d\d)|(?P<num>\d+)|\\[a-zA-Z]+"
)
_COQ_TOKENS = re.compile(
    r"(?P<le><=|>=)|(?P<ne><>|!=)|->|<-|<->|(?P<lt>[<>])|(?P<eq>=)|(?P<sqrt>\bsqrt\b)|(?P<pi>\bPI\b)|(?P<log>\bln\b)"
    r"|(?P<succ>\bS\b)|(?P<inv>(?:^|(?<=[(<>=+*-]))\s*/)|[A-Za-z_][\w']*|(?P<num>\d+)"
)
_TOKEN_NAMES = {"le": "≤", "ne": "≠", "lt": "<", "eq": "=", "sqrt": "√", "pi": "π", "log": "log"}


def constant_tokens(text: str, coq: bool) -> list[str]:
    """The constants and relations of a fragment of the claim's statement (``coq=False``, TeX) or of a theorem's
    statement (``coq=True``), sorted."""
    out = []
    for m in (_COQ_TOKENS if coq else _LATEX_TOKENS).finditer(text):
        kind = m.lastgroup
        if kind == "num":
            out.append(str(int(m.group(0))))
        elif kind == "frac":
            out += list(m.group("frac"))
        elif kind in ("succ", "inv"):
            out.append("1")
        elif kind is not None:
            out.append(_TOKEN_NAMES[kind])
    return sorted(out)


def constant_problems(statement: str, coq_statements: list[str], constants) -> list[str]:
    """Why a Coq check's constants do not tie its theorems to the claim (empty when they do): each pair's claim side
    is in the claim's statement, its Coq side in what Coq prints for one of the theorems or an object their
    statements reach, and both carry the same constants and relations."""
    problems = []
    claim_text = normalised(statement)
    for claim_side, coq_side in constants:
        if normalised(claim_side) not in claim_text:
            problems.append(f"the claim's statement does not contain its constant `{claim_side}`")
        elif not any(normalised(coq_side) in s for s in coq_statements):
            problems.append(f"no Coq statement contains `{coq_side}`, the claim's `{claim_side}`")
        elif constant_tokens(claim_side, coq=False) != constant_tokens(coq_side, coq=True):
            problems.append(
                f"`{coq_side}` carries {constant_tokens(coq_side, coq=True)}, the claim's `{claim_side}`"
                f" {constant_tokens(claim_side, coq=False)}"
            )
    return problems


# ------------------------------------------------------------------------------------------------ the evidence


def pins_of() -> dict[str, dict]:
    from specproof.engine.formal_pins import PINS

    return PINS


def claims_of(fn) -> list:
    """The registered claims whose checks include ``fn`` (a Coq check reads its claim's statement and uses)."""
    from specproof.engine.registry import REGISTRY

    return [c for c in REGISTRY.values() if fn in c.checks or fn in c.cross_checks]


class _NotChecked(Exception):
    """Why a stage of :func:`coq_evidence` leaves the theorems not kernel-checked: the open evidence's reason and
    the data it records."""

    def __init__(self, reason: str, **data):
        super().__init__(reason)
        self.reason, self.data = reason, data


def coq_evidence(
    hooks,
    *,
    what: str,
    ranges: str,
    proofs: Path | None = None,
    build: CoqBuild | None = None,
    spec: CoqCheck | None = None,
    claims=(),
) -> Evidence:
    """Evidence that every Coq theorem of ``hooks`` (a :class:`CoqHook` or several) is kernel-checked as pinned:
    ``proved`` (method ``coq``) when the proofs compile, each theorem and everything its statement reaches in
    proofs/ is exactly its pin, it rests on no axiom beyond :data:`ALLOWED_AXIOMS`, and the claim's constants are in
    its statement; ``open`` with the one-line reason otherwise. With ``spec`` (and the ``claims`` whose check it is,
    whose statements its constants must be in): where the theorems and the steps outside Coq do not state the claim,
    the proved evidence only supports (role ``supports``)."""
    hooks = (hooks,) if isinstance(hooks, CoqHook) else tuple(hooks)
    names = [h.theorem for h in hooks]
    base = {"theorem": names[0] if len(names) == 1 else names, "theorems": names}
    if spec is not None:
        base["coverage"] = spec.coverage()
    try:
        build = _compiled(build, proofs)
        answers, every = _pinned(build, hooks)
        if spec is not None:
            _constants_stated(build, answers, every, spec, claims)
    except _NotChecked as why:
        return Evidence(
            Status.OPEN, "coq", f"{what}: not kernel-checked: {why.reason}", ranges=ranges, data=base | why.data
        )
    return _proved(hooks, build, every, spec, what=what, ranges=ranges, base=base)


def _compiled(build: CoqBuild | None, proofs: Path | None) -> CoqBuild:
    """The build stage: the given build, or proofs/ compiled here, compiled and on the pinned libraries."""
    if build is None:
        if coqc_path() is None:
            missing = f"Coq is not installed (no coqc on PATH); {INSTALL_HINT}"
            raise _NotChecked(missing, unavailable=missing)
        build = coq_build(proofs)
        if build is None:
            raise _NotChecked("the project's proofs/ folder is not available to this installation")
    if not build.ok:
        raise _NotChecked(f"the proofs did not compile with {build.version}: {build.log}", coq=build.version)
    if build.library_problem:
        raise _NotChecked(build.library_problem, coq=build.version)
    return build


def _pinned(build: CoqBuild, hooks) -> tuple[dict, dict[str, dict]]:
    """The ask and pin stages: Coq's answers about every theorem and what it reaches, and each theorem's data
    (statement, objects, assumptions) once it matches its pin."""
    pins = pins_of()
    answers = build_answers(build, pins)
    every: dict[str, dict] = {}
    for hook in hooks:
        reason, data = hook_reason(build, answers, hook, pins)
        if reason is not None:
            raise _NotChecked(reason, coq=build.version, **data)
        every[hook.theorem] = data
    return answers, every


def _constants_stated(build: CoqBuild, answers: dict, every: dict[str, dict], spec: CoqCheck, claims) -> None:
    """The verify stage: each claim's constants in what Coq prints for the theorems or the objects they reach, and
    the spec's coverage fits the claim."""
    texts = [d["statement"] for d in every.values()]
    texts += [answers["printed"].get(o, "") for d in every.values() for o in d["objects"]]
    for claim in claims:
        problems = constant_problems(claim.statement, texts, spec.constants) + spec_problems(spec, claim)
        if problems:
            raise _NotChecked(f"{claim.id}: {problems[0]}", coq=build.version)


def _proved(
    hooks, build: CoqBuild, every: dict[str, dict], spec: CoqCheck | None, *, what: str, ranges: str, base: dict
) -> Evidence:
    """The evidence stage: proved, with what the theorems rest on, the objects they reach and the pins; only
    supporting where the spec says the theorems and its steps do not state the claim."""
    names = [h.theorem for h in hooks]
    assumptions = sorted({a for d in every.values() for a in d["assumptions"]})
    rests_on = (
        "closed under the global context"
        if not assumptions
        else "no axiom beyond the standard library's real numbers ("
        + ", ".join(a.rsplit(".", 1)[1] for a in assumptions)
        + ")"
    )
    objects = sorted({o for d in every.values() for o in d["objects"]})
    label = "Coq theorem " + names[0] if len(names) == 1 else "Coq theorems " + ", ".join(names)
    summary = (
        f"{what}: {label} {'is' if len(names) == 1 else 'are'} kernel-checked ({build.version}) as pinned, with the"
        f" {len(objects)} object{'' if len(objects) == 1 else 's'} of proofs/"
        f" {'it reaches' if len(names) == 1 else 'they reach'}"
        f" (compared by fully qualified name and kernel term); {rests_on}"
    )
    role = Role.DECIDES
    if spec is not None and not spec.states_claim:
        gaps = "; ".join(s.text for s in spec.steps if s.kind == "prose")
        summary += f"; it does not state the claim: {gaps} is argued in prose only, so it only supports the verdict"
        role = Role.SUPPORTS
    return Evidence(
        Status.PROVED,
        "coq",
        summary,
        ranges=ranges,
        worst_margin=0.0,
        role=role,
        data=base
        | {
            "assumptions": assumptions,
            "coq": build.version,
            "proofs_sha256": build.digest,
            "libraries": {"count": len(build.libraries), "sha256": build.libraries_digest},
            "pinned": {
                h.theorem: {"module": h.module, "statement": h.statement, "objects": every[h.theorem]["objects"]}
                for h in hooks
            },
        },
    )


def coq_check(
    name: str,
    *hooks: CoqHook,
    what: str,
    ranges: str,
    covers: dict[str, str] | None = None,
    steps=(),
    constants=(),
):
    """A check (named ``name`` in reports) that the ``hooks`` hold: see :func:`coq_evidence`. ``covers`` says which
    sentence of the claim each theorem states (theorem → sentence), ``steps`` the steps outside Coq (:class:`Step`),
    ``constants`` the claim's constants as pairs (claim's text, Coq's text). The spec is kept on the function
    (``coq_hooks``, ``coq_spec``), so the catalogue can show every pinned statement and the coverage."""
    spec = CoqCheck(tuple(hooks), tuple((covers or {}).items()), tuple(steps), tuple(constants))

    def fn(ctx):
        return coq_evidence(hooks, what=what, ranges=ranges, spec=spec, claims=claims_of(fn))

    fn.__name__ = fn.__qualname__ = name
    fn.__doc__ = f"The Coq step: {', '.join(h.theorem for h in hooks)} ({what})."
    setattr(fn, "coq_hooks", tuple(hooks))  # noqa: B010  (an attribute of this function, not of Callable)
    setattr(fn, "coq_spec", spec)  # noqa: B010
    return check(fn)


def spec_problems(spec: CoqCheck, claim) -> list[str]:
    """Why a Coq check's coverage does not fit its claim: a theorem without its sentence, a sentence for a theorem it
    does not hook, a step from a claim it does not use or from a check it does not have."""
    hooked = {h.theorem for h in spec.hooks}
    covered = {t for t, _ in spec.covers}
    checks = {fn.__name__ for fn in (*claim.checks, *claim.cross_checks)}
    problems = [f"the coverage does not say which sentence {t} states" for t in sorted(hooked - covered)]
    problems += [f"the coverage names {t}, which the check does not hook" for t in sorted(covered - hooked)]
    problems += [
        f"a step is taken from {s.claim}, which the claim does not use"
        for s in spec.steps
        if s.claim and s.claim not in claim.uses
    ]
    problems += [
        f"a step is decided by {s.check}, which is not a check of the claim"
        for s in spec.steps
        if s.check and s.check not in checks
    ]
    return problems


def claim_hooks(claim) -> tuple[CoqHook, ...]:
    """Every Coq hook of a claim's checks, in check order."""
    return tuple(h for fn in (*claim.checks, *claim.cross_checks) for h in getattr(fn, "coq_hooks", ()))


def claim_coverage(claim) -> tuple[CoqCheck, ...]:
    """The Coq checks of a claim (hooks, which sentence each theorem covers, the steps outside Coq)."""
    return tuple(fn.coq_spec for fn in (*claim.checks, *claim.cross_checks) if hasattr(fn, "coq_spec"))


# best first: a claim's level is the best of its Coq checks'
COVERAGE_LEVELS = ("full", "partial", "supports")


def coverage(claim, claims: dict | None = None, _seen: frozenset = frozenset()) -> tuple[str, tuple]:
    """How much of the claim its Coq theorems state, and what keeps it from more: (level, held), the level as
    :func:`coverage_level` reads it and held the steps of its best Coq check that keep it below 'full', each as
    (:class:`Step`, the level of the claim it is taken from: '' for a claim without a Coq check, or for a step that is
    not taken from a claim). ('', ()) for a claim without a Coq check."""
    if claims is None:
        from specproof.engine.registry import REGISTRY

        claims = REGISTRY
    best: tuple[str, tuple] = ("", ())
    for spec in claim_coverage(claim):
        held: list[tuple[Step, str]] = []
        for s in spec.steps:
            if s.kind in ("prose", "check"):
                held.append((s, ""))
            elif s.kind == "claim":
                used = (
                    coverage(claims[s.claim], claims, _seen | {claim.id})[0]
                    if s.claim not in _seen and s.claim in claims
                    else ""
                )
                if used != "full":
                    held.append((s, used))
        kinds = {s.kind for s, _ in held}
        level = "supports" if "prose" in kinds else "partial" if held else "full"
        if level == "supports":
            held = [(s, u) for s, u in held if s.kind == "prose"]
        if not best[0] or COVERAGE_LEVELS.index(level) < COVERAGE_LEVELS.index(best[0]):
            best = (level, tuple(held))
    return best


def coverage_level(claim, claims: dict | None = None) -> str:
    """How much of the claim its Coq theorems state, as the catalogue's FULL / PARTIAL / SUPPORTS reads it: 'full'
    when one of its Coq checks leaves outside Coq only cited steps (a named theorem or definition) and steps taken
    from used claims that are themselves 'full' (so every step is kernel-checked somewhere or cited); 'partial' when
    some step is decided by another check (sympy, exact arithmetic) or taken from a claim that is not 'full';
    'supports' when some step is argued in prose only; '' for a claim without a Coq check."""
    return coverage(claim, claims)[0]


# ----------------------------------------------------------------------------------------------------- pinning


def make_pins(build: CoqBuild, theorems: list[str]) -> dict[str, dict]:
    """Pins for ``theorems`` (fully qualified) and every project object their statements reach, as the build has them
    now (review before committing: a pin is what a claim's Coq step is compared with)."""
    first = ask_coq(build, theorems, {})
    if first["missing"]:
        raise LookupError(f"not found: {', '.join(first['missing'])}")
    objects = first["objects"]
    prints = {f: ("theorem" if f in theorems else o["kind"]) for f, o in objects.items()}
    texts = ask_coq(build, theorems, prints)["printed"]
    pins: dict[str, dict] = {}
    for fqn, o in sorted(objects.items()):
        pins[fqn] = {"kind": prints[fqn], "printed": texts[fqn], "digest": o["digest"], "refs": o["refs"]}
    for t in theorems:
        pins[t]["closure"] = sorted(set(reach(objects, t)) - {t})
    return pins
