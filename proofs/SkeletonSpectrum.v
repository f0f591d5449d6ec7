(** TRSP App. C.3 (claim trsp.C3.spectrum, used by trsp.C6.mu2-lower, .sharp, trsp.C6.mu2-upper and
    trsp.C6.gap-rate): the numbers [mu T k] of Skeleton.v are the spectrum of the skeleton's Laplacian,
    not only a formula.

    Modelling. The skeleton is the Cayley multigraph of ℤ_T = {0, …, T−1} with generators ±2^ℓ,
    ℓ = 0..L, L = ⌊log₂T⌋, whose edge counts are [adj] of Gap.v (loops and parallel edges counted).
    Its Laplacian is L = D − A with D the diagonal of row sums (as [laplacian] of Variational.v):
    [skel_lap T t s] = [t = s]·Σ_{s'<T} adj(t, s') − adj(t, s), acting on x : ℤ_T → ℝ by
    (Lx)(t) = Σ_{s<T} L(t, s) x(s) ([lap_apply]). The Fourier vectors are
    cos_k(t) = cos(2πkt/T) ([cosv]) and sin_k(t) = sin(2πkt/T) ([sinv]), 0 ≤ k < T.
    Proved here, for every T ≥ 2:
    - [skeleton_cos_eigen], [skeleton_sin_eigen]: L cos_k = μ_k cos_k and L sin_k = μ_k sin_k;
    - [skeleton_lap_sym]: L is symmetric;
    - [skeleton_orthogonal]: ⟨cos_j, cos_k⟩ = ⟨sin_j, sin_k⟩ = 0 for j ≠ k, j + k ≠ T, and
      ⟨sin_j, cos_k⟩ = 0 for all j, k;
    - [fourier_inversion]: Σ_k (cos_k(t)⟨x, cos_k⟩ + sin_k(t)⟨x, sin_k⟩) = T·x(t), so the vectors span ℝ^T;
    - [trsp_C3_skeleton_spectrum]: λ is an eigenvalue of L (L x = λ x for some x ≠ 0) if and only if
      λ = μ_k for some 0 ≤ k < T. *)
Require Import Reals Lia Lra Arith.
Require Import SpecProof.Sums SpecProof.Bits SpecProof.Skeleton SpecProof.Gap.
Open Scope R_scope.

Definition cosv (T k t : nat) : R := cos (2 * PI * INR k * INR t / INR T).
Definition sinv (T k t : nat) : R := sin (2 * PI * INR k * INR t / INR T).

(** The skeleton Laplacian L = D − A, D = diag of the row sums of A = [adj]. *)
Definition skel_lap (T t s : nat) : R := ind (s =? t)%nat * sumR (fun u => adj T t u) T - adj T t s.

(** (Lx)(t) = Σ_{s<T} L(t, s) x(s). *)
Definition lap_apply (T : nat) (x : nat -> R) (t : nat) : R := sumR (fun s => skel_lap T t s * x s) T.

(** * Finite sums *)

Lemma sk_sumR_minus : forall f g n, sumR (fun i => f i - g i) n = sumR f n - sumR g n.
Proof. intros f g n; induction n as [|n IH]; simpl; [lra|]. rewrite IH. lra. Qed.

Lemma sk_sumR_scal_r : forall c f n, sumR (fun i => f i * c) n = sumR f n * c.
Proof. intros c f n; induction n as [|n IH]; simpl; [lra|]. rewrite IH. lra. Qed.

Lemma sk_sumR_zero : forall f n, (forall i, (i < n)%nat -> f i = 0) -> sumR f n = 0.
Proof.
  intros f n H. rewrite (sumR_ext f (fun _ => 0)) by exact H.
  rewrite sumR_const1. ring.
Qed.

(** Σ_{s<n} [s = x] f(s) = f(x) for x < n. *)
Lemma sk_sum_ind : forall x n f, (x < n)%nat -> sumR (fun s => ind (s =? x)%nat * f s) n = f x.
Proof.
  intros x n f Hx.
  rewrite (sumR_ext _ (fun s => ind (s =? x)%nat * f x)).
  - rewrite sk_sumR_scal_r, sum_indicator.
    replace (x <? n)%nat with true by (symmetry; apply Nat.ltb_lt; exact Hx). ring.
  - intros s _. unfold ind. destruct (Nat.eqb_spec s x) as [->|_]; ring.
Qed.

(** * Periodicity *)

