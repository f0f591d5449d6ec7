"""The task-based trained experiment (issue: decoders that solve the retrieval task at 1×, then extrapolation): the
project's Llama-style decoder (:mod:`specproof.theory.torch.transformer`: RMSNorm, RoPE, SwiGLU) trained from scratch
on a token-level task of :mod:`specproof.runs.train.tasks`, with and without TRSP's side path, and measured at 1×, 2×,
4×, 8× the training length.

- **Tasks**: ``mqar`` (multi-query associative recall in a filler haystack, the Zoology control) and ``hop`` (the
  NoLiMa-style two-hop chain of TRSP App. A.1: question names the country, the answer needs bridge then needle). The
  facts do not depend on T: a k× instance is the same number of facts in k× the haystack, at uniform depths.
- **Training**: cross-entropy on the answer tokens only; AdamW (0.9, 0.95), weight decay on the backbone's 2-D
  weights, linear warm-up then a constant or cosine rate, gradient clip; an optional curriculum (a first phase at a
  shorter length). Deterministic per seed: the weights from the seed (the Decoder's own generator), the batch of step
  t a pure function of (seed, t), torch's deterministic algorithms; base and TRSP of one seed share the backbone's
  initialisation and every batch, so they pair by seed. Resumable: a checkpoint (model, optimiser, step, curve) every
  ``checkpoint_every`` steps, atomically; a rerun continues from it and reaches the same weights.
- **Position encoding beyond T**: RoPE with its base 10⁴ and no rescaling: at kT the rotation angles of the
  low-frequency pairs pass values never seen in training (the model is not told the length), so extrapolation is
  measured as it is, no interpolation trick.
- **Evaluation** at each ratio, on held-out instances (a generator stream disjoint from training, the same for every
  model and seed): exact-match accuracy of the greedy answer token over the scored questions, per instance, by the
  depth quarter of the needle; the held-out loss on the answer tokens; and per layer, in float64, the four §4.1
  diagnostics with the paper's definitions (SPR with σ = 10⁻³ at the embeddings, stable rank, spectral flatness,
  anisotropy over random token pairs: :mod:`specproof.theory.trained_metrics`) averaged over ``diag_n`` instances.
- **Rows**: one per (config, variant, seed) in ``<store>/trained-tasks.jsonl`` with the learning curve, the
  evaluation at every ratio and the provenance (versions, device, threads, load, seconds, fingerprint of the config).
"""

from __future__ import annotations

import dataclasses
import io
import math
import os
import platform
import time
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from specproof.runs.train.task_configs import (  # noqa: F401 (the configs re-exported: callers read trn.CONFIGS)
    COMMITTED,
    CONFIGS,
    DEEP2_PAIRS,
    DEEP_PAIRS,
    HOP_PAIRS,
    LEARNED,
    RESERVE_SEEDS,
    REVISION,
    TaskConfig,
    planned_pairs,
)
from specproof.runs.train.task_measure import (  # noqa: F401 (DISTANCE_EDGES, LengthFix re-exported)
    CONTROLS,
    DISTANCE_EDGES,
    HEAD_N,
    LengthFix,
    attention_at_answer,
    diagnostics,
    evaluate_accuracy,
)
from specproof.runs.train.task_store import append_row, load_rows, replace_row, row_key
from specproof.runs.train.tasks import heldout_set, train_batch
from specproof.theory.errors import InputError

STORE_FILE = "trained-tasks.jsonl"
DIGITS = 6


def learning_rate(c: TaskConfig, step: int) -> float:
    warm = max(1, int(round(c.warmup * c.steps)))
    if step < warm:
        return c.lr * (step + 1) / warm
    if c.schedule == "constant":
        return c.lr
    return c.lr * 0.5 * (1 + math.cos(math.pi * (step - warm) / max(1, c.steps - warm)))


