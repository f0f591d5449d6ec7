"""Kernel-checked evidence: the Coq proofs in the project's ``proofs/`` folder.

A claim's Coq step is a :class:`CoqHook`: a theorem of ``proofs/`` *and the statement it must have*, pinned
as Coq text beside the claim. The step is ``proved`` (method ``coq``) only when

1. the proofs compile with the system's ``coqc``;
2. the compiled theorem's type, as ``Check`` prints it in its own module's context, is the pinned statement
   (whitespace-normalised); a theorem weakened to ``True`` keeps its name but not its statement;
3. every definition of ``proofs/`` that the statement uses (transitively) prints as its pinned body
   (:data:`specproof.engine.formal_pins.DEFINITIONS`): a statement about ``mu`` says nothing if ``mu`` was
   redefined to be 4;
4. ``Print Assumptions`` lists nothing beyond the standard library's axioms of the real numbers.

Anything else is ``open`` with one line saying what differs.

- **Where it builds**: never in the project or the working directory. The ``.v`` files are copied into
  the user's cache directory (``$SPECPROOF_CACHE_DIR``, else ``$XDG_CACHE_HOME/specproof``, else
  ``~/.cache/specproof``) under ``coq/<key>``, the key a hash of the sources, ``_CoqProject`` and the Coq
  installation; a build is made in a scratch folder there and renamed into place, so concurrent processes
  never see half a build. Every module's answers (statements, definitions, assumptions) are cached beside
  it, so a second process asks Coq nothing. ``SPECPROOF_NO_CACHE=1`` builds in a temporary directory
  that is removed when the process exits. ``make -C proofs`` is the explicit build step that writes
  ``.vo`` files beside the sources, for working on the proofs.
- **Without Coq**: every check returns ``open`` and says how to install it; nothing raises.
"""

from __future__ import annotations

import functools
import hashlib
import json
import re
import shutil
import subprocess
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from specproof.engine.io import CACHE_ENV, NO_CACHE_ENV, cache_dir, project_path, write_atomic  # noqa: F401 (CACHE_ENV, NO_CACHE_ENV: re-exported)
from specproof.engine.registry import Evidence, Status, check

LOGICAL_ROOT = "SpecProof"
INSTALL_HINT = (
    "install it with `apt-get install coq libcoq-mathcomp libcoq-coquelicot libcoq-interval libcoq-mathcomp-real-closed"
    " libcoq-mathcomp-algebra-tactics` (Debian/Ubuntu; Coq 8.16) and rerun"
)
# Print Assumptions of a theorem about ℝ in Coq 8.16: the classical Dedekind reals of the standard
# library rest on these axioms and nothing else.
REAL_AXIOMS = frozenset(
    {
        "ClassicalDedekindReals.sig_forall_dec",
        "ClassicalDedekindReals.sig_not_dec",
        "FunctionalExtensionality.functional_extensionality_dep",
    }
)
BUILD_TIMEOUT_S = 900
QUERY_TIMEOUT_S = 300
_DECLARATION = re.compile(r"^\s*(?!Local\b)(Theorem|Lemma|Corollary|Definition|Fixpoint)\s+([A-Za-z_][\w']*)", re.M)
_PRELUDE = re.compile(
    r"^[ \t]*(From\s+\S+\s+)?(Require|Import|Export|(Local\s+)?Open\s+Scope|Set|Unset)\b.*?\.(?=\s|$)", re.M | re.S
)
_TOKEN = re.compile(r"[A-Za-z_][\w']*")


def normalised(text: str) -> str:
    """Coq text with every run of whitespace one space: how pinned and printed statements are compared."""
    return " ".join(text.split())


