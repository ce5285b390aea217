"""A stud game played for the deuce-to-seven low (deuce-to-seven razz) counts the ace
high wherever it reads up cards: an ace is the highest card bringing in and the worst
card showing, as its low ranks it; razz, played ace to five, counts it one."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.actions import ActionKind
from engine.cards import parse_cards
from engine.games import load_games
from engine.state import HandState

FOLDER = Path(__file__).resolve().parents[1] / "content" / "games"
DECK = parse_cards("3h 4h 5h 8c 9c Tc Ac Ks 2s Jh 3d Qd 7h")
"""Three seats: two down each, then up A♣ K♠ 2♠; a burn, then up 3♦ Q♦ 7♥."""


def razz(tmp_path: Path, low: str) -> HandState:
    """Razz's own declaration, played for ``low``, dealt the deck above."""
    (tmp_path / "seven-card-stud.toml").write_text(
        (FOLDER / "seven-card-stud.toml").read_text(encoding="utf-8"), encoding="utf-8")
    text = (FOLDER / "razz.toml").read_text(encoding="utf-8")
    (tmp_path / "razz.toml").write_text(
        text.replace('low = "ace-to-five"', f'low = "{low}"'), encoding="utf-8")
    game = next(g for g in load_games(tmp_path) if g.name == "Razz")
    return HandState(game, players=3, seed=1, settings=game.settings_type(), deck=DECK)


def to_fourth_street(state: HandState) -> None:
    while state.to_act and len(state.up_cards(0)) < 2:
        legal = state.legal_actions(state.to_act[0])
        state.apply(next(a for a in legal if a.kind in (
            ActionKind.BRING_IN, ActionKind.CHECK, ActionKind.CALL)))


@pytest.mark.parametrize(("low", "brings_in", "opens", "showing"), [
    ("ace-to-five", 1, 0, "Three-ace low"),
    ("deuce-to-seven", 0, 2, "Ace-three low"),
])
def test_the_ace_is_as_high_as_the_low_ranking_says(tmp_path: Path, low: str, brings_in: int,
                                                    opens: int, showing: str) -> None:
    state = razz(tmp_path, low)
    assert state.to_act == (brings_in,)
    to_fourth_street(state)
    assert state.to_act == (opens,)
    assert state.game.describe_showing(state, 0) == showing
