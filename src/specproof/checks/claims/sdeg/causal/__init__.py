"""SDEG §3.3 and App. C.3–C.5, D.2: causal canonical attention A_c = softmax(Σ + M)."""
