import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings
from threadpoolctl import threadpool_limits

# One BLAS/OpenMP thread per test process: pytest-xdist already runs one process per core, and nested
# threads on top of that oversubscribe the cores (dense SVDs then run many times slower).
threadpool_limits(limits=1)

ROOT = Path(__file__).resolve().parents[1]

settings.register_profile(
    "ci", derandomize=True, deadline=None, max_examples=100, suppress_health_check=[HealthCheck.too_slow], database=None
)
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


def pytest_collection_modifyitems(config, items):
    """Slow tests (``@pytest.mark.slow``) run in CI and when asked (SPECPROOF_SLOW=1, or ``-m slow``); a local run skips
    them with that reason, so the default loop stays short while CI keeps every check."""
    wanted = os.environ.get("CI", "").lower() not in ("", "0", "false") or os.environ.get("SPECPROOF_SLOW") == "1"
    if wanted or "slow" in (config.getoption("markexpr") or ""):
        return
    skip = pytest.mark.skip(reason="slow: runs in CI (CI=true) or with SPECPROOF_SLOW=1")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)
