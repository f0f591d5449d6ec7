"""The registry index: every claim's id, title, expected verdict, module and edges, without importing a claim module.

``specproof list`` reads it, ``specproof verify ID`` uses it to import only the module that holds ID, and the chains
(a claim's standing given what it uses) are computed from it for the claims a run did not decide. It is generated
from the registry (``specproof index``; ``specproof theorems`` rewrites it too) and committed as package data;
``tests/test_index.py`` requires it to equal what the registry gives.
"""

from __future__ import annotations

import difflib
import functools
import json
from dataclasses import dataclass
from importlib import resources

from specproof.engine.registry import Status

INDEX_FILE = "index.json"
_FIELDS = (
    "id",
    "title",
    "expected",
    "module",
    "paper",
    "section",
    "label",
    "uses",
    "corrects",
    "notes",
    "figure",
    "aliases",
)


@dataclass(frozen=True)
class Entry:
    """One claim as the index records it (duck-types the parts of a Claim that chains and listings read)."""

    id: str
    title: str
    expected: Status
    module: str
    paper: str
    section: str
    label: str
    uses: tuple
    corrects: str | None
    notes: tuple
    figure: str | None
    aliases: tuple = ()

    @property
    def source(self):
        from specproof.engine.registry import Source

        return Source(self.paper, self.section, self.label)

    def to_json(self) -> dict:
        return {
            k: (
                getattr(self, k).value
                if k == "expected"
                else list(getattr(self, k))
                if isinstance(getattr(self, k), tuple)
                else getattr(self, k)
            )
            for k in _FIELDS
        }


def entry_of(claim, module: str) -> Entry:
    return Entry(
        claim.id,
        claim.title,
        claim.expected,
        module,
        claim.source.paper,
        claim.source.section,
        claim.source.label,
        tuple(claim.uses),
        claim.corrects,
        tuple(claim.notes),
        claim.figure,
        tuple(getattr(claim, "aliases", ())),
    )


def build_index() -> list[Entry]:
    """The index the registry gives now (imports every claim module)."""
    from specproof.engine.registry import MODULE_OF, load_all

    return [entry_of(c, MODULE_OF[cid]) for cid, c in load_all().items()]


def render_index(entries: list[Entry]) -> str:
    return json.dumps([e.to_json() for e in entries], ensure_ascii=False, indent=1) + "\n"


@functools.lru_cache(maxsize=1)
def load_index() -> dict[str, Entry]:
    """The committed index, in registry order, keyed by id (aliases not included)."""
    text = resources.files("specproof.checks.claims").joinpath(INDEX_FILE).read_text(encoding="utf-8")
    out = {}
    for row in json.loads(text):
        row = dict(row)
        row["expected"] = Status(row["expected"])
        for k in ("uses", "notes", "aliases"):
            row[k] = tuple(row.get(k) or ())
        out[row["id"]] = Entry(**row)
    return out


def aliases() -> dict[str, tuple[str, ...]]:
    """Old ids that still resolve: alias → the current ids it names, in registry order (one for a renamed claim,
    several for a claim that was split: every part carries the old id)."""
    out: dict[str, tuple[str, ...]] = {}
    for e in load_index().values():
        for a in e.aliases:
            out[a] = (*out.get(a, ()), e.id)
    return out


def split_aliases() -> dict[str, tuple[str, ...]]:
    """The aliases that name several claims (a claim split into parts): old id → its parts."""
    return {a: ids for a, ids in aliases().items() if len(ids) > 1}


def resolve(ids) -> list[str]:
    """Claim ids (or aliases) as current ids, in the order given (a split alias as all its parts); an unknown id is an
    InputError with the nearest ids and the groups ``specproof list`` accepts."""
    from specproof.theory.errors import InputError

    index, alias = load_index(), aliases()
    out, unknown = [], []
    for given in ids:
        cid = given.strip()
        if cid in index:
            out.append(cid)
        elif cid in alias:
            out += [a for a in alias[cid] if a not in out]
        else:
            unknown.append(given)
    if unknown and any(u.strip() for u in unknown):  # the index may be older than the code: ask the registry itself
        from specproof.engine.registry import load_all

        registry = load_all()
        found = [u for u in unknown if u.strip() in registry]
        out += [u.strip() for u in found]
        unknown = [u for u in unknown if u not in found]
    if unknown:
        bad = unknown[0]
        if not bad.strip():
            raise InputError(
                "an empty claim id was given; allowed: a registered id such as trsp.C6.mu2-lower (see `specproof list`)"
            )
        near = difflib.get_close_matches(bad, [*index, *alias], n=3, cutoff=0.6)
        groups = sorted({".".join(i.split(".")[:2]) for i in index})
        hint = f"; did you mean {', '.join(near)}?" if near else ";"
        raise InputError(
            f"unknown claim id {bad!r}{hint} allowed: a registered id or alias (see `specproof list`, or "
            f"`specproof list GROUP` for a group such as {', '.join(groups[:4])})"
            + (f"; also unknown: {', '.join(unknown[1:])}" if unknown[1:] else "")
        )
    return out


def select_ids(patterns) -> list[str]:
    """``specproof list`` arguments: ids, aliases or id prefixes (a group such as sdeg.E or trsp.network); all by
    default.
    """
    from specproof.theory.errors import InputError

    index = load_index()
    if not patterns:
        return list(index)
    out = []
    for p in patterns:
        p = p.strip()
        hits = [cid for cid in index if cid == p or cid.startswith(p + ".") or cid.startswith(p + "-")]
        if not hits and p in aliases():
            hits = list(aliases()[p])
        if not hits:
            resolve([p])  # raises the one-line error with its suggestions
        out += [h for h in hits if h not in out]
    if not out:
        raise InputError("no claim matches; allowed: an id or a group prefix (see `specproof list`)")
    return out


def known_claims() -> dict:
    """Every claim the chains can see: the index's entries in registry order, with the claims already imported in
    their place (their code is what runs), and any imported claim the index does not know yet appended."""
    from specproof.engine.registry import REGISTRY

    out = {cid: REGISTRY.get(cid, entry) for cid, entry in load_index().items()}
    out.update({cid: c for cid, c in REGISTRY.items() if cid not in out})
    return out
