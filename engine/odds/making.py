"""Your own hand by the last card: the chance of ending with each high hand, and with a low of
each size, with the "or better" totals, for the spot as typed.

Only your cards and the board decide what you make, and the cards still to come to you and to
the board are, to you, any of the cards nobody typed, each set equally likely (the other
seats' unseen cards are as random as the stock's). So every set of your last cards is counted
with the batch evaluator when the count is within reach (seventh street from third street in
stud: 211,876 sets of four cards), and sampled otherwise. Your hand is made as the game's
hand types make it (any five of your live cards and the board, or exactly two hole cards in
Omaha), from the cards you hold when the hand ends as typed (a Sophie's Pick pair kept).

>>> import numpy as np
>>> from engine.cards import parse_cards as p
>>> from engine.odds.at_table import Spot
>>> spot = Spot.build("seven-card-stud-eight", players=2, street="3rd street",
...                   seats=[p("Ah 2d 3c")])
>>> answer = making(spot, rng=np.random.default_rng(0))
>>> answer.exact, answer.deals, f"{answer['low/8'].value:.4f}"
(True, 211876, '0.4827')
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from itertools import combinations

import numpy as np
import numpy.typing as npt

from engine.cards import parse_cards
from engine.fast import category_of, rank_high, rank_low
from engine.hands import Category, LowRanking
from engine.odds.at_table import Spot, prepare, replay_to_end
from engine.odds.deals import Unknowns
from engine.odds.inputs import OddsInputError
from engine.odds.tally import Answer, Method, Tally

__all__ = ["LOW_TOPS", "Making", "making", "making_of"]

LOW_TOPS = (5, 6, 7, 8, 9, 10)
"""The lows counted: a wheel (five-high), then six-high or better up to ten-high or better."""
EVALUATIONS = 6_000_000
"""Hand evaluations an exact count may take."""


@dataclass(frozen=True)
class Making:
    """Your hand's cards as the hand ends: fixed codes, how many more come to you and to the
    board, and how a hand is made."""

    mine: tuple[int, ...]
    board: tuple[int, ...]
    unknowns: Unknowns
    """Places: the board, then you."""
    hole_cards: int | None
    low: bool
    qualifier: int | None

    def evaluations(self) -> int:
        if self.hole_cards is None:
            return 2 if self.low else 1
        cards = len(self.mine) + self.unknowns.sizes[1]
        board = len(self.board) + self.unknowns.sizes[0]
        ways = len(list(combinations(range(cards), self.hole_cards))) * \
            len(list(combinations(range(board), 5 - self.hole_cards)))
        return ways * (2 if self.low else 1)

    def _best(self, hands: npt.NDArray[np.uint8], board: npt.NDArray[np.uint8], *,
              low: bool) -> npt.NDArray[np.int64]:
        rank = rank_low if low else rank_high
        if self.hole_cards is None:
            return rank(np.concatenate([hands, board], axis=1)).astype(np.int64)
        best = np.full(len(hands), np.iinfo(np.int64).min, dtype=np.int64)
        for mine in combinations(range(hands.shape[1]), self.hole_cards):
            for shared in combinations(range(board.shape[1]), 5 - self.hole_cards):
                five = np.concatenate([hands[:, mine], board[:, shared]], axis=1)
                best = np.maximum(best, rank(five).astype(np.int64))
        return best

    def tally(self, places: list[npt.NDArray[np.int64]]) -> Tally:
        rows = len(places[0])
        board = np.concatenate([np.broadcast_to(np.array(self.board, dtype=np.int64),
                                                (rows, len(self.board))), places[0]],
                               axis=1).astype(np.uint8)
        hands = np.concatenate([np.broadcast_to(np.array(self.mine, dtype=np.int64),
                                                (rows, len(self.mine))), places[1]],
                               axis=1).astype(np.uint8)
        categories = category_of(self._best(hands, board, low=False))
        names = [f"high/{c.name}" for c in Category]
        columns = [(categories == c.value).astype(np.float64) for c in Category]
        if self.low:
            lows = self._best(hands, board, low=True)
            for top in LOW_TOPS:
                names.append(f"low/{top}")
                columns.append((lows >= _floor(top)).astype(np.float64))
        return Tally.of(names, np.stack(columns, axis=1))


def _floor(top: int) -> int:
    """The ace-to-five score of the worst low whose highest card is ``top`` (ace one)."""
    ranks = ["A", *map(str, range(2, 11))][top - 5:top]
    worst = parse_cards(" ".join(f"{r}{s}" for r, s in zip(ranks, "cdhsc", strict=True)))
    return int(rank_low(np.array([[c.code for c in worst]], dtype=np.uint8))[0])


def making_of(spot: Spot, *, seat: int = 0) -> Making:
    """The seat's cards at the end of the hand as typed, and what is still to come."""
    prepared = prepare(spot)
    state, where = replay_to_end(prepared)
    types = state.game.hand_types(state.settings)
    known = {p: c.code for p, c in prepared.known.items()}
    cards = state.live_cards(seat)
    board = state.boards[0] if state.boards else []
    mine = tuple(known[where[c]] for c in cards if where[c] in known)
    board_fixed = tuple(known[where[c]] for c in board if where[c] in known)
    unseen = (len(board) - len(board_fixed), len(cards) - len(mine))
    total = len(cards) + len(board)
    if types.hole_cards is None and not 5 <= total <= 7:
        raise OddsInputError(f"Your hand ends with {total} cards: the chances of making a "
                             "hand are worked out for five to seven")
    low = types.low is LowRanking.ACE_TO_FIVE
    pool = np.array(sorted(c.code for c in prepared.pool), dtype=np.int64)
    return Making(mine, board_fixed, Unknowns(pool, unseen), types.hole_cards, low,
                  types.qualifier)


def making(spot: Spot, *, rng: np.random.Generator, seat: int = 0,
           seconds: float = 1.0) -> Answer:
    """The chance of ending with each high category (``high/<CATEGORY>``) and with a low no
    worse than each top card (``low/<top>``, ace-to-five games), exact when within reach."""
    made = making_of(spot, seat=seat)
    started = time.perf_counter()
    total = made.unknowns.count()
    if total * made.evaluations() <= EVALUATIONS:
        tally: Tally | None = None
        for start in range(0, total, 200_000):
            chunk = made.tally(made.unknowns.enumerate(start, min(total, start + 200_000)))
            tally = chunk if tally is None else tally + chunk
        assert tally is not None
        return tally.answer(exact=True, seconds=time.perf_counter() - started)
    tally = None
    size = max(200, min(20_000, 400_000 // made.evaluations()))
    while tally is None or time.perf_counter() - started < seconds:
        chunk = made.tally(made.unknowns.sample(size, rng))
        tally = chunk if tally is None else tally + chunk
        if max(e.half_width for e in tally.estimates(exact=False).values()) <= 0.005:
            break
    return Answer(Method.SAMPLED, tally.count, time.perf_counter() - started,
                  tally.estimates(exact=False),
                  why=f"its {total:,} ways to finish need more hand evaluations than fit in "
                      "about a second")

