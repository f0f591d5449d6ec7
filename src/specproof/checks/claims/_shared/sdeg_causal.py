"""SDEG, causal canonical attention A_c = softmax(Σ + M): what several claim modules share.

Setup (§3.1): scores s₁ ≥ … ≥ s_ℓ ≥ 0, a_i = e^{s_i}. Row i of A_c carries λ_i = a_i/(a_i+i−1) on the
diagonal and z_i = 1/(a_i+i−1) on every earlier token; s ≡ 0 gives the Cesàro matrix H_ℓ. Spikes
i ≤ k have a_i ≥ ℓf(ℓ), the bulk a_i ≤ ℓ/g(ℓ); bounded bulk means 1 ≤ a_i ≤ e^B for i > k.

How claims are decided: identities and inequalities in symbolic parameters by sympy (equalities
simplify to 0; inequalities through a sign certificate after writing constrained parameters as
nonnegative ones, i = 1+m, a = 1+u), chained into arguments with ``derivation``; universal bounds
also by property searches over score vectors; limits and rates by sweeps — dense spectra up to
ℓ = 1024 (4096 with ``wide``), and for H_ℓ through its bidiagonal inverse (theory.cesaro) up to
ℓ = 4096 for full spectra and 2^18 for ‖H_ℓ‖ (2^14 and 2^22 with ``wide``).
"""

from __future__ import annotations

import contextlib
import functools
import math
from dataclasses import replace
from typing import NamedTuple

import numpy as np
import sympy as sp

from specproof.engine.methods import (
    combine,
    derivation,
    float_tolerance,
    fmt,
    property_search,
    sympy_identity,
    sympy_nonnegative,
)
from specproof.engine.rates import fit_rate, fit_with_corrections
from specproof.engine.registry import Context, Evidence, Status, check
from specproof.theory.cesaro import (
    cesaro_singular_values,
)
from specproof.theory.filters import floor_log2
from specproof.theory.operators import SoftmaxAttention
from specproof.theory.solvers import dense_singular_values

SQRT5 = math.sqrt(5.0)


# nonnegative symbols: constrained parameters are written through them (i = 1+m, a = 1+u, ...)
u_, v_, w_, m_, b_, q_, c_, F_ = sp.symbols("u v w m b q c F", nonnegative=True)


i_ = sp.Symbol("i", integer=True, positive=True)


j_ = sp.Symbol("j", integer=True, positive=True)


k_ = sp.Symbol("k", integer=True, positive=True)


n_ = sp.Symbol("n", integer=True, positive=True)


ell_ = sp.Symbol("ell", positive=True)


y_, yp_, th_, U_, V_ = sp.symbols("y y_prev theta U V", real=True)


# --------------------------------------------------------------------------- common pieces


def attention(scores) -> np.ndarray:
    """Dense A_c for the scores (log-domain stable)."""
    return SoftmaxAttention(np.asarray(scores, dtype=float), causal=True).as_matrix()


@contextlib.contextmanager
def _one_thread():
    """Dense spectra of these sizes run fastest on one thread; many threads crawl on a shared machine."""
    import torch

    before = torch.get_num_threads()
    torch.set_num_threads(1)
    try:
        yield
    finally:
        torch.set_num_threads(before)


def svdvals(M) -> np.ndarray:
    """All singular values, descending (through theory.solvers: the GPU when there is one)."""
    with _one_thread():
        return dense_singular_values(M)


def singular_values(scores) -> np.ndarray:
    return svdvals(attention(scores))


def causal_lambda(a, i):
    """λ_i = a/(a+i−1), exact for Fractions and symbols."""
    return a / (a + i - 1)


