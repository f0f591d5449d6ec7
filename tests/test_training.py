"""The training harness (checks/training.py, theory/transformer.py, theory/trained_metrics.py): a tiny configuration
trained end to end in seconds, determinism for a seed, resumption after an interrupt, the side path against TRSP
Eq. 6 as the project's numpy filters compute it, the metrics against their dense definitions on fixed matrices, the
command's refusals, and the claims' spread rule."""

import json
import math
import signal
import threading
from pathlib import Path

import numpy as np
import pytest
import scipy.stats
import torch

from specproof.cli.main import main
from specproof.runs.sweeps.table import Store
from specproof.runs.train import harness as tr
from specproof.theory import filters
from specproof.theory.kernels import CausalConvolution
from specproof.theory.operators import TriBox
from specproof.theory.torch.transformer import Decoder, DecoderConfig, SidePathSpec
from specproof.theory.trained_metrics import (
    exact_matches,
    head_measures,
    log_index_grid,
    needle_bytes,
    propagation_rates,
    representation_diagnostics,
    retrieval_example,
    thm7_scale,
)
from specproof.theory.validate import InputError

ROOT = Path(__file__).resolve().parents[1]
TINY = tr.CONFIGS["tiny"]


@pytest.fixture(scope="module")
def corpus():
    return tr.load_corpus()


def setting(corpus, names, checkpoints=None, config=TINY):
    return tr.Setting(config, corpus, tr.resolve_variants(names), tr.resolve_device("cpu"), checkpoints)


def weights(model) -> dict:
    return {k: v.detach().clone() for k, v in model.state_dict().items()}


def same_weights(a: dict, b: dict) -> bool:
    return a.keys() == b.keys() and all(torch.equal(a[k], b[k]) for k in a)


# --------------------------------------------------------------------------- end to end


def test_tiny_run_end_to_end(corpus, tmp_path):
    s = setting(corpus, ["base", "trsp", "dense-full-sweep"], tmp_path / "ckpt")
    store = Store(tmp_path / "store")
    result = tr.run(s, seeds=[0], store=store)
    assert result.computed == 3 * (1 + len(TINY.ratios))
    rows = [json.loads(line) for line in store.path(tr.STORE_NAME).read_text().splitlines()]
    assert len(rows) == result.computed
    for row in rows:
        for key in (
            "specproof",
            "python",
            "torch",
            "numpy",
            "machine",
            "date",
            "seconds",
            "device",
            "dtype",
            "threads",
            "load_start",
            "load_end",
        ):
            assert key in row, key
        assert row["params"]["seed"] == 0 and row["params"]["config"] == "tiny"
        if row["params"]["measure"] == "train":
            assert row["steps"] == TINY.steps and row["train_seconds"] > 0 and row["checkpoint_sha256"]
            assert math.isfinite(row["final_loss"]) and row["final_loss"] < math.log(256)
        else:
            assert row["length"] == row["params"]["ratio"] * TINY.train_length
            assert 0 <= row["retrieval"]["accuracy"] <= 1 and math.isfinite(row["heldout_loss"])
            for key in ("spr", "stable_rank", "flatness", "anisotropy"):
                assert len(row["layers"][key]) == TINY.n_layers and all(math.isfinite(v) for v in row["layers"][key])
            heads = row["heads"]
            assert len(heads) == TINY.n_layers and all(len(layer) == TINY.n_heads for layer in heads)
            assert all(h["upper_max"] == 0 for layer in heads for h in layer)  # causal: exactly triangular
    trsp_train = next(r for r in rows if r["params"]["variant"] == "trsp" and r["params"]["measure"] == "train")
    assert trsp_train["parameters"]["gate"] == 50  # TRSP's ≈50 gate parameters (trsp.gate.param-count)
    base_train = next(r for r in rows if r["params"]["variant"] == "base" and r["params"]["measure"] == "train")
    assert base_train["parameters"]["total"] + 50 == trsp_train["parameters"]["total"]
    # a rerun computes nothing and trains nothing
    again = tr.run(setting(corpus, ["base", "trsp", "dense-full-sweep"], tmp_path / "ckpt"), seeds=[0], store=store)
    assert again.computed == 0 and again.reused == result.computed
    grouped = tr.committed_run(again.rows, "tiny")
    assert set(grouped["variants"]) == {"base", "trsp", "dense-full-sweep"}
    assert "retrieval accuracy" in tr.summary_table(grouped, TINY.ratios)


