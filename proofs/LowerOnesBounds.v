(** SDEG App. D.2, Thm 7 (claim sdeg.c.Lm-singular), the constants: for σ_j = 1/(2 sin((2j−1)π/(4m+2))) of
    LowerOnesSines.v, 1/π ≤ jσ_j/m ≤ 1 for every 1 ≤ j ≤ m, the upper bound attained at m = j = 1, and
    Σ_{j=1}^{2^r} σ_j ≥ (ln 2/π)·2^r(r+1) for every r.

    Modelling. As LowerOnesSines.v; ln 2 enters as a real l with exp l = 2 (Gap.v's [exp_log_exists_unique]: it
    exists and is unique). Proofs: sin x < x gives the lower bound; on [π/6, π/2] sin x ≥ 1/2, below it
    sin x ≥ x − x³/6 ≥ (25/27)x, which give the upper; Σ_{j≤m} 2/(2j−1) ≥ ln(2m+1) from e^u ≥ 1 + u and the
    telescoping product Π (2j+1)/(2j−1) = 2m + 1. *)
Require Import Reals Lia Lra.
Require Import SpecProof.Sums SpecProof.Gap SpecProof.LowerOnesSines.
Open Scope R_scope.

Lemma lm_x_range : forall m j, (1 <= j <= m)%nat ->
  0 < (2 * INR j - 1) * PI / (4 * INR m + 2) < PI / 2.
Proof.
  intros m j Hj. pose proof PI_RGT_0.
  assert (J1 : 1 <= INR j) by (apply (le_INR 1); lia).
  assert (JM : INR j <= INR m) by (apply le_INR; lia).
  split.
  - apply Rdiv_lt_0_compat; nra.
  - apply (Rmult_lt_reg_r (4 * INR m + 2)); [lra|].
    unfold Rdiv. rewrite Rmult_assoc, Rinv_l, Rmult_1_r by lra. nra.
Qed.

Lemma lm_ratio_form : forall m j, (1 <= j <= m)%nat ->
  INR j * lm_sigma m j / INR m = INR j / (2 * sin ((2 * INR j - 1) * PI / (4 * INR m + 2)) * INR m).
Proof.
  intros m j Hj. pose proof (lm_x_range m j Hj) as [A B].
  assert (0 < sin ((2 * INR j - 1) * PI / (4 * INR m + 2))) by (apply sin_gt_0; lra).
  assert (0 < INR m) by (apply lt_0_INR; lia).
  unfold lm_sigma. field. lra.
Qed.

