"""Wild cards over numpy batches (``engine.fast_wild``): bit for bit the scalar values of
``engine.wild`` on random hands of every kind of wild card, and the published counts of
the 2,598,960 five-card hands with deuces wild."""

from __future__ import annotations

import random

import numpy as np
import pytest

from engine.cards import FULL_DECK, Card, Rank, parse_cards
from engine.fast import category_of, combinations, rank_high
from engine.fast_wild import JOKER, rank_wild_high, rank_wild_low
from engine.hands import Category, HandKind
from engine.wild import LOW_KINDS, Joker, WildCards, best_wild_high, best_wild_low
from tests.support.scale import scaled

DEUCES = WildCards(ranks=frozenset({Rank.TWO}))

RULES = {
    "deuces wild": DEUCES,
    "the joker wild": WildCards(),
    "the bug": WildCards(joker=Joker.BUG),
    "queens and the bug": WildCards(ranks=frozenset({Rank.QUEEN}), joker=Joker.BUG),
    "kings and fours, natural first": WildCards(ranks=frozenset({Rank.KING, Rank.FOUR}),
                                                natural_first=True),
    "the bug, natural first": WildCards(joker=Joker.BUG, natural_first=True),
}


def _scalar(row: list[int], wild: WildCards) -> int:
    cards = [Card.from_code(c) for c in row if c != JOKER]
    return best_wild_high(cards, wild, jokers=row.count(JOKER)).score


def _random_rows(rng: random.Random, size: int, count: int) -> list[list[int]]:
    rows = []
    for _ in range(count):
        jokers = rng.choice((0, 0, 1))
        rows.append([c.code for c in rng.sample(FULL_DECK, size - jokers)] + [JOKER] * jokers)
    return rows


@pytest.mark.parametrize("rule", sorted(RULES))
def test_batch_scores_are_the_scalar_scores(rule: str) -> None:
    rng = random.Random(rule)
    wild = RULES[rule]
    for size in (5, 6, 7):
        rows = _random_rows(rng, size, scaled(120))
        scores = rank_wild_high(np.array(rows, dtype=np.uint8), wild)
        assert scores.tolist() == [_scalar(r, wild) for r in rows]


@pytest.mark.parametrize("kind", LOW_KINDS)
@pytest.mark.parametrize("rule", ["deuces wild", "the bug", "queens and the bug"])
def test_batch_lows_are_the_scalar_lows(rule: str, kind: HandKind) -> None:
    rng = random.Random(f"{rule} {kind}")
    wild = RULES[rule]
    for size in (5, 6, 7):
        rows = _random_rows(rng, size, scaled(40))
        scores = rank_wild_low(np.array(rows, dtype=np.uint8), wild, ranking=kind)
        assert scores.tolist() == [best_wild_low(
            [Card.from_code(c) for c in r if c != JOKER], wild, jokers=r.count(JOKER),
            ranking=kind).score for r in rows]


@pytest.mark.parametrize("kind", LOW_KINDS)
def test_batch_lows_of_five_natural_cards_of_one_suit(kind: HandKind) -> None:
    """No wild card and five of a suit: a flush counts at deuce-to-seven and ace-to-six."""
    kings = WildCards(ranks=frozenset({Rank.KING}))
    texts = ["2h 3h 4h 5h 7h Qc Jd", "Ah 2h 3h 4h 6h Qc Jd", "2h 3h 4h 5h 7h 8h 9h",
             "2h 3h 4h 5h 7h Kc Jd", "Ah 2h 3h 4h 6h", "2c 3c 4c 5c 7c 7d"]
    for text in texts:
        cards = parse_cards(text)
        score = rank_wild_low(np.array([[c.code for c in cards]]), kings, ranking=kind)
        assert int(score[0]) == best_wild_low(cards, kings, ranking=kind).score, text


def test_batch_lows_with_a_rank_per_row() -> None:
    rng = random.Random(21)
    rows = _random_rows(rng, 7, scaled(100))
    extra = [rng.choice(list(Rank)) for _ in rows]
    masks = np.array([1 << int(r) for r in extra])
    scores = rank_wild_low(np.array(rows), WildCards(), ranking="deuce-to-seven",
                           row_ranks=masks)
    assert scores.tolist() == [best_wild_low(
        [Card.from_code(c) for c in row if c != JOKER], WildCards().with_ranks(r),
        jokers=row.count(JOKER), ranking="deuce-to-seven").score
        for row, r in zip(rows, extra, strict=True)]
    with pytest.raises(ValueError, match="not a low"):
        rank_wild_low(np.array(rows), ranking="high")


