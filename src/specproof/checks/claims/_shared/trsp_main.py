"""TRSP §1–§3: what several claim files share (symbols, the filters' closed forms, the gate)."""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

import sympy as sp

from specproof.engine.methods import (
    sympy_identity,
)
from specproof.engine.optional import optional
from specproof.engine.registry import Evidence, Status

if TYPE_CHECKING:
    from torch import Tensor

torch = optional("torch")

# symbolic parameters shared by the proofs: b ≥ 1 the bandwidth, k, j ≥ 0 offsets inside one case
b_ = sp.Symbol("b", integer=True, positive=True)


def tribox_kernel_sums():
    """Σ_r h_b(r) and the pieces of h_b on the rising (r ≤ b−1) and falling (r ≥ b−1) sides."""
    r = sp.Symbol("r", integer=True, nonnegative=True)
    rising = (r + 1) / b_**2  # r = 0..b−1
    falling = (2 * b_ - 1 - r) / b_**2  # r = b..2b−2
    total = sp.summation(rising, (r, 0, b_ - 1)) + sp.summation(falling, (r, b_, 2 * b_ - 2))
    return r, rising, falling, total


@functools.cache
def _element_traffic_mode() -> type:
    """The torch function mode that records every torch call making a tensor, with the elements it reads and
    writes; a view (an output on an input's storage) costs nothing. Defined on first use: torch is optional."""
    from torch.overrides import TorchFunctionMode

    class ElementTraffic(TorchFunctionMode):
        def __init__(self):
            super().__init__()
            self.trace: list[tuple[str, int, int]] = []

        def __torch_function__(self, func, types, args=(), kwargs=None):
            kwargs = kwargs or {}
            out = func(*args, **kwargs)
            inputs, outputs = _tensors([*args, *kwargs.values()]), _tensors([out])
            storages = {x.untyped_storage().data_ptr() for x in inputs}
            if any(y.untyped_storage().data_ptr() not in storages for y in outputs):
                self.trace.append((func.__name__, sum(x.numel() for x in inputs), sum(y.numel() for y in outputs)))
            return out

    return ElementTraffic


def _tensors(items) -> list:
    found = []
    for x in items:
        if isinstance(x, torch.Tensor):
            found.append(x)
        elif isinstance(x, (list, tuple)):
            found.extend(_tensors(list(x)))
    return found


def element_traffic(fn, X: "Tensor", b: int) -> tuple[list, int]:
    """(trace, total elements read + written) of ``fn(X, b)``: an exact, machine-independent cost count."""
    with _element_traffic_mode()() as mode:
        fn(X, b)
    return mode.trace, sum(r + w for _, r, w in mode.trace)


def _h(r, b):
    """h_b(r) = (b − |r − (b−1)|)/b², symbolic or exact (TRSP Eq. 4)."""
    return (b - sp.Abs(r - (b - 1))) / b**2


def matrix_identity(lhs, rhs, *, what: str) -> Evidence:
    """lhs == rhs entry by entry for explicit sympy matrices (sympy_identity decides scalars and matrix expressions):
    proved when every entry of the difference simplifies to 0, else the first entry that does not is decided."""
    entries = list(sp.Matrix(lhs) - sp.Matrix(rhs))
    for e in entries:
        if sp.simplify(sp.expand(e)) != 0:
            return sympy_identity(e, sp.Integer(0), what=what)
    return Evidence(
        Status.PROVED,
        "sympy",
        f"{what}: all {len(entries)} entries of lhs − rhs simplify to 0",
        ranges="all symbolic parameter values",
        worst_margin=0.0,
    )
