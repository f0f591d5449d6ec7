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


# --------------------------------------------------------------------------- every number tied to the catalogue

SENTENCE = re.compile(r"(?<=[.!?:])\s+(?=[A-Z*`(\[])|(?<=;)\s+")
NUMBER = re.compile(r"(?<![\w.^/])\d+(?:\.\d+)?(?![\d])")
THEOREM = re.compile(r"\b(?:Thm|Prop\.|Lemma|Cor\.|Eq\.|Table)\s*[A-Z]?\d+(?:\.\d+)*(?:\(\d\))?")
VERDICT = re.compile(r"`((?:trsp|sdeg)\.[A-Za-z0-9.\-]*[A-Za-z0-9])`,\s*([a-z]+(?:/[a-z]+)*)")


def _highlights() -> str:
    """The findings after the counts paragraph (which test_the_counts_are_the_registry_s ties)."""
    return _findings().split("Highlights:", 1)[1]


def _plain(text: str) -> str:
    return re.sub(r"\*\*|\[([^\]]*)\]\([^)]*\)", lambda m: m.group(1) or "", text)


ABBREVIATIONS = ("Prop.", "App.", "Eq.", "Thm.", "Cor.", "Fig.", "e.g.", "i.e.", "cf.", "vs.", "Sec.")


def _sentences() -> list[str]:
    """The findings' sentences and clauses (split at every ';', and at . : before a capital, a backtick or a bracket
    but not after an abbreviation such as "Prop.")."""
    out = []
    for bullet in _highlights().split("\n- "):
        pieces = [p for p in SENTENCE.split(" ".join(_plain(bullet).split())) if p.strip()]
        for piece in pieces:
            if out and out[-1].endswith(ABBREVIATIONS):
                out[-1] = out[-1] + " " + piece
            else:
                out.append(piece)
        out.append("\x00")  # no sentence runs across bullets
    return [s for s in out if s != "\x00"]


def _cited(sentence: str) -> list[str]:
    return [p for cid in ID.findall(sentence) for p in resolve(cid)]


def _sections() -> dict:
    from specproof.render.report import split_sections

    return split_sections((ROOT / "THEOREMS.md").read_text(encoding="utf-8"))


def test_a_sentence_naming_a_claim_shows_its_verdict():
    """Every claim id in the findings is followed by its verdict, `id`, verdict (a group's ids by their verdicts
    joined with '/'), and that verdict is the catalogue's."""
    claims = load_all()
    wrong = []
    for sentence in _sentences():
        shown = dict(VERDICT.findall(sentence))
        for cid in ID.findall(sentence):
            expected = {claims[p].expected.value for p in resolve(cid)}
            got = set(shown.get(cid, "").split("/")) - {""}
            if got != expected:
                wrong.append(f"{cid}: shows {sorted(got) or 'no verdict'}, the catalogue says {sorted(expected)}")
    assert not wrong, "findings sentences whose claim ids do not show their verdict: " + "; ".join(wrong)


def test_every_number_of_the_findings_is_the_catalogue_s():
    """A number in a findings sentence appears, with the same digits, in the catalogue section of a claim that the
    sentence cites: a number with no claim to check it against, or that its claims do not state, fails."""
    sections = _sections()
    missing = []
    for sentence in _sentences():
        numbers = NUMBER.findall(sentence.replace("−", "-"))
        if not numbers:
            continue
        cited = _cited(sentence)
        text = " ".join(sections.get(cid, "") for cid in cited)
        for n in dict.fromkeys(numbers):
            if not re.search(rf"(?<![\d.]){re.escape(n)}(?![\d])", text):
                missing.append(f"{n!r} in “{sentence[:90]}…” (cites {', '.join(cited) or 'no claim'})")
    assert not missing, "findings numbers the cited claims do not state: " + "; ".join(missing)


def test_theorem_numbers_are_the_cited_claims():
    """A theorem, proposition, lemma or equation a findings sentence names is named by a claim it cites."""
    sections = _sections()
    wrong = []
    for sentence in _sentences():
        text = " ".join(sections.get(cid, "") for cid in _cited(sentence))
        wrong += [f"{ref!r} in “{sentence[:80]}…”" for ref in THEOREM.findall(sentence) if ref not in text]
    assert not wrong, "theorem numbers the cited claims do not carry: " + "; ".join(wrong)


def test_reconstructions_are_attributed():
    """A sentence citing a claim that rests on a reconstruction (the gate's MLP, a lost statement) says so, so that
    the project's reconstruction is not read as the paper's."""
    claims = load_all()
    unsaid = [
        sentence[:90]
        for sentence in _sentences()
        if any("reconstructed" in claims[c].notes for c in _cited(sentence)) and "reconstruct" not in sentence
    ]
    assert not unsaid, "sentences citing reconstructed claims without saying so: " + "; ".join(unsaid)
