"""The Coq proofs: the theorems are kernel-checked, and the Coq-defined quantities are the Python ones."""

import math
import re
from fractions import Fraction

import numpy as np
import pytest
import sympy as sp

from specproof.engine import formal
from specproof.engine.registry import Status
from specproof.theory.attention import bidirectional_eigenvalues, canonical_weights, ideal_attention
from specproof.theory.cesaro import lower_ones
from specproof.theory.filters import tribox_kernel
from specproof.theory.kernels import kernel_energy
from specproof.theory.tribox_norms import tribox_kernel_energy_exact

needs_coq = pytest.mark.skipif(
    formal.coqc_path() is None or formal.proofs_dir() is None,
    reason=(
        "Coq is not installed (no coqc on PATH) or proofs/ is absent; "
        "apt-get install coq libcoq-mathcomp libcoq-coquelicot libcoq-interval libcoq-mathcomp-real-closed "
        "libcoq-mathcomp-algebra-tactics"
    ),
)
SIZES = range(1, 7)


def _values(expressions: list[str]) -> list[int]:
    """Evaluate closed nat expressions in Coq, in order."""
    build = formal.coq_build()
    assert build is not None and build.ok, build and build.log
    out = formal.coq_query(build, "\n".join(f"Eval vm_compute in ({e})." for e in expressions))
    return [int(line.split("=", 1)[1]) for line in out.splitlines() if line.strip().startswith("=")]


def _hooks():
    from specproof.engine.registry import load_all

    return [(cid, h) for cid, c in load_all().items() for h in formal.claim_hooks(c)]


HOOKS = _hooks()


@needs_coq
@pytest.mark.parametrize("claim, hook", HOOKS, ids=[f"{cid}:{h.theorem}" for cid, h in HOOKS])
def test_theorem_is_kernel_checked_with_its_pinned_statement(claim, hook):
    evidence = formal.coq_evidence(hook, what=claim, ranges="every parameter")
    assert evidence.status is Status.PROVED, evidence.summary
    assert evidence.method == "coq"
    assert set(evidence.data["assumptions"]) <= formal.REAL_AXIOMS
    assert evidence.data["pinned"][hook.theorem]["statement"] == hook.statement


def test_every_claim_with_a_coq_step_pins_distinct_theorems():
    seen = {}
    for cid, hook in HOOKS:
        assert (hook.module, hook.theorem) not in seen.get(cid, set()), f"{cid} hooks {hook.theorem} twice"
        seen.setdefault(cid, set()).add((hook.module, hook.theorem))
        assert hook.statement == formal.normalised(hook.statement) and hook.statement


@needs_coq
def test_every_pinned_definition_is_used_by_a_pinned_statement():
    build = formal.coq_build()
    used = set()
    for _, hook in HOOKS:
        used |= set(formal.used_definitions(build, hook.statement, hook.module))
    from specproof.engine.formal_pins import DEFINITIONS

    assert set(DEFINITIONS) == used, (
        f"stale pins {sorted(set(DEFINITIONS) - used)}, missing {sorted(used - set(DEFINITIONS))}"
    )


def _planted(tmp_path, monkeypatch, theorem_text: str):
    """A copy of the proofs that stops after Kernel.v, with trsp_C7_kernel_energy replaced by ``theorem_text``."""
    proofs = formal.proofs_dir()
    work = tmp_path / "proofs"
    work.mkdir()
    for name in ("Sums.v", "Kernel.v"):
        (work / name).write_text((proofs / name).read_text())
    (work / "_CoqProject").write_text("-Q . SpecProof\nSums.v\nKernel.v\n")
    kernel = (work / "Kernel.v").read_text()
    start = kernel.index("Theorem trsp_C7_kernel_energy :")
    end = kernel.index("Qed.", start) + len("Qed.")
    (work / "Kernel.v").write_text(
        kernel[:start]
        + theorem_text
        + kernel[end:].replace(
            "rewrite trsp_C7_kernel_energy by assumption.", "rewrite trsp_C7_kernel_energy_true by assumption."
        )
    )
    monkeypatch.setenv(formal.CACHE_ENV, str(tmp_path / "cache"))
    return work


