"""The operator a whole TRSP network applies to one channel: the layers composed, not superposed.

Layer ℓ maps X ↦ (I + A_ℓ + Σ_{b ∈ layer ℓ} g(T, b) K_b) X (TRSP Eq. 6/8), so a network of depth D computes

    N_D = F_{D−1} ⋯ F_1 F_0,   F_ℓ = I + A_ℓ + Σ_{b ∈ layer ℓ} g(T, b) K_b,

for any side path (:class:`theory.spec.SidePath`: its schedule, kernel, gate and layout). The paper's is one
bandwidth b_ℓ = min(2^ℓ, T) per layer (Eq. 5), K_b = M_tri^{(b)} (Eq. 3) and g_ℓ the long-context gate of Eq. 7 at
r_ℓ = b_ℓ/T; the "dense" layout puts every bandwidth of the schedule in every layer (the full-sweep ablation). D is
fixed when the model is built while T grows at inference. App. C analyses the superposition Σ_ℓ M_tri^{(b_ℓ)}; this
module builds the product as a chain of matvecs (cost O(T·D) per matvec for box and triBox kernels, the kernel's own
operator otherwise), never as a matrix: :func:`side_path_layers` is the one construction, :func:`network_operator`
the chain.

With row-stochastic A_ℓ and K_b (the paper's) every F_ℓ is nonnegative with row sums 2 + G_ℓ, G_ℓ the layer's summed
gates, so N_D has constant row sums c_D = Π_ℓ (2 + G_ℓ) and its row-normalised (Markov) form is exactly P_D = N_D / c_D
= Π_ℓ F_ℓ/(2 + G_ℓ): a product of Markov matrices, the object of App. D. Laplacians are linear in the weights, so
L(N_D) = c_D·L(P_D) and the normalised gap of the two is the same. For any other layer the Markov form divides each
row by its own sum, P_D = Π_ℓ diag(F_ℓ𝟏)⁻¹F_ℓ.
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property, reduce
from typing import Callable

import numpy as np

from specproof.theory import filters
from specproof.theory.kernels import CausalConvolution
from specproof.theory.operators import (
    LOWER_TRIANGULAR,
    NONNEGATIVE,
    ROW_STOCHASTIC,
    BoxFilter,
    Cesaro,
    Composed,
    Diagonal,
    Identity,
    Laplacian,
    Operator,
    Scaled,
    Sink,
    SoftmaxAttention,
    Sum,
    TriBox,
)
from specproof.theory.spec import Gate, Kernel, SidePath, paper_side_path
from specproof.theory.validate import InputError, positive_int


@dataclass(frozen=True)
class SideTerm:
    """g·K_b, one bandwidth of a layer's side path: the gain, the bandwidth and K_b's exact T×T operator."""

    gate: float
    bandwidth: int
    kernel: Operator
    reach: int  # K_b[i, j] = 0 for i − j > reach (lower triangular kernels: nothing above the diagonal)


@dataclass(frozen=True)
class NetworkLayer:
    """One layer's data: its attention pattern A_ℓ and its side path Σ_b g(T, b) K_b (one term per bandwidth)."""

    attention: Operator
    terms: tuple[SideTerm, ...]

    @property
    def gate(self) -> float:
        """G_ℓ = Σ_b g(T, b), the layer's summed gain (its one gate g_ℓ in the sparse layout)."""
        if len(self.terms) == 1:
            return self.terms[0].gate
        return float(sum(term.gate for term in self.terms))

    @property
    def bandwidth(self) -> int:
        """b_ℓ, the one bandwidth of a sparse layer."""
        if len(self.terms) != 1:
            raise InputError(f"a layer with {len(self.terms)} bandwidths has no single bandwidth")
        return self.terms[0].bandwidth

    @property
    def reach(self) -> int:
        """The lower bandwidth of the side path: F_ℓ − I − A_ℓ has nothing below this many subdiagonals."""
        return max(term.reach for term in self.terms)

    @cached_property
    def row_sums(self) -> float | np.ndarray:
        """F_ℓ𝟏: the constant 2 + G_ℓ when A_ℓ and every K_b are row-stochastic by construction (their tags), else
        computed row by row, 𝟏 + A_ℓ𝟏 + Σ_b g K_b𝟏 (InputError when a row does not sum to a positive number)."""
        parts = (self.attention, *(term.kernel for term in self.terms))
        if all(ROW_STOCHASTIC in op.tags for op in parts):
            return 2.0 + self.gate
        ones = np.ones(self.attention.n)
        sums = ones + self.attention._mv(ones)
        for term in self.terms:
            sums = sums + term.gate * term.kernel._mv(ones)
        if not np.all(sums > 0):
            t = int(np.argmin(sums))
            raise InputError(f"row {t} of the layer sums to {sums[t]}, so it has no Markov form (it needs sums > 0)")
        return sums

    def operator(self, markov: bool = False) -> Operator:
        """F_ℓ = I + A_ℓ + Σ_b g K_b (Eq. 8), or its Markov form diag(F_ℓ𝟏)⁻¹F_ℓ with ``markov``, as a generic
        chain of :mod:`theory.operators` (the reference the fast chain is tested against)."""
        T = self.attention.n
        F = Sum((Identity(T), self.attention, *(Scaled(term.kernel, term.gate) for term in self.terms)))
        if not markov:
            return F
        sums = self.row_sums
        return Scaled(F, 1.0 / sums) if isinstance(sums, float) else Composed(Diagonal(1.0 / sums), F)


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


