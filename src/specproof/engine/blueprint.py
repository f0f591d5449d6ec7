"""The claims as a dependency graph (as in a Lean blueprint) and each claim's chain state.

A claim's verdict is about the claim alone; its *chain* says whether what it uses holds up as well.
The graph's edges are ``uses`` only: ``corrects`` links a claim of specproof's own to the paper's claim it
fixes, and a correction does not rest on the claim it refutes, so ``corrects`` is drawn but never propagates.

The rule, with strength proved > certified > verified > open = refuted:

- the chain *rests on* a dependency (transitively through ``uses``) that is refuted, whatever the
  claim's own verdict: its argument cites a false statement;
- otherwise it rests on the weakest dependency weaker than the claim's own verdict;
- otherwise the chain is *sound*: everything it uses is at least as strong as the claim.

A claim ``<x>.hypotheses`` (which hypotheses the theorem ``<x>`` needs) *qualifies* ``<x>``: it names ``<x>``
in ``uses`` so the graph attaches it there, but its probes decide what happens when a hypothesis is dropped
with evidence of their own, and that does not rest on ``<x>`` being true, so this one edge does not propagate
either (its other ``uses`` do).

Among several candidates the weakest is named, then the nearest (fewest ``uses`` hops), then the first
in registry order; ``path`` is the ``uses`` path from the claim to it.
"""

from __future__ import annotations

import hashlib
import io
import json
import re
from dataclasses import dataclass
from typing import Mapping

from specproof.engine.io import write_atomic
from specproof.engine.registry import STRENGTH, Claim, Status, natural_key

SOUND = "sound"
RESTS_ON = "rests-on"
CLAIM_ID = re.compile(r"(?<![\w.])(?:sdeg|trsp)(?:\.[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*)+")


@dataclass(frozen=True)
class Chain:
    """A claim's chain state: sound, or resting on ``dependency`` (with its status) reached along ``path``."""

    state: str
    dependency: str | None = None
    status: Status | None = None
    path: tuple = ()

    def to_json(self) -> dict:
        out = {"state": self.state}
        if self.dependency:
            out |= {"dependency": self.dependency, "status": self.status.value, "path": list(self.path)}
        return out

    def text(self, markdown: bool = True) -> str:
        """One phrase for the catalogue (ids in backticks) or the table: ``sound`` or ``rests on `x` (verified)``."""
        if self.state == SOUND:
            return SOUND
        q = "`" if markdown else ""
        via = f" via {q}{f'{q} → {q}'.join(self.path[1:-1])}{q}" if len(self.path) > 2 else ""
        return f"rests on {q}{self.dependency}{q} ({self.status.value}){via}"


def cycles(claims: Mapping[str, Claim]) -> list[list[str]]:
    """Cycles of the ``uses`` graph (empty for a DAG), each as the ids along it; unknown ids are skipped."""
    state, found, stack = {}, [], []

    def visit(cid):
        state[cid] = "open"
        stack.append(cid)
        for dep in claims[cid].uses:
            if dep not in claims:
                continue
            if state.get(dep) == "open":
                found.append(stack[stack.index(dep) :] + [dep])
            elif dep not in state:
                visit(dep)
        stack.pop()
        state[cid] = "done"

    for cid in claims:
        if cid not in state:
            visit(cid)
    return found


HYPOTHESES = ".hypotheses"


def qualified(c: Claim) -> str | None:
    """The theorem a ``<x>.hypotheses`` claim, or one of its parts ``<x>.hypotheses.<slug>``, qualifies (``<x>``, when
    it is in its uses), else None."""
    head, sep, tail = c.id.rpartition(HYPOTHESES)
    if sep and (not tail or (tail.startswith(".") and "." not in tail[1:])) and head in c.uses:
        return head
    return None


