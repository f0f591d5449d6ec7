"""The causal decoder's figures (SmolLM2-135M-Instruct; `specproof figures`, and `specproof real --model smollm2
--figures DIR`): every real causal head's srank against ℓ beside the canonical causal model; TRSP's §4.1 diagnostics
against length; the post-training plugin's accuracy against the length ratio with intervals over seeds.

The gallery draws them from the committed rows only (quick or not: the measurements take CPU-hours and need the
model package, so a figure never measures)."""

from __future__ import annotations

from pathlib import Path

import numpy as np

HEADS_CLAIMS = (
    "sdeg.causal-real.concentration",
    "sdeg.causal-real.rank-growth",
)
DIAGNOSTICS_CLAIMS = ("trsp.causal-real.collapse",)
PLUGIN_CLAIMS = ("trsp.causal-real.plugin-retrieval",)
ARM_STYLE = {
    "raw": ("tab:gray", "raw"),
    "lora": ("tab:blue", "LoRA"),
    "lora+trsp": ("tab:red", "LoRA + TRSP"),
    "trsp": ("tab:orange", "TRSP alone"),
}


# --------------------------------------------------------------------------- heads


def heads_data(rows: list[dict], name: str) -> dict:
    """Per ℓ: every head's median srank over windows, the canonical model's quartiles, F's median."""
    from specproof.runs.real.causal_report import heads, pooled

    per_head, canonical, F = [], [], []
    for row in rows:
        per_head.append(
            [
                float(np.median(layer["srank_real"], axis=0)[h])
                for layer in row["layers"]
                for h in range(len(layer["w1"][0]))
            ]
        )
        canonical.append(np.quantile(pooled(row, "srank_canonical"), (0.25, 0.5, 0.75)).tolist())
        F.append(float(np.median([v["thm7_F"] for *_, v in heads(row)])))
    return {"model": name, "ell": [r["ell"] for r in rows], "per_head": per_head, "canonical": canonical, "F": F}


def draw_heads(d, ax):
    ell = np.asarray(d["ell"])
    per_head = np.asarray(d["per_head"])  # (lengths, heads)
    for h in range(per_head.shape[1]):
        ax.plot(ell, per_head[:, h], color="tab:blue", lw=0.4, alpha=0.15)
    ax.plot(ell, np.median(per_head, axis=1), "o-", color="tab:blue", lw=2, label=f"{d['model']}: median over heads")
    ax.plot([], [], color="tab:blue", lw=0.6, alpha=0.4, label="each real head (median over windows)")
    q = np.asarray(d["canonical"])
    ax.fill_between(ell, q[:, 0], q[:, 2], color="tab:red", alpha=0.2)
    ax.plot(ell, q[:, 1], "s-", color="tab:red", label="canonical causal A_Σ (median, quartiles)")
    ax.plot(ell, d["F"], "k--", lw=1, label="Thm 7's scale F = k + log((ℓ+1)/(k+1)), median")
    ax.set_xscale("log", base=2)
    ax.set_yscale("log")
    ax.set_xlabel("sequence length ℓ")
    ax.set_ylabel("stable rank of the attention map")
    ax.legend(fontsize=7, loc="upper left")


# --------------------------------------------------------------------------- diagnostics

PANELS = (
    ("stable_rank", "stable rank"),
    ("spr", "SPR"),
    ("flatness", "spectral flatness"),
    ("anisotropy", "anisotropy"),
)


def diagnostics_data(rows: list[dict], name: str) -> dict:
    from specproof.runs.real.causal_report import block_means, collapse

    return {
        "model": name,
        "ell": [r["ell"] for r in rows],
        "windows": {key: [block_means(r, key) for r in rows] for key, _ in PANELS},
        "calls": {k: v["call"] for k, v in collapse(rows)["diagnostics"].items()},
    }


def draw_diagnostics(d, ax):
    ax.set_axis_off()
    boxes = [(0.0, 0.5), (0.5, 0.5), (0.0, 0.0), (0.5, 0.0)]
    ell = np.asarray(d["ell"])
    for (key, label), (x0, y0) in zip(PANELS, boxes):
        sub = ax.inset_axes([x0 + 0.08, y0 + 0.08, 0.38, 0.34])
        w = np.asarray(d["windows"][key])  # (lengths, windows)
        sub.fill_between(ell, w.min(axis=1), w.max(axis=1), color="tab:blue", alpha=0.2)
        sub.plot(ell, w.mean(axis=1), "o-", color="tab:blue", ms=3)
        sub.set_xscale("log", base=2)
        sub.set_xticks(ell, [str(x) for x in ell])
        sub.tick_params(labelsize=6)
        sub.set_title(f"{label}: {d['calls'][key]}", fontsize=7)
        sub.grid(True, alpha=0.25)
    ax.text(0.5, -0.02, f"{d['model']}: mean over the 30 blocks; band = window range; x = ℓ", ha="center", fontsize=7)


