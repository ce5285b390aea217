"""The general computer player in the draw games: it keeps what the declared hand types say
can win (engine/bots/draw.py), and so beats a player who draws and bets at random, by more
than its 95% interval's half-width in chips won per hand (played until three standard
errors ahead, or to the end)."""

from __future__ import annotations

import random
import statistics

import pytest

from engine.bots import Bot, EquityBot, RandomBot
from engine.games import new_hand
from engine.state import ActionKind
from tests.support.scale import scaled

HANDS = scaled(300, least=200)
"""Heads-up hands per game at most, the seats swapped every hand (the quick loop too plays
up to 200: five-card draw's player, which reads a rival's draw and so pays off a random
player's pat hand less often, is convinced after 180)."""
FIRST_LOOK, CONVINCED = 30, 3.0
"""After this many hands, winnings this many standard errors above nothing end the test
early (the conformance suite's rule for every game's player)."""


def _won(game_id: str, seed: int) -> int:
    """The general player's chips won in one heads-up hand against the random one."""
    me = seed % 2
    state = new_hand(game_id, players=2, seed=seed)
    players: dict[int, Bot] = {me: EquityBot(trials=8), 1 - me: RandomBot()}
    rng = random.Random(seed)
    while not state.is_over:
        seat = state.to_act[0]
        state.apply(players[seat].choose(state, seat, rng))
    return state.payoffs[me]


@pytest.mark.parametrize("game_id", ["badugi", "deuce-to-seven-triple-draw", "five-card-draw"])
def test_the_general_player_beats_random_play_in_the_draw_games(game_id: str) -> None:
    won: list[int] = []
    for seed in range(HANDS):
        won.append(_won(game_id, seed))
        if len(won) >= FIRST_LOOK and \
                statistics.fmean(won) > CONVINCED * statistics.stdev(won) / len(won) ** 0.5:
            break
    mean = statistics.fmean(won)
    half = 1.96 * statistics.stdev(won) / len(won) ** 0.5
    assert mean - half > 0, f"{game_id}: {mean:+.2f} ± {half:.2f} chips a hand over {HANDS}"


def test_the_general_player_never_draws_at_random() -> None:
    """The same hand, drawn by two differently seeded choices, keeps the same cards."""
    state = new_hand("deuce-to-seven-triple-draw", players=2, seed=5)
    while True:
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        if legal[0].kind is ActionKind.DISCARD:
            break
        state.apply(next(a for a in legal if a.kind in (ActionKind.CALL, ActionKind.CHECK)))
    bot = EquityBot(trials=8)
    assert len({bot.choose(state, seat, random.Random(s)) for s in range(6)}) == 1
