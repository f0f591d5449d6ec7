"""The variant battery: the shipped examples and their verdicts, the three front ends, bad input."""

import json
import subprocess
import sys
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest

from specproof.checks.battery import (
    PROPERTIES,
    Attention,
    Expect,
    Gate,
    Kernel,
    PropertyCheck,
    PropertyFails,
    Schedule,
    Sizes,
    Variant,
    VariantError,
    check_variant,
    checks_for,
    load_spec,
    load_variants,
    parametrize_with_checks,
    parse_rate,
)
from specproof.checks.battery.exponents import read_rate
from specproof.checks.battery.results import run_property
from specproof.cli.main import main
from specproof.engine.rates import rate_menu
from specproof.engine.registry import Status

EXAMPLES = Path(__file__).resolve().parents[1] / "examples" / "variants"

SPARSE_TRIANGLE = {
    "skeleton-connected": "holds",
    "layer-connected": "fails",
    "skeleton-mu2-floor": "holds",
    "skeleton-mu2-rate": "holds",
    "skeleton-gap-rate": "holds",
    "depth-contraction": "n/a",
    "operator-connected": "holds",
    "operator-mu2-rate": "holds",
    "operator-gap-rate": "holds",
    "kernel-sum": "holds",
    "kernel-nonnegative": "holds",
    "kernel-energy-rate": "holds",
    "gate-range": "holds",
    "safety-net": "holds",
    "rank-floor": "holds",
    **{
        "network-connected": "holds",
        "network-safety-net": "fails",
        "network-safety-net-full-depth": "holds",
        "network-escape": "holds",
        "network-rank": "holds",
    },
}
REAL = {"real-safety-net": "holds", "real-mu2-lift": "holds", "real-rank": "fails"}  # from the committed rows
# What each shipped example finds, property by property (the examples declare the same; this pins it).
EXPECTED = {
    "paper_default": {
        **SPARSE_TRIANGLE,
        **REAL,
        "attention-row-stochastic": "holds",
        "attention-eigen-real": "n/a",
        "attention-causal-spectrum": "holds",
        "attention-sv-bounds": "holds",
        "attention-srank-rate": "holds",
    },
    "dense_full_sweep": {
        **SPARSE_TRIANGLE,
        "layer-connected": "holds",
        "depth-contraction": "holds",
        "rank-floor": "n/a",
        "network-safety-net": "holds",
        **REAL,
    },
    "box_kernel": {**SPARSE_TRIANGLE, **REAL},
    "static_gate": {**SPARSE_TRIANGLE, **REAL},
    "triadic": {**SPARSE_TRIANGLE, "operator-connected": "fails"},
    "no_dyadic": {
        **SPARSE_TRIANGLE,
        "skeleton-connected": "fails",
        "skeleton-mu2-floor": "fails",
        "skeleton-mu2-rate": "fails",
        "skeleton-gap-rate": "fails",
        "network-safety-net": "holds",
        **REAL,
    },
    "encoder_attention": {
        "attention-row-stochastic": "holds",
        "attention-eigen-real": "holds",
        "attention-causal-spectrum": "n/a",
        "attention-sv-bounds": "n/a",
        "attention-srank-rate": "holds",
    },
}
# The rate each example's rate properties are consistent with, where it is not the paper's (the measured exponent
# within the short-sweep allowance of that rate); every other rate property measures the paper's own rate.
RATES = {
    "static_gate": {"network-safety-net": "1/T^2"},
    "no_dyadic": {"operator-mu2-rate": "log T", "operator-gap-rate": "1"},
    "dense_full_sweep": {},
}
SMALL = Sizes(t_max=64, t_operator=64, b_max=64, attention_max=64, examples=10)


