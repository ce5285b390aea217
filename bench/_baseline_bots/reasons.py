"""Why a computer player did what it did, in a short phrase anyone at the table may read.

A reason is built only from what every seat can see: up cards, first up
cards and partner picks, bets, the pot and the boards. It never reads a
hidden card, and for a choice made in secret (a card to turn up, pairs to
lock, a sacrifice, an expose, a declaration at once) it is the same phrase
whatever was chosen, so it gives nothing away before the reveal.
"""

from __future__ import annotations

from engine.cards import format_cards
from engine.hands import describe_showing
from engine.state import HandState

__all__ = ["board_words", "showing_words"]


def showing_words(state: HandState, seat: int) -> str:
    """What the seat's up cards show, in words ("pair of kings"), or ``""`` for none."""
    up = state.up_cards(seat)
    return describe_showing(up[-4:]).lower() if up else ""


def board_words(state: HandState) -> str:
    """The boards as the table sees them ("Board: K♠ 7♦ 2♣"), or ``""``."""
    if not state.boards:
        return ""
    if len(state.boards) == 1:
        return f"the board {format_cards(state.boards[0])}"
    return " and ".join(f"board {i + 1} {format_cards(b)}" for i, b in enumerate(state.boards))
