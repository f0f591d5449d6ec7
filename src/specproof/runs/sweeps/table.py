"""Named large-T sweeps over theory/'s solvers: one row per point, stored atomically, resumable,
run locally or on a Dask cluster, and fitted to the rates the claims state.

A :class:`Sweep` is a pure point function ``point(**params) -> row`` (value, bracket, method, dtype,
device and diagnostics), the swept parameter, three grids (``quick`` for the claims' default runs
and CI, ``default`` for `specproof sweep`, ``wide`` for the largest sizes) and a dense ``reference``
(the peer a user would otherwise reach for) that the tests and the benchmark compare against.

The store is one JSON-lines file per sweep, ``<store>/<name>.jsonl``, rows sorted by the swept
parameter. Every completed point rewrites the file atomically (a temporary file beside it, fsync,
``os.replace``): a reader, or a rerun after a crash or Ctrl-C at any instant, sees either the rows
before that point or the rows after it, never a torn line. Rewriting is O(rows) per point, which is
nothing next to the cost of a point (tens of rows, seconds each), and keeps the file sorted and
diffable, which an append-only log would not. A rerun computes only the missing points of the
grid; a row counts as present when its parameters and the sweep's ``revision`` match. The record, the
store and the runner live in :mod:`specproof.runs.sweeps.store`; this module registers the catalogue,
fits the rates and re-exports those names.
"""

from __future__ import annotations

import functools
import math
import time
from typing import cast

import numpy as np

from specproof.runs.sweeps.rates import (  # noqa: F401 (re-exported)
    along,
    missing_note,
    options_for,
    rate_check,
    stored_options,
)
from specproof.runs.sweeps.store import (  # noqa: F401 (re-exported)
    GRIDS,
    SWEEPS,
    ProvedBound,
    Store,
    Sweep,
    SweepResult,
    check_bounds,
    compute_row,
    get,
    key,
    load_rows,
    project_store,
    register,
    run_sweep,
)
from specproof.theory.attention import spike_bulk_scores  # noqa: F401 (re-exported)
from specproof.theory.validate import InputError

# --------------------------------------------------------------------------- the sweeps


def _grid(lo_exp: int, hi_exp: int, *, offsets=(0,), extra=()) -> tuple[int, ...]:
    """Sorted sizes 2^m + o for m = lo_exp..hi_exp and o in ``offsets``, plus ``extra``."""
    return tuple(sorted({(1 << m) + o for m in range(lo_exp, hi_exp + 1) for o in offsets} | set(extra)))


def _sizes_around_powers(lo_exp: int, hi_exp: int, extra=()) -> tuple[int, ...]:
    """2^m − 1, 2^m, 2^m + 1 and 3·2^(m−1): where the dyadic schedule's last window is T, T/2 or 2T/3
    (the real stack's λ₂ is ≈ 2 at T = 2^m but ≈ 1.2 at T = 2^m − 1)."""
    return _grid(lo_exp, hi_exp, offsets=(-1, 0, 1), extra=tuple(3 << (m - 1) for m in range(lo_exp, hi_exp)) + extra)


def _skeleton_point(T: int, graph: str) -> dict:
    from specproof.theory.cayley import cayley_degree
    from specproof.theory.filters import floor_log2
    from specproof.theory.solvers import skeleton_algebraic_connectivity

    multigraph = graph == "multigraph"
    e = skeleton_algebraic_connectivity(T, multigraph=multigraph)
    r = cayley_degree(T, multigraph=multigraph)
    return {**e.as_row(), "degree": r, "gap": e.value / r, "L": floor_log2(T)}


def _skeleton_reference(T: int, graph: str) -> float:
    import scipy.linalg

    from specproof.theory.cayley import cayley_laplacian

    return float(
        scipy.linalg.eigvalsh(cayley_laplacian(T, multigraph=graph == "multigraph"), subset_by_index=[1, 1])[0]
    )


