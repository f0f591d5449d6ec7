"""The task-level trained figures of the gallery: the decoders of :mod:`specproof.runs.train.task_run` trained until
they solve the task at 1× (the committed ``mqar`` rows, `data/trained-tasks.jsonl`), then measured at 1×, 2×, 4×, 8×.

- ``trained-tasks-diagnostics``: TRSP Fig. 4 (a–d) on those rows: the layer-averaged stable rank, SPR, spectral
  flatness and anisotropy against the ratio, mean over seeds with the seed range as a band and the 95 % bootstrap
  interval of the mean as error bars.
- ``trained-tasks-accuracy``: Fig. 4e / Table 2: exact-match accuracy against the ratio (every seed a dot, the mean
  with its bootstrap interval, the paper's accuracies at their own ratios); TRSP − base paired by seed with the
  interval and the verdict of the pre-stated rule (:func:`specproof.runs.train.statistics.paired`); and the learning
  curves the rows carry (held-out exact match at T and the training loss on the answer tokens against the step, one
  line per seed).

``--quick`` trains the tiny task config in memory (seconds, two seeds) and draws the same panels from it.
"""

from __future__ import annotations

import functools
from typing import Callable, cast

import numpy as np

DIAGNOSTICS = ("stable_rank", "spr", "flatness", "anisotropy")
LABELS = {
    "stable_rank": "stable rank",
    "spr": "SPR",
    "flatness": "spectral flatness",
    "anisotropy": "anisotropy",
    "accuracy": "exact-match accuracy (%)",
}


def _layer_mean(e: dict, key: str) -> float:
    return e["layer_mean"][key]


READERS: dict[str, Callable[[dict], float]] = {
    **{key: functools.partial(_layer_mean, key=key) for key in DIAGNOSTICS},
    "accuracy": lambda e: 100 * e["accuracy"],
}


def _summary(values: list[float]) -> dict:
    from specproof.runs.train.statistics import mean_interval

    low, high = mean_interval(values)
    return {"seeds": values, "mean": float(np.mean(values)), "min": min(values), "max": max(values), "ci": [low, high]}


def _task_data(run, config, spec: dict, quick: bool) -> dict:
    """A figure's data from a run given to it (the same for a quick run)."""
    return _data(spec)(run, config, **_kwargs(spec))


def task_data(run, config=None, names=None, against: str = "base", sides=None) -> dict:
    """Per variant and ratio, each seed's value of every measure with its mean, range and bootstrap interval; each
    other variant against ``against`` (base), paired by seed, on accuracy (the paper's side per variant in ``sides``,
    default "greater"); the learning curves; the paper's accuracies. ``config``: the run's TaskConfig (default: the
    named one of task_run.CONFIGS); ``names``: the variants drawn (default: every variant of the run)."""
    from specproof.render.figures.trained import paper_accuracy
    from specproof.runs.train import task_run as trn
    from specproof.runs.train.statistics import paired

    config = trn.CONFIGS[run.config] if config is None else config
    ratios = list(config.ratios)
    variants: dict = {}
    versus: dict = {}
    curves: dict = {}
    for name, seeds in run.variants.items():
        if names is not None and name not in names:
            continue
        variants[name] = {
            key: {str(r): _summary(list(run.values(name, r, read).values())) for r in ratios}
            for key, read in READERS.items()
        }
        curves[name] = {str(s): row["train"]["curve"] for s, row in sorted(seeds.items())}
        if name != against and against in run.variants:
            versus[name] = {}
            for r in ratios:
                common, a, b = run.paired(name, against, r, READERS["accuracy"])
                if len(common) >= 2:
                    side = (sides or {}).get(name, "greater")
                    versus[name][str(r)] = {"seeds": common, **paired(a, b, side).to_json()}
    return {
        "config": config.name,
        "T": config.T,
        "steps": config.steps,
        "curve_n": config.curve_n,
        "eval_n": config.eval_n,
        "ratios": ratios,
        "variants": variants,
        f"versus_{against}": versus,
        "curves": curves,
        "paper": paper_accuracy(),
    }