def _dependencies(claims: Mapping[str, Claim], cid: str) -> dict[str, tuple]:
    """Every claim reachable from ``cid`` through ``uses``, with its shortest path (breadth first, registry order);
    a hypotheses claim's edge to the theorem it qualifies is not followed."""
    paths, frontier = {cid: (cid,)}, [cid]
    while frontier:
        nxt = []
        for here in frontier:
            skip = qualified(claims[here])
            for dep in claims[here].uses:
                if dep in claims and dep not in paths and dep != skip:
                    paths[dep] = paths[here] + (dep,)
                    nxt.append(dep)
        frontier = nxt
    del paths[cid]
    return paths


def chain_of(claims: Mapping[str, Claim], cid: str, status: Mapping[str, Status]) -> Chain:
    """The chain state of ``cid`` given a verdict for every claim (computed, or the expected ones)."""
    own = STRENGTH[status[cid]]
    deps = _dependencies(claims, cid)
    order = {c: n for n, c in enumerate(claims)}
    weak = [d for d in deps if status[d] is Status.REFUTED] or [d for d in deps if STRENGTH[status[d]] < own]
    if not weak:
        return Chain(SOUND)
    worst = min(weak, key=lambda d: (STRENGTH[status[d]], len(deps[d]), order[d]))
    return Chain(RESTS_ON, worst, status[worst], deps[worst])


def chains(claims: Mapping[str, Claim], status: Mapping[str, Status] | None = None) -> dict[str, Chain]:
    """Every claim's chain; ``status`` overrides the expected verdicts for the claims it names."""
    verdicts = {cid: c.expected for cid, c in claims.items()} | dict(status or {})
    return {cid: chain_of(claims, cid, verdicts) for cid in claims}


def fully_proved(status: Status, chain: Chain) -> bool:
    """Fully proved, as a Lean blueprint colours a node: its own verdict is proved and every claim it uses,
    transitively, is proved too (for a proved claim that is exactly a sound chain)."""
    return status is Status.PROVED and chain.state == SOUND


def named_ids(c: Claim) -> set[str]:
    """Claim ids that a claim's statement, reason or lost text names (other than its own)."""
    text = " ".join((c.statement, c.reason, c.lost))
    return {m.rstrip(".") for m in CLAIM_ID.findall(text)} - {c.id}


def linked(claims: Mapping[str, Claim], a: str, b: str) -> bool:
    """Whether a ``uses`` or ``corrects`` edge joins ``a`` and ``b``, in either direction."""

    def edges(x, y):
        return y in claims[x].uses or claims[x].corrects == y

    return edges(a, b) or edges(b, a)


# --------------------------------------------------------------------------- the graph drawn

_FILL = {
    Status.PROVED: "#66bb6a",
    Status.CERTIFIED: "#c5e1a5",
    Status.VERIFIED: "#fff59d",
    Status.REFUTED: "#ef9a9a",
    Status.OPEN: "#e0e0e0",
}
_PER_ROW = 9  # section columns per band of the picture


def _home(claims: Mapping[str, Claim], c: Claim) -> Claim:
    """The paper's claim a claim of specproof's own qualifies (what it corrects, else the first it uses)."""
    while c.source.paper == "specproof":
        target = c.corrects or next((u for u in c.uses if u in claims), None)
        if target is None:
            return c
        c = claims[target]
    return c


def layout(claims: Mapping[str, Claim]) -> tuple[dict, dict, float]:
    """Where each claim sits in the drawing: one column per paper section (a claim of specproof's own in the
    column of the claim it qualifies), _PER_ROW columns per band, registry order down a column.
    Returns node positions {id: (x, y)}, section headings {(paper, section): (x, y)} and the lowest y."""
    groups: dict[tuple, list[str]] = {}
    for cid, c in claims.items():
        home = _home(claims, c)
        groups.setdefault((home.source.paper, home.source.section), []).append(cid)
    columns = sorted(groups, key=lambda g: (g[0], natural_key(g[1])))
    bands = [columns[i : i + _PER_ROW] for i in range(0, len(columns), _PER_ROW)]
    pos, heading, top = {}, {}, 0.0
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
    handles = [
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
