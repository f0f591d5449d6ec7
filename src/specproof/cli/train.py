"""`specproof train`: train small decoders with and without TRSP's side path, measure them at 1×–8× the training length,
print the seed spreads beside the paper's numbers, and write rows, JSON and figures where asked."""

from __future__ import annotations

import json
import sys
import time
from dataclasses import dataclass

from specproof.theory.errors import InputError

CPU_FLOPS = 1e10  # what a CPU core sustains on these small matmuls (measured here: 5–15 GFLOP/s)
CPU_LIMIT_HOURS = 24.0


def estimated_flops(config, runs: int) -> float:
    """Training FLOPs of ``runs`` models: 6 × parameters × tokens for the weights, plus the attention maps
    (forward and backward, 3 × 2·T²·d per layer and sequence)."""
    d, L, T = config.d_model, config.n_layers, config.train_length
    params = L * (4 * d * d + 3 * d * int(round(config.mlp_ratio * d))) + 2 * 256 * d
    tokens = config.steps * config.batch * T
    attention = 3 * 2 * 2 * T * T * d * L * config.steps * config.batch
    return runs * (6 * params * tokens + attention)


def _seeds(text: str | None, default) -> list[int]:
    from specproof.engine.options import seed_value

    if text is None:
        return list(default)
    try:
        seeds = [seed_value(x) for x in text.split(",") if x.strip()]
    except Exception as exc:  # argparse's ArgumentTypeError: one line
        raise InputError(f"--seeds {text!r}: {exc}") from None
    if not seeds or len(set(seeds)) != len(seeds):
        raise InputError(f"--seeds {text!r}: allowed: distinct seeds 0 <= seed < 2^32, comma-separated")
    return seeds


def cmd_train(args) -> int:
    """`specproof train`: the byte-level run (``--config``), or a synthetic task's (``--task``)."""
    if getattr(args, "task", None):
        return cmd_train_task(args)
    return _train_text(args)


def _train_text(args) -> int:
    """The byte-level run: every input and output checked before any work, then the rows trained (or read from the
    project's committed ones), the table and the comparison against base, the JSON and the figures where asked."""
    from pathlib import Path

    from specproof.engine.io import output_dir, output_file
    from specproof.runs.train import harness as tr

    json_path = output_file(args.json, "--json") if args.json is not None else None
    figures_dir = output_dir(args.figures, "--figures") if args.figures is not None else None
    config = _text_config(args)
    seeds = _seeds(args.seeds, config.seeds)
    variants = tr.resolve_variants(_text_variant_names(args), loaded_side_paths(args.spec or (), args.variant or ()))
    device = tr.resolve_device(args.device)
    if device.type == "cpu":
        _check_cpu_budget(config, len(variants) * len(seeds))
    corpus = tr.load_corpus(args.text)
    tr.check_corpus(corpus, config)
    store = _text_store(args, config)
    checkpoints = _text_checkpoints(args)
    threads = _threads(args, device)

    setting = tr.Setting(
        config, corpus, variants, device, checkpoints, progress=not args.no_progress and sys.stderr.isatty()
    )
    done = _train_text_rows(setting, seeds, store, threads, retrain=args.retrain)
    rows = tr.committed_run(done.rows, config.name)
    if rows is None:  # every variant and seed was trained or read above, under this config's name
        raise RuntimeError(f"config {config.name}: the run left no rows")
    print(
        f"config {config.name} ({config.d_model}-wide, {config.n_layers} layers × {config.n_heads} heads, trained at "
        f"{config.train_length} for {config.steps} steps of {config.batch}), {len(variants)} variants × {len(seeds)} "
        f"seeds on {device}: {done.computed} rows computed, {done.reused} reused in {done.seconds} s "
        f"(load {done.load} → {tr.load_average()})"
    )
    print(tr.summary_table(rows, config.ratios))
    print("\n".join(text_comparison(rows, config)))
    if store is not None:
        print(f"rows: {store.path(tr.STORE_NAME)}; checkpoints: {checkpoints or 'none'}")
    if json_path:
        _write_text_json(json_path, setting, seeds, done, threads)
    if figures_dir:
        from specproof.render.figures.trained import write_figures

        for path in write_figures(rows, Path(figures_dir)):
            print(f"wrote {path}")
    return 0


