"""Benchmark: every structured path against the floor of its own algorithm, before and after, in one process.

A roofline against DRAM bandwidth is the wrong yardstick here: a numpy prefix sum is a chain of dependent
additions (latency-bound, a few ns per entry), the stack Laplacian's bulk is an FFT pair (compute-bound), and
at T = 10⁶ the vectors fit in cache. So each path is set against what its algorithm cannot avoid, measured in
the same run, single-threaded (threadpoolctl), into preallocated arrays:

* cumsum — one ``np.cumsum(x, out=y)`` of length T;
* FFT pair — ``np.fft.rfft`` + ``np.fft.irfft`` of the stack's length N ≥ 2T − 1 with ``out=`` (pocketfft,
  whose own scratch it allocates on every call is part of the floor);
* DCT pair — ``scipy.fft.dct`` + ``idct`` (type 2, orthonormal, the second overwriting the first's output) of length
  T, the cosine preconditioner's transform;
* elementwise pass — ``np.subtract`` of two length-T vectors into a preallocated one (not a floor: the unit in
  which the explanations below count what a kernel adds to its floor);
* DRAM triad (second line, for scale) — a = b + s·c on 2^24 doubles, in bytes numpy moves.

Paths and floors: Box_b and TriBox_b (b = T/4) — one and two cumsums; the network N_D (uniform causal attention,
full depth D) — per layer a Cesàro cumsum and the two box cumsums; the stack Laplacian L·x — one FFT pair plus one
cumsum, at T = 10⁶ and 10⁷; real μ₂ at T = 10⁶ — its matvecs' floors, its preconditioner applications' DCT pairs and
LOBPCG's own work (the time scipy's lobpcg spends outside the products it calls), all counted in that very solve.

"Before" is the same code at a git revision (default: the commit before the workspaces), loaded as a second package
in this process and measured interleaved with "after", round by round, so both see the same load; the 1-minute
load average (os.getloadavg) is recorded at the start and end of every measurement. Each time is the minimum
over rounds; CPU seconds (time.process_time: what the one thread spent, which a busy machine does not inflate by
preemption) decide the targets, wall-clock seconds and page faults per call are recorded beside.

    python benchmarks/bench_floors.py                 # writes benchmarks/results/floors.{json,md}
    python benchmarks/bench_floors.py --quick         # small sizes, prints only
    python benchmarks/bench_floors.py --render        # re-render floors.md from floors.json
"""

from __future__ import annotations

import argparse
import importlib
import json
import math
import os
import platform
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np
import scipy
import scipy.fft
import scipy.sparse.linalg
import threadpoolctl
from threadpoolctl import threadpool_limits

from specproof.theory.validate import finite_array

ROOT = Path(__file__).resolve().parents[1]
BASELINE = "e237d66"  # the last commit with fresh temporaries per matvec and gathers in the box filters


# --------------------------------------------------------------------------- measuring


def _faults() -> int:
    return resource.getrusage(resource.RUSAGE_SELF).ru_minflt


def race(cases: dict, rounds: int) -> dict:
    """Every case once per round, round after round (one warm-up first): min wall, median wall, min CPU, faults."""
    for fn in cases.values():
        fn()
    samples = {name: {"wall": [], "cpu": [], "faults": 0} for name in cases}
    load_start = os.getloadavg()[0]
    for _ in range(rounds):
        for name, fn in cases.items():
            f0, c0, t0 = _faults(), time.process_time(), time.perf_counter()
            fn()
            s = samples[name]
            s["wall"].append(time.perf_counter() - t0)
            s["cpu"].append(time.process_time() - c0)
            s["faults"] += _faults() - f0
    load = [load_start, os.getloadavg()[0]]
    return {
        name: {
            "wall": min(s["wall"]),
            "wall_median": float(np.median(s["wall"])),
            "cpu": min(s["cpu"]),
            "cpu_rounds": s["cpu"],
            "faults": s["faults"] / rounds,
            "rounds": rounds,
            "load": load,
        }
        for name, s in samples.items()
    }


