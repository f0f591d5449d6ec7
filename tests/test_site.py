"""The browsable catalogue (`specproof site`): every registered claim renders, with its mathematics as MathML;
the command reuses a JSON report and checks its paths first; in a real headless Chromium the pages load
without console errors, search and filters work, and every link and asset resolves. Also: the committed
picture of the graph is drawn from the registry as it is."""

import json
import re
import time
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

from specproof.cli.main import main
from specproof.engine.registry import MODULE_OF, REGISTRY, Context, Status, load_all
from specproof.engine.runner import Result, run, select
from specproof.render.graph import GRAPH_HASH_KEY, graph_inputs_hash
from specproof.render.report import write_json

load_all()
ROOT = Path(__file__).resolve().parents[1]
# quick claims that between them have a counterexample, a figure, a correction and a chain resting on a refuted claim
FEW = [  # in reading order, as `select` returns them
    "trsp.tribox.kernel",
    "trsp.C7.frobenius",
    "trsp.C8.column-sums",
    "trsp.C8.column-sums.corrected",
    "sdeg.c.schatten",
]
WEAK = "trsp.C8.distal"  # rests on trsp.C7.frobenius (refuted), which FEW holds

latex2mathml = pytest.importorskip(
    "latex2mathml", reason="latex2mathml (a dependency of `specproof site`) is not installed"
)


class _Links(HTMLParser):
    """Every href/src of a page, its ids, and whether any TeX was left unconverted."""

    def __init__(self):
        super().__init__()
        self.links, self.ids = [], set()

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if "id" in a:
            self.ids.add(a["id"])
        for key in ("href", "src"):
            if a.get(key) and not (tag == "svg" or a[key].startswith("data:")):
                self.links.append(a[key])


def _parse(path: Path) -> _Links:
    p = _Links()
    p.feed(path.read_text(encoding="utf-8"))
    return p


def _static_links_resolve(site: Path) -> list[str]:
    broken = []
    for page in site.rglob("*.html"):
        for link in _parse(page).links:
            parts = urlsplit(link)
            if parts.scheme or parts.netloc:
                broken.append(f"{page.relative_to(site)}: external link {link}")
                continue
            target = (page.parent / unquote(parts.path)).resolve() if parts.path else page
            if not target.is_file():
                broken.append(f"{page.relative_to(site)}: {link} (no such file)")
            elif parts.fragment and parts.fragment not in _parse(target).ids:
                broken.append(f"{page.relative_to(site)}: {link} (no such anchor)")
    return broken


@pytest.fixture(scope="module")
def whole_site(tmp_path_factory):
    """The site of every registered claim, each at its expected verdict without evidence (no check runs)."""
    from specproof.render.site import build_site

    out = tmp_path_factory.mktemp("site-all")
    stats = build_site([Result(c, c.expected, []) for c in REGISTRY.values()], out)
    return out, stats


def test_every_registered_claim_has_a_page_and_the_index_lists_it(whole_site):
    site, stats = whole_site
    assert stats["claims"] == len(REGISTRY)
    index = (site / "index.html").read_text(encoding="utf-8")
    missing = [
        cid
        for cid in REGISTRY
        if not (site / "claims" / f"{cid}.html").is_file() or f'href="claims/{cid}.html"' not in index
    ]
    assert not missing, f"claims without a page or an index row: {missing}"
    graph = (site / "graph.html").read_text(encoding="utf-8")
    assert not [cid for cid in REGISTRY if f'data-id="{cid}"' not in graph], "claims missing from the graph"
    export = json.loads((site / "claims.json").read_text(encoding="utf-8"))
    assert [c["id"] for c in export["claims"]] == list(REGISTRY)
    assert all("chain" in c for c in export["claims"])


def test_statements_are_rendered_as_mathml_with_no_tex_left(whole_site):
    """Every $…$ of a statement becomes a <math> element; a formula latex2mathml cannot read fails here."""
    site, _ = whole_site
    bad = []
    for cid, c in REGISTRY.items():
        page = (site / "claims" / f"{cid}.html").read_text(encoding="utf-8")
        statement = re.search(r'<div class="statement">(.*?)</div>', page, re.S).group(1)
        formulas = len(re.findall(r"\$\$.+?\$\$|\$.+?\$", c.statement, re.S))
        if statement.count("<math") != formulas or "$" in re.sub(r"<math.*?</math>", "", statement, flags=re.S):
            bad.append(cid)
        if re.search(r"<mi>\\[A-Za-z]+</mi>", page):  # an unknown command latex2mathml passed through as text
            bad.append(f"{cid} (unknown TeX command)")
    assert not bad, f"statements whose TeX did not become MathML: {bad}"


