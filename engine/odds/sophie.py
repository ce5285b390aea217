"""Sophie's Pick and Double Sophie: which pairs to lock, and which to keep.

The model, stated on the page:

- every opponent holds six random unseen cards and locks them as the
  computer players do (``engine.bots.sophies_pick.lock_score``: the strongest
  hold'em starting pairs, ties broken at random);
- every later sacrifice, ours and theirs, keeps the pairs that are best on
  the board at that moment: at the flop the pair whose five cards (pair and
  flop) score lowest is sacrificed, at the turn the better of the last two on
  six cards is kept; ties go to the stronger starting pair. With two boards a
  pair's worth is the sum of its scores on both;
- nobody folds: everyone still in shows down, and each board's half of the
  pot goes to its best hand (ties share).

A question lists our *options*: the sets of pairs we could keep after the
decision at hand (the 15 pairings before the flop, the three ways to keep
two pairs at the flop, the two single pairs at the turn). Each option's
equity is the share of the pot it wins on average; with two boards, also each
board's share and the chance of scooping (winning both boards outright).

>>> import numpy as np
>>> from engine.cards import parse_cards as p
>>> from engine.odds.run import solve
>>> question = turn_question(p("Ah Kh Qc Qd"), sacrificed=p("7s 2d"),
...                          boards=[p("Qh 7h 2c 3s")], opponents=1)
>>> answer = solve(question, rng=np.random.default_rng(5))
>>> answer["equity/1"].value > answer["equity/0"].value   # the set of queens beats the draw
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

import numpy as np
import numpy.typing as npt

from engine.bots.sophies_pick import starting_strength
from engine.cards import FULL_DECK, Card
from engine.fast import rank_high, read_only
from engine.games.sophies_pick import pairings
from engine.odds.deals import Codes, Unknowns, codes, unseen
from engine.odds.inputs import OddsInputError, check_count, check_distinct
from engine.odds.run import Work
from engine.odds.showdown import shares
from engine.odds.tally import Tally

__all__ = ["SophieQuestion", "flop_question", "lock", "lock_question", "survivors",
           "turn_question"]

_WAYS = read_only(np.array([[i for pair in way for i in pair] for way in pairings(range(6))],
                           dtype=np.int64).reshape(15, 3, 2))
"""The 15 pairings of six positions, as (pairing, pair, card) positions."""
_LOCK_WEIGHTS = read_only(np.array([1.0, 0.5, 0.25]))


@cache
def _strength() -> npt.NDArray[np.float64]:
    """``starting_strength`` of every two cards, by card code (52 x 52)."""
    table = np.zeros((52, 52))
    for a in FULL_DECK:
        for b in FULL_DECK:
            if a != b:
                table[a.code, b.code] = starting_strength((a, b))
    return read_only(table)


def lock(holes: Codes, rng: np.random.Generator) -> Codes:
    """The computer players' lock for each six-card hole: ``(..., 6)`` codes in,
    ``(..., 3, 2)`` pairs out (ties between equal pairings broken at random)."""
    pairs = holes[..., _WAYS]
    strengths = -np.sort(-_strength()[pairs[..., 0], pairs[..., 1]], axis=-1)
    worth = strengths @ _LOCK_WEIGHTS
    # Worths are multiples of 1/8: scaled to integers, a random low part breaks ties only.
    keys = np.rint(worth * 8).astype(np.int64) * 4096 + rng.integers(0, 4096, worth.shape)
    chosen = keys.argmax(axis=-1)
    return np.take_along_axis(pairs, chosen[..., None, None, None], axis=-3)[..., 0, :, :]


def _keys(pairs: Codes, boards: Codes, cards: int) -> npt.NDArray[np.int64]:
    """How good each pair is on the first ``cards`` of every board, for sacrificing.

    ``pairs``: ``(T, m, q, 2)``; ``boards``: ``(T, B, 5)``. The sum of the
    pair's high scores over the boards, then its starting strength for ties.
    """
    total = np.zeros(pairs.shape[:-1], dtype=np.int64)
    for b in range(boards.shape[1]):
        board = np.broadcast_to(boards[:, None, None, b, :cards],
                                (*pairs.shape[:-1], cards))
        total += rank_high(np.concatenate([pairs, board], axis=-1).astype(np.uint8))
    tie = np.rint(2 * _strength()[pairs[..., 0], pairs[..., 1]]).astype(np.int64)
    return total * 64 + tie


def _survivor(flop: npt.NDArray[np.int64] | None,
              turn: npt.NDArray[np.int64] | None) -> npt.NDArray[np.int64]:
    """Which of the ``q`` live pairs survives, from their ``(T, m, q)`` keys on the flop
    (``q == 3``: the lowest is sacrificed) and on the turn (the highest left is kept)."""
    if turn is None:
        raise ValueError("a pick needs the pairs' worth on the turn")
    alive = np.ones(turn.shape, dtype=bool)
    if flop is not None:
        np.put_along_axis(alive, flop.argmin(axis=2)[..., None], False, axis=2)
    kept: npt.NDArray[np.int64] = np.where(alive, turn, np.iinfo(np.int64).min).argmax(axis=2)
    return kept


def survivors(pairs: Codes, boards: Codes) -> Codes:
    """The surviving pair once the remaining sacrifices are made by the board rule.

    ``pairs``: ``(T, m, q, 2)`` with ``q`` live pairs (3 before the flop pick,
    2 before the turn pick, 1 when done); ``boards``: ``(T, B, 5)`` full boards.
    Returns ``(T, m, 2)``.
    """
    live = pairs.shape[2]
    if live == 1:
        return pairs[:, :, 0]
    flop = _keys(pairs, boards, 3) if live == 3 else None
    keep = _survivor(flop, _keys(pairs, boards, 4))
    return np.take_along_axis(pairs, keep[..., None, None], axis=2)[:, :, 0]


def river_scores(pairs: Codes, boards: Codes) -> npt.NDArray[np.int64]:
    """``(T, m, 2)`` surviving pairs on ``(T, B, 5)`` boards: ``(T, m, B)`` high scores."""
    out = np.empty((*pairs.shape[:2], boards.shape[1]), dtype=np.int64)
    for b in range(boards.shape[1]):
        board = np.broadcast_to(boards[:, None, b], (*pairs.shape[:2], 5))
        out[..., b] = rank_high(np.concatenate([pairs, board], axis=-1).astype(np.uint8))
    return out


@dataclass(frozen=True)
class SophieQuestion:
    """Our options (each a tuple of pairs of card codes), our six hole cards, the
    boards so far (one or two, each 0, 3 or 4 cards) and the number of opponents."""

    options: tuple[tuple[tuple[int, int], ...], ...]
    hole: tuple[int, ...]
    boards: tuple[tuple[int, ...], ...]
    opponents: int

    @property
    def double(self) -> bool:
        return len(self.boards) == 2

    @property
    def measures(self) -> tuple[str, ...]:
        names = [f"equity/{o}" for o in range(len(self.options))]
        if self.double:
            for what in ("board1", "board2", "scoop"):
                names += [f"{what}/{o}" for o in range(len(self.options))]
        return tuple(names)

    def unknowns(self) -> Unknowns:
        known = [*self.hole, *(c for b in self.boards for c in b)]
        pool = unseen(Card.from_code(c) for c in known)
        board_need = [5 - len(b) for b in self.boards]
        return Unknowns(pool, (*board_need, *([6] * self.opponents)))

    def deals(self) -> int | None:
        return None

    def cost(self) -> int:
        """Per board: each distinct pair of ours once per street still to come, and each
        rival's three pairs on the flop and turn plus its survivor on the river."""
        live = len(self.options[0])
        distinct = len({pair for option in self.options for pair in option})
        streets = 1 + (live >= 2) + (live == 3)
        return len(self.boards) * (distinct * streets + 7 * self.opponents)

    def _mine(self, boards: Codes) -> npt.NDArray[np.int64]:
        """``(T, options, B)`` river scores of each option's surviving pair.

        Options share pairs (each of the 15 pairs of six cards is in three
        pairings), so every distinct pair is scored once per street and board.
        """
        distinct = sorted({pair for option in self.options for pair in option})
        ids = np.array([[distinct.index(pair) for pair in option] for option in self.options])
        pairs = np.broadcast_to(np.array(distinct, dtype=np.int64),
                                (len(boards), len(distinct), 2))[:, None]
        live = ids.shape[1]
        if live == 1:
            chosen = np.broadcast_to(ids[:, 0], (len(boards), len(ids)))
        else:
            flop = _keys(pairs, boards, 3)[:, 0][:, ids] if live == 3 else None
            keep = _survivor(flop, _keys(pairs, boards, 4)[:, 0][:, ids])
            chosen = ids[np.arange(len(ids)), keep]
        scores = river_scores(pairs[:, 0], boards)
        return np.take_along_axis(scores, chosen[..., None], axis=1)

    def tally(self, work: Work) -> Tally:
        assert work.seed is not None
        rng = np.random.default_rng(work.seed)
        places = self.unknowns().sample(work.size, rng)
        count = len(self.boards)
        boards = np.stack([np.concatenate([np.broadcast_to(np.array(b, dtype=np.int64),
                                                           (work.size, len(b))), places[i]],
                                          axis=1) for i, b in enumerate(self.boards)], axis=1)
        rivals = np.stack(places[count:], axis=1) if self.opponents else \
            np.empty((work.size, 0, 6), dtype=np.int64)
        theirs = river_scores(survivors(lock(rivals, rng), boards), boards)
        mine = self._mine(boards)
        columns: list[list[npt.NDArray[np.float64]]] = [[] for _ in range(4)]
        for o in range(len(self.options)):
            per_board = []
            for b in range(count):
                scores = np.concatenate([mine[:, o, b, None], theirs[:, :, b]], axis=1)
                share, alone, _ = shares(scores)
                per_board.append((share[:, 0], alone[:, 0]))
            columns[0].append(np.mean([s for s, _ in per_board], axis=0))
            if self.double:
                columns[1].append(per_board[0][0])
                columns[2].append(per_board[1][0])
                columns[3].append(per_board[0][1] * per_board[1][1])
        rows = np.stack([c for group in columns for c in group], axis=1)
        return Tally.of(self.measures, rows)


