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
from engine.state import Action, ActionKind, HandState

__all__ = ["betting_reason", "board_words", "showing_words"]


def showing_words(state: HandState, seat: int) -> str:
    """What the seat's up cards show, in words ("pair of kings"), or ``""`` for none."""
    up = state.up_cards(seat)
    return describe_showing(up[-4:]).lower() if up else ""


def _to_call(state: HandState, seat: int) -> int:
    table = state.table
    return min(max(table.bets) - table.bets[seat], table.stacks[seat])


def betting_reason(state: HandState, seat: int, action: Action, *, strength: str = "") -> str:
    """A betting decision's reason from the price, the pot and ``strength``: what the seat
    shows in words (its up cards, its team's or the board), or nothing."""
    pot = state.table.pot_total
    price = _to_call(state, seat)
    kind = action.kind
    shows = f" with {strength} showing" if strength else ""
    if kind is ActionKind.FOLD:
        return f"{price} more into a pot of {pot} is too dear for what it holds{shows}"
    if kind is ActionKind.CHECK:
        return "nothing to call, so it sees what comes for free"
    if kind is ActionKind.CALL:
        return f"{price} to call for a pot of {pot + price} is a price worth paying{shows}"
    if kind is ActionKind.BRING_IN:
        return "the lowest up card must bring in, and it goes in for the least"
    if kind is ActionKind.COMPLETE:
        return f"it completes to a full bet, playing its hand as strong{shows}"
    if kind in (ActionKind.BET, ActionKind.RAISE):
        verb = "bets" if kind is ActionKind.BET else "raises"
        return f"it {verb} into a pot of {pot}, playing its hand as strong{shows}"
    if kind is ActionKind.MUCK:
        return "the hands already shown beat it, so it throws it away unseen"
    if kind is ActionKind.SHOW:
        return "it shows its hand"
    return ""


def board_words(state: HandState) -> str:
    """The boards as the table sees them ("Board: K♠ 7♦ 2♣"), or ``""``."""
    if not state.boards:
        return ""
    if len(state.boards) == 1:
        return f"the board {format_cards(state.boards[0])}"
    return " and ".join(f"board {i + 1} {format_cards(b)}" for i, b in enumerate(state.boards))
