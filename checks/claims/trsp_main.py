"""TRSP main text (§1, §3): the R_eff identity, box/triBox filters, schedule, gate, layer operator.

Every claim id of this part is registered here; a claim without checks is `open`."""

from checks.registry import Source, Status, claim

claim(
    id='trsp.reff.identity',
    title='reff identity',
    source=Source('TRSP', '§1', ''),
    statement='§1: with singular values normalised so σ₁=1 and γ=1−σ₂, R_eff=Σσᵢ² = 1+(1−γ)²+Σ_{i≥3}σᵢ²; and stable rank ‖M‖_F²/‖M‖₂² equals R_eff under that normalisation (§3.2).',
    expected=Status.OPEN,
    reason="no checks yet",
)

claim(
    id='trsp.box.prefix',
    title='box prefix',
    source=Source('TRSP', '§3', 'Eq. 1 / Eq. 2'),
    statement='Eq. 1 = Eq. 2: the causal box filter with window w_t=min(b,t+1) equals the prefix-sum form, for every T, b, X.',
    expected=Status.OPEN,
    reason="no checks yet",
)

claim(
    id='trsp.box.linear-cost',
    title='box linear cost',
    source=Source('TRSP', '§3', 'Eq. 2'),
    statement='Eq. 2 costs O(Td) whatever b (a timing claim: cost flat in b).',
    expected=Status.OPEN,
    reason="no checks yet",
)

claim(
    id='trsp.tribox.kernel',
    title='tribox kernel',
    source=Source('TRSP', '§3', 'Eq. 3–4'),
    statement='Eq. 3–4: Box_b∘Box_b equals the causal triangular convolution with h_b(r)=(b−|r−(b−1)|)/b², r=0..2b−2, at every t ≥ 2b−2; the weights are ≥0, sum to 1, and decay linearly.',
    expected=Status.OPEN,
    reason="no checks yet",
)

claim(
    id='trsp.schedule.dyadic',
    title='schedule dyadic',
    source=Source('TRSP', '§3', 'Eq. 5'),
    statement='Eq. 5: b_ℓ=min(2^ℓ,T); the union over layers of the dominant offsets is {±2^ℓ}.',
    expected=Status.OPEN,
    reason="no checks yet",
)

claim(
    id='trsp.gate.range',
    title='gate range',
    source=Source('TRSP', '§3', 'Eq. 7'),
    statement='Eq. 7: g_ℓ=σ(MLP(log₂ r_ℓ))·r_ℓ^φ with r_ℓ=b_ℓ/T, φ=softplus(β) lies in (0,1) for all parameters, T, ℓ.',
    expected=Status.OPEN,
    reason="no checks yet",
)

claim(
    id='trsp.gate.param-count',
    title='gate param count',
    source=Source('TRSP', '§3.3.1', ''),
    statement='§3.3.1: the gate has ≈50 trainable parameters (state the MLP shape that gives it).',
    expected=Status.OPEN,
    reason="no checks yet",
)

claim(
    id='trsp.gate.length-trend',
    title='gate length trend',
    source=Source('TRSP', '§3.3.2', 'Eq. 7'),
    statement='§3.3.2: "because r_ℓ shrinks with length, a learned φ>0 increases the relative triBox contribution and counters dilution" — test the stated direction against Eq. 7.',
    expected=Status.OPEN,
    reason="no checks yet",
)

claim(
    id='trsp.gate.input-agnostic',
    title='gate input agnostic',
    source=Source('TRSP', '§3', ''),
    statement='g_ℓ depends on (T, ℓ) only, never on X.',
    expected=Status.OPEN,
    reason="no checks yet",
)

claim(
    id='trsp.layer.operator',
    title='layer operator',
    source=Source('TRSP', '§3', 'Eq. 6 / Eq. 8'),
    statement='Eq. 6 applied channel-wise equals x ↦ (I+A_attn+g·M_tri)x (Eq. 8) with M_tri the matrix of the triBox filter.',
    expected=Status.OPEN,
    reason="no checks yet",
)

claim(
    id='trsp.tribox.frobenius-linear',
    title='tribox frobenius linear',
    source=Source('TRSP', '§3.2.3', ''),
    statement='§3.2.3: ‖M_tri‖_F² = Θ(T) for fixed b.',
    expected=Status.OPEN,
    reason="no checks yet",
)