def _x(d) -> list[int]:
    return [int(r) for r in d["ratios"]]


def _mean_band_interval(sub, x, per_ratio: dict, label: str, offset: float = 1.0):
    """Mean line, seed-range band and the bootstrap interval of the mean as error bars (x nudged by ``offset``, a
    factor on the log axis, so two variants' bars do not hide each other)."""
    cells = [per_ratio[str(r)] for r in x]
    mean = np.array([c["mean"] for c in cells])
    low, high = np.array([c["ci"][0] for c in cells]), np.array([c["ci"][1] for c in cells])
    xs = np.array(x, float) * offset
    (line,) = sub.plot(xs, mean, "o-", ms=2.5, lw=1, label=label)
    sub.fill_between(xs, [c["min"] for c in cells], [c["max"] for c in cells], color=line.get_color(), alpha=0.15, lw=0)
    sub.errorbar(xs, mean, yerr=[mean - low, high - mean], fmt="none", ecolor=line.get_color(), elinewidth=1, capsize=2)
    return line


def _ratio_axis(sub, ticks):
    sub.set_xscale("log", base=2)
    sub.set_xticks(ticks, [f"{r}×" for r in ticks])
    sub.tick_params(labelsize=6)
    sub.grid(True, alpha=0.25)


def _offsets(n: int, spread: float = 0.06) -> list[float]:
    return [2 ** (spread * (i - (n - 1) / 2)) for i in range(n)]


def draw_task_diagnostics(d, ax):
    """Fig. 4 (a–d) on the task-level run: mean over seeds, band = seed range, bars = 95 % bootstrap interval."""
    ax.set_axis_off()
    x = _x(d)
    boxes = [(0.0, 0.52), (0.5, 0.52), (0.0, 0.0), (0.5, 0.0)]
    handles = []
    names = list(d["variants"])
    for n, (key, (x0, y0)) in enumerate(zip(DIAGNOSTICS, boxes)):
        sub = ax.inset_axes([x0 + 0.07, y0 + 0.08, 0.36, 0.36])
        handles = [
            _mean_band_interval(sub, x, d["variants"][name][key], name, off)
            for name, off in zip(names, _offsets(len(names)))
        ]
        _ratio_axis(sub, x)
        sub.set_title(f"({'abcd'[n]}) {LABELS[key]}, layer mean", fontsize=7)
    ax.legend(
        handles,
        [h.get_label() for h in handles],
        fontsize=6,
        loc="upper center",
        bbox_to_anchor=(0.5, 0.06),
        ncol=len(handles),
        title=f"{d['config']} (T = {d['T']}): mean over seeds, band = seed range, bars = 95 % BCa interval",
        title_fontsize=6,
        frameon=False,
    )


def _paired_panel(sub, x, versus: dict, colors: dict, against: str, annotate=None, spread: float = 0.06) -> None:
    """Each variant − ``against`` per ratio: the paired mean difference with its 95 % BCa interval and the rule's
    verdict (on the paper's side of that variant) above each bar (at the ratios in ``annotate``; default all)."""
    sub.axhline(0, color="k", lw=0.7)
    for name, off in zip(versus, _offsets(len(versus), spread)):
        cells = versus[name]
        rs = [r for r in x if str(r) in cells]
        eff = np.array([cells[str(r)]["effect"] for r in rs])
        low = np.array([cells[str(r)]["low"] for r in rs])
        high = np.array([cells[str(r)]["high"] for r in rs])
        sub.errorbar(
            np.array(rs, float) * off,
            eff,
            yerr=[eff - low, high - eff],
            fmt="o",
            ms=3,
            capsize=2,
            color=colors.get(name),
            label=f"{name} − {against}",
        )
        for r, e, h in zip(rs, eff, high):
            if annotate is not None and r not in annotate:
                continue
            c = cells[str(r)]
            sub.annotate(
                f"{c['verdict']}\np = {c['p']:.2g}", (r * off, h), xytext=(0, 2), textcoords="offset points",
                ha="center", va="bottom", fontsize=4.5,
            )  # fmt: skip
    _ratio_axis(sub, x)
    bottom, top = sub.get_ylim()
    sub.set_ylim(bottom, top + 0.3 * (top - bottom))  # room for the verdicts above the bars
    sub.legend(fontsize=5, loc="lower left")


