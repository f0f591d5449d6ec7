"""Asking Coq about a build of ``proofs/`` (:mod:`specproof.engine.coq_build`): one batched query per build (an Ltac2
walk over the kernel terms of every pinned theorem, the printed text of every pinned object, ``Print Assumptions`` per
group) and its cached answers. What the answers are compared with, and the evidence, is
:mod:`specproof.engine.formal`."""

from __future__ import annotations

import functools
import hashlib
import json
import re
import subprocess
import tempfile
from pathlib import Path

from specproof.engine.coq_build import (
    LOGICAL_ROOT,
    QUERY_TIMEOUT_S,
    CoqBuild,
    coqc_path,
    normalised,
    run_coqc,
)
from specproof.engine.io import write_atomic

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
# bump when the query or the record format changes: cached answers of another version are not read
QUERY_VERSION = "3"
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


def _coqc_query(build: CoqBuild, text: str) -> tuple[int, str, str, dict[str, str]]:
    """Compile a generated query file that reads the build (never writes it): exit status, stdout, stderr and the
    ``Redirect`` files by stem."""
    with tempfile.TemporaryDirectory(prefix="specproof-query-") as tmp:
        query = Path(tmp) / "specproof_query.v"
        query.write_text(text)
        done = run_coqc(
            [coqc_path() or "coqc", "-q", "-Q", str(_built(build)), LOGICAL_ROOT, query.name],
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
    objects: dict[str, dict] = {}
    missing: list[str] = []
    found: dict[str, str | None] = {}
    resolves: dict[str, list[str]] = {}
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

    def printing(self, objects: dict[str, str]) -> dict[str, str]:
        """Print every object (fqn → kind) in its home module's context; the Redirect stem of each."""
        by_home: dict[str, list[str]] = {}
        for fqn in objects:
            by_home.setdefault(module_of(fqn), []).append(fqn)
        stems: dict[str, str] = {}
        for h, (home, names) in enumerate(sorted(by_home.items())):
            src = _built(self.build) / f"{home}.v"
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
        return sorted(paths), problems

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


def _answers_key(build: CoqBuild, roots, prints: dict[str, str], reals) -> str:
    question = [sorted(roots), sorted(prints.items()), sorted(reals)]
    blob = json.dumps([QUERY_VERSION, build.libraries_digest, *question], ensure_ascii=False)
    return hashlib.sha256(blob.encode()).hexdigest()[:20]


def _built(build: CoqBuild) -> Path:
    """The directory of a build that succeeded (a failed build has none: its error says why)."""
    if build.directory is None:
        raise RuntimeError(f"the Coq build failed, so there is nothing to ask: {build.log[-2000:]}")
    return build.directory


@functools.lru_cache(maxsize=16)
def _cached_answers(
    build: CoqBuild, roots: tuple[str, ...], prints: tuple[tuple[str, str], ...], reals: tuple[str, ...]
) -> dict:
    prints_d = dict(prints)
    key = _answers_key(build, roots, prints_d, reals)
    cached = None if build.keeper is not None else _built(build) / f"answers-{key}.json"
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
