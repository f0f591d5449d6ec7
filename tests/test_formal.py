"""The Coq proofs: the theorems are kernel-checked, and the Coq-defined quantities are the Python ones."""

from fractions import Fraction

import numpy as np
import pytest

from specproof.checks import formal
from specproof.checks.registry import Status
from specproof.theory.filters import tribox_kernel
from specproof.theory.kernels import kernel_energy
from specproof.theory.tribox_norms import tribox_kernel_energy_exact

needs_coq = pytest.mark.skipif(formal.coqc_path() is None or formal.proofs_dir() is None,
                               reason="Coq is not installed (no coqc on PATH) or proofs/ is absent; "
                                      "apt-get install coq libcoq-mathcomp libcoq-coquelicot libcoq-interval")
SIZES = range(1, 7)


def _values(expressions: list[str]) -> list[int]:
    """Evaluate closed nat expressions in Coq, in order."""
    build = formal.coq_build()
    assert build is not None and build.ok, build and build.log
    out = formal.coq_query(build, "\n".join(f"Eval vm_compute in ({e})." for e in expressions))
    return [int(line.split("=", 1)[1]) for line in out.splitlines() if line.strip().startswith("=")]


@needs_coq
@pytest.mark.parametrize("claim", sorted(formal.COQ_THEOREMS))
def test_theorem_is_kernel_checked(claim):
    evidence = formal.coq_evidence(formal.COQ_THEOREMS[claim], what=claim, ranges="every parameter")
    assert evidence.status is Status.PROVED, evidence.summary
    assert evidence.method == "coq"
    assert set(evidence.data["assumptions"]) <= formal.REAL_AXIOMS


@needs_coq
def test_unknown_theorem_stays_open():
    evidence = formal.coq_evidence("no_such_theorem", what="nothing", ranges="")
    assert evidence.status is Status.OPEN and "no_such_theorem" in evidence.summary


@needs_coq
def test_coq_kernel_is_the_python_kernel():
    pairs = [(b, r) for b in SIZES for r in range(2 * b - 1)]
    coq = _values([f"SpecProof.Kernel.h_num {b} {r}" for b, r in pairs])
    python = [tribox_kernel(b)[r] * b * b for b, r in pairs]
    assert coq == [round(x) for x in python] and np.allclose(coq, python, rtol=0, atol=1e-9)


@needs_coq
def test_coq_energy_is_the_python_energy():
    coq = _values([f"SpecProof.Kernel.energy_num {b}" for b in SIZES])
    assert [Fraction(n, b**4) for n, b in zip(coq, SIZES)] == [tribox_kernel_energy_exact(b) for b in SIZES]
    assert np.allclose([n / b**4 for n, b in zip(coq, SIZES)], [kernel_energy(tribox_kernel(b)) for b in SIZES])


def test_without_coq_the_check_says_so(monkeypatch):
    monkeypatch.setattr(formal, "coqc_path", lambda: None)
    evidence = formal.coq_evidence("trsp_C6_mu2_lower", what="μ₂ ≥ 2", ranges="every T ≥ 2")
    assert evidence.status is Status.OPEN and "Coq is not installed" in evidence.summary
    assert "apt-get install coq" in evidence.summary


def test_print_assumptions_is_parsed():
    assert formal.parse_assumptions("Closed under the global context\n") == ()
    answer = ("Axioms:\nClassicalDedekindReals.sig_forall_dec\n  : forall P : nat -> Prop,\n    P 0\n"
              "SpecProof.Kernel.admitted_step : 1 = 2\n")
    assert formal.parse_assumptions(answer) == ("ClassicalDedekindReals.sig_forall_dec", "SpecProof.Kernel.admitted_step")
    assert formal.parse_assumptions("Error: nonsense") is None
