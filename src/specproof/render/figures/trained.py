"""The trained-decoder figures of the gallery (`specproof figures`, and `specproof train --figures DIR`): TRSP Fig. 4's
panels (a–e) for the small decoders of :mod:`specproof.runs.train.harness`, and the trained heads' i·σ_i against i
(SDEG Thm 4). Lines are means over seeds, bands the range over seeds (the spread the claims use)."""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Callable, cast

import numpy as np

from specproof.runs.train.harness import LABELS, PAPER, READERS, committed_run, per_seed

PANELS = ("stable_rank", "spr", "flatness", "anisotropy", "retrieval")


def paper_accuracy() -> dict:
    """The paper's numeric retrieval accuracies (%), by ratio then model: TRSP Table 2 (NoLiMa, 8×) and §4.3 (4×);
    the qualitative entries ("near-perfect", "all models near 100 %") are left out."""
    out = {}
    for key, models in cast(dict, PAPER["nolima_accuracy"]).items():
        if isinstance(models, dict):
            numeric = {m: v for m, v in models.items() if isinstance(v, (int, float))}
            if numeric:
                out[int(key.rstrip("x"))] = numeric
    return dict(sorted(out.items()))


def draw_paper_accuracy(sub, paper: dict, colors: dict) -> tuple[list, list]:
    """The paper's accuracies as stars, each at its own ratio, in its variant's colour (grey for a model not drawn);
    returns the x positions used and a legend entry."""
    from matplotlib.lines import Line2D

    short = {"gated-attention": "Gated", "diff-transformer": "Diff"}
    xs, lines = [], []
    for ratio, models in sorted(paper.items(), key=lambda kv: int(kv[0])):
        r = int(ratio)
        for model, value in models.items():
            mine = model in colors
            sub.plot([r], [value], "*" if mine else "x", color=colors.get(model, "grey"), ms=7 if mine else 4, zorder=5)
            if not mine:  # a model of the paper's table that is not trained here
                label = short.get(model, model)
                sub.annotate(label, (r, value), xytext=(-3, -1), textcoords="offset points", ha="right", fontsize=4.5)
            xs.append(r)
        cells = [f"{short.get(m, m)} {v} %" for m, v in models.items()]
        lines.append(f"{r}×: " + ",\n      ".join(", ".join(cells[i : i + 2]) for i in range(0, len(cells), 2)))
    star = Line2D([], [], marker="*", color="grey", ls="", ms=7)
    return xs, [(star, "paper (TRSP Table 2, §4.3):\n" + "\n".join(lines))] if lines else []


def diagnostics_data(run_rows: dict) -> dict:
    """Per variant and ratio, each seed's layer-averaged diagnostic and retrieval accuracy."""
    ratios = sorted(
        {r for seeds in run_rows["variants"].values() for slots in seeds.values() for r in slots if r != "train"}
    )
    return {
        "ratios": ratios,
        "paper": paper_accuracy(),
        "variants": {
            name: {key: [per_seed(run_rows, name, r, READERS[key]) for r in ratios] for key in PANELS}
            for name in run_rows["variants"]
        },
    }


def _band(ax, x, per_x, label, **style):
    mean = [np.mean(v) if v else np.nan for v in per_x]
    (line,) = ax.plot(x, mean, "o-", ms=2.5, lw=1, label=label, **style)
    ax.fill_between(
        x,
        [min(v) if v else np.nan for v in per_x],
        [max(v) if v else np.nan for v in per_x],
        color=line.get_color(),
        alpha=0.18,
        lw=0,
    )
    return line


def draw_diagnostics(d, ax):
    """Fig. 4 (a–e): layer-averaged stable rank, SPR, flatness, anisotropy and retrieval accuracy against the ratio."""
    ax.set_axis_off()
    boxes = [(0.0, 0.55), (0.345, 0.55), (0.69, 0.55), (0.0, 0.0), (0.345, 0.0)]
    x = d["ratios"]
    handles = []
    extra = []
    for n, (key, (x0, y0)) in enumerate(zip(PANELS, boxes)):
        sub = ax.inset_axes([x0 + 0.05, y0 + 0.07, 0.26, 0.33])
        handles = [_band(sub, x, series[key], name) for name, series in d["variants"].items()]
        ticks = list(x)
        if key == "retrieval":
            colors = {h.get_label(): h.get_color() for h in handles}
            at, extra = draw_paper_accuracy(sub, d["paper"], colors)
            ticks = sorted(set(ticks) | set(at))
        sub.set_xscale("log", base=2)
        sub.set_xticks(ticks, [f"{r}×" for r in ticks])
        sub.tick_params(labelsize=6)
        sub.set_title(f"({'abcde'[n]}) {LABELS[key]}", fontsize=7)
        sub.grid(True, alpha=0.25)
    legend = ax.inset_axes([0.72, 0.02, 0.27, 0.42])
    legend.set_axis_off()
    legend.legend(
        handles + [h for h, _ in extra],
        [h.get_label() for h in handles] + [text for _, text in extra],
        fontsize=6,
        loc="center left",
        title="mean, band = seed range",
        title_fontsize=6,
    )


