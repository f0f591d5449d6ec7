"""Kernel-checked evidence: the Coq proofs in the project's ``proofs/`` folder.

A claim's Coq step is a :class:`CoqHook`: a theorem of ``proofs/`` *and the statement it must have*, pinned
beside the claim. Coq is asked, never a regex: the step is ``proved`` (method ``coq``) only when

1. the proofs compile with the system's ``coqc``;
2. every object the theorem's statement reaches in ``proofs/`` — transitively through the kernel terms of the
   project's own constants (their types and bodies), inductives and constructors, each found by its fully
   qualified name — has a pin (:mod:`specproof.engine.formal_pins`) and is exactly its pin: the same kind, the same
   text as Coq prints it, the same set of fully qualified references and the same SHA-256 of its kernel term. A
   notation, an ``Open Scope``, a number notation, a ``Let``, a ``Program`` or ``#[local]`` definition, a
   same-named object of another module or a shadowed library name all show up in the kernel terms, so nothing
   the statement means can change without a pin saying so; a reached object without a pin, a pin whose object
   is gone or a name that now resolves elsewhere keeps the step open (fail closed);
3. ``Print Assumptions`` lists only :data:`ALLOWED_AXIOMS`, compared by the fully qualified path Coq resolves each
   printed name to (an axiom declared anywhere under ``proofs/`` is rejected, whatever it is called), and the
   libraries that declare them are loaded from the Coq installation;
4. the claim's constants, as the claim's statement writes them, are in the theorem's statement
   (:class:`CoqCheck` ``constants``), so a pin weakened together with its theorem is a visible change of the
   claim, not of a pin.

A Coq step *decides* its claim only where the hooked theorems, with the steps cited from a named textbook theorem
or from a claim it uses (:class:`Step`), state the claim; a step argued in prose only leaves the Coq evidence a
cross-check. Which sentence each theorem covers and which steps are cited is part of the evidence
(:func:`claim_coverage`), and the catalogue shows it.

- **One question per build**: one generated ``.v`` file asks Coq about every pinned theorem at once (the closure
  of their statements by an Ltac2 walker over the kernel terms, every pinned object's printed text, and the axioms
  per module); the answers are cached beside the build, so a second process asks Coq nothing.
- **Where it builds**: never in the project or the working directory. The ``.v`` files are copied into the user's
  cache directory (``$SPECPROOF_CACHE_DIR``, else ``$XDG_CACHE_HOME/specproof``, else ``~/.cache/specproof``) under
  ``coq/<key>``, the key a hash of the sources, ``_CoqProject`` and the Coq installation; a build is made in a
  scratch folder there and renamed into place, so concurrent processes never see half a build.
  ``SPECPROOF_NO_CACHE=1`` builds in a temporary directory that is removed when the process exits. ``make -C
  proofs`` is the explicit build step that writes ``.vo`` files beside the sources, for working on the proofs.
- **Without Coq**: every check returns ``open`` and says how to install it; nothing raises.
"""

from __future__ import annotations

import functools
import hashlib
import json
import re
import shutil
import subprocess
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from specproof.engine.io import CACHE_ENV, NO_CACHE_ENV, cache_dir, project_path, write_atomic  # noqa: F401 (CACHE_ENV, NO_CACHE_ENV: re-exported)
from specproof.engine.registry import Evidence, Role, Status, check

LOGICAL_ROOT = "SpecProof"
INSTALL_HINT = (
    "install it with `apt-get install coq libcoq-mathcomp libcoq-coquelicot libcoq-interval libcoq-mathcomp-real-closed"
    " libcoq-mathcomp-algebra-tactics` (Debian/Ubuntu; Coq 8.16) and rerun"
)
# The axioms a theorem may rest on, by the fully qualified path Coq resolves them to: the classical Dedekind reals
# of Coq 8.16's standard library rest on these and nothing else.
ALLOWED_AXIOMS = frozenset(
    {
        "Coq.Reals.ClassicalDedekindReals.sig_forall_dec",
        "Coq.Reals.ClassicalDedekindReals.sig_not_dec",
        "Coq.Logic.FunctionalExtensionality.functional_extensionality_dep",
    }
)
BUILD_TIMEOUT_S = 900
QUERY_TIMEOUT_S = 900
# bump when the query or the record format changes: cached answers of another version are not read
QUERY_VERSION = "2"
_PRELUDE = re.compile(
    r"^[ \t]*(From\s+\S+\s+)?(Require|Import|Export|(Local\s+)?Open\s+Scope|Set|Unset)\b.*?\.(?=\s|$)", re.M | re.S
)
_IDENT = re.compile(r"^[A-Za-z_][A-Za-z0-9_']*$")
_REF = re.compile(r"\{([cikv]):([^}]+)\}")
_AXIOM_LINE = re.compile(r"^([A-Za-z_][\w'.]*)(\s*:.*)?$")

