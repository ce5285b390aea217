"""Real hands of any registered game, dealt and played from a question's seed: what the
drills every game gets (the best five cards, what is legal here) are asked about.

Nothing here names a game. The announcements come from the game's own schema (its
defaults, or an announcement that changes what wins, such as Omaha's eight or better
or Psycho's deuce-to-seven low), the players from the counts the game deals for, and
every decision from the hand's own legal actions.

>>> import random
>>> state = play_out(deal("razz", random.Random(4)), random.Random(4))
>>> state.is_over and len(state.in_hand()) == state.players
True
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable

from engine.games import GAMES, Game, Settings, SettingsError, new_hand
from engine.state import Action, ActionKind, HandState

__all__ = ["MOST_PLAYERS", "announced", "betting_settings", "deal", "hand_type_settings",
           "play_out", "policy_action"]

MOST_PLAYERS = 6
"""Questions deal at most this many players: enough for every spot, few enough to read."""
_PASSIVE = (ActionKind.CHECK, ActionKind.CALL, ActionKind.BRING_IN, ActionKind.SHOW)

Policy = Callable[[HandState, int, random.Random], Action]


def announced(game: Game, measure: Callable[[Settings], object]) -> tuple[Settings, ...]:
    """The game's default announcements, then one for each announced option that changes
    ``measure`` (each with the others at their defaults)."""
    default = game.settings_type()
    found = [default]
    seen = [measure(default)]
    for info in default.schema():
        for option in info.options:
            try:
                changed = dataclasses.replace(default, **{info.name: option.value})
                changed.check()
            except (SettingsError, TypeError, ValueError):
                continue
            value = measure(changed)
            if value not in seen:
                seen.append(value)
                found.append(changed)
    return tuple(found)


def hand_type_settings(game: Game) -> tuple[Settings, ...]:
    """The defaults, then each announcement that changes what wins the pot (Omaha's eight
    or better, Psycho's deuce-to-seven low)."""
    return announced(game, game.hand_types)


def betting_settings(game: Game) -> tuple[Settings, ...]:
    """The defaults, then each announcement that changes the betting (fixed, pot or no
    limit)."""
    return announced(game, game.structure)


def deal(game_id: str, rng: random.Random, *, settings: Settings | None = None) -> HandState:
    """A new hand of the game for a few players, shuffled from ``rng``."""
    game = GAMES[game_id]
    chosen = settings if settings is not None else game.settings_type()
    counts = [n for n in game.player_counts(chosen) if n <= MOST_PLAYERS] \
        or [min(game.player_counts(chosen))]
    return new_hand(game_id, players=rng.choice(counts), seed=rng.randrange(2**32),
                    settings=chosen)


def passive_action(state: HandState, seat: int, rng: random.Random) -> Action:
    """Check, call, bring in or show when the game offers it; any other choice of the
    game's own (a turn-up, a partner, pairs, a draw, an expose, a declaration) at random."""
    legal = state.legal_actions(seat)
    calm = [a for a in legal if a.kind in _PASSIVE]
    return calm[0] if calm else rng.choice([a for a in legal if a.kind is not ActionKind.FOLD]
                                           or legal)


def policy_action(state: HandState, seat: int, rng: random.Random) -> Action:
    """Play as a loose table does: mostly check or call, sometimes bet or raise, rarely fold."""
    legal = state.legal_actions(seat)
    if not any(a.kind.is_betting for a in legal):
        return passive_action(state, seat, rng)
    roll = rng.random()
    aggressive = [a for a in legal if a.kind in (ActionKind.BET, ActionKind.RAISE,
                                                 ActionKind.COMPLETE)]
    folds = [a for a in legal if a.kind is ActionKind.FOLD]
    if folds and roll < 0.12:
        return folds[0]
    if aggressive and roll > 0.65:
        return min(aggressive, key=lambda a: a.amount or 0) if rng.random() < 0.85 \
            else rng.choice(aggressive)
    return passive_action(state, seat, rng)


def play_out(state: HandState, rng: random.Random, *, policy: Policy = passive_action,
             most: int = 400) -> HandState:
    """Play ``state`` to its end (or ``most`` decisions) by ``policy``; returns it."""
    for _ in range(most):
        if state.is_over:
            break
        seat = state.to_act[0]
        state.apply(policy(state, seat, rng))
    return state