@functools.lru_cache(maxsize=4096)
def _is_box(kernel: Kernel, b: int) -> bool:
    """Whether the kernel's exact weights at b are the box's, h_b(r) = 1/b for r < b (TRSP Eq. 1)."""
    return list(kernel.weights(b)) == [Fraction(1, b)] * b


def kernel_operator(kernel: Kernel, T: int, b: int) -> Operator:
    """K_b at T as the network applies it: the kernel's exact operator (:meth:`theory.spec.Kernel.operator`), the
    :class:`BoxFilter` for a kernel without a filter whose weights are exactly the box's (the same matrix as its
    :class:`CausalConvolution`, whose cut rows are rescaled as Eq. 1's w_t = min(b, t+1) does, with the fast chain's
    prefix sums)."""
    if kernel.filter is None and _is_box(kernel, b):
        return BoxFilter(T, b)
    return kernel.operator(T, b)


def kernel_reach(kernel: Kernel, op: Operator, b: int) -> int:
    """How many subdiagonals K_b may fill: 2(b − 1) for triBox (two boxes), b − 1 for the box, the taps less one for
    a causal convolution, and for any other filter its kernel's taps less one (as the kernel declares it; the
    banded readers check it on the operator), at most T − 1."""
    T = op.n
    if isinstance(op, TriBox):
        reach = 2 * (min(op.b, T) - 1)
    elif isinstance(op, BoxFilter):
        reach = min(op.b, T) - 1
    elif isinstance(op, CausalConvolution):
        reach = op.weights.size - 1
    else:
        reach = kernel.float_weights(b).size - 1
    return min(reach, T - 1)


def layer_bandwidths(side_path: SidePath, T: int) -> list[tuple[int, ...]]:
    """The bandwidths of each layer at T: one per layer ("sparse", duplicates kept: a constant schedule stacks its
    layers), every bandwidth of the schedule in each of its layers ("dense"). No schedule: the dyadic one."""
    return list(side_path.layer_bands(positive_int("T", T)))


@functools.lru_cache(maxsize=4096)
def kernel_band(kernel: Kernel | None, T: int, b: int, limit: int) -> np.ndarray | None:
    """K_b at T (the operator the network applies; triBox without a kernel) in lower banded storage, read off its
    band (w + 1 comb probes, w its reach), or None when the band is wider than ``limit`` or the operator has entries
    outside it (checked on one random vector against the operator itself)."""
    kernel = kernel if kernel is not None else Kernel.triangular()
    op = kernel_operator(kernel, T, b)
    w = kernel_reach(kernel, op, b)
    if w > limit:
        return None
    band = lower_band(op, w)
    r = np.random.default_rng(T * 7919 + b).standard_normal(T)
    scale = float(band_row_sums(np.abs(band)).max()) * float(np.abs(r).max())
    if np.abs(band_mv(band, r) - op.mv(r)).max() > 10 * T * np.finfo(np.float64).eps * scale:  # 10·T·eps·scale
        return None
    return band


def band_row_sums(band: np.ndarray) -> np.ndarray:
    """The row sums of a lower-triangular matrix in lower banded storage (band[k, j] = M[j + k, j])."""
    T = band.shape[1]
    sums = band[0].copy()
    for k in range(1, band.shape[0]):
        sums[k:] += band[k, : T - k]
    return sums


