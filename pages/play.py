"""Play a hand: you take a seat, computer players take the others (or friends at one screen).

The table shows what your seat may see; the action bar offers only your
legal decisions; the computer players act at once, and what they did is
told with the rule behind it. At the end: the showdown, who won which pot
and why, and a new deal. The address bar always holds the hand's link,
sealed, so it gives no card away.
"""

from __future__ import annotations

import random

import streamlit as st

from engine.bots import bot_for
from engine.games import GAMES, new_hand
from engine.state import Action, HandState, IllegalAction, seat_name
from ui.actions import action_bar
from ui.announcements import changed_settings_text
from ui.dealing import (
    Setup,
    chosen_setup,
    default_game,
    default_players,
    fresh_seed,
    remember_setup,
    setup_controls,
    sidebar_game_chosen,
)
from ui.hand_now import announced_low
from ui.history import history_downloads, history_upload
from ui.odds_link import odds_link
from ui.plain import plain
from ui.reasons import bot_decides, with_reasons
from ui.share import (
    HandLink,
    LinkError,
    incoming_link,
    read_link,
    show_share,
    write_link,
)
from ui.sidebar import follow_table
from ui.table import (
    Part,
    describe_result,
    public_view,
    show_log,
    show_settlement,
    show_table,
)

P = "play"
HAND, SEAT, HOT, MARK, NOTICE = (f"{P}_hand", f"{P}_seat", f"{P}_hot", f"{P}_mark",
                                 f"{P}_notice")
# The computer players' reasons for the hand on the table (see ui.reasons), and the deal
# number the player typed, if any: the only one the page may show, since a deal number gives
# every card away.
REASONS, CHOSEN_SEED = f"{P}_reasons", f"{P}_chosen_seed"
LOG_HEIGHT = 340


def hand() -> HandState:
    state = st.session_state[HAND]
    assert isinstance(state, HandState)
    return state


def humans(state: HandState) -> set[int]:
    if st.session_state.get(HOT):
        return set(range(state.players))
    return {int(st.session_state.get(SEAT, 0))}


def run_bots(state: HandState) -> None:
    """Computer players decide for every other seat until a person must act."""
    people = humans(state)
    bots = bot_for(state.game.id)
    while not state.is_over:
        waiting = [s for s in state.to_act if s not in people]
        if not waiting:
            return
        rng = random.Random(f"{state.seed}:{len(state.actions)}")
        bot_decides(state, waiting[0], bots, rng, st.session_state.setdefault(REASONS, {}))


def start(state: HandState, *, seat: int, hot: bool, chosen_seed: int | None = None) -> None:
    st.session_state[HAND] = state
    st.session_state[CHOSEN_SEED] = chosen_seed
    st.session_state[REASONS] = {}
    st.session_state[SEAT] = min(seat, state.players - 1)
    st.session_state[HOT] = hot
    st.session_state[MARK] = 0
    run_bots(state)


def deal(setup: Setup, *, seat: int, hot: bool, seed: int | None = None) -> None:
    state = new_hand(setup.game_id, players=setup.players, settings=setup.settings,
                     seed=fresh_seed() if seed is None else seed)
    start(state, seat=seat, hot=hot, chosen_seed=seed)


def choose(action: Action) -> None:
    """A person's decision: apply it, then let the computer players answer."""
    state = hand()
    mark = len(state.events)
    try:
        state.apply(action)
    except IllegalAction as refused:
        st.session_state[NOTICE] = ("error", f"That is not allowed: {refused}.")
        return
    st.session_state[MARK] = mark
    st.session_state.pop(NOTICE, None)
    run_bots(state)


def deal_again() -> None:
    state = hand()
    setup = Setup(state.game.id, state.players, state.settings)
    deal(setup, seat=int(st.session_state.get(SEAT, 0)), hot=bool(st.session_state.get(HOT)))
    st.session_state.pop(NOTICE, None)


def take_seat(link: HandLink) -> bool:
    """Sit down at a linked or saved hand, as the seat it was made for.

    A guest's link shows no hole card, and the play page always shows one
    seat's, so it is refused. A host's link or a full history (which tells
    every card anyway) keeps the seat this page had.
    """
    if link.guest:
        refused("That link is for guests watching a hand; it opens on the Host page.")
        return False
    state = link.state()
    remember_setup(P, Setup(state.game.id, state.players, state.settings))
    if link.seat is None and not link.hot_seat:
        seat, hot = int(st.session_state.get(SEAT, 0)), bool(st.session_state.get(HOT))
    else:
        seat, hot = link.seat or 0, link.hot_seat
    start(state, seat=seat, hot=hot)
    return True


def loaded(link: HandLink) -> None:
    if take_seat(link):
        st.session_state[NOTICE] = ("success", f"Loaded a hand of {hand().game.name} at "
                                               f"decision {len(hand().actions)}.")


def refused(message: str) -> None:
    """A bad link or file changes nothing: the hand on the table stays (a fresh one if none)."""
    if HAND in st.session_state:
        st.session_state[NOTICE] = ("error", message + " The hand on the table is unchanged.")
        return
    st.session_state[NOTICE] = ("error", message + " A fresh table is dealt instead.")
    fresh_table()


def fresh_table() -> None:
    game_id = default_game()
    game = GAMES[game_id]
    deal(Setup(game_id, default_players(game), game.settings_type()), seat=0, hot=False)


def open_link() -> None:
    params = incoming_link(P)
    if params is None:
        return
    try:
        link = read_link(params)
    except LinkError as error:
        refused(f"That link could not be opened: {error}.")
        return
    if link is not None and take_seat(link):
        st.session_state[NOTICE] = ("success", f"Opened a shared hand of {hand().game.name} "
                                               f"at decision {len(hand().actions)}.")


