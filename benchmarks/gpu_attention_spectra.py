"""Dense float64 singular spectra of attention matrices at sizes the papers never reached (ℓ = 32768).

For each ℓ and each family — causal softmax attention A_c and bidirectional A_b with the SDEG §3.1
scores of `specproof sweep` (k = 3 spikes at log(ℓ log ℓ) + {0, ½, 1}, bulk on 8 levels in [0, 2]),
and the Cesàro matrix H_ℓ — the matrix is built directly on the device and all ℓ singular values
are computed by torch.linalg.svdvals in float64. Reported: σ₁, σ_min, stable rank, erank₁, erank₂,
nuclear norm, the count of σ > 1/3 (SDEG App. C), the time, and two cross-checks that do not use
the SVD: σ₁ against the matrix-free bracket of theory.solvers.spectral_norm, and Σσ² against the
closed-form Frobenius norm. Runs on the GPU when there is one (theory.backend.device()), else on the
CPU, where only small sizes are sensible:

    python benchmarks/gpu_attention_spectra.py                    # GPU: ℓ = 1024 … 32768
    python benchmarks/gpu_attention_spectra.py --min-ell 32768 --families causal   # the target alone
    python benchmarks/gpu_attention_spectra.py --max-ell 512      # CPU smoke run

Output: benchmarks/results/gpu_attention_spectra_<device type>.{json,md}.
"""

from __future__ import annotations

import argparse
import json
import platform
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

FAMILIES = ("causal", "bidirectional", "cesaro")


def build(family: str, ell: int, device):
    from specproof.runs.sweeps.table import spike_bulk_scores
    from specproof.theory.solvers import attention_matrix_torch, cesaro_matrix_torch

    if family == "cesaro":
        return cesaro_matrix_torch(ell, device=device)
    return attention_matrix_torch(spike_bulk_scores(ell), causal=family == "causal", device=device)


def operator(family: str, ell: int):
    from specproof.runs.sweeps.table import spike_bulk_scores
    from specproof.theory.operators import Cesaro, SoftmaxAttention

    if family == "cesaro":
        return Cesaro(ell)
    return SoftmaxAttention(spike_bulk_scores(ell), causal=family == "causal")


def spectrum_row(family: str, ell: int, device, driver) -> dict:
    import numpy as np
    import torch

    from specproof.theory.solvers import spectral_norm
    from specproof.theory.spectral import effective_rank, stable_rank

    def sync():
        if device.type == "cuda":
            torch.cuda.synchronize()

    if device.type == "cuda":
        torch.cuda.reset_peak_memory_stats()
    t0 = time.perf_counter()
    A = build(family, ell, device)
    sync()
    t_build = time.perf_counter() - t0
    t0 = time.perf_counter()
    s = torch.linalg.svdvals(A, driver=driver if device.type == "cuda" else None)
    sync()
    t_svd = time.perf_counter() - t0
    peak = torch.cuda.max_memory_allocated() if device.type == "cuda" else None
    del A
    s = s.cpu().numpy()
    op = operator(family, ell)
    bracket = spectral_norm(op, x0=1.0 / np.sqrt(np.arange(1, ell + 1)) if family == "cesaro" else None)
    frobenius_sq = op.frobenius_norm_sq()
    # a backward-stable SVD puts each σ_i within about 10·ℓ·eps·σ₁ of the truth (Weyl)
    svd_error = 10 * ell * float(np.finfo(float).eps) * float(s[0])
    return {
        "family": family,
        "ell": ell,
        "device": str(device),
        "dtype": "float64",
        "driver": driver,
        "seconds_build": round(t_build, 4),
        "seconds_svdvals": round(t_svd, 4),
        "peak_device_bytes": peak,
        "sigma_1": float(s[0]),
        "sigma_min": float(s[-1]),
        "stable_rank": stable_rank(s),
        "erank1": effective_rank(s, 1),
        "erank2": effective_rank(s, 2),
        "nuclear_norm": float(np.sum(s)),
        "count_above_third": int(np.count_nonzero(s > 1 / 3)),
        "sigma_1_matrix_free": [bracket.lower, bracket.upper],
        "sigma_1_in_bracket": bool(bracket.lower - svd_error <= s[0] <= bracket.upper + svd_error),
        "frobenius_sq_closed_form": frobenius_sq,
        "frobenius_relative_gap": abs(float(np.sum(s.astype(np.float64) ** 2)) - frobenius_sq) / frobenius_sq,
    }


