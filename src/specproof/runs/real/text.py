"""The text real attention is measured on: Python's own documentation (``pydoc_data.topics``, offline) or the user's
files, tokenised once and cut into windows of ℓ tokens spread evenly over it (re-exported by
:mod:`specproof.runs.real.models`)."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from specproof.theory.validate import InputError


def default_text() -> str:
    """Python's own documentation topics (``pydoc_data.topics``, about 65,000 words of English)."""
    from pydoc_data.topics import topics

    return "\n\n".join(topics[key] for key in sorted(topics))


def read_texts(paths) -> str:
    """The user's text files, joined; one line naming a file that cannot be read."""
    parts = []
    for path in paths:
        try:
            parts.append(Path(path).expanduser().read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError) as exc:
            raise InputError(
                f"--text {str(path)!r}: cannot read it as UTF-8 text ({exc.__class__.__name__}); "
                "allowed: a readable UTF-8 text file"
            ) from None
    return "\n\n".join(parts)


def token_ids(tokenizer, text: str) -> list[int]:
    """The text tokenised once, without special tokens."""
    return list(tokenizer(text, add_special_tokens=False)["input_ids"])


def special_tokens(tokenizer) -> tuple[list[int], list[int]]:
    """The ids the tokenizer puts before and after a single sequence ([CLS], [SEP] for BERT; none for
    GPT-2), read off how it wraps one word."""
    word = tokenizer("a", add_special_tokens=False)["input_ids"]
    wrapped = tokenizer("a")["input_ids"]
    for i in range(len(wrapped) - len(word) + 1):
        if wrapped[i : i + len(word)] == word:
            return wrapped[:i], wrapped[i + len(word) :]
    raise InputError("the tokenizer's special tokens do not wrap a sequence; allowed: a BERT- or GPT-style tokenizer")


def windows(tokenizer, ids: list[int], ell: int, count: int) -> list[list[int]]:
    """``count`` sequences of exactly ℓ tokens: windows spread evenly over ``ids``, wrapped in the model's
    special tokens."""
    before, after = special_tokens(tokenizer)
    body = ell - len(before) - len(after)
    if body < 1 or len(ids) < body:
        raise InputError(
            f"ℓ = {ell}: the text has {len(ids)} tokens and each sequence needs {max(body, 1)}; "
            "allowed: a longer text or a larger length"
        )
    starts = np.linspace(0, len(ids) - body, count).round().astype(int)
    return [before + ids[s : s + body] + after for s in starts]
