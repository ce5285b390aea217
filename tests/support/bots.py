"""A computer player of each game, at the smallest simulations the tests need."""

from __future__ import annotations

import dataclasses

from engine.bots import Bot, bot_for


def quick_bot(game_id: str, trials: int = 6) -> Bot:
    """The game's computer player (its own or the general one) with small simulations, to
    keep the suite quick."""
    bot = bot_for(game_id)
    if dataclasses.is_dataclass(bot) and any(f.name == "trials"
                                             for f in dataclasses.fields(bot)):
        return dataclasses.replace(bot, trials=trials)  # type: ignore[type-var]
    return bot
