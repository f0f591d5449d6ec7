"""SDEG: causal canonical attention A_c = softmax(Σ+M) (Thm 3, 4, 7, App. C).

Every claim id of this part is registered here; a claim without checks is `open`."""

from checks.registry import Source, Status, claim

claim(
    id='sdeg.c.eigen',
    title='c eigen',
    source=Source('SDEG', '§3', 'Thm 3'),
    statement='Thm 3: λ_i(A_c) = a_i/(a_i+i−1).',
    expected=Status.OPEN,
    reason="no checks yet",
)

claim(
    id='sdeg.c.eigen-profile',
    title='c eigen profile',
    source=Source('SDEG', '§3', 'Thm 3'),
    statement='Thm 3: ℓ⁻¹Σ(λ_i − 1_{i≤k})² ≤ k³/(ℓ³f²) + 3/g.',
    expected=Status.OPEN,
    reason="no checks yet",
)

claim(
    id='sdeg.c.eigen-harmonic',
    title='c eigen harmonic',
    source=Source('SDEG', '§3', 'Thm 3'),
    statement='Thm 3: 1 ≤ a_i ≤ C ⇒ 1/i ≤ λ_i ≤ C/i; and without bounded bulk (k=0, a_i=√ℓ) λ_ℓ ≍ ℓ^{−1/2}.',
    expected=Status.OPEN,
    reason="no checks yet",
)

claim(
    id='sdeg.c.sv-universal',
    title='c sv universal',
    source=Source('SDEG', '§3', 'Thm 4'),
    statement='Thm 4 Step 1: 1/(3i) ≤ σ_i(A_c) ≤ ‖A_c‖ ≤ √5 for all i. Find which hypotheses it needs.',
    expected=Status.OPEN,
    reason="no checks yet",
)

claim(
    id='sdeg.c.representation',
    title='c representation',
    source=Source('SDEG', '§3', ''),
    statement='A_c = diag(θ) + (I−diag(θ))H_ℓ (H_ℓ the Cesàro matrix); A_c = D H_ℓ + C with D_ii = i/(a_i+i−1), C_ii = (a_i−1)/(a_i+i−1).',
    expected=Status.OPEN,
    reason="no checks yet",
)

claim(
    id='sdeg.c.row-norms',
    title='c row norms',
    source=Source('SDEG', '§3', ''),
    statement='Σ_j (A_c)_ij² = (i−1+a_i²)/(a_i+i−1)²; ρ_i − 1/i = (i−1)(a_i−1)²/(i(a_i+i−1)²) ∈ [0, C_B/i²].',
    expected=Status.OPEN,
    reason="no checks yet",
)

claim(
    id='sdeg.c.interlace-block',
    title='c interlace block',
    source=Source('SDEG', '§3', ''),
    statement='σ_{k+m}(A_c) ≤ σ_m(A₂₂) for the bulk block.',
    expected=Status.OPEN,
    reason="no checks yet",
)

claim(
    id='sdeg.c.spike-sv',
    title='c spike sv',
    source=Source('SDEG', '§3', ''),
    statement='|σ_i(A_c) − 1| = O(k/(ℓ f(ℓ))) for i ≤ k.',
    expected=Status.OPEN,
    reason="no checks yet",
)

claim(
    id='sdeg.c.no-harmonic-sv',
    title='c no harmonic sv',
    source=Source('SDEG', 'App. C.5', ''),
    statement='App. C.5: a bound σ_i ≤ Ĉ/i for all bulk i cannot hold (it would bound ‖A_c‖_F, which grows like log ℓ).',
    expected=Status.OPEN,
    reason="no checks yet",
)

claim(
    id='sdeg.c.log-many',
    title='c log many',
    source=Source('SDEG', '§3', ''),
    statement='Bounded bulk ⇒ at most O(log ℓ) bulk singular values above any fixed threshold; without it, an example with Ω(√ℓ) singular values > 1/3 and srank ≥ r/20.',
    expected=Status.OPEN,
    reason="no checks yet",
)

claim(
    id='sdeg.c.rank-proxies',
    title='c rank proxies',
    source=Source('SDEG', '§3', 'Thm 7'),
    statement='Thm 7: srank, srank_λ, erank₂ of A_c = Θ(k + log((ℓ+1)/(k+1))); erank₂(H_ℓ) = Θ(log ℓ), log erank₁(H_ℓ) = Θ(log ℓ).',
    expected=Status.OPEN,
    reason="no checks yet",
)

claim(
    id='sdeg.c.schatten',
    title='c schatten',
    source=Source('SDEG', '§3', ''),
    statement='Σ_j σ_j(H_n)^p ≤ C_p log(n+1) (say for which p), and ‖H_n‖_* = Θ(log²(n+1)).',
    expected=Status.OPEN,
    reason="no checks yet",
)

claim(
    id='sdeg.c.Lm-singular',
    title='c Lm singular',
    source=Source('SDEG', '§3', ''),
    statement='σ_j(L_m) = 1/(2 sin((2j−1)π/(4m+2))) ≍ m/j for the m×m lower-triangular all-ones L_m; ‖L_{2^r}‖_* ≥ c·2^r(r+1).',
    expected=Status.OPEN,
    reason="no checks yet",
)

claim(
    id='sdeg.c.dyadic-blocks',
    title='c dyadic blocks',
    source=Source('SDEG', '§3', ''),
    statement='(Σ_{i∈I_r} i⁻²)^{1/2}|I_{r−d}|^{1/2} ≤ 2^{−d/2} for dyadic blocks I_r.',
    expected=Status.OPEN,
    reason="no checks yet",
)

claim(
    id='sdeg.c.test-vector',
    title='c test vector',
    source=Source('SDEG', '§3', ''),
    statement='x_i = i^{−1/2}: ‖x‖² = H_ℓ (harmonic number), (H_ℓx)_i = 2/√i + O(1/i); hence ‖H_ℓ‖ → 2.',
    expected=Status.OPEN,
    reason="no checks yet",
)
