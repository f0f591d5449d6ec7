"""The catalogue-wide audits that `specproof verify` runs after the checks: a subset audits only what it concerns, so
`verify ID` pays for its own claim (the stored-bounds audit rereads every network row and rebuilds its ceilings)."""

import json

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


# --------------------------------------------------------------------------- numbers defended twice


def test_a_record_is_confirmed_only_by_an_agreeing_second_computation():
    """Unconfirmed without a second computation of each stated number, confirmed when every one agrees within its
    error, disagreeing (flagged by the audit) when one does not; a record with no number states none."""
    import pytest

    from specproof.engine.records import Second, Tightness
    from specproof.theory.errors import InputError

    loose = Tightness("loose", "μ₂ ≥ 4 against 2", factor=2.0, ratio=0.5)
    assert loose.numbers() == {"factor": 2.0}  # the ratio is the factor's reciprocal: one number
    assert loose.confirmation() == "unconfirmed"
    assert "no second, independent computation of factor 2" in loose.confirmation_text()
    agree = loose.confirmed_with([Second("factor", 2.0, 2.0 + 1e-10, "dense eigvalsh", 1e-9)])
    assert agree.confirmation() == "confirmed"
    off = loose.confirmed_with([Second("factor", 2.0, 2.1, "dense eigvalsh", 1e-9)])
    assert off.confirmation() == "disagrees" and "DISAGREE" in off.confirmation_text()
    assert Tightness("unmeasurable", "an identity").confirmation() == "no number"
    assert Tightness("unmeasurable", "measured 0.879 on the grid").confirmation() == "unconfirmed"  # a quoted decimal
    with pytest.raises(InputError, match="restates"):
        loose.confirmed_with([Second("factor", 3.0, 3.0, "exact", 0.0)])


def test_the_second_methods_audit_counts_per_kind_and_flags_a_disagreement():
    from dataclasses import replace

    from specproof.engine.records import Limit, Second, Tightness
    from specproof.engine.registry import Claim, Evidence, Source, Status, check
    from specproof.runs.audits import audit_summary, second_methods

    @check
    def probe(ctx):
        return Evidence(Status.VERIFIED, "dense-float", "probe")

    bound = Claim("trsp.x.bound", "b", Source("specproof", "§1"), r"$\mu_2\ge2$", Status.VERIFIED, "r", (probe,))
    tight = Tightness("loose", "4 against 2", factor=2.0, seconds=(Second("factor", 2.0, 2.5, "exact", 0.0),))
    limit = Limit("closed-form", "exact", quantity="q", value="1", numeric=1.0)
    claim = replace(bound, tightness=tight, limit=limit)
    findings = second_methods([Result(claim, Status.VERIFIED, [Evidence(Status.VERIFIED, "dense-float", "probe")])])
    assert {(f.check, f.flagged) for f in findings} == {("tightness", True), ("limit", False)}
    (line,) = [ln for ln in audit_summary(findings) if "second-methods" in ln]
    assert "tightness 0 confirmed, 1 disagreeing" in line and "limit 0 confirmed, 0 disagreeing, 1 unconfirmed" in line


def test_a_second_computation_attached_to_a_claim_runs_after_its_checks():
    """@c.second(record) attaches a function the runner calls after the checks: its evidence supports (it never
    decides or refutes) and carries the record with both values."""
    from specproof.engine import registry
    from specproof.engine.records import Second, Tightness
    from specproof.engine.registry import Context, Evidence, Role, Source, Status, claim
    from specproof.engine.runner import SECOND_METHOD, record_of, run_claim

    c = claim(
        "trsp.x.second-probe",
        title="t",
        source=Source("specproof", "§1"),
        statement=r"$\mu_2\ge2$",
        expected=Status.VERIFIED,
        reason="r",
        tightness=Tightness("loose", "4 against 2", factor=2.0),
    )
    try:

        @c.decides
        def probe_check(ctx: Context) -> Evidence:
            return Evidence(Status.VERIFIED, "dense-float", "probe")

        @c.second("tightness")
        def probe_again(ctx: Context) -> tuple:
            return (Second("factor", 2.0, 2.0, "exact", 0.0),)

        r = run_claim(c.claim)
        assert r.status is Status.VERIFIED and r.error is None
        (second,) = [e for e in r.evidence if e.method == SECOND_METHOD]
        assert second.role is Role.SUPPORTS and second.check == "probe_again"
        assert record_of(r, "tightness").confirmation() == "confirmed"
    finally:
        for table in (registry.REGISTRY, registry.MODULE_OF, registry.LINE_OF):
            table.pop("trsp.x.second-probe", None)


