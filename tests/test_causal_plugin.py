"""TRSP as a post-training plugin (runs/real/plugin.py, side_plugin.py, plugin_rules.py) on a tiny Llama-architecture
GGUF written here: the task's instances, the side path's term as Eq. 6 writes it, deterministic and resumable
training, rows and resume, and the pre-stated decision rules on synthetic rows."""

import dataclasses
import json

import numpy as np
import pytest

pytest.importorskip("gguf", reason="the causal decoder path needs gguf (pip install 'specproof[causal]')")
pytest.importorskip("transformers", reason="the causal decoder path needs transformers")
pytest.importorskip("accelerate", reason="transformers' GGUF loading needs accelerate")
pytest.importorskip("peft", reason="the plugin's LoRA arms need peft")
import torch  # noqa: E402
from tiny_gguf import write_tiny_gguf  # noqa: E402

from specproof.cli.main import main  # noqa: E402
from specproof.runs.real import causal, gguf_model, plugin, plugin_rules  # noqa: E402
from specproof.runs.real.side_plugin import SidePathPlugin  # noqa: E402
from specproof.runs.real.text import default_text  # noqa: E402
from specproof.theory.torch.filters import tribox_filter_torch  # noqa: E402
from specproof.theory.torch.transformer import SidePathSpec  # noqa: E402

CONFIG = plugin.CONFIGS["tiny"]


@pytest.fixture(scope="module")
def source(tmp_path_factory):
    path = write_tiny_gguf(tmp_path_factory.mktemp("gguf") / "tiny.gguf")
    return causal.Source(gguf_model.check_gguf(path), default_text(), dtype="float32")


@pytest.fixture(scope="module")
def task(source):
    return plugin.NeedleTask(source.tokenizer, source.text, CONFIG)


def test_instances_hold_their_needles_and_end_with_the_value(task, source):
    for ratio in CONFIG.ratios:
        for x in task.eval_set(ratio):
            assert x.tokens.size == ratio * CONFIG.window and 0 <= x.depth <= 1
            digits = source.tokenizer.decode(x.tokens[x.answer].tolist())
            assert digits.isdigit() and len(digits) == CONFIG.digits
            text = source.tokenizer.decode(x.tokens.tolist())
            assert text.count("special magic numbers for") == x.keys and f"is: {digits}." in text
    assert [x.keys for x in task.eval_set(1)] == [1, 4]
    a, b = task.eval_set(2), task.eval_set(2)  # the same held-out instances for every arm and seed
    assert all(np.array_equal(x.tokens, y.tokens) for x, y in zip(a, b))
    assert not np.array_equal(task.train_batch(0, 0)[0].tokens, task.train_batch(1, 0)[0].tokens)


def test_a_window_the_frame_cannot_fill_is_refused(source):
    with pytest.raises(Exception, match="allowed: a larger window"):
        plugin.NeedleTask(source.tokenizer, source.text, dataclasses.replace(CONFIG, window=200))


def test_the_side_path_adds_exactly_g_tribox_of_the_layer_input(source):
    """Eq. 6 on a pretrained layer: X + Attn(X) + g·triBox_b(X), the term riding on the attention output."""
    model = source.model
    layer = model.layers[0]
    X = torch.randn(1, 40, 16, generator=torch.Generator().manual_seed(0))
    pe = model.backbone.rotary_emb(X, torch.arange(40)[None])
    ids = torch.as_tensor([list(range(3, 43))])
    with torch.no_grad():
        bare = layer.self_attn(layer.input_layernorm(X), position_embeddings=pe)[0]
        clean = model.backbone(input_ids=ids).last_hidden_state
    plug = SidePathPlugin(model.layers, SidePathSpec("fixed", lambda T: [4, 8], gate=lambda T, b: 0.5), seed=0)
    seen = {}
    record = layer.self_attn.register_forward_hook(lambda m, a, o: seen.update(attn=o[0]))  # runs after the plugin's
    try:
        with torch.no_grad():
            layer(X, position_embeddings=pe)
    finally:
        record.remove()
        plug.remove()
    assert torch.allclose(seen["attn"] - bare, 0.5 * tribox_filter_torch(X, 4), atol=1e-6)
    assert plug.gains(40) == [[(4, 0.5)], [(8, 0.5)]]
    with torch.no_grad():
        assert torch.equal(model.backbone(input_ids=ids).last_hidden_state, clean)  # removed: the backbone untouched


