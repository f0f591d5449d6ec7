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
import time
from pathlib import Path
from typing import Mapping

from specproof.engine.blueprint import CLAIM_ID, SOUND
from specproof.engine.io import output_dir, project_path, write_atomic
from specproof.engine.methods import jsonable
from specproof.engine.registry import MODULE_OF, NOTE_FLAGS, PAPERS, Evidence, Status, load_all, outline
from specproof.render.graph import _FILL, layout
from specproof.theory.validate import InputError

MARKER = ".specproof-site"
_MATH = re.compile(r"\$\$(.+?)\$\$|\$(.+?)\$", re.S)
_CODE = re.compile(r"`([^`]+)`")


# --------------------------------------------------------------------------- the report


def load_report(path) -> dict:
    """A JSON report of ``specproof verify --json``, checked before any work: its claims must be registered."""
    p = Path(str(path)).expanduser()
    if not p.is_file():
        raise InputError(
            f"--report {str(path)!r} is not a file; allowed: a report written by `specproof verify --json FILE`"
        )
    try:
        data = json.loads(p.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise InputError(
            f"--report {str(path)!r} is not a JSON report ({exc}); allowed: a report written by "
            "`specproof verify --json FILE`"
        ) from None
    claims = data.get("claims") if isinstance(data, dict) else None
    if not isinstance(claims, list) or not all(isinstance(c, dict) and "id" in c and "status" in c for c in claims):
        raise InputError(
            f"--report {str(path)!r} has no list of claims with id and status; allowed: a report "
            "written by `specproof verify --json FILE`"
        )
    registry = load_all()
    unknown = [c["id"] for c in claims if c["id"] not in registry]
    if unknown:
        raise InputError(
            f"--report {str(path)!r} names claims that are not registered ({', '.join(unknown[:5])}): it "
            "is from another version; allowed: a report of this checkout (rerun `specproof verify --json`)"
        )
    statuses = {s.value for s in Status}
    bad = [c["id"] for c in claims if c["status"] not in statuses]
    if bad:
        raise InputError(
            f"--report {str(path)!r}: unknown status for {', '.join(bad[:5])}; allowed: {sorted(statuses)}"
        )
    return data


def results_from_report(data: dict) -> dict:
    """The report's claims as :class:`~specproof.render.report.Result` objects, keyed by id."""
    from specproof.engine.records import RECORDS, record_from_json
    from specproof.engine.runner import Result

    registry = load_all()
    names = {f.name for f in dataclasses.fields(Evidence)}
    out = {}
    for entry in data["claims"]:
        evidence = [
            Evidence(**{k: record_from_json(k, v) if k in RECORDS else v for k, v in e.items() if k in names})
            for e in entry.get("evidence", [])
        ]
        crashed = [n[len("check crashed: ") :] for n in entry.get("notes", []) if n.startswith("check crashed: ")]
        out[entry["id"]] = Result(
            registry[entry["id"]],
            Status(entry["status"]),
            evidence,
            float(entry.get("seconds", 0.0)),
            crashed[0] if crashed else None,
        )
    return out


# --------------------------------------------------------------------------- text

_FUNCTIONS = "log|ln|exp|sin|cos|tan|det|tr|rank|srank|erank|max|min|sup|inf|arg|diag|softmax"
_FUNCTION_MI = re.compile(
    rf"(<mi>(?:{_FUNCTIONS})</mi>|<msu[bp]><mi>(?:{_FUNCTIONS})</mi>.*?</msu[bp]>)(?!<mo>&#x02061;</mo>)"
)


def _math(tex: str, display: bool) -> str:
    import latex2mathml.converter

    try:
        out = latex2mathml.converter.convert(tex.strip(), display="block" if display else "inline")
    except Exception:  # latex2mathml raises its own errors (and plain ones) on TeX it cannot read: show the TeX
        return f'<code class="tex">{html.escape(tex)}</code>'  # (tests/test_site.py fails on any in a statement)
    # \log b must not read "logb": an operator name is followed by the invisible function application (MathML Core)
    return _FUNCTION_MI.sub(r"\1<mo>&#x02061;</mo>", out)


def inline(text: str, link, math: bool = True) -> str:
    """Catalogue text as HTML: ``$…$`` and ``$$…$$`` as MathML, `code` as code, claim ids as links
    (``link(id)`` gives the href, or None for a claim this site has no page for), and the plain-text mathematics of
    prose and evidence (``r_ℓ``, ``2^ℓ``, ``μ_{T−k}``, ``H_b^(2)``) as sub- and superscripts; the rest escaped."""
    out, pos = [], 0
    pattern = _MATH if math else re.compile(r"(?!)")
    for m in pattern.finditer(text):
        out.append(_plain(text[pos : m.start()], link))
        out.append(_math(m.group(1) or m.group(2), display=m.group(1) is not None))
        pos = m.end()
    out.append(_plain(text[pos:], link))
    return "".join(out)


def _plain(text: str, link) -> str:
    out, pos = [], 0
    for m in _CODE.finditer(text):
        out.append(_ids(text[pos : m.start()], link))
        out.append(f"<code>{_ids(m.group(1), link, scripts=False)}</code>")
        pos = m.end()
    out.append(_ids(text[pos:], link))
    return "".join(out)


# A script's argument: {…} or (…), a number (2^−0.25), a word of two or more lowercase letters after "_" (M_tri, R_eff,
# σ_min, D_ii; not one followed by a letter, digit or script: u_iu_j keeps one-letter subscripts), else one character
# (with its sign: 2^−L).
_ARG = (
    r"(\{[^{}\s]{1,24}\}|−?\([^()\s]{1,12}\)|−?\d+(?:\.\d+)?|(?<=_)[a-z]{2,}(?![A-Za-z0-9_^\u0370-\u03ff\u2113])"
    r"|−?[^\s{}()_^,;:.|\d−])"
)
# The base: one character not inside a word (snake_case names stay as they are, R_eff_lower too; a superscript digit
# ends a word: g²E_b), or a closing bracket or norm bar after anything (‖M_tri‖_F, (P_D)_TT); then _ or ^ and the
# argument.
_SCRIPT = re.compile(
    r"((?<![^\W²³¹⁰-⁹]|′)(?![A-Za-z]_[a-z]+_[a-z]{2,})[A-Za-z0-9\u0370-\u03ff\u2113]|[)|‖])([_^])" + _ARG
)
_CHAINED = re.compile(r"(</su[bp]>)([_^])" + _ARG)  # H_b^(2): a second script on the first one


def plain_math(escaped: str) -> str:
    """Sub- and superscripts of already escaped plain text (applied repeatedly, so H_b^(2) gets both)."""

    def sub(m):
        arg = m.group(3)
        if arg.startswith("{"):
            arg = arg[1:-1]
        tag = "sub" if m.group(2) == "_" else "sup"
        return f"{m.group(1)}<{tag}>{arg}</{tag}>"

    previous = None
    while previous != escaped:
        previous, escaped = escaped, _CHAINED.sub(sub, _SCRIPT.sub(sub, escaped))
    return escaped


def _ids(text: str, link, scripts: bool = True) -> str:
    out, pos = [], 0
    mark = plain_math if scripts else (lambda t: t)
    for m in CLAIM_ID.finditer(text):
        cid = m.group(0).rstrip(".")
        href = link(cid)
        out.append(mark(html.escape(text[pos : m.start()])))
        out.append(f'<a class="cid" href="{href}">{html.escape(cid)}</a>' if href else html.escape(cid))
        pos = m.start() + len(cid)
    out.append(mark(html.escape(text[pos:])))
    return "".join(out)


def _text_of(text: str) -> str:
    """Plain text for the search index: TeX kept as written, without the dollars."""
    return re.sub(r"\s+", " ", text.replace("$", " ")).strip().lower()


def counterexample_table(value, depth: int = 0) -> str:
    """A counterexample as a small table: one row per key; lists shown inline (long ones cut, with their length),
    nested records as nested tables."""
    if isinstance(value, dict):
        rows = "".join(
            f"<tr><th>{html.escape(str(k))}</th><td>{counterexample_table(v, depth + 1)}</td></tr>"
            for k, v in value.items()
        )
        return f'<table class="cx">{rows}</table>'
    if isinstance(value, (list, tuple)):
        if value and all(isinstance(v, dict) for v in value) and depth < 2:
            keys = list(dict.fromkeys(k for v in value for k in v))
            head = "".join(f"<th>{html.escape(str(k))}</th>" for k in keys)
            body = "".join(
                "<tr>" + "".join(f"<td>{counterexample_table(v.get(k, ''), depth + 2)}</td>" for k in keys) + "</tr>"
                for v in value[:_TABLE_ROWS]
            )
            more = f"<tr><td colspan={len(keys)}>… {len(value)} rows</td></tr>" if len(value) > _TABLE_ROWS else ""
            return f'<table class="cx"><tr>{head}</tr>{body}{more}</table>'
        shown = ", ".join(html.escape(_scalar(v)) for v in value[:_LIST_ITEMS])
        return f"[{shown}{f', … ({len(value)} values)' if len(value) > _LIST_ITEMS else ''}]"
    return html.escape(_scalar(value))


_LIST_ITEMS, _TABLE_ROWS = 12, 20


def _scalar(v) -> str:
    from specproof.engine.methods import fmt

    if isinstance(v, bool) or v is None:
        return str(v).lower() if isinstance(v, bool) else "null"
    if isinstance(v, float):
        return fmt(v, 6)
    if isinstance(v, (list, tuple, dict)):
        return json.dumps(v, ensure_ascii=False)[:200]
    return str(v)


# --------------------------------------------------------------------------- pages

FULLY_FILL = "#2e7d32"  # fully proved: a darker green than proved (whose chain rests on a claim not proved)


def _badge(status: Status, fully: bool = False) -> str:
    if fully:
        return f'<span class="badge fully" style="background:{FULLY_FILL};color:#fff">fully proved</span>'
    return f'<span class="badge" style="background:{_FILL[status]}">{status.value}</span>'


def _environment():
    """The site's Jinja2 environment (:func:`specproof.render.view.environment`) with its filters: ``prose`` (text
    with math, code and ids; the page's ``link`` decides the hrefs), ``ids`` and ``table``; ``badge`` as a global."""
    import jinja2
    from markupsafe import Markup

    from specproof.render.view import environment

    env = environment("html")
    if "prose" not in env.filters:
        env.filters["prose"] = jinja2.pass_context(lambda ctx, text: Markup(inline(str(text), ctx["link"])))
        env.filters["ids"] = jinja2.pass_context(lambda ctx, text: Markup(_ids(str(text), ctx["link"], scripts=False)))
        env.filters["table"] = lambda value: Markup(counterexample_table(value))
        env.globals["badge"] = lambda c: Markup(_badge(Status(c.status), bool(c.fully)))
        env.globals["SOUND"] = SOUND
    return env


def _claim_page(view, used_by, corrected_by, link, figure: str | None) -> str:
    refuted_by = next((e.check for e in view.evidence if e.counterexample), None) if view.status == "refuted" else None
    return (
        _environment()
        .get_template("claim.html.j2")
        .render(
            title=f"{view.id} — specproof",
            root="../",
            wide=False,
            scripts=(),
            c=view,
            link=link,
            paper_title=PAPERS.get(view.paper, "claims of the project's own"),
            used_by=used_by,
            corrected_by=corrected_by,
            refuted_by=refuted_by,
            figure=figure,
        )
    )


def split_pages(ids) -> dict[str, list[str]]:
    """The old ids of split claims whose parts are among ``ids``: old id → those parts (each gets a page that lists
    them, so a link to the old id keeps working)."""
    from specproof.engine.index import split_aliases

    out = {old: [p for p in parts if p in ids] for old, parts in split_aliases().items()}
    return {old: parts for old, parts in out.items() if parts and old not in ids}


def _split_page(old: str, parts) -> str:
    return (
        _environment()
        .get_template("split.html.j2")
        .render(
            title=f"{old} — specproof", root="../", wide=False, scripts=(), old=old, parts=parts, link=lambda c: None
        )
    )


def _index_page(views, meta: dict) -> str:
    link = lambda cid: f"claims/{cid}.html" if cid in views else None  # noqa: E731
    where, sections = _index_sections(views)
    rows = [
        {
            "c": v,
            "section": where[v.id],
            "proof": _proof_text(v.fully),
            "text": _text_of(" ".join((v.id, v.title, v.label, v.statement))),
        }
        for v in views.values()
    ]
    weak = sum(v.chain_state != SOUND for v in views.values())
    return (
        _environment()
        .get_template("index.html.j2")
        .render(
            title="specproof — the claims",
            root="",
            wide=False,
            scripts=("index.js",),
            link=link,
            rows=rows,
            total=len(views),
            counts=_status_counts(views),
            sound=len(views) - weak,
            weak=weak,
            version=str(meta.get("specproof", "")),
            wide_ranges=bool(meta.get("wide")),
            sections=sections,
            **_index_filters(views, rows),
        )
    )


def _index_sections(views) -> tuple[dict[str, str], list[str]]:
    """Each claim's section ("paper label", from the outline, else its own paper and section), and the sections
    that hold a claim, in outline order."""
    part = {s.module: f"{s.paper} {s.label}" for s in outline()}
    where = {cid: part.get(MODULE_OF.get(cid, ""), f"{v.paper} {v.section}") for cid, v in views.items()}
    sections = list(dict.fromkeys(p for p in part.values() if p in set(where.values())))
    return where, sections


def _proof_text(fully: bool | None) -> str:
    """The index's proof column: fully proved, proved but not fully, or blank (not proved)."""
    return "fully proved" if fully is True else "proved, not fully" if fully is False else ""


def _status_counts(views) -> str:
    """ "n proved (m fully proved), n verified, …": the statuses that occur, in Status order."""
    fully = sum(v.fully is True for v in views.values())
    return ", ".join(
        f"{n} {s.value}" + (f" ({fully} fully proved)" if s is Status.PROVED else "")
        for s in Status
        if (n := sum(v.status == s.value for v in views.values()))
    )


def _index_filters(views, rows: list[dict]) -> dict[str, list[str]]:
    """The index's filter choices: only the papers, statuses, note flags, chain states and proof columns that occur."""
    return {
        "papers": [p for p in [*PAPERS, "specproof"] if any(v.paper == p for v in views.values())],
        "statuses": [s.value for s in Status if any(v.status == s.value for v in views.values())],
        "flags": [f for f in NOTE_FLAGS if any(f in v.flags for v in views.values())],
        "chains_seen": [s for s in ("sound", "rests-on") if any(v.chain_state == s for v in views.values())],
        "proofs_seen": [p for p in ("fully proved", "proved, not fully") if any(r["proof"] == p for r in rows)],
    }


_DX, _DY, _W, _H = 236.0, 26.0, 222.0, 19.0


def _graph_page(views, claims) -> str:
    from markupsafe import Markup

    pos, heading, top = layout(claims)
    X = lambda x: 12 + x * _DX + _W / 2  # noqa: E731
    Y = lambda y: 10 - y * _DY  # noqa: E731
    width = 24 + (max((x for x, _ in [*pos.values(), *heading.values()]), default=0) + 1) * _DX
    height = 20 - top * _DY
    parts = [
        '<defs><marker id="arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="6" markerHeight="6" '
        'orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="#9e9e9e"/></marker></defs>'
    ]
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
            parts.append(
                f'<path class="edge {kind}" data-from="{cid}" data-to="{dep}" '
                f'd="M{xa:.1f},{y0:.1f} Q{cx_:.1f},{cy_:.1f} {xb:.1f},{y1:.1f}" marker-end="url(#arrow)"/>'
            )
    for (paper, section), (x, y) in heading.items():
        parts.append(
            f'<text class="heading" x="{X(x):.1f}" y="{Y(y):.1f}" text-anchor="middle">'
            f"{html.escape(paper)} {html.escape(section)}</text>"
        )
    for cid, (x, y) in pos.items():
        v = views[cid]
        chain_text = "sound" if v.chain_state == SOUND else f"rests on {v.chain_dependency} ({v.chain_status})"
        short = cid.split(".", 1)[1]
        fully = v.fully is True
        parts.append(
            f'<a class="node{" weak" if v.chain_state != SOUND else ""}{" fully" if fully else ""}" '
            f'href="claims/{html.escape(cid)}.html" data-id="{html.escape(cid)}" data-title="{html.escape(v.title)}" '
            f'data-status="{v.status}" data-chain="{html.escape(chain_text)}">'
            f"<title>{html.escape(cid)}: {html.escape(v.title)} ({v.status}; chain {html.escape(chain_text)})</title>"
            f'<rect x="{X(x) - _W / 2:.1f}" y="{Y(y) - _H / 2:.1f}" width="{_W}" height="{_H}" rx="5" '
            f'fill="{FULLY_FILL if fully else _FILL[Status(v.status)]}"/>'
            f'<text x="{X(x):.1f}" y="{Y(y) + 4:.1f}" text-anchor="middle">{html.escape(short)}</text></a>'
        )
    legend = " ".join(f"<span>{_badge(s)}</span>" for s in Status if any(v.status == s.value for v in views.values()))
    if any(v.fully is True for v in views.values()):
        legend = f"<span>{_badge(Status.PROVED, fully=True)}</span> " + legend
    return (
        _environment()
        .get_template("graph.html.j2")
        .render(
            title="specproof — dependency graph",
            root="",
            wide=True,
            scripts=("graph.js",),
            link=lambda cid: None,
            legend=Markup(legend),
            width=f"{width:.0f}",
            height=f"{height:.0f}",
            svg=Markup("\n".join(parts)),
        )
    )


# --------------------------------------------------------------------------- the build


def check_outdir(path) -> Path:
    """The site's directory, checked before any work: new, empty, or a site an earlier build made."""
    out = output_dir(path, "--outdir")
    if out.is_dir() and any(out.iterdir()) and not (out / MARKER).is_file():
        raise InputError(
            f"--outdir {str(path)!r} is a non-empty directory that `specproof site` did not make; "
            f"allowed: a new or empty directory, or an earlier site (it holds {MARKER})"
        )
    return out


def build_site(results, outdir, meta: Mapping | None = None) -> dict:
    """Write the site for ``results`` (a list of Result, in registry order) into ``outdir``; returns counts.

    Chains are computed from these verdicts (a dependency outside them counts with its expected verdict),
    as `specproof verify` does; a link to a claim the site has no page for is plain text.
    """
    from specproof.engine.registry import Context
    from specproof.render.report import report_json

    start = time.perf_counter()
    outdir = Path(outdir)
    meta = dict(meta or {})
    if not meta.get("specproof"):
        from specproof import __version__

        meta["specproof"] = __version__
    figures, written = _copy_figures(results, outdir)
    views = _claim_views(results)
    written += _write_claim_pages(results, views, figures, outdir)
    written.append(write_atomic(outdir / "index.html", _index_page(views, meta)))
    written.append(write_atomic(outdir / "graph.html", _graph_page(views, {r.claim.id: r.claim for r in results})))
    written += _write_assets(outdir)
    ctx = Context(wide=bool(meta.get("wide", False)), seed=int(meta.get("seed", 0)))
    export = jsonable(report_json(results, ctx))
    written.append(write_atomic(outdir / "claims.json", json.dumps(export, indent=1, default=str, allow_nan=False)))
    written.append(write_atomic(outdir / MARKER, "made by `specproof site`; rebuilt in place, stale pages removed\n"))
    removed = _remove_stale(outdir, written)
    return {"claims": len(results), "files": len(written), "removed": removed, "seconds": time.perf_counter() - start}


def _back_links(results) -> tuple[dict[str, list[str]], dict[str, list[str]]]:
    """Per claim of the site, the claims that use it and those that correct it (in registry order)."""
    ids = {r.claim.id for r in results}
    used_by: dict[str, list[str]] = {cid: [] for cid in ids}
    corrected_by: dict[str, list[str]] = {cid: [] for cid in ids}
    for r in results:
        for u in r.claim.uses:
            if u in used_by:
                used_by[u].append(r.claim.id)
        if r.claim.corrects in corrected_by:
            corrected_by[r.claim.corrects].append(r.claim.id)
    return used_by, corrected_by


def _copy_figures(results, outdir: Path) -> tuple[dict[str, str | None], list[Path]]:
    """The claims' figures copied from the project (each once): figure → its path on the site, None when the
    project has no such file; and the files written."""
    figures: dict[str, str | None] = {}
    written: list[Path] = []
    for r in results:
        f = r.claim.figure
        if f and f not in figures:
            src = project_path(*Path(f).parts)
            figures[f] = f if src is not None and src.is_file() else None
            if src is not None and figures[f]:
                written.append(write_atomic(outdir / f, src.read_bytes()))
    return figures, written


def _claim_views(results) -> dict:
    """Every claim's view, with its chain computed from these verdicts."""
    from specproof.engine.index import known_claims
    from specproof.render.report import result_chains
    from specproof.render.view import claim_view

    chain = result_chains(results)
    known = known_claims()
    return {r.claim.id: claim_view(r, chain[r.claim.id], known) for r in results}


def _write_claim_pages(results, views: dict, figures: dict, outdir: Path) -> list[Path]:
    """A page per claim, and a page per split claim's old id listing its parts; the files written."""
    ids = {r.claim.id for r in results}
    splits = split_pages(ids)
    link = lambda cid: f"{cid}.html" if cid in ids or cid in splits else None  # noqa: E731  (from a claim page)
    used_by, corrected_by = _back_links(results)
    written = []
    for cid, view in views.items():
        page = _claim_page(view, used_by[cid], corrected_by[cid], link, figures.get(view.figure))
        written.append(write_atomic(outdir / "claims" / f"{cid}.html", page))
    for old, parts in splits.items():  # a split claim's old id keeps its page: the list of its parts
        written.append(write_atomic(outdir / "claims" / f"{old}.html", _split_page(old, [views[p] for p in parts])))
    return written


def _write_assets(outdir: Path) -> list[Path]:
    """The stylesheet and scripts shipped with the package."""
    from importlib import resources

    assets = resources.files("specproof.render").joinpath("site_assets")
    return [
        write_atomic(outdir / "assets" / name, assets.joinpath(name).read_text(encoding="utf-8"))
        for name in ("site.css", "index.js", "graph.js")
    ]


def _remove_stale(outdir: Path, written: list[Path]) -> int:
    """Removes the claim pages and figures that an earlier build left and this one did not write; how many."""
    keep = {p.resolve() for p in written}
    removed = 0
    for folder, pattern in (("claims", "*.html"), ("figures", "*.png")):
        for old in (outdir / folder).glob(pattern):
            if old.resolve() not in keep:
                old.unlink()
                removed += 1
    return removed
