"""Your own hand by the last card: the chance of ending with each high hand, and with a low of
each size, with the "or better" totals, for the spot as typed.

Lows are counted in the game's own low ranking (``low_lines``): the best low, then each top
card or better up to ten (ace-to-five: a wheel, six-high ... ten-high; deuce-to-seven, the
ace high and a straight or flush no low: 7-5-4-3-2, then a seven-low ... a ten-low;
ace-to-six, the ace low but a straight or flush no low: 6-4-3-2-A, then a six-low ...;
badugi: 4-3-2-A, then a five-high badugi ...). A game played for low only (razz, the
lowball draws, badugi) gets, instead of the high hands, what its low hand is
(``low_hands``): no pair, a pair ... and a straight or flush where they count against a
low; a badugi of four cards, then a three-card hand down to one.

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
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache
from itertools import combinations
from math import comb

import numpy as np
import numpy.typing as npt

from engine.badugi import rank_badugi
from engine.cards import Card
from engine.fast import category_of, category_of_low, rank_high, rank_low
from engine.fast_wild import rank_wild_high
from engine.hands import Category, LowRanking
from engine.lowball import category_of_lowball, rank_ace_to_six, rank_deuce_to_seven
from engine.odds.at_table import Prepared, Spot, prepare, replay_to_end
from engine.odds.deals import Unknowns
from engine.odds.inputs import OddsInputError
from engine.odds.tally import Answer, Method, Tally
from engine.short_deck import category_of_short, rank_short_deck
from engine.state import HandState
from engine.wild import WildCards

__all__ = ["LowLine", "Making", "low_hands", "low_lines", "making", "making_of"]

EVALUATIONS = 6_000_000
"""Hand evaluations an exact count may take."""


Ranker = Callable[[npt.NDArray[np.uint8]], npt.NDArray[np.int64]]


def _ranker(ranking: LowRanking) -> Ranker:
    """The batch evaluator of a low ranking (greater is better)."""
    rank = {LowRanking.ACE_TO_FIVE: rank_low, LowRanking.DEUCE_TO_SEVEN: rank_deuce_to_seven,
            LowRanking.ACE_TO_SIX: rank_ace_to_six, LowRanking.BADUGI: rank_badugi}[ranking]
    return lambda hands: rank(hands).astype(np.int64)


def _low_hand(scores: npt.NDArray[np.int64], ranking: LowRanking) -> npt.NDArray[np.int8]:
    """What each low is: its ``Category`` value, or a badugi hand's number of cards."""
    if ranking is LowRanking.BADUGI:
        return (scores >> 16).astype(np.int8)
    return category_of_low(scores) if ranking is LowRanking.ACE_TO_FIVE else \
        category_of_lowball(scores)


def low_hands(ranking: LowRanking) -> tuple[tuple[str, int], ...]:
    """What a low hand of a ranking can be, best first, as (its name in the answer's
    ``low-hand/<name>``, its value): no pair (``HIGH_CARD``), a pair ... four of a kind, with
    straights and flushes where they count against a low; badugi's four cards (``4-CARD``)
    down to one."""
    if ranking is LowRanking.BADUGI:
        return tuple((f"{size}-CARD", size) for size in (4, 3, 2, 1))
    kinds: tuple[Category, ...]
    if ranking is LowRanking.ACE_TO_FIVE:
        kinds = (Category.HIGH_CARD, Category.ONE_PAIR, Category.TWO_PAIR,
                 Category.THREE_OF_A_KIND, Category.FULL_HOUSE, Category.FOUR_OF_A_KIND)
    else:
        kinds = tuple(c for c in Category if c <= Category.STRAIGHT_FLUSH)
    return tuple((c.name, c.value) for c in kinds)


@dataclass(frozen=True)
class LowLine:
    """One low row of a ranking: the lows no worse than ``worst``, its ranks highest
    first (the ace 14 where it plays high, 1 where low)."""

    key: str
    """``low/best`` for the best low alone, ``low/<top>`` for a top card or better."""
    top: int
    worst: tuple[int, ...]
    floor: int
    """The score of ``worst``."""

    @property
    def best(self) -> bool:
        return self.key == "low/best"


def _code(rank: int, suit: int) -> int:
    return 4 * ((14 if rank == 1 else rank) - 2) + suit


