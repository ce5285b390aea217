"""The hand in front of you counted with the batch evaluator, when its end is a plain
showdown: no choice left to make, one pot, and a game that settles it by its declared hand
types (high, low or both halves with a qualifier; any five cards, or exactly so many hole
cards). Every deal of the unseen cards to the seats still in and the board is then scored in
numpy batches (``engine.fast``), which counts hold'em all in before the flop (1,712,304
boards) or one unknown Omaha hand on the river (148,995 hands) in about a second, where the
engine itself plays some hundred deals a second. The pot is shared as the engine's deals
are counted (``engine.odds.at_table.outcome``): each half half of it and each tie shared
evenly, odd chips aside, so each figure equals the engine's.

A spot this does not fit (a choice still to come, declarations, teams, two boards, side
pots) goes to the engine, deal by deal (``engine.odds.at_table``).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from itertools import combinations

import numpy as np
import numpy.typing as npt

from engine.cards import Card
from engine.games.base import Game
from engine.games.hand_batches import in_batches, qualifying, ranker
from engine.games.hand_types import HandTypes
from engine.odds.deals import Unknowns
from engine.odds.deals import _table as combination_table  # the cached combinations
from engine.odds.tally import Answer, Method, Tally
from engine.state import HandState

__all__ = ["FAST_EVALUATIONS", "Showdown", "count", "sample_showdown", "showdown_of"]

FAST_EVALUATIONS = 12_000_000
"""Hand evaluations an exact count may take (about a second on a quiet machine)."""
CHUNK = 200_000
"""Deals scored in one batch."""
Scores = npt.NDArray[np.int64]
Shares = npt.NDArray[np.float64]
"""What each contender takes of a pot, deal by deal."""


@dataclass(frozen=True)
class Showdown:
    """A spot's showdown: who contends, their cards (fixed codes, then unseen), the board,
    the pot, what wins, and every seat's place in the result."""

    players: int
    contenders: tuple[int, ...]
    known: tuple[tuple[int, ...], ...]
    board: tuple[int, ...]
    unknowns: Unknowns
    """Places: the board first, then each contender."""
    pot: int
    types: HandTypes

    def deals(self) -> int:
        return self.unknowns.count()

    def evaluations(self) -> int:
        """Hand evaluations per deal."""
        per_hand = 1
        hole = self.types.hole_cards
        if hole is not None:
            cards = len(self.known[0]) + self.unknowns.sizes[1]
            board = len(self.board) + self.unknowns.sizes[0]
            per_hand = len(list(combinations(range(cards), hole)))
            if hole != 2 or len(self.board) != 5:  # else looked up (``_pair_table``)
                per_hand *= len(list(combinations(range(board), 5 - hole)))
        halves = 2 if self.types.split else 1
        return per_hand * halves * len(self.contenders)

    def _hands(self, places: list[Scores], rows: int) -> tuple[list[Scores], Scores]:
        board = _stack([self.board, places[0]], rows)
        return [_stack([known, places[1 + i]], rows)
                for i, known in enumerate(self.known)], board

    def _scores(self, places: list[Scores], rows: int, *,
                low: bool) -> Scores:
        hands, board = self._hands(places, rows)
        hole = self.types.hole_cards
        rank = ranker(self.types, low=low)
        pairs = _pair_table(self.board, rank) if hole == 2 and len(self.board) == 5 else None
        columns = []
        for cards in hands:
            if hole is None:
                columns.append(rank(np.concatenate([cards, board], axis=1)))
                continue
            if pairs is not None:
                # the board is known: each two hole cards' best hand is looked up
                columns.append(np.max([pairs[cards[:, a], cards[:, b]] for a, b in
                                       combinations(range(cards.shape[1]), 2)], axis=0))
                continue
            best = np.full(rows, np.iinfo(np.int64).min, dtype=np.int64)
            for mine in combinations(range(cards.shape[1]), hole):
                for shared in combinations(range(board.shape[1]), 5 - hole):
                    five = np.concatenate([cards[:, mine], board[:, shared]], axis=1)
                    best = np.maximum(best, rank(five))
            columns.append(best)
        return np.stack(columns, axis=1)

    def tally(self, places: list[Scores]) -> Tally:
        """The engine's measures (``share/<seat>``, ``scoop``, ``tie``, each named half) for
        these deals."""
        rows = len(places[0])
        parts: dict[str, Shares] = {}
        types = self.types
        high = self._scores(places, rows, low=False) if types.high else None
        lows = self._scores(places, rows, low=True) if types.low is not None else None
        qualify = qualifying(lows, types) if lows is not None else None
        if types.split:
            assert high is not None and lows is not None and qualify is not None
            split: npt.NDArray[np.bool_] = np.asarray(qualify.any(axis=1))
            half = self.pot / 2
            whole_w, whole_t = _share(high, np.ones_like(qualify), self.pot)
            high_w, high_t = _share(high, np.ones_like(qualify), self.pot - half)
            low_w, low_t = _share(lows, qualify, half)
            won = np.where(split[:, None], high_w + low_w, whole_w)
            tied = np.where(split[:, None], high_t | low_t, whole_t)
            parts["the high half"] = np.where(split[:, None], high_w, 0.0)
            parts["the low half"] = np.where(split[:, None], low_w, 0.0)
            part_amount: dict[str, float] = {"the high half": self.pot - half,
                                             "the low half": half}
        else:
            values = high if high is not None else lows
            assert values is not None
            eligible = qualify if high is None and qualify is not None else \
                np.ones(values.shape, dtype=bool)
            nobody: npt.NDArray[np.bool_] = ~np.asarray(eligible.any(axis=1))
            eligible = eligible | nobody[:, None]  # no low qualifies: the pot is shared
            won, tied = _share(values, eligible, self.pot)
            part_amount = {}
        return _tally(self.players, self.contenders, self.pot, won, tied, parts, part_amount)


