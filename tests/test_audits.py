"""The catalogue-wide audits that `specproof verify` runs after the checks: a subset audits only what it concerns, so
`verify ID` pays for its own claim (the stored-bounds audit rereads every network row and rebuilds its ceilings)."""

from specproof.engine.registry import load_all
from specproof.engine.runner import Result
from specproof.runs.audits import stored_bounds


def _result(cid: str) -> Result:
    claim = load_all()[cid]
    return Result(claim=claim, status=claim.expected)


def test_a_claim_that_reads_no_bounded_sweep_audits_no_stored_rows():
    assert stored_bounds([_result("trsp.C7.kernel-energy")]) == []


def test_a_network_claim_audits_the_network_sweeps_it_reads():
    findings = stored_bounds([_result("trsp.network.connectivity")])
    assert sorted(f.claim for f in findings) == [f"network-{k}" for k in ("isolated", "sink", "softmax", "uniform")]
    assert not any(f.flagged for f in findings)


def test_the_record_audits_flag_a_claim_without_its_record():
    """A bound without its tightness, a hypothesis claim without its weakest value, a rate without its limit: each
    is flagged; a record (measured on the evidence, or stated by the claim) clears it and is what the finding says."""
    from dataclasses import replace

    from specproof.engine.records import Limit, Tightness, Weakest
    from specproof.engine.registry import Claim, Evidence, Source, Status, check
    from specproof.runs.audits import limits, tightness, weakest_hypotheses

    @check
    def probe(ctx):
        return Evidence(Status.VERIFIED, "dense-float", "probe")

    bound = Claim("trsp.x.bound", "b", Source("specproof", "§1"), r"$\mu_2\ge2$", Status.VERIFIED, "r", (probe,))
    hyp = Claim(
        "trsp.x.bound.hypotheses.depth", "h", Source("specproof", "§1"), "needs D", Status.VERIFIED, "r", (probe,)
    )
    rate = Claim(
        "trsp.x.rate", "r", Source("specproof", "§1"), r"$\gamma=\Theta(1/\log T)$", Status.VERIFIED, "r", (probe,)
    )
    ev = Evidence(Status.VERIFIED, "dense-float", "probe")
    results = [Result(c, Status.VERIFIED, [ev]) for c in (bound, hyp, rate)]
    flagged = {f.claim for audit in (tightness, weakest_hypotheses, limits) for f in audit(results) if f.flagged}
    assert flagged == {"trsp.x.bound", "trsp.x.bound.hypotheses.depth", "trsp.x.rate"}

    sharp = Tightness("sharp", "μ₂ = 4 > 2: the floor 2 is loose; sharp only for 4", where={"T": 4})
    measured = [replace(ev, tightness=sharp)]
    assert [f.text for f in tightness([Result(bound, Status.VERIFIED, measured)])] == [sharp.text()]
    stated = replace(rate, limit=Limit("closed-form", "the skeleton's mode", quantity="γ·log₂T", value="2π²"))
    assert not [f for f in limits([Result(stated, Status.VERIFIED, [ev])]) if f.flagged]
    weak = replace(hyp, weakest=Weakest("qualitative", "a symmetry, not a size"))
    assert not [f for f in weakest_hypotheses([Result(weak, Status.VERIFIED, [ev])]) if f.flagged]


def test_a_record_states_what_it_needs():
    import pytest

    from specproof.engine.records import Tightness
    from specproof.theory.errors import InputError

    with pytest.raises(InputError, match="factor"):
        Tightness("loose", "off", factor=1.0)
    with pytest.raises(InputError, match="witness"):
        Tightness("sharp", "attained")
    assert (
        Tightness("loose", "μ₁ < 7.4 against 52.6", factor=7.1, ranges="T ≤ 2^20")
        .text()
        .startswith("loose by a factor ≥ 7.1")
    )
