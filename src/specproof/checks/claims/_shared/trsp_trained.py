"""TRSP on decoders trained here: what the claim files of §3.3.1, §4.3, §5.2, §5.3 and App. C.3.1 share: the committed
task-level runs (`data/trained-tasks.jsonl`, configs ``mqar``, ``mqar-deep``, ``hop-shared`` and, for the record,
``hop``), how their claims read them and the paper's precondition.

Three runs, one set of rules. ``mqar`` (multi-query associative recall at D = 2, T = 64) decides the
``trsp.trained.*`` task-level claims; ``mqar-deep`` (D = 9, T = 32: the top band covers the whole 8× context) the
``trsp.trained.deep.*`` claims; ``hop-shared`` (the redesigned NoLiMa-style two-hop task of TRSP App. A.1) the
``trsp.trained.hop.*`` claims; the first two-hop form ``hop`` is read only as the "before" of
``trsp.trained.hop.learnability``. Each claim is decided by the pre-stated rules (runs/train/statistics.py) on its own
config's rows alone, judged only when base and TRSP reach 95 % exact match at 1× in every seed, and names the scale
it was decided at; the configs' verdicts are read side by side, never pooled."""

from __future__ import annotations

import numpy as np

from specproof.engine.methods import fmt, jsonable, open_evidence
from specproof.engine.registry import Evidence, Status
from specproof.runs.train import harness as tr
from specproof.runs.train.statistics import LEARNED  # the paper's precondition, ≥ 95 % at 1× in every seed

METHOD = "measured-rows"
TASK_CONFIG = "mqar"
TASK_READERS = {
    "stable_rank": lambda e: e["layer_mean"]["stable_rank"],
    "spr": lambda e: e["layer_mean"]["spr"],
    "flatness": lambda e: e["layer_mean"]["flatness"],
    "anisotropy": lambda e: e["layer_mean"]["anisotropy"],
    "accuracy": lambda e: 100 * e["accuracy"],
    "heldout_loss": lambda e: e["heldout_loss"],
}


HOP_CONFIG = "hop"  # the first two-hop form: its rows stay committed, read only as the "before" of learnability
HOP_SHARED_CONFIG = "hop-shared"  # the redesigned two-hop task the trsp.trained.hop.* claims read
DEEP_CONFIG = "mqar-deep2"  # deep enough for the side path to reach 8×: 2^(D−1) = 256 = 8T (the second recipe)
FIRST_DEEP_CONFIG = "mqar-deep"  # the first recipe: its rows stay committed, read only as the "before" of learnability

DEEP_TASK = (
    r"the decoders of `specproof train --task mqar-deep2` (MQAR: 4 pairs, 8 queries, 32 keys; Llama-style, RoPE, scale "
    r"mqar, D = 9, d = 64, T = 32, so $2^{D-1} = 256 = 8T$ and TRSP's top band covers the whole 8× context, as the "
    r"paper's D = 14 covers 8× its 1K window; query/key projections drawn at 0.1, the rest at 0.02, AdamW "
    r"$5\cdot10^{-4}$ after 160 warm-up steps, each run trained to a criterion: 1000 steps past the first evaluation "
    r"at ≥ 99 % held-out exact match at $T$, 7200 at most; base and TRSP paired by seed, the 8 planned pairs the first "
    r"8 of seeds 12, 13, … in which both arms reach 95 % at $T$, a pair where one does not passed over and reported)"
)

HOP_TASK = (
    "the NoLiMa-style two-hop task of `specproof train --task hop-shared` (TRSP App. A.1's design on a synthetic "
    "vocabulary: 4 chains of a bridging fact 'C IN Z .' and a needle 'Z LIVES P .' at uniform depths of a filler "
    "haystack, every role drawn from one pool of 32 entity tokens, 3 questions 'Q C' without replacement answered "
    "'Z P', exact match on both tokens; Llama-style decoder, scale hop, D = 2, d = 64, T = 96, 3000 steps after a "
    "curriculum of the needle hop alone (two chains, T = 40) then both hops (two chains, T = 64); 8 seeds paired)"
)


