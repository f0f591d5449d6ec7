"""The trained experiments' decision rule (runs/train/statistics.py), on numbers whose answer is known."""

import pytest

from specproof.runs.train import statistics as st


def test_a_clear_paired_effect_on_the_papers_side_is_supported():
    d = st.paired([2.5, 2.6, 2.4, 2.7, 2.55, 2.65], [2.1, 2.2, 2.0, 2.3, 2.15, 2.2], "greater")
    assert d.verdict == "supported" and d.low > 0 and d.p == pytest.approx(2 / 64)


def test_the_same_effect_on_the_other_side_is_refuted():
    d = st.paired([2.1, 2.2, 2.0, 2.3, 2.15, 2.2], [2.5, 2.6, 2.4, 2.7, 2.55, 2.65], "greater")
    assert d.verdict == "refuted" and d.high < 0


def test_five_pairs_cannot_reject_and_say_so():
    d = st.paired([2.5, 2.6, 2.4, 2.7, 2.55], [2.1, 2.2, 2.0, 2.3, 2.15], "greater")
    assert d.verdict == "open" and d.min_p == pytest.approx(2 / 32) and "no test at 5 % can reject" in d.text()


def test_noise_is_open_with_the_detectable_effect():
    d = st.paired([1, 2, 3, 1, 2, 3, 2, 1], [1.1, 1.9, 3.2, 0.8, 2.1, 3.0, 2.2, 0.9], "greater")
    assert d.verdict == "open" and 0 < d.detectable < 1 and "smallest effect" in d.text()


def test_the_interval_is_a_function_of_the_rows():
    a, b = [1.0, 1.4, 0.9, 1.3, 1.2, 1.1, 1.5], [0.9, 1.0, 1.0, 1.1, 0.95, 1.0, 1.2]
    assert st.paired(a, b, "greater") == st.paired(a, b, "greater")


def test_every_run_is_refuted_by_one_run():
    assert st.every_run([3, 4, 5], lambda v: v > 2) == ("supported", [])
    assert st.every_run([3, 1, 5], lambda v: v > 2) == ("refuted", [1])


def test_the_papers_effect_sizes_are_its_table_2():
    assert st.paper_recovered_fraction() == pytest.approx(59.4 / 76.2)
    assert st.paper_log_odds() == pytest.approx(2.7635, abs=1e-4)


def test_an_effect_of_the_papers_size_is_supported_and_a_small_one_refuted():
    base1 = [100.0, 99.8, 99.9, 100.0, 99.7, 99.9]
    base8 = [24.0, 22.0, 26.0, 23.0, 25.0, 21.0]
    big = [83.0, 80.0, 86.0, 84.0, 82.0, 81.0]
    small = [26.0, 23.0, 27.5, 25.0, 26.0, 22.5]
    assert st.recovered_fraction(big, base8, base1).verdict == "supported"
    f = st.recovered_fraction(small, base8, base1)
    assert f.verdict == "refuted" and f.high < f.margin == pytest.approx(0.5 * st.paper_recovered_fraction())
    scored = 1000
    assert st.log_odds_difference([x / 100 for x in big], [x / 100 for x in base8], scored).verdict == "supported"
    lo = st.log_odds_difference([x / 100 for x in small], [x / 100 for x in base8], scored)
    assert lo.verdict == "refuted" and "refuted at this scale" in lo.text()


def test_the_bounds_are_one_sided_95_and_straddling_is_open():
    gain = [0.0, 60.0, 5.0, 70.0, 10.0, 40.0]  # noisy around the margin
    base8 = [30.0] * 6
    base1 = [100.0] * 6
    f = st.recovered_fraction([b + g for b, g in zip(base8, gain)], base8, base1)
    assert f.low < f.margin < f.high and f.verdict == "open"


def test_no_drop_means_nothing_to_recover():
    f = st.recovered_fraction([99.0, 98.0, 99.5], [98.0, 97.0, 99.0], [100.0, 99.0, 100.0])
    assert f.verdict == "not applicable" and "nothing to recover" in f.text()


def test_the_logit_is_finite_at_0_and_1():
    import numpy as np

    v = st.smoothed_logit([0.0, 1.0], 100)
    assert np.all(np.isfinite(v)) and v[0] == pytest.approx(-v[1])


