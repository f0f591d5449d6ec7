"""The battery's SDEG properties: an attention model's rows, spectrum, singular values and stable rank."""

from __future__ import annotations

import math

import numpy as np

from specproof.checks.battery.battery import (
    Outcome,
    battery,
    outcome_of,
    rate_outcome,
    size_advice,
)
from specproof.checks.battery.model import Variant
from specproof.engine import strategies as sst
from specproof.engine.methods import EPS, float_tolerance, fmt, property_search
from specproof.engine.registry import Context, Evidence, Status
from specproof.theory.spectral import singular_values, stable_rank

# ---- the attention model (SDEG)


def _attention_search(name: str, variant: Variant, margin, what: str, tolerance, allowance: str = "") -> Evidence:
    return property_search(
        sst.score_vectors(1, 48),
        margin,
        what=f"{name}: {what}",
        ctx=Context(),
        examples=variant.sizes.examples,
        tolerance=tolerance,
        allowance=allowance,
        ranges="sorted nonnegative scores s_1 >= ... >= s_l >= 0, l <= 48, s <= 30",
    )


@battery("attention-row-stochastic", says="has row-stochastic attention", source="SDEG §3.1", needs={"attention"})
def check_attention_row_stochastic(name: str, variant: Variant) -> Outcome:
    def margin(s):
        A = variant.the_attention(s)
        return min(A.min(), -np.abs(A.sum(axis=1) - 1).max())

    # a row sum of l entries in [0, 1] is off by at most l·eps
    return outcome_of(
        _attention_search(
            name,
            variant,
            margin,
            "min(min A_ij, −max_i |Σ_j A_ij − 1|)",
            lambda s: float_tolerance(s.size, 1.0),
            "row sums of ℓ entries in [0, 1]: each off by at most ℓ·eps; 10·ℓ·eps allows the softmax's exp and "
            "division",
        )
    )


def _eigen(variant: Variant, s) -> tuple[np.ndarray, float]:
    """Eigenvalues and a radius within which each is exact: the symmetric path for a reversible A, else
    eig with the Bauer–Fike radius κ(V)·n·eps·‖A‖₂."""
    A = variant.the_attention(s)
    symmetric = _reversible_eigen(A)
    if symmetric is not None:
        return symmetric
    lam, V = np.linalg.eig(A)
    return lam, float_tolerance(s.size, np.linalg.cond(V) * np.linalg.norm(A, 2))


def _reversible_eigen(A: np.ndarray) -> tuple[np.ndarray, float] | None:
    """For a positive A in detailed balance (π_i A_ij = π_j A_ji, as softmax attention on symmetric scores
    is), the eigenvalues through the symmetric matrix similar to it; None when A is not (numerically) so.

    S = D A D⁻¹ with D = diag(√π) (π_j/π_1 = A_1j/A_j1, in logarithms, so no entry overflows) is an exact
    similarity for the computed D, so λ(A) = λ(S). Its entries are computed with relative error ≤ 3 eps
    (E), and S = Sym + Skew with Sym = (S + Sᵀ)/2 symmetric: by Bauer–Fike for the normal matrix Sym,
    every eigenvalue of S lies within ‖Skew‖₂ + ‖E‖_F of one of Sym's, which eigvalsh returns within its
    backward error 10·n·eps·‖Sym‖₂. That sum is the radius. Ill-conditioned eigenvectors of A (scores
    spanning e^60) do not enter it, as they do eig's Bauer–Fike radius."""
    if A.ndim != 2 or A.shape[0] != A.shape[1] or not np.all(A > 0):
        return None
    log_pi = np.log(A[0, :]) - np.log(A[:, 0])
    half = np.exp((log_pi[:, None] - log_pi[None, :]) / 2)
    S = A * half
    sym, skew = (S + S.T) / 2, (S - S.T) / 2
    radius = (
        np.linalg.norm(skew, 2)
        + 3 * EPS * np.linalg.norm(S)
        + float_tolerance(A.shape[0], float(np.linalg.norm(sym, 2)))
    )
    if radius > _ILL_CONDITIONED:
        return None
    return np.linalg.eigvalsh(sym).astype(complex), float(radius)


_ILL_CONDITIONED = 1e-6  # a Bauer–Fike radius above this leaves a float eigenvalue check undecided


