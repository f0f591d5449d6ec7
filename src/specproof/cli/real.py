"""`specproof real`: measure a pretrained transformer's attention (the default MiniLM offline, or a local model),
print the medians beside the paper's, and write rows, JSON and figures where asked."""

from __future__ import annotations

import importlib.metadata
import json
import sys
import time

from specproof.engine.methods import jsonable
from specproof.engine.options import MINILM_NAME, MINILM_PACKAGE
from specproof.render.figures.real import write_figures
from specproof.runs.real import models as real_models
from specproof.runs.real.models import (
    STORE_NAME,
    default_text,
    minilm_archive,
    open_model,
    read_texts,
    table,
    threads,
    transformers_module,
)
from specproof.theory.errors import InputError

MINILM_POSITIONS = 512


def is_causal_model(model: str | None) -> bool:
    """``--model smollm2`` or ``--model FILE.gguf``: the causal decoder path."""
    from specproof.runs.real.gguf_model import SMOLLM_KEY

    return model is not None and (model == SMOLLM_KEY or model.lower().endswith(".gguf"))


def cmd_real(args) -> int:
    from specproof.engine.io import output_dir, output_file, write_atomic
    from specproof.engine.options import LENGTHS, SAMPLES

    if is_causal_model(args.model):
        return cmd_causal(args)
    if args.measure != "heads":
        raise InputError(
            f"--measure {args.measure}: allowed only with a causal GGUF model (--model smollm2 or FILE.gguf)"
        )
    args.lengths = list(LENGTHS) if args.lengths is None else args.lengths
    args.samples = SAMPLES if args.samples is None else args.samples

    # every input and output checked before any work
    json_path = output_file(args.json, "--json") if args.json is not None else None
    figures_dir = output_dir(args.figures, "--figures") if args.figures is not None else None
    _check_counts(args)
    text = read_texts(args.text) if args.text else default_text()
    opener, name, positions = _real_model(args)
    store = _real_store(args)
    t0 = time.perf_counter()
    with threads(args.threads):
        result = real_models.measure(
            opener,
            text,
            args.lengths,
            samples=args.samples,
            seed=args.seed,
            default_text_used=not args.text,
            model_name=name,
            max_positions=positions,
            store=store,
            progress=not args.no_progress and sys.stderr.isatty(),
        )
    result["provenance"] = _real_provenance(args, seconds=round(time.perf_counter() - t0, 2))
    print(table(result))
    if store is not None:
        print(f"rows: {result['computed']} computed, {result['reused']} reused (store {store.path(STORE_NAME)})")
    if json_path:
        write_atomic(json_path, json.dumps(jsonable(result), indent=1, ensure_ascii=False) + "\n")
        print(f"wrote {json_path}")
    if figures_dir:
        for path in write_figures(result, figures_dir):
            print(f"wrote {path}")
    return 0


def _check_counts(args) -> None:
    """``--samples`` and ``--threads`` at least 1, and not both ``--store`` and ``--no-store``."""
    for name, value, least in (("--samples", args.samples, 1), ("--threads", args.threads, 1)):
        if value is not None and value < least:
            raise InputError(f"{name} {value}: allowed: an integer >= {least}")
    if args.store is not None and args.no_store:
        raise InputError("--store and --no-store exclude each other; allowed: one of them")


def _real_model(args):
    """How the model is opened (on first use, for the packaged MiniLM), its name and its positions; ``--model PATH``
    is loaded now (so the directory is checked before any work), and every length must fit the positions."""
    if args.model is not None:
        loaded = open_model(args.model)  # validates the directory now, and tells its name and positions
        opener, name, positions = (lambda: loaded), loaded.name, loaded.max_length
    else:
        minilm_archive()
        transformers_module()
        opener, name, positions = open_model, MINILM_NAME, MINILM_POSITIONS
    if positions is not None and max(args.lengths) > positions:
        raise InputError(
            f"--lengths: {max(args.lengths)} exceeds {name}'s {positions} positions; allowed: lengths up to {positions}"
        )
    return opener, name, positions


def _real_store(args):
    """``--store DIR``, or the project's ``data/`` for the packaged model on the default text; none otherwise or with
    ``--no-store``."""
    from specproof.engine.io import output_dir, project_path
    from specproof.runs.sweeps.table import Store

    if args.no_store:
        return None
    if args.store is not None:
        return Store(output_dir(args.store, "--store"))
    if args.model is None and not args.text and (data := project_path("data")) is not None:
        return Store(output_dir(data, "the project's store"))
    return None


