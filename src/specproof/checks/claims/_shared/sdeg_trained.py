"""SDEG's causal theorems on the heads of decoders trained here: what the claim files that read those rows share."""

from __future__ import annotations

from specproof.engine.registry import Evidence, Status
from specproof.runs.train import harness as tr
from specproof.runs.train.statistics import every_run

measured = tr.committed_default_run


missing = tr.missing_rows


def heads(run, ratio=None):
    """(variant, seed, ratio, layer, head dict) for every stored head (at ``ratio`` only, when given)."""
    for name, seeds in run["variants"].items():
        for seed, slots in sorted(seeds.items()):
            for r, row in sorted((k, v) for k, v in slots.items() if k != "train"):
                if (ratio is None or r == ratio) and row.get("heads"):
                    for layer, hs in enumerate(row["heads"]):
                        for h in hs:
                            yield name, seed, r, layer, h


def runs(run) -> list[tuple[str, int]]:
    return [(name, seed) for name, seeds in run["variants"].items() for seed in sorted(seeds)]


MEASURED_ROWS = "measured-rows"


ranges = tr.run_ranges


def verdict(run, fails: dict, what: str, text: str, *, worst: float, counterexample: dict | None = None) -> Evidence:
    """The every-run rule (:func:`~specproof.runs.train.statistics.every_run`): verified when no run breaks the
    statement, refuted by any run that does."""
    keys = list(fails)
    outcome, broken = every_run([fails[k] for k in keys], lambda failed: not failed)
    failing = [keys[i] for i in broken]
    summary = f"{text}; {len(failing)} of {len(runs(run))} runs have a head that breaks it"
    if outcome == "supported":
        return Evidence(Status.VERIFIED, MEASURED_ROWS, summary, ranges=ranges(run), worst_margin=worst)
    return Evidence(
        Status.REFUTED,
        MEASURED_ROWS,
        f"{what} is stated for every run and fails in {len(failing)}: {summary}",
        ranges=ranges(run),
        worst_margin=worst,
        counterexample={**(counterexample or {}), "runs": [list(k) for k in failing[:5]]},
    )
