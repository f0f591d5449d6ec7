(** The norm of the Cesàro matrix H_ℓ tends to 2 (SDEG App. D.2, used by claim sdeg.c.spike-sv.corrected: with one
    spike and bulk scores 0, σ_1(A_c) = ‖H_ℓ‖ → 2, so no upper bound σ_i(A_c) ≤ 1 + o(1) holds):
    - Hardy's inequality, finite: ‖H_ℓx‖² ≤ 4‖x‖² for every x and every ℓ;
    - the test vector x_i = i^(−1/2) (1-based): ‖x‖² = H_ℓ := Σ_{i≤ℓ} 1/i > 0 and ‖H_ℓx‖² ≥ (4 − 48/(r + 2))‖x‖²
      whenever ℓ ≥ 2^r, so 4 − 48/(r + 2) ≤ ‖H_ℓ‖² ≤ 4 (‖H_ℓ‖ the ℓ₂-induced norm).

    Modelling. H_ℓ is CausalRows.v's cesaro_mx, (H_ℓ)_ij = 1/(i + 1) for j ≤ i (0-based); vectors are 'cV_ℓ and
    ‖y‖² = (yᵀy)_00. Entries in a real closed field (ℝ is one; √ is Num.sqrt). The proofs: with S_n = Σ_{j<n} x_j and
    a_i = S_{i+1}/(i + 1) = (H_ℓx)_i, the identity a_i² − 2a_i x_i + S_{i+1}²/(i + 1) − S_i²/i = −(iS_{i+1} −
    (i + 1)S_i)²/(i(i + 1)²) telescopes to Σ a_i² ≤ 2Σ a_i x_i ≤ Σ a_i²/2 + 2Σ x_i²; and for the test vector
    Σ_{j≤i} j^(−1/2) ≥ 2√(i + 1) − 2, Σ_i i^(−3/2) ≤ 3 and H_{2^r} ≥ 1 + r/2. *)
From mathcomp Require Import all_ssreflect all_algebra.
From mathcomp Require Import ring.
Require Import SpecProof.CausalRows.
Set Implicit Arguments.
Unset Strict Implicit.
Unset Printing Implicit Defensive.
Import GRing.Theory Num.Theory Order.TTheory.
Local Open Scope ring_scope.

Section Hardy.
Variable R : rcfType.

