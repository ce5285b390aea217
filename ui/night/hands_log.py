"""A game night's finished hands, each its own entry of the record's append-only log
(``RecordStore.append``), so that a decision writes the same at the 200th hand as at
the first: the live record keeps only the hand being played and the running totals.

A hand is appended by the change that finished it (:func:`log_finished`); should that
process stop before it could, the next deal appends it first (:func:`log_pending`), since
the finished hand stays in the record until then. An entry is written at its number only
if the log has exactly that many, so two processes never log a hand twice. The entries
are read once per process and kept (:func:`hands`): a screen's redraw reads only the
hands that finished since.
"""

from __future__ import annotations

import threading
from collections.abc import Mapping
from typing import Any

from ui.night import record
from ui.store import NotFound, RecordStore, StaleVersion

KEPT_TABLES = 64
"""How many nights' hands one process keeps read (the oldest read goes first)."""


class KeptHands:
    """The entries read so far, by table: shared by every screen of this process on
    purpose (each entry is read once), behind a lock; entries are never changed."""

    __slots__ = ("entries", "lock")

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.entries: dict[str, tuple[dict[str, Any], ...]] = {}

    def get(self, record_id: str) -> tuple[dict[str, Any], ...]:
        with self.lock:
            return self.entries.get(record_id, ())

    def put(self, record_id: str, entries: tuple[dict[str, Any], ...]) -> None:
        with self.lock:
            if len(entries) >= len(self.entries.get(record_id, ())):
                self.entries.pop(record_id, None)
                self.entries[record_id] = entries
            while len(self.entries) > KEPT_TABLES:
                del self.entries[next(iter(self.entries))]


_KEPT = KeptHands()


def hands(store: RecordStore, record_id: str, count: int) -> tuple[dict[str, Any], ...]:
    """The night's first ``count`` finished hands (its log entries), oldest first; only
    those not read before are read now. Fewer if the log is behind (a hand about to be
    appended)."""
    kept = _KEPT.get(record_id)
    if len(kept) < count:
        try:
            kept = kept + tuple(store.entries(record_id, len(kept), count))
        except NotFound:
            return kept[:count]
        _KEPT.put(record_id, kept)
    return kept[:count]


def forget(record_id: str) -> None:
    """A removed night's hands leave this process too."""
    with _KEPT.lock:
        _KEPT.entries.pop(record_id, None)


def _append(store: RecordStore, record_id: str, index: int, entry: dict[str, Any]) -> None:
    """``entry`` as number ``index`` of the log, unless another process wrote it first."""
    try:
        store.append(record_id, index, entry)
    except StaleVersion:
        return
    kept = _KEPT.get(record_id)
    if len(kept) == index:
        _KEPT.put(record_id, (*kept, entry))


def log_finished(store: RecordStore, record_id: str, data: Mapping[str, Any]) -> None:
    """After a change: the hand it finished, if any and not logged yet, goes to the log.
    Costs nothing while a hand is played, nor between hands once it is logged here."""
    hand = data["hand"]
    if hand is None or not hand["over"] or isinstance(data.get("hands"), list):
        return
    index = int(hand["number"]) - 1
    if len(_KEPT.get(record_id)) > index:
        return
    try:
        logged = store.entry_count(record_id)
    except NotFound:
        return
    if logged == index:
        state = record.hand_state(data)
        assert state is not None
        _append(store, record_id, index, record.log_entry(data, state))


def log_pending(store: RecordStore, record_id: str) -> None:
    """Before a deal: the finished hand still in the record, if the log lacks it."""
    data = store.load(record_id).data
    if isinstance(data.get("hands"), list):
        move_to_log(store, record_id, data)
    else:
        log_finished(store, record_id, data)


def move_to_log(store: RecordStore, record_id: str, data: Mapping[str, Any]) -> None:
    """A record of the first layout, which kept every finished hand inside it: its hands
    are appended to the log, then leave the record (which gets this layout's totals)."""
    for _ in range(20):
        loaded = store.load(record_id)
        old = loaded.data.get("hands")
        if not isinstance(old, list):
            return
        for index in range(store.entry_count(record_id), len(old)):
            _append(store, record_id, index, dict(old[index]))

        def lift(data: dict[str, Any]) -> dict[str, Any]:
            record.lift(data)
            return data

        try:
            store.update(record_id, loaded.version, lift)
            return
        except StaleVersion:
            continue