def markdown(res: dict) -> str:
    out = [
        f"# Dense float64 attention spectra ({res['device_name']})",
        "",
        (
            f"torch {res['torch']}, python {res['python']}, {res['date']}; budget {res['budget_seconds']:.0f} s per"
            " matrix."
        ),
        "",
        (
            "| family | ℓ | svdvals (s) | σ₁ | σ₁ in matrix-free bracket | σ_min | srank | erank₂ | ‖·‖_* | #σ>1/3 |"
            " Σσ² vs ‖·‖_F² |"
        ),
        "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    for r in res["rows"]:
        if "skipped" in r:
            out.append(f"| {r['family']} | {r['ell']} | skipped: {r['skipped']} | | | | | | | | |")
            continue
        out.append(
            f"| {r['family']} | {r['ell']} | {r['seconds_svdvals']:.3g} | {r['sigma_1']:.10g} |"
            f" {'yes' if r['sigma_1_in_bracket'] else 'NO'} | {r['sigma_min']:.4g} | {r['stable_rank']:.6g} |"
            f" {r['erank2']:.6g} | {r['nuclear_norm']:.6g} | {r['count_above_third']} |"
            f" {r['frobenius_relative_gap']:.1e} |"
        )
    return "\n".join(out) + "\n"


def main(argv=None) -> int:
    import torch

    from specproof.theory.torch.backend import device as default_device

    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--min-ell", type=int, default=1024)
    p.add_argument("--max-ell", type=int, default=32768)
    p.add_argument("--families", nargs="*", default=list(FAMILIES), choices=FAMILIES)
    p.add_argument(
        "--budget",
        type=float,
        default=240.0,
        help="skip a size whose svdvals is predicted (8× the previous size) to take longer (default 240 s)",
    )
    p.add_argument("--device", default=None, help="torch device (default: CUDA when present, else CPU)")
    p.add_argument(
        "--driver",
        default="gesvd",
        choices=["gesvd", "gesvdj", "gesvda"],
        help="cuSOLVER SVD routine on CUDA (default gesvd, QR-based: robust at ℓ = 32768)",
    )
    p.add_argument("--out", default=str(ROOT / "benchmarks" / "results"))
    args = p.parse_args(argv)
    device = torch.device(args.device) if args.device else default_device()
    sizes = []
    ell = min(args.min_ell, args.max_ell)
    while ell <= args.max_ell:
        sizes.append(ell)
        ell *= 2
    rows, last = [], {}
    for ell in sizes:
        for family in args.families:
            predicted = 8 * last[family] if family in last else 0.0
            if predicted > args.budget:
                rows.append({"family": family, "ell": ell, "skipped": f"predicted {predicted:.0f} s > budget"})
                print(f"{family:<14} ℓ = {ell:<6} skipped (predicted {predicted:.0f} s)", flush=True)
                continue
            row = spectrum_row(family, ell, device, args.driver)
            last[family] = row["seconds_svdvals"]
            rows.append(row)
            print(
                f"{family:<14} ℓ = {ell:<6} svdvals {row['seconds_svdvals']:8.3f} s  σ₁ {row['sigma_1']:.12g} "
                f"(in bracket: {row['sigma_1_in_bracket']})  srank {row['stable_rank']:.6g}  erank₂"
                f" {row['erank2']:.6g}",
                flush=True,
            )
    name = torch.cuda.get_device_name(device) if device.type == "cuda" else (platform.processor() or platform.machine())
    res = {
        "script": "gpu_attention_spectra",
        "device": str(device),
        "device_name": name,
        "torch": torch.__version__,
        "python": platform.python_version(),
        "date": time.strftime("%Y-%m-%d %H:%M"),
        "budget_seconds": args.budget,
        "rows": rows,
    }
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    stem = out / f"gpu_attention_spectra_{device.type}"
    stem.with_suffix(".json").write_text(json.dumps(res, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    stem.with_suffix(".md").write_text(markdown(res), encoding="utf-8")
    print(f"wrote {stem}.json and {stem}.md")
    bad = [
        r for r in rows if "skipped" not in r and (not r["sigma_1_in_bracket"] or r["frobenius_relative_gap"] > 1e-10)
    ]
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
