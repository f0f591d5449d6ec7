"""The battery in a user's own pytest suite: :func:`parametrize_with_checks`, one test per property whose
id reads like a sentence, declared failures as strict xfails with their reason."""

from __future__ import annotations

from dataclasses import dataclass

from specproof.checks.battery.battery import Property, validate_variant
from specproof.checks.battery.loader import distinct_names
from specproof.checks.battery.model import Finding, Variant
from specproof.checks.battery.results import PropertyResult, planned, run_property


class PropertyFails(AssertionError):
    """Raised by a pytest check when a property's outcome is not what the variant declared."""


@dataclass(frozen=True)
class PropertyCheck:
    """A callable check for one property; passes when the outcome is the declared one.

    A declared failure is marked xfail (strict, with its reason): the check raises PropertyFails
    when the property fails as declared, and the test fails if it unexpectedly holds.
    """

    prop: Property

    def __call__(self, variant: Variant) -> PropertyResult:
        result = run_property(variant, self.prop)
        if result.error:
            raise PropertyFails(f"{self.prop.sentence(variant)}: check crashed: {result.error}")
        if result.outcome is not None and result.outcome.kind is Finding.FAILS or not result.as_declared:
            raise PropertyFails(
                f"{self.prop.sentence(variant)}: {result.label()} (declared {result.expected_label()}); "
                + result.explain()
            )
        return result

    def __repr__(self) -> str:
        return self.prop.check.__name__


def parametrize_with_checks(variants):
    """A ``pytest.mark.parametrize`` over (variant, check) for every check that applies.

    Use it like scikit-learn's::

        @parametrize_with_checks([my_variant])
        def test_my_variant(variant, check):
            check(variant)

    Test ids read like sentences ("triadic: has a connected skeleton ... at every T"); declared
    failures are strict xfails carrying their reason, never skips.
    """
    import pytest

    from specproof.engine.strategies import hypothesis_storage_outside_the_working_directory

    hypothesis_storage_outside_the_working_directory()  # the battery's searches must not write ./.hypothesis
    variants = list(variants)
    distinct_names(variants)  # as `specproof variant` and `specproof train` refuse them
    params = []
    for variant in variants:
        validate_variant(variant)
        for prop, runs in planned(variant):
            expected = variant.expectation(prop)
            if not runs:  # listed, never silent: skipped with the reason
                marks = [pytest.mark.skip(reason=f"not applicable: {prop.when_text}")]
            elif expected.finding(prop, variant) is Finding.FAILS:
                marks = [pytest.mark.xfail(reason=expected.reason, raises=PropertyFails, strict=True)]
            else:
                marks = []
            params.append(pytest.param(variant, PropertyCheck(prop), id=prop.sentence(variant), marks=marks))
    return pytest.mark.parametrize("variant, check", params)