def test_each_row_may_have_wild_ranks_of_its_own() -> None:
    rng = random.Random(12)
    queens = WildCards(ranks=frozenset({Rank.QUEEN}))
    rows = _random_rows(rng, 7, scaled(300))
    extra = [rng.choice([None, *Rank]) for _ in rows]
    masks = np.array([0 if r is None else 1 << int(r) for r in extra])
    scores = rank_wild_high(np.array(rows, dtype=np.int64), queens, row_ranks=masks)
    assert scores.tolist() == [_scalar(row, queens.with_ranks(r))
                               for row, r in zip(rows, extra, strict=True)]


def test_many_cards_keyed_as_deuces_are_valued_one_at_a_time() -> None:
    """Natural deuces and wild cards together past four: the table cannot hold them."""
    queens = WildCards(ranks=frozenset({Rank.QUEEN}))
    deuces = [c.code for c in FULL_DECK if c.rank is Rank.TWO]
    queen_codes = [c.code for c in FULL_DECK if c.rank is Rank.QUEEN]
    rows = [deuces + [JOKER, 40, 41], deuces + [40, 41, 51], deuces[:3] + [40, 41, JOKER, 5],
            queen_codes + [JOKER, 0, 5], queen_codes + [0, 1, 5]]
    for wild in (queens, WildCards(joker=Joker.BUG, natural_first=True)):
        scores = rank_wild_high(np.array(rows), wild)
        assert scores.tolist() == [_scalar(r, wild) for r in rows]


def test_without_wild_cards_the_batch_is_the_plain_one() -> None:
    codes = np.argsort(np.random.default_rng(3).random((scaled(5000), 52)), axis=1)[:, :7]
    assert np.array_equal(rank_wild_high(codes, WildCards()), rank_high(codes))


def test_the_five_card_hands_with_deuces_wild() -> None:
    """Published (five of a kind 672 with the four deuces, royal flushes 4 natural and 480
    wild, ...) down to three of a kind; a pair (760,320 natural, 464,688 a deuce with four
    ranks that make no straight and four suits no flush) and no pair derived by hand."""
    counts = np.bincount(category_of(rank_wild_high(combinations(52, 5), DEUCES)),
                         minlength=11)
    assert dict(zip(range(11), counts.tolist(), strict=True)) == {
        Category.FIVE_OF_A_KIND: 672, Category.ROYAL_FLUSH: 484,
        Category.STRAIGHT_FLUSH: 2_068, Category.FOUR_OF_A_KIND: 31_552,
        Category.FULL_HOUSE: 12_672, Category.FLUSH: 14_472, Category.STRAIGHT: 62_232,
        Category.THREE_OF_A_KIND: 355_080, Category.TWO_PAIR: 95_040,
        Category.ONE_PAIR: 1_225_008, Category.HIGH_CARD: 799_680}


def test_the_five_card_hands_with_a_joker() -> None:
    """The 270,725 hands of four cards and the joker: five of a kind is four of a kind and
    the joker (13; the bug makes only five aces); 20 make a royal flush either way."""
    four = combinations(52, 4)
    hands = np.concatenate([four, np.full((len(four), 1), JOKER, dtype=four.dtype)], axis=1)
    wild = np.bincount(category_of(rank_wild_high(hands, WildCards())), minlength=11)
    bug = np.bincount(category_of(rank_wild_high(hands, WildCards(joker=Joker.BUG))),
                      minlength=11)
    assert wild[Category.FIVE_OF_A_KIND] == 13 and bug[Category.FIVE_OF_A_KIND] == 1
    assert wild[Category.ROYAL_FLUSH] == bug[Category.ROYAL_FLUSH] == 20


@pytest.mark.parametrize(("codes", "rows", "error"), [
    (np.array([[0, 1, 2, 3, 53]]), None, "0 to 51, or 52"),
    (np.array([[0, 1, 2, 3, -1]]), None, "0 to 51, or 52"),
    (np.array([[0, 1, 2, 3]]), None, "5, 6 or 7"),
    (np.array([[0, 1, 2, 3, 4]]), np.array([4, 8]), "one integer mask per hand"),
    (np.array([[0, 1, 2, 3, 4]]), np.array([1]), "bits 2 to 14"),
])
def test_bad_batches_are_refused(codes: np.ndarray, rows: np.ndarray | None,
                                 error: str) -> None:
    with pytest.raises(ValueError, match=error):
        rank_wild_high(codes, DEUCES, row_ranks=rows)


def test_an_empty_batch_scores_nothing() -> None:
    empty = np.zeros((0, 7), dtype=np.uint8)
    assert rank_wild_high(empty).shape == rank_wild_low(empty).shape == (0,)
    assert rank_wild_high(empty, DEUCES, row_ranks=np.zeros(0, dtype=np.int64)).shape == (0,)
    assert rank_wild_low(empty, DEUCES, row_ranks=np.zeros(0, dtype=np.int64)).shape == (0,)
    shaped = np.arange(5)[None, None, :] + np.zeros((2, 3, 1), dtype=np.int64)
    assert rank_wild_high(shaped, DEUCES).shape == (2, 3)
