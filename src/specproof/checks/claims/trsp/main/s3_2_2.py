"""TRSP §3.2.2: Dynamic bandwidth expansion.

The section's claims in the paper's order, each stated before the checks that decide it; the project's own claims (1:
corrections, sharpenings, hypotheses, measurements) follow the claim they qualify.
"""

from __future__ import annotations

from fractions import Fraction

import sympy as sp

from specproof.checks.claims._shared.trsp_main import _h, b_
from specproof.engine.methods import combine, grid_check, sympy_identity
from specproof.engine.records import Tightness
from specproof.engine.registry import Context, Evidence, Role, Source, Status, claim
from specproof.theory import filters

dyadic = claim(
    "trsp.schedule.dyadic",
    title="The dyadic schedule wires offsets ±2^ℓ",
    source=Source("TRSP", "§3.2.2", "Eq. 5"),
    statement=r"Layer $\ell$ uses $b_\ell=\min(2^\ell,T)$, and the union over layers of the dominant offsets of $\mathrm{triBox}_{b_\ell}$ is $\{\pm2^\ell\}$.",
    expected=Status.REFUTED,
    reason="Reading 'dominant offset' as the lag of largest weight (equivalently the mean lag), layer ℓ's is 2^ℓ − 1, not 2^ℓ: layer 0 is the identity, layer 2 peaks at lag 3. Eq. 5 itself is implemented exactly. Capped layers (b_ℓ = T) are nested prefix means whose largest weight sits on the first token. The exact offsets are trsp.schedule.dyadic.sharp.",
    notes=["interpretive"],
    tests=[
        "tests/test_trsp_main.py::test_schedule_matches_eq5",
        "tests/test_trsp_main.py::test_capped_layer_rows_favour_the_first_token",
    ],
)


@dyadic.decides
def schedule_formula_exhaustive(ctx: Context) -> Evidence:
    """dyadic_schedule(T, D) lists b_ℓ = min(2^ℓ, T) for ℓ < D, and by default stops at ℓ = ⌊log₂T⌋."""
    T_max = 4096 if ctx.wide else 1024
    cases = [(T, D) for T in range(1, T_max + 1) for D in (None, 1, 2, 5, 12, 14)]

    def margin(case):
        T, D = case
        depth = T.bit_length() if D is None else D  # default: ℓ = 0..⌊log₂T⌋, the offsets 2^ℓ ≤ T
        return 0 if filters.dyadic_schedule(T, D) == [min(2**ell, T) for ell in range(depth)] else -1

    return grid_check(
        cases,
        margin,
        what="b_ℓ = min(2^ℓ, T)",
        method="exact",
        exact=True,
        ranges=f"T = 1..{T_max}, depth ∈ {{default, 1, 2, 5, 12, 14}}",
    )


k_ = sp.Symbol("k", integer=True, nonnegative=True)


@dyadic.decides
def schedule_dominant_offsets(ctx: Context) -> Evidence:
    """The dominant lag of layer ℓ (the argmax of h_{b_ℓ}, equal to its mean lag) is b_ℓ − 1 = 2^ℓ − 1, not 2^ℓ."""
    peak_is_unique = sympy_identity(_h(b_ - 1, b_) - _h(b_ - 1 + k_ + 1, b_), (k_ + 1) / b_**2, what="peak")
    if peak_is_unique.status is not Status.PROVED:  # our step failed, not the paper: undecided
        return Evidence(
            Status.OPEN,
            "sympy",
            f"the peak identity did not simplify: {peak_is_unique.summary}",
            ranges="all b = 2^ℓ ≥ 1 (symbolic)",
        )
    table = {
        ell: (
            2**ell - 1,
            [str(Fraction(2**ell - abs(r - (2**ell - 1)), 4**ell)) for r in range(2 ** (ell + 1) - 1)][:6],
        )
        for ell in range(4)
    }
    peak, claimed = sp.Rational(_h(3, 4)), sp.Rational(_h(4, 4))  # layer 2 (b = 4): the paper's offset 4 vs the peak 3
    return Evidence(
        Status.REFUTED,
        "sympy",
        "h_b(b−1) − h_b(b−1±(k+1)) = (k+1)/b² > 0, so layer ℓ's strongest (and mean) offset is 2^ℓ − 1: "
        "{0, 1, 3, 7, …} instead of {1, 2, 4, 8, …}; layer 0 (b = 1) is the identity and adds no edge, and "
        f"b = 4 weighs lag 3 by {peak} but lag 4 by {claimed}",
        ranges="all b = 2^ℓ ≥ 1 (symbolic); interior rows t ≥ 2b−2",
        worst_margin=float(claimed - peak),
        counterexample={
            "layer": 2,
            "b": 4,
            "peak_lag": 3,
            "h(3)": str(peak),
            "h(4)": str(claimed),
            "layer0": "b = 1: triBox_1 = I",
            "offsets_by_layer": table,
        },
    )


