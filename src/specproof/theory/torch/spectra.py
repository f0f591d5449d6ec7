"""Dense float64 spectra through torch, on the GPU when there is one (:func:`theory.backend.device`), else the CPU:
:func:`dense_singular_values`, :func:`dense_eigvalsh`, and the dense attention and Cesàro matrices built on the
device (:func:`attention_matrix_torch`, :func:`cesaro_matrix_torch`). :mod:`theory.solvers` re-exports them.
"""

from __future__ import annotations

import numpy as np

from specproof.theory.operators import Operator
from specproof.theory.validate import InputError, finite_array, positive_int


def _torch():
    import torch

    from specproof.theory.torch.backend import device

    return torch, device()


def _as_dense_tensor(matrix_or_op, device=None):
    torch, default = _torch()
    dev = torch.device(device) if device is not None else default
    if isinstance(matrix_or_op, Operator):
        matrix_or_op = matrix_or_op.as_matrix()
    if isinstance(matrix_or_op, torch.Tensor):
        M = matrix_or_op.to(device=dev, dtype=torch.float64)
    else:
        M = torch.as_tensor(np.ascontiguousarray(finite_array("matrix", matrix_or_op)), dtype=torch.float64, device=dev)
    if M.ndim != 2 or M.shape[0] != M.shape[1] or M.shape[0] < 1:
        raise InputError(f"a dense spectrum needs a non-empty square matrix, got shape {tuple(M.shape)}")
    return M


def dense_singular_values(matrix_or_op, *, device=None, driver: str | None = None) -> np.ndarray:
    """All singular values, descending, in float64 through torch (GPU when present, else CPU).

    ``driver`` picks the cuSOLVER routine on CUDA ("gesvd": QR-based, robust at ℓ in the tens of
    thousands; "gesvdj": Jacobi, fast for small matrices); it is ignored on the CPU.
    """
    torch, _ = _torch()
    M = _as_dense_tensor(matrix_or_op, device)
    if M.device.type != "cuda":
        driver = None
    return torch.linalg.svdvals(M, driver=driver).cpu().numpy()


def dense_eigvalsh(matrix_or_op, *, device=None) -> np.ndarray:
    """All eigenvalues of a symmetric matrix, ascending, in float64 through torch."""
    torch, _ = _torch()
    M = _as_dense_tensor(matrix_or_op, device)
    return torch.linalg.eigvalsh(0.5 * (M + M.T)).cpu().numpy()


def attention_matrix_torch(scores, *, causal: bool, device=None):
    """Dense softmax(Σ) (or softmax(Σ + M), causal) built directly on the device (SDEG §3), float64.

    Row i: weight a_i = e^{s_i} on itself and 1 on every other visible token, normalised in the log
    domain exactly as :class:`theory.operators.SoftmaxAttention`; no ℓ×ℓ host copy is made.
    """
    torch, default = _torch()
    dev = torch.device(device) if device is not None else default
    s = torch.as_tensor(np.ascontiguousarray(finite_array("scores", scores)), dtype=torch.float64, device=dev)
    if s.ndim != 1 or s.numel() < 1:
        raise InputError(f"scores must be a non-empty 1-D array of diagonal scores, got shape {tuple(s.shape)}")
    ell = s.numel()
    visible = (
        torch.arange(1, ell + 1, dtype=torch.float64, device=dev)
        if causal
        else torch.full((ell,), float(ell), dtype=torch.float64, device=dev)
    )
    log_norm = torch.logaddexp(s, torch.log(visible - 1.0))
    off = torch.where(visible == 1, torch.zeros_like(s), torch.exp(-log_norm))
    A = off[:, None].expand(ell, ell).clone()
    if causal:
        A.tril_()
    A.diagonal().copy_(torch.exp(s - log_norm))
    return A


def cesaro_matrix_torch(ell: int, *, device=None):
    """Dense Cesàro matrix H_ℓ, (H_ℓ)_{ij} = 1_{j≤i}/i (SDEG §3.4), float64 on the device."""
    torch, default = _torch()
    ell = positive_int("ell", ell)
    dev = torch.device(device) if device is not None else default
    inv = 1.0 / torch.arange(1, ell + 1, dtype=torch.float64, device=dev)
    return inv[:, None].expand(ell, ell).clone().tril_()
