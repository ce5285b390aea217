"""Each record's append-only log, over a real SQLite file and a real redis-server.

What grows with use (a night's finished hands, a learner's answers) is appended
as entries of its record's log, numbered from 0: an entry is written only at
the log's length, so two writers never both add the same number and a retried
append is refused rather than doubled, and adding one costs the same however
long the log is. Every test runs once per back end (the fixtures of
``tests.test_store``).
"""

from __future__ import annotations

import math
import sqlite3
import threading
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest

from tests.support.store import HOUR, Backend, Clock, _table, make_backend
from ui.store import MAX_ENTRY, NotFound, RecordStore, StaleIndex, StaleVersion, StoreError
from ui.store.sqlite_store import SQLiteStore


@pytest.fixture(params=["sqlite", "redis"])
def backend(request: pytest.FixtureRequest, tmp_path: Path) -> Backend:
    return make_backend(request, tmp_path)


@pytest.fixture
def store(backend: Backend) -> Iterator[RecordStore]:
    with backend.open() as opened:
        yield opened


def test_entries_are_numbered_from_0_and_read_back_by_range(store: RecordStore) -> None:
    record_id, _ = _table(store)
    assert store.entry_count(record_id) == 0 and store.entries(record_id) == []
    hands = [{"hand": n, "winner": f"seat:{n % 3}", "pot": [n, 2.5], "note": "é ♥"}
             for n in range(7)]
    for n, hand in enumerate(hands):
        store.append(record_id, n, hand)
        assert store.entry_count(record_id) == n + 1
    assert store.entries(record_id) == hands
    assert store.entries(record_id, 2) == hands[2:]
    assert store.entries(record_id, 2, 5) == hands[2:5]
    assert store.entries(record_id, 5, 2) == [] == store.entries(record_id, 7)
    assert store.entries(record_id, 0, 100) == hands
    # Entries are fresh copies; the record itself is untouched by its log.
    store.entries(record_id)[0]["hand"] = 99
    assert store.entries(record_id, 0, 1) == [hands[0]]
    assert store.version(record_id) == 1
    assert store.load(record_id).data == {"game": "psycho", "actions": []}
    with pytest.raises(ValueError):
        store.entries(record_id, -1)
    with pytest.raises(ValueError):
        store.append(record_id, -1, {})


def test_an_entry_at_any_number_but_the_logs_length_is_refused(store: RecordStore) -> None:
    record_id, _ = _table(store)
    store.append(record_id, 0, {"answer": "first"})
    for wrong in (0, 2, 5):
        with pytest.raises(StaleIndex) as refused:
            store.append(record_id, wrong, {"answer": "again"})
        assert isinstance(refused.value, StaleVersion)
        assert (refused.value.expected, refused.value.actual) == (wrong, 1)
        assert "1 entries" in str(refused.value)
    assert store.entries(record_id) == [{"answer": "first"}]
    # Logs are kept per record.
    other, _ = _table(store)
    store.append(other, 0, {"answer": "other"})
    assert store.entries(record_id) == [{"answer": "first"}]


def test_an_entry_that_is_not_plain_json_or_too_big_is_refused(store: RecordStore) -> None:
    record_id, _ = _table(store)
    refused: list[Any] = [
        {"odds": math.nan}, {"odds": math.inf}, {"cards": {1, 2}}, {"pair": (1, 2)},
        {1: "a key that is not text"}, ["not", "an", "object"], "text", None,
        {"big": "x" * MAX_ENTRY},
    ]
    for entry in refused:
        with pytest.raises(StoreError):
            store.append(record_id, 0, entry)
    assert store.entry_count(record_id) == 0
    just = {"big": "x" * (MAX_ENTRY - len('{"big":""}'))}
    store.append(record_id, 0, just)
    assert store.entries(record_id) == [just]


def test_a_record_that_does_not_exist_has_no_log(store: RecordStore) -> None:
    for call in (lambda: store.append("0" * 32, 0, {"a": 1}), lambda: store.entries("0" * 32),
                 lambda: store.entries("0" * 32, 3, 1), lambda: store.entry_count("0" * 32)):
        with pytest.raises(NotFound):
            call()


