"""`specproof figures --quick` runs end to end; every committed figure has its data and its claims."""

import json
from pathlib import Path

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


def test_the_network_legend_hides_no_curve():
    """Issue 35.8: eleven curves fill the network figure's axes from 10⁻¹² to 1, so its legend lies below the axes
    (not on them, where loc="best" put it over four curves)."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure as Canvas

    data = json.loads((ROOT / "figures" / "network.json").read_text())["data"]
    f = Canvas(figsize=(7, 4.6), dpi=110)
    FigureCanvasAgg(f)
    ax = f.subplots()
    FIGURES["network"].draw(data, ax)
    f.tight_layout()
    renderer = f.canvas.get_renderer()
    legend, axes = ax.get_legend().get_window_extent(renderer), ax.get_window_extent(renderer)
    assert legend.y1 <= axes.y0, (legend, axes)  # wholly below the axes
    assert legend.y0 >= 0 and 0 <= legend.x0 and legend.x1 <= f.bbox.x1, (legend, f.bbox)  # and on the canvas
    assert len(ax.get_legend().get_texts()) == len(ax.get_legend_handles_labels()[1])


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
