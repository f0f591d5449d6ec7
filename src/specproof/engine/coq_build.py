"""Building ``proofs/`` with the system's ``coqc``: the compiled build, cached by a hash of the sources, the flags,
the Coq binary and installation, and used only while its manifest of source, compiled-file and library digests holds;
coqc runs in an environment that gives it no load path but the installation's and the project's. Asking the build
about its theorems is :mod:`specproof.engine.coq`."""

from __future__ import annotations

import functools
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field, replace
from pathlib import Path

from specproof.engine.io import cache_dir, project_path

LOGICAL_ROOT = "SpecProof"
BUILD_TIMEOUT_S = 900
QUERY_TIMEOUT_S = 900


def normalised(text: str) -> str:
    """Coq text with every run of whitespace one space: how pinned and printed texts are compared."""
    return " ".join(text.split())


@dataclass(frozen=True)
class CoqBuild:
    """A compiled copy of ``proofs/``: ``ok`` with its directory and modules, or the error that stopped it.

    ``libraries`` lists every library the modules load, outside the project, with its file and SHA-256, as Coq
    reported them for this build; ``library_problem`` says why they cannot be trusted (a file outside the Coq
    installation, one Coq could not locate), '' when they can."""

    ok: bool
    directory: Path | None
    modules: tuple[str, ...]
    version: str
    log: str
    digest: str
    # a build outside the cache: the temporary directory's owner keeps it alive, its finalizer removes it
    keeper: tempfile.TemporaryDirectory | None = field(default=None, compare=False, repr=False)
    libraries: tuple[tuple[str, str, str], ...] = ()
    library_problem: str = ""

    @property
    def libraries_digest(self) -> str:
        """SHA-256 over the loaded libraries' names, files and digests (what the evidence records)."""
        return hashlib.sha256(json.dumps(list(self.libraries)).encode()).hexdigest()


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


