"""The Coq proofs: the theorems are kernel-checked, and the Coq-defined quantities are the Python ones."""

import math
import re
from fractions import Fraction

import numpy as np
import pytest
import sympy as sp

from specproof.engine import formal
from specproof.engine.registry import Role, Status
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
    assert set(evidence.data["assumptions"]) <= formal.ALLOWED_AXIOMS
    assert evidence.data["pinned"][hook.theorem]["statement"] == hook.statement


def test_every_claim_with_a_coq_step_pins_distinct_theorems():
    seen = {}
    for cid, hook in HOOKS:
        assert (hook.module, hook.theorem) not in seen.get(cid, set()), f"{cid} hooks {hook.theorem} twice"
        seen.setdefault(cid, set()).add((hook.module, hook.theorem))
        assert hook.statement == formal.normalised(hook.statement) and hook.statement


def test_every_pin_is_reached_by_a_hooked_theorem_and_every_hook_is_its_pin():
    """The pins are exactly the hooked theorems and what their statements reach (no stale pin, none missing): a pinned
    theorem that no claim hooks any more is stale, as `specproof coq-pins` reports it."""
    pins = formal.pins_of()
    hooked = {h.qualified for _, h in HOOKS}
    theorems = {n for n, p in pins.items() if p["kind"] == "theorem"}
    assert hooked <= theorems, f"hooked but not pinned: {sorted(hooked - theorems)}"
    assert theorems <= hooked, f"pinned but no longer hooked (stale): {sorted(theorems - hooked)}"
    reached = theorems | {o for t in theorems for o in pins[t].get("closure", [])}
    assert set(pins) == reached, f"pinned but unreached: {sorted(set(pins) - reached)}"
    for _, hook in HOOKS:
        assert formal.normalised(pins[hook.qualified]["printed"]) == hook.statement, hook.theorem


def _coq_checks():
    from specproof.engine.registry import load_all

    return [(c, spec) for c in load_all().values() for spec in formal.claim_coverage(c)]


def test_every_coq_check_says_what_each_theorem_covers_and_ties_its_constants_to_the_claim():
    """Issue 36.2: the claim's constants are in the pinned statements (so a pin weakened with its theorem is a change
    of the claim's check, not of a pin alone), and the coverage names every hooked theorem."""
    pins = formal.pins_of()
    for claim, spec in _coq_checks():
        texts = [pins[h.qualified]["printed"] for h in spec.hooks]
        texts += [pins[o]["printed"] for h in spec.hooks for o in pins[h.qualified].get("closure", [])]
        problems = formal.constant_problems(claim.statement, texts, spec.constants) + formal.spec_problems(spec, claim)
        assert problems == [], f"{claim.id}: {problems}"


def test_a_pin_weakened_together_with_its_theorem_no_longer_carries_the_claims_constant():
    """Issue 36.2's plant: `1 <= mu T k` in both proofs/Skeleton.v and the pin; the claim still says μ₂ ≥ 2."""
    from specproof.engine.registry import load_all

    claim = load_all()["trsp.C6.mu2-lower"]
    (spec,) = formal.claim_coverage(claim)
    weak = spec.hooks[0].statement.replace("2 <= mu T k", "1 <= mu T k")
    problems = formal.constant_problems(claim.statement, [weak], spec.constants)
    assert problems and "no Coq statement contains `2 <= mu T k`" in problems[0]
    assert formal.constant_tokens(r"\frac{2b^2+1}{3b^3}", coq=False) == formal.constant_tokens(
        "(2 * INR b ^ 2 + 1) / (3 * INR b ^ 3)", coq=True
    )
    assert formal.constant_tokens(r"\ge2", coq=False) != formal.constant_tokens("1 <= mu T k", coq=True)


# the design's six headline theorems (Cayley μ₂ ≥ 2, the normalised gap Θ(1/log T), the kernel energy, the rank floor
# under a sink, the softmax spike–bulk limits with the spike block's singular values, the causal harmonic eigenvalues),
# and the special cases that now state their claims in full
HEADLINE = (
    "trsp.C6.mu2-lower",
    "trsp.C6.gap-rate",
    "trsp.C7.kernel-energy",
    "trsp.C8.rank-floor",
    "sdeg.b.eigen-limit",
    "sdeg.c.spike-sv.corrected",
    "sdeg.c.eigen",
    "sdeg.c.eigen-harmonic",
)
FULL = (*HEADLINE, "sdeg.c.Lm-singular", "trsp.network.causal-ceiling")


