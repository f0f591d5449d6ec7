"""The battery's TRSP properties: the Cayley skeleton (closed form at every T), the real operator
(dense), the kernel, the gate, the safety net and the rank floor under a sink."""

from __future__ import annotations

import functools
from dataclasses import dataclass, replace
from fractions import Fraction

import numpy as np
from hypothesis import strategies as st
from scipy.sparse.csgraph import connected_components

from specproof.checks.battery.battery import (
    Outcome,
    bands,
    bands_at_layers,
    battery,
    binned,
    epoch_advice,
    gain,
    kernel_bs,
    laplacian,
    operator_hi,
    operator_Ts,
    outcome_of,
    rate_outcome,
    side_weights,
    size_advice,
    t_text,
)
from specproof.checks.battery.model import Variant
from specproof.engine import strategies as sst
from specproof.engine.methods import float_tolerance, fmt, grid_check, property_search
from specproof.engine.registry import Context, Evidence, Status
from specproof.theory import kernels as tk
from specproof.theory import schedules as ts
from specproof.theory.cayley import cayley_degree, cayley_laplacian_spectrum
from specproof.theory.spectral import algebraic_connectivity, normalized_gap, stable_rank


def _sweep_Ts(variant: Variant, size: str):
    """The T a sweep up to ``size`` = value meets: every T of the range (t_max, the skeleton), or the operator's."""
    if size == "t_max":
        return lambda value: range(variant.t_range.start, value + 1)
    return lambda value: operator_Ts(variant, value)


def _epoch_rate(variant: Variant, pid: str, T, y, pick, *, what: str, ranges: str, size: str) -> Outcome:
    """The rate of y's extreme over each epoch of the schedule (``pick``: np.min or np.max); too few epochs in the
    sweep up to ``[sizes] <size>``: open, naming the value it needs."""
    x, extremes = binned(variant, T, y, pick)
    return rate_outcome(
        x,
        extremes,
        pid=pid,
        variant=variant,
        what=what,
        ranges=ranges,
        advice=epoch_advice(variant, size, _sweep_Ts(variant, size)),
    )


# ---- the skeleton, in closed form at every T


@dataclass(frozen=True)
class _SkeletonSweep:
    T: np.ndarray
    mu2: np.ndarray
    mode: np.ndarray  # the Fourier mode k attaining μ₂
    degree: np.ndarray  # r = 2|S| (multigraph, Eq. 9)
    depth: np.ndarray


@functools.lru_cache(maxsize=16)
def _skeleton(variant: Variant) -> _SkeletonSweep:
    rows = []
    for T in variant.t_range:
        gens = bands(variant, T)
        mu = cayley_laplacian_spectrum(T, gens, k=np.arange(1, T))
        k = int(np.argmin(mu))
        rows.append((T, mu[k], k + 1, cayley_degree(T, gens), len(gens)))
    Ts, mu2, mode, degree, depth = map(np.array, zip(*rows))
    return _SkeletonSweep(Ts, mu2.astype(float), mode, degree, depth)


@battery(
    "skeleton-connected",
    says="has a connected skeleton Cay(Z_T, +-b_l) at every T",
    source="TRSP Thm C.1",
    needs={"schedule"},
)
def check_skeleton_connected(name: str, variant: Variant) -> Outcome:
    cases = ({"T": T, "bandwidths": list(bands(variant, T))} for T in variant.t_range)
    return outcome_of(
        grid_check(
            cases,
            lambda c: 1 - ts.cayley_component_count(c["T"], c["bandwidths"]),
            what=f"{name}: 1 − #components of Cay(Z_T, ±b_l) = 1 − gcd(T, b_0, ..)",
            method="exact-integer",
            exact=True,
            ranges=t_text(variant.t_range),
        )
    )


@battery(
    "layer-connected",
    says="has a connected skeleton within every single layer",
    source="TRSP App. C.3.3",
    needs={"schedule"},
)
def check_layer_connected(name: str, variant: Variant) -> Outcome:
    cases = (
        {"T": T, "layer_bandwidths": list(layer)} for T in variant.t_range for layer in bands_at_layers(variant, T)
    )
    return outcome_of(
        grid_check(
            cases,
            lambda c: 1 - ts.cayley_component_count(c["T"], c["layer_bandwidths"]),
            what=f"{name}: 1 − #components of one layer's Cay(Z_T, ±b) ({variant.layout} layout)",
            method="exact-integer",
            exact=True,
            ranges=t_text(variant.t_range) + ", every layer",
        )
    )


