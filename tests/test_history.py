"""The JSON hand history: version 2 counts seats from 1, version 1 files still load."""

from __future__ import annotations

import json

import pytest

from engine.cards import parse_cards
from engine.games import new_hand
from engine.history import VERSION, action_from_dict, action_to_dict, load_hand
from engine.state import Action, ActionKind

V1_PARTNER = """{"format": "dealers-choice-hand", "version": 1, "game": "pick-a-partner",
 "players": 4, "seed": 3, "settings": {}, "deck": null, "stacks": null, "actions": [
  {"seat": 0, "kind": "turn-up", "cards": "5d"}, {"seat": 1, "kind": "turn-up", "cards": "9c"},
  {"seat": 2, "kind": "turn-up", "cards": "2s"}, {"seat": 3, "kind": "turn-up", "cards": "6s"},
  {"seat": 1, "kind": "pick-partner", "choice": 3}, {"seat": 1, "kind": "bet", "amount": 5}]}"""
"""A version 1 file, as the site wrote them: Seat 2 picks Seat 4 and bets 5."""


def test_a_version_1_file_loads_as_before_counting_seats_from_0() -> None:
    state = load_hand(V1_PARTNER)
    assert state.facts.partners == {1: 3, 3: 1, 0: 2, 2: 0}
    assert state.actions[-2:] == [Action(1, ActionKind.PICK_PARTNER, choice=3),
                                  Action(1, ActionKind.BET, amount=5)]
    assert "Seat 2 picks Seat 4 (6♠) as a partner" in [e.text for e in state.events]
    assert state.table.contributed[1] == 2 + 5


def test_version_2_writes_every_seat_as_the_site_says_it() -> None:
    data = json.loads(load_hand(V1_PARTNER).to_json())
    assert data["version"] == VERSION == 2
    turned = [{"seat": seat, "kind": "turn-up", "cards": card}
              for seat, card in ((1, "5d"), (2, "9c"), (3, "2s"), (4, "6s"))]
    assert data["actions"] == [*turned, {"seat": 2, "kind": "pick-partner", "choice": 4},
                               {"seat": 2, "kind": "bet", "amount": 5}]


def test_a_version_2_file_reloads_into_the_same_hand() -> None:
    state = load_hand(V1_PARTNER)
    again = load_hand(state.to_json())
    assert again.actions == state.actions and again.view(None) == state.view(None)


def test_only_a_picked_seat_is_renumbered_not_other_choices() -> None:
    declare = Action(2, ActionKind.DECLARE, choice="low")
    assert action_to_dict(declare) == {"seat": 3, "kind": "declare", "choice": "low"}
    assert action_from_dict({"seat": 3, "kind": "declare", "choice": "low"}) == declare
    turn = Action(0, ActionKind.TURN_UP, cards=tuple(parse_cards("Kh")))
    assert action_from_dict(action_to_dict(turn, version=1), version=1) == turn


@pytest.mark.parametrize(("action", "said"), [
    ({"seat": 0, "kind": "check"}, "seat must be 1 or more"),
    ({"seat": 1, "kind": "pick-partner", "choice": 0}, "partner picked must be seat 1 or more"),
])
def test_a_seat_0_in_version_2_is_refused_in_plain_words(action: dict[str, object],
                                                         said: str) -> None:
    data = json.loads(new_hand("pick-a-partner", players=4, seed=3).to_json())
    data["actions"] = [action]
    with pytest.raises(ValueError, match=said):
        load_hand(json.dumps(data))
