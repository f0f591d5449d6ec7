"""SDEG's causal theorems and TRSP's §4.1 diagnostics on a pretrained causal decoder (SmolLM2-135M-Instruct, or any
Llama-architecture GGUF), offline.

- **Capture, in bounded memory** (:func:`capture`): one forward pass with hooks on every attention module keeps
  what the module saw (its normalised input X, the rotary tables cos, sin) and what it returned (after o_proj):
  O(layers·ℓ·d) numbers, never an ℓ×ℓ map. :func:`layer_heads` then rebuilds the layer's heads one at a time, each
  once, as the model computes them: Q_h, K_g from the module's own projections and the model's own rotary function, the
  grouped-query key-value head g = h // (H / H_kv) (transformers' ``repeat_kv``), S_h = Q_h K_gᵀ·scaling and
  A_h = softmax(S_h + M), each map measured as it is built. Before a layer's measures are returned, its output
  Σ_h A_h V_g W_oᵀ is recomputed from those maps and compared with the module's: a model whose scores these are not
  is refused (``REPRODUCTION_TOLERANCE``, relative, float64). At most one ℓ×ℓ map is alive at a time.
- **Heads** (:func:`heads_point`): per (ℓ, window) one row, per layer and head the measures of
  :func:`specproof.theory.causal_heads.causal_head_measures` (W₁ to the canonical causal law, srank/erank of both,
  Thm 3, 4, 7 readings, the sink mass); rows in ``<store>/causal-heads.jsonl``.
- **Diagnostics** (:func:`diagnostics_point`): TRSP §4.1 per layer of the residual stream (the embeddings, then
  after every block): SPR with σ = 10⁻³ added to the embeddings (the clean and the perturbed sequence run as one
  batch of two, compared layer by layer inside the hooks), stable rank, spectral flatness, anisotropy over all
  token pairs; rows in ``<store>/causal-diagnostics.jsonl``.
- **Store**: the sweep store (atomic rewrite per row): an interrupted run keeps every finished row and resumes; a
  finished one reruns without loading the model. Every row carries the file's provenance
  (:meth:`~specproof.runs.real.gguf_model.GGUFInfo.provenance`), the library versions, device, dtype and threads.
"""

from __future__ import annotations

import functools
import math
import sys
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING

from specproof.runs.real import gguf_model
from specproof.runs.real.text import token_ids, windows
from specproof.runs.train.harness import _round  # the stored rows' rounding (DIGITS = 6), one definition
from specproof.theory.validate import InputError

if TYPE_CHECKING:
    import torch

HEAD_LENGTHS = (64, 128, 256, 512, 1024, 2048)
DIAGNOSTIC_LENGTHS = (512, 1024, 2048, 4096, 8192)
WINDOWS = 3  # per length: the median over windows of a head is a measured window, not an average of two
REPRODUCTION_TOLERANCE = 1e-9  # max |recomputed − module output| / max |module output|, float64
HEADS_STORE = "causal-heads"
DIAGNOSTICS_STORE = "causal-diagnostics"
REVISION = 1
DIGITS = 6


# --------------------------------------------------------------------------- capture


@dataclass
class AttentionCall:
    """What one attention module saw and returned on one sequence (batch index 0)."""

    X: torch.Tensor  # (ℓ, d): the normalised layer input the projections read
    cos: torch.Tensor  # (ℓ, d_h)
    sin: torch.Tensor
    out: torch.Tensor  # (ℓ, d): the module's output after o_proj


def capture(cm: gguf_model.CausalModel, input_ids) -> list[AttentionCall]:
    """Run one sequence and keep, per layer, the attention module's input, rotary tables and output."""
    import torch

    calls: list[AttentionCall | None] = [None] * len(cm.layers)

    def keep(i: int):
        def hook(_module, args, kwargs, output):
            X = kwargs.get("hidden_states", args[0] if args else None)
            cos, sin = kwargs["position_embeddings"]
            calls[i] = AttentionCall(X[0], cos[0], sin[0], output[0][0])

        return hook

    handles = [layer.self_attn.register_forward_hook(keep(i), with_kwargs=True) for i, layer in enumerate(cm.layers)]
    ids = torch.as_tensor([list(input_ids)], dtype=torch.long, device=next(cm.model.parameters()).device)
    try:
        with torch.no_grad():
            cm.backbone(input_ids=ids, use_cache=False)
    finally:
        for h in handles:
            h.remove()
    called = [c for c in calls if c is not None]
    if len(called) != len(calls):
        raise InputError(f"{cm.name}: an attention module was not called; allowed: a Llama-architecture decoder")
    return called


