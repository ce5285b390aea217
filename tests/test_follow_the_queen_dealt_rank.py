"""Follow the Queen's wild rank is set by the deal, and the computer players and the
calculator value hands with it: the queen up on third street is followed by a seven, so
sevens are wild beside the queens and Seat 1's hand is five kings, not a full house."""

from __future__ import annotations

import random

import numpy as np

from engine.bots.equity import equity
from engine.cards import parse_cards
from engine.deals import deck_from_seats
from engine.games import new_hand
from engine.odds.at_table import Spot
from engine.odds.making import making

GAME = "follow-the-queen"
SEATS = ["7c 7d Qh Kc Kd 2s 3h", "Ac Ad 7s 4c 5d 6h 9s"]
"""In the order each seat is dealt them: two down, four up, one down. The up cards fall
Q♥ 7♠ K♣ 4♣ K♦ 5♦ 2♠ 6♥: the seven follows the only queen."""


def _seventh_street() -> object:
    seats = [parse_cards(s) for s in SEATS]
    deck = deck_from_seats(GAME, players=2, seat_cards=seats)
    state = new_hand(GAME, players=2, seed=0, deck=deck)
    while state.street != "7th street" or state.to_act == ():
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        state.apply(next((a for a in legal if a.kind.value in ("check", "call", "bring-in")),
                         legal[0]))
    return state


def test_the_computer_players_value_the_hand_with_the_rank_the_deal_set() -> None:
    state = _seventh_street()
    game, settings = state.game, state.settings
    hole = state.live_cards(0)
    high, _ = game.evaluate(settings, hole, [], view=state.view(0))
    assert high is not None and high.describe() == "Five of a kind, kings"
    unset, _ = game.evaluate(settings, hole, [])
    assert unset is not None and unset.describe().startswith("Full house")
    # Every card is down to be dealt: five kings beat anything the other hand can make
    # with the sevens wild but a sixth wild card it cannot hold, so the share is certain.
    assert equity(state, state.view(0), 0, random.Random(1), trials=40) == 1.0


def test_the_calculator_counts_the_hand_with_the_rank_the_deal_set() -> None:
    spot = Spot.build(GAME, players=2, street="7th street",
                      seats=[parse_cards(s) for s in SEATS])
    answer = making(spot, rng=np.random.default_rng(0))
    assert answer.exact
    assert answer["high/FIVE_OF_A_KIND"].value == 1.0
    assert answer["high/FULL_HOUSE"].value == 0.0
