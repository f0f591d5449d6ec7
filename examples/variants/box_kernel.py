"""The uniform box kernel written from scratch, as you would write your own kernel.

Every component is a plain function: the schedule maps T to one bandwidth per layer, the kernel
maps a bandwidth b to its weights h_b(0), h_b(1), ... (lag 0 = the token itself). Exact weights
(Fractions) let the battery certify the kernel's sum and sign instead of checking them in floats.
It is the same variant as box_kernel.toml.

Run:  specproof variant examples/variants/box_kernel.py
"""

from fractions import Fraction

from specproof import Expect, Gate, Kernel, Variant


def dyadic(T):
    """b_l = min(2^l, T) for l = 0..floor(log2 T)."""
    return [min(2**ell, T) for ell in range(T.bit_length())]


def box_weights(b):
    """h_b(r) = 1/b for the b most recent tokens."""
    return [Fraction(1, b)] * b


variant = Variant(
    name="box-kernel",
    description="dyadic schedule with a uniform box kernel",
    schedule=dyadic,
    kernel=Kernel("box (by hand)", weights=box_weights),
    gate=Gate.trsp(seed=0),
    model="all-MiniLM-L6-v2",
    expect={
        "layer-connected": Expect.fails("sparse layout: one bandwidth per layer, as in the paper's default"),
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
