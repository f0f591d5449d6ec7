"""What the task-level runs measure of a trained decoder at each evaluation length (:mod:`specproof.runs.train.task_run`
trains and stores; this module reads a model): exact-match accuracy (per instance, by depth quarter and by query–needle
distance, optionally under a plain length fix), the attention at the answer per layer and head (the retrieving
head), and the four §4.1 diagnostics per layer."""

from __future__ import annotations

import math
from typing import Callable, TypedDict

import numpy as np

DISTANCE_EDGES = (0.0, 0.5, 1.0, 2.0, 4.0, 8.0)  # query–needle distance bins, in units of the training length


# the plain length fixes evaluated beside every model beyond T (evaluation only, the trained weights unchanged):
# RoPE position interpolation (positions ÷ k, Chen et al. 2023) and log-length attention scaling (every score times
# log(kT)/log T, so the softmax keeps its sharpness over k× more keys)
class LengthFix(TypedDict, total=False):
    """The forward keywords of a plain length fix: the decoder's position interpolation or score temperature."""

    interpolation: float
    temperature: float


CONTROLS: dict[str, Callable[[int, int], LengthFix]] = {
    "position_interpolation": lambda k, T: {"interpolation": float(k)},
    "log_length_scaling": lambda k, T: {"temperature": math.log(k * T) / math.log(T)},
}
HEAD_N = 64  # instances whose attention maps are read for the retrieving head


def _question_positions(batch) -> tuple[np.ndarray, np.ndarray]:
    """(first, last) answer position of every question, each (B, questions): the first is where the answer starts
    (the query–needle distance is measured from it), the last predicts the token the needle holds."""
    B = batch.mask.shape[0]
    k = batch.extra.get("answer_len", 1)
    pos = np.nonzero(batch.mask)[1].reshape(B, -1, k)
    return pos[:, :, 0], pos[:, :, -1]


def _needle_positions(batch) -> np.ndarray:
    """The start of the needle each question needs, (B, questions) token positions (depth is start / T)."""
    return np.rint(batch.depth[:, :, 0] * batch.mask.shape[1]).astype(np.int64)


def _binned(hits, scored, values, edges) -> dict:
    b = np.clip(np.digitize(values, edges[1:-1]), 0, len(edges) - 2)
    acc, count = [], []
    for i in range(len(edges) - 1):
        sel = scored & (b == i)
        count.append(int(sel.sum()))
        acc.append(float(hits[sel].mean()) if sel.any() else None)
    return {"edges": list(edges), "accuracy": acc, "count": count}


def evaluate_accuracy(model, batch, device, eval_batch: int = 64, train_T: int | None = None, **forward) -> dict:
    """Exact match of the greedy answer over the scored questions (the first time each key is asked), per instance,
    by depth quarter of the needle and (given the training length ``train_T``) by query–needle distance in units of
    it; and the held-out cross-entropy on every answer token. ``forward``: the decoder's length controls."""
    import torch
    from torch.nn import functional as F

    hit_rows: list[np.ndarray] = []
    losses: list[float] = []
    with torch.no_grad():
        for i in range(0, len(batch.tokens), eval_batch):
            tok = torch.as_tensor(batch.tokens[i : i + eval_batch], device=device)
            m = torch.as_tensor(batch.mask[i : i + eval_batch], device=device)
            logits = model(tok[:, :-1], **forward).logits
            target = tok[:, 1:][m]
            losses.append(float(F.cross_entropy(logits[m].double(), target, reduction="sum")))
            hit_rows.append((logits.argmax(-1)[m] == target).view(tok.shape[0], -1).cpu().numpy())
    hits = np.concatenate(hit_rows)
    scored = batch.score[batch.mask].reshape(hits.shape)
    k = batch.extra.get("answer_len", 1)
    if k > 1:  # a question's answer is k consecutive answer tokens: exact match needs all k
        hits = np.asarray(hits.reshape(hits.shape[0], -1, k).all(-1))
        scored = scored.reshape(scored.shape[0], -1, k)[:, :, 0]
    bins = np.clip((batch.depth[:, :, 0] * 4).astype(int), 0, 3)
    by_depth = [float(hits[scored & (bins == k)].mean()) if np.any(scored & (bins == k)) else None for k in range(4)]
    inst = np.array([h[s].all() for h, s in zip(hits, scored)])
    out = {
        "accuracy": float(hits[scored].mean()),
        "accuracy_all_questions": float(hits.mean()),
        "instance_accuracy": float(inst.mean()),
        "accuracy_by_depth_quarter": by_depth,
        "heldout_loss": sum(losses) / int(batch.mask.sum()),
        "scored": int(scored.sum()),
    }
    if train_T is not None:
        first, _ = _question_positions(batch)
        out["accuracy_by_distance"] = _binned(
            hits, scored, (first - _needle_positions(batch)) / train_T, DISTANCE_EDGES
        )
    return out


