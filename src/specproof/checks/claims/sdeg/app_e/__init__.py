"""SDEG App. E: orientation averages, the score-spectrum counterexample and the causal ordering."""
