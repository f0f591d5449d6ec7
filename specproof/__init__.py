"""specproof: a verification suite for the spectral theory of attention.

The repository keeps the design's folders (``theory/``: the mathematics as code; ``checks/``: the
claims, methods, sweeps, variants, report and CLI); installed, they are ``specproof.theory`` and
``specproof.checks``. The names a user needs are re-exported here and imported on first use, so
``import specproof`` stays light.
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
    "claim": "specproof.checks.registry",
    "check": "specproof.checks.registry",
    "Claim": "specproof.checks.registry",
    "Context": "specproof.checks.registry",
    "Evidence": "specproof.checks.registry",
    "Source": "specproof.checks.registry",
    "Status": "specproof.checks.registry",
    "load_all": "specproof.checks.registry",
    "run_claim": "specproof.checks.report",
    "verify": "specproof.checks.report",
    # variants
    "Variant": "specproof.checks.variants",
    "Kernel": "specproof.checks.variants",
    "Gate": "specproof.checks.variants",
    "Attention": "specproof.checks.variants",
    "Expect": "specproof.checks.variants",
    "Sizes": "specproof.checks.variants",
    "Schedule": "specproof.checks.variants",
    "check_variant": "specproof.checks.variants",
    "parametrize_with_checks": "specproof.checks.variants",
    "InputError": "specproof.theory.errors",
}
__all__ = ["__version__", *_PUBLIC]


def __getattr__(name: str):
    if name in _PUBLIC:
        return getattr(importlib.import_module(_PUBLIC[name]), name)
    raise AttributeError(f"module 'specproof' has no attribute {name!r}")


def __dir__():
    return sorted(__all__)
