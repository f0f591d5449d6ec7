(** TRSP App. C.2, Lemma C.3 (claim trsp.C3.spectrum): the skeleton's Laplacian is circulant, L(t+1, s+1) = L(t, s)
    with indices mod T, for every T ≥ 2: the Cayley multigraph of ℤ_T is invariant under the shift t ↦ t + 1.

    Modelling. As SkeletonSpectrum.v: [skel_lap T t s] = [t = s]·deg(t) − adj(t, s) on ℤ_T = {0, …, T−1},
    [adj] of Gap.v (the edges from t to s: s ≡ t ± 2^ℓ mod T, ℓ ≤ ⌊log₂T⌋, multiplicities counted). *)
Require Import Reals Lia Lra Arith.
Require Import SpecProof.Sums SpecProof.Gap SpecProof.SkeletonSpectrum.
Open Scope R_scope.

Lemma succ_mod_iff : forall T s u, (s < T)%nat -> (u < T)%nat -> ((s + 1) mod T =? (u + 1) mod T)%nat = (s =? u)%nat.
Proof.
  intros T s u Hs Hu.
  assert (E : forall v, (v < T)%nat -> ((v + 1) mod T = if (v + 1 =? T)%nat then 0 else v + 1)%nat).
  { intros v Hv. destruct (Nat.eqb_spec (v + 1) T) as [A|A].
    - rewrite A. apply Nat.mod_same. lia.
    - apply Nat.mod_small. lia. }
  rewrite (E s Hs), (E u Hu).
  destruct (Nat.eqb_spec (s + 1) T), (Nat.eqb_spec (u + 1) T), (Nat.eqb_spec s u);
    repeat match goal with |- context [Nat.eqb ?a ?b] => destruct (Nat.eqb_spec a b) end; first [reflexivity | lia].
Qed.

Lemma shift_target : forall T t s c, (2 <= T)%nat -> (t < T)%nat -> (s < T)%nat ->
  ((s + 1) mod T =? ((t + 1) mod T + c) mod T)%nat = (s =? (t + c) mod T)%nat.
Proof.
  intros T t s c HT Ht Hs.
  assert (M : (((t + 1) mod T + c) mod T = ((t + c) mod T + 1) mod T)%nat).
  { rewrite Nat.add_mod_idemp_l by lia. rewrite Nat.add_mod_idemp_l by lia. f_equal. lia. }
  rewrite M. apply succ_mod_iff; [exact Hs | apply Nat.mod_upper_bound; lia].
Qed.

Lemma adj_shift : forall T t s, (2 <= T)%nat -> (t < T)%nat -> (s < T)%nat ->
  adj T ((t + 1) mod T) ((s + 1) mod T) = adj T t s.
Proof.
  intros T t s HT Ht Hs. unfold adj. apply sumR_ext. intros l _.
  rewrite !shift_target by assumption. reflexivity.
Qed.

(** Claim trsp.C3.spectrum, "circulant": L(t+1 mod T, s+1 mod T) = L(t, s) for every T ≥ 2 and t, s < T. *)
Theorem skeleton_circulant : forall T t s, (2 <= T)%nat -> (t < T)%nat -> (s < T)%nat ->
  skel_lap T ((t + 1) mod T) ((s + 1) mod T) = skel_lap T t s.
Proof.
  intros T t s HT Ht Hs. unfold skel_lap.
  assert (Ht' : ((t + 1) mod T < T)%nat) by (apply Nat.mod_upper_bound; lia).
  rewrite succ_mod_iff by assumption. rewrite adj_shift by assumption.
  rewrite !trsp_C6_degree by assumption. reflexivity.
Qed.
