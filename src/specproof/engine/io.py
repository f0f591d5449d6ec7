"""Everything specproof writes goes through here: the project's own paths, output paths checked
before any work, one atomic writer, one provenance record.

- **Where**: the committed sweep store, gallery and catalogue belong to the project, not to the
  directory a command runs in. :func:`project_root` finds them from the installed package (an
  editable install or a checkout); without one, claims compute in memory and the commands that write
  ask for an explicit path.
- **Before the work**: :func:`output_file` and :func:`output_dir` turn a bad path into one
  :class:`InputError` line (what is wrong, what is allowed) before a command starts computing.
- **How**: :func:`write_atomic` writes a temporary file beside the target, fsyncs it and renames
  it over the target, so a reader (or a rerun after Ctrl-C) sees the old file or the new one, never
  a torn one; the file gets the mode the user's umask gives a new file.
"""

from __future__ import annotations

import datetime
import functools
import importlib.metadata
import os
import platform
import sys
import tempfile
from pathlib import Path

from specproof.theory.errors import InputError

CACHE_ENV, NO_CACHE_ENV = "SPECPROOF_CACHE_DIR", "SPECPROOF_NO_CACHE"


def cache_dir() -> Path | None:
    """Where builds are kept between processes, or None when ``SPECPROOF_NO_CACHE`` is set or the directory is
    unusable (then one line on stderr says why, once per process, and nothing is cached: every command alike)."""
    if os.environ.get(NO_CACHE_ENV, "").strip() not in ("", "0"):
        return None
    given = os.environ.get(CACHE_ENV)
    if given:
        path, what = Path(given).expanduser(), f"{CACHE_ENV}={given!r}"
    else:
        xdg = os.environ.get("XDG_CACHE_HOME", "")
        # the XDG spec: a relative XDG_CACHE_HOME is invalid and ignored
        base = Path(xdg) if xdg and Path(xdg).is_absolute() else Path.home() / ".cache"
        path, what = base / "specproof", f"the cache directory {str(base / 'specproof')!r}"
    problem = _cache_problem(path)
    if problem:
        _warn_unusable_cache(
            f"specproof: {what} {problem}; nothing is cached (allowed: an absolute path to a writable directory, "
            f"or {NO_CACHE_ENV}=1)"
        )
        return None
    return path


def _cache_problem(path: Path) -> str:
    """Why ``path`` cannot hold the cache ('' when it can): it must be absolute (what is cached must not depend on
    the working directory) and a writable directory, or creatable under one."""
    if not path.is_absolute():
        return "is a relative path"
    probe = path
    while not probe.exists() and probe.parent != probe:
        probe = probe.parent
    if not probe.is_dir():
        return "is not a directory" if probe == path else f"cannot be created ({probe} is not a directory)"
    if not os.access(probe, os.W_OK | os.X_OK):
        return "is not writable" if probe == path else f"cannot be created ({probe} is not writable)"
    return ""


@functools.cache
def _warn_unusable_cache(line: str) -> None:
    print(line, file=sys.stderr)


def check_cache_env() -> None:
    """Refuse an unusable ``SPECPROOF_CACHE_DIR`` before any command runs (every command alike): a relative path
    (it would depend on the working directory and write there), a path that is a file, or one under no writable
    directory. Unset, or ``SPECPROOF_NO_CACHE`` set: nothing to check."""
    given = os.environ.get(CACHE_ENV)
    if not given or os.environ.get(NO_CACHE_ENV, "").strip() not in ("", "0"):
        return
    what = CACHE_ENV
    shown = given if len(given) <= 120 else given[:100] + f"… ({len(given)} characters)"
    p = Path(given).expanduser()
    if not p.is_absolute():
        raise InputError(
            f"{what} = {shown!r} is a relative path (it would create a folder wherever a command runs); "
            "allowed: an absolute directory path, or unset it (default $XDG_CACHE_HOME/specproof)"
        )
    if p.exists() and not p.is_dir():
        raise InputError(f"{what} = {shown!r} exists and is not a directory; allowed: a directory path, or unset it")
    _writable_dir(p, what, shown)


