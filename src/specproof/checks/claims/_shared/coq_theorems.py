"""Coq checks that state a whole claim: the rank floor under a sink (TRSP Thm C.8), the softmax spike–bulk eigenvalue
law (SDEG Thm 2(3)), the singular values of L_m over ℝ with their constants (SDEG Thm 7), the skeleton's spectrum with
its circulant Laplacian (TRSP Lemma C.3), the causal eigenvalues with their order and the unbounded-bulk example (SDEG
Thm 3), the causal ceiling with its normalised gap, equality case and the network's P_D, and the spike block of causal
attention (SDEG App. C.5). Each is a :func:`specproof.engine.formal.coq_check`; a claim uses one by listing it among its
checks, and every step outside Coq is a named, cited theorem or definition, or a step taken from a claim it uses."""

from __future__ import annotations

from specproof.checks.claims._shared.coq_steps import REAL_CLOSED, REAL_FIELD, SPECTRAL_THEOREM
from specproof.engine.formal import CoqHook, Step, coq_check

# ------------------------------------------------------------------------------------------ TRSP Thm C.8

RANK_FLOOR = CoqHook(
    "trsp_C8_rank_floor",
    "RankFloor",
    "forall (b : nat) (g : R) (s : nat -> R), (1 <= b)%nat -> 0 < g < 1 -> (forall T : nat, is_opnorm b g"
    " T (s T)) -> Rbar_le (1 + g ^ 2 * kernel_energy b) (LimInf_seq (fun T : nat => frob_sq b g T / s T ^"
    " 2)) /\\ 1 < 1 + g ^ 2 * kernel_energy b /\\ kernel_energy b = sumR (fun r : nat => h b r ^ 2) (2 * b -"
    " 1)",
)
OPNORM_EXISTS = CoqHook(
    "opnorm_exists",
    "RankFloor",
    "forall (b : nat) (g : R) (T : nat), (1 <= b)%nat -> 0 < g -> (1 <= T)%nat -> exists s : R, is_opnorm b g T s",
)
SINK_MATRIX = CoqHook(
    "sink_matrix",
    "RankFloor",
    "forall (b : nat) (g : R) (x : nat -> R) (t T : nat), (1 <= b)%nat -> (t < T)%nat -> sink_op b g x t"
    " = sumR (fun s : nat => sink_entry b g t s * x s) T",
)

c8_rank_floor_coq = coq_check(
    "c8_rank_floor_coq",
    RANK_FLOOR,
    OPNORM_EXISTS,
    SINK_MATRIX,
    what=(
        "for every b ≥ 1 and g ∈ (0, 1), ℳ_T = I + 𝟏e₁ᵀ + g·M_tri (M_tri = Box_b ∘ Box_b, Eq. 1): "
        "liminf_T ‖ℳ_T‖_F²/‖ℳ_T‖₂² ≥ 1 + g²E_b > 1 with E_b = (2b² + 1)/(3b³) = ‖h_b‖², ‖ℳ_T‖₂ the operator norm "
        "on ℝ^T (which exists), ℳ's entries its matrix (Coq's ℝ, Coquelicot's liminf)"
    ),
    ranges="every b ≥ 1, g ∈ (0, 1)",
    covers={
        "trsp_C8_rank_floor": (
            "liminf_(T→∞) R_eff(I + 𝟏e₁ᵀ + gM_tri) ≥ 1 + g²E_b > 1, R_eff = ‖ℳ‖_F²/‖ℳ‖₂², E_b = ‖h_b‖² = (2b²+1)/(3b³)"
        ),
        "opnorm_exists": "‖ℳ_T‖₂, the least s with ‖ℳx‖ ≤ s‖x‖ on ℝ^T, exists for every T (the hypothesis is met)",
        "sink_matrix": "the entries ℳ_ts = (ℳe_s)_t are the matrix of the operator on ℝ^T (M_tri is causal)",
    },
    steps=[
        Step(
            "R_eff(ℳ) = ‖ℳ‖_F²/‖ℳ‖₂², the quantity Thm C.8 bounds",
            cites="the paper's definition of the effective rank (TRSP App. C.4, Eq. 15)",
        ),
        Step(
            "the spectral norm ‖ℳ‖₂ (largest singular value) is the norm induced by the Euclidean norm: the least s with "
            "‖ℳx‖ ≤ s‖x‖ for every x",
            cites="Horn & Johnson, Matrix Analysis, 2nd ed., Example 5.6.6 (the spectral norm is ℓ₂-induced)",
        ),
    ],
    constants=[("1+g^2E_b>1", "1 < 1 + g ^ 2 * kernel_energy b")],
)

# ---------------------------------------------------------------------------------------- SDEG Thm 2(3)

EIGEN_LIMIT = CoqHook(
    "sdeg_b_eigen_limit",
    "SpikeBulk",
    "forall (R : rcfType) (n : nat) (a : 'I_n.+1 -> R) (S0 : {set 'I_n.+1}) (f g : R), (forall i :"
    " 'I_n.+1, 1 <= a i) -> 0 < f -> 0 < g -> (forall i : ordinal_finType n.+1, i \\in S0 -> n.+1%:R * f <="
    " a i) -> (forall i : ordinal_finType n.+1, i \\notin S0 -> a i <= n.+1%:R / g) -> let k := #|S0| in"
    " let c := k%:R / n.+1%:R in exists t : nat -> R, [/\\ char_poly (bidirectional_attention a) = ('X - 1)"
    " * \\prod_(j < n) ('X - (t j)%:P), forall j : nat, (j.+1 < n)%N -> t j.+1 <= t j, forall j : nat, (j <"
    " n)%N -> 0 <= t j <= 1 & coupling_cost n.+1 (sorted_eigs t) (spike_atoms R k) <= Num.max f^-1 g^-1 +"
    " (1 - c) / n.+1%:R]",
)

