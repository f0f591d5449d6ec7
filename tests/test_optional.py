"""A lean install: without torch (or another extra) every claim file still imports, a check that needs the missing
component makes its claim *not decided here* (with what to install), `verify` exits 0 for it, and `theorems` refuses
to write a catalogue that would record those claims as open."""

import json
import subprocess
import sys
import textwrap

import pytest

from specproof.engine.optional import EXTRAS, missing_component, optional

BLOCK_TORCH = textwrap.dedent(
    """
    import importlib.abc, sys

    class NoTorch(importlib.abc.MetaPathFinder):
        def find_spec(self, name, path=None, target=None):
            if name == "torch" or name.startswith("torch."):
                raise ModuleNotFoundError(f"No module named {name!r}", name=name)
            return None

    sys.meta_path.insert(0, NoTorch())
    """
)


def _run(code: str, tmp_path) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-c", BLOCK_TORCH + textwrap.dedent(code)],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        # the session's build cache, as every other test uses: a fresh one would rebuild the Coq proofs (minutes)
    )


def test_missing_component_names_what_installs_it():
    assert "specproof[train]" in missing_component(ModuleNotFoundError("No module named 'torch'", name="torch"))
    assert missing_component(ModuleNotFoundError("No module named 'numpyy'", name="numpyy")) is None
    assert missing_component(ValueError("torch")) is None
    assert {"torch", "transformers", "matplotlib", "dask", "latex2mathml"} <= set(EXTRAS)


def test_an_optional_module_imports_on_first_use():
    m = optional("fractions")
    assert m.Fraction(1, 2) == 0.5
    gone = optional("no_such_module_here")
    with pytest.raises(ModuleNotFoundError):
        gone.anything  # noqa: B018


def test_every_claim_file_imports_without_torch(tmp_path):
    out = _run(
        """
        from specproof.engine.registry import load_all
        print(len(load_all()))
        assert "torch" not in sys.modules
        """,
        tmp_path,
    )
    assert out.returncode == 0, out.stderr[-2000:]
    assert int(out.stdout.split()[-1]) > 300


def test_verify_without_torch_says_not_decided_here_and_exits_0(tmp_path):
    out = _run(
        f"""
        from specproof.cli.main import main
        sys.exit(main(["verify", "trsp.layer.operator", "trsp.C7.kernel-energy", "--no-progress",
                       "--json", {str(tmp_path / "r.json")!r}]))
        """,
        tmp_path,
    )
    assert out.returncode == 0, (out.stdout[-2000:], out.stderr[-2000:])
    assert "not decided here" in out.stdout and "specproof[train]" in out.stdout
    report = {c["id"]: c for c in json.loads((tmp_path / "r.json").read_text())["claims"]}
    assert report["trsp.layer.operator"]["status"] == "open" and "torch" in report["trsp.layer.operator"]["unavailable"]
    assert (
        report["trsp.C7.kernel-energy"]["status"] == "proved" and "unavailable" not in report["trsp.C7.kernel-energy"]
    )


def test_theorems_without_torch_refuses_to_write(tmp_path):
    out = _run(
        f"""
        from specproof.engine import runner
        from specproof.cli.main import main
        from specproof.engine.registry import REGISTRY, load_all
        load_all()
        keep = ["trsp.layer.operator"]
        runner.select = lambda ids=None: [REGISTRY[c] for c in keep]  # two claims, not the catalogue's minutes
        sys.exit(main(["theorems", "--output", {str(tmp_path / "T.md")!r}]))
        """,
        tmp_path,
    )
    assert out.returncode == 2, (out.stdout[-1000:], out.stderr[-2000:])
    assert "not written" in out.stderr and not (tmp_path / "T.md").exists()
