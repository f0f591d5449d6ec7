"""Outputs are a function of the mathematics, not of the machine, the imported modules or the working
directory: nothing is written where the user did not ask, bad paths fail before the work, Ctrl-C keeps
what was decided."""

import json
import os
import shutil
import stat
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from specproof.cli.main import main
from specproof.engine import runner
from specproof.engine.io import project_root, write_atomic
from specproof.engine.methods import rounded
from specproof.render import report

ROOT = Path(__file__).resolve().parents[1]
# claims decided by hypothesis searches, cheap enough to run twice in a subprocess
SEARCH_CLAIMS = ["trsp.C4.weyl", "trsp.C5.safety-net", "sdeg.b.eigen-real"]


def _sections_in_subprocess(tmp_path: Path, ids: list[str], preamble: str = "") -> dict:
    script = textwrap.dedent(f"""
        import json, sys
        {preamble}
        from specproof.engine.registry import REGISTRY, load_all, Context
        from specproof.engine.runner import run_claim
        from specproof.render.report import render_claim
        load_all()
        out = {{}}
        for cid in {ids!r}:
            r = run_claim(REGISTRY[cid], Context())
            out[cid] = [r.status.value, render_claim(r)]
        print(json.dumps(out))
    """)
    proc = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(tmp_path), os.environ.get("PYTHONPATH")]))},
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    return json.loads(proc.stdout.splitlines()[-1])


def test_search_evidence_does_not_depend_on_the_modules_imported(tmp_path):
    """Hypothesis mixes literals of local modules into its draws; the rendered evidence of a search states
    only what does not depend on the draws, so a module full of constants changes nothing."""
    literals = [2, 3, 4, 7, 8, 9, 15, 16, 17, 31, 32, 33, 48, 64, 0.5, 0.25, 1e-3, 1e3, 30.0, 700.0, -30.0, 12.0, 1e-9]
    (tmp_path / "many_constants.py").write_text(
        "VALUES = ["
        + ", ".join(map(repr, literals * 3))
        + "]\n"
        + "".join(f"def f{i}(x):\n    return x * {v!r} + {i}\n" for i, v in enumerate(literals))
    )
    plain = _sections_in_subprocess(tmp_path, SEARCH_CLAIMS)
    with_constants = _sections_in_subprocess(tmp_path, SEARCH_CLAIMS, "import many_constants")
    assert plain == with_constants
    committed = report.split_sections((ROOT / "THEOREMS.md").read_text(encoding="utf-8"))
    assert {cid: sec for cid, (_, sec) in plain.items()} == {cid: committed[cid] for cid in SEARCH_CLAIMS}


def test_seed_reaches_the_searches():
    from hypothesis import strategies as st

    from specproof.engine.methods import property_search
    from specproof.engine.registry import Context

    def draws(seed):
        seen = []
        property_search(
            st.integers(0, 10**9), lambda v: seen.append(v) or 1.0, what="x", ctx=Context(seed=seed), examples=20
        )
        return seen

    assert draws(0) == draws(0)
    assert draws(0) != draws(1)


def test_rendered_numbers_are_rounded_to_guaranteed_digits():
    assert rounded({"y": [4.794563563867298, 4.7945635638673], "k": 3, "s": "x"}) == {
        "y": [4.79456, 4.79456],
        "k": 3,
        "s": "x",
    }
    assert rounded(1.57428728320392) == rounded(1.5742872832039299) == 1.57429