def test_tost_shows_equivalence_only_inside_the_margin():
    base = [50.0, 52.0, 48.0, 51.0, 49.0, 50.5, 47.5, 53.0]
    near = [b + e for b, e in zip(base, [0.5, -0.4, 0.3, -0.2, 0.6, -0.5, 0.1, 0.0])]
    far = [b + e for b, e in zip(base, [6.0, 3.0, 9.0, 4.0, 8.0, 5.0, 7.0, 6.5])]
    assert st.equivalence(near, base).verdict == "equivalent"
    e = st.equivalence(far, base)
    assert e.verdict == "not shown" and e.p >= 0.05


def test_holm_matches_its_definition():
    assert st.holm([0.01, 0.04, 0.03, 0.5]) == pytest.approx([0.04, 0.09, 0.09, 0.5])
    assert st.holm([0.2, 0.2]) == pytest.approx([0.4, 0.4])


def test_a_family_of_16_needs_ten_pairs_to_reject():
    assert st.holm_min_pairs(16) == 10 and st.holm_min_pairs(1) == 6
    strong = {k: ([1.0 + i for i in range(8)], [0.0 + i for i in range(8)]) for k in range(16)}
    fam = st.paired_family(strong, {k: "greater" for k in strong})
    assert all(d.verdict == "open" and d.p == pytest.approx(16 * 2 / 2**8) for d in fam.values())
    strong10 = {k: ([1.0 + i for i in range(10)], [0.0 + i for i in range(10)]) for k in range(16)}
    assert all(d.verdict == "supported" for d in st.paired_family(strong10, {k: "greater" for k in range(16)}).values())


def test_pairs_needed_from_the_committed_spread():
    """The committed MQAR run's paired SD at 8× (5.34 points): a 5-point difference at 80 % power needs 12 pairs."""
    assert st.pairs_needed(5.34, 5.0) == 12
    assert st.pairs_needed(1.0, 10.0) == 3  # a huge effect still needs a t with a degree of freedom


def test_the_scale_is_named():
    assert st.scale_text("mqar", 9, 64, 32) == "mqar, D = 9, d = 64, T = 32"


def _acc(shift8: float, seeds=6, base8=(40.0, 35.0, 45.0, 38.0, 42.0, 36.0)):
    out = {}
    for name, shift in (("base", 0.0), ("trsp", shift8)):
        out[name] = {
            s: {1: (0.995, 1000), 2: (0.9, 1000), 8: ((base8[s] + shift + 0.5 * (s % 2)) / 100, 1000)}
            for s in range(seeds)
        }
    return out


def test_the_report_prints_the_effect_size_columns_beside_the_papers():
    lines = st.comparison_report(_acc(30.0), [1, 2, 8], "mqar, D = 9, d = 64, T = 32")
    text = "\n".join(lines)
    assert "trsp − base at 8× (mqar, D = 9, d = 64, T = 32)" in text
    table = text[text.index("effect size at 8×") :].splitlines()
    assert table[1].split()[:2] == ["variant", "Δ"] and table[2].startswith("trsp") and table[3].startswith("paper")
    assert "0.78 (margin 0.39)" in table[3] and "2.76 (margin 1.38)" in table[3]
    small = "\n".join(st.comparison_report(_acc(0.3), [1, 2, 8], "s"))
    assert "refuted at this scale" in small and "equivalent" in small


def test_the_report_says_why_no_rule_applies():
    one = {v: {0: {1: (0.99, 10), 8: (0.5, 10)}} for v in ("base", "trsp")}
    assert "1 paired seed (0)" in st.comparison_report(one, [1, 8], "s")[0]
    low = _acc(3.0)
    low["trsp"][2] = {1: (0.7, 1000), 2: (0.5, 1000), 8: (0.3, 1000)}
    (line,) = st.comparison_report(low, [1, 2, 8], "s")
    assert "precondition fails" in line and "trsp seeds [2]" in line and "detectable" in line
    assert "smallest effect" not in line


def test_a_gain_counts_only_beyond_the_best_length_fix():
    trsp = [60.0, 62.0, 58.0, 61.0, 59.0, 63.0]
    base = {
        "as trained": [40.0, 41.0, 39.0, 42.0, 38.0, 40.0],
        "position_interpolation": [61.0, 63.0, 59.0, 62.0, 60.0, 64.0],
    }
    out = st.beyond_length_fixes(trsp, base)
    assert out["reference"] == "position_interpolation" and out["verdict"] == "refuted"
    out = st.beyond_length_fixes(trsp, {"as trained": base["as trained"]})
    assert out["reference"] == "as trained" and out["verdict"] == "supported"
