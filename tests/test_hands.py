"""Scalar hand evaluation: categories, tie-breaks, lows, team hands, showing order."""

from __future__ import annotations

from collections import Counter
from itertools import combinations, combinations_with_replacement
from math import comb, prod

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.cards import FULL_DECK, Card, DuplicateCardError, Rank, Suit, parse_cards
from engine.hands import (
    Category,
    HandKind,
    HandValue,
    LowRanking,
    all_high_using,
    best_high,
    best_high_using,
    best_low,
    bring_in_order,
    describe_showing,
    showing_order,
)
from tests.support.scale import scaled

RANKINGS = [r for r in LowRanking if r is not LowRanking.BADUGI]
"""The five-card lows ``best_low`` values; badugi is valued above it (tests/test_badugi.py)."""


def high(text: str) -> HandValue:
    return best_high(parse_cards(text, distinct=True))


def low(text: str, ranking: LowRanking = LowRanking.ACE_TO_FIVE) -> HandValue:
    return best_low(parse_cards(text, distinct=True), ranking)


def ranks(value: HandValue) -> list[int]:
    return [int(c.rank) for c in value.cards]


# --- Categories and their descriptions ---------------------------------------

@pytest.mark.parametrize(("text", "category", "words"), [
    ("As Ks Qs Js Ts", Category.ROYAL_FLUSH, "Royal flush"),
    ("9h 8h 7h 6h 5h", Category.STRAIGHT_FLUSH, "Nine-high straight flush"),
    ("5s 4s 3s 2s As", Category.STRAIGHT_FLUSH, "Five-high straight flush"),
    ("Ac Ad Ah As 7c", Category.FOUR_OF_A_KIND, "Four of a kind, aces"),
    ("Qc Qd Qh 4s 4c", Category.FULL_HOUSE, "Full house, queens full of fours"),
    ("Kd 9d 7d 4d 2d", Category.FLUSH, "King-high flush"),
    ("Ah 2c 3d 4s 5h", Category.STRAIGHT, "Five-high straight"),
    ("Td 9c 8h 7s 6c", Category.STRAIGHT, "Ten-high straight"),
    ("7c 7d 7h Ks 2c", Category.THREE_OF_A_KIND, "Three of a kind, sevens"),
    ("Jc Jd 4h 4s 9c", Category.TWO_PAIR, "Two pair, jacks and fours"),
    ("6c 6d Ah 4s 9c", Category.ONE_PAIR, "Pair of sixes"),
    ("Tc Td Ah 4s 9c", Category.ONE_PAIR, "Pair of tens"),
    ("Ac Jd 8h 4s 2c", Category.HIGH_CARD, "Ace high"),
])
def test_every_category_and_its_description(text: str, category: Category, words: str) -> None:
    value = high(text)
    assert value.category is category
    assert value.kind is HandKind.HIGH
    assert value.describe() == words
    assert value.score >> 20 == category


def test_categories_are_ordered_and_labelled() -> None:
    assert list(Category) == sorted(Category)
    assert Category.FULL_HOUSE.label == "Full house"
    assert Category.ROYAL_FLUSH.label == "Royal flush"
    assert Category.HIGH_CARD.label == "High card"
    ladder = ["Ac Jd 8h 4s 2c", "6c 6d Ah 4s 9c", "Jc Jd 4h 4s 9c", "7c 7d 7h Ks 2c",
              "Ah 2c 3d 4s 5h", "Kd 9d 7d 4d 2d", "Qc Qd Qh 4s 4c", "Ac Ad Ah As 7c",
              "5s 4s 3s 2s As", "As Ks Qs Js Ts"]
    values = [high(text) for text in ladder]
    assert values == sorted(values)
    assert len(set(values)) == len(values)


# --- The shared score encoding (engine.fast returns these same integers) -----