@battery(
    "attention-eigen-real",
    says="has real attention eigenvalues in [0, 1] with lambda_1 = 1",
    source="SDEG Thm 2",
    needs={"attention"},
    when=lambda v: not v.attention.causal,
    when_text="bidirectional attention only",
)
def check_attention_eigen_real(name: str, variant: Variant) -> Outcome:
    undecided = []

    def margin(s):
        lam, radius = _eigen(variant, s)
        if radius > _ILL_CONDITIONED:  # the computed eigenvalues may be anywhere within the radius: no verdict
            undecided.append(radius)
            return math.inf
        return min(-np.abs(lam.imag).max(), lam.real.min(), -abs(lam.real.max() - 1))

    ev = _attention_search(
        name,
        variant,
        margin,
        "min(−max|Im λ|, min Re λ, −|max Re λ − 1|)",
        lambda s: min(_eigen(variant, s)[1], _ILL_CONDITIONED),
        "each eigenvalue within its radius: reversible A by eigvalsh of its diagonal similarity (‖Skew‖₂ + ‖E‖_F + "
        "10·ℓ·eps·‖Sym‖₂), else eig's Bauer–Fike κ(V)·10·ℓ·eps·‖A‖₂; a radius above 1e-6 leaves the example undecided",
    )
    if undecided and ev.status is not Status.REFUTED:
        ev = Evidence(
            Status.OPEN,
            ev.method,
            f"{ev.summary}; {len(undecided)} example(s) too ill-conditioned to decide "
            f"(neither reversible nor with a Bauer–Fike radius κ(V)·n·eps·‖A‖ below {fmt(_ILL_CONDITIONED)}: "
            f"up to {fmt(max(undecided))})",
            ranges=ev.ranges,
        )
    return outcome_of(ev)


@battery(
    "attention-causal-spectrum",
    says="has lower-triangular attention, so its eigenvalues are its diagonal",
    source="SDEG Thm 3",
    needs={"attention"},
    when=lambda v: v.attention.causal,
    when_text="causal attention only",
)
def check_attention_causal_spectrum(name: str, variant: Variant) -> Outcome:
    def margin(s):
        return -np.abs(np.triu(variant.the_attention(s), 1)).max(initial=0.0)

    return outcome_of(
        _attention_search(name, variant, margin, "−max |A_ij| above the diagonal (masked entries exactly 0)", 0.0)
    )


@battery(
    "attention-sv-bounds",
    says="has attention singular values in [1/(3i), sqrt 5]",
    source="SDEG Thm 4",
    needs={"attention"},
    when=lambda v: v.attention.causal,
    when_text="causal attention only",
)
def check_attention_sv_bounds(name: str, variant: Variant) -> Outcome:
    def margin(s):
        sigma = singular_values(variant.the_attention(s))
        i = np.arange(1, sigma.size + 1)
        return min((sigma - 1 / (3 * i)).min(), math.sqrt(5) - sigma[0])

    # singular values are computed to absolute error ~l·eps·σ₁
    return outcome_of(
        _attention_search(
            name,
            variant,
            margin,
            "min_i min(σ_i − 1/(3i), √5 − σ_i)",
            lambda s: float_tolerance(s.size, math.sqrt(5)),
            "svdvals backward stable: each σ_i within 10·ℓ·eps·‖A‖₂, and ‖A‖₂ = σ₁ ≤ √5 wherever the upper "
            "margin is near 0 (a larger σ₁ fails it anyway)",
        )
    )


@battery(
    "attention-srank-rate",
    says="has attention stable rank growing at most as {rate} on isotropic scores",
    source="SDEG Thm 6-7",
    needs={"attention"},
    rate=lambda v: "log T" if v.attention.causal else "1",
    rate_text="1 (bidirectional), log T (causal)",
    guarantee="upper",
    offset=True,
)
def check_attention_srank_rate(name: str, variant: Variant) -> Outcome:
    """SDEG Thm 6-7 at s = 0: srank = Θ(1) bidirectional (k + 1 with k = 0 spikes), Θ(log ℓ) causal (Cesàro)."""
    ells = [2**m for m in range(4, variant.sizes.attention_max.bit_length()) if 2**m <= variant.sizes.attention_max]
    srank = [stable_rank(variant.the_attention(np.zeros(ell))) for ell in ells]
    return rate_outcome(
        ells,
        srank,
        pid="attention-srank-rate",
        variant=variant,
        what=f"{name}: srank(A) at s = 0 (SDEG's isotropic bulk)",
        ranges=f"l = {ells[0]}..{ells[-1]} (powers of 2)",
        advice=lambda: size_advice(variant, "attention_max", lambda v: max(0, v.bit_length() - 4)),  # l = 16, 32, ..
    )
