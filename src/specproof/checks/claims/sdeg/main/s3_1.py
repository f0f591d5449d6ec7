"""SDEG §3.1: Setup.

The section's claims in the paper's order, each stated before the checks that decide it; the project's own claims (1:
corrections, sharpenings, hypotheses, measurements) follow the claim they qualify.
"""

from __future__ import annotations

import itertools
import math

import numpy as np
import sympy as sp

from specproof.checks.claims._shared.sdeg_bidirectional import (
    claim_tests,
    dense_attention,
    symbolic_evidence,
)
from specproof.checks.claims._shared.sdeg_real import RANGES, _measured, _missing, _three
from specproof.engine.methods import (
    float_tolerance,
    fmt,
    property_search,
    series_text,
    step_series,
)
from specproof.engine.records import Limit, Second, Tightness
from specproof.engine.registry import Context, Evidence, Role, Source, Status, claim
from specproof.engine.strategies import score_vectors
from specproof.theory.attention import (
    row_softmax,
    score_singular_values,
)

REAL_TESTS = "tests/test_real_models.py"


entries = claim(
    "sdeg.setup.entries",
    title="Entries of canonical bidirectional attention and the log ℓ transition",
    source=Source("SDEG", "§3.1", "softmax(Σ) entries"),
    statement=r"For $\Sigma=\operatorname{diag}(s_1,\dots,s_\ell)$ and $a_i=e^{s_i}$, $(A_b)_{ii}=\frac{a_i}{a_i+\ell-1}$ and $(A_b)_{ij}=\frac{1}{a_i+\ell-1}$ ($j\ne i$). The diagonal weight equals $\tfrac12$ exactly at $s_i=\log(\ell-1)$ and, with $s_i=\log\ell+t$, tends to $1/(1+e^{-t})$: a row averages when $s_i-\log\ell\to-\infty$ and concentrates on its diagonal when $s_i-\log\ell\to+\infty$.",
    expected=Status.PROVED,
    reason="sympy for symbolic ℓ: the row normaliser e^{s_i} + (ℓ − 1), hence the diagonal a_i/(a_i+ℓ−1) and the off-diagonal 1/(a_i+ℓ−1), which sum to 1 with entry ratio a_i; symbolic limits for the transition. Explicit symbolic matrices at ℓ ≤ 5 and the log-domain operator in floating point are cross-checks",
    prose="that row i of softmax(diag(s)) has the off-diagonal scores 0 (so its normaliser is e^{s_i} + (ℓ − 1)e⁰, checked for symbolic ℓ); the regimes are read off the checked limits",
    tests=claim_tests("test_entries_match_generic_softmax"),
)


@entries.decides
def sdegb_entries_sympy(ctx: Context) -> Evidence:
    a, ell = sp.symbols("a ell", positive=True)
    sc = sp.Symbol("s_i", real=True)
    L, j = sp.Symbol("L", integer=True, positive=True), sp.Symbol("j", integer=True, positive=True)
    diag, off = a / (a + ell - 1), 1 / (a + ell - 1)
    # row i of softmax(Σ), Σ = diag(s): the ℓ − 1 off-diagonal scores are 0, so the normaliser is e^{s_i} + (ℓ − 1)e^0
    Z = sp.exp(sc) + sp.summation(sp.exp(0), (j, 1, L - 1))
    residuals = {
        "row normaliser Z_i = e^{s_i} + Σ_(j≠i) e^0 = a_i + ℓ − 1 (symbolic ℓ)": Z - (sp.exp(sc) + L - 1),
        "diagonal e^{s_i}/Z_i = a_i/(a_i+ℓ−1)": sp.exp(sc) / Z - diag.subs({a: sp.exp(sc), ell: L}),
        "off-diagonal e^0/Z_i = 1/(a_i+ℓ−1)": sp.exp(0) / Z - off.subs({a: sp.exp(sc), ell: L}),
        "row sums to 1": diag + (ell - 1) * off - 1,
        "diagonal/off-diagonal = a_i": diag / off - a,
    }
    return symbolic_evidence(
        "(A_b)_ii = a_i/(a_i+ℓ−1), (A_b)_ij = 1/(a_i+ℓ−1)", "symbolic ℓ, every real s_i", residuals
    )


