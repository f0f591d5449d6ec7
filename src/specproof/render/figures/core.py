"""Scaling plots: every asymptotic or distributional claim drawn from the data it sweeps.

`specproof figures [--quick] [NAMES...]` computes each figure's data, writes it as JSON beside
the PNG under figures/ (with its provenance, also stamped into the PNG's metadata) and draws the
paper's bound next to the measured values. ``--quick`` uses small sweeps (CI); the default sizes
are the committed ones.
"""

from __future__ import annotations

import io
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from specproof.engine.methods import jsonable


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


def figure_provenance(quick: bool) -> dict:
    """Who drew it, with what: versions, device and dtype (no date, no timing: a figure redrawn from the same data
    must come out byte-identical)."""
    import platform

    from specproof import __version__
    from specproof.engine.io import package_version
    from specproof.theory.torch.backend import device

    return {
        "specproof": __version__,
        "python": platform.python_version(),
        **{lib: package_version(lib) for lib in ("numpy", "scipy", "torch", "matplotlib")},
        "device": str(device()),
        "dtype": "float64",
        "quick": quick,
    }


def drawing_revision(fig: Figure) -> str:
    """A hash of how the figure is drawn (its draw function's source, the frame drawn around it, matplotlib's version):
    a changed drawing redraws the PNG even when the data did not change."""
    import hashlib
    import inspect

    from specproof.engine.io import package_version

    text = inspect.getsource(fig.draw) + inspect.getsource(_draw_png) + str(package_version("matplotlib")) + fig.title
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


QUICK_MARK = "QUICK SMOKE RUN\nnot the committed data"


def _title(fig: Figure, quick: bool) -> str:
    """The figure's title; a quick run's says it is a smoke run (small sweeps, tiny training) and drops any claim to
    be an analogue of the paper's figures."""
    if not quick:
        return fig.title
    return f"{fig.name}: quick smoke run (small sweeps, tiny training), not a result to compare with the paper"


def _draw_png(fig: Figure, data, prov: dict) -> bytes:
    """The PNG of one figure, drawn on a matplotlib Figure of its own (no pyplot, no global backend)."""
    from matplotlib.figure import Figure as Canvas

    f = Canvas(figsize=(7, 4.6), dpi=110)
    ax = f.subplots()
    fig.draw(data, ax)
    ax.set_title(f"{_title(fig, prov.get('quick', False))}\n[{', '.join(fig.claims)}]", fontsize=9, wrap=True)
    ax.grid(True, which="both", alpha=0.25)
    if ax.get_legend_handles_labels()[0] and ax.get_legend() is None:
        ax.legend(fontsize=8, loc="best")
    f.tight_layout()
    if prov.get("quick"):  # a smoke run's figure must never pass for the gallery's
        f.text(0.5, 0.5, QUICK_MARK, fontsize=26, color="tab:red", alpha=0.18, rotation=30, ha="center", va="center")
    buffer = io.BytesIO()
    f.savefig(
        buffer,
        format="png",
        metadata={
            "Title": fig.title,
            "Software": None,
            "Description": json.dumps({"claims": list(fig.claims), **prov}, sort_keys=True),
        },
    )
    return buffer.getvalue()


def render(fig: Figure, quick: bool, outdir: Path) -> tuple[Path, Path, bool]:
    """Compute, save data (JSON, floats to the digits the catalogue prints) and draw (PNG, provenance in its
    metadata). When the data and the drawing are what the files already hold, nothing is written (the gallery stays
    byte-identical); returns the two paths and whether they were written."""
    from specproof.engine.io import write_atomic
    from specproof.engine.methods import rounded

    data = rounded(jsonable(fig.compute(quick)))
    if quick and isinstance(data, dict) and data.get("paper"):  # smoke data is no analogue of the paper's numbers
        data = {**data, "paper": {}}
    outdir.mkdir(parents=True, exist_ok=True)
    data_path, png = outdir / f"{fig.name}.json", outdir / f"{fig.name}.png"
    content = {"figure": fig.name, "claims": list(fig.claims), "drawing": drawing_revision(fig), "data": data}
    if data_path.is_file() and png.is_file():
        try:
            old = json.loads(data_path.read_text(encoding="utf-8"))
        except (OSError, json.JSONDecodeError):
            old = None
        if isinstance(old, dict) and {k: old.get(k) for k in content} == json.loads(json.dumps(content)):
            return png, data_path, False
    prov = figure_provenance(quick)
    write_atomic(
        data_path, json.dumps({**content, "provenance": prov}, indent=1, sort_keys=True, ensure_ascii=False) + "\n"
    )
    write_atomic(png, _draw_png(fig, data, prov))
    return png, data_path, True
