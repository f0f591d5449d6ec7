(** Finite sums over the reals, Σ_{i<n} f i, kept as a plain recursive function so that every
    statement reads without a library of big operators. *)
Require Import Reals Lia Lra Arith.
Open Scope R_scope.

Fixpoint sumR (f : nat -> R) (n : nat) : R :=
  match n with
  | O => 0
  | S n' => sumR f n' + f n'
  end.

Lemma sumR_ext : forall f g n, (forall i, (i < n)%nat -> f i = g i) -> sumR f n = sumR g n.
Proof.
  intros f g n; induction n as [|n IH]; intros H; simpl; [reflexivity|].
  rewrite IH by (intros; apply H; lia). rewrite H by lia. reflexivity.
Qed.

Lemma sumR_nonneg : forall f n, (forall i, (i < n)%nat -> 0 <= f i) -> 0 <= sumR f n.
Proof.
  intros f n; induction n as [|n IH]; intros H; simpl; [lra|].
  assert (0 <= f n) by (apply H; lia). assert (0 <= sumR f n) by (apply IH; intros; apply H; lia). lra.
Qed.

(** A sum of nonnegative terms is at least any one of them, and at least any two. *)
Lemma sumR_ge_term : forall f n l, (forall i, (i < n)%nat -> 0 <= f i) -> (l < n)%nat -> f l <= sumR f n.
Proof.
  intros f n; induction n as [|n IH]; intros l H Hl; [lia|]. simpl.
  destruct (Nat.eq_dec l n) as [->|Hne].
  - assert (0 <= sumR f n) by (apply sumR_nonneg; intros; apply H; lia). lra.
  - assert (f l <= sumR f n) by (apply IH; [intros; apply H; lia | lia]).
    assert (0 <= f n) by (apply H; lia). lra.
Qed.

Lemma sumR_ge_two_terms : forall f n l, (forall i, (i < n)%nat -> 0 <= f i) -> (S l < n)%nat ->
  f l + f (S l) <= sumR f n.
Proof.
  intros f n; induction n as [|n IH]; intros l H Hl; [lia|]. simpl.
  destruct (Nat.eq_dec (S l) n) as [<-|Hne].
  - simpl. assert (0 <= sumR f l) by (apply sumR_nonneg; intros; apply H; lia). lra.
  - assert (f l + f (S l) <= sumR f n) by (apply IH; [intros; apply H; lia | lia]).
    assert (0 <= f n) by (apply H; lia). lra.
Qed.

Lemma sumR_plus : forall f g n, sumR (fun i => f i + g i) n = sumR f n + sumR g n.
Proof. intros f g n; induction n as [|n IH]; simpl; [lra|]. rewrite IH. lra. Qed.

Lemma sumR_scal : forall c f n, sumR (fun i => c * f i) n = c * sumR f n.
Proof. intros c f n; induction n as [|n IH]; simpl; [lra|]. rewrite IH. lra. Qed.

(** Σ_{i<m+n} f i = Σ_{i<m} f i + Σ_{k<n} f (m+k). *)
Lemma sumR_split : forall f m n, sumR f (m + n) = sumR f m + sumR (fun k => f (m + k)%nat) n.
Proof.
  intros f m n; induction n as [|n IH]; simpl; [rewrite Nat.add_0_r; lra|].
  rewrite Nat.add_succ_r. simpl. rewrite IH. lra.
Qed.

(** Σ_{i<S n} f i = f 0 + Σ_{i<n} f (S i). *)
Lemma sumR_shift : forall f n, sumR f (S n) = f O + sumR (fun i => f (S i)) n.
Proof.
  intros f n; induction n as [|n IH]; [simpl; lra|].
  change (sumR f (S (S n))) with (sumR f (S n) + f (S n)). rewrite IH. simpl. lra.
Qed.

(** Reversing the order: Σ_{k<n} f (n−1−k) = Σ_{k<n} f k. *)
Lemma sumR_reflect : forall f n, sumR (fun k => f (n - 1 - k)%nat) n = sumR f n.
Proof.
  intros f n; induction n as [|n IH]; [reflexivity|].
  rewrite sumR_shift. simpl sumR at 2.
  replace (S n - 1 - 0)%nat with n by lia.
  rewrite <- IH. rewrite (sumR_ext (fun i => f (S n - 1 - S i)%nat) (fun k => f (n - 1 - k)%nat)) by (intros; f_equal; lia).
  lra.
Qed.