def draw_task_accuracy(d, ax):
    """Fig. 4e / Table 2 on the task-level run, the paired difference against base with the rule's verdict, and the
    learning curves."""
    from specproof.render.figures.trained import draw_paper_accuracy

    ax.set_axis_off()
    x = _x(d)
    names = list(d["variants"])
    # (e) accuracy against the ratio
    sub = ax.inset_axes([0.06, 0.57, 0.4, 0.36])
    handles = []
    rng = np.random.default_rng(0)  # the dots' jitter only
    for name, off in zip(names, _offsets(len(names))):
        line = _mean_band_interval(sub, x, d["variants"][name]["accuracy"], name, off)
        handles.append(line)
        for r in x:
            seeds = d["variants"][name]["accuracy"][str(r)]["seeds"]
            jitter = off * 2 ** rng.uniform(-0.03, 0.03, len(seeds))
            sub.plot(r * jitter, seeds, ".", ms=2, color=line.get_color(), alpha=0.6)
    colors = {h.get_label(): h.get_color() for h in handles}
    at, extra = draw_paper_accuracy(sub, d["paper"], colors)
    _ratio_axis(sub, sorted(set(x) | set(at)))
    sub.set_title("(e) exact-match accuracy (%) on held-out instances", fontsize=7)
    # (f) each variant against base, paired by seed
    sub = ax.inset_axes([0.56, 0.57, 0.4, 0.36])
    _paired_panel(sub, x, d["versus_base"], colors, "base")
    sub.set_title("(f) accuracy, variant − base, paired by seed (95 % BCa)", fontsize=7)
    # (g, h) learning curves: held-out accuracy at T and training loss against the step, one line per seed
    for n, (k, title) in enumerate(
        ((2, f"(g) held-out exact match at T = {d['T']} (%)"), (1, "(h) training loss on the answer tokens"))
    ):
        sub = ax.inset_axes([0.06 + 0.5 * n, 0.13, 0.4, 0.3])
        for name in names:
            for i, curve in enumerate(d["curves"][name].values()):
                c = np.array(curve, float)
                if c.size:
                    y = 100 * c[:, k] if k == 2 else c[:, k]
                    sub.plot(c[:, 0], y, lw=0.8, alpha=0.7, color=colors[name], label=name if i == 0 else None)
        if k == 2:
            sub.axhline(95, color="grey", lw=0.7, ls="--", label="95 % (the precondition)")
        else:
            sub.set_yscale("log")
        sub.tick_params(which="both", labelsize=6)  # a log axis over a short range labels its minor ticks too
        sub.grid(True, alpha=0.25)
        sub.set_xlabel("step", fontsize=6)
        sub.set_title(title, fontsize=7)
        if k == 2:
            sub.legend(fontsize=5, loc="lower right")
    ax.legend(
        handles + [h for h, _ in extra],
        [h.get_label() for h in handles] + [t.replace("\n", " ") for _, t in extra],
        fontsize=5,
        loc="upper center",
        bbox_to_anchor=(0.5, 0.03),
        ncol=len(handles) + 1,
        frameon=False,
        title=(
            f"{d['config']}: {d['eval_n']} held-out instances per ratio; (e) dots = seeds, line = mean, band = seed "
            f"range, bars = 95 % BCa interval; (g, h) one line per seed, every {d['curve_n']}-instance evaluation"
        ),
        title_fontsize=5,
    )