def test_every_link_of_the_whole_site_resolves(whole_site):
    site, _ = whole_site
    assert _static_links_resolve(site) == []


def test_site_from_a_report_is_the_report(tmp_path, capsys):
    """`specproof site --report` takes verdicts and evidence from the report and computes only what it lacks."""
    ctx = Context()
    pair = ["trsp.C8.column-sums", "trsp.C8.column-sums.corrected"]
    results = run(select(pair), ctx)
    write_json(tmp_path / "r.json", results, ctx)
    out = tmp_path / "site"
    assert (
        main(
            [
                "site",
                *pair,
                "sdeg.c.schatten",
                "--report",
                str(tmp_path / "r.json"),
                "--outdir",
                str(out),
                "--no-progress",
            ]
        )
        == 0
    )
    said = capsys.readouterr()
    assert "2 from the report, 1 computed" in said.out and "computing 1 claim(s) the report lacks" in said.err
    page = (out / "claims" / "trsp.C8.column-sums.html").read_text(encoding="utf-8")
    assert "counterexample:" in page and 'class="badge"' in page and ">refuted<" in page
    assert (
        '<img class="figure" src="../figures/tribox-norms.png"' in page
        and (out / "figures" / "tribox-norms.png").is_file()
    )
    assert 'href="trsp.C8.column-sums.corrected.html"' in page  # corrected by, linked
    export = json.loads((out / "claims.json").read_text(encoding="utf-8"))
    assert [c["id"] for c in export["claims"]] == [*pair, "sdeg.c.schatten"]
    assert export["claims"][0]["evidence"] == json.loads((tmp_path / "r.json").read_text())["claims"][0]["evidence"]
    # rebuilt in place with fewer claims: the stale page goes
    t0 = time.perf_counter()
    assert main(["site", pair[0], "--report", str(tmp_path / "r.json"), "--outdir", str(out)]) == 0
    assert time.perf_counter() - t0 < 10, "a rebuild from a report must not recompute anything"
    assert sorted(p.name for p in (out / "claims").iterdir()) == [f"{pair[0]}.html"]
    assert _static_links_resolve(out) == []


@pytest.mark.parametrize(
    "argv, message",
    [
        (["site", "no.such-claim"], "unknown claim id"),
        (["site", FEW[0], "--outdir", "{file}"], "is not a directory"),
        (["site", FEW[0], "--outdir", "{busy}"], "did not make"),
        (["site", FEW[0], "--outdir", "{new}", "--report", "{missing}"], "is not a file"),
        (["site", FEW[0], "--outdir", "{new}", "--report", "{file}"], "is not a JSON report"),
        (["site", FEW[0], "--outdir", "{new}", "--report", "{stranger}"], "not registered"),
        (["site", FEW[0], "--outdir", "{new}", "--report", "{torn}"], "malformed claim entry"),
    ],
)
def test_bad_input_is_one_line_and_exit_2_before_any_work(tmp_path, capsys, argv, message):
    (tmp_path / "file").write_text("x")
    (tmp_path / "busy").mkdir()
    (tmp_path / "busy" / "mine.txt").write_text("keep me")
    (tmp_path / "stranger").write_text(json.dumps({"claims": [{"id": "trsp.no-such", "status": "proved"}]}))
    (tmp_path / "torn").write_text(
        json.dumps(
            {"claims": [{"id": FEW[0], "status": "refuted", "evidence": [{"status": "refuted", "method": "x"}]}]}
        )
    )
    paths = {k: str(tmp_path / k) for k in ("file", "busy", "new", "missing", "stranger", "torn")}
    assert main([a.format(**paths) for a in argv]) == 2
    err = capsys.readouterr().err.strip()
    assert message in err and len(err.splitlines()) == 1 and "Traceback" not in err
    assert not (tmp_path / "new").exists() and (tmp_path / "busy" / "mine.txt").read_text() == "keep me"


def test_graph_picture_is_current():
    """figures/claims-graph.png carries the hash of the registry it was drawn from: a changed uses graph, verdict
    or section fails here until `specproof graph` redraws it."""
    from PIL import Image

    with Image.open(ROOT / "figures" / "claims-graph.png") as im:
        drawn = im.text.get(GRAPH_HASH_KEY)
    assert drawn == graph_inputs_hash(REGISTRY), (
        "figures/claims-graph.png was drawn from another registry (uses, "
        "verdicts or sections changed): run `specproof graph`"
    )


def test_graph_hash_follows_the_inputs():
    from dataclasses import replace

    claims = dict(REGISTRY)
    base = graph_inputs_hash(claims)
    cid = next(c for c in claims if claims[c].uses)
    assert graph_inputs_hash(claims | {cid: replace(claims[cid], uses=claims[cid].uses[1:])}) != base
    assert graph_inputs_hash(claims | {cid: replace(claims[cid], title="another title")}) == base


