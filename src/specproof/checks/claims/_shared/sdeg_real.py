"""What the claim files of sdeg/real/ share."""

from __future__ import annotations

import functools

from specproof.runs.real import models as rm


@functools.cache
def _measured():
    """The committed default measurement, merged per length, or None when the store lacks it."""
    stored = rm.stored_rows()
    rows = [
        r
        for r in stored
        if r["params"].get("model") == rm.MINILM_NAME
        and r["params"].get("samples") == rm.SAMPLES
        and str(r["params"].get("text", "")).startswith("pydoc_data.topics@")
    ]
    labels = {r["params"]["text"] for r in rows}
    have = {r["params"]["ell"] for r in rows}
    haar = {r["params"]["ell"] for r in stored if "haar_draws" in r["params"]}
    if len(labels) != 1 or not set(rm.LENGTHS) <= have & haar:
        return None
    label = labels.pop()
    wanted = [r for r in stored if r["params"].get("text") == label or "haar_draws" in r["params"]]
    merged = rm.assemble(wanted, rm.MINILM_NAME, label, rm.LENGTHS, rm.SAMPLES, 0)
    return {"rows": merged, "hidden_size": rows[0]["hidden_size"], "head_dim": rows[0]["head_dim"]}