def controls_data(run, config=None, names=("base", "trsp")) -> dict:
    """What 8× measures, per variant and ratio over the seeds that have it: accuracy as trained and under each plain
    length fix (RoPE position interpolation, log-length scaling), accuracy by query–needle distance (units of T) at the
    largest ratio, the retrieving head's attention entropy at the answer (as trained and under each fix, with the
    uniform row's), and the side path's learned gain g(kT, b) per layer."""
    from specproof.runs.train import task_run as trn

    config = trn.CONFIGS[run.config] if config is None else config
    ratios = list(config.ratios)
    fixes = list(trn.CONTROLS)
    out = {"config": config.name, "scale": trn.scale(config), "T": config.T, "ratios": ratios, "fixes": fixes}
    variants = {}
    for name in names:
        rows = [row for _, row in sorted(run.variants.get(name, {}).items()) if not trn.needs_controls(row)]
        if rows:
            variants[name] = _variant_controls(rows, ratios, fixes)
    out["variants"] = variants
    return out


def _variant_controls(rows: list[dict], ratios: list, fixes: list[str]) -> dict:
    """One variant's measures over its seeds' rows (see :func:`controls_data`)."""
    v: dict = {"seeds": len(rows), "accuracy": {}, "entropy": {}, "gains": {}}
    for mode in ["as trained", *fixes]:
        v["accuracy"][mode], v["entropy"][mode] = _under_mode(rows, ratios, mode)
    v["uniform_entropy"] = [
        float(np.mean([row["eval"][str(r)]["attention"]["uniform_entropy"] for row in rows])) for r in ratios
    ]
    v["distance"] = _accuracy_by_distance([row["eval"][str(ratios[-1])]["accuracy_by_distance"] for row in rows])
    if rows[0]["eval"][str(ratios[0])].get("gains"):
        for r in ratios:
            v["gains"][str(r)] = _gains_per_layer(rows, str(r))
    return v


def _under_mode(rows: list[dict], ratios: list, mode: str) -> tuple[list[dict], list[dict]]:
    """Per ratio, the exact match (%) and the retrieving head's entropy at the answer, as trained or under one fix
    (at the first ratio, 1×, a fix changes nothing: the trained cell)."""
    acc, ent = [], []
    for r in ratios:
        trained = mode == "as trained" or r == ratios[0]
        cells = [row["eval"][str(r)] if trained else row["eval"][str(r)]["controls"][mode] for row in rows]
        heads = [
            row["eval"][str(r)]["retrieving_head"]
            if trained
            else row["eval"][str(r)]["retrieving_head"]["controls"][mode]
            for row in rows
        ]
        acc.append(_summary([100 * c["accuracy"] for c in cells]))
        ent.append(_summary([h["entropy"] for h in heads]))
    return acc, ent


def _accuracy_by_distance(dist: list[dict]) -> dict:
    """The seeds' accuracy by query–needle distance pooled per bin (weighted by the bin's questions; None for an
    empty bin), with the bins' edges and counts."""
    bins = range(len(dist[0]["count"]))
    return {
        "edges": dist[0]["edges"],
        "accuracy": [
            None
            if not any(d["count"][i] for d in dist)
            else 100 * sum((d["accuracy"][i] or 0) * d["count"][i] for d in dist) / sum(d["count"][i] for d in dist)
            for i in bins
        ],
        "count": [sum(d["count"][i] for d in dist) for i in bins],
    }


def _gains_per_layer(rows: list[dict], r: str) -> dict:
    """At one ratio, each layer's bandwidths and the mean, min and max over the seeds of its summed gain (None for a
    layer without a side path)."""
    per_layer = [[g for _, g in layer] for layer in rows[0]["eval"][r]["gains"]]
    bands = [[b for b, _ in layer] for layer in rows[0]["eval"][r]["gains"]]
    values = [[[g for _, g in layer] for layer in row["eval"][r]["gains"]] for row in rows]

    def over_seeds(reduce) -> list[float | None]:
        return [float(reduce([sum(x[i]) for x in values])) if per_layer[i] else None for i in range(len(per_layer))]

    return {"bandwidths": bands, "mean": over_seeds(np.mean), "min": over_seeds(np.min), "max": over_seeds(np.max)}


