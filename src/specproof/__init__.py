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
    "claim": "specproof.engine.registry",
    "check": "specproof.engine.registry",
    "Claim": "specproof.engine.registry",
    "Context": "specproof.engine.registry",
    "Evidence": "specproof.engine.registry",
    "Source": "specproof.engine.registry",
    "Status": "specproof.engine.registry",
    "load_all": "specproof.engine.registry",
    "run_claim": "specproof.render.report",
    "verify": "specproof.render.report",
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
