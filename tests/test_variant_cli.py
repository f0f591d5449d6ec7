"""The variant battery as a researcher meets it: properties decided (never "fails" for a guarantee that holds), rates
as exponents with intervals, the paper's variant beside the user's, bounded before work and visible during it; and
the command line's edges (a full disk, a symlink loop, NaN attention, long input, the cache directory, SIGTERM, the
verify table's width)."""

import math
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pytest

from specproof.checks.battery import (
    PROPERTIES,
    Attention,
    Gate,
    Kernel,
    Schedule,
    Sizes,
    Variant,
    VariantError,
    check_variant,
    load_spec,
)
from specproof.checks.battery.exponents import keeps, read_rate
from specproof.checks.battery.results import run_property
from specproof.cli.main import main
from specproof.engine.registry import Status

EXAMPLES = Path(__file__).resolve().parents[1] / "examples" / "variants"
SMALL = Sizes(t_max=64, t_operator=64, b_max=64, attention_max=64, examples=10)


def _jittered(T):
    """Dyadic bandwidths with seeded jitter: b_l = min(T, 2^l + j_l), j_l drawn once per layer."""
    return [
        min(T, 2**l + (int(np.random.default_rng(l).integers(0, 2**l // 4)) if l >= 2 else 0))
        for l in range(T.bit_length())
    ]


GROWING = Variant(
    "growing-gate",
    schedule=Schedule("dyadic with jitter", _jittered),
    kernel=Kernel.triangular(),
    gate=Gate("log2 T / 12", lambda T, b: min(1.0, math.log2(T) / 12)),
)


def _recency(b):
    return [b - r for r in range(b)]


EXPLICIT = Variant(
    "explicit-1-2-5-11",
    schedule=Schedule.explicit([1, 2, 5, 11]),
    kernel=Kernel.explicit({b: _recency(b) for b in (1, 2, 5, 11)}),
    gate=Gate.constant(0.3),
    attention=Attention.softmax(causal=True),
)


# --------------------------------------------------------------------------- properties decided, rates as exponents


def test_the_growing_gate_keeps_the_full_depth_safety_net():
    """μ₂ at full depth rises with T under a gate that grows as log₂T/12: the guarantee (μ₂ does not decay) holds,
    reported with its exponent, never 'fails'; at fixed depth the same variant breaks it, with the exponent and the
    sweep as the counterexample."""
    report = check_variant(GROWING, only={"network-safety-net", "network-safety-net-full-depth"})
    full, fixed = report["network-safety-net-full-depth"], report["network-safety-net"]
    assert full.label() == "holds" and full.status is Status.VERIFIED and full.as_declared
    reading = full.outcome.reading
    assert reading.exponent > 0 and reading.interval[0] <= reading.exponent <= reading.interval[1]
    assert reading.paper == "1" and reading.guarantee == "lower" and reading.margin > 0
    assert full.cell().startswith(f"holds T^{reading.exponent:.2f} [")
    assert fixed.label() == "fails" and not fixed.as_declared
    assert -2.2 < fixed.outcome.reading.exponent < -1.5
    ev = next(e for e in fixed.evidence if e.status is Status.REFUTED)
    assert ev.counterexample["y"] and "does not decay faster than 1' is broken" in ev.summary
    assert "per loglog-unit" not in report.table() and "trend" not in report.table()


def test_a_rate_between_the_menu_s_rates_is_an_exponent_not_a_failure():
    """μ₂ ≈ T^−1.6 is no rate of the menu: it is read as that exponent; the guarantee Ω(1) is broken (it decays),
    and a quantity that grows as T^0.3 keeps it, though the paper's rate is Θ(1)."""
    x = 2.0 ** np.arange(3, 11)
    falling = read_rate(x, 3 * x**-1.6, variable="T", paper="1", guarantee="lower", declared=None)
    assert falling.exponent == pytest.approx(-1.6) and not falling.holds and falling.consistent == []
    rising = read_rate(x, x**0.3, variable="T", paper="1", guarantee="lower", declared="1")
    assert rising.holds and rising.declared_ok is False and rising.interval == pytest.approx((0.3, 0.3))
    gap = read_rate(x, 1 / np.log(x), variable="T", paper="1/log T", guarantee="lower", declared="1/log T")
    assert gap.holds and gap.declared_ok and gap.paper_ok and gap.exponent == pytest.approx(gap.paper_exponent)
    energy = read_rate(x, 2 / (3 * x), variable="b", paper="1/b", guarantee="upper", declared=None)
    assert energy.holds and energy.text().startswith("b^-1.00 [-1.00, -1.00]")
    assert keeps("log T", "1", "lower") and not keeps("1/T^2", "1", "lower") and keeps("1", "log T", "upper")


def test_a_declared_rate_is_checked_apart_from_the_guarantee():
    """Declaring 1/T² for a Θ(1) net: the guarantee holds as measured, but the rate differs from the declaration;
    the table says which, and the command exits 1."""
    dense = load_spec(EXAMPLES / "dense_full_sweep.toml")
    wrong = Variant(
        "wrong-rate",
        schedule=dense.schedule,
        kernel=dense.kernel,
        layout="dense",
        sizes=SMALL,
        expect={"network-safety-net-full-depth": "1/T^2"},
    )
    result = check_variant(wrong, only={"network-safety-net-full-depth"})["network-safety-net-full-depth"]
    assert result.expects == "fails"  # 1/T^2 would break Ω(1): the declaration expects the guarantee broken
    assert result.label() == "holds" and not result.as_declared and not result.rate_as_declared
    assert any(n.startswith("rate differs from the declared 1/T^2") for n in result.notes())


def test_a_property_that_does_not_apply_is_listed_with_its_reason():
    """The TOML form's explicit kernel has no sweep over b: kernel-energy-rate is listed as not applicable, never
    dropped without a word; the same in the pytest helper (a skip with the reason)."""
    from specproof.checks.battery import parametrize_with_checks

    report = check_variant(EXPLICIT, only={"kernel-energy-rate", "kernel-sum"})
    result = report["kernel-energy-rate"]
    assert result.label() == "n/a" and result.as_declared
    assert "n/a  kernel-energy-rate: not for explicit kernels" in report.table()
    params = {p.id: p for p in parametrize_with_checks([EXPLICIT]).args[1]}
    (skip,) = params["explicit-1-2-5-11: has kernel energy ||h_b||^2 falling at least as fast as 1/b"].marks
    assert skip.name == "skip" and "not for explicit kernels" in skip.kwargs["reason"]


def test_a_slow_property_is_undecided_past_its_time_limit():
    def slow(scores):
        time.sleep(0.05)
        return np.full((scores.size, scores.size), 1 / scores.size)

    v = Variant("slow", attention=Attention("slow", slow, causal=False), sizes=SMALL)
    start = time.perf_counter()
    result = run_property(v, PROPERTIES["attention-row-stochastic"], time_limit=0.3)
    assert time.perf_counter() - start < 5
    assert result.label() == "undecided" and "took longer than 0.3 s" in result.evidence[0].summary


# --------------------------------------------------------------------------- the command: side by side, bounded


def test_two_variants_and_the_paper_side_by_side(tmp_path, capsys):
    """`specproof variant A B` prints one table, a column per variant and the paper's beside them, every rate an
    exponent with its interval; --json holds the same."""
    spec = tmp_path / "explicit.toml"
    spec.write_text(
        'name = "explicit-1-2-5-11"\n[sizes]\nt_max = 64\nt_operator = 64\nb_max = 64\nattention_max = 64\n'
        'examples = 10\n[schedule]\nkind = "explicit"\nbandwidths = [1, 2, 5, 11]\n[kernel]\nkind = "explicit"\n'
        "[kernel.weights]\n1 = [1]\n2 = [2, 1]\n5 = [5, 4, 3, 2, 1]\n11 = [11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1]\n"
        '[gate]\nkind = "constant"\nvalue = 0.3\n'
    )
    other = tmp_path / "tri.toml"
    other.write_text(
        'name = "tri"\n[sizes]\nt_max = 64\nt_operator = 64\nb_max = 64\nattention_max = 64\nexamples = 10\n'
        '[schedule]\nkind = "geometric"\nbase = 3\n[kernel]\nkind = "triangular"\n'
        '[expect]\nlayer-connected = { fails = "one bandwidth per layer" }\n'
    )
    out = tmp_path / "r.json"
    rc = main(["variant", str(spec), str(other), "--json", str(out), "--no-progress"])
    text = capsys.readouterr().out
    assert rc == 1  # the explicit schedule's skeleton decays: it differs from the (default) declaration
    header = next(line for line in text.splitlines() if line.startswith("property"))
    assert "explicit-1-2-5-11" in header and "tri" in header and "paper-default (paper)" in header
    row = next(line for line in text.splitlines() if line.startswith("skeleton-mu2-rate"))
    assert row.count("T^") == 3 and row.count("[") == 3 and ">= 1" in row
    import json

    data = json.loads(out.read_text())
    assert [v["variant"] for v in data["variants"]] == ["explicit-1-2-5-11", "tri"]
    assert data["paper"]["variant"] == "paper-default"
    rate = next(p for p in data["variants"][0]["properties"] if p["id"] == "skeleton-mu2-rate")["rate"]
    assert {"exponent", "interval", "local_exponents", "paper_exponent", "allowance"} <= set(rate)


@pytest.mark.slow
def test_the_shipped_triadic_beside_the_paper_default(capsys):
    """The issue's own command: one table with both, every rate an exponent with its interval."""
    rc = main(["variant", str(EXAMPLES / "triadic.toml"), str(EXAMPLES / "paper_default.toml"), "--no-progress"])
    text = capsys.readouterr().out
    assert rc == 0, text
    header = next(line for line in text.splitlines() if line.startswith("property"))
    assert "triadic" in header and "paper-default" in header and "(paper)" not in header
    for pid in ("skeleton-gap-rate", "operator-mu2-rate", "network-safety-net-full-depth"):
        row = next(line for line in text.splitlines() if line.startswith(pid + " "))
        assert row.count("T^") == 2 and row.count("[") == 2, row
    # the README shows this run: every line of its console block (but the elisions) is a line of the output
    readme = (EXAMPLES.parents[1] / "README.md").read_text(encoding="utf-8")
    block = readme.split("$ specproof variant examples/variants/triadic.toml examples/variants/paper_default.toml\n")[1]
    shown = [line for line in block.split("```")[0].splitlines() if line.strip() and line.strip() != "..."]
    missing = [line for line in shown if line not in text.splitlines()]
    assert not missing, missing


def test_a_deep_schedule_is_refused_before_any_work(tmp_path, capsys):
    spec = tmp_path / "deep.toml"
    spec.write_text('name = "deep"\n[schedule]\nkind = "dyadic"\ndepth = 100000\n[kernel]\nkind = "triangular"\n')
    main(["variant", "--properties"])  # warm the imports: the refusal itself is what is timed
    capsys.readouterr()
    start = time.perf_counter()
    assert main(["variant", str(spec)]) == 2
    assert time.perf_counter() - start < 1.0
    (line,) = capsys.readouterr().err.strip().splitlines()
    assert "schedule.depth = 100000: outside the allowed range 1 … 64" in line
    with pytest.raises(VariantError, match="outside the allowed range 1 … 64"):
        Schedule.geometric(2, 10**5)
    with pytest.raises(VariantError, match="returned 100000 bandwidths at T = 2: more layers than the allowed 64"):
        check_variant(Variant("deep-py", schedule=lambda T: [1] * 100000, sizes=SMALL))


def test_duplicate_names_are_refused(tmp_path, capsys):
    a, b = tmp_path / "a.toml", tmp_path / "b.toml"
    for p in (a, b):
        p.write_text('name = "same"\n[schedule]\nkind = "dyadic"\n')
    assert main(["variant", str(a), str(b)]) == 2
    (line,) = capsys.readouterr().err.strip().splitlines()
    assert "two variants are named 'same'; allowed: distinct names" in line
    from specproof.checks.battery import parametrize_with_checks

    with pytest.raises(VariantError, match="two variants are named 'same'; allowed: distinct names"):
        parametrize_with_checks([load_spec(a), load_spec(b)])


def test_ctrl_c_prints_the_partial_table(tmp_path, capfd):
    """A first Ctrl-C during a property: it finishes, the table of what was decided is printed, exit 130."""
    path = tmp_path / "interrupted.py"
    path.write_text(
        "import os, signal\nfrom specproof import Gate, Kernel, Schedule, Sizes, Variant\n"
        "sent = []\n"
        "def gate(T, b):\n"
        "    if T == 2048 and not sent:  # only the banded fixed-depth network sweep reaches T = 2048\n"
        "        sent.append(1)\n        os.kill(os.getpid(), signal.SIGINT)\n"
        "    return 0.5\n"
        "variant = Variant('interrupted', schedule=Schedule.geometric(2), kernel=Kernel.box(), gate=Gate('half', gate),"
        " sizes=Sizes(t_max=64, t_operator=64, b_max=64, examples=10, t_network=4096))\n"
    )
    assert main(["variant", str(path), "--no-paper", "--no-progress"]) == 130
    out = capfd.readouterr()
    assert "stopping after the current check" in out.err
    assert "skeleton-connected" in out.out and "network-safety-net " in out.out
    assert "network-rank" not in out.out  # not reached
    assert "(interrupted)" in out.out and "this report is partial" in out.out


# --------------------------------------------------------------------------- the command line's edges


def _console(*args, stdout=subprocess.PIPE, env=None, **kw):
    return subprocess.run(
        [sys.executable, "-m", "specproof", *args], stdout=stdout, stderr=subprocess.PIPE, text=True, env=env, **kw
    )


@pytest.mark.parametrize("args", [["list"], ["verify", "trsp.box.prefix", "--no-progress"]])
def test_a_full_disk_is_one_line_and_a_nonzero_exit(args):
    with open("/dev/full", "w") as full:
        proc = _console(*args, stdout=full)
    assert proc.returncode == 1, proc.stderr
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and "cannot write the output (No space left on device)" in lines[0], proc.stderr
    assert "Traceback" not in proc.stderr


def test_errors_name_the_real_cause(tmp_path, capsys):
    loop = tmp_path / "loop.toml"
    loop.symlink_to(loop)
    folder = tmp_path / "folder.toml"
    folder.mkdir()
    for path, said in ((loop, "is a symlink loop"), (folder, "is a directory"), (tmp_path / "none.py", "no such file")):
        assert main(["variant", str(path)]) == 2
        (line,) = capsys.readouterr().err.strip().splitlines()
        assert said in line, line
    nan = Attention("nan", lambda s: np.full((s.size, s.size), np.nan), causal=False)
    with pytest.raises(VariantError, match="NaN"):
        nan(np.zeros(4))
    assert main(["sweep", "cesaro-norm", "--min", "1e400", "--no-store"]) == 2
    (line,) = capsys.readouterr().err.strip().splitlines()
    assert "out of range" in line and "not an integer" not in line


def test_long_input_is_cut_in_messages(capsys):
    assert main(["verify", "x" * 100_000]) == 2
    (line,) = capsys.readouterr().err.strip().splitlines()
    assert len(line) < 400


@pytest.mark.parametrize("value, said", [("relative/cache", "is a relative path"), ("FILE", "is not a directory")])
def test_an_unusable_cache_directory_is_refused_by_every_command(tmp_path, monkeypatch, capsys, value, said):
    if value == "FILE":
        value = str(tmp_path / "a-file")
        Path(value).write_text("")
    monkeypatch.setenv("SPECPROOF_CACHE_DIR", value)
    monkeypatch.chdir(tmp_path)
    for args in (["list", "trsp.box.prefix"], ["variant", "--properties"]):
        assert main(args) == 2
        (line,) = capsys.readouterr().err.strip().splitlines()
        assert "SPECPROOF_CACHE_DIR" in line and said in line
    assert not (tmp_path / "relative").exists()


def test_sigterm_ends_a_run_as_ctrl_c_does(tmp_path):
    out = tmp_path / "out.txt"
    with open(out, "w") as sink:
        proc = subprocess.Popen(
            [sys.executable, "-m", "specproof", "verify"],  # a progress line per claim on stderr (not a terminal)
            stdout=sink,
            stderr=subprocess.PIPE,
            text=True,
        )
        first = proc.stderr.readline()  # the run is deciding claims (however slow the machine is to get there)
        proc.send_signal(signal.SIGTERM)
        err = first + proc.communicate(timeout=300)[1]
    assert proc.returncode == 130, err[-800:]
    assert "Traceback" not in err
    assert "this report is partial" in out.read_text()


def test_the_verify_table_fits_100_columns(capsys):
    ids = ["trsp.D1.restricted-invertibility.hypotheses.stable-rank-floor", "trsp.box.prefix", "sdeg.c.eigen"]
    main(["verify", *ids, "--no-progress"])
    lines = capsys.readouterr().out.splitlines()
    assert max(map(len, lines)) <= 100, max(lines, key=len)
    assert lines[0].startswith("3 claims: ") and lines[-2:] == lines[:2]  # the summary first and repeated last
    assert any(line.startswith("audits: 'flagged' marks a place") for line in lines)


def test_every_rate_of_the_menu_is_named_on_a_default_sweep():
    """On the epoch starts 8..1024 of a default sweep, each rate of the menu (with a 1/log T correction) is read as
    itself first, and its neighbours are told apart (their exponents differ by more than the allowance)."""
    from specproof.engine.rates import rate_menu

    x = 2.0 ** np.arange(3, 11)
    for name, f in rate_menu("T").items():
        reading = read_rate(
            x, 2.5 * f(x) * (1 + 0.2 / np.log(x)), variable="T", paper=name, guarantee="lower", declared=name
        )
        assert reading.consistent[0] == name and reading.declared_ok and reading.holds, (name, reading.text())


def test_sigterm_ends_a_sweep_with_a_message_and_keeps_what_was_printed(monkeypatch, capsys):
    """SIGTERM between two sweeps: the first sweep's table is kept (stdout is flushed), one line says the run was
    interrupted, exit 130 (as Ctrl-C)."""
    import specproof.cli.sweep as cli_sweep

    real = cli_sweep.run_sweep
    calls = []

    def first_then_terminated(*args, **kwargs):
        calls.append(1)
        if len(calls) == 2:
            os.kill(os.getpid(), signal.SIGTERM)
            time.sleep(5)  # the handler runs here
        return real(*args, **kwargs)

    monkeypatch.setattr(cli_sweep, "run_sweep", first_then_terminated)
    assert main(["sweep", "tribox-norm", "cesaro-norm", "--grid", "quick", "--no-store", "--no-progress"]) == 130
    out = capsys.readouterr()
    assert out.out.startswith("tribox-norm: ") and "11 points" in out.out and "cesaro-norm:" not in out.out
    assert out.err.strip().startswith("specproof: interrupted")
    assert signal.getsignal(signal.SIGTERM) is signal.SIG_DFL  # the handler is the command's only