def _text_config(args):
    """``--config``, with ``--steps`` shortening it (checkpoints and log no sparser than the run)."""
    from dataclasses import replace

    from specproof.runs.train import harness as tr

    if args.config not in tr.CONFIGS:
        raise InputError(f"--config {args.config!r}; allowed: {', '.join(tr.CONFIGS)}")
    config = tr.CONFIGS[args.config]
    if args.steps is None:
        return config
    return replace(
        config,
        steps=args.steps,
        checkpoint_every=min(config.checkpoint_every, args.steps),
        log_every=min(config.log_every, args.steps),
    )


def _text_variant_names(args) -> list[str]:
    """``--variants``; by default every built-in variant, or base and TRSP beside a side path of the user's (as in
    ``--task``)."""
    from specproof.runs.train import harness as tr

    names = [n for n in (args.variants.split(",") if args.variants else ()) if n.strip()]
    if names:
        return names
    return list(tr.DEFAULT_VARIANTS) if not args.spec and not args.variant else ["base", "trsp"]


def _check_cpu_budget(config, runs: int) -> None:
    """Refuses a byte-level run that would train for more than :data:`CPU_LIMIT_HOURS` on a CPU."""
    hours = estimated_flops(config, runs) / CPU_FLOPS / 3600
    if hours > CPU_LIMIT_HOURS:
        raise InputError(
            f"--config {config.name}: about {hours:.0f} hours of training on this CPU (estimated "
            f"{estimated_flops(config, runs):.2g} FLOPs at ~{CPU_FLOPS:.0e}/s); "
            f"allowed: --device cuda, or a configuration within {CPU_LIMIT_HOURS:.0f} hours (fewer "
            "--steps, --seeds or variants)"
        )


def _text_store(args, config):
    """Where the byte-level rows go: ``--store DIR``, the project's ``data/`` for the default run on the default
    text, else the cache's store; none with ``--no-store`` or without a cache."""
    from specproof.engine.formal import cache_dir
    from specproof.engine.io import output_dir, project_path
    from specproof.runs.sweeps.table import Store

    if args.store is not None and args.no_store:
        raise InputError("--store and --no-store exclude each other; allowed: one of them")
    if args.no_store:
        return None
    if args.store is not None:
        return Store(output_dir(args.store, "--store"))
    if config.name == "default" and not args.text and args.steps is None and (data := project_path("data")) is not None:
        return Store(output_dir(data, "the project's store"))
    if (cache := cache_dir()) is not None:
        return Store(output_dir(cache / "trained", "the cache's store"))
    return None


def _text_checkpoints(args):
    """``--checkpoints DIR``, else the cache's; without either, one line on stderr says that nothing resumes."""
    from specproof.engine.io import output_dir

    if args.checkpoints is not None:
        return output_dir(args.checkpoints, "--checkpoints")
    checkpoints = _cache_checkpoints()
    if checkpoints is None:
        print(
            "specproof: no checkpoints (SPECPROOF_NO_CACHE is set and no --checkpoints DIR): an interrupted "
            "training restarts from step 0",
            file=sys.stderr,
        )
    return checkpoints


def _cache_checkpoints():
    """The cache's checkpoint directory (None without a cache)."""
    from specproof.engine.formal import cache_dir
    from specproof.engine.io import output_dir

    cache = cache_dir()
    return None if cache is None else output_dir(cache / "checkpoints", "the cache's checkpoint directory")


def _threads(args, device) -> int | None:
    """``--threads``; by default one on a CPU (reproducible), the library's choice on an accelerator."""
    return args.threads if args.threads is not None else (1 if device.type == "cpu" else None)


@dataclass
class _TextRows:
    """What a byte-level run produced: the rows trained and those read, and how long it took under what load."""

    rows: list[dict]
    computed: int
    reused: int
    seconds: float
    load: list[float]


