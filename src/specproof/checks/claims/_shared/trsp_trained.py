"""What the claim files of trsp/trained/ share: the committed task-level runs (`data/trained-tasks.jsonl`, configs
``mqar`` and ``hop``), how their claims read them and the paper's precondition.

Two runs, one rule. ``mqar`` (multi-query associative recall, the control) decides the ``trsp.trained.*`` task-level
claims as before; ``hop`` (the NoLiMa-style two-hop task of TRSP App. A.1) decides the ``trsp.trained.hop.*`` claims,
the same statements on the paper's kind of task. Written before the hop rows were trained: each hop claim is decided
by the same pre-stated rule (runs/train/statistics.py) on the hop rows alone, judged only when base and TRSP reach
95 % exact match at 1× in every seed; the control's verdict is not pooled with it (the two tasks are read side by
side, never averaged)."""

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


HOP_CONFIG = "hop"


def task_run(config: str = TASK_CONFIG):
    from specproof.runs.train import task_run as trn

    return trn.committed(config)


def task_ranges(run) -> str:
    from specproof.runs.train import task_run as trn

    c = trn.CONFIGS[run.config]
    seeds = sorted(set(run.variants.get("base", {})) & set(run.variants.get("trsp", {})))
    if c.task == "hop":
        what = (
            f"NoLiMa-style two-hop retrieval ({c.facts} chains 'C IN Z .' + 'Z LIVES P .' at uniform depths, "
            f"{c.questions} questions 'Q C' drawn among the chains and answered 'Z P', exact match on both, "
            f"{c.entities} entities per type) in a filler haystack"
        )
    else:
        what = f"{c.task.upper()} (key–value pairs {c.facts}, {c.questions} queries, {c.entities} keys) in a filler haystack"
    return (
        f"{what}; "
        f"Llama-style decoder (RoPE, SwiGLU) d = {c.d_model}, {c.n_layers} layers × {c.n_heads} heads, trained at "
        f"T = {c.T} for {c.steps} steps of {c.batch}; paired seeds {seeds}; evaluated on {c.eval_n} held-out instances "
        f"at {', '.join(f'{r}×' for r in c.ratios)}"
    )


def task_missing(config: str = TASK_CONFIG) -> Evidence:
    return open_evidence(
        f"the committed task-level rows (data/trained-tasks.jsonl, config {config}) are missing; run "
        f"`specproof train --task {config}`",
        method=METHOD,
    )