@entries.decides
def sdegb_entries_transition_sympy(ctx: Context) -> Evidence:
    a, ell, u = sp.symbols("a ell u", positive=True)
    t = sp.Symbol("t", real=True)
    half = sp.solve(sp.Eq(a / (a + ell - 1), sp.Rational(1, 2)), a)
    logistic = sp.limit(ell * sp.exp(t) / (ell * sp.exp(t) + ell - 1), ell, sp.oo)
    averaging = sp.limit(ell / (ell * sp.exp(-u) + ell - 1), ell, sp.oo)
    residuals = {
        "A_ii = 1/2 exactly at a_i = ℓ − 1": half[0] - (ell - 1),
        "A_ii(s = log ℓ + t) → 1/(1+e^{−t})": logistic - 1 / (1 + sp.exp(-t)),
        "ℓ·A_ij(s = log ℓ − u) → 1/(1+e^{−u}), → 1 as u → ∞": averaging - 1 / (1 + sp.exp(-u)),
    }
    return symbolic_evidence(
        "transition at s_i = log ℓ + O(1): diagonal weight is logistic in s_i − log ℓ, rows average iff s_i − log ℓ"
        " → −∞",
        "symbolic ℓ → ∞, t ∈ ℝ, u > 0",
        residuals,
    )


@entries.decides
def sdegb_entries_float(ctx: Context) -> Evidence:
    def margin(s):
        return -float(np.max(np.abs(dense_attention(s) - row_softmax(np.diag(s)))))

    return property_search(
        score_vectors(1, 48, bound=700.0, sorted_desc=False, nonnegative=False),
        margin,
        what="log-domain SoftmaxAttention equals the generic row softmax of diag(s)",
        ctx=ctx,
        tolerance=lambda s: float_tolerance(s.size, 1.0),
        allowance=(
            "entries in [0, 1]: exp(s_i − L_i), L_i = logaddexp(s_i, log(ℓ−1)), is off by ≤ ulp(L_i)/2 ≤ 16·eps where"
            " that is not negligible (L_i < 64), scipy's row softmax by ≤ ℓ·eps: ≤ 20·eps ≤ 10·ℓ·eps (ℓ = 1 exact)"
        ),
        ranges="ℓ ≤ 48, |s_i| ≤ 700, any order",
        role=Role.SUPPORTS,
    )


@entries.supports
def sdegb_entries_small_exact(ctx: Context) -> Evidence:
    """The same entries from explicit symbolic matrices softmax(diag(s₁, …, s_ℓ)) at ℓ ≤ 5 (instances)."""
    residuals = {}
    for n in range(1, 6):
        s = sp.symbols(f"s1:{n + 1}", real=True)
        S = sp.diag(*s)
        for i in range(n):
            norm = sum(sp.exp(S[i, j]) for j in range(n))
            for j in range(n):
                closed = sp.exp(s[i]) / (sp.exp(s[i]) + n - 1) if i == j else 1 / (sp.exp(s[i]) + n - 1)
                residuals[f"ℓ={n} ({i + 1},{j + 1})"] = sp.exp(S[i, j]) / norm - closed
    return symbolic_evidence(
        "(A_b)_ij from explicit softmax(diag(s))",
        "explicit symbolic s for ℓ ≤ 5",
        residuals,
        status=Status.CERTIFIED,
        role=Role.SUPPORTS,
    )


