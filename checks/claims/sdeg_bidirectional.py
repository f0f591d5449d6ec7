"""SDEG: setup, bidirectional canonical attention A_b = softmax(Σ) (Thm 1, 2, 6), §3.4 and Appendices E–F.

Every claim id of this part is registered here; a claim without checks is `open`."""

from checks.registry import Source, Status, claim

claim(
    id='sdeg.setup.entries',
    title='setup entries',
    source=Source('SDEG', '§3', ''),
    statement='(A_b)_ii = a_i/(a_i+ℓ−1), off-diagonal 1/(a_i+ℓ−1); transition of a row from averaging to concentration at s_i ≈ log ℓ.',
    expected=Status.OPEN,
    reason="no checks yet",
)

claim(
    id='sdeg.setup.spike-count',
    title='setup spike count',
    source=Source('SDEG', '§3', ''),
    statement='k ≤ rank(S) ≤ d_qk, so k = o(ℓ) for fixed head dimension.',
    expected=Status.OPEN,
    reason="no checks yet",
)

claim(
    id='sdeg.b.decomposition',
    title='b decomposition',
    source=Source('SDEG', 'App. C.1', ''),
    statement='A_b = D + z𝟏ᵀ with d_i=(a_i−1)/(a_i+ℓ−1) ∈ [0,1), z_i = 1/(a_i+ℓ−1); the ideal limit A* (spike rows e_i, bulk rows 𝟏ᵀ/ℓ) has the block Gram matrix of App. C.1.',
    expected=Status.OPEN,
    reason="no checks yet",
)

claim(
    id='sdeg.b.charpoly',
    title='b charpoly',
    source=Source('SDEG', '§3', ''),
    statement='det(λI−A_b) = Π(λ−d_i)·(1 − Σ z_i/(λ−d_i)); block triangular form [u,Q]ᵀA[u,Q].',
    expected=Status.OPEN,
    reason="no checks yet",
)

claim(
    id='sdeg.b.eigen-real',
    title='b eigen real',
    source=Source('SDEG', '§3', 'Thm 2'),
    statement='Thm 2(1): eigenvalues of A_b are real, in [0,1], λ₁=1, and interlace: d_j ≤ λ_j ≤ d_{j−1} (2 ≤ j ≤ ℓ).',
    expected=Status.OPEN,
    reason="no checks yet",
)

claim(
    id='sdeg.b.eigen-profile',
    title='b eigen profile',
    source=Source('SDEG', '§3', 'Thm 2'),
    statement='Thm 2(2): ideal profile 1 (k times), 1−c_ℓ, 0 (ℓ−k−1 times); (1−c_ℓ)d_k + c_ℓ d_ℓ ≤ λ_{k+1} ≤ (1−c_ℓ)d₁ + c_ℓ d_{k+1}.',
    expected=Status.OPEN,
    reason="no checks yet",
)

claim(
    id='sdeg.b.eigen-limit',
    title='b eigen limit',
    source=Source('SDEG', '§3', 'Thm 2'),
    statement='Thm 2(3): c_ℓ → c ⇒ empirical eigenvalue law → cδ₁+(1−c)δ₀.',
    expected=Status.OPEN,
    reason="no checks yet",
)

claim(
    id='sdeg.b.sv-leading',
    title='b sv leading',
    source=Source('SDEG', '§3', 'Thm 1'),
    statement='Thm 1(2): k = o(ℓ) ⇒ the leading k+1 singular values → 1 uniformly (state the rate).',
    expected=Status.OPEN,
    reason="no checks yet",
)

claim(
    id='sdeg.b.sv-limit',
    title='b sv limit',
    source=Source('SDEG', '§3', 'Thm 1'),
    statement='Thm 1(3): c_ℓ → c ⇒ empirical singular-value law → cδ₁+(1−c)δ₀.',
    expected=Status.OPEN,
    reason="no checks yet",
)

claim(
    id='sdeg.b.sv-interlace',
    title='b sv interlace',
    source=Source('SDEG', 'App. D.1', ''),
    statement='App. D.1: d_{j+1} ≤ σ_j(A_b) ≤ d_{j−1}.',
    expected=Status.OPEN,
    reason="no checks yet",
)

claim(
    id='sdeg.b.bulk-d',
    title='b bulk d',
    source=Source('SDEG', '§3', ''),
    statement='Bounded bulk ⇒ 0 ≤ d_i ≤ (e^B−1)/ℓ.',
    expected=Status.OPEN,
    reason="no checks yet",
)

claim(
    id='sdeg.b.trace-rank',
    title='b trace rank',
    source=Source('SDEG', '§3', ''),
    statement='srank_λ(A_b) = tr(A_b) (eigenvalues nonnegative, largest 1).',
    expected=Status.OPEN,
    reason="no checks yet",
)

claim(
    id='sdeg.b.rank-proxies',
    title='b rank proxies',
    source=Source('SDEG', '§3', 'Thm 6'),
    statement='Thm 6: bounded bulk ⇒ srank(A_b), erank₂(A_b) = k+1+o(1); worked example A = dI+(1−d)𝟏𝟏ᵀ/ℓ, d=(e^b−1)/(e^b+ℓ−1).',
    expected=Status.OPEN,
    reason="no checks yet",
)

claim(
    id='sdeg.encoder-decoder',
    title='encoder decoder',
    source=Source('SDEG', '§3.4', ''),
    statement='§3.4: relative to ℓ, stable ranks decay like 1/ℓ (bidirectional) and log ℓ/ℓ (causal).',
    expected=Status.OPEN,
    reason="no checks yet",
)

claim(
    id='sdeg.E.orientation-average',
    title='E orientation average',
    source=Source('SDEG', 'App. E', ''),
    statement='E[softmax(UΣVᵀ) | Σ] = 𝟏𝟏ᵀ/ℓ and E[softmax(UΣVᵀ+M) | Σ]_ij = 1_{j≤i}/i for Haar U, V.',
    expected=Status.OPEN,
    reason="no checks yet",
)

claim(
    id='sdeg.E.score-counterexample',
    title='E score counterexample',
    source=Source('SDEG', 'App. E', ''),
    statement='Σ = t e₁e₁ᵀ and S = (t/ℓ)𝟏𝟏ᵀ, t = 2 log ℓ, share score spectra but not attention spectra.',
    expected=Status.OPEN,
    reason="no checks yet",
)

claim(
    id='sdeg.E.causal-order',
    title='E causal order',
    source=Source('SDEG', 'App. E', ''),
    statement='ℓ=2: diagonal scores (t,0) give eigenvalues {1, ½}; (0,t) give {1, eᵗ/(eᵗ+1)}.',
    expected=Status.OPEN,
    reason="no checks yet",
)

claim(
    id='sdeg.F.score-svd',
    title='F score svd',
    source=Source('SDEG', 'App. F', ''),
    statement='Score singular values from compact QR of Q_h, K_h and the SVD of R_Q R_Kᵀ/√d_qk equal those of S.',
    expected=Status.OPEN,
    reason="no checks yet",
)

claim(
    id='sdeg.F.haar-angles',
    title='F haar angles',
    source=Source('SDEG', '§4.1', ''),
    statement='Haar orthogonal matrices have asymptotically uniform eigen-angles; the KL, Kolmogorov and angular-W₁ discrepancies of §4.1/F.3.1 shrink with ℓ.',
    expected=Status.OPEN,
    reason="no checks yet",
)
