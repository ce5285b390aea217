"""The computer players' bench plays whole duplicate matches against each opponent, the
frozen previous player included, and its calling station never folds nor raises."""

from __future__ import annotations

import random

import pytest

from bench.bots import OPPONENTS, CallingStation, opponent, play_match
from engine.bots import bot_for
from engine.games import new_hand
from engine.state import ActionKind


@pytest.mark.parametrize("against", OPPONENTS)
def test_a_match_plays_every_deal_with_ours_in_each_seat(against: str) -> None:
    match = play_match("seven-card-stud", against, 4)
    assert match.players == 2 and len(match.won) == 4 and match.decisions
    assert match.half_width > 0 or len(set(match.won)) == 1


def test_the_previous_player_is_a_player_of_the_game() -> None:
    state = new_hand("pick-a-partner", players=4, seed=1)
    previous = opponent("previous", "pick-a-partner")
    rng = random.Random(1)
    while not state.is_over:
        seat = state.to_act[0]
        state.apply(previous.choose(state, seat, rng))
    assert sum(state.payoffs) == 0


def test_the_calling_station_only_checks_and_calls() -> None:
    station = CallingStation(bot_for("texas-holdem"))
    for seed in range(4):
        state = new_hand("texas-holdem", players=3, seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            seat = state.to_act[0]
            action = station.choose(state, seat, rng)
            assert action.kind not in (ActionKind.FOLD, ActionKind.BET, ActionKind.RAISE), action
            state.apply(action)
