"""The `specproof` command line: verify, list, theorems (sweep, figures, variant join as they land)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from specproof.theory.validate import InputError


class UsageError(Exception):
    """A user mistake on the command line: reported in one line, exit 2."""


class _Parser(argparse.ArgumentParser):
    def error(self, message):  # one line on stderr, exit 2, no usage dump
        raise UsageError(message)


def _cmd_list(args) -> int:
    from specproof.checks.report import select

    for c in select(args.ids):
        print(f"{c.id}\t{c.expected.value}\t{c.title}")
    return 0


def _cmd_verify(args) -> int:
    from specproof.checks.registry import Context
    from specproof.checks.report import run, select, table, write_json

    claims = select(args.ids)
    ctx = Context(wide=args.wide, seed=args.seed)
    results = run(claims, ctx, progress=not args.no_progress and sys.stderr.isatty())
    print(table(results))
    if args.json:
        write_json(args.json, results, ctx)
        print(f"wrote {args.json}")
    bad = [r for r in results if not r.matches]
    for r in bad:
        why = r.error or f"computed {r.status.value}, expected {r.claim.expected.value}"
        print(f"specproof: {r.claim.id}: {why}", file=sys.stderr)
    return 1 if bad else 0


def _cmd_theorems(args) -> int:
    from specproof.checks.registry import Context
    from specproof.checks.io import write_atomic
    from specproof.checks.report import render_theorems, run, select

    results = run(select(), Context(), progress=sys.stderr.isatty())
    text = render_theorems(results)
    path = Path(args.output)
    if args.check:
        current = path.read_text(encoding="utf-8") if path.exists() else ""
        if current != text:
            print(f"specproof: {path} is stale; run `specproof theorems`", file=sys.stderr)
            return 1
        print(f"{path} is up to date")
        return 0
    write_atomic(path, text)
    print(f"wrote {path} ({len(results)} claims)")
    return 0


def build_parser() -> argparse.ArgumentParser:
    p = _Parser(prog="specproof", description="Verify the spectral claims of TRSP and SDEG, claim by claim.")
    sub = p.add_subparsers(dest="command", parser_class=_Parser, required=True)

    v = sub.add_parser("verify", help="run the checks of the given claims (all by default) and print the table")
    v.add_argument("ids", nargs="*", help="claim ids (default: every claim)")
    v.add_argument("--json", metavar="FILE", help="also write the JSON report to FILE")
    v.add_argument("--wide", action="store_true", help="run the widest ranges (slow)")
    v.add_argument("--seed", type=int, default=0, help="seed for randomised checks (default 0)")
    v.add_argument("--no-progress", action="store_true", help="no progress bar")
    v.set_defaults(func=_cmd_verify)

    ls = sub.add_parser("list", help="list claim ids with their expected verdicts")
    ls.add_argument("ids", nargs="*")
    ls.set_defaults(func=_cmd_list)

    t = sub.add_parser("theorems", help="write THEOREMS.md from the registry")
    t.add_argument("--output", default="THEOREMS.md", help="where to write (default THEOREMS.md)")
    t.add_argument("--check", action="store_true", help="exit 1 if the file is stale instead of writing it")
    t.set_defaults(func=_cmd_theorems)

    from specproof.checks import commands

    commands.register(sub)
    return p


def main(argv=None) -> int:
    try:
        args = build_parser().parse_args(argv)
        return args.func(args)
    except (UsageError, InputError) as exc:
        print(f"specproof: error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("specproof: interrupted; completed sweep points are kept and a rerun resumes", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
