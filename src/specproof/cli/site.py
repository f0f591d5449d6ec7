"""`specproof site`: the catalogue as a static site, from a `verify --json` report or computed now."""

from __future__ import annotations

import sys
import time

from specproof.engine.io import project_path
from specproof.render.site import build_site, check_outdir, load_report, results_from_report
from specproof.theory.validate import InputError


def cmd_site(args) -> int:
    from specproof.engine.registry import Context
    from specproof.engine.runner import Interrupted, run, select

    given = args.outdir if args.outdir is not None else project_path("site")
    if given is None:
        raise InputError("no project checkout here to hold site/; allowed: --outdir DIR")
    claims = select(args.ids)  # before any work: unknown ids, then the paths
    outdir = check_outdir(given)
    from specproof.engine.strategies import hypothesis_storage_outside_the_working_directory

    hypothesis_storage_outside_the_working_directory()
    import latex2mathml.converter  # noqa: F401  (a missing dependency fails here, before the checks run)

    meta, reused = {}, {}
    if args.report is not None:
        data = load_report(args.report)
        try:
            reused = results_from_report(data)
        except (TypeError, ValueError, KeyError, AttributeError) as exc:
            raise InputError(
                f"--report {args.report!r} has a malformed claim entry ({exc}); allowed: a report "
                "written by `specproof verify --json FILE`"
            ) from None
        meta = {"specproof": data.get("specproof"), "wide": data.get("wide", False), "seed": data.get("seed", 0)}
    ctx = Context(wide=bool(meta.get("wide", False)), seed=int(meta.get("seed", 0)))
    if not meta:
        from specproof import __version__

        meta = {"specproof": __version__, "wide": False, "seed": 0}
    missing = [c for c in claims if c.id not in reused]
    t0 = time.perf_counter()
    if missing:
        hint = "" if args.report else " (reuse a report instead: specproof verify --json R; specproof site --report R)"
        print(f"computing {len(missing)} claim(s){' the report lacks' if args.report else ''}{hint}", file=sys.stderr)
        try:
            computed = {r.claim.id: r for r in run(missing, ctx, progress=not args.no_progress and sys.stderr.isatty())}
        except Interrupted:
            print("specproof: interrupted before the site was written; nothing was changed", file=sys.stderr)
            return 130
    else:
        computed = {}
    checks_s = time.perf_counter() - t0
    results = [reused.get(c.id) or computed[c.id] for c in claims]
    stats = build_site(results, outdir, meta)
    print(
        f"wrote {outdir / 'index.html'} ({stats['claims']} claims, {stats['files']} files; "
        f"{len(claims) - len(missing)} from the report, {len(missing)} computed in {checks_s:.1f} s; "
        f"site built in {stats['seconds']:.2f} s)"
    )
    return 0
