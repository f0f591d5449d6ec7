"""The canonical model and TRSP's side path on a real pretrained transformer (SDEG §4, App. F; TRSP App. C) (continued
from :mod:`sdeg_real`): the claims from sdeg.real.spike-bulk to trsp.real.rank-floor, in registry order.
"""

from __future__ import annotations

import math

import numpy as np

from specproof.checks import real_models as rm
from specproof.checks.claims.sdeg_real import (  # defined with the claims before these
    METHOD,
    RANGES,
    ROUNDING,
    TESTS,
    _measured,
    _missing,
    _series,
    _slope,
)
from specproof.checks.methods import EPS, fmt, series_text, step_series
from specproof.checks.registry import Context, Evidence, Source, Status, check, claim

# --------------------------------------------------------------------------- Assumption 2 and the theorems

SEPARATED = 1.0  # a head is separated in practice when min(log f, log g) > 1, i.e. ε_ℓ = e^(−margin) < 1/e


@check
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
    return Evidence(
        Status.VERIFIED if holds else Status.REFUTED,
        METHOD,
        text,
        ranges=RANGES,
        worst_margin=min(margins),
        counterexample=None if holds else {"ell": x, "median_margin": margins, "share": share},
        data={"series": [median_series, share_series], "count": {"ell": x, "median_k": k}},
    )


claim(
    id="sdeg.real.spike-bulk",
    figure="figures/real-concentration.png",
    title="MiniLM's score spectra barely separate at log ℓ: Assumption 2 holds only once the bulk is empty",
    source=Source("specproof", "§3.1", "own, on MiniLM"),
    statement=r"Per head, split the score singular values at the softmax scale: $k=\#\{i:s_i>\log\ell\}$, "
    r"$\log f=s_k-\log\ell$, $\log g=\log\ell-s_{k+1}$ (the largest $f,g$ with $e^{s_i}\ge\ell f$ for $i\le k$ "
    r"and $e^{s_i}\le\ell/g$ for $i>k$), $B=s_{k+1}$. Assumption 2 asks $f,g\to\infty$. On MiniLM the median "
    r"$\min(\log f,\log g)$ is positive at every $\ell$ but does not grow with $\ell$: it falls over "
    r"$\ell=16\dots128$, and a majority of heads has margin $>1$ only at $\ell=512$, where the bulk is the "
    r"$\ell-32$ structural zeros ($B=0$).",
    checks=[real_spike_bulk_split],
    expected=Status.VERIFIED,
    unproved=(
        "A statement about measured rows: the stored all-MiniLM-L6-v2 attention of 6 layers × 12 heads on 4 "
        "windows of pydoc_data.topics (ℓ = 16…512); nothing to prove for every parameter value."
    ),
    reason=(
        "Recast to what the rows show, step by step (a referee found the earlier 'margins grow' verified only through "
        "a positive slope carried by ℓ = 512): the median margin is 0.28, 0.18, 0.16, 0.14, 0.25 at ℓ = 16…256 "
        "(ε_ℓ = e^(−margin) ≈ 0.75–0.87: no separation in practice) and 6.0 at ℓ = 512; the share of heads with "
        "margin > 1 is 0.04, 0.04, 0, 0.01, 0.20, 0.90. While k climbs towards rank S_h = d_h = 32, B = s_(k+1) "
        "tracks log ℓ from just below; at ℓ = 512 every nonzero score direction is a spike (the score singular "
        "values grow like ℓ, faster than log ℓ) and the bulk is empty of signal. Bounded bulk thus holds only once "
        "the bulk carries no signal."
    ),
    notes=["interpretive"],
    tests=[f"{TESTS}::test_spike_bulk_split_of_a_known_spectrum"],
)


RANK_TOLERANCE = 2.0  # "k + 1 + o(1)" read at finite ℓ: within a factor 2 of k + 1