spike_count = claim(
    "sdeg.setup.spike-count",
    title="Spike count bounded by the head dimension",
    source=Source("SDEG", "§3.1", "k ≤ rank(S) ≤ d_qk"),
    statement=r"If $S=QK^\top/\sqrt{d_{qk}}$ with $Q,K\in\mathbb{R}^{\ell\times d_{qk}}$, then $\operatorname{rank}S\le d_{qk}$; every spike ($e^{s_i}\ge \ell f(\ell)>1$) is a non-zero singular value, so $k\le\operatorname{rank}S\le d_{qk}$. Hence $k$ is bounded (in particular $k=o(\ell)$) for a fixed head dimension.",
    expected=Status.CERTIFIED,
    reason="every (d_qk+1)-minor of QKᵀ vanishes identically (sympy, shapes ℓ ≤ 4 with d_qk ≤ 2; ℓ ≤ 5 with --wide); spikes are non-zero since s_i ≥ log(ℓf) > 0 once ℓf > 1. The statement is stronger than it reads: k ≤ d_qk is bounded, and at least ℓ − d_qk scores are exactly 0 (bulk a_i = 1). The c_ℓ → c > 0 cases of Thm 1(3), 2(3) lie outside a fixed-d_qk head",
    notes=["interpretive"],
    tightness=Tightness(
        "sharp",
        "k ≤ rank S ≤ d_qk (sdegb_spike_count_minors) holds with equality when all d_qk nonzero singular values of S are spikes",
        where={"k": "rank S = d_qk, every nonzero singular value above the spike threshold"},
    ),
    tests=claim_tests("test_score_singular_values_from_qr"),
)


@spike_count.decides
def sdegb_spike_count_minors(ctx: Context) -> Evidence:
    top = 5 if ctx.wide else 4
    shapes = [(ell, d) for ell in range(2, top + 1) for d in range(1, min(ell, 3))]
    residuals = {}
    for ell, d in shapes:
        Q = sp.Matrix(ell, d, sp.symbols(f"q0:{ell * d}"))
        K = sp.Matrix(ell, d, sp.symbols(f"k0:{ell * d}"))
        S = Q * K.T
        for rows in itertools.combinations(range(ell), d + 1):
            for cols in itertools.combinations(range(ell), d + 1):
                residuals[f"ℓ={ell}, d={d}, rows {rows}, cols {cols}"] = sp.expand(
                    S.extract(list(rows), list(cols)).det()
                )
    return symbolic_evidence(
        "rank(QKᵀ) ≤ d_qk: every (d_qk+1)-minor of QKᵀ vanishes identically (Cauchy–Binet)",
        f"all {len(shapes)} shapes 1 ≤ d_qk ≤ min(ℓ−1, 2), ℓ ≤ {top}, symbolic Q, K",
        residuals,
        status=Status.CERTIFIED,
    )


@spike_count.decides
def sdegb_spike_count_heads(ctx: Context) -> Evidence:
    rng = np.random.default_rng(ctx.seed)
    worst, rows = math.inf, []
    for ell in (64, 256, 1024):
        for d_qk in (1, 4, 16, 64):
            Q = rng.standard_normal((ell, d_qk)) * np.geomspace(4.0, 0.5, d_qk)
            K = rng.standard_normal((ell, d_qk))
            s = score_singular_values(Q, K)
            s = s * 3 * math.log(ell) / s[0]  # top score at 3 log ℓ: spikes exist for f = log ℓ
            rank = int(np.sum(s > float_tolerance(ell, s[0])))
            k = int(np.sum(s >= math.log(ell * math.log(ell))))
            worst = min(worst, rank - k, d_qk - rank)
            rows.append((ell, d_qk, k, rank))
    status = Status.VERIFIED if worst >= 0 else Status.REFUTED
    return Evidence(
        status,
        "float",
        f"spike count k (f = log ℓ) ≤ numerical rank ≤ d_qk on all {len(rows)} heads; "
        f"(ℓ, d_qk, k, rank) at the largest: {rows[-1]}",
        ranges="ℓ ∈ {64, 256, 1024}, d_qk ∈ {1, 4, 16, 64}, Gaussian Q, K",
        worst_margin=float(worst),
        role=Role.SUPPORTS,
        data={"rows": rows},
        counterexample=None if worst >= 0 else {"rows": rows},
    )


