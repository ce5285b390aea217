"""Wild-card hands over numpy batches: ``engine.wild.best_wild_high`` for many hands at once.

``rank_wild_high`` scores every row of an ``(N, 5)``, ``(N, 6)`` or ``(N, 7)`` integer
array of card codes (``Card.code``, 0..51, and ``JOKER`` = 52 for the joker) and returns
int32 scores bit for bit those of ``best_wild_high``. The wild ranks are the same for
every row (``WildCards.ranks``) plus, if given, each row's own (``row_ranks``: a bit
mask per row, bit r for rank r), as Follow the Queen's rank changes from deal to deal.

How it is fast: as in ``engine.fast``, every card has an additive key and a hand costs one
gather per card and a few look-ups. A wild card is keyed as a card of a stand-in rank (one
wild in every row, so no natural card has it; else the deuce), so the rank-key sum of a
hand names the multiset of its ranks with every wild card counted as that rank, which
``engine.fast``'s keys tell apart. The key also counts the natural cards of each suit, the
wild cards, the bugs and the cards keyed as the stand-in. One table by (wild cards, bugs,
multiset) holds the best hand the ranks make, five of a kind and straights included; a
table by the suit counts and wild cards names the one suit (rarely several) that may make
a flush, and those rows are finished from a table of that suit's natural ranks by the
number of wild cards. A hand with more than four cards keyed as the
stand-in (five wild cards, or natural deuces beside wild cards where no rank is wild in
every row) is valued one at a time.
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, replace
from functools import cache
from itertools import combinations_with_replacement
from threading import RLock
from types import MappingProxyType

import numpy as np
import numpy.typing as npt

from engine.cards import Card, Rank
from engine.fast import (
    HAND_SIZES,
    RANK_KEYS,
    combinations,
    load_tables,
    read_only,
)
from engine.hands import HandKind, five_key
from engine.lowball import rank_ace_to_six, rank_deuce_to_seven
from engine.wild import LOW_KINDS, Joker, WildCards, best_wild_high, best_wild_low

__all__ = ["JOKER", "rank_wild_high", "rank_wild_low"]

JOKER = 52
"""The joker's code in a batch (the 52 cards are 0..51)."""

_SUITS_AT, _WILD_AT, _BUGS_AT, _KEYED_AT = 23, 35, 38, 39
"""A hand's key sum: the rank keys (bits 0..22), the natural cards of each suit (3 bits
a suit), the wild cards, the bugs, and (highest, so one comparison finds too many) the
cards keyed as the stand-in rank."""
assert _WILD_AT == _SUITS_AT + 12, "suit counts and wild cards sit side by side"
_RANK_MASK = (1 << 23) - 1
_COMBOS = 16
"""Wild cards + 8 * bugs, as the key sum holds them."""
_MOST_KEYED = 4
_CHUNK = 8192
_PARALLEL_MIN = 4 * _CHUNK
_THREADS = min(4, len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity")
               else os.cpu_count() or 1)
_CODES = 64
"""Key-table row length: codes 0..52, padded to a power of two."""

Scores = npt.NDArray[np.int32]
_lock = RLock()
_NO_WILD_RANKS = WildCards()
"""Only a joker, fully wild, is wild."""


@dataclass(frozen=True, slots=True)
class _SizeTables:
    """The tables for one hand size: multiset position by rank-key sum, best hands by
    (wild cards, bugs) and position, and (natural_first) the best natural hand."""

    position: npt.NDArray[np.uint16]
    values: npt.NDArray[np.int32]
    naturals: npt.NDArray[np.int32]
    flush_suit: npt.NDArray[np.int8]
    multisets: int


@dataclass(frozen=True, slots=True)
class _Multisets:
    """Every multiset of ``size`` ranks with at most four of one, by ascending key sum:
    their sums and their rank counts (columns 2..14)."""

    sums: npt.NDArray[np.int64]
    counts: npt.NDArray[np.int64]
    ranks: npt.NDArray[np.int64]
    """Each multiset's ranks, ascending."""


