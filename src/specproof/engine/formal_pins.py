"""The pins of the Coq objects the claims' hooked theorems rest on (see :mod:`specproof.engine.formal`).

A statement such as ``forall T k, ... -> 2 <= mu T k`` means what it says only while ``mu`` is Eq. 9 and ``2`` is
read as 2: every object of ``proofs/`` a hooked theorem's statement reaches, transitively through the kernel terms,
is pinned here by its fully qualified name (``formal_pins.json`` beside this file):

- ``kind``: ``theorem`` (a hooked theorem), ``transparent`` (a definition, compared with its body), ``opaque``,
  ``inductive`` or ``constructor``;
- ``printed``: how Coq prints it in its module's own context (``Check`` for a theorem's statement, ``Print`` for a
  definition's body), whitespace-normalised: what a reviewer reads;
- ``refs``: the fully qualified names its kernel term mentions (a name that resolves elsewhere changes them);
- ``digest``: SHA-256 of its kernel term, serialised without binder names (a notation or scope that re-reads a
  numeral changes it even where the text prints the same);
- ``closure`` (theorems only): the project objects its statement reaches.

``specproof coq-pins`` compares them with the current proofs; ``specproof coq-pins --write`` rewrites the file from
them after a deliberate change (review the diff: a pin is what a claim's Coq step is held to).
"""

from __future__ import annotations

import json
from pathlib import Path

PINS_FILE = Path(__file__).with_name("formal_pins.json")
PINS: dict[str, dict] = json.loads(PINS_FILE.read_text(encoding="utf-8"))


def pins_text(pins: dict[str, dict]) -> str:
    """The file's text for ``pins`` (sorted, one field a line: diffs read per object)."""
    return json.dumps(pins, indent=1, sort_keys=True, ensure_ascii=False) + "\n"