def attention_at_answer(model, batch, device, width: int, eval_batch: int = 8, **forward) -> dict:
    """Per layer and head, over the scored questions of ``batch``: the attention mass that the position predicting
    the needle's token puts on the needle's ``width`` fact tokens, and the entropy (nats) of that attention row;
    beside them the entropy of the uniform causal row, log(t + 1), averaged over the same positions."""
    import torch

    _, last = _question_positions(batch)
    needle = _needle_positions(batch)
    k = batch.extra.get("answer_len", 1)
    scored = batch.score[batch.mask].reshape(batch.mask.shape[0], -1, k)[:, :, 0]
    mass_parts: list[np.ndarray] = []
    entropy_parts: list[np.ndarray] = []
    with torch.no_grad():
        for i in range(0, len(batch.tokens), eval_batch):
            tok = torch.as_tensor(batch.tokens[i : i + eval_batch, :-1], device=device)
            traces = model(tok, trace=True, **forward).traces
            sel = np.nonzero(scored[i : i + eval_batch])
            rows_b, q = sel[0], sel[1]
            pos = torch.as_tensor(last[i : i + eval_batch][rows_b, q], device=device)
            start = needle[i : i + eval_batch][rows_b, q]
            b_idx = torch.as_tensor(rows_b, device=device)
            fact = torch.as_tensor(start[:, None] + np.arange(width)[None, :], device=device)
            m_l, e_l = [], []
            for t in traces:
                rows = t.A[b_idx, :, pos, :]  # (n, H, T): each scored question's attention row, every head
                on_fact = rows.gather(2, fact[:, None, :].expand(-1, rows.shape[1], -1)).sum(-1)
                ent = -(rows * torch.log(rows.clamp_min(1e-30))).sum(-1)
                m_l.append(on_fact.double().cpu().numpy())
                e_l.append(ent.double().cpu().numpy())
            mass_parts.append(np.stack(m_l))  # (D, n, H)
            entropy_parts.append(np.stack(e_l))
    mass, entropy = np.concatenate(mass_parts, axis=1), np.concatenate(entropy_parts, axis=1)
    _, lastq = np.nonzero(scored)[0], last[scored]
    return {
        "needle_mass": mass.mean(axis=1).tolist(),  # (D, H)
        "entropy": entropy.mean(axis=1).tolist(),
        "uniform_entropy": float(np.mean(np.log(lastq + 1.0))),
        "questions": int(mass.shape[1]),
    }


def diagnostics(model, tokens: np.ndarray, device, ratio: int) -> dict:
    """The four §4.1 diagnostics per layer (blocks 1..D) in float64, averaged over the given instances."""
    import copy

    import torch

    from specproof.theory.trained_metrics import gaussian_perturbation, propagation_rates, representation_diagnostics

    m64 = copy.deepcopy(model).to(dtype=torch.float64)
    per = []
    with torch.no_grad():
        for w, row in enumerate(tokens):
            idx = torch.as_tensor(row[None, :-1], device=device)
            length = idx.shape[1]
            clean = m64(idx)
            delta = torch.as_tensor(
                gaussian_perturbation((1, length, m64.cfg.d_model), seed=ratio * 1000 + w), device=device
            )
            noisy = m64(idx, delta=delta)
            H = [h[0].cpu().numpy() for h in clean.hidden[1:]]
            spr = propagation_rates(H, [h[0].cpu().numpy() for h in noisy.hidden[1:]], delta.cpu().numpy())
            reps = [representation_diagnostics(h) for h in H]
            per.append({"spr": spr, **{k: [r[k] for r in reps] for k in ("stable_rank", "flatness", "anisotropy")}})
    n_layers = len(per[0]["spr"])
    layers = {
        k: [float(np.mean([p[k][i] for p in per])) for i in range(n_layers)]
        for k in ("spr", "stable_rank", "flatness", "anisotropy")
    }
    return {"layers": layers, "layer_mean": {k: float(np.mean(v)) for k, v in layers.items()}}
