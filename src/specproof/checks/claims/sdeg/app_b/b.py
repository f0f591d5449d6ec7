"""SDEG App. B: The generalized row-normalized attention.

The section's claims in the paper's order, each stated before the checks that decide it; the project's own claims (3:
corrections, sharpenings, hypotheses, measurements) follow the claim they qualify.

The copy of the paper has lost this theorem's statement and proof (the abstract and §1 announce the
spike–bulk analysis for "generalized row-normalized attention maps" and "alternative activations";
by elimination it is Thm 5: Thms 1–4 are in §3, Thms 6–7 in App. D). On the canonical model a
row-normalized map reduces to the softmax one, which makes its hypotheses readable: the reduction
itself, and what it needs of the activation.
"""

from __future__ import annotations

from fractions import Fraction

import sympy as sp

from specproof.checks.claims._shared.sdeg_bidirectional import symbolic_counterexample, symbolic_evidence
from specproof.engine.methods import exact_counterexample, probe_hypothesis
from specproof.engine.records import Tightness, Weakest
from specproof.engine.registry import Context, Evidence, Role, Source, Status, claim

reduction = claim(
    "sdeg.row-normalized.hypotheses.reduction",
    aliases=["sdeg.row-normalized.hypotheses"],
    title="Generalized row-normalized attention (the lost Thm 5) reduces to the canonical softmax",
    source=Source("specproof", "App. B", "own"),
    statement=r"For an activation $\varphi\ge0$, $A_\varphi(S)_{ij}=\varphi(S_{ij})/\sum_k\varphi(S_{ik})$. On the canonical model, with $\varphi(0)>0$ and $\varphi(s_i)>0$, $A_\varphi(\Sigma)=\operatorname{softmax}(\operatorname{diag}(s'))$ with $e^{s'_i}=\varphi(s_i)/\varphi(0)$, bidirectional and causal, so the spike–bulk theorems hold with $a_i=\varphi(s_i)/\varphi(0)$ and their hypotheses carry over.",
    lost="The statement and proof of the theorem on generalized row-normalized maps (announced in the abstract and §1, placed in App. B by the citation map; Thm 5 by elimination). Reconstructed as the reduction of a row-normalized activation to the canonical softmax, which is what the surviving text lets one read.",
    uses=["sdeg.b.sv-leading", "sdeg.b.sv-limit", "sdeg.b.eigen-limit", "sdeg.c.eigen"],
    expected=Status.PROVED,
    reason="the reduction by symbolic identities (every ℓ, i)",
    notes=["reconstructed", "interpretive"],
    tightness=Tightness(
        "unmeasurable",
        "the same inequality as sdeg.row-normalized, shown to survive without the hypothesis; how tight it is is sdeg.row-normalized's record",
    ),
    weakest=Weakest(
        "qualitative",
        "the reduction is an identity for every activation with φ(0) > 0 and φ(s_i) > 0; the theorems' hypotheses carry over through a_i = φ(s_i)/φ(0), no new quantity",
    ),
)


@reduction.decides
def sdeg_row_normalized_reduction_sympy(ctx: Context) -> Evidence:
    """Row-normalizing φ(Σ) (φ(s_i) on the diagonal, φ(0) elsewhere) is softmax(diag(s')) with e^{s'_i} =
    φ(s_i)/φ(0).
    """
    p, q, ell, i = sp.symbols("p q ell i", positive=True)  # p = φ(s_i) > 0, q = φ(0) > 0
    b = p / q
    residuals = {
        "bidirectional diagonal: p/(p + (ℓ−1)q) = b/(b + ℓ − 1)": p / (p + (ell - 1) * q) - b / (b + ell - 1),
        "bidirectional off-diagonal: q/(p + (ℓ−1)q) = 1/(b + ℓ − 1)": q / (p + (ell - 1) * q) - 1 / (b + ell - 1),
        "causal row i, diagonal: p/(p + (i−1)q) = b/(b + i − 1)": p / (p + (i - 1) * q) - b / (b + i - 1),
        "causal row i, j < i: q/(p + (i−1)q) = 1/(b + i − 1)": q / (p + (i - 1) * q) - 1 / (b + i - 1),
    }
    return symbolic_evidence(
        "on the canonical model A_φ(Σ) = softmax(diag(log(φ(s_i)/φ(0)))), bidirectional and causal: "
        "every theorem of §3 and App. D applies with a_i = φ(s_i)/φ(0)",
        "every ℓ and i, symbolic φ(s_i), φ(0) > 0",
        residuals,
    )


