"""TRSP Appendix D: restricted invertibility, mixing, pointwise and readout lemmas, the error bound (Eq. 20).

Every claim id of this part is registered here; a claim without checks is `open`."""

from checks.registry import Source, Status, claim

claim(
    id='trsp.D.carry-over',
    title='D carry over',
    source=Source('TRSP', 'App. D', ''),
    statement='Intro of App. D: the row-normalised operator M of ℳ "shares the connectivity", so the gap/rank guarantees of App. C carry over (interpretive: probe it numerically).',
    expected=Status.OPEN,
    reason="no checks yet",
)

claim(
    id='trsp.D1.restricted-invertibility',
    title='D1 restricted invertibility',
    source=Source('TRSP', 'App. D', 'Lemma D.1'),
    statement='Lemma D.1: for ε∈(0,1) there is a column subset S with |S| ≥ (1−ε)²·sr(X) and σ_min(X|_S) ≥ ε‖X‖₂/√d. Note the integer size; compare with the Spielman–Srivastava form.',
    expected=Status.OPEN,
    reason="no checks yet",
)

claim(
    id='trsp.D2.averaging',
    title='D2 averaging',
    source=Source('TRSP', 'App. D', 'Cor. D.2'),
    statement='Cor. D.2: averaging k uncorrelated zero-mean components of variance ≤ σ⊥² leaves error ≤ σ⊥/√k.',
    expected=Status.OPEN,
    reason="no checks yet",
)

claim(
    id='trsp.D3.mixing',
    title='D3 mixing',
    source=Source('TRSP', 'App. D', 'Lemma D.3'),
    statement='Lemma D.3: for reversible M with gap γ on H₀(π), ‖M^L‖_{H₀→H₀} ≤ (1−γ)^L.',
    expected=Status.OPEN,
    reason="no checks yet",
)

claim(
    id='trsp.D4.pointwise',
    title='D4 pointwise',
    source=Source('TRSP', 'App. D', 'Lemma D.4'),
    statement='Lemma D.4: π_min ≥ c_π/T ⇒ ‖e‖_∞ ≤ √(T/c_π)·‖e‖_{2,π}.',
    expected=Status.OPEN,
    reason="no checks yet",
)

claim(
    id='trsp.D5.readout',
    title='D5 readout',
    source=Source('TRSP', 'App. D', 'Lemma D.5'),
    statement='Lemma D.5: Lip(f∘𝒜⁻¹) ≤ L_f·κ(𝒜)/σ_max(𝒜) ≤ L_f κ̄/c₀.',
    expected=Status.OPEN,
    reason="no checks yet",
)

claim(
    id='trsp.D6.bound',
    title='D6 bound',
    source=Source('TRSP', 'App. D', 'Eq. 20'),
    statement='Eq. 20 as a whole, on explicit instances where every quantity is computable.',
    expected=Status.OPEN,
    reason="no checks yet",
)
