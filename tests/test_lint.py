"""ruff (its configuration in pyproject.toml) lints the whole project and checks its layout (`ruff format --check`) as
part of the test command, so CI lints exactly what the README's command runs."""

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