@dataclass(frozen=True)
class CoqHook:
    """A Coq theorem a claim rests on, with the statement it must have.

    ``module`` is the file stem in ``proofs/`` (``Kernel`` for ``proofs/Kernel.v``); ``statement`` is the
    theorem's type as ``Check`` prints it in that module's own context (its Require/Import/Open Scope lines),
    compared whitespace-normalised. ``specproof coq-pins`` prints the current statements to pin.
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
class CoqBuild:
    """A compiled copy of ``proofs/``: ``ok`` with its directory and modules, or the error that stopped it."""

    ok: bool
    directory: Path | None
    modules: tuple[str, ...]
    version: str
    log: str
    digest: str
    # a build outside the cache: the temporary directory's owner keeps it alive, its finalizer removes it
    keeper: tempfile.TemporaryDirectory | None = field(default=None, compare=False, repr=False)


def coqc_path() -> str | None:
    """The ``coqc`` on PATH, or None."""
    return shutil.which("coqc")


def proofs_dir() -> Path | None:
    """The project's ``proofs/`` folder (None for an installation without the project)."""
    path = project_path("proofs")
    return path if path is not None and (path / "_CoqProject").is_file() else None


def _sources(proofs: Path) -> list[str]:
    """The ``.v`` files of ``_CoqProject`` in its order (dependency order)."""
    lines = (line.strip() for line in (proofs / "_CoqProject").read_text().splitlines())
    return [line for line in lines if line.endswith(".v") and not line.startswith("#")]


def proofs_digest(proofs: Path) -> str:
    """SHA-256 over ``_CoqProject`` and the listed sources."""
    h = hashlib.sha256()
    for name in ["_CoqProject", *_sources(proofs)]:
        h.update(name.encode() + b"\0" + (proofs / name).read_bytes() + b"\0")
    return h.hexdigest()


def _run(args: list[str], cwd: Path, timeout: int) -> subprocess.CompletedProcess:
    return subprocess.run(args, cwd=cwd, capture_output=True, text=True, timeout=timeout, check=False)


@functools.lru_cache(maxsize=4)
def _installation(coqc: str) -> tuple[str, str]:
    """coqc's version line and library directory (part of the cache key)."""
    version = (
        subprocess.run([coqc, "--version"], capture_output=True, text=True, check=False).stdout.split("\n")[0].strip()
    )
    where = subprocess.run([coqc, "-where"], capture_output=True, text=True, check=False).stdout.strip()
    return version, where


def _compile(work: Path, sources: list[str], coqc: str) -> str:
    """Compile ``sources`` in ``work`` in order: '' on success, else the error."""
    for name in sources:
        try:
            done = _run([coqc, "-q", "-Q", ".", LOGICAL_ROOT, name], work, BUILD_TIMEOUT_S)
        except subprocess.TimeoutExpired:
            return f"coqc {name}: timed out after {BUILD_TIMEOUT_S} s"
        if done.returncode != 0:
            return f"coqc {name} failed:\n{(done.stdout + done.stderr)[-2000:]}"
    return ""


def _copy_sources(proofs: Path, work: Path, sources: list[str]) -> None:
    for name in ["_CoqProject", *sources]:
        shutil.copy2(proofs / name, work / name)


@functools.lru_cache(maxsize=8)
def _build(proofs: Path, digest: str, coqc: str) -> CoqBuild:
    version, where = _installation(coqc)
    sources = _sources(proofs)
    modules = tuple(f"{LOGICAL_ROOT}.{Path(name).stem}" for name in sources)
    key = hashlib.sha256(f"{digest}\0{version}\0{where}".encode()).hexdigest()[:32]
    root = cache_dir()
    if root is not None:
        final = root / "coq" / key
        if (final / "build.json").is_file():
            return CoqBuild(True, final, modules, version, "", digest)
        try:
            (root / "coq").mkdir(parents=True, exist_ok=True)
            scratch = Path(tempfile.mkdtemp(prefix=".build-", dir=root / "coq"))
        except OSError:
            root = None  # an unwritable cache: build in a temporary directory instead
    if root is None:
        tmp = tempfile.TemporaryDirectory(prefix="specproof-coq-")
        work = Path(tmp.name)
        _copy_sources(proofs, work, sources)
        error = _compile(work, sources, coqc)
        if error:
            return CoqBuild(False, None, (), version, error, digest)
        return CoqBuild(True, work, modules, version, "", digest, keeper=tmp)
    try:
        _copy_sources(proofs, scratch, sources)
        error = _compile(scratch, sources, coqc)
        if error:
            return CoqBuild(False, None, (), version, error, digest)
        (scratch / "build.json").write_text(json.dumps({"coq": version, "digest": digest, "modules": modules}) + "\n")
        try:
            scratch.rename(final)
        except OSError:  # another process finished the same build first: use theirs
            if not (final / "build.json").is_file():
                raise
        return CoqBuild(True, final, modules, version, "", digest)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def coq_build(proofs: Path | None = None) -> CoqBuild | None:
    """The compiled proofs (the project's, or ``proofs``), built on first use and cached by content hash;
    None without ``coqc`` or without a ``proofs/`` folder."""
    coqc, proofs = coqc_path(), proofs or proofs_dir()
    if coqc is None or proofs is None:
        return None
    return _build(proofs, proofs_digest(proofs), coqc)


