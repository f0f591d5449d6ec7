"""The long-context gate g_ℓ = σ(MLP(log₂ r_ℓ))·r_ℓ^φ, φ = softplus(β) (TRSP Eq. 7).

An input-agnostic gain: it sees only the coverage ratio r_ℓ = b_ℓ/T, never the hidden states.
``LongContextGate`` is the trainable torch module; :func:`gate_value` the same map as a pure
function of explicit parameters. The default MLP 1→16→1 (tanh) plus β has 3·16+1+1 = 50
trainable parameters, the "≈50" of §3.3.1.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import torch
from torch import nn

from specproof.theory.torch.backend import DEFAULT_DTYPE, device
from specproof.theory.validate import InputError, finite_array, positive_int


def coverage_ratio(T: int, b: int) -> float:
    """r_ℓ = b_ℓ / T, with 1 ≤ b_ℓ ≤ T."""
    T = positive_int("T", T)
    b = positive_int("b", b)
    if b > T:
        raise InputError(f"bandwidth b must satisfy 1 <= b <= T = {T}, got {b}")
    return b / T


@dataclass(frozen=True)
class GateParams:
    """Weights of the gate MLP (hidden width h) and the scalar β."""

    w1: np.ndarray  # (h,)
    b1: np.ndarray  # (h,)
    w2: np.ndarray  # (h,)
    b2: float
    beta: float

    def __post_init__(self):
        for name in ("w1", "b1", "w2"):
            object.__setattr__(self, name, finite_array(name, getattr(self, name)).ravel())
        if not (self.w1.size == self.b1.size == self.w2.size >= 1):
            raise InputError("w1, b1, w2 must have the same non-zero length (the hidden width)")
        for name in ("b2", "beta"):
            object.__setattr__(self, name, float(finite_array(name, getattr(self, name))))

    @property
    def count(self) -> int:
        return 3 * self.w1.size + 2


def log_gate_value(r, params: GateParams) -> np.ndarray:
    """log g = log σ(MLP(log₂ r)) + φ·log r, exact in the log domain where g itself may underflow."""
    r = finite_array("r", r)
    if np.any((r <= 0) | (r > 1)):
        raise InputError("coverage ratio r must lie in (0, 1]")
    u = np.log2(r)[..., None]
    hidden = np.tanh(u * params.w1 + params.b1)
    m = hidden @ params.w2 + params.b2
    phi = np.logaddexp(0.0, params.beta)  # softplus
    return -np.logaddexp(0.0, -m) + phi * np.log(r)


def gate_value(r, params: GateParams) -> np.ndarray:
    """g_ℓ for coverage ratio(s) r ∈ (0, 1] (TRSP Eq. 7), in float64."""
    return np.exp(log_gate_value(r, params))


class LongContextGate(nn.Module):
    """Trainable gate: MLP(1→hidden→1, tanh) on log₂ r_ℓ, and a global β (TRSP Eq. 7)."""

    def __init__(self, hidden: int = 16, dtype: torch.dtype = DEFAULT_DTYPE, seed: int | None = 0):
        super().__init__()
        hidden = positive_int("hidden", hidden)
        gen = torch.Generator().manual_seed(seed) if seed is not None else None
        self.fc1 = nn.Linear(1, hidden, dtype=dtype)
        self.fc2 = nn.Linear(hidden, 1, dtype=dtype)
        self.beta = nn.Parameter(torch.zeros((), dtype=dtype))
        if gen is not None:
            with torch.no_grad():
                for p in (self.fc1.weight, self.fc1.bias, self.fc2.weight, self.fc2.bias):
                    p.copy_(torch.empty_like(p).uniform_(-1, 1, generator=gen))
        self.to(device())

    def forward(self, T: int, b) -> torch.Tensor:
        """g for sequence length T and bandwidth(s) b (an int or a 1-D sequence)."""
        T = positive_int("T", T)
        b_arr = np.atleast_1d(np.asarray(b))
        r = torch.as_tensor([coverage_ratio(T, int(x)) for x in b_arr], dtype=self.beta.dtype, device=self.beta.device)
        m = self.fc2(torch.tanh(self.fc1(torch.log2(r)[:, None])))[:, 0]
        phi = nn.functional.softplus(self.beta)
        return torch.sigmoid(m) * r**phi

    @classmethod
    def from_params(cls, params: GateParams, dtype: torch.dtype = DEFAULT_DTYPE) -> "LongContextGate":
        """A module holding the given weights (hidden width w1.size) in ``dtype``: the inverse of :meth:`params`."""
        gate = cls(hidden=params.w1.size, dtype=dtype, seed=None)
        with torch.no_grad():
            for p, value in (
                (gate.fc1.weight, params.w1),
                (gate.fc1.bias, params.b1),
                (gate.fc2.weight, params.w2),
                (gate.fc2.bias, [params.b2]),
                (gate.beta, params.beta),
            ):
                p.copy_(torch.as_tensor(np.asarray(value, dtype=np.float64).reshape(p.shape), dtype=dtype))
        return gate

    def params(self) -> GateParams:
        """The module's weights as :class:`GateParams`, for :func:`gate_value`."""
        t = lambda p: p.detach().cpu().numpy().astype(np.float64).ravel()  # noqa: E731
        return GateParams(
            t(self.fc1.weight),
            t(self.fc1.bias),
            t(self.fc2.weight),
            float(t(self.fc2.bias)[0]),
            float(self.beta.detach()),
        )
