"""How often each hand comes, counted exactly with the batch evaluator.

Enumerating all 133,784,560 seven-card hands takes seconds; this counts the
same thing exactly in a fraction of that by grouping hands:

* a hand with no five cards of one suit has a value fixed by its ranks alone,
  so each rank multiset is evaluated once (on a stand-in hand dealt in suits
  that cannot make a flush) and weighted by how many suit assignments avoid a
  flush (a product of small polynomials, one per rank);
* a hand with five or more cards of one suit is always a flush or better (with
  at most seven cards, a full house or quads cannot coexist with it), and its
  value is fixed by that suit's ranks: each set of suited ranks is evaluated
  once and weighted by the ways to choose the off-suit cards.

Ace-to-five lows ignore suits, so each rank multiset weighs all its suit
assignments. Every value comes from ``engine.fast``; this module only counts.
It imports no Streamlit: the page caches the result.

>>> counts = hand_counts(5)
>>> counts.total, dict(counts.high)[Category.ROYAL_FLUSH]
(2598960, 4)
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations, combinations_with_replacement
from math import comb

import numpy as np
import numpy.typing as npt

from engine import fast
from engine.cards import Rank
from engine.hands import Category

_LOW_TOP = 0x7FFFFF
"""``engine.hands``: an ace-to-five score is ``0x7FFFFF`` minus the packed low key."""


@dataclass(frozen=True, slots=True)
class HandCounts:
    """Exact counts of every n-card hand by high category and by ace-to-five low."""

    cards: int
    total: int
    high: tuple[tuple[Category, int], ...]
    """Best first: royal flush down to high card."""
    low: tuple[tuple[str, int], ...]
    """Best first: five-high low, six-high low, ..., then hands with no unpaired low."""


def _multisets(size: int) -> npt.NDArray[np.int64]:
    """Every multiset of ``size`` ranks (0..12) with no rank more than four times, sorted rows."""
    rows = np.array(list(combinations_with_replacement(range(13), size)), dtype=np.int64)
    counts = _rank_counts(rows)
    return rows[counts.max(axis=1) <= 4]


def _rank_counts(rows: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    counts = np.zeros((len(rows), 13), dtype=np.int64)
    for column in rows.T:
        counts[np.arange(len(rows)), column] += 1
    return counts


def _stand_in_codes(rows: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    """Card codes for each multiset, with suits rotated so no suit holds five cards."""
    size = rows.shape[1]
    copy = np.zeros_like(rows)
    distinct = np.zeros_like(rows)
    for i in range(1, size):
        same = rows[:, i] == rows[:, i - 1]
        copy[:, i] = np.where(same, copy[:, i - 1] + 1, 0)
        distinct[:, i] = np.where(same, distinct[:, i - 1], distinct[:, i - 1] + 1)
    suits = (copy + distinct) % 4
    suit_counts = np.stack([(suits == s).sum(axis=1) for s in range(4)], axis=1)
    if suit_counts.max() >= 5:
        raise AssertionError("a stand-in hand holds a flush")
    return 4 * rows + suits


def _no_flush_ways(counts: npt.NDArray[np.int64], size: int) -> npt.NDArray[np.int64]:
    """For each rank multiset: the suit assignments in which no suit has five cards.

    For one suit, a rank held ``m`` times either has no card of that suit
    (``C(3, m)`` ways for its others) or one (``C(3, m - 1)`` ways), so the
    polynomial product over ranks counts assignments by that suit's size.
    """
    binomial = np.array([[comb(n, k) if k >= 0 else 0 for k in range(-1, 5)]
                         for n in (3, 4)], dtype=np.int64)
    without = binomial[0][counts + 1]
    with_one = binomial[0][counts]
    total = np.prod(binomial[1][counts + 1], axis=1)
    poly = np.zeros((len(counts), size + 1), dtype=np.int64)
    poly[:, 0] = 1
    for rank in range(13):
        shifted = np.zeros_like(poly)
        shifted[:, 1:] = poly[:, :-1] * with_one[:, rank, None]
        poly = poly * without[:, rank, None] + shifted
    flush_in_one_suit = poly[:, 5:].sum(axis=1)
    return total - 4 * flush_in_one_suit


def _all_ways(counts: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    choose4 = np.array([comb(4, m) for m in range(5)], dtype=np.int64)
    return np.prod(choose4[counts], axis=1)


def _low_label(top: int) -> str:
    name = "Ace" if top == 1 else Rank(top).word.capitalize()
    return f"{name}-high low"


def hand_counts(size: int) -> HandCounts:
    """Exact counts of all ``C(52, size)`` hands of 5 to 7 cards, by category and by low."""
    if size not in (5, 6, 7):
        raise ValueError(f"hands of 5, 6 or 7 cards can be counted, not {size}")
    rows = _multisets(size)
    counts = _rank_counts(rows)
    codes = _stand_in_codes(rows)

    high = np.zeros(len(Category), dtype=np.int64)
    categories = fast.category_of(fast.rank_high(codes))
    np.add.at(high, categories, _no_flush_ways(counts, size))
    for suited in range(5, size + 1):
        ranks = np.array(list(combinations(range(13), suited)), dtype=np.int64)
        flush_categories = fast.category_of(fast.rank_high(4 * ranks + 3))
        ways = 4 * comb(39, size - suited)
        np.add.at(high, flush_categories, ways)

    keys = _LOW_TOP - fast.rank_low(codes).astype(np.int64)
    structure, top = keys >> 20, (keys >> 16) & 0xF
    weights = _all_ways(counts)
    low: list[tuple[str, int]] = []
    for rank in range(5, 14):
        chosen = (structure == 0) & (top == rank)
        low.append((_low_label(rank), int(weights[chosen].sum())))
    low.append(("No low without a pair", int(weights[structure > 0].sum())))

    total = comb(52, size)
    if int(high.sum()) != total or sum(n for _, n in low) != total:
        raise AssertionError("hand counts do not add up to every hand")
    by_category = tuple((category, int(high[category])) for category in reversed(Category))
    return HandCounts(cards=size, total=total, high=by_category, low=tuple(low))