def _real_point(T: int, normalized: bool) -> dict:
    from specproof.theory.solvers import real_tribox_algebraic_connectivity, tribox_stack_laplacian

    e = real_tribox_algebraic_connectivity(T, normalized=normalized)
    degree = tribox_stack_laplacian(T).diagonal()
    return {**e.as_row(), "degree_min": float(degree.min()), "degree_max": float(degree.max())}


def real_reference(T: int, normalized: bool) -> float:
    """The real (causal, non-wrapping) triBox stack at T by a dense solve: μ₂ of its Laplacian, or (``normalized``)
    the normalised gap of its weights W = diag(L) − L (no self-loops); the reference the real-mu2 / real-gap rows
    are checked against where T is small enough to solve densely."""
    import scipy.linalg

    from specproof.theory.operators import superposed_tribox_laplacian
    from specproof.theory.spectral import normalized_gap

    L = superposed_tribox_laplacian(T).as_matrix()
    if normalized:
        return normalized_gap(np.diag(np.diag(L)) - L)
    return float(scipy.linalg.eigvalsh(L, subset_by_index=[1, 1])[0])


def _operator(kind: str, n: int):
    from specproof.theory.operators import Cesaro, SoftmaxAttention, TriBox

    if kind == "cesaro":
        return Cesaro(n)
    if kind == "tribox":  # n is the bandwidth b, T = 4b: the distal regime b = Θ(T)
        return TriBox(4 * n, n)
    return SoftmaxAttention(spike_bulk_scores(n), causal=kind == "causal")


def _norm_point(kind: str, **params) -> dict:
    """‖A‖₂ (Cesàro, triBox) or srank(A) (attention) with its bracket; the other one as extra columns."""
    from specproof.theory.solvers import spectral_norm, stable_rank_matrix_free

    op = _operator(kind, next(iter(params.values())))
    # x_i = i^{-1/2}, the test vector of SDEG App. C.5, is close to H_ℓ's top right singular vector
    x0 = 1.0 / np.sqrt(np.arange(1, op.n + 1)) if kind == "cesaro" else None
    if kind == "tribox":
        return {**spectral_norm(op).as_row(), "max_column_sum": float(op.rmv(np.ones(op.n)).max())}
    s = stable_rank_matrix_free(op, x0=x0)
    srank = {"srank": s.value, "srank_lower": s.lower, "srank_upper": s.upper}
    if kind == "cesaro":
        return {
            **s.as_row(),
            "value": s.info["norm"],
            "lower": s.info["norm_lower"],
            "upper": s.info["norm_upper"],
            **srank,
        }
    return s.as_row()


def _norm_reference(kind: str, **params) -> float:
    import scipy.linalg

    from specproof.theory.spectral import stable_rank

    n = next(iter(params.values()))
    M = _operator(kind, n).as_matrix()
    if kind in ("cesaro", "tribox"):
        return float(scipy.linalg.svdvals(M)[0])
    return stable_rank(M)


def _cesaro_spectrum_point(ell: int) -> dict:
    """Every singular value of H_ℓ, structured: the reciprocals of the singular values of the bidiagonal H_ℓ⁻¹,
    i.e. of the eigenvalues of its 2ℓ×2ℓ Golub–Kahan tridiagonal (LAPACK stemr), O(ℓ²) time and O(ℓ) memory."""
    from specproof.theory.cesaro import cesaro_singular_values
    from specproof.theory.spectral import effective_rank, stable_rank

    s = cesaro_singular_values(ell)
    # error analysis: stemr returns each eigenvalue of the Golub–Kahan matrix G within a few eps·‖G‖ absolutely, and
    # ‖G‖ ≤ max|d| + max|e| ≤ 2ℓ (H⁻¹ has diagonal i and subdiagonal −(i−1)); every σ(H⁻¹) ≥ 1/‖H‖ > 1/2, so each
    # σ(H) = 1/σ(H⁻¹) has relative error ≤ 2·(few eps)·2ℓ; "few" = 10 gives rel = 40·ℓ·eps
    rel = 40.0 * ell * float(np.finfo(float).eps)
    nuclear = float(np.sum(s))
    schatten = {}
    for p, name in ((1.5, "schatten_1.5"), (3.0, "schatten_3")):  # σ^p has relative error ≤ p·rel (to first order)
        total = float(np.sum(s**p))
        schatten.update(
            {name: total, f"{name}_lower": total * (1 - 2 * p * rel), f"{name}_upper": total * (1 + 2 * p * rel)}
        )
    return {
        "value": nuclear,
        "lower": nuclear * (1 - rel),
        "upper": nuclear * (1 + rel),
        "method": "golub-kahan-tridiagonal",
        "rigour": (
            "each singular value within relative 40*n*eps (stemr on the Golub-Kahan form of the bidiagonal inverse)"
        ),
        "dtype": "float64",
        "device": "cpu",
        "sigma_1": float(s[0]),
        "sigma_min": float(s[-1]),
        "srank": stable_rank(s),
        "erank1": effective_rank(s, 1),
        "erank2": effective_rank(s, 2),
        "count_above_third": int(np.count_nonzero(s > 1 / 3)),
        **schatten,
    }


