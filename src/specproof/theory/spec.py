"""The side path as data: what a TRSP variant changes, independent of how it is checked or trained.

A side path Σ_ℓ g(T, b_ℓ)·K_{b_ℓ} (TRSP Eq. 6) is a :class:`Schedule` (the bandwidths b_ℓ(T), one per layer), a
:class:`Kernel` (the causal kernel h_b and, optionally, the exact filter it stands for), a :class:`Gate` (the gain
g(T, b), Eq. 7 for the paper's) and a layout ("sparse": bandwidth b_ℓ in layer ℓ; "dense": every bandwidth of the
schedule in every layer); an :class:`Attention` model maps SDEG's canonical scores to an attention matrix. A
:class:`SidePath` bundles them. The network (:mod:`specproof.theory.network`), the decoder (``theory.torch``), the
variant battery and the trainer all read the same objects; the paper's own side path is :func:`paper_side_path`.
"""

from __future__ import annotations

import functools
import numbers
from dataclasses import dataclass
from fractions import Fraction
from typing import Callable, Mapping, Sequence

import numpy as np

from specproof.theory import kernels as tk
from specproof.theory import schedules as ts
from specproof.theory.errors import VariantError
from specproof.theory.operators import Operator, SoftmaxAttention, TriBox

LAYOUTS = ("sparse", "dense")
# The most layers a side path may have: the full-depth network multiplies one dense T×T factor per layer at every T
# of its sweep, so depth is paid for at every size. 64 is about four times the deepest schedule the paper's sizes
# meet (the dyadic one has 15 layers at T = 2^14); a deeper schedule is refused when it is built, before any work.
MAX_LAYERS = 64
LAYERS_WHY = "about 4 times the dyadic schedule's 15 layers at T = 2^14: each layer is paid for at every T swept"
# The longest row of an explicit kernel and the widest hidden layer of the Eq. 7 gate module (16 in the paper):
# both are evaluated at every size a sweep meets.
MAX_KERNEL_LENGTH = 2**14
MAX_GATE_HIDDEN = 1024


def _depth(depth: int | None) -> int | None:
    """A schedule's depth within 1 … MAX_LAYERS (None: the schedule's own), checked when it is built."""
    if depth is None:
        return None
    if isinstance(depth, bool) or not isinstance(depth, numbers.Integral) or not 1 <= depth <= MAX_LAYERS:
        raise VariantError(f"depth = {depth!r}: outside the allowed range 1 … {MAX_LAYERS} ({LAYERS_WHY})")
    return int(depth)


# Box_b^{∘order} has integer weights up to b^order over the denominator b^order: they must stay float64 numbers
# (b^order < 2^1024) for every bandwidth up to 2^14 (the largest sizes.b_max), so order ≤ 73; 64 keeps a margin.
MAX_CASCADE_ORDER = 64
# A constant gate g scales the side path's matrices, which the real-attention properties hash in int64 at the
# resolution 2^-40 (so g·|entry| < 2^23) and the rank floor squares (g²E_b); |g| ≤ 1000 keeps every check evaluable.
MAX_GATE = 1000.0
GATE_RANGE = (
    f"outside the allowed range {-MAX_GATE:g} … {MAX_GATE:g} (the checks square g and hash g times the side path's "
    "matrices in 64-bit integers)"
)


def explicit_bandwidths(values) -> list[int]:
    """A nonempty list of integer bandwidths b >= 1 (bools and non-integral numbers refused), or a VariantError."""
    try:
        bands = list(values)
    except TypeError:
        raise VariantError(f"bandwidths must be a list of integers, got {values!r}") from None
    if not bands:
        raise VariantError("bandwidths is empty; allowed: a nonempty list of integers >= 1")
    if len(bands) > MAX_LAYERS:
        raise VariantError(f"{len(bands)} bandwidths: more layers than the allowed {MAX_LAYERS} ({LAYERS_WHY})")
    for i, b in enumerate(bands):
        if isinstance(b, (bool, np.bool_)) or not isinstance(b, numbers.Integral) or b < 1:
            raise VariantError(f"bandwidths[{i}] = {b!r}; allowed: an integer >= 1")
    return [int(b) for b in bands]