def _real_provenance(args, seconds: float) -> dict:
    """The run's provenance: device, dtype, threads, time, and the transformers (and packaged model's) versions."""
    import transformers

    from specproof.engine.io import provenance
    from specproof.theory.torch.backend import device

    versions = {"transformers": transformers.__version__}
    if args.model is None:
        versions[MINILM_PACKAGE] = importlib.metadata.version(MINILM_PACKAGE)
    return provenance(device=str(device()), dtype="float64", threads=args.threads, seconds=seconds, **versions)


def cmd_causal(args) -> int:
    """`specproof real --model smollm2|FILE.gguf`: SDEG's causal theorems on the heads, TRSP's diagnostics against
    length, or TRSP as a post-training plugin; every input checked before the model is loaded."""
    from specproof.engine.io import output_dir, output_file, project_path, provenance, write_atomic
    from specproof.runs.real import causal, causal_report, gguf_model
    from specproof.runs.real.models import text_label
    from specproof.runs.sweeps.table import Store

    json_path = output_file(args.json, "--json") if args.json is not None else None
    figures_dir = output_dir(args.figures, "--figures") if args.figures is not None else None
    if args.store is not None and args.no_store:
        raise InputError("--store and --no-store exclude each other; allowed: one of them")
    text = read_texts(args.text) if args.text else default_text()
    info = gguf_model.resolve(args.model)  # installed, intact, Llama-architecture: or one line, exit 2
    if args.measure == "plugin":
        return cmd_plugin(args, info, text, json_path, figures_dir)
    for name in ("window", "seeds"):
        if getattr(args, name) is not None:
            raise InputError(f"--{name}: allowed only with --measure plugin")
    defaults = causal.HEAD_LENGTHS if args.measure == "heads" else causal.DIAGNOSTIC_LENGTHS
    lengths = causal.check_length(info, args.lengths if args.lengths is not None else defaults)
    samples = args.samples if args.samples is not None else causal.WINDOWS
    source = causal.Source(info, text)
    source.check_windows(lengths, samples)  # the tokenizer only: a window longer than the text is refused here
    label = text_label(text, not args.text)
    store = None
    if not args.no_store:
        if args.store is not None:
            store = Store(output_dir(args.store, "--store"))
        elif args.model == gguf_model.SMOLLM_KEY and not args.text and project_path("data") is not None:
            store = Store(output_dir(project_path("data"), "the project's store"))
    if args.measure == "heads":
        sweep, params, report = (
            causal.heads_sweep(source),
            causal.head_params(info, label, lengths, samples),
            causal_report.heads_table,
        )
    else:
        sweep, params, report = (
            causal.diagnostics_sweep(source),
            causal.diagnostic_params(info, label, lengths, samples),
            causal_report.diagnostics_table,
        )
    t0 = time.perf_counter()
    with threads(args.threads):
        result = causal.run(sweep, params, store=store, progress=not args.no_progress and sys.stderr.isatty())
    rows = causal.merge(result.rows, params)
    print(report(rows, info.name))
    if store is not None:
        print(f"rows: {result.computed} computed, {result.reused} reused (store {store.path(sweep.name)})")
    out = {
        "model": info.name,
        "measure": args.measure,
        "lengths": lengths,
        "windows": samples,
        "text": label,
        "computed": result.computed,
        "reused": result.reused,
        "rows": rows,
        "provenance": provenance(threads=args.threads, seconds=round(time.perf_counter() - t0, 2), **info.provenance()),
    }
    if json_path:
        write_atomic(json_path, json.dumps(jsonable(out), indent=1, ensure_ascii=False) + "\n")
        print(f"wrote {json_path}")
    if figures_dir:
        from specproof.render.figures.causal import write_causal_figures

        for path in write_causal_figures(out, figures_dir):
            print(f"wrote {path}")
    return 0


