"""The two screens of a game night that sit at the table: a guest's phone (their own
cards, their decisions, the rest compact) and the TV (the public table, large, and
the codes still to scan)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import streamlit as st

from engine.state import Action, HandState, HandView, seat_name
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


PHONE_STYLE = """<style>
/* Every tap target on a phone at least 44 px (buttons, card chips, the slider's thumb). */
.stButton button, .stFormSubmitButton button, .stDownloadButton button,
[data-testid^="stBaseButton-pills"] { min-height: 44px; min-width: 44px; }
[data-testid="stSlider"] [role="slider"] { width: 44px; height: 44px; }
[data-testid="stSlider"] { padding: 0 22px; }
/* The decision, scrolled to when the turn comes, leaves room above it. */
.st-key-night_decision { scroll-margin-top: 12px; }
</style>"""


def phone(night: Night, seat: Seat, snap: Snapshot, view: HandView,
          parts: Mapping[str, str]) -> None:
    """A guest's phone: their own cards and their decision first, on screen when it is
    their turn (``ui.night.watch`` brings it into view, names the tab and buzzes), then
    the hand's news, the rest of the table and the night."""
    data, state = snap.data, snap.state
    assert seat.player is not None and state is not None
    st.html(PHONE_STYLE)
    me = data["players"][seat.player]["name"]
    engine_seat = record.engine_seat(data, seat.player)
    st.markdown(f"### {plain(me)}")
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
        with st.container(key=f"{P}_decision"):
            action_bar(view, key=f"{P}_act_{snap.version}", title="Your decision",
                       on_choose=lambda action: choose(night, seat, snap.version, action),
                       low_ranking=announced_low(state.settings), who=seat_namer(data),
                       secret=secret_step(state), phone=True)
    if state.is_over:
        assert state.settlement is not None
        if engine_seat is not None:
            st.subheader(describe_result(state.settlement, you), anchor=False)
        show_settlement(view, you=you)
        hand_over(night, seat, snap)
    chips = data["chips"][seat.player]       # the night's count: it moves when a hand ends
    st.caption(caption(snap) + (f" · your chips after this hand: {chips}" if state.is_over
                                else f" · you began this hand with {chips} chips"))
    st.markdown(rules_links(state.game.id))
    st.markdown("**What happened** (the latest first)")
    show_part("log", parts)
    show_part("others", parts)
    with st.expander("Chips over the night"):
        show_chips(data, key=f"{P}_phone", chart=False)


def your_turn(data: Mapping[str, object], state: HandState | None, player: int | None) -> bool:
    """Whether the guest in chair ``player`` has a decision waiting (not while paused)."""
    if player is None or state is None or state.is_over or data.get("paused"):
        return False
    engine_seat = record.engine_seat(data, player)
    return engine_seat is not None and engine_seat in state.to_act


def secret_step(state: HandState) -> bool:
    """Whether the step being played is made by everyone at once, in secret."""
    return bool(getattr(state.phase, "simultaneous", False))


def seat_namer(data: Mapping[str, Any]) -> Callable[[int], str]:
    """This hand's seats by the names of the people in them."""
    hand = data["hand"]
    names = [str(data["players"][p]["name"]) for p in hand["seats"]] if hand else []
    return lambda seat: names[seat] if 0 <= seat < len(names) else seat_name(seat)


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
