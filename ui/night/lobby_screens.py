"""The lobby: before the first deal, the TV shows one join code; a guest who scans it picks
a free chair and types a name, and their page becomes that chair's own link; the host
sees who has sat down and deals when the table is ready.

The join link shows nothing of a hand (``Snapshot.view_for`` gives it none): only the
chairs, their names and whether they are free.
"""

from __future__ import annotations

import html
from collections.abc import Mapping
from typing import Any

import streamlit as st

from ui.components.plain import plain
from ui.night import lobby, record
from ui.night.address import LinkBase, link_base
from ui.night.choosing import OPENED, games_tonight, next_game
from ui.night.controller import Night, Seat, Snapshot
from ui.night.host_screen import players
from ui.night.house_screen import house_games_control
from ui.night.names import MAX_NAME, NAME_HELP
from ui.night.notice import P, show_told, tell
from ui.night.show import qr_html, show_address, show_links
from ui.night.tv_table import tv_style_html

JOIN_QR = 420
"""The join code's side on the TV: scanned from across a living room."""


def chair_state(data: Mapping[str, Any], chair: int) -> str:
    """A chair in the lobby, in words: who sits there, or that it waits for a guest."""
    player = data["players"][chair]
    if not player["person"]:
        return "a computer player"
    if player.get("left", False):
        return "gone home"
    return "here" if player.get("joined", True) else "free"


def chairs_html(data: Mapping[str, Any], *, big: bool = False) -> str:
    """Every chair of the night, in order: its name and whether someone sits there."""
    size = 28 if big else 16
    rows = []
    for chair, player in enumerate(data["players"]):
        state = chair_state(data, chair)
        free = state == "free"
        name = "Free chair" if free else str(player["name"])
        mark = "◻" if free else "✓"
        colour = "#5a4300" if free else "#1d6b3a"
        rows.append(f'<li style="margin:2px 0;list-style:none;font-size:{size}px">'
                    f'<span style="color:{colour};'
                    f'font-weight:800">{mark}</span> Chair {chair + 1}: '
                    f'<b>{html.escape(name)}</b> <span style="color:#4a524c">'
                    f'({html.escape(state)})</span></li>')
    return (f'<ul style="font-size:{size}px;line-height:1.35;padding:0;margin:0">'
            f'{"".join(rows)}</ul>')


def join_screen(night: Night, seat: Seat, snap: Snapshot) -> None:
    """A guest who scanned the join code: a free chair and a name, then their own link."""
    data = snap.data
    st.title("Join the game night", anchor=False)
    show_told()
    if not lobby.lobby_open(data):
        st.info("The lobby is closed: the table is playing. Ask the host for your chair's "
                "own link, or to open the lobby again.", icon=":material/lock:")
        return
    free = lobby.free_chairs(data)
    if not free:
        st.info("Every chair is taken. Ask the host to add one.", icon=":material/event_seat:")
        st.html(chairs_html(data))
        return
    st.caption("Pick a free chair and type the name the table will call you all night.")
    # Chair-sized rows to tap on a phone (44 px at least, like every button at the table).
    st.html('<style>.st-key-night_join_chair label { min-height: 44px; '
            'align-items: center; }</style>')
    with st.form(f"{P}_join", border=False, enter_to_submit=True):
        choices = join_choices(data)
        chair = st.radio("Your chair", choices, index=choices.index(free[0]),
                         key=f"{P}_join_chair", format_func=lambda c: f"Chair {c + 1}"
                         + ("" if c in free else " (taken)"))
        name = st.text_input("Your name", max_chars=MAX_NAME, key=f"{P}_join_name",
                             placeholder="Ann", help=NAME_HELP)
        taken = st.form_submit_button("Take this chair", type="primary",
                                      icon=":material/event_seat:", key=f"{P}_join_take")
    if taken:
        outcome = night.join(seat, chair, name)
        if not outcome.ok or not outcome.secret:
            # Under the button, where the guest is looking, not under ten chairs.
            st.warning(plain(outcome.message or "That chair could not be taken."))
            st.html(chairs_html(data))
            return
        tell(outcome)
        st.session_state[OPENED] = outcome.secret
        st.query_params["t"] = outcome.secret
        st.rerun()
    st.html(chairs_html(data))


