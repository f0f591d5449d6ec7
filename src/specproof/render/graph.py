"""The claims' dependency graph as a picture (figures/claims-graph.png) and its layout, which the site's SVG shares:
one column per paper section, nodes filled by expected verdict, edges for uses (solid) and corrects (dashed)."""

from __future__ import annotations

import hashlib
import io
import json
from typing import Mapping

from specproof.engine.blueprint import SOUND, chains
from specproof.engine.io import write_atomic
from specproof.engine.registry import Claim, Status

_FILL = {
    Status.PROVED: "#66bb6a",
    Status.CERTIFIED: "#c5e1a5",
    Status.VERIFIED: "#fff59d",
    Status.REFUTED: "#ef9a9a",
    Status.OPEN: "#e0e0e0",
}


_PER_ROW = 9  # section columns per band of the picture


def layout(claims: Mapping[str, Claim]) -> tuple[dict, dict, float]:
    """Where each claim sits in the drawing: one column per paper section in reading order (a claim of specproof's
    own in the column of the section that holds it, beside the claim it qualifies), _PER_ROW columns per band,
    registry order down a column. Returns node positions {id: (x, y)}, section headings {(paper, section): (x, y)}
    and the lowest y."""
    from specproof.engine.registry import MODULE_OF, outline

    rank = {s.module: i for i, s in enumerate(outline())}
    label = {s.module: (s.paper, s.label) for s in outline()}
    groups: dict[tuple, list[str]] = {}
    for cid in sorted(claims, key=lambda cid: rank.get(MODULE_OF.get(cid, ""), len(rank))):
        groups.setdefault(label.get(MODULE_OF.get(cid, ""), ("specproof", "")), []).append(cid)
    columns = list(groups)
    bands = [columns[i : i + _PER_ROW] for i in range(0, len(columns), _PER_ROW)]
    pos: dict[str, tuple[float, float]] = {}
    heading: dict = {}
    top = 0.0
    for band in bands:
        for x, g in enumerate(band):
            heading[g] = (x, top)
            pos |= {cid: (x, top - 1.2 - y) for y, cid in enumerate(groups[g])}
        top -= max(len(groups[g]) for g in band) + 2.6
    return pos, heading, top


GRAPH_HASH_KEY = "specproof-graph-inputs"


def graph_inputs_hash(claims: Mapping[str, Claim]) -> str:
    """A content hash of everything the drawing is made from: each claim's id, expected verdict, paper,
    section, uses and corrects, in registry order (the order sets the layout). Stored in the PNG's
    metadata under GRAPH_HASH_KEY, so a test can tell a picture drawn from another registry."""
    rows = [
        [cid, c.expected.value, c.source.paper, c.source.section, list(c.uses), c.corrects] for cid, c in claims.items()
    ]
    return hashlib.sha256(json.dumps(rows, ensure_ascii=False).encode("utf-8")).hexdigest()


def draw_graph(claims: Mapping[str, Claim], path) -> None:
    """The uses graph as a picture: one column per paper section (own claims beside the claim they qualify),
    nodes filled by expected verdict, outlined red where the chain rests on a weaker or refuted claim;
    uses edges solid, corrects edges dashed."""
    from matplotlib.figure import Figure
    from matplotlib.lines import Line2D
    from matplotlib.patches import Patch

    chain = chains(claims)
    pos, heading, top = layout(claims)
    fig = Figure(figsize=(2.3 * _PER_ROW, 0.36 * -top + 1))
    ax = fig.subplots()
    for cid, c in claims.items():
        for dep, style in [*((u, "-") for u in c.uses), *(((c.corrects, "--"),) if c.corrects else ())]:
            (x0, y0), (x1, y1) = pos[cid], pos[dep]
            ax.annotate(
                "",
                xy=(x1, y1),
                xytext=(x0, y0),
                zorder=1,
                arrowprops=dict(
                    arrowstyle="-|>",
                    linestyle=style,
                    color="#9e9e9e",
                    lw=0.6,
                    shrinkA=4,
                    shrinkB=4,
                    connectionstyle="arc3,rad=0.15",
                ),
            )
    for cid, (x, y) in pos.items():
        weak = chain[cid].state != SOUND
        ax.text(
            x,
            y,
            cid.split(".", 1)[1],
            ha="center",
            va="center",
            fontsize=6.5,
            zorder=2,
            bbox=dict(
                boxstyle="round,pad=0.25",
                fc=_FILL[claims[cid].expected],
                ec="#c62828" if weak else "#424242",
                lw=2.2 if weak else 0.5,
            ),
        )
    for (paper, section), (x, y) in heading.items():
        ax.text(x, y, f"{paper} {section}", ha="center", va="center", fontsize=8, weight="bold")
    handles: list[Patch | Line2D] = [
        Patch(fc=_FILL[s], ec="#424242", label=s.value) for s in Status if any(c.expected is s for c in claims.values())
    ]
    handles += [
        Patch(fc="white", ec="#c62828", lw=2.2, label="chain rests on a weaker or refuted claim"),
        Line2D([], [], color="#9e9e9e", label="uses"),
        Line2D([], [], color="#9e9e9e", linestyle="--", label="corrects"),
    ]
    ax.legend(handles=handles, loc="lower right", fontsize=8, frameon=False)
    ax.set_xlim(-0.6, _PER_ROW - 0.4)
    ax.set_ylim(top + 1.4, 0.8)
    ax.axis("off")
    fig.tight_layout()
    buffer = io.BytesIO()
    fig.savefig(
        buffer,
        format="png",
        dpi=110,
        metadata={"Title": "claims dependency graph", "Software": None, GRAPH_HASH_KEY: graph_inputs_hash(claims)},
    )
    write_atomic(path, buffer.getvalue())
