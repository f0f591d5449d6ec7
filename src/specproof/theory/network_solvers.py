"""Solving the composed network's Laplacian: μ₂ and the normalised gap of L(P_D) for the network operators of
:mod:`theory.network`, densely up to :data:`DENSE_MAX` tokens, by LOBPCG with a banded shift-invert preconditioner
beyond.

Why the plain solver stalls (measured at T = 2^14, LOBPCG with Jacobi D⁻¹, tol 1e-9): the bottom of the spectrum
of L(P_D) is a near-continuum. At fixed depth the gates are tiny (g_ℓ ~ (b_ℓ/T)^φ) and P_D is attention plus a
weak narrow band: under uniform or softmax attention the degrees slope down towards the last token and the
lowest eigenvectors sit there, spaced ~1/(4T) apart; under the sink P_D = B_D + v e₁ᵀ with B_D banded, so
L is an arrow (token 0) plus a band whose lowest modes are cosines with spacing ~g(π/T)². Jacobi stops
at residual 8e-6 (uniform, D = 2), 7e-9 (sink, D = 2) and 3e-6 (sink, full depth) after 300 iterations, while
D⁻¹ leaves the target in the middle of its spectrum (λ₂/d ≈ 1 at the last tokens).

What works is shift-invert with a banded proxy: L̃ = diag(L) − band_K(W̃), W̃ the symmetrised narrow network P̃ =
Π_ℓ c_ℓ(I + diag A_ℓ + Σ_b g K_b·[kept]) (:func:`theory.network.proxy_band`: attention reduced to its diagonal,
side-path terms kept while their reaches, 2(b − 1) for triBox, sum to at most K ≤ 32), read off exactly by K + 1
comb probes (P̃ is lower triangular with bandwidth K). P̃ ≤ P entrywise, so L̃ is diagonally dominant (PSD); for the
sink and isolating attention at fixed depth it is L itself up to the sink's arrow. The preconditioner is the inverse
of L̃ − σM compressed to the constraint space (M = I, constraint 𝟏; for the normalised gap M = D, constraint D𝟏): y
= B r − Bu (uᵀB r)/(uᵀB u), B = (L̃ − σM)⁻¹ by banded Cholesky (O(T·K²) once, O(T·K) per vector), σ below λ_min(L̃,
M) (the Cholesky must succeed) and, stage by stage, at the lower end θ − ‖r‖ of the last stage's residual bound, so
that it approaches λ₂ from below. See :func:`network_algebraic_connectivity` for the iteration counts.
"""

from __future__ import annotations

import math
from typing import Callable

import numpy as np
import scipy.linalg

from specproof.theory.network import PROXY_REACH, NetworkLaplacian, NetworkOperator, proxy_band
from specproof.theory.operators import Operator
from specproof.theory.validate import InputError


class BandedProxy:
    """L̃ = diag(L) − band_K(W̃) in LAPACK's lower banded storage, its products, and the compressed inverses of
    L̃ − σM (M = diag(mass)) on the constraint space uᵀx = 0."""

    def __init__(self, laplacian: "NetworkLaplacian", reach: int = PROXY_REACH):
        network = laplacian.adjacency
        if not isinstance(network, NetworkOperator):
            raise InputError(f"the banded proxy reads a network's layers; got the Laplacian of {network!r}")
        band, self.K = proxy_band(list(network.layers), reach)
        self.n = laplacian.n
        self.ab = np.zeros((self.K + 1, self.n))
        self.ab[0] = laplacian.diagonal()
        self.ab[1:] = -0.5 * band  # W̃[j+k, j] = P̃[j+k, j]/2 (P̃ is lower triangular)
        self.factorisations = 0

    def mv(self, x: np.ndarray) -> np.ndarray:
        """L̃ x for a vector x."""
        y = self.ab[0] * x
        for k in range(1, self.K + 1):
            y[k:] += self.ab[k, : self.n - k] * x[: self.n - k]
            y[: self.n - k] += self.ab[k, : self.n - k] * x[k:]
        return y

    def factor(self, sigma: float, mass: np.ndarray):
        """Cholesky of L̃ − σM; LinAlgError when it is not positive definite."""
        self.factorisations += 1
        ab = self.ab.copy()
        ab[0] -= sigma * mass
        if self.K == 0:
            if np.any(ab[0] <= 0):
                raise np.linalg.LinAlgError("L̃ − σM is not positive definite")
            return ab[0]
        return scipy.linalg.cholesky_banded(ab, lower=True, check_finite=False)

    def compressed_inverse(self, factor, constraint: np.ndarray) -> Callable[[np.ndarray], np.ndarray]:
        """R ↦ B R − Bu (uᵀB R)/(uᵀBu), B = (L̃ − σM)⁻¹ from ``factor``: the inverse of L̃ − σM on u^⊥."""
        if self.K == 0:
            solve = lambda R: R / factor[:, None]  # noqa: E731
        else:
            solve = lambda R: scipy.linalg.cho_solve_banded((factor, True), R, check_finite=False)  # noqa: E731
        u = np.asarray(constraint, dtype=float)
        Bu = solve(u[:, None])[:, 0]
        uBu = float(u @ Bu)

        def apply(R):
            R = np.asarray(R, dtype=float).reshape(self.n, -1)
            Y = solve(R)
            return Y - np.outer(Bu, (u @ Y) / uBu)

        return apply


