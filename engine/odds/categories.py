"""How hands come out in each game: the chance of each final hand category.

- Seven-card stud: exact, from ``engine.odds.exact`` (every seven-card hand
  counted); its ace-to-five lows too.
- Pick a Partner: a team hand, both first up cards plus the best three of the
  partners' other eight cards, from ten random cards.
- Sophie's Pick: the surviving pair with the board, from six random hole cards
  locked as the computer players lock them and sacrificed by the board rule
  (``engine.odds.sophie``).
- Psycho: the high and the low hand of seven cards, from five random cards
  drawn to as the computer players draw (no draw limit), then two more.

The three sampled games are questions for ``engine.odds.run.solve``; each
measure is one category's (or low class's) indicator.

>>> spread = stud_spread()
>>> round(spread.high[Category.ONE_PAIR], 4)
0.4382
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

import numpy as np
import numpy.typing as npt

from engine.fast import category_of
from engine.games.psycho import DrawLimit
from engine.hands import Category, LowRanking
from engine.odds.deals import Codes
from engine.odds.exact import high_category_counts, low_distribution
from engine.odds.partner import team_scores
from engine.odds.psycho import scores
from engine.odds.psycho_draw import bot_keeps
from engine.odds.run import Work
from engine.odds.sophie import lock, river_scores, survivors
from engine.odds.tally import Tally

__all__ = ["LOW_CLASSES", "Dealt", "SpreadQuestion", "StudSpread", "low_class", "stud_spread"]

LOW_CLASSES = ("Five-high", "Six-high", "Seven-high", "Eight-high", "Nine-high", "Ten-high",
               "Jack-high or worse", "No low (paired, or a straight or flush at deuce-to-seven)")
"""Low hands by their top card; the last class holds hands that are no low at all."""
_HIGH = tuple(Category)


class Dealt(StrEnum):
    """The sampled games' hands."""

    TEAM = "pick-a-partner"
    SURVIVOR = "sophies-pick"
    PSYCHO = "psycho"


def low_class(low: npt.NDArray[np.integer], ranking: LowRanking) -> npt.NDArray[np.int64]:
    """The ``LOW_CLASSES`` index of each low score."""
    if ranking is LowRanking.ACE_TO_FIVE:
        key = 0x7FFFFF - low.astype(np.int64)
    else:
        key = 0xFFFFFF - low.astype(np.int64)
    unpaired = key >> 20 == 0
    top = key >> 16 & 0xF
    return np.where(unpaired, np.clip(top - 5, 0, 6), 7)


@dataclass(frozen=True)
class StudSpread:
    """Seven-card stud's exact chances, by high category and by ace-to-five low class."""

    high: dict[Category, float]
    low: tuple[float, ...]
    total: int


def stud_spread() -> StudSpread:
    counts = high_category_counts()
    total = sum(counts.values())
    low = low_distribution(LowRanking.ACE_TO_FIVE)
    classes = low_class(low.scores, LowRanking.ACE_TO_FIVE)
    by_class = tuple(float(low.counts[classes == i].sum()) / low.total
                     for i in range(len(LOW_CLASSES)))
    return StudSpread({c: n / total for c, n in counts.items()}, by_class, total)


def _random_cards(rows: int, count: int, rng: np.random.Generator) -> Codes:
    keys = rng.random((rows, 52))
    chosen = np.argpartition(keys, count - 1, axis=1)[:, :count]
    return np.take_along_axis(chosen, np.argsort(np.take_along_axis(keys, chosen, axis=1),
                                                 axis=1), axis=1).astype(np.int64)


@dataclass(frozen=True)
class SpreadQuestion:
    """The chance of each final category for one sampled game's hand."""

    dealt: Dealt
    ranking: LowRanking = LowRanking.ACE_TO_FIVE

    @property
    def measures(self) -> tuple[str, ...]:
        names = [f"high{int(c)}" for c in _HIGH]
        if self.dealt is Dealt.PSYCHO:
            names += [f"low{i}" for i in range(len(LOW_CLASSES))]
        return tuple(names)

    def deals(self) -> int | None:
        return None

    def cost(self) -> int:
        return {Dealt.TEAM: 56, Dealt.SURVIVOR: 6, Dealt.PSYCHO: 4}[self.dealt]

    def tally(self, work: Work) -> Tally:
        assert work.seed is not None
        rng = np.random.default_rng(work.seed)
        rows = work.size
        low: npt.NDArray[np.int64] | None = None
        high: npt.NDArray[np.integer]
        if self.dealt is Dealt.TEAM:
            cards = _random_cards(rows, 10, rng)
            high = team_scores(cards[:, :2], cards[:, 2:])
        elif self.dealt is Dealt.SURVIVOR:
            cards = _random_cards(rows, 11, rng)
            boards = cards[:, None, 6:]
            pairs = lock(cards[:, None, :6], rng)
            high = river_scores(survivors(pairs, boards), boards)[:, 0, 0]
        else:
            cards = _random_cards(rows, 12, rng)
            kept = bot_keeps(cards[:, :5], self.ranking, DrawLimit.NONE)
            slots = np.concatenate([np.where(kept, cards[:, :5], -1),
                                    np.full((rows, 2), -1)], axis=1)
            holes = slots < 0
            fresh = np.take_along_axis(cards[:, 5:], np.cumsum(holes, axis=1) - 1, axis=1)
            high, low = scores(np.where(holes, fresh, slots), self.ranking)
        category = category_of(high)
        columns = [category == int(c) for c in _HIGH]
        if low is not None:
            classes = low_class(low, self.ranking)
            columns += [classes == i for i in range(len(LOW_CLASSES))]
        return Tally.of(self.measures, np.stack(columns, axis=1).astype(np.float64))