# The Ltac2 walker (Ltac2 ships with Coq). `closure` looks every root up by its fully qualified name (Env.get: no
# short-name resolution), serialises the kernel term of its type with Constr.Unsafe.kind (de Bruijn indices, no
# binder names) and prints it with every constant, inductive and constructor as {tag:Full.Path}; every reference
# under the project's root is visited the same way, transitively: a transparent constant's type and its one-step
# δ-unfolded body, an opaque constant's type, an inductive's arity and every constructor's type (all blocks of a
# mutual family). Library references are recorded by path, not expanded. `exists_names` says whether each fully
# qualified name denotes an object; `resolve` gives the fully qualified paths a printed (partial) name can denote.
LTAC2_LIB = r"""
Ltac2 cat (ms : message list) : message :=
  List.fold_left (fun a b => Message.concat a b) ms (Message.of_string "").
Ltac2 s (x : string) : message := Message.of_string x.
Ltac2 rec path_msg (p : ident list) : message :=
  match p with
  | [] => s ""
  | i :: rest => match rest with [] => Message.of_ident i | _ :: _ => cat [Message.of_ident i; s "."; path_msg rest] end
  end.
Ltac2 rec ids_eq (a : ident list) (b : ident list) : bool :=
  match a with
  | [] => match b with [] => true | _ :: _ => false end
  | x :: a' => match b with [] => false | y :: b' =>
      match Ident.equal x y with true => ids_eq a' b' | false => false end end
  end.
Ltac2 tag (r : Std.reference) : string :=
  match r with Std.VarRef _ => "v" | Std.ConstRef _ => "c" | Std.IndRef _ => "i" | Std.ConstructRef _ => "k" end.
Ltac2 tagn (r : Std.reference) : int :=
  match r with Std.VarRef _ => 0 | Std.ConstRef _ => 1 | Std.IndRef _ => 2 | Std.ConstructRef _ => 3 end.
Ltac2 ref_eq (a : Std.reference) (b : Std.reference) : bool :=
  match Int.equal (tagn a) (tagn b) with true => ids_eq (Env.path a) (Env.path b) | false => false end.
Ltac2 ref_msg (r : Std.reference) : message := cat [s "{"; s (tag r); s ":"; path_msg (Env.path r); s "}"].
Ltac2 note (acc : Std.reference list ref) (r : Std.reference) : unit := acc.(contents) := r :: acc.(contents).
Ltac2 rec ser (acc : Std.reference list ref) (c : constr) : message :=
  let rc := ser acc in
  let arr (xs : constr array) := cat (List.map (fun x => cat [s " "; rc x]) (Array.to_list xs)) in
  match Constr.Unsafe.kind c with
  | Constr.Unsafe.Rel n => cat [s "#"; Message.of_int n]
  | Constr.Unsafe.Var id => cat [s "(var "; Message.of_ident id; s ")"]
  | Constr.Unsafe.Sort _ => cat [s "(sort "; Message.of_constr c; s ")"]
  | Constr.Unsafe.Cast a _ t => cat [s "(cast "; rc a; s " "; rc t; s ")"]
  | Constr.Unsafe.Prod b t => cat [s "(forall "; rc (Constr.Binder.type b); s " "; rc t; s ")"]
  | Constr.Unsafe.Lambda b t => cat [s "(fun "; rc (Constr.Binder.type b); s " "; rc t; s ")"]
  | Constr.Unsafe.LetIn b v t => cat [s "(let "; rc (Constr.Binder.type b); s " "; rc v; s " "; rc t; s ")"]
  | Constr.Unsafe.App f args => cat [s "("; rc f; arr args; s ")"]
  | Constr.Unsafe.Constant k _ => let r := Std.ConstRef k in note acc r; ref_msg r
  | Constr.Unsafe.Ind i _ => let r := Std.IndRef i in note acc r; ref_msg r
  | Constr.Unsafe.Constructor k _ => let r := Std.ConstructRef k in note acc r; ref_msg r
  | Constr.Unsafe.Case _ ret iv scrut br =>
      let inv := match iv with Constr.Unsafe.NoInvert => s ""
        | Constr.Unsafe.CaseInvert ix => cat [s " (invert"; arr ix; s ")"] end in
      cat [s "(match "; rc ret; s " "; rc scrut; arr br; inv; s ")"]
  | Constr.Unsafe.Fix structs i bs bodies =>
      cat [s "(fix "; Message.of_int i;
           cat (List.map (fun n => cat [s " "; Message.of_int n]) (Array.to_list structs));
           arr (Array.map Constr.Binder.type bs); s " |"; arr bodies; s ")"]
  | Constr.Unsafe.CoFix i bs bodies =>
      cat [s "(cofix "; Message.of_int i; arr (Array.map Constr.Binder.type bs); s " |"; arr bodies; s ")"]
  | Constr.Unsafe.Uint63 _ => cat [s "(uint63 "; Message.of_constr c; s ")"]
  | Constr.Unsafe.Float _ => cat [s "(float "; Message.of_constr c; s ")"]
  | _ => s "(UNSUPPORTED)"
  end.
Ltac2 delta_only (r : Std.reference) : Std.red_flags :=
  { Std.rBeta := false; Std.rMatch := false; Std.rFix := false; Std.rCofix := false;
    Std.rZeta := false; Std.rDelta := false; Std.rConst := [r] }.
Ltac2 emit (acc : Std.reference list ref) (r : Std.reference) : unit :=
  let head := cat [s "@@OBJ "; path_msg (Env.path r); s " "] in
  match r with
  | Std.ConstRef _ =>
      let t := Env.instantiate r in
      let ty := Constr.type t in
      let b := Std.eval_cbv (delta_only r) t in
      match Constr.equal b t with
      | true => Message.print (cat [head; s "opaque ##TYPE "; ser acc ty])
      | false => Message.print (cat [head; s "transparent ##TYPE "; ser acc ty; s " ##BODY "; ser acc b])
      end
  | Std.IndRef i =>
      let d := Ind.data i in
      let blocks := List.init (Ind.nblocks d) (fun j => Ind.get_block d j) in
      let block (bd : Ind.data) :=
        let ir := Std.IndRef (Ind.repr bd) in
        let cons := List.init (Ind.nconstructors bd) (fun j =>
          let k := Std.ConstructRef (Ind.get_constructor bd j) in
          cat [s " [CONS "; path_msg (Env.path k); s " "; ser acc (Constr.type (Env.instantiate k)); s "]"]) in
        cat [s " [BLOCK "; path_msg (Env.path ir); s " ";
             ser acc (Constr.type (Env.instantiate ir)); cat cons; s "]"] in
      Message.print (cat [head; s "inductive ##INDEX "; Message.of_int (Ind.index i); s " ##BLOCKS";
                          cat (List.map block blocks)])
  | Std.ConstructRef _ =>
      Message.print (cat [head; s "constructor ##TYPE "; ser acc (Constr.type (Env.instantiate r))])
  | Std.VarRef _ => Message.print (cat [head; s "variable"])
  end.
Ltac2 is_project (root : ident) (r : Std.reference) : bool :=
  match Env.path r with [] => false | h :: _ => Ident.equal h root end.
Ltac2 rec visit (root : ident) (seen : Std.reference list ref) (todo : Std.reference list) : unit :=
  match todo with
  | [] => ()
  | r :: rest =>
      match List.exist (ref_eq r) (seen.(contents)) with
      | true => visit root seen rest
      | false =>
          seen.(contents) := r :: seen.(contents);
          let acc := { contents := [] } in
          emit acc r;
          visit root seen (List.append (List.filter (is_project root) (List.rev (acc.(contents)))) rest)
      end
  end.
Ltac2 closure (root : ident) (names : ident list list) : unit :=
  let seen := { contents := [] } in
  List.iter (fun p =>
    match Env.get p with
    | Some r => visit root seen [r]
    | None => Message.print (cat [s "@@MISSING "; path_msg p])
    end) names.
Ltac2 exists_names (names : ident list list) : unit :=
  List.iter (fun p =>
    match Env.get p with
    | Some r => Message.print (cat [s "@@FOUND "; path_msg p; s " "; s (tag r)])
    | None => Message.print (cat [s "@@NOTFOUND "; path_msg p])
    end) names.
Ltac2 resolve (names : ident list list) : unit :=
  List.iter (fun p =>
    List.iter (fun r => Message.print (cat [s "@@RESOLVES "; path_msg p; s " "; path_msg (Env.path r)])) (Env.expand p))
    names.
"""


def normalised(text: str) -> str:
    """Coq text with every run of whitespace one space: how pinned and printed texts are compared."""
    return " ".join(text.split())


