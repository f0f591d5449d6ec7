"""`specproof figures --quick` runs end to end; every committed figure has its data and its claims."""

import json
from pathlib import Path

import numpy as np
import pytest

import specproof.render.figures.gallery  # noqa: F401  (registers the figures)
from specproof.cli.main import main
from specproof.engine.registry import REGISTRY, load_all
from specproof.render.figures.core import FIGURES

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.slow  # renders every figure (~60 s); not part of the verdict or freshness guarantees
def test_quick_figures_regenerate(tmp_path, capsys):
    assert main(["figures", "--quick", "--outdir", str(tmp_path)]) == 0
    for name in FIGURES:
        assert (tmp_path / f"{name}.png").stat().st_size > 0
        data = json.loads((tmp_path / f"{name}.json").read_text())
        assert data["provenance"]["quick"] is True and data["claims"]


def test_quick_figures_write_only_where_asked(tmp_path, monkeypatch):
    """From an empty directory, `figures --quick --outdir D` writes D's PNG and JSON (and the marker that lets a rerun
    write there again) and nothing else, and
    never touches the committed gallery; without --outdir a quick run goes to a new temporary directory."""
    gallery = {p.name: p.stat().st_mtime_ns for p in (ROOT / "figures").iterdir()}
    cwd, out = tmp_path / "cwd", tmp_path / "out"
    cwd.mkdir()
    monkeypatch.chdir(cwd)
    assert main(["figures", "--quick", "--outdir", str(out), "kernel-energy"]) == 0
    assert sorted(p.name for p in out.iterdir()) == [".specproof-figures", "kernel-energy.json", "kernel-energy.png"]
    assert json.loads((out / "kernel-energy.json").read_text())["provenance"]["quick"] is True
    assert list(cwd.iterdir()) == []
    assert {p.name: p.stat().st_mtime_ns for p in (ROOT / "figures").iterdir()} == gallery


