"""The odds engine's plumbing: estimates and intervals, dealing the unseen cards,
exact five- to seven-card counts, the batch deuce-to-seven evaluator, and clear refusals."""

from __future__ import annotations

import itertools
import random
from math import comb

import numpy as np
import pytest

from engine import fast
from engine.cards import FULL_DECK, parse_cards
from engine.hands import Category, LowRanking, best_low
from engine.lowball import rank_deuce_to_seven
from engine.odds.categories import LOW_CLASSES, Dealt, SpreadQuestion, low_class, stud_spread
from engine.odds.deals import Unknowns
from engine.odds.exact import (
    hand_counts,
    high_category_counts,
    high_distribution,
    low_distribution,
)
from engine.odds.holdem import holdem_question
from engine.odds.inputs import OddsInputError
from engine.odds.partner import partner_question
from engine.odds.psycho import community_streets, psycho_question
from engine.odds.psycho_draw import draw_question
from engine.odds.run import Budget, Work, solve
from engine.odds.sophie import flop_question, lock_question, turn_question
from engine.odds.stud import StudHand, stud_question
from engine.odds.tally import Estimate, Method, Tally

# --- estimates -----------------------------------------------------------------------

def test_tallies_add_up_and_give_intervals() -> None:
    rows = np.array([[1.0, 0.5], [0.0, 0.5], [1.0, 0.0], [0.0, 1.0]])
    whole = Tally.of(("a", "b"), rows)
    halves = Tally.of(("a", "b"), rows[:2]) + Tally.of(("a", "b"), rows[2:])
    assert halves.count == whole.count == 4
    assert np.allclose(halves.sums, whole.sums) and np.allclose(halves.squares, whole.squares)
    exact = whole.answer(exact=True, seconds=0.0)
    assert exact.method is Method.EXACT and exact["a"] == Estimate(0.5, 0.5, 0.5)
    sampled = whole.answer(exact=False, seconds=0.0)
    assert sampled["a"].low < 0.5 < sampled["a"].high
    assert "Sampled: 4 random deals" in sampled.describe()


def test_an_unvarying_sample_still_has_an_interval() -> None:
    answer = Tally.of(("win",), np.ones((400, 1))).answer(exact=False, seconds=0.0)
    estimate = answer["win"]
    assert estimate.value == estimate.high == 1.0
    assert 0.98 < estimate.low < 0.995  # Wilson: about 1 - 3.84 / 400


def test_tallies_of_different_measures_do_not_mix() -> None:
    with pytest.raises(ValueError, match="same measures"):
        _ = Tally.empty(("a",)) + Tally.empty(("b",))


# --- dealing the unseen cards ----------------------------------------------------------

def test_enumeration_lists_every_deal_once_in_any_chunks() -> None:
    pool = np.array([3, 8, 12, 20, 33, 41, 50])
    unknowns = Unknowns(pool, (2, 1, 3))
    total = unknowns.count()
    assert total == comb(7, 2) * comb(5, 1) * comb(4, 3)
    chunks = [unknowns.enumerate(a, min(total, a + 37)) for a in range(0, total, 37)]
    deals = [tuple(tuple(sorted(place[row])) for place in chunk)
             for chunk in chunks for row in range(len(chunk[0]))]
    expected = set()
    for first in itertools.combinations(pool.tolist(), 2):
        rest = [c for c in pool.tolist() if c not in first]
        for second in itertools.combinations(rest, 1):
            left = [c for c in rest if c not in second]
            for third in itertools.combinations(left, 3):
                expected.add((first, second, third))
    assert len(deals) == len(set(deals)) == total
    assert set(deals) == expected


def test_samples_are_distinct_cards_from_the_pool_in_random_places() -> None:
    pool = np.arange(10, 30)
    places = Unknowns(pool, (3, 4)).sample(4000, np.random.default_rng(1))
    together = np.concatenate(places, axis=1)
    assert np.isin(together, pool).all()
    assert all(len(set(row)) == 7 for row in together.tolist())
    # every card lands in the first place about 3/20 of the time, whatever its code
    share = np.array([(places[0] == c).any(axis=1).mean() for c in pool])
    assert np.abs(share - 3 / 20).max() < 0.03


