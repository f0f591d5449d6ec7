"""TRSP's evidence on trained networks (§4.3, §5.2–5.3, Fig. 4, Table 2, Table 4), read on small decoders trained from
scratch here (`specproof train`, checks/training.py).

Claims of the project's own, all ``interpretive``, read from committed rows (they never train).

- The four §4.1 diagnostics and the retrieval claim read the **task-level** run (`data/trained-tasks.jsonl`, config
  ``mqar`` of :mod:`specproof.runs.train.task_run`): decoders that solve multi-query associative recall at their
  training length, base and TRSP paired by seed. They are decided by the pre-stated rule of
  :mod:`specproof.runs.train.statistics` (BCa interval and exact permutation test of the paired mean difference),
  and only when the paper's precondition holds (both models ≥ 95 % exact match at 1× in every seed); an open one
  gives the smallest effect it could have detected.
- The ablation order, the gate and the safety net read the byte-level run (`data/trained.jsonl`: d = 64, 4 layers,
  T = 128, 1000 steps, three seeds per variant) by the spread rule: an ordering is **verified** only when every
  seed of one variant is beyond every seed of the other at every ratio named, **refuted** when every seed is beyond
  in the opposite direction at one of them, **open** otherwise. Each summary puts the paper's numbers beside ours.
"""

from __future__ import annotations

import numpy as np

from specproof.checks.claims._shared.trsp_trained import (  # noqa: F401  (the task-level run, shared)
    HOP_CONFIG,
    LEARNED,
    METHOD,
    TASK_CONFIG,
    TASK_READERS,
    task_missing,
    task_ranges,
    task_run,
)
from specproof.engine.methods import fmt, open_evidence
from specproof.engine.records import Limit, Tightness
from specproof.engine.registry import Evidence, Source, Status, check, claim
from specproof.runs.train import harness as tr

TESTS = "tests/test_training.py"
FIGURE = "figures/trained-diagnostics.png"  # the byte-level run's
TASK_FIGURES = {  # the task-level run's (render/figures/tasks.py)
    "diagnostics": "figures/trained-tasks-diagnostics.png",
    "accuracy": "figures/trained-tasks-accuracy.png",
    "hop-diagnostics": "figures/trained-hop-diagnostics.png",
    "hop-accuracy": "figures/trained-hop-accuracy.png",
}
UNPROVED = (
    "a measurement on trained networks: the rows are three seeds of one small configuration, so nothing is "
    "proved beyond them; the ordering holds here beyond the seed spread, no more"
)


measured = tr.committed_default_run
ranges = tr.run_ranges
missing = tr.missing_rows


def compare(a, b, higher: bool) -> tuple[str, float]:
    """Where the seeds of A lie against those of B: "beyond" (every seed of A better than every seed of B), "reversed"
    (every seed of B better than every seed of A) or "overlap"; with the margin min(A) − max(B) (or max(A) − min(B)
    for lower-is-better), positive when A is beyond."""
    a, b = np.asarray(a, float), np.asarray(b, float)
    margin = a.min() - b.max() if higher else b.min() - a.max()
    reverse = b.min() - a.max() if higher else a.min() - b.max()
    return ("beyond" if margin > 0 else "reversed" if reverse > 0 else "overlap"), float(margin)


def _spread(values) -> str:
    return f"{fmt(float(np.mean(values)))} [{fmt(min(values))}, {fmt(max(values))}]"


