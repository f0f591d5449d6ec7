"""The registry: every id of claims.md registered, every named check exists, every verdict as expected,
THEOREMS.md fresh."""

import ast
import functools
import re
from pathlib import Path

import pytest

from specproof.checks.registry import CHECKS, NOTE_FLAGS, REGISTRY, Context, Status, load_all
from specproof.checks.report import render_claim, render_document, run_claim, split_sections

ROOT = Path(__file__).resolve().parents[1]
load_all()
IDS = list(REGISTRY)
THEOREMS = ROOT / "THEOREMS.md"


@functools.lru_cache(maxsize=None)
def result(cid: str):
    return run_claim(REGISTRY[cid], Context())


@pytest.mark.parametrize("cid", IDS)
def test_verdict(cid):
    r = result(cid)
    assert r.error is None, f"{cid}: check crashed: {r.error}"
    assert r.status is r.claim.expected, (
        f"{cid}: computed {r.status.value}, expected {r.claim.expected.value} ({r.claim.reason}); "
        f"evidence: {[e.summary for e in r.evidence]}")
    section = split_sections(THEOREMS.read_text(encoding="utf-8")).get(cid)
    assert section == render_claim(r), f"THEOREMS.md is stale for {cid}: run `specproof theorems`"


def test_every_id_of_claims_md_is_registered(shared_dir):
    listed = set(re.findall(r"^\| `([a-z]+\.[^`]+)` \|", (shared_dir / "claims.md").read_text(), flags=re.M))
    missing = sorted(listed - set(REGISTRY))
    assert not missing, f"ids of claims.md missing from the registry: {missing}"


def test_every_named_check_exists():
    missing = {c.id: [n for n in c.checks if n not in CHECKS] for c in REGISTRY.values()}
    missing = {k: v for k, v in missing.items() if v}
    assert not missing, f"claims name checks that do not exist: {missing}"


def test_every_check_belongs_to_a_claim():
    used = {n for c in REGISTRY.values() for n in c.checks}
    assert not set(CHECKS) - used, f"registered checks no claim uses: {sorted(set(CHECKS) - used)}"


def test_claim_metadata_is_consistent():
    for c in REGISTRY.values():
        assert set(c.uses) <= set(REGISTRY), f"{c.id} uses unknown ids {set(c.uses) - set(REGISTRY)}"
        assert set(c.notes) <= set(NOTE_FLAGS)
        assert c.corrects is None or c.corrects in REGISTRY, f"{c.id} corrects unknown {c.corrects}"
        if c.expected is Status.OPEN:
            assert c.reason, f"{c.id} is open without saying why"
        if "reconstructed" in c.notes:
            assert c.lost, f"{c.id} is reconstructed but does not say what was lost"
        if c.figure:
            assert (ROOT / c.figure).exists(), f"{c.id} names a missing figure {c.figure}"


def _test_functions() -> set[str]:
    names = set()
    for path in (ROOT / "tests").glob("test_*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"):
                names.add(f"tests/{path.name}::{node.name}")
    return names


def test_tests_named_by_claims_exist():
    known = _test_functions()
    missing = {c.id: [t for t in c.tests if t.split("[")[0] not in known] for c in REGISTRY.values()}
    missing = {k: v for k, v in missing.items() if v}
    assert not missing, f"claims name tests that do not exist: {missing}"


def test_theorems_md_structure_is_fresh():
    """Everything but the claim sections (each checked in test_verdict) matches the registry."""
    current = THEOREMS.read_text(encoding="utf-8")
    sections = split_sections(current)
    assert set(sections) == set(REGISTRY), f"THEOREMS.md lists {sorted(set(sections) ^ set(REGISTRY))} wrongly"
    assert render_document({cid: sections[cid] for cid in IDS}) == current, "THEOREMS.md is stale: run `specproof theorems`"