@pytest.mark.parametrize("claim_id", FULL)
def test_the_headline_theorems_are_stated_in_coq_in_full(claim_id):
    """Every step outside Coq is cited, or taken from a used claim that is itself stated in full in Coq."""
    from specproof.engine.registry import load_all

    claims = load_all()
    assert formal.coverage_level(claims[claim_id], claims) == "full", formal.claim_coverage(claims[claim_id])
    assert formal.coverage(claims[claim_id], claims) == ("full", ())


@needs_coq
@pytest.mark.parametrize("claim_id", FULL)
def test_the_headline_theorems_are_kernel_checked_on_the_real_number_axioms_only(claim_id):
    """Each Coq check of a headline claim is proved and decides it, and `Print Assumptions` of every hooked theorem
    lists only the standard library's real-number axioms (or nothing)."""
    from specproof.engine.registry import load_all

    claim = load_all()[claim_id]
    specs = formal.claim_coverage(claim)
    assert specs
    for spec in specs:
        evidence = formal.coq_evidence(spec.hooks, what=claim_id, ranges="every parameter", spec=spec, claims=[claim])
        assert evidence.status is Status.PROVED and evidence.role is Role.DECIDES, evidence.summary
        assert set(evidence.data["assumptions"]) <= formal.ALLOWED_AXIOMS, evidence.data["assumptions"]


def test_a_partial_claim_names_the_step_that_keeps_it_so():
    """trsp.C8.spectral-norm.sharp: Coq states the norm bound; that Schur's bound is unbounded in b is a sympy step, so
    the coverage is PARTIAL and says which step and how it is taken."""
    from specproof.engine.registry import load_all

    claims = load_all()
    level, held = formal.coverage(claims["trsp.C8.spectral-norm.sharp"], claims)
    assert level == "partial"
    assert [(s.check, used) for s, used in held] == [("c8_schur_unbounded_sympy", "")]


def test_the_catalogue_shows_each_coverage_level_and_counts_them():
    """THEOREMS.md says the level in every Coq-backed claim's section (with the step that keeps a PARTIAL one so) and
    counts the levels in its header."""
    from pathlib import Path

    from specproof.engine.registry import load_all
    from specproof.render.report import split_sections

    text = (Path(__file__).resolve().parents[1] / "THEOREMS.md").read_text(encoding="utf-8")
    sections = split_sections(text)
    claims = load_all()
    levels = {cid: formal.coverage_level(c, claims) for cid, c in claims.items()}
    for cid, level in levels.items():
        line = f"*Coq coverage:* **{level.upper()}**"
        assert (line in sections[cid]) is bool(level), cid
    assert "(decided by check `c8_schur_unbounded_sympy`)." in sections["trsp.C8.spectral-norm.sharp"]
    header = text.split("\n## ", 1)[0]
    for level in formal.COVERAGE_LEVELS:
        assert f"{sum(v == level for v in levels.values())} **{level.upper()}**" in header, level


def test_the_coverage_level_reads_the_steps_and_the_used_claims():
    from types import SimpleNamespace

    def claim(cid, *steps):
        def fn():
            pass

        fn.coq_spec = formal.CoqCheck((), steps=tuple(steps))
        return SimpleNamespace(id=cid, checks=[fn], cross_checks=[])

    cited = formal.Step("s", cites="a theorem")
    claims = {
        "a": claim("a", cited),
        "b": claim("b", formal.Step("s", claim="a")),
        "c": claim("c", formal.Step("s", check="a_sympy_check")),
        "d": claim("d", formal.Step("s", claim="c")),
        "e": claim("e", formal.Step("s")),
        "f": claim("f", formal.Step("s", claim="g")),
        "g": claim("g", formal.Step("s", claim="f")),
    }
    levels = {k: formal.coverage_level(c, claims) for k, c in claims.items()}
    assert levels == {
        "a": "full",
        "b": "full",
        "c": "partial",
        "d": "partial",
        "e": "supports",
        "f": "partial",
        "g": "partial",
    }
    assert formal.coverage_level(SimpleNamespace(id="x", checks=[], cross_checks=[]), claims) == ""


def test_the_harmonic_claim_hooks_the_per_row_theorem():
    """Issue 36.3: sdeg.c.eigen-harmonic states a bound per row i, CausalRows.sdeg_c_diag_harmonic."""
    from specproof.engine.registry import load_all

    hooks = [h.theorem for h in formal.claim_hooks(load_all()["sdeg.c.eigen-harmonic"])]
    assert hooks[0] == "sdeg_c_diag_harmonic"