def cmd_plugin(args, info, text: str, json_path, figures_dir) -> int:
    """`specproof real --model smollm2 --measure plugin`: TRSP as a post-training plugin, trained and evaluated
    (resumable), decided by the pre-stated rules."""
    import dataclasses

    from specproof.engine.io import cache_dir, output_dir, project_path, write_atomic
    from specproof.runs.real import causal, plugin, plugin_rules
    from specproof.runs.real.models import text_label

    if args.lengths is not None:
        raise InputError("--lengths: the plugin's lengths are --window times 1, 2, 4, 8; allowed: --window W")
    config = plugin.CONFIGS[args.plugin_config]
    if args.window is not None:
        config = dataclasses.replace(config, window=args.window)
    causal.check_length(
        info, [config.window * max(config.ratios)], what=f"--window {config.window} × {max(config.ratios)}"
    )
    source = causal.Source(info, text, dtype="float32")
    plugin.NeedleTask(source.tokenizer, text, config)  # a window the text or the frame cannot fill is refused here
    store = None
    if not args.no_store:
        if args.store is not None:
            store = output_dir(args.store, "--store")
        elif args.model == "smollm2" and not args.text and config.name == "default" and project_path("data"):
            store = project_path("data")
    cache = cache_dir()
    checkpoints = None if cache is None else cache / "causal-plugin"
    with threads(args.threads):
        rows = plugin.run(
            source,
            text_label(text, not args.text),
            config,
            store,
            checkpoints,
            seeds=args.seeds,
            echo=None if args.no_progress else lambda line: print(line, file=sys.stderr),
        )
    decision = plugin_rules.decide(rows, config.ratios)
    print(plugin_report(rows, decision, config, info.name))
    out = {"model": info.name, "config": config.identity(), "rows": rows, "decision": decision}
    if json_path:
        write_atomic(json_path, json.dumps(jsonable(out), indent=1, ensure_ascii=False) + "\n")
        print(f"wrote {json_path}")
    if figures_dir:
        from specproof.render.figures.causal import write_plugin_figures

        for path in write_plugin_figures(out, figures_dir):
            print(f"wrote {path}")
    return 0


def plugin_report(rows: list[dict], decision: dict, config, name: str) -> str:
    """Accuracy per arm and ratio (mean over seeds), then the decision."""
    import numpy as np

    arms = [a for a in ("raw", "lora", "lora+trsp", "trsp") if any(r["arm"] == a for r in rows)]
    lines = [
        f"{name}: TRSP as a post-training plugin (W = {config.window}, {config.steps} steps of {config.batch}, "
        f"{config.eval_n} held-out instances per ratio); accuracy, mean over seeds (seeds)",
        f"{'arm':>10}  "
        + "  ".join(f"{str(r) + '×':>7}" for r in config.ratios)
        + f"   loss {config.ratios[0]}× … {config.ratios[-1]}×",
    ]
    for arm in arms:
        mine = [r for r in rows if r["arm"] == arm]
        acc = [np.mean([r["eval"][str(q)]["accuracy"] for r in mine]) for q in config.ratios]
        loss = [np.mean([r["eval"][str(q)]["loss"] for r in mine]) for q in config.ratios]
        lines.append(
            f"{arm:>10}  " + "  ".join(f"{a:>7.3f}" for a in acc) + f"   {loss[0]:.3g} … {loss[-1]:.3g}  ({len(mine)})"
        )
    d = decision
    if d["n"] < 2:
        return "\n".join(lines + [f"no paired decision: {d['why']}"])
    pre = d["precondition"]
    lines.append(
        f"precondition (≥ {pre['threshold']:.0%} at 1× in every seed, lora and lora+trsp): "
        + ("met" if pre["met"] else f"not met (seeds {pre['missed']})")
    )
    drop, dr = d["drop"], d["direction"]
    lines.append(f"LoRA's drop 1×→8×: {drop['mean']:.3g} (one-sided 95 % bounds {drop['low']:.3g}, {drop['high']:.3g})")
    lines.append(
        f"direction at 8× (lora+trsp − lora): {dr['verdict']}: mean {dr['effect']:.3g} "
        f"[{dr['low']:.3g}, {dr['high']:.3g}], p = {dr['p']:.3g}"
    )
    f = d["fraction"]
    lines.append(
        "recovered fraction: "
        + (
            f"{f['verdict']}: {f['mean']:.3g} [{f['low']:.3g}, {f['high']:.3g}] against the margin {f['margin']:.3g}"
            if "mean" in f
            else f"{f['verdict']} ({f['why']})"
        )
    )
    lo = d["logodds"]
    lines.append(
        f"log-odds difference at 8×: {lo['verdict']}: {lo['mean']:.3g} [{lo['low']:.3g}, {lo['high']:.3g}] against "
        f"the margin {lo['margin']:.3g}"
    )
    t = d["tost"]
    lines.append(
        f"no effect within ±{t['margin']:.0%} (TOST): {'shown' if t['equivalent'] else 'not shown'} (p = {t['p']:.3g})"
    )
    kept = [c for c in d["diagnostics"] if c["verdict"] != "open"]
    lines.append(
        f"diagnostics (Holm over {len(d['diagnostics'])}): "
        + (", ".join(f"{c['diagnostic']} {c['ratio']}× {c['verdict']}" for c in kept) if kept else "all open")
    )
    return "\n".join(lines)
