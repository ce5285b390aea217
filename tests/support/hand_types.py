"""Stud openers and a passive player, for the tests of games declared from hand types."""

from __future__ import annotations

from engine.state import Action, ActionKind, HandState


def _passive(state: HandState, seat: int) -> Action:
    """Bring in, check or call: everyone stays to the showdown."""
    kinds = {a.kind: a for a in state.legal_actions(seat)}
    for kind in (ActionKind.BRING_IN, ActionKind.CHECK, ActionKind.CALL):
        if kind in kinds:
            return kinds[kind]
    return state.legal_actions(seat)[0]


def _openers(state: HandState) -> list[tuple[str, int]]:
    """(street, first seat to act) for each betting round, playing passively to the end."""
    opened: list[tuple[str, int]] = []
    while not state.is_over:
        seat = state.to_act[0]
        betting = any(a.kind.is_betting for a in state.legal_actions(seat))
        if betting and (not opened or opened[-1][0] != state.street):
            opened.append((state.street, seat))
        state.apply(_passive(state, seat))
    return opened
