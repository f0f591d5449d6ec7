"""Kernel-checked evidence: the Coq proofs in the project's ``proofs/`` folder.

A claim whose Coq theorem compiles and whose ``Print Assumptions`` lists nothing beyond the
standard library's axioms of the real numbers gets ``proved`` with method ``coq``.

- **Where it builds**: never in the project or the working directory. The ``.v`` files are copied
  into a temporary directory and compiled there with the system's ``coqc``; the directory is
  removed when the process exits. ``make -C proofs`` is the explicit build step that writes
  ``.vo`` files beside the sources, for working on the proofs.
- **Caching**: one build per content hash of ``proofs/`` (sources and ``_CoqProject``) and process;
  each theorem's assumptions are asked once per build.
- **Without Coq**: every check returns ``open`` and says how to install it; nothing raises.
"""

from __future__ import annotations

import functools
import hashlib
import shutil
import subprocess
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from specproof.checks.io import project_path
from specproof.checks.registry import Evidence, Status

LOGICAL_ROOT = "SpecProof"
INSTALL_HINT = ("install it with `apt-get install coq libcoq-mathcomp libcoq-coquelicot libcoq-interval` "
                "(Debian/Ubuntu; Coq 8.16) and rerun")
# Print Assumptions of a theorem about ℝ in Coq 8.16: the classical Dedekind reals of the standard
# library rest on these axioms and nothing else.
REAL_AXIOMS = frozenset({
    "ClassicalDedekindReals.sig_forall_dec",
    "ClassicalDedekindReals.sig_not_dec",
    "FunctionalExtensionality.functional_extensionality_dep",
})
BUILD_TIMEOUT_S = 900
QUERY_TIMEOUT_S = 120


@dataclass(frozen=True)
class CoqBuild:
    """A compiled copy of ``proofs/``: ``ok`` with its directory and modules, or the error that stopped it."""

    ok: bool
    directory: Path | None
    modules: tuple[str, ...]
    version: str
    log: str
    digest: str
    # the temporary directory's owner: the build keeps it alive, its finalizer removes it
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
    """SHA-256 over ``_CoqProject`` and the listed sources: the key of the build cache."""
    h = hashlib.sha256()
    for name in ["_CoqProject", *_sources(proofs)]:
        h.update(name.encode() + b"\0" + (proofs / name).read_bytes() + b"\0")
    return h.hexdigest()


def _run(args: list[str], cwd: Path, timeout: int) -> subprocess.CompletedProcess:
    return subprocess.run(args, cwd=cwd, capture_output=True, text=True, timeout=timeout, check=False)


@functools.lru_cache(maxsize=4)
def _build(proofs: Path, digest: str, coqc: str) -> CoqBuild:
    version = _run([coqc, "--version"], proofs, QUERY_TIMEOUT_S).stdout.split("\n")[0].strip()
    tmp = tempfile.TemporaryDirectory(prefix="specproof-coq-")
    work = Path(tmp.name)
    sources = _sources(proofs)
    for name in ["_CoqProject", *sources]:
        shutil.copy2(proofs / name, work / name)
    for name in sources:
        try:
            done = _run([coqc, "-q", "-Q", ".", LOGICAL_ROOT, name], work, BUILD_TIMEOUT_S)
        except subprocess.TimeoutExpired:
            return CoqBuild(False, None, (), version, f"coqc {name}: timed out after {BUILD_TIMEOUT_S} s", digest)
        if done.returncode != 0:
            return CoqBuild(False, None, (), version, f"coqc {name} failed:\n{(done.stdout + done.stderr)[-2000:]}", digest)
    modules = tuple(f"{LOGICAL_ROOT}.{Path(name).stem}" for name in sources)
    return CoqBuild(True, work, modules, version, "", digest, keeper=tmp)


def coq_build() -> CoqBuild | None:
    """The compiled proofs (built on first use, then cached by content hash), or None without
    ``coqc`` or without the project's ``proofs/``."""
    coqc, proofs = coqc_path(), proofs_dir()
    if coqc is None or proofs is None:
        return None
    return _build(proofs, proofs_digest(proofs), coqc)


