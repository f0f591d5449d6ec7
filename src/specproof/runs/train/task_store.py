"""The task-level runs' store (``<store>/trained-tasks.jsonl``): rows read, keyed, appended as one locked write and
replaced atomically (two trainings at a time share one store)."""

from __future__ import annotations

import json
import os
from pathlib import Path


def load_rows(path: Path) -> list[dict]:
    if not path.is_file():
        return []
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def row_key(row: dict) -> tuple:
    return (row["config"], row["fingerprint"], row["variant"], row["side"], row["seed"])


def _locked(path: Path):
    """An exclusive lock on the store's directory (flock on its descriptor: no lock file is left beside the rows):
    two runs writing the same store (two trainings at a time) take turns appending or rewriting it."""
    import contextlib
    import fcntl

    @contextlib.contextmanager
    def held():
        path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(path.parent, os.O_RDONLY)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX)
            yield
        finally:
            os.close(fd)  # closing releases the lock

    return held()


def append_row(path: Path, row: dict) -> None:
    """One row appended as one write (O_APPEND) under the store's lock, then synced: a reader never sees half a row."""
    data = (json.dumps(row, sort_keys=True) + "\n").encode()
    with _locked(path):
        fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o666)
        try:
            os.write(fd, data)
            os.fsync(fd)
        finally:
            os.close(fd)


def replace_row(path: Path, row: dict) -> None:
    """The stored row with ``row``'s key replaced by ``row`` (the file rewritten atomically under the lock)."""
    from specproof.engine.io import write_atomic

    with _locked(path):
        rows = [row if row_key(r) == row_key(row) else r for r in load_rows(path)]
        write_atomic(path, "".join(json.dumps(r, sort_keys=True) + "\n" for r in rows))
