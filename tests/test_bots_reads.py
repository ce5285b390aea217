"""The table's actions as the general player reads them: a raise says more than a bet
heads up, and a call of a raise over its own bet wants more than the price."""

from __future__ import annotations

import random

from engine.bots.policy import RAISED_MARGIN, Measured, betting_choice, suggested_strength
from engine.games import new_hand
from engine.state import ActionKind, HandState


def _heads_up_flop() -> HandState:
    state = new_hand("texas-holdem", players=2, seed=1)
    while state.view(None).street == "Preflop":
        seat = state.to_act[0]
        kinds = {a.kind: a for a in state.legal_actions(seat)}
        state.apply(kinds.get(ActionKind.CHECK) or kinds[ActionKind.CALL])
    return state


def test_a_raise_over_a_bet_reads_stronger_than_the_bet() -> None:
    state = _heads_up_flop()
    bettor = state.to_act[0]
    state.apply(next(a for a in state.legal_actions(bettor) if a.kind is ActionKind.BET))
    assert suggested_strength(state.view(None), bettor) == 1
    raiser = state.to_act[0]
    state.apply(next(a for a in state.legal_actions(raiser) if a.kind is ActionKind.RAISE))
    assert suggested_strength(state.view(None), raiser) > 1


def test_a_call_of_a_raise_over_its_own_bet_wants_more_than_the_price() -> None:
    state = _heads_up_flop()
    for _ in range(2):   # a bet, then a raise over it
        seat = state.to_act[0]
        state.apply(next(a for a in state.legal_actions(seat)
                         if a.kind in (ActionKind.BET, ActionKind.RAISE)))
    seat = state.to_act[0]
    legal = state.legal_actions(seat)
    just_enough = Measured(share=0.36, hands=2, to_call=1, price=0.35)
    assert betting_choice(state, seat, legal, just_enough, random.Random(1)).kind \
        is ActionKind.FOLD
    enough = Measured(share=0.36 + RAISED_MARGIN, hands=2, to_call=1, price=0.35)
    assert betting_choice(state, seat, legal, enough, random.Random(1)).kind \
        in (ActionKind.CALL, ActionKind.RAISE)
