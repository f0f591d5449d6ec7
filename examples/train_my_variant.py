"""Train a side path of your own beside the base model and TRSP, and compare them as TRSP Fig. 4 does.

Any :class:`specproof.Variant` plugs into the decoder's side path (TRSP Eq. 6): its schedule gives the bandwidths
b_ℓ(T), its kernel the causal filter K_b, its gate the gain g(T, b) (``Gate.trsp()`` becomes the trainable Eq. 7
gate, any other gate is a fixed gain), its layout whether each layer carries one bandwidth or all of them. Here: a
triadic schedule with a cascade of three boxes.

From the command line (this file binds the variant ``triadic-cascade``)::

    specproof train --variant examples/train_my_variant.py --variants base,trsp --config tiny     # seconds
    specproof train --variant examples/train_my_variant.py --variants base,trsp                  # ~ 10 min, CPU

Or from Python::

    python examples/train_my_variant.py            # the tiny configuration, in memory, prints the table
"""

from specproof import Gate, Kernel, Schedule, Variant

variant = Variant(
    name="triadic-cascade",
    schedule=Schedule.geometric(3),  # b_ℓ = min(3^ℓ, T)
    kernel=Kernel.cascade(3),  # Box_b ∘ Box_b ∘ Box_b: a smoother bump than the triangle
    gate=Gate.trsp(),  # trained with the model (≈ 50 parameters)
    description="base-3 bandwidths, a three-box cascade, the trained long-context gate",
)


if __name__ == "__main__":
    from specproof.runs.train import harness as tr

    config = tr.CONFIGS["tiny"]
    variants = {**tr.resolve_variants(["base", "trsp"]), variant.name: variant}
    setting = tr.Setting(config, tr.load_corpus(), variants, tr.resolve_device(None), checkpoints=None)
    result = tr.run(setting, seeds=[0, 1])
    print(tr.summary_table(tr.committed_run(result.rows, config.name), config.ratios))
