"""Game night: one table on the TV, every guest's cards on their own phone.

Without a link the page sets up a night. A link (``?t=<secret>``) opens the
table as the host (the public table and the controls), the TV (the public
table, large), one guest's seat (their own cards, their decisions) or the lobby's
join screen (a free chair and a name). Before the first deal the screens show the
lobby; once the host ends the night, the results. Every
screen hears the table's version over a socket (``ui.night.watch``): when only the
parts a decision changes moved (``ui.night.parts``), the socket brings them and the
screen takes them in place; otherwise its fragment runs again. A decision is written
with the version the screen was drawn from.
Each screen is drawn by ``ui.night``'s screen modules over its controller, which
knows nothing of Streamlit.
"""

from __future__ import annotations

import streamlit as st

from ui.components.table import presenter_screen
from ui.night import record
from ui.night.choosing import OPENED, setup
from ui.night.controller import NO_TABLE, Night, Seat, Snapshot
from ui.night.host_screen import host
from ui.night.lobby_screens import join_screen, lobby_host, lobby_phone, lobby_tv
from ui.night.notice import show_told
from ui.night.parts import at_html, part_html, parts_for, viewer_view
from ui.night.results_screen import results
from ui.night.seat_screens import ended_name, names_next_game, phone, started_name, turn_name
from ui.night.tv_screen import tv
from ui.night.watch import latest, table_moved, watch
from ui.sidebar import deck_style
from ui.store import open_store


def main() -> None:
    night = Night(open_store(), moved=table_moved, computers_later=True)
    secret = st.query_params.get("t")
    if secret is None:
        show_told()
        setup(night)
        return
    if st.session_state.get(OPENED) != secret and night.open(secret) is not None:
        st.session_state[OPENED] = secret
    table(night, secret)


@st.fragment
def table(night: Night, secret: str) -> None:
    """The screen a link opens, as a fragment: when the table moves, or a control on it is
    used, only this runs again (the page list and the rest of the page do not)."""
    seat = night.find(secret)
    snap = None if seat is None else latest(night, seat.record_id)
    if seat is None or snap is None:
        st.title("Game night")
        st.error(NO_TABLE, icon=":material/link_off:")
        st.page_link("screens/night.py", label="Set up a new night", icon=":material/groups:")
        return
    four_colour = deck_style() == "four-colour"
    watch(secret, snap.version, four_colour=four_colour,
          turn=turn_name(snap.data, snap.state, seat.player),
          deals=snap.state is not None and names_next_game(snap.data, snap.state, seat.player),
          ended=ended_name(snap.data, snap.state, seat.player),
          started=started_name(snap.data, snap.state, seat.player))
    if record.ended(snap.data):
        results(night, seat, snap)
    elif seat.is_join:
        join_screen(night, seat, snap)
    elif snap.state is None:
        lobby(night, seat, snap)
    else:
        view = viewer_view(seat, snap)
        parts = parts_for(seat, snap, four_colour=four_colour, view=view)
        if seat.is_host:
            host(night, seat, snap, view, parts)
        elif seat.is_tv:
            tv(seat, snap, view, parts)
        else:
            phone(night, seat, snap, view, parts)
    st.html(part_html("at", at_html(snap.version), snap.version))


def lobby(night: Night, seat: Seat, snap: Snapshot) -> None:
    """Before the first deal: the join code and the chairs (``ui.night.lobby_screens``)."""
    if seat.is_host:
        lobby_host(night, seat, snap)
    elif seat.is_tv:
        presenter_screen()
        lobby_tv(seat, snap)
    else:
        lobby_phone(seat, snap)


main()
