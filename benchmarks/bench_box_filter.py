"""Wall-clock cost of the causal box filter: prefix sums (TRSP Eq. 2) against the direct window (Eq. 1).

The claim trsp.box.linear-cost is decided by an exact operation count (checks/claims/trsp_filters.py);
this benchmark is its empirical side. For each length T and bandwidth b it times

- ``prefix-numpy``: theory.filters.box_filter (Eq. 2, numpy),
- ``prefix-torch``: theory.torch_filters.box_filter_torch (Eq. 2, torch, one thread),
- ``window-torch``: theory.torch_filters.box_filter_torch_window (Eq. 1 as a windowed sum, O(T·b·d)),

and fits log-time slopes: against log b at the largest T (≈ 0 means flat in b) and against log T at
b = 64 (≈ 1 means linear in T). Run on demand: ``python benchmarks/bench_box_filter.py``; it writes
benchmarks/results/box_filter.json. Timings are the minimum over repeats, in seconds, single-threaded (numpy
through threadpoolctl, torch through set_num_threads), each row with the 1-minute load average when it was
measured. The floors of the box kernels at T = 10⁶ are in benchmarks/bench_floors.py.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import time
from pathlib import Path

import numpy as np
import torch
from threadpoolctl import threadpool_limits

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from specproof.theory.filters import box_filter  # noqa: E402
from specproof.theory.torch.filters import box_filter_torch, box_filter_torch_window  # noqa: E402

LENGTHS = (1024, 4096, 16384, 65536)
BANDWIDTHS = (1, 4, 16, 64, 256, 1024)
CHANNELS = 64
WINDOW_BUDGET = 2**27  # skip direct windows that would read more than this many elements (T·b·d)


def best_time(fn, repeats: int) -> float:
    """Minimum wall-clock time of ``fn()`` over ``repeats`` runs after one warm-up."""
    fn()
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times)


def slope(x, y) -> float:
    """Least-squares slope of log y against log x."""
    return float(np.polyfit(np.log(np.asarray(x, float)), np.log(np.asarray(y, float)), 1)[0])


def run(repeats: int) -> dict:
    torch.set_num_threads(1)
    threadpool_limits(1)
    rng = np.random.default_rng(0)
    rows = []
    for T in LENGTHS:
        X = rng.standard_normal((T, CHANNELS))
        Xt = torch.as_tensor(X)[None]
        for b in BANDWIDTHS:
            row = {
                "T": T,
                "b": b,
                "d": CHANNELS,
                "load": os.getloadavg()[0],
                "prefix-numpy": best_time(lambda: box_filter(X, b), repeats),
                "prefix-torch": best_time(lambda: box_filter_torch(Xt, b), repeats),
            }
            row["window-torch"] = (
                best_time(lambda: box_filter_torch_window(Xt, b), repeats)
                if T * b * CHANNELS <= WINDOW_BUDGET
                else None
            )
            rows.append(row)
            print(json.dumps(row), flush=True)
    fits = {}
    for impl in ("prefix-numpy", "prefix-torch", "window-torch"):
        complete = [T for T in LENGTHS if all(r[impl] is not None for r in rows if r["T"] == T)]
        at_T = [r for r in rows if r["T"] == max(complete)]
        at_b = [r for r in rows if r["b"] == 64 and r[impl] is not None]
        fits[impl] = {
            "slope_in_b": slope([r["b"] for r in at_T], [r[impl] for r in at_T]),
            "at_T": max(complete),
            "slope_in_T": slope([r["T"] for r in at_b], [r[impl] for r in at_b]),
            "at_b": 64,
        }
    return {
        "benchmark": "causal box filter, prefix sums (Eq. 2) vs direct window (Eq. 1)",
        "claim": "trsp.box.linear-cost",
        "note": (
            "single run on a shared, busy CPU machine (several jobs in parallel; each row's load average beside it): "
            "absolute times are noisy; read the slopes. The claim's verdict rests on the exact operation count, not "
            "on these times."
        ),
        "date": time.strftime("%Y-%m-%d %H:%M"),
        "environment": {
            "python": platform.python_version(),
            "numpy": np.__version__,
            "torch": torch.__version__,
            "machine": platform.machine(),
            "cpu_count": os.cpu_count(),
            "torch_threads": 1,
            "dtype": "float64",
            "repeats": repeats,
        },
        "lengths": list(LENGTHS),
        "bandwidths": list(BANDWIDTHS),
        "channels": CHANNELS,
        "window_budget_elements": WINDOW_BUDGET,
        "fits": fits,
        "rows": rows,
    }


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5, help="timed runs per point (minimum is kept)")
    parser.add_argument("--output", default=str(ROOT / "benchmarks" / "results" / "box_filter.json"))
    args = parser.parse_args(argv)
    result = run(args.repeats)
    out = Path(args.output)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
    print(json.dumps(result["fits"], indent=2))
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
