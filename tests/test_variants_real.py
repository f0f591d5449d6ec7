"""The battery's real-attention properties, the banded fixed-depth network, the ablation table and their bad input."""

import json
import re
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from specproof.checks.battery import (
    PROPERTIES,
    Gate,
    Kernel,
    RealModel,
    Schedule,
    Sizes,
    Variant,
    VariantError,
    check_variant,
    load_spec,
    run_property,
)
from specproof.cli.main import main
from specproof.engine.registry import Status

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples" / "variants"
REAL = ("real-safety-net", "real-mu2-lift", "real-rank")


def _spec(name):
    return load_spec(EXAMPLES / f"{name}.toml")


def test_real_properties_are_listed_with_what_they_need(capsys):
    assert main(["variant", "--properties"]) == 0
    listing = capsys.readouterr().out
    for pid in REAL:
        assert pid in listing and PROPERTIES[pid].needs == {"schedule", "kernel", "model"}
    assert "kernel+model+schedule" in listing


def test_a_variant_without_a_model_runs_no_real_property():
    report = check_variant(replace(_spec("triadic"), sizes=Sizes(t_operator=64, t_max=256, examples=10)))
    assert not any(pid in report.outcomes() for pid in REAL)


@pytest.mark.parametrize(
    "name", ["paper_default", "static_gate", "box_kernel", "no_dyadic", "dense_full_sweep"], ids=str
)
def test_the_shipped_ablations_read_their_stored_rows(name):
    from specproof.checks.battery.real_checks import lengths, measured

    variant = _spec(name)
    rows, how = measured(variant)
    assert rows is not None, how
    assert how == f"{4 * len(lengths(variant))} rows stored, 0 computed from all-MiniLM-L6-v2"
    assert {r["params"]["ell"] for r in rows} == {32, 64, 128, 256}


def test_the_python_and_toml_paper_defaults_share_their_rows():
    from specproof.checks.battery.loader import load_variants
    from specproof.checks.battery.real_checks import fingerprint

    toml, py = _spec("paper_default"), load_variants(EXAMPLES / "paper_default.py")[0]
    assert all(fingerprint(toml, ell, 6) == fingerprint(py, ell, 6) for ell in (32, 256))
    other = replace(toml, gate=Gate.constant(0.5))
    assert fingerprint(other, 32, 6) != fingerprint(toml, 32, 6)


def test_the_rows_are_the_committed_real_attention_windows():
    """Without the side path the stored rows are the project's real-attention measurement (same model, text and
    windows): the heads' μ₂ and R_eff agree with data/real-attention.jsonl to its 6 digits."""
    from specproof.checks.battery.real_checks import measured
    from specproof.runs.real.models import stored_rows

    committed = {
        (r["params"]["ell"], r["params"]["sample"]): r for r in stored_rows() if "layers" in r and r["params"]["ell"]
    }
    rows, _ = measured(_spec("paper_default"))
    for row in rows:
        ref = committed[row["params"]["ell"], row["params"]["sample"]]
        for mine, theirs in zip(row["layers"], ref["layers"]):
            assert np.allclose(mine["mu2_attn"], theirs["mu2_attn"], rtol=1e-5, atol=1e-6)
            assert np.allclose(mine["reff_attn"], theirs["reff_0"], rtol=1e-5, atol=1e-6)


def test_the_paper_default_on_real_heads():
    report = {pid: run_property(_spec("paper_default"), PROPERTIES[pid]) for pid in REAL}
    assert report["real-safety-net"].label() == "holds" and report["real-safety-net"].status is Status.VERIFIED
    assert report["real-mu2-lift"].label() == "holds"
    rank = report["real-rank"]
    assert rank.label() == "fails" and rank.as_declared  # declared, with its reason
    ev = next(e for e in rank.evidence if e.status is Status.REFUTED)
    assert ev.counterexample["input"]["with"] < ev.counterexample["input"]["without"]


def test_a_wrong_real_declaration_is_caught_with_a_counterexample():
    undeclared = replace(_spec("paper_default"), expect={})
    result = run_property(undeclared, PROPERTIES["real-rank"])
    assert result.expected.label() == "holds" and not result.as_declared
    assert "counterexample" in result.explain() and '"ell"' in result.explain() and '"layer"' in result.explain()
    wrong = replace(_spec("static_gate"), expect={"real-mu2-lift": "fails: wrongly declared"})
    lifted = run_property(wrong, PROPERTIES["real-mu2-lift"])
    assert lifted.label() == "holds" and not lifted.as_declared


