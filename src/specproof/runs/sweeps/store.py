"""The sweep machinery behind :mod:`specproof.runs.sweeps.table` (which registers the catalogue and re-exports these
names): the :class:`Sweep` record and its registry, the store and the runner.

The store is one JSON-lines file per sweep, ``<store>/<name>.jsonl``, rows sorted by the swept
parameter. Every completed point rewrites the file atomically (a temporary file beside it, fsync,
``os.replace``): a reader, or a rerun after a crash or Ctrl-C at any instant, sees either the rows
before that point or the rows after it, never a torn line. Rewriting is O(rows) per point, which is
nothing next to the cost of a point (tens of rows, seconds each), and keeps the file sorted and
diffable, which an append-only log would not. A rerun computes only the missing points of the
grid; a row counts as present when its parameters and the sweep's ``revision`` match.
"""

from __future__ import annotations

import json
import os
import re
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterable

import numpy as np

from specproof.engine.io import project_path, provenance, write_atomic
from specproof.engine.methods import jsonable
from specproof.theory.validate import InputError

GRIDS = ("quick", "default", "wide")


def project_store() -> Path | None:
    """The committed sweep store, ``data`` of the project the package runs from (None for an
    installation without it): found from the package, never from the working directory."""
    return project_path("data")


_NAME = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")


@dataclass(frozen=True)
class Sweep:
    """A named family of points: ``point(**{x: value}, **fixed)`` returns one row.

    ``reference(**params)`` is the dense computation of the same ``value`` (numpy/scipy), usable up
    to ``reference_max``; ``claims`` lists the claim ids whose rates read this sweep; ``bounds`` the
    :class:`ProvedBound` every row must satisfy (a row that violates one is never written).
    """

    name: str
    x: str
    quantity: str
    point: Callable[..., dict]
    grids: dict
    reference: Callable[..., float] | None = None
    reference_max: int = 2048
    fixed: dict = field(default_factory=dict)
    revision: int = 1
    claims: tuple = ()
    bounds: tuple = ()  # ProvedBound: what every row must satisfy because a claim proves it (checked before a write)

    def __post_init__(self):
        if not _NAME.match(self.name):
            raise ValueError(f"sweep name {self.name!r} must be kebab-case")
        missing = set(GRIDS) - set(self.grids)
        if missing:
            raise ValueError(f"sweep {self.name!r} lacks grids {sorted(missing)}")

    def params(self, grid: str = "default", *, lo: int | None = None, hi: int | None = None) -> list[dict]:
        """The points of ``grid`` with lo ≤ x ≤ hi, as keyword dicts for ``point``."""
        if grid not in GRIDS:
            raise InputError(f"unknown grid {grid!r}; allowed: {', '.join(GRIDS)}")
        if lo is not None and hi is not None and lo > hi:
            raise InputError(f"empty range: --min {lo} is above --max {hi}")
        xs = [v for v in self.grids[grid] if (lo is None or v >= lo) and (hi is None or v <= hi)]
        if not xs:
            span = f"[{lo if lo is not None else '-inf'}, {hi if hi is not None else 'inf'}]"
            raise InputError(
                f"no point of the {grid!r} grid of {self.name} lies in {span}; "
                f"that grid spans {self.x} = {min(self.grids[grid])}…{max(self.grids[grid])}"
            )
        return [{self.x: int(v), **self.fixed} for v in xs]


@dataclass(frozen=True)
class ProvedBound:
    """A bound that a claim proves for every row of a sweep: ``violations(row)`` names each stored value that
    breaks it (an empty list when the row is consistent). A computed value outside a proved bound is an
    unconverged or wrong solve, never data, so the store refuses it."""

    name: str
    claim: str
    violations: Callable[[dict], list]


def check_bounds(sweep: "Sweep", row: dict) -> None:
    """InputError (one line) if ``row`` violates one of ``sweep.bounds``."""
    for bound in sweep.bounds:
        bad = bound.violations(row)
        if bad:
            more = f" (and {len(bad) - 1} more)" if len(bad) > 1 else ""
            raise InputError(
                f"{sweep.name} at {sweep.x} = {row.get('x')}: {bad[0]}{more} violates the proved bound "
                f"{bound.name} ({bound.claim}); not stored"
            )


SWEEPS: dict[str, Sweep] = {}


def register(sweep: Sweep) -> Sweep:
    if sweep.name in SWEEPS:
        raise ValueError(f"two sweeps are named {sweep.name!r}")
    SWEEPS[sweep.name] = sweep
    return sweep


def get(name: str | Sweep) -> Sweep:
    """The registered sweep ``name`` (a :class:`Sweep` passes through); InputError if unknown."""
    if isinstance(name, Sweep):
        return name
    if name not in SWEEPS:
        raise InputError(f"unknown sweep {name!r}; allowed: {', '.join(SWEEPS)}")
    return SWEEPS[name]


