"""The registry: every id of claims.md registered, every named check exists, every verdict as expected,
THEOREMS.md fresh."""

import ast
import collections
import functools
import importlib
import pkgutil
import re
import shutil
from pathlib import Path

import pytest

import specproof.checks.claims
from specproof.engine.methods import RENDER_DIGITS
from specproof.engine.registry import LINE_OF, MODULE_OF, NOTE_FLAGS, REGISTRY, Context, Status, is_check, load_all
from specproof.engine.runner import run_claim
from specproof.render.report import render_claim, render_document, split_sections

ROOT = Path(__file__).resolve().parents[1]
load_all()
IDS = list(REGISTRY)
THEOREMS = ROOT / "THEOREMS.md"


# the three tests of one claim share one computation: they run in one xdist worker (--dist loadgroup)
CLAIMS = [pytest.param(cid, marks=pytest.mark.xdist_group(cid)) for cid in IDS]
DECIMAL = re.compile(r"(?<![\w.])(\d+)\.(\d+)")


def _significant_digits(whole: str, fraction: str) -> int:
    fraction = fraction.rstrip("0")
    digits = (whole + fraction) if fraction else whole.rstrip("0")  # 785396.0 and 1000000.0 have 6 and 1
    return len(digits.lstrip("0"))


@functools.lru_cache(maxsize=None)
def result(cid: str):
    r = run_claim(REGISTRY[cid], Context())
    if shutil.which("coqc") is None and any(e.method == "coq" for e in r.evidence):
        pytest.skip(f"{cid} rests on a Coq proof and coqc is not installed (apt-get install coq libcoq-mathcomp)")
    if r.unavailable:  # a lean install: the verdict needs a component it lacks
        pytest.skip(f"{cid} is not decided here: {r.unavailable}")
    return r


@pytest.mark.parametrize("cid", CLAIMS)
def test_verdict(cid):
    r = result(cid)
    assert r.error is None, f"{cid}: check crashed: {r.error}"
    assert r.status is r.claim.expected, (
        f"{cid}: computed {r.status.value}, expected {r.claim.expected.value} ({r.claim.reason}); "
        f"evidence: {[e.summary for e in r.evidence]}"
    )


@pytest.mark.parametrize("cid", CLAIMS)
def test_catalogue_section_is_fresh(cid):
    """The rendered section equals THEOREMS.md's (a verdict change fails test_verdict instead)."""
    section = split_sections(THEOREMS.read_text(encoding="utf-8")).get(cid)
    assert section == render_claim(result(cid)), (
        f"THEOREMS.md is stale for {cid} (its verdict is tested separately): if the checks or the claim changed, "
        "run `specproof theorems`; if nothing changed but the machine, a rendered number carries digits the "
        "computation does not guarantee — fix the rendering, do not commit this machine's digits"
    )


def _evidence_records(evidence):
    for e in evidence:
        yield e
        yield from _parts(e.data)


def _parts(data: dict):
    """Sub-checks folded into one Evidence by checks.methods.combine (as JSON)."""
    for part in data.get("parts", []):
        yield part
        yield from _parts(part.get("data", {}))


@pytest.mark.parametrize("cid", CLAIMS)
def test_float_allowances_are_analysed_and_cover_the_margin(cid):
    """A float check passes an example only up to its allowance: that allowance must come with the error
    analysis behind it (written next to the check, rendered in the catalogue) and must cover the worst
    margin seen; a negative margin beyond it is a counterexample, never a pass."""
    r = result(cid)
    section = render_claim(r)
    for e in _evidence_records(r.evidence):
        get = e.get if isinstance(e, dict) else lambda k, e=e: getattr(e, k)
        name = get("check") or get("summary")[:60]
        margin, allowance, note = get("worst_margin"), get("allowance"), get("allowance_note")
        if Status(get("status")) is Status.REFUTED or r.status is Status.REFUTED:
            continue  # a refuted verdict shows its counterexample; the rule is for verdicts that hold
        if allowance is not None:
            assert note, (
                f"{cid}: {name} passes examples within a float allowance ({allowance:.3g} at its worst "
                "example) but no error analysis says why: pass allowance='…' to the check"
            )
            if not isinstance(e, dict):
                assert f"float allowance: {note}" in section, f"{cid}: {name}: the allowance is not rendered"
        if margin is not None and margin < 0:
            assert allowance is not None and margin + allowance >= 0, (
                f"{cid}: {name} is {get('status')} with worst margin {margin} beyond its allowance {allowance}: "
                "that example is a counterexample"
            )


def test_rendered_evidence_carries_only_guaranteed_digits():
    lines = [ln for ln in THEOREMS.read_text(encoding="utf-8").splitlines() if ln.startswith("- `")]
    long = [
        (ln[:60], m.group())
        for ln in lines
        for m in DECIMAL.finditer(ln)
        if _significant_digits(*m.groups()) > RENDER_DIGITS
    ]
    assert not long, f"evidence lines of THEOREMS.md show floats beyond {RENDER_DIGITS} significant digits: {long[:5]}"


def test_every_id_of_claims_md_is_registered(shared_dir):
    listed = set(re.findall(r"^\| `([a-z]+\.[^`]+)` \|", (shared_dir / "claims.md").read_text(), flags=re.M))
    missing = sorted(listed - set(REGISTRY))
    assert not missing, f"ids of claims.md missing from the registry: {missing}"


