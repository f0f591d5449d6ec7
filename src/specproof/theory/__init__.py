"""The mathematics of the two papers as code: operators, graphs, gate, spectral metrics.

No claims and no I/O live here; ``specproof.checks`` decides the claims on top of these objects.
"""

from specproof.theory.errors import InputError

__all__ = ["InputError"]
