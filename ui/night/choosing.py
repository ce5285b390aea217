"""Choosing a game for the night: the host's form that opens a night, the new dealer's
choice of the next game (dealer's choice) from the night's list, told which games the
players still in can be dealt, and the host's games left out of the night."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import streamlit as st

from engine.games import GAMES
from ui.components.announcements import announcement_controls, chosen_settings
from ui.components.plain import plain
from ui.night import game_list, record
from ui.night.controller import Night, Seat, Snapshot
from ui.night.names import MAX_NAME, NAME_HELP
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
        names.append(left.text_input(f"Seat {chair + 1}'s name (optional)",
                                     max_chars=MAX_NAME, help=NAME_HELP,
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


NEXT = f"{P}_next_game"
"""The game the dealer has chosen from the list (read by the Deal button's callback)."""
FIND = f"{P}_find_game"


def next_game(night: Night, seat: Seat, snap: Snapshot) -> None:
    """The new dealer names the next game and its announcements from the night's list:
    by family, found by words typed, each game with five lines of how it plays
    (``ui.night.game_list``); the games the host left out are not on it."""
    data = snap.data
    count = len(record.seated(data, record.next_button(data)))
    with st.container(border=True, key=f"{P}_dealer_list"):
        if not seat.is_host:
            heading = "You deal next: name the game"
        elif data["hand"] is None:
            heading = "Name the first game"
        else:
            dealer = record.names(data)[record.next_button(data)]
            heading = f"{dealer}, a computer player, deals next: name the game for it"
        st.markdown(f"#### {plain(heading)}")
        listed = {g.id: g for g in game_list.listed_games(data)}
        st.caption(f"{count} players are in · {len(listed)} games tonight")
        words = st.text_input("Find a game", key=FIND, placeholder="a name or a word: wild, "
                              "draw, split, low…")
        families = game_list.dealer_list(data, words)
        shown = [g.id for _, games in families for g in games] or list(listed)
        _keep_choice(data, listed, shown)
        # One list, by family, with each game's five lines; a search opens it afresh (a new
        # label) on the games it found.
        searched = words.strip()
        label = (f"{len(shown) if families else 'No'} found for \"{searched[:30]}\""
                 if searched else "Tonight's games by family, with how each plays")
        with st.expander(label, expanded=bool(searched) and len(shown) <= 6):
            if not families:
                st.caption(plain(f"No game tonight matches \"{searched}\"."))
            for family, games in families:
                st.markdown(f"**{plain(family)}** ({len(games)})")
                for game in games:
                    _listed_game(game)
        game_id = st.selectbox("Next game", shown, key=NEXT,
                               format_func=lambda g: listed[g].name
                               + ("" if listed[g].why is None else
                                  " (not with this many players)"))
        with st.expander("The dealer's announcements (each player keeps their chips)"):
            announcement_controls(game_id, prefix=f"{P}_next_{game_id}",
                                  fixed=_night_chips(data))
        why = listed[game_id].why
        if why:
            st.warning(plain(f"{why}."))
        st.button("Deal the next hand", key=f"{P}_deal_{snap.version}", type="primary",
                  disabled=bool(why), icon=":material/playing_cards:",
                  on_click=lambda: deal_chosen(night, seat, snap.version, _night_chips(data)))


def _keep_choice(data: Mapping[str, Any], listed: Mapping[str, game_list.Listed],
                 shown: list[str]) -> None:
    """The game chosen stays chosen while it is shown; else the last hand's game, else the
    first shown that the players in can be dealt."""
    if st.session_state.get(NEXT) in shown:
        return
    last = (data.get("hand") or {}).get("game")
    st.session_state[NEXT] = last if last in shown else next(
        (g for g in shown if listed[g].why is None), shown[0])


def _listed_game(game: game_list.Listed) -> None:
    """One game on the list: its name, its five lines, and the button that chooses it."""
    with st.container(border=True):
        st.markdown(f"**{plain(game.name)}**")
        st.caption("  \n".join(plain(line) for line in game.lines))
        if game.why:
            st.caption(plain(f"Not with this many players: {game.why}."))
        else:
            st.button(f"Choose {game.name}", key=f"{P}_pick_{game.id}",
                      on_click=lambda: st.session_state.__setitem__(NEXT, game.id))


def games_tonight(night: Night, seat: Seat, data: Mapping[str, Any]) -> None:
    """The host's list of the games the table deals tonight: those left out are never
    offered to a dealer, and stay out for the night (a restart too)."""
    out = sorted(record.left_out(data))
    names = {g: GAMES[g].name for g in GAMES}
    st.caption("Leave out the games this table does not deal: no dealer is offered them.")
    picked = st.multiselect("Games left out tonight", list(GAMES), default=out,
                            format_func=lambda g: names[g], key=f"{P}_left_out")
    if sorted(picked) != out:
        st.button("Keep these out", key=f"{P}_left_out_save", type="primary",
                  on_click=lambda: tell(night.leave_out(seat, list(picked))))


def deal_chosen(night: Night, seat: Seat, version: int, chips: dict[str, int]) -> None:
    """The Deal button's callback: the game and announcements chosen at the moment of the
    click (a choice made just before it counts), never the chips."""
    game_id = str(st.session_state.get(NEXT))
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
