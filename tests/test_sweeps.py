"""Sweeps: registry, dense cross-checks, the atomic store, resumption after interruption, Dask, CLI."""

import json
import math
import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import numpy as np
import pytest

from specproof.cli.main import main
from specproof.engine.registry import Context, Status
from specproof.runs.sweeps.table import (
    GRIDS,
    SWEEPS,
    Store,
    Sweep,
    along,
    get,
    load_rows,
    missing_note,
    options_for,
    project_store,
    rate_check,
    run_sweep,
    spike_bulk_scores,
    stored_options,
)
from specproof.theory.validate import InputError


def counting_sweep(calls: list, fail_after: int | None = None, name: str = "toy-square") -> Sweep:
    """x ↦ x² with a bracket; records every call and raises KeyboardInterrupt after ``fail_after`` points."""

    def point(n):
        if fail_after is not None and len(calls) >= fail_after:
            raise KeyboardInterrupt
        calls.append(n)
        return {
            "value": float(n * n),
            "lower": n * n - 0.5,
            "upper": n * n + 0.5,
            "method": "exact",
            "dtype": "int",
            "device": "cpu",
        }

    grid = tuple(range(1, 11))
    return Sweep(name, "n", "n squared", point, {g: grid for g in GRIDS})


# --------------------------------------------------------------------------- the registry


def test_every_sweep_is_complete_and_sorted():
    assert {"skeleton-mu2", "real-mu2", "cesaro-norm", "causal-srank"} <= set(SWEEPS)
    for sweep in SWEEPS.values():
        for grid in GRIDS:
            xs = [p[sweep.x] for p in sweep.params(grid)]
            assert xs == sorted(set(xs)) and xs[0] >= 1
        assert set(sweep.grids["quick"]) <= set(sweep.grids["default"]) <= set(sweep.grids["wide"])
        assert sweep.reference is not None and sweep.claims
    assert options_for(Context()) == {"grid": "quick", "store": None}
    assert options_for(Context(wide=True)) == {"grid": "wide", "store": project_store(), "save": False}


@pytest.mark.parametrize("name", sorted(SWEEPS))
def test_the_committed_store_holds_every_default_row(name):
    """The claims read the committed store without computing (stored_options: compute=False), so a row missing
    from it, or one of an older revision, would narrow a claim's range: every default point is stored."""
    result = run_sweep(name, **stored_options(Context()))
    assert not result.missing, (
        f"data lacks {len(result.missing)} default row(s) of {name} at the current "
        f"revision: run `specproof sweep {name}` and commit the rows"
    )
    assert result.computed == 0


def test_a_store_only_read_computes_nothing_and_names_what_is_missing(tmp_path):
    sweep = counting_sweep([], name="store-only")
    result = run_sweep(sweep, "default", store=tmp_path, save=False, compute=False)
    assert result.rows == [] and result.computed == 0 and len(result.missing) == 10
    assert "not stored" in missing_note(result) and "n = 1, 2" in missing_note(result)


