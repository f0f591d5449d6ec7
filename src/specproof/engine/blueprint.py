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

import re
from dataclasses import dataclass
from typing import Mapping

from specproof.engine.registry import STRENGTH, Claim, Status

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
        out: dict[str, object] = {"state": self.state}
        if self.dependency and self.status is not None:
            out |= {"dependency": self.dependency, "status": self.status.value, "path": list(self.path)}
        return out

    def text(self, markdown: bool = True) -> str:
        """One phrase for the catalogue (ids in backticks) or the table: ``sound`` or ``rests on `x` (verified)``."""
        if self.state == SOUND:
            return SOUND
        q = "`" if markdown else ""
        via = f" via {q}{f'{q} → {q}'.join(self.path[1:-1])}{q}" if len(self.path) > 2 else ""
        status = self.status.value if self.status is not None else "unknown"
        return f"rests on {q}{self.dependency}{q} ({status}){via}"


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
    paths: dict[str, tuple[str, ...]] = {cid: (cid,)}
    frontier = [cid]
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
