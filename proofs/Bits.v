(** TRSP App. C.3.2, Thm C.6: the binary-digit lemma (claim trsp.C6.bit-lemma and its sharpening
    trsp.C6.bit-lemma.sharp) and the integer doubling argument behind μ₂ ≥ 2.

    Modelling. ψ = k/T with 0 ≤ k < T. Its binary digits ψ = Σ_{j≥1} b_j 2^{-j} are
    b_j = ⌊2^j k / T⌋ mod 2 ([digit]), and the fractional part {2^ℓ ψ} is r_ℓ/T with the residue
    r_ℓ = 2^ℓ k mod T ([residue]; [frac_residue] shows 2^ℓ ψ = ⌊2^ℓ ψ⌋ + r_ℓ/T with 0 ≤ r_ℓ/T < 1).
    L = ⌊log₂ T⌋ is [Nat.log2 T]. *)
Require Import Reals Lia Lra Arith.
Open Scope nat_scope.

Definition residue (T k l : nat) : nat := (2 ^ l * k) mod T.
Definition digit (T k j : nat) : nat := (2 ^ j * k / T) mod 2.

(** a = q·T + (a − q·T) with the remainder below T: quotient and remainder by hand. *)
Lemma div_eq : forall T a q, q * T <= a < (q + 1) * T -> a / T = q.
Proof. intros T a q H. symmetry. apply (Nat.div_unique a T q (a - q * T)); nia. Qed.

Lemma mod_eq : forall T a q, q * T <= a < (q + 1) * T -> a mod T = a - q * T.
Proof. intros T a q H. symmetry. apply (Nat.mod_unique a T q (a - q * T)); nia. Qed.

Lemma residue_lt : forall T k l, 0 < T -> residue T k l < T.
Proof. intros. apply Nat.mod_upper_bound. lia. Qed.

Lemma residue_0 : forall T k, k < T -> residue T k 0 = k.
Proof. intros. unfold residue. rewrite Nat.pow_0_r, Nat.mul_1_l. apply Nat.mod_small. assumption. Qed.

(** One doubling: r_{ℓ+1} = 2 r_ℓ mod T. *)
Lemma residue_S : forall T k l, 0 < T -> residue T k (S l) = (2 * residue T k l) mod T.
Proof.
  intros T k l HT. unfold residue. rewrite Nat.mul_mod_idemp_r by lia.
  rewrite Nat.pow_succ_r'. f_equal. lia.
Qed.

(** 2^ℓ k = ⌊2^ℓ k/T⌋·T + r_ℓ, and over ℝ: 2^ℓ ψ = ⌊2^ℓ ψ⌋ + r_ℓ/T with 0 ≤ r_ℓ/T < 1,
    so r_ℓ/T is the fractional part {2^ℓ ψ}. *)
Lemma frac_residue : forall T k l, 0 < T ->
  (INR (2 ^ l * k) / INR T = INR (2 ^ l * k / T) + INR (residue T k l) / INR T
   /\ 0 <= INR (residue T k l) / INR T < 1)%R.
Proof.
  intros T k l HT. unfold residue.
  assert (HTR : (0 < INR T)%R) by (apply lt_0_INR; lia).
  assert (Hlt : (2 ^ l * k) mod T < T) by (apply Nat.mod_upper_bound; lia).
  pose proof (Nat.div_mod_eq (2 ^ l * k) T) as Hdm.
  split.
  - rewrite Hdm at 1. rewrite plus_INR, mult_INR. field. lra.
  - apply lt_INR in Hlt. split.
    + apply Rmult_le_pos; [apply pos_INR | left; apply Rinv_0_lt_compat; lra].
    + apply (Rmult_lt_reg_r (INR T)); [lra|]. unfold Rdiv. rewrite Rmult_assoc, Rinv_l by lra. lra.
Qed.

