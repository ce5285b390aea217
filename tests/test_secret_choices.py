"""Secret choices are read once: privately while they wait, publicly once told.

Every simultaneous step (turn-up, lock pairs, sacrifices, expose, declarations
at once) first narrates "Seat N has chosen", whose private side lets the
chooser read the choice while it is secret; the reveal then tells the table,
and from then on nobody, the chooser included, reads the private copy.

Which steps are secret is read from the game's own phases (a ``Decision`` with
``simultaneous`` set), so every game is checked the same way: a game with no
secret step (seven-card stud) must then await one seat at a time and never
narrate a secret choice.
"""

from __future__ import annotations

import random

import pytest

from engine.games import GAMES, new_hand
from engine.games.phases import Decision, Phase
from engine.state import Action, ActionKind, EventKind, HandState
from tests.support.scale import scaled

SECRET = "has chosen"
HANDS = scaled(2)
"""Hands of each game: which steps are secret is the game's, whatever the cards."""


def is_secret(phase: Phase | None) -> bool:
    """Whether the step is a choice made by several seats at once, in secret."""
    return isinstance(phase, Decision) and phase.simultaneous


def secret_lines(state: HandState) -> list[int]:
    """Where the narration says a seat has chosen in secret (indexes into the events)."""
    return [i for i, e in enumerate(state.events)
            if e.kind is EventKind.NOTE and e.text.endswith(SECRET)]


def read_privately(state: HandState, viewer: int | None) -> dict[int, str]:
    """The secret-choice lines the viewer reads with the choice in them, by index."""
    seen = state.view(viewer).events
    return {i: seen[i].text for i in secret_lines(state) if seen[i].text != state.events[i].text}


def staying_in(state: HandState, seat: int, rng: random.Random) -> Action:
    """A random legal decision other than folding, so the hand reaches every step."""
    legal = state.legal_actions(seat)
    return rng.choice([a for a in legal if a.kind is not ActionKind.FOLD] or legal)


def check_secrets(state: HandState, pending: dict[int, tuple[int, Action]]) -> None:
    """Each seat reads its own choice still waiting and nothing else; the host reads every
    waiting choice; the other seats read only that it was made."""
    for viewer in range(state.players):
        mine = {pending[viewer][0]: pending[viewer][1].describe()} if viewer in pending else {}
        assert read_privately(state, viewer) == mine, f"Seat {viewer + 1} reads the wrong secrets"
        for seat, (index, _) in pending.items():
            if seat != viewer:
                assert state.view(viewer).events[index].text == f"Seat {seat + 1} has chosen"
    assert read_privately(state, None) == {i: a.describe() for i, a in pending.values()}


@pytest.mark.parametrize("game_id", sorted(GAMES))
@pytest.mark.parametrize("seed", range(HANDS))
def test_a_secret_choice_is_read_by_its_owner_only_until_it_is_told(game_id: str,
                                                                   seed: int) -> None:
    state = new_hand(game_id, players=4, seed=seed)  # Psycho declares at once by default
    secret_steps = sum(is_secret(phase) for phase in state.phases)
    rng = random.Random(seed)
    pending: dict[int, tuple[int, Action]] = {}
    chosen = told = 0
    while not state.is_over:
        phase = state.phase
        assert len(state.to_act) == 1 or is_secret(phase), "several seats awaited openly"
        seat = state.to_act[0]
        action = staying_in(state, seat, rng)
        mark = len(state.events)
        state.apply(action)
        if is_secret(phase):
            chosen += 1
            pending[seat] = (mark, action)
            if state.phase is not phase:  # the last choice is in: all are told
                told += 1
                pending.clear()
        check_secrets(state, pending)
    assert len(secret_lines(state)) == chosen
    if secret_steps:
        assert told == secret_steps, "a secret step was never reached"
        assert chosen == 4 * secret_steps, "a seat was left out of a secret step"
    else:
        assert chosen == 0


def test_the_owner_reads_an_exposed_choice_once() -> None:
    state = new_hand("psycho", players=3, seed=5)
    rng = random.Random(5)
    while state.street != "Expose":
        state.apply(staying_in(state, state.to_act[0], rng))
    for seat in state.to_act:
        state.apply(state.legal_actions(seat)[0])
    for viewer in range(3):
        exposes = [e.text for e in state.view(viewer).events if " exposes " in e.text]
        assert len(exposes) == 3, exposes
        assert len({e.split(" exposes ")[0] for e in exposes}) == 3
