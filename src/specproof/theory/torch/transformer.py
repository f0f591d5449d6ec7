"""A small Llama-style causal decoder with TRSP's side path, in torch (TRSP Eq. 6, App. A.2).

The backbone is App. A.2's from-scratch model at a smaller scale: byte-level tokens (256 ids; the paper's Llama
tokenizer is not available offline), pre-norm blocks with RMSNorm, rotary positions on queries and keys (RoPE),
causal softmax attention written out (so that every head's map A_h = softmax(Q_h K_hᵀ/√d_h + M) can be read), and
a SwiGLU MLP of width ``mlp_ratio·d``. Block ℓ computes

    h = X + Attn(RMSNorm(X)) + Σ_{b ∈ B_ℓ} g(T, b)·K_b(X),   X_out = h + MLP(RMSNorm(h)),

the side-path term being TRSP Eq. 6 applied, as Eq. 6 writes it, to the block's input X (the residual stream):
K_b is the causal smoothing filter of bandwidth b (triBox_b = Box_b ∘ Box_b in the paper, Eq. 3), g the gate
(Eq. 7) and B_ℓ the bandwidths the layer realises. A :class:`SidePathSpec` says what they are: the schedule
T ↦ (b_0, b_1, …) (Eq. 5: b_ℓ = min(2^ℓ, T)); ``sparse`` layout puts b_ℓ in layer ℓ (layers beyond the schedule's
length get no side path), ``dense`` puts every bandwidth of the schedule's first D entries in every layer (the
full-sweep ablation, §5.2); the gate is the trainable :class:`theory.gate.LongContextGate` (one module shared by all
layers, ≈50 parameters) or a fixed function (T, b) ↦ g. Without a spec the model is the base Transformer.

Parameters are drawn on the CPU from the given seed, so a model starts from the same weights on every device.
Nothing here reads or writes files.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Callable, Sequence

import numpy as np
import torch
from torch import nn
from torch.nn import functional as F

from specproof.theory.kernels import CausalConvolution
from specproof.theory.torch.filters import box_filter_torch, tribox_filter_torch
from specproof.theory.torch.gate import LongContextGate
from specproof.theory.validate import InputError, positive_int

KERNELS = ("tribox", "box", "weights", "matrix")
LAYOUTS = ("sparse", "dense")
BYTES = 256


@dataclass(frozen=True)
class DecoderConfig:
    """The backbone's shape. ``d_model``/``n_heads`` must be an even head width (RoPE rotates pairs)."""

    d_model: int = 64
    n_layers: int = 4
    n_heads: int = 4
    mlp_ratio: float = 4.0
    vocab: int = BYTES
    rope_base: float = 10000.0
    norm_eps: float = 1e-6
    init_std: float = 0.02
    embed_std: float | None = None  # the token embeddings' std (None: init_std)
    residual_std: float | None = None  # the residual projections' std (wo, w2; None: init_std/√(2D), depth-aware)
    qk_std: float | None = None  # the query and key projections' std (None: init_std)

    def __post_init__(self):
        for name in ("d_model", "n_layers", "n_heads", "vocab"):
            positive_int(name, getattr(self, name))
        if self.d_model % self.n_heads or (self.d_model // self.n_heads) % 2:
            raise InputError(
                f"d_model = {self.d_model} must split into n_heads = {self.n_heads} heads of even width "
                "(RoPE rotates pairs); allowed: e.g. d_model = 64, n_heads = 4"
            )
        if not (math.isfinite(self.mlp_ratio) and self.mlp_ratio > 0):
            raise InputError(f"mlp_ratio must be a positive number, got {self.mlp_ratio!r}")

    @property
    def head_dim(self) -> int:
        return self.d_model // self.n_heads

    @property
    def mlp_width(self) -> int:
        return max(1, int(round(self.mlp_ratio * self.d_model)))


@dataclass(frozen=True, eq=False)
class SidePathSpec:
    """What TRSP's side path does (Eq. 5–7) in a network of D layers.

    - ``schedule(T)``: the bandwidths b_0, b_1, … at sequence length T, each 1 ≤ b ≤ T;
    - ``kernel``: "tribox" (Eq. 3, prefix sums), "box" (Eq. 1–2), "weights" (a causal convolution with the
      weights ``weights(b)`` over lags 0, 1, …, rows cut by the sequence start rescaled as
      :class:`theory.kernels.CausalConvolution` does) or "matrix" (the dense T×T operator ``matrix(T, b)``);
    - ``gate``: None for the trainable long-context gate (Eq. 7, hidden width ``gate_hidden``), else a fixed
      gain (T, b) ↦ g;
    - ``layout``: "sparse" (bandwidth b_ℓ in layer ℓ) or "dense" (all of the first D bandwidths in every layer).
    """

    name: str
    schedule: Callable[[int], Sequence[int]]
    kernel: str = "tribox"
    weights: Callable[[int], Sequence[float]] | None = None
    matrix: Callable[[int, int], np.ndarray] | None = None
    gate: Callable[[int, int], float] | None = None
    gate_hidden: int = 16
    layout: str = "sparse"

    def __post_init__(self):
        if self.kernel not in KERNELS:
            raise InputError(f"side path {self.name}: kernel {self.kernel!r}; allowed: {', '.join(KERNELS)}")
        if self.layout not in LAYOUTS:
            raise InputError(f"side path {self.name}: layout {self.layout!r}; allowed: {', '.join(LAYOUTS)}")
        if (self.kernel == "weights") != (self.weights is not None) or (self.kernel == "matrix") != (
            self.matrix is not None
        ):
            raise InputError(
                f"side path {self.name}: kernel 'weights' takes weights=, kernel 'matrix' takes matrix=, "
                "and only they do"
            )
        positive_int("gate_hidden", self.gate_hidden)

    @property
    def trainable_gate(self) -> bool:
        return self.gate is None

    def bandwidths(self, T: int) -> list[int]:
        """The schedule at T, checked: integers 1 ≤ b ≤ T."""
        T = positive_int("T", T)
        out = []
        for b in self.schedule(T):
            if isinstance(b, (bool, np.bool_)) or not float(b).is_integer() or not 1 <= int(b) <= T:
                raise InputError(
                    f"side path {self.name}: the schedule gave {b!r} at T = {T}; allowed: integers 1 <= b <= T"
                )
            out.append(int(b))
        return out

    def layer_bandwidths(self, T: int, n_layers: int) -> list[tuple[int, ...]]:
        """The bandwidths each of the D = ``n_layers`` layers realises at length T (see the class docstring)."""
        bands = self.bandwidths(T)[:n_layers]
        if self.layout == "dense":
            return [tuple(dict.fromkeys(bands))] * n_layers
        return [(bands[i],) if i < len(bands) else () for i in range(n_layers)]


class RMSNorm(nn.Module):
    """x / rms(x) · w (Zhang & Sennrich 2019), as Llama uses it."""

    def __init__(self, d: int, eps: float):
        super().__init__()
        self.eps = eps
        self.weight = nn.Parameter(torch.ones(d))

    def forward(self, x):
        return x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + self.eps) * self.weight


