"""Subcommands that other parts of checks/ contribute (sweep, figures, variant, graph, real, site).

Each contributing module defines ``add_subcommand(sub)``.
"""

from __future__ import annotations

import importlib

CONTRIBUTORS = ("specproof.checks.sweeps", "specproof.checks.figures", "specproof.checks.variants",
                "specproof.checks.blueprint", "specproof.checks.real_models", "specproof.checks.site")


def register(sub) -> None:
    """Add the contributed subcommands to the `specproof` parser."""
    for name in CONTRIBUTORS:
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name == name:  # that part of specproof is not built yet
                continue
            raise
        module.add_subcommand(sub)
