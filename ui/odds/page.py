"""The Odds page's choice of widget: one question at a time, the current game's first.

Only the chosen widget runs, so the page never works out answers nobody is
looking at. ``?widget=stud`` (or ``hand``, ``partner``, ``sophie``, ``psycho``,
``hands``) opens a widget directly; ``hand`` answers for any game, and is where a
game without a question of its own opens.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType

import streamlit as st

from ui.components.plain import plain
from ui.odds import hand as odds_hand
from ui.odds import partner as odds_partner
from ui.odds import psycho as odds_psycho
from ui.odds import sophie as odds_sophie
from ui.odds import spread as odds_spread
from ui.odds import stud as odds_stud
from ui.odds.link import apply_link
from ui.registry import site_game
from ui.sidebar import current_game, picked_since

WIDGETS: Mapping[str, tuple[str, Callable[[], None]]] = MappingProxyType({
    "hand": ("Your hand, any game", odds_hand.show),
    "partner": ("Pick a Partner", odds_partner.show),
    "sophie": ("Sophie's Pick", odds_sophie.show),
    "stud": ("Seven-card stud", odds_stud.show),
    "psycho": ("Psycho", odds_psycho.show),
    "hands": ("How hands come out", odds_spread.show),
})
KEY = "odds_widget"


def widget_for(game_id: str) -> str:
    """The widget for this game's key decision (``ui/registry.py``); the first for a game
    without one."""
    game = site_game(game_id)
    return game.odds.widget if game is not None and game.odds is not None else next(iter(WIDGETS))


def choose_widget() -> Callable[[], None]:
    """A row of choices (the link's widget, else the current game's, which a game chosen in
    the sidebar also switches to); returns its renderer."""
    linked = st.query_params.get("widget")
    if linked is not None and linked in WIDGETS and KEY not in st.session_state:
        st.session_state[KEY] = linked
        if len(st.query_params) > 1:
            params = st.query_params.to_dict()
            wrong = odds_hand.apply_hand_link(params) if linked == "hand" else \
                apply_link(linked, params)
            if wrong is not None:
                st.error(f"This link's cards could not be used ({plain(wrong)}), so the "
                         "question starts from its usual deal.", icon=":material/link_off:")
    picked = picked_since(f"{KEY}_game_picks")
    if KEY not in st.session_state or (picked and st.session_state[KEY] != "hand"):
        st.session_state[KEY] = widget_for(current_game())  # the hand fits any game: it stays
    chosen = str(st.radio("Odds question", list(WIDGETS), key=KEY, horizontal=True,
                          format_func=lambda w: WIDGETS[w][0], label_visibility="collapsed"))
    return WIDGETS[chosen][1]