@cache
def _multisets(size: int) -> _Multisets:
    rows = [m for m in combinations_with_replacement(range(2, 15), size)
            if max(Counter(m).values()) <= _MOST_KEYED]
    counts = np.zeros((len(rows), 15), dtype=np.int64)
    for i, m in enumerate(rows):
        for r in m:
            counts[i, r] += 1
    sums = counts[:, 2:] @ np.asarray(RANK_KEYS, dtype=np.int64)
    order = np.argsort(sums)
    ranks = np.array(rows, dtype=np.int64).reshape(len(rows), size)[order]
    return _Multisets(read_only(sums[order]), read_only(counts[order]), read_only(ranks))


@cache
def _straights() -> npt.NDArray[np.int32]:
    """By wild cards * 8192 + a rank mask (bit r - 2): the best straight's score, or 0."""
    masks = np.arange(1 << 13)
    table = np.zeros((8, 1 << 13), dtype=np.int32)
    for top in range(5, 15):
        run = [14, 2, 3, 4, 5] if top == 5 else list(range(top - 4, top + 1))
        missing = sum((masks >> (r - 2) & 1) ^ 1 for r in run)
        for wild in range(8):
            table[wild] = np.where(missing <= wild, 4 << 20 | top << 16, table[wild])
    return read_only(table.reshape(-1))


def _with_wild(size: int, smaller: int, better: npt.NDArray[np.int32], *,
               five_of_a_kind: bool = True) -> npt.NDArray[np.int32]:
    """Best rank-only score of each multiset of ``smaller`` ranks plus one more wild card
    than ``better`` (the scores of the multisets one rank larger) counts: the wild card
    is each rank in turn, or (high hands) makes five of a kind."""
    below, above = _multisets(smaller), _multisets(smaller + 1)
    wild = size - smaller
    best = np.zeros(len(below.sums), dtype=np.int32)
    keys = np.asarray(RANK_KEYS, dtype=np.int64)
    for r in range(2, 15):
        room = below.counts[:, r] < _MOST_KEYED
        where = np.searchsorted(above.sums, below.sums + keys[r - 2]).clip(0, len(above.sums) - 1)
        best = np.maximum(best, np.where(room, better[where], 0))
    for r in range(2, 15) if five_of_a_kind else ():  # it beats all, the highest first
        best = np.where(below.counts[:, r] + wild >= 5, 10 << 20 | r << 16, best)
    return best