def phases(c: TaskConfig, task) -> list[tuple[int, int, object]]:
    """The curriculum: (first step, T, task) per phase; the last phase is the full task at ``c.T``. A phase reads
    "fraction:T[:facts[:questions[:hops]]]" (hops: the two-hop task's 1 = needles alone)."""
    out, start = [], 0
    for item in filter(None, c.curriculum.split(",")):
        parts = item.split(":")
        frac, T = float(parts[0]), int(parts[1])
        names = ("chains" if c.task == "hop" else "pairs", "questions", "hops")
        kw = {k: int(v) for k, v in zip(names, parts[2:]) if v != ""}  # an empty field keeps the task's value
        t = dataclasses.replace(task, **kw) if kw else task
        out.append((start, T, t))
        start += int(round(frac * c.steps))
    out.append((start, c.T, task))
    return out


def build_model(c: TaskConfig, variant, seed: int, vocab: int):
    from specproof.runs.train.harness import side_path_spec
    from specproof.theory.torch.transformer import Decoder

    return Decoder(c.model_config(vocab), None if variant is None else side_path_spec(variant), seed=seed)


def _optimizer(model, c: TaskConfig):
    import torch

    side = {id(p) for p in model.side.parameters()} if model.side is not None else set()
    decay = [p for p in model.parameters() if p.dim() == 2 and id(p) not in side]
    rest = [p for p in model.parameters() if not (p.dim() == 2 and id(p) not in side)]
    return torch.optim.AdamW(
        [{"params": decay, "weight_decay": c.weight_decay}, {"params": rest, "weight_decay": 0.0}],
        lr=c.lr,
        betas=(0.9, 0.95),
        eps=1e-8,
    )


def _answer_loss(model, tokens, mask):
    from torch.nn import functional as F

    logits = model(tokens[:, :-1]).logits
    return F.cross_entropy(logits[mask], tokens[:, 1:][mask])


def _save(path: Path | None, state: dict) -> None:
    if path is None:
        return
    import torch

    from specproof.engine.io import write_atomic

    buffer = io.BytesIO()
    torch.save(state, buffer)
    write_atomic(path, buffer.getvalue())


def train(c: TaskConfig, variant_name: str, variant, seed: int, device, checkpoint: Path | None = None, on_eval=None):
    """(model in eval mode, training info); resumes from ``checkpoint`` when it holds this run's state; ``on_eval``
    is called with each new learning-curve point [step, mean training loss, held-out accuracy at T]."""
    import torch

    from specproof.runs.train.harness import deterministic

    task = c.make_task()
    model = build_model(c, variant, seed, task.vocab).to(device)
    torch.manual_seed(seed)
    opt = _optimizer(model, c)
    expect = {"fingerprint": c.fingerprint(), "variant": variant_name, "seed": seed}
    done = _Progress.of(_resume(checkpoint, expect, model, opt))
    held = heldout_set(task, c.T, c.curve_n)
    plan = phases(c, task)
    model.train()
    with deterministic(device):
        clock = time.perf_counter(), time.process_time()
        while done.step < (end := last_step(c, done.curve)):
            done.losses.append(_train_step(model, opt, c, plan, seed, done.step, device))
            done.step += 1
            if not math.isfinite(done.losses[-1]):
                raise InputError(f"{variant_name} seed {seed}: the loss is not finite at step {done.step}")
            if done.step % c.eval_every == 0 or done.step == end:
                model.eval()
                e = evaluate_accuracy(model, held, device)
                model.train()
                done.curve.append([done.step, float(np.mean(done.losses[-c.eval_every :])), e["accuracy"]])
                if on_eval is not None:
                    on_eval(done.curve[-1])
            if done.step % c.checkpoint_every == 0 or done.step == last_step(c, done.curve):
                clock = done.tick(*clock)
                state = {"step": done.step, "model": model.state_dict(), "optimizer": opt.state_dict()}
                _save(checkpoint, {**expect, **state, **done.saved()})
        done.tick(*clock)
    model.eval()
    return model, _train_info(c, model, done)