def _checks_of_claim_modules() -> dict:
    """Every check defined in a module of checks/claims/, by its qualified name: the module attributes marked as
    checks (a decorated function, a check that coq_check built there) and the checks a claim file built and attached
    without binding a name (a parametrised family, in a loop)."""
    package = specproof.checks.claims
    modules = [
        importlib.import_module(m.name)
        for m in pkgutil.walk_packages(package.__path__, f"{package.__name__}.")
        if not m.ispkg
    ]
    out = {
        f"{m.__name__}.{name}": fn
        for m in modules
        for name, fn in vars(m).items()
        if is_check(fn) and (fn.__module__ == m.__name__ or hasattr(fn, "coq_hooks"))
    }  # coq_check binds it here
    here = str(Path(package.__path__[0]))
    for c in REGISTRY.values():
        for fn in (*c.checks, *c.cross_checks):
            if fn not in out.values() and getattr(fn, "__code__", None) and fn.__code__.co_filename.startswith(here):
                out[f"{fn.__module__}.{fn.__qualname__}"] = fn
    return out


def test_every_claim_has_checks_of_the_claim_modules():
    defined = set(_checks_of_claim_modules().values())
    assert all(c.checks for c in REGISTRY.values()), [c.id for c in REGISTRY.values() if not c.checks]
    stray = {
        c.id: [fn.__qualname__ for fn in (*c.checks, *c.cross_checks) if fn not in defined] for c in REGISTRY.values()
    }
    stray = {k: v for k, v in stray.items() if v}
    assert not stray, f"claims use checks defined outside checks/claims/: {stray}"


def test_every_check_belongs_to_a_claim():
    used = {fn for c in REGISTRY.values() for fn in (*c.checks, *c.cross_checks)}
    unused = sorted(name for name, fn in _checks_of_claim_modules().items() if fn not in used)
    assert not unused, f"@check functions no claim uses: {unused}"


def test_every_claim_is_stated_before_the_checks_that_decide_it():
    """A claim file reads like a blueprint: each claim's declaration precedes every check defined for it in its file
    (a check two claims share is defined after the first of them and attached to the other by a call)."""
    first = {}
    for cid, c in REGISTRY.items():
        for fn in (*c.checks, *c.cross_checks):
            first.setdefault(fn, cid)
    late = []
    for fn, cid in first.items():
        code = getattr(fn, "__code__", None)
        module = importlib.import_module(f"specproof.checks.claims.{MODULE_OF[cid]}")
        if code is None or code.co_filename != module.__file__ or fn.__module__ != module.__name__:
            continue  # defined elsewhere (a _shared module, coq_check): attached by a call
        if code.co_firstlineno < LINE_OF[cid]:
            late.append(f"{cid} (line {LINE_OF[cid]}) after its check {fn.__name__} (line {code.co_firstlineno})")
    assert not late, f"claims stated after their evidence: {late}"


def test_check_names_are_unique():
    """Reports and THEOREMS.md name a piece of evidence by its check's function name."""
    counts = collections.Counter(fn.__name__ for fn in set(_checks_of_claim_modules().values()))
    shared = sorted(name for name, n in counts.items() if n > 1)
    assert not shared, f"checks sharing a name: {shared}"


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
    assert render_document({cid: sections[cid] for cid in IDS}) == current, (
        "THEOREMS.md is stale: run `specproof theorems`"
    )


def test_no_claim_text_holds_a_control_character():
    """Catalogue text is printable: a C0 control character in a statement is a TeX escape eaten by Python
    (\\b of \\bar, \\f of \\frac in a string that is not raw)."""
    import re

    control = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f]")
    fields = ("title", "statement", "reason", "prose", "lost")
    bad = [(cid, f) for cid, c in load_all().items() for f in fields if control.search(str(getattr(c, f) or ""))]
    assert not bad, bad


def test_every_verified_claim_says_why_it_is_not_proved():
    """A verified claim either gets a proof or says why none is known (or that it is measured: nothing to prove)."""
    missing = [cid for cid, c in load_all().items() if c.expected is Status.VERIFIED and not c.unproved.strip()]
    assert not missing, f"verified claims without an `unproved` note: {missing}"


def test_theorems_recomputes_only_the_named_claims(tmp_path, capsys):
    """`specproof theorems ID …` recomputes those sections and keeps the others as the file has them."""
    from specproof.cli.main import main

    out = tmp_path / "THEOREMS.md"
    out.write_text(THEOREMS.read_text(encoding="utf-8"), encoding="utf-8")
    assert main(["theorems", "trsp.C8.row-sums", "--output", str(out)]) == 0
    assert out.read_text(encoding="utf-8") == THEOREMS.read_text(encoding="utf-8")
    assert f"1 claims recomputed, {len(IDS) - 1} kept" in capsys.readouterr().out
    torn = "".join(THEOREMS.read_text(encoding="utf-8").split("#### `trsp.C8.sink-norm`", 1)[:1])
    out.write_text(torn, encoding="utf-8")
    assert main(["theorems", "trsp.C8.row-sums", "--output", str(out)]) == 2
    assert "lacks" in capsys.readouterr().err
