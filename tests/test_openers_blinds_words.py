"""The blinds' rule words name the flop only in a game that deals one: a draw game with
blinds speaks of its first and later betting rounds."""

from __future__ import annotations

import random

import pytest

from engine.actions import ActionKind
from engine.games import new_hand
from engine.state import HandState


def _rules_through_the_draw(game: str, *, players: int, seed: int,
                            settings: dict[str, object] | None = None) -> list[str]:
    """Every rule said while the hand is checked or called round to round."""
    state: HandState = new_hand(game, players=players, seed=seed, settings=settings or {})
    rng = random.Random(seed)
    while not state.is_over and len(state.actions) < 60:
        legal = state.legal_actions(state.to_act[0])
        calm = [a for a in legal if a.kind in (ActionKind.CHECK, ActionKind.CALL)]
        state.apply(calm[0] if calm else rng.choice(legal))
    return [e.rule for e in state.events if e.rule]


@pytest.mark.parametrize("game", ["deuces-wild-draw", "kings-and-little-ones"])
@pytest.mark.parametrize("players", [2, 4])
def test_a_draw_game_with_blinds_never_speaks_of_the_flop(game: str, players: int) -> None:
    rules = _rules_through_the_draw(game, players=players, seed=3)
    openers = [r for r in rules if "acts first" in r]
    assert any("in the first betting round" in r for r in openers), openers
    assert any("from the second betting round on" in r for r in openers), openers
    assert not [r for r in rules if "flop" in r]


def test_hold_em_still_speaks_of_the_flop() -> None:
    openers = [r for r in _rules_through_the_draw("texas-holdem", players=4, seed=3)
               if "acts first" in r]
    assert "the player after the big blind acts first before the flop" in openers
    assert any(r.startswith("from the flop on") for r in openers)
