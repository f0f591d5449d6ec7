"""The named sweeps: their table (:mod:`~specproof.runs.sweeps.table`), the row store and runner
(:mod:`~specproof.runs.sweeps.store`), and the rates the claims read from stored rows
(:mod:`~specproof.runs.sweeps.rates`)."""
