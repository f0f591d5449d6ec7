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


def fmt_up(x, digits: int = 3) -> str:
    """An upper bound's rendering: the smallest number of ``digits`` significant digits at or above x (a bound
    "≤ fmt_up(x)" stays true of x; plain rounding can land below it)."""
    from decimal import ROUND_CEILING, Decimal

    if x is None or not math.isfinite(float(x)) or abs(float(x)) < 1e-12:
        return fmt(x, digits)
    d = Decimal(repr(float(x)))
    return fmt(float(d.quantize(Decimal(1).scaleb(d.adjusted() - digits + 1), rounding=ROUND_CEILING)), digits)