def _cesaro_spectrum_reference(ell: int) -> float:
    import scipy.linalg

    from specproof.theory.operators import Cesaro

    return float(np.sum(scipy.linalg.svdvals(Cesaro(ell).as_matrix())))


register(
    Sweep(
        "skeleton-mu2",
        "T",
        "μ₂ of the Cayley multigraph Cay(ℤ_T, S), dyadic S (TRSP Eq. 9)",
        functools.partial(_skeleton_point, graph="multigraph"),
        {
            "quick": _sizes_around_powers(2, 20),
            "default": _sizes_around_powers(2, 30, extra=(10**8,)),
            "wide": _sizes_around_powers(2, 50, extra=(10**8, 10**9, 10**10, 10**12)),
        },
        functools.partial(_skeleton_reference, graph="multigraph"),
        2048,
        revision=2,
        claims=(
            "trsp.C6.mu2-lower",
            "trsp.C6.mu2-upper",
            "trsp.C6.mu2-lower.sharp",
            "trsp.C6.mu2-upper.sharp",
            "trsp.C6.gap-rate",
        ),
    )
)
register(
    Sweep(
        "skeleton-mu2-simple",
        "T",
        "μ₂ of the simple Cayley graph on (S ∪ −S) ∖ {0}, dyadic S",
        functools.partial(_skeleton_point, graph="simple"),
        {
            "quick": _sizes_around_powers(2, 20),
            "default": _sizes_around_powers(2, 30, extra=(10**8,)),
            "wide": _sizes_around_powers(2, 50, extra=(10**8, 10**9, 10**10, 10**12)),
        },
        functools.partial(_skeleton_reference, graph="simple"),
        2048,
        revision=2,
        claims=("trsp.C3.spectrum", "trsp.C6.mu2-lower"),
    )
)
register(
    Sweep(
        "real-mu2",
        "T",
        "λ₂ of the Laplacian of the real (causal, non-wrapping) triBox stack",
        functools.partial(_real_point, normalized=False),
        {
            "quick": _sizes_around_powers(2, 11),
            "default": _sizes_around_powers(2, 16),
            "wide": _sizes_around_powers(2, 19, extra=(10**6,)),
        },
        functools.partial(real_reference, normalized=False),
        2048,
        claims=("trsp.C1.cayley", "trsp.C6.real-operator"),
    )
)
register(
    Sweep(
        "real-gap",
        "T",
        "normalised gap λ₂(D^-1/2 L D^-1/2) of the real triBox stack (loopless degrees)",
        functools.partial(_real_point, normalized=True),
        {
            "quick": _sizes_around_powers(2, 11),
            "default": _sizes_around_powers(2, 16),
            "wide": _sizes_around_powers(2, 19, extra=(10**6,)),
        },
        functools.partial(real_reference, normalized=True),
        2048,
        claims=("trsp.C1.cayley", "trsp.C6.gap-rate", "trsp.C6.real-operator", "trsp.D.carry-over"),
    )
)
register(
    Sweep(
        "cesaro-norm",
        "ell",
        "‖H_ℓ‖₂ of the Cesàro matrix (row srank: stable rank)",
        functools.partial(_norm_point, "cesaro"),
        {"quick": _grid(1, 14), "default": _grid(1, 20), "wide": _grid(1, 23, extra=(10**7,))},
        functools.partial(_norm_reference, "cesaro"),
        2048,
        revision=2,
        claims=("sdeg.c.test-vector", "sdeg.c.rank-proxies", "sdeg.c.sv-universal"),
    )
)
register(
    Sweep(
        "causal-srank",
        "ell",
        "stable rank of causal softmax attention A_c, k = 3 spikes, f = log ℓ, bulk in [0, 2]",
        functools.partial(_norm_point, "causal"),
        {"quick": _grid(2, 14), "default": _grid(2, 20), "wide": _grid(2, 23, extra=(10**7,))},
        functools.partial(_norm_reference, "causal"),
        2048,
        revision=2,
        claims=("sdeg.c.rank-proxies", "sdeg.encoder-decoder", "sdeg.c.sv-universal"),
    )
)
register(
    Sweep(
        "bidirectional-srank",
        "ell",
        "stable rank of softmax attention A_b, k = 3 spikes, f = log ℓ, bulk in [0, 2]",
        functools.partial(_norm_point, "bidirectional"),
        {"quick": _grid(2, 14), "default": _grid(2, 20), "wide": _grid(2, 23, extra=(10**7,))},
        functools.partial(_norm_reference, "bidirectional"),
        2048,
        revision=2,
        claims=("sdeg.b.rank-proxies", "sdeg.encoder-decoder"),
    )
)
register(
    Sweep(
        "tribox-norm",
        "b",
        "‖M_tri^(b)‖₂ at T = 4b (row max_column_sum: ‖M_tri‖₁)",
        functools.partial(_norm_point, "tribox"),
        {"quick": _grid(0, 10), "default": _grid(0, 16), "wide": _grid(0, 20)},
        functools.partial(_norm_reference, "tribox"),
        256,
        revision=2,
        claims=(
            "trsp.C8.spectral-norm",
            "trsp.C8.spectral-norm.sharp",
            "trsp.C8.column-sums",
            "trsp.C8.column-sums.corrected",
        ),
    )
)
register(
    Sweep(
        "cesaro-spectrum",
        "ell",
        "nuclear norm ‖H_ℓ‖_* from all singular values (bidiagonal H_ℓ⁻¹, O(ℓ²))",
        _cesaro_spectrum_point,
        {"quick": _grid(1, 8), "default": _grid(1, 13), "wide": _grid(1, 16)},
        _cesaro_spectrum_reference,
        2048,
        revision=4,
        claims=(
            "sdeg.c.schatten",
            "sdeg.c.rank-proxies",
            "sdeg.c.rank-proxies.hypotheses.separation",
            "sdeg.c.nuclear-bracket",
        ),
    )
)


