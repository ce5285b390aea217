"""Wild cards, valued one hand at a time (``engine.wild``): against brute force on random
hands (every five cards, every replacement of every wild card), and in the words and
orders a player expects.

``WILD_HANDS=20000`` checks that many random hands against brute force instead of the
usual 800 (each also valued as one of the three lows).
"""

from __future__ import annotations

import os
import random

import pytest

from engine.cards import FULL_DECK, Card, DuplicateCardError, Rank, parse_cards
from engine.hands import Category, HandKind, best_high, best_low
from engine.wild import (
    LOW_KINDS,
    Joker,
    WildCards,
    best_wild_high,
    best_wild_low,
    follow_the_queen_rank,
    lowest_rank,
)
from tests.support.scale import scaled
from tests.support.wild import BUG, FULL, brute_high, brute_low

HANDS = int(os.environ.get("WILD_HANDS", scaled(800)))
DEUCES = WildCards(ranks=frozenset({Rank.TWO}))
BUGGED = WildCards(joker=Joker.BUG)


def random_wild_hand(rng: random.Random) -> tuple[list[Card], WildCards, int]:
    """5 to 7 cards, up to two wild ranks, perhaps a joker (wild or the bug)."""
    size, jokers = rng.choice((5, 6, 7)), rng.choice((0, 0, 1))
    ranks = frozenset(rng.sample(list(Rank), rng.choice((0, 1, 1, 2))))
    return (rng.sample(FULL_DECK, size - jokers),
            WildCards(ranks=ranks, joker=rng.choice(list(Joker))), jokers)


def test_random_hands_agree_with_every_replacement_tried() -> None:
    rng = random.Random(41)
    for _ in range(HANDS):
        cards, wild, jokers = random_wild_hand(rng)
        ranks = frozenset(int(r) for r in wild.ranks)
        high = best_wild_high(cards, wild, jokers=jokers)
        joker = BUG if wild.joker is Joker.BUG else FULL
        assert high.score == brute_high(cards, ranks, jokers=jokers, joker=joker), (
            cards, wild, jokers)
        kind = rng.choice(LOW_KINDS)
        low = best_wild_low(cards, wild, jokers=jokers, ranking=kind)
        assert low.score == brute_low(cards, ranks, jokers=jokers, kind=kind), (
            cards, wild, jokers, kind)
        assert low.kind is kind and high.kind is HandKind.HIGH
        assert len(high.cards) == len(low.cards) == 5


def test_a_hand_without_wild_cards_is_valued_as_without_them() -> None:
    rng = random.Random(7)
    for _ in range(scaled(300)):
        cards = rng.sample(FULL_DECK, rng.choice((5, 6, 7)))
        wild = WildCards(ranks=frozenset(set(Rank) - {c.rank for c in cards}))
        assert best_wild_high(cards, wild) == best_high(cards)
        assert best_wild_high(cards, wild).cards == best_high(cards).cards
        assert best_wild_low(cards, wild, ranking="ace-to-six") == best_low(cards, "ace-to-six")


@pytest.mark.parametrize(("text", "wild", "jokers", "words"), [
    ("Ah Ad As 2c 2d 9h 8c", DEUCES, 0, "Five of a kind, aces"),
    ("2c 2d 2h 2s 7c", DEUCES, 0, "Five of a kind, sevens"),
    ("2c 2d 2h 2s", DEUCES, 1, "Five of a kind, aces"),
    ("2c Ah Kh Qh Jh", DEUCES, 0, "Royal flush"),
    ("2c 2d 9h 8h 5h", DEUCES, 0, "Nine-high straight flush"),
    ("2c 3d 8h 8s 4c", DEUCES, 0, "Three of a kind, eights"),
    ("2c Kd 9h 7s 4c", DEUCES, 0, "Pair of kings"),
    ("2c Kh 9h 7h 4h", DEUCES, 0, "Ace-high flush"),
    ("Kc 9h 7s 4d", BUGGED, 1, "Ace high"),
    ("Ac 9h 7s 4d", BUGGED, 1, "Pair of aces"),
    ("Ac Ad Ah As", BUGGED, 1, "Five of a kind, aces"),
    ("Kh Qh Jh 10c 8c", BUGGED, 1, "Ace-high straight"),
    ("Kh Qh 9h 4h 8c", BUGGED, 1, "Ace-high flush"),
    ("Ah Kh Qh 4h 8c", BUGGED, 1, "Ace-high flush"),
    ("Kc Kd 7h 7s", BUGGED, 1, "Two pair, kings and sevens"),
    ("Kc Kd 7h 7s", WildCards(), 1, "Full house, kings full of sevens"),
])
def test_words_for_wild_hands(text: str, wild: WildCards, jokers: int, words: str) -> None:
    assert best_wild_high(parse_cards(text), wild, jokers=jokers).describe() == words


def test_five_of_a_kind_beats_a_royal_flush_and_is_no_natural_category() -> None:
    five = best_wild_high(parse_cards("2c 2d 3h 3s 3c"), DEUCES)
    royal = best_wild_high(parse_cards("Ah Kh Qh Jh 10h"), DEUCES)
    assert five.category is Category.FIVE_OF_A_KIND is Category(10)
    assert five > royal and royal.category is Category.ROYAL_FLUSH
    assert Category.FIVE_OF_A_KIND not in list(Category)
    assert Category.FIVE_OF_A_KIND.label == "Five of a kind"
    assert Category.FIVE_OF_A_KIND.phrase == "five of a kind"


