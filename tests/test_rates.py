"""The rate methods on synthetic sweeps whose answer is known: y = 3/log x is Θ(1/log x), x^0.5 is not, a
competitor as flat as the model leaves the rate open, and one-sided bounds read the trend's sign."""

import math

import numpy as np
import pytest

from specproof.engine.rates import bound_evidence, corrected_rate_evidence, fit_rate, rate_evidence
from specproof.engine.registry import Status

X = np.logspace(1, 8, 24)
INV_LOG = {"1/log x": lambda x: 1 / np.log(x)}


def inv_log(x):
    return 1 / np.log(x)


def test_fit_rate_reports_ratios_trend_and_local_exponents():
    fit = fit_rate(X, 3 * X**2, lambda x: x**2, "x^2", competitors={"x": lambda x: x})
    np.testing.assert_allclose(fit.ratios, 3.0)
    assert fit.ratio_range == pytest.approx((3.0, 3.0))
    assert fit.trend == pytest.approx(0.0, abs=1e-9)
    np.testing.assert_allclose(fit.local_exponents, 2.0)
    assert fit.competitors["x"] == pytest.approx(1.0)  # y/x = 3x grows with exponent 1 on the log scale
    assert fit.shown == "x^2" and fit_rate(X, X, inv_log, "1/log x").shown == "(1/log x)"
    assert fit.to_json()["model"] == "x^2"


def test_fit_rate_reads_the_trend_on_the_upper_half_only():
    y = np.where(X < 1e4, X, 1e4) * 1.0  # grows, then flat: the upper half is flat
    assert fit_rate(X, y, lambda x: np.ones_like(x), "1").trend == pytest.approx(0.0, abs=1e-12)


def test_fit_rate_rejects_an_unknown_scale():
    with pytest.raises(ValueError, match="scale"):
        fit_rate(X, X, inv_log, "1/log x", scale="linear")


def test_the_right_logarithmic_rate_is_verified():
    fit = fit_rate(
        X,
        3 / np.log(X),
        inv_log,
        "1/log x",
        competitors={"1/log² x": lambda x: np.log(x) ** -2, "1": lambda x: np.ones_like(x)},
        scale="loglog",
    )
    ev = rate_evidence(fit, what="3/log x", ranges="x in [1e1, 1e8]")
    assert ev.status is Status.VERIFIED, ev.summary
    assert "3 <= y/(1/log x) <= 3" in ev.sharpest
    assert ev.worst_margin > 0


def test_a_power_law_against_a_logarithmic_rate_is_refuted_with_the_sweep():
    fit = fit_rate(X, X**0.5, inv_log, "1/log x", scale="loglog")
    ev = rate_evidence(fit, what="x^0.5 as 1/log x", ranges="x in [1e1, 1e8]")
    assert ev.status is Status.REFUTED and "drifts" in ev.summary
    assert ev.counterexample["trend"] == fit.trend > 1 and ev.worst_margin < 0
    assert len(ev.counterexample["x"]) == len(X)


def test_a_competitor_as_flat_as_the_model_leaves_the_rate_open():
    fit = fit_rate(
        X, 3 / np.log(X), inv_log, "1/log x", competitors={"2/log x": lambda x: 2 / np.log(x)}, scale="loglog"
    )
    ev = rate_evidence(fit, what="3/log x", ranges="x in [1e1, 1e8]")
    assert ev.status is Status.OPEN and "2/log x" in ev.summary


def test_a_competitor_that_cannot_be_fitted_leaves_the_rate_open():
    fit = fit_rate(X, 3 / np.log(X), inv_log, "1/log x", scale="loglog")
    fit.competitors["unfittable"] = math.nan
    assert rate_evidence(fit, what="3/log x", ranges="").status is Status.OPEN


@pytest.mark.parametrize(
    "side, y, expected",
    [
        ("upper", lambda x: 1 / x, Status.VERIFIED),  # decays faster than 1/log x: O holds
        ("upper", lambda x: np.sqrt(x), Status.REFUTED),  # grows: O fails
        ("lower", lambda x: np.sqrt(x), Status.VERIFIED),  # Ω holds
        ("lower", lambda x: 1 / x, Status.REFUTED),  # Ω fails
        ("upper", lambda x: 5 / np.log(x), Status.VERIFIED),
        ("lower", lambda x: 5 / np.log(x), Status.VERIFIED),
    ],
)
def test_one_sided_bounds_read_the_sign_of_the_trend(side, y, expected):
    fit = fit_rate(X, y(X), inv_log, "1/log x", scale="loglog")
    ev = bound_evidence(fit, side=side, what=f"{side} bound", ranges="x in [1e1, 1e8]")
    assert ev.status is expected, ev.summary
    if expected is Status.REFUTED:
        assert ("grows" if side == "upper" else "decays") in ev.summary and ev.counterexample["trend"] == fit.trend
    else:
        assert ev.sharpest.startswith("y/(1/log x) <=" if side == "upper" else "y/(1/log x) >=")


def test_one_sided_bounds_need_a_side():
    with pytest.raises(ValueError, match="side"):
        bound_evidence(fit_rate(X, X, inv_log, "1/log x"), side="both", what="", ranges="")


def test_a_lower_order_term_is_removed_before_the_ratio_is_read():
    """y = 2 ln x + 7 is Θ(ln x), although y/ln x = 2 + 7/ln x still drifts across the sweep."""
    y = 2 * np.log(X) + 7
    lower = {"1": lambda x: np.ones_like(x)}
    plain = rate_evidence(fit_rate(X, y, np.log, "log x", scale="loglog"), what="plain", ranges="")
    corrected = corrected_rate_evidence(
        X, y, np.log, "log x", lower, competitors={"sqrt x": np.sqrt}, what="corrected", ranges="", scale="loglog"
    )
    assert plain.status is Status.REFUTED
    assert corrected.status is Status.VERIFIED, corrected.summary
    assert corrected.data["leading_coefficient"] == pytest.approx(2.0)


def test_a_leading_term_that_does_not_carry_y_is_refuted():
    y = 7 - 1e-3 * np.log(X)
    ev = corrected_rate_evidence(X, y, np.log, "log x", {"1": lambda x: np.ones_like(x)}, what="decaying", ranges="")
    assert ev.status is Status.REFUTED and ev.counterexample["lead"] < 0