sdegb_eigen_limit_coq = coq_check(
    "sdegb_eigen_limit_coq",
    EIGEN_LIMIT,
    what=(
        "for nonnegative scores under spectral separation (spikes a_i ≥ ℓf, bulk a_i ≤ ℓ/g), the sorted eigenvalues "
        "of A_b (1, then t_j ∈ [0, 1] nonincreasing, char_poly A_b = (X − 1)Π(X − t_j)) and the sorted atoms "
        "(1^k, 0^(ℓ−k)) are matched at cost (1/ℓ)Σ|λ_i − u_i| ≤ max(1/f, 1/g) + (1 − c_ℓ)/ℓ (MathComp, any real "
        "closed field)"
    ),
    ranges="every ℓ ≥ 1 and 0 ≤ k ≤ ℓ, scores s ≥ 0 (unsorted)",
    covers={
        "sdeg_b_eigen_limit": (
            "W₁(μ^eig(A_b), c_ℓδ₁ + (1−c_ℓ)δ₀) ≤ ε_ℓ + (1 − c_ℓ)/ℓ, as the cost of the coupling that matches the "
            "sorted eigenvalues (with multiplicity) with the sorted atoms"
        )
    },
    steps=[
        REAL_CLOSED,
        Step(
            "W₁ between two laws is at most the cost of any coupling, and matching the i-th of ℓ sorted eigenvalues "
            "with the i-th of ℓ sorted atoms is a coupling of the two empirical laws",
            cites="Villani, Optimal Transport: Old and New (2009), Def. 6.1 (W₁ as an infimum over couplings)",
        ),
        Step(
            "the weak limit: W₁(μ, cδ₁ + (1−c)δ₀) ≤ W₁(μ, c_ℓδ₁ + (1−c_ℓ)δ₀) + |c_ℓ − c| (the triangle inequality; the "
            "two-atom laws are |c_ℓ − c| apart), both terms → 0 when c_ℓ → c and f, g → ∞, and W₁ convergence of laws "
            "on [0, 1] is weak convergence",
            cites="Villani, Optimal Transport: Old and New (2009), Thm 6.9 and Def. 6.4 (W₁ metrises weak convergence)",
        ),
    ],
)

# ----------------------------------------------------------------------------------------- SDEG Thm 7, L_m

LM_INVERSE_GRAM = CoqHook(
    "sdeg_c_Lm_inverse_gram",
    "LowerOnes",
    "forall (R : comRingType) (m : nat), [/\\ lower_ones R m *m lower_ones_inv R m = 1%:M, lower_ones_inv R m *m"
    " lower_ones R m = 1%:M & (lower_ones_inv R m)^T *m lower_ones_inv R m = tridiag_end R m]",
)
LM_SPECTRUM = CoqHook(
    "sdeg_c_Lm_spectrum",
    "LmSingular",
    "forall m : nat, (forall j i : nat, (1 <= j)%coq_nat /\\ (j <= m)%coq_nat -> (i < m)%coq_nat -> sumR"
    " (fun k : nat => (lm_gram m i k * sin (INR k.+1 * lm_phi m j))%R) m = (lm_sigma m j ^ 2 * sin (INR"
    " i.+1 * lm_phi m j))%R) /\\ (forall (mu : R) (x : nat -> R), (exists i : nat, (i < m)%coq_nat /\\ x i"
    " <> 0%R) -> (forall i : nat, (i < m)%coq_nat -> sumR (fun k : nat => (lm_gram m i k * x k)%R) m = (mu"
    " * x i)%R) -> exists j : nat, ((1 <= j)%coq_nat /\\ (j <= m)%coq_nat) /\\ mu = (lm_sigma m j ^ 2)%R) /\\"
    " (forall j : nat, (1 <= j)%coq_nat /\\ (j <= m)%coq_nat -> (0 < sin (INR 1 * lm_phi m j))%R) /\\"
    " (forall j k : nat, (1 <= j)%coq_nat -> (j < k)%coq_nat -> (k <= m)%coq_nat -> (0 < lm_sigma m k <"
    " lm_sigma m j)%R)",
)
LM_RATIO = CoqHook(
    "sdeg_c_Lm_ratio",
    "LowerOnesBounds",
    "forall m j : nat, (1 <= j <= m)%nat -> / PI <= INR j * lm_sigma m j / INR m <= 1",
)
LM_RATIO_SHARP = CoqHook(
    "sdeg_c_Lm_ratio_sharp",
    "LowerOnesBounds",
    "INR 1 * lm_sigma 1 1 / INR 1 = 1",
)
LM_NUCLEAR = CoqHook(
    "sdeg_c_Lm_nuclear",
    "LowerOnesBounds",
    "forall (r : nat) (l : R), exp l = 2 -> l / PI * 2 ^ r * INR (r + 1) <= sumR (fun j : nat => lm_sigma"
    " (2 ^ r) (S j)) (2 ^ r)",
)

