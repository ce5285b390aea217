"""Sophie's Pick hands dealt on purpose and played step by step."""

from __future__ import annotations

from collections.abc import Sequence

from engine.cards import FULL_DECK, Card, parse_cards
from engine.state import Action, ActionKind, HandState


def stacked(hands: Sequence[str], boards: Sequence[str], *, burns: bool = True) -> list[Card]:
    """A stacked deck: each seat's six cards (dealt one at a time round the table),
    then for the flop, turn and river, each board in turn: a burn card (taken from
    the cards not named) and that board's cards."""
    holes = [parse_cards(h) for h in hands]
    deck = [holes[seat][i] for i in range(6) for seat in range(len(holes))]
    cards = [parse_cards(b) for b in boards]
    named = set(deck) | {c for b in cards for c in b}
    spare = iter(c for c in FULL_DECK if c not in named)
    for low, high in ((0, 3), (3, 4), (4, 5)):
        for board in cards:
            if burns:
                deck.append(next(spare))
            deck.extend(board[low:high])
    return deck


def lock(state: HandState, seat: int, pairs: str) -> list:
    """Lock ``pairs`` written as "As Ad | Kh Qh | 7c 2d"."""
    return state.apply(Action(seat, ActionKind.LOCK_PAIRS,
                              cards=tuple(parse_cards(pairs.replace("|", " ")))))


def sacrifice(state: HandState, seat: int, pair: str) -> list:
    return state.apply(Action(seat, ActionKind.SACRIFICE, cards=tuple(parse_cards(pair))))


def passive(state: HandState) -> None:
    """Check or call until a decision other than a bet is awaited (or the end)."""
    while state.to_act and not state.is_over:
        seat = state.to_act[0]
        kinds = {a.kind: a for a in state.legal_actions(seat)}
        move = kinds.get(ActionKind.CHECK) or kinds.get(ActionKind.CALL) \
            or kinds.get(ActionKind.SHOW)
        if move is None:
            return
        state.apply(move)