def ordering(run, key: str, a: str, b: str, higher: bool, ratios, *, what: str, paper: str) -> Evidence:
    """A against B on one measure at each ratio, by the spread rule of the module docstring."""
    parts, outcomes, margins, data = [], [], [], {}
    for r in ratios:
        va, vb = tr.per_seed(run, a, r, tr.READERS[key]), tr.per_seed(run, b, r, tr.READERS[key])
        outcome, margin = compare(va, vb, higher)
        outcomes.append(outcome)
        margins.append(margin)
        data[f"{r}x"] = {a: va, b: vb, "outcome": outcome}
        parts.append(f"{r}×: {a} {_spread(va)} vs {b} {_spread(vb)} ({outcome})")
    text = f"{what} (mean [min, max] over seeds): " + "; ".join(parts) + f". Paper: {paper}"
    worst = min(margins)
    if "reversed" in outcomes:
        at = [r for r, o in zip(ratios, outcomes) if o == "reversed"]
        return Evidence(
            Status.REFUTED,
            METHOD,
            f"{text}. Reversed beyond the seed spread at {', '.join(f'{r}×' for r in at)}",
            ranges=ranges(run),
            worst_margin=worst,
            data=data,
            counterexample={f"{r}x": data[f"{r}x"] for r in at},
        )
    if all(o == "beyond" for o in outcomes):
        return Evidence(Status.VERIFIED, METHOD, text, ranges=ranges(run), worst_margin=worst, data=data)
    at = [f"{r}×" for r, o in zip(ratios, outcomes) if o == "overlap"]
    return open_evidence(
        f"{text}. The seeds overlap at {', '.join(at)}: this scale cannot order them",
        method=METHOD,
        ranges=ranges(run),
        data=data,
    )


FIG4 = "Fig. 4: TRSP above the base Transformer at every ratio 1×–8× (109M, trained at 1K; the figure gives no numbers)"
DIAGNOSTICS = {
    "stable-rank": ("stable_rank", True, "a", "stable rank ‖H_ℓ‖_F²/‖H_ℓ‖₂²", "higher"),
    "spr": ("spr", True, "b", "signal propagation rate ‖δ_out‖/‖δ_in‖ (σ = 10⁻³ at the embeddings)", "higher"),
    "flatness": ("flatness", True, "c", "spectral flatness (geometric over arithmetic mean of σ(H_ℓ))", "higher"),
    "anisotropy": ("anisotropy", False, "d", "anisotropy (mean cosine of distinct token pairs)", "lower"),
}

# --------------------------------------------------------------------------- the task-level run and its rule

RULE = (
    "the pre-stated rule of runs/train/statistics.py: paired by seed (same data and initial backbone), 95 % BCa "
    "bootstrap interval of the mean difference TRSP − base and the exact two-sided permutation test; supported when "
    "both put it on the paper's side at 5 %, refuted when both put it on the other, open otherwise with the smallest "
    "effect detectable at 80 % power"
)


def precondition(run) -> str | None:
    """Why the extrapolation comparison cannot be judged (None when it can): the paper compares models that solved
    the task at their own length, so every seed of both models must reach LEARNED at 1×."""
    low = {}
    for name in ("base", "trsp"):
        acc = run.values(name, 1, lambda e: e["accuracy"])
        below = {s: a for s, a in acc.items() if a < LEARNED}
        if not acc:
            return f"no {name} rows"
        if below:
            low[name] = below
    if not low:
        return None
    parts = [
        f"{name} seed{'s' if len(b) > 1 else ''} {', '.join(f'{s} ({fmt(100 * a)} %)' for s, a in b.items())}"
        for name, b in low.items()
    ]
    return (
        f"the paper's precondition fails: not every model reaches {fmt(100 * LEARNED)} % exact match at 1× "
        f"({'; '.join(parts)}), so the comparison at longer lengths is not judged"
    )


