"""The battery's real-attention properties: the variant's side path applied to a pretrained model's heads.

A variant that names a model (``model``: the packaged all-MiniLM-L6-v2 by default, or a local Hugging Face
directory) is read on real attention the way ``checks/real_models.py`` reads the paper's side path: the same
offline loading, the same capture (the model's own A_h of every head and layer), the same text and windows
(Python's ``pydoc_data.topics``, ``SAMPLES`` windows of ℓ tokens per length, so ℓ ≤ 512 are the windows of the
committed real-attention rows). What changes is the side path: the variant's own schedule, kernel and gate at
T = ℓ. Model layer i takes the schedule's layer i (the last one again beyond it, as b = min(2^i, ℓ) does for the
dyadic schedule: :func:`real_models.SidePath.bandwidth`), and the gate decides g_i = g(ℓ, b_i).

- Prop. C.5's side Laplacian of layer i: sparse, g_i·L_side with L_side the Laplacian of the symmetrised
  superposed side path (Σ_ℓ K_(b_ℓ), as ``real_models`` uses L_tri); dense, every layer carries the whole gated
  side path, L((S + Sᵀ)/2) with S = Σ_b g(ℓ, b)·K_b.
- Thm C.8's composite of layer i: I + A_h + S_i, S_i = Σ_(b ∈ layer i) g(ℓ, b)·K_b (the network's layer).

Rows: one per (side path, ℓ, window) in ``data/variant-real.jsonl`` through the sweep store. A row's
``side`` is a hash of the side path at ℓ (each layer's bandwidths, gates and kernel operators, quantised to
2^-40), so a stored row serves every variant whose side path is the same matrices (the TOML and the Python
paper default share theirs) and a changed side path never reads another's rows. Missing rows are computed from
the model (loaded once, offline) and kept in memory; ``specproof variant --record`` writes them into the
project's store. Without a model (the package not installed, transformers missing) a property with missing rows
is ``undecided`` (status open) with the reason, never a pass.
"""

from __future__ import annotations

import contextvars
import functools
import hashlib
import json
from typing import Any, cast

import numpy as np

from specproof.checks.battery import network_checks  # noqa: F401  (the network properties come first)
from specproof.checks.battery.battery import Outcome, battery, gain, laplacian, outcome_of, side_weights
from specproof.checks.battery.model import Finding, Variant
from specproof.checks.battery.network_checks import layer_side, network_bands
from specproof.engine.methods import float_tolerance, fmt, grid_check, open_evidence
from specproof.engine.options import SAMPLES
from specproof.engine.registry import Evidence
from specproof.runs.real import causal, gguf_model
from specproof.runs.real import models as real_models
from specproof.theory.real_attention import stable_rank_batch
from specproof.theory.validate import InputError

STORE_NAME = "variant-real"
REVISION = 1
QUANTUM = 2.0**-40  # the side path's matrices are hashed at this resolution
MIN_LENGTH = 32
RECORD = contextvars.ContextVar("specproof_variant_real_record", default=False)  # --record: write missing rows
_NEEDS = {"schedule", "kernel", "model"}


def lengths(variant: Variant) -> list[int]:
    """ℓ = 32, 64, .. up to sizes.real_max (powers of 2, from the start of the variant's T range)."""
    lo = max(MIN_LENGTH, variant.t_range.start)
    return [ell for ell in (2**m for m in range(5, variant.sizes.real_max.bit_length())) if ell >= lo]


def layer_bands(variant: Variant, ell: int, n_layers: int) -> list[tuple]:
    """The schedule's layers on the model's: model layer i takes layer min(i, D − 1) of the network at T = ℓ."""
    layers = network_bands(variant, ell)
    return [layers[min(i, len(layers) - 1)] for i in range(n_layers)]


@functools.lru_cache(maxsize=256)
def side_matrices(variant: Variant, ell: int, n_layers: int) -> tuple:
    """Per model layer: (bandwidths, gates, the Prop. C.5 side Laplacian L_i, the Thm C.8 side operator S_i)."""
    L_side = laplacian(side_weights(variant, ell))
    out = []
    for layer in layer_bands(variant, ell, n_layers):
        gates = tuple(gain(variant, ell, b) for b in layer)
        S, _ = layer_side(variant, ell, layer)
        if variant.layout == "dense":
            L = laplacian((S + S.T) / 2)
        else:
            L = gates[0] * L_side
        out.append((layer, gates, L, S))
    return tuple(out)


