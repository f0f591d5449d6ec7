"""The battery's network properties: the composed network N_D = F_{D−1} ⋯ F_0 built from the variant's own
schedule, kernel and gate by the project's one builder, :func:`theory.network.side_path_layers` (the paper's claims
and sweeps build theirs with it too).

Layer ℓ is F_ℓ = I + A_ℓ + Σ_{b ∈ layer ℓ} g(T, b)·K_b: sparse, one bandwidth b_ℓ per layer (the paper's
Eq. 8); dense, every offset of the schedule in each layer. P_D = Π_ℓ diag(F_ℓ𝟏)⁻¹F_ℓ is its Markov form: with a
row-stochastic kernel every F_ℓ has the constant row sums 2 + G_ℓ (G_ℓ the layer's summed gates), so P_D =
N_D/Π(2 + G_ℓ) exactly as in :mod:`theory.network`. Depth D = 2 and 4 are the first D layers of the schedule
at T (fixed when the model is built); full depth is every layer the schedule has at T (⌊log₂ T⌋ + 1 for the
dyadic one). Attention: ``network-connected`` runs the variant's own attention model on the project's
spike-and-bulk scores (:func:`theory.attention.spike_bulk_scores`, what the committed network-softmax sweep uses)
when the variant has one, uniform causal attention otherwise; the other properties use their worst-case test
patterns (isolating A = I, the sink 𝟏e₁ᵀ). Sizes: a dense eigensolve of the network's matrix (``as_matrix()`` of the
matrix-free chain) at every T the real operator sweeps (up to ``sizes.t_operator``); the fixed-depth safety net,
whose network is banded under A = I, also at every power of 2 up to ``sizes.t_network`` (default 2^12) from the band
read off the same chain (:func:`banded_isolating_mu2`).
"""

from __future__ import annotations

import functools
import math
from dataclasses import replace
from typing import Callable, cast

import numpy as np
import scipy.linalg

from specproof.checks.battery import trsp_checks  # noqa: F401  (the TRSP properties come first in the battery)
from specproof.checks.battery.battery import (
    Outcome,
    battery,
    binned,
    epoch_advice,
    gain,
    laplacian,
    operator_Ts,
    outcome_of,
    rate_outcome,
    t_text,
)
from specproof.checks.battery.model import Finding, Variant
from specproof.engine.methods import float_tolerance, fmt, grid_check, open_evidence
from specproof.engine.registry import Evidence, Role, Status
from specproof.theory import network as nw
from specproof.theory.attention import spike_bulk_scores
from specproof.theory.operators import Cesaro, Dense, Identity, Operator, Sink
from specproof.theory.spectral import algebraic_connectivity

FIXED_DEPTHS = (2, 4)
_NEEDS = {"schedule", "kernel"}


def network_bands(variant: Variant, T: int) -> tuple[tuple[int, ...], ...]:
    """The bandwidths of each layer of the network at T (:meth:`SidePath.layer_bands`): one per layer (sparse,
    duplicates kept: a constant schedule stacks its layers), all of the schedule's offsets in each of its layers
    (dense)."""
    return variant.side_path.layer_bands(T)


def full_depth(variant: Variant, T: int) -> int:
    return len(network_bands(variant, T))


def _attention(variant: Variant, kind: str) -> Callable[[int], Operator]:
    """The attention at every layer, as the builder takes it (T ↦ A): the variant's own model on the spike-and-bulk
    scores ("model"), uniform causal (Cesàro), isolating (A = I) or the sink 𝟏e₁ᵀ."""
    if kind == "model":
        return lambda T: Dense(variant.the_attention(spike_bulk_scores(T)))
    return {"uniform": Cesaro, "isolating": Identity, "sink": Sink}[kind]


def network_layers_of(variant: Variant, kind: str, T: int, depth: int) -> list[nw.NetworkLayer]:
    """The variant's network at T: its first ``depth`` layers under one attention pattern."""
    return nw.side_path_layers(variant.side_path, T, _attention(variant, kind), depth)


@functools.lru_cache(maxsize=1024)
def _side(variant: Variant, T: int, layer: tuple) -> tuple[np.ndarray, float]:
    gates = [gain(variant, T, b) for b in layer]
    S = sum((g * variant.the_kernel.operator(T, b).as_matrix() for g, b in zip(gates, layer)), np.zeros((T, T)))
    return S, float(sum(gates))


