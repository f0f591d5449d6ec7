"""TRSP Abstract: Abstract.

The section's claims in the paper's order, each stated before the checks that decide it.
"""

from __future__ import annotations

from fractions import Fraction

from specproof.engine.registry import Context, Evidence, Source, Status, claim

nolima_margins = claim(
    "trsp.abstract.nolima-margins",
    title="The abstract's ≈ 30 and 50 points agree with Table 2",
    source=Source("TRSP", "Abstract", "NoLiMa at 8×"),
    statement=r"At 8× the 1K training length, Table 2 gives TRSP 83.2 %, the Differential Transformer 53.9 % and Gated Attention 33.6 %: margins of 29.3 and 49.6 points, the abstract's 'approximately 30 and 50 percentage points' to the nearest ten.",
    expected=Status.CERTIFIED,
    reason="exact decimal arithmetic on the table's entries",
)


TABLE2_NOLIMA_8X = {"trsp": Fraction("83.2"), "diff-transformer": Fraction("53.9"), "gated-attention": Fraction("33.6")}


@nolima_margins.decides
def nolima_margins_exact(ctx: Context) -> Evidence:
    """The abstract's 'by approximately 30 and 50 percentage points' at 8×, against Table 2's NoLiMa block."""
    t = TABLE2_NOLIMA_8X
    diff, gated = t["trsp"] - t["diff-transformer"], t["trsp"] - t["gated-attention"]
    holds = round(diff / 10) * 10 == 30 and round(gated / 10) * 10 == 50
    return Evidence(
        Status.CERTIFIED if holds else Status.REFUTED,
        "exact",
        f"Table 2, NoLiMa 8×: {float(t['trsp'])} − {float(t['diff-transformer'])} = {float(diff)} pt over the "
        f"Differential Transformer, {float(t['trsp'])} − {float(t['gated-attention'])} = {float(gated)} pt over "
        "Gated Attention: 30 and 50 to the nearest ten",
        ranges="Table 2's NoLiMa 8× column, exact decimals",
        worst_margin=0.0 if holds else -1.0,
        data={"over_diff_transformer": str(diff), "over_gated_attention": str(gated)},
    )