@check
def real_rank_prediction(ctx: Context) -> Evidence:
    m = _measured()
    if m is None:
        return _missing()
    parts, worst, failures = [], math.inf, []
    for r in m["rows"]:
        layers = r["layers"]
        ratio = {
            kind: float(
                np.median(
                    [
                        v / (k + 1)
                        for layer in layers
                        for vs, ks in zip(layer[f"srank_{kind}"], layer["k"])
                        for v, k in zip(vs, ks)
                    ]
                )
            )
            for kind in ("real", "canonical")
        }
        can = min(RANK_TOLERANCE - ratio["canonical"], 1 - 1 / (RANK_TOLERANCE * ratio["canonical"]))
        real = 1 / RANK_TOLERANCE - ratio["real"]
        worst = min(worst, can, real)
        parts.append(f"ℓ = {r['ell']}: {fmt(ratio['canonical'])} canonical, {fmt(ratio['real'])} real")
        if can < 0:
            failures.append({"ell": r["ell"], "canonical_ratio": ratio["canonical"]})
        if real < 0:
            failures.append({"ell": r["ell"], "real_ratio": ratio["real"]})
    text = "median srank/(k+1): " + "; ".join(parts)
    if failures:
        return Evidence(
            Status.REFUTED,
            METHOD,
            f"Thm 6's prediction does not split as stated: {text}",
            ranges=RANGES,
            worst_margin=worst,
            counterexample={"failures": failures},
        )
    return Evidence(Status.VERIFIED, METHOD, text, ranges=RANGES, worst_margin=worst)


claim(
    id="sdeg.real.rank-prediction",
    figure="figures/real-concentration.png",
    title="Thm 6's srank ≈ k + 1 holds for the canonical model built from MiniLM's scores, not for its attention",
    source=Source("specproof", "§3.4", "own, on MiniLM"),
    statement=r"With $k$ the per-head spike count of sdeg.real.spike-bulk, at every measured $\ell$ the median of "
    r"$\mathrm{srank}(A_\Sigma)/(k+1)$ lies in $[1/2,2]$ (Thm 6's $k+1+o(1)$, read within a factor 2) while the "
    r"median of $\mathrm{srank}(A_h)/(k+1)$ is below $1/2$: the theorem describes the canonical model of the "
    r"real scores but not the real attention.",
    checks=[real_rank_prediction],
    expected=Status.VERIFIED,
    unproved=(
        "A statement about measured rows: the stored all-MiniLM-L6-v2 attention of 6 layers × 12 heads on 4 "
        "windows of pydoc_data.topics (ℓ = 16…512); nothing to prove for every parameter value."
    ),
    reason=(
        "The canonical model turns each score direction above log ℓ into a self-attending row (a unit singular "
        "value); real attention puts its large score directions on a few shared key tokens instead (srank ≈ 1–2)."
    ),
    notes=["interpretive"],
    uses=["sdeg.real.spike-bulk"],
    tests=[f"{TESTS}::test_spike_bulk_split_of_a_known_spectrum"],
)


@check
def real_eigen_profile_prediction(ctx: Context) -> Evidence:
    m = _measured()
    if m is None:
        return _missing()
    parts, worst, failures = [], math.inf, []
    for r in m["rows"]:
        ell = r["ell"]
        ratio = {
            kind: float(
                np.median(
                    [
                        t / (k + 1 - k / ell)
                        for layer in r["layers"]
                        for ts, ks in zip(layer[f"trace_{kind}"], layer["k"])
                        for t, k in zip(ts, ks)
                    ]
                )
            )
            for kind in ("real", "canonical")
        }
        law = {kind: r["summary"][f"median_law_{kind}"] for kind in ("real", "canonical")}
        can = min(RANK_TOLERANCE - ratio["canonical"], 1 - 1 / (RANK_TOLERANCE * ratio["canonical"]))
        real = 1 / RANK_TOLERANCE - ratio["real"]
        worst = min(worst, can, real)
        parts.append(
            f"ℓ = {ell}: {fmt(ratio['canonical'])} canonical, {fmt(ratio['real'])} real (W₁ to cδ₁ + (1−c)δ₀: "
            f"{fmt(law['canonical'])}, {fmt(law['real'])})"
        )
        if can < 0 or real < 0:
            failures.append({"ell": ell, **{f"{k}_ratio": v for k, v in ratio.items()}})
    text = "median tr A/(k + 1 − c): " + "; ".join(parts)
    if failures:
        return Evidence(
            Status.REFUTED,
            METHOD,
            f"Thm 2's profile does not split as stated: {text}",
            ranges=RANGES,
            worst_margin=worst,
            counterexample={"failures": failures},
        )
    counted = {"ell": [r["ell"] for r in m["rows"]], "median_k": [r["summary"]["median_k"] for r in m["rows"]]}
    return Evidence(Status.VERIFIED, METHOD, text, ranges=RANGES, worst_margin=worst, data={"count": counted})


