"""Choosing a game for the night: the host's form that opens a night, and the new
dealer's choice of the next game (dealer's choice), told which games the players
still in can be dealt."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import streamlit as st

from engine.games import GAMES
from ui.components.announcements import announcement_controls, chosen_settings
from ui.components.plain import plain
from ui.night import record
from ui.night.controller import Night, Seat, Snapshot
from ui.night.notice import P, tell

OPENED = f"{P}_opened"
"""The secret this browser last opened: a link opened once is then only looked up."""


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
    lobby = st.toggle("Open a lobby: the TV shows one code, each guest picks a free chair and "
                      "types a name, and you name the first game when the table is ready",
                      value=True, key=f"{P}_lobby_open")
    game_id = st.selectbox("The first game", list(GAMES), key=f"{P}_first_game",
                           format_func=lambda g: GAMES[g].name, disabled=lobby)
    why = None if lobby else record.dealable(game_id, seats)
    with st.expander("The dealer's announcements"):
        settings = announcement_controls(game_id, prefix=f"{P}_first_{game_id}",
                                         fixed={"chips": chips})
    if why:
        st.warning(plain(f"{why}."))
    if st.button("Start the night", key=f"{P}_create", type="primary", disabled=bool(why),
                 icon=":material/groups:"):
        values = settings.to_dict()
        values["chips"] = chips
        try:
            _, shown = night.create(people=people, names=names, chips=chips,
                                    game_id=None if lobby else game_id,
                                    settings=None if lobby else values, lobby=lobby)
        except record.Refused as refused:
            st.error(plain(str(refused)))
            return
        st.session_state[OPENED] = shown["host"]
        st.query_params["t"] = shown["host"]
        st.rerun()


def next_game(night: Night, seat: Seat, snap: Snapshot) -> None:
    """The new dealer names the next game and its announcements, told which games the
    players still in can play."""
    data = snap.data
    games = record.dealable_games(data)
    count = len(record.seated(data, record.next_button(data)))
    can = [GAMES[g].name for g, why in games.items() if why is None]
    with st.container(border=True):
        if not seat.is_host:
            heading = "You deal next: name the game"
        elif data["hand"] is None:
            heading = "Name the first game"
        else:
            dealer = record.names(data)[record.next_button(data)]
            heading = f"{dealer}, a computer player, deals next: name the game for it"
        st.markdown(f"#### {plain(heading)}")
        st.caption(f"{count} players are in. The table can deal: {', '.join(can) or 'no game'}.")
        game_id = st.selectbox("Next game", list(games), key=f"{P}_next_game",
                               format_func=lambda g: GAMES[g].name
                               + ("" if games[g] is None else " (not with this many players)"))
        with st.expander("The dealer's announcements (each player keeps their chips)"):
            announcement_controls(game_id, prefix=f"{P}_next_{game_id}",
                                  fixed=_night_chips(data))
        why = games[game_id]
        if why:
            st.warning(plain(f"{why}."))
        st.button("Deal the next hand", key=f"{P}_deal_{snap.version}", type="primary",
                  disabled=bool(why), icon=":material/playing_cards:",
                  on_click=lambda: deal_chosen(night, seat, snap.version, _night_chips(data)))


def deal_chosen(night: Night, seat: Seat, version: int, chips: dict[str, int]) -> None:
    """The Deal button's callback: the game and announcements chosen at the moment of the
    click (a choice made just before it counts), never the chips."""
    game_id = str(st.session_state.get(f"{P}_next_game"))
    if game_id not in GAMES:
        return
    values = chosen_settings(game_id, prefix=f"{P}_next_{game_id}", fixed=chips).to_dict()
    values.pop("chips", None)
    tell(night.deal_next(seat, version, game_id=game_id, settings=values))


def _night_chips(data: Mapping[str, Any]) -> dict[str, int]:
    """The chips are the night's, never the next game's announcement: each player plays
    the stack in front of them, so the chip setting is not offered between hands."""
    return {"chips": int(data.get("start_chips") or 1)}


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
