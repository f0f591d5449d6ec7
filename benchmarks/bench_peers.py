"""Benchmark: the structured paths against the best library solvers on the same matvec, and their floors.

Where bench_spectral.py compares with the dense peers, this one hands each structured operator, as a
scipy LinearOperator with the very same matvec, to the iterative solvers a numerical analyst would use:

* λ₂ of the real triBox Laplacian (TRSP §C.1): specproof (scipy lobpcg, constant vector deflated,
  cosine-transform preconditioner) against scipy lobpcg without preconditioner and with Jacobi, ARPACK
  eigsh on the shifted operator 2·d_max·I − L (largest end, the constant vector deflated in the
  matvec), and PRIMME's eigsh (no preconditioner, and with the same cosine preconditioner);
* ‖A‖₂ of the Cesàro matrix, of causal canonical attention and of a distal triBox (b = T/4): specproof
  (ARPACK Lanczos on AᵀA with its bracket) against scipy svds (ARPACK, PROPACK, LOBPCG) and PRIMME's svds.

**Equal accuracy.** Every method is asked for the same relative residual, 1e-10, and its residual is
measured afterwards from the vector it returns (‖Mx − θx‖/|θ| for the eigenpair of the matrix M the
method iterates on; for the norm, ‖AᵀAv − σ²v‖/σ² of the right singular vector); a ratio is reported
only between methods whose measured residual is ≤ 1e-10 (else the row says so). Ratios are of wall
times in one run, one method after the other, each single-threaded.

**Floors.** Each structured matvec is set against the floor of its own algorithm, measured in the same run
into preallocated arrays (benchmarks/bench_floors.py, which also times the code before and after): a numpy
cumsum per prefix sum (a chain of dependent additions, latency-bound), one rfft + irfft pair of length
N ≥ 2T − 1 for the stack Laplacian's bulk. The DRAM triad (a = b + s·c on 2^24 doubles, in place: numpy
moves 5 × 8 bytes per entry, counted as such) is the second line: compulsory traffic over time, a fraction
of that rate, for scale only (at T = 10⁶ the vectors fit in cache).

    python benchmarks/bench_peers.py                 # T = 10⁶, writes benchmarks/results/peers.{json,md}
    python benchmarks/bench_peers.py --sizes 65536   # other sizes (prints only unless --write)
    python benchmarks/bench_peers.py --iterations 4 7   # real μ₂: iterations, matvecs, time at T = 10⁴ … 10⁷
    python benchmarks/bench_peers.py --render        # re-render the markdown from the committed JSON
"""

from __future__ import annotations

import argparse
import importlib.metadata
import importlib.util
import json
import math
import os
import sys
import time
import warnings
from pathlib import Path

for _var in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")

import numpy as np  # noqa: E402
import scipy.fft  # noqa: E402, F401  (imported before timing: the FFT floor measures transforms, not imports)
import scipy.sparse.linalg as sla  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))
TOL = 1e-10
HAVE_PRIMME = importlib.util.find_spec("primme") is not None


# --------------------------------------------------------------------------- roofline


def triad_bandwidth(n: int = 1 << 24, repeats: int = 5) -> dict:
    """Bytes per second numpy moves in a = b + s·c (two in-place passes: 5 × 8 bytes per entry)."""
    rng = np.random.default_rng(0)
    a, b, c = np.empty(n), rng.random(n), rng.random(n)
    best = math.inf
    for _ in range(repeats):
        t0 = time.perf_counter()
        np.multiply(c, 3.0, out=a)
        np.add(a, b, out=a)
        best = min(best, time.perf_counter() - t0)
    copy_best = math.inf
    for _ in range(repeats):
        t0 = time.perf_counter()
        np.copyto(a, b)
        copy_best = min(copy_best, time.perf_counter() - t0)
    return {
        "entries": n,
        "triad_bytes_per_s": 40.0 * n / best,
        "stream_triad_bytes_per_s": 24.0 * n / best,
        "copy_bytes_per_s": 16.0 * n / copy_best,
    }


