"""Whether a seat's view of a hand names a card face down to it: every sentence of the
view (events, notes, the showing words, the settlement) is read whole after each
decision, and must not name a card the seat has not seen (its own, a card once face up,
a card the public facts name)."""

from __future__ import annotations

import functools

from engine.cards import FULL_DECK, Card
from engine.state import HandState, HandView
from tests.support.leaks import told_to_all


def face_down(state: HandState, view: HandView) -> set[Card]:
    """The cards at the table this view shows as card backs."""
    return {held.card for seat, seen in zip(state.cards, view.seats, strict=True)
            for held, shown in zip(seat, seen.cards, strict=True) if shown.card is None}


def texts(view: HandView) -> list[str]:
    """Every sentence the view carries."""
    lines = [e.sentence for e in view.events]
    for seat in view.seats:
        lines += [seat.showing, *seat.notes]
    if view.settlement is not None:
        for award in view.settlement.awards:
            lines += [award.title, award.rule]
            lines += [f"{words} {' '.join(map(str, cards))}" for _, cards, words in award.hands]
    return lines


@functools.lru_cache(maxsize=1 << 16)
def _names_in(line: str) -> frozenset[str]:
    """The cards of the deck a sentence names: worked out once for each sentence, which
    every seat reads again after every decision."""
    return frozenset(name for name in _DECK_NAMES if name in line)


_DECK_NAMES = tuple(str(card) for card in FULL_DECK)


def named(cards: set[Card], lines: list[str]) -> list[tuple[str, str]]:
    """Each of ``cards`` a line names, with the line."""
    names = {str(c) for c in cards}
    return [(name, line) for line in lines for name in sorted(_names_in(line) & names)]


def check(state: HandState, seen: list[set[Card]]) -> None:
    """Every seat's view names no face-down card it has not seen (``seen`` grows). Public
    facts are the same for every seat: what one seat is told of them, all are."""
    public = state.view(None).facts
    for seat in range(state.players):
        view = state.view(seat)
        assert view.facts == public, f"Seat {seat + 1} is told other public facts"
        seen[seat].update(c.card for s in view.seats for c in s.cards if c.card is not None)
        seen[seat].update(told_to_all(view.facts))
        leaks = named(face_down(state, view) - seen[seat], texts(view))
        assert not leaks, f"Seat {seat + 1} reads face-down cards: {leaks}"
