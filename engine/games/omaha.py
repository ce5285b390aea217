"""Omaha's names, for code and tests that speak of Omaha: the game itself is declared in
``content/games/omaha.toml`` (four cards down, a board of five, exactly two hole cards and
three from the board; the split pot and the betting are announcements).

``OmahaSettings`` is the class its declaration builds; for the type checker it is the
typed view below (a test holds the two to the same names).

>>> OmahaSettings().pot is Pot.HIGH
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.games import GAMES
from engine.games.base import Settings
from engine.games.kinds.general import BetChoice as Betting
from engine.games.kinds.general import Pot

__all__ = ["Betting", "OmahaSettings", "Pot"]

if TYPE_CHECKING:
    @dataclass(frozen=True)
    class OmahaSettings(Settings):
        """Omaha's announcements, as its declaration names them."""

        chips: int = 200
        small_blind: int = 1
        big_blind: int = 2
        pot: Pot = Pot.HIGH
        betting: Betting = Betting.USUAL
        ante: int = 0
        big_blind_ante: int = 0
        straddle: int = 0
        concede: bool = False
else:
    OmahaSettings = GAMES["omaha"].settings_type
