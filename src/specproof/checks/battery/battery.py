"""The battery's registry and what its checks share: :class:`Property` (a check, the components it needs,
its sentence), :data:`PROPERTIES`, :class:`Outcome`, the rate outcomes (decided by
:mod:`specproof.engine.rates`) and the sweeps over a variant's schedule.

Each property is a plain function ``check_<property>(name, variant)`` returning an :class:`Outcome`,
registered with :func:`battery`; :func:`checks_for` yields those that apply, decided from the
variant's components and layout. The checks themselves live in :mod:`.trsp_checks` and
:mod:`.sdeg_checks`.
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, Callable

import numpy as np

from specproof.engine.methods import fmt
from specproof.engine.rates import (
    drift_flat,
    fit_rate,
    menu_rate_evidence,
    offset_rate_evidence,
    rate_evidence,
    rate_menu,
)
from specproof.engine.registry import Evidence, Role, Status
from specproof.theory import schedules as ts
from specproof.theory.errors import VariantError
from specproof.theory.spec import GATE_RANGE, MAX_GATE

if TYPE_CHECKING:
    from specproof.checks.battery.model import Variant


class Finding(StrEnum):
    """What a property of a variant does: holds, fails or has a rate; undecided when the evidence could
    not tell (an outcome only, never declared, and reported as differing)."""

    HOLDS = "holds"
    FAILS = "fails"
    RATE = "rate"
    UNDECIDED = "undecided"


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

    @property
    def is_rate(self) -> bool:
        return self.rate is not None

    def default_rate(self, variant: Variant) -> str | None:
        return self.rate(variant) if callable(self.rate) else self.rate

    def applies(self, variant: Variant) -> bool:
        return self.needs <= variant.components() and self.when(variant)

    def text(self, variant: Variant) -> str:
        """What the property says of this variant, with its rate and floor filled in."""
        rate = variant.expectation(self).model or self.default_rate(variant)
        return self.says.format(rate=rate, floor=fmt(variant.mu2_floor))

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
        )
        return fn

    return register


@dataclass
class Outcome:
    """What a check found: the property holds, fails (the evidence holds a counterexample), or its rate."""

    kind: Finding
    evidence: list
    rate: str | None = None

    def label(self) -> str:
        return f"rate {self.rate}" if self.kind is Finding.RATE else str(self.kind)


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


def _enough_points(x, what: str) -> None:
    """A trend over the upper half of a sweep needs two points there: three in all."""
    if len(x) < 3:
        raise VariantError(f"{what}: the sweep has {len(x)} point(s), too few for a rate; raise the sizes")


def rate_outcome(x, y, *, variable: str, what: str, ranges: str, declared: str | None) -> Outcome:
    """Classify y(x) into the menu of rates with :func:`checks.rates.menu_rate_evidence` (the flattest ratio, at the
    sweep's drift tolerance); a non-positive value or no flat model fails, the sweep is the counterexample."""
    x, y = np.asarray(x, float), np.asarray(y, float)
    _enough_points(x, what)
    bad = np.flatnonzero(~np.isfinite(y) | (y <= 0))
    if bad.size:
        i = int(bad[0])
        return Outcome(
            Finding.FAILS,
            [
                Evidence(
                    Status.REFUTED,
                    "sweep-fit",
                    f"{what}: {fmt(y[i])} at {variable} = {fmt(x[i])}, not positive, so no rate",
                    ranges=ranges,
                    worst_margin=float(y[i]),
                    counterexample={variable: x.tolist(), "y": y.tolist()},
                )
            ],
        )
    models = rate_menu(variable)
    best, ev = menu_rate_evidence(x, y, models, what=what, ranges=ranges)
    if ev.status is Status.REFUTED:
        return Outcome(Finding.FAILS, [ev])
    evidence = [ev]
    if declared is not None and declared != best:
        evidence.append(
            rate_evidence(
                fit_rate(x, y, models[declared], declared, scale="loglog"),
                ranges=ranges,
                what=f"{what}, against the declared {declared}",
                flat=drift_flat(x),
            )
        )
    return Outcome(Finding.RATE, evidence, best)


def offset_rate_outcome(x, y, *, what: str, ranges: str, declared: str | None) -> Outcome:
    """The rate of a quantity with an additive constant (SDEG Thm 7: stable ranks Θ(k + log(ℓ/k))), by
    :func:`checks.rates.offset_rate_evidence` over the growth models log T, sqrt T and T."""
    x, y = np.asarray(x, float), np.asarray(y, float)
    _enough_points(x, what)
    models = rate_menu("T")
    rate, ev = offset_rate_evidence(x, y, {k: models[k] for k in ("log T", "sqrt T", "T")}, what=what, ranges=ranges)
    if rate is None:
        return Outcome(Finding.FAILS, [ev])
    evidence = [ev]
    if declared is not None and declared != rate:
        evidence.append(
            Evidence(
                Status.REFUTED,
                "sweep-fit",
                f"{what}: the declared rate {declared} does not fit; rate {rate}",
                ranges=ranges,
                data=ev.data,
                counterexample={"x": x.tolist(), "y": y.tolist(), "rate": rate},
            )
        )
    return Outcome(Finding.RATE, evidence, rate)


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


@functools.lru_cache(maxsize=None)
def bands(variant: Variant, T: int) -> tuple:
    """The schedule at T, or the paper's dyadic schedule for a variant that keeps it."""
    return tuple(variant.schedule(T)) if variant.schedule is not None else tuple(ts.geometric_schedule(T, 2))


def gain(variant: Variant, T: int, b: int) -> float:
    """The side path's gain: the variant's gate, or 1 when it has none (the side path added plainly)."""
    return variant.gate(T, b) if variant.gate is not None else 1.0


def bands_at_layers(variant: Variant, T: int) -> list[tuple]:
    """The bandwidths each layer realises: one per layer (sparse), all in every layer (dense)."""
    offsets = bands(variant, T)
    return [offsets] if variant.layout == "dense" else [(b,) for b in dict.fromkeys(offsets)]


def operator_Ts(variant: Variant) -> list[int]:
    """Every T up to 32; beyond, each octave's start, middle and end (2^m, 3·2^(m−1), 2^(m+1) − 1), and
    each bandwidth b of the schedule with b − 1, where a new layer appears (the operator's saw-tooth)."""
    lo, hi = variant.t_range.start, variant.sizes.t_operator
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
    M = sum(variant.kernel.operator(T, b).as_matrix() for b in bands(variant, T))
    return (M + M.T) / 2


def laplacian(W: np.ndarray) -> np.ndarray:
    return np.diag(W.sum(axis=1)) - W


def kernel_bs(variant: Variant) -> list[int]:
    if variant.kernel.bandwidths is not None:
        return list(variant.kernel.bandwidths)
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
        h = variant.kernel.float_weights(b)
        if h.ndim != 1 or h.size < 1 or not np.all(np.isfinite(h)):
            raise VariantError(f"kernel {variant.kernel.name} at b = {b} must give finite weights, got {h!r}")


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
            g = variant.gate(variant.t_range.start, 1)
            if not math.isfinite(g) or abs(g) > MAX_GATE:
                raise VariantError(
                    f"gate {variant.gate.name} gave {g} at T = {variant.t_range.start}, b = 1: {GATE_RANGE}"
                )
        if variant.attention is not None:
            variant.attention(np.zeros(4))
    except VariantError as exc:
        raise VariantError(f"{where}: {exc}") from None
    except Exception as exc:  # the user's component raised: one line, no traceback
        raise VariantError(f"{where}: a component raised {type(exc).__name__}: {exc}") from None
    return variant
