"""A close decision is steadied: an estimate within its noise of the share where the
betting policy changes its action takes a second, larger simulation."""

from __future__ import annotations

import random

from engine.bots import EquityBot
from engine.bots.equity import near_a_line
from engine.bots.policy import VALUE, Measured
from engine.games import new_hand
from engine.state import ActionKind, HandState


def _river_checked_to(seed: int) -> HandState:
    """Heads-up hold'em checked and called to the river."""
    state = new_hand("texas-holdem", players=2, seed=seed)
    while state.street != "River":
        seat = state.to_act[0]
        legal = {a.kind: a for a in state.legal_actions(seat)}
        state.apply(legal.get(ActionKind.CHECK) or legal[ActionKind.CALL])
    return state


def test_a_hand_worth_a_value_bet_bets_whatever_the_deals() -> None:
    # Q♠ J♥ on A♦ 4♣ J♦ 9♥ K♣: about 70% of the pot against a random hand, past the
    # value line of 65%; one estimate of 60 deals checked it in some of these seeds.
    state = _river_checked_to(36)
    seat = state.to_act[0]
    assert [c.card.ascii for c in state.view(seat).seats[seat].cards if c.card] == ["Qs", "Jh"]
    kinds = {EquityBot().choose(state, seat, random.Random(i)).kind for i in range(12)}
    assert kinds == {ActionKind.BET}


def test_only_an_estimate_near_a_line_is_close() -> None:
    value = VALUE / 2
    free = dict(hands=2, to_call=0, price=0.0)
    assert near_a_line(Measured(share=value + 0.05, **free), 60)
    assert not near_a_line(Measured(share=value + 0.05, **free), 2000)
    assert not near_a_line(Measured(share=0.95, **free), 60)
    facing = dict(hands=2, to_call=10, price=0.3)
    assert Measured(share=0.2, **facing).lines() == (0.3 * 0.75, VALUE / 2)
