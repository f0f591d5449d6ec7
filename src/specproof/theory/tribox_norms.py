"""Norms of the triBox matrix M_tri in exact arithmetic and closed form (TRSP App. C.4).

The rows of M_tri = Box_b∘Box_b are copies of the triangular kernel h_b only from row 2b−2 on; the
first 2b−2 rows average over the shorter windows w_t = min(b, t+1) and carry the boundary effects
that the column sums, the Frobenius energy and the stable rank of the composite see.
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np

from specproof.theory.cesaro import harmonic_number
from specproof.theory.filters import tribox_kernel_energy, tribox_matrix
from specproof.theory.operators import TriBox
from specproof.theory.validate import InputError, positive_int


def tribox_first_column_sum(b: int) -> Fraction:
    """Σ_t (M_tri)_{t,0} = (H_b² + H_b^{(2)})/2 + 1 − H_b/b, exact, for T ≥ 2b−1.

    Column 0 collects the Cesàro-type rows t < b of both box factors: Σ_{s<b} (H_b − H_s + s/b)/(s+1).
    It grows like ½ ln² b, the largest column sum of M_tri.
    """
    b = positive_int("b", b)
    H, H2 = harmonic_number(b, exact=True), harmonic_number(b, exact=True, order=2)
    return (H * H + H2) / 2 + 1 - H / b


def tribox_frobenius_sq_exact(T: int, b: int) -> Fraction:
    """‖M_tri‖_F², exact."""
    return sum((x * x for x in tribox_matrix(T, b, exact=True).flat), Fraction(0))


def tribox_kernel_energy_exact(b: int) -> Fraction:
    """‖h_b‖₂² = (2b²+1)/(3b³) as a Fraction (TRSP Eq. 13)."""
    b = positive_int("b", b)
    return Fraction(2 * b * b + 1, 3 * b**3)


def tribox_boundary_excess(b: int, block: int = 256) -> float:
    """β_b = ‖M_tri‖_F² − T‖h_b‖², the same for every T ≥ 2b−2: the extra energy of the boundary rows.

    Computed in float64 from the 2b−2 boundary rows (rows from 2b−2 on are exact copies of h_b).
    """
    b = positive_int("b", b)
    if b == 1:
        return 0.0
    T = 2 * b - 2
    op = TriBox(T, b)
    energy = 0.0
    for start in range(0, T, block):  # columns in blocks: O(T²) time, O(T·block) memory
        width = min(block, T - start)
        cols = np.zeros((T, width))
        cols[start + np.arange(width), np.arange(width)] = 1.0
        energy += float(np.sum(op.mv(cols) ** 2))
    return energy - T * tribox_kernel_energy(b)


def sink_composite_stable_rank_limit(b: int, g: float) -> float:
    """lim_{T→∞} srank(I + 𝟏e₁ᵀ + g·M_tri) = 2 + 2g·h_b(0) + g²‖h_b‖² = 2 + 2g/b² + g²(2b²+1)/(3b³).

    ‖ℳ‖_F² = 2T + 2g·tr M_tri + g²‖M_tri‖_F² + O(1) with tr M_tri/T → h_b(0) = 1/b² (the kernel's
    weight at lag 0), while ‖ℳ‖₂² = T + O(1): the sink's column dominates the top singular value.
    """
    b = positive_int("b", b)
    g = float(g)
    if not np.isfinite(g) or g < 0:
        raise InputError(f"the gate g must be a finite number >= 0, got {g!r}")
    return 2.0 + 2.0 * g / b**2 + g * g * tribox_kernel_energy(b)