@pytest.fixture(scope="module")
def reports():
    cache = {}

    def get(name):
        if name not in cache:
            cache[name] = check_variant(load_spec(EXAMPLES / f"{name}.toml"))
        return cache[name]

    return get


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_example_verdicts(reports, name):
    report = reports(name)
    assert report.outcomes() == EXPECTED[name]
    assert report.as_declared, report.table()
    for r in report.results:
        if r.outcome.kind != "n/a":
            assert (r.status is Status.REFUTED) == (r.outcome.kind == "fails")
        assert all(e.summary and e.method for e in r.evidence)
        reading = r.outcome.reading
        if reading is not None and r.outcome.kind == "holds" or r.prop.id in RATES.get(name, {}):
            expected = RATES.get(name, {}).get(r.prop.id, reading.paper)
            assert reading.consistent and reading.consistent[0] == expected, (r.prop.id, reading.text())


def test_the_skeleton_floors_are_measured(reports):
    """Dyadic keeps μ₂ ≥ 4 (Thm C.6 says 2), triadic ≥ 3: the floor's worst margin is μ₂_min − 2."""
    assert reports("paper_default")["skeleton-mu2-floor"].worst_margin == pytest.approx(2.0)
    assert reports("triadic")["skeleton-mu2-floor"].worst_margin == pytest.approx(1.0)


def test_a_declared_failure_carries_its_counterexample(reports):
    result = reports("triadic")["operator-connected"]
    assert result.as_declared and result.expected.reason
    ev = next(e for e in result.evidence if e.status is Status.REFUTED)
    assert ev.counterexample["input"]["T"] == 2 and ev.counterexample["input"]["components"] == 2


def test_dense_and_sparse_differ_where_the_paper_says(reports):
    sparse, dense = reports("paper_default"), reports("dense_full_sweep")
    assert sparse["layer-connected"].outcome.kind == "fails" and dense["layer-connected"].outcome.kind == "holds"
    assert dense.outcomes()["depth-contraction"] == "holds" and sparse.outcomes()["depth-contraction"] == "n/a"


@pytest.mark.parametrize("name", ["paper_default", "box_kernel"])
def test_python_and_toml_front_ends_agree(name):
    (from_py,) = load_variants(EXAMPLES / f"{name}.py")
    from_toml = load_spec(EXAMPLES / f"{name}.toml")
    assert from_py.name == from_toml.name and from_py.expect == from_toml.expect
    a, b = (check_variant(replace(v, sizes=SMALL)) for v in (from_py, from_toml))
    assert [(r.prop.id, r.label(), r.worst_margin) for r in a.results] == [
        (r.prop.id, r.label(), r.worst_margin) for r in b.results
    ]
    assert not list((EXAMPLES / "__pycache__").glob(f"{name}*"))


def test_cli_spec_writes_the_json_report(tmp_path, capsys):
    out = tmp_path / "report.json"
    assert main(["variant", "--spec", str(EXAMPLES / "encoder_attention.toml"), "--json", str(out)]) == 0
    text = capsys.readouterr().out
    assert "attention-eigen-real" in text and "all as declared" in text
    (report,) = json.loads(out.read_text())["variants"]
    assert report["variant"] == "encoder-attention" and report["as_declared"]
    for p in report["properties"]:
        assert {"id", "status", "methods", "evidence", "notes", "outcome", "expected", "as_declared"} <= set(p)
        assert p["status"] in {s.value for s in Status}


def test_cli_python_file(capsys):
    assert main(["variant", str(EXAMPLES / "box_kernel.py")]) == 0
    assert "box-kernel" in capsys.readouterr().out


def test_cli_exit_1_when_an_outcome_differs(tmp_path, capsys):
    spec = tmp_path / "wrong.toml"
    spec.write_text(
        'name = "wrong"\n[attention]\nkind = "softmax"\ncausal = false\n[expect]\nattention-srank-rate = "log T"\n'
    )
    assert main(["variant", "--spec", str(spec), "--no-paper", "--no-progress"]) == 1
    out = capsys.readouterr().out
    row = next(line for line in out.splitlines() if line.startswith("attention-srank-rate"))
    assert "holds T^0.00 [0.00,0.00] !" in row and "fails, rate log T" in row  # log T would break O(1)
    assert "differs  attention-srank-rate" in out and "rate differs from the declared log T" in out