class Config(NamedTuple):
    """A family of score vectors indexed by ℓ, for sweeps.

    ``spikes``: "0", "3", "sqrt" (⌊√ℓ⌋) or "eighth" (⌊ℓ/8⌋); spikes s_i = log(ℓ f(ℓ)) + U[0,1] with
    f(ℓ) = log(ℓ+1); bulk scores uniform on [0, bulk_max], seeded. ``bulk_max=None`` is the unbounded
    example a_i = √ℓ (s_i = ½ log ℓ). ``spikes_last`` puts the spikes after the bulk (unsorted).
    """

    spikes: str
    bulk_max: float | None
    spikes_last: bool = False

    def k(self, ell: int) -> int:
        if self.spikes == "sqrt":
            return math.isqrt(ell)
        if self.spikes == "eighth":
            return ell // 8
        return int(self.spikes)

    def scores(self, ell: int, seed: int) -> np.ndarray:
        if self.bulk_max is None:
            return np.full(ell, 0.5 * math.log(ell))
        k = self.k(ell)
        rng = np.random.default_rng([seed, ell, k])
        spikes = math.log(ell * math.log(ell + 1)) + np.sort(rng.random(k))[::-1]
        bulk = np.sort(rng.uniform(0.0, self.bulk_max, ell - k))[::-1]
        return np.concatenate([bulk, spikes] if self.spikes_last else [spikes, bulk])

    def label(self) -> str:
        if self.bulk_max is None:
            return "a_i = sqrt(ell), k = 0"
        if self.bulk_max == 0:
            return f"k = {self.spikes}, bulk scores 0"
        k = {"sqrt": "floor(sqrt(ell))", "eighth": "floor(ell/8)"}.get(self.spikes, self.spikes)
        return f"k = {k}, bulk in [0, {fmt(self.bulk_max)}]" + (", spikes last" if self.spikes_last else "")


@functools.lru_cache(maxsize=None)
def config_spectrum(config: Config, ell: int, seed: int) -> np.ndarray:
    return singular_values(config.scores(ell, seed))


@functools.lru_cache(maxsize=None)
def cesaro_spectrum(n: int) -> np.ndarray:
    return cesaro_singular_values(n)


def dense_sizes(ctx: Context) -> tuple[int, ...]:
    return (64, 128, 256, 512, 1024) + ((2048, 4096) if ctx.wide else ())


def cesaro_sizes(ctx: Context) -> tuple[int, ...]:
    return tuple(2**p for p in range(4, 15 if ctx.wide else 13))


def matrix_identity(lhs: sp.Matrix, rhs: sp.Matrix, *, what: str) -> Evidence:
    """Entrywise symbolic identity of two matrices: proved when every entry of lhs − rhs simplifies to 0."""
    bad = {
        f"{r},{c}": sp.sstr(d)
        for r in range(lhs.rows)
        for c in range(lhs.cols)
        if (d := sp.simplify(lhs[r, c] - rhs[r, c])) != 0
    }
    if bad:
        return Evidence(Status.REFUTED, "sympy", f"{what}: entries differ", counterexample=bad)
    return Evidence(Status.PROVED, "sympy", f"{what}: every entry of lhs − rhs simplifies to 0", worst_margin=0.0)


def limit_evidence(expr, var, expected, *, what: str) -> Evidence:
    """lim_{var→∞} expr = expected (finite or ∞), by sympy."""
    value = sp.limit(expr, var, sp.oo)
    same = (
        value == expected
        if expected in (sp.oo, -sp.oo) or value in (sp.oo, -sp.oo)
        else sp.simplify(value - expected) == 0
    )
    if same:
        return Evidence(Status.PROVED, "sympy", f"{what}: the limit is {sp.sstr(value)}", worst_margin=0.0)
    return Evidence(Status.OPEN, "sympy", f"{what}: sympy finds the limit {sp.sstr(value)}, not {sp.sstr(expected)}")


def fitted_model(coefficients: dict, *terms) -> str:
    """A fitted model c₁·f₁ ± c₂·f₂ …, from fit_with_corrections, for summaries."""
    out: list[str] = []
    for key, name in terms:
        c = coefficients[key]
        shown = fmt(abs(c))
        negative = c < 0 and shown != "0"  # the sign of a coefficient that renders as 0 is rounding noise
        body = shown + (f"·{name}" if name else "")
        out.append(("− " if negative else "+ ") + body if out else ("−" if negative else "") + body)
    return " ".join(out)


def value_span(values) -> str:
    return f"[{fmt(min(values))}, {fmt(max(values))}]"


# --------------------------------------------------------------------------- Hardy's inequality (Thm 4 Step 1)


