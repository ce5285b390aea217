"""Every registered game at a game night, through the night's controller over a real SQLite
file as the screens drive it: guests take their chairs from the lobby, the host deals the
game, the guests decide on their phones (a computer plays one chair), and the hand is played
to the end with every screen showing only what its link allows; the new dealer names the
game again with the other announcements, stacks carrying over; the night ends, and its
standings and settle-up follow the chips."""

from __future__ import annotations

import copy
import random
from collections.abc import Iterator
from typing import Any

import pytest

from engine.cards import Card
from engine.games import get_game
from engine.state import Action, ActionKind, HandState, HandView
from tests.support.leaks import hidden_from, hidden_from_table, named_cards, seen_by
from tests.support.nights import _shown
from tests.support.pages import players_for
from ui.night import record, settle
from ui.night.controller import Night, Seat, Snapshot
from ui.store.sqlite_store import SQLiteStore

CHIPS = 150
NAMES = ("Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ida", "Jo")


@pytest.fixture(scope="module")
def night(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Night]:
    """One store for the module's nights, as one site keeps every table in one file."""
    store = SQLiteStore(tmp_path_factory.mktemp("night") / "night.sqlite3")
    yield Night(store)
    store.close()


def other_announcements(game_id: str) -> dict[str, Any]:
    """Every announcement the game offers a choice of, set to a choice other than the
    house default, as plain values: read from the declaration."""
    chosen = {}
    for info in get_game(game_id).settings_type.schema():
        other = [o.value for o in info.options if o.value != info.default]
        if other:
            chosen[info.name] = getattr(other[0], "value", other[0])
    return chosen


def seated_night(night: Night, players: int) -> tuple[str, dict[str, Seat]]:
    """A lobby night: every chair but the last taken by a guest with the join link, the last
    a computer's. The screens by role: host, tv, join and each guest's ``seat:<chair>``."""
    people = [True] * (players - 1) + [False]
    record_id, shown = night.create(people=people, chips=CHIPS, lobby=True)
    screens = {role: seat for role in ("host", "tv", "join")
               if (seat := night.open(shown[role])) is not None}
    for chair in range(players - 1):
        joined = night.join(screens["join"], chair, NAMES[chair])
        assert joined.ok, joined.message
        mine = night.open(joined.secret)
        assert mine is not None and mine.player == chair
        screens[record.seat_role(chair)] = mine
    return record_id, screens


def check_screens(snap: Snapshot, screens: dict[str, Seat], known: dict[str, set[Card]]) -> None:
    """No screen names a card its link may not know of: a phone its own seat's (and what
    it once held or chose: ``known``), the host and the TV the public table's; the join
    link sees no hand at all."""
    state = snap.state
    assert state is not None
    for role, screen in screens.items():
        view = snap.view_for(screen)
        if screen.is_join:
            assert view is None, "the join link shows no hand"
            continue
        assert view is not None, role
        if screen.player is None:
            hidden = hidden_from_table(state)
        else:
            seat = record.engine_seat(snap.data, screen.player)
            assert seat is not None, role
            hidden = hidden_from(state, seat) - known[role]
            known[role] |= seen_by(state, seat)
        leaked = named_cards(_shown(view, snap.data), hidden)
        assert not leaked, f"the {role} screen shows {leaked}"


def keeps_a_chip(state: HandState, action: Action) -> bool:
    """Whether the seat still has a chip behind once ``action`` is made: tried on a copy."""
    trial = copy.deepcopy(state)
    trial.apply(action)
    return trial.table.stacks[action.seat] > 0


def sized(action: Action, view: HandView, state: HandState, rng: random.Random, *,
          all_in: bool) -> Action:
    """``action`` with a random amount in the phone's range when it is a bet or raise of any
    size; without ``all_in``, short of the seat's last chip."""
    bets = view.bet_range
    if bets is None or bets.amounts or action.kind not in (ActionKind.BET, ActionKind.RAISE):
        return action
    most = bets.maximum
    if not all_in:
        most = min(most, state.table.bets[action.seat] + state.table.stacks[action.seat] - 1)
    return Action(action.seat, action.kind, amount=rng.randint(bets.minimum,
                                                               max(bets.minimum, most)))