def test_score_encoding_pins_the_shared_layout() -> None:
    assert high("As Ks Qs Js Ts").score == 9 << 20 | 14 << 16
    assert high("9h 8h 7h 6h 5h").score == 8 << 20 | 9 << 16
    assert high("Ah 2c 3d 4s 5h").score == 4 << 20 | 5 << 16
    assert high("Qc Qd Qh 4s 4c").score == 6 << 20 | 12 << 16 | 4 << 12
    assert high("Ac Ad Ah As 7c").score == 7 << 20 | 14 << 16 | 7 << 12
    assert high("Jc Jd 4h 4s 9c").score == 2 << 20 | 11 << 16 | 4 << 12 | 9 << 8
    assert high("Ac Jd 8h 4s 2c").score == 14 << 16 | 11 << 12 | 8 << 8 | 4 << 4 | 2
    assert low("5c 4d 3h 2s Ac").score == 0x7FFFFF - (5 << 16 | 4 << 12 | 3 << 8 | 2 << 4 | 1)
    assert low("Ac Ad 3h 2s 4c").score == 0x7FFFFF - (1 << 20 | 1 << 16 | 4 << 12 | 3 << 8 | 2 << 4)
    assert (low("7c 5d 4h 3s 2c", LowRanking.DEUCE_TO_SEVEN).score
            == 0xFFFFFF - (7 << 16 | 5 << 12 | 4 << 8 | 3 << 4 | 2))
    assert (low("Ac 5d 4h 3s 2c", LowRanking.DEUCE_TO_SEVEN).score
            == 0xFFFFFF - (14 << 16 | 5 << 12 | 4 << 8 | 3 << 4 | 2))


def _decoded(value: HandValue) -> list[int]:
    """The tie-break nibbles of a high score, without the unused trailing slots."""
    nibbles = [value.score >> shift & 15 for shift in (16, 12, 8, 4, 0)]
    while nibbles and nibbles[-1] == 0:
        nibbles.pop()
    return nibbles


def _groups(value: HandValue) -> list[int]:
    """The ranks of the cards used, one per group, in the order the cards list them."""
    seen: list[int] = []
    for c in value.cards:
        if not seen or seen[-1] != c.rank:
            seen.append(int(c.rank))
    return seen


hands = st.lists(st.sampled_from(FULL_DECK), min_size=5, max_size=10, unique=True)


@given(hands)
def test_score_packs_the_cards_it_reports(cards: list[Card]) -> None:
    value = best_high(cards)
    assert value.score >> 20 == value.category
    if value.category in (Category.STRAIGHT, Category.STRAIGHT_FLUSH, Category.ROYAL_FLUSH):
        assert _decoded(value) == [int(value.cards[0].rank)]
        assert ranks(value) == ([5, 4, 3, 2, 14] if value.cards[0].rank == 5
                                else list(range(ranks(value)[0], ranks(value)[0] - 5, -1)))
    else:
        assert _decoded(value) == _groups(value)


# --- Tie-break edges -----------------------------------------------------------

def test_wheel_is_the_lowest_straight() -> None:
    wheel, six_high = high("Ah 2c 3d 4s 5h"), high("6h 2c 3d 4s 5h")
    assert wheel.category is six_high.category is Category.STRAIGHT
    assert wheel < six_high
    assert ranks(wheel) == [5, 4, 3, 2, 14]
    assert six_high.describe() == "Six-high straight"
    assert wheel > high("Ac Ad Ah Ks Qc")
    assert high("Ah Kc Qd Js Th") > high("Kc Qd Js Th 9h")


def test_steel_wheel_is_the_lowest_straight_flush() -> None:
    steel = high("As 2s 3s 4s 5s Ac Ad")
    assert steel.category is Category.STRAIGHT_FLUSH
    assert steel.describe() == "Five-high straight flush"
    assert steel < high("6s 2s 3s 4s 5s")
    assert steel > high("Ac Ad Ah As Kd")


def test_no_wrap_around_straight() -> None:
    assert high("Qh Kc Ad 2s 3h").category is Category.HIGH_CARD


def test_six_high_straight_found_over_a_wheel_in_seven_cards() -> None:
    value = high("Ah 2c 3d 4s 5h 6c Kd")
    assert value.describe() == "Six-high straight"