class _SolverView(Operator):
    """L as :func:`theory.solvers.laplacian_algebraic_connectivity` sees it: ``diagonal()`` returns the degrees
    that normalise the gap (loopless, or W𝟏 with the self-loops), and the last vector L was applied to is kept
    (the solver's final call is L x for its returned Ritz vector x: the next stage restarts from it)."""

    tags = frozenset()

    def __init__(self, laplacian: "NetworkLaplacian", degrees: np.ndarray):
        self.laplacian, self.n, self._degrees, self.last = laplacian, laplacian.n, degrees, None

    def diagonal(self) -> np.ndarray:
        return self._degrees

    def _mv(self, x):
        self.last = x
        return self.laplacian._mv(x)

    _rmv = _mv


GAP_DEGREES = ("with-loops", "loopless")


def gap_degrees(laplacian: "NetworkLaplacian", degrees: str = "with-loops") -> np.ndarray:
    """The degree matrix D of the normalised gap γ = λ₂(I − D⁻¹W) = λ₂(D^{-1/2} L D^{-1/2}): TRSP App. C.1's
    D = diag(W𝟏) of the symmetrised W, its diagonal (the self-loops) included ("with-loops", the default and the
    paper's), or the loopless degrees diag(L) ("loopless")."""
    if degrees == "with-loops":
        return laplacian.degree.copy()
    if degrees == "loopless":
        return laplacian.diagonal().copy()
    raise InputError(f"degrees must be one of {GAP_DEGREES}, got {degrees!r}")


def floor_shift(proxy: BandedProxy) -> float:
    """A shift σ < 0 at which the Cholesky of L̃ − σM is sure to succeed: L̃ is PSD (singular when it is L itself, as
    for isolating attention at fixed depth), and the last pivots of a banded Cholesky carry rounding of order
    T·eps·‖L̃‖, so σ = −100·T·eps·max diag(L̃) (at least −1e-12·max diag) keeps them positive; measured: −1e-12
    failed at T = 2^18 (A = I, D = 2) on the last pivot."""
    return -max(1e-12, 100.0 * proxy.n * float(np.finfo(float).eps)) * float(proxy.ab[0].max())


class _ShiftFrontier:
    """λ_min(L̃, M) between the largest shift whose Cholesky succeeded and the smallest whose failed."""

    def __init__(self, proxy: BandedProxy, mass: np.ndarray):
        self.proxy, self.mass = proxy, mass
        self.pd = floor_shift(proxy)
        self.not_pd = math.inf

    def test(self, sigma: float) -> bool:
        if sigma <= self.pd:
            return True
        if sigma >= self.not_pd:
            return False
        try:
            self.proxy.factor(sigma, self.mass)
        except np.linalg.LinAlgError:
            self.not_pd = sigma
            return False
        self.pd = sigma
        return True

    def locate(self, upper: float, lower: float, rel: float = 1e-10) -> float:
        """Bisect to relative ``rel`` from a bracket guess (``upper`` a Rayleigh quotient of L̃, so λ_min ≤ it)."""
        self.test(upper)
        self.test(lower)
        while self.not_pd < math.inf and self.not_pd - self.pd > rel * abs(self.not_pd):
            self.test(0.5 * (self.pd + self.not_pd))
        return self.pd


def _start_vectors(
    laplacian, proxy: BandedProxy, frontier: _ShiftFrontier, mass: np.ndarray, constraint: np.ndarray
) -> np.ndarray:
    """Candidates for the first stage, as columns, each moved along 𝟏 to uᵀx = 0 (u = 𝟏, or D𝟏 for the gap)
    and normalised: the slow profile cos(π(t+½)/T); the causal-ceiling vector e_T − 𝟏/T (the last token against
    the rest); and the proxy's lowest vector on u^⊥: 8 steps of inverse iteration with L̃ (no L matvec), which
    also bracket λ_min(L̃, M) for the frontier, then 3 more at a shift just below that frontier."""
    T = laplacian.n
    ones = np.ones(T)

    def on_constraint(v):
        v = v - ones * (constraint @ v) / float(constraint.sum())
        return v / np.linalg.norm(v)

    profile = on_constraint(np.cos(np.pi * (np.arange(T) + 0.5) / T))
    last = on_constraint(np.eye(1, T, T - 1).ravel())
    inverse = proxy.compressed_inverse(proxy.factor(frontier.pd, mass), constraint)
    v = profile.copy()
    for _ in range(8):
        v = on_constraint(inverse(mass * v)[:, 0])
    # λ_min(L̃, M) ≤ the Rayleigh quotient of any vector (of 𝟏 too: the unconstrained problem)
    rho = float(v @ proxy.mv(v) / (v @ (mass * v)))
    rho1 = float(ones @ proxy.mv(ones) / (ones @ (mass * ones)))
    upper = min(rho, rho1)
    frontier.locate(upper, upper * (1 - 1e-3))
    inverse = proxy.compressed_inverse(proxy.factor(frontier.pd, mass), constraint)
    for _ in range(3):
        v = on_constraint(inverse(mass * v)[:, 0])
    return np.column_stack([profile, last, v])


