"""The deck style every card is drawn in: two colours, or four (one per suit).

The visitor chooses it in the sidebar (``ui/sidebar.py`` draws the choice under
:data:`KEY`); it lives here, beside the components that draw cards, so that they
read it without importing the sidebar and, through it, every page of the site.
"""

from __future__ import annotations

from types import MappingProxyType

import streamlit as st

DECK_STYLES = MappingProxyType({"Two colours": "classic", "Four colours": "four-colour"})
"""Each choice's words, and the style's id for the card renderer."""
KEY = "deck_style"
"""The session key of the visitor's choice (one of :data:`DECK_STYLES`' words)."""


def deck_style() -> str:
    """The chosen deck style's id, for the card renderer."""
    return DECK_STYLES[st.session_state.get(KEY, "Two colours")]
