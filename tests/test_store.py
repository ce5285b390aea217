"""The store behaves the same over a real SQLite file and a real redis-server.

Every test in the first part runs once per back end (the ``backend``
fixture). Nothing is mocked: SQLite writes a file in ``tmp_path``, Redis is a
``redis-server`` started for the test run on a free loopback port, and the
concurrency tests use real threads and real processes.
"""

from __future__ import annotations

import json
import math
import os
import subprocess
import sys
import threading
import time
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest

from tests.support.store import (
    HOUR,
    Backend,
    Clock,
    _table,
)
from ui.store import (
    FORMAT,
    FormatError,
    NotFound,
    RecordStore,
    StaleVersion,
    StoreError,
    hash_secret,
    issue,
    new_secret,
)
from ui.store import base as store_base

ROOT = Path(__file__).resolve().parent.parent


def _add(store: RecordStore, record_id: str, expected: int, key: str, item: Any) -> Any:
    """Add ``item`` to the list ``data[key]`` as one change made on version ``expected``."""

    def add(data: dict[str, Any]) -> dict[str, Any]:
        if not isinstance(data.get(key, []), list):
            raise StoreError(f"{key!r} in this record is not a list")
        return {**data, key: [*data.get(key, []), item]}

    return store.update(record_id, expected, add)


# Making, finding and loading.


def test_a_new_record_is_found_by_each_of_its_secrets_and_loads_at_version_1(
        store: RecordStore) -> None:
    record_id, shown = _table(store)
    for role, secret in shown.items():
        assert store.find(secret) == (record_id, role)
    record = store.load(record_id)
    assert (record.id, record.kind, record.version) == (record_id, "table", 1)
    assert record.data == {"game": "psycho", "actions": []}
    assert record.created == record.updated > 0
    assert store.version(record_id) == 1
    learner = store.create("learner", {"attempts": []}, keys=issue(["learner"])[1])
    assert learner != record_id and store.load(learner).kind == "learner"


def test_a_wrong_edited_or_malformed_secret_finds_nothing(store: RecordStore) -> None:
    record_id, shown = _table(store)
    host = shown["host"]
    edited = host[:-1] + ("A" if host[-1] != "A" else "B")
    wrong: list[object] = [
        new_secret(), edited, host + "x", host[:-1], host.upper() if host.upper() != host else "",
        " " + host, "", None, 12345, "x" * 100_000, hash_secret(host), record_id,
    ]
    for secret in wrong:
        assert store.find(secret) is None, secret
    # A table that exists and one that never did answer alike.
    assert store.find(edited) == store.find(new_secret()) is None


def test_only_hashes_of_secrets_are_stored(backend: Backend, store: RecordStore) -> None:
    record_id, shown = _table(store)
    envelope = backend.raw_envelope(record_id)
    assert envelope is not None
    assert not any(secret in envelope for secret in shown.values())
    with pytest.raises(ValueError, match="hash of a secret"):
        store.create("table", {}, keys={new_secret(): "host"})


def test_a_reissued_link_stops_the_old_secret_and_starts_the_new(store: RecordStore) -> None:
    record_id, shown = _table(store)
    fresh = new_secret()
    store.replace_key(record_id, "seat:1", hash_secret(fresh))
    assert store.find(shown["seat:1"]) is None
    assert store.find(fresh) == (record_id, "seat:1")
    assert store.find(shown["host"]) == (record_id, "host")
    assert store.version(record_id) == 1
    # A seat taken later gets its first key the same way.
    late = new_secret()
    store.replace_key(record_id, "seat:5", hash_secret(late))
    assert store.find(late) == (record_id, "seat:5")
    # A hash in use elsewhere is refused; a record that is gone is not found.
    with pytest.raises(ValueError):
        store.replace_key(record_id, "seat:2", hash_secret(shown["tv"]))
    assert store.find(shown["tv"]) == (record_id, "tv")
    with pytest.raises(NotFound):
        store.replace_key("0" * 32, "host", hash_secret(new_secret()))


def test_create_refuses_what_it_cannot_keep(store: RecordStore) -> None:
    keys = issue(["host"])[1]
    with pytest.raises(ValueError):
        store.create("hand", {}, keys=keys)
    with pytest.raises(ValueError):
        store.create("table", {}, keys={hash_secret("a"): "host", hash_secret("b"): "host"})
    with pytest.raises(StoreError):
        store.create("table", {"odds": math.nan}, keys=keys)
    with pytest.raises(StoreError):
        store.create("table", {"cards": {1, 2}}, keys=keys)
    taken, _ = _table(store, "host")
    shown, keys = issue(["host", "tv"])
    first = store.create("table", {}, keys=keys)
    with pytest.raises(ValueError, match="in use"):
        store.create("table", {}, keys=keys)
    assert store.find(shown["tv"]) == (first, "tv")
    assert store.load(taken).version == 1


