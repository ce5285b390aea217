"""A worked example's link to the Odds page's calculator, filled with the cards the example
shows its reader and nothing else: a card the example does not show goes as unknown."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import streamlit as st

from engine.cards import Card
from engine.odds.at_table import Spot
from engine.odds.inputs import OddsInputError
from ui.odds.hand_link import spot_link


def example_odds_link(game_id: str, *, seats: Sequence[Sequence[Card | None]],
                      boards: Sequence[Sequence[Card | None]] = (),
                      settings: Mapping[str, Any] | None = None,
                      street: str | None = None) -> str:
    """Show a link that opens these cards in the Odds page's calculator (at ``street``,
    everyone checking to it, when a board is dealt), and return it."""
    try:
        spot = Spot.build(game_id, players=len(seats), seats=seats, boards=boards,
                          settings=settings, street=street)
    except OddsInputError as error:
        # Announcements can end the hand before the example's street (chips too few to
        # reach it): the example stands, without the link.
        st.caption(f"No odds link for these announcements: {error}.")
        return ""
    link = spot_link(spot)
    st.markdown(f":material/percent: [Each seat's chances with these cards, on the Odds "
                f"page]({link})")
    return link
