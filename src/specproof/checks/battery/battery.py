"""The battery's registry and what its checks share: :class:`Property` (a check, the components it needs,
its sentence, for a rate property the paper's rate and the direction of its guarantee), :data:`PROPERTIES`,
:class:`Outcome`, the rate outcomes (decided by :mod:`.exponents`) and the sweeps over a variant's schedule.

Each property is a plain function ``check_<property>(name, variant)`` returning an :class:`Outcome`,
registered with :func:`battery`; :func:`checks_for` yields those that apply, decided from the
variant's components and layout. The checks themselves live in :mod:`.trsp_checks` and
:mod:`.sdeg_checks`.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, Callable

import numpy as np

from specproof.checks.battery.exponents import RateReading, non_positive, rate_evidence, read_rate
from specproof.engine.methods import fmt
from specproof.engine.registry import Evidence, Role, Status
from specproof.theory.errors import VariantError

if TYPE_CHECKING:
    from specproof.checks.battery.model import Variant


class Finding(StrEnum):
    """What a property of a variant does: its assertion holds or fails; undecided when the evidence could not tell;
    not applicable to the variant's form (with the reason). A declaration may name a rate instead (``RATE``): the
    guarantee's outcome then follows from that rate (:func:`.exponents.keeps`)."""

    HOLDS = "holds"
    FAILS = "fails"
    RATE = "rate"
    UNDECIDED = "undecided"
    NOT_APPLICABLE = "n/a"


@dataclass(frozen=True)
class Property:
    """One property of the battery: its check, the components it needs, and how it reads as a sentence."""

    id: str
    says: str
    source: str
    needs: frozenset
    check: Callable
    rate: str | Callable | None = None  # the rate the papers state (a rate property), or None (holds/fails)
    variable: str = "T"
    when: Callable = lambda variant: True
    when_text: str = ""
    rate_text: str = ""  # how the listing shows a rate that depends on the variant
    guarantee: str = "lower"  # a rate property asserts y = Ω(rate) ("lower") or y = O(rate) ("upper")
    offset: bool = False  # the quantity carries an additive constant (y ≈ c₀ + c·rate)

    @property
    def is_rate(self) -> bool:
        return self.rate is not None

    def default_rate(self, variant: Variant) -> str | None:
        return self.rate(variant) if callable(self.rate) else self.rate

    def applies(self, variant: Variant) -> bool:
        return self.needs <= variant.components() and self.when(variant)

    def asserts(self, variant: Variant) -> str:
        """The guarantee column: '>= 1/log T' (lower) or '<= 1/b' (upper) for a rate property, else ''."""
        if not self.is_rate:
            return ""
        return f"{'>=' if self.guarantee == 'lower' else '<='} {self.default_rate(variant)}"

    def text(self, variant: Variant) -> str:
        """What the property asserts of this variant, with the paper's rate and the floor filled in."""
        return self.says.format(rate=self.default_rate(variant), floor=fmt(variant.mu2_floor))

    def sentence(self, variant: Variant) -> str:
        """The test id: '<variant>: <what it says>' (ASCII, so pytest shows it as written)."""
        return f"{variant.name}: {self.text(variant)}"


PROPERTIES: dict[str, Property] = {}


def battery(
    pid: str,
    *,
    says: str,
    source: str,
    needs=(),
    rate=None,
    variable: str = "T",
    when=None,
    when_text: str = "",
    rate_text: str = "",
    guarantee: str = "lower",
    offset: bool = False,
):
    """Register ``check_<property>(name, variant)`` under its property id."""

    def register(fn):
        PROPERTIES[pid] = Property(
            pid,
            says,
            source,
            frozenset(needs),
            fn,
            rate,
            variable,
            when or (lambda variant: True),
            when_text,
            rate_text,
            guarantee,
            offset,
        )
        return fn

    return register


