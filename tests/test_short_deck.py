"""Short-deck high hands (``engine.short_deck``): scalar and batch agree, and random
hands of the 36-card deck order and name as pokerkit's ``ShortDeckHoldemHand`` does
(a flush above a full house, A-6-7-8-9 the lowest straight)."""

from __future__ import annotations

import random

import numpy as np
import pytest
from pokerkit import Card as PokerkitCard
from pokerkit import ShortDeckHoldemHand

from engine.cards import FULL_DECK, Rank, parse_cards
from engine.hands import Category, HandKind
from engine.short_deck import best_short_deck, rank_short_deck
from tests.support.pokerkit_kept import kept
from tests.support.scale import scaled

SHORT_DECK = [c for c in FULL_DECK if c.rank >= Rank.SIX]
POKERKIT_CARD = {c: PokerkitCard.clean(c.ascii)[0] for c in SHORT_DECK}
POKERKIT_SHORT_DECK = kept(ShortDeckHoldemHand)


def test_the_deck_has_36_cards() -> None:
    assert len(SHORT_DECK) == 36


def test_scalar_and_batch_agree() -> None:
    rng = random.Random(36)
    for size in (5, 6, 7):
        hands = [rng.sample(SHORT_DECK, size) for _ in range(scaled(400))]
        batch = rank_short_deck(np.array([[c.code for c in h] for h in hands]))
        assert batch.tolist() == [best_short_deck(h).score for h in hands]


def test_random_hands_order_and_name_as_pokerkit_does() -> None:
    rng = random.Random(6)
    hands = [rng.sample(SHORT_DECK, 7) for _ in range(scaled(800))]
    ours = [best_short_deck(h) for h in hands]
    theirs = [POKERKIT_SHORT_DECK.from_game([POKERKIT_CARD[c] for c in h]) for h in hands]
    for value, hand in zip(ours, theirs, strict=True):
        category = Category.STRAIGHT_FLUSH if value.category is Category.ROYAL_FLUSH \
            else value.category
        assert category.name == hand.entry.label.name
    order = sorted(range(len(hands)), key=lambda i: ours[i].score)
    for a, b in zip(order, order[1:], strict=False):
        assert (ours[a] < ours[b]) == (theirs[a] < theirs[b]), (hands[a], hands[b])
        assert (ours[a] == ours[b]) == (theirs[a] == theirs[b]), (hands[a], hands[b])


@pytest.mark.parametrize(("text", "words"), [
    ("Ah 6h 7s 8c 9s Kd Kc", "Nine-high straight"),
    ("Ah 6h 7h 8h 9h", "Nine-high straight flush"),
    ("6s 7s 8s 10s Qs Qc Qd", "Queen-high flush"),
    ("As Ah Kc Kh Kd", "Full house, kings full of aces"),
    ("10s Jh Qc Kd Ac", "Ace-high straight"),
])
def test_words(text: str, words: str) -> None:
    value = best_short_deck(parse_cards(text))
    assert value.describe() == words and value.kind is HandKind.SHORT_DECK


def test_a_flush_beats_a_full_house_and_the_lowest_straight_is_ace_to_nine() -> None:
    def score(text: str) -> int:
        return best_short_deck(parse_cards(text)).score

    assert score("6s 7s 8s 10s Qs") > score("As Ah Kc Kh Kd") > score("Ac Kc Qd Jh 10s")
    assert score("6c 7d 8h 9s 10c") > score("Ah 6h 7s 8c 9s") > score("Ac Ad Ah Kc Qd")


def test_cards_outside_the_short_deck_are_refused() -> None:
    with pytest.raises(ValueError, match="not in a short deck"):
        best_short_deck(parse_cards("Ah 2h 3s 4c 5s"))
    with pytest.raises(ValueError, match="six to ace"):
        rank_short_deck(np.array([[0, 16, 20, 24, 28]]))
    with pytest.raises(ValueError, match="5 to 10"):
        best_short_deck(parse_cards("Ah 6h 7s 8c"))
