"""The Coq evidence outside a clean room: the load path comes from the installation and the project only, and a cached
build is used only while it is the build of these sources against these libraries (the three attacks of an audit,
each with a fresh cache and a warm one), and an unusable cache directory is said, once."""

import hashlib
import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from specproof.engine import coq, coq_build, formal, io
from specproof.engine.registry import Status

needs_coq = pytest.mark.skipif(
    formal.coqc_path() is None or formal.proofs_dir() is None,
    reason="Coq is not installed (no coqc on PATH) or proofs/ is absent; " + formal.INSTALL_HINT,
)
CLAIM = "sdeg.c.dyadic-blocks"
REALS = "Require Import Reals Lia Lra Arith."
# The planted modules require the Reals files by name, so nothing else they load depends on R_sqrt: a fake
# Coq.Reals.R_sqrt on the load path is then loaded without an inconsistency for Coq to report.
BY_NAME = {
    "Sums": "Require Import Coq.Reals.Rbase Coq.Reals.Rfunctions Lia Lra Arith.",
    "Dyadic": "Require Import Coq.Reals.Rbase Coq.Reals.Rfunctions Coq.Reals.R_sqrt Lia Lra Arith.",
}
FAKE_SQRT = """Require Import Rbase Rfunctions.
Local Open Scope R_scope.
Definition sqrt (x : R) : R := 1.
Lemma sqrt_mult : forall x y, 0 <= x -> 0 <= y -> sqrt (x * y) = sqrt x * sqrt y.
Proof. intros. unfold sqrt. ring. Qed.
Lemma sqrt_inv : forall x, sqrt (/ x) = / sqrt x.
Proof. intros. unfold sqrt. field. Qed.
Lemma sqrt_le_1_alt : forall x y, x <= y -> sqrt x <= sqrt y.
Proof. intros. unfold sqrt. apply Rle_refl. Qed.
"""
ADMITTED = (
    "  intros n r d Hd. rewrite <- sqrt_mult by (apply block_sum_nonneg || apply pos_INR).\n"
    "  rewrite <- sqrt_inv. apply sqrt_le_1_alt. apply sdeg_c_dyadic_blocks. exact Hd.\nQed.",
    "Admitted.",
)