@battery(
    "skeleton-mu2-floor",
    says="keeps the skeleton's mu2 >= {floor} at every T",
    source="TRSP Thm C.6",
    needs={"schedule"},
)
def check_skeleton_mu2_floor(name: str, variant: Variant) -> Outcome:
    sk = _skeleton(variant)
    cases = [
        {"T": int(T), "k": int(k), "mu2": float(mu), "degree": int(r)}
        for T, k, mu, r in zip(sk.T, sk.mode, sk.mu2, sk.degree)
    ]
    ev = grid_check(
        cases,
        lambda c: c["mu2"] - variant.mu2_floor,
        what=f"{name}: μ₂(skeleton) − {fmt(variant.mu2_floor)} (Eq. 9)",
        method="closed-form",
        exact=False,
        ranges=t_text(variant.t_range),
        tolerance=lambda c: float_tolerance(c["degree"], 4 * c["degree"]),
        allowance=(
            "μ_k (≤ 2r) sums ≤ r terms w·2sin²(πgk/T), angle reduced exactly: each within 8·eps relatively, the sum "
            "adds ≤ r·eps·2r: ≤ (16r + 2r²)·eps ≤ 10·r·eps·4r (r the degree)"
        ),
    )
    return outcome_of(replace(ev, sharpest=f"min μ₂ = {fmt(sk.mu2.min())} at T = {int(sk.T[np.argmin(sk.mu2)])}"))


@battery(
    "skeleton-mu2-rate",
    says="keeps the skeleton's mu2 from decaying faster than {rate} in T (epoch minima)",
    source="TRSP Eq. 10",
    needs={"schedule"},
    rate="1",
)
def check_skeleton_mu2_rate(name: str, variant: Variant) -> Outcome:
    sk = _skeleton(variant)
    return _epoch_rate(
        variant,
        "skeleton-mu2-rate",
        sk.T,
        sk.mu2,
        np.min,
        what=f"{name}: epoch minima of μ₂(skeleton)",
        ranges=t_text(variant.t_range),
        size="t_max",
    )


@battery(
    "skeleton-gap-rate",
    says="keeps the skeleton's normalised gap from decaying faster than {rate} (epoch minima)",
    source="TRSP Eq. 11",
    needs={"schedule"},
    rate="1/log T",
)
def check_skeleton_gap_rate(name: str, variant: Variant) -> Outcome:
    sk = _skeleton(variant)  # γ = μ₂/r on the r-regular skeleton
    return _epoch_rate(
        variant,
        "skeleton-gap-rate",
        sk.T,
        sk.mu2 / sk.degree,
        np.min,
        what=f"{name}: epoch minima of γ = μ₂/r (skeleton)",
        ranges=t_text(variant.t_range),
        size="t_max",
    )


@battery(
    "depth-contraction",
    says="contracts by a factor bounded away from 1 over its depth: 1 - (1-gamma)^D >= {rate} (epoch minima)",
    source="TRSP App. C.3.3",
    needs={"schedule"},
    rate="1",
    when=lambda v: v.layout == "dense",
    when_text="dense layout only",
)
def check_depth_contraction(name: str, variant: Variant) -> Outcome:
    """App. C.3.3: each dense layer carries the whole skeleton, so D layers contract by (1 − γ)^D = Θ(1): the amount
    contracted, 1 − (1 − γ)^D, stays bounded below (the factor stays away from 1)."""
    sk = _skeleton(variant)  # the weakest contraction per epoch
    return _epoch_rate(
        variant,
        "depth-contraction",
        sk.T,
        1.0 - (1.0 - sk.mu2 / sk.degree) ** sk.depth,
        np.min,
        what=f"{name}: epoch minima of 1 − (1 − γ)^D, D = number of layers",
        ranges=t_text(variant.t_range),
        size="t_max",
    )


# ---- the real operator: the symmetrised superposition of the layers' causal filters, dense


@dataclass(frozen=True)
class _OperatorSweep:
    T: np.ndarray
    mu2: np.ndarray
    gap: np.ndarray
    components: np.ndarray


@functools.lru_cache(maxsize=16)
def _operator(variant: Variant) -> _OperatorSweep:
    rows = []
    for T in operator_Ts(variant):
        W = side_weights(variant, T)
        support = (W - np.diag(np.diag(W))) != 0  # self-loops do not connect
        n_comp = connected_components(support, directed=False)[0]
        degrees_positive = bool(np.all(W.sum(axis=1) > 0))
        rows.append(
            (T, algebraic_connectivity(laplacian(W)), normalized_gap(W) if degrees_positive else np.nan, n_comp)
        )
    Ts, mu2, gap, comp = map(np.array, zip(*rows))
    return _OperatorSweep(Ts, mu2.astype(float), gap.astype(float), comp)


