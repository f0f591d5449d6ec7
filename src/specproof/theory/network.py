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
import scipy.linalg

from specproof.theory import filters
from specproof.theory.operators import (
    LOWER_TRIANGULAR,
    NONNEGATIVE,
    ROW_STOCHASTIC,
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


DEFAULT_GATE_RECONSTRUCTION = (
    "the gate is the project's reconstruction of Eq. 7 (MLP 1→16→1, tanh, seed 0, β = 0 "
    "untrained, so φ = softplus(0) = ln 2 and σ(·) < 1 bounded); the paper gives only "
    "'a small MLP'"
)


def default_gate() -> Callable[[int, int], float]:
    """The gate of Eq. 7 as the project reconstructs it (MLP 1→16→1, tanh, seed 0, β = 0): (T, b) ↦ g."""
    from specproof.theory.torch.gate import LongContextGate, gate_value  # torch only when a gate is built

    params = LongContextGate(hidden=16, seed=0).params()
    return lambda T, b: float(gate_value(b / T, params))


def network_layers(
    T: int, depth: int, attention: Callable[[int], Operator], gate: Callable[[int, int], float]
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


def _check_layers(layers: list[NetworkLayer]) -> int:
    if not layers:
        raise InputError("a network needs at least one layer")
    sizes = {layer.attention.n for layer in layers}
    if len(sizes) != 1:
        raise InputError(f"every layer must act on the same T, got {sorted(sizes)}")
    return sizes.pop()


def generic_network_operator(layers: list[NetworkLayer], markov: bool = False) -> Operator:
    """N_D (or P_D) as a :class:`Composed` chain of the generic operators of :mod:`theory.operators`: the
    reference that :class:`NetworkOperator` is tested against."""
    _check_layers(layers)
    ops = [layer.operator(markov) for layer in layers]
    return reduce(lambda below, F: Composed(F, below), ops[1:], ops[0])


# --------------------------------------------------------------------------- the fast chain
#
# Rows layout: the kernels below act on X of shape (m, T), one vector per row, so that every prefix sum runs
# along contiguous memory; NetworkOperator transposes in and out once per product.

_DIRECT_BOX = 8  # Box_b by b − 1 shifted adds up to this b (exact sums of b terms), prefix sums beyond


def _prefix(X: np.ndarray) -> np.ndarray:
    """S with S[:, k] = Σ_{t<k} X[:, t], k = 0 … T (a leading zero column): every window sum is one difference."""
    S = np.empty((X.shape[0], X.shape[1] + 1))
    S[:, 0] = 0.0
    np.cumsum(X, axis=-1, out=S[:, 1:])
    return S


def _box(X: np.ndarray, b: int) -> np.ndarray:
    """Box_b on the rows of X: (Box_b x)_t = (x_{t−w+1} + … + x_t)/w, w = min(b, t+1)."""
    T = X.shape[-1]
    b = min(b, T)
    if b == 1:
        return X.copy()
    if b <= _DIRECT_BOX:
        out = X.copy()
        for s in range(1, b):
            out[:, s:] += X[:, : T - s]
    else:
        S = _prefix(X)
        out = np.empty_like(X)
        out[:, :b] = S[:, 1 : b + 1]
        np.subtract(S[:, b + 1 :], S[:, 1 : T - b + 1], out=out[:, b:])
    out[:, :b] /= np.arange(1.0, b + 1.0)
    out[:, b:] *= 1.0 / b
    return out


def _box_t(Y: np.ndarray, b: int) -> np.ndarray:
    """Box_bᵀ on the rows of Y: (Box_bᵀ y)_j = Σ_{t=j}^{min(j+b−1, T−1)} y_t/w_t = S_{min(j+b, T)} − S_j for the
    prefix sums S of z = y/w (no reversed pass)."""
    T = Y.shape[-1]
    b = min(b, T)
    if b == 1:
        return Y.copy()
    Z = Y.copy()
    Z[:, :b] /= np.arange(1.0, b + 1.0)
    Z[:, b:] *= 1.0 / b
    if b <= _DIRECT_BOX:
        out = Z.copy()
        for s in range(1, b):
            out[:, : T - s] += Z[:, s:]
        return out
    S = _prefix(Z)
    out = np.empty_like(Z)
    np.subtract(S[:, b:], S[:, : T - b + 1], out=out[:, : T - b + 1])
    np.subtract(S[:, T : T + 1], S[:, T - b + 1 : T], out=out[:, T - b + 1 :])
    return out


def _suffix(Z: np.ndarray) -> np.ndarray:
    """Σ_{t≥j} Z[:, t] as the total minus the prefix before j (one forward pass)."""
    S = _prefix(Z)
    return S[:, -1:] - S[:, :-1]


class _AttentionKernel:
    """A_ℓ and A_ℓᵀ on rows, for the attention models of the project (anything else: its own mv/rmv)."""

    def __init__(self, attention: Operator):
        self.op = attention
        T = attention.n
        if isinstance(attention, Identity):
            self.kind = "identity"
        elif isinstance(attention, Sink):
            self.kind = "sink"
        elif isinstance(attention, Cesaro):
            self.kind, self.inv = "cesaro", 1.0 / np.arange(1.0, T + 1.0)
        elif isinstance(attention, SoftmaxAttention) and attention.causal:
            self.kind, self.diag, self.off = "softmax", attention.diag_weight, attention.off_weight
        else:
            self.kind = "generic"

    def mv(self, X):
        if self.kind == "identity":
            return X
        if self.kind == "sink":
            return np.broadcast_to(X[:, :1], X.shape)
        if self.kind == "cesaro":
            out = np.cumsum(X, axis=-1)
            out *= self.inv
            return out
        if self.kind == "softmax":
            out = np.cumsum(X, axis=-1)
            out -= X
            out *= self.off
            out += self.diag * X
            return out
        return np.ascontiguousarray(self.op._mv(np.ascontiguousarray(X.T)).T)

    def rmv(self, Y):
        if self.kind == "identity":
            return Y
        if self.kind == "sink":
            out = np.zeros_like(Y)
            out[:, 0] = Y.sum(axis=-1)
            return out
        if self.kind == "cesaro":
            return _suffix(Y * self.inv)
        if self.kind == "softmax":
            W = self.off * Y
            out = _suffix(W)
            out -= W
            out += self.diag * Y
            return out
        return np.ascontiguousarray(self.op._rmv(np.ascontiguousarray(Y.T)).T)


class NetworkOperator(Operator):
    """N_D = F_{D−1} ⋯ F_0, or P_D = N_D/Π(2 + g_ℓ) with ``markov``, applied layer by layer in O(T·D) per vector.

    The same matrix as :func:`generic_network_operator` (the tests compare the two and the dense product): each
    F_ℓ x = x + A_ℓ x + g_ℓ Box(Box x), with Box_b by b − 1 shifted adds for b ≤ 8 (sums of b terms, no cancellation)
    and by one prefix sum beyond, on vectors laid out as rows so that every sum runs along contiguous memory.
    Rounding: a prefix sum of length T is within T·eps·Σ|x| per entry, the same order as the generic chain's.
    """

    def __init__(self, layers: list[NetworkLayer], markov: bool = False):
        self.n = _check_layers(layers)
        self.layers = tuple(layers)
        self.markov = bool(markov)
        self._attention = [_AttentionKernel(layer.attention) for layer in layers]
        self._scale = [1.0 / (2.0 + layer.gate) if markov else 1.0 for layer in layers]
        common = frozenset.intersection(*(frozenset(layer.attention.tags) for layer in layers))
        # F_ℓ = I + A_ℓ + g_ℓM_tri keeps A_ℓ's sign and triangularity (g_ℓ ≥ 0); its row sums are 2 + g_ℓ, so only
        # the Markov form of row-stochastic layers is row-stochastic
        self.tags = (common & {NONNEGATIVE, LOWER_TRIANGULAR}) | (common & {ROW_STOCHASTIC} if markov else frozenset())

    def _rows_mv(self, X):
        for layer, A, c in zip(self.layers, self._attention, self._scale):
            F = X + A.mv(X)
            if layer.gate:
                M = _box(_box(X, layer.bandwidth), layer.bandwidth)
                M *= layer.gate
                F += M
            if c != 1.0:
                F *= c
            X = F
        return X

    def _rows_rmv(self, Y):
        for layer, A, c in zip(reversed(self.layers), reversed(self._attention), reversed(self._scale)):
            F = Y + A.rmv(Y)
            if layer.gate:
                M = _box_t(_box_t(Y, layer.bandwidth), layer.bandwidth)
                M *= layer.gate
                F += M
            if c != 1.0:
                F *= c
            Y = F
        return Y

    def rows_mv(self, X: np.ndarray) -> np.ndarray:
        """P X on the rows of X, shape (m, T) (no copy in or out: what the Laplacian's matvec uses)."""
        return self._rows_mv(np.ascontiguousarray(X, dtype=float))

    def rows_rmv(self, Y: np.ndarray) -> np.ndarray:
        return self._rows_rmv(np.ascontiguousarray(Y, dtype=float))

    def _mv(self, x):
        if x.ndim == 1:
            return self._rows_mv(np.array(x, dtype=float)[None, :])[0]
        return np.ascontiguousarray(self._rows_mv(np.ascontiguousarray(x.T, dtype=float)).T)

    def _rmv(self, y):
        if y.ndim == 1:
            return self._rows_rmv(np.array(y, dtype=float)[None, :])[0]
        return np.ascontiguousarray(self._rows_rmv(np.ascontiguousarray(y.T, dtype=float)).T)

    def __repr__(self):
        return f"NetworkOperator(T={self.n}, D={len(self.layers)}, markov={self.markov})"


def network_operator(layers: list[NetworkLayer], markov: bool = False) -> NetworkOperator:
    """N_D = F_{D−1} ⋯ F_0 (layer 0 acts first), or the Markov form P_D = N_D/Π(2+g_ℓ), matrix-free
    (:class:`NetworkOperator`, O(T·D) per matvec and rmatvec).

    ``aslinearoperator()`` gives the scipy LinearOperator.
    """
    return NetworkOperator(layers, markov)


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
    raise InputError(
        f"no closed-form diagonal for {attention!r}; the models are uniform causal (Cesaro), Sink, "
        "causal SoftmaxAttention and Identity"
    )


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

    def _mv(self, x):
        P = self.adjacency
        if not isinstance(P, NetworkOperator):
            return super()._mv(x)
        X = np.array(x, dtype=float, ndmin=2) if x.ndim == 1 else np.ascontiguousarray(x.T, dtype=float)
        Y = self.degree * X - 0.5 * (P.rows_mv(X) + P.rows_rmv(X))
        return Y[0] if x.ndim == 1 else np.ascontiguousarray(Y.T)

    _rmv = _mv


def network_laplacian(layers: list[NetworkLayer], markov: bool = True) -> NetworkLaplacian:
    """The Laplacian of the symmetrised network operator (its Markov form by default)."""
    return NetworkLaplacian(network_operator(layers, markov), network_diagonal(layers, markov))


# --------------------------------------------------------------------------- solving the network's Laplacian
#
# Why the plain solver stalls (measured at T = 2^14, LOBPCG with Jacobi D⁻¹, tol 1e-9): the bottom of the spectrum
# of L(P_D) is a near-continuum. At fixed depth the gates are tiny (g_ℓ ~ (b_ℓ/T)^φ) and P_D is attention plus a
# weak narrow band: under uniform or softmax attention the degrees slope down towards the last token and the
# lowest eigenvectors sit there, spaced ~1/(4T) apart; under the sink P_D = B_D + v e₁ᵀ with B_D banded, so
# L is an arrow (token 0) plus a band whose lowest modes are cosines with spacing ~g(π/T)². Jacobi stops
# at residual 8e-6 (uniform, D = 2), 7e-9 (sink, D = 2) and 3e-6 (sink, full depth) after 300 iterations, while
# D⁻¹ leaves the target in the middle of its spectrum (λ₂/d ≈ 1 at the last tokens).
#
# What works is shift-invert with a banded proxy: L̃ = diag(L) − band_K(W̃), W̃ the symmetrised narrow network
# P̃ = Π_ℓ c_ℓ(I + diag A_ℓ + g_ℓ M_ℓ·[b_ℓ kept]) (attention reduced to its diagonal, triBox layers kept while their
# lags 2(b_ℓ − 1) sum to at most K ≤ 32), read off exactly by K + 1 comb probes (P̃ is lower triangular with
# bandwidth K). P̃ ≤ P entrywise, so L̃ is diagonally dominant (PSD); for the sink and isolating attention at
# fixed depth it is L itself up to the sink's arrow. The preconditioner is the inverse of L̃ − σM compressed to
# the constraint space (M = I, constraint 𝟏; for the normalised gap M = D, constraint D𝟏):
# y = B r − Bu (uᵀB r)/(uᵀB u), B = (L̃ − σM)⁻¹ by banded Cholesky (O(T·K²) once, O(T·K) per vector),
# σ below λ_min(L̃, M) (the Cholesky must succeed) and, stage by stage, at the lower end θ − ‖r‖ of the last
# stage's residual bound, so that it approaches λ₂ from below. See :func:`network_algebraic_connectivity` for the
# iteration counts.

PROXY_REACH = 32  # K: the proxy's band; banded Cholesky costs O(T·K²), ~2 s at T = 2^20, K = 22


def proxy_band(layers: list[NetworkLayer], reach: int = PROXY_REACH) -> tuple[np.ndarray, int]:
    """The strict lower band of P̃ = Π_ℓ c_ℓ(I + diag A_ℓ + g_ℓ M_tri^{(b_ℓ)}·[kept]), c_ℓ = 1/(2 + g_ℓ): rows
    ``band[k − 1, j] = P̃[j + k, j]``, k = 1 … K, and K = Σ_{kept} 2(b_ℓ − 1) ≤ ``reach`` (layers kept in order
    while the sum fits). P̃ has lower bandwidth K, so K + 1 combs z_r = Σ_{j ≡ r mod K+1} e_j read it exactly."""
    T = _check_layers(layers)
    kept, K = [], 0
    for layer in layers:
        lag = 2 * (min(layer.bandwidth, T) - 1)
        keep = bool(layer.gate) and K + lag <= reach  # b = 1 (M_tri = I) costs no band
        kept.append(keep)
        K += lag if keep else 0
    K = min(K, T - 1)
    if K == 0:
        return np.zeros((0, T)), 0
    s = K + 1
    Z = np.zeros((s, T))
    tokens = np.arange(T)
    Z[tokens % s, tokens] = 1.0
    for layer, keep in zip(layers, kept):
        X = Z + causal_diagonal(layer.attention) * Z
        if keep:
            X += layer.gate * _box(_box(Z, layer.bandwidth), layer.bandwidth)
        Z = X / (2.0 + layer.gate)
    band = np.zeros((K, T))
    for k in range(1, K + 1):
        rows = np.arange(k, T)
        band[k - 1, : T - k] = Z[(rows - k) % s, rows]
    return band, K


class BandedProxy:
    """L̃ = diag(L) − band_K(W̃) in LAPACK's lower banded storage, its products, and the compressed inverses of
    L̃ − σM (M = diag(mass)) on the constraint space uᵀx = 0."""

    def __init__(self, laplacian: "NetworkLaplacian", reach: int = PROXY_REACH):
        band, self.K = proxy_band(laplacian.adjacency.layers, reach)
        self.n = laplacian.n
        self.ab = np.zeros((self.K + 1, self.n))
        self.ab[0] = laplacian.diagonal()
        self.ab[1:] = -0.5 * band  # W̃[j+k, j] = P̃[j+k, j]/2 (P̃ is lower triangular)
        self.factorisations = 0

    def mv(self, x: np.ndarray) -> np.ndarray:
        """L̃ x for a vector x."""
        y = self.ab[0] * x
        for k in range(1, self.K + 1):
            y[k:] += self.ab[k, : self.n - k] * x[: self.n - k]
            y[: self.n - k] += self.ab[k, : self.n - k] * x[k:]
        return y

    def factor(self, sigma: float, mass: np.ndarray):
        """Cholesky of L̃ − σM; LinAlgError when it is not positive definite."""
        self.factorisations += 1
        ab = self.ab.copy()
        ab[0] -= sigma * mass
        if self.K == 0:
            if np.any(ab[0] <= 0):
                raise np.linalg.LinAlgError("L̃ − σM is not positive definite")
            return ab[0]
        return scipy.linalg.cholesky_banded(ab, lower=True, check_finite=False)

    def compressed_inverse(self, factor, constraint: np.ndarray) -> Callable[[np.ndarray], np.ndarray]:
        """R ↦ B R − Bu (uᵀB R)/(uᵀBu), B = (L̃ − σM)⁻¹ from ``factor``: the inverse of L̃ − σM on u^⊥."""
        if self.K == 0:
            solve = lambda R: R / factor[:, None]  # noqa: E731
        else:
            solve = lambda R: scipy.linalg.cho_solve_banded((factor, True), R, check_finite=False)  # noqa: E731
        u = np.asarray(constraint, dtype=float)
        Bu = solve(u[:, None])[:, 0]
        uBu = float(u @ Bu)

        def apply(R):
            R = np.asarray(R, dtype=float).reshape(self.n, -1)
            Y = solve(R)
            return Y - np.outer(Bu, (u @ Y) / uBu)

        return apply


class _SolverView(Operator):
    """L as :func:`theory.solvers.laplacian_algebraic_connectivity` sees it: ``diagonal()`` returns the degrees
    that normalise the gap (loopless, or W𝟏 with the self-loops), and the last vector L was applied to is kept
    (the solver's final call is L x for its returned Ritz vector x: the next stage restarts from it)."""

    tags = frozenset()

    def __init__(self, laplacian: "NetworkLaplacian", degrees: np.ndarray):
        self.laplacian, self.n, self._degrees, self.last = laplacian, laplacian.n, degrees, None

    def diagonal(self) -> np.ndarray:
        return self._degrees

    def _mv(self, x):
        self.last = x
        return self.laplacian._mv(x)

    _rmv = _mv


GAP_DEGREES = ("with-loops", "loopless")


def gap_degrees(laplacian: "NetworkLaplacian", degrees: str = "with-loops") -> np.ndarray:
    """The degree matrix D of the normalised gap γ = λ₂(I − D⁻¹W) = λ₂(D^{-1/2} L D^{-1/2}): TRSP App. C.1's
    D = diag(W𝟏) of the symmetrised W, its diagonal (the self-loops) included ("with-loops", the default and the
    paper's), or the loopless degrees diag(L) ("loopless")."""
    if degrees == "with-loops":
        return laplacian.degree.copy()
    if degrees == "loopless":
        return laplacian.diagonal().copy()
    raise InputError(f"degrees must be one of {GAP_DEGREES}, got {degrees!r}")


def floor_shift(proxy: BandedProxy) -> float:
    """A shift σ < 0 at which the Cholesky of L̃ − σM is sure to succeed: L̃ is PSD (singular when it is L itself, as
    for isolating attention at fixed depth), and the last pivots of a banded Cholesky carry rounding of order
    T·eps·‖L̃‖, so σ = −100·T·eps·max diag(L̃) (at least −1e-12·max diag) keeps them positive; measured: −1e-12
    failed at T = 2^18 (A = I, D = 2) on the last pivot."""
    return -max(1e-12, 100.0 * proxy.n * float(np.finfo(float).eps)) * float(proxy.ab[0].max())


class _ShiftFrontier:
    """λ_min(L̃, M) between the largest shift whose Cholesky succeeded and the smallest whose failed."""

    def __init__(self, proxy: BandedProxy, mass: np.ndarray):
        self.proxy, self.mass = proxy, mass
        self.pd = floor_shift(proxy)
        self.not_pd = math.inf

    def test(self, sigma: float) -> bool:
        if sigma <= self.pd:
            return True
        if sigma >= self.not_pd:
            return False
        try:
            self.proxy.factor(sigma, self.mass)
        except np.linalg.LinAlgError:
            self.not_pd = sigma
            return False
        self.pd = sigma
        return True

    def locate(self, upper: float, lower: float, rel: float = 1e-10) -> float:
        """Bisect to relative ``rel`` from a bracket guess (``upper`` a Rayleigh quotient of L̃, so λ_min ≤ it)."""
        self.test(upper)
        self.test(lower)
        while self.not_pd < math.inf and self.not_pd - self.pd > rel * abs(self.not_pd):
            self.test(0.5 * (self.pd + self.not_pd))
        return self.pd


def _start_vectors(
    laplacian, proxy: BandedProxy, frontier: _ShiftFrontier, mass: np.ndarray, constraint: np.ndarray
) -> np.ndarray:
    """Candidates for the first stage, as columns, each moved along 𝟏 to uᵀx = 0 (u = 𝟏, or D𝟏 for the gap)
    and normalised: the slow profile cos(π(t+½)/T); the causal-ceiling vector e_T − 𝟏/T (the last token against
    the rest); and the proxy's lowest vector on u^⊥: 8 steps of inverse iteration with L̃ (no L matvec), which
    also bracket λ_min(L̃, M) for the frontier, then 3 more at a shift just below that frontier."""
    T = laplacian.n
    ones = np.ones(T)

    def on_constraint(v):
        v = v - ones * (constraint @ v) / float(constraint.sum())
        return v / np.linalg.norm(v)

    profile = on_constraint(np.cos(np.pi * (np.arange(T) + 0.5) / T))
    last = on_constraint(np.eye(1, T, T - 1).ravel())
    inverse = proxy.compressed_inverse(proxy.factor(frontier.pd, mass), constraint)
    v = profile.copy()
    for _ in range(8):
        v = on_constraint(inverse(mass * v)[:, 0])
    # λ_min(L̃, M) ≤ the Rayleigh quotient of any vector (of 𝟏 too: the unconstrained problem)
    rho = float(v @ proxy.mv(v) / (v @ (mass * v)))
    rho1 = float(ones @ proxy.mv(ones) / (ones @ (mass * ones)))
    upper = min(rho, rho1)
    frontier.locate(upper, upper * (1 - 1e-3))
    inverse = proxy.compressed_inverse(proxy.factor(frontier.pd, mass), constraint)
    for _ in range(3):
        v = on_constraint(inverse(mass * v)[:, 0])
    return np.column_stack([profile, last, v])


DENSE_MAX = (
    2048  # up to here the network sweeps solve densely (the bottom clusters of small T are dense eigensolves' job)
)


def network_dense_connectivity(laplacian: "NetworkLaplacian", *, normalized: bool = False, degrees: str = "with-loops"):
    """μ₂(L) or the gap λ₂(D^{-1/2} L D^{-1/2}) by a dense symmetric eigensolve (scipy eigvalsh), for T ≤ a few
    thousand. Bracket: value ± δ, δ = 10·T·eps·‖M‖ with ‖L‖ ≤ 2·max diag(L) (Gershgorin) and ‖N‖ ≤ 2 (the dense
    eigensolver's backward error, Higham §3, with the matrix's own rounding from the T matvecs that form it,
    of the same n·eps·‖L‖ order); residual 0 and ``converged`` True (nothing iterates)."""
    from specproof.theory.solvers import EPS, SpectralBracket

    T = laplacian.n
    if T < 2:
        raise InputError("algebraic connectivity needs a graph with at least 2 vertices")
    M = laplacian.as_matrix()
    M = 0.5 * (M + M.T)
    norm = 2.0 * float(laplacian.diagonal().max())
    if normalized:
        s = 1.0 / np.sqrt(gap_degrees(laplacian, degrees))
        M = s[:, None] * M * s[None, :]
        norm = 2.0
    value = float(scipy.linalg.eigvalsh(M, subset_by_index=[1, 1])[0])
    delta = 10.0 * T * EPS * norm
    return SpectralBracket(
        value,
        value - delta,
        value + delta,
        "dense-eigvalsh",
        "dense symmetric eigensolve: within 10*T*eps*|M| (backward error)",
        residual=0.0,
        info={"converged": True, "degrees": degrees if normalized else "loopless"},
    )


def network_connectivity(
    laplacian: "NetworkLaplacian",
    *,
    normalized: bool = False,
    degrees: str = "with-loops",
    dense_max: int = DENSE_MAX,
    **options,
):
    """:func:`network_dense_connectivity` up to ``dense_max`` tokens, :func:`network_algebraic_connectivity` beyond."""
    if laplacian.n <= dense_max:
        return network_dense_connectivity(laplacian, normalized=normalized, degrees=degrees)
    return network_algebraic_connectivity(laplacian, normalized=normalized, degrees=degrees, **options)


def network_algebraic_connectivity(
    laplacian: "NetworkLaplacian",
    *,
    normalized: bool = False,
    degrees: str = "with-loops",
    tol: float = 1e-9,
    maxiter: int = 400,
    reach: int = PROXY_REACH,
    stages: tuple = (12, 24, 48, 96, 192),
    seed: int = 0,
):
    """μ₂(L) (or, ``normalized``, the gap λ₂(D^{-1/2} L D^{-1/2}) with D from :func:`gap_degrees`) of a network
    Laplacian, by :func:`theory.solvers.laplacian_algebraic_connectivity` in stages with the shift-invert
    preconditioner of the banded proxy L̃ (see the comment above :data:`PROXY_REACH`).

    Stage 0 runs from the slow profile with the unshifted proxy (σ ≈ 0); stage 1 continues from the lowest
    Rayleigh quotient among its result and the other vectors of :func:`_start_vectors`; every further stage
    restarts from the last Ritz vector x, each with σ = θ − ‖r‖ of its start, or, when λ_min(L̃, M) lies
    in [θ − ‖r‖, θ] (the proxy's own bottom is where L's is), just below λ_min(L̃, M); σ never exceeds it (the
    Cholesky must succeed). It stops once ‖r‖ ≤ ``tol`` or after ``maxiter`` LOBPCG iterations in all. The
    bracket is the solver's (upper: Rayleigh quotient + rounding allowance, rigorous; lower: θ − ‖r‖ − allowance,
    assuming the lowest Ritz pair). ``iterations`` counts the LOBPCG iterations run (matvecs less the two per
    stage that start and close it); ``info`` holds the stages (shift, value, residual, matvecs), ``converged``
    (‖r‖ ≤ tol) and the proxy's band.
    """
    from dataclasses import replace

    from specproof.theory.solvers import laplacian_algebraic_connectivity

    T = laplacian.n
    norm_degrees = gap_degrees(laplacian, degrees) if normalized else laplacian.diagonal()
    view = _SolverView(laplacian, norm_degrees)
    mass = norm_degrees if normalized else np.ones(T)
    constraint = mass.copy()  # 𝟏 for L, D𝟏 for the pencil (L, D)
    proxy = BandedProxy(laplacian, reach)
    frontier = _ShiftFrontier(proxy, mass)

    X = _start_vectors(laplacian, proxy, frontier, mass, constraint)
    LX = laplacian._mv(X)
    mX = mass[:, None] * X
    theta = np.einsum("ij,ij->j", X, LX) / np.einsum("ij,ij->j", X, mX)
    # the residual of the normalised problem for z = D^{1/2}x/‖D^{1/2}x‖: ‖D^{-1/2}(Lx − θDx)‖/‖D^{1/2}x‖
    res = np.linalg.norm((LX - theta * mX) / np.sqrt(mass)[:, None], axis=0) / np.sqrt(np.einsum("ij,ij->j", X, mX))
    scale = np.sqrt(mass) if normalized else np.ones(T)  # L-space vectors x ↦ the solver's z = D^{1/2}x
    history, total = [], {"iterations": 0, "matvecs": 3}

    def stage(x0, estimate, budget, unshifted=False):
        theta_k, r_k = estimate
        low = theta_k - r_k
        if unshifted:
            shift = floor_shift(proxy)  # (L̃ − σM)⁻¹ at σ ≲ 0: pulls towards the global bottom first
        elif low <= frontier.pd <= theta_k:
            shift = frontier.pd
        else:
            shift = low if frontier.test(low) else frontier.locate(low, frontier.pd)
        try:
            f = proxy.factor(shift, mass)
        except np.linalg.LinAlgError:  # rounding at a shift bisected to within 1e-10 of the frontier
            shift = frontier.pd = min(shift, frontier.pd) - 1e-8 * abs(frontier.pd) - abs(floor_shift(proxy))
            f = proxy.factor(shift, mass)
        apply = proxy.compressed_inverse(f, constraint)
        e = laplacian_algebraic_connectivity(
            view,
            normalized=normalized,
            tol=tol,
            maxiter=budget,
            x0=x0,
            preconditioner=lambda lap, degree, apply=apply: apply,
            seed=seed,
        )
        total["iterations"] += max(e.matvecs - 2, 0)
        total["matvecs"] += e.matvecs
        history.append({"sigma": shift, "value": e.value, "residual": e.residual, "matvecs": e.matvecs})
        return e, np.asarray(view.last, dtype=float) * scale

    # stage 0 from the slow profile, unshifted
    e, x = stage(X[:, 0] * scale, (float(theta[0]), float(res[0])), stages[0], unshifted=True)
    if e.residual > tol:
        # the solver returns its smallest-residual iterate, so a start with a small residual but a high Rayleigh
        # quotient (a mode localised at the last tokens) can hold it where a lower mode exists, and a start far
        # from the bottom can take long to get there: stage 1 races stage 0's result against the lower of
        # e_T − 𝟏/T and the proxy's vector when that one's Rayleigh quotient (an upper bound on λ₂) is lower,
        # and keeps the lower result
        runs = [(x, (e.value, e.residual))]
        pick = int(np.argmin(theta[1:])) + 1
        if theta[pick] < e.value:
            runs.append((X[:, pick] * scale, (float(theta[pick]), float(res[pick]))))
        results = [stage(x0, estimate, stages[1]) for x0, estimate in runs]
        e, x = min(results, key=lambda ex: (ex[0].residual > tol, ex[0].value))
    for budget in stages[2:]:
        budget = min(budget, maxiter - total["iterations"])
        if e.residual <= tol or budget <= 0:
            break
        e, x = stage(x, (e.value, e.residual), budget)
    total_it, total_mv = total["iterations"], total["matvecs"]
    info = {
        **e.info,
        "stages": history,
        "converged": bool(e.residual <= tol),
        "tol": tol,
        "proxy_band": proxy.K,
        "proxy_factorisations": proxy.factorisations,
        "degrees": degrees if normalized else "loopless",
    }
    return replace(e, iterations=total_it, matvecs=total_mv, method=f"scipy-lobpcg-banded-proxy-K{proxy.K}", info=info)


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
    "BandedProxy",
    "DENSE_MAX",
    "GAP_DEGREES",
    "NetworkLaplacian",
    "NetworkOperator",
    "NetworkLayer",
    "causal_diagonal",
    "default_gate",
    "gap_degrees",
    "generic_network_operator",
    "network_algebraic_connectivity",
    "network_connectivity",
    "network_dense_connectivity",
    "network_diagonal",
    "network_laplacian",
    "network_layers",
    "network_operator",
    "proxy_band",
    "row_sum",
    "sink_escape_probability",
    "sink_rank_bound",
    "tribox_diagonal",
]
