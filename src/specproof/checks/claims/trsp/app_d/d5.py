"""TRSP App. D.5: Lemma 4: readout stability.

The section's claims in the paper's order, each stated before the checks that decide it; the project's own claims (4:
corrections, sharpenings, hypotheses, measurements) follow the claim they qualify.
"""

from __future__ import annotations

from fractions import Fraction

import sympy as sp

from specproof.checks.claims._shared.trsp_app_d import (
    readout_equality_exact,
    readout_lipschitz_search,
)
from specproof.engine.methods import (
    derivation,
    exact_counterexample,
    probe_hypothesis,
    sympy_identity,
    sympy_nonnegative,
)
from specproof.engine.records import Tightness, Weakest
from specproof.engine.registry import Context, Evidence, Role, Source, Status, claim

readout = claim(
    "trsp.D5.readout",
    title="Readout stability through a well-conditioned linear part",
    source=Source("TRSP", "App. D.5", "Lemma D.5"),
    statement=r"For invertible $\mathcal{A}$ and $L_f$-Lipschitz $f$: $\mathrm{Lip}(f\circ\mathcal{A}^{-1})\le L_f\,\kappa(\mathcal{A})/\sigma_{\max}(\mathcal{A})\le L_f\bar\kappa/c_0$ when $\kappa(\mathcal{A})\le\bar\kappa$ and $\sigma_{\max}(\mathcal{A})\ge c_0>0$.",
    expected=Status.PROVED,
    reason="Machine-checked (sympy): 1/σ_min = κ/σ_max and the sign certificate κ̄/c₀ ≥ κ/σ_max. Argued in prose: the composition of Lipschitz maps and ‖𝒜⁻¹‖₂ = 1/σ_min (SVD, cited). A search with Jacobians of linear and tanh readouts (equality attained) is a cross-check. Note κ/σ_max is just 1/σ_min: the assumption σ_max ≥ c₀ enters only through the bound κ̄/c₀.",
    prose="the composition bound |f(𝒜⁻¹x) − f(𝒜⁻¹y)| ≤ L_f‖𝒜⁻¹(x − y)‖ ≤ L_f‖𝒜⁻¹‖₂‖x − y‖ (Euclidean norms); ‖𝒜⁻¹‖₂ = 1/σ_min(𝒜), since the singular values of 𝒜⁻¹ = VΣ⁻¹Uᵀ are the reciprocals of those of 𝒜 (Horn & Johnson, Matrix Analysis, 2nd ed. (2013), Thm 2.6.3, the singular value decomposition); then the checked constants",
    tests=["tests/test_trsp_appendix_d.py::test_readout_lipschitz_bound_is_attained_by_a_linear_readout"],
)


@readout.decides
def readout_constants_sympy(ctx: Context) -> Evidence:
    """1/σ_min = κ/σ_max, and κ̄/c₀ − κ/σ_max ≥ 0 when κ ≤ κ̄ and σ_max ≥ c₀ > 0."""
    s_min, c0 = sp.symbols("sigma_min c_0", positive=True)
    u, v, w = sp.symbols("u v w", nonnegative=True)
    s_max = c0 + v  # σ_max ≥ c₀
    kappa = s_max / s_min
    kappa_bar = kappa + u
    slack = sp.together(kappa_bar / c0 - kappa / s_max)
    steps = [
        sympy_identity(1 / s_min, kappa / s_max, what="1/σ_min = κ/σ_max (κ = σ_max/σ_min)"),
        sympy_nonnegative(slack, [u, v, c0, s_min], what="κ̄/c₀ − κ/σ_max ≥ 0 for κ̄ = κ + u ≥ κ, σ_max = c₀ + v ≥ c₀"),
    ]
    return derivation(
        steps,
        what="Lip(f∘𝒜⁻¹) ≤ L_f‖𝒜⁻¹‖₂ = L_f/σ_min = L_f κ/σ_max ≤ L_f κ̄/c₀",
        ranges="all σ_min > 0, σ_max ≥ c₀ > 0, κ̄ ≥ κ",
    )


readout.supports(readout_lipschitz_search)


readout.supports(readout_equality_exact)