@battery(
    "operator-connected",
    says="has a connected real operator at every T",
    source="TRSP App. C.1",
    needs={"schedule", "kernel"},
)
def check_operator_connected(name: str, variant: Variant) -> Outcome:
    """The real operator, not its skeleton: the support of the symmetrised causal filters, every layer summed."""
    op = _operator(variant)
    cases = [{"T": int(T), "components": int(c), "mu2": float(mu)} for T, c, mu in zip(op.T, op.components, op.mu2)]
    ev = grid_check(
        cases,
        lambda c: 1 - c["components"],
        method="graph-search",
        exact=False,
        ranges=t_text(op.T),
        what=f"{name}: 1 − #components of the support of (M + Mᵀ)/2, M = Σ_l K_(b_l)",
    )
    return outcome_of(replace(ev, sharpest=f"min μ₂ = {fmt(op.mu2.min())} at T = {int(op.T[np.argmin(op.mu2)])}"))


@battery(
    "operator-mu2-rate",
    says="keeps the real operator's mu2 from decaying faster than {rate} in T (epoch minima)",
    source="TRSP App. C.3 (real operator)",
    needs={"schedule", "kernel"},
    rate="1",
)
def check_operator_mu2_rate(name: str, variant: Variant) -> Outcome:
    op = _operator(variant)
    return _epoch_rate(
        variant,
        "operator-mu2-rate",
        op.T,
        op.mu2,
        np.min,
        what=f"{name}: epoch minima of μ₂ of the real operator (dense eigvalsh)",
        ranges=t_text(op.T),
        size="t_operator",
    )


@battery(
    "operator-gap-rate",
    says="keeps the real operator's normalised gap from decaying faster than {rate} (epoch minima)",
    source="TRSP Eq. 11 (real operator)",
    needs={"schedule", "kernel"},
    rate="1/log T",
)
def check_operator_gap_rate(name: str, variant: Variant) -> Outcome:
    op = _operator(variant)
    return _epoch_rate(
        variant,
        "operator-gap-rate",
        op.T,
        op.gap,
        np.min,
        what=f"{name}: epoch minima of the real operator's normalised gap λ₂(I − D⁻¹W)",
        ranges=t_text(op.T),
        size="t_operator",
    )


# ---- the kernel


def _exact(weights) -> bool:
    return all(isinstance(w, (int, Fraction)) and not isinstance(w, bool) for w in weights)


def _kernel_check(name: str, variant: Variant, margin, what: str, tolerance, allowance: str = "") -> Evidence:
    """A kernel property at every b: exact (certified) when the kernel gives ints/Fractions, else float."""
    weights = {b: list(variant.the_kernel.weights(b)) for b in kernel_bs(variant)}
    exact = all(_exact(w) for w in weights.values())
    cases = [{"b": b, "value": str(margin(w)) if exact else float(margin(w))} for b, w in weights.items()]
    return grid_check(
        cases,
        lambda c: margin(weights[c["b"]]),
        what=f"{name}: {what}",
        exact=exact,
        method="exact-fraction" if exact else "float-grid",
        ranges=t_text(weights, "b"),
        tolerance=lambda c: 0.0 if exact else tolerance(np.asarray(weights[c["b"]], float)),
        allowance=allowance,
    )


@battery("kernel-sum", says="has kernel weights summing to 1", source="TRSP Eq. 4", needs={"kernel"})
def check_kernel_sum(name: str, variant: Variant) -> Outcome:
    # a float sum of m terms is off by at most m·eps·Σ|h|
    return outcome_of(
        _kernel_check(
            name,
            variant,
            lambda w: -abs(sum(w) - 1),
            "−|Σ_r h_b(r) − 1|",
            lambda h: float_tolerance(h.size, np.abs(h).sum(), factor=1.0),
            "Σ_r h_b(r) of n floats: recursive summation within (n − 1)·eps·Σ|h_r| (Higham §4.2), rounding "
            "each weight to float eps·Σ|h_r| more: n·eps·Σ|h_r|",
        )
    )


