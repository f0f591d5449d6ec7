"""TRSP's from-scratch experiment at its own scale on a GPU: `specproof train --config gpu`, prepared to run unchanged.

The configuration (checks/training.py CONFIGS["gpu"]) is TRSP App. A.2's backbone: d = 512, D = 14 layers, 8 heads,
MLP ratio 4, RoPE, RMSNorm, SwiGLU, trained at 1K bytes (the paper: 1K Llama tokens) and evaluated at 1K–8K; byte-level
(256 ids, no tokenizer offline), so it has ≈ 59M parameters instead of 109.8M. Every variant of the CPU run (base, TRSP
and the four Table 4 ablations) and 3 seeds, 5000 steps of 32 × 1024 bytes each (AdamW 3·10⁻⁴, cosine, 3 % warm-up).
At ≈ 1.4·10¹³ FLOPs a step that is about 0.5 s a step in float32 on an H100/H200, ≈ 45 min a model, ≈ 14 h for all
18; pass --variants base,trsp and --seeds 0 for a first look (≈ 45 min), --steps to shorten. Checkpoints every 500
steps in OUT/checkpoints: a rerun after an interruption resumes, the rows in OUT/store/trained.jsonl are kept.

    python benchmarks/gpu_train.py                                   # everything, into benchmarks/results/gpu_train/
    python benchmarks/gpu_train.py --variants base,trsp --seeds 0    # the first look
    python benchmarks/gpu_train.py --steps 200 --seeds 0 --variants base,trsp      # minutes: the path end to end

Output: OUT/trained-gpu.json (rows, the paper's numbers, provenance), OUT/figures/ (Fig. 4 analogue, i·σ_i), and the
table on stdout. Copy OUT/store/trained.jsonl into data/ to commit the rows (the claims read config "default"
only; rows of config "gpu" sit beside them).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ARGV = ["train", "--config", "gpu"]


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--out", default=str(ROOT / "benchmarks" / "results" / "gpu_train"), help="output directory")
    p.add_argument("--variants", default=None, help="built-in variants, comma-separated (default: all six)")
    p.add_argument("--seeds", default=None, help="seeds, comma-separated (default 0,1,2)")
    p.add_argument("--steps", default=None, help="training steps (default: the gpu configuration's 5000)")
    args = p.parse_args(argv)
    import torch

    if not torch.cuda.is_available():
        print(
            "gpu_train: no CUDA device here; allowed: a machine with one (the CPU run is `specproof train`)",
            file=sys.stderr,
        )
        return 2
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    print(f"gpu_train: {torch.cuda.get_device_name(0)}, torch {torch.__version__}, CUDA {torch.version.cuda}")
    command = [
        *ARGV,
        "--device",
        "cuda",
        "--store",
        str(out / "store"),
        "--checkpoints",
        str(out / "checkpoints"),
        "--json",
        str(out / "trained-gpu.json"),
        "--figures",
        str(out / "figures"),
    ]
    for flag in ("variants", "seeds", "steps"):
        if getattr(args, flag) is not None:
            command += [f"--{flag}", getattr(args, flag)]
    from specproof.cli.main import main as specproof

    return specproof(command)


if __name__ == "__main__":
    sys.exit(main())
