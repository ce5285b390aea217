"""A game night's table in the store: made, opened by a link's secret, and changed only
through ``store.update`` with the version the screen was drawn from.

Each screen holds a :class:`Seat` (who it is: the host, the TV or one
player) and calls the methods here; every change that depends on what the
screen showed (a decision, dealing the next hand) names that version, so a
stale or double tap is refused with :data:`MOVED_ON` and nothing is applied
twice. No Streamlit here: the tests drive it directly.

What the screens call, in one place (each method returns an :class:`Outcome` whose
message is for the person, and changes nothing when refused):

- making and opening: :meth:`Night.create` (``lobby=True``: no hand yet, one join link),
  :meth:`Night.open` / :meth:`Night.find` (a link's secret to a :class:`Seat`),
  :meth:`Night.snapshot` (the table now, the finished hands in ``data["hands"]``),
  :meth:`Night.unopened` and :meth:`Night.join_link` (the QR codes' secrets);
- the lobby: :meth:`Night.join` (a free chair and a name; the guest's own link in the
  outcome's ``secret``), :meth:`Night.set_lobby`; ``ui.night.lobby`` reads who sits
  where (``free_chairs``, ``lobby_open``);
- the hand: :meth:`Night.decide`, :meth:`Night.deal_next` (the first deal too);
- between hands: :meth:`Night.add_seat`, :meth:`Night.sit_out`, :meth:`Night.leave`,
  :meth:`Night.rebuy`; any time: :meth:`Night.pause`, :meth:`Night.reveal`,
  :meth:`Night.set_person`, :meth:`Night.reissue`;
- the end: :meth:`Night.end` (the night stays readable), :meth:`Night.remove` (gone);
  ``ui.night.settle`` makes the standings and the settle-up from a snapshot's data,
  :meth:`Night.table_record`, :meth:`Night.table_phh` and :meth:`Night.ledger` the
  downloads.
"""

from __future__ import annotations

import functools
import math
import os
import threading
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import timedelta
from typing import Any, TypeVar, cast

from engine.state import Action, HandState, HandView
from engine.views import host_view, public_view
from ui.house import keep as house_keep
from ui.night import downloads, hands_log, house_games, links, lobby, record, settle
from ui.night.record import Refused
from ui.night.shape import NightData
from ui.store import IDLE, NotFound, RecordStore, StaleVersion, hash_secret, issue, new_secret

POLL_ENV = "DEALERS_CHOICE_POLL_SECONDS"
"""How often the site reads the version of a table some screen follows (default a quarter
of a second; 0.1 to 10): one read per table, however many screens follow it."""
_POLL = 0.25
MOVED_ON = "The table moved on; here it is now."
NO_TABLE = ("This link does not open a table: it may have been replaced or the night "
            "has ended.")
HOST, TV, JOIN = "host", "tv", "join"
ONLY_HOST = "Only the host may do that."
T = TypeVar("T")


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
    secret: str = field(default="", repr=False, compare=False)
    """A link's secret the change made for this person (a guest's own seat, from the lobby)."""


_MOST_MOVES = 2000
"""More writes of computer decisions in a row than any hand has: a bound on one run of them."""


class ComputerTurns:
    """The tables whose computer players are acting in a thread of this process: one thread
    a table, asked again (rather than doubled) when a change comes while it runs."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._asked_again: dict[str, bool] = {}

    def start(self, record_id: str, act: Callable[[str], None]) -> None:
        with self._lock:
            if record_id in self._asked_again:
                self._asked_again[record_id] = True
                return
            self._asked_again[record_id] = False
        threading.Thread(target=self._run, args=(record_id, act), daemon=True,
                         name=f"computer players {record_id[:8]}").start()

    def _run(self, record_id: str, act: Callable[[str], None]) -> None:
        while True:
            try:
                act(record_id)
            finally:
                with self._lock:
                    again = self._asked_again.pop(record_id)
                    if again:
                        self._asked_again[record_id] = False
            if not again:
                return


_COMPUTERS = ComputerTurns()


def _play(data: dict[str, Any], *, moves: Sequence[record.ComputerMove]) -> dict[str, Any]:
    return record.play_computers(data, moves)


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

    @property
    def is_join(self) -> bool:
        """The lobby's join link: it may take a free chair, and see nothing of the hand."""
        return self.role == JOIN