def explicit_kernel(weights: Mapping, denominators=None) -> dict[int, list[Fraction]]:
    """Integer weights per bandwidth, h_b(r) = weights[b][r] / denominator_b (default: the row's sum), as exact
    fractions; a VariantError names the entry that is not an integer row or cannot be normalised."""
    if not isinstance(weights, Mapping) or not weights:
        raise VariantError(f"kernel.weights must map bandwidths to integer rows, got {weights!r}")
    table = {}
    for key, row in weights.items():
        b = int(key) if isinstance(key, str) and key.strip().isdigit() else key
        if isinstance(b, bool) or not isinstance(b, numbers.Integral) or b < 1:
            raise VariantError(f"kernel.weights key {key!r}; allowed: a bandwidth, an integer >= 1")
        if isinstance(row, (str, bytes)) or not isinstance(row, Sequence) or not row:
            raise VariantError(f"kernel.weights[{b}] = {str(row)[:80]}; allowed: a nonempty list of integers")
        if len(row) > MAX_KERNEL_LENGTH:
            raise VariantError(
                f"kernel.weights[{b}] has {len(row)} weights; allowed: at most {MAX_KERNEL_LENGTH} (the kernel is "
                "applied at every size a sweep meets)"
            )
        for r, w in enumerate(row):
            if isinstance(w, bool) or not isinstance(w, numbers.Integral):
                raise VariantError(f"kernel.weights[{b}][{r}] = {w!r}; allowed: an integer")
        if isinstance(denominators, Mapping):
            den = denominators.get(b, denominators.get(str(b)))
        else:
            den = denominators
        if den is not None and (isinstance(den, bool) or not isinstance(den, numbers.Integral) or den < 1):
            raise VariantError(f"kernel.denominator for b = {b} is {den!r}; allowed: an integer >= 1")
        den = sum(row) if den is None else den
        if den == 0:
            raise VariantError(f"the weights for b = {b} sum to 0, so they cannot be normalised; give a denominator")
        table[int(b)] = [Fraction(int(w), int(den)) for w in row]
    return table


def _int_bandwidths(values, T: int, who: str) -> list[int]:
    try:
        raw = list(values)
    except TypeError:
        raise VariantError(f"{who} must return a sequence of integers, got {values!r}") from None
    if not raw:
        raise VariantError(f"{who} returned no bandwidth at T = {T}")
    if len(raw) > MAX_LAYERS:
        raise VariantError(
            f"{who} returned {len(raw)} bandwidths at T = {T}: more layers than the allowed {MAX_LAYERS} ({LAYERS_WHY})"
        )
    out = []
    for b in raw:
        integral = isinstance(b, numbers.Integral) or isinstance(b, numbers.Real) and float(b).is_integer()
        if isinstance(b, (bool, np.bool_)) or not integral:
            raise VariantError(f"{who} returned {b!r} at T = {T}; bandwidths are integers")
        if not 1 <= int(b) <= T:
            raise VariantError(
                f"{who} returned {int(b)} at T = {T}; every bandwidth must satisfy 1 <= b <= T "
                "(clamp with min(b, T), or raise sizes.t_min)"
            )
        out.append(int(b))
    return out


@dataclass(frozen=True, eq=False)
class Schedule:
    """Bandwidths b_ℓ(T), one per layer. ``min_T`` is the smallest T it is defined at."""

    name: str
    bandwidths: Callable[[int], Sequence[int]]
    min_T: int = 2

    def __call__(self, T: int) -> list[int]:
        return _int_bandwidths(self.bandwidths(T), T, f"schedule {self.name}")

    @classmethod
    def geometric(cls, base: int, depth: int | None = None) -> "Schedule":
        """b_ℓ = min(base^ℓ, T); base 2 is the paper's dyadic schedule (TRSP Eq. 5)."""
        depth = _depth(depth)
        ts.geometric_schedule(base, base, depth)  # validates base and depth now
        label = "dyadic 2^l" if base == 2 else f"geometric {base}^l"
        return cls(label + (f", depth {depth}" if depth else ""), lambda T: ts.geometric_schedule(T, base, depth))

    @classmethod
    def constant(cls, bandwidth: int | None = None, depth: int | None = None) -> "Schedule":
        """The same bandwidth at every layer; None means b_ℓ = T (the "w/o dyadic" ablation of TRSP §5.2)."""
        depth = _depth(depth)
        label = "constant b = T" if bandwidth is None else f"constant b = {bandwidth}"
        return cls(label, lambda T: ts.constant_schedule(T, bandwidth, depth), min_T=max(2, bandwidth or 2))

    @classmethod
    def explicit(cls, bandwidths: Sequence[int]) -> "Schedule":
        """A fixed list of bandwidths, the same at every T (so T starts at its largest entry)."""
        bands = explicit_bandwidths(bandwidths)
        return cls(f"explicit {bands}", lambda T: list(bands), min_T=max(2, max(bands)))