c_lm_real_coq = coq_check(
    "c_lm_real_coq",
    LM_INVERSE_GRAM,
    LM_SPECTRUM,
    LM_RATIO,
    LM_RATIO_SHARP,
    LM_NUCLEAR,
    what=(
        "over Coq's ℝ: the eigenvalues of L_mL_mᵀ are exactly σ_j² = 1/(4 sin²((2j−1)π/(4m+2))), j = 1..m, with the "
        "sine vectors as eigenvectors and σ_1 > … > σ_m > 0 (the MathComp spectrum theorem applied in the real "
        "field generated by the reals involved); 1/π ≤ jσ_j/m ≤ 1, equality at m = j = 1; and "
        "Σ_j σ_j(L_(2^r)) ≥ (ln 2/π)2^r(r+1)"
    ),
    ranges="every m ≥ 1, 1 ≤ j ≤ m, every r ≥ 0",
    covers={
        "sdeg_c_Lm_inverse_gram": "L_m⁻¹ = I − N and (L_m⁻¹)ᵀL_m⁻¹ = tridiag(−1; 2, …, 2, 1; −1), for every m",
        "sdeg_c_Lm_spectrum": (
            "L_mL_mᵀ has the m distinct eigenvalues σ_j², σ_j = 1/(2 sin((2j−1)π/(4m+2))), and no other (over ℝ)"
        ),
        "sdeg_c_Lm_ratio": "1/π ≤ jσ_j(L_m)/m ≤ 1 for every 1 ≤ j ≤ m",
        "sdeg_c_Lm_ratio_sharp": "the upper bound 1 is attained (m = j = 1)",
        "sdeg_c_Lm_nuclear": "‖L_(2^r)‖_* = Σ_j σ_j ≥ (ln 2/π)·2^r(r+1), ln 2 as the real l with e^l = 2",
    },
    steps=[
        Step(
            "the singular values of L_m are the square roots of the eigenvalues of L_mL_mᵀ in decreasing order (so "
            "m distinct eigenvalues σ_1² > … > σ_m² give σ_j(L_m) = σ_j), and ‖·‖_* is their sum",
            cites="the singular value decomposition (Horn & Johnson, Matrix Analysis, 2nd ed., Thm 2.6.3)",
        ),
    ],
    constants=[
        (r"4m+2", "(4 * INR m + 2)"),
        (r"\frac1\pi \le", "/ PI <="),
        (r"\frac{j\,\sigma_j(L_m)}{m} \le 1", "INR j * lm_sigma m j / INR m <= 1"),
    ],
)

# ------------------------------------------------------------------------------------- TRSP Lemma C.3

SKELETON_SPECTRUM = CoqHook(
    "trsp_C3_skeleton_spectrum",
    "SkeletonSpectrum",
    "forall (T : nat) (lam : R), (2 <= T)%nat -> (exists x : nat -> R, (exists t : nat, (t < T)%nat /\\ x t <> 0) /\\ (forall t : nat, (t < T)%nat -> lap_apply T x t = lam * x t)) <-> (exists k : nat, (k < T)%nat /\\ lam = mu T k)",
)

SKELETON_COS = CoqHook(
    "skeleton_cos_eigen",
    "SkeletonSpectrum",
    "forall T k t : nat, (2 <= T)%nat -> (t < T)%nat -> lap_apply T (cosv T k) t = mu T k * cosv T k t",
)

SKELETON_SIN = CoqHook(
    "skeleton_sin_eigen",
    "SkeletonSpectrum",
    "forall T k t : nat, (2 <= T)%nat -> (t < T)%nat -> lap_apply T (sinv T k) t = mu T k * sinv T k t",
)

SKELETON_SYMMETRIC = CoqHook(
    "skeleton_lap_sym",
    "SkeletonSpectrum",
    "forall T t s : nat, (2 <= T)%nat -> (t < T)%nat -> (s < T)%nat -> skel_lap T t s = skel_lap T s t",
)

SKELETON_ORTHOGONAL = CoqHook(
    "skeleton_orthogonal",
    "SkeletonSpectrum",
    "forall T j k : nat, (j < T)%nat -> (k < T)%nat -> (j <> k -> (j + k)%nat <> T -> sumR (fun t : nat => cosv T j t * cosv T k t) T = 0 /\\ sumR (fun t : nat => sinv T j t * sinv T k t) T = 0) /\\ sumR (fun t : nat => sinv T j t * cosv T k t) T = 0",
)

FOURIER_INVERSION = CoqHook(
    "fourier_inversion",
    "SkeletonSpectrum",
    "forall (T : nat) (x : nat -> R) (t : nat), (t < T)%nat -> sumR (fun k : nat => cosv T k t * sumR (fun s : nat => x s * cosv T k s) T + sinv T k t * sumR (fun s : nat => x s * sinv T k s) T) T = INR T * x t",
)

SKELETON_CIRCULANT = CoqHook(
    "skeleton_circulant",
    "SkeletonCirculant",
    "forall T t s : nat, (2 <= T)%nat -> (t < T)%nat -> (s < T)%nat -> skel_lap T ((t + 1) mod T) ((s +"
    " 1) mod T) = skel_lap T t s",
)

c3_spectrum_full_coq = coq_check(
    "c3_spectrum_full_coq",
    SKELETON_SPECTRUM,
    SKELETON_COS,
    SKELETON_SIN,
    SKELETON_SYMMETRIC,
    SKELETON_ORTHOGONAL,
    FOURIER_INVERSION,
    SKELETON_CIRCULANT,
    what=(
        "the Laplacian L = D − A of the skeleton multigraph (A = Gap.v's adj, loops and parallel edges counted, D its"
        " row sums) has L cos_k = μ_k cos_k and L sin_k = μ_k sin_k, is symmetric, the Fourier vectors are orthogonal"
        " and span ℝ^T, λ is an eigenvalue of L iff λ = μ_k for some 0 ≤ k < T, and L is circulant"
    ),
    ranges="every T ≥ 2, every mode k",
    covers={
        "trsp_C3_skeleton_spectrum": "the eigenvalues are the μ_k, k = 0, …, T − 1, and nothing else",
        "skeleton_cos_eigen": "with eigenvectors cos(kθ·t): every generator pair ±2^ℓ contributes degree 2 (multigraph)",
        "skeleton_sin_eigen": "and sin(kθ·t)",
        "skeleton_lap_sym": "the Laplacian is symmetric",
        "skeleton_orthogonal": "the Fourier vectors of distinct modes k ≠ ±j are orthogonal",
        "fourier_inversion": "and span ℝ^T",
        "skeleton_circulant": "the Laplacian is circulant: L(t+1, s+1) = L(t, s), indices mod T",
    },
    steps=[
        Step(
            "multiplicities: the T real Fourier vectors cos_k (0 ≤ k ≤ T/2) and sin_k (0 < k < T/2), orthogonal and"
            " spanning, are a basis of eigenvectors, so μ_0, …, μ_{T−1} (μ_{T−k} = μ_k) are the eigenvalues counted"
            " with multiplicity",
            cites="a matrix with a basis of eigenvectors is diagonalised by it (Horn & Johnson, Matrix Analysis, 2nd ed.,"
            " Thm 1.3.7)",
        ),
    ],
    constants=[(r"\bigl(1-\cos(2^\ell", "1 - cos (2 ^ l"), (r"2\pi k/T", "(2 * PI * INR k / INR T)")],
)


