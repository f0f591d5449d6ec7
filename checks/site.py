"""The catalogue as a static site: a page per claim, an index with search and filters, the interactive
dependency graph, and the report as JSON. Built from the computed results (the ones THEOREMS.md is
rendered from), never from THEOREMS.md; ``--report`` reuses a ``specproof verify --json`` report, so a
rebuild takes about a second instead of the minutes the checks take.

- **Offline**: the TeX of every statement is converted to MathML at build time (``latex2mathml``); the
  browser renders MathML itself (MathML Core), so neither building nor viewing needs a script from anywhere
  else. The graph is an SVG drawn here, made interactive by a small script of the site's own.
- **Where**: the project's ``site/`` by default, or ``--outdir``; the path is checked before any work, and a
  non-empty directory is only written into when an earlier ``specproof site`` made it (a marker file says so).
  Every file is written atomically; pages of claims no longer built are removed.
"""

from __future__ import annotations

import dataclasses
import html
import json
import re
import sys
import time
from pathlib import Path
from typing import Mapping

from specproof.checks.blueprint import _FILL, CLAIM_ID, SOUND, fully_proved, layout
from specproof.checks.io import output_dir, project_path, write_atomic
from specproof.checks.methods import jsonable, rounded
from specproof.checks.registry import NOTE_FLAGS, PAPERS, Evidence, Status, load_all, natural_key
from specproof.theory.validate import InputError

MARKER = ".specproof-site"
_MATH = re.compile(r"\$\$(.+?)\$\$|\$(.+?)\$", re.S)
_CODE = re.compile(r"`([^`]+)`")
_COUNTEREXAMPLE_CHARS = 4000


# --------------------------------------------------------------------------- the report