def test_figures_refuse_a_non_empty_directory_they_did_not_make(tmp_path, capsys):
    """As `specproof site` does: one line, exit 2, before any work; the user's file is untouched."""
    (tmp_path / "notes.txt").write_text("mine\n")
    assert main(["figures", "--quick", "--outdir", str(tmp_path), "kernel-energy"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "non-empty directory that `specproof figures` did not make" in err[0]
    assert "allowed: a new or empty directory" in err[0] and "Traceback" not in err[0]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["notes.txt"]


def test_the_network_figure_has_a_panel_per_quantity_and_no_legend_hides_a_point():
    """network.png: one panel per quantity (μ₂, γ, the sink's R_eff and escape), each with its own legend naming all
    its curves, and no plotted point under a legend (eleven series of three quantities on one axis could not be
    read)."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure as Canvas

    data = json.loads((ROOT / "figures" / "network.json").read_text())["data"]
    f = Canvas(figsize=(7, 4.6), dpi=110)
    FigureCanvasAgg(f)
    ax = f.subplots()
    FIGURES["network"].draw(data, ax)
    renderer = f.canvas.get_renderer()
    panels = ax.child_axes
    assert [p.get_title()[:3] for p in panels] == ["(a)", "(b)", "(c)"]
    assert [p.get_ylabel() for p in panels] == ["μ₂(L(P_D))", "γ", "R_eff − 1; escape"]
    f.tight_layout()
    for panel in panels:
        legend = panel.get_legend()
        box = legend.get_window_extent(renderer)
        assert box.y0 >= 0 and box.x0 >= 0 and box.x1 <= f.bbox.x1, (panel.get_title(), box, f.bbox)  # on the canvas
        for other in panels:
            assert not box.overlaps(other.get_window_extent(renderer)), (panel.get_title(), other.get_title())
        assert len(legend.get_texts()) == len(panel.get_legend_handles_labels()[1])
        for line in panel.get_lines():
            xy = line.get_xydata()
            xy = xy[np.all(np.isfinite(xy), axis=1)]
            if len(xy):
                shown = panel.transData.transform(xy)
                inside = (
                    (shown[:, 0] >= box.x0)
                    & (shown[:, 0] <= box.x1)
                    & (shown[:, 1] >= box.y0)
                    & (shown[:, 1] <= box.y1)
                )
                assert not inside.any(), (panel.get_title(), line.get_label(), xy[inside])


@pytest.mark.parametrize("name", list(FIGURES))
def test_committed_figure_has_data_and_is_linked(name):
    load_all()
    fig = FIGURES[name]
    assert set(fig.claims) <= set(REGISTRY), f"{name} names unknown claims"
    assert (ROOT / fig.png).exists(), f"{fig.png} is not committed: run `specproof figures`"
    assert (ROOT / "figures" / f"{name}.json").exists()
    assert any(REGISTRY[c].figure == fig.png for c in fig.claims), f"no claim of {name} links {fig.png}"
    assert fig.png in (ROOT / "README.md").read_text(), f"{fig.png} is missing from the README gallery"


def test_unknown_figure_is_a_clear_error(capsys):
    assert main(["figures", "no-such-figure"]) == 2
    assert "allowed" in capsys.readouterr().err


def test_an_unchanged_figure_is_not_rewritten(tmp_path, capsys):
    """Like THEOREMS.md, the gallery comes out byte-identical when nothing changed: a second run finds the data and
    the drawing unchanged and writes nothing (no dates or timings in the data, floats to the printed digits)."""
    assert main(["figures", "--quick", "--outdir", str(tmp_path), "kernel-energy"]) == 0
    first = {p.name: (p.read_bytes(), p.stat().st_mtime_ns) for p in tmp_path.iterdir()}
    capsys.readouterr()
    assert main(["figures", "--quick", "--outdir", str(tmp_path), "kernel-energy"]) == 0
    assert "up to date" in capsys.readouterr().out
    assert {p.name: (p.read_bytes(), p.stat().st_mtime_ns) for p in tmp_path.iterdir()} == first
    data = json.loads((tmp_path / "kernel-energy.json").read_text())
    assert "date" not in data["provenance"] and "seconds" not in data["provenance"]


def _stars(axes) -> set[tuple[float, float]]:
    """(x, y) of every star or cross marker drawn on ``axes`` and its insets."""
    out = set()
    for a in [axes, *axes.child_axes]:
        for line in a.get_lines():
            if line.get_marker() in ("*", "x"):
                out |= {(float(x), round(float(y), 6)) for x, y in zip(line.get_xdata(), line.get_ydata())}
    return out


PAPER_POINTS = {(8.0, 83.2), (8.0, 23.8), (8.0, 33.6), (8.0, 53.9), (4.0, 90.2)}  # TRSP Table 2 (8×), §4.3 (4×)


def test_the_paper_accuracies_sit_at_their_own_ratios():
    """The trained figure's paper stars: Table 2's 8× accuracies at 8×, the 4× one at 4×, even when the run drawn
    reaches only 2× (the --quick run), not at the run's largest ratio."""
    pytest.importorskip("matplotlib")
    from matplotlib.figure import Figure as Canvas

    from specproof.render.figures.trained import PANELS, draw_diagnostics, paper_accuracy

    assert paper_accuracy() == {
        4: {"diff-transformer": 90.2},
        8: {"trsp": 83.2, "base": 23.8, "gated-attention": 33.6, "diff-transformer": 53.9},
    }
    d = {
        "ratios": [1, 2],
        "paper": json.loads(json.dumps(paper_accuracy())),  # as the figure's JSON holds it: string keys
        "variants": {name: {key: [[1.0, 1.1], [1.2, 1.3]] for key in PANELS} for name in ("base", "trsp")},
    }
    ax = Canvas().subplots()
    draw_diagnostics(d, ax)
    assert _stars(ax) == PAPER_POINTS


def test_the_task_figures_draw_the_committed_task_rows():
    """The task-level figures' data from the committed mqar rows: every variant and ratio with its seeds, mean, range
    and a bootstrap interval around the mean; TRSP − base as the claims decide it; the learning curves the rows carry;
    and both figures draw, the paper's accuracies at their own ratios."""
    pytest.importorskip("matplotlib")
    from matplotlib.figure import Figure as Canvas

    from specproof.render.figures.tasks import draw_task_accuracy, draw_task_diagnostics, task_data
    from specproof.runs.train import task_run as trn
    from specproof.runs.train.statistics import paired

    run = trn.committed("mqar")
    assert run is not None, "data/trained-tasks.jsonl (config mqar) is committed"
    d = json.loads(json.dumps(task_data(run, names=("base", "trsp"))))
    assert d["ratios"] == [1, 2, 4, 8] and set(d["variants"]) == {"base", "trsp"}
    for name, measures in d["variants"].items():
        for key, cells in measures.items():
            for r, c in cells.items():
                assert len(c["seeds"]) == 16
                assert c["min"] <= c["mean"] <= c["max"] and c["ci"][0] <= c["mean"] <= c["ci"][1], (name, key, r)
    acc = lambda e: 100 * e["accuracy"]  # noqa: E731
    _, a, b = run.paired("trsp", "base", 8, acc)
    assert d["versus_base"]["trsp"]["8"]["effect"] == pytest.approx(paired(a, b, "greater").effect)
    assert d["versus_base"]["trsp"]["8"]["verdict"] == "open"
    for name in ("base", "trsp"):
        assert len(d["curves"][name]) == 16
        assert all(len(c) == 12 and c[-1][0] == 1200 for c in d["curves"][name].values())
    ax = Canvas().subplots()
    draw_task_accuracy(d, ax)
    assert _stars(ax) == PAPER_POINTS
    draw_task_diagnostics(d, Canvas().subplots())
    # Table 4 at the task level: TRSP and the four ablations, each against TRSP on Table 4's side
    from specproof.render.figures.tasks import ABLATIONS, draw_task_ablations, table4_sides

    t4 = json.loads(json.dumps(task_data(run, names=("trsp", *ABLATIONS), against="trsp", sides=table4_sides())))
    assert set(t4["variants"]) == {"trsp", *ABLATIONS} and set(t4["versus_trsp"]) == set(ABLATIONS)
    _, a, b = run.paired("no-dyadic", "trsp", 8, acc)
    assert t4["versus_trsp"]["no-dyadic"]["8"]["effect"] == pytest.approx(paired(a, b, "less").effect)
    assert t4["versus_trsp"]["dense-full-sweep"]["8"]["side"] == "greater"
    draw_task_ablations(t4, Canvas().subplots())
    # what 8× measures: the length controls, distance, the retrieving head and the gains per layer
    from specproof.render.figures.tasks import controls_data, draw_task_controls

    c = json.loads(json.dumps(controls_data(run)))
    assert c["scale"] == "mqar, D = 2, d = 64, T = 64" and c["fixes"] == [
        "position_interpolation",
        "log_length_scaling",
    ]
    base = c["variants"]["base"]
    assert base["seeds"] == 16 and set(base["accuracy"]) == {"as trained", *c["fixes"]}
    assert base["accuracy"]["as trained"][-1]["mean"] == pytest.approx(d["variants"]["base"]["accuracy"]["8"]["mean"])
    assert [g["bandwidths"] for g in c["variants"]["trsp"]["gains"].values()][-1] == [[1], [2]]
    assert sum(base["distance"]["count"]) == 16 * run.variants["base"][0]["eval"]["8"]["scored"]
    draw_task_controls(c, Canvas().subplots())