# ---------------------------------------------------------------------------------------- SDEG Thm 3

C_EIGEN_CHARPOLY = CoqHook(
    "sdeg_c_eigen_charpoly",
    "Causal",
    "forall (F : fieldType) (l : nat) (a : 'I_l -> F), char_poly (causal_attention a) = \\prod_(i < l) ('X - (a i / (a"
    " i + i%:R))%:P)",
)
C_EIGEN = CoqHook(
    "sdeg_c_eigen",
    "Causal",
    "forall (F : fieldType) (l : nat) (a : 'I_l -> F) (lambda : F), eigenvalue (causal_attention a) lambda <-> (exists"
    " i : 'I_l, lambda = a i / (a i + i%:R))",
)
C_EIGEN_SORTED = CoqHook(
    "sdeg_c_eigen_sorted",
    "CausalOrder",
    "forall (R : realFieldType) (l : nat) (a : 'I_l -> R), (forall i : 'I_l, 0 < a i) -> (forall i j :"
    " 'I_l, (i <= j)%N -> a j <= a i) -> forall i j : 'I_l, (i <= j)%N -> a j / (a j + j%:R) <= a i / (a i"
    " + i%:R)",
)

c_eigen_full_coq = coq_check(
    "c_eigen_full_coq",
    C_EIGEN_CHARPOLY,
    C_EIGEN,
    C_EIGEN_SORTED,
    what=(
        "char_poly A_c = ∏_i (X − a_i/(a_i+i−1)) over any field (MathComp), with multiplicities; and the "
        "eigenvalues are exactly these diagonal entries"
    ),
    ranges="every ℓ ≥ 1",
    covers={
        "sdeg_c_eigen_charpoly": (
            "det(λI − A_c) = Π_i(λ − a_i/(a_i+i−1)): the eigenvalues counted with multiplicity are the diagonal"
            " entries (0-based row i: a_i/(a_i + i))"
        ),
        "sdeg_c_eigen": "λ is an eigenvalue of A_c exactly when λ = a_i/(a_i+i−1) for some i",
        "sdeg_c_eigen_sorted": (
            "for sorted scores (a_i = e^(s_i) positive, nonincreasing) the diagonal entries decrease in i, so λ_i is"
            " also the i-th largest eigenvalue"
        ),
    },
    steps=[
        REAL_FIELD,
    ],
)


EIGEN_HARMONIC = CoqHook(
    "sdeg_c_eigen_harmonic",
    "CausalRows",
    "forall (R : realFieldType) (l : nat) (a : 'I_l -> R) (C : R), (forall i : 'I_l, 1 <= a i <= C) -> forall lambda :"
    " R, eigenvalue (causal_attention a) lambda -> exists i : 'I_l, lambda = a i / (a i + i%:R) /\\ i.+1%:R^-1 <="
    " lambda <= C / i.+1%:R",
)
DIAG_HARMONIC = CoqHook(
    "sdeg_c_diag_harmonic",
    "CausalRows",
    "forall (R : realFieldType) (a C : R) (i : nat), 1 <= a <= C -> i.+1%:R^-1 <= a / (a + i%:R) <= C / i.+1%:R",
)
HARMONIC_UNBOUNDED = CoqHook(
    "sdeg_c_harmonic_unbounded",
    "CausalOrder",
    "forall (R : rcfType) (l : nat), (0 < l)%N -> let a := Num.sqrt l%:R in a <= l%:R / Num.sqrt l%:R /\\"
    " 2^-1 <= Num.sqrt l%:R * (a / (a + l.-1%:R)) <= 1",
)

c_eigen_harmonic_full_coq = coq_check(
    "c_eigen_harmonic_full_coq",
    DIAG_HARMONIC,
    EIGEN_HARMONIC,
    HARMONIC_UNBOUNDED,
    what=(
        "every eigenvalue of A_c with 1 ≤ a_i ≤ C is some a_i/(a_i+i−1) ∈ [1/i, C/i] (MathComp, "
        "with sdeg.c.eigen's characteristic polynomial)"
    ),
    ranges="every ℓ, every 1 ≤ a ≤ C",
    covers={
        "sdeg_c_diag_harmonic": (
            "row i's eigenvalue a_i/(a_i+i−1) lies in [1/i, C/i] when 1 ≤ a_i ≤ C (0-based row i: a/(a + i) between"
            " 1/(i+1) and C/(i+1)): the per-row bound the claim states"
        ),
        "sdeg_c_eigen_harmonic": "every eigenvalue of A_c is some row's a_i/(a_i+i−1), within that row's [1/i, C/i]",
        "sdeg_c_harmonic_unbounded": (
            "without a bounded bulk it fails: a = √ℓ (separated with g = √ℓ) gives λ_ℓ = √ℓ/(√ℓ+ℓ−1) with"
            " 1/2 ≤ √ℓ·λ_ℓ ≤ 1, i.e. λ_ℓ ≍ ℓ^(−1/2)"
        ),
    },
    steps=[
        REAL_CLOSED,
        Step("λ_i(A_c) = a_i/(a_i+i−1), the i-th diagonal entry", claim="sdeg.c.eigen"),
    ],
)


