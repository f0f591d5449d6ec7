"""SDEG's causal theorems on the heads of decoders trained here."""