def coq_query(build: CoqBuild, commands: str, header: str | None = None) -> str:
    """Run vernacular ``commands`` after ``header`` (default: importing every module of the build); its output
    (raises RuntimeError with Coq's message when Coq rejects them). Runs in a scratch directory that reads
    the build, so a cached build is never written to."""
    if header is None:
        header = "".join(f"Require Import {m}.\n" for m in build.modules)
    with tempfile.TemporaryDirectory(prefix="specproof-query-") as tmp:
        query = Path(tmp) / "specproof_query.v"
        query.write_text(header + commands + "\n")
        done = _run(
            [coqc_path() or "coqc", "-q", "-Q", str(build.directory), LOGICAL_ROOT, query.name],
            Path(tmp),
            QUERY_TIMEOUT_S,
        )
    if done.returncode != 0:
        raise RuntimeError((done.stdout + done.stderr).strip()[-2000:])
    return done.stdout


def parse_assumptions(output: str) -> tuple[str, ...] | None:
    """The axioms of a ``Print Assumptions`` answer: () when closed, None when it is not one."""
    if "Closed under the global context" in output:
        return ()
    if "Axioms:" not in output:
        return None
    body = output.split("Axioms:", 1)[1]
    # each axiom starts a line with its name; its type follows on that line or indented below
    return tuple(line.split()[0].rstrip(":") for line in body.splitlines() if line and not line[0].isspace())


def printed_type(output: str) -> str:
    """The type in ``Check name.``'s answer ``name\\n     : type``, normalised."""
    head, _, rest = output.strip().partition(":")
    return normalised(rest)


def printed_body(output: str) -> str:
    """The body of ``Print name.``'s answer ``name = body : type  Arguments …``, normalised (Arguments dropped)."""
    text = output.strip()
    text = re.split(r"\n\s*\n|\nArguments\b", text, maxsplit=1)[0]
    return normalised(text.partition("=")[2])


def module_prelude(source: str) -> str:
    """A module's own Require/Import/Open Scope/Set lines: the context its statements are printed in."""
    return "".join(normalised(m.group(0)) + "\n" for m in _PRELUDE.finditer(_without_comments(source)))


def declarations(source: str) -> tuple[list[str], list[str]]:
    """The theorem-like and definition names a module declares at top level (not Local)."""
    theorems, definitions = [], []
    for kind, name in _DECLARATION.findall(_without_comments(source)):
        (definitions if kind in ("Definition", "Fixpoint") else theorems).append(name)
    return theorems, definitions


def _without_comments(source: str) -> str:
    out, depth, i = [], 0, 0
    while i < len(source):
        if source.startswith("(*", i):
            depth, i = depth + 1, i + 2
        elif source.startswith("*)", i) and depth:
            depth, i = depth - 1, i + 2
        else:
            if not depth:
                out.append(source[i])
            i += 1
    return "".join(out)


