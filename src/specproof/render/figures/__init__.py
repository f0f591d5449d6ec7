"""The gallery: the figure registry and its atomic PNG + JSON writer (:mod:`~specproof.render.figures.core`), the
figures of the mathematical claims (:mod:`~specproof.render.figures.gallery`), and those of real attention and trained
decoders (:mod:`~specproof.render.figures.real`, :mod:`~specproof.render.figures.trained`)."""
