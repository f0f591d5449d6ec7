"""specproof: a verification suite for the spectral theory of attention.

The package is rooms by role, each importing only the rooms below it: ``cli`` > ``render`` > ``checks``
(``claims``: the papers' claims, one file per section; ``battery``: a user's variant) > ``runs`` (stored evidence)
> ``engine`` (how a claim is decided) > ``theory`` (the mathematics). The names a user needs are re-exported here
and imported on first use, so ``import specproof`` stays light::

    import specproof
    specproof.verify(["trsp.C6.mu2-lower"])[0].status     # Status.PROVED
    print(specproof.check_variant(specproof.paper_variants()[0]).table())   # the paper's TRSP through the battery
"""

from __future__ import annotations

import importlib
from importlib.metadata import PackageNotFoundError, version

try:
    __version__ = version("specproof")
except PackageNotFoundError:  # running from a checkout that was never installed
    __version__ = "0+unknown"

_PUBLIC = {
    # claims
    "claim": "specproof.engine.registry",
    "check": "specproof.engine.registry",
    "Claim": "specproof.engine.registry",
    "ClaimDeclaration": "specproof.engine.registry",
    "Context": "specproof.engine.registry",
    "Evidence": "specproof.engine.registry",
    "Source": "specproof.engine.registry",
    "Status": "specproof.engine.registry",
    "load_all": "specproof.engine.registry",
    "outline": "specproof.engine.registry",
    "Result": "specproof.engine.runner",
    "run_claim": "specproof.engine.runner",
    "verify": "specproof.engine.runner",
    # variants
    "Variant": "specproof.checks.battery",
    "Kernel": "specproof.checks.battery",
    "Gate": "specproof.checks.battery",
    "Attention": "specproof.checks.battery",
    "Expect": "specproof.checks.battery",
    "Sizes": "specproof.checks.battery",
    "Schedule": "specproof.checks.battery",
    "check_variant": "specproof.checks.battery",
    "parametrize_with_checks": "specproof.checks.battery",
    "paper_variants": "specproof.checks.battery",
    "InputError": "specproof.theory.errors",
}
__all__ = ["__version__", *_PUBLIC]


def __getattr__(name: str):
    if name in _PUBLIC:
        return getattr(importlib.import_module(_PUBLIC[name]), name)
    raise AttributeError(f"module 'specproof' has no attribute {name!r}")


def __dir__():
    return sorted(__all__)
