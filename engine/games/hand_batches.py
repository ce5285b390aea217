"""A game's declared hand types (``engine.games.hand_types``) scored over numpy batches of
card codes: the high hand by ``engine.fast`` (or ``engine.short_deck``), the low by
``engine.fast`` (ace-to-five) or ``engine.lowball`` (deuce-to-seven, ace-to-six), each
score bit for bit the ``HandValue.score`` the engine's own evaluators give, so equal
scores tie and greater wins exactly as there. Badugi, four cards or fewer, is not scored
here.

>>> import numpy as np
>>> from engine.cards import parse_cards
>>> split = HandTypes(low=LowRanking.ACE_TO_FIVE, qualifier=8)
>>> hands = np.array([[c.code for c in parse_cards(h)] for h in ("As 2d 3h 4c 8s",
...                                                               "As 2d 3h 4c 9s")])
>>> qualifying(ranker(split, low=True)(hands), split).tolist()
[True, False]
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import numpy.typing as npt

from engine.cards import parse_cards
from engine.fast import rank_high, rank_low
from engine.games.hand_types import HandTypes
from engine.hands import LowRanking
from engine.lowball import rank_ace_to_six, rank_deuce_to_seven
from engine.short_deck import rank_short_deck

__all__ = ["Scores", "in_batches", "qualifying", "ranker"]

Scores = npt.NDArray[np.int64]


def in_batches(types: HandTypes) -> bool:
    """Whether these hand types are scored here: any but badugi, and a low qualifier only
    for ace-to-five lows (the only one :func:`qualifying` reads)."""
    if types.low is LowRanking.BADUGI:
        return False
    return types.qualifier is None or types.low in (None, LowRanking.ACE_TO_FIVE)


def ranker(types: HandTypes, *, low: bool) -> Callable[[npt.ArrayLike], Scores]:
    """The batch scorer of the high hand (or, with ``low``, the low) of 5 to 7 cards."""
    if not low:
        high = rank_short_deck if types.short_deck else rank_high
        return lambda cards: high(cards).astype(np.int64)
    if types.low is LowRanking.DEUCE_TO_SEVEN:
        return lambda cards: rank_deuce_to_seven(cards).astype(np.int64)
    if types.low is LowRanking.ACE_TO_SIX:
        return lambda cards: rank_ace_to_six(cards).astype(np.int64)
    return lambda cards: rank_low(cards).astype(np.int64)


def qualifying(lows: Scores, types: HandTypes) -> npt.NDArray[np.bool_]:
    """Which ace-to-five lows may win the low half: at least as good as the worst
    qualifying low."""
    if types.qualifier is None:
        return np.ones(lows.shape, dtype=bool)
    ranks = ["A", *map(str, range(2, 11)), "J", "Q", "K"][types.qualifier - 5:types.qualifier]
    worst = parse_cards(" ".join(f"{r}{s}" for r, s in zip(ranks, "cdhsc", strict=True)))
    floor = int(rank_low(np.array([[c.code for c in worst]], dtype=np.uint8))[0])
    return lows >= floor
