(** Placeholder: filled by the proofs work of issue 22. *)