@pytest.mark.parametrize("name", sorted(SWEEPS))
def test_sweep_values_match_their_dense_reference(name):
    sweep = SWEEPS[name]
    xs = [x for x in sweep.grids["quick"] if x <= sweep.reference_max // 8][-3:]
    result = run_sweep(sweep, params=[{sweep.x: x, **sweep.fixed} for x in xs])
    for row in result.rows:
        dense = sweep.reference(**row["params"])
        slack = 1e-12 * max(1.0, abs(dense))  # the dense reference's own rounding
        assert row["lower"] - slack <= dense <= row["upper"] + slack, (name, row["x"], row["value"], dense)
        assert abs(row["value"] - dense) <= 1e-8 * max(1.0, abs(dense))
        assert {"method", "dtype", "device", "specproof", "seconds", "date", "numpy"} <= set(row)


def test_spike_bulk_scores_are_separated_and_sorted():
    for ell in (2, 17, 1000):
        s = spike_bulk_scores(ell)
        assert np.all(np.diff(s) <= 0) and s.size == ell
        k = min(3, ell)
        assert np.all(np.exp(s[:k]) >= ell * np.log(ell) * (1 - 1e-12)) and np.all(s[k:] <= 2.0)


def test_bad_input_is_an_input_error():
    with pytest.raises(InputError, match="unknown sweep 'nope'; allowed: skeleton-mu2"):
        get("nope")
    with pytest.raises(InputError, match="unknown grid"):
        SWEEPS["real-mu2"].params("huge")
    with pytest.raises(InputError, match="empty range"):
        SWEEPS["real-mu2"].params("quick", lo=100, hi=10)
    with pytest.raises(InputError, match="no point of the 'quick' grid"):
        SWEEPS["real-mu2"].params("quick", lo=10**9)


# --------------------------------------------------------------------------- the store and resumption


def test_interrupted_sweep_resumes_with_nothing_lost(tmp_path):
    calls = []
    with pytest.raises(KeyboardInterrupt):
        run_sweep(counting_sweep(calls, fail_after=4), store=tmp_path)
    assert calls == [1, 2, 3, 4]
    before = load_stored(tmp_path, "toy-square")
    assert [r["x"] for r in before] == [1, 2, 3, 4]

    resumed = []
    result = run_sweep(counting_sweep(resumed), store=tmp_path)
    assert resumed == [5, 6, 7, 8, 9, 10]  # no point recomputed
    assert (result.computed, result.reused) == (6, 4)
    after = load_stored(tmp_path, "toy-square")
    assert [r["x"] for r in after] == list(range(1, 11))
    assert after[:4] == before  # the rows written before the interruption are kept as they were
    np.testing.assert_array_equal(result.value, np.arange(1, 11) ** 2)

    again = []
    result = run_sweep(counting_sweep(again), store=tmp_path)
    assert again == [] and (result.computed, result.reused) == (0, 10)  # a finished sweep reruns instantly


def load_stored(directory, name):
    return [json.loads(line) for line in (directory / f"{name}.jsonl").read_text().splitlines()]


def test_a_killed_sweep_process_resumes(tmp_path):
    """SIGKILL mid-sweep (no cleanup at all): every row on disk is whole and the rerun fills the rest."""
    child = textwrap.dedent(f"""
        import time
        from specproof.runs.sweeps.table import GRIDS, Sweep, run_sweep
        def point(n):
            time.sleep(0.15)
            return {{"value": float(n * n), "lower": n * n - 0.5, "upper": n * n + 0.5, "method": "exact",
                    "dtype": "int", "device": "cpu"}}
        run_sweep(Sweep("toy-square", "n", "n squared", point, {{g: tuple(range(1, 11)) for g in GRIDS}}),
                  store={str(tmp_path)!r})
    """)
    proc = subprocess.Popen([sys.executable, "-c", child])
    path = tmp_path / "toy-square.jsonl"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and (not path.exists() or len(path.read_text().splitlines()) < 3):
        time.sleep(0.02)
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    survivors = load_stored(tmp_path, "toy-square")
    assert 3 <= len(survivors) < 10
    calls = []
    result = run_sweep(counting_sweep(calls), store=tmp_path)
    done = {r["x"] for r in survivors}
    assert calls == [n for n in range(1, 11) if n not in done]
    assert [r["x"] for r in result.rows] == list(range(1, 11))


def test_store_ignores_other_revisions_and_reports_corruption(tmp_path):
    calls = []
    run_sweep(counting_sweep(calls), store=tmp_path, params=[{"n": 2}])
    bumped = Sweep("toy-square", "n", "n squared", counting_sweep(calls).point, {g: (2,) for g in GRIDS}, revision=2)
    run_sweep(bumped, store=tmp_path)
    assert calls == [2, 2]  # a new revision recomputes
    assert not list(tmp_path.glob(".*tmp"))  # no temporary file left behind
    (tmp_path / "toy-square.jsonl").write_text('{"half a row')
    with pytest.raises(InputError, match=r"toy-square.jsonl:1 is not a JSON row"):
        Store(tmp_path).load(bumped)


def _stored_rows(tmp_path) -> tuple[Sweep, Path, list[dict]]:
    sweep = counting_sweep([])
    run_sweep(sweep, store=tmp_path, params=[{"n": 2}, {"n": 3}])
    path = tmp_path / "toy-square.jsonl"
    return sweep, path, [json.loads(line) for line in path.read_text().splitlines()]


def _write_rows(path: Path, rows: list[dict]) -> None:
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))