Lemma dot_sum_sq n (y : 'cV[R]_n) : (y^T *m y) 0 0 = \sum_i y i 0 ^+ 2.
Proof. by rewrite mxE; apply: eq_bigr => i _; rewrite mxE expr2. Qed.

(** The telescoping invariant of Hardy's inequality, for any prefix sums S with S_0 = 0. *)
Lemma hardy_telescope (S : nat -> R) n : S 0%N = 0 ->
  \sum_(i < n) ((S i.+1 / i.+1%:R) ^+ 2 - 2 * (S i.+1 / i.+1%:R) * (S i.+1 - S i)) + S n ^+ 2 / n%:R <= 0.
Proof.
move=> S0; elim: n => [|n IH]; first by rewrite big_ord0 add0r invr0 mulr0.
rewrite big_ord_recr /= -addrA; apply: le_trans IH; rewrite -addrA ler_add2l.
case: n => [|n].
  rewrite S0 invr0 mulr0 le_eqVlt; apply/orP; left; apply/eqP.
  by rewrite !divr1 subr0; ring.
set s := S n.+2; set v := S n.+1.
have N0 : n.+1%:R != 0 :> R by rewrite pnatr_eq0.
have N1 : n.+2%:R != 0 :> R by rewrite pnatr_eq0.
rewrite -subr_ge0.
have -> : v ^+ 2 / n.+1%:R - ((s / n.+2%:R) ^+ 2 + (- (2 * (s / n.+2%:R) * (s - v)) + s ^+ 2 / n.+2%:R)) =
          (n.+1%:R * s - n.+2%:R * v) ^+ 2 / (n.+1%:R * n.+2%:R ^+ 2).
  by field; rewrite !gt_eqF // !ltr_spaddl ?ltr01 ?addr_ge0 ?ler01 ?ler0n.
by rewrite divr_ge0 ?sqr_ge0 // mulr_ge0 ?exprn_ge0 ?ler0n.
Qed.

Lemma hardy_seq (S : nat -> R) n : S 0%N = 0 ->
  \sum_(i < n) (S i.+1 / i.+1%:R) ^+ 2 <= 4 * \sum_(i < n) (S i.+1 - S i) ^+ 2.
Proof.
move=> S0; set A := \sum_(i < n) _; set Y := \sum_(i < n) _.
set P := \sum_(i < n) (S i.+1 / i.+1%:R) * (S i.+1 - S i).
have h : A <= 2 * P.
  have T := hardy_telescope n S0.
  have E : \sum_(i < n) 2 * (S i.+1 / i.+1%:R) * (S i.+1 - S i) = 2 * P.
    by rewrite /P mulr_sumr; apply: eq_bigr => i _; rewrite -mulrA.
  rewrite big_split sumrN E /= -/A in T.
  have q0 : 0 <= S n ^+ 2 / n%:R by rewrite divr_ge0 ?sqr_ge0 ?ler0n.
  by rewrite -subr_le0; apply: le_trans T; rewrite ler_addl.
have amgm : 2 * P <= A / 2 + 2 * Y.
  rewrite /P /A /Y mulr_sumr mulr_suml mulr_sumr -big_split; apply: ler_sum => i _ /=.
  set a := S i.+1 / i.+1%:R; set y := S i.+1 - S i.
  rewrite -subr_ge0; have -> : a ^+ 2 / 2 + 2 * y ^+ 2 - 2 * (a * y) = (a - 2 * y) ^+ 2 / 2 by field.
  by rewrite divr_ge0 ?sqr_ge0 ?ler0n.
have := le_trans h amgm; rewrite -ler_subl_addl (_ : A - A / 2 = A / 2); last by field.
rewrite ler_pdivr_mulr ?ltr0n // => hA; apply: (le_trans hA).
by rewrite le_eqVlt; apply/orP; left; apply/eqP; ring.
Qed.

(** (H_ℓx)_i = S_{i+1}/(i + 1) and x_i = S_{i+1} − S_i, S_n = Σ_{j<n} x_j. *)
Definition psum l (x : 'cV[R]_l) (n : nat) : R := \sum_(j < l | (j < n)%N) x j 0.

Lemma psum0 l (x : 'cV[R]_l) : psum x 0 = 0.
Proof. by rewrite /psum big_pred0 // => j; rewrite ltn0. Qed.

Lemma cesaro_entry l (x : 'cV[R]_l) (i : 'I_l) : (cesaro_mx R l *m x) i 0 = psum x i.+1 / i.+1%:R.
Proof.
rewrite mxE /psum [in RHS]big_mkcond [in RHS]mulr_suml /=; apply: eq_bigr => j _; rewrite mxE ltnS.
by case: ifP; rewrite ?mul0r // mulrC.
Qed.

Lemma psum_step l (x : 'cV[R]_l) (i : 'I_l) : x i 0 = psum x i.+1 - psum x i.
Proof.
rewrite /psum (bigD1 i) ?ltnSn //= (eq_bigl (fun j : 'I_l => (j < i)%N)) ?addrK // => j.
rewrite ltnS; case: (ltngtP j i) => [ji | ij | e] /=.
- by apply/eqP => e; rewrite e ltnn in ji.
- by [].
- by rewrite (_ : j = i) ?eqxx //; apply/val_inj.
Qed.

(** Claim sdeg.c.spike-sv.corrected (the upper side), with sdeg.c.test-vector: Hardy's inequality for H_ℓ. *)
Theorem sdeg_c_cesaro_hardy l (x : 'cV[R]_l) :
  ((cesaro_mx R l *m x)^T *m (cesaro_mx R l *m x)) 0 0 <= 4 * (x^T *m x) 0 0.
Proof.
rewrite !dot_sum_sq.
rewrite (eq_bigr (fun i : 'I_l => (psum x i.+1 / i.+1%:R) ^+ 2)); last by move=> i _; rewrite cesaro_entry.
rewrite [X in _ <= 4 * X](eq_bigr (fun i : 'I_l => (psum x i.+1 - psum x i) ^+ 2)); last first.
  by move=> i _; rewrite -psum_step.
exact: hardy_seq (psum0 x).
Qed.

(** The test vector's pieces: u_i = √(i + 1) (0-based), so x_i = 1/u_i. *)
Definition u (i : nat) : R := Num.sqrt i.+1%:R.

Lemma u_gt0 i : 0 < u i.
Proof. by rewrite sqrtr_gt0 ltr0Sn. Qed.

Lemma u_sq i : u i ^+ 2 = i.+1%:R.
Proof. by rewrite sqr_sqrtr ?ler0n. Qed.

Lemma u0 : u 0 = 1.
Proof. by rewrite /u sqrtr1. Qed.

Lemma u_ge1 i : 1 <= u i.
Proof. by rewrite -u0 /u ler_sqrt ?ltr0Sn // ler_nat. Qed.

Lemma u_le i : u i <= u i.+1.
Proof. by rewrite /u ler_sqrt ?ltr0Sn // ler_nat. Qed.

Lemma u_step i : u i.+1 ^+ 2 - u i ^+ 2 = 1.
Proof. by rewrite !u_sq [i.+2%:R]mulrS addrK. Qed.

Lemma sqrt_step (a b : R) : 0 < a -> b ^+ 2 - a ^+ 2 = 1 -> 2 * (b - a) <= a^-1.
Proof.
move=> a0 e; rewrite -[a^-1]mul1r ler_pdivl_mulr //.
apply: (@le_trans _ _ (b ^+ 2 - a ^+ 2)); last by rewrite e.
rewrite -subr_ge0 (_ : b ^+ 2 - a ^+ 2 - 2 * (b - a) * a = (b - a) ^+ 2) ?sqr_ge0 //; ring.
Qed.

(** Σ_{j<n} 1/√(j + 1) ≥ 2√(n + 1) − 2. *)
Lemma sqrt_sum n : 2 * u n - 2 <= \sum_(j < n) (u j)^-1.
Proof.
elim: n => [|n IH]; first by rewrite big_ord0 u0 mulr1 subrr.
rewrite big_ord_recr /= (_ : 2 * u n.+1 - 2 = (2 * u n - 2) + 2 * (u n.+1 - u n)); last by ring.
by apply: ler_add => //; apply: sqrt_step; rewrite ?u_gt0 ?u_step.
Qed.

Lemma cube_step (a b : R) : 0 < a -> a <= b -> b ^+ 2 - a ^+ 2 = 1 -> (b ^+ 3)^-1 + 2 / b <= 2 / a.
Proof.
move=> a0 ab e; have b0 : 0 < b := lt_le_trans a0 ab.
have -> : (b ^+ 3)^-1 = (b ^+ 2 - a ^+ 2) / b ^+ 3 by rewrite e mul1r.
rewrite -subr_ge0.
have -> : 2 / a - ((b ^+ 2 - a ^+ 2) / b ^+ 3 + 2 / b) = (b - a) ^+ 2 * (2 * b + a) / (a * b ^+ 3).
  by field; rewrite !gt_eqF.
apply: divr_ge0; first by apply: mulr_ge0; [exact: sqr_ge0 | rewrite addr_ge0 ?mulr_ge0 ?ler0n ?ltW].
by rewrite mulr_ge0 ?exprn_ge0 ?ltW.
Qed.

(** Σ_{i≤n} 1/(i + 1)^(3/2) + 2/√(n + 1) ≤ 3. *)
Lemma cube_sum n : \sum_(i < n.+1) (u i ^+ 3)^-1 + 2 / u n <= 3.
Proof.
elim: n => [|n IH].
  by rewrite big_ord1 /= u0 expr1n invr1 mulr1 (_ : 1 + 2 = 3 :> R) //; rewrite -!mulrS.
rewrite big_ord_recr /= -addrA; apply: le_trans IH; rewrite ler_add2l.
by apply: cube_step; rewrite ?u_gt0 ?u_le ?u_step.
Qed.

(** H_{2^r} = Σ_{i<2^r} 1/(i + 1) ≥ 1 + r/2. *)
Lemma harmonic_dyadic r : 1 + r%:R / 2 <= \sum_(i < 2 ^ r) (i.+1%:R)^-1 :> R.
Proof.
elim: r => [|r IH]; first by rewrite expn0 big_ord1 /= mul0r addr0 invr1.
have le : (2 ^ r <= 2 ^ r.+1)%N by rewrite leq_pexp2l.
rewrite -(big_mkord xpredT (fun i => (i.+1%:R)^-1 : R)) (big_cat_nat _ _ _ (leq0n _) le) /= big_mkord.
rewrite (_ : 1 + r.+1%:R / 2 = (1 + r%:R / 2) + 2^-1); last by rewrite mulrSr; field.
apply: ler_add => //.
apply: (@le_trans _ _ (\sum_(2 ^ r <= i < 2 ^ r.+1) (2 ^ r.+1)%:R^-1)).
  have E : (2 ^ r.+1 - 2 ^ r = 2 ^ r)%N by rewrite expnS mul2n -addnn addnK.
  rewrite sumr_const_nat E -[_ *+ (2 ^ r)%N]mulr_natl expnS natrM natrX le_eqVlt; apply/orP; left; apply/eqP.
  by field; rewrite expf_neq0 // pnatr_eq0.
by apply: ler_sum_nat => i /andP [_ i2]; rewrite lef_pinv ?posrE ?ltr0n ?expn_gt0 // ler_nat.
Qed.

Lemma harmonic_mono l r : (2 ^ r <= l)%N -> \sum_(i < 2 ^ r) (i.+1%:R)^-1 <= \sum_(i < l) (i.+1%:R)^-1 :> R.
Proof.
move=> lr; rewrite (bigID (fun i : 'I_l => (i < 2 ^ r)%N)) /=.
rewrite (big_ord_narrow (F := fun i : 'I_l => (i.+1%:R)^-1 : R) lr) /= ler_addl.
by rewrite sumr_ge0 // => i _; rewrite invr_ge0 ler0n.
Qed.

(** Claim sdeg.c.spike-sv.corrected (the upper side), with sdeg.c.test-vector: ‖H_ℓ‖ → 2. Hardy's inequality
    ‖H_ℓx‖² ≤ 4‖x‖² for every x; and for ℓ ≥ 2^r the test vector x_i = i^(−1/2) (1-based) is nonzero with
    ‖H_ℓx‖² ≥ (4 − 48/(r + 2))‖x‖². *)
Theorem sdeg_c_cesaro_norm l :
  (forall x : 'cV[R]_l, ((cesaro_mx R l *m x)^T *m (cesaro_mx R l *m x)) 0 0 <= 4 * (x^T *m x) 0 0) /\
  (forall r : nat, (2 ^ r <= l)%N ->
     let x := \col_(i < l) (Num.sqrt i.+1%:R)^-1 in
     0 < (x^T *m x) 0 0 /\
     (4 - 48 / r.+2%:R) * (x^T *m x) 0 0 <= ((cesaro_mx R l *m x)^T *m (cesaro_mx R l *m x)) 0 0).
Proof.
split; first exact: sdeg_c_cesaro_hardy.
move=> r lr x.
have xE (i : 'I_l) : x i 0 = (u i)^-1 by rewrite mxE.
set Hl := \sum_(i < l) (i.+1%:R)^-1 : R.
have nx : (x^T *m x) 0 0 = Hl by rewrite dot_sum_sq; apply: eq_bigr => i _; rewrite xE exprVn u_sq.
have hl : 1 + r%:R / 2 <= Hl := le_trans (harmonic_dyadic r) (harmonic_mono lr).
have hl0 : 0 < Hl by apply: lt_le_trans hl; apply: ltr_spaddl; rewrite ?ltr01 ?divr_ge0 ?ler0n.
split; first by rewrite nx.
have psumE n : (n <= l)%N -> psum x n = \sum_(j < n) (u j)^-1.
  move=> nl; rewrite /psum (big_ord_narrow (F := fun j : 'I_l => x j 0) nl) /=.
  by apply: eq_bigr => j _; rewrite xE.
have ai (i : 'I_l) : 4 * (u i ^+ 2)^-1 - 8 * (u i ^+ 3)^-1 <= ((cesaro_mx R l *m x) i 0) ^+ 2.
  rewrite cesaro_entry psumE // -u_sq.
  have ui := u_gt0 i.
  have S1 : 2 * u i - 2 <= \sum_(j < i.+1) (u j)^-1.
    apply: le_trans (sqrt_sum i.+1); rewrite ler_add2r ler_pmul2l ?ltr0n //; exact: u_le.
  have c0 : 0 <= 2 * u i - 2 by rewrite subr_ge0 -[X in X <= _]mulr1 ler_pmul2l ?ltr0n // u_ge1.
  apply: (@le_trans _ _ (((2 * u i - 2) / u i ^+ 2) ^+ 2)); last first.
    have v0 : 0 <= (u i ^+ 2)^-1 by rewrite invr_ge0 exprn_ge0 ?ltW.
    by apply: sq_le; [rewrite mulr_ge0 | apply: ler_wpmul2r].
  rewrite -subr_ge0.
  have -> : ((2 * u i - 2) / u i ^+ 2) ^+ 2 - (4 * (u i ^+ 2)^-1 - 8 * (u i ^+ 3)^-1) = 4 / u i ^+ 4.
    by field; rewrite gt_eqF.
  by rewrite divr_ge0 ?ler0n ?exprn_ge0 ?ltW.
have cubes : \sum_(i < l) (u i ^+ 3)^-1 <= 3.
  case: l lr x xE Hl nx hl hl0 psumE ai => [|l] lr *; first by rewrite leqNgt expn_gt0 in lr.
  apply: le_trans (cube_sum l); rewrite ler_addl divr_ge0 ?ler0n ?ltW ?u_gt0 //.
rewrite nx dot_sum_sq.
apply: (@le_trans _ _ (4 * Hl - 8 * 3)); last first.
  apply: le_trans (ler_sum _ (fun i _ => ai i)); rewrite sumrB -!mulr_sumr.
  rewrite (eq_bigr (fun i : 'I_l => (i.+1%:R)^-1)) -/Hl; last by move=> i _; rewrite u_sq.
  by rewrite ler_add2l ler_opp2 ler_pmul2l ?ltr0n.
rewrite -subr_ge0.
have -> : 4 * Hl - 8 * 3 - (4 - 48 / r.+2%:R) * Hl = 48 / r.+2%:R * (Hl - (1 + r%:R / 2)).
  by rewrite [r.+2%:R]mulrS [r.+1%:R]mulrS; field; rewrite gt_eqF // ltr_spaddl ?ltr01 // addr_ge0 ?ler01 ?ler0n.
by rewrite mulr_ge0 ?divr_ge0 ?ler0n // subr_ge0.
Qed.

End Hardy.
