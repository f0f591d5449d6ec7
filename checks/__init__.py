"""specproof checks: the claim registry, the methods that decide claims, sweeps, variants, report, CLI."""

import os

# One BLAS thread unless the user says otherwise: the thread count changes the order of floating-point
# sums, and with it the last bits of the evidence that THEOREMS.md records; the dense problems here
# are small enough that threads buy little. Effective when checks is imported before numpy.
for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")
