"""The import graph and module sizes: ``theory/`` (the mathematics) never imports ``checks/`` (claims, I/O), no
claim module is imported by a module outside the claims package except through the registry's lazy loader, and no
module of either is over 800 lines."""

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            out.add(node.module)
            out |= {f"{node.module}.{a.name}" for a in node.names}
    return out


def test_theory_never_imports_checks():
    bad = {
        p.name: sorted(i for i in _imports(p) if i.startswith("specproof.checks"))
        for p in sorted((ROOT / "theory").glob("*.py"))
    }
    assert not {k: v for k, v in bad.items() if v}


def test_only_the_registry_and_claim_modules_import_claim_modules():
    """Outside checks/claims, only the registry's loader (by name) reaches a claim module; a shared helper lives in
    checks/ or theory/, so importing one claim module or the CLI never imports the others."""
    offenders = {}
    for p in sorted((ROOT / "checks").rglob("*.py")):
        if "claims" in p.relative_to(ROOT / "checks").parts:
            continue
        found = sorted(i for i in _imports(p) if i.startswith("specproof.checks.claims.") and not i.endswith("index"))
        if found:
            offenders[str(p.relative_to(ROOT))] = found
    assert not offenders, offenders


def test_no_import_circle_runs_through_the_claims_package():
    """Every import inside checks/ (module level or deferred) as a graph: no cycle contains a claim module."""
    import networkx as nx

    graph = nx.DiGraph()
    for p in (ROOT / "checks").rglob("*.py"):
        parts = p.relative_to(ROOT).with_suffix("").parts
        module = "specproof." + ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        graph.add_node(module)
        for name in _imports(p):
            if name.startswith("specproof.checks"):
                graph.add_edge(module, name)
    cycles = [c for c in nx.simple_cycles(graph) if any(".claims" in m for m in c)]
    assert not cycles, cycles[:3]


MAX_LINES = 800


def test_no_module_of_checks_or_theory_is_over_800_lines():
    """A module that grows past 800 lines is split by what its parts do (claim modules in registry order)."""
    long = {
        str(p.relative_to(ROOT)): n
        for folder in ("checks", "theory")
        for p in sorted((ROOT / folder).rglob("*.py"))
        if (n := len(p.read_text(encoding="utf-8").splitlines())) > MAX_LINES
    }
    assert not long, f"over {MAX_LINES} lines: {long}"
