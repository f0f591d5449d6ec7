"""`specproof sweep`: run, resume or list the named large-T sweeps of :mod:`specproof.runs.sweeps.table`."""

from __future__ import annotations

import sys

from specproof.engine.io import output_dir
from specproof.runs.sweeps.table import SWEEPS, Store, SweepResult, get, project_store, run_sweep  # registers them
from specproof.theory.validate import InputError


def _table(result: SweepResult) -> str:
    lines = [
        f"{result.sweep.name}: {result.sweep.quantity}",
        f"  {result.sweep.x:>11}  {'value':>18}  {'bracket':>17}  {'method':<28} {'device':<6} {'seconds':>8}",
    ]
    for r in result.rows:
        bracket = f"[-{r['value'] - r['lower']:.1e}, +{r['upper'] - r['value']:.1e}]"
        lines.append(
            f"  {r['x']:>11}  {r['value']:>18.14g}  {bracket:>17}  {r['method']:<28} {r['device']:<6}"
            f" {r['seconds']:>8.3f}"
        )
    return "\n".join(lines)


def cmd_sweep(args) -> int:
    if args.list or not args.names:
        return _list(args)
    sweeps = [get(n) for n in args.names]  # validate every name and path before computing anything
    for name, bound in (("--min", args.min), ("--max", args.max)):
        if bound is not None and bound < 1:
            raise InputError(f"{name} must be a swept value >= 1, got {bound}")
    for sweep in sweeps:
        sweep.params(args.grid, lo=args.min, hi=args.max)
    store = None
    if not args.no_store:
        directory = args.store if args.store is not None else project_store()
        if directory is None:
            raise InputError(
                "no project sweep store here (specproof is not installed from its checkout); "
                "allowed: --store DIR or --no-store"
            )
        store = Store(output_dir(directory, "--store"))
    for sweep in sweeps:
        result = run_sweep(
            sweep,
            args.grid,
            store=store,
            scheduler=args.scheduler,
            lo=args.min,
            hi=args.max,
            progress=not args.no_progress and sys.stderr.isatty(),
        )
        print(_table(result))
        where = f" (stored in {store.path(sweep.name)})" if store else ""
        print(f"  {len(result.rows)} points: {result.computed} computed, {result.reused} reused{where}")
    return 0


def _list(args) -> int:
    """The named sweeps (all by default) with the chosen grid; an unknown name or an option that only a run reads is
    refused, never ignored."""
    given = [f"--{o.replace('_', '-')}" for o in ("min", "max", "store", "no_store", "scheduler") if getattr(args, o)]
    if given:
        raise InputError(f"--list only lists ({', '.join(given)}: options of a run); allowed: --list [NAMES] --grid G")
    for s in [get(n) for n in args.names] if args.names else SWEEPS.values():
        grid = s.grids[args.grid]
        print(f"{s.name}\t{s.x} = {min(grid)}…{max(grid)} ({args.grid} grid, {len(grid)} points)\t{s.quantity}")
    return 0