@dataclass(frozen=True)
class CoqHook:
    """A Coq theorem a claim rests on, with the statement it must have.

    ``module`` is the file stem in ``proofs/`` (``Kernel`` for ``proofs/Kernel.v``); ``statement`` is the theorem's
    type as ``Check`` prints it in that module's own context (its Require/Import/Open Scope lines), whitespace-
    normalised; it must be the theorem's pin (:mod:`specproof.engine.formal_pins`), which Coq's answer is compared
    with. ``specproof coq-pins`` shows them.
    """

    theorem: str
    module: str
    statement: str

    def __post_init__(self):
        object.__setattr__(self, "statement", normalised(self.statement))

    @property
    def qualified(self) -> str:
        return f"{LOGICAL_ROOT}.{self.module}.{self.theorem}"

    @property
    def source(self) -> str:
        return f"proofs/{self.module}.v"


@dataclass(frozen=True)
class Step:
    """A step of a claim's argument that no hooked Coq theorem states: taken from a claim it ``uses`` (``claim``),
    decided by another of its checks (``check``: a sympy identity, an exact certificate), or a named textbook
    theorem (``cites``: the theorem and where it is stated). A step with none of these is argued in prose only:
    then the Coq theorems do not state the claim and the Coq check does not decide it."""

    text: str
    claim: str = ""
    check: str = ""
    cites: str = ""

    @property
    def kind(self) -> str:
        return "claim" if self.claim else "check" if self.check else "cited" if self.cites else "prose"


@dataclass(frozen=True)
class CoqCheck:
    """What a claim's Coq check states: the hooks, which sentence of the claim each theorem covers (``covers``,
    theorem → sentence), the steps outside Coq (:class:`Step`), and the claim's constants as pairs (as the claim's
    statement writes them, as the theorem's statement prints them)."""

    hooks: tuple[CoqHook, ...]
    covers: tuple[tuple[str, str], ...] = ()
    steps: tuple[Step, ...] = ()
    constants: tuple[tuple[str, str], ...] = ()

    @property
    def states_claim(self) -> bool:
        return all(s.kind != "prose" for s in self.steps)

    def coverage(self) -> dict:
        return {
            "theorems": dict(self.covers),
            "steps": [
                {"kind": s.kind, "text": s.text} | ({"by": s.claim or s.check or s.cites} if s.kind != "prose" else {})
                for s in self.steps
            ],
            "states_claim": self.states_claim,
        }


@dataclass(frozen=True)
class CoqBuild:
    """A compiled copy of ``proofs/``: ``ok`` with its directory and modules, or the error that stopped it."""

    ok: bool
    directory: Path | None
    modules: tuple[str, ...]
    version: str
    log: str
    digest: str
    # a build outside the cache: the temporary directory's owner keeps it alive, its finalizer removes it
    keeper: tempfile.TemporaryDirectory | None = field(default=None, compare=False, repr=False)


def coqc_path() -> str | None:
    """The ``coqc`` on PATH, or None."""
    return shutil.which("coqc")


def proofs_dir() -> Path | None:
    """The project's ``proofs/`` folder (None for an installation without the project)."""
    path = project_path("proofs")
    return path if path is not None and (path / "_CoqProject").is_file() else None


def _sources(proofs: Path) -> list[str]:
    """The ``.v`` files of ``_CoqProject`` in its order (dependency order)."""
    lines = (line.strip() for line in (proofs / "_CoqProject").read_text().splitlines())
    return [line for line in lines if line.endswith(".v") and not line.startswith("#")]


def proofs_digest(proofs: Path) -> str:
    """SHA-256 over ``_CoqProject`` and the listed sources."""
    h = hashlib.sha256()
    for name in ["_CoqProject", *_sources(proofs)]:
        h.update(name.encode() + b"\0" + (proofs / name).read_bytes() + b"\0")
    return h.hexdigest()


def _run(args: list[str], cwd: Path, timeout: int) -> subprocess.CompletedProcess:
    return subprocess.run(args, cwd=cwd, capture_output=True, text=True, timeout=timeout, check=False)


@functools.lru_cache(maxsize=4)
def _installation(coqc: str) -> tuple[str, str]:
    """coqc's version line and library directory (part of the cache key)."""
    version = (
        subprocess.run([coqc, "--version"], capture_output=True, text=True, check=False).stdout.split("\n")[0].strip()
    )
    where = subprocess.run([coqc, "-where"], capture_output=True, text=True, check=False).stdout.strip()
    return version, where


def compile_sources(work: Path, sources: list[str], coqc: str | None = None) -> str:
    """Compile ``sources`` in ``work`` in order: '' on success, else the error."""
    coqc = coqc or coqc_path() or "coqc"
    for name in sources:
        try:
            done = _run([coqc, "-q", "-Q", ".", LOGICAL_ROOT, name], work, BUILD_TIMEOUT_S)
        except subprocess.TimeoutExpired:
            return f"coqc {name}: timed out after {BUILD_TIMEOUT_S} s"
        if done.returncode != 0:
            return f"coqc {name} failed:\n{(done.stdout + done.stderr)[-2000:]}"
    return ""


def _copy_sources(proofs: Path, work: Path, sources: list[str]) -> None:
    for name in ["_CoqProject", *sources]:
        shutil.copy2(proofs / name, work / name)


def build_at(work: Path, version: str = "", digest: str = "", keeper=None) -> CoqBuild:
    """A :class:`CoqBuild` for a directory already compiled in place (every module of its ``_CoqProject``)."""
    modules = tuple(f"{LOGICAL_ROOT}.{Path(name).stem}" for name in _sources(work))
    return CoqBuild(True, work, modules, version or _installation(coqc_path() or "coqc")[0], "", digest, keeper)