def rope_tables(
    T: int, head_dim: int, base: float, device, dtype, interpolation: float = 1.0
) -> tuple[torch.Tensor, torch.Tensor]:
    """cos and sin of the rotary angles (t/s)·base^(−2j/d_h), t = 0..T−1, j = 0..d_h/2−1, shaped (T, d_h); s =
    ``interpolation`` is position interpolation (Chen et al. 2023: positions divided by the length ratio, so a k×
    sequence sees only the angles of training), 1 without."""
    inv = base ** (-torch.arange(0, head_dim, 2, dtype=torch.float64) / head_dim)
    angles = (torch.arange(T, dtype=torch.float64) / interpolation)[:, None] * inv[None, :]
    angles = torch.cat([angles, angles], dim=-1)
    return angles.cos().to(device=device, dtype=dtype), angles.sin().to(device=device, dtype=dtype)


def apply_rope(x: torch.Tensor, cos: torch.Tensor, sin: torch.Tensor) -> torch.Tensor:
    """Rotate the pairs (x_j, x_{j+d_h/2}) of every position by its angle (the "rotate half" form of Llama)."""
    half = x.shape[-1] // 2
    rotated = torch.cat([-x[..., half:], x[..., :half]], dim=-1)
    return x * cos + rotated * sin


@dataclass
class LayerTrace:
    """What one block saw and did on a forward pass: its input X (the residual stream), each head's attention
    A_h and rotated queries and keys (so that softmax(Q_h K_hᵀ·scaling + M) = A_h), and the score scale."""

    X: torch.Tensor  # (B, T, d)
    A: torch.Tensor  # (B, H, T, T)
    Q: torch.Tensor  # (B, H, T, d_h)
    K: torch.Tensor
    scaling: float