@dataclass(frozen=True, eq=False)
class Kernel:
    """A causal kernel family h_b(r), r = 0..m−1 (lag), and optionally the exact filter it stands for.

    ``weights(b)`` may return ints/Fractions (checked exactly) or floats. Without ``filter`` the
    real operator is :class:`theory.kernels.CausalConvolution`. ``bandwidths`` limits an explicit
    kernel to the b it is given at.
    """

    name: str
    weights: Callable[[int], Sequence]
    filter: Callable[[int, int], Operator] | None = None
    bandwidths: tuple | None = None

    def float_weights(self, b: int) -> np.ndarray:
        return _float_weights(self, b)

    def operator(self, T: int, b: int) -> Operator:
        """The real T×T operator of one layer with bandwidth b."""
        return self.filter(T, b) if self.filter is not None else tk.CausalConvolution(T, self.float_weights(b))

    @classmethod
    def triangular(cls) -> "Kernel":
        """h_b(r) = (b − |r − (b−1)|)/b² (TRSP Eq. 4); the operator is the exact triBox cascade (Eq. 3)."""
        return cls("triangular (triBox)", lambda b: tk.cascade_kernel_exact(b, 2), filter=TriBox)

    @classmethod
    def box(cls) -> "Kernel":
        """Uniform h_b(r) = 1/b, r < b: the causal box filter of TRSP Eq. 1 (the §5.2 "w/o triangular kernel")."""
        return cls("box", lambda b: tk.cascade_kernel_exact(b, 1))

    @classmethod
    def cascade(cls, order: int) -> "Kernel":
        """Box_b^{∘order}: order 1 is the box, order 2 the triangle."""
        tk.cascade_kernel_numerators(1, order)  # validates order now
        if order > MAX_CASCADE_ORDER:
            raise VariantError(
                f"cascade order = {order}: outside the allowed range 1 … {MAX_CASCADE_ORDER} (its weights b^order "
                "must stay float64 numbers)"
            )
        return cls(f"cascade of {order} boxes", lambda b: tk.cascade_kernel_exact(b, order))

    @classmethod
    def explicit(
        cls, weights: Mapping[int, Sequence[int]], denominators: Mapping[int, int] | int | None = None
    ) -> "Kernel":
        """Integer weights per bandwidth, h_b(r) = weights[b][r] / denominator_b (default: the row's sum)."""
        table = explicit_kernel(weights, denominators)
        return cls(f"explicit at b in {sorted(table)}", table.__getitem__, bandwidths=tuple(sorted(table)))


@functools.lru_cache(maxsize=512)
def _float_weights(kernel: Kernel, b: int) -> np.ndarray:
    return np.asarray([float(w) for w in kernel.weights(b)], dtype=np.float64)


