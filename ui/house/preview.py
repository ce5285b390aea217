"""A house game's preview: its rules written from the declaration, a hand dealt and stepped
through, the odds of a typed spot, and hands against computer players, all from the
parts the site's own game pages, Odds page and Play page are made of."""

from __future__ import annotations

import streamlit as st

from engine.games.house import HouseGame
from engine.state import seat_name
from ui.components.actions import action_bar
from ui.components.announcements import announcement_controls
from ui.components.hand_files import history_downloads
from ui.components.hand_now import announced_low
from ui.components.table import describe_result, show_felt, show_log
from ui.house.rules import glance, hand_goes
from ui.learn.rules import show_stakes
from ui.learn.walkthrough import show_walkthrough
from ui.odds import hand as odds_hand
from ui.sessions.dealing import default_players
from ui.sessions.play import PlaySession
from ui.sessions.share import HandLink

__all__ = ["TABS", "preview"]

P = "house"
PLAY = f"{P}_play_table"
TABS = (":material/menu_book: Rules", ":material/play_circle: A hand, step by step",
        ":material/percent: Odds", ":material/playing_cards: Play")


def show_house_rules(house: HouseGame) -> None:
    """The game at a glance, the stakes of the announcements in force, how a hand goes."""
    if house.tagline:
        st.markdown(f"##### {house.tagline}", help=None)
    if house.summary:
        st.text(house.summary)
    lines = glance(house)
    columns = st.columns(len(lines))
    for column, (label, text) in zip(columns, lines.items(), strict=True):
        with column, st.container(border=True, height="stretch"):
            st.caption(label.upper())
            st.text(text)
    with st.expander("The dealer's announcements"):
        settings = announcement_controls(house.id, prefix=f"{P}_{house.id[-6:]}")
    show_stakes(house.game, settings)
    st.subheader("How a hand goes", anchor=False)
    st.text("\n".join(f"{n}. {line}" for n, line in enumerate(hand_goes(house, settings),
                                                              start=1)))


def show_hand(house: HouseGame) -> None:
    game = house.game
    settings = game.settings_type()
    counts = list(game.player_counts(settings))
    left, right = st.columns(2)
    players = left.selectbox("Players", counts, index=counts.index(default_players(game))
                             if default_players(game) in counts else 0, key=f"{P}_walk_players")
    seed = right.number_input("Deal number", 0, 1_000_000, 1, key=f"{P}_walk_seed")
    show_walkthrough(house.id, settings=settings, prefix=P, street_notes={},
                     players=int(players), seed=int(seed))


def show_odds(house: HouseGame) -> None:
    """The Odds page's calculator, on this game."""
    st.session_state[odds_hand.GAME] = house.id
    odds_hand.show()


def _table(house: HouseGame) -> PlaySession:
    session = st.session_state.get(PLAY)
    if not isinstance(session, PlaySession) or session.state.game.id != house.id:
        session = PlaySession.fresh(house.id, default_players(house.game))
        st.session_state[PLAY] = session
    return session


def _put(session: PlaySession) -> None:
    st.session_state[PLAY] = session


def show_play(house: HouseGame) -> None:
    """A hand against computer players, as on the Play page: your seat, their reasons."""
    session = _table(house)
    state, seat = session.state, session.seat
    view = state.view(seat)
    felt, decision = st.columns([5, 3], gap="medium")
    with felt:
        show_felt(view, you={seat})
    with decision, st.container(border=True, key=f"{P}_decision"):
        if state.is_over:
            assert state.settlement is not None
            st.subheader(describe_result(state.settlement, {seat}), anchor=False)
            st.button("Deal again", key=f"{P}_again", type="primary", icon=":material/replay:",
                      width="stretch", on_click=lambda: _put(_table(house).again()))
            history_downloads(state, key=f"{P}_history", viewer=None, host=True,
                              link=HandLink.from_state(state, seat=None, hot_seat=False),
                              text_label="Download the text history (every card)")
        else:
            action_bar(view, key=f"{P}_act_{len(state.actions)}", on_choose=session.choose,
                       title=f"{seat_name(seat)}, your decision", sizes=True,
                       low_ranking=announced_low(state.settings))
        st.markdown("**What happened** (the latest first)")
        show_log(session.narration(view, latest=False), empty="Nothing yet.",
                 latest_first=True)


def preview(house: HouseGame) -> None:
    rules, hand, odds, play = st.tabs(TABS)
    with rules:
        show_house_rules(house)
    with hand:
        show_hand(house)
    with odds:
        show_odds(house)
    with play:
        show_play(house)