def task_run(config: str = TASK_CONFIG, *, every_seed: bool = False):
    """The committed rows of ``config`` as its verdicts read them (task_run.judged: mqar-deep2's first planned pairs in
    which both arms learned, a failing pair passed over; any other config, every pair); ``every_seed``: every
    committed seed, passed over or not (what learnability reads)."""
    from specproof.runs.train import task_run as trn

    run = trn.committed(config)
    return run if run is None or every_seed else trn.judged(run)


def task_ranges(run) -> str:
    from specproof.runs.train import task_run as trn

    c = trn.CONFIGS[run.config]
    seeds = sorted(set(run.variants.get("base", {})) & set(run.variants.get("trsp", {})))
    budget = (
        f"for {c.steps} steps"
        if c.learned_at is None
        else f"to a criterion ({c.after} steps past {fmt(100 * c.learned_at)} % held-out exact match at T, at most "
        f"{c.steps}) in steps"
    )
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
        f"T = {c.T} {budget} of {c.batch}; paired seeds {seeds}; evaluated on {c.eval_n} held-out instances "
        f"at {', '.join(f'{r}×' for r in c.ratios)}"
    )


def task_missing(config: str = TASK_CONFIG) -> Evidence:
    return open_evidence(
        f"the committed task-level rows (data/trained-tasks.jsonl, config {config}) are missing; run "
        f"`specproof train --task {config}`",
        method=METHOD,
    )


measured = tr.committed_default_run


ranges = tr.run_ranges


missing = tr.missing_rows


TASK_FIGURES = {  # the task-level run's (render/figures/tasks.py)
    "diagnostics": "figures/trained-tasks-diagnostics.png",
    "accuracy": "figures/trained-tasks-accuracy.png",
    "controls": "figures/trained-tasks-controls.png",
    "deep-diagnostics": "figures/trained-deep-diagnostics.png",
    "deep-accuracy": "figures/trained-deep-accuracy.png",
    "deep-controls": "figures/trained-deep-controls.png",
    "hop-diagnostics": "figures/trained-hop-diagnostics.png",
    "hop-accuracy": "figures/trained-hop-accuracy.png",
}


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


# --------------------------------------------------------------------------- readers of the effect-size rules
# (runs/train/statistics.py; written before the deep, extended and redesigned runs). Each takes a committed TaskRun
# (task_run(config)) and returns plain dicts the claims render; every result names its scale (task, D, d, T).

DIAGNOSTIC_SIDES = {"stable_rank": "greater", "spr": "greater", "flatness": "greater", "anisotropy": "less"}


def scale(run) -> str:
    from specproof.runs.train import task_run as trn

    return trn.scale(trn.CONFIGS[run.config])


def paired_seeds(run, names=("base", "trsp")) -> list[int]:
    return sorted(set.intersection(*(set(run.variants.get(n, {})) for n in names)))


def learnability(run, names=("base", "trsp"), learned: float = LEARNED) -> dict:
    """Per arm, the seeds that met the precondition (≥ ``learned`` exact match at 1×) and those that did not, and
    Fisher's exact test (two-sided) of the two arms' counts: learnability as an outcome of its own."""
    from scipy import stats

    out = {}
    for n in names:
        acc = run.values(n, 1, lambda e: e["accuracy"])
        out[n] = {"met": [s for s, a in acc.items() if a >= learned], "not": [s for s, a in acc.items() if a < learned]}
    table = [[len(out[n]["met"]), len(out[n]["not"])] for n in names]
    p = float(stats.fisher_exact(table).pvalue) if len(names) == 2 else None
    return {"arms": out, "fisher_p": p, "scale": scale(run), "learned": learned}