def test_a_crashing_check_is_reported_and_differs():
    def fragile(scores):
        if scores.size > 40:
            raise RuntimeError("too long")
        return np.full((scores.size, scores.size), 1 / scores.size)

    report = check_variant(Variant("fragile", attention=Attention("uniform", fragile, causal=False), sizes=SMALL))
    result = report["attention-srank-rate"]
    assert result.label() == "crashed" and "too long" in result.error and not report.as_declared
    assert report["attention-row-stochastic"].as_declared


def test_ill_conditioned_eigenvalues_leave_the_check_undecided():
    # row-stochastic, upper bidiagonal: eigenvalue 1/2 in one Jordan block of size ℓ − 1, so the float eigenvalues
    # scatter far off the real line (≈ eps^(1/(ℓ−1))) and κ(V) is astronomical: the float check proves nothing
    def jordan(scores):
        n = scores.size
        A = 0.5 * (np.eye(n) + np.eye(n, k=1))
        A[-1, -1] = 1.0
        return A

    report = check_variant(Variant("jordan", attention=Attention("jordan", jordan, causal=False), sizes=SMALL))
    result = report["attention-eigen-real"]
    assert result.outcome.kind == "undecided" and not result.as_declared, result.outcome.evidence[0].summary
    assert "too ill-conditioned" in result.outcome.evidence[0].summary


def test_an_offset_quantity_is_read_with_its_constant():
    """A stable rank Θ(k + log ℓ) carries a constant that hides its slow growth from exponents: its consistent rate
    is the one the offset fit finds, and an erratic sweep is consistent with none."""
    x = np.array([8.0, 16, 32, 64, 128])
    kw = {"variable": "T", "paper": "log T", "guarantee": "upper", "declared": None, "offset": True}
    assert read_rate(x, np.array([5.0, 1, 7, 2, 9]), **kw).consistent == []
    assert read_rate(x, 3 + 0 * x, **kw).consistent == ["1"]
    assert read_rate(x, 2 + np.log(x), **kw).consistent == ["log T"]


def test_properties_listing(capsys):
    assert main(["variant", "--properties"]) == 0
    assert len(capsys.readouterr().out.strip().splitlines()) == len(PROPERTIES) + 1


# --------------------------------------------------------------------------- bad input

BAD_FILES = [
    ("syntax.py", "x = (\n", "does not import: SyntaxError"),
    ("imports.py", "import no_such_module_for_specproof\n", "does not import: ModuleNotFoundError"),
    ("nothing.py", "x = 1\n", "defines no Variant"),
    (
        "beyond.py",
        "from specproof import Variant\nv = Variant('late', schedule=lambda T: [1, 2, 4, 8])\n",
        "returned 4 at T = 2",
    ),
    ("unknown.toml", 'name = "x"\ncolour = "red"\n[schedule]\nkind = "dyadic"\n', "unknown key 'colour'"),
    ("nested.toml", 'name = "x"\n[schedule]\nkind = "geometric"\nbase = 3\nbsae = 2\n', "schedule.bsae is not a key"),
    ("negative.toml", 'name = "x"\n[schedule]\nkind = "explicit"\nbandwidths = [1, -4]\n', "bandwidths[1] = -4"),
    (
        "beyond.toml",
        'name = "x"\n[sizes]\nt_max = 64\n[schedule]\nkind = "explicit"\nbandwidths = [1, 100]\n',
        "needs T >= 100, beyond sizes.t_max = 64",
    ),
    (
        "tmin.toml",
        'name = "x"\n[sizes]\nt_min = 4\n[schedule]\nkind = "explicit"\nbandwidths = [1, 8]\n',
        "beyond T = sizes.t_min = 4",
    ),
    (
        "sum.toml",
        (
            'name = "x"\n[schedule]\nkind = "explicit"\nbandwidths = [1, 2]\n[kernel]\nkind = "explicit"\n'
            "denominator = 4\n[kernel.weights]\n1 = [4]\n2 = [1, 2, 2]\n"
        ),
        "b = 2 sum to 5/4, not 1",
    ),
    (
        "property.toml",
        'name = "x"\n[schedule]\nkind = "dyadic"\n[expect]\nskeleton-conected = "holds"\n',
        "unknown property 'skeleton-conected'",
    ),
    (
        "rate.toml",
        'name = "x"\n[schedule]\nkind = "dyadic"\n[expect]\nskeleton-gap-rate = "1/loglog T"\n',
        "unknown rate '1/loglog T'",
    ),
    (
        "reason.toml",
        'name = "x"\n[schedule]\nkind = "dyadic"\n[expect]\nlayer-connected = { fails = " " }\n',
        "needs its reason",
    ),
    ("invalid.toml", 'name = "x"\n[schedule\n', "not valid TOML"),
    (
        "order.toml",
        'name = "x"\n[kernel]\nkind = "cascade"\norder = 1000000\n',
        "kernel.order = 1000000: outside the allowed range 1 … 64",
    ),
    (
        "tmax.toml",
        'name = "x"\n[sizes]\nt_max = 1000000000000\n[schedule]\nkind = "dyadic"\n',
        "sizes.t_max = 1000000000000: outside the allowed range 64 … 16384",
    ),
    (
        "network.toml",
        'name = "x"\n[sizes]\nt_network = 1048576\n[schedule]\nkind = "dyadic"\n',
        "sizes.t_network = 1048576: outside the allowed range 64 … 65536",
    ),
    (
        "gate.toml",
        'name = "x"\n[schedule]\nkind = "dyadic"\n[gate]\nkind = "constant"\nvalue = 1e308\n',
        "gate.value = 1e+308: outside the allowed range -1000 … 1000",
    ),
]