class Attention(nn.Module):
    def __init__(self, cfg: DecoderConfig):
        super().__init__()
        d = cfg.d_model
        self.n_heads, self.head_dim = cfg.n_heads, cfg.head_dim
        self.wq, self.wk, self.wv, self.wo = (nn.Linear(d, d, bias=False) for _ in range(4))

    def forward(self, x, cos, sin, keep: bool, temperature: float = 1.0):
        B, T, d = x.shape
        split = lambda y: y.view(B, T, self.n_heads, self.head_dim).transpose(1, 2)  # noqa: E731
        q, k, v = split(self.wq(x)), split(self.wk(x)), split(self.wv(x))
        q, k = apply_rope(q, cos, sin), apply_rope(k, cos, sin)
        scaling = self.head_dim**-0.5 * temperature
        if not keep:  # the fused kernel: the same map, its weights never formed
            mixed = F.scaled_dot_product_attention(q, k, v, is_causal=True, scale=scaling)
            return self.wo(mixed.transpose(1, 2).reshape(B, T, d)), None
        mask = torch.ones(T, T, dtype=torch.bool, device=x.device).triu(1)
        a = torch.softmax((q * scaling @ k.transpose(-1, -2)).masked_fill(mask, -math.inf), dim=-1)
        out = self.wo((a @ v).transpose(1, 2).reshape(B, T, d))
        return out, (a, q, k, scaling)


class SwiGLU(nn.Module):
    def __init__(self, cfg: DecoderConfig):
        super().__init__()
        d, m = cfg.d_model, cfg.mlp_width
        self.w1, self.w3 = nn.Linear(d, m, bias=False), nn.Linear(d, m, bias=False)
        self.w2 = nn.Linear(m, d, bias=False)

    def forward(self, x):
        return self.w2(F.silu(self.w1(x)) * self.w3(x))


class Block(nn.Module):
    def __init__(self, cfg: DecoderConfig):
        super().__init__()
        self.norm1, self.norm2 = RMSNorm(cfg.d_model, cfg.norm_eps), RMSNorm(cfg.d_model, cfg.norm_eps)
        self.attn, self.mlp = Attention(cfg), SwiGLU(cfg)

    def forward(self, x, cos, sin, side_term, keep: bool, temperature: float = 1.0):
        a, kept = self.attn(self.norm1(x), cos, sin, keep, temperature)
        h = x + a if side_term is None else x + a + side_term
        return h + self.mlp(self.norm2(h)), kept