@pytest.mark.parametrize("text", [
    "Th 9c 8d 7s 6h 2h 3h 4h",
    "Th 9c 8d 7s 6h 2h 3h 4h Jc",
    "Th 9c 8d 7s 6h 2h 3h 4h Jc Qd",
])
def test_flush_beats_the_straight_in_the_same_cards(text: str) -> None:
    value = high(text)
    assert value.category is Category.FLUSH
    assert value.describe() == "Ten-high flush"
    assert [str(c) for c in value.cards] == ["10♥", "6♥", "4♥", "3♥", "2♥"]


def test_straight_flush_below_the_top_flush_cards() -> None:
    value = high("Ah Kh 9h 8h 7h 6h 5h")
    assert value.describe() == "Nine-high straight flush"


def test_two_flush_suits_in_ten_cards() -> None:
    value = high("Ah 9h 7h 5h 3h Ks Qs Js 9s 2s")
    assert value.category is Category.FLUSH
    assert ranks(value) == [14, 9, 7, 5, 3]
    assert {c.suit for c in value.cards} == {Suit.HEARTS}
    sf = high("Ah 9h 7h 5h 3h 6s 5s 4s 3s 2s")
    assert sf.describe() == "Six-high straight flush"


def test_full_house_beats_a_flush_in_eight_cards() -> None:
    assert high("Ah 9h 7h 5h 3h As Ac 9c").describe() == "Full house, aces full of nines"


def test_three_pairs_in_seven_cards() -> None:
    value = high("Kc Kd 9h 9s 4c 4d 2h")
    assert value.describe() == "Two pair, kings and nines"
    assert ranks(value) == [13, 13, 9, 9, 4]
    assert ranks(high("Kc Kd 9h 9s 4c 4d Qh"))[-1] == 12


def test_two_trips_in_seven_cards() -> None:
    value = high("8c 8d 8h 3s 3c 3d Ah")
    assert value.describe() == "Full house, eights full of threes"
    assert ranks(value) == [8, 8, 8, 3, 3]


def test_trips_and_two_pairs_take_the_higher_pair() -> None:
    assert high("5c 5d 5h Js Jc 9d 9h").describe() == "Full house, fives full of jacks"


def test_quads_take_the_best_kicker_even_from_trips() -> None:
    value = high("7c 7d 7h 7s Kc Kd Kh")
    assert value.describe() == "Four of a kind, sevens"
    assert ranks(value) == [7, 7, 7, 7, 13]
    assert high("7c 7d 7h 7s 2c 3d Ah") > value


@pytest.mark.parametrize(("better", "worse"), [
    ("Ac Kd Qh Js 9c", "Ad Kc Qs Jh 8d"),
    ("Ac Kd Qh 9s 3c", "Ad Kc Qs 9h 2d"),
    ("8c 8d Ah Ks 3c", "8h 8s Ac Kd 2c"),
    ("8c 8d Ah 5s 4c", "8h 8s Ac 5d 3c"),
    ("Jc Jd 4h 4s 9c", "Jh Js 4c 4d 8c"),
    ("7c 7d 7h As 3c", "7s 7d 7h Ad 2c"),
    ("Ah Jh 9h 6h 3h", "Ad Jd 9d 6d 2d"),
    ("Tc Td Ah 4s 9c 2d 3h", "Th Ts Ac 4d 8c 2h 3s"),
])
def test_kickers_down_to_the_fifth_card(better: str, worse: str) -> None:
    assert high(better) > high(worse)
    assert high(better).category is high(worse).category


def test_sixth_and_seventh_cards_never_play() -> None:
    assert high("Ac Kd Qh Js 9c 3d 2h") == high("Ad Kc Qs Jh 9d 4c 3c")


def test_equal_hands_in_different_suits_tie() -> None:
    a, b = high("Ac Kd Qh Js 9c"), high("Ad Kc Qs Jh 9d")
    assert a == b and not a < b and not a > b and a <= b and a >= b
    assert hash(a) == hash(b) and len({a, b}) == 1
    assert high("Kh Qh 9h 5h 3h") == high("Ks Qs 9s 5s 3s")


