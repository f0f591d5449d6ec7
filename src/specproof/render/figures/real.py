"""The real-attention figures of the gallery (`specproof figures`, and `specproof real --figures DIR`): medians and
quartile bands over heads and sequences of what :mod:`specproof.runs.real.models` measures, beside the paper's
GPT-2 numbers."""

from __future__ import annotations

import functools
from pathlib import Path

import numpy as np

from specproof.engine.methods import jsonable
from specproof.engine.options import LENGTHS, SAMPLES
from specproof.runs.real.models import GATES, PAPER, default_text, measure, open_model, values


def _quartiles(row: dict, key: str, layers=None) -> list[float | None]:
    found = values(row, key, layers)
    return [float(q) for q in np.quantile(found, (0.25, 0.5, 0.75))] if found else [None] * 3


def figure_data(result: dict) -> dict:
    """What the real-attention figures draw: per ℓ, quartiles over heads and sequences of each measure."""
    rows = result["rows"]
    keys = (
        "w1",
        "srank_real",
        "srank_canonical",
        "erank1_real",
        "erank1_canonical",
        "srank_score",
        "erank1_score",
        "k",
        "rank",
        "mu2_attn",
        "gap_attn",
        *(f"mu2_side_{g:g}" for g in GATES),
        *(f"gap_side_{g:g}" for g in GATES),
        *(f"reff_{g:g}" for g in (0, *GATES)),
        "W1_U",
        "W1_V",
    )
    return {
        "model": result["model"],
        "ell": [r["ell"] for r in rows],
        "gates": list(GATES),
        "quartiles": {key: [_quartiles(r, key) for r in rows] for key in keys},
        "layer_median_w1": [r["summary"]["layer_median_w1"] for r in rows],
        "angles_X": [r["summary"]["median_angles"] for r in rows],
        "haar": [r["haar"] for r in rows],
        "mu2_tri": [r["side_path"]["mu2_tri"] for r in rows],
        "gap_tri": [r["side_path"]["gap_tri"] for r in rows],
        "hidden_size": result["hidden_size"],
        "head_dim": result["head_dim"],
        "paper": jsonable(PAPER),
    }


def _band(ax, ell, quartiles, label, **style):
    q = np.array([[np.nan if v is None else v for v in row] for row in quartiles], dtype=float)
    (line,) = ax.plot(ell, q[:, 1], "o-", ms=3, label=label, **style)
    ax.fill_between(ell, q[:, 0], q[:, 2], color=line.get_color(), alpha=0.15)


def draw_attention(d, ax):
    """§4.3: median W₁(σ(A_h), σ(A_Σ)) against ℓ, per layer and pooled, with the paper's GPT-2 medians."""
    ell = d["ell"]
    for i in range(len(d["layer_median_w1"][0])):
        ax.plot(ell, [m[i] for m in d["layer_median_w1"]], "o-", ms=2, lw=0.8, label=f"layer {i}")
    _band(ax, ell, d["quartiles"]["w1"], "all heads (quartiles)", color="k")
    for key, marker, label in (
        ("gpt2_median_w1", "s", "paper: GPT-2, all heads"),
        ("gpt2_last_layer_median_w1", "^", "paper: GPT-2, last layer"),
    ):
        paper = d["paper"].get(key)  # a --quick run carries none of the paper's numbers
        if paper:
            xs = sorted(int(x) for x in paper)
            ax.plot(xs, [paper[str(x)] for x in xs], marker, color="grey", ls=":", label=label)
    ax.set_xscale("log", base=2)
    ax.set_xlabel("sequence length ℓ")
    ax.set_ylabel("W₁ between the singular-value laws of A_h and A_Σ")


def draw_concentration(d, ax):
    """§4.3 rank proxies and §4.2 score rank: srank and erank₁ of A_h, A_Σ and S_h against ℓ."""
    ell = d["ell"]
    for key, label, color in (
        ("srank_real", "srank A_h (real)", "tab:red"),
        ("srank_canonical", "srank A_Σ (canonical)", "tab:blue"),
        ("erank1_real", "erank₁ A_h (real)", "tab:orange"),
        ("erank1_canonical", "erank₁ A_Σ (canonical)", "tab:cyan"),
        ("srank_score", "srank S_h (§4.2)", "tab:green"),
        ("erank1_score", "erank₁ S_h (§4.2)", "tab:olive"),
    ):
        _band(ax, ell, d["quartiles"][key], label, color=color)
    ax.plot(ell, np.array(ell) / 1.0, ":", color="grey", lw=1, label="ℓ")
    ax.axhline(d["head_dim"], color="k", ls="--", lw=0.8, label=f"d_h = {d['head_dim']} (rank S_h ≤ d_h)")
    if d["paper"]:  # a --quick run carries none of the paper's numbers
        srank, erank = d["paper"]["gpt2_srank"]["1024"], d["paper"]["gpt2_erank1"]["1024"]
        for pair, marker, what in ((srank, "s", "srank"), (erank, "D", "erank₁")):
            label = f"paper GPT-2, ℓ = 1024: {what} real, canonical"
            ax.plot([1024, 1024], pair, marker, color="grey", mfc="none", label=label)
    ax.set_xscale("log", base=2)
    ax.set_yscale("log")
    ax.set_xlabel("sequence length ℓ")
    ax.set_ylabel("rank proxy (median, quartile band)")


