"""The dependency graph of the claims: a DAG of registered ids, text that names a claim backed by an edge,
and every claim's chain state as recorded (a change of chain state fails like a change of verdict)."""

import json
from pathlib import Path

import pytest

from specproof.engine.blueprint import RESTS_ON, SOUND, Chain, chain_of, chains, cycles, linked, named_ids
from specproof.engine.registry import REGISTRY, Claim, Source, Status, load_all

load_all()
EXPECTED_CHAINS = Path(__file__).with_name("expected_chains.json")

# A claim's text may name another claim without either resting on it: these are the pairs, each with why.
NAMES_WITHOUT_EDGE = {
    # the reason points to measurements of the real operator that show the modelling step of Thm C.1 fails;
    # the certified verdict is about the idealised graph and rests on neither
    ("trsp.C1.cayley", "trsp.C6.real-operator"),
    # a remark on the sharper upper constant (γ(L+1) < 3.7); Eq. 11's proof uses μ₁ ≤ 16π²/3 (trsp.C6.mu2-upper)
    ("trsp.C6.gap-rate", "trsp.C6.mu2-upper.sharp"),
    # the reason points to where the rate of ‖H_ℓ‖ → 2 is studied; the limit itself uses neither
    ("sdeg.c.test-vector", "sdeg.c.hardy-continuum"),
    # the two readings of the proof of Thm C.1 compared side by side; neither rests on the other
    ("trsp.C1.cayley.longest-lag", "trsp.C1.cayley.peak-lag"),
    # says only that μ₂ ≥ 2's doubling argument does not carry over to the offsets 2^ℓ − 1
    ("trsp.C1.cayley.peak-lag", "trsp.C6.mu2-lower"),
    # the reason cites another display of App. C.5 only to show how that section of remarks argues (by
    # contradiction); the refutation of the spike display rests on its own exact counterexample
    ("sdeg.c.spike-sv", "sdeg.c.no-harmonic-sv"),
    # the corrected rank limit names the refuted own claim it replaces (corrects= may only point at a paper's claim,
    # so both correct trsp.C8.rank-floor); neither rests on the other
    ("trsp.C8.rank-floor.limit", "trsp.C8.rank-floor.sharp"),
    ("trsp.C8.rank-floor.sharp", "trsp.C8.rank-floor.limit"),
    # the reason says where the paper's intermediate O(√log b) fails; the proof uses its own column-sum bound
    ("trsp.C8.spectral-norm", "trsp.C8.column-sums"),
    # the lost Thm 6's symbols are named as the reconstruction of sdeg.b.bulk-moments names them; the checks are own
    ("sdeg.b.entropy-ranks", "sdeg.b.bulk-moments"),
    ("sdeg.b.aggregate-defect", "sdeg.b.bulk-moments"),
    # the open GPT-2/ViT table points to where the same statistic is computed on MiniLM
    ("sdeg.F.head-ratios", "sdeg.real.head-ratios"),
    # one definition of the normalised gap, shared and named both ways; neither reads the other's rows
    ("trsp.C6.real-operator", "trsp.network.gap"),
    ("trsp.network.gap", "trsp.C6.real-operator"),
    # the superposition-vs-composition numbers cited both ways (each computes them itself)
    ("trsp.C5.safety-net.hypotheses.markov-form", "trsp.network.safety-net"),
    ("trsp.network.safety-net", "trsp.C5.safety-net.hypotheses.markov-form"),
    # the sink's collapse at full depth is cited from the mixing claim; connectivity's verdict reads μ₂ only
    ("trsp.network.connectivity", "trsp.network.mixing"),
    # why trained heads break √5: the orientation hypothesis the canonical bound needs, cited, not used
    ("sdeg.trained.sv-upper", "sdeg.c.sv-universal.hypotheses.orientation"),
    # the dense-variant reading says where the paper's 'upper bound' is not established for trained accuracy (Table 4,
    # the task-level ablation); the certified verdict is about exact Laplacians and rests on neither
    ("trsp.C3-3.dense-upper-bound", "trsp.S5-2.dense-arithmetic"),
    ("trsp.C3-3.dense-upper-bound", "trsp.trained.ablations.task"),
    # SmolLM2's readings name the MiniLM, trained or GPT-2 claim of the same statistic they sit beside (each reads its
    # own committed rows; neither rests on the other)
    ("sdeg.causal-real.rank-growth", "sdeg.trained.rank-growth"),
    ("sdeg.causal-real.w1-decreases", "sdeg.real.w1-decreases"),
    ("sdeg.causal-real.concentration", "sdeg.real.concentration"),
    ("sdeg.causal-real.head-ratios", "sdeg.F.head-ratios"),
    # the harmonic floor on real heads (refuted, an own reading of Thm 3) names what holds instead (corrects= may only
    # point at a paper's claim); neither rests on the other
    ("sdeg.causal-real.harmonic", "sdeg.causal-real.harmonic.corrected"),
}


