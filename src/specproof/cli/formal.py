"""`specproof coq-pins`: the pins of the hooked Coq theorems against what Coq has for them now."""

from __future__ import annotations

from specproof.engine.formal import INSTALL_HINT, claim_hooks, coq_build, coqc_path, make_pins


def cmd_coq_pins(args) -> int:
    """`specproof coq-pins [IDS] [--write]`: every pinned object the hooked theorems reach (by fully qualified name:
    kind, printed text, references, kernel-term digest) against what Coq has for it now; with ``--write`` the pins
    file is rewritten from the current proofs (after a deliberate change of a proof: review the diff). Exit 1 when
    anything differs and nothing was written."""
    from specproof.engine import formal_pins
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
    theorems = sorted({h.qualified for c in claims for h in claim_hooks(c)})
    now = make_pins(build, theorems)
    old = formal_pins.PINS
    differs = 0
    for fqn in sorted(set(now) | {n for n in old if not args.ids}):
        if fqn not in now:
            differs += 1
            print(f"STALE    {fqn}: pinned, but no hooked theorem reaches it")
        elif fqn not in old:
            differs += 1
            print(f"NEW      {fqn} ({now[fqn]['kind']}): {now[fqn]['printed'][:200]}")
        elif now[fqn] != old[fqn]:
            differs += 1
            fields = ", ".join(k for k in sorted(set(now[fqn]) | set(old[fqn])) if now[fqn].get(k) != old[fqn].get(k))
            print(f"DIFFERS  {fqn} ({fields}): now {now[fqn]['printed'][:200]}")
    for c in claims:
        for hook in claim_hooks(c):
            if now.get(hook.qualified, {}).get("printed") != hook.statement:
                differs += 1
                print(f"HOOK     {c.id}: {hook.theorem} now states `{now.get(hook.qualified, {}).get('printed')}`")
    if getattr(args, "write", False) and differs:
        merged = ({} if not args.ids else dict(old)) | now
        formal_pins.PINS_FILE.write_text(formal_pins.pins_text(merged), encoding="utf-8")
        print(f"{differs} difference(s); wrote {formal_pins.PINS_FILE.name}")
        return 0
    print(f"{differs} difference(s)")
    return 1 if differs else 0
