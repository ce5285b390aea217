"""A hand's odds link, made at every decision (each phone's, at each version of a night),
replays only the decisions made since the last one: its cost does not grow with the
hand's length, and the link is the one a replay from the deal makes."""

from __future__ import annotations

import random

import pytest

from engine.games import new_hand
from engine.odds import at_table
from engine.odds.at_table import HandReplays, spot_from_hand
from engine.state import HandState


def _played(game_id: str, players: int, seed: int, choices: int = 0) -> list[HandState]:
    """A hand of random legal decisions, as it stood before each (copies, by replay)."""
    state = new_hand(game_id, players=players, seed=seed)
    rng = random.Random(choices)
    made = []
    stages = []
    while not state.is_over and len(made) < 40:
        again = new_hand(game_id, players=players, seed=seed)
        for action in made:
            again.apply(action)
        stages.append(again)
        action = rng.choice(state.legal_actions(state.to_act[0]))
        state.apply(action)
        made.append(action)
    return stages


@pytest.mark.parametrize("game_id", ["texas-holdem", "pick-a-partner", "five-card-draw"])
def test_links_at_every_decision_replay_each_decision_once(
        game_id: str, monkeypatch: pytest.MonkeyPatch) -> None:
    stages = _played(game_id, 4, 11)
    fresh = [[spot_from_hand(s, s.view(seat)) for seat in range(4)] for s in stages]
    monkeypatch.setattr(at_table, "_REPLAYS", HandReplays())
    replayed = 0
    apply = HandState.apply

    def counted(state: HandState, action: object) -> object:
        nonlocal replayed
        replayed += 1
        return apply(state, action)  # type: ignore[arg-type]

    monkeypatch.setattr(HandState, "apply", counted)
    kept = [[spot_from_hand(s, s.view(seat)) for seat in range(4)] for s in stages]
    assert kept == fresh
    assert replayed == len(stages[-1].actions)


def test_a_hand_that_went_another_way_is_replayed_from_the_deal() -> None:
    replays = HandReplays(most=1)
    one, other = _played("texas-holdem", 3, 5), _played("texas-holdem", 3, 5, choices=1)
    assert one[-1].actions[:3] != other[-1].actions[:3]
    for state in (one[-1], other[-1], one[2], one[-1]):
        assert replays.steps(state) == HandReplays().steps(state)