def network_attention(kind: str, T: int):
    """The attention models of the network sweeps, one per layer (the same at every layer): "uniform" causal
    (the Cesàro matrix), the rank-one "sink" 𝟏e₁ᵀ, causal "softmax" of the canonical scores
    :func:`spike_bulk_scores`, and "isolated" (A = I: attention that disconnects every token, Prop. C.5's case)."""
    from specproof.theory.operators import Cesaro, Identity, Sink, SoftmaxAttention

    models = {
        "uniform": Cesaro,
        "sink": Sink,
        "isolated": Identity,
        "softmax": lambda n: SoftmaxAttention(spike_bulk_scores(n) if n >= 2 else np.zeros(1), causal=True),
    }
    if kind not in models:
        raise InputError(f"unknown attention model {kind!r}; allowed: {', '.join(models)}")
    return models[kind](T)


def network_depths(T: int) -> dict[str, int]:
    """The depths a network sweep row reports: fixed D = 2 and D = 4, and D = ⌊log₂ T⌋ + 1 ("full")."""
    from specproof.theory.filters import floor_log2

    return {"d2": 2, "d4": 4, "full": floor_log2(T) + 1}


def network_solver(T: int) -> dict:
    """Options of :func:`theory.network_solvers.network_algebraic_connectivity` for the network sweeps: residual
    tolerance 1e-9 at every T, at most 400 LOBPCG iterations in all stages. With the banded-proxy shift-invert
    preconditioner every model and depth converges to the tolerance at T = 2^16 and 2^20 (see that function and the
    rows' ``*_matvecs``); before it (Jacobi, capped at 60 iterations beyond T = 4096) the rows at 2^14 and 2^16 held
    the cap's values, residuals 4e-5 … 6e-3."""
    return {"tol": 1e-9, "maxiter": 400}


