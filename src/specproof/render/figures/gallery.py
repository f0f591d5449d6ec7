"""The figures of specproof: one ``compute`` (data, from sweeps) and one ``draw`` per figure."""

from __future__ import annotations

import math

import numpy as np
import scipy.linalg
import scipy.stats

from specproof.render.figures.core import figure
from specproof.theory import filters
from specproof.theory.cayley import cayley_algebraic_connectivity, cayley_degree
from specproof.theory.operators import Identity, Scaled, Sink, SoftmaxAttention, Sum, TriBox
from specproof.theory.solvers import spectral_norm
from specproof.theory.spectral import effective_rank, stable_rank
from specproof.theory.tribox_norms import sink_composite_stable_rank_limit, tribox_first_column_sum

UPPER_MU2 = 16 * math.pi**2 / 3


def _log_grid(lo: int, hi: int, per_decade: int = 6) -> list[int]:
    n = max(2, int(round(per_decade * math.log10(hi / lo))) + 1)
    return sorted({int(round(x)) for x in np.geomspace(lo, hi, n)})


def _swept(name: str, quick: bool):
    """A sweep's rows: the quick grid in memory, or the default grid from the project's store (computing
    and storing only the points it lacks), so the committed figures come from the stored sweeps."""
    from specproof.runs.sweeps.table import project_store, run_sweep

    return run_sweep(name, "quick" if quick else "default", store=None if quick else project_store())


def _norm2(op) -> float:
    """‖A‖₂: the dense SVD at small sizes, matrix-free Lanczos (with its bracket) beyond."""
    if op.n <= 600:
        return float(scipy.linalg.svdvals(op.as_matrix())[0])
    return spectral_norm(op).value


# --------------------------------------------------------------------------- μ₂ and the gap


def _draw_mu2(d, ax):
    ax.semilogx(d["T_all"], d["mu2_all"], ".", ms=2, color="tab:blue", label="skeleton μ₂, every T")
    ax.semilogx(
        d["T_big"],
        d["mu2_big"],
        "o",
        ms=3,
        color="tab:blue",
        alpha=0.6,
        label="skeleton μ₂, large T (sweep skeleton-mu2: 2^m, 2^m ± 1, 3·2^(m−1))",
    )
    ax.semilogx(
        d["T_real"],
        d["mu2_real"],
        "s",
        ms=3,
        color="tab:red",
        label="real triBox stack μ₂, no wrap-around (sweep real-mu2)",
    )
    ax.axhline(2, color="k", ls="--", lw=1, label="Thm C.6 lower bound 2")
    ax.axhline(4, color="tab:green", ls="-.", lw=1, label="sharp lower bound 4 (attained at every even T)")
    ax.axhline(UPPER_MU2, color="gray", ls=":", lw=1, label="Eq. 10 upper bound 16π²/3")
    ax.set_yscale("symlog", linthresh=1e-3)
    ax.set_xlabel("sequence length T")
    ax.set_ylabel("algebraic connectivity μ₂")


@figure(
    "mu2-vs-T",
    ("trsp.C6.mu2-lower", "trsp.C6.mu2-upper", "trsp.C1.cayley"),
    "Algebraic connectivity of the Cayley skeleton and of the real triBox stack",
    _draw_mu2,
)
def mu2_vs_T(quick: bool) -> dict:
    T_all = np.arange(2, (1 << 10 if quick else 1 << 14) + 1)
    skeleton = _swept("skeleton-mu2", quick)
    real = _swept("real-mu2", quick)
    return {
        "T_all": T_all,
        "mu2_all": [cayley_algebraic_connectivity(int(T)) for T in T_all],
        "T_big": skeleton.x,
        "mu2_big": skeleton.value,
        "T_real": real.x,
        "mu2_real": real.value,
        "real_bracket": [real.lower, real.upper],
    }


def _draw_gap(d, ax):
    ax.semilogx(d["T"], d["gamma_log_T"], "o-", ms=3, label="skeleton: γ·log T, γ = μ₂/(2(L+1))")
    ax.semilogx(
        d["T_real"],
        d["gamma_real_log_T"],
        "s",
        ms=3,
        color="tab:red",
        label="real stack: normalised gap · log T (sweep real-gap, loopless degrees)",
    )
    ax.set_yscale("log")
    ax.set_xlabel("sequence length T")
    ax.set_ylabel("γ · log T   (flat ⇔ γ = Θ(1/log T))")


