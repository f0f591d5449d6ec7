"""TRSP App. C: the Cayley skeleton, μ₂, the normalised gap, the triBox energy and the rank floor."""