def _opponents(opponents: int, boards: int) -> None:
    if not 1 <= opponents <= 6:
        raise OddsInputError(f"Sophie's Pick seats 2 to 7 players: 1 to 6 opponents, not "
                             f"{opponents}")
    if boards not in (1, 2):
        raise OddsInputError("Sophie's Pick has one board; Double Sophie has two")


def _board_codes(boards: Sequence[Sequence[Card]], size: int,
                 street: str) -> tuple[tuple[int, ...], ...]:
    for i, board in enumerate(boards):
        name = "the board" if len(boards) == 1 else f"board {i + 1}"
        check_count(name, board, (size,), f"the {street} shows {size} board cards")
    return tuple(tuple(codes(b)) for b in boards)


def _pair_codes(pairs: Sequence[Sequence[Card]]) -> tuple[tuple[int, int], ...]:
    return tuple((a.code, b.code) for a, b in pairs)


def _board_names(boards: Sequence[Sequence[Card]]) -> list[tuple[str, tuple[Card, ...]]]:
    if len(boards) == 1:
        return [("the board", tuple(boards[0]))]
    return [(f"board {i + 1}", tuple(b)) for i, b in enumerate(boards)]


def lock_question(hole: Sequence[Card], *, opponents: int, boards: int = 1) -> SophieQuestion:
    """Before the flop: all 15 ways to lock six hole cards into three pairs."""
    _opponents(opponents, boards)
    check_count("your hole cards", hole, (6,), "Sophie's Pick deals six hole cards")
    check_distinct([("your hole cards", tuple(hole))])
    ordered = sorted(hole, reverse=True)
    options = tuple(_pair_codes(way) for way in pairings(ordered))
    return SophieQuestion(options, tuple(codes(hole)), ((),) * boards, opponents)


