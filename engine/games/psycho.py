"""Psycho's names, for code and tests that speak of Psycho: the game itself is declared in
``content/games/psycho.toml`` (five cards down, the draw, the expose, two more streets of
stud and declarations), made of the step kinds in ``engine/games/kinds/psycho.py``.

``PsychoSettings`` is the class its declaration builds; for the type checker it is the
typed view below (a test holds the two to the same names).

>>> from engine.games import new_hand
>>> state = new_hand("psycho", players=4, seed=3)
>>> state.street, state.to_act, len(state.legal_actions(0))
('Draw', (0,), 32)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.games import GAMES
from engine.games.base import Settings
from engine.games.kinds.psycho import (
    DeclarationOrder,
    DrawLimit,
    PsychoFacts,
    PsychoPublic,
    draw_allowed,
    facts,
)
from engine.hands import LowRanking

__all__ = ["STREETS", "DeclarationOrder", "DrawLimit", "PsychoFacts", "PsychoPublic",
           "PsychoSettings", "draw_allowed", "facts"]

STREETS = ("Deal", "Draw", "Expose", "Sixth card", "Seventh card", "Declarations")

if TYPE_CHECKING:
    @dataclass(frozen=True)
    class PsychoSettings(Settings):
        """Psycho's announcements, as its declaration names them."""

        chips: int = 200
        ante: int = 2
        small_bet: int = 5
        big_bet: int = 10
        draw_limit: DrawLimit = DrawLimit.NONE
        low_ranking: LowRanking = LowRanking.ACE_TO_FIVE
        declarations: DeclarationOrder = DeclarationOrder.AT_ONCE
else:
    PsychoSettings = GAMES["psycho"].settings_type
