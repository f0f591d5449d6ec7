"""The battery's network properties: the composed network N_D = F_{D−1} ⋯ F_0 built from the variant's own
schedule, kernel and gate (theory/network.py builds the paper's; this module the variant's, densely).

Layer ℓ is F_ℓ = I + A_ℓ + Σ_{b ∈ layer ℓ} g(T, b)·K_b: sparse, one bandwidth b_ℓ per layer (the paper's
Eq. 8); dense, every offset of the schedule in each layer. P_D = Π_ℓ diag(F_ℓ𝟏)⁻¹F_ℓ is its Markov form: with a
row-stochastic kernel every F_ℓ has the constant row sums 2 + G_ℓ (G_ℓ the layer's summed gates), so P_D =
N_D/Π(2 + G_ℓ) exactly as in :mod:`theory.network`. Depth D = 2 and 4 are the first D layers of the schedule
at T (fixed when the model is built); full depth is every layer the schedule has at T (⌊log₂ T⌋ + 1 for the
dyadic one). Attention: ``network-connected`` runs the variant's own attention model on the project's
spike-and-bulk scores (:func:`theory.attention.spike_bulk_scores`, what the committed network-softmax sweep uses)
when the variant has one, uniform causal attention otherwise; the other properties use their worst-case test
patterns (isolating A = I, the sink 𝟏e₁ᵀ). Sizes: dense at every T the real operator sweeps (up to
``sizes.t_operator``); the fixed-depth safety net, whose network is banded under A = I, also at every power of 2
up to ``sizes.t_network`` (default 2^12) from the band (:func:`banded_isolating_mu2`).
"""

from __future__ import annotations

import functools
import math
from dataclasses import replace

import numpy as np
import scipy.linalg
import scipy.sparse

from specproof.checks.battery import trsp_checks  # noqa: F401  (the TRSP properties come first in the battery)
from specproof.checks.battery.battery import (
    Outcome,
    bands,
    battery,
    binned,
    declared_rate,
    gain,
    laplacian,
    operator_Ts,
    outcome_of,
    rate_outcome,
    t_text,
)
from specproof.checks.battery.model import Finding, Variant
from specproof.engine.methods import float_tolerance, fmt, grid_check, open_evidence
from specproof.engine.registry import Evidence, Status
from specproof.theory.attention import spike_bulk_scores
from specproof.theory.network import sink_escape_probability
from specproof.theory.spectral import algebraic_connectivity

FIXED_DEPTHS = (2, 4)
_NEEDS = {"schedule", "kernel"}


def network_bands(variant: Variant, T: int) -> list[tuple]:
    """The bandwidths of each layer of the network at T: one per layer (sparse, duplicates kept: a constant
    schedule stacks its layers), all of the schedule's offsets in each of its layers (dense)."""
    offsets = bands(variant, T)
    return [offsets] * len(offsets) if variant.layout == "dense" else [(b,) for b in offsets]


def full_depth(variant: Variant, T: int) -> int:
    return len(network_bands(variant, T))


def _attention(variant: Variant, kind: str, T: int) -> np.ndarray:
    if kind == "model":  # the variant's own attention model on the spike-and-bulk scores
        return variant.attention(spike_bulk_scores(T))
    if kind == "uniform":
        return np.tril(np.ones((T, T))) / np.arange(1, T + 1)[:, None]
    if kind == "isolating":
        return np.eye(T)
    A = np.zeros((T, T))
    A[:, 0] = 1.0  # the sink 𝟏e₁ᵀ
    return A


@functools.lru_cache(maxsize=1024)
def _side(variant: Variant, T: int, layer: tuple) -> tuple[np.ndarray, float]:
    """Σ_b g(T, b)·K_b of one layer, and G = Σ_b g(T, b)."""
    gates = [gain(variant, T, b) for b in layer]
    S = sum(g * variant.kernel.operator(T, b).as_matrix() for g, b in zip(gates, layer))
    return S, float(sum(gates))


def layer_side(variant: Variant, T: int, layer: tuple) -> tuple[np.ndarray, float]:
    """Σ_b g(T, b)·K_b of one layer of the network (dense), and its summed gates G."""
    return _side(variant, T, layer)


