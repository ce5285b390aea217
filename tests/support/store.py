"""The record store on both back ends (SQLite and Redis) with a clock the tests move."""

from __future__ import annotations

import sqlite3
import uuid
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from tests.support.local_redis import LocalRedis
from ui.store import (
    RecordStore,
    issue,
)
from ui.store.redis_store import RedisStore
from ui.store.sqlite_store import SQLiteStore

HOUR = 3600.0


class Clock:
    """A clock the test moves by hand, so expiry needs no waiting."""

    def __init__(self, now: float = 1_800_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


@dataclass
class Backend:
    """One back end under test, and ways round the interface to check what it really holds."""

    name: str
    open: Callable[..., RecordStore]
    """A new store over the same data (as a restarted process would open it)."""
    raw_put: Callable[[str, int, float, str, dict[str, str]], None]
    """Write a record's envelope text and keys directly, as an older version of the site did."""
    raw_envelope: Callable[[str], str | None]
    raw_key_count: Callable[[], int]
    child_args: list[str]
    """How a separate process opens the same store (see ``_CHILD``)."""


def _sqlite_backend(path: Path) -> Backend:
    def raw(sql: str, *rows: tuple[Any, ...]) -> list[Any]:
        with sqlite3.connect(path) as connection:
            found: list[Any] = []
            for row in rows or ((),):
                found += connection.execute(sql, row).fetchall()
            return found

    def put(record_id: str, version: int, updated: float, text: str,
            keys: dict[str, str]) -> None:
        with SQLiteStore(path) as site:
            site.find("")  # the tables, made as the site makes them on first use
        raw("INSERT INTO records (id, version, updated, envelope) VALUES (?, ?, ?, ?)",
            (record_id, version, updated, text))
        if keys:
            raw("INSERT INTO keys (hash, record_id, role) VALUES (?, ?, ?)",
                *[(key, record_id, role) for key, role in keys.items()])

    def envelope(record_id: str) -> str | None:
        rows = raw("SELECT envelope FROM records WHERE id = ?", (record_id,))
        return rows[0][0] if rows else None

    return Backend(
        name="sqlite",
        open=lambda **kw: SQLiteStore(path, **kw),
        raw_put=put,
        raw_envelope=envelope,
        raw_key_count=lambda: int(raw("SELECT COUNT(*) FROM keys")[0][0]),
        child_args=["sqlite", str(path), ""],
    )


def _redis_backend(url: str, prefix: str) -> Backend:
    import redis

    client = redis.Redis.from_url(url, decode_responses=True)

    def put(record_id: str, version: int, updated: float, text: str,
            keys: dict[str, str]) -> None:
        client.hset(f"{prefix}rec:{record_id}",
                    mapping={"version": version, "updated": repr(updated), "envelope": text})
        client.zadd(f"{prefix}idle", {record_id: updated})
        for key, role in keys.items():
            client.hset(f"{prefix}key:{key}", mapping={"record": record_id, "role": role})
            client.hset(f"{prefix}roles:{record_id}", role, key)

    def envelope(record_id: str) -> str | None:
        text: Any = client.hget(f"{prefix}rec:{record_id}", "envelope")
        return text

    return Backend(
        name="redis",
        open=lambda **kw: RedisStore(url, prefix=prefix, **kw),
        raw_put=put,
        raw_envelope=envelope,
        raw_key_count=lambda: sum(1 for _ in client.scan_iter(f"{prefix}key:*")),
        child_args=["redis", url, prefix],
    )


@pytest.fixture(params=["sqlite", "redis"])
def backend(request: pytest.FixtureRequest, tmp_path: Path) -> Backend:
    return make_backend(request, tmp_path)


def make_backend(request: pytest.FixtureRequest, tmp_path: Path) -> Backend:
    """The back end a ``backend`` fixture parametrized by "sqlite" and "redis" asks for."""
    if request.param == "sqlite":
        return _sqlite_backend(tmp_path / "store.sqlite3")
    server: LocalRedis = request.getfixturevalue("redis_server")
    return _redis_backend(server.url, f"test-{uuid.uuid4().hex[:12]}:")


@pytest.fixture
def store(backend: Backend) -> Iterator[RecordStore]:
    with backend.open() as opened:
        yield opened


def _table(store: RecordStore, *roles: str) -> tuple[str, dict[str, str]]:
    shown, keys = issue(roles or ("host", "tv", "seat:0", "seat:1"))
    return store.create("table", {"game": "psycho", "actions": []}, keys=keys), shown
