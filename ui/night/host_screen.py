"""The host's screen of a game night: the public table and every control (pause, reveal
for a demonstration after a confirmation, chairs to a computer and back, new links;
between hands a seat added, a guest sitting out or going home, rebuys; the lobby
opened again for a latecomer; the night's hands to download; the end of the night,
which shows every screen the results)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import streamlit as st

from engine.state import HandView
from ui.components.plain import plain
from ui.components.table import show_settlement
from ui.night import lobby, record
from ui.night.choosing import games_tonight, hand_over
from ui.night.controller import Night, Seat, Snapshot
from ui.night.house_screen import house_games_control
from ui.night.names import MAX_NAME, NAME_HELP
from ui.night.notice import P, show_told, tell
from ui.night.seat_screens import caption, finished_hand_odds, show_part
from ui.night.show import rules_links, show_chips, show_links
from ui.night.watch import latest

CONFIRM_REVEAL = f"{P}_confirm_reveal"


def host(night: Night, seat: Seat, snap: Snapshot, view: HandView,
         parts: Mapping[str, str]) -> None:
    data, state = snap.data, snap.state
    assert state is not None
    st.title("Game night: host")
    st.caption(caption(snap) + " · this page's address is your own link: keep it to yourself.")
    st.markdown(rules_links(state.game.id))
    show_told()
    unopened = Night.unopened(seat, data)
    if unopened:
        with st.expander("Links nobody has opened yet", expanded=True):
            st.caption("Put the TV's link on the television; each guest scans their seat's code "
                       "(the TV shows them too). A code goes away once its link is opened.")
            show_links(unopened, record.names(data))
    if data["reveal"]:
        st.warning("Every hole card is shown on the TV, for a demonstration; every phone "
                   "has been told.")
    controls = st.columns(3)
    controls[0].button("Resume play" if data["paused"] else "Pause the table",
                       key=f"{P}_pause", icon=":material/pause:",
                       on_click=lambda: tell(night.pause(seat, not data["paused"])))
    with controls[1]:
        reveal_control(night, seat, data)
    controls[2].download_button("Download the night's hands",
                                data=lambda: night_file(night, seat),
                                file_name="game-night.txt", mime="text/plain", on_click="ignore",
                                help="Every hand as the table saw it: the shown hands and every "
                                     "decision, no hole card that stayed face down.",
                                key=f"{P}_download", icon=":material/download:")
    left, right = st.columns([3, 2], gap="medium")
    with left:
        show_part("turn", parts, snap.version)
        if state.is_over:  # the next game first: the table waits on it, not on a scroll
            hand_over(night, seat, snap)
        show_part("table", parts, snap.version)
        if state.is_over:
            show_settlement(view)
            finished_hand_odds(state, view)
    with right:
        show_part("log", parts, snap.version)
    with st.expander("The players", expanded=bool(state.is_over)):
        players(night, seat, data)
    house_games_control(night, seat, data)
    with st.expander("Tonight's games"):
        games_tonight(night, seat, data)
    show_chips(data, key=f"{P}_host")
    with st.expander("End the night"):
        st.caption("No more hands: every screen shows the final standings and the "
                   "settle-up (you set what a chip is worth), and the downloads. The night "
                   "stays readable from its links until you remove it.")
        if st.button("End the night and show the results", key=f"{P}_end", type="primary"):
            tell(night.end(seat))
            st.rerun()


def reveal_control(night: Night, seat: Seat, data: Mapping[str, Any]) -> None:
    """Hiding the hole cards is one tap; showing them asks first, since every guest's
    cards go up on the TV (and every phone is told)."""
    if data["reveal"]:
        st.button("Hide the hole cards on the TV", key=f"{P}_reveal",
                  on_click=lambda: tell(night.reveal(seat, False)))
        return
    if not st.session_state.get(CONFIRM_REVEAL):
        st.button("Reveal the hole cards on the TV…", key=f"{P}_reveal",
                  help="For a demonstration: asks first; the TV and every phone say so.",
                  on_click=lambda: st.session_state.update({CONFIRM_REVEAL: True}))
        return
    st.warning("Show every guest's hole cards on the TV? Every phone is told.",
               icon=":material/visibility:")
    yes, no = st.columns(2)
    yes.button("Yes, reveal them", key=f"{P}_reveal_yes", type="primary",
               on_click=confirmed_reveal, args=(night, seat))
    no.button("Cancel", key=f"{P}_reveal_no",
              on_click=lambda: st.session_state.update({CONFIRM_REVEAL: False}))


def confirmed_reveal(night: Night, seat: Seat) -> None:
    st.session_state[CONFIRM_REVEAL] = False
    tell(night.reveal(seat, True))


def players(night: Night, seat: Seat, data: Mapping[str, Any]) -> None:
    """Each chair: a person or a computer, a new link, and between hands sitting out,
    going home and rebuys; a new chair; the lobby for a latecomer."""
    between = record.between_hands(data)
    for player, chair in enumerate(data["players"]):
        status = ("gone home" if chair.get("left") else "sits out" if chair.get("out")
                  else "computer" if not chair["person"] else "")
        cells = st.columns([3, 2, 2, 2], vertical_alignment="center")
        cells[0].markdown(plain(f"{chair['name']} · {data['chips'][player]} chips"
                                + (f" · {status}" if status else "")))
        person = chair["person"]
        back = "back " if chair.get("linked") else ""  # a computer from the start has none
        cells[1].button("Give to a computer" if person else f"Give {back}to a person",
                        key=f"{P}_person_{player}",
                        help=None if person else "The chair's link keeps working." if back
                        else "Its link then shows under \"Links nobody has opened yet\".",
                        on_click=lambda p=player, now=person:
                        tell(night.set_person(seat, p, not now)))
        if person:
            cells[2].button("New link", key=f"{P}_reissue_{player}",
                            help="The old link stops working at once.",
                            on_click=lambda p=player:
                            tell(night.reissue(seat, record.seat_role(p))))
        if between:
            out = bool(chair.get("out") or chair.get("left"))
            cells[3].button("Deal in again" if out else "Sit out", key=f"{P}_out_{player}",
                            on_click=lambda p=player, now=out:
                            tell(night.sit_out(seat, p, not now)))
    st.button("New TV link", key=f"{P}_reissue_tv",
              on_click=lambda: tell(night.reissue(seat, "tv")))
    if not between:
        st.caption("Between hands you can add a chair, let a guest go home or sit out, and "
                   "take rebuys.")
        return
    names = {p: str(c["name"]) for p, c in enumerate(data["players"])}
    with st.form(f"{P}_rebuy", border=True, enter_to_submit=False):
        st.markdown("**A rebuy**")
        left, middle = st.columns(2)
        who = left.selectbox("Player", list(names), format_func=names.__getitem__,
                             key=f"{P}_rebuy_who")
        chips = middle.number_input("Chips", min_value=1, max_value=record.MAX_CHIPS,
                                    value=int(data.get("start_chips", 200)), step=10,
                                    key=f"{P}_rebuy_chips")
        if st.form_submit_button("Take the rebuy", key=f"{P}_rebuy_take"):
            tell(night.rebuy(seat, who, chips))
            st.rerun()
    with st.form(f"{P}_leave", border=True, enter_to_submit=False):
        st.markdown("**A guest goes home** (with their chips, settled up at the end)")
        who = st.selectbox("Player", list(names), format_func=names.__getitem__,
                           key=f"{P}_leave_who")
        if st.form_submit_button("Goes home", key=f"{P}_leave_go"):
            tell(night.leave(seat, who))
            st.rerun()
    with st.form(f"{P}_add", border=True, enter_to_submit=False):
        st.markdown("**A new chair** (next clockwise after the last)")
        left, right = st.columns([3, 2], vertical_alignment="bottom")
        name = left.text_input("Name (optional: a guest types it from the lobby)",
                               max_chars=MAX_NAME, help=NAME_HELP, key=f"{P}_add_name")
        person = right.toggle("A person (off: a computer player)", value=True,
                              key=f"{P}_add_person")
        if st.form_submit_button("Add the chair", key=f"{P}_add_go"):
            tell(night.add_seat(seat, person=person, name=name))
            st.rerun()
    st.button("Close the lobby" if lobby.lobby_open(data) else
              "Open the lobby for a latecomer", key=f"{P}_lobby",
              help="The TV shows the join code again while it is open.",
              on_click=lambda: tell(night.set_lobby(seat, not lobby.lobby_open(data))))


def night_file(night: Night, seat: Seat) -> str:
    """The host's download, made when it is clicked, from the table as it is then: the
    screen takes the parts of a decision without a redraw, so a file made at its last
    redraw could be behind."""
    snap = latest(night, seat.record_id)
    if snap is None:
        return "This night is over: its table is gone.\n"
    return night.table_record(seat, snap) or ""
