(** The causal ceiling for the network (claim trsp.network.causal-ceiling, the sentences about P_D): the network of
    depth D computes N_D = F_{D−1} ⋯ F_0 with F_ℓ = I + A_ℓ + g_ℓ M_tri^(b_ℓ) (TRSP Eq. 8 per layer), and for causal
    row-stochastic A_ℓ ≥ 0, gates g_ℓ ≥ 0 and bandwidths 1 ≤ b_ℓ ≤ T its Markov form P_D = N_D/Π_ℓ(2 + g_ℓ)
    is causal, row-stochastic and ≥ 0, with (P_D)_TT = Π_ℓ (1 + (A_ℓ)_TT + g_ℓ b_ℓ^(−2))/(2 + g_ℓ) > 0; so the
    ceiling of MinMax.v and CausalGap.v applies to it; and, quantitatively, (P_D)_TT is within Σ_ℓ g_ℓ/2 of
    Π_ℓ(1 + (A_ℓ)_TT)/2, which lies between 2^(−D)(1 + (A_ℓ)_TT) (each ℓ) and 2^(−D) + Σ_ℓ (A_ℓ)_TT/2 and is 1 when
    every A_ℓ = I; the ceiling T(1 − p)/(2(T − 1)) is within |p − q|/2 + 1/(2(T − 1)) of (1 − q)/2.

    Modelling. Entries in any real closed field (ℝ is one), 0-based indices, t = T − 1 the last token. Box_b is the
    causal moving average of TRSP Eq. 1, row i averaging the min(b, i + 1) tokens i − b < j ≤ i (Kernel.v's [box]
    as a matrix), M_tri = Box_b Box_b (Eq. 3), and the layers are indexed by ℓ < D (A, g, b : nat → …, only
    ℓ < D read). *)
From mathcomp Require Import all_ssreflect all_algebra.
From mathcomp Require Import ring.
Require Import SpecProof.Variational SpecProof.MinMax SpecProof.CausalGap.
Set Implicit Arguments.
Unset Strict Implicit.
Unset Printing Implicit Defensive.
Import GRing.Theory Num.Theory Order.TTheory.
Local Open Scope ring_scope.

Section Network.
Variable R : rcfType.

(** Box_b: row i averages the min(b, i + 1) tokens j with i − b < j ≤ i. *)
Definition box_mx n (b : nat) : 'M[R]_n :=
  \matrix_(i, j) (if (j <= i < j + b)%N then (minn b i.+1)%:R^-1 else 0).