Lemma sk_cos_period_diff : forall x a b, cos (x + 2 * (INR a - INR b) * PI) = cos x.
Proof.
  intros x a b.
  replace (x + 2 * (INR a - INR b) * PI) with ((x - 2 * INR b * PI) + 2 * INR a * PI) by ring.
  rewrite cos_period. rewrite <- (cos_period (x - 2 * INR b * PI) b). f_equal. ring.
Qed.

Lemma sk_sin_period_diff : forall x a b, sin (x + 2 * (INR a - INR b) * PI) = sin x.
Proof.
  intros x a b.
  replace (x + 2 * (INR a - INR b) * PI) with ((x - 2 * INR b * PI) + 2 * INR a * PI) by ring.
  rewrite sin_period. rewrite <- (sin_period (x - 2 * INR b * PI) b). f_equal. ring.
Qed.

(** The angle 2πka/T of position a in mode k. *)
Definition sk_ang (T k a : nat) : R := 2 * PI * INR k * INR a / INR T.

Lemma sk_ang_plus : forall T k a b, sk_ang T k (a + b) = sk_ang T k a + sk_ang T k b.
Proof. intros. unfold sk_ang. rewrite plus_INR. unfold Rdiv. ring. Qed.

(** Moving a by a multiple of T moves the angle by a multiple of 2π. *)
Lemma sk_ang_mod : forall T k a, (0 < T)%nat ->
  sk_ang T k a = sk_ang T k (a mod T) + 2 * INR (k * (a / T)) * PI.
Proof.
  intros T k a HT. unfold sk_ang.
  assert (HTR : INR T <> 0) by (apply not_0_INR; lia).
  pose proof (Nat.div_mod_eq a T) as Hdm.
  assert (E : INR a = INR T * INR (a / T) + INR (a mod T)).
  { rewrite Hdm at 1. rewrite plus_INR, mult_INR. reflexivity. }
  rewrite E, mult_INR. field. exact HTR.
Qed.

Lemma sk_cos_mod : forall T k a, (0 < T)%nat -> cos (sk_ang T k (a mod T)) = cos (sk_ang T k a).
Proof. intros T k a HT. rewrite (sk_ang_mod T k a HT). rewrite cos_period. reflexivity. Qed.

Lemma sk_sin_mod : forall T k a, (0 < T)%nat -> sin (sk_ang T k (a mod T)) = sin (sk_ang T k a).
Proof. intros T k a HT. rewrite (sk_ang_mod T k a HT). rewrite sin_period. reflexivity. Qed.

(** The backward step t − g is t + (T − g mod T) modulo T, and its angle is ang t − ang g modulo 2π. *)
Lemma sk_ang_back : forall T k t g, (0 < T)%nat ->
  sk_ang T k (t + (T - g mod T)) = (sk_ang T k t - sk_ang T k g) + 2 * INR (k + k * (g / T)) * PI.
Proof.
  intros T k t g HT.
  assert (HTR : INR T <> 0) by (apply not_0_INR; lia).
  assert (Hr : (g mod T < T)%nat) by (apply Nat.mod_upper_bound; lia).
  rewrite sk_ang_plus. rewrite (sk_ang_mod T k g HT).
  unfold sk_ang. rewrite minus_INR by lia. rewrite plus_INR, !mult_INR. field. exact HTR.
Qed.

Lemma sk_cos_back : forall T k t g, (0 < T)%nat ->
  cos (sk_ang T k ((t + (T - g mod T)) mod T)) = cos (sk_ang T k t - sk_ang T k g).
Proof. intros. rewrite sk_cos_mod by assumption. rewrite sk_ang_back by assumption. apply cos_period. Qed.

Lemma sk_sin_back : forall T k t g, (0 < T)%nat ->
  sin (sk_ang T k ((t + (T - g mod T)) mod T)) = sin (sk_ang T k t - sk_ang T k g).
Proof. intros. rewrite sk_sin_mod by assumption. rewrite sk_ang_back by assumption. apply sin_period. Qed.

Lemma sk_cos_fwd : forall T k t g, (0 < T)%nat ->
  cos (sk_ang T k ((t + g) mod T)) = cos (sk_ang T k t + sk_ang T k g).
Proof. intros. rewrite sk_cos_mod by assumption. rewrite sk_ang_plus. reflexivity. Qed.

Lemma sk_sin_fwd : forall T k t g, (0 < T)%nat ->
  sin (sk_ang T k ((t + g) mod T)) = sin (sk_ang T k t + sk_ang T k g).
Proof. intros. rewrite sk_sin_mod by assumption. rewrite sk_ang_plus. reflexivity. Qed.

