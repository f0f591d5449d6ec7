"""The measurements of a trained decoder (TRSP §4.3, Fig. 4): held-out next-byte loss, the retrieval probe and the
per-layer and per-head diagnostics, all in float64 where they read spectra (re-exported by
:mod:`specproof.runs.train.harness`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from specproof.runs.train.data import RETRIEVAL_STREAM, eval_windows

if TYPE_CHECKING:
    from specproof.runs.train.harness import Setting


def _forward_logits(model, tokens: np.ndarray, batch: int, device):
    """Logits at every position of each row's first T bytes, batched."""
    import torch

    out = []
    with torch.no_grad():
        for i in range(0, len(tokens), batch):
            x = torch.as_tensor(tokens[i : i + batch, :-1], device=device)
            out.append(model(x).logits.float().cpu())
    return torch.cat(out)


def heldout_loss(model, setting: Setting, length: int) -> float:
    """Mean next-byte cross-entropy (nats) on ``loss_windows`` held-out windows of ``length`` bytes."""
    import torch

    tokens = eval_windows(setting.corpus.heldout, length, setting.config.loss_windows)
    logits = _forward_logits(model, tokens, setting.config.eval_batch, setting.device)
    target = torch.as_tensor(tokens[:, 1:])
    return float(torch.nn.functional.cross_entropy(logits.reshape(-1, logits.shape[-1]), target.reshape(-1)))


def retrieval_trials(setting: Setting, ratio: int):
    """The retrieval examples at one ratio: drawn from the held-out text with a generator of their own, the same
    for every model and seed."""
    from specproof.theory.trained_metrics import retrieval_example

    config = setting.config
    rng = np.random.default_rng([RETRIEVAL_STREAM, ratio])
    length = ratio * config.train_length
    return [
        retrieval_example(setting.corpus.heldout, length, rng, config.key_len, config.value_len)
        for _ in range(config.retrieval_trials)
    ]


def retrieval_accuracy(model, setting: Setting, ratio: int) -> dict:
    from specproof.theory.trained_metrics import exact_matches

    trials = retrieval_trials(setting, ratio)
    tokens = np.stack([t.tokens for t in trials]).astype(np.int64)
    v = setting.config.value_len
    logits = _forward_logits(model, tokens, setting.config.eval_batch, setting.device)
    hits = exact_matches(logits[:, -v:].argmax(-1).numpy(), tokens[:, -v:])
    byte_hits = float(np.mean(logits[:, -v:].argmax(-1).numpy() == tokens[:, -v:]))
    return {
        "accuracy": float(hits.mean()),
        "byte_accuracy": byte_hits,
        "trials": len(trials),
        "mean_depth": float(np.mean([t.depth for t in trials]) / (ratio * setting.config.train_length)),
    }


def diagnostics(model, setting: Setting, ratio: int) -> dict:
    """Per layer (blocks 1..D), in float64: SPR, stable rank, flatness, anisotropy averaged over the diagnostic
    windows; per head (first window, ℓ ≤ head_max_length): :func:`head_measures` with the layer's side path."""
    import copy

    import torch

    from specproof.theory.trained_metrics import (
        gaussian_perturbation,
        head_measures,
        propagation_rates,
        representation_diagnostics,
    )

    config = setting.config
    length = ratio * config.train_length
    m64 = copy.deepcopy(model).to(dtype=torch.float64)
    windows = eval_windows(setting.corpus.heldout, length, config.diagnostic_windows)
    per_window, heads = [], None
    with torch.no_grad():
        for w, tokens in enumerate(windows):
            idx = torch.as_tensor(tokens[None, :-1], device=setting.device)
            want_heads = w == 0 and length <= config.head_max_length
            clean = m64(idx, trace=want_heads)
            delta = torch.as_tensor(
                gaussian_perturbation((1, length, config.d_model), seed=ratio * 1000 + w), device=setting.device
            )
            noisy = m64(idx, delta=delta)
            H = [h[0].cpu().numpy() for h in clean.hidden[1:]]
            spr = propagation_rates(H, [h[0].cpu().numpy() for h in noisy.hidden[1:]], delta.cpu().numpy())
            reps = [representation_diagnostics(h) for h in H]
            per_window.append(
                {"spr": spr, **{k: [r[k] for r in reps] for k in ("stable_rank", "flatness", "anisotropy")}}
            )
            if want_heads:
                sides = m64.side_matrices(length)
                heads = [
                    head_measures(t.A[0], t.Q[0], t.K[0], t.scaling, side=s, eigen_max=config.eigen_max)
                    for t, s in zip(clean.traces, sides)
                ]
    layers = {
        k: [float(np.mean([pw[k][i] for pw in per_window])) for i in range(config.n_layers)]
        for k in ("spr", "stable_rank", "flatness", "anisotropy")
    }
    return {"layers": layers, "layer_mean": {k: float(np.mean(v)) for k, v in layers.items()}, "heads": heads}
