"""Bandwidth schedules b_ℓ(T) and the connectivity of the Cayley skeleton they wire (TRSP Eq. 5, Thm C.1).

A schedule assigns one bandwidth to each layer; its skeleton is Cay(ℤ_T, {±b_ℓ}). The paper's
schedule is the dyadic one, b_ℓ = min(2^ℓ, T); :func:`geometric_schedule` takes any integer base.
"""

from __future__ import annotations

import math

from specproof.theory.validate import InputError, positive_int


def integer_log(T: int, base: int) -> int:
    """⌊log_base T⌋ for integers T ≥ 1, base ≥ 2, exactly (no floating-point logarithm)."""
    T = positive_int("T", T)
    base = positive_int("base", base, minimum=2)
    power, exponent = base, 0
    while power <= T:
        power *= base
        exponent += 1
    return exponent


def geometric_schedule(T: int, base: int, depth: int | None = None) -> list[int]:
    """b_ℓ = min(base^ℓ, T), ℓ = 0..depth−1; base 2 is TRSP Eq. 5.

    The default depth ⌊log_base T⌋ + 1 stops at the last power that fits in T.
    """
    T = positive_int("T", T)
    base = positive_int("base", base, minimum=2)
    depth = integer_log(T, base) + 1 if depth is None else positive_int("depth", depth)
    return [min(base**ell, T) for ell in range(depth)]


def constant_schedule(T: int, bandwidth: int | None = None, depth: int | None = None) -> list[int]:
    """The same bandwidth at every layer; ``bandwidth=None`` means b_ℓ = T (the "w/o dyadic" ablation, TRSP §5.2).

    The default depth ⌊log₂ T⌋ + 1 matches the dyadic schedule's layer count.
    """
    T = positive_int("T", T)
    b = T if bandwidth is None else positive_int("bandwidth", bandwidth)
    if b > T:
        raise InputError(f"bandwidth must satisfy 1 <= b <= T = {T}, got {b}")
    depth = integer_log(T, 2) + 1 if depth is None else positive_int("depth", depth)
    return [b] * depth


def cayley_component_count(T: int, generators) -> int:
    """Number of connected components of Cay(ℤ_T, ±S): the index gcd(T, S) of the subgroup S generates.

    Exact integer arithmetic; the graph is connected iff the count is 1.
    """
    T = positive_int("T", T)
    gens = [positive_int("generator", g, minimum=0) for g in generators]
    if not gens:
        raise InputError("the generator set must not be empty")
    return math.gcd(T, *gens)


__all__ = ["cayley_component_count", "constant_schedule", "geometric_schedule", "integer_log"]
