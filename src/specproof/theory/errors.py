"""The one error type of bad input: what was wrong and what is allowed, in one line (importable without numpy)."""


class InputError(ValueError):
    """A user supplied a value outside the documented domain."""


class VariantError(InputError):
    """A side path or variant (or its file or spec) that cannot be checked: reported in one line, exit 2."""
