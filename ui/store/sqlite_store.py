"""The SQLite back end: one file, safe for many threads and many processes on one machine.

The file is in WAL mode (readers never wait for a writer, and reading a table's
version is one indexed lookup), with a busy timeout so a writer waits its turn
instead of failing. Each process keeps a pool of connections, each lent to one
call at a time. Every change is one transaction: a new record with its keys
(``BEGIN IMMEDIATE``), or a compare-and-set ``UPDATE ... WHERE id = ? AND
version = ?`` that writes only if the record is still at the version the change
was made on.

Tables::

    records(id TEXT PRIMARY KEY, version INTEGER, updated REAL, envelope TEXT)
    keys(hash TEXT PRIMARY KEY, record_id TEXT -> records.id, role TEXT,
         UNIQUE (record_id, role))
    entries(record_id TEXT -> records.id, idx INTEGER, entry TEXT,
            PRIMARY KEY (record_id, idx))     -- each record's append-only log

``version`` and ``updated`` repeat the envelope's (see :mod:`ui.store.base`)
so that version reads and expiry never parse JSON; each write sets all three at once.
An entry is appended by one transaction that reads the log's last number (one lookup
in the primary key, whatever the log's length) and inserts the next.
"""

from __future__ import annotations

import os
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path

from ui.store.base import RecordStore

SCHEMA = 2
"""``PRAGMA user_version`` of the tables below; a different one is a file this code did not make.
Schema 1 (before the logs) gains the ``entries`` table on first use."""
_LIFTED = (1,)
"""Older schemas this code brings up to :data:`SCHEMA` by making the tables it lacks."""
_TABLES = """
CREATE TABLE IF NOT EXISTS records (
    id TEXT PRIMARY KEY,
    version INTEGER NOT NULL,
    updated REAL NOT NULL,
    envelope TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS records_by_updated ON records (updated);
CREATE TABLE IF NOT EXISTS keys (
    hash TEXT PRIMARY KEY,
    record_id TEXT NOT NULL REFERENCES records (id) ON DELETE CASCADE,
    role TEXT NOT NULL,
    UNIQUE (record_id, role)
);
CREATE TABLE IF NOT EXISTS entries (
    record_id TEXT NOT NULL REFERENCES records (id) ON DELETE CASCADE,
    idx INTEGER NOT NULL,
    entry TEXT NOT NULL,
    PRIMARY KEY (record_id, idx)
) WITHOUT ROWID;
"""

_END = 2**62
"""Past the last entry of any log."""

__all__ = ["SQLiteStore"]


