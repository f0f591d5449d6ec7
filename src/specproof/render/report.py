"""The verdict table, the JSON report and THEOREMS.md, rendered from the results of :mod:`specproof.engine.runner`."""

from __future__ import annotations

import json
import re
from typing import Sequence

from specproof.engine.blueprint import SOUND, Chain, chains, fully_proved
from specproof.engine.io import write_atomic
from specproof.engine.methods import fmt, jsonable
from specproof.engine.registry import MODULE_OF, PAPERS, Context, Status, load_all, outline
from specproof.engine.runner import Result
from specproof.engine.tables import text_table
from specproof.render.view import BADGE, PROOF_METHOD


def proof_line(r: "Result") -> str | None:
    """The catalogue's *Proof:* line of a proved claim: what is machine-checked (from the evidence), what is argued in
    prose (the line THEOREMS.md prints, from the claim's view)."""
    from specproof.render.view import proof_steps

    steps = proof_steps(r)
    if steps is None:
        return None
    checked, prose = steps
    machine = "; ".join(
        f"{PROOF_METHOD.get(m, m)}: " + ", ".join(f"`{n}`" for n in names) for m, names in checked.items()
    )
    return f"*Proof:* machine-checked — {machine or 'nothing'}. Argued in prose — {prose.rstrip('.')}."


def margin_text(r: Result) -> str:
    """The worst margin; a negative one of a claim that is not refuted carries the allowance that covers it."""
    measured = [e for e in r.evidence if e.worst_margin is not None]
    if not measured:
        return fmt(None)
    worst = min(measured, key=lambda e: e.worst_margin)
    if worst.worst_margin < 0 and r.status is not Status.REFUTED:  # float noise the allowance covers: say so
        allowance = "n/a" if worst.allowance is None else f"{worst.allowance:.2g}"
        return f"{worst.worst_margin:.2g} (allowance {allowance})"
    return fmt(worst.worst_margin)


def result_chains(results: list[Result]) -> dict[str, Chain]:
    """Each result's chain from the computed verdicts; a dependency that was not run counts with its expected one
    (read from the registry index, so a run of one claim imports no other claim module)."""
    from specproof.engine.blueprint import chain_of
    from specproof.engine.index import known_claims

    claims = known_claims()
    verdicts = {cid: c.expected for cid, c in claims.items()} | {r.claim.id: r.status for r in results}
    return {r.claim.id: chain_of(claims, r.claim.id, verdicts) for r in results}


TABLE_WIDTH = 100  # the verify table fits this many columns; long cells wrap onto continuation lines
# column widths: id, status, chain, methods, worst margin, seconds (with two spaces between columns: 100 in all)
_WIDTHS = (38, 11, 8, 16, 11, 6)


def _wrap(text: str, width: int, breaks: str) -> list[str]:
    """A cell as lines of at most ``width`` characters, broken after one of ``breaks`` where possible."""
    lines: list[str] = []
    while len(text) > width:
        cut = max((text.rfind(c, 0, width) for c in breaks), default=-1)
        cut = cut + 1 if cut > 0 else width
        lines.append(text[:cut])
        text = text[cut:]
    return [*lines, text]


def _wrapped(rows: Sequence[Sequence[str]]) -> list[tuple[str, ...]]:
    out = []
    for row in rows:
        cells = [_wrap(cell, w, ".-," if i < 4 else " ") for i, (cell, w) in enumerate(zip(row, _WIDTHS))]
        depth = max(map(len, cells))
        out += [tuple(c[k] if k < len(c) else "" for c in cells) for k in range(depth)]
    return out


def _fold(line: str) -> list[str]:
    """A note line folded to the table's width, its continuation indented."""
    import textwrap

    return textwrap.wrap(line, TABLE_WIDTH, subsequent_indent="      ", break_on_hyphens=False) or [line]


def summary_line(results: list[Result]) -> str:
    """The verdict counts, how many differ from expected, and how many chains are sound."""
    chain = result_chains(results)
    counts = {s: sum(r.status is s for r in results) for s in Status}
    fully = sum(fully_proved(r.status, chain[r.claim.id]) for r in results)
    mism = sum(not r.matches and not r.unavailable for r in results)
    weak = sum(c.state != SOUND for c in chain.values())
    return (
        f"{len(results)} claims: "
        + ", ".join(
            f"{n} {s.value}" + (f" ({fully} fully)" if s is Status.PROVED else "") for s, n in counts.items() if n
        )
        + f"\n{mism} differ from expected; chains: {len(results) - weak} sound, {weak} resting on a weaker or refuted"
        " claim"
    )


