"""The composed TRSP network N_D (the project's own): what the claim files of App. C that read its sweeps share."""

from __future__ import annotations

import functools
import math
from dataclasses import replace
from fractions import Fraction

import numpy as np

from specproof.engine.methods import (
    combine,
    fmt,
    grid_check,
    open_evidence,
)
from specproof.engine.records import Limit, LimitFit, Second
from specproof.engine.registry import Context
from specproof.theory import network as nw
from specproof.theory.filters import dyadic_schedule, tribox_matrix
from specproof.theory.operators import Identity
from specproof.theory.spectral import algebraic_connectivity, laplacian

NETWORK_TESTS = "tests/test_network.py"


DEPTHS = {"d2": "D = 2", "d4": "D = 4", "full": "D = ⌊log₂T⌋+1"}


def _rows(ctx: Context, kind: str) -> list[dict]:
    from specproof.runs.sweeps.table import run_sweep, stored_options

    return run_sweep(f"network-{kind}", **stored_options(ctx)).rows


def _sweep_range(rows: list[dict], kind: str, ctx: Context) -> str:
    from specproof.runs.sweeps.table import missing_note, run_sweep, stored_options

    span = (
        f"sweep network-{kind} ({'wide' if ctx.wide else 'default'} grid): T = {rows[0]['x']}…{rows[-1]['x']},"
        f" {len(rows)} points"
    )
    return span + missing_note(run_sweep(f"network-{kind}", **stored_options(ctx)))


def _cases(rows: list[dict]) -> tuple[dict, list]:
    """Rows by T, and the (T, depth tag) cases of a sweep check (cases name the point, not the whole row)."""
    by_T = {r["x"]: r for r in rows}
    return by_T, [(T, tag) for T in by_T for tag in DEPTHS]


def converged(row: dict, column: str) -> bool:
    """Whether a stored μ₂/γ column (e.g. "mu2_d2") converged; a "bracket-only" one gives only its upper end."""
    return row.get(f"{column}_status") == "converged"


def _bracket_only(rows: list[dict], quantity: str, tags=tuple(DEPTHS)) -> list:
    return [(r["x"], tag) for r in rows for tag in tags if not converged(r, f"{quantity}_{tag}")]


def _range_over_rows(ctx, kinds, column, lo, hi, what, hi_name=None):
    """lo ≤ column ≤ hi on every stored (T, depth); ``hi`` a number or (row, tag) ↦ bound. A "bracket-only" column
    (residual above the 1e-9 tolerance) is read with its wider bracket when that bracket's lower end is positive
    (θ − ‖r‖: the same residual bound a converged column's lower end is), and named in the summary; one whose lower
    end is not positive decides nothing and leaves its model's part open."""
    evidence = []
    for kind in kinds:
        rows = _rows(ctx, kind)
        by_T, cases = _cases(rows)
        wide = _bracket_only(rows, column)
        unread = [c for c in wide if by_T[c[0]][f"{column}_{c[1]}_lower"] <= 0]
        if unread:
            evidence.append(
                open_evidence(
                    f"{kind}: {len(unread)} (T, depth) without a positive lower end, first {unread[0]}: not read",
                    method="sweep-bracket",
                    ranges=_sweep_range(rows, kind, ctx),
                )
            )
            continue
        top = (lambda row, tag: hi) if not callable(hi) else hi
        # the bracket must clear lo and meet [lo, hi]: its upper end may pass a proved hi by the rounding allowance
        # (10·T·eps·‖L‖, 2e-3 under the sink at 2^20, where token 1's degree is ~T/2), its lower end may not
        reach = (
            (lambda row, tag: row[f"{column}_{tag}_lower"])
            if callable(hi)
            else (lambda row, tag: row[f"{column}_{tag}_upper"])
        )
        ev = grid_check(
            cases,
            lambda c: min(by_T[c[0]][f"{column}_{c[1]}_lower"] - lo, top(by_T[c[0]], c[1]) - reach(by_T[c[0]], c[1])),
            what=f"{kind}: {fmt(lo)} ≤ {what} ≤ {hi_name or fmt(hi)}",
            method="sweep-bracket",
            exact=False,
            ranges=_sweep_range(rows, kind, ctx),
        )
        values = [r[f"{column}_{tag}"] for r in rows for tag in DEPTHS]
        loose = "".join(
            f"; bracket-only (residual {fmt(by_T[T][f'{column}_{tag}_residual'], 2)} > 1e-9), read with its "
            f"bracket [{fmt(by_T[T][f'{column}_{tag}_lower'], 5)}, {fmt(by_T[T][f'{column}_{tag}_upper'], 5)}]: "
            f"T = {T}, {DEPTHS[tag]}"
            for T, tag in wide
        )
        evidence.append(
            replace(ev, summary=ev.summary + f" (measured {fmt(min(values), 4)} … {fmt(max(values), 4)}){loose}")
        )
    return combine(evidence, what=what, method="sweep-bracket", ranges="; ".join(e.ranges for e in evidence))