claim(
    id="sdeg.real.eigen-profile",
    figure="figures/real-concentration.png",
    title="Thm 2's eigenvalue profile holds for the canonical model of MiniLM's scores, not for its attention",
    source=Source("specproof", "§3.2", "own, on MiniLM"),
    statement=r"With $k$ the per-head spike count of sdeg.real.spike-bulk and $c=k/\ell$, Thm 2's profile (eigenvalues "
    r"$1$ ($k$ times), $1-c$, $0$) has eigenvalue sum $k+1-c$; at every measured $\ell$ the median of "
    r"$\mathrm{tr}A_\Sigma/(k+1-c)$ lies in $[1/2,2]$ while the median of $\mathrm{tr}A_h/(k+1-c)$ is below "
    r"$1/2$ ($\mathrm{tr}A=\sum_i\lambda_i$, exact without an eigensolver; the tolerance of "
    r"sdeg.real.rank-prediction).",
    checks=[real_eigen_profile_prediction],
    expected=Status.VERIFIED,
    unproved=(
        "A statement about measured rows: the stored all-MiniLM-L6-v2 attention of 6 layers × 12 heads on 4 "
        "windows of pydoc_data.topics (ℓ = 16…512); nothing to prove for every parameter value."
    ),
    reason=(
        "The canonical spectrum follows the profile closely (ratio ≈ 1); real attention keeps about one eigenvalue "
        "near 1 per shared key token instead of one per large score direction. The distance of the singular-value "
        "law to cδ₁ + (1−c)δ₀ (Thm 1(3)) falls for both (canonical 0.117 → 0.0019, real 0.223 → 0.068) because "
        "c = k/ℓ → 0 pulls the limit law towards δ₀: it shrinks even for attention that misses the profile."
    ),
    notes=["interpretive"],
    uses=["sdeg.real.spike-bulk", "sdeg.real.rank-prediction"],
    tests=[f"{TESTS}::test_layer_measures_are_finite_and_in_range"],
)


# --------------------------------------------------------------------------- TRSP on real attention


def _head_values(row: dict, key: str) -> np.ndarray:
    return np.array(rm.values(row, key), dtype=float)


@check
def real_safety_net_holds(ctx: Context) -> Evidence:
    m = _measured()
    if m is None:
        return _missing()
    from specproof.theory.operators import superposed_tribox_laplacian

    worst, worst_case, count, allowance_at = math.inf, None, 0, 0.0
    for r in m["rows"]:
        ell, side = r["ell"], r["side_path"]
        L_tri = superposed_tribox_laplacian(ell).as_matrix()
        tri_norm = float(np.abs(L_tri).sum(axis=1).max())
        for g in side["gates"]:
            mu2 = _head_values(r, f"mu2_side_{g:g}")
            floor = g * side["mu2_tri"]
            # eigvalsh within 10·ℓ·eps·‖L‖₂ (‖L_attn‖∞ ≤ ℓ + 1 for row-stochastic A), and 6-digit storage of both terms
            allowance = 10 * ell * EPS * ((ell + 1) + g * tri_norm) * 2 + ROUNDING * (mu2 + floor)
            margins = mu2 - floor
            i = int(np.argmin(margins + allowance))
            count += mu2.size
            if margins[i] + allowance[i] < 0:
                return Evidence(
                    Status.REFUTED,
                    METHOD,
                    f"μ₂(L_attn + g·L_tri) < g·μ₂(L_tri) at ℓ = {ell}, g = {g}",
                    ranges=RANGES,
                    worst_margin=float(margins[i]),
                    counterexample={"ell": ell, "g": g, "mu2": float(mu2[i]), "floor": floor},
                )
            if margins[i] < worst:
                worst, worst_case, allowance_at = float(margins[i]), {"ell": ell, "g": g}, float(allowance[i])
    return Evidence(
        Status.VERIFIED,
        METHOD,
        f"μ₂(L_attn + g·L_tri) ≥ g·μ₂(L_tri) on all {count} (head, window, g) "
        f"cases; smallest margin {fmt(worst)} at {worst_case}",
        ranges=RANGES + f", g in {rm.GATES}",
        worst_margin=worst,
        allowance=allowance_at if worst < 0 else None,
        allowance_note=(
            "two eigvalsh, each within 10·ℓ·eps·(‖L_attn‖∞ + g‖L_tri‖∞), and the 6-digit "
            "rounding of the stored μ₂ values"
            if worst < 0
            else ""
        ),
    )