def test_a_store_of_binary_garbage_is_one_input_error(tmp_path):
    sweep, path, _ = _stored_rows(tmp_path)
    path.write_bytes(bytes(range(128, 256)) * 4)
    with pytest.raises(InputError, match=r"toy-square.jsonl is not UTF-8 text \(byte 0"):
        Store(tmp_path).load(sweep)
    path.write_bytes(b"[1, 2]\n")
    with pytest.raises(InputError, match=r"toy-square.jsonl:1 is not a row"):
        Store(tmp_path).load(sweep)


def test_the_store_refuses_a_duplicate_point(tmp_path):
    sweep, path, rows = _stored_rows(tmp_path)
    _write_rows(path, rows + [dict(rows[0])])
    with pytest.raises(InputError, match=r"toy-square.jsonl:3 stores the point .*\"n\": 2.* again \(line 1 holds it\)"):
        Store(tmp_path).load(sweep)


def test_the_store_refuses_a_value_outside_its_own_bracket(tmp_path):
    sweep, path, rows = _stored_rows(tmp_path)
    rows[1]["value"] = 999.0
    _write_rows(path, rows)
    with pytest.raises(InputError, match=r"jsonl:2: value = 999.0 lies outside its own bracket \[8.5, 9.5\]"):
        Store(tmp_path).load(sweep)


@pytest.mark.parametrize("field", ["value", "lower", "param"])
def test_a_row_whose_numbers_became_strings_is_named_not_recomputed(tmp_path, field):
    sweep, path, rows = _stored_rows(tmp_path)
    if field == "param":
        rows[0]["params"]["n"] = "2"
    else:
        rows[0][field] = str(rows[0][field])
    _write_rows(path, rows)
    with pytest.raises(InputError, match=r"toy-square.jsonl:1: .* not a number"):
        Store(tmp_path).load(sweep)