def draw_angles(d, ax):
    """§4.1 and §4.4: angular W₁ of U_X (median) and of U_S, V_S (quartiles) against ℓ, beside Haar."""
    ell = d["ell"]
    ax.plot(
        ell, [a["W1"] for a in d["angles_X"]], "o-", ms=3, color="tab:purple", label="U_X of each layer input (median)"
    )
    _band(ax, ell, d["quartiles"]["W1_U"], "U_S of each head's scores", color="tab:green")
    _band(ax, ell, d["quartiles"]["W1_V"], "V_S of each head's scores", color="tab:olive")
    ax.plot(ell, [h["W1"] for h in d["haar"]], "k--", lw=1, label="Haar O(ℓ) (mean of 8)")
    ax.axvline(d["hidden_size"], color="tab:purple", ls=":", lw=0.8, label=f"ℓ = d = {d['hidden_size']}")
    ax.axvline(d["head_dim"], color="tab:green", ls=":", lw=0.8, label=f"ℓ = d_h = {d['head_dim']}")
    ax.plot([40, 428], [0.31, 0.10], "s", color="grey", mfc="none", label="paper GPT-2 score factors (band means)")
    ax.set_xscale("log", base=2)
    ax.set_yscale("log")
    ax.set_xlabel("sequence length ℓ")
    ax.set_ylabel("angular W₁ of the eigen-angles to Unif[−π, π]")


def draw_side_path(d, ax):
    """TRSP: μ₂ of the real attention graph, alone and with g·L_tri, against the floor g·μ₂(L_tri)."""
    ell = d["ell"]
    _band(ax, ell, d["quartiles"]["mu2_attn"], "μ₂(L_attn): real heads", color="tab:red")
    for g, color in zip(d["gates"], ("tab:blue", "tab:green")):
        _band(ax, ell, d["quartiles"][f"mu2_side_{g:g}"], f"μ₂(L_attn + {g:g}·L_tri)", color=color)
        ax.plot(ell, g * np.array(d["mu2_tri"]), "--", color=color, lw=1, label=f"Prop. C.5 floor {g:g}·μ₂(L_tri)")
    ax.set_xscale("log", base=2)
    ax.set_yscale("log")
    ax.set_xlabel("sequence length ℓ = T")
    ax.set_ylabel("algebraic connectivity μ₂ (median, quartile band)")


FIGURES = (
    (
        "real-attention",
        draw_attention,
        "MiniLM: real attention against the canonical model (SDEG §4.3)",
        ("sdeg.real.w1-decreases",),
    ),
    (
        "real-concentration",
        draw_concentration,
        "MiniLM: rank proxies of A_h, A_Σ and S_h (SDEG §4.2–4.3)",
        (
            "sdeg.real.concentration",
            "sdeg.real.score-rank",
            "sdeg.real.spike-bulk",
            "sdeg.real.rank-prediction",
            "sdeg.real.eigen-profile",
        ),
    ),
    (
        "real-angles",
        draw_angles,
        "MiniLM: eigen-angles of U_X and of the score factors (SDEG §4.1, §4.4)",
        ("sdeg.real.input-angles", "sdeg.real.input-angles.completion", "sdeg.real.score-angles"),
    ),
    (
        "real-side-path",
        draw_side_path,
        "MiniLM: TRSP's side path on real attention graphs (Prop. C.5)",
        ("trsp.real.safety-net", "trsp.real.no-collapse", "trsp.real.rank-floor"),
    ),
)


def write_figures(result: dict, outdir: Path) -> list[Path]:
    """The real-attention figures of ``result`` under ``outdir`` (PNG with provenance in its metadata, and JSON)."""
    from specproof.render.figures.core import Figure, render

    data = figure_data(result)
    written = []
    for name, draw, title, claims in FIGURES:
        fig = Figure(name, claims, title.replace("MiniLM", result["model"]), lambda quick: data, draw)
        png, data_path, _ = render(fig, False, outdir)
        written += [png, data_path]
    return written


@functools.cache
def _gallery_result(quick: bool) -> dict:
    """The gallery's measurement: MiniLM at ℓ = 16, 32 with one window, in memory (quick); else the default
    measurement from the project's store, computing and storing only the rows it lacks."""
    from specproof.runs.sweeps.table import Store, project_store

    if quick:
        return measure(open_model, default_text(), (16, 32), samples=1, store=None)
    store = project_store()
    return measure(open_model, default_text(), LENGTHS, SAMPLES, store=None if store is None else Store(store))


def register_figures() -> None:
    """Put the real-attention figures in the gallery (`specproof figures`)."""
    from specproof.render.figures.core import FIGURES as GALLERY
    from specproof.render.figures.core import figure

    for name, draw, title, claims in FIGURES:
        if name not in GALLERY:
            figure(name, claims, title, draw)(lambda quick: figure_data(_gallery_result(quick)))