@functools.lru_cache(maxsize=4096)
def hypotheses(variant: Variant, T: int) -> str:
    """Why the network bounds (q_D, the causal ceiling) do not apply at T, or '' when they do: every gate finite
    and ≥ 0, every layer's kernel operator nonnegative, lower triangular, with row sums ≤ 1."""
    for layer in dict.fromkeys(network_bands(variant, T)):
        for b in layer:
            g = gain(variant, T, b)
            if not (math.isfinite(g) and g >= 0):
                return f"the gate gives g = {fmt(g)} at T = {T}, b = {b}: the network bounds need g >= 0"
            K = variant.kernel.operator(T, b).as_matrix()
            tol = float_tolerance(T, 1.0)
            if K.min() < -tol:
                return f"the kernel has a negative weight at T = {T}, b = {b}: P_D is not a Markov matrix"
            if np.abs(np.triu(K, 1)).max(initial=0.0) > tol:
                return f"the kernel operator is not causal (lower triangular) at T = {T}, b = {b}"
            if K.sum(axis=1).max() > 1 + tol:
                return f"the kernel's rows sum to {fmt(K.sum(axis=1).max())} > 1 at T = {T}, b = {b}"
    return ""


def markov(variant: Variant, kind: str, T: int, depth: int) -> tuple[np.ndarray, list[float]]:
    """P_D (layer 0 acts first, so P_D = P_{D−1} ⋯ P_0) under one attention pattern, and each layer's G_ℓ."""
    A = _attention(variant, kind, T)
    P, gates = np.eye(T), []
    for layer in network_bands(variant, T)[:depth]:
        S, G = _side(variant, T, layer)
        F = np.eye(T) + A + S
        P = (F / F.sum(axis=1, keepdims=True)) @ P
        gates.append(G)
    return P, gates


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
        "q_D": sink_escape_probability(gates),
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
        A = _attention(variant, "model", T)
        if A.min() < -float_tolerance(T, 1.0):
            return f"the attention model {variant.attention.name} has a negative weight at T = {T}"
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
    pattern = f"attention {variant.attention.name} on spike-and-bulk scores" if kind == "model" else "uniform causal"
    causal = kind == "uniform" or variant.attention.causal
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
    low = min(cases, key=lambda c: c["mu2"])
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


@functools.lru_cache(maxsize=4096)
def kernel_band(variant: Variant, T: int, b: int):
    """K_b at T as a sparse matrix read off its band (w + 1 probe vectors, w = len(h_b) − 1: row i meets one column
    of each residue class mod w + 1 within its band), or None when the band is wider than BAND_LIMIT or the
    operator has entries outside it (checked on one random vector against the operator itself)."""
    w = variant.kernel.float_weights(b).size - 1
    if w > BAND_LIMIT:
        return None
    op = variant.kernel.operator(T, b)
    m = min(w + 1, T)
    probes = np.zeros((T, m))
    probes[np.arange(T), np.arange(T) % m] = 1.0
    Y = op.mv(probes)
    rows, cols, vals = [], [], []
    for k in range(min(w, T - 1) + 1):  # the k-th subdiagonal K[i, i − k]
        i = np.arange(k, T)
        rows.append(i)
        cols.append(i - k)
        vals.append(Y[i, (i - k) % m])
    K = scipy.sparse.csr_matrix(
        (np.concatenate(vals), (np.concatenate(rows), np.concatenate(cols))), shape=(T, T), dtype=np.float64
    )
    r = np.random.default_rng(T * 7919 + b).standard_normal(T)
    scale = float(np.abs(K).sum(axis=1).max()) * float(np.abs(r).max())
    if np.abs(K @ r - op.mv(r)).max() > float_tolerance(T, scale):
        return None
    return K