def _expected_chains() -> dict:
    return json.loads(EXPECTED_CHAINS.read_text(encoding="utf-8"))


def _phrase(chain: Chain) -> str:
    return SOUND if chain.state == SOUND else f"rests on {chain.dependency} ({chain.status.value})"


def test_uses_graph_is_a_dag_of_registered_ids():
    unknown = {c.id: sorted(set(c.uses) - set(REGISTRY)) for c in REGISTRY.values() if set(c.uses) - set(REGISTRY)}
    assert not unknown, f"uses names unregistered ids: {unknown}"
    assert not [c.id for c in REGISTRY.values() if c.id in c.uses], "a claim uses itself"
    assert not cycles(REGISTRY), f"the uses graph has cycles: {cycles(REGISTRY)}"


def test_a_claim_named_in_a_claims_text_is_joined_to_it_by_an_edge():
    """The registry's proxy for 'the proof cites a claim not in uses': an id written in the statement,
    reason or lost text must be an edge (uses or corrects, either way) or an allowlisted pair."""
    from specproof.engine.index import split_aliases

    splits = split_aliases()  # the old id of a split claim names the group of its parts: an edge to one of them
    unknown, missing = [], []
    for c in REGISTRY.values():
        for other in sorted(named_ids(c)):
            if other in splits:
                if not any(linked(REGISTRY, c.id, p) for p in splits[other]):
                    missing.append((c.id, other))
            elif other not in REGISTRY:
                unknown.append((c.id, other))
            elif not linked(REGISTRY, c.id, other) and (c.id, other) not in NAMES_WITHOUT_EDGE:
                missing.append((c.id, other))
    assert not unknown, f"claims name ids that are not registered: {unknown}"
    assert not missing, (
        f"claims name a claim without an edge to it (add it to uses, or allowlist it with why): {missing}"
    )


def test_allowlisted_names_are_still_named_and_still_without_an_edge():
    stale = [(a, b) for a, b in NAMES_WITHOUT_EDGE if b not in named_ids(REGISTRY[a]) or linked(REGISTRY, a, b)]
    assert not stale, f"allowlist entries no longer needed: {stale}"


def test_corrections_name_what_they_correct():
    """A claim of the project's own with a corrects= is a correction of a paper's claim, never of its own."""
    for c in REGISTRY.values():
        if c.corrects:
            assert c.source.paper == "specproof", f"{c.id} corrects {c.corrects} but is not a claim of specproof's own"
            assert REGISTRY[c.corrects].source.paper != "specproof", f"{c.id} corrects another own claim"


def test_expected_chains_cover_the_registry():
    assert set(_expected_chains()) == set(REGISTRY), sorted(set(_expected_chains()) ^ set(REGISTRY))


@pytest.mark.parametrize("cid", list(REGISTRY))
def test_chain(cid):
    """The chain from the expected verdicts (test_verdict asserts they are the computed ones)."""
    got = _phrase(chains(REGISTRY)[cid])
    assert got == _expected_chains().get(cid), (
        f"{cid}: chain is now {got!r}, recorded {_expected_chains().get(cid)!r} in tests/expected_chains.json; "
        "if the change of uses or verdicts is right, record the new chain there"
    )


def _toy(**statuses_and_uses):
    claims = {}
    for cid, (status, uses) in statuses_and_uses.items():
        claims[f"x.{cid}"] = Claim(
            id=f"x.{cid}",
            title=cid,
            source=Source("SDEG", "§0"),
            statement="",
            reason="",
            expected=Status.OPEN,
            uses=tuple(f"x.{u}" for u in uses),
        )
    return claims, {f"x.{cid}": Status(s) for cid, (s, _) in statuses_and_uses.items()}


