"""Words a newcomer reads on the way: fewer than five cards are said as what they are,
never named as a five-card hand ("Best hand so far: Eight-seven-five-three high" before
Omaha's flop)."""

from __future__ import annotations

import re

import pytest

from engine.games import new_hand
from ui.components.hand_now import hand_words

FIVE_CARD_NAME = re.compile(r"[A-Z][a-z]+(-[a-z]+){2,} high")
"""A hand named by its cards' ranks, as a five-card hand is ("Eight-seven-five-three high")."""


@pytest.mark.parametrize(("game_id", "seed"), [("omaha", 7), ("omaha", 11), ("texas-holdem", 3),
                                               ("seven-card-stud", 4), ("seven-card-stud", 9),
                                               ("seven-card-stud-eight", 5)])
def test_before_five_cards_the_panel_says_what_there_is(game_id: str, seed: int) -> None:
    state = new_hand(game_id, players=4, seed=seed)
    seat = state.to_act[0]
    lines = hand_words(state.view(seat))
    assert lines and lines[0].startswith("Your cards so far: "), lines
    assert not any(FIVE_CARD_NAME.search(line) for line in lines), lines
    assert "Best hand" not in " ".join(lines)
    held = [str(h.card) for h in state.cards[seat]]
    assert all(card in lines[0] for card in held)
    assert "no pair yet, the highest" in lines[0] or "pair" in lines[0] or "Three" in lines[0] \
        or "three" in lines[0]


def test_omaha_names_a_hand_once_the_flop_makes_five_cards() -> None:
    state = new_hand("omaha", players=2, seed=7)
    while not any(state.view(None).boards) and not state.is_over:
        seat = state.to_act[0]
        state.apply(next(a for a in state.legal_actions(seat)
                         if a.kind.value in ("check", "call")))
    seat = state.to_act[0]
    lines = hand_words(state.view(seat))
    assert lines[0].startswith("Best hand so far: "), lines
