"""Sophie's Pick's and Double Sophie's names, for code and tests that speak of them: both
are declared in ``content/games/sophies-pick.toml`` (Double Sophie is its variant with two
boards), made of the step kinds in ``engine/games/kinds/pairs.py``.

>>> from engine.games import new_hand
>>> state = new_hand("sophies-pick", players=3, seed=1)
>>> state.street, state.to_act, len(state.legal_actions(0))
('Preflop', (0, 1, 2), 15)
"""

from __future__ import annotations

from engine.games import GAMES
from engine.games.kinds.pairs import (
    SophieFacts,
    board_shares,
    facts,
    live_pairs,
    locked_pairs,
    pair_text,
    pairings,
)

__all__ = ["DOUBLE", "GAME", "STREETS", "SophieFacts", "SophieSettings", "board_shares",
           "facts", "live_pairs", "locked_pairs", "pair_text", "pairings"]

STREETS = ("Preflop", "Flop", "Turn", "River")
"""The street names, as the narration and the guided hand use them."""

GAME = GAMES["sophies-pick"]
DOUBLE = GAMES["double-sophie"]
SophieSettings = GAME.settings_type
"""The announcements of both games, as their declaration builds them."""
