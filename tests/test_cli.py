"""The command line: exit codes, one-line errors, the JSON contract."""

import json
import subprocess
import sys

import pytest

from specproof.cli.main import main
from specproof.engine.registry import REGISTRY, Status, load_all


def test_unknown_id_is_one_line_exit_2(capsys):
    assert main(["verify", "no.such-claim"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "unknown claim id" in err[0] and "allowed" in err[0]


def test_bad_subcommand_is_one_line_exit_2(capsys):
    assert main(["frobnicate"]) == 2
    assert len(capsys.readouterr().err.strip().splitlines()) == 1


def test_json_report_follows_the_contract(tmp_path, capsys):
    load_all()
    ids = ["trsp.box.prefix", "sdeg.c.eigen"]
    out = tmp_path / "out.json"
    rc = main(["verify", *ids, "--json", str(out), "--no-progress"])
    data = json.loads(out.read_text())
    assert [c["id"] for c in data["claims"]] == ids
    for c in data["claims"]:
        assert {"id", "status", "methods", "evidence", "notes"} <= set(c)
        assert c["status"] in {s.value for s in Status}
        assert rc == (0 if all(x["matches_expected"] for x in data["claims"]) else 1)
    assert "id" in capsys.readouterr().out


@pytest.mark.slow  # a fresh interpreter importing everything (~15 s); not part of the verdict or freshness guarantees
def test_console_script_runs_without_traceback():
    proc = subprocess.run([sys.executable, "-m", "specproof", "verify", "bad id"], capture_output=True, text=True)
    assert proc.returncode == 2
    assert "Traceback" not in proc.stderr


def test_list_names_every_claim(capsys):
    load_all()
    assert main(["list"]) == 0
    assert len(capsys.readouterr().out.strip().splitlines()) == len(REGISTRY)


def test_a_pipe_closed_early_ends_quietly():
    """`specproof list | head -0`: the reader is gone before the first write; exit 141 (as SIGPIPE would), and no
    BrokenPipeError traceback, not even from the interpreter's flush at exit."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "specproof", "list"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    proc.stdout.close()  # closed before the child writes: its first write meets a broken pipe, every time
    err = proc.stderr.read()
    assert proc.wait(timeout=120) == 141, err[-500:]
    assert "Traceback" not in err and "BrokenPipeError" not in err and "Exception ignored" not in err


def test_verify_into_a_closed_pipe_ends_quietly(monkeypatch, capsys):
    """The same for verify (its table printed into a pipe the reader has closed), in process."""

    class ClosedPipe:
        def write(self, text):
            raise BrokenPipeError(32, "Broken pipe")

        def flush(self):
            raise BrokenPipeError(32, "Broken pipe")

    monkeypatch.setattr(sys, "stdout", ClosedPipe())
    assert main(["verify", "trsp.box.prefix", "--no-progress"]) == 141
    assert "Traceback" not in capsys.readouterr().err


def test_sweep_bounds_are_validated(capsys):
    assert main(["sweep", "real-mu2", "--min", "-5", "--no-store"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and ">= 1" in err[0]


def test_ctrl_c_always_stops_a_run_with_exit_130(tmp_path):
    """SIGINT in the middle of a verify run ends it promptly with 130 and a partial report, wherever it lands.

    The signal is sent once the child has reported its first claim (its first progress line), not after a fixed
    sleep: on a loaded machine a sleep can end before the imports do, or after the run."""
    import os
    import queue
    import signal
    import subprocess
    import sys
    import threading
    import time

    env = {**os.environ, "SPECPROOF_CACHE_DIR": str(tmp_path / "cache")}
    ids = ["trsp.C6.mu2-lower.hypotheses", "trsp.C5.safety-net.hypotheses", "sdeg.b.sv-leading.hypotheses"]
    proc = subprocess.Popen(
        [sys.executable, "-m", "specproof", "verify", *ids, "--json", str(tmp_path / "r.json")],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        cwd=tmp_path,
    )
    lines: queue.Queue = queue.Queue()
    err_lines: list[str] = []

    def read_stderr():
        for line in proc.stderr:
            lines.put(line)
        lines.put(None)

    reader = threading.Thread(target=read_stderr, daemon=True)
    reader.start()
    deadline = time.monotonic() + 300
    while True:
        line = lines.get(timeout=max(1.0, deadline - time.monotonic()))
        assert line is not None, ("the run ended before its first progress line", err_lines[-5:])
        err_lines.append(line)
        if line.startswith("[1/"):
            break
    sent = time.monotonic()
    proc.send_signal(signal.SIGINT)
    out = proc.stdout.read()
    proc.wait(timeout=120)
    reader.join(timeout=10)
    while not lines.empty():
        if (line := lines.get_nowait()) is not None:
            err_lines.append(line)
    err = "".join(err_lines)
    assert proc.returncode == 130, (out[-500:], err[-500:])
    assert time.monotonic() - sent < 60
    assert "Traceback" not in err and "terminate" not in err
    assert ids[0] in out and "this report is partial" in out
    assert json.loads((tmp_path / "r.json").read_text())["partial"] is True


def test_a_first_ctrl_c_waits_for_a_safe_point_and_a_second_stops_at_once():
    """The first SIGINT is only recorded, even inside a native call's Python callback (QUADPACK calling the
    integrand: raising there is what can abort a process through a C++ frame); stop_if_asked raises it at the
    next safe point. A second SIGINT raises KeyboardInterrupt at once."""
    import os
    import signal

    import pytest
    from scipy.integrate import quad

    from specproof.engine.interrupt import interruptible, stop_if_asked

    calls = {"n": 0}

    def integrand(x):
        calls["n"] += 1
        if calls["n"] == 1:
            os.kill(os.getpid(), signal.SIGINT)
        return x * x

    with interruptible():
        value, _ = quad(integrand, 0.0, 1.0)  # completes: the interrupt is not raised inside the callback
        assert abs(value - 1 / 3) < 1e-12 and calls["n"] > 1
        with pytest.raises(KeyboardInterrupt):
            stop_if_asked()
        with pytest.raises(KeyboardInterrupt):
            os.kill(os.getpid(), signal.SIGINT)
            for _ in range(1000):  # the handler runs at the next bytecode boundary
                pass
    stop_if_asked()  # outside the run, the request is forgotten


def test_an_interrupt_swallowed_by_a_callback_prints_no_traceback(capsys):
    """A KeyboardInterrupt that Python reports as unraisable (raised inside a gc callback) is not printed during an
    interruptible run: the request is recorded and stop_if_asked raises it at the next safe point."""
    import gc
    import os
    import signal

    import pytest

    from specproof.engine.interrupt import interruptible, stop_if_asked

    def callback(phase, info):
        if phase == "start":
            os.kill(os.getpid(), signal.SIGINT)

    with interruptible():
        gc.callbacks.append(callback)
        try:
            gc.collect()
        finally:
            gc.callbacks.remove(callback)
        with pytest.raises(KeyboardInterrupt):
            stop_if_asked()
    assert "Traceback" not in capsys.readouterr().err