def test_without_a_model_a_real_property_is_open_never_a_pass(monkeypatch):
    from specproof.runs.real import models as real_models
    from specproof.theory.validate import InputError

    def missing():
        raise InputError("the default model all-MiniLM-L6-v2 is not installed; install it with `pip install ...`")

    monkeypatch.setattr(real_models, "minilm_archive", missing)
    unstored = Variant(
        "unstored",
        schedule=Schedule.geometric(2),
        kernel=Kernel.triangular(),
        gate=Gate.constant(0.3),
        model=RealModel.minilm(),
        sizes=Sizes(t_operator=64, t_max=256, examples=10),
    )
    for pid in REAL:
        result = run_property(unstored, PROPERTIES[pid])
        assert result.outcome.kind == "undecided" and result.status is Status.OPEN and not result.as_declared
        summary = result.evidence[0].summary
        assert "not run" in summary and "no model is available" in summary and "not installed" in summary


def test_the_banded_network_is_the_dense_one():
    from specproof.checks.battery.network_checks import banded_isolating_mu2, network_mu2

    for name in ("paper_default", "box_kernel", "triadic", "static_gate"):
        variant = _spec(name)
        for T, D in ((16, 2), (64, 4), (200, 4)):
            banded, dense = banded_isolating_mu2(variant, T, D), network_mu2(variant, "isolating", T, D)[0]
            assert abs(banded - dense) <= 1e-9 * dense
    assert banded_isolating_mu2(_spec("no_dyadic"), 512, 4) is None  # b = T: not banded


def test_the_fixed_depth_net_sweeps_to_2_12_and_a_wrong_declaration_is_caught():
    result = run_property(replace(_spec("static_gate"), expect={}), PROPERTIES["network-safety-net"])
    # undeclared, the paper's guarantee Ω(1) is expected: it is broken, at the rate 1/T^2
    assert result.label() == "fails" and not result.as_declared
    assert result.outcome.reading.consistent[0] == "1/T^2" and result.status is Status.REFUTED
    fit = result.evidence[0]
    assert "4096" in fit.ranges and "banded beyond" in fit.ranges
    assert run_property(_spec("static_gate"), PROPERTIES["network-safety-net"]).as_declared


def test_network_connected_runs_the_variants_own_attention():
    variant = replace(_spec("paper_default"), sizes=Sizes(t_operator=64, t_max=256, examples=10))
    result = run_property(variant, PROPERTIES["network-connected"])
    assert (
        result.label() == "holds" and "attention softmax (causal) on spike-and-bulk scores" in result.evidence[0].ranges
    )
    without = replace(variant, attention=None)
    assert "uniform causal" in run_property(without, PROPERTIES["network-connected"]).evidence[0].ranges


BAD = [
    (
        "model.toml",
        'name = "x"\n[schedule]\nkind = "dyadic"\n[kernel]\nkind = "box"\n[model]\npath = "{tmp}"\n',
        "is not a Hugging Face model directory",
    ),
    ("depth.toml", 'name = "x"\n[schedule]\nkind = "dyadic"\ndepth = 0\n', "schedule.depth = 0"),
    (
        "fit.toml",
        'name = "x"\n[schedule]\nkind = "dyadic"\n[sizes]\nt_operator = 512\nt_network = 256\n',
        "must not exceed t_network",
    ),
    (
        "positions.toml",
        'name = "x"\n[schedule]\nkind = "dyadic"\n[kernel]\nkind = "box"\n[model]\n[sizes]\n'
        "real_max = 1024\nt_max = 2048\n",
        "exceeds all-MiniLM-L6-v2's 512 positions",
    ),
    ("tmin.toml", 'name = "x"\n[schedule]\nkind = "dyadic"\n[sizes]\nt_min = 300\n', "must not exceed t_operator"),
]