sigma_max = readout.hypothesis(
    "sigma-max",
    title="Lemma D.5: σ_max(𝒜) ≥ c₀ is necessary for L_f κ̄/c₀",
    statement=r"Stated (A4) $\sigma_{\max}(\mathcal A)\ge c_0$: necessary for the second inequality $\le L_f\bar\kappa/c_0$ (a small multiple of the identity breaks it).",
    expected=Status.CERTIFIED,
    reason="an exact counterexample with 𝒜 a multiple of I and f = id",
    tightness=Tightness(
        "unmeasurable",
        "σ_max ≥ c₀ is the hypothesis under study; the bound's own tightness is on trsp.D5.readout (readout_equality_exact)",
    ),
    weakest=Weakest(
        "needed",
        "d5_sigma_max_probe: a small multiple of the identity breaks it; with κ = κ̄, Lip = L_fκ̄/σ_max exceeds L_fκ̄/c₀ exactly when σ_max < c₀ (readout_equality_exact scaled), so c₀ cannot be lowered",
        hypothesis="σ_max(𝒜) floor",
        stated="σ_max ≥ c₀",
        weakest="σ_max ≥ c₀ exactly",
    ),
)


def linear_readout_lipschitz_sq(diagonal) -> Fraction:
    """Lip(G)² for G(z) = 𝒜⁻¹z, 𝒜 = diag(a): max 1/aᵢ², exactly."""
    return max(1 / Fraction(a) ** 2 for a in diagonal)


@sigma_max.decides
def d5_sigma_max_probe(ctx: Context) -> Evidence:
    """Drop σ_max ≥ c₀: 𝒜 = I/10 (κ = 1 = κ̄, c₀ = 1), f = id: Lip(G) = 10 > L_f κ̄/c₀ = 1."""
    lip_sq = linear_readout_lipschitz_sq([Fraction(1, 10)] * 2)
    outcome = exact_counterexample(
        f"𝒜 = I/10, f = id, κ̄ = c₀ = 1: Lip(G)² = {lip_sq} > (κ̄/c₀)² = 1", "d = 2", 1 - lip_sq, A="I/10"
    )
    return probe_hypothesis("necessary", "σ_max(𝒜) ≥ c₀ (second inequality)", outcome, exact=True, role=Role.DECIDES)


kappa = readout.hypothesis(
    "kappa",
    title="Lemma D.5: κ ≤ κ̄ is necessary",
    statement=r"Stated: $\kappa(\mathcal A)\le\bar\kappa$, necessary; the residual structure's $\sigma_{\max}\ge c_0$ alone bounds nothing. Invertibility is implied by $\kappa\le\bar\kappa<\infty$.",
    expected=Status.CERTIFIED,
    reason="an exact counterexample with diagonal 𝒜",
    tightness=Tightness(
        "unmeasurable",
        "κ ≤ κ̄ is the hypothesis under study; the bound's own tightness is on trsp.D5.readout (readout_equality_exact)",
    ),
    weakest=Weakest(
        "needed",
        "d5_kappa_probe: with σ_max = c₀, Lip = L_fκ/c₀ (readout_equality_exact) exceeds L_fκ̄/c₀ exactly when κ > κ̄, so κ̄ cannot be lowered",
        hypothesis="condition number bound",
        stated="κ(𝒜) ≤ κ̄",
        weakest="κ(𝒜) ≤ κ̄ exactly",
    ),
    tests=["tests/test_trsp_d_hypotheses.py::test_exact_probes_refute_the_dropped_hypotheses"],
)


@kappa.decides
def d5_kappa_probe(ctx: Context) -> Evidence:
    """Drop κ ≤ κ̄: 𝒜 = diag(1, 1/10) (σ_max = 1 = c₀), κ̄ = 1: Lip(G) = 10 > 1; σ_max ≥ c₀ alone bounds nothing."""
    lip_sq = linear_readout_lipschitz_sq([1, Fraction(1, 10)])
    outcome = exact_counterexample(
        f"𝒜 = diag(1, 1/10), f = id, κ̄ = c₀ = 1: Lip(G)² = {lip_sq} > 1", "d = 2", 1 - lip_sq, A="diag(1, 1/10)"
    )
    return probe_hypothesis("necessary", "κ(𝒜) ≤ κ̄", outcome, exact=True, role=Role.DECIDES)


