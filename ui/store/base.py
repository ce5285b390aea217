"""What every back end shares: the record, its JSON envelope, the errors, and the rules.

A record is one JSON document, its *envelope*::

    {"format": 1, "kind": "table", "version": 7,
     "created": 1767225600.0, "updated": 1767229200.5, "data": {...}}

``format`` is the layout of the envelope itself (see :data:`FORMAT`);
``kind`` is ``"table"`` (a game night) or ``"learner"`` (a training record);
``version`` is 1 when the record is made and grows by exactly one per change;
``created`` and ``updated`` are seconds since the epoch (UTC); ``data`` is
whatever the feature keeps, as plain JSON: no pickles, no NaN, nothing a
different version of the code could not read.

A back end only reads and writes envelopes as text; everything that decides
what a change means (the version check, the new version, the timestamps, the
format upgrades, the limits) happens here, once, so the two back ends cannot
drift apart.
"""

from __future__ import annotations

import json
import random
import secrets
import time
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import timedelta
from types import MappingProxyType
from typing import Any, Self

from ui.store.link_keys import hash_secret, is_key_hash, same_hash

FORMAT = 1
"""The envelope layout this code writes. Older layouts are lifted by :data:`UPGRADES`."""
UPGRADES: Mapping[int, Callable[[dict[str, Any]], dict[str, Any]]] = MappingProxyType({})
"""Format ``n`` -> the function that turns an envelope of format ``n`` into one of ``n + 1``.

When the layout changes, raise :data:`FORMAT` and add the step from the old
one here: a record stays as it was written until its next change, and every
load lifts it step by step first. There is one format so far, so no step.
"""
KINDS = frozenset({"table", "learner", "house"})
IDLE = timedelta(days=1)
"""How long a game night's table may go unchanged before it is removed (the default of
:meth:`RecordStore.expire`)."""
MAX_RECORD = 4_000_000
"""The most characters one envelope may take: a long game night is a few hundred kilobytes."""
MAX_ENTRY = 200_000
"""The most characters one entry of a record's log may take (a finished hand, an answer)."""
MAX_ROLE = 64

__all__ = [
    "FORMAT",
    "IDLE",
    "KINDS",
    "MAX_ENTRY",
    "FormatError",
    "NotFound",
    "Record",
    "RecordStore",
    "StaleIndex",
    "StaleVersion",
    "StoreError",
]


class StoreError(Exception):
    """Something the store refused or could not do."""


class NotFound(StoreError):
    """No record has this id (never made, deleted or expired)."""

    def __init__(self, record_id: str) -> None:
        super().__init__("no such record")
        self.record_id = record_id


class StaleVersion(StoreError):
    """A change was made on a version the record has since moved past; nothing was written."""

    def __init__(self, record_id: str, expected: int, actual: int) -> None:
        super().__init__(f"the record is at version {actual}, not {expected}")
        self.record_id = record_id
        self.expected = expected
        self.actual = actual


class StaleIndex(StaleVersion):
    """An entry was appended at a number the record's log has already passed (or not reached);
    nothing was written. ``expected`` is the number asked for, ``actual`` the log's length."""

    def __init__(self, record_id: str, expected: int, actual: int) -> None:
        super().__init__(record_id, expected, actual)
        self.args = (f"the log has {actual} entries, so entry {expected} cannot be added",)


class FormatError(StoreError):
    """A stored envelope this code cannot read: damaged, or written by a newer version."""


@dataclass(frozen=True, slots=True)
class Record:
    """One record as loaded: its ``data`` is a fresh copy, the caller's to change."""

    id: str
    kind: str
    version: int
    created: float
    updated: float
    data: dict[str, Any]


def encode(record: Record) -> str:
    """The envelope of ``record`` as JSON text, refusing what JSON cannot carry exactly."""
    envelope = {
        "format": FORMAT,
        "kind": record.kind,
        "version": record.version,
        "created": record.created,
        "updated": record.updated,
        "data": record.data,
    }
    try:
        text = json.dumps(envelope, allow_nan=False, separators=(",", ":"), ensure_ascii=False)
    except (TypeError, ValueError) as error:
        raise StoreError(f"a record holds plain JSON only: {error}") from None
    if len(text) > MAX_RECORD:
        raise StoreError(f"a record may take at most {MAX_RECORD} characters")
    return text