def _dense_mu2(M: np.ndarray) -> float:
    return algebraic_connectivity(laplacian((M + M.T) / 2))


def superposition_table(T: int, D: int) -> dict:
    """μ₂ of the unnormalised product N_D, of the superposition Σ_ℓ (A_ℓ + g_ℓM_ℓ) (App. C's object, A_ℓ = I) and of
    the Markov form P_D, dense, with the reconstructed gate."""
    layers = nw.network_layers(T, D, Identity, nw.default_gate())
    N = nw.network_operator(layers).as_matrix()
    S = sum((np.eye(T) + layer.gate * tribox_matrix(T, layer.bandwidth) for layer in layers), np.zeros((T, T)))
    return {"N_D": _dense_mu2(N), "superposition": _dense_mu2(S), "P_D": _dense_mu2(N / nw.row_sum(layers))}


def _exact_attention(kind: str, T: int) -> np.ndarray:
    one, zero = Fraction(1), Fraction(0)
    if kind == "uniform":
        return np.array([[Fraction(1, i + 1) if j <= i else zero for j in range(T)] for i in range(T)], dtype=object)
    if kind == "sink":
        return np.array([[one if j == 0 else zero for j in range(T)] for _ in range(T)], dtype=object)
    return np.array([[one if i == j else zero for j in range(T)] for i in range(T)], dtype=object)


EXACT_GATES = (Fraction(1, 9), Fraction(1, 3), Fraction(4, 5), Fraction(999, 1000))


def _exact_network(kind: str, T: int, D: int, gate: Fraction) -> tuple[np.ndarray, list]:
    """N_D in exact rationals (a gate ``gate``·(ℓ+1)/D at layer ℓ, so the gates differ), and the gates."""
    N = np.array([[Fraction(int(i == j)) for j in range(T)] for i in range(T)], dtype=object)
    gates = []
    eye = np.array([[Fraction(int(i == j)) for j in range(T)] for i in range(T)], dtype=object)
    for ell, b in enumerate(dyadic_schedule(T, D)):
        g = gate * (ell + 1) / D
        gates.append(g)
        F = eye + _exact_attention(kind, T) + g * tribox_matrix(T, b, exact=True)
        N = F.dot(N)
    return N, gates


RECONSTRUCTED_GATE = nw.DEFAULT_GATE_RECONSTRUCTION


PHI = math.log(2.0)  # φ = softplus(β) at the reconstruction's β = 0


DENSE_RICHARDSON_T = (256, 512, 1024)


