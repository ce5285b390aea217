"""Each repertoire game's own rule against a brute force or a stacked deal: the hand a
five-card Omaha game values is the best of every two of the five hole cards with every
three of the board; the games dealt from their data files alone play their rule where
the declaration says."""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from engine.cards import FULL_DECK
from engine.games import GAMES
from engine.games.hand_types import low_qualifies
from engine.hands import best_high, best_low

HANDS = 120
"""Random deals per game: enough to meet every kind of hand often, within a few tenths of
a CPU-second."""


def _brute_high(hole, board):  # type: ignore[no-untyped-def]
    return max(best_high([*two, *three]) for two in combinations(hole, 2)
               for three in combinations(board, 3))


def _brute_low(hole, board):  # type: ignore[no-untyped-def]
    return max(best_low([*two, *three]) for two in combinations(hole, 2)
               for three in combinations(board, 3))


@pytest.mark.parametrize("game_id", ["five-card-omaha", "big-o"])
def test_five_hole_cards_play_exactly_two_with_three_from_the_board(game_id: str) -> None:
    game = GAMES[game_id]
    settings = game.settings_type()
    rng = random.Random(5)
    for _ in range(HANDS):
        cards = rng.sample(FULL_DECK, 10)
        hole, board = cards[:5], cards[5:]
        high, _ = game.evaluate(settings, hole, board)
        assert high is not None
        assert high == _brute_high(hole, board), (hole, board)
        assert len(set(high.cards) & set(hole)) == 2


def test_big_o_plays_exactly_two_and_three_for_each_half() -> None:
    """Big O's low is the best eight-or-better low of two hole cards and three board cards,
    each half choosing its own two: against the brute force, and the low's two hole cards
    differ from the high's where the brute force says they must."""
    game = GAMES["big-o"]
    settings = game.settings_type()
    assert game.hand_types(settings).qualifier == 8
    rng = random.Random(8)
    apart = 0
    for _ in range(HANDS):
        cards = rng.sample(FULL_DECK, 10)
        hole, board = cards[:5], cards[5:]
        high, low = game.evaluate(settings, hole, board)
        assert high is not None and low is not None
        brute = _brute_low(hole, board)
        assert low == brute, (hole, board)
        assert low_qualifies(low, 8) == low_qualifies(brute, 8)
        assert len(set(low.cards) & set(hole)) == 2
        apart += low_qualifies(low, 8) and set(low.cards) & set(hole) != set(
            high.cards) & set(hole)
    assert apart > 0, "some deals play other hole cards for each half"