@needs_coq
def test_a_weakened_theorem_keeps_its_name_but_is_rejected(tmp_path, monkeypatch):
    """The referee's plant: the kernel-energy theorem weakened to True compiles, is closed, and must not count."""
    from specproof.checks.claims.trsp.app_c.tribox_energy import KERNEL_ENERGY

    weak = (
        "Theorem trsp_C7_kernel_energy : forall b : nat, (1 <= b)%nat -> True.\nProof. intros; exact I. Qed.\n"
        "Theorem trsp_C7_kernel_energy_true : forall b, (1 <= b)%nat ->\n"
        "  sumR (fun r => h b r ^ 2) (2 * b - 1) = (2 * INR b ^ 2 + 1) / (3 * INR b ^ 3).\nAdmitted."
    )
    work = _planted(tmp_path, monkeypatch, weak)
    evidence = formal.coq_evidence(KERNEL_ENERGY, what="kernel energy", ranges="every b ≥ 1", proofs=work)
    assert evidence.status is Status.OPEN
    assert "\n" not in evidence.summary
    assert "now states `forall b : nat, (1 <= b)%nat -> True`, not the pinned" in evidence.summary


@needs_coq
def test_a_changed_definition_is_rejected(monkeypatch):
    """A statement about h means nothing if h changed: a pin that differs from what Coq prints keeps the step open."""
    from specproof.checks.claims.trsp.app_c.tribox_energy import KERNEL_ENERGY
    from specproof.engine import formal_pins

    monkeypatch.setitem(formal_pins.DEFINITIONS, "Kernel.h", "fun b r : nat => 0 : nat -> nat -> R")
    evidence = formal.coq_evidence(KERNEL_ENERGY, what="kernel energy", ranges="every b ≥ 1")
    assert evidence.status is Status.OPEN and "\n" not in evidence.summary
    assert "Kernel.h is now defined as `fun b r : nat => (INR b - Rabs" in evidence.summary


@needs_coq
def test_an_admitted_step_is_rejected(tmp_path, monkeypatch):
    """The same statement, proved through an admitted lemma: the statement matches, the assumptions do not."""
    from specproof.checks.claims.trsp.app_c.tribox_energy import KERNEL_ENERGY

    admitted = (
        "Lemma shortcut : forall b, (1 <= b)%nat ->\n"
        "  sumR (fun r => h b r ^ 2) (2 * b - 1) = (2 * INR b ^ 2 + 1) / (3 * INR b ^ 3).\nAdmitted.\n"
        "Theorem trsp_C7_kernel_energy : forall b, (1 <= b)%nat ->\n"
        "  sumR (fun r => h b r ^ 2) (2 * b - 1) = (2 * INR b ^ 2 + 1) / (3 * INR b ^ 3).\n"
        "Proof. exact shortcut. Qed.\n"
        "Notation trsp_C7_kernel_energy_true := trsp_C7_kernel_energy."
    )
    work = _planted(tmp_path, monkeypatch, admitted)
    evidence = formal.coq_evidence(KERNEL_ENERGY, what="kernel energy", ranges="every b ≥ 1", proofs=work)
    assert evidence.status is Status.OPEN and "depends on shortcut (admitted or assumed)" in evidence.summary


