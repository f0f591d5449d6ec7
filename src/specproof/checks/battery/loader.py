"""Variants from files: a Python module that binds :class:`Variant` objects (run with :func:`runpy.run_path`,
without touching ``sys.path``, ``sys.modules`` or writing bytecode), or a declarative TOML spec (no code
runs) validated by :class:`.schema.Spec`."""

from __future__ import annotations

import runpy
import tomllib
from pathlib import Path
from typing import Callable

from specproof.checks.battery import schema
from specproof.checks.battery.battery import PROPERTIES
from specproof.checks.battery.model import (
    Attention,
    Expect,
    Finding,
    Gate,
    Kernel,
    RealModel,
    Schedule,
    Sizes,
    Variant,
    VariantError,
)
from specproof.theory.validate import InputError


def shown(path) -> str:
    """A path as messages show it: at most 120 characters (long input is cut, never echoed whole)."""
    text = str(path)
    return text if len(text) <= 120 else text[:100] + f"… ({len(text)} characters)"


def file_problem(path: Path) -> str | None:
    """Why ``path`` is not a readable regular file (a symlink loop, a dangling link, a directory, missing), or None."""
    import errno
    import os

    try:
        os.stat(path)
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            return "is a symlink loop"
        if os.path.islink(path):
            return f"is a dangling symlink (to {shown(os.readlink(path))})"
        if exc.errno == errno.ENOENT:
            return "no such file"
        return f"cannot be read ({exc.strerror})"
    if path.is_dir():
        return "is a directory; allowed: a .py or .toml file"
    if not path.is_file():
        return "is not a regular file; allowed: a .py or .toml file"
    return None


def _require_file(path: Path) -> None:
    why = file_problem(path)
    if why is not None:
        raise VariantError(f"{shown(path)}: {why}")


def distinct_names(variants) -> None:
    """Refuse two variants of one name, as `specproof train` does (each name keys a report, a row, a column)."""
    seen: set[str] = set()
    for v in variants:
        if v.name in seen:
            raise VariantError(f"two variants are named {v.name!r}; allowed: distinct names")
        seen.add(v.name)


def load_path(path) -> list[Variant]:
    """The variants of a file: a TOML spec (.toml) or a Python module binding Variant objects."""
    return [load_spec(path)] if str(path).endswith(".toml") else load_variants(path)


def load_variants(path) -> list[Variant]:
    """The Variant objects a Python file binds at module level (or in module-level lists), in order.

    The file runs as a script of its own (:func:`runpy.run_path`): no bytecode appears next to it and
    the interpreter's import state is left as it was; any failure to run is one VariantError line.
    """
    path = Path(path)
    _require_file(path)
    if path.suffix != ".py":
        raise VariantError(f"{path}: a variant file is a .py module (for a declarative spec use --spec FILE.toml)")
    try:
        namespace = runpy.run_path(str(path), run_name="specproof_variant")
    except VariantError as exc:
        raise VariantError(f"{path}: {exc}") from None
    except SyntaxError as exc:
        raise VariantError(f"{path} does not import: SyntaxError: {exc.msg} (line {exc.lineno})") from None
    except (Exception, SystemExit) as exc:  # whatever the user's module raises: one line, no traceback
        raise VariantError(f"{path} does not import: {type(exc).__name__}: {exc}") from None
    found: list[Variant] = []
    for value in namespace.values():
        for item in value if isinstance(value, (list, tuple)) else (value,):
            if isinstance(item, Variant) and all(item is not v for v in found):
                found.append(item)
    if not found:
        raise VariantError(f"{path} defines no Variant; bind one at module level, e.g. variant = Variant('mine', ...)")
    return found


# each component kind of the spec → its constructor
_BUILDERS: dict[str, dict[str, Callable]] = {
    "schedule": {
        "dyadic": lambda s: Schedule.geometric(2, s.depth),
        "geometric": lambda s: Schedule.geometric(s.base, s.depth),
        "constant": lambda s: Schedule.constant(None if s.bandwidth == "T" else s.bandwidth, s.depth),
        "explicit": lambda s: Schedule.explicit(s.bandwidths),
    },
    "kernel": {
        "triangular": lambda k: Kernel.triangular(),
        "box": lambda k: Kernel.box(),
        "cascade": lambda k: Kernel.cascade(k.order),
        "explicit": lambda k: Kernel.explicit(k.weights, k.denominator),
    },
    "gate": {"trsp": lambda g: Gate.trsp(seed=g.seed, hidden=g.hidden), "constant": lambda g: Gate.constant(g.value)},
    "attention": {"softmax": lambda a: Attention.softmax(a.causal)},
}


def _component(key: str, spec):
    try:
        return _BUILDERS[key][spec.kind](spec)
    except InputError as exc:
        raise VariantError(f"{key}: {exc}") from None


def _expectation(pid: str, entry) -> Expect | str:
    try:
        if isinstance(entry, schema.Fails):
            return Expect.fails(entry.fails)
        if isinstance(entry, schema.Rate):
            return Expect.rate(entry.rate, entry.reason)
        if isinstance(entry, schema.Holds):
            return Expect.holds(entry.holds)
    except VariantError as exc:
        raise VariantError(f"expect.{pid}: {exc}") from None
    return entry


def _check_kernel_sums(variant: Variant) -> None:
    """An explicit kernel expected to sum to one must: a spec's integer weights are checked before any run."""
    kernel = variant.kernel
    if (
        kernel is None
        or kernel.bandwidths is None
        or variant.expectation(PROPERTIES["kernel-sum"]).outcome is not Finding.HOLDS
    ):
        return
    for b in kernel.bandwidths:
        total = sum(kernel.weights(b))
        if total != 1:
            raise VariantError(
                f"kernel.weights for b = {b} sum to {total}, not 1, yet the spec expects kernel-sum to hold; "
                'fix the weights or the denominator, or declare expect.kernel-sum = {fails = "why"}'
            )


def _read_toml(path: Path) -> dict:
    _require_file(path)
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as exc:
        raise VariantError(f"{path}: cannot be read: {exc}") from None
    except tomllib.TOMLDecodeError as exc:
        raise VariantError(f"{path}: not valid TOML: {exc}") from None


def load_spec(path) -> Variant:
    """A Variant from a declarative TOML spec: components from the closed menu or explicit integer lists.

    Executes no code. Unknown keys and impossible values (a bandwidth < 1, a bandwidth beyond T,
    a kernel expected to sum to one that does not) are one VariantError line naming the key.
    """
    path = Path(path)
    data = _read_toml(path)
    try:
        spec = schema.validated(schema.Spec, data)
        fields = {k: getattr(spec, k) for k in schema.Fields.model_fields}
        components = {k: _component(k, getattr(spec, k)) for k in _BUILDERS if getattr(spec, k) is not None}
        if spec.model is not None:
            components["model"] = RealModel.named(spec.model.path)
        sizes = Sizes(**spec.sizes.model_dump()) if spec.sizes is not None else Sizes()
        expect = {pid: _expectation(pid, entry) for pid, entry in spec.expect.items()}
        variant = Variant(**fields, **components, sizes=sizes, expect=expect)
        _check_kernel_sums(variant)
    except VariantError as exc:
        raise VariantError(f"{path}: {exc}") from None
    return variant
