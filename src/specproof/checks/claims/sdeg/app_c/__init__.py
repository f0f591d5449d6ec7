"""SDEG App. C: the proofs of Theorems 1–4 and the remarks on causal singular values."""
