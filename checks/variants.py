"""Sanity-check a variant of TRSP: a battery of property checks against a user's schedule, kernel, gate
or attention model, in the manner of scikit-learn's estimator checks.

A :class:`Variant` declares what it changes (components) and what it expects of itself (``expect``:
per property "holds", a declared failure with its reason, or a rate). Each property is a plain
function ``check_<property>(name, variant)`` returning an :class:`Outcome`; :func:`checks_for`
yields only the checks that apply, decided from the variant's components and layout. Three front
ends share that generator: :func:`check_variant` (the Python API, returns a :class:`VariantReport`),
:func:`parametrize_with_checks` (pytest), and ``specproof variant FILE.py`` / ``--spec FILE.toml``.
Evidence, statuses and number formatting are those of the claims (checks.registry, checks.methods).
"""

from __future__ import annotations

import functools
import importlib.util
import json
import math
import numbers
import re
import sys
import time
from dataclasses import dataclass, field, replace
from fractions import Fraction
from pathlib import Path
from typing import Callable, Mapping, Sequence

import numpy as np
from hypothesis import strategies as st
from scipy.sparse.csgraph import connected_components

from specproof.checks import strategies as sst
from specproof.checks.methods import fit_rate, fit_with_corrections, float_tolerance, fmt, grid_check, property_search, rate_evidence
from specproof.checks.registry import Context, Evidence, Status
from specproof.checks.io import write_atomic
from specproof.checks.report import decide, methods_of, worst_margin
from specproof.theory import kernels as tk
from specproof.theory import schedules as ts
from specproof.theory.validate import InputError
from specproof.theory.cayley import cayley_degree, cayley_laplacian_spectrum
from specproof.theory.operators import Operator, SoftmaxAttention, TriBox
from specproof.theory.spectral import algebraic_connectivity, normalized_gap, singular_values, stable_rank


class VariantError(InputError):
    """A variant (or its file or spec) that cannot be checked: reported in one line, exit 2."""


HOLDS, FAILS, RATE = "holds", "fails", "rate"
UNDECIDED = "undecided"  # an outcome only: the evidence could not decide (never declared; reported as differing)

# --------------------------------------------------------------------------- rates

# The menu of rates a sweep is classified into: x^a·(log x)^c. On the log log x scale used for the
# trend of y/f, the models' trends are spaced by exactly 1 between 1, log x and 1/log x, and by
# 0.5·log x − 1 ≥ 0.7 between sqrt x and log x over the upper halves (x ≥ 32) of the default
# sweeps; a model "fits" when its trend is within ±RATE_FLAT, so at most one does.
_RATE_EXPONENTS = ((0, 0), (0, 1), (0, -1), (0.5, 0), (-0.5, 0), (1, 0), (-1, 0), (2, 0), (-2, 0))
RATE_FLAT = 0.4


def _rate_name(a: float, c: int, x: str) -> str:
    up, down = [], []
    for power, text in ((a, {0.5: f"sqrt {x}", 1: x, 2: f"{x}^2"}), (c, {1: f"log {x}"})):
        if power > 0:
            up.append(text[power])
        elif power < 0:
            down.append(text[-power])
    num = " ".join(up) or "1"
    return f"{num}/{' '.join(down)}" if down else num


def rate_models(x: str = "T") -> dict[str, Callable]:
    """The closed menu of rates in the variable ``x``, name → function."""
    return {_rate_name(a, c, x): (lambda v, a=a, c=c: np.asarray(v, float) ** a * np.log(np.asarray(v, float)) ** c)
            for a, c in _RATE_EXPONENTS}


def parse_rate(text: str, x: str = "T") -> str:
    """A rate name from the menu (spaces and case of "log"/"sqrt" normalised), or a VariantError."""
    models = rate_models(x)
    wanted = " ".join(str(text).replace("Θ", "").strip("() ").split())
    for name in models:
        if name.replace(" ", "").lower() == wanted.replace(" ", "").lower():
            return name
    raise VariantError(f"unknown rate {text!r} (in {x}); allowed: {', '.join(repr(n) for n in models)}")


# --------------------------------------------------------------------------- components


def _int_bandwidths(values, T: int, who: str) -> list[int]:
    try:
        raw = list(values)
    except TypeError:
        raise VariantError(f"{who} must return a sequence of integers, got {values!r}") from None
    if not raw:
        raise VariantError(f"{who} returned no bandwidth at T = {T}")
    out = []
    for b in raw:
        integral = isinstance(b, numbers.Integral) or isinstance(b, numbers.Real) and float(b).is_integer()
        if isinstance(b, (bool, np.bool_)) or not integral:
            raise VariantError(f"{who} returned {b!r} at T = {T}; bandwidths are integers")
        if not 1 <= int(b) <= T:
            raise VariantError(f"{who} returned {int(b)} at T = {T}; every bandwidth must satisfy 1 <= b <= T "
                               "(clamp with min(b, T), or raise sizes.t_min)")
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
        ts.geometric_schedule(base, base, depth)  # validates base and depth now
        label = "dyadic 2^l" if base == 2 else f"geometric {base}^l"
        return cls(label + (f", depth {depth}" if depth else ""), lambda T: ts.geometric_schedule(T, base, depth))

    @classmethod
    def constant(cls, bandwidth: int | None = None, depth: int | None = None) -> "Schedule":
        """The same bandwidth at every layer; None means b_ℓ = T (the "w/o dyadic" ablation of TRSP §5.2)."""
        label = "constant b = T" if bandwidth is None else f"constant b = {bandwidth}"
        return cls(label, lambda T: ts.constant_schedule(T, bandwidth, depth), min_T=max(2, bandwidth or 2))

    @classmethod
    def explicit(cls, bandwidths: Sequence[int]) -> "Schedule":
        """A fixed list of bandwidths, the same at every T (so T starts at its largest entry)."""
        bands = list(bandwidths)
        if not bands:
            raise VariantError("an explicit schedule needs at least one bandwidth")
        for i, b in enumerate(bands):
            if isinstance(b, bool) or not isinstance(b, int) or b < 1:
                raise VariantError(f"explicit schedule: bandwidth [{i}] = {b!r}; a bandwidth is an integer >= 1")
        return cls(f"explicit {bands}", lambda T: list(bands), min_T=max(2, max(bands)))


def _is_exact(weights) -> bool:
    return all(isinstance(w, (int, Fraction)) and not isinstance(w, bool) for w in weights)


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
        return cls(f"cascade of {order} boxes", lambda b: tk.cascade_kernel_exact(b, order))

    @classmethod
    def explicit(cls, weights: Mapping[int, Sequence[int]], denominators: Mapping[int, int] | int | None = None) -> "Kernel":
        """Integer weights per bandwidth, h_b(r) = weights[b][r] / denominator_b (default: the row's sum)."""
        table = {}
        for b, row in weights.items():
            den = denominators.get(b) if isinstance(denominators, Mapping) else denominators
            den = sum(row) if den is None else den
            if den == 0:
                raise VariantError(f"kernel weights for b = {b} sum to 0; give a denominator")
            table[int(b)] = [Fraction(int(w), int(den)) for w in row]
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
        from specproof.theory.gate import LongContextGate, gate_value

        params = LongContextGate(hidden=hidden, seed=seed).params()
        return cls(f"trsp (hidden {hidden}, seed {seed})", lambda T, b: float(gate_value(b / T, params)))

    @classmethod
    def constant(cls, value: float) -> "Gate":
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
        if A.shape != (s.size, s.size) or not np.all(np.isfinite(A)):
            raise VariantError(f"attention {self.name} must map {s.size} scores to a finite {s.size}x{s.size} matrix, "
                               f"got shape {A.shape}")
        return A

    @classmethod
    def softmax(cls, causal: bool) -> "Attention":
        """SDEG's canonical softmax(Σ) (bidirectional) or softmax(Σ + M) (causal)."""
        return cls(f"softmax ({'causal' if causal else 'bidirectional'})",
                   lambda s: SoftmaxAttention(s, causal=causal).as_matrix(), causal=bool(causal))


# --------------------------------------------------------------------------- expectations, sizes, variant


@dataclass(frozen=True)
class Expect:
    """What a variant declares about one property: it holds, it fails (with the reason), or its rate."""

    outcome: str = HOLDS
    model: str | None = None
    reason: str = ""

    def __post_init__(self):
        if self.outcome not in (HOLDS, FAILS, RATE):
            raise VariantError(f"an expectation is 'holds', 'fails' or 'rate', got {self.outcome!r}")
        if self.outcome == FAILS and not self.reason.strip():
            raise VariantError("a declared failure needs its reason (expected failures are never silent)")
        if (self.outcome == RATE) != (self.model is not None):
            raise VariantError("a rate expectation names its model, and only a rate expectation does")

    @classmethod
    def holds(cls, reason: str = "") -> "Expect":
        return cls(HOLDS, reason=reason)

    @classmethod
    def fails(cls, reason: str) -> "Expect":
        return cls(FAILS, reason=reason)

    @classmethod
    def rate(cls, model: str, reason: str = "") -> "Expect":
        return cls(RATE, model=model, reason=reason)

    def label(self) -> str:
        return f"rate {self.model}" if self.outcome == RATE else self.outcome


