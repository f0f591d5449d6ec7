"""`specproof graph`: redraw the claims' dependency graph (figures/claims-graph.png) from the registry."""

from __future__ import annotations

from specproof.render.graph import draw_graph


def cmd_graph(args) -> int:
    from pathlib import Path

    from specproof.engine.io import output_file, project_path
    from specproof.engine.registry import load_all
    from specproof.theory.validate import InputError

    given = args.output or project_path("figures", "claims-graph.png")
    if given is None:
        raise InputError("no project checkout here to hold figures/claims-graph.png; allowed: --output FILE")
    path = output_file(Path(given), "--output")
    draw_graph(load_all(), path)
    print(f"wrote {path}")
    return 0