def _train_text_rows(setting, seeds, store, threads, retrain: bool) -> _TextRows:
    """Trains the variants and seeds that the project's committed rows do not already hold (all with ``retrain``)."""
    from specproof.runs.real.models import threads as thread_limit
    from specproof.runs.train import harness as tr

    variants = setting.variants
    known = [] if retrain else committed_text_rows(setting, seeds, store)
    if known:
        print(
            f"{', '.join(sorted({r['params']['variant'] for r in known}))} seeds "
            f"{sorted({r['params']['seed'] for r in known})}: read from the committed rows "
            f"(data/{tr.STORE_NAME}.jsonl, the same config and fingerprint), not trained again (--retrain to train "
            "them)"
        )
        setting.variants = {k: v for k, v in variants.items() if not any(r["params"]["variant"] == k for r in known)}
    t0 = time.perf_counter()
    load = tr.load_average()
    with thread_limit(threads):
        result = tr.run(setting, seeds=seeds, store=store) if setting.variants else None
    setting.variants = variants
    seconds = round(time.perf_counter() - t0, 1)
    if result is None:
        return _TextRows(known, 0, len(known), seconds, load)
    return _TextRows([*result.rows, *known], result.computed, result.reused + len(known), seconds, load)


def _write_text_json(json_path, setting, seeds, done: _TextRows, threads) -> None:
    """``--json``: the run's configuration, variants, corpus and rows, the paper's numbers and the provenance."""
    from specproof.engine.io import provenance, write_atomic
    from specproof.engine.methods import jsonable
    from specproof.runs.train import harness as tr

    config = setting.config
    out = {
        "config": config.identity(),
        "seeds": seeds,
        "variants": {n: tr.describe(v) for n, v in setting.variants.items()},
        "corpus": setting.corpus.label,
        "rows": done.rows,
        "paper": tr.PAPER,
        "spread": tr.SPREAD_RULE,
        "provenance": provenance(device=str(setting.device), dtype=config.dtype, threads=threads, seconds=done.seconds),
    }
    write_atomic(json_path, json.dumps(jsonable(out), indent=1, ensure_ascii=False) + "\n")
    print(f"wrote {json_path}")


def committed_text_rows(setting, seeds, store) -> list[dict]:
    """The project's committed byte-level rows of base and TRSP for this setting (same fingerprint and side path, a
    seed asked for) when a run of the user's side path does not write to the project's store itself: read, not
    trained again (deterministic per seed)."""
    from pathlib import Path

    from specproof.runs.sweeps.store import project_store
    from specproof.runs.train import harness as tr

    project = project_store()
    mine = getattr(store, "directory", None)
    if project is None or (mine is not None and Path(mine).resolve() == Path(project).resolve()):
        return []
    if set(setting.variants) <= {"base", "trsp"}:
        return []
    sides = {n: tr.describe(setting.variants[n]) for n in ("base", "trsp") if n in setting.variants}
    return [
        r
        for r in tr.stored_rows(project)
        if r["params"].get("config") == setting.config.name
        and r["params"].get("fingerprint") == setting.fingerprint
        and sides.get(r["params"].get("variant")) == r["params"].get("side")
        and r["params"].get("seed") in seeds
    ]


def text_comparison(run_rows, config) -> list[str]:
    """The byte-level run's variants against base on the retrieval probe, by the rules of runs/train/statistics.py."""
    from specproof.runs.train.statistics import comparison_report, scale_text

    if run_rows is None:
        return []
    acc = {
        name: {
            s: {r: (slots[r]["retrieval"]["accuracy"], slots[r]["retrieval"]["trials"]) for r in config.ratios}
            for s, slots in seeds.items()
            if all(r in slots for r in config.ratios)
        }
        for name, seeds in run_rows["variants"].items()
    }
    scale = scale_text("byte-level retrieval probe", config.n_layers, config.d_model, config.train_length)
    return ["retrieval probe against base:"] + comparison_report(acc, list(config.ratios), scale, at=max(config.ratios))


