"""Your own hand by the last card: the chance of ending with each high hand, and with a low of
each size, with the "or better" totals, for the spot as typed.

Only your cards and the board decide what you make, and the cards still to come to you and to
the board are, to you, any of the cards nobody typed, each set equally likely (the other
seats' unseen cards are as random as the stock's). So every set of your last cards is counted
with the batch evaluator when the count is within reach (seventh street from third street in
stud: 211,876 sets of four cards), and sampled otherwise. Your hand is made as the game's
hand types make it (any five of your live cards and the board, or exactly two hole cards in
Omaha), from the cards you hold when the hand ends as typed (a Sophie's Pick pair kept);
in a short-deck game by its order (a flush above a full house), and in a wild-card game with
the cards wild in your hand then: the fixed ranks, the rank the typed deal sets (Follow the
Queen's card after the last queen up) and your own lowest hole card where the game plays it,
with five of a kind counted above a straight flush.

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
from engine.fast_wild import rank_wild_high
from engine.hands import Category, LowRanking
from engine.odds.at_table import Spot, prepare, replay_to_end
from engine.odds.deals import Unknowns
from engine.odds.inputs import OddsInputError
from engine.odds.tally import Answer, Method, Tally
from engine.short_deck import category_of_short, rank_short_deck
from engine.wild import WildCards

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
    short_deck: bool = False
    wild: WildCards | None = None
    """The cards wild in the hand at its end, but for its own lowest hole card."""
    lowest_hole: tuple[int, ...] | None = None
    """Where the lowest hole card is wild: the fixed face-down codes; the first
    ``hole_unseen`` cards to come are face down too."""
    hole_unseen: int = 0

    def evaluations(self) -> int:
        if self.hole_cards is None:
            return 2 if self.low else 1
        cards = len(self.mine) + self.unknowns.sizes[1]
        board = len(self.board) + self.unknowns.sizes[0]
        ways = len(list(combinations(range(cards), self.hole_cards))) * \
            len(list(combinations(range(board), 5 - self.hole_cards)))
        return ways * (2 if self.low else 1)

    def _high(self, hands: npt.NDArray[np.uint8]) -> npt.NDArray[np.int64]:
        """High scores of whole hands, ranked as the game ranks them."""
        if self.short_deck:
            return rank_short_deck(hands).astype(np.int64)
        if self.wild is None:
            return rank_high(hands).astype(np.int64)
        masks = None
        if self.lowest_hole is not None:
            ranks = (np.concatenate([np.broadcast_to(np.array(self.lowest_hole, np.int64), (
                len(hands), len(self.lowest_hole))), hands[:, len(self.mine):][
                :, :self.hole_unseen].astype(np.int64)], axis=1) >> 2) + 2
            masks = np.left_shift(1, ranks.min(axis=1)) if ranks.shape[1] else \
                np.zeros(len(hands), dtype=np.int64)
        return rank_wild_high(hands, self.wild, row_ranks=masks).astype(np.int64)

    def _categories(self, scores: npt.NDArray[np.int64]) -> npt.NDArray[np.int8]:
        return category_of_short(scores) if self.short_deck else category_of(scores)

    def _best(self, hands: npt.NDArray[np.uint8], board: npt.NDArray[np.uint8], *,
              low: bool) -> npt.NDArray[np.int64]:
        if not low and self.hole_cards is None:
            return self._high(np.concatenate([hands, board], axis=1))
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
        categories = self._categories(self._best(hands, board, low=False))
        kinds = [*Category, Category.FIVE_OF_A_KIND] if self.wild is not None else list(Category)
        names = [f"high/{c.name}" for c in kinds]
        columns = [(categories == c.value).astype(np.float64) for c in kinds]
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
    wild = state.game.table_wild(state)
    if wild is not None and low:
        raise OddsInputError("The chances of making each hand are not worked out for a "
                             "low with wild cards")
    pool = np.array(sorted(c.code for c in prepared.pool), dtype=np.int64)
    lowest, hole_unseen = None, 0
    if wild is not None and state.game.own_lowest_wild:
        down = [h.card for h in state.cards[seat] if not h.up and not h.dead]
        lowest = tuple(known[where[c]] for c in down if where[c] in known)
        hole_unseen = sum(1 for c in down if where[c] not in known)
    return Making(mine, board_fixed, Unknowns(pool, unseen), types.hole_cards, low,
                  types.qualifier, short_deck=types.short_deck, wild=wild,
                  lowest_hole=lowest, hole_unseen=hole_unseen)


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