def band_mv(band: np.ndarray, x: np.ndarray) -> np.ndarray:
    """M x for a lower-triangular M in lower banded storage."""
    T = band.shape[1]
    y = band[0] * x
    for k in range(1, band.shape[0]):
        y[k:] += band[k, : T - k] * x[: T - k]
    return y


def side_path_layers(
    side_path: SidePath, T: int, attention: Callable[[int], Operator], depth: int | None = None
) -> list[NetworkLayer]:
    """The layers F_ℓ = I + A_ℓ + Σ_{b ∈ layer ℓ} g(T, b) K_b of N_D for a side path at T: its schedule's layers
    (:func:`layer_bandwidths`; the first ``depth`` of them when given), A_ℓ = attention(T) at every layer, its gate
    (gain 1 without one) and its kernel's operator (:func:`kernel_operator`; triBox without a kernel).

    A network whose depth D is fixed when the model is built takes a schedule of that depth (the paper's:
    :func:`network_layers`); ``depth`` here keeps the first D layers of the schedule at T, at most all of them."""
    T = positive_int("T", T)
    bands = layer_bandwidths(side_path, T)
    if depth is not None:
        depth = positive_int("depth", depth)
        if depth > len(bands):
            raise InputError(f"depth = {depth}, but the side path {side_path.name} has {len(bands)} layers at T = {T}")
        bands = bands[:depth]
    kernel = side_path.kernel if side_path.kernel is not None else Kernel.triangular()
    gates: dict[int, float] = {}
    operators: dict[int, tuple[Operator, int]] = {}
    for b in dict.fromkeys(b for layer in bands for b in layer):
        g = float(side_path.gate(T, b)) if side_path.gate is not None else 1.0
        if not (math.isfinite(g) and g >= 0):
            raise InputError(f"the gate must be finite and nonnegative, got g = {g} at T = {T}, b = {b}")
        op = kernel_operator(kernel, T, b)
        if not isinstance(op, Operator) or op.n != T:
            raise InputError(f"kernel {kernel.name} at b = {b} must give an Operator of size {T}, got {op!r}")
        gates[b], operators[b] = g, (op, kernel_reach(kernel, op, b))
    layers = []
    for layer in bands:
        A = attention(T)
        if not isinstance(A, Operator) or A.n != T:
            raise InputError(f"attention(T) must return an Operator of size {T}, got {A!r}")
        terms = tuple(SideTerm(gates[b], b, *operators[b]) for b in layer)
        layers.append(NetworkLayer(A, terms))
    return layers


def network_layers(
    T: int, depth: int, attention: Callable[[int], Operator], gate: Callable[[int, int], float]
) -> list[NetworkLayer]:
    """The paper's TRSP network built at depth D: layers ℓ = 0..depth−1 with b_ℓ = min(2^ℓ, T) (Eq. 5), K = M_tri,
    A_ℓ = attention(T) and g_ℓ = gate(T, b_ℓ): :func:`side_path_layers` of :func:`theory.spec.paper_side_path`."""
    side_path = paper_side_path(gate if isinstance(gate, Gate) else Gate("given", gate), positive_int("depth", depth))
    return side_path_layers(side_path, T, attention)


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


def _columns(op: Operator, X: np.ndarray, transpose: bool = False) -> np.ndarray:
    """An operator's own matvec (or rmatvec) on the rows of X: the fallback of the fast chain's kernels."""
    apply = op._rmv if transpose else op._mv
    return np.ascontiguousarray(apply(np.ascontiguousarray(X.T)).T)


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
        return _columns(self.op, X)

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
        return _columns(self.op, Y, transpose=True)


class _KernelTerm:
    """K_b and its transpose on rows, and g·K_b: triBox as two boxes and the box as one, by prefix sums; any other
    kernel by its own operator."""

    def __init__(self, term: SideTerm):
        self.gate, self.op = term.gate, term.kernel
        self.kind = "tribox" if isinstance(term.kernel, TriBox) else "box" if isinstance(term.kernel, BoxFilter) else ""
        self.b = getattr(term.kernel, "b", term.bandwidth)

    def apply(self, X):
        if self.kind == "tribox":
            return _box(_box(X, self.b), self.b)
        if self.kind == "box":
            return _box(X, self.b)
        return _columns(self.op, X)

    def apply_t(self, Y):
        if self.kind == "tribox":
            return _box_t(_box_t(Y, self.b), self.b)
        if self.kind == "box":
            return _box_t(Y, self.b)
        return _columns(self.op, Y, transpose=True)

    def mv(self, X):
        M = self.apply(X)
        M *= self.gate
        return M

    def rmv(self, Y):
        M = self.apply_t(Y)
        M *= self.gate
        return M


