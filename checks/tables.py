"""The plain-text table of every report: `specproof verify`, a variant's report, the property listing."""

from __future__ import annotations

from typing import Sequence


def text_table(header: Sequence[str], rows: Sequence[Sequence[str]], rule: bool = True) -> list[str]:
    """Left-aligned columns two spaces apart, trailing blanks stripped; ``rule`` puts a line of dashes
    under the header."""
    table = [tuple(header), *map(tuple, rows)]
    widths = [max(len(row[i]) for row in table) for i in range(len(header))]
    lines = ["  ".join(cell.ljust(w) for cell, w in zip(row, widths)).rstrip() for row in table]
    if rule:
        lines.insert(1, "  ".join("-" * w for w in widths))
    return lines
