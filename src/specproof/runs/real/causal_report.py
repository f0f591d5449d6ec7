"""Reading the causal decoder's rows: per-length summaries, Table 1's head ratios, and the pre-stated transfer rules
of SDEG's causal theorems (Thm 3, 4, 7) on real heads; the tables `specproof real --model smollm2` prints.

**Transfer rules** (written before the rows were measured). A theorem's prediction about canonical causal attention
*transfers* to the real heads when every measured (window, layer, head) at every length satisfies it, and *does not
transfer* otherwise, the breaking heads named as (layer, head) with the lengths and windows where they break and how
far; the share of heads that keep it is reported beside the verdict:

- ``thm3-triangular``: λ(A_h) = diag(A_h), read as max_{j>i} |A_ij| = 0 (the mask) — an identity on every head.
- ``thm3-harmonic``: the harmonic floor λ_t ≥ 1/t of canonical attention with nonnegative scores, read as
  t·(A_h)_tt ≥ 1 for every token t (``harmonic_min`` ≥ 1).
- ``thm4-upper``: ‖A_h‖ ≤ √5 (``sigma1``).
- ``thm4-lower``: i·σ_i(A_h) ≥ 1/3 for every resolved i (``min_i_sigma``; σ_i at the float floor of the SVD are not
  read, and are counted).
- ``thm7-growth``: srank and erank₂ = Θ(F), F = k + log((ℓ+1)/(k+1)): per (layer, head), the median over windows of
  srank/F (and erank₂/F) at the largest ℓ is within a factor ``GROWTH_BAND`` of its value at the smallest ℓ.

The effect sizes beside each verdict: the share of heads that keep the prediction per length, and how far the worst
head is from it.

**Collapse with length** (TRSP §4.1's premise, on the residual stream; written before the diagnostics were measured):
per diagnostic, its mean over the blocks' outputs (the embeddings excluded) in each window; the collapse direction is
stable rank, spectral flatness and SPR falling and anisotropy rising with ℓ. A diagnostic *collapses* when the
least-squares slope of its window mean against log ℓ has the collapse sign and, in every window, its value at the
largest ℓ is beyond its value at the smallest; it *does not collapse* when both hold with the opposite sign; else it
is *mixed*. The representation collapses with length when all four diagnostics collapse; the premise is refuted on
this model when any one does not collapse.
"""

from __future__ import annotations

import math

import numpy as np

THM4_UPPER = math.sqrt(5.0)
THM4_LOWER = 1.0 / 3.0
GROWTH_BAND = 2.0  # as the trained level reads Θ(F) over an 8× range (sdeg.trained.rank-growth)
TOLERANCE = 1e-6  # the stored rows keep 6 significant digits: a value within this relative margin is on the bound
RULES = ("thm3-triangular", "thm3-harmonic", "thm4-upper", "thm4-lower", "thm7-growth")
COLLAPSE = {"stable_rank": -1, "flatness": -1, "spr": -1, "anisotropy": +1}  # the sign of a collapse's change in ℓ


def pooled(row: dict, key: str, layers=None) -> list[float]:
    """Every (layer, window, head) value of one length (``layers``: a set of layer indices, or all)."""
    return [
        v
        for i, layer in enumerate(row["layers"])
        if layers is None or i in layers
        for window in layer[key]
        for v in window
        if v is not None
    ]


def heads(row: dict):
    """(layer, window, head, dict of that head's values) for every head of one merged length."""
    for i, layer in enumerate(row["layers"]):
        keys = list(layer)
        for w in range(len(layer[keys[0]])):
            for h in range(len(layer[keys[0]][w])):
                yield i, w, h, {k: layer[k][w][h] for k in keys}


def summary(row: dict) -> dict:
    """One length's medians (pooled over layers, windows and heads; the last layer) and the theorems' head counts."""
    n = len(row["layers"])
    med = lambda key, layers=None: float(np.median(pooled(row, key, layers)))  # noqa: E731
    hs = list(heads(row))
    return {
        "ell": row["ell"],
        "windows": row["windows"],
        "heads": len(hs),
        "median_w1": med("w1"),
        "last_layer_median_w1": med("w1", {n - 1}),
        "layer_median_w1": [med("w1", {i}) for i in range(n)],
        **{f"median_{k}": med(k) for k in ("srank_real", "srank_canonical", "erank1_real", "erank1_canonical")},
        "median_k": med("k"),
        "keep": {rule: sum(1 for *_, h in hs if keeps(rule, h)) for rule in RULES if rule != "thm7-growth"},
        "median_srank_over_F": float(np.median([h["srank_real"] / h["thm7_F"] for *_, h in hs])),
        "median_erank2_over_F": float(np.median([h["erank2_real"] / h["thm7_F"] for *_, h in hs])),
        "median_sink": med("sink"),
    }