def join_choices(data: Mapping[str, Any]) -> list[int]:
    """The chairs a guest may pick from: every person's chair still at the table, free or
    taken. A picked chair is held by its place in the list until the form is sent, so the
    list keeps its places as guests sit down: a redraw never moves a guest's choice to
    another chair under their finger (a chair taken meanwhile is refused, with a message).

    >>> join_choices({"players": [{"person": True, "joined": True}, {"person": False},
    ...                           {"person": True, "joined": False}]})
    [0, 2]
    """
    return [index for index, chair in enumerate(data["players"])
            if chair["person"] and not chair.get("left", False)]


def lobby_tv(seat: Seat, snap: Snapshot) -> None:
    """The TV before the first deal: one code to scan, and who has sat down."""
    data = snap.data
    st.html(tv_style_html())
    base = link_base(st.context.url)
    secret = Night.join_link(seat, data)
    st.html(lobby_tv_html(data, secret, base))


def lobby_tv_html(data: Mapping[str, Any], secret: str | None, base: LinkBase) -> str:
    """The TV's lobby: the join code beside how to join, and the chairs."""
    steps = ["Open your phone's camera and scan the code.",
             "Pick a free chair and type your name.",
             "Your phone shows your cards; this TV shows the table."]
    code = qr_html(base.link(secret), label="Scan to join", px=JOIN_QR, label_px=32) \
        if secret else ('<div style="font-size:32px">The lobby is closed: the host deals '
                        'soon.</div>')
    said = "".join(f'<li style="margin:6px 0;font-size:32px">{html.escape(s)}</li>'
                   for s in steps)
    note = f'<div style="font-size:24px;margin-top:10px">Phones open {html.escape(base.origin)}' \
           f'</div>' if base.note and base.reachable else \
        (f'<div style="font-size:24px;margin-top:10px">{html.escape(base.note)}</div>'
         if base.note else "")
    return (f'<div style="display:flex;gap:48px;align-items:flex-start;color:#1f2421">'
            f'<div>{code}{note}</div><div style="flex:1">'
            f'<div style="font-size:56px;font-weight:800;line-height:1.1">Join the game '
            f'night</div><ol style="font-size:32px;line-height:1.3;padding-left:40px">{said}'
            f'</ol><div style="font-size:32px;font-weight:800;margin:18px 0 6px">The chairs'
            f'</div>{chairs_html(data, big=True)}<div style="font-size:28px;margin-top:18px;'
            f'color:#3d453f">The host deals the first hand when the table is ready.</div>'
            f'</div></div>')


def lobby_phone(seat: Seat, snap: Snapshot) -> None:
    """A guest who has sat down, before the first deal."""
    data = snap.data
    assert seat.player is not None
    st.markdown(f"### {plain(data['players'][seat.player]['name'])}")
    show_told()
    st.success(plain(f"You sit in chair {seat.player + 1}. The host deals the first hand "
                     "when the table is ready; your cards appear here."),
               icon=":material/event_seat:")
    st.caption("Keep this page: its address is your chair's own link for the night.")
    st.html(chairs_html(data))


def lobby_host(night: Night, seat: Seat, snap: Snapshot) -> None:
    """The host before the first deal: the join code, who has sat down, and the deal."""
    data = snap.data
    st.title("Game night: host", anchor=False)
    st.caption("This page's address is your own link: keep it to yourself.")
    show_told()
    base = link_base(st.context.url)
    secret = Night.join_link(seat, data)
    left, right = st.columns([2, 3], gap="large")
    with left:
        if secret:
            st.html(qr_html(base.link(secret), label="The join code (the TV shows it too)"))
            st.code(base.link(secret), language=None, wrap_lines=True)
            show_address(base)
    with right:
        st.markdown("**The chairs**")
        st.html(chairs_html(data))
        next_game(night, seat, snap)
    with st.expander("The chairs: add one, sit one out, rebuys"):
        players(night, seat, data)
    house_games_control(night, seat, data)
    with st.expander("Tonight's games"):
        games_tonight(night, seat, data)
    unopened = Night.unopened(seat, data)
    if unopened:
        with st.expander("Each chair's own link, and the TV's"):
            st.caption("A guest may scan their chair's own code instead of the join code; "
                       "put the TV's link on the television.")
            show_links(unopened, record.names(data))
