(** TRSP App. C.4, Thm C.8 (claim trsp.C8.rank-floor): the rank floor under a sink,
    liminf_{T→∞} R_eff(I + 𝟏e₁ᵀ + g·M_tri) ≥ 1 + g²E_b > 1, for every b ≥ 1 and g ∈ (0, 1).

    Modelling. Sequences x : nat → ℝ (token t ↦ x_t) and Kernel.v's Box_b (TRSP Eq. 1), with M_tri = Box_b ∘ Box_b;
    both are causal, so the first T values of [sink_op b g x] are ℳx for the T × T matrix
    ℳ = I + 𝟏e₁ᵀ + g·M_tri of TRSP Eq. 14 (A_attn = 𝟏e₁ᵀ, the rank-one sink: (𝟏e₁ᵀx)_t = x_0) and
    x = (x_0, …, x_{T−1}). Its entries are [sink_entry b g t s] = (ℳe_s)_t, and [sink_matrix] shows that they are
    the matrix of [sink_op] on ℝ^T. ‖ℳ‖_F² is [frob_sq b g T] = Σ_{t,s<T} ℳ_ts², and the spectral norm ‖ℳ‖₂ is the
    operator norm: the least s ≥ 0 with ‖ℳx‖ ≤ s‖x‖ for every x ∈ ℝ^T ([is_opnorm], stated with squares);
    [opnorm_exists] shows that it exists for every T (so the hypothesis of the theorem is met by exactly one
    sequence). R_eff(ℳ) = ‖ℳ‖_F²/‖ℳ‖₂² (TRSP §3, the stable rank) and E_b = ‖h_b‖² = (2b² + 1)/(3b³)
    ([kernel_energy], equal to Σ_r h_b(r)² by Kernel.v). The liminf is Coquelicot's [LimInf_seq].

    Proof: every entry of ℳ is a sum of three nonnegative parts, so ‖ℳ‖_F² ≥ T + T + g²‖M_tri‖_F², and the rows
    t ≥ 2b − 2 of M_tri are the kernel h_b (Kernel.v), so ‖M_tri‖_F² ≥ (T − 2b + 2)E_b; by Cauchy–Schwarz in
    three terms, ‖ℳx‖ ≤ ‖x‖ + √T|x_0| + g‖M_tri x‖ ≤ (1 + √T + 5g)‖x‖ (‖M_tri‖₂ ≤ 5, BoxNorm.v), so
    ‖ℳ‖₂ ≤ 1 + √T + 5g; the quotient (2T + g²(T − 2b + 2)E_b)/(1 + √T + 5g)² is ≥ 1 + g²E_b once
    √T ≥ 30 + 2b, and R_eff is at least it. *)
Require Import Reals Lia Lra Arith.
From Coquelicot Require Import Rbar Hierarchy Lim_seq.
Require Import SpecProof.Sums SpecProof.Kernel SpecProof.BoxRows SpecProof.BoxNorm.
Open Scope R_scope.

(** e_s, the s-th unit sequence. *)
Definition unit_seq (s : nat) : nat -> R := fun i => if Nat.eqb i s then 1 else 0.

(** ℳx = x + 𝟏e₁ᵀx + g·M_tri x. *)
Definition sink_op (b : nat) (g : R) (x : nat -> R) (t : nat) : R := x t + x O + g * box b (box b x) t.

(** ℳ_ts = (ℳe_s)_t. *)
Definition sink_entry (b : nat) (g : R) (t s : nat) : R := sink_op b g (unit_seq s) t.

(** ‖x‖² over the first T tokens. *)
Definition vnorm_sq (T : nat) (x : nat -> R) : R := sumR (fun t => x t ^ 2) T.

(** ‖ℳ‖_F² of the T × T matrix. *)
Definition frob_sq (b : nat) (g : R) (T : nat) : R := sumR (fun t => sumR (fun s => sink_entry b g t s ^ 2) T) T.

