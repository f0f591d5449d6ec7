"""TRSP App. D, the set-up paragraph: the π-reversibilization of the row-normalised operator.

The appendix analyses ½(M + M^{*π}) "so that M is self-adjoint in ⟨·,·⟩_π with real spectrum in [−1, 1] and
leading eigenvector 𝟏". That holds whenever the stationary law is positive; for TRSP's causal operators it is
not (π = e₀), and the π-adjoint does not exist.
"""

from __future__ import annotations

import numpy as np
import sympy as sp
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from specproof.engine.methods import derivation, float_tolerance, property_search, sympy_identity, sympy_nonnegative
from specproof.engine.records import Tightness
from specproof.engine.registry import Context, Evidence, Source, Status, check, claim


def _irreducible_chains():
    """Row-stochastic T×T matrices (T ≤ 12) with a positive stationary law: random weights in [1e-3, 1] on a random
    pattern, plus a cyclic shift that makes the chain irreducible; dense ones among them."""
    weight = st.floats(1e-3, 1.0, width=64)

    def build(args):
        W, mask, shift = args
        T = W.shape[0]
        A = W * mask + shift * np.roll(np.eye(T), 1, axis=1)
        return A / A.sum(axis=1, keepdims=True)

    return (
        st.integers(1, 12)
        .flatmap(
            lambda T: st.tuples(
                hnp.arrays(np.float64, (T, T), elements=weight),
                hnp.arrays(np.bool_, (T, T)),
                st.floats(1e-3, 1.0, width=64),
            )
        )
        .map(build)
    )


def reversibilization(M: np.ndarray, pi: np.ndarray) -> np.ndarray:
    """½(M + M^{*π}) with M^{*π} = D_π⁻¹MᵀD_π, the adjoint of M in ⟨u, v⟩_π = Σ π_i u_i v_i (π > 0)."""
    return 0.5 * (M + (M.T * pi[None, :]) / pi[:, None])


def stationary_gth(M: np.ndarray) -> np.ndarray:
    """The stationary law of an irreducible row-stochastic M by the Grassmann–Taksar–Heyman elimination: subtraction
    free, so every πᵢ comes out positive with a small relative error even when it lies far below eps (a null-space
    solver returns 0 or a negative number there, and D_π⁻¹ is then undefined)."""
    A = np.array(M, dtype=float)
    n = A.shape[0]
    for k in range(n - 1, 0, -1):
        A[:k, k] /= A[k, :k].sum()  # the mass leaving state k towards 0..k−1, summed without cancellation
        A[:k, :k] += np.outer(A[:k, k], A[k, :k])
    pi = np.zeros(n)
    pi[0] = 1.0
    for k in range(1, n):
        pi[k] = pi[:k] @ A[:k, k]
    return pi / pi.sum()


def _reversibilization_margin(M: np.ndarray) -> float:
    """−(largest violation) of: P ≥ 0, P𝟏 = 𝟏, πᵀP = πᵀ, D_πP symmetric, spectrum in [−1, 1] with top eigenvalue 1,
    relative to the conditioning 1/π_min of the π-adjoint."""
    pi = stationary_gth(M)
    P = reversibilization(M, pi)
    S = np.sqrt(pi)[:, None] * P / np.sqrt(pi)[None, :]  # similar to P, symmetric exactly when D_πP is
    eig = np.linalg.eigvalsh(0.5 * (S + S.T))
    violations = [
        max(0.0, -float(P.min())),
        float(np.abs(P.sum(axis=1) - 1).max()),
        float(np.abs(pi @ P - pi).max()),
        float(np.abs(pi[:, None] * P - (pi[:, None] * P).T).max()),
        max(0.0, float(np.abs(eig).max()) - 1.0),
        abs(float(eig.max()) - 1.0),
    ]
    return -max(violations) * float(pi.min())