def test_a_limit_fit_names_a_closed_form_only_when_its_interval_separates_it():
    """Two families over two tails; the interval covers every estimate (widened by the data's error); a candidate is
    named only when alone inside, and the limits audit flags a named form that was not tested elsewhere."""
    import numpy as np
    import pytest

    from specproof.engine.measure import limit_fit
    from specproof.engine.records import Limit, LimitFit
    from specproof.runs.audits import limit_interval
    from specproof.theory.errors import InputError

    x = 2.0 ** np.arange(6, 14)
    y = 0.75 + 3 / x - 5 / x**2
    fit = limit_fit(x, y, families=("1/x", "1/x + 1/x²"), tails=(3, 5), candidates={"3/4": 0.75, "e/4": np.e / 4})
    lo, hi = fit.interval
    assert lo <= 0.75 <= hi and hi - lo < 1e-3 and fit.named == "3/4"
    crowded = limit_fit(x, y, families=("1/x", "1/x + 1/x²"), tails=(3, 5), candidates={"a": 0.75, "b": 0.7500001})
    assert crowded.named == "" and "cannot pin" in crowded.text()
    record = Limit("extrapolated", "n", quantity="q", numeric=(lo + hi) / 2, error=(hi - lo) / 2, fit=fit)
    text, flagged = limit_interval(record)
    assert flagged and "without testing it" in text and text.startswith("interval [")
    with pytest.raises(InputError, match="two correction families"):
        LimitFit((("1/x", "last 3", 1.0), ("1/x", "last 5", 1.0)))


def test_a_gap_rate_reads_the_exponent_and_the_constant():
    import numpy as np

    from specproof.engine.measure import gap_rate

    x = 2.0 ** np.arange(3, 11)
    reading = gap_rate(x, 4 / x**2 * (1 - 1 / x), tails=(3, 4), candidates={"4": 4.0, "5": 5.0})
    assert abs(reading.exponent + 2) < 0.02 and reading.tested_exponent == -2.0
    assert reading.constant.named == "4"
    rate = reading.record("T", -1.5)
    assert abs(rate.constant - 4) < 1e-3 and "against the bound's T^-1.5" in rate.text()


def test_records_of_keeps_one_record_per_part():
    """A check's record for another part of the statement sits beside the claim's own; one for the same part
    replaces it."""
    from dataclasses import replace

    from specproof.engine.records import Limit
    from specproof.engine.registry import Claim, Evidence, Source, Status, check
    from specproof.engine.runner import records_of

    @check
    def probe(ctx):
        return Evidence(Status.VERIFIED, "dense-float", "probe")

    own = Limit("closed-form", "full depth", quantity="μ₂", value="1/2", numeric=0.5)
    part = Limit("closed-form", "fixed depth", quantity="μ₂T²", value="4", numeric=4.0, part="D = 2")
    c = replace(Claim("trsp.x.rate", "r", Source("specproof", "§1"), "Θ", Status.VERIFIED, "r", (probe,)), limit=own)
    ev = Evidence(Status.VERIFIED, "sweep-fit", "p", limit=part)
    assert records_of(Result(c, Status.VERIFIED, [ev]), "limit") == [own, part]
    same = replace(own, note="measured")
    assert records_of(Result(c, Status.VERIFIED, [replace(ev, limit=same)]), "limit") == [same]


def test_every_stated_record_reads_back_from_its_json():
    """A report's records (``verify --json``) read back as the records they were (`specproof site --report` draws the
    pages from them): to_json of the record read back is the record's own, for every record a claim states."""
    from specproof.engine.records import RECORDS, record_from_json

    seen = 0
    for claim in load_all().values():
        for name in RECORDS:
            rec = getattr(claim, name, None)
            if rec is not None:
                back = record_from_json(name, json.loads(json.dumps(rec.to_json())))
                assert back.to_json() == rec.to_json(), (claim.id, name)
                seen += 1
    assert seen > 300
