"""Exact five- to seven-card distributions, counted by rank multiset instead of hand by hand.

All 133,784,560 seven-card hands fall into 49,205 rank multisets. A hand with
no five cards of one suit is worth what its ranks alone make, so each
multiset is scored once (on a stand-in hand dealt in suits that hold no
flush) and weighted by the suit assignments that avoid a flush. A hand with
five or more cards of one suit is a flush or better whatever else it holds
(seven cards cannot also make a full house), so each suited rank set is scored
once and weighted by the ways to choose the other cards. Lows are counted the
same way (ace-to-five ignores suits; deuce-to-seven here ignores them too, a
simplification for the 3% of hands holding five of a suit).

These give seven-card stud's exact category table, the percentiles the
Psycho model uses to say which way a hand is stronger, and the hand rankings
page's frequency tables (``hand_counts``, for five, six or seven cards).

>>> counts = high_category_counts()
>>> counts[Category.FULL_HOUSE], sum(counts.values())
(3473184, 133784560)
>>> five = hand_counts(5)
>>> five.total, dict(five.high)[Category.ROYAL_FLUSH], dict(five.low)["Five-high low"]
(2598960, 4, 1024)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from itertools import combinations
from math import comb

import numpy as np
import numpy.typing as npt

from engine.cards import Rank
from engine.fast import category_of, rank_high, rank_low, read_only
from engine.fast import combinations as fast_combinations
from engine.hands import Category, LowRanking
from engine.lowball import rank_deuce_to_seven

__all__ = ["Distribution", "HandCounts", "hand_counts", "high_category_counts",
           "high_distribution", "low_distribution"]

_CARDS = 7
"""Hand size the games' tables use; ``hand_counts`` also takes five or six."""
_SIZES = (5, 6, 7)
_ACE_TO_FIVE_TOP = 0x7FFFFF
"""``engine.hands``: an ace-to-five score is this minus the packed low key."""


@dataclass(frozen=True)
class Distribution:
    """Every distinct score of a hand type with its count, ascending.

    ``percentile(scores)`` is the share of all hands that a score beats, ties
    counting half: 0 for the worst hand, near 1 for the best.
    """

    scores: npt.NDArray[np.int64]
    counts: npt.NDArray[np.int64]

    def __post_init__(self) -> None:
        """Distributions are cached and shared: their arrays become read-only."""
        read_only(self.scores)
        read_only(self.counts)

    @staticmethod
    def of(scores: npt.NDArray[np.integer], weights: npt.NDArray[np.int64]) -> Distribution:
        unique, inverse = np.unique(scores.astype(np.int64), return_inverse=True)
        counts = np.zeros(len(unique), dtype=np.int64)
        np.add.at(counts, inverse, weights)
        return Distribution(unique, counts)

    @property
    def total(self) -> int:
        return int(self.counts.sum())

    def percentile(self, scores: npt.ArrayLike) -> npt.NDArray[np.float64]:
        below = np.concatenate([[0], np.cumsum(self.counts)])
        where = np.searchsorted(self.scores, np.asarray(scores, dtype=np.int64))
        where = np.clip(where, 0, len(self.scores) - 1)
        return (below[where] + self.counts[where] / 2) / self.total


def _check_size(size: int) -> None:
    if size not in _SIZES:
        raise ValueError(f"hands of 5, 6 or 7 cards can be counted, not {size}")


@cache
def _multisets(size: int) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """Every multiset of ``size`` ranks (0..12, at most four of each) and its rank counts.

    A multiset is a non-decreasing row; subtracting 0..size-1 from a subset of
    0..size+11 gives each one exactly once (stars and bars).
    """
    rows = fast_combinations(13 + size - 1, size).astype(np.int64) - np.arange(size)
    counts = np.zeros((len(rows), 13), dtype=np.int64)
    for column in rows.T:
        counts[np.arange(len(rows)), column] += 1
    keep = counts.max(axis=1) <= 4
    return read_only(rows[keep]), read_only(counts[keep])