def test_the_bug_completes_a_straight_or_flush_only() -> None:
    pair = best_wild_high(parse_cards("Kc Kd 9h 5s"), BUGGED, jokers=1)
    assert pair.describe() == "Pair of kings" and [str(c) for c in pair.cards][2] == "A♠"
    wild = best_wild_high(parse_cards("Kc Kd 9h 5s"), WildCards(), jokers=1)
    assert wild.describe() == "Three of a kind, kings"


def test_a_natural_hand_beats_a_wild_one_of_equal_rank_when_announced() -> None:
    rule = WildCards(ranks=frozenset({Rank.TWO}), natural_first=True)
    natural = best_wild_high(parse_cards("Ah Kh 9h 7h 5h"), rule)
    wild = best_wild_high(parse_cards("2c Kd 9d 7d 5d"), rule)
    stronger = best_wild_high(parse_cards("2c Kd Jd 7d 5d"), rule)
    assert natural.describe() == wild.describe() == "Ace-high flush"
    assert natural > wild and stronger > natural
    assert natural.kind is HandKind.HIGH_NATURAL
    assert natural == best_wild_high(parse_cards("As Ks 9s 7s 5s"), rule)
    # A hand holding a wild card that it does not need is natural.
    royal = best_wild_high(parse_cards("Ah Kh Qh Jh 10h 2c"), rule)
    assert royal == best_wild_high(parse_cards("As Ks Qs Js 10s"), rule)
    assert royal > best_wild_high(parse_cards("2c Kh Qh Jh 10h"), rule)
    plain = best_wild_high(parse_cards("2c Kd 9d 7d 5d"), DEUCES)
    with pytest.raises(TypeError):
        _ = plain < natural


@pytest.mark.parametrize(("text", "kind", "words"), [
    ("2c 3d 4h 5s", HandKind.ACE_TO_FIVE, "Five-four low"),
    ("2c 3d 4h 5s", HandKind.DEUCE_TO_SEVEN, "Seven-five low"),
    ("Ac 2d 3h 4s", HandKind.ACE_TO_SIX, "Six-four low"),
    ("3c 4d 5h 6s", HandKind.DEUCE_TO_SEVEN, "Eight-six low"),
    ("2c 3c 4c 5c", HandKind.ACE_TO_SIX, "Seven-five low"),
    ("Kc Kd Kh Ks", HandKind.ACE_TO_FIVE, "Four of a kind, kings (low)"),
])
def test_a_joker_plays_as_the_best_low_card_it_can(text: str, kind: HandKind,
                                                   words: str) -> None:
    for wild in (WildCards(), BUGGED):
        value = best_wild_low(parse_cards(text), wild, jokers=1, ranking=kind)
        assert value.describe() == words


def test_wild_ranks_set_by_the_deal() -> None:
    assert follow_the_queen_rank(parse_cards("5c Qh 7d Ks")) is Rank.SEVEN
    assert follow_the_queen_rank(parse_cards("5c Qh 7d Ks Qc 3h")) is Rank.THREE
    assert follow_the_queen_rank(parse_cards("5c Qh 7d Qc")) is None
    assert follow_the_queen_rank(parse_cards("Qc Qh 7d")) is Rank.SEVEN
    assert follow_the_queen_rank([]) is None
    queens = WildCards(ranks=frozenset({Rank.QUEEN}))
    rule = queens.with_ranks(follow_the_queen_rank(parse_cards("5c Qh 7d Ks")))
    assert rule.ranks == {Rank.QUEEN, Rank.SEVEN}
    assert queens.with_ranks(None) == queens
    assert lowest_rank(parse_cards("Ah 9c 4d")) is Rank.FOUR
    kings = WildCards(ranks=frozenset({Rank.KING}))
    hole = parse_cards("4d 9c Kh")
    value = best_wild_high(hole + parse_cards("4s Ac Ad 7h"), kings.with_ranks(lowest_rank(hole)))
    assert value.describe() == "Five of a kind, aces"
    with pytest.raises(ValueError, match="no hole card"):
        lowest_rank([])


@pytest.mark.parametrize(("call", "error"), [
    (lambda: best_wild_high(parse_cards("2c 3d 4h 5s"), DEUCES), "5 to 10 cards"),
    (lambda: best_wild_high(parse_cards("2c 3d 4h 5s 6s"), DEUCES, jokers=-1), "jokers"),
    (lambda: best_wild_high(parse_cards("2c 2c 4h 5s 6s"), DEUCES), "more than once"),
    (lambda: best_wild_low(parse_cards("2c 3d 4h 5s 6s"), ranking="high"), "not a low"),
    (lambda: best_wild_low(parse_cards("2c 3d 4h 5s 6s"), ranking="razz"), "razz"),
])
def test_bad_hands_are_refused_with_a_reason(call: object, error: str) -> None:
    with pytest.raises((ValueError, DuplicateCardError), match=error):
        call()  # type: ignore[operator]


@pytest.mark.parametrize(("text", "kind", "words"), [
    ("8d 4h 2h 3h 5h 7h", HandKind.DEUCE_TO_SEVEN, "Seven-five low"),
    ("Ah 2h 3h 4h 6h Kc", HandKind.ACE_TO_SIX, "Six-four low"),
    ("Ah 2h 3h 4h 6h 6c", HandKind.ACE_TO_SIX, "Six-four low"),
])
def test_five_low_cards_of_one_suit_and_a_joker_make_no_flush(text: str, kind: HandKind,
                                                               words: str) -> None:
    """The joker takes the place of one of them, in another suit."""
    assert best_wild_low(parse_cards(text), jokers=1, ranking=kind).describe() == words
