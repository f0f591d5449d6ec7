"""TRSP's main text: the abstract, §1, §3 (the triBox filter, the schedule, the gate) and §4–§5 (the experiments, at the scale trained here)."""