(** F = I + A + g·Box_b Box_b. *)
Definition layer n (A : 'M[R]_n) (g : R) (b : nat) : 'M[R]_n := 1%:M + A + g *: (box_mx n b *m box_mx n b).

(** N_D = F_{D−1} ⋯ F_0. *)
Fixpoint network n (A : nat -> 'M[R]_n) (g : nat -> R) (b : nat -> nat) (D : nat) : 'M[R]_n :=
  if D is D'.+1 then layer (A D') (g D') (b D') *m network A g b D' else 1%:M.

(** P_D = N_D / Π_ℓ (2 + g_ℓ). *)
Definition network_markov n (A : nat -> 'M[R]_n) (g : nat -> R) (b : nat -> nat) (D : nat) : 'M[R]_n :=
  (\prod_(l < D) (2 + g l))^-1 *: network A g b D.

(** What a causal row-stochastic-up-to-scale nonnegative matrix is, for the induction. *)
Definition markovish n (M : 'M[R]_n) (c : R) :=
  [/\ forall i j, 0 <= M i j, forall i, \sum_j M i j = c & forall i j : 'I_n, (i < j)%N -> M i j = 0].

Lemma mul_causal_diag n (M N : 'M[R]_n) (i : 'I_n) :
  (forall i j : 'I_n, (i < j)%N -> M i j = 0) -> (forall i j : 'I_n, (i < j)%N -> N i j = 0) ->
  (M *m N) i i = M i i * N i i.
Proof.
move=> cM cN; rewrite mxE (bigD1 i) //= big1 ?addr0 // => k ki.
by case: (ltngtP i k) => [ik | ki' | /val_inj e]; [rewrite cM ?mul0r | rewrite cN ?mulr0 | rewrite e eqxx in ki].
Qed.

Lemma mul_markovish n (M N : 'M[R]_n) (c d : R) : markovish M c -> markovish N d -> markovish (M *m N) (c * d).
Proof.
move=> [M0 Mr Mc] [N0 Nr Nc]; split.
- by move=> i j; rewrite mxE sumr_ge0 // => k _; rewrite mulr_ge0.
- move=> i; rewrite (eq_bigr (fun j => \sum_k M i k * N k j)); last by move=> j _; rewrite mxE.
  rewrite exchange_big /= -(Mr i) big_distrl /=; apply: eq_bigr => k _.
  by rewrite -mulr_sumr Nr.
- move=> i j ij; rewrite mxE big1 // => k _.
  case: (ltnP i k) => [ik | ki]; first by rewrite Mc ?mul0r.
  by rewrite Nc ?mulr0 // (leq_ltn_trans ki ij).
Qed.

Lemma box_markovish n b : (0 < b)%N -> markovish (box_mx n b) 1.
Proof.
move=> b0; split.
- by move=> i j; rewrite mxE; case: ifP => _; rewrite ?invr_ge0 ?ler0n.
- move=> i; set m := minn b i.+1.
  have m0 : (0 < m)%N by rewrite leq_min b0.
  have mi : (m <= i.+1)%N by rewrite geq_minr.
  rewrite (eq_bigr (fun j : 'I_n => (if (j <= i < j + b)%N then m%:R^-1 else 0))); last by move=> j _; rewrite mxE.
  rewrite -(big_mkord xpredT (fun j => (if (j <= i < j + b)%N then m%:R^-1 else 0 : R))) /=.
  have iN : (i.+1 <= n)%N by [].
  rewrite (big_cat_nat _ _ _ (leq0n i.+1) iN) /= [X in _ + X]big1_seq ?addr0; last first.
    by move=> j; rewrite mem_index_iota => /and3P [_ ij _]; rewrite (leqNgt j i) ij.
  have mi' : (i.+1 - m <= i.+1)%N by rewrite leq_subr.
  rewrite (big_cat_nat _ _ _ (leq0n (i.+1 - m)) mi') /= big1_seq ?add0r; last first.
    move=> j; rewrite mem_index_iota => /and3P [_ _ jm]; case: (j <= i)%N => //=.
    rewrite ifF //; apply/negbTE; rewrite -leqNgt.
    move: jm; rewrite ltn_subRL /m; case: (leqP b i.+1) => [bi | ib].
      by rewrite addnC.
    by rewrite -{2}[i.+1]addn0 ltn_add2l.
  rewrite (eq_big_seq (fun _ => m%:R^-1)); last first.
    move=> j; rewrite mem_index_iota => /andP [mj ji]; rewrite ifT //; apply/andP; split; first by rewrite -ltnS.
    by rewrite leq_subLR in mj; apply: (leq_trans mj); rewrite addnC leq_add2l geq_minl.
  by rewrite sumr_const_nat subKn // -[LHS]mulr_natr mulVf // pnatr_eq0 -lt0n.
- by move=> i j ij; rewrite mxE ifF //; apply/negbTE; rewrite negb_and -ltnNge ij.
Qed.

(** The Box's diagonal at the last token, for b ≤ T. *)
Lemma box_last n b (t : 'I_n) : t = n.-1 :> nat -> (0 < b <= n)%N -> box_mx n b t t = (b%:R)^-1.
Proof.
move=> tE /andP [b0 bn].
have tS : t.+1 = n by rewrite tE prednK // (leq_ltn_trans (leq0n t) (ltn_ord t)).
have tb : (t < t + b)%N by rewrite -{1}[nat_of_ord t]addn0 ltn_add2l.
by rewrite mxE leqnn tb /= tS (minn_idPl bn).
Qed.

Lemma layer_markovish n (A : 'M[R]_n) g b :
  markovish A 1 -> 0 <= g -> (0 < b)%N -> markovish (layer A g b) (2 + g).
Proof.
move=> [A0 Ar Ac] g0 b0; have [B0 Br Bc] := mul_markovish (box_markovish n b0) (box_markovish n b0).
rewrite mulr1 in Br.
have E i j : layer A g b i j = (i == j)%:R + A i j + g * (box_mx n b *m box_mx n b) i j.
  by rewrite /layer mxE [(1%:M + A) i j]mxE [(g *: (_ : 'M[R]_n)) i j]mxE [1%:M i j]mxE.
split.
- by move=> i j; rewrite E !addr_ge0 ?mulr_ge0 ?B0 ?A0 ?ler0n.
- move=> i; rewrite (eq_bigr _ (fun j _ => E i j)) !big_split /= Ar -mulr_sumr Br mulr1.
  by rewrite (eq_bigr (fun j => (j == i)%:R)) ?sum_delta_ord // => j _; rewrite eq_sym.
- by move=> i j ij; rewrite E Ac // Bc // mulr0 !addr0 -val_eqE /= (ltn_eqF ij).
Qed.

Lemma one_markovish n : markovish (1%:M : 'M[R]_n) 1.
Proof.
split.
- by move=> i j; rewrite mxE ler0n.
- by move=> i; rewrite (eq_bigr (fun j => (j == i)%:R)) ?sum_delta_ord // => j _; rewrite mxE eq_sym.
- by move=> i j ij; rewrite mxE -val_eqE /= (ltn_eqF ij).
Qed.

Section Layers.
Variables (n D : nat) (A : nat -> 'M[R]_n) (g : nat -> R) (b : nat -> nat).
Hypothesis A_markov : forall l, (l < D)%N ->
  [/\ forall i j, 0 <= A l i j, forall i, \sum_j A l i j = 1 & forall i j : 'I_n, (i < j)%N -> A l i j = 0].
Hypothesis g0 : forall l, (l < D)%N -> 0 <= g l.
Hypothesis b0 : forall l, (l < D)%N -> (0 < b l <= n)%N.

Lemma network_markovish d : (d <= D)%N -> markovish (network A g b d) (\prod_(l < d) (2 + g l)).
Proof.
elim: d => [_|d IH dD]; first by rewrite big_ord0; exact: one_markovish.
have dD' : (d < D)%N by [].
have [b1 _] := andP (b0 dD').
rewrite big_ord_recr /= mulrC.
apply: mul_markovish (IH (ltnW dD)).
by apply: layer_markovish => //; [apply/A_markov | apply: g0].
Qed.

Lemma network_diag d (i : 'I_n) : (d <= D)%N ->
  network A g b d i i = \prod_(l < d) layer (A l) (g l) (b l) i i.
Proof.
elim: d => [_|d IH dD]; first by rewrite big_ord0 mxE eqxx.
have dD' : (d < D)%N by [].
have [b1 _] := andP (b0 dD').
have [_ _ cF] := layer_markovish (A_markov dD') (g0 dD') b1.
have [_ _ cN] := network_markovish (ltnW dD).
by rewrite /= mul_causal_diag // IH ?(ltnW dD) // big_ord_recr /= mulrC.
Qed.

Lemma layer_last l (t : 'I_n) : t = n.-1 :> nat -> (l < D)%N ->
  layer (A l) (g l) (b l) t t = 1 + A l t t + g l / (b l)%:R ^+ 2.
Proof.
move=> tE lD; have [B0 Br Bc] := box_markovish n (proj1 (andP (b0 lD))).
rewrite /layer mxE [(1%:M + A l) t t]mxE [(g l *: (_ : 'M[R]_n)) t t]mxE [1%:M t t]mxE eqxx.
by rewrite mul_causal_diag // box_last ?b0 // -invfM -expr2.
Qed.

End Layers.

(** Claim trsp.network.causal-ceiling, the network: for causal row-stochastic A_ℓ ≥ 0, gates g_ℓ ≥ 0 and
    bandwidths 1 ≤ b_ℓ ≤ T, P_D = N_D/Π_ℓ(2 + g_ℓ) is causal, row-stochastic and ≥ 0, and its last diagonal entry is
    (P_D)_TT = Π_ℓ (1 + (A_ℓ)_TT + g_ℓ b_ℓ^(−2))/(2 + g_ℓ) > 0. *)
Theorem trsp_network_markov n D (A : nat -> 'M[R]_n) (g : nat -> R) (b : nat -> nat) (t : 'I_n) :
  t = n.-1 :> nat ->
  (forall l, (l < D)%N ->
     [/\ forall i j, 0 <= A l i j, forall i, \sum_j A l i j = 1 & forall i j : 'I_n, (i < j)%N -> A l i j = 0]) ->
  (forall l, (l < D)%N -> 0 <= g l) -> (forall l, (l < D)%N -> (0 < b l <= n)%N) ->
  let P := network_markov A g b D in
  [/\ forall i j, 0 <= P i j, forall i, \sum_j P i j = 1, forall i j : 'I_n, (i < j)%N -> P i j = 0,
      P t t = \prod_(l < D) ((1 + A l t t + g l / (b l)%:R ^+ 2) / (2 + g l)) & 0 < P t t].
Proof.
move=> tE Am g0 b0 P.
have [N0 Nr Nc] := network_markovish Am g0 b0 (leqnn D).
have c0 : 0 < \prod_(l < D) (2 + g l).
  by apply: prodr_gt0 => l _; apply: ltr_paddr; [exact: g0 | rewrite ltr0n].
have fE : P t t = \prod_(l < D) ((1 + A l t t + g l / (b l)%:R ^+ 2) / (2 + g l)).
  rewrite /P /network_markov mxE (network_diag Am g0 b0 t (leqnn D)) big_split /= prodfV mulrC.
  by congr (_ * _); apply: eq_bigr => l _; rewrite (@layer_last n D A g b b0 l t tE (ltn_ord l)).
split => //.
- by move=> i j; rewrite mxE mulr_ge0 ?N0 // invr_ge0 ltW.
- move=> i; rewrite (eq_bigr (fun j => (\prod_(l < D) (2 + g l))^-1 * network A g b D i j)); last first.
    by move=> j _; rewrite mxE.
  by rewrite -mulr_sumr Nr mulVf // lt0r_neq0.
- by move=> i j ij; rewrite mxE Nc ?mulr0.
- rewrite fE; apply: prodr_gt0 => l _; have [A0 _ _] := Am l (ltn_ord l).
  have gl := g0 l (ltn_ord l).
  rewrite divr_gt0 //; last by apply: ltr_paddr; rewrite ?ltr0n.
  by rewrite (lt_le_trans ltr01) // -addrA ler_addl addr_ge0 ?A0 ?divr_ge0 ?exprn_ge0 ?ler0n.
Qed.

(** The ceiling of MinMax.v for the network: μ₂(L(P_D)) ≤ T(1 − (P_D)_TT)/(2(T − 1)) < T/(2(T − 1)). *)
Corollary trsp_network_ceiling n D (A : nat -> 'M[R]_n) (g : nat -> R) (b : nat -> nat) (U : 'M[R]_n)
    (lam : 'I_n -> R) (t i1 : 'I_n) :
  (2 <= n)%N -> t = n.-1 :> nat -> i1 = 1%N :> nat ->
  (forall l, (l < D)%N ->
     [/\ forall i j, 0 <= A l i j, forall i, \sum_j A l i j = 1 & forall i j : 'I_n, (i < j)%N -> A l i j = 0]) ->
  (forall l, (l < D)%N -> 0 <= g l) -> (forall l, (l < D)%N -> (0 < b l <= n)%N) ->
  let P := network_markov A g b D in
  U^T *m U = 1%:M -> laplacian (2^-1 *: (P + P^T)) *m U = U *m diag_mx (\row_i lam i) ->
  (forall i j : 'I_n, (i <= j)%N -> lam i <= lam j) ->
  lam i1 <= n%:R / (n%:R - 1) * ((1 - P t t) / 2) /\ lam i1 < n%:R / (2 * (n%:R - 1)).
Proof.
move=> n2 tE i1E Am g0 b0 P UtU LU sorted.
have [P0 Pr Pc _ Pt] := trsp_network_markov tE Am g0 b0.
have [le lt] := trsp_network_causal_ceiling_lambda2 n2 tE i1E P0 Pr Pc UtU LU sorted.
by split; [exact: le | exact: lt].
Qed.

(** The normalised gap of CausalGap.v for the network. *)
Corollary trsp_network_gap n D (A : nat -> 'M[R]_n) (g : nat -> R) (b : nat -> nat) (U : 'M[R]_n)
    (lam : 'I_n -> R) (t i1 : 'I_n) :
  (2 <= n)%N -> t = n.-1 :> nat -> i1 = 1%N :> nat ->
  (forall l, (l < D)%N ->
     [/\ forall i j, 0 <= A l i j, forall i, \sum_j A l i j = 1 & forall i j : 'I_n, (i < j)%N -> A l i j = 0]) ->
  (forall l, (l < D)%N -> 0 <= g l) -> (forall l, (l < D)%N -> (0 < b l <= n)%N) ->
  let P := network_markov A g b D in
  U^T *m U = 1%:M -> normalised_laplacian (2^-1 *: (P + P^T)) *m U = U *m diag_mx (\row_i lam i) ->
  (forall i j : 'I_n, (i <= j)%N -> lam i <= lam j) ->
  lam i1 <= (1 - P t t) / (1 + P t t) * (2 * n%:R / (2 * n%:R - 1 - P t t)).
Proof.
move=> n2 tE i1E Am g0 b0 P UtU LU sorted.
have [P0 Pr Pc _ _] := trsp_network_markov tE Am g0 b0.
exact: trsp_network_causal_gap n2 tE i1E P0 Pr Pc UtU LU sorted.
Qed.

(** Products of numbers in [0, 1] move by at most the sum of the moves. *)
Lemma prod_unit (D : nat) (y : nat -> R) :
  (forall l, (l < D)%N -> 0 <= y l <= 1) -> 0 <= \prod_(l < D) y l <= 1.
Proof.
move=> H; rewrite prodr_ge0 /=; last by move=> l _; have /andP [] := H l (ltn_ord l).
apply: (@le_trans _ _ (\prod_(l < D) (1 : R))); last by rewrite big1_eq.
by apply: ler_prod => l _; exact: H.
Qed.

Lemma prod_close (D : nat) (x y : nat -> R) :
  (forall l, (l < D)%N -> 0 <= x l <= 1) -> (forall l, (l < D)%N -> 0 <= y l <= 1) ->
  `|\prod_(l < D) x l - \prod_(l < D) y l| <= \sum_(l < D) `|x l - y l|.
Proof.
elim: D => [|D IH] Hx Hy; first by rewrite !big_ord0 subrr normr0.
rewrite !big_ord_recr /=.
have [x0 x1] := andP (Hx D (ltnSn D)).
have Hx' l : (l < D)%N -> 0 <= x l <= 1 by move=> lD; apply: Hx; rewrite ltnS ltnW.
have Hy' l : (l < D)%N -> 0 <= y l <= 1 by move=> lD; apply: Hy; rewrite ltnS ltnW.
have [Y0 Y1] := andP (prod_unit Hy').
set X := \prod_(l < D) x l; set Y := \prod_(l < D) y l.
have -> : X * x D - Y * y D = (X - Y) * x D + Y * (x D - y D) by ring.
apply: (le_trans (ler_norm_add _ _)); apply: ler_add.
  by rewrite normrM (ger0_norm x0) (le_trans (ler_pimulr _ x1)) ?IH.
by rewrite normrM (ger0_norm Y0) ler_pimull.
Qed.

(** One factor: ((1 + a + g/b²)/(2 + g)) ∈ [0, 1], ((1 + a)/2) ∈ [0, 1], and they are g/2 apart at most. *)
Lemma factor_close (a g : R) (b : nat) : 0 <= a <= 1 -> 0 <= g -> (0 < b)%N ->
  [/\ 0 <= (1 + a + g / b%:R ^+ 2) / (2 + g) <= 1, 0 <= (1 + a) / 2 <= 1
    & `|(1 + a + g / b%:R ^+ 2) / (2 + g) - (1 + a) / 2| <= g / 2].
Proof.
move=> /andP [a0 a1] g0 b0.
have s0 : 0 < 2 + g by apply: ltr_paddr; rewrite ?ltr0n.
have t0 : (0 : R) < 2 by rewrite ltr0n.
set be := (b%:R ^+ 2)^-1.
have be0 : 0 <= be by rewrite invr_ge0 exprn_ge0 ?ler0n.
have be1 : be <= 1 by rewrite invf_le1 ?exprn_gt0 ?ltr0n // exprn_ege1 // ler1n.
have two : (2 : R) = 1 + 1 by [].
have a2 : 1 + a <= 2 by rewrite two ler_add2l.
split.
- apply/andP; split; first by apply: divr_ge0; [rewrite !addr_ge0 ?ler01 ?mulr_ge0 | rewrite ltW].
  by rewrite ler_pdivr_mulr // mul1r ler_add // ler_pimulr.
- apply/andP; split; first by apply: divr_ge0; [rewrite !addr_ge0 ?ler01 | rewrite ltW].
  by rewrite ler_pdivr_mulr // mul1r.
have E : (1 + a + g * be) / (2 + g) - (1 + a) / 2 = g * (2 * be - 1 - a) / (2 * (2 + g)).
  by field; rewrite ?gt_eqF //.
rewrite E ler_norml; apply/andP; split.
  rewrite ler_pdivl_mulr ?mulr_gt0 // -subr_ge0.
  have -> : g * (2 * be - 1 - a) - - (g / 2) * (2 * (2 + g)) = g * (2 * be + (1 - a) + g) by field.
  apply: mulr_ge0 => //; apply: addr_ge0 => //; apply: addr_ge0; first by rewrite mulr_ge0 ?ler0n.
  by rewrite subr_ge0.
rewrite ler_pdivr_mulr ?mulr_gt0 // -subr_ge0.
have -> : g / 2 * (2 * (2 + g)) - g * (2 * be - 1 - a) = g * (2 * (1 - be) + (1 + a) + g) by field.
apply: mulr_ge0 => //; apply: addr_ge0 => //; apply: addr_ge0; last by rewrite addr_ge0 ?ler01.
by rewrite mulr_ge0 ?ler0n // subr_ge0.
Qed.

Lemma entry_le_row n (M : 'M[R]_n) (i : 'I_n) : (forall j, 0 <= M i j) -> M i i <= \sum_j M i j.
Proof. by move=> M0; rewrite (bigD1 i) //= ler_addl sumr_ge0. Qed.

Lemma prod_half (D : nat) : \prod_(l < D) (2^-1 : R) = (2 ^+ D)^-1.
Proof. by rewrite prodr_const card_ord exprVn. Qed.

(** Claim trsp.network.causal-ceiling, the network's limits, quantitatively: with q = Π_ℓ (1 + (A_ℓ)_TT)/2,
    |(P_D)_TT − q| ≤ Σ_ℓ g_ℓ/2 (so (P_D)_TT → q when the gates → 0 at fixed depth); 2^(−D) ≤ q ≤ 2^(−D) +
    Σ_ℓ (A_ℓ)_TT/2 and q ≥ 2^(−D)(1 + (A_ℓ)_TT) for each ℓ (so q → 2^(−D) exactly when every (A_ℓ)_TT → 0); q = 1
    when every A_ℓ = I; and the ceiling T(1 − p)/(2(T − 1)) at p = (P_D)_TT is within |p − q|/2 + 1/(2(T − 1))
    of (1 − q)/2. *)
Theorem trsp_network_last_limit n D (A : nat -> 'M[R]_n) (g : nat -> R) (b : nat -> nat) (t : 'I_n) :
  (2 <= n)%N -> t = n.-1 :> nat ->
  (forall l, (l < D)%N ->
     [/\ forall i j, 0 <= A l i j, forall i, \sum_j A l i j = 1 & forall i j : 'I_n, (i < j)%N -> A l i j = 0]) ->
  (forall l, (l < D)%N -> 0 <= g l) -> (forall l, (l < D)%N -> (0 < b l <= n)%N) ->
  let P := network_markov A g b D in
  let q := \prod_(l < D) ((1 + A l t t) / 2) in
  [/\ `|P t t - q| <= \sum_(l < D) g l / 2,
      (2 ^+ D)^-1 <= q <= (2 ^+ D)^-1 + \sum_(l < D) A l t t / 2,
      forall l, (l < D)%N -> (2 ^+ D)^-1 * (1 + A l t t) <= q,
      (forall l, (l < D)%N -> A l = 1%:M) -> q = 1
    & `|n%:R / (n%:R - 1) * ((1 - P t t) / 2) - (1 - q) / 2| <= `|P t t - q| / 2 + (2 * (n%:R - 1))^-1].
Proof.
move=> n2 tE Am g0 b0 P q.
have [P0 Pr _ PE Pt] := trsp_network_markov tE Am g0 b0.
have a01 l : (l < D)%N -> 0 <= A l t t <= 1.
  by move=> lD; have [A0 Ar _] := Am l lD; rewrite A0 /= -(Ar t) entry_le_row.
have F l : (l < D)%N -> [/\ 0 <= (1 + A l t t + g l / (b l)%:R ^+ 2) / (2 + g l) <= 1,
    0 <= (1 + A l t t) / 2 <= 1 & `|(1 + A l t t + g l / (b l)%:R ^+ 2) / (2 + g l) - (1 + A l t t) / 2| <= g l / 2].
  by move=> lD; apply: factor_close; [exact: a01 | exact: g0 | case/andP: (b0 l lD)].
have t0 : (0 : R) < 2 by rewrite ltr0n.
have half l : (l < D)%N -> 2^-1 <= (1 + A l t t) / 2.
  by move=> lD; rewrite ler_pdivl_mulr // mulVf ?gt_eqF // ler_addl; case/andP: (a01 l lD).
have p1 : P t t <= 1 by rewrite -(Pr t) entry_le_row.
split.
- rewrite PE; apply: (le_trans (@prod_close D (fun l => (1 + A l t t + g l / (b l)%:R ^+ 2) / (2 + g l))
    (fun l => (1 + A l t t) / 2) _ _)).
  + by move=> l lD; have [] := F l lD.
  + by move=> l lD; have [] := F l lD.
  by apply: ler_sum => l _; have [] := F l (ltn_ord l).
- apply/andP; split.
    by rewrite -prod_half; apply: ler_prod => l _; rewrite invr_ge0 ler0n half.
  rewrite -ler_subl_addl -prod_half; apply: (le_trans (ler_norm _)).
  apply: (le_trans (@prod_close D (fun l => (1 + A l t t) / 2) (fun _ => 2^-1) _ _)).
  + by move=> l lD; have [] := F l lD.
  + by move=> l _; rewrite invr_ge0 ler0n invf_le1 // ler1n.
  apply: ler_sum => l _; have -> : (1 + A l t t) / 2 - 2^-1 = A l t t / 2 by field.
  rewrite ger0_norm //.
  by rewrite divr_ge0 ?ler0n //; case/andP: (a01 l (ltn_ord l)).
- move=> l lD; set lo := Ordinal lD.
  rewrite -prod_half -[X in _ * X](big_pred1_eq (GRing.mul_comoid R) lo (fun _ => 1 + A l t t)).
  rewrite big_mkcond /= -big_split /=; apply: ler_prod => k _.
  case: eqP => [-> | _]; last by rewrite mulr1 invr_ge0 ler0n half.
  by rewrite mulrC mulr_ge0 ?invr_ge0 ?ler0n ?addr_ge0 ?ler01 //=; case/andP: (a01 l lD).
- move=> AI; rewrite /q big1 // => l _; rewrite AI // mxE eqxx.
  by rewrite mulr1n -[1 + 1]/(2 : R) mulfV ?gt_eqF.
have n1 : (0 : R) < n%:R - 1 by rewrite subr_gt0 ltr1n.
have -> : n%:R / (n%:R - 1) * ((1 - P t t) / 2) - (1 - q) / 2 =
          (q - P t t) / 2 + (1 - P t t) / (2 * (n%:R - 1)).
  by field; rewrite gt_eqF.
apply: (le_trans (ler_norm_add _ _)); apply: ler_add.
  by rewrite normrM distrC [`|2^-1|]ger0_norm // invr_ge0 ler0n.
rewrite ger0_norm; last by rewrite divr_ge0 ?subr_ge0 // mulr_ge0 ?ler0n ?ltW.
by rewrite ler_pdivr_mulr ?mulr_gt0 // mulVf ?gt_eqF ?mulr_gt0 // ler_subl_addr ler_addl ltW.
Qed.

(** The ceiling's fixed-depth limits (1 − 2^(−D))/2 at D = 2 and 4. *)
Lemma trsp_network_ceiling_limits : (1 - (2 ^+ 2)^-1) / 2 = 3 / 8 :> R /\ (1 - (2 ^+ 4)^-1) / 2 = 15 / 32 :> R.
Proof. by split; field. Qed.

End Network.