def head_spectra_data(run_rows: dict) -> dict:
    """Per variant, at 1× and at the largest ratio with heads: the quartiles over heads (all layers, all seeds) of
    i·σ_i on the stored log grid of i, and the Cesàro matrix H_ℓ (uniform causal attention) beside them."""
    from specproof.theory.cesaro import cesaro_singular_values
    from specproof.theory.trained_metrics import log_index_grid

    out: dict[str, dict] = {"variants": {}, "lengths": {}}
    for name, seeds in run_rows["variants"].items():
        ratios = sorted(r for slots in seeds.values() for r, row in slots.items() if r != "train" and row.get("heads"))
        picked = sorted({ratios[0], ratios[-1]}) if ratios else []
        out["variants"][name] = {}
        for r in picked:
            profiles = [
                h["profile"]
                for s in sorted(seeds)
                if r in seeds[s] and seeds[s][r].get("heads")
                for layer in seeds[s][r]["heads"]
                for h in layer
            ]
            length = next(seeds[s][r]["length"] for s in sorted(seeds) if r in seeds[s])
            q = np.quantile(np.array(profiles), (0.25, 0.5, 0.75), axis=0)
            out["variants"][name][str(r)] = {"i": log_index_grid(length).tolist(), "quartiles": q.tolist()}
            out["lengths"][str(r)] = length
    out["cesaro"] = {}
    for r, length in out["lengths"].items():
        grid = log_index_grid(length)
        sv = cesaro_singular_values(length)
        out["cesaro"][r] = {"i": grid.tolist(), "i_sigma": (grid * sv[grid - 1]).tolist()}
    return out


def draw_head_spectra(d, ax):
    """SDEG Thm 4 on trained heads: i·σ_i(A_h) against i (median over heads and seeds, quartile band) at the largest
    ratio, one line per variant, the training length's medians dotted; beside 1/3 (Thm 4's canonical lower bound) and
    the Cesàro matrix H_ℓ (uniform causal attention)."""
    lengths = sorted(d["lengths"], key=int)
    for name, by_ratio in d["variants"].items():
        if not by_ratio:
            continue
        top, first = by_ratio[max(by_ratio, key=int)], by_ratio[min(by_ratio, key=int)]
        q = np.array(top["quartiles"])
        (line,) = ax.plot(top["i"], q[1], lw=1.2, label=f"{name}, ℓ = {d['lengths'][max(by_ratio, key=int)]}")
        ax.fill_between(top["i"], q[0], q[2], color=line.get_color(), alpha=0.12, lw=0)
        if first is not top:
            ax.plot(first["i"], np.array(first["quartiles"])[1], ":", lw=0.9, color=line.get_color())
    for r in lengths:
        c = d["cesaro"][r]
        ax.plot(
            c["i"],
            c["i_sigma"],
            "k--",
            lw=0.8,
            label=(
                "H_ℓ (uniform causal attention), ℓ = " + ", ".join(str(d["lengths"][x]) for x in lengths)
                if r == lengths[-1]
                else None
            ),
        )
    ax.plot(
        [], [], "k:", lw=0.9, label=f"dotted: the same variants at ℓ = {d['lengths'][lengths[0]]}" if lengths else None
    )
    ax.axhline(1 / 3, color="tab:red", lw=1, ls="-.", label="Thm 4: i·σ_i ≥ 1/3 (canonical model)")
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.set_xlabel("index i of the singular value")
    ax.set_ylabel("i · σ_i(A_h)   (median over heads, quartile band)")
    ax.legend(fontsize=6, loc="lower left", ncol=2)


FIGURES = (
    (
        "trained-diagnostics",
        draw_diagnostics,
        diagnostics_data,
        "Byte-level trained decoders, TRSP Fig. 4 analogue: diagnostics and retrieval against the context ratio",
        ("trsp.trained.ablations", "trsp.trained.gate", "trsp.trained.safety-net"),
    ),
    (
        "trained-head-spectra",
        draw_head_spectra,
        head_spectra_data,
        "Trained decoders: i·σ_i of every attention head (SDEG Thm 4)",
        ("sdeg.trained.sv-lower", "sdeg.trained.sv-upper"),
    ),
)


def write_figures(run_rows: dict, outdir: Path) -> list[Path]:
    """The trained-decoder figures of a run under ``outdir`` (PNG with provenance in its metadata, and JSON)."""
    from specproof.render.figures.core import Figure, render

    written = []
    for name, draw, data, title, claims in FIGURES:
        fig = Figure(name, claims, title, functools.partial(_rows_data, data, run_rows), draw)
        png, data_path, _ = render(fig, False, outdir)
        written += [png, data_path]
    return written


def _rows_data(data: Callable[[dict], dict], run_rows: dict, quick: bool) -> dict:
    """A figure's data from a run's rows (the same for a quick run: the rows are what was given)."""
    return data(run_rows)


@functools.cache
def _gallery_rows(quick: bool) -> dict:
    """The committed default run from the project's store; quick: the tiny configuration trained in memory
    (seconds), so a smoke run draws the same figures without the committed rows."""
    from specproof.runs.train import harness as tr
    from specproof.theory.errors import InputError

    if quick:
        corpus = tr.load_corpus()
        setting = tr.Setting(
            tr.CONFIGS["tiny"], corpus, tr.resolve_variants(["base", "trsp"]), tr.resolve_device("cpu"), None
        )
        tiny = committed_run(tr.run(setting, seeds=[0, 1]).rows, "tiny")
        assert tiny is not None  # rows just trained
        return tiny
    found = committed_run(tr.stored_rows(), "default")
    if found is None:
        raise InputError(
            "the committed rows of `specproof train` (data/trained.jsonl) are missing; run "
            "`specproof train` first (about half an hour on two CPU cores)"
        )
    return found


def register_figures() -> None:
    """Put the trained-decoder figures in the gallery (`specproof figures`)."""
    from specproof.render.figures.core import FIGURES as GALLERY
    from specproof.render.figures.core import figure

    for name, draw, data, title, claims in FIGURES:
        if name not in GALLERY:
            figure(name, claims, title, draw)(lambda quick, data=data: data(_gallery_rows(quick)))