@pytest.mark.parametrize("filename, content, message", BAD_FILES, ids=[b[0] for b in BAD_FILES])
def test_bad_input_is_one_line_exit_2(tmp_path, capsys, filename, content, message):
    path = tmp_path / filename
    path.write_text(content)
    args = ["variant", "--spec", str(path)] if filename.endswith(".toml") else ["variant", str(path)]
    assert main(args) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and message in err[0], err
    assert sorted(p.name for p in tmp_path.iterdir()) == [filename]  # no __pycache__, nothing written
    assert path.read_text() == content


def test_bad_file_from_the_console_has_no_traceback_and_writes_no_bytecode(tmp_path):
    path = tmp_path / "broken.py"
    path.write_text("from specproof import Variant\nraise ValueError('half-written variant')\n")
    proc = subprocess.run([sys.executable, "-m", "specproof", "variant", str(path)], capture_output=True, text=True)
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    assert "does not import: ValueError: half-written variant" in proc.stderr
    assert [p.name for p in tmp_path.iterdir()] == ["broken.py"]


def test_python_api_rejects_impossible_variants():
    with pytest.raises(VariantError, match="changes nothing"):
        Variant("empty")
    with pytest.raises(VariantError, match="does not apply"):
        Variant("x", attention=Attention.softmax(causal=True), expect={"attention-eigen-real": "holds"})
    with pytest.raises(VariantError, match="holds/fails property, not a rate"):
        Variant("x", schedule=Schedule.geometric(2), expect={"skeleton-connected": "1/T"})
    assert Variant("x", schedule=Schedule.geometric(2), expect={"skeleton-gap-rate": "holds"})  # the guarantee alone
    with pytest.raises(VariantError, match="needs an explicit schedule"):
        Variant("x", kernel=Kernel.explicit({1: [1]}))
    with pytest.raises(VariantError, match="no weights for bandwidth"):
        Variant("x", schedule=Schedule.explicit([1, 2]), kernel=Kernel.explicit({1: [1]}))
    with pytest.raises(VariantError, match="sizes.t_operator"):
        Sizes(t_operator=8)
    with pytest.raises(VariantError, match="outside the allowed range 1 … 64"):
        Kernel.cascade(10**6)
    with pytest.raises(VariantError, match="outside the allowed range -1000 … 1000"):
        Gate.constant(1e308)
    with pytest.raises(VariantError, match=r"sizes.t_max = 1000000000000: outside the allowed range 64 … 16384"):
        Sizes(t_max=10**12)
    with pytest.raises(VariantError, match="reason"):
        Expect.fails("")


