"""The task-level runs' configurations: :class:`TaskConfig` (task, model, optimiser, curriculum, stop), its
fingerprint (what a stored row was trained by), the named configs (``CONFIGS``) and the planned pairs each config's
verdicts wait for, with the pass-over rule of the configs that have reserve seeds."""

from __future__ import annotations

import dataclasses
import hashlib
import json
from dataclasses import dataclass

from specproof.runs.train.statistics import LEARNED  # noqa: F401 (the precondition's level, re-exported)
from specproof.runs.train.tasks import TASKS

REVISION = 1


@dataclass(frozen=True)
class TaskConfig:
    name: str
    task: str = "mqar"
    T: int = 64
    facts: int = 4  # mqar: key-value pairs; hop: chains
    questions: int = 16
    entities: int = 32
    d_model: int = 64
    n_layers: int = 2
    n_heads: int = 4
    mlp_ratio: float = 2.0
    init_std: float = 0.1
    steps: int = 1200
    batch: int = 32
    lr: float = 1e-3
    warmup: float = 0.02
    weight_decay: float = 0.0
    schedule: str = "constant"
    clip: float = 1.0
    curriculum: str = "0.5:41"  # phases before the full task: "fraction:T[:facts[:questions]],..."
    ratios: tuple = (1, 2, 4, 8)
    eval_every: int = 100
    curve_n: int = 128
    eval_n: int = 256
    diag_n: int = 4
    checkpoint_every: int = 200
    seeds: tuple = (0, 1, 2, 3, 4, 5)
    variants: tuple = ("base", "trsp")
    hop_answer: str = "person"  # hop: "person" (latent two hops) or "city-person" (the bridging city named first)
    hop_order: str = "subject-first"  # hop: the facts' token order (HopTask.order)
    embed_std: float | None = None  # the token embeddings' initial std (None: init_std)
    residual_std: float | None = None  # wo, w2 initial std (None: init_std/√(2D))
    qk_std: float | None = None  # wq, wk initial std (None: init_std)
    hop_pool: str = "typed"  # hop: "typed" (each role its own tokens) or "shared" (one entity pool, HopTask.pool)
    replacement: bool = True  # questions drawn with replacement (repeats in the loss) or without
    # trained to a criterion: once the learning curve's held-out accuracy at T first reaches ``learned_at``, the run
    # trains ``after`` more steps and stops (``steps`` is then the cap); None: a fixed budget of ``steps``
    learned_at: float | None = None
    after: int = 0

    def identity(self) -> dict:
        out = dataclasses.asdict(self)
        for k in ("seeds", "variants", "checkpoint_every"):
            out.pop(k)
        if out["hop_answer"] == "person":  # added after the committed rows: at its default, their fingerprint stands
            out.pop("hop_answer")
        if out["hop_order"] == "subject-first":  # the same: added after the committed rows
            out.pop("hop_order")
        for k, default in (
            ("embed_std", None),
            ("residual_std", None),
            ("qk_std", None),
            ("hop_pool", "typed"),
            ("replacement", True),
            ("learned_at", None),
            ("after", 0),
        ):
            if out[k] == default:  # added after the committed rows: at its default, their fingerprint stands
                out.pop(k)
        return out

    def fingerprint(self) -> str:
        text = json.dumps({"config": self.identity(), "revision": REVISION}, sort_keys=True)
        return hashlib.sha256(text.encode()).hexdigest()[:16]

    def make_task(self):
        if self.task == "hop":
            e = self.entities
            return TASKS["hop"](
                chains=self.facts,
                questions=self.questions,
                persons=e,
                cities=e,
                countries=e,
                answer=self.hop_answer,
                order=self.hop_order,
                pool=self.hop_pool,
                with_replacement=self.replacement,
            )
        return TASKS["mqar"](
            pairs=self.facts,
            questions=self.questions,
            keys=self.entities,
            values=self.entities,
            with_replacement=self.replacement,
        )

    def model_config(self, vocab: int):
        from specproof.theory.torch.transformer import DecoderConfig

        return DecoderConfig(
            d_model=self.d_model,
            n_layers=self.n_layers,
            n_heads=self.n_heads,
            mlp_ratio=self.mlp_ratio,
            vocab=vocab,
            init_std=self.init_std,
            embed_std=self.embed_std,
            residual_std=self.residual_std,
            qk_std=self.qk_std,
        )


DEEP_STEPS, DEEP_PAIRS = 6000, 12  # from the pilot (slowest transition 3600 x 1.5, rounded up) and the power analysis
DEEP2_CAP = 7200  # the second recipe's cap: 1.5x the slowest transition of its pilot (TRSP seed 102, 95 % at 4800)
# its seeds, fresh (the first recipe's 0-11 would retrace the first runs up to their stop): the DEEP2_PAIRS planned
# pairs are the first of 12, 13, ... in which both arms met the precondition; a pair where an arm did not is passed
# over (learnability reports it, an outcome of its own) and the next reserve seed trained (stated before the runs).
# 8 pairs, not the power analysis's 12: the 6 CPU-hours had 1.75 left after the runs already committed (4.25,
# the first recipe's 3.22 among them), and the pilot's trainings that stopped at the criterion took 190-450 s each
# (about 280 on average), so 12 pairs (24 trainings, about 1.9 h) would not fit even with none passed over; 8 do
DEEP2_PAIRS = 8
DEEP2_SEEDS, DEEP2_RESERVE = tuple(range(12, 12 + DEEP2_PAIRS)), tuple(range(12 + DEEP2_PAIRS, 18 + DEEP2_PAIRS))
RESERVE_SEEDS = {"mqar-deep2": DEEP2_RESERVE}
HOP_STEPS, HOP_PAIRS = 3000, 8  # from the pilot: slowest transition 2000 x 1.5