NETWORK_QUANTITIES = ("mu2", "gap")


def network_ceilings(T: int, attention: str, depth: int, gate=None) -> dict:
    """The proved causal ceilings (trsp.network.causal-ceiling) of one network, from p = (P_D)_TT:
    μ₂ ≤ T(1 − p)/(2(T − 1)) and γ ≤ (1 − p)/(1 + p) · 2T/(2T − 1 − p) (the test vector e_T against the rest,
    𝟏-orthogonal for μ₂, D𝟏-orthogonal for γ with D = diag(W𝟏), self-loops kept)."""
    from specproof.theory import network as nw

    gate = nw.default_gate() if gate is None else gate
    layers = nw.network_layers(T, depth, lambda n: network_attention(attention, n), gate)
    p = float(nw.network_diagonal(layers, markov=True)[-1])
    return {
        "p_last": p,
        "mu2": T * (1.0 - p) / (2.0 * (T - 1)),
        "gap": (1.0 - p) / (1.0 + p) * 2.0 * T / (2.0 * T - 1.0 - p),
    }


def _network_bound_violations(row: dict, which: str) -> list:
    """What in a network row breaks μ₂, γ ≥ 0 (``which`` = "nonnegative") or the causal ceilings ("ceiling"):
    a value is compared after its rounding allowance (upper − value) is granted."""
    T, attention = row["params"]["T"], row["sweep"].removeprefix("network-")
    bad = []
    for tag in network_depths(T):
        ceilings = network_ceilings(T, attention, row[f"depth_{tag}"]) if which == "ceiling" and T >= 2 else None
        for q in NETWORK_QUANTITIES:
            column = f"{q}_{tag}"
            if column not in row:
                continue
            value, upper = row[column], row[f"{column}_upper"]
            allowance = max(upper - value, 0.0)
            if which == "nonnegative" and upper < 0:
                bad.append(f"{column} = {value:.10g} (upper {upper:.3g}) < 0")
            if ceilings is not None and value - allowance > ceilings[q] * (1 + 8 * np.finfo(float).eps):
                bad.append(f"{column} = {value:.10g} above the causal ceiling {ceilings[q]:.10g}")
    return bad


NETWORK_BOUNDS = (
    ProvedBound(
        "mu2 >= 0 and gap >= 0",
        "trsp.network.causal-ceiling",
        functools.partial(_network_bound_violations, which="nonnegative"),
    ),
    ProvedBound(
        "the causal ceiling",
        "trsp.network.causal-ceiling",
        functools.partial(_network_bound_violations, which="ceiling"),
    ),
)


def _network_status(e) -> str:
    """ "converged" when the residual met the tolerance and the bracket decides the sign (lower > 0); otherwise
    "bracket-only": then only the upper end (a Rayleigh quotient) is a bound, and the claims read no value."""
    return "converged" if e.info.get("converged") and e.lower > 0 else "bracket-only"