@dataclass(frozen=True)
class Sizes:
    """How far the battery sweeps. ``t_min=None`` starts at the smallest T the schedule allows."""

    t_min: int | None = None
    t_max: int = 1024  # skeleton, closed form at every T
    t_operator: int = 256  # real operator, dense
    b_max: int = 1024  # kernel bandwidths
    attention_max: int = 256  # attention sequence length, dense
    examples: int = 100  # structured examples per property search

    def __post_init__(self):
        # the smallest sweeps that still give three points to every rate fit
        for name, lo in (("t_max", 64), ("t_operator", 64), ("b_max", 16), ("attention_max", 64), ("examples", 10)):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < lo:
                raise VariantError(f"sizes.{name} must be an integer >= {lo}, got {value!r}")
        if self.t_min is not None and (isinstance(self.t_min, bool) or not isinstance(self.t_min, int)
                                       or not 2 <= self.t_min <= self.t_max):
            raise VariantError(f"sizes.t_min must be an integer with 2 <= t_min <= t_max = {self.t_max}, got {self.t_min!r}")


_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.+-]*$")


@dataclass(frozen=True, eq=False, repr=False)
class Variant:
    """A TRSP variant: the components it changes and what it expects of itself.

    ``layout`` "sparse" puts bandwidth b_ℓ in layer ℓ (the paper); "dense" realises every offset of
    the schedule in each layer (the full-sweep ablation, TRSP §5.2 / App. C.3.3). ``expect`` maps a
    property id to an :class:`Expect`, "holds", "fails: <reason>" or a rate name; properties not
    named are expected to hold (or to have the rate the papers state).
    """

    name: str
    schedule: Schedule | Callable | None = None
    kernel: Kernel | None = None
    gate: Gate | Callable | None = None
    attention: Attention | None = None
    layout: str = "sparse"
    expect: Mapping = field(default_factory=dict)
    mu2_floor: float = 2.0  # the constant the skeleton's μ₂ is claimed to stay above (Thm C.6: 2)
    sizes: Sizes = field(default_factory=Sizes)
    description: str = ""

    def __post_init__(self):
        if not isinstance(self.name, str) or not _NAME.match(self.name):
            raise VariantError(f"a variant name is letters, digits and . _ + - (no spaces), got {self.name!r}")
        set_ = lambda k, v: object.__setattr__(self, k, v)  # noqa: E731  (frozen dataclass)
        if self.schedule is not None and not isinstance(self.schedule, Schedule):
            if not callable(self.schedule):
                raise VariantError(f"variant {self.name}: schedule must be a Schedule or a function T -> bandwidths")
            set_("schedule", Schedule(getattr(self.schedule, "__name__", "custom"), self.schedule))
        if self.gate is not None and not isinstance(self.gate, Gate):
            if not callable(self.gate):
                raise VariantError(f"variant {self.name}: gate must be a Gate or a function (T, b) -> g")
            set_("gate", Gate(getattr(self.gate, "__name__", "custom"), self.gate))
        if self.kernel is not None and not isinstance(self.kernel, Kernel):
            raise VariantError(f"variant {self.name}: kernel must be a Kernel, e.g. Kernel('mine', weights=lambda b: ...)")
        if self.attention is not None and not isinstance(self.attention, Attention):
            raise VariantError(f"variant {self.name}: attention must be an Attention(name, matrix, causal)")
        if self.layout not in ("sparse", "dense"):
            raise VariantError(f"variant {self.name}: layout must be 'sparse' or 'dense', got {self.layout!r}")
        if not isinstance(self.sizes, Sizes):
            raise VariantError(f"variant {self.name}: sizes must be a Sizes")
        if isinstance(self.mu2_floor, bool) or not isinstance(self.mu2_floor, (int, float)) or not self.mu2_floor > 0:
            raise VariantError(f"variant {self.name}: mu2_floor must be a positive number, got {self.mu2_floor!r}")
        if not any((self.schedule, self.kernel, self.gate, self.attention)):
            raise VariantError(f"variant {self.name} changes nothing: give a schedule, kernel, gate or attention model")
        if self.schedule is not None and self.schedule.min_T > self.sizes.t_max:
            raise VariantError(f"variant {self.name}: schedule {self.schedule.name} needs T >= {self.schedule.min_T}, "
                               f"beyond sizes.t_max = {self.sizes.t_max}")
        if self.schedule is not None and self.sizes.t_min is not None and self.schedule.min_T > self.sizes.t_min:
            raise VariantError(f"variant {self.name}: schedule {self.schedule.name} has a bandwidth beyond "
                               f"T = sizes.t_min = {self.sizes.t_min}")
        if self.kernel is not None and self.kernel.bandwidths is not None:
            if self.schedule is None:
                raise VariantError(f"variant {self.name}: an explicit kernel needs an explicit schedule")
            missing = sorted(set(self.schedule(self.t_range[-1])) - set(self.kernel.bandwidths))
            if missing:
                raise VariantError(f"variant {self.name}: the kernel has no weights for bandwidth(s) {missing} of the schedule")
        set_("expect", {pid: _expectation(self, pid, e) for pid, e in dict(self.expect).items()})

    # the T values every sweep draws from
    @property
    def t_range(self) -> range:
        lo = self.sizes.t_min or (self.schedule.min_T if self.schedule is not None else 2)
        return range(lo, self.sizes.t_max + 1)

    def components(self) -> frozenset:
        return frozenset(k for k in ("schedule", "kernel", "gate", "attention") if getattr(self, k) is not None)

    def expectation(self, prop: "Property") -> Expect:
        """The declared expectation, or the default: holds, or the rate the papers state."""
        if prop.id in self.expect:
            return self.expect[prop.id]
        rate = prop.default_rate(self)
        return Expect.rate(rate) if rate else Expect.holds()

    def __repr__(self) -> str:
        return f"Variant({self.name!r}: {self.describe()})"

    def describe(self) -> str:
        parts = [f"{self.layout} layout"] if self.schedule is not None else []
        for key in ("schedule", "kernel", "gate", "attention"):
            comp = getattr(self, key)
            if comp is not None:
                parts.append(f"{key} {comp.name}")
        return "; ".join(parts)


def _expectation(variant: Variant, pid: str, value) -> Expect:
    prop = PROPERTIES.get(pid)
    if prop is None:
        raise VariantError(f"variant {variant.name}: unknown property {pid!r} in expect; allowed: {', '.join(PROPERTIES)}")
    missing = prop.needs - variant.components()
    if missing or not prop.when(variant):
        why = f"it has no {', no '.join(sorted(missing))}" if missing else prop.when_text
        raise VariantError(f"variant {variant.name}: expect.{pid} does not apply to this variant ({why})")
    if isinstance(value, str):
        text = value.strip()
        if text == HOLDS:
            value = Expect.holds()
        elif text.startswith(FAILS):
            value = Expect.fails(text[len(FAILS):].lstrip(" :"))
        else:
            value = Expect.rate(text)
    if not isinstance(value, Expect):
        raise VariantError(f"variant {variant.name}: expect.{pid} must be 'holds', 'fails: <reason>', a rate or an Expect")
    if value.outcome == RATE:
        if not prop.is_rate:
            raise VariantError(f"variant {variant.name}: expect.{pid} is a holds/fails property, not a rate")
        value = replace(value, model=parse_rate(value.model, prop.variable))
    elif value.outcome == HOLDS and prop.is_rate:
        raise VariantError(f"variant {variant.name}: expect.{pid} is a rate property; name its rate "
                           f"(e.g. {prop.default_rate(variant)!r}) or declare it fails")
    return value


# --------------------------------------------------------------------------- the battery


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


def _battery(pid: str, *, says: str, source: str, needs=(), rate=None, variable: str = "T", when=None,
             when_text: str = "", rate_text: str = ""):
    """Register ``check_<property>(name, variant)`` under its property id."""

    def register(fn):
        PROPERTIES[pid] = Property(pid, says, source, frozenset(needs), fn, rate, variable,
                                   when or (lambda variant: True), when_text, rate_text)
        return fn

    return register


@dataclass
class Outcome:
    """What a check found: the property holds, fails (the evidence holds a counterexample), or its rate."""

    kind: str
    evidence: list
    rate: str | None = None

    def label(self) -> str:
        return f"rate {self.rate}" if self.kind == RATE else self.kind


def _outcome(*evidence: Evidence) -> Outcome:
    if any(e.status is Status.REFUTED for e in evidence):
        return Outcome(FAILS, list(evidence))
    if any(e.status is Status.OPEN and e.role == "decides" for e in evidence):
        return Outcome(UNDECIDED, list(evidence))
    return Outcome(HOLDS, list(evidence))


def _declared_rate(variant: Variant, pid: str) -> str | None:
    return variant.expectation(PROPERTIES[pid]).model


def _enough_points(x, what: str) -> None:
    """A trend over the upper half of a sweep needs two points there: three in all."""
    if len(x) < 3:
        raise VariantError(f"{what}: the sweep has {len(x)} point(s), too few for a rate; raise the sizes")