def effect_sizes(run, at: int = 8) -> dict:
    """At ``at``× on exact-match accuracy, TRSP against base paired by seed: the direction rule, the recovered fraction
    of the 1×→8× drop, the log-odds difference (both against half the paper's, one-sided 95 % bounds) and TOST at
    ±5 points."""
    from specproof.runs.train import statistics as st

    seeds = paired_seeds(run)
    acc = {n: {s: run.variants[n][s]["eval"] for s in seeds} for n in ("base", "trsp")}
    pts = lambda n, r: [100 * acc[n][s][str(r)]["accuracy"] for s in seeds]  # noqa: E731
    frac = lambda n, r: [acc[n][s][str(r)]["accuracy"] for s in seeds]  # noqa: E731
    scored = [acc["base"][s][str(at)]["scored"] for s in seeds]
    return {
        "scale": scale(run),
        "seeds": seeds,
        "direction": st.paired(pts("trsp", at), pts("base", at), "greater"),
        "recovered_fraction": st.recovered_fraction(pts("trsp", at), pts("base", at), pts("base", 1)),
        "log_odds": st.log_odds_difference(frac("trsp", at), frac("base", at), scored),
        "equivalence": st.equivalence(pts("trsp", at), pts("base", at)),
    }


def diagnostic_family(run, ratios=None) -> dict:
    """The four §4.1 diagnostics × the config's ratios as one family: the direction rule with Holm-adjusted exact
    p-values; keys (diagnostic, ratio)."""
    from specproof.runs.train import statistics as st
    from specproof.runs.train import task_run as trn

    ratios = trn.CONFIGS[run.config].ratios if ratios is None else ratios
    cells, sides = {}, {}
    for key, side in DIAGNOSTIC_SIDES.items():
        for r in ratios:
            _, a, b = run.paired("trsp", "base", r, TASK_READERS[key])
            cells[(key, r)], sides[(key, r)] = (a, b), side
    return st.paired_family(cells, sides)


def length_controls(run, at: int = 8) -> dict:
    """What ``at``× measures, on the seeds measured with the controls: base and TRSP as trained and under each plain
    length fix (RoPE position interpolation, log-length scaling), TRSP (as trained) against base under its best fix
    (statistics.beyond_length_fixes), accuracy by query–needle distance and the retrieving head's entropy."""
    from specproof.runs.train import statistics as st
    from specproof.runs.train import task_run as trn

    seeds = [s for s in paired_seeds(run) if not any(trn.needs_controls(run.variants[n][s]) for n in ("base", "trsp"))]
    if len(seeds) < 2:
        return {"scale": scale(run), "seeds": seeds, "missing": "fewer than 2 paired seeds carry the length controls"}
    ev = lambda n, s: run.variants[n][s]["eval"][str(at)]  # noqa: E731
    by_fix = {
        n: {"as trained": [100 * ev(n, s)["accuracy"] for s in seeds]}
        | {f: [100 * ev(n, s)["controls"][f]["accuracy"] for s in seeds] for f in trn.CONTROLS}
        for n in ("base", "trsp")
    }
    head = {
        n: {
            "as trained": [ev(n, s)["retrieving_head"]["entropy"] for s in seeds],
            **{f: [ev(n, s)["retrieving_head"]["controls"][f]["entropy"] for s in seeds] for f in trn.CONTROLS},
            "uniform": [ev(n, s)["retrieving_head"]["uniform_entropy"] for s in seeds],
            "where": [(ev(n, s)["retrieving_head"]["layer"], ev(n, s)["retrieving_head"]["head"]) for s in seeds],
        }
        for n in ("base", "trsp")
    }
    distance = {n: [ev(n, s)["accuracy_by_distance"] for s in seeds] for n in ("base", "trsp")}
    return {
        "scale": scale(run),
        "seeds": seeds,
        "accuracy": by_fix,
        "beyond_fixes": st.beyond_length_fixes(by_fix["trsp"]["as trained"], by_fix["base"]),
        "retrieving_head_entropy": head,
        "accuracy_by_distance": distance,
    }


