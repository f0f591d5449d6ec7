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