Lemma sk_ang_pow2 : forall T k l, sk_ang T k (2 ^ l) = 2 ^ l * (2 * PI * INR k / INR T).
Proof.
  intros. unfold sk_ang. rewrite pow_INR. simpl INR. replace (1 + 1) with 2 by ring.
  unfold Rdiv. ring.
Qed.

(** * The adjacency acting on a vector *)

Lemma adj_apply : forall T t f, (0 < T)%nat ->
  sumR (fun s => adj T t s * f s) T =
  sumR (fun l => f ((t + 2 ^ l) mod T)%nat + f ((t + (T - 2 ^ l mod T)) mod T)%nat) (S (Nat.log2 T)).
Proof.
  intros T t f HT. unfold adj.
  rewrite (sumR_ext _ (fun s => sumR (fun l => (ind (s =? (t + 2 ^ l) mod T)%nat
                                              + ind (s =? (t + (T - 2 ^ l mod T)) mod T)%nat) * f s)
                                      (S (Nat.log2 T)))).
  2: { intros s _. rewrite sk_sumR_scal_r. reflexivity. }
  rewrite sumR_swap2. apply sumR_ext. intros l _.
  rewrite (sumR_ext _ (fun s => ind (s =? (t + 2 ^ l) mod T)%nat * f s
                              + ind (s =? (t + (T - 2 ^ l mod T)) mod T)%nat * f s))
    by (intros; ring).
  rewrite sumR_plus, !sk_sum_ind; [reflexivity| |]; apply Nat.mod_upper_bound; lia.
Qed.

Lemma lap_apply_eq : forall T x t, (2 <= T)%nat -> (t < T)%nat ->
  lap_apply T x t = 2 * INR (S (Nat.log2 T)) * x t -
    sumR (fun l => x ((t + 2 ^ l) mod T)%nat + x ((t + (T - 2 ^ l mod T)) mod T)%nat) (S (Nat.log2 T)).
Proof.
  intros T x t HT Ht. unfold lap_apply, skel_lap.
  rewrite (sumR_ext _ (fun s => ind (s =? t)%nat * (sumR (fun u => adj T t u) T * x s) - adj T t s * x s))
    by (intros; ring).
  rewrite sk_sumR_minus, sk_sum_ind by exact Ht.
  rewrite adj_apply by lia. rewrite trsp_C6_degree by assumption. reflexivity.
Qed.

(** The step common to both eigen-equations: 2(L+1)·c − Σ_ℓ 2 c cos(2^ℓθ) = μ_k c. *)
Lemma sk_mu_collect : forall T k c, (2 <= T)%nat ->
  2 * INR (S (Nat.log2 T)) * c -
    sumR (fun l => 2 * c * cos (2 ^ l * (2 * PI * INR k / INR T))) (S (Nat.log2 T)) = mu T k * c.
Proof.
  intros T k c HT. unfold mu.
  replace (2 * INR (S (Nat.log2 T)) * c) with (sumR (fun _ => 2 * c) (S (Nat.log2 T)))
    by (rewrite sumR_const1; ring).
  rewrite <- sk_sumR_minus. rewrite <- sumR_scal, <- sk_sumR_scal_r.
  apply sumR_ext. intros. ring.
Qed.

(** * The eigen-equations *)

(** trsp.C3.spectrum: L cos_k = μ_k cos_k on ℤ_T, for every T ≥ 2 and every mode k. *)
Theorem skeleton_cos_eigen : forall T k t, (2 <= T)%nat -> (t < T)%nat ->
  lap_apply T (cosv T k) t = mu T k * cosv T k t.
Proof.
  intros T k t HT Ht. rewrite lap_apply_eq by assumption.
  rewrite (sumR_ext _ (fun l => 2 * cosv T k t * cos (2 ^ l * (2 * PI * INR k / INR T)))).
  - apply sk_mu_collect. exact HT.
  - intros l _. unfold cosv.
    change (2 * PI * INR k * INR ((t + 2 ^ l) mod T) / INR T) with (sk_ang T k ((t + 2 ^ l) mod T)).
    change (2 * PI * INR k * INR ((t + (T - 2 ^ l mod T)) mod T) / INR T)
      with (sk_ang T k ((t + (T - 2 ^ l mod T)) mod T)).
    change (2 * PI * INR k * INR t / INR T) with (sk_ang T k t).
    rewrite sk_cos_fwd, sk_cos_back by lia. rewrite <- sk_ang_pow2.
    rewrite cos_plus, cos_minus. ring.
Qed.

(** trsp.C3.spectrum: L sin_k = μ_k sin_k on ℤ_T, for every T ≥ 2 and every mode k. *)
Theorem skeleton_sin_eigen : forall T k t, (2 <= T)%nat -> (t < T)%nat ->
  lap_apply T (sinv T k) t = mu T k * sinv T k t.
