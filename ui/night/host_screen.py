"""The host's screen of a game night: the public table and every control (pause,
reveal for a demonstration, seats to a computer and back, new links, the night's
hands to download, the end of the night)."""

from __future__ import annotations

from collections.abc import Mapping

import streamlit as st

from engine.state import HandView
from ui.components.plain import plain
from ui.components.table import show_settlement
from ui.night import record
from ui.night.choosing import hand_over
from ui.night.controller import Night, Seat, Snapshot
from ui.night.notice import P, show_told, tell
from ui.night.seat_screens import caption, show_part
from ui.night.show import rules_links, show_chips, show_links
from ui.night.watch import latest


def host(night: Night, seat: Seat, snap: Snapshot, view: HandView,
         parts: Mapping[str, str]) -> None:
    data, state = snap.data, snap.state
    assert state is not None
    names = [p["name"] for p in data["players"]]
    st.title("Game night: host")
    st.caption(caption(snap) + " · this page's address is your own link: keep it to yourself.")
    st.markdown(rules_links(state.game.id))
    show_told()
    unopened = Night.unopened(seat, data)
    if unopened:
        with st.expander("Links nobody has opened yet", expanded=True):
            st.caption("Put the TV's link on the television; each guest scans their seat's code "
                       "(the TV shows them too). A code goes away once its link is opened.")
            show_links(unopened, names)
    if data["reveal"]:
        st.warning("Every hole card is shown on the TV, for a demonstration.")
    controls = st.columns(3)
    controls[0].button("Resume play" if data["paused"] else "Pause the table",
                       key=f"{P}_pause", icon=":material/pause:",
                       on_click=lambda: tell(night.pause(seat, not data["paused"])))
    controls[1].button("Hide the hole cards on the TV" if data["reveal"] else
                       "Reveal the hole cards on the TV", key=f"{P}_reveal",
                       help="For a demonstration: the TV says so while they are shown.",
                       on_click=lambda: tell(night.reveal(seat, not data["reveal"])))
    controls[2].download_button("Download the night's hands",
                                data=lambda: night_file(night, seat),
                                file_name="game-night.txt", mime="text/plain", on_click="ignore",
                                help="Every hand as the table saw it: the shown hands and every "
                                     "decision, no hole card that stayed face down.",
                                key=f"{P}_download", icon=":material/download:")
    left, right = st.columns([3, 2], gap="medium")
    with left:
        show_part("turn", parts)
        show_part("table", parts)
        if state.is_over:
            show_settlement(view)
            hand_over(night, seat, snap)
    with right:
        show_part("log", parts)
    with st.expander("The players", expanded=False):
        for player, chair in enumerate(data["players"]):
            cells = st.columns([3, 2, 2], vertical_alignment="center")
            cells[0].markdown(plain(f"{chair['name']} · {data['chips'][player]} chips"))
            person = chair["person"]
            cells[1].button("Give to a computer" if person else "Give back to a person",
                            key=f"{P}_person_{player}",
                            on_click=lambda p=player, now=person:
                            tell(night.set_person(seat, p, not now)))
            if person:
                cells[2].button("New link", key=f"{P}_reissue_{player}",
                                help="The old link stops working at once.",
                                on_click=lambda p=player:
                                tell(night.reissue(seat, record.seat_role(p))))
        st.button("New TV link", key=f"{P}_reissue_tv",
                  on_click=lambda: tell(night.reissue(seat, "tv")))
    show_chips(data, key=f"{P}_host")
    with st.expander("End the night"):
        st.caption("The table is removed and every link stops working. Download the hands "
                   "first if you want them.")
        if st.button("End the night now", key=f"{P}_end", type="primary"):
            tell(night.end(seat))
            del st.query_params["t"]
            st.rerun()


def night_file(night: Night, seat: Seat) -> str:
    """The host's download, made when it is clicked, from the table as it is then: the
    screen takes the parts of a decision without a redraw, so a file made at its last
    redraw could be behind."""
    snap = latest(night, seat.record_id)
    if snap is None:
        return "This night is over: its table is gone.\n"
    return night.table_record(seat, snap) or ""