def key(params: dict) -> str:
    """Canonical identity of a point: its parameters as sorted JSON."""
    return json.dumps(params, sort_keys=True)


# --------------------------------------------------------------------------- one point


def compute_row(sweep: Sweep, params: dict) -> dict:
    """Run one point and stamp it: sweep, revision, params, x, the point's row, seconds, provenance."""
    t0 = time.perf_counter()
    out = sweep.point(**params)
    seconds = time.perf_counter() - t0
    row = {
        "sweep": sweep.name,
        "revision": sweep.revision,
        "params": params,
        "x": params[sweep.x],
        **out,
        "seconds": round(seconds, 4),
        **provenance(),
    }
    return jsonable(row)


# --------------------------------------------------------------------------- the store


def _number(value) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _check_row(sweep: Sweep, row: dict, where: str) -> None:
    """InputError unless the stored row is one the store could have written: its swept parameter (and the sweep's
    fixed ones) with their types, and every value inside its own bracket (``lower ≤ value ≤ upper``, and
    ``c_lower ≤ c ≤ c_upper`` for a column ``c``)."""
    expected = {sweep.x: 0, **sweep.fixed}
    for name, like in expected.items():
        got = row["params"].get(name)
        if _number(like) and not _number(got) or isinstance(like, str) and not isinstance(got, str):
            raise InputError(
                f"{where}: the parameter {name} is {got!r}, not a {'number' if _number(like) else 'string'}; the store "
                "writes numbers as numbers, so this line was edited by hand (it would be recomputed, not read): fix "
                "or delete it"
            )
    brackets = [("value", "lower", "upper")] + [(c, f"{c}_lower", f"{c}_upper") for c in row if f"{c}_lower" in row]
    for column, lo, hi in brackets:
        if column not in row or lo not in row or hi not in row:
            continue
        for name in (lo, column, hi):
            if row[name] is not None and not _number(row[name]):
                raise InputError(
                    f"{where}: {name} is {row[name]!r}, not a number; the store writes numbers as numbers, so this "
                    "line was edited by hand: fix or delete it"
                )
        low, value, high = row[lo], row[column], row[hi]
        if None not in (low, value, high) and not low <= value <= high:
            raise InputError(
                f"{where}: {column} = {value!r} lies outside its own bracket [{low!r}, {high!r}]; a solver's row "
                "holds its value inside its bracket, so this line was edited by hand: fix or delete it"
            )


class Store:
    """``<directory>/<sweep>.jsonl``, rewritten atomically after every point (see the module docstring)."""

    def __init__(self, directory: str | os.PathLike):
        self.directory = Path(directory)

    def path(self, name: str) -> Path:
        return self.directory / f"{name}.jsonl"

    def load(self, sweep: Sweep) -> dict[str, dict]:
        """Rows of the current revision by point key (rows of other revisions are recomputed). The store is written
        only by :meth:`write`, so a file it could not have written (not UTF-8, a line that is not a row, a point stored
        twice, a number stored as a string, a value outside its own bracket) is an :class:`InputError` naming the
        line, never read past or silently recomputed."""
        path = self.path(sweep.name)
        if not path.exists():
            return {}
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError as exc:
            raise InputError(
                f"{path} is not UTF-8 text (byte {exc.start}: {exc.reason}); the store writes JSON lines, so this file "
                "was replaced or edited by hand: restore it (git checkout) or delete it"
            ) from None
        rows: dict[str, dict] = {}
        lines: dict[str, int] = {}
        for lineno, line in enumerate(text.splitlines(), 1):
            if not line.strip():
                continue
            where = f"{path}:{lineno}"
            try:
                row = json.loads(line)
            except json.JSONDecodeError as exc:
                raise InputError(
                    f"{where} is not a JSON row ({exc.msg}); the store is written atomically, "
                    "so this file was edited by hand: fix or delete that line"
                ) from None
            if not isinstance(row, dict) or not isinstance(row.get("params"), dict):
                raise InputError(f"{where} is not a row (a JSON object with its params); fix or delete that line")
            if row.get("revision") != sweep.revision:
                continue
            _check_row(sweep, row, where)
            k = key(row["params"])
            if k in rows:
                raise InputError(
                    f"{where} stores the point {k} again (line {lines[k]} holds it); the store keeps one row per "
                    "point: delete one of them"
                )
            rows[k], lines[k] = row, lineno
        return rows

    def write(self, sweep: Sweep, rows: Iterable[dict]) -> Path:
        """Replace the sweep's file by ``rows`` (sorted by x) in one atomic step; a row that violates one of
        the sweep's proved bounds stops the write (InputError) and the file keeps its previous rows."""
        path = self.path(sweep.name)
        path.parent.mkdir(parents=True, exist_ok=True)
        ordered = sorted(rows, key=lambda r: (r["x"], key(r["params"])))
        for row in ordered:
            _check_row(sweep, row, f"{sweep.name} at {sweep.x} = {row.get('x')}")  # never write what load refuses
            check_bounds(sweep, row)
        return write_atomic(path, "".join(json.dumps(r, sort_keys=True, ensure_ascii=False) + "\n" for r in ordered))


