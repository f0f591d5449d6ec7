"""The deciding methods on their own, on synthetic data whose answer is known: symbolic identities (scalars
and matrix expressions of symbolic size), derivations, property searches, hypothesis probes and grid checks."""

from fractions import Fraction

import numpy as np
import pytest
import sympy as sp
from hypothesis import strategies as st

from specproof.engine.methods import (
    derivation,
    grid_check,
    probe_hypothesis,
    property_search,
    sympy_identity,
    sympy_nonnegative,
)
from specproof.engine.registry import Context, Evidence, Status


def test_sympy_identity_decides_scalars_and_matrix_expressions_of_symbolic_size():
    T = sp.Symbol("T", integer=True, positive=True)
    x = sp.Symbol("x")
    assert sympy_identity((x + 1) ** 2, x**2 + 2 * x + 1, what="square").status is Status.PROVED
    wrong = sympy_identity((x + 1) ** 2, x**2 + 1, what="square")
    assert wrong.status is Status.REFUTED and wrong.counterexample == {
        "difference": "2*x",
        "at": {"x": "2"},
        "value": "4",
    }
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


# --------------------------------------------------------------------------- property_search


def _search(strategy, margin, **kw):
    return property_search(strategy, margin, what="synthetic", ctx=Context(), ranges="synthetic", **kw)


def test_property_search_finds_a_planted_counterexample_and_shrinks_it():
    ev = _search(st.integers(0, 10**6), lambda n: 0.5 if n < 1000 else -1.0)
    assert ev.status is Status.REFUTED and "counterexample found" in ev.summary
    assert ev.counterexample == {"input": 1000, "margin": -1.0}  # shrunk to the boundary
    assert ev.worst_margin == -1.0


def test_property_search_verifies_when_there_is_no_counterexample():
    ev = _search(st.floats(-1.0, 1.0), lambda x: 1.0 - x * x, examples=50)
    assert ev.status is Status.VERIFIED and ev.counterexample is None
    assert "no counterexample in 50 structured examples" in ev.summary
    assert 0.0 <= ev.worst_margin <= 1.0


def test_property_search_reports_the_examples_a_tiny_strategy_actually_ran():
    ev = _search(st.sampled_from([1, 2, 3]), lambda n: float(n), examples=200)
    assert ev.status is Status.VERIFIED and "in 3 structured examples" in ev.summary and ev.worst_margin == 1.0


def test_pinned_values_run_first_and_can_refute():
    seen = []

    def margin(x):
        seen.append(x)
        return x

    ev = _search(st.integers(0, 5), margin, pinned=(2, -7, 3))
    assert ev.status is Status.REFUTED and ev.counterexample == {"input": -7, "margin": -7}
    assert seen[:2] == [2, -7] and 3 not in seen[:3]  # the search stops at the failing pin


def test_pinned_values_count_towards_the_examples_and_the_worst_margin():
    ev = _search(st.just(5), float, pinned=(1, 2))
    assert ev.status is Status.VERIFIED and "in 3 structured examples" in ev.summary and ev.worst_margin == 1.0


@pytest.mark.parametrize(
    "tolerance, expected",
    [
        (0.0, Status.REFUTED),
        (1e-9, Status.VERIFIED),
        (lambda x: 1e-9 * x, Status.VERIFIED),
        (lambda x: 1e-15, Status.REFUTED),
    ],
)
def test_a_margin_within_its_tolerance_is_not_a_counterexample(tolerance, expected):
    """Margins −1e−12 (rounding noise): a tolerance ≥ 1e−12, as a number or a function of the input, absorbs them."""
    ev = _search(st.integers(1000, 2000), lambda x: -1e-12, tolerance=tolerance)
    assert ev.status is expected
    assert ev.worst_margin == -1e-12  # the raw margin is reported either way


def test_property_search_is_the_same_in_every_run():
    strategy = st.lists(st.floats(-5, 5), min_size=1, max_size=8)
    first, second = (_search(strategy, lambda xs: 10 - sum(map(abs, xs)), examples=60) for _ in range(2))
    assert first.summary == second.summary and first.worst_margin == second.worst_margin


# --------------------------------------------------------------------------- probe_hypothesis


def _outcome(status):
    kw = {"counterexample": {"input": 1}} if status is Status.REFUTED else {}
    return Evidence(status, "hypothesis", f"weakened claim {status.value}", ranges="r", **kw)


