(** SDEG §3.2 Thm 2 and App. C.2 (claims sdeg.b.charpoly.closed-form, sdeg.b.eigen-real,
    sdeg.b.eigen-real.hypotheses, sdeg.b.eigen-profile), for every ℓ: the closed form
    ℓ·det(λI − A_b) = (λ − 1)·p′(λ), p(λ) = Π_i (λ − d_i), and from it, by Rolle, the real spectrum of the
    bidirectional canonical attention, λ_1 = 1, the interlacing d_j ≤ λ_j ≤ d_(j−1) (1-based, j ≥ 2), the
    λ_(k+1) sandwich and the spike/bulk eigenvalue profile.

    Modelling. ℓ tokens; indices are 0-based ordinals i : 'I_ℓ (ℓ = n + 1 where ℓ ≥ 1 is needed). A_b, d and z are
    bidirectional_attention a, canonical_d a, canonical_z a of Bidirectional.v: (A_b)_ii = a_i/(a_i + ℓ − 1),
    (A_b)_ij = 1/(a_i + ℓ − 1), d_i = (a_i − 1)/(a_i + ℓ − 1), z_i = 1/(a_i + ℓ − 1), A_b = D + z𝟏ᵀ. Scores enter
    through a_i = e^{s_i}: every statement assumes only a_i > 0 (all real scores, unsorted), or a_i ≥ 1 (s_i ≥ 0)
    where the paper needs nonnegative scores. The closed form holds over any field with ℓ ≠ 0 and a_i + ℓ − 1 ≠ 0;
    the order statements hold over any real field (realFieldType), Rolle and the factorisation over any real
    closed field (rcfType): ℝ is both. p = Π_i (X − d_i) in {poly R}, p′ = p^`() its formal derivative; the
    characteristic polynomial is MathComp's char_poly, det(X·I − A); eigenvalue A λ is MathComp's (a nonzero v with
    vA = λv), equivalent to root (char_poly A) λ. Sorting: s = sort ≥ [d_0, …, d_(ℓ−1)], so s`_m (= nth 0 s m) is
    the paper's d_(m+1) in decreasing order (s`_0 = d_1 = max, s`_n = d_ℓ = min); the secular lemmas take the
    sorted vector as d : nat → R nonincreasing on [0, ℓ), d m = d_(m+1). The spectrum is stated as a factorisation
    char_poly A_b = (X − 1)·Π_{j<n}(X − t_j) with real t_j (multiplicities included) and t nonincreasing, t_0 < 1, so
    the eigenvalues in decreasing order with multiplicity are λ_1 = 1, λ_(j+2) = t_j: the paper's d_j ≤ λ_j ≤ d_(j−1)
    (j ≥ 2) is s`_(j+1) ≤ t_j ≤ s`_j, and λ_(k+1) = t_(k−1); reading "λ_j = j-th largest root" off the factorisation
    is left to prose. The spike set is a finite set S, k = #|S|, c = c_ℓ = k/ℓ. Not formalised: the symmetric
    similarity D + √z√zᵀ (not needed: realness comes from the factorisation) and the case k = ℓ of the sandwich. *)
From mathcomp Require Import all_ssreflect all_algebra.
From mathcomp Require Import ring polyrcf polyorder.
Require Import SpecProof.Bidirectional.
Set Implicit Arguments.
Unset Strict Implicit.
Unset Printing Implicit Defensive.
Import Order.Theory GRing.Theory Num.Theory.
Local Open Scope ring_scope.

Section Deriv.
Variable R : comRingType.

Lemma deriv_prod_seq (I : eqType) (r : seq I) (P : I -> {poly R}) : uniq r ->
  (\prod_(i <- r) P i)^`() = \sum_(i <- r) (P i)^`() * \prod_(j <- r | j != i) P j.
Proof.
elim: r => [|x r IH] /=; first by rewrite !big_nil derivC.
case/andP=> xr ur; rewrite big_cons derivM IH // big_cons; congr (_ + _).
  rewrite big_cons eqxx /=; congr (_ * _).
  rewrite [LHS]big_seq [RHS]big_seq_cond; apply: eq_bigl => j.
  by case: (boolP (j \in r)) => //= jr; rewrite (memPn xr j jr).
rewrite mulr_sumr; apply: eq_big_seq => i ir.
rewrite big_cons; have -> : (x != i) by apply: contraNneq xr => ->.
by rewrite mulrCA.
Qed.

Lemma deriv_prod (I : finType) (P : I -> {poly R}) :
  (\prod_i P i)^`() = \sum_i (P i)^`() * \prod_(j | j != i) P j.
Proof. exact/deriv_prod_seq/index_enum_uniq. Qed.

(** (Π_i (X − d_i))′ = Σ_i Π_{j≠i} (X − d_i): the derivative of a product, over any commutative ring. *)
Lemma deriv_prod_XsubC (I : finType) (d : I -> R) :
  (\prod_i ('X - (d i)%:P))^`() = \sum_i \prod_(j | j != i) ('X - (d j)%:P).
Proof. by rewrite deriv_prod; apply: eq_bigr => i _; rewrite derivXsubC mul1r. Qed.

End Deriv.

Section ClosedForm.
Variable F : fieldType.

(** Claim sdeg.b.charpoly.closed-form, for any D + z𝟏ᵀ over any field with ℓ ≠ 0: if z_i = (1 − d_i)/ℓ
    (the row sums of D + z𝟏ᵀ are 1), then ℓ·det(X·I − D − z𝟏ᵀ) = (X − 1)·p′ with p = Π_i (X − d_i). *)
Theorem char_poly_closed_form l (d z : 'I_l -> F) :
  l%:R != 0 :> F -> (forall i, z i = (1 - d i) / l%:R) ->
  l%:R *: char_poly (diag_plus_rank_one d z)
  = ('X - 1) * (\prod_i ('X - (d i)%:P))^`().
Proof.
move=> l0 hz; rewrite char_poly_diag_plus_rank_one deriv_prod_XsubC.
have lz i : l%:R * z i = 1 - d i by rewrite hz mulrC divfK.
rewrite scalerBr scaler_sumr mulr_sumr.
have -> : l%:R *: \prod_i ('X - (d i)%:P)
          = \sum_(i < l) ('X - (d i)%:P) * \prod_(j | j != i) ('X - (d j)%:P).
  transitivity (\sum_(i < l) \prod_j ('X - (d j)%:P)).
    by rewrite sumr_const card_ord scaler_nat.
  by apply: eq_bigr => i _; rewrite (bigD1 i).
rewrite -sumrB; apply: eq_bigr => i _.
rewrite scalerAl -mul_polyC -polyCM -mulrBl; congr (_ * _).
by rewrite lz polyCB opprB addrA subrK.
Qed.

(** The canonical weights satisfy z_i = (1 − d_i)/ℓ, i.e. d_i + ℓ z_i = 1. *)
Lemma canonical_z_closed l (a : 'I_l -> F) i :
  l%:R != 0 :> F -> a i + l.-1%:R != 0 ->
  canonical_z a i = (1 - canonical_d a i) / l%:R.
Proof.
move=> l0 ai; rewrite /canonical_z /canonical_d.
have ll : l.-1%:R + 1 = l%:R :> F.
  by rewrite -mulrSr prednK // (leq_ltn_trans (leq0n i) (ltn_ord i)).
move: l0; rewrite -ll => l0; field.
by rewrite ai l0.
Qed.

(** Claim sdeg.b.charpoly.closed-form for A_b, every ℓ, any field where ℓ ≠ 0 and every a_i + ℓ − 1 ≠ 0
    (so ℝ with a_i = e^{s_i} > 0): ℓ·char_poly A_b = (X − 1)·(Π_i (X − d_i))′. *)
Theorem sdeg_b_charpoly_closed_form l (a : 'I_l -> F) :
  l%:R != 0 :> F -> (forall i, a i + l.-1%:R != 0) ->
  l%:R *: char_poly (bidirectional_attention a)
  = ('X - 1) * (\prod_i ('X - (canonical_d a i)%:P))^`().
Proof.
move=> l0 ai; rewrite bidirectional_attention_decomposition char_poly_closed_form //.
by move=> i; apply: canonical_z_closed.
Qed.
End ClosedForm.

Section Location.
Variable R : realFieldType.

Lemma horner_prod_XsubC_root l (d : 'I_l -> R) i : (\prod_j ('X - (d j)%:P)).[d i] = 0.
Proof. by rewrite horner_prod (bigD1 i) //= hornerXsubC subrr mul0r. Qed.

