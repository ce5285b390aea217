"""The trial deals of the general player's keep measure
(:func:`bench._baseline_bots.equity.keep_shares`), and their hands scored at once by the batch
evaluator (``engine.games.hand_batches``) where the engine's evaluators would value them
one by one: Anaconda's pass weighs 35 keeps over 13 deals, some five hundred seven-card
hands, in about a millisecond rather than a fiftieth of a second. The deals are the same
and the pot is shared by the same arithmetic, each deal's share added in the same order,
so every share is the same float and the player keeps the same cards.

Only a game whose hands are valued by its declared hand types alone qualifies (no wild
cards, no valuing of its own), with hand types the batch evaluator scores, keeps of one
size and hands of five to seven cards (or, with exactly so many hole cards, enough hole
and board cards).
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations

import numpy as np
import numpy.typing as npt

from engine.cards import Card
from engine.fast import HAND_SIZES
from engine.games.base import Game, Settings
from engine.games.declared import DeclaredGame
from engine.games.hand_batches import Scores, in_batches, qualifying, ranker
from engine.games.hand_types import HandTypes

__all__ = ["KeepDeals", "batch_shares", "batch_types", "deal_keeps"]

_OWN_TYPES = (Game.evaluate, DeclaredGame.evaluate)
"""The valuings that read the declared hand types alone: the best five of all the cards,
or exactly so many hole cards."""
_LOWEST = np.iinfo(np.int64).min
Codes = npt.NDArray[np.uint8]
Shares = npt.NDArray[np.float64]
Hands = tuple[list[Card], list[list[Card]], list[list[Card]]]


@dataclass(frozen=True)
class KeepDeals:
    """The keep measure's trial deals. Each deal draws, in order, from the ``unseen`` cards
    shuffled: the rest of the board, each rival's hand filled to ``size`` (its known cards
    first), then the cards that fill every kept hand to ``size``. ``draws`` holds, per
    deal, the places in ``unseen`` of the cards drawn."""

    unseen: Sequence[Card]
    draws: Sequence[Sequence[int]] | npt.NDArray[np.int64]
    board: Sequence[Card]
    to_board: int
    rivals: Sequence[Sequence[Card]]
    keeps: Sequence[Sequence[Card]]
    size: int

    def hands(self) -> Iterator[Hands]:
        """Each deal's community cards, the rivals' hands and the kept hands filled."""
        for drawn in self.draws:
            pool = iter([self.unseen[i] for i in drawn])
            common = [*self.board, *(next(pool) for _ in range(self.to_board))]
            theirs = [[*cards, *(next(pool) for _ in range(self.size - len(cards)))]
                      for cards in self.rivals]
            fill = list(pool)
            yield common, theirs, [[*kept, *fill[:self.size - len(kept)]] for kept in self.keeps]


def deal_keeps(rng: random.Random, *, unseen: Sequence[Card], trials: int,
               board: Sequence[Card], to_board: int, rivals: Sequence[Sequence[Card]],
               keeps: Sequence[Sequence[Card]], size: int, numpy_deals: bool = False
               ) -> KeepDeals:
    """``trials`` deals, the unseen cards shuffled afresh (by ``rng``) for each: shuffling
    their places shuffles them alike, call for call. With ``numpy_deals`` every deal's
    shuffle is drawn at once, the places sorted by random 64-bit keys (from ``rng``): deals
    as random, many times sooner, but not the ones a seeded table replays."""
    needed = to_board + sum(max(0, size - len(cards)) for cards in rivals) + \
        max(0, size - min(len(k) for k in keeps))
    if needed > len(unseen):
        raise ValueError(f"a trial deal needs {needed} cards, but only {len(unseen)} are "
                         "unseen")
    if numpy_deals:
        keys = np.frombuffer(rng.randbytes(8 * trials * len(unseen)), dtype=np.uint64)
        places = np.argsort(keys.reshape(trials, len(unseen)), axis=1)
        return KeepDeals(unseen, places[:, :needed], board, to_board, rivals, keeps, size)
    order = list(range(len(unseen)))
    draws = []
    for _ in range(trials):
        rng.shuffle(order)
        draws.append(order[:needed])
    return KeepDeals(unseen, draws, board, to_board, rivals, keeps, size)


def batch_types(game: object, settings: Settings) -> HandTypes | None:
    """The hand types ``game`` values its hands by, when the batch evaluator scores them as
    ``game.evaluate`` would; ``None`` for a game that values them its own way."""
    if not isinstance(game, Game) or type(game).evaluate not in _OWN_TYPES:
        return None
    types = game.hand_types(settings)
    return types if in_batches(types) else None


def batch_shares(types: HandTypes, deals: KeepDeals) -> list[float] | None:
    """Each keep's mean share of the pot over the deals, as ``keep_shares`` measures it
    hand by hand; ``None`` unless every hand is filled to the one size (no rival showing
    more cards, keeps of one size) and the batch evaluator scores hands of that size."""
    size, board = deals.size, len(deals.board) + deals.to_board
    kept = {len(k) for k in deals.keeps}
    if len(kept) != 1 or max(kept) > size or any(len(c) > size for c in deals.rivals) or \
            not len(deals.draws) or not _scored(types, size, board):
        return None
    # Every hand of every deal in one array: deal, hand (the rivals', then the keeps'),
    # card (the hand's own, then the board).
    drawn = np.array([c.code for c in deals.unseen], dtype=np.uint8)[
        np.asarray(deals.draws, dtype=np.intp)]
    rivals, shown = len(deals.rivals), len(deals.board)
    hands = np.empty((len(drawn), rivals + len(deals.keeps), size + board), dtype=np.uint8)
    hands[:, :, size:size + shown] = [c.code for c in deals.board]
    hands[:, :, size + shown:] = drawn[:, None, :deals.to_board]
    start = deals.to_board
    for index, cards in enumerate(deals.rivals):
        hands[:, index, :len(cards)] = [c.code for c in cards]
        hands[:, index, len(cards):size] = drawn[:, start:start + size - len(cards)]
        start += size - len(cards)
    length = len(deals.keeps[0])
    hands[:, rivals:, :length] = [[c.code for c in k] for k in deals.keeps]
    hands[:, rivals:, length:size] = drawn[:, None, start:start + size - length]
    high = _values(types, hands, size, low=False) if types.high else None
    low = _values(types, hands, size, low=True) if types.low is not None else None
    won = np.zeros(len(deals.keeps))
    for row in _pot_shares(types, high, low, rivals):
        won += row  # deal by deal, as the engine's measure adds them
    return [float(w) for w in won / len(drawn)]


def _scored(types: HandTypes, held: int, board: int) -> bool:
    """Whether the batch evaluator scores hands of ``held`` cards and a board of ``board``."""
    hole = types.hole_cards
    if hole is None:
        return held + board in HAND_SIZES
    return held >= hole and board >= 5 - hole


def _values(types: HandTypes, hands: Codes, held: int, *, low: bool) -> Scores:
    """The score of each hand (the last axis: ``held`` cards of its own, then the board)."""
    rank = ranker(types, low=low)
    if types.hole_cards is None:
        return rank(hands)
    # Exactly so many hole cards: every way to take them and the rest from the board.
    fives = [[*used, *(held + r for r in rest)]
             for used in combinations(range(held), types.hole_cards)
             for rest in combinations(range(hands.shape[2] - held), 5 - types.hole_cards)]
    best: Scores = rank(hands[..., np.array(fives)]).max(axis=-1)
    return best


def _pot_shares(types: HandTypes, high: Scores | None, low: Scores | None,
                rivals: int) -> Shares:
    """Per deal and keep, the seat's share of the pot (``keep_shares``'s arithmetic): the
    first ``rivals`` columns are the rivals' hands, the rest the kept hands."""
    if low is None:
        assert high is not None
        return _half(high, np.ones(high.shape, dtype=bool), rivals)
    qualify = qualifying(low, types)
    low_share = _half(low, qualify, rivals)
    some_low = qualify[:, rivals:] | qualify[:, :rivals].any(axis=1, keepdims=True)
    if high is None:  # no qualifying low: the pot is shared by everyone
        return np.where(some_low, low_share, 1 / (1 + rivals))
    high_share = _half(high, np.ones(high.shape, dtype=bool), rivals)
    return np.where(some_low, (high_share + low_share) / 2, high_share)


def _half(values: Scores, eligible: npt.NDArray[np.bool_], rivals: int) -> Shares:
    """Per deal and keep, the kept hand's share of a half won by the best eligible hand,
    ties sharing it (nothing when it is not eligible)."""
    theirs, mine = values[:, :rivals, None], values[:, None, rivals:]
    in_theirs = eligible[:, :rivals, None]
    best = np.where(in_theirs, theirs, _LOWEST).max(axis=1, initial=_LOWEST)
    ties = (in_theirs & (theirs == mine)).sum(axis=1)
    wins = eligible[:, rivals:] & (values[:, rivals:] >= best)
    return np.where(wins, 1 / (1 + ties), 0.0)
