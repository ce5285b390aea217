"""Razz's equal showings: the ace counts one there, so the highest card of A-5 is the five
and its suit breaks the tie (pokerkit's seat-order rule gives the same seat)."""

from __future__ import annotations

from engine.actions import ActionKind
from engine.games import new_hand
from engine.state import Action

EQUAL_ACE_FIVE = "Kc Kd Qc Qd Ad As 2h 5s 5c"


def test_razz_equal_showings_go_by_the_five_not_the_ace() -> None:
    state = new_hand("razz", players=2, seed=1, deck=EQUAL_ACE_FIVE)
    assert state.to_act == (1,)
    state.apply(Action(1, ActionKind.BRING_IN, 5))
    state.apply(Action(0, ActionKind.CALL))
    assert [str(c) for c in state.up_cards(0)] == ["A♦", "5♠"]
    assert [str(c) for c in state.up_cards(1)] == ["A♠", "5♣"]
    assert state.to_act == (0,)
    opening = [e.sentence for e in state.view(None).events if "first" in e.sentence][-1]
    assert "5♠" in opening and "A♠" not in opening


def test_stud_equal_showings_still_go_by_the_ace() -> None:
    """Seven-card stud reads the ace high: the same deal's tie goes to the ace of spades."""
    state = new_hand("seven-card-stud", players=2, seed=1, deck="2c 2d 3c 3d Ad As Kh 5s 5c")
    state.apply(Action(state.to_act[0], ActionKind.BRING_IN, 5))
    state.apply(Action(state.to_act[0], ActionKind.CALL))
    assert state.to_act == (1,)