# --------------------------------------------------------------------------- the plugin


def plugin_data(rows: list[dict], name: str, decision: dict | None = None) -> dict:
    from specproof.runs.train.statistics import mean_interval

    ratios = sorted({int(r) for row in rows for r in row["eval"]})
    arms = {}
    for arm in ARM_STYLE:
        mine = [row for row in rows if row["arm"] == arm]
        if mine:
            per_ratio = [[row["eval"][str(r)]["accuracy"] for row in mine] for r in ratios]
            arms[arm] = {
                "mean": [float(np.mean(v)) for v in per_ratio],
                "interval": [list(mean_interval(v)) for v in per_ratio],
                "seeds": len(mine),
            }
    return {"model": name, "ratios": ratios, "arms": arms, "window": rows[0]["config_fields"]["window"]}


def draw_plugin(d, ax):
    x = np.asarray(d["ratios"])
    for arm, v in d["arms"].items():
        color, label = ARM_STYLE[arm]
        mean, ci = np.asarray(v["mean"]), np.asarray(v["interval"])
        ax.errorbar(
            x,
            mean,
            yerr=[mean - ci[:, 0], ci[:, 1] - mean],
            fmt="o-",
            color=color,
            capsize=3,
            label=f"{label} ({v['seeds']} seed{'s' if v['seeds'] > 1 else ''})",
        )
    ax.set_xscale("log", base=2)
    ax.set_xticks(x, [f"{r}× ({r * d['window']})" for r in x])
    ax.set_ylim(-0.02, 1.02)
    ax.set_xlabel("evaluation length / training window W")
    ax.set_ylabel("exact-match accuracy (mean, 95 % bootstrap interval)")
    ax.legend(fontsize=7, loc="lower left")


FIGURES = (
    (
        "causal-heads-srank",
        draw_heads,
        heads_data,
        "SmolLM2: srank of every real causal head against ℓ, beside the canonical causal model",
        HEADS_CLAIMS,
    ),
    (
        "causal-diagnostics",
        draw_diagnostics,
        diagnostics_data,
        "SmolLM2: TRSP's §4.1 diagnostics of the residual stream against length",
        DIAGNOSTICS_CLAIMS,
    ),
    (
        "causal-plugin-accuracy",
        draw_plugin,
        plugin_data,
        "SmolLM2 + TRSP as a post-training plugin: retrieval accuracy against the length ratio",
        PLUGIN_CLAIMS,
    ),
)


def _write(names, result: dict, outdir: Path) -> list[Path]:
    from specproof.render.figures.core import Figure, render

    written = []
    for name, draw, data, title, claims in FIGURES:
        if name in names:
            fig = Figure(
                name,
                claims,
                title.replace("SmolLM2", result["model"]),
                lambda q: data(result["rows"], result["model"]),
                draw,
            )
            png, data_path, _ = render(fig, False, outdir)
            written += [png, data_path]
    return written


def write_causal_figures(result: dict, outdir: Path) -> list[Path]:
    """`specproof real --model … --figures DIR`: the heads or the diagnostics figure of ``result``."""
    name = "causal-heads-srank" if result["measure"] == "heads" else "causal-diagnostics"
    return _write({name}, result, outdir)


def write_plugin_figures(result: dict, outdir: Path) -> list[Path]:
    return _write({"causal-plugin-accuracy"}, result, outdir)


def committed(which: str) -> tuple[list[dict], str]:
    """The committed rows a gallery figure draws: merged heads or diagnostics rows, or the plugin's rows."""
    from specproof.runs.real import causal, plugin
    from specproof.runs.sweeps.table import project_store
    from specproof.theory.errors import InputError

    store = project_store()
    if which == "plugin":
        rows = [] if store is None else plugin.load_rows(Path(store) / plugin.STORE_FILE)
        rows = [r for r in rows if r["config"] == "default"]
        if rows:
            return rows, rows[0]["model"].split("@")[0]
    else:
        found = causal.committed_measurement(causal.heads_sweep() if which == "heads" else causal.diagnostics_sweep())
        if found is not None:
            return found
    raise InputError(
        f"the committed rows of `specproof real --model smollm2 --measure {which}` are missing; run it first "
        "(README: a pretrained causal decoder, offline)"
    )


def register_figures() -> None:
    """Put the causal decoder's figures in the gallery (`specproof figures`), drawn from the committed rows."""
    from specproof.render.figures.core import FIGURES as GALLERY
    from specproof.render.figures.core import figure

    sources = {"causal-heads-srank": "heads", "causal-diagnostics": "diagnostics", "causal-plugin-accuracy": "plugin"}
    for name, draw, data, title, claims in FIGURES:
        if name not in GALLERY:
            figure(name, claims, title, draw)(lambda quick, data=data, w=sources[name]: data(*committed(w)))
