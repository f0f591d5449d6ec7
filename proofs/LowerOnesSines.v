(** SDEG App. D.2, Thm 7 (claim sdeg.c.Lm-singular), over ℝ: the sine vectors and the closed form
    σ_j(L_m) = 1/(2 sin((2j−1)π/(4m+2))).

    Modelling. φ_j = (2j−1)π/(2m+1) ([lm_phi]) and σ_j = 1/(2 sin((2j−1)π/(4m+2))) ([lm_sigma]) for
    1 ≤ j ≤ m. [sdeg_c_Lm_sines] shows that s p = sin(pφ_j) and c = cos φ_j are Chebyshev data in the sense of
    LowerOnesSpectrum.v (s 0 = 0, s (p+2) = 2c s (p+1) − s p, s (m+1) = s m, s 1 > 0) with
    2 − 2c = σ_j⁻² > 0, and [sdeg_c_Lm_sines_order] that c_j = cos φ_j strictly decreases and σ_j strictly
    decreases in j, so they are pairwise distinct and σ_1 > … > σ_m > 0. With
    [sdeg_c_Lm_gram_spectrum] (LowerOnesSpectrum.v, any real field) this says the eigenvalues of L_m L_mᵀ are
    exactly σ_1², …, σ_m², i.e. σ_j(L_m) = σ_j. The instantiation of that MathComp theorem at Coq's ℝ is not
    done in Coq: it needs ℝ as a MathComp realFieldType (mathcomp-analysis' Rstruct, not installed here,
    which also assumes further axioms). *)
Require Import Reals Lia Lra.
Open Scope R_scope.

Definition lm_phi (m j : nat) : R := (2 * INR j - 1) * PI / (2 * INR m + 1).
Definition lm_sigma (m j : nat) : R := / (2 * sin ((2 * INR j - 1) * PI / (4 * INR m + 2))).

Lemma lm_phi_range : forall m j, (1 <= j <= m)%nat -> 0 < lm_phi m j < PI.
Proof.
  intros m j Hj. unfold lm_phi. pose proof PI_RGT_0.
  assert (J1 : 1 <= INR j) by (apply (le_INR 1); lia).
  assert (JM : INR j <= INR m) by (apply le_INR; lia).
  assert (D : 0 < 2 * INR m + 1) by lra.
  split.
  - apply Rdiv_lt_0_compat; [nra | lra].
  - apply (Rmult_lt_reg_r (2 * INR m + 1)); [lra|].
    replace ((2 * INR j - 1) * PI / (2 * INR m + 1) * (2 * INR m + 1)) with ((2 * INR j - 1) * PI) by (field; lra).
    nra.
Qed.

Lemma lm_half : forall m j, lm_phi m j / 2 = (2 * INR j - 1) * PI / (4 * INR m + 2).
Proof. intros. unfold lm_phi. field. pose proof (pos_INR m). lra. Qed.

Lemma sin_INR_PI : forall j, sin (INR j * PI) = 0.
Proof. intros j. apply sin_eq_0_1. exists (Z.of_nat j). rewrite <- INR_IZR_INZ. reflexivity. Qed.

(** Claim sdeg.c.Lm-singular: for 1 ≤ j ≤ m, s p = sin(pφ_j) and c = cos φ_j are Chebyshev data closed by
    s (m+1) = s m, with s 1 > 0 and 2 − 2c = σ_j⁻² for σ_j = 1/(2 sin((2j−1)π/(4m+2))) > 0. *)
Theorem sdeg_c_Lm_sines : forall m j, (1 <= j <= m)%nat ->
  sin (INR 0 * lm_phi m j) = 0
  /\ (forall p, sin (INR (S (S p)) * lm_phi m j)
               = 2 * cos (lm_phi m j) * sin (INR (S p) * lm_phi m j) - sin (INR p * lm_phi m j))
  /\ sin (INR (S m) * lm_phi m j) = sin (INR m * lm_phi m j)
  /\ 0 < sin (INR 1 * lm_phi m j)
  /\ 2 - 2 * cos (lm_phi m j) = / lm_sigma m j ^ 2
  /\ 0 < lm_sigma m j.
Proof.
  intros m j Hj. pose proof (lm_phi_range m j Hj) as [P0 P1].
  set (x := lm_phi m j) in *.
  assert (Hh : 0 < sin (x / 2)) by (apply sin_gt_0; lra).
  assert (Hs : lm_sigma m j = / (2 * sin (x / 2))) by (unfold lm_sigma, x; rewrite lm_half; reflexivity).
  split; [simpl INR; rewrite Rmult_0_l; apply sin_0|].
  split.
  { intros p. rewrite !S_INR.
    replace ((INR p + 1 + 1) * x) with ((INR p + 1) * x + x) by ring.
    replace (INR p * x) with ((INR p + 1) * x - x) by ring.
    rewrite sin_plus, sin_minus. ring. }
  split.
  { apply Rminus_diag_uniq. rewrite form4.
    replace ((INR (S m) * x + INR m * x) / 2) with (INR j * PI - PI / 2).
    - rewrite cos_minus, cos_PI2, sin_PI2, sin_INR_PI. ring.
    - unfold x, lm_phi. rewrite S_INR. field. pose proof (pos_INR m). lra. }
  split; [simpl INR; rewrite Rmult_1_l; apply sin_gt_0; lra|].
  split.
  - rewrite Hs. replace x with (2 * (x / 2)) at 1 by field. rewrite cos_2a_sin.
    rewrite pow_inv, Rinv_inv. ring.
  - rewrite Hs. apply Rinv_0_lt_compat. lra.
Qed.

(** cos φ_j and σ_j strictly decrease in j: the m data are pairwise distinct and σ_1 > … > σ_m > 0. *)
Theorem sdeg_c_Lm_sines_order : forall m j k, (1 <= j)%nat -> (j < k)%nat -> (k <= m)%nat ->
  cos (lm_phi m k) < cos (lm_phi m j) /\ lm_sigma m k < lm_sigma m j.
Proof.
  intros m j k H1 H2 H3.
  pose proof (lm_phi_range m j ltac:(lia)) as [A0 A1].
  pose proof (lm_phi_range m k ltac:(lia)) as [B0 B1].
  assert (JK : INR j < INR k) by (apply lt_INR; lia).
  assert (Lt : lm_phi m j < lm_phi m k).
  { unfold lm_phi. pose proof PI_RGT_0. pose proof (pos_INR m).
    apply Rmult_lt_compat_r; [apply Rinv_0_lt_compat; lra|]. nra. }
  split.
  - apply cos_decreasing_1; lra.
  - unfold lm_sigma. rewrite <- !lm_half.
    assert (0 < sin (lm_phi m j / 2)) by (apply sin_gt_0; lra).
    assert (sin (lm_phi m j / 2) < sin (lm_phi m k / 2)) by (apply sin_increasing_1; lra).
    apply Rinv_lt_contravar; nra.
Qed.