class NetworkOperator(Operator):
    """N_D = F_{D−1} ⋯ F_0, or its Markov form P_D with ``markov``, applied layer by layer in O(T·D) per vector
    for box and triBox kernels (a kernel's own matvec otherwise).

    The same matrix as :func:`generic_network_operator` (the tests compare the two and the dense product): each
    F_ℓ x = x + A_ℓ x + Σ_b g K_b x, triBox as Box(Box x), with Box_b by b − 1 shifted adds for b ≤ 8 (sums of b terms,
    no cancellation) and by one prefix sum beyond, on vectors laid out as rows so that every sum runs along contiguous
    memory. Rounding: a prefix sum of length T is within T·eps·Σ|x| per entry, the same order as the generic chain's.
    """

    def __init__(self, layers: list[NetworkLayer], markov: bool = False):
        self.n = _check_layers(layers)
        self.layers = tuple(layers)
        self.markov = bool(markov)
        self._attention = [_AttentionKernel(layer.attention) for layer in layers]
        self._terms = [[_KernelTerm(term) for term in layer.terms if term.gate] for layer in layers]
        self._scale = [1.0 / layer.row_sums if markov else None for layer in layers]
        parts = [layer.attention for layer in layers] + [term.kernel for layer in layers for term in layer.terms]
        common = frozenset.intersection(*(frozenset(op.tags) for op in parts))
        # F_ℓ keeps the sign and triangularity its parts share (g ≥ 0); its row sums are 2 + G_ℓ, so only the Markov
        # form is row-stochastic: by construction when the parts are, and, nonnegative, when each row is divided by
        # its own sum
        stochastic = markov and (ROW_STOCHASTIC in common or NONNEGATIVE in common)
        self.tags = (common & {NONNEGATIVE, LOWER_TRIANGULAR}) | (
            frozenset({ROW_STOCHASTIC}) if stochastic else frozenset()
        )

    def _rows_mv(self, X):
        for A, terms, c in zip(self._attention, self._terms, self._scale):
            F = X + A.mv(X)
            for term in terms:
                F += term.mv(X)
            if c is not None:
                F *= c
            X = F
        return X

    def _rows_rmv(self, Y):
        for A, terms, c in zip(reversed(self._attention), reversed(self._terms), reversed(self._scale)):
            if c is not None and not isinstance(c, float):
                Y = Y * c  # (diag(c)F)ᵀ = Fᵀ diag(c): a row scaling acts first on the way back
                c = None
            F = Y + A.rmv(Y)
            for term in terms:
                F += term.rmv(Y)
            if c is not None:
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
    """N_D = F_{D−1} ⋯ F_0 (layer 0 acts first), or the Markov form P_D = Π_ℓ diag(F_ℓ𝟏)⁻¹F_ℓ (= N_D/Π(2 + G_ℓ) for
    row-stochastic parts), matrix-free (:class:`NetworkOperator`, O(T·D) per matvec and rmatvec for box and triBox
    kernels).

    ``aslinearoperator()`` gives the scipy LinearOperator; ``as_matrix()`` the dense matrix, for a dense eigensolver.
    """
    return NetworkOperator(layers, markov)


def row_sum(layers: list[NetworkLayer]) -> float:
    """c_D = Π_ℓ (2 + G_ℓ): the common row sum of N_D when every layer's is constant by construction."""
    sums = [layer.row_sums for layer in layers]
    if not all(isinstance(s, float) for s in sums):
        raise InputError("N_D has no constant row sum: some layer's attention or kernel is not row-stochastic")
    return math.prod(float(s) for s in sums)


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


def kernel_diagonal(kernel: Operator) -> np.ndarray:
    """diag(K_b) in closed form: triBox 1/w_t², the box 1/w_t, a causal convolution c_t·h(0) (its cut-row scale)."""
    if isinstance(kernel, TriBox):
        return tribox_diagonal(kernel.n, kernel.b)
    if isinstance(kernel, BoxFilter):
        return 1.0 / filters.window_sizes(kernel.n, kernel.b).astype(float)
    if isinstance(kernel, CausalConvolution):
        return kernel.row_scale * kernel.weights[0]
    raise InputError(
        f"no closed-form diagonal for the kernel {kernel!r}; the kernels are TriBox, BoxFilter and CausalConvolution"
    )