Proof.
  intros T k t HT Ht. rewrite lap_apply_eq by assumption.
  rewrite (sumR_ext _ (fun l => 2 * sinv T k t * cos (2 ^ l * (2 * PI * INR k / INR T)))).
  - apply sk_mu_collect. exact HT.
  - intros l _. unfold sinv.
    change (2 * PI * INR k * INR ((t + 2 ^ l) mod T) / INR T) with (sk_ang T k ((t + 2 ^ l) mod T)).
    change (2 * PI * INR k * INR ((t + (T - 2 ^ l mod T)) mod T) / INR T)
      with (sk_ang T k ((t + (T - 2 ^ l mod T)) mod T)).
    change (2 * PI * INR k * INR t / INR T) with (sk_ang T k t).
    rewrite sk_sin_fwd, sk_sin_back by lia. rewrite <- sk_ang_pow2.
    rewrite sin_plus, sin_minus. ring.
Qed.

(** * Symmetry *)

Lemma sk_mod_2T : forall x T, (0 < T)%nat -> (x < 2 * T)%nat ->
  ((x < T)%nat /\ x mod T = x) \/ ((T <= x)%nat /\ x mod T = (x - T)%nat).
Proof.
  intros x T HT Hx. destruct (Nat.lt_ge_cases x T) as [A|A].
  - left. split; [exact A|]. apply Nat.mod_small. exact A.
  - right. split; [exact A|]. rewrite (mod_eq T x 1) by lia. lia.
Qed.

Lemma sk_step_sym : forall T t s r, (0 < T)%nat -> (t < T)%nat -> (s < T)%nat -> (r < T)%nat ->
  (s =? (t + r) mod T)%nat = (t =? (s + (T - r)) mod T)%nat.
Proof.
  intros T t s r HT Ht Hs Hr.
  destruct (sk_mod_2T (t + r) T HT ltac:(lia)) as [[A1 E1]|[A1 E1]];
  destruct (sk_mod_2T (s + (T - r)) T HT ltac:(lia)) as [[A2 E2]|[A2 E2]];
  rewrite E1, E2;
  destruct (Nat.eqb_spec s (t + r)); destruct (Nat.eqb_spec t (s + (T - r)));
  destruct (Nat.eqb_spec s (t + r - T)); destruct (Nat.eqb_spec t (s + (T - r) - T));
  try reflexivity; lia.
Qed.

(** The skeleton multigraph is undirected: adj(t, s) = adj(s, t) on ℤ_T. *)
Lemma adj_sym : forall T t s, (0 < T)%nat -> (t < T)%nat -> (s < T)%nat -> adj T t s = adj T s t.
Proof.
  intros T t s HT Ht Hs. unfold adj. apply sumR_ext. intros l _.
  assert (Hr : (2 ^ l mod T < T)%nat) by (apply Nat.mod_upper_bound; lia).
  rewrite <- (Nat.add_mod_idemp_r t (2 ^ l) T) by lia.
  rewrite <- (Nat.add_mod_idemp_r s (2 ^ l) T) by lia.
  rewrite (sk_step_sym T t s (2 ^ l mod T)) by assumption.
  rewrite (sk_step_sym T s t (2 ^ l mod T)) by assumption.
  ring.
Qed.

Theorem skeleton_lap_sym : forall T t s, (2 <= T)%nat -> (t < T)%nat -> (s < T)%nat ->
  skel_lap T t s = skel_lap T s t.
Proof.
  intros T t s HT Ht Hs. unfold skel_lap.
  rewrite (adj_sym T t s) by lia.
  rewrite (trsp_C6_degree T t HT Ht), (trsp_C6_degree T s HT Hs).
  destruct (Nat.eqb_spec s t) as [->|A]; [rewrite ?Nat.eqb_refl; reflexivity|].
  replace (t =? s)%nat with false by (symmetry; apply Nat.eqb_neq; lia). reflexivity.
Qed.

(** ⟨u, Lw⟩ = ⟨Lu, w⟩. *)
Lemma lap_apply_sym : forall T u w, (2 <= T)%nat ->
  sumR (fun t => u t * lap_apply T w t) T = sumR (fun t => w t * lap_apply T u t) T.
Proof.
  intros T u w HT. unfold lap_apply.
  rewrite (sumR_ext _ (fun t => sumR (fun s => u t * skel_lap T t s * w s) T)).
  2: { intros t _. rewrite <- sumR_scal. apply sumR_ext. intros. ring. }
  rewrite sumR_swap2. apply sumR_ext. intros s Hs.
  rewrite <- sumR_scal. apply sumR_ext. intros t Ht.
  rewrite (skeleton_lap_sym T t s) by assumption. ring.