class SidePath(nn.Module):
    """The side path of a whole network: Σ_{b ∈ B_ℓ} g(T, b)·K_b(X) at layer ℓ (TRSP Eq. 6)."""

    def __init__(self, spec: SidePathSpec, n_layers: int, seed: int):
        super().__init__()
        self.spec, self.n_layers = spec, n_layers
        self.gate = (
            LongContextGate(hidden=spec.gate_hidden, dtype=torch.float32, seed=seed) if spec.trainable_gate else None
        )
        self._operators: dict = {}  # (kind, T, b, device, dtype) → the tensors of a weights/matrix kernel

    def gains(self, T: int, like: torch.Tensor) -> tuple[list[tuple[int, ...]], dict[int, torch.Tensor]]:
        """The bandwidths of every layer at length T and the gain g(T, b) of each distinct bandwidth (0-d tensors)."""
        layers = self.spec.layer_bandwidths(T, self.n_layers)
        distinct = sorted({b for bands in layers for b in bands})
        if not distinct:
            return layers, {}
        if self.gate is not None:
            g = self.gate(T, distinct).to(dtype=like.dtype, device=like.device)
            return layers, {b: g[i] for i, b in enumerate(distinct)}
        fixed = self.spec.gate
        assert fixed is not None  # a side path without a fixed gain has the trainable gate (__init__)
        return layers, {b: torch.tensor(float(fixed(T, b)), dtype=like.dtype, device=like.device) for b in distinct}

    def filter(self, X: torch.Tensor, b: int) -> torch.Tensor:
        """K_b X along the token axis (dim −2) of a (..., T, d) tensor."""
        kind = self.spec.kernel
        if kind == "tribox":
            return tribox_filter_torch(X, b)
        if kind == "box":
            return box_filter_torch(X, b)
        T = X.shape[-2]
        cache_key = (kind, T, b, X.device, X.dtype)
        if cache_key not in self._operators:
            if kind == "weights":
                weights = self.spec.weights
                assert weights is not None  # kernel "weights" takes weights= (SidePathSpec.__post_init__)
                h = np.asarray([float(w) for w in weights(b)], dtype=np.float64)
                scale = CausalConvolution(T, h).row_scale
                self._operators[cache_key] = (
                    torch.as_tensor(h[::-1].copy(), dtype=X.dtype, device=X.device).view(1, 1, -1),
                    torch.as_tensor(scale, dtype=X.dtype, device=X.device)[:, None],
                )
            else:
                matrix = self.spec.matrix
                assert matrix is not None  # kernel "matrix" takes matrix= (SidePathSpec.__post_init__)
                M = np.asarray(matrix(T, b), dtype=np.float64)
                if M.shape != (T, T) or not np.all(np.isfinite(M)):
                    raise InputError(
                        f"side path {self.spec.name}: matrix({T}, {b}) must be a finite {T}x{T} array, "
                        f"got shape {M.shape}"
                    )
                self._operators[cache_key] = (torch.as_tensor(M, dtype=X.dtype, device=X.device),)
        ops = self._operators[cache_key]
        if kind == "matrix":
            return ops[0] @ X
        flipped, scale = ops
        lead, d = X.shape[:-2], X.shape[-1]
        signal = X.movedim(-2, -1).reshape(-1, 1, T)
        out = F.conv1d(F.pad(signal, (flipped.shape[-1] - 1, 0)), flipped)
        return out.reshape(*lead, d, T).movedim(-1, -2) * scale

    def term(self, X: torch.Tensor, bands: tuple[int, ...], g: dict) -> torch.Tensor | None:
        if not bands:
            return None
        return sum(g[b] * self.filter(X, b) for b in bands)


@dataclass
class DecoderOutput:
    logits: torch.Tensor  # (B, T, vocab)
    hidden: list  # H_0 (embeddings, with any perturbation), H_1, …, H_D: the residual stream after each block
    traces: list | None  # one LayerTrace per block when asked