_MODE_STYLES = {"as trained": "-", "position_interpolation": "--", "log_length_scaling": ":"}
_MODE_WORDS = {
    "as trained": "as trained",
    "position_interpolation": "RoPE ÷ k",
    "log_length_scaling": "log-length scaling",
}
_VARIANT_COLORS = {"base": "C0", "trsp": "C1"}


def draw_task_controls(d, ax):
    """(a) the learned side-path gain per layer at each ratio; (b) accuracy against the ratio as trained and under each
    plain length fix; (c) accuracy by query–needle distance at the largest ratio; (d) the retrieving head's attention
    entropy at the answer."""
    ax.set_axis_off()
    _draw_gains(d, ax.inset_axes([0.07, 0.6, 0.38, 0.31]))
    _draw_controls_accuracy(d, ax.inset_axes([0.56, 0.57, 0.4, 0.34]))
    _draw_distance(d, ax.inset_axes([0.07, 0.12, 0.38, 0.32]))
    _draw_entropy(d, ax.inset_axes([0.56, 0.12, 0.4, 0.32]))
    ax.text(
        0.5, 0.0,
        f"{d['config']} ({d['scale']}): what 8× measures; the retrieving head is the (layer, head) with the most "
        "attention on the needle at 1×; seeds: " + ", ".join(f"{n} {v['seeds']}" for n, v in d["variants"].items()),
        ha="center", va="bottom", fontsize=5, transform=ax.transAxes,
    )  # fmt: skip


def _draw_gains(d: dict, sub) -> None:
    """(a) TRSP's learned gain per layer, one line per ratio (band: the seeds' range)."""
    from matplotlib import colormaps

    x = d["ratios"]
    trsp = d["variants"].get("trsp", {})
    cmap = colormaps["viridis"]
    ticks: dict = {}
    for i, r in enumerate(x):
        g = trsp.get("gains", {}).get(str(r))
        if not g:
            continue
        layers = [ell for ell, m in enumerate(g["mean"]) if m is not None]
        color = cmap(i / max(1, len(x) - 1))
        sub.plot(layers, [g["mean"][ell] for ell in layers], "o-", ms=2.5, lw=1, color=color, label=f"{r}×")
        low, high = [g["min"][ell] for ell in layers], [g["max"][ell] for ell in layers]
        sub.fill_between(layers, low, high, color=color, alpha=0.15, lw=0)
        ticks = {ell: g["bandwidths"][ell][0] for ell in layers}  # the largest ratio's bandwidths label the axis
    sub.set_xticks(list(ticks), [f"{ell}\nb={b}" for ell, b in ticks.items()])
    sub.set_yscale("log")
    sub.tick_params(which="both", labelsize=5)
    sub.grid(True, alpha=0.25)
    sub.legend(fontsize=5, title="ratio", title_fontsize=5)
    sub.set_title(f"(a) TRSP's learned gain g(kT, b_ℓ) per layer ℓ (b_ℓ at {x[-1]}×)", fontsize=7)


def _draw_controls_accuracy(d, sub):
    """(b) exact match against the ratio, as trained and under each fix (bars: the 95 % interval)."""
    x = d["ratios"]
    for name, v in d["variants"].items():
        for mode, cells in v["accuracy"].items():
            mean = [c["mean"] for c in cells]
            low = [c["mean"] - c["ci"][0] for c in cells]
            high = [c["ci"][1] - c["mean"] for c in cells]
            sub.errorbar(
                x,
                mean,
                yerr=[low, high],
                ls=_MODE_STYLES[mode],
                marker="o",
                ms=2,
                lw=1,
                capsize=1.5,
                color=_VARIANT_COLORS.get(name),
                label=f"{name}, {_MODE_WORDS[mode]}",
            )
    _ratio_axis(sub, x)
    sub.set_title("(b) exact match (%), as trained and under each fix", fontsize=7)
    sub.legend(fontsize=4.5, ncol=2)


