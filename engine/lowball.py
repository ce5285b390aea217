"""Deuce-to-seven lows over numpy batches, on top of ``engine.fast.rank_high``, and
ace-to-six lows in batches.

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
from functools import cache
from itertools import combinations_with_replacement

import numpy as np
import numpy.typing as npt

from engine.fast import HAND_SIZES, RANK_KEYS, category_of, combinations, rank_high, read_only
from engine.hands import five_key

__all__ = ["category_of_lowball", "rank_ace_to_six", "rank_deuce_to_seven"]

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


def category_of_lowball(scores: npt.ArrayLike) -> npt.NDArray[np.int8]:
    """The ``engine.hands.Category`` value of each deuce-to-seven or ace-to-six score: what
    the hand is, a straight or a flush counting (a royal flush as a straight flush).

    >>> from engine.cards import parse_cards
    >>> hands = [[c.code for c in parse_cards(h)] for h in ("7c 5d 4h 3s 2c", "6c 5d 4h 3s 2c")]
    >>> category_of_lowball(rank_deuce_to_seven(np.array(hands))).tolist()
    [0, 4]
    """
    category: npt.NDArray[np.int8] = np.minimum(
        category_of(_TOP - np.asarray(scores, dtype=np.int64)), 8).astype(np.int8)
    return category


# --- Ace-to-six ---------------------------------------------------------------
# Scored as ``engine.hands.best_low(cards, "ace-to-six")`` scores them: each five-rank
# multiset's key (``engine.hands.five_key``, the ace as one) looked up by its rank-key sum.


@cache
def _ace_to_six_tables() -> tuple[npt.NDArray[np.uint32], npt.NDArray[np.int32],
                                  npt.NDArray[np.int32]]:
    """(sorted rank-key sums of the five-rank multisets, their ace-to-six scores when not
    all one suit, and when all one suit)."""
    sums, plain, suited = [], [], []
    for ranks in combinations_with_replacement(range(2, 15), 5):
        if max(Counter(ranks).values()) > 4:
            continue
        values = tuple(sorted(1 if r == 14 else r for r in ranks))
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
    ``engine.hands.best_low(cards, "ace-to-six")`` scores them."""
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