DENSE_MAX = (
    2048  # up to here the network sweeps solve densely (the bottom clusters of small T are dense eigensolves' job)
)


def network_dense_connectivity(laplacian: "NetworkLaplacian", *, normalized: bool = False, degrees: str = "with-loops"):
    """μ₂(L) or the gap λ₂(D^{-1/2} L D^{-1/2}) by a dense symmetric eigensolve (scipy eigvalsh), for T ≤ a few
    thousand. Bracket: value ± δ, δ = 10·T·eps·‖M‖ with ‖L‖ ≤ 2·max diag(L) (Gershgorin) and ‖N‖ ≤ 2 (the dense
    eigensolver's backward error, Higham §3, with the matrix's own rounding from the T matvecs that form it,
    of the same n·eps·‖L‖ order); residual 0 and ``converged`` True (nothing iterates)."""
    from specproof.theory.solvers import EPS, SpectralBracket

    T = laplacian.n
    if T < 2:
        raise InputError("algebraic connectivity needs a graph with at least 2 vertices")
    M = laplacian.as_matrix()
    M = 0.5 * (M + M.T)
    norm = 2.0 * float(laplacian.diagonal().max())
    if normalized:
        s = 1.0 / np.sqrt(gap_degrees(laplacian, degrees))
        M = s[:, None] * M * s[None, :]
        norm = 2.0
    value = float(scipy.linalg.eigvalsh(M, subset_by_index=[1, 1])[0])
    delta = 10.0 * T * EPS * norm
    return SpectralBracket(
        value,
        value - delta,
        value + delta,
        "dense-eigvalsh",
        "dense symmetric eigensolve: within 10*T*eps*|M| (backward error)",
        residual=0.0,
        info={"converged": True, "degrees": degrees if normalized else "loopless"},
    )


def network_connectivity(
    laplacian: "NetworkLaplacian",
    *,
    normalized: bool = False,
    degrees: str = "with-loops",
    dense_max: int = DENSE_MAX,
    **options,
):
    """:func:`network_dense_connectivity` up to ``dense_max`` tokens, :func:`network_algebraic_connectivity` beyond."""
    if laplacian.n <= dense_max:
        return network_dense_connectivity(laplacian, normalized=normalized, degrees=degrees)
    return network_algebraic_connectivity(laplacian, normalized=normalized, degrees=degrees, **options)


