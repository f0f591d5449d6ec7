"""The front door: every name `specproof` exports resolves, and the documented calls run."""

import dataclasses
import subprocess
import sys

import pytest

import specproof


def test_every_exported_name_resolves():
    missing = [n for n in specproof.__all__ if not hasattr(specproof, n)]
    assert not missing, f"specproof.__all__ names what does not resolve: {missing}"
    assert sorted(dir(specproof)) == sorted(specproof.__all__)


def test_importing_specproof_imports_no_numerics():
    """`import specproof` stays light: the names load on first use."""
    code = "import sys, specproof; print(' '.join(m for m in ('numpy', 'scipy', 'sympy', 'torch') if m in sys.modules))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.strip()
    assert out == ""


def test_verify_and_run_claim_decide_claims_by_id():
    (r,) = specproof.verify("trsp.C7.kernel-energy")
    assert r.claim.id == "trsp.C7.kernel-energy" and r.status is specproof.Status.PROVED and r.matches
    assert specproof.run_claim("trsp.C8.row-sums").status is specproof.Status.PROVED
    group = specproof.verify(["trsp.C4.weyl.hypotheses"])
    assert [x.claim.id for x in group] == [c for c in specproof.load_all() if c.startswith("trsp.C4.weyl.hypotheses.")]
    with pytest.raises(specproof.InputError, match="did you mean"):
        specproof.verify("trsp.C6.mu2-lowr")


def test_the_outline_is_the_reading_order():
    sections = specproof.outline()
    assert [s.paper for s in sections] == sorted((s.paper for s in sections), key=["TRSP", "SDEG"].index)
    assert sections[0].label == "Abstract" and sections[1].label == "§1"
    trsp = [s.label for s in sections if s.paper == "TRSP"]
    assert trsp.index("§5.3") < trsp.index("App. A") < trsp.index("App. C.1") < trsp.index("App. D")
    assert list(specproof.load_all())[0] in {"trsp.abstract.nolima-margins"}


def test_a_claim_is_declared_before_its_checks():
    """The documented form: claim(...) first, then @c.decides / @c.supports; checks= is refused."""
    from specproof.engine import registry

    before = dict(registry.REGISTRY)
    try:
        c = specproof.claim(
            "specproof.api.toy",
            title="a toy",
            source=specproof.Source("TRSP", "§1", "toy"),
            statement="$1 = 1$",
            expected=specproof.Status.PROVED,
            reason="toy",
        )

        @c.decides
        def toy_identity(ctx):
            return specproof.Evidence(specproof.Status.PROVED, "sympy", "1 = 1")

        @c.supports
        def toy_spot(ctx):
            return specproof.Evidence(specproof.Status.VERIFIED, "float", "1.0 == 1.0")

        h = c.hypothesis("none", title="no hypothesis", statement="$1 = 1$ always", expected="open", reason="toy")
        assert c.claim.checks == (toy_identity,) and c.claim.cross_checks == (toy_spot,)
        assert h.claim.aliases == ("specproof.api.toy.hypotheses",) and h.claim.uses == ("specproof.api.toy",)
        assert specproof.run_claim(c.claim).status is specproof.Status.PROVED
        with pytest.raises(TypeError, match="stated before its checks"):
            specproof.claim("specproof.api.toy2", title="t", source=c.claim.source, statement="s", expected="open",
                            reason="r", checks=[toy_identity])  # fmt: skip
    finally:
        registry.REGISTRY.clear()
        registry.REGISTRY.update(before)


def test_check_variant_and_its_pytest_helper_run():
    paper = specproof.paper_variants()[0]
    small = specproof.Sizes(t_max=64, t_operator=64, b_max=64, attention_max=64, examples=10, t_network=64, real_max=64)
    report = specproof.check_variant(dataclasses.replace(paper, sizes=small))
    assert report.as_declared, report.table()
    mark = specproof.parametrize_with_checks([paper])
    assert mark.name == "parametrize" and len(mark.args[1]) == len(report.outcomes())
