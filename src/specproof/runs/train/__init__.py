"""Small decoders trained here: configurations and batches (:mod:`~specproof.runs.train.data`), the harness
(:mod:`~specproof.runs.train.harness`) and the measurements of a trained model
(:mod:`~specproof.runs.train.evaluate`)."""