def fingerprint(variant: Variant, ell: int, n_layers: int) -> str:
    """A hash of the side path at ℓ: each layer's bandwidths, gates and matrices at resolution 2^-40."""
    h = hashlib.sha256(f"{variant.layout}:{ell}:{n_layers}".encode())
    for layer, gates, L, S in side_matrices(variant, ell, n_layers):
        h.update(json.dumps([list(layer), [round(g, 12) for g in gates]]).encode())
        for M in (L, S):
            h.update(np.round(M / QUANTUM).astype(np.int64).tobytes())
    return h.hexdigest()[:16]


class _Model:
    """The model and the text's tokens, loaded on first use (a run whose rows are all stored loads nothing)."""

    def __init__(self, variant: Variant):
        self.variant = variant
        self._loaded: Any = None
        self._ids: list[int] | None = None
        self.text = real_models.default_text()

    @property
    def gguf(self) -> bool:
        """A causal decoder from a GGUF file (SmolLM2): its heads come from runs/real/causal.py."""
        return gguf_model.is_gguf_model(self.variant.the_model.path)

    def check_available(self) -> None:
        """The model can be loaded offline, or InputError with the reason (looked up at call time)."""
        path = self.variant.the_model.path
        if gguf_model.is_gguf_model(path):  # self.gguf, narrowing the path to a str
            gguf_model.libraries()
            gguf_model.resolve(path)
            return
        real_models.transformers_module()
        if self.variant.the_model.path is None:
            real_models.minilm_archive()

    @property
    def loaded(self):
        if self._loaded is None:
            self.check_available()
            path = self.variant.the_model.path
            self._loaded = gguf_model.load(gguf_model.resolve(path)) if self.gguf else real_models.open_model(path)
        return self._loaded

    @property
    def ids(self) -> list[int]:
        if self._ids is None:
            self._ids = real_models.token_ids(self.loaded.tokenizer, self.text)
        return self._ids


def _head_measures(A, L, S) -> dict:
    """Per head (torch, float64): μ₂ of L_attn alone and with L, R_eff of I + A and of I + A + S, ‖L_attn‖∞."""
    import torch

    W = (A + A.transpose(-1, -2)) / 2
    L_attn = torch.diag_embed(W.sum(-1)) - W
    L_t = torch.as_tensor(L, dtype=A.dtype, device=A.device)
    S_t = torch.as_tensor(S, dtype=A.dtype, device=A.device)
    eye = torch.eye(A.shape[-1], dtype=A.dtype, device=A.device)
    mu2 = torch.linalg.eigvalsh(torch.stack([L_attn, L_attn + L_t]))[..., 1].cpu().numpy()
    reff = stable_rank_batch(torch.stack([eye + A, eye + A + S_t]))
    return {
        "mu2_attn": mu2[0].tolist(),
        "mu2_side": mu2[1].tolist(),
        "reff_attn": reff[0].tolist(),
        "reff_side": reff[1].tolist(),
        "norm_attn": L_attn.abs().sum(-1).amax(-1).cpu().numpy().tolist(),
    }


def _point(context: dict | None, **params) -> dict:
    """One stored row: every layer of one window, the variant's side path on every head (a sweep that only reads
    stored rows has no context and computes none)."""
    import torch

    if context is None:
        raise ValueError("no model to compute a row with: this sweep only reads stored rows")
    variant, source = context["variant"], context["model"]
    loaded = source.loaded
    sequence = real_models.windows(loaded.tokenizer, source.ids, params["ell"], params["samples"])[params["sample"]]
    if source.gguf:  # a causal decoder: each layer's heads rebuilt as the model computes them, one layer at a time
        n_layers, maps = loaded.info.layers, causal.layer_maps(loaded, sequence)
    else:
        captured = real_models.capture(loaded, sequence)
        n_layers, maps = len(captured), (cap.A for cap in captured)
    layers, device = [], "cpu"
    with torch.no_grad():
        for (layer, gates, L, S), A in zip(side_matrices(variant, params["ell"], n_layers), maps):
            device = str(cast(Any, A).device)
            L_side = np.linalg.eigvalsh(L)
            layers.append(
                {
                    "bandwidths": list(layer),
                    "gates": list(gates),
                    "floor": float(L_side[1]),
                    "norm_side": float(np.abs(L).sum(axis=1).max()),
                    **_head_measures(A, L, S),
                }
            )
    return {
        "layers": layers,
        "causal": True if source.gguf else loaded.causal,
        "transformers": real_models.transformers_module().__version__,
        "dtype": "float64",
        "device": device,
        **(loaded.info.provenance() if source.gguf else {}),
    }


def store_sweep(context: dict | None = None):
    from specproof.runs.sweeps.table import Sweep

    return Sweep(
        STORE_NAME,
        "ell",
        "a variant's side path on a pretrained model's heads (TRSP Prop. C.5, Thm C.8)",
        functools.partial(_point, context),
        {"quick": (32,), "default": (32, 64, 128, 256), "wide": (32, 64, 128, 256, 512)},
        revision=REVISION,
    )


