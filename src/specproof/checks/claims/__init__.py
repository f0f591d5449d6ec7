"""The claims, by paper and part (``trsp/app_c``, ``sdeg/causal``, …), each directly after the checks that decide it.

Importing a claim file registers its claims; :func:`specproof.engine.registry.load_all` imports them all in the
document order of ``outline.toml`` (the order THEOREMS.md follows within a section). No claim file imports another:
what two files share lives in ``_shared/``. The package itself imports nothing, so ``specproof verify ID`` loads only
the file that holds ID (see :mod:`specproof.engine.index`).
"""
