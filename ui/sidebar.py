"""The sidebar every page shares: only what is global to the site (the game, the deck),
and the style every page shares."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Literal
from urllib.parse import urlsplit

import streamlit as st
from streamlit.navigation.page import StreamlitPage

from ui import registry
from ui.components.deck_style import DECK_STYLES, KEY
from ui.components.deck_style import deck_style as deck_style  # also read from here by pages


def site_style() -> None:
    """Put the style every page shares on the page (it takes no room): what the theme in
    .streamlit/config.toml has no setting for. One literal, nothing from outside."""
    st.html(
        "<style>"
        # A dark screen: the colours the site's own HTML (the table, card captions) reads.
        "@media (prefers-color-scheme: dark) { :root { --dc-ink: #e8ede8;"
        " --dc-muted: #b3bfb6; --dc-accent: #6cc08c; --dc-felt: #223027;"
        " --dc-panel: #1a221d; --dc-line: #3d4d43; --dc-turn: #f0c75a;"
        " --dc-page: #141a16; } }"
        # A row of cards shrinks its cards rather than break a hand over two lines.
        " .dc-row .dc-card img { width: 100%; height: auto; }"
        # A page's name in the sidebar's list reads whole, on two lines if it must.
        " [data-testid='stSidebarNavLink'] { height: auto; min-height: 28px; }"
        " [data-testid='stSidebarNavLink'] > span:last-child,"
        " [data-testid='stSidebarNavLink'] > span:last-child * { white-space: normal;"
        " text-overflow: clip; overflow: visible; height: auto; line-height: 1.3; }"
        "@media (max-width: 640px) {"
        # A step bar (the guided hand's, the host's) stays at the top of the screen, its
        # four buttons on one line and how far along below them.
        " .stApp [data-testid='stLayoutWrapper']:has(> [class*='_step_bar']) {"
        " position: sticky; top: 3.75rem; z-index: 20; background: var(--dc-page, #fbfaf6);"
        " padding: 6px 0; box-shadow: 0 0 0 6px var(--dc-page, #fbfaf6); }"
        # Figures side by side (a quiz's score, streak and set; a session's), three to a
        # row at most, so the question or the table below comes into view sooner; a
        # label's help mark keeps its tap target without pushing its figure down.
        " .stApp [data-testid='stHorizontalBlock']:has(> [data-testid='stColumn']"
        " [data-testid='stMetric']) { flex-wrap: wrap; gap: 8px; }"
        " .stApp [data-testid='stHorizontalBlock']:has(> [data-testid='stColumn']"
        " [data-testid='stMetric']) > [data-testid='stColumn'] { min-width: 0 !important;"
        " flex: 1 1 calc(33% - 8px) !important; width: auto !important; }"
        " .stApp [data-testid='stMetricValue'] { font-size: 1.5rem; }"
        " .stApp [data-testid='stMetricLabel'] [data-testid='stTooltipIcon'] {"
        " height: 1.25rem; display: flex; align-items: center; }"
        " .stApp [class*='_step_bar'] [data-testid='stHorizontalBlock'] {"
        " flex-wrap: wrap; gap: 6px; }"
        " .stApp [class*='_step_bar'] [data-testid='stColumn'] {"
        " flex: 1 1 calc(25% - 6px) !important; min-width: 0 !important;"
        " width: auto !important; }"
        " .stApp [class*='_step_bar'] [data-testid='stColumn']:last-child {"
        " flex-basis: 100% !important; }"
        " .stApp [class*='_step_bar'] button { padding-left: 4px; padding-right: 4px; }"
        # A guided hand's narration scrolls in its own box, so the table's cards follow
        # it on the first screen under the step bar; a shadow at its foot says more of it
        # is below (it fades once scrolled to the end).
        " .stApp [class*='_walk_narration'] { max-height: 38vh; overflow-y: auto;"
        " background: linear-gradient(transparent, var(--dc-page, #fbfaf6) 70%) center"
        " bottom / 100% 40px no-repeat local, radial-gradient(farthest-side at 50% 100%,"
        " rgba(0,0,0,.22), transparent) center bottom / 100% 14px no-repeat scroll; }"
        # Phones: every tap target at least 44 px tall (buttons, pills, toggles, boxes).
        ".stApp button, .stApp [data-baseweb='select'] > div, .stApp input,"
        " .stApp [data-testid='stExpander'] summary { min-height: 44px; }"
        " .stApp label[data-baseweb='checkbox'], .stApp label[data-baseweb='radio'],"
        " .stApp [data-testid='stCheckbox'] label { min-height: 44px; align-items: center; }"
        # A game page's tabs wrap onto more lines instead of running off the screen.
        " .stApp [data-testid='stTabs'] [role='tablist'] { flex-wrap: wrap; row-gap: 4px; }"
        " .stApp [data-testid='stTab'] { min-height: 44px; }"
        "}</style>")


def at_the_night_table(url_path: str) -> bool:
    """Whether the page at ``url_path`` is one of a game night's screens, opened by its
    link.

    Such a screen is a table to play at, not a page to browse from: it shows no page
    list (the browser would draw it again on every full run) and no choice of game (the
    dealer names each hand's game, and a screen cannot leave its table for a page that
    would start from it). A guest reaches the rules through the link on their own
    screen, opened beside the table."""
    return url_path == "night" and "t" in st.query_params


def navigation_position() -> Literal["sidebar", "hidden"]:
    """Where the list of the site's pages goes: out of sight at a game night's table, in
    the sidebar everywhere else."""
    path = urlsplit(st.context.url or "").path.rstrip("/")
    return "hidden" if at_the_night_table(path.rsplit("/", 1)[-1]) else "sidebar"


def game_names() -> Mapping[str, str]:
    """Every game the site shows (``ui/registry.py``), by id, with the engine's name for
    it, in the site's order."""
    return MappingProxyType({game_id: game.name
                             for game_id, game in registry.SITE_GAMES.items()})