@functools.lru_cache(maxsize=16)
def measured(variant: Variant) -> tuple[list[dict] | None, str]:
    """The variant's rows (stored, or computed from the model), or (None, why they cannot be had)."""
    from specproof.runs.sweeps.table import Store, project_store, run_sweep

    source = _Model(variant)
    n_layers = stored_layers(variant)
    label = real_models.text_label(source.text, True)
    params = [
        {
            "side": fingerprint(variant, ell, n_layers),
            "ell": ell,
            "sample": i,
            "samples": SAMPLES,
            "model": variant.the_model.name,
            "text": label,
        }
        for ell in lengths(variant)
        for i in range(SAMPLES)
    ]
    directory = project_store()
    store = Store(directory) if directory is not None else None
    sweep = store_sweep({"variant": variant, "model": source})
    stored = run_sweep(sweep, params=params, store=store, compute=False)
    if stored.missing:
        try:
            source.check_available()
        except InputError as exc:
            return None, f"{len(stored.missing)} of {len(params)} rows are not stored and no model is available: {exc}"
    result = run_sweep(sweep, params=params, store=store, save=RECORD.get() and store is not None)
    rows = result.rows
    if len(rows[0]["layers"]) != n_layers:
        return None, f"{variant.the_model.name} has {len(rows[0]['layers'])} layers, the rows were keyed for {n_layers}"
    return rows, f"{result.reused} rows stored, {result.computed} computed from {variant.the_model.name}"


def stored_layers(variant: Variant) -> int:
    """The model's layer count: MiniLM's 6, or a local model's num_hidden_layers / n_layer from its config."""
    if variant.the_model.path is None:
        return 6
    if gguf_model.is_gguf_model(variant.the_model.path):  # smollm2's count is known without the package
        path = variant.the_model.path
        return gguf_model.SMOLLM_LAYERS if path == gguf_model.SMOLLM_KEY else gguf_model.check_gguf(path).layers
    from pathlib import Path

    config = json.loads((Path(variant.the_model.path) / "config.json").read_text(encoding="utf-8"))
    for key in ("num_hidden_layers", "n_layer", "num_layers"):
        if isinstance(config.get(key), int):
            return config[key]
    raise InputError(f"model.path {variant.the_model.path!r}: config.json names no layer count")


def _rows_or_open(name: str, variant: Variant):
    rows, how = measured(variant)
    if rows is None:
        return None, Outcome(
            Finding.UNDECIDED, [open_evidence(f"{name}: not run: {how}", method="none", ranges=_ranges(variant))]
        )
    return rows, how


def _ranges(variant: Variant) -> str:
    return (
        f"{variant.the_model.name}, every head and layer, ℓ in {{{', '.join(map(str, lengths(variant)))}}}, "
        f"{SAMPLES} windows of pydoc_data.topics each"
    )


def _per_layer(rows: list[dict], key: str) -> dict[tuple[int, int], np.ndarray]:
    """(ℓ, layer) → every head of every window."""
    out: dict = {}
    for r in rows:
        for i, layer in enumerate(r["layers"]):
            out.setdefault((r["params"]["ell"], i), []).extend(layer[key])
    return {k: np.asarray(v, float) for k, v in out.items()}


@battery(
    "real-safety-net",
    says="keeps mu2(L_attn + g L_side) >= g mu2(L_side) > 0 on every head of a pretrained model",
    source="TRSP Prop. C.5 (real attention)",
    needs=_NEEDS,
)
def check_real_safety_net(name: str, variant: Variant) -> Outcome:
    """Prop. C.5 on real heads with the variant's side path at T = ℓ and each layer's gate, and the floor itself
    above float error at every layer."""
    rows, how = _rows_or_open(name, variant)
    if rows is None:
        return how
    cases = [
        {
            "ell": r["params"]["ell"],
            "sample": r["params"]["sample"],
            "layer": i,
            "head": h,
            "mu2": layer["mu2_side"][h],
            "floor": layer["floor"],
            "norm": layer["norm_attn"][h] + layer["norm_side"],
        }
        for r in rows
        for i, layer in enumerate(r["layers"])
        for h in range(len(layer["mu2_side"]))
    ]
    ranges = _ranges(variant)
    floor = grid_check(
        cases,
        lambda c: c["mu2"] - c["floor"],
        method="dense-eig",
        exact=False,
        ranges=ranges,
        what=f"{name}: μ₂(L_attn + L_i) − μ₂(L_i), L_i = g_i·L_side ({how})",
        tolerance=lambda c: 2 * float_tolerance(c["ell"], c["norm"]),
        allowance=(
            "two eigvalsh, each within 10·ℓ·eps·‖·‖₂ ≤ 10·ℓ·eps·(‖L_attn‖∞ + ‖L_i‖∞), ‖·‖₂ ≤ ‖·‖∞ for symmetric "
            "matrices"
        ),
    )
    layers = {(c["ell"], c["layer"]): c for c in cases}
    net = grid_check(
        list(layers.values()),
        lambda c: c["floor"] - float_tolerance(c["ell"], c["norm"]),
        method="dense-eig",
        exact=False,
        ranges=ranges + ", every layer",
        what=f"{name}: the floor μ₂(L_i) above float error",
    )
    low = min(cases, key=lambda c: c["mu2"] - c["floor"])
    floor = replace_sharpest(
        floor,
        f"{len(cases)} head cases; least room {fmt(low['mu2'] - low['floor'])} at ℓ = {low['ell']}, "
        f"layer {low['layer']}, head {low['head']}",
    )
    return outcome_of(floor, net)


