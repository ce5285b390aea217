"""A game night's table in the store: made, opened by a link's secret, and changed only
through ``store.update`` with the version the screen was drawn from.

Each screen holds a :class:`Seat` (who it is: the host, the TV or one
player) and calls the methods here; every change that depends on what the
screen showed (a decision, dealing the next hand) names that version, so a
stale or double tap is refused with :data:`MOVED_ON` and nothing is applied
twice. No Streamlit here: the tests drive it directly.
"""

from __future__ import annotations

import math
import os
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import timedelta
from typing import Any

from engine.state import Action, HandState, HandView
from ui.components.table import host_view, public_view
from ui.night import links, record
from ui.night.record import Refused
from ui.store import IDLE, NotFound, RecordStore, StaleVersion, hash_secret, issue, new_secret

POLL_ENV = "DEALERS_CHOICE_POLL_SECONDS"
"""How often the site reads the version of a table some screen follows (default a quarter
of a second; 0.1 to 10): one read per table, however many screens follow it."""
_POLL = 0.25
MOVED_ON = "The table moved on; here it is now."
NO_TABLE = ("This link does not open a table: it may have been replaced or the night "
            "has ended.")
HOST, TV = "host", "tv"


def poll_seconds() -> float:
    """The interval of :data:`POLL_ENV`, or a quarter of a second when unset or unreadable."""
    try:
        seconds = float(os.environ.get(POLL_ENV, _POLL))
    except ValueError:
        return _POLL
    return min(max(seconds, 0.1), 10.0) if math.isfinite(seconds) else _POLL


@dataclass(frozen=True, slots=True)
class Outcome:
    """What became of a change: whether it was written, and what to tell the person."""

    ok: bool
    message: str = ""
    version: int | None = None


@dataclass(frozen=True, slots=True)
class Seat:
    """Who a link opens the table as: the host, the TV, or one player (``player``), with
    the link's own secret (the host's and the TV's read the unopened links with it)."""

    record_id: str
    role: str
    secret: str = field(default="", repr=False, compare=False)

    @property
    def player(self) -> int | None:
        return record.player_of_role(self.role)

    @property
    def is_host(self) -> bool:
        return self.role == HOST

    @property
    def is_tv(self) -> bool:
        return self.role == TV


@dataclass(frozen=True, slots=True)
class Snapshot:
    """The table at one version, as one screen may see it."""

    version: int
    data: dict[str, Any]
    state: HandState | None

    def view_for(self, seat: Seat) -> HandView | None:
        """The view this screen may draw: a player's own (a partner's too where the house
        rule shares sight), the public table for the host and the TV (every card only
        when the host reveals them for a demonstration)."""
        if self.state is None:
            return None
        if seat.player is not None:
            engine_seat = record.engine_seat(self.data, seat.player)
            return public_view(self.state) if engine_seat is None else \
                self.state.view(engine_seat)
        if self.data["reveal"]:
            return host_view(self.state, revealed=range(self.state.players))
        return public_view(self.state)