def test_values_of_different_kinds_do_not_order() -> None:
    cards = parse_cards("Ac Kd Qh Js 9c")
    with pytest.raises(TypeError):
        _ = best_high(cards) < best_low(cards)
    with pytest.raises(TypeError):
        _ = best_low(cards) >= best_low(cards, LowRanking.DEUCE_TO_SEVEN)
    with pytest.raises(TypeError):
        _ = best_high(cards) < 5  # type: ignore[operator]
    assert best_high(cards) != best_low(cards)


def test_hand_value_is_frozen() -> None:
    value = high("Ac Kd Qh Js 9c")
    with pytest.raises(AttributeError):
        value.score = 0  # type: ignore[misc]


@pytest.mark.parametrize("count", [0, 4, 11])
def test_wrong_number_of_cards(count: int) -> None:
    cards = list(FULL_DECK[:count])
    with pytest.raises(ValueError, match="5 to 10"):
        best_high(cards)
    with pytest.raises(ValueError, match="5 to 10"):
        best_low(cards)


def test_duplicate_cards_are_refused() -> None:
    cards = parse_cards("Ac Kd Qh Js Ac")
    with pytest.raises(DuplicateCardError, match="A♣"):
        best_high(cards)
    for ranking in RANKINGS:
        with pytest.raises(DuplicateCardError):
            best_low(cards, ranking)
    with pytest.raises(ValueError):
        best_low(parse_cards("Ac Kd Qh Js 9c"), "razz")


def test_the_cards_used_are_ordered_and_do_not_depend_on_input_order() -> None:
    value = high("4s Qc 4c Qh Qd")
    assert [str(c) for c in value.cards] == ["Q♥", "Q♦", "Q♣", "4♠", "4♣"]
    picked = high("9c 9d 9h 9s Kc Kd").cards
    assert [str(c) for c in picked] == ["9♠", "9♥", "9♦", "9♣", "K♦"]


# --- Every five-card hand, counted by class ----------------------------------

def _five_card_classes() -> list[tuple[list[Card], int]]:
    """One hand per rank pattern and suitedness, with how many of the 2,598,960 it stands for."""
    classes = []
    for pattern in combinations_with_replacement(range(2, 15), 5):
        counts = Counter(pattern)
        if max(counts.values()) > 4:
            continue
        unsuited = [Card(Rank(r), Suit(i)) for r, n in counts.items() for i in range(n)]
        ways = prod(comb(4, n) for n in counts.values())
        if len(counts) == 5:
            unsuited[0] = Card(unsuited[0].rank, Suit.SPADES)
            classes.append(([Card(Rank(r), Suit.HEARTS) for r in pattern], 4))
            ways -= 4
        classes.append((unsuited, ways))
    return classes


FIVE_CARD_CLASSES = _five_card_classes()


def test_all_five_card_hands_by_category() -> None:
    counts: Counter[Category] = Counter()
    for cards, ways in FIVE_CARD_CLASSES:
        counts[best_high(cards).category] += ways
    assert sum(counts.values()) == comb(52, 5)
    assert counts == {
        Category.ROYAL_FLUSH: 4, Category.STRAIGHT_FLUSH: 36, Category.FOUR_OF_A_KIND: 624,
        Category.FULL_HOUSE: 3_744, Category.FLUSH: 5_108, Category.STRAIGHT: 10_200,
        Category.THREE_OF_A_KIND: 54_912, Category.TWO_PAIR: 123_552,
        Category.ONE_PAIR: 1_098_240, Category.HIGH_CARD: 1_302_540,
    }


def test_distinct_five_card_values() -> None:
    assert len(FIVE_CARD_CLASSES) == 7_462
    assert len({best_high(cards).score for cards, _ in FIVE_CARD_CLASSES}) == 7_462
    deuce = {best_low(cards, LowRanking.DEUCE_TO_SEVEN).score for cards, _ in FIVE_CARD_CLASSES}
    assert len(deuce) == 7_462
    ace = {best_low(cards).score for cards, _ in FIVE_CARD_CLASSES}
    assert len(ace) == 6_175