def replace_sharpest(ev: Evidence, text: str) -> Evidence:
    from dataclasses import replace

    return replace(ev, sharpest=text)


def _median_comparison(name: str, variant: Variant, with_key: str, without_key: str, what: str, strict: bool):
    rows, how = _rows_or_open(name, variant)
    if rows is None:
        return how
    with_side, without = _per_layer(rows, with_key), _per_layer(rows, without_key)
    norms = _per_layer(rows, "norm_attn")
    cases = [
        {
            "ell": ell,
            "layer": i,
            "with": float(np.median(with_side[ell, i])),
            "without": float(np.median(without[ell, i])),
            "scale": float(norms[ell, i].max()) + 2.0,
        }
        for ell, i in sorted(with_side)
    ]

    def tolerance(c):
        return 2 * float_tolerance(c["ell"], c["scale"] * max(1.0, c["with"], c["without"]))

    ev = grid_check(
        cases,
        (lambda c: c["with"] - c["without"] - tolerance(c)) if strict else (lambda c: c["with"] - c["without"]),
        method="dense-eig",
        exact=False,
        ranges=_ranges(variant),
        what=f"{name}: {what} ({how})",
        tolerance=0.0 if strict else tolerance,
        allowance=""
        if strict
        else "two medians of eigvalsh values, each within 10·ℓ·eps·(‖L_attn‖∞ + 2)·max(1, value)",
    )
    top = max(c["ell"] for c in cases)
    listing = "; ".join(
        f"layer {c['layer']}: {fmt(c['without'], 6)} → {fmt(c['with'], 6)}" for c in cases if c["ell"] == top
    )
    data = {"per_layer": [{k: c[k] for k in ("ell", "layer", "with", "without")} for c in cases]}
    from dataclasses import replace

    ev = replace(
        ev, sharpest=f"medians at ℓ = {top}, without → with the side path: {listing}", data={**ev.data, **data}
    )
    return outcome_of(ev)


@battery(
    "real-mu2-lift",
    says="lifts the median mu2 of a pretrained model's attention graphs at every layer (with g L_side vs without)",
    source="TRSP App. C.3.1 (real attention), trsp.real.no-collapse",
    needs=_NEEDS,
)
def check_real_mu2_lift(name: str, variant: Variant) -> Outcome:
    """Per layer and length, the median over heads and windows of μ₂(L_attn + L_i) above that of μ₂(L_attn) by
    more than float error: the side path adds connectivity to real heads, not only a floor."""
    return _median_comparison(
        name,
        variant,
        "mu2_side",
        "mu2_attn",
        "median μ₂(L_attn + L_i) − median μ₂(L_attn) − float error, per layer",
        strict=True,
    )


@battery(
    "real-rank",
    says="does not lower the median R_eff of I + A on a pretrained model's heads (I + A + g M_side vs I + A)",
    source="TRSP Thm C.8 (real attention), trsp.real.rank-floor",
    needs=_NEEDS,
)
def check_real_rank(name: str, variant: Variant) -> Outcome:
    """Per layer and length, the median over heads and windows of R_eff(I + A_h + S_i) against R_eff(I + A_h): the paper
    reads the side path as raising the effective rank (Thm C.8, Fig. 4); a layer whose median falls is the
    counterexample."""
    return _median_comparison(
        name,
        variant,
        "reff_side",
        "reff_attn",
        "median R_eff(I + A + S_i) − median R_eff(I + A), per layer",
        strict=False,
    )


__all__ = ["fingerprint", "lengths", "measured", "side_matrices"]