def hardy_steps() -> list[Evidence]:
    """Hardy's inequality ‖H_n‖ ≤ 2 for every n, as identities (y = H_n x, y₀ = 0)."""
    x_of_y = i_ * y_ - (i_ - 1) * yp_  # x_i = i·y_i − (i−1)·y_{i−1}
    return [
        sympy_identity(
            ((i_ - 1) * yp_**2 - i_ * y_**2) - (y_**2 - 2 * x_of_y * y_),
            (i_ - 1) * (y_ - yp_) ** 2,
            what="Hardy step: y_i² − 2x_iy_i ≤ (i−1)y_{i−1}² − i·y_i², the gap being (i−1)(y_i − y_{i−1})²",
        ),
        sympy_identity(
            (i_ - 1) * yp_**2 - i_ * y_**2,
            (-i_ * y_**2) - (-(i_ - 1) * yp_**2),
            what=(
                "the right side telescopes (F(i) − F(i−1), F(i) = −i·y_i²): Σ(y_i² − 2x_iy_i) ≤ −n·y_n² ≤ 0, "
                "so ‖y‖² ≤ 2⟨x, y⟩ ≤ 2‖x‖‖y‖ and ‖H_n‖ ≤ 2"
            ),
        ),
    ]


def _stored_cesaro_spectra(ctx: Context) -> tuple[list[dict], str]:
    """Rows of the stored `cesaro-spectrum` sweep (all σ(H_n) from the bidiagonal H_n⁻¹, O(n²)) for n ≥ 16:
    nuclear norm, Schatten sums at p = 1.5 and 3, srank, erank₁, erank₂; and the range they cover."""
    from specproof.runs.sweeps.table import run_sweep, stored_options

    options = stored_options(ctx)
    rows = [r for r in run_sweep("cesaro-spectrum", **options).rows if r["x"] >= 16]
    return rows, f"sweep cesaro-spectrum ({options['grid']} grid): n = {rows[0]['x']}..{rows[-1]['x']}"


def log_ratio(ell, k):
    return k + math.log((ell + 1) / (k + 1))


@check
def c_rank_proxies_exact(ctx: Context) -> Evidence:
    """srank_λ and srank of A_c are Θ(F), F = k + log((ℓ+1)/(k+1)), with explicit constants; erank₂ ≥ srank."""
    x = sp.Symbol("x", positive=True)
    A, i = 1 + u_, 1 + m_
    steps = [
        sympy_nonnegative(
            causal_lambda(m_ + w_, 1 + m_) - sp.Rational(1, 2),
            [m_, w_],
            what="spike λ_i ≥ 1/2 and ρ_i ≥ 1/4 when a_i ≥ ℓ ≥ i−1 (f ≥ 1)",
        ),
        sympy_nonnegative(i * causal_lambda(A, i) - 1, [u_, m_], what="bulk λ_i ≥ 1/i (a_i ≥ 1)"),
        sympy_nonnegative((1 + u_ + v_) / i - causal_lambda(A, i), [u_, v_, m_], what="bulk λ_i ≤ e^B/i"),
        sympy_nonnegative(
            1 - ((i - 1) / (A + i - 1) ** 2 + causal_lambda(A, i) ** 2),
            [u_, m_],
            what="ρ_i ≤ 1 (a probability row); bulk ρ_i ≤ 1/i + (e^B−1)²/i² (sdeg.c.row-norms)",
        ),
        sympy_identity(
            sp.integrate(1 / x, (x, k_ + 1, ell_ + 1)),
            sp.log(ell_ + 1) - sp.log(k_ + 1),
            what="integral comparison: log((ℓ+1)/(k+1)) ≤ Σ_(i=k+1..ℓ) 1/i ≤ 1 + log((ℓ+1)/(k+1))",
        ),
    ]
    return derivation(
        steps,
        what=(
            "with 1 ≤ ‖A_c‖² ≤ 5 (row 1 is e_1; sdeg.c.sv-universal): srank_λ = Σλ_i ∈ "
            "[F/2, (1 + e^B(1 + 1/log 2))F], srank = ‖A_c‖_F²/‖A_c‖² ∈ "
            "[F/20, (1 + (1 + (e^B−1)²π²/6)/log 2)F], erank₂ ≥ srank ≥ F/20"
        ),
        ranges="every ℓ, 0 ≤ k ≤ ℓ, sorted scores with a_i ≥ ℓ (i ≤ k), 1 ≤ a_i ≤ e^B (i > k)",
    )


