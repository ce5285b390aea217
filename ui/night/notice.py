"""What became of a change on a game-night screen, kept for the page's next run."""

from __future__ import annotations

import streamlit as st

from ui.components.plain import plain
from ui.night.controller import Outcome

P = "night"
"""The prefix of every widget key on the Game night screens."""
NOTICE = f"{P}_notice"


def tell(outcome: Outcome) -> None:
    """Keep what became of a change for the next run of the page."""
    if outcome.message:
        st.session_state[NOTICE] = (outcome.ok, outcome.message)


def show_told() -> None:
    told = st.session_state.pop(NOTICE, None)
    if told is not None:
        ok, message = told
        (st.success if ok else st.warning)(plain(message))
