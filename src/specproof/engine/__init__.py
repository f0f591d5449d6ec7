"""The engine: the claim registry and its evidence, the methods that decide claims (sympy identities, searches,
grids, rates), the Coq bridge and its pins, the claims' chains, the registry index, the runner, and the project's
I/O (paths, atomic writes, provenance). It imports only :mod:`specproof.theory`."""