def proxy_fit(config: Config, ctx: Context, metric, name: str):
    sizes = dense_sizes(ctx)
    y = [metric(config_spectrum(config, n, ctx.seed)) for n in sizes]
    F = lambda x: np.array([log_ratio(int(n), config.k(int(n))) for n in np.atleast_1d(x)])  # noqa: E731
    return fit_rate(sizes, y, F, "F", {"1": np.ones_like}, scale="loglog"), sizes


@check
def c_schatten_sweep(ctx: Context) -> Evidence:
    """Upper sides from the stored spectra: Σσ^p = O(log n) at p = 1.5, 3 and ‖H_n‖_* = O(log² n)."""
    from specproof.runs.sweeps.table import rate_check, stored_options

    options = stored_options(ctx)
    rows, ranges = _stored_cesaro_spectra(ctx)
    log1 = lambda x: np.log(x + 1)  # noqa: E731
    big = lambda r: r["x"] >= 16  # noqa: E731
    evidence = [
        rate_check(
            "cesaro-spectrum",
            log1,
            "log(n+1)",
            column=f"schatten_{fmt(p)}",
            what=f"p = {fmt(p)}",
            competitors={"1": np.ones_like},
            scale="loglog",
            side="upper",
            select=big,
            **options,
        )
        for p in (1.5, 3.0)
    ]
    evidence.append(
        rate_check(
            "cesaro-spectrum",
            lambda x: log1(x) ** 2,
            "log²(n+1)",
            what="nuclear norm",
            competitors={"log(n+1)": log1},
            scale="loglog",
            side="upper",
            select=big,
            **options,
        )
    )
    sizes = np.array([r["x"] for r in rows], dtype=float)
    nuclear = np.array([r["value"] for r in rows])
    model = fit_with_corrections(sizes, nuclear, {"log²": lambda x: np.log(x) ** 2, "log": np.log, "1": np.ones_like})
    ev = combine(evidence, what="Schatten sums of H_n", ranges=ranges, method="sweep-fit")
    R = floor_log2(int(sizes[-1]) + 1)
    ev = replace(
        ev,
        summary=ev.summary
        + f"; ‖H_n‖_* ≈ {fitted_model(model, ('log²', 'log² n'), ('log', 'log n'), ('1', ''))}; lower bound R(R+1)log"
        f" 2/(4π) = {fmt(R * (R + 1) * math.log(2) / (4 * math.pi))} vs {fmt(nuclear[-1])} at n = {int(sizes[-1])}",
    )
    return ev


def eigen_order_certificate() -> Evidence:
    # a_{i+1} = b, i = 1 + m and a_i·i = b(i−1) + v with v ≥ 0: exactly the condition a_{i+1}(i−1) ≤ a_i·i
    # (which sorted scores, a_{i+1} ≤ a_i, satisfy)
    v = sp.Symbol("v", nonnegative=True)
    return sympy_nonnegative(
        causal_lambda((b_ * m_ + v) / (1 + m_), 1 + m_) - causal_lambda(b_, 2 + m_),
        [b_, v, m_],
        what="λ_i − λ_{i+1} ≥ 0 whenever a_{i+1}(i−1) ≤ a_i·i (numerator v·i, v = a_i·i − a_{i+1}(i−1))",
    )


def profile_terms(lam: np.ndarray, scores: np.ndarray, k: int) -> tuple[float, float, float]:
    """(LHS, paper's RHS, proved RHS) of ℓ⁻¹Σ(λ_i − 1_{i≤k})² ≤ k³/(ℓ³f²) + 3/g with the tightest f, g."""
    ell = lam.size
    target = (np.arange(ell) < k).astype(float)
    lhs = float(np.mean((lam - target) ** 2))
    spike = k**3 * math.exp(-2 * float(scores[:k].min())) / ell if k else 0.0  # k³/(ℓ³f²), ℓf = min spike a_i
    inv_g = math.exp(float(scores[k:].max())) / ell if k < ell else 0.0  # 1/g = max bulk a_i / ℓ
    return lhs, spike + 3 * inv_g, spike / 3 + 2 * inv_g


