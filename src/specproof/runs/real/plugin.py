"""TRSP as a post-training plugin on a pretrained causal decoder (TRSP §4.2, App. A.2's post-training setting, at CPU
scale): SmolLM2-135M-Instruct, backbone frozen, fine-tuned on a RULER-style retrieval task at a window W and
evaluated at 1×, 2×, 4×, 8× W (inside the model's 8K context, as the paper's 4K → 32K is inside Llama-3.2's).

- **Task** (:class:`NeedleTask`): RULER's needle-in-a-haystack on real filler text (Python's ``pydoc_data.topics``:
  the first 80 % of its tokens feed training, the last 20 % evaluation). A haystack of filler holds K needles "One of
  the special magic numbers for KEY is: VALUE." (7-digit values, distinct keys) at uniform depths, at sentence ends;
  the user turn asks for one key's number and the assistant turn answers "The special magic number for KEY mentioned
  in the provided text is VALUE" (the model's chat format). K = 1 is the passkey task, K = 4 the multi-key one; the
  instances alternate. **Accuracy** is exact match of the greedy value: every digit's argmax under the gold prefix
  (one teacher-forced pass decides it); the **held-out loss** the cross-entropy on the value's digits.
- **Arms**: ``raw`` (the pretrained model); ``lora`` (peft LoRA, rank 8, α = 16, on W_q, W_k, W_v, W_o, App. A.2);
  ``lora+trsp`` (LoRA and TRSP's side path on every layer, b_ℓ = min(2^ℓ, T), triBox, the Eq. 7 gate: 50 more
  parameters, started near 0 and trained at its own rate: see ``PluginConfig.gate_bias``); ``trsp`` (the side path
  alone). Every arm of seed s draws the same batches and (where it has LoRA)
  the same LoRA initialisation, so arms pair by seed; ``raw`` has no seed.
- **Training**: cross-entropy on the value digits only, AdamW at App. A.3's post-training rate 6·10⁻⁴ after a short
  linear warm-up, gradient clip 1, float32, torch's deterministic algorithms: deterministic per seed. Resumable: the
  trainable parameters and the optimiser are checkpointed (atomically) every ``checkpoint_every`` steps in the cache
  directory; a row per (arm, seed) is written (atomically) to ``<store>/causal-plugin.jsonl`` when it is finished.
- **Evaluation** at every ratio on the same held-out instances for every arm and seed: accuracy (by K too), the held-out
  loss, the asked needle's depth per instance, the side path's gains per layer, and TRSP §4.1's four diagnostics per
  layer on ``diag_n`` instances (float32 forward, the spectra in float64).

The decision rules are :mod:`specproof.runs.real.plugin_rules` (written before the committed run).
"""

from __future__ import annotations

import copy
import dataclasses
import hashlib
import io
import json
import math
import time
import warnings
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from specproof.theory.validate import InputError

if TYPE_CHECKING:
    from specproof.runs.real.side_plugin import SidePathPlugin

STORE_FILE = "causal-plugin.jsonl"
REVISION = 1
ARMS = ("raw", "lora", "lora+trsp", "trsp")
KEYS = (
    "apple", "river", "candle", "violin", "harbor", "pepper", "lantern", "meadow", "copper", "falcon", "orchid",
    "glacier", "saddle", "thimble", "quartz", "walnut", "compass", "marble", "pelican", "cactus", "ribbon", "tunnel",
    "anchor", "velvet", "beacon", "ladder", "mirror", "feather", "kettle", "magnet", "oyster", "pebble", "rocket",
    "shovel", "teapot", "umbrella", "wagon", "zipper", "button", "dragon", "engine", "forest", "garden", "helmet",
    "island", "jacket", "koala", "lemon",
)  # fmt: skip
INTRO = (
    "Some special magic numbers are hidden within the following text. Make sure to memorize it. "
    "I will quiz you about the numbers afterwards.\n"
)
NEEDLE = " One of the special magic numbers for {key} is: {value}. "
QUESTION = "\nWhat is the special magic number for {key} mentioned in the provided text?"
ANSWER = "The special magic number for {key} mentioned in the provided text is {value}"
HOLE = "\x00HAYSTACK\x00"
EVAL_SEED = 20261205