@pytest.mark.parametrize("filename, content, message", BAD, ids=[b[0] for b in BAD])
def test_bad_input_is_one_line_exit_2_before_any_work(tmp_path, capsys, filename, content, message):
    path = tmp_path / filename
    path.write_text(content.replace("{tmp}", str(tmp_path)))
    assert main(["variant", "--spec", str(path)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and message in err[0], err
    assert sorted(p.name for p in tmp_path.iterdir()) == [filename]


def test_bad_python_input_is_one_line_exit_2(tmp_path):
    path = tmp_path / "bad.py"
    path.write_text(
        "from specproof import Schedule, Variant\nvariant = Variant('x', schedule=Schedule.geometric(2, depth=0))\n"
    )
    proc = subprocess.run([sys.executable, "-m", "specproof", "variant", str(path)], capture_output=True, text=True)
    assert proc.returncode == 2 and "Traceback" not in proc.stderr and "depth" in proc.stderr
    assert len(proc.stderr.strip().splitlines()) == 1
    with pytest.raises(VariantError, match="not a Hugging Face model directory"):
        Variant("x", schedule=Schedule.geometric(2), kernel=Kernel.box(), model=str(tmp_path))


def test_output_needs_ablations(tmp_path, capsys):
    assert main(["variant", "--spec", str(EXAMPLES / "triadic.toml"), "--output", str(tmp_path / "t.md")]) == 2
    assert "--ablations" in capsys.readouterr().err
    assert main(["variant", "--ablations", "--spec", str(EXAMPLES / "triadic.toml")]) == 2


# ---- the ablation table


def _readme_table() -> str:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    start = text.index("<!-- ablations: specproof variant --ablations -->\n") + len(
        "<!-- ablations: specproof variant --ablations -->\n"
    )
    return text[start : text.index("<!-- /ablations -->", start)]


def test_the_readme_ablation_table_is_what_the_command_renders():
    from specproof.checks.battery import ablations

    stored = ablations.stored()
    assert stored is not None and stored["provenance"]["command"] == "specproof variant --ablations"
    assert _readme_table() == ablations.markdown(stored)
    assert all(v["as_declared"] for v in stored["variants"])
    assert [v["example"] for v in stored["variants"]] == [a[0] for a in ablations.ABLATIONS]


def test_the_stored_ablations_are_the_examples_declarations():
    """Every stored outcome is what the shipped example declares (or the papers' default), a declared rate named
    beside it: the store is current."""
    from specproof.checks.battery import ablations

    for entry in ablations.stored()["variants"]:
        variant = _spec(Path(entry["example"]).stem)
        for pid, outcome in entry["outcomes"].items():
            if outcome == "n/a":
                continue
            expected = variant.expectation(PROPERTIES[pid])
            assert outcome.split(",")[0] == expected.finding(PROPERTIES[pid], variant), (entry["variant"], pid)
            if expected.model is not None:
                assert outcome.endswith(f"rate {expected.model}"), (entry["variant"], pid, outcome)


def test_the_ablation_store_is_byte_stable(tmp_path):
    from specproof.checks.battery import ablations

    path = tmp_path / "ablations.json"
    results = {"variants": ablations.stored()["variants"]}
    assert ablations.write(path, results)
    before = path.read_bytes()
    assert not ablations.write(path, results) and path.read_bytes() == before
    changed = json.loads(json.dumps(results))
    changed["variants"][0]["outcomes"]["real-rank"] = "holds"
    assert ablations.write(path, changed) and path.read_bytes() != before


def test_a_cell_counts_the_papers_outcomes_and_names_the_others():
    from specproof.checks.battery.ablations import cell

    entry = {
        "outcomes": {
            "network-safety-net": "fails, T^-2.69",
            "real-rank": "fails",
            "real-mu2-lift": "holds",
            "operator-mu2-rate": "holds, rate log T",
            "rank-floor": "n/a",
        }
    }
    assert cell(entry, "network, fixed D") == "0/1 (network-safety-net: fails, T^-2.69)"
    assert cell(entry, "real attention") == "1/2 (real-rank: fails)"
    assert cell(entry, "summed operator") == "0/1 (operator-mu2-rate: holds, rate log T)"  # n/a not counted
    assert cell(entry, "skeleton") == "—"


@pytest.mark.slow
def test_the_ablation_command_reproduces_the_store(tmp_path, capsys):
    from specproof.checks.battery import ablations

    out = tmp_path / "table.md"
    assert main(["variant", "--ablations", "--output", str(out)]) == 0
    printed = capsys.readouterr().out
    assert out.read_text(encoding="utf-8") == ablations.markdown(ablations.stored())
    assert re.search(r"\| `paper_default.toml` TRSP \(default\) \|", printed)