# --------------------------------------------------------------------------- the pieces


def test_rate_menu_and_parser():
    assert list(rate_menu("b"))[:3] == ["1", "log b", "1/log b"]
    assert parse_rate(" 1 / log T ") == "1/log T" and parse_rate("Θ(1/T^2)") == "1/T^2"
    with pytest.raises(VariantError, match="allowed"):
        parse_rate("T log T")


def test_growth_fit_sees_a_logarithm_behind_an_offset():
    x = 2.0 ** np.arange(4, 9)
    kw = {"variable": "T", "paper": "log T", "guarantee": "upper", "declared": None, "offset": True}
    assert read_rate(x, 0.2 * np.log(x) + 1.0, **kw).consistent == ["log T"]
    assert read_rate(x, 1.0 + 0.3 / x, **kw).consistent == ["1"]
    linear = read_rate(x, 0.1 * x + 2.0, **kw)
    assert linear.consistent == ["T"] and not linear.holds  # T breaks O(log T)


def test_explicit_kernels_are_exact_and_checked_exactly():
    v = Variant(
        "explicit", schedule=Schedule.explicit([1, 2]), kernel=Kernel.explicit({1: [1], 2: [1, 2, 1]}), sizes=SMALL
    )
    assert v.kernel.weights(2) == [Fraction(1, 4), Fraction(1, 2), Fraction(1, 4)]
    assert "kernel-energy-rate" not in [p.id for p in checks_for(v)]
    report = check_variant(v)
    assert report["kernel-sum"].status is Status.CERTIFIED
    fixed = report["skeleton-mu2-rate"]  # fixed offsets: μ₂ ~ (2π/T)², the guarantee Ω(1) broken
    assert fixed.label() == "fails" and fixed.outcome.reading.consistent[0] == "1/T^2"


def test_checks_follow_the_components():
    ids = [p.id for p in checks_for(Variant("g", gate=lambda T, b: 0.5))]
    assert ids == ["gate-range"]
    causal = [p.id for p in checks_for(Variant("c", attention=Attention.softmax(causal=True)))]
    assert "attention-sv-bounds" in causal and "attention-eigen-real" not in causal


def test_gate_on_the_boundary_fails():
    report = check_variant(Variant("shut", gate=lambda T, b: 0.0 if b == T else 0.5, sizes=SMALL))
    result = report["gate-range"]
    assert result.outcome.kind == "fails" and not result.as_declared
    assert result.evidence[0].counterexample["input"]["g"] == 0.0


def test_pytest_ids_and_marks():
    (variant,) = load_variants(EXAMPLES / "paper_default.py")
    mark = parametrize_with_checks([variant])
    params = {p.id: p for p in mark.args[1]}
    assert "paper-default: has a connected skeleton Cay(Z_T, +-b_l) at every T" in params
    assert all(i.isascii() for i in params)
    (xfail,) = params["paper-default: has a connected skeleton within every single layer"].marks
    assert xfail.kwargs["strict"] and "superposition" in xfail.kwargs["reason"]


def test_a_pytest_check_raises_when_the_declaration_is_wrong():
    wrong = Variant("wrong", gate=lambda T, b: 1.5, sizes=SMALL)
    with pytest.raises(PropertyFails, match="wrong: keeps its gate strictly inside"):
        PropertyCheck(PROPERTIES["gate-range"])(wrong)


(_PAPER_DEFAULT,) = load_variants(EXAMPLES / "paper_default.py")


@parametrize_with_checks([_PAPER_DEFAULT])
def test_paper_default_with_the_pytest_helper(variant, check):
    check(variant)


