"""Readers of the causal decoder's committed rows (SmolLM2-135M-Instruct; `specproof real --model smollm2`), for the
claims on SDEG's causal theorems, TRSP's §4.1 premise and TRSP as a post-training plugin. They read the rows and never
load the model; each returns None when the committed measurement is missing or incomplete (a claim is then open,
with what to run). The decision rules themselves live beside the measurements and were written before them:
:mod:`specproof.runs.real.causal_report` (transfer and collapse rules) and :mod:`specproof.runs.real.plugin_rules`.
"""

from __future__ import annotations

import functools
import math
from pathlib import Path

from specproof.runs.real import causal, causal_report, plugin, plugin_rules

RUN = {
    "heads": "specproof real --model smollm2",
    "diagnostics": "specproof real --model smollm2 --measure diagnostics",
    "plugin": "specproof real --model smollm2 --measure plugin",
}


# The committed heads measurement: ℓ = 64 … 2048, the sweep's whole grid (causal.HEAD_LENGTHS; GPT-2's length in SDEG
# App. F is 1024, read as its own cell where a claim compares with the paper).
HEAD_LENGTHS = (64, 128, 256, 512, 1024, 2048)


def missing(which: str) -> str:
    if which == "plugin":
        have, planned = plugin_progress()
        return (
            f"the committed rows of `{RUN[which]}` (data/causal-plugin.jsonl) are incomplete: {have} of the {planned} "
            "planned rows (raw + 3 arms × 5 seeds) exist; the rules are read only on the complete plan"
        )
    return f"the committed rows of `{RUN[which]}` (data/causal-{which}.jsonl) are missing or incomplete; run it"


@functools.cache
def heads() -> list[dict] | None:
    """The heads measurement merged per length (ℓ in :data:`HEAD_LENGTHS`, 3 windows each), or None unless every
    one of these lengths is in."""
    found = causal.committed_measurement(causal.heads_sweep())
    if found is None:
        return None
    rows = [r for r in found[0] if r["ell"] in HEAD_LENGTHS]
    return rows if [r["ell"] for r in rows] == list(HEAD_LENGTHS) else None


@functools.cache
def diagnostics() -> list[dict] | None:
    """The diagnostics measurement merged per length (ℓ = 512 … 8192, 3 windows each), or None."""
    found = causal.committed_measurement(causal.diagnostics_sweep())
    if found is None or [r["ell"] for r in found[0]] != list(causal.DIAGNOSTIC_LENGTHS):
        return None
    return found[0]


@functools.cache
def _plugin_stored() -> list[dict]:
    from specproof.runs.sweeps.table import project_store

    store = project_store()
    rows = [] if store is None else plugin.load_rows(Path(store) / plugin.STORE_FILE)
    return [r for r in rows if r["config"] == "default"]


def plugin_progress() -> tuple[int, int]:
    """(planned rows that exist, planned rows) of the plugin's committed plan (raw + 3 arms × 5 seeds)."""
    planned = set(plugin.planned(plugin.CONFIGS["default"]))
    have = {(r["arm"], r["seed"]) for r in _plugin_stored()}
    return len(planned & have), len(planned)


@functools.cache
def plugin_rows() -> list[dict] | None:
    """The plugin's committed rows of the default config (every planned arm and seed), or None."""
    rows = _plugin_stored()
    config = plugin.CONFIGS["default"]
    have = {(r["arm"], r["seed"]) for r in rows}
    if len({r["fingerprint"] for r in rows}) != 1 or not set(plugin.planned(config)) <= have:
        return None
    return rows


def ranges(which: str) -> str:
    """The scale every verdict names."""
    if which == "heads":
        return (
            "SmolLM2-135M-Instruct (GGUF Q4_1, float64), all 30 layers × 9 heads, 3 windows of pydoc_data.topics per "
            "ℓ, ℓ = " + ", ".join(map(str, HEAD_LENGTHS))
        )
    if which == "diagnostics":
        return (
            "SmolLM2-135M-Instruct, the residual stream after each of 30 blocks, 3 windows of pydoc_data.topics per "
            "ℓ, ℓ = " + ", ".join(map(str, causal.DIAGNOSTIC_LENGTHS)) + ", σ = 1e-3"
        )
    c = plugin.CONFIGS["default"]
    return (
        f"SmolLM2-135M-Instruct, backbone frozen; LoRA r = {c.lora_r} (α = {c.lora_alpha}) ± TRSP's side path; "
        f"RULER-style passkey and 4-key NIAH at W = {c.window}, {c.steps} steps of {c.batch}; {c.eval_n} held-out "
        f"instances per ratio at {', '.join(f'{r}×' for r in c.ratios)}; seeds {', '.join(map(str, c.seeds))}"
    )


def summaries() -> list[dict] | None:
    """Per length: App. F's medians (W₁ all / last layer, srank and erank₁ real and canonical), k, the sink."""
    rows = heads()
    return None if rows is None else [causal_report.summary(r) for r in rows]


def head_ratios() -> dict | None:
    """Table 1's statistic per length: {ℓ: {"srank_real" | "erank1_real" | "w1": {"median", "per_layer"}}}."""
    rows = heads()
    return None if rows is None else {r["ell"]: causal_report.head_ratios(r) for r in rows}


def transfer(rule: str) -> dict | None:
    """One of causal_report.RULES decided on every committed head (verdict, kept per ℓ, breaking heads, worst)."""
    rows = heads()
    return None if rows is None else causal_report.transfer(rows, rule)