euclidean_norm = readout.hypothesis(
    "euclidean-norm",
    title="Lemma D.5: L_f must be measured in the Euclidean norm",
    statement=r"Unstated and necessary: $L_f$ measured in the Euclidean norm that $\|\mathcal A^{-1}\|_2$ uses; a linear $f$ that is 1-Lipschitz from $\ell_1$ is $\sqrt2$-Lipschitz from $\ell_2$.",
    expected=Status.CERTIFIED,
    reason="an exact counterexample with 𝒜 = I and linear f",
    weakest=Weakest(
        "qualitative", "which norm L_f is measured in, no quantity: d5_norm_probe, the ℓ₁ reading costs √2"
    ),
    tests=["tests/test_trsp_d_hypotheses.py::test_exact_probes_refute_the_dropped_hypotheses"],
)


@euclidean_norm.decides
def d5_norm_probe(ctx: Context) -> Evidence:
    """Unstated: L_f in the Euclidean norm ‖𝒜⁻¹‖₂ uses. f(x) = x₁ + x₂ is 1-Lipschitz from ℓ₁, √2 from ℓ₂; 𝒜 = I."""
    lip_sq = Fraction(2)  # Lip_{ℓ₂}(f)² = ‖(1, 1)‖₂²; Lip_{ℓ₁}(f) = ‖(1, 1)‖_∞ = 1
    outcome = exact_counterexample(
        "f(x) = x₁ + x₂, 𝒜 = I: with L_f = Lip_{ℓ₁→ℝ}(f) = 1, Lip(G)² = 2 > (L_f‖𝒜⁻¹‖₂)² = 1",
        "d = 2",
        1 - lip_sq,
        f="x1 + x2",
        norm="l1",
    )
    return probe_hypothesis("necessary", "L_f measured in the Euclidean norm", outcome, exact=True, role=Role.DECIDES)


sigma_max_first = readout.hypothesis(
    "sigma-max-first",
    title="Lemma D.5: σ_max(𝒜) ≥ c₀ is not needed for L_f κ/σ_max",
    statement=r"$\sigma_{\max}(\mathcal A)\ge c_0$ is not needed for the first inequality $\mathrm{Lip}\le L_f\kappa/\sigma_{\max}=L_f/\sigma_{\min}$: no $c_0$ enters it.",
    expected=Status.PROVED,
    reason="the composition step L_f‖𝒜⁻¹‖₂ = L_f/σ_min = L_fκ/σ_max of the proof of trsp.D5.readout (sympy); the lemma's Jacobian search at scales putting σ_max below any fixed c₀ as a cross-check",
    prose="the composition step is the checked identity; Lip(f∘g) ≤ Lip(f)·Lip(g) is the chain rule for Lipschitz constants",
    tightness=Tightness(
        "sharp",
        "readout_equality_exact (trsp.D5.readout): f = id, 𝒜 = diag(1, 1/a) gives Lip = L_fκ/σ_max exactly",
        ratio=1.0,
        where={"f": "id", "𝒜": "diag(1, 1/a)"},
    ),
    weakest=Weakest(
        "not-needed",
        "d5_sigma_max_first_probe and d5_sigma_max_first_search: no c₀ enters L_fκ/σ_max = L_f/σ_min",
        hypothesis="σ_max(𝒜) floor",
        stated="σ_max ≥ c₀",
        weakest="no floor (for the first inequality)",
    ),
)


@sigma_max_first.decides
def d5_sigma_max_first_probe(ctx: Context) -> Evidence:
    """σ_max ≥ c₀ is not needed for Lip(G) ≤ L_f κ/σ_max (= L_f/σ_min): the first inequality is L_f‖𝒜⁻¹‖₂ with
    ‖𝒜⁻¹‖₂ = 1/σ_min = κ/σ_max for every invertible 𝒜 (no c₀ enters)."""
    s_min, s_max = sp.symbols("sigma_min sigma_max", positive=True)
    proof = sympy_identity(
        1 / s_min,
        (s_max / s_min) / s_max,
        what="1/σ_min = κ/σ_max for every σ_max ≥ σ_min > 0",
        ranges="every invertible 𝒜, no bound on σ_max",
    )
    return probe_hypothesis("not needed", "σ_max(𝒜) ≥ c₀ (first inequality)", proof, role=Role.DECIDES)


@sigma_max_first.supports
def d5_sigma_max_first_search(ctx: Context) -> Evidence:
    """The lemma's Jacobian search, whose scales 1e-3..1e3 put σ_max below any fixed c₀ (a cross-check)."""
    return probe_hypothesis("not needed", "σ_max(𝒜) ≥ c₀ (first inequality)", readout_lipschitz_search(ctx))
