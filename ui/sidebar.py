"""The sidebar every page shares: only what is global to the site (the game, the deck)."""

from __future__ import annotations

from types import MappingProxyType

import streamlit as st
from streamlit.navigation.page import StreamlitPage

DECK_STYLES = MappingProxyType({"Two colours": "classic", "Four colours": "four-colour"})

GAME_NAMES = MappingProxyType({
    "pick-a-partner": "Pick a Partner",
    "sophies-pick": "Sophie's Pick",
    "double-sophie": "Double Sophie",
    "seven-card-stud": "Seven-card stud",
    "psycho": "Psycho",
})
"""Every game id the site knows, with its name, in the site's order."""

DEFAULT_GAME = "pick-a-partner"


def render_sidebar(page: StreamlitPage | None = None) -> None:
    """The game and the deck style, kept in the session so every page agrees.

    Opening a game's own page (its url path is the game id with underscores,
    which is also its file name) makes it the current game, so the play, odds
    and quiz pages start from it.
    """
    game_id = page.url_path.replace("_", "-") if page is not None else ""
    if game_id in GAME_NAMES:
        st.session_state["game"] = game_id
    st.session_state.setdefault("game", DEFAULT_GAME)
    with st.sidebar:
        st.selectbox(
            "Game",
            list(GAME_NAMES),
            key="game",
            format_func=GAME_NAMES.__getitem__,
            help="The game the play, odds and quiz pages start with.",
        )
        st.radio(
            "Deck",
            list(DECK_STYLES),
            key="deck_style",
            horizontal=True,
            help="Four colours gives each suit its own colour: easier to read across a table.",
        )


def current_game() -> str:
    """The current game's id (see ``GAME_NAMES``)."""
    return str(st.session_state.get("game", DEFAULT_GAME))


def deck_style() -> str:
    """The chosen deck style's id, for the card renderer."""
    return DECK_STYLES[st.session_state.get("deck_style", "Two colours")]
