"""The house: rooms by role, layered (``cli > render > checks (claims | battery) > runs > engine > theory``, the
contracts of ``[tool.importlinter]`` in pyproject.toml), no claim file importing another, no import circle anywhere,
and modules of a readable size."""

import functools
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "src" / "specproof"
CLAIMS = "specproof.checks.claims"
SHARED = f"{CLAIMS}._shared"

grimp = pytest.importorskip("grimp", reason="the import contracts need import-linter (pip install -e '.[test]')")


@functools.cache
def graph():
    """Every import of the package (module level or deferred into a function), without those under TYPE_CHECKING."""
    return grimp.build_graph("specproof", include_external_packages=False, exclude_type_checking_imports=True)


def test_the_import_contracts_hold():
    """import-linter reads the contracts from pyproject.toml (its report is printed when one is broken)."""
    from importlinter.cli import lint_imports

    assert lint_imports(config_filename=str(ROOT / "pyproject.toml"), no_cache=True, no_logo=True) == 0


def _claim_files() -> set[str]:
    return {m for m in graph().modules if m.startswith(CLAIMS + ".") and not m.startswith(SHARED) and _is_file(m)}


def _is_file(module: str) -> bool:
    return (SRC.joinpath(*module.split(".")[1:]).with_suffix(".py")).is_file()


def test_no_claim_file_imports_another():
    """What two claim files share lives in claims/_shared/, which imports no claim file."""
    g = graph()
    files = _claim_files()
    bad = {
        m: sorted(t for t in g.find_modules_directly_imported_by(m) if t in files and t != m)
        for m in sorted(files | {m for m in g.modules if m.startswith(SHARED)})
    }
    assert not {k: v for k, v in bad.items() if v}


def test_no_import_circle():
    """No cycle in the import graph of the whole package (a deferred import counts; TYPE_CHECKING does not)."""
    import networkx as nx

    g = graph()
    G = nx.DiGraph([(m, t) for m in g.modules for t in g.find_modules_directly_imported_by(m)])
    cycles = sorted(nx.simple_cycles(G), key=len)
    assert not cycles, cycles[:3]


def test_the_outline_lists_every_claim_file_once():
    """claims/outline.toml is the reading order: every claim file is in it once, and it names only files."""
    from specproof.engine.registry import claim_modules

    listed = [f"{CLAIMS}.{m}" for m in claim_modules()]
    assert len(listed) == len(set(listed)), "a file listed twice in outline.toml"
    assert all(_is_file(m) for m in listed), [m for m in listed if not _is_file(m)]
    on_disk = {
        ".".join(("specproof", *p.relative_to(SRC).with_suffix("").parts))
        for p in (SRC / "checks" / "claims").rglob("*.py")
        if p.name != "__init__.py" and "_shared" not in p.parts
    }
    assert set(listed) == on_disk, sorted(on_disk ^ set(listed))


MAX_LINES = 800


def test_no_module_outside_the_claims_is_over_800_lines():
    """A module past 800 lines is split by what its parts do. The claim files are cut by the papers' outline
    instead (a section's claims stay together, however long), so the cap does not apply to them."""
    long = {
        str(p.relative_to(ROOT)): n
        for p in sorted([*SRC.rglob("*.py"), *(ROOT / "benchmarks").rglob("*.py")])
        if "claims" not in p.relative_to(ROOT).parts
        if (n := len(p.read_text(encoding="utf-8").splitlines())) > MAX_LINES
    }
    assert not long, f"over {MAX_LINES} lines: {long}"