@needs_coq
def test_a_second_process_reuses_the_cached_build(tmp_path):
    """Built once per content hash into the cache directory: a new process answers without compiling."""
    import os
    import subprocess
    import sys

    env = os.environ | {formal.CACHE_ENV: str(tmp_path / "cache")}
    code = (
        "from specproof.engine import formal; "
        "from specproof.checks.claims.trsp.app_c.tribox_energy import KERNEL_ENERGY; "
        "print(formal.coq_evidence(KERNEL_ENERGY, what='e', ranges='r').status.value)"
    )
    first = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, cwd=tmp_path)
    assert first.stdout.strip() == "proved", first.stderr
    builds = list((tmp_path / "cache" / "coq").iterdir())
    assert len(builds) == 1 and (builds[0] / "answers-Kernel.json").is_file()
    stamp = {p: p.stat().st_mtime_ns for p in builds[0].iterdir()}
    second = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, cwd=tmp_path)
    assert second.stdout.strip() == "proved"
    assert {p: p.stat().st_mtime_ns for p in builds[0].iterdir()} == stamp
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cache"]  # nothing in the working directory


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


def _rationals(expressions: list[str]) -> list[Fraction]:
    """Evaluate closed MathComp rationals in Coq, in order, as (numq, denq) pairs."""
    build = formal.coq_build()
    assert build is not None and build.ok, build and build.log
    header = "From mathcomp Require Import all_ssreflect all_algebra.\nLocal Open Scope ring_scope.\n"
    out = formal.coq_query(
        build, header + "\n".join(f"Eval vm_compute in (let x := ({e}) in (numq x, denq x))." for e in expressions)
    )
    pairs = [re.findall(r"-?\d+", line.split("=", 1)[1]) for line in out.splitlines() if line.strip().startswith("=")]
    return [Fraction(int(n), int(d)) for n, d in pairs]


@needs_coq
@pytest.mark.parametrize("ell", range(1, 6))
def test_coq_canonical_weights_and_charpoly_are_the_python_ones(ell):
    """Coq's d_i, z_i of A_b at a_i = i + 2 (0-based i) are canonical_weights' exactly, and the polynomial of
    sdeg_b_charpoly, Π(X − d_i) − Σ_i z_i Π_{j≠i}(X − d_j), has the eigenvalues of A_b as its roots."""
    a = f"(fun i : 'I_{ell} => (i%:R + 2%:R : rat))"
    names = [f"SpecProof.Bidirectional.canonical_{w} {a} (@Ordinal {ell} {i} isT)" for w in "dz" for i in range(ell)]
    values = _rationals(names)
    d, z = values[:ell], values[ell:]
    d_py, z_py = canonical_weights(np.log(np.arange(2, ell + 2, dtype=float)))
    assert d == [Fraction(i + 1, i + ell + 1) for i in range(ell)] and z == [
        Fraction(1, i + ell + 1) for i in range(ell)
    ]
    assert np.allclose([float(x) for x in d], d_py, rtol=1e-14) and np.allclose([float(x) for x in z], z_py, rtol=1e-14)
    X = np.polynomial.Polynomial
    one = X([1.0])
    charpoly = math.prod((X([-float(x), 1]) for x in d), start=one) - sum(
        (float(z[i]) * math.prod((X([-float(d[j]), 1]) for j in range(ell) if j != i), start=one) for i in range(ell)),
        start=0 * one,
    )
    assert np.allclose(
        np.sort(charpoly.roots().real), np.sort(bidirectional_eigenvalues(np.log(np.arange(2, ell + 2.0)))), atol=1e-10
    )


@needs_coq
@pytest.mark.parametrize("m", range(1, 6))
def test_coq_lower_ones_matrices_are_the_python_ones(m):
    """Coq's L_m, I − N and tridiag(−1; 2, …, 2, 1; −1) entries (over rat) are L_m = lower_ones(m), its exact inverse
    and (L_m⁻¹)ᵀL_m⁻¹ as sympy computes them."""
    pairs = [(i, j) for i in range(m) for j in range(m)]
    names = [
        f"SpecProof.LowerOnes.{f} [comRingType of rat] {args}{i} {j}"
        for f, args in (("lower_ones_entry", ""), ("lower_ones_inv_entry", ""), ("tridiag_entry", f"{m} "))
        for i, j in pairs
    ]
    values = _rationals(names)
    L = sp.Matrix(lower_ones(m).astype(int))
    Linv = L.inv()
    for k, M in enumerate((L, Linv, Linv.T * Linv)):
        assert values[k * m * m : (k + 1) * m * m] == [Fraction(int(M[i, j])) for i, j in pairs]


