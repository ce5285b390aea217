"""Anaconda after the pass is priced: the hand goes to the calculator as the seat's cards
now, typed at the street it stands at, each other seat still in with its face-up cards
first in the order they were turned up, and the calculator deals it with those cards."""

from __future__ import annotations

import numpy as np
import pytest

from engine.games import new_hand
from engine.odds.at_table import BETTING, passive, prepare, replay_to_end, solve_spot
from engine.state import HandState
from engine.views import host_view
from ui.odds.pass_spot import spot_after_pass


def _played_to(street: str) -> HandState:
    state = new_hand("anaconda", players=3, seed=4)
    while state.street != street:
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        state.apply(passive(state, seat, legal) if all(a.kind in BETTING for a in legal)
                    else legal[0])
    return state


def test_a_hand_after_the_pass_is_dealt_with_your_cards_and_the_rolled_ones() -> None:
    state = _played_to("Third roll")
    you = state.to_act[0]
    spot = spot_after_pass(state, state.view(you))
    assert spot.street == "Third roll" and spot.players == 3
    held = {h.card for h in state.cards[you] if not h.dead}
    assert set(spot.seats[0]) == held, "your cards, all of them"
    others = [s for s in range(3) if s != you]
    for typed, seat in zip(spot.seats[1:], others, strict=True):
        up = [h.card for h in state.cards[seat] if h.up]
        assert set(typed[:len(up)]) == set(up) and set(typed[len(up):]) == {None}
    prepared = prepare(spot)
    dealt, _ = replay_to_end(prepared)
    for typed, cards in zip(spot.seats, dealt.cards, strict=True):
        shown = {h.card for h in cards if h.up}
        assert {c for c in typed if c is not None} <= {h.card for h in cards}
        assert shown >= set(typed[:2]) - {None}, "the typed up cards are the ones turned up"
    answer = solve_spot(prepared, rng=np.random.default_rng(1), seconds=0.01, min_deals=5)
    assert sum(answer[f"share/{s}"].value for s in range(3)) == pytest.approx(1.0)


def test_a_hosts_view_prices_every_seat_still_in_with_the_cards_it_shows() -> None:
    state = _played_to("Discard")
    spot = spot_after_pass(state, host_view(state, revealed={0, 1, 2}))
    assert [set(cards) for cards in spot.seats] == \
        [{h.card for h in state.cards[s]} for s in range(3)]