def decode(record_id: str, text: str) -> Record:
    """The record in an envelope, lifted to today's :data:`FORMAT` first."""
    try:
        envelope = json.loads(text)
    except ValueError:
        raise FormatError("a stored record is not JSON") from None
    if not isinstance(envelope, dict):
        raise FormatError("a stored record is not a JSON object")
    written = envelope.get("format")
    if not isinstance(written, int) or isinstance(written, bool) or written < 1:
        raise FormatError("a stored record has no format")
    if written > FORMAT:
        raise FormatError(f"a record of format {written} needs a newer version of the site")
    while written < FORMAT:
        step = UPGRADES.get(written)
        if step is None:
            raise FormatError(f"no upgrade from record format {written}")
        envelope = step(envelope)
        written += 1
        envelope["format"] = written
    try:
        record = Record(
            id=record_id,
            kind=str(envelope["kind"]),
            version=int(envelope["version"]),
            created=float(envelope["created"]),
            updated=float(envelope["updated"]),
            data=envelope["data"],
        )
    except (KeyError, TypeError, ValueError):
        raise FormatError("a stored record lacks a field") from None
    if not isinstance(record.data, dict):
        raise FormatError("a stored record's data is not a JSON object")
    return record


def encode_entry(entry: object) -> str:
    """One log entry as JSON text: a JSON object that reads back equal, within
    :data:`MAX_ENTRY`."""
    if not isinstance(entry, dict):
        raise StoreError("a log entry is a JSON object")
    try:
        text = json.dumps(entry, allow_nan=False, separators=(",", ":"), ensure_ascii=False)
    except (TypeError, ValueError) as error:
        raise StoreError(f"a log entry holds plain JSON only: {error}") from None
    if len(text) > MAX_ENTRY:
        raise StoreError(f"a log entry may take at most {MAX_ENTRY} characters")
    if json.loads(text) != entry:   # tuples, keys that are not text: not what would come back
        raise StoreError("a log entry holds plain JSON only (lists, text keys)")
    return text


def decode_entry(text: str) -> dict[str, Any]:
    """An entry as stored; damage is a :class:`FormatError`, as for a record."""
    try:
        entry = json.loads(text)
    except ValueError:
        raise FormatError("a stored log entry is not JSON") from None
    if not isinstance(entry, dict):
        raise FormatError("a stored log entry is not a JSON object")
    return entry


def _check_range(start: object, stop: object) -> tuple[int, int | None]:
    for bound in (start, stop):
        if bound is not None and (not isinstance(bound, int) or isinstance(bound, bool)
                                  or bound < 0):
            raise ValueError(f"a log range counts from 0, not {bound!r}")
    assert isinstance(start, int) and (stop is None or isinstance(stop, int))
    return start, stop


def _check_role(role: object) -> str:
    if not isinstance(role, str) or not role or len(role) > MAX_ROLE or not role.isprintable():
        raise ValueError(f"a role is short printable text, not {role!r}")
    return role


def _check_hash(key: object) -> str:
    if not is_key_hash(key):
        raise ValueError("a key is the hash of a secret (ui.store.link_keys.hash_secret), "
                         "never a secret itself")
    assert isinstance(key, str)
    return key


