"""Both papers on MiniLM (all-MiniLM-L6-v2, offline): what the claim files that read its committed rows share."""

from __future__ import annotations

import functools
import math

import numpy as np

from specproof.engine.methods import fmt, open_evidence, series_text, step_series
from specproof.engine.registry import Evidence, Status
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


MEASURED_ROWS = "measured-rows"


def _missing() -> Evidence:
    return open_evidence(
        "the committed rows of `specproof real` (data/real-attention.jsonl) are missing or "
        "incomplete; run `specproof real` to measure them",
        method=MEASURED_ROWS,
    )


RANGES = "all-MiniLM-L6-v2, 6 layers × 12 heads, 4 windows of pydoc_data.topics per ℓ, ℓ = " + ", ".join(
    map(str, rm.LENGTHS)
)


def _three(x: float) -> float:
    """A measured value as the catalogue keeps it: 3 significant digits (the stored rows carry 6)."""
    return float(fmt(x))


def _slope(x, y) -> float:
    return float(np.polyfit(np.log(x), np.log(y), 1)[0])


def _decreasing(series: dict, *, what: str, ranges: str) -> Evidence:
    """Each named series (ℓ, values) decreases: negative log-log slope and last value below the first; read step by
    step too, and every step of the grid where it rises is named (``data["series"]``)."""
    parts, worst, steps = [], math.inf, []
    for name, (x, y) in series.items():
        slope = _slope(x, y)
        margin = min(-slope, (y[0] - y[-1]) / y[0])
        worst = min(worst, margin)
        steps.append(step_series(name, x, y, "decreasing"))
        parts.append(f"{name} {' → '.join(fmt(v) for v in y)} (slope {fmt(slope)}; {series_text(steps[-1])})")
        if margin < 0:
            return Evidence(
                Status.REFUTED,
                MEASURED_ROWS,
                f"{what}: {name} does not decrease: " + "; ".join(parts),
                ranges=ranges,
                worst_margin=margin,
                counterexample={"series": name, "ell": x, "median": y, "slope": slope},
                data={"series": steps},
            )
    return Evidence(
        Status.VERIFIED,
        MEASURED_ROWS,
        f"{what}: " + "; ".join(parts),
        ranges=ranges,
        worst_margin=worst,
        sharpest="; ".join(f"{n}: slope {fmt(_slope(*s))}" for n, s in series.items()),
        data={"series": steps},
    )


def _series(m, key: str, lengths=None) -> tuple[list[int], list[float]]:
    rows = [r for r in m["rows"] if lengths is None or r["ell"] in lengths]
    return [r["ell"] for r in rows], [r["summary"][key] for r in rows]