def _rate_outcome(x, y, *, variable: str, what: str, ranges: str, declared: str | None) -> Outcome:
    """Classify y(x) into the menu of rates: the model whose ratio y/f has the flattest trend.

    Diagnostics are those of :func:`checks.methods.fit_rate` on the log log scale; no model within
    ±RATE_FLAT means the sweep has no rate in the menu (fails, the sweep is the counterexample).
    """
    x, y = np.asarray(x, float), np.asarray(y, float)
    _enough_points(x, what)
    bad = np.flatnonzero(~np.isfinite(y) | (y <= 0))
    if bad.size:
        i = int(bad[0])
        return Outcome(FAILS, [Evidence(Status.REFUTED, "sweep-fit", f"{what}: {fmt(y[i])} at {variable} = {fmt(x[i])}, "
                                        "not positive, so no rate", ranges=ranges, worst_margin=float(y[i]),
                                        counterexample={variable: x.tolist(), "y": y.tolist()})])
    models = rate_models(variable)
    trends = fit_rate(x, y, models["1"], "1", competitors=models, scale="loglog").competitors
    best = min(trends, key=lambda k: abs(trends[k]))
    others = {k: f for k, f in models.items() if k != best}
    ev = rate_evidence(fit_rate(x, y, models[best], best, competitors=others, scale="loglog"),
                       what=what, ranges=ranges, flat=RATE_FLAT)
    if ev.status is Status.REFUTED:
        return Outcome(FAILS, [ev])
    evidence = [ev]
    if declared is not None and declared != best:
        evidence.append(rate_evidence(fit_rate(x, y, models[declared], declared, scale="loglog"),
                                      what=f"{what}, against the declared {declared}", ranges=ranges, flat=RATE_FLAT))
    return Outcome(RATE, evidence, best)


# A growth term is taken as real when it explains most of the variation the constant model leaves.
_GROWTH_MODELS = ("log T", "sqrt T", "T")
_GROWTH_EXPLAINED = 0.2
_CONSTANT_SPREAD = 0.02


def _growth_outcome(x, y, *, what: str, ranges: str, declared: str | None) -> Outcome:
    """Rate of a quantity with an additive constant, y ≈ c₀ + c·f(x), f ∈ {1, log, sqrt, x}.

    Stable ranks have such offsets (SDEG Thm 7: Θ(k + log(ℓ/k))), which hide a logarithm from
    the ratio test at dense sizes; :func:`checks.methods.fit_with_corrections` fits each model
    with its constant, and a growth model wins when its residual is at most a fifth of the
    constant model's (and the sweep varies by more than 2%).
    """
    x, y = np.asarray(x, float), np.asarray(y, float)
    _enough_points(x, what)
    models = rate_models("T")
    scale = float(np.mean(np.abs(y)))
    rms = lambda r: float(np.sqrt(np.mean(r**2))) / scale  # noqa: E731
    constant = rms(y - y.mean())
    fits = {}
    for name in _GROWTH_MODELS:
        coef = fit_with_corrections(x, y, {name: models[name], "1": models["1"]})
        fits[name] = (coef[name], coef["1"], rms(y - coef[name] * models[name](x) - coef["1"]))
    growing = [k for k in _GROWTH_MODELS if fits[k][0] > 0]
    best = min(growing, key=lambda k: fits[k][2]) if growing else None
    detail = ", ".join(f"{k}: c = {fmt(c)}, residual {fmt(r)}" for k, (c, _, r) in fits.items())
    data = {"x": x.tolist(), "y": y.tolist(), "constant_residual": constant,
            "fits": {k: {"coefficient": c, "offset": c0, "residual": r} for k, (c, c0, r) in fits.items()}}
    summary = f"{what}: y from {fmt(y[0])} to {fmt(y[-1])}, relative residual of a constant {fmt(constant)}; {detail}"
    if best and constant > _CONSTANT_SPREAD and fits[best][2] <= _GROWTH_EXPLAINED * constant:
        rate = best
    elif constant <= _CONSTANT_SPREAD:
        rate = "1"
    else:  # neither flat nor explained by a growth term: no rate of the menu, the sweep is the counterexample
        return Outcome(FAILS, [Evidence(Status.REFUTED, "sweep-fit", f"{summary}; no rate of the menu fits",
                                        ranges=ranges, data=data, worst_margin=_CONSTANT_SPREAD - constant,
                                        counterexample={"x": x.tolist(), "y": y.tolist()})])
    evidence = [Evidence(Status.VERIFIED, "sweep-fit", f"{summary}; rate {rate}", ranges=ranges,
                         sharpest=(f"y ≈ {fmt(fits[rate][1])} + {fmt(fits[rate][0])}·{rate}" if rate != "1"
                                   else f"y ≈ {fmt(y.mean())}"),
                         data=data)]
    if declared is not None and declared != rate:
        evidence.append(Evidence(Status.REFUTED, "sweep-fit", f"{what}: the declared rate {declared} does not fit; rate {rate}",
                                 ranges=ranges, data=data, counterexample={"x": x.tolist(), "y": y.tolist(), "rate": rate}))
    return Outcome(RATE, evidence, rate)


def _t_text(values, var: str = "T") -> str:
    values = sorted(int(v) for v in values)
    if values == list(range(values[0], values[-1] + 1)):
        return f"every {var} = {values[0]}..{values[-1]}"
    return f"{var} in {{" + ", ".join(map(str, values)) + "}"


def _binned(variant: Variant, T, y, pick) -> tuple[np.ndarray, np.ndarray]:
    """The extreme value of y over each epoch of the schedule: x = the epoch's first T, y = pick over it.

    Quantities of a schedule saw-tooth in T: a new layer appears when T reaches the next bandwidth,
    and the last layer covers less and less of T until then. An epoch is a maximal run of T with the
    same number of distinct bandwidths (binary octaves for the dyadic schedule, powers of 3 for the
    triadic one); only epochs that start at T ≥ 8 and end inside the sweep count. With fewer than
    three such epochs (a schedule that stops growing) the bins are binary octaves instead.
    """
    T, y = np.asarray(T), np.asarray(y, float)
    layers = np.array([len(set(_bands(variant, int(t)))) for t in T])
    starts = np.flatnonzero(np.r_[True, layers[1:] != layers[:-1]])
    ends = [*starts[1:], len(T)]
    try:
        last_run_ends = len(set(_bands(variant, int(T[-1]) + 1))) != layers[-1]
    except VariantError:  # a schedule defined only up to the sweep's end
        last_run_ends = False
    if not last_run_ends:
        ends[-1] = None
    bins = [(a, b) for a, b in zip(starts, ends) if b is not None and T[a] >= 8]
    if len(bins) < 3:
        m = np.floor(np.log2(T)).astype(int)
        bins = [(np.flatnonzero(m == o)[0], np.flatnonzero(m == o)[-1] + 1) for o in sorted(set(m[T >= 8]))
                if T.max() >= 2 ** (o + 1) - 1]
    return np.array([float(T[a]) for a, _ in bins]), np.array([pick(y[a:b]) for a, b in bins])


@functools.lru_cache(maxsize=None)
def _bands(variant: Variant, T: int) -> tuple:
    """The schedule at T, or the paper's dyadic schedule for a variant that keeps it."""
    return tuple(variant.schedule(T)) if variant.schedule is not None else tuple(ts.geometric_schedule(T, 2))


def _gain(variant: Variant, T: int, b: int) -> float:
    """The side path's gain: the variant's gate, or 1 when it has none (the side path added plainly)."""
    return variant.gate(T, b) if variant.gate is not None else 1.0


def _bands_at_layers(variant: Variant, T: int) -> list[tuple]:
    """The bandwidths each layer realises: one per layer (sparse), all in every layer (dense)."""
    bands = _bands(variant, T)
    return [bands] if variant.layout == "dense" else [(b,) for b in dict.fromkeys(bands)]


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
        gens = _bands(variant, T)
        mu = cayley_laplacian_spectrum(T, gens, k=np.arange(1, T))
        k = int(np.argmin(mu))
        rows.append((T, mu[k], k + 1, cayley_degree(T, gens), len(gens)))
    T, mu2, mode, degree, depth = map(np.array, zip(*rows))
    return _SkeletonSweep(T, mu2.astype(float), mode, degree, depth)


@_battery("skeleton-connected", says="has a connected skeleton Cay(Z_T, +-b_l) at every T", source="TRSP Thm C.1",
          needs={"schedule"})
def check_skeleton_connected(name: str, variant: Variant) -> Outcome:
    cases = ({"T": T, "bandwidths": list(_bands(variant, T))} for T in variant.t_range)
    return _outcome(grid_check(cases, lambda c: 1 - ts.cayley_component_count(c["T"], c["bandwidths"]),
                               what=f"{name}: 1 − #components of Cay(Z_T, ±b_l) = 1 − gcd(T, b_0, ..)",
                               method="exact-integer", exact=True, ranges=_t_text(variant.t_range)))


@_battery("layer-connected", says="has a connected skeleton within every single layer", source="TRSP App. C.3.3",
          needs={"schedule"})
