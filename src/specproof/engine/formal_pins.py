"""The pinned bodies of the ``proofs/`` definitions that pinned Coq statements use (see :mod:`specproof.engine.formal`).

A statement such as ``forall T k, ... -> 2 <= mu T k`` means what it says only while ``mu`` is Eq. 9: every
definition a hooked statement uses, transitively, is pinned here as Coq prints it (``Print``, whitespace-normalised),
and a Coq check whose definition prints otherwise stays open. ``specproof coq-pins`` prints the current bodies.
"""

DEFINITIONS: dict[str, str] = {
    "Bidirectional.bidirectional_attention": (
        "fun (F : fieldType) (l : nat) (a : 'I_l -> F) => \\matrix_(i, j) (if j == i then a i / (a i + l.-1%:R) else (a"
        " i + l.-1%:R)^-1) : forall (F : fieldType) (l : nat), ('I_l -> F) -> 'M_l"
    ),
    "Bidirectional.canonical_d": (
        "fun (F : fieldType) (l : nat) (a : 'I_l -> F) (i : 'I_l) => (a i - 1) / (a i + l.-1%:R) : forall (F :"
        " fieldType) (l : nat), ('I_l -> F) -> 'I_l -> F"
    ),
    "Bidirectional.canonical_z": (
        "fun (F : fieldType) (l : nat) (a : 'I_l -> F) (i : 'I_l) => (a i + l.-1%:R)^-1 : forall (F : fieldType) (l :"
        " nat), ('I_l -> F) -> 'I_l -> F"
    ),
    "Bidirectional.diag_plus_rank_one": (
        "fun (F : fieldType) (l : nat) (d z : 'I_l -> F) => diag_mx (\\row_i d i) + \\col_i z i *m const_mx 1 : forall"
        " (F : fieldType) (l : nat), ('I_l -> F) -> ('I_l -> F) -> 'M_l"
    ),
    "Bits.digit": "fun T k j : nat => (2 ^ j * k / T) mod 2 : nat -> nat -> nat -> nat",
    "Bits.residue": "fun T k l : nat => (2 ^ l * k) mod T : nat -> nat -> nat -> nat",
    "BoxRows.a_start": "fun b t : nat => Nat.max 0 (t + 1 - b) : nat -> nat -> nat",
    "BoxRows.prefix": "fun (X : nat -> R) (n : nat) => sumR X n : (nat -> R) -> nat -> R",
    "Causal.causal_attention": (
        "fun (F : fieldType) (l : nat) (a : 'I_l -> F) => \\matrix_(i, j) (if (j < i)%N then (a i + i%:R)^-1 else if j"
        " == i then a i / (a i + i%:R) else 0) : forall (F : fieldType) (l : nat), ('I_l -> F) -> 'M_l"
    ),
    "CausalRows.cesaro_mx": (
        "fun (F : fieldType) (l : nat) => \\matrix_(i, j) (if (j <= i)%N then i.+1%:R^-1 else 0) : forall (F :"
        " fieldType) (l : nat), 'M_l"
    ),
    "Dyadic.block_size": "fun n r : nat => Nat.min (2 ^ r) (n + 1 - 2 ^ r) : nat -> nat -> nat",
    "Dyadic.block_sum": (
        "fun n r : nat => sumR (fun j : nat => if 2 ^ r + j <=? n then / INR (2 ^ r + j) ^ 2 else 0) (2 ^ r) : nat ->"
        " nat -> R"
    ),
    "Gap.adj": (
        "fun T t s : nat => sumR (fun l : nat => ind (s =? (t + 2 ^ l) mod T) + ind (s =? (t + (T - 2 ^ l mod T)) mod"
        " T)) (S (Nat.log2 T)) : nat -> nat -> nat -> R"
    ),
    "Gap.ind": "fun b : bool => if b then 1 else 0 : bool -> R",
    "IdealProfile.ideal_attention": (
        "fun (F : fieldType) (k n : nat) => \\matrix_(i, j) ideal_entry F k n i j : forall (F : fieldType) (k n : nat),"
        " 'M_(k + n.+1)"
    ),
    "IdealProfile.ideal_entry": (
        "fun (F : fieldType) (k n i j : nat) => if (i < k)%N then (i == j)%:R else (k + n.+1)%:R^-1 : forall F :"
        " fieldType, nat -> nat -> nat -> nat -> F"
    ),
    "Kernel.box": (
        "fun (b : nat) (X : nat -> R) (t : nat) => sumR (fun i : nat => X (t - i)%nat) (Nat.min b (S t)) / INR (Nat.min"
        " b (S t)) : nat -> (nat -> R) -> nat -> R"
    ),
    "Kernel.h": "fun b r : nat => (INR b - Rabs (INR r - (INR b - 1))) / INR b ^ 2 : nat -> nat -> R",
    "LowerOnes.lower_ones": (
        "fun (R : comRingType) (m : nat) => \\matrix_(i, j) lower_ones_entry R i j : forall (R : comRingType) (m :"
        " nat), 'M_m"
    ),
    "LowerOnes.lower_ones_entry": (
        "fun (R : comRingType) (i j : nat) => (j <= i)%:R : forall R : comRingType, nat -> nat -> R"
    ),
    "LowerOnes.lower_ones_inv": (
        "fun (R : comRingType) (m : nat) => \\matrix_(i, j) lower_ones_inv_entry R i j : forall (R : comRingType) (m :"
        " nat), 'M_m"
    ),
    "LowerOnes.lower_ones_inv_entry": (
        "fun (R : comRingType) (i j : nat) => (i == j)%:R - (i == j.+1)%:R : forall R : comRingType, nat -> nat -> R"
    ),
    "LowerOnes.tridiag_end": (
        "fun (R : comRingType) (m : nat) => \\matrix_(i, j) tridiag_entry R m i j : forall (R : comRingType) (m : nat),"
        " 'M_m"
    ),
    "LowerOnes.tridiag_entry": (
        "fun (R : comRingType) (m i j : nat) => if i == j then if (i.+1 < m)%N then 2 else 1 else if (i == j.+1) || (j"
        " == i.+1) then -1 else 0 : forall R : comRingType, nat -> nat -> nat -> R"
    ),
    "Orientation.softmax_row": (
        "fun (F : fieldType) (e : F -> F) (n : nat) (x : 'I_n -> F) (j : 'I_n) => e (x j) / (\\sum_m e (x m)) : forall"
        " F : fieldType, (F -> F) -> forall n : nat, ('I_n -> F) -> 'I_n -> F"
    ),
    "OrientationAverage.masked_softmax_row": (
        "fun (F : fieldType) (e : F -> F) (l i : nat) (y : 'I_i.+1 -> F) (j : 'I_l) => if (j <= i)%N then softmax_row e"
        " y (inord j) else 0 : forall F : fieldType, (F -> F) -> forall l i : nat, ('I_i.+1 -> F) -> 'I_l -> F"
    ),
    "Skeleton.mu": (
        "fun T k : nat => 2 * sumR (fun l : nat => 1 - cos (2 ^ l * (2 * PI * INR k / INR T))) (S (Nat.log2 T)) : nat"
        " -> nat -> R"
    ),
    "SkeletonSharp.mu_trunc": (
        "fun T k : nat => 2 * sumR (fun l : nat => 1 - cos (2 ^ l * (2 * PI * INR k / INR T))) (Nat.log2 T) : nat ->"
        " nat -> R"
    ),
    "Sums.sumR": (
        "fix sumR (f : nat -> R) (n : nat) {struct n} : R := match n with | 0%nat => 0 | S n' => sumR f n' + f n' end :"
        " (nat -> R) -> nat -> R"
    ),
    "Variational.laplacian": (
        "fun (R : realFieldType) (n : nat) (W : 'M_n) => diag_mx (\\row_i (\\sum_j W i j)) - W : forall (R :"
        " realFieldType) (n : nat), 'M_n -> 'M_n"
    ),
    "Variational.qform": (
        "fun (R : realFieldType) (n : nat) (M : 'M_n) (x : 'cV_n) => (x^T *m M *m x) 0 0 : forall (R : realFieldType)"
        " (n : nat), 'M_n -> 'cV_n -> R"
    ),
}
