"""Psycho hands dealt on purpose and played step by step."""

from __future__ import annotations

from collections.abc import Sequence

from engine.cards import FULL_DECK, Card, parse_cards
from engine.state import Action, ActionKind, HandState


def stacked(hands: Sequence[str], *, draws: str = "", sixth: str = "",
            seventh: str = "") -> list[Card]:
    """A stacked deck: each seat's five cards (dealt one at a time round the
    table), then the cards drawn, in the order the seats draw, then a burn and
    the sixth cards, a burn and the seventh cards (one per seat still in).
    Burns are taken from the cards not named."""
    holes = [parse_cards(h) for h in hands]
    deck = [holes[seat][i] for i in range(5) for seat in range(len(holes))]
    deck += parse_cards(draws)
    later = [parse_cards(sixth), parse_cards(seventh)]
    named = set(deck) | {c for street in later for c in street}
    spare = iter(c for c in reversed(FULL_DECK) if c not in named)
    for street in later:
        if street:
            deck.append(next(spare))
            deck.extend(street)
    return deck


def draw(state: HandState, cards: str = "") -> list:
    return state.apply(Action(state.to_act[0], ActionKind.DISCARD,
                              cards=tuple(parse_cards(cards))))


def expose(state: HandState, seat: int, cards: str) -> list:
    return state.apply(Action(seat, ActionKind.EXPOSE, cards=tuple(parse_cards(cards))))


def declare(state: HandState, seat: int, way: str) -> list:
    return state.apply(Action(seat, ActionKind.DECLARE, choice=way))


def passive(state: HandState) -> None:
    """Check or call until a decision other than a bet is awaited (or the end)."""
    while not state.is_over:
        seat = state.to_act[0]
        kinds = {a.kind: a for a in state.legal_actions(seat)}
        move = kinds.get(ActionKind.CHECK) or kinds.get(ActionKind.CALL)
        if move is None:
            return
        state.apply(move)