@cache
def low_lines(ranking: LowRanking) -> tuple[LowLine, ...]:
    """The lows counted in a ranking: the best low, then each top card from the best's up to
    ten, or better (a top whose only low is the best one, the wheel, left out). A low here is
    five cards without a pair (nor a straight or flush where they count), or a four-card
    badugi.

    >>> [(line.key, line.worst) for line in low_lines(LowRanking.DEUCE_TO_SEVEN)][:3]
    [('low/best', (7, 5, 4, 3, 2)), ('low/7', (7, 6, 5, 4, 2)), ('low/8', (8, 7, 6, 5, 3))]
    """
    ace = 14 if ranking is LowRanking.DEUCE_TO_SEVEN else 1
    size, whole = (4, 4) if ranking is LowRanking.BADUGI else (5, Category.HIGH_CARD.value)
    rank = _ranker(ranking)
    lows_by_top: dict[int, list[tuple[int, tuple[int, ...]]]] = {}
    for top in range(4, 11):
        below = [r for r in (ace, *range(2, 14)) if r < top]
        hands = [(top, *sorted(rest, reverse=True)) for rest in combinations(below, size - 1)]
        if not hands:
            continue
        # Suits clubs, diamonds, hearts, spades (then clubs): never a flush, always a badugi.
        codes = np.array([[_code(r, suit % 4) for suit, r in enumerate(hand)]
                          for hand in hands], dtype=np.uint8)
        scores = rank(codes)
        made = _low_hand(scores, ranking) == whole  # not a straight, nor a three-card badugi
        lows = [(int(s), h) for s, h, low in zip(scores, hands, made, strict=True) if low]
        if lows:
            lows_by_top[top] = lows
    best_score, best = max(lows_by_top[min(lows_by_top)])
    lines = [LowLine("low/best", best[0], best, best_score)]
    for top, lows in lows_by_top.items():
        score, worst = min(lows)
        if score != best_score:
            lines.append(LowLine(f"low/{top}", top, worst, score))
    return tuple(lines)