def keeps(rule: str, h: dict) -> bool:
    """Whether one head keeps a per-head rule (``thm7-growth`` is read across lengths: :func:`growth`)."""
    if rule == "thm3-triangular":
        return h["upper_max"] == 0
    if rule == "thm3-harmonic":
        return h["harmonic_min"] >= 1 - TOLERANCE
    if rule == "thm4-upper":
        return h["sigma1"] <= THM4_UPPER * (1 + TOLERANCE)
    if rule == "thm4-lower":
        return h["min_i_sigma"] is None or h["min_i_sigma"] >= THM4_LOWER * (1 - TOLERANCE)
    raise ValueError(f"unknown per-head rule {rule!r}")


def margin(rule: str, h: dict) -> float:
    """How far a head is from breaking (negative: broken), in the rule's own units (a log ratio)."""
    value = {
        "thm3-triangular": lambda: -h["upper_max"],
        "thm3-harmonic": lambda: math.log(max(h["harmonic_min"], 1e-300)),
        "thm4-upper": lambda: math.log(THM4_UPPER / h["sigma1"]),
        "thm4-lower": lambda: math.inf if h["min_i_sigma"] is None else math.log(h["min_i_sigma"] / THM4_LOWER),
    }[rule]
    return float(value())


def growth(rows: list[dict]) -> dict[tuple[int, int], dict[str, float]]:
    """Thm 7 per (layer, head): the median over windows of srank/F and erank₂/F at the largest ℓ over that at the
    smallest; {(layer, head): {"srank": move, "erank2": move}}."""
    first, last = rows[0], rows[-1]

    def medians(row, key):
        out = {}
        for i, layer in enumerate(row["layers"]):
            for h in range(len(layer[key][0])):
                out[(i, h)] = float(
                    np.median([layer[key][w][h] / layer["thm7_F"][w][h] for w in range(row["windows"])])
                )
        return out

    moves: dict[tuple[int, int], dict[str, float]] = {}
    for key in ("srank_real", "erank2_real"):
        a, b = medians(first, key), medians(last, key)
        for lh in a:
            moves.setdefault(lh, {})[key.removesuffix("_real")] = b[lh] / a[lh]
    return moves


def transfer(rows: list[dict], rule: str) -> dict:
    """A rule decided on every measured head: {"verdict": "transfers" | "does not transfer", "kept": per ℓ count,
    "total": per ℓ, "broken": [(layer, head) …] sorted by how far, "worst": the worst head's reading}."""
    if rule == "thm7-growth":
        moves = growth(rows)
        broken = {
            lh: max(abs(math.log(m)) for m in mv.values())
            for lh, mv in moves.items()
            if not all(1 / GROWTH_BAND < m < GROWTH_BAND for m in mv.values())
        }
        farthest = max(moves, key=lambda lh: max(abs(math.log(m)) for m in moves[lh].values()))
        return {
            "rule": rule,
            "verdict": "does not transfer" if broken else "transfers",
            "kept": {f"{rows[0]['ell']}→{rows[-1]['ell']}": len(moves) - len(broken)},
            "total": {f"{rows[0]['ell']}→{rows[-1]['ell']}": len(moves)},
            "broken": [list(lh) for lh in sorted(broken, key=lambda lh: broken[lh], reverse=True)],
            "worst": {"layer": farthest[0], "head": farthest[1], **moves[farthest]},
        }
    where: dict[tuple[int, int], list[tuple[int, int, float]]] = {}
    worst: dict | None = None
    kept, total = {}, {}
    for row in rows:
        hs = list(heads(row))
        total[row["ell"]] = len(hs)
        kept[row["ell"]] = 0
        for i, w, h, values in hs:
            m = margin(rule, values)
            if keeps(rule, values):
                kept[row["ell"]] += 1
            else:
                where.setdefault((i, h), []).append((row["ell"], w, m))
            if worst is None or m < worst["margin"]:
                worst = {"ell": row["ell"], "layer": i, "window": w, "head": h, "margin": m}
    order = sorted(where, key=lambda lh: min(m for *_, m in where[lh]))
    return {
        "rule": rule,
        "verdict": "does not transfer" if where else "transfers",
        "kept": kept,
        "total": total,
        "broken": [list(lh) for lh in order],
        "breaks": {f"{lh[0]}.{lh[1]}": [[e, w, m] for e, w, m in where[lh]] for lh in order},
        "worst": worst,
    }


def head_ratios(row: dict) -> dict:
    """Table 1's statistic (SDEG App. F.5.1) at one length: per diagnostic, the median over layers of
    R_l = max_h m_{l,h} / min_h m_{l,h}, m_{l,h} the median over windows; and the per-layer R_l."""
    out = {}
    for key in ("srank_real", "erank1_real", "w1"):
        per_layer = []
        for layer in row["layers"]:
            m = np.median(np.asarray(layer[key], dtype=float), axis=0)
            per_layer.append(float(m.max() / m.min()))
        out[key] = {"median": float(np.median(per_layer)), "per_layer": per_layer}
    return out