(** s = ‖ℳ‖₂ on ℝ^T: the least s ≥ 0 with ‖ℳx‖² ≤ s²‖x‖² for every x. *)
Definition is_opnorm (b : nat) (g : R) (T : nat) (s : R) : Prop :=
  0 <= s /\ (forall x, vnorm_sq T (sink_op b g x) <= s ^ 2 * vnorm_sq T x) /\
  (forall c, 0 <= c -> (forall x, vnorm_sq T (sink_op b g x) <= c ^ 2 * vnorm_sq T x) -> s <= c).

(** E_b = (2b² + 1)/(3b³). *)
Definition kernel_energy (b : nat) : R := (2 * INR b ^ 2 + 1) / (3 * INR b ^ 3).

Lemma sum_pick : forall (f : nat -> R) i n, (i < n)%nat -> sumR (fun s => unit_seq s i * f s) n = f i.
Proof.
  intros f i n; induction n as [|n IH]; intros H; [lia|]. rewrite sumR_S. unfold unit_seq at 2.
  destruct (Nat.eqb_spec i n) as [->|A].
  - rewrite sumR_zero; [ring|]. intros k Hk. unfold unit_seq. destruct (Nat.eqb_spec n k); [lia|ring].
  - rewrite IH by lia. ring.
Qed.

Lemma sum_pick_r : forall (f : nat -> R) i n, (i < n)%nat -> sumR (fun s => f s * unit_seq i s) n = f i.
Proof.
  intros f i n H. rewrite <- (sum_pick f i n H). apply sumR_ext. intros s _. unfold unit_seq.
  destruct (Nat.eqb_spec s i), (Nat.eqb_spec i s); subst; first [ring | lia].
Qed.

(** The entries are the matrix of [sink_op] on ℝ^T. *)
Lemma box_causal : forall b X Y t, (forall s, (s <= t)%nat -> X s = Y s) -> box b (box b X) t = box b (box b Y) t.
Proof.
  intros b X Y t H. apply box_ext. intros s Hs. apply box_ext. intros r Hr. apply H. lia.
Qed.

Lemma tri_row : forall b (x : nat -> R) t T, (1 <= b)%nat -> (t < T)%nat ->
  box b (box b x) t = sumR (fun s => box b (box b (unit_seq s)) t * x s) T.
Proof.
  intros b x t T Hb HT.
  rewrite (box_row b (box b x) t T Hb HT).
  rewrite (sumR_ext (fun s => box_weight b t s * box b x s)
             (fun s => box_weight b t s * sumR (fun r => box_weight b s r * x r) T)).
  2: { intros s Hs. f_equal. apply box_row; assumption. }
  rewrite (sumR_ext (fun s => box b (box b (unit_seq s)) t * x s)
             (fun s => sumR (fun r => box_weight b t r * (box_weight b r s * x s)) T)).
  2: { intros s Hs. rewrite (box_row b (box b (unit_seq s)) t T Hb HT), Rmult_comm, <- sumR_scal.
       apply sumR_ext. intros r Hr. rewrite (box_row b (unit_seq s) r T Hb Hr), sum_pick_r by exact Hs. ring. }
  rewrite (sumR_ext (fun s => box_weight b t s * sumR (fun r => box_weight b s r * x r) T)
             (fun s => sumR (fun r => box_weight b t s * (box_weight b s r * x r)) T))
    by (intros; rewrite <- sumR_scal; reflexivity).
  apply sumR_swap.
Qed.

Theorem sink_matrix : forall b g (x : nat -> R) t T, (1 <= b)%nat -> (t < T)%nat ->
  sink_op b g x t = sumR (fun s => sink_entry b g t s * x s) T.
Proof.
  intros b g x t T Hb HT. unfold sink_entry, sink_op.
  rewrite (sumR_ext _ (fun s => unit_seq s t * x s + unit_seq s O * x s
                                + g * (box b (box b (unit_seq s)) t * x s))) by (intros; ring).
  rewrite !sumR_plus, sumR_scal, !sum_pick by lia. rewrite <- tri_row by assumption. ring.
Qed.

(** Row t ≥ 2b − 2 of M_tri is the kernel: Σ_{s<T} (M_tri)_ts² = ‖h_b‖² for 2b − 2 ≤ t < T. *)
Lemma tri_entry : forall b t s, (1 <= b)%nat -> (2 * b - 2 <= t)%nat ->
  box b (box b (unit_seq s)) t = sumR (fun r => h b r * unit_seq s (t - r)) (2 * b - 1).