Lemma digit_S : forall T k l, 0 < T -> digit T k (S l) = 2 * residue T k l / T.
Proof.
  intros T k l HT. unfold digit, residue.
  pose proof (Nat.div_mod_eq (2 ^ l * k) T) as Hdm.
  set (q := 2 ^ l * k / T) in *. set (r := (2 ^ l * k) mod T) in *.
  assert (Hr : r < T) by (apply Nat.mod_upper_bound; lia).
  assert (E : 2 ^ S l * k = (2 * q) * T + 2 * r) by (rewrite Nat.pow_succ_r'; lia).
  rewrite E, Nat.div_add_l by lia.
  assert (Hx : 2 * r / T < 2) by (apply Nat.div_lt_upper_bound; lia).
  replace (2 * q + 2 * r / T) with (2 * r / T + q * 2) by lia.
  rewrite Nat.mod_add by lia. apply Nat.mod_small. assumption.
Qed.

Lemma digit_SS : forall T k l, 0 < T -> digit T k (S (S l)) = (4 * residue T k l / T) mod 2.
Proof.
  intros T k l HT. unfold digit, residue.
  pose proof (Nat.div_mod_eq (2 ^ l * k) T) as Hdm.
  set (q := 2 ^ l * k / T) in *. set (r := (2 ^ l * k) mod T) in *.
  assert (E : 2 ^ S (S l) * k = (4 * q) * T + 4 * r) by (rewrite !Nat.pow_succ_r'; lia).
  rewrite E, Nat.div_add_l by lia.
  replace (4 * q + 4 * r / T) with (4 * r / T + (2 * q) * 2) by lia.
  rewrite Nat.mod_add by lia. reflexivity.
Qed.

(** The quarter band in integers: {2^ℓψ} ∈ [1/4, 3/4) ⇔ T ≤ 4 r_ℓ < 3T. *)
Lemma quarter_band_nat : forall T r, 0 < T ->
  ((/ 4 <= INR r / INR T < 3 / 4)%R <-> T <= 4 * r < 3 * T).
Proof.
  intros T r HT.
  assert (HTR : (0 < INR T)%R) by (apply lt_0_INR; lia).
  assert (Hx : (INR r = (INR r / INR T) * INR T)%R) by (field; lra).
  set (x := (INR r / INR T)%R) in *.
  split.
  - intros [H1 H2]. split.
    + apply INR_le. rewrite mult_INR. simpl INR. nra.
    + apply INR_lt. rewrite !mult_INR. simpl INR. nra.
  - intros [H1 H2]. apply le_INR in H1. apply lt_INR in H2. rewrite !mult_INR in *. simpl INR in *.
    split; nra.
Qed.

(** Thm C.6 proof, part (i): {2^ℓ ψ} ∈ [1/4, 3/4) iff b_{ℓ+1} ≠ b_{ℓ+2}. *)
Theorem bit_lemma_i : forall T k l, 0 < T ->
  ((/ 4 <= INR (residue T k l) / INR T < 3 / 4)%R <-> digit T k (S l) <> digit T k (S (S l))).
Proof.
  intros T k l HT. rewrite quarter_band_nat by assumption.
  rewrite digit_S, digit_SS by assumption.
  pose proof (residue_lt T k l HT). set (r := residue T k l) in *.
  destruct (Nat.lt_ge_cases (4 * r) T) as [A|A];
  [| destruct (Nat.lt_ge_cases (4 * r) (2 * T)) as [B|B];
  [| destruct (Nat.lt_ge_cases (4 * r) (3 * T)) as [C|C]]].
  - rewrite (div_eq T (2 * r) 0), (div_eq T (4 * r) 0) by lia. simpl. lia.
  - rewrite (div_eq T (2 * r) 0), (div_eq T (4 * r) 1) by lia. simpl. lia.
  - rewrite (div_eq T (2 * r) 1), (div_eq T (4 * r) 2) by lia. simpl. lia.
  - rewrite (div_eq T (2 * r) 1), (div_eq T (4 * r) 3) by lia. simpl. lia.
Qed.

(** Part (ii): 2^{-(L+2)} < 1/T for L = ⌊log₂T⌋. *)
Theorem bit_lemma_ii : forall T, 0 < T -> (/ 2 ^ (Nat.log2 T + 2) < / INR T)%R.
Proof.
  intros T HT. destruct (Nat.log2_spec T HT) as [_ Hup].
  assert (H : T < 2 ^ (Nat.log2 T + 2)) by (rewrite Nat.add_comm; simpl; simpl in Hup; lia).
  apply lt_INR in H. rewrite pow_INR in H. simpl INR in H. replace (1 + 1)%R with 2%R in H by lra.
  apply Rinv_lt_contravar; [|assumption].
  apply Rmult_lt_0_compat; [apply lt_0_INR; lia | apply pow_lt; lra].
Qed.

(** The doubling argument. d_ℓ = min(r_ℓ, T − r_ℓ) is the distance of r_ℓ to {0, T}; while
    4 d_ℓ ≤ T, one more generator doubles it. *)
Definition dist0 (T r : nat) : nat := Nat.min r (T - r).

Lemma doubling : forall T r, 0 < T -> r < T -> 4 * dist0 T r <= T ->
  dist0 T ((2 * r) mod T) = 2 * dist0 T r.
Proof.
  intros T r HT Hr H. unfold dist0 in *.
  destruct (Nat.lt_ge_cases (2 * r) T) as [A|A].
  - rewrite (mod_eq T (2 * r) 0) by lia. lia.
  - rewrite (mod_eq T (2 * r) 1) by lia. lia.
Qed.

(** For a decidable band of residues whose complement satisfies c·d ≤ T (c ≥ 4): either some
    ℓ ≤ m is in the band, or c·2^m·d_0 ≤ T. *)
Lemma band_or_grow : forall (band : nat -> Prop) c T k, 0 < T -> 4 <= c ->
  (forall r, band r \/ ~ band r) ->
  (forall r, r < T -> ~ band r -> c * dist0 T r <= T) ->
  forall m, (exists l, l <= m /\ band (residue T k l))
            \/ (dist0 T (residue T k m) = 2 ^ m * dist0 T (residue T k 0)
                /\ c * dist0 T (residue T k m) <= T).
Proof.
  intros band c T k HT Hc Hdec Hout m. induction m as [|m IH].
  - destruct (Hdec (residue T k 0)) as [B|B].
    + left. exists 0. split; [lia | assumption].
    + right. split; [simpl; lia | apply Hout; [apply residue_lt; lia | assumption]].
  - destruct IH as [[l [Hl B]]|[E D]].
    + left. exists l. split; [lia | assumption].
    + destruct (Hdec (residue T k (S m))) as [B|B].
      * left. exists (S m). split; [lia | assumption].
      * right. split.
        -- assert (4 * dist0 T (residue T k m) <= T) by nia.
           pose proof (residue_lt T k m HT).
           rewrite residue_S by assumption. rewrite doubling by assumption.
           rewrite E. rewrite Nat.pow_succ_r'. lia.
        -- apply Hout; [apply residue_lt; lia | assumption].
Qed.

(** Some generator ℓ ≤ L − 1 lands in the band, for every mode 1 ≤ k ≤ T − 1. *)
Lemma band_witness : forall (band : nat -> Prop) c T k, 2 <= T -> 4 <= c -> 1 <= k <= T - 1 ->
  (forall r, band r \/ ~ band r) ->
  (forall r, r < T -> ~ band r -> c * dist0 T r <= T) ->
  exists l, l <= Nat.log2 T - 1 /\ band (residue T k l).
Proof.
  intros band c T k HT Hc Hk Hdec Hout.
  destruct (band_or_grow band c T k ltac:(lia) Hc Hdec Hout (Nat.log2 T - 1)) as [W|[E D]]; [exact W|].
  exfalso. rewrite E, residue_0 in D by lia.
  destruct (Nat.log2_spec T ltac:(lia)) as [_ Hup].
  assert (HL : 1 <= Nat.log2 T) by (apply Nat.log2_le_mono in HT; simpl in HT; exact HT).
  destruct (Nat.log2 T) as [|L] eqn:EL; [lia|].
  replace (S L - 1) with L in D by lia. rewrite !Nat.pow_succ_r' in Hup.
  unfold dist0 in D.
  assert (Hm : 1 <= Nat.min k (T - k)) by lia.
  set (m := Nat.min k (T - k)) in *. set (P := 2 ^ L) in *.
  assert (P * 1 <= P * m) by (apply Nat.mul_le_mono_l; exact Hm).
  assert (4 * (P * m) <= c * (P * m)) by (apply Nat.mul_le_mono_r; exact Hc).
  lia.
Qed.

(** Part (iii), sharp form (trsp.C6.bit-lemma.sharp): every ψ = k/T, 1 ≤ k ≤ T − 1, has
    b_{ℓ+1} ≠ b_{ℓ+2} for some ℓ ≤ L − 1. *)
Theorem bit_lemma_iii_sharp : forall T k, 2 <= T -> 1 <= k <= T - 1 ->
  exists l, l <= Nat.log2 T - 1 /\ digit T k (S l) <> digit T k (S (S l)).
Proof.
  intros T k HT Hk.
  destruct (band_witness (fun r => T <= 4 * r < 3 * T) 4 T k HT ltac:(lia) Hk) as [l [Hl B]].
  - intros r. lia.
  - intros r Hr B. unfold dist0. lia.
  - exists l. split; [assumption|]. apply bit_lemma_i; [lia|]. apply quarter_band_nat; [lia | assumption].
Qed.

(** Part (iii) as the paper states it: such a change sits among the first L + 2 digits
    (b_{ℓ+1}, b_{ℓ+2} with ℓ + 2 ≤ L + 2). *)
Theorem bit_lemma_iii : forall T k, 2 <= T -> 1 <= k <= T - 1 ->
  exists l, l + 2 <= Nat.log2 T + 2 /\ digit T k (S l) <> digit T k (S (S l)).
Proof.
  intros T k HT Hk. destruct (bit_lemma_iii_sharp T k HT Hk) as [l [Hl D]].
  exists l. split; [lia | exact D].
Qed.

(** The statement trsp.C6.bit-lemma, (i) ∧ (ii) ∧ (iii), in one proposition. *)
Theorem trsp_C6_bit_lemma :
  (forall T k l, 0 < T ->
     ((/ 4 <= INR (residue T k l) / INR T < 3 / 4)%R <-> digit T k (S l) <> digit T k (S (S l))))
  /\ (forall T, 0 < T -> (/ 2 ^ (Nat.log2 T + 2) < / INR T)%R)
  /\ (forall T k, 2 <= T -> 1 <= k <= T - 1 ->
        exists l, l + 2 <= Nat.log2 T + 2 /\ digit T k (S l) <> digit T k (S (S l))).
Proof. split; [exact bit_lemma_i | split; [exact bit_lemma_ii | exact bit_lemma_iii]]. Qed.