@battery("kernel-nonnegative", says="has nonnegative kernel weights", source="TRSP Eq. 4", needs={"kernel"})
def check_kernel_nonnegative(name: str, variant: Variant) -> Outcome:
    return outcome_of(_kernel_check(name, variant, min, "min_r h_b(r)", lambda h: 0.0))


@battery(
    "kernel-energy-rate",
    says="has kernel energy ||h_b||^2 falling at least as fast as {rate}",
    source="TRSP Eq. 13",
    needs={"kernel"},
    rate="1/b",
    variable="b",
    guarantee="upper",
    when=lambda v: v.kernel.bandwidths is None,
    when_text="not for explicit kernels: no sweep over b",
)
def check_kernel_energy_rate(name: str, variant: Variant) -> Outcome:
    bs = [2**m for m in range(1, variant.sizes.b_max.bit_length()) if 2**m <= variant.sizes.b_max]
    energy = [tk.kernel_energy(variant.the_kernel.float_weights(b)) for b in bs]
    return rate_outcome(
        bs,
        energy,
        pid="kernel-energy-rate",
        variant=variant,
        what=f"{name}: E_b = ||h_b||^2",
        ranges=f"b = 2..{bs[-1]} (powers of 2)",
        advice=lambda: size_advice(variant, "b_max", lambda v: v.bit_length() - 1),  # b = 2, 4, .. up to v
    )


# ---- the gate


@battery("gate-range", says="keeps its gate strictly inside (0, 1)", source="TRSP Eq. 7", needs={"gate"})
def check_gate_range(name: str, variant: Variant) -> Outcome:
    Ts = sorted(set(operator_Ts(variant)) | {2**m for m in range(1, 31) if 2**m in variant.t_range})
    cases = [{"T": T, "b": b, "g": gain(variant, T, b)} for T in Ts for b in dict.fromkeys(bands(variant, T))]
    ev = grid_check(
        cases,
        lambda c: min(c["g"], 1.0 - c["g"]),
        what=f"{name}: min(g, 1 − g) over every layer",
        method="float-grid",
        exact=False,
        ranges=t_text(Ts) + ", every layer's bandwidth",
    )
    if ev.status is not Status.REFUTED and ev.worst_margin is not None and ev.worst_margin <= 0:  # (0, 1) is open
        worst = ev.data["worst_case"]
        ev = Evidence(
            Status.REFUTED,
            "float-grid",
            f"{name}: g = {fmt(worst['g'])} touches the boundary of (0, 1)",
            ranges=ev.ranges,
            worst_margin=ev.worst_margin,
            counterexample={"input": worst, "margin": ev.worst_margin},
        )
    return outcome_of(ev)


# ---- the safety net and the rank floor


def _safety_Ts(variant: Variant) -> list[int]:
    """The small T the safety net is checked at: a spread of residues below 33 where the variant's range reaches
    them, else its three smallest T (a schedule whose first T is larger, e.g. bandwidths [1, 5, 25, 125])."""
    Ts = [T for T in (4, 5, 7, 8, 9, 12, 16, 17, 24, 32) if T in variant.t_range]
    return Ts or list(variant.t_range[:3])


@functools.lru_cache(maxsize=64)
def _side(variant: Variant, T: int) -> tuple[np.ndarray, float]:
    L = laplacian(side_weights(variant, T))
    return L, algebraic_connectivity(L)


