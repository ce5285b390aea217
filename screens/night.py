"""Game night: one table on the TV, every guest's cards on their own phone.

Without a link the page sets up a night. A link (``?t=<secret>``) opens the
table as the host (the public table and the controls), the TV (the public
table, large) or one guest's seat (their own cards, their decisions). Every
screen polls the table's version about once a second and redraws only when
it changed; a decision is written with the version the screen was drawn from.
The table itself is ``ui.night`` (controller and record), which knows nothing
of Streamlit.
"""

from __future__ import annotations

import json
from typing import Any

import streamlit as st

from engine.games import GAMES
from engine.state import Action
from ui.components.actions import action_bar, next_up
from ui.components.announcements import announcement_controls, changed_settings_text
from ui.components.hand_now import announced_low
from ui.components.plain import plain
from ui.components.table import (
    Part,
    describe_result,
    presenter_screen,
    show_log,
    show_settlement,
    show_table,
)
from ui.night import record
from ui.night.controller import NO_TABLE, Night, Outcome, Seat, Snapshot, poll_seconds
from ui.night.show import named, named_events, show_chips, show_links, with_names
from ui.sessions.reasons import with_reasons
from ui.store import NotFound, open_store

P = "night"
NOTICE, OPENED = f"{P}_notice", f"{P}_opened"


def tell(outcome: Outcome) -> None:
    """Keep what became of a change for the next run of the page."""
    if outcome.message:
        st.session_state[NOTICE] = (outcome.ok, outcome.message)


def show_told() -> None:
    told = st.session_state.pop(NOTICE, None)
    if told is not None:
        ok, message = told
        (st.success if ok else st.warning)(plain(message))


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


# --- setting up a night -----------------------------------------------------------


def setup(night: Night) -> None:
    st.title("Game night")
    st.caption("One table on the TV, each guest's cards on their own phone. Choose the seats, "
               "the chips and the first game; you get a link for yourself, one for the TV and "
               "one for each guest, as QR codes to scan.")
    seats = int(st.number_input("Seats at the table", min_value=2, max_value=10, value=4,
                                step=1, key=f"{P}_seats"))
    st.markdown("**Who sits where** (clockwise; the last seat deals the first hand)")
    people, names = [], []
    for chair in range(seats):
        left, right = st.columns([3, 2], vertical_alignment="bottom")
        names.append(left.text_input(f"Seat {chair + 1}'s name (optional)", max_chars=24,
                                     key=f"{P}_name_{chair}"))
        people.append(right.toggle("A person (off: a computer player)", value=chair < 2,
                                   key=f"{P}_person_{chair}"))
    chips = int(st.number_input("Starting chips", min_value=1, max_value=1_000_000, value=200,
                                step=10, key=f"{P}_chips"))
    game_id = st.selectbox("The first game", list(GAMES), key=f"{P}_first_game",
                           format_func=lambda g: GAMES[g].name)
    why = record.dealable(game_id, seats)
    with st.expander("The dealer's announcements"):
        settings = announcement_controls(game_id, prefix=f"{P}_first_{game_id}")
    if why:
        st.warning(plain(f"{why}."))
    if st.button("Start the night", key=f"{P}_create", type="primary", disabled=bool(why),
                 icon=":material/groups:"):
        values = settings.to_dict()
        values["chips"] = chips
        try:
            _, shown = night.create(people=people, names=names, chips=chips, game_id=game_id,
                                    settings=values)
        except record.Refused as refused:
            st.error(plain(str(refused)))
            return
        st.session_state[OPENED] = shown["host"]
        st.query_params["t"] = shown["host"]
        st.rerun()


# --- choosing the next game ----------------------------------------------------------


def next_game(night: Night, seat: Seat, snap: Snapshot) -> None:
    """The new dealer names the next game and its announcements, told which games the
    players still in can play."""
    data = snap.data
    games = record.dealable_games(data)
    count = len(record.seated(data, record.next_button(data)))
    can = [GAMES[g].name for g, why in games.items() if why is None]
    with st.container(border=True):
        st.markdown("#### You deal next: name the game")
        st.caption(f"{count} players are in. The table can deal: {', '.join(can) or 'no game'}.")
        game_id = st.selectbox("Next game", list(GAMES), key=f"{P}_next_game",
                               format_func=lambda g: GAMES[g].name
                               + ("" if games[g] is None else " (not with this many players)"))
        with st.expander("The dealer's announcements"):
            settings = announcement_controls(game_id, prefix=f"{P}_next_{game_id}")
        why = games[game_id]
        if why:
            st.warning(plain(f"{why}."))
        values = settings.to_dict()
        values.pop("chips", None)
        st.button("Deal the next hand", key=f"{P}_deal_{snap.version}", type="primary",
                  disabled=bool(why), icon=":material/playing_cards:",
                  on_click=lambda: tell(night.deal_next(seat, snap.version, game_id=game_id,
                                                        settings=values)))


