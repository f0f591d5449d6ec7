"""One declarative schema (pydantic) for both front ends: the TOML spec and the Python ``Variant(...)``.

The TOML spec is validated as a whole by :class:`Spec`; the Python front end validates the same
fields through the same types (:func:`validated`): a variant's name, layout and floor, its sizes,
explicit bandwidths and kernels. Every error becomes one :class:`VariantError` line that names the
offending key as written (``schedule.bandwidths[1] = -4: ...``).
"""

from __future__ import annotations

import re
from typing import Annotated, Any, Literal, Union, get_args

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    StrictBool,
    StrictInt,
    StrictStr,
    TypeAdapter,
    ValidationError,
    model_validator,
)

from specproof.theory.errors import VariantError  # noqa: F401 (re-exported: the error of both front ends)
from specproof.theory.spec import (
    LAYERS_WHY,
    MAX_CASCADE_ORDER,
    MAX_GATE,
    MAX_GATE_HIDDEN,
    MAX_KERNEL_LENGTH,
    MAX_LAYERS,
)

_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.+-]*$")


def _name(value: str) -> str:
    if not _NAME.match(value):
        raise ValueError("a variant name is letters, digits and . _ + - (no spaces)")
    return value


Name = Annotated[StrictStr, AfterValidator(_name)]
Positive = Annotated[StrictInt, Field(ge=1)]
Bandwidth = Annotated[int, Field(ge=1)]  # a key of a TOML table ("2") or of a Python mapping (2)
Bandwidths = Annotated[list[Positive], Field(min_length=1, max_length=MAX_LAYERS)]
Finite = Annotated[float, Field(strict=True, allow_inf_nan=False)]  # an int is a float too, a bool is not


def _within(lo: float, hi: float, why: str):
    """A number refused outside ``lo ≤ x ≤ hi`` with the allowed range and why it ends there (pydantic's own
    ``le`` message gives neither)."""

    def check(value):
        if not lo <= value <= hi:
            raise ValueError(f"outside the allowed range {lo:g} … {hi:g} ({why})")
        return value

    return AfterValidator(check)


# The largest sizes a run is allowed: each about four times what --wide uses, where one run of the battery still
# ends in minutes on two cores (the skeleton's spectrum at every T up to t_max, the dense operator's eigenvalues at
# every T up to t_operator, the banded network to t_network); a size beyond them is refused before any work.
SIZE_LIMITS = {
    "t_max": 2**14,
    "t_operator": 2**10,
    "b_max": 2**14,
    "attention_max": 2**11,
    "examples": 10_000,
    "t_network": 2**16,
    "real_max": 2**11,
}
_SIZE_WHY = "about 4 times the --wide sizes: the largest at which one battery run still ends in minutes"


Depth = Annotated[StrictInt, _within(1, MAX_LAYERS, LAYERS_WHY)]
GATE_WHY = "the checks square g and hash g times the side path's matrices in 64-bit integers"