@battery(
    "safety-net",
    says="keeps mu2 >= g*mu2(L_side) > 0 under any attention (safety net)",
    source="TRSP Prop. C.5",
    needs={"schedule", "kernel"},
)
def check_safety_net(name: str, variant: Variant) -> Outcome:
    """Prop. C.5 with L_side the Laplacian of the superposed real operator and g each layer's gate:
    μ₂(L_attn + g·L_side) ≥ g·μ₂(L_side) for structured attention patterns (and the variant's own
    attention model), and the net g·μ₂(L_side) itself positive."""
    Ts = _safety_Ts(variant)

    def patterns(T):
        attention = sst.row_stochastic(T)
        if variant.attention is not None:
            attention = st.one_of(attention, sst.score_vectors(T, T).map(variant.attention))
        return st.tuples(st.just(T), st.integers(0, len(bands(variant, T)) - 1), attention)

    def parts(value):
        T, layer, A = value
        W = (A + A.T) / 2
        L_side, mu_side = _side(variant, T)
        return gain(variant, T, bands(variant, T)[layer]), laplacian(W), L_side, mu_side

    def margin(value):
        g, L_attn, L_side, mu_side = parts(value)
        return algebraic_connectivity(L_attn + g * L_side) - g * mu_side

    def tolerance(value):
        g, L_attn, L_side, _ = parts(value)
        return 2 * float_tolerance(value[0], np.abs(L_attn).sum(axis=1).max() + g * np.abs(L_side).sum(axis=1).max())

    search = property_search(
        st.sampled_from(Ts).flatmap(patterns),
        margin,
        ctx=Context(),
        what=f"{name}: μ₂(L_attn + g·L_side) − g·μ₂(L_side)",
        examples=variant.sizes.examples,
        tolerance=tolerance,
        ranges=f"{t_text(Ts)}, every layer's gate, structured attention patterns",
        allowance=(
            "two eigvalsh (L_attn + g·L_side, and L_side for μ₂ scaled by g), each within 10·T·eps·‖·‖₂ ≤ "
            "10·T·eps·(‖L_attn‖∞ + g‖L_side‖∞), ‖·‖₂ ≤ ‖·‖∞ for symmetric matrices"
        ),
    )
    floors = [
        {"T": T, "layer": layer, "g": gain(variant, T, b), "mu2_side": _side(variant, T)[1]}
        for T in Ts
        for layer, b in enumerate(bands(variant, T))
    ]
    # the net exists when g·μ₂(L_side) clears the eigensolver's error
    net = grid_check(
        floors,
        lambda c: c["g"] * c["mu2_side"] - float_tolerance(c["T"], 4 * len(bands(variant, c["T"]))),
        what=f"{name}: the net g·μ₂(L_side) above float error",
        method="dense-eig",
        exact=False,
        ranges=f"{t_text(Ts)}, every layer",
    )
    return outcome_of(search, net)


def _stable_rank_with_sink(variant: Variant, T: int, b: int, g: float) -> float:
    """R_eff(ℳ) = srank(I + 𝟏e₁ᵀ + g·K_b), the composite of TRSP Eq. 8 under a rank-one sink."""
    M = np.eye(T) + g * variant.the_kernel.operator(T, b).as_matrix()
    M[:, 0] += 1.0
    return stable_rank(M)


@battery(
    "rank-floor",
    says="keeps R_eff >= 1 + g^2 E_b under a rank-one sink",
    source="TRSP Thm C.8",
    needs={"schedule", "kernel"},
    when=lambda v: v.layout == "sparse",
    when_text="sparse layout only",
)
def check_rank_floor(name: str, variant: Variant) -> Outcome:
    """Thm C.8 at the proximal layers (the first three bandwidths): ℳ = I + 𝟏e₁ᵀ + g·K_b, R_eff ≥ 1 + g²E_b.

    Dense layers mix every bandwidth, so no layer is proximal and the property does not apply.
    """
    hi = operator_hi(variant)
    proximal = list(dict.fromkeys(bands(variant, hi)))[:3]
    cases = []
    for b in proximal:
        energy = tk.kernel_energy(variant.the_kernel.float_weights(b))
        for T in (2**m for m in range(4, hi.bit_length())):
            if T in variant.t_range and b <= T:
                g = gain(variant, T, b)
                cases.append({"T": T, "b": b, "g": g, "E_b": energy, "R_eff": _stable_rank_with_sink(variant, T, b, g)})
    ev = grid_check(
        cases,
        lambda c: c["R_eff"] - (1 + c["g"] ** 2 * c["E_b"]),
        what=f"{name}: R_eff − (1 + g²E_b)",
        method="dense-svd",
        exact=False,
        ranges=f"proximal b in {proximal}, T = 16..{hi} (powers of 2)",
        tolerance=lambda c: float_tolerance(c["T"], 2 * (np.sqrt(c["T"] * c["R_eff"]) + c["R_eff"])),
        allowance=(
            "R_eff = Σσ̂_i²/σ̂₁² from one SVD: Σσ̂_i² = ‖ℳ + E‖_F², ‖E‖_F ≤ √T·10·T·eps·σ₁, so off by ≤ "
            "2·10·T·eps·√(T·R_eff); σ̂₁² by 2·10·T·eps·R_eff"
        ),
    )
    if cases:
        last = max(cases, key=lambda c: (c["T"], -c["b"]))
        bound = 1 + last["g"] ** 2 * last["E_b"]
        ev = replace(
            ev, sharpest=f"R_eff = {fmt(last['R_eff'])} at T = {last['T']}, b = {last['b']} (bound {fmt(bound)})"
        )
    return outcome_of(ev)