def _ask_module(build: CoqBuild, module: str, source: str) -> dict:
    """Every top-level theorem's printed statement and assumptions, and every definition's printed body, of one
    module, in one coqc run (each answer redirected to its own file)."""
    theorems, definitions = declarations(source)
    header = module_prelude(source) + f"Require Import {LOGICAL_ROOT}.{module}.\n"
    lines = []
    for i, name in enumerate(theorems):
        lines += [
            f'Redirect "t{i}" Check {LOGICAL_ROOT}.{module}.{name}.',
            f'Redirect "a{i}" Print Assumptions {LOGICAL_ROOT}.{module}.{name}.',
        ]
    lines += [f'Redirect "d{i}" Print {LOGICAL_ROOT}.{module}.{name}.' for i, name in enumerate(definitions)]
    with tempfile.TemporaryDirectory(prefix="specproof-query-") as tmp:
        query = Path(tmp) / "specproof_query.v"
        query.write_text(header + "\n".join(lines) + "\n")
        done = _run(
            [coqc_path() or "coqc", "-q", "-Q", str(build.directory), LOGICAL_ROOT, query.name],
            Path(tmp),
            QUERY_TIMEOUT_S,
        )
        if done.returncode != 0:
            return {"error": (done.stdout + done.stderr).strip()[-1500:]}

        def read(stem):
            path = Path(tmp) / f"{stem}.out"
            return path.read_text() if path.is_file() else ""

        return {
            "theorems": {
                name: {"statement": printed_type(read(f"t{i}")), "assumptions": parse_assumptions(read(f"a{i}"))}
                for i, name in enumerate(theorems)
            },
            "definitions": {name: printed_body(read(f"d{i}")) for i, name in enumerate(definitions)},
        }


@functools.lru_cache(maxsize=64)
def module_answers(build: CoqBuild, module: str) -> dict:
    """What Coq says about one module of a build (cached on disk beside a cached build)."""
    source = (build.directory / f"{module}.v").read_text()
    cached = build.directory / f"answers-{module}.json"
    if build.keeper is None and cached.is_file():
        return json.loads(cached.read_text())
    answers = _ask_module(build, module, source)
    if build.keeper is None and "error" not in answers:
        try:
            write_atomic(cached, json.dumps(answers, ensure_ascii=False, sort_keys=True) + "\n")
        except OSError:
            pass  # a read-only cache still answers, only not for the next process
    return answers


def defined_names(build: CoqBuild) -> dict[str, str]:
    """Every top-level definition of the build's modules: name → module (first module in build order wins)."""
    out: dict[str, str] = {}
    for qualified in build.modules:
        module = qualified.split(".", 1)[1]
        for name in declarations((build.directory / f"{module}.v").read_text())[1]:
            out.setdefault(name, module)
    return out


def used_definitions(build: CoqBuild, statement: str, home: str) -> dict[str, str]:
    """The definitions of ``proofs/`` a statement of module ``home`` uses, transitively through their bodies:
    ``Module.name`` → body (a name ``home`` defines itself is its own; others the first module's in build order)."""
    names = defined_names(build) | {n: home for n in declarations((build.directory / f"{home}.v").read_text())[1]}
    found: dict[str, str] = {}
    todo = [statement]
    while todo:
        for token in set(_TOKEN.findall(todo.pop())):
            module = names.get(token)
            key = f"{module}.{token}"
            if module is None or key in found:
                continue
            body = module_answers(build, module).get("definitions", {}).get(token, "")
            found[key] = body
            todo.append(body)
    return dict(sorted(found.items()))


def _hook_status(build: CoqBuild, hook: CoqHook, pins: dict[str, str]) -> tuple[str | None, dict]:
    """(None, data) when the hook holds, else (the one-line reason it does not, data)."""
    if not (build.directory / f"{hook.module}.v").is_file():
        return f"proofs/ has no module {hook.module} (no {hook.source})", {}
    answers = module_answers(build, hook.module)
    if "error" in answers:
        return f"Coq does not answer for {hook.source}: {answers['error'].splitlines()[-1][:300]}", {}
    got = answers["theorems"].get(hook.theorem)
    if got is None:
        return f"{hook.source} declares no theorem {hook.theorem}", {}
    data = {"statement": got["statement"]}
    if got["statement"] != hook.statement:
        return (f"{hook.theorem} now states `{got['statement'][:240]}`, not the pinned `{hook.statement[:240]}`", data)
    definitions = used_definitions(build, got["statement"], hook.module)
    for name, body in definitions.items():
        pinned = pins.get(name)
        if pinned is None:
            return f"the statement uses {name}, whose definition is not pinned (add it to checks/formal_pins.py)", data
        if normalised(pinned) != body:
            return f"{name} is now defined as `{body[:200]}`, not the pinned `{normalised(pinned)[:200]}`", data
    assumptions = got["assumptions"]
    if assumptions is None:
        return f"Coq gave no Print Assumptions answer for {hook.theorem}", data
    data |= {"definitions": sorted(definitions), "assumptions": list(assumptions)}
    foreign = [a for a in assumptions if a not in REAL_AXIOMS]
    if foreign:
        return f"{hook.theorem} depends on {', '.join(foreign)} (admitted or assumed)", data
    return None, data