# --- Best of many equals the best five ---------------------------------------

@settings(max_examples=scaled(150), deadline=None)
@given(hands)
def test_best_high_is_the_best_five_card_subset(cards: list[Card]) -> None:
    value = best_high(cards)
    assert value == max(best_high(five) for five in combinations(cards, 5))
    assert len(set(value.cards)) == 5 and set(value.cards) <= set(cards)
    assert best_high(value.cards) == value


@settings(max_examples=scaled(120), deadline=None)
@given(hands, st.sampled_from(RANKINGS))
def test_best_low_is_the_best_five_card_subset(cards: list[Card], ranking: LowRanking) -> None:
    """Five cards for the five-card lows; badugi, a hand of up to four, by its own rule."""
    size = 4 if ranking is LowRanking.BADUGI else 5
    value = best_low(cards, ranking)
    assert value == max(best_low(hand, ranking) for hand in combinations(cards, size))
    assert len(set(value.cards)) <= size and set(value.cards) <= set(cards)
    if size == 5:
        assert len(value.cards) == 5
    assert best_low(value.cards, ranking) == value
    assert value.kind == ranking.value


@given(hands.flatmap(lambda cards: st.tuples(st.just(cards), st.permutations(cards))))
def test_evaluation_does_not_depend_on_card_order(pair: tuple[list[Card], list[Card]]) -> None:
    cards, shuffled = pair
    assert best_high(cards).cards == best_high(shuffled).cards
    for ranking in RANKINGS:
        assert best_low(cards, ranking).cards == best_low(shuffled, ranking).cards
        assert best_low(cards, ranking).score == best_low(shuffled, ranking).score


# --- Low hands -----------------------------------------------------------------

@pytest.mark.parametrize(("text", "words"), [
    ("5c 4d 3h 2s Ac", "Five-four low"),
    ("6c 4d 3h 2s Ac", "Six-four low"),
    ("6c 5d 3h 2s Ac", "Six-five low"),
    ("Kc Qd Jh Ts 9c", "King-queen low"),
    ("2c 2d 7h 5s 3c", "Pair of twos (low)"),
    ("Ac Ad 7h 5s 3c", "Pair of aces (low)"),
    ("4c 4d Ah As 3c", "Two pair, fours and aces (low)"),
    ("9c 9d 9h 5s 3c", "Three of a kind, nines (low)"),
    ("Kc Kd Kh Qs Qc", "Full house, kings full of queens (low)"),
    ("Kc Kd Kh Ks Qc", "Four of a kind, kings (low)"),
])
def test_ace_to_five_descriptions(text: str, words: str) -> None:
    assert low(text).describe() == words


def test_ace_to_five_ignores_straights_and_flushes() -> None:
    best = low("Ac 2c 3c 4c 5c")
    assert best.category is Category.HIGH_CARD
    assert best > low("6c 4d 3h 2s Ac") > low("6c 5d 3h 2s Ac")
    assert ranks(best) == [5, 4, 3, 2, 14]


def test_ace_to_five_ace_counts_one_and_pairs_lose() -> None:
    assert low("Ac Ad 7h 5s 3c") > low("2c 2d 7h 5s 3c")
    assert low("Kc Qd Jh Ts 9c") > low("Ac Ad 2h 3s 4c")
    assert low("4c 4d Ah As 3c") > low("2c 2d 2h 3s 4c")
    assert low("2c 2d 2h 3s 4c") > low("Ac Ad Ah 2s 2c")


