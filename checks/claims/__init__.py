"""Claim modules: importing this package registers every claim and its checks.

The import order is the registry order (THEOREMS.md lists a section's claims in that order). Each
module holds the claims of one part of a paper, each claim directly after the checks that decide it;
``*_common`` modules hold what several of them share.
"""

from specproof.checks.claims import (  # noqa: F401
    sdeg_b_eigen,
    sdeg_b_singular,
    sdeg_b_moments,
    sdeg_b_scores,
    sdeg_b_hypotheses,
    sdeg_b_sampled_w1,
    sdeg_f_diagnostics,
    sdeg_c_eigen,
    sdeg_c_spikes,
    sdeg_c_rank,
    sdeg_c_cesaro,
    sdeg_c_lemmas,
    sdeg_d_lemmas,
    sdeg_c_hypotheses,
    sdeg_hypotheses_extra,
    trsp_c_skeleton,
    trsp_c_mu2,
    trsp_c_gap,
    trsp_c_tribox,
    trsp_c_hypotheses,
    trsp_appendix_d,
    trsp_d_lemmas,
    trsp_d_hypotheses,
    trsp_filters,
    trsp_tradeoff,
    trsp_frequency,
    trsp_gate,
    trsp_network,
    sdeg_real,
)
