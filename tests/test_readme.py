"""The README's findings against the catalogue: the counts, every claim id it names, and the verdict each
bullet of "What it found" asserts."""

import re
from collections import Counter
from pathlib import Path

from specproof.engine.registry import Status, load_all

ROOT = Path(__file__).resolve().parents[1]
ID = re.compile(r"`((?:trsp|sdeg)\.[A-Za-z0-9.\-]*[A-Za-z0-9])`")


def resolve(cid: str) -> tuple[str, ...]:
    """The registered ids a README id names: itself, or the claims that carry it as an alias (several for a claim
    that was split into one claim per hypothesis); empty for an unknown id."""
    from specproof.engine.index import aliases

    return (cid,) if cid in load_all() else aliases().get(cid, ())


def _findings() -> str:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    return text.split("## What it found", 1)[1].split("\n## ", 1)[0]


def test_the_counts_are_the_registry_s():
    claims = load_all()
    by_paper = Counter(c.source.paper for c in claims.values())
    papers, own = by_paper["TRSP"] + by_paper["SDEG"], by_paper["specproof"]
    assert f"Of the papers' {papers} claims plus {own} of the project's own" in _findings()


def test_every_named_claim_exists():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    load_all()
    unknown = sorted({cid for cid in ID.findall(text) if not cid.endswith(".") and not resolve(cid)})
    assert not unknown, f"the README names claims the registry does not hold: {unknown}"


def test_each_findings_bullet_names_claims_of_its_verdict():
    claims = load_all()
    bullets = {b.split("**")[1]: b for b in _findings().split("\n- ") if b.startswith("**")}
    wrong = [
        cid
        for cid in ID.findall(bullets["Wrong as stated"])
        if not any(claims[p].expected is Status.REFUTED for p in resolve(cid))
    ]
    assert not wrong, f"'Wrong as stated' names claims that are not refuted: {wrong}"
    loose = [
        cid
        for cid in ID.findall(bullets["True but loose"])
        if any(claims[p].expected is Status.REFUTED for p in resolve(cid))
    ]
    assert not loose, f"'True but loose' names refuted claims: {loose}"


def test_the_readme_s_counts_are_the_registry_s_and_name_no_test_count():
    """Counts in the README drift as claims and tests are added: the claim count of the measured timings is the
    registry's, and no count of tests is written down (it changes with every commit)."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    assert f"of today's {len(load_all())} claims" in text
    assert not re.search(r"\b\d[\d,]* tests\b", text), re.search(r"\b\d[\d,]* tests\b", text).group()


def test_the_examples_readme_lists_every_example():
    """examples/variants/README.md names each shipped example and shows no output of its own (the README's section,
    checked against a run by tests/test_variant_cli.py, is the one place a result is shown)."""
    directory = ROOT / "examples" / "variants"
    text = (directory / "README.md").read_text(encoding="utf-8")
    shipped = sorted(p.name for p in directory.iterdir() if p.suffix in (".py", ".toml"))
    named = sorted(set(re.findall(r"`([a-z_]+\.(?:py|toml))`", text)))
    assert named == shipped
    assert "```console" not in text
