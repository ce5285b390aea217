"""Host a hand: deal from a seed or from typed cards, step through every decision with
narration, show or hide the hole cards, and switch to a large presenter view for a TV.

The hand and its line of decisions are a ``HostSession`` (``ui/sessions/host.py``).
The host's own link reopens every card; the link for guests opens the same hand
with every hole card hidden and goes no further than the step it was shared at.
"""

from __future__ import annotations

import streamlit as st

from engine.games import GAMES
from engine.state import seat_name
from engine.views import host_view
from ui.components.actions import action_bar, next_up
from ui.components.deal_setup import (
    default_game,
    host_setup_panel,
    remember_setup,
    typed_setup_asked,
)
from ui.components.hand_files import history_downloads, history_upload
from ui.components.hand_now import announced_low
from ui.components.host_controls import (
    HIDDEN,
    HOLE,
    PRESENTER,
    REVEAL,
    P,
    step_buttons,
    view_options,
)
from ui.components.notices import show_notice
from ui.components.share_link import open_from_address, sealed_once, show_share, write_link
from ui.components.table import (
    presenter_screen,
    result_heading,
    show_log,
    show_settlement,
    show_table,
)
from ui.odds.hand import odds_button, show_measure
from ui.odds.link import odds_link
from ui.sessions.dealing import Setup, default_players
from ui.sessions.host import HostSession
from ui.sessions.share import HandLink
from ui.sessions.told_why import last_reason
from ui.sidebar import follow_table

TABLE = f"{P}_table"


def hand() -> HostSession:
    session: HostSession = st.session_state[TABLE]
    return session


def put(session: HostSession, *, from_panel: bool = False) -> None:
    """Make ``session`` the hand on the table (shown in the setup panel, unless it came from
    there); a watched hand keeps its hole cards hidden."""
    st.session_state[TABLE] = session
    st.session_state[REVEAL] = []
    if session.watching:
        st.session_state[HOLE] = HIDDEN
    if not from_panel:
        state = session.state
        remember_setup(P, Setup(state.game.id, state.players, state.settings))


def fresh() -> HostSession:
    game = GAMES[default_game()]
    return HostSession.fresh(game.id, default_players(game))


def open_any_link() -> None:
    open_from_address(P, st.session_state.get(TABLE), kind=HostSession, fresh=fresh,
                      put=put)
    asked = typed_setup_asked(P)
    if asked is not None:
        st.session_state[PRESENTER] = False
        hand().notice = asked


def loaded(link: HandLink) -> None:
    put(hand().opened(link, what="Loaded a hand"))


# --- the screen ----------------------------------------------------------------

open_any_link()
presenter = bool(st.session_state.get(PRESENTER))
if presenter:
    presenter_screen()
else:
    st.title("Host a hand")
    st.caption("Deal a hand for guests at the table: step through it, show or hide the hole "
               "cards, and switch to the presenter view for a television.")
    wanted = host_setup_panel(P)
    if wanted is not None:
        setup, seed, texts = wanted
        put(HostSession.dealt(setup, seed=seed, typed_texts=texts, current=hand()),
            from_panel=True)

session = hand()
state, step, watching = session.state, session.step, session.watching
follow_table(state.game.id)
own_link, guests_link = session.own_link(), session.guests_link()
sealed = write_link(P, guests_link if watching else own_link)
if not presenter:
    show_notice(session.notice)

reveal = view_options(session)
view = host_view(state, revealed=reveal)

step_buttons(session)

happened = session.happened(view.events)
narration, table = st.columns([2, 3] if not presenter else [1, 3], gap="medium")
with narration, st.container(border=True):
    (st.header if presenter else st.subheader)(session.heading(happened, revealed=reveal),
                                               anchor=False)
    why = last_reason(state, shown=reveal)
    if why:
        st.caption(f"Why, as a computer player sees it: {why}.")
    show_log(happened, big=presenter, scroll_height="calc(100vh - 330px)" if presenter else None)
    (st.subheader if presenter else st.markdown)(next_up(state) if presenter
                                                 else f"**{next_up(state)}**")
    if not presenter:
        show_measure(state, shown=reveal)
with table:
    show_table(view, big=presenter)
    if not presenter:
        odds_button(state, view, key=f"{P}_odds")
    if view.is_over and view.settlement is not None:
        st.subheader(result_heading(view.settlement), anchor=False)
        show_settlement(view)

if not presenter and not state.is_over and not watching:
    seat = state.to_act[0]
    with st.expander(f"Decide for {seat_name(seat)} yourself (instead of Next)"):
        st.caption("Your choice replaces any decisions kept ahead of this step.")
        seat_view, shown = state.view(seat), seat in reveal
        action_bar(seat_view, key=f"{P}_act_{step}_{len(session.line)}",
                   on_choose=session.decide, title=f"{seat_name(seat)}'s decision",
                   show_hand=shown, low_ranking=announced_low(state.settings),
                   odds_url=odds_link(seat_view, seat) if shown else None)

if not presenter:
    with st.expander("Share and save this hand", icon=":material/share:"):
        st.markdown("**A link for guests.** Send it to the table: it opens this hand at this "
                    "step, with every hole card hidden.")
        show_share(guests_link, sealed_once(f"{P}_guests_sealed", guests_link), path="host",
                   what="this hand at this step, and no further", code=True)
        if not watching:
            st.markdown("**Your own link.** Keep it to yourself: the address bar holds it too.")
            show_share(own_link, sealed, path="host", tell_address=False,
                       what="this hand at this step, with the rest of the line kept ahead")
            history_downloads(state, key=f"{P}_history", viewer=None, host=True, link=own_link,
                              text_label="Download the text history (every card)")
        history_upload(key=f"{P}_history", on_load=loaded,
                       on_error=lambda message: hand().refused(message))
    with st.expander("The whole hand so far"):
        show_log(view.events)
