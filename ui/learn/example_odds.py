"""A worked example's link to the Odds page's calculator, filled with the cards the example
shows its reader and nothing else: a card the example does not show goes as unknown, and
the example's own choices (who partners whom, the pairs it locks and gives up, the three
it exposes) go as the spot's choices, so the calculator answers the hand the example
played."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import streamlit as st

from engine.cards import Card, parse_cards
from engine.odds.at_table import Spot, Step
from engine.odds.at_table_choices import ChoicePoint, choice_points
from engine.odds.inputs import OddsInputError
from engine.state import ActionKind
from ui.odds.hand_link import spot_link

CardChoice = tuple[int, ActionKind, Sequence[Sequence[Card]]]
"""A choice made with cards: the seat, the kind (lock, sacrifice, expose) and the cards
chosen, in groups (the three pairs of a lock; one group otherwise)."""
_CACHE = "example_odds_spots"


def _groups(label: str) -> frozenset[frozenset[str]]:
    """A choice's label as groups of card names ("A♠ K♠ | Q♦ Q♣": two groups)."""
    return frozenset(frozenset(part.split()) for part in label.split(" | "))


def _with(spot: Spot, *, seats: Sequence[Sequence[Card | None]] | None = None,
          choice: Step | None = None) -> Spot:
    return Spot(spot.game_id, spot.players, spot.settings, spot.steps,
                spot.seats if seats is None else tuple(tuple(s) for s in seats), spot.boards,
                spot.dead, spot.street, spot.choices + ((choice,) if choice else ()),
                spot.stacks)


def _point(spot: Spot, seat: int, kind: ActionKind, index: int) -> ChoicePoint:
    points = [p for p in choice_points(spot) if p.seat == seat and p.kind is kind]
    if len(points) <= index:
        raise OddsInputError(f"the hand has no such {kind.value}")
    return points[index]


def _option(point: ChoicePoint, groups: frozenset[frozenset[str]]) -> tuple[Step, str]:
    for option, label in zip(point.options, point.labels, strict=True):
        if _groups(label) == groups:
            return option, label
    raise OddsInputError(f"the hand offers no such {point.kind.value}")


def _made(spot: Spot, seat: int, kind: ActionKind, index: int,
          groups: frozenset[frozenset[str]]) -> bool:
    point = _point(spot, seat, kind, index)
    return point.taken is not None and _groups(point.labels[point.taken]) == groups


def with_card_choices(spot: Spot, wanted: Sequence[CardChoice]) -> Spot:
    """``spot`` with each wanted choice made, in order, at the seat's next decision of its
    kind; ``OddsInputError`` if the hand offers no such choice.

    A choice names cards by their places in the seat's hand, and the calculator lays the
    typed cards out so that the seat holds them in the order typed at the spot's street,
    which may move them: so a choice naming every card the seat holds (a lock) has them
    typed again in its order, and each choice is checked on the spot it makes, trying the
    other options' places until one makes the choice wanted."""
    made: dict[tuple[int, ActionKind], int] = {}
    for seat, kind, cards in wanted:
        groups = frozenset(frozenset(str(c) for c in group) for group in cards)
        index = made.get((seat, kind), 0)
        point = _point(spot, seat, kind, index)
        _, label = _option(point, groups)
        held = [c for c in spot.seats[seat] if c is not None]
        named = parse_cards(label.replace("|", " "))
        if sorted(named) == sorted(held) and named != held:
            seats = [list(s) for s in spot.seats]
            retyped: list[Card | None] = list(named)
            seats[seat] = retyped
            spot = _with(spot, seats=seats)
            point = _point(spot, seat, kind, index)
        first, _ = _option(point, groups)
        for option in (first, *(o for o in point.options if o != first)):
            tried = _with(spot, choice=option)
            if _made(tried, seat, kind, index, groups):
                spot = tried
                break
        else:
            raise OddsInputError(f"the hand cannot be given that {kind.value}")
        made[(seat, kind)] = index + 1
    return spot


def example_odds_link(game_id: str, *, seats: Sequence[Sequence[Card | None]],
                      boards: Sequence[Sequence[Card | None]] = (),
                      settings: Mapping[str, Any] | None = None,
                      street: str | None = None, choices: Sequence[Step] = (),
                      card_choices: Sequence[CardChoice] = ()) -> str:
    """Show a link that opens these cards in the Odds page's calculator (at ``street``,
    everyone checking to it, when a board is dealt), with ``choices`` and ``card_choices``
    made on the way, and return it. Worked out once per visitor and example."""
    key = repr((game_id, seats, boards, settings, street, choices, card_choices))
    kept: dict[str, Spot] = st.session_state.setdefault(_CACHE, {})
    try:
        spot = kept.get(key) or with_card_choices(
            Spot.build(game_id, players=len(seats), seats=seats, boards=boards,
                       settings=settings, street=street, choices=choices), card_choices)
    except OddsInputError as error:
        # Announcements can end the hand before the example's street (chips too few to
        # reach it): the example stands, without the link.
        st.caption(f"No odds link for these announcements: {error}.")
        return ""
    if len(kept) > 32:
        kept.clear()
    kept[key] = spot
    link = spot_link(spot)
    st.markdown(f":material/percent: [Each seat's chances with these cards, on the Odds "
                f"page]({link})")
    return link
