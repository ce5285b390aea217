"""A draw's advice and a computer player's reason for its draw come from the game's
declared hand types (the general draw planner) in every draw game but a game of
declarations, where Psycho's plan of a high or a low hand speaks."""

from __future__ import annotations

import pytest

from engine.games import new_hand
from engine.odds.advice import advise
from engine.odds.why import measured_reason
from engine.state import ActionKind, HandView


def first_draw(game_id: str) -> HandView:
    """Seat to act's view at the first draw of a two-handed hand where everyone calls."""
    state = new_hand(game_id, players=2, seed=0)
    while not any(a.kind is ActionKind.DISCARD for a in state.legal_actions(state.to_act[0])):
        legal = state.legal_actions(state.to_act[0])
        state.apply(next((a for a in legal if a.kind in (ActionKind.CALL, ActionKind.CHECK)),
                         legal[0]))
    return state.view(state.to_act[0])


@pytest.mark.parametrize(("game_id", "words"), [
    ("deuce-to-seven-triple-draw", "the cards that can win deuce-to-seven low"),
    ("five-card-draw", "the cards that can win high"),
    ("badugi", "the cards that can win badugi"),
])
def test_a_draw_is_explained_by_the_games_hand_types(game_id: str, words: str) -> None:
    view = first_draw(game_id)
    draw = next(a for a in view.legal if a.kind is ActionKind.DISCARD)
    reason = measured_reason(view, draw)
    advice = advise(view)
    assert reason is not None and words in reason
    assert advice is not None and words.removeprefix("the cards ") in advice.sentence
    held = advice.options[0][0].removeprefix("keep ")
    assert f"it keeps {held}," in reason  # the reason and the advice keep the same cards


def test_psycho_keeps_its_own_plan() -> None:
    view = first_draw("psycho")
    draw = next(a for a in view.legal if a.kind is ActionKind.DISCARD)
    reason = measured_reason(view, draw)
    assert reason is not None and "hand and exchanges" in reason
