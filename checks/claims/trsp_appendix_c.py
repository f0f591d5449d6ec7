"""TRSP Appendix C: the Cayley skeleton, μ₂ ≥ 2, the normalised gap, kernel energy, rank floor.

Every claim id of this part is registered here; a claim without checks is `open`."""

from checks.registry import Source, Status, claim

claim(
    id='trsp.C.regular-gap',
    title='C regular gap',
    source=Source('TRSP', 'App. C', ''),
    statement='For an r-regular graph, normalised gap γ = μ₂/r.',
    expected=Status.OPEN,
    reason="no checks yet",
)

claim(
    id='trsp.C1.cayley',
    title='C1 cayley',
    source=Source('TRSP', 'App. C.1', 'Thm C.1'),
    statement='Thm C.1: superposing the offsets ±2^ℓ, ℓ=0..⌊log₂T⌋, gives the circulant Cayley graph Cay(ℤ_T, S). Also measure how far the real (causal, weighted, non-wrapping) triBox stack is from this skeleton.',
    expected=Status.OPEN,
    reason="no checks yet",
)

claim(
    id='trsp.C3.spectrum',
    title='C3 spectrum',
    source=Source('TRSP', 'App. C.3', 'Lemma C.3 / Eq. 9'),
    statement='Lemma C.3 / Eq. 9: Laplacian eigenvalues μ_k = 2Σ_ℓ(1−cos(2^ℓθ_k)), θ_k=2πk/T. Say whether this is the multigraph or the simple graph, and what happens when generators coincide mod T (2^L=T, 2^ℓ≡−2^m).',
    expected=Status.OPEN,
    reason="no checks yet",
)

claim(
    id='trsp.C4.weyl',
    title='C4 weyl',
    source=Source('TRSP', 'App. C.4', 'Lemma C.4'),
    statement='Lemma C.4: P, Q symmetric, Q ⪰ 0 ⇒ λ_k(P+Q) ≥ λ_k(P) for every k.',
    expected=Status.OPEN,
    reason="no checks yet",
)

claim(
    id='trsp.C5.safety-net',
    title='C5 safety net',
    source=Source('TRSP', 'App. C.5', 'Prop. C.5'),
    statement='Prop. C.5: μ₂(L_attn + g·L_tri) ≥ g·μ₂(L_tri) for every row-stochastic attention pattern.',
    expected=Status.OPEN,
    reason="no checks yet",
)

claim(
    id='trsp.C6.mu2-lower',
    title='C6 mu2 lower',
    source=Source('TRSP', 'App. C.6', 'Thm C.6'),
    statement='Thm C.6: μ₂(L_tri) ≥ 2 for every T ≥ 2.',
    expected=Status.OPEN,
    reason="no checks yet",
)

claim(
    id='trsp.C6.bit-lemma',
    title='C6 bit lemma',
    source=Source('TRSP', 'App. C.6', ''),
    statement='Proof of C.6: {2^ℓψ} ∈ [¼,¾) iff bits b_{ℓ+1} ≠ b_{ℓ+2}; every ψ=k/T, 1≤k≤T−1, has such a sign change within its first L+2 bits; 2^{−(L+2)} < 1/T.',
    expected=Status.OPEN,
    reason="no checks yet",
)

claim(
    id='trsp.C6.mu2-upper',
    title='C6 mu2 upper',
    source=Source('TRSP', 'App. C.6', 'Eq. 10'),
    statement='Eq. 10: μ₂ ≤ μ₁ ≤ (2π/T)²·4^{L+1}/3 ≤ 16π²/3, each step.',
    expected=Status.OPEN,
    reason="no checks yet",
)

claim(
    id='trsp.C6.gap-rate',
    title='C6 gap rate',
    source=Source('TRSP', 'App. C.6', 'Eq. 11'),
    statement='Eq. 11: r=2(L+1) and γ_tri = μ₂/r = Θ(1/log T).',
    expected=Status.OPEN,
    reason="no checks yet",
)

claim(
    id='trsp.C6.dense-depth',
    title='C6 dense depth',
    source=Source('TRSP', '§C.3.3', ''),
    statement='§C.3.3: the dense variant (all offsets in one layer) has per-layer γ=Θ(1/log T) and, with depth D=Θ(log T), (1−γ)^D = Θ(1).',
    expected=Status.OPEN,
    reason="no checks yet",
)

claim(
    id='trsp.C7.frobenius',
    title='C7 frobenius',
    source=Source('TRSP', 'App. C.7', 'Prop. C.7 / Eq. 12'),
    statement='Prop. C.7 / Eq. 12: ‖ℳ‖_F² ≥ T + g²‖M_tri‖_F² for nonnegative A_attn, and the definition E_b := ‖M_tri‖_F²/T equals ‖h‖₂².',
    expected=Status.OPEN,
    reason="no checks yet",
)

claim(
    id='trsp.C7.kernel-energy',
    title='C7 kernel energy',
    source=Source('TRSP', 'App. C.7', 'Eq. 13'),
    statement='Eq. 13: ‖h‖₂² = b⁻⁴Σ_{m}(b−|m|)² = (2b²+1)/(3b³) = Θ(1/b).',
    expected=Status.OPEN,
    reason="no checks yet",
)

claim(
    id='trsp.C8.row-sums',
    title='C8 row sums',
    source=Source('TRSP', 'App. C.8', ''),
    statement='‖M_tri‖_∞ = 1.',
    expected=Status.OPEN,
    reason="no checks yet",
)

claim(
    id='trsp.C8.column-sums',
    title='C8 column sums',
    source=Source('TRSP', 'App. C.8', ''),
    statement='‖M_tri‖₁ = O(log b) ("harmonic factor at the first O(b) boundary columns").',
    expected=Status.OPEN,
    reason="no checks yet",
)

claim(
    id='trsp.C8.spectral-norm',
    title='C8 spectral norm',
    source=Source('TRSP', 'App. C.8', ''),
    statement='‖M_tri‖₂ ≤ √(‖M_tri‖₁‖M_tri‖_∞) = o(√T).',
    expected=Status.OPEN,
    reason="no checks yet",
)

claim(
    id='trsp.C8.sink-norm',
    title='C8 sink norm',
    source=Source('TRSP', 'App. C.8', ''),
    statement='For A_attn = 𝟏e₁ᵀ, ‖A_attn‖₂ = √T.',
    expected=Status.OPEN,
    reason="no checks yet",
)

claim(
    id='trsp.C8.rank-floor',
    title='C8 rank floor',
    source=Source('TRSP', 'App. C.8', 'Thm C.8 / Eq. 14–15'),
    statement='Thm C.8 / Eq. 14–15: fixed b, rank-one sink ⇒ liminf_T R_eff(ℳ) ≥ 1+g²E_b > 1. Also find the actual limit, and compare with the same model at g=0.',
    expected=Status.OPEN,
    reason="no checks yet",
)

claim(
    id='trsp.C8.distal',
    title='C8 distal',
    source=Source('TRSP', 'App. C.8', ''),
    statement='For b=Θ(T), E_b = Θ(1/T).',
    expected=Status.OPEN,
    reason="no checks yet",
)