# ------------------------------------------------------------------------------------ the causal ceiling

CEILING_VECTOR = CoqHook(
    "trsp_network_causal_ceiling",
    "Variational",
    "forall (R : realFieldType) (n : nat) (P : 'M_n) (t : 'I_n), (1 < n)%N -> t = n.-1 -> (forall i :"
    " 'I_n, \\sum_j P i j = 1) -> (forall i j : 'I_n, (i < j)%N -> P i j = 0) -> let W := 2^-1 *: (P + P^T)"
    " in let x := delta_mx t 0 - n%:R^-1 *: const_mx 1 in [/\\ (const_mx 1)^T *m x = 0, (x^T *m x) 0 0 ="
    " (n%:R - 1) / n%:R, qform (laplacian W) x = (1 - P t t) / 2 & qform (laplacian W) x = n%:R / (n%:R -"
    " 1) * ((1 - P t t) / 2) * (x^T *m x) 0 0]",
)
CEILING = CoqHook(
    "trsp_network_causal_ceiling_lambda2",
    "MinMax",
    "forall (R : realFieldType) (n : nat) (P U : 'M_n) (lam : 'I_n -> R) (t i1 : 'I_n), (1 < n)%N -> t ="
    " n.-1 -> i1 = 1%N -> (forall i j : 'I_n, 0 <= P i j) -> (forall i : 'I_n, \\sum_j P i j = 1) ->"
    " (forall i j : 'I_n, (i < j)%N -> P i j = 0) -> U^T *m U = 1%:M -> laplacian (2^-1 *: (P + P^T)) *m U"
    " = U *m diag_mx (\\row_i lam i) -> (forall i j : 'I_n, (i <= j)%N -> lam i <= lam j) -> lam i1 <= n%:R"
    " / (n%:R - 1) * ((1 - P t t) / 2) /\\ (0 < P t t -> lam i1 < n%:R / (2 * (n%:R - 1)))",
)
CEILING_GAP = CoqHook(
    "trsp_network_causal_gap",
    "CausalGap",
    "forall (R : rcfType) (n : nat) (P U : 'M_n) (lam : 'I_n -> R) (t i1 : 'I_n), (1 < n)%N -> t = n.-1"
    " -> i1 = 1%N -> (forall i j : 'I_n, 0 <= P i j) -> (forall i : 'I_n, \\sum_j P i j = 1) -> (forall i j"
    " : 'I_n, (i < j)%N -> P i j = 0) -> U^T *m U = 1%:M -> normalised_laplacian (2^-1 *: (P + P^T)) *m U"
    " = U *m diag_mx (\\row_i lam i) -> (forall i j : 'I_n, (i <= j)%N -> lam i <= lam j) -> lam i1 <= (1 -"
    " P t t) / (1 + P t t) * (2 * n%:R / (2 * n%:R - 1 - P t t))",
)
CEILING_EQUALITY = CoqHook(
    "trsp_network_causal_ceiling_equality",
    "CausalGap",
    "forall (R : rcfType) (U : 'M_2) (lam : 'I_2 -> R) (i1 : 'I_2), i1 = 1%N -> U^T *m U = 1%:M ->"
    " laplacian (2^-1 *: (sink2 R + (sink2 R)^T)) *m U = U *m diag_mx (\\row_i lam i) -> (forall i j :"
    " 'I_2, (i <= j)%N -> lam i <= lam j) -> [/\\ forall i j : 'I_2, 0 <= sink2 R i j, forall i : 'I_2,"
    " \\sum_j sink2 R i j = 1, forall i j : 'I_2, (i < j)%N -> sink2 R i j = 0, sink2 R i1 i1 = 0 & lam i1"
    " = 2 / (2 * (2 - 1))]",
)