@pytest.mark.parametrize(("text", "words", "used"), [
    ("Kc Kd 3h 3s 2c 2d Ah", "Pair of twos (low)", [2, 2, 13, 3, 14]),
    ("3c 3d 3h 2s 2c 2d Ah", "Two pair, threes and twos (low)", [3, 3, 2, 2, 14]),
    ("Qc Qd Qh 4s 4c 9d", "Two pair, queens and fours (low)", [12, 12, 4, 4, 9]),
    ("Qc Qd Qh 4s 9d", "Three of a kind, queens (low)", [12, 12, 12, 9, 4]),
    ("Qc Qd Qh Qs 4c 4d 4h", "Full house, fours full of queens (low)", [4, 4, 4, 12, 12]),
    ("Qc Qd Qh Qs 4c", "Four of a kind, queens (low)", [12, 12, 12, 12, 4]),
    ("Kc Kd Ah As 9c 8d 7h", "King-nine low", [13, 9, 8, 7, 14]),
])
def test_ace_to_five_from_paired_cards(text: str, words: str, used: list[int]) -> None:
    value = low(text)
    assert value.describe() == words
    assert ranks(value) == used


def test_deuce_to_seven() -> None:
    d27 = LowRanking.DEUCE_TO_SEVEN
    best = low("7c 5d 4h 3s 2c", d27)
    assert best.describe() == "Seven-five low"
    assert best > low("7c 6d 4h 3s 2c", d27) > low("8c 5d 4h 3s 2c", d27)
    wheel = low("Ac 5d 4h 3s 2c", d27)
    assert wheel.category is Category.HIGH_CARD and wheel.describe() == "Ace-five low"
    assert wheel < low("Kc Qd Jh 9s 8c", d27)
    assert low("6c 5d 4h 3s 2c", d27).describe() == "Six-high straight (low)"
    assert low("Kc 9c 7c 4c 2c", d27).describe() == "King-high flush (low)"
    assert low("2c 2d 7h 5s 3c", d27).describe() == "Pair of twos (low)"
    assert low("6c 5d 4h 3s 2c", d27) < low("Ac Ad Kh Qs Jc", d27)


def test_deuce_to_seven_avoids_the_straight_in_seven_cards() -> None:
    value = low("2c 3d 4h 5s 6c Kd Qh", LowRanking.DEUCE_TO_SEVEN)
    assert value.describe() == "Queen-five low"
    assert ranks(value) == [12, 5, 4, 3, 2]


def test_lows_accept_the_ranking_by_name() -> None:
    cards = parse_cards("7c 5d 4h 3s 2c Ah")
    assert best_low(cards, "deuce-to-seven") == best_low(cards, LowRanking.DEUCE_TO_SEVEN)
    assert best_low(cards) == best_low(cards, "ace-to-five")
    assert best_low(cards).kind is HandKind.ACE_TO_FIVE


# --- The seeds' worked examples ------------------------------------------------

def test_pick_a_partner_team_hand() -> None:
    up = parse_cards("K♥ 10♥")
    others = parse_cards("Q♥ J♥ 4♣ 9♠") + parse_cards("2♥ 3♦ 3♠ 7♣")
    team = best_high_using(up, others)
    assert team.cards == tuple(parse_cards("K♥ Q♥ J♥ 10♥ 2♥"))
    assert team.describe() == "King-high flush"
    candidates = dict(all_high_using(up, others))
    straight = candidates[tuple(parse_cards("Q♥ J♥ 9♠"))]
    assert straight.describe() == "King-high straight"
    assert team > straight
    assert team == candidates[tuple(parse_cards("Q♥ J♥ 2♥"))]


def test_psycho_going_both_ways() -> None:
    cards = parse_cards("2♣ 3♦ 4♥ 6♠ 6♦ 7♥ 5♣")
    assert best_high(cards).describe() == "Seven-high straight"
    assert ranks(best_high(cards)) == [7, 6, 5, 4, 3]
    value = best_low(cards, LowRanking.ACE_TO_FIVE)
    assert value.describe() == "Six-five low"
    assert ranks(value) == [6, 5, 4, 3, 2]
    assert value < low("6c 4d 3h 2s Ac")


# --- Constrained hands ----------------------------------------------------------