@dataclass(frozen=True)
class Making:
    """Your hand's cards as the hand ends: fixed codes, how many more come to you and to the
    board, and how a hand is made."""

    mine: tuple[int, ...]
    board: tuple[int, ...]
    unknowns: Unknowns
    """Places: the board, then you."""
    hole_cards: int | None
    low: LowRanking | None
    """The game's low ranking; ``None``: no low half."""
    qualifier: int | None
    high: bool = True
    """Whether the game plays for high (a lowball game does not)."""
    short_deck: bool = False
    wild: WildCards | None = None
    """The cards wild in the hand at its end, but for its own lowest hole card."""
    lowest_hole: tuple[int, ...] | None = None
    """Where the lowest hole card is wild: the fixed face-down codes; the first
    ``hole_unseen`` cards to come are face down too."""
    hole_unseen: int = 0

    def evaluations(self) -> int:
        """Five-card hands valued per deal: one per half played of any five cards (a
        deuce-to-seven or ace-to-six low values each five of them), or each five a
        hole-cards game allows."""
        cards = len(self.mine) + self.unknowns.sizes[1]
        board = len(self.board) + self.unknowns.sizes[0]
        if self.hole_cards is None:
            fives = comb(cards + board, 5) if self.low in (
                LowRanking.DEUCE_TO_SEVEN, LowRanking.ACE_TO_SIX) else 1
            return int(self.high) + (fives if self.low is not None else 0)
        ways = comb(cards, self.hole_cards) * comb(board, 5 - self.hole_cards)
        return ways * (int(self.high) + (self.low is not None))

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

    def _best(self, hands: npt.NDArray[np.uint8], board: npt.NDArray[np.uint8],
              low: LowRanking | None) -> npt.NDArray[np.int64]:
        """The best score of each row's hand: high (``low`` None) or in a low ranking."""
        if self.hole_cards is None:
            rank = self._high if low is None else _ranker(low)
            return rank(np.concatenate([hands, board], axis=1))
        rank = _ranker(low) if low is not None else \
            (lambda five: rank_high(five).astype(np.int64))
        best = np.full(len(hands), np.iinfo(np.int64).min, dtype=np.int64)
        for mine in combinations(range(hands.shape[1]), self.hole_cards):
            for shared in combinations(range(board.shape[1]), 5 - self.hole_cards):
                five = np.concatenate([hands[:, mine], board[:, shared]], axis=1)
                best = np.maximum(best, rank(five))
        return best

    def tally(self, places: list[npt.NDArray[np.int64]]) -> Tally:
        rows = len(places[0])
        board = np.concatenate([np.broadcast_to(np.array(self.board, dtype=np.int64),
                                                (rows, len(self.board))), places[0]],
                               axis=1).astype(np.uint8)
        hands = np.concatenate([np.broadcast_to(np.array(self.mine, dtype=np.int64),
                                                (rows, len(self.mine))), places[1]],
                               axis=1).astype(np.uint8)
        names: list[str] = []
        columns: list[npt.NDArray[np.bool_]] = []
        if self.high:
            categories = self._categories(self._best(hands, board, None))
            kinds = [*Category, Category.FIVE_OF_A_KIND] if self.wild is not None else \
                list(Category)
            names += [f"high/{c.name}" for c in kinds]
            columns += [categories == c.value for c in kinds]
        if self.low is not None:
            lows = self._best(hands, board, self.low)
            for line in low_lines(self.low):
                names.append(line.key)
                columns.append(lows >= line.floor)
            if not self.high:
                made = _low_hand(lows, self.low)
                names += [f"low-hand/{name}" for name, _ in low_hands(self.low)]
                columns += [made == value for _, value in low_hands(self.low)]
        return Tally.of(names, np.stack(columns, axis=1).astype(np.float64))

    def count(self, *, rng: np.random.Generator, seconds: float = 1.0) -> Answer:
        """The chances, every deal counted when within reach, else sampled for about
        ``seconds``."""
        started = time.perf_counter()
        total = self.unknowns.count()
        if total * self.evaluations() <= EVALUATIONS:
            tally: Tally | None = None
            for start in range(0, total, 200_000):
                chunk = self.tally(self.unknowns.enumerate(start, min(total, start + 200_000)))
                tally = chunk if tally is None else tally + chunk
            assert tally is not None
            return tally.answer(exact=True, seconds=time.perf_counter() - started)
        tally = None
        size = max(200, min(20_000, 400_000 // self.evaluations()))
        while tally is None or time.perf_counter() - started < seconds:
            chunk = self.tally(self.unknowns.sample(size, rng))
            tally = chunk if tally is None else tally + chunk
            if max(e.half_width for e in tally.estimates(exact=False).values()) <= 0.005:
                break
        return Answer(Method.SAMPLED, tally.count, time.perf_counter() - started,
                      tally.estimates(exact=False),
                      why=f"its {total:,} ways to finish need more hand evaluations than fit "
                          "in about a second")


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
    if types.hole_cards is None and types.low is not LowRanking.BADUGI and \
            not 5 <= total <= 7:
        raise OddsInputError(f"Your hand ends with {total} cards: the chances of making a "
                             "hand are worked out for five to seven")
    wild = state.game.table_wild(state)
    if wild is not None and _follows_untyped(state, prepared, where):
        raise OddsInputError("The wild rank follows the up cards, and some are not typed "
                             "yet (or are still to come): the chances of making each hand "
                             "are worked out once every up card is typed")
    if wild is not None and types.low is not None:
        raise OddsInputError("The chances of making each hand are not worked out for a "
                             "low with wild cards")
    pool = np.array(sorted(c.code for c in prepared.pool), dtype=np.int64)
    lowest, hole_unseen = None, 0
    if wild is not None and state.game.own_lowest_wild:
        down = [h.card for h in state.cards[seat] if not h.up and not h.dead]
        lowest = tuple(known[where[c]] for c in down if where[c] in known)
        hole_unseen = sum(1 for c in down if where[c] not in known)
    return Making(mine, board_fixed, Unknowns(pool, unseen), types.hole_cards, types.low,
                  types.qualifier, high=types.high, short_deck=types.short_deck, wild=wild,
                  lowest_hole=lowest, hole_unseen=hole_unseen)


def _follows_untyped(state: HandState, prepared: Prepared, where: Mapping[Card, int]) -> bool:
    """Whether the wild rank follows the up cards (Follow the Queen) and an up card of the
    hand as played to its end was not typed: a stand-in card then set the rank."""
    wild = getattr(getattr(state.game, "declaration", None), "wild", None)
    if wild is None or wild.follow is None:
        return False
    return any(h.up and where[h.card] not in prepared.known
               for held in state.cards for h in held)


def making(spot: Spot, *, rng: np.random.Generator, seat: int = 0,
           seconds: float = 1.0) -> Answer:
    """The chance of ending with each high category (``high/<CATEGORY>``, a game played for
    high), with each low of ``low_lines`` (``low/best``, ``low/<top>``) and what the low hand
    is (``low-hand/<CATEGORY>``, a game played for low only), exact when within reach."""
    return making_of(spot, seat=seat).count(rng=rng, seconds=seconds)
