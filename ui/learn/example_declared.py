"""The worked examples of a declared game with no page of its own: each example of its
file (``[examples.<key>]``) told in its words, its cards drawn, and every hand of at least
five cards read by the engine under the game's own rules and the page's announcements.

``readings`` is pure (no Streamlit) so the tests can check what the page says."""

from __future__ import annotations

import streamlit as st

from content import Example, GameContent
from engine.cards import Card, parse_cards
from engine.games import get_game
from engine.games.base import Settings
from ui.components.cards import show_cards
from ui.components.plain import plain

__all__ = ["readings", "show_declared_examples"]

BOARDS = ("board", "flop")
"""The keys of an example's shared cards: every other group of five or more is a hand."""


def _words(key: str) -> str:
    """``"seat1"`` as ``"Seat 1"``, ``"after_draw"`` as ``"After draw"``."""
    spaced = key.replace("_", " ")
    if spaced.startswith("seat") and spaced[4:].isdigit():
        spaced = f"seat {spaced[4:]}"
    return spaced[:1].upper() + spaced[1:]


def readings(game_id: str, example: Example, settings: Settings) -> dict[str, str]:
    """Each hand of the example (a group of cards that is no board) as the engine reads it
    under the game's rules: its high hand and, in a split game, its low, with the board."""
    game = get_game(game_id)
    groups = {key: parse_cards(text) for key, text in example.cards.items()}
    board: list[Card] = [c for key in BOARDS for c in groups.get(key, [])]
    said = {}
    for key, cards in groups.items():
        if key in BOARDS or len(cards) + len(board) < 5:
            continue
        high, low = game.evaluate(settings, cards, board)
        parts = [f"{v.describe()} for {half}" for v, half in ((high, "high"), (low, "low"))
                 if v is not None]
        said[key] = "; ".join(parts) if low is not None else parts[0]
    return said


def show_declared_examples(content: GameContent, settings: Settings, prefix: str) -> None:
    """Every worked example of the game's file, its cards and the engine's reading."""
    if not content.examples:
        st.caption("This game's file gives no worked example yet.")
        return
    for index, example in enumerate(content.examples.values()):
        if index:
            st.divider()
        _example(content.id, example, settings)


def _example(game_id: str, example: Example, settings: Settings) -> None:
    st.markdown(f"#### {plain(example.title)}")
    st.write(example.text)
    said = readings(game_id, example, settings)
    for key, text in example.cards.items():
        st.markdown(f"**{plain(_words(key))}**" +
                    (f": {plain(said[key])}" if key in said else ""))
        show_cards(parse_cards(text), label=_words(key))
