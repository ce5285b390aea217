"""Texas hold'em's announcements: the bet sizes of each structure and the stakes the rules
page states from them."""

from __future__ import annotations

import pytest

from engine.games import get_game, new_hand
from engine.state import ActionKind, HandState


def _to_street(state: HandState, street: str) -> None:
    while state.street != street:
        legal = {a.kind: a for a in state.legal_actions(state.to_act[0])}
        state.apply(legal.get(ActionKind.CHECK) or legal[ActionKind.CALL])


def _amounts(state: HandState) -> tuple[int, ...]:
    bet = state.bet_range(state.to_act[0])
    assert bet is not None
    return bet.amounts


def test_fixed_limit_bets_the_big_blind_before_the_turn_and_twice_it_after() -> None:
    state = new_hand("texas-holdem", players=3, seed=1,
                     settings={"structure": "fixed-limit", "big_blind": 4, "small_blind": 2})
    assert _amounts(state) == (8,)
    _to_street(state, "Flop")
    assert _amounts(state) == (4,)
    _to_street(state, "Turn")
    assert _amounts(state) == (8,)


def test_pot_limit_raises_at_most_to_the_pot_after_the_call() -> None:
    state = new_hand("texas-holdem", players=3, seed=1, settings={"structure": "pot-limit"})
    bet = state.bet_range(state.to_act[0])
    assert bet is not None and (bet.minimum, bet.maximum) == (4, 7)  # 2 to call, pot 5


@pytest.mark.parametrize(("structure", "words"), [
    ("no-limit", "No limit: the smallest bet is the big blind, 2"),
    ("pot-limit", "Pot limit: the smallest bet is the big blind, 2"),
    ("fixed-limit", "Fixed limit: bets and raises are 2 before the turn and 4 on the turn"),
])
def test_the_stakes_say_the_blinds_and_the_structure(structure: str, words: str) -> None:
    game = get_game("texas-holdem")
    lines = game.stakes(game.settings_type.from_dict({"structure": structure}))
    assert "small blind of 1" in lines[1] and "big blind of 2" in lines[1]
    assert lines[2].startswith(words)