def test_the_gate_starts_near_zero_and_the_backbone_is_frozen(source):
    arm = plugin.build_arm(source.model.model, "lora+trsp", 0, CONFIG)
    try:
        gains = [g for layer in arm.side.gains(CONFIG.window) for _, g in layer]
        assert len(gains) == len(arm.layers) and max(gains) <= 1 / (1 + np.exp(-CONFIG.gate_bias)) + 1e-12
        assert sum(p.numel() for p in arm.gate) == 50
        frozen = [n for n, p in arm.model.named_parameters() if p.requires_grad and "lora_" not in n]
        assert frozen == []
    finally:
        arm.side.remove()


def test_training_is_deterministic_and_resumes_to_the_same_weights(source, task, tmp_path):
    three = dataclasses.replace(CONFIG, steps=3, checkpoint_every=1)
    expect = {"fingerprint": "f", "arm": "lora+trsp", "seed": 0}

    def trained(config, checkpoint):
        arm = plugin.build_arm(source.model.model, "lora+trsp", 0, config)
        info = plugin.train(arm, task, 0, config, checkpoint, expect)
        arm.side.remove()
        return [p.detach().clone() for p in arm.trainable], info

    straight, info = trained(three, None)
    again, _ = trained(three, None)
    assert all(torch.equal(a, b) for a, b in zip(straight, again)) and len(info["losses"]) == 3
    ck = tmp_path / "ck.pt"
    trained(dataclasses.replace(three, steps=2), ck)  # interrupted after step 2 (its checkpoint kept)
    resumed, info = trained(three, ck)
    assert len(info["losses"]) == 3 and all(torch.equal(a, b) for a, b in zip(straight, resumed))
    with pytest.raises(Exception, match="belongs to another run"):
        arm = plugin.build_arm(source.model.model, "lora", 0, three)
        plugin.train(arm, task, 0, three, ck, {**expect, "arm": "lora"})


def test_the_run_writes_rows_with_provenance_and_resumes(source, tmp_path):
    store = tmp_path / "rows"
    rows = plugin.run(source, "text", CONFIG, store, None, seeds=(0,))
    assert [(r["arm"], r["seed"]) for r in rows] == [("raw", None), ("lora", 0), ("lora+trsp", 0), ("trsp", 0)]
    for r in rows:
        assert r["gguf_sha256"] == source.info.sha256 and "peft" in r and set(r["eval"]) == {"1", "2"}
        diag = r["eval"]["1"]["diagnostics"]["layers"]
        assert diag["spr"][0] == pytest.approx(1.0, rel=1e-5) and len(diag["spr"]) == 3
    assert rows[2]["train"]["trainable"] == rows[1]["train"]["trainable"] + 50
    text = (store / plugin.STORE_FILE).read_text()
    again = plugin.run(source, "text", CONFIG, store, None, seeds=(0, 1), arms=("raw", "lora"))
    assert (store / plugin.STORE_FILE).read_text().startswith(text)  # nothing recomputed, one row added
    assert len(again) == 5 and again[-1]["arm"] == "lora" and again[-1]["seed"] == 1


def test_the_command_refuses_a_window_beyond_the_context(source, capsys):
    args = ["real", "--model", str(source.info.path), "--measure", "plugin", "--no-store"]
    assert main([*args, "--window", "1000"]) == 2
    assert "8000 exceeds tiny's 4096-token context" in capsys.readouterr().err


# --------------------------------------------------------------------------- the decision rules


def _rows(acc, n=20, diag=None):
    """acc: {arm: [[acc at each ratio] per seed]} → rows the rules read."""
    out = []
    for arm, per_seed in acc.items():
        for s, values in enumerate(per_seed):
            ev = {}
            for r, a in zip((1, 2, 4, 8), values):
                hits = int(round(a * n))
                d = (diag or {}).get((arm, s), 1.0)
                ev[str(r)] = {
                    "accuracy": hits / n,
                    "correct": [True] * hits + [False] * (n - hits),
                    "diagnostics": {"layer_mean": {"stable_rank": d, "spr": d, "flatness": d, "anisotropy": 1 / d}},
                }
            out.append({"arm": arm, "seed": s, "eval": ev})
    return out