def test_sweep_list_refuses_an_extra_word_and_run_options(capsys):
    assert main(["sweep", "--list", "extra"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err == [err[0]] and "unknown sweep 'extra'; allowed:" in err[0]
    assert main(["sweep", "--list", "--max", "10"]) == 2
    assert "--list only lists (--max" in capsys.readouterr().err
    assert main(["sweep", "--list", "cesaro-norm"]) == 0
    assert capsys.readouterr().out.startswith("cesaro-norm\t")


# --------------------------------------------------------------------------- Dask


def test_the_same_sweep_runs_on_a_dask_cluster(tmp_path):
    distributed = pytest.importorskip("distributed")
    local = run_sweep("cesaro-norm", "quick", hi=256)
    with distributed.LocalCluster(
        n_workers=1, threads_per_worker=1, processes=False, dashboard_address=None
    ) as cluster:
        remote = run_sweep("cesaro-norm", "quick", hi=256, store=tmp_path, scheduler=cluster.scheduler_address)
    assert remote.computed == len(local.rows)
    np.testing.assert_array_equal(remote.x, local.x)
    np.testing.assert_allclose(remote.value, local.value, rtol=1e-13)
    assert [r["x"] for r in load_rows("cesaro-norm", tmp_path)] == list(local.x)


def test_an_unreachable_scheduler_is_an_input_error():
    pytest.importorskip("distributed")
    with pytest.raises(InputError, match="cannot reach the Dask scheduler"):
        run_sweep("cesaro-norm", "quick", hi=4, scheduler="no-port-here")


# --------------------------------------------------------------------------- rates


def test_rate_check_verifies_a_true_rate_and_refutes_a_wrong_one():
    one = np.ones_like
    ok = rate_check(
        "cesaro-norm",
        one,
        "1",
        what="‖H_ℓ‖₂ = Θ(1)",
        competitors={"log ℓ": np.log, "ℓ^0.5": np.sqrt},
        select=lambda r: r["x"] >= 16,
        corrections={"1": one, "1/log ℓ": lambda x: 1.0 / np.log(x)},
    )
    assert ok.status is Status.VERIFIED, ok.summary
    assert ok.data["corrections"]["1"] == pytest.approx(2.0, abs=0.1)  # ‖H_ℓ‖₂ → 2 (Hardy)
    assert set(ok.data["competitors"]) == {"log ℓ", "ℓ^0.5"}
    wrong = rate_check("cesaro-norm", np.sqrt, "ℓ^0.5", what="‖H_ℓ‖₂ = Θ(√ℓ)", select=lambda r: r["x"] >= 16)
    assert wrong.status is Status.REFUTED and wrong.counterexample
    too_few = rate_check("cesaro-norm", one, "1", what="three points", select=lambda r: r["x"] <= 4)
    assert too_few.status is Status.OPEN


def _toy_store(tmp_path, ys: dict[int, float], width: float = 0.0):
    """A stored sweep whose rows carry given values (and brackets of the given relative width)."""

    def point(n: int) -> dict:
        y = ys[n]
        return {
            "value": y,
            "lower": y * (1 - width),
            "upper": y * (1 + width),
            "method": "toy",
            "dtype": "float64",
            "device": "cpu",
            "degree": 2 * n,
        }

    grid = tuple(sorted(ys))
    return Sweep("toy-rate", "n", "a given sequence", point, {g: grid for g in GRIDS}), Store(tmp_path)


def test_rate_check_removes_lower_order_terms_that_a_plain_ratio_reads_as_a_wrong_rate(tmp_path):
    # y = 2/log n + 5/log² n is Θ(1/log n), but its ratio to 1/log n drifts by 30 % over the range
    xs = [2**m for m in range(5, 31)]
    sweep, store = _toy_store(tmp_path, {n: 2 / math.log(n) + 5 / math.log(n) ** 2 for n in xs})
    inv_log = lambda x: 1 / np.log(x)  # noqa: E731
    plain = rate_check(sweep, inv_log, "1/log n", what="plain", scale="loglog", store=store)
    assert plain.status is Status.REFUTED
    corrected = rate_check(
        sweep,
        inv_log,
        "1/log n",
        what="corrected",
        scale="loglog",
        store=store,
        lower={"1/log²": lambda x: np.log(x) ** -2.0},
        competitors={"1": np.ones_like},
    )
    assert corrected.status is Status.VERIFIED, corrected.summary
    assert corrected.data["leading_coefficient"] == pytest.approx(2.0, rel=1e-9)
    assert corrected.data["competitors"]["1"] != 0 and abs(corrected.data["competitors"]["1"]) > 0.05
    # a wrong leading term stays wrong with the same correction
    wrong = rate_check(
        sweep,
        lambda x: np.log(x) ** -0.5,
        "1/√log n",
        what="wrong",
        scale="loglog",
        store=store,
        lower={"1/log²": lambda x: np.log(x) ** -2.0},
    )
    assert wrong.status is Status.REFUTED


def test_rate_check_transforms_values_with_their_brackets_and_reads_one_sided_bounds(tmp_path):
    xs = [2**m for m in range(4, 25)]
    sweep, store = _toy_store(tmp_path, {n: 3.0 * (1 + 1 / math.log(n)) for n in xs}, width=1e-9)
    # y/degree with degree = 2n is Θ(1/n); the transform keeps the bracket (width 1e-9 moves nothing)
    per_degree = rate_check(
        sweep,
        lambda x: 1 / x,
        "1/n",
        what="y/r",
        store=store,
        transform=("y/r", lambda v, row: v / row["degree"]),
        competitors={"1": np.ones_like},
    )
    assert per_degree.status is Status.VERIFIED and per_degree.data["trend_bracket_sensitivity"] < 1e-6
    # a ratio settling from above: O(1) holds, Ω(log n) does not
    assert (
        rate_check(sweep, np.ones_like, "1", what="O(1)", side="upper", scale="loglog", store=store).status
        is Status.VERIFIED
    )
    assert (
        rate_check(sweep, np.log, "log n", what="Ω(log n)", side="lower", scale="loglog", store=store).status
        is Status.REFUTED
    )
    with pytest.raises(ValueError, match="do not combine"):
        rate_check(sweep, np.ones_like, "1", what="both", side="upper", lower={"1/log": np.log}, store=store)


def test_wide_brackets_leave_a_rate_open_instead_of_deciding_it(tmp_path):
    xs = [2**m for m in range(4, 25)]
    sweep, store = _toy_store(tmp_path, {n: 1.0 + 0.05 * math.log(math.log(n)) for n in xs}, width=0.2)
    ev = rate_check(sweep, np.ones_like, "1", what="fuzzy", scale="loglog", store=store)
    assert ev.status is Status.OPEN and "brackets move the trend" in ev.summary


def test_brackets_without_a_sign_or_without_leverage_never_decide(tmp_path):
    # brackets that reach 0 have no log-width: the rate is open however wide they are
    xs = [2**m for m in range(1, 10)]
    for w in (0.1, 1.0, 10.0, 100.0):

        def point(n, w=w):
            y = 1e-3 * math.log(n)
            return {"value": y, "lower": -w, "upper": y + w, "method": "toy", "dtype": "float64", "device": "cpu"}

        sweep = Sweep("toy-signless", "n", "a bracket through 0", point, {g: tuple(xs) for g in GRIDS})
        ev = rate_check(
            sweep, np.ones_like, "1", what="Θ(1)", scale="log", store=Store(tmp_path / str(w)), role="supports"
        )
        assert ev.status is Status.OPEN and ev.role == "supports", (w, ev.summary)

    # a point whose bracket reaches 0 exactly, where its leverage is nil, still leaves the rest to decide
    def point(n):
        y = 1.0
        return {
            "value": y,
            "lower": 0.0 if n == 2**7 else 0.8,
            "upper": 1.2,
            "method": "toy",
            "dtype": "float64",
            "device": "cpu",
        }

    sweep = Sweep("toy-zero-leverage", "n", "one bracket reaches 0", point, {g: tuple(xs) for g in GRIDS})
    ev = rate_check(sweep, np.ones_like, "1", what="Θ(1)", scale="log", store=Store(tmp_path / "lev"))
    assert ev.status is Status.OPEN  # ±20 % brackets already move the slope across the line


def test_corrected_rates_refuse_degenerate_splits_and_flat_competitors():
    from specproof.engine.rates import corrected_rate_evidence, remove_lower_terms

    x = np.array([2.0**m for m in range(3, 25)])
    y = 2 * np.log(x) + 1
    with pytest.raises(ValueError, match="combination of the lower-order terms"):
        remove_lower_terms(x, y, lambda t: 2 * np.log(t) + 1, {"log": np.log, "1": np.ones_like})
    # a competitor equal to a lower term cannot be ruled out: the rate is left open, not verified
    ev = corrected_rate_evidence(
        x,
        y,
        np.log,
        "log x",
        {"1": np.ones_like},
        {"1": np.ones_like, "√log": lambda t: np.sqrt(np.log(t))},
        what="collinear competitor",
        ranges="toy",
        scale="loglog",
    )
    assert ev.status is Status.OPEN and "cannot tell them apart" in ev.summary
    assert math.isnan(ev.data["competitors"]["1"]) and ev.data["competitors"]["√log"] != 0


def test_along_selects_the_dyadic_subsequences():
    rows = [{"x": x} for x in range(1, 70)]
    picked = {kind: [r["x"] for r in rows if along(kind, at_least=4)(r)] for kind in ("2^m", "2^m-1", "2^m+1", "3*2^m")}
    assert picked == {
        "2^m": [4, 8, 16, 32, 64],
        "2^m-1": [7, 15, 31, 63],
        "2^m+1": [5, 9, 17, 33, 65],
        "3*2^m": [6, 12, 24, 48],
    }
    with pytest.raises(ValueError, match="unknown subsequence"):
        along("2^m+3")
    # the committed store of the project the package runs from, whatever the working directory; read, never written
    assert project_store() == Path(__file__).resolve().parents[1] / "data"
    assert stored_options(Context()) == {"grid": "default", "store": project_store(), "save": False, "compute": False}
    assert stored_options(Context(wide=True)) == {
        "grid": "wide",
        "store": project_store(),
        "save": False,
        "compute": True,
    }


def test_every_claim_reading_a_stored_sweep_is_declared_by_it():
    """A claim whose check reads a sweep by name appears in that sweep's ``claims`` (which the README and the
    figures cite), and the claims' rates read the committed store rather than recomputing it."""
    import inspect

    from specproof.engine.registry import REGISTRY, load_all

    load_all()
    readers = {
        name: {cid for cid, claim in REGISTRY.items() for fn in claim.checks if f'"{name}"' in inspect.getsource(fn)}
        for name in SWEEPS
    }
    for name, claims in readers.items():
        assert claims <= set(SWEEPS[name].claims), (name, sorted(claims - set(SWEEPS[name].claims)))
        assert set(SWEEPS[name].claims) <= set(REGISTRY), name
    assert sum(map(len, readers.values())) >= 10


# --------------------------------------------------------------------------- the command line


def test_cli_runs_resumes_and_reports_errors_in_one_line(tmp_path, capsys):
    args = ["sweep", "skeleton-mu2", "--grid", "quick", "--max", "200", "--store", str(tmp_path), "--no-progress"]
    assert main(args) == 0
    out = capsys.readouterr().out
    assert "closed-form-branch-and-bound" in out and "24 points: 24 computed, 0 reused" in out
    assert main(args) == 0
    assert "24 points: 0 computed, 24 reused" in capsys.readouterr().out
    for bad in (
        ["sweep", "nope"],
        ["sweep", "real-mu2", "--min", "100", "--max", "10"],
        ["sweep", "real-mu2", "--grid", "huge"],
        ["sweep", "real-mu2", "--max", "ten"],
    ):
        assert main(bad) == 2
        err = capsys.readouterr().err.strip().splitlines()
        assert len(err) == 1 and err[0].startswith("specproof: error:")
    assert main(["sweep", "--list"]) == 0
    assert "cesaro-norm" in capsys.readouterr().out


# --------------------------------------------------------------------------- the network sweeps' proved bounds


def _network_row(T=64, kind="uniform"):
    sweep = SWEEPS[f"network-{kind}"]
    row = run_sweep(sweep, params=[{"T": T}]).rows[0]
    return sweep, dict(row)


def test_network_rows_carry_status_and_ceilings():
    sweep, row = _network_row()
    assert row["bracket_only"] == [] and row["gap_degrees"] == "with-loops"
    for tag in ("d2", "d4", "full"):
        for q in ("mu2", "gap"):
            assert row[f"{q}_{tag}_status"] == "converged"
            assert row[f"{q}_{tag}_lower"] <= row[f"{q}_{tag}"] <= row[f"{q}_{tag}_upper"]
        assert 0 < row[f"mu2_{tag}"] <= row[f"ceiling_{tag}"] < 64 / (2 * 63)
        assert row[f"gap_{tag}"] <= row[f"gap_ceiling_{tag}"]
    assert {bound.name for bound in sweep.bounds} == {"mu2 >= 0 and gap >= 0", "the causal ceiling"}


def test_the_store_refuses_a_row_above_a_proved_bound(tmp_path):
    """A value above the causal ceiling (the referee's unconverged uniform D = 2 value at 2^14 was one) or a bracket
    below 0 is never written: one-line InputError, the file keeps its previous rows."""
    sweep, row = _network_row()
    store = Store(tmp_path)
    store.write(sweep, [row])
    before = store.path(sweep.name).read_text()
    high = dict(row, mu2_d2=row["ceiling_d2"] + 1e-4, mu2_d2_upper=row["ceiling_d2"] + 1e-4)
    with pytest.raises(
        InputError, match=r"network-uniform at T = 64: mu2_d2 = .* above the causal ceiling .* not stored"
    ) as err:
        store.write(sweep, [high])
    assert "\n" not in str(err.value)
    negative = dict(row, gap_full=-1e-3, gap_full_upper=-1e-4, gap_full_lower=-2e-3)
    with pytest.raises(InputError, match="gap_full = .* < 0 violates the proved bound mu2 >= 0 and gap >= 0"):
        store.write(sweep, [negative])
    assert store.path(sweep.name).read_text() == before
    allowance = dict(row, mu2_d2=row["ceiling_d2"] + 1e-12, mu2_d2_upper=row["ceiling_d2"] + 1e-9)
    store.write(sweep, [allowance])  # within its own rounding allowance: consistent with the bound


def test_run_sweep_checks_each_new_row_before_storing(tmp_path):
    calls = []
    base = counting_sweep(calls)
    from specproof.runs.sweeps.table import ProvedBound

    bounded = Sweep(
        base.name,
        base.x,
        base.quantity,
        base.point,
        base.grids,
        bounds=(ProvedBound("n² ≤ 50", "toy", lambda r: [f"value {r['value']}"] if r["value"] > 50 else []),),
    )
    with pytest.raises(InputError, match="toy-square at n = 8: value 64.0 violates the proved bound n² ≤ 50"):
        run_sweep(bounded, store=tmp_path)
    assert [r["x"] for r in Store(tmp_path).load(bounded).values()] == list(range(1, 8))
