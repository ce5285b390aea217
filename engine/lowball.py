"""Deuce-to-seven lows over numpy batches, on top of ``engine.fast.rank_high``, and
ace-to-six lows, scalar and in batches.

Deuce-to-seven ranks a low hand as a high hand turned upside down, with the
ace always high: the best low of 5 to 7 cards is the five-card subset with the
lowest high score, where A-2-3-4-5 is ace-high (not a straight). The score is
``0xFFFFFF - high``, bit for bit ``engine.hands.best_low(cards,
"deuce-to-seven").score``: greater is better, equal ties.

Each row's 5-card subsets (1, 6 or 21) are scored in one batch; the wheel's
straight (or straight flush) score is swapped for its ace-high value first.

>>> import numpy as np
>>> from engine.cards import parse_cards
>>> from engine.hands import best_low
>>> cards = parse_cards("7c 5d 4h 3s 2c 2d Ah")
>>> int(rank_deuce_to_seven(np.array([[c.code for c in cards]]))[0]) == best_low(
...     cards, "deuce-to-seven").score
True
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from functools import cache
from itertools import combinations as subsets
from itertools import combinations_with_replacement
from types import MappingProxyType

import numpy as np
import numpy.typing as npt

from engine.cards import Card, require_distinct
from engine.fast import HAND_SIZES, RANK_KEYS, combinations, rank_high, read_only
from engine.hands import Category, HandKind, HandValue

__all__ = ["best_ace_to_six", "five_key", "rank_ace_to_six", "rank_deuce_to_seven"]

_TOP = 0xFFFFFF
_WHEEL_STRAIGHT = 4 << 20 | 5 << 16
_WHEEL_STRAIGHT_FLUSH = 8 << 20 | 5 << 16
_ACE_FIVE_HIGH = 14 << 16 | 5 << 12 | 4 << 8 | 3 << 4 | 2
"""A-5-4-3-2 as ranks in the high score encoding: ace high, no straight."""


def rank_deuce_to_seven(codes: npt.ArrayLike) -> npt.NDArray[np.int32]:
    """Deuce-to-seven scores of hands of 5 to 7 card codes (the last axis)."""
    array = np.asarray(codes)
    if array.ndim == 0 or array.shape[-1] not in HAND_SIZES:
        raise ValueError(f"hands must hold 5, 6 or 7 cards; got shape {array.shape}")
    subsets = combinations(array.shape[-1], 5).astype(np.intp)
    high = rank_high(array.astype(np.uint8)[..., subsets])
    high = np.where(high == _WHEEL_STRAIGHT, _ACE_FIVE_HIGH, high)
    high = np.where(high == _WHEEL_STRAIGHT_FLUSH, 5 << 20 | _ACE_FIVE_HIGH, high)
    scores: npt.NDArray[np.int32] = (_TOP - high.min(axis=-1)).astype(np.int32)
    return scores


# --- Ace-to-six ---------------------------------------------------------------
# The ace counts one and nothing else: A-2-3-4-5 is a straight (five high), K-A-2-3-4 and
# 10-J-Q-K-A are not, and straights and flushes count against the hand, so the best low
# is 6-4-3-2-A in mixed suits. The key is a high score with the ace as rank 1; the value
# ``0xFFFFFF - key`` orders greater-is-better like every other score.


@cache
def five_key(values: tuple[int, ...], flush: bool) -> int:
    """High-style key of five values taken as they are (no wheel: give the ace as 1 for
    ace-to-six, 14 for deuce-to-seven), in any order: lower is a better low."""
    groups = sorted(Counter(values).items(), key=lambda vc: (vc[1], vc[0]), reverse=True)
    shape = tuple(n for _, n in groups)
    ordered = tuple(v for v, _ in groups)
    straight = len(groups) == 5 and ordered[0] - ordered[4] == 4
    if straight:
        return (8 if flush else 4) << 20 | ordered[0] << 16
    category = 5 if flush else _PAIR_SHAPES[shape]
    key = category
    for v in ordered:
        key = key << 4 | v
    return key << 4 * (5 - len(ordered))


_PAIR_SHAPES = MappingProxyType({(1, 1, 1, 1, 1): 0, (2, 1, 1, 1): 1, (2, 2, 1): 2,
                                 (3, 1, 1): 3, (3, 2): 6, (4, 1): 7})
"""High category by rank counts, largest first."""


def _ace_low(rank: int) -> int:
    return 1 if rank == 14 else rank


def _played_order(five: tuple[Card, ...]) -> tuple[Card, ...]:
    """The cards most significant first: larger groups, then higher ranks (the ace low)."""
    counts = Counter(_ace_low(c.rank) for c in five)
    return tuple(sorted(five, key=lambda c: (counts[_ace_low(c.rank)], _ace_low(c.rank),
                                             c.suit), reverse=True))


def best_ace_to_six(cards: Iterable[Card]) -> HandValue:
    """The best ace-to-six low of 5 to 10 distinct cards.

    >>> from engine.cards import parse_cards
    >>> best_ace_to_six(parse_cards("Ac 2d 3h 4s 5c 6d Kh")).describe()
    'Six-four low'
    >>> best_ace_to_six(parse_cards("Ac 2d 3h 4s 5c")).describe()
    'Five-high straight (low)'
    """
    hand = tuple(sorted(cards, key=_code))
    if not 5 <= len(hand) <= 10:
        raise ValueError(f"a low hand needs 5 to 10 cards, not {len(hand)}")
    require_distinct(hand)
    best_key, best = 1 << 24, hand[:5]
    for five in subsets(hand, 5):
        suits = {c.suit for c in five}
        key = five_key(tuple(sorted(_ace_low(c.rank) for c in five)), len(suits) == 1)
        if key < best_key:
            best_key, best = key, five
    return HandValue(_TOP - best_key, Category(best_key >> 20), _played_order(best),
                     HandKind.ACE_TO_SIX)


def _code(c: Card) -> int:
    return c.code


@cache
def _ace_to_six_tables() -> tuple[npt.NDArray[np.uint32], npt.NDArray[np.int32],
                                  npt.NDArray[np.int32]]:
    """(sorted rank-key sums of the five-rank multisets, their ace-to-six scores when not
    all one suit, and when all one suit)."""
    sums, plain, suited = [], [], []
    for ranks in combinations_with_replacement(range(2, 15), 5):
        if max(Counter(ranks).values()) > 4:
            continue
        values = tuple(sorted(_ace_low(r) for r in ranks))
        sums.append(sum(RANK_KEYS[r - 2] for r in ranks))
        plain.append(_TOP - five_key(values, False))
        suited.append(_TOP - five_key(values, len(set(ranks)) == 5))
    order = np.argsort(sums)
    return (read_only(np.asarray(sums, dtype=np.uint32)[order]),
            read_only(np.asarray(plain, dtype=np.int32)[order]),
            read_only(np.asarray(suited, dtype=np.int32)[order]))


_RANK_KEY_OF_CODE = read_only(np.asarray(RANK_KEYS, dtype=np.uint32)[np.arange(52) >> 2])


def rank_ace_to_six(codes: npt.ArrayLike) -> npt.NDArray[np.int32]:
    """Ace-to-six scores of hands of 5 to 7 card codes (the last axis), as
    ``best_ace_to_six`` scores them."""
    array = np.asarray(codes)
    if array.ndim == 0 or array.shape[-1] not in HAND_SIZES:
        raise ValueError(f"hands must hold 5, 6 or 7 cards; got shape {array.shape}")
    if array.size and (array.min() < 0 or array.max() > 51):
        raise ValueError("card codes must be 0 to 51")
    sums, plain, suited = _ace_to_six_tables()
    fives = array.astype(np.intp)[..., combinations(array.shape[-1], 5).astype(np.intp)]
    where = np.searchsorted(sums, _RANK_KEY_OF_CODE[fives].sum(axis=-1, dtype=np.uint32))
    suits = fives & 3
    one_suit = (suits == suits[..., :1]).all(axis=-1)
    scores = np.where(one_suit, suited[where], plain[where])
    best: npt.NDArray[np.int32] = scores.max(axis=-1).astype(np.int32)
    return best
