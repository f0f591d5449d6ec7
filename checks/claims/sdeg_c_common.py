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
from typing import NamedTuple

import numpy as np
import sympy as sp

from specproof.checks.methods import fmt, sympy_identity
from specproof.checks.registry import Context, Evidence, Status
from specproof.theory.cesaro import cesaro_singular_values
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
    out = []
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
