"""The mathematics of the two papers as code: operators, graphs, gate, spectral metrics.

No claims and no I/O live here; ``checks/`` decides the claims on top of these objects.
"""

from theory._validate import InputError

__all__ = ["InputError"]
__version__ = "0.1.0"