def heads_table(rows: list[dict], name: str) -> str:
    """The printed report of the heads measurement."""
    sums = [summary(r) for r in rows]
    lines = [
        f"{name}: every layer × head against the canonical causal attention softmax(diag σ(S_h) + M); medians over "
        f"layers, windows and heads ({rows[0]['windows']} windows per ℓ)",
        "",
        f"{'ℓ':>5}  {'W₁ all':>7}  {'W₁ last':>7}  {'srank real':>10}  {'canon.':>7}  {'erank₁ real':>11}  "
        f"{'canon.':>7}  {'k':>5}  {'srank/F':>7}  {'sink':>6}",
    ]
    for s in sums:
        lines.append(
            f"{s['ell']:>5}  {s['median_w1']:>7.4f}  {s['last_layer_median_w1']:>7.4f}  "
            f"{s['median_srank_real']:>10.3f}  {s['median_srank_canonical']:>7.2f}  {s['median_erank1_real']:>11.2f}  "
            f"{s['median_erank1_canonical']:>7.2f}  {s['median_k']:>5.1f}  {s['median_srank_over_F']:>7.3f}  "
            f"{s['median_sink']:>6.3f}"
        )
    lines += ["", "heads that keep each causal theorem's prediction (of all measured heads):"]
    lines.append(f"{'ℓ':>5}  " + "  ".join(f"{rule:>15}" for rule in RULES[:-1]))
    for s in sums:
        lines.append(f"{s['ell']:>5}  " + "  ".join(f"{s['keep'][r]:>9}/{s['heads']:<5}" for r in RULES[:-1]))
    lines.append("")
    for rule in RULES:
        t = transfer(rows, rule)
        names = ", ".join(f"L{layer}.H{head}" for layer, head in t["broken"][:8])
        more = f" (+{len(t['broken']) - 8} more)" if len(t["broken"]) > 8 else ""
        lines.append(f"{rule}: {t['verdict']}" + (f"; breaking heads {names}{more}" if t["broken"] else ""))
    ratios = head_ratios(rows[-1])
    lines.append(
        f"Table 1's head ratios at ℓ = {rows[-1]['ell']} (median over layers of max_h/min_h): srank "
        f"{ratios['srank_real']['median']:.3g}, erank₁ {ratios['erank1_real']['median']:.3g}, W₁ "
        f"{ratios['w1']['median']:.3g} (GPT-2 at ℓ = 1024 in the paper: 4.22, 6.57, 3.19)"
    )
    return "\n".join(lines)


def diagnostics_table(rows: list[dict], name: str) -> str:
    """The printed report of the diagnostics measurement: the mean over the blocks and the windows per length, and
    the collapse rule."""
    lines = [
        f"{name}: TRSP §4.1 diagnostics of the residual stream (mean over the blocks' outputs and the windows)",
        f"{'ℓ':>5}  {'SPR':>8}  {'stable rank':>11}  {'flatness':>8}  {'anisotropy':>10}",
    ]
    for r in rows:
        mean = {k: float(np.mean(block_means(r, k))) for k in COLLAPSE}
        lines.append(
            f"{r['ell']:>5}  {mean['spr']:>8.4g}  {mean['stable_rank']:>11.4g}  {mean['flatness']:>8.4g}  "
            f"{mean['anisotropy']:>10.4g}"
        )
    if len(rows) > 1:
        c = collapse(rows)
        lines.append(
            f"collapse with length: {c['verdict']} ("
            + ", ".join(f"{k} {v['call']}" for k, v in c["diagnostics"].items())
            + ")"
        )
    return "\n".join(lines)


def block_means(row: dict, key: str) -> list[float]:
    """Per window, a diagnostic's mean over the blocks' outputs (stage 0, the embeddings, excluded)."""
    per_stage = row["layers"][key][1:]
    return [float(np.mean([stage[w] for stage in per_stage])) for w in range(row["windows"])]


def collapse(rows: list[dict]) -> dict:
    """The collapse rule (module docstring) on merged diagnostics rows: per diagnostic its series, slope and call."""
    ells = [r["ell"] for r in rows]
    out = {}
    for key, sign in COLLAPSE.items():
        per_window = np.asarray([block_means(r, key) for r in rows])  # (lengths, windows)
        mean = per_window.mean(axis=1)
        slope = float(np.polyfit(np.log(ells), mean, 1)[0])
        moved = sign * (per_window[-1] - per_window[0])
        call = (
            "collapses"
            if sign * slope > 0 and np.all(moved > 0)
            else "does not collapse"
            if sign * slope < 0 and np.all(moved < 0)
            else "mixed"
        )
        out[key] = {"ell": ells, "mean": mean.tolist(), "slope_per_log_ell": slope, "call": call}
    calls = [v["call"] for v in out.values()]
    verdict = (
        "collapses"
        if all(c == "collapses" for c in calls)
        else "does not collapse"
        if "does not collapse" in calls
        else "open"
    )
    return {"verdict": verdict, "diagnostics": out}
