"""The registry index and the light command line: `list` and `--help` import no claim module, `verify ID` only its
own.
"""

import json
import subprocess
import sys

import pytest

from specproof.cli.main import main
from specproof.engine.index import build_index, load_index, render_index, resolve
from specproof.engine.io import project_path
from specproof.engine.registry import claim_modules, load_all
from specproof.theory.errors import InputError


def test_the_committed_index_is_what_the_registry_gives():
    path = project_path("src", "specproof", "checks", "claims", "index.json")
    assert path is not None and path.read_text(encoding="utf-8") == render_index(build_index()), (
        "the registry index is stale: run `specproof index`"
    )


def test_the_index_lists_every_claim_in_registry_order():
    assert list(load_index()) == list(load_all())
    assert {e.module for e in load_index().values()} <= set(claim_modules())


def _modules_after(code: str) -> set[str]:
    out = subprocess.run(
        [sys.executable, "-c", code + "\nimport sys, json; print(json.dumps(sorted(sys.modules)))"],
        capture_output=True,
        text=True,
        check=True,
    )
    return set(json.loads(out.stdout.strip().splitlines()[-1]))


@pytest.mark.parametrize("argv", [["--help"], ["verify", "--help"], ["sweep", "--help"], ["list"]])
def test_help_and_list_import_no_numerics(argv):
    code = (
        "import contextlib, io\nfrom specproof.cli.main import main\nwith"
        f" contextlib.redirect_stdout(io.StringIO()):\n    try:\n        main({argv!r})\n    except SystemExit:\n      "
        "  pass"
    )
    loaded = _modules_after(code)
    heavy = {"numpy", "scipy", "sympy", "torch", "hypothesis", "matplotlib", "transformers"} & {
        m.split(".")[0] for m in loaded
    }
    assert not heavy, f"specproof {' '.join(argv)} imported {sorted(heavy)}"
    assert not any(m.startswith("specproof.checks.claims.") for m in loaded)


def test_verify_of_one_claim_imports_only_its_module():
    loaded = _modules_after("from specproof.engine.runner import select\nselect(['trsp.C7.kernel-energy'])")
    files = {m.removeprefix("specproof.checks.claims.") for m in loaded if m.startswith("specproof.checks.claims.")}
    files = {m for m in files if m not in ("trsp", "trsp.app_c") and not m.startswith("_shared")}  # packages, helpers
    assert files == {"trsp.app_c.c4"}, sorted(files)  # its section's file, no other claim file


def test_an_unknown_id_suggests_the_nearest(capsys):
    assert main(["verify", "trsp.C6.mu2-lowr"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "did you mean trsp.C6.mu2-lower" in err[0]
    with pytest.raises(InputError, match="empty claim id"):
        resolve([""])


def test_list_takes_the_groups_it_names(capsys):
    assert main(["list", "sdeg.E"]) == 0
    ids = [line.split("\t")[0] for line in capsys.readouterr().out.splitlines()]
    assert ids and all(i.startswith("sdeg.E.") for i in ids)
    assert main(["list", "no.such-group"]) == 2


@pytest.mark.parametrize("seed", ["-1", "100000000000000000000000", "x"])
def test_bad_seeds_are_refused_before_any_work(seed, capsys):
    assert main(["verify", "trsp.C7.kernel-energy", "--seed", seed]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "seed" in err[0]


def test_a_split_claims_old_id_names_all_its_parts(capsys):
    """A bundled claim split into one claim per hypothesis keeps its id: `list` and `verify` take it as its parts."""
    from specproof.engine.index import aliases, select_ids, split_aliases

    splits = split_aliases()
    old = "trsp.C5.safety-net.hypotheses"
    parts = splits[old]
    assert len(parts) == 8 and "trsp.C5.safety-net.hypotheses.markov-form" in parts
    assert resolve([old]) == list(parts) == select_ids([old])
    assert resolve([parts[0], old]) == list(parts)  # a part named twice is run once
    assert main(["list", old]) == 0
    out = capsys.readouterr().out
    assert all(p in out for p in parts)
    index = load_index()
    for alias, ids in aliases().items():
        assert alias not in index, f"{alias} is both an alias and a registered id"
        if len(ids) > 1:  # a split alias: its parts are named <old>.<slug>, in registry order
            assert all(i.startswith(alias + ".") for i in ids), (alias, ids)
            assert list(ids) == [i for i in index if i in ids]


def test_verify_of_a_split_id_runs_only_its_parts(tmp_path):
    from specproof.engine.runner import select

    claims = select(["trsp.C4.weyl.hypotheses"])
    assert [c.id for c in claims] == [
        "trsp.C4.weyl.hypotheses.q-psd",
        "trsp.C4.weyl.hypotheses.symmetric-q",
        "trsp.C4.weyl.hypotheses.symmetric-p",
    ]
    assert all(len(c.checks) == 1 for c in claims)
