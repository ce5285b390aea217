"""A choice among many ways to keep cards is measured over enough deals each: the best of
35 measures over a dozen deals is mostly the luckiest, and Anaconda's player passed no
better than the previous players did until each way had forty."""

from __future__ import annotations

import random
from typing import Any

from engine.bots.choices import MOST, choice
from engine.games import new_hand
from engine.state import ActionKind, HandState


def _first(state: HandState, kind: ActionKind) -> HandState:
    """The hand at its first decision of ``kind``, every bet before it checked or called."""
    while not any(a.kind is kind for a in state.legal_actions(state.to_act[0])):
        legal = state.legal_actions(state.to_act[0])
        calm = [a for a in legal if a.kind in (ActionKind.CHECK, ActionKind.CALL)]
        state.apply(calm[0] if calm else legal[0])
    return state


def _deals_asked(state: HandState) -> tuple[int, int]:
    """(the ways to keep offered, the deals the choice measures each over)."""
    asked: dict[str, Any] = {}

    def measure(*_: Any, keeps: list[Any], trials: int, **__: Any) -> list[float]:
        asked["trials"] = trials
        return [0.0] * len(keeps)

    seat = state.to_act[0]
    legal = state.legal_actions(seat)
    choice(state, seat, legal, random.Random(0), measure=measure)
    return len(legal), asked["trials"]


def test_anacondas_pass_and_throw_away_measure_each_way_over_forty_deals() -> None:
    state = _first(new_hand("anaconda", players=3, seed=2), ActionKind.PASS)
    assert _deals_asked(state) == (35, MOST)
    for seat in list(state.to_act):
        state.apply(state.legal_actions(seat)[0])
    state = _first(state, ActionKind.THROW_AWAY)
    assert _deals_asked(state) == (21, MOST)


def test_crazy_pineapples_three_ways_are_not_measured_beyond_the_most() -> None:
    state = _first(new_hand("crazy-pineapple", players=3, seed=2), ActionKind.THROW_AWAY)
    assert _deals_asked(state) == (3, MOST)
