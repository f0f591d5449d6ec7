"""A tiny Llama-architecture GGUF written with gguf's own writer: random float32 weights, a byte-level BPE tokenizer
(GPT-2's byte alphabet and two merges), grouped-query attention. Seconds to write and load, so the causal decoder's
loader and measurements are tested without the 98 MB SmolLM2 file or its package."""

from __future__ import annotations

from pathlib import Path

import numpy as np


def write_tiny_gguf(
    path: Path,
    *,
    architecture: str = "llama",
    layers: int = 2,
    width: int = 16,
    heads: int = 4,
    kv_heads: int = 2,
    hidden: int = 32,
    context: int = 4096,
    seed: int = 0,
) -> Path:
    import gguf
    from tokenizers.pre_tokenizers import ByteLevel

    rng = np.random.default_rng(seed)
    tokens = ["<unk>", "<s>", "</s>", *sorted(ByteLevel.alphabet()), "Ġt", "he"]
    writer = gguf.GGUFWriter(str(path), architecture)
    writer.add_name("tiny")
    writer.add_context_length(context)
    writer.add_embedding_length(width)
    writer.add_block_count(layers)
    writer.add_feed_forward_length(hidden)
    writer.add_head_count(heads)
    writer.add_head_count_kv(kv_heads)
    writer.add_rope_freq_base(10000.0)
    writer.add_layer_norm_rms_eps(1e-5)
    writer.add_vocab_size(len(tokens))
    writer.add_rope_dimension_count(width // heads)
    writer.add_tokenizer_model("gpt2")
    writer.add_tokenizer_pre("default")
    writer.add_token_list(tokens)
    writer.add_token_types([3, 3, 3] + [1] * (len(tokens) - 3))
    writer.add_token_merges(["Ġ t", "h e"])
    writer.add_bos_token_id(1)
    writer.add_eos_token_id(2)
    writer.add_unk_token_id(0)
    writer.add_pad_token_id(2)

    def weight(name, shape, scale=0.3):
        writer.add_tensor(name, (rng.standard_normal(shape) * scale).astype(np.float32))

    kv = kv_heads * width // heads
    weight("token_embd.weight", (len(tokens), width), 1.0)
    for i in range(layers):
        writer.add_tensor(f"blk.{i}.attn_norm.weight", np.ones(width, np.float32))
        writer.add_tensor(f"blk.{i}.ffn_norm.weight", np.ones(width, np.float32))
        weight(f"blk.{i}.attn_q.weight", (width, width))
        weight(f"blk.{i}.attn_k.weight", (kv, width))
        weight(f"blk.{i}.attn_v.weight", (kv, width))
        weight(f"blk.{i}.attn_output.weight", (width, width))
        weight(f"blk.{i}.ffn_gate.weight", (hidden, width))
        weight(f"blk.{i}.ffn_up.weight", (hidden, width))
        weight(f"blk.{i}.ffn_down.weight", (width, hidden))
    writer.add_tensor("output_norm.weight", np.ones(width, np.float32))
    writer.write_header_to_file()
    writer.write_kv_data_to_file()
    writer.write_tensors_to_file()
    writer.close()
    return Path(path)
