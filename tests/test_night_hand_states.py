"""A decision at a night's table plays on the state the hand's last change left, rather
than replaying the hand from its deal: its cost does not grow with the hand. A change
that went another way (refused, or made on another version) is replayed, and the table
ends where a replay from the deal puts it."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

from engine.state import ActionKind, HandState
from ui.night import record
from ui.night.hand_states import HandStates


def _dealt(game_id: str) -> dict[str, Any]:
    data = record.new_night(people=[True, True, True], names=["Ann", "Ben", "Cy"], chips=200)
    return record.deal(data, game_id=game_id, seed=21, computers=False)


def _next(data: dict[str, Any], rng: random.Random) -> tuple[int, Any]:
    state = record.hand_state(data)
    assert state is not None and not state.is_over
    seat = state.to_act[0]
    legal = state.legal_actions(seat)
    return data["hand"]["seats"][seat], rng.choice(
        [a for a in legal if a.kind is not ActionKind.FOLD] or legal)


@pytest.mark.parametrize("game_id", ["texas-holdem", "five-card-draw", "psycho"])
def test_each_decision_applies_itself_alone(game_id: str,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    data, rng = _dealt(game_id), random.Random(game_id)
    applied = 0
    apply = HandState.apply

    def counted(state: HandState, action: Any) -> Any:
        nonlocal applied
        applied += 1
        return apply(state, action)

    while not data["hand"]["over"]:
        player, action = _next(data, rng)
        monkeypatch.setattr(HandState, "apply", counted)
        applied = 0
        data = record.decide(data, player=player, action=action, computers=False)
        assert record.computer_moves(data) == []    # people only: nobody else to act
        monkeypatch.setattr(HandState, "apply", apply)
        assert applied == 1
    assert data["played"] == 1


def test_a_change_that_went_another_way_is_replayed(monkeypatch: pytest.MonkeyPatch) -> None:
    data, rng = _dealt("texas-holdem"), random.Random(3)
    player, action = _next(data, rng)
    other = copy.deepcopy(data)
    data = record.decide(data, player=player, action=action, computers=False)
    legal = record.hand_state(other).legal_actions(action.seat)  # type: ignore[union-attr]
    elsewhere = next(a for a in legal if a != action)
    other = record.decide(other, player=player, action=elsewhere, computers=False)
    kept = record._STATES
    for table in (data, other, data, other):
        player, action = _next(table, rng)
        monkeypatch.setattr(record, "_STATES", HandStates())
        fresh = record.decide(copy.deepcopy(table), player=player, action=action,
                              computers=False)
        monkeypatch.setattr(record, "_STATES", kept)
        assert record.decide(table, player=player, action=action, computers=False) == fresh
