"""The task-level trained protocol (runs/train/task_run.py) at TRSP App. A.2's scale on a GPU, small on the CPU.

The protocol is the committed run's: base and TRSP (and any side path of your own, ``--variant FILE.py|FILE.toml``)
trained from scratch on a synthetic retrieval task with the same seeds, batches and initial backbone (paired by
seed), measured on held-out instances at 1×, 2×, 4×, 8× the training length (exact match, held-out loss, the four
§4.1 diagnostics per layer), and compared by the pre-stated paired rule of runs/train/statistics.py. torch picks
CUDA when there is a device, else the CPU.

Configurations (``--config``):

- ``gpu`` (the default where CUDA is present): the App. A.2 backbone, d = 512, 14 layers × 8 heads, MLP ratio 4,
  trained at T = 1024 and evaluated to 8K; MQAR with 64 key–value pairs and 64 queries over 512 keys (``--task hop``:
  the NoLiMa-style two-hop chain), 5000 steps of 32, AdamW 3·10⁻⁴ cosine with 3 % warm-up, a first 10 % at T = 320
  with 16 facts and 16 queries. ≈ 60M parameters (59,819,520 without a side path: the synthetic vocabulary of
  about 1K tokens instead of the paper's 109M with Llama's). Its time per step has **not been measured** (no GPU was
  available when it was written): run ``--steps 200 --seeds 0`` first and read the seconds in the rows.
- ``mqar``: the committed CPU run's configuration (d = 64, 2 layers, T = 64, 1200 steps; 2–4 CPU-minutes a model).
- ``mqar-deep``, ``hop-shared``: the committed CPU runs deep enough for the side path (D = 9, T = 32: 2⁸ = 8T) and
  the redesigned two-hop task (runs/train/task_run.py). At the ``gpu`` scale D = 14, T = 1024 also gives
  2¹³ = 8T; the CPU pilot found deep decoders held at chance until the query and key projections were drawn at 0.1
  and the rate lowered (README), so a first GPU run should watch its learning curve before spending seeds.
- ``tiny`` (the default on the CPU): seconds, learns nothing; the path end to end (the test's).

    python benchmarks/gpu_task_train.py                                      # gpu on CUDA, tiny on the CPU
    python benchmarks/gpu_task_train.py --seeds 0 --steps 200                # a first look at the GPU scale
    python benchmarks/gpu_task_train.py --config mqar --variant examples/variants/triadic.toml

Output under ``--out`` (default benchmarks/results/gpu_task_train/<config>/): ``trained-tasks.jsonl`` (one row per
variant and seed, with the learning curve, the evaluation at every ratio and the provenance: versions, device,
dtype, threads, seconds), ``checkpoints/`` (a rerun resumes), ``figures/`` (the task-level figures of the gallery,
drawn from these rows) and the table with the paired intervals on stdout.
"""

from __future__ import annotations

import argparse
import dataclasses
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def configs() -> dict:
    from specproof.runs.train import task_run as trn

    gpu = trn.TaskConfig(
        "gpu-mqar",
        task="mqar",
        T=1024,
        facts=64,
        questions=64,
        entities=512,
        d_model=512,
        n_layers=14,
        n_heads=8,
        mlp_ratio=4.0,
        init_std=0.02,
        steps=5000,
        batch=32,
        lr=3e-4,
        warmup=0.03,
        weight_decay=0.1,
        schedule="cosine",
        curriculum="0.1:320:16:16",
        eval_every=250,
        curve_n=256,
        eval_n=256,
        diag_n=4,
        checkpoint_every=500,
        seeds=(0, 1, 2, 3, 4, 5),
    )
    return {"gpu": gpu, **{k: trn.CONFIGS[k] for k in ("mqar", "mqar-deep", "mqar-deep2", "hop-shared", "tiny")}}