def check_layer_connected(name: str, variant: Variant) -> Outcome:
    cases = ({"T": T, "layer_bandwidths": list(layer)} for T in variant.t_range for layer in _bands_at_layers(variant, T))
    return _outcome(grid_check(cases, lambda c: 1 - ts.cayley_component_count(c["T"], c["layer_bandwidths"]),
                               what=f"{name}: 1 − #components of one layer's Cay(Z_T, ±b) ({variant.layout} layout)",
                               method="exact-integer", exact=True, ranges=_t_text(variant.t_range) + ", every layer"))


@_battery("skeleton-mu2-floor", says="keeps the skeleton's mu2 >= {floor} at every T", source="TRSP Thm C.6",
          needs={"schedule"})
def check_skeleton_mu2_floor(name: str, variant: Variant) -> Outcome:
    sk = _skeleton(variant)
    cases = [{"T": int(T), "k": int(k), "mu2": float(mu), "degree": int(r)}
             for T, k, mu, r in zip(sk.T, sk.mode, sk.mu2, sk.degree)]
    # each μ_k is a sum of r terms 2·sin²(πgk/T) with the angle reduced exactly: error ≤ r·eps·4r
    ev = grid_check(cases, lambda c: c["mu2"] - variant.mu2_floor,
                    what=f"{name}: μ₂(skeleton) − {fmt(variant.mu2_floor)} (Eq. 9)", method="closed-form", exact=False,
                    ranges=_t_text(variant.t_range), tolerance=lambda c: float_tolerance(c["degree"], 4 * c["degree"]))
    ev.sharpest = f"min μ₂ = {fmt(sk.mu2.min())} at T = {int(sk.T[np.argmin(sk.mu2)])}"
    return _outcome(ev)


@_battery("skeleton-mu2-rate", says="has skeleton mu2 of order {rate} in T", source="TRSP Eq. 10", needs={"schedule"},
          rate="1")
def check_skeleton_mu2_rate(name: str, variant: Variant) -> Outcome:
    sk = _skeleton(variant)
    x, y = _binned(variant, sk.T, sk.mu2, np.min)
    return _rate_outcome(x, y, variable="T", what=f"{name}: epoch minima of μ₂(skeleton)",
                         ranges=_t_text(variant.t_range), declared=_declared_rate(variant, "skeleton-mu2-rate"))


@_battery("skeleton-gap-rate", says="has skeleton normalised gap of order {rate}", source="TRSP Eq. 11",
          needs={"schedule"}, rate="1/log T")
def check_skeleton_gap_rate(name: str, variant: Variant) -> Outcome:
    sk = _skeleton(variant)
    x, y = _binned(variant, sk.T, sk.mu2 / sk.degree, np.min)  # γ = μ₂/r on the r-regular skeleton
    return _rate_outcome(x, y, variable="T", what=f"{name}: epoch minima of γ = μ₂/r (skeleton)",
                         ranges=_t_text(variant.t_range), declared=_declared_rate(variant, "skeleton-gap-rate"))


@_battery("depth-contraction", says="contracts by (1-gamma)^D of order {rate} over its depth", source="TRSP App. C.3.3",
          needs={"schedule"}, rate="1", when=lambda v: v.layout == "dense", when_text="dense layout only")
def check_depth_contraction(name: str, variant: Variant) -> Outcome:
    """App. C.3.3: each dense layer carries the whole skeleton, so D layers contract by (1 − γ)^D = Θ(1)."""
    sk = _skeleton(variant)
    x, y = _binned(variant, sk.T, (1.0 - sk.mu2 / sk.degree) ** sk.depth, np.max)  # the weakest contraction per epoch
    return _rate_outcome(x, y, variable="T", what=f"{name}: epoch maxima of (1 − γ)^D, D = number of layers",
                         ranges=_t_text(variant.t_range), declared=_declared_rate(variant, "depth-contraction"))


# ---- the real operator: the symmetrised superposition of the layers' causal filters, dense


def _operator_Ts(variant: Variant) -> list[int]:
    """Every T up to 32; beyond, each octave's start, middle and end (2^m, 3·2^(m−1), 2^(m+1) − 1), and
    each bandwidth b of the schedule with b − 1, where a new layer appears (the operator's saw-tooth)."""
    lo, hi = variant.t_range.start, variant.sizes.t_operator
    grid = set(range(lo, min(32, hi) + 1)) | {hi}
    for m in range(5, hi.bit_length()):
        grid |= {2**m, 3 * 2 ** (m - 1), 2 ** (m + 1) - 1}
    if variant.schedule is not None:
        grid |= {t for b in _bands(variant, hi) for t in (b - 1, b)}
    return sorted(t for t in grid if lo <= t <= hi)


def _side_weights(variant: Variant, T: int) -> np.ndarray:
    """W = (M + Mᵀ)/2 with M = Σ_ℓ K_{b_ℓ}: the side path's connection (TRSP App. C.1, symmetrisation).

    Sparse, the layers superpose to M; dense, every single layer is M.
    """
    M = sum(variant.kernel.operator(T, b).as_matrix() for b in _bands(variant, T))
    return (M + M.T) / 2


def _laplacian(W: np.ndarray) -> np.ndarray:
    return np.diag(W.sum(axis=1)) - W


@dataclass(frozen=True)
class _OperatorSweep:
    T: np.ndarray
    mu2: np.ndarray
    gap: np.ndarray
    components: np.ndarray


@functools.lru_cache(maxsize=16)
def _operator(variant: Variant) -> _OperatorSweep:
    rows = []
    for T in _operator_Ts(variant):
        W = _side_weights(variant, T)
        support = (W - np.diag(np.diag(W))) != 0  # self-loops do not connect
        n_comp = connected_components(support, directed=False)[0]
        degrees_positive = bool(np.all(W.sum(axis=1) > 0))
        rows.append((T, algebraic_connectivity(_laplacian(W)), normalized_gap(W) if degrees_positive else np.nan, n_comp))
    T, mu2, gap, comp = map(np.array, zip(*rows))
    return _OperatorSweep(T, mu2.astype(float), gap.astype(float), comp)


@_battery("operator-connected", says="has a connected real operator at every T", source="TRSP App. C.1",
          needs={"schedule", "kernel"})
def check_operator_connected(name: str, variant: Variant) -> Outcome:
    """The real operator, not its skeleton: the support of the symmetrised causal filters, every layer summed."""
    op = _operator(variant)
    cases = [{"T": int(T), "components": int(c), "mu2": float(mu)} for T, c, mu in zip(op.T, op.components, op.mu2)]
    ev = grid_check(cases, lambda c: 1 - c["components"], method="graph-search", exact=False, ranges=_t_text(op.T),
                    what=f"{name}: 1 − #components of the support of (M + Mᵀ)/2, M = Σ_l K_(b_l)")
    ev.sharpest = f"min μ₂ = {fmt(op.mu2.min())} at T = {int(op.T[np.argmin(op.mu2)])}"
    return _outcome(ev)


@_battery("operator-mu2-rate", says="has real-operator mu2 of order {rate} in T", source="TRSP App. C.3 (real operator)",
          needs={"schedule", "kernel"}, rate="1")
def check_operator_mu2_rate(name: str, variant: Variant) -> Outcome:
    op = _operator(variant)
    x, y = _binned(variant, op.T, op.mu2, np.min)
    return _rate_outcome(x, y, variable="T", what=f"{name}: epoch minima of μ₂ of the real operator (dense eigvalsh)",
                         ranges=_t_text(op.T), declared=_declared_rate(variant, "operator-mu2-rate"))


@_battery("operator-gap-rate", says="has real-operator normalised gap of order {rate}", source="TRSP Eq. 11 (real operator)",
          needs={"schedule", "kernel"}, rate="1/log T")
def check_operator_gap_rate(name: str, variant: Variant) -> Outcome:
    op = _operator(variant)
    x, y = _binned(variant, op.T, op.gap, np.min)
    return _rate_outcome(x, y, variable="T",
                         what=f"{name}: epoch minima of the real operator's normalised gap λ₂(I − D⁻¹W)",
                         ranges=_t_text(op.T), declared=_declared_rate(variant, "operator-gap-rate"))


# ---- the kernel


def _kernel_bs(variant: Variant) -> list[int]:
    if variant.kernel.bandwidths is not None:
        return list(variant.kernel.bandwidths)
    return sorted(set(range(1, 65)) | {2**m for m in range(variant.sizes.b_max.bit_length()) if 2**m <= variant.sizes.b_max})


def _kernel_check(name: str, variant: Variant, margin, what: str, tolerance) -> Evidence:
    """A kernel property at every b: exact (certified) when the kernel gives ints/Fractions, else float."""
    weights = {b: list(variant.kernel.weights(b)) for b in _kernel_bs(variant)}
    exact = all(_is_exact(w) for w in weights.values())
    cases = [{"b": b, "value": str(margin(w)) if exact else float(margin(w))} for b, w in weights.items()]
    return grid_check(cases, lambda c: margin(weights[c["b"]]), what=f"{name}: {what}", exact=exact,
                      method="exact-fraction" if exact else "float-grid", ranges=_t_text(weights, "b"),
                      tolerance=lambda c: 0.0 if exact else tolerance(np.asarray(weights[c["b"]], float)))