def test_reversible_attention_takes_the_symmetric_eigen_path():
    """Softmax attention on symmetric scores is in detailed balance: its eigenvalues come from the symmetric
    matrix similar to it, with a radius free of κ(V) (which reaches 1e15 for scores spanning 30)."""
    from specproof.checks.battery.sdeg_checks import _reversible_eigen

    s = np.array([30.0, 29.9, 0.0, 0.0])
    W = np.exp(np.outer(s, s) / 8)
    A = W / W.sum(axis=1, keepdims=True)
    lam, radius = _reversible_eigen(A)
    assert radius < 1e-12 and np.allclose(np.sort(lam.real), np.sort(np.linalg.eigvals(A).real), atol=1e-6)
    cyclic = np.roll(np.eye(3), 1, axis=1) * 0.9 + 0.1 / 3  # positive, not in detailed balance
    assert _reversible_eigen(cyclic) is None


# --------------------------------------------------------------------------- the composed network

NETWORK = ["network-connected", "network-safety-net", "network-safety-net-full-depth", "network-escape", "network-rank"]
NET_SMALL = Sizes(t_max=64, t_operator=64, b_max=64, attention_max=64, examples=10)


def test_network_properties_are_listed(capsys):
    assert main(["variant", "--properties"]) == 0
    listing = capsys.readouterr().out
    for pid in NETWORK:
        assert pid in listing and pid in PROPERTIES
    assert all(PROPERTIES[pid].needs == {"schedule", "kernel"} for pid in NETWORK)


def test_the_network_is_the_projects_for_the_paper_default():
    """Built from the variant's own components by the one builder, the paper's default is the N_D of the network
    claims and sweeps (theory.network.network_layers), bit for bit, Markov form and gates."""
    from specproof.checks.battery import paper_variants
    from specproof.checks.battery.network_checks import markov
    from specproof.theory.network import default_gate, network_layers, network_operator
    from specproof.theory.operators import Cesaro, Identity, Sink

    for variant in (replace(_PAPER_DEFAULT, sizes=NET_SMALL), paper_variants()[0]):
        for kind, attention in (("uniform", Cesaro), ("sink", Sink), ("isolating", Identity)):
            for T, D in ((13, 2), (32, 4), (40, 6)):
                P, gates = markov(variant, kind, T, D)
                layers = network_layers(T, D, attention, default_gate())
                assert np.array_equal(P, network_operator(layers, markov=True).as_matrix())
                assert gates == [layer.gate for layer in layers]


def test_the_paper_default_safety_net_fails_at_fixed_depth(reports):
    report = reports("paper_default")
    fixed, full = report["network-safety-net"], report["network-safety-net-full-depth"]
    assert fixed.outcome.kind == "fails" and fixed.as_declared and "safety net fails" in fixed.expected.reason
    ev = next(e for e in fixed.evidence if e.status is Status.REFUTED)
    assert ev.method == "sweep-fit" and len(ev.counterexample["T"]) >= 3
    y = np.asarray(ev.counterexample["y"])
    assert np.all(np.diff(y) < 0) and y[-1] < 1e-3  # μ₂ → 0 at fixed depth
    assert fixed.outcome.reading.exponent < -2 and fixed.outcome.reading.consistent == []  # faster than 1/T²
    assert full.label() == "holds" and full.as_declared and full.outcome.reading.consistent[0] == "1"  # Θ(1)


def test_a_wrong_network_declaration_is_caught():
    # the paper's own guarantee (a Θ(1) net at fixed depth) is what the default expects: it differs, with the sweep
    undeclared = replace(_PAPER_DEFAULT, expect={}, sizes=NET_SMALL)
    report = check_variant(undeclared)
    result = report["network-safety-net"]
    assert result.expected.label() == "holds" and result.label() == "fails" and not result.as_declared
    assert "is broken" in result.explain() and not report.as_declared
    # a dense variant has a Θ(1) net: declaring it 1/T^2 differs twice, in the guarantee and in the rate
    dense = replace(
        load_spec(EXAMPLES / "dense_full_sweep.toml"),
        sizes=NET_SMALL,
        expect={"network-safety-net": "1/T^2", "network-escape": Expect.fails("wrongly declared")},
    )
    wrong = check_variant(dense)
    result = wrong["network-safety-net"]
    assert result.label() == "holds" and not result.as_declared and not result.rate_as_declared
    assert any(n.startswith("rate differs from the declared 1/T^2: measured T^0.00") for n in result.notes())
    assert wrong["network-escape"].label() == "holds" and not wrong["network-escape"].as_declared


