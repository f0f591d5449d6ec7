"""The one error type of bad input: what was wrong and what is allowed, in one line (importable without numpy)."""


class InputError(ValueError):
    """A user supplied a value outside the documented domain."""