class _Table(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


# --------------------------------------------------------------------------- the fields both front ends share


class Fields(_Table):
    """A variant's own fields (its components are checked by their constructors)."""

    name: Name
    description: StrictStr = ""
    layout: Literal["sparse", "dense"] = "sparse"
    mu2_floor: Annotated[Finite, Field(gt=0)] = 2.0


class Sizes(_Table):
    """How far the battery sweeps; the lower bounds are the smallest sweeps that still give three points
    to every rate fit."""

    t_min: Annotated[StrictInt, Field(ge=2)] | None = None  # at most t_max (checked below)
    t_max: Annotated[StrictInt, _within(64, SIZE_LIMITS["t_max"], _SIZE_WHY)] = 1024
    t_operator: Annotated[StrictInt, _within(64, SIZE_LIMITS["t_operator"], _SIZE_WHY)] = 256
    b_max: Annotated[StrictInt, _within(16, SIZE_LIMITS["b_max"], _SIZE_WHY)] = 1024
    attention_max: Annotated[StrictInt, _within(64, SIZE_LIMITS["attention_max"], _SIZE_WHY)] = 256
    examples: Annotated[StrictInt, _within(10, SIZE_LIMITS["examples"], _SIZE_WHY)] = 100
    t_network: Annotated[StrictInt, _within(64, SIZE_LIMITS["t_network"], _SIZE_WHY)] = (
        4096  # the banded fixed-depth network sweep
    )
    real_max: Annotated[StrictInt, _within(32, SIZE_LIMITS["real_max"], _SIZE_WHY)] = (
        256  # the longest window of real attention
    )

    @model_validator(mode="after")
    def _t_min_within_t_max(self):
        if self.t_min is not None and self.t_min > self.t_max:
            raise ValueError(f"t_min = {self.t_min} must satisfy 2 <= t_min <= t_max = {self.t_max}")
        if self.t_operator > self.t_network:
            raise ValueError(
                f"t_operator = {self.t_operator} must not exceed t_network = {self.t_network} "
                "(the network sweeps every T the real operator does)"
            )
        if self.t_min is not None and self.t_min > min(self.t_operator, self.real_max):
            raise ValueError(
                f"t_min = {self.t_min} must not exceed t_operator = {self.t_operator} or real_max = {self.real_max} "
                "(every sweep needs sizes from t_min on)"
            )
        return self


class ExplicitKernel(_Table):
    """Integer weights per bandwidth, h_b(r) = weights[b][r] / denominator_b (default: the row's sum)."""

    kind: Literal["explicit"] = "explicit"
    weights: dict[Bandwidth, Annotated[list[StrictInt], Field(min_length=1, max_length=MAX_KERNEL_LENGTH)]]
    denominator: Positive | dict[Bandwidth, Positive] | None = None

    def denominator_at(self, b: int) -> int:
        den = self.denominator.get(b) if isinstance(self.denominator, dict) else self.denominator
        return sum(self.weights[b]) if den is None else den

    @model_validator(mode="after")
    def _normalisable(self):
        for b in self.weights:
            if self.denominator_at(b) == 0:
                raise ValueError(f"the weights for b = {b} sum to 0, so they cannot be normalised; give a denominator")
        return self


# --------------------------------------------------------------------------- the TOML spec


class Dyadic(_Table):
    kind: Literal["dyadic"]
    depth: Depth | None = None


class Geometric(_Table):
    kind: Literal["geometric"]
    base: Annotated[StrictInt, Field(ge=2)]
    depth: Depth | None = None


class Constant(_Table):
    kind: Literal["constant"]
    bandwidth: Positive | Literal["T"]
    depth: Depth | None = None


class ExplicitSchedule(_Table):
    kind: Literal["explicit"]
    bandwidths: Bandwidths


class Triangular(_Table):
    kind: Literal["triangular"]


class Box(_Table):
    kind: Literal["box"]


class Cascade(_Table):
    kind: Literal["cascade"]
    order: Annotated[StrictInt, _within(1, MAX_CASCADE_ORDER, "its weights b^order must stay float64 numbers")]


class TrspGate(_Table):
    kind: Literal["trsp"]
    seed: Annotated[StrictInt, Field(ge=0)] = 0
    hidden: Annotated[StrictInt, _within(1, MAX_GATE_HIDDEN, "the gate module runs at every size a sweep meets")] = 16


class ConstantGate(_Table):
    kind: Literal["constant"]
    value: Annotated[Finite, _within(-MAX_GATE, MAX_GATE, GATE_WHY)]


class Softmax(_Table):
    kind: Literal["softmax"]
    causal: StrictBool


KINDS: dict[str, tuple[type[BaseModel], ...]] = {
    "schedule": (Dyadic, Geometric, Constant, ExplicitSchedule),
    "kernel": (Triangular, Box, Cascade, ExplicitKernel),
    "gate": (TrspGate, ConstantGate),
    "attention": (Softmax,),
}


class Model(_Table):
    """The pretrained model whose heads the real-attention properties read: the packaged MiniLM by default, or a
    local Hugging Face model directory."""

    path: StrictStr | None = None


class Fails(_Table):
    fails: StrictStr


class Rate(_Table):
    rate: StrictStr
    reason: StrictStr = ""


class Holds(_Table):
    holds: StrictStr


class Spec(Fields):
    """A whole TOML spec: the variant's fields, its components from the closed menu, its expectations."""

    sizes: Sizes | None = None
    schedule: Annotated[Union[Dyadic, Geometric, Constant, ExplicitSchedule], Field(discriminator="kind")] | None = None
    kernel: Annotated[Union[Triangular, Box, Cascade, ExplicitKernel], Field(discriminator="kind")] | None = None
    gate: Annotated[Union[TrspGate, ConstantGate], Field(discriminator="kind")] | None = None
    attention: Annotated[Softmax, Field(discriminator="kind")] | None = None
    model: Model | None = None
    expect: dict[str, StrictStr | Fails | Rate | Holds] = {}


# --------------------------------------------------------------------------- one line per error


def _allowed(keys: list[str], table) -> str:
    """The keys allowed in the table at ``keys``: the spec's, the sizes', or a component kind's."""
    tables: dict[tuple, type[BaseModel]] = {(): Spec, ("sizes",): Sizes, ("model",): Model}
    model = tables.get(tuple(keys))
    if model is None and len(keys) == 1 and isinstance(table, dict):
        model = next(
            (m for m in KINDS.get(keys[0], ()) if table.get("kind") in get_args(m.model_fields["kind"].annotation)),
            None,
        )
    return ", ".join(model.model_fields) if model is not None else ""


def _located(loc, data) -> tuple[list[str], Any]:
    """The keys of ``loc`` that are in the data (pydantic adds union tags and validator names), and the
    table the last one is in."""
    keys, table, cur = [], data, data
    for part in loc:
        if isinstance(cur, dict) and part in cur:
            keys.append(str(part))
            table, cur = cur, cur[part]
        elif isinstance(cur, list) and isinstance(part, int) and part < len(cur):
            keys[-1] += f"[{part}]"
            table, cur = cur, cur[part]
    return keys, table


def _line(error: dict, data) -> str:
    keys, table = _located(error["loc"], data)
    path = ".".join(keys)
    kind, msg = error["type"], error["msg"].removeprefix("Value error, ")
    if kind == "extra_forbidden":
        allowed = _allowed(keys[:-1], table)
        if isinstance(table, dict) and "kind" in table:
            return f"{path} is not a key of kind {table['kind']!r}; allowed: {allowed or '(nothing else)'}"
        return f"unknown key {path!r}" + (f"; allowed here: {allowed}" if allowed else "")
    if kind == "missing":
        return f"{'.'.join([*keys, str(error['loc'][-1])])} is missing"
    if kind.startswith("union_tag"):
        return f"{path}.kind: {msg}"
    if not keys:
        return msg
    if kind == "value_error" and isinstance(error["input"], dict):  # a check across a table's fields names them
        return f"{path}: {msg}"
    return f"{path} = {error['input']!r}: {msg[:1].lower() + msg[1:]}"


def validated(schema, data, where: str = ""):
    """``data`` validated by ``schema`` (a model or a type), or one VariantError line naming the key."""
    try:
        if isinstance(schema, type) and issubclass(schema, BaseModel):
            return schema.model_validate(data)
        return TypeAdapter(schema).validate_python(data)
    except ValidationError as exc:
        wrapped = {where: data} if where else data
        first = exc.errors()[0]
        error = {**first, "loc": (where, *first["loc"]) if where else first["loc"]}
        raise VariantError(_line(error, wrapped)) from None
