"""Computer players: one interface for every game, and each game's usual player.

A bot is anything with ``choose(state, seat, rng) -> Action`` that returns
one of ``state.legal_actions(seat)`` (or a bet or raise whose amount lies in
``state.bet_range(seat)``). Bots look at the hand only through
``state.view(seat)`` (what that seat may see), and draw every random number
from the ``rng`` they are given, so a seeded game replays identically.

A bot also says why: ``explain(state, seat, action) -> str | None``, called
with the state *before* the action is applied, gives a short phrase ("the
J♠ matches its suit") built only from what every seat can see (see
``engine/bots/reasons.py``), so it never names a hidden card or gives away a
secret choice before the reveal.

``BOTS`` maps each strategy a declaration may name (its ``strategy`` key) to a
factory for its computer player: a house game's own, an optional extra; every other game
gets :class:`EquityBot`, the general player that judges
its hand by its share of the pot against the hands the table's actions suggest,
from the game's declaration alone. Every player bets by one policy
(``engine/bots/policy.py``): value bets, measured bluffs, pot odds, and never a
fold when checking is free. Use :func:`play_out` to let bots finish a hand.

>>> import random
>>> from engine.games import new_hand
>>> state = new_hand("seven-card-stud", players=3, seed=11)
>>> play_out(state, {s: bot_for(state.game.id) for s in range(3)}, random.Random(2))
>>> state.is_over, sum(state.payoffs)
(True, 0)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from types import MappingProxyType

from engine.bots.base import Bot, RandomBot
from engine.bots.equity import EquityBot, equity
from engine.bots.pick_a_partner import PartnerBot
from engine.bots.psycho import PsychoBot
from engine.bots.sophies_pick import SophieBot
from engine.games import GAMES
from engine.games.declared import DeclaredGame
from engine.state import HandState

__all__ = ["BOTS", "Bot", "EquityBot", "PartnerBot", "PsychoBot", "RandomBot", "SophieBot",
           "bot_for", "equity", "play_out"]


BOTS: Mapping[str, Callable[[], Bot]] = MappingProxyType({
    "general": EquityBot, "partner": PartnerBot, "sophie": SophieBot, "psycho": PsychoBot,
})
"""The computer player of each strategy a declaration may name (``STRATEGIES``)."""


def bot_for(game_id: str) -> Bot:
    """A fresh computer player for this game: the one its declaration names, or the
    general one (a host's own game always plays with the general one)."""
    game = GAMES.get(game_id)
    return BOTS[game.declaration.strategy if isinstance(game, DeclaredGame) else "general"]()


def play_out(state: HandState, bots: Mapping[int, Bot], rng: random.Random, *,
             stop_at: int | None = None) -> None:
    """Let the bots act until the hand ends or ``stop_at``'s decision is awaited."""
    while not state.is_over:
        waiting = state.to_act
        if stop_at is not None and stop_at in waiting:
            return
        seat = waiting[0]
        state.apply(bots[seat].choose(state, seat, rng))
