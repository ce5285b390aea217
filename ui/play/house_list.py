"""Play's and Host's list of games with the visitor's house games on it (the texts are
``ui.play.house_games``'s): the game kept on the "Your house game" page in this visit
comes first, then those added here by a play link, as a game night's host adds one."""

from __future__ import annotations

import streamlit as st

from engine.games.house import HouseError, HouseGame
from ui.components.plain import plain
from ui.house.keep import KEPT, open_link
from ui.night.house_screen import play_secret
from ui.play.house_games import MOST, SUFFIX, added, listed
from ui.store import open_store

__all__ = ["add_house_game", "house_games", "label"]

TEXTS = "listed_house_games"
"""The session's texts of the house games added by a play link."""


def house_games() -> dict[str, HouseGame]:
    """The visit's house games by id, each known to the engine for this run."""
    kept = st.session_state.get(KEPT)
    texts = [kept.house.text] if kept is not None else []
    return listed([*texts, *st.session_state.get(TEXTS, [])])


def label(game_id: str, houses: dict[str, HouseGame], site_name: str) -> str:
    """A game's name on the list, a house game's marked as one."""
    return houses[game_id].name + SUFFIX if game_id in houses else site_name


def add_house_game(prefix: str) -> None:
    """Paste a house game's play link (from the "Your house game" page) to list it."""
    link_key, told_key = f"{prefix}_house_link", f"{prefix}_house_told"

    def add() -> None:
        typed = str(st.session_state.get(link_key, "")).strip()
        if not typed:
            return  # nothing pasted, or just added as it was pasted: nothing to say
        secret = play_secret(typed)
        try:
            kept = open_link(open_store(), secret) if secret else None
        except (ValueError, HouseError):
            kept = None
        if kept is None:
            st.session_state[told_key] = ("warning", f"“{typed[:80]}” opens no house game: "
                                          "it was mistyped, or the game was removed.")
            return
        st.session_state[TEXTS] = added(st.session_state.get(TEXTS, []), kept.house.text)
        st.session_state[told_key] = ("success", f"{kept.house.name} is on the list of games.")
        st.session_state[link_key] = ""

    with st.expander("Add a house game"):
        st.caption(f"Paste the play link of a house game written on the Your house game page "
                   f"(the one you keep there is listed already). Up to {MOST} are listed.")
        left, right = st.columns([3, 1], vertical_alignment="bottom")
        left.text_input("A house game's play link", key=link_key, max_chars=400,
                        on_change=add)
        right.button("Add", key=f"{prefix}_house_add", icon=":material/add:", on_click=add,
                     width="stretch")
        told = st.session_state.pop(told_key, None)
        if told is not None:
            tone, words = told
            if tone == "warning":
                st.warning(plain(words), icon=":material/link_off:")
            else:
                st.success(plain(words), icon=":material/playlist_add:")