def seeds_of(text: str | None, default) -> tuple:
    if text is None:
        return tuple(default)
    return tuple(int(s) for s in text.split(",") if s.strip())


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument(
        "--config",
        choices=("gpu", "mqar", "mqar-deep", "mqar-deep2", "hop-shared", "tiny"),
        default=None,
        help="default: gpu on CUDA, else tiny",
    )
    p.add_argument("--task", choices=("mqar", "hop"), default=None, help="the task (default: the config's)")
    p.add_argument("--device", default=None, help="cuda, cpu (default: CUDA when there is a device)")
    p.add_argument("--seeds", default=None, help="seeds, comma-separated (default: the config's)")
    p.add_argument("--steps", type=int, default=None, help="training steps (default: the config's)")
    p.add_argument("--variants", default="base,trsp", help="built-in variants, comma-separated (default base,trsp)")
    p.add_argument("--variant", nargs="+", default=(), metavar="FILE", help="side paths of your own (.py or .toml)")
    p.add_argument("--out", default=None, help="output directory")
    p.add_argument("--no-figures", action="store_true", help="do not draw the figures")
    args = p.parse_args(argv)

    import torch

    from specproof.cli.train import loaded_side_paths
    from specproof.runs.train import harness as tr
    from specproof.runs.train import task_run as trn

    device = torch.device(args.device or ("cuda" if torch.cuda.is_available() else "cpu"))
    if device.type == "cuda" and not torch.cuda.is_available():
        print("gpu_task_train: no CUDA device here; allowed: --device cpu", file=sys.stderr)
        return 2
    name = args.config or ("gpu" if device.type == "cuda" else "tiny")
    config = configs()[name]
    if args.task is not None and args.task != config.task:
        config = dataclasses.replace(config, name=f"{config.name}-{args.task}", task=args.task)
    if config.task == "hop" and config.hop_pool != "shared":  # the redesigned form (README, config hop-shared)
        config = dataclasses.replace(
            config,
            hop_answer="city-person",
            hop_order="key-first",
            hop_pool="shared",
            replacement=False,
            questions=min(config.questions, config.facts - 1),
            curriculum="0.05:320:16:8:1,0.05:320:16:8",  # the needle hop alone, then both hops, on 16 chains
        )
    if args.steps is not None:
        config = dataclasses.replace(config, name=f"{config.name}-{args.steps}steps", steps=args.steps)
    seeds = seeds_of(args.seeds, config.seeds)
    variants = tr.resolve_variants(
        [n for n in args.variants.split(",") if n.strip()], loaded_side_paths((), args.variant)
    )
    out = Path(args.out) if args.out else ROOT / "benchmarks" / "results" / "gpu_task_train" / config.name
    out.mkdir(parents=True, exist_ok=True)
    where = torch.cuda.get_device_name(device) if device.type == "cuda" else f"cpu, {torch.get_num_threads()} threads"
    params = sum(x.numel() for x in trn.build_model(config, None, 0, config.make_task().vocab).parameters())
    print(
        f"gpu_task_train: config {config.name} ({config.task}, d = {config.d_model}, {config.n_layers} layers × "
        f"{config.n_heads} heads, {params:,} parameters without a side path, T = {config.T}, {config.steps} steps of "
        f"{config.batch}, ratios {list(config.ratios)}); variants {list(variants)}; seeds {list(seeds)}; on {where}; "
        f"torch {torch.__version__}"
    )
    t0 = time.perf_counter()
    rows = trn.run(config, variants, seeds=seeds, store=out, device=device, checkpoints=out / "checkpoints", echo=print)
    rows = [r for r in rows if r["seed"] in seeds and r["variant"] in variants]
    run = trn.grouped(rows, config.name)
    print(f"{len(rows)} rows in {time.perf_counter() - t0:.0f} s (trained now or read back from {out})")
    print(trn.summary_table(run, config.ratios, config))
    if not args.no_figures:
        from specproof.render.figures.tasks import write_figures

        for path in write_figures(run, config, out / "figures"):
            print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