def layer_side(variant: Variant, T: int, layer: tuple) -> tuple[np.ndarray, float]:
    """Σ_b g(T, b)·K_b of one layer (dense, the kernel's own operator), and its summed gates G: the side operator the
    real-attention properties add to a pretrained head (their stored rows are keyed by its entries)."""
    return _side(variant, T, layer)


@functools.lru_cache(maxsize=4096)
def hypotheses(variant: Variant, T: int) -> str:
    """Why the network bounds (q_D, the causal ceiling) do not apply at T, or '' when they do: every gate finite
    and ≥ 0, every layer's kernel operator (the one the network applies) nonnegative, lower triangular, with row
    sums ≤ 1."""
    for layer in dict.fromkeys(network_bands(variant, T)):
        for b in layer:
            g = gain(variant, T, b)
            if not (math.isfinite(g) and g >= 0):
                return f"the gate gives g = {fmt(g)} at T = {T}, b = {b}: the network bounds need g >= 0"
            K = nw.kernel_operator(variant.the_kernel, T, b).as_matrix()
            tol = float_tolerance(T, 1.0)
            if K.min() < -tol:
                return f"the kernel has a negative weight at T = {T}, b = {b}: P_D is not a Markov matrix"
            if np.abs(np.triu(K, 1)).max(initial=0.0) > tol:
                return f"the kernel operator is not causal (lower triangular) at T = {T}, b = {b}"
            if K.sum(axis=1).max() > 1 + tol:
                return f"the kernel's rows sum to {fmt(K.sum(axis=1).max())} > 1 at T = {T}, b = {b}"
    return ""


def markov(variant: Variant, kind: str, T: int, depth: int) -> tuple[np.ndarray, list[float]]:
    """P_D (layer 0 acts first, so P_D = P_{D−1} ⋯ P_0) under one attention pattern as a dense matrix (the
    builder's matrix-free chain, column by column), and each layer's G_ℓ."""
    net = network_layers_of(variant, kind, T, depth)
    return nw.network_operator(net, markov=True).as_matrix(), [layer.gate for layer in net]


@functools.lru_cache(maxsize=4096)
def network_mu2(variant: Variant, kind: str, T: int, depth: int) -> tuple[float, float]:
    """μ₂(L(P_D)) of W = (P_D + P_Dᵀ)/2 (dense eigvalsh), and the causal ceiling T(1 − (P_D)_TT)/(2(T − 1))."""
    P, _ = markov(variant, kind, T, depth)
    mu = algebraic_connectivity(laplacian((P + P.T) / 2))
    return float(mu), T * (1 - P[-1, -1]) / (2 * (T - 1))


@functools.lru_cache(maxsize=4096)
def sink_stats(variant: Variant, T: int, depth: int) -> dict:
    """Under the sink at every layer: the escape 1 − min_i (P_D)_{i1}, q_D = Π(1 + G)/(2 + G), R_eff(P_D)."""
    P, gates = markov(variant, "sink", T, depth)
    return {
        "T": T,
        "D": depth,
        "escape": float(1 - P[:, 0].min()),
        "q_D": nw.sink_escape_probability(gates),
        "R_eff": r_eff(P),
    }


def r_eff(P: np.ndarray) -> float:
    """The stable rank ‖P‖_F²/‖P‖₂², ‖P‖₂² the top eigenvalue of PᵀP (one eigenvalue, not a full SVD)."""
    top = scipy.linalg.eigvalsh(P.T @ P, subset_by_index=[P.shape[0] - 1, P.shape[0] - 1])[0]
    return float(np.sum(P * P) / top)


def depth_cases(variant: Variant, Ts) -> list[tuple[int, int, str]]:
    """(T, D, label) for D = 2, 4 (where the schedule has that many layers at T) and full depth."""
    out = []
    for T in Ts:
        full = full_depth(variant, T)
        out += [(T, D, f"D = {D}") for D in FIXED_DEPTHS if D < full]
        out.append((T, full, "full depth"))
    return out


def _Ts(variant: Variant) -> list[int]:
    return [T for T in operator_Ts(variant) if T >= 3]


