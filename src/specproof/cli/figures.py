"""`specproof figures`: regenerate the gallery (or, with `--quick`, small sweeps into a new directory)."""

from __future__ import annotations

import sys
import time
from pathlib import Path

from specproof.render.figures.core import FIGURES, render
from specproof.theory.errors import InputError

MARKER = ".specproof-figures"  # in a directory `specproof figures --outdir` made: it may write there again


def cmd_figures(args) -> int:
    import specproof.render.figures.gallery  # noqa: F401  (registers the figures)

    names = args.names or list(FIGURES)
    unknown = [n for n in names if n not in FIGURES]
    if unknown:
        raise InputError(f"unknown figure(s) {', '.join(unknown)}; allowed: {', '.join(FIGURES)}")
    outdir = _outdir(args.outdir, args.quick)
    from tqdm import tqdm

    for name in tqdm(names, desc="figures", file=sys.stderr, disable=not sys.stderr.isatty()):
        t0 = time.perf_counter()
        png, data, written = render(FIGURES[name], args.quick, outdir)
        took = f" ({time.perf_counter() - t0:.1f} s)"
        print(f"wrote {png} and {data}{took}" if written else f"{png} and {data} are up to date{took}")
    return 0


def _outdir(given: str | None, quick: bool) -> Path:
    """Where figures go, checked before any work: the given directory; else the project's gallery (full
    runs) or a new temporary directory (quick runs: their small sweeps must not replace the gallery)."""
    import tempfile

    from specproof.engine.io import output_dir, project_path, write_atomic

    gallery = project_path("figures")
    if given is not None:
        out = output_dir(given, "--outdir")
        if gallery is not None and out.resolve() == gallery.resolve():
            return gallery
        if out.is_dir() and any(out.iterdir()) and not (out / MARKER).is_file():  # as `specproof site` refuses
            raise InputError(
                f"--outdir {str(given)!r} is a non-empty directory that `specproof figures` did not make; "
                f"allowed: a new or empty directory, or an earlier figures directory (it holds {MARKER})"
            )
        if not (out / MARKER).is_file():
            write_atomic(out / MARKER, "made by `specproof figures`; figures are rewritten in place\n")
        return out
    if quick:
        return Path(tempfile.mkdtemp(prefix="specproof-figures-quick-"))
    if gallery is None:
        raise InputError(
            "no project gallery here (specproof is not installed from its checkout); allowed: --outdir DIR"
        )
    return gallery
