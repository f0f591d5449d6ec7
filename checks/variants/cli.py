"""`specproof variant FILE.py | --spec FILE.toml [--name N] [--json F] [--properties]`."""

from __future__ import annotations

import json

from specproof.checks.io import output_file, provenance, write_atomic
from specproof.checks.tables import text_table
from specproof.checks.variants.battery import PROPERTIES
from specproof.checks.variants.loader import load_spec, load_variants
from specproof.checks.variants.model import VariantError
from specproof.checks.variants.results import check_variant


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


def cmd_variant(args) -> int:
    if args.properties:
        _print_properties()
        return 0
    json_path = output_file(args.json, "--json") if args.json else None
    variants = _variants(args)
    from specproof.checks.cli import hypothesis_storage_outside_the_working_directory

    hypothesis_storage_outside_the_working_directory()
    try:
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