Qed.

(** * Sums of cosines and sines over a full period *)

Lemma sk_cos_sum_tele : forall a n,
  2 * sin (a / 2) * sumR (fun t => cos (INR t * a)) n = sin ((INR n - 1 / 2) * a) + sin (a / 2).
Proof.
  intros a n. induction n as [|n IH].
  - simpl. replace ((0 - 1 / 2) * a) with (- (a / 2)) by field. rewrite sin_neg. ring.
  - simpl sumR. rewrite Rmult_plus_distr_l, IH. rewrite S_INR.
    replace ((INR n - 1 / 2) * a) with (INR n * a - a / 2) by field.
    replace ((INR n + 1 - 1 / 2) * a) with (INR n * a + a / 2) by field.
    rewrite sin_plus, sin_minus. ring.
Qed.

Lemma sk_sin_sum_tele : forall a n,
  2 * sin (a / 2) * sumR (fun t => sin (INR t * a)) n = cos (a / 2) - cos ((INR n - 1 / 2) * a).
Proof.
  intros a n. induction n as [|n IH].
  - simpl. replace ((0 - 1 / 2) * a) with (- (a / 2)) by field. rewrite cos_neg. ring.
  - simpl sumR. rewrite Rmult_plus_distr_l, IH. rewrite S_INR.
    replace ((INR n - 1 / 2) * a) with (INR n * a - a / 2) by field.
    replace ((INR n + 1 - 1 / 2) * a) with (INR n * a + a / 2) by field.
    rewrite cos_plus, cos_minus. ring.
Qed.

(** Σ_{t<T} cos(2πt(p − q)/T) = 0 when sin(π(p − q)/T) ≠ 0. *)
Lemma sk_cos_sum_zero : forall T p q, (0 < T)%nat -> sin (PI * (INR p - INR q) / INR T) <> 0 ->
  sumR (fun t => cos (INR t * (2 * PI * (INR p - INR q) / INR T))) T = 0.
Proof.
  intros T p q HT Hs.
  assert (HTR : INR T <> 0) by (apply not_0_INR; lia).
  set (a := 2 * PI * (INR p - INR q) / INR T).
  assert (Ha : a / 2 = PI * (INR p - INR q) / INR T) by (unfold a; field; exact HTR).
  pose proof (sk_cos_sum_tele a T) as E.
  replace ((INR T - 1 / 2) * a) with (- (a / 2) + 2 * (INR p - INR q) * PI) in E
    by (unfold a; field; exact HTR).
  rewrite sk_sin_period_diff, sin_neg in E. rewrite Ha in E.
  assert (E2 : 2 * sin (PI * (INR p - INR q) / INR T) * sumR (fun t => cos (INR t * a)) T = 0) by lra.
  apply Rmult_integral in E2. destruct E2 as [E2|E2]; [lra | exact E2].
Qed.

(** Σ_{t<T} sin(2πt(p − q)/T) = 0, always. *)
Lemma sk_sin_sum_zero : forall T p q, (0 < T)%nat ->
  sumR (fun t => sin (INR t * (2 * PI * (INR p - INR q) / INR T))) T = 0.
Proof.
  intros T p q HT.
  assert (HTR : INR T <> 0) by (apply not_0_INR; lia).
  set (a := 2 * PI * (INR p - INR q) / INR T).
  destruct (Req_dec (sin (a / 2)) 0) as [Z|NZ].
  - apply sk_sumR_zero. intros t _.
    destruct (sin_eq_0_0 _ Z) as [z Hz].
    apply sin_eq_0_1. exists (2 * Z.of_nat t * z)%Z.
    rewrite !mult_IZR, <- INR_IZR_INZ.
    replace (INR t * a) with (INR t * 2 * (a / 2)) by field. rewrite Hz. simpl IZR. ring.
  - pose proof (sk_sin_sum_tele a T) as E.
    replace ((INR T - 1 / 2) * a) with (- (a / 2) + 2 * (INR p - INR q) * PI) in E
      by (unfold a; field; exact HTR).
    rewrite sk_cos_period_diff, cos_neg in E.
    assert (E2 : 2 * sin (a / 2) * sumR (fun t => sin (INR t * a)) T = 0) by lra.
    apply Rmult_integral in E2. destruct E2 as [E2|E2]; [lra | exact E2].
Qed.