def _sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.fixture(scope="module")
def fake_coqpath(tmp_path_factory) -> Path:
    """A COQPATH directory whose Coq.Reals.R_sqrt defines sqrt x := 1 (compiled with that COQPATH, as a user would)."""
    root = tmp_path_factory.mktemp("coqpath")
    (root / "Coq" / "Reals").mkdir(parents=True)
    (root / "Coq" / "Reals" / "R_sqrt.v").write_text(FAKE_SQRT)
    done = subprocess.run(
        [formal.coqc_path(), "-q", "Coq/Reals/R_sqrt.v"],
        cwd=root,
        env=os.environ | {"COQPATH": str(root)},
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return root


def _proofs(where: Path, *edits: tuple[str, str]) -> Path:
    """Sums.v and Dyadic.v requiring the Reals files by name, with ``edits`` (old, new) applied to Dyadic.v."""
    where.mkdir(parents=True)
    for module, header in BY_NAME.items():
        text = (formal.proofs_dir() / f"{module}.v").read_text()
        assert REALS in text
        text = text.replace(REALS, header, 1)
        for old, new in edits if module == "Dyadic" else ():
            assert old in text, f"not found: {old[:60]}"
            text = text.replace(old, new, 1)
        (where / f"{module}.v").write_text(text)
    (where / "_CoqProject").write_text("-Q . SpecProof\nSums.v\nDyadic.v\n")
    return where


def _new_process() -> None:
    """Forget what this process built and asked (as a new process would), keeping the cache directory."""
    coq_build._build.cache_clear()
    coq._cached_answers.cache_clear()
    coq_build._SAID.clear()


def _evidence(proofs: Path):
    from specproof.engine.registry import load_all

    claim = load_all()[CLAIM]
    (spec,) = formal.claim_coverage(claim)
    return formal.coq_evidence(spec.hooks, what=CLAIM, ranges="r", proofs=proofs, spec=spec, claims=[claim])


def _entry(proofs: Path) -> Path:
    return io.cache_dir() / "coq" / coq_build.build_key(coq_build.proofs_digest(proofs), formal.coqc_path())


def _stamp(entry: Path) -> dict:
    return {p.name: p.stat().st_mtime_ns for p in entry.iterdir()}


def _installed(name: str) -> Path:
    where = Path(coq_build._installation(formal.coqc_path())[1]).resolve()
    return where / "theories" / Path(*name.split(".")[1:]).with_suffix(".vo")


def _rebuilt_lines(err: str) -> list[str]:
    return [line for line in err.splitlines() if "not using the cached Coq build" in line]


def test_coqc_runs_without_the_callers_load_path(monkeypatch):
    """COQPATH, COQLIB, OCAMLPATH and the XDG data directories add library directories to coqc: none reaches it."""
    for name in ("COQPATH", "COQLIB", "COQCORELIB", "OCAMLPATH", "OCAMLFIND_CONF", "XDG_DATA_HOME", "XDG_DATA_DIRS"):
        monkeypatch.setenv(name, "/tmp/elsewhere")
    env = coq_build.coq_env()
    assert not {"COQPATH", "COQLIB", "COQCORELIB", "OCAMLPATH", "OCAMLFIND_CONF"} & set(env)
    assert env["XDG_DATA_HOME"] == env["XDG_DATA_DIRS"] == os.devnull
    assert env.get("PATH") == os.environ.get("PATH")


@needs_coq
def test_a_fake_library_on_the_load_path_is_not_what_is_checked(tmp_path, monkeypatch, fake_coqpath, capfd):
    """The audit's load-path plant: COQPATH puts a Coq.Reals.R_sqrt with sqrt x := 1 ahead of the installed one and
    the modules require the Reals files by name. The build, fresh and then warm (COQPATH set again, and unset), loads
    the installation's R_sqrt, recorded by its file and digest, and never the fake."""
    monkeypatch.setenv(io.CACHE_ENV, str(tmp_path / "cache"))
    monkeypatch.setenv("COQPATH", str(fake_coqpath))
    proofs = _proofs(tmp_path / "proofs")
    _new_process()
    assert _evidence(proofs).status is Status.PROVED
    build = coq_build.coq_build(proofs)
    files = {name: (file, digest) for name, file, digest in build.libraries}
    installed = _installed("Coq.Reals.R_sqrt")
    assert files["Coq.Reals.R_sqrt"] == (str(installed), _sha(installed))
    assert not any(file.startswith(str(fake_coqpath)) for file, _ in files.values())
    assert build.library_problem == ""
    entry, stamp = build.directory, _stamp(build.directory)
    for coqpath in (str(fake_coqpath), None):  # warm: the same entry, untouched, whatever COQPATH says
        _new_process()
        if coqpath is None:
            monkeypatch.delenv("COQPATH")
        evidence = _evidence(proofs)
        assert evidence.status is Status.PROVED, evidence.summary
        assert coq_build.coq_build(proofs).directory == entry and _stamp(entry) == stamp
    assert _rebuilt_lines(capfd.readouterr().err) == []


@needs_coq
def test_a_build_against_a_fake_library_is_open_and_never_reused(tmp_path, monkeypatch, fake_coqpath, capfd):
    """The audit's cache-key plant: a build made by a tool that lets COQPATH through (the poisoned build) records the
    fake file and is open with the reason; a clean process with COQPATH unset again refuses that entry in one line
    and rebuilds; and an entry whose manifest lies about the libraries does not load in the clean environment, so it
    is never proved."""
    monkeypatch.setenv(io.CACHE_ENV, str(tmp_path / "cache"))
    monkeypatch.setenv("COQPATH", str(fake_coqpath))
    proofs = _proofs(tmp_path / "proofs")
    entry = _entry(proofs)
    with monkeypatch.context() as leaky:
        leaky.setattr(coq_build, "coq_env", lambda: dict(os.environ))
        _new_process()
        poisoned = _evidence(proofs)
    assert poisoned.status is Status.OPEN
    assert "the library Coq.Reals.R_sqrt was loaded from" in poisoned.summary
    assert "outside the Coq installation" in poisoned.summary and "\n" not in poisoned.summary
    manifest = json.loads((entry / "build.json").read_text())
    assert any(lib[0] == "Coq.Reals.R_sqrt" and lib[1].startswith(str(fake_coqpath)) for lib in manifest["libraries"])
    saved = tmp_path / "poisoned"
    shutil.copytree(entry, saved)

    monkeypatch.delenv("COQPATH")  # the same sources, COQPATH unset again: the poisoned entry is refused
    _new_process()
    assert _evidence(proofs).status is Status.PROVED
    (line,) = _rebuilt_lines(capfd.readouterr().err)
    assert "it loaded the library Coq.Reals.R_sqrt from" in line and "outside the Coq installation" in line

    honest = json.loads((entry / "build.json").read_text())  # a manifest that lies: the installed libraries
    shutil.rmtree(entry)
    shutil.copytree(saved, entry)
    (entry / "build.json").write_text(json.dumps(manifest | {"libraries": honest["libraries"]}))
    _new_process()
    evidence = _evidence(proofs)
    assert evidence.status is Status.OPEN
    assert "inconsistent assumptions over library Coq.Reals.R_sqrt" in evidence.summary


@pytest.fixture(scope="module")
def honest_entry(tmp_path_factory) -> tuple[Path, Path]:
    """The honest build of the by-name modules in a cache of its own: (its sources, its entry)."""
    root = tmp_path_factory.mktemp("honest")
    with pytest.MonkeyPatch.context() as env:
        env.setenv(io.CACHE_ENV, str(root / "cache"))
        proofs = _proofs(root / "proofs")
        _new_process()
        assert _evidence(proofs).status is Status.PROVED
        return proofs, _entry(proofs)


def _key_rewritten(manifest: dict, planted: Path, entry: Path) -> dict:
    return manifest | {"key": entry.name}


def _sources_rewritten(manifest: dict, planted: Path, entry: Path) -> dict:
    for name in ("Sums.v", "Dyadic.v", "_CoqProject"):
        shutil.copy2(planted / name, entry / name)
        manifest["sources"][name] = _sha(planted / name)
    return _key_rewritten(manifest, planted, entry)


# how the honest build is planted under the key of the sources with Admitted, and why it must be refused
FORGERIES = {
    "as it was": (lambda manifest, planted, entry: manifest, "its key or Coq installation is not this one"),
    "key rewritten": (_key_rewritten, "its recorded digest of Dyadic.v is not the source's"),
    "sources rewritten": (_sources_rewritten, "Dyadic.vo was not compiled from Dyadic.v"),
}


@needs_coq
@pytest.mark.parametrize(
    "forgery",
    ["fresh", "sources rewritten", "compiled file changed"]
    + [pytest.param(f, marks=pytest.mark.slow) for f in ("as it was", "key rewritten")],
)
def test_cached_compiled_files_are_tied_to_their_sources(forgery, honest_entry, tmp_path, monkeypatch, capfd):
    """The audit's cache-contents plant: sdeg_c_dyadic_blocks_sqrt ended with Admitted. With a fresh cache it is
    open. The honest build's compiled files copied under the planted sources' key (as they were, with the key
    rewritten, with the sources and their digests rewritten too) are refused in one line and rebuilt, and the step
    stays open; a compiled file changed inside an honest entry is refused the same way."""
    honest, entry = honest_entry
    monkeypatch.setenv(io.CACHE_ENV, str(tmp_path / "cache"))
    planted = _proofs(tmp_path / "planted", ADMITTED)
    target = _entry(planted)
    target.parent.mkdir(parents=True)
    if forgery == "compiled file changed":
        shutil.copytree(entry, _entry(honest))
        with open(_entry(honest) / "Dyadic.vo", "ab") as f:
            f.write(b"\0")
        _new_process()
        assert _evidence(honest).status is Status.PROVED
        (line,) = _rebuilt_lines(capfd.readouterr().err)
        assert "Dyadic.vo differs from its recorded digest" in line
        return
    if forgery != "fresh":
        forge, reason = FORGERIES[forgery]
        shutil.copytree(entry, target)
        manifest = forge(json.loads((target / "build.json").read_text()), planted, target)
        (target / "build.json").write_text(json.dumps(manifest))
    _new_process()
    evidence = _evidence(planted)
    assert evidence.status is Status.OPEN and "declared in proofs/" in evidence.summary
    lines = _rebuilt_lines(capfd.readouterr().err)
    assert lines == [] if forgery == "fresh" else len(lines) == 1 and reason in lines[0]


@pytest.mark.parametrize("kind", ["file", "relative", "unwritable", "under a file"])
def test_an_unusable_cache_directory_is_said_once_and_not_used(kind, tmp_path, monkeypatch, capfd):
    """SPECPROOF_CACHE_DIR naming a file, a relative path, a directory that cannot be written or a path under a file:
    every caller of cache_dir (the Coq build, the property-test storage, training) gets None and the user one
    line on stderr, however often it is asked."""
    if kind == "unwritable" and os.geteuid() == 0:
        pytest.skip("root writes into any directory")
    given = {
        "file": tmp_path / "a-file",
        "relative": Path("relative-cache"),
        "unwritable": tmp_path / "locked",
        "under a file": tmp_path / "a-file" / "cache",
    }[kind]
    (tmp_path / "a-file").write_text("")
    (tmp_path / "locked").mkdir(mode=0o555)
    monkeypatch.setenv(io.CACHE_ENV, str(given))
    io._warn_unusable_cache.cache_clear()
    assert io.cache_dir() is None and io.cache_dir() is None
    lines = capfd.readouterr().err.splitlines()
    assert len(lines) == 1 and io.CACHE_ENV in lines[0] and "nothing is cached" in lines[0]
    assert {"file": "is not a directory", "relative": "is a relative path", "unwritable": "is not writable"}.get(
        kind, "cannot be created"
    ) in lines[0]
    monkeypatch.setenv(io.CACHE_ENV, str(tmp_path / "fine"))
    assert io.cache_dir() == tmp_path / "fine"