def load_rows(name: str, store: str | os.PathLike | None = None) -> list[dict]:
    """Every stored row of sweep ``name`` (current revision), sorted by x, from ``store`` (default: the
    project's store; none without one): for figures and reports."""
    sweep = get(name)
    store = store if store is not None else project_store()
    return [] if store is None else sorted(Store(store).load(sweep).values(), key=lambda r: r["x"])


# --------------------------------------------------------------------------- running


@dataclass
class SweepResult:
    """The rows of one run, in grid order, and how many were computed now or reused from the store."""

    sweep: Sweep
    rows: list
    computed: int
    reused: int
    missing: list = field(default_factory=list)  # points of the grid neither stored nor computed (``compute=False``)

    def column(self, name: str) -> np.ndarray:
        return np.array([np.nan if r.get(name) is None else r[name] for r in self.rows], dtype=float)

    @property
    def x(self) -> np.ndarray:
        return self.column("x")

    @property
    def value(self) -> np.ndarray:
        return self.column("value")

    @property
    def lower(self) -> np.ndarray:
        return self.column("lower")

    @property
    def upper(self) -> np.ndarray:
        return self.column("upper")


def _run_local(sweep: Sweep, pending: list[dict]):
    for params in pending:
        yield compute_row(sweep, params)


def _run_dask(sweep: Sweep, pending: list[dict], address: str):
    try:
        from distributed import Client, as_completed
    except ImportError as exc:  # pragma: no cover - dask[distributed] is a dependency
        raise InputError(f"--scheduler needs dask.distributed ({exc})") from None
    try:
        client = Client(address, timeout="10s", set_as_default=False)
    except (OSError, TimeoutError, ValueError) as exc:
        raise InputError(f"cannot reach the Dask scheduler at {address!r}: {exc}") from None
    futures = []
    try:
        futures = client.map(compute_row, [sweep] * len(pending), pending, pure=False)
        for future in as_completed(futures, loop=client.loop):
            yield future.result()
    finally:
        client.cancel(futures)
        client.close()


def run_sweep(
    sweep: str | Sweep,
    grid: str = "default",
    *,
    store: str | os.PathLike | Store | None = None,
    scheduler: str | None = None,
    progress: bool = False,
    lo: int | None = None,
    hi: int | None = None,
    params: list[dict] | None = None,
    save: bool = True,
    compute: bool = True,
) -> SweepResult:
    """Evaluate the points of ``grid`` (or the given ``params``) not yet in ``store``; return all rows.

    ``store=None`` keeps everything in memory. With a store and ``save``, each completed point is
    written before the next one is reported, so an interruption (Ctrl-C, a crash, a killed worker)
    loses at most the points in flight, and a rerun resumes. With ``save=False`` the store is only
    read: missing points are computed in memory. With ``compute=False`` they are not computed at all: the result
    holds the stored rows only and lists the others in ``missing`` (what a claim reading the committed store does:
    `specproof verify` never writes and never runs a sweep's hours in passing; `specproof sweep` fills the store).
    ``scheduler``: the address of a Dask scheduler; points then run on its workers.
    """
    sweep = get(sweep)
    wanted = sweep.params(grid, lo=lo, hi=hi) if params is None else [dict(p) for p in params]
    store = Store(store) if store is not None and not isinstance(store, Store) else store
    rows = store.load(sweep) if store is not None else {}
    pending = [p for p in wanted if key(p) not in rows]
    if not compute:
        return SweepResult(
            sweep,
            [rows[key(p)] for p in wanted if key(p) in rows],
            computed=0,
            reused=len(wanted) - len(pending),
            missing=pending,
        )
    from tqdm import tqdm

    runner = _run_dask(sweep, pending, scheduler) if scheduler else _run_local(sweep, pending)
    with tqdm(
        total=len(wanted),
        initial=len(wanted) - len(pending),
        desc=sweep.name,
        unit="pt",
        disable=not progress,
        file=sys.stderr,
    ) as bar:
        for row in runner:
            check_bounds(sweep, row)
            rows[key(row["params"])] = row
            if store is not None and save:
                store.write(sweep, rows.values())
            bar.update()
    return SweepResult(sweep, [rows[key(p)] for p in wanted], computed=len(pending), reused=len(wanted) - len(pending))