@_battery("kernel-sum", says="has kernel weights summing to 1", source="TRSP Eq. 4", needs={"kernel"})
def check_kernel_sum(name: str, variant: Variant) -> Outcome:
    # a float sum of m terms is off by at most m·eps·Σ|h|
    return _outcome(_kernel_check(name, variant, lambda w: -abs(sum(w) - 1), "−|Σ_r h_b(r) − 1|",
                                  lambda h: float_tolerance(h.size, np.abs(h).sum(), factor=1.0)))


@_battery("kernel-nonnegative", says="has nonnegative kernel weights", source="TRSP Eq. 4", needs={"kernel"})
def check_kernel_nonnegative(name: str, variant: Variant) -> Outcome:
    return _outcome(_kernel_check(name, variant, min, "min_r h_b(r)", lambda h: 0.0))


@_battery("kernel-energy-rate", says="has kernel energy ||h_b||^2 of order {rate}", source="TRSP Eq. 13",
          needs={"kernel"}, rate="1/b", variable="b", when=lambda v: v.kernel.bandwidths is None,
          when_text="not for explicit kernels: no sweep over b")
def check_kernel_energy_rate(name: str, variant: Variant) -> Outcome:
    bs = [2**m for m in range(1, variant.sizes.b_max.bit_length()) if 2**m <= variant.sizes.b_max]
    energy = [tk.kernel_energy(variant.kernel.float_weights(b)) for b in bs]
    return _rate_outcome(bs, energy, variable="b", what=f"{name}: E_b = ||h_b||^2", ranges=f"b = 2..{bs[-1]} (powers of 2)",
                         declared=_declared_rate(variant, "kernel-energy-rate"))


# ---- the gate


@_battery("gate-range", says="keeps its gate strictly inside (0, 1)", source="TRSP Eq. 7", needs={"gate"})
def check_gate_range(name: str, variant: Variant) -> Outcome:
    Ts = sorted(set(_operator_Ts(variant)) | {2**m for m in range(1, 31) if 2**m in variant.t_range})
    cases = [{"T": T, "b": b, "g": variant.gate(T, b)} for T in Ts for b in dict.fromkeys(_bands(variant, T))]
    ev = grid_check(cases, lambda c: min(c["g"], 1.0 - c["g"]), what=f"{name}: min(g, 1 − g) over every layer",
                    method="float-grid", exact=False, ranges=_t_text(Ts) + ", every layer's bandwidth")
    if ev.status is not Status.REFUTED and ev.worst_margin <= 0:  # the range is open: g = 0 or 1 fails
        worst = ev.data["worst_case"]
        ev = Evidence(Status.REFUTED, "float-grid", f"{name}: g = {fmt(worst['g'])} touches the boundary of (0, 1)",
                      ranges=ev.ranges, worst_margin=ev.worst_margin, counterexample={"input": worst, "margin": ev.worst_margin})
    return _outcome(ev)


# ---- the safety net and the rank floor


def _safety_Ts(variant: Variant) -> list[int]:
    return [T for T in (4, 5, 7, 8, 9, 12, 16, 17, 24, 32) if T in variant.t_range]


@functools.lru_cache(maxsize=64)
def _side(variant: Variant, T: int) -> tuple[np.ndarray, float]:
    L = _laplacian(_side_weights(variant, T))
    return L, algebraic_connectivity(L)


@_battery("safety-net", says="keeps mu2 >= g*mu2(L_side) > 0 under any attention (safety net)", source="TRSP Prop. C.5",
          needs={"schedule", "kernel"})
def check_safety_net(name: str, variant: Variant) -> Outcome:
    """Prop. C.5 with L_side the Laplacian of the superposed real operator and g each layer's gate:
    μ₂(L_attn + g·L_side) ≥ g·μ₂(L_side) for structured attention patterns (and the variant's own
    attention model), and the net g·μ₂(L_side) itself positive."""
    Ts = _safety_Ts(variant)

    def patterns(T):
        attention = sst.row_stochastic(T)
        if variant.attention is not None:
            attention = st.one_of(attention, sst.score_vectors(T, T).map(variant.attention))
        return st.tuples(st.just(T), st.integers(0, len(_bands(variant, T)) - 1), attention)

    def parts(value):
        T, layer, A = value
        W = (A + A.T) / 2
        L_side, mu_side = _side(variant, T)
        return _gain(variant, T, _bands(variant, T)[layer]), _laplacian(W), L_side, mu_side

    def margin(value):
        g, L_attn, L_side, mu_side = parts(value)
        return algebraic_connectivity(L_attn + g * L_side) - g * mu_side

    def tolerance(value):  # two symmetric eigensolves, backward error n·eps·‖L‖ each (‖·‖∞ bounds ‖·‖₂)
        g, L_attn, L_side, _ = parts(value)
        return 2 * float_tolerance(value[0], np.abs(L_attn).sum(axis=1).max() + g * np.abs(L_side).sum(axis=1).max())

    search = property_search(st.sampled_from(Ts).flatmap(patterns), margin, ctx=Context(),
                             what=f"{name}: μ₂(L_attn + g·L_side) − g·μ₂(L_side)", examples=variant.sizes.examples,
                             tolerance=tolerance, ranges=f"{_t_text(Ts)}, every layer's gate, structured attention patterns")
    floors = [{"T": T, "layer": layer, "g": _gain(variant, T, b), "mu2_side": _side(variant, T)[1]}
              for T in Ts for layer, b in enumerate(_bands(variant, T))]
    # the net exists when g·μ₂(L_side) clears the eigensolver's error
    net = grid_check(floors, lambda c: c["g"] * c["mu2_side"] - float_tolerance(c["T"], 4 * len(_bands(variant, c["T"]))),
                     what=f"{name}: the net g·μ₂(L_side) above float error", method="dense-eig", exact=False,
                     ranges=f"{_t_text(Ts)}, every layer")
    return _outcome(search, net)


def _stable_rank_with_sink(variant: Variant, T: int, b: int, g: float) -> float:
    """R_eff(ℳ) = srank(I + 𝟏e₁ᵀ + g·K_b), the composite of TRSP Eq. 8 under a rank-one sink."""
    M = np.eye(T) + g * variant.kernel.operator(T, b).as_matrix()
    M[:, 0] += 1.0
    return stable_rank(M)


@_battery("rank-floor", says="keeps R_eff >= 1 + g^2 E_b under a rank-one sink", source="TRSP Thm C.8",
          needs={"schedule", "kernel"}, when=lambda v: v.layout == "sparse",
          when_text="sparse layout only")
def check_rank_floor(name: str, variant: Variant) -> Outcome:
    """Thm C.8 at the proximal layers (the first three bandwidths): ℳ = I + 𝟏e₁ᵀ + g·K_b, R_eff ≥ 1 + g²E_b.

    Dense layers mix every bandwidth, so no layer is proximal and the property does not apply.
    """
    hi = variant.sizes.t_operator
    proximal = list(dict.fromkeys(_bands(variant, hi)))[:3]
    cases = []
    for b in proximal:
        energy = tk.kernel_energy(variant.kernel.float_weights(b))
        for T in (2**m for m in range(4, hi.bit_length())):
            if T in variant.t_range and b <= T:
                g = _gain(variant, T, b)
                cases.append({"T": T, "b": b, "g": g, "E_b": energy, "R_eff": _stable_rank_with_sink(variant, T, b, g)})
    # the stable rank is a ratio of two norms computed to relative error ~T·eps
    ev = grid_check(cases, lambda c: c["R_eff"] - (1 + c["g"] ** 2 * c["E_b"]), what=f"{name}: R_eff − (1 + g²E_b)",
                    method="dense-svd", exact=False, ranges=f"proximal b in {proximal}, T = 16..{hi} (powers of 2)",
                    tolerance=lambda c: float_tolerance(c["T"], c["R_eff"]))
    if cases:
        last = max(cases, key=lambda c: (c["T"], -c["b"]))
        bound = 1 + last["g"] ** 2 * last["E_b"]
        ev.sharpest = f"R_eff = {fmt(last['R_eff'])} at T = {last['T']}, b = {last['b']} (bound {fmt(bound)})"
    return _outcome(ev)


# ---- the attention model (SDEG)


def _attention_search(name: str, variant: Variant, margin, what: str, tolerance) -> Evidence:
    return property_search(sst.score_vectors(1, 48), margin, what=f"{name}: {what}", ctx=Context(),
                           examples=variant.sizes.examples, tolerance=tolerance,
                           ranges="sorted nonnegative scores s_1 >= ... >= s_l >= 0, l <= 48, s <= 30")


@_battery("attention-row-stochastic", says="has row-stochastic attention", source="SDEG §3.1", needs={"attention"})
def check_attention_row_stochastic(name: str, variant: Variant) -> Outcome:
    def margin(s):
        A = variant.attention(s)
        return min(A.min(), -np.abs(A.sum(axis=1) - 1).max())

    # a row sum of l entries in [0, 1] is off by at most l·eps
    return _outcome(_attention_search(name, variant, margin, "min(min A_ij, −max_i |Σ_j A_ij − 1|)",
                                      lambda s: float_tolerance(s.size, 1.0)))


