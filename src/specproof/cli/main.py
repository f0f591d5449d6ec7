"""The `specproof` command line: verify, list, theorems (sweep, figures, variant join as they land)."""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

from specproof.theory.errors import InputError


class UsageError(Exception):
    """A user mistake on the command line: reported in one line, exit 2."""


class _Parser(argparse.ArgumentParser):
    """One line on stderr, exit 2, no usage dump; no abbreviated options (``--wid`` is not ``--wide``)."""

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("allow_abbrev", False)
        super().__init__(*args, **kwargs)

    def error(self, message):
        raise UsageError(message)


def cmd_list(args) -> int:
    """Ids, expected verdicts and titles from the registry index: no claim module is imported."""
    from specproof.engine.index import load_index, select_ids

    index = load_index()
    for cid in select_ids(args.ids):
        e = index[cid]
        print(f"{cid}\t{e.expected.value}\t{e.title}")
    return 0


def cmd_verify(args) -> int:
    from specproof.engine.io import output_file
    from specproof.engine.registry import Context
    from specproof.engine.runner import Interrupted, run, select
    from specproof.render.report import table, write_json

    json_path = output_file(args.json, "--json") if args.json is not None else None  # before any work
    claims = select(args.ids)
    from specproof.engine.strategies import hypothesis_storage_outside_the_working_directory

    hypothesis_storage_outside_the_working_directory()
    ctx = Context(wide=args.wide, seed=args.seed)
    progress = "off" if args.no_progress else ("bar" if sys.stderr.isatty() else "lines")
    from specproof.engine.interrupt import interruptible

    try:
        with interruptible():
            results = run(claims, ctx, progress=progress)
    except Interrupted as stop:  # keep what was decided: a partial report that says so
        print(table(stop.results))
        print(f"interrupted: {len(stop.results)} of {len(claims)} claims decided; this report is partial")
        if json_path:
            write_json(json_path, stop.results, ctx, partial=True)
            print(f"wrote {json_path} (partial)")
        return 130
    print(table(results, repeat_summary=False))
    from specproof.render.report import summary_line
    from specproof.runs.audits import run_audits

    findings = run_audits(results)
    for line in ["", *audit_lines(findings)]:
        print(line)
    if json_path:
        write_json(json_path, results, ctx, audits=findings)
        print(f"wrote {json_path}")
    missing = [r for r in results if r.unavailable]
    if missing:
        print(
            f"{len(missing)} claim(s) not decided here, for a component this installation lacks (no verdict change): "
            + "; ".join(dict.fromkeys(str(r.unavailable) for r in missing))
        )
    print(f"\n{summary_line(results)}")  # the summary again, last
    bad = [r for r in results if not r.matches and not r.unavailable]
    for r in bad:
        why = r.error or f"computed {r.status.value}, expected {r.claim.expected.value}"
        print(f"specproof: {r.claim.id}: {why}", file=sys.stderr)
    return 1 if bad else 0


AUDIT_LEGEND = (
    "audits: 'flagged' marks a place for a referee to look (a fitted constant still moving, a record",
    "missing), not a problem found: it changes no verdict and fails no run; each finding is in --json",
)


def audit_lines(findings) -> list[str]:
    """One line per audit within 100 columns (how many read, how many flagged, the first flagged claims), and the
    legend that says what a flag means."""
    from specproof.runs.audits import AUDITS

    lines = []
    for name in AUDITS:
        mine = [f for f in findings if f.audit == name]
        if not mine:
            continue
        skipped = [f.text for f in mine if not f.claim and f.text.startswith("not run here")]
        if skipped:
            lines.append(f"audit {name}: {skipped[0]}"[:100])
            continue
        flagged = list(dict.fromkeys(f.claim for f in mine if f.flagged))
        line = f"audit {name}: {len(mine)} read, {len(flagged)} flagged"
        shown: list[str] = []
        for cid in flagged:
            if len(line) + len(", ".join([*shown, cid])) + 12 > 100:
                break
            shown.append(cid)
        if shown:
            line += (
                ": "
                + ", ".join(shown)
                + (f", … ({len(flagged) - len(shown)} more)" if len(shown) < len(flagged) else "")
            )
        lines.append(line)
    if lines:
        lines += AUDIT_LEGEND
    return lines


