"""Badugi and five-card draw, declared as data alone, against pokerkit step by step
(``tests.support.oracle_draw``; deuce-to-seven triple draw is a row of the oracle harness,
``tests.support.oracle``)."""

from __future__ import annotations

from collections import Counter

import pytest

from engine.games import GAMES
from engine.games.declared import DeclaredGame
from tests.support.oracle_draw import run_hands
from tests.support.scale import scaled

HANDS = scaled(600)
"""Random hands for each game, within a game's budget of 10 CPU-seconds beside its
conformance tests (deep mode plays ten times as many)."""
DRAW_GAMES = ("badugi", "five-card-draw", "deuce-to-seven-single-draw", "ace-to-five-triple-draw")
"""The shipped draw games (content/games/) checked here, as the site deals them."""


def test_the_draw_games_are_declared_games() -> None:
    """Each from its shipped data file alone."""
    assert all(isinstance(GAMES[game_id], DeclaredGame) for game_id in DRAW_GAMES)


@pytest.mark.parametrize("game_id", DRAW_GAMES)
def test_the_draw_games_play_as_pokerkit_does(game_id: str) -> None:
    totals: Counter[str] = run_hands(game_id, range(HANDS))
    assert totals["hands"] == HANDS
    assert totals["showdowns"] > HANDS // 10 and totals["draws"] > HANDS, totals
