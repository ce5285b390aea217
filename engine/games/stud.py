"""Seven-card stud's names, for code and tests that speak of stud: the game itself is
declared in ``content/games/seven-card-stud.toml`` (razz and stud eight or better are
declarations of the same steps), its announcements' types are the general step kinds'.

>>> StudSettings().open_pair, StudSettings().showing_ties is ShowingTies.SUIT
(True, True)
"""

from __future__ import annotations

from engine.games import GAMES
from engine.games.kinds.general import ShortStock, ShowingTies

__all__ = ["STREETS", "ShortStock", "ShowingTies", "StudSettings"]

StudSettings = GAMES["seven-card-stud"].settings_type
"""Seven-card stud's announcements, as its declaration builds them."""

STREETS = ("3rd street", "4th street", "5th street", "6th street", "7th street")
