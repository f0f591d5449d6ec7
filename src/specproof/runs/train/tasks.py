"""The token-level synthetic tasks of the trained length-extrapolation experiment (pure numpy, deterministic per
seed; trained and measured by :mod:`specproof.runs.train.task_run`).

Both produce batches of ``T + 1`` tokens (the model reads the first T, predicts the next token at each position);
``mask[i, t]`` marks the positions t whose target ``tokens[i, t + 1]`` is an answer token (the only ones scored and,
in training, the only ones in the loss). The number of facts does not depend on T: a longer T means a longer
haystack of filler around the same facts ("same facts, proportionally more filler"), so 2x/4x/8x instances are the
1x instances with more distractor text, needles at uniform depths of the longer haystack.

Streams: a training batch is a pure function of (seed, step) (generator ``[seed, TRAIN_STREAM, step]``); the held-out
set of a length is a pure function of (HELDOUT_STREAM, T, index) and is the same for every model and seed.

1. ``hop`` - NoLiMa-style two-hop retrieval (TRSP App. A.1's design, synthetic vocabulary).
   Vocabulary: persons P, cities Z, countries C, the relations LIVES ("lives in") and IN ("is in"), a few noise
   relations, a statement end '.', the question marker Q ("which person lives in country ...?"), BOS, PAD.
   An instance holds ``chains`` disjoint chains (P_j LIVES Z_j .) [needle] and (Z_j IN C_j .) [bridging fact],
   distinct persons, cities and countries, each of the 2*chains facts in its own uniformly drawn statement slot of a
   haystack of filler statements "e1 R_noise e2 ." (entities drawn from the same P/Z/C vocabulary, so the haystack
   mentions the facts' entities too, but never with LIVES or IN). At the end, ``questions`` of the chains
   (``questions < chains``, so no answer follows by elimination) are asked as "Q C_j P_j": the question names the
   country only, which appears in the bridge but not in the needle (no literal overlap between question and
   needle); the answer P_j needs the chain C_j -> (bridge) Z_j -> (needle) P_j. The other chains are full-structure
   distractors, so the answer cannot come from "the person next to LIVES" (chance 1/chains) without the bridge.
   Options: ``answer = "city-person"`` asks "Q C" -> "Z P" (the bridging city named first, exact match on both);
   ``order = "key-first"`` writes the facts "C IN Z ." and "Z LIVES P ." (the same draws), the form that a small
   decoder learns here in some seeds (config ``hop`` of task_run).
2. ``mqar`` - multi-query associative recall (Zoology, Arora et al. 2023) with a haystack: ``pairs`` key-value
   bigrams "k v" (distinct keys) at uniformly drawn non-overlapping positions in a haystack of filler tokens (their
   own vocabulary), then SEP and ``questions`` of the keys "k v" (distinct, random order); the values are answers.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

TRAIN_STREAM, HELDOUT_STREAM = 1, 7
PAD, BOS = 0, 1


@dataclass
class Batch:
    tokens: np.ndarray  # (B, T + 1) int64
    mask: np.ndarray  # (B, T) bool: positions whose next token is an answer token (all in the loss)
    score: np.ndarray  # (B, T) bool: the answers that are scored (first time their key is asked)
    depth: np.ndarray  # (B, questions, k) float: relative depth (start / T) of the fact(s) each question needs
    extra: dict = field(default_factory=dict)


@dataclass(frozen=True)
class HopTask:
    """NoLiMa-style two-hop retrieval: question "Q C" -> answer P via bridge "Z IN C ." and needle "P LIVES Z ."."""

    chains: int = 4
    questions: int = 2
    persons: int = 32
    cities: int = 32
    countries: int = 32
    noise_relations: int = 4
    filler: str = "words"  # "words": filler statements use their own vocabulary; "entities": the P/Z/C tokens
    filler_words: int = 32
    with_replacement: bool = True  # questions drawn with replacement: no answer follows by elimination
    answer: str = "person"  # "person": "Q C P"; "city-person": "Q C Z P" (the bridging city named first)
    # "subject-first": needle "P LIVES Z .", bridge "Z IN C ." (each fact's answer two tokens before its key);
    # "key-first": bridge "C IN Z ." (country C holds city Z), needle "Z LIVES P ." (city Z is P's home): each fact's
    # key two tokens before the entity the next hop needs, so a lookup reads forward as in the question "Q C Z P"
    order: str = "subject-first"
    # "typed": persons, cities and countries have their own tokens; "shared": every role draws (distinct) entities
    # from one pool of ``persons`` tokens, so a lookup learned for one hop serves the other
    pool: str = "typed"
    hops: int = 2  # 2: bridge and needle, question "Q C" (the task); 1: needles only, question "Q Z" -> P (a phase)
    name: str = "hop"

    def __post_init__(self):
        roles = 3 * self.chains if self.pool == "shared" else self.chains
        if (
            self.questions < 1
            or roles > (self.persons if self.pool == "shared" else min(self.persons, self.cities, self.countries))
            or (not self.with_replacement and self.questions >= self.chains)
        ):
            raise ValueError(
                "need questions >= 1, chains <= min(persons, cities, countries) (3 * chains <= persons with a shared "
                "pool), and, without replacement, questions < chains"
            )
        if self.pool not in ("typed", "shared"):
            raise ValueError(f"pool must be 'typed' or 'shared', not {self.pool!r}")
        if self.hops not in (1, 2):
            raise ValueError(f"hops must be 1 or 2, not {self.hops!r}")
        if self.answer not in ("person", "city-person"):
            raise ValueError(f"answer must be 'person' or 'city-person', not {self.answer!r}")
        if self.order not in ("subject-first", "key-first"):
            raise ValueError(f"order must be 'subject-first' or 'key-first', not {self.order!r}")

    @property
    def answer_len(self) -> int:
        """Answer tokens per question: exact match needs every one (greedy decoding from the question equals the
        teacher-forced argmaxes exactly when each of them is right)."""
        return 2 if self.answer == "city-person" and self.hops == 2 else 1

    # vocabulary layout
    @property
    def DOT(self):
        return 2

    @property
    def Q(self):
        return 3

    @property
    def LIVES(self):
        return 4

    @property
    def IN(self):
        return 5

    @property
    def noise0(self):
        return 6

    @property
    def person0(self):
        return self.noise0 + self.noise_relations

    @property
    def city0(self):
        return self.person0 + (0 if self.pool == "shared" else self.persons)

    @property
    def country0(self):
        return self.city0 + (0 if self.pool == "shared" else self.cities)

    @property
    def word0(self):
        return self.person0 + self.persons if self.pool == "shared" else self.country0 + self.countries

    @property
    def vocab(self):
        return self.word0 + (self.filler_words if self.filler == "words" else 0)

    needle_width = 3  # the needle's fact tokens from its start: "Z LIVES P" (or "P LIVES Z")

    def min_length(self) -> int:
        return 1 + 4 * self.hops * self.chains + (2 + self.answer_len) * self.questions

    def instance(self, rng: np.random.Generator, T: int):
        L = T + 1
        w = 2 + self.answer_len  # question width: Q C [Z] P
        qlen = w * self.questions
        H = L - 1 - qlen  # haystack tokens
        slots = H // 4
        if slots < self.hops * self.chains:
            raise ValueError(f"T = {T} too short; need T >= {self.min_length() - 1}")
        lead = H - 4 * slots  # PADs after BOS so that the statements end right before the questions
        toks = np.empty(L, dtype=np.int64)
        toks[0] = BOS
        toks[1 : 1 + lead] = PAD
        # filler statements: e1 R_noise e2 .
        if self.filler == "words":
            e0, n_ent = self.word0, self.filler_words
        else:
            e0, n_ent = self.person0, self.persons + self.cities + self.countries
        st = np.empty((slots, 4), dtype=np.int64)
        st[:, 0] = e0 + rng.integers(0, n_ent, slots)
        st[:, 1] = self.noise0 + rng.integers(0, self.noise_relations, slots)
        st[:, 2] = e0 + rng.integers(0, n_ent, slots)
        st[:, 3] = self.DOT
        if self.pool == "shared":
            drawn = self.person0 + rng.choice(self.persons, 3 * self.chains, replace=False)
            P, Z, C = drawn[: self.chains], drawn[self.chains : 2 * self.chains], drawn[2 * self.chains :]
        else:
            P = self.person0 + rng.choice(self.persons, self.chains, replace=False)
            Z = self.city0 + rng.choice(self.cities, self.chains, replace=False)
            C = self.country0 + rng.choice(self.countries, self.chains, replace=False)
        where = rng.choice(slots, self.hops * self.chains, replace=False)  # uniform depths, independent slots
        needle_slot, bridge_slot = where[: self.chains], where[self.chains :]
        if self.order == "key-first":
            st[needle_slot, 0], st[needle_slot, 1], st[needle_slot, 2] = Z, self.LIVES, P
            st[bridge_slot, 0], st[bridge_slot, 1], st[bridge_slot, 2] = (
                C[: bridge_slot.size],
                self.IN,
                Z[: bridge_slot.size],
            )
        else:
            st[needle_slot, 0], st[needle_slot, 1], st[needle_slot, 2] = P, self.LIVES, Z
            st[bridge_slot, 0], st[bridge_slot, 1], st[bridge_slot, 2] = (
                Z[: bridge_slot.size],
                self.IN,
                C[: bridge_slot.size],
            )
        toks[1 + lead : 1 + lead + 4 * slots] = st.ravel()
        asked = rng.choice(self.chains, self.questions, replace=self.with_replacement)
        q = np.empty((self.questions, w), dtype=np.int64)
        # two hops: "Q C [Z] P"; the needle hop alone: "Q Z P" (the city named, its person answered)
        q[:, 0], q[:, 1], q[:, -1] = self.Q, (C if self.hops == 2 else Z)[asked], P[asked]
        if w == 4:
            q[:, 2] = Z[asked]
        toks[L - qlen :] = q.ravel()
        mask = np.zeros(T, dtype=bool)
        score = np.zeros(T, dtype=bool)
        for a in range(self.answer_len):  # position of C_j predicts P_j (or Z_j, whose position predicts P_j)
            where_q = np.arange(L - qlen + 1 + a, L, w)
            mask[where_q] = True
            score[where_q[_first(asked)]] = True
        pos = lambda s: (1 + lead + 4 * s) / T  # noqa: E731
        depth = np.stack([pos(needle_slot[asked])] + ([pos(bridge_slot[asked])] if self.hops == 2 else []), axis=1)
        return toks, mask, score, depth


@dataclass(frozen=True)
class MQARTask:
    """Multi-query associative recall with a filler haystack: "k v" pairs, then SEP and queries "k v"."""

    pairs: int = 8
    questions: int = 4
    keys: int = 64
    values: int = 64
    fillers: int = 32
    order: str = "kv"  # "kv": facts "k v"; "vk": facts "v k" (the query is still "k" -> v)
    with_replacement: bool = True  # queries drawn with replacement: no answer follows by elimination
    name: str = "mqar"

    def __post_init__(self):
        if self.questions < 1 or self.pairs > self.keys or (not self.with_replacement and self.questions > self.pairs):
            raise ValueError("need questions >= 1, pairs <= keys, and, without replacement, questions <= pairs")

    @property
    def SEP(self):
        return 2

    @property
    def key0(self):
        return 3

    @property
    def value0(self):
        return self.key0 + self.keys

    @property
    def filler0(self):
        return self.value0 + self.values

    @property
    def vocab(self):
        return self.filler0 + self.fillers

    needle_width = 2  # the fact's tokens from its start: "k v"

    def min_length(self) -> int:
        return 1 + 2 * self.pairs + 1 + 2 * self.questions

    def instance(self, rng: np.random.Generator, T: int):
        L = T + 1
        qlen = 2 * self.questions
        H = L - 2 - qlen  # haystack between BOS and SEP
        if H < 2 * self.pairs:
            raise ValueError(f"T = {T} too short; need T >= {self.min_length() - 1}")
        toks = np.empty(L, dtype=np.int64)
        toks[0] = BOS
        hay = self.filler0 + rng.integers(0, self.fillers, H)
        k = self.key0 + rng.choice(self.keys, self.pairs, replace=False)
        v = self.value0 + rng.integers(0, self.values, self.pairs)
        starts = np.sort(rng.choice(H - self.pairs, self.pairs, replace=False)) + np.arange(self.pairs)
        order = rng.permutation(self.pairs)  # which pair sits in which slot
        first, second = (k, v) if self.order == "kv" else (v, k)
        hay[starts], hay[starts + 1] = first[order], second[order]
        toks[1 : 1 + H] = hay
        toks[1 + H] = self.SEP
        asked = rng.choice(self.pairs, self.questions, replace=self.with_replacement)
        q = np.empty((self.questions, 2), dtype=np.int64)
        q[:, 0], q[:, 1] = k[asked], v[asked]
        toks[L - qlen :] = q.ravel()
        mask = np.zeros(T, dtype=bool)
        where_q = np.arange(L - qlen, L, 2)  # position of the key predicts the value
        mask[where_q] = True
        score = np.zeros(T, dtype=bool)
        score[where_q[_first(asked)]] = True
        slot_of = np.empty(self.pairs, dtype=np.int64)
        slot_of[order] = np.arange(self.pairs)
        depth = ((1 + starts[slot_of[asked]]) / T)[:, None]  # (questions, 1)
        return toks, mask, score, depth


TASKS = {"hop": HopTask, "mqar": MQARTask}


def _first(asked: np.ndarray) -> np.ndarray:
    """Indices of the first occurrence of each distinct value of ``asked``."""
    _, idx = np.unique(asked, return_index=True)
    return np.sort(idx)


def _stack(task, rngs, T) -> Batch:
    out = [task.instance(r, T) for r in rngs]
    extra = {"answer_len": task.answer_len} if getattr(task, "answer_len", 1) > 1 else {}
    tokens, mask, score, depth = (np.stack([o[i] for o in out]) for i in range(4))
    return Batch(tokens, mask, score, depth, extra=extra)


def train_batch(task, T: int, batch: int, seed: int, step: int) -> Batch:
    """The training batch of one step: a pure function of (task, T, batch, seed, step)."""
    rng = np.random.default_rng([seed, TRAIN_STREAM, step])
    return _stack(task, [rng] * batch, T)


def heldout_set(task, T: int, count: int) -> Batch:
    """``count`` held-out instances at length T, each from its own generator [HELDOUT_STREAM, T, i] (the first n of a
    larger set are the smaller set); the same for every model and seed, disjoint stream from training."""
    return _stack(task, [np.random.default_rng([HELDOUT_STREAM, 0, T, i]) for i in range(count)], T)


def decode_hop(task: HopTask, toks) -> str:
    """A readable rendering of a hop instance (for the report)."""
    names = {
        PAD: "_",
        BOS: "<s>",
        task.DOT: ".",
        task.Q: "Q:which-person-lives-in",
        task.LIVES: "lives-in" if task.order == "subject-first" else "home-of",
        task.IN: "is-in" if task.order == "subject-first" else "holds",
    }
    out = []
    for t in toks:
        t = int(t)
        if t in names:
            out.append(names[t])
        elif t < task.person0:
            out.append(f"r{t - task.noise0}")
        elif task.pool == "shared" and t < task.word0:
            out.append(f"E{t - task.person0}")
        elif t < task.city0:
            out.append(f"P{t - task.person0}")
        elif t < task.country0:
            out.append(f"Z{t - task.city0}")
        elif t < task.word0:
            out.append(f"C{t - task.country0}")
        else:
            out.append(f"w{t - task.word0}")
    return " ".join(out)