def cmd_train_task(args) -> int:
    """`specproof train --task NAME`: base and TRSP (and the user's side paths) on a synthetic task, the same seeds
    and budget; the table with the paired rule's intervals."""
    from pathlib import Path

    from specproof.runs.real.models import threads as thread_limit
    from specproof.runs.train import harness as tr
    from specproof.runs.train import task_run as trn

    config = trn.CONFIGS[args.task]
    seeds = _seeds(args.seeds, config.seeds)
    names = [n for n in (args.variants.split(",") if args.variants else ()) if n.strip()] or list(config.variants)
    variants = tr.resolve_variants(names, loaded_side_paths(args.spec or (), args.variant or ()))
    device = tr.resolve_device(args.device)
    store = _task_store(args, config, variants)
    checkpoints = _task_checkpoints(args)
    threads = _threads(args, device)
    known = [] if getattr(args, "retrain", False) else committed_task_rows(config, variants, seeds, store)
    if known:
        print(
            f"{', '.join(sorted({r['variant'] for r in known}))} seeds {sorted({r['seed'] for r in known})}: read from "
            f"the committed rows ({trn.STORE_FILE}, the same config and fingerprint), not trained again (--retrain to "
            "train them)"
        )
    t0 = time.perf_counter()
    with thread_limit(threads):
        rows = trn.run(
            config,
            variants,
            seeds=seeds,
            store=store and Path(store),
            device=device,
            checkpoints=checkpoints,
            echo=print,
            known=known,
        )
    run = trn.grouped([r for r in rows if r["seed"] in seeds and r["variant"] in variants], config.name)
    if run is None:  # trn.run returns a row for every variant and seed asked for
        raise RuntimeError(f"task {config.name}: the run left no rows")
    print(
        f"task {config.name}: {len(variants)} variants × {len(seeds)} seeds on {device} in "
        f"{time.perf_counter() - t0:.0f} s"
    )
    print(trn.summary_table(run, config.ratios))
    return 0


def _task_store(args, config, variants: dict):
    """Where the task's rows go: ``--store DIR``, the project's ``data/`` for a committed config run with exactly
    base and TRSP, else the cache's store; none with ``--no-store`` or without a cache."""
    from specproof.engine.formal import cache_dir
    from specproof.engine.io import output_dir, project_path
    from specproof.runs.train import task_run as trn

    if args.no_store:
        return None
    if args.store is not None:
        return output_dir(args.store, "--store")
    if (
        config.name in trn.COMMITTED
        and set(variants) == {"base", "trsp"}
        and (data := project_path("data")) is not None
    ):
        return output_dir(data, "the project's store")
    if (cache := cache_dir()) is not None:
        return output_dir(cache / "trained", "the cache's store")
    return None


def _task_checkpoints(args):
    """``--checkpoints DIR``, else the cache's (None without either: the task run does not resume)."""
    from specproof.engine.io import output_dir

    if args.checkpoints is not None:
        return output_dir(args.checkpoints, "--checkpoints")
    return _cache_checkpoints()


def committed_task_rows(config, variants: dict, seeds, store) -> list[dict]:
    """The project's committed task-level rows of ``config`` that this run would train again (same fingerprint,
    variant name and side path, a seed asked for), when the run does not write to the project's store itself: the
    user's variant is then trained beside them instead of retraining base and TRSP (deterministic per seed, so
    retraining gives the same weights)."""
    from pathlib import Path

    from specproof.runs.sweeps.store import project_store
    from specproof.runs.train import harness as tr
    from specproof.runs.train import task_run as trn

    project = project_store()
    if project is None or (store is not None and Path(store).resolve() == Path(project).resolve()):
        return []
    sides = {name: tr.describe(v) for name, v in variants.items()}
    return [
        r
        for r in trn.load_rows(Path(project) / trn.STORE_FILE)
        if r["config"] == config.name
        and r["fingerprint"] == config.fingerprint()
        and sides.get(r["variant"]) == r["side"]
        and r["seed"] in seeds
    ]


def loaded_side_paths(specs=(), files=()) -> list:
    """The side paths of the variants in TOML specs and in variant files (their expectations are the battery's); a
    variant file may be a Python module binding Variant objects or, by its suffix, a declarative ``.toml`` spec."""
    from pathlib import Path

    from specproof.checks.battery.loader import load_spec, load_variants

    specs = [*specs, *(p for p in files if Path(p).suffix == ".toml")]
    files = [p for p in files if Path(p).suffix != ".toml"]
    return [v.side_path for v in [load_spec(p) for p in specs] + [v for p in files for v in load_variants(p)]]