def collapse() -> dict | None:
    """TRSP §4.1's premise on the pretrained decoder: the collapse rule on the committed diagnostics."""
    rows = diagnostics()
    return None if rows is None else causal_report.collapse(rows)


def plugin_decision() -> dict | None:
    """The plugin's pre-stated rules on its committed rows."""
    rows = plugin_rows()
    return None if rows is None else plugin_rules.decide(rows, plugin.CONFIGS["default"].ratios)


# --------------------------------------------------------------------------- evidence the claims share

METHOD = "measured-rows"
UNPROVED = (
    "a statement about measured rows of one model (SmolLM2-135M-Instruct, Q4_1 as shipped) — nothing to prove for "
    "every parameter value"
)
STATUS = {  # a plugin rule's verdict → the claim's status
    "supported": "verified",
    "refuted at this scale": "refuted",
}


def open_for(which: str):
    """The open evidence of a claim whose committed rows are missing or incomplete."""
    from specproof.engine.methods import open_evidence

    return open_evidence(missing(which), method=METHOD, ranges=ranges(which))


def _heads_named(broken: list, at_most: int = 8) -> str:
    names = ", ".join(f"L{layer}.H{head}" for layer, head in broken[:at_most])
    return names + (f" (+{len(broken) - at_most} more)" if len(broken) > at_most else "")


def transfer_evidence(rule: str, what: str):
    """A transfer rule (causal_report.RULES) as a claim's evidence: verified when the prediction transfers to every
    measured head, refuted otherwise, the breaking heads named (the worst first) with the worst reading as the
    counterexample; open without the committed rows."""
    from specproof.engine.methods import fmt
    from specproof.engine.registry import Evidence, Status

    t = transfer(rule)
    if t is None:
        return open_for("heads")
    kept = ", ".join(f"{t['kept'][e]} of {t['total'][e]} at ℓ = {e}" for e in t["kept"])
    text = f"{what} on SmolLM2-135M-Instruct: {t['verdict']}; kept by {kept}"
    data = {"kept": {str(k): v for k, v in t["kept"].items()}, "total": {str(k): v for k, v in t["total"].items()}}
    if t["verdict"] == "transfers":
        return Evidence(Status.VERIFIED, METHOD, text, ranges=ranges("heads"), data=data)
    worst = t["worst"]
    if rule == "thm7-growth":
        where = (
            f"the worst L{worst['layer']}.H{worst['head']}: srank/F ×{fmt(worst['srank'])}, erank₂/F "
            f"×{fmt(worst['erank2'])} from ℓ = {HEAD_LENGTHS[0]} to {HEAD_LENGTHS[-1]} (band ×1/2…×2)"
        )
        margin = -max(abs(math.log(worst["srank"])), abs(math.log(worst["erank2"]))) + math.log(2.0)
    else:
        where = (
            f"the worst L{worst['layer']}.H{worst['head']} at ℓ = {worst['ell']} (window {worst['window']}), log "
            f"margin {fmt(worst['margin'])}"
        )
        margin = worst["margin"]
    return Evidence(
        Status.REFUTED,
        METHOD,
        f"{text}; breaking heads, the furthest first: {_heads_named(t['broken'])}; {where}",
        ranges=ranges("heads"),
        worst_margin=float(margin),
        counterexample={"worst": worst, "broken": t["broken"][:8], "heads_broken": len(t["broken"])},
        data=data,
    )


def plugin_verdict(part: str, what: str):
    """One of the plugin decision's parts ("fraction" or "logodds") as a claim's evidence: "supported" ⇒ verified,
    "refuted at this scale" ⇒ refuted, "open" or "not applicable" ⇒ open with its why; the direction at 8× (the
    project's paired rule; with 5 pairs its exact test cannot reach 5 %) and the room to act beside it."""
    from specproof.engine.methods import fmt
    from specproof.engine.registry import Evidence, Status

    d = plugin_decision()
    if d is None:
        return open_for("plugin")
    cell = d[part]
    drop = d["drop"]
    direction = d["direction"]
    context = (
        f"LoRA's 1×→8× drop {fmt(drop['mean'])} (one-sided 95 % lower bound {fmt(drop['low'])}); direction at 8× by "
        f"the paired rule: {direction['verdict']} (mean {fmt(direction['effect'])}, exact p {fmt(direction['p'])}; "
        f"{d['n']} pairs, smallest possible p {fmt(2 / 2 ** d['n'])})"
    )
    if cell["verdict"] in STATUS:
        text = (
            f"{what} on SmolLM2-135M-Instruct: {fmt(cell['mean'])} (one-sided 95 % bounds {fmt(cell['low'])}, "
            f"{fmt(cell['high'])}) against the margin {fmt(cell['margin'])} (the paper's {fmt(cell['paper'])}, "
            f"halved): {cell['verdict']}; {context}"
        )
        status = Status(STATUS[cell["verdict"]])
        return Evidence(
            status,
            METHOD,
            text,
            ranges=ranges("plugin"),
            worst_margin=float(
                cell["low"] - cell["margin"] if status is Status.VERIFIED else cell["high"] - cell["margin"]
            ),
            counterexample={part: cell, "drop": drop} if status is Status.REFUTED else None,
            data={"decision": d},
        )
    from specproof.engine.methods import open_evidence

    why = cell.get("why", f"the bounds {fmt(cell.get('low'))}, {fmt(cell.get('high'))} straddle the margin")
    return open_evidence(
        f"{what} on SmolLM2-135M-Instruct: {cell['verdict']} ({why}); {context}",
        method=METHOD,
        ranges=ranges("plugin"),
        data={"decision": d},
    )