(** sin x ≠ 0 on (−π, 0) ∪ (0, π) ∪ (π, 2π). *)
Lemma sk_sin_nonzero : forall x, (0 < x < PI) \/ (- PI < x < 0) \/ (PI < x < 2 * PI) -> sin x <> 0.
Proof.
  intros x [H|[H|H]].
  - pose proof (sin_gt_0 x (proj1 H) (proj2 H)). lra.
  - pose proof (sin_gt_0 (- x) ltac:(lra) ltac:(lra)). rewrite sin_neg in *. lra.
  - pose proof (sin_gt_0 (x - PI) ltac:(lra) ltac:(lra)). rewrite sin_minus, sin_PI, cos_PI in *. lra.
Qed.

Lemma sk_band1 : forall T p q, (0 < T)%nat -> (q < p < q + T)%nat ->
  0 < PI * (INR p - INR q) / INR T < PI.
Proof.
  intros T p q HT H. pose proof PI_RGT_0.
  assert (HTR : 0 < INR T) by (apply lt_0_INR; lia).
  replace (PI * (INR p - INR q) / INR T) with (PI * ((INR p - INR q) / INR T)) by (field; lra).
  assert (B1 : INR q < INR p) by (apply lt_INR; lia).
  assert (B2 : INR p < INR q + INR T) by (rewrite <- plus_INR; apply lt_INR; lia).
  assert (0 < (INR p - INR q) / INR T < 1).
  { split; [apply Rdiv_lt_0_compat; lra|]. apply (Rmult_lt_reg_r (INR T)); [lra|].
    unfold Rdiv. rewrite Rmult_assoc, Rinv_l by lra. lra. }
  nra.
Qed.

Lemma sk_band2 : forall T p q, (0 < T)%nat -> (q + T < p < 2 * T)%nat ->
  PI < PI * (INR p - INR q) / INR T < 2 * PI.
Proof.
  intros T p q HT H. pose proof PI_RGT_0.
  assert (HTR : 0 < INR T) by (apply lt_0_INR; lia).
  replace (PI * (INR p - INR q) / INR T) with (PI * ((INR p - INR q) / INR T)) by (field; lra).
  assert (B1 : INR q + INR T < INR p) by (rewrite <- plus_INR; apply lt_INR; lia).
  assert (B2 : INR p < 2 * INR T)
    by (replace 2 with (INR 2) by (simpl; ring); rewrite <- mult_INR; apply lt_INR; lia).
  assert (B3 : 0 <= INR q) by apply pos_INR.
  assert (1 < (INR p - INR q) / INR T < 2).
  { split; apply (Rmult_lt_reg_r (INR T)); try lra; unfold Rdiv; rewrite Rmult_assoc, Rinv_l by lra; lra. }
  nra.
Qed.

(** sin(π(p − q)/T) ≠ 0 for 0 < |p − q| < T. *)
Lemma sk_sin_diff_nonzero : forall T p q, (p < T)%nat -> (q < T)%nat -> p <> q ->
  sin (PI * (INR p - INR q) / INR T) <> 0.
Proof.
  intros T p q Hp Hq Hne. apply sk_sin_nonzero.
  destruct (Nat.lt_ge_cases q p) as [B|B].
  - left. apply sk_band1; lia.
  - right; left. pose proof (sk_band1 T q p ltac:(lia) ltac:(lia)).
    replace (PI * (INR p - INR q) / INR T) with (- (PI * (INR q - INR p) / INR T)) by (unfold Rdiv; ring).
    lra.
Qed.

(** Σ_{k<T} cos(2πk(t − s)/T) = T [s = t]. *)
Lemma sk_dirichlet : forall T t s, (t < T)%nat -> (s < T)%nat ->
  sumR (fun k => cos (INR k * (2 * PI * (INR t - INR s) / INR T))) T = if (s =? t)%nat then INR T else 0.
Proof.
  intros T t s Ht Hs. destruct (Nat.eqb_spec s t) as [->|A].
  - rewrite (sumR_ext _ (fun _ => 1)).
    + rewrite sumR_const1. ring.
    + intros k _. replace (INR k * (2 * PI * (INR t - INR t) / INR T)) with 0
        by (unfold Rdiv; ring). apply cos_0.
  - apply sk_cos_sum_zero; [lia|]. apply sk_sin_diff_nonzero; lia.
Qed.

(** * The Fourier vectors span ℝ^T *)

