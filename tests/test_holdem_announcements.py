"""Hold'em's announcements for hands played elsewhere: antes, a big blind ante, a straddle
and mucking any hand at the showdown (all off by default)."""

from __future__ import annotations

import random

from engine.games import new_hand
from engine.state import Action, ActionKind
from tests.support.bots import quick_bot
from tests.support.scale import scaled

HANDS = scaled(40)
"""Hands the computer players play both ways: about half reach a showdown where mucking
is offered (whether to show is judged from the cards shown, whatever the simulations'
size)."""


def _played(seed: int, settings: dict[str, object]) -> tuple[int, ...]:
    state = new_hand("texas-holdem", players=4, seed=seed, settings=settings)
    rng, bot = random.Random(seed), quick_bot("texas-holdem")
    while not state.is_over:
        state.apply(bot.choose(state, state.to_act[0], rng))
    return state.payoffs


def test_computer_players_do_not_give_up_winning_hands_when_mucking_is_open() -> None:
    for seed in range(HANDS):
        assert _played(seed, {"concede": True}) == _played(seed, {}), seed


def test_a_winning_hand_mucked_gives_the_pot_to_the_hand_shown() -> None:
    state = new_hand("texas-holdem", players=2, seed=3, settings={"concede": True},
                     deck="As Ks Ah Kh 2c 3d 7s 8h 9c Td Jd")
    while state.street != "Showdown":
        seat = state.to_act[0]
        kinds = {a.kind for a in state.legal_actions(seat)}
        state.apply(Action(seat, ActionKind.CHECK if ActionKind.CHECK in kinds
                           else ActionKind.CALL))
    aces = next(s for s in range(2) if any(h.card.rank == 14 for h in state.cards[s]))
    first = state.to_act[0]
    state.apply(Action(first, ActionKind.MUCK if first == aces else ActionKind.SHOW))
    if not state.is_over:
        state.apply(Action(state.to_act[0], ActionKind.MUCK if state.to_act[0] == aces
                           else ActionKind.SHOW))
    assert state.is_over and state.payoffs[aces] < 0 < state.payoffs[1 - aces]


def test_the_straddle_acts_last_before_the_flop_and_sets_the_smallest_raise() -> None:
    state = new_hand("texas-holdem", players=5, seed=1, settings={"straddle": 4})
    assert state.table.bets[:3] == [1, 2, 4] and state.to_act == (3,)
    bet = state.bet_range(3)
    assert bet is not None and bet.minimum == 8
    for seat in (3, 4, 0, 1):
        state.apply(Action(seat, ActionKind.CALL))
    assert state.to_act == (2,)   # the straddle's option
    assert {a.kind for a in state.legal_actions(2)} >= {ActionKind.CHECK}


def test_a_big_blind_ante_goes_to_the_main_pot_even_from_a_short_big_blind() -> None:
    state = new_hand("texas-holdem", players=3, seed=2, stacks=[100, 30, 100],
                     settings={"big_blind_ante": 20, "big_blind": 10, "small_blind": 5})
    assert state.table.stacks[1] == 0   # the ante 20 and the blind 10: all in
    state.apply(Action(2, ActionKind.RAISE, amount=40))
    state.apply(Action(0, ActionKind.CALL))
    main, side = state.table.pots()
    # The ante is in the pot the short big blind can win, and raises no level of its own.
    assert (main.amount, set(main.eligible)) == (20 + 3 * 10, {0, 1, 2})
    assert (side.amount, set(side.eligible)) == (2 * 30, {0, 2})
