"""Hands of exactly so many hole cards and the rest from the board (Omaha's two and three).

Omaha's best hand is the best of 60 five-card hands (six pairs of hole cards times ten
triples of board cards). Building a ``HandValue`` for each of them, as the general
``engine.hands`` functions would, made a showdown cost milliseconds; here each five-card
hand is scored from two parts made once, the hole part and the board part (the product
of their rank primes and the suits they hold), by one look-up in a table of scores by
rank product filled as hands are seen. Only the best hand becomes a ``HandValue``, from
the same functions ``engine.hands`` uses, so values, cards and descriptions are those of
``engine.hands`` to the bit: ties between equal hands go to the first in the order of
``itertools.combinations`` over the hole cards, then over the board.

A low is asked for only where a game plays one, and scored apart from the high.

>>> from engine.cards import parse_cards
>>> board = parse_cards("Ah Kh 7h 7c 2d")
>>> best_high_exactly(parse_cards("Qh Jh 3s 4s"), board).describe()
'Ace-high flush'
>>> best_high_exactly(parse_cards("Qh 9c 3s 4s"), board).describe()
'Pair of sevens'
>>> best_low_exactly(parse_cards("4c 5c Kh Ks"), parse_cards("Ac 2d 3h Kd Qs")).describe()
'Five-four low'
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from itertools import combinations

from engine.cards import Card
from engine.hands import (
    _CATEGORY,
    _PRIME,
    _STRAIGHT_TOP,
    HandKind,
    HandValue,
    LowRanking,
    _best_ace_to_five,
    _five_score,
    _high,
    _seen,
    best_low,
)

__all__ = ["best_high_exactly", "best_low_exactly", "omaha_high", "omaha_low"]

Part = tuple[int, int, tuple[Card, ...]]
"""Some cards as (product of their rank primes, bit per suit held, the cards)."""

_HIGH_SCORES: dict[int, int] = {}
"""High score by ``product << 1 | all one suit``, filled as hands are first seen (at most
6,175 rank multisets plus 1,287 flushes): the same scores ``engine.hands`` gives."""
_LOW_SCORES: dict[int, int] = {}
"""Ace-to-five score by rank product (suits never count in an ace-to-five low)."""


def _parts(cards: Sequence[Card], size: int) -> list[Part]:
    """Every ``size`` of ``cards`` as a part, in ``itertools.combinations`` order."""
    parts = []
    for chosen in combinations(cards, size):
        product, suits = 1, 0
        for c in chosen:
            product *= _PRIME[c.rank]
            suits |= 1 << c.suit
        parts.append((product, suits, chosen))
    return parts


def _split(hole: Sequence[Card], board: Sequence[Card],
           hole_cards: int) -> tuple[list[Part], list[Part]]:
    """The hole parts and board parts; ``ValueError`` where no five-card hand can be made
    and ``DuplicateCardError`` for a card given twice."""
    hole, board = tuple(hole), tuple(board)
    if not 1 <= hole_cards <= 4 or len(hole) < hole_cards or len(board) < 5 - hole_cards:
        raise ValueError(f"no hand of exactly {hole_cards} of {len(hole)} hole cards and "
                         f"{5 - hole_cards} of {len(board)} board cards")
    _seen(hole + board)
    return _parts(hole, hole_cards), _parts(board, 5 - hole_cards)


def _high_score(key: int) -> int:
    score = _HIGH_SCORES.get(key)
    if score is None:  # the general evaluator's score for these ranks, wheel counting
        score = _HIGH_SCORES[key] = _five_score(key << 1 | 1)
    return score


def best_high_exactly(hole: Sequence[Card], board: Sequence[Card],
                      hole_cards: int = 2) -> HandValue:
    """The best high hand of exactly ``hole_cards`` hole cards and the rest from the
    board: four hearts in the hand and one on the board make no flush."""
    holes, boards = _split(hole, board, hole_cards)
    scores = _HIGH_SCORES
    best, best_hole, best_board = -1, holes[0][2], boards[0][2]
    for product, suits, cards in holes:
        for board_product, board_suits, board_cards in boards:
            both = suits | board_suits
            key = product * board_product << 1 | (both & (both - 1) == 0)
            score = scores.get(key)
            if score is None:
                score = _high_score(key)
            if score > best:
                best, best_hole, best_board = score, cards, board_cards
    score, used = _high((*best_hole, *best_board), _STRAIGHT_TOP)
    return HandValue(score, _CATEGORY[score >> 20], used, HandKind.HIGH)


def _low_score(product: int, cards: tuple[Card, ...]) -> int:
    score = _LOW_SCORES.get(product)
    if score is None:
        score = _LOW_SCORES[product] = _best_ace_to_five(_seen(cards)).score
    return score


def best_low_exactly(hole: Sequence[Card], board: Sequence[Card],
                     ranking: LowRanking | str = LowRanking.ACE_TO_FIVE,
                     hole_cards: int = 2) -> HandValue:
    """The best low hand of exactly ``hole_cards`` hole cards and the rest from the board:
    a board of A-2-3 and a hand of 4-4-K-K make no 4-3-2-A low. Ace-to-five lows are
    scored by rank product; deuce-to-seven ones (suits count there) hand by hand."""
    holes, boards = _split(hole, board, hole_cards)
    if LowRanking(ranking) is not LowRanking.ACE_TO_FIVE:
        return max(best_low((*h, *b), ranking) for _, _, h in holes for _, _, b in boards)
    scores = _LOW_SCORES
    best, best_hole, best_board = -1, holes[0][2], boards[0][2]
    for product, _, cards in holes:
        for board_product, _, board_cards in boards:
            key = product * board_product
            score = scores.get(key)
            if score is None:
                score = _low_score(key, (*cards, *board_cards))
            if score > best:
                best, best_hole, best_board = score, cards, board_cards
    return _best_ace_to_five(_seen((*best_hole, *best_board)))


@lru_cache(maxsize=4096)
def omaha_high(hole: tuple[Card, ...], board: tuple[Card, ...]) -> HandValue:
    """Omaha's high hand (two hole cards, three board cards), remembered: a showdown asks
    for each seat's hand many times over (who is beaten, who wins each pot, what each
    shows)."""
    return best_high_exactly(hole, board)


@lru_cache(maxsize=4096)
def omaha_low(hole: tuple[Card, ...], board: tuple[Card, ...]) -> HandValue:
    """Omaha's ace-to-five low hand, remembered as :func:`omaha_high` is."""
    return best_low_exactly(hole, board)