def decide(run, key: str, side: str, ratios, *, what: str, paper: str) -> Evidence:
    """The rule at each ratio; the statement holds at every named ratio, so it is supported when each is supported,
    refuted when one is refuted, open otherwise (with each ratio's detectable effect)."""
    from specproof.runs.train.statistics import paired

    parts, verdicts, data = [], [], {}
    for r in ratios:
        seeds, va, vb = run.paired("trsp", "base", r, TASK_READERS[key])
        if len(seeds) < 2:
            return open_evidence(f"{what}: fewer than 2 paired seeds at {r}×", method=METHOD, ranges=task_ranges(run))
        d = paired(va, vb, side)
        verdicts.append(d.verdict)
        data[f"{r}x"] = {"seeds": seeds, "trsp": va, "base": vb, **d.to_json()}
        parts.append(
            f"{r}×: TRSP {fmt(float(np.mean(va)))} vs base {fmt(float(np.mean(vb)))}, {d.text()} ({d.verdict})"
        )
    text = f"{what} ({RULE}): " + "; ".join(parts) + f". Paper: {paper}"
    blocked = precondition(run)
    if blocked:
        return open_evidence(f"{blocked}. Measured: {text}", method=METHOD, ranges=task_ranges(run), data=data)
    if "refuted" in verdicts:
        at = [f"{r}x" for r, v in zip(ratios, verdicts) if v == "refuted"]
        return Evidence(
            Status.REFUTED,
            METHOD,
            f"{text}. Refuted at {', '.join(at)}",
            ranges=task_ranges(run),
            data=data,
            counterexample={k: data[k] for k in at},
        )
    if all(v == "supported" for v in verdicts):
        return Evidence(Status.VERIFIED, METHOD, text, ranges=task_ranges(run), data=data)
    return open_evidence(f"{text}. Not decided at every ratio", method=METHOD, ranges=task_ranges(run), data=data)


def _diagnostic_check(slug: str, config: str = TASK_CONFIG):
    key, higher, panel, words, _ = DIAGNOSTICS[slug]

    @check
    def fn(ctx) -> Evidence:
        run = task_run(config)
        if run is None:
            return task_missing(config)
        paper = FIG4 if higher else FIG4.replace("above", "below")
        from specproof.runs.train import task_run as trn

        return decide(
            run,
            key,
            "greater" if higher else "less",
            trn.CONFIGS[config].ratios,
            what=f"layer-averaged {words}",
            paper=paper,
        )

    fn.__name__ = fn.__qualname__ = (
        f"trained_{key}_ordering" if config == TASK_CONFIG else f"trained_{config}_{key}_ordering"
    )
    return fn


# bound at module level (the claim modules' checks are module attributes, named as reports name them)
trained_stable_rank_ordering = _diagnostic_check("stable-rank")
trained_spr_ordering = _diagnostic_check("spr")
trained_flatness_ordering = _diagnostic_check("flatness")
trained_anisotropy_ordering = _diagnostic_check("anisotropy")
DIAGNOSTIC_CHECKS = {
    "stable-rank": trained_stable_rank_ordering,
    "spr": trained_spr_ordering,
    "flatness": trained_flatness_ordering,
    "anisotropy": trained_anisotropy_ordering,
}
EXPECTED = {slug: Status.OPEN for slug in DIAGNOSTICS}
LIMITS = {  # "rate" in the signal propagation rate's name is not a rate claim
    "spr": Limit(
        "none",
        "the signal propagation rate ‖δ_out‖/‖δ_in‖ is the diagnostic's name, not an asymptotic rate: the statement "
        "orders two models at four evaluation lengths (1×, 2×, 4×, 8×), so no scaled quantity converges and none "
        "is claimed; the measured values (TRSP and base per ratio) are in the evidence",
    ),
}
REASONS = {
    slug: "Decided by the pre-stated rule on the committed task-level rows; see the evidence." for slug in DIAGNOSTICS
}