@pytest.mark.parametrize(
    "expect, outcome, exact, expected",
    [
        ("necessary", Status.REFUTED, False, Status.VERIFIED),  # a float counterexample shows it necessary
        ("necessary", Status.REFUTED, True, Status.CERTIFIED),  # an exact one certifies it
        ("necessary", Status.VERIFIED, False, Status.OPEN),  # no counterexample: necessity not shown
        ("necessary", Status.OPEN, False, Status.OPEN),
        ("not needed", Status.REFUTED, False, Status.REFUTED),  # needed after all
        ("not needed", Status.VERIFIED, False, Status.VERIFIED),  # the claim holds without it
        ("not needed", Status.PROVED, True, Status.PROVED),
        ("not needed", Status.OPEN, False, Status.OPEN),
    ],
)
def test_probe_hypothesis_over_expectation_and_outcome(expect, outcome, exact, expected):
    ev = probe_hypothesis(expect, "positivity", _outcome(outcome), exact=exact)
    assert ev.status is expected, ev.summary
    assert ev.method == "probe/hypothesis" and "without positivity" in ev.summary
    if outcome is Status.REFUTED:
        assert ev.counterexample == {"input": 1}
    assert ev.worst_margin is None  # margins belong to the weakened claim


def test_probe_hypothesis_rejects_an_unknown_expectation():
    with pytest.raises(ValueError, match="expect"):
        probe_hypothesis("sufficient", "positivity", _outcome(Status.VERIFIED))


# --------------------------------------------------------------------------- grid_check


def test_exact_grid_margins_certify_and_a_finite_domain_in_full_proves():
    cases = range(1, 9)
    certified = grid_check(
        cases, lambda n: Fraction(n, n + 1), what="n/(n+1) ≥ 0", method="exact", exact=True, ranges="n ≤ 8"
    )
    proved = grid_check(cases, lambda n: n * n - n, what="n² ≥ n", method="exhaustive", exact=True, ranges="all n ≤ 8")
    assert certified.status is Status.CERTIFIED and certified.worst_margin == 0.5
    assert proved.status is Status.PROVED and proved.data == {"cases": 8, "worst_case": 1}


def test_an_exact_grid_refutes_at_the_first_failing_case():
    ev = grid_check(range(10), lambda n: 5 - n, what="n ≤ 5", method="exact", exact=True, ranges="n < 10")
    assert ev.status is Status.REFUTED and ev.counterexample == {"input": 6, "margin": -1.0}


@pytest.mark.parametrize("margin", [0.5, True, np.int64(1), np.float64(0.0)])
def test_an_exact_grid_refuses_inexact_margins(margin):
    with pytest.raises(TypeError, match="exact margins"):
        grid_check([1], lambda c: margin, what="inexact", method="exact", exact=True, ranges="one case")


def test_a_float_grid_verifies_within_its_tolerance_and_refutes_beyond_it():
    margins = {1: 1.0, 2: -1e-13, 3: 0.5}
    ev = grid_check(margins, margins.get, what="float", method="float", exact=False, ranges="3 cases", tolerance=1e-12)
    # noise shown as 0 in the summary; the raw margin and the allowance covering it are recorded
    assert ev.status is Status.VERIFIED and "worst margin 0 at 2" in ev.summary and ev.data["worst_case"] == 2
    assert ev.worst_margin == -1e-13 and ev.allowance == 1e-12
    bad = grid_check(
        margins, margins.get, what="float", method="float", exact=False, ranges="3 cases", tolerance=lambda c: 1e-14
    )
    assert bad.status is Status.REFUTED and bad.counterexample["input"] == 2


def test_an_upper_bound_is_rendered_rounded_up():
    """fmt_up keeps "≤ fmt_up(x)" true of x where plain rounding would land below it (1.631 → 1.64, not 1.63)."""
    from specproof.engine.digits import fmt, fmt_up

    assert fmt(1.631) == "1.63" and fmt_up(1.631) == "1.64"
    assert fmt_up(1.63) == "1.63" and fmt_up(9.9951) == "10" and fmt_up(-1.2345) == "-1.23"
    for x in (0.001234567, 3.14159, 45.2462, 1e7 + 1, -0.5035):
        assert float(fmt_up(x)) >= x