@dataclass
class Outcome:
    """What a check found: the property holds or fails (the evidence holds a counterexample), or is undecided; a rate
    property carries its measured rate (``reading``: the exponent, its interval and what it is consistent with)."""

    kind: Finding
    evidence: list
    reading: RateReading | None = None

    def label(self) -> str:
        return str(self.kind)


def outcome_of(*evidence: Evidence) -> Outcome:
    """A holds/fails property's outcome: fails when any evidence refutes, undecided when deciding evidence
    is open, else holds."""
    if any(e.status is Status.REFUTED for e in evidence):
        return Outcome(Finding.FAILS, list(evidence))
    if any(e.status is Status.OPEN and e.role is Role.DECIDES for e in evidence):
        return Outcome(Finding.UNDECIDED, list(evidence))
    return Outcome(Finding.HOLDS, list(evidence))


def declared_rate(variant: Variant, pid: str) -> str | None:
    return variant.expectation(PROPERTIES[pid]).model


class TooSmall(VariantError):
    """The sizes leave a property nothing (or too little) to sweep: it stays open, and says which size to raise
    and to what (:func:`size_advice`)."""


def size_advice(variant: Variant, size: str, points: Callable[[int], int], need: int = 3) -> str:
    """Which size to raise and to what: the smallest value of ``[sizes] <size>`` (up to its allowed limit) at which
    the sweep has ``need`` points, ``points(value)`` counting them."""
    from specproof.checks.battery.schema import SIZE_LIMITS

    have, limit = getattr(variant.sizes, size), SIZE_LIMITS[size]
    t_min = variant.sizes.t_min
    lower = f", or lower [sizes] t_min = {t_min}" if t_min is not None and size in ("t_max", "t_operator") else ""
    lo, hi = have, None
    while lo < limit:  # doubling, then bisection (the count grows with the size)
        v = min(2 * lo, limit)
        if points(v) >= need:
            hi = v
            break
        lo = v
    if hi is None:
        return f"no [sizes] {size} up to its limit {limit} gives {need} (have {size} = {have}{lower})"
    while hi - lo > 1:
        mid = (lo + hi) // 2
        lo, hi = (lo, mid) if points(mid) >= need else (mid, hi)
    return f"it needs {need} points: raise [sizes] {size} to at least {hi} (have {size} = {have}{lower})"


def _enough_points(x, what: str, advice: Callable[[], str] | None = None) -> None:
    """A trend over the upper half of a sweep needs two points there: three in all. Too few: :class:`TooSmall`,
    naming the size to raise (``advice``)."""
    if len(x) < 3:
        tail = advice() if advice is not None else "raise the sizes"
        raise TooSmall(f"{what}: the sweep has {len(x)} point(s), too few for a rate; {tail}")


def rate_outcome(
    x, y, *, pid: str, variant: Variant, what: str, ranges: str, advice: Callable[[], str] | None = None
) -> Outcome:
    """A rate property decided from its sweep y(x) (:mod:`.exponents`): its guarantee (y = Ω or O of the paper's
    rate, within the allowance) holds or fails, and the rate is measured as an exponent with its interval; a value
    that is not positive fails, the sweep the counterexample."""
    prop = PROPERTIES[pid]
    _enough_points(x, what, advice)
    bad = non_positive(x, y, variable=prop.variable, what=what, ranges=ranges)
    if bad is not None:
        return Outcome(Finding.FAILS, [bad])
    paper = prop.default_rate(variant)
    if paper is None:
        raise ValueError(f"{pid} states no rate")
    reading = read_rate(
        x,
        y,
        variable=prop.variable,
        paper=paper,
        guarantee=prop.guarantee,
        declared=declared_rate(variant, pid),
        offset=prop.offset,
    )
    ev = rate_evidence(reading, what=what, ranges=ranges)
    return Outcome(Finding.HOLDS if reading.holds else Finding.FAILS, [ev], reading)


