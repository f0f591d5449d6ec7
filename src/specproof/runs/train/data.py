"""The configurations and the corpus of `specproof train` (:mod:`specproof.runs.train.harness` re-exports these names):
:class:`TrainConfig` and the named :data:`CONFIGS`, the byte corpus (Python's own documentation and any UTF-8 files,
the last 10 % held out), the training batches (a pure function of seed and step) and the evaluation windows.
"""

from __future__ import annotations

import hashlib
import math
from dataclasses import asdict, dataclass
from pathlib import Path

import numpy as np

from specproof.theory.errors import InputError

TRAIN_STREAM, PERTURB_STREAM, RETRIEVAL_STREAM = 1, 3, 4  # the generators' stream tags, one per data stream
HELDOUT_SHARE = 0.1
RESERVED = (0x01, 0x02, 0x03)  # the retrieval task's markers, never in the corpus


# --------------------------------------------------------------------------- configurations


@dataclass(frozen=True)
class TrainConfig:
    """Everything a run's results depend on, besides the variant, the seed and the corpus."""

    name: str
    d_model: int
    n_layers: int
    n_heads: int
    train_length: int
    batch: int
    steps: int
    lr: float
    mlp_ratio: float = 4.0
    warmup: float = 0.03
    weight_decay: float = 0.1
    grad_clip: float = 1.0
    ratios: tuple = (1, 2, 4, 8)
    seeds: tuple = (0, 1, 2)
    needle_fraction: float = 1.0
    key_len: int = 3
    value_len: int = 3
    loss_windows: int = 8
    retrieval_trials: int = 64
    diagnostic_windows: int = 2
    head_max_length: int = 1024
    eigen_max: int = 256
    eval_batch: int = 16
    checkpoint_every: int = 200
    log_every: int = 50
    dtype: str = "float32"

    def __post_init__(self):
        for name in (
            "d_model",
            "n_layers",
            "n_heads",
            "train_length",
            "batch",
            "steps",
            "key_len",
            "value_len",
            "loss_windows",
            "retrieval_trials",
            "diagnostic_windows",
            "head_max_length",
            "eigen_max",
            "eval_batch",
            "checkpoint_every",
            "log_every",
        ):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                raise InputError(f"config {self.name}: {name} = {value!r}; allowed: an integer >= 1")
        if (
            not self.ratios
            or any(not isinstance(r, int) or r < 1 for r in self.ratios)
            or len(set(self.ratios)) != len(self.ratios)
        ):
            raise InputError(f"config {self.name}: ratios {self.ratios!r}; allowed: distinct integers >= 1")
        for name, lo, hi in (
            ("lr", 0, 1),
            ("warmup", 0, 1),
            ("needle_fraction", 0, 1),
            ("weight_decay", 0, 10),
            ("grad_clip", 0, math.inf),
            ("mlp_ratio", 0, 64),
        ):
            value = getattr(self, name)
            if not (
                isinstance(value, (int, float))
                and lo <= value <= hi
                and (name not in ("lr", "mlp_ratio", "grad_clip") or value > 0)
            ):
                raise InputError(
                    f"config {self.name}: {name} = {value!r}; allowed: a number in "
                    f"{'(' if name in ('lr', 'mlp_ratio', 'grad_clip') else '['}{lo}, {hi}]"
                )
        if self.dtype not in ("float32", "float64"):
            raise InputError(f"config {self.name}: dtype {self.dtype!r}; allowed: float32, float64")
        statement = self.key_len + self.value_len + 3
        if self.train_length + 1 < 2 * statement:
            raise InputError(
                f"config {self.name}: train_length {self.train_length} cannot hold a needle and its "
                f"question ({2 * statement} bytes); allowed: train_length >= {2 * statement - 1}"
            )

    def model_config(self):
        from specproof.theory.torch.transformer import DecoderConfig

        return DecoderConfig(
            d_model=self.d_model, n_layers=self.n_layers, n_heads=self.n_heads, mlp_ratio=self.mlp_ratio
        )

    def lengths(self) -> list[int]:
        return [r * self.train_length for r in self.ratios]

    def identity(self) -> dict:
        """What the results depend on: every field but the seeds (each row names its own seed)."""
        out = asdict(self)
        out.pop("seeds")
        out["ratios"] = list(self.ratios)
        return out