# --------------------------------------------------------------------------- in a real browser


def _chromium():
    from cdp import find_chromium

    return find_chromium()


browser_test = pytest.mark.skipif(
    _chromium() is None,
    reason=(
        "no Chromium installed (apt-get install chromium, or set "
        "SPECPROOF_CHROMIUM to its path): the browser tests of the site are skipped"
    ),
)


@pytest.fixture(scope="module")
def browser_site(tmp_path_factory):
    """A site of a few claims with their computed evidence, open in a headless Chromium."""
    from cdp import Chromium

    from specproof.render.site import build_site

    out = tmp_path_factory.mktemp("site-few")
    ids = [*FEW, WEAK]  # the last at its expected verdict: its checks take seconds
    results = run(select(FEW), Context()) + [Result(REGISTRY[ids[-1]], REGISTRY[ids[-1]].expected, [])]
    build_site(results, out)
    t0 = time.perf_counter()
    with Chromium(_chromium()) as browser:
        yield out, browser, ids
    print(f"browser session: {time.perf_counter() - t0:.1f} s")


@browser_test
@pytest.mark.xdist_group("browser")
def test_pages_load_without_console_errors_and_every_link_resolves(browser_site):
    from cdp import problems, requested

    site, browser, ids = browser_site
    pages = ["index.html", "graph.html", *(f"claims/{cid}.html" for cid in ids)]
    seen, todo, trouble, outside = set(), [site / p for p in pages], [], []
    while todo:  # every page reachable by a link, loaded in the browser
        page = todo.pop()
        if page in seen:
            continue
        seen.add(page)
        events = browser.goto(page.as_uri())
        trouble += [f"{page.relative_to(site)}: {p}" for p in problems(events)]
        outside += [u for u in requested(events) if not u.startswith(("file://", "data:"))]
        links = browser.evaluate(
            "[...document.querySelectorAll('[href], [src]')].map(e => new URL("
            "e.getAttribute('href') ?? e.getAttribute('src'), document.baseURI).href)"
        )
        for url in links:
            parts = urlsplit(url)
            if parts.scheme != "file":
                if parts.scheme != "data":
                    outside.append(url)
                continue
            target = Path(unquote(parts.path))
            if not target.is_file():
                trouble.append(f"{page.relative_to(site)}: broken link {url}")
            elif target.suffix == ".html" and target not in seen:
                todo.append(target)
    assert not trouble, "\n".join(trouble)
    assert not outside, f"the site reaches outside itself: {sorted(set(outside))}"
    assert {site / p for p in pages} <= seen
    shown = browser.evaluate("document.querySelectorAll('math').length")
    assert shown is not None


@browser_test
@pytest.mark.xdist_group("browser")
def test_mathml_is_laid_out_by_the_browser(browser_site):
    site, browser, _ = browser_site
    browser.goto((site / "claims" / "trsp.C8.column-sums.html").as_uri())
    boxes = browser.evaluate(
        "[...document.querySelectorAll('.statement math')].map(m => "
        "[m.constructor.name, m.getBoundingClientRect().width])"
    )
    assert boxes and all(kind == "MathMLElement" and width > 0 for kind, width in boxes), boxes


@browser_test
@pytest.mark.xdist_group("browser")
def test_search_and_filters_select_the_right_rows(browser_site):
    site, browser, ids = browser_site
    browser.goto((site / "index.html").as_uri())

    def shown(**controls):
        script = (
            "(() => { const set = (el, v, ev) => { el.value = v; el.dispatchEvent(new Event(ev)); };"
            "document.getElementById('reset').click();"
        )
        for name, value in controls.items():
            el = "q" if name == "q" else f"f-{name}"
            script += (
                f"set(document.getElementById({json.dumps(el)}), {json.dumps(value)}, "
                f"{json.dumps('input' if name == 'q' else 'change')});"
            )
        script += (
            "return [[...document.querySelectorAll('#claims tbody tr')].filter(r => !r.hidden)"
            ".map(r => r.querySelector('a').textContent), document.getElementById('count').textContent,"
            " location.hash]; })()"
        )
        rows, count, hash_ = browser.evaluate(script)
        assert count == f"{len(rows)} of {len(ids)} claims"
        return rows, hash_

    assert shown()[0] == ids
    assert shown(status="refuted")[0] == [c for c in ids if REGISTRY[c].expected is Status.REFUTED]
    assert shown(paper="SDEG")[0] == ["sdeg.c.schatten"]
    assert shown(paper="specproof")[0] == ["trsp.C8.column-sums.corrected"]
    assert shown(chain="rests-on")[0] == [WEAK]
    flags = sorted({f for c in ids for f in REGISTRY[c].notes})
    assert flags, "the sample site should hold a flagged claim"
    for flag in flags:
        assert shown(flag=flag)[0] == [c for c in ids if flag in REGISTRY[c].notes]
    assert shown(section="TRSP App. C.4")[0] == [c for c in ids if MODULE_OF[c] == "trsp.app_c.c4"]  # with its own
    assert shown(q="column")[0] == ["trsp.C8.column-sums", "trsp.C8.column-sums.corrected"]
    assert shown(q="schatten")[0] == ["sdeg.c.schatten"]
    assert shown(q="column", status="certified")[0] == ["trsp.C8.column-sums.corrected"]
    assert shown(q="no claim says this")[0] == []
    rows, hash_ = shown(status="refuted", q="kernel")
    assert rows == ["trsp.tribox.kernel"] and hash_ == "#q=kernel&status=refuted"
    # the filter state lives in the address: a link to it opens filtered
    browser.goto((site / "graph.html").as_uri())
    browser.goto((site / "index.html").as_uri() + "#status=refuted")
    visible = browser.evaluate("[...document.querySelectorAll('#claims tbody tr')].filter(r => !r.hidden).length")
    assert visible == len([c for c in ids if REGISTRY[c].expected is Status.REFUTED])