def roofline_rows(T: int, bandwidth: float) -> list[dict]:
    """Each structured matvec at size T: seconds, the floor of its algorithm and the ratio; triad fraction beside."""
    from bench_floors import floor_cases, modules, network, race

    import specproof.theory
    from specproof.runs.sweeps.table import spike_bulk_scores
    from specproof.theory.operators import Cesaro, SoftmaxAttention, TriBox
    from specproof.theory.solvers import tribox_stack_laplacian

    x = np.random.default_rng(1).standard_normal(T)
    L = tribox_stack_laplacian(T)
    D = T.bit_length()
    cases = [
        (
            "real triBox Laplacian L·x",
            L,
            3,
            {"fft pair": 1, "cumsum": 1},
            (
                "one real FFT pair of length ≥ 2T for the Toeplitz bulk (compute-bound) plus six prefix sums and ~26 "
                "elementwise passes for the boundary heads"
            ),
        ),
        ("Cesàro H·x", Cesaro(T), 3, {"cumsum": 1}, "a prefix sum and a scaling"),
        ("Cesàro Hᵀ·y", Cesaro(T), 3, {"cumsum": 1}, "reversed prefix sum of a scaled vector"),
        (
            "causal attention A_c·x",
            SoftmaxAttention(spike_bulk_scores(T), causal=True),
            4,
            {"cumsum": 1},
            "prefix sum, subtraction and two scalings",
        ),
        (
            "triBox M_tri·x (b = T/4)",
            TriBox(T, T // 4),
            2,
            {"cumsum": 2},
            "two boxes, each a prefix sum, a difference and a division, in place",
        ),
        (
            f"network N_D·x (uniform causal attention, D = {D})",
            network(modules(specproof.theory), T),
            2,
            {"cumsum": 3 * D},
            "D layers one after the other, each I + A + g·M_tri: a Cesàro prefix sum and two boxes",
        ),
    ]
    timed = race(
        {name: lambda op=op, name=name: op.rmv(x) if "ᵀ" in name else op.mv(x) for name, op, *_ in cases}
        | {f"floor {k}": fn for k, fn in floor_cases(T, L._fft_len, x).items()},
        5,
    )
    rows = []
    for name, op, arrays, floor, why in cases:
        seconds = timed[name]["wall"]
        floor_seconds = sum(k * timed[f"floor {part}"]["wall"] for part, k in floor.items())
        compulsory = 8.0 * T * arrays
        rows.append(
            {
                "matvec": name,
                "T": T,
                "seconds": seconds,
                "load": timed[name]["load"],
                "floor": " + ".join(f"{k} {part}" for part, k in floor.items()),
                "floor_seconds": floor_seconds,
                "ratio_to_floor": seconds / floor_seconds,
                "compulsory_bytes": compulsory,
                "fraction_of_limit": compulsory / seconds / bandwidth,
                "why": why,
            }
        )
    return rows


# --------------------------------------------------------------------------- λ₂ of the real Laplacian


class _Counted:
    def __init__(self, fn):
        self.fn, self.n = fn, 0

    def __call__(self, v):
        v = np.asarray(v)
        self.n += 1 if v.ndim == 1 or v.shape[-1] == 1 else v.shape[1]
        return self.fn(v)


def _eig_residual(L, x, theta):
    x = x / np.linalg.norm(x)
    return float(np.linalg.norm(L.mv(x) - theta * x) / abs(theta))


def real_mu2_rows(T: int) -> list[dict]:
    from specproof.theory import solvers

    L = solvers.tribox_stack_laplacian(T)
    degree = L.diagonal()
    one = np.ones(T) / math.sqrt(T)
    profile = np.cos(np.pi * (np.arange(T) + 0.5) / T)
    x0 = profile + 1e-3 / math.sqrt(T) * np.random.default_rng(0).standard_normal(T)
    rows = []

    def record(method, run):
        t0 = time.perf_counter()
        theta, x, matvecs, note = run()
        seconds = time.perf_counter() - t0
        rows.append(
            {
                "case": "real-mu2",
                "T": T,
                "method": method,
                "seconds": seconds,
                "value": float(theta),
                "matvecs": matvecs,
                "relative_residual": _eig_residual(L, x, theta),
                "note": note,
            }
        )

    t0 = time.perf_counter()
    e = solvers.laplacian_algebraic_connectivity(L, preconditioner="cosine")  # the operator every method shares
    rows.append(
        {
            "case": "real-mu2",
            "T": T,
            "method": "specproof (scipy lobpcg + cosine preconditioner, bracket)",
            "seconds": time.perf_counter() - t0,
            "value": e.value,
            "matvecs": e.matvecs,
            "relative_residual": e.residual / abs(e.value),
            "note": f"bracket [{e.lower:.12g}, {e.upper:.12g}]",
        }
    )

    def lobpcg(M):
        def run():
            A = _Counted(L.mv)
            op = sla.LinearOperator((T, T), matvec=A, matmat=A, dtype=float)
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                w, V = sla.lobpcg(op, x0[:, None].copy(), Y=one[:, None], M=M, tol=TOL, maxiter=2000, largest=False)
            return w[0], V[:, 0], A.n, ""

        return run

    jac = sla.LinearOperator((T, T), matvec=lambda r: np.asarray(r).reshape(T, -1) / degree[:, None], dtype=float)
    record("scipy lobpcg, no preconditioner", lobpcg(None))
    record("scipy lobpcg, Jacobi", lobpcg(jac))

    shift = 2.0 * float(degree.max())

    def eigsh_shifted():
        def apply(v):
            v = np.asarray(v).ravel()
            v = v - one * (one @ v)
            w = shift * v - L.mv(v)
            return w - one * (one @ w)

        A = _Counted(apply)
        op = sla.LinearOperator((T, T), matvec=A, dtype=float)
        # ARPACK's tol is relative to the eigenvalue it iterates on (≈ shift); ask for TOL relative to λ₂ ≥ 1/2
        w, V = sla.eigsh(op, k=1, which="LA", v0=x0, tol=TOL * 0.5 / shift)
        return shift - w[0], V[:, 0], A.n, f"on {shift:.3g}·I − L, kernel projected out"

    record("scipy eigsh (ARPACK) on the shifted operator", eigsh_shifted)
    if HAVE_PRIMME:
        import primme

        precond = solvers.cosine_preconditioner(L, degree, shift=1.0)

        def primme_run(with_precond):
            def run():
                A = _Counted(L.mv)
                op = sla.LinearOperator((T, T), matvec=A, matmat=A, dtype=float)
                kwargs = (
                    {"OPinv": sla.LinearOperator((T, T), matvec=precond, matmat=precond, dtype=float)}
                    if with_precond
                    else {}
                )
                # PRIMME's tol is relative to its estimate of ‖L‖ ≤ 2·d_max: ask for TOL relative to λ₂ ≥ 1/2
                w, V = primme.eigsh(
                    op,
                    k=1,
                    which="SA",
                    v0=x0[:, None],
                    lock=one[:, None],
                    tol=TOL * 0.5 / shift,
                    maxiter=100000,
                    **kwargs,
                )
                return w[0], V[:, 0], A.n, ""

            return run

        record("PRIMME eigsh (default method), no preconditioner", primme_run(False))
        record("PRIMME eigsh, the same cosine preconditioner", primme_run(True))
    return rows


# --------------------------------------------------------------------------- ‖A‖₂


def norm_rows(T: int) -> list[dict]:
    from specproof.runs.sweeps.table import spike_bulk_scores
    from specproof.theory import solvers
    from specproof.theory.operators import Cesaro, SoftmaxAttention, TriBox

    rows = []
    for case, op in (
        ("cesaro-norm", Cesaro(T)),
        ("causal-norm", SoftmaxAttention(spike_bulk_scores(T), causal=True)),
        ("tribox-norm", TriBox(T, T // 4)),
    ):

        def residual(v, sigma):
            v = v / np.linalg.norm(v)
            return float(np.linalg.norm(op.rmv(op.mv(v)) - sigma**2 * v) / sigma**2)

        t0 = time.perf_counter()
        e = solvers.spectral_norm(op)
        rows.append(
            {
                "case": case,
                "T": T,
                "method": "specproof (ARPACK Lanczos on AᵀA, bracket)",
                "seconds": time.perf_counter() - t0,
                "value": e.value,
                "matvecs": e.matvecs,
                "relative_residual": e.residual / e.value**2,
                "note": f"bracket [{e.lower:.12g}, {e.upper:.12g}]",
            }
        )
        for solver in ("arpack", "propack", "lobpcg"):
            mv, rmv = _Counted(op.mv), _Counted(op.rmv)
            lin = sla.LinearOperator((T, T), matvec=mv, rmatvec=rmv, matmat=mv, rmatmat=rmv, dtype=float)
            t0 = time.perf_counter()
            try:
                # svds hands lobpcg tol² (its residual is on AᵀA); the measured residual decides either way
                tol = math.sqrt(TOL) if solver == "lobpcg" else TOL
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore")
                    u, s, vt = sla.svds(lin, k=1, tol=tol, solver=solver, random_state=0, maxiter=500)
                sigma, v, note = float(s[0]), vt[0], ""
            except Exception as exc:  # a solver that fails is reported, not fatal
                sigma, v, note = math.nan, None, f"{type(exc).__name__}: {exc}"
            seconds = time.perf_counter() - t0
            rows.append(
                {
                    "case": case,
                    "T": T,
                    "method": f"scipy svds ({solver})",
                    "seconds": seconds,
                    "value": sigma,
                    "matvecs": mv.n + rmv.n,
                    "relative_residual": residual(v, sigma) if v is not None else math.nan,
                    "note": note,
                }
            )
        if HAVE_PRIMME:
            import primme

            mv, rmv = _Counted(op.mv), _Counted(op.rmv)
            lin = sla.LinearOperator((T, T), matvec=mv, rmatvec=rmv, matmat=mv, rmatmat=rmv, dtype=float)
            t0 = time.perf_counter()
            u, s, vt = primme.svds(lin, k=1, tol=TOL, which="LM")
            rows.append(
                {
                    "case": case,
                    "T": T,
                    "method": "PRIMME svds",
                    "seconds": time.perf_counter() - t0,
                    "value": float(s[0]),
                    "matvecs": mv.n + rmv.n,
                    "relative_residual": residual(vt[0], float(s[0])),
                    "note": "",
                }
            )
    return rows


# --------------------------------------------------------------------------- iterations against T


def iteration_rows(lo: int, hi: int) -> list[dict]:
    from specproof.theory import solvers

    rows = []
    for m in range(lo, hi + 1):
        T = 10**m
        t0 = time.perf_counter()
        e = solvers.real_tribox_algebraic_connectivity(T)
        rows.append(
            {
                "T": T,
                "seconds": time.perf_counter() - t0,
                "iterations": e.iterations,
                "matvecs": e.matvecs,
                "value": e.value,
                "lower": e.lower,
                "upper": e.upper,
                "residual": e.residual,
            }
        )
        print(json.dumps(rows[-1]), flush=True)
    return rows


# --------------------------------------------------------------------------- report


def _ratios(rows):
    """Per case: each method's time over the structured path's, where both reach the residual target."""
    out = {}
    for case in dict.fromkeys(r["case"] for r in rows):
        group = [r for r in rows if r["case"] == case]
        base = group[0]
        for r in group:
            ok = r["relative_residual"] <= TOL * 1.0001 and base["relative_residual"] <= TOL * 1.0001
            r["ratio"] = r["seconds"] / base["seconds"] if ok else None
            r["equal_accuracy"] = bool(ok)
        out[case] = min((r["ratio"] for r in group[1:] if r["ratio"] is not None), default=None)
    return out


WHY = (
    (
        "- **≥ 3× the best library peer.** Each structured path *is* a library Krylov solver (scipy's LOBPCG, ARPACK's"
        " Lanczos) on the project's O(T) or O(T log T) matvec, plus a rigorous bracket computed afterwards; what it"
        " adds over a peer on the same matvec is the preconditioner, the start vector and the bracket, not a faster"
        " iteration. So it beats the peers that lack these by 4–6× (real μ₂: scipy lobpcg without preconditioner,"
        " ARPACK on the shifted operator, PRIMME without preconditioner) and ties or loses to a peer given the same"
        " help: PRIMME with the same cosine preconditioner takes about the same time (its iteration is leaner, its"
        " matvec count a little higher), and for norms scipy's PROPACK (Golub–Kahan bidiagonalisation on A itself)"
        " reaches equal accuracy in fewer products than Lanczos on AᵀA. A 3× margin over the best of them would need a"
        " better algorithm than a Krylov method for one extreme eigenpair, which this benchmark does not have; the"
        " ratios are kept as measured."
    ),
    (
        "- **Against the floors.** Each matvec's ratio to the floor of its own algorithm (its cumsums, its FFT pair) is"
        " in the table above and, before and after the workspaces, in benchmarks/results/floors.md, with why the ratios"
        " above 1.3× stay there. The DRAM-triad fraction is kept as a second line only: a cumsum is latency-bound (a"
        " few ns per entry), so a prefix-sum matvec at 90 % of its cumsum floor reads as 15–17 % of the triad."
    ),
)


STORED = ("network-uniform", "network-sink", "network-softmax", "network-isolated", "real-attention")


def stored_rows() -> list[dict]:
    """Per stored sweep of the network and real-attention: rows, the largest x and the recorded seconds."""
    out = []
    for sweep in STORED:
        path = ROOT / "data" / f"{sweep}.jsonl"
        if not path.exists():
            continue
        rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
        rows = [r for r in rows if "seconds" in r]
        if not rows:
            continue
        top = max(rows, key=lambda r: (r["x"], r["seconds"]))
        out.append(
            {
                "sweep": sweep,
                "rows": len(rows),
                "largest_x": top["x"],
                "largest_seconds": top["seconds"],
                "total_seconds": sum(r["seconds"] for r in rows),
            }
        )
    return out


def targets(res: dict) -> list[dict]:
    """The issue's targets, each with what this run measured ('not measured' where it did not run)."""
    it = {r["T"]: r for r in res.get("iterations", [])}
    out = []
    for T, limit in ((10**6, 10.0), (10**7, 120.0)):
        r = it.get(T)
        out.append(
            {
                "target": f"real triBox μ₂ with its bracket at T = {T:.0e} in under {limit:.0f} s",
                "measured": f"{r['seconds']:.3g} s" if r else "not measured",
                "met": ("yes" if r["seconds"] < limit else "no") if r else "—",
            }
        )
    if 10**4 in it and 10**7 in it:
        a, b = it[10**4]["iterations"], it[10**7]["iterations"]
        out.append(
            {
                "target": "iterations at T = 10⁷ within 2× of those at T = 10⁴",
                "measured": f"{b} against {a}",
                "met": "yes" if b <= 2 * a else "no",
            }
        )
    for case, r in res["smallest_ratio"].items():
        out.append(
            {
                "target": f"{case}: ≥ 3× the best library peer at equal accuracy",
                "measured": f"{r:.3g}×" if r is not None else "no peer reached the residual",
                "met": ("yes" if r >= 3 else "no") if r is not None else "—",
            }
        )
    worst = max(res["roofline"], key=lambda r: r.get("ratio_to_floor", math.inf)) if res["roofline"] else None
    if worst and "ratio_to_floor" in worst:
        out.append(
            {
                "target": "every structured matvec within 1.3× the floor of its algorithm",
                "measured": f"highest {worst['ratio_to_floor']:.2f}× ({worst['matvec']}, T = {worst['T']})",
                "met": "yes" if worst["ratio_to_floor"] <= 1.3 else "no",
            }
        )
    return out


def markdown(res: dict) -> str:
    m = res["machine"]
    bw = res["bandwidth"]
    out = [
        f"# Structured paths against library solvers on the same matvec (specproof {res['specproof']})",
        "",
        (
            f"Machine: {m['cpu']} · {m['cores']} cores · numpy {m['numpy']}, scipy {m['scipy']}, PRIMME"
            f" {res['primme'] or 'not installed'} · {m['date']} · load average {res['load_average'][0]:.1f} before the"
            " run · single-threaded."
        ),
        "",
        (
            "Second line, memory bandwidth (numpy triad a = b + s·c, 2^24 doubles, bytes numpy moves):"
            f" {bw['triad_bytes_per_s'] / 1e9:.3g} GB/s (STREAM counting: {bw['stream_triad_bytes_per_s'] / 1e9:.3g}"
            f" GB/s; copy {bw['copy_bytes_per_s'] / 1e9:.3g} GB/s)."
        ),
        "",
    ]
    if res["roofline"] and "ratio_to_floor" in res["roofline"][0]:
        out += [
            "## The structured matvecs against the floors of their algorithms",
            "",
            "| matvec | T | seconds | load | floor | floor seconds | ratio | triad fraction | why |",
            "| --- | --- | --- | --- | --- | --- | --- | --- | --- |",
        ]
        for r in res["roofline"]:
            out.append(
                f"| {r['matvec']} | {r['T']} | {r['seconds']:.3g} | {r['load'][0]:.1f}→{r['load'][1]:.1f} | "
                f"{r['floor']} | {r['floor_seconds']:.3g} | {r['ratio_to_floor']:.2f}× | "
                f"{100 * r['fraction_of_limit']:.2g} % | {r['why']} |"
            )
    else:  # a run from before the floors: the bandwidth fraction only, which the floors replace
        out += [
            (
                "## Roofline of the structured matvecs (bandwidth fraction only: superseded by the floors of "
                "benchmarks/results/floors.md)"
            ),
            "",
            "| matvec | T | seconds | compulsory bytes | fraction of the limit | why |",
            "| --- | --- | --- | --- | --- | --- |",
        ]
        for r in res["roofline"]:
            out.append(
                f"| {r['matvec']} | {r['T']} | {r['seconds']:.3g} | {r['compulsory_bytes'] / 1e6:.3g} MB | "
                f"{100 * r['fraction_of_limit']:.2g} % | {r['why']} |"
            )
    out += [
        "",
        f"## Side by side at equal accuracy (relative residual ≤ {TOL:g}, measured)",
        "",
        "ratio = method time / structured time, only where both reach the residual.",
        "",
        "| case | T | method | seconds | ratio | matvecs | relative residual | value | note |",
        "| --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    for r in res["rows"]:
        ratio = (
            "1 (structured)"
            if r["method"].startswith("specproof")
            else (f"{r['ratio']:.3g}×" if r["ratio"] is not None else "not at equal accuracy")
        )
        out.append(
            f"| {r['case']} | {r['T']} | {r['method']} | {r['seconds']:.3g} | {ratio} | {r['matvecs']} | "
            f"{r['relative_residual']:.2g} | {r['value']:.12g} | {r['note']} |"
        )
    out += ["", "Smallest ratio to a library peer at equal accuracy (target ≥ 3×):", ""]
    for case, r in res["smallest_ratio"].items():
        out.append(
            f"- {case}: "
            + (f"{r:.3g}× ({'met' if r >= 3 else 'not met'})" if r is not None else "no peer reached the residual")
        )
    out += ["", "## Targets", "", "| target | measured | met |", "| --- | --- | --- |"]
    for t in res["targets"]:
        out.append(f"| {t['target']} | {t['measured']} | {t['met']} |")
    if res.get("stored"):
        out += [
            "",
            "## The composed network and real attention: times recorded in the sweep store",
            "",
            (
                "Each row of `data/<sweep>.jsonl` records the seconds it took when it was computed (these rows "
                "ran on the shared machine, load average 6–10, so they are upper bounds; their matvec is in the "
                "floors table above)."
            ),
            "",
            "| sweep | rows | largest x | its seconds | all rows, seconds |",
            "| --- | --- | --- | --- | --- |",
        ]
        for r in res["stored"]:
            out.append(
                f"| {r['sweep']} | {r['rows']} | {r['largest_x']} | {r['largest_seconds']:.3g} | "
                f"{r['total_seconds']:.3g} |"
            )
    out += ["", "## Where a target is not met, and why", "", *WHY, ""]
    if res.get("iterations"):
        out += [
            "",
            "## Real μ₂ against T (scipy lobpcg + cosine preconditioner, tol 1e-10)",
            "",
            "| T | iterations | matvecs | seconds | λ₂ | bracket | residual |",
            "| --- | --- | --- | --- | --- | --- | --- |",
        ]
        for r in res["iterations"]:
            out.append(
                f"| {r['T']:.0e} | {r['iterations']} | {r['matvecs']} | {r['seconds']:.3g} | {r['value']:.10g} | "
                f"[{r['lower']:.10g}, {r['upper']:.10g}] | {r['residual']:.2g} |"
            )
    return "\n".join(out) + "\n"


def main(argv=None) -> int:
    from bench_spectral import machine

    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--sizes", nargs="+", type=int, default=[10**6], help="sizes T (default 10⁶)")
    p.add_argument(
        "--iterations",
        nargs=2,
        type=int,
        metavar=("LO", "HI"),
        default=None,
        help="also the real μ₂ ladder at T = 10^LO … 10^HI",
    )
    p.add_argument(
        "--write",
        action="store_true",
        help="write benchmarks/results/peers.{json,md} (default when --sizes is not given)",
    )
    p.add_argument(
        "--render",
        action="store_true",
        help="only re-render benchmarks/results/peers.md from peers.json (the stored-sweep table re-read)",
    )
    args = p.parse_args(argv)
    from specproof import __version__

    if args.render:
        out = ROOT / "benchmarks" / "results"
        res = json.loads((out / "peers.json").read_text(encoding="utf-8"))
        res["stored"] = stored_rows()
        res["targets"] = targets(res)
        (out / "peers.json").write_text(json.dumps(res, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        (out / "peers.md").write_text(markdown(res), encoding="utf-8")
        return 0

    load = os.getloadavg()
    bandwidth = triad_bandwidth()
    rows, roofline = [], []
    for T in args.sizes:
        roofline += roofline_rows(T, bandwidth["triad_bytes_per_s"])
        rows += real_mu2_rows(T)
        rows += norm_rows(T)
    smallest = _ratios(rows)
    res = {
        "benchmark": "bench_peers",
        "specproof": __version__,
        "machine": machine(),
        "load_average": load,
        "primme": importlib.metadata.version("primme") if HAVE_PRIMME else None,
        "bandwidth": bandwidth,
        "roofline": roofline,
        "rows": rows,
        "smallest_ratio": smallest,
        "stored": stored_rows(),
        "iterations": iteration_rows(*args.iterations) if args.iterations else [],
    }
    res["targets"] = targets(res)
    text = markdown(res)
    print(text)
    if args.write or argv is None and "--sizes" not in sys.argv:
        out = ROOT / "benchmarks" / "results"
        out.mkdir(parents=True, exist_ok=True)
        (out / "peers.json").write_text(json.dumps(res, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        (out / "peers.md").write_text(text, encoding="utf-8")
        print(f"wrote {out / 'peers.json'} and {out / 'peers.md'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