def test_a_claim_whose_coq_steps_are_argued_in_prose_only_supports():
    spec = formal.CoqCheck((), steps=(formal.Step("a step"),))
    assert not spec.states_claim and spec.coverage()["steps"] == [{"kind": "prose", "text": "a step"}]
    cited = formal.CoqCheck((), steps=(formal.Step("a step", cites="a textbook theorem"),))
    assert cited.states_claim and cited.coverage()["steps"][0]["by"] == "a textbook theorem"


# --------------------------------------------------------------------------------------- planted weakenings

DYADIC = "sdeg.c.dyadic-blocks"
MU2 = "trsp.C6.mu2-lower"
BLOCK_SIZE = "Definition block_size (n r : nat) : nat := Nat.min (2 ^ r) (n + 1 - 2 ^ r)."
COUNT_LEMMA = re.compile(r"\(\*\* \|I_r\| is the number.*?Qed\.\n", re.S)
MU2_THM = "Theorem trsp_C6_mu2_lower : forall T k, (2 <= T)%nat -> (1 <= k <= T - 1)%nat -> 2 <= mu T k."


def _sub(old: str, new: str):
    def edit(text: str) -> str:
        assert old in text, f"not found: {old[:60]}"
        return text.replace(old, new, 1)

    return edit


def _chain(*edits):
    def edit(text: str) -> str:
        for e in edits:
            text = e(text)
        return text

    return edit


def _replace_proof(theorem: str, script: str):
    def edit(text: str) -> str:
        start = text.index("Proof.", text.index(f"Theorem {theorem} "))
        return text[:start] + "Proof. " + script + " " + text[text.index("Qed.", start) :]

    return edit


def _drop_count_lemma(text: str) -> str:
    """block_size_count is false once block_size changes; the plants delete it (the theorem does not use it)."""
    new = COUNT_LEMMA.sub("", text, count=1)
    assert new != text
    return new


def _with_block_size(definition: str, *more):
    return _chain(_sub(BLOCK_SIZE, definition), _drop_count_lemma, *more)