def test_the_escape_bound_holds(reports):
    from specproof.checks.battery.network_checks import network_bands, sink_stats
    from specproof.theory.network import sink_escape_probability

    result = reports("paper_default")["network-escape"]
    assert result.outcome.kind == "holds" and result.status is Status.VERIFIED
    variant = replace(_PAPER_DEFAULT, sizes=NET_SMALL)
    for T, D in ((16, 2), (64, 4), (64, 7)):
        stats = sink_stats(variant, T, D)
        gates = [variant.gate(T, b) for (b,) in network_bands(variant, T)[:D]]
        assert stats["q_D"] == pytest.approx(sink_escape_probability(gates))
        assert stats["escape"] <= stats["q_D"] + 1e-12
    assert reports("paper_default")["network-rank"].outcome.kind == "holds"


def test_a_network_property_out_of_its_hypotheses_is_open():
    negative = Variant(
        "negative-gate",
        schedule=Schedule.geometric(2),
        kernel=Kernel.triangular(),
        gate=lambda T, b: -0.1,
        sizes=NET_SMALL,
    )
    report = check_variant(negative)
    for pid in NETWORK:
        result = report[pid]
        assert result.outcome.kind == "undecided" and result.status is Status.OPEN and not result.as_declared
        assert "not applicable" in result.evidence[0].summary and "g >= 0" in result.evidence[0].summary
    signed = Variant(
        "signed",
        schedule=Schedule.explicit([1, 2]),
        sizes=NET_SMALL,
        kernel=Kernel("signed", lambda b: [Fraction(3, 2), Fraction(-1, 2)][:b] if b > 1 else [1]),
    )
    result = check_variant(signed)["network-escape"]
    assert result.outcome.kind == "undecided" and "negative weight" in result.evidence[0].summary


# --------------------------------------------------------------------------- the paper's own TRSP passes the battery

PAPER_EXAMPLES = {
    "paper-default": "paper_default",
    "static-gate": "static_gate",
    "no-dyadic": "no_dyadic",
    "box-kernel": "box_kernel",
    "dense-full-sweep": "dense_full_sweep",
}


def test_the_paper_variants_are_the_shipped_examples():
    """paper_variants() is TRSP's side path and its Table 4 ablations (theory.spec.paper_ablations) with the
    declarations the shipped TOML examples make: the same components, layout, sizes, expectations and real-attention
    fingerprint (so the same stored rows)."""
    from specproof.checks.battery import paper_variants
    from specproof.checks.battery.real_checks import fingerprint
    from specproof.theory.spec import paper_ablations

    variants = paper_variants()
    assert [v.name for v in variants] == list(PAPER_EXAMPLES)
    ablations = {sp.name: sp for sp in paper_ablations().values()}
    for variant in variants:
        example = load_spec(EXAMPLES / f"{PAPER_EXAMPLES[variant.name]}.toml")
        assert variant.describe() == example.describe() and variant.description == example.description
        assert variant.expect == example.expect and variant.sizes == example.sizes
        assert fingerprint(variant, 64, 6) == fingerprint(example, 64, 6)
        side_path = ablations["trsp" if variant.name == "paper-default" else variant.name]
        assert (variant.schedule.name, variant.kernel.name, variant.gate.name, variant.layout) == (
            side_path.schedule.name,
            side_path.kernel.name,
            side_path.gate.name,
            side_path.layout,
        )


def test_the_papers_trsp_passes_the_battery():
    """check_variant on the paper's own TRSP gives exactly what it declares (at the tests' small sizes)."""
    from specproof.checks.battery import paper_variants

    default = replace(paper_variants()[0], sizes=SMALL)
    report = check_variant(default)
    assert report.as_declared, report.table()
    assert report.outcomes() == EXPECTED["paper_default"]