def _network_point(T: int, attention: str) -> dict:
    """One T of a network sweep: for each depth of :func:`network_depths`, the Markov form P_D's μ₂ and
    normalised gap γ = λ₂(I − D⁻¹W), D = diag(W𝟏) with the self-loops (TRSP App. C.1's definition), as LOBPCG
    brackets with their residual, matvecs and status; the causal ceilings; the escape 1 − min_i (P_D)_{i1} (a
    bound on Dobrushin's coefficient); and under the sink R_eff(N_D) = R_eff(P_D) bracketed and the bound
    1 + (q_D/(1 − q_D))². ``bracket_only`` lists the columns that did not converge (empty in a complete row)."""
    from specproof.theory import network as nw
    from specproof.theory.network_solvers import DENSE_MAX, network_connectivity
    from specproof.theory.solvers import EPS, spectral_norm

    gate = nw.default_gate()
    row: dict = {
        "attention": attention,
        "dtype": "float64",
        "device": "cpu",
        "method": "dense-eigvalsh" if T <= DENSE_MAX else "scipy-lobpcg-banded-proxy",
        "gap_degrees": "with-loops",
        "rigour": (
            "mu2/gap: dense eigvalsh within 10*T*eps*|M| up to T = 2048; beyond, LOBPCG brackets (upper "
            "Rayleigh quotient + rounding allowance; lower residual bound, assumes the lowest Ritz pair); "
            "status 'bracket-only': residual above tol or lower <= 0, only "
            "the upper end is a bound; reff (sink): Frobenius bounds from the first column over the "
            "Lanczos/Collatz-Wielandt norm bracket"
        ),
    }
    bracket_only = []
    for tag, D in network_depths(T).items():
        layers = nw.network_layers(T, D, lambda n: network_attention(attention, n), gate)
        L = nw.network_laplacian(layers)
        for q in NETWORK_QUANTITIES:
            t0 = time.perf_counter()
            e = network_connectivity(L, normalized=q == "gap", degrees="with-loops", **network_solver(T))
            status = _network_status(e)
            row.update(
                {
                    f"{q}_{tag}": e.value,
                    f"{q}_{tag}_lower": e.lower,
                    f"{q}_{tag}_upper": e.upper,
                    f"{q}_{tag}_residual": e.residual,
                    f"{q}_{tag}_matvecs": e.matvecs,
                    f"{q}_{tag}_seconds": round(time.perf_counter() - t0, 3),
                    f"{q}_{tag}_status": status,
                }
            )
            if status != "converged":
                bracket_only.append(f"{q}_{tag}")
        ceilings = (
            network_ceilings(T, attention, D, gate) if T >= 2 else {"p_last": 1.0, "mu2": math.nan, "gap": math.nan}
        )
        P = L.adjacency
        first = P.mv(np.eye(1, T).ravel())  # (P_D)_{i1}, every row
        row.update(
            {
                f"ceiling_{tag}": ceilings["mu2"],
                f"gap_ceiling_{tag}": ceilings["gap"],
                f"p_last_{tag}": ceilings["p_last"],
                f"escape_{tag}": float(1.0 - first.min()),
                f"depth_{tag}": D,
                f"gates_{tag}": [layer.gate for layer in layers],
            }
        )
        if attention == "sink":
            norm = spectral_norm(P)
            diag = nw.network_diagonal(layers, markov=True)
            rel = 4 * T * EPS  # sums of T nonnegative terms
            f_lower = float(np.sum(first**2) + np.sum(diag[1:] ** 2)) * (1 - rel)
            f_upper = float(np.sum(first**2 + (1.0 - first) ** 2)) * (1 + rel)
            row.update(
                {
                    f"reff_{tag}": 0.5 * (f_lower / norm.upper**2 + f_upper / norm.lower**2),
                    f"reff_{tag}_lower": f_lower / norm.upper**2,
                    f"reff_{tag}_upper": f_upper / norm.lower**2,
                    f"reff_bound_{tag}": nw.sink_rank_bound(layer.gate for layer in layers),
                    f"escape_bound_{tag}": nw.sink_escape_probability(layer.gate for layer in layers),
                }
            )
    row.update(
        {
            "value": row["gap_full"],
            "lower": row["gap_full_lower"],
            "upper": row["gap_full_upper"],
            "bracket_only": bracket_only,
        }
    )
    return row


