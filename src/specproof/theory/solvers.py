"""Matrix-free spectral solvers for large T, each value returned inside a bracket.

* :func:`skeleton_algebraic_connectivity` — μ₂ of the Cayley skeleton Cay(ℤ_T, S) of the dyadic
  schedule (TRSP Eq. 9) for T up to 10⁸ and far beyond: exact integer angle reduction r ← 2r mod T
  and a branch and bound over blocks of k whose lower bounds come from the exact integer arcs of
  2^ℓ k mod T (the terms are nonnegative, so pruning never changes the minimum);
  :func:`skeleton_spectrum_chunks` streams every μ_k in chunks.
* :func:`real_tribox_algebraic_connectivity` — λ₂ of the Laplacian of the real (causal, weighted,
  non-wrapping) superposed triBox stack, by scipy's LOBPCG with the constant vector deflated and a
  Jacobi-scaled cosine-transform preconditioner built from the stack's Toeplitz symbol, over the O(T log T)
  FFT-plus-boundary matvec of :class:`TriBoxStackLaplacian`.
* :func:`spectral_norm`, :func:`stable_rank_matrix_free` — ‖A‖₂ by Lanczos on AᵀA; for a nonnegative
  operator the Collatz–Wielandt ratio of the Ritz vector gives an upper bound as sharp as the lower one.
* :func:`dense_singular_values`, :func:`dense_eigvalsh`, :func:`attention_matrix_torch` — dense float64
  spectra through torch, on the GPU when there is one (:func:`theory.backend.device`), else the CPU
  (in :mod:`theory.torch_spectra`, re-exported here).

Every solver returns a :class:`SpectralBracket`: the value, a lower and an upper bound, and in
``rigour`` what the bracket guarantees and under which assumption. Rounding allowances are the
worst-case a-priori bounds of the operations involved (Higham, *Accuracy and Stability of Numerical
Algorithms*, §3–4), stated next to each computation.
"""

from __future__ import annotations

import math
import warnings

import numpy as np
import scipy.fft
import scipy.linalg
import scipy.sparse.linalg

from specproof.theory import filters, frequency
from specproof.theory.brackets import EPS, SpectralBracket
from specproof.theory.operators import NONNEGATIVE, PSD, SYMMETRIC, Operator
from specproof.theory.skeleton_spectrum import (
    skeleton_algebraic_connectivity,
    skeleton_rounding,
    skeleton_spectrum_chunks,
)
from specproof.theory.torch.spectra import (
    attention_matrix_torch,
    cesaro_matrix_torch,
    dense_eigvalsh,
    dense_singular_values,
)
from specproof.theory.validate import InputError, finite_array, positive_int


def _dot(a: np.ndarray, b: np.ndarray) -> float:
    """a·b in one thread: BLAS ddot spawns threads that thrash on a loaded machine at these sizes."""
    return float(np.einsum("i,i->", a, b))


def _norm(a: np.ndarray) -> float:
    return math.sqrt(_dot(a, a))


