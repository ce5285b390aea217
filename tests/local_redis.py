"""Kept for imports written before the helpers moved: see :mod:`tests.support.local_redis`."""

from tests.support.local_redis import (
    LocalRedis,
)

__all__ = [
    "LocalRedis",
]