# Versions.


def test_each_change_raises_the_version_by_one(store: RecordStore) -> None:
    record_id, _ = _table(store)
    created = store.load(record_id)
    for expected in range(1, 6):
        new = _add(store, record_id, expected, "actions", {"seat": expected % 2, "act": "call"})
        assert new.version == expected + 1 == store.version(record_id)
    record = store.load(record_id)
    assert record.version == 6 and len(record.data["actions"]) == 5
    assert record.created == created.created and record.updated >= created.updated
    record = store.update(record_id, 6, lambda data: {**data, "button": 3})
    assert (record.version, record.data["button"]) == (7, 3)
    assert store.load(record_id) == record


def test_a_stale_version_is_refused_and_changes_nothing(store: RecordStore) -> None:
    record_id, _ = _table(store)
    _add(store, record_id, 1, "actions", "first")
    before = store.load(record_id)
    calls: list[int] = []

    def change(data: dict[str, Any]) -> dict[str, Any]:
        calls.append(1)
        return {**data, "actions": ["second"]}

    for stale in (1, 0, 3, 99):
        with pytest.raises(StaleVersion) as refused:
            store.update(record_id, stale, change)
        assert (refused.value.expected, refused.value.actual) == (stale, 2)
        with pytest.raises(StaleVersion):
            _add(store, record_id, stale, "actions", "double tap")
    assert calls == []
    assert store.load(record_id) == before and store.version(record_id) == 2


def test_a_change_that_fails_writes_nothing(store: RecordStore) -> None:
    record_id, _ = _table(store)
    before = store.load(record_id)

    def broken(data: dict[str, Any]) -> dict[str, Any]:
        data["actions"].append("half done")
        raise RuntimeError("no")

    with pytest.raises(RuntimeError):
        store.update(record_id, 1, broken)
    with pytest.raises(StoreError):
        store.update(record_id, 1, lambda data: {**data, "bad": math.inf})
    with pytest.raises(StoreError):
        store.update(record_id, 1, lambda data: ["not", "a", "dict"])  # type: ignore[arg-type,return-value]
    with pytest.raises(StoreError, match="not a list"):
        _add(store, record_id, 1, "game", "x")
    assert store.load(record_id) == before


def test_a_missing_record_is_not_found(store: RecordStore) -> None:
    for call in (lambda s: s.load("nope"), lambda s: s.version("nope"),
                 lambda s: _add(s, "nope", 1, "actions", 1),
                 lambda s: s.append("nope", 0, {"seat": 1}), lambda s: s.entries("nope"),
                 lambda s: s.entry_count("nope")):
        with pytest.raises(NotFound):
            call(store)


def test_update_latest_applies_on_whatever_version_is_current(store: RecordStore) -> None:
    record_id = store.create("learner", {"answered": 0}, keys=issue(["learner"])[1])
    for _ in range(3):
        store.update_latest(record_id, lambda data: {**data, "answered": data["answered"] + 1})
    assert store.load(record_id).data == {"answered": 3}


# Concurrency: no append is lost, none applied twice.


def _append_with_retry(store: RecordStore, record_id: str, item: Any) -> int:
    """Append ``item`` on the version last seen, as a screen does; how many tries were refused."""
    refused = 0
    while True:
        try:
            _add(store, record_id, store.version(record_id), "actions", item)
            return refused
        except StaleVersion:
            refused += 1


