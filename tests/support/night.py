"""Playing a game night through its controller as its screens do, for the night's tests:
each decision made by a seat on the version its screen was drawn from."""

from __future__ import annotations

import random
from collections.abc import Mapping

from engine.state import Action, ActionKind
from ui.night import record
from ui.night.controller import Night, Seat


def open_all(night: Night, shown: Mapping[str, str]) -> dict[str, Seat]:
    """Every link of a new night opened, by role."""
    seats = {}
    for role, secret in shown.items():
        seat = night.open(secret)
        assert seat is not None and seat.role == role
        seats[role] = seat
    return seats


def random_decision(night: Night, seats: Mapping[str, Seat], record_id: str,
                    rng: random.Random) -> bool:
    """One random legal decision by a person the hand waits on; whether there was one."""
    snap = night.snapshot(record_id)
    if snap.state is None or snap.state.is_over:
        return False
    chairs = snap.data["hand"]["seats"]
    waiting = [chairs[s] for s in snap.state.to_act
               if snap.data["players"][chairs[s]]["person"]]
    if not waiting:
        return False
    player = rng.choice(waiting)
    view = snap.view_for(seats[record.seat_role(player)])
    assert view is not None and view.legal, "a seat the hand waits on is offered decisions"
    action = rng.choice(view.legal)
    if view.bet_range is not None and action.kind in (ActionKind.BET, ActionKind.RAISE) \
            and not view.bet_range.amounts:
        action = Action(action.seat, action.kind,
                        amount=rng.randint(view.bet_range.minimum, view.bet_range.maximum))
    outcome = night.decide(seats[record.seat_role(player)], snap.version, action)
    assert outcome.ok, outcome.message
    return True


def play_out(night: Night, seats: Mapping[str, Seat], record_id: str,
             rng: random.Random) -> None:
    """The hand being played, to its end, by random legal decisions."""
    for _ in range(400):
        if not random_decision(night, seats, record_id, rng):
            break
    snap = night.snapshot(record_id)
    assert snap.state is not None and snap.state.is_over


def deal_next(night: Night, seats: Mapping[str, Seat], record_id: str, game_id: str) -> None:
    """The next hand dealt by whoever names it: the new dealer, or the host."""
    snap = night.snapshot(record_id)
    dealer = record.chooser(snap.data)
    seat = seats["host"] if dealer is None else seats[record.seat_role(dealer)]
    outcome = night.deal_next(seat, snap.version, game_id=game_id)
    assert outcome.ok, outcome.message
