"""Claim modules: importing this package registers every claim and its checks."""

from specproof.checks.claims import (  # noqa: F401
    sdeg_bidirectional,
    sdeg_causal,
    trsp_appendix_c,
    trsp_appendix_d,
    trsp_main,
)
