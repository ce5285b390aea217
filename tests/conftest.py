"""What every test shares: a data folder of its own for the run, and a real Redis server
for the tests that need one."""

from __future__ import annotations

import os
import tempfile
from typing import Any

import pytest

from ui.sessions.sealing import DATA_ENV

# The site's data folder (the link key, the store) for this test run alone; servers the
# tests start inherit it.
os.environ[DATA_ENV] = tempfile.mkdtemp(prefix="dealers-choice-test-")


@pytest.fixture(scope="session")
def redis_server() -> Any:
    """A private redis-server on a free 127.0.0.1 port for this test run, stopped at the end.

    Its files, if any, stay in its own temporary folder. Tests share it by
    giving their keys a prefix of their own.
    """
    from tests.local_redis import LocalRedis

    with LocalRedis() as server:
        yield server
