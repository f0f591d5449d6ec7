"""ruff (its configuration in pyproject.toml) runs on the whole project as part of the test command, so CI lints
exactly what the README's command runs."""

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def test_ruff_passes():
    if shutil.which("ruff") is None and subprocess.run([sys.executable, "-m", "ruff", "--version"],
                                                        capture_output=True).returncode != 0:
        pytest.skip("ruff is not installed (pip install -e '.[test]' installs it)")
    done = subprocess.run([sys.executable, "-m", "ruff", "check", "--no-cache", str(ROOT)], capture_output=True,
                          text=True, cwd=ROOT)
    assert done.returncode == 0, done.stdout + done.stderr