def _sha256(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def proofs_digest(proofs: Path) -> str:
    """SHA-256 over ``_CoqProject`` and the listed sources."""
    h = hashlib.sha256()
    for name in ["_CoqProject", *_sources(proofs)]:
        h.update(name.encode() + b"\0" + (proofs / name).read_bytes() + b"\0")
    return h.hexdigest()


# What coqc may read from the environment: enough to find itself and a temporary directory. COQPATH, COQLIB,
# COQCORELIB, OCAMLPATH, OCAMLFIND_CONF and the XDG data directories all add to (or replace) the directories Coq and
# its plugin loader read libraries from, so none of them reaches coqc: the load path is the installation's and the
# project's, whatever the caller's environment says.
_ENV_KEPT = ("PATH", "HOME", "TMPDIR", "LANG", "LC_ALL", "LC_CTYPE")
_ENV_SET = {"XDG_DATA_HOME": os.devnull, "XDG_DATA_DIRS": os.devnull, "XDG_CONFIG_HOME": os.devnull}
# The command line of every build: the sources under the project's root and nothing from _CoqProject but the file
# list (a flag there, such as -type-in-type, is not passed on).
BUILD_FLAGS = ("-q", "-Q", ".", LOGICAL_ROOT)
# bump when the build manifest changes: entries of another version are rebuilt
BUILD_FORMAT = 2


def coq_env() -> dict[str, str]:
    """The environment every coqc run gets (see ``_ENV_KEPT``)."""
    return {k: os.environ[k] for k in _ENV_KEPT if k in os.environ} | _ENV_SET


def run_coqc(args: list[str], cwd: Path, timeout: int) -> subprocess.CompletedProcess:
    return subprocess.run(args, cwd=cwd, capture_output=True, text=True, timeout=timeout, check=False, env=coq_env())


@functools.lru_cache(maxsize=4)
def _installation(coqc: str) -> tuple[str, str, str]:
    """coqc's version line, its library directory (asked in the clean environment) and the SHA-256 of the coqc
    executable: part of the cache key."""
    anywhere = Path(tempfile.gettempdir())  # not the working directory, which may be gone
    version = run_coqc([coqc, "--version"], anywhere, 60).stdout.split("\n")[0].strip()
    where = run_coqc([coqc, "-where"], anywhere, 60).stdout.strip()
    return version, where, _sha256(Path(coqc).resolve())


def compile_sources(work: Path, sources: list[str], coqc: str | None = None) -> str:
    """Compile ``sources`` in ``work`` in order: '' on success, else the error."""
    coqc = coqc or coqc_path() or "coqc"
    for name in sources:
        try:
            done = run_coqc([coqc, *BUILD_FLAGS, name], work, BUILD_TIMEOUT_S)
        except subprocess.TimeoutExpired:
            return f"coqc {name}: timed out after {BUILD_TIMEOUT_S} s"
        if done.returncode != 0:
            return f"coqc {name} failed:\n{(done.stdout + done.stderr)[-2000:]}"
    return ""


def _copy_sources(proofs: Path, work: Path, sources: list[str]) -> None:
    for name in ["_CoqProject", *sources]:
        shutil.copy2(proofs / name, work / name)


def _modules(work: Path) -> tuple[str, ...]:
    return tuple(f"{LOGICAL_ROOT}.{Path(name).stem}" for name in _sources(work))


_LOADED_FROM = re.compile(r"(\S+) has been loaded from file (\S+\.vo)")


def loaded_libraries(work: Path, modules, coqc: str) -> tuple[tuple[tuple[str, str, str], ...], str]:
    """Every library the modules of a build load, outside the project, as (logical name, file, SHA-256), and the
    problem with them ('' when every file lies inside the Coq installation ``coqc -where``). Two coqc runs: the
    names (Print Libraries), then the file Coq loaded each from (Locate Library)."""
    where = Path(_installation(coqc)[1]).resolve()
    header = "".join(f"Require {m}.\n" for m in modules)

    def ask(text: str) -> str:
        with tempfile.TemporaryDirectory(prefix="specproof-libs-") as tmp:
            (Path(tmp) / "specproof_libs.v").write_text(header + text)
            done = run_coqc([coqc, "-q", "-Q", str(work), LOGICAL_ROOT, "specproof_libs.v"], Path(tmp), QUERY_TIMEOUT_S)
        if done.returncode != 0:
            raise RuntimeError(normalised(done.stdout + done.stderr)[-400:])
        return done.stdout

    try:
        listed = ask("Print Libraries.\n")
        names = sorted({n for n in re.findall(r"^\s+([A-Za-z_][\w'.]*)\s*$", listed, re.M)} - set(modules))
        located = dict(_LOADED_FROM.findall(normalised(ask("".join(f"Locate Library {n}.\n" for n in names)))))
    except (RuntimeError, subprocess.TimeoutExpired) as err:
        return (), f"Coq could not list the libraries the proofs load: {err}"
    records, problem = [], ""
    for name in names:
        file = located.get(name)
        if file is None:
            problem = problem or f"Coq did not say which file the library {name} was loaded from"
            continue
        path = Path(file).resolve()
        if not path.is_relative_to(where):
            problem = problem or f"the library {name} was loaded from {file}, outside the Coq installation {where}"
        records.append((name, str(path), _sha256(path) if path.is_file() else ""))
    return tuple(records), problem


def build_at(work: Path, version: str = "", digest: str = "", keeper=None) -> CoqBuild:
    """A :class:`CoqBuild` for a directory already compiled in place (every module of its ``_CoqProject``), with the
    libraries it loads as Coq reports them."""
    coqc = coqc_path() or "coqc"
    modules = _modules(work)
    libraries, problem = loaded_libraries(work, modules, coqc)
    return CoqBuild(True, work, modules, version or _installation(coqc)[0], "", digest, keeper, libraries, problem)


def _md5(path: Path) -> str:
    return hashlib.md5(path.read_bytes(), usedforsecurity=False).hexdigest()


def _manifest(work: Path, key: str, coqc: str, sources: list[str], build: CoqBuild) -> dict:
    """What a cached build records: its key, the installation, the digest of every source and compiled file, and
    every library it loads with its file's digest."""
    version, where, binary = _installation(coqc)
    return {
        "format": BUILD_FORMAT,
        "key": key,
        "coq": version,
        "where": where,
        "coqc_sha256": binary,
        "flags": list(BUILD_FLAGS),
        "sources": {name: _sha256(work / name) for name in ["_CoqProject", *sources]},
        "compiled": {f"{Path(name).stem}.vo": _sha256(work / f"{Path(name).stem}.vo") for name in sources},
        "libraries": [list(r) for r in build.libraries],
    }


def _entry_problem(final: Path, key: str, proofs: Path, sources: list[str], coqc: str) -> str | None:
    """Why the cache entry ``final`` cannot be used for these sources (None when it can): its manifest must be this
    version's, for this key and installation; its recorded source digests must be the sources' now (and its copies
    of them); every compiled file must have its recorded digest and come from its source (the MD5 that coqc writes
    at the head of the .glob file); every library it loaded must lie inside the installation with its recorded
    digest."""
    try:
        manifest = json.loads((final / "build.json").read_text())
    except (OSError, ValueError):
        return "it has no readable build.json"
    if not isinstance(manifest, dict) or manifest.get("format") != BUILD_FORMAT:
        return "it was written by another version of specproof"
    version, where, binary = _installation(coqc)
    if (manifest.get("key"), manifest.get("coqc_sha256"), manifest.get("where")) != (key, binary, where):
        return "its key or Coq installation is not this one"
    recorded = manifest.get("sources", {})
    if sorted(recorded) != sorted(["_CoqProject", *sources]):
        return "it records other source files"
    for name in ["_CoqProject", *sources]:
        if _sha256(proofs / name) != recorded[name]:
            return f"its recorded digest of {name} is not the source's"
        if not (final / name).is_file() or _sha256(final / name) != recorded[name]:
            return f"its copy of {name} differs from its recorded digest"
    compiled = manifest.get("compiled", {})
    for name in sources:
        stem = Path(name).stem
        vo, glob = final / f"{stem}.vo", final / f"{stem}.glob"
        if not vo.is_file() or _sha256(vo) != compiled.get(f"{stem}.vo"):
            return f"{stem}.vo differs from its recorded digest"
        first = glob.read_text(errors="replace").split("\n", 1)[0] if glob.is_file() else ""
        if first != f"DIGEST {_md5(final / name)}":
            return f"{stem}.vo was not compiled from {name} (its .glob records another source)"
    for lib in manifest.get("libraries", []):
        if not (isinstance(lib, list) and len(lib) == 3):
            return "its library records are malformed"
        name, file, digest = lib
        path = Path(file)
        if not path.resolve().is_relative_to(Path(where).resolve()):
            return f"it loaded the library {name} from {file}, outside the Coq installation"
        if not path.is_file() or _sha256(path) != digest:
            return f"the library {name} ({file}) is no longer the file it was built against"
    return None


_SAID: set[str] = set()


def _say(line: str) -> None:
    """One line on stderr, once per process for each line."""
    if line not in _SAID:
        _SAID.add(line)
        print(f"specproof: {line}", file=sys.stderr)


def build_key(digest: str, coqc: str) -> str:
    """The cache key of a build: the sources, the flags, the Coq binary and installation, the environment coqc runs
    in (which variables it keeps, which it sets) and the manifest format; the libraries loaded are recorded in the
    entry and checked on every use."""
    version, where, binary = _installation(coqc)
    environment = [list(_ENV_KEPT), sorted(_ENV_SET.items())]
    blob = json.dumps([BUILD_FORMAT, digest, list(BUILD_FLAGS), version, where, binary, environment])
    return hashlib.sha256(blob.encode()).hexdigest()[:32]


def _fresh_build(proofs: Path, work: Path, sources: list[str], coqc: str, digest: str, keeper=None) -> CoqBuild:
    version = _installation(coqc)[0]
    _copy_sources(proofs, work, sources)
    error = compile_sources(work, sources, coqc)
    if error:
        return CoqBuild(False, None, (), version, error, digest)
    return build_at(work, version, digest, keeper)


@functools.lru_cache(maxsize=8)
def _build(proofs: Path, digest: str, coqc: str) -> CoqBuild:
    sources = _sources(proofs)
    key = build_key(digest, coqc)
    root = cache_dir()
    if root is not None:
        final = root / "coq" / key
        if final.exists():
            problem = _entry_problem(final, key, proofs, sources, coqc)
            if problem is None:
                manifest = json.loads((final / "build.json").read_text())
                libraries = tuple(tuple(r) for r in manifest["libraries"])
                return CoqBuild(True, final, _modules(final), manifest["coq"], "", digest, None, libraries)
            _say(f"not using the cached Coq build {final}: {problem}; rebuilding")
        try:
            (root / "coq").mkdir(parents=True, exist_ok=True)
            scratch = Path(tempfile.mkdtemp(prefix=".build-", dir=root / "coq"))
        except OSError as err:
            _say(f"cannot write the Coq build cache {root / 'coq'} ({err.strerror}); building in a temporary directory")
            root = None
    if root is None:
        tmp = tempfile.TemporaryDirectory(prefix="specproof-coq-")
        return _fresh_build(proofs, Path(tmp.name), sources, coqc, digest, keeper=tmp)
    try:
        built = _fresh_build(proofs, scratch, sources, coqc, digest)
        if not built.ok:
            return built
        manifest = _manifest(scratch, key, coqc, sources, built)
        (scratch / "build.json").write_text(json.dumps(manifest, indent=1) + "\n")
        if final.exists():  # the entry refused above (or one another process left): replaced, never reused
            shutil.rmtree(final, ignore_errors=True)
        try:
            scratch.rename(final)
        except OSError:  # another process finished the same build first: use theirs if it holds
            if _entry_problem(final, key, proofs, sources, coqc) is not None:
                raise
        return replace(built, directory=final)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def coq_build(proofs: Path | None = None) -> CoqBuild | None:
    """The compiled proofs (the project's, or ``proofs``), built on first use and cached by content hash;
    None without ``coqc`` or without a ``proofs/`` folder."""
    coqc, proofs = coqc_path(), proofs or proofs_dir()
    if coqc is None or proofs is None:
        return None
    return _build(proofs, proofs_digest(proofs), coqc)