def _open(variant: Variant, Ts, what: str) -> Outcome | None:
    """An undecided outcome naming the first T at which the bounds' hypotheses fail, or None."""
    for T in Ts:
        why = hypotheses(variant, T)
        if why:
            return Outcome(
                Finding.UNDECIDED,
                [open_evidence(f"{what}: not applicable: {why}", method="dense-matrix", ranges=t_text(Ts))],
            )
    return None


def _mu2_tolerance(T: int) -> float:
    return float_tolerance(T, 4.0)  # ‖L(P_D)‖₂ ≤ 2·max degree ≤ 2, the product's rounding of the same order


def attention_kind(variant: Variant) -> str:
    """The attention network-connected runs: the variant's own model, or uniform causal attention without one."""
    return "model" if variant.attention is not None else "uniform"


def _attention_open(variant: Variant, Ts) -> str:
    """Why the variant's attention model cannot enter the Markov network at some T ('' when it can)."""
    if variant.attention is None:
        return ""
    for T in Ts:
        A = _attention(variant, "model")(T).as_matrix()
        if A.min() < -float_tolerance(T, 1.0):
            return f"the attention model {variant.the_attention.name} has a negative weight at T = {T}"
    return ""


@battery(
    "network-connected",
    says=(
        "has a connected composed network, mu2(L(P_D)) > 0 under its own attention model "
        "(uniform causal without one; D = 2, 4, full depth)"
    ),
    source="TRSP Eq. 8 (composed), App. C.1",
    needs=_NEEDS,
)
def check_network_connected(name: str, variant: Variant) -> Outcome:
    """μ₂ of the symmetrised Markov network under the variant's attention model at every layer (on the
    spike-and-bulk scores; uniform causal attention when the variant has none), above float error, and for causal
    attention under the causal ceiling T(1 − P_TT)/(2(T − 1)) every lower-triangular Markov matrix sits under."""
    Ts = _Ts(variant)
    undecided = _open(variant, Ts, f"{name}: the network")
    if undecided is not None:
        return undecided
    why = _attention_open(variant, Ts)
    if why:
        return Outcome(
            Finding.UNDECIDED,
            [open_evidence(f"{name}: not applicable: {why}", method="dense-matrix", ranges=t_text(Ts))],
        )
    kind = attention_kind(variant)
    pattern = (
        f"attention {variant.the_attention.name} on spike-and-bulk scores" if kind == "model" else "uniform causal"
    )
    causal = kind == "uniform" or variant.the_attention.causal
    cases = [
        {
            "T": T,
            "D": D,
            "depth": label,
            "mu2": network_mu2(variant, kind, T, D)[0],
            "ceiling": network_mu2(variant, kind, T, D)[1],
        }
        for T, D, label in depth_cases(variant, Ts)
    ]
    ranges = f"{t_text(Ts)}, D = 2, 4 and full depth, {pattern}"
    positive = grid_check(
        cases,
        lambda c: c["mu2"] - _mu2_tolerance(c["T"]),
        method="dense-eig",
        exact=False,
        ranges=ranges,
        what=f"{name}: μ₂(L(P_D)) above float error, {pattern}",
    )
    low = min(cases, key=lambda c: cast(float, c["mu2"]))
    positive = replace(positive, sharpest=f"min μ₂ = {fmt(low['mu2'])} at T = {low['T']}, {low['depth']}")
    if not causal:  # the ceiling bounds lower-triangular Markov matrices only
        return outcome_of(positive)
    ceiling = grid_check(
        cases,
        lambda c: c["ceiling"] - c["mu2"],
        method="dense-eig",
        exact=False,
        ranges=ranges,
        tolerance=lambda c: 2 * _mu2_tolerance(c["T"]),
        role="supports",
        what=f"{name}: the causal ceiling T(1 − (P_D)_TT)/(2(T − 1)) − μ₂",
        allowance="one eigvalsh within 10·T·eps·‖L‖₂, ‖L‖₂ ≤ 2, and P_TT's rounding below it",
    )
    return outcome_of(positive, ceiling)


# ---- the banded network under A = I: fixed depth to sizes.t_network

BAND_LIMIT = 256  # the widest kernel band the banded path takes; wider kernels stay dense, up to t_operator