for _slug, (_key, _higher, _panel, _words, _side) in DIAGNOSTICS.items():
    claim(
        id=f"trsp.trained.{_slug}",
        figure=TASK_FIGURES["diagnostics"],
        title=(
            f"Trained from scratch, TRSP keeps a {_side} layer-averaged {_words.split(' (')[0].split(' ‖')[0]} than the"
            f" base model at 1×–8× the training length (Fig. 4{_panel})"
        ),
        source=Source("specproof", "§5.3, Fig. 4", f"own, trained decoders (Fig. 4{_panel})"),
        statement=rf"For the decoders of `specproof train --task mqar` (Llama-style, RoPE, d = 64, 2 layers × 4 heads, "
        rf"trained at T = 64 on multi-query associative recall in a filler haystack until they solve it), the "
        rf"layer-averaged {_words} of the residual stream $H_\ell$ on held-out instances is {_side} for "
        rf"Transformer + TRSP (Eq. 6, dyadic $b_\ell$, triBox, the trained Eq. 7 gate) than for the base "
        rf"Transformer at each evaluation length $kT$, $k = 1, 2, 4, 8$, as TRSP Fig. 4{_panel} shows for its 109M "
        rf"model. Decided per ratio by the paired rule (seeds shared; BCa interval and exact permutation test at 5 %), "
        rf"judged only when both models reach 95 % exact match at 1× in every seed.",
        checks=[DIAGNOSTIC_CHECKS[_slug]],
        expected=EXPECTED[_slug],
        reason=REASONS[_slug],
        limit=LIMITS.get(_slug),
        notes=["interpretive"],
        tests=[
            "tests/test_task_run.py::test_the_rule_decides_the_trained_claims",
            f"{TESTS}::test_representation_diagnostics_match_their_definitions",
        ],
    )


def _retrieval(config: str) -> Evidence:
    run = task_run(config)
    if run is None:
        return task_missing(config)
    paper = (
        f"Table 2 / Fig. 4e: 8× accuracy TRSP {tr.PAPER['nolima_accuracy']['8x']['trsp']} %, base "
        f"{tr.PAPER['nolima_accuracy']['8x']['base']} %, all ≈ 100 % at 1×"
    )
    ev = decide(run, "accuracy", "greater", (8,), what="exact-match accuracy (%) at 8×", paper=paper)
    from specproof.runs.train.statistics import paired

    extra = []
    for r in (1, 2, 4):
        seeds, va, vb = run.paired("trsp", "base", r, TASK_READERS["accuracy"])
        if len(seeds) >= 2:
            d = paired(va, vb, "greater")
            extra.append(f"{r}×: TRSP {fmt(float(np.mean(va)))} % vs base {fmt(float(np.mean(vb)))} % ({d.text()})")
    summary = ev.summary + (". For reference, " + "; ".join(extra) if extra else "")
    return Evidence(
        ev.status, ev.method, summary, ranges=ev.ranges, data=ev.data, counterexample=ev.counterexample or None
    )


@check
def trained_retrieval_ordering(ctx) -> Evidence:
    return _retrieval(TASK_CONFIG)


claim(
    id="trsp.trained.retrieval",
    figure=TASK_FIGURES["accuracy"],
    title="Trained from scratch to solve the retrieval task at 1×, TRSP retrieves better than the base model at 8× (Table 2, Fig. 4e)",
    source=Source("specproof", "§4.3, Table 2, Fig. 4e", "own, trained decoders"),
    statement=r"For the decoders of `specproof train --task mqar` (multi-query associative recall: 4 key–value pairs at uniform depths of a filler haystack, 16 queries after a separator; exact match of the greedy value token on 256 held-out instances), trained at $T = 64$ until base and TRSP both reach 95 % at $T$ in every seed (the paper's precondition, Table 2: all models ≈ 100 % at 1×), the exact-match accuracy at $8T$ (same facts, 8× the filler) is higher for Transformer + TRSP than for the base Transformer, by the paired rule (seeds shared; BCa interval and exact permutation test at 5 %), as TRSP Table 2 reports for NoLiMa at 8K (83.2 % vs 23.8 %).",
    checks=[trained_retrieval_ordering],
    expected=Status.OPEN,
    reason="Decided by the pre-stated rule on the committed task-level rows; see the evidence.",
    notes=["interpretive"],
    tests=["tests/test_task_run.py::test_the_rule_decides_the_trained_claims"],
)


# --------------------------------------------------------------------------- the same claims on the two-hop task