def network_diagonal(layers: list[NetworkLayer], markov: bool = False) -> np.ndarray:
    """diag(N_D) = Π_ℓ diag(F_ℓ): every factor is lower triangular, so the diagonal of the product is the
    product of the diagonals (the eigenvalues of N_D and P_D)."""
    T = _check_layers(layers)
    out = np.ones(T)
    for layer in layers:
        d = 1.0 + causal_diagonal(layer.attention)
        for term in layer.terms:
            d = d + term.gate * kernel_diagonal(term.kernel)
        out *= d / layer.row_sums if markov else d
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


def _comb_probes(T: int, K: int) -> np.ndarray:
    """K + 1 combs z_r = Σ_{j ≡ r mod K+1} e_j, as rows: an operator of lower bandwidth K meets one column of each
    residue class within a row's band, so its products with them read the band exactly."""
    s = K + 1
    Z = np.zeros((s, T))
    tokens = np.arange(T)
    Z[tokens % s, tokens] = 1.0
    return Z


def _band_of_combs(Y: np.ndarray, K: int) -> np.ndarray:
    """band[k, j] = P[j + k, j], k = 0 … K, from the products Y (rows) of P with :func:`_comb_probes`."""
    s, T = Y.shape
    band = np.zeros((K + 1, T))
    for k in range(K + 1):
        rows = np.arange(k, T)
        band[k, : T - k] = Y[(rows - k) % s, rows]
    return band


def lower_band(op: Operator, K: int) -> np.ndarray:
    """The diagonal and first K subdiagonals of a lower-triangular operator whose lower bandwidth is at most K, in
    LAPACK's lower banded storage (band[k, j] = op[j + k, j]), from K + 1 matvecs (a network's in one chain)."""
    K = min(int(K), op.n - 1)
    Z = _comb_probes(op.n, K)
    Y = op.rows_mv(Z) if isinstance(op, NetworkOperator) else np.ascontiguousarray(op._mv(Z.T).T)
    return _band_of_combs(Y, K)


# --------------------------------------------------------------------------- the banded proxy
#
# The preconditioner of theory.network_solvers (see its docstring for why): P̃, the network narrowed to a band.

PROXY_REACH = 32  # K: the proxy's band; banded Cholesky costs O(T·K²), ~2 s at T = 2^20, K = 22


def proxy_band(layers: list[NetworkLayer], reach: int = PROXY_REACH) -> tuple[np.ndarray, int]:
    """The strict lower band of P̃ = Π_ℓ c_ℓ(I + diag A_ℓ + Σ_b g K_b·[kept]), c_ℓ = diag(F_ℓ𝟏)⁻¹ (1/(2 + g_ℓ) for the
    paper's layers): rows ``band[k − 1, j] = P̃[j + k, j]``, k = 1 … K, and K = Σ_ℓ (the reach of layer ℓ's kept
    terms) ≤ ``reach`` (terms kept in order while the sum fits; a kept triBox term of bandwidth b reaches 2(b − 1)).
    P̃ has lower bandwidth K, so K + 1 combs z_r = Σ_{j ≡ r mod K+1} e_j read it exactly."""
    T = _check_layers(layers)
    kept, K = [], 0
    for layer in layers:
        keep, lag = [], 0
        for term in layer.terms:
            wider = max(lag, term.reach)
            keep.append(bool(term.gate) and K + wider <= reach)  # b = 1 (K_b = I) costs no band
            lag = wider if keep[-1] else lag
        kept.append(keep)
        K += lag
    K = min(K, T - 1)
    if K == 0:
        return np.zeros((0, T)), 0
    Z = _comb_probes(T, K)
    for layer, keep in zip(layers, kept):
        X = Z + causal_diagonal(layer.attention) * Z
        for term, k in zip(layer.terms, keep):
            if k:
                X += term.gate * _KernelTerm(term).apply(Z)
        Z = X / layer.row_sums
    return _band_of_combs(Z, K)[1:], K


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
    "PROXY_REACH",
    "NetworkOperator",
    "NetworkLayer",
    "SideTerm",
    "causal_diagonal",
    "default_gate",
    "generic_network_operator",
    "kernel_diagonal",
    "kernel_operator",
    "kernel_reach",
    "layer_bandwidths",
    "lower_band",
    "network_diagonal",
    "network_laplacian",
    "network_layers",
    "network_operator",
    "proxy_band",
    "row_sum",
    "side_path_layers",
    "sink_escape_probability",
    "sink_rank_bound",
    "tribox_diagonal",
]