def test_too_few_unseen_cards_are_refused() -> None:
    with pytest.raises(ValueError, match="only 3 are left"):
        Unknowns(np.arange(3), (2, 2))


def test_the_runner_counts_exactly_or_samples_to_the_target() -> None:
    exact = solve(holdem_question([parse_cards("Ah Kh"), parse_cards("Qc Qd")],
                                  board=parse_cards("Qh 7h 2c 3s")), rng=np.random.default_rng(0))
    assert exact.exact and exact.deals == 44
    spot = holdem_question([parse_cards("Ah Kh"), []], board=parse_cards("Qh 7h 2c"))
    sampled = solve(spot, rng=np.random.default_rng(0), sample=True)
    assert not sampled.exact and sampled.widest() <= 0.01
    again = solve(spot, rng=np.random.default_rng(0), sample=True)
    assert again.estimates == sampled.estimates  # reproducible from the seed
    seen: list[float] = []
    solve(spot, rng=np.random.default_rng(1), sample=True,
          budget=Budget(min_deals=1000, max_deals=3000, most_per_chunk=1000),
          progress=lambda fraction, _: seen.append(fraction))
    assert seen and seen[-1] == 1.0 and seen == sorted(seen)


def test_chunks_are_pure_functions_of_their_work() -> None:
    spot = holdem_question([parse_cards("Ah Kh"), []], board=parse_cards("Qh 7h 2c"))
    work = Work(0, 500, seed=42)
    first, second = spot.tally(work), spot.tally(work)
    assert np.array_equal(first.sums, second.sums)


# --- exact seven-card tables and lows ---------------------------------------------------

def test_seven_card_categories_match_the_published_counts() -> None:
    counts = high_category_counts()
    assert counts[Category.ROYAL_FLUSH] == 4_324
    assert counts[Category.STRAIGHT_FLUSH] + counts[Category.ROYAL_FLUSH] == 41_584
    assert counts[Category.FOUR_OF_A_KIND] == 224_848
    assert counts[Category.FULL_HOUSE] == 3_473_184
    assert counts[Category.FLUSH] == 4_047_644
    assert counts[Category.STRAIGHT] == 6_180_020
    assert counts[Category.THREE_OF_A_KIND] == 6_461_620
    assert counts[Category.TWO_PAIR] == 31_433_400
    assert counts[Category.ONE_PAIR] == 58_627_800
    assert counts[Category.HIGH_CARD] == 23_294_460
    assert sum(counts.values()) == 133_784_560


def test_seven_card_ace_to_five_lows_match_the_published_counts() -> None:
    low = low_distribution(LowRanking.ACE_TO_FIVE)
    classes = low_class(low.scores, LowRanking.ACE_TO_FIVE)
    by_top = [int(low.counts[classes == i].sum()) for i in range(4)]
    assert by_top == [781_824, 3_151_360, 7_426_560, 13_171_200]
    assert low.total == 133_784_560
    spread = stud_spread()
    assert sum(spread.high.values()) == pytest.approx(1.0)
    assert sum(spread.low) == pytest.approx(1.0) and len(spread.low) == len(LOW_CLASSES)



def test_five_card_counts_equal_a_full_enumeration() -> None:
    codes = fast.combinations(52, 5)
    enumerated = np.bincount(fast.category_of(fast.rank_high(codes)), minlength=len(Category))
    counts = hand_counts(5)
    assert dict(counts.high) == {c: int(enumerated[c]) for c in Category}
    low_keys = 0x7FFFFF - fast.rank_low(codes).astype(np.int64)
    tops = np.where(low_keys >> 20 == 0, (low_keys >> 16) & 0xF, 0)
    by_top = np.bincount(tops, minlength=14)
    lows = dict(counts.low)
    assert [lows[f"{name}-high low"] for name in ("Five", "Six", "Seven", "King")] == \
        [int(by_top[top]) for top in (5, 6, 7, 13)]
    assert lows["Five-high low"] == 1_024
    assert lows["No low without a pair"] == int((low_keys >> 20 != 0).sum())