HOP_TASK = (
    "the NoLiMa-style two-hop task of `specproof train --task hop` (TRSP App. A.1's design on a synthetic "
    "vocabulary: 4 chains of a bridging fact 'C IN Z .' and a needle 'Z LIVES P .' at uniform depths of a filler "
    "haystack, 8 questions 'Q C' naming only the country, answered 'Z P' — the bridging city, then the person — exact "
    "match on both tokens; Llama-style decoder, RoPE, d = 64, 2 layers × 4 heads, trained at T = 96 for 6000 steps "
    "after a two-chain curriculum)"
)
HOP_EXPECTED = {slug: Status.OPEN for slug in DIAGNOSTICS}
HOP_RETRIEVAL_EXPECTED = Status.OPEN
HOP_REASON = "Decided by the pre-stated rule on the committed two-hop rows (config hop); see the evidence."
HOP_DIAGNOSTIC_CHECKS = {slug: _diagnostic_check(slug, HOP_CONFIG) for slug in DIAGNOSTICS}
trained_hop_stable_rank_ordering = HOP_DIAGNOSTIC_CHECKS["stable-rank"]
trained_hop_spr_ordering = HOP_DIAGNOSTIC_CHECKS["spr"]
trained_hop_flatness_ordering = HOP_DIAGNOSTIC_CHECKS["flatness"]
trained_hop_anisotropy_ordering = HOP_DIAGNOSTIC_CHECKS["anisotropy"]

for _slug, (_key, _higher, _panel, _words, _side) in DIAGNOSTICS.items():
    claim(
        id=f"trsp.trained.hop.{_slug}",
        figure=TASK_FIGURES["hop-diagnostics"],
        title=(
            f"Trained from scratch on the two-hop task, TRSP keeps a {_side} layer-averaged "
            f"{_words.split(' (')[0].split(' ‖')[0]} than the base model at 1×–8× the training length (Fig. 4{_panel})"
        ),
        source=Source("specproof", "§5.3, Fig. 4, App. A.1", f"own, trained decoders (Fig. 4{_panel})"),
        statement=rf"For the decoders of {HOP_TASK}, the layer-averaged {_words} of the residual stream $H_\ell$ on "
        rf"held-out instances is {_side} for Transformer + TRSP (Eq. 6, dyadic $b_\ell$, triBox, the trained Eq. 7 "
        rf"gate) than for the base Transformer at each evaluation length $kT$, $k = 1, 2, 4, 8$, as TRSP Fig. 4{_panel} "
        rf"shows for its 109M model on NoLiMa. Decided per ratio by the paired rule (seeds shared; BCa interval and "
        rf"exact permutation test at 5 %), judged only when both models reach 95 % exact match at 1× in every seed.",
        checks=[HOP_DIAGNOSTIC_CHECKS[_slug]],
        expected=HOP_EXPECTED[_slug],
        reason=HOP_REASON,
        limit=LIMITS.get(_slug),
        notes=["interpretive"],
        tests=[
            "tests/test_task_run.py::test_the_rule_decides_the_trained_claims",
            "tests/test_task_run.py::test_the_two_hop_rows_are_committed_and_judged_by_the_precondition",
        ],
    )


@check
def trained_hop_retrieval_ordering(ctx) -> Evidence:
    return _retrieval(HOP_CONFIG)


claim(
    id="trsp.trained.hop.retrieval",
    figure=TASK_FIGURES["hop-accuracy"],
    title="Trained from scratch to solve the two-hop task at 1×, TRSP retrieves better than the base model at 8× (Table 2, Fig. 4e)",
    source=Source("specproof", "§4.3, Table 2, Fig. 4e, App. A.1", "own, trained decoders"),
    statement=rf"For the decoders of {HOP_TASK}, trained until base and TRSP both reach 95 % exact match at $T$ in every "
    r"seed (the paper's precondition, Table 2: all models ≈ 100 % at 1×), the exact-match accuracy at $8T$ (same facts, "
    r"8× the filler) is higher for Transformer + TRSP than for the base Transformer, by the paired rule (seeds shared; "
    r"BCa interval and exact permutation test at 5 %), as TRSP Table 2 reports for NoLiMa at 8K (83.2 % vs 23.8 %).",
    checks=[trained_hop_retrieval_ordering],
    expected=HOP_RETRIEVAL_EXPECTED,
    reason=HOP_REASON,
    notes=["interpretive"],
    tests=[
        "tests/test_task_run.py::test_the_rule_decides_the_trained_claims",
        "tests/test_task_run.py::test_the_two_hop_rows_are_committed_and_judged_by_the_precondition",
    ],
)