def coq_query(build: CoqBuild, commands: str) -> str:
    """Run vernacular ``commands`` after importing every module of the build; its output (raises
    RuntimeError with Coq's message when Coq rejects them)."""
    header = "".join(f"Require Import {m}.\n" for m in build.modules)
    query = build.directory / "specproof_query.v"
    query.write_text(header + commands + "\n")
    done = _run([coqc_path() or "coqc", "-q", "-Q", ".", LOGICAL_ROOT, query.name], build.directory, QUERY_TIMEOUT_S)
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


@functools.lru_cache(maxsize=256)
def _assumptions(build: CoqBuild, theorem: str) -> tuple[str, ...] | str:
    """The axioms ``theorem`` rests on, or Coq's error message as a string."""
    try:
        answer = coq_query(build, f"Print Assumptions {theorem}.")
    except RuntimeError as exc:
        return str(exc)
    parsed = parse_assumptions(answer)
    return f"unexpected answer to Print Assumptions: {answer.strip()[:500]}" if parsed is None else parsed


def coq_evidence(theorem: str, *, what: str, ranges: str) -> Evidence:
    """Evidence that the Coq theorem ``theorem`` (a name in ``proofs/``, e.g. ``trsp_C6_mu2_lower``)
    is kernel-checked: ``proved`` (method ``coq``) when it compiles and rests on no axiom beyond
    the standard library's real numbers; ``open`` with the reason otherwise (no Coq, no proofs,
    a failed build, an unknown theorem, an admitted lemma or a foreign axiom)."""
    def open_(reason: str, **data) -> Evidence:
        return Evidence(Status.OPEN, "coq", f"{what}: not kernel-checked: {reason}", ranges=ranges,
                        data={"theorem": theorem, **data})

    if coqc_path() is None:
        return open_(f"Coq is not installed (no coqc on PATH); {INSTALL_HINT}")
    build = coq_build()
    if build is None:
        return open_("the project's proofs/ folder is not available to this installation")
    if not build.ok:
        return open_(f"the proofs did not compile with {build.version}: {build.log}", coq=build.version)
    assumptions = _assumptions(build, theorem)
    if isinstance(assumptions, str):
        return open_(f"Coq does not accept `Print Assumptions {theorem}`: {assumptions}", coq=build.version)
    foreign = [a for a in assumptions if a not in REAL_AXIOMS]
    data = {"theorem": theorem, "assumptions": list(assumptions), "coq": build.version,
            "proofs_sha256": build.digest}
    if foreign:
        return open_(f"{theorem} depends on {', '.join(foreign)} (admitted or assumed)", **data)
    rests_on = ("closed under the global context" if not assumptions
                else "assumes only the standard library's real-number axioms (" + ", ".join(assumptions) + ")")
    return Evidence(Status.PROVED, "coq", f"{what}: Coq theorem {theorem} is kernel-checked ({build.version}); "
                    f"{rests_on}", ranges=ranges, worst_margin=0.0, data=data)


# Which Coq theorem formalises which claim (the statement as the catalogue states it; see each .v file).
COQ_THEOREMS = {
    "trsp.C6.bit-lemma": "trsp_C6_bit_lemma",
    "trsp.C6.bit-lemma.sharp": "bit_lemma_iii_sharp",
    "trsp.C6.mu2-lower": "trsp_C6_mu2_lower",
    "trsp.C6.mu2-lower.sharp": "trsp_C6_mu2_lower_sharp",
    "trsp.C7.kernel-energy": "trsp_C7_kernel_energy",
    "trsp.tribox.kernel.fixed": "trsp_tribox_kernel_identity",
    "trsp.C8.spectral-norm.sharp": "trsp_C8_spectral_norm_sharp",
    "sdeg.c.Lm-singular": "sdeg_c_Lm_inverse_gram",
    "sdeg.c.eigen": "sdeg_c_eigen",
    "sdeg.b.charpoly": "sdeg_b_charpoly",
    "sdeg.b.eigen-profile": "sdeg_b_ideal_profile",
    "sdeg.E.orientation-average": "sdeg_E_orientation_algebra",
}