def default_game() -> str:
    """The game a new visitor starts with: the site's first."""
    return next(iter(registry.SITE_GAMES))


PICKS = "game_picks"
"""How many times the visitor has chosen a game in the sidebar."""
FROM_TABLE = "game_from_table"
"""A game the play or host table moved to, for the sidebar to show on the next run."""
KEPT = "game_kept"
"""The current game, kept beside the sidebar's own widget: Streamlit drops a widget's value
when a page sends the visitor to another page in the middle of its run (the odds button on
Play does), and the sidebar would fall back to the first game while the page showed the
table's."""


def render_sidebar(page: StreamlitPage | None = None) -> None:
    """The game and the deck style, kept in the session so every page agrees (the deck
    alone at a game night's table, see :func:`at_the_night_table`).

    Opening a game's own learning page makes it the current game (unless the
    current game is taught there too, as Double Sophie is on Sophie's Pick's),
    so the play, odds and quiz pages start from it.
    """
    names = game_names()
    if st.session_state.get("game") not in names:
        kept = st.session_state.get(KEPT)
        st.session_state["game"] = kept if kept in names else default_game()
    opened = registry.page_game(page.url_path) if page is not None else None
    if opened is not None and current_game() not in {
            game.id for game in registry.games_on(opened.page)}:
        st.session_state["game"] = opened.id
    table_game = st.session_state.pop(FROM_TABLE, None)
    if table_game in names:
        st.session_state["game"] = table_game
    st.session_state[KEPT] = st.session_state["game"]
    site_style()
    with st.sidebar:
        if page is None or not at_the_night_table(page.url_path):
            st.selectbox(
                "Game",
                list(names),
                key="game",
                format_func=names.__getitem__,
                on_change=_picked,
                help="The game the play, host, odds and quiz pages start with. Choosing "
                     "another one switches the page you are on to it.",
            )
        st.radio(
            "Deck",
            list(DECK_STYLES),
            key=KEY,
            horizontal=True,
            help="Four colours gives each suit its own colour: easier to read across a table.",
        )


def _picked() -> None:
    st.session_state[PICKS] = int(st.session_state.get(PICKS, 0)) + 1
    st.session_state[KEPT] = st.session_state.get("game")


def choose_game(game_id: str) -> None:
    """Choose ``game_id`` as if in the sidebar, from a page's own game list (the play and
    host pages' setup panels): there is one choice of game, so the sidebar shows it and
    the page deals a table of it. For a widget's callback, which runs before the sidebar
    is drawn."""
    if game_id not in registry.SITE_GAMES or game_id == current_game():
        return
    st.session_state["game"] = game_id
    st.session_state.pop(FROM_TABLE, None)
    _picked()


def choose_game_later(game_id: str) -> None:
    """Choose ``game_id`` as :func:`choose_game` does, from a page's run (after the sidebar
    is drawn): the sidebar takes it on the next run, which the caller asks for."""
    if game_id in registry.SITE_GAMES and game_id != current_game():
        st.session_state[FROM_TABLE] = game_id
        _picked()


def picked_since(marker_key: str) -> bool:
    """Whether the visitor chose a game in the sidebar since ``marker_key`` was last asked."""
    picks = int(st.session_state.get(PICKS, 0))
    seen = int(st.session_state.get(marker_key, picks))
    st.session_state[marker_key] = picks
    return picks != seen


def follow_table(game_id: str) -> None:
    """Show the game on the table in the sidebar.

    The sidebar is drawn before the page, so a change reruns the script at
    once and the sidebar picks it up first thing.
    """
    if game_id not in registry.SITE_GAMES or current_game() == game_id:
        return
    if st.session_state.get(FROM_TABLE) != game_id:  # once: a page run alone has no sidebar
        st.session_state[FROM_TABLE] = game_id
        st.rerun()


def current_game() -> str:
    """The current game's id (a key of ``ui.registry.SITE_GAMES``): the sidebar's, or the
    game it takes on its next run (a page run alone, as in tests, has no sidebar to take
    it)."""
    pending = st.session_state.get(FROM_TABLE)
    if pending in registry.SITE_GAMES:
        return str(pending)
    return str(st.session_state.get("game", default_game()))
