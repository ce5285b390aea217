"""Psycho before the draw: which cards to exchange, ranked by expected pot share.

For each discard the draw limit allows, the deal is played out: your
replacements and your sixth and seventh cards come from the unseen cards; each
opponent is dealt five cards, draws as the computer players do
(``engine.bots.psycho.keep_for_draw``, trimmed to the draw limit the same
way), then gets two more; everyone declares as in ``engine.odds.psycho`` and
the pot is settled. An option's worth is its best declaration's expected
share (the declaration is a plan made now, from the averages). All options
share the same deals, so they are compared fairly.

The stock: you draw first (your seat's turn does not change the odds, every
deal being equally likely); the opponents' draws and later cards follow, and
if the stock runs out their discards are used again (from the seventh
player on, the deck could run short even so: the question covers 2 to 6).

``bot_keeps`` is the computer players' draw over a whole batch of hands at
once; tests check it against the player itself, hand by hand.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations

import numpy as np
import numpy.typing as npt

from engine.cards import Card, Rank
from engine.fast import category_of, rank_high
from engine.games.psycho import DrawLimit, draw_allowed
from engine.hands import Category, LowRanking
from engine.odds.deals import Codes, Unknowns, codes, unseen
from engine.odds.inputs import OddsInputError, check_count, check_distinct
from engine.odds.psycho import DECLARATIONS, against, declared_shares, scores, stronger_way
from engine.odds.run import Work
from engine.odds.tally import Tally

__all__ = ["DrawQuestion", "MAX_PLAYERS", "bot_keeps", "draw_question"]

MAX_PLAYERS = 6
_ACE = int(Rank.ACE)
Mask = npt.NDArray[np.bool_]


def _first(values: npt.NDArray[np.int64]) -> Mask:
    """True for the first card (in hand order) of each value in its row."""
    earlier = np.tril(np.ones((5, 5), dtype=bool), k=-1)  # earlier[i, j]: j comes before i
    same = values[:, :, None] == values[:, None, :]
    first: Mask = ~(same & earlier).any(axis=2)
    return first


def _last(values: npt.NDArray[np.int64]) -> Mask:
    later = np.triu(np.ones((5, 5), dtype=bool), k=1)
    same = values[:, :, None] == values[:, None, :]
    last: Mask = ~(same & later).any(axis=2)
    return last


def _runs(ranks: npt.NDArray[np.int64]) -> Mask:
    """The bot's straight draw: four ranks within five (the highest such window),
    one card of each rank (the last in hand order); all False when there is none."""
    rows = len(ranks)
    present = np.zeros((rows, 15), dtype=bool)
    present[np.arange(rows)[:, None], ranks] = True
    present[:, 1] = present[:, _ACE]
    chosen = np.zeros(rows, dtype=np.int64)  # the window's lowest rank, 0 for none
    for low in range(1, 11):  # the highest window wins: later (higher) ones overwrite
        full = present[:, low:low + 5].sum(axis=1) >= 4
        chosen = np.where(full, low, chosen)
    inside = ((ranks >= chosen[:, None]) & (ranks <= chosen[:, None] + 4)) | (
        (ranks == _ACE) & (chosen[:, None] == 1))
    runs: Mask = inside & (chosen[:, None] > 0) & _last(ranks)
    return runs


def _keeps(hands: Codes, ranking: LowRanking) -> tuple[Mask, Mask]:
    """``keep_for_draw`` over ``(T, 5)`` hands: (cards kept, plan is low)."""
    ranks = (hands >> 2) + 2
    suits = hands & 3
    low_value = np.where((ranks == _ACE) & (ranking is LowRanking.ACE_TO_FIVE), 1, ranks)
    made = category_of(rank_high(hands.astype(np.uint8)))
    first_low = _first(low_value)
    lows = first_low & (low_value <= 8)
    very_low = first_low & (low_value <= 7)
    n_lows, n_very_low = lows.sum(axis=1), very_low.sum(axis=1)
    counts = (ranks[:, :, None] == ranks[:, None, :]).sum(axis=2)
    grouped = counts >= 2
    kicker = (ranks == _ACE) & ~grouped
    big_pair = (grouped & (ranks >= 10)).any(axis=1)
    suited = (suits[:, :, None] == suits[:, None, :]).sum(axis=2) >= 4
    runs = _runs(ranks)
    has_run = np.asarray(runs.any(axis=1), dtype=bool)
    higher = (ranks[:, None, :] > ranks[:, :, None]).sum(axis=2)
    everything = np.ones_like(grouped)
    steps: list[tuple[Mask, Mask, bool]] = [
        (made >= Category.STRAIGHT, everything, False),
        (n_lows == 5, everything, True),
        ((made >= Category.TWO_PAIR) | big_pair, grouped | kicker, False),
        ((n_lows >= 4) | (n_very_low >= 3), np.where((n_lows >= 4)[:, None], lows, very_low),
         True),
        (suited.any(axis=1), suited, False),
        (has_run, runs, False),
        (grouped.any(axis=1), grouped | kicker, False),
        (n_lows >= 3, lows, True),
    ]
    kept = higher < 2
    low_plan = np.zeros(len(hands), dtype=bool)
    decided = np.zeros(len(hands), dtype=bool)
    for when, keep, low in steps:
        now = when & ~decided
        kept = np.where(now[:, None], keep, kept)
        low_plan |= now & low
        decided |= now
    return kept, low_plan


def bot_keeps(hands: Codes, ranking: LowRanking, limit: DrawLimit) -> Mask:
    """The cards each computer player keeps in the draw: ``(T, 5)`` codes in hand order.

    The plan's discards are ordered worst last (the lowest for a low plan,
    the highest for a high one, leading the list) and trimmed from the front
    until the draw limit allows them, as ``PsychoBot`` does.
    """
    kept, low_plan = _keeps(hands, ranking)
    if limit is DrawLimit.NONE:
        return kept
    ranks = (hands >> 2) + 2
    low_value = np.where((ranks == _ACE) & (ranking is LowRanking.ACE_TO_FIVE), 1, ranks)
    # Discards sort (stably) ascending by low value for a low plan, descending by rank
    # for a high one; the first of that order are given up first.
    key = np.where(low_plan[:, None], low_value, -ranks) * 8 + np.arange(5)
    key = np.where(kept, np.iinfo(np.int64).max, key)
    order = np.argsort(key, axis=1)
    rows = np.arange(len(hands))
    for _ in range(2):
        discards = (~kept).sum(axis=1)
        lone_ace = (discards == 4) & (np.where(kept, ranks, 0).max(axis=1) == _ACE)
        allowed = (discards <= 3) | (lone_ace & (limit is DrawLimit.FOUR_WITH_ACE))
        first = np.argmax(~np.take_along_axis(kept, order, axis=1), axis=1)
        trim = ~allowed
        kept[rows[trim], order[rows[trim], first[trim]]] = True
    return kept


@cache
def _options(hand: tuple[int, ...], limit: DrawLimit) -> tuple[tuple[int, ...], ...]:
    cards = [Card.from_code(c) for c in hand]
    found = []
    for count in range(6):
        for chosen in combinations(range(5), count):
            kept = [cards[i] for i in range(5) if i not in chosen]
            if draw_allowed(limit, count, kept):
                found.append(chosen)
    return tuple(found)


@dataclass(frozen=True)
class DrawQuestion:
    """Your five cards (codes), the opponents, the low ranking and the draw limit."""

    hand: tuple[int, ...]
    opponents: int
    ranking: LowRanking
    limit: DrawLimit

    @property
    def options(self) -> tuple[tuple[int, ...], ...]:
        """Every discard the limit allows, as positions in ``hand``."""
        return _options(self.hand, self.limit)

    @property
    def measures(self) -> tuple[str, ...]:
        count = len(self.options)
        return tuple(f"{what}/{o}" for what in ("share/high", "share/low", "share/both",
                                                 "high", "low") for o in range(count))

    def deals(self) -> int | None:
        return None

    def cost(self) -> int:
        return 2 * (len(self.options) + self.opponents) + self.opponents

    def _table(self) -> npt.NDArray[np.int64]:
        """For each option, which of [hand (5), draws (5), sixth, seventh] make the final seven."""
        rows = []
        for chosen in self.options:
            kept = [i for i in range(5) if i not in chosen]
            rows.append(kept + [5 + j for j in range(len(chosen))] + [10, 11])
        return np.array(rows, dtype=np.int64)

    def _rivals(self, deck: Codes) -> Codes:
        """The opponents' final seven cards, ``(T, k, 7)``, from the deck after our seven."""
        rows, k = len(deck), self.opponents
        dealt = deck[:, :5 * k].reshape(rows, k, 5)
        kept = bot_keeps(dealt.reshape(-1, 5), self.ranking, self.limit).reshape(rows, k, 5)
        slots = np.concatenate([np.where(kept, dealt, -1), np.full((rows, k, 2), -1)], axis=2)
        thrown = np.where(kept, -1, dealt).reshape(rows, -1)
        spare = np.take_along_axis(thrown, np.argsort(thrown < 0, axis=1, kind="stable"), axis=1)
        stock = np.concatenate([deck[:, 5 * k:], spare], axis=1)
        flat = slots.reshape(rows, -1)
        holes = flat < 0
        position = np.cumsum(holes, axis=1) - 1
        filled = np.take_along_axis(stock, np.where(holes, position, 0), axis=1)
        return np.where(holes, filled, flat).reshape(rows, k, 7)

    def tally(self, work: Work) -> Tally:
        assert work.seed is not None
        rng = np.random.default_rng(work.seed)
        pool = unseen(Card.from_code(c) for c in self.hand)
        (deck,) = Unknowns(pool, (len(pool),)).sample(work.size, rng)
        rivals = self._rivals(deck[:, 7:])
        rival_high, rival_low = scores(rivals, self.ranking)
        goes_high = stronger_way(rival_high, rival_low, self.ranking)
        source = np.concatenate([np.broadcast_to(np.array(self.hand), (work.size, 5)),
                                 deck[:, :7]], axis=1)
        mine = source[:, self._table()]
        my_high, my_low = scores(mine, self.ranking)
        declared = declared_shares(my_high, my_low, rival_high, rival_low, goes_high)
        top_high, ties_high = against(my_high, rival_high)
        top_low, ties_low = against(my_low, rival_low)
        columns = [*(declared[way] for way in DECLARATIONS),
                   np.where(top_high, 1.0 / ties_high, 0.0), np.where(top_low, 1.0 / ties_low, 0.0)]
        return Tally.of(self.measures, np.concatenate(columns, axis=1))


def draw_question(hand: Sequence[Card], *, opponents: int,
                  ranking: LowRanking = LowRanking.ACE_TO_FIVE,
                  limit: DrawLimit = DrawLimit.NONE) -> DrawQuestion:
    """Before the draw: your five cards and how many opponents (1 to 5)."""
    check_count("your cards", hand, (5,), "Psycho deals five cards before the draw")
    check_distinct([("your cards", tuple(hand))])
    if not 1 <= opponents <= MAX_PLAYERS - 1:
        raise OddsInputError(f"The draw question covers 2 to {MAX_PLAYERS} players (1 to "
                             f"{MAX_PLAYERS - 1} opponents): with more, the deck can run out "
                             "even with the discards")
    return DrawQuestion(tuple(codes(hand)), opponents, LowRanking(ranking), DrawLimit(limit))