class TriBoxStackLaplacian(Operator):
    """Laplacian of W = (A + Aᵀ)/2, A = Σ_ℓ M_tri^{(b_ℓ)}: the real triBox stack (TRSP §C.1).

    Same matrix as :func:`theory.operators.superposed_tribox_laplacian`. The matvec is one real FFT
    pair of length ≥ 2T − 1 for the Toeplitz bulk of all layers together, plus boundary corrections
    that take three prefix sums shared by all layers and O(b_ℓ) slices per layer: O(T log T) per mv,
    against O(T·L) prefix sums layer by layer. Why it is exact: Box_b = D_b⁻¹C_b with C_b the 0/1 lower-triangular
    Toeplitz band of
    width b and D_b = diag(min(b, t+1)); write D_b⁻¹ = (I + E_b)/b with E_b = diag(b/(t+1) − 1) supported
    on t < b. Then

        M_b = Box_b² = (C_b² + E_b C_b² + (I + E_b) C_b E_b C_b) / b²,

    where C_b² is lower-triangular Toeplitz with the triangle k_b(j) = min(j+1, 2b−1−j), 0 ≤ j ≤ 2b−2,
    so Σ_ℓ C_ℓ²/b_ℓ² is one Toeplitz matrix (kernel K = Σ_ℓ k_ℓ/b_ℓ²) and its symmetric part a
    circulant block of length N ≥ 2T − 1 (no wrap-around on the first T entries). The other two terms
    live on the first 2b − 1 tokens: for t < b, (C_b x)_t = S_t and (C_b² x)_t = S2_t (first and second
    prefix sums of x), and C_b of a vector z supported on t < b is its prefix sum Z_t for t < b and
    Z_{b−1} − Z_{t−b} for b ≤ t ≤ 2b − 2. The transposed terms are the same with suffix sums. Rounding:
    the FFT product is normwise within O(log N·eps)·‖K‖₁‖x‖ (‖K‖₁ = L, the layer count), below the
    prefix-sum allowance 10·T·eps·‖L‖ that :func:`laplacian_algebraic_connectivity` allows for.
    Bandwidths above T act as b = T.

    Each product runs in a :class:`_StackWorkspace` kept for the next product of the same block width (fresh
    temporaries cost a T = 10⁶ matvec about 16k page faults): prefix sums in place, the FFT pair through
    numpy.fft's ``out=``; the result is the one fresh array. The floating-point operations are those of the
    formula above in the same order, so the values are the same bits as with fresh arrays; only the heads'
    terms at t ≥ max b, products with a factor 0 there, are not formed (they could change no more than the
    sign of an entry that is exactly zero).
    """

    tags = frozenset({SYMMETRIC, PSD})

    def __init__(self, T: int, bandwidths=None):
        self.n = positive_int("T", T)
        bandwidths = filters.dyadic_schedule(self.n) if bandwidths is None else bandwidths
        bandwidths = [min(positive_int("bandwidth", b), self.n) for b in bandwidths]
        if not bandwidths:
            raise InputError("the schedule must have at least one bandwidth")
        self.bandwidths = tuple(bandwidths)
        n = self.n
        window = np.arange(1.0, n + 1.0)
        kernel = np.zeros(n)  # K(j) = Σ_ℓ k_ℓ(j)/b_ℓ², j = 0 … T−1 (longer lags never meet two tokens)
        for b in self.bandwidths:
            m = min(2 * b - 1, n)
            kernel[:m] += _triangle(b, window)[:m]
        self._fft_len = scipy.fft.next_fast_len(2 * n - 1, real=True)
        circulant = np.zeros(self._fft_len)  # the symmetric part (K + Kᵀ)/2 as a circulant's first column
        circulant[0] = kernel[0]
        circulant[1:n] = 0.5 * kernel[1:]
        if n > 1:
            circulant[-(n - 1) :] = 0.5 * kernel[:0:-1]
        self._symbol = scipy.fft.rfft(circulant).real  # real: the column is symmetric
        # the boundary terms (see _head_forward): per token t, the number of layers with b > t and their Σ 1/b²
        self._inv_window = 1.0 / window
        above = [b for b in self.bandwidths if b > 1]
        count_above, self._weight_above = np.zeros(n), np.zeros(n)
        for b in above:
            count_above[:b] += 1.0
            self._weight_above[:b] += 1.0 / float(b) ** 2
        self._count_over_window = count_above * self._inv_window  # the factor of A_t in the head, formed once
        self._minus_weight_above = -self._weight_above
        self._tails = tuple((int(b), min(b - 1, n - b)) for b in above if min(b - 1, n - b) > 0)
        self._reach = max(above, default=0)  # the head factors vanish from t = max b on
        self._parked: dict = {}  # block width m → its _StackWorkspace, for the next product of that width
        ws = self._workspace(1)
        ws.load(np.ones(n))
        self.degree = self._adjacency(ws)[0].copy()
        self._park(ws)
        # the self-loop weight of token t: Σ_ℓ (M_tri)_{tt} = Σ_ℓ 1/min(b_ℓ, t+1)² (Box is lower triangular),
        # added layer by layer: 1/(t+1)² before b_ℓ, the constant 1/b_ℓ² from there on
        inv_square = 1.0 / np.arange(1, n + 1) ** 2
        self.self_loops = np.zeros(n)
        for b in self.bandwidths:
            self.self_loops[:b] += inv_square[:b]
            self.self_loops[b:] += 1.0 / b**2

    def diagonal(self) -> np.ndarray:
        """diag(L) = degree − self-loop weight: the degrees of the loopless graph."""
        return self.degree - self.self_loops

    def interior_symbol(self, omega: np.ndarray) -> np.ndarray:
        """s(ω) = Σ_{b_ℓ>1} (1 − Re ĥ_b(ω)²): the symbol of L away from its boundary rows, where Box_b is
        the Toeplitz filter ĥ_b(ω) = (1/b) Σ_{k<b} e^{−ikω} = e^{−i(b−1)ω/2} sin(bω/2)/(b sin(ω/2)) and
        every row and column of Box_b² sums to 1 (b = 1 layers are self-loops and cancel in L)."""
        omega = np.asarray(omega, dtype=float)
        s = np.zeros_like(omega)
        for b in self.bandwidths:
            if b > 1:
                s += 1.0 - np.cos((b - 1) * omega) * frequency.dirichlet_ratio(b, omega) ** 2
        return s

    def interior_symbol_grid(self) -> np.ndarray:
        """s(πk/T) for k = 0 … T−1, the same values as :meth:`interior_symbol`, in O(T log T).

        Re ĥ_b(ω)² = Σ_j k_b(j) cos(jω)/b² (ĥ_b² is the transform of the triangle k_b/b²), so
        s(ω) = L − Σ_j K(j) cos(jω) over the untruncated lags j ≤ 2b_max − 2 (b = 1 layers give 1 − 1 = 0).
        On the grid ω_k = πk/T, cos(jω_k) depends on j only through its distance to the nearest multiple of
        2T, so K folds onto j = 0 … T and the sum is one DCT-I of length T + 1.
        """
        n = self.n
        window = np.arange(1.0, n + 1.0)
        folded = np.zeros(n + 1)
        for b in self.bandwidths:  # lags j ≤ 2b − 2 < 2T: j itself up to T, 2T − j beyond (descending)
            triangle = _triangle(b, window)
            near = min(2 * b - 1, n + 1)
            folded[:near] += triangle[:near]
            if 2 * b - 1 > n + 1:
                folded[2 * n - 2 * b + 2 : n][::-1] += triangle[n + 1 :]
        y = scipy.fft.dct(folded, type=1)  # y_k = F_0 + (−1)^k F_T + 2 Σ_{0<j<T} F_j cos(πjk/T)
        k = np.arange(n)
        cosine_sum = 0.5 * (y[:n] + folded[0] + np.where(k % 2 == 0, 1.0, -1.0) * folded[n])
        return np.maximum(len(self.bandwidths) - cosine_sum, 0.0)

    def _workspace(self, m: int) -> "_StackWorkspace":
        """The parked workspace for blocks of m rows, or a new one (two threads never share one)."""
        ws = self._parked.pop(m, None)
        return ws if ws is not None else _StackWorkspace(self.n, self._fft_len, m)

    def _park(self, ws: "_StackWorkspace") -> None:
        """Keep ``ws`` for the next product of its width, if narrow (as_matrix's T-wide block is not kept)."""
        if ws.rows <= _PARKED_ROWS:
            self._parked[ws.rows] = ws

    def _bulk(self, ws):
        """(K + Kᵀ)/2 x on the rows of ws.pad: one real FFT pair, written into the workspace.

        numpy.fft takes ``out=`` (scipy.fft does not); both run pocketfft and give the same bits here.
        """
        np.fft.rfft(ws.pad, axis=-1, out=ws.spectrum)
        np.multiply(ws.spectrum, self._symbol, out=ws.spectrum)
        np.fft.irfft(ws.spectrum, n=self._fft_len, axis=-1, out=ws.bulk)
        return ws.bulk[:, : self.n]

    def _head_forward(self, ws):
        """Σ_ℓ (E C² + (I + E) C E C) x / b², supported on t < 2b − 1 per layer, into ws.F.

        With S = C₁x, S2 = C₁S and A = C₁(S/(t+1)) (C₁ the full prefix sum), the prefix sum Z of
        z = E C x over t < b is bA − S2 (e_t = b/(t+1) − 1), so layer b contributes A_t/(t+1) − S2_t/b²
        at t < b and (A_{b−1} − A_j)/b − (S2_{b−1} − S2_j)/b² at t = b + j, 0 ≤ j ≤ b − 2: three prefix
        sums for all layers, then slices (ws.G holds each layer's two tail terms: m ≤ T/2 entries each).
        S2 and A are read below max b only, so they are summed that far; S in full (the transpose reads it).
        """
        x, S, S2, A, F, G, K = ws.x, ws.S, ws.S2, ws.A, ws.F, ws.G, self._reach
        np.cumsum(x, axis=-1, out=S)
        np.cumsum(S[:, :K], axis=-1, out=S2[:, :K])
        np.multiply(S[:, :K], self._inv_window[:K], out=A[:, :K])
        np.cumsum(A[:, :K], axis=-1, out=A[:, :K])
        np.multiply(self._count_over_window[:K], A[:, :K], out=F[:, :K])
        F[:, :K] -= np.multiply(self._weight_above[:K], S2[:, :K], out=G[:, :K])
        F[:, K:] = 0.0
        for b, m in self._tails:
            u, v = G[:, :m], G[:, m : 2 * m]
            np.subtract(A[:, b - 1 : b], A[:, :m], out=u)
            u *= 1.0 / b
            np.subtract(S2[:, b - 1 : b], S2[:, :m], out=v)
            v *= 1.0 / b**2
            u -= v
            F[:, b : b + m] += u
        return F

    def _head_backward(self, ws):
        """The transpose of :meth:`_head_forward`: C₁ᵀ(D₁C₁ᵀ g_A + C₁ᵀ g_S), g_A, g_S the transposed slices,
        into ws.A[:, :max b] (after the forward head has used it; it is zero beyond). Σ_{j<m} y_{b+j} is a
        difference of the forward head's prefix sums S, and the three suffix sums run in place."""
        K = self._reach
        y, S, gA, gS, G = ws.x, ws.S, ws.A[:, :K], ws.S2[:, :K], ws.G
        np.multiply(self._count_over_window[:K], y[:, :K], out=gA)
        np.multiply(self._minus_weight_above[:K], y[:, :K], out=gS)
        for b, m in self._tails:
            total = S[:, b + m - 1] - S[:, b - 1]  # Σ_{j<m} y_{b+j}
            gA[:, b - 1] += total * (1.0 / b)
            gS[:, b - 1] -= total * (1.0 / b**2)
            gA[:, :m] -= np.multiply(y[:, b : b + m], 1.0 / b, out=G[:, :m])
            gS[:, :m] += np.multiply(y[:, b : b + m], 1.0 / b**2, out=G[:, :m])
        _suffix_in_place(gA)
        gA *= self._inv_window[:K]
        gA += _suffix_in_place(gS)
        return _suffix_in_place(gA)

    def _adjacency(self, ws):
        """W x = (bulk + ½(head + headᵀ)) x on the rows loaded in ``ws``, into ws.F (scratch)."""
        F = self._head_forward(ws)
        F[:, : self._reach] += self._head_backward(ws)
        F *= 0.5
        F += self._bulk(ws)
        return F

    def _mv(self, x):
        """L x = degree·x − W x, for x of shape (T,) or (T, m): a fresh array, computed in a parked workspace."""
        ws = self._workspace(1 if x.ndim == 1 else x.shape[1])
        try:
            ws.load(x)
            W = self._adjacency(ws)
            out = np.empty(x.shape)
            rows = out[None, :] if x.ndim == 1 else out.T
            np.multiply(self.degree, ws.x, out=rows)
            rows -= W
            return out
        finally:
            self._park(ws)

    _rmv = _mv

    def __getstate__(self):
        return {**self.__dict__, "_parked": {}}  # scratch is not state

    def __repr__(self):
        return f"TriBoxStackLaplacian(T={self.n}, bandwidths={list(self.bandwidths)})"


