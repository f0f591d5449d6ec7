"""`specproof train`'s harness: small Llama-style decoders trained from scratch, with and without TRSP's side path,
measured as TRSP §4 / App. A and SDEG Thm 3, 4, 7 ask (the maths is in :mod:`specproof.theory.trained_metrics`, the
model in :mod:`specproof.theory.torch.transformer`).

- **Corpus**: Python's own documentation (``pydoc_data.topics``, every topic in key order) followed by any UTF-8
  files the user passes, as one byte stream; the last 10 % of its bytes are held out. The bytes 0x01–0x03 are
  reserved for the retrieval task and replaced by spaces.
- **Training** (TRSP App. A.3 at a toy scale): next-byte cross-entropy on windows of ``train_length + 1`` bytes;
  every training window carries a needle and its question, as TRSP App. A.1 inserts the bridging facts into 100 %
  of its NoLiMa instances (``needle_fraction``); AdamW with a cosine schedule and 3 % warm-up, weight decay on the
  2-D weights of the backbone only. Deterministic given the seed: the weights are drawn from it on the CPU, the
  batch of step t from its own generator ``[seed, 1, t]``, torch's deterministic algorithms are on. A checkpoint
  (model, optimiser, the loss log) is written atomically every ``checkpoint_every`` steps and when Ctrl-C or
  SIGTERM arrives (at the next step boundary: the step in flight completes first), so a rerun resumes where it
  stopped and reaches the same weights.
- **Evaluation** at ``ratios`` × the training length, on the held-out text: the loss; the retrieval accuracy
  (needles at uniform depths, the same trials for every model); per layer, in float64, SPR, stable rank, spectral
  flatness, anisotropy (averaged over ``diagnostic_windows`` windows); per head, on the first window, the SDEG and
  TRSP measures of :func:`~specproof.theory.trained_metrics.head_measures` (lengths up to ``head_max_length``).
- **Store**: one row per (variant, seed, measurement): a ``train`` row, and an ``eval`` row per ratio, in
  ``<store>/trained.jsonl`` through the sweep store (:class:`specproof.runs.sweeps.table.Store`: atomic rewrite per
  row; a rerun computes only what is missing), each with its provenance (versions, device, dtype, threads, seed,
  steps, wall time, machine load). The committed default run is ``data/trained.jsonl``; checkpoints stay
  in the user's cache directory (or ``--checkpoints DIR``) and are never committed.

The configurations, the corpus and the batches live in :mod:`specproof.runs.train.data` (re-exported here).
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import io
import json
import math
import os
import re
import signal
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from specproof.engine.options import TRAIN_VARIANTS
from specproof.runs.train.data import (  # noqa: F401 (re-exported)
    CONFIGS,
    HELDOUT_SHARE,
    PERTURB_STREAM,
    RESERVED,
    RETRIEVAL_STREAM,
    TRAIN_STREAM,
    Corpus,
    TrainConfig,
    _clean,
    batch_tokens,
    check_corpus,
    eval_windows,
    load_corpus,
)
from specproof.runs.train.evaluate import (  # noqa: F401 (re-exported)
    diagnostics,
    heldout_loss,
    retrieval_accuracy,
    retrieval_trials,
)
from specproof.theory.errors import InputError

if TYPE_CHECKING:
    import torch

STORE_NAME = "trained"
REVISION = 1
DIGITS = 6  # stored values keep 6 significant digits

# the paper's numbers this experiment is read beside (TRSP §4.3, §5.3, Table 2; Fig. 4 gives no numbers)
PAPER: dict[str, Any] = {
    "nolima_accuracy": {
        "8x": {"trsp": 83.2, "base": 23.8, "gated-attention": 33.6, "diff-transformer": 53.9},
        "4x": {"diff-transformer": 90.2, "trsp": "near-perfect"},
        "1x": "all models near 100 %",
    },
    "fig4": (
        "TRSP keeps higher stable rank, SPR and spectral flatness and lower anisotropy than the base model at "
        "every ratio 1×–8× (109M Llama-style, d = 512, D = 14, 8 heads, trained at 1K on NoLiMa)"
    ),
    "table1_post_training": {
        "stable_rank": {"raw": 1.40, "lora": 1.36, "trsp": 1.93},
        "spr": {"raw": 1.60, "lora": 1.51, "trsp": 1.59},
        "flatness_trsp": 0.69,
        "anisotropy_trsp": 0.18,
    },
    "table4_mmlu": {
        "dense-full-sweep": 38.71,
        "trsp": 37.76,
        "no-dyadic": 34.84,
        "box-kernel": 31.89,
        "static-gate": 21.16,
    },
}


def config_fingerprint(config: TrainConfig, corpus_label: str) -> str:
    """A hash of the configuration and the corpus: rows and checkpoints of another setting never mix."""
    text = json.dumps({"config": config.identity(), "corpus": corpus_label, "revision": REVISION}, sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


# --------------------------------------------------------------------------- variants


def builtin_variants() -> dict:
    """The base model and TRSP with its Table 4 ablations, as :class:`~specproof.theory.spec.SidePath` objects (None:
    no side path; :func:`theory.spec.paper_ablations`). The ablations read as examples/variants/*.toml and THEOREMS.md
    read them: a static scalar gain instead of Eq. 7; b_ℓ = T at every layer; a box instead of the triangle; every
    bandwidth in every layer (dense)."""
    from specproof.theory.spec import paper_ablations

    return {"base": None, **paper_ablations()}


DEFAULT_VARIANTS = TRAIN_VARIANTS  # the parser checks --variants against these names (checks/options.py)
_TRSP_GATE = re.compile(r"^trsp \(hidden (\d+), seed \d+\)$")


def _is_box(kernel) -> bool:
    """Whether a kernel is the uniform box h_b(r) = 1/b, r < b (then the prefix-sum filter of Eq. 2 applies)."""
    for b in (1, 2, 3, 5, 8):
        w = [float(x) for x in kernel.weights(b)]
        if len(w) != b or any(abs(x - 1.0 / b) > 1e-15 for x in w):
            return False
    return True


def side_path_spec(variant):
    """The side path a :class:`Variant` puts on the decoder: its schedule (default dyadic), its kernel (default the
    triangle; the triBox cascade runs as prefix sums, a box as Eq. 2, any other weights as a causal convolution, an
    exact filter as its dense matrix), its gate (Gate.trsp becomes the trainable LongContextGate, seeded by the run's
    seed; any other gate is a fixed gain; none is the plain gain 1, as the battery reads it) and its layout."""
    from specproof.theory.operators import TriBox
    from specproof.theory.spec import Kernel, Schedule
    from specproof.theory.torch.transformer import SidePathSpec

    if variant.attention is not None and not variant.attention.causal:
        raise InputError(
            f"variant {variant.name}: the decoder's attention is causal softmax; a bidirectional attention "
            "model cannot be trained here; allowed: a variant with a schedule, kernel or gate"
        )
    if variant.schedule is None and variant.kernel is None and variant.gate is None:
        raise InputError(
            f"variant {variant.name} changes nothing the decoder has (causal softmax is its attention); "
            "allowed: a variant with a schedule, kernel or gate, or the built-in 'base'"
        )
    schedule = variant.schedule or Schedule.geometric(2)
    kernel = variant.kernel or Kernel.triangular()
    if kernel.filter is TriBox:
        kind, extra = "tribox", {}
    elif kernel.filter is not None:
        kind, extra = "matrix", {"matrix": lambda T, b: kernel.operator(T, b).as_matrix()}
    elif _is_box(kernel):
        kind, extra = "box", {}
    else:
        kind, extra = "weights", {"weights": kernel.float_weights}
    hidden, fixed = 16, None
    match = _TRSP_GATE.match(variant.gate.name) if variant.gate is not None else None
    if match:
        hidden = int(match.group(1))
    else:
        fixed = variant.gate if variant.gate is not None else (lambda T, b: 1.0)
    return SidePathSpec(variant.name, schedule, kind, gate=fixed, gate_hidden=hidden, layout=variant.layout, **extra)


def describe(variant) -> str:
    """The side path in words: the part of a row's key that tells two same-named variants apart."""
    if variant is None:
        return "no side path"
    spec = side_path_spec(variant)
    gate = (
        f"trainable LongContextGate(hidden {spec.gate_hidden})"
        if spec.trainable_gate
        else (f"fixed {variant.gate.name}" if variant.gate is not None else "fixed 1")
    )
    schedule = variant.schedule.name if variant.schedule is not None else "dyadic 2^l"
    kernel = variant.kernel.name if variant.kernel is not None else "triangular (triBox)"
    return f"{spec.layout}; schedule {schedule}; kernel {kernel} ({spec.kernel}); gate {gate}"


def resolve_variants(names=(), side_paths=()) -> dict:
    """Variants by built-in name, then the given side paths (loaded from TOML specs or Python files by the command
    line); one line for an unknown name, a clash or a side path the decoder cannot take."""
    builtin = builtin_variants()
    out = {}
    for name in names:
        if name not in builtin:
            raise InputError(
                f"unknown variant {name!r}; allowed: {', '.join(builtin)} (or --spec FILE.toml, --variant FILE.py)"
            )
        out[name] = builtin[name]
    for variant in side_paths:
        if variant.name in out:
            raise InputError(f"two variants are named {variant.name!r}; allowed: distinct names")
        side_path_spec(variant)  # refuses what cannot be trained, before any work
        out[variant.name] = variant
    if not out:
        raise InputError("no variant to train; allowed: --variants NAMES, --spec FILE.toml, --variant FILE.py")
    return out


# --------------------------------------------------------------------------- the run's machinery


def resolve_device(name: str | None):
    """torch.device for ``--device`` (default: the project's, CUDA when present); one line for an unusable one."""
    import torch

    from specproof.theory.torch.backend import device

    if name is None:
        return device()
    if name not in ("cpu", "cuda"):
        raise InputError(f"--device {name!r}; allowed: cpu, cuda")
    if name == "cuda" and not torch.cuda.is_available():
        raise InputError("--device cuda: no CUDA device here; allowed: --device cpu")
    return torch.device(name)


@contextlib.contextmanager
def deterministic(device):
    """torch's deterministic algorithms on (strict on the CPU; on CUDA with cuBLAS's fixed workspace, warning where a
    kernel has no deterministic form), restored afterwards."""
    import torch

    cuda = device.type == "cuda"
    if cuda:
        os.environ.setdefault("CUBLAS_WORKSPACE_CONFIG", ":4096:8")
    before = (torch.are_deterministic_algorithms_enabled(), torch.is_deterministic_algorithms_warn_only_enabled())
    # CUDA: warn rather than fail where a kernel (an attention backward) has no deterministic form; rows say so
    torch.use_deterministic_algorithms(True, warn_only=cuda)
    try:
        yield
    finally:
        torch.use_deterministic_algorithms(before[0], warn_only=before[1])


class _StopRequest:
    """Ctrl-C and SIGTERM deferred to the next step boundary (a second Ctrl-C stops at once)."""

    def __init__(self):
        self.asked = False

    @contextlib.contextmanager
    def installed(self):
        if threading.current_thread() is not threading.main_thread():
            yield self
            return

        def handler(signum, frame):
            if self.asked and signum == signal.SIGINT:
                raise KeyboardInterrupt
            self.asked = True

        previous = {s: signal.signal(s, handler) for s in (signal.SIGINT, signal.SIGTERM)}
        try:
            yield self
        finally:
            for s, h in previous.items():
                signal.signal(s, h)


def load_average() -> list[float]:
    return [round(x, 2) for x in os.getloadavg()]


def _round(value):
    """Floats to DIGITS significant digits, recursively (rows stay compact and diffable)."""
    if isinstance(value, float):
        return float(f"{value:.{DIGITS}g}") if math.isfinite(value) else value
    if isinstance(value, dict):
        return {k: _round(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_round(v) for v in value]
    return value


@dataclass
class Setting:
    """One run's fixed context: what every point of the store needs."""

    config: TrainConfig
    corpus: Corpus
    variants: dict  # name → Variant or None
    device: torch.device
    checkpoints: Path | None
    progress: bool = False
    fingerprint: str = ""
    models: dict = field(default_factory=dict)  # (variant, seed) → (model, train info): the last one trained

    def __post_init__(self):
        self.fingerprint = config_fingerprint(self.config, self.corpus.label)

    def checkpoint_path(self, variant: str, seed: int) -> Path | None:
        if self.checkpoints is None:
            return None
        side = hashlib.sha256(describe(self.variants[variant]).encode()).hexdigest()[:8]
        return self.checkpoints / f"{self.config.name}-{self.fingerprint}-{variant}-{side}-seed{seed}.pt"


def _save(path: Path | None, state: dict) -> str | None:
    """torch.save into memory, then one atomic write; returns the file's sha256 (None without a path)."""
    if path is None:
        return None
    import torch

    from specproof.engine.io import write_atomic

    buffer = io.BytesIO()
    torch.save(state, buffer)
    data = buffer.getvalue()
    write_atomic(path, data)
    return hashlib.sha256(data).hexdigest()


def _load(path: Path | None, expect: dict) -> dict | None:
    if path is None or not path.is_file():
        return None
    import torch

    state = torch.load(path, map_location="cpu", weights_only=True)
    if any(state.get(k) != v for k, v in expect.items()):
        raise InputError(
            f"checkpoint {path} belongs to another run ({', '.join(k for k, v in expect.items() if state.get(k) != v)} "
            "differ); allowed: delete it, or pass another --checkpoints DIR"
        )
    return state


def build_model(setting: Setting, variant: str, seed: int):
    from specproof.theory.torch.transformer import Decoder

    v = setting.variants[variant]
    return Decoder(setting.config.model_config(), None if v is None else side_path_spec(v), seed=seed)


def _optimizer(model, config: TrainConfig):
    import torch

    side = {id(p) for p in model.side.parameters()} if model.side is not None else set()
    decay = [p for p in model.parameters() if p.dim() == 2 and id(p) not in side]
    rest = [p for p in model.parameters() if not (p.dim() == 2 and id(p) not in side)]
    return torch.optim.AdamW(
        [{"params": decay, "weight_decay": config.weight_decay}, {"params": rest, "weight_decay": 0.0}],
        lr=config.lr,
        betas=(0.9, 0.95),
        eps=1e-8,
    )


def learning_rate(config: TrainConfig, step: int) -> float:
    """Linear warm-up over ``warmup``·steps, then cosine decay to 0 (TRSP App. A.3: cosine, 3 % warm-up)."""
    warm = max(1, int(round(config.warmup * config.steps)))
    if step < warm:
        return config.lr * (step + 1) / warm
    return config.lr * 0.5 * (1 + math.cos(math.pi * (step - warm) / max(1, config.steps - warm)))


def train(setting: Setting, variant: str, seed: int):
    """The trained model (eval mode, on the run's device) and what its training did; resumes from a checkpoint."""
    import torch

    config, device = setting.config, setting.device
    dtype = getattr(torch, config.dtype)
    path = setting.checkpoint_path(variant, seed)
    expect = {
        "fingerprint": setting.fingerprint,
        "variant": variant,
        "side": describe(setting.variants[variant]),
        "seed": seed,
    }
    model = build_model(setting, variant, seed).to(device=device, dtype=dtype)
    opt = _optimizer(model, config)
    state = _load(path, expect)
    log, wall, sessions, step, running, counted = [], 0.0, [], 0, 0.0, 0
    if state is not None:
        model.load_state_dict(state["model"])
        opt.load_state_dict(state["optimizer"])
        log, wall, sessions, step = state["log"], state["wall"], state["sessions"], state["step"]
        running, counted = state["running"], state["counted"]  # the loss log's open window, so the log resumes too
    if step < config.steps:
        sessions = sessions + [
            {"start_step": step, "threads": torch.get_num_threads(), "device": str(device), "load": load_average()}
        ]
    sha = None

    def checkpoint(at: int) -> str | None:
        return _save(
            path,
            {
                **expect,
                "step": at,
                "model": model.state_dict(),
                "optimizer": opt.state_dict(),
                "log": log,
                "running": running,
                "counted": counted,
                "wall": wall,
                "sessions": sessions,
            },
        )

    from tqdm import tqdm

    model.train()
    stop = _StopRequest()
    with (
        deterministic(device),
        stop.installed(),
        tqdm(
            total=config.steps,
            initial=step,
            desc=f"{variant} seed {seed}",
            unit="step",
            leave=False,
            disable=not setting.progress,
            file=sys.stderr,
        ) as bar,
    ):
        t0 = time.perf_counter()
        while step < config.steps:
            for group in opt.param_groups:
                group["lr"] = learning_rate(config, step)
            x = torch.as_tensor(batch_tokens(setting.corpus, config, seed, step), device=device)
            loss = model.loss(x)
            loss.backward()
            torch.nn.utils.clip_grad_norm_(model.parameters(), config.grad_clip)
            opt.step()
            opt.zero_grad(set_to_none=True)
            running, counted, step = running + float(loss.detach()), counted + 1, step + 1
            if not math.isfinite(running):
                raise InputError(
                    f"{variant} seed {seed}: the loss is not finite at step {step}; allowed: a config with "
                    f"a smaller lr (this one has {config.lr})"
                )
            if step % config.log_every == 0 or step == config.steps:
                log.append([step, running / counted])
                running, counted = 0.0, 0
            bar.update()
            if step % config.checkpoint_every == 0 or step == config.steps or stop.asked:
                wall += time.perf_counter() - t0
                t0 = time.perf_counter()
                sha = checkpoint(step)
            if stop.asked:
                raise KeyboardInterrupt
        wall += time.perf_counter() - t0
    if state is not None and state["step"] == config.steps and path is not None:
        sha = hashlib.sha256(path.read_bytes()).hexdigest()
    model.eval()
    info = {
        "steps": config.steps,
        "log": log,
        "train_seconds": round(wall, 2),
        "sessions": sessions,
        "checkpoint_sha256": sha,
        "parameters": model.parameter_counts(),
    }
    return model, info


def trained(setting: Setting, variant: str, seed: int):
    """The model of (variant, seed): kept from the last training in this process, else trained (or loaded)."""
    key = (variant, seed)
    if key not in setting.models:
        setting.models.clear()  # one model in memory at a time
        setting.models[key] = train(setting, variant, seed)
    return setting.models[key]


def _run_info(setting: Setting) -> dict:
    import torch

    return {
        "device": str(setting.device),
        "dtype": setting.config.dtype,
        "threads": torch.get_num_threads(),
        "deterministic": True,
        "deterministic_warn_only": setting.device.type == "cuda",
        "cpu_count": os.cpu_count(),
        "corpus": setting.corpus.label,
        "config_fields": setting.config.identity(),
    }


def _point(setting: Setting | None, **params) -> dict:
    """One row: a model's training, or its evaluation at one ratio."""
    if setting is None:
        raise RuntimeError(f"training row {params}: not stored, and the sweep has no setting to compute it")
    load = load_average()
    model, info = trained(setting, params["variant"], params["seed"])
    if params["measure"] == "train":
        initial = build_model(setting, params["variant"], params["seed"])
        lengths = {str(r): r * setting.config.train_length for r in setting.config.ratios}
        out = {
            **info,
            "gains": {r: model.side_gains(T) for r, T in lengths.items()},
            "gains_init": {r: initial.side_gains(T) for r, T in lengths.items()},
            "final_loss": info["log"][-1][1] if info["log"] else None,
        }
    else:
        ratio = params["ratio"]
        length = ratio * setting.config.train_length
        out = {
            "length": length,
            "heldout_loss": heldout_loss(model, setting, length),
            "retrieval": retrieval_accuracy(model, setting, ratio),
            **diagnostics(model, setting, ratio),
            "gains": model.side_gains(length),
            "train_seconds": info["train_seconds"],
        }
    return _round({**out, **_run_info(setting), "load_start": load, "load_end": load_average()})


def store_sweep(setting: Setting | None = None):
    """The store's sweep (not a registered `specproof sweep`: its points train models)."""
    from specproof.runs.sweeps.table import Sweep

    return Sweep(
        STORE_NAME,
        "seed",
        "small Llama-style decoders trained from scratch, with and without TRSP's side path",
        functools.partial(_point, setting),
        {"quick": (0,), "default": (0, 1, 2), "wide": (0, 1, 2)},
        revision=REVISION,
    )


def point_params(setting: Setting, seeds) -> list[dict]:
    """The run's points in the order they are computed: per variant and seed, its training, then each ratio."""
    out = []
    for name, variant in setting.variants.items():
        for seed in seeds:
            base = {
                "config": setting.config.name,
                "fingerprint": setting.fingerprint,
                "variant": name,
                "side": describe(variant),
                "seed": int(seed),
            }
            out.append({**base, "measure": "train"})
            out += [{**base, "measure": "eval", "ratio": int(r)} for r in setting.config.ratios]
    return out


def run(setting: Setting, seeds=None, store=None, save: bool = True):
    """Every missing row of the run computed (and stored, resumably, with a store); returns the sweep result."""
    from specproof.runs.sweeps.table import run_sweep

    seeds = setting.config.seeds if seeds is None else seeds
    return run_sweep(
        store_sweep(setting), params=point_params(setting, seeds), store=store, progress=setting.progress, save=save
    )


# --------------------------------------------------------------------------- reading rows


def stored_rows(store=None) -> list[dict]:
    """Every row of the store (the project's committed one by default), current revision."""
    from specproof.runs.sweeps.table import Store, project_store

    store = store if store is not None else project_store()
    return [] if store is None else list(Store(store).load(store_sweep()).values())


SPREAD_RULE = (
    "the spread is the range over seeds: A is above B beyond it when every seed of A is above every seed "
    "of B (min over A's seeds > max over B's)"
)


def committed_run(rows: list[dict], config: str = "default") -> dict | None:
    """The rows of one configuration, grouped: {"fingerprint", "variants": {name: {seed: {"train": row, ratio: row}}}}.
    Among several fingerprints (an older run left in the store) the one with the most rows is read."""
    mine = [r for r in rows if r["params"].get("config") == config]
    if not mine:
        return None
    counts: dict[str, int] = {}
    for r in mine:
        counts[r["params"]["fingerprint"]] = counts.get(r["params"]["fingerprint"], 0) + 1
    fingerprint = max(sorted(counts), key=counts.__getitem__)
    variants: dict = {}
    for r in mine:
        p = r["params"]
        if p["fingerprint"] != fingerprint:
            continue
        slot = variants.setdefault(p["variant"], {}).setdefault(p["seed"], {})
        slot["train" if p["measure"] == "train" else p["ratio"]] = r
    order = {name: i for i, name in enumerate(DEFAULT_VARIANTS)}
    variants = dict(sorted(variants.items(), key=lambda kv: (order.get(kv[0], len(order)), kv[0])))
    return {"fingerprint": fingerprint, "variants": variants, "config": config}


SEEDS_NEEDED = 3


@functools.cache
def committed_default_run() -> dict | None:
    """The project's committed default run, complete (every built-in variant with at least 3 seeds, each with its
    training row and every ratio), or None: what the trained claims read."""
    run = committed_run(stored_rows(), "default")
    if run is None:
        return None
    ratios = CONFIGS["default"].ratios
    for name in DEFAULT_VARIANTS:
        seeds = run["variants"].get(name, {})
        if sum("train" in slots and all(r in slots for r in ratios) for slots in seeds.values()) < SEEDS_NEEDED:
            return None
    return run


def missing_rows():
    """The Evidence of a trained claim whose committed rows are missing: open, saying how to make them."""
    from specproof.engine.methods import open_evidence

    return open_evidence(
        "the committed rows of `specproof train` (data/trained.jsonl) are missing or "
        "incomplete; run `specproof train` (about half an hour on two CPU cores)",
        method="measured-rows",
    )


def run_ranges(run: dict) -> str:
    """The committed run in words, for an Evidence's ranges."""
    c = CONFIGS[run["config"]]
    seeds = sorted(next(iter(run["variants"].values())))
    return (
        f"byte-level Llama-style decoder, d = {c.d_model}, {c.n_layers} layers × {c.n_heads} heads, trained at "
        f"T = {c.train_length} for {c.steps} steps of {c.batch} on pydoc_data.topics; seeds {seeds}; evaluated at "
        f"{', '.join(f'{r}×' for r in c.ratios)} on held-out text"
    )


def per_seed(run_rows: dict, variant: str, ratio: int, read) -> list[float]:
    """``read(row)`` of the eval row at ``ratio`` for every seed of ``variant`` that has it, in seed order."""
    seeds = run_rows["variants"].get(variant, {})
    return [read(seeds[s][ratio]) for s in sorted(seeds) if ratio in seeds[s]]


READERS = {
    "stable_rank": lambda r: r["layer_mean"]["stable_rank"],
    "spr": lambda r: r["layer_mean"]["spr"],
    "flatness": lambda r: r["layer_mean"]["flatness"],
    "anisotropy": lambda r: r["layer_mean"]["anisotropy"],
    "retrieval": lambda r: 100 * r["retrieval"]["accuracy"],
    "heldout_loss": lambda r: r["heldout_loss"],
}
LABELS = {
    "stable_rank": "stable rank",
    "spr": "SPR",
    "flatness": "spectral flatness",
    "anisotropy": "anisotropy",
    "retrieval": "retrieval accuracy (%)",
    "heldout_loss": "held-out loss (nats/byte)",
}


def summary_table(run_rows: dict, ratios) -> str:
    """Mean [min, max] over seeds of each layer-averaged measure, per variant and ratio, with the paper's numbers."""
    lines = []
    for key, read in READERS.items():
        lines.append(f"{LABELS[key]}: mean [min, max] over seeds, per ratio of the training length")
        lines.append(f"{'variant':<18}" + "".join(f"{f'{r}×':>24}" for r in ratios))
        for name in run_rows["variants"]:
            cells = []
            for r in ratios:
                v = per_seed(run_rows, name, r, read)
                cells.append(f"{np.mean(v):.3g} [{min(v):.3g}, {max(v):.3g}]" if v else "—")
            lines.append(f"{name:<18}" + "".join(f"{c:>24}" for c in cells))
        lines.append("")
    paper = PAPER["nolima_accuracy"]["8x"]
    lines.append(
        f"paper (TRSP Table 2, NoLiMa from scratch, 109M, train 1K): 8× accuracy TRSP {paper['trsp']} %, base"
        f" {paper['base']} %, Gated Attention {paper['gated-attention']} %, Diff Transformer"
        f" {paper['diff-transformer']} %; all ≈ 100 % at 1×. Fig. 4: TRSP above base in stable rank, SPR, flatness and"
        f" below in anisotropy at 1×–8× (no numbers given). {SPREAD_RULE}."
    )
    return "\n".join(lines)