PROFILE_ALLOWANCE = (
    "LHS: mean of ℓ squares of values in [−1, 1]; each λ_i = exp(s_i − L_i) within 9·eps (|L_i| < 32), each "
    "square within 18·eps, the mean within 18·eps + ℓ·eps ≤ 10·ℓ·eps (ℓ ≥ 2; ℓ = 1 exact)"
)


def sv_extremes(
    ctx: Context,
    strategy,
    what: str,
    ranges: str,
    role: str,
    lower: bool = True,
    upper: bool = True,
    examples: int = 200,
) -> Evidence:
    seen = {"i_sigma": math.inf, "norm": 0.0}

    def margin(s):
        sv = singular_values(s)
        i = np.arange(1, sv.size + 1)
        seen["i_sigma"] = min(seen["i_sigma"], float(np.min(i * sv)))
        seen["norm"] = max(seen["norm"], float(sv[0]))
        slack = []
        if lower:
            slack.append(float(np.min(sv - 1 / (3 * i))))
        if upper:
            slack.append(SQRT5 - float(sv[0]))
        return min(slack)

    pinned = tuple(np.zeros(n) for n in (1, 2, 16, 48)) + (np.array([30.0, 20.0, 0.0, 0.0]),)
    ev = property_search(
        strategy,
        margin,
        ctx=ctx,
        examples=examples,
        pinned=pinned,
        what=what,
        ranges=ranges,
        role=role,
        tolerance=lambda s: float_tolerance(s.size, SQRT5),
        allowance=(
            "svdvals backward stable: each σ_i within 10·ℓ·eps·‖A_c‖₂; ‖A_c‖₂² ≤ ‖A_c‖₁‖A_c‖∞ ≤ H_ℓ < 5 for a_i ≥ 1, "
            "ℓ ≤ 48 (column sums); with signed scores σ₁ ≤ √5 wherever the upper margin is near 0"
        ),
    )
    ev = replace(
        ev,
        sharpest=(
            f"min_i i·σ_i = {fmt(seen['i_sigma'])} (paper 1/3), max ‖A_c‖ = {fmt(seen['norm'])} (paper √5 ="
            f" {fmt(SQRT5)})"
        ),
    )
    return ev


def block_interlace_margin(value, two_sided: bool) -> float:
    """min_m σ_m(A₂₂) − σ_{k+m}(A_c) for scores s split at k (A₂₂ the bulk block), with min_m σ_m(A_c) − σ_m(A₂₂)
    when ``two_sided``; 1 when the bulk is empty."""
    s, k = value
    sv = singular_values(s)
    bulk = svdvals(attention(s)[k:, k:]) if k < s.size else np.zeros(0)
    if bulk.size == 0:
        return 1.0
    lower = float(np.min(bulk - sv[k:]))
    return min(lower, float(np.min(sv[: bulk.size] - bulk))) if two_sided else lower


@check
def c_interlace_block_proof(ctx: Context) -> Evidence:
    """A₁₂ = 0 by the causal mask, and the last ℓ − k columns [0; A₂₂] of A_c have the Gram matrix A₂₂ᵀA₂₂, for
    symbolic block sizes."""
    s, Z = sp.Symbol("s_j", real=True), sp.Symbol("Z_i", positive=True)  # a score and the row's normaliser
    k, m = sp.symbols("k m", integer=True, positive=True)  # spike and bulk sizes, ℓ = k + m
    A22 = sp.MatrixSymbol("A22", m, m)
    columns = sp.BlockMatrix([[sp.ZeroMatrix(k, m)], [A22]])
    steps = [
        sympy_identity(
            sp.exp(s - sp.oo) / Z,
            sp.Integer(0),
            what=(
                "(A_c)_ij = e^{Σ_ij + M_ij}/Z_i with the mask M_ij = −∞ for j > i: every entry of A₁₂ (i ≤ k < j) "
                "is 0, for every real score vector"
            ),
        ),
        sympy_identity(
            sp.block_collapse(columns.T * columns),
            A22.T * A22,
            what=(
                "[0; A₂₂]ᵀ[0; A₂₂] = A₂₂ᵀA₂₂ (symbolic k, ℓ − k): the last ℓ − k columns of A_c have the "
                "singular values of A₂₂"
            ),
        ),
    ]
    return derivation(
        steps,
        what="A_c = [A₁₁ 0; A₂₁ A₂₂] and σ([0; A₂₂]) = σ(A₂₂)",
        ranges="every ℓ, every split 0 ≤ k < ℓ, every real score vector (sorted or not)",
    )