@functools.lru_cache(maxsize=8)
def _build(proofs: Path, digest: str, coqc: str) -> CoqBuild:
    version, where = _installation(coqc)
    sources = _sources(proofs)
    modules = tuple(f"{LOGICAL_ROOT}.{Path(name).stem}" for name in sources)
    key = hashlib.sha256(f"{digest}\0{version}\0{where}".encode()).hexdigest()[:32]
    root = cache_dir()
    if root is not None:
        final = root / "coq" / key
        if (final / "build.json").is_file():
            return CoqBuild(True, final, modules, version, "", digest)
        try:
            (root / "coq").mkdir(parents=True, exist_ok=True)
            scratch = Path(tempfile.mkdtemp(prefix=".build-", dir=root / "coq"))
        except OSError:
            root = None  # an unwritable cache: build in a temporary directory instead
    if root is None:
        tmp = tempfile.TemporaryDirectory(prefix="specproof-coq-")
        work = Path(tmp.name)
        _copy_sources(proofs, work, sources)
        error = compile_sources(work, sources, coqc)
        if error:
            return CoqBuild(False, None, (), version, error, digest)
        return CoqBuild(True, work, modules, version, "", digest, keeper=tmp)
    try:
        _copy_sources(proofs, scratch, sources)
        error = compile_sources(scratch, sources, coqc)
        if error:
            return CoqBuild(False, None, (), version, error, digest)
        (scratch / "build.json").write_text(json.dumps({"coq": version, "digest": digest, "modules": modules}) + "\n")
        try:
            scratch.rename(final)
        except OSError:  # another process finished the same build first: use theirs
            if not (final / "build.json").is_file():
                raise
        return CoqBuild(True, final, modules, version, "", digest)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def coq_build(proofs: Path | None = None) -> CoqBuild | None:
    """The compiled proofs (the project's, or ``proofs``), built on first use and cached by content hash;
    None without ``coqc`` or without a ``proofs/`` folder."""
    coqc, proofs = coqc_path(), proofs or proofs_dir()
    if coqc is None or proofs is None:
        return None
    return _build(proofs, proofs_digest(proofs), coqc)


def _coqc_query(build: CoqBuild, text: str) -> tuple[int, str, str, dict[str, str]]:
    """Compile a generated query file that reads the build (never writes it): exit status, stdout, stderr and the
    ``Redirect`` files by stem."""
    with tempfile.TemporaryDirectory(prefix="specproof-query-") as tmp:
        query = Path(tmp) / "specproof_query.v"
        query.write_text(text)
        done = _run(
            [coqc_path() or "coqc", "-q", "-Q", str(build.directory), LOGICAL_ROOT, query.name],
            Path(tmp),
            QUERY_TIMEOUT_S,
        )
        outs = {p.stem: p.read_text() for p in Path(tmp).glob("*.out")}
    return done.returncode, done.stdout, done.stderr, outs


def coq_query(build: CoqBuild, commands: str, header: str | None = None) -> str:
    """Run vernacular ``commands`` after ``header`` (default: importing every module of the build); its output
    (raises RuntimeError with Coq's message when Coq rejects them)."""
    if header is None:
        header = "".join(f"Require Import {m}.\n" for m in build.modules)
    code, output, errors, _ = _coqc_query(build, header + commands + "\n")
    if code != 0:
        raise RuntimeError((output + errors).strip()[-2000:])
    return output


# --------------------------------------------------------------------------------------------- asking Coq


def module_of(fqn: str) -> str:
    """``SpecProof.Dyadic.block_size`` → ``Dyadic`` (the file in proofs/ that declares it)."""
    return fqn.split(".")[1]


def module_prelude(source: str) -> str:
    """A module's own Require/Import/Open Scope/Set lines: the context its objects are printed in (the printed text
    is for reading; the kernel term's digest is what decides)."""
    text = re.sub(r"\(\*.*?\*\)", " ", source, flags=re.S)
    return "".join(normalised(m.group(0)) + "\n" for m in _PRELUDE.finditer(text))


def _idents(fqn: str) -> str:
    parts = fqn.split(".")
    if not all(_IDENT.match(p) for p in parts):
        raise ValueError(f"not a qualified Coq name: {fqn!r}")
    return "[" + "; ".join("@" + p for p in parts) + "]"


def _ltac2_list(names) -> str:
    return "[" + "; ".join(_idents(n) for n in names) + "]"


def _short(fqn: str) -> str:
    """How Print Assumptions prints a library axiom in a context that imports nothing: its last two components."""
    return ".".join(fqn.split(".")[-2:])


def _printed_type(out: str) -> str:
    return normalised(out.strip().partition(":")[2])


def _printed_body(out: str) -> str:
    text = re.split(r"\n\s*\n|\nArguments\b", out.strip(), maxsplit=1)[0]
    return normalised(text.partition("=")[2])


def _printed_inductive(out: str) -> str:
    return normalised(re.split(r"\nArguments\b", out.strip(), maxsplit=1)[0])


def _uses_print(kind: str) -> bool:
    """Definitions and inductives are shown by ``Print`` (their bodies), everything else by ``Check`` (its type)."""
    return kind in ("transparent", "inductive")


def _parse_records(output: str) -> dict:
    objects, missing, found, resolves = {}, [], {}, {}
    for chunk in output.split("@@")[1:]:
        chunk = normalised(chunk.split("\n- : unit = ()")[0].replace("- : unit = ()", ""))
        tag, _, rest = chunk.partition(" ")
        if tag == "OBJ":
            fqn, _, rest = rest.partition(" ")
            kind, _, record = rest.partition(" ")
            objects.setdefault(
                fqn,
                {
                    "kind": kind,
                    "digest": hashlib.sha256(f"{kind} {record}".encode()).hexdigest(),
                    "refs": sorted({m.group(2) for m in _REF.finditer(record)}),
                    "exact": "(UNSUPPORTED)" not in record,
                },
            )
        elif tag == "MISSING":
            missing.append(rest.split()[0])
        elif tag == "FOUND":
            name, _, kind = rest.partition(" ")
            found[name] = kind.split()[0] if kind else ""
        elif tag == "NOTFOUND":
            found[rest.split()[0]] = None
        elif tag == "RESOLVES":
            name, _, target = rest.partition(" ")
            resolves.setdefault(name, []).append(target.split()[0])
    return {"objects": objects, "missing": missing, "found": found, "resolves": resolves}


def _assumption_entries(label: str, text: str) -> tuple[list[str], list[str]]:
    """(printed axiom names, one-line problems) of one ``Print Assumptions`` answer."""
    if "Closed under the global context" in text:
        return [], []
    if "Axioms:" not in text:
        return [], [f"Print Assumptions gave no answer for {label}: {normalised(text)[:200]}"]
    head, _, body = text.partition("Axioms:")
    problems = [f"Print Assumptions lists {normalised(head)[:200]} for {label}"] if normalised(head) else []
    names = []
    for line in body.splitlines():
        if not line.strip() or line[0].isspace():
            continue  # blank, or an axiom's type continued
        m = _AXIOM_LINE.match(line.strip())
        if m is None or " " in line.split(":")[0].strip():
            problems.append(f"Print Assumptions reports `{normalised(line)[:160]}` for {label}")
        else:
            names.append(m.group(1))
    return names, problems