claim(
    id="trsp.real.safety-net",
    figure="figures/real-side-path.png",
    title="Prop. C.5 on MiniLM's heads: the side path's floor holds on every real attention graph",
    source=Source("specproof", "App. C.3.1", "own, on MiniLM"),
    statement=r"For every measured head, window and $g\in\{0.1,0.5\}$, with $L_{\rm attn}$ the Laplacian of "
    r"$(A_h+A_h^\top)/2$ and $L_{\rm tri}$ that of the real triBox stack at $T=\ell$, "
    r"$\mu_2(L_{\rm attn}+gL_{\rm tri})\ge g\,\mu_2(L_{\rm tri})$.",
    checks=[real_safety_net_holds],
    expected=Status.VERIFIED,
    unproved=(
        "A statement about measured rows (MiniLM heads and windows); the inequality itself is an instance of the "
        "proved trsp.C5.safety-net (every softmax head is nonnegative), so only the margins are empirical: "
        "nothing further to prove for every parameter value."
    ),
    reason="An instance of Prop. C.5 (Weyl) on real attention; the margins say how far above the floor real heads sit.",
    tests=[f"{TESTS}::test_side_path_measures_of_a_tiny_model"],
)


@check
def real_attention_stays_connected(ctx: Context) -> Evidence:
    m = _measured()
    if m is None:
        return _missing()
    x, mu2 = _series(m, "median_mu2_attn")
    slope = _slope(x, mu2)
    below = {
        g: [float(np.mean(_head_values(r, "mu2_attn") < g * r["side_path"]["mu2_tri"])) for r in m["rows"]]
        for g in rm.GATES
    }
    _, gap = _series(m, "median_gap_attn")
    gain = [r["summary"][f"median_mu2_side_{max(rm.GATES):g}"] / r["summary"]["median_mu2_attn"] for r in m["rows"]]
    text = (
        f"median μ₂(L_attn) {' → '.join(fmt(v) for v in mu2)} (log–log slope {fmt(slope)}); median normalised gap "
        f"{' → '.join(fmt(v) for v in gap)}; share of heads whose μ₂ is below the floor g·μ₂(L_tri): "
        + "; ".join(f"g = {g}: {', '.join(fmt(v) for v in b)}" for g, b in below.items())
        + "; median μ₂ with the side path over "
        f"without {', '.join(fmt(v) for v in gain)} at ℓ = {', '.join(map(str, x))}"
    )
    margin = 0.5 - abs(slope)
    if margin < 0:
        return Evidence(
            Status.REFUTED,
            METHOD,
            f"real attention graphs collapse: {text}",
            ranges=RANGES,
            worst_margin=margin,
            counterexample={"ell": x, "median_mu2_attn": mu2, "slope": slope},
        )
    series = step_series("the median μ₂(L_attn)", x, mu2, "decreasing")
    return Evidence(
        Status.VERIFIED,
        METHOD,
        f"{text}; {series_text(series)}",
        ranges=RANGES,
        worst_margin=margin,
        data={"series": [series]},
    )


