"""The claims, one file per paper section (``trsp/main/s3_2_1.py``, ``trsp/app_c/c3_2.py``, ``sdeg/app_d/d1.py``, …),
in the papers' reading order as ``outline.toml`` lists them.

A file holds its section's claims in the paper's order, the project's own (corrections, sharpenings, hypotheses,
measurements) beside the claim they qualify; each claim is stated first (``c = claim(...)``) and the checks that
decide it follow, attached with ``@c.decides`` / ``@c.supports``; a claim's hypotheses are declared beside it
(``c.hypothesis(slug, ...)``). Importing a file registers its claims; :func:`specproof.engine.registry.load_all`
imports them all in reading order. No claim file imports another: what two files share lives in ``_shared/``. The
package itself imports nothing, so ``specproof verify ID`` loads only the file that holds ID
(see :mod:`specproof.engine.index`).
"""
