"""Producers of stored evidence: the large-T sweeps (:mod:`~specproof.runs.sweeps`), the real-attention
measurements (:mod:`~specproof.runs.real`) and the trained decoders (:mod:`~specproof.runs.train`), each writing
rows with provenance to the committed store ``data/``, atomically and resumably; and the audits of those rows."""
