"""What a seat may not see, and where it must not appear: shared by the AppTest and the
browser leak tests."""

from __future__ import annotations

import re
from collections.abc import Iterable

from engine.cards import FULL_DECK, Card
from engine.state import HandState


def seen_by(state: HandState, seat: int) -> set[Card]:
    """Every card ``seat`` may know of: what its view shows, and what it chose itself."""
    view = state.view(seat)
    seen = {c.card for s in view.seats for c in s.cards if c.card is not None}
    seen.update(card for board in view.boards for card in board)
    seen.update(card for action in state.actions if action.seat == seat for card in action.cards)
    return seen


def hidden_from(state: HandState, seat: int) -> set[Card]:
    """Every card ``seat`` may not know of: other seats' down cards and the stock."""
    return set(FULL_DECK) - seen_by(state, seat)


def _forms(card: Card, ascii: bool) -> list[str]:
    """How a card may be written: ``K♥``, ``King of hearts``; with ``ascii``, ``Kh`` as a
    whole word (which prose could contain by chance: "As")."""
    if ascii:
        return [rf"(?<![A-Za-z0-9]){card.ascii}(?![A-Za-z0-9])"]
    return [re.escape(str(card)), re.escape(card.name)]


def named_cards(text: str, cards: Iterable[Card], *, ascii: bool = False) -> set[Card]:
    """The ``cards`` that ``text`` names, in the way this site writes them to people (or, with
    ``ascii``, in files)."""
    return {card for card in cards
            if any(re.search(form, text) for form in _forms(card, ascii))}
