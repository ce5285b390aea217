"""Play a hand: you take a seat, computer players take the others (or friends at one screen).

The table shows what your seat may see; the action bar offers only your
legal decisions; the computer players act at once, and what they did is
told with their reason and the rule behind it. At the end: the showdown,
who won which pot and why, and a new deal. The address bar always holds
the hand's link, sealed, so it gives no card away. The table itself is a
``PlaySession`` (``ui/sessions/play.py``).
"""

from __future__ import annotations

import streamlit as st

from engine.games import GAMES
from engine.state import seat_name
from engine.views import public_view
from ui.components.actions import action_bar
from ui.components.announcements import changed_settings_text
from ui.components.deal_setup import default_game, play_setup_panel, remember_setup
from ui.components.hand_files import history_downloads, history_upload
from ui.components.hand_now import announced_low
from ui.components.notices import show_notice
from ui.components.share_link import open_from_address, show_share, write_link
from ui.components.table import (
    describe_result,
    result_heading,
    show_felt,
    show_log,
    show_settlement,
)
from ui.odds.hand import odds_button
from ui.odds.link import odds_link
from ui.quiz.training import show_play_lessons
from ui.sessions.dealing import Setup, default_players
from ui.sessions.play import PlaySession
from ui.sessions.share import HandLink
from ui.sidebar import follow_table

P = "play"
TABLE = f"{P}_table"
LOG_HEIGHT = 340


def keep_decision_in_view() -> None:
    """The decision stays in view: on a wide screen beside the table as the page scrolls, on
    a phone along the bottom of the screen (the page keeps room to scroll the table above
    it, and the far seats are drawn smaller). Keys make it too: F folds, C checks or calls,
    R makes the smallest bet or raise; typing in a box is left alone, and the script
    listens once however often the page reruns. The seats fade in lightly as they are
    drawn, not at all under reduced motion."""
    st.html(
        "<style>@media (min-width: 640px) { [data-testid='stLayoutWrapper']:has(> "
        '.st-key-play_decision) { position: sticky; top: 4rem; z-index: 2; } '
        '.st-key-play_decision { background: var(--dc-panel, #ffffff); } }@media (max-width: '
        '639px) { .st-key-play_decision { position: fixed; left: 0; right: 0; bottom: 0; '
        'z-index: 50; max-height: 46vh; overflow-y: auto; border-radius: 14px 14px 0 0; '
        'background: var(--dc-panel, #ffffff); box-shadow: 0 -4px 14px rgba(0,0,0,.25); } '
        "[data-testid='stMainBlockContainer'] { padding-bottom: 48vh; } .dc-felt .dc-far { "
        'zoom: .8; } } .dc-felt .dc-seat { animation: dc-deal .28s ease-out; } @keyframes '
        'dc-deal { from { opacity: 0; transform: translateY(-8px); } } @media '
        '(prefers-reduced-motion: reduce) { .dc-felt .dc-seat { animation: none; } }</style>')
    st.html("""<script>
if (!window.dcPlayKeys) {
  window.dcPlayKeys = true;
  const words = {f: ["Fold"], c: ["Check", "Call"], r: ["Raise", "Bet", "Complete"]};
  document.addEventListener("keydown", (event) => {
    const wanted = words[event.key.toLowerCase()];
    const typing = event.target.closest && event.target.closest("input, textarea, select");
    if (!wanted || typing || event.ctrlKey || event.metaKey || event.altKey) return;
    const panel = document.querySelector(".st-key-play_decision");
    if (!panel) return;
    const buttons = [...panel.querySelectorAll("button")];
    for (const word of wanted) {
      const button = buttons.find((b) => b.innerText.trim().startsWith(word) && !b.disabled);
      if (button) { event.preventDefault(); button.click(); return; }
    }
  });
}
</script>""", unsafe_allow_javascript=True)


def table() -> PlaySession:
    session: PlaySession = st.session_state[TABLE]
    return session


def put(session: PlaySession) -> None:
    """Make ``session`` the table, and show its game and players in the setup panel."""
    st.session_state[TABLE] = session
    state = session.state
    remember_setup(P, Setup(state.game.id, state.players, state.settings))


def fresh() -> PlaySession:
    game = GAMES[default_game()]
    return PlaySession.fresh(game.id, default_players(game))


def loaded(link: HandLink) -> None:
    put(table().opened(link, what="Loaded a hand"))


def next_hand_buttons(session: PlaySession) -> None:
    """Deal the session's next hand; or, out of chips, buy back in; or start over."""
    series = session.series
    if series.you_are_out:
        st.warning(f"You are out of chips. Buy back in for {series.chips} to play on, or "
                   "start a new session with everyone's chips back to the start.")
        st.button(f"Buy back in ({series.chips} chips)", key=f"{P}_rebuy", type="primary",
                  icon=":material/savings:", width="stretch",
                  on_click=lambda: put(table().rebuy()))
    else:
        st.button("Deal again", key=f"{P}_again", type="primary", icon=":material/replay:",
                  width="stretch", on_click=lambda: put(table().again()),
                  help="The next hand of this session: the chips carry over and the button "
                       "moves one seat to the left.")
    st.button("New session", key=f"{P}_new_session", icon=":material/restart_alt:",
              width="stretch", on_click=lambda: put(table().new_session()),
              help="Everyone's chips back to the start, the hands list emptied.")


