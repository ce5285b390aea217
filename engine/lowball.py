"""Deuce-to-seven lows over numpy batches, on top of ``engine.fast.rank_high``.

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

import numpy as np
import numpy.typing as npt

from engine.fast import HAND_SIZES, combinations, rank_high

__all__ = ["rank_deuce_to_seven"]

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