(** trsp.C3.spectrum, spanning: x(t) = (1/T) Σ_{k<T} (cos_k(t)⟨x, cos_k⟩ + sin_k(t)⟨x, sin_k⟩) on ℤ_T. *)
Theorem fourier_inversion : forall T (x : nat -> R) t, (t < T)%nat ->
  sumR (fun k => cosv T k t * sumR (fun s => x s * cosv T k s) T
               + sinv T k t * sumR (fun s => x s * sinv T k s) T) T = INR T * x t.
Proof.
  intros T x t Ht.
  rewrite (sumR_ext _ (fun k => sumR (fun s => x s * cos (INR k * (2 * PI * (INR t - INR s) / INR T))) T)).
  2: { intros k _. rewrite <- !sumR_scal, <- sumR_plus. apply sumR_ext. intros s _.
       unfold cosv, sinv.
       replace (INR k * (2 * PI * (INR t - INR s) / INR T))
         with (2 * PI * INR k * INR t / INR T - 2 * PI * INR k * INR s / INR T) by (unfold Rdiv; ring).
       rewrite cos_minus. ring. }
  rewrite sumR_swap2.
  rewrite (sumR_ext _ (fun s => ind (s =? t)%nat * (INR T * x s))).
  - rewrite sk_sum_ind by exact Ht. reflexivity.
  - intros s Hs. rewrite sumR_scal, sk_dirichlet by assumption.
    unfold ind. destruct (s =? t)%nat; ring.
Qed.

(** trsp.C3.spectrum, orthogonality: ⟨cos_j, cos_k⟩ = ⟨sin_j, sin_k⟩ = 0 for j ≠ k with j + k ≠ T, and
    ⟨sin_j, cos_k⟩ = 0 for all j, k < T. With cos_{T−k} = cos_k and sin_{T−k} = −sin_k, the T vectors
    cos_k (0 ≤ k ≤ T/2) and sin_k (0 < k < T/2) are pairwise orthogonal. *)
Theorem skeleton_orthogonal : forall T j k, (j < T)%nat -> (k < T)%nat ->
  (j <> k -> (j + k)%nat <> T ->
     sumR (fun t => cosv T j t * cosv T k t) T = 0 /\ sumR (fun t => sinv T j t * sinv T k t) T = 0)
  /\ sumR (fun t => sinv T j t * cosv T k t) T = 0.
Proof.
  intros T j k Hj Hk.
  assert (HT : (0 < T)%nat) by lia.
  assert (HTR : INR T <> 0) by (apply not_0_INR; lia).
  assert (Em : forall t, 2 * PI * INR j * INR t / INR T - 2 * PI * INR k * INR t / INR T
                         = INR t * (2 * PI * (INR j - INR k) / INR T)) by (intros; field; exact HTR).
  assert (Ep : forall t, 2 * PI * INR j * INR t / INR T + 2 * PI * INR k * INR t / INR T
                         = INR t * (2 * PI * (INR (j + k) - INR 0) / INR T))
    by (intros; rewrite plus_INR; simpl INR; field; exact HTR).
  split.
  - intros Hne Hsum.
    assert (Sm : sumR (fun t => cos (INR t * (2 * PI * (INR j - INR k) / INR T))) T = 0).
    { apply sk_cos_sum_zero; [exact HT|]. apply sk_sin_diff_nonzero; assumption. }
    assert (Sp : sumR (fun t => cos (INR t * (2 * PI * (INR (j + k) - INR 0) / INR T))) T = 0).
    { apply sk_cos_sum_zero; [exact HT|]. apply sk_sin_nonzero.
      destruct (Nat.lt_ge_cases (j + k) T) as [B|B].
      - left. apply sk_band1; lia.
      - right; right. apply sk_band2; lia. }
    split.
    + rewrite (sumR_ext _ (fun t => / 2 * cos (INR t * (2 * PI * (INR j - INR k) / INR T))
                                 + / 2 * cos (INR t * (2 * PI * (INR (j + k) - INR 0) / INR T)))).
      * rewrite sumR_plus, !sumR_scal, Sm, Sp. ring.
      * intros t _. unfold cosv. rewrite <- Em, <- Ep, cos_minus, cos_plus. field.
    + rewrite (sumR_ext _ (fun t => / 2 * cos (INR t * (2 * PI * (INR j - INR k) / INR T))
                                 - / 2 * cos (INR t * (2 * PI * (INR (j + k) - INR 0) / INR T)))).
      * rewrite sk_sumR_minus, !sumR_scal, Sm, Sp. ring.
      * intros t _. unfold sinv. rewrite <- Em, <- Ep, cos_minus, cos_plus. field.
  - rewrite (sumR_ext _ (fun t => / 2 * sin (INR t * (2 * PI * (INR (j + k) - INR 0) / INR T))
                               + / 2 * sin (INR t * (2 * PI * (INR j - INR k) / INR T)))).
    + rewrite sumR_plus, !sumR_scal, !sk_sin_sum_zero by exact HT. ring.
    + intros t _. unfold sinv, cosv. rewrite <- Em, <- Ep, sin_minus, sin_plus. field.