class Decoder(nn.Module):
    """The byte-level Llama-style decoder, with TRSP's side path when ``side`` is given."""

    def __init__(self, cfg: DecoderConfig, side: SidePathSpec | None = None, seed: int = 0):
        super().__init__()
        self.cfg = cfg
        with torch.random.fork_rng(devices=[]):
            torch.manual_seed(seed)
            self.embed = nn.Embedding(cfg.vocab, cfg.d_model)
            self.blocks = nn.ModuleList(Block(cfg) for _ in range(cfg.n_layers))
            self.norm = RMSNorm(cfg.d_model, cfg.norm_eps)
            self.head = nn.Linear(cfg.d_model, cfg.vocab, bias=False)
            for name, p in self.named_parameters():
                if p.dim() == 2:
                    std = cfg.init_std
                    if name.endswith(("wo.weight", "w2.weight")):  # depth-aware: the residual sum stays O(1)
                        std = (
                            cfg.residual_std
                            if cfg.residual_std is not None
                            else cfg.init_std / math.sqrt(2 * cfg.n_layers)
                        )
                    elif name == "embed.weight" and cfg.embed_std is not None:
                        std = cfg.embed_std
                    elif name.endswith(("wq.weight", "wk.weight")) and cfg.qk_std is not None:
                        std = cfg.qk_std
                    nn.init.normal_(p, mean=0.0, std=std)
        self.side = SidePath(side, cfg.n_layers, seed) if side is not None else None
        self.to("cpu")

    def forward(
        self,
        idx: torch.Tensor,
        *,
        delta: torch.Tensor | None = None,
        trace: bool = False,
        interpolation: float = 1.0,
        temperature: float = 1.0,
    ) -> DecoderOutput:
        """Logits and the residual stream after every block; ``delta`` is added to the embeddings (TRSP's SPR);
        ``trace`` keeps every block's input, attention maps and rotated queries and keys. Two length controls for
        evaluation beyond the training length: ``interpolation`` divides the RoPE positions (position interpolation),
        ``temperature`` multiplies every attention score (log-length scaling: log(kT)/log T)."""
        x = self.embed(idx)
        if delta is not None:
            x = x + delta
        T = x.shape[1]
        cos, sin = rope_tables(T, self.cfg.head_dim, self.cfg.rope_base, x.device, x.dtype, interpolation)
        layers, g = self.side.gains(T, x) if self.side is not None else ([], {})
        hidden = [x]
        traces: list[LayerTrace] | None = [] if trace else None
        for i, block in enumerate(self.blocks):
            side_term = self.side.term(x, layers[i], g) if self.side is not None else None
            x_in = x
            x, kept = block(x, cos, sin, side_term, trace, temperature)
            if traces is not None:
                traces.append(LayerTrace(x_in, *kept))
            hidden.append(x)
        return DecoderOutput(self.head(self.norm(x)), hidden, traces)

    def loss(self, idx: torch.Tensor) -> torch.Tensor:
        """Mean next-byte cross-entropy (nats) of a (B, T + 1) batch."""
        logits = self(idx[:, :-1]).logits
        return F.cross_entropy(logits.reshape(-1, logits.shape[-1]), idx[:, 1:].reshape(-1))

    def side_gains(self, T: int) -> list[list[tuple[int, float]]]:
        """Per layer, the (b, g(T, b)) its side path applies at length T (empty lists for the base model)."""
        if self.side is None:
            return [[] for _ in self.blocks]
        like = next(self.parameters())
        with torch.no_grad():
            layers, g = self.side.gains(T, like)
        return [[(b, float(g[b])) for b in bands] for bands in layers]

    def side_matrices(self, T: int, dtype=torch.float64) -> list[torch.Tensor | None]:
        """Per layer, the T×T matrix G_ℓ = Σ_b g(T, b)·K_b of its side path (None without one): the filters applied to
        the identity, so the matrix is the model's own operator."""
        if self.side is None:
            return [None] * len(self.blocks)
        like = next(self.parameters())
        eye = torch.eye(T, dtype=dtype, device=like.device)
        with torch.no_grad():
            layers, g = self.side.gains(T, eye)
            return [None if not bands else self.side.term(eye, bands, g) for bands in layers]

    def parameter_counts(self) -> dict[str, int]:
        gate = sum(p.numel() for p in self.side.parameters()) if self.side is not None else 0
        return {"total": sum(p.numel() for p in self.parameters()), "gate": gate}


__all__ = [
    "BYTES",
    "Decoder",
    "DecoderConfig",
    "DecoderOutput",
    "KERNELS",
    "LAYOUTS",
    "LayerTrace",
    "SidePathSpec",
    "apply_rope",
    "rope_tables",
]
