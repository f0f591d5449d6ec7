"""The checks: the papers' claims, each beside the checks that decide it (:mod:`~specproof.checks.claims`), and the
variant battery that runs the same kind of checks against a user's side path (:mod:`~specproof.checks.battery`). The two
are independent of each other; both stand on the runs, the engine and the theory."""
