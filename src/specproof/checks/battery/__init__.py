"""Sanity-check a variant of TRSP: a battery of property checks against a user's schedule, kernel, gate
or attention model, in the manner of scikit-learn's estimator checks.

A :class:`Variant` declares what it changes (components) and what it expects of itself (``expect``:
per property "holds", a declared failure with its reason, or a rate). Each property is a plain
function ``check_<property>(name, variant)`` returning an :class:`Outcome`: its assertion holds or
fails (a rate property asserts the paper's guarantee, a one-sided bound on the paper's rate, and
carries the rate it measured as an exponent with its interval, :mod:`.exponents`). Three front ends
share one plan (:func:`results.planned`: the properties that apply, and those listed as not
applicable): :func:`check_variant` (the Python API, returns a :class:`VariantReport`),
:func:`parametrize_with_checks` (pytest), and ``specproof variant A B …`` (side by side with the
paper's variant). Evidence, statuses, rate decisions and tables
are those of the claims (checks.registry, checks.rates, checks.tables).

One module per job: ``model`` (the variant and its components), ``schema`` (validation of both front
ends), ``battery`` (the registry and what the checks share), ``exponents`` (rates decided and read),
``trsp_checks``, ``network_checks``, ``real_checks``
(a pretrained model's heads) and ``sdeg_checks`` (the properties), ``ablations`` (TRSP §5.2's table),
``results`` (reports and :func:`check_variant`), ``testing`` (pytest), ``loader`` (.py and TOML files), ``cli``
(the `variant` subcommand), ``paper`` (the paper's TRSP and its ablations as variants, :func:`paper_variants`).
"""

from specproof.checks.battery import (
    network_checks,  # noqa: F401  (registers the TRSP properties, the composed network's, real attention's, SDEG's)
    real_checks,  # noqa: F401
    sdeg_checks,  # noqa: F401
    trsp_checks,  # noqa: F401
)
from specproof.checks.battery.battery import PROPERTIES, Outcome, Property, checks_for, validate_variant
from specproof.checks.battery.loader import load_spec, load_variants
from specproof.checks.battery.model import (
    Attention,
    Expect,
    Finding,
    Gate,
    Kernel,
    RealModel,
    Schedule,
    Sizes,
    Variant,
    VariantError,
    parse_rate,
)
from specproof.checks.battery.paper import paper_variants
from specproof.checks.battery.results import PropertyResult, VariantReport, check_variant, run_property
from specproof.checks.battery.testing import PropertyCheck, PropertyFails, parametrize_with_checks

__all__ = [
    "PROPERTIES",
    "Attention",
    "Expect",
    "Finding",
    "Gate",
    "Kernel",
    "Outcome",
    "Property",
    "RealModel",
    "PropertyCheck",
    "PropertyFails",
    "PropertyResult",
    "Schedule",
    "Sizes",
    "Variant",
    "VariantError",
    "VariantReport",
    "check_variant",
    "checks_for",
    "load_spec",
    "load_variants",
    "paper_variants",
    "parametrize_with_checks",
    "parse_rate",
    "run_property",
    "validate_variant",
]