@dataclass(frozen=True)
class PluginConfig:
    name: str = "default"
    window: int = 256
    ratios: tuple = (1, 2, 4, 8)
    keys: tuple = (1, 4)  # needles per instance, alternating: passkey, multi-key
    digits: int = 7
    steps: int = 16
    batch: int = 4
    lr: float = 6e-4  # TRSP App. A.3, post-training
    warmup: int = 4
    # the gate starts near 0 (w₂ = 0, b₂ = −6: g ≤ 0.0025): on this model the side path's prefix averages carry the
    # attention sink's massive residual activations into every token, and measured on 8 instances at 1× a gate of
    # σ(−4) = 0.018 already takes the answer loss from 0.08 to 8.7 (σ(−6): 0.09); its own rate lets 16 steps move b₂
    # by up to ±1.6, so the gate can open (or close) as far as the task asks: the room the mechanism gets here
    gate_bias: float = -6.0
    gate_lr: float = 0.1
    clip: float = 1.0
    lora_r: int = 8  # TRSP App. A.2
    lora_alpha: int = 16
    eval_n: int = 16
    eval_batch: int = 4
    diag_n: int = 1
    sigma: float = 1e-3  # SPR's perturbation at the embeddings (TRSP App. A.4)
    split: float = 0.8
    checkpoint_every: int = 8
    # 5 seeds paired by seed (the issue asks for ≥ 5): the committed plan was cut from 6 to 5 for the CPU budget (2
    # CPU-hours at about 400 CPU-s per trained arm and seed) before any decision was read; seeds are outside the
    # fingerprint, so the rows already written stay valid. Planned rows: raw + 3 arms × 5 seeds = 16
    seeds: tuple = (0, 1, 2, 3, 4)
    solo_seeds: tuple = (0, 1, 2, 3, 4)  # the side path alone: the same 5 seeds
    arms: tuple = ARMS

    def identity(self) -> dict:
        out = dataclasses.asdict(self)
        for k in ("seeds", "solo_seeds", "arms", "checkpoint_every", "eval_batch"):
            out.pop(k)
        return out

    def fingerprint(self, model_label: str, text_label: str) -> str:
        blob = {"config": self.identity(), "model": model_label, "text": text_label, "revision": REVISION}
        return hashlib.sha256(json.dumps(blob, sort_keys=True).encode()).hexdigest()[:16]


CONFIGS = {
    "default": PluginConfig(),
    # the tests': a tiny GGUF, seconds
    "tiny": PluginConfig(
        "tiny",
        window=640,
        ratios=(1, 2),
        steps=3,
        batch=2,
        eval_n=2,
        eval_batch=2,
        checkpoint_every=2,
        seeds=(0, 1),
        solo_seeds=(0, 1),
    ),
}


# --------------------------------------------------------------------------- the task


@dataclass(frozen=True)
class Instance:
    tokens: np.ndarray  # (L,) token ids; the value's digits are its last ``digits`` tokens
    answer: np.ndarray  # positions of the value's digits
    keys: int  # needles in the haystack
    depth: float  # where the asked needle starts, as a fraction of the haystack