def count_bound(ell: int, k: int, B: float, t: float) -> float:
    """The proved bound: #{σ_i(A_c) > t} ≤ k + 2(e^B − 1)/t + 4(1 + log ℓ)/t²."""
    return k + 2 * (math.exp(B) - 1) / t + 4 * (1 + math.log(ell)) / t**2


def _lower_ones_entry(i, j):
    """(L_m)_ij = [j ≤ i] for symbolic indices."""
    return sp.Piecewise((1, j <= i), (0, True))


@check
def c_log_many_sqrt_example_proof(ctx: Context) -> Evidence:
    """Reconstructed example: k = 0, a_i = √ℓ, r = ⌊√ℓ⌋ ⇒ σ_r(A_c) ≥ 1/2 > 1/3 and erank₂ ≥ srank ≥ r/20."""
    a = sp.Symbol("a", positive=True)
    A_, R_ = 1 + m_ + w_, 1 + m_  # a = r + w ≥ r
    i, p = sp.Symbol("i", integer=True, positive=True), sp.Symbol("p", integer=True, positive=True)
    S, N = sp.Symbol("S", real=True), sp.Symbol("N", nonnegative=True)  # S = 𝟏ᵀx, N = ‖x‖²
    steps = [
        sympy_identity(
            _lower_ones_entry(i + p, i) + _lower_ones_entry(i, i + p),
            sp.Integer(1),
            what="(L + Lᵀ)_ij for i ≠ j (j = i + p or i = j + p, p ≥ 1): [j ≤ i] + [i ≤ j] = 1 = (I + 𝟏𝟏ᵀ)_ij",
        ),
        sympy_identity(
            _lower_ones_entry(i, i) + _lower_ones_entry(i, i),
            sp.Integer(2),
            what="(L + Lᵀ)_ii = 2 = (I + 𝟏𝟏ᵀ)_ii: L_m + L_mᵀ = I + 𝟏𝟏ᵀ for every m",
        ),
        sympy_identity(
            (N + S**2) / 2 + (a - 1) * N,
            (a - sp.Rational(1, 2)) * N + S**2 / 2,
            what="xᵀ(L + (a−1)I)x = ½xᵀ(L + Lᵀ)x + (a−1)‖x‖² = ½‖x‖² + ½(𝟏ᵀx)² + (a−1)‖x‖² ≥ (a − ½)‖x‖²",
        ),
        sympy_identity(
            (1 + (a - 1)) / (a + i_ - 1),
            causal_lambda(a, i_),
            what="leading r×r block = diag(z_i)(L_r + (a−1)I), σ_min(diag(z_i)) = 1/(a+r−1)",
        ),
        sympy_nonnegative(
            (A_ - sp.Rational(1, 2)) / (A_ + R_ - 1) - sp.Rational(1, 2),
            [m_, w_],
            what="σ_r(A_c) ≥ (a − ½)/(a + r − 1) ≥ 1/2 for r ≤ a",
        ),
        sympy_nonnegative(
            causal_lambda(A_, R_) - sp.Rational(1, 2),
            [m_, w_],
            what="λ_i ≥ 1/2 for i ≤ r, so ‖A_c‖_F² ≥ r/4 and srank ≥ (r/4)/5 = r/20 (‖A_c‖² ≤ 5)",
        ),
        limit_evidence(
            ell_ / sp.sqrt(ell_),
            ell_,
            sp.oo,
            what="separation holds: a_i = √ℓ = ℓ/g, g = √ℓ → ∞; erank₂ ≥ srank as entropy ≥ −log max q",
        ),
    ]
    return derivation(
        steps,
        what="without a bounded bulk, r = ⌊√ℓ⌋ singular values exceed 1/3 and erank₂ ≥ srank ≥ r/20",
        ranges="every ℓ ≥ 1, k = 0, s_i = ½ log ℓ; L_m + L_mᵀ = I + 𝟏𝟏ᵀ entrywise for every m",
    )
