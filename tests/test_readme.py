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