class _Query:
    """One generated ``.v`` file: the project's modules required (nothing imported: no project notation, scope or
    coercion is active where names are resolved), then the closure of the roots and the existence of the probes
    (Ltac2), the axioms of each group of roots (Print Assumptions of one definition that mentions them all), and the
    printed text of every named object in its home module's own context."""

    def __init__(self, build: CoqBuild):
        self.build = build
        self.lines = [f"Require {m}.\n" for m in build.modules] + ["From Ltac2 Require Ltac2.\n"]

    def ltac2(self, *calls: str) -> None:
        self.lines += ["Module SpecProofWalker.\nImport Ltac2.Ltac2.\n", LTAC2_LIB]
        self.lines += [f"Ltac2 Eval {c}.\n" for c in calls]
        self.lines.append("End SpecProofWalker.\n")

    def assumptions(self, groups: dict[str, list[str]]) -> None:
        for i, (label, names) in enumerate(groups.items()):
            body = " ".join(f"let _ := @{n} in" for n in names)
            self.lines.append(f"Definition specproof_axioms_{i} : unit := {body} tt.\n")
            self.lines.append(f'Redirect "ax{i}" Print Assumptions specproof_axioms_{i}.\n')
        for i, lib in enumerate(sorted({a.rsplit(".", 1)[0] for a in ALLOWED_AXIOMS})):
            self.lines.append(f'Redirect "lib{i}" Locate Library {lib}.\n')

    def printing(self, objects: dict[str, str]) -> dict[str, str]:
        """Print every object (fqn → kind) in its home module's context; the Redirect stem of each."""
        by_home: dict[str, list[str]] = {}
        for fqn in objects:
            by_home.setdefault(module_of(fqn), []).append(fqn)
        stems: dict[str, str] = {}
        for h, (home, names) in enumerate(sorted(by_home.items())):
            src = self.build.directory / f"{home}.v"
            prelude = module_prelude(src.read_text()) if src.is_file() else ""
            self.lines.append(f"Module SpecProofPrint{h}.\n{prelude}Require Import {LOGICAL_ROOT}.{home}.\n")
            for fqn in names:
                stems[fqn] = f"p{len(stems)}"
                command = "Print" if _uses_print(objects[fqn]) else "Check"
                self.lines.append(f'Redirect "{stems[fqn]}" {command} {fqn}.\n')
            self.lines.append(f"End SpecProofPrint{h}.\n")
        return stems

    def run(self) -> tuple[int, str, str, dict[str, str]]:
        return _coqc_query(self.build, "".join(self.lines))


def _allowed_library_files(files: dict[str, str]) -> list[str]:
    """Problems with where the allowed axioms' libraries were loaded from (they must be the installation's)."""
    where = Path(_installation(coqc_path() or "coqc")[1]).resolve()
    problems = []
    for i, lib in enumerate(sorted({a.rsplit(".", 1)[0] for a in ALLOWED_AXIOMS})):
        m = re.search(r"from file (\S+\.vo)", normalised(files.get(f"lib{i}", "")))
        if m and not Path(m.group(1)).resolve().is_relative_to(where):
            problems.append(f"{lib} is loaded from {m.group(1)}, not from the Coq installation {where}")
    return problems


def ask_coq(
    build: CoqBuild, roots: list[str], prints: dict[str, str], groups: dict[str, list[str]] | None = None
) -> dict:
    """Coq's answers for ``roots`` (fully qualified theorems) and ``prints`` (fully qualified objects → the kind
    they are printed as), in one coqc run when everything asked for exists (more only to localise a problem):

    - ``objects``: every project object the roots' statements reach: kind, kernel-term digest, references;
    - ``missing``: roots that do not exist; ``found``: whether each of ``prints`` exists;
    - ``printed``: each existing object of ``prints`` as Coq prints it in its module's context;
    - ``axioms``: root → (fully qualified axioms, one-line problems).

    ``groups`` (label → roots, default one group) are the Print Assumptions questions: each traversal of the
    libraries costs seconds, so roots are asked together and only a group with a problem root by root.
    Raises RuntimeError when Coq does not answer."""
    roots = sorted(set(roots))
    probes = sorted(set(prints) | set(roots))
    groups = {label: sorted(rs) for label, rs in (groups or {"all": roots}).items() if rs}
    predicted = sorted({_short(a) for a in ALLOWED_AXIOMS})
    walker = [
        f"closure @{LOGICAL_ROOT} {_ltac2_list(roots)}",
        f"exists_names {_ltac2_list(probes)}",
        f"resolve {_ltac2_list(predicted)}",
    ]
    q = _Query(build)
    q.ltac2(*walker)
    q.assumptions(groups)
    stems = q.printing(prints)
    code, output, errors, files = q.run()
    answers = _parse_records(output)
    if code != 0:
        if not answers["found"]:
            raise RuntimeError((output + errors).strip()[-1500:])
        # something asked for does not exist: ask again about what does
        exists = {n for n, kind in answers["found"].items() if kind is not None}
        prints = {n: k for n, k in prints.items() if n in exists}
        groups = {m: [r for r in rs if r in exists] for m, rs in groups.items()}
        groups = {m: rs for m, rs in groups.items() if rs}
        q = _Query(build)
        q.assumptions(groups)
        stems = q.printing(prints)
        code, output, errors, files = q.run()
        if code != 0:
            raise RuntimeError((output + errors).strip()[-1500:])
    answers["printed"] = {}
    for fqn, stem in stems.items():
        text = files.get(stem, "")
        if prints[fqn] == "transparent":
            answers["printed"][fqn] = _printed_body(text)
        elif prints[fqn] == "inductive":
            answers["printed"][fqn] = _printed_inductive(text)
        else:
            answers["printed"][fqn] = _printed_type(text)
    answers["axioms"] = _axioms(build, groups, files, answers["resolves"])
    return answers


def _resolve(build: CoqBuild, names, resolves: dict) -> dict:
    """``resolves`` extended by the fully qualified paths of the printed ``names`` it lacks (one more Coq run, only
    when Print Assumptions printed a name that is not an allowed axiom's)."""
    unknown = sorted({n for n in names if n not in resolves})
    if not unknown:
        return resolves
    q = _Query(build)
    q.ltac2(f"resolve {_ltac2_list(unknown)}")
    code, output, _, _ = q.run()
    return resolves | (_parse_records(output)["resolves"] if code == 0 else {})