@needs_coq
@pytest.mark.parametrize("k, ell", [(0, 1), (1, 2), (1, 4), (2, 5), (3, 4)])
def test_coq_ideal_attention_is_the_python_one(k, ell):
    """Coq's A* (ℓ = k + n + 1) entries over rat are ideal_attention(k, ℓ)'s exactly."""
    pairs = [(i, j) for i in range(ell) for j in range(ell)]
    values = _rationals(
        [f"SpecProof.IdealProfile.ideal_entry [fieldType of rat] {k} {ell - k - 1} {i} {j}" for i, j in pairs]
    )
    python = ideal_attention(k, ell)
    assert values == [Fraction(1 if i == j else 0) if i < k else Fraction(1, ell) for i, j in pairs]
    assert np.allclose([float(v) for v in values], [python[i, j] for i, j in pairs], rtol=0, atol=1e-15)


def test_without_coq_the_check_says_so(monkeypatch):
    monkeypatch.setattr(formal, "coqc_path", lambda: None)
    evidence = formal.coq_evidence(
        formal.CoqHook("trsp_C6_mu2_lower", "Skeleton", "True"), what="μ₂ ≥ 2", ranges="every T ≥ 2"
    )
    assert evidence.status is Status.OPEN and "Coq is not installed" in evidence.summary
    assert "apt-get install coq" in evidence.summary


def test_print_assumptions_is_parsed():
    assert formal.parse_assumptions("Closed under the global context\n") == ()
    answer = (
        "Axioms:\nClassicalDedekindReals.sig_forall_dec\n  : forall P : nat -> Prop,\n    P 0\n"
        "SpecProof.Kernel.admitted_step : 1 = 2\n"
    )
    assert formal.parse_assumptions(answer) == (
        "ClassicalDedekindReals.sig_forall_dec",
        "SpecProof.Kernel.admitted_step",
    )
    assert formal.parse_assumptions("Error: nonsense") is None


def _result(status, prose="", evidence=()):
    from specproof.engine.registry import Claim, Source
    from specproof.engine.runner import Result

    c = Claim(
        id="demo.proof-line",
        title="demo",
        source=Source("specproof", "none"),
        statement="s",
        expected=Status.OPEN,
        reason="r",
        prose=prose,
    )
    return Result(c, status, list(evidence))


def test_proof_line_reads_machine_checked_steps_from_the_evidence():
    from specproof.engine.registry import Evidence, Role
    from specproof.render.report import proof_line

    evidence = [
        Evidence(Status.PROVED, "coq", "x", data={"theorem": "thm_a"}, check="a_coq"),
        Evidence(Status.PROVED, "sympy", "y", check="b_sympy"),
        Evidence(Status.CERTIFIED, "exact", "z", check="c_exact", role=Role.SUPPORTS),
    ]
    line = proof_line(_result(Status.PROVED, "the short step", evidence))
    assert line == "*Proof:* machine-checked — Coq: `thm_a`; sympy: `b_sympy`. Argued in prose — the short step."
    assert proof_line(_result(Status.VERIFIED, "x", evidence)) is None


def test_proof_line_without_recorded_prose_says_so():
    from specproof.engine.registry import Evidence
    from specproof.render.report import proof_line
    from specproof.render.view import NO_PROSE

    result = _result(Status.PROVED, evidence=[Evidence(Status.PROVED, "sympy", "y", check="b_sympy")])
    assert NO_PROSE.rstrip(".") in proof_line(result)
    assert result.to_json()["proof"] == {"machine_checked": {"sympy": ["b_sympy"]}, "prose": None}