(** sin u ≤ u for u ≥ 0 (Gap.v's sin² u ≤ u²), and so π ≥ 6 sin(π/6) = 3. *)
Lemma sin_le_x : forall u, 0 <= u -> sin u <= u.
Proof. intros u Hu. pose proof (sin_sq_le u). destruct (Rle_lt_dec (sin u) u) as [A|A]; [exact A|]. nra. Qed.

Lemma PI_ge_3 : 3 <= PI.
Proof. pose proof (sin_le_x (PI / 6) (Rlt_le _ _ PI6_RGT_0)). rewrite sin_PI6 in H. lra. Qed.

(** sin x ≥ x − x³/6 on [0, 4]. *)
Lemma sin_cubic : forall x, 0 <= x <= 4 -> x - x ^ 3 / 6 <= sin x.
Proof.
  intros x Hx. destruct (pre_sin_bound x 0 ltac:(lra) ltac:(lra)) as [A _].
  assert (E : sin_approx x (2 * 0 + 1) = x - x ^ 3 / 6) by (unfold sin_approx, sin_term; simpl; field).
  lra.
Qed.

(** Claim sdeg.c.Lm-singular, the constants: 1/π ≤ jσ_j/m ≤ 1 for every 1 ≤ j ≤ m. *)
Theorem sdeg_c_Lm_ratio : forall m j, (1 <= j <= m)%nat -> / PI <= INR j * lm_sigma m j / INR m <= 1.
Proof.
  intros m j Hj. rewrite lm_ratio_form by exact Hj.
  pose proof (lm_x_range m j Hj) as [A B].
  set (x := (2 * INR j - 1) * PI / (4 * INR m + 2)) in *.
  pose proof PI_RGT_0 as P0. pose proof PI_4 as P4. pose proof PI_ge_3 as P3.
  assert (J1 : 1 <= INR j) by (apply (le_INR 1); lia).
  assert (JM : INR j <= INR m) by (apply le_INR; lia).
  assert (Hs : 0 < sin x) by (apply sin_gt_0; lra).
  assert (Hx : x * (4 * INR m + 2) = (2 * INR j - 1) * PI) by (unfold x; field; lra).
  assert (D : 0 < 2 * sin x * INR m) by nra.
  split.
  - (* 2 sin x · m < 2x · m ≤ jπ *)
    pose proof (sin_le_x x (Rlt_le _ _ A)) as L.
    assert (K : 2 * sin x * INR m <= INR j * PI) by nra.
    apply (Rmult_le_reg_r (PI * (2 * sin x * INR m))); [nra|].
    replace (/ PI * (PI * (2 * sin x * INR m))) with (2 * sin x * INR m) by (field; lra).
    replace (INR j / (2 * sin x * INR m) * (PI * (2 * sin x * INR m))) with (INR j * PI) by (field; lra).
    exact K.
  - (* j ≤ 2m sin x *)
    assert (K : INR j <= 2 * sin x * INR m).
    { destruct (Rle_lt_dec (PI / 6) x) as [C|C].
      - assert (H6 : 1 / 2 <= sin x).
        { rewrite <- sin_PI6. destruct (Req_dec (PI / 6) x) as [E|E]; [rewrite E; lra|].
          left. apply sin_increasing_1; lra. }
        nra.
      - (* x < π/6: then m ≥ 3j − 1, and sin x ≥ (25/27)x *)
        assert (Hm : 3 * INR j - 1 <= INR m).
        { assert (T : (2 * INR j - 1) * 6 < 4 * INR m + 2).
          { apply (Rmult_lt_reg_r PI); [lra|].
            assert (6 * x * (4 * INR m + 2) < PI * (4 * INR m + 2)) by (apply Rmult_lt_compat_r; lra). nra. }
          assert (Z : (3 * j - 1 <= m)%nat).
          { assert (T' : (2 * INR j - 1) * 6 < 4 * INR m + 2) by exact T.
            assert (INR (12 * j) < INR (4 * m + 8)) by (rewrite !plus_INR, !mult_INR; simpl; lra).
            apply INR_lt in H. lia. }
          apply le_INR in Z. rewrite minus_INR, mult_INR in Z by lia. simpl in Z. lra. }
        pose proof (sin_cubic x ltac:(lra)) as S3.
        assert (Q : x ^ 3 / 6 <= 2 / 27 * x).
        { assert (x * x <= (PI / 6) * (PI / 6)) by nra.
          assert ((PI / 6) * (PI / 6) <= 16 / 36) by nra. simpl. nra. }
        assert (S : 25 / 27 * x <= sin x) by lra.
        assert (M2 : 2 <= INR m) by lra.
        assert (P' : INR m * (3 * (2 * INR j - 1)) <= INR m * ((2 * INR j - 1) * PI))
          by (apply Rmult_le_compat_l; nra).
        assert (W : 0 <= (INR m - 2) * (64 * INR j - 50)) by (apply Rmult_le_pos; lra).
        assert (G : INR j * (4 * INR m + 2) <= 2 * INR m * (25 / 27 * ((2 * INR j - 1) * PI))) by lra.
        rewrite <- Hx in G.
        assert (K2 : 2 * INR m * (25 / 27 * x) * (4 * INR m + 2) <= 2 * INR m * sin x * (4 * INR m + 2))
          by (apply Rmult_le_compat_r; [lra | apply Rmult_le_compat_l; lra]).
        apply (Rmult_le_reg_r (4 * INR m + 2)); [lra|]. lra. }
    apply (Rmult_le_reg_r (2 * sin x * INR m)); [exact D|].
    replace (INR j / (2 * sin x * INR m) * (2 * sin x * INR m)) with (INR j) by (field; lra). lra.
Qed.

(** The upper bound is attained: σ_1(L_1) = 1. *)
Theorem sdeg_c_Lm_ratio_sharp : INR 1 * lm_sigma 1 1 / INR 1 = 1.
Proof.
  unfold lm_sigma. simpl INR.
  replace ((2 * 1 - 1) * PI / (4 * 1 + 2)) with (PI / 6) by field.
  rewrite sin_PI6. field.
Qed.

(** Σ_{j<m} 2/(2j+1) ≥ l whenever exp l = 2m + 1. *)
Lemma odd_harmonic_exp : forall m, 1 + 2 * INR m <= exp (sumR (fun j => 2 / (2 * INR j + 1)) m).
Proof.
  induction m as [|m IH]; [simpl; rewrite exp_0; lra|].
  simpl sumR. rewrite exp_plus, S_INR.
  assert (E : 1 + 2 / (2 * INR m + 1) <= exp (2 / (2 * INR m + 1))).
  { apply exp_ge_1_plus. pose proof (pos_INR m). apply Rlt_le, Rdiv_lt_0_compat; lra. }
  pose proof (pos_INR m).
  assert (F : 1 + 2 * (INR m + 1) = (1 + 2 * INR m) * (1 + 2 / (2 * INR m + 1))) by (field; lra).
  rewrite F. apply Rmult_le_compat; try lra.
  apply Rlt_le, Rplus_lt_le_0_compat; [lra|]. apply Rlt_le, Rdiv_lt_0_compat; lra.
Qed.

(** Claim sdeg.c.Lm-singular, the nuclear norm: Σ_{j=1}^{2^r} σ_j(L_(2^r)) ≥ (ln 2/π)·2^r(r+1), ln 2 = l. *)
Theorem sdeg_c_Lm_nuclear : forall (r : nat) (l : R), exp l = 2 ->
  l / PI * 2 ^ r * INR (r + 1) <= sumR (fun j => lm_sigma (2 ^ r) (S j)) (2 ^ r).
Proof.
  intros r l Hl.
  set (m := (2 ^ r)%nat).
  assert (Hm : INR m = 2 ^ r) by (unfold m; rewrite pow_INR; simpl; f_equal; lra).
  pose proof PI_RGT_0 as P0.
  assert (Mp : 1 <= INR m) by (rewrite Hm; apply pow_R1_Rle; lra).
  (* σ_(j+1) ≥ (2m+1)/((2j+1)π) *)
  assert (Lo : forall j, (j < m)%nat -> (2 * INR m + 1) / PI * (1 / (2 * INR j + 1)) <= lm_sigma m (S j)).
  { intros j Hj. pose proof (lm_x_range m (S j) ltac:(lia)) as [A B]. rewrite S_INR in A, B.
    unfold lm_sigma. rewrite S_INR.
    set (x := (2 * (INR j + 1) - 1) * PI / (4 * INR m + 2)) in *.
    pose proof (sin_le_x x (Rlt_le _ _ A)). assert (0 < sin x) by (apply sin_gt_0; lra). pose proof (pos_INR j).
    assert (Hx : x * (4 * INR m + 2) = (2 * INR j + 1) * PI) by (unfold x; field; lra).
    apply (Rmult_le_reg_r (2 * sin x * ((2 * INR j + 1) * PI))); [apply Rmult_lt_0_compat; [lra | apply Rmult_lt_0_compat; lra]|].
    replace (/ (2 * sin x) * (2 * sin x * ((2 * INR j + 1) * PI))) with ((2 * INR j + 1) * PI) by (field; lra).
    replace ((2 * INR m + 1) / PI * (1 / (2 * INR j + 1)) * (2 * sin x * ((2 * INR j + 1) * PI)))
      with ((2 * INR m + 1) * 2 * sin x) by (field; lra).
    rewrite <- Hx. nra. }
  apply Rle_trans with (sumR (fun j => (2 * INR m + 1) / PI * (1 / (2 * INR j + 1))) m).
  2: { apply sumR_mono. exact Lo. }
  rewrite sumR_scal.
  set (H := sumR (fun j => 1 / (2 * INR j + 1)) m).
  assert (EH : sumR (fun j => 2 / (2 * INR j + 1)) m = 2 * H).
  { unfold H. rewrite <- sumR_scal. apply sumR_ext. intros j _. field. pose proof (pos_INR j). lra. }
  pose proof (odd_harmonic_exp m) as O. rewrite EH in O.
  (* exp(2H) ≥ 2m + 1 > 2^(r+1) = exp((r+1) l) *)
  assert (Lt : INR (r + 1) * l < 2 * H).
  { apply exp_lt_reflect. rewrite exp_nat_mult, Hl.
    replace (r + 1)%nat with (S r) by lia. simpl pow. rewrite <- Hm. lra. }
  assert (L0 : 0 < l) by (apply exp_lt_reflect; rewrite exp_0, Hl; lra).
  assert (R0 : 0 <= INR (r + 1)) by apply pos_INR.
  rewrite <- Hm.
  apply Rle_trans with (INR m / PI * (2 * H)).
  - replace (l / PI * INR m * INR (r + 1)) with (INR m / PI * (INR (r + 1) * l)) by (field; lra).
    apply Rmult_le_compat_l; [apply Rlt_le, Rdiv_lt_0_compat; lra | lra].
  - replace ((2 * INR m + 1) / PI * H) with ((2 * INR m + 1) / PI * H) by reflexivity.
    assert (0 <= H) by (unfold H; apply sumR_nonneg; intros; pose proof (pos_INR i);
                        apply Rlt_le, Rdiv_lt_0_compat; lra).
    apply (Rmult_le_reg_r PI); [lra|].
    replace (INR m / PI * (2 * H) * PI) with (2 * INR m * H) by (field; lra).
    replace ((2 * INR m + 1) / PI * H * PI) with ((2 * INR m + 1) * H) by (field; lra). nra.
Qed.