NETWORK_MARKOV = CoqHook(
    "trsp_network_markov",
    "CausalNetwork",
    "forall (R : rcfType) (n D : nat) (A : nat -> 'M_n) (g : nat -> R) (b : nat -> nat) (t : 'I_n), t = "
    "n.-1 -> (forall l : nat, (l < D)%N -> [/\\ forall i j : 'I_n, 0 <= A l i j, forall i : 'I_n, \\sum_j"
    " A l i j = 1 & forall i j : 'I_n, (i < j)%N -> A l i j = 0]) -> (forall l : nat, (l < D)%N -> 0 <= g"
    " l) -> (forall l : nat, (l < D)%N -> (0 < b l <= n)%N) -> let P := network_markov A g b D in [/\\ "
    "forall i j : 'I_n, 0 <= P i j, forall i : 'I_n, \\sum_j P i j = 1, forall i j : 'I_n, (i < j)%N -> P"
    " i j = 0, P t t = \\prod_(l < D) ((1 + A l t t + g l / (b l)%:R ^+ 2) / (2 + g l)) & 0 < P t t]",
)
NETWORK_CEILING = CoqHook(
    "trsp_network_ceiling",
    "CausalNetwork",
    "forall (R : rcfType) (n D : nat) (A : nat -> 'M_n) (g : nat -> R) (b : nat -> nat) (U : 'M_n) (lam :"
    " 'I_n -> R) (t i1 : 'I_n), (1 < n)%N -> t = n.-1 -> i1 = 1%N -> (forall l : nat, (l < D)%N -> [/\\ "
    "forall i j : 'I_n, 0 <= A l i j, forall i : 'I_n, \\sum_j A l i j = 1 & forall i j : 'I_n, (i < j)%N"
    " -> A l i j = 0]) -> (forall l : nat, (l < D)%N -> 0 <= g l) -> (forall l : nat, (l < D)%N -> (0 < b"
    " l <= n)%N) -> let P := network_markov A g b D in U^T *m U = 1%:M -> laplacian (2^-1 *: (P + P^T)) "
    "*m U = U *m diag_mx (\\row_i lam i) -> (forall i j : 'I_n, (i <= j)%N -> lam i <= lam j) -> lam i1 "
    "<= n%:R / (n%:R - 1) * ((1 - P t t) / 2) /\\ lam i1 < n%:R / (2 * (n%:R - 1))",
)
NETWORK_GAP = CoqHook(
    "trsp_network_gap",
    "CausalNetwork",
    "forall (R : rcfType) (n D : nat) (A : nat -> 'M_n) (g : nat -> R) (b : nat -> nat) (U : 'M_n) (lam :"
    " 'I_n -> R) (t i1 : 'I_n), (1 < n)%N -> t = n.-1 -> i1 = 1%N -> (forall l : nat, (l < D)%N -> [/\\ "
    "forall i j : 'I_n, 0 <= A l i j, forall i : 'I_n, \\sum_j A l i j = 1 & forall i j : 'I_n, (i < j)%N"
    " -> A l i j = 0]) -> (forall l : nat, (l < D)%N -> 0 <= g l) -> (forall l : nat, (l < D)%N -> (0 < b"
    " l <= n)%N) -> let P := network_markov A g b D in U^T *m U = 1%:M -> normalised_laplacian (2^-1 *: "
    "(P + P^T)) *m U = U *m diag_mx (\\row_i lam i) -> (forall i j : 'I_n, (i <= j)%N -> lam i <= lam j) "
    "-> lam i1 <= (1 - P t t) / (1 + P t t) * (2 * n%:R / (2 * n%:R - 1 - P t t))",
)
NETWORK_LIMIT = CoqHook(
    "trsp_network_last_limit",
    "CausalNetwork",
    "forall (R : rcfType) (n D : nat) (A : nat -> 'M_n) (g : nat -> R) (b : nat -> nat) (t : 'I_n), (1 < "
    "n)%N -> t = n.-1 -> (forall l : nat, (l < D)%N -> [/\\ forall i j : 'I_n, 0 <= A l i j, forall i : "
    "'I_n, \\sum_j A l i j = 1 & forall i j : 'I_n, (i < j)%N -> A l i j = 0]) -> (forall l : nat, (l < "
    "D)%N -> 0 <= g l) -> (forall l : nat, (l < D)%N -> (0 < b l <= n)%N) -> let P := network_markov A g "
    "b D in let q := \\prod_(l < D) ((1 + A l t t) / 2) in [/\\ `|P t t - q| <= \\sum_(l < D) g l / 2, 2 "
    "^- D <= q <= 2 ^- D + \\sum_(l < D) A l t t / 2, forall l : nat, (l < D)%N -> 2 ^- D * (1 + A l t t)"
    " <= q, (forall l : nat, (l < D)%N -> A l = 1%:M) -> q = 1 & `|n%:R / (n%:R - 1) * ((1 - P t t) / 2) "
    "- (1 - q) / 2| <= `|P t t - q| / 2 + (2 * (n%:R - 1))^-1]",
)
NETWORK_LIMIT_VALUES = CoqHook(
    "trsp_network_ceiling_limits",
    "CausalNetwork",
    "forall R : rcfType, (1 - 2 ^- 2) / 2 = 3 / 8 /\\ (1 - 2 ^- 4) / 2 = 15 / 32",
)

