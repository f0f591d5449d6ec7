"""One view of a claim, built once from its result: THEOREMS.md (Markdown) and the site (HTML) render the same view
through Jinja2 templates (``checks/templates``), so the two never disagree about what a claim says or shows.

The view holds plain data (strings, lists, small dicts); the templates decide only the markup. Text fields keep the
catalogue's conventions: ``$…$`` is TeX (MathML on the site), backticks are code, claim ids link, and the plain-text
mathematics of prose and evidence (``r_ℓ``, ``μ_{T−k}``, ``H_b^(2)``) is marked up as sub- and superscripts on the
site.
"""

from __future__ import annotations

import functools
import json
from dataclasses import dataclass, field

from specproof.engine.blueprint import SOUND, Chain, fully_proved
from specproof.engine.methods import rounded
from specproof.engine.registry import Evidence, Role, Status
from specproof.engine.runner import NO_PROSE, PROOF_METHOD, proof_steps  # noqa: F401 (re-exported)

BADGE = {
    Status.PROVED: "✅ proved",
    Status.CERTIFIED: "✅ certified",
    Status.VERIFIED: "☑️ verified",
    Status.REFUTED: "❌ refuted",
    Status.OPEN: "⬜ open",
}
COUNTEREXAMPLE_CHARS = 300  # in Markdown; the site shows the whole counterexample as a table


def is_search(e: Evidence) -> bool:
    """Evidence of a randomised search: its observed extremes depend on the draws, so the catalogue
    shows its verdict and size, and the JSON report its observed worst margin and sharpest constant."""
    return e.method.split("/")[-1] == "hypothesis"


def source_text(section: str, label: str) -> str:
    """'App. C.2, Thm C.1'-style source; a label that carries its own parentheses is set off by a dash, never nested."""
    if not label:
        return section
    return f"{section} — {label}" if "(" in label else f"{section} ({label})"


def title_suffix(label: str) -> str:
    if not label:
        return ""
    return f" — {label}" if "(" in label else f" ({label})"


@dataclass(frozen=True)
class EvidenceView:
    check: str
    method: str
    status: str
    cross_check: bool
    summary: str
    ranges: str
    sharpest: str | None
    allowance_note: str
    counterexample: dict | None  # rounded to the printed digits
    counterexample_text: str  # compact JSON, cut at COUNTEREXAMPLE_CHARS (Markdown)


@dataclass(frozen=True)
class HookView:
    theorem: str
    statement: str
    source: str


@dataclass(frozen=True)
class ClaimView:
    id: str
    title: str
    title_suffix: str
    paper: str
    section: str
    label: str
    source: str
    status: str
    badge: str
    fully: bool | None  # None for a claim that is not proved
    matches: bool
    expected: str
    flags: tuple
    statement: str
    lost: str
    reason: str
    unproved: str
    corrects: str | None
    uses: tuple  # (id, expected verdict or None)
    chain_state: str
    chain_dependency: str | None
    chain_status: str | None
    chain_path: tuple
    chain_markdown: str
    proof_checked: tuple  # (method label, (names…))
    proof_prose: str | None
    hooks: tuple
    hook_files: tuple
    evidence: tuple
    error: str | None
    tests: tuple
    figure: str | None
    records: tuple = ()  # (label, text): how tight the bound is, how weak the hypothesis, the rate's limit
    coq_covers: tuple = ()  # (theorem, the sentence of the claim it states)
    coq_steps: tuple = ()  # (the step outside Coq, how it is taken: a claim, a check, a cited theorem, prose)
    coq_level: str = ""  # the Coq coverage: FULL, PARTIAL, SUPPORTS ('' without a Coq check)
    coq_held: tuple = ()  # (step, why): the steps that keep the coverage below FULL
    extra: dict = field(default_factory=dict)


def evidence_view(e: Evidence) -> EvidenceView:
    cx = rounded(e.counterexample) if e.counterexample else None
    text = json.dumps(cx, default=str, ensure_ascii=False)[:COUNTEREXAMPLE_CHARS] if cx else ""
    return EvidenceView(
        e.check,
        e.method,
        e.status.value,
        e.role is not Role.DECIDES,
        e.summary,
        e.ranges,
        e.sharpest if e.sharpest and not is_search(e) else None,
        e.allowance_note,
        cx,
        text,
    )