def gains_by_layer(run, ratios=None) -> dict:
    """TRSP's learned side-path gain per layer at each ratio, over seeds: ratio → layer → {b, mean, min, max}."""
    from specproof.runs.train import task_run as trn

    ratios = trn.CONFIGS[run.config].ratios if ratios is None else ratios
    seeds = sorted(run.variants.get("trsp", {}))
    out = {}
    for r in ratios:
        per = [run.variants["trsp"][s]["eval"][str(r)]["gains"] for s in seeds]
        layers: list[dict | None] = []
        for ell, first in enumerate(per[0]):
            if not first:
                layers.append(None)
                continue
            g = [sum(x for _, x in p[ell]) for p in per]
            layers.append({"b": [b for b, _ in first], "mean": float(sum(g) / len(g)), "min": min(g), "max": max(g)})
        out[r] = layers
    return {"scale": scale(run), "seeds": seeds, "gains": out}


# --------------------------------------------------------------------------- the claims' rules (issue 42)
# What the trsp.trained.* claims of §4.3 and §5.3 decide by, on the readers above; each returns the Evidence of one
# claim on one committed run (task_run(config)), so the tests can hand it synthetic rows. The common shape, stated
# before the rows it reads (README "The decision rules of the task-level runs"):
#
# 1. no rows → open (task_missing, in the claim's check);
# 2. the paper's precondition (learnability): a seed of base or TRSP below 95 % at 1× → open, "the paper's
#    precondition fails at <scale>", the seeds per arm, the effect sizes in ``data`` descriptively and no detectable
#    effect;
# 3. fewer than two pairs → open (no paired rule applies); fewer than the planned pairs (PLANNED_PAIRS, fixed before
#    the runs from the power analysis) → open with what the rule reads so far and the effect it could detect: a verdict
#    read at an interim count would be optional stopping;
# 4. the planned pairs → the claim's rule; every verdict names scale(run) in its summary and its ranges.

UNPROVED = (
    "A statement about trained models, measured on committed rows (base and TRSP paired by seed) and decided by a "
    "pre-stated statistical rule: nothing to prove for every parameter value"
)


def planned_pairs(run) -> int:
    """The pairs a config's verdict waits for, fixed before its runs (task_configs.PLANNED_PAIRS)."""
    from specproof.runs.train import task_run as trn

    return trn.planned_pairs(run.config)


def scale_ranges(run) -> str:
    return f"{scale(run)}: {task_ranges(run)}"


def precondition_fails(run) -> str | None:
    """ "the paper's precondition fails at <scale>: …" with the seeds below LEARNED at 1× per arm (None when every
    committed seed of both arms meets it)."""
    acc = {n: run.values(n, 1, lambda e: e["accuracy"]) for n in ("base", "trsp")}
    low = {n: {s: a for s, a in acc[n].items() if a < LEARNED} for n in acc}
    if not any(low.values()):
        return None
    parts = [
        f"{'TRSP' if n == 'trsp' else n} seed{'s' if len(b) > 1 else ''} "
        f"{', '.join(f'{s} ({fmt(100 * a)} %)' for s, a in b.items())} of {len(acc[n])}"
        for n, b in low.items()
        if b
    ]
    return (
        f"the paper's precondition fails at {scale(run)}: not every model reaches {fmt(100 * LEARNED)} % exact match "
        f"at 1× ({'; '.join(parts)}), so the comparison at longer lengths is not judged and no detectable effect is "
        "given"
    )


def _count(run, n: int | None = None) -> str:
    n = len(paired_seeds(run)) if n is None else n
    return f"{n} of the {planned_pairs(run)} planned pairs"