ABLATIONS = ("static-gate", "no-dyadic", "box-kernel", "dense-full-sweep")


@check
def trained_ablation_order(ctx) -> Evidence:
    """Table 4's order read on the held-out loss at the training length (lower is better) and at 8×."""
    run = measured()
    if run is None:
        return missing()
    mmlu = tr.PAPER["table4_mmlu"]
    parts, outcomes, data = [], [], {}
    for ablation in ABLATIONS:
        paper_better = "trsp" if mmlu["trsp"] > mmlu[ablation] else ablation
        for r in (tr.CONFIGS["default"].ratios[0], tr.CONFIGS["default"].ratios[-1]):
            va = tr.per_seed(run, paper_better, r, tr.READERS["heldout_loss"])
            other = ablation if paper_better == "trsp" else "trsp"
            vb = tr.per_seed(run, other, r, tr.READERS["heldout_loss"])
            outcome, _ = compare(va, vb, higher=False)
            outcomes.append(outcome)
            data[f"{ablation}@{r}x"] = {paper_better: va, other: vb, "outcome": outcome}
            parts.append(f"{r}×: {paper_better} {_spread(va)} vs {other} {_spread(vb)} ({outcome})")
    text = (
        "held-out loss (nats/byte), the variant Table 4 ranks higher first: "
        + "; ".join(parts)
        + f". Paper (MMLU %, post-training Llama-3.2-1B): dense {mmlu['dense-full-sweep']}, TRSP {mmlu['trsp']}, "
        f"w/o dyadic {mmlu['no-dyadic']}, w/o triangle {mmlu['box-kernel']}, static gate {mmlu['static-gate']}"
    )
    if "reversed" in outcomes:
        bad = [k for k, v in data.items() if v["outcome"] == "reversed"]
        return Evidence(
            Status.REFUTED,
            METHOD,
            f"{text}. Reversed beyond the seed spread: {', '.join(bad)}",
            ranges=ranges(run),
            data=data,
            counterexample={k: data[k] for k in bad},
        )
    if all(o == "beyond" for o in outcomes):
        return Evidence(Status.VERIFIED, METHOD, text, ranges=ranges(run), data=data)
    return open_evidence(
        f"{text}. Some pairs overlap: this scale cannot order them", method=METHOD, ranges=ranges(run), data=data
    )


claim(
    id="trsp.trained.ablations",
    figure=FIGURE,
    title="Trained from scratch, the Table 4 ablations rank as in the paper on held-out loss",
    source=Source("specproof", "§5.2, Table 4", "own, trained decoders"),
    statement=r"With the held-out next-byte loss at $T$ and at $8T$ standing in for Table 4's MMLU accuracy, each §5.2 ablation trained from scratch ranks against Transformer + TRSP as Table 4 ranks it, beyond the seed spread: the static scalar gate ($g = 0.5$), $b_\ell = T$ at every layer and the box kernel have a higher loss than TRSP, the dense full sweep a lower one.",
    checks=[trained_ablation_order],
    expected=Status.OPEN,
    reason="Read from the committed rows; see the evidence.",
    notes=["interpretive"],
    tests=[f"{TESTS}::test_the_spread_rule_of_the_trained_claims"],
)


TRAINABLE = ("trsp", "box-kernel", "no-dyadic", "dense-full-sweep")  # the variants whose Eq. 7 gate trains


def _gates(row: dict, key: str, ratio: int) -> list[float]:
    return [g for layer in row[key][str(ratio)] for _, g in layer]


