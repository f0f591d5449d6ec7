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


def cmd_real(args) -> int:
    from specproof.engine.io import output_dir, output_file, project_path, write_atomic
    from specproof.runs.sweeps.table import Store

    # every input and output checked before any work
    json_path = output_file(args.json, "--json") if args.json is not None else None
    figures_dir = output_dir(args.figures, "--figures") if args.figures is not None else None
    for name, value, least in (("--samples", args.samples, 1), ("--threads", args.threads, 1)):
        if value is not None and value < least:
            raise InputError(f"{name} {value}: allowed: an integer >= {least}")
    if args.store is not None and args.no_store:
        raise InputError("--store and --no-store exclude each other; allowed: one of them")
    text = read_texts(args.text) if args.text else default_text()
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
    store = None
    if not args.no_store:
        if args.store is not None:
            store = Store(output_dir(args.store, "--store"))
        elif args.model is None and not args.text and project_path("data") is not None:
            store = Store(output_dir(project_path("data"), "the project's store"))
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
    import transformers

    from specproof.engine.io import provenance
    from specproof.theory.torch.backend import device

    versions = {"transformers": transformers.__version__}
    if args.model is None:
        versions[MINILM_PACKAGE] = importlib.metadata.version(MINILM_PACKAGE)
    result["provenance"] = provenance(
        device=str(device()),
        dtype="float64",
        threads=args.threads,
        seconds=round(time.perf_counter() - t0, 2),
        **versions,
    )
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