def _tally(players: int, contenders: tuple[int, ...], pot: int, won: Shares,
           tied: npt.NDArray[np.bool_], parts: dict[str, Shares],
           part_amount: dict[str, float]) -> Tally:
    """The engine's measures summed straight from the chips won (no deal-by-measure table)."""
    n, rows = players, len(won)
    sums, squares = np.zeros((3 + len(parts), n)), np.zeros((3 + len(parts), n))
    for index, seat in enumerate(contenders):
        share = won[:, index] / pot
        scoop = np.count_nonzero(np.isclose(won[:, index], pot))
        ties = np.count_nonzero(tied[:, index])
        sums[:3, seat] = share.sum(), scoop, ties
        squares[:3, seat] = np.square(share).sum(), scoop, ties
        for row, (part, chips) in enumerate(parts.items(), start=3):
            mine = chips[:, index] / part_amount[part]
            sums[row, seat], squares[row, seat] = mine.sum(), np.square(mine).sum()
    names = [f"{what}/{s}" for what in ("share", "scoop", "tie", *parts) for s in range(n)]
    return Tally(tuple(names), rows, sums.ravel(), squares.ravel())


def _pair_table(board: tuple[int, ...], rank: Callable[[Scores], Scores]) -> Scores:
    """The best hand of every two hole cards with three of a known board of five, as a
    52x52 table (1,326 pairs, ten ways to take three from the board)."""
    a, b = np.triu_indices(52, k=1)
    best = np.full(len(a), np.iinfo(np.int64).min, dtype=np.int64)
    for shared in combinations(board, 3):
        five = np.stack([a, b, *(np.full(len(a), c) for c in shared)], axis=1)
        best = np.maximum(best, rank(five.astype(np.uint8)))
    table = np.full((52, 52), np.iinfo(np.int64).min, dtype=np.int64)
    table[a, b] = best
    table[b, a] = best
    return table


def _stack(parts: list[Scores | tuple[int, ...]], rows: int) -> Scores:
    blocks = []
    for part in parts:
        array = np.asarray(part, dtype=np.int64)
        if array.ndim == 1:
            array = np.broadcast_to(array, (rows, len(array)))
        blocks.append(array)
    return np.concatenate(blocks, axis=1).astype(np.uint8)


def _share(values: Scores, eligible: npt.NDArray[np.bool_],
           amount: float) -> tuple[Shares, npt.NDArray[np.bool_]]:
    """What each contender takes of ``amount`` and whether it shared it: the best value
    among the eligible wins, ties sharing it evenly."""
    masked = np.where(eligible, values, np.iinfo(np.int64).min)
    best = masked.max(axis=1, keepdims=True)
    top = (masked == best) & eligible
    winners = np.maximum(top.sum(axis=1, keepdims=True), 1)
    return np.where(top, amount / winners, 0.0), top & (winners > 1)


