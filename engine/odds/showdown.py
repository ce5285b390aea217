"""A high-hand showdown with unseen cards: seven-card stud, hold'em, a surviving pair.

Each player has some known cards and still gets a number of unseen ones; a
board (shared cards) may be partly known. Every player's hand is the best
five of their own cards and the board. ``ShowdownQuestion`` tallies, per
player, the equity (a win counts 1, a k-way tie 1/k), the chance of winning
alone and the chance of tying for the best hand.

>>> import numpy as np
>>> from engine.cards import parse_cards
>>> from engine.odds.run import solve
>>> spot = ShowdownQuestion.build(hands=[parse_cards("Ah Ad"), parse_cards("Kc Kd")],
...                               need=[0, 0], board=parse_cards("2c 7d 9h Js"), board_need=1)
>>> answer = solve(spot, rng=np.random.default_rng(1))
>>> answer.exact, answer.deals, round(answer["equity/1"].value, 4)
(True, 44, 0.0455)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from engine.cards import Card
from engine.fast import rank_high
from engine.odds.deals import Unknowns, codes, stack, unseen
from engine.odds.run import Work
from engine.odds.tally import Tally

__all__ = ["ShowdownQuestion", "shares"]


def shares(scores: npt.NDArray[np.integer]) -> tuple[npt.NDArray[np.float64], ...]:
    """Per deal and player: (pot share, won alone, tied for best) from ``(deals, players)``
    scores where greater is better. A score of -1 marks a player out of the contest."""
    best = scores.max(axis=1, keepdims=True)
    top = scores == best
    winners = top.sum(axis=1, keepdims=True)
    share = np.where(top, 1.0 / winners, 0.0)
    alone = (top & (winners == 1)).astype(np.float64)
    tied = (top & (winners > 1)).astype(np.float64)
    return share, alone, tied


@dataclass(frozen=True)
class ShowdownQuestion:
    """Known card codes per player, unseen cards each still gets, and the board."""

    hands: tuple[tuple[int, ...], ...]
    need: tuple[int, ...]
    board: tuple[int, ...] = ()
    board_need: int = 0
    dead: tuple[int, ...] = ()

    @staticmethod
    def build(*, hands: Sequence[Sequence[Card]], need: Sequence[int],
              board: Sequence[Card] = (), board_need: int = 0,
              dead: Sequence[Card] = ()) -> ShowdownQuestion:
        return ShowdownQuestion(tuple(tuple(codes(h)) for h in hands), tuple(need),
                                tuple(codes(board)), board_need, tuple(codes(dead)))

    def __post_init__(self) -> None:
        if len(self.hands) != len(self.need) or len(self.hands) < 2:
            raise ValueError("a showdown needs two or more players, each with a card count")
        sizes = {len(h) + k + len(self.board) + self.board_need
                 for h, k in zip(self.hands, self.need, strict=True)}
        if len(sizes) != 1 or not sizes <= {5, 6, 7}:
            raise ValueError(f"every player must end with the same 5 to 7 cards, not {sizes}")

    @property
    def players(self) -> int:
        return len(self.hands)

    @property
    def measures(self) -> tuple[str, ...]:
        return tuple(f"{what}/{i}" for what in ("equity", "win", "tie")
                     for i in range(self.players))

    def unknowns(self) -> Unknowns:
        known = [c for h in self.hands for c in h] + list(self.board) + list(self.dead)
        pool = unseen(Card.from_code(c) for c in known)
        return Unknowns(pool, (self.board_need, *self.need))

    def deals(self) -> int | None:
        return self.unknowns().count()

    def cost(self) -> int:
        return self.players

    def scores(self, work: Work) -> npt.NDArray[np.int32]:
        """``(deals, players)`` high scores for the chunk's deals."""
        places = self.unknowns().deal(work.start, work.stop, work.seed)
        rows = work.size
        board = stack([self.board, places[0]], rows)
        hands = np.stack([stack([known, places[1 + i], board], rows)
                          for i, known in enumerate(self.hands)], axis=1)
        return rank_high(hands.astype(np.uint8))

    def tally(self, work: Work) -> Tally:
        share, alone, tied = shares(self.scores(work))
        return Tally.of(self.measures, np.concatenate([share, alone, tied], axis=1))