def _draw_distance(d, sub):
    """(c) exact match by query–needle distance at the largest ratio (dashed: the training length)."""
    x = d["ratios"]
    for name, v in d["variants"].items():
        e = v["distance"]["edges"]
        mids = [(a + b) / 2 for a, b in zip(e[:-1], e[1:])]
        acc = v["distance"]["accuracy"]
        keep = [i for i, a in enumerate(acc) if a is not None]
        sub.plot(
            [mids[i] for i in keep],
            [acc[i] for i in keep],
            "o-",
            ms=2.5,
            lw=1,
            color=_VARIANT_COLORS.get(name),
            label=name,
        )
    sub.axvline(1, color="grey", lw=0.7, ls="--")
    sub.set_xscale("log", base=2)
    sub.set_xlabel("query–needle distance (units of the training length T)", fontsize=6)
    sub.tick_params(labelsize=6)
    sub.grid(True, alpha=0.25)
    sub.legend(fontsize=5)
    sub.set_title(f"(c) exact match (%) by distance at {x[-1]}× (dashed: T)", fontsize=7)


def _draw_entropy(d, sub):
    """(d) the retrieving head's attention entropy at the answer, beside the uniform causal row's."""
    x = d["ratios"]
    for name, v in d["variants"].items():
        for mode, cells in v["entropy"].items():
            sub.plot(
                x,
                [c["mean"] for c in cells],
                ls=_MODE_STYLES[mode],
                marker="o",
                ms=2,
                lw=1,
                color=_VARIANT_COLORS.get(name),
                label=f"{name}, {_MODE_WORDS[mode]}",
            )
    first = next(iter(d["variants"].values()), None)
    if first:
        sub.plot(x, first["uniform_entropy"], color="grey", lw=0.8, ls="-.", label="uniform row, log(t + 1)")
    _ratio_axis(sub, x)
    sub.set_title("(d) retrieving head: attention entropy at the answer (nats)", fontsize=7)
    sub.legend(fontsize=4.5, ncol=2)


ABLATIONS = ("static-gate", "no-dyadic", "box-kernel", "dense-full-sweep")  # TRSP §5.2, Table 4


def table4_sides() -> dict:
    """Each ablation's side against TRSP as Table 4's MMLU ranks it: "less" (below TRSP) or "greater"."""
    from specproof.runs.train.harness import PAPER

    mmlu = cast(dict, PAPER["table4_mmlu"])
    return {a: "greater" if mmlu[a] > mmlu["trsp"] else "less" for a in ABLATIONS}