def t_text(values, var: str = "T") -> str:
    values = sorted(int(v) for v in values)
    if values == list(range(values[0], values[-1] + 1)):
        return f"every {var} = {values[0]}..{values[-1]}"
    return f"{var} in {{" + ", ".join(map(str, values)) + "}"


def binned(variant: Variant, T, y, pick) -> tuple[np.ndarray, np.ndarray]:
    """The extreme value of y over each epoch of the schedule: x = the epoch's first T, y = pick over it.

    Quantities of a schedule saw-tooth in T: a new layer appears when T reaches the next bandwidth,
    and the last layer covers less and less of T until then. An epoch is a maximal run of T with the
    same number of distinct bandwidths (binary octaves for the dyadic schedule, powers of 3 for the
    triadic one); only epochs that start at T ≥ 8 and end inside the sweep count. With fewer than
    three such epochs (a schedule that stops growing) the bins are binary octaves instead.
    """
    T, y = np.asarray(T), np.asarray(y, float)
    layers = np.array([len(set(bands(variant, int(t)))) for t in T])
    starts = np.flatnonzero(np.r_[True, layers[1:] != layers[:-1]])
    ends = [*starts[1:], len(T)]
    try:
        last_run_ends = len(set(bands(variant, int(T[-1]) + 1))) != layers[-1]
    except VariantError:  # a schedule defined only up to the sweep's end
        last_run_ends = False
    if not last_run_ends:
        ends[-1] = None
    bins = [(a, b) for a, b in zip(starts, ends) if b is not None and T[a] >= 8]
    if len(bins) < 3:
        m = np.floor(np.log2(T)).astype(int)
        bins = [
            (np.flatnonzero(m == o)[0], np.flatnonzero(m == o)[-1] + 1)
            for o in sorted(set(m[T >= 8]))
            if T.max() >= 2 ** (o + 1) - 1
        ]
    return np.array([float(T[a]) for a, _ in bins]), np.array([pick(y[a:b]) for a, b in bins])


def epoch_advice(variant: Variant, size: str, Ts_at: Callable[[int], list[int]]) -> Callable[[], str]:
    """The advice of a rate over the schedule's epochs (:func:`binned`) whose sweep ``Ts_at(value of size)`` is
    too short: the value of the size at which it has three epochs."""

    def count(value: int) -> int:
        T = list(Ts_at(value))
        try:
            return len(binned(variant, T, np.zeros(len(T)), np.min)[0]) if T else 0
        except VariantError:  # a schedule not defined that far
            return 0

    return lambda: size_advice(variant, size, count)


def bands(variant: Variant, T: int) -> tuple:
    """The schedule at T, or the paper's dyadic schedule for a variant that keeps it (:meth:`SidePath.bands`)."""
    return variant.side_path.bands(T)


def gain(variant: Variant, T: int, b: int) -> float:
    """The side path's gain: the variant's gate, checked, or 1 when it has none (:meth:`SidePath.gain`)."""
    return variant.side_path.gain(T, b)


def gate_value(variant: Variant, T: int, b: int) -> float:
    """The variant's gate at (T, b), checked: one finite real number within ±MAX_GATE, else a one-line VariantError."""
    return variant.side_path.gain(T, b)


def _gate_points(variant: Variant) -> list[tuple[int, int]]:
    """Where validation evaluates a gate: every bandwidth of the schedule at the range's ends and at each power of 2
    in it (the sizes the sweeps meet)."""
    Ts = variant.t_range
    picked = {Ts.start, Ts[-1]} | {2**m for m in range(1, Ts[-1].bit_length()) if 2**m in Ts}
    return [(T, b) for T in sorted(picked) for b in dict.fromkeys(bands(variant, T))]


def bands_at_layers(variant: Variant, T: int) -> list[tuple]:
    """The bandwidths each layer realises: one per layer (sparse), all in every layer (dense)."""
    offsets = bands(variant, T)
    return [offsets] if variant.layout == "dense" else [(b,) for b in dict.fromkeys(offsets)]