def showdown_of(state: HandState, *, open_choices: bool,
                where: Mapping[Card, int], known: Mapping[int, int],
                pool: list[int]) -> Showdown | None:
    """The plain showdown of a spot played to its end on a template deck (``state``), or
    ``None`` when the engine must play it: a choice to come, declarations, a game that
    shares its pots its own way (teams, two boards), side pots, or hands the batch evaluator
    does not score. ``where``: deck position of each card; ``known``: the typed code at each
    typed position; ``pool``: the codes nobody typed."""
    game = state.game
    types = game.hand_types(state.settings)
    plain_pots = isinstance(game, Game) and type(game).award_pot is Game.award_pot
    if open_choices or types.declare or not plain_pots:
        return None
    if len(state.boards) > 1 or state.settlement is None or not state.settlement.showdown:
        return None
    if not in_batches(types):
        return None
    pots = state.table.pots()
    if len(pots) != 1:
        return None
    contenders = tuple(s for s in pots[0].eligible if s not in state.mucked)
    board = state.boards[0] if state.boards else []
    fixed: list[tuple[int, ...]] = []
    unseen: list[int] = []
    for seat in contenders:
        cards = state.live_cards(seat)
        fixed.append(tuple(known[where[c]] for c in cards if where[c] in known))
        unseen.append(sum(1 for c in cards if where[c] not in known))
    board_fixed = tuple(known[where[c]] for c in board if where[c] in known)
    board_unseen = sum(1 for c in board if where[c] not in known)
    sizes = {len(k) + u + len(board_fixed) + board_unseen for k, u in zip(fixed, unseen,
                                                                           strict=True)}
    hole = {len(k) + u for k, u in zip(fixed, unseen, strict=True)}
    if types.hole_cards is None and not sizes <= {5, 6, 7}:
        return None
    if types.hole_cards is not None and (len(hole) != 1 or
                                         len(board_fixed) + board_unseen != 5):
        return None
    return Showdown(state.players, contenders, tuple(fixed), board_fixed,
                    Unknowns(np.array(sorted(pool), dtype=np.int64),
                             (board_unseen, *unseen)), pots[0].amount, types)


def count(showdown: Showdown) -> Answer:
    """Every deal counted, in batches."""
    started = time.perf_counter()
    total = showdown.deals()
    tally: Tally | None = None
    for start in range(0, total, CHUNK):
        chunk = showdown.tally(_enumerate(showdown.unknowns, start, min(total, start + CHUNK)))
        tally = chunk if tally is None else tally + _aligned(chunk, tally.names)
    assert tally is not None
    return tally.answer(exact=True, seconds=time.perf_counter() - started)


def sample_showdown(showdown: Showdown, *, rng: np.random.Generator, seconds: float,
           target: float) -> Answer:
    """Deals drawn at random in batches until every figure is within ``target`` (or the time
    is up)."""
    started = time.perf_counter()
    tally: Tally | None = None
    size = max(100, min(2_000, 200_000 // showdown.evaluations()))
    while True:
        chunk = showdown.tally(showdown.unknowns.sample(size, rng))
        tally = chunk if tally is None else _aligned(tally, chunk.names) + chunk
        widest = max(e.half_width for e in tally.estimates(exact=False).values())
        spent = time.perf_counter() - started
        if widest <= target or spent >= seconds:
            break
        size = min(50_000, size * 2)
    return Answer(Method.SAMPLED, tally.count, time.perf_counter() - started,
                  tally.estimates(exact=False))


def _enumerate(unknowns: Unknowns, start: int, stop: int) -> list[Scores]:
    """Deals ``start``..``stop`` as :meth:`Unknowns.enumerate` lists them, read straight from
    the table of combinations when one place alone takes unseen cards (a board to come)."""
    taking = [i for i, k in enumerate(unknowns.sizes) if k]
    if len(taking) != 1:
        return unknowns.enumerate(start, stop)
    place = taking[0]
    chosen = unknowns.pool[combination_table(len(unknowns.pool), unknowns.sizes[place])[start:stop]]
    return [chosen if i == place else np.empty((stop - start, 0), dtype=np.int64)
            for i in range(len(unknowns.sizes))]


def _aligned(tally: Tally, names: tuple[str, ...]) -> Tally:
    """``tally`` with the measures of ``names`` (the same set, as every chunk has)."""
    if tally.names == names:
        return tally
    index = {n: i for i, n in enumerate(tally.names)}
    return Tally(names, tally.count, np.array([tally.sums[index[n]] for n in names]),
                 np.array([tally.squares[index[n]] for n in names]))
