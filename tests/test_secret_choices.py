"""Secret choices are read once: privately while they wait, publicly once told.

Every simultaneous step (turn-up, lock pairs, sacrifices, expose, declarations
at once) first narrates "Seat N has chosen", whose private side lets the
chooser read the choice while it is secret; the reveal then tells the table,
and from then on nobody, the chooser included, reads the private copy.
"""

from __future__ import annotations

import random

import pytest

from engine.bots import RandomBot
from engine.games import GAMES, new_hand
from engine.state import EventKind, HandState

SECRET = "has chosen"


def _secret_notes(state: HandState, viewer: int | None) -> list[str]:
    return [e.text for e in state.view(viewer).events
            if e.kind is EventKind.NOTE and SECRET in e.sentence]


@pytest.mark.parametrize("game_id", sorted(GAMES))
@pytest.mark.parametrize("seed", range(6))
def test_a_revealed_choice_is_not_repeated_to_its_owner(game_id: str, seed: int) -> None:
    state = new_hand(game_id, players=4, seed=seed)  # Psycho declares at once by default
    rng = random.Random(seed)
    while not state.is_over:
        seat = state.to_act[0]
        waiting = len(state.to_act) > 1
        events = state.apply(RandomBot().choose(state, seat, rng))
        if waiting:
            # Still secret: the chooser reads the choice, the others only that it was made.
            assert state.view(seat).events[-1].text != f"Seat {seat + 1} has chosen"
            other = (seat + 1) % state.players
            assert state.view(other).events[-1].text == f"Seat {seat + 1} has chosen"
        elif any(e.kind is EventKind.REVEAL for e in events):
            for viewer in (*range(state.players), None):
                assert all(text.endswith(SECRET) for text in _secret_notes(state, viewer)), \
                    "a told choice is still repeated privately"


def test_the_owner_reads_an_exposed_choice_once() -> None:
    state = new_hand("psycho", players=3, seed=5)
    rng = random.Random(5)
    while state.street != "Expose":
        state.apply(RandomBot().choose(state, state.to_act[0], rng))
    for seat in state.to_act:
        state.apply(state.legal_actions(seat)[0])
    for viewer in range(3):
        exposes = [e.text for e in state.view(viewer).events if " exposes " in e.text]
        assert len(exposes) == 3, exposes
        assert len({e.split(" exposes ")[0] for e in exposes}) == 3