claim(
    id="trsp.real.no-collapse",
    figure="figures/real-side-path.png",
    title="MiniLM's attention graphs do not disconnect as ℓ grows: the side path is a margin, not a rescue",
    source=Source("specproof", "App. C.3.1", "own, on MiniLM"),
    statement=r"The median over heads of $\mu_2(L_{\rm attn})$ of MiniLM's symmetrised attention graphs does not "
    r"collapse with $\ell$: its log–log slope over $\ell=16\ldots512$ has magnitude below $1/2$ (a path-like, "
    r"local head would give slope $-2$).",
    checks=[real_attention_stays_connected],
    expected=Status.VERIFIED,
    unproved=(
        "A statement about measured rows: the median μ₂ over the stored MiniLM heads and its log–log slope over ℓ "
        "= 16…512; nothing to prove for every parameter value."
    ),
    reason=(
        "Most heads attend to shared tokens ([CLS], [SEP], punctuation): a star-like graph whose μ₂ stays near "
        "its edge weight whatever ℓ. The evidence gives the share of heads below the side path's floor and the "
        "median gain the side path brings."
    ),
    notes=["interpretive"],
    tests=[f"{TESTS}::test_side_path_measures_of_a_tiny_model"],
)


@check
def real_rank_floor_and_side_path(ctx: Context) -> Evidence:
    m = _measured()
    if m is None:
        return _missing()
    from specproof.theory.operators import TriBox

    worst, count, lowered = math.inf, 0, []
    for r in m["rows"]:
        ell, side = r["ell"], r["side_path"]
        for i, layer in enumerate(r["layers"]):
            b = side["bandwidths"][i]
            E_b = float(np.sum(TriBox(ell, b).as_matrix() ** 2)) / ell
            for g in side["gates"]:
                reff = np.array([v for sample in layer[f"reff_{g:g}"] for v in sample])
                margins = reff * (1 + ROUNDING) - (1 + g * g * E_b)
                count += reff.size
                worst = min(worst, float(margins.min()))
                if margins.min() < 0:
                    return Evidence(
                        Status.REFUTED,
                        METHOD,
                        f"R_eff < 1 + g²E_b at ℓ = {ell}, layer {i}, g = {g}",
                        ranges=RANGES,
                        worst_margin=float(margins.min()),
                        counterexample={"ell": ell, "layer": i, "g": g, "reff": float(reff.min()), "E_b": E_b},
                    )
        lowered.append(r["summary"][f"median_reff_{max(rm.GATES):g}"] / r["summary"]["median_reff_0"])
    x = [r["ell"] for r in m["rows"]]
    return Evidence(
        Status.VERIFIED,
        METHOD,
        f"R_eff(I + A_h + g·M_tri) ≥ 1 + g²E_b on all {count} cases; median "
        f"R_eff(g = {max(rm.GATES)})/R_eff(g = 0) {', '.join(fmt(v) for v in lowered)} at ℓ = "
        f"{', '.join(map(str, x))}",
        ranges=RANGES + f", g in {rm.GATES}, b = min(2^layer, ℓ)",
        worst_margin=worst,
    )


claim(
    id="trsp.real.rank-floor",
    figure="figures/real-side-path.png",
    title="Thm C.8's floor 1 + g²E_b holds on MiniLM's heads, far below what the residual alone gives",
    source=Source("specproof", "App. C.4", "own, on MiniLM"),
    statement=r"For every measured head, window and $g\in\{0.1,0.5\}$, with $M_{\rm tri}$ the triBox filter of TRSP's "
    r"layer of the same index ($b=\min(2^{\rm layer},\ell)$), "
    r"$R_{\rm eff}(I+A_h+gM_{\rm tri})\ge1+g^2E_b$, $E_b=\|M_{\rm tri}\|_F^2/\ell$ (Thm C.8 proves it for a "
    r"rank-one sink only).",
    checks=[real_rank_floor_and_side_path],
    expected=Status.VERIFIED,
    unproved=(
        "A statement about measured rows of MiniLM heads; unlike the safety net it is not an instance of a "
        "theorem (Thm C.8's argument gives R_eff ≥ 1 + g²E_b only asymptotically and for the sink), so nothing to "
        "prove for every parameter value."
    ),
    reason=(
        "Holds with room on real heads; the evidence also gives how the side path moves the median R_eff "
        "(the composite's top singular value grows with g, so R_eff can fall as the side path is added)."
    ),
    notes=["interpretive"],
    tests=[f"{TESTS}::test_side_path_measures_of_a_tiny_model"],
)