def combined(*parts) -> dict:
    """A floor made of measured parts, (count, measurement) each: minima and per-round CPU times added up."""
    return {
        "wall": sum(k * r["wall"] for k, r in parts),
        "cpu": sum(k * r["cpu"] for k, r in parts),
        "cpu_rounds": [sum(k * r["cpu_rounds"][i] for k, r in parts) for i in range(len(parts[0][1]["cpu_rounds"]))],
    }


def against(r: dict, floor: dict) -> dict:
    """A measurement with its ratios to a floor of the same run: of the minima (wall, CPU) and, robust to a load
    that drifts during the run, the median over rounds of the CPU ratio within each round."""
    paired = [a / b for a, b in zip(r["cpu_rounds"], floor["cpu_rounds"])]
    return {
        **r,
        "ratio": r["wall"] / floor["wall"],
        "ratio_cpu": r["cpu"] / floor["cpu"],
        "ratio_cpu_paired": float(np.median(paired)),
    }


def triad(n: int = 1 << 24, repeats: int = 5) -> dict:
    """Bytes per second numpy moves in a = b + s·c (two in-place passes: 5 × 8 bytes per entry)."""
    rng = np.random.default_rng(0)
    a, b, c = np.empty(n), rng.random(n), rng.random(n)
    best = math.inf
    for _ in range(repeats):
        t0 = time.perf_counter()
        np.multiply(c, 3.0, out=a)
        np.add(a, b, out=a)
        best = min(best, time.perf_counter() - t0)
    return {"entries": n, "bytes_per_s": 40.0 * n / best, "load": os.getloadavg()[0]}


# --------------------------------------------------------------------------- the code under test


def baseline_package(rev: str):
    """theory/ at ``rev`` as the package ``specproof_baseline.theory`` (imports re-pointed), for side-by-side runs."""
    tmp = Path(tempfile.mkdtemp(prefix="specproof-baseline-"))
    pkg = tmp / "specproof_baseline"
    (pkg / "theory").mkdir(parents=True)
    (pkg / "__init__.py").write_text("", encoding="utf-8")
    names = subprocess.run(
        ["git", "ls-tree", "--name-only", f"{rev}:theory"], cwd=ROOT, check=True, capture_output=True, text=True
    ).stdout.split()
    for name in names:
        if name.endswith(".py"):
            text = subprocess.run(
                ["git", "show", f"{rev}:theory/{name}"], cwd=ROOT, check=True, capture_output=True, text=True
            ).stdout
            (pkg / "theory" / name).write_text(
                text.replace("specproof.theory", "specproof_baseline.theory"), encoding="utf-8"
            )
    sys.path.insert(0, str(tmp))
    return importlib.import_module("specproof_baseline.theory")


def modules(theory) -> dict:
    name = theory.__name__
    return {m: importlib.import_module(f"{name}.{m}") for m in ("filters", "operators", "network", "solvers")}


def network(mods: dict, T: int):
    """N_D at full depth as the chain of the generic layer operators F_ℓ = I + A_ℓ + g_ℓ M_tri (Composed ∘ Sum of
    Identity, Cesàro and Scaled TriBox): the path the box kernels serve, whatever network_operator builds."""
    nw, ops = mods["network"], mods["operators"]
    layers = nw.network_layers(T, T.bit_length(), ops.Cesaro, nw.default_gate())
    chain = layers[0].operator()
    for layer in layers[1:]:
        chain = ops.Composed(layer.operator(), chain)
    return chain


# --------------------------------------------------------------------------- floors