class NeedleTask:
    """RULER-style passkey and multi-key retrieval, tokenised with the model's tokenizer (see the module docstring)."""

    def __init__(self, tokenizer, text: str, config: PluginConfig):
        self.tokenizer, self.config = tokenizer, config
        ids = np.asarray(tokenizer(text, add_special_tokens=False)["input_ids"], dtype=np.int64)
        cut = int(len(ids) * config.split)
        self.filler = {"train": ids[:cut], "eval": ids[cut:]}
        ends = np.asarray([tokenizer.decode([int(i)]).rstrip(" ").endswith((".", "\n")) for i in np.unique(ids)])
        self._ends = dict(zip(np.unique(ids).tolist(), ends.tolist()))
        self.head, self.tail = self._frame()
        self._check()

    def encode(self, text: str) -> list[int]:
        return list(self.tokenizer(text, add_special_tokens=False)["input_ids"])

    def _frame(self) -> tuple[str, str]:
        """The chat frame around the haystack: the user turn's head and its tail up to the assistant's answer."""
        template = getattr(self.tokenizer, "chat_template", None)
        if template:
            text = self.tokenizer.apply_chat_template(
                [{"role": "user", "content": INTRO + HOLE + QUESTION}], tokenize=False, add_generation_prompt=True
            )
        else:  # a tokenizer without a chat format: the same turn as plain text
            text = INTRO + HOLE + QUESTION + "\n"
        head, _, tail = text.partition(HOLE)
        return head, tail

    def _check(self) -> None:
        c = self.config
        shortest = c.window - self.fixed_length(max(c.keys), "k" * max(map(len, KEYS)))
        if shortest < 8:
            raise InputError(
                f"window {c.window}: the frame, {max(c.keys)} needles and the answer leave {shortest} filler tokens; "
                "allowed: a larger window"
            )
        longest = c.window * max(c.ratios)
        if min(len(f) for f in self.filler.values()) < longest:
            raise InputError(
                f"the text has {len(self.filler['eval'])} evaluation tokens for instances of {longest}; "
                "allowed: a longer text or a smaller window"
            )

    def question(self, key: str) -> list[int]:
        return self.encode(self.tail.replace(QUESTION, QUESTION.format(key=key)))

    def fixed_length(self, keys: int, key: str) -> int:
        """Tokens of an instance that are not filler."""
        value = "1" * self.config.digits
        return (
            len(self.encode(self.head))
            + keys * len(self.encode(NEEDLE.format(key=key, value=value)))
            + len(self.question(key))
            + len(self.encode(ANSWER.format(key=key, value=value)))
        )

    def instance(self, rng: np.random.Generator, length: int, keys: int, split: str) -> Instance:
        c = self.config
        names = rng.choice(len(KEYS), size=keys, replace=False)
        values = [str(rng.integers(1, 10)) + "".join(map(str, rng.integers(0, 10, c.digits - 1))) for _ in names]
        asked = int(rng.integers(keys))
        key, value = KEYS[names[asked]], values[asked]
        head = self.encode(self.head)
        tail = self.question(key)
        answer = self.encode(ANSWER.format(key=key, value=value))
        if [self.tokenizer.decode([t]) for t in answer[-c.digits :]] != list(value):
            raise InputError("the tokenizer does not split a number into one token per digit; allowed: one that does")
        needles = [self.encode(NEEDLE.format(key=KEYS[n], value=v)) for n, v in zip(names, values)]
        room = length - len(head) - len(tail) - len(answer) - sum(map(len, needles))
        if room < 1:
            raise InputError(f"length {length} leaves no room for filler; allowed: a larger window")
        stream = self.filler[split]
        start = int(rng.integers(0, len(stream) - room))
        filler = stream[start : start + room]
        ends = [i + 1 for i, t in enumerate(filler.tolist()) if self._ends.get(t)] or list(range(room + 1))
        places = sorted(rng.choice(ends, size=keys, replace=len(ends) < keys).tolist())
        hay, last, depth = [], 0, 0.0
        for place, n, needle in sorted(zip(places, range(keys), needles)):
            hay += filler[last:place].tolist()
            if n == asked:
                depth = len(hay) / (room + sum(map(len, needles)))
            hay += needle
            last = place
        hay += filler[last:].tolist()
        tokens = np.asarray(head + hay + tail + answer, dtype=np.int64)
        return Instance(tokens, np.arange(length - c.digits, length), keys, depth)

    def train_batch(self, seed: int, step: int) -> list[Instance]:
        c = self.config
        return [
            self.instance(np.random.default_rng([seed, step, i]), c.window, c.keys[i % len(c.keys)], "train")
            for i in range(c.batch)
        ]

    def eval_set(self, ratio: int) -> list[Instance]:
        c = self.config
        return [
            self.instance(
                np.random.default_rng([EVAL_SEED, ratio, j]), ratio * c.window, c.keys[j % len(c.keys)], "eval"
            )
            for j in range(c.eval_n)
        ]


# --------------------------------------------------------------------------- arms


