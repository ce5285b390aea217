"""A hand of any game played at random to a given step, for the link and session tests."""

from __future__ import annotations

import random

from engine.bots import RandomBot
from engine.games import GAMES, new_hand


def random_hand(game_id: str, seed: int, stop: int | None = None):
    game = GAMES[game_id]
    players = random.Random(seed).choice(game.player_counts(game.settings_type()))
    state = new_hand(game_id, players=players, seed=seed)
    rng = random.Random(seed)
    bot = RandomBot()
    while not state.is_over and (stop is None or len(state.actions) < stop):
        state.apply(bot.choose(state, state.to_act[0], rng))
    return state
