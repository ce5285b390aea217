"""Batch hand evaluation over numpy arrays of card codes, for the odds code.

``rank_high`` and ``rank_low`` (ace-to-five) score every row of an ``(N, 5)``,
``(N, 6)`` or ``(N, 7)`` integer array of card codes (``Card.code``, 0..51)
and return int32 scores that are bit for bit the scores of
``engine.hands.best_high`` and ``best_low``: greater is better, equal ties.

How it is fast (the additive-key idea behind SKPokerEval): every rank has a
key chosen so that the sum of the keys of 5, 6 or 7 cards identifies their
rank multiset, and every suit a small key whose sum tells whether five or more
cards share a suit. One 32-bit card key packs both, so a hand costs one gather
per card, six additions and one lookup in a table indexed by the rank sum. The
3% of hands holding a flush are finished afterwards from a table over 13-bit
rank masks: a flush in five to seven cards beats whatever the ranks alone make
(a full house would need too many paired cards), so its score replaces the
other. Work goes in chunks that stay in the core's cache, and large batches
are shared between threads, as numpy releases the GIL inside each operation.

The best hand of each rank multiset is generated once (about a second) and
cached under the user's cache directory, in a file named after a digest of
this module, so editing the module rebuilds it.

>>> import numpy as np
>>> from engine.cards import parse_cards
>>> hands = np.array([[c.code for c in parse_cards("Ah Kh Qh Jh 10h 2c 3d")],
...                   [c.code for c in parse_cards("2c 3d 4h 6s 6d 7h 5c")]])
>>> [hex(int(s)) for s in rank_high(hands)]
['0x9e0000', '0x470000']
>>> category_of(rank_high(hands)).tolist()
[9, 4]
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import threading
import typing
import zipfile
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache, wraps
from itertools import combinations_with_replacement
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

if TYPE_CHECKING:
    from concurrent.futures import ThreadPoolExecutor

__all__ = ["HAND_SIZES", "RankTables", "Tables", "build_tables", "cache_path", "category_of",
           "category_of_low", "combinations", "load_tables", "rank_high", "rank_high_low",
           "rank_low", "read_only"]

HAND_SIZES = (5, 6, 7)
"""The hand sizes the batch evaluator accepts."""

RANK_KEYS = (0, 1, 5, 22, 98, 453, 2031, 8698, 22854, 83661, 262349, 636345, 1479181)
"""Additive keys for ranks 2..A: sums over up to seven cards (at most four of
a rank) are distinct for each hand size (SKPokerEval's keys)."""

SUIT_KEYS = (0, 1, 29, 37)
"""Additive keys for clubs, diamonds, hearts, spades: the sum over 5 to 7
cards tells whether five or more of them share a suit."""

_SUIT_BITS = 9  # 7 x 37 < 512, and 7 x the top rank key << 9 still fits in 32 bits
_SUIT_MASK = (1 << _SUIT_BITS) - 1

# The shared score encoding (see engine.hands): category << 20, then 4-bit ranks.
_STRAIGHT, _FLUSH, _STRAIGHT_FLUSH, _ROYAL_FLUSH = 4, 5, 8, 9
_SHAPES = MappingProxyType({(1, 1, 1, 1, 1): 0, (2, 1, 1, 1): 1, (2, 2, 1): 2, (3, 1, 1): 3,
                            (3, 2): 6, (4, 1): 7})
"""High category by rank counts, largest first (five singles: high card)."""
_LOW_STRUCTURES = MappingProxyType({(1, 1, 1, 1, 1): 0, (2, 1, 1, 1): 1, (2, 2, 1): 2,
                                    (3, 1, 1): 3, (3, 2): 4, (4, 1): 5})
"""Ace-to-five pair structure by rank counts: fewer and smaller groups are better."""
_ACE_TO_FIVE_TOP = 0x7FFFFF

_CHUNK = 16384
"""Rows per pass: keeps every temporary inside the core's L2 cache."""
_DENSE_MIN = 20_000
"""Batches this large look scores up in a dense table; smaller ones search."""
_PARALLEL_MIN = 4 * _CHUNK
"""Batches at least this large are shared between threads (numpy releases the GIL)."""
_THREADS = min(4, len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity")
               else os.cpu_count() or 1)
"""Threads for a large batch: one per available core, at most four."""

Codes = npt.ArrayLike
Scores = npt.NDArray[np.int32]
_Array = typing.TypeVar("_Array", bound="np.ndarray[Any, Any]")


def read_only(array: _Array) -> _Array:
    """``array``, made read-only in place: for arrays shared by every caller (module
    constants, cached results), which nobody may change.

    >>> read_only(np.arange(3)).flags.writeable
    False
    """
    array.flags.writeable = False
    return array


def _pack(category: int, ranks: tuple[int, ...]) -> int:
    """``category << 20`` then up to five 4-bit ranks, unused slots zero."""
    value = category
    for r in ranks:
        value = value << 4 | r
    return value << 4 * (5 - len(ranks))


def _grouped(ranks: tuple[int, ...]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(counts, ranks) of five ranks, biggest group first, then higher rank first."""
    groups = sorted(Counter(ranks).items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    return tuple(n for _, n in groups), tuple(r for r, _ in groups)


def _straight_top(ranks: set[int]) -> int:
    """Top rank of the best straight among ``ranks`` (5 for the wheel), or 0."""
    for top in range(14, 5, -1):
        if all(r in ranks for r in range(top - 4, top + 1)):
            return top
    return 5 if {14, 2, 3, 4, 5} <= ranks else 0


def _high_five(ranks: tuple[int, ...]) -> int:
    """High score of five cards of these ranks when they are not all one suit."""
    counts, order = _grouped(ranks)
    category = _SHAPES[counts]
    if category == 0 and (top := _straight_top(set(ranks))):
        return _pack(_STRAIGHT, (top,))
    return _pack(category, order)


def _low_five(ranks: tuple[int, ...]) -> int:
    """Ace-to-five score of five cards: the ace counts one, straights and flushes do not."""
    counts, order = _grouped(tuple(1 if r == 14 else r for r in ranks))
    return _ACE_TO_FIVE_TOP - _pack(_LOW_STRUCTURES[counts], order)


def _flush_score(mask: int) -> int:
    """High score of the cards of one suit whose ranks are bits ``rank - 2`` of ``mask``."""
    ranks = [r for r in range(14, 1, -1) if mask >> (r - 2) & 1]
    if len(ranks) < 5:
        return 0
    top = _straight_top(set(ranks))
    if top == 14:
        return _pack(_ROYAL_FLUSH, (14,))
    if top:
        return _pack(_STRAIGHT_FLUSH, (top,))
    return _pack(_FLUSH, tuple(ranks[:5]))


@dataclass(frozen=True, slots=True)
class RankTables:
    """The best hands of every rank multiset of one hand size.

    ``sums[i]`` is the rank-key sum of the i-th multiset (ascending);
    ``high[i]`` its best high score when no five cards share a suit and
    ``low[i]`` its best ace-to-five score.
    """

    size: int
    sums: npt.NDArray[np.uint32]
    high: npt.NDArray[np.int32]
    low: npt.NDArray[np.int32]

    def __post_init__(self) -> None:
        """The tables are shared by every caller: their arrays become read-only."""
        for array in (self.sums, self.high, self.low):
            read_only(array)


@dataclass(frozen=True, slots=True)
class Tables:
    """Everything generated: ``ranks`` by hand size, and ``flush``, the flush or
    straight-flush score of each 13-bit rank mask (0 under five ranks)."""

    ranks: Mapping[int, RankTables]
    flush: npt.NDArray[np.int32]

    def __post_init__(self) -> None:
        """Shared by every caller: the mapping is frozen and the flush table read-only."""
        object.__setattr__(self, "ranks", MappingProxyType(dict(self.ranks)))
        read_only(self.flush)


def _multisets(size: int) -> npt.NDArray[np.int64]:
    """Every multiset of ``size`` ranks (2..14) with at most four of a rank, one per row."""
    rows = [m for m in combinations_with_replacement(range(2, 15), size)
            if max(Counter(m).values()) <= 4]
    return np.array(rows, dtype=np.int64)


def _rank_sums(ranks: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    sums: npt.NDArray[np.int64] = np.asarray(RANK_KEYS, dtype=np.int64)[ranks - 2].sum(axis=-1)
    return sums


def _sorted_multisets(size: int) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """The multisets of ``size`` ranks and their key sums, by ascending sum."""
    multisets = _multisets(size)
    sums = _rank_sums(multisets)
    order = np.argsort(sums)
    if np.any(np.diff(sums[order]) == 0):
        raise AssertionError(f"rank keys collide in {size}-card hands")
    return multisets[order], sums[order]


def build_tables() -> Tables:
    """Generate the tables for every hand size (about a second)."""
    five, five_sums = _sorted_multisets(5)
    five_high = np.array([_high_five(tuple(m)) for m in five.tolist()], dtype=np.int32)
    five_low = np.array([_low_five(tuple(m)) for m in five.tolist()], dtype=np.int32)
    ranks = {5: RankTables(5, five_sums.astype(np.uint32), five_high, five_low)}
    for size in HAND_SIZES[1:]:
        multisets, sums = _sorted_multisets(size)
        # The best of a multiset is the best of its five-card sub-multisets.
        subsets = combinations(size, 5)
        where = np.searchsorted(five_sums, _rank_sums(multisets[:, subsets]))
        ranks[size] = RankTables(size, sums.astype(np.uint32),
                                 five_high[where].max(axis=1), five_low[where].max(axis=1))
    flush = np.array([_flush_score(m) for m in range(1 << 13)], dtype=np.int32)
    return Tables(ranks, flush)


@cache
def _digest() -> str:
    """Names the cache file: changes whenever this module does."""
    return hashlib.sha256(Path(__file__).read_bytes()).hexdigest()[:16]


def cache_path(cache_dir: Path | None = None) -> Path:
    """Where the generated tables live (``platformdirs.user_cache_dir`` by default)."""
    if cache_dir is None:
        import platformdirs

        cache_dir = Path(platformdirs.user_cache_dir("dealers-choice"))
    return cache_dir / f"fast-tables-{_digest()}.npz"


def _save(tables: Tables, path: Path) -> None:
    """Write to a temporary file, then rename: a reader never sees half a file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    arrays = {f"{name}{t.size}": getattr(t, name) for t in tables.ranks.values()
              for name in ("sums", "high", "low")}
    import tempfile  # only a build writes

    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=path.stem, suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as f:
            np.savez(f, flush=tables.flush, **arrays)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    for stale in path.parent.glob("fast-tables-*.npz"):
        if stale != path:
            stale.unlink(missing_ok=True)


_MULTISETS = MappingProxyType({5: 6175, 6: 18395, 7: 49205})
"""Rank multisets per hand size: a loaded file must hold exactly these many."""


def _load(path: Path) -> Tables:
    with np.load(path) as data:
        tables = Tables({n: RankTables(n, data[f"sums{n}"], data[f"high{n}"], data[f"low{n}"])
                         for n in HAND_SIZES}, data["flush"])
    for n, t in tables.ranks.items():
        if not (t.sums.shape == t.high.shape == t.low.shape == (_MULTISETS[n],)
                and t.sums.dtype == np.uint32 and t.high.dtype == t.low.dtype == np.int32):
            raise ValueError(f"{path.name}: malformed {n}-card tables")
    if tables.flush.shape != (1 << 13,) or tables.flush.dtype != np.int32:
        raise ValueError(f"{path.name}: malformed flush table")
    return tables


def load_tables(cache_dir: Path | None = None) -> Tables:
    """The tables, read from the cache or else built and cached.

    A missing, unreadable or malformed file is rebuilt; files of other
    versions are removed when the new one is written.
    """
    path = cache_path(cache_dir)
    try:
        return _load(path)
    except (OSError, ValueError, KeyError, EOFError, zipfile.BadZipFile):
        tables = build_tables()
        with contextlib.suppress(OSError):  # read-only: the next process rebuilds too
            _save(tables, path)
        return tables


_CODES = read_only(np.arange(52))
_RANK_KEYS = read_only(np.asarray(RANK_KEYS, dtype=np.uint32)[_CODES >> 2])
"""Rank key of each card code: enough for ace-to-five lows."""
_CARD_KEYS = read_only(_RANK_KEYS << _SUIT_BITS
                       | np.asarray(SUIT_KEYS, dtype=np.uint32)[_CODES & 3])
"""Rank key above the suit key, for each card code."""
_FLUSH_BITS = read_only(np.uint64(1) << (_CODES & 3).astype(np.uint64) * np.uint64(16)
                        + (_CODES >> 2).astype(np.uint64))
"""Bit ``rank - 2`` of the card's suit's 16-bit lane: a hand's sum holds each suit's ranks."""


@cache
def _has_flush(size: int) -> npt.NDArray[np.bool_]:
    """Whether a suit-key sum of ``size`` cards means five or more share a suit."""
    table = np.zeros(1 << _SUIT_BITS, dtype=bool)
    seen = np.zeros(1 << _SUIT_BITS, dtype=bool)
    for suits in combinations_with_replacement(range(4), size):
        total = sum(SUIT_KEYS[s] for s in suits)
        flush = max(Counter(suits).values()) >= 5
        if seen[total] and table[total] != flush:
            raise AssertionError(f"suit keys do not tell flushes in {size} cards")
        seen[total], table[total] = True, flush
    return read_only(table)


_lock = threading.RLock()


_R = typing.TypeVar("_R")


def _built_once(build: Callable[..., _R]) -> Callable[..., _R]:
    """Cache ``build`` and let one thread at a time run it: threads share a first build."""
    cached = cache(build)

    @wraps(build)
    def once(*args: typing.Hashable) -> _R:
        with _lock:
            return cached(*args)

    return once


@_built_once
def _tables() -> Tables:
    return load_tables()


@_built_once
def _dense(size: int, kind: str) -> Scores:
    """``kind`` ("high" or "low") scores of ``size`` cards indexed by rank-key sum."""
    ranks = _tables().ranks[size]
    table = np.zeros(int(ranks.sums[-1]) + 1, dtype=np.int32)
    table[ranks.sums] = getattr(ranks, kind)
    return read_only(table)


def _hands(codes: Codes) -> tuple[npt.NDArray[np.integer], tuple[int, ...]]:
    """Rows of card codes and the leading shape the scores take."""
    array = np.asarray(codes)
    if array.dtype.kind not in "iu":
        raise TypeError(f"card codes must be integers, not {array.dtype}")
    if array.ndim == 0 or array.shape[-1] not in HAND_SIZES:
        raise ValueError(f"hands must hold 5, 6 or 7 cards; got shape {array.shape}")
    return array.reshape(-1, array.shape[-1]), array.shape[:-1]


def _key_sums(table: npt.NDArray[np.uint32], hands: npt.NDArray[np.integer],
              keys: npt.NDArray[np.uint32], sums: npt.NDArray[np.uint32]) -> None:
    """``sums[i]`` = the sum of ``table[code]`` over the cards of ``hands[i]``.

    ``keys`` is scratch space, shaped ``hands.T`` or ``hands``: numpy copies
    narrow codes to full-width indices anyway, and copying them transposed
    lets the sums add whole contiguous rows, which is faster; full-width codes
    are used in place and their keys summed column by column.
    """
    # One pass checks the codes: viewed as unsigned, a negative code is huge too.
    if hands.view(hands.dtype.str.replace("i", "u")).max() > 51:
        raise ValueError("card codes must be 0 to 51")
    transposed = keys.shape != hands.shape
    np.take(table, hands.T if transposed else hands, out=keys, mode="clip")
    cards = keys if transposed else keys.T
    np.add(cards[0], cards[1], out=sums)
    for card in cards[2:]:
        np.add(sums, card, out=sums)


@dataclass(frozen=True, slots=True)
class _Lookup:
    """Scores of one kind by rank-key sum: a dense table, or a binary search for small batches.

    The dense table is about 30 MB for seven cards, so a batch too small to
    gain from it (and the first, quick evaluation after import) searches the
    sorted sums instead.
    """

    scores: Scores
    sums: npt.NDArray[np.uint32] | None

    @staticmethod
    def of(size: int, kind: str, rows: int) -> _Lookup:
        if rows >= _DENSE_MIN:
            return _Lookup(_dense(size, kind), None)
        ranks = _tables().ranks[size]
        return _Lookup(getattr(ranks, kind), ranks.sums)

    def into(self, sums: npt.NDArray[np.uint32], out: Scores) -> None:
        index = sums if self.sums is None else np.searchsorted(self.sums, sums)
        np.take(self.scores, index, out=out, mode="clip")


def _score(hands: npt.NDArray[np.integer], targets: list[tuple[_Lookup, Scores]], *,
           suited: bool, flush: Scores) -> None:
    """Score ``hands`` into each target chunk by chunk; then, if ``suited``, the flushes.

    ``suited`` means the first target is high scores; without it only the
    ranks matter (ace-to-five lows) and suit keys are never summed.
    """
    size = hands.shape[1]
    has_flush = _has_flush(size)
    narrow = hands.dtype.itemsize < np.dtype(np.intp).itemsize
    keys = np.empty((size, _CHUNK) if narrow else (_CHUNK, size), dtype=np.uint32)
    sums, index = np.empty(_CHUNK, dtype=np.uint32), np.empty(_CHUNK, dtype=np.uint32)
    flags = np.empty(len(hands) if suited else 0, dtype=bool)
    for start in range(0, len(hands), _CHUNK):
        chunk = hands[start:start + _CHUNK]
        n, done = len(chunk), slice(start, start + _CHUNK)
        _key_sums(_CARD_KEYS if suited else _RANK_KEYS, chunk,
                  keys[:, :n] if narrow else keys[:n], sums[:n])
        if suited:
            np.right_shift(sums[:n], _SUIT_BITS, out=index[:n])
            for lookup, scores in targets:
                lookup.into(index[:n], scores[done])
            np.bitwise_and(sums[:n], _SUIT_MASK, out=index[:n])
            np.take(has_flush, index[:n], out=flags[done], mode="clip")
        else:
            for lookup, scores in targets:
                lookup.into(sums[:n], scores[done])
    rows = np.flatnonzero(flags)
    if rows.size:
        # Each suit's ranks sit in a 16-bit lane; a lane under five ranks scores 0.
        bits = np.take(_FLUSH_BITS, hands[rows], mode="clip")
        lanes = bits[:, 0] + bits[:, 1]
        for j in range(2, size):
            lanes += bits[:, j]
        best = np.zeros(len(rows), dtype=np.int32)
        for suit in range(4):
            np.maximum(best, np.take(flush, lanes >> np.uint64(16 * suit) & np.uint64(0x1FFF)),
                       out=best)
        targets[0][1][rows] = best


def _run(codes: Codes, kinds: tuple[str, ...]) -> list[Scores]:
    """Scores of each kind ("high", "low") for the hands in ``codes``."""
    hands, shape = _hands(codes)
    size, rows = hands.shape[1], len(hands)
    lookups = [_Lookup.of(size, kind, rows) for kind in kinds]
    outs = [np.empty(rows, dtype=np.int32) for _ in kinds]
    suited, flush = kinds[0] == "high", _tables().flush
    if rows < _PARALLEL_MIN or _THREADS < 2:
        _score(hands, list(zip(lookups, outs, strict=True)), suited=suited, flush=flush)
    else:
        # A few pieces per thread, whole chunks each: a thread held up by a busy
        # machine leaves its remaining pieces to the others.
        piece = _CHUNK * max(4, -(-rows // (_CHUNK * 4 * _THREADS)))
        jobs = [_pool().submit(_score, hands[a:a + piece],
                               [(lookup, out[a:a + piece]) for lookup, out in zip(
                                   lookups, outs, strict=True)], suited=suited, flush=flush)
                for a in range(0, rows, piece)]
        for job in jobs:
            job.result()
    return [out.reshape(shape) for out in outs]


@cache
def _pool() -> ThreadPoolExecutor:
    from concurrent.futures import ThreadPoolExecutor  # only large batches need it

    return ThreadPoolExecutor(max_workers=_THREADS, thread_name_prefix="fast-eval")


def rank_high(codes: Codes) -> Scores:
    """High scores of hands of 5 to 7 card codes (the last axis), as ``best_high`` scores them.

    Rows must hold distinct cards (not checked: that would cost as much as scoring).
    """
    return _run(codes, ("high",))[0]


def rank_low(codes: Codes) -> Scores:
    """Ace-to-five scores of hands of 5 to 7 card codes, as ``best_low`` scores them."""
    return _run(codes, ("low",))[0]


def rank_high_low(codes: Codes) -> tuple[Scores, Scores]:
    """Both ``rank_high`` and ``rank_low`` in one pass, for high-low games such as Psycho."""
    high, low = _run(codes, ("high", "low"))
    return high, low


def combinations(n: int, k: int) -> npt.NDArray[np.uint8]:
    """Every ``k``-subset of ``range(n)`` (n <= 256) as ascending rows, in lexicographic order.

    The numpy counterpart of ``itertools.combinations``, for enumerating boards and hands.
    Rows starting at ``first`` or above form a suffix, so one array serves every
    "cards above this one" question.

    >>> combinations(4, 2).tolist()
    [[0, 1], [0, 2], [0, 3], [1, 2], [1, 3], [2, 3]]
    """
    if not 0 <= k <= n <= 256:
        raise ValueError(f"cannot choose {k} of {n} (n is at most 256)")

    @cache
    def rows(m: int, j: int) -> npt.NDArray[np.uint8]:
        """The j-subsets of range(m), shared by the branches that need them."""
        if j == 0:
            return np.zeros((1, 0), dtype=np.uint8)
        parts = []
        for first in range(m - j + 1):
            rest = rows(m - first - 1, j - 1)
            block = np.empty((len(rest), j), dtype=np.uint8)
            block[:, 0] = first
            np.add(rest, first + 1, out=block[:, 1:])
            parts.append(block)
        return np.concatenate(parts)

    return rows(n, k)


def category_of(scores: npt.ArrayLike) -> npt.NDArray[np.int8]:
    """The ``engine.hands.Category`` value of each high score."""
    return (np.asarray(scores) >> 20).astype(np.int8)


_LOW_CATEGORIES = read_only(np.array([0, 1, 2, 3, 6, 7], dtype=np.int8))
"""The ``engine.hands.Category`` value of each ace-to-five pair structure, as
``engine.hands.best_low`` names them (five unpaired cards: high card)."""


def category_of_low(scores: npt.ArrayLike) -> npt.NDArray[np.int8]:
    """The ``engine.hands.Category`` value of each ace-to-five score: high card (no pair),
    a pair, two pair, three of a kind, a full house or four of a kind.

    >>> hands = np.array([[0, 4, 8, 12, 48], [0, 1, 8, 12, 48]])  # 5-4-3-2-A, 5-4-2-2-A
    >>> category_of_low(rank_low(hands)).tolist()
    [0, 1]
    """
    structures = (_ACE_TO_FIVE_TOP - np.asarray(scores, dtype=np.int64)) >> 20
    low: npt.NDArray[np.int8] = _LOW_CATEGORIES[structures]
    return low