@functools.lru_cache(maxsize=1)
def project_root() -> Path | None:
    """The checkout the package runs from (``src/specproof`` beside ``pyproject.toml`` and the committed store
    ``data/``), or None for an installation without the project's data."""
    root = Path(__file__).resolve().parents[3]  # <root>/src/specproof/engine/io.py
    if (root / "pyproject.toml").is_file() and (root / "data").is_dir():
        return root
    return None


def project_path(*parts: str) -> Path | None:
    """A path inside the project (None without one)."""
    root = project_root()
    return None if root is None else root.joinpath(*parts)


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def _writable_dir(directory: Path, what: str, given: str) -> None:
    """The nearest existing ancestor of ``directory`` must be a writable directory."""
    probe = directory
    while not probe.exists():
        if probe.parent == probe:
            break
        probe = probe.parent
    if not probe.is_dir():
        raise InputError(f"{what} {given!r}: {probe} is not a directory; allowed: a path under a writable directory")
    if not os.access(probe, os.W_OK | os.X_OK):
        raise InputError(f"{what} {given!r}: {probe} is not writable; allowed: a path under a writable directory")
    try:  # /proc, /sys and read-only mounts can pass access() for root: ask the file system itself
        fd, tmp = tempfile.mkstemp(dir=probe, prefix=".specproof-probe-")
    except OSError as exc:
        raise InputError(
            f"{what} {given!r}: cannot create files in {probe} ({exc.strerror}); "
            "allowed: a path under a writable directory"
        ) from None
    os.close(fd)
    os.unlink(tmp)


def output_file(path, what: str = "output file") -> Path:
    """Check a file the command will write, before any work: a non-empty path, not a directory, in
    (or under) a writable directory. Returns it as a Path."""
    given = "" if path is None else str(path)
    if not given.strip():
        raise InputError(f"{what} is empty; allowed: a file path such as report.json")
    p = Path(given).expanduser()
    if p.is_dir():
        raise InputError(f"{what} {given!r} is an existing directory; allowed: a file path")
    if p.exists() and not p.is_file():
        raise InputError(f"{what} {given!r} exists and is not a regular file; allowed: a new or regular file")
    if not p.parent.is_dir():  # never create directories the user did not name
        raise InputError(
            f"{what} {given!r}: the directory {p.parent} does not exist; allowed: a file in an existing directory"
        )
    _writable_dir(p.parent, what, given)
    return p


def output_dir(path, what: str = "output directory") -> Path:
    """Check a directory the command will write into, before any work: a non-empty path that is a
    directory or can be created as one in a writable place. Returns it as a Path."""
    given = "" if path is None else str(path)
    if not given.strip():
        raise InputError(f"{what} is empty; allowed: a directory path")
    p = Path(given).expanduser()
    if p.exists() and not p.is_dir():
        raise InputError(f"{what} {given!r} exists and is not a directory; allowed: a directory path")
    _writable_dir(p, what, given)
    return p


def write_atomic(path, content: str | bytes) -> Path:
    """Write ``content`` to ``path`` atomically (temporary file beside it, fsync, rename), with the mode
    the user's umask gives a new file; on any failure the temporary file is removed."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    data = content.encode("utf-8") if isinstance(content, str) else content
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        os.fchmod(fd, 0o666 & ~_umask())  # mkstemp creates 0600
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return path


def package_version(pkg: str) -> str | None:
    """The installed version of a distribution, or None."""
    try:
        return importlib.metadata.version(pkg)
    except importlib.metadata.PackageNotFoundError:
        return None


def provenance(**extra) -> dict:
    """Who computed a record, with what and when: specproof's version, Python, numpy, scipy, torch,
    the machine's architecture and the UTC date; ``extra`` adds what the caller knows (device, dtype,
    quick, seconds)."""
    return {
        "specproof": package_version("specproof") or "0+unknown",
        "python": platform.python_version(),
        "numpy": package_version("numpy"),
        "scipy": package_version("scipy"),
        "torch": package_version("torch"),
        "machine": platform.machine(),
        "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
        **extra,
    }