def draw_task_ablations(d, ax):
    """Table 4 at the task level: accuracy against the ratio for TRSP and each §5.2 ablation, and each ablation −
    TRSP paired by seed with the rule's verdict on Table 4's side."""
    from specproof.runs.train.harness import PAPER

    ax.set_axis_off()
    x = _x(d)
    names = list(d["variants"])
    sub = ax.inset_axes([0.07, 0.2, 0.4, 0.7])
    handles = [
        _mean_band_interval(sub, x, d["variants"][name]["accuracy"], name, off)
        for name, off in zip(names, _offsets(len(names)))
    ]
    _ratio_axis(sub, x)
    sub.set_title("exact-match accuracy (%),\nheld-out instances", fontsize=7)
    colors = {h.get_label(): h.get_color() for h in handles}
    sub = ax.inset_axes([0.56, 0.2, 0.4, 0.7])
    _paired_panel(sub, x, d["versus_trsp"], colors, "trsp", annotate=(), spread=0.12)
    last = str(x[-1])
    handles_f, labels_f = sub.get_legend_handles_labels()
    sub.legend(
        handles_f,
        [
            f"{lab}: {d['versus_trsp'][name][last]['verdict']} (p = {d['versus_trsp'][name][last]['p']:.2g})"
            for lab, name in zip(labels_f, d["versus_trsp"])
        ],
        fontsize=5,
        loc="upper left",
    )
    sub.set_title(f"ablation − TRSP, paired by seed (95 % BCa);\nverdict on Table 4's side at {x[-1]}×", fontsize=7)
    mmlu = cast(dict, PAPER["table4_mmlu"])
    ax.legend(
        handles,
        [f"{h.get_label()} (Table 4 MMLU {mmlu[h.get_label()]} %)" for h in handles],
        fontsize=5,
        loc="upper center",
        bbox_to_anchor=(0.5, 0.1),
        ncol=3,
        frameon=False,
        title=(
            f"{d['config']} (T = {d['T']}): mean over seeds, band = seed range, bars = 95 % BCa interval; "
            "Table 4 ranks dense > TRSP > b_ℓ = T > box kernel > static gate"
        ),
        title_fontsize=5,
    )


# name, draw, title, claims, which variants (None: every one the run has) and against which the pairs are read
FIGURES = (
    (
        "trained-tasks-diagnostics",
        draw_task_diagnostics,
        "Trained to solve the task at 1×, TRSP Fig. 4 (a–d) analogue: the four diagnostics against the context ratio",
        ("trsp.trained.stable-rank", "trsp.trained.spr", "trsp.trained.flatness", "trsp.trained.anisotropy"),
        {"names": ("base", "trsp")},
    ),
    (
        "trained-tasks-accuracy",
        draw_task_accuracy,
        "Trained to solve the task at 1×, TRSP Fig. 4e / Table 2 analogue: accuracy against the ratio, learning curves",
        ("trsp.trained.retrieval",),
        {"names": ("base", "trsp")},
    ),
    (
        "trained-deep-diagnostics",
        draw_task_diagnostics,
        "Deep enough for the side path to act (D = 9, T = 32: the top band covers 8×), TRSP Fig. 4 (a–d) analogue",
        (
            "trsp.trained.deep.stable-rank",
            "trsp.trained.deep.spr",
            "trsp.trained.deep.flatness",
            "trsp.trained.deep.anisotropy",
        ),
        {"names": ("base", "trsp"), "config": "mqar-deep2"},
    ),
    (
        "trained-deep-accuracy",
        draw_task_accuracy,
        "Deep enough for the side path to act (D = 9, T = 32), TRSP Fig. 4e / Table 2 analogue: accuracy against the "
        "ratio, learning curves",
        ("trsp.trained.deep.retrieval",),
        {"names": ("base", "trsp"), "config": "mqar-deep2"},
    ),
    (
        "trained-deep-controls",
        draw_task_controls,
        "What 8× measures at D = 9, T = 32: the learned gain per layer, the plain length fixes, distance, entropy",
        ("trsp.trained.deep.mechanism",),
        {"names": ("base", "trsp"), "config": "mqar-deep2", "data": "controls"},
    ),
    (
        "trained-tasks-controls",
        draw_task_controls,
        "What 8× measures at D = 2, T = 64: the learned gain per layer, the plain length fixes, distance, entropy",
        ("trsp.trained.mechanism",),
        {"names": ("base", "trsp"), "data": "controls"},
    ),
    (
        "trained-hop-diagnostics",
        draw_task_diagnostics,
        "Trained on the NoLiMa-style two-hop task, TRSP Fig. 4 (a–d) analogue: the four diagnostics against the ratio",
        (
            "trsp.trained.hop.stable-rank",
            "trsp.trained.hop.spr",
            "trsp.trained.hop.flatness",
            "trsp.trained.hop.anisotropy",
        ),
        {"names": ("base", "trsp"), "config": "hop-shared"},
    ),
    (
        "trained-hop-accuracy",
        draw_task_accuracy,
        "Trained on the NoLiMa-style two-hop task, TRSP Fig. 4e / Table 2 analogue: accuracy against the ratio, "
        "learning curves",
        ("trsp.trained.hop.retrieval", "trsp.trained.hop.learnability"),
        {"names": ("base", "trsp"), "config": "hop-shared"},
    ),
    (
        "trained-tasks-ablations",
        draw_task_ablations,
        "Trained to solve the task at 1×, TRSP Table 4 analogue: each §5.2 ablation against TRSP at 1×–8×",
        ("trsp.trained.ablations.task",),
        {"names": ("trsp", *ABLATIONS), "against": "trsp", "sides": "table4"},
    ),
)


