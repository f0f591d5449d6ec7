"""What the claim files of trsp/trained/ share: the committed task-level run (`data/trained-tasks.jsonl`, config
``mqar``), how its claims read it and the paper's precondition."""

from __future__ import annotations

from specproof.engine.methods import open_evidence
from specproof.engine.registry import Evidence

METHOD = "measured-rows"
TASK_CONFIG = "mqar"
LEARNED = 0.95  # the paper's precondition: every model near 100 % at 1× (Table 2); here ≥ 95 % in every seed
TASK_READERS = {
    "stable_rank": lambda e: e["layer_mean"]["stable_rank"],
    "spr": lambda e: e["layer_mean"]["spr"],
    "flatness": lambda e: e["layer_mean"]["flatness"],
    "anisotropy": lambda e: e["layer_mean"]["anisotropy"],
    "accuracy": lambda e: 100 * e["accuracy"],
    "heldout_loss": lambda e: e["heldout_loss"],
}


def task_run():
    from specproof.runs.train import task_run as trn

    return trn.committed(TASK_CONFIG)


def task_ranges(run) -> str:
    from specproof.runs.train import task_run as trn

    c = trn.CONFIGS[run.config]
    seeds = sorted(set(run.variants.get("base", {})) & set(run.variants.get("trsp", {})))
    return (
        f"{c.task.upper()} (key–value pairs {c.facts}, {c.questions} queries, {c.entities} keys) in a filler haystack; "
        f"Llama-style decoder (RoPE, SwiGLU) d = {c.d_model}, {c.n_layers} layers × {c.n_heads} heads, trained at "
        f"T = {c.T} for {c.steps} steps of {c.batch}; paired seeds {seeds}; evaluated on {c.eval_n} held-out instances "
        f"at {', '.join(f'{r}×' for r in c.ratios)}"
    )


def task_missing() -> Evidence:
    return open_evidence(
        "the committed task-level rows (data/trained-tasks.jsonl, config mqar) are missing; run "
        "`specproof train --task mqar`",
        method=METHOD,
    )