def operator_hi(variant: Variant) -> int:
    """sizes.t_operator, the largest T of the dense sweeps; :class:`TooSmall` when the schedule starts beyond it."""
    lo, hi = variant.t_range.start, variant.sizes.t_operator
    if hi < lo:
        raise TooSmall(
            f"the variant's sweep starts at T = {lo}, beyond the dense sweeps' [sizes] t_operator = {hi}: nothing to "
            f"sweep; raise [sizes] t_operator to at least {lo}"
        )
    return hi


def operator_Ts(variant: Variant, hi: int | None = None) -> list[int]:
    """Every T up to 32; beyond, each octave's start, middle and end (2^m, 3·2^(m−1), 2^(m+1) − 1), and
    each bandwidth b of the schedule with b − 1, where a new layer appears (the operator's saw-tooth); up to
    ``hi`` (default sizes.t_operator)."""
    lo, hi = variant.t_range.start, operator_hi(variant) if hi is None else hi
    grid = set(range(lo, min(32, hi) + 1)) | {hi}
    for m in range(5, hi.bit_length()):
        grid |= {2**m, 3 * 2 ** (m - 1), 2 ** (m + 1) - 1}
    if variant.schedule is not None:
        grid |= {t for b in bands(variant, hi) for t in (b - 1, b)}
    return sorted(t for t in grid if lo <= t <= hi)


def side_weights(variant: Variant, T: int) -> np.ndarray:
    """W = (M + Mᵀ)/2 with M = Σ_ℓ K_{b_ℓ}: the side path's connection (TRSP App. C.1, symmetrisation).

    Sparse, the layers superpose to M; dense, every single layer is M.
    """
    M = sum((variant.the_kernel.operator(T, b).as_matrix() for b in bands(variant, T)), np.zeros((T, T)))
    return (M + M.T) / 2


def laplacian(W: np.ndarray) -> np.ndarray:
    return np.diag(W.sum(axis=1)) - W


def kernel_bs(variant: Variant) -> list[int]:
    if variant.the_kernel.bandwidths is not None:
        return list(variant.the_kernel.bandwidths)
    return sorted(
        set(range(1, 65)) | {2**m for m in range(variant.sizes.b_max.bit_length()) if 2**m <= variant.sizes.b_max}
    )


def checks_for(variant: Variant):
    """Yield the properties that apply to the variant (from its components and layout), in battery order."""
    for prop in PROPERTIES.values():
        if prop.applies(variant):
            yield prop


def _validate_kernel(variant: Variant) -> None:
    """The kernel gives finite weights at every bandwidth the battery meets."""
    bs = set(kernel_bs(variant))
    if variant.schedule is not None:
        bs |= {b for T in operator_Ts(variant) for b in bands(variant, T)}
    for b in sorted(bs):
        h = variant.the_kernel.float_weights(b)
        if h.ndim != 1 or h.size < 1 or not np.all(np.isfinite(h)):
            raise VariantError(f"kernel {variant.the_kernel.name} at b = {b} must give finite weights, got {h!r}")


def validate_variant(variant: Variant) -> Variant:
    """Call each component once per size it will meet; a component that cannot be evaluated is a VariantError."""
    where = f"variant {variant.name}"
    try:
        if variant.schedule is not None:
            for T in variant.t_range:
                bands(variant, T)
        if variant.kernel is not None:
            _validate_kernel(variant)
        if variant.gate is not None:
            for T, b in [(variant.t_range.start, 1), *_gate_points(variant)]:
                gate_value(variant, T, b)
        if variant.attention is not None:
            variant.the_attention(np.zeros(4))
    except VariantError as exc:
        raise VariantError(f"{where}: {exc}") from None
    except Exception as exc:  # the user's component raised: one line, no traceback
        raise VariantError(f"{where}: a component raised {type(exc).__name__}: {exc}") from None
    return variant
