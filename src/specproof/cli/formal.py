"""`specproof coq-pins`: each hooked Coq theorem's pinned statement and the definitions it uses, as coqc prints."""

from __future__ import annotations

from specproof.engine.formal import (
    INSTALL_HINT,
    claim_hooks,
    coq_build,
    coqc_path,
    module_answers,
    normalised,
    used_definitions,
)


def cmd_coq_pins(args) -> int:
    """`specproof coq-pins [IDS]`: every hook's pinned statement against what coqc prints now, and the definitions
    the statements use against their pins; prints the CoqHook lines to paste where a statement changed. Exit 1 when
    anything differs (after a deliberate change of a proof, review each line before pasting it)."""
    from specproof.engine.formal_pins import DEFINITIONS
    from specproof.engine.runner import select
    from specproof.theory.errors import InputError

    claims = [c for c in select(args.ids) if claim_hooks(c)]
    if coqc_path() is None:
        raise InputError(f"Coq is not installed (no coqc on PATH); {INSTALL_HINT}")
    build = coq_build()
    if build is None or not build.ok:
        raise InputError(
            "the proofs do not compile: " + ("no proofs/ folder" if build is None else build.log.splitlines()[0])
        )
    differs, used = 0, {}
    for c in claims:
        for hook in claim_hooks(c):
            got = module_answers(build, hook.module).get("theorems", {}).get(hook.theorem)
            if got is None:
                print(f"MISSING  {c.id}: {hook.source} has no theorem {hook.theorem}")
                differs += 1
                continue
            used |= used_definitions(build, got["statement"], hook.module)
            if got["statement"] == hook.statement:
                print(f"ok       {c.id}: {hook.theorem}")
                continue
            differs += 1
            text = got["statement"].replace("\\", "\\\\").replace('"', '\\"')
            print(
                f'DIFFERS  {c.id}: {hook.theorem} now states:\n  CoqHook({hook.theorem!r}, {hook.module!r}, "{text}")'
            )
    for name, body in sorted(used.items()):
        if normalised(DEFINITIONS.get(name, "")) != body:
            differs += 1
            print(
                f"DEFINITION {name} {'is not pinned' if name not in DEFINITIONS else 'differs'}: now\n  {name!r}:"
                f" {body!r},"
            )
    print(f"{differs} difference(s)")
    return 1 if differs else 0
