"""Scaling plots: every asymptotic or distributional claim drawn from the data it sweeps.

`specproof figures [--quick] [NAMES...]` computes each figure's data, writes it as JSON beside
the PNG under figures/ (with its provenance, also stamped into the PNG's metadata) and draws the
paper's bound next to the measured values. ``--quick`` uses small sweeps (CI); the default sizes
are the committed ones.
"""

from __future__ import annotations

import io
import json
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

import numpy as np

from specproof.checks.methods import jsonable
from specproof.theory.validate import InputError



@dataclass(frozen=True)
class Figure:
    """One plot: the claims it illustrates, how to compute its data, how to draw it."""

    name: str
    claims: tuple
    title: str
    compute: Callable[[bool], dict]
    draw: Callable  # (data, ax) -> None

    @property
    def png(self) -> str:
        return f"figures/{self.name}.png"


FIGURES: dict[str, Figure] = {}


def figure(name: str, claims: tuple, title: str, draw: Callable):
    """Register a figure: decorate its ``compute(quick) -> data`` function; ``draw(data, ax)`` plots it."""

    def register(compute):
        if name in FIGURES:
            raise ValueError(f"two figures are named {name!r}")
        FIGURES[name] = Figure(name, tuple(claims), title, compute, draw)
        return compute

    return register


def figure_provenance(quick: bool, seconds: float) -> dict:
    from specproof.checks.io import provenance
    from specproof.theory.backend import device

    return provenance(quick=quick, seconds=round(seconds, 2), device=str(device()), dtype="float64")


def render(fig: Figure, quick: bool, outdir: Path) -> tuple[Path, Path]:
    """Compute, save data (JSON) and draw (PNG, provenance in its metadata)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from specproof.checks.io import write_atomic

    t0 = time.perf_counter()
    data = fig.compute(quick)
    prov = figure_provenance(quick, time.perf_counter() - t0)
    outdir.mkdir(parents=True, exist_ok=True)
    data_path = outdir / f"{fig.name}.json"
    write_atomic(data_path, json.dumps({"figure": fig.name, "claims": list(fig.claims), "provenance": prov,
                                        "data": jsonable(data)}, indent=1) + "\n")
    f, ax = plt.subplots(figsize=(7, 4.6), dpi=110)
    fig.draw(data, ax)
    ax.set_title(f"{fig.title}\n[{', '.join(fig.claims)}]", fontsize=9)
    ax.grid(True, which="both", alpha=0.25)
    if ax.get_legend_handles_labels()[0]:
        ax.legend(fontsize=8)
    f.tight_layout()
    png = outdir / f"{fig.name}.png"
    buffer = io.BytesIO()
    f.savefig(buffer, format="png", metadata={"Title": fig.title, "Description": json.dumps({"claims": list(fig.claims), **prov})})
    plt.close(f)
    write_atomic(png, buffer.getvalue())
    return png, data_path


def cmd_figures(args) -> int:
    import specproof.checks.figure_gallery  # noqa: F401  (registers the figures)

    names = args.names or list(FIGURES)
    unknown = [n for n in names if n not in FIGURES]
    if unknown:
        raise InputError(f"unknown figure(s) {', '.join(unknown)}; allowed: {', '.join(FIGURES)}")
    outdir = _outdir(args.outdir, args.quick)
    from tqdm import tqdm

    for name in tqdm(names, desc="figures", file=sys.stderr, disable=not sys.stderr.isatty()):
        png, data = render(FIGURES[name], args.quick, outdir)
        print(f"wrote {png} and {data}")
    return 0


def _outdir(given: str | None, quick: bool) -> Path:
    """Where figures go, checked before any work: the given directory; else the project's gallery (full
    runs) or a new temporary directory (quick runs: their small sweeps must not replace the gallery)."""
    import tempfile

    from specproof.checks.io import output_dir, project_path

    if given is not None:
        return output_dir(given, "--outdir")
    if quick:
        return Path(tempfile.mkdtemp(prefix="specproof-figures-quick-"))
    gallery = project_path("figures")
    if gallery is None:
        raise InputError("no project gallery here (specproof is not installed from its checkout); allowed: --outdir DIR")
    return gallery
