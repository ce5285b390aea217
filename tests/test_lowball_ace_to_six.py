"""Ace-to-six lows (``engine.hands.best_low`` and ``engine.lowball``): the ace counts one,
straights and flushes count against the hand. Scalar and batch values agree with each other
and with brute force."""

from __future__ import annotations

import random

import numpy as np
import pytest

from engine.cards import FULL_DECK, Card, parse_cards
from engine.hands import Category, HandKind, HandValue, best_low
from engine.lowball import rank_ace_to_six
from tests.support.scale import scaled
from tests.support.wild import brute_low


def best_ace_to_six(cards: list[Card]) -> HandValue:
    return best_low(cards, "ace-to-six")


def test_random_hands_agree_with_brute_force_and_the_batch() -> None:
    rng = random.Random(6)
    for size in (5, 6, 7):
        hands = [rng.sample(FULL_DECK, size) for _ in range(scaled(400))]
        batch = rank_ace_to_six(np.array([[c.code for c in h] for h in hands], dtype=np.uint8))
        for hand, score in zip(hands, batch.tolist(), strict=True):
            value = best_ace_to_six(hand)
            assert value.score == score == brute_low(hand, frozenset(), kind="ace-to-six")
            assert value.kind is HandKind.ACE_TO_SIX


@pytest.mark.parametrize(("text", "words"), [
    ("6c 4d 3h 2s Ac", "Six-four low"),
    ("Ac 2d 3h 4s 5c 6d Kh", "Six-four low"),
    ("Ac 2d 3h 4s 5c", "Five-high straight (low)"),
    ("10c Jd Qh Ks Ac", "King-queen low"),
    ("2c 4c 5c 6c 7c 2d", "Seven-six low"),
    ("2c 4c 5c 6c 7c", "Seven-high flush (low)"),
    ("Ac Ad 2h 3s 4c", "Pair of aces (low)"),
])
def test_words(text: str, words: str) -> None:
    assert best_ace_to_six(parse_cards(text)).describe() == words


def test_order_a_player_expects() -> None:
    def low(text: str) -> int:
        return best_ace_to_six(parse_cards(text)).score

    assert low("6c 4d 3h 2s Ac") > low("6c 5d 3h 2s Ac") > low("7c 4d 3h 2s Ac")
    assert low("Kc Qd Jh 9s 8c") > low("Ac Ad 2h 3s 4c") > low("2c 2d 3h 3s 4c")
    assert low("7c 4c 3c 2c Ac") < low("Kc Qd Jh 9s 8c")  # a flush is no low
    assert best_ace_to_six(parse_cards("7c 4c 3c 2c Ac")).category is Category.FLUSH


def test_bad_hands_are_refused() -> None:
    with pytest.raises(ValueError, match="5 to 10"):
        best_ace_to_six(parse_cards("Ac 2c 3c 4c"))
    with pytest.raises(ValueError, match="more than once"):
        best_ace_to_six(parse_cards("Ac Ac 3c 4c 5d"))
    with pytest.raises(ValueError, match="0 to 51"):
        rank_ace_to_six(np.array([[0, 1, 2, 3, 52]]))
    with pytest.raises(ValueError, match="5, 6 or 7"):
        rank_ace_to_six(np.array([[0, 1, 2, 3]]))