def table(results: list[Result], repeat_summary: bool = True) -> str:
    """The verdict table in 100 columns: its summary first, then per claim its id, status ('!' where it differs from
    the expected verdict, which the lines below name), chain (sound, or rests: the lines below say on what), methods,
    worst margin ('*' where the float allowance covers it) and seconds; long cells wrap. The summary is repeated last.
    Every cell is whole in ``--json``."""
    chain = result_chains(results)
    rows = [
        (
            r.claim.id,
            r.status.value + ("" if r.matches else " ?" if r.unavailable else " !"),
            "sound" if chain[r.claim.id].state == SOUND else "rests",
            ",".join(r.methods) or "-",
            margin_cell(r),
            f"{r.seconds:.2f}",
        )
        for r in results
    ]
    summary = summary_line(results)
    lines = [summary, ""]
    lines += text_table(("id", "status", "chain", "methods", "margin", "s"), _wrapped(rows))
    notes = []
    for r in results:
        if not r.matches:
            why = r.unavailable or r.error or f"computed {r.status.value}, expected {r.claim.expected.value}"
            notes.append(f"  {'?' if r.unavailable else '!'} {r.claim.id}: {why}")
    for r in results:
        if chain[r.claim.id].state != SOUND:
            notes.append(f"  rests  {r.claim.id}: {chain[r.claim.id].text(markdown=False)}")
    covered = [r for r in results if margin_cell(r).endswith("*")]
    if covered:
        notes.append("  * a negative worst margin within the check's float error allowance (no counterexample):")
        notes += [f"      {r.claim.id}: {margin_text(r)}" for r in covered]
    if notes:
        lines += ["", *(folded for note in notes for folded in _fold(note))]
    if repeat_summary:
        lines += ["", summary]
    return "\n".join(lines)


def _status_text(status: Status | None) -> str:
    return "unknown" if status is None else status.value


def margin_cell(r: Result) -> str:
    """The worst margin as the table shows it: the number, '*' where the allowance covers a negative one."""
    text = margin_text(r)
    return text.split(" (allowance")[0] + "*" if " (allowance" in text else text


def report_json(results: list[Result], ctx: Context, partial: bool = False, audits=None) -> dict:
    from specproof import __version__

    chain = result_chains(results)
    claims = [
        r.to_json() | {"chain": chain[r.claim.id].to_json(), "fully_proved": fully_proved(r.status, chain[r.claim.id])}
        for r in results
    ]
    out = {"specproof": __version__, "wide": ctx.wide, "seed": ctx.seed, "claims": claims}
    if partial:
        out["partial"] = True
    if audits is not None:
        out["audits"] = [f.to_json() for f in audits]
    return out


def write_json(path, results: list[Result], ctx: Context, partial: bool = False, audits=None) -> None:
    write_atomic(
        path,
        json.dumps(jsonable(report_json(results, ctx, partial, audits)), indent=2, default=str, allow_nan=False) + "\n",
    )


# --------------------------------------------------------------------------- THEOREMS.md


def render_theorems(results: list[Result], kept: dict[str, str] | None = None) -> str:
    """THEOREMS.md from the registry and the computed evidence (deterministic: no timings); ``kept`` holds the
    sections of registered claims not computed here (a partial update), taken as they are."""
    sections = dict(kept or {}) | {r.claim.id: render_claim(r) for r in results}
    registry = load_all()
    return render_document({cid: sections[cid] for cid in registry if cid in sections})


_HEADING = re.compile(r"^#### `([^`]+)`", flags=re.M)


def split_sections(text: str) -> dict[str, str]:
    """The per-claim sections of a THEOREMS.md, keyed by claim id (inverse of :func:`render_document`)."""
    marks = list(_HEADING.finditer(text))
    out = {}
    for m, nxt in zip(marks, marks[1:] + [None]):
        end = nxt.start() if nxt else len(text)
        chunk = text[m.start() : end]
        chunk = re.split(r"^#{2,3} ", chunk, flags=re.M)[0]
        out[m.group(1)] = chunk.rstrip() + "\n"
    return out


_PREAMBLE = [
    "# THEOREMS",
    "",
    "Generated by `specproof theorems` from the claim files of `src/specproof/checks/claims/`; do not edit by",
    "hand. The papers in reading order, one heading per section; the project's own claims (corrections,",
    "sharpenings, hypotheses, measurements) sit in the section of the claim they qualify.",
    "Statuses: **proved** (exact argument over every parameter value), **certified** (exact or ball",
    "arithmetic over a stated finite range), **verified** (floating-point checks and searches found no",
    "counterexample), **refuted** (a counterexample is recorded), **open** (not decided yet; the note says why).",
    "Chains: a claim's chain is **sound** when every claim it uses, transitively, is at least as strong as its",
    "own verdict (proved > certified > verified > open, refuted); otherwise it **rests on** the weakest such claim",
    "(a refuted one first), named. `corrects` is no dependency: a correction does not rest on what it refutes.",
    "",
]


def render_document(sections: dict[str, str]) -> str:
    """Assemble THEOREMS.md from per-claim sections; global parts use the registry only.

    The status counts use expected verdicts, which the tests assert equal the computed ones, so
    every claim's section can be checked on its own (and in parallel).
    """
    registry = load_all()
    claims = [registry[i] for i in sections]
    chain = expected_chains()
    out = [*_PREAMBLE]
    out += _status_lines(claims, sections, chain)
    out += _fully_proved_lines(claims, chain)
    out += _coq_lines(claims, sections, registry)
    out += _paper_sections(claims, sections)
    return "\n".join(out).rstrip() + "\n"


