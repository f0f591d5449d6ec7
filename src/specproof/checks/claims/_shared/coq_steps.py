"""The steps outside Coq that several claims' Coq checks cite: named textbook theorems (see
:class:`specproof.engine.formal.Step`). A claim's own steps stay in its module."""

from __future__ import annotations

from specproof.engine.formal import Step

SPECTRAL_THEOREM = Step(
    "the real symmetric matrices the theorems speak of have an orthonormal eigenbasis with their eigenvalues sorted"
    " increasingly (the hypotheses UᵀU = I, MU = U·diag(λ), λ nondecreasing)",
    cites="the spectral theorem for real symmetric matrices (Horn & Johnson, Matrix Analysis, 2nd ed., Thm 2.5.6)",
)
REAL_FIELD = Step(
    "ℝ is an ordered field, so the theorems over every realFieldType hold for real matrices",
    cites="ℝ is an ordered field (Rudin, Principles of Mathematical Analysis, 3rd ed., Thm 1.19)",
)
REAL_CLOSED = Step(
    "ℝ is a real closed field, so the theorems over every real closed field hold for real matrices",
    cites="ℝ is real closed (Lang, Algebra, rev. 3rd ed., Ch. XI §2)",
)
CIRCULANT_SPECTRUM = Step(
    "a circulant matrix is diagonalised by the Fourier vectors, its eigenvalues the transform of its first row",
    cites="the spectrum of a circulant matrix (Gray, Toeplitz and Circulant Matrices: A Review, Thm 3.1)",
)
