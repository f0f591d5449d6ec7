"""Claim modules: each holds the claims of one part of a paper, each claim directly after the checks that decide it.

Importing a module registers its claims; :func:`specproof.checks.registry.load_all` imports them all, in the order
of :data:`specproof.checks.registry.CLAIM_MODULES` (the registry order THEOREMS.md follows). The package itself
imports nothing, so ``specproof verify ID`` loads only the module that holds ID (see :mod:`specproof.checks.index`).
"""
