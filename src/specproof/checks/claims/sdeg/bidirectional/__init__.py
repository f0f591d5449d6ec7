"""SDEG §3.1–§3.2, §3.4 and App. C.1–C.2, D.1: bidirectional canonical attention A_b = softmax(Σ)."""