def test_training_is_deterministic_for_a_seed(corpus):
    a, info_a = tr.train(setting(corpus, ["trsp"]), "trsp", 3)
    b, info_b = tr.train(setting(corpus, ["trsp"]), "trsp", 3)
    c, _ = tr.train(setting(corpus, ["trsp"]), "trsp", 4)
    assert same_weights(weights(a), weights(b)) and info_a["log"] == info_b["log"]
    assert not same_weights(weights(a), weights(c))


def test_batches_are_a_function_of_seed_and_step(corpus):
    one = tr.batch_tokens(corpus, TINY, 0, 5)
    assert np.array_equal(one, tr.batch_tokens(corpus, TINY, 0, 5))
    assert not np.array_equal(one, tr.batch_tokens(corpus, TINY, 0, 6))
    assert one.shape == (TINY.batch, TINY.train_length + 1)


def test_resume_after_an_interrupt_reaches_the_same_weights(corpus, tmp_path, monkeypatch):
    straight, log = tr.train(setting(corpus, ["trsp"]), "trsp", 0)
    real_batch = tr.batch_tokens
    cut = TINY.checkpoint_every + 3  # between two checkpoints: the steps since the last one are lost and redone

    def interrupted(corpus_, config, seed, step):
        if step == cut:
            raise KeyboardInterrupt
        return real_batch(corpus_, config, seed, step)

    monkeypatch.setattr(tr, "batch_tokens", interrupted)
    with pytest.raises(KeyboardInterrupt):
        tr.train(setting(corpus, ["trsp"], tmp_path), "trsp", 0)
    monkeypatch.setattr(tr, "batch_tokens", real_batch)
    state = torch.load(next(tmp_path.glob("*.pt")), weights_only=True)
    assert state["step"] == TINY.checkpoint_every
    resumed, info = tr.train(setting(corpus, ["trsp"], tmp_path), "trsp", 0)
    assert same_weights(weights(straight), weights(resumed))
    assert info["log"] == log["log"] and [s["start_step"] for s in info["sessions"]] == [0, TINY.checkpoint_every]


@pytest.mark.skipif(
    threading.current_thread() is not threading.main_thread(), reason="signals reach the main thread only"
)
def test_ctrl_c_stops_at_the_next_step_boundary_with_a_checkpoint(corpus, tmp_path, monkeypatch):
    straight, _ = tr.train(setting(corpus, ["base"]), "base", 1)
    real_batch = tr.batch_tokens
    cut = 5

    def signalled(corpus_, config, seed, step):
        if step == cut:
            signal.raise_signal(signal.SIGINT)  # the handler only records it: this step completes
        return real_batch(corpus_, config, seed, step)

    monkeypatch.setattr(tr, "batch_tokens", signalled)
    with pytest.raises(KeyboardInterrupt):
        tr.train(setting(corpus, ["base"], tmp_path), "base", 1)
    monkeypatch.setattr(tr, "batch_tokens", real_batch)
    assert torch.load(next(tmp_path.glob("*.pt")), weights_only=True)["step"] == cut + 1
    resumed, _ = tr.train(setting(corpus, ["base"], tmp_path), "base", 1)
    assert same_weights(weights(straight), weights(resumed))


def test_a_variant_from_the_battery_trains(corpus, tmp_path):
    from specproof.cli.train import loaded_side_paths

    variants = tr.resolve_variants(
        [], loaded_side_paths([ROOT / "examples/variants/triadic.toml"], [ROOT / "examples/variants/box_kernel.py"])
    )
    assert "triadic" in variants and len(variants) >= 2
    s = tr.Setting(TINY, corpus, variants, tr.resolve_device("cpu"), None)
    model, info = tr.train(s, "triadic", 0)
    assert model.side is not None and model.side.spec.kernel == "tribox" and info["parameters"]["gate"] == 50
    assert [b for layer in model.side_gains(27) for b, _ in layer] == [1, 3]  # min(3^ℓ, T) in each of the 2 layers


# --------------------------------------------------------------------------- the side path is Eq. 6


def _model(spec, T=20, layers=3):
    return Decoder(DecoderConfig(d_model=8, n_layers=layers, n_heads=2), spec, seed=0).double()


