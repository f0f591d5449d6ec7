"""specproof checks: the claim registry, the methods that decide claims, sweeps, variants, report, CLI."""