class Night:
    """The game nights in one store; a table unchanged for ``idle`` is removed when the next
    night is made. ``moved`` hears the id of every table changed here (the screens that
    follow it learn at once)."""

    def __init__(self, store: RecordStore, *, idle: timedelta = IDLE,
                 moved: Callable[[str], None] = lambda record_id: None) -> None:
        self.store = store
        self.idle = idle
        self.moved = moved

    # --- making and opening -------------------------------------------------------

    def create(self, *, people: Sequence[bool], names: Sequence[str] = (), chips: int = 200,
               game_id: str, settings: Mapping[str, Any] | None = None,
               seed: int | None = None) -> tuple[str, dict[str, str]]:
        """A new night with its first hand dealt; its record id and each role's secret
        (``"host"``, ``"tv"`` and ``"seat:<player>"`` for every person)."""
        data = record.new_night(people=people, names=names, chips=chips)
        data = record.deal(data, game_id=game_id, settings=settings, seed=seed)
        roles = [HOST, TV] + [record.seat_role(p) for p, person in enumerate(people) if person]
        shown, keys = issue(roles)
        link_key = links.new_link_key()
        data["link_keys"] = {role: links.wrap_key(link_key, shown[role]) for role in links.READERS}
        data["open_links"] = {role: links.seal_link(link_key, shown[role])
                              for role in roles if role != HOST}
        self.store.expire("table", self.idle)
        record_id = self.store.create("table", data, keys=keys)
        return record_id, shown

    def find(self, secret: object) -> Seat | None:
        """The table and role a link's secret opens, or None (say only :data:`NO_TABLE`)."""
        if not isinstance(secret, str) or not 20 <= len(secret) <= 100:
            return None
        found = self.store.find(secret)
        return None if found is None else Seat(*found, secret=secret)

    def open(self, secret: object) -> Seat | None:
        """:meth:`find`, the first time a screen opens the link: the link, if the host and
        the TV still show it as a QR code, leaves the record."""
        seat = self.find(secret)
        if seat is not None:
            self._claim(seat)
        return seat

    def _claim(self, seat: Seat) -> None:
        """The first opening of a link takes it out of the record for good (only the role's
        current link finds the role, so the one kept is this one)."""

        def claim(data: dict[str, Any]) -> dict[str, Any]:
            data["open_links"].pop(seat.role, None)
            return data

        try:
            if seat.role in self.store.load(seat.record_id).data["open_links"]:
                self.store.update_latest(seat.record_id, claim)
                self.moved(seat.record_id)
        except NotFound:
            pass

    @staticmethod
    def unopened(seat: Seat, data: Mapping[str, Any]) -> dict[str, str]:
        """The links nobody has opened yet, by role, for the host's and the TV's screens
        (their secret unlocks them); nothing for anyone else."""
        link_key = links.unwrap_key(data.get("link_keys", {}), seat.role, seat.secret)
        return links.open_links(link_key, data["open_links"])

    def snapshot(self, record_id: str) -> Snapshot:
        loaded = self.store.load(record_id)
        return Snapshot(loaded.version, loaded.data, record.hand_state(loaded.data))

    def version(self, record_id: str) -> int | None:
        try:
            return self.store.version(record_id)
        except NotFound:
            return None

    # --- changes made on a version --------------------------------------------------

    def _change(self, record_id: str, version: int,
                change: Callable[[dict[str, Any]], dict[str, Any]]) -> Outcome:
        try:
            new = self.store.update(record_id, version, change)
        except StaleVersion:
            return Outcome(False, MOVED_ON)
        except Refused as refused:
            return Outcome(False, str(refused))
        except NotFound:
            return Outcome(False, NO_TABLE)
        self.moved(record_id)
        return Outcome(True, version=new.version)

    def decide(self, seat: Seat, version: int, action: Action) -> Outcome:
        """A player's decision, made on the table as it was at ``version``."""
        player = seat.player
        return self._change(seat.record_id, version,
                            lambda data: record.decide(data, player=player, action=action))

    def deal_next(self, seat: Seat, version: int, *, game_id: str,
                  settings: Mapping[str, Any] | None = None) -> Outcome:
        """The next hand, named by the new dealer (or by the host for a computer dealer)."""

        def change(data: dict[str, Any]) -> dict[str, Any]:
            hand = data["hand"]
            if hand is not None and not hand["over"]:
                raise Refused("A hand is still being played.")
            if not (seat.is_host and record.chooser(data) is None) and \
                    (seat.player is None or seat.player != record.chooser(data)):
                raise Refused("The new dealer names the next game.")
            return record.deal(data, game_id=game_id, settings=settings)

        return self._change(seat.record_id, version, change)

    # --- the host's controls ----------------------------------------------------------

    def _host(self, seat: Seat, change: Callable[[dict[str, Any]], dict[str, Any]],
              done: str = "") -> Outcome:
        """A host's change, and ``done`` to tell the host once it is made."""
        if not seat.is_host:
            return Outcome(False, "Only the host may do that.")
        try:
            new = self.store.update_latest(seat.record_id, change)
        except Refused as refused:
            return Outcome(False, str(refused))
        except NotFound:
            return Outcome(False, NO_TABLE)
        self.moved(seat.record_id)
        return Outcome(True, done, version=new.version)

    def pause(self, seat: Seat, paused: bool) -> Outcome:
        return self._host(seat, lambda data: record.set_paused(data, paused))

    def reveal(self, seat: Seat, reveal: bool) -> Outcome:
        return self._host(seat, lambda data: record.set_reveal(data, reveal))

    def set_person(self, seat: Seat, player: int, person: bool) -> Outcome:
        """Give a chair to a computer player (a guest who left) or back to a person; a chair
        that never had a link gets one."""
        if not seat.is_host:
            return Outcome(False, "Only the host may do that.")
        try:
            had_link = self.store.load(seat.record_id).data["players"][player]["person"]
        except NotFound:
            return Outcome(False, NO_TABLE)
        if person and had_link:
            return Outcome(True)
        role = record.seat_role(player)
        sealed = self._new_link(seat, role) if person else None
        if person and sealed is None:
            return Outcome(False, NO_TABLE)

        def change(data: dict[str, Any]) -> dict[str, Any]:
            if sealed is not None:
                data["open_links"][role] = sealed[1]
            return record.set_person(data, player, person)

        return self._host(seat, change)

    def reissue(self, seat: Seat, role: str) -> Outcome:
        """A new link for a seat (or the TV): the old one stops working at once."""
        if not seat.is_host or role == HOST:
            return Outcome(False, "Only the host may do that.")
        sealed = self._new_link(seat, role)
        if sealed is None:
            return Outcome(False, NO_TABLE)
        secret, box = sealed
        link_key = self._link_key(seat)
        assert link_key is not None

        def change(data: dict[str, Any]) -> dict[str, Any]:
            data["open_links"][role] = box
            if role in links.READERS:
                data["link_keys"][role] = links.wrap_key(link_key, secret)
            return data

        return self._host(seat, change, "A new link is ready under \"Links nobody has opened "
                                        "yet\"; the old one no longer opens the table.")

    def _link_key(self, seat: Seat) -> bytes | None:
        try:
            data = self.store.load(seat.record_id).data
        except NotFound:
            return None
        return links.unwrap_key(data.get("link_keys", {}), seat.role, seat.secret)

    def _new_link(self, seat: Seat, role: str) -> tuple[str, str] | None:
        """A fresh secret for ``role``, now the only one that opens it, and the record's
        sealed copy of it for the QR codes; None if the table is gone."""
        link_key = self._link_key(seat)
        if link_key is None:
            return None
        secret = new_secret()
        try:
            self.store.replace_key(seat.record_id, role, hash_secret(secret))
        except NotFound:
            return None
        return secret, links.seal_link(link_key, secret)

    def end(self, seat: Seat) -> Outcome:
        if not seat.is_host:
            return Outcome(False, "Only the host may do that.")
        self.store.delete(seat.record_id)
        self.moved(seat.record_id)
        return Outcome(True, "The night is over: its table is gone, and every link with it.")

    def table_record(self, seat: Seat, snap: Snapshot,
                     finished: Sequence[str] | None = None) -> str | None:
        """Every hand of the night as the table saw it: the host's download only.
        ``finished`` is :func:`record.finished_record` of the snapshot, if already made."""
        if not seat.is_host:
            return None
        if finished is None:
            finished = record.finished_record(snap.data)
        return record.table_record(snap.data, snap.state, finished)