def _eigen(variant: Variant, s) -> tuple[np.ndarray, float]:
    """Eigenvalues and the Bauer–Fike radius κ(V)·n·eps·‖A‖₂ within which each computed one is exact."""
    A = variant.attention(s)
    lam, V = np.linalg.eig(A)
    return lam, float_tolerance(s.size, np.linalg.cond(V) * np.linalg.norm(A, 2))


_ILL_CONDITIONED = 1e-6  # a Bauer–Fike radius above this leaves a float eigenvalue check undecided


@_battery("attention-eigen-real", says="has real attention eigenvalues in [0, 1] with lambda_1 = 1", source="SDEG Thm 2",
          needs={"attention"}, when=lambda v: not v.attention.causal, when_text="bidirectional attention only")
def check_attention_eigen_real(name: str, variant: Variant) -> Outcome:
    undecided = []

    def margin(s):
        lam, radius = _eigen(variant, s)
        if radius > _ILL_CONDITIONED:  # the computed eigenvalues may be anywhere within the radius: no verdict
            undecided.append(radius)
            return math.inf
        return min(-np.abs(lam.imag).max(), lam.real.min(), -abs(lam.real.max() - 1))

    ev = _attention_search(name, variant, margin, "min(−max|Im λ|, min Re λ, −|max Re λ − 1|)",
                           lambda s: min(_eigen(variant, s)[1], _ILL_CONDITIONED))
    if undecided and ev.status is not Status.REFUTED:
        ev = Evidence(Status.OPEN, ev.method, f"{ev.summary}; {len(undecided)} example(s) too ill-conditioned to decide "
                      f"(Bauer–Fike radius κ(V)·n·eps·‖A‖ up to {fmt(max(undecided))} > {fmt(_ILL_CONDITIONED)})",
                      ranges=ev.ranges)
    return _outcome(ev)


@_battery("attention-causal-spectrum", says="has lower-triangular attention, so its eigenvalues are its diagonal",
          source="SDEG Thm 3", needs={"attention"}, when=lambda v: v.attention.causal,
          when_text="causal attention only")
def check_attention_causal_spectrum(name: str, variant: Variant) -> Outcome:
    def margin(s):
        return -np.abs(np.triu(variant.attention(s), 1)).max(initial=0.0)

    return _outcome(_attention_search(name, variant, margin, "−max |A_ij| above the diagonal (masked entries exactly 0)", 0.0))


@_battery("attention-sv-bounds", says="has attention singular values in [1/(3i), sqrt 5]", source="SDEG Thm 4",
          needs={"attention"}, when=lambda v: v.attention.causal, when_text="causal attention only")
def check_attention_sv_bounds(name: str, variant: Variant) -> Outcome:
    def margin(s):
        sigma = singular_values(variant.attention(s))
        i = np.arange(1, sigma.size + 1)
        return min((sigma - 1 / (3 * i)).min(), math.sqrt(5) - sigma[0])

    # singular values are computed to absolute error ~l·eps·σ₁
    return _outcome(_attention_search(name, variant, margin, "min_i min(σ_i − 1/(3i), √5 − σ_i)",
                                      lambda s: float_tolerance(s.size, math.sqrt(5))))


@_battery("attention-srank-rate", says="has attention stable rank of order {rate} on isotropic scores",
          source="SDEG Thm 6-7", needs={"attention"}, rate=lambda v: "log T" if v.attention.causal else "1",
          rate_text="1 (bidirectional), log T (causal)")
def check_attention_srank_rate(name: str, variant: Variant) -> Outcome:
    """SDEG Thm 6-7 at s = 0: srank = Θ(1) bidirectional (k + 1 with k = 0 spikes), Θ(log ℓ) causal (Cesàro)."""
    ells = [2**m for m in range(4, variant.sizes.attention_max.bit_length()) if 2**m <= variant.sizes.attention_max]
    srank = [stable_rank(variant.attention(np.zeros(ell))) for ell in ells]
    return _growth_outcome(ells, srank, what=f"{name}: srank(A) at s = 0 (SDEG's isotropic bulk)",
                           ranges=f"l = {ells[0]}..{ells[-1]} (powers of 2)",
                           declared=_declared_rate(variant, "attention-srank-rate"))


# --------------------------------------------------------------------------- running the battery


def checks_for(variant: Variant):
    """Yield the properties that apply to the variant (from its components and layout), in battery order."""
    for prop in PROPERTIES.values():
        if prop.applies(variant):
            yield prop


@dataclass
class PropertyResult:
    """One property of one variant: what was expected, what the check found, and its evidence."""

    prop: Property
    title: str
    expected: Expect
    outcome: Outcome | None
    seconds: float = 0.0
    error: str | None = None

    @property
    def as_declared(self) -> bool:
        if self.error is not None:
            return False
        return self.outcome.kind == self.expected.outcome and self.outcome.rate == self.expected.model

    @property
    def status(self) -> Status:
        return Status.OPEN if self.error else decide(self.outcome.evidence)

    @property
    def evidence(self) -> list:
        return [] if self.outcome is None else self.outcome.evidence

    @property
    def worst_margin(self) -> float | None:
        return worst_margin(self.evidence)

    @property
    def methods(self) -> list[str]:
        return methods_of(self.evidence)

    def label(self) -> str:
        return "crashed" if self.error else self.outcome.label()

    def notes(self) -> list[str]:
        out = []
        if self.error:
            out.append(f"check crashed: {self.error}")
        elif not self.as_declared:
            out.append(f"outcome {self.label()} differs from the declared {self.expected.label()}")
        if self.expected.reason:
            out.append(f"declared: {self.expected.reason}")
        return out

    def explain(self) -> str:
        """One line for a failing or differing property: the deciding evidence and its counterexample."""
        if self.error:
            return f"{self.prop.id}: check crashed: {self.error}"
        ev = next((e for e in self.evidence if e.status is Status.REFUTED), self.evidence[0])
        text = f"{self.prop.id}: {ev.summary}"
        if ev.counterexample and ev.method != "sweep-fit":
            text += f"; counterexample {json.dumps(ev.counterexample, default=str)[:200]}"
        return text

    def to_json(self) -> dict:
        return {
            "id": self.prop.id,
            "title": self.title,
            "source": self.prop.source,
            "status": self.status.value,
            "outcome": self.label(),
            "expected": self.expected.label(),
            "as_declared": self.as_declared,
            "reason": self.expected.reason,
            "methods": self.methods,
            "evidence": [e.to_json() for e in self.evidence],
            "notes": self.notes(),
            "worst_margin": self.worst_margin,
            "seconds": round(self.seconds, 3),
        }


def run_property(variant: Variant, prop: Property) -> PropertyResult:
    """Run one property's check; a crash is recorded (and differs from any declaration), never raised."""
    start = time.perf_counter()
    title, expected = prop.text(variant), variant.expectation(prop)
    try:
        outcome = prop.check(variant.name, variant)
    except Exception as exc:  # a crashing check is a finding about the variant, reported not raised
        return PropertyResult(prop, title, expected, None, time.perf_counter() - start, f"{type(exc).__name__}: {exc}")
    for e in outcome.evidence:
        e.check = prop.check.__name__
    return PropertyResult(prop, title, expected, outcome, time.perf_counter() - start)


def validate_variant(variant: Variant) -> Variant:
    """Call each component once per size it will meet; a component that cannot be evaluated is a VariantError."""
    where = f"variant {variant.name}"
    try:
        if variant.schedule is not None:
            for T in variant.t_range:
                _bands(variant, T)
        if variant.kernel is not None:
            bs = set(_kernel_bs(variant))
            if variant.schedule is not None:
                bs |= {b for T in _operator_Ts(variant) for b in _bands(variant, T)}
            for b in sorted(bs):
                h = variant.kernel.float_weights(b)
                if h.ndim != 1 or h.size < 1 or not np.all(np.isfinite(h)):
                    raise VariantError(f"kernel {variant.kernel.name} at b = {b} must give finite weights, got {h!r}")
        if variant.gate is not None:
            g = variant.gate(variant.t_range.start, 1)
            if not math.isfinite(g):
                raise VariantError(f"gate {variant.gate.name} gave {g} at T = {variant.t_range.start}, b = 1")
        if variant.attention is not None:
            variant.attention(np.zeros(4))
    except VariantError as exc:
        raise VariantError(f"{where}: {exc}") from None
    except Exception as exc:  # the user's component raised: one line, no traceback
        raise VariantError(f"{where}: a component raised {type(exc).__name__}: {exc}") from None
    return variant


