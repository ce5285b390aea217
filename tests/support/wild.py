"""Brute force for wild-card hands: every five cards, every replacement of every wild card.

Written apart from ``engine.wild`` on purpose (its own five-card valuation too), so the
two agree only if both are right. A replacement is any rank in any suit: the suit
matters only to a flush, so each rank assignment is valued as it stands and, where the
natural cards of the five share a suit and the five ranks differ, as a flush in that suit
(a wild card may copy a card held, but no flush holds two of one rank). A bug may be an
ace or any card when the five make a straight or a flush. In a low every wild card
(the bug too) is any card, in a suit that makes no flush.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import cache
from itertools import combinations, combinations_with_replacement, product

from engine.cards import Card

FULL, BUG = "wild", "bug"
_SHAPES = {(5,): 10, (4, 1): 7, (3, 2): 6, (3, 1, 1): 3, (2, 2, 1): 2, (2, 1, 1, 1): 1,
           (1, 1, 1, 1, 1): 0}
_LOW_SHAPES = {(1, 1, 1, 1, 1): 0, (2, 1, 1, 1): 1, (2, 2, 1): 2, (3, 1, 1): 3, (3, 2): 4,
               (4, 1): 5, (5,): 6}


def _groups(values: Sequence[int]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    ordered = sorted(Counter(values).items(), key=lambda vc: (vc[1], vc[0]), reverse=True)
    return tuple(n for _, n in ordered), tuple(v for v, _ in ordered)


def _pack(category: int, values: Sequence[int]) -> int:
    key = category
    for v in values:
        key = key << 4 | v
    return key << 4 * (5 - len(values))


def _straight_top(values: Sequence[int], *, wheel: bool) -> int:
    distinct = sorted(set(values))
    if len(distinct) != 5:
        return 0
    if distinct[4] - distinct[0] == 4:
        return distinct[4]
    return 5 if wheel and distinct == [2, 3, 4, 5, 14] else 0


@cache
def high_of(ranks: tuple[int, ...], flush: bool) -> int:
    """The high score of five ranks (ace high, the wheel a straight), a flush or not."""
    shape, order = _groups(ranks)
    top = _straight_top(ranks, wheel=True)
    if flush and top:
        return _pack(9 if top == 14 else 8, (top,))
    if _SHAPES[shape] >= 6:
        return _pack(_SHAPES[shape], order)
    if flush:
        return _pack(5, order)
    if top:
        return _pack(4, (top,))
    return _pack(_SHAPES[shape], order)


@cache
def low_of(ranks: tuple[int, ...], flush: bool, kind: str) -> int:
    """The score of five ranks as a low of ``kind`` (greater is better)."""
    if kind == "ace-to-five":
        shape, order = _groups([1 if r == 14 else r for r in ranks])
        return 0x7FFFFF - _pack(_LOW_SHAPES[shape], order)
    if kind == "deuce-to-seven":
        shape, order = _groups(ranks)
        top = _straight_top(ranks, wheel=False)
    else:  # ace-to-six: the ace is one, A-2-3-4-5 a straight
        shape, order = _groups([1 if r == 14 else r for r in ranks])
        top = _straight_top(order, wheel=False) if shape == (1, 1, 1, 1, 1) else 0
    if top:
        key = _pack(8 if flush else 4, (top,))
    elif flush and shape == (1, 1, 1, 1, 1):
        key = _pack(5, order)
    else:
        key = _pack(_SHAPES[shape], order)
    return 0xFFFFFF - key


def _replacements(full: int, bugs: int) -> list[tuple[int, ...]]:
    """Every rank for each wild card, ``full`` interchangeable ones first, then the bugs
    (each told apart, since each must be an ace or complete a straight or flush)."""
    ranks = range(2, 15)
    return [a + b for a in combinations_with_replacement(ranks, full)
            for b in product(ranks, repeat=bugs)]


@cache
def _best_five_high(ranks: tuple[int, ...], suited: bool, wilds: tuple[str, ...]) -> int:
    """Best high score of five cards: natural ``ranks`` (all one suit or not) and ``wilds``."""
    best = -1
    bugs = wilds.count(BUG)
    for chosen in _replacements(len(wilds) - bugs, bugs):
        five = tuple(sorted(ranks + chosen))
        straight = _straight_top(five, wheel=True) > 0
        can_flush = suited and len(set(five)) == 5
        bugs_fine = all(r == 14 for r in chosen[len(wilds) - bugs:])
        if bugs_fine or straight:
            best = max(best, high_of(five, False))
        if can_flush:
            best = max(best, high_of(five, True))
    return best


@cache
def _best_five_low(ranks: tuple[int, ...], suited: bool, wilds: int, kind: str) -> int:
    flush = not wilds and suited
    return max(low_of(tuple(sorted(ranks + chosen)), flush, kind)
               for chosen in _replacements(wilds, 0))


def _units(cards: Sequence[Card], wild_ranks: frozenset[int], jokers: int,
           joker: str, wild_cards: frozenset[Card]) -> list[tuple[int, int] | str]:
    return [FULL if c.rank in wild_ranks or c in wild_cards else (int(c.rank), int(c.suit))
            for c in cards] + [joker] * jokers


def _natural(five: Sequence[tuple[int, int] | str]) -> tuple[tuple[int, ...], bool]:
    """The natural cards' ranks, sorted, and whether they share one suit."""
    cards = [u for u in five if isinstance(u, tuple)]
    return tuple(sorted(r for r, _ in cards)), len({s for _, s in cards}) <= 1


def brute_high(cards: Sequence[Card], wild_ranks: frozenset[int], *, jokers: int = 0,
               joker: str = FULL, wild_cards: frozenset[Card] = frozenset()) -> int:
    """The best high score over every five cards and every replacement of their wild cards
    (those of ``wild_ranks``, the ``wild_cards`` themselves and the jokers)."""
    best = -1
    for five in combinations(_units(cards, wild_ranks, jokers, joker, wild_cards), 5):
        ranks, suited = _natural(five)
        wilds = tuple(sorted(u for u in five if isinstance(u, str)))
        best = max(best, _best_five_high(ranks, suited, wilds))
    return best


def brute_low(cards: Sequence[Card], wild_ranks: frozenset[int], *, jokers: int = 0,
              kind: str, wild_cards: frozenset[Card] = frozenset()) -> int:
    """The best low score of ``kind`` over every five cards and every replacement."""
    best = -1
    for five in combinations(_units(cards, wild_ranks, jokers, FULL, wild_cards), 5):
        ranks, suited = _natural(five)
        best = max(best, _best_five_low(ranks, suited, 5 - len(ranks), kind))
    return best