def test_seven_card_hand_counts_are_the_published_ones() -> None:
    counts = hand_counts(7)
    assert counts.total == 133_784_560
    assert dict(counts.high) == high_category_counts()
    assert [category for category, _ in counts.high] == sorted(Category, reverse=True)
    lows = dict(counts.low)
    assert [lows[f"{n}-high low"] for n in ("Five", "Six", "Seven", "Eight")] == \
        [781_824, 3_151_360, 7_426_560, 13_171_200]
    assert sum(lows.values()) == counts.total


def test_six_card_counts_match_a_random_sample_closely() -> None:
    counts = dict(hand_counts(6).high)
    rng = np.random.default_rng(6)
    hands = 100_000
    sample = rng.permuted(np.tile(np.arange(52), (hands, 1)), axis=1)[:, :6]
    observed = np.bincount(fast.category_of(fast.rank_high(sample)), minlength=len(Category))
    total = sum(counts.values())
    assert total == comb(52, 6)
    for category in (Category.ONE_PAIR, Category.TWO_PAIR, Category.HIGH_CARD, Category.FLUSH):
        expected = counts[category] / total
        assert abs(observed[category] / hands - expected) < 5 * (expected / hands) ** 0.5


def test_only_five_to_seven_cards_are_counted() -> None:
    with pytest.raises(ValueError, match="5, 6 or 7"):
        hand_counts(8)

def test_percentiles_run_from_worst_to_best() -> None:
    table = high_distribution()
    ends = table.percentile([table.scores[0], table.scores[-1]])
    assert ends[0] < 0.001 and ends[1] > 0.999
    assert np.all(np.diff(table.percentile(table.scores)) > 0)


@pytest.mark.parametrize("size", [5, 6, 7])
def test_deuce_to_seven_batch_agrees_with_the_scalar_evaluator(size: int) -> None:
    rng = random.Random(size)
    hands = [rng.sample(FULL_DECK, size) for _ in range(600)]
    wheels = ("Ac 2d 3h 4s 5c 9d Kd", "Ah 2h 3h 4h 5h 7c 8d")
    hands += [parse_cards(text)[:size] for text in wheels]
    ours = rank_deuce_to_seven(np.array([[c.code for c in h] for h in hands]))
    theirs = [best_low(h, LowRanking.DEUCE_TO_SEVEN).score for h in hands]
    assert ours.tolist() == theirs


def test_sampled_categories_are_whole_distributions() -> None:
    question = SpreadQuestion(Dealt.PSYCHO, LowRanking.DEUCE_TO_SEVEN)
    tally = question.tally(Work(0, 300, seed=3))
    high = tally.sums[:len(Category)]
    low = tally.sums[len(Category):]
    assert high.sum() == low.sum() == 300
    assert low[0] == low[1] == 0  # no five- or six-high lows at deuce-to-seven


# --- clear refusals ---------------------------------------------------------------------

