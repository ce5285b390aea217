"""Every computer player decides from its seat's view alone (engine/README.md): given a
stand-in for the hand that offers only the seat's view, its legal actions and the
public rules (game, settings, the step under way), it makes the same decision, so it
can read no hidden card, no other seat's secret choice and no game bookkeeping."""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine.bots import BOTS
from engine.games import GAMES, new_hand
from engine.state import HandState

_OPEN = frozenset({"legal_actions", "bet_range", "view", "settings", "game", "phase",
                   "players", "to_act", "is_over"})


class ViewOnly:
    """A hand that answers only what a seat may know; anything else is refused."""

    def __init__(self, state: HandState, seat: int) -> None:
        self._state = state
        self._seat = seat

    def __getattr__(self, name: str) -> Any:
        if name not in _OPEN:
            raise AssertionError(f"a computer player read state.{name}, beyond its view")
        value = getattr(self._state, name)
        if name in ("view", "legal_actions", "bet_range"):
            def own(seat: int) -> Any:
                assert seat == self._seat, f"a computer player asked for seat {seat}'s {name}"
                return value(seat)
            return own
        return value


@pytest.mark.parametrize("game_id", sorted(BOTS))
@pytest.mark.parametrize("seed", range(3))
def test_each_bot_decides_from_its_view_alone(game_id: str, seed: int) -> None:
    game = GAMES[game_id]
    players = max(game.min_players, min(4, game.max_players))
    state = new_hand(game_id, players=players, seed=seed)
    bot = BOTS[game_id]()
    rng = random.Random(seed)
    decisions = 0
    while not state.is_over:
        seat = state.to_act[0]
        draw = rng.getrandbits(32)
        action = bot.choose(state, seat, random.Random(draw))
        seen_only = bot.choose(ViewOnly(state, seat), seat, random.Random(draw))  # type: ignore[arg-type]
        assert seen_only == action, f"{game_id}: seat {seat} decided differently"
        state.apply(action)
        decisions += 1
    assert decisions > 3