_PARKED_ROWS = 8  # blocks up to this width keep their workspace between products (LOBPCG's are 1–3 wide)


class _StackWorkspace:
    """Scratch for one product of :class:`TriBoxStackLaplacian` with m rows, reused from product to product.

    Fresh arrays on every product cost more than their passes: a T = 10⁶ matvec faulted in about 16k new
    pages. Nothing here is ever returned; the result is the one array a product allocates.
    """

    def __init__(self, n: int, fft_len: int, m: int):
        self.rows = m
        self.pad = np.zeros((m, fft_len))  # x in the first n entries of a row, zeros after: the circulant's input
        self.x = self.pad[:, :n]
        self.spectrum = np.empty((m, fft_len // 2 + 1), dtype=complex)
        self.bulk = np.empty((m, fft_len))
        self.S, self.S2, self.A, self.F, self.G = (np.empty((m, n)) for _ in range(5))

    def load(self, x: np.ndarray) -> None:
        """x (T,) or (T, m) into the rows of the padded input; the zero tail is never written."""
        self.x[...] = x[None, :] if x.ndim == 1 else x.T


def _triangle(b: int, window: np.ndarray) -> np.ndarray:
    """k_b(j)/b² = min(j + 1, 2b − 1 − j)/b², j = 0 … 2b − 2, from the counts window = 1, 2, …, ≥ b."""
    square = float(b) ** 2
    out = np.empty(2 * b - 1)
    np.divide(window[:b], square, out=out[:b])
    np.divide(window[: b - 1][::-1], square, out=out[b:])
    return out


def _suffix_in_place(z):
    """z_s ← Σ_{t≥s} z_t along the last axis, in place; returns z."""
    np.cumsum(z[..., ::-1], axis=-1, out=z[..., ::-1])
    return z


def tribox_stack_laplacian(T: int, bandwidths=None) -> TriBoxStackLaplacian:
    """The fast Laplacian of the real triBox stack; default schedule b_ℓ = min(2^ℓ, T) (TRSP Eq. 5)."""
    return TriBoxStackLaplacian(T, bandwidths)


def cosine_preconditioner(laplacian, degree: np.ndarray, shift: float):
    """r ↦ D^{-1/2} C (D^{-1/2} r), C = IDCT·diag(1/(s(πk/T) + shift))·DCT, s the interior symbol of L.

    Why this one (scipy lobpcg, tol 1e-10, the real triBox stack, iterations / matvecs):

        T            2^10   2^12   2^14   2^16   2^18   2^20
        Jacobi D⁻¹   31/32  35/36  38/39  41/42  45/46  49/50   (normalised: 25 … 40)
        periodic FFT 24/25  26/27  28/29  30/31  32/33  33/34   (normalised: 19 … 28)
        cosine DCT   24/25  25/26  27/28  27/28  29/30  30/31   (normalised: 18 … 26)

    Jacobi leaves the spectrum of D⁻¹L spread over [0, 2] while λ₂/d shrinks like 1/log T, so its
    count grows like √log T. L is Toeplitz up to its boundary rows (a sum of causal convolutions), so
    the symbol s(ω) inverts it in the interior; the D^{-1/2} scaling takes care of the boundary, where
    the degrees differ (the early tokens are tied far more tightly). Without that scaling the circulant
    is worse than Jacobi (67 … 107 iterations over 2^10 … 2^16). Of the two transforms the cosine one
    wins by 10–20 %: the DCT-II basis is the path's Neumann basis (the Fiedler profile cos(π(t+½)/T)
    is its k = 1 vector), while the periodic FFT couples the last token to the first. The shift keeps
    C positive definite (s(0) = 0); 0.25 … 4 change the count by at most 2; 1 is used. One DCT pair
    per application, of length T: about a quarter of the matvec's FFT pair of length ≥ 2T.
    """
    T = laplacian.n
    scale = 1.0 / np.sqrt(degree)[:, None]
    grid = getattr(laplacian, "interior_symbol_grid", None)
    symbol = grid() if grid is not None else laplacian.interior_symbol(np.pi * np.arange(T) / T)
    inverse_symbol = 1.0 / (symbol + shift)

    def apply(R):  # three fresh arrays, each transform free to overwrite its input (a scratch of this call)
        R = np.asarray(R).reshape(T, -1) * scale
        C = scipy.fft.dct(R, type=2, axis=0, norm="ortho", overwrite_x=True)
        C *= inverse_symbol[:, None]
        C = scipy.fft.idct(C, type=2, axis=0, norm="ortho", overwrite_x=True)
        C *= scale
        return C

    return apply


PRECONDITIONERS = ("jacobi", "cosine")
_SCIPY_DENSE_BELOW = 6  # scipy's lobpcg refuses a constraint when n − 1 < 5 (it would switch to a dense eigh)


def _lowest_off_kernel(apply, precondition, kernel, x0, *, tol: float, maxiter: int):
    """The lowest Ritz vector of a symmetric M on kernel^⊥ and the iterations taken.

    scipy's LOBPCG (Knyazev 2001) with block size 1, the kernel as the constraint ``Y`` and ``precondition``
    as ``M``; it stops at ‖Mx − θx‖ ≤ tol and returns its best iterate (a warning when it stops short,
    silenced: the bracket below is computed from the returned vector whatever happened). Below 6 vertices
    the problem is solved densely on an orthonormal basis of kernel^⊥.
    """
    T = x0.size
    if T < _SCIPY_DENSE_BELOW:
        Q = scipy.linalg.null_space(kernel[None, :])
        G = Q.T @ np.column_stack([apply(q) for q in Q.T])
        return Q @ np.linalg.eigh(0.5 * (G + G.T))[1][:, 0], 0
    op = scipy.sparse.linalg.LinearOperator((T, T), matvec=apply, matmat=apply, dtype=np.float64)
    prec = (
        None
        if precondition is None
        else scipy.sparse.linalg.LinearOperator((T, T), matvec=precondition, matmat=precondition, dtype=np.float64)
    )
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        _, X, history = scipy.sparse.linalg.lobpcg(
            op,
            x0[:, None],
            M=prec,
            Y=kernel[:, None],
            tol=tol,
            maxiter=maxiter,
            largest=False,
            retResidualNormsHistory=True,
        )
    return X[:, 0], len(history) - 1


def laplacian_algebraic_connectivity(
    laplacian: Operator,
    *,
    normalized: bool = False,
    x0=None,
    tol: float = 1e-10,
    maxiter: int = 1000,
    seed: int = 0,
    preconditioner="jacobi",
) -> SpectralBracket:
    """λ₂ of a graph Laplacian given matrix-free (an Operator with L𝟏 = 0 and ``diagonal()``).

    ``normalized``: λ₂ of N = D^{-1/2} L D^{-1/2} instead, D = diag(L) the degrees of the loopless
    graph (self-loops cancel in L), i.e. the normalised gap γ of
    :func:`theory.spectral.normalized_gap` on the loopless weights; its kernel is D^{1/2}𝟏.

    scipy's LOBPCG (:func:`_lowest_off_kernel`) with the kernel deflated exactly as its constraint
    (𝟏 for L, the degree-weighted D^{1/2}𝟏 for N), stopping at ‖r‖ ≤ ``tol``. ``preconditioner``
    approximates L⁻¹: "jacobi" D⁻¹, "cosine" (:func:`cosine_preconditioner`, for an operator with
    ``interior_symbol``), or a callable ``make(laplacian, degree)`` returning ``apply(R)`` for R of shape
    (T, m) (an operator's own, e.g. the composed network's); for N it is conjugated by D^{1/2}, so Jacobi on N
    is the identity. Bracket,
    computed afterwards from the returned vector, for the Ritz pair (θ, x), x ⊥ kernel, ‖x‖ = 1,
    r = Mx − θx (M = L or N):

    * upper = θ + δ: a Rayleigh quotient on the kernel's complement bounds λ₂ from above
      (Courant–Fischer) — up to the rounding of the matvec, allowed for by δ = 10·T·eps·‖L‖
      (‖L‖ ≤ 2 max diag(L), Gershgorin), times 1/min diag(L) for N. δ is an allowance of the usual
      n·eps·‖L‖ form, not a worst-case bound: the prefix-sum differences of the boundary terms, for a
      vector of both signs, can in the worst case lose more; measured for :class:`TriBoxStackLaplacian`
      (FFT bulk), its matvec and the per-layer reference operator differ by 7.5e-14 on a unit vector
      at T = 2¹⁶, against δ = 6e-8, so δ, not the residual, sets the width at large T;
    * lower = θ − ‖r‖ − δ: some eigenvalue of M on the complement lies within ‖r‖ of θ (the residual
      bound for symmetric matrices). It is λ₂ provided the iteration did not converge to a higher
      eigenpair, i.e. the start had a λ₂ component: true in every case the tests compare with dense
      eigvalsh, but an assumption, not a certificate.
    """
    T = laplacian.n
    if T < 2:
        raise InputError("algebraic connectivity needs a graph with at least 2 vertices")
    if not callable(preconditioner) and preconditioner not in PRECONDITIONERS:
        raise InputError(f"preconditioner must be one of {PRECONDITIONERS} or a callable, got {preconditioner!r}")
    if not hasattr(laplacian, "diagonal"):
        raise InputError(f"{type(laplacian).__name__} must expose diagonal(), the loopless degrees diag(L)")
    if preconditioner == "cosine" and not hasattr(laplacian, "interior_symbol"):
        raise InputError(f"{type(laplacian).__name__} has no interior_symbol() for the cosine preconditioner")
    degree = np.asarray(laplacian.diagonal(), dtype=float)
    if degree.shape != (T,) or np.any(degree <= 0):
        raise InputError("every vertex needs positive degree (the graph must have no isolated vertex)")
    norm_bound = 2.0 * float(degree.max())
    delta = 10.0 * T * EPS * norm_bound
    profile = np.cos(np.pi * (np.arange(T) + 0.5) / T)  # the slow profile of a path-like Fiedler vector
    counter = {"n": 0}
    if callable(preconditioner):
        approx_inverse = preconditioner(laplacian, degree)
    elif preconditioner == "cosine":
        approx_inverse = cosine_preconditioner(laplacian, degree, shift=1.0)
    else:

        def approx_inverse(R):
            return np.asarray(R).reshape(T, -1) / degree[:, None]

    # N = S L S with S = D^{-1/2}, so N⁻¹ ≈ S⁻¹ P S⁻¹ for P ≈ L⁻¹
    outer = np.sqrt(degree) if normalized else np.ones(T)

    def apply(V):
        V = np.asarray(V)
        counter["n"] += 1 if V.ndim == 1 else V.shape[1]
        if not normalized:
            return laplacian._mv(V)
        s = (1.0 / outer).reshape((T,) + (1,) * (V.ndim - 1))
        return s * laplacian._mv(s * V)

    def precondition(R):
        R = np.asarray(R).reshape(T, -1)
        return outer[:, None] * approx_inverse(outer[:, None] * R)

    kernel = outer / _norm(outer)
    start = profile * outer
    if x0 is None:
        x0 = start + 1e-3 * _norm(start) / math.sqrt(T) * np.random.default_rng(seed).standard_normal(T)
    x0 = finite_array("x0", x0)
    if x0.shape != (T,):
        raise InputError(f"x0 must have shape ({T},), got {x0.shape}")
    if normalized:
        delta /= float(degree.min())
    use_identity = normalized and preconditioner == "jacobi"
    x, iterations = _lowest_off_kernel(
        apply, None if use_identity else precondition, kernel, x0, tol=tol, maxiter=maxiter
    )
    x = x - _dot(kernel, x) * kernel
    x /= _norm(x)
    Mx = apply(x)
    theta = _dot(x, Mx)
    residual = _norm(Mx - theta * x)
    label = getattr(preconditioner, "__name__", "custom") if callable(preconditioner) else preconditioner
    method = "dense-eigh" if T < _SCIPY_DENSE_BELOW else f"scipy-lobpcg-{'none' if use_identity else label}"
    return SpectralBracket(
        theta,
        theta - residual - delta,
        theta + delta,
        method,
        "upper: Rayleigh quotient off the kernel (rigorous up to rounding); lower: residual "
        "bound, assumes the Ritz pair is the lowest one off the kernel",
        residual=residual,
        iterations=iterations,
        matvecs=counter["n"],
    )


def real_tribox_algebraic_connectivity(
    T: int,
    bandwidths=None,
    *,
    normalized: bool = False,
    tol: float = 1e-10,
    maxiter: int = 1000,
    seed: int = 0,
    preconditioner: str = "cosine",
) -> SpectralBracket:
    """λ₂ of the Laplacian (or normalised Laplacian) of the real superposed triBox stack (TRSP §C.1).

    The Fiedler vector of this graph is a slow, nearly monotone profile (heavily tied early tokens,
    weakly tied late ones), so the start cos(π(t+½)/T) is close to it. λ₂ is not small here
    (measured 1.2–2.01 for T up to 10⁶, with λ₃ − λ₂ ≈ 1), so no shift-invert is needed. The cosine
    preconditioner (:func:`cosine_preconditioner`) holds LOBPCG at 24–30 iterations for T = 2^10 … 2^20
    where Jacobi needs 31–49.
    """
    return laplacian_algebraic_connectivity(
        tribox_stack_laplacian(T, bandwidths),
        normalized=normalized,
        tol=tol,
        maxiter=maxiter,
        seed=seed,
        preconditioner=preconditioner,
    )


# --------------------------------------------------------------------------- norms and stable ranks


def _nonneg_rounding(n: int) -> float:
    """Relative rounding allowance of one product AᵀA·q for nonnegative A, q: 4·n·eps.

    Every entry is a sum of nonnegative products computed by at most two length-n prefix sums,
    each within γ_n ≈ n·eps relative (Higham 2002, §4.2, for nonnegative summands).
    """
    return 4.0 * n * EPS


def spectral_norm(
    op: Operator, *, x0=None, tol: float = 1e-13, ncv: int = 8, maxiter: int | None = None, seed: int = 0
) -> SpectralBracket:
    """‖A‖₂ as √λ_max(AᵀA), by implicitly restarted Lanczos (ARPACK) on AᵀA with ``ncv`` vectors
    (ℓ = 10⁷ fits in memory), bracketed:

    * lower = ‖Ax‖/‖x‖ for the Ritz vector x: a Rayleigh-type lower bound, rigorous up to rounding;
    * upper, for an operator tagged nonnegative: the Collatz–Wielandt bound ρ(B) ≤ max_i (Bq)_i/q_i
      for B = AᵀA ≥ 0 and any q > 0 (here q = |x| floored at eps·max|x|), square-rooted — up to a
      rounding allowance 4·n·eps (exact for sums of nonnegative terms; the prefix-sum matvecs of Box,
      triBox and softmax subtract, so it is an allowance, not a worst-case bound). As sharp as the
      lower bound once x has converged, except when the Perron vector is localised (a short box on a
      long sequence): its tiny tail entries make the ratio loose (measured: relative width 1.0 for Box
      b = 2 at T = 65536, 0.2 for triBox b = 2; 4e-11 for Cesàro and for b ~ T);
    * upper, otherwise: √(‖Ax‖² + ‖Bx − ‖Ax‖²x‖) — some eigenvalue of B lies within the residual of
      the Rayleigh quotient; assumes it is the top one.

    Lanczos rather than the LOBPCG of the Laplacians: with no preconditioner to exploit it needs
    fewer vector operations per step, and its Ritz vector is accurate entry by entry, which the
    Collatz–Wielandt bound needs (measured: 3× faster and a 10⁵× tighter bracket at ℓ = 10⁷).
    """
    n = op.n
    counter = {"n": 0}

    def gram(v):
        counter["n"] += 1
        return op._rmv(op._mv(v))

    if x0 is None:
        x0 = np.ones(n) + 1e-3 * np.random.default_rng(seed).standard_normal(n)
    x0 = finite_array("x0", x0)
    if x0.shape != (n,):
        raise InputError(f"x0 must have shape ({n},), got {x0.shape}")
    if n <= ncv + 1:  # ARPACK needs ncv < n; a matrix this small is solved densely
        x = np.linalg.eigh(gram(np.eye(n)))[1][:, -1]
    else:
        B = scipy.sparse.linalg.LinearOperator((n, n), matvec=gram, dtype=np.float64)
        x = scipy.sparse.linalg.eigsh(B, k=1, which="LA", v0=x0, ncv=ncv, tol=tol, maxiter=maxiter)[1][:, 0]
    iterations = counter["n"]
    x = x / _norm(x)
    Ax = op._mv(x)
    value = _norm(Ax)
    Bx = op._rmv(Ax)
    residual = _norm(Bx - value**2 * x)
    rel = _nonneg_rounding(n)
    lower = value * (1.0 - rel)
    if NONNEGATIVE in op.tags:
        q = np.abs(x)
        q = np.maximum(q, q.max() * EPS)  # any q > 0 gives a valid bound; the floor keeps it finite
        upper = math.sqrt(float(np.max(gram(q) / q)) * (1.0 + rel))
        rigour = "lower: |Ax|/|x|; upper: Collatz-Wielandt on A^T A (nonnegative); both up to rounding"
    else:
        upper = math.sqrt(value**2 + residual) * (1.0 + rel)
        rigour = "lower: |Ax|/|x| (rigorous up to rounding); upper: residual bound, assumes the top Ritz value"
    return SpectralBracket(
        value,
        lower,
        max(upper, value),
        "lanczos-ata",
        rigour,
        residual=residual,
        iterations=iterations,
        matvecs=counter["n"],
    )


def stable_rank_matrix_free(op: Operator, *, frobenius_sq: float | None = None, **norm_options) -> SpectralBracket:
    """srank(A) = ‖A‖_F²/‖A‖₂² (TRSP §3.2), with ‖A‖_F² from the operator's closed form.

    The bracket divides ‖A‖_F² (closed form, relative error ≤ n·eps from its sum) by the
    square of the norm bracket of :func:`spectral_norm`; ``info`` carries that norm bracket.
    """
    if frobenius_sq is None:
        if not hasattr(op, "frobenius_norm_sq"):
            raise InputError(f"{type(op).__name__} has no closed-form Frobenius norm; pass frobenius_sq")
        frobenius_sq = op.frobenius_norm_sq()
    frobenius_sq = float(frobenius_sq)
    if not math.isfinite(frobenius_sq) or frobenius_sq <= 0:
        raise InputError(f"frobenius_sq must be a positive finite number, got {frobenius_sq!r}")
    norm = spectral_norm(op, **norm_options)
    f_rel = op.n * EPS
    value = frobenius_sq / norm.value**2
    return SpectralBracket(
        value,
        frobenius_sq * (1 - f_rel) / norm.upper**2,
        frobenius_sq * (1 + f_rel) / norm.lower**2,
        norm.method,
        f"closed-form Frobenius over the norm bracket ({norm.rigour})",
        residual=norm.residual,
        iterations=norm.iterations,
        matvecs=norm.matvecs,
        info={"norm": norm.value, "norm_lower": norm.lower, "norm_upper": norm.upper, "frobenius_sq": frobenius_sq},
    )


__all__ = [
    "SpectralBracket",
    "TriBoxStackLaplacian",
    "attention_matrix_torch",
    "cesaro_matrix_torch",
    "cosine_preconditioner",
    "dense_eigvalsh",
    "dense_singular_values",
    "laplacian_algebraic_connectivity",
    "real_tribox_algebraic_connectivity",
    "skeleton_algebraic_connectivity",
    "skeleton_rounding",
    "skeleton_spectrum_chunks",
    "spectral_norm",
    "stable_rank_matrix_free",
    "tribox_stack_laplacian",
]
