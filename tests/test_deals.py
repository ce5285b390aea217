"""Typed deals: the stacked deck found for cards typed per seat gives each seat exactly them.

The oracle is the hand itself: after every decision of a randomly played
hand, each seat must hold its typed cards in the order typed (seven-card
stud keeps cards in deal order), however many seats have folded.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.bots import RandomBot
from engine.cards import FULL_DECK, Card, parse_cards
from engine.deals import DealError, deal_plan, deck_from_seats
from engine.games import GAMES, new_hand, replay


def _typed(rng: random.Random, players: int, per_seat: int,
           boards: tuple[int, ...] = ()) -> tuple[list[list[Card]], list[list[Card]]]:
    cards = list(FULL_DECK)
    rng.shuffle(cards)
    seats = [[cards.pop() for _ in range(rng.randint(0, per_seat))] for _ in range(players)]
    board_cards = [[cards.pop() for _ in range(rng.randint(0, n))] for n in boards]
    return seats, board_cards


def _stud_holds(state_cards: list[list[Card]], typed: list[list[Card]]) -> None:
    for seat, (got, wanted) in enumerate(zip(state_cards, typed, strict=False)):
        shared = min(len(got), len(wanted))
        assert got[:shared] == wanted[:shared], f"seat {seat}: dealt {got}, typed {wanted}"


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.integers(2, 8))
def test_stud_typed_cards_survive_every_fold(seed: int, players: int) -> None:
    rng = random.Random(seed)
    plan = deal_plan("seven-card-stud", players=players)
    typed, _ = _typed(rng, players, plan.seat_cards)
    deck = deck_from_seats("seven-card-stud", players=players, seat_cards=typed, seed=seed)
    state = new_hand("seven-card-stud", players=players, seed=seed, deck=deck)
    _stud_holds([[h.card for h in cards] for cards in state.cards], typed)
    actions = []
    bot = RandomBot()
    while not state.is_over:
        actions.append(bot.choose(state, state.to_act[0], rng))
        deck = deck_from_seats("seven-card-stud", players=players, seat_cards=typed, seed=seed,
                               actions=actions, start=deck)
        state = replay("seven-card-stud", players=players, seed=seed, deck=deck, actions=actions)
        _stud_holds([[h.card for h in cards] for cards in state.cards], typed)
    assert deck_from_seats("seven-card-stud", players=players, seat_cards=typed, seed=seed,
                           actions=actions) == deck, "a start deck changed the answer"


@pytest.mark.parametrize("game_id", list(GAMES))
def test_every_game_deals_the_typed_cards_and_boards(game_id: str) -> None:
    game = GAMES[game_id]
    players = 4 if game.min_players <= 4 <= game.max_players else game.min_players
    plan = deal_plan(game_id, players=players)
    rng = random.Random(game_id)
    for _ in range(2):
        typed, boards = _typed(rng, players, plan.seat_cards, plan.boards)
        deck = deck_from_seats(game_id, players=players, seat_cards=typed, boards=boards, seed=3)
        assert sorted(deck) == sorted(FULL_DECK)
        state = new_hand(game_id, players=players, seed=3, deck=deck)
        for seat, wanted in enumerate(typed):
            dealt = [h.card for h in state.cards[seat]]
            shared = min(len(dealt), len(wanted))
            assert dealt[:shared] == wanted[:shared], (seat, dealt, wanted)
        actions = []
        bot = RandomBot()
        while not state.is_over:
            actions.append(bot.choose(state, state.to_act[0], rng))
            deck = deck_from_seats(game_id, players=players, seat_cards=typed, boards=boards,
                                   seed=3, actions=actions, start=deck)
            state = replay(game_id, players=players, seed=3, deck=deck, actions=actions)
        for index, wanted in enumerate(boards):
            if index < len(state.boards):
                assert state.boards[index][:len(wanted)] == wanted[:len(state.boards[index])]


def test_plan_describes_each_game() -> None:
    assert deal_plan("seven-card-stud", players=4).describe() == \
        "7 cards each: down, down, up, up, up, up, down"
    assert deal_plan("seven-card-stud", players=8).boards == (1,)
    if "double-sophie" in GAMES:
        assert deal_plan("double-sophie", players=3).boards == (5, 5)


@pytest.mark.parametrize(("seats", "boards", "message"), [
    (["Kh Qh", "2c Kh"], [], "K♥ is typed for Seat 1 and for Seat 2"),
    (["Kh Qh Kh"], [], "K♥ is typed twice for Seat 1"),
    (["Kh 2c 3c 4c 5c 6c 7c 8c"], [], "Seat 1: 8 cards typed, but each player is dealt at "
                                      "most 7"),
    (["Kh", "", "", "", "2c"], [], "cards are typed for 5 seats, but there are only 4"),
    (["Kh"], ["2c"], "1 card typed for the board, but this game deals it no cards"),
])
def test_bad_typed_deals_are_refused_with_reasons(seats: list[str], boards: list[str],
                                                   message: str) -> None:
    with pytest.raises(DealError, match=message):
        deck_from_seats("seven-card-stud", players=4, seat_cards=[parse_cards(s) for s in seats],
                        boards=[parse_cards(b) for b in boards])
