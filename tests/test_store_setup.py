"""Choosing and opening the store, the link secrets, and what each back end keeps on disk."""

from __future__ import annotations

import re
import sqlite3
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.support.local_redis import LocalRedis
from ui.sessions.sealing import data_folder
from ui.store import (
    STORE_ENV,
    close_stores,
    hash_secret,
    issue,
    new_secret,
    open_store,
    store_from_url,
)
from ui.store.link_keys import is_key_hash, same_hash
from ui.store.redis_store import RedisStore, _without_password
from ui.store.sqlite_store import SQLiteStore


@pytest.fixture
def fresh_stores() -> Iterator[None]:
    close_stores()
    yield
    close_stores()


# The secrets.


def test_new_secrets_are_long_url_safe_and_never_repeat() -> None:
    made = [new_secret() for _ in range(2000)]
    assert len(set(made)) == len(made)
    for secret in made[:50]:
        assert re.fullmatch(r"[A-Za-z0-9_-]{32}", secret)  # 24 random bytes: 192 bits
    # Every character of the alphabet turns up: the secrets are not drawn from a narrow set.
    assert len(set("".join(made))) == 64


def test_a_hash_is_fixed_hex_and_differs_for_any_change() -> None:
    secret = new_secret()
    key = hash_secret(secret)
    assert is_key_hash(key) and key == hash_secret(secret)
    assert hash_secret(secret[:-1]) != key and hash_secret(secret + " ") != key
    assert same_hash(key, hash_secret(secret)) and not same_hash(key, hash_secret(new_secret()))
    # Whatever a link carries is hashed, never an exception.
    assert is_key_hash(hash_secret(None)) and is_key_hash(hash_secret("é" * 10_000))
    assert not is_key_hash(secret) and not is_key_hash(key.upper())


def test_issue_makes_one_secret_per_role() -> None:
    shown, keys = issue(["host", "tv", "seat:0"])
    assert {keys[hash_secret(secret)] for secret in shown.values()} == {"host", "tv", "seat:0"}
    assert not set(shown.values()) & set(keys)
    with pytest.raises(ValueError):
        issue(["host", "host"])


# Choosing the back end.


def test_no_setting_means_sqlite_in_the_data_folder(
        monkeypatch: pytest.MonkeyPatch, fresh_stores: None) -> None:
    monkeypatch.delenv(STORE_ENV, raising=False)
    store = open_store()
    assert isinstance(store, SQLiteStore) and store.path == data_folder() / "store.sqlite3"
    monkeypatch.setenv(STORE_ENV, "  ")
    assert isinstance(open_store(), SQLiteStore)


def test_a_path_or_sqlite_url_names_the_file(tmp_path: Path) -> None:
    plain = store_from_url(str(tmp_path / "a.db"))
    url = store_from_url(f"sqlite://{tmp_path / 'b.db'}")
    assert isinstance(plain, SQLiteStore) and plain.path == tmp_path / "a.db"
    assert isinstance(url, SQLiteStore) and url.path == tmp_path / "b.db"
    with pytest.raises(ValueError):
        store_from_url("sqlite://")
    with pytest.raises(ValueError, match="postgres://"):
        store_from_url("postgres://somewhere/db")


def test_a_redis_url_means_redis(redis_server: LocalRedis, monkeypatch: pytest.MonkeyPatch,
                                 fresh_stores: None) -> None:
    monkeypatch.setenv(STORE_ENV, redis_server.url)
    store = open_store()
    assert isinstance(store, RedisStore) and store.name == f"Redis at {redis_server.url}"
    shown, keys = issue(["learner"])
    record_id = store.create("learner", {"attempts": []}, keys=keys)
    assert store.find(shown["learner"]) == (record_id, "learner")
    store.delete(record_id)


def test_open_store_gives_every_thread_the_same_store(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fresh_stores: None) -> None:
    monkeypatch.setenv(STORE_ENV, str(tmp_path / "shared.db"))
    seen: list[object] = []
    start = threading.Barrier(8)

    def opener() -> None:
        start.wait()
        seen.append(open_store())

    threads = [threading.Thread(target=opener) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(seen) == 8 and all(store is seen[0] for store in seen)
    monkeypatch.setenv(STORE_ENV, str(tmp_path / "other.db"))
    assert open_store() is not seen[0]


def test_a_password_in_a_redis_url_stays_out_of_messages() -> None:
    assert _without_password("redis://:hunter2@db:6379/0") == "redis://***@db:6379/0"
    assert _without_password("redis://me:hunter2@db:6379/0") == "redis://me:***@db:6379/0"
    assert _without_password("redis://db:6379/0") == "redis://db:6379/0"


# What the back ends keep.


def test_sqlite_makes_its_folder_and_tables_on_first_use_in_wal_mode(tmp_path: Path) -> None:
    path = tmp_path / "not" / "yet" / "store.sqlite3"
    with SQLiteStore(path) as store:
        assert not path.exists()
        record_id = store.create("table", {}, keys=issue(["host"])[1])
    with sqlite3.connect(path) as connection:
        assert connection.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert connection.execute("PRAGMA user_version").fetchone()[0] == 2
        assert connection.execute("SELECT id, version FROM records").fetchall() == [(record_id, 1)]


def test_sqlite_refuses_a_file_of_another_schema(tmp_path: Path) -> None:
    path = tmp_path / "store.sqlite3"
    with sqlite3.connect(path) as connection:
        connection.execute("PRAGMA user_version = 7")
    with SQLiteStore(path) as store, pytest.raises(sqlite3.DatabaseError, match="schema 7"):
        store.find(new_secret())


def test_redis_records_survive_a_server_restart() -> None:
    with LocalRedis(persist=True) as server:
        store = RedisStore(server.url)
        shown, keys = issue(["host", "seat:0"])
        record_id = store.create("table", {"hands": []}, keys=keys)
        store.update(record_id, 1, lambda data: {"hands": [{"game": "psycho"}]})
        store.close()
        server.restart()
        store = RedisStore(server.url)
        assert store.find(shown["seat:0"]) == (record_id, "seat:0")
        assert store.load(record_id).data == {"hands": [{"game": "psycho"}]}
        assert store.version(record_id) == 2
        store.close()
    assert not server.folder.exists()


def test_redis_keys_stay_under_their_prefix(redis_server: LocalRedis) -> None:
    import redis

    prefix = "prefix-test:"
    with RedisStore(redis_server.url, prefix=prefix) as store:
        record_id = store.create("table", {}, keys=issue(["host", "tv"])[1])
        client = redis.Redis.from_url(redis_server.url, decode_responses=True)
        names = set(client.scan_iter(f"{prefix}*"))
        assert {f"{prefix}rec:{record_id}", f"{prefix}roles:{record_id}",
                f"{prefix}idle"} <= names and len(names) == 5
        store.delete(record_id)
        assert set(client.scan_iter(f"{prefix}*")) == set()
        client.close()