def _rank_masks(counts: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    masks: npt.NDArray[np.int64] = ((counts[:, 2:] > 0) << np.arange(13)).sum(axis=1)
    return masks


@cache
def _rank_scores(size: int) -> tuple[npt.NDArray[np.int32], ...]:
    """By wild cards w: the best rank-only score of each multiset of size - w ranks with
    w wild cards (whatever rank stands in for them)."""
    with _lock:
        by_wild = [load_tables().ranks[size].high.astype(np.int32)]
        for wild in range(1, _MOST_KEYED + 1):
            by_wild.append(_with_wild(size, size - wild, by_wild[-1]))
        return tuple(read_only(scores) for scores in by_wild)


@cache
def _positions(size: int) -> npt.NDArray[np.uint16]:
    """Each multiset of ``size`` ranks' position, by its rank-key sum."""
    sums = _multisets(size).sums
    position = np.zeros(int(sums[-1]) + 1, dtype=np.uint16)
    position[sums] = np.arange(len(sums), dtype=np.uint16)
    return read_only(position)


@cache
def _size_tables(size: int, stand_in: int) -> _SizeTables:
    with _lock:
        return _build_size_tables(size, stand_in)


def _build_size_tables(size: int, stand_in: int) -> _SizeTables:
    """The tables where wild cards and bugs are keyed as rank ``stand_in``."""
    natural = {n: load_tables().ranks[n].high.astype(np.int32) for n in HAND_SIZES}
    by_wild = _rank_scores(size)
    full = _multisets(size)
    count = len(full.sums)
    values = np.zeros((2, 8, count), dtype=np.int32)
    naturals = np.full((2, 8, count), -1, dtype=np.int32)
    straights = _straights()
    for wild in range(_MOST_KEYED + 1):
        for bugs in (0, 1):
            units = wild + bugs
            if units > _MOST_KEYED:
                continue
            # The natural cards: the multiset less ``units`` cards of the stand-in rank.
            rest = _multisets(size - units)
            valid = full.counts[:, stand_in] >= units
            where = np.searchsorted(rest.sums, full.sums - units * RANK_KEYS[stand_in - 2])
            where = where.clip(0, len(rest.sums) - 1)
            if bugs:  # a bug is an ace, or completes a straight
                as_ace = _with_bug(size, wild, by_wild[wild])
                straight = straights[(units << 13) + _rank_masks(rest.counts)]
                score = np.maximum(as_ace, straight)[where]
            else:
                score = by_wild[wild][where]
            values[bugs, wild] = np.where(valid, score, 0)
            if size - units in natural:
                naturals[bugs, wild] = np.where(valid, natural[size - units][where], -1)
    return _SizeTables(_positions(size), read_only(values.reshape(-1)),
                       read_only(naturals.reshape(-1)), _flush_suits(), count)


def _with_bug(size: int, wild: int, scores: npt.NDArray[np.int32]) -> npt.NDArray[np.int32]:
    """For each multiset of size - wild - 1 ranks: the best rank-only score with the bug as
    an ace (``scores``: those of the multisets one ace larger, with ``wild`` wild cards)."""
    below, above = _multisets(size - wild - 1), _multisets(size - wild)
    ace = RANK_KEYS[12]
    where = np.searchsorted(above.sums, below.sums + ace).clip(0, len(above.sums) - 1)
    best = np.where(below.counts[:, 14] < _MOST_KEYED, scores[where], 0)
    return np.where(below.counts[:, 14] + wild + 1 >= 5, 10 << 20 | 14 << 16, best)


@cache
def _flush_suits() -> npt.NDArray[np.int8]:
    """By (wild cards + 8 * bugs) << 12 | each suit's natural cards (3 bits a suit): the
    one suit that may make a flush, -1 for none, 4 for several."""
    index = np.arange(_COMBOS << 12)
    units = _UNITS[index >> 12]
    counts = [(index >> 3 * suit) & 7 for suit in range(4)]
    able = np.stack([c + units >= 5 for c in counts])
    table = np.where(able.sum(axis=0) > 1, 4, np.where(able.any(axis=0), able.argmax(axis=0), -1))
    return read_only(table.astype(np.int8))


_FIVE_ACES = 10 << 20 | 14 << 16
_UNITS = read_only(np.array([c % 8 + c // 8 for c in range(_COMBOS)], dtype=np.intp))
"""Wild cards and bugs together, by wild cards + 8 * bugs."""


@cache
def _suit_scores() -> npt.NDArray[np.int32]:
    """By wild cards * 8192 + a suit's natural rank mask (bit r - 2): its best straight
    flush or flush, or 0. A flush takes the suit's ranks from the ace down, a wild card
    standing for each rank missing while any is left."""
    masks = np.arange(1 << 13)
    table = np.zeros((8, 1 << 13), dtype=np.int32)
    for wild in range(8):
        left = np.full(len(masks), wild)
        taken = np.zeros(len(masks), dtype=np.int64)
        ranks = np.zeros(len(masks), dtype=np.int64)
        for r in range(14, 1, -1):
            held = (masks >> (r - 2) & 1).astype(bool)
            use = (taken < 5) & (held | (left > 0))
            left -= use & ~held
            ranks = np.where(use, ranks << 4 | r, ranks)
            taken += use
        best = np.where(taken == 5, 5 << 20 | ranks, 0)
        for top in range(5, 15):
            run = [14, 2, 3, 4, 5] if top == 5 else list(range(top - 4, top + 1))
            missing = sum((masks >> (r - 2) & 1) ^ 1 for r in run)
            best = np.where(missing <= wild, (9 if top == 14 else 8) << 20 | top << 16, best)
        table[wild] = best
    return read_only(table.reshape(-1))


@cache
def _card_tables(ranks: frozenset[int], cards: frozenset[int], joker: Joker, stand_in: int
                 ) -> tuple[npt.NDArray[np.uint64], npt.NDArray[np.uint64]]:
    """(key, flush bits) by card code, for one set of wild ranks and wild cards (their
    codes), wild cards keyed as rank ``stand_in``."""
    keys = np.zeros(_CODES, dtype=np.uint64)
    bits = np.zeros(_CODES, dtype=np.uint64)
    keyed = RANK_KEYS[stand_in - 2] | 1 << _KEYED_AT
    wild_key = keyed | 1 << _WILD_AT
    for code in range(52):
        rank, suit = code // 4 + 2, code % 4
        if rank in ranks or code in cards:
            keys[code] = wild_key
            continue
        keys[code] = (RANK_KEYS[rank - 2] | (rank == stand_in) << _KEYED_AT
                      | 1 << _SUITS_AT + 3 * suit)
        bits[code] = 1 << (16 * suit + rank - 2)
    keys[JOKER] = wild_key if joker is Joker.WILD else keyed | 1 << _BUGS_AT
    return read_only(keys), read_only(bits)


def _row_tables(wild: WildCards, row_ranks: npt.ArrayLike | None, rows: int
                ) -> tuple[npt.NDArray[np.uint64], npt.NDArray[np.uint64],
                           npt.NDArray[np.uint32] | None, list[frozenset[int]]]:
    """Key and flush-bit tables (one row of 64 per distinct set of wild ranks), each row's
    offset into them (None when every row shares one set) and the sets."""
    fixed = sum(1 << int(r) for r in wild.ranks)
    if row_ranks is None:
        masks, which = np.array([fixed]), None
    else:
        given = np.asarray(row_ranks)
        if given.shape != (rows,) or given.dtype.kind not in "iu":
            raise ValueError(f"row_ranks must be one integer mask per hand ({rows}), "
                             f"not shape {given.shape}")
        combined = given.astype(np.int64)
        every = int(np.bitwise_or.reduce(combined)) if rows else 0
        if every < 0 or every & ~0b111111111111100:  # a negative mask has the sign bit
            raise ValueError("row_ranks are masks of bits 2 to 14 (bit r for rank r)")
        combined |= fixed
        seen = np.zeros(1 << 15, dtype=bool)
        seen[combined] = True
        masks = np.flatnonzero(seen) if rows else np.array([fixed])  # a table, not a sort
        offset = np.zeros(1 << 15, dtype=np.uint32)
        offset[masks] = np.arange(len(masks)) * _CODES
        which = offset[combined].reshape(-1, 1)
    sets = [frozenset(r for r in range(2, 15) if int(m) >> r & 1) for m in masks]
    codes = frozenset(c.code for c in wild.cards)
    tables = [_card_tables(s, codes, wild.joker, _stand_in(wild)) for s in sets]
    return (np.concatenate([k for k, _ in tables]), np.concatenate([b for _, b in tables]),
            which, sets)


def _stand_in(wild: WildCards) -> int:
    """The rank wild cards are keyed as: one wild in every row, so no natural card shares
    it, else the deuce (whose natural cards then count with the wild ones)."""
    return int(min(wild.ranks, default=Rank.TWO))


def _hands(codes: npt.ArrayLike) -> tuple[npt.NDArray[np.integer], tuple[int, ...]]:
    array = np.asarray(codes)
    if array.dtype.kind not in "iu":
        raise TypeError(f"card codes must be integers, not {array.dtype}")
    if array.ndim == 0 or array.shape[-1] not in HAND_SIZES:
        raise ValueError(f"hands must hold 5, 6 or 7 cards; got shape {array.shape}")
    if array.size and (array.min() < 0 or array.max() > JOKER):
        raise ValueError(f"card codes must be 0 to 51, or {JOKER} for the joker")
    return array.reshape(-1, array.shape[-1]), array.shape[:-1]


def rank_wild_high(codes: npt.ArrayLike, wild: WildCards = _NO_WILD_RANKS, *,
                   row_ranks: npt.ArrayLike | None = None) -> Scores:
    """``best_wild_high`` scores of hands of 5 to 7 card codes (the last axis).

    Rows must hold distinct cards and at most one joker (not checked: that would cost
    as much as scoring).
    """
    hands, shape = _hands(codes)
    keys, bits, which, sets = _row_tables(wild, row_ranks, len(hands))
    out = np.empty(len(hands), dtype=np.int32)
    job = _Job(hands, keys, bits, which, _size_tables(hands.shape[1], _stand_in(wild)),
               _suit_scores(),
               wild, sets, out)
    _share(job.score, len(hands))
    return out.reshape(shape)


@cache
def _pool() -> ThreadPoolExecutor:
    return ThreadPoolExecutor(max_workers=_THREADS, thread_name_prefix="fast-wild")


@dataclass(frozen=True, slots=True)
class _Job:
    """One batch: its hands, tables and output, scored a slice at a time."""

    hands: npt.NDArray[np.integer]
    keys: npt.NDArray[np.uint64]
    bits: npt.NDArray[np.uint64]
    which: npt.NDArray[np.uint32] | None
    size: _SizeTables
    suits: npt.NDArray[np.int32]
    wild: WildCards
    sets: Sequence[frozenset[int]]
    out: Scores

    def score(self, start: int, stop: int) -> None:
        for a in range(start, stop, _CHUNK):
            self._chunk(a, min(a + _CHUNK, stop))

    def _chunk(self, start: int, stop: int) -> None:
        codes = self.hands[start:stop].T
        if self.which is not None:  # each row's offset to the keys of its wild ranks
            codes = codes.astype(np.uint32)
            codes += self.which[start:stop, 0]
        keys = np.take(self.keys, codes)
        total = keys[0] + keys[1]
        for more in keys[2:]:
            total += more
        ranks = (total & _RANK_MASK).view(np.int64)
        where = np.take(self.size.position, ranks, mode="clip").astype(np.int64)
        # Suit counts then wild cards and bugs, side by side: one shift gives both.
        suits = (total >> _SUITS_AT).view(np.int64)
        suits &= (_COMBOS << 12) - 1
        combo = suits >> 12
        where += combo * self.size.multisets
        scores = np.take(self.size.values, where, mode="clip")
        flush_suit = np.take(self.size.flush_suit, suits, mode="clip")
        rows = np.flatnonzero(flush_suit >= 0)
        if rows.size:
            scores[rows] = self._flushes(codes[:, rows], flush_suit[rows], combo[rows],
                                         scores[rows])
        odd = np.flatnonzero(total >= np.uint64((_MOST_KEYED + 1) << _KEYED_AT))
        if odd.size:  # five wild cards and bugs make five aces; the rest, one at a time
            many = np.take(_UNITS, combo[odd]) > _MOST_KEYED
            scores[odd[many]] = _FIVE_ACES
            odd = odd[~many]
        for row in odd.tolist():
            scores[row] = self._one(start + row)
        if self.wild.natural_first:
            scores = self._natural_first(codes, scores, where, combo, odd)
        self.out[start:stop] = scores

    def _flushes(self, codes: npt.NDArray[np.integer], suit: npt.NDArray[np.int8],
                 combo: npt.NDArray[np.int64], scores: Scores) -> Scores:
        """``scores`` raised to the best flush or straight flush of the suit each row may
        make one in (of every suit where several may)."""
        bits = np.take(self.bits, codes)
        lanes = bits[0] + bits[1]
        for more in bits[2:]:
            lanes += more
        base = np.take(_UNITS, combo) << 13
        shift = (suit.clip(0, 3).astype(np.uint64) << np.uint64(4))
        mask = ((lanes >> shift) & np.uint64(0x1FFF)).view(np.int64)
        mask += base
        np.maximum(scores, np.take(self.suits, mask), out=scores)
        several = np.flatnonzero(suit > 3)
        for other in range(4) if several.size else ():
            mask = ((lanes[several] >> np.uint64(16 * other)) & np.uint64(0x1FFF)).view(np.int64)
            mask += base[several]
            scores[several] = np.maximum(scores[several], np.take(self.suits, mask))
        return scores

    def _cards(self, row: int) -> tuple[list[Card], int]:
        codes = self.hands[row].tolist()
        return [Card.from_code(c) for c in codes if c != JOKER], codes.count(JOKER)

    def _wild_cards(self, row: int) -> WildCards:
        ranks = self.sets[0 if self.which is None else int(self.which[row, 0]) // _CODES]
        return replace(self.wild, ranks=frozenset(Rank(r) for r in ranks))

    def _one(self, row: int) -> int:
        cards, jokers = self._cards(row)
        return best_wild_high(cards, self._wild_cards(row), jokers=jokers).score

    def _natural_first(self, codes: npt.NDArray[np.integer], scores: Scores,
                       where: npt.NDArray[np.int64], combo: npt.NDArray[np.int64],
                       odd: npt.NDArray[np.intp]) -> Scores:
        """``2 * score + 1`` where the best hand needs no wild card, else ``2 * score``."""
        natural = np.take(self.size.naturals, where, mode="clip")
        lanes = np.take(self.bits, codes).sum(axis=0, dtype=np.uint64)
        for suit in range(4):
            mask = (lanes >> np.uint64(16 * suit) & np.uint64(0x1FFF)).astype(np.intp)
            np.maximum(natural, np.take(self.suits, mask), out=natural)
        doubled: Scores = (scores * 2 + ((combo == 0) | (natural == scores))).astype(np.int32)
        for row in odd.tolist():  # valued one at a time, natural_first included
            doubled[row] = scores[row]
        return doubled



# --- Lows -------------------------------------------------------------------------
# A wild card (the bug too) plays as the best low card it can. With one in the hand, no
# flush need ever be made (a wild card takes another suit), so the best low is that of
# the ranks alone: a table by (wild cards, multiset) as for the high. So is a hand with
# no five cards of one suit; the rare hand with no wild card and five of a suit goes to
# the plain batch evaluator, which counts the flush where the game does.


@cache
def _low_fives(kind: HandKind) -> npt.NDArray[np.int32]:
    """The low score of each five-rank multiset (by ascending key sum), not a flush."""
    if kind is HandKind.ACE_TO_FIVE:
        return read_only(load_tables().ranks[5].low.astype(np.int32))
    ace = 1 if kind is HandKind.ACE_TO_SIX else 14
    rows = _multisets(5).ranks.tolist()
    return read_only(np.array(
        [_LOW_TOP - five_key(tuple(sorted(ace if r == 14 else r for r in m)), False)
         for m in rows], dtype=np.int32))


@cache
def _low_values(size: int, stand_in: int, kind: HandKind) -> npt.NDArray[np.int32]:
    """By wild cards * multisets + position: the best low of the multiset less that many
    cards of the stand-in rank, with that many wild cards."""
    with _lock:
        fives = _low_fives(kind)
        full = _multisets(size)
        if size == 5:
            base = fives
        else:  # the best of each multiset's five-rank parts
            parts = full.ranks[:, combinations(size, 5).astype(np.intp)]
            sums = np.asarray(RANK_KEYS, dtype=np.int64)[parts - 2].sum(axis=-1)
            base = fives[np.searchsorted(_multisets(5).sums, sums)].max(axis=-1)
        by_wild = [base]
        for wild in range(1, _MOST_KEYED + 1):
            by_wild.append(_with_wild(size, size - wild, by_wild[-1], five_of_a_kind=False))
        values = np.zeros((_MOST_KEYED + 1, len(full.sums)), dtype=np.int32)
        for wild in range(_MOST_KEYED + 1):
            rest = _multisets(size - wild)
            where = np.searchsorted(rest.sums, full.sums - wild * RANK_KEYS[stand_in - 2])
            where = where.clip(0, len(rest.sums) - 1)
            values[wild] = np.where(full.counts[:, stand_in] >= wild, by_wild[wild][where], 0)
        return read_only(values.reshape(-1))


_LOW_TOP = 0xFFFFFF
_PLAIN_LOWS = MappingProxyType({HandKind.DEUCE_TO_SEVEN: rank_deuce_to_seven,
                                HandKind.ACE_TO_SIX: rank_ace_to_six})
"""The lows where a flush counts, for hands with no wild card that may make one."""


def rank_wild_low(codes: npt.ArrayLike, wild: WildCards = _NO_WILD_RANKS, *,
                  ranking: HandKind | str = HandKind.ACE_TO_FIVE,
                  row_ranks: npt.ArrayLike | None = None) -> Scores:
    """``best_wild_low`` scores of hands of 5 to 7 card codes (the last axis): ace-to-five,
    deuce-to-seven or ace-to-six. Rows must hold distinct cards and at most one joker."""
    kind = HandKind(ranking)
    if kind not in LOW_KINDS:
        raise ValueError(f"{kind} is not a low ranking: use one of "
                         f"{', '.join(k.value for k in LOW_KINDS)}")
    hands, shape = _hands(codes)
    low_wild = replace(wild, joker=Joker.WILD, natural_first=False)
    keys, _, which, sets = _row_tables(low_wild, row_ranks, len(hands))
    stand_in = _stand_in(low_wild)
    job = _LowJob(hands, keys, which, _low_values(hands.shape[1], stand_in, kind), kind,
                  replace(low_wild, ranks=frozenset()), sets,
                  np.empty(len(hands), dtype=np.int32), np.zeros(len(hands), dtype=bool))
    _share(job.score, len(hands))
    rows = np.flatnonzero(job.suited)
    if rows.size:  # at once: the plain evaluators are quickest on large batches
        job.out[rows] = _PLAIN_LOWS[kind](hands[rows])
    return job.out.reshape(shape)


def _share(score: Callable[[int, int], None], rows: int) -> None:
    """Run ``score`` over ``rows`` rows: in one go, or shared between threads (numpy
    releases the GIL) a few whole chunks at a time, so a thread held up by a busy
    machine leaves its remaining pieces to the others."""
    if rows < _PARALLEL_MIN or _THREADS < 2:
        score(0, rows)
        return
    piece = _CHUNK * max(4, -(-rows // (_CHUNK * 4 * _THREADS)))
    for done in [_pool().submit(score, a, min(a + piece, rows)) for a in range(0, rows, piece)]:
        done.result()


@dataclass(frozen=True, slots=True)
class _LowJob:
    """One batch of lows: its hands, tables and output, scored a slice at a time."""

    hands: npt.NDArray[np.integer]
    keys: npt.NDArray[np.uint64]
    which: npt.NDArray[np.uint32] | None
    values: npt.NDArray[np.int32]
    kind: HandKind
    wild: WildCards
    sets: Sequence[frozenset[int]]
    out: Scores
    suited: npt.NDArray[np.bool_]
    """Rows with no wild card and five cards of one suit, for the plain evaluator."""

    def score(self, start: int, stop: int) -> None:
        for a in range(start, stop, _CHUNK):
            self._chunk(a, min(a + _CHUNK, stop))

    def _chunk(self, start: int, stop: int) -> None:
        codes = self.hands[start:stop].T
        if self.which is not None:
            codes = codes.astype(np.uint32)
            codes += self.which[start:stop, 0]
        keys = np.take(self.keys, codes)
        total = keys[0] + keys[1]
        for more in keys[2:]:
            total += more
        size = self.hands.shape[1]
        where = np.take(_positions(size), (total & _RANK_MASK).view(np.int64),
                        mode="clip").astype(np.int64)
        wilds = ((total >> _WILD_AT) & np.uint64(7)).view(np.int64)
        where += wilds * len(_multisets(size).sums)
        scores = np.take(self.values, where, mode="clip")
        if self.kind in _PLAIN_LOWS:  # five natural cards of one suit may make a flush
            suits = ((total >> _SUITS_AT) & np.uint64((_COMBOS << 12) - 1)).view(np.int64)
            np.logical_and(wilds == 0, np.take(_flush_suits(), suits) >= 0,
                           out=self.suited[start:stop])
        odd = np.flatnonzero(total >= np.uint64((_MOST_KEYED + 1) << _KEYED_AT))
        for row in (start + odd).tolist():
            scores[row - start] = self._one(row)
        self.out[start:stop] = scores

    def _one(self, row: int) -> int:
        codes = self.hands[row].tolist()
        ranks = self.sets[0 if self.which is None else int(self.which[row, 0]) // _CODES]
        rule = replace(self.wild, ranks=frozenset(Rank(r) for r in ranks))
        return best_wild_low([Card.from_code(c) for c in codes if c != JOKER], rule,
                             jokers=codes.count(JOKER), ranking=self.kind).score