@check
def trained_gate_shrinks(ctx) -> Evidence:
    run = measured()
    if run is None:
        return missing()
    first, last = tr.CONFIGS["default"].ratios[0], tr.CONFIGS["default"].ratios[-1]
    parts, failures, worst = [], [], float("inf")
    for name in TRAINABLE:
        seeds = run["variants"][name]
        learned = {s: _gates(seeds[s]["train"], "gains", first) for s in sorted(seeds)}
        initial = {s: _gates(seeds[s]["train"], "gains_init", first) for s in sorted(seeds)}
        shrink = [g / g0 for s in learned for g, g0 in zip(learned[s], initial[s])]
        far = [g for s in seeds for g in _gates(seeds[s]["train"], "gains", last)]
        parts.append(
            f"{name}: learned g at T = {tr.CONFIGS['default'].train_length}"
            f" {fmt(min(min(v) for v in learned.values()))}…{fmt(max(max(v) for v in learned.values()))} (initial"
            f" {fmt(min(min(v) for v in initial.values()))}…{fmt(max(max(v) for v in initial.values()))};"
            f" learned/initial {fmt(min(shrink))}…{fmt(max(shrink))}), at {last}× {fmt(min(far))}…{fmt(max(far))}"
        )
        if name == "trsp":
            worst = min(1 - max(shrink), 1e-2 - max(max(v) for v in learned.values()))
            if max(shrink) >= 1 or max(max(v) for v in learned.values()) >= 1e-2:
                failures.append({"variant": name, "max_ratio": max(shrink)})
    text = "per layer, over 3 seeds: " + "; ".join(parts)
    if failures:
        return Evidence(
            Status.REFUTED,
            METHOD,
            f"the TRSP gate does not shrink in every seed: {text}",
            ranges=ranges(run),
            worst_margin=worst,
            counterexample={"failures": failures},
        )
    return Evidence(Status.VERIFIED, METHOD, text, ranges=ranges(run), worst_margin=worst)


claim(
    id="trsp.trained.gate",
    figure=FIGURE,
    title="Trained with the model, the Eq. 7 gate turns TRSP's side path down to g < 10⁻² at every layer",
    source=Source("specproof", "§3.3.1, Eq. 7", "own, trained decoders"),
    statement=r"For Transformer + TRSP trained from scratch (the project's Eq. 7 gate, LongContextGate: $1\to16\to1$ MLP on $\log_2 r_\ell$ times $r_\ell^{\phi}$, initialised from the run's seed), the learned gain $g_\ell(T)$ at the training length $T=128$ is below its value at initialisation and below $10^{-2}$ at every layer, for every seed: training turns the side path down, so at this scale the trained TRSP model is the base model plus a perturbation of relative size $\lesssim10^{-2}$.",
    checks=[trained_gate_shrinks],
    expected=Status.REFUTED,
    reason=(
        "Read from the committed rows (three seeds, four layers): TRSP's learned gain at T = 128 spans 1.5e-4 … 2.7e-2 and learned/initial 0.11 … 4.6, so in some layer and seed the gate grows and passes 10⁻²; training does not uniformly turn the side path down at this scale (the box-kernel ablation's gate grows 2.9–25×, no-dyadic's shrinks 36–180×). The hypothesis was the project's own; it is kept with its counterexample."
    ),
    notes=["interpretive"],
    uses=["trsp.gate.range"],
    tests=[f"{TESTS}::test_the_trainable_gate_is_eq7_and_the_schedule_eq5"],
)


