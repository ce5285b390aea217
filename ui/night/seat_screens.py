"""The two screens of a game night that sit at the table: a guest's phone (their own
cards, their decisions, the rest compact) and the TV (the public table, large, and
the codes still to scan)."""

from __future__ import annotations

from collections.abc import Mapping

import streamlit as st

from engine.state import Action, HandView
from ui.components.actions import action_bar
from ui.components.announcements import changed_settings_text
from ui.components.hand_now import announced_low
from ui.components.plain import plain
from ui.components.table import (
    describe_result,
    presenter_screen,
    show_settlement,
)
from ui.night import record
from ui.night.choosing import hand_over
from ui.night.controller import Night, Seat, Snapshot
from ui.night.notice import P, show_told, tell
from ui.night.parts import part_html
from ui.night.show import (
    rules_links,
    show_chips,
    show_links,
)


def caption(snap: Snapshot) -> str:
    hand, state = snap.data["hand"], snap.state
    assert state is not None
    return (f"Hand {hand['number']} · {state.game.name} · {state.players} players in · "
            f"announcements: {changed_settings_text(state.settings)}")


def phone(night: Night, seat: Seat, snap: Snapshot, view: HandView,
          parts: Mapping[str, str]) -> None:
    data, state = snap.data, snap.state
    assert seat.player is not None and state is not None
    me = data["players"][seat.player]["name"]
    engine_seat = record.engine_seat(data, seat.player)
    st.markdown(f"### {plain(me)}")
    chips = data["chips"][seat.player]       # the night's count: it moves when a hand ends
    st.caption(caption(snap) + (f" · your chips after this hand: {chips}" if state.is_over
                                else f" · you began this hand with {chips} chips"))
    st.markdown(rules_links(state.game.id))
    show_told()
    if data["paused"]:
        st.warning("The host has paused the table.", icon=":material/pause:")
    if not data["players"][seat.player]["person"]:
        st.info("A computer player has your seat for now; ask the host to give it back.")
    you = set() if engine_seat is None else {engine_seat}
    if engine_seat is None:
        st.info("You sit this hand out." if data["chips"][seat.player] > 0 else
                "You are out of chips: you sit out the rest of the night.")
    elif not state.is_over and engine_seat in state.to_act and not data["paused"]:
        st.success("**Your turn**", icon=":material/touch_app:")
    elif not state.is_over:
        show_part("turn", parts)
    show_part("mine", parts)
    if view.legal and not data["paused"]:
        action_bar(view, key=f"{P}_act_{snap.version}", title="Your decision",
                   on_choose=lambda action: choose(night, seat, snap.version, action),
                   low_ranking=announced_low(state.settings))
    if state.is_over:
        assert state.settlement is not None
        if engine_seat is not None:
            st.subheader(describe_result(state.settlement, you), anchor=False)
        show_settlement(view, you=you)
        hand_over(night, seat, snap)
    st.markdown("**What happened** (the latest first)")
    show_part("log", parts)
    show_part("others", parts)
    with st.expander("Chips over the night"):
        show_chips(data, key=f"{P}_phone", chart=False)


def choose(night: Night, seat: Seat, version: int, action: Action) -> None:
    tell(night.decide(seat, version, action))


def tv(seat: Seat, snap: Snapshot, view: HandView, parts: Mapping[str, str]) -> None:
    presenter_screen()
    data, state = snap.data, snap.state
    assert state is not None
    if data["reveal"]:
        st.warning("The host is showing every hole card, for a demonstration.",
                   icon=":material/visibility:")
    if data["paused"]:
        st.warning("The host has paused the table.", icon=":material/pause:")
    names = [p["name"] for p in data["players"]]
    left, right = st.columns([1, 3], gap="medium")
    with left:
        if state.is_over:
            st.header("The hand is over", anchor=False)
        else:
            show_part("turn", parts)
        st.caption(caption(snap))
        show_part("log", parts)
    with right:
        show_part("table", parts)
        if state.is_over:
            st.subheader("The showdown: who won which pot, and why", anchor=False)
            show_settlement(view)
            dealer = names[record.next_button(data)]
            st.header(plain(f"Next to deal: {dealer}"), anchor=False)
    unopened = {r: s for r, s in Night.unopened(seat, data).items() if r != "tv"}
    if unopened:
        st.subheader("Scan your seat", anchor=False)
        show_links(unopened, names, columns=5)
    with st.expander("Chips over the night", expanded=bool(state.is_over)):
        show_chips(data, key=f"{P}_tv")


def show_part(name: str, parts: Mapping[str, str]) -> None:
    """One part of the screen, in an element a push can fill again (``ui.night.parts``)."""
    st.html(part_html(name, parts[name]))