class RecordStore(ABC):
    """Versioned JSON records, found by the hashes of link secrets.

    Every change names the version it was made on and is refused with
    :class:`StaleVersion` if the record has moved on since, so of two writers
    on one version exactly one wins, and a double tap is refused rather than
    applied twice. The same tests run against every back end.
    """

    name = "store"
    """A short description for messages and benchmarks (the back end and where it keeps data)."""

    def __init__(self, *, clock: Callable[[], float] = time.time) -> None:
        self._clock = clock

    # What a back end provides: raw envelopes in and out, each call atomic.

    @abstractmethod
    def _insert(self, record_id: str, version: int, updated: float, text: str,
                keys: Mapping[str, str]) -> bool:
        """Store a new record and its keys, unless one of the key hashes is taken (False)."""

    @abstractmethod
    def _read(self, record_id: str) -> str | None:
        """The envelope text, or None."""

    @abstractmethod
    def _version(self, record_id: str) -> int | None:
        """The record's version, or None: the cheapest read the back end has."""

    @abstractmethod
    def _write_if(self, record_id: str, expected: int, version: int, updated: float,
                  text: str) -> bool:
        """Replace the envelope if the record is still at ``expected``; whether it was."""

    @abstractmethod
    def _find_key(self, key: str) -> tuple[str, str, str] | None:
        """The (hash, record id, role) stored under ``key``, or None."""

    @abstractmethod
    def _replace_key(self, record_id: str, role: str, key: str) -> str:
        """Give ``role`` the key ``key``, dropping its old one: "ok", "missing" or "taken"."""

    @abstractmethod
    def _delete(self, record_id: str) -> bool:
        """Remove a record, its log and every key to it; whether it was there."""

    @abstractmethod
    def _append(self, record_id: str, index: int, text: str) -> int | None:
        """Add ``text`` to the record's log if it has exactly ``index`` entries, at a cost that
        does not grow with the log; the number of entries found before (``index`` when
        written), or None if there is no such record."""

    @abstractmethod
    def _entries(self, record_id: str, start: int, stop: int | None) -> list[str] | None:
        """The texts of entries ``start`` up to ``stop`` (the end if None), or None if there
        is no such record."""

    @abstractmethod
    def _entry_count(self, record_id: str) -> int | None:
        """How many entries the record's log holds, or None if there is no such record."""

    @abstractmethod
    def _expire(self, kind: str, cutoff: float) -> int:
        """Remove every record of ``kind`` last changed before ``cutoff`` and their keys;
        how many."""

    @abstractmethod
    def close(self) -> None:
        """Let go of this process's connections; the store may not be used afterwards."""

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # The interface.

    def create(self, kind: str, data: Mapping[str, Any], *, keys: Mapping[str, str]) -> str:
        """A new record at version 1; its id. ``keys`` maps secret hashes to roles.

        A role is short text such as ``"host"``, ``"tv"`` or ``"seat:0"``; no
        role may be named twice, and a hash already in use is refused.
        """
        if kind not in KINDS:
            raise ValueError(f"a record is one of {sorted(KINDS)}, not {kind!r}")
        checked = {_check_hash(key): _check_role(role) for key, role in keys.items()}
        if len(set(checked.values())) != len(checked):
            raise ValueError("each role has one key")
        record_id = secrets.token_hex(16)
        now = self._clock()
        record = Record(record_id, kind, 1, now, now, dict(data))
        if not self._insert(record_id, 1, now, encode(record), checked):
            raise ValueError("a key is already in use")
        return record_id

    def find(self, secret: object) -> tuple[str, str] | None:
        """The (record id, role) a link's secret opens, or None.

        A wrong, edited, reissued, malformed or expired secret all give None
        by the same path: the secret is hashed, the hash looked up and
        compared in constant time, so nothing tells whether a record exists.
        """
        key = hash_secret(secret)
        found = self._find_key(key)
        if found is None or not same_hash(found[0], key):
            return None
        return found[1], found[2]

    def load(self, record_id: str) -> Record:
        """The record as it is now."""
        text = self._read(record_id)
        if text is None:
            raise NotFound(record_id)
        return decode(record_id, text)

    def stored_text(self, record_id: str) -> str:
        """The record's envelope exactly as stored, even one :meth:`load` cannot read: what
        the owner of a damaged record is offered to download."""
        text = self._read(record_id)
        if text is None:
            raise NotFound(record_id)
        return text

    def version(self, record_id: str) -> int:
        """The record's version, without reading its data: what the site reads of a table a screen
        follows, every tick."""
        version = self._version(record_id)
        if version is None:
            raise NotFound(record_id)
        return version

    def update(self, record_id: str, expected_version: int,
               change: Callable[[dict[str, Any]], dict[str, Any]]) -> Record:
        """Apply ``change`` to the data of version ``expected_version``; the new record.

        ``change`` receives a copy of the data and returns the new data. If
        the record is at any other version, or moves on before the write,
        :class:`StaleVersion` is raised and nothing is written; if ``change``
        raises, nothing is written either. The record returned holds the very
        dict ``change`` returned.
        """
        current = self.load(record_id)
        if current.version != expected_version:
            raise StaleVersion(record_id, expected_version, current.version)
        data = change(current.data)
        if not isinstance(data, dict):
            raise StoreError("a change returns the record's new data, a dict")
        updated = max(self._clock(), current.updated)
        new = Record(record_id, current.kind, current.version + 1, current.created, updated, data)
        text = encode(new)
        if not self._write_if(record_id, current.version, new.version, updated, text):
            now = self._version(record_id)
            if now is None:
                raise NotFound(record_id)
            raise StaleVersion(record_id, expected_version, now)
        return new

    def replace(self, current: Record, data: dict[str, Any]) -> Record:
        """Write ``data`` as the version after ``current`` (a record just loaded); the new
        record. As :meth:`update` without reading the record again: :class:`StaleVersion`
        if it has moved past ``current.version`` meanwhile, and nothing is written."""
        if not isinstance(data, dict):
            raise StoreError("a record's data is a dict")
        updated = max(self._clock(), current.updated)
        new = Record(current.id, current.kind, current.version + 1, current.created, updated,
                     data)
        if not self._write_if(current.id, current.version, new.version, updated, encode(new)):
            now = self._version(current.id)
            if now is None:
                raise NotFound(current.id)
            raise StaleVersion(current.id, current.version, now)
        return new

    def append(self, record_id: str, index: int, entry: dict[str, Any]) -> None:
        """Add ``entry`` as number ``index`` (counting from 0) of the record's append-only log.

        What grows with use (a night's finished hands, a learner's answers) goes here
        rather than into the record, so adding one costs the same at the 10,000th as at
        the first: only the new entry is written, and only the log's length is checked.
        The entry is written only if the log holds exactly ``index`` entries, else
        :class:`StaleIndex` (a :class:`StaleVersion`): of two writers adding the same
        number exactly one wins, and a retried append is refused rather than doubled.
        :class:`NotFound` if there is no such record; :class:`StoreError` if the entry is
        not a plain JSON object or takes more than :data:`MAX_ENTRY` characters.
        The record's own version and data are untouched; deleting or expiring the record
        removes its log with it.
        """
        if not isinstance(index, int) or isinstance(index, bool) or index < 0:
            raise ValueError(f"an entry's number counts from 0, not {index!r}")
        found = self._append(record_id, index, encode_entry(entry))
        if found is None:
            raise NotFound(record_id)
        if found != index:
            raise StaleIndex(record_id, index, found)

    def entries(self, record_id: str, start: int = 0,
                stop: int | None = None) -> list[dict[str, Any]]:
        """Entries ``start`` up to (not including) ``stop`` of the record's log, as slicing
        a list would give them (``stop`` None: to the end); fresh copies, the caller's to
        change. :class:`NotFound` if there is no such record."""
        start, stop = _check_range(start, stop)
        if stop is not None and stop <= start:
            if self._entry_count(record_id) is None:
                raise NotFound(record_id)
            return []
        texts = self._entries(record_id, start, stop)
        if texts is None:
            raise NotFound(record_id)
        return [decode_entry(text) for text in texts]

    def entry_count(self, record_id: str) -> int:
        """How many entries the record's log holds: the number the next one is appended at."""
        count = self._entry_count(record_id)
        if count is None:
            raise NotFound(record_id)
        return count

    def update_latest(self, record_id: str,
                      change: Callable[[dict[str, Any]], dict[str, Any]],
                      *, attempts: int = 20) -> Record:
        """Apply ``change`` to whatever version is current, trying again if another writer wins.

        For changes that do not depend on what a screen last showed (a
        learner's answer, say). ``change`` may run more than once, each time
        on fresh data, so it must not do anything but compute the new data.
        """
        for attempt in range(attempts):
            try:
                return self.update(record_id, self.version(record_id), change)
            except StaleVersion:
                if attempt == attempts - 1:
                    raise
                time.sleep(random.uniform(0, 0.002 * (attempt + 1)))
        raise AssertionError("unreachable")

    def replace_key(self, record_id: str, role: str, new_key: str) -> None:
        """Give ``role`` the key ``new_key`` (a secret's hash); the role's old secret stops working.

        A role without a key yet gets one (a seat taken later). The record's
        version is unchanged: who holds a link is not part of the hand.
        """
        outcome = self._replace_key(record_id, _check_role(role), _check_hash(new_key))
        if outcome == "missing":
            raise NotFound(record_id)
        if outcome == "taken":
            raise ValueError("a key is already in use")

    def delete(self, record_id: str) -> bool:
        """Remove the record, its log and every key to it; whether it was there."""
        return self._delete(record_id)

    def expire(self, kind: str, older_than: timedelta = IDLE) -> int:
        """Remove the records of ``kind`` unchanged for longer than ``older_than``, their logs
        and their keys; how many. Only the kind named goes: idle tables never take a learner's
        record with them. Appending to a log is not a change of its record here."""
        if kind not in KINDS:
            raise ValueError(f"a record is one of {sorted(KINDS)}, not {kind!r}")
        return self._expire(kind, self._clock() - older_than.total_seconds())