def kernel_band(variant: Variant, T: int, b: int) -> np.ndarray | None:
    """K_b at T in lower banded storage, or None when wider than BAND_LIMIT (:func:`theory.network.kernel_band`)."""
    return nw.kernel_band(variant.the_kernel, T, b, BAND_LIMIT)


def _band_hypotheses(variant: Variant, T: int, bands) -> str:
    """The network bounds' hypotheses on the band (the dense :func:`hypotheses` at the sizes it reaches)."""
    for layer in bands:
        for b in layer:
            g = gain(variant, T, b)
            if not (math.isfinite(g) and g >= 0):
                return f"the gate gives g = {fmt(g)} at T = {T}, b = {b}: the network bounds need g >= 0"
            K = kernel_band(variant, T, b)
            assert K is not None  # the caller reads the band only where every kernel has one
            tol = float_tolerance(T, 1.0)
            if K.min(initial=0.0) < -tol:
                return f"the kernel has a negative weight at T = {T}, b = {b}: P_D is not a Markov matrix"
            sums = nw.band_row_sums(K)
            if sums.max() > 1 + tol:
                return f"the kernel's rows sum to {fmt(sums.max())} > 1 at T = {T}, b = {b}"
    return ""


@functools.lru_cache(maxsize=4096)
def banded_isolating_mu2(variant: Variant, T: int, depth: int) -> float | str | None:
    """μ₂(L(P_D)) under A = I from the band of P_D, read off the builder's matrix-free chain by comb probes (a product
    of banded lower-triangular factors, so P_D's lower bandwidth is the layers' summed reach and W = (P_D + P_Dᵀ)/2's
    half-bandwidth the same): the two lowest eigenvalues of the banded Laplacian (LAPACK's banded symmetric solver,
    scipy.linalg.eig_banded). None when a kernel is not banded; the reason, a string, when the network bounds'
    hypotheses fail at T."""
    bands = network_bands(variant, T)[:depth]
    if any(kernel_band(variant, T, b) is None for layer in bands for b in layer):
        return None
    why = _band_hypotheses(variant, T, bands)
    if why:
        return why
    net = network_layers_of(variant, "isolating", T, depth)
    P = nw.lower_band(nw.network_operator(net, markov=True), sum(layer.reach for layer in net))
    # L = diag(W𝟏) − W: W's off-diagonal entries are P's halved, its loops cancel
    ab = np.zeros_like(P)
    ab[0] = 0.5 * (nw.band_row_sums(P) - P[0] + P[1:].sum(axis=0))
    ab[1:] = -0.5 * P[1:]
    low = scipy.linalg.eig_banded(ab, lower=True, eigvals_only=True, select="i", select_range=(0, 1))
    return float(low[1])


def _fixed_mu2(variant: Variant, T: int, D: int) -> tuple[float | None, str]:
    """μ₂ at fixed depth under A = I and how it was computed ('band', 'dense'), or (None, why not)."""
    if T <= variant.sizes.t_operator:
        return network_mu2(variant, "isolating", T, D)[0], "dense"
    banded = banded_isolating_mu2(variant, T, D)
    if banded is None:
        return None, f"T = {T}: a kernel band wider than {BAND_LIMIT}, beyond the dense sizes (t_operator)"
    if isinstance(banded, str):
        return None, banded
    return banded, "band"


