"""The paper's default TRSP as a Python variant (the same as paper_default.toml).

Run:  specproof variant examples/variants/paper_default.py
"""

from specproof import Attention, Expect, Gate, Kernel, Schedule, Variant

variant = Variant(
    name="paper-default",
    description="TRSP as published: sparse dyadic schedule, triangular kernel, long-context gate",
    schedule=Schedule.geometric(base=2),  # b_l = min(2^l, T), TRSP Eq. 5
    kernel=Kernel.triangular(),  # the triBox cascade, Eq. 3-4
    gate=Gate.trsp(seed=0),  # Eq. 7
    attention=Attention.softmax(causal=True),
    model="all-MiniLM-L6-v2",  # the real-attention properties on the packaged model (or a local model directory)
    expect={
        "layer-connected": Expect.fails(
            "the offsets are spread over the layers, so the Cayley skeleton forms only by superposition "
            "(App. C.3.3); a single layer with b = 2^l and even T is disconnected"
        ),
        "network-safety-net": Expect.fails(
            "at fixed depth the side path reaches a fixed distance R while the gate shrinks as (b/T)^phi, so with "
            "attention isolating every token mu2 falls faster than 1/T^2 (under 6R^2/(T^2-1), "
            "trsp.network.fixed-depth-bound): the safety net fails"
        ),
        "real-rank": Expect.fails(
            "on MiniLM's heads the side path's wide smoothing filters add a near-rank-one component: at some layer the "
            "median R_eff(I + A + S_l) falls below R_eff(I + A) (trsp.real.rank-floor sees the same with g = 0.1, 0.5)"
        ),
    },
)