def test_two_appends_of_the_same_number_exactly_one_wins(backend: Backend) -> None:
    """Two writers (each its own store and connections, as two site processes) add entry n
    at the same moment, forty times over: each time one is written and the other refused."""
    rounds = 40
    with backend.open() as first, backend.open() as second:
        record_id, _ = _table(first)
        start = threading.Barrier(2)
        outcomes: list[list[str]] = [[], []]
        errors: list[BaseException] = []

        def writer(who: int, store: RecordStore) -> None:
            try:
                for n in range(rounds):
                    start.wait()
                    try:
                        store.append(record_id, n, {"by": who, "n": n})
                        outcomes[who].append("won")
                    except StaleIndex:
                        outcomes[who].append("refused")
            except BaseException as error:   # reported below, not lost in the thread
                errors.append(error)
                start.abort()

        threads = [threading.Thread(target=writer, args=(who, opened))
                   for who, opened in enumerate((first, second))]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert errors == []
        for n in range(rounds):
            assert sorted((outcomes[0][n], outcomes[1][n])) == ["refused", "won"], n
        entries = first.entries(record_id)
        assert [entry["n"] for entry in entries] == list(range(rounds))
        assert [entry["by"] for entry in entries] == [
            0 if outcomes[0][n] == "won" else 1 for n in range(rounds)]


def test_deleting_or_expiring_a_record_removes_its_log(backend: Backend) -> None:
    clock = Clock()
    with backend.open(clock=clock) as store:
        deleted, _ = _table(store)
        idle, _ = _table(store)
        kept, _ = _table(store)
        for record_id in (deleted, idle, kept):
            for n in range(3):
                store.append(record_id, n, {"n": n})
        assert store.delete(deleted)
        with pytest.raises(NotFound):
            store.entries(deleted)
        clock.now += 2 * HOUR
        store.update(kept, 1, lambda data: data)
        assert store.expire("table", timedelta(hours=1)) == 1
        with pytest.raises(NotFound):
            store.entry_count(idle)
        assert store.entries(kept) == [{"n": 0}, {"n": 1}, {"n": 2}]
        assert _stored_entries(backend, store) == 3


def _stored_entries(backend: Backend, store: RecordStore) -> int:
    """How many entries the back end really holds, read round the interface."""
    if backend.name == "sqlite":
        assert isinstance(store, SQLiteStore)
        with sqlite3.connect(store.path) as connection:
            return int(connection.execute("SELECT COUNT(*) FROM entries").fetchone()[0])
    import redis

    from ui.store.redis_store import RedisStore

    assert isinstance(store, RedisStore)
    client = redis.Redis.from_url(store.url, decode_responses=True)
    try:
        return sum(int(client.llen(name))  # type: ignore[arg-type]
                   for name in client.scan_iter(f"{store.prefix}log:*"))
    finally:
        client.close()


def test_a_log_survives_reopening_the_store(backend: Backend) -> None:
    with backend.open() as store:
        record_id, _ = _table(store)
        store.append(record_id, 0, {"before": "restart"})
    with backend.open() as store:
        assert store.entries(record_id) == [{"before": "restart"}]
        store.append(record_id, 1, {"after": "restart"})
        assert store.entry_count(record_id) == 2


def test_a_store_file_from_before_the_logs_gains_them(tmp_path: Path) -> None:
    """A file written when the store had no logs (schema 1) opens, keeps its records and
    takes entries."""
    path = tmp_path / "store.sqlite3"
    with sqlite3.connect(path) as connection:
        connection.executescript("""
            CREATE TABLE records (id TEXT PRIMARY KEY, version INTEGER NOT NULL,
                                  updated REAL NOT NULL, envelope TEXT NOT NULL);
            CREATE TABLE keys (hash TEXT PRIMARY KEY, record_id TEXT NOT NULL
                               REFERENCES records (id) ON DELETE CASCADE,
                               role TEXT NOT NULL, UNIQUE (record_id, role));
            PRAGMA user_version = 1;
        """)
        connection.execute(
            "INSERT INTO records VALUES ('old', 3, 1700000000.0, ?)",
            ('{"format":1,"kind":"learner","version":3,"created":1700000000.0,'
             '"updated":1700000000.0,"data":{"attempts":[]}}',))
    with SQLiteStore(path) as store:
        assert store.load("old").data == {"attempts": []}
        store.append("old", 0, {"answer": 1})
        assert store.entries("old") == [{"answer": 1}]
    with sqlite3.connect(path) as connection:
        assert connection.execute("PRAGMA user_version").fetchone()[0] == 2