@dataclass
class VariantReport:
    """The battery's findings for one variant (the Python API returns this)."""

    variant: Variant
    results: list

    @property
    def as_declared(self) -> bool:
        return all(r.as_declared for r in self.results)

    def __getitem__(self, pid: str) -> PropertyResult:
        for r in self.results:
            if r.prop.id == pid:
                return r
        raise KeyError(f"{pid!r} did not run for variant {self.variant.name}; it ran: {[r.prop.id for r in self.results]}")

    def outcomes(self) -> dict[str, str]:
        """Property id → 'holds' / 'fails' / 'rate <model>' / 'crashed'."""
        return {r.prop.id: r.label() for r in self.results}

    def table(self) -> str:
        """The table of checks.report.table, one row per property, and what failed or differs."""
        rows = [("property", "outcome", "expected", "status", "methods", "worst margin", "seconds")]
        for r in self.results:
            rows.append((r.prop.id, r.label() + ("" if r.as_declared else " !"), r.expected.label(), r.status.value,
                         ",".join(r.methods) or "-", fmt(r.worst_margin), f"{r.seconds:.2f}"))
        widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
        lines = [f"variant {self.variant.name}: {self.variant.describe()}", ""]
        lines += ["  ".join(cell.ljust(w) for cell, w in zip(row, widths)).rstrip() for row in rows]
        lines.insert(3, "  ".join("-" * w for w in widths))
        kinds = [r.label().split()[0] for r in self.results]
        counts = ", ".join(f"{kinds.count(k)} {k}" for k in ("holds", "fails", "rate", "crashed") if k in kinds)
        differ = [r for r in self.results if not r.as_declared]
        verdict = "all as declared" if not differ else f"{len(differ)} differ from the declaration"
        lines += ["", f"{len(self.results)} properties: {counts}; {verdict}"]
        for r in self.results:
            if not r.as_declared:
                lines.append(f"  differs  {r.explain()}")
            elif r.expected.outcome == FAILS:
                lines.append(f"  fails as declared  {r.prop.id}: {r.expected.reason}")
        return "\n".join(lines)

    def to_json(self) -> dict:
        from specproof import __version__

        return {"specproof": __version__, "variant": self.variant.name, "description": self.variant.description,
                "components": self.variant.describe(), "sizes": vars(self.variant.sizes),
                "as_declared": self.as_declared, "properties": [r.to_json() for r in self.results]}


def check_variant(variant: Variant) -> VariantReport:
    """Run every check that applies to the variant and return the report (like sklearn's check_estimator)."""
    validate_variant(variant)
    return VariantReport(variant, [run_property(variant, prop) for prop in checks_for(variant)])


# --------------------------------------------------------------------------- pytest


class PropertyFails(AssertionError):
    """Raised by a pytest check when a property's outcome is not what the variant declared."""


@dataclass(frozen=True)
class PropertyCheck:
    """A callable check for one property; passes when the outcome is the declared one.

    A declared failure is marked xfail (strict, with its reason): the check raises PropertyFails
    when the property fails as declared, and the test fails if it unexpectedly holds.
    """

    prop: Property

    def __call__(self, variant: Variant) -> PropertyResult:
        result = run_property(variant, self.prop)
        if result.error:
            raise PropertyFails(f"{self.prop.sentence(variant)}: check crashed: {result.error}")
        if result.outcome.kind == FAILS or not result.as_declared:
            raise PropertyFails(f"{self.prop.sentence(variant)}: {result.label()} (declared {result.expected.label()}); "
                                + result.explain())
        return result

    def __repr__(self) -> str:
        return self.prop.check.__name__


def parametrize_with_checks(variants):
    """A ``pytest.mark.parametrize`` over (variant, check) for every check that applies.

    Use it like scikit-learn's::

        @parametrize_with_checks([my_variant])
        def test_my_variant(variant, check):
            check(variant)

    Test ids read like sentences ("triadic: has a connected skeleton ... at every T"); declared
    failures are strict xfails carrying their reason, never skips.
    """
    import pytest

    params = []
    for variant in variants:
        validate_variant(variant)
        for prop in checks_for(variant):
            expected = variant.expectation(prop)
            declared_failure = pytest.mark.xfail(reason=expected.reason, raises=PropertyFails, strict=True)
            marks = [declared_failure] if expected.outcome == FAILS else []
            params.append(pytest.param(variant, PropertyCheck(prop), id=prop.sentence(variant), marks=marks))
    return pytest.mark.parametrize("variant, check", params)


# --------------------------------------------------------------------------- loading variants: Python files


def load_variants(path) -> list[Variant]:
    """The Variant objects a Python file defines at module level (or in module-level lists), in order.

    The file is imported without writing bytecode (no __pycache__ appears next to it) and is
    removed from sys.modules afterwards; any failure to import is one VariantError line.
    """
    path = Path(path)
    if not path.is_file():
        raise VariantError(f"{path}: no such file")
    if path.suffix != ".py":
        raise VariantError(f"{path}: a variant file is a .py module (for a declarative spec use --spec FILE.toml)")
    module_name = "_specproof_variant_" + re.sub(r"\W", "_", path.stem)
    spec = importlib.util.spec_from_file_location(module_name, path)
    module = importlib.util.module_from_spec(spec)
    saved_flag, folder = sys.dont_write_bytecode, str(path.resolve().parent)
    sys.dont_write_bytecode = True
    sys.modules[module_name] = module
    sys.path.insert(0, folder)  # so the file may import its neighbours
    try:
        spec.loader.exec_module(module)
    except VariantError as exc:
        raise VariantError(f"{path}: {exc}") from None
    except SyntaxError as exc:
        raise VariantError(f"{path} does not import: SyntaxError: {exc.msg} (line {exc.lineno})") from None
    except (Exception, SystemExit) as exc:  # whatever the user's module raises: one line, no traceback
        raise VariantError(f"{path} does not import: {type(exc).__name__}: {exc}") from None
    finally:
        sys.dont_write_bytecode = saved_flag
        sys.modules.pop(module_name, None)
        if folder in sys.path:
            sys.path.remove(folder)
    found = []
    for value in vars(module).values():
        for item in value if isinstance(value, (list, tuple)) else (value,):
            if isinstance(item, Variant) and all(item is not v for v in found):
                found.append(item)
    if not found:
        raise VariantError(f"{path} defines no Variant; bind one at module level, e.g. variant = Variant('mine', ...)")
    return found


# --------------------------------------------------------------------------- loading variants: TOML specs

_MISSING = object()


class _Table:
    """One table of a spec: typed reads that name the key on error, and no unknown keys."""

    def __init__(self, source: str, where: str, data):
        if not isinstance(data, dict):
            raise VariantError(f"{source}: {where} must be a table")
        self.source, self.where, self.data, self.read = source, where, data, set()

    def key(self, key: str) -> str:
        return f"{self.where}.{key}" if self.where else key

    def fail(self, key: str, message: str):
        raise VariantError(f"{self.source}: {self.key(key)} {message}")

    def get(self, key: str, types, what: str, default=_MISSING):
        self.read.add(key)
        if key not in self.data:
            if default is _MISSING:
                self.fail(key, f"is missing; it must be {what}")
            return default
        value = self.data[key]
        if isinstance(value, bool) and bool not in types or not isinstance(value, types):
            self.fail(key, f"= {value!r}: it must be {what}")
        return value

    def integer(self, key: str, minimum: int, default=_MISSING):
        value = self.get(key, (int,), f"an integer >= {minimum}", default)
        if value is not default and value < minimum:
            self.fail(key, f"= {value}: it must be an integer >= {minimum}")
        return value

    def choice(self, key: str, options, default=_MISSING):
        value = self.get(key, (str,), f"one of {', '.join(map(repr, options))}", default)
        if value not in options and value is not default:
            self.fail(key, f"= {value!r}: it must be one of {', '.join(map(repr, options))}")
        return value

    def table(self, key: str):
        self.read.add(key)
        return _Table(self.source, self.key(key), self.data[key]) if key in self.data else None

    def finish(self) -> None:
        unknown = sorted(set(self.data) - self.read)
        if unknown:
            allowed = ", ".join(sorted(self.read))
            raise VariantError(f"{self.source}: unknown key {self.key(unknown[0])!r}; allowed here: {allowed}")


_SCHEDULE_KEYS = {"dyadic": ("depth",), "geometric": ("base", "depth"), "constant": ("bandwidth", "depth"),
                  "explicit": ("bandwidths",)}
_KERNEL_KEYS = {"triangular": (), "box": (), "cascade": ("order",), "explicit": ("weights", "denominator")}
_GATE_KEYS = {"trsp": ("seed", "hidden"), "constant": ("value",)}


def _kind(t: _Table, menu: dict) -> str:
    kind = t.choice("kind", tuple(menu))
    t.read.update(menu[kind])
    unknown = sorted(set(t.data) - {"kind", *menu[kind]})
    if unknown:
        t.fail(unknown[0], f"is not a key of kind {kind!r}; allowed: kind, {', '.join(menu[kind]) or '(nothing else)'}")
    return kind


