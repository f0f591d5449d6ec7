"""The deciding methods on their own: symbolic identities (scalars and matrix expressions of symbolic size)
and derivations."""

import numpy as np
import pytest
import sympy as sp

from specproof.checks.methods import derivation, grid_check, sympy_identity, sympy_nonnegative
from specproof.checks.registry import Status


def test_sympy_identity_decides_scalars_and_matrix_expressions_of_symbolic_size():
    T = sp.Symbol("T", integer=True, positive=True)
    x = sp.Symbol("x")
    assert sympy_identity((x + 1) ** 2, x**2 + 2 * x + 1, what="square").status is Status.PROVED
    wrong = sympy_identity((x + 1) ** 2, x**2 + 1, what="square")
    assert wrong.status is Status.REFUTED and wrong.counterexample == {"difference": "2*x", "at": {"x": "2"}, "value": "4"}
    ones, e1 = sp.OneMatrix(T, 1), sp.MatrixSymbol("e1", T, 1)
    sink = ones * e1.T
    assert sympy_identity(sink.T * sink, T * e1 * e1.T, what="Gram of the sink").status is Status.PROVED
    # no exact witness for a matrix expression: not proved, and not refuted on simplify's say-so either
    assert sympy_identity(sink.T * sink, (T + 1) * e1 * e1.T, what="a wrong Gram").status is Status.OPEN


def test_sympy_identity_needs_exact_input_and_refutes_only_with_a_witness():
    n, k = sp.symbols("n k", integer=True, positive=True)
    x = sp.Symbol("x")
    telescoping = sympy_identity(sp.summation(1 / (k * (k + 1)), (k, 1, n)), 1 - 1 / (n + 1), what="telescoping sum")
    assert telescoping.status is Status.PROVED
    with pytest.raises(TypeError, match="contains a float"):
        sympy_identity(sp.Float(0.5) * x, x / 2, what="a float half")
    with pytest.raises(TypeError, match="contains a float"):
        sympy_nonnegative(x**2 + sp.Float(1e-30) * x, [x], what="a float coefficient")
    harmonic_gap = sympy_identity(sp.harmonic(n), sp.log(n), what="H_n = log n")
    assert harmonic_gap.status is Status.REFUTED and harmonic_gap.counterexample["at"] == {"n": "2"}


def test_grid_checks_refuse_numpy_integers_as_exact_margins():
    with pytest.raises(TypeError):
        grid_check([1], lambda c: np.int64(0), what="int64 margin", method="exact", exact=True, ranges="one case")


def test_a_failing_step_leaves_a_derivation_open_and_never_refutes():
    x = sp.Symbol("x")
    good = sympy_identity(x - x, 0, what="trivial")
    bad = sympy_identity(x, 0, what="false step")
    assert derivation([good, good], what="chain", ranges="all x").status is Status.PROVED
    ev = derivation([good, bad], what="chain", ranges="all x")
    assert ev.status is Status.OPEN and "false step" in ev.summary