def learned_step(c: TaskConfig, curve: list) -> int | None:
    """The first step whose held-out accuracy at T reached the config's criterion ``learned_at`` (None: not reached,
    or a fixed-budget config)."""
    if c.learned_at is None:
        return None
    return next((s for s, _, a in curve if a >= c.learned_at), None)


def last_step(c: TaskConfig, curve: list) -> int:
    """Where the run stops: ``after`` steps past the criterion once the curve has reached it, never past ``steps``;
    a function of the curve alone, so that a resumed run stops where an uninterrupted one does."""
    learned = learned_step(c, curve)
    return c.steps if learned is None else min(c.steps, learned + c.after)


@dataclass
class _Progress:
    """Where a training run stands, as its checkpoint keeps it: the step, the learning curve, every step's loss, the
    wall and CPU seconds spent (this process's CPU time is the budget's unit), and what trained it."""

    step: int = 0
    curve: list = field(default_factory=list)
    losses: list = field(default_factory=list)
    train_seconds: float = 0.0
    cpu_seconds: float = 0.0
    trained_by: str = "task_run.train"

    @classmethod
    def of(cls, state: dict | None) -> _Progress:
        """From a checkpoint's state (a fresh run without one)."""
        if not state:
            return cls()
        return cls(
            state["step"],
            state["curve"],
            state["losses"],
            state["train_seconds"],
            state.get("cpu_seconds", 0.0),
            state.get("trained_by", "task_run.train"),
        )

    def tick(self, t0: float, c0: float) -> tuple[float, float]:
        """Adds the wall and CPU time since (t0, c0); the clock's new start."""
        self.train_seconds += time.perf_counter() - t0
        self.cpu_seconds += time.process_time() - c0
        return time.perf_counter(), time.process_time()

    def saved(self) -> dict:
        """What the checkpoint keeps beside the run's identity, the step, the weights and the optimiser."""
        return {
            "curve": self.curve,
            "losses": self.losses,
            "train_seconds": self.train_seconds,
            "cpu_seconds": self.cpu_seconds,
            "trained_by": self.trained_by,
        }


def _resume(checkpoint: Path | None, expect: dict, model, opt) -> dict | None:
    """The checkpoint's state loaded into ``model`` and ``opt`` when there is one (refused when it belongs to another
    run); None for a fresh run."""
    import torch

    if checkpoint is None or not checkpoint.is_file():
        return None
    state = torch.load(checkpoint, map_location="cpu", weights_only=False)
    if any(state.get(k) != v for k, v in expect.items()):
        raise InputError(f"checkpoint {checkpoint} belongs to another run; allowed: delete it")
    model.load_state_dict(state["model"])
    if state.get("optimizer") is not None:
        opt.load_state_dict(state["optimizer"])
    return state


def _train_step(model, opt, c: TaskConfig, plan, seed: int, step: int, device) -> float:
    """One optimiser step on the batch of ``step`` at the current phase's length and task; the loss."""
    import torch

    for g in opt.param_groups:
        g["lr"] = learning_rate(c, step)
    _, T_now, task_now = [p for p in plan if p[0] <= step][-1]
    b = train_batch(task_now, T_now, c.batch, seed, step)
    loss = _answer_loss(model, torch.as_tensor(b.tokens, device=device), torch.as_tensor(b.mask, device=device))
    opt.zero_grad(set_to_none=True)
    loss.backward()
    if c.clip > 0:
        torch.nn.utils.clip_grad_norm_(model.parameters(), c.clip)
    opt.step()
    return float(loss.detach())