CONFIGS = {
    # seconds: the tests' end-to-end configuration
    "tiny": TrainConfig(
        "tiny",
        d_model=32,
        n_layers=2,
        n_heads=2,
        train_length=32,
        batch=4,
        steps=24,
        lr=3e-3,
        ratios=(1, 2),
        loss_windows=2,
        retrieval_trials=8,
        diagnostic_windows=1,
        head_max_length=64,
        eigen_max=64,
        checkpoint_every=8,
        log_every=4,
    ),
    # the committed run: 6 variants × 3 seeds on two CPU cores in about half an hour (see the README of the run)
    "default": TrainConfig(
        "default", d_model=64, n_layers=4, n_heads=2, train_length=128, batch=8, steps=1000, lr=3e-3
    ),
    # TRSP App. A.2's from-scratch scale on a GPU: d = 512, D = 14, 8 heads, trained at 1K, evaluated to 8K
    "gpu": TrainConfig(
        "gpu",
        d_model=512,
        n_layers=14,
        n_heads=8,
        train_length=1024,
        batch=32,
        steps=5000,
        lr=3e-4,
        retrieval_trials=200,
        loss_windows=16,
        diagnostic_windows=2,
        head_max_length=2048,
        eval_batch=4,
        checkpoint_every=500,
        log_every=100,
    ),
}


# --------------------------------------------------------------------------- corpus


@dataclass(frozen=True)
class Corpus:
    """The byte stream split in two: ``train`` (the first 90 %) and ``heldout`` (the rest), uint8."""

    train: np.ndarray
    heldout: np.ndarray
    label: str


def _clean(text: str) -> np.ndarray:
    data = np.frombuffer(text.encode("utf-8"), dtype=np.uint8).copy()
    data[np.isin(data, RESERVED)] = 0x20
    return data


def load_corpus(paths=None) -> Corpus:
    """pydoc_data.topics (every topic, in key order) and the given UTF-8 files, split 90/10 by bytes."""
    from pydoc_data.topics import topics

    parts = [topics[key] for key in sorted(topics)]
    for path in paths or ():
        try:
            parts.append(Path(path).expanduser().read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError) as exc:
            raise InputError(
                f"--text {str(path)!r}: cannot read it as UTF-8 text ({exc.__class__.__name__}); "
                "allowed: a readable UTF-8 text file"
            ) from None
    text = "\n\n".join(parts)
    data = _clean(text)
    cut = int(round(data.size * (1 - HELDOUT_SHARE)))
    digest = hashlib.sha256(data.tobytes()).hexdigest()[:12]
    label = f"pydoc_data.topics{'+files' if paths else ''}@{digest}"
    return Corpus(data[:cut], data[cut:], label)


def check_corpus(corpus: Corpus, config: TrainConfig) -> None:
    """Enough bytes for a training window and for the longest evaluation window, or one line saying how many."""
    longest = max(config.lengths()) + 1
    if corpus.train.size < 4 * (config.train_length + 1):
        raise InputError(
            f"the training text has {corpus.train.size} bytes; config {config.name} needs at least "
            f"{4 * (config.train_length + 1)}; allowed: more --text"
        )
    if corpus.heldout.size < longest:
        raise InputError(
            f"the held-out text has {corpus.heldout.size} bytes and the longest evaluation window needs "
            f"{longest} (ratio {max(config.ratios)} × {config.train_length} + 1); allowed: more --text or "
            "smaller ratios"
        )


def batch_tokens(corpus: Corpus, config: TrainConfig, seed: int, step: int) -> np.ndarray:
    """The (batch, train_length + 1) byte windows of one training step: a pure function of (seed, step)."""
    from specproof.theory.trained_metrics import retrieval_example

    rng = np.random.default_rng([seed, TRAIN_STREAM, step])
    T, data = config.train_length, corpus.train
    rows = []
    for _ in range(config.batch):
        if rng.random() < config.needle_fraction:
            rows.append(retrieval_example(data, T, rng, config.key_len, config.value_len).tokens)
        else:
            start = int(rng.integers(0, data.size - T))
            rows.append(data[start : start + T + 1])
    return np.stack(rows).astype(np.int64)


def eval_windows(data: np.ndarray, length: int, count: int) -> np.ndarray:
    """``count`` windows of ``length + 1`` bytes spread evenly over ``data`` (the same for every model)."""
    starts = np.linspace(0, data.size - length - 1, count).round().astype(int)
    return np.stack([data[s : s + length + 1] for s in starts]).astype(np.int64)