@browser_test
@pytest.mark.xdist_group("browser")
def test_graph_lights_up_what_a_claim_rests_on(browser_site):
    site, browser, _ = browser_site
    browser.goto((site / "graph.html").as_uri())
    lit = browser.evaluate(
        "(() => { const n = document.querySelector('.node[data-id=\"trsp.C8.distal\"]');"
        "n.dispatchEvent(new MouseEvent('mouseenter'));"
        "return [[...document.querySelectorAll('.node.on')].map(x => x.dataset.id).sort(),"
        " document.getElementById('info').textContent,"
        " document.querySelector('.node[data-id=\"trsp.C8.distal\"]').classList.contains('weak')]; })()"
    )
    nodes, info, weak = lit
    assert nodes == ["trsp.C7.frobenius", "trsp.C8.distal"] and weak
    assert "rests on trsp.C7.frobenius (refuted)" in info
    hits = browser.evaluate(
        "(() => { const q = document.getElementById('graph-q'); q.value = 'column';"
        "q.dispatchEvent(new Event('input'));"
        "return [...document.querySelectorAll('.node.match')].map(x => x.dataset.id).sort(); })()"
    )
    assert hits == ["trsp.C8.column-sums", "trsp.C8.column-sums.corrected"]


def test_no_statement_renders_an_empty_identifier(whole_site):
    """A TeX escape lost to a Python escape (\\b, \\f in a non-raw string) shows up as an empty <mi></mi>."""
    site, _ = whole_site
    empty = [p.name for p in (site / "claims").glob("*.html") if "<mi></mi>" in p.read_text(encoding="utf-8")]
    assert not empty, f"empty <mi> in {empty[:5]}"


@pytest.mark.parametrize(
    "text, html",
    [
        ("‖M_tri‖_F²", "‖M<sub>tri</sub>‖<sub>F</sub>²"),  # the whole word; the F after a norm bar, no underscore
        ("R_eff → 2", "R<sub>eff</sub> → 2"),
        ("R_eff ≥ 1 + g²E_b", "R<sub>eff</sub> ≥ 1 + g²E<sub>b</sub>"),  # a superscript digit ends the word before E
        ("M_tri", "M<sub>tri</sub>"),
        ("‖·‖_F", "‖·‖<sub>F</sub>"),
        ("‖A‖_F", "‖A‖<sub>F</sub>"),
        ("σ_min(X_S)", "σ<sub>min</sub>(X<sub>S</sub>)"),
        ("u_iu_j", "u<sub>i</sub>u<sub>j</sub>"),  # one-letter subscripts side by side stay one letter each
        ("H_ℓx", "H<sub>ℓ</sub>x"),
        ("r_ℓ = 2^ℓk", "r<sub>ℓ</sub> = 2<sup>ℓ</sup>k"),
        ("μ_{T−k}", "μ<sub>T−k</sub>"),
        ("H_b^(2)", "H<sub>b</sub><sup>(2)</sup>"),
        ("(1−γ)^L", "(1−γ)<sup>L</sup>"),
        ("(2T)^−0.25", "(2T)<sup>−0.25</sup>"),
        ("R_eff_lower, mu2_d2, snake_case", "R_eff_lower, mu2_d2, snake_case"),  # names stay as they are
    ],
)
def test_plain_text_mathematics_gets_its_scripts(text, html):
    from specproof.render.site import inline

    assert inline(text, lambda cid: None) == html