def _train_info(c: TaskConfig, model, done: _Progress) -> dict:
    """The training's record in a row: steps, learning curve, the first step at 95 %, times, threads, load and size."""
    import torch

    from specproof.runs.train.harness import load_average

    learned = learned_step(c, done.curve)
    criterion = {} if c.learned_at is None else {"step_cap": c.steps, "learned_step": learned}
    return {
        "steps": done.step,
        **criterion,
        "curve": done.curve,
        "first_step_at_95": next((s for s, _, a in done.curve if a >= 0.95), None),
        "train_seconds": done.train_seconds,
        "cpu_seconds": done.cpu_seconds,
        "trained_by": done.trained_by,
        "threads": torch.get_num_threads(),
        "load": load_average(),
        "parameters": sum(p.numel() for p in model.parameters()),
    }


def measure(c: TaskConfig, model, device) -> dict:
    """At every ratio of the training length: accuracy (by depth and by query–needle distance), held-out loss, the
    per-layer diagnostics, the side path's gains per layer, the attention at the answer per head; beyond 1×, the same
    accuracy and attention under each plain length fix of :data:`CONTROLS`. The retrieving head is the (layer, head)
    that puts the most attention on the needle at 1×; its needle mass and entropy are read out at every ratio."""
    task = c.make_task()
    out = {}
    for r in c.ratios:
        batch = heldout_set(task, r * c.T, c.eval_n)
        head_batch = heldout_set(task, r * c.T, min(HEAD_N, c.eval_n))
        t0 = time.perf_counter()
        eb = max(4, 64 // r)
        acc = evaluate_accuracy(model, batch, device, eval_batch=eb, train_T=c.T)
        attn = attention_at_answer(model, head_batch, device, task.needle_width)
        diag = diagnostics(model, batch.tokens[: c.diag_n], device, r)
        gains = model.side_gains(r * c.T) if model.side is not None else None
        controls = {}
        if r > 1:
            for name, kw in CONTROLS.items():
                fw = kw(r, c.T)
                e = evaluate_accuracy(model, batch, device, eval_batch=eb, train_T=c.T, **fw)
                e["attention"] = attention_at_answer(model, head_batch, device, task.needle_width, **fw)
                controls[name] = {"forward": fw, **e}
        out[str(r)] = {
            "length": r * c.T,
            **acc,
            **diag,
            "attention": attn,
            "controls": controls,
            "gains": gains,
            "seconds": time.perf_counter() - t0,
        }
    mass = np.asarray(out[str(c.ratios[0])]["attention"]["needle_mass"])
    layer, head = (int(i) for i in np.unravel_index(int(np.argmax(mass)), mass.shape))
    for e in out.values():
        pick = lambda a: {"needle_mass": a["needle_mass"][layer][head], "entropy": a["entropy"][layer][head]}  # noqa: E731
        e["retrieving_head"] = {
            "layer": layer,
            "head": head,
            **pick(e["attention"]),
            "uniform_entropy": e["attention"]["uniform_entropy"],
            "controls": {n: pick(x["attention"]) for n, x in e["controls"].items()},
        }
    return out


def _round(v):
    if isinstance(v, float):
        return float(f"{v:.{DIGITS}g}") if math.isfinite(v) else v
    if isinstance(v, dict):
        return {k: _round(x) for k, x in v.items()}
    if isinstance(v, (list, tuple)):
        return [_round(x) for x in v]
    return v


def provenance(device) -> dict:
    import scipy
    import torch

    import specproof

    return {
        "specproof": getattr(specproof, "__version__", None),
        "torch": torch.__version__,
        "numpy": np.__version__,
        "scipy": scipy.__version__,
        "python": platform.python_version(),
        "machine": platform.machine(),
        "device": str(device),
        "dtype": "float32 (training), float64 (diagnostics)",
        "deterministic": True,
        "cpu_count": os.cpu_count(),
        "date": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
    }


ADDED = ("controls", "attention", "retrieving_head", "accuracy_by_distance")  # what the length controls added
SUPERSEDED_FILE = "trained-tasks-superseded.jsonl"  # stored rows this code could not reproduce, kept as they were


def needs_controls(row: dict) -> bool:
    """Whether a row was measured before the length controls and the attention at the answer were (revision 1's
    first rows), or was completed by a model that did not reproduce it (then it is superseded: :func:`_complete`)."""
    pending = row.get("completed", {}).get("reproduced_accuracy") is False
    return pending or any("retrieving_head" not in e for e in row["eval"].values())


def _as_stored(row: dict) -> dict:
    """The row as it was stored before any completion."""
    out = {k: v for k, v in row.items() if k != "completed"}
    out["eval"] = {r: {k: v for k, v in e.items() if k not in ADDED} for r, e in row["eval"].items()}
    return out


def _complete(c: TaskConfig, row: dict, model, info: dict, device) -> tuple[dict, dict | None]:
    """(the row to store, the stored row it supersedes or None). The model of ``row``'s (config, variant, seed) is
    trained again (or loaded): deterministic per seed, it must be the stored model, and then its accuracy at every
    ratio equals the stored one to the stored digits; the measurements the row lacks are added and the stored ones
    kept. Where it is not (a row trained by another loop than :func:`train`), measurements of one model cannot be
    added to the row of another: the new row is the retrained model's own, every measurement from it, naming the row
    it supersedes, and the stored row is returned to be kept unchanged elsewhere."""
    stored = _as_stored(row)
    t0, c0 = time.perf_counter(), time.process_time()
    ev = _round(measure(c, model, device))
    same_eval = all(ev[r]["accuracy"] == e["accuracy"] for r, e in stored["eval"].items())
    when = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
    if same_eval:
        merged = {r: {**ev[r], **e} for r, e in stored["eval"].items()}  # the stored values win where both exist
        done = {
            "date": when,
            "reproduced_curve": _round(info["curve"]) == stored["train"]["curve"],
            "reproduced_accuracy": True,
            "train_seconds": _round(info["train_seconds"]),
            "cpu_seconds": _round(info["cpu_seconds"]),
        }
        return {**stored, "eval": merged, "completed": done}, None
    fresh = _round(
        {
            **{k: stored[k] for k in ("config", "fingerprint", "variant", "side", "seed", "revision", "task")},
            "config_fields": c.identity(),
            "train": info,
            "eval": ev,
            "eval_seconds": time.perf_counter() - t0,
            "eval_cpu_seconds": time.process_time() - c0,
            "supersedes": {
                "trained_by": stored["train"].get("trained_by", "task_run.train"),
                "date": stored.get("date"),
                "kept_in": SUPERSEDED_FILE,
                "why": "trained again by task_run.train (deterministic per seed), the model did not reproduce the "
                "stored accuracy: the stored row was trained by another loop, so the length controls could not be "
                "added to it; this row is the retrained model's own",
                "stored_accuracy": {r: e["accuracy"] for r, e in stored["eval"].items()},
            },
            **provenance(device),
        }
    )
    return fresh, stored


def run(
    c: TaskConfig,
    variants: dict,
    seeds=None,
    store: Path | None = None,
    device=None,
    checkpoints: Path | None = None,
    echo=None,
    known=(),
    complete: bool = False,
) -> list[dict]:
    """Every (variant, seed) row of the run that ``store`` (and ``known``: rows measured elsewhere, read only, e.g.
    the committed ones) lacks, trained, measured and appended (one at a time, so an interrupted run keeps what it
    finished); with ``complete``, a stored row measured before the length controls gets them (its model trained again,
    deterministic per seed, or loaded from its checkpoint). Returns all of this config's rows."""
    from specproof.runs.train.harness import describe, resolve_device

    device = resolve_device(None) if device is None else device
    seeds = c.seeds if seeds is None else seeds
    path = None if store is None else Path(store) / STORE_FILE
    rows = _stored_and_known(path, known)
    have = {row_key(r): r for r in rows}
    for seed in seeds:  # seed-major: an interrupted run leaves whole pairs
        for name, variant in variants.items():
            base = {"config": c.name, "fingerprint": c.fingerprint(), "variant": name, "side": describe(variant)}
            key = (*base.values(), int(seed))
            stored = have.get(key)
            if stored is not None and not (complete and path is not None and needs_controls(stored)):
                continue  # stored, and not to be completed
            model, info = train(c, name, variant, int(seed), device, _checkpoint(checkpoints, c, name, seed))
            what = f"{c.name} {name} seed {seed}"
            if stored is None:
                rows.append(_new_row(c, base, int(seed), model, info, device, path, echo, what))
            else:
                assert path is not None  # completing rewrites the store
                row = _completed(c, path, stored, model, info, device, echo, what)
                rows = [row if row_key(r) == key else r for r in rows]
    return [r for r in rows if r["config"] == c.name and r["fingerprint"] == c.fingerprint()]


def _checkpoint(checkpoints: Path | None, c: TaskConfig, name: str, seed) -> Path | None:
    """The checkpoint file of one (config, variant, seed) under ``checkpoints`` (None: no checkpoints)."""
    return None if checkpoints is None else Path(checkpoints) / f"{c.name}-{c.fingerprint()}-{name}-seed{seed}.pt"


def _stored_and_known(path: Path | None, known) -> list[dict]:
    """The store's rows, then those of ``known`` whose point the store does not hold."""
    rows = load_rows(path) if path else []
    have = {row_key(r) for r in rows}
    for r in known:
        if row_key(r) not in have:
            rows.append(r)
            have.add(row_key(r))
    return rows


def _new_row(
    c: TaskConfig, base: dict, seed: int, model, info: dict, device, path: Path | None, echo, what: str
) -> dict:
    """A new row measured and appended to the store (when there is one), its accuracies echoed."""
    row, ev = _measured(c, base, seed, model, info, device)
    if path is not None:
        append_row(path, row)
    if echo:
        acc = {k: round(v["accuracy"], 3) for k, v in ev.items()}
        echo(f"{what}: trained {info['train_seconds']:.0f} s, accuracy {acc}")
    return row


def _measured(c: TaskConfig, base: dict, seed: int, model, info: dict, device) -> tuple[dict, dict]:
    """A new row: the trained model measured at every ratio, with its training and the provenance; and the
    measures as measured (before the row's rounding)."""
    t0, c0 = time.perf_counter(), time.process_time()
    ev = measure(c, model, device)
    row = _round(
        {
            **base,
            "seed": seed,
            "revision": REVISION,
            "task": c.task,
            "config_fields": c.identity(),
            "train": info,
            "eval": ev,
            "eval_seconds": time.perf_counter() - t0,
            "eval_cpu_seconds": time.process_time() - c0,
            **provenance(device),
        }
    )
    return row, ev


def _completed(c: TaskConfig, path: Path, stored: dict, model, info: dict, device, echo, what: str) -> dict:
    """A stored row given the length controls (rewritten in the store); a row the retrained model does not reproduce
    is superseded by the new model's own, the old one kept beside the store."""
    row, old = _complete(c, stored, model, info, device)
    if old is not None:
        append_row(path.parent / SUPERSEDED_FILE, old)
    replace_row(path, row)
    if echo:
        echo(
            f"{what}: "
            + (
                "the length controls added (trained again, the model reproduces the stored accuracy)"
                if old is None
                else f"superseded: trained again, the model does not reproduce the stored row (trained by "
                f"{old['train'].get('trained_by', '?')[:40]}…), so the row is the new model's own; the "
                f"stored row is kept in {SUPERSEDED_FILE}"
            )
        )
    return row


@dataclass
class TaskRun:
    """The rows of one config grouped: variant → seed → row."""

    config: str
    variants: dict = field(default_factory=dict)

    def values(self, variant: str, ratio: int, read) -> dict[int, float]:
        return {s: read(row["eval"][str(ratio)]) for s, row in sorted(self.variants.get(variant, {}).items())}

    def paired(self, a: str, b: str, ratio: int, read) -> tuple[list[int], list[float], list[float]]:
        va, vb = self.values(a, ratio, read), self.values(b, ratio, read)
        seeds = sorted(set(va) & set(vb))
        return seeds, [va[s] for s in seeds], [vb[s] for s in seeds]


def grouped(rows: list[dict], config: str) -> TaskRun | None:
    mine = [r for r in rows if r["config"] == config]
    if not mine:
        return None
    out = TaskRun(config)
    for r in mine:
        out.variants.setdefault(r["variant"], {})[r["seed"]] = r
    return out


def judged(run: TaskRun) -> TaskRun:
    """The pairs a config's verdicts read. A config with reserve seeds (RESERVE_SEEDS: mqar-deep2), as stated before
    its runs: its planned pairs are the first planned_pairs(config) seeds, in the order of its seeds then its reserve,
    in which both arms reached LEARNED at 1×; a seed where an arm did not is passed over (learnability, an outcome of
    its own, reports it). Every other config: every committed pair, the precondition judged on all."""
    reserve = RESERVE_SEEDS.get(run.config)
    if reserve is None:
        return run
    kept: list[int] = []
    for s in tuple(CONFIGS[run.config].seeds) + reserve:
        rows = [run.variants.get(n, {}).get(s) for n in ("base", "trsp")]
        if any(r is None for r in rows):
            break  # pairs are read in order: a pair not yet complete ends the reading
        if all(r["eval"]["1"]["accuracy"] >= LEARNED for r in rows):
            kept.append(s)
        if len(kept) == planned_pairs(run.config):
            break
    out = TaskRun(run.config)
    for n, seeds in run.variants.items():
        out.variants[n] = {s: row for s, row in seeds.items() if s in kept}
    return out


def committed(config: str = "mqar") -> TaskRun | None:
    """The project's committed rows of one task config (what the trained claims read; they never train)."""
    from specproof.runs.sweeps.store import project_store

    store = project_store()
    return None if store is None else grouped(load_rows(Path(store) / STORE_FILE), config)


def scale(c: TaskConfig) -> str:
    """The scale every verdict of this config names: task, D, d, T."""
    from specproof.runs.train.statistics import scale_text

    return scale_text(c.task, c.n_layers, c.d_model, c.T)


def accuracies(run: TaskRun) -> dict:
    """variant → seed → ratio → (exact-match accuracy, scored questions): what the decision rules read."""
    return {
        name: {s: {int(r): (e["accuracy"], e["scored"]) for r, e in row["eval"].items()} for s, row in seeds.items()}
        for name, seeds in run.variants.items()
    }


def summary_table(run: TaskRun, ratios, config: TaskConfig | None = None) -> str:
    """Accuracy (%) mean over seeds per variant and ratio, and every other variant against base by the rules of
    :mod:`specproof.runs.train.statistics` (direction at every ratio, effect size at 8×; the paper's side: higher
    accuracy), each naming the scale."""
    from specproof.runs.train.statistics import comparison_report

    c = CONFIGS[run.config] if config is None else config
    acc = lambda e: 100 * e["accuracy"]  # noqa: E731
    lines = [f"exact-match accuracy (%), mean over seeds, per ratio of the training length ({scale(c)})"]
    lines.append(f"{'variant':<18}" + "".join(f"{f'{r}×':>12}" for r in ratios))
    for name in run.variants:
        cells = [np.mean(list(run.values(name, r, acc).values())) for r in ratios]
        lines.append(f"{name:<18}" + "".join(f"{c:>12.1f}" for c in cells))
    lines += comparison_report(accuracies(run), list(ratios), scale(c), at=max(ratios))
    return "\n".join(lines)
