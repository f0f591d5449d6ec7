import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings
from threadpoolctl import threadpool_limits

# One BLAS/OpenMP thread per test process: pytest-xdist already runs one process per core, and nested
# threads on top of that oversubscribe the cores (dense SVDs then run many times slower).
threadpool_limits(limits=1)

ROOT = Path(__file__).resolve().parents[1]

settings.register_profile("ci", derandomize=True, deadline=None, max_examples=100,
                          suppress_health_check=[HealthCheck.too_slow], database=None)
settings.register_profile("dev", deadline=None, max_examples=100, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("thorough", deadline=None, max_examples=2000, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci" if os.environ.get("CI") else "dev"))


@pytest.fixture(scope="session")
def shared_dir() -> Path:
    """The project's shared folder beside the checkout; tests that need it skip without it."""
    path = ROOT.parent / "shared"
    if not (path / "claims.md").exists():
        pytest.skip("shared/claims.md is not beside this checkout")
    return path