PLANTS = {
    # issue 34, verbatim: one line, an Open Scope in front of the redefinition
    "one-line redefinition": (
        DYADIC,
        {"Dyadic": _with_block_size("Open Scope R_scope. Definition block_size (n r : nat) : nat := 0.")},
    ),
    "Notation": (
        DYADIC,
        {
            "Dyadic": _with_block_size(
                "Notation block_size := (fun (n r : nat) => 0%nat).",
                _sub(
                    "Proof. intros n r. rewrite <- INR_pow2. apply le_INR. unfold block_size. lia. Qed.",
                    "Proof. intros n r. cbv beta. rewrite <- INR_pow2. apply le_INR. lia. Qed.",
                ),
                lambda text: text.replace("block_size n (r - d)", "block_size n (r - d)%nat"),
            )
        },
    ),
    "Let": (DYADIC, {"Dyadic": _with_block_size("Let block_size (n r : nat) : nat := 0.")}),
    "#[local] Definition": (
        DYADIC,
        {"Dyadic": _with_block_size("#[local] Definition block_size (n r : nat) : nat := 0.")},
    ),
    "Program Definition": (
        DYADIC,
        {
            "Dyadic": _with_block_size(
                "Require Coq.Program.Tactics.\nProgram Definition block_size (n r : nat) : nat := 0."
            )
        },
    ),
    # proofs/ declares no inductive type: the plant adds one and changes which constructor a definition selects
    "changed Inductive constructor": (
        DYADIC,
        {
            "Dyadic": _with_block_size(
                "Inductive size_sel := Small | Big.\n"
                "Definition sel_val (s : size_sel) (n r : nat) : nat :=\n"
                "  match s with Small => Nat.min (2 ^ r) (n + 1 - 2 ^ r) | Big => 0 end.\n"
                "Definition block_size (n r : nat) : nat := sel_val Big n r.",
                _sub(
                    "unfold block_size. lia. Qed.",
                    "unfold block_size, sel_val. lia. Qed.",
                ),
            )
        },
    ),
    "same-named definition in an earlier module": (
        DYADIC,
        {
            "Sums": lambda text: text + "\nDefinition block_size (n r : nat) : nat := 0.\n",
            "Dyadic": _with_block_size(""),
        },
    ),
    # a number notation in nat_scope reading 2 as 3 and printing 3 as 2: the statement prints exactly as pinned
    "numeral re-read by a Number Notation": (
        MU2,
        {
            "Skeleton": _chain(
                _sub(
                    MU2_THM, "Lemma orig_mu2_lower : forall T k, (2 <= T)%nat -> (1 <= k <= T - 1)%nat -> 2 <= mu T k."
                ),
                lambda text: (
                    text
                    + "\nLemma mu2_lower_weak : forall T k, (3 <= T)%nat -> (2 <= k <= T - 2)%nat -> 2 <= mu T k.\n"
                    "Proof. intros T k HT Hk. apply orig_mu2_lower; lia. Qed.\n"
                    "Definition shift_of (u : Number.uint) : nat := S (Nat.of_num_uint u).\n"
                    "Definition shift_to (n : nat) : option Number.uint :=\n"
                    "  match n with O => None | S m => Some (Nat.to_num_uint m) end.\n"
                    "Number Notation nat shift_of shift_to : nat_scope.\n"
                    + MU2_THM
                    + "\nProof. exact mu2_lower_weak. Qed.\n"
                ),
            )
        },
    ),
    # issue 36.1: an axiom that prints as ClassicalDedekindReals.sig_not_dec
    "spoofed axiom name": (
        MU2,
        {
            "Skeleton": _sub(
                MU2_THM,
                "Module ClassicalDedekindReals.\n"
                "Axiom sig_not_dec : forall T k, (2 <= T)%nat -> (1 <= k <= T - 1)%nat -> 2 <= mu T k.\n"
                "End ClassicalDedekindReals.\n"
                + MU2_THM
                + "\nProof. exact ClassicalDedekindReals.sig_not_dec. Qed.\n"
                + MU2_THM.replace("trsp_C6_mu2_lower", "old_proof_mu2"),
            )
        },
    ),
    "a weakened theorem under the same name": (
        MU2,
        {
            "Skeleton": _chain(
                _sub(MU2_THM, MU2_THM.replace("trsp_C6_mu2_lower", "orig_mu2_lower")),
                lambda text: (
                    text + "\nTheorem trsp_C6_mu2_lower : forall T k, (2 <= T)%nat -> (1 <= k <= T - 1)%nat ->"
                    " 0 <= mu T k + 2."
                    "\nProof. intros T k HT Hk. pose proof (orig_mu2_lower T k HT Hk). lra. Qed.\n"
                ),
            )
        },
    ),
    "library name shadowed by a local definition": (
        DYADIC,
        {
            "Dyadic": _chain(
                _sub(
                    "Theorem sdeg_c_dyadic_blocks_sqrt",
                    "#[local] Definition sqrt (x : R) : R := x.\nTheorem sdeg_c_dyadic_blocks_sqrt",
                ),
                _replace_proof(
                    "sdeg_c_dyadic_blocks_sqrt", "intros n r d Hd. unfold sqrt. apply sdeg_c_dyadic_blocks, Hd."
                ),
            )
        },
    ),
    "unguarded fixpoint": (
        DYADIC,
        {
            "Dyadic": _chain(
                _sub(
                    "Theorem sdeg_c_dyadic_blocks_sqrt",
                    "Unset Guard Checking.\nFixpoint bogus (n : nat) : False := bogus n.\nSet Guard Checking.\n"
                    "Theorem sdeg_c_dyadic_blocks_sqrt",
                ),
                _replace_proof("sdeg_c_dyadic_blocks_sqrt", "intros. exfalso. exact (bogus 0)."),
            )
        },
    ),
    "admitted helper lemma": (
        DYADIC,
        {
            "Dyadic": _chain(
                _sub(
                    "Theorem sdeg_c_dyadic_blocks_sqrt",
                    "Lemma helper : forall n r d : nat, (d <= r)%nat ->\n"
                    "  sqrt (block_sum n r) * sqrt (INR (block_size n (r - d))) <= / sqrt (2 ^ d).\nAdmitted.\n"
                    "Theorem sdeg_c_dyadic_blocks_sqrt",
                ),
                _replace_proof("sdeg_c_dyadic_blocks_sqrt", "exact helper."),
            )
        },
    ),
}
MODULES = {DYADIC: ["Sums", "Dyadic"], MU2: ["Sums", "Bits", "Skeleton"]}
FAST_PLANTS = {"one-line redefinition", "spoofed axiom name"}


def _planted_build(tmp_path, claim_id: str, edits: dict) -> formal.CoqBuild:
    """A copy of the modules ``claim_id``'s theorem needs, ``edits`` (module → source transformer) applied, compiled."""
    proofs = formal.proofs_dir()
    work = tmp_path / "proofs"
    work.mkdir()
    modules = MODULES[claim_id]
    for m in modules:
        text = (proofs / f"{m}.v").read_text()
        if m in edits:
            after = edits[m](text)
            assert after != text, f"the plant did not change {m}.v"
            text = after
        (work / f"{m}.v").write_text(text)
    (work / "_CoqProject").write_text("-Q . SpecProof\n" + "".join(f"{m}.v\n" for m in modules))
    error = formal.compile_sources(work, [f"{m}.v" for m in modules])
    assert error == "", f"the planted proofs must compile: {error}"
    return formal.build_at(work)