def test_eight_threads_appending_lose_nothing_and_apply_nothing_twice(
        backend: Backend, store: RecordStore) -> None:
    record_id, _ = _table(store)
    threads, each = 8, 50
    start = threading.Barrier(threads)
    refused: list[int] = []
    errors: list[BaseException] = []

    def writer(who: int) -> None:
        try:
            start.wait()
            refused.append(sum(_append_with_retry(store, record_id, [who, i])
                               for i in range(each)))
        except BaseException as error:  # reported below, not lost in the thread
            errors.append(error)

    workers = [threading.Thread(target=writer, args=(who,)) for who in range(threads)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    assert errors == []
    items = [tuple(item) for item in store.load(record_id).data["actions"]]
    assert len(items) == len(set(items)) == threads * each
    assert set(items) == {(who, i) for who in range(threads) for i in range(each)}
    for who in range(threads):
        assert [i for w, i in items if w == who] == list(range(each))
    assert store.version(record_id) == 1 + threads * each
    # The threads really did collide, and the store refused the losers.
    assert sum(refused) > 0


def test_a_new_thread_for_every_call_leaves_no_file_open(store: RecordStore) -> None:
    """Streamlit runs each run of a page in a new thread: a store that kept a connection per
    thread would hold one more file open on every redraw of every screen."""
    record_id, _ = _table(store)

    def open_files() -> int:
        return len(os.listdir("/proc/self/fd"))

    store.version(record_id)
    before = open_files()
    for _ in range(60):
        reader = threading.Thread(target=store.version, args=(record_id,))
        reader.start()
        reader.join()
    assert open_files() <= before + 2


_CHILD = """
import json, sys, time
from ui.store.base import StaleVersion
from ui.store.redis_store import RedisStore
from ui.store.sqlite_store import SQLiteStore

kind, spec, prefix, who, count = sys.argv[1:]
store = SQLiteStore(spec) if kind == "sqlite" else RedisStore(spec, prefix=prefix)
print("ready", flush=True)
for line in sys.stdin:  # one race per line: the record, and the moment to start
    record_id, start = line.split()
    while time.time() < float(start):
        time.sleep(0.001)
    refused = 0
    for i in range(int(count)):
        while True:
            try:
                store.update(record_id, store.version(record_id),
                             lambda data: {**data, "actions": [*data["actions"], [int(who), i]]})
                break
            except StaleVersion:
                refused += 1
    print(json.dumps({"refused": refused}), flush=True)
"""
RACES = 12
"""At most this many races: each must lose nothing, and one of them must show the two
processes at the same time (on a busy machine one may run alone to the end; the races stop
at the first that shows them together, so more of them cost only a busy machine)."""


def test_two_processes_appending_lose_nothing(backend: Backend, store: RecordStore) -> None:
    each = 150
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    children = [
        subprocess.Popen([sys.executable, "-c", _CHILD, *backend.child_args, str(who),
                          str(each)],
                         stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                         cwd=ROOT, env=env)
        for who in range(2)
    ]
    overlapped = []
    try:
        for child in children:
            assert child.stdout is not None and child.stdout.readline().strip() == "ready"
        for _ in range(RACES):
            record_id, _ = _table(store)
            start = time.time() + 0.3
            for child in children:  # both go at the same moment
                assert child.stdin is not None
                child.stdin.write(f"{record_id} {start!r}\n")
                child.stdin.flush()
            reports = [json.loads(child.stdout.readline()) for child in children
                       if child.stdout is not None]
            items = [tuple(item) for item in store.load(record_id).data["actions"]]
            assert sorted(items) == sorted((who, i) for who in range(2) for i in range(each))
            for who in range(2):
                assert [i for w, i in items if w == who] == list(range(each))
            assert store.version(record_id) == 1 + 2 * each
            # At the same time, their appends interleave and some tries are refused.
            switches = sum(1 for a, b in zip(items, items[1:], strict=False) if a[0] != b[0])
            overlapped.append((switches, sum(report["refused"] for report in reports)))
            if switches > 1 and overlapped[-1][1] > 0:
                break
        for child in children:
            assert child.stdin is not None
            child.stdin.close()
            child.wait(timeout=60)
    finally:
        for child in children:
            if child.poll() is None:
                child.kill()
                child.wait()
    assert [child.returncode for child in children] == [0, 0]
    assert overlapped[-1][0] > 1 and overlapped[-1][1] > 0, \
        f"the two processes never ran at the same time (switches, refusals): {overlapped}"


# Expiry, deletion, restarts, old records.


def test_expiry_removes_idle_records_and_their_keys(backend: Backend) -> None:
    clock = Clock()
    with backend.open(clock=clock) as store:
        idle, idle_shown = _table(store)
        busy, busy_shown = _table(store, "host", "tv")
        clock.now += 23 * HOUR
        _add(store, busy, 1, "actions", "still playing")
        clock.now += 2 * HOUR
        assert store.expire("table") == 1  # a day, by default
        with pytest.raises(NotFound):
            store.load(idle)
        assert all(store.find(secret) is None for secret in idle_shown.values())
        assert store.find(busy_shown["host"]) == (busy, "host")
        assert backend.raw_key_count() == 2
        assert store.expire("table", timedelta(hours=3)) == 0
        assert store.expire("table", timedelta(hours=1)) == 1
        assert backend.raw_key_count() == 0 and store.find(busy_shown["tv"]) is None


def test_expiring_tables_keeps_every_learners_record(backend: Backend) -> None:
    clock = Clock()
    with backend.open(clock=clock) as store:
        table, _ = _table(store)
        shown, keys = issue(["learner"])
        learner = store.create("learner", {"attempts": []}, keys=keys)
        clock.now += 48 * HOUR
        assert store.expire("table") == 1
        assert store.load(learner).data == {"attempts": []}
        assert store.find(shown["learner"]) == (learner, "learner")
        with pytest.raises(NotFound):
            store.load(table)
        assert store.expire("learner", timedelta(days=1)) == 1
        with pytest.raises(ValueError):
            store.expire("tables")


def test_delete_removes_the_record_and_its_keys(backend: Backend, store: RecordStore) -> None:
    record_id, shown = _table(store)
    kept, kept_shown = _table(store, "host")
    assert store.delete(record_id) is True
    assert store.delete(record_id) is False
    assert all(store.find(secret) is None for secret in shown.values())
    with pytest.raises(NotFound):
        store.version(record_id)
    assert backend.raw_key_count() == 1 and store.find(kept_shown["host"]) == (kept, "host")


def test_records_survive_reopening_the_store(backend: Backend) -> None:
    with backend.open() as store:
        record_id, shown = _table(store)
        _add(store, record_id, 1, "actions", "before the restart")
    with backend.open() as store:
        assert store.find(shown["seat:0"]) == (record_id, "seat:0")
        record = store.load(record_id)
        assert record.version == 2 and record.data["actions"] == ["before the restart"]
        _add(store, record_id, 2, "actions", "after")
        assert store.load(record_id).data["actions"] == ["before the restart", "after"]


_FORMAT_1 = (
    '{"format":1,"kind":"table","version":4,"created":1700000000.5,'
    '"updated":1700000300.25,"data":{"game":"stud","actions":["bring-in","call"]}}'
)
"""A record exactly as format 1 writes it, typed out rather than made by today's code."""


def test_a_literal_record_of_format_1_loads(backend: Backend) -> None:
    secret = new_secret()
    backend.raw_put("old", 4, 1700000300.25, _FORMAT_1, {hash_secret(secret): "host"})
    with backend.open() as store:
        assert store.find(secret) == ("old", "host")
        record = store.load("old")
        assert (record.version, record.created, record.updated) == (4, 1700000000.5, 1700000300.25)
        assert record.data == {"game": "stud", "actions": ["bring-in", "call"]}
        assert store.version("old") == 4
        _add(store, "old", 4, "actions", "raise")
        assert store.load("old").data["actions"] == ["bring-in", "call", "raise"]


def test_an_older_format_is_lifted_on_load_after_an_upgrade(
        backend: Backend, monkeypatch: pytest.MonkeyPatch) -> None:
    """The day the envelope changes: format 2 (say) renames ``data`` to ``state``."""
    assert FORMAT == 1
    backend.raw_put("old", 4, 1700000300.25, _FORMAT_1, {})

    def lift(envelope: dict[str, Any]) -> dict[str, Any]:
        envelope = dict(envelope)
        envelope["data"] = {"state": envelope.pop("data"), "lifted": True}
        return envelope

    monkeypatch.setattr(store_base, "FORMAT", 2)
    monkeypatch.setattr(store_base, "UPGRADES", {1: lift})
    with backend.open() as store:
        record = store.load("old")
        assert record.data == {"state": {"game": "stud", "actions": ["bring-in", "call"]},
                               "lifted": True}
        store.update("old", 4, lambda data: {**data, "seen": 1})
        written = backend.raw_envelope("old")
        assert written is not None and json.loads(written)["format"] == 2
        assert store.load("old").data["seen"] == 1


def test_a_newer_or_damaged_record_is_refused_plainly(backend: Backend) -> None:
    backend.raw_put("new", 1, 1.0, _FORMAT_1.replace('"format":1', '"format":99'), {})
    backend.raw_put("junk", 1, 1.0, "not json {", {})
    with backend.open() as store:
        with pytest.raises(FormatError, match="newer version"):
            store.load("new")
        with pytest.raises(FormatError):
            store.load("junk")


def test_replace_writes_the_next_version_of_a_record_just_loaded(store: RecordStore) -> None:
    record_id, _ = _table(store)
    loaded = store.load(record_id)
    new = store.replace(loaded, {**loaded.data, "button": 2})
    assert (new.version, new.created) == (2, loaded.created)
    assert store.load(record_id) == new
    with pytest.raises(StaleVersion):
        store.replace(loaded, {"game": "stud"})
    with pytest.raises(StoreError):
        store.replace(new, {"odds": math.nan})
    assert store.load(record_id) == new
    store.delete(record_id)
    with pytest.raises(NotFound):
        store.replace(new, {})


def test_stored_text_gives_even_a_damaged_record_as_it_is(backend: Backend) -> None:
    backend.raw_put("junk", 1, 1.0, "{damaged", {})
    with backend.open() as store:
        assert store.stored_text("junk") == "{damaged"
        record_id, _ = _table(store)
        assert json.loads(store.stored_text(record_id))["data"] == store.load(record_id).data
        with pytest.raises(NotFound):
            store.stored_text("0" * 32)
