"""Short-deck (36-card, six to ace) high hands: a flush beats a full house, and the ace
plays low in A-6-7-8-9, the lowest straight.

Values are ``engine.hands.HandValue`` of kind ``HandKind.SHORT_DECK``. The score packs
the short deck's order of categories (a flush above a full house) above the usual five
4-bit tie-break ranks; ``category`` is the hand's own category, so words are the usual
ones, and A-6-7-8-9 is a nine-high straight. ``rank_short_deck`` scores numpy batches
bit for bit the same.

>>> from engine.cards import parse_cards
>>> best_short_deck(parse_cards("Ah 6h 7s 8c 9s Kd Kc")).describe()
'Nine-high straight'
>>> flush = best_short_deck(parse_cards("6s 7s 8s 10s Qs"))
>>> full_house = best_short_deck(parse_cards("As Ah Kc Kh Kd"))
>>> flush > full_house
True
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from functools import cache
from itertools import combinations, combinations_with_replacement
from types import MappingProxyType

import numpy as np
import numpy.typing as npt

from engine.cards import Card, Rank, require_distinct
from engine.fast import HAND_SIZES, RANK_KEYS, read_only
from engine.fast import combinations as index_combinations
from engine.hands import Category, HandKind, HandValue

__all__ = ["LOWEST_RANK", "best_short_deck", "category_of_short", "rank_short_deck"]

LOWEST_RANK = Rank.SIX
"""The short deck runs from six to ace."""

_ORDER = MappingProxyType({
    Category.HIGH_CARD: 0, Category.ONE_PAIR: 1, Category.TWO_PAIR: 2,
    Category.THREE_OF_A_KIND: 3, Category.STRAIGHT: 4, Category.FULL_HOUSE: 5,
    Category.FLUSH: 6, Category.FOUR_OF_A_KIND: 7, Category.STRAIGHT_FLUSH: 8,
    Category.ROYAL_FLUSH: 9})
"""Each category's place in the short deck's order: a flush above a full house."""
_CATEGORY_AT = read_only(np.array(sorted(_ORDER, key=_ORDER.__getitem__), dtype=np.int8))
"""The ``Category`` value at each place of the short deck's order."""
_SHAPES = MappingProxyType({
    (1, 1, 1, 1, 1): Category.HIGH_CARD, (2, 1, 1, 1): Category.ONE_PAIR,
    (2, 2, 1): Category.TWO_PAIR, (3, 1, 1): Category.THREE_OF_A_KIND,
    (3, 2): Category.FULL_HOUSE, (4, 1): Category.FOUR_OF_A_KIND})


def _straight_top(ranks: tuple[int, ...]) -> int:
    """The top of the straight five ranks make (9 for A-6-7-8-9), or 0."""
    distinct = sorted(set(ranks))
    if len(distinct) != 5:
        return 0
    if distinct[4] - distinct[0] == 4:
        return distinct[4]
    return 9 if distinct == [6, 7, 8, 9, 14] else 0


@cache
def _five(ranks: tuple[int, ...], flush: bool) -> tuple[int, Category, tuple[int, ...]]:
    """(score, category, ranks most significant first) of five ranks, a flush or not."""
    groups = sorted(Counter(ranks).items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    order = tuple(r for r, _ in groups)
    top = _straight_top(ranks)
    if top:
        category = (Category.ROYAL_FLUSH if top == 14 else Category.STRAIGHT_FLUSH) if flush \
            else Category.STRAIGHT
        played = (9, 8, 7, 6, 14) if top == 9 else tuple(range(top, top - 5, -1))
        return _ORDER[category] << 20 | top << 16, category, played
    category = Category.FLUSH if flush else _SHAPES[tuple(n for _, n in groups)]
    score = _ORDER[category]
    for r in order:
        score = score << 4 | r
    return score << 4 * (5 - len(order)), category, order


def best_short_deck(cards: Iterable[Card]) -> HandValue:
    """The best five-card short-deck high hand of 5 to 10 distinct cards, six to ace."""
    hand = tuple(sorted(cards, key=lambda c: c.code))
    if not 5 <= len(hand) <= 10:
        raise ValueError(f"a high hand needs 5 to 10 cards, not {len(hand)}")
    require_distinct(hand)
    low = [c for c in hand if c.rank < LOWEST_RANK]
    if low:
        raise ValueError(f"{low[0]} is not in a short deck (six to ace)")
    best: tuple[int, Category, tuple[int, ...], tuple[Card, ...]] | None = None
    for five in combinations(hand, 5):
        score, category, order = _five(tuple(sorted(c.rank for c in five)),
                                       len({c.suit for c in five}) == 1)
        if best is None or score > best[0]:
            best = (score, category, order, five)
    assert best is not None  # five cards at least
    score, category, order, used = best
    played = tuple(sorted(used, key=lambda c: (order.index(c.rank), -c.suit)))
    return HandValue(score, category, played, HandKind.SHORT_DECK)


@cache
def _tables() -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int32], npt.NDArray[np.int32]]:
    """(sorted rank-key sums of five short-deck ranks, their scores not all one suit, and
    all one suit)."""
    rows = [m for m in combinations_with_replacement(range(6, 15), 5)
            if max(Counter(m).values()) <= 4]
    sums = np.array([sum(RANK_KEYS[r - 2] for r in m) for m in rows], dtype=np.int64)
    plain = np.array([_five(m, False)[0] for m in rows], dtype=np.int32)
    suited = np.array([_five(m, len(set(m)) == 5)[0] for m in rows], dtype=np.int32)
    order = np.argsort(sums)
    return read_only(sums[order]), read_only(plain[order]), read_only(suited[order])


_RANK_KEY_OF_CODE = read_only(np.asarray(RANK_KEYS, dtype=np.int64)[np.arange(52) >> 2])


def rank_short_deck(codes: npt.ArrayLike) -> npt.NDArray[np.int32]:
    """``best_short_deck`` scores of hands of 5 to 7 card codes (the last axis), six to
    ace. Rows must hold distinct cards (not checked)."""
    array = np.asarray(codes)
    if array.dtype.kind not in "iu":
        raise TypeError(f"card codes must be integers, not {array.dtype}")
    if array.ndim == 0 or array.shape[-1] not in HAND_SIZES:
        raise ValueError(f"hands must hold 5, 6 or 7 cards; got shape {array.shape}")
    lowest = 4 * (LOWEST_RANK - 2)
    if array.size and (array.min() < lowest or array.max() > 51):
        raise ValueError(f"card codes must be {lowest} to 51 (six to ace)")
    sums, plain, suited = _tables()
    fives = array.astype(np.intp)[..., index_combinations(array.shape[-1], 5).astype(np.intp)]
    where = np.searchsorted(sums, _RANK_KEY_OF_CODE[fives].sum(axis=-1))
    suits = fives & 3
    one_suit = (suits == suits[..., :1]).all(axis=-1)
    best: npt.NDArray[np.int32] = np.where(one_suit, suited[where], plain[where]).max(axis=-1)
    return best.astype(np.int32)


def category_of_short(scores: npt.ArrayLike) -> npt.NDArray[np.int8]:
    """The ``engine.hands.Category`` value of each ``rank_short_deck`` score.

    >>> from engine.cards import parse_cards
    >>> codes = [[c.code for c in parse_cards("6s 7s 8s 10s Qs")]]
    >>> Category(int(category_of_short(rank_short_deck(codes))[0])).name
    'FLUSH'
    """
    out: npt.NDArray[np.int8] = _CATEGORY_AT[np.asarray(scores) >> 20]
    return out