@dataclass
class Arm:
    """One model of the experiment: the (possibly peft-wrapped) causal LM, its side path, its trainable parameters
    (LoRA's, then the gate's)."""

    name: str
    model: Any  # a transformers / peft causal LM: no stubs to type it by
    side: SidePathPlugin | None
    lora: list
    gate: list

    @property
    def trainable(self) -> list:
        return self.lora + self.gate

    @property
    def backbone(self):
        return _inner(self.model).model

    @property
    def head(self):
        return _inner(self.model).lm_head

    @property
    def layers(self):
        return list(self.backbone.layers)


def _inner(model):
    """The transformers causal LM under a peft wrapper (LoRA layers live inside its modules)."""
    return model.get_base_model() if hasattr(model, "get_base_model") else model


def build_arm(base_model, name: str, seed: int, config: PluginConfig) -> Arm:
    """A fresh copy of the frozen backbone with the arm's adapters; LoRA's initialisation drawn from ``seed`` (the
    same in ``lora`` and ``lora+trsp``), the gate's from ``seed`` too."""
    import torch

    from specproof.runs.real.side_plugin import SidePathPlugin, trsp_spec

    if name not in ARMS:
        raise InputError(f"unknown arm {name!r}; allowed: {', '.join(ARMS)}")
    model = copy.deepcopy(base_model)
    for p in model.parameters():
        p.requires_grad_(False)
    lora: list = []
    gate: list = []
    if "lora" in name:
        import peft

        torch.manual_seed(seed)
        lora_config = peft.LoraConfig(
            r=config.lora_r,
            lora_alpha=config.lora_alpha,
            lora_dropout=0.0,
            target_modules=["q_proj", "k_proj", "v_proj", "o_proj"],
        )
        with warnings.catch_warnings():  # peft calls a transformers method that transformers marks as deprecated
            warnings.simplefilter("ignore", FutureWarning)
            model = peft.get_peft_model(model, lora_config)
        lora = [p for p in model.parameters() if p.requires_grad]
    side = None
    if "trsp" in name:
        layers = list(_inner(model).model.layers)
        side = SidePathPlugin(layers, trsp_spec(len(layers)), seed, like=next(model.parameters()))
        gate_net = side.side.gate
        if gate_net is None:
            raise RuntimeError("TRSP's side path carries its Eq. 7 gate")
        with torch.no_grad():
            gate_net.fc2.weight.zero_()
            gate_net.fc2.bias.fill_(config.gate_bias)
        gate = side.parameters()
    model.eval()  # no dropout anywhere: training and evaluation run the same function
    return Arm(name, model, side, lora, gate)


# --------------------------------------------------------------------------- loss, accuracy


def answer_logits(arm: Arm, instances: list[Instance]):
    """Logits at the positions that predict each value digit: (B, digits, vocab)."""
    import torch

    device = next(arm.model.parameters()).device
    ids = torch.as_tensor(np.stack([x.tokens for x in instances]), device=device)
    hidden = arm.backbone(input_ids=ids, use_cache=False).last_hidden_state
    at = torch.as_tensor(np.stack([x.answer - 1 for x in instances]), device=device)
    picked = torch.gather(hidden, 1, at[..., None].expand(-1, -1, hidden.shape[-1]))
    return arm.head(picked), ids.gather(1, at + 1)


def loss_and_hits(arm: Arm, instances: list[Instance]):
    """Mean cross-entropy over the value digits (a tensor), and per instance whether every digit's argmax is right."""
    import torch

    logits, targets = answer_logits(arm, instances)
    loss = torch.nn.functional.cross_entropy(logits.reshape(-1, logits.shape[-1]).float(), targets.reshape(-1))
    hits = (logits.argmax(-1) == targets).all(-1).cpu().numpy()
    return loss, hits


# --------------------------------------------------------------------------- training, resumable


def _save(path: Path | None, state: dict) -> None:
    if path is None:
        return
    import torch

    from specproof.engine.io import write_atomic

    buffer = io.BytesIO()
    torch.save(state, buffer)
    write_atomic(path, buffer.getvalue())


