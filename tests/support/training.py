"""What the training-record tests share: a store on a real SQLite file or a real
redis-server, a clock moved by hand, answers, and a way to damage a stored log entry as a
failing disk or an older site's bug would."""

from __future__ import annotations

import sqlite3
import uuid
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest

from engine.quiz.common import QuestionRef
from engine.quiz.difficulty import theme
from tests.support.local_redis import LocalRedis
from ui.store import RecordStore
from ui.store.redis_store import RedisStore
from ui.store.sqlite_store import SQLiteStore
from ui.training.record import Answer, ref_key


class Clock:
    """Seconds since the epoch, moved by hand."""

    def __init__(self, now: float = 1_800_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now

    def utc(self) -> datetime:
        return datetime.fromtimestamp(self.now, UTC)


def open_store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[RecordStore]:
    """The store a fixture parametrized by "sqlite" and "redis" asks for."""
    if request.param == "sqlite":
        with SQLiteStore(tmp_path / "store.sqlite3") as store:
            yield store
        return
    server: LocalRedis = request.getfixturevalue("redis_server")
    with RedisStore(server.url, prefix=f"t-{uuid.uuid4().hex[:8]}:") as store:
        yield store


def answer(ref: QuestionRef, correct: bool) -> Answer:
    return Answer(ref_key(ref), ref.drill, theme(ref), correct, 4.0, answer="answered",
                  solution="the answer", headline="Why it is so.")


def damage_entry(store: RecordStore, record_id: str, number: int, text: str) -> None:
    """Overwrite log entry ``number`` with ``text``, round the store's interface."""
    if isinstance(store, SQLiteStore):
        with sqlite3.connect(store.path) as connection:
            connection.execute("UPDATE entries SET entry = ? WHERE record_id = ? AND idx = ?",
                               (text, record_id, number))
        return
    assert isinstance(store, RedisStore)
    store.client.lset(f"{store.prefix}log:{record_id}", number, text)
