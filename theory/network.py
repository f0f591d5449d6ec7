"""The operator a whole TRSP network applies to one channel: the layers composed, not superposed.

Layer ℓ maps X ↦ (I + A_ℓ + g_ℓ M_tri^{(b_ℓ)}) X (TRSP Eq. 6/8), so a network of depth D computes

    N_D = F_{D−1} ⋯ F_1 F_0,   F_ℓ = I + A_ℓ + g_ℓ M_tri^{(b_ℓ)},   b_ℓ = min(2^ℓ, T) (Eq. 5),

with g_ℓ the long-context gate of Eq. 7 at r_ℓ = b_ℓ/T. D is fixed when the model is built while T grows
at inference. App. C analyses the superposition Σ_ℓ M_tri^{(b_ℓ)}; this module builds the product as a
chain of the O(T) matvecs of :mod:`theory.operators` (cost O(T·D) per matvec), never as a matrix.

Every F_ℓ is nonnegative with row sums 2 + g_ℓ (A_ℓ and M_tri are row-stochastic), so N_D has constant
row sums c_D = Π_ℓ (2 + g_ℓ) and its row-normalised (Markov) form is exactly P_D = N_D / c_D =
Π_ℓ F_ℓ/(2 + g_ℓ): a product of Markov matrices, the object of App. D. Laplacians are linear in the
weights, so L(N_D) = c_D·L(P_D) and the normalised gap of the two is the same.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import reduce
from typing import Callable

import numpy as np

from specproof.theory import filters
from specproof.theory.operators import (
    Cesaro,
    Composed,
    Identity,
    Laplacian,
    Operator,
    Scaled,
    Sink,
    SoftmaxAttention,
    Sum,
    TriBox,
)
from specproof.theory.validate import InputError, positive_int


@dataclass(frozen=True)
class NetworkLayer:
    """One layer's data: its attention pattern A_ℓ (row-stochastic), gate g_ℓ and triBox bandwidth b_ℓ."""

    attention: Operator
    gate: float
    bandwidth: int

    def operator(self, markov: bool = False) -> Operator:
        """F_ℓ = I + A_ℓ + g_ℓ M_tri^{(b_ℓ)} (Eq. 8), or F_ℓ/(2 + g_ℓ) with ``markov``."""
        T = self.attention.n
        F = Sum((Identity(T), self.attention, Scaled(TriBox(T, self.bandwidth), self.gate)))
        return Scaled(F, 1.0 / (2.0 + self.gate)) if markov else F


def default_gate() -> Callable[[int, int], float]:
    """The gate of Eq. 7 as the project reconstructs it (MLP 1→16→1, tanh, seed 0, β = 0): (T, b) ↦ g."""
    from specproof.theory.gate import LongContextGate, gate_value  # torch only when a gate is built

    params = LongContextGate(hidden=16, seed=0).params()
    return lambda T, b: float(gate_value(b / T, params))


def network_layers(T: int, depth: int, attention: Callable[[int], Operator], gate: Callable[[int, int], float]
                   ) -> list[NetworkLayer]:
    """Layers ℓ = 0..depth−1 with b_ℓ = min(2^ℓ, T), A_ℓ = attention(T) and g_ℓ = gate(T, b_ℓ)."""
    T = positive_int("T", T)
    depth = positive_int("depth", depth)
    layers = []
    for b in filters.dyadic_schedule(T, depth):
        A = attention(T)
        if not isinstance(A, Operator) or A.n != T:
            raise InputError(f"attention(T) must return an Operator of size {T}, got {A!r}")
        g = float(gate(T, b))
        if not (math.isfinite(g) and g >= 0):
            raise InputError(f"the gate must be finite and nonnegative, got g = {g} at T = {T}, b = {b}")
        layers.append(NetworkLayer(A, g, b))
    return layers


def network_operator(layers: list[NetworkLayer], markov: bool = False) -> Operator:
    """N_D = F_{D−1} ⋯ F_0 (layer 0 acts first), or the Markov form P_D = N_D/Π(2+g_ℓ), matrix-free.

    ``aslinearoperator()`` gives the scipy LinearOperator (matvec and rmatvec, O(T·D) each).
    """
    if not layers:
        raise InputError("a network needs at least one layer")
    sizes = {layer.attention.n for layer in layers}
    if len(sizes) != 1:
        raise InputError(f"every layer must act on the same T, got {sorted(sizes)}")
    ops = [layer.operator(markov) for layer in layers]
    return reduce(lambda below, F: Composed(F, below), ops[1:], ops[0])