def _too_few(run, what: str) -> Evidence | None:
    """Open when fewer than two pairs exist (with the precondition's failure first where it already fails)."""
    seeds = paired_seeds(run)
    if len(seeds) >= 2:
        return None
    blocked = precondition_fails(run)
    have = {n: sorted(run.variants.get(n, {})) for n in ("base", "trsp")}
    text = (
        f"{what} at {scale(run)}: {_count(run)} are committed (base seeds {have['base'] or 'none'}, TRSP seeds "
        f"{have['trsp'] or 'none'}); the paired rule needs at least 2 and the verdict waits for all "
        f"{planned_pairs(run)}"
    )
    return open_evidence(
        f"{blocked}. {text}" if blocked else text, method=METHOD, ranges=scale_ranges(run), data={"seeds": have}
    )


def _interim(run, n: int) -> str:
    return (
        f"{_count(run, n)} at {scale(run)}: the verdict waits for all {planned_pairs(run)} (their number fixed before "
        "the runs from the power analysis; a verdict read at an interim count would be optional stopping). So far"
    )


def _descriptive(data: dict) -> dict:
    """The evidence data of a run whose precondition fails: the measurements kept, no detectable effect."""
    if isinstance(data, dict):
        return {k: _descriptive(v) for k, v in data.items() if k not in ("detectable", "min_p")}
    if isinstance(data, list):
        return [_descriptive(v) for v in data]
    return data


def _side_path(run, at: int = 8) -> str:
    g = gains_by_layer(run, ratios=(at,))["gains"][at]
    return ", ".join(f"b = {'/'.join(map(str, x['b']))}: {fmt(x['mean'])}" for x in g if x) or "none"


PAPER_ROW = (
    "Paper (TRSP Table 2, NoLiMa at 8K, trained at 1K, every model ≈ 100 % at 1×): TRSP 83.2 % vs base 23.8 % at 8×, "
    "recovered fraction 0.78, log-odds difference 2.76"
)


def effect_size_rule(run, what: str = "TRSP against base, exact match at 8×,") -> Evidence:
    """The effect-size rule: VERIFIED when the recovered fraction and the log-odds difference are both supported
    (one-sided 95 % lower bounds above half the paper's), REFUTED when both are refuted (upper bounds below), the
    log-odds alone deciding where the fraction does not apply (base loses < 5 points 1×→8×); OPEN otherwise, with the
    smallest difference detectable at 80 % power."""
    from specproof.runs.train import task_run as trn

    few = _too_few(run, what.rstrip(","))
    if few is not None:
        return few
    e = effect_sizes(run)
    d, f, lo, eq = e["direction"], e["recovered_fraction"], e["log_odds"], e["equivalence"]
    seeds = e["seeds"]
    at = 8
    avg = lambda n, r: float(np.mean([100 * run.variants[n][s]["eval"][str(r)]["accuracy"] for s in seeds]))  # noqa: E731
    mean = lambda n, r: fmt(avg(n, r))  # noqa: E731
    ratios = trn.CONFIGS[run.config].ratios
    data = jsonable(
        {
            "scale": e["scale"],
            "seeds": seeds,
            "planned_pairs": planned_pairs(run),
            **{k: e[k].to_json() for k in ("direction", "recovered_fraction", "log_odds", "equivalence")},
            "accuracy": {n: {f"{r}x": avg(n, r) for r in ratios} for n in ("base", "trsp")},
            "length_controls": length_controls(run),
            "gains_by_layer": gains_by_layer(run),
        }
    )
    levels = (
        f"exact match at 8×: TRSP {mean('trsp', at)} % vs base {mean('base', at)} % (at 1×: TRSP {mean('trsp', 1)} %, "
        f"base {mean('base', 1)} %); side path's learned gain at 8× per layer: {_side_path(run)}"
    )
    blocked = precondition_fails(run)
    if blocked:
        return open_evidence(
            f"{blocked}. Measured ({_count(run)}, descriptive): {levels}; recovered fraction {fmt(f.estimate)}, "
            f"log-odds difference {fmt(lo.estimate)}. {PAPER_ROW}",
            method=METHOD,
            ranges=scale_ranges(run),
            data=_descriptive(data),
        )
    text = (
        f"{what} at {scale(run)} ({len(seeds)} pairs): {levels}. Direction rule: {d.text()} ({d.verdict}). "
        f"{f.text()}. {lo.text()}. {eq.text()}. {PAPER_ROW}"
    )
    if len(seeds) < planned_pairs(run):
        return open_evidence(
            f"{_interim(run, len(seeds))}: {text}. The smallest difference detectable at 80 % power with these pairs: "
            f"{fmt(d.detectable)} points",
            method=METHOD,
            ranges=scale_ranges(run),
            data=data,
        )
    pair = {f.verdict, lo.verdict} if f.verdict != "not applicable" else {lo.verdict}
    if pair == {"supported"}:
        return Evidence(
            Status.VERIFIED,
            METHOD,
            f"the paper's effect size is supported at {scale(run)}: {text}",
            ranges=scale_ranges(run),
            data=data,
        )
    if pair == {"refuted"}:
        return Evidence(
            Status.REFUTED,
            METHOD,
            f"the paper's effect size is refuted at {scale(run)}: {text}",
            ranges=scale_ranges(run),
            data=data,
            counterexample=jsonable({"recovered_fraction": f.to_json(), "log_odds": lo.to_json()}),
        )
    return open_evidence(
        f"{text}. Not decided at {scale(run)}: the bounds of the two measures do not agree on a side of the margins; "
        f"the smallest difference detectable at 80 % power: {fmt(d.detectable)} points",
        method=METHOD,
        ranges=scale_ranges(run),
        data=data,
    )


