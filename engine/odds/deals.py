"""The cards nobody has seen, dealt to the places that still need them.

``Unknowns`` holds the pool of unseen card codes and how many of them each
place takes (a player's hidden and future cards, a board). Every distinct
deal is equally likely, so a question can be answered exactly by listing them
(``enumerate``: deals ``start``..``stop`` of a fixed order, so chunks can be
counted separately) or approximately by drawing them (``sample``).

The order: the first place's cards are the slowest-changing digit. A place's
cards are a combination of the cards the earlier places left, so a deal is a
tuple of combinations and there are ``C(n, k1) * C(n - k1, k2) * ...`` of them.

>>> import numpy as np
>>> unknowns = Unknowns(np.array([0, 1, 2, 3]), (1, 2))
>>> unknowns.count()
12
>>> [a.tolist() for a in unknowns.enumerate(0, 2)]
[[[0], [0]], [[1, 2], [1, 3]]]
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from math import comb

import numpy as np
import numpy.typing as npt

from engine.cards import FULL_DECK, Card
from engine.fast import combinations, read_only

__all__ = ["Codes", "Unknowns", "codes", "unseen"]

Codes = npt.NDArray[np.int64]


def codes(cards: Iterable[Card]) -> list[int]:
    """Card codes (``4 * (rank - 2) + suit``) of ``cards``."""
    return [c.code for c in cards]


def unseen(known: Iterable[Card]) -> Codes:
    """The codes of every card not in ``known``, ascending."""
    seen = {c.code for c in known}
    return np.array([c.code for c in FULL_DECK if c.code not in seen], dtype=np.int64)


@cache
def _table(n: int, k: int) -> npt.NDArray[np.int64]:
    return read_only(combinations(n, k).astype(np.int64))


def _unreduce(chosen: Codes, used: Codes) -> Codes:
    """Map positions among the cards left after ``used`` (sorted per row) to pool positions."""
    actual = chosen.copy()
    for column in range(used.shape[1]):
        actual += actual >= used[:, column:column + 1]
    return actual


@dataclass(frozen=True)
class Unknowns:
    """``pool``: the unseen card codes; ``sizes``: how many each place takes, in order."""

    pool: Codes
    sizes: tuple[int, ...]

    def __post_init__(self) -> None:
        if any(k < 0 for k in self.sizes):
            raise ValueError("a place cannot take a negative number of cards")
        if sum(self.sizes) > len(self.pool):
            raise ValueError(f"{sum(self.sizes)} unseen cards are needed but only "
                             f"{len(self.pool)} are left")

    @property
    def needed(self) -> int:
        return sum(self.sizes)

    def count(self) -> int:
        """How many distinct deals there are."""
        total, left = 1, len(self.pool)
        for k in self.sizes:
            total *= comb(left, k)
            left -= k
        return total

    def enumerate(self, start: int, stop: int) -> list[Codes]:
        """Deals ``start``..``stop`` (of ``count()``), one ``(rows, k)`` code array per place."""
        rows = np.arange(start, stop, dtype=np.int64)
        radices, left = [], len(self.pool)
        for k in self.sizes:
            radices.append(comb(left, k))
            left -= k
        digits = []
        for radix in reversed(radices):
            rows, digit = np.divmod(rows, radix)
            digits.append(digit)
        digits.reverse()
        used = np.empty((stop - start, 0), dtype=np.int64)
        left = len(self.pool)
        places = []
        for k, digit in zip(self.sizes, digits, strict=True):
            chosen = _unreduce(_table(left, k)[digit], used)
            places.append(self.pool[chosen])
            used = np.sort(np.concatenate([used, chosen], axis=1), axis=1)
            left -= k
        return places

    def sample(self, n: int, rng: np.random.Generator) -> list[Codes]:
        """``n`` random deals, one ``(n, k)`` code array per place."""
        need = self.needed
        if need == 0:
            return [np.empty((n, 0), dtype=np.int64) for _ in self.sizes]
        keys = rng.random((n, len(self.pool)))
        order = np.argpartition(keys, need - 1, axis=1)[:, :need]
        # argpartition leaves the chosen cards in no particular order: sort them by
        # their random keys so that which place gets which card is random too
        order = np.take_along_axis(order, np.argsort(np.take_along_axis(keys, order, axis=1),
                                                     axis=1), axis=1)
        drawn = self.pool[order]
        bounds = np.cumsum((0, *self.sizes))
        return [drawn[:, a:b] for a, b in zip(bounds[:-1], bounds[1:], strict=True)]

    def deal(self, work_start: int, work_stop: int, seed: int | None) -> list[Codes]:
        """A chunk's deals: enumerated when ``seed`` is None, else sampled with that seed."""
        if seed is None:
            return self.enumerate(work_start, work_stop)
        return self.sample(work_stop - work_start, np.random.default_rng(seed))


def stack(parts: Sequence[Codes | Sequence[int]], rows: int) -> Codes:
    """Columns side by side: arrays of ``rows`` rows, or fixed codes repeated on every row."""
    blocks = []
    for part in parts:
        array = np.asarray(part, dtype=np.int64)
        if array.ndim == 1:
            array = np.broadcast_to(array, (rows, len(array)))
        blocks.append(array)
    return np.concatenate(blocks, axis=1) if blocks else np.empty((rows, 0), dtype=np.int64)
