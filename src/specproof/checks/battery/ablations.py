"""TRSP §5.2 / Table 4's ablations at every level of the battery: `specproof variant --ablations`.

The five variants are the shipped examples (examples/variants: the default and the four ablations), run through
the whole battery; each level's cell counts the properties run at that level where the paper's guarantee holds at
the paper's own rate, and names the outcome and measured rate of the others. Beside each row, Table 4's MMLU
accuracy (:data:`checks.training.PAPER`). The outcomes are stored in ``data/variant-ablations.json``
(``--json`` writes it): what the README's table is rendered from, rewritten only when an outcome changed.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import cast

from specproof.engine.io import provenance, write_atomic

# (the example's file, its key in checks.training.PAPER["table4_mmlu"], the row's label)
ABLATIONS = (
    ("paper_default.toml", "trsp", "TRSP (default)"),
    ("dense_full_sweep.toml", "dense-full-sweep", "dense full sweep"),
    ("no_dyadic.toml", "no-dyadic", "b_ℓ = T (w/o dyadic)"),
    ("box_kernel.toml", "box-kernel", "box kernel (w/o triangle)"),
    ("static_gate.toml", "static-gate", "static gate g = 0.5"),
)
LEVELS = {
    "skeleton": (
        "skeleton-connected",
        "layer-connected",
        "skeleton-mu2-floor",
        "skeleton-mu2-rate",
        "skeleton-gap-rate",
        "depth-contraction",
    ),
    "summed operator": ("operator-connected", "operator-mu2-rate", "operator-gap-rate", "safety-net", "rank-floor"),
    "network, fixed D": ("network-safety-net",),
    "network, full D": (
        "network-safety-net-full-depth",
        "network-connected",
        "network-escape",
        "network-rank",
    ),
    "real attention": ("real-safety-net", "real-mu2-lift", "real-rank"),
}
STORE = ("data", "variant-ablations.json")


def examples_dir() -> Path:
    from specproof.checks.battery.model import VariantError
    from specproof.engine.io import project_path

    directory = project_path("examples", "variants")
    if directory is None:
        raise VariantError("--ablations reads the shipped examples (examples/variants), not found in this installation")
    return directory


def outcome_text(result) -> str:
    """A property's outcome as the table reads it: 'holds' where the paper's guarantee holds at the paper's own rate;
    otherwise the outcome with the rate measured ('fails, rate 1/T^2'; 'holds, rate log T'; 'fails, T^-2.69' when no
    rate of the menu is within the allowance); 'n/a' where it does not apply."""
    from specproof.checks.battery.exponents import power

    text = result.label()
    reading = result.outcome.reading if result.outcome is not None else None
    if reading is None or (text == "holds" and reading.paper_ok):
        return text
    named = f"rate {reading.consistent[0]}" if reading.consistent else power(reading.exponent, reading.variable)
    return f"{text}, {named}"


def run() -> dict:
    """Every ablation through the battery: per variant, each property's outcome (:func:`outcome_text`)."""
    from specproof.checks.battery.loader import load_spec
    from specproof.checks.battery.results import check_variant
    from specproof.runs.train.harness import PAPER

    out = []
    for filename, key, label in ABLATIONS:
        variant = load_spec(examples_dir() / filename)
        report = check_variant(variant)
        out.append(
            {
                "variant": variant.name,
                "example": filename,
                "label": label,
                "mmlu": cast(dict, PAPER["table4_mmlu"])[key],
                "as_declared": report.as_declared,
                "outcomes": {r.prop.id: outcome_text(r) for r in report.results},
            }
        )
    return {"variants": out}


def cell(entry: dict, level: str) -> str:
    """'k/n' of the level's properties where the paper's guarantee holds at its rate, and the others' outcomes
    (a property that does not apply to the variant is not counted)."""
    ran = [pid for pid in LEVELS[level] if entry["outcomes"].get(pid, "n/a") != "n/a"]
    if not ran:
        return "—"
    off = [pid for pid in ran if entry["outcomes"][pid] != "holds"]
    text = f"{len(ran) - len(off)}/{len(ran)}"
    if off:
        text += " (" + "; ".join(f"{pid}: {entry['outcomes'][pid]}" for pid in off) + ")"
    return text


def markdown(results: dict) -> str:
    """The README's table: one row per ablation, one column per level, Table 4's MMLU beside."""
    head = ["variant", *LEVELS, "Table 4 MMLU (%)"]
    lines = ["| " + " | ".join(head) + " |", "| " + " | ".join("---" for _ in head) + " |"]
    for entry in sorted(results["variants"], key=lambda e: -e["mmlu"]):
        cells = [f"`{entry['example']}` {entry['label']}", *(cell(entry, level) for level in LEVELS)]
        lines.append("| " + " | ".join([*cells, f"{entry['mmlu']:.2f}"]) + " |")
    return "\n".join(lines) + "\n"


def stored(path: Path | None = None) -> dict | None:
    from specproof.engine.io import project_path

    path = path or project_path(*STORE)
    if path is None or not Path(path).is_file():
        return None
    return json.loads(Path(path).read_text(encoding="utf-8"))


def write(path: Path, results: dict) -> bool:
    """Write the results with provenance (atomically); an unchanged file (same outcomes) is left as it is, so the
    file is byte-stable when nothing changed. Returns whether it wrote."""
    if path.is_file():
        try:
            before = json.loads(path.read_text(encoding="utf-8"))
        except json.JSONDecodeError:
            before = None
        if before is not None and before.get("variants") == results["variants"]:
            return False
    body = {"provenance": provenance(command="specproof variant --ablations"), **results}
    write_atomic(path, json.dumps(body, indent=1, ensure_ascii=False, sort_keys=True) + "\n")
    return True


__all__ = ["ABLATIONS", "LEVELS", "cell", "markdown", "outcome_text", "run", "stored", "write"]