def _theorems_path(given: str | None) -> Path:
    from specproof.engine.io import project_path

    if given is not None:
        return Path(given)
    path = project_path("THEOREMS.md")
    if path is None:
        raise InputError(
            "no project checkout here to hold THEOREMS.md (specproof is not installed from its "
            "checkout); allowed: --output FILE"
        )
    return path


def _differing(current: str, computed: str) -> str:
    """Which claims' sections differ, with the first differing line of the first one."""
    from specproof.render.report import split_sections

    old, new = split_sections(current), split_sections(computed)
    ids = [i for i in new if old.get(i) != new[i]] + [i for i in old if i not in new]
    if not ids:
        return "the parts outside the claim sections"
    first = ids[0]
    pairs = zip((old.get(first) or "").splitlines(), new.get(first, "").splitlines())
    line = next((f"; first difference in {first}: {a[:160]!r} vs {b[:160]!r}" for a, b in pairs if a != b), "")
    return f"{len(ids)} claim(s) ({', '.join(ids[:6])}{', …' if len(ids) > 6 else ''}){line}"


def cmd_theorems(args) -> int:
    from specproof.engine.io import output_file, write_atomic
    from specproof.engine.registry import Context
    from specproof.engine.runner import Interrupted, run, select
    from specproof.render.report import render_theorems

    path = _theorems_path(args.output)
    if args.check:
        if not path.is_file():
            raise InputError(f"--check: {path} is not a file; allowed: an existing THEOREMS.md")
    else:
        path = output_file(path, "--output")  # before the minute of work, not after
    from specproof.engine.strategies import hypothesis_storage_outside_the_working_directory

    hypothesis_storage_outside_the_working_directory()
    from specproof.engine.interrupt import interruptible
    from specproof.render.report import table

    kept = _kept_sections(path, args.ids) if args.ids else {}
    claims = select(args.ids or None)
    try:
        with interruptible():
            results = run(claims, Context(), progress="bar" if sys.stderr.isatty() else "off")
    except Interrupted as stop:  # like verify: the claims decided so far, said to be partial; the catalogue untouched
        print(table(stop.results))
        print(
            f"interrupted: {len(stop.results)} of {len(claims)} claims decided; this report is partial, and {path} "
            f"was not {'checked' if args.check else 'written'} (a catalogue is written only whole)"
        )
        return 130
    missing = [r for r in results if r.unavailable]
    if missing:  # a catalogue computed without them would record 'open' where the claims are decided
        print(
            f"specproof: {len(missing)} claim(s) cannot be decided in this installation, so the catalogue is not "
            f"written: {'; '.join(dict.fromkeys(str(r.unavailable) for r in missing))}; allowed: an installation with "
            "every component (pip install -e '.[all]', Coq from the system packages)",
            file=sys.stderr,
        )
        return 2
    text = render_theorems(results, kept)
    if args.check:
        current = path.read_text(encoding="utf-8")
        if current != text:
            print(
                f"specproof: {path} differs from the catalogue computed here in {_differing(current, text)}; if the "
                "checks or claims changed, run `specproof theorems`; if only the machine did, a rendered number "
                "is machine-dependent (a bug: do not commit this machine's digits)",
                file=sys.stderr,
            )
            return 1
        print(f"{path} is up to date")
        return 0
    write_atomic(path, text)
    print(f"wrote {path} ({len(results)} claims" + (f" recomputed, {len(kept)} kept)" if kept else ")"))
    return 0


def _kept_sections(path, ids) -> dict[str, str]:
    """The sections of the claims not named, from the current file; checked before any work."""
    from specproof.engine.index import load_index, resolve
    from specproof.render.report import split_sections

    if not path.is_file():
        raise InputError(f"{path} is not a file; allowed: naming claims only to update an existing THEOREMS.md")
    named = set(resolve(ids))
    kept = {cid: text for cid, text in split_sections(path.read_text(encoding="utf-8")).items() if cid not in named}
    missing = [cid for cid in load_index() if cid not in kept and cid not in named]
    if missing:
        raise InputError(
            f"{path} lacks {len(missing)} registered claim(s) not named here ({', '.join(missing[:4])}"
            f"{', …' if len(missing) > 4 else ''}); allowed: name them too, or run `specproof theorems` without ids"
        )
    return kept


