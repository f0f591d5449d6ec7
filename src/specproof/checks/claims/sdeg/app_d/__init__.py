"""SDEG App. D: the lemmas of the proofs of Thm 6 and Thm 7."""