CONFIGS = {
    # the measured configuration: base reaches >= 95 % at 1x in ~700 steps (about 2 CPU-minutes per seed)
    "mqar": TaskConfig("mqar"),
    # the NoLiMa-style two-hop task (TRSP App. A.1's design), in the form measured to be learned at this size: the
    # answer names the bridging city first ("Q C Z P", exact match on both) and each fact reads key-first ("C IN Z .",
    # "Z LIVES P ."), after a curriculum of two chains at T = 40, then T = 64. Exploration (README): the key-first form
    # is learned in some seeds (100 % at 1x by step 1500-2250) and stuck at chance on the second hop in others; the
    # latent form and the subject-first order stay at chance among the chains up to 8000 steps
    "hop": TaskConfig(
        "hop",
        task="hop",
        T=96,
        facts=4,
        questions=8,
        entities=16,
        steps=6000,
        curriculum="0.25:40:2:4,0.25:64",
        eval_every=250,
        checkpoint_every=500,
        hop_answer="city-person",
        hop_order="key-first",
    ),
    # deep enough for the side path to act: 2^(D-1) = 256 = 8·T, so the top band covers the whole 8× context as
    # in the paper (D = 14, b up to 8192 = 8× its 1K window). Recipe from the pilot (data/trained-pilots.jsonl): the
    # query and key projections drawn at 0.1 (the attention saddle: at 0.02 even D = 2 stays at chance), everything
    # else at 0.02 (wo, w2 at 0.02/√(2D)), and lr 5e-4 (at 1e-3 one seed left chance at step 3600, another not by
    # 5000; at 2e-3 later still): the other levers tried (batch 64/128, init 0.01/0.05, embeddings at 0.1 or 1, no
    # depth scaling, a 2-pair phase, 2 heads) stayed at chance among the in-context values longer
    "mqar-deep": TaskConfig(
        "mqar-deep",
        T=32,
        facts=4,
        questions=8,
        entities=32,
        n_layers=9,
        init_std=0.02,
        qk_std=0.1,
        lr=5e-4,
        steps=DEEP_STEPS,
        warmup=160 / DEEP_STEPS,  # the pilot's 160 steps
        curriculum="",
        eval_every=200,
        checkpoint_every=500,
        seeds=tuple(range(DEEP_PAIRS)),
    ),
    # the two-hop task redesigned so that a small decoder learns it in every seed: one entity pool for every role, the
    # questions without replacement (no repeat in the loss), the needle hop alone first (two chains at T = 40), then
    # both hops (two chains at T = 64), then the task; the budget is 1.5× the pilot's slowest transition
    "hop-shared": TaskConfig(
        "hop-shared",
        task="hop",
        T=96,
        facts=4,
        questions=3,
        replacement=False,
        entities=32,
        hop_pool="shared",
        hop_answer="city-person",
        hop_order="key-first",
        steps=HOP_STEPS,
        warmup=120 / HOP_STEPS,  # the pilot's 120 steps
        curriculum=f"{900 / HOP_STEPS}:40:2:1:1,{900 / HOP_STEPS}:64:2:1",
        eval_every=250,
        checkpoint_every=500,
        seeds=tuple(range(HOP_PAIRS)),
    ),
    # the end-to-end test's: seconds on one core, learns nothing
    "tiny": TaskConfig(
        "tiny",
        T=24,
        facts=2,
        questions=2,
        entities=8,
        d_model=16,
        n_layers=1,
        n_heads=2,
        steps=12,
        batch=4,
        curriculum="",
        ratios=(1, 2),
        eval_every=6,
        curve_n=8,
        eval_n=8,
        diag_n=1,
        checkpoint_every=5,
        seeds=(0, 1),
    ),
}


COMMITTED = (
    "mqar",
    "hop",
    "mqar-deep",
    "mqar-deep2",
    "hop-shared",
)  # the configs whose base and TRSP rows are committed (data/trained-tasks.jsonl)

# the deep configuration's second recipe, fixed on pilot seeds (100-103, both arms) before its committed runs: the
# first (mqar-deep, a fixed 6000 steps) left one TRSP seed of 12 on the attention saddle, its loss drifting down
# by 0.07 over 4400 steps. Here each run trains to a criterion: once the held-out accuracy at
# T first reaches 99 %, 1000 more steps (every seed of both arms the same training past the point it learned),
# with DEEP2_CAP steps at most; everything else as mqar-deep. The constant learning rate is the first recipe's
# too (its schedule was already constant): what changes is the stop, the seeds and the pass-over rule
CONFIGS["mqar-deep2"] = dataclasses.replace(
    CONFIGS["mqar-deep"],
    name="mqar-deep2",
    steps=DEEP2_CAP,
    warmup=160 / DEEP2_CAP,  # the first recipe's 160 steps
    learned_at=0.99,
    after=1000,
    seeds=DEEP2_SEEDS,
)


# the pairs a config's verdicts wait for, fixed before its runs: MQAR at the committed config extended to 16 (issue
# 42), the deep and the redesigned two-hop configs their planned pairs; any other config its seeds
PLANNED_PAIRS = {"mqar": 16, "mqar-deep": DEEP_PAIRS, "mqar-deep2": DEEP2_PAIRS, "hop-shared": HOP_PAIRS}


def planned_pairs(config: str) -> int:
    return PLANNED_PAIRS.get(config, len(CONFIGS[config].seeds))