def cmd_index(args) -> int:
    from specproof.engine.index import INDEX_FILE, build_index, render_index
    from specproof.engine.io import project_path, write_atomic

    path = project_path("src", "specproof", "checks", "claims", INDEX_FILE)
    if path is None:
        raise InputError("no project checkout here to hold the registry index; the index is part of the package")
    text = render_index(build_index())
    if args.check:
        if not path.is_file() or path.read_text(encoding="utf-8") != text:
            print(f"specproof: {path} is stale; run `specproof index`", file=sys.stderr)
            return 1
        print(f"{path} is up to date")
        return 0
    write_atomic(path, text)
    print(f"wrote {path}")
    return 0


def build_parser() -> argparse.ArgumentParser:
    """The whole parser, from the static table of :mod:`specproof.cli.commands` (no command module imported)."""
    from specproof import __version__
    from specproof.cli import commands

    p = _Parser(prog="specproof", description="Verify the spectral claims of TRSP and SDEG, claim by claim.")
    p.add_argument("--version", action="version", version=f"specproof {__version__}")
    sub = p.add_subparsers(dest="command", parser_class=_Parser, required=True)
    commands.register(sub)
    return p


def _quiet_stdout() -> None:
    """Point stdout at /dev/null, so what is still buffered goes nowhere and the interpreter's own flush at exit does
    not fail again (and print a traceback)."""
    import os

    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):  # stdout is not a file (a test's capture)
        pass


def main(argv=None) -> int:
    """Run one command; its exit status. Output into a pipe closed early (``specproof list | head -1``) ends it
    quietly, as a command line tool killed by SIGPIPE: exit 141, no BrokenPipeError traceback. Output that cannot be
    written (a full disk, ``> /dev/full``) ends in one line on stderr, exit 1."""
    try:
        try:
            return _main(argv)
        finally:
            sys.stdout.flush()  # a closed pipe or a full disk is found here, not in the interpreter's exit
    except BrokenPipeError:
        _quiet_stdout()
        return 141
    except OSError as exc:  # ENOSPC, EIO, ...: stdout itself failed
        _quiet_stdout()
        print(
            f"specproof: error: cannot write the output ({exc.strerror or exc}); nothing more was written",
            file=sys.stderr,
        )
        return 1


_LONG = re.compile(r"\S{121,}")


def shorten(message: str) -> str:
    """A message with every run of more than 120 non-blank characters cut (user input is never echoed whole)."""
    return _LONG.sub(lambda m: f"{m.group()[:100]}… ({len(m.group())} characters)", message)


def _terminated(signum, frame):
    """SIGTERM ends a run as Ctrl-C does (what was decided is printed, stores stay whole): it is passed on as SIGINT,
    so a run inside :func:`engine.interrupt.interruptible` stops at its next safe point."""
    import signal

    handler = signal.getsignal(signal.SIGINT)
    if callable(handler):  # Python's own (KeyboardInterrupt) or a run's safe-point handler
        handler(signal.SIGINT, frame)
    else:  # SIGINT ignored (a background job started with `&`) or not Python's: end the run as Ctrl-C would
        raise KeyboardInterrupt


def _main(argv=None) -> int:
    import signal

    try:
        previous = signal.signal(signal.SIGTERM, _terminated)
    except ValueError:  # not the main thread: the default SIGTERM stays
        previous = None
    try:
        args = build_parser().parse_args(argv)
        from specproof.cli import commands
        from specproof.engine.io import check_cache_env

        check_cache_env()  # every command alike, before any work

        return commands.run(args)
    except (UsageError, InputError) as exc:
        print(f"specproof: error: {shorten(str(exc))}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(
            "specproof: interrupted; what was written is complete (atomic writes), and a sweep rerun resumes",
            file=sys.stderr,
        )
        return 130
    finally:
        if previous is not None:
            signal.signal(signal.SIGTERM, previous)


if __name__ == "__main__":
    sys.exit(main())