@check
def d_reversibilization_search(ctx: Context) -> Evidence:
    """The reversibilization of irreducible row-stochastic chains: stochastic, π-stationary, π-self-adjoint, σ ⊂ [−1,
    1].
    """
    return property_search(
        _irreducible_chains(),
        _reversibilization_margin,
        ctx=ctx,
        examples=300,
        tolerance=lambda M: 1e3 * float_tolerance(M.shape[0], 1.0),
        allowance=(
            "scaled by π_min: π by GTH elimination (subtraction free: componentwise relative error O(T³·eps) however "
            "small π_min, O'Cinneide, Numer. Math. 65 (1993)), D_π⁻¹ amplifies the residuals by 1/π_min, and eigvalsh of the symmetrised similar matrix "
            "adds 10·T·eps; allowance 10⁴·T·eps"
        ),
        what="π-reversibilization is a π-self-adjoint stochastic matrix with spectrum in [−1, 1]",
        ranges="T ≤ 12, irreducible chains (random pattern plus a cycle), weights in [1e-3, 1]",
    )


@check
def d_reversibilization_proof(ctx: Context) -> Evidence:
    """Entrywise, for symbolic size: M^(*π)𝟏 = 𝟏, πᵀM^(*π) = πᵀ, M^(*π) ≥ 0, D_πP symmetric, P similar to a symmetric
    matrix.
    """
    n = sp.Symbol("n", integer=True, positive=True)
    i, j = sp.symbols("i j", integer=True)
    M, pi = sp.IndexedBase("M"), sp.IndexedBase("pi")
    pi_i, pi_j = sp.symbols("pi_i pi_j", positive=True)
    Mij, Mji = sp.symbols("M_ij M_ji", nonnegative=True)
    star = lambda a, b, pa, pb, Mba: Mba * pb / pa  # noqa: E731  (M^(*π))_ab = M_ba π_b / π_a
    P_ij = (Mij + star(i, j, pi_i, pi_j, Mji)) / 2
    P_ji = (Mji + star(j, i, pi_j, pi_i, Mij)) / 2
    steps = [
        sympy_identity(
            (sp.Sum(M[j, i] * pi[j], (j, 1, n)) / pi[i]).xreplace({sp.Sum(M[j, i] * pi[j], (j, 1, n)): pi[i]}),
            sp.Integer(1),
            what="(M^(*π)𝟏)_i = (1/π_i)Σ_j M_ji π_j = π_i/π_i = 1 (πᵀM = πᵀ)",
            ranges="every n",
        ),
        sympy_identity(
            (pi[j] * sp.Sum(M[j, i], (i, 1, n))).xreplace({sp.Sum(M[j, i], (i, 1, n)): 1}),
            pi[j],
            what="(πᵀM^(*π))_j = Σ_i π_i (1/π_i)M_ji π_j = π_jΣ_i M_ji = π_j (M𝟏 = 𝟏)",
            ranges="every n",
        ),
        sympy_nonnegative(star(i, j, pi_i, pi_j, Mji), [Mji, pi_i, pi_j], what="(M^(*π))_ij = M_ji π_j/π_i ≥ 0"),
        sympy_identity(
            pi_i * P_ij, pi_j * P_ji, what="(D_πP)_ij = ½(π_iM_ij + π_jM_ji) = (D_πP)_ji: P is π-self-adjoint"
        ),
        sympy_identity(
            sp.sqrt(pi_i) * P_ij / sp.sqrt(pi_j) - sp.sqrt(pi_j) * P_ji / sp.sqrt(pi_i),
            sp.Integer(0),
            what="D^(1/2)PD^(−1/2) is symmetric, so P has a real spectrum",
        ),
    ]
    return derivation(
        steps,
        what="the π-reversibilization P = ½(M + M^(*π)) is stochastic, π-stationary and π-self-adjoint",
        ranges="every size, every row-stochastic M with a stationary π > 0",
    )


