"""TRSP's side path plugged into a pretrained Llama-architecture decoder (TRSP App. A.2's post-training setting).

Each decoder layer ℓ of transformers' Llama computes X + Attn(norm(X)), then the MLP on top. The plugin adds the side
path in parallel to attention, as App. A.2 writes it, X_out = X + Attn(X) + Σ_{b ∈ B_ℓ} g(T, b)·K_b(X): a forward
pre-hook keeps the layer's input X (the residual stream), a forward hook on the attention module adds the side-path
term to its output. The side path is the project's :class:`specproof.theory.torch.transformer.SidePath` (any battery
variant through :func:`specproof.runs.train.harness.side_path_spec`; TRSP's own is the dyadic schedule placed on all
the model's layers, b_ℓ = min(2^ℓ, T), the triBox kernel and the trainable Eq. 7 gate, ≈ 50 parameters). The
backbone's weights are not touched; :meth:`SidePathPlugin.remove` takes the hooks off.
"""

from __future__ import annotations

from specproof.theory.validate import InputError


class SidePathPlugin:
    """A side path on every decoder layer of ``model`` (a transformers Llama causal LM or its peft wrapper)."""

    def __init__(self, layers, spec, seed: int, like=None):
        from specproof.theory.torch.transformer import SidePath

        self.layers = list(layers)
        self.side = SidePath(spec, len(self.layers), seed)
        if like is not None:
            self.side.to(dtype=like.dtype, device=like.device)
        self._inputs: dict[int, object] = {}
        self._gains = None
        self._handles = []
        for i, layer in enumerate(self.layers):
            if not hasattr(layer, "self_attn"):
                raise InputError(f"decoder layer {i} has no self_attn; allowed: a Llama-architecture decoder")
            self._handles.append(layer.register_forward_pre_hook(self._keep(i), with_kwargs=True))
            self._handles.append(layer.self_attn.register_forward_hook(self._add(i)))

    def _keep(self, i: int):
        def hook(_module, args, kwargs):
            X = kwargs.get("hidden_states", args[0] if args else None)
            if i == 0:  # the gains depend on T only: computed once per forward pass
                self._gains = self.side.gains(X.shape[-2], X)
            self._inputs[i] = X

        return hook

    def _add(self, i: int):
        def hook(_module, _args, output):
            layers, g = self._gains
            X = self._inputs.pop(i)
            term = self.side.term(X, layers[i], g)
            if term is None:
                return output
            return (output[0] + term, *output[1:])

        return hook

    def parameters(self):
        return list(self.side.parameters())

    def gains(self, T: int) -> list[list[tuple[int, float]]]:
        """Per layer, the (b, g(T, b)) the side path applies at length T."""
        import torch

        first = next(iter(self.side.parameters()), None)
        like = first if first is not None else torch.zeros(())
        with torch.no_grad():
            layers, g = self.side.gains(T, like)
        return [[(b, float(g[b])) for b in bands] for bands in layers]

    def remove(self) -> None:
        for h in self._handles:
            h.remove()
        self._handles.clear()


def trsp_spec(n_layers: int):
    """TRSP's own side path on a decoder of ``n_layers`` layers: b_ℓ = min(2^ℓ, T) on every layer (Eq. 5), the triBox
    kernel, the trainable Eq. 7 gate (hidden width 16: 50 parameters)."""
    from specproof.runs.train.harness import side_path_spec
    from specproof.theory.spec import Gate, paper_side_path

    return side_path_spec(paper_side_path(Gate.trsp(), depth=n_layers))
