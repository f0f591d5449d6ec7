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
