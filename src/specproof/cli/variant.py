"""`specproof variant A [B ...] [--name N] [--json F] [--wide] [--record] [--no-paper] [--time-limit S]`: each A a
Python file binding Variant objects, a TOML spec or a built-in variant's name (paper-default, static-gate, ...),
checked side by side with the paper's variant; `specproof variant --properties`; `specproof variant --ablations
[--json F] [--output F]` (TRSP §5.2's table).

Every variant is loaded and validated before any property runs; each property is a progress line on stderr as it
is decided; Ctrl-C prints the table of what was decided (exit 130)."""

from __future__ import annotations

import json
import sys
from dataclasses import replace

from specproof.checks.battery.battery import PROPERTIES
from specproof.checks.battery.loader import distinct_names, load_path
from specproof.checks.battery.model import Variant, VariantError
from specproof.checks.battery.results import VariantReport
from specproof.engine.io import output_file, provenance, write_atomic
from specproof.engine.tables import text_table

WIDE = {"t_operator": 512, "t_network": 2**14, "real_max": 512}  # --wide: every size at least this
PAPER = "paper-default"


def _print_properties() -> None:
    rows = []
    for p in PROPERTIES.values():
        needs = "+".join(sorted(p.needs)) + (f" ({p.when_text})" if p.when_text else "")
        guarantee = (f"{'>=' if p.guarantee == 'lower' else '<='} " + (p.rate_text or str(p.rate))) if p.rate else "-"
        rows.append((p.id, needs, guarantee, p.source, p.says.format(rate="<rate>", floor="<mu2_floor>")))
    print("\n".join(text_table(("property", "needs", "guarantee", "source", "what it asserts"), rows, rule=False)))


def _builtin() -> dict[str, Variant]:
    from specproof.checks.battery.paper import paper_variants

    return {v.name: v for v in paper_variants()}


def _load(given: str) -> list[Variant]:
    """A file (.py or .toml), or a built-in variant's name when no such path exists."""
    from pathlib import Path

    if not Path(given).suffix and not Path(given).exists():
        builtin = _builtin()
        if given in builtin:
            return [builtin[given]]
        raise VariantError(
            f"{given[:80]!r} is neither a file nor a built-in variant; allowed: a .py or .toml file, or one of "
            + ", ".join(builtin)
        )
    return load_path(given)


def _variants(args) -> list[Variant]:
    given = [*(args.files or ()), *(args.spec or ())]
    if not given:
        raise VariantError(
            "give a variant: `specproof variant FILE.py|FILE.toml|NAME ...` (a built-in name such as paper-default)"
        )
    variants = [v for path in given for v in _load(path)]
    if args.name:
        chosen = [v for v in variants if v.name == args.name]
        if not chosen:
            names = ", ".join(v.name for v in variants)
            raise VariantError(f"no variant named {args.name[:80]!r}; the files define {names}")
        variants = chosen
    distinct_names(variants)
    return variants


def _wide(variant: Variant) -> Variant:
    """The variant with every size raised to at least WIDE (t_max too, so the schedule is checked that far)."""
    sizes = {k: max(getattr(variant.sizes, k), v) for k, v in WIDE.items()}
    sizes["t_max"] = max(variant.sizes.t_max, sizes["t_operator"], sizes["real_max"])
    try:
        return replace(variant, sizes=replace(variant.sizes, **sizes))
    except VariantError as exc:
        raise VariantError(f"--wide: {exc}") from None


def _paper_for(variants: list[Variant]) -> Variant | None:
    """The paper's variant for the comparison column: at the variants' sizes when they share them (and the paper
    accepts them), else at its own; None when it is among the variants already."""
    if any(v.name == PAPER for v in variants):
        return None
    paper = _builtin()[PAPER]
    sizes = {v.sizes for v in variants}
    if len(sizes) == 1:
        try:
            return replace(paper, sizes=sizes.pop())
        except VariantError:
            pass
    return paper


def _ablations(args, json_path) -> int:
    from specproof.checks.battery import ablations

    if args.files or args.spec or args.name or args.wide:
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


def _progress(name: str, quiet: bool):
    """The stderr line of each decided property (as verify's): which variant and property, outcome, seconds."""
    import time

    start = time.perf_counter()

    def line(k: int, n: int, result) -> None:
        if quiet:
            return
        measured = result.measured()
        print(
            f"[{k}/{n}] {name}: {result.prop.id}: {result.kind}{f' {measured}' if measured else ''}"
            f" ({result.seconds:.1f} s; {time.perf_counter() - start:.0f} s so far)",
            file=sys.stderr,
            flush=True,
        )

    return line


def _run(variants: list[Variant], paper: Variant | None, args) -> tuple[list[VariantReport], VariantReport | None]:
    """Each variant's report, then the paper's on the properties they ran; raises Interrupted with what was done."""
    from specproof.checks.battery.results import Interrupted, check_variant

    reports: list[VariantReport] = []
    try:
        for v in variants:
            reports.append(check_variant(v, time_limit=args.time_limit, on_result=_progress(v.name, args.no_progress)))
        paper_report: VariantReport | None = None
        if paper is not None:
            ran = {r.prop.id for report in reports for r in report.results}
            paper_report = check_variant(
                paper,
                time_limit=args.time_limit,
                on_result=_progress(f"{paper.name} (paper)", args.no_progress),
                only=ran,
            )
    except Interrupted as stop:
        stop.done = [*reports, stop.report]  # type: ignore[attr-defined]
        raise
    return reports, paper_report


def _write_json(json_path, reports: list, paper_report, partial: bool = False) -> None:
    body = {
        **provenance(),
        "partial": partial,
        "variants": [r.to_json() for r in reports],
        "paper": None if paper_report is None else paper_report.to_json(),
    }
    write_atomic(json_path, json.dumps(body, indent=2, default=str) + "\n")
    print(f"wrote {json_path}{' (partial)' if partial else ''}")


def _check(args, json_path) -> int:
    from specproof.checks.battery.battery import validate_variant
    from specproof.checks.battery.results import Interrupted, side_by_side
    from specproof.engine.interrupt import interruptible
    from specproof.engine.strategies import hypothesis_storage_outside_the_working_directory

    variants = _variants(args)
    if args.wide:
        variants = [_wide(v) for v in variants]
    paper = None if args.no_paper else _paper_for(variants)
    for v in variants:  # every component evaluated at every size before any property runs
        validate_variant(v)
    hypothesis_storage_outside_the_working_directory()
    try:
        with interruptible(), _recording(args.record):
            reports, paper_report = _run(variants, paper, args)
    except Interrupted as stop:
        done = stop.done  # type: ignore[attr-defined]
        users = [r for r in done if r.variant is not paper]
        print(side_by_side(users or done))
        print(f"interrupted: {sum(len(r.results) for r in done)} properties decided; this report is partial")
        if json_path is not None:
            _write_json(json_path, users, None, partial=True)
        return 130
    print(side_by_side(reports, paper=paper_report))
    if json_path is not None:
        _write_json(json_path, reports, paper_report)
    return 0 if all(r.as_declared for r in reports) else 1


def cmd_variant(args) -> int:
    if args.properties:
        _print_properties()
        return 0
    json_path = output_file(args.json, "--json") if args.json else None
    if args.ablations:
        return _ablations(args, json_path)
    if args.output:
        raise VariantError("--output writes the ablation table; use it with --ablations (or --json for a report)")
    return _check(args, json_path)