def full_depth_limit(ctx: Context, column: str, quantity: str, note: str) -> tuple[Limit, str, LimitFit]:
    """The full-depth limit of a stored isolated-network column (μ₂ or γ at D = ⌊log₂T⌋+1), read by three correction
    families (1/T, 1/T + 1/T², and T^−q with q fitted: the rows settle like 1/T) over three tails, the limit as the
    interval covering them (its midpoint ± half-width), each linear estimate widened by the rows' own brackets (the
    LOBPCG rows beyond T = 2048 are resolved only to a few 10⁻⁶); the rows it was read from, for the summary; the fit.
    The second computation (:func:`full_depth_dense_richardson`) extrapolates dense eigenvalues from below instead."""
    from specproof.engine.measure import FREE_POWER, fit_free_power, limit_fit

    rows = [r for r in _rows(ctx, "isolated") if r["x"] >= 16 and converged(r, column)]
    x = np.array([r["x"] for r in rows], float)
    y = np.array([r[column] for r in rows])
    bracket = max((r[f"{column}_upper"] - r[f"{column}_lower"]) / 2 for r in rows[-6:])
    fit = limit_fit(x, y, families=("1/x", "1/x + 1/x²", FREE_POWER), tails=(4, 5, 6), variable="T", error=bracket)
    lo, hi = fit.interval
    _, q = fit_free_power(x[-4:], y[-4:], with_exponent=True)
    limit = Limit(
        "extrapolated",
        note,
        quantity=quantity,
        numeric=(lo + hi) / 2,
        error=(hi - lo) / 2,
        approach=f"like T^−q, q = {fmt(q, 2)} fitted on the last four rows",
        ranges=f"stored network-isolated rows T = {int(x[0])}…{int(x[-1])}, converged",
        fit=fit,
    )
    seeds = full_depth_at_seeds(128, column)
    limit = replace(
        limit,
        seconds=(full_depth_dense_richardson(column, (lo + hi) / 2, (hi - lo) / 2),),
        depends=(
            f"the rows use the reconstructed gate (MLP seed 0); at T = 128 the value is {fmt(seeds[0], 4)} with seed 0 "
            f"and spans [{fmt(min(seeds.values()), 4)}, {fmt(max(seeds.values()), 4)}] over seeds 0–5 (dense)"
        ),
    )
    shown = ", ".join(f"{fmt(v, 6)} (T = {int(t)})" for t, v in zip(x[-5:], y[-5:]))
    return limit, shown, fit


def full_depth_dense_richardson(column: str, stated: float, stated_error: float):
    """The full-depth limit again from dense eigenvalues (scipy's eigvalsh on the assembled P_D, not the sweep's LOBPCG
    tail) at T = 256, 512, 1024, carried to T → ∞ by Richardson extrapolation in 1/T and 1/T² (exact through three
    points); its error is its distance from the one-order-lower extrapolation in 1/T (the last two points), plus the
    stated interval's half-width."""
    from specproof.engine.measure import CORRECTIONS, fit_limit_once

    x = np.array(DENSE_RICHARDSON_T, float)
    y = np.array([_full_depth_dense(T, 0)[column] for T in DENSE_RICHARDSON_T])
    second = fit_limit_once(x, y, CORRECTIONS["1/x + 1/x²"])
    first = fit_limit_once(x[1:], y[1:], CORRECTIONS["1/x"])
    return Second(
        "numeric",
        stated,
        second,
        "dense eigvalsh at T = 256, 512, 1024 (MLP seed 0), Richardson-extrapolated in 1/T, 1/T²",
        abs(second - first) + stated_error,
    )


def full_depth_at_seeds(T: int, column: str, seeds=range(6)) -> dict[int, float]:
    """μ₂ ("mu2_full") or the gap with self-loops ("gap_full") of the isolated network at full depth, dense, with the
    reconstructed gate's MLP drawn from each seed: how much the number depends on the reconstruction."""
    return {seed: _full_depth_dense(T, seed)[column] for seed in seeds}


@functools.lru_cache(maxsize=32)
def _full_depth_dense(T: int, seed: int) -> dict[str, float]:
    from specproof.theory.filters import floor_log2
    from specproof.theory.spectral import normalized_gap
    from specproof.theory.torch.gate import LongContextGate, gate_value

    params = LongContextGate(hidden=16, seed=seed).params()

    def gate(n: int, b: int) -> float:
        return float(gate_value(b / n, params))

    layers = nw.network_layers(T, floor_log2(T) + 1, Identity, gate)
    W = nw.network_operator(layers, markov=True).as_matrix()
    W = (W + W.T) / 2
    return {"mu2_full": algebraic_connectivity(laplacian(W)), "gap_full": normalized_gap(W)}