def _network_reference(T: int, attention: str) -> float:
    """Dense normalised gap of the full-depth network's Markov form (the sweep's ``value``): λ₂(I − D⁻¹W),
    D = diag(W𝟏) with the self-loops."""
    import scipy.linalg

    from specproof.theory import network as nw

    layers = nw.network_layers(
        T, network_depths(T)["full"], lambda n: network_attention(attention, n), nw.default_gate()
    )
    P = nw.network_operator(layers, markov=True).as_matrix()
    W = (P + P.T) / 2
    d = W.sum(axis=1)
    L = np.diag(d) - W
    s = 1.0 / np.sqrt(d)
    return float(scipy.linalg.eigvalsh(s[:, None] * L * s[None, :], subset_by_index=[1, 1])[0])


NETWORK_CLAIMS = (
    "trsp.network.connectivity",
    "trsp.network.safety-net",
    "trsp.network.gap",
    "trsp.network.mixing",
    "trsp.network.rank",
    "trsp.network.causal-ceiling",
)
for _kind in ("uniform", "sink", "softmax", "isolated"):
    register(
        Sweep(
            f"network-{_kind}",
            "T",
            f"the composed TRSP network's Markov form, {_kind} attention at every layer, "
            "D = 2, 4, ⌊log₂T⌋+1: μ₂, normalised gap with self-loops (value: full depth), causal ceilings, "
            "escape from the first token",
            functools.partial(_network_point, attention=_kind),
            {
                "quick": _grid(2, 8),
                "default": _grid(2, 12, extra=(1 << 14, 1 << 16, 1 << 18, 1 << 20)),
                "wide": _grid(2, 20),
            },
            functools.partial(_network_reference, attention=_kind),
            512,
            revision=2,
            claims=NETWORK_CLAIMS,
            bounds=NETWORK_BOUNDS,
        )
    )


class _SelfLoopDegrees:
    """The real triBox stack's Laplacian with ``diagonal()`` returning D = diag(W𝟏), the self-loops included (App.
    C.1's degree matrix), so that the solver's normalised mode computes γ = λ₂(I − D⁻¹W); everything else, the
    matvec and the interior symbol of the cosine preconditioner included, is the stack's own."""

    def __init__(self, laplacian):
        self._laplacian = laplacian
        self.n = laplacian.n

    def __getattr__(self, name):
        return getattr(self._laplacian, name)

    def diagonal(self) -> np.ndarray:
        return self._laplacian.degree


def _real_gap_loops_point(T: int) -> dict:
    from specproof.theory.operators import Operator
    from specproof.theory.solvers import laplacian_algebraic_connectivity, tribox_stack_laplacian

    L = tribox_stack_laplacian(T)
    degrees = cast(Operator, _SelfLoopDegrees(L))  # duck-typed: the stack's own Operator but for diagonal()
    e = laplacian_algebraic_connectivity(degrees, normalized=True, tol=1e-10, preconditioner="cosine")
    return {
        **e.as_row(),
        "degree_min": float(L.degree.min()),
        "degree_max": float(L.degree.max()),
        "degrees": "with-loops",
    }


def _real_gap_loops_reference(T: int) -> float:
    import scipy.linalg

    from specproof.theory.filters import dyadic_schedule
    from specproof.theory.operators import superposed_tribox

    M = superposed_tribox(T, dyadic_schedule(T)).as_matrix()
    W = (M + M.T) / 2
    s = 1.0 / np.sqrt(W.sum(axis=1))
    return float(scipy.linalg.eigvalsh(np.eye(T) - s[:, None] * W * s[None, :], subset_by_index=[1, 1])[0])


# trsp.C6.real-operator's normalised gap with App. C.1's degrees (self-loops kept), the definition the network
# sweeps use too; real-gap (loopless degrees) stays as it is for the claims that read it
register(
    Sweep(
        "real-gap-loops",
        "T",
        "normalised gap λ₂(I − D⁻¹W) of the real triBox stack, D = diag(W𝟏) with the self-loops (App. C.1)",
        _real_gap_loops_point,
        {
            "quick": _sizes_around_powers(2, 11),
            "default": _sizes_around_powers(2, 16),
            "wide": _sizes_around_powers(2, 19, extra=(10**6,)),
        },
        _real_gap_loops_reference,
        2048,
        claims=("trsp.C6.real-operator",),
    )
)


# --------------------------------------------------------------------------- `specproof sweep`