def _coq_evidence_of(claim_id: str, build: formal.CoqBuild):
    from specproof.engine.registry import load_all

    claim = load_all()[claim_id]
    (spec,) = formal.claim_coverage(claim)
    return formal.coq_evidence(spec.hooks, what=claim_id, ranges="r", build=build, spec=spec, claims=[claim])


@needs_coq
@pytest.mark.parametrize(
    "plant", [p if p in FAST_PLANTS else pytest.param(p, marks=pytest.mark.slow) for p in sorted(PLANTS)]
)
def test_a_planted_weakening_is_rejected_in_one_line(plant, tmp_path):
    """Issues 34 and 36: each plant compiles (Coq accepts it) and keeps its claim's Coq step open with one line."""
    claim_id, edits = PLANTS[plant]
    evidence = _coq_evidence_of(claim_id, _planted_build(tmp_path, claim_id, edits))
    assert evidence.status is Status.OPEN, evidence.summary
    assert "\n" not in evidence.summary and len(evidence.summary) < 800
    if plant == "one-line redefinition":
        assert "SpecProof.Dyadic.block_size now prints as `fun _ _ : nat => 0" in evidence.summary
    if plant == "spoofed axiom name":
        assert (
            "ClassicalDedekindReals.sig_not_dec, an axiom (or admitted lemma) declared in proofs/" in evidence.summary
        )


@needs_coq
@pytest.mark.slow
@pytest.mark.parametrize("claim_id", [DYADIC, MU2])
def test_the_unmodified_modules_pass_on_their_own(claim_id, tmp_path):
    evidence = _coq_evidence_of(claim_id, _planted_build(tmp_path, claim_id, {}))
    assert evidence.status is Status.PROVED, evidence.summary


@needs_coq
def test_a_second_process_reuses_the_cached_build(tmp_path):
    """Built once per content hash into the cache directory, asked once per set of pins: a new process answers
    without compiling or asking Coq (on a copy of Sums.v and Kernel.v, so the test builds two files, not all)."""
    import os
    import subprocess
    import sys

    proofs = tmp_path / "proofs"
    proofs.mkdir()
    for name in ("Sums.v", "Kernel.v"):
        (proofs / name).write_text((formal.proofs_dir() / name).read_text())
    (proofs / "_CoqProject").write_text("-Q . SpecProof\nSums.v\nKernel.v\n")
    cwd = tmp_path / "cwd"
    cwd.mkdir()
    env = os.environ | {formal.CACHE_ENV: str(tmp_path / "cache")}
    code = (
        "from pathlib import Path; from specproof.engine import formal; "
        "from specproof.checks.claims.trsp.app_c.c4 import KERNEL_ENERGY; "
        f"print(formal.coq_evidence(KERNEL_ENERGY, what='e', ranges='r', proofs=Path({str(proofs)!r})).status.value)"
    )
    first = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, cwd=cwd)
    assert first.stdout.strip() == "proved", first.stderr
    builds = list((tmp_path / "cache" / "coq").iterdir())
    assert len(builds) == 1 and list(builds[0].glob("answers-*.json"))
    stamp = {p: p.stat().st_mtime_ns for p in builds[0].iterdir()}
    second = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, cwd=cwd)
    assert second.stdout.strip() == "proved"
    assert {p: p.stat().st_mtime_ns for p in builds[0].iterdir()} == stamp
    assert list(cwd.iterdir()) == []  # nothing in the working directory


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
    assert formal._assumption_entries("t", "Closed under the global context\n") == ([], [])
    answer = (
        "Axioms:\nClassicalDedekindReals.sig_forall_dec\n  : forall P : nat -> Prop,\n    P 0\n"
        "SpecProof.Kernel.admitted_step : 1 = 2\n"
    )
    assert formal._assumption_entries("t", answer) == (
        ["ClassicalDedekindReals.sig_forall_dec", "SpecProof.Kernel.admitted_step"],
        [],
    )
    names, problems = formal._assumption_entries("t", "Error: nonsense")
    assert names == [] and problems and "gave no answer" in problems[0]
    assert formal._axiom_reason("x", ["SpecProof.Skeleton.ClassicalDedekindReals.sig_not_dec"], []).endswith(
        "declared in proofs/"
    )
    assert formal._axiom_reason("x", sorted(formal.ALLOWED_AXIOMS), []) is None


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