def floor_cases(T: int, N: int, x: np.ndarray) -> dict:
    out = np.empty(T)
    pad = np.zeros(N)
    pad[:T] = x
    spectrum, back = np.empty(N // 2 + 1, dtype=complex), np.empty(N)
    column = x[:, None].copy()

    def pair():
        np.fft.rfft(pad, out=spectrum)
        np.fft.irfft(spectrum, n=N, out=back)

    def dct_pair():
        scipy.fft.idct(
            scipy.fft.dct(column, type=2, axis=0, norm="ortho"), type=2, axis=0, norm="ortho", overwrite_x=True
        )

    return {
        "cumsum": lambda: np.cumsum(x, out=out),
        "fft pair": pair,
        "dct pair": dct_pair,
        "elementwise pass": lambda: np.subtract(x, out, out=out),
    }


# --------------------------------------------------------------------------- kernels


def kernel_rows(sides: dict, T: int, rounds: int) -> tuple[list[dict], dict]:
    """Box, TriBox (b = T/4) and the stack matvec at size T, every side and floor interleaved; and the floors.

    The public entries (box_filter, Operator.mv) check their input first; the solvers and the network call the
    products unchecked (Operator._mv), so both are measured."""
    x = np.random.default_rng(1).standard_normal(T)
    b = T // 4
    stacks = {side: mods["solvers"].tribox_stack_laplacian(T) for side, mods in sides.items()}
    N = stacks["after"]._fft_len
    cases = {f"floor {k}": fn for k, fn in floor_cases(T, N, x).items()}
    cases["entry check"] = lambda: finite_array("x", x)
    for side, mods in sides.items():
        f, ops = mods["filters"], mods["operators"]
        tri = ops.TriBox(T, b)
        cases[f"{side} box"] = lambda f=f: f.box_filter(x, b)
        cases[f"{side} box transpose"] = lambda f=f: f.box_filter_transpose(x, b)
        cases[f"{side} triBox mv"] = lambda tri=tri: tri.mv(x)
        cases[f"{side} triBox rmv"] = lambda tri=tri: tri.rmv(x)
        cases[f"{side} triBox _mv"] = lambda tri=tri: tri._mv(x)
        cases[f"{side} triBox _rmv"] = lambda tri=tri: tri._rmv(x)
        cases[f"{side} stack _mv"] = lambda L=stacks[side]: L._mv(x)
    res = race(cases, rounds)
    cumsum, pair = res["floor cumsum"], res["floor fft pair"]
    rows = []

    def add(path, floor_text, floor, key, **extra):
        row = {"path": path, "T": T, "floor": floor_text, "floor_wall": floor["wall"], "floor_cpu": floor["cpu"]}
        for side in sides:
            row[side] = against(res[f"{side} {key}"], floor)
        rows.append({**row, **extra})

    one, two = combined((1, cumsum)), combined((2, cumsum))
    add("Box_b x, b = T/4 (box_filter: entry check + kernel)", "1 cumsum", one, "box")
    add("Box_bᵀ y, b = T/4 (box_filter_transpose: entry check + kernel)", "1 cumsum", one, "box transpose")
    add("triBox M_tri·x, b = T/4 (TriBox.mv: entry check + kernel)", "2 cumsums", two, "triBox mv")
    add("triBox M_triᵀ·y, b = T/4 (TriBox.rmv: entry check + kernel)", "2 cumsums", two, "triBox rmv")
    add("triBox M_tri·x, b = T/4 (TriBox._mv, the kernel)", "2 cumsums", two, "triBox _mv")
    add("triBox M_triᵀ·y, b = T/4 (TriBox._rmv, the kernel)", "2 cumsums", two, "triBox _rmv")
    add(
        "stack Laplacian L·x (TriBoxStackLaplacian._mv, as LOBPCG calls it)",
        "FFT pair + 1 cumsum",
        combined((1, pair), (1, cumsum)),
        "stack _mv",
        fft_len=N,
    )
    floors = {k[len("floor ") :]: v for k, v in res.items() if k.startswith("floor ")}
    floors["entry check"] = res["entry check"]
    return rows, floors


def network_rows(sides: dict, T: int, rounds: int) -> list[dict]:
    """N_D·x and N_Dᵀ·y at full depth against D·(3 cumsums), with the parts a layer is made of, measured apart."""
    x = np.random.default_rng(2).standard_normal(T)
    nets = {side: network(mods, T) for side, mods in sides.items()}
    D = T.bit_length()
    after = sides["after"]
    layers = after["network"].network_layers(T, D, after["operators"].Cesaro, after["network"].default_gate())
    tri = [after["operators"].TriBox(T, layer.bandwidth) for layer in layers]
    ces = after["operators"].Cesaro(T)
    out = np.empty(T)

    def in_place_layers():
        """The same layers, each summed in place into its Cesàro product (what a composite that accumulates in
        place would do): two arrays per layer instead of the eight that Sum, Scaled and Identity allocate."""
        y = x
        for layer, M in zip(layers, tri):
            z = np.cumsum(y)
            z *= ces._inv_i
            z += y
            m = M._mv(y)
            m *= layer.gate
            z += m
            y = z
        return y

    def products(ops):
        for op in ops:
            op._mv(x)

    cases = {"floor cumsums": lambda: [np.cumsum(x, out=out) for _ in range(3 * D)]}
    for side, net in nets.items():
        cases[f"{side} N_D mv"] = lambda net=net: net.mv(x)
        cases[f"{side} N_D rmv"] = lambda net=net: net.rmv(x)
    cases["after D triBox products"] = lambda: products(tri)
    cases["after D Cesàro products"] = lambda: products([ces] * D)
    cases["after the layers summed in place"] = in_place_layers
    res = race(cases, rounds)
    floor = res["floor cumsums"]
    rows = []
    for key, path in (
        ("N_D mv", "network N_D·x (uniform causal attention, D = ⌊log₂T⌋+1)"),
        ("N_D rmv", "network N_Dᵀ·y (same)"),
    ):
        row = {
            "path": path,
            "T": T,
            "depth": D,
            "floor": f"{D} layers × 3 cumsums",
            "floor_wall": floor["wall"],
            "floor_cpu": floor["cpu"],
        }
        for side in sides:
            row[side] = against(res[f"{side} {key}"], floor)
        rows.append(row)
    rows[0]["parts"] = {
        k[len("after ") :]: against(v, floor) for k, v in res.items() if k.startswith("after ") and "N_D" not in k
    }
    return rows


def stack_rows(sides: dict, T: int, rounds: int) -> list[dict]:
    """The stack matvec at T alone (10⁷: the workspaces and the FFT scratch are hundreds of MB)."""
    x = np.random.default_rng(3).standard_normal(T)
    stacks = {side: mods["solvers"].tribox_stack_laplacian(T) for side, mods in sides.items()}
    N = stacks["after"]._fft_len
    floors = floor_cases(T, N, x)
    cases = {
        "floor cumsum": floors["cumsum"],
        "floor fft pair": floors["fft pair"],
        "elementwise pass": floors["elementwise pass"],
    }
    cases.update({f"{side} stack _mv": lambda L=L: L._mv(x) for side, L in stacks.items()})
    res = race(cases, rounds)
    floor = combined((1, res["floor fft pair"]), (1, res["floor cumsum"]))
    row = {
        "path": "stack Laplacian L·x (TriBoxStackLaplacian._mv, as LOBPCG calls it)",
        "T": T,
        "fft_len": N,
        "floor": "FFT pair + 1 cumsum",
        "floor_wall": floor["wall"],
        "floor_cpu": floor["cpu"],
        "cumsum": res["floor cumsum"],
        "elementwise_pass": res["elementwise pass"],
    }
    for side in sides:
        row[side] = against(res[f"{side} stack _mv"], floor)
    return [row]


# --------------------------------------------------------------------------- real μ₂, part by part


class _Clock:
    """Wall and CPU seconds spent in the calls it wraps, how many, whether one is running now, and the part of
    that time spent while the clock ``within`` was running."""

    def __init__(self, within: "_Clock | None" = None):
        self.wall = self.cpu = self.inside_wall = self.inside_cpu = 0.0
        self.calls = 0
        self.running = False
        self.within = within

    def wrap(self, fn):
        def timed(*args, **kwargs):
            self.running = True
            inside = self.within is not None and self.within.running
            c0, t0 = time.process_time(), time.perf_counter()
            try:
                return fn(*args, **kwargs)
            finally:
                dw, dc = time.perf_counter() - t0, time.process_time() - c0
                self.wall += dw
                self.cpu += dc
                if inside:
                    self.inside_wall += dw
                    self.inside_cpu += dc
                self.calls += 1
                self.running = False

        return timed


class _Patched:
    """Module attributes replaced for the duration of a ``with`` block (the library calls a solve makes)."""

    def __init__(self, replacements: list):
        self.replacements = replacements  # (module, name, new)

    def __enter__(self):
        self.saved = [(module, name, getattr(module, name)) for module, name, _ in self.replacements]
        for module, name, new in self.replacements:
            setattr(module, name, new)

    def __exit__(self, *exc):
        for module, name, old in self.saved:
            setattr(module, name, old)


def solve_parts(mods: dict, T: int) -> dict:
    """One real μ₂ solve (cosine preconditioner, tol 1e-10) with the time of each part recorded.

    Besides the parts (operator, preconditioner setup, matvecs, preconditioner applications, lobpcg), the
    library transforms are timed where they run: the FFTs inside the matvecs and the DCTs inside the
    preconditioner applications, so the floor can be counted from the transforms as this solve ran them
    (a transform's cost depends on the allocator's state: in a solve pocketfft's scratch comes back without
    page faults, in a tight loop of pairs it is faulted in again every call)."""
    solvers = mods["solvers"]
    lob = _Clock()
    mv, prec = _Clock(within=lob), _Clock(within=lob)
    in_mv, in_prec = _Clock(), _Clock()

    def transform(fn):
        def timed(*args, **kwargs):
            clock = in_mv if mv.running else in_prec if prec.running else None
            return fn(*args, **kwargs) if clock is None else clock.wrap(fn)(*args, **kwargs)

        return timed

    setup = {}

    def make_preconditioner(laplacian, degree):
        c0, t0 = time.process_time(), time.perf_counter()
        apply = solvers.cosine_preconditioner(laplacian, degree, shift=1.0)
        setup["preconditioner_wall"], setup["preconditioner_cpu"] = time.perf_counter() - t0, time.process_time() - c0
        return prec.wrap(apply)

    library = [(np.fft, name, transform(getattr(np.fft, name))) for name in ("rfft", "irfft")]
    library += [(scipy.fft, name, transform(getattr(scipy.fft, name))) for name in ("rfft", "irfft", "dct", "idct")]
    library.append((scipy.sparse.linalg, "lobpcg", lob.wrap(scipy.sparse.linalg.lobpcg)))
    load = [os.getloadavg()[0]]
    f0, c0, t0 = _faults(), time.process_time(), time.perf_counter()
    L = solvers.tribox_stack_laplacian(T)
    setup["operator_wall"], setup["operator_cpu"] = time.perf_counter() - t0, time.process_time() - c0
    L._mv = mv.wrap(L._mv)
    with _Patched(library):
        e = solvers.laplacian_algebraic_connectivity(L, preconditioner=make_preconditioner)
    wall, cpu = time.perf_counter() - t0, time.process_time() - c0
    load.append(os.getloadavg()[0])
    return {
        "T": T,
        "value": e.value,
        "lower": e.lower,
        "upper": e.upper,
        "iterations": e.iterations,
        "matvecs": mv.calls,
        "preconditioner_calls": prec.calls,
        "wall": wall,
        "cpu": cpu,
        "faults": _faults() - f0,
        "load": load,
        **setup,
        "matvec_wall": mv.wall,
        "matvec_cpu": mv.cpu,
        "preconditioner_apply_wall": prec.wall,
        "preconditioner_apply_cpu": prec.cpu,
        "lobpcg_own_wall": lob.wall - mv.inside_wall - prec.inside_wall,
        "lobpcg_own_cpu": lob.cpu - mv.inside_cpu - prec.inside_cpu,
        "fft_in_matvecs_wall": in_mv.wall,
        "fft_in_matvecs_cpu": in_mv.cpu,
        "fft_calls": in_mv.calls,
        "dct_in_preconditioner_wall": in_prec.wall,
        "dct_in_preconditioner_cpu": in_prec.cpu,
        "dct_calls": in_prec.calls,
    }


def mu2_rows(sides: dict, T: int, rounds: int, floors: dict) -> dict:
    """Real μ₂ at T, each side ``rounds`` times interleaved; the best solve of each side against its parts' floors.

    Two floors: the transforms as this solve ran them (the stricter: no page faults in them there) plus a cumsum
    per matvec plus LOBPCG's own work; and the same with the isolated pairs of the floor table."""
    solves = {side: [] for side in sides}
    for _ in range(rounds):
        for side, mods in sides.items():
            solves[side].append(solve_parts(mods, T))
    out = {"T": T, "floors": {k: floors[k] for k in ("fft pair", "cumsum", "dct pair")}}
    for side, runs in solves.items():
        row = {"runs": runs}
        for clock, name in (("wall", "wall"), ("cpu", "cpu")):
            r = min(runs, key=lambda run: run[clock])
            cumsums = r["matvecs"] * floors["cumsum"][clock]
            in_solve = (
                r[f"fft_in_matvecs_{clock}"] + cumsums + r[f"dct_in_preconditioner_{clock}"] + r[f"lobpcg_own_{clock}"]
            )
            isolated = (
                r["matvecs"] * floors["fft pair"][clock]
                + cumsums
                + r["preconditioner_calls"] * floors["dct pair"][clock]
                + r[f"lobpcg_own_{clock}"]
            )
            row[f"best_{name}"] = r
            row[f"floor_{name}"], row[f"ratio_{name}"] = in_solve, r[clock] / in_solve
            row[f"isolated_floor_{name}"], row[f"isolated_ratio_{name}"] = isolated, r[clock] / isolated
        out[side] = row
    return out


# --------------------------------------------------------------------------- report


def environment(baseline: str) -> dict:
    head = subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True
    ).stdout.strip()
    dirty = subprocess.run(["git", "status", "--porcelain", "theory"], cwd=ROOT, capture_output=True, text=True).stdout
    cpu = ""
    try:
        cpu = next(line.split(":", 1)[1].strip() for line in open("/proc/cpuinfo") if line.startswith("model name"))
    except (OSError, StopIteration):
        pass
    return {
        "date": time.strftime("%Y-%m-%d %H:%M"),
        "python": platform.python_version(),
        "numpy": np.__version__,
        "scipy": scipy.__version__,
        "threadpoolctl": threadpoolctl.__version__,
        "cpu": cpu,
        "cores": os.cpu_count(),
        "threads": 1,
        "after": head + (" + uncommitted theory/" if dirty else ""),
        "before": baseline,
    }


