"""A pretrained transformer offline: loading and score capture (:mod:`~specproof.runs.real.models`), the text windows
(:mod:`~specproof.runs.real.text`) and the report table beside the papers' numbers
(:mod:`~specproof.runs.real.report`)."""