def _stand_ins(rows: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    """Card codes for each sorted multiset, suits dealt in turn: no suit gets five cards."""
    suits = np.arange(rows.shape[1]) % 4  # equal ranks are neighbours, so they get different suits
    return 4 * rows + suits


def _no_flush_ways(counts: npt.NDArray[np.int64], size: int) -> npt.NDArray[np.int64]:
    """Suit assignments of each multiset in which no suit holds five or more cards.

    For one suit, a rank held ``m`` times has either no card of that suit
    (``C(3, m)`` ways for the others) or one (``C(3, m - 1)``): multiplying
    these polynomials over the ranks counts assignments by that suit's size,
    and at most one suit can hold five of seven or fewer cards.
    """
    c3 = np.array([comb(3, m) for m in range(5)] + [0], dtype=np.int64)
    c4 = np.array([comb(4, m) for m in range(5)], dtype=np.int64)
    poly = np.zeros((len(counts), size + 1), dtype=np.int64)
    poly[:, 0] = 1
    for rank in range(13):
        m = counts[:, rank]
        without = c3[m]
        with_one = np.where(m > 0, c3[np.maximum(m - 1, 0)], 0)
        shifted = np.zeros_like(poly)
        shifted[:, 1:] = poly[:, :-1] * with_one[:, None]
        poly = poly * without[:, None] + shifted
    ways: npt.NDArray[np.int64] = np.prod(c4[counts], axis=1) - 4 * poly[:, 5:].sum(axis=1)
    return ways


def _all_ways(counts: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    c4 = np.array([comb(4, m) for m in range(5)], dtype=np.int64)
    ways: npt.NDArray[np.int64] = np.prod(c4[counts], axis=1)
    return ways


@cache
def _high(size: int) -> Distribution:
    rows, counts = _multisets(size)
    scores = [rank_high(_stand_ins(rows).astype(np.uint8)).astype(np.int64)]
    weights = [_no_flush_ways(counts, size)]
    for suited in range(5, size + 1):
        ranks = np.array(list(combinations(range(13), suited)), dtype=np.int64)
        scores.append(rank_high((4 * ranks + 3).astype(np.uint8)).astype(np.int64))
        weights.append(np.full(len(ranks), 4 * comb(39, size - suited), dtype=np.int64))
    distribution = Distribution.of(np.concatenate(scores), np.concatenate(weights))
    if distribution.total != comb(52, size):
        raise AssertionError(f"the {size}-card high counts do not cover every hand")
    return distribution


@cache
def _low(ranking: LowRanking, size: int) -> Distribution:
    rows, counts = _multisets(size)
    codes = _stand_ins(rows)
    if ranking is LowRanking.ACE_TO_FIVE:
        scores = rank_low(codes.astype(np.uint8))
    else:
        scores = rank_deuce_to_seven(codes)
    return Distribution.of(scores, _all_ways(counts))


def high_distribution(size: int = _CARDS) -> Distribution:
    """Every high score of ``size`` cards (best five) and how many hands make it."""
    _check_size(size)
    return _high(size)


def low_distribution(ranking: LowRanking, size: int = _CARDS) -> Distribution:
    """Every low score of ``size`` cards and its count (deuce-to-seven ignoring suits)."""
    _check_size(size)
    return _low(ranking, size)


def high_category_counts(size: int = _CARDS) -> dict[Category, int]:
    """How many hands of ``size`` cards make each category (royal flushes on their own)."""
    distribution = high_distribution(size)
    categories = category_of(distribution.scores)
    return {category: int(distribution.counts[categories == category].sum())
            for category in Category}


@dataclass(frozen=True, slots=True)
class HandCounts:
    """Exact counts of every hand of ``cards`` cards, by high category and by ace-to-five low."""

    cards: int
    total: int
    high: tuple[tuple[Category, int], ...]
    """Best first: royal flush down to high card."""
    low: tuple[tuple[str, int], ...]
    """Best first: five-high low, six-high low, ..., king-high low, then hands with no
    unpaired low (ace-to-five ignores straights and flushes)."""


def _low_label(top: int) -> str:
    return f"{Rank(top).word.capitalize()}-high low"


def hand_counts(size: int) -> HandCounts:
    """Exact counts of all ``C(52, size)`` hands of 5 to 7 cards, by category and by low."""
    counts = high_category_counts(size)
    low = low_distribution(LowRanking.ACE_TO_FIVE, size)
    keys = _ACE_TO_FIVE_TOP - low.scores
    unpaired, top = keys >> 20 == 0, (keys >> 16) & 0xF
    lows = [(_low_label(rank), int(low.counts[unpaired & (top == rank)].sum()))
            for rank in range(5, 14)]
    lows.append(("No low without a pair", int(low.counts[~unpaired].sum())))
    total = comb(52, size)
    if sum(counts.values()) != total or sum(n for _, n in lows) != total:
        raise AssertionError("hand counts do not add up to every hand")
    return HandCounts(cards=size, total=total,
                      high=tuple((c, counts[c]) for c in reversed(Category)), low=tuple(lows))
