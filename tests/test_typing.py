"""The package is typed: mypy (its configuration in pyproject.toml) reports nothing on ``specproof``, every room from
the ground floor to the command line (the package ships ``py.typed``, so a user's mypy reads these types)."""

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
api = pytest.importorskip("mypy.api", reason="the typing test needs mypy (pip install -e '.[test]')")


def test_py_typed_ships():
    assert (ROOT / "src" / "specproof" / "py.typed").is_file()


def test_mypy_is_clean_on_the_package(tmp_path):
    out, err, status = api.run(
        [
            "--config-file",
            str(ROOT / "pyproject.toml"),
            "--cache-dir",
            str(tmp_path / "mypy-cache"),  # never a .mypy_cache in the checkout
            "-p",
            "specproof",
        ]
    )
    assert status == 0, out + err
