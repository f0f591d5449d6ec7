"""`specproof variant FILE.py | --spec FILE.toml [--name N] [--json F] [--wide] [--record] [--properties]`, and
`specproof variant --ablations [--json F] [--output F]` (TRSP §5.2's table)."""

from __future__ import annotations

import json
from dataclasses import replace

from specproof.checks.battery.battery import PROPERTIES
from specproof.checks.battery.loader import load_spec, load_variants
from specproof.checks.battery.model import VariantError
from specproof.checks.battery.results import check_variant
from specproof.engine.io import output_file, provenance, write_atomic
from specproof.engine.tables import text_table

WIDE = {"t_operator": 512, "t_network": 2**14, "real_max": 512}  # --wide: every size at least this


def _print_properties() -> None:
    rows = []
    for p in PROPERTIES.values():
        needs = "+".join(sorted(p.needs)) + (f" ({p.when_text})" if p.when_text else "")
        rows.append(
            (p.id, needs, p.rate_text or p.rate or "-", p.source, p.says.format(rate="<rate>", floor="<mu2_floor>"))
        )
    print("\n".join(text_table(("property", "needs", "paper's rate", "source", "what it says"), rows, rule=False)))


def _variants(args) -> list:
    if bool(args.file) == bool(args.spec):
        raise VariantError("give one variant: `specproof variant FILE.py` or `specproof variant --spec FILE.toml`")
    variants = (
        [load_spec(args.spec or args.file)] if args.spec or args.file.endswith(".toml") else load_variants(args.file)
    )
    if not args.name:
        return variants
    chosen = [v for v in variants if v.name == args.name]
    if not chosen:
        raise VariantError(f"no variant named {args.name!r}; the file defines {', '.join(v.name for v in variants)}")
    return chosen


def _wide(variant):
    """The variant with every size raised to at least WIDE (t_max too, so the schedule is checked that far)."""
    sizes = {k: max(getattr(variant.sizes, k), v) for k, v in WIDE.items()}
    sizes["t_max"] = max(variant.sizes.t_max, sizes["t_operator"], sizes["real_max"])
    try:
        return replace(variant, sizes=replace(variant.sizes, **sizes))
    except VariantError as exc:
        raise VariantError(f"--wide: {exc}") from None


def _ablations(args, json_path) -> int:
    from specproof.checks.battery import ablations

    if args.file or args.spec or args.name or args.wide:
        raise VariantError("--ablations runs the shipped ablations; give no variant, --name or --wide with it")
    output = output_file(args.output, "--output") if args.output else None
    with _recording(args.record):
        results = ablations.run()
    table = ablations.markdown(results)
    print(table, end="")
    if output is not None:
        write_atomic(output, table)
        print(f"wrote {output}")
    if json_path is not None:
        print(f"{'wrote' if ablations.write(json_path, results) else 'unchanged'} {json_path}")
    return 0 if all(v["as_declared"] for v in results["variants"]) else 1


def _recording(on: bool):
    import contextlib

    from specproof.checks.battery import real_checks

    if not on:
        return contextlib.nullcontext()
    token = real_checks.RECORD.set(True)
    stack = contextlib.ExitStack()
    stack.callback(real_checks.RECORD.reset, token)
    return stack


def cmd_variant(args) -> int:
    if args.properties:
        _print_properties()
        return 0
    json_path = output_file(args.json, "--json") if args.json else None
    if args.ablations:
        return _ablations(args, json_path)
    if args.output:
        raise VariantError("--output writes the ablation table; use it with --ablations (or --json for a report)")
    variants = _variants(args)
    if args.wide:
        variants = [_wide(v) for v in variants]
    from specproof.engine.strategies import hypothesis_storage_outside_the_working_directory

    hypothesis_storage_outside_the_working_directory()
    try:
        with _recording(args.record):
            reports = [check_variant(v) for v in variants]
    except VariantError as exc:
        raise VariantError(f"{args.spec or args.file}: {exc}") from None
    print("\n\n".join(r.table() for r in reports))
    if json_path is not None:
        write_atomic(
            json_path,
            json.dumps({**provenance(), "variants": [r.to_json() for r in reports]}, indent=2, default=str) + "\n",
        )
        print(f"wrote {json_path}")
    return 0 if all(r.as_declared for r in reports) else 1