def _split(cards: Sequence[Card], count: int, what: str) -> list[tuple[Card, Card]]:
    check_count(what, cards, (2 * count,), f"give {count} pairs, two cards each, in pair order")
    return [(cards[i], cards[i + 1]) for i in range(0, len(cards), 2)]


def flop_question(locked: Sequence[Card], *, boards: Sequence[Sequence[Card]],
                  opponents: int) -> SophieQuestion:
    """At the flop: which pair to sacrifice (``locked`` is three pairs, a1 a2 b1 b2 c1 c2)."""
    _opponents(opponents, len(boards))
    pairs = _split(locked, 3, "your locked pairs")
    check_distinct([("your pairs", tuple(locked)), *_board_names(boards)])
    options = tuple(_pair_codes([p for j, p in enumerate(pairs) if j != i]) for i in range(3))
    return SophieQuestion(options, tuple(codes(locked)), _board_codes(boards, 3, "flop"),
                          opponents)


def turn_question(live: Sequence[Card], *, sacrificed: Sequence[Card],
                  boards: Sequence[Sequence[Card]], opponents: int) -> SophieQuestion:
    """At the turn: which of the two live pairs to keep (``sacrificed``: the dead pair)."""
    _opponents(opponents, len(boards))
    pairs = _split(live, 2, "your live pairs")
    check_count("your sacrificed pair", sacrificed, (2,), "the flop pick sacrificed one pair")
    check_distinct([("your pairs", tuple(live)), ("your sacrificed pair", tuple(sacrificed)),
                    *_board_names(boards)])
    options = tuple(_pair_codes([p]) for p in pairs)
    return SophieQuestion(options, tuple(codes([*live, *sacrificed])),
                          _board_codes(boards, 4, "turn"), opponents)