def diagnostic_rule(run, key: str, what: str, paper: str) -> Evidence:
    """The rule of one Fig. 4 (a–d) diagnostic: its cells of the Holm-adjusted family (4 diagnostics × the ratios);
    VERIFIED when every ratio is supported, REFUTED when one is refuted, OPEN otherwise with each cell's detectable
    effect."""
    from specproof.runs.train import statistics as st

    few = _too_few(run, what)
    if few is not None:
        return few
    fam = diagnostic_family(run)
    ratios = sorted(r for k, r in fam if k == key)
    n = len(paired_seeds(run))
    cells = {r: fam[(key, r)] for r in ratios}
    data = jsonable(
        {
            "scale": scale(run),
            "seeds": paired_seeds(run),
            "planned_pairs": planned_pairs(run),
            "family_tests": len(fam),
            **{f"{r}x": d.to_json() for r, d in cells.items()},
        }
    )
    need = st.holm_min_pairs(len(fam))
    holm = f"Holm's adjustment over the {len(fam)} tests ({len(DIAGNOSTIC_SIDES)} diagnostics × {len(ratios)} ratios)"
    if n < need:
        holm += (
            f"; with {n} pairs the smallest adjusted exact p is {len(fam)}·2/2^{n} = {fmt(min(1.0, len(fam) * 2 / 2**n))}"
            f", so the family cannot reject at 5 % (it needs {need} pairs)"
        )
    parts = "; ".join(f"{r}×: {d.text()} ({d.verdict})" for r, d in cells.items())
    text = f"{what} at {scale(run)}, TRSP − base paired by seed, exact p-values after {holm}: {parts}. Paper: {paper}"
    blocked = precondition_fails(run)
    if blocked:
        means = "; ".join(f"{r}×: mean paired difference {fmt(d.effect)}" for r, d in cells.items())
        return open_evidence(
            f"{blocked}. Measured ({_count(run)}, descriptive): {what}: {means}. Paper: {paper}",
            method=METHOD,
            ranges=scale_ranges(run),
            data=_descriptive(data),
        )
    if n < planned_pairs(run):
        return open_evidence(f"{_interim(run, n)}: {text}", method=METHOD, ranges=scale_ranges(run), data=data)
    verdicts = {r: d.verdict for r, d in cells.items()}
    if "refuted" in verdicts.values():
        at = [r for r, v in verdicts.items() if v == "refuted"]
        return Evidence(
            Status.REFUTED,
            METHOD,
            f"{text}. Refuted at {scale(run)} at {', '.join(f'{r}×' for r in at)}",
            ranges=scale_ranges(run),
            data=data,
            counterexample={f"{r}x": data[f"{r}x"] for r in at},
        )
    if all(v == "supported" for v in verdicts.values()):
        return Evidence(
            Status.VERIFIED,
            METHOD,
            f"Supported at {scale(run)} at every ratio: {text}",
            ranges=scale_ranges(run),
            data=data,
        )
    return open_evidence(
        f"{text}. Not decided at every ratio at {scale(run)}", method=METHOD, ranges=scale_ranges(run), data=data
    )