def claim_view(r, chain: Chain, known: dict) -> ClaimView:
    """The view of one result, its chain (under the verdicts of the run) and the claims it can name."""
    from specproof.engine.formal import claim_coverage, claim_hooks, coverage

    c = r.claim
    steps = proof_steps(r)
    checked = tuple((PROOF_METHOD.get(m, m), tuple(names)) for m, names in (steps[0].items() if steps else ()))
    hooks = claim_hooks(c)
    level, held = coverage(c)
    return ClaimView(
        id=c.id,
        title=c.title,
        title_suffix=title_suffix(c.source.label),
        paper=c.source.paper,
        section=c.source.section,
        label=c.source.label,
        source=source_text(c.source.section, c.source.label),
        status=r.status.value,
        badge=BADGE[r.status],
        fully=fully_proved(r.status, chain) if r.status is Status.PROVED else None,
        matches=r.matches,
        expected=c.expected.value,
        flags=tuple(c.notes),
        statement=c.statement,
        lost=c.lost,
        reason=c.reason,
        unproved=c.unproved if r.status is Status.VERIFIED else "",
        corrects=c.corrects,
        uses=tuple((u, known[u].expected.value if u in known else None) for u in c.uses),
        chain_state=chain.state,
        chain_dependency=chain.dependency,
        chain_status=chain.status.value if chain.status else None,
        chain_path=tuple(chain.path),
        chain_markdown=chain.text(),
        proof_checked=checked,
        proof_prose=(steps[1] if steps else None),
        hooks=tuple(HookView(h.theorem, h.statement, h.source) for h in hooks),
        hook_files=tuple(dict.fromkeys(h.source for h in hooks)),
        evidence=tuple(evidence_view(e) for e in r.evidence),
        error=r.error,
        tests=(f"tests/test_claims.py::test_verdict[{c.id}]", *c.tests),
        figure=c.figure,
        records=record_lines(r),
        coq_covers=tuple(pair for spec in claim_coverage(c) for pair in spec.covers),
        coq_steps=tuple((s.text, step_basis(s)) for spec in claim_coverage(c) for s in spec.steps),
        coq_level=level.upper(),
        coq_held=tuple((s.text, held_basis(s, used)) for s, used in held),
    )


def step_basis(step) -> str:
    """How a step outside Coq is taken, in words (markdown)."""
    if step.kind == "claim":
        return f"from claim `{step.claim}`"
    if step.kind == "check":
        return f"decided by check `{step.check}`"
    if step.kind == "cited":
        return f"cited: {step.cites}"
    return "argued in prose only"


def held_basis(step, used: str) -> str:
    """Why a step keeps a claim's Coq coverage below FULL, in words (markdown)."""
    if step.kind == "claim":
        return f"from claim `{step.claim}`, " + (
            f"whose Coq coverage is {used.upper()}" if used else "which has no Coq check"
        )
    return step_basis(step)


RECORD_LABELS = {"tightness": "Tightness", "weakest": "Weakest hypothesis", "limit": "Limit"}


def record_lines(r) -> tuple:
    """(label, text) of the claim's tightness, weakest-hypothesis and limit records (engine.records), in that order;
    after each record with a number, whether a second computation confirms it (or that none does)."""
    from specproof.engine.runner import records_of

    out = []
    for name, label in RECORD_LABELS.items():
        for rec in records_of(r, name):
            head = f"{label} ({rec.part})" if rec.part else label
            out.append((head, rec.text()))
            if confirmation := rec.confirmation_text():
                out.append((f"{head}, second computation", confirmation))
    return tuple(out)


# --------------------------------------------------------------------------- templates


@functools.lru_cache(maxsize=2)
def environment(kind: str):
    """The Jinja2 environment for ``kind`` ("md" or "html"): templates from the package, strict about undefined
    names, HTML autoescaped."""
    import jinja2

    env = jinja2.Environment(
        loader=jinja2.PackageLoader("specproof.render", "templates"),
        autoescape=jinja2.select_autoescape(enabled_extensions=("html",)) if kind == "html" else False,
        undefined=jinja2.StrictUndefined,
        keep_trailing_newline=True,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    return env


def render_markdown(view: ClaimView) -> str:
    """One claim's section of THEOREMS.md."""
    text = environment("md").get_template("claim.md.j2").render(c=view, SOUND=SOUND)
    return text.rstrip() + "\n"
