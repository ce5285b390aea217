"""A small equity model for the Sophie's Pick drill, on the batch evaluator.

The model: one opponent whose surviving pair is two cards dealt at random
from the cards we cannot see; the board runs out at random; a tie counts half.
At the final pick (four board cards) the equity of keeping a pair is exact:
every river and every opponent pair. At the first pick (three board cards)
keeping two pairs is worth, on average over the turn, the better of the two
final-pick equities that turn would offer (we pick the better pair then),
with the opponent's pair sampled per turn and river from a seeded generator,
the same samples for every choice so that choices are compared fairly.

This module stands in for a full odds engine; its interface (pairs in,
equities out) is what the drill needs, so another calculator can replace it.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

import numpy as np
import numpy.typing as npt

from engine.cards import FULL_DECK, Card
from engine.fast import rank_high

Pair = tuple[Card, Card]
OPPONENT_SAMPLES = 60
"""Opponent pairs sampled per turn and river at the first pick."""


def _codes(cards: Sequence[Card]) -> list[int]:
    return [c.code for c in cards]


def _unseen(known: Sequence[Card]) -> npt.NDArray[np.int64]:
    seen = set(known)
    return np.array([c.code for c in FULL_DECK if c not in seen], dtype=np.int64)


def _scores(rows: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    return np.asarray(rank_high(rows.astype(np.uint8)), dtype=np.int64)


def _share(hero: npt.NDArray[np.int64], villain: npt.NDArray[np.int64]) -> float:
    """Wins plus half the ties, over all rows."""
    return float(((hero > villain) + 0.5 * (hero == villain)).mean())


def _opponent_pairs(turn: npt.NDArray[np.int64], river: npt.NDArray[np.int64], size: int,
                    rng: np.random.Generator) -> npt.NDArray[np.int64]:
    """Two distinct card indices per row, neither that row's turn nor river card."""
    pairs = rng.integers(0, size, (len(turn), 2))
    while True:
        bad = ((pairs[:, 0] == pairs[:, 1]) | (pairs == turn[:, None]).any(axis=1)
               | (pairs == river[:, None]).any(axis=1))
        if not bad.any():
            return pairs
        pairs[bad] = rng.integers(0, size, (int(bad.sum()), 2))


def final_pick_equities(pairs: Sequence[Pair], board: Sequence[Card],
                        dead: Sequence[Card] = ()) -> tuple[float, ...]:
    """Exact equity of keeping each pair with four board cards out.

    ``dead`` are cards we know are out of play (our sacrificed pair).
    """
    if len(board) != 4:
        raise ValueError("the final pick comes with four board cards")
    mine = [c for pair in pairs for c in pair]
    unseen = _unseen([*mine, *board, *dead])
    board_codes = np.array(_codes(board), dtype=np.int64)
    opponent = np.array(list(combinations(range(len(unseen)), 2)), dtype=np.int64)
    river_index = np.arange(len(unseen))
    grid_river = np.repeat(river_index, len(opponent))
    grid_pair = np.tile(opponent, (len(unseen), 1))
    valid = (grid_pair[:, 0] != grid_river) & (grid_pair[:, 1] != grid_river)
    grid_river, grid_pair = grid_river[valid], grid_pair[valid]
    villain_rows = np.column_stack([np.broadcast_to(board_codes, (len(grid_river), 4)),
                                    unseen[grid_river], unseen[grid_pair]])
    villain = _scores(villain_rows)
    equities = []
    for pair in pairs:
        hero_rows = np.column_stack([np.broadcast_to(board_codes, (len(unseen), 4)),
                                     unseen[:, None], np.broadcast_to(_codes(pair),
                                                                      (len(unseen), 2))])
        hero = _scores(hero_rows)[grid_river]
        equities.append(_share(hero, villain))
    return tuple(equities)


def first_pick_equities(pairs: Sequence[Pair], board: Sequence[Card], *,
                        rng: np.random.Generator,
                        samples: int = OPPONENT_SAMPLES) -> tuple[float, ...]:
    """Equity of sacrificing each of three pairs with the flop out.

    Entry ``i`` is the value of keeping the other two pairs and, on the turn,
    keeping whichever of them then has the better equity.
    """
    if len(pairs) != 3 or len(board) != 3:
        raise ValueError("the first pick is one of three pairs, with three board cards")
    mine = [c for pair in pairs for c in pair]
    unseen = _unseen([*mine, *board])
    size = len(unseen)
    board_codes = np.array(_codes(board), dtype=np.int64)
    turn, river = np.array([(t, r) for t in range(size) for r in range(size) if t != r],
                           dtype=np.int64).T
    runs = len(turn)
    villains = _opponent_pairs(np.repeat(turn, samples), np.repeat(river, samples), size, rng)
    run_of = np.repeat(np.arange(runs), samples)
    villain_rows = np.column_stack([np.broadcast_to(board_codes, (runs * samples, 3)),
                                    unseen[turn[run_of]], unseen[river[run_of]],
                                    unseen[villains]])
    villain = _scores(villain_rows)
    per_turn = []
    for pair in pairs:
        hero_rows = np.column_stack([np.broadcast_to(board_codes, (runs, 3)), unseen[turn],
                                     unseen[river], np.broadcast_to(_codes(pair), (runs, 2))])
        hero = _scores(hero_rows)[run_of]
        share = (hero > villain) + 0.5 * (hero == villain)
        per_turn.append(np.bincount(turn[run_of], weights=share, minlength=size)
                        / np.bincount(turn[run_of], minlength=size))
    values = []
    for sacrificed in range(3):
        kept = [per_turn[i] for i in range(3) if i != sacrificed]
        values.append(float(np.maximum(kept[0], kept[1]).mean()))
    return tuple(values)
