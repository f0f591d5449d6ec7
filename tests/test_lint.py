"""ruff (its configuration in pyproject.toml) lints the whole project and checks its layout (`ruff format --check`) as
part of the test command, so CI lints exactly what the README's command runs; radon keeps every function of the package
at a cyclomatic complexity of at most 25."""

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _ruff(*args):
    if (
        shutil.which("ruff") is None
        and subprocess.run([sys.executable, "-m", "ruff", "--version"], capture_output=True).returncode != 0
    ):
        pytest.skip("ruff is not installed (pip install -e '.[test]' installs it)")
    return subprocess.run([sys.executable, "-m", "ruff", *args, str(ROOT)], capture_output=True, text=True, cwd=ROOT)


def test_ruff_passes():
    done = _ruff("check", "--no-cache")
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_code_is_laid_out_by_ruff_format():
    done = _ruff("format", "--check", "--no-cache")
    assert done.returncode == 0, "run `ruff format` (the files it would change):\n" + done.stdout + done.stderr


MAX_COMPLEXITY = 25  # cyclomatic complexity (radon's count) of any one function of the package


def _blocks(blocks):
    """Every function, method and closure among radon's blocks (classes opened up)."""
    for b in blocks:
        if hasattr(b, "methods"):  # a class: its methods and inner classes
            yield from _blocks([*b.methods, *b.inner_classes])
        else:
            yield b
            yield from _blocks(b.closures)


def test_no_function_is_too_complex():
    complexity = pytest.importorskip("radon.complexity", reason="radon is not installed (pip install -e '.[test]')")
    offenders = []
    for path in sorted((ROOT / "src" / "specproof").rglob("*.py")):
        for f in _blocks(complexity.cc_visit(path.read_text(encoding="utf-8"))):
            if f.complexity > MAX_COMPLEXITY:
                offenders.append(f"{path.relative_to(ROOT)}:{f.lineno} {f.fullname} ({f.complexity})")
    assert not offenders, f"cyclomatic complexity above {MAX_COMPLEXITY}; split by meaning:\n" + "\n".join(offenders)
