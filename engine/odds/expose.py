"""Psycho's expose: how the table reads three up cards.

A hand showing three cards, the other four still unknown, can be a high hand or
a low one. The measure of an expose is how often a seven-card hand showing
those three (the other four dealt at random) is stronger for low than for high,
the way a player declares in the odds model: a hand planned for low hides best
behind the three that read low least often, and a high hand behind those that
read low most.

>>> from engine.cards import parse_cards as p
>>> reads = looks_low([tuple(p("2c 3d 4h")), tuple(p("Kc Kd Qh"))],
...                   LowRanking.ACE_TO_FIVE, np.random.default_rng(0))
>>> reads[0] > 0.5 > reads[1]
True
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from engine.cards import FULL_DECK, Card
from engine.hands import LowRanking
from engine.odds.psycho import scores, stronger_way

__all__ = ["READS", "SAME_READ", "looks_low"]

READS = 2_000
"""Random completions per choice of three: each read within about two points."""

SAME_READ = 0.02
"""Two reads closer than this are the same within the measure's sampling: neither three
hides a hand better than the other."""


def looks_low(threes: Sequence[Sequence[Card]], ranking: LowRanking,
              rng: np.random.Generator) -> list[float]:
    """For each set of three up cards, the share of random seven-card hands showing them
    that are stronger for low than for high."""
    reads = []
    for three in threes:
        shown = {c.code for c in three}
        pool = np.array([c.code for c in FULL_DECK if c.code not in shown], dtype=np.int64)
        rest = rng.permuted(np.tile(pool, (READS, 1)), axis=1)[:, :4]
        hands = np.concatenate([np.tile(np.array(sorted(shown), dtype=np.int64),
                                        (READS, 1)), rest], axis=1)
        high, low = scores(hands, ranking)
        reads.append(float((~stronger_way(high, low, ranking)).mean()))
    return reads