def train(arm: Arm, task: NeedleTask, seed: int, config: PluginConfig, checkpoint: Path | None, expect: dict) -> dict:
    """Train the arm's adapters in place; resumes from ``checkpoint`` when it holds this run's state."""
    import torch

    from specproof.runs.train.harness import deterministic, load_average

    if not arm.trainable:
        return {"steps": 0, "losses": [], "seconds": 0.0, "cpu_seconds": 0.0, "trainable": 0}
    chosen = [(ps, lr) for ps, lr in ((arm.lora, config.lr), (arm.gate, config.gate_lr)) if ps]
    opt = torch.optim.AdamW([{"params": ps, "lr": lr} for ps, lr in chosen], weight_decay=0.0)
    rates = [lr for _, lr in chosen]
    step, losses, seconds, cpu = 0, [], 0.0, 0.0
    if checkpoint is not None and checkpoint.is_file():
        state = torch.load(checkpoint, map_location="cpu", weights_only=False)
        if any(state.get(k) != v for k, v in expect.items()):
            raise InputError(f"checkpoint {checkpoint} belongs to another run; allowed: delete it")
        with torch.no_grad():
            for p, saved in zip(arm.trainable, state["trainable"]):
                p.copy_(saved)
        opt.load_state_dict(state["optimizer"])
        step, losses, seconds, cpu = state["step"], state["losses"], state["seconds"], state["cpu_seconds"]
    device = next(arm.model.parameters()).device
    with deterministic(device):
        t0, c0 = time.perf_counter(), time.process_time()
        while step < config.steps:
            for group, rate in zip(opt.param_groups, rates):
                group["lr"] = rate * min(1.0, (step + 1) / max(1, config.warmup))
            loss, _ = loss_and_hits(arm, task.train_batch(seed, step))
            opt.zero_grad(set_to_none=True)
            loss.backward()
            torch.nn.utils.clip_grad_norm_(arm.trainable, config.clip)
            opt.step()
            losses.append(float(loss.detach()))
            step += 1
            if not math.isfinite(losses[-1]):
                raise InputError(f"{arm.name} seed {seed}: the loss is not finite at step {step}")
            if step % config.checkpoint_every == 0 or step == config.steps:
                seconds, cpu = seconds + time.perf_counter() - t0, cpu + time.process_time() - c0
                t0, c0 = time.perf_counter(), time.process_time()
                state = {**expect, "step": step, "losses": losses, "seconds": seconds, "cpu_seconds": cpu}
                state["trainable"] = [p.detach().cpu().clone() for p in arm.trainable]
                state["optimizer"] = opt.state_dict()
                _save(checkpoint, state)
        seconds, cpu = seconds + time.perf_counter() - t0, cpu + time.process_time() - c0
    for p in arm.trainable:
        p.requires_grad_(False)
    return {
        "steps": config.steps,
        "losses": losses,
        "seconds": seconds,
        "cpu_seconds": cpu,
        "trainable": int(sum(p.numel() for p in arm.trainable)),
        "load": load_average(),
    }


# --------------------------------------------------------------------------- evaluation


def evaluate(arm: Arm, task: NeedleTask, config: PluginConfig) -> dict:
    """Accuracy, held-out loss, depths, gains and the four diagnostics at every ratio."""
    import torch

    from specproof.runs.real.causal import stream_diagnostics

    out = {}
    for r in config.ratios:
        t0 = time.perf_counter()
        instances = task.eval_set(r)
        hits, losses = [], []
        with torch.no_grad():
            for i in range(0, len(instances), config.eval_batch):
                chunk = instances[i : i + config.eval_batch]
                loss, h = loss_and_hits(arm, chunk)
                hits += h.tolist()
                losses.append(float(loss) * len(chunk))
            diag = [
                stream_diagnostics(arm.backbone, arm.layers, x.tokens.tolist(), config.sigma, seed=r * 1000 + j)
                for j, x in enumerate(instances[: config.diag_n])
            ]
        layers = {k: np.mean([d[k] for d in diag], axis=0).tolist() for k in diag[0]}
        by_keys = {
            str(k): float(np.mean([h for h, x in zip(hits, instances) if x.keys == k]))
            for k in sorted({x.keys for x in instances})
        }
        out[str(r)] = {
            "length": r * config.window,
            "accuracy": float(np.mean(hits)),
            "accuracy_by_keys": by_keys,
            "correct": [bool(h) for h in hits],
            "depth": [x.depth for x in instances],
            "loss": float(np.sum(losses) / len(instances)),
            "diagnostics": {
                "layers": layers,
                "layer_mean": {k: float(np.mean(v[1:])) for k, v in layers.items()},  # the blocks, not the embeddings
            },
            "gains": None if arm.side is None else arm.side.gains(r * config.window),
            "seconds": time.perf_counter() - t0,
        }
    return out


