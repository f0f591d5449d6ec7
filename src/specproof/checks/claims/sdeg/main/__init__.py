"""SDEG's main text: §1, §3 (canonical bidirectional and causal attention, encoder versus decoder) and §4 (the experiments)."""