spike_bulk = claim(
    "sdeg.real.spike-bulk",
    title="MiniLM's score spectra barely separate at log ℓ: Assumption 2 holds only once the bulk is empty",
    source=Source("specproof", "§3.1", "own, on MiniLM"),
    statement=r"Per head, split the score singular values at the softmax scale: $k=\#\{i:s_i>\log\ell\}$, $\log f=s_k-\log\ell$, $\log g=\log\ell-s_{k+1}$ (the largest $f,g$ with $e^{s_i}\ge\ell f$ for $i\le k$ and $e^{s_i}\le\ell/g$ for $i>k$), $B=s_{k+1}$. Assumption 2 asks $f,g\to\infty$. On MiniLM the median $\min(\log f,\log g)$ is positive at every $\ell$ but does not grow with $\ell$: it falls over $\ell=16\dots128$, and a majority of heads has margin $>1$ only at $\ell=512$, where the bulk is the $\ell-32$ structural zeros ($B=0$).",
    expected=Status.VERIFIED,
    reason="Recast to what the rows show, step by step (a referee found the earlier 'margins grow' verified only through a positive slope carried by ℓ = 512): the median margin is 0.28, 0.18, 0.16, 0.14, 0.25 at ℓ = 16…256 (ε_ℓ = e^(−margin) ≈ 0.75–0.87: no separation in practice) and 6.0 at ℓ = 512; the share of heads with margin > 1 is 0.04, 0.04, 0, 0.01, 0.20, 0.90. While k climbs towards rank S_h = d_h = 32, B = s_(k+1) tracks log ℓ from just below; at ℓ = 512 every nonzero score direction is a spike (the score singular values grow like ℓ, faster than log ℓ) and the bulk is empty of signal. Bounded bulk thus holds only once the bulk carries no signal.",
    unproved="A statement about measured rows: the stored all-MiniLM-L6-v2 attention of 6 layers × 12 heads on 4 windows of pydoc_data.topics (ℓ = 16…512); nothing to prove for every parameter value.",
    notes=["interpretive"],
    tests=[f"{REAL_TESTS}::test_spike_bulk_split_of_a_known_spectrum"],
    figure="figures/real-concentration.png",
)


MEASURED_ROWS = "measured-rows"


SEPARATED = 1.0  # a head is separated in practice when min(log f, log g) > 1, i.e. ε_ℓ = e^(−margin) < 1/e


def median_margins_from_spectra(rows) -> list[float]:
    """The median over heads of min(log f, log g) per length, recomputed from the stored score singular values by the
    statement's definition (k = #{s_i > log ℓ}, log f = s_k − log ℓ, log g = log ℓ − s_(k+1), the spectrum padded
    with zeros to ℓ), not read from the margins the measurement stored beside them."""
    out = []
    for r in rows:
        ell, scale, margins = r["ell"], math.log(r["ell"]), []
        for layer in r["layers"]:
            for window in layer["score_sv"]:
                for head in window:
                    sv = np.sort(np.asarray(head, float))[::-1]
                    sv = np.concatenate([sv, np.zeros(max(ell - sv.size, 0))])
                    k = int(np.sum(sv > scale))
                    sides = ([sv[k - 1] - scale] if k >= 1 else []) + ([scale - sv[k]] if k < ell else [])
                    margins.append(min(sides))
        out.append(float(np.median(margins)))
    return out


STORED_DIGITS = 5e-5  # the stored spectra and margins carry 6 digits: two roundings apart


def _spike_bulk_tightness(x: list, margins: list, share: list, again: list) -> Tightness:
    """How close min(f, g) > 1 comes at the smallest median margin, and how far below ½ the separated share stays
    before the largest ℓ; the factor recomputed from the stored score spectra."""
    low = int(np.argmin(margins))
    before = max(share[:-1])
    return Tightness(
        "loose",
        f"median min(log f, log g) > 0, i.e. min(f, g) > 1: the smallest median min(f, g) is e^{fmt(margins[low])} = "
        f"{fmt(math.exp(margins[low]))} (ℓ = {x[low]}), barely above 1 (ε_ℓ = e^(−margin) = "
        f"{fmt(math.exp(-margins[low]))}); the majority (> 1/2) with margin > {fmt(SEPARATED)}: {fmt(share[-1])} at "
        f"ℓ = {x[-1]}, at most {fmt(before)} before (a factor {fmt(0.5 / before)} below 1/2)",
        factor=_three(math.exp(margins[low])),
        ratio=_three(math.exp(-margins[low])),
        where={"ell": x[low]},
        ranges=RANGES,
        seconds=(
            Second(
                "factor",
                _three(math.exp(margins[low])),
                math.exp(again[low]),
                "recomputed from the stored score spectra",
                0.005 + STORED_DIGITS,
            ),
        ),
    )


