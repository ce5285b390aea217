"""Badugi: the best hand of cards of different ranks and different suits, ace low.

A badugi hand is the largest set of a player's cards with no two of one rank and no two
of one suit: four such cards (a badugi) beat any three, three beat any two. Among hands of
one size the lowest wins, compared from the highest card down, the ace counting one:
4-3-2-A is the best of all.

Values are ``engine.hands.HandValue`` of kind ``HandKind.BADUGI``: the score is
``size << 16 | (0xFFFF - ranks)``, where ``ranks`` packs the values highest first in
4-bit slots (ace 1), so greater is better and suits never break a tie. ``cards`` are the
cards played, highest first. ``rank_badugi`` scores numpy batches bit for bit the same.

>>> from engine.cards import parse_cards
>>> best_badugi(parse_cards("4c 3d 2h As")).describe()
'Four-card badugi, four-three-two-ace'
>>> best_badugi(parse_cards("Kc 7c 4d 2h")).describe()
'Three-card hand, seven-four-two'
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from itertools import combinations

import numpy as np
import numpy.typing as npt

from engine.cards import Card, require_distinct
from engine.fast import combinations as index_combinations
from engine.fast import read_only
from engine.hands import Category, HandKind, HandValue

__all__ = ["best_badugi", "rank_badugi"]

MOST_CARDS = 10
"""The most cards a hand may hold (draw games deal four; some five)."""


def _value(rank: int) -> int:
    """A rank as badugi counts it: the ace one."""
    return 1 if rank == 14 else rank


def _packed(values: Iterable[int]) -> int:
    """Values highest first in 4-bit slots, unused slots zero."""
    ordered = sorted(values, reverse=True)
    key = 0
    for v in ordered:
        key = key << 4 | v
    return key << 4 * (4 - len(ordered))


def best_badugi(cards: Iterable[Card]) -> HandValue:
    """The best badugi hand of 1 to 10 distinct cards."""
    hand = tuple(cards)
    if not 1 <= len(hand) <= MOST_CARDS:
        raise ValueError(f"a badugi hand needs 1 to {MOST_CARDS} cards, not {len(hand)}")
    require_distinct(hand)
    hand = tuple(sorted(hand, key=lambda c: c.code))  # ties go the same way every time
    for size in range(min(4, len(hand)), 0, -1):
        best: tuple[int, tuple[Card, ...]] | None = None
        for chosen in combinations(hand, size):
            if len({c.rank for c in chosen}) < size or len({c.suit for c in chosen}) < size:
                continue
            score = size << 16 | (0xFFFF - _packed(_value(c.rank) for c in chosen))
            if best is None or score > best[0]:
                best = (score, chosen)
        if best is not None:
            played = tuple(sorted(best[1], key=lambda c: _value(c.rank), reverse=True))
            return HandValue(best[0], Category.HIGH_CARD, played, HandKind.BADUGI)
    raise AssertionError("one card is always a badugi hand")


@cache
def _mask_scores() -> npt.NDArray[np.int32]:
    """By a 13-bit mask of values (bit v - 1): ``size << 16 | (0xFFFF - ranks)`` for the
    masks of one to four values, else 0."""
    table = np.zeros(1 << 13, dtype=np.int32)
    for mask in range(1, 1 << 13):
        values = [v for v in range(1, 14) if mask >> (v - 1) & 1]
        if len(values) <= 4:
            table[mask] = len(values) << 16 | (0xFFFF - _packed(values))
    return read_only(table)


_CODES = read_only(np.arange(52))
_VALUE_BITS = read_only(np.where(_CODES >> 2 == 12, 1, 1 << ((_CODES >> 2) + 1)).astype(np.int64))
"""Each card's value as a bit: the ace bit 0, the deuce bit 1, ..., the king bit 12."""
_SUIT_BITS = read_only((1 << (_CODES & 3)).astype(np.int64))
_POPCOUNT = read_only(np.array([bin(m).count("1") for m in range(1 << 13)], dtype=np.int64))


def rank_badugi(codes: npt.ArrayLike) -> npt.NDArray[np.int32]:
    """``best_badugi`` scores of hands of 1 to 10 card codes (the last axis).

    Rows must hold distinct cards (not checked)."""
    array = np.asarray(codes)
    if array.dtype.kind not in "iu":
        raise TypeError(f"card codes must be integers, not {array.dtype}")
    if array.ndim == 0 or not 1 <= array.shape[-1] <= MOST_CARDS:
        raise ValueError(f"hands must hold 1 to {MOST_CARDS} cards; got shape {array.shape}")
    if array.size and (array.min() < 0 or array.max() > 51):
        raise ValueError("card codes must be 0 to 51")
    hands = array.reshape(-1, array.shape[-1]).astype(np.intp)
    values, suits = _VALUE_BITS[hands], _SUIT_BITS[hands]
    table = _mask_scores()
    best = np.zeros(len(hands), dtype=np.int32)
    for size in range(1, min(4, hands.shape[1]) + 1):
        for chosen in index_combinations(hands.shape[1], size).tolist():
            value_mask = np.bitwise_or.reduce(values[:, chosen], axis=1)
            suit_mask = np.bitwise_or.reduce(suits[:, chosen], axis=1)
            clean = (_POPCOUNT[value_mask] == size) & (_POPCOUNT[suit_mask] == size)
            np.maximum(best, np.where(clean, table[value_mask], 0), out=best)
    return best.reshape(array.shape[:-1])