def _rotary(attn):
    """The model's own rotary function: ``apply_rotary_pos_emb`` of the module that defines the attention class."""
    rope = getattr(sys.modules[type(attn).__module__], "apply_rotary_pos_emb", None)
    if rope is None:
        raise InputError(f"{type(attn).__name__}: no apply_rotary_pos_emb beside it; allowed: a Llama-family decoder")
    return rope


def _projections(attn, call: AttentionCall):
    """Q (H, ℓ, d_h) and K, V (H_kv, ℓ, d_h), rotated as the module rotates them, and the group size H / H_kv."""
    ell = call.X.shape[0]
    d_h = attn.head_dim
    q = attn.q_proj(call.X).view(ell, -1, d_h).transpose(0, 1)
    k = attn.k_proj(call.X).view(ell, -1, d_h).transpose(0, 1)
    v = attn.v_proj(call.X).view(ell, -1, d_h).transpose(0, 1)
    q, k = _rotary(attn)(q[None], k[None], call.cos[None], call.sin[None])
    H, H_kv = q.shape[1], k.shape[1]
    if H % H_kv:
        raise InputError(f"{H} query heads do not share {H_kv} key-value heads evenly")
    return q[0], k[0], v, H // H_kv


def _head_map(q, k, scaling: float, mask):
    """A_h = softmax(Q_h K_gᵀ·scaling + M): the product, its scaling and the mask in one pass (addmm)."""
    import torch

    return torch.softmax(torch.addmm(mask, q, k.T, alpha=scaling), dim=-1)


def _lower_times(A, V):
    """A V for a causal map A (lower triangular: the mask's −∞ gives exact zeros above the diagonal) by BLAS trmm,
    which reads only A's lower triangle, at half the flops of A @ V; A @ V off the CPU. The upper triangle's zeros are
    measured per head (``upper_max``)."""
    import numpy as np
    import scipy.linalg.blas
    import torch

    if A.device.type != "cpu" or A.dtype not in (torch.float32, torch.float64) or not A.is_contiguous():
        return A @ V
    a = A.numpy().T  # A row-major is Aᵀ column-major (upper triangular): no copy
    b = np.asfortranarray(V.numpy())
    trmm = scipy.linalg.blas.get_blas_funcs("trmm", (a, b))
    return torch.from_numpy(np.ascontiguousarray(trmm(1.0, a, b, trans_a=1, lower=0)))


def _keep(h: int, A, q, k):
    return h, A, q, k