@dyadic.decides
def schedule_capped_rows_exact(ctx: Context) -> Evidence:
    """Rows with t < b (every row of a capped layer b_ℓ = T) put their largest weight on the first token."""
    T_max = 40 if ctx.wide else 16
    cases = [(T, t) for T in range(2, T_max + 1) for t in range(1, T)]
    mats = {T: filters.tribox_matrix(T, T, exact=True) for T in range(2, T_max + 1)}

    def margin(case):
        T, t = case
        row = list(mats[T][t][: t + 1])
        return row[0] - max(row[1:])

    return grid_check(
        cases,
        margin,
        what="row t of triBox_T (b = T) is largest at the first token",
        method="exact",
        exact=True,
        ranges=f"T = 2..{T_max}, rows t = 1..T−1",
        role=Role.SUPPORTS,
    )


sharp = claim(
    "trsp.schedule.dyadic.sharp",
    title="Dyadic layers peak at lags 2^ℓ − 1",
    source=Source("specproof", "§3.2.2", "own"),
    statement=r"With $b_\ell=2^\ell<T$, the interior rows of $\mathrm{triBox}_{b_\ell}$ have their unique peak (and mean) at lag $2^\ell-1$; the dyadic lag $2^\ell$ receives $(1-2^{-\ell})$ times the peak weight. The dominant offsets are $\{\pm(2^\ell-1)\}_{\ell\ge1}$ and layer 0 is the identity.",
    uses=["trsp.tribox.kernel.fixed"],
    corrects="trsp.schedule.dyadic",
    expected=Status.PROVED,
    reason="sympy identities in symbolic b and ℓ.",
    prose="taking the union over layers of the per-layer peaks the checked identities give",
    tightness=Tightness(
        "unmeasurable",
        "exact weights (schedule_peak_offsets_sympy): the factor 1 − 2^−ℓ is an equality, and b_ℓ < T is the range",
    ),
    tests=["tests/test_trsp_main.py::test_kernel_rises_before_its_peak"],
)


@sharp.decides
def schedule_peak_offsets_sympy(ctx: Context) -> Evidence:
    """With b = 2^ℓ: peak lag b−1, and lag b = 2^ℓ gets h_b(b) = (b−1)/b² = (1 − 2^{−ℓ})·peak."""
    ell = sp.Symbol("ell", integer=True, nonnegative=True)
    b = 2**ell
    parts = [
        sympy_identity(
            _h(b_ - 1, b_) - _h(b_ - 1 + k_ + 1, b_), (k_ + 1) / b_**2, what="h(b−1) − h(b+k) = (k+1)/b² > 0"
        ),
        sympy_identity(_h(b_ - 1, b_) - _h(b_ - 2 - k_, b_), (k_ + 1) / b_**2, what="h(b−1) − h(b−2−k) = (k+1)/b² > 0"),
        sympy_identity(sp.powsimp(_h(b, b) / _h(b - 1, b)), 1 - 2 ** (-ell), what="h(2^ℓ)/h(2^ℓ−1) = 1 − 2^{−ℓ}"),
    ]
    return combine(
        parts, what="layer ℓ of the dyadic schedule peaks at lag 2^ℓ − 1", method="sympy", ranges="all ℓ ≥ 0 (symbolic)"
    )