positive_at_zero = claim(
    "sdeg.row-normalized.hypotheses.positive-at-zero",
    aliases=["sdeg.row-normalized.hypotheses"],
    title="Row-normalized attention: φ(0) > 0 is necessary",
    source=Source("specproof", "App. B", "own"),
    statement=r"$\varphi(0)>0$ is necessary: for $\varphi=\mathrm{ReLU}$ and positive bulk scores $A_\varphi=I$, with no degeneration at any $\ell$.",
    lost="The statement and proof of the theorem on generalized row-normalized maps (announced in the abstract and §1, placed in App. B by the citation map; Thm 5 by elimination). Reconstructed as the reduction of a row-normalized activation to the canonical softmax, which is what the surviving text lets one read.",
    expected=Status.CERTIFIED,
    reason="an exact counterexample (rational arithmetic)",
    notes=["reconstructed", "interpretive"],
    tightness=Tightness(
        "unmeasurable",
        "the inequality is sdeg.row-normalized's conclusion, which the counterexample breaks without the hypothesis; this claim has no bound of its own (the counterexample's margin is in the evidence)",
    ),
    weakest=Weakest(
        "needed",
        "at φ(0) = 0 (ReLU, positive bulk) A_φ = I at every ℓ: the boundary value itself fails, so φ(0) > 0 is exactly what is needed",
        hypothesis="φ(0)",
        stated="φ(0) > 0",
        weakest="φ(0) > 0 (the stated value)",
    ),
)


@positive_at_zero.decides
def sdeg_row_normalized_relu_probe(ctx: Context) -> Evidence:
    """φ(0) > 0 is needed: φ = ReLU and bulk scores in (0, log ℓ) give A_φ = I, singular values all 1, not → δ₀."""
    ell = 16
    scores = [Fraction(1, 2)] * ell  # 0 < s_i < log ℓ: a bulk (k = 0) for the softmax
    relu = [[max(s, Fraction(0)) if r == c else Fraction(0) for c in range(ell)] for r, s in enumerate(scores)]
    A = [[w / sum(row) for w in row] for row in relu]
    identity = all(A[r][c] == (1 if r == c else 0) for r in range(ell) for c in range(ell))
    outcome = exact_counterexample(
        f"φ = ReLU, k = 0, every score 1/2 ∈ (0, log ℓ), ℓ = {ell}: A_φ = I: {identity}, so every "
        "singular value and eigenvalue is 1 and W₁(μ, δ₀) = 1 at every ℓ (Thm 1(3), 2(3) say → 0); "
        "a score ≤ 0 would leave its row 0/0",
        f"ℓ = {ell} (every ℓ)",
        Fraction(-1) if identity else Fraction(1),
        activation="relu",
        scores="1/2 (all)",
        W1_to_delta0=1,
    )
    return probe_hypothesis(
        "necessary", "φ(0) > 0 (positive off-diagonal weights)", outcome, exact=True, role=Role.DECIDES
    )


threshold = claim(
    "sdeg.row-normalized.hypotheses.threshold",
    aliases=["sdeg.row-normalized.hypotheses"],
    title="Row-normalized attention: separation is read at the activation's scale",
    source=Source("specproof", "App. B", "own"),
    statement=r"The separation must be read as $\varphi(s_i)/\varphi(0)\gtrless\ell$, not $s_i\gtrless\log\ell$: $\varphi(x)=1+x$ makes the softmax spike $s_1=2\log\ell$ a bulk entry.",
    lost="The statement and proof of the theorem on generalized row-normalized maps (announced in the abstract and §1, placed in App. B by the citation map; Thm 5 by elimination). Reconstructed as the reduction of a row-normalized activation to the canonical softmax, which is what the surviving text lets one read.",
    uses=["sdeg.b.sv-leading"],
    expected=Status.CERTIFIED,
    reason="a sympy limit of the 2×2 group reduction",
    notes=["reconstructed", "interpretive"],
    weakest=Weakest(
        "qualitative",
        "which threshold to read (φ(s)/φ(0) ≷ ℓ against s ≷ log ℓ) is a choice of scale, not a quantity to weaken",
    ),
)


@threshold.decides
def sdeg_row_normalized_threshold_sympy(ctx: Context) -> Evidence:
    """The log ℓ threshold is the exponential's: φ(x) = 1 + x turns the softmax spike s₁ = 2 log ℓ into a bulk entry."""
    ell = sp.Symbol("ell", positive=True)
    a1 = 1 + 2 * sp.log(ell)  # φ(s₁)/φ(0) for s₁ = 2 log ℓ (a softmax spike with f = ℓ); bulk scores 0 give a = 1
    z1 = 1 / (a1 + ell - 1)
    R = sp.Matrix(
        [[a1 * z1, sp.sqrt(ell - 1) * z1], [sp.sqrt(ell - 1) / ell, (ell - 1) / ell]]
    )  # the 2×2 group reduction
    gram = (R * R.T).applyfunc(lambda e: sp.limit(e, ell, sp.oo))
    ev = symbolic_counterexample(
        "φ(x) = 1 + x, k = 1, s₁ = 2 log ℓ (e^{s₁} = ℓ², a softmax spike), bulk 0: a₁ = 1 + 2 log ℓ "
        "≤ ℓ/g, so R Rᵀ → diag(0, 1) and σ₂ → 0, not 1 (Thm 1(2)); the thresholds must be read "
        "as φ(s_i)/φ(0) ≷ ℓ",
        "symbolic ℓ → ∞",
        {"R Rᵀ → diag(0, 1)": (gram - sp.diag(0, 1)).norm()},
        activation="1 + x",
        scores="s_1 = 2 log ell, s_i = 0",
        sigma_2_limit=0,
    )
    return probe_hypothesis(
        "necessary",
        "the separation read at the activation's scale (φ(s)/φ(0) ≷ ℓ, not s ≷ log ℓ)",
        ev,
        exact=True,
        role=Role.DECIDES,
    )
