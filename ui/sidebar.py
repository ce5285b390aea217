"""The sidebar every page shares: only what is global to the site."""

import streamlit as st

DECK_STYLES = {"Two colours": "classic", "Four colours": "four-colour"}


def render_sidebar() -> None:
    """The deck style, kept in the session so every page draws cards alike."""
    with st.sidebar:
        st.radio(
            "Deck",
            list(DECK_STYLES),
            key="deck_style",
            horizontal=True,
            help="Four colours gives each suit its own colour: easier to read across a table.",
        )


def deck_style() -> str:
    """The chosen deck style's id, for the card renderer."""
    return DECK_STYLES[st.session_state.get("deck_style", "Two colours")]
