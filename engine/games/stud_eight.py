"""Seven-card stud eight or better: seven-card stud with the pot split high and low.

Dealt and bet exactly as seven-card stud (the lowest up card brings in, the
best showing hand acts first, the open pair as announced). At the showdown
each player's seven cards play both ways: the best five-card high hand takes
half the pot and the best ace-to-five low of five unpaired cards, none above an
eight, the other half; a player may win both. Nobody declares. Without a
qualifying low the high hand takes the whole pot; the high half takes an odd
chip.

>>> from engine.games import new_hand
>>> new_hand("seven-card-stud-eight", players=3, seed=1).game.wins.describe()
'high-low split, eight or better for low'
"""

from __future__ import annotations

from engine.games.hand_types import HandTypes
from engine.games.stud import SevenCardStud
from engine.hands import LowRanking


class SevenCardStudEight(SevenCardStud):
    """Seven-card stud's declaration with a qualified low half."""

    __slots__ = ()

    id = "seven-card-stud-eight"
    name = "Seven-card stud eight or better"
    wins = HandTypes(low=LowRanking.ACE_TO_FIVE, qualifier=8)


GAME = SevenCardStudEight()
