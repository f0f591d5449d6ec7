"""Claim modules: importing this package registers every claim and its checks."""

from checks.claims import sdeg, trsp_appendix_c, trsp_appendix_d, trsp_main  # noqa: F401