def _status_lines(claims: list, sections: dict[str, str], chain: dict[str, Chain]) -> list[str]:
    """The table of expected verdicts, and which claims' chains are not sound."""
    counts = {s: sum(c.expected is s for c in claims) for s in Status}
    out = ["| status | claims |", "| --- | --- |"]
    out += [f"| {BADGE[s]} | {n} |" for s, n in counts.items() if n]
    weak = [cid for cid in sections if chain[cid].state != SOUND]
    out += [
        "",
        f"{len(claims) - len(weak)} claims have a sound chain; {len(weak)} rest on a weaker or refuted claim: "
        + ", ".join(f"`{cid}`" for cid in weak)
        + ".",
    ]
    return out


def _fully_proved_lines(claims: list, chain: dict[str, Chain]) -> list[str]:
    """How many proved claims are fully proved (Lean blueprint's sense), naming those that are not and why."""
    proved = [c.id for c in claims if c.expected is Status.PROVED]
    partly = [cid for cid in proved if not fully_proved(Status.PROVED, chain[cid])]
    not_fully = ", ".join(
        f"`{cid}` (rests on `{chain[cid].dependency}`, {_status_text(chain[cid].status)})" for cid in partly
    )
    return [
        "",
        "**Fully proved** (as a Lean blueprint computes it: the claim's own proof is done and every claim it "
        f"uses, transitively, is fully proved): {len(proved) - len(partly)} of the {len(proved)} proved claims"
        + (("; proved but not fully proved: " + not_fully) if partly else "")
        + ".",
    ]


def _coq_lines(claims: list, sections: dict[str, str], registry) -> list[str]:
    """The claims with a kernel-checked step, the Coq coverage levels, and what a *Proof:* line reads."""
    from specproof.engine.formal import coverage_level

    kernel_checked = sum("[coq, proved]" in sections[c.id] for c in claims)
    levels = {c.id: coverage_level(c, registry) for c in claims}
    partial = [cid for cid, level in levels.items() if level == "partial"]
    return [
        "",
        (
            f"{kernel_checked} claims have a step kernel-checked by Coq (method `coq`: the statement as a theorem "
            "of `proofs/`, compiled by coqc, resting on no axiom beyond the standard library's real numbers)."
        ),
        (
            f"Coq coverage of the {sum(map(bool, levels.values()))} claims with a Coq check (each section's"
            f" *Coq coverage:* line): {sum(v == 'full' for v in levels.values())} **FULL** (every step outside Coq is"
            " a cited theorem or definition, or is taken from a used claim that is itself FULL),"
            f" {len(partial)} **PARTIAL** (a step is decided by another check, sympy or exact arithmetic, or taken"
            " from a claim that is not FULL; the section names it"
            + (": " + ", ".join(f"`{cid}`" for cid in partial) if partial else "")
            + f"), {sum(v == 'supports' for v in levels.values())} **SUPPORTS** (a step argued in prose only)."
        ),
        (
            "Each proved claim has a *Proof:* line: its machine-checked steps (Coq theorems, sympy and exhaustive"
            " checks) are read from the evidence that decides it, the steps argued in prose are the claim's own record."
        ),
        "",
    ]


def _paper_sections(claims: list, sections: dict[str, str]) -> list[str]:
    """The claims' sections, paper by paper in reading order, under the headings of the outline."""
    out: list[str] = []
    for paper in PAPERS:
        parts = [(sec, [c for c in claims if MODULE_OF.get(c.id) == sec.module]) for sec in outline()]
        parts = [(sec, mine) for sec, mine in parts if sec.paper == paper and mine]
        if not parts:
            continue
        out += [f"## {paper}: {PAPERS[paper]}", ""]
        for sec, mine in parts:
            out += [f"### {sec.heading}", ""]
            out += [line for c in mine for line in (sections[c.id].rstrip(), "")]
    return out


def render_claim(r: Result) -> str:
    """One claim's section of THEOREMS.md: the claim's view (:mod:`specproof.render.view`) through its Markdown
    template.
    """
    from specproof.engine.index import known_claims
    from specproof.render.view import claim_view, render_markdown

    return render_markdown(claim_view(r, expected_chains()[r.claim.id], known_claims()))


_EXPECTED_CHAINS: dict = {}


def expected_chains() -> dict[str, Chain]:
    """Every claim's chain under the expected verdicts, computed once per set of known claims and their edges (the
    catalogue renders every claim against the same chains)."""
    from specproof.engine.index import known_claims

    claims = known_claims()
    key = tuple((cid, c.expected, tuple(c.uses)) for cid, c in claims.items())
    if key not in _EXPECTED_CHAINS:
        _EXPECTED_CHAINS.clear()
        _EXPECTED_CHAINS[key] = chains(claims)
    return _EXPECTED_CHAINS[key]