class SQLiteStore(RecordStore):
    """Records in the SQLite file at ``path`` (made, with its folder, on first use)."""

    def __init__(self, path: str | os.PathLike[str], *, busy_timeout: float = 10.0,
                 clock: Callable[[], float] = time.time) -> None:
        super().__init__(clock=clock)
        self.path = Path(path)
        self.name = f"SQLite at {self.path}"
        self._busy_timeout = busy_timeout
        self._lock = threading.Lock()
        self._pool_of: int | None = None
        """The process the connections below belong to."""
        self._idle: list[sqlite3.Connection] = []
        self._opened: list[sqlite3.Connection] = []

    @contextmanager
    def _connection(self) -> Iterator[sqlite3.Connection]:
        """A connection of this process's pool, lent for one call and given back after.

        Lent, not kept per thread: Streamlit runs each run of a page in a new thread, so a
        connection per thread would leave one more file open on every redraw."""
        pid = os.getpid()
        with self._lock:
            idle = self._idle.pop() if self._idle and self._pool_of == pid else None
        connection = self._open() if idle is None else idle
        try:
            yield connection
        finally:
            with self._lock:
                kept = self._pool_of == pid
                if kept:
                    self._idle.append(connection)
            if not kept:            # the store was closed meanwhile
                connection.close()

    def _open(self) -> sqlite3.Connection:
        """A new connection (the tables made on the process's first); a forked child starts
        a pool of its own and never touches its parent's connections."""
        pid = os.getpid()
        self.path.parent.mkdir(parents=True, exist_ok=True)
        connection = sqlite3.connect(self.path, timeout=self._busy_timeout,
                                     isolation_level=None, check_same_thread=False)
        connection.execute(f"PRAGMA busy_timeout = {int(self._busy_timeout * 1000)}")
        connection.execute("PRAGMA foreign_keys = ON")
        connection.execute("PRAGMA synchronous = NORMAL")
        with self._lock:
            if self._pool_of != pid:
                try:
                    self._make_tables(connection)
                except BaseException:
                    connection.close()
                    raise
                self._pool_of, self._idle, self._opened = pid, [], []
            self._opened.append(connection)
        return connection

    def _make_tables(self, connection: sqlite3.Connection) -> None:
        mode = connection.execute("PRAGMA journal_mode = WAL").fetchone()[0]
        if str(mode).lower() != "wal":
            raise sqlite3.OperationalError(f"{self.path} cannot use WAL mode ({mode})")
        with _transaction(connection):
            found = connection.execute("PRAGMA user_version").fetchone()[0]
            if found not in (0, SCHEMA, *_LIFTED):
                raise sqlite3.DatabaseError(f"{self.path} has store tables of schema {found}")
            for statement in _TABLES.split(";"):
                if statement.strip():
                    connection.execute(statement)
            connection.execute(f"PRAGMA user_version = {SCHEMA}")

    def close(self) -> None:
        with self._lock:
            mine = self._opened if self._pool_of == os.getpid() else []
            self._pool_of, self._idle, self._opened = None, [], []
        for connection in mine:
            connection.close()

    def _insert(self, record_id: str, version: int, updated: float, text: str,
                keys: Mapping[str, str]) -> bool:
        with self._connection() as connection:
            try:
                with _transaction(connection):
                    connection.execute(
                        "INSERT INTO records (id, version, updated, envelope) "
                        "VALUES (?, ?, ?, ?)", (record_id, version, updated, text))
                    connection.executemany(
                        "INSERT INTO keys (hash, record_id, role) VALUES (?, ?, ?)",
                        [(key, record_id, role) for key, role in keys.items()])
            except sqlite3.IntegrityError:
                return False
        return True

    def _read(self, record_id: str) -> str | None:
        with self._connection() as connection:
            row = connection.execute(
                "SELECT envelope FROM records WHERE id = ?", (record_id,)).fetchone()
        return None if row is None else str(row[0])

    def _version(self, record_id: str) -> int | None:
        with self._connection() as connection:
            row = connection.execute(
                "SELECT version FROM records WHERE id = ?", (record_id,)).fetchone()
        return None if row is None else int(row[0])

    def _write_if(self, record_id: str, expected: int, version: int, updated: float,
                  text: str) -> bool:
        with self._connection() as connection:
            cursor = connection.execute(
                "UPDATE records SET version = ?, updated = ?, envelope = ? "
                "WHERE id = ? AND version = ?",
                (version, updated, text, record_id, expected))
            return cursor.rowcount == 1

    def _find_key(self, key: str) -> tuple[str, str, str] | None:
        with self._connection() as connection:
            row = connection.execute(
                "SELECT hash, record_id, role FROM keys WHERE hash = ?", (key,)).fetchone()
        return None if row is None else (str(row[0]), str(row[1]), str(row[2]))

    def _replace_key(self, record_id: str, role: str, key: str) -> str:
        with self._connection() as connection, _transaction(connection):
            if connection.execute("SELECT 1 FROM records WHERE id = ?",
                                  (record_id,)).fetchone() is None:
                return "missing"
            holder = connection.execute("SELECT record_id, role FROM keys WHERE hash = ?",
                                        (key,)).fetchone()
            if holder is not None:
                return "ok" if tuple(holder) == (record_id, role) else "taken"
            connection.execute("DELETE FROM keys WHERE record_id = ? AND role = ?",
                               (record_id, role))
            connection.execute("INSERT INTO keys (hash, record_id, role) VALUES (?, ?, ?)",
                               (key, record_id, role))
        return "ok"

    def _delete(self, record_id: str) -> bool:
        with self._connection() as connection, _transaction(connection):
            connection.execute("DELETE FROM keys WHERE record_id = ?", (record_id,))
            connection.execute("DELETE FROM entries WHERE record_id = ?", (record_id,))
            gone = connection.execute("DELETE FROM records WHERE id = ?", (record_id,)).rowcount
        return gone == 1

    def _expire(self, kind: str, cutoff: float) -> int:
        idle = "SELECT id FROM records WHERE updated < ? AND json_extract(envelope, '$.kind') = ?"
        with self._connection() as connection, _transaction(connection):
            connection.execute(f"DELETE FROM keys WHERE record_id IN ({idle})", (cutoff, kind))
            connection.execute(f"DELETE FROM entries WHERE record_id IN ({idle})",
                               (cutoff, kind))
            gone = connection.execute(f"DELETE FROM records WHERE id IN ({idle})",
                                      (cutoff, kind)).rowcount
        return int(gone)

    def _append(self, record_id: str, index: int, text: str) -> int | None:
        with self._connection() as connection, _transaction(connection):
            if not _exists(connection, record_id):
                return None
            found = _count(connection, record_id)
            if found == index:
                connection.execute("INSERT INTO entries (record_id, idx, entry) VALUES (?, ?, ?)",
                                   (record_id, index, text))
        return found

    def _entries(self, record_id: str, start: int, stop: int | None) -> list[str] | None:
        with self._connection() as connection, _reading(connection):
            if not _exists(connection, record_id):
                return None
            rows = connection.execute(
                "SELECT entry FROM entries WHERE record_id = ? AND idx >= ? AND idx < ? "
                "ORDER BY idx", (record_id, start, _END if stop is None else stop)).fetchall()
        return [str(row[0]) for row in rows]

    def _entry_count(self, record_id: str) -> int | None:
        with self._connection() as connection, _reading(connection):
            return _count(connection, record_id) if _exists(connection, record_id) else None


def _exists(connection: sqlite3.Connection, record_id: str) -> bool:
    return connection.execute("SELECT 1 FROM records WHERE id = ?",
                              (record_id,)).fetchone() is not None


def _count(connection: sqlite3.Connection, record_id: str) -> int:
    """The length of a record's log: its last number plus one (numbers are never skipped),
    read from the end of the primary key rather than by counting."""
    row = connection.execute("SELECT idx FROM entries WHERE record_id = ? "
                             "ORDER BY idx DESC LIMIT 1", (record_id,)).fetchone()
    return 0 if row is None else int(row[0]) + 1


@contextmanager
def _reading(connection: sqlite3.Connection) -> Iterator[None]:
    """One read transaction: what it reads is one moment's state, whatever writers do."""
    connection.execute("BEGIN")
    try:
        yield
    finally:
        connection.execute("COMMIT")


@contextmanager
def _transaction(connection: sqlite3.Connection) -> Iterator[None]:
    """One write transaction, taking the write lock at its start (waiting up to the timeout)."""
    connection.execute("BEGIN IMMEDIATE")
    try:
        yield
    except BaseException:
        connection.execute("ROLLBACK")
        raise
    connection.execute("COMMIT")