@pytest.mark.parametrize(("build", "message"), [
    (lambda: stud_question([StudHand(parse_cards("Ah Kd")), StudHand(parse_cards("2c"))]),
     "same number of up cards"),
    (lambda: stud_question([StudHand(parse_cards("Ah")), StudHand(parse_cards("Ah"))]),
     "A♥ is both in hand 1's cards and in hand 2's cards"),
    (lambda: stud_question([StudHand(parse_cards("Ah"), parse_cards("2c 3c 4c 5c")),
                            StudHand(parse_cards("Kd"))]), "has 2 down cards"),
    (lambda: stud_question([StudHand(parse_cards("Ah"), parse_cards("2c 3c 4c")),
                            StudHand(parse_cards("Kd"))]), "after sixth street"),
    (lambda: stud_question([StudHand(parse_cards("Ah"))]), "2 to 8 live hands"),
    (lambda: holdem_question([parse_cards("Ah Kh"), parse_cards("Qc")]), "two hole cards"),
    (lambda: partner_question(parse_cards("2c 3c 4c"), me=0), "4, 6, 8 or 10 players"),
    (lambda: partner_question(parse_cards("2c Ac 4c 5c"), me=0), "Seat 2 picks before you"),
    (lambda: lock_question(parse_cards("Ah Kh Qh Jh Th"), opponents=1), "5 cards given"),
    (lambda: lock_question(parse_cards("Ah Kh Qh Jh Th 9h"), opponents=7), "1 to 6 opponents"),
    (lambda: flop_question(parse_cards("Ah Kh Qh Jh Th 9h"), boards=[parse_cards("9h 2c 3d")],
                           opponents=1), "9♥ is both in your pairs and in the board"),
    (lambda: turn_question(parse_cards("Ah Kh Qh Jh"), sacrificed=parse_cards("2c 3c"),
                           boards=[parse_cards("4c 5c 6c")], opponents=1), "shows 4 board cards"),
    (lambda: psycho_question(parse_cards("Ah 2c 3d 4s"), [parse_cards("Kc Kd 9s")]),
     "after the draw you hold five"),
    (lambda: psycho_question(parse_cards("Ah 2c 3d 4s 5h"), [parse_cards("Kc Kd 9s 8s")]),
     "you have yours too"),
    (lambda: draw_question(parse_cards("Ah 2c 3d 4s 5h"), opponents=6), "2 to 6 players"),
])
def test_impossible_questions_are_refused_in_words(build: object, message: str) -> None:
    with pytest.raises(OddsInputError, match=message):
        build()  # type: ignore[operator]


def test_short_stock_rules() -> None:
    assert [community_streets(n) for n in (2, 7, 8, 9, 10)] == [
        (False, False), (False, False), (False, True), (True, True), (True, True)]
    deck = iter(FULL_DECK)
    hands = [StudHand([next(deck) for _ in range(4)]) for _ in range(8)]
    question = stud_question(hands)  # eight live hands on sixth street: a community seventh
    assert question.board_need == 1 and set(question.need) == {2}
    seven = stud_question(hands[:7])
    assert seven.board_need == 0 and set(seven.need) == {3}


# --- what the figures mean ----------------------------------------------------------------

def test_double_sophie_equity_is_the_average_of_its_boards() -> None:
    question = lock_question(parse_cards("Ah Ad Kh Qh 7c 2d"), opponents=2, boards=2)
    answer = solve(question, rng=np.random.default_rng(2),
                   budget=Budget(min_deals=800, max_deals=800))
    for o in range(15):
        halves = (answer[f"board1/{o}"].value + answer[f"board2/{o}"].value) / 2
        assert answer[f"equity/{o}"].value == pytest.approx(halves)
        assert answer[f"scoop/{o}"].value <= min(answer[f"board1/{o}"].value,
                                                 answer[f"board2/{o}"].value)
    best = max(range(15), key=lambda o: answer[f"equity/{o}"].value)
    assert {c.code for c in parse_cards("Ah Ad")} in [set(p) for p in question.options[best]]


def test_partner_choices_after_partnerships_already_made() -> None:
    ups = parse_cards("Ah Kd 9s 7c 5h Qs")
    question = partner_question(ups, me=1, paired=[(0, 4)])
    assert question.candidates == (2, 3, 5)
    answer = solve(question, rng=np.random.default_rng(3),
                   budget=Budget(min_deals=600, max_deals=600))
    for c in question.candidates:
        spread = sum(answer[f"category{int(k)}/{c}"].value for k in Category)
        assert spread == pytest.approx(1.0)
        assert answer[f"win/{c}"].value <= answer[f"equity/{c}"].value
    with pytest.raises(OddsInputError, match="Seat 1 picks before you"):
        partner_question(ups, me=1)