def _fixed_rates(name: str, variant: Variant, kind: str, pid: str) -> Outcome:
    """The rate of μ₂(L(P_D)) in T at each fixed depth D = 2, 4 (powers of 2 from 8), one rate for both: dense up
    to sizes.t_operator, from the band beyond, up to sizes.t_network (a kernel too wide for the band stops there)."""
    hi = variant.sizes.t_network
    Ts = [T for T in (2**m for m in range(3, hi.bit_length())) if T >= variant.t_range.start]
    outcomes, stopped = {}, ""
    for D in FIXED_DEPTHS:
        xs, ys = [], []
        for T in (T for T in Ts if full_depth(variant, T) >= D):
            mu, how = _fixed_mu2(variant, T, D)
            if mu is None:
                if not how.startswith("T = "):  # the hypotheses fail at T: the property is open
                    return Outcome(
                        Finding.UNDECIDED,
                        [open_evidence(f"{name}: not applicable: {how}", method="banded-eig", ranges=t_text(Ts))],
                    )
                stopped = stopped or how
                break
            xs.append(T)
            ys.append(mu)
        if len(xs) >= 3:
            outcomes[D] = rate_outcome(
                xs,
                ys,
                pid=pid,
                variant=variant,
                what=f"{name}: μ₂(L(P_D)) at D = {D}, isolating attention A = I",
                ranges=f"{t_text(xs)}, D = {D}; dense to T = {variant.sizes.t_operator}, banded beyond"
                + (f" (stopped: {stopped})" if stopped else ""),
            )
    if not outcomes:
        return Outcome(
            Finding.UNDECIDED,
            [
                open_evidence(
                    f"{name}: the schedule has fewer than 2 layers at most T of {t_text(Ts)}: no fixed-depth sweep",
                    ranges=t_text(Ts),
                )
            ],
        )
    # the guarantee must hold at each fixed depth; the report's rate is the depth where it has least room
    evidence = [e for o in outcomes.values() for e in o.evidence]
    failed = [o for o in outcomes.values() if o.kind is Finding.FAILS]
    readings = [o.reading for o in outcomes.values() if o.reading is not None]
    reading = min(readings, key=lambda r: r.margin) if readings else None
    return Outcome(Finding.FAILS if failed else Finding.HOLDS, evidence, reading)


@battery(
    "network-safety-net",
    says="keeps network mu2 from decaying faster than {rate} at fixed depth D = 2, 4 under isolating attention A = I",
    source="TRSP Prop. C.5 (composed network)",
    needs=_NEEDS,
    rate="1",
)
def check_network_safety_net(name: str, variant: Variant) -> Outcome:
    """Prop. C.5's net read on the composition: with A = I at every layer only the side path connects, and at a
    fixed depth its reach R is fixed, so μ₂ ≤ 6R²/(T² − 1) falls (trsp.network.fixed-depth-bound): the paper's
    Θ(1) fails there for a banded kernel."""
    undecided = _open(variant, _Ts(variant), f"{name}: the network")
    return undecided or _fixed_rates(name, variant, "isolating", "network-safety-net")


@battery(
    "network-safety-net-full-depth",
    says="keeps network mu2 from decaying faster than {rate} at full depth under isolating attention A = I",
    source="TRSP Prop. C.5 (composed network)",
    needs=_NEEDS,
    rate="1",
)
def check_network_safety_net_full_depth(name: str, variant: Variant) -> Outcome:
    """The same at full depth (every layer of the schedule at T): the epoch minima of μ₂(L(P_D))."""
    Ts = _Ts(variant)
    undecided = _open(variant, Ts, f"{name}: the network")
    if undecided is not None:
        return undecided
    y = [network_mu2(variant, "isolating", T, full_depth(variant, T))[0] for T in Ts]
    x, minima = binned(variant, Ts, y, np.min)
    return rate_outcome(
        x,
        minima,
        pid="network-safety-net-full-depth",
        variant=variant,
        ranges=t_text(Ts),
        what=f"{name}: epoch minima of μ₂(L(P_D)) at full depth, isolating attention A = I",
        advice=epoch_advice(variant, "t_operator", lambda hi: [T for T in operator_Ts(variant, hi) if T >= 3]),
    )


@battery(
    "network-escape",
    says="lets at most q_D = prod(1+g)/(2+g) of each row escape the sink (D = 2, 4, full depth)",
    source="TRSP App. D (trsp.network.mixing)",
    needs=_NEEDS,
)
def check_network_escape(name: str, variant: Variant) -> Outcome:
    """Under the sink 𝟏e₁ᵀ at every layer: 1 − min_i (P_D)_{i1} ≤ q_D from the variant's own gates (each layer
    sends ≥ 1/(2 + G_ℓ) of a row's mass to token 1, whose own row is e₁ in every factor)."""
    Ts = _Ts(variant)
    undecided = _open(variant, Ts, f"{name}: q_D")
    if undecided is not None:
        return undecided
    cases = [{**sink_stats(variant, T, D), "depth": label} for T, D, label in depth_cases(variant, Ts)]
    ev = grid_check(
        cases,
        lambda c: c["q_D"] - c["escape"],
        method="dense-matrix",
        exact=False,
        ranges=f"{t_text(Ts)}, D = 2, 4 and full depth",
        what=f"{name}: q_D − (1 − min_i (P_D)_(i1))",
        tolerance=lambda c: float_tolerance(c["T"] * c["D"], 1.0),
        allowance="D products of Markov matrices: each entry within T·eps per product, ≤ 10·T·D·eps in all",
    )
    last = max(cases, key=lambda c: (c["T"], c["D"]))
    return outcome_of(
        replace(
            ev, sharpest=f"escape {fmt(last['escape'])} <= q_D = {fmt(last['q_D'])} at T = {last['T']}, {last['depth']}"
        )
    )


