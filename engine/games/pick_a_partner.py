"""Pick a Partner's names, for code and tests that speak of it: the game itself is
declared in ``content/games/pick-a-partner.toml`` (five cards down, four rolls, partners
chosen after the first, a betting round after each roll), made of the step kinds in
``engine/games/kinds/partner.py``.

>>> from engine.games import new_hand
>>> state = new_hand("pick-a-partner", players=4, seed=3)
>>> state.street, state.to_act
('First roll', (0, 1, 2, 3))
"""

from __future__ import annotations

from engine.games import GAMES
from engine.games.kinds.partner import FoldedCards
from engine.games.pick_a_partner_steps import UpCardTies

__all__ = ["GAME", "FoldedCards", "PartnerSettings", "UpCardTies"]

GAME = GAMES["pick-a-partner"]
PartnerSettings = GAME.settings_type
"""Pick a Partner's announcements, as its declaration builds them."""