def _axioms(build: CoqBuild, groups: dict[str, list[str]], files: dict[str, str], resolves: dict) -> dict:
    """root → [fully qualified axioms, problems]. A group (a module's roots) whose axioms are all allowed gives each
    of its roots that set (a superset of each root's own: safe); a group with any problem is asked again root by
    root, so the reason names the theorem."""
    library_problems = _allowed_library_files(files)

    def absolute(names, problems, label):
        paths = []
        for n in names:
            targets = resolves.get(n, [])
            mine = [t for t in targets if t.startswith(LOGICAL_ROOT + ".")]
            if mine:  # whatever else the printed name can denote, it can denote an axiom of proofs/
                problems = problems + [f"{label} rests on {mine[0]}, an axiom (or admitted lemma) declared in proofs/"]
            elif len(targets) != 1:
                problems = problems + [f"cannot resolve the axiom {n} of {label} to one fully qualified name"]
            else:
                paths.append(targets[0])
        return sorted(paths), problems + (library_problems if paths else [])

    entries = {
        label: _assumption_entries(f"the {label} theorems", files.get(f"ax{i}", "")) for i, label in enumerate(groups)
    }
    resolves = _resolve(build, [n for names, _ in entries.values() for n in names], resolves)
    out, again = {}, []
    for label, (names, problems) in entries.items():
        paths, problems = absolute(names, problems, f"the {label} theorems")
        if problems or any(p not in ALLOWED_AXIOMS for p in paths):
            again += groups[label]
        else:
            out.update({r: [paths, []] for r in groups[label]})
    if again:
        single = {r: [r] for r in again}
        q = _Query(build)
        q.assumptions(single)
        code, output, errors, files = q.run()
        entries = {
            r: _assumption_entries(r, files.get(f"ax{i}", ""))
            if code == 0
            else ([], [f"Coq gave no Print Assumptions answer for {r}: {normalised(errors)[-200:]}"])
            for i, r in enumerate(single)
        }
        resolves = _resolve(build, [n for names, _ in entries.values() for n in names], resolves)
        out.update({r: list(absolute(names, problems, r)) for r, (names, problems) in entries.items()})
    return out


def _answers_key(roots, prints: dict[str, str], reals) -> str:
    blob = json.dumps([QUERY_VERSION, sorted(roots), sorted(prints.items()), sorted(reals)], ensure_ascii=False)
    return hashlib.sha256(blob.encode()).hexdigest()[:20]


@functools.lru_cache(maxsize=16)
def _cached_answers(
    build: CoqBuild, roots: tuple[str, ...], prints: tuple[tuple[str, str], ...], reals: tuple[str, ...]
) -> dict:
    prints_d = dict(prints)
    key = _answers_key(roots, prints_d, reals)
    cached = None if build.keeper is not None else build.directory / f"answers-{key}.json"
    if cached is not None and cached.is_file():
        return json.loads(cached.read_text())
    groups = {"ℝ": list(reals), "other": [r for r in roots if r not in reals]}
    try:
        answers = ask_coq(build, list(roots), prints_d, groups)
    except (RuntimeError, ValueError, subprocess.TimeoutExpired) as err:
        return {"error": normalised(str(err))[-400:]}
    if cached is not None:
        try:
            write_atomic(cached, json.dumps(answers, ensure_ascii=False, sort_keys=True) + "\n")
        except OSError:
            pass  # a read-only cache still answers, only not for the next process
    return answers


def build_answers(build: CoqBuild, pins: dict[str, dict]) -> dict:
    """Coq's answers about every pinned theorem of the build's modules and every pinned object (one question per build
    and set of pins, cached beside a cached build)."""
    present = {m.split(".", 1)[1] for m in build.modules}
    mine = {n: p for n, p in pins.items() if module_of(n) in present}
    roots = tuple(sorted(n for n, p in mine.items() if p["kind"] == "theorem"))
    prints = tuple(sorted((n, p["kind"]) for n, p in mine.items()))
    # two Print Assumptions questions: the theorems about Coq's ℝ (their pins mention Coq.Reals) and the others
    # (MathComp's, expected closed); the grouping only decides how precise the reported axiom sets are
    reals = tuple(
        r
        for r in roots
        if any(
            ref.startswith("Coq.Reals.")
            for o in [r, *pins[r].get("closure", [])]
            for ref in pins.get(o, {}).get("refs", [])
        )
    )
    return _cached_answers(build, roots, prints, reals)


# ------------------------------------------------------------------------------------------- comparing with pins


def reach(objects: dict[str, dict], root: str) -> list[str]:
    """The project objects reachable from ``root`` (root first, breadth first)."""
    seen, order, todo = {root}, [root], [root]
    while todo:
        nxt = []
        for f in todo:
            for r in objects[f]["refs"]:
                if r in objects and r not in seen:
                    seen.add(r)
                    order.append(r)
                    nxt.append(r)
        todo = nxt
    return order


def _last(name: str) -> str:
    return name.rsplit(".", 1)[-1]


def _kind_ok(pinned: str, actual: str, is_root: bool) -> bool:
    if is_root:
        return pinned == "theorem" and actual in ("opaque", "transparent")
    return pinned == actual


def _structural_reason(root: str, order: list[str], objects: dict, pins: dict, found: dict) -> str | None:
    for fqn in order:
        if not objects[fqn]["exact"]:
            return f"{fqn} contains a term the checker cannot read exactly (projection, evar or primitive array)"
    for fqn in order:
        o, pin = objects[fqn], pins.get(fqn)
        if pin is None:
            user = next((u for u in order if fqn in objects[u]["refs"]), root)
            twin = [p for p in pins.get(user, {}).get("refs", []) if _last(p) == _last(fqn) and p != fqn]
            if twin:
                return (
                    f"{user} now refers to {fqn} where the pin has {twin[0]} (the same name resolves to another object)"
                )
            return f"{user} uses {fqn} ({o['kind']}), which has no pin"
        if not _kind_ok(pin["kind"], o["kind"], fqn == root):
            return f"{fqn} is now {o['kind']}, pinned as {pin['kind']}"
        for added in sorted(set(o["refs"]) - set(pin.get("refs", []))):
            twin = [p for p in pin.get("refs", []) if _last(p) == _last(added) and p not in o["refs"]]
            if twin:
                return (
                    f"{fqn} now refers to {added} where the pin has {twin[0]}"
                    " (the same name resolves to another object)"
                )
    for name in pins[root].get("closure", []):
        if found.get(name, "") is None:
            return f"the pinned object {name} cannot be found (no object with that fully qualified name)"
    return None


def _term_reason(order: list[str], objects: dict, pins: dict, printed: dict) -> str | None:
    deepest_first = order[::-1]  # a changed body explains a changed statement, not the reverse
    for fqn in deepest_first:
        want, got = normalised(pins[fqn]["printed"]), printed.get(fqn)
        if got is None:
            return f"Coq printed nothing for {fqn}"
        if want != got:
            return f"{fqn} now prints as `{got[:160]}`, not the pinned `{want[:160]}`"
    for fqn in deepest_first:
        o, pin = objects[fqn], pins[fqn]
        got, want = set(o["refs"]), set(pin.get("refs", []))
        if got != want:
            added, removed = sorted(got - want), sorted(want - got)
            if added and removed:
                return f"{fqn} now refers to {', '.join(added)} instead of {', '.join(removed)}"
            if added:
                return f"{fqn} now also refers to {', '.join(added)}"
            return f"{fqn} no longer refers to {', '.join(removed)}"
        if pin["digest"] != o["digest"]:
            return (
                f"{fqn} prints as pinned but its kernel term differs (digest {o['digest'][:12]} ≠ pinned"
                f" {pin['digest'][:12]}): a notation, scope, coercion or instance now reads it differently"
            )
    return None


