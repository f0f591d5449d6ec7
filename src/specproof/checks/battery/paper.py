"""The paper's own TRSP and its Table 4 ablations as battery variants: the battery's reference plug-ins, as
scikit-learn's own estimators are ``check_estimator``'s.

Each is :func:`theory.spec.paper_ablations`' side path (the one the network claims, the sweeps and the trainer read)
with what it declares of itself, the same declarations as the shipped examples (examples/variants/*.toml, which the
tests hold equal to these), read on real attention on the packaged MiniLM.
"""

from __future__ import annotations

from specproof.checks.battery.model import Attention, Expect, RealModel, Variant
from specproof.theory.spec import SidePath, paper_ablations

# why each declared failure or rate is what it is (the reasons the examples give, each written once)
SPARSE_LAYERS = "sparse layout: one bandwidth per layer, as in the paper's default"
SUPERPOSED_LAYERS = (
    "the offsets are spread over the layers, so the Cayley skeleton forms only by superposition (App. C.3.3); a single "
    "layer with b = 2^l and even T is disconnected"
)
FIXED_DEPTH_NET = (
    "at fixed depth the side path reaches a fixed distance R while the gate shrinks as (b/T)^phi, so with attention "
    "isolating every token mu2 falls faster than 1/T^2 (under 6R^2/(T^2-1), trsp.network.fixed-depth-bound): the "
    "safety net fails"
)
STATIC_NET = (
    "a constant gate keeps the fixed-depth side path at a fixed reach R, so with attention isolating every token mu2 "
    "is of order R^2/T^2 (trsp.network.fixed-depth-bound): the safety net falls as 1/T^2, not faster as with the "
    "shrinking gate"
)
REAL_RANK = (
    "on MiniLM's heads the side path's wide smoothing filters add a near-rank-one component: at some layer the median "
    "R_eff(I + A + S_l) falls below R_eff(I + A) (trsp.real.rank-floor sees the same with g = 0.1, 0.5)"
)

# Table 4's name → (the variant's name, its description, what it declares)
DECLARED = {
    "trsp": (
        "paper-default",
        "TRSP as published: sparse dyadic schedule, triangular kernel, long-context gate",
        {
            "layer-connected": Expect.fails(SUPERPOSED_LAYERS),
            "network-safety-net": Expect.fails(FIXED_DEPTH_NET),
            "real-rank": Expect.fails(REAL_RANK),
        },
    ),
    "dense-full-sweep": (
        "dense-full-sweep",
        "every layer carries the whole dyadic skeleton",
        {"real-rank": Expect.fails(REAL_RANK)},
    ),
    "no-dyadic": (
        "no-dyadic",
        "every layer smooths over the whole sequence, b_l = T",
        {
            "skeleton-connected": Expect.fails("every offset b_l = T is 0 mod T, so Cay(Z_T, {0}) has T components"),
            "layer-connected": Expect.fails("every layer's offset is T = 0 mod T"),
            "skeleton-mu2-floor": Expect.fails("the skeleton is disconnected: mu2 = 0"),
            "skeleton-mu2-rate": Expect.fails("mu2 = 0 at every T: no rate"),
            "skeleton-gap-rate": Expect.fails("the normalised gap is 0 at every T: no rate"),
            "operator-mu2-rate": Expect.rate(
                "log T", "D = log2 T + 1 copies of one dense triBox: mu2 grows with the depth"
            ),
            "operator-gap-rate": Expect.rate(
                "1", "a triBox of width T couples every pair of tokens, so the walk mixes in O(1) steps"
            ),
            "real-rank": Expect.fails(REAL_RANK),
        },
    ),
    "box-kernel": (
        "box-kernel",
        "dyadic schedule with a uniform box kernel",
        {
            "layer-connected": Expect.fails(SPARSE_LAYERS),
            "network-safety-net": Expect.fails(FIXED_DEPTH_NET),
            "real-rank": Expect.fails(REAL_RANK),
        },
    ),
    "static-gate": (
        "static-gate",
        "dyadic schedule, triangular kernel, a static scalar gate g = 0.5",
        {
            "layer-connected": Expect.fails(SPARSE_LAYERS),
            "real-rank": Expect.fails(REAL_RANK),
            "network-safety-net": Expect.rate("1/T^2", STATIC_NET),
        },
    ),
}


def _variant(side_path: SidePath, name: str, description: str, expect: dict) -> Variant:
    # the default TRSP is read with causal softmax attention, SDEG's canonical model
    attention = Attention.softmax(causal=True) if side_path.name == "trsp" else None
    return Variant(
        name,
        schedule=side_path.schedule,
        kernel=side_path.kernel,
        gate=side_path.gate,
        attention=attention,
        model=RealModel.minilm(),
        layout=side_path.layout,
        expect=expect,
        description=description,
    )


def paper_variants() -> list[Variant]:
    """The default TRSP and its Table 4 ablations (static gate, b_ℓ = T, box kernel, dense full sweep) as battery
    variants, default first, each with its declared outcomes: ``check_variant(v).as_declared`` for every one."""
    side_paths = paper_ablations()
    order = ("trsp", "static-gate", "no-dyadic", "box-kernel", "dense-full-sweep")
    return [_variant(side_paths[key], *DECLARED[key]) for key in order]


__all__ = ["DECLARED", "paper_variants"]
