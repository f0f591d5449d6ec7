"""The plain-text table of every report: `specproof verify`, a variant's report, the property listing."""

from __future__ import annotations

import os
import shutil
from typing import Sequence

MIN_COLUMN = 8  # a shrunk column keeps at least this many characters (its last one an ellipsis)


def terminal_width() -> int | None:
    """The width to fit: the terminal's when stdout is one (or $COLUMNS), else None (a pipe or file keeps every cell
    whole).
    """
    if os.environ.get("COLUMNS", "").isdigit():
        return int(os.environ["COLUMNS"])
    try:
        if os.isatty(1):
            return shutil.get_terminal_size().columns
    except OSError:
        pass
    return None


def _fit(widths: list[int], width: int, shrinkable: Sequence[int]) -> list[int]:
    """Shrink the ``shrinkable`` columns, widest first, until the row fits ``width`` (or they reach MIN_COLUMN)."""
    widths = list(widths)
    while sum(widths) + 2 * (len(widths) - 1) > width:
        candidates = [i for i in shrinkable if widths[i] > MIN_COLUMN]
        if not candidates:
            break
        widest = max(candidates, key=lambda i: widths[i])
        widths[widest] -= 1
    return widths


def _cell(text: str, width: int) -> str:
    return text if len(text) <= width else text[: max(width - 1, 0)] + "…"


def text_table(
    header: Sequence[str],
    rows: Sequence[Sequence[str]],
    rule: bool = True,
    *,
    width: int | None = None,
    shrinkable: Sequence[int] = (),
) -> list[str]:
    """Left-aligned columns two spaces apart, trailing blanks stripped; ``rule`` puts a line of dashes
    under the header. With ``width`` (e.g. :func:`terminal_width`), the ``shrinkable`` columns are cut with an
    ellipsis so a row fits; the JSON report keeps every cell whole."""
    table = [tuple(header), *map(tuple, rows)]
    widths = [max(len(row[i]) for row in table) for i in range(len(header))]
    if width is not None and shrinkable:
        widths = _fit(widths, width, shrinkable)
    lines = ["  ".join(_cell(cell, w).ljust(w) for cell, w in zip(row, widths)).rstrip() for row in table]
    if rule:
        lines.insert(1, "  ".join("-" * w for w in widths))
    return lines