@check
def trained_safety_net(ctx) -> Evidence:
    """Prop. C.5's monotonicity on every trained head with a side path: μ₂(L_A + L_G) ≥ μ₂(L_A), and by how much."""
    run = measured()
    if run is None:
        return missing()
    parts, lowest, bad = [], float("inf"), None
    equal, heads, least = {}, 0, (float("inf"), None)  # heads with no gain (per variant, layer); the least gain > 0
    for name, seeds in run["variants"].items():
        gains, reff = [], []
        for seed, slots in sorted(seeds.items()):
            for r, row in ((k, v) for k, v in slots.items() if k != "train"):
                for layer, hs in enumerate(row.get("heads") or []):
                    for h in hs:
                        if "mu2_side" not in h:
                            continue
                        margin = h["mu2_side"] - h["mu2_attn"]
                        allowance = 1e-5 * max(1.0, h["mu2_attn"])  # 6 stored digits of each eigenvalue
                        if margin + allowance < lowest:
                            lowest = margin + allowance
                            bad = {
                                "variant": name,
                                "seed": seed,
                                "ratio": r,
                                "layer": layer,
                                **{k: h[k] for k in ("mu2_attn", "mu2_side")},
                            }
                        gains.append(h["mu2_side"] / h["mu2_attn"] - 1)
                        heads += 1
                        if gains[-1] == 0:
                            equal.setdefault(name, {}).setdefault(layer, 0)
                            equal[name][layer] += 1
                        elif gains[-1] < least[0]:
                            least = (gains[-1], {"variant": name, "seed": seed, "ratio": r, "layer": layer})
                        reff.append(h["reff_side"] / h["reff_attn"] - 1)
        if gains:
            parts.append(
                f"{name}: μ₂ gain median {fmt(float(np.median(gains)))} (max {fmt(max(gains))}), R_eff change "
                f"median {fmt(float(np.median(reff)))} ({fmt(min(reff))}…{fmt(max(reff))})"
            )
    text = (
        "relative change of μ₂ of the symmetrised attention graph when the layer's own side path G_ℓ = Σ_b g_b K_b is "
        "added, and of R_eff from I + A to I + A + G_ℓ, over heads, seeds and ratios: " + "; ".join(parts)
    )
    if lowest < 0:
        return Evidence(
            Status.REFUTED,
            METHOD,
            f"a head loses connectivity: {text}",
            ranges=ranges(run),
            worst_margin=lowest,
            counterexample=bad,
        )
    count = sum(n for layers in equal.values() for n in layers.values())
    tight = Tightness(
        "sharp",
        f"μ₂(L_A + L_G) ≥ μ₂(L_A) (Weyl) is an equality in the stored digits on {count} of {heads} heads ("
        + "; ".join(f"{n}: layer {', '.join(map(str, sorted(v)))}" for n, v in equal.items())
        + "): the dyadic schedule's first layer has b = 1, whose kernel is I, so L(G_0) = 0 exactly. Elsewhere the "
        f"least relative gain is {fmt(least[0])}, at the resolution of the 6 stored digits ("
        + ", ".join(f"{k} = {v}" for k, v in (least[1] or {}).items())
        + ")",
        ratio=1.0,
        where={"layer": 0, "b": 1, "variants": ", ".join(equal)},
        ranges=ranges(run),
    )
    return Evidence(Status.VERIFIED, METHOD, text, ranges=ranges(run), worst_margin=lowest, tightness=tight)


claim(
    id="trsp.trained.safety-net",
    figure=FIGURE,
    title="On trained heads the side path never lowers μ₂ (Prop. C.5); how much it raises μ₂ and moves R_eff",
    source=Source("specproof", "App. C.3.1, Prop. C.5", "own, trained decoders"),
    statement=r"For every head of every trained side-path variant at every evaluated length, $\mu_2(L(A_h)+L(G_\ell))\ge\mu_2(L(A_h))$ with $G_\ell=\sum_b g_\ell(T,b)K_b$ the layer's trained side path (Prop. C.5's safety net); the evidence gives the relative gain of $\mu_2$ and the change of $R_{\mathrm{eff}}$ from $I+A_h$ to $I+A_h+G_\ell$ (Thm C.8's composite).",
    checks=[trained_safety_net],
    expected=Status.VERIFIED,
    reason=(
        "Weyl: adding the positive semidefinite Laplacian L(G_ℓ) cannot lower any eigenvalue; the rows confirm it within the rounding of their 6 stored digits and measure the size of the gain, which the trained gate sets."
    ),
    unproved=(
        "the inequality is Weyl's (proved in trsp.C5.safety-net for every PSD addition); what the rows add is the size of the gain for the gates training found, a measurement on three seeds per variant"
    ),
    notes=["interpretive"],
    uses=["trsp.C5.safety-net"],
    tests=[f"{TESTS}::test_head_measures_on_uniform_causal_attention"],
)