def hand_over(night: Night, seat: Seat, snap: Snapshot) -> None:
    data = snap.data
    if len(record.seated(data, record.next_button(data))) < 2:
        st.success("The night is won: only one player has chips left.")
        return
    dealer = record.next_button(data)
    chooser = record.chooser(data)
    if seat.player is not None and seat.player == chooser or seat.is_host and chooser is None:
        next_game(night, seat, snap)
    else:
        who = data["players"][dealer]["name"]
        st.info(plain(f"Waiting for {who}, the new dealer, to name the next game."
                      if chooser is not None else
                      "The host names the next game for the computer dealer."))


# --- the three screens ------------------------------------------------------------------


def caption(snap: Snapshot) -> str:
    hand, state = snap.data["hand"], snap.state
    assert state is not None
    return (f"Hand {hand['number']} · {state.game.name} · {state.players} players in · "
            f"announcements: {changed_settings_text(state.settings)}")


def narration(snap: Snapshot, view: Any, *, big: bool = False, height: int = 320) -> None:
    events = named_events(with_reasons(view.events, record.reasons(snap.data)), snap.data)
    with st.container(height=height, border=False):
        show_log(events, big=big, latest_first=True, empty="Nothing yet.")


def phone(night: Night, seat: Seat, snap: Snapshot) -> None:
    data, state = snap.data, snap.state
    assert seat.player is not None and state is not None
    me = data["players"][seat.player]["name"]
    engine_seat = record.engine_seat(data, seat.player)
    view = snap.view_for(seat)
    assert view is not None
    view = named(view, data)
    st.markdown(f"### {plain(me)}")
    st.caption(caption(snap) + f" · your chips: {data['chips'][seat.player]}")
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
        st.caption(plain(with_names(next_up(state), data)))
    show_table(view, you=you, part=Part.YOURS)
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
    narration(snap, view, height=260)
    show_table(view, you=you, part=Part.OTHERS)
    with st.expander("Chips over the night"):
        show_chips(data, key=f"{P}_phone", chart=False)


def choose(night: Night, seat: Seat, version: int, action: Action) -> None:
    tell(night.decide(seat, version, action))


def tv(seat: Seat, snap: Snapshot) -> None:
    presenter_screen()
    data, state = snap.data, snap.state
    assert state is not None
    view = snap.view_for(seat)
    assert view is not None
    view = named(view, data)
    if data["reveal"]:
        st.warning("The host is showing every hole card, for a demonstration.",
                   icon=":material/visibility:")
    if data["paused"]:
        st.warning("The host has paused the table.", icon=":material/pause:")
    names = [p["name"] for p in data["players"]]
    left, right = st.columns([1, 3], gap="medium")
    with left:
        st.header(plain(with_names(next_up(state), data)) if not state.is_over else
                  "The hand is over", anchor=False)
        st.caption(caption(snap))
        narration(snap, view, big=True, height=560)
    with right:
        show_table(view, big=True)
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


def host(night: Night, seat: Seat, snap: Snapshot) -> None:
    data, state = snap.data, snap.state
    assert state is not None
    names = [p["name"] for p in data["players"]]
    st.title("Game night: host")
    st.caption(caption(snap) + " · this page's address is your own link: keep it to yourself.")
    show_told()
    unopened = Night.unopened(seat, data)
    if unopened:
        with st.expander("Links nobody has opened yet", expanded=True):
            st.caption("Put the TV's link on the television; each guest scans their seat's code "
                       "(the TV shows them too). A code goes away once its link is opened.")
            show_links(unopened, names)
    view = snap.view_for(seat)
    assert view is not None
    view = named(view, data)
    if data["reveal"]:
        st.warning("Every hole card is shown on the TV, for a demonstration.")
    controls = st.columns(3)
    controls[0].button("Resume play" if data["paused"] else "Pause the table",
                       key=f"{P}_pause", icon=":material/pause:",
                       on_click=lambda: tell(night.pause(seat, not data["paused"])))
    controls[1].button("Hide the hole cards on the TV" if data["reveal"] else
                       "Reveal the hole cards on the TV (demonstration)", key=f"{P}_reveal",
                       on_click=lambda: tell(night.reveal(seat, not data["reveal"])))
    controls[2].download_button("Download the night's hands (every card)",
                                data=json.dumps(night.histories(seat), indent=1),
                                file_name="game-night.json", mime="application/json",
                                key=f"{P}_download", icon=":material/download:")
    left, right = st.columns([3, 2], gap="medium")
    with left:
        st.markdown(f"**{plain(with_names(next_up(state), data))}**")
        show_table(view)
        if state.is_over:
            show_settlement(view)
            hand_over(night, seat, snap)
    with right:
        narration(snap, view, height=420)
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


# --- the screen -------------------------------------------------------------------------


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
    if seat.is_tv:
        tv(seat, snap)
    elif seat.is_host:
        host(night, seat, snap)
    else:
        phone(night, seat, snap)
    with st.container(key=f"{P}_at_{snap.version}"):
        st.caption(f"Table version {snap.version}: this screen follows the table by itself.")


main()