causal_ceiling_full_coq = coq_check(
    "causal_ceiling_full_coq",
    CEILING_VECTOR,
    CEILING,
    CEILING_GAP,
    CEILING_EQUALITY,
    NETWORK_MARKOV,
    NETWORK_CEILING,
    NETWORK_GAP,
    NETWORK_LIMIT,
    NETWORK_LIMIT_VALUES,
    DIAG_HARMONIC,
    what=(
        "for every causal row-stochastic P ≥ 0, T ≥ 2: μ₂(L_W) ≤ T(1 − P_TT)/(2(T − 1)), < T/(2(T − 1)) when P_TT > 0; "
        "the normalised gap γ = λ₂(D^(−1/2)L_WD^(−1/2)) ≤ (1 − P_TT)/(1 + P_TT)·2T/(2T − 1 − P_TT); at T = 2, "
        "P = 𝟏e₁ᵀ, μ₂ = 1 = T/(2(T − 1)); and for the network, P_D = N_D/Π(2 + g_ℓ) is causal row-stochastic with "
        "(P_D)_TT = Π(1 + (A_ℓ)_TT + g_ℓ/b_ℓ²)/(2 + g_ℓ) > 0, within Σg_ℓ/2 of Π(1 + (A_ℓ)_TT)/2 (MathComp, any real "
        "closed field)"
    ),
    ranges="every T ≥ 2, every lower-triangular P ≥ 0 with rows summing to 1; every depth D, gates g_ℓ ≥ 0, 1 ≤ b_ℓ ≤ T",
    covers={
        "trsp_network_causal_ceiling": (
            "the last token's loopless degree is (1 − P_TT)/2 and x = e_T − 𝟏/T is a test vector: 𝟏ᵀx = 0,"
            " xᵀx = (T−1)/T, xᵀLx = (1 − P_TT)/2"
        ),
        "trsp_network_causal_ceiling_lambda2": (
            "μ₂(L) ≤ T/(T−1)·(1 − P_TT)/2 ≤ T/(2(T−1)), strictly below T/(2(T−1)) when P_TT > 0 (μ₂ the second"
            " eigenvalue in increasing order, 0-based index 1)"
        ),
        "trsp_network_causal_gap": (
            "γ ≤ (1 − P_TT)/(1 + P_TT)·2T/(2T − 1 − P_TT), γ the second eigenvalue of the normalised Laplacian"
            " (self-loops in D), with the test vector D^(1/2)(e_T − (d_T/T)𝟏)"
        ),
        "trsp_network_causal_ceiling_equality": "equality at T = 2 for P = 𝟏e₁ᵀ: P_TT = 0 and μ₂ = 1 = T/(2(T−1))",
        "trsp_network_markov": (
            "the network: for causal row-stochastic A_ℓ ≥ 0, g_ℓ ≥ 0 and 1 ≤ b_ℓ ≤ T, P_D = N_D/Π_ℓ(2 + g_ℓ)"
            " (N_D = F_(D−1)⋯F_0, F_ℓ = I + A_ℓ + g_ℓBox_(b_ℓ)Box_(b_ℓ)) is causal, row-stochastic and ≥ 0, and"
            " (P_D)_TT = Π_ℓ(1 + (A_ℓ)_TT + g_ℓb_ℓ^(−2))/(2 + g_ℓ) > 0"
        ),
        "trsp_network_ceiling": "so μ₂(L(P_D)) ≤ T(1 − (P_D)_TT)/(2(T − 1)) < T/(2(T − 1))",
        "trsp_network_gap": "and γ(P_D) ≤ (1 − p)/(1 + p)·2T/(2T − 1 − p), p = (P_D)_TT",
        "trsp_network_last_limit": (
            "the limits, as bounds: |(P_D)_TT − q| ≤ Σ_ℓ g_ℓ/2 for q = Π_ℓ(1 + (A_ℓ)_TT)/2 (→ q as the gates → 0 at"
            " fixed D); 2^(−D) ≤ q ≤ 2^(−D) + Σ_ℓ(A_ℓ)_TT/2 and q ≥ 2^(−D)(1 + (A_ℓ)_TT) for each ℓ (q → 2^(−D)"
            " exactly when every (A_ℓ)_TT → 0); q = 1 when every A_ℓ = I; and the ceiling T(1 − p)/(2(T − 1)) is"
            " within |p − q|/2 + 1/(2(T − 1)) of (1 − q)/2"
        ),
        "trsp_network_ceiling_limits": "(1 − 2^(−D))/2 is 3/8 at D = 2 and 15/32 at D = 4",
        "sdeg_c_diag_harmonic": (
            "causal softmax of the canonical scores has (A)_TT = a_T/(a_T + T − 1) ≤ C/T → 0 when 1 ≤ a_T ≤ C"
            " (0-based row T − 1)"
        ),
    },
    steps=[
        SPECTRAL_THEOREM,
        REAL_CLOSED,
        Step(
            "the network's layers meet the hypotheses: its attention models are causal, row-stochastic and ≥ 0, with "
            "(A)_TT = 1/T (uniform causal), 0 (the sink 𝟏e₁ᵀ, T ≥ 2), a_T/(a_T + T − 1) with a_T = e^(s_T) ∈ [1, e²] "
            "(causal softmax of the canonical scores, whose last score is a bulk score in [0, 2] once ℓ > k) and 1 (A = I); its "
            "bandwidths b_ℓ = min(2^ℓ, T) lie in [1, T] and its gates g_ℓ = σ(·)·r_ℓ^φ are positive",
            cites=(
                "the definitions: TRSP App. C.1's network and attention models, Eq. 5 (b_ℓ) and Eq. 7 (g_ℓ); SDEG §3's "
                "causal attention (A_c)_ii = a_i/(a_i + i − 1) and its spike–bulk scores (§3.1)"
            ),
        ),
        Step(
            "the limits read off the bounds: at fixed D a sum of D terms that tend to 0 tends to 0, T/(T − 1) → 1, and "
            "a quantity squeezed between 2^(−D) and 2^(−D) + o(1) tends to 2^(−D)",
            cites="the algebra of limits of sequences (Rudin, Principles of Mathematical Analysis, 3rd ed., Thm 3.3)",
        ),
    ],
    constants=[
        (r"\frac{T}{T-1}\cdot\frac{1-P_{TT}}2", "n%:R / (n%:R - 1) * ((1 - P t t) / 2)"),
        (r"\frac T{2(T-1)}", "n%:R / (2 * (n%:R - 1))"),
        ("P_{TT}>0", "0 < P t t"),
        (
            r"\gamma\le\frac{1-P_{TT}}{1+P_{TT}}\cdot\frac{2T}{2T-1-P_{TT}}",
            "lam i1 <= (1 - P t t) / (1 + P t t) * (2 * n%:R / (2 * n%:R - 1 - P t t))",
        ),
        (r"\frac{1+(A_\ell)_{TT}+g_\ell b_\ell^{-2}}{2+g_\ell}", "((1 + A l t t + g l / (b l)%:R ^+ 2) / (2 + g l))"),
        (r"\frac{1+(A_\ell)_{TT}}2", "((1 + A l t t) / 2)"),
        (r"\frac38", "3 / 8"),
        (r"\frac{15}{32}", "15 / 32"),
    ],
)


# ------------------------------------------------------------------------------------ SDEG App. C.5, spike block

