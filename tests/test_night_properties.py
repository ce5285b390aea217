"""Properties of a night's record under any sequence of what a host and guests may ask:
a refusal changes nothing, chips are never made or lost (everything on the table is
what was bought in), and the results always settle."""

from __future__ import annotations

import copy
import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.state import ActionKind
from ui.night import lobby, record, settle
from ui.night.record import Refused

OPERATIONS = st.lists(st.tuples(
    st.sampled_from(["deal", "play", "join", "join", "sit_out", "back", "leave", "rebuy",
                     "add", "lobby"]),
    st.one_of(st.integers(0, 5), st.integers(-2, 11)),
    st.one_of(st.integers(-100, 400), st.sampled_from(["Ann", "Seat 1", " ", "x" * 25]),
              st.floats(-5, 5), st.text(max_size=30), st.none())),
    max_size=25)


def _play(data: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """The hand played to its end by random legal decisions of the people in it."""
    for _ in range(500):
        state = record.hand_state(data)
        if state is None or state.is_over:
            break
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        choice = rng.choice([a for a in legal if a.kind is not ActionKind.FOLD] or list(legal))
        data = record.decide(data, player=data["hand"]["seats"][seat], action=choice)
    return data


def _apply(data: dict[str, Any], name: str, chair: int, value: object,
           rng: random.Random) -> dict[str, Any]:
    if name == "deal":
        return record.deal(data, game_id=rng.choice(["psycho", "seven-card-stud",
                                                     "pick-a-partner"]), seed=chair)
    if name == "play":
        return _play(data, rng)
    if name == "join":           # half the time under a good name, else whatever was typed
        typed = ["Ann", "Ben", "Cat", "Dee", "Eve"][chair % 5] if rng.random() < 0.5 else value
        return lobby.join(data, chair, typed)
    if name in ("sit_out", "back"):
        return lobby.sit_out(data, chair, name == "sit_out")
    if name == "leave":
        return lobby.leave(data, chair)
    if name == "rebuy":
        return lobby.rebuy(data, chair, value)
    if name == "add":
        lobby.add_seat(data, person=chair % 2 == 0, chips=value if chair > 5 else None)
        return data
    return lobby.set_lobby(data, chair % 3 != 0)


@settings(deadline=None)
@given(st.lists(st.booleans(), min_size=2, max_size=6), st.booleans(), OPERATIONS,
       st.integers(0, 1000))
def test_any_evening_keeps_the_chips_and_settles(people: list[bool], with_lobby: bool,
                                                operations: list[tuple[str, int, object]],
                                                seed: int) -> None:
    rng = random.Random(seed)
    data = record.new_night(people=people, names=[], chips=100, lobby=with_lobby)
    for name, chair, value in operations:
        before = copy.deepcopy(data)
        try:
            data = _apply(data, name, chair, value, rng)
        except Refused as refused:
            assert str(refused), "a refusal says why"
            assert data == before, f"{name} was refused, yet changed the record"
            continue
        count = len(data["players"])
        assert all(len(data[key]) == count for key in ("chips", "bought", "won", "best"))
        assert all(chips >= 0 for chips in data["chips"])
        if record.between_hands(data):
            assert sum(data["chips"]) == sum(record.bought(data)), "chips made or lost"
        assert all(record.in_play(data, p) for p in record.seated(data))
        assert set(lobby.free_chairs(data)) <= {p for p in range(count)
                                                if data["players"][p]["person"]}
    if record.between_hands(data):
        owed = settle.balances(data, 7)
        payments = settle.settle_up(owed)
        assert len(payments) <= max(0, len(data["players"]) - 1)
        assert sum(p.cents for p in payments) == sum(x for x in owed if x > 0)
