"""The store that game nights and training records share: versioned JSON records behind links.

One small interface, :class:`RecordStore`, and two real back ends, chosen by
one environment variable, ``DEALERS_CHOICE_STORE``:

- empty or unset: SQLite, the file ``store.sqlite3`` in the site's data folder
  (:func:`ui.sessions.sealing.data_folder`);
- a path, or ``sqlite:///path/to/file``: SQLite in that file;
- ``redis://host:port/db`` (or ``rediss://``, ``unix://``): Redis, so that
  several site processes share every table and learner.

A game night, for instance::

    from ui.store import issue, open_store

    store = open_store()
    shown, keys = issue(["host", "tv", "seat:0", "seat:1"])   # shown: role -> secret
    table = store.create("table", {"game": "psycho", "hands": []}, keys=keys)
    # ... the host's link carries shown["host"], a guest's shown["seat:1"] ...
    record_id, role = store.find(secret_from_link)             # or None: say nothing more
    seen = store.version(record_id)                            # read four times a second
    store.update(record_id, seen, decide)                      # or StaleVersion
    store.append(record_id, store.entry_count(record_id), finished_hand)  # or StaleIndex

A record is what changes (the live hand, the chips, a learner's ratings) and is
rewritten whole on each change; what only grows (finished hands, a learner's
answers) goes in the record's append-only log, whose entries cost the same to add
at the 10,000th as at the first.

Nothing removes an idle record by itself, in either back end: whoever makes
records of a kind calls ``store.expire(kind)`` now and then (removing what has
gone a day without a change, by default): a new game night clears the tables
left idle. Learners' records are kept.

Nothing here imports Streamlit; the records are plain JSON (see
:mod:`ui.store.base` for the envelope and its ``format``), the link secrets
are kept only as hashes (:mod:`ui.store.link_keys`).
"""

from __future__ import annotations

import os
import threading

from ui.sessions.sealing import data_folder
from ui.store.base import (
    FORMAT,
    IDLE,
    KINDS,
    MAX_ENTRY,
    FormatError,
    NotFound,
    Record,
    RecordStore,
    StaleIndex,
    StaleVersion,
    StoreError,
)
from ui.store.link_keys import hash_secret, issue, new_secret
from ui.store.redis_store import RedisStore
from ui.store.sqlite_store import SQLiteStore

STORE_ENV = "DEALERS_CHOICE_STORE"
"""The environment variable that picks the back end (see the module's docstring)."""
SQLITE_FILE = "store.sqlite3"
_REDIS_SCHEMES = ("redis://", "rediss://", "unix://")

__all__ = [
    "FORMAT",
    "IDLE",
    "KINDS",
    "MAX_ENTRY",
    "STORE_ENV",
    "FormatError",
    "NotFound",
    "Record",
    "RecordStore",
    "StaleIndex",
    "StaleVersion",
    "StoreError",
    "close_stores",
    "hash_secret",
    "issue",
    "new_secret",
    "open_store",
    "store_from_url",
]

class OpenStores:
    """The stores this process has opened, one per setting: shared on purpose by every
    visitor and thread, behind a lock."""

    __slots__ = ("lock", "stores")

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.stores: dict[str, RecordStore] = {}


_OPEN = OpenStores()


def store_from_url(spec: str) -> RecordStore:
    """A new store for ``spec``, read as ``DEALERS_CHOICE_STORE`` is."""
    spec = spec.strip()
    if spec.startswith(_REDIS_SCHEMES):
        return RedisStore(spec)
    if not spec:
        return SQLiteStore(data_folder() / SQLITE_FILE)
    if spec.startswith("sqlite://"):
        spec = spec.removeprefix("sqlite://")
        if not spec:
            raise ValueError("sqlite:// needs a path: sqlite:///path/to/file")
    elif "://" in spec:
        raise ValueError(f"{STORE_ENV} is a path, sqlite:///path or redis://..., "
                         f"not {spec.split('://', 1)[0]}://")
    return SQLiteStore(spec)


def open_store() -> RecordStore:
    """The store ``DEALERS_CHOICE_STORE`` names, one per process (and per setting), thread-safe."""
    spec = os.environ.get(STORE_ENV, "")
    with _OPEN.lock:
        store = _OPEN.stores.get(spec)
        if store is None:
            store = _OPEN.stores[spec] = store_from_url(spec)
        return store


def close_stores() -> None:
    """Close every store :func:`open_store` opened, so the next call opens afresh."""
    with _OPEN.lock:
        stores = list(_OPEN.stores.values())
        _OPEN.stores.clear()
    for store in stores:
        store.close()