SPIKE_BLOCK = CoqHook(
    "sdeg_c_spike_block",
    "SpikeBlock",
    "forall (R : rcfType) (k : nat) (a : 'I_k -> R) (f : R), (0 < k)%N -> 0 < f -> (forall i : 'I_k, f <="
    " a i) -> forall x : 'cV_k, (((causal_attention a - 1%:M) *m x)^T *m ((causal_attention a - 1%:M) *m "
    "x)) 0 0 <= (Num.sqrt 2 * (k%:R - 1) / f) ^+ 2 * (x^T *m x) 0 0",
)
SPIKE_BLOCK_LEADING = CoqHook(
    "sdeg_c_spike_block_leading",
    "SpikeBlock",
    "forall (F : fieldType) (k m : nat) (a : 'I_(k + m) -> F), ulsubmx (causal_attention a) = "
    "causal_attention (fun i : 'I_k => a (lshift m i)) /\\ ursubmx (causal_attention a) = 0",
)
CESARO_NORM = CoqHook(
    "sdeg_c_cesaro_norm",
    "CesaroNorm",
    "forall (R : rcfType) (l : nat), (forall x : 'cV_l, ((cesaro_mx R l *m x)^T *m (cesaro_mx R l *m x)) "
    "0 0 <= 4 * (x^T *m x) 0 0) /\\ (forall r : nat, (2 ^ r <= l)%N -> let x := \\col_i (Num.sqrt "
    "i.+1%:R)^-1 in 0 < (x^T *m x) 0 0 /\\ (4 - 48 / r.+2%:R) * (x^T *m x) 0 0 <= ((cesaro_mx R l *m x)^T"
    " *m (cesaro_mx R l *m x)) 0 0)",
)
SPIKE_CESARO = CoqHook(
    "sdeg_c_spike_cesaro",
    "SpikeBlock",
    "forall (F : fieldType) (l : nat) (a : 'I_l -> F), (forall i : 'I_l, (0 < i)%N -> a i = 1) -> (forall"
    " i : 'I_l, a i != 0) -> causal_attention a = cesaro_mx F l",
)

c_spike_block_coq = coq_check(
    "c_spike_block_coq",
    SPIKE_BLOCK,
    SPIKE_BLOCK_LEADING,
    SPIKE_CESARO,
    CESARO_NORM,
    what=(
        "for spike weights a_i ≥ ℓf > 0 (i ≤ k): ‖(A₁₁ − I_k)x‖² ≤ (√2(k − 1)/(ℓf))²‖x‖² for every x (Schur's test, "
        "proved), A₁₁ the leading k × k block of A_c; A_c = H_ℓ entrywise for k = 1 and bulk scores 0; and "
        "4 − 48/(r + 2) ≤ ‖H_ℓ‖² ≤ 4 for ℓ ≥ 2^r (Hardy's inequality and the test vector i^(−1/2)) (MathComp, any real "
        "closed field)"
    ),
    ranges="every ℓ, 1 ≤ k ≤ ℓ, every ℓf > 0",
    covers={
        "sdeg_c_spike_block": (
            "δ_ℓ = ‖A₁₁ − I_k‖ ≤ √2(k − 1)/(ℓf): ‖(A₁₁ − I_k)x‖ ≤ √2(k − 1)/(ℓf)·‖x‖ for every x, from the row sums "
            "2(i − 1)/(a_i + i − 1) ≤ 2(k − 1)/(ℓf) and column sums ≤ (k − 1)/(ℓf) of |A₁₁ − I_k| by Schur's test"
        ),
        "sdeg_c_spike_block_leading": (
            "the spike block A₁₁ (leading k × k block of A_c) is causal attention on the k spike weights, and A₁₂ = 0"
        ),
        "sdeg_c_spike_cesaro": "for k = 1 and bulk scores 0 (a_i = 1 for i ≥ 2, any a_1 ≠ 0), A_c = H_ℓ entrywise",
        "sdeg_c_cesaro_norm": (
            "‖H_ℓ‖ → 2: ‖H_ℓx‖² ≤ 4‖x‖² for every x (Hardy's inequality), and for ℓ ≥ 2^r the test vector x_i = i^(−1/2)"
            " is nonzero with ‖H_ℓx‖² ≥ (4 − 48/(r + 2))‖x‖²"
        ),
    },
    steps=[
        REAL_CLOSED,
        Step(
            "A_c's weights are a_i = e^(s_i) > 0, so bulk scores 0 give a_i = 1",
            cites="the definition of causal attention (SDEG §3: softmax with Σ = diag(s), (A_c)_ii = a_i/(a_i + i − 1))",
        ),
        Step(
            "the spectral norm ‖X‖ = σ_1(X) (largest singular value) is the norm induced by the Euclidean norm: the least"
            " s with ‖Xx‖ ≤ s‖x‖ for every x",
            cites="Horn & Johnson, Matrix Analysis, 2nd ed., Example 5.6.6 (the spectral norm is ℓ₂-induced)",
        ),
        Step(
            "|σ_i(A₁₁) − 1| = |σ_i(A₁₁) − σ_i(I_k)| ≤ ‖A₁₁ − I_k‖ = δ_ℓ",
            cites="Weyl's perturbation bound for singular values (Horn & Johnson, Matrix Analysis, 2nd ed., Cor. 7.3.5)",
        ),
        Step(
            "σ_i(A_c) ≥ σ_i(A₁₁) for the leading k × k submatrix, so σ_i(A_c) ≥ 1 − δ_ℓ for i ≤ k",
            cites=(
                "interlacing for deleted rows and columns (Horn & Johnson, Topics in Matrix Analysis (1991), Cor. 3.1.3)"
            ),
        ),
        Step(
            "the limit: 4 − 48/(r + 2) ≤ ‖H_ℓ‖² ≤ 4 with r = ⌊log₂ℓ⌋ → ∞, so ‖H_ℓ‖² → 4 and σ_1(A_c) = ‖H_ℓ‖ → 2",
            cites="limits of sequences (Rudin, Principles of Mathematical Analysis, 3rd ed., Thms 3.3 and 3.19)",
        ),
    ],
    constants=[(r"\sqrt2\,(k-1)/(\ell f(\ell))", "Num.sqrt 2 * (k%:R - 1) / f")],
)