@st.composite
def constrained(draw: st.DrawFn) -> tuple[list[Card], list[Card], int]:
    pick = draw(st.integers(0, 5))
    cards = draw(st.lists(st.sampled_from(FULL_DECK), min_size=5, max_size=12, unique=True))
    required = cards[:5 - pick]
    optional = cards[5 - pick:]
    return required, optional, pick


@settings(max_examples=scaled(150), deadline=None)
@given(constrained())
def test_best_high_using_is_the_best_allowed_choice(
        case: tuple[list[Card], list[Card], int]) -> None:
    required, optional, pick = case
    brute = max(best_high(required + list(chosen)) for chosen in combinations(optional, pick))
    value = best_high_using(required, optional, pick)
    assert value == brute
    assert set(required) <= set(value.cards) <= set(required + optional)
    listed = all_high_using(required, optional, pick)
    assert len(listed) == comb(len(optional), pick)
    assert [v for _, v in listed] == sorted((v for _, v in listed), reverse=True)
    assert listed[0][1] == value
    for chosen, v in listed:
        assert v == best_high(required + list(chosen))


def test_best_high_using_refuses_what_cannot_make_five() -> None:
    cards = parse_cards("Ac Kd Qh Js 9c 8c 7c")
    with pytest.raises(ValueError, match="five"):
        best_high_using(cards[:2], cards[2:], pick=2)
    with pytest.raises(ValueError, match="choose"):
        best_high_using(cards[:2], cards[2:4])
    with pytest.raises(DuplicateCardError):
        best_high_using(cards[:2], cards[1:5])


# --- Showing order and bring-in ------------------------------------------------

@pytest.mark.parametrize(("better", "worse"), [
    ("7c 7d 7h 7s", "Ac Ad Ah Ks"),
    ("2c 2d 2h 3s", "Ac Ad Kh Ks"),
    ("3c 3d 2h 2s", "Ac Ad Kh Qs"),
    ("Ac Ad Kh Qs", "Ac Ad Kh Js"),
    ("2c 2d", "Ac Kd"),
    ("Ac Kd 4h", "Ac Qd Jh"),
    ("Ac Kd 4h 3c", "Ac Kd 4s 2d"),
    ("5c 5d", "Kh Qh Jh Th"),
    ("Ac", "Kd"),
])
def test_showing_order(better: str, worse: str) -> None:
    assert showing_order(parse_cards(better)) > showing_order(parse_cards(worse))


def test_showing_order_ignores_suits_straights_and_flushes() -> None:
    assert showing_order(parse_cards("Ah Kh")) == showing_order(parse_cards("As Kd"))
    assert showing_order(parse_cards("9h 8h 7h 6h")) < showing_order(parse_cards("Ac Kd 4h 2s"))


@pytest.mark.parametrize(("text", "words"), [
    ("Kc Kd", "Pair of kings"),
    ("Kc Kd 4h", "Pair of kings"),
    ("Ac Qd", "Ace-queen high"),
    ("Ac Qd 7h", "Ace-queen-seven high"),
    ("Ac", "Ace high"),
    ("7c 7d 7h", "Three sevens"),
    ("7c 7d 7h 2s", "Three sevens"),
    ("6c 6d Kh Ks", "Two pair, kings and sixes"),
    ("Ac Ad Ah As", "Four aces"),
])
def test_describe_showing(text: str, words: str) -> None:
    assert describe_showing(parse_cards(text)) == words


def test_showing_needs_an_up_card() -> None:
    with pytest.raises(ValueError):
        showing_order(())
    with pytest.raises(ValueError):
        describe_showing(())


def test_bring_in_order() -> None:
    cards = parse_cards("2♠ 2♣ A♣ 3♣ 2♥ 2♦")
    ordered = sorted(cards, key=bring_in_order)
    assert [str(c) for c in ordered] == ["2♣", "2♦", "2♥", "2♠", "3♣", "A♣"]
    assert min(parse_cards("K♦ 9♠ 9♥ A♣"), key=bring_in_order) == parse_cards("9♥")[0]
    assert bring_in_order(parse_cards("A♣")[0]) == (14, 0)