def test_the_rules_decide_a_paper_sized_effect_and_its_absence():
    lora = [[1.0, 0.9, 0.6, 0.2 + 0.05 * s] for s in range(6)]
    paper = _rows({"lora": lora, "lora+trsp": [[1, 0.95, 0.9, 0.85 + 0.02 * s] for s in range(6)]})
    d = plugin_rules.decide(paper)
    assert d["precondition"]["met"] and d["drop"]["low"] > 0
    assert d["fraction"]["verdict"] == "supported" and d["logodds"]["verdict"] == "supported"
    assert d["direction"]["verdict"] == "supported" and not d["tost"]["equivalent"]
    none = _rows(
        {"lora": lora, "lora+trsp": [row[:3] + [row[3] + (0.05 if s % 2 else -0.05)] for s, row in enumerate(lora)]}
    )
    d = plugin_rules.decide(none)
    assert d["fraction"]["verdict"] == "refuted at this scale" and d["logodds"]["verdict"] == "refuted at this scale"
    assert d["tost"]["equivalent"] and d["direction"]["verdict"] == "open"


def test_no_drop_means_no_effect_size_and_a_missed_precondition_means_open():
    flat = [[1.0, 1.0, 1.0, 1.0]] * 6
    d = plugin_rules.decide(_rows({"lora": flat, "lora+trsp": flat}))
    assert d["fraction"]["verdict"] == "not applicable" and "no drop" in d["fraction"]["why"]
    assert d["logodds"]["verdict"] == "not applicable"  # rule 2: neither effect-size rule applies without a drop
    low = [[0.5, 0.5, 0.4, 0.2]] * 6
    d = plugin_rules.decide(_rows({"lora": low, "lora+trsp": low}))
    assert not d["precondition"]["met"] and d["direction"]["verdict"] == "open" and d["logodds"]["verdict"] == "open"


def test_diagnostics_are_corrected_by_holm():
    assert plugin_rules.holm([0.01, 0.04, 0.03, 0.005]) == pytest.approx([0.03, 0.06, 0.06, 0.02])
    seeds = len(plugin.CONFIGS["default"].seeds)
    assert seeds == 5  # the committed plan: raw + 3 arms × 5 seeds
    assert len(plugin.planned(plugin.CONFIGS["default"])) == 1 + 3 * seeds
    acc = [[1.0, 0.9, 0.6, 0.2]] * seeds
    diag = {("lora+trsp", s): 2.0 + 0.1 * s for s in range(seeds)}
    d = plugin_rules.decide(_rows({"lora": acc, "lora+trsp": acc}, diag=diag))
    cells = {(c["diagnostic"], c["ratio"]): c for c in d["diagnostics"]}
    assert len(cells) == 16 and all(c["p_holm"] >= c["p"] for c in cells.values())
    assert cells[("stable_rank", 8)]["effect"] > 0 and cells[("anisotropy", 8)]["effect"] < 0
    assert all(c["p_permutation"] >= 1 / 16 for c in cells.values())  # 5 pairs: the exact test's floor 2/2⁵
    assert cells[("stable_rank", 8)]["verdict"] == "supported"  # the t-test's p passes Holm on a unanimous effect
    json.dumps(d)


def test_five_pairs_leave_the_direction_open_and_the_effect_sizes_free():
    """At the committed plan's 5 pairs the exact permutation test cannot reach 5 % (2/2⁵ = 1/16): the direction is
    open even for a unanimous effect, while the effect-size rules (bootstrap bounds) and TOST still decide."""
    lora = [[1.0, 0.9, 0.6, 0.2 + 0.05 * s] for s in range(5)]
    d = plugin_rules.decide(_rows({"lora": lora, "lora+trsp": [[1, 0.95, 0.9, 0.85 + 0.02 * s] for s in range(5)]}))
    assert d["n"] == 5 and d["precondition"]["met"]
    assert d["direction"]["verdict"] == "open" and d["direction"]["p"] >= 1 / 16
    assert d["fraction"]["verdict"] == "supported" and d["logodds"]["verdict"] == "supported"