def _band_hypotheses(variant: Variant, T: int, layers) -> str:
    """The network bounds' hypotheses on the band (the dense :func:`hypotheses` at the sizes it reaches)."""
    for layer in layers:
        for b in layer:
            g = gain(variant, T, b)
            if not (math.isfinite(g) and g >= 0):
                return f"the gate gives g = {fmt(g)} at T = {T}, b = {b}: the network bounds need g >= 0"
            K = kernel_band(variant, T, b)
            tol = float_tolerance(T, 1.0)
            if K.data.min(initial=0.0) < -tol:
                return f"the kernel has a negative weight at T = {T}, b = {b}: P_D is not a Markov matrix"
            if K.sum(axis=1).max() > 1 + tol:
                return f"the kernel's rows sum to {fmt(K.sum(axis=1).max())} > 1 at T = {T}, b = {b}"
    return ""


@functools.lru_cache(maxsize=4096)
def banded_isolating_mu2(variant: Variant, T: int, depth: int) -> float | str | None:
    """μ₂(L(P_D)) under A = I from the band of P_D (a product of banded lower-triangular factors, so W = (P_D +
    P_Dᵀ)/2 has half-bandwidth the summed reach): the two lowest eigenvalues of the banded Laplacian (LAPACK's
    banded symmetric solver, scipy.linalg.eig_banded). None when a kernel is not banded; the reason, a string,
    when the network bounds' hypotheses fail at T."""
    layers = network_bands(variant, T)[:depth]
    if any(kernel_band(variant, T, b) is None for layer in layers for b in layer):
        return None
    why = _band_hypotheses(variant, T, layers)
    if why:
        return why
    eye = scipy.sparse.identity(T, format="csr")
    P = eye
    for layer in layers:
        F = 2.0 * eye + sum(gain(variant, T, b) * kernel_band(variant, T, b) for b in layer)
        F = scipy.sparse.diags(1.0 / np.asarray(F.sum(axis=1)).ravel()) @ F
        P = (F @ P).tocsr()
    W = ((P + P.T) / 2).tocoo()
    reach = int(np.abs(W.row - W.col).max(initial=0))
    L = (scipy.sparse.diags(np.asarray(W.sum(axis=1)).ravel()) - W).tocsr()
    band = np.zeros((reach + 1, T))
    for k in range(reach + 1):
        band[k, : T - k] = L.diagonal(-k)
    low = scipy.linalg.eig_banded(band, lower=True, eigvals_only=True, select="i", select_range=(0, 1))
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
                variable="T",
                what=f"{name}: μ₂(L(P_D)) at D = {D}, isolating attention A = I",
                ranges=f"{t_text(xs)}, D = {D}; dense to T = {variant.sizes.t_operator}, banded beyond"
                + (f" (stopped: {stopped})" if stopped else ""),
                declared=declared_rate(variant, pid),
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
    evidence = [e for o in outcomes.values() for e in o.evidence]
    failed = [o for o in outcomes.values() if o.kind is Finding.FAILS]
    if failed:
        return Outcome(Finding.FAILS, evidence)
    rates = {D: o.rate for D, o in outcomes.items()}
    if len(set(rates.values())) > 1:
        listing = ", ".join(f"rate {r} at D = {D}" for D, r in rates.items())
        evidence.append(
            Evidence(
                Status.REFUTED,
                "sweep-fit",
                f"{name}: no single fixed-depth rate: {listing}",
                ranges=t_text(Ts),
                counterexample={"rates": {str(D): r for D, r in rates.items()}},
            )
        )
        return Outcome(Finding.FAILS, evidence)
    return Outcome(Finding.RATE, evidence, next(iter(rates.values())))


@battery(
    "network-safety-net",
    says="keeps network mu2 of order {rate} at fixed depth D = 2, 4 under isolating attention A = I (safety net)",
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
    says="keeps network mu2 of order {rate} at full depth under isolating attention A = I (safety net)",
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
        variable="T",
        ranges=t_text(Ts),
        declared=declared_rate(variant, "network-safety-net-full-depth"),
        what=f"{name}: epoch minima of μ₂(L(P_D)) at full depth, isolating attention A = I",
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
        role="supports",
        data={"T": T, "by_depth": dict(by_depth)},
        counterexample={"T": T, "by_depth": dict(by_depth)} if rising else None,
    )
    ev = replace(ev, sharpest=f"R_eff by depth at T = {T}: {listing}")
    return outcome_of(ev, trend)


__all__ = ["full_depth", "hypotheses", "layer_side", "markov", "network_bands", "network_mu2", "sink_stats"]
