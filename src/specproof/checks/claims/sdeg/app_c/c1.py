"""SDEG App. C.1: Proof of Theorem 1.

The section's claims in the paper's order, each stated before the checks that decide it.
"""

from __future__ import annotations

import sympy as sp

from specproof.checks.claims._shared.sdeg_bidirectional import (
    claim_tests,
    symbolic_evidence,
)
from specproof.engine.records import Tightness
from specproof.engine.registry import Context, Evidence, Source, Status, claim

decomposition = claim(
    "sdeg.b.decomposition",
    title="Diagonal-plus-rank-one form of A_b and the Gram matrix of its ideal limit",
    source=Source("SDEG", "App. C.1", "Eq. (1)"),
    statement=r"$A_b=D+z\mathbf{1}^\top=J+DP$ with $J=\mathbf{1}\mathbf{1}^\top/\ell$, $P=I-J$, $d_i=\frac{a_i-1}{a_i+\ell-1}\in[0,1)$ for $s_i\ge0$ and $z_i=\frac{1}{a_i+\ell-1}$. The ideal limit $A^\star$ (rows $e_i^\top$ for $i\le k$, $\mathbf{1}^\top/\ell$ for $i>k$) has $A^\star A^{\star\top}=\begin{pmatrix}I_k&\ell^{-1}\mathbf{1}\\ \ell^{-1}\mathbf{1}&\ell^{-1}\mathbf{1}\mathbf{1}^\top\end{pmatrix}$.",
    expected=Status.PROVED,
    reason="entrywise sympy identities in symbolic ℓ and a_i, and the three kinds of row inner products of A*",
    prose="reading the entrywise identities as matrix identities for every ℓ (D + z𝟏ᵀ and J + DP agree entry by entry; the Gram entries of A* are its three kinds of row products)",
    tightness=Tightness(
        "sharp",
        "d_i = (a_i−1)/(a_i+ℓ−1) (sdegb_decomposition_sympy) is 0 at s_i = 0 and tends to its supremum 1 as s_i → ∞",
        where={"s_i": "0 (d_i = 0)"},
        approach="d_i → 1 as s_i → ∞, 1 − d_i = ℓ/(a_i+ℓ−1)",
    ),
    tests=claim_tests("test_canonical_weights_rebuild_the_matrix"),
)


@decomposition.decides
def sdegb_decomposition_sympy(ctx: Context) -> Evidence:
    a, ell, p, c = sp.symbols("a ell p c", positive=True)
    ell_int = sp.Symbol("ell", integer=True, positive=True)  # a length, for the row products of A*
    i, j, m = sp.symbols("i j m", integer=True, positive=True)
    z = 1 / (a + ell - 1)
    d = (a - 1) / (a + ell - 1)
    residuals = {
        "diagonal d_i + z_i = a_i/(a_i+ℓ−1)": d + z - a / (a + ell - 1),
        "J + DP on the diagonal: 1/ℓ + d_i(1 − 1/ℓ) = d_i + z_i": 1 / ell + d * (1 - 1 / ell) - (d + z),
        "J + DP off the diagonal: 1/ℓ − d_i/ℓ = z_i": 1 / ell - d / ell - z,
        "a_i = 1 + p: d_i = p/(p+ℓ) ∈ [0, 1)": d.subs(a, 1 + p) - p / (p + ell),
        "1 − d_i = ℓ/(a_i+ℓ−1) > 0": 1 - d - ell / (a + ell - 1),
        "A*: spike·spike row products Σ_m δ_im δ_jm = δ_ij": (
            sp.refine(
                sp.summation(sp.KroneckerDelta(i, m) * sp.KroneckerDelta(j, m), (m, 1, ell_int)), sp.Q.le(i, ell_int)
            )
            - sp.KroneckerDelta(i, j)
        ),
        "A*: spike·bulk row product Σ_m δ_im/ℓ = 1/ℓ": (
            sp.refine(sp.summation(sp.KroneckerDelta(i, m) / ell_int, (m, 1, ell_int)), sp.Q.le(i, ell_int))
            - 1 / ell_int
        ),
        "A*: bulk·bulk row product Σ_m 1/ℓ² = 1/ℓ": sp.summation(1 / ell_int**2, (m, 1, ell_int)) - 1 / ell_int,
    }
    return symbolic_evidence(
        "A_b = D + z𝟏ᵀ = J + DP with d_i ∈ [0,1) for s_i ≥ 0, and the block Gram matrix of A*",
        "symbolic ℓ, a_i ≥ 1 (s_i ≥ 0)",
        residuals,
    )
