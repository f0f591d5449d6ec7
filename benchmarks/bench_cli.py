"""How fast the command line answers: help, listing, one claim, the whole catalogue and the test suite.

Targets (issue: light, fast and polished): ``specproof --help`` and ``specproof CMD --help`` ≤ 0.5 s, ``specproof
list`` ≤ 1.5 s, ``specproof verify ID`` paying only for its claim (a second ``verify trsp.C7.kernel-energy`` in a new
process ≤ 5 s, the Coq build and answers read from the cache). Each command runs ``--repeat`` times in a fresh
process from an empty working directory; the table shows the median and the minimum wall time, the peak resident
memory of the last run, and the 1-minute load average before each command (the machine is shared: a time read
at load 5 on 2 cores is not the time at load 0). ``--full`` also times a whole ``specproof verify`` and the
default test run. Writes benchmarks/results/cli.json and cli.md.

    python benchmarks/bench_cli.py            # help, list, one claim (about a minute)
    python benchmarks/bench_cli.py --full     # and the whole catalogue and the tests (tens of minutes)
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
COMMANDS = ("verify", "list", "theorems", "index", "coq-pins", "sweep", "figures", "variant", "graph", "real", "site")
TARGETS = {"--help": 0.5, "CMD --help": 0.5, "list": 1.5, "verify trsp.C7.kernel-energy (second process)": 5.0}


def _run(argv: list[str], cwd: Path, env: dict) -> tuple[float, int, int]:
    """Wall seconds, exit status and peak RSS (KiB) of one fresh `specproof` process (os.wait4: this child's own)."""
    t0 = time.perf_counter()
    proc = subprocess.Popen(
        [sys.executable, "-m", "specproof", *argv],
        cwd=cwd,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    _, status, usage = os.wait4(proc.pid, 0)
    seconds = time.perf_counter() - t0
    proc.returncode = os.waitstatus_to_exitcode(status)
    return seconds, proc.returncode, usage.ru_maxrss


def measure(name: str, argv: list[str], repeat: int, cwd: Path, env: dict) -> dict:
    times, loads = [], []
    status, rss = 0, 0
    for _ in range(repeat):
        loads.append(os.getloadavg()[0])
        seconds, status, rss = _run(argv, cwd, env)
        times.append(seconds)
    return {
        "command": name,
        "argv": argv,
        "median_s": round(statistics.median(times), 3),
        "min_s": round(min(times), 3),
        "runs": repeat,
        "exit": status,
        "peak_rss_mib": round(rss / 1024, 1),
        "load_1min": [round(x, 2) for x in loads],
    }


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--full", action="store_true", help="also the whole verify and the default test run")
    args = parser.parse_args(argv)
    work = Path(tempfile.mkdtemp(prefix="bench-cli-"))
    cache = Path(tempfile.mkdtemp(prefix="bench-cli-cache-"))
    env = {**os.environ, "SPECPROOF_CACHE_DIR": str(cache)}
    rows = [measure("--help", ["--help"], args.repeat, work, env)]
    rows += [measure(f"{c} --help", [c, "--help"], max(2, args.repeat // 2), work, env) for c in COMMANDS]
    rows.append(measure("list", ["list"], args.repeat, work, env))
    rows.append(
        measure(
            "verify trsp.C7.kernel-energy (first process: builds Coq into the cache)",
            ["verify", "trsp.C7.kernel-energy", "--no-progress"],
            1,
            work,
            env,
        )
    )
    rows.append(
        measure(
            "verify trsp.C7.kernel-energy (second process)",
            ["verify", "trsp.C7.kernel-energy", "--no-progress"],
            args.repeat,
            work,
            env,
        )
    )
    if args.full:
        rows.append(measure("verify (every claim)", ["verify", "--no-progress"], 1, work, env))
        t0, load = time.perf_counter(), os.getloadavg()[0]
        done = subprocess.run([sys.executable, "-m", "pytest", "-q"], cwd=ROOT, env=env, capture_output=True, text=True)
        rows.append(
            {
                "command": "python -m pytest (default run)",
                "argv": ["pytest"],
                "median_s": round(time.perf_counter() - t0, 1),
                "min_s": None,
                "runs": 1,
                "exit": done.returncode,
                "peak_rss_mib": None,
                "load_1min": [round(load, 2)],
                "summary": done.stdout.strip().splitlines()[-1:],
            }
        )
    meta = {
        "python": platform.python_version(),
        "machine": platform.machine(),
        "cpus": os.cpu_count(),
        "date": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        "targets_s": TARGETS,
    }
    out = ROOT / "benchmarks" / "results"
    out.mkdir(parents=True, exist_ok=True)
    (out / "cli.json").write_text(json.dumps({"meta": meta, "rows": rows}, indent=1, ensure_ascii=False) + "\n")
    lines = [
        "# Command-line latency",
        "",
        (
            f"{meta['date']}, Python {meta['python']}, {meta['cpus']} CPUs; each command in a "
            "fresh process from an empty directory; load = 1-minute load average before each run."
        ),
        "",
        "| command | median s | min s | runs | peak RSS MiB | load | exit |",
        "| --- | --- | --- | --- | --- | --- | --- |",
    ]
    for r in rows:
        lines.append(
            f"| `{r['command']}` | {r['median_s']} | {r['min_s']} | {r['runs']} | {r['peak_rss_mib']} | "
            f"{min(r['load_1min'])}–{max(r['load_1min'])} | {r['exit']} |"
        )
    lines += ["", "Targets: " + "; ".join(f"{k} ≤ {v} s" for k, v in TARGETS.items()) + "."]
    (out / "cli.md").write_text("\n".join(lines) + "\n")
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())
