"""Crazy Pineapple: the worked example dealt and played, the computer player's discard, and
the showdown's hands against a brute force over the two cards kept and the board."""

from __future__ import annotations

import random
from itertools import combinations

import content
from engine.bots import EquityBot
from engine.cards import parse_cards
from engine.deals import deck_from_seats
from engine.games import new_hand
from engine.hands import best_high
from engine.state import Action, ActionKind, HandState

GAME = "crazy-pineapple"
EXAMPLE = content.load_game(GAME).examples["keep_two"]
PASSIVE = (ActionKind.CHECK, ActionKind.CALL, ActionKind.SHOW)


def at_the_discard() -> HandState:
    """The example's deal, checked and called to the discard."""
    cards = EXAMPLE.cards
    deck = deck_from_seats(GAME, players=2, seat_cards=[parse_cards(cards["seat1"]),
                                                        parse_cards(cards["seat2"])],
                           boards=[parse_cards(cards["flop"])])
    state = new_hand(GAME, players=2, seed=0, deck=deck)
    while state.legal_actions(state.to_act[0])[0].kind is not ActionKind.THROW_AWAY:
        seat = state.to_act[0]
        state.apply(next(a for a in state.legal_actions(seat) if a.kind in PASSIVE))
    return state


def test_the_example_keeps_the_flush_and_the_computer_player_does_too() -> None:
    state = at_the_discard()
    mine = parse_cards(EXAMPLE.cards["seat2"])
    kept = parse_cards(EXAMPLE.expect["seat2_keeps"])
    value = best_high([*kept, *state.boards[0]])
    assert value.describe() == EXAMPLE.expect["seat2"]
    chosen = EquityBot(trials=12).choose(state, 1, random.Random(3))
    assert chosen.kind is ActionKind.THROW_AWAY
    assert set(chosen.cards) == set(mine) - set(kept)
    reason = EquityBot().explain(state, 1, chosen)
    assert reason == EquityBot().explain(
        state, 1, state.legal_actions(1)[0]), "the reason is the same whatever is thrown"
    # After "Seat 2 has chosen:" it reads as one sentence: what it keeps, by what measure,
    # and what becomes of the rest.
    assert reason == ("it keeps the cards that win the largest share of the pot in its trial "
                      "deals and throws the rest away")


def test_the_showdown_plays_the_two_kept_cards_by_brute_force() -> None:
    """Random hands to the showdown: each hand shown is the best five of the two cards kept
    and the board, found over every five of the seven."""
    for seed in range(12):
        state = new_hand(GAME, players=3, seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            seat = state.to_act[0]
            legal = state.legal_actions(seat)
            passive = [a for a in legal if a.kind in PASSIVE]
            state.apply(passive[0] if passive else rng.choice(legal))
        for seat in state.shown:
            held = state.live_cards(seat)
            assert len(held) == 2
            seven = [*held, *state.boards[0]]
            brute = max(best_high(five) for five in combinations(seven, 5))
            assert state.game.hand_value(state, seat) == brute


def test_a_throw_away_before_the_flop_when_announced() -> None:
    state = new_hand(GAME, players=2, seed=4, settings={"throw_away": "before-flop"})
    state.apply(Action(state.to_act[0], ActionKind.CALL))
    state.apply(Action(state.to_act[0], ActionKind.CHECK))
    assert state.to_act == (0, 1) and not state.boards
    assert state.legal_actions(0)[0].kind is ActionKind.THROW_AWAY