def test_chain_rule_on_a_toy_graph():
    claims, status = _toy(
        a=("proved", ["b"]),
        b=("certified", ["c"]),
        c=("verified", []),
        d=("verified", ["a"]),
        e=("refuted", ["f"]),
        f=("refuted", []),
        g=("proved", ["c", "f"]),
        h=("open", ["a"]),
    )
    chain = {cid: chain_of(claims, cid, status) for cid in claims}
    assert chain["x.a"] == Chain(RESTS_ON, "x.c", Status.VERIFIED, ("x.a", "x.b", "x.c"))
    assert chain["x.a"].text() == "rests on `x.c` (verified) via `x.b`"
    assert chain["x.b"].dependency == "x.c"
    assert chain["x.c"].state == chain["x.d"].state == chain["x.h"].state == SOUND  # nothing weaker than its own
    assert chain["x.e"].dependency == "x.f"  # a refuted dependency is named even under a refuted claim
    assert chain["x.g"].dependency == "x.f"  # refuted before merely weaker
    assert chain["x.a"].to_json() == {
        "state": RESTS_ON,
        "dependency": "x.c",
        "status": "verified",
        "path": ["x.a", "x.b", "x.c"],
    }


def test_cycles_are_found():
    claims, _ = _toy(a=("proved", ["b"]), b=("proved", ["c"]), c=("proved", ["a"]))
    assert cycles(claims) == [["x.a", "x.b", "x.c", "x.a"]]


def test_report_chains_follow_the_computed_verdicts(monkeypatch):
    """The table and the JSON report read the chain from the verdicts computed, not the expected ones."""
    from specproof.engine.runner import Result
    from specproof.render.report import result_chains, table

    monkeypatch.setenv("COLUMNS", "400")  # the table fits the terminal; here it has room for the whole chain

    results = [
        Result(REGISTRY["sdeg.c.eigen"], Status.REFUTED),
        Result(REGISTRY["sdeg.c.eigen-profile"], Status.PROVED),
    ]
    chain = result_chains(results)
    assert chain["sdeg.c.eigen-profile"] == Chain(
        RESTS_ON, "sdeg.c.eigen", Status.REFUTED, ("sdeg.c.eigen-profile", "sdeg.c.eigen")
    )
    assert "rests on sdeg.c.eigen (refuted)" in table(results)


def test_verify_reports_a_weak_chain_without_failing(tmp_path, capsys, monkeypatch):
    from specproof.cli.main import main

    monkeypatch.setenv("COLUMNS", "400")
    out = tmp_path / "report.json"
    assert main(["verify", "trsp.C8.distal", "--json", str(out), "--no-progress"]) == 0
    (entry,) = json.loads(out.read_text())["claims"]
    assert entry["chain"] == {
        "state": RESTS_ON,
        "dependency": "trsp.C7.frobenius",
        "status": "refuted",
        "path": ["trsp.C8.distal", "trsp.C7.frobenius"],
    }
    assert "rests on trsp.C7.frobenius (refuted)" in capsys.readouterr().out


def test_graph_is_drawn(tmp_path):
    from specproof.render.graph import draw_graph

    out = tmp_path / "graph.png"
    draw_graph(REGISTRY, out)
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_a_hypotheses_claim_does_not_rest_on_the_theorem_it_qualifies():
    claims, status = _toy(t=("refuted", ["u"]), u=("verified", []), v=("verified", []))
    claims["x.t.hypotheses"] = Claim(
        id="x.t.hypotheses",
        title="",
        source=Source("specproof", "§0"),
        statement="",
        reason="",
        expected=Status.OPEN,
        uses=("x.t", "x.v"),
    )
    status["x.t.hypotheses"] = Status.CERTIFIED
    chain = chain_of(claims, "x.t.hypotheses", status)
    assert chain.dependency == "x.v"  # its own further use still counts; the refuted theorem (and x.u behind it) not


def test_a_part_of_a_split_hypotheses_claim_does_not_rest_on_the_theorem_it_qualifies():
    """``<x>.hypotheses.<slug>`` (one hypothesis of a split claim) qualifies ``<x>`` as ``<x>.hypotheses`` did."""
    from specproof.engine.blueprint import qualified

    claims, status = _toy(t=("refuted", ["u"]), u=("verified", []), v=("verified", []))
    for cid in ("x.t.hypotheses.depth", "x.t.hypotheses.wrap-around"):
        claims[cid] = Claim(
            id=cid,
            title="",
            source=Source("specproof", "§0"),
            statement="",
            reason="",
            expected=Status.OPEN,
            uses=("x.t", "x.v"),
        )
        status[cid] = Status.CERTIFIED
        assert qualified(claims[cid]) == "x.t"
        assert chain_of(claims, cid, status).dependency == "x.v"
    assert qualified(claims["x.t"]) is None