Proof. intros. apply trsp_tribox_kernel_identity; assumption. Qed.

Lemma tri_row_energy : forall b t T, (1 <= b)%nat -> (2 * b - 2 <= t)%nat -> (t < T)%nat ->
  sumR (fun s => box b (box b (unit_seq s)) t ^ 2) T = sumR (fun r => h b r ^ 2) (2 * b - 1).
Proof.
  intros b t T Hb Ht HT.
  rewrite (sumR_ext (fun s => box b (box b (unit_seq s)) t ^ 2)
             (fun s => sumR (fun r => h b r * (unit_seq s (t - r) * box b (box b (unit_seq s)) t)) (2 * b - 1))).
  2: { intros s Hs. pose proof (tri_entry b t s Hb Ht) as E. simpl. rewrite Rmult_1_r. rewrite E at 1.
       rewrite Rmult_comm, <- sumR_scal. apply sumR_ext. intros. ring. }
  rewrite sumR_swap.
  apply sumR_ext. intros r Hr.
  rewrite sumR_scal, (sum_pick (fun s => box b (box b (unit_seq s)) t)) by lia.
  rewrite tri_entry by assumption.
  rewrite (sumR_ext (fun r' => h b r' * unit_seq (t - r) (t - r')) (fun r' => h b r' * unit_seq r r')).
  2: { intros r' Hr'. unfold unit_seq. destruct (Nat.eqb_spec (t - r') (t - r)), (Nat.eqb_spec r' r); first [ring | lia]. }
  rewrite sum_pick_r by lia. simpl. ring.
Qed.

Lemma unit_seq_nonneg : forall s i, 0 <= unit_seq s i.
Proof. intros. unfold unit_seq. destruct (Nat.eqb i s); lra. Qed.

Lemma tri_nonneg : forall b s t, (1 <= b)%nat -> 0 <= box b (box b (unit_seq s)) t.
Proof. intros. apply trsp_C8_nonneg; [assumption | apply unit_seq_nonneg]. Qed.

(** ‖ℳ‖_F² ≥ 2T + g²(T − 2b + 2)E_b. *)
Lemma frob_lower : forall b g T, (1 <= b)%nat -> 0 <= g -> (2 * b - 2 <= T)%nat ->
  2 * INR T + g ^ 2 * ((INR T - 2 * INR b + 2) * kernel_energy b) <= frob_sq b g T.
Proof.
  intros b g T Hb Hg HT. unfold frob_sq.
  apply Rle_trans with (sumR (fun t => sumR (fun s => unit_seq s t ^ 2 + unit_seq s O ^ 2
                                   + g ^ 2 * box b (box b (unit_seq s)) t ^ 2) T) T).
  2: { apply sumR_le. intros t _. apply sumR_le. intros s _. unfold sink_entry, sink_op.
       pose proof (unit_seq_nonneg s t). pose proof (unit_seq_nonneg s O). pose proof (tri_nonneg b s t Hb).
       assert (0 <= g * box b (box b (unit_seq s)) t) by (apply Rmult_le_pos; assumption). nra. }
  rewrite (sumR_ext _ (fun t => sumR (fun s => unit_seq s t * 1) T + sumR (fun s => unit_seq s O * 1) T
                                + g ^ 2 * sumR (fun s => box b (box b (unit_seq s)) t ^ 2) T)).
  2: { intros t Ht. rewrite <- sumR_scal, <- !sumR_plus. apply sumR_ext. intros s _. unfold unit_seq.
       destruct (Nat.eqb t s), (Nat.eqb O s); ring. }
  rewrite !sumR_plus, (sumR_ext (fun t => sumR (fun s => unit_seq s t * 1) T) (fun _ => 1))
    by (intros; apply sum_pick; assumption).
  destruct T as [|T'].
  { simpl. assert (b = 1)%nat by lia. subst b. unfold kernel_energy. simpl. nra. }
  rewrite (sumR_ext (fun t => sumR (fun s => unit_seq s O * 1) (S T')) (fun _ => 1))
    by (intros; apply sum_pick; lia).
  rewrite !sumR_const_one, sumR_scal.
  set (F := fun t => sumR (fun s => box b (box b (unit_seq s)) t ^ 2) (S T')).
  assert (Split : INR (S T' - (2 * b - 2)) * kernel_energy b <= sumR F (S T')).
  { replace (sumR F (S T')) with (sumR F ((2 * b - 2) + (S T' - (2 * b - 2)))) by (f_equal; lia).
    rewrite sumR_split.
    rewrite (sumR_ext (fun k => F (2 * b - 2 + k)%nat) (fun _ => kernel_energy b)).
    2: { intros k Hk. unfold F. rewrite tri_row_energy by lia. unfold kernel_energy.
         rewrite trsp_C7_kernel_energy by lia. reflexivity. }
    rewrite BoxNorm.sumR_const.
    assert (0 <= sumR F (2 * b - 2)).
    { apply sumR_nonneg. intros. unfold F. apply sumR_nonneg. intros. apply pow2_ge_0. }
    lra. }
  rewrite minus_INR in Split by lia. rewrite minus_INR in Split by lia. rewrite mult_INR in Split.
  simpl INR in Split at 2 3. assert (0 <= g ^ 2) by apply pow2_ge_0.
  assert (g ^ 2 * ((INR (S T') - (2 * INR b - 2)) * kernel_energy b) <= g ^ 2 * sumR F (S T'))
    by (apply Rmult_le_compat_l; assumption).
  lra.
Qed.

(** (a + b + c)² ≤ (p + q + r)(a²/p + b²/q + c²/r) for p, q, r > 0. *)
Lemma cs3 : forall a b c p q r, 0 < p -> 0 < q -> 0 < r ->
  (a + b + c) ^ 2 <= (p + q + r) * (a ^ 2 / p + b ^ 2 / q + c ^ 2 / r).
Proof.
  intros a b c p q r Hp Hq Hr.
  assert (E : (p + q + r) * (a ^ 2 / p + b ^ 2 / q + c ^ 2 / r) - (a + b + c) ^ 2
              = (q * a - p * b) ^ 2 / (p * q) + (r * a - p * c) ^ 2 / (p * r) + (r * b - q * c) ^ 2 / (q * r))
    by (field; lra).
  assert (0 <= (q * a - p * b) ^ 2 / (p * q)) by (apply Rmult_le_pos; [apply pow2_ge_0 | left; apply Rinv_0_lt_compat; nra]).
  assert (0 <= (r * a - p * c) ^ 2 / (p * r)) by (apply Rmult_le_pos; [apply pow2_ge_0 | left; apply Rinv_0_lt_compat; nra]).
  assert (0 <= (r * b - q * c) ^ 2 / (q * r)) by (apply Rmult_le_pos; [apply pow2_ge_0 | left; apply Rinv_0_lt_compat; nra]).
  lra.
Qed.

(** ‖ℳx‖² ≤ (1 + √T + 5g)²‖x‖². *)
Lemma op_upper : forall b g T (x : nat -> R), (1 <= b)%nat -> 0 < g -> (1 <= T)%nat ->
  vnorm_sq T (sink_op b g x) <= (1 + sqrt (INR T) + 5 * g) ^ 2 * vnorm_sq T x.
Proof.
  intros b g T x Hb Hg HT. unfold vnorm_sq, sink_op.
  assert (HsT : 0 < sqrt (INR T)) by (apply sqrt_lt_R0; apply lt_0_INR; lia).
  assert (Hsq : sqrt (INR T) * sqrt (INR T) = INR T) by (apply sqrt_sqrt; apply pos_INR).
  set (V := sumR (fun t => x t ^ 2) T).
  assert (HV : 0 <= V) by (apply sumR_nonneg; intros; apply pow2_ge_0).
  assert (H0 : x O ^ 2 <= V) by (apply (sumR_ge_term (fun t => x t ^ 2) T O); [intros; apply pow2_ge_0 | lia]).
  pose proof (proj2 (trsp_C8_spectral_norm_sharp b T x Hb)) as H25. fold V in H25.
  apply Rle_trans with (sumR (fun t => (1 + sqrt (INR T) + 5 * g)
                                       * (x t ^ 2 / 1 + x O ^ 2 / sqrt (INR T)
                                          + (g * box b (box b x) t) ^ 2 / (5 * g))) T).
  { apply sumR_le. intros t _. apply cs3; lra. }
  rewrite sumR_scal, !sumR_plus.
  rewrite (sumR_ext (fun t => x t ^ 2 / 1) (fun t => x t ^ 2)) by (intros; field).
  rewrite BoxNorm.sumR_const.
  rewrite (sumR_ext (fun t => (g * box b (box b x) t) ^ 2 / (5 * g)) (fun t => g / 5 * box b (box b x) t ^ 2))
    by (intros; field; lra).
  rewrite sumR_scal. fold V.
  assert (A : INR T * (x O ^ 2 / sqrt (INR T)) <= sqrt (INR T) * V).
  { set (r := sqrt (INR T)) in *. rewrite <- Hsq.
    replace (r * r * (x O ^ 2 / r)) with (r * x O ^ 2) by (field; lra). apply Rmult_le_compat_l; lra. }
  assert (B : g / 5 * sumR (fun t => box b (box b x) t ^ 2) T <= 5 * g * V).
  { apply Rle_trans with (g / 5 * (25 * V)); [apply Rmult_le_compat_l; lra | lra]. }
  assert (C : 0 <= 1 + sqrt (INR T) + 5 * g) by lra.
  apply Rle_trans with ((1 + sqrt (INR T) + 5 * g) * (V + sqrt (INR T) * V + 5 * g * V)).
  { apply Rmult_le_compat_l; lra. }
  right. ring.
Qed.

Lemma box_zero : forall b t, box b (fun _ => 0) t = 0.
Proof.
  intros b t. unfold box. rewrite (sumR_ext _ (fun _ => 0 * 0)) by (intros; ring). rewrite sumR_scal.
  unfold Rdiv. ring.
Qed.

Lemma op_causal : forall b g T (x : nat -> R), (forall t, (t < T)%nat -> x t = 0) ->
  vnorm_sq T (sink_op b g x) = 0.
Proof.
  intros b g T x H. unfold vnorm_sq. apply sumR_zero. intros t Ht. unfold sink_op.
  rewrite H, (H O) by lia.
  rewrite (box_causal b x (fun _ => 0) t) by (intros; apply H; lia).
  rewrite (box_ext b (box b (fun _ => 0)) (fun _ => 0) t) by (intros; apply box_zero).
  rewrite box_zero. ring.
Qed.

(** The operator norm exists (completeness of ℝ). *)
Theorem opnorm_exists : forall b g T, (1 <= b)%nat -> 0 < g -> (1 <= T)%nat -> exists s, is_opnorm b g T s.
Proof.
  intros b g T Hb Hg HT.
  set (K := (1 + sqrt (INR T) + 5 * g) ^ 2).
  set (E := fun r => r = 0 \/ exists x, 0 < vnorm_sq T x /\ r = vnorm_sq T (sink_op b g x) / vnorm_sq T x).
  assert (Hb' : bound E).
  { exists K. intros r [->|[x [Hx ->]]].
    - unfold K. apply pow2_ge_0.
    - apply (Rmult_le_reg_r (vnorm_sq T x)); [exact Hx|]. unfold Rdiv. rewrite Rmult_assoc, Rinv_l by lra.
      rewrite Rmult_1_r. apply op_upper; assumption. }
  destruct (completeness E Hb' (ex_intro _ 0 (or_introl eq_refl))) as [m [Hup Hleast]].
  assert (Hm : 0 <= m) by (apply Hup; left; reflexivity).
  exists (sqrt m). split; [apply sqrt_pos|]. split.
  - intros x. rewrite pow2_sqrt by exact Hm.
    assert (Hx : 0 <= vnorm_sq T x) by (apply sumR_nonneg; intros; apply pow2_ge_0).
    destruct (Req_dec (vnorm_sq T x) 0) as [Z|Z].
    + rewrite op_causal; [rewrite Z; lra|]. intros t Ht.
      assert (x t ^ 2 <= 0) by (rewrite <- Z; apply (sumR_ge_term (fun s => x s ^ 2) T t); [intros; apply pow2_ge_0 | exact Ht]).
      nra.
    + assert (Hq : vnorm_sq T (sink_op b g x) / vnorm_sq T x <= m) by (apply Hup; right; exists x; split; lra).
      apply (Rmult_le_compat_r (vnorm_sq T x)) in Hq; [|lra].
      unfold Rdiv in Hq. rewrite Rmult_assoc, Rinv_l, Rmult_1_r in Hq by lra. exact Hq.
  - intros c Hc Hx. rewrite <- (sqrt_pow2 c Hc). apply sqrt_le_1_alt. apply Hleast.
    intros r [->|[x [Hpos ->]]]; [apply pow2_ge_0|].
    apply (Rmult_le_reg_r (vnorm_sq T x)); [exact Hpos|]. unfold Rdiv. rewrite Rmult_assoc, Rinv_l by lra.
    rewrite Rmult_1_r. apply Hx.
Qed.

(** 2u² + a(u² − 2b + 2) ≥ (1 + a)(u + k)² for u ≥ 30 + 2b, 0 ≤ a ≤ 1, 1 ≤ k ≤ 6. *)
Lemma floor_arith : forall u a k B, 1 <= B -> 30 + 2 * B <= u -> 0 <= a <= 1 -> 1 <= k <= 6 ->
  (1 + a) * (u + k) ^ 2 <= 2 * u ^ 2 + a * (u ^ 2 - 2 * B + 2).
Proof.
  intros u a k B HB Hu Ha Hk.
  assert (K1 : (1 + a) * k <= 12) by nra.
  assert (K2 : (1 + a) * k ^ 2 <= 72) by (assert (k ^ 2 <= 36) by nra; nra).
  assert (K3 : 2 * ((1 + a) * k) * u <= 24 * u) by nra.
  assert (K4 : a * (2 * B - 2) <= 2 * B) by nra.
  assert (K5 : 24 * u + 72 + 2 * B <= u ^ 2) by nra.
  replace ((1 + a) * (u + k) ^ 2) with ((1 + a) * u ^ 2 + 2 * ((1 + a) * k) * u + (1 + a) * k ^ 2) by ring.
  nra.
Qed.

(** trsp.C8.rank-floor: for every b ≥ 1 and g ∈ (0, 1), with s_T = ‖ℳ_T‖₂ for every T,
    liminf_T ‖ℳ_T‖_F²/‖ℳ_T‖₂² ≥ 1 + g²E_b > 1, E_b = (2b² + 1)/(3b³) = Σ_r h_b(r)². *)
Theorem trsp_C8_rank_floor : forall (b : nat) (g : R) (s : nat -> R), (1 <= b)%nat -> 0 < g < 1 ->
  (forall T, is_opnorm b g T (s T)) ->
  Rbar_le (1 + g ^ 2 * kernel_energy b) (LimInf_seq (fun T => frob_sq b g T / s T ^ 2))
  /\ 1 < 1 + g ^ 2 * kernel_energy b
  /\ kernel_energy b = sumR (fun r => h b r ^ 2) (2 * b - 1).
Proof.
  intros b g s Hb Hg Hs.
  assert (HB : 1 <= INR b) by (apply (le_INR 1); lia).
  assert (HE : 0 < kernel_energy b).
  { unfold kernel_energy. apply Rdiv_lt_0_compat; [nra|]. assert (0 < INR b ^ 3) by (apply pow_lt; lra). lra. }
  assert (HE1 : kernel_energy b <= 1).
  { unfold kernel_energy. assert (0 < 3 * INR b ^ 3) by (assert (0 < INR b ^ 3) by (apply pow_lt; lra); lra).
    apply (Rmult_le_reg_r (3 * INR b ^ 3)); [lra|]. unfold Rdiv. rewrite Rmult_assoc, Rinv_l by lra.
    assert (INR b ^ 2 <= INR b ^ 3) by (simpl; nra). nra. }
  split; [|split; [assert (0 < g ^ 2) by nra; nra | unfold kernel_energy; symmetry; apply trsp_C7_kernel_energy; exact Hb]].
  rewrite <- (LimInf_seq_const (1 + g ^ 2 * kernel_energy b)).
  apply LimInf_le. exists ((30 + 2 * b) ^ 2)%nat. intros T HT.
  assert (HT1 : (1 <= T)%nat) by (assert (1 <= (30 + 2 * b) ^ 2)%nat by (apply (Nat.le_trans _ (30 + 2 * b)); [lia | simpl; nia]); lia).
  assert (HT2 : (2 * b - 2 <= T)%nat) by (assert (2 * b <= (30 + 2 * b) ^ 2)%nat by (simpl; nia); lia).
  destruct (Hs T) as [S0 [Sup Sleast]].
  set (c := 1 + sqrt (INR T) + 5 * g).
  assert (Hu : 30 + 2 * INR b <= sqrt (INR T)).
  { rewrite <- (sqrt_pow2 (30 + 2 * INR b)) by lra. apply sqrt_le_1_alt.
    replace ((30 + 2 * INR b) ^ 2) with (INR ((30 + 2 * b) ^ 2)) by (rewrite pow_INR, plus_INR, mult_INR; simpl; ring).
    apply le_INR. exact HT. }
  assert (Hc : s T <= c) by (apply Sleast; [unfold c; pose proof (sqrt_pos (INR T)); lra | intros x; apply op_upper; [exact Hb | lra | exact HT1]]).
  assert (Hs2 : 2 <= s T).
  { pose proof (Sup (unit_seq O)) as U.
    assert (V1 : vnorm_sq T (unit_seq O) = 1).
    { unfold vnorm_sq. rewrite (sumR_ext _ (fun t => unit_seq t O * 1)) by (intros t _; unfold unit_seq;
        destruct (Nat.eqb_spec t O), (Nat.eqb_spec O t); first [ring | lia]).
      apply sum_pick. lia. }
    assert (V4 : 4 <= vnorm_sq T (sink_op b g (unit_seq O))).
    { unfold vnorm_sq. eapply Rle_trans;
        [|apply (sumR_ge_term (fun t => sink_op b g (unit_seq O) t ^ 2) T O); [intros; apply pow2_ge_0 | lia]].
      unfold sink_op. pose proof (tri_nonneg b O O Hb). unfold unit_seq at 1 2. simpl.
      assert (0 <= g * box b (box b (unit_seq 0)) 0) by (apply Rmult_le_pos; lra). nra. }
    rewrite V1 in U. nra. }
  assert (Hf : 2 * INR T + g ^ 2 * ((INR T - 2 * INR b + 2) * kernel_energy b) <= frob_sq b g T)
    by (apply frob_lower; [exact Hb | lra | exact HT2]).
  assert (Hsq : sqrt (INR T) ^ 2 = INR T) by (apply pow2_sqrt, pos_INR).
  assert (Ha : (1 + g ^ 2 * kernel_energy b) * c ^ 2 <= frob_sq b g T).
  { eapply Rle_trans; [|exact Hf]. rewrite <- Hsq.
    replace (2 * sqrt (INR T) ^ 2 + g ^ 2 * ((sqrt (INR T) ^ 2 - 2 * INR b + 2) * kernel_energy b))
      with (2 * sqrt (INR T) ^ 2 + (g ^ 2 * kernel_energy b) * (sqrt (INR T) ^ 2 - 2 * INR b + 2)) by ring.
    unfold c. replace (1 + sqrt (INR T) + 5 * g) with (sqrt (INR T) + (1 + 5 * g)) by ring.
    apply floor_arith; [exact HB | exact Hu | split; [nra|] | lra].
    assert (g ^ 2 <= 1) by nra. nra. }
  apply (Rmult_le_reg_r (s T ^ 2)); [nra|]. unfold Rdiv. rewrite Rmult_assoc, Rinv_l, Rmult_1_r by nra.
  eapply Rle_trans; [|exact Ha]. apply Rmult_le_compat_l; [nra|]. apply pow_incr. lra.
Qed.
