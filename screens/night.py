"""Game night: one table on the TV, every guest's cards on their own phone.

Without a link the page sets up a night. A link (``?t=<secret>``) opens the
table as the host (the public table and the controls), the TV (the public
table, large) or one guest's seat (their own cards, their decisions). Every
screen polls the table's version about once a second and redraws only when
it changed; a decision is written with the version the screen was drawn from.
Each screen is drawn by ``ui.night``'s screen modules over its controller, which
knows nothing of Streamlit.
"""

from __future__ import annotations

import streamlit as st

from ui.night.choosing import OPENED, setup
from ui.night.controller import NO_TABLE, Night, poll_seconds
from ui.night.host_screen import host
from ui.night.notice import P, show_told
from ui.night.seat_screens import phone, tv
from ui.sidebar import follow_table
from ui.store import NotFound, open_store


def follow(night: Night, record_id: str, drawn: int) -> None:
    """About once a second: the table's version (one cheap read); the page is drawn again
    only when it changed.

    Each version of the table gets a poll of its own name. Streamlit knows a poll by its
    function's name and place, and a poll ending after the page was redrawn may tell the
    browser to stop the poll of that name: with one name per version, it can only stop
    the old one."""

    def poll() -> None:
        if night.version(record_id) != drawn:
            st.rerun()

    poll.__qualname__ = f"follow_table_at_{drawn}"
    st.fragment(run_every=poll_seconds())(poll)()


def main() -> None:
    night = Night(open_store())
    secret = st.query_params.get("t")
    if secret is None:
        show_told()
        setup(night)
        return
    first = st.session_state.get(OPENED) != secret
    seat = night.open(secret) if first else night.find(secret)
    try:
        snap = None if seat is None else night.snapshot(seat.record_id)
    except NotFound:
        snap = None
    if seat is None or snap is None or snap.state is None:
        st.title("Game night")
        st.error(NO_TABLE, icon=":material/link_off:")
        st.page_link("screens/night.py", label="Set up a new night", icon=":material/groups:")
        return
    st.session_state[OPENED] = secret
    # The poll first: it is registered before anything can interrupt this run, so the
    # browser's timer never ticks for a poll the server has not yet heard of.
    follow(night, seat.record_id, snap.version)
    follow_table(snap.state.game.id)
    if seat.is_tv:
        tv(seat, snap)
    elif seat.is_host:
        host(night, seat, snap)
    else:
        phone(night, seat, snap)
    with st.container(key=f"{P}_at_{snap.version}"):
        st.caption(f"Table version {snap.version}: this screen follows the table by itself.")


main()
