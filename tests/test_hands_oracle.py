"""Agreement with pokerkit, an independent evaluator, on high and both low rankings.

For each ranking, every pair of hands in a sample must be ordered the same way
(same winner, or a tie) by our scores and by pokerkit's, and every hand must get
the same category. Checking that the two orders are the same sorted order covers
all pairs at once. pokerkit's classes: ``StandardHighHand`` (high),
``RegularLowHand`` (ace-to-five: aces low, straights and flushes ignored) and
``StandardLowHand`` (deuce-to-seven: aces high, straights and flushes count).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from itertools import combinations_with_replacement

import pytest
from pokerkit import Card as PokerkitCard
from pokerkit import Hand, RegularLowHand, StandardHighHand, StandardLowHand

from engine.cards import FULL_DECK, Card, Rank, Suit
from engine.hands import Category, HandKind, HandValue, LowRanking, best_high, best_low
from tests.support.pokerkit_kept import kept
from tests.support.scale import scaled

POKERKIT_CARD = {c: PokerkitCard.clean(c.ascii)[0] for c in FULL_DECK}

ORACLES: dict[HandKind, tuple[type[Hand], Callable[[Sequence[Card]], HandValue]]] = {
    HandKind.HIGH: (kept(StandardHighHand), best_high),
    HandKind.ACE_TO_FIVE: (kept(RegularLowHand),
                           lambda cards: best_low(cards, LowRanking.ACE_TO_FIVE)),
    HandKind.DEUCE_TO_SEVEN: (kept(StandardLowHand),
                              lambda cards: best_low(cards, LowRanking.DEUCE_TO_SEVEN)),
}
"""pokerkit's hand type for each of ours that any five to seven of the 52 cards make (its
entries kept: ``tests/support/pokerkit_kept.py``). The other kinds have tests of their own: wild
cards and ace-to-six against brute force, the short deck and badugi against pokerkit."""


def _our_category(category: Category) -> str:
    """pokerkit has no separate royal flush: it is its best straight flush."""
    return (Category.STRAIGHT_FLUSH if category is Category.ROYAL_FLUSH else category).name


def _strength(hand: Hand) -> int:
    """pokerkit's entry index, turned so that greater is better for lows too."""
    return -hand.entry.index if hand.low else hand.entry.index


def assert_same_order(kind: HandKind, hands: list[list[Card]], *, from_game: bool) -> None:
    """Our ranking and pokerkit's sort ``hands`` identically, ties included."""
    oracle, ours = ORACLES[kind]
    strength_of: dict[int, tuple[int, list[Card]]] = {}
    for cards in hands:
        converted = [POKERKIT_CARD[c] for c in cards]
        theirs = oracle.from_game(converted) if from_game else oracle(converted)
        value = ours(cards)
        assert _our_category(value.category) == theirs.entry.label.name, cards
        strength = _strength(theirs)
        known = strength_of.setdefault(value.score, (strength, cards))
        assert known[0] == strength, f"{known[1]} and {cards} tie for us but not for pokerkit"
    ranked = sorted(strength_of.items())
    for (_, (lower, worse)), (_, (higher, better)) in zip(ranked, ranked[1:], strict=False):
        assert lower < higher, f"we rank {better} above {worse}; pokerkit does not"


def _every_five_card_class() -> list[list[Card]]:
    """One hand for each rank pattern, and a suited one where the ranks differ."""
    hands = []
    for pattern in combinations_with_replacement(list(Rank), 5):
        if any(pattern.count(r) > 4 for r in pattern):
            continue
        suits: list[Suit] = []
        for i, r in enumerate(pattern):
            suits.append(Suit(pattern[:i].count(r)))
        if len(set(pattern)) == 5:
            hands.append([Card(r, Suit.DIAMONDS) for r in pattern])
            suits[0] = Suit.SPADES
        hands.append([Card(r, s) for r, s in zip(pattern, suits, strict=True)])
    return hands


@pytest.mark.parametrize("kind", list(ORACLES))
def test_every_five_card_class_agrees(kind: HandKind) -> None:
    hands = _every_five_card_class()
    assert len(hands) == 7_462
    assert_same_order(kind, hands, from_game=False)


@pytest.mark.parametrize("kind", list(ORACLES))
def test_random_five_card_hands_agree(kind: HandKind) -> None:
    """Every rank pattern is checked above; random hands add mixed suits (ten times as
    many in the deep mode)."""
    rng = random.Random(f"five {kind}")
    hands = [rng.sample(FULL_DECK, 5) for _ in range(scaled(10_000))]
    assert_same_order(kind, hands, from_game=False)


@pytest.mark.parametrize("kind", list(ORACLES))
def test_random_seven_card_hands_agree(kind: HandKind) -> None:
    rng = random.Random(f"seven {kind}")
    hands = [rng.sample(FULL_DECK, 7) for _ in range(scaled(1_500))]
    assert_same_order(kind, hands, from_game=True)