@pytest.mark.parametrize("kernel", ["tribox", "box", "weights", "matrix"])
@pytest.mark.parametrize("layout", ["sparse", "dense"])
def test_the_side_path_is_eq6_with_the_project_filters(kernel, layout):
    T, layers = 20, 3
    extra = {
        "weights": {"weights": lambda b: np.arange(1.0, b + 2)},
        "matrix": {"matrix": lambda T, b: TriBox(T, b).as_matrix()},
    }
    spec = SidePathSpec(
        "s",
        lambda T: [min(2**i, T) for i in range(5)],
        kernel,
        gate=lambda T, b: 0.25 + b / 100,
        layout=layout,
        **extra.get(kernel, {}),
    )
    model = _model(spec, T, layers)
    X = np.random.default_rng(0).normal(size=(T, 8))
    reference = {
        "tribox": lambda b: TriBox(T, b).as_matrix(),
        "matrix": lambda b: TriBox(T, b).as_matrix(),
        "box": lambda b: filters.box_matrix(T, b),
        "weights": lambda b: CausalConvolution(T, np.arange(1.0, b + 2)).as_matrix(),
    }
    layer_bands = spec.layer_bandwidths(T, layers)
    assert layer_bands == ([(1, 2, 4)] * 3 if layout == "dense" else [(1,), (2,), (4,)])
    for i, (bands, G) in enumerate(zip(layer_bands, model.side_matrices(T))):
        expected = sum((0.25 + b / 100) * reference[kernel](b) for b in bands)
        assert np.allclose(G.numpy(), expected, atol=1e-13)
        _, g = model.side.gains(T, torch.zeros((), dtype=torch.float64))
        term = model.side.term(torch.as_tensor(X)[None], bands, g)[0].numpy()
        assert np.allclose(term, expected @ X, atol=1e-12)


def test_the_trainable_gate_is_eq7_and_the_schedule_eq5():
    spec = SidePathSpec("trsp", lambda T: filters.dyadic_schedule(T))
    model = _model(spec, layers=4)
    params = model.side.gate.params()
    from specproof.theory.torch.gate import gate_value

    for T in (8, 64):
        gains = model.side_gains(T)
        assert [[b for b, _ in layer] for layer in gains] == [[min(2**i, T)] for i in range(4)]
        for layer in gains:
            for b, g in layer:
                assert g == pytest.approx(float(gate_value(b / T, params)), rel=1e-6)


def test_schedules_beyond_the_depth_and_bad_bandwidths():
    spec = SidePathSpec("short", lambda T: [1, 2])
    assert spec.layer_bandwidths(16, 4) == [(1,), (2,), (), ()]
    with pytest.raises(InputError, match="schedule gave"):
        SidePathSpec("bad", lambda T: [T + 1]).bandwidths(8)
    with pytest.raises(InputError):
        SidePathSpec("bad", lambda T: [1], kernel="weights")


def test_the_trace_reproduces_the_attention_and_the_base_model_has_no_side_path():
    model = _model(None)
    idx = torch.as_tensor(np.random.default_rng(1).integers(0, 256, (1, 16)))
    out = model(idx, trace=True)
    fused = model(idx)
    assert torch.allclose(out.logits, fused.logits, atol=1e-10)  # the traced and the fused attention agree
    for t in out.traces:
        S = t.Q @ t.K.transpose(-1, -2) * t.scaling
        S = S.masked_fill(torch.ones(16, 16, dtype=torch.bool).triu(1), -math.inf)
        assert torch.allclose(torch.softmax(S, -1), t.A, atol=1e-12)
    assert model.side_matrices(16) == [None] * 3 and model.parameter_counts()["gate"] == 0


# --------------------------------------------------------------------------- metrics against dense definitions


def test_representation_diagnostics_match_their_definitions():
    H = np.random.default_rng(2).normal(size=(40, 6)) @ np.diag([3, 2, 1, 1, 0.5, 0.1]) + 0.3
    s = np.linalg.svd(H, compute_uv=False)
    U = H / np.linalg.norm(H, axis=1, keepdims=True)
    cos = U @ U.T
    got = representation_diagnostics(H)
    assert got["stable_rank"] == pytest.approx(np.linalg.norm(H, "fro") ** 2 / np.linalg.norm(H, 2) ** 2, rel=1e-12)
    assert got["flatness"] == pytest.approx(scipy.stats.gmean(s) / s.mean(), rel=1e-12)
    assert got["anisotropy"] == pytest.approx(cos[~np.eye(40, dtype=bool)].mean(), rel=1e-12)
    rank_one = np.outer(np.arange(1.0, 41), [1, 2, 3])
    one = representation_diagnostics(rank_one)
    assert one["stable_rank"] == pytest.approx(1) and one["anisotropy"] == pytest.approx(1)


def test_propagation_rates_are_norm_ratios():
    clean = [np.zeros((3, 2)), np.ones((3, 2))]
    delta = np.full((3, 2), 1e-3)
    noisy = [c + k * delta for k, c in zip((2.0, 0.5), clean)]
    assert propagation_rates(clean, noisy, delta) == pytest.approx([2.0, 0.5])
    with pytest.raises(InputError):
        propagation_rates(clean, noisy, np.zeros((3, 2)))