@pytest.mark.slow
@pytest.mark.parametrize("name", list(PAPER_EXAMPLES))
def test_the_paper_variants_pass_the_battery_at_their_sizes(name):
    from specproof.checks.battery import paper_variants

    (variant,) = [v for v in paper_variants() if v.name == name]
    report = check_variant(variant)
    assert report.as_declared, report.table()
    assert report.outcomes() == EXPECTED[PAPER_EXAMPLES[name]]


def test_an_explicit_schedule_starting_beyond_the_small_sizes_runs_the_safety_net():
    """Issue 35.6: bandwidths [1, 5, 25, 125] first apply at T = 126 > 32; the safety net runs at the schedule's own
    smallest T instead of failing on an empty list."""
    v = Variant(
        "late", schedule=Schedule.explicit([1, 5, 25, 125]), kernel=Kernel.triangular(), sizes=replace(SMALL, t_max=256)
    )
    prop = next(p for p in checks_for(v) if p.id == "safety-net")
    result = run_property(v, prop)
    assert result.error is None, result.error
    assert "125" in result.outcome.evidence[0].ranges, result.outcome.evidence[0].ranges


def test_a_sweep_too_short_for_a_rate_is_open_and_names_the_size_it_needs():
    """Issue 35.6: a rate with fewer than three points, or a dense sweep the schedule starts beyond, is open (not a
    crash) and names the size to raise and the value it needs; at that value the rate is decided."""
    late = Variant(
        "late", schedule=Schedule.explicit([1, 5, 25, 125]), kernel=Kernel.triangular(), sizes=replace(SMALL, t_max=256)
    )
    props = {p.id: p for p in checks_for(late)}
    rate = run_property(late, props["skeleton-mu2-rate"])
    assert rate.error is None and rate.outcome.kind == "undecided", rate.error
    said = rate.outcome.evidence[0].summary
    assert "2 point(s), too few for a rate; it needs 3 points: raise [sizes] t_max to at least 511" in said, said
    assert "(have t_max = 256)" in said
    operator = run_property(late, props["operator-mu2-rate"])
    assert operator.error is None and operator.outcome.kind == "undecided", operator.error
    said = operator.outcome.evidence[0].summary
    assert "starts at T = 125, beyond the dense sweeps' [sizes] t_operator = 64" in said, said
    assert "raise [sizes] t_operator to at least 125" in said
    for t_max, decided in ((510, False), (511, True)):
        v = replace(late, sizes=replace(SMALL, t_max=t_max))
        assert (run_property(v, props["skeleton-mu2-rate"]).outcome.kind != "undecided") is decided, t_max


@pytest.mark.parametrize(
    "gate, message",
    [
        (lambda T, b: 2000.0 if b >= 8 else 0.5, r"gate big gave 2000 at T = \d+, b = 8: outside the allowed range"),
        (lambda T, b: float("nan"), "gate big gave nan at T = 2, b = 1: outside the allowed range -1000 … 1000"),
        (lambda T, b: np.array([0.5, 0.5]), r"must return one real number g\(T, b\), got an array of shape \(2,\)"),
        (lambda T, b: "0.5", r"must return one real number g\(T, b\), got a str at T = 2, b = 1"),
        (lambda T, b: None, "got a NoneType at T = 2, b = 1"),
    ],
)
def test_validate_variant_refuses_a_custom_gate_it_cannot_evaluate(gate, message):
    """A custom Python gate outside ±1000 at any bandwidth the sweeps meet (not only at b = 1), or one that does not
    return a single real number: refused before any check runs, in one line naming the gate, what it gave and where."""
    from specproof.checks.battery import validate_variant

    variant = Variant("big", gate=Gate("big", gate), sizes=SMALL)
    with pytest.raises(VariantError, match=message) as refused:
        validate_variant(variant)
    assert len(str(refused.value).splitlines()) == 1 and str(refused.value).startswith("variant big: gate big ")
    assert validate_variant(Variant("fine", gate=Gate("fine", lambda T, b: np.float64(0.5)), sizes=SMALL))
