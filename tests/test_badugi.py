"""Badugi (``engine.badugi``): the scalar and batch values agree with each other, with a
brute force written here (every subset of the cards, ranked by size then its values
highest first), and order random hands as pokerkit's ``BadugiHand`` orders them."""

from __future__ import annotations

import random
from collections.abc import Sequence

import numpy as np
import pytest
from pokerkit import BadugiHand
from pokerkit import Card as PokerkitCard

from engine.badugi import best_badugi, rank_badugi
from engine.cards import FULL_DECK, Card, parse_cards
from engine.hands import HandKind
from tests.support.pokerkit_kept import kept
from tests.support.scale import scaled

POKERKIT_CARD = {c: PokerkitCard.clean(c.ascii)[0] for c in FULL_DECK}
POKERKIT_BADUGI = kept(BadugiHand)


def brute(cards: Sequence[Card]) -> tuple[int, tuple[int, ...]]:
    """(size, values highest first negated): greater is better."""
    best: tuple[int, tuple[int, ...]] = (0, ())
    for mask in range(1, 1 << len(cards)):
        chosen = [c for i, c in enumerate(cards) if mask >> i & 1]
        if len(chosen) > 4 or len({c.rank for c in chosen}) < len(chosen) or len(
                {c.suit for c in chosen}) < len(chosen):
            continue
        values = sorted((1 if c.rank == 14 else int(c.rank) for c in chosen), reverse=True)
        best = max(best, (len(chosen), tuple(-v for v in values)))
    return best


def test_random_hands_agree_with_brute_force_and_the_batch() -> None:
    rng = random.Random(4)
    for size in (4, 5, 6):
        hands = [rng.sample(FULL_DECK, size) for _ in range(scaled(300))]
        batch = rank_badugi(np.array([[c.code for c in h] for h in hands])).tolist()
        values = [best_badugi(h) for h in hands]
        assert [v.score for v in values] == batch
        keys = [brute(h) for h in hands]
        for a, b in zip(range(len(hands) - 1), range(1, len(hands)), strict=True):
            assert (values[a].score > values[b].score) == (keys[a] > keys[b])
            assert (values[a].score == values[b].score) == (keys[a] == keys[b])
        for value, key in zip(values, keys, strict=True):
            assert len(value.cards) == key[0] and value.kind is HandKind.BADUGI


def test_random_hands_order_as_pokerkit_orders_them() -> None:
    rng = random.Random(5)
    hands = [rng.sample(FULL_DECK, 4) for _ in range(scaled(1500))]
    ours = [best_badugi(h).score for h in hands]
    theirs = [POKERKIT_BADUGI.from_game([POKERKIT_CARD[c] for c in h]) for h in hands]
    order = sorted(range(len(hands)), key=lambda i: ours[i])
    for a, b in zip(order, order[1:], strict=False):
        assert (ours[a] < ours[b]) == (theirs[a] < theirs[b]), (hands[a], hands[b])
        assert (ours[a] == ours[b]) == (theirs[a] == theirs[b]), (hands[a], hands[b])


@pytest.mark.parametrize(("text", "words"), [
    ("4c 3d 2h As", "Four-card badugi, four-three-two-ace"),
    ("Kc 7c 4d 2h", "Three-card hand, seven-four-two"),
    ("Kc Kd Kh Ks", "One-card hand, king"),
    ("Ac 2c 3c 4c", "One-card hand, ace"),
    ("2s 3d 3c 4d", "Three-card hand, four-three-two"),
    ("5c 2d 8h Ks 3s 4h", "Four-card badugi, five-four-three-two"),
])
def test_words(text: str, words: str) -> None:
    assert best_badugi(parse_cards(text)).describe() == words


def test_more_cards_beat_lower_ones_and_suits_never_break_a_tie() -> None:
    def score(text: str) -> int:
        return best_badugi(parse_cards(text)).score

    assert score("Kc Qd Jh 10s") > score("Ac 2d 3h 3s")
    assert score("4c 3d 2h As") > score("5c 3d 2h As") > score("5c 4d 2h As")
    assert score("4c 3d 2h As") == score("4s 3h 2d Ac")


def test_bad_hands_are_refused() -> None:
    with pytest.raises(ValueError, match="1 to 10"):
        best_badugi([])
    with pytest.raises(ValueError, match="more than once"):
        best_badugi(parse_cards("Ac Ac 3d 4h"))
    with pytest.raises(ValueError, match="0 to 51"):
        rank_badugi(np.array([[0, 1, 2, 52]]))
    with pytest.raises(ValueError, match="1 to 10"):
        rank_badugi(np.zeros((1, 11), dtype=np.int64))