def test_head_measures_on_uniform_causal_attention():
    """A_h = H_ℓ (every score 0): eigenvalues 1/t on the diagonal (Thm 3 with a_i = 1), i·σ_i of the Cesàro matrix,
    srank and eranks from the dense SVD, and the graph spectra of its symmetrisation."""
    ell = 24
    Hc = np.tril(np.ones((ell, ell))) / np.arange(1, ell + 1)[:, None]
    A = torch.as_tensor(np.stack([Hc, Hc]))
    Q = torch.zeros(2, ell, 4)
    Q[..., 0] = 1.0
    side = torch.as_tensor(0.5 * TriBox(ell, 2).as_matrix())
    rows = head_measures(A, Q, torch.zeros(2, ell, 4), 0.5, side=side, eigen_max=64)
    sv = np.linalg.svd(Hc, compute_uv=False)
    t = np.arange(1, ell + 1)
    for row in rows:
        assert row["upper_max"] == 0 and row["eig_diag_error"] < 1e-12
        assert row["diag_harmonic"] == pytest.approx([1, 1, 1]) and row["diag_above_uniform"] == 1
        assert row["sigma1"] == pytest.approx(sv[0]) and row["min_i_sigma"] == pytest.approx((t * sv).min())
        assert row["share_thm4_lower"] == pytest.approx(np.mean(t * sv >= 1 / 3))
        assert row["srank"] == pytest.approx((sv**2).sum() / sv[0] ** 2)
        q = sv / sv.sum()
        assert row["erank1"] == pytest.approx(math.exp(-(q * np.log(q)).sum()))
        assert row["k"] == 0 and row["thm7_F"] == pytest.approx(thm7_scale(ell, 0)) == pytest.approx(math.log(ell + 1))
        assert row["trace_real"] == pytest.approx(sum(1 / t)) == pytest.approx(row["trace_canonical"])
        W = (Hc + Hc.T) / 2
        L = np.diag(W.sum(1)) - W
        assert row["mu2_attn"] == pytest.approx(np.linalg.eigvalsh(L)[1], rel=1e-10)
        M = np.eye(ell) + Hc + side.numpy()
        assert row["reff_side"] == pytest.approx(np.linalg.norm(M, "fro") ** 2 / np.linalg.norm(M, 2) ** 2, rel=1e-10)
        Ws = (side.numpy() + side.numpy().T) / 2
        assert row["mu2_side"] >= row["mu2_attn"] - 1e-12  # Weyl: adding a PSD Laplacian never lowers μ₂
        assert row["mu2_side"] == pytest.approx(np.linalg.eigvalsh(L + np.diag(Ws.sum(1)) - Ws)[1], rel=1e-10)
        assert row["profile"] == pytest.approx([float(i * sv[i - 1]) for i in log_index_grid(ell)])


def test_head_measures_on_a_softmax_head_match_numpy():
    rng = np.random.default_rng(3)
    ell, dh = 16, 4
    Q, K = rng.normal(size=(1, ell, dh)), rng.normal(size=(1, ell, dh))
    S = Q[0] @ K[0].T * 0.5
    S[np.triu_indices(ell, 1)] = -np.inf
    A = np.exp(S - S.max(1, keepdims=True))
    A /= A.sum(1, keepdims=True)
    row = head_measures(torch.as_tensor(A[None]), torch.as_tensor(Q), torch.as_tensor(K), 0.5)[0]
    lam = np.linalg.eigvals(A)
    assert row["eig_diag_error"] == pytest.approx(np.abs(np.sort(lam.real) - np.sort(np.diag(A))).max(), abs=1e-12)
    assert row["score_rank"] == dh
    assert row["trace_real"] == pytest.approx(np.trace(A))


def test_retrieval_examples_place_the_needle_and_the_question():
    hay = np.full(500, ord("a"), dtype=np.uint8)
    for seed in range(20):
        ex = retrieval_example(hay, 64, np.random.default_rng(seed))
        statement, question = needle_bytes(ex.tokens[-7:-4], ex.value)  # the question is \x02 KEY = VAL
        assert ex.tokens.size == 65 and np.array_equal(ex.tokens[-question.size :], question)
        assert np.array_equal(ex.tokens[ex.depth : ex.depth + statement.size], statement)
        assert ex.value.size == 3 and set(ex.value) <= set(range(48, 58))
    with pytest.raises(InputError, match="too short"):
        retrieval_example(hay, 10, np.random.default_rng(0))
    assert list(exact_matches([[1, 2], [1, 3]], [[1, 2], [1, 2]])) == [True, False]