def test_verify_outside_the_checkout_writes_nothing(tmp_path):
    store = ROOT / "data"
    before = {p.name: p.stat().st_mtime_ns for p in store.iterdir()}
    # a rate from the store, and a hypothesis search (hypothesis caches under ./.hypothesis by default)
    proc = subprocess.run(
        [sys.executable, "-m", "specproof", "verify", "trsp.C6.gap-rate", "trsp.C4.weyl", "--no-progress"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert list(tmp_path.iterdir()) == []
    assert {p.name: p.stat().st_mtime_ns for p in store.iterdir()} == before
    assert project_root() == ROOT


BAD_PATHS = [
    (["verify", "trsp.box.prefix", "--json", "/proc/x.json"], "/proc"),
    (["verify", "trsp.box.prefix", "--json", "{tmp}"], "is an existing directory"),
    (["verify", "trsp.box.prefix", "--json", ""], "is empty"),
    (["figures", "--outdir", "/proc/figs"], "/proc"),
    (["sweep", "skeleton-mu2", "--grid", "quick", "--store", "/proc/xx"], "/proc"),
    (["sweep", "skeleton-mu2", "--grid", "quick", "--store", "{tmp}/file"], "is not a directory"),
    (["theorems", "--output", "/proc/T.md"], "/proc"),
    (["theorems", "--output", "{tmp}"], "is an existing directory"),
    (["variant", "--spec", str(ROOT / "examples" / "variants" / "triadic.toml"), "--json", "/proc/x.json"], "/proc"),
]


@pytest.mark.parametrize("args, message", BAD_PATHS, ids=[" ".join(a[:1] + a[-2:]) for a, _ in BAD_PATHS])
def test_bad_output_paths_fail_before_the_work(tmp_path, capsys, args, message):
    (tmp_path / "file").write_text("")
    args = [a.replace("{tmp}", str(tmp_path)) for a in args]
    t0 = time.perf_counter()
    assert main(args) == 2
    assert time.perf_counter() - t0 < 5
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("specproof: error:") and message in err[0], err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["file"]


def test_the_command_line_says_no_to_what_it_does_not_know(capsys):
    assert main(["verify", "--wid", "trsp.box.prefix"]) == 2
    assert "--wid" in capsys.readouterr().err
    assert main(["sweep", "skeleton-mu2", "--grid", "quick", "--max", "1e1", "--no-store", "--no-progress"]) == 0
    assert "points: " in capsys.readouterr().out
    assert main(["sweep", "skeleton-mu2", "--max", "1.5e0", "--no-store"]) == 2
    assert "not an integer" in capsys.readouterr().err
    with pytest.raises(SystemExit) as stop:
        main(["--version"])
    assert stop.value.code == 0 and capsys.readouterr().out.startswith("specproof ")


def test_ctrl_c_keeps_the_claims_already_decided(tmp_path, capsys, monkeypatch):
    ids = ["trsp.box.prefix", "sdeg.c.eigen"]
    decided = runner.run_claim

    def interrupt_second(claim, ctx=runner.Context()):
        if claim.id == ids[1]:
            raise KeyboardInterrupt
        return decided(claim, ctx)

    monkeypatch.setattr(runner, "run_claim", interrupt_second)
    out = tmp_path / "partial.json"
    assert main(["verify", *ids, "--json", str(out), "--no-progress"]) == 130
    data = json.loads(out.read_text())
    assert data["partial"] is True and [c["id"] for c in data["claims"]] == ids[:1]
    assert "partial" in capsys.readouterr().out


def test_ctrl_c_during_theorems_stops_like_verify_and_writes_no_catalogue(tmp_path, capsys, monkeypatch):
    ids = ["trsp.box.prefix", "sdeg.c.eigen"]
    decided, chosen = runner.run_claim, runner.select

    def interrupt_second(claim, ctx=runner.Context()):
        if claim.id == ids[1]:
            raise KeyboardInterrupt
        return decided(claim, ctx)

    monkeypatch.setattr(runner, "run_claim", interrupt_second)
    monkeypatch.setattr(runner, "select", lambda *_: chosen(ids))
    out = tmp_path / "THEOREMS.md"
    assert main(["theorems", "--output", str(out)]) == 130
    printed = capsys.readouterr()
    assert ids[0] in printed.out and "interrupted: 1 of 2 claims decided; this report is partial" in printed.out
    assert "Traceback" not in printed.err and not out.exists()


@pytest.mark.parametrize("mask, mode", [(0o022, 0o644), (0o077, 0o600), (0o002, 0o664)])
def test_files_respect_the_umask(tmp_path, mask, mode):
    old = os.umask(mask)
    try:
        path = write_atomic(tmp_path / "r.json", "{}\n")
    finally:
        os.umask(old)
    assert stat.S_IMODE(path.stat().st_mode) == mode
    assert sorted(p.name for p in tmp_path.iterdir()) == ["r.json"]


def _other_blas_kernel() -> tuple[str | None, str]:
    """An OpenBLAS kernel other than the one this machine picks, that this CPU can run (the last digits of
    dense eigenvalues and SVDs differ between kernels: Haswell against SkylakeX reproduces the drift once
    seen between two machines)."""
    import platform

    from threadpoolctl import threadpool_info

    native = next((i.get("architecture") for i in threadpool_info() if i.get("internal_api") == "openblas"), None)
    if native is None:
        return None, "numpy is not linked to OpenBLAS here"
    if platform.machine() in ("x86_64", "AMD64"):
        flags = set(Path("/proc/cpuinfo").read_text().split()) if Path("/proc/cpuinfo").exists() else set()
        for kernel, needs in (("Haswell", "avx2"), ("Sandybridge", "avx"), ("Prescott", "sse3")):
            if kernel.lower() != native.lower() and (needs in flags or needs == "sse3"):
                return kernel, native
    if platform.machine() in ("aarch64", "arm64") and native.upper() != "ARMV8":
        return "ARMV8", native
    return None, f"no other OpenBLAS kernel to try on {platform.machine()} ({native})"


@pytest.mark.slow  # regenerates the whole catalogue in a second process (~4 min on 2 cores): CI runs it
def test_catalogue_is_identical_under_another_numerical_configuration():
    """THEOREMS.md regenerated with another BLAS kernel (and MKL's compatible code path for torch) is byte for
    byte the committed one: rendered evidence carries only digits the computation guarantees."""
    kernel, native = _other_blas_kernel()
    if kernel is None:
        pytest.skip(native)
    if shutil.which("coqc") is None:
        pytest.skip("the catalogue records Coq-checked steps and coqc is not installed here")
    env = {**os.environ, "OPENBLAS_CORETYPE": kernel, "MKL_CBWR": "COMPATIBLE"}
    proc = subprocess.run(
        [sys.executable, "-m", "specproof", "theorems", "--check"], capture_output=True, text=True, env=env, cwd=ROOT
    )
    assert proc.returncode == 0, f"OpenBLAS {kernel} instead of {native}: {proc.stderr.strip()[-3000:]}"