def show_session(session: PlaySession) -> None:
    """The session's hands, each with its downloads, and the visitor's statistics."""
    series = session.series
    st.subheader("This session", anchor=False)
    stats = series.statistics()
    if not session.hot:
        cells = st.columns(5)
        cells[0].metric("Hands played", stats.played)
        cells[1].metric("Hands won", stats.won)
        cells[2].metric("Net chips", f"{stats.net:+d}")
        cells[3].metric("Biggest pot won", stats.biggest_pot)
        cells[4].metric("Money in by choice", "–" if stats.vpip_percent is None
                        else f"{stats.vpip_percent:.0f}%",
                        help="Voluntarily put money in pot: the share of hands in which you "
                             "called, bet or raised (blinds, antes and bring-ins are forced, "
                             "so they do not count).")
    if not series.played:
        st.caption("No hand finished yet.")
        return
    for hand in reversed(series.played):
        result = "" if session.hot else f" · you {_net_words(hand.net)}"
        with st.expander(f"Hand {hand.number} · {hand.game_name} · "
                         f"{seat_name(hand.seat)}{result}"):
            viewer = None if session.hot else hand.seat
            history_downloads(hand.state, key=f"{P}_hand{hand.number}", viewer=viewer,
                              host=False, link=HandLink.from_state(
                                  hand.state, seat=viewer, hot_seat=session.hot))


def _net_words(net: int) -> str:
    return f"won {net}" if net > 0 else f"lost {-net}" if net < 0 else "broke even"


# --- the screen ----------------------------------------------------------------

st.title("Play a hand")
open_from_address(P, st.session_state.get(TABLE), kind=PlaySession, fresh=fresh,
                  put=put)
play_setup_panel(P, deal=lambda setup, seat, hot, seed:
                 put(PlaySession.deal(setup, seat=seat, hot=hot, seed=seed)))

session = table()
state, hot, seat = session.state, session.hot, session.seat
follow_table(state.game.id)
link = session.link()
sealed = write_link(P, link)
show_notice(session.notice)

who = "everyone plays at this screen" if hot else f"you are {seat_name(seat)}"
number = f" · deal number {session.chosen_seed}" if session.chosen_seed is not None else ""
st.caption(f"{state.game.name} · {state.players} players · {who}{number} · "
           f"announcements: {changed_settings_text(state.settings)}")

current = session.current
revealed = False
if hot and not state.is_over:
    banner, toggle = st.columns([3, 2], vertical_alignment="center")
    banner.markdown(f"### Pass the screen to {seat_name(current)}")
    revealed = toggle.toggle(f"Show {seat_name(current)}'s cards",
                             key=f"{P}_reveal_{len(state.actions)}",
                             help="Only the seat's owner should look. The cards are hidden "
                                  "again as soon as the turn passes.")
view = public_view(state) if hot and not revealed else state.view(current)
you = set() if hot and not revealed else {current}

# The table round its felt, and the decision beside it, kept in view.
keep_decision_in_view()
felt, decision = st.columns([5, 3], gap="medium")
with felt:
    show_felt(view, you=you)
    if state.is_over and not hot:
        show_play_lessons(session)
    if view.is_over:
        assert view.settlement is not None
        st.subheader(result_heading(view.settlement), anchor=False)
        show_settlement(view, you=set() if hot else you)
with decision:
    with st.container(border=True, key=f"{P}_decision"):
        if state.is_over:
            assert state.settlement is not None
            st.subheader("The hand is over." if hot else
                         describe_result(state.settlement, you), anchor=False)
            next_hand_buttons(session)
        elif hot and not revealed:
            st.markdown(f"{seat_name(current)}: make sure only you can see the screen, then "
                        "show your cards to decide.")
        else:
            action_bar(view, key=f"{P}_act_{len(state.actions)}", on_choose=session.choose,
                       title=f"{seat_name(current)}, your decision", sizes=True,
                       low_ranking=announced_low(state.settings),
                       odds_url=odds_link(view, current))
        odds_button(state, view, key=f"{P}_odds")
        if not state.is_over:
            st.caption("Keys: F folds, C checks or calls, R makes the smallest bet or raise.")
    st.markdown("**What just happened** (the latest first)")
    with st.container(height=LOG_HEIGHT, border=False):
        show_log(session.narration(view, latest=True), empty="Nothing yet.", latest_first=True)
    with st.expander("The whole hand so far"):
        show_log(session.narration(view, latest=False))

show_session(session)

with st.expander("Share and save this hand", icon=":material/share:"):
    st.markdown("**Share this hand.** The address bar always holds this link too.")
    show_share(link, sealed, path="play", what="this table at this decision")
    viewer = None if hot else seat
    if not hot or state.is_over:
        history_downloads(state, key=f"{P}_history", viewer=viewer, host=False, link=link,
                          text_label="Download the text history"
                                     + (" (every card)" if viewer is None else ""))
    history_upload(key=f"{P}_history", on_load=loaded,
                   on_error=lambda message: table().refused(message))