def mechanism_rule(run, what: str = "TRSP as trained against base under its best plain length fix, at 8×,") -> Evidence:
    """What 8× measures: TRSP (as trained) against base under base's best plain length fix (chosen on base's mean
    alone), by the direction rule. VERIFIED: a gain beyond every plain length fix (the paper's mechanism at this
    scale); REFUTED: a plain fix gives base more than TRSP has; OPEN otherwise with the detectable effect."""
    from specproof.runs.train import task_run as trn
    from specproof.runs.train.statistics import Decision

    few = _too_few(run, what.rstrip(","))
    if few is not None:
        return few
    c = length_controls(run)
    blocked = precondition_fails(run)
    if "missing" in c:
        text = f"{what} at {scale(run)}: {c['missing']} (seeds with the controls: {c['seeds'] or 'none'})"
        return open_evidence(
            f"{blocked}. {text}" if blocked else text,
            method=METHOD,
            ranges=scale_ranges(run),
            data=jsonable({"scale": scale(run), "seeds": c["seeds"], "gains_by_layer": gains_by_layer(run)}),
        )
    b = c["beyond_fixes"]
    d = Decision(**{k: b[k] for k in Decision.__dataclass_fields__})
    n = len(c["seeds"])
    data = jsonable({**c, "planned_pairs": planned_pairs(run), "gains_by_layer": gains_by_layer(run)})
    names = {"as trained": "as trained", **{k: k.replace("_", " ") for k in trn.CONTROLS}}
    acc = "; ".join(
        f"{'TRSP' if a == 'trsp' else a}: "
        + ", ".join(f"{names[k]} {fmt(float(np.mean(v)))} %" for k, v in c["accuracy"][a].items())
        for a in ("base", "trsp")
    )
    h = c["retrieving_head_entropy"]
    ent = (
        "; ".join(
            f"{'TRSP' if a == 'trsp' else a} {fmt(float(np.mean(h[a]['as trained'])))} nats" for a in ("base", "trsp")
        )
        + f" (uniform {fmt(float(np.mean(h['base']['uniform'])))})"
    )
    text = (
        f"{what} at {scale(run)} ({n} pairs with the controls): accuracy at 8× ({acc}); base's best fix, chosen on "
        f"base's mean alone: {names[b['reference']]} ({fmt(b['means'][b['reference']])} %); TRSP − base under it: "
        f"{d.text()} ({d.verdict}). Retrieving head's entropy at the answer at 8×: {ent}. The side path's learned gain "
        f"at 8× per layer: {_side_path(run)}"
    )
    if blocked:
        return open_evidence(
            f"{blocked}. Measured ({_count(run, n)}, descriptive): {what}: TRSP {fmt(b['trsp_mean'])} % vs base "
            f"under {names[b['reference']]} {fmt(b['means'][b['reference']])} % ({acc})",
            method=METHOD,
            ranges=scale_ranges(run),
            data=_descriptive(data),
        )
    if n < planned_pairs(run):
        return open_evidence(f"{_interim(run, n)}: {text}", method=METHOD, ranges=scale_ranges(run), data=data)
    if d.verdict == "supported":
        return Evidence(
            Status.VERIFIED,
            METHOD,
            f"TRSP's gain lies beyond every plain length fix at {scale(run)} (the paper's mechanism at this scale): {text}",
            ranges=scale_ranges(run),
            data=data,
        )
    if d.verdict == "refuted":
        return Evidence(
            Status.REFUTED,
            METHOD,
            f"a plain length fix gives base more than TRSP has at {scale(run)} (TRSP's gain, if any, is no more than "
            f"a length fix): {text}",
            ranges=scale_ranges(run),
            data=data,
            counterexample=jsonable(
                {
                    "reference": b["reference"],
                    "base_under_reference": b["means"][b["reference"]],
                    "trsp_as_trained": b["trsp_mean"],
                    **{k: b[k] for k in ("n", "effect", "low", "high", "p")},
                }
            ),
        )
    return open_evidence(
        f"{text}. Not decided at {scale(run)}; the smallest difference detectable at 80 % power: "
        f"{fmt(d.detectable)} points",
        method=METHOD,
        ranges=scale_ranges(run),
        data=data,
    )


