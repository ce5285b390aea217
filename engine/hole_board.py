"""Hands of exactly so many hole cards and the rest from the board (Omaha's two and three).

Omaha's best hand is the best of 60 five-card hands (six pairs of hole cards times ten
triples of board cards). Valued through the general functions of ``engine.hands`` (a
``HandValue`` per hand for the low, per pair of hole cards for the high), a showdown
cost milliseconds. Here each five-card hand is scored from two parts made once, the hole
part and the board part (the product of their rank primes and the suits they hold), by
one look-up in a table of scores by rank product. Only the best hand becomes a
``HandValue``, from the same functions ``engine.hands`` uses, so values, cards and
descriptions are those of ``engine.hands`` to the bit: ties between equal hands go to the
first in the order of ``itertools.combinations`` over the hole cards, then the board.

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

from collections import Counter
from collections.abc import Mapping, Sequence
from functools import cache, lru_cache
from itertools import combinations, combinations_with_replacement
from types import MappingProxyType

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


@cache
def _score_tables() -> tuple[Mapping[int, int], Mapping[int, int]]:
    """(high score by ``product << 1 | all one suit``, ace-to-five score by product) for
    every five ranks (at most four of one): the scores ``engine.hands`` gives, built once
    (about a tenth of a second) at the first hand valued. Suits never count in an
    ace-to-five low, and only five different ranks can be a flush."""
    high: dict[int, int] = {}
    low: dict[int, int] = {}
    for ranks in combinations_with_replacement(range(2, 15), 5):
        counts = Counter(ranks)
        if max(counts.values()) > 4:
            continue
        product, seen = 1, 0
        for rank, count in counts.items():
            product *= _PRIME[rank] ** count
            seen |= ((1 << count) - 1) << (rank << 2)
        high[product << 1] = _five_score(product << 2 | 1)
        if len(counts) == 5:
            high[product << 1 | 1] = _five_score(product << 2 | 2 | 1)
        low[product] = _best_ace_to_five(seen).score
    return MappingProxyType(high), MappingProxyType(low)


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


def best_high_exactly(hole: Sequence[Card], board: Sequence[Card],
                      hole_cards: int = 2) -> HandValue:
    """The best high hand of exactly ``hole_cards`` hole cards and the rest from the
    board: four hearts in the hand and one on the board make no flush."""
    holes, boards = _split(hole, board, hole_cards)
    scores = _score_tables()[0]
    best, best_hole, best_board = -1, holes[0][2], boards[0][2]
    for product, suits, cards in holes:
        for board_product, board_suits, board_cards in boards:
            both = suits | board_suits
            score = scores[product * board_product << 1 | (both & (both - 1) == 0)]
            if score > best:
                best, best_hole, best_board = score, cards, board_cards
    score, used = _high((*best_hole, *best_board), _STRAIGHT_TOP)
    return HandValue(score, _CATEGORY[score >> 20], used, HandKind.HIGH)


def best_low_exactly(hole: Sequence[Card], board: Sequence[Card],
                     ranking: LowRanking | str = LowRanking.ACE_TO_FIVE,
                     hole_cards: int = 2) -> HandValue:
    """The best low hand of exactly ``hole_cards`` hole cards and the rest from the board:
    a board of A-2-3 and a hand of 4-4-K-K make no 4-3-2-A low. Ace-to-five lows are
    scored by rank product; deuce-to-seven and ace-to-six ones (suits count there)
    hand by hand."""
    holes, boards = _split(hole, board, hole_cards)
    if LowRanking(ranking) is not LowRanking.ACE_TO_FIVE:
        return max(best_low((*h, *b), ranking) for _, _, h in holes for _, _, b in boards)
    scores = _score_tables()[1]
    best, best_hole, best_board = -1, holes[0][2], boards[0][2]
    for product, _, cards in holes:
        for board_product, _, board_cards in boards:
            score = scores[product * board_product]
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