def _axiom_reason(root: str, paths: list[str], problems: list[str]) -> str | None:
    if problems:
        return problems[0]
    for a in paths:
        if a == LOGICAL_ROOT or a.startswith(LOGICAL_ROOT + "."):
            return f"{root} rests on {a}, an axiom (or admitted lemma) declared in proofs/"
        if a not in ALLOWED_AXIOMS:
            return f"{root} rests on {a}, which is not an allowed axiom"
    return None


def hook_reason(build: CoqBuild, answers: dict, hook: CoqHook, pins: dict[str, dict]) -> tuple[str | None, dict]:
    """(None, data) when the hook holds, else (the one-line reason it does not, data)."""
    fqn = hook.qualified
    if f"{LOGICAL_ROOT}.{hook.module}" not in build.modules:
        return f"proofs/ has no module {hook.module} (no {hook.source} in _CoqProject)", {}
    pin = pins.get(fqn)
    if pin is None or pin.get("kind") != "theorem":
        return f"{fqn} has no pin (pin it with `specproof coq-pins --write` after review)", {}
    if normalised(pin["printed"]) != hook.statement:
        return f"the hook's statement of {hook.theorem} is not its pin `{normalised(pin['printed'])[:200]}`", {}
    if "error" in answers:
        return f"Coq does not answer for proofs/: {answers['error'][-300:]}", {}
    objects = answers["objects"]
    if fqn in answers["missing"] or fqn not in objects:
        return f"{fqn} does not exist (no object with that fully qualified name)", {}
    order = reach(objects, fqn)
    data = {"statement": answers["printed"].get(fqn, ""), "objects": order[1:]}
    reason = _structural_reason(fqn, order, objects, pins, answers["found"]) or _term_reason(
        order, objects, pins, answers["printed"]
    )
    if reason is not None:
        return reason, data
    paths, problems = answers["axioms"].get(fqn, [[], [f"Coq gave no Print Assumptions answer for {fqn}"]])
    data["assumptions"] = paths
    return _axiom_reason(fqn, paths, problems), data


# ------------------------------------------------------------------------------------------- the claim's constants

# What a claim's constant and the theorem's must share, read left to right: numerals, √, π, log and the relations
# (≤ for ≤ and ≥, < for < and >, =, ≠); everything else (names, arrows, Coq's %-scopes) is skipped. TeX's \frac14 is
# two numerals; Coq's prefix / x is 1 / x and S n is n + 1.
_LATEX_TOKENS = re.compile(
    r"(?P<le>\\(?:geq?|leq?|succeq|preceq)(?![a-zA-Z])|[≥≤])|(?P<ne>\\neq?(?![a-zA-Z])|≠)|(?P<lt>[<>])|(?P<eq>=)"
    r"|(?P<sqrt>\\sqrt(?![a-zA-Z])|√)|(?P<pi>\\pi(?![a-zA-Z])|π)|(?P<log>\\(?:ln|log)(?![a-zA-Z]))"
    r"|\\[dt]?frac(?P<frac>\d\d)|(?P<num>\d+)|\\[a-zA-Z]+"
)
_COQ_TOKENS = re.compile(
    r"(?P<le><=|>=)|(?P<ne><>|!=)|->|<-|<->|(?P<lt>[<>])|(?P<eq>=)|(?P<sqrt>\bsqrt\b)|(?P<pi>\bPI\b)|(?P<log>\bln\b)"
    r"|(?P<succ>\bS\b)|(?P<inv>(?:^|(?<=[(<>=+*-]))\s*/)|[A-Za-z_][\w']*|(?P<num>\d+)"
)
_TOKEN_NAMES = {"le": "≤", "ne": "≠", "lt": "<", "eq": "=", "sqrt": "√", "pi": "π", "log": "log"}


def constant_tokens(text: str, coq: bool) -> list[str]:
    """The constants and relations of a fragment of the claim's statement (``coq=False``, TeX) or of a theorem's
    statement (``coq=True``), sorted."""
    out = []
    for m in (_COQ_TOKENS if coq else _LATEX_TOKENS).finditer(text):
        kind = m.lastgroup
        if kind == "num":
            out.append(str(int(m.group(0))))
        elif kind == "frac":
            out += list(m.group("frac"))
        elif kind in ("succ", "inv"):
            out.append("1")
        elif kind is not None:
            out.append(_TOKEN_NAMES[kind])
    return sorted(out)


def constant_problems(statement: str, coq_statements: list[str], constants) -> list[str]:
    """Why a Coq check's constants do not tie its theorems to the claim (empty when they do): each pair's claim side
    is in the claim's statement, its Coq side in what Coq prints for one of the theorems or an object their
    statements reach, and both carry the same constants and relations."""
    problems = []
    claim_text = normalised(statement)
    for claim_side, coq_side in constants:
        if normalised(claim_side) not in claim_text:
            problems.append(f"the claim's statement does not contain its constant `{claim_side}`")
        elif not any(normalised(coq_side) in s for s in coq_statements):
            problems.append(f"no Coq statement contains `{coq_side}`, the claim's `{claim_side}`")
        elif constant_tokens(claim_side, coq=False) != constant_tokens(coq_side, coq=True):
            problems.append(
                f"`{coq_side}` carries {constant_tokens(coq_side, coq=True)}, the claim's `{claim_side}`"
                f" {constant_tokens(claim_side, coq=False)}"
            )
    return problems


# ------------------------------------------------------------------------------------------------ the evidence


def pins_of() -> dict[str, dict]:
    from specproof.engine.formal_pins import PINS

    return PINS


def claims_of(fn) -> list:
    """The registered claims whose checks include ``fn`` (a Coq check reads its claim's statement and uses)."""
    from specproof.engine.registry import REGISTRY

    return [c for c in REGISTRY.values() if fn in c.checks or fn in c.cross_checks]