def _spike_bulk_limit(x: list, margins: list, bulk: list, again: list) -> Limit:
    """No limit: Assumption 2's f, g → ∞ is tested, not fitted; the median margins recomputed from the spectra."""
    return Limit(
        "none",
        "Assumption 2's f, g → ∞ is what the rows test, not a rate they fit: the median margin "
        + ", ".join(fmt(v) for v in margins)
        + f" at ℓ = {', '.join(map(str, x))} falls, then jumps at ℓ = {x[-1]} where the bulk is the structural zeros "
        f"(B = {fmt(bulk[-1])}, so log g = log ℓ): no scaled quantity converges over six lengths, and none is claimed",
        seconds=tuple(
            Second(
                f"median margin at ℓ = {ell}",
                _three(v),
                w,
                "recomputed from the stored score spectra",
                0.5 * 10 ** (math.floor(math.log10(abs(v))) - 2) + STORED_DIGITS,  # half the third digit
            )
            for ell, v, w in zip(x, margins, again)
        ),
    )


@spike_bulk.decides
def real_spike_bulk_split(ctx: Context) -> Evidence:
    """Per head min(log f, log g) (an empty side, k = 0 or k = ℓ, has no margin to miss); the median and the share of
    heads above SEPARATED, read step by step over the measured lengths."""
    m = _measured()
    if m is None:
        return _missing()
    rows = m["rows"]
    x = [r["ell"] for r in rows]
    k, rank = [r["summary"]["median_k"] for r in rows], [r["summary"]["median_rank"] for r in rows]
    bulk = [r["summary"]["median_bulk_max"] for r in rows]
    heads = [
        [
            min(v for v in (f, g) if v is not None)
            for layer in r["layers"]
            for fs, gs in zip(layer["log_f"], layer["log_g"])
            for f, g in zip(fs, gs)
        ]
        for r in rows
    ]
    margins = [float(np.median(h)) for h in heads]
    share = [float(np.mean(np.array(h) > SEPARATED)) for h in heads]
    median_series = step_series("the median margin", x, margins, "increasing")
    share_series = step_series("the share of separated heads", x, share, "increasing")
    # the recast statement: positive at every ℓ; a majority separated only at the largest ℓ, where the bulk is empty
    majority = [ell for ell, v in zip(x, share) if v > 0.5]
    empty_bulk = bulk[-1] == 0
    holds = min(margins) > 0 and majority == [x[-1]] and empty_bulk
    text = (
        f"median min(log f, log g) {', '.join(fmt(v) for v in margins)}; share of heads with margin > {fmt(SEPARATED)}"
        f" {', '.join(fmt(v) for v in share)}; median k {', '.join(fmt(v) for v in k)} of rank"
        f" {', '.join(fmt(v) for v in rank)}; B = s_(k+1) {', '.join(fmt(v) for v in bulk)} at ℓ ="
        f" {', '.join(map(str, x))}; {series_text(median_series)}; {series_text(share_series)}"
    )
    again = median_margins_from_spectra(rows)
    tight, limit = _spike_bulk_tightness(x, margins, share, again), _spike_bulk_limit(x, margins, bulk, again)
    return Evidence(
        Status.VERIFIED if holds else Status.REFUTED,
        MEASURED_ROWS,
        text,
        ranges=RANGES,
        worst_margin=min(margins),
        counterexample=None if holds else {"ell": x, "median_margin": margins, "share": share},
        data={"series": [median_series, share_series], "count": {"ell": x, "median_k": k}},
        tightness=tight,
        limit=limit,
    )
