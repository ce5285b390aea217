"""The host's control for house games: paste a kept house game's play link, and the
dealer may name that game tonight (``ui.night.house_games``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any
from urllib.parse import parse_qs, urlsplit

import streamlit as st

from ui.components.plain import plain
from ui.house.keep import PLAY
from ui.night import house_games
from ui.night.controller import Night, Seat
from ui.night.notice import P, tell

LINK = f"{P}_house_link"


def play_secret(link: str) -> str:
    """The secret of a play link as pasted: a whole address, or the secret alone.

    >>> play_secret("https://x.org/house?play=abc"), play_secret(" abc ")
    ('abc', 'abc')
    """
    link = link.strip()
    found = parse_qs(urlsplit(link).query).get(PLAY)
    return found[0] if found else link


def house_games_control(night: Night, seat: Seat, data: Mapping[str, Any]) -> None:
    with st.expander("House games for tonight"):
        names = [house.name for house in house_games.games(data).values()]
        st.caption(plain("The dealer may name: " + ", ".join(names)) if names else
                   "Add a house game written on the Your house game page: paste its play "
                   "link, and the dealer may name it.")

        def add() -> None:
            tell(night.add_house_game(seat, play_secret(str(st.session_state.get(LINK, "")))))
            st.session_state[LINK] = ""

        left, right = st.columns([3, 1], vertical_alignment="bottom")
        left.text_input("A house game's play link", key=LINK, max_chars=400)
        right.button("Add", key=f"{P}_house_add", icon=":material/add:", on_click=add,
                     width="stretch", disabled=len(names) >= house_games.MOST)
