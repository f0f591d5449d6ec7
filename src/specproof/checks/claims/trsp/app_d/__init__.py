"""TRSP App. D: restricted invertibility, mixing, pointwise and readout lemmas, the error bound."""