def _kwargs(spec: dict) -> dict:
    spec = {
        k: v for k, v in spec.items() if k not in ("config", "data")
    }  # _gallery_run's and _compute's, not the data's
    return {**spec, "sides": table4_sides()} if spec.get("sides") == "table4" else spec


def _data(spec: dict):
    return controls_data if spec.get("data") == "controls" else task_data


def write_figures(run, config, outdir) -> list:
    """The task-level figures of a run (any TaskConfig, e.g. a benchmark's) under ``outdir``: PNG and JSON."""
    from pathlib import Path

    from specproof.render.figures.core import Figure, render

    written = []
    for name, draw, title, claims, spec in FIGURES:
        if spec.get("config"):
            continue  # a figure of one committed run (the two-hop task's): this run's own are the others
        mine: dict  # the figure's spec for this run
        if spec.get("against") == "trsp":
            if not ("trsp" in run.variants and set(ABLATIONS) & set(run.variants)):
                continue  # no ablation beside TRSP in this run
            mine = {**_kwargs(spec), "names": None}
        elif spec.get("data") == "controls":
            mine = {"data": "controls"}
        else:
            mine = {}  # a run of its own: every variant it has, against base
        fig = Figure(name, claims, title, functools.partial(_task_data, run, config, mine), draw)
        png, data_path, _ = render(fig, False, Path(outdir))
        written += [png, data_path]
    return written


@functools.cache
def _gallery_run(quick: bool, ablations: bool = False, config: str = "mqar"):
    """The committed rows of ``config`` (``mqar``, ``mqar-deep2``, ``hop-shared``) as the claims judge them; quick:
    the tiny task config trained in memory (seconds, seeds 0 and 1; with ``ablations``, TRSP and the four §5.2
    ablations instead of base and TRSP)."""
    from specproof.runs.train import task_run as trn
    from specproof.theory.errors import InputError

    if quick:
        from specproof.runs.train.harness import builtin_variants, resolve_device

        c = trn.CONFIGS["tiny"]
        names = ("trsp", *ABLATIONS) if ablations else ("base", "trsp")
        variants = {k: builtin_variants()[k] for k in names}
        return trn.grouped(trn.run(c, variants, seeds=(0, 1), device=resolve_device("cpu")), c.name)
    run = trn.committed(config)
    if run is None:
        raise InputError(
            f"the committed task-level rows (data/{trn.STORE_FILE}, config {config}) are missing; run "
            f"`specproof train --task {config}` first (about half an hour on two CPU cores)"
        )
    return trn.judged(run)  # the pairs the claims judge (mqar-deep2: a passed-over seed is not drawn)


def register_figures() -> None:
    """Put the task-level trained figures in the gallery (`specproof figures`)."""
    from specproof.render.figures.core import FIGURES as GALLERY
    from specproof.render.figures.core import figure

    for name, draw, title, claims, spec in FIGURES:
        if name not in GALLERY:
            figure(name, claims, title, draw)(
                lambda quick, spec=spec: _data(spec)(
                    _gallery_run(quick, spec.get("against") == "trsp", spec.get("config", "mqar")), **_kwargs(spec)
                )
            )