@dataclass(frozen=True, eq=False)
class Gate:
    """The gain g(T, b) of the side path (TRSP Eq. 7 for the paper's gate)."""

    name: str
    value: Callable[[int, int], float]

    def __call__(self, T: int, b: int) -> float:
        return float(self.value(T, b))

    @classmethod
    def trsp(cls, seed: int = 0, hidden: int = 16) -> "Gate":
        """g = σ(MLP(log₂ r))·r^φ, r = b/T (TRSP Eq. 7), the module initialised with ``seed``."""
        from specproof.theory.torch.gate import LongContextGate, gate_value

        if isinstance(hidden, bool) or not isinstance(hidden, numbers.Integral) or not 1 <= hidden <= MAX_GATE_HIDDEN:
            raise VariantError(
                f"gate hidden = {hidden!r}: outside the allowed range 1 … {MAX_GATE_HIDDEN} (the gate module is "
                "evaluated at every size a sweep meets; the paper's has 16)"
            )
        params = LongContextGate(hidden=hidden, seed=seed).params()
        return cls(f"trsp (hidden {hidden}, seed {seed})", lambda T, b: float(gate_value(b / T, params)))

    @classmethod
    def constant(cls, value: float) -> "Gate":
        if not isinstance(value, numbers.Real) or isinstance(value, bool) or not abs(value) <= MAX_GATE:
            raise VariantError(f"constant gate value = {value!r}: {GATE_RANGE}")
        return cls(f"constant {value}", lambda T, b: float(value))


@dataclass(frozen=True, eq=False)
class Attention:
    """An attention model: diagonal scores s (SDEG's canonical Σ = diag(s)) → an ℓ×ℓ matrix."""

    name: str
    matrix: Callable[[np.ndarray], np.ndarray]
    causal: bool

    def __call__(self, scores) -> np.ndarray:
        s = np.asarray(scores, dtype=np.float64)
        A = np.asarray(self.matrix(s), dtype=np.float64)
        if A.shape != (s.size, s.size):
            raise VariantError(
                f"attention {self.name} must map {s.size} scores to a finite {s.size}x{s.size} matrix, "
                f"got shape {A.shape}"
            )
        if not np.all(np.isfinite(A)):
            bad = ", ".join(
                f"{int(n)} {what}" for n, what in ((np.isnan(A).sum(), "NaN"), (np.isinf(A).sum(), "infinite")) if n
            )
            raise VariantError(
                f"attention {self.name} must map {s.size} scores to a finite {s.size}x{s.size} matrix, got {bad} "
                f"value(s) of {A.size}"
            )
        return A

    @classmethod
    def softmax(cls, causal: bool) -> "Attention":
        """SDEG's canonical softmax(Σ) (bidirectional) or softmax(Σ + M) (causal)."""
        return cls(
            f"softmax ({'causal' if causal else 'bidirectional'})",
            lambda s: SoftmaxAttention(s, causal=causal).as_matrix(),
            causal=bool(causal),
        )


@dataclass(frozen=True, eq=False)
class SidePath:
    """A side path: its schedule (default dyadic), kernel (default triBox), gate (default none: gain 1), attention
    model and layout. A :class:`~specproof.checks.battery.Variant` is one with expectations; training and the network
    need only this."""

    name: str
    schedule: Schedule | None = None
    kernel: Kernel | None = None
    gate: Gate | None = None
    attention: Attention | None = None
    layout: str = "sparse"
    description: str = ""

    def __post_init__(self):
        if self.layout not in LAYOUTS:
            raise VariantError(f"layout {self.layout!r}; allowed: {', '.join(LAYOUTS)}")

    # what every reader of a side path asks of it (the network, the battery, the trainer), each answer cached per side
    # path and size: the battery calls these once per property, never its own copies (the kernel's band, which needs
    # the network's operators, is theory.network.kernel_band, cached per kernel)

    def bands(self, T: int) -> tuple[int, ...]:
        """The schedule's bandwidths at T (the dyadic schedule when the side path keeps the paper's)."""
        return _bands(self, T)

    def layer_bands(self, T: int) -> tuple[tuple[int, ...], ...]:
        """The bandwidths of each layer at T: one per layer (sparse, duplicates kept), every one in each (dense)."""
        return _layer_bands(self, T)

    def gain(self, T: int, b: int) -> float:
        """The side path's gain at (T, b): its gate, checked (one finite real within ±MAX_GATE, else a one-line
        VariantError naming what it returned and where), or 1 without a gate (the side path added plainly)."""
        return 1.0 if self.gate is None else _gain(self, T, b)


@functools.lru_cache(maxsize=8192)
def _bands(side_path: SidePath, T: int) -> tuple[int, ...]:
    schedule = side_path.schedule if side_path.schedule is not None else Schedule.geometric(2)
    return tuple(schedule(T))


