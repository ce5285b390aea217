"""The sidebar every page shares: only what is global to the site (the game, the deck),
and the style every page shares."""

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

def site_style() -> None:
    """Put the style every page shares on the page (it takes no room): what the theme in
    .streamlit/config.toml has no setting for. One literal, nothing from outside."""
    st.html(
        "<style>@media (max-width: 640px) {"
        # Phones: every tap target at least 44 px tall (buttons, pills, toggles, boxes).
        ".stApp button, .stApp [data-baseweb='select'] > div, .stApp input,"
        " .stApp [data-testid='stExpander'] summary { min-height: 44px; }"
        " .stApp label[data-baseweb='checkbox'], .stApp label[data-baseweb='radio'] {"
        " min-height: 44px; align-items: center; }"
        # A game page's tabs wrap onto more lines instead of running off the screen.
        " .stApp [data-testid='stTabs'] [role='tablist'] { flex-wrap: wrap; row-gap: 4px; }"
        " .stApp [data-testid='stTab'] { min-height: 44px; }"
        "}</style>")


DEFAULT_GAME = "pick-a-partner"
PICKS = "game_picks"
"""How many times the visitor has chosen a game in the sidebar."""
FROM_TABLE = "game_from_table"
"""A game the play or host table moved to, for the sidebar to show on the next run."""


def render_sidebar(page: StreamlitPage | None = None) -> None:
    """The game and the deck style, kept in the session so every page agrees.

    Opening a game's own page (its url path is the game id with underscores,
    which is also its file name) makes it the current game, so the play, odds
    and quiz pages start from it.
    """
    game_id = page.url_path.replace("_", "-") if page is not None else ""
    if game_id in GAME_NAMES:
        st.session_state["game"] = game_id
    table_game = st.session_state.pop(FROM_TABLE, None)
    if table_game in GAME_NAMES:
        st.session_state["game"] = table_game
    st.session_state.setdefault("game", DEFAULT_GAME)
    site_style()
    with st.sidebar:
        st.selectbox(
            "Game",
            list(GAME_NAMES),
            key="game",
            format_func=GAME_NAMES.__getitem__,
            on_change=_picked,
            help="The game the play, host, odds and quiz pages start with. Choosing "
                 "another one switches the page you are on to it.",
        )
        st.radio(
            "Deck",
            list(DECK_STYLES),
            key="deck_style",
            horizontal=True,
            help="Four colours gives each suit its own colour: easier to read across a table.",
        )


def _picked() -> None:
    st.session_state[PICKS] = int(st.session_state.get(PICKS, 0)) + 1


def picked_since(marker_key: str) -> bool:
    """Whether the visitor chose a game in the sidebar since ``marker_key`` was last asked."""
    picks = int(st.session_state.get(PICKS, 0))
    seen = st.session_state.get(marker_key, picks)
    st.session_state[marker_key] = picks
    return picks != seen


def follow_table(game_id: str) -> None:
    """Show the game on the table in the sidebar.

    The sidebar is drawn before the page, so a change reruns the script at
    once and the sidebar picks it up first thing.
    """
    if game_id not in GAME_NAMES or current_game() == game_id:
        return
    if st.session_state.get(FROM_TABLE) != game_id:  # once: a page run alone has no sidebar
        st.session_state[FROM_TABLE] = game_id
        st.rerun()


def current_game() -> str:
    """The current game's id (see ``GAME_NAMES``)."""
    return str(st.session_state.get("game", DEFAULT_GAME))


def deck_style() -> str:
    """The chosen deck style's id, for the card renderer."""
    return DECK_STYLES[st.session_state.get("deck_style", "Two colours")]