def _spec_schedule(t: _Table) -> Schedule:
    kind = _kind(t, _SCHEDULE_KEYS)
    depth = t.integer("depth", 1, None) if "depth" in _SCHEDULE_KEYS[kind] else None
    if kind in ("dyadic", "geometric"):
        return Schedule.geometric(2 if kind == "dyadic" else t.integer("base", 2), depth)
    if kind == "constant":
        bandwidth = t.get("bandwidth", (int, str), 'an integer >= 1 or "T"')
        if bandwidth != "T" and (isinstance(bandwidth, str) or bandwidth < 1):
            t.fail("bandwidth", f'= {bandwidth!r}: it must be an integer >= 1 or "T"')
        return Schedule.constant(None if bandwidth == "T" else bandwidth, depth)
    bands = t.get("bandwidths", (list,), "a non-empty list of integers >= 1")
    for i, b in enumerate(bands):
        if isinstance(b, bool) or not isinstance(b, int) or b < 1:
            t.fail(f"bandwidths[{i}]", f"= {b!r}: a bandwidth must be an integer >= 1")
    if not bands:
        t.fail("bandwidths", "is empty: give at least one bandwidth")
    return Schedule.explicit(bands)


def _spec_kernel(t: _Table) -> Kernel:
    kind = _kind(t, _KERNEL_KEYS)
    if kind == "triangular":
        return Kernel.triangular()
    if kind == "box":
        return Kernel.box()
    if kind == "cascade":
        return Kernel.cascade(t.integer("order", 1))
    rows = t.table("weights")
    if rows is None:
        t.fail("weights", 'is missing; give a table of integer lists, e.g. weights = { "1" = [1], "2" = [1, 2, 1] }')
    weights = {}
    for key, row in rows.data.items():
        if not key.isdigit() or int(key) < 1:
            rows.fail(key, "is not a bandwidth: keys are integers >= 1")
        if not isinstance(row, list) or not row or any(isinstance(w, bool) or not isinstance(w, int) for w in row):
            rows.fail(key, f"= {row!r}: it must be a non-empty list of integers")
        weights[int(key)] = row
    rows.read.update(rows.data)
    den = t.get("denominator", (int, dict), "an integer >= 1 or a table of them by bandwidth", None)
    if isinstance(den, dict):
        dens = _Table(t.source, t.key("denominator"), den)
        den = {int(k): dens.integer(k, 1) for k in den if k.isdigit() or dens.fail(k, "is not a bandwidth")}
        dens.finish()
    elif den is not None and den < 1:
        t.fail("denominator", f"= {den}: it must be an integer >= 1")
    for b, row in weights.items():
        if (den is None or isinstance(den, dict) and b not in den) and sum(row) == 0:
            rows.fail(str(b), "sums to 0, so it cannot be normalised; give a denominator")
    return Kernel.explicit(weights, den)


def _spec_gate(t: _Table) -> Gate:
    kind = _kind(t, _GATE_KEYS)
    if kind == "trsp":
        return Gate.trsp(seed=t.integer("seed", 0, 0), hidden=t.integer("hidden", 1, 16))
    value = t.get("value", (int, float), "a finite number")
    if not math.isfinite(value):
        t.fail("value", f"= {value}: it must be a finite number")
    return Gate.constant(float(value))


def _spec_attention(t: _Table) -> Attention:
    t.choice("kind", ("softmax",))
    causal = t.get("causal", (bool,), "true or false")
    t.finish()
    return Attention.softmax(causal)


def _spec_expect(t: _Table) -> dict:
    out = {}
    for pid, value in t.data.items():
        t.read.add(pid)
        if isinstance(value, str):
            out[pid] = value
            continue
        entry = _Table(t.source, t.key(pid), value)
        if "fails" in value:
            out[pid] = Expect.fails(entry.get("fails", (str,), "the reason it fails"))
        elif "rate" in value:
            out[pid] = Expect.rate(entry.get("rate", (str,), "a rate name"), entry.get("reason", (str,), "a string", ""))
        elif "holds" in value:
            out[pid] = Expect.holds(entry.get("holds", (str,), "the reason it holds"))
        else:
            entry.fail("", 'must be "holds", a rate, {fails = "why"}, {rate = "...", reason = "..."} or {holds = "why"}')
        entry.finish()
    return out


def load_spec(path) -> Variant:
    """A Variant from a declarative TOML spec: components from the closed menu or explicit integer lists.

    Executes no code. Unknown keys and impossible values (a bandwidth < 1, a bandwidth beyond T,
    a kernel expected to sum to one that does not) are one VariantError line.
    """
    try:
        import tomllib
    except ModuleNotFoundError:  # the standard library has it from Python 3.11
        raise VariantError("TOML specs need Python 3.11 or later (tomllib)") from None

    path = Path(path)
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise VariantError(f"{path}: no such file") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise VariantError(f"{path}: cannot be read: {exc}") from None
    except tomllib.TOMLDecodeError as exc:
        raise VariantError(f"{path}: not valid TOML: {exc}") from None
    source = str(path)
    top = _Table(source, "", data)
    fields = {"name": top.get("name", (str,), "a string"), "description": top.get("description", (str,), "a string", ""),
              "layout": top.choice("layout", ("sparse", "dense"), "sparse")}
    floor = top.get("mu2_floor", (int, float), "a positive number", 2.0)
    if not floor > 0:
        top.fail("mu2_floor", f"= {floor}: it must be a positive number")
    fields["mu2_floor"] = float(floor)
    sizes = top.table("sizes")
    if sizes is not None:
        keys = ("t_min", "t_max", "t_operator", "b_max", "attention_max", "examples")
        kwargs = {k: sizes.integer(k, 2 if k == "t_min" else 1, None) for k in keys}
        sizes.finish()
        try:
            fields["sizes"] = Sizes(**{k: v for k, v in kwargs.items() if v is not None})
        except VariantError as exc:
            raise VariantError(f"{source}: {exc}") from None
    builders = {"schedule": _spec_schedule, "kernel": _spec_kernel, "gate": _spec_gate, "attention": _spec_attention}
    for key, build in builders.items():
        table = top.table(key)
        if table is not None:
            try:
                fields[key] = build(table)
            except VariantError as exc:
                raise (exc if str(exc).startswith(source) else VariantError(f"{source}: {key}: {exc}")) from None
    expect = top.table("expect")
    fields["expect"] = _spec_expect(expect) if expect is not None else {}
    top.finish()
    try:
        variant = Variant(**fields)
    except VariantError as exc:
        raise VariantError(f"{source}: {exc}") from None
    kernel = variant.kernel
    if kernel is not None and kernel.bandwidths is not None and variant.expectation(PROPERTIES["kernel-sum"]).outcome == HOLDS:
        for b in kernel.bandwidths:
            total = sum(kernel.weights(b))
            if total != 1:
                raise VariantError(f"{source}: kernel.weights for b = {b} sum to {total}, not 1, yet the spec expects "
                                   "kernel-sum to hold; fix the weights or the denominator, "
                                   'or declare expect.kernel-sum = {fails = "why"}')
    return variant


# --------------------------------------------------------------------------- the command line


def _print_properties() -> None:
    rows = [("property", "needs", "paper's rate", "source", "what it says")]
    for p in PROPERTIES.values():
        needs = "+".join(sorted(p.needs)) + (f" ({p.when_text})" if p.when_text else "")
        rate = p.rate_text or p.rate or "-"
        rows.append((p.id, needs, rate, p.source, p.says.format(rate="<rate>", floor="<mu2_floor>")))
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]) - 1)]
    for r in rows:
        print("  ".join(c.ljust(w) for c, w in zip(r, widths)) + "  " + r[-1])


def _cmd_variant(args) -> int:
    if args.properties:
        _print_properties()
        return 0
    if bool(args.file) == bool(args.spec):
        raise VariantError("give one variant: `specproof variant FILE.py` or `specproof variant --spec FILE.toml`")
    variants = [load_spec(args.spec or args.file)] if args.spec or args.file.endswith(".toml") else load_variants(args.file)
    if args.name:
        chosen = [v for v in variants if v.name == args.name]
        if not chosen:
            raise VariantError(f"no variant named {args.name!r}; the file defines {', '.join(v.name for v in variants)}")
        variants = chosen
    source = args.spec or args.file
    try:
        reports = [check_variant(v) for v in variants]
    except VariantError as exc:
        raise VariantError(f"{source}: {exc}") from None
    print("\n\n".join(r.table() for r in reports))
    if args.json:
        from specproof import __version__

        write_atomic(args.json, json.dumps({"specproof": __version__, "variants": [r.to_json() for r in reports]},
                                           indent=2, default=str) + "\n")
        print(f"wrote {args.json}")
    return 0 if all(r.as_declared for r in reports) else 1


def add_subcommand(sub) -> None:
    """`specproof variant FILE.py | --spec FILE.toml [--name N] [--json F] [--properties]`."""
    p = sub.add_parser("variant", help="sanity-check a variant of your own "
                                       "(a .py file defining Variant objects, or --spec FILE.toml)")
    p.add_argument("file", nargs="?", help="a Python file that defines one or more Variant objects")
    p.add_argument("--spec", metavar="FILE.toml", help="a declarative spec instead (executes no code)")
    p.add_argument("--name", help="check only the variant with this name")
    p.add_argument("--json", metavar="FILE", help="also write the JSON report to FILE")
    p.add_argument("--properties", action="store_true", help="list the battery's properties and exit")
    p.set_defaults(func=_cmd_variant)