# --- the screen ----------------------------------------------------------------

st.title("Play a hand")
open_link()
if HAND not in st.session_state:
    fresh_table()
if sidebar_game_chosen(P, hand().game.id):
    fresh_table()
    remember_setup(P, Setup(hand().game.id, hand().players, hand().settings))
    st.session_state[NOTICE] = ("success", f"A new table of {hand().game.name}, the game "
                                           "chosen in the sidebar.")

def deal_chosen() -> None:
    """The setup panel's Deal button: deal what it holds, then close the panel."""
    choice = st.session_state.get(f"{P}_seed_choice")
    deal(chosen_setup(P), seat=int(st.session_state.get(f"{P}_seat_choice") or 0),
         hot=bool(st.session_state.get(f"{P}_hot_choice")),
         seed=None if choice is None else int(choice))
    st.session_state[f"{P}_setup_open"] = False
    st.session_state.pop(NOTICE, None)


def setup_panel() -> None:
    with st.container(border=True):
        setup = setup_controls(P)
        cells = st.columns([2, 2, 2, 1], vertical_alignment="bottom")
        if st.session_state.get(f"{P}_seat_choice") not in range(setup.players):
            st.session_state[f"{P}_seat_choice"] = 0
        cells[0].selectbox("Your seat", range(setup.players), key=f"{P}_seat_choice",
                           format_func=seat_name,
                           help="Seat 1 sits at the dealer's left; the dealer is the last "
                                "seat.")
        cells[1].toggle("Everyone at this screen", key=f"{P}_hot_choice",
                        help="Hot seat: people take turns at one screen and play every "
                             "seat; each seat's cards stay hidden until its owner shows them.")
        cells[2].number_input("Deal number (blank: a new shuffle)", min_value=0,
                              max_value=999_999, value=None, step=1, key=f"{P}_seed_choice")
        cells[3].button("Deal", key=f"{P}_deal", type="primary", width="stretch",
                        on_click=deal_chosen)


if st.toggle("Set up a new table", key=f"{P}_setup_open",
             help="Choose the game, the players, your seat and the announcements."):
    setup_panel()

state = hand()
follow_table(state.game.id)
hot = bool(st.session_state.get(HOT))
seat = int(st.session_state.get(SEAT, 0))
link = HandLink.from_state(state, seat=None if hot else seat, hot_seat=hot)
sealed = write_link(P, link)

notice = st.session_state.get(NOTICE)
if notice:
    kind, text = notice
    (st.error if kind == "error" else st.success)(plain(text))

who = "everyone plays at this screen" if hot else f"you are {seat_name(seat)}"
chosen = st.session_state.get(CHOSEN_SEED)
number = f" · deal number {chosen}" if chosen is not None else ""
st.caption(f"{state.game.name} · {state.players} players · {who}{number} · "
           f"announcements: {changed_settings_text(state.settings)}")

current = state.to_act[0] if hot and state.to_act else seat
revealed = False
if hot and not state.is_over:
    banner, toggle = st.columns([3, 2], vertical_alignment="center")
    banner.markdown(f"### Pass the screen to {seat_name(current)}")
    revealed = toggle.toggle(f"Show {seat_name(current)}'s cards",
                             key=f"{P}_reveal_{len(state.actions)}",
                             help="Only the seat's owner should look. The cards are hidden "
                                  "again as soon as the turn passes.")
if hot and not revealed:
    view = public_view(state)
    you: set[int] = set()
else:
    view = state.view(current)
    you = {current}

# Your hand and your decision side by side; on a narrow screen the columns stack, so
# they come first and the rest of the table after.
yours, decision = st.columns([2, 1], gap="medium")
with yours:
    show_table(view, you=you, part=Part.YOURS)
with decision, st.container(border=True):
    if state.is_over:
        assert state.settlement is not None
        result = "The hand is over." if hot else describe_result(state.settlement, you)
        st.subheader(result, anchor=False)
        st.button("Deal again", key=f"{P}_again", on_click=deal_again, type="primary",
                  icon=":material/replay:", width="stretch")
    elif hot and not revealed:
        st.markdown(f"{seat_name(current)}: make sure only you can see the screen, then show "
                    "your cards to decide.")
    else:
        action_bar(view, key=f"{P}_act_{len(state.actions)}", on_choose=choose,
                   title=f"{seat_name(current)}, your decision",
                   low_ranking=announced_low(state.settings),
                   odds_url=odds_link(view, current))
table_side, side = st.columns([2, 1], gap="medium")
with table_side:
    show_table(view, you=you, part=Part.OTHERS)
    if view.is_over:
        st.subheader("The showdown", anchor=False)
        show_settlement(view, you=set() if hot else you)
with side:
    mark = int(st.session_state.get(MARK, 0))
    reasons = st.session_state.get(REASONS, {})
    st.markdown("**What just happened** (the latest first)")
    with st.container(height=LOG_HEIGHT, border=False):
        show_log(with_reasons(view.events[mark:], reasons), empty="Nothing yet.",
                 latest_first=True)
    with st.expander("The whole hand so far"):
        show_log(with_reasons(view.events, reasons))

with st.expander("Share and save this hand", icon=":material/share:"):
    st.markdown("**Share this hand.** The address bar always holds this link too.")
    show_share(link, sealed, path="play", what="this table at this decision")
    viewer = None if (hot and state.is_over) else (None if hot else seat)
    if not hot or state.is_over:
        history_downloads(state, key=f"{P}_history", viewer=viewer, host=False, link=link,
                          text_label="Download the text history"
                                     + (" (every card)" if viewer is None else ""))
    history_upload(key=f"{P}_history", on_load=loaded, on_error=refused)
