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


def test_sweep_bounds_are_validated(capsys):
    assert main(["sweep", "real-mu2", "--min", "-5", "--no-store"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and ">= 1" in err[0]


def test_ctrl_c_always_stops_a_run_with_exit_130(tmp_path):
    """SIGINT in the middle of a verify run ends it promptly with 130 and a partial report, wherever it lands."""
    import os
    import signal
    import subprocess
    import sys
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
    time.sleep(6)
    sent = time.monotonic()
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=120)
    assert proc.returncode == 130, (out[-500:], err[-500:])
    assert time.monotonic() - sent < 60
    assert "Traceback" not in err


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