Lemma horner_deriv_prod l (d : 'I_l -> R) x :
  (\prod_i ('X - (d i)%:P))^`().[x] = \sum_i \prod_(j | j != i) (x - d j).
Proof.
rewrite deriv_prod_XsubC horner_sum; apply: eq_bigr => i _.
by rewrite horner_prod; apply: eq_bigr => j _; rewrite hornerXsubC.
Qed.

Lemma deriv_prod_gt0 l (d : 'I_l -> R) x : (0 < l)%N -> (forall i, d i < x) ->
  0 < (\prod_i ('X - (d i)%:P))^`().[x].
Proof.
move=> l0 dx; rewrite horner_deriv_prod (bigD1 (Ordinal l0)) //=.
apply: ltr_paddr; first by apply: sumr_ge0 => i _; apply/ltW/prodr_gt0 => j _; rewrite subr_gt0.
by apply: prodr_gt0 => j _; rewrite subr_gt0.
Qed.

Lemma deriv_prod_neq0_below l (d : 'I_l -> R) x : (0 < l)%N -> (forall i, x < d i) ->
  (\prod_i ('X - (d i)%:P))^`().[x] != 0.
Proof.
move=> l0 xd; rewrite horner_deriv_prod.
have -> : \sum_i \prod_(j | j != i) (x - d j) = (-1) ^+ l.-1 * \sum_i \prod_(j | j != i) (d j - x).
  rewrite mulr_sumr; apply: eq_bigr => i _.
  transitivity (\prod_(j | j != i) - (d j - x)); first by apply: eq_bigr => j _; rewrite opprB.
  by rewrite (prodrN (predC1 i)) cardC1 card_ord.
rewrite mulf_eq0 signr_eq0 /= lt0r_neq0 // (bigD1 (Ordinal l0)) //=.
apply: ltr_paddr; first by apply: sumr_ge0 => i _; apply/ltW/prodr_gt0 => j _; rewrite subr_gt0.
by apply: prodr_gt0 => j _; rewrite subr_gt0.
Qed.

(** Claim sdeg.b.eigen-real (location), any real field, ℓ ≥ 1: every root of p′ lies in [min d, max d]
    (above max d every term Π_{j≠i}(x − d_j) of p′(x) is positive, below min d all have the sign (−1)^(ℓ−1)). *)
Theorem deriv_prod_root_location l (d : 'I_l -> R) x : (0 < l)%N ->
  root (\prod_i ('X - (d i)%:P))^`() x -> (exists i, d i <= x) /\ (exists j, x <= d j).
Proof.
move=> l0 rx; split.
  have [/existsP[i di]|] := boolP [exists i, d i <= x]; first by exists i.
  rewrite negb_exists => /forallP nd; move: rx; rewrite /root.
  by rewrite (negPf (deriv_prod_neq0_below l0 _)) // => i; rewrite ltNge nd.
have [/existsP[i di]|] := boolP [exists i, x <= d i]; first by exists i.
rewrite negb_exists => /forallP nd; move: rx; rewrite /root.
by rewrite gt_eqF // deriv_prod_gt0 // => i; rewrite ltNge nd.
Qed.

(** Claim sdeg.b.eigen-real (ties): a value taken at two indices i ≠ j is a root of p′. *)
Theorem deriv_prod_tie l (d : 'I_l -> R) i j : i != j -> d i = d j ->
  (\prod_k ('X - (d k)%:P))^`().[d i] = 0.
Proof.
move=> ij dij; rewrite horner_deriv_prod big1 // => k _.
have [->|ki] := eqVneq k i.
  by rewrite (bigD1 j) 1?eq_sym //= dij subrr mul0r.
by rewrite (bigD1 i) 1?eq_sym //= subrr mul0r.
Qed.

End Location.

Section RolleSec.
Variable R : rcfType.

(** Claim sdeg.b.eigen-real (Rolle), any real closed field: p′ has a root strictly between any d_i < d_j. *)
Theorem deriv_prod_rolle l (d : 'I_l -> R) i j : d i < d j ->
  {c | c \in `]d i, d j[ & (\prod_k ('X - (d k)%:P))^`().[c] = 0}.
Proof. by move=> dij; apply: rolle; rewrite // !horner_prod_XsubC_root. Qed.

End RolleSec.

Section Mult.
Variable R : realDomainType.

Lemma mu_XsubC_eq (x y : R) : \mu_x ('X - y%:P) = (y == x).
Proof.
have [->|yx] := eqVneq y x; first by rewrite mu_XsubC.
by rewrite muNroot // root_XsubC eq_sym.
Qed.

Lemma prod_XsubC_neq0 m (f : nat -> R) : \prod_(i < m) ('X - (f i)%:P) != 0.
Proof. exact/monic_neq0/monic_prod_XsubC. Qed.

Lemma mu_prod_XsubC m (f : nat -> R) x :
  \mu_x (\prod_(i < m) ('X - (f i)%:P)) = (\sum_(i < m) (f i == x))%N.
Proof.
elim: m => [|m IH]; first by rewrite !big_ord0 mu_polyC.
rewrite !big_ord_recr /= mu_mul; last by rewrite mulf_neq0 ?prod_XsubC_neq0 ?polyXsubC_eq0.
by rewrite IH mu_XsubC_eq.
Qed.

Lemma dvdp_prod_XsubC_mu m (t : nat -> R) (q : {poly R}) : q != 0 ->
  (forall x, (\sum_(j < m) (t j == x) <= \mu_x q)%N) -> \prod_(j < m) ('X - (t j)%:P) %| q.
Proof.
elim: m q => [|m IH] q q0 hq; first by rewrite big_ord0 dvd1p.
have /factor_theorem [q1 Dq] : root q (t m).
  rewrite -mu_gt0 //; apply: leq_trans (hq (t m)).
  by rewrite big_ord_recr /= eqxx addn1.
have q10 : q1 != 0 by apply: contraNneq q0; rewrite Dq => ->; rewrite mul0r.
rewrite big_ord_recr /= Dq dvdp_mul ?dvdpp // IH // => x.
have := hq x; rewrite Dq mu_mul ?mulf_neq0 ?polyXsubC_eq0 // mu_XsubC_eq.
by rewrite big_ord_recr /= leq_add2r.
Qed.

(** Adjacent equal pairs: their number is at most (number of occurrences) − 1. *)
Lemma count_adjacent_pairs (f : nat -> R) x n :
  (\sum_(j < n) ((f j == x) && (f j.+1 == x)) <= (\sum_(i < n.+1) (f i == x)).-1)%N.
Proof.
elim: n => [|n IH]; first by rewrite big_ord0.
rewrite big_ord_recr [X in (_ <= X.-1)%N]big_ord_recr /=.
case: (f n =P x) => [fn|_] /=; last first.
  by rewrite addn0; apply: leq_trans IH _; rewrite -!subn1 leq_sub2r // leq_addr.
have pos : (0 < \sum_(i < n.+1) (f i == x))%N by rewrite big_ord_recr /= fn eqxx addn1.
case: (f n.+1 == x) => /=; last by rewrite !addn0.
by rewrite !addn1 -(ltn_predK pos) /= ltnS; apply: leq_trans IH _; rewrite -(ltn_predK pos).
Qed.

End Mult.

Lemma size_prod_XsubC_ord (R : ringType) m (f : nat -> R) :
  size (\prod_(i < m) ('X - (f i)%:P)) = m.+1.
Proof. by rewrite -(big_mkord xpredT (fun i => ('X - (f i)%:P))) size_prod_XsubC size_iota subn0. Qed.

Section Split.
Variable R : rcfType.

(** Claim sdeg.b.eigen-real (p′ splits with interlaced roots), any real closed field, ℓ = n + 1 and d : nat → R
    nonincreasing on [0, n] (d m = d_(m+1) 1-based): p′ = ℓ·Π_{j<n} (X − t_j) with d_(j+1) ≤ t_j ≤ d_j (0-based),
    t_j = d_j at a tie d_(j+1) = d_j, t_j strictly inside a strict gap, each t_j a root of p′. The proof: the Rolle
    roots of the strict gaps and the tie values, counted with multiplicity (a value taken m times is a root of p′ of
    multiplicity m − 1), divide p′, and the degrees agree. *)
Theorem deriv_prod_split n (d : nat -> R) :
  (forall i j, (i <= j <= n)%N -> d j <= d i) ->
  exists t : nat -> R,
    (\prod_(i < n.+1) ('X - (d i)%:P))^`() = n.+1%:R *: \prod_(j < n) ('X - (t j)%:P)
    /\ forall j, (j < n)%N ->
       [/\ d j.+1 <= t j <= d j, d j.+1 = d j -> t j = d j,
           d j.+1 < d j -> d j.+1 < t j < d j
         & root (\prod_(i < n.+1) ('X - (d i)%:P))^`() (t j)].
Proof.
move=> srt; set P := \prod_(i < n.+1) ('X - (d i)%:P).
have rootP i : (i <= n)%N -> P.[d i] = 0.
  by move=> lt; have := horner_prod_XsubC_root (fun i : 'I_n.+1 => d i) (Ordinal (lt : (i < n.+1)%N)).
have ex j : {c : R | if (j < n)%N && (d j.+1 < d j) then (d j.+1 < c < d j) && root P^`() c
                     else c == d j}.
  have [h|h] := boolP ((j < n)%N && (d j.+1 < d j)); last by exists (d j).
  case/andP: (h) => jn djj.
  have e : P.[d j.+1] = P.[d j] by rewrite !rootP // ltnW.
  have [c cin c0] := rolle djj e.
  by exists c; rewrite in_itv /= in cin; rewrite cin /root c0 eqxx.
pose t j := sval (ex j).
have tP j : if (j < n)%N && (d j.+1 < d j) then (d j.+1 < t j < d j) && root P^`() (t j)
            else t j == d j := svalP (ex j).
have srt1 j : (j < n)%N -> d j.+1 <= d j by move=> jn; apply: srt; rewrite leqnSn.
have T1 j : (j < n)%N -> d j.+1 <= t j <= d j.
  move=> jn; move: (tP j); rewrite jn /=; case: ifP => [_ /andP[/andP[a b] _]|_ /eqP ->].
    by rewrite !ltW.
  by rewrite srt1 ?lexx.
have T4 j : (j < n)%N -> d j.+1 < d j -> (d j.+1 < t j < d j) && root P^`() (t j).
  by move=> jn djj; move: (tP j); rewrite jn djj.
have T2 j : (j < n)%N -> ~~ (d j.+1 < d j) -> t j = d j /\ d j.+1 = d j.
  move=> jn djj; move: (tP j); rewrite jn (negPf djj) => /eqP ->; split=> //.
  by apply/eqP; rewrite eq_le srt1 // leNgt djj.
have T3 j : (j < n)%N -> root P^`() (t j).
  move=> jn; have [djj|djj] := boolP (d j.+1 < d j); first by case/andP: (T4 j jn djj).
  have [-> e] := T2 j jn djj; apply/eqP.
  have jn' : (j.+1 < n.+1)%N by [].
  have ne : Ordinal jn' != Ordinal (ltnW jn') by rewrite -val_eqE /= neq_ltn ltnSn orbT.
  by have := deriv_prod_tie (d := fun i : 'I_n.+1 => d i) ne e; rewrite /= e.
exists t; split; last first.
  move=> j jn; split; [exact: T1 | | by move=> h; case/andP: (T4 j jn h) | exact: T3].
  by move=> e; have [] := T2 j jn; rewrite ?e ?ltxx.
have sizeP : size P = n.+2 by rewrite size_prod_XsubC_ord.
have sizeP' : size P^`() = n.+1 by rewrite size_deriv sizeP.
have P'0 : P^`() != 0 by rewrite -size_poly_eq0 sizeP'.
have lcP' : lead_coef P^`() = n.+1%:R.
  rewrite lead_coefE sizeP' /= coef_deriv.
  have : P \is monic by apply: monic_prod_XsubC.
  by rewrite monicE lead_coefE sizeP => /eqP ->.
set T := \prod_(j < n) _.
have dvd : T %| P^`().
  apply: dvdp_prod_XsubC_mu => // x.
  have [/existsP[i0 /eqP dx]|] := boolP [exists i : 'I_n.+1, d i == x].
    have rx : root P x by rewrite /root -dx rootP // -ltnS.
    rewrite mu_deriv // /P mu_prod_XsubC subn1; apply: leq_trans (count_adjacent_pairs d x n); apply: leq_sum => j _.
    case: (t j =P x) => // tx.
    have [djj|djj] := boolP (d j.+1 < d j).
      case/andP: (T4 j (ltn_ord j) djj) => /andP[a b] _; rewrite tx in a b.
      have [ij|ji] := leqP i0 j.
        have h : d j <= d i0 by apply: srt; rewrite ij ltnW.
        by move: b; rewrite -dx ltNge h.
      have h : d i0 <= d j.+1 by apply: srt; rewrite ji -ltnS ltn_ord.
      by move: a; rewrite -dx ltNge h.
    by have [e e'] := T2 j (ltn_ord j) djj; rewrite -tx e e' eqxx.
  rewrite negb_exists => /forallP nd.
  have strict j : (j < n)%N -> t j = x -> d j.+1 < t j < d j.
    move=> jn tx; have [djj|djj] := boolP (d j.+1 < d j); first by case/andP: (T4 j jn djj).
    have [e _] := T2 j jn djj.
    by have := nd (Ordinal (ltnW (jn : (j.+1 < n.+1)%N))); rewrite /= -tx e eqxx.
  have [/existsP[j0 /eqP tx]|] := boolP [exists j : 'I_n, t j == x]; last first.
    by rewrite negb_exists => /forallP nt; rewrite big1 // => j _; rewrite (negPf (nt j)).
  rewrite (bigD1 j0) //= tx eqxx big1 ?addn0 => [|j jj0].
    by rewrite mu_gt0 // -tx T3.
  case: (t j =P x) => // tjx; exfalso.
  have sep a b : (a < b < n)%N -> t a = x -> t b = x -> False.
    case/andP=> ab bn ta tb; have /andP[h _] := strict a (ltn_trans ab bn) ta.
    have /andP[_ h'] := T1 b bn.
    have h2 : d b <= d a.+1 by apply: srt; rewrite ab ltnW.
    by move: (le_lt_trans (le_trans h' h2) h); rewrite ta tb ltxx.
  case: (ltngtP j j0) => [lt|lt|/val_inj e]; last by rewrite e eqxx in jj0.
    by apply: (sep j j0); rewrite ?lt ?ltn_ord.
  by apply: (sep j0 j); rewrite ?lt ?ltn_ord.
have sizeT : size T = n.+1 by rewrite size_prod_XsubC_ord.
have c0 : n.+1%:R != 0 :> R by rewrite pnatr_eq0.
have : (n.+1%:R)^-1 *: P^`() = T.
  apply/eqP; rewrite -eqp_monic ?monic_prod_XsubC //.
    by apply: eqp_trans (eqp_scale _ (invr_neq0 c0)) _; rewrite eqp_sym -dvdp_size_eqp ?sizeT ?sizeP'.
  by rewrite monicE lead_coefZ lcP' mulVf.
by move=> <-; rewrite scalerA divff // scale1r.
Qed.

End Split.

Section Secular.
Variable F : fieldType.

(** Off the d_i, p′(λ) = p(λ) · Σ_i 1/(λ − d_i). *)
Lemma horner_deriv_prod_secular l (d : 'I_l -> F) x : (forall i, x != d i) ->
  (\prod_i ('X - (d i)%:P))^`().[x] = (\prod_i ('X - (d i)%:P)).[x] * \sum_i (x - d i)^-1.
Proof.
move=> ne; rewrite deriv_prod_XsubC !horner_sum mulr_sumr; apply: eq_bigr => i _.
have nz : x - d i != 0 by rewrite subr_eq0 ne.
have hp (P : pred 'I_l) : (\prod_(j | P j) ('X - (d j)%:P)).[x] = \prod_(j | P j) (x - d j).
  by rewrite horner_prod; apply: eq_bigr => j _; rewrite hornerXsubC.
by rewrite !hp [in RHS](bigD1 i) //= mulrAC mulfV // mul1r.
Qed.

End Secular.

Section Sandwich.
Variable R : realFieldType.

Lemma cross_inv (A B p q : R) : 0 < A -> 0 < B -> p * A^-1 <= q * B^-1 -> p * B <= q * A.
Proof.
move=> A0 B0; rewrite -(ler_pmul2r (mulr_gt0 A0 B0)).
have -> : p * A^-1 * (A * B) = p * B by field; rewrite lt0r_neq0.
by have -> : q * B^-1 * (A * B) = q * A by field; rewrite lt0r_neq0.
Qed.

(** Claim sdeg.b.eigen-profile, the λ_(k+1) sandwich in secular form, any real field, every ℓ, 1 ≤ k < ℓ:
    d : nat → R nonincreasing on [0, ℓ), 0-based, so d (k−1) = d_k, d k = d_(k+1), d 0 = d_1, d (ℓ−1) = d_ℓ in the
    paper's 1-based order; if d_(k+1) < λ < d_k and Σ_i 1/(λ − d_i) = 0, then with c = k/ℓ
    (1 − c) d_k + c d_ℓ ≤ λ ≤ (1 − c) d_1 + c d_(k+1). *)
Theorem secular_sandwich l (d : nat -> R) k lam :
  (forall i j, (i <= j < l)%N -> d j <= d i) -> (0 < k < l)%N ->
  d k < lam < d k.-1 -> \sum_(i < l) (lam - d i)^-1 = 0 ->
  (1 - k%:R / l%:R) * d k.-1 + k%:R / l%:R * d l.-1 <= lam
  /\ lam <= (1 - k%:R / l%:R) * d 0%N + k%:R / l%:R * d k.
Proof.
move=> srt /andP[k0 kl] /andP[dkl ldk] hsum.
have l0 : (0 < l)%N by apply: leq_trans kl.
set S1 := \sum_(0 <= i < k) (d i - lam)^-1.
set S2 := \sum_(k <= i < l) (lam - d i)^-1.
have S12 : S1 = S2.
  move: hsum; rewrite -(big_mkord xpredT (fun i => (lam - d i)^-1)) (big_cat_nat _ _ _ (leq0n k) (ltnW kl)) /=.
  rewrite -/S2 => /eqP; rewrite addr_eq0 => /eqP h; rewrite -[S2]opprK -h -sumrN /S1.
  by apply: eq_bigr => i _; rewrite -invrN opprB.
have kl1 : (k.-1 < l)%N := leq_ltn_trans (leq_pred k) kl.
have l1 : (l.-1 < l)%N by rewrite prednK.
have spike i : (i < k)%N -> d k.-1 <= d i <= d 0%N.
  move=> ik; have ik1 : (i <= k.-1)%N by rewrite -ltnS prednK.
  by rewrite !srt ?ik1 ?kl1 ?(leq_ltn_trans ik1 kl1).
have bulk i : (k <= i < l)%N -> d l.-1 <= d i <= d k.
  case/andP=> ki il; have il1 : (i <= l.-1)%N by rewrite -ltnS prednK.
  by rewrite !srt ?ki ?il ?il1 ?l1.
have A0 : 0 < d 0%N - lam.
  by rewrite subr_gt0 (lt_le_trans ldk) // srt // kl1.
have B0 : 0 < lam - d k by rewrite subr_gt0.
have C0 : 0 < d k.-1 - lam by rewrite subr_gt0.
have D0 : 0 < lam - d l.-1.
  by rewrite subr_gt0 (le_lt_trans _ dkl) // srt // l1 andbT -ltnS prednK.
have pos1 i : (i < k)%N -> 0 < d i - lam.
  by move=> ik; case/andP: (spike i ik) => h _; rewrite subr_gt0 (lt_le_trans ldk h).
have pos2 i : (k <= i < l)%N -> 0 < lam - d i.
  by move=> h; case/andP: (bulk i h) => _ h'; rewrite subr_gt0 (le_lt_trans h' dkl).
have B1 : k%:R * (d 0%N - lam)^-1 <= S1.
  rewrite -[k in k%:R](subn0 k) mulr_natl -sumr_const_nat /S1.
  apply: ler_sum_nat => m /= ik; rewrite lef_pinv ?posrE ?A0 ?C0 ?pos1 //.
  by case/andP: (spike m ik) => _ h; rewrite ler_sub.
have B2 : S2 <= (l - k)%:R * (lam - d k)^-1.
  rewrite mulr_natl -sumr_const_nat /S2.
  apply: ler_sum_nat => m /= ik; rewrite lef_pinv ?posrE ?B0 ?D0 ?pos2 //.
  by case/andP: (bulk m ik) => _ h; rewrite ler_sub.
have B3 : (l - k)%:R * (lam - d l.-1)^-1 <= S2.
  rewrite mulr_natl -sumr_const_nat /S2.
  apply: ler_sum_nat => m /= ik; rewrite lef_pinv ?posrE ?B0 ?D0 ?pos2 //.
  by case/andP: (bulk m ik) => h _; rewrite ler_sub.
have B4 : S1 <= k%:R * (d k.-1 - lam)^-1.
  rewrite -[k in k%:R](subn0 k) mulr_natl -sumr_const_nat /S1.
  apply: ler_sum_nat => m /= ik; rewrite lef_pinv ?posrE ?A0 ?C0 ?pos1 //.
  by case/andP: (spike m ik) => h _; rewrite ler_sub.
have L0 : 0 < l%:R :> R by rewrite ltr0n.
rewrite S12 in B1 B4.
have up := cross_inv A0 B0 (le_trans B1 B2).
have lo := cross_inv D0 C0 (le_trans B3 B4).
rewrite natrB ?(ltnW kl) // in up lo.
split; rewrite -subr_ge0.
  have -> : lam - ((1 - k%:R / l%:R) * d k.-1 + k%:R / l%:R * d l.-1)
          = (k%:R * (lam - d l.-1) - (l%:R - k%:R) * (d k.-1 - lam)) / l%:R.
    by field; rewrite lt0r_neq0.
  by apply: divr_ge0; [rewrite subr_ge0 | exact: ltW].
have -> : (1 - k%:R / l%:R) * d 0%N + k%:R / l%:R * d k - lam
        = ((l%:R - k%:R) * (d 0%N - lam) - k%:R * (lam - d k)) / l%:R.
  by field; rewrite lt0r_neq0.
by apply: divr_ge0; [rewrite subr_ge0 | exact: ltW].
Qed.

End Sandwich.

Section SandwichRoot.
Variable R : realFieldType.

(** The same for a root λ of p′ in the open gap ]d_(k+1), d_k[ (there p(λ) ≠ 0 and p′(λ) = p(λ)·Σ 1/(λ − d_i)). *)
Theorem secular_sandwich_root l (d : nat -> R) k lam :
  (forall i j, (i <= j < l)%N -> d j <= d i) -> (0 < k < l)%N ->
  d k < lam < d k.-1 -> root (\prod_(i < l) ('X - (d i)%:P))^`() lam ->
  (1 - k%:R / l%:R) * d k.-1 + k%:R / l%:R * d l.-1 <= lam
  /\ lam <= (1 - k%:R / l%:R) * d 0%N + k%:R / l%:R * d k.
Proof.
move=> srt kl lk rl; apply: secular_sandwich => //.
case/andP: kl => k0 kl; case/andP: lk => dkl ldk.
have ne (i : 'I_l) : lam != d i.
  have [ik|ki] := ltnP i k.
    have ik1 : (i <= k.-1)%N by rewrite -ltnS prednK.
    have h : d k.-1 <= d i by apply: srt; rewrite ik1 (leq_ltn_trans (leq_pred k) kl).
    by rewrite lt_eqF // (lt_le_trans ldk h).
  have h : d i <= d k by apply: srt; rewrite ki ltn_ord.
  by rewrite gt_eqF // (le_lt_trans h dkl).
move: rl; rewrite /root (horner_deriv_prod_secular (d := fun i : 'I_l => d i)) //.
rewrite mulf_eq0 => /orP[|/eqP //].
rewrite horner_prod => /prodf_eq0 [i _].
by rewrite hornerXsubC subr_eq0 (negPf (ne i)).
Qed.

Lemma convex_le_left (c x y : R) : 0 <= c -> y <= x -> (1 - c) * x + c * y <= x.
Proof.
move=> c0 yx; rewrite -subr_ge0 (_ : x - _ = c * (x - y)); last by ring.
by rewrite mulr_ge0 // subr_ge0.
Qed.

Lemma convex_ge_right (c x z : R) : c <= 1 -> x <= z -> x <= (1 - c) * z + c * x.
Proof.
move=> c1 xz; rewrite -subr_ge0 (_ : _ - x = (1 - c) * (z - x)); last by ring.
by rewrite mulr_ge0 // subr_ge0.
Qed.

End SandwichRoot.

Section Spectrum.
Variable R : rcfType.

(** Claims sdeg.b.eigen-real and sdeg.b.eigen-profile for a sorted d (nat-indexed, 0-based, ℓ = n + 1), any
    real closed field: p′ = ℓ·Π_{j<n}(X − t_j), the t_j interlace d, and for every 1 ≤ k ≤ n the root t_(k−1) in the
    k-th gap [d_(k+1), d_k] satisfies the sandwich (ties included: there t_(k−1) = d_k = d_(k+1)). *)
Theorem secular_spectrum n (d : nat -> R) :
  (forall i j, (i <= j <= n)%N -> d j <= d i) ->
  exists t : nat -> R,
  [/\ (\prod_(i < n.+1) ('X - (d i)%:P))^`() = n.+1%:R *: \prod_(j < n) ('X - (t j)%:P),
      forall j, (j < n)%N ->
        [/\ d j.+1 <= t j <= d j, d j.+1 = d j -> t j = d j & d j.+1 < d j -> d j.+1 < t j < d j]
    & forall k, (0 < k <= n)%N ->
        (1 - k%:R / n.+1%:R) * d k.-1 + k%:R / n.+1%:R * d n <= t k.-1
        /\ t k.-1 <= (1 - k%:R / n.+1%:R) * d 0%N + k%:R / n.+1%:R * d k].
Proof.
move=> srt; have [t [Dp ht]] := deriv_prod_split srt.
exists t; split=> // [j jn|k /andP[k0 kn]]; first by case: (ht j jn).
have jn : (k.-1 < n)%N by rewrite prednK.
have [_ tie strict rt] := ht k.-1 jn; rewrite prednK // in tie strict.
have [dk|dk] := boolP (d k < d k.-1).
  apply: (secular_sandwich_root (l := n.+1)) rt; [exact: srt | by rewrite k0 ltnS | exact: strict].
have h1 : d k <= d k.-1 by apply: srt; rewrite leq_pred kn.
have e : d k = d k.-1 by apply/eqP; rewrite eq_le h1 leNgt dk.
rewrite tie // e.
have c0 : 0 <= k%:R / n.+1%:R :> R by rewrite divr_ge0 ?ler0n.
have c1 : k%:R / n.+1%:R <= 1 :> R by rewrite ler_pdivr_mulr ?ltr0n // mul1r ler_nat ltnW.
split; [apply: convex_le_left | apply: convex_ge_right] => //; apply: srt.
  by rewrite leqnn andbT (leq_trans (leq_pred k) kn).
by rewrite leq0n (leq_trans (leq_pred k) kn).
Qed.

End Spectrum.

Section Weights.
Variable R : realFieldType.

Lemma card_pos_nat l (i : 'I_l) : l.-1%:R + 1 = l%:R :> R.
Proof. by rewrite -mulrSr prednK // (leq_ltn_trans (leq0n i) (ltn_ord i)). Qed.

Lemma canonical_den_gt0 l (a : 'I_l -> R) i : 0 < a i -> 0 < a i + l.-1%:R.
Proof. by move=> a0; rewrite ltr_paddr ?ler0n. Qed.

(** 1 − d_i = ℓ/(a_i + ℓ − 1). *)
Lemma one_sub_canonical_d l (a : 'I_l -> R) i : 0 < a i ->
  1 - canonical_d a i = l%:R / (a i + l.-1%:R).
Proof.
move=> a0; have den := lt0r_neq0 (canonical_den_gt0 a0).
by rewrite /canonical_d -(card_pos_nat i); field.
Qed.

(** Claim sdeg.b.eigen-real.hypotheses: for every real score (a_i > 0), −1/(ℓ−1) < d_i < 1 (the lower bound for ℓ ≥ 2). *)
Theorem canonical_d_bounds l (a : 'I_l -> R) i : 0 < a i ->
  canonical_d a i < 1 /\ ((1 < l)%N -> - (l.-1%:R)^-1 < canonical_d a i).
Proof.
move=> a0; have den := canonical_den_gt0 a0.
split.
  by rewrite -subr_gt0 one_sub_canonical_d // divr_gt0 // ltr0n (leq_ltn_trans (leq0n i) (ltn_ord i)).
move=> l1; have n0 : 0 < l.-1%:R :> R by rewrite ltr0n -ltnS prednK // ltnW.
rewrite -subr_gt0 opprK.
have -> : canonical_d a i + (l.-1%:R)^-1 = a i * l%:R / ((a i + l.-1%:R) * l.-1%:R).
  by rewrite /canonical_d -(card_pos_nat i); field; rewrite !lt0r_neq0.
by rewrite divr_gt0 ?mulr_gt0 // ltr0n ltnW.
Qed.

(** Claim sdeg.b.eigen-real: nonnegative scores (a_i ≥ 1) give d_i ≥ 0. *)
Lemma canonical_d_ge0 l (a : 'I_l -> R) i : 1 <= a i -> 0 <= canonical_d a i.
Proof.
move=> a1; have a0 : 0 < a i := lt_le_trans ltr01 a1.
by rewrite /canonical_d divr_ge0 ?subr_ge0 // ltW // canonical_den_gt0.
Qed.

(** Claim sdeg.b.eigen-profile (perturbation), any real field, a_i > 0, f > 0: a spike a_i ≥ ℓ f has 1 − d_i ≤ 1/f. *)
Theorem spike_weight_bound l (a : 'I_l -> R) i (f : R) : 0 < a i -> 0 < f ->
  l%:R * f <= a i -> 1 - canonical_d a i <= f^-1.
Proof.
move=> a0 f0 h; have den := canonical_den_gt0 a0.
rewrite one_sub_canonical_d // ler_pdivr_mulr // -[f^-1 * _]mulrC.
rewrite -(ler_pmul2r f0) -mulrA mulVf ?lt0r_neq0 // mulr1.
by apply: le_trans h _; rewrite ler_addl ler0n.
Qed.

(** Claim sdeg.b.eigen-profile (perturbation), any real field, a_i > 0, g > 0: a bulk a_i ≤ ℓ/g has d_i ≤ 1/g. *)
Theorem bulk_weight_bound l (a : 'I_l -> R) i (g : R) : 0 < a i -> 0 < g ->
  a i <= l%:R / g -> canonical_d a i <= g^-1.
Proof.
move=> a0 g0 h; have den := canonical_den_gt0 a0.
rewrite /canonical_d ler_pdivr_mulr //.
have [a1|a1] := leP (a i) 1.
  by apply: le_trans (_ : 0 <= _); rewrite ?subr_le0 // mulr_ge0 ?invr_ge0 ?ltW.
rewrite -(ler_pmul2l g0) mulrA mulfV ?lt0r_neq0 // mul1r.
have ga : g * a i <= l%:R by rewrite -(ler_pmul2r g0) in h; rewrite mulrC (le_trans h) // divfK ?lt0r_neq0.
rewrite mulrBr mulr1 -(card_pos_nat i) in ga *.
rewrite ler_subl_addr (le_trans ga) // [a i + _]addrC -addrA ler_add2l.
by apply: le_trans (ltW a1) _; rewrite ler_addl ltW.
Qed.

End Weights.

Section LocationAb.
Variable R : realFieldType.

(** Claims sdeg.b.eigen-real and sdeg.b.eigen-real.hypotheses, any real field, every ℓ and every a > 0 (any real
    scores, unsorted): every eigenvalue of A_b is 1 or lies in [min d, max d]. *)
Theorem sdeg_b_eigen_location l (a : 'I_l -> R) lam : (forall i, 0 < a i) ->
  eigenvalue (bidirectional_attention a) lam ->
  lam = 1 \/ ((exists i, canonical_d a i <= lam) /\ (exists j, lam <= canonical_d a j)).
Proof.
move=> a0; rewrite eigenvalue_root_char.
case: l a a0 => [|n] a a0.
  by rewrite /char_poly det_mx00 rootC oner_eq0.
have l0 : n.+1%:R != 0 :> R by rewrite pnatr_eq0.
move=> r; have : root (n.+1%:R *: char_poly (bidirectional_attention a)) lam.
  by rewrite /root hornerZ (eqP r) mulr0.
rewrite sdeg_b_charpoly_closed_form // => [|i]; last by rewrite lt0r_neq0 ?canonical_den_gt0.
rewrite rootM root_XsubC => /orP[/eqP -> |]; first by left.
by move/(deriv_prod_root_location (ltn0Sn n)); right.
Qed.

(** Claim sdeg.b.eigen-real.hypotheses (ties), any real field, a > 0: a value d_i = d_j at two indices i ≠ j is an eigenvalue of A_b. *)
Theorem sdeg_b_tie_eigenvalue l (a : 'I_l -> R) i j : (forall i, 0 < a i) ->
  i != j -> canonical_d a i = canonical_d a j ->
  eigenvalue (bidirectional_attention a) (canonical_d a i).
Proof.
move=> a0 ij e; rewrite eigenvalue_root_char.
have l0 : l%:R != 0 :> R by rewrite pnatr_eq0 -lt0n (leq_ltn_trans (leq0n i) (ltn_ord i)).
have : root (l%:R *: char_poly (bidirectional_attention a)) (canonical_d a i).
  rewrite sdeg_b_charpoly_closed_form // => [|k]; last by rewrite lt0r_neq0 ?canonical_den_gt0.
  by rewrite rootM; apply/orP; right; apply/eqP; apply: deriv_prod_tie ij e.
by rewrite /root hornerZ mulf_eq0 (negPf l0).
Qed.

End LocationAb.

Section RolleAb.
Variable R : rcfType.

(** Claim sdeg.b.eigen-real (Rolle), any real closed field, a > 0: strictly between d_i < d_j lies an eigenvalue of A_b. *)
Theorem sdeg_b_rolle_eigenvalue l (a : 'I_l -> R) i j : (forall i, 0 < a i) ->
  canonical_d a i < canonical_d a j ->
  exists2 lam, canonical_d a i < lam < canonical_d a j & eigenvalue (bidirectional_attention a) lam.
Proof.
move=> a0 dij; have [c cin c0] := deriv_prod_rolle dij.
exists c; first by rewrite in_itv /= in cin.
rewrite eigenvalue_root_char.
have l0 : l%:R != 0 :> R by rewrite pnatr_eq0 -lt0n (leq_ltn_trans (leq0n i) (ltn_ord i)).
have : root (l%:R *: char_poly (bidirectional_attention a)) c.
  rewrite sdeg_b_charpoly_closed_form // => [|k]; last by rewrite lt0r_neq0 ?canonical_den_gt0.
  by rewrite rootM; apply/orP; right; apply/eqP.
by rewrite /root hornerZ mulf_eq0 (negPf l0).
Qed.

End RolleAb.

Section Sorting.
Variable R : realDomainType.

Lemma geR_trans : transitive (>=%R : rel R).
Proof. by move=> y x z /= h1 h2; apply: le_trans h2 h1. Qed.

Lemma geR_total : total (>=%R : rel R).
Proof. by move=> x y /=; rewrite orbC le_total. Qed.

Lemma sort_ge_nth (r : seq R) i j : (i <= j < size r)%N ->
  (sort >=%R r)`_j <= (sort >=%R r)`_i.
Proof.
case/andP=> ij jr.
have := @sorted_leq_nth _ _ geR_trans (fun x => lexx x) 0 (sort >=%R r) (sort_sorted geR_total r) i j.
by rewrite !inE size_sort jr (leq_ltn_trans ij jr); apply.
Qed.

(** If at least k entries are ≥ c, the k largest are ≥ c. *)
Lemma sort_ge_head (r : seq R) (c : R) k m :
  (k <= count (fun x => (c <= x)%R) r)%N -> (m < k)%N -> c <= (sort >=%R r)`_m.
Proof.
set s := sort >=%R r => hk mk; rewrite leNgt; apply/negP => smc.
have cs : count (fun x => (c <= x)%R) s = count (fun x => (c <= x)%R) r by apply/permP; rewrite perm_sort.
have ms : (m < size s)%N by rewrite size_sort (leq_trans mk (leq_trans hk (count_size _ _))).
have : count (fun x => (c <= x)%R) (drop m s) = 0%N.
  apply/eqP; rewrite -leqn0 leqNgt -has_count; apply/negP => /(has_nthP 0) [i].
  rewrite size_drop nth_drop => im; apply/negP; rewrite -ltNge.
  apply: le_lt_trans smc; apply: sort_ge_nth; rewrite leq_addr /= -ltn_subRL.
  by rewrite size_sort in im.
rewrite -[s in count _ s](cat_take_drop m) count_cat in cs => h; rewrite h addn0 in cs.
have := leq_trans hk (leq_trans (eq_leq (esym cs)) (count_size _ _)).
by rewrite size_take ms leqNgt mk.
Qed.

(** If at most k entries are > c, all but the k largest are ≤ c. *)
Lemma sort_ge_tail (r : seq R) (c : R) k m :
  (count (fun x => (c < x)%R) r <= k)%N -> (k <= m < size r)%N -> (sort >=%R r)`_m <= c.
Proof.
set s := sort >=%R r => hk /andP[km mr]; rewrite leNgt; apply/negP => csm.
have cs : count (fun x => (c < x)%R) s = count (fun x => (c < x)%R) r by apply/permP; rewrite perm_sort.
have ms : (m < size s)%N by rewrite size_sort.
have : count (fun x => (c < x)%R) (take m.+1 s) = size (take m.+1 s).
  apply/eqP; rewrite -all_count; apply/(all_nthP 0) => i.
  rewrite size_takel // => im; rewrite nth_take //.
  by apply: lt_le_trans csm _; apply: sort_ge_nth; rewrite -ltnS im mr.
rewrite size_takel // -[s in count _ s](cat_take_drop m.+1) count_cat in cs *.
move=> h; rewrite h in cs.
have := leq_trans (leq_addr _ _) (leq_trans (eq_leq cs) hk).
by rewrite ltnNge km.
Qed.

End Sorting.

Lemma count_map_enum (T : finType) (U : Type) (d : T -> U) (P : pred U) :
  count P [seq d i | i <- enum T] = #|[pred i | P (d i)]|.
Proof. by rewrite count_map enumT cardE /enum_mem size_filter. Qed.

Section SpectrumAb.
Variable R : rcfType.

Lemma sorted_d_prod n (d : 'I_n.+1 -> R) :
  let s := sort >=%R [seq d i | i <- enum 'I_n.+1] in
  \prod_i ('X - (d i)%:P) = \prod_(i < n.+1) ('X - (s`_i)%:P).
Proof.
move=> s; have ss : size s = n.+1 by rewrite size_sort size_map size_enum_ord.
have ps : perm_eq s [seq d i | i <- enum 'I_n.+1] by rewrite perm_sort.
transitivity (\prod_(x <- s) ('X - x%:P)).
  by rewrite (perm_big _ ps) big_map -big_filter filter_predT /index_enum enumT.
by rewrite (big_nth 0) ss big_mkord.
Qed.

(** Claims sdeg.b.eigen-real and sdeg.b.eigen-real.hypotheses (SDEG Thm 2(1) and the sandwich of Thm 2(2)), any
    real closed field (ℝ among them), every ℓ = n + 1 and every weight vector a > 0 (a_i = e^{s_i}, any real,
    unsorted scores): with s the d_i sorted decreasingly (s`_m = d_(m+1) 1-based: s`_0 = d_1 = max, s`_n = d_ℓ = min),
    char_poly A_b = (X − 1) Π_{j<n} (X − t_j), so the spectrum is real with λ_1 = 1 and λ_(j+2) = t_j; the t_j
    interlace, s`_(j+1) ≤ t_j ≤ s`_j (d_(j+2) ≤ λ_(j+2) ≤ d_(j+1)), equal the tie value at a tie and lie strictly
    inside a strict gap; t_j < 1; for 1 ≤ k ≤ n, λ_(k+1) = t_(k−1) satisfies the sandwich
    (1 − c) d_k + c d_ℓ ≤ λ_(k+1) ≤ (1 − c) d_1 + c d_(k+1), c = k/ℓ; and for nonnegative scores (a_i ≥ 1) t_j ≥ 0,
    so the spectrum lies in [0, 1]. *)
Theorem sdeg_b_eigen_real n (a : 'I_n.+1 -> R) : (forall i, 0 < a i) ->
  let s := sort >=%R [seq canonical_d a i | i <- enum 'I_n.+1] in
  exists t : nat -> R,
  [/\ char_poly (bidirectional_attention a) = ('X - 1) * \prod_(j < n) ('X - (t j)%:P),
      forall j, (j < n)%N ->
        [/\ s`_j.+1 <= t j <= s`_j, s`_j.+1 = s`_j -> t j = s`_j
          & s`_j.+1 < s`_j -> s`_j.+1 < t j < s`_j],
      forall j, (j < n)%N -> t j < 1,
      forall k, (0 < k <= n)%N ->
        (1 - k%:R / n.+1%:R) * s`_k.-1 + k%:R / n.+1%:R * s`_n <= t k.-1
        /\ t k.-1 <= (1 - k%:R / n.+1%:R) * s`_0 + k%:R / n.+1%:R * s`_k
    & (forall i, 1 <= a i) -> forall j, (j < n)%N -> 0 <= t j].
Proof.
move=> a0 s.
have sr : size [seq canonical_d a i | i <- enum 'I_n.+1] = n.+1 by rewrite size_map size_enum_ord.
have srt i j : (i <= j <= n)%N -> s`_j <= s`_i by move=> h; apply: sort_ge_nth; rewrite sr.
have ps : perm_eq s [seq canonical_d a i | i <- enum 'I_n.+1] by rewrite perm_sort.
have [t [Dp ht hs]] := secular_spectrum (d := fun i => s`_i) srt.
exists t; split => // [|j jn|a1 j jn].
- have l0 : n.+1%:R != 0 :> R by rewrite pnatr_eq0.
  apply: (scalerI l0); rewrite sdeg_b_charpoly_closed_form // => [|i]; last first.
    by rewrite lt0r_neq0 ?canonical_den_gt0.
  by rewrite sorted_d_prod Dp scalerAr.
- have [/andP[_ tj] _ _] := ht j jn; apply: le_lt_trans tj _.
  have : s`_j \in [seq canonical_d a i | i <- enum 'I_n.+1].
    by rewrite -(perm_mem ps) mem_nth // size_sort sr ltnW.
  by case/mapP => i _ ->; case: (canonical_d_bounds (a0 i)).
- have [/andP[tj _] _ _] := ht j jn; apply: le_trans tj.
  have : s`_j.+1 \in [seq canonical_d a i | i <- enum 'I_n.+1].
    by rewrite -(perm_mem ps) mem_nth // size_sort sr.
  by case/mapP => i _ ->; apply: canonical_d_ge0.
Qed.

(** Claim sdeg.b.eigen-profile (SDEG Thm 2(2)), any real closed field, every ℓ = n + 1 and a > 0 (unsorted):
    a spike set S of k = #|S| tokens with a_i ≥ ℓ f, the other tokens bulk with a_i ≤ ℓ/g (f, g > 0). With
    λ_1 = 1 and λ_(j+2) = t_j (t nonincreasing, all < 1): the spike eigenvalues λ_2 … λ_k have 1 − λ ≤ 1/f, the bulk
    eigenvalues λ_(k+2) … λ_ℓ have λ ≤ 1/g, and for 1 ≤ k ≤ ℓ − 1, λ_(k+1) = t_(k−1) lies between
    (1 − c)(1 − 1/f) − c/(ℓ − 1) and 1 − c + c/g (c = c_ℓ = k/ℓ); for nonnegative scores (a_i ≥ 1)
    |λ_(k+1) − (1 − c)| ≤ max(1/f, 1/g) = ε_ℓ. *)
Theorem sdeg_b_eigen_profile n (a : 'I_n.+1 -> R) (S : {set 'I_n.+1}) (f g : R) :
  (forall i, 0 < a i) -> 0 < f -> 0 < g ->
  (forall i, i \in S -> n.+1%:R * f <= a i) -> (forall i, i \notin S -> a i <= n.+1%:R / g) ->
  let k := #|S| in let c := k%:R / n.+1%:R in
  exists t : nat -> R,
  [/\ char_poly (bidirectional_attention a) = ('X - 1) * \prod_(j < n) ('X - (t j)%:P),
      forall j, (j.+1 < n)%N -> t j.+1 <= t j,
      forall j, (j.+1 < k)%N -> 1 - t j <= f^-1,
      forall j, (k <= j < n)%N -> t j <= g^-1
    & (0 < k <= n)%N ->
        [/\ (1 - c) * (1 - f^-1) - c * (n%:R)^-1 <= t k.-1,
            t k.-1 <= 1 - c + c * g^-1
          & (forall i, 1 <= a i) -> `|t k.-1 - (1 - c)| <= Num.max f^-1 g^-1]].
Proof.
move=> a0 f0 g0 hS hB k c.
have [t [Dc ht t1 hs t0]] := sdeg_b_eigen_real a0.
set r := [seq canonical_d a i | i <- enum 'I_n.+1] in ht hs.
set s := sort >=%R r in ht hs.
have sr : size r = n.+1 by rewrite size_map size_enum_ord.
have ps : perm_eq s r by rewrite perm_sort.
have cnt1 : (k <= count (fun x => (1 - f^-1 <= x)%R) r)%N.
  rewrite count_map_enum; apply: subset_leq_card; apply/subsetP => i /hS h.
  by rewrite inE ler_subl_addr addrC -ler_subl_addr spike_weight_bound.
have cnt2 : (count (fun x => (g^-1 < x)%R) r <= k)%N.
  rewrite count_map_enum; apply: subset_leq_card; apply/subsetP => i; rewrite inE.
  by apply: contraTT => /hB h; rewrite -leNgt bulk_weight_bound.
have spike m : (m < k)%N -> 1 - f^-1 <= s`_m by move=> mk; exact: sort_ge_head cnt1 mk.
have bulk m : (k <= m <= n)%N -> s`_m <= g^-1 by move=> h; apply: sort_ge_tail cnt2 _; rewrite sr.
have kn1 : (k <= n.+1)%N by apply: leq_trans (max_card _) _; rewrite card_ord.
exists t; split=> // [j jn|j jk|j /andP[jk jn]|/andP[k0 kn]].
- have [/andP[h1 _] _ _] := ht j (ltnW jn); have [/andP[_ h2] _ _] := ht j.+1 jn.
  exact: le_trans h2 h1.
- have jn : (j < n)%N by rewrite -ltnS (leq_trans jk kn1).
  have [/andP[h1 _] _ _] := ht j jn.
  by rewrite ler_subl_addr addrC -ler_subl_addr (le_trans (spike _ jk) h1).
- have [/andP[_ h2] _ _] := ht j jn.
  by apply: le_trans h2 (bulk j _); rewrite jk ltnW.
have n1 : (1 < n.+1)%N by rewrite ltnS (leq_trans k0 kn).
have c0 : 0 <= k%:R / n.+1%:R :> R by rewrite divr_ge0 ?ler0n.
have c1 : 0 <= 1 - k%:R / n.+1%:R :> R.
  by rewrite subr_ge0 ler_pdivr_mulr ?ltr0n // mul1r ler_nat.
have [lo up] := hs k (introT andP (conj k0 kn)).
rewrite -/c in c0 c1 lo up.
have sn : s`_n \in r by rewrite -(perm_mem ps) mem_nth // size_sort sr.
have L : (1 - c) * (1 - f^-1) + c * (- (n%:R)^-1) <= t k.-1.
  apply: le_trans lo; apply: ler_add; apply: ler_wpmul2l => //.
    by apply: spike; rewrite prednK // leqnn.
  by move: sn; case/mapP => i _ ->; case: (canonical_d_bounds (a0 i)) => _ /(_ n1) /ltW.
have U : t k.-1 <= (1 - c) * 1 + c * g^-1.
  apply: le_trans up _; apply: ler_add; apply: ler_wpmul2l => //.
    have : s`_0 \in r by rewrite -(perm_mem ps) mem_nth // size_sort sr.
    by case/mapP => i _ ->; case: (canonical_d_bounds (a0 i)) => /ltW.
  by apply: bulk; rewrite leqnn kn.
split; [by rewrite -mulrN | by rewrite mulr1 in U | move=> a1].
have c1' : c <= 1 by rewrite -subr_ge0.
have L' : (1 - c) * (1 - f^-1) <= t k.-1.
  apply: le_trans lo; rewrite -[X in X <= _]addr0; apply: ler_add.
    by apply: ler_wpmul2l => //; apply: spike; rewrite prednK // leqnn.
  by apply: mulr_ge0 => //; move: sn; case/mapP => i _ ->; apply: canonical_d_ge0.
rewrite ler_norml; apply/andP; split.
  apply: le_trans (_ : - f^-1 <= _); first by rewrite ler_opp2 le_maxr lexx.
  rewrite ler_subr_addr; apply: le_trans L'.
  rewrite mulrBr mulr1 addrC ler_add2l ler_opp2 ler_pimull // ?invr_ge0 ?(ltW f0) //.
  by rewrite ler_subl_addr ler_addl.
rewrite ler_subl_addr; apply: le_trans U _; rewrite mulr1 addrC ler_add2r.
apply: le_trans (_ : g^-1 <= _); last by rewrite le_maxr lexx orbT.
by rewrite ler_pimull // invr_ge0 ltW.
Qed.

End SpectrumAb.
