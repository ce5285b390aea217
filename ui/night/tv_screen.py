"""The TV's screen at a game night: the table round its chairs, the news or the showdown
beside it, and the codes still to scan, all on the screen at once (``ui.night.tv_table``
lays it out for a screen that cannot scroll)."""

from __future__ import annotations

from collections.abc import Mapping

import streamlit as st

from engine.state import HandView
from ui.components.table import presenter_screen
from ui.night import record
from ui.night.address import link_base
from ui.night.controller import Night, Seat, Snapshot
from ui.night.parts import part_html
from ui.night.tv_table import (
    SIDE_HEIGHT,
    codes_height,
    head_html,
    scan_html,
    showdown_html,
    tv_style_html,
)


def tv(seat: Seat, snap: Snapshot, view: HandView, parts: Mapping[str, str]) -> None:
    presenter_screen()
    st.html(tv_style_html())
    data, state = snap.data, snap.state
    assert state is not None
    st.html(head_html(snap))
    table, side = st.columns([7, 2.3], gap="small")
    with table:
        show_part("table", parts, snap.version)
    unopened = {r: s for r, s in Night.unopened(seat, data).items() if r != "tv"}
    join = Night.join_link(seat, data)
    if join:                          # the lobby is open again, for a latecomer
        unopened = {"join": join, **unopened}
    with side:
        if state.is_over:
            codes = codes_height(len(unopened))
            st.html(showdown_html(view, data, room=SIDE_HEIGHT - (codes + 16 if codes else 0)))
        else:
            show_part("log", parts, snap.version)
        if unopened:
            st.html(scan_html(unopened, record.names(data), base=link_base(st.context.url)))


def show_part(name: str, parts: Mapping[str, str], version: int) -> None:
    """One part of the screen, in an element a push can fill again (``ui.night.parts``)."""
    st.html(part_html(name, parts[name], version))