@figure("gap-rate", ("trsp.C6.gap-rate",), "Normalised gap times log T", _draw_gap)
def gap_rate(quick: bool) -> dict:
    T = _log_grid(4, 10**5 if quick else 10**7, 5)
    g = [cayley_algebraic_connectivity(t) / cayley_degree(t) * math.log(t) for t in T]
    real = _swept("real-gap", quick)
    return {"T": T, "gamma_log_T": g, "T_real": real.x, "gamma_real_log_T": np.asarray(real.value) * np.log(real.x)}


# --------------------------------------------------------------------------- the triBox kernel


def _draw_energy(d, ax):
    b = np.array(d["b"])
    ax.loglog(b, d["closed_form"], "k-", lw=1, label="Eq. 13: (2b²+1)/(3b³)")
    ax.loglog(b, d["kernel_energy"], "o", ms=4, mfc="none", label="‖h_b‖₂² (kernel)")
    ax.loglog(
        d["b_matrix"],
        d["frobenius_per_T"],
        "s",
        ms=3,
        label=f"E_b := ‖M_tri‖_F²/T at T = {d['T']} (above ‖h_b‖²: boundary rows)",
    )
    ax.set_xlabel("bandwidth b")
    ax.set_ylabel("energy")


@figure(
    "kernel-energy",
    ("trsp.C7.kernel-energy", "trsp.C7.frobenius", "trsp.tribox.frobenius-linear"),
    "Kernel energy E_b against bandwidth",
    _draw_energy,
)
def kernel_energy(quick: bool) -> dict:
    b = _log_grid(1, 1 << 12, 6)
    T = 1024 if quick else 4096
    bm = [x for x in b if x <= T // 4]
    frob = [float(np.sum(TriBox(T, x).as_matrix() ** 2)) / T for x in bm]
    return {
        "b": b,
        "closed_form": [filters.tribox_kernel_energy(x) for x in b],
        "kernel_energy": [float(np.sum(filters.tribox_kernel(x) ** 2)) for x in b],
        "T": T,
        "b_matrix": bm,
        "frobenius_per_T": frob,
    }


def _draw_norms(d, ax):
    b = np.array(d["b"])
    ax.semilogx(b, d["max_column_sum"], "o-", ms=3, label="‖M_tri‖₁ (max column sum)")
    ax.semilogx(b, d["norm2"], "s-", ms=3, label="‖M_tri‖₂")
    ax.semilogx(b, d["geometric"], "^-", ms=3, label="√(‖M_tri‖₁‖M_tri‖_∞) (C.8 bound)")
    c = d["fit"]
    ax.semilogx(b, d["closed_form"], "k:", lw=1.2, label="closed form (H_b² + H_b⁽²⁾)/2 + 1 − H_b/b ≈ ½ ln² b")
    ax.semilogx(
        b,
        c["1"] + c["log b"] * np.log(b),
        "k--",
        lw=1,
        label=f"best O(log b) fit {c['1']:.2f} + {c['log b']:.2f}·log b (paper's rate; misses both ends)",
    )
    ax.set_xlabel(f"bandwidth b  (T = {d['T_factor']}·b)")
    ax.set_ylabel("norm")


@figure(
    "tribox-norms",
    ("trsp.C8.column-sums", "trsp.C8.column-sums.corrected", "trsp.C8.spectral-norm"),
    "Column sums and spectral norm of M_tri as b grows",
    _draw_norms,
)
def tribox_norms(quick: bool) -> dict:
    from specproof.engine.rates import fit_with_corrections

    b = [1 << k for k in range(0, 9 if quick else 13)]
    factor = 8
    cols, norms = [], []
    for x in b:
        M = TriBox(factor * x, x)
        cols.append(float(M.column_sums().max()))
        norms.append(_norm2(M))
    fit = fit_with_corrections(b, cols, {"1": np.ones_like, "log b": np.log})
    return {
        "b": b,
        "T_factor": factor,
        "max_column_sum": cols,
        "norm2": norms,
        "geometric": [math.sqrt(c) for c in cols],
        "fit": fit,
        "closed_form": [float(tribox_first_column_sum(x)) for x in b],
    }


# --------------------------------------------------------------------------- rank floor under a sink


def _composite(T: int, g: float, b: int):
    return Sum((Identity(T), Sink(T), Scaled(TriBox(T, b), g))) if g else Sum((Identity(T), Sink(T)))


def _stable_rank_op(op) -> float:
    M = op.as_matrix()
    return stable_rank(M) if op.n <= 600 else float(np.sum(M**2)) / _norm2(op) ** 2


def _draw_rank_floor(d, ax):
    for g, vals in d["measured"].items():
        ax.semilogx(d["T"], vals, "o-", ms=3, label=f"R_eff(I + 1e₁ᵀ + g·M_tri), g = {g}")
        color = ax.lines[-1].get_color()
        ax.axhline(1 + float(g) ** 2 * d["E_b"], ls="--", lw=1, color=color, label=f"C.8 floor 1 + g²E_b, g = {g}")
        ax.axhline(d["limit"][g], ls=":", lw=1.2, color=color, label=f"actual limit 2 + 2g/b² + g²‖h_b‖², g = {g}")
    ax.semilogx(d["T"], d["g0"], "k^-", ms=3, label="same model at g = 0")
    ax.set_xlabel(f"sequence length T  (b = {d['b']})")
    ax.set_ylabel("R_eff = stable rank")


@figure(
    "rank-floor",
    ("trsp.C8.rank-floor", "trsp.C8.rank-floor.sharp"),
    "Stable rank under a rank-one attention sink",
    _draw_rank_floor,
)
def rank_floor(quick: bool) -> dict:
    b = 4
    T = _log_grid(16, 1024 if quick else 4096, 4)
    gates = [0.25, 0.5, 1.0]
    measured = {str(g): [_stable_rank_op(_composite(t, g, b)) for t in T] for g in gates}
    return {
        "b": b,
        "T": T,
        "E_b": filters.tribox_kernel_energy(b),
        "measured": measured,
        "limit": {str(g): sink_composite_stable_rank_limit(b, g) for g in gates},
        "g0": [_stable_rank_op(_composite(t, 0.0, b)) for t in T],
    }


# --------------------------------------------------------------------------- SDEG


def _bounded_bulk_scores(ell: int, k: int, B: float, seed: int) -> np.ndarray:
    """k spikes at log(ℓ·log ℓ) above a bulk uniform in [0, B], sorted descending (SDEG §3 setup)."""
    rng = np.random.default_rng(seed)
    spikes = np.full(k, math.log(ell * max(math.log(ell), 1.0)) + 1.0)
    bulk = rng.uniform(0.0, B, ell - k)
    return np.sort(np.concatenate([spikes, bulk]))[::-1]


def _draw_harmonic(d, ax):
    i = np.arange(1, d["ell"] + 1)
    ax.semilogx(i, d["lambda_times_i"], ".", ms=2, label="λᵢ(A_c)·i")
    ax.semilogx(i, d["sigma_times_i"], ".", ms=2, label="σᵢ(A_c)·i")
    ax.axhline(1, color="k", ls="--", lw=1, label="Thm 3: λᵢ·i ≥ 1 (bulk)")
    ax.axhline(d["C"], color="gray", ls=":", lw=1, label=f"Thm 3: λᵢ·i ≤ C = e^B = {d['C']:.2f}")
    ax.axhline(1 / 3, color="tab:red", ls="--", lw=1, label="Thm 4: σᵢ·i ≥ 1/3")
    ax.set_yscale("log")
    ax.set_xlabel(f"index i  (ℓ = {d['ell']}, k = {d['k']} spikes, bulk scores in [0, {d['B']}])")
    ax.set_ylabel("value × i")


@figure(
    "causal-harmonic",
    ("sdeg.c.eigen-harmonic", "sdeg.c.sv-universal"),
    "Harmonic eigenvalues and singular values of causal attention",
    _draw_harmonic,
)
def causal_harmonic(quick: bool) -> dict:
    ell, k, B = (256 if quick else 2048), 2, 1.0
    s = _bounded_bulk_scores(ell, k, B, seed=0)
    A = SoftmaxAttention(s, causal=True)
    i = np.arange(1, ell + 1)
    sig = scipy.linalg.svdvals(A.as_matrix())
    return {"ell": ell, "k": k, "B": B, "C": math.exp(B), "lambda_times_i": A.diag_weight * i, "sigma_times_i": sig * i}


def _draw_proxies(d, ax):
    for key, style in (("causal", "o-"), ("bidirectional", "s--")):
        ax.semilogx(d["ell"], d[key]["srank"], style, ms=3, label=f"srank, {key}")
        ax.semilogx(d["ell"], d[key]["erank2"], style, ms=3, alpha=0.6, label=f"erank₂, {key}")
    ax.semilogx(d["ell"], np.full(len(d["ell"]), d["k"] + 1), "k:", lw=1, label="k + 1 (Thm 6 limit, bidirectional)")
    ax.set_xlabel(f"context length ℓ  (k = {d['k']} spikes, bounded bulk)")
    ax.set_ylabel("rank proxy")


@figure(
    "rank-proxies",
    ("sdeg.c.rank-proxies", "sdeg.b.rank-proxies", "sdeg.encoder-decoder"),
    "Stable and effective rank: causal Θ(log ℓ) against bidirectional k+1",
    _draw_proxies,
)
def rank_proxies(quick: bool) -> dict:
    ells = _log_grid(16, 512 if quick else 2048, 5)
    k = 2
    out = {"ell": ells, "k": k}
    for causal in (True, False):
        sr, e2 = [], []
        for ell in ells:
            sv = scipy.linalg.svdvals(SoftmaxAttention(_bounded_bulk_scores(ell, k, 1.0, 0), causal=causal).as_matrix())
            sr.append(stable_rank(sv))
            e2.append(effective_rank(sv, 2))
        out["causal" if causal else "bidirectional"] = {"srank": sr, "erank2": e2}
    return out


def _draw_histograms(d, ax):
    bins = np.linspace(0, 1, 41)
    for ell, sv in zip(d["ell"], d["singular_values"]):
        ax.hist(
            sv, bins=bins, histtype="step", density=False, weights=np.full(len(sv), 1 / len(sv)), label=f"ℓ = {ell}"
        )
    ax.axvline(1, color="k", ls="--", lw=1, label=f"limit law: {d['c']}·δ₁ + {1 - d['c']}·δ₀")
    ax.set_yscale("log")
    ax.set_xlabel("singular value of A_b")
    ax.set_ylabel("fraction of singular values")


@figure(
    "spike-bulk-histograms",
    ("sdeg.b.sv-limit", "sdeg.b.eigen-limit"),
    "Spike–bulk singular values of bidirectional attention converge to cδ₁ + (1−c)δ₀",
    _draw_histograms,
)
def spike_bulk_histograms(quick: bool) -> dict:
    c = 0.25
    ells = [64, 256, 1024] if quick else [64, 256, 1024, 4096]
    svs = []
    for ell in ells:
        k = int(c * ell)
        svs.append(scipy.linalg.svdvals(SoftmaxAttention(_bounded_bulk_scores(ell, k, 1.0, 0)).as_matrix()))
    return {"c": c, "ell": ells, "singular_values": svs}


def _draw_cesaro(d, ax):
    ax.semilogx(d["ell"], d["norm"], "o-", ms=3, label="‖H_ℓ‖₂ (sweep cesaro-norm, Lanczos with bracket)")
    ax.axhline(2, color="k", ls="--", lw=1, label="limit 2 = norm of the Cesàro operator on ℓ² (Hardy)")
    ax.set_xlabel("ℓ")
    ax.set_ylabel("spectral norm")


@figure("cesaro-norm", ("sdeg.c.test-vector",), "‖H_ℓ‖₂ approaching its limit 2", _draw_cesaro)
def cesaro_norm_sweep(quick: bool) -> dict:
    swept = _swept("cesaro-norm", quick)
    return {"ell": swept.x, "norm": swept.value, "bracket": [swept.lower, swept.upper]}


def _eigen_angle_discrepancies(ell: int, samples: int, seed: int) -> dict:
    """Kolmogorov and angular-W₁ distances of Haar eigen-angles |arg λ| ∈ [0, π] from uniform."""
    rng = np.random.default_rng(seed)
    ks, w1 = [], []
    for _ in range(samples):
        U = scipy.stats.ortho_group.rvs(ell, random_state=rng)
        theta = np.sort(np.abs(np.angle(np.linalg.eigvals(U)))) / math.pi
        ks.append(float(scipy.stats.kstest(theta, "uniform").statistic))
        w1.append(float(scipy.stats.wasserstein_distance(theta, np.linspace(0, 1, 4097)) * math.pi))
    return {"ks": (float(np.mean(ks)), float(np.std(ks))), "w1": (float(np.mean(w1)), float(np.std(w1)))}


def _draw_haar(d, ax):
    ell = np.array(d["ell"])
    for key, label in (("ks", "Kolmogorov distance"), ("w1", "angular W₁")):
        m = np.array([x[key][0] for x in d["stats"]])
        s = np.array([x[key][1] for x in d["stats"]])
        ax.errorbar(ell, m, yerr=s, fmt="o-", ms=3, capsize=2, label=f"{label} (mean ± sd, {d['samples']} samples)")
    ax.loglog(ell, 1 / np.sqrt(ell), "k--", lw=1, label="ℓ^(-1/2) reference (i.i.d. angles)")
    ax.loglog(ell, 2 / ell, "k:", lw=1, label="2/ℓ reference")
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.set_xlabel("ℓ")
    ax.set_ylabel("discrepancy from the uniform law")


@figure("haar-angles", ("sdeg.F.haar-angles",), "Eigen-angle discrepancies of Haar orthogonal matrices", _draw_haar)
def haar_angles(quick: bool) -> dict:
    ells = [8, 16, 32, 64, 128] if quick else [8, 16, 32, 64, 128, 256, 512, 1024]
    samples = 8 if quick else 32
    return {
        "ell": ells,
        "samples": samples,
        "seed": 0,
        "stats": [_eigen_angle_discrepancies(ell, samples, seed=ell) for ell in ells],
    }


# --------------------------------------------------------------------------- the composed network

_NETWORK_PANELS = (  # (panel title, y label, curves: (sweep, column, label, style)), one panel per quantity
    (
        "(a) μ₂ of the Markov form P_D",
        "μ₂(L(P_D))",
        (
            ("isolated", "mu2_d2", "A = I, D = 2: safety net (C.5) fails, ≤ 24/(T²−1), ~T^−(2+ln 2)", "o-"),
            ("isolated", "mu2_d4", "A = I, D = 4", "o--"),
            ("isolated", "mu2_full", "A = I, D = ⌊log₂T⌋+1: Θ(1) (≈ 0.3)", "o:"),
            ("uniform", "mu2_full", "uniform attention, full depth: under the causal ceiling", "s:"),
            ("uniform", "ceiling_full", "causal ceiling T(1 − (P_D)_TT)/(2(T − 1)), uniform, full depth", "k-"),
        ),
    ),
    (
        "(b) normalised gap γ of P_D",
        "γ",
        (
            ("isolated", "gap_d2", "A = I, D = 2: ~T^−(2+ln 2), not Θ(1/log T) (Eq. 11)", "^-"),
            ("uniform", "gap_full", "uniform attention, full depth: Θ(1)", "^:"),
        ),
    ),
    (
        "(c) under a sink 1e₁ᵀ (every token attends to token 1): R_eff(N_D) − 1 and the escape",
        "R_eff − 1; escape",
        (
            ("sink", "reff_d2_excess", "R_eff − 1, D = 2: → 1/9", "d-"),
            ("sink", "reff_d4_excess", "R_eff − 1, D = 4: → 1/225", "d--"),
            ("sink", "reff_full_excess", "R_eff − 1, full depth: → 0 (C.8 fails)", "d:"),
            ("sink", "escape_full", "escape, full depth: → 0 (collapse)", "v:"),
        ),
    ),
)
_NETWORK_COLOURS = {"isolated": "tab:blue", "uniform": "tab:green", "sink": "tab:red"}


def _draw_network_panel(sub, d, curves) -> None:
    for kind, column, label, style in curves:
        T, y = np.asarray(d[kind]["T"]), np.asarray(d[kind][column], dtype=float)
        keep = y > 0
        colour = None if style.startswith("k") else _NETWORK_COLOURS[kind]
        drawn = {} if colour is None else {"color": colour}  # a "k…" style names its own colour
        sub.loglog(T[keep], y[keep], style, ms=3, lw=1, label=label, **drawn)
        upper = np.asarray(d[kind].get(f"{column}_upper_only", [np.nan] * len(T)), dtype=float)
        if np.any(upper > 0):  # bracket-only points: only the upper end (a Rayleigh quotient) bounds the value
            sub.loglog(T[upper > 0], upper[upper > 0], "v", ms=4, mfc="none", color=_NETWORK_COLOURS[kind])


def _draw_network(d, ax):
    """Three panels, one per quantity (μ₂, γ, the sink's R_eff and escape), each with its own axis and its legend
    below it (eleven curves of three quantities on one axis cannot be read, and a legend on the axes hides points)."""
    ax.set_axis_off()
    ax.figure.set_size_inches(7, 12)
    for n, (title, ylabel, curves) in enumerate(_NETWORK_PANELS):
        sub = ax.inset_axes([0.1, 0.74 - 0.32 * n, 0.88, 0.19])
        _draw_network_panel(sub, d, curves)
        if n == 0:
            sub.plot([], [], "v", mfc="none", color="gray", label="bracket-only: upper end of the bracket")
            sub.axhline(0.5, color="gray", ls=":", lw=0.8)
        sub.set_title(title, fontsize=8)
        sub.set_ylabel(ylabel, fontsize=7)
        sub.tick_params(labelsize=6)
        sub.grid(True, which="both", alpha=0.25)
        last = n == len(_NETWORK_PANELS) - 1
        if last:
            sub.set_xlabel("sequence length T (depth D fixed at 2, 4, or ⌊log₂T⌋+1)", fontsize=7)
        sub.legend(fontsize=6, loc="upper center", bbox_to_anchor=(0.5, -0.2 if last else -0.12), frameon=False)


@figure(
    "network",
    (
        "trsp.network.safety-net",
        "trsp.network.gap",
        "trsp.network.rank",
        "trsp.network.mixing",
        "trsp.network.connectivity",
        "trsp.network.causal-ceiling",
        "trsp.network.fixed-depth-bound",
    ),
    "The composed network N_D = F_(D−1)⋯F_0 against App. C's conclusions",
    _draw_network,
)
def network(quick: bool) -> dict:
    out = {}
    for kind in ("isolated", "uniform", "sink"):
        rows = _swept(f"network-{kind}", quick).rows
        out[kind] = {"T": [r["x"] for r in rows]}
        for column in ("mu2_d2", "mu2_d4", "mu2_full", "gap_d2", "gap_full"):
            # a bracket-only column is drawn by its upper end only, as an open marker
            ok = [r.get(f"{column}_status") == "converged" for r in rows]
            out[kind][column] = [r[column] if good else None for r, good in zip(rows, ok)]
            out[kind][f"{column}_upper_only"] = [None if good else r[f"{column}_upper"] for r, good in zip(rows, ok)]
        for column in ("escape_full", "ceiling_full"):
            out[kind][column] = [r[column] for r in rows]
        if (
            kind == "sink"
        ):  # the upper bracket: R_eff − 1 is far below the bracket's lower side's resolution at full depth
            for tag in ("d2", "d4", "full"):
                out[kind][f"reff_{tag}_excess"] = [r[f"reff_{tag}_upper"] - 1 for r in rows]
    return out


from specproof.render.figures.real import register_figures  # noqa: E402  (the real-attention figures)

register_figures()

from specproof.render.figures.trained import register_figures as register_trained  # noqa: E402  (the trained decoders)

register_trained()

from specproof.render.figures.tasks import register_figures as register_tasks  # noqa: E402  (the task-level decoders)

register_tasks()

from specproof.render.figures.causal import register_figures as register_causal  # noqa: E402  (the causal decoder)

register_causal()