from floors_report import markdown, verdicts, why  # noqa: E402 (the report, beside this file)


def run(args) -> dict:
    threadpool_limits(1)
    base = baseline_package(args.baseline)
    import specproof.theory

    sides = {"before": modules(base), "after": modules(specproof.theory)}
    rows, floors = kernel_rows(sides, 2**12 if args.quick else 10**6, args.rounds)
    rows += network_rows(sides, 2**12 if args.quick else 2**20, args.network_rounds)
    rows += stack_rows(sides, 2**14 if args.quick else 10**7, args.big_rounds)
    res = {
        "benchmark": "bench_floors",
        "environment": environment(args.baseline),
        "floors_1e6": floors,
        "triad": triad(),
        "kernels": rows,
    }
    if not args.no_mu2:
        res["mu2"] = [mu2_rows(sides, 2**12 if args.quick else 10**6, args.mu2_rounds, floors)]
    res["targets"] = verdicts(res)
    res["why"] = why(res)
    return res


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--baseline", default=BASELINE, help="git revision measured as 'before'")
    p.add_argument("--rounds", type=int, default=15, help="rounds of the T = 10⁶ kernels")
    p.add_argument("--network-rounds", type=int, default=5, help="rounds of the network at T = 2^20")
    p.add_argument("--big-rounds", type=int, default=3, help="rounds of the T = 10⁷ matvec")
    p.add_argument("--mu2-rounds", type=int, default=3, help="μ₂ solves per side")
    p.add_argument("--no-mu2", action="store_true", help="skip the μ₂ solves")
    p.add_argument("--quick", action="store_true", help="small sizes, prints only")
    p.add_argument("--render", action="store_true", help="re-render floors.md from floors.json")
    args = p.parse_args(argv)
    out = ROOT / "benchmarks" / "results"
    if args.render:
        res = json.loads((out / "floors.json").read_text(encoding="utf-8"))
        (out / "floors.md").write_text(markdown(res), encoding="utf-8")
        return 0
    res = run(args)
    text = markdown(res)
    print(text)
    if not args.quick:
        (out / "floors.json").write_text(json.dumps(res, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        (out / "floors.md").write_text(text, encoding="utf-8")
        print(f"wrote {out / 'floors.json'} and {out / 'floors.md'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
