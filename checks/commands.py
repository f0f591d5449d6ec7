"""Subcommands that other parts of checks/ contribute (sweep, figures, variant)."""

from __future__ import annotations


def register(sub) -> None:
    """Add the contributed subcommands to the `specproof` parser."""