def network_algebraic_connectivity(
    laplacian: "NetworkLaplacian",
    *,
    normalized: bool = False,
    degrees: str = "with-loops",
    tol: float = 1e-9,
    maxiter: int = 400,
    reach: int = PROXY_REACH,
    stages: tuple = (12, 24, 48, 96, 192),
    seed: int = 0,
):
    """μ₂(L) (or, ``normalized``, the gap λ₂(D^{-1/2} L D^{-1/2}) with D from :func:`gap_degrees`) of a network
    Laplacian, by :func:`theory.solvers.laplacian_algebraic_connectivity` in stages with the shift-invert
    preconditioner of the banded proxy L̃ (see the comment above :data:`PROXY_REACH`).

    Stage 0 runs from the slow profile with the unshifted proxy (σ ≈ 0); stage 1 continues from the lowest
    Rayleigh quotient among its result and the other vectors of :func:`_start_vectors`; every further stage
    restarts from the last Ritz vector x, each with σ = θ − ‖r‖ of its start, or, when λ_min(L̃, M) lies
    in [θ − ‖r‖, θ] (the proxy's own bottom is where L's is), just below λ_min(L̃, M); σ never exceeds it (the
    Cholesky must succeed). It stops once ‖r‖ ≤ ``tol`` or after ``maxiter`` LOBPCG iterations in all. The
    bracket is the solver's (upper: Rayleigh quotient + rounding allowance, rigorous; lower: θ − ‖r‖ − allowance,
    assuming the lowest Ritz pair). ``iterations`` counts the LOBPCG iterations run (matvecs less the two per
    stage that start and close it); ``info`` holds the stages (shift, value, residual, matvecs), ``converged``
    (‖r‖ ≤ tol) and the proxy's band.
    """
    from dataclasses import replace

    from specproof.theory.solvers import laplacian_algebraic_connectivity

    T = laplacian.n
    norm_degrees = gap_degrees(laplacian, degrees) if normalized else laplacian.diagonal()
    view = _SolverView(laplacian, norm_degrees)
    mass = norm_degrees if normalized else np.ones(T)
    constraint = mass.copy()  # 𝟏 for L, D𝟏 for the pencil (L, D)
    proxy = BandedProxy(laplacian, reach)
    frontier = _ShiftFrontier(proxy, mass)

    X = _start_vectors(laplacian, proxy, frontier, mass, constraint)
    LX = laplacian._mv(X)
    mX = mass[:, None] * X
    theta = np.einsum("ij,ij->j", X, LX) / np.einsum("ij,ij->j", X, mX)
    # the residual of the normalised problem for z = D^{1/2}x/‖D^{1/2}x‖: ‖D^{-1/2}(Lx − θDx)‖/‖D^{1/2}x‖
    res = np.linalg.norm((LX - theta * mX) / np.sqrt(mass)[:, None], axis=0) / np.sqrt(np.einsum("ij,ij->j", X, mX))
    scale = np.sqrt(mass) if normalized else np.ones(T)  # L-space vectors x ↦ the solver's z = D^{1/2}x
    history, total = [], {"iterations": 0, "matvecs": 3}

    def stage(x0, estimate, budget, unshifted=False):
        theta_k, r_k = estimate
        low = theta_k - r_k
        if unshifted:
            shift = floor_shift(proxy)  # (L̃ − σM)⁻¹ at σ ≲ 0: pulls towards the global bottom first
        elif low <= frontier.pd <= theta_k:
            shift = frontier.pd
        else:
            shift = low if frontier.test(low) else frontier.locate(low, frontier.pd)
        try:
            f = proxy.factor(shift, mass)
        except np.linalg.LinAlgError:  # rounding at a shift bisected to within 1e-10 of the frontier
            shift = frontier.pd = min(shift, frontier.pd) - 1e-8 * abs(frontier.pd) - abs(floor_shift(proxy))
            f = proxy.factor(shift, mass)
        apply = proxy.compressed_inverse(f, constraint)
        e = laplacian_algebraic_connectivity(
            view,
            normalized=normalized,
            tol=tol,
            maxiter=budget,
            x0=x0,
            preconditioner=lambda lap, degree, apply=apply: apply,
            seed=seed,
        )
        total["iterations"] += max(e.matvecs - 2, 0)
        total["matvecs"] += e.matvecs
        history.append({"sigma": shift, "value": e.value, "residual": e.residual, "matvecs": e.matvecs})
        return e, np.asarray(view.last, dtype=float) * scale

    # stage 0 from the slow profile, unshifted
    e, x = stage(X[:, 0] * scale, (float(theta[0]), float(res[0])), stages[0], unshifted=True)
    if e.residual > tol:
        # the solver returns its smallest-residual iterate, so a start with a small residual but a high Rayleigh
        # quotient (a mode localised at the last tokens) can hold it where a lower mode exists, and a start far
        # from the bottom can take long to get there: stage 1 races stage 0's result against the lower of
        # e_T − 𝟏/T and the proxy's vector when that one's Rayleigh quotient (an upper bound on λ₂) is lower,
        # and keeps the lower result
        runs = [(x, (e.value, e.residual))]
        pick = int(np.argmin(theta[1:])) + 1
        if theta[pick] < e.value:
            runs.append((X[:, pick] * scale, (float(theta[pick]), float(res[pick]))))
        results = [stage(x0, estimate, stages[1]) for x0, estimate in runs]
        e, x = min(results, key=lambda ex: (ex[0].residual > tol, ex[0].value))
    for budget in stages[2:]:
        budget = min(budget, maxiter - total["iterations"])
        if e.residual <= tol or budget <= 0:
            break
        e, x = stage(x, (e.value, e.residual), budget)
    total_it, total_mv = total["iterations"], total["matvecs"]
    info = {
        **e.info,
        "stages": history,
        "converged": bool(e.residual <= tol),
        "tol": tol,
        "proxy_band": proxy.K,
        "proxy_factorisations": proxy.factorisations,
        "degrees": degrees if normalized else "loopless",
    }
    return replace(e, iterations=total_it, matvecs=total_mv, method=f"scipy-lobpcg-banded-proxy-K{proxy.K}", info=info)


__all__ = [
    "BandedProxy",
    "DENSE_MAX",
    "GAP_DEGREES",
    "floor_shift",
    "gap_degrees",
    "network_algebraic_connectivity",
    "network_connectivity",
    "network_dense_connectivity",
]