def test_the_corpus_reserves_the_markers_and_holds_out_a_tenth(corpus):
    for part in (corpus.train, corpus.heldout):
        assert not np.isin(part, tr.RESERVED).any()
    total = corpus.train.size + corpus.heldout.size
    assert corpus.heldout.size == pytest.approx(tr.HELDOUT_SHARE * total, abs=1)
    assert corpus.label.startswith("pydoc_data.topics@")


# --------------------------------------------------------------------------- the command


@pytest.mark.parametrize(
    "argv, message",
    [
        (["--config", "huge"], "invalid choice"),
        (["--variants", "trsp,nope"], "allowed: distinct names"),
        (["--seeds", "-1"], "out of range"),
        (["--config", "gpu", "--device", "cpu"], "hours of training"),
        (["--text", "/nonexistent/file.txt", "--config", "tiny"], "cannot read it"),
        (["--spec", "examples/variants/encoder_attention.toml", "--config", "tiny"], "bidirectional attention"),
        (["--config", "tiny", "--json", "/nonexistent/dir/out.json"], "does not exist"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(argv, message, capsys, monkeypatch):
    monkeypatch.chdir(ROOT)
    assert main(["train", *argv]) == 2
    err = capsys.readouterr().err.strip()
    assert message in err and len(err.splitlines()) == 1


def test_the_command_trains_and_writes_json_and_figures(tmp_path, capsys):
    out = tmp_path / "run.json"
    argv = [
        "train",
        "--config",
        "tiny",
        "--variants",
        "base,trsp",
        "--seeds",
        "0,1",
        "--store",
        str(tmp_path / "s"),
        "--checkpoints",
        str(tmp_path / "c"),
        "--json",
        str(out),
        "--figures",
        str(tmp_path / "fig"),
        "--no-progress",
    ]
    assert main(argv) == 0
    printed = capsys.readouterr().out
    assert "stable rank: mean [min, max] over seeds" in printed and "83.2" in printed
    data = json.loads(out.read_text())
    assert data["seeds"] == [0, 1] and len(data["rows"]) == 2 * 2 * (1 + len(TINY.ratios))
    assert {p.name for p in (tmp_path / "fig").iterdir()} >= {"trained-diagnostics.png", "trained-head-spectra.json"}
    assert main(argv) == 0 and "0 rows computed" in capsys.readouterr().out  # resumed: nothing left to do


def test_the_parser_names_the_configurations_and_variants_of_the_harness():
    from specproof.engine import options

    assert options.TRAIN_CONFIGS == tuple(tr.CONFIGS) and set(tr.builtin_variants()) == set(options.TRAIN_VARIANTS)


def test_the_gpu_script_is_the_gpu_configuration():
    import runpy

    gpu = runpy.run_path(str(ROOT / "benchmarks" / "gpu_train.py"), run_name="not_main")
    config = tr.CONFIGS["gpu"]
    assert (config.d_model, config.n_layers, config.n_heads, config.train_length) == (512, 14, 8, 1024)
    assert gpu["ARGV"][:2] == ["train", "--config"] and "gpu" in gpu["ARGV"]


# --------------------------------------------------------------------------- the claims' spread rule


def test_the_spread_rule_of_the_trained_claims():
    from specproof.checks.claims.trsp.main.s5_2 import compare

    assert compare([3, 4, 5], [1, 2, 2.5], higher=True)[0] == "beyond"
    assert compare([3, 4, 5], [1, 2, 3.5], higher=True)[0] == "overlap"
    assert compare([1, 2], [3, 4], higher=True)[0] == "reversed"
    assert compare([0.1, 0.2], [0.3, 0.4], higher=False)[0] == "beyond"


def test_a_users_side_path_is_trained_beside_base_and_trsp(tmp_path, capsys):
    """`specproof train --config tiny --variant FILE`: base and TRSP are put beside the user's variant (read from the
    committed rows where the config and fingerprint match, trained otherwise), and the run says when nothing was
    learned instead of sizing an effect."""
    spec = tmp_path / "mine.toml"
    spec.write_text(
        'name = "mine"\ndescription = "base-3 bandwidths"\n[schedule]\nkind = "geometric"\nbase = 3\n'
        '[gate]\nkind = "trsp"\nseed = 0\n'
    )
    argv = ["train", "--config", "tiny", "--variant", str(spec), "--seeds", "0,1", "--no-store", "--no-progress"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "3 variants × 2 seeds" in out
    assert "mine − base (byte-level retrieval probe, D = 2, d = 32, T = 32): nothing was learned at 1×" in out
    assert "trsp − base (byte-level" in out and "smallest effect" not in out
