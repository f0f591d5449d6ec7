"""The deciding methods on their own: symbolic identities (scalars and matrix expressions of symbolic size)
and derivations."""

import sympy as sp

from checks.methods import derivation, sympy_identity
from checks.registry import Status


def test_sympy_identity_decides_scalars_and_matrix_expressions_of_symbolic_size():
    T = sp.Symbol("T", integer=True, positive=True)
    x = sp.Symbol("x")
    assert sympy_identity((x + 1) ** 2, x**2 + 2 * x + 1, what="square").status is Status.PROVED
    wrong = sympy_identity((x + 1) ** 2, x**2 + 1, what="square")
    assert wrong.status is Status.REFUTED and wrong.counterexample == {"difference": "2*x"}
    ones, e1 = sp.OneMatrix(T, 1), sp.MatrixSymbol("e1", T, 1)
    sink = ones * e1.T
    assert sympy_identity(sink.T * sink, T * e1 * e1.T, what="Gram of the sink").status is Status.PROVED
    assert sympy_identity(sink.T * sink, (T + 1) * e1 * e1.T, what="a wrong Gram").status is Status.REFUTED


def test_a_failing_step_leaves_a_derivation_open_and_never_refutes():
    x = sp.Symbol("x")
    good = sympy_identity(x - x, 0, what="trivial")
    bad = sympy_identity(x, 0, what="false step")
    assert derivation([good, good], what="chain", ranges="all x").status is Status.PROVED
    ev = derivation([good, bad], what="chain", ranges="all x")
    assert ev.status is Status.OPEN and "false step" in ev.summary