def load_report(path) -> dict:
    """A JSON report of ``specproof verify --json``, checked before any work: its claims must be registered."""
    p = Path(str(path)).expanduser()
    if not p.is_file():
        raise InputError(f"--report {str(path)!r} is not a file; allowed: a report written by `specproof verify --json FILE`")
    try:
        data = json.loads(p.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise InputError(f"--report {str(path)!r} is not a JSON report ({exc}); allowed: a report written by "
                         f"`specproof verify --json FILE`") from None
    claims = data.get("claims") if isinstance(data, dict) else None
    if not isinstance(claims, list) or not all(isinstance(c, dict) and "id" in c and "status" in c for c in claims):
        raise InputError(f"--report {str(path)!r} has no list of claims with id and status; allowed: a report "
                         f"written by `specproof verify --json FILE`")
    registry = load_all()
    unknown = [c["id"] for c in claims if c["id"] not in registry]
    if unknown:
        raise InputError(f"--report {str(path)!r} names claims that are not registered ({', '.join(unknown[:5])}): it "
                         f"is from another version; allowed: a report of this checkout (rerun `specproof verify --json`)")
    statuses = {s.value for s in Status}
    bad = [c["id"] for c in claims if c["status"] not in statuses]
    if bad:
        raise InputError(f"--report {str(path)!r}: unknown status for {', '.join(bad[:5])}; allowed: {sorted(statuses)}")
    return data


def results_from_report(data: dict) -> dict:
    """The report's claims as :class:`~specproof.checks.report.Result` objects, keyed by id."""
    from specproof.checks.report import Result

    registry = load_all()
    names = {f.name for f in dataclasses.fields(Evidence)}
    out = {}
    for entry in data["claims"]:
        evidence = [Evidence(**{k: v for k, v in e.items() if k in names}) for e in entry.get("evidence", [])]
        crashed = [n[len("check crashed: "):] for n in entry.get("notes", []) if n.startswith("check crashed: ")]
        out[entry["id"]] = Result(registry[entry["id"]], Status(entry["status"]), evidence,
                                  float(entry.get("seconds", 0.0)), crashed[0] if crashed else None)
    return out


# --------------------------------------------------------------------------- text

def _math(tex: str, display: bool) -> str:
    import latex2mathml.converter

    try:
        return latex2mathml.converter.convert(tex.strip(), display="block" if display else "inline")
    except Exception:  # latex2mathml raises its own errors (and plain ones) on TeX it cannot read: show the TeX
        return f'<code class="tex">{html.escape(tex)}</code>'  # (tests/test_site.py fails on any in a statement)


def inline(text: str, link, math: bool = True) -> str:
    """Catalogue text as HTML: ``$…$`` and ``$$…$$`` as MathML, `code` as code, claim ids as links
    (``link(id)`` gives the href, or None for a claim this site has no page for); the rest escaped."""
    out, pos = [], 0
    pattern = _MATH if math else re.compile(r"(?!)")
    for m in pattern.finditer(text):
        out.append(_plain(text[pos:m.start()], link))
        out.append(_math(m.group(1) or m.group(2), display=m.group(1) is not None))
        pos = m.end()
    out.append(_plain(text[pos:], link))
    return "".join(out)


def _plain(text: str, link) -> str:
    out, pos = [], 0
    for m in _CODE.finditer(text):
        out.append(_ids(text[pos:m.start()], link))
        out.append(f"<code>{_ids(m.group(1), link)}</code>")
        pos = m.end()
    out.append(_ids(text[pos:], link))
    return "".join(out)


def _ids(text: str, link) -> str:
    out, pos = [], 0
    for m in CLAIM_ID.finditer(text):
        cid = m.group(0).rstrip(".")
        href = link(cid)
        out.append(html.escape(text[pos:m.start()]))
        out.append(f'<a class="cid" href="{href}">{html.escape(cid)}</a>' if href else html.escape(cid))
        pos = m.start() + len(cid)
    out.append(html.escape(text[pos:]))
    return "".join(out)


def _text_of(text: str) -> str:
    """Plain text for the search index: TeX kept as written, without the dollars."""
    return re.sub(r"\s+", " ", text.replace("$", " ")).strip().lower()


# --------------------------------------------------------------------------- pages

_CSS = """
:root { --ink: #212121; --muted: #616161; --line: #e0e0e0; --accent: #1565c0; }
* { box-sizing: border-box; }
body { font: 15px/1.5 system-ui, sans-serif; color: var(--ink); margin: 0; }
header { background: #263238; color: #fff; padding: .6em 1.2em; display: flex; gap: 1.5em; align-items: baseline; }
header a { color: #fff; }
header .brand { font-weight: 700; }
main { padding: 1em 1.2em; max-width: 72em; }
main.wide { max-width: none; }
a { color: var(--accent); }
code, .cid { font-family: ui-monospace, monospace; font-size: .92em; }
.badge { display: inline-block; padding: 0 .5em; border-radius: .6em; border: 1px solid #424242; font-size: .85em; }
.chain-rests-on { color: #c62828; font-weight: 600; }
.flag { display: inline-block; padding: 0 .4em; border-radius: .3em; background: #eceff1; font-size: .8em; margin-right: .2em; }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; vertical-align: top; padding: .3em .5em; border-bottom: 1px solid var(--line); }
th { background: #fafafa; position: sticky; top: 0; }
.controls { display: flex; flex-wrap: wrap; gap: .6em; align-items: center; margin: .6em 0 1em; }
.controls input { min-width: 22em; padding: .3em; }
.controls select { padding: .25em; }
dl.facts { display: grid; grid-template-columns: max-content 1fr; gap: .3em 1em; }
dl.facts dt { color: var(--muted); }
.statement { font-size: 1.08em; padding: .6em .9em; border-left: 4px solid var(--accent); background: #f5f9ff; }
ul.evidence li { margin-bottom: .6em; }
pre.cx { white-space: pre-wrap; word-break: break-all; background: #fff3f3; padding: .5em; border: 1px solid #ef9a9a; }
img.figure { max-width: 100%; border: 1px solid var(--line); }
#graph-wrap { overflow: auto; border: 1px solid var(--line); max-height: 80vh; }
#graph .node rect { stroke: #424242; stroke-width: .6; }
#graph .node.weak rect { stroke: #c62828; stroke-width: 2.2; }
#graph .node text { font: 11px ui-monospace, monospace; pointer-events: none; }
#graph .node.fully text { fill: #fff; }
#graph .edge { fill: none; stroke: #9e9e9e; stroke-width: .8; }
#graph .edge.corrects { stroke-dasharray: 4 3; }
#graph .heading { font: bold 12px system-ui, sans-serif; }
#graph.focus .node, #graph.focus .edge { opacity: .15; }
#graph.focus .node.on, #graph.focus .edge.on { opacity: 1; }
#graph .edge.on { stroke: #1565c0; stroke-width: 1.6; }
#graph .node.match rect { stroke: #1565c0; stroke-width: 3; }
#info { min-height: 3em; margin: .5em 0; }
.legend span { margin-right: 1em; }
"""

_INDEX_JS = r"""
(function () {
  "use strict";
  const q = document.getElementById("q");
  const selects = Array.from(document.querySelectorAll("select[data-filter]"));
  const rows = Array.from(document.querySelectorAll("#claims tbody tr"));
  const count = document.getElementById("count");
  function apply() {
    const words = q.value.trim().toLowerCase().split(/\s+/).filter(Boolean);
    let shown = 0;
    for (const row of rows) {
      let ok = words.every(w => row.dataset.text.includes(w));
      for (const s of selects) {
        if (s.value && !(row.dataset[s.dataset.filter] || "").split("|").includes(s.value)) ok = false;
      }
      row.hidden = !ok;
      if (ok) shown += 1;
    }
    count.textContent = shown + " of " + rows.length + " claims";
    const state = new URLSearchParams();
    if (q.value.trim()) state.set("q", q.value.trim());
    for (const s of selects) if (s.value) state.set(s.dataset.filter, s.value);
    const hash = state.toString();
    history.replaceState(null, "", hash ? "#" + hash : location.pathname);
  }
  function load() {
    const state = new URLSearchParams(location.hash.slice(1));
    q.value = state.get("q") || "";
    for (const s of selects) {
      const v = state.get(s.dataset.filter) || "";
      s.value = Array.from(s.options).some(o => o.value === v) ? v : "";
    }
    apply();
  }
  q.addEventListener("input", apply);
  for (const s of selects) s.addEventListener("change", apply);
  document.getElementById("reset").addEventListener("click", () => {
    q.value = ""; for (const s of selects) s.value = ""; apply();
  });
  window.addEventListener("hashchange", load);
  load();
})();
"""

_GRAPH_JS = r"""
(function () {
  "use strict";
  const svg = document.getElementById("graph");
  const nodes = new Map(Array.from(svg.querySelectorAll(".node")).map(n => [n.dataset.id, n]));
  const edges = Array.from(svg.querySelectorAll(".edge"));
  const info = document.getElementById("info");
  const uses = new Map(), usedBy = new Map();
  for (const id of nodes.keys()) { uses.set(id, []); usedBy.set(id, []); }
  for (const e of edges) {
    if (!e.classList.contains("uses")) continue;
    uses.get(e.dataset.from).push(e.dataset.to);
    usedBy.get(e.dataset.to).push(e.dataset.from);
  }
  function reach(start, next) {
    const seen = new Set([start]), todo = [start];
    while (todo.length) for (const m of next.get(todo.pop())) if (!seen.has(m)) { seen.add(m); todo.push(m); }
    return seen;
  }
  function focus(id) {
    const up = reach(id, uses), down = reach(id, usedBy);
    const on = new Set([...up, ...down]);
    svg.classList.add("focus");
    for (const [k, n] of nodes) n.classList.toggle("on", on.has(k));
    for (const e of edges) {
      const a = e.dataset.from, b = e.dataset.to;
      e.classList.toggle("on", (up.has(a) && up.has(b)) || (down.has(a) && down.has(b)) || (e.classList.contains("corrects") && (a === id || b === id)));
    }
    const n = nodes.get(id);
    info.textContent = "";
    const link = document.createElement("a");
    link.href = n.getAttribute("href");
    link.textContent = id;
    info.append(link, " — " + n.dataset.title + " (" + n.dataset.status + "; chain: " + n.dataset.chain + "); uses "
      + (up.size - 1) + " claims transitively, used by " + (down.size - 1) + ".");
  }
  function clear() {
    svg.classList.remove("focus");
    for (const n of nodes.values()) n.classList.remove("on");
    for (const e of edges) e.classList.remove("on");
  }
  for (const [id, n] of nodes) {
    n.addEventListener("mouseenter", () => focus(id));
    n.addEventListener("focus", () => focus(id));
  }
  svg.addEventListener("mouseleave", clear);
  const q = document.getElementById("graph-q");
  const count = document.getElementById("graph-count");
  q.addEventListener("input", () => {
    const w = q.value.trim().toLowerCase();
    let hits = 0;
    for (const [id, n] of nodes) {
      const hit = w !== "" && (id.toLowerCase().includes(w) || n.dataset.title.toLowerCase().includes(w));
      n.classList.toggle("match", hit);
      if (hit) hits += 1;
    }
    count.textContent = w ? hits + " matching" : "";
  });
})();
"""


def _page(title: str, body: str, root: str, wide: bool = False, scripts: tuple = ()) -> str:
    tags = "".join(f'\n<script src="{root}assets/{s}"></script>' for s in scripts)
    return (f'<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">\n'
            f'<title>{html.escape(title)}</title>\n<link rel="stylesheet" href="{root}assets/site.css">\n'
            f'<link rel="icon" href="data:,">\n</head>\n<body>\n'
            f'<header><a class="brand" href="{root}index.html">specproof</a><a href="{root}index.html">claims</a>'
            f'<a href="{root}graph.html">dependency graph</a><a href="{root}claims.json">JSON</a></header>\n'
            f'<main{" class=wide" if wide else ""}>\n{body}\n</main>{tags}\n</body>\n</html>\n')


FULLY_FILL = "#2e7d32"  # fully proved: a darker green than proved (whose chain rests on a claim not proved)


def _badge(status: Status, fully: bool = False) -> str:
    if fully:
        return f'<span class="badge fully" style="background:{FULLY_FILL};color:#fff">fully proved</span>'
    return f'<span class="badge" style="background:{_FILL[status]}">{status.value}</span>'


def _proof_state(status: Status, chain) -> str:
    """'fully proved', 'proved, not fully' or '' (not proved): the index's proof filter."""
    if status is not Status.PROVED:
        return ""
    return "fully proved" if fully_proved(status, chain) else "proved, not fully"


def _chain_html(chain, link) -> str:
    if chain.state == SOUND:
        return "sound"
    via = ""
    if len(chain.path) > 2:
        via = " via " + " → ".join(_ids(p, link) for p in chain.path[1:-1])
    return (f'<span class="chain-rests-on">rests on</span> {_ids(chain.dependency, link)} '
            f'({chain.status.value}){via}')


def _evidence_html(e: Evidence, link) -> str:
    """One piece of evidence with what THEOREMS.md shows of it (same rules: no observed extremes of a search)."""
    from specproof.checks.report import is_search

    role = "" if e.role.value == "decides" else " (cross-check)"
    parts = [f"<code>{html.escape(e.check)}</code> [{html.escape(e.method)}, {e.status.value}{role}]: "
             f"{inline(e.summary, link)}"]
    if e.ranges:
        parts.append(f"range: {inline(e.ranges, link)}")
    if e.sharpest and not is_search(e):
        parts.append(f"sharpest: {inline(str(e.sharpest), link)}")
    if e.allowance_note:
        parts.append(f"float allowance: {inline(e.allowance_note, link)}")
    out = "; ".join(parts)
    if e.counterexample:
        text = json.dumps(rounded(e.counterexample), default=str, ensure_ascii=False)
        if len(text) > _COUNTEREXAMPLE_CHARS:
            text = text[:_COUNTEREXAMPLE_CHARS] + " …"
        out += f'<div>counterexample:</div><pre class="cx">{html.escape(text)}</pre>'
    return f"<li>{out}</li>"


def _claim_page(r, chain, registry, used_by, corrected_by, link, figure: str | None) -> str:
    c = r.claim
    label = f" ({html.escape(c.source.label)})" if c.source.label else ""
    paper = PAPERS.get(c.source.paper, "claims of the project's own")
    flags = "".join(f'<span class="flag">{f}</span>' for f in c.notes)
    facts = [("source", f"{html.escape(c.source.paper)} {html.escape(c.source.section)}{label} — {html.escape(paper)}"),
             ("verdict", _badge(r.status, fully_proved(r.status, chain))
              + (" (not fully proved: it uses a claim that is not)" if _proof_state(r.status, chain) == "proved, not fully" else "")
              + ("" if r.matches else f" <strong>expected {c.expected.value}: the computed "
                                                                 f"verdict differs</strong>")),
             ("chain", _chain_html(chain, link) + ("" if c.uses else " (uses no claim)"))]
    if flags:
        facts.append(("flags", flags))
    if c.uses:
        facts.append(("uses", ", ".join(f"{_ids(u, link)} ({registry[u].expected.value})" if u in registry else
                                        html.escape(u) for u in c.uses)))
    if used_by:
        facts.append(("used by", ", ".join(_ids(u, link) for u in used_by)))
    if c.corrects:
        facts.append(("corrects", _ids(c.corrects, link)))
    if corrected_by:
        facts.append(("corrected by", ", ".join(_ids(u, link) for u in corrected_by)))
    body = [f"<h1><code>{html.escape(c.id)}</code>: {inline(c.title, link)}{label}</h1>",
            '<dl class="facts">' + "".join(f"<dt>{k}</dt><dd>{v}</dd>" for k, v in facts) + "</dl>",
            "<h2>Statement</h2>", f'<div class="statement">{inline(c.statement, link)}</div>']
    if c.lost:
        body += [f"<p><em>Reconstructed:</em> {inline(c.lost, link)}</p>"]
    body += ["<h2>Why this verdict</h2>", f"<p>{inline(c.reason, link)}</p>"]
    if r.evidence:
        body += ["<h2>Evidence</h2>", '<ul class="evidence">', *(_evidence_html(e, link) for e in r.evidence), "</ul>"]
    if r.error:
        body += [f"<p><strong>Check crashed:</strong> {html.escape(r.error)}</p>"]
    cx = [e for e in r.evidence if e.counterexample]
    if r.status is Status.REFUTED and cx:
        body += [f"<p>Counterexample kept by <code>{html.escape(cx[0].check)}</code> (see the evidence above).</p>"]
    tests = [f"tests/test_claims.py::test_verdict[{c.id}]", *c.tests]
    body += ["<h2>Tests</h2>", "<ul>" + "".join(f"<li><code>{html.escape(t)}</code></li>" for t in tests) + "</ul>"]
    if figure:
        body += ["<h2>Figure</h2>", f'<p><a href="../{figure}"><img class="figure" src="../{figure}" '
                                    f'alt="figure of {html.escape(c.id)}"></a></p>']
    elif c.figure:
        body += ["<h2>Figure</h2>", f"<p><code>{html.escape(c.figure)}</code> (not in this installation)</p>"]
    return _page(f"{c.id} — specproof", "\n".join(body), "../")


def _index_page(results, chain, meta: dict) -> str:
    link = lambda cid: f"claims/{cid}.html" if cid in chain else None  # noqa: E731
    sections = sorted({f"{r.claim.source.paper} {r.claim.source.section}" for r in results},
                      key=natural_key)
    papers = [p for p in [*PAPERS, "specproof"] if any(r.claim.source.paper == p for r in results)]
    chains_seen = [s for s in ("sound", "rests-on") if any(chain[r.claim.id].state == s for r in results)]

    def options(name, label, values):
        opts = "".join(f'<option value="{html.escape(v)}">{html.escape(v)}</option>' for v in values)
        return (f'<label>{label} <select data-filter="{name}" id="f-{name}"><option value="">all</option>'
                f'{opts}</select></label>')

    rows = []
    for r in results:
        c, ch = r.claim, chain[r.claim.id]
        section = f"{c.source.paper} {c.source.section}"
        text = _text_of(" ".join((c.id, c.title, c.source.label, c.statement)))
        chain_text = "sound" if ch.state == SOUND else f"rests on {_ids(ch.dependency, link)} ({ch.status.value})"
        rows.append(
            f'<tr data-paper="{c.source.paper}" data-section="{html.escape(section)}" data-status="{r.status.value}" '
            f'data-flag="{"|".join(c.notes)}" data-chain="{ch.state}" data-proof="{_proof_state(r.status, ch)}" '
            f'data-text="{html.escape(text)}">'
            f'<td><a class="cid" href="claims/{html.escape(c.id)}.html">{html.escape(c.id)}</a></td>'
            f'<td>{inline(c.title, link)}</td><td>{html.escape(section)}'
            f'{" (" + html.escape(c.source.label) + ")" if c.source.label else ""}</td>'
            f'<td>{_badge(r.status, fully_proved(r.status, ch))}</td><td>{chain_text}</td>'
            f'<td>{"".join(f"<span class=flag>{f}</span>" for f in c.notes)}</td></tr>')
    fully = sum(fully_proved(r.status, chain[r.claim.id]) for r in results)
    counts = ", ".join(f"{n} {s.value}" + (f" ({fully} fully proved)" if s is Status.PROVED else "")
                       for s in Status if (n := sum(r.status is s for r in results)))
    weak = sum(chain[r.claim.id].state != SOUND for r in results)
    body = [
        "<h1>The claims</h1>",
        f"<p>{len(results)} claims: {counts}. {len(results) - weak} have a sound chain, {weak} rest on a weaker or "
        f"refuted claim. Verdicts computed by specproof {html.escape(str(meta.get('specproof', '')))}"
        f"{' over the wide ranges' if meta.get('wide') else ''}; see also the "
        f'<a href="graph.html">dependency graph</a>.</p>',
        '<div class="controls">',
        '<input id="q" type="search" placeholder="search ids, titles, statements" aria-label="search">',
        options("paper", "paper", papers), options("section", "section", sections),
        options("status", "status", [s.value for s in Status if any(r.status is s for r in results)]),
        options("flag", "flag", [f for f in NOTE_FLAGS if any(f in r.claim.notes for r in results)]),
        options("chain", "chain", chains_seen),
        options("proof", "proof", [p for p in ("fully proved", "proved, not fully")
                                   if any(_proof_state(r.status, chain[r.claim.id]) == p for r in results)]),
        '<button id="reset" type="button">reset</button> <span id="count"></span></div>',
        '<table id="claims"><thead><tr><th>id</th><th>title</th><th>source</th><th>verdict</th><th>chain</th>'
        '<th>flags</th></tr></thead><tbody>', *rows, "</tbody></table>"]
    return _page("specproof — the claims", "\n".join(body), "", scripts=("index.js",))


_DX, _DY, _W, _H = 236.0, 26.0, 222.0, 19.0


def _graph_page(results, chain, registry) -> str:
    claims = {r.claim.id: r.claim for r in results}
    pos, heading, top = layout(claims)
    status = {r.claim.id: r.status for r in results}
    X = lambda x: 12 + x * _DX + _W / 2  # noqa: E731
    Y = lambda y: 10 - y * _DY  # noqa: E731
    width = 24 + (max((x for x, _ in [*pos.values(), *heading.values()]), default=0) + 1) * _DX
    height = 20 - top * _DY
    parts = ['<defs><marker id="arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="6" markerHeight="6" '
             'orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="#9e9e9e"/></marker></defs>']
    for cid, c in claims.items():
        for dep, kind in [*((u, "uses") for u in c.uses), *(((c.corrects, "corrects"),) if c.corrects else ())]:
            if dep not in pos:
                continue
            (x0, y0), (x1, y1) = (X(pos[cid][0]), Y(pos[cid][1])), (X(pos[dep][0]), Y(pos[dep][1]))
            if x0 == x1:  # same column: leave the box at its side and bow outwards
                xa, xb, cx_, cy_ = x0 + _W / 2, x1 + _W / 2, x0 + _W / 2 + 14 + abs(y1 - y0) * 0.12, (y0 + y1) / 2
            else:
                sgn = 1 if x1 > x0 else -1
                xa, xb, cx_, cy_ = x0 + sgn * _W / 2, x1 - sgn * _W / 2, (x0 + x1) / 2, (y0 + y1) / 2 - 18
            parts.append(f'<path class="edge {kind}" data-from="{cid}" data-to="{dep}" '
                         f'd="M{xa:.1f},{y0:.1f} Q{cx_:.1f},{cy_:.1f} {xb:.1f},{y1:.1f}" marker-end="url(#arrow)"/>')
    for (paper, section), (x, y) in heading.items():
        parts.append(f'<text class="heading" x="{X(x):.1f}" y="{Y(y):.1f}" text-anchor="middle">'
                     f'{html.escape(paper)} {html.escape(section)}</text>')
    for cid, (x, y) in pos.items():
        ch = chain[cid]
        chain_text = "sound" if ch.state == SOUND else f"rests on {ch.dependency} ({ch.status.value})"
        short = cid.split(".", 1)[1]
        parts.append(
            f'<a class="node{" weak" if ch.state != SOUND else ""}{" fully" if fully_proved(status[cid], ch) else ""}" href="claims/{html.escape(cid)}.html" '
            f'data-id="{html.escape(cid)}" data-title="{html.escape(claims[cid].title)}" '
            f'data-status="{status[cid].value}" data-chain="{html.escape(chain_text)}">'
            f'<title>{html.escape(cid)}: {html.escape(claims[cid].title)} ({status[cid].value}; chain {html.escape(chain_text)})</title>'
            f'<rect x="{X(x) - _W / 2:.1f}" y="{Y(y) - _H / 2:.1f}" width="{_W}" height="{_H}" rx="5" '
            f'fill="{FULLY_FILL if fully_proved(status[cid], ch) else _FILL[status[cid]]}"/>'
            f'<text x="{X(x):.1f}" y="{Y(y) + 4:.1f}" text-anchor="middle">{html.escape(short)}</text></a>')
    legend = " ".join(f'<span>{_badge(s)}</span>' for s in Status if any(v is s for v in status.values()))
    if any(fully_proved(status[cid], chain[cid]) for cid in pos):
        legend = f'<span>{_badge(Status.PROVED, fully=True)}</span> ' + legend
    body = [
        "<h1>Dependency graph</h1>",
        f'<p class="legend">{legend}<span style="color:#c62828">red outline: the chain rests on a weaker or refuted '
        f'claim</span><span>solid: uses; dashed: corrects</span></p>',
        '<p>One column per paper section, the project\'s own claims beside the claim they correct or qualify. '
        'Point at a claim to light up what it uses and what uses it (transitively); click it to open its page.</p>',
        '<div class="controls"><input id="graph-q" type="search" placeholder="highlight ids or titles" '
        'aria-label="highlight"> <span id="graph-count"></span></div>',
        '<div id="info"></div>',
        f'<div id="graph-wrap"><svg id="graph" xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" '
        f'height="{height:.0f}" viewBox="0 0 {width:.0f} {height:.0f}" role="img" aria-label="dependency graph">',
        *parts, "</svg></div>"]
    return _page("specproof — dependency graph", "\n".join(body), "", wide=True, scripts=("graph.js",))


# --------------------------------------------------------------------------- the build

def check_outdir(path) -> Path:
    """The site's directory, checked before any work: new, empty, or a site an earlier build made."""
    out = output_dir(path, "--outdir")
    if out.is_dir() and any(out.iterdir()) and not (out / MARKER).is_file():
        raise InputError(f"--outdir {str(path)!r} is a non-empty directory that `specproof site` did not make; "
                         f"allowed: a new or empty directory, or an earlier site (it holds {MARKER})")
    return out


def build_site(results, outdir, meta: Mapping | None = None) -> dict:
    """Write the site for ``results`` (a list of Result, in registry order) into ``outdir``; returns counts.

    Chains are computed from these verdicts (a dependency outside them counts with its expected verdict),
    as `specproof verify` does; a link to a claim the site has no page for is plain text.
    """
    from specproof.checks.report import report_json, result_chains
    from specproof.checks.registry import Context

    start = time.perf_counter()
    outdir = Path(outdir)
    registry = load_all()
    meta = dict(meta or {})
    if not meta.get("specproof"):
        from specproof import __version__

        meta["specproof"] = __version__
    chain = result_chains(results)
    ids = {r.claim.id for r in results}
    link = lambda cid: f"{cid}.html" if cid in ids else None  # noqa: E731  (from a claim page)
    used_by = {cid: [] for cid in ids}
    corrected_by = {cid: [] for cid in ids}
    for r in results:
        for u in r.claim.uses:
            if u in used_by:
                used_by[u].append(r.claim.id)
        if r.claim.corrects in corrected_by:
            corrected_by[r.claim.corrects].append(r.claim.id)

    figures, written = {}, []
    for r in results:
        f = r.claim.figure
        if f and f not in figures:
            src = project_path(*Path(f).parts)
            figures[f] = f if src is not None and src.is_file() else None
            if figures[f]:
                written.append(write_atomic(outdir / f, src.read_bytes()))

    pages = {}
    for r in results:
        cid = r.claim.id
        pages[cid] = _claim_page(r, chain[cid], registry, used_by[cid], corrected_by[cid], link,
                                 figures.get(r.claim.figure))
    for cid, text in pages.items():
        written.append(write_atomic(outdir / "claims" / f"{cid}.html", text))
    written.append(write_atomic(outdir / "index.html", _index_page(results, chain, meta)))
    written.append(write_atomic(outdir / "graph.html", _graph_page(results, chain, registry)))
    written.append(write_atomic(outdir / "assets" / "site.css", _CSS.lstrip()))
    written.append(write_atomic(outdir / "assets" / "index.js", _INDEX_JS.lstrip()))
    written.append(write_atomic(outdir / "assets" / "graph.js", _GRAPH_JS.lstrip()))
    ctx = Context(wide=bool(meta.get("wide", False)), seed=int(meta.get("seed", 0)))
    export = jsonable(report_json(results, ctx))
    written.append(write_atomic(outdir / "claims.json", json.dumps(export, indent=1, default=str, allow_nan=False)))
    written.append(write_atomic(outdir / MARKER, "made by `specproof site`; rebuilt in place, stale pages removed\n"))
    keep = {p.resolve() for p in written}
    removed = 0
    for folder, pattern in (("claims", "*.html"), ("figures", "*.png")):
        for old in (outdir / folder).glob(pattern):
            if old.resolve() not in keep:
                old.unlink()
                removed += 1
    return {"claims": len(results), "files": len(written), "removed": removed,
            "seconds": time.perf_counter() - start}


def cmd_site(args) -> int:
    from specproof.checks.registry import Context
    from specproof.checks.report import Interrupted, run, select

    given = args.outdir if args.outdir is not None else project_path("site")
    if given is None:
        raise InputError("no project checkout here to hold site/; allowed: --outdir DIR")
    claims = select(args.ids)  # before any work: unknown ids, then the paths
    outdir = check_outdir(given)
    import latex2mathml.converter  # noqa: F401  (a missing dependency fails here, before the checks run)

    meta, reused = {}, {}
    if args.report is not None:
        data = load_report(args.report)
        try:
            reused = results_from_report(data)
        except (TypeError, ValueError, KeyError, AttributeError) as exc:
            raise InputError(f"--report {args.report!r} has a malformed claim entry ({exc}); allowed: a report "
                             f"written by `specproof verify --json FILE`") from None
        meta = {"specproof": data.get("specproof"), "wide": data.get("wide", False), "seed": data.get("seed", 0)}
    ctx = Context(wide=bool(meta.get("wide", False)), seed=int(meta.get("seed", 0)))
    if not meta:
        from specproof import __version__

        meta = {"specproof": __version__, "wide": False, "seed": 0}
    missing = [c for c in claims if c.id not in reused]
    t0 = time.perf_counter()
    if missing:
        hint = "" if args.report else " (reuse a report instead: specproof verify --json R; specproof site --report R)"
        print(f"computing {len(missing)} claim(s){' the report lacks' if args.report else ''}{hint}", file=sys.stderr)
        try:
            computed = {r.claim.id: r for r in run(missing, ctx, progress=not args.no_progress and sys.stderr.isatty())}
        except Interrupted:
            print("specproof: interrupted before the site was written; nothing was changed", file=sys.stderr)
            return 130
    else:
        computed = {}
    checks_s = time.perf_counter() - t0
    results = [reused.get(c.id) or computed[c.id] for c in claims]
    stats = build_site(results, outdir, meta)
    print(f"wrote {outdir / 'index.html'} ({stats['claims']} claims, {stats['files']} files; "
          f"{len(claims) - len(missing)} from the report, {len(missing)} computed in {checks_s:.1f} s; "
          f"site built in {stats['seconds']:.2f} s)")
    return 0