Qed.

(** * μ is the spectrum *)

Lemma sk_bounded_dec : forall (P : nat -> Prop), (forall k, P k \/ ~ P k) ->
  forall n, (exists k, (k < n)%nat /\ P k) \/ (forall k, (k < n)%nat -> ~ P k).
Proof.
  intros P D n. induction n as [|n IH].
  - right. intros k Hk. lia.
  - destruct IH as [[k [Hk Pk]]|N].
    + left. exists k. split; [lia | exact Pk].
    + destruct (D n) as [Pn|Nn].
      * left. exists n. split; [lia | exact Pn].
      * right. intros k Hk. destruct (Nat.eq_dec k n) as [->|A]; [exact Nn | apply N; lia].
Qed.

(** An eigenvector of L whose eigenvalue is no μ_k is orthogonal to every Fourier vector, hence 0. *)
Lemma skeleton_eigen_is_mu : forall T (x : nat -> R) (lam : R), (2 <= T)%nat ->
  (forall t, (t < T)%nat -> lap_apply T x t = lam * x t) -> (exists t, (t < T)%nat /\ x t <> 0) ->
  exists k, (k < T)%nat /\ lam = mu T k.
Proof.
  intros T x lam HT Hx [t0 [Ht0 Hx0]].
  destruct (sk_bounded_dec (fun k => lam = mu T k) (fun k => Req_dec lam (mu T k)) T) as [E|N];
    [exact E | exfalso].
  (* ⟨x, v⟩ = 0 for every eigenvector v of L with eigenvalue μ ≠ λ *)
  assert (Orth : forall (v : nat -> R) m, m <> lam ->
            (forall t, (t < T)%nat -> lap_apply T v t = m * v t) -> sumR (fun s => x s * v s) T = 0).
  { intros v m Hm Hv.
    pose proof (lap_apply_sym T v x HT) as S.
    rewrite (sumR_ext _ (fun t => lam * (x t * v t))) in S
      by (intros t Ht; rewrite Hx by exact Ht; ring).
    rewrite (sumR_ext (fun t => x t * lap_apply T v t) (fun t => m * (x t * v t))) in S
      by (intros t Ht; rewrite Hv by exact Ht; ring).
    rewrite !sumR_scal in S.
    assert (Z : (lam - m) * sumR (fun t => x t * v t) T = 0) by lra.
    apply Rmult_integral in Z. destruct Z as [Z|Z]; [lra | exact Z]. }
  pose proof (fourier_inversion T x t0 Ht0) as F.
  rewrite sk_sumR_zero in F.
  - assert (HTR : 0 < INR T) by (apply lt_0_INR; lia).
    apply Hx0. apply (Rmult_eq_reg_l (INR T)); lra.
  - intros k Hk.
    rewrite (Orth (cosv T k) (mu T k)), (Orth (sinv T k) (mu T k)).
    + ring.
    + intros E. apply (N k Hk). symmetry. exact E.
    + intros t Ht. apply skeleton_sin_eigen; assumption.
    + intros E. apply (N k Hk). symmetry. exact E.
    + intros t Ht. apply skeleton_cos_eigen; assumption.
Qed.

(** trsp.C3.spectrum: for every T ≥ 2, λ is an eigenvalue of the skeleton Laplacian (L x = λ x for some
    x ≠ 0 on ℤ_T) if and only if λ = μ_k for some mode 0 ≤ k < T; cos_k is an eigenvector for μ_k. *)
Theorem trsp_C3_skeleton_spectrum : forall T (lam : R), (2 <= T)%nat ->
  (exists x : nat -> R, (exists t, (t < T)%nat /\ x t <> 0) /\ (forall t, (t < T)%nat -> lap_apply T x t = lam * x t))
  <-> (exists k, (k < T)%nat /\ lam = mu T k).
Proof.
  intros T lam HT. split.
  - intros [x [Hne Hx]]. exact (skeleton_eigen_is_mu T x lam HT Hx Hne).
  - intros [k [Hk ->]]. exists (cosv T k). split.
    + exists 0%nat. split; [lia|]. unfold cosv. simpl INR. rewrite Rmult_0_r.
      unfold Rdiv. rewrite Rmult_0_l, cos_0. lra.
    + intros t Ht. apply skeleton_cos_eigen; assumption.
Qed.