# --------------------------------------------------------------------------- the run


def load_rows(path: Path) -> list[dict]:
    if not path.is_file():
        return []
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def row_key(row: dict) -> tuple:
    return (row["config"], row["fingerprint"], row["arm"], row["seed"])


def planned(config: PluginConfig, seeds=None, arms=None) -> list[tuple[str, int | None]]:
    """(arm, seed) in the order they are run, seed-major (an interrupted run leaves whole pairs); raw once."""
    given = seeds is not None
    seeds = config.seeds if seeds is None else seeds
    arms = config.arms if arms is None else arms
    out = [("raw", None)] if "raw" in arms else []
    return out + [
        (a, int(s)) for s in seeds for a in arms if a != "raw" and (a != "trsp" or given or s in config.solo_seeds)
    ]


def run(
    source,
    text_label: str,
    config: PluginConfig,
    store: Path | None,
    checkpoints: Path | None,
    seeds=None,
    arms=None,
    echo=None,
) -> list[dict]:
    """Every planned (arm, seed) row the store lacks, trained, evaluated and written (the store rewritten atomically
    after each); returns this config's rows."""
    import torch

    from specproof.engine.io import write_atomic
    from specproof.runs.real.causal import _round, importlib_version, model_label
    from specproof.runs.train.task_run import provenance

    info = source.info
    label = model_label(info)
    fingerprint = config.fingerprint(label, text_label)
    path = None if store is None else Path(store) / STORE_FILE
    rows = load_rows(path) if path is not None else []
    have = {row_key(r) for r in rows}
    task = None
    for arm_name, seed in planned(config, seeds, arms):
        key = (config.name, fingerprint, arm_name, seed)
        if key in have:
            continue
        if task is None:
            task = NeedleTask(source.tokenizer, source.text, config)
        cm = source.model
        arm = build_arm(cm.model, arm_name, 0 if seed is None else seed, config)
        ck = None
        if checkpoints is not None and arm.trainable:
            ck = Path(checkpoints) / f"{config.name}-{fingerprint}-{arm_name.replace('+', '_')}-seed{seed}.pt"
        expect = {"fingerprint": fingerprint, "arm": arm_name, "seed": seed}
        info_train = train(arm, task, 0 if seed is None else seed, config, ck, expect)
        t0, c0 = time.perf_counter(), time.process_time()
        ev = evaluate(arm, task, config)
        row = _round(
            {
                "config": config.name,
                "fingerprint": fingerprint,
                "arm": arm_name,
                "seed": seed,
                "revision": REVISION,
                "config_fields": config.identity(),
                "model": label,
                "text": text_label,
                "train": info_train,
                "eval": ev,
                "eval_seconds": time.perf_counter() - t0,
                "eval_cpu_seconds": time.process_time() - c0,
                **info.provenance(),
                **provenance(next(cm.model.parameters()).device),
                "dtype": "float32 (training and evaluation), float64 (diagnostics' spectra)",
                "transformers": importlib_version("transformers"),
                "peft": importlib_version("peft"),
                "threads": torch.get_num_threads(),
            }
        )
        rows.append(row)
        have.add(key)
        if path is not None:
            write_atomic(path, "".join(json.dumps(r, sort_keys=True) + "\n" for r in rows))
        if echo:
            acc = {k: round(v["accuracy"], 3) for k, v in ev.items()}
            echo(f"{arm_name} seed {seed}: trained {info_train['seconds']:.0f} s, accuracy {acc}")
        if arm.side is not None:
            arm.side.remove()
        del arm
    return [r for r in rows if r["config"] == config.name and r["fingerprint"] == fingerprint]