@battery(
    "network-rank",
    says="keeps R_eff(N_D) <= 1 + (q_D/(1-q_D))^2 under the sink, falling towards 1 with depth",
    source="TRSP Thm C.8 (composed network), trsp.network.rank",
    needs=_NEEDS,
)
def check_network_rank(name: str, variant: Variant) -> Outcome:
    """R_eff of the Markov network (N_D's own when the kernel is row-stochastic: a constant row sum scales
    out) under the bound of :func:`theory.network.sink_rank_bound` wherever q_D ≤ 1/2, and its trend with
    depth at the largest T: R_eff at D = 2, 4 and full depth does not rise."""
    Ts = _Ts(variant)
    undecided = _open(variant, Ts, f"{name}: q_D")
    if undecided is not None:
        return undecided
    cases = [{**sink_stats(variant, T, D), "depth": label} for T, D, label in depth_cases(variant, Ts)]
    skipped = [c for c in cases if c["q_D"] > 0.5]
    cases = [{**c, "bound": 1 + (c["q_D"] / (1 - c["q_D"])) ** 2} for c in cases if c["q_D"] <= 0.5]
    if not cases:
        return Outcome(
            Finding.UNDECIDED,
            [
                open_evidence(
                    f"{name}: not applicable: q_D > 1/2 at every case (the gates are too large for the bound)",
                    ranges=t_text(Ts),
                )
            ],
        )
    ranges = f"{t_text(Ts)}, D = 2, 4 and full depth" + (
        f"; {len(skipped)} case(s) with q_D > 1/2 left out" if skipped else ""
    )
    ev = grid_check(
        cases,
        lambda c: c["bound"] - c["R_eff"],
        method="dense-eig",
        exact=False,
        ranges=ranges,
        what=f"{name}: 1 + (q_D/(1 − q_D))² − R_eff(P_D), sink attention",
        tolerance=lambda c: float_tolerance(c["T"], 2 * (np.sqrt(c["T"] * c["R_eff"]) + c["R_eff"])),
        allowance=(
            "R_eff = ‖P‖_F²/λ_max(PᵀP): ‖P‖_F² within T·eps relatively, λ_max within 10·T·eps·‖P‖₂², as for rank-floor"
        ),
    )
    T = max(c["T"] for c in cases)
    by_depth = [(c["depth"], c["R_eff"]) for c in sorted((c for c in cases if c["T"] == T), key=lambda c: c["D"])]
    values = [r for _, r in by_depth]
    rising = [i for i in range(1, len(values)) if values[i] > values[i - 1] + float_tolerance(T, 4 * values[i])]
    listing = ", ".join(f"{d}: {fmt(r)}" for d, r in by_depth)
    trend = Evidence(
        Status.REFUTED if rising else Status.VERIFIED,
        "dense-eig",
        f"{name}: R_eff with depth at T = {T}: {listing}" + (" (rises)" if rising else " (does not rise)"),
        ranges=f"T = {T}",
        role=Role.SUPPORTS,
        data={"T": T, "by_depth": dict(by_depth)},
        counterexample={"T": T, "by_depth": dict(by_depth)} if rising else None,
    )
    ev = replace(ev, sharpest=f"R_eff by depth at T = {T}: {listing}")
    return outcome_of(ev, trend)


__all__ = [
    "full_depth",
    "hypotheses",
    "layer_side",
    "markov",
    "network_bands",
    "network_layers_of",
    "network_mu2",
    "sink_stats",
]
