"""What the tests share: how many random cases they try, and a real Redis server for the
tests that need one. (The data folder of the run is set in the top-level conftest.py.)"""

from __future__ import annotations

import os
from typing import Any

import pytest
from hypothesis import settings

# ``make test`` runs hypothesis' defaults; ``make test-fast`` (HYPOTHESIS_PROFILE=fast)
# tries a tenth of the random cases, here and through tests.budget.scaled.
settings.register_profile("fast", max_examples=10)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))


@pytest.fixture(scope="session")
def redis_server() -> Any:
    """A private redis-server on a free 127.0.0.1 port for this test run, stopped at the end.

    Its files, if any, stay in its own temporary folder. Tests share it by
    giving their keys a prefix of their own.
    """
    from tests.local_redis import LocalRedis

    with LocalRedis() as server:
        yield server