@functools.lru_cache(maxsize=8192)
def _layer_bands(side_path: SidePath, T: int) -> tuple[tuple[int, ...], ...]:
    offsets = _bands(side_path, T)
    return tuple([offsets] * len(offsets) if side_path.layout == "dense" else [(b,) for b in offsets])


@functools.lru_cache(maxsize=65536)
def _gain(side_path: SidePath, T: int, b: int) -> float:
    gate = side_path.gate
    assert gate is not None  # SidePath.gain answers 1 without a gate
    raw = gate.value(T, b)
    if isinstance(raw, (bool, np.bool_)) or not (
        isinstance(raw, numbers.Real) or (isinstance(raw, (np.ndarray, np.generic)) and np.ndim(raw) == 0)
    ):
        got = f"an array of shape {np.shape(raw)}" if isinstance(raw, np.ndarray) else f"a {type(raw).__name__}"
        raise VariantError(f"gate {gate.name} must return one real number g(T, b), got {got} at T = {T}, b = {b}")
    try:
        g = float(raw)
    except (TypeError, ValueError):  # a 0-d array of a complex or object dtype
        raise VariantError(
            f"gate {gate.name} must return one real number g(T, b), got {raw!r} at T = {T}, b = {b}"
        ) from None
    if not np.isfinite(g) or abs(g) > MAX_GATE:
        raise VariantError(f"gate {gate.name} gave {g:g} at T = {T}, b = {b}: {GATE_RANGE}")
    return g


def paper_side_path(gate: Gate | None = None, depth: int | None = None) -> SidePath:
    """TRSP's own side path: the dyadic schedule (Eq. 5), the triBox kernel (Eq. 3–4), the Eq. 7 gate as the
    project reconstructs it (:meth:`Gate.trsp`, seed 0) unless another is given, one bandwidth per layer.

    ``depth`` fixes the number of layers D when the model is built (b_ℓ = min(2^ℓ, T), ℓ < D, at every T);
    by default the schedule has ⌊log₂ T⌋ + 1 layers at T."""
    return SidePath(
        "trsp",
        schedule=Schedule.geometric(2, depth),
        kernel=Kernel.triangular(),
        gate=Gate.trsp() if gate is None else gate,
        description="TRSP Eq. 6: dyadic, triBox, Eq. 7 gate",
    )


STATIC_GATE = 0.5  # the "static scalar" gate of the §5.2 ablation: the midpoint of Eq. 7's range (0, 1)


def paper_ablations(gate: Gate | None = None) -> dict[str, SidePath]:
    """TRSP's side path and its §5.2 / Table 4 ablations, by Table 4's names: a static scalar gain
    (:data:`STATIC_GATE`) instead of Eq. 7; b_ℓ = T at every layer; a box instead of the triangle; every bandwidth in
    every layer (dense). ``gate`` replaces Eq. 7's (the reconstructed :meth:`Gate.trsp`) where the ablation keeps it."""
    gate = Gate.trsp() if gate is None else gate
    dyadic, tri = Schedule.geometric(2), Kernel.triangular()
    return {
        "trsp": paper_side_path(gate),
        "static-gate": SidePath(
            "static-gate",
            schedule=dyadic,
            kernel=tri,
            gate=Gate.constant(STATIC_GATE),
            description=f"§5.2 w/o gate: a static scalar g = {STATIC_GATE}",
        ),
        "no-dyadic": SidePath(
            "no-dyadic",
            schedule=Schedule.constant(None),
            kernel=tri,
            gate=gate,
            description="§5.2 w/o dyadic bandwidth: b_l = T at every layer",
        ),
        "box-kernel": SidePath(
            "box-kernel",
            schedule=dyadic,
            kernel=Kernel.box(),
            gate=gate,
            description="§5.2 w/o triangular kernel: a uniform box",
        ),
        "dense-full-sweep": SidePath(
            "dense-full-sweep",
            schedule=dyadic,
            kernel=tri,
            gate=gate,
            layout="dense",
            description="§5.2 Dense (Full-Sweep): every bandwidth in every layer",
        ),
    }