def decision(snap: Snapshot, screen: Seat, rng: random.Random, *, all_in: bool) -> Action:
    """A random choice among what the phone offers (a bet of any amount in its range); with
    ``all_in`` false, none that puts in the seat's last chip while another is offered, so
    nobody goes broke before the next hand."""
    view = snap.view_for(screen)
    state = snap.state
    assert state is not None
    assert view is not None and view.legal, "a seat the hand waits on is offered decisions"
    offered = [sized(a, view, state, rng, all_in=all_in) for a in view.legal]
    if not all_in:
        offered = [a for a in offered if keeps_a_chip(state, a)] or offered
    return rng.choice(offered)


def play_hand(night: Night, record_id: str, screens: dict[str, Seat], rng: random.Random,
              *, check: bool, all_in: bool) -> None:
    """The guests' random legal decisions until the hand is over, each on the version its
    phone was drawn from; with ``check``, every screen checked before each one; without
    ``all_in``, no guest puts in its last chip (:func:`decision`)."""
    known: dict[str, set[Card]] = {role: set() for role in screens}
    for _ in range(500):
        snap = night.snapshot(record_id)
        state = snap.state
        assert state is not None
        if check:
            check_screens(snap, screens, known)
        if state.is_over:
            return
        hand = snap.data["hand"]
        waiting = [hand["seats"][s] for s in state.to_act]
        assert all(snap.data["players"][p]["person"] for p in waiting), \
            "the computer left a decision open"
        screen = screens[record.seat_role(rng.choice(waiting))]
        outcome = night.decide(screen, snap.version, decision(snap, screen, rng, all_in=all_in))
        assert outcome.ok, outcome.message
    raise AssertionError("the hand never ends")


def dealer_screen(night: Night, record_id: str, screens: dict[str, Seat]) -> Seat:
    """The screen that names the next game: the new dealer's phone, or the host's when a
    computer has the button."""
    chooser = record.chooser(night.snapshot(record_id).data)
    return screens["host"] if chooser is None else screens[record.seat_role(chooser)]


def test_a_game_night_deals_it_and_settles_up(night: Night, game_id: str) -> None:
    players = players_for(game_id)
    record_id, screens = seated_night(night, players)
    rng = random.Random(game_id)
    lobby = night.snapshot(record_id)
    assert lobby.state is None and record.dealable_games(lobby.data)[game_id] is None
    assert night.deal_next(screens["host"], lobby.version, game_id=game_id).ok

    # Nobody goes broke in the first hand, so that every game deals a second one.
    play_hand(night, record_id, screens, rng, check=True, all_in=False)
    first = night.snapshot(record_id)
    hand = first.data["hand"]
    assert first.state is not None and first.state.settlement is not None
    assert sum(hand["payoffs"]) == 0 and sum(first.data["chips"]) == players * CHIPS
    assert first.data["chips"] == [CHIPS + net for net in hand["payoffs"]]
    assert all(first.data["chips"][:-1]), "no guest went broke"

    announced = other_announcements(game_id)
    dealer = dealer_screen(night, record_id, screens)
    dealt = night.deal_next(dealer, first.version, game_id=game_id, settings=announced)
    assert dealt.ok, dealt.message
    second = night.snapshot(record_id).data["hand"]
    assert second["number"] == 2 and second["game"] == game_id
    assert second["seats"] != hand["seats"], "the button moved"
    assert second["settings"] == announced
    assert second["stacks"] == [first.data["chips"][p] for p in second["seats"]]
    play_hand(night, record_id, screens, rng, check=False, all_in=True)

    assert night.end(screens["host"]).ok
    assert night.set_chip_value(screens["host"], "0.05").ok
    data = night.snapshot(record_id).data
    assert len(data["hands"]) == 2 and sum(data["chips"]) == players * CHIPS
    nets = [sum(h["payoffs"][p] for h in data["hands"]) for p in range(players)]
    assert data["chips"] == [CHIPS + net for net in nets]
    results = settle.results(data)
    assert {row.player: row.net for row in results.standings} == dict(enumerate(nets))
    assert [row.net for row in results.standings] == sorted(nets, reverse=True)
    for row in results.standings:
        won = [h["payoffs"][row.player] for h in data["hands"] if h["payoffs"][row.player] > 0]
        assert row.hands_won >= len(won) and row.biggest_win >= max(won, default=0)
    owed = settle.balances(data, 5)
    assert owed[players - 1] == 0, "the computer player plays for no money"
    assert all(due * net >= 0 for due, net in zip(owed, nets, strict=True))
    for payment in results.payments:
        assert owed[payment.payer] < 0 < owed[payment.payee] and payment.cents > 0
        owed[payment.payer] += payment.cents
        owed[payment.payee] -= payment.cents
    assert owed == [0] * players, "the payments square every balance"
    assert len(results.payments) <= players - 1
