"""TRSP App. C: the Cayley skeleton, the safety net, μ₂, the normalised gap, the triBox energy and the rank floor."""