def row_sum(layers: list[NetworkLayer]) -> float:
    """c_D = Π_ℓ (2 + g_ℓ): the common row sum of N_D (every F_ℓ has row sums 2 + g_ℓ)."""
    return float(np.prod([2.0 + layer.gate for layer in layers]))


def causal_diagonal(attention: Operator) -> np.ndarray:
    """diag(A) of a lower-triangular attention model of the project, in closed form.

    Uniform causal attention (the Cesàro matrix): 1/(i+1); the sink 𝟏e₁ᵀ: e₁; causal softmax: its
    diagonal weight a_i/(a_i + i); the identity (attention that isolates every token): 𝟏.
    """
    T = attention.n
    if isinstance(attention, Cesaro):
        return 1.0 / np.arange(1, T + 1)
    if isinstance(attention, Sink):
        return np.eye(1, T).ravel()
    if isinstance(attention, SoftmaxAttention) and attention.causal:
        return attention.diag_weight.copy()
    if isinstance(attention, Identity):
        return np.ones(T)
    raise InputError(f"no closed-form diagonal for {attention!r}; the models are uniform causal (Cesaro), Sink, "
                     "causal SoftmaxAttention and Identity")


def tribox_diagonal(T: int, b: int) -> np.ndarray:
    """diag(M_tri^{(b)}) = 1/min(b, t+1)²: Box_b is lower triangular with diagonal 1/w_t."""
    return 1.0 / filters.window_sizes(T, b).astype(float) ** 2


def network_diagonal(layers: list[NetworkLayer], markov: bool = False) -> np.ndarray:
    """diag(N_D) = Π_ℓ diag(F_ℓ): every factor is lower triangular, so the diagonal of the product is the
    product of the diagonals (the eigenvalues of N_D and P_D)."""
    T = layers[0].attention.n
    out = np.ones(T)
    for layer in layers:
        d = 1.0 + causal_diagonal(layer.attention) + layer.gate * tribox_diagonal(T, layer.bandwidth)
        out *= d / (2.0 + layer.gate) if markov else d
    return out


class NetworkLaplacian(Laplacian):
    """L = diag(W𝟏) − W of W = (P + Pᵀ)/2 for a lower-triangular network operator P (App. C.1's
    symmetrisation applied to the composition), with the loopless degrees diag(L) that
    :func:`theory.solvers.laplacian_algebraic_connectivity` reads."""

    def __init__(self, adjacency: Operator, self_loops: np.ndarray):
        super().__init__(adjacency)
        self.self_loops = np.asarray(self_loops, dtype=float)
        if self.self_loops.shape != (self.n,):
            raise InputError(f"self_loops must have shape ({self.n},), got {self.self_loops.shape}")

    def diagonal(self) -> np.ndarray:
        return self.degree - self.self_loops


def network_laplacian(layers: list[NetworkLayer], markov: bool = True) -> NetworkLaplacian:
    """The Laplacian of the symmetrised network operator (its Markov form by default)."""
    return NetworkLaplacian(network_operator(layers, markov), network_diagonal(layers, markov))


def sink_escape_probability(gates) -> float:
    """q_D = Π_ℓ (1 + g_ℓ)/(2 + g_ℓ): under the sink 𝟏e₁ᵀ at every layer, a row of P_D keeps at most q_D of
    its mass off the first token (each layer sends ≥ 1/(2+g_ℓ) of it there, and row 1 of every factor is e₁)."""
    g = np.asarray(list(gates), dtype=float)
    return float(np.prod((1.0 + g) / (2.0 + g)))


def sink_rank_bound(gates) -> float:
    """R_eff(N_D) ≤ 1 + (q_D/(1 − q_D))² under the sink at every layer, for q_D ≤ 1/2.

    With p_i = (P_D)_{i1} ≥ 1 − q_D: ‖P_D‖_F² ≤ Σ_i p_i² + (1 − p_i)² (a row's other entries sum to 1 − p_i)
    and ‖P_D‖₂² ≥ ‖P_D e₁‖² = Σ_i p_i², and (1 − p)²/p² ≤ (q/(1 − q))² for p ≥ 1 − q ≥ 1/2.
    """
    q = sink_escape_probability(gates)
    if q > 0.5:
        raise InputError(f"the bound needs q_D <= 1/2 (depth >= 2), got q_D = {q}")
    return 1.0 + (q / (1.0 - q)) ** 2


__all__ = [
    "NetworkLaplacian",
    "NetworkLayer",
    "causal_diagonal",
    "default_gate",
    "network_diagonal",
    "network_laplacian",
    "network_layers",
    "network_operator",
    "row_sum",
    "sink_escape_probability",
    "sink_rank_bound",
    "tribox_diagonal",
]