def coq_evidence(
    hooks,
    *,
    what: str,
    ranges: str,
    proofs: Path | None = None,
    build: CoqBuild | None = None,
    spec: CoqCheck | None = None,
    claims=(),
) -> Evidence:
    """Evidence that every Coq theorem of ``hooks`` (a :class:`CoqHook` or several) is kernel-checked as pinned:
    ``proved`` (method ``coq``) when the proofs compile, each theorem and everything its statement reaches in
    proofs/ is exactly its pin, it rests on no axiom beyond :data:`ALLOWED_AXIOMS`, and the claim's constants are in
    its statement; ``open`` with the one-line reason otherwise. With ``spec`` (and the ``claims`` whose check it is,
    whose statements its constants must be in): where the theorems and the steps outside Coq do not state the claim,
    the proved evidence only supports (role ``supports``)."""
    hooks = (hooks,) if isinstance(hooks, CoqHook) else tuple(hooks)
    names = [h.theorem for h in hooks]
    base = {"theorem": names[0] if len(names) == 1 else names, "theorems": names}
    if spec is not None:
        base["coverage"] = spec.coverage()

    def open_(reason: str, **data) -> Evidence:
        return Evidence(Status.OPEN, "coq", f"{what}: not kernel-checked: {reason}", ranges=ranges, data=base | data)

    if build is None:
        if coqc_path() is None:
            return open_(f"Coq is not installed (no coqc on PATH); {INSTALL_HINT}")
        build = coq_build(proofs)
        if build is None:
            return open_("the project's proofs/ folder is not available to this installation")
    if not build.ok:
        return open_(f"the proofs did not compile with {build.version}: {build.log}", coq=build.version)
    pins = pins_of()
    answers = build_answers(build, pins)
    every: dict[str, dict] = {}
    for hook in hooks:
        reason, data = hook_reason(build, answers, hook, pins)
        if reason is not None:
            return open_(reason, coq=build.version, **data)
        every[hook.theorem] = data
    texts = [d["statement"] for d in every.values()]
    texts += [answers["printed"].get(o, "") for d in every.values() for o in d["objects"]]
    for claim in claims if spec is not None else ():
        problems = constant_problems(claim.statement, texts, spec.constants) + spec_problems(spec, claim)
        if problems:
            return open_(f"{claim.id}: {problems[0]}", coq=build.version)
    assumptions = sorted({a for d in every.values() for a in d["assumptions"]})
    rests_on = (
        "closed under the global context"
        if not assumptions
        else "no axiom beyond the standard library's real numbers ("
        + ", ".join(a.rsplit(".", 1)[1] for a in assumptions)
        + ")"
    )
    objects = sorted({o for d in every.values() for o in d["objects"]})
    label = "Coq theorem " + names[0] if len(names) == 1 else "Coq theorems " + ", ".join(names)
    summary = (
        f"{what}: {label} {'is' if len(names) == 1 else 'are'} kernel-checked ({build.version}) as pinned, with the"
        f" {len(objects)} object{'' if len(objects) == 1 else 's'} of proofs/"
        f" {'it reaches' if len(names) == 1 else 'they reach'}"
        f" (compared by fully qualified name and kernel term); {rests_on}"
    )
    role = Role.DECIDES
    if spec is not None and not spec.states_claim:
        gaps = "; ".join(s.text for s in spec.steps if s.kind == "prose")
        summary += f"; it does not state the claim: {gaps} is argued in prose only, so it only supports the verdict"
        role = Role.SUPPORTS
    return Evidence(
        Status.PROVED,
        "coq",
        summary,
        ranges=ranges,
        worst_margin=0.0,
        role=role,
        data=base
        | {
            "assumptions": assumptions,
            "coq": build.version,
            "proofs_sha256": build.digest,
            "pinned": {
                h.theorem: {"module": h.module, "statement": h.statement, "objects": every[h.theorem]["objects"]}
                for h in hooks
            },
        },
    )


def coq_check(
    name: str,
    *hooks: CoqHook,
    what: str,
    ranges: str,
    covers: dict[str, str] | None = None,
    steps=(),
    constants=(),
):
    """A check (named ``name`` in reports) that the ``hooks`` hold: see :func:`coq_evidence`. ``covers`` says which
    sentence of the claim each theorem states (theorem → sentence), ``steps`` the steps outside Coq (:class:`Step`),
    ``constants`` the claim's constants as pairs (claim's text, Coq's text). The spec is kept on the function
    (``coq_hooks``, ``coq_spec``), so the catalogue can show every pinned statement and the coverage."""
    spec = CoqCheck(tuple(hooks), tuple((covers or {}).items()), tuple(steps), tuple(constants))

    def fn(ctx):
        return coq_evidence(hooks, what=what, ranges=ranges, spec=spec, claims=claims_of(fn))

    fn.__name__ = fn.__qualname__ = name
    fn.__doc__ = f"The Coq step: {', '.join(h.theorem for h in hooks)} ({what})."
    fn.coq_hooks = tuple(hooks)
    fn.coq_spec = spec
    return check(fn)


def spec_problems(spec: CoqCheck, claim) -> list[str]:
    """Why a Coq check's coverage does not fit its claim: a theorem without its sentence, a sentence for a theorem it
    does not hook, a step from a claim it does not use or from a check it does not have."""
    hooked = {h.theorem for h in spec.hooks}
    covered = {t for t, _ in spec.covers}
    checks = {fn.__name__ for fn in (*claim.checks, *claim.cross_checks)}
    problems = [f"the coverage does not say which sentence {t} states" for t in sorted(hooked - covered)]
    problems += [f"the coverage names {t}, which the check does not hook" for t in sorted(covered - hooked)]
    problems += [
        f"a step is taken from {s.claim}, which the claim does not use"
        for s in spec.steps
        if s.claim and s.claim not in claim.uses
    ]
    problems += [
        f"a step is decided by {s.check}, which is not a check of the claim"
        for s in spec.steps
        if s.check and s.check not in checks
    ]
    return problems


def claim_hooks(claim) -> tuple[CoqHook, ...]:
    """Every Coq hook of a claim's checks, in check order."""
    return tuple(h for fn in (*claim.checks, *claim.cross_checks) for h in getattr(fn, "coq_hooks", ()))


def claim_coverage(claim) -> tuple[CoqCheck, ...]:
    """The Coq checks of a claim (hooks, which sentence each theorem covers, the steps outside Coq)."""
    return tuple(fn.coq_spec for fn in (*claim.checks, *claim.cross_checks) if hasattr(fn, "coq_spec"))


# ----------------------------------------------------------------------------------------------------- pinning


def make_pins(build: CoqBuild, theorems: list[str]) -> dict[str, dict]:
    """Pins for ``theorems`` (fully qualified) and every project object their statements reach, as the build has them
    now (review before committing: a pin is what a claim's Coq step is compared with)."""
    first = ask_coq(build, theorems, {})
    if first["missing"]:
        raise LookupError(f"not found: {', '.join(first['missing'])}")
    objects = first["objects"]
    prints = {f: ("theorem" if f in theorems else o["kind"]) for f, o in objects.items()}
    texts = ask_coq(build, theorems, prints)["printed"]
    pins: dict[str, dict] = {}
    for fqn, o in sorted(objects.items()):
        pins[fqn] = {"kind": prints[fqn], "printed": texts[fqn], "digest": o["digest"], "refs": o["refs"]}
    for t in theorems:
        pins[t]["closure"] = sorted(set(reach(objects, t)) - {t})
    return pins