@check
def d_reversibilization_ends_exact(ctx: Context) -> Evidence:
    """Both ends of [−1, 1] are attained: P𝟏 = 𝟏 gives 1 for every M; the swap M = [[0, 1], [1, 0]] (π uniform,
    reversible: P = M) has eigenvalue −1."""
    swap = sp.Matrix([[0, 1], [1, 0]])
    pi = sp.Matrix([[sp.Rational(1, 2), sp.Rational(1, 2)]])
    P = (swap + sp.diag(*pi) ** -1 * swap.T * sp.diag(*pi)) / 2
    eigen = sorted(P.eigenvals(multiple=True))
    holds = pi * swap == pi and eigen == [-1, 1]
    return Evidence(
        Status.CERTIFIED if holds else Status.OPEN,
        "exact",
        f"M = [[0, 1], [1, 0]], π = (1/2, 1/2): P = ½(M + M^(*π)) = M has eigenvalues {eigen}"
        + ("" if holds else ": not the ends this check expects"),
        ranges="T = 2, exact",
        worst_margin=0.0 if holds else None,
        role="supports",
        tightness=(
            Tightness(
                "sharp",
                "d_reversibilization_ends_exact: both ends of [−1, 1] are attained — 1 by every P (P𝟏 = 𝟏), −1 by the "
                "swap M = [[0, 1], [1, 0]] (π uniform, P = M, eigenvalues ±1 exactly): no smaller interval holds "
                "for every M",
                ratio=1.0,
                where={"M": "every M (eigenvalue 1) and [[0, 1], [1, 0]] (eigenvalue −1)"},
            )
            if holds
            else None
        ),
    )


claim(
    id="trsp.D.reversibilization",
    title="The π-reversibilization is self-adjoint and stochastic when π > 0, and undefined for causal TRSP",
    source=Source("TRSP", "App. D", "set-up"),
    statement=r"If $M$ is row-stochastic with a stationary law $\pi > 0$ ($\pi^\top M = \pi^\top$), then $M^{*_\pi} = D_\pi^{-1}M^\top D_\pi$ is row-stochastic with $\pi^\top M^{*_\pi} = \pi^\top$, and $P = \frac12(M + M^{*_\pi})$ is row-stochastic, $\pi$-stationary, self-adjoint in $\langle\cdot,\cdot\rangle_\pi$ ($D_\pi P$ symmetric), with real spectrum in $[-1, 1]$ and $P\mathbf 1 = \mathbf 1$. For the causal row-normalised TRSP operator $\pi = e_0$, so $D_\pi$ is singular and the reversibilization does not exist.",
    checks=[d_reversibilization_proof],
    cross_checks=[d_reversibilization_search, d_reversibilization_ends_exact],
    expected=Status.PROVED,
    prose=(
        "P is row-stochastic and π-stationary by linearity from M and M^(*π) (checked); a matrix similar to a symmetric one has a real spectrum, and for a nonnegative row-stochastic P every |λ| ≤ ‖P‖_∞ = 1 (Horn & Johnson, Matrix Analysis, 2nd ed. (2013), Thm 5.6.9) with P𝟏 = 𝟏; for the causal operator the stationary law is e₀ (trsp.D.carry-over.sharp), so D_π = diag(e₀) is singular and D_π⁻¹ does not exist"
    ),
    reason=(
        "Machine-checked (sympy, entrywise for every size): M^(*π)𝟏 = 𝟏 and πᵀM^(*π) = πᵀ, M^(*π) ≥ 0, D_πP symmetric and D^(1/2)PD^(−1/2) symmetric. Argued in prose: linearity, the spectral-radius bound (cited) and the causal case from trsp.D.carry-over.sharp (its unique stationary law is e₀). A search over irreducible chains is a cross-check."
    ),
    uses=["trsp.D.carry-over.sharp", "trsp.D3.mixing"],
    notes=["interpretive"],
)
