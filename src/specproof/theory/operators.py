"""Matrix-free token-mixing operators with ``mv``, ``rmv``, ``as_matrix``, shape and tags.

Every operator acts on a vector of length T or on a T×d array channel-wise (along axis 0).
Sums, scalar multiples, compositions and transposes compose; tags record the structure an
operator has by construction and are themselves checked in the tests.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
from scipy.sparse.linalg import LinearOperator

from specproof.theory import filters
from specproof.theory.validate import InputError, finite_array, positive_int

SYMMETRIC = "symmetric"
PSD = "psd"
ROW_STOCHASTIC = "row-stochastic"
NONNEGATIVE = "nonnegative"
LOWER_TRIANGULAR = "lower-triangular"
TAGS = frozenset({SYMMETRIC, PSD, ROW_STOCHASTIC, NONNEGATIVE, LOWER_TRIANGULAR})


class Operator:
    """A square linear operator on ℝ^T (or ℝ^{T×d}, channel-wise)."""

    n: int
    tags: frozenset = frozenset()

    @property
    def shape(self) -> tuple[int, int]:
        return (self.n, self.n)

    def mv(self, x) -> np.ndarray:
        return self._mv(self._check(x))

    def rmv(self, y) -> np.ndarray:
        return self._rmv(self._check(y))

    def as_matrix(self) -> np.ndarray:
        """Dense matrix, column by column through ``mv`` unless a subclass knows better."""
        return self._mv(np.eye(self.n))

    def aslinearoperator(self) -> LinearOperator:
        """The scipy view, for Lanczos/LOBPCG/svds."""
        return LinearOperator(self.shape, matvec=self._mv, rmatvec=self._rmv, dtype=np.float64)

    @property
    def T(self) -> "Operator":
        return Transposed(self)

    def _check(self, x) -> np.ndarray:
        x = finite_array("x", x)
        if x.ndim not in (1, 2) or x.shape[0] != self.n:
            raise InputError(
                f"{type(self).__name__} acts on arrays of shape ({self.n},) or ({self.n}, d), got {x.shape}"
            )
        return x

    def _mv(self, x: np.ndarray) -> np.ndarray:
        raise NotImplementedError

    def _rmv(self, y: np.ndarray) -> np.ndarray:
        raise NotImplementedError

    def __add__(self, other: "Operator") -> "Operator":
        return Sum((self, other))

    def __mul__(self, c: float) -> "Operator":
        return Scaled(self, c)

    __rmul__ = __mul__

    def __matmul__(self, other: "Operator") -> "Operator":
        return Composed(self, other)

    def __repr__(self) -> str:
        return f"{type(self).__name__}(n={self.n})"


def _bcast(v: np.ndarray, x: np.ndarray) -> np.ndarray:
    """Reshape a length-T vector to multiply a (T,) or (T, d) array row-wise."""
    return v.reshape((-1,) + (1,) * (x.ndim - 1))


@dataclass(repr=False)
class Dense(Operator):
    """An explicit matrix, for patterns that have no structure (learned attention, tests)."""

    matrix: np.ndarray
    tags: frozenset = frozenset()

    def __post_init__(self):
        self.matrix = finite_array("matrix", self.matrix)
        if self.matrix.ndim != 2 or self.matrix.shape[0] != self.matrix.shape[1]:
            raise InputError(f"Dense needs a square matrix, got shape {self.matrix.shape}")
        self.n = self.matrix.shape[0]
        unknown = set(self.tags) - TAGS
        if unknown:
            raise InputError(f"unknown tags {sorted(unknown)}; allowed: {sorted(TAGS)}")
        self.tags = frozenset(self.tags)

    def _mv(self, x):
        return self.matrix @ x

    def _rmv(self, y):
        return self.matrix.T @ y

    def as_matrix(self):
        return self.matrix.copy()


@dataclass(repr=False)
class Diagonal(Operator):
    """diag(d), a row scaling: the Markov normalisation diag(F𝟏)⁻¹ of a network layer whose row sums are not
    constant by construction."""

    entries: np.ndarray

    def __post_init__(self):
        self.entries = finite_array("diagonal entries", self.entries)
        if self.entries.ndim != 1 or self.entries.size < 1:
            raise InputError(f"a diagonal needs a non-empty 1-D array, got shape {self.entries.shape}")
        self.n = self.entries.size
        nonnegative = bool(np.all(self.entries >= 0))
        self.tags = frozenset(
            {SYMMETRIC, LOWER_TRIANGULAR}
            | ({PSD, NONNEGATIVE} if nonnegative else set())
            | ({ROW_STOCHASTIC} if np.all(self.entries == 1) else set())
        )

    def _mv(self, x):
        return _bcast(self.entries, x) * x

    _rmv = _mv

    def as_matrix(self):
        return np.diag(self.entries)


class Identity(Operator):
    """The identity I_T (the residual path of Eq. 8)."""

    tags = frozenset({SYMMETRIC, PSD, ROW_STOCHASTIC, NONNEGATIVE, LOWER_TRIANGULAR})

    def __init__(self, T: int):
        self.n = positive_int("T", T)

    def _mv(self, x):
        return x.copy()

    _rmv = _mv

    def frobenius_norm_sq(self) -> float:
        """‖I_T‖_F² = T."""
        return float(self.n)


class BoxFilter(Operator):
    """Causal box filter Box_b as an operator, mv by prefix sums (TRSP Eq. 1–2).

    ``mv`` checks x once; ``_mv`` calls the unchecked kernels of :mod:`theory.filters`, so that a chain of
    operators (the network's layers) does not re-check every intermediate.
    """

    tags = frozenset({ROW_STOCHASTIC, NONNEGATIVE, LOWER_TRIANGULAR})

    def __init__(self, T: int, b: int):
        self.n = positive_int("T", T)
        self.b = positive_int("b", b)

    def _mv(self, x):
        return filters.box_apply(x, self.b)

    def _rmv(self, y):
        return filters.box_apply_transpose(y, self.b)

    def __repr__(self):
        return f"BoxFilter(T={self.n}, b={self.b})"


class TriBox(Operator):
    """triBox_b = Box_b ∘ Box_b as an operator, the matrix M_tri (TRSP Eq. 3): two prefix sums per mv,
    in two arrays (:func:`theory.filters.tribox_apply`)."""

    tags = frozenset({ROW_STOCHASTIC, NONNEGATIVE, LOWER_TRIANGULAR})

    def __init__(self, T: int, b: int):
        self.n = positive_int("T", T)
        self.b = positive_int("b", b)

    def _mv(self, x):
        return filters.tribox_apply(x, self.b)

    def _rmv(self, y):
        return filters.tribox_apply_transpose(y, self.b)

    def column_sums(self) -> np.ndarray:
        """Column sums 𝟏ᵀM_tri, in O(T)."""
        return self._rmv(np.ones(self.n))

    def __repr__(self):
        return f"TriBox(T={self.n}, b={self.b})"


class Cesaro(Operator):
    """Cesàro matrix H_ℓ, (H_ℓ)_{ij} = 1_{j≤i}/i (SDEG §3.4): running means."""

    tags = frozenset({ROW_STOCHASTIC, NONNEGATIVE, LOWER_TRIANGULAR})

    def __init__(self, ell: int):
        self.n = positive_int("ell", ell)
        self._inv_i = 1.0 / np.arange(1, self.n + 1)

    def _mv(self, x):
        return np.cumsum(x, axis=0) * _bcast(self._inv_i, x)

    def _rmv(self, y):
        return np.cumsum((y * _bcast(self._inv_i, y))[::-1], axis=0)[::-1]

    def frobenius_norm_sq(self) -> float:
        """‖H_ℓ‖_F² = Σ_i i·(1/i)² = Σ_i 1/i, the harmonic number (pairwise summation)."""
        return float(np.sum(self._inv_i))


class SoftmaxAttention(Operator):
    """Canonical softmax attention softmax(Σ), Σ = diag(s), bidirectional or causal (SDEG §3).

    Row i puts weight a_i = e^{s_i} on itself and 1 on every other visible token (all ℓ of them,
    or j ≤ i under the causal mask), normalised: (A)_{ii} = a_i/(a_i+m_i−1), m_i the visible count.
    Weights are formed in the log domain, so huge scores do not overflow.
    """

    def __init__(self, scores, causal: bool = False):
        s = finite_array("scores", scores)
        if s.ndim != 1 or s.size < 1:
            raise InputError(f"scores must be a non-empty 1-D array of diagonal scores, got shape {s.shape}")
        self.scores = s
        self.causal = bool(causal)
        self.n = s.size
        visible = np.arange(1, self.n + 1) if self.causal else np.full(self.n, self.n)
        # log(a_i + m_i − 1) without forming a_i = e^{s_i}
        with np.errstate(divide="ignore"):  # log 0 = -inf: a row that sees only itself
            log_norm = np.logaddexp(s, np.log(visible - 1.0))
        self.diag_weight = np.exp(s - log_norm)
        self.off_weight = np.where(visible == 1, 0.0, np.exp(-log_norm))
        tags = {ROW_STOCHASTIC, NONNEGATIVE}
        if self.causal:
            tags.add(LOWER_TRIANGULAR)
        self.tags = frozenset(tags)

    def _mv(self, x):
        rest = np.cumsum(x, axis=0) - x if self.causal else x.sum(axis=0, keepdims=True) - x
        return _bcast(self.diag_weight, x) * x + _bcast(self.off_weight, x) * rest

    def _rmv(self, y):
        w = _bcast(self.off_weight, y) * y
        if self.causal:
            rest = np.cumsum(w[::-1], axis=0)[::-1] - w
        else:
            rest = w.sum(axis=0, keepdims=True) - w
        return _bcast(self.diag_weight, y) * y + rest

    def frobenius_norm_sq(self) -> float:
        """Σ_i [(A)_{ii}² + (m_i − 1)·off_i²] = Σ_i (m_i − 1 + a_i²)/(a_i + m_i − 1)² (SDEG, row norms)."""
        visible = np.arange(1, self.n + 1) if self.causal else np.full(self.n, self.n)
        return float(np.sum(self.diag_weight**2 + (visible - 1) * self.off_weight**2))

    def __repr__(self):
        return f"SoftmaxAttention(n={self.n}, causal={self.causal})"


class Sink(Operator):
    """Rank-one attention sink 𝟏e₁ᵀ: every token attends only to the first (TRSP §C.4)."""

    tags = frozenset({ROW_STOCHASTIC, NONNEGATIVE})

    def __init__(self, T: int):
        self.n = positive_int("T", T)

    def _mv(self, x):
        return np.broadcast_to(x[:1], x.shape).copy()

    def _rmv(self, y):
        out = np.zeros_like(y)
        out[0] = y.sum(axis=0)
        return out

    def frobenius_norm_sq(self) -> float:
        """‖𝟏e₁ᵀ‖_F² = T."""
        return float(self.n)


@dataclass(repr=False)
class Scaled(Operator):
    """c·A."""

    op: Operator
    c: float

    def __post_init__(self):
        c = float(self.c)
        if not np.isfinite(c):
            raise InputError(f"a scalar multiple must be finite, got {self.c!r}")
        self.c = c
        self.n = self.op.n
        keep = {SYMMETRIC, LOWER_TRIANGULAR} | ({PSD, NONNEGATIVE} if c >= 0 else set())
        self.tags = frozenset(self.op.tags & keep) | (
            frozenset({ROW_STOCHASTIC}) & self.op.tags if c == 1 else frozenset()
        )

    def _mv(self, x):
        return self.c * self.op._mv(x)

    def _rmv(self, y):
        return self.c * self.op._rmv(y)

    def as_matrix(self):
        return self.c * self.op.as_matrix()

    def frobenius_norm_sq(self) -> float:
        """‖cA‖_F² = c²‖A‖_F², when A has a closed form."""
        if not hasattr(self.op, "frobenius_norm_sq"):
            raise InputError(f"{type(self.op).__name__} has no closed-form Frobenius norm")
        return self.c**2 * self.op.frobenius_norm_sq()


@dataclass(repr=False)
class Sum(Operator):
    """A₁ + A₂ + …; the composite ℳ = I + A_attn + g·M_tri of TRSP Eq. 8 is one."""

    ops: tuple
    tags: frozenset = field(default=frozenset())

    def __post_init__(self):
        flat = []
        for op in self.ops:
            flat.extend(op.ops if isinstance(op, Sum) else (op,))
        sizes = {op.n for op in flat}
        if len(sizes) != 1:
            raise InputError(f"cannot add operators of different sizes {sorted(sizes)}")
        self.ops = tuple(flat)
        self.n = flat[0].n
        self.tags = frozenset.intersection(*(op.tags for op in flat)) & {SYMMETRIC, PSD, NONNEGATIVE, LOWER_TRIANGULAR}

    def _mv(self, x):
        return sum(op._mv(x) for op in self.ops)

    def _rmv(self, y):
        return sum(op._rmv(y) for op in self.ops)

    def as_matrix(self):
        return sum(op.as_matrix() for op in self.ops)


@dataclass(repr=False)
class Composed(Operator):
    """A∘B, applied right to left."""

    left: Operator
    right: Operator

    def __post_init__(self):
        if self.left.n != self.right.n:
            raise InputError(f"cannot compose operators of sizes {self.left.n} and {self.right.n}")
        self.n = self.left.n
        self.tags = self.left.tags & self.right.tags & {ROW_STOCHASTIC, NONNEGATIVE, LOWER_TRIANGULAR}

    def _mv(self, x):
        return self.left._mv(self.right._mv(x))

    def _rmv(self, y):
        return self.right._rmv(self.left._rmv(y))


@dataclass(repr=False)
class Transposed(Operator):
    """Aᵀ."""

    op: Operator

    def __post_init__(self):
        self.n = self.op.n
        self.tags = self.op.tags & {SYMMETRIC, PSD, NONNEGATIVE}

    def _mv(self, x):
        return self.op._rmv(x)

    def _rmv(self, y):
        return self.op._mv(y)

    def as_matrix(self):
        return self.op.as_matrix().T


@dataclass(repr=False)
class Laplacian(Operator):
    """Graph Laplacian L = diag(W𝟏) − W of the symmetrised weights W = (A + Aᵀ)/2.

    Self-loops (the diagonal of A) cancel and play no role; L is symmetric PSD with L𝟏 = 0.
    """

    adjacency: Operator

    def __post_init__(self):
        self.n = self.adjacency.n
        self.tags = frozenset({SYMMETRIC, PSD})
        ones = np.ones(self.n)
        self.degree = 0.5 * (self.adjacency._mv(ones) + self.adjacency._rmv(ones))

    def _mv(self, x):
        return _bcast(self.degree, x) * x - 0.5 * (self.adjacency._mv(x) + self.adjacency._rmv(x))

    _rmv = _mv


def superposed_tribox(T: int, bandwidths) -> Operator:
    """Σ_ℓ M_tri^{(b_ℓ)}: the triBox stack with schedule b_ℓ, before symmetrisation (TRSP §C.1)."""
    T = positive_int("T", T)
    bandwidths = [positive_int("bandwidth", b) for b in bandwidths]
    if not bandwidths:
        raise InputError("the schedule must have at least one bandwidth")
    return Sum(tuple(TriBox(T, b) for b in bandwidths))


def superposed_tribox_laplacian(T: int, bandwidths=None) -> Laplacian:
    """Laplacian of the real operator: symmetrised sum of causal triBox matrices, no wrap-around.

    Default bandwidths: the dyadic schedule b_ℓ = min(2^ℓ, T) (TRSP Eq. 5).
    """
    bandwidths = filters.dyadic_schedule(T) if bandwidths is None else bandwidths
    return Laplacian(superposed_tribox(T, bandwidths))


def composite_operator(attention: Operator, gate: float, bandwidth: int) -> Operator:
    """ℳ = I + A_attn + g·M_tri (TRSP Eq. 8)."""
    T = attention.n
    return Sum((Identity(T), attention, Scaled(TriBox(T, bandwidth), gate)))