def _seed_count(arm: dict) -> str:
    return f"{len(arm['met'])}/{len(arm['met']) + len(arm['not'])}"


def first_form(before) -> tuple[str, dict]:
    """The first form's or recipe's counts (config hop beside hop-shared, mqar-deep beside mqar-deep2), put beside the
    judged config's, not judged: (text, data)."""
    from specproof.runs.train import task_run as trn

    B = learnability(before)
    form = "form" if trn.CONFIGS[before.config].task == "hop" else "recipe"
    return (
        f"The first {form} (config {before.config}, {B['scale']}): base {_seed_count(B['arms']['base'])}, TRSP "
        f"{_seed_count(B['arms']['trsp'])} at {fmt(100 * LEARNED)} %, Fisher p = {fmt(B['fisher_p'])}",
        jsonable(B),
    )


def learnability_rule(run, before=None) -> Evidence:
    """Learnability as an outcome: VERIFIED when every planned seed of base and of TRSP reaches LEARNED at 1×,
    REFUTED when a committed seed of either arm is below it (a statement about every seed: one completed seed below
    breaks it, whatever the seeds still to come give), OPEN while the committed seeds all meet it but fewer than the
    planned ones exist. ``before``: the first form's run, whose counts are put beside (not judged)."""
    L = learnability(run)
    arms, p = L["arms"], L["fisher_p"]
    N = planned_pairs(run)
    count = _seed_count
    text = (
        f"at {scale(run)}, seeds reaching {fmt(100 * LEARNED)} % exact match at 1×: base {count(arms['base'])}, TRSP "
        f"{count(arms['trsp'])} ({N} planned per arm); Fisher's exact test (two-sided) of the two arms' counts: "
        f"p = {fmt(p)}"
    )
    data = {"scale": scale(run), "planned": N, **jsonable(L)}
    if before is not None:
        first, data["first_form"] = first_form(before)
        text += f". {first}"
    low = {
        n: {s: a for s, a in run.values(n, 1, lambda e: e["accuracy"]).items() if a < LEARNED} for n in ("base", "trsp")
    }
    if any(low.values()):
        return Evidence(
            Status.REFUTED,
            METHOD,
            f"not every seed learns the task at {scale(run)}: {text}. Below: "
            + "; ".join(
                f"{'TRSP' if n == 'trsp' else n} seeds {', '.join(f'{s} ({fmt(100 * a)} %)' for s, a in b.items())}"
                for n, b in low.items()
                if b
            ),
            ranges=scale_ranges(run),
            data=data,
            counterexample={n: {str(s): a for s, a in b.items()} for n, b in low.items() if b},
        )
    have = min(len(arms[n]["met"]) for n in ("base", "trsp"))
    if have < N:
        return open_evidence(
            f"{have} of the {N} planned seeds per arm are committed at {scale(run)}"
            + (", every one of them at the precondition" if have else "")
            + f": the verdict waits for all {N}. So far, {text}",
            method=METHOD,
            ranges=scale_ranges(run),
            data=data,
        )
    return Evidence(
        Status.VERIFIED, METHOD, f"every seed of both arms learns the task {text}", ranges=scale_ranges(run), data=data
    )