@dataclass(frozen=True, slots=True)
class Snapshot:
    """The table at one version, as one screen may see it. Nobody changes a snapshot, so
    what its screens draw from it is made once and kept with it (:meth:`kept`): each
    view, each screen's parts; a screen drawn again, or the host's and the TV's public
    view, costs nothing more."""

    version: int
    data: dict[str, Any]
    state: HandState | None
    _made: dict[Hashable, Any] = field(default_factory=dict, init=False, repr=False,
                                       compare=False)
    _lock: threading.Lock = field(default_factory=threading.Lock, init=False, repr=False,
                                  compare=False)

    def kept(self, key: Hashable, make: Callable[[], T]) -> T:
        """``make()``, made once for this snapshot under ``key`` (a few keys a snapshot: one
        a view, one a screen). Made outside the lock: two screens asking at once may both
        make it, and both get the one kept first."""
        with self._lock:
            if key in self._made:
                return cast(T, self._made[key])
        made = make()
        with self._lock:
            return cast(T, self._made.setdefault(key, made))

    @property
    def night(self) -> NightData:
        """The record's data, typed (``ui.night.shape``)."""
        return cast(NightData, self.data)

    def view_for(self, seat: Seat) -> HandView | None:
        """The view this screen may draw: a player's own (a partner's too where the house
        rule shares sight), the public table for the host and the TV (every card only
        when the host reveals them for a demonstration)."""
        if self.state is None or seat.is_join:
            return None
        state = self.state
        if seat.player is not None:
            engine_seat = record.engine_seat(self.data, seat.player)
            if engine_seat is not None:
                return self.kept(("view", engine_seat), lambda: state.view(engine_seat))
        elif self.data["reveal"]:
            return self.kept(("view", "revealed"),
                             lambda: host_view(state, revealed=range(state.players)))
        return self.kept(("view", "public"), lambda: public_view(state))