def coq_evidence(hooks, *, what: str, ranges: str, proofs: Path | None = None) -> Evidence:
    """Evidence that every Coq theorem of ``hooks`` (a :class:`CoqHook` or several) is kernel-checked with its
    pinned statement: ``proved`` (method ``coq``) when the proofs compile, each theorem states exactly its pinned
    statement over pinned definitions and rests on no axiom beyond the standard library's real numbers;
    ``open`` with the one-line reason otherwise (no Coq, no proofs, a failed build, an unknown theorem, a changed
    statement or definition, an admitted lemma or a foreign axiom)."""
    from specproof.engine.formal_pins import DEFINITIONS

    hooks = (hooks,) if isinstance(hooks, CoqHook) else tuple(hooks)
    names = [h.theorem for h in hooks]
    base = {"theorem": names[0] if len(names) == 1 else names, "theorems": names}

    def open_(reason: str, **data) -> Evidence:
        return Evidence(Status.OPEN, "coq", f"{what}: not kernel-checked: {reason}", ranges=ranges, data=base | data)

    if coqc_path() is None:
        missing = f"Coq is not installed (no coqc on PATH); {INSTALL_HINT}"
        return open_(missing, unavailable=missing)
    build = coq_build(proofs)
    if build is None:
        return open_("the project's proofs/ folder is not available to this installation")
    if not build.ok:
        return open_(f"the proofs did not compile with {build.version}: {build.log}", coq=build.version)
    every: dict[str, dict] = {}
    for hook in hooks:
        reason, data = _hook_status(build, hook, DEFINITIONS)
        if reason is not None:
            return open_(reason, coq=build.version, **data)
        every[hook.theorem] = data
    assumptions = sorted({a for d in every.values() for a in d["assumptions"]})
    rests_on = (
        "closed under the global context"
        if not assumptions
        else "assumes only the standard library's real-number axioms (" + ", ".join(assumptions) + ")"
    )
    label = "Coq theorem " + names[0] if len(names) == 1 else "Coq theorems " + ", ".join(names)
    return Evidence(
        Status.PROVED,
        "coq",
        f"{what}: {label} {'is' if len(names) == 1 else 'are'} kernel-checked ({build.version}) with "
        f"{'its' if len(names) == 1 else 'their'} pinned statement{'' if len(names) == 1 else 's'}; {rests_on}",
        ranges=ranges,
        worst_margin=0.0,
        data=base
        | {
            "assumptions": assumptions,
            "coq": build.version,
            "proofs_sha256": build.digest,
            "pinned": {
                h.theorem: {
                    "module": h.module,
                    "statement": h.statement,
                    "definitions": every[h.theorem]["definitions"],
                }
                for h in hooks
            },
        },
    )


def coq_check(name: str, *hooks: CoqHook, what: str, ranges: str):
    """A check (named ``name`` in reports) that the ``hooks`` hold: see :func:`coq_evidence`. The hooks are kept on
    the function (``coq_hooks``), so the catalogue can show every pinned statement of a claim."""

    def fn(ctx):
        return coq_evidence(hooks, what=what, ranges=ranges)

    fn.__name__ = fn.__qualname__ = name
    fn.__doc__ = f"The Coq step: {', '.join(h.theorem for h in hooks)} ({what})."
    fn.coq_hooks = hooks
    return check(fn)


def claim_hooks(claim) -> tuple[CoqHook, ...]:
    """Every Coq hook of a claim's checks, in check order."""
    return tuple(h for fn in (*claim.checks, *claim.cross_checks) for h in getattr(fn, "coq_hooks", ()))
