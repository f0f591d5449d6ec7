"""How the catalogue renders a number: the digits it keeps (a module of its own, below every engine module, that
imports no numerics: `specproof list` and `--help` stay light)."""

from __future__ import annotations

import math
import numbers


def fmt(x, digits: int = 3) -> str:
    """Stable short rendering of a number: 3 significant digits, float noise shown as 0."""
    if x is None:
        return "n/a"
    if isinstance(x, numbers.Integral) and not isinstance(x, bool):
        return str(int(x))
    x = float(x)
    if not math.isfinite(x):
        return str(x)
    if abs(x) < 1e-12:
        return "0"
    return f"{x:.{digits}g}"