class Night:
    """The game nights in one store; a table unchanged for ``idle`` is removed when the next
    night is made. ``moved`` hears the id of every table changed here (the screens that
    follow it learn at once).

    A person's decision (or a deal) is written alone, and the screens told, before any
    computer player thinks: the computer players then act, those in a row before the next
    person in one write (:func:`ui.night.record.computer_moves`), in this call, or with
    ``computers_later`` in a thread of their own, so that the screen that made the change
    is not held either."""

    def __init__(self, store: RecordStore, *, idle: timedelta = IDLE,
                 moved: Callable[[str], None] = lambda record_id: None,
                 computers_later: bool = False) -> None:
        self.store = store
        self.idle = idle
        self.moved = moved
        self.computers_later = computers_later

    def computers_act(self, record_id: str) -> None:
        """The computer players the table waits on act until a person must, those in a row
        in one write (now, or in the table's own thread: ``computers_later``)."""
        if self.computers_later:
            _COMPUTERS.start(record_id, self._computers_now)
        else:
            self._computers_now(record_id)

    def _computers_now(self, record_id: str) -> None:
        for _ in range(_MOST_MOVES):
            try:
                loaded = self.store.load(record_id)
            except NotFound:
                return
            moves = record.computer_moves(loaded.data)
            if not moves:
                return
            self._write(record_id, loaded.version, functools.partial(_play, moves=moves))

    # --- making and opening -------------------------------------------------------

    def create(self, *, people: Sequence[bool], names: Sequence[str] = (), chips: object = 200,
               game_id: str | None = None, settings: Mapping[str, Any] | None = None,
               seed: int | None = None, lobby: bool = False) -> tuple[str, dict[str, str]]:
        """A new night; its record id and each role's secret (``"host"``, ``"tv"``,
        ``"seat:<player>"`` for every person's chair, and ``"join"`` with a lobby).

        Without ``lobby`` the first hand (``game_id``) is dealt at once, as before. With
        it, no hand is dealt: guests take chairs with the join link (:meth:`join`) and
        the host deals when the table is ready (:meth:`deal_next`). Bad input raises
        :class:`~ui.night.record.Refused` with the reason, and nothing is made."""
        data = record.new_night(people=people, names=names, chips=chips, lobby=lobby)
        if not lobby:
            if game_id is None:
                raise Refused("Name the first game, or open a lobby.")
            data = record.deal(data, game_id=game_id, settings=settings, seed=seed)
        roles = [HOST, TV] + [record.seat_role(p) for p, person in enumerate(people) if person]
        roles += [JOIN] if lobby else []
        shown, keys = issue(roles)
        link_key = links.new_link_key()
        data["link_keys"] = {role: links.wrap_key(link_key, shown[role]) for role in links.READERS}
        data["open_links"] = {role: links.seal_link(link_key, shown[role])
                              for role in roles if role not in (HOST, JOIN)}
        if lobby:
            data["join_link"] = links.seal_link(link_key, shown[JOIN])
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
        the TV still show it as a QR code, leaves the record (and its chair is taken)."""
        seat = self.find(secret)
        if seat is not None:
            self._claim(seat)
        return seat

    def _claim(self, seat: Seat) -> None:
        """The first opening of a link takes it out of the record for good (only the role's
        current link finds the role, so the one kept is this one)."""

        def claim(data: dict[str, Any]) -> dict[str, Any]:
            data["open_links"].pop(seat.role, None)
            if seat.player is not None and seat.player < len(data["players"]):
                lobby.taken_by_link(data, seat.player)
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

    @staticmethod
    def join_link(seat: Seat, data: Mapping[str, Any]) -> str | None:
        """The lobby's join secret, for the host's and the TV's QR code while the lobby is
        open; None for anyone else, or once it has closed."""
        if not lobby.lobby_open(data) or "join_link" not in data:
            return None
        link_key = links.unwrap_key(data.get("link_keys", {}), seat.role, seat.secret)
        return links.open_links(link_key, {JOIN: data["join_link"]}).get(JOIN)

    def snapshot(self, record_id: str) -> Snapshot:
        """The table now. ``data["hands"]`` holds the night's finished hands, read from the
        record's log (each read once per process): a record of the first layout has its
        hands moved there the first time it is read. A hand this version finished that its
        writer has not logged yet (a moment later, or never if it stopped) is logged here
        first: a snapshot stands for its version on every screen, so none may be short."""
        loaded = self.store.load(record_id)
        if isinstance(loaded.data.get("hands"), list):
            hands_log.move_to_log(self.store, record_id, loaded.data)
            loaded = self.store.load(record_id)
        data = loaded.data
        hands_log.log_finished(self.store, record_id, data)
        data["hands"] = list(hands_log.hands(self.store, record_id, record.played(data)))
        return Snapshot(loaded.version, data, record.hand_state(data))

    def version(self, record_id: str) -> int | None:
        try:
            return self.store.version(record_id)
        except NotFound:
            return None

    # --- changes made on a version --------------------------------------------------

    def _write(self, record_id: str, version: int | None,
               change: Callable[[dict[str, Any]], dict[str, Any]], done: str = "") -> Outcome:
        """``change`` made on ``version`` (None: on whatever is current), a finished hand
        appended to the night's log, and the screens told."""
        try:
            if version is None:
                new = self.store.update_latest(record_id, change)
            else:
                new = self.store.update(record_id, version, change)
        except StaleVersion:
            return Outcome(False, MOVED_ON)
        except Refused as refused:
            return Outcome(False, str(refused))
        except NotFound:
            return Outcome(False, NO_TABLE)
        hands_log.log_finished(self.store, record_id, new.data)
        self.moved(record_id)
        return Outcome(True, done, version=new.version)

    def _change(self, record_id: str, version: int,
                change: Callable[[dict[str, Any]], dict[str, Any]]) -> Outcome:
        return self._write(record_id, version, change)

    def decide(self, seat: Seat, version: int, action: Action) -> Outcome:
        """A player's decision, made on the table as it was at ``version``."""
        player = seat.player
        outcome = self._change(seat.record_id, version, lambda data: record.decide(
            data, player=player, action=action, computers=False))
        if outcome.ok:
            self.computers_act(seat.record_id)
        return outcome

    def deal_next(self, seat: Seat, version: int, *, game_id: object,
                  settings: Mapping[str, Any] | None = None) -> Outcome:
        """The next hand, named by the new dealer (or by the host: the first hand, or a
        computer's deal). A game the site does not have, announcements it cannot deal, or
        a player count the game is not for are refused with the reason."""
        try:
            hands_log.log_pending(self.store, seat.record_id)
        except NotFound:
            return Outcome(False, NO_TABLE)

        def change(data: dict[str, Any]) -> dict[str, Any]:
            if not record.between_hands(data):
                raise Refused("A hand is still being played.")
            if not (seat.is_host and record.chooser(data) is None) and \
                    (seat.player is None or seat.player != record.chooser(data)):
                raise Refused("The new dealer names the next game.")
            return record.deal(data, game_id=game_id, settings=settings, computers=False)

        outcome = self._change(seat.record_id, version, change)
        if outcome.ok:
            self.computers_act(seat.record_id)
        return outcome

    # --- the lobby ------------------------------------------------------------------

    def join(self, seat: Seat, player: object, name: object) -> Outcome:
        """A guest with the join link takes a free chair (``player``) under ``name``; the
        outcome's ``secret`` is that chair's own link, theirs for the night (the chair's
        old link, if never opened, stops working). A chair taken already, a bad name or a
        closed lobby are refused with a message."""
        if not seat.is_join or self.find(seat.secret) != seat:
            return Outcome(False, "This is not the table's join link.")
        outcome = self._write(seat.record_id, None,
                              lambda data: lobby.join(data, player, name))
        if not outcome.ok:
            return outcome
        assert isinstance(player, int)
        secret = new_secret()
        try:
            self.store.replace_key(seat.record_id, record.seat_role(player), hash_secret(secret))
        except NotFound:
            return Outcome(False, NO_TABLE)
        return Outcome(True, "Your chair is yours: this page is now your seat's own link. "
                             "Keep it to come back.", version=outcome.version, secret=secret)

    def set_lobby(self, seat: Seat, open_: bool) -> Outcome:
        """Open the lobby again (for a late guest) or close it; the host only."""
        return self._host(seat, lambda data: lobby.set_lobby(data, open_))

    # --- the host's controls ----------------------------------------------------------

    def _host(self, seat: Seat, change: Callable[[dict[str, Any]], dict[str, Any]],
              done: str = "") -> Outcome:
        """A host's change, and ``done`` to tell the host once it is made."""
        if not seat.is_host:
            return Outcome(False, ONLY_HOST)
        return self._write(seat.record_id, None, change, done)

    def add_house_game(self, seat: Seat, play_secret: object) -> Outcome:
        """A kept house game, by its play link's secret, added to the games the dealer
        may name; the host only."""
        kept = house_keep.open_link(self.store, play_secret)
        if kept is None:
            return Outcome(False, "That link opens no house game.")

        def change(data: dict[str, Any]) -> dict[str, Any]:
            try:
                return house_games.add(data, kept.house.text)
            except ValueError as error:
                raise Refused(str(error)) from None

        return self._host(seat, change, f"{kept.house.name} may be dealt tonight.")

    def pause(self, seat: Seat, paused: bool) -> Outcome:
        return self._host(seat, lambda data: record.set_paused(data, paused))

    def leave_out(self, seat: Seat, game_ids: object) -> Outcome:
        """The games the table does not deal tonight (the rest back in); the host only.
        Kept with the night, so a restart keeps them out."""
        return self._host(seat, lambda data: record.set_left_out(data, game_ids),
                          "The dealer's list is set.")

    def reveal(self, seat: Seat, reveal: bool) -> Outcome:
        """Every hole card on the TV (or hidden again); every screen is told by the record's
        notice (:func:`ui.night.record.notice`). The next deal hides them again."""
        return self._host(seat, lambda data: record.set_reveal(data, reveal))

    def set_person(self, seat: Seat, player: int, person: bool) -> Outcome:
        """Give a chair to a computer player (a guest who stepped away) or back to a person;
        the guest's link keeps working throughout. A chair that never had a link gets one
        (under "Links nobody has opened yet")."""
        if not seat.is_host:
            return Outcome(False, ONLY_HOST)
        try:
            data = self.store.load(seat.record_id).data
        except NotFound:
            return Outcome(False, NO_TABLE)
        try:
            record.check_chair(data, player)
        except Refused as refused:
            return Outcome(False, str(refused))
        chair = data["players"][player]
        if person and chair["person"]:
            return Outcome(True)
        role = record.seat_role(player)
        linked = chair.get("linked", chair["person"])
        sealed = self._new_link(seat, role) if person and not linked else None
        if person and not linked and sealed is None:
            return Outcome(False, NO_TABLE)

        def change(data: dict[str, Any]) -> dict[str, Any]:
            if sealed is not None:
                data["open_links"][role] = sealed[1]
            return record.set_person(data, player, person)

        return self._host(seat, change)

    def add_seat(self, seat: Seat, *, person: bool = True, name: object = "",
                 chips: object = None) -> Outcome:
        """A new chair between hands (the night's starting chips unless ``chips``), with
        its own link for a person (under "Links nobody has opened yet", and free in the
        lobby while it is open)."""
        if not seat.is_host:
            return Outcome(False, ONLY_HOST)
        link_key = self._link_key(seat)
        if link_key is None:
            return Outcome(False, NO_TABLE)
        secret = new_secret()
        added: list[int] = []

        def change(data: dict[str, Any]) -> dict[str, Any]:
            added[:] = [lobby.add_seat(data, person=person, name=name, chips=chips)]
            if person:
                data["open_links"][record.seat_role(added[0])] = \
                    links.seal_link(link_key, secret)
            return data

        outcome = self._host(seat, change)
        if outcome.ok and person:
            try:
                self.store.replace_key(seat.record_id, record.seat_role(added[0]),
                                       hash_secret(secret))
            except NotFound:
                return Outcome(False, NO_TABLE)
        return Outcome(outcome.ok, outcome.message or ("A new chair is at the table." if
                                                       outcome.ok else ""),
                       version=outcome.version)

    def sit_out(self, seat: Seat, player: object, out: bool = True) -> Outcome:
        """A player sits out from the next hand (``out``), or is dealt in again."""
        return self._host(seat, lambda data: lobby.sit_out(data, player, out))

    def leave(self, seat: Seat, player: object) -> Outcome:
        """A guest goes home with their chips (between hands); the settle-up counts them."""
        return self._host(seat, lambda data: lobby.leave(data, player))

    def rebuy(self, seat: Seat, player: object, chips: object) -> Outcome:
        """More chips for a player between hands (a positive whole number), counted in the
        settle-up."""
        return self._host(seat, lambda data: lobby.rebuy(data, player, chips),
                          f"Rebuy taken: {chips} chips.")

    def reissue(self, seat: Seat, role: str) -> Outcome:
        """A new link for a seat, the TV or the lobby's join code: the old one stops working
        at once (a guest already seated keeps their own)."""
        if not seat.is_host or role == HOST:
            return Outcome(False, ONLY_HOST)
        if role == JOIN:
            try:
                lobby_made = "join_link" in self.store.load(seat.record_id).data
            except NotFound:
                return Outcome(False, NO_TABLE)
            if not lobby_made:
                return Outcome(False, "This night has no lobby.")
        sealed = self._new_link(seat, role)
        if sealed is None:
            return Outcome(False, NO_TABLE)
        secret, box = sealed
        link_key = self._link_key(seat)
        assert link_key is not None

        def change(data: dict[str, Any]) -> dict[str, Any]:
            if role == JOIN:
                data["join_link"] = box
                return data
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

    # --- the end of the night -----------------------------------------------------------

    def end(self, seat: Seat) -> Outcome:
        """The night ends: no more hands or decisions (a hand being played is called off:
        the chips stay as they were before it), and every link opens the results
        (``record.ended``, ``ui.night.settle``) until the host removes the table
        (:meth:`remove`) or it has gone a day untouched (as any idle table)."""

        def finish(data: dict[str, Any]) -> dict[str, Any]:
            data["ended"], data["lobby"], data["paused"] = True, False, False
            return data

        return self._host(seat, finish, "The night is over: every screen shows the results.")

    def set_chip_value(self, seat: Seat, value: object) -> Outcome:
        """What a chip is worth in money (such as "0.05"), for the settle-up every screen
        shows (``ui.night.settle.settle_up``); the host only, a whole number of cents."""
        try:
            cents = settle.chip_value_cents(value)
        except Refused as refused:
            return Outcome(False, str(refused))

        def price(data: dict[str, Any]) -> dict[str, Any]:
            data["chip_cents"] = cents
            return data

        return self._host(seat, price, f"A chip is worth {settle.money(cents)}.")

    def remove(self, seat: Seat) -> Outcome:
        """The night is removed: its table, its hands and every link go for good."""
        if not seat.is_host:
            return Outcome(False, ONLY_HOST)
        self.store.delete(seat.record_id)
        hands_log.forget(seat.record_id)
        self.moved(seat.record_id)
        return Outcome(True, "The night is removed: its table is gone, and every link with it.")

    # --- downloads -----------------------------------------------------------------------

    @staticmethod
    def may_download(seat: Seat, snap: Snapshot) -> bool:
        """The host may download the night's hands at any time; a player once it has ended
        (they show nothing a player's own screen did not)."""
        return seat.is_host or (seat.player is not None and record.ended(snap.data))

    def table_record(self, seat: Seat, snap: Snapshot,
                     finished: Sequence[str] | None = None) -> str | None:
        """Every hand of the night as the table saw it, as text, names for seats (see
        :meth:`may_download`). ``finished`` is :func:`record.finished_record` of the
        snapshot, if already made."""
        if not self.may_download(seat, snap):
            return None
        if finished is None:
            finished = record.finished_record(snap.data)
        return record.table_record(snap.data, snap.state, finished)

    def table_phh(self, seat: Seat, snap: Snapshot) -> str | None:
        """Every finished hand of the night as the table saw it, as PHH (no card that stayed
        face down, no seed, names for seats), one file of hands (see :meth:`may_download`)."""
        if not self.may_download(seat, snap):
            return None
        return downloads.night_phh(snap.data["hands"], snap.data)

    def ledger(self, seat: Seat, snap: Snapshot, chip_value: object) -> Outcome:
        """The ledger as CSV in the outcome's ``message`` (the chip value in the host's
        money, such as "0.05"); a bad chip value is refused with the reason."""
        if seat.is_join or seat.is_tv:
            return Outcome(False, "The ledger is for the host and the players.")
        try:
            cents = settle.chip_value_cents(chip_value)
        except Refused as refused:
            return Outcome(False, str(refused))
        return Outcome(True, settle.ledger_csv(snap.data, cents))