def layer_heads(cm: gguf_model.CausalModel, index: int, call: AttentionCall, measure=_keep) -> tuple[list, float]:
    """The heads of layer ``index``, each rebuilt once as the model computes it (float64) and handed to
    ``measure(h, A_h, Q_h, K_g)`` (default: keep the tuple); returns what ``measure`` returned, per head, and the
    layer's reproduction error, and only once the layer's output Σ_h A_h V_g W_oᵀ has been recomputed from those maps
    and matched the module's (refused otherwise: nothing measured on a model whose scores these are not is returned).
    At most one ℓ×ℓ map is alive at a time unless ``measure`` keeps it."""
    import torch

    from specproof.runs.real.models import causal_mask

    attn = cm.layers[index].self_attn
    results, outputs = [], []
    with torch.no_grad():
        q, k, v, group = _projections(attn, call)
        mask = causal_mask(q.shape[1], q.device).to(q.dtype)
        for h in range(q.shape[0]):
            A = _head_map(q[h], k[h // group], attn.scaling, mask)
            outputs.append(_lower_times(A, v[h // group]))
            results.append(measure(h, A, q[h], k[h // group]))
            del A
        out = attn.o_proj(torch.cat(outputs, dim=-1))
        error = float((out - call.out).abs().max() / call.out.abs().max())
    if not error <= REPRODUCTION_TOLERANCE:
        raise InputError(
            f"{cm.name}: layer {index}: the heads rebuilt from the query/key projections and the rotary tables give an "
            f"output {error:.3g} (relative) away from the module's; allowed: a decoder whose attention is "
            "softmax(Q Kᵀ·scaling + causal mask) after rotary positions (Llama)"
        )
    return results, error


def layer_maps(cm: gguf_model.CausalModel, input_ids):
    """Every layer's attention maps as one (H, ℓ, ℓ) float64 stack, layer after layer (one layer alive at a time),
    rebuilt and reproduced as :func:`layer_heads` does: what a caller that needs all of a layer's heads at once
    (the variant battery) reads."""
    import torch

    for i, call in enumerate(capture(cm, input_ids)):
        maps, _ = layer_heads(cm, i, call, lambda h, A, q, k: A)
        yield torch.stack(maps)


# --------------------------------------------------------------------------- sources: the model, loaded on first use


class Source:
    """The checked file, and the model and the text's tokens loaded on first use (a rerun whose rows are all stored
    loads nothing)."""

    def __init__(self, info: gguf_model.GGUFInfo, text: str, dtype: str = "float64"):
        self.info, self.text, self.dtype = info, text, dtype
        self._model: gguf_model.CausalModel | None = None
        self._tokenizer: object | None = None
        self._ids: list[int] | None = None

    @property
    def tokenizer(self):
        if self._tokenizer is None:
            self._tokenizer = gguf_model.load_tokenizer(self.info)
        return self._tokenizer

    @property
    def model(self) -> gguf_model.CausalModel:
        if self._model is None:
            self._model = gguf_model.load(self.info, self.dtype, self.tokenizer)
        return self._model

    @property
    def ids(self) -> list[int]:
        if self._ids is None:
            self._ids = token_ids(self.tokenizer, self.text)
        return self._ids

    def window(self, ell: int, samples: int, sample: int) -> list[int]:
        return windows(self.tokenizer, self.ids, ell, samples)[sample]

    def check_windows(self, lengths, samples: int) -> None:
        """Every window fits in the text (refused before any work otherwise)."""
        for ell in lengths:
            windows(self.tokenizer, self.ids, ell, samples)


def _needed(source: Source | None, params: dict) -> Source:
    """The source a point computes from: a sweep built without one (to read its stored rows) computes nothing."""
    if source is None:
        raise RuntimeError(f"causal row {params}: not stored, and the sweep has no model to compute it")
    return source


def _versions() -> dict:
    import torch
    import transformers

    return {
        "torch": torch.__version__,
        "transformers": transformers.__version__,
        "gguf": importlib_version("gguf"),
        "threads": torch.get_num_threads(),
    }


def peak_rss_mb() -> float:
    """The process's peak resident memory so far, in MiB (Linux reports KiB)."""
    import resource

    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def importlib_version(name: str) -> str | None:
    import importlib.metadata

    try:
        return importlib.metadata.version(name)
    except importlib.metadata.PackageNotFoundError:
        return None


def check_length(info: gguf_model.GGUFInfo, lengths, what: str = "--lengths") -> list[int]:
    """Lengths within the model's context (refused before any work otherwise)."""
    lengths = [int(x) for x in lengths]
    too_long = [x for x in lengths if x > info.context]
    if too_long:
        raise InputError(
            f"{what}: {max(too_long)} exceeds {info.name}'s {info.context}-token context; "
            f"allowed: lengths up to {info.context}"
        )
    return lengths


# --------------------------------------------------------------------------- heads


def heads_point(source: Source | None, **params) -> dict:
    """One (ℓ, window): every layer's heads measured against the canonical causal model, plus provenance."""
    import torch

    from specproof.theory.attention import score_singular_values
    from specproof.theory.causal_heads import causal_head_measures

    source = _needed(source, params)
    cm = source.model
    sequence = source.window(params["ell"], params["samples"], params["sample"])
    t0 = time.perf_counter()
    calls = capture(cm, sequence)
    timings = {"forward": time.perf_counter() - t0}
    layers, errors = [], []

    def measure(i: int):
        scale = cm.layers[i].self_attn.scaling  # score_singular_values divides by √d_h: Q is scaled by scaling·√d_h

        def head(h, A, q, k):
            s = score_singular_values((q * (scale * math.sqrt(q.shape[-1]))).cpu().numpy(), k.cpu().numpy())
            return causal_head_measures(A, s, timings=timings)

        return head

    for i, call in enumerate(calls):
        results, error = layer_heads(cm, i, call, measure(i))
        layers.append({key: [r[key] for r in results] for key in results[0]})
        errors.append(error)
        del call
    timings["total"] = time.perf_counter() - t0
    return _round(
        {
            "layers": layers,
            "reproduction_error": max(errors),
            # the benchmark's quantities, measured in the same run (machine-dependent: provenance, never decided on)
            "timing": {**timings, "peak_rss_mb": peak_rss_mb()},
            "heads": len(layers[0]["w1"]),
            "kv_heads": cm.info.kv_heads,
            "head_dim": int(cm.layers[0].self_attn.head_dim),
            "hidden_size": cm.info.hidden,
            "device": str(next(cm.model.parameters()).device),
            "dtype": str(cm.dtype).removeprefix("torch."),
            **cm.info.provenance(),
            **_versions(),
            "torch_threads": torch.get_num_threads(),
        }
    )


# --------------------------------------------------------------------------- TRSP §4.1 diagnostics


def stream_diagnostics(backbone, layers, sequence, sigma: float, seed: int) -> dict[str, list[float]]:
    """TRSP §4.1 per stage of the residual stream (the embeddings, then after every block): SPR ‖δ_ℓ‖/‖δ_in‖ with
    δ_in ~ N(0, σ²) added to the embeddings, stable rank, spectral flatness, anisotropy. The clean and the perturbed
    sequence run as one batch of two and are compared inside the hooks, so no stage is kept."""
    import torch

    from specproof.theory.trained_metrics import gaussian_perturbation, representation_diagnostics

    like = next(backbone.parameters())
    ell, d = len(sequence), backbone.config.hidden_size
    delta = torch.as_tensor(gaussian_perturbation((ell, d), seed, sigma), dtype=like.dtype, device=like.device)
    per_stage: list[dict] = []

    def measure(H):
        """H (2, ℓ, d): the clean and the perturbed stream after one stage."""
        diag = representation_diagnostics(H[0].detach().double().cpu().numpy())
        spr = float(torch.linalg.vector_norm((H[1] - H[0]).double()) / torch.linalg.vector_norm(delta.double()))
        per_stage.append({"spr": spr, **diag})

    def perturb(_module, _args, output):
        out = output.clone()
        out[1] = out[1] + delta
        measure(out)
        return out

    def after(_module, _args, output):
        measure(output[0] if isinstance(output, tuple) else output)

    handles = [backbone.embed_tokens.register_forward_hook(perturb)]
    handles += [layer.register_forward_hook(after) for layer in layers]
    ids = torch.as_tensor([list(sequence)] * 2, dtype=torch.long, device=like.device)
    try:
        with torch.no_grad():
            backbone(input_ids=ids, use_cache=False)
    finally:
        for h in handles:
            h.remove()
    return {key: [row[key] for row in per_stage] for key in per_stage[0]}


def diagnostics_point(source: Source | None, **params) -> dict:
    """One (ℓ, window): per stage of the residual stream, SPR (σ at the embeddings), stable rank, flatness,
    anisotropy (:func:`stream_diagnostics`)."""
    source = _needed(source, params)
    cm = source.model
    sequence = source.window(params["ell"], params["samples"], params["sample"])
    layers = stream_diagnostics(cm.backbone, cm.layers, sequence, params["sigma"], params["seed"])
    return _round(
        {
            "layers": layers,
            "device": str(next(cm.model.parameters()).device),
            "dtype": str(cm.dtype).removeprefix("torch."),
            **cm.info.provenance(),
            **_versions(),
        }
    )


# --------------------------------------------------------------------------- the stores


def _sweep(name: str, quantity: str, point, source: Source | None, lengths):
    """A store's sweep (not a registered `specproof sweep`: its points need the model)."""
    from specproof.runs.sweeps.table import Sweep

    grids = {"quick": lengths[:1], "default": lengths, "wide": lengths}
    return Sweep(name, "ell", quantity, functools.partial(point, source), grids, revision=REVISION)


def heads_sweep(source: Source | None = None):
    what = "a pretrained causal decoder's heads against the canonical causal model (SDEG §4.3, Thm 3, 4, 7)"
    return _sweep(HEADS_STORE, what, heads_point, source, HEAD_LENGTHS)


def diagnostics_sweep(source: Source | None = None):
    what = "TRSP §4.1 diagnostics of a pretrained decoder's residual stream against length"
    return _sweep(DIAGNOSTICS_STORE, what, diagnostics_point, source, DIAGNOSTIC_LENGTHS)


def model_label(info: gguf_model.GGUFInfo) -> str:
    """A row's model parameter: the name and the file's hash (another file never reuses these rows)."""
    return f"{info.name}@{info.sha256[:12]}"


def head_params(info, text_label: str, lengths, samples: int = WINDOWS) -> list[dict]:
    return [
        {"ell": int(ell), "model": model_label(info), "text": text_label, "samples": samples, "sample": i}
        for ell in lengths
        for i in range(samples)
    ]


def diagnostic_params(info, text_label: str, lengths, samples: int = WINDOWS, sigma: float = 1e-3) -> list[dict]:
    return [
        {**p, "sigma": sigma, "seed": p["ell"] * 1000 + p["sample"]}
        for p in head_params(info, text_label, lengths, samples)
    ]


# --------------------------------------------------------------------------- running and merging


def run(sweep, params: list[dict], store=None, progress: bool = False, save: bool = True):
    """Every missing row computed (and stored, resumably, with a store); the sweep result."""
    from specproof.runs.sweeps.table import run_sweep

    return run_sweep(sweep, params=params, store=store, progress=progress, save=save)


def merge(rows: list[dict], params: list[dict]) -> list[dict]:
    """Per length, the windows' rows merged: ``layers[i][key]`` = [per window [per head]] (heads) or [per window]
    (diagnostics), in window order."""
    from specproof.runs.sweeps.table import key

    by_key = {key(r["params"]): r for r in rows}
    out = []
    for ell in sorted({p["ell"] for p in params}):
        mine = [by_key[key(p)] for p in params if p["ell"] == ell]
        layers = mine[0]["layers"]
        merged: dict[str, list[list]] | list[dict[str, list]]
        if isinstance(layers, dict):  # diagnostics: key → [per layer]
            merged = {k: [[r["layers"][k][i] for r in mine] for i in range(len(v))] for k, v in layers.items()}
        else:
            merged = [{k: [r["layers"][i][k] for r in mine] for k in layers[i]} for i in range(len(layers))]
        out.append({"ell": ell, "windows": len(mine), "layers": merged})
    return out


def stored(sweep, store=None) -> list[dict]:
    """Every row of a causal store (the project's committed one by default), current revision."""
    from specproof.runs.sweeps.table import Store, project_store

    store = store if store is not None else project_store()
    return [] if store is None else list(Store(store).load(sweep).values())


def committed_measurement(sweep, samples: int = WINDOWS, store=None) -> tuple[list[dict], str] | None:
    """The committed default measurement of a causal store, merged per length: the rows of the packaged model on
    ``pydoc_data.topics`` with ``samples`` windows, the lengths whose every window is stored; None when there are none.
    Returns (merged rows, model name)."""
    rows = [
        r
        for r in stored(sweep, store)
        if r["params"].get("samples") == samples and str(r["params"].get("text", "")).startswith("pydoc_data.topics@")
    ]
    labels = {(r["params"]["model"], r["params"]["text"]) for r in rows}
    if len(labels) != 1:
        return None
    by_ell: dict = {}
    for r in rows:
        by_ell.setdefault(r["params"]["ell"], []).append(r)
    full = [r for ell, group in by_ell.items() if len(group) == samples for r in group]
    if not full:
        return None
    return merge(full, [r["params"] for r in full]), full[0]["model"]
