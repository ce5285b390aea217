"""Badugi hands are valued above ``engine.hands``: the games' valuation reaches
``engine.badugi``, and ``best_low`` refuses badugi with a clear message rather than
valuing the cards as a five-card low."""

from __future__ import annotations

import pytest

from engine.badugi import best_badugi
from engine.cards import parse_cards
from engine.games.hand_types import HandTypes, best_low_hand
from engine.hands import LowRanking, best_low


def test_the_games_value_a_badugi_hand_through_engine_badugi() -> None:
    cards = parse_cards("Kc 4c 3d 2d 7h")
    assert best_low_hand(cards, LowRanking.BADUGI) == best_badugi(cards)
    assert best_low_hand(cards, "badugi").describe() == best_badugi(cards).describe()
    _, low = HandTypes(high=False, low=LowRanking.BADUGI).best(cards[:4], [])
    assert low == best_badugi(cards[:4])


def test_the_five_card_lows_are_unchanged() -> None:
    cards = parse_cards("7c 5d 4h 3s 2c 2d Ah")
    for ranking in (LowRanking.ACE_TO_FIVE, LowRanking.DEUCE_TO_SEVEN):
        assert best_low_hand(cards, ranking) == best_low(cards, ranking)


def test_best_low_refuses_badugi_with_a_clear_message() -> None:
    with pytest.raises(ValueError, match="badugi"):
        best_low(parse_cards("4c 3d 2h As"), LowRanking.BADUGI)
