"""Host a hand: deal from a seed or from typed cards, step through every decision with
narration, show or hide the hole cards, and switch to a large presenter view for a TV.

The host keeps the whole line of decisions: stepping back keeps the rest,
so Next replays it; a different decision at an earlier step starts a new
line from there. Next at the end of the line lets a computer player decide.

The host's own link reopens every card; the link for guests opens the same
hand with every hole card hidden and goes no further than the step it was
shared at, so that nobody can play it on to a showdown the table has not
reached.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import streamlit as st

from engine.bots import bot_for
from engine.cards import Card
from engine.deals import DealError, card_count, deck_from_seats
from engine.games import GAMES, new_hand
from engine.history import replay
from engine.state import (
    Action,
    ActionKind,
    Event,
    EventKind,
    HandState,
    IllegalAction,
    seat_name,
)
from ui.actions import action_bar, label
from ui.announcements import changed_settings_text
from ui.dealing import (
    Setup,
    TypedDeal,
    default_game,
    default_players,
    fresh_seed,
    read_typed,
    remember_setup,
    setup_controls,
    sidebar_game_chosen,
    typed_inputs,
)
from ui.hand_now import announced_low
from ui.history import history_downloads, history_upload
from ui.odds_link import odds_link
from ui.plain import plain
from ui.share import (
    HandLink,
    LinkError,
    incoming_link,
    read_link,
    sealed_once,
    show_share,
    write_link,
)
from ui.sidebar import follow_table
from ui.table import host_view, presenter_screen, show_log, show_settlement, show_table

P = "host"
HAND, LINE, MARKS, TYPED, NOTICE = (f"{P}_hand", f"{P}_line", f"{P}_marks", f"{P}_typed",
                                    f"{P}_notice")
PRESENTER, HOLE, REVEAL = f"{P}_presenter", f"{P}_hole_cards", f"{P}_reveal"
# Set when the hand came from a guest's (or a player's) link: nothing hidden is shown.
GUEST = f"{P}_guest"
FACE_UP, HIDDEN = "Face up", "Hidden"
SHUFFLE, TYPED_IN = "A shuffle", "Cards typed in"


def hand() -> HandState:
    state = st.session_state[HAND]
    assert isinstance(state, HandState)
    return state


def open_typed_setup() -> None:
    """``/host?typed=<game id>``, the game pages' way in: the setup panel opens on that game
    with "Cards typed in" chosen, ready to type. A game that does not exist is said so, and
    the page is the usual one."""
    game_id = st.query_params.get("typed")
    if game_id is None:
        return
    del st.query_params["typed"]
    if game_id not in GAMES:
        known = ", ".join(GAMES)
        st.session_state[NOTICE] = ("error", f"There is no game called '{game_id[:40]}' to "
                                             f"type a deal for; the games are {known}.")
        return
    st.session_state[PRESENTER] = False
    st.session_state[f"{P}_setup_open"] = True
    st.session_state[f"{P}_game"] = game_id
    st.session_state[f"{P}_source"] = TYPED_IN
    st.session_state[NOTICE] = ("info", f"Type the cards of a hand of {GAMES[game_id].name} "
                                        "below, then deal it.")


def typed_deal() -> TypedDeal | None:
    """The cards typed for the hand on the table, if it was dealt from typed cards."""
    typed = st.session_state.get(TYPED)
    return typed if isinstance(typed, TypedDeal) else None


def line() -> tuple[Action, ...]:
    return tuple(st.session_state.get(LINE, ()))


def marks() -> list[int]:
    """``marks()[k]``: how many events the hand had after ``k`` decisions."""
    return list(st.session_state.get(MARKS, [0]))


def guest() -> bool:
    return bool(st.session_state.get(GUEST))


def start(state: HandState, *, full_line: Sequence[Action] | None = None,
          typed: TypedDeal | None = None, as_guest: bool = False) -> None:
    """Show ``state``; ``full_line`` is the longer line it is a prefix of, if any."""
    counts = [0]
    if state.actions:
        again = new_hand(state.game.id, players=state.players, seed=state.seed,
                         settings=state.settings, deck=state.stacked)
        counts = [len(again.events)]
        for action in state.actions:
            again.apply(action)
            counts.append(len(again.events))
    else:
        counts = [len(state.events)]
    st.session_state[HAND] = state
    st.session_state[LINE] = tuple(full_line) if full_line is not None else tuple(state.actions)
    st.session_state[MARKS] = counts
    st.session_state[TYPED] = typed
    st.session_state[REVEAL] = []
    st.session_state[GUEST] = as_guest
    if as_guest:
        st.session_state[HOLE] = HIDDEN


def draw_note(state: HandState, action: Action, held: Sequence[Card]) -> None:
    """After a seat's draw in a typed deal: how many of the cards typed for it it got
    (counts only, as the narration tells a draw: no card is named)."""
    typed = typed_deal()
    seat = action.seat
    if typed is None or action.kind is not ActionKind.DISCARD or seat >= len(typed.draws) \
            or not typed.draws[seat]:
        return
    wanted = typed.draws[seat]
    kept = set(held) - set(action.cards)
    new = [h.card for h in state.cards[seat] if h.card not in kept]
    drawn, typed_count = len(action.cards), len(wanted)
    got = sum(1 for card in new if card in wanted)
    who = seat_name(seat)
    if got < min(drawn, typed_count):
        text = (f"{who} draws {drawn}, but the stock still held only {got} of the "
                f"{card_count(typed_count)} typed for its draw (it could not hold them all): the "
                "shuffle deals the rest.")
    elif drawn == 0:
        text = (f"{who} stands pat: the {card_count(typed_count)} typed for its draw "
                f"{_are(typed_count)} not dealt to it.")
    elif drawn < typed_count:
        rest = typed_count - drawn
        text = (f"{who} draws {drawn}, the first {card_count(drawn)} typed for its draw: the other "
                f"{card_count(rest)} {_are(rest)} not dealt to it.")
    elif drawn > typed_count:
        text = (f"{who} draws {drawn}: the {card_count(typed_count)} typed for its draw, then "
                f"{drawn - typed_count} from the shuffle.")
    else:
        text = f"{who} draws {drawn}: the {card_count(drawn)} typed for its draw."
    st.session_state[NOTICE] = ("info", text)


def _are(count: int) -> str:
    return "is" if count == 1 else "are"


def _seats(seats: Sequence[int]) -> str:
    """``"Seat 1, Seat 2 and Seat 4"``."""
    names = [seat_name(s) for s in seats]
    return " and ".join([", ".join(names[:-1]), names[-1]] if len(names) > 1 else names)


def decide(action: Action) -> None:
    """A decision at the current step: the line continues from here with it."""
    st.session_state.pop(NOTICE, None)
    state = hand()
    typed = typed_deal()
    kept = tuple(state.actions) + (action,)
    held = [h.card for h in state.cards[action.seat]] \
        if 0 <= action.seat < state.players else []
    try:
        if typed is not None:
            deck = deck_from_seats(state.game.id, players=state.players,
                                   seat_cards=typed.seats, boards=typed.boards,
                                   seat_draws=typed.draws, settings=state.settings,
                                   seed=state.seed, actions=kept, start=state.stacked)
            if deck != state.stacked:
                rebuilt = replay(state.game.id, players=state.players, seed=state.seed,
                                 settings=state.settings, deck=deck, actions=kept)
                st.session_state[HAND] = rebuilt
                state = rebuilt
            else:
                state.apply(action)
        else:
            state.apply(action)
    except (IllegalAction, DealError) as refused:
        st.session_state[NOTICE] = ("error", f"That is not allowed: {refused}.")
        return
    st.session_state[LINE] = kept
    st.session_state[MARKS] = marks()[:len(kept)] + [len(state.events)]
    draw_note(state, state.actions[-1], held)


def forward() -> None:
    """Next: replay the line's next decision, or let a computer player decide."""
    st.session_state.pop(NOTICE, None)
    state = hand()
    step = len(state.actions)
    ahead = line()
    if step < len(ahead):
        held = [h.card for h in state.cards[ahead[step].seat]]
        state.apply(ahead[step])
        st.session_state[MARKS] = marks()[:step + 1] + [len(state.events)]
        draw_note(state, ahead[step], held)
        return
    if state.is_over or guest():
        return
    seat = state.to_act[0]
    rng = random.Random(f"{state.seed}:{step}")
    decide(bot_for(state.game.id).choose(state, seat, rng))


def back() -> None:
    st.session_state.pop(NOTICE, None)
    state = hand()
    if state.actions:
        state.undo()


def to_start() -> None:
    st.session_state.pop(NOTICE, None)
    state = hand()
    st.session_state[HAND] = new_hand(state.game.id, players=state.players, seed=state.seed,
                                      settings=state.settings, deck=state.stacked)


def to_end() -> None:
    """End: the rest of the line, then (for the host) computer players until the hand is
    over."""
    while not hand().is_over and not (guest() and len(hand().actions) >= len(line())):
        forward()


def deal_setup(setup: Setup, *, seed: int, typed_texts: Sequence[str] | None) -> None:
    typed = None
    deck = None
    if typed_texts is not None:
        try:
            typed = read_typed(setup, typed_texts)
            deck = deck_from_seats(setup.game_id, players=setup.players, seat_cards=typed.seats,
                                   boards=typed.boards, seat_draws=typed.draws,
                                   settings=setup.settings, seed=seed)
        except DealError as error:
            st.session_state[NOTICE] = ("error", f"These cards cannot be dealt: {error}.")
            return
    state = new_hand(setup.game_id, players=setup.players, seed=seed, settings=setup.settings,
                     deck=deck)
    start(state, typed=typed)
    drawing = typed.drawing_seats() if typed else []
    st.session_state[NOTICE] = ("success", "Dealt " + (
        f"deal number {seed}." if typed is None else "the cards typed in." if not drawing
        else f"the cards typed in, with the draws typed for {_seats(drawing)}."))


def fresh_table() -> None:
    game = GAMES[default_game()]
    state = new_hand(game.id, players=default_players(game), seed=fresh_seed())
    start(state)


def refused(message: str) -> None:
    """A bad link or file changes nothing: the hand on the table stays (a fresh one if none)."""
    if HAND in st.session_state:
        st.session_state[NOTICE] = ("error", message + " The hand on the table is unchanged.")
        return
    st.session_state[NOTICE] = ("error", message + " A fresh table is dealt instead.")
    fresh_table()


def show_linked(link: HandLink) -> None:
    """Open a linked or saved hand: the host's in full, any other with nothing hidden shown
    and nothing beyond its step."""
    remember_setup(P, Setup(link.game, link.players, link.settings))
    if link.for_host:
        start(link.state(), full_line=link.actions, typed=link.typed)
    else:
        start(link.state(), full_line=link.actions[:link.step], as_guest=True)


def loaded(link: HandLink) -> None:
    show_linked(link)
    st.session_state[NOTICE] = ("success", f"Loaded a hand of {hand().game.name} at step "
                                           f"{len(hand().actions)}.")


def open_link() -> None:
    params = incoming_link(P)
    if params is None:
        return
    try:
        link = read_link(params)
    except LinkError as error:
        refused(f"That link could not be opened: {error}.")
        return
    if link is None:
        return
    show_linked(link)
    watching = " with the hole cards hidden, as a guest" if guest() else ""
    st.session_state[NOTICE] = ("success", f"Opened a shared hand of {GAMES[link.game].name} "
                                           f"at step {link.step}{watching}.")


def step_title(state: HandState, happened: Sequence[Event], *,
               revealed: Sequence[int]) -> str:
    """The last decision in words, as the table may know it: a hidden seat's secret
    choice or discards are told the way its narration tells them."""
    if not state.actions:
        return "the deal"
    action = state.actions[-1]
    if action.seat in revealed:
        return action.describe()
    told = next((e.text for e in happened if e.seat == action.seat
                 and e.kind is not EventKind.STREET), None)
    return told or f"{seat_name(action.seat)} decides"


def step_line(step: int, total: int, *, over: bool) -> str:
    """Where the host is in the line of decisions: "Step 2 of 5 · 3 more decisions kept
    ahead"; before the first decision, "The deal: no decision yet"."""
    ahead = total - step
    where = f"Step {step} of {total}" if step else "The deal: no decision yet"
    if ahead > 0:
        return where + f" · {ahead} more decision{'s' if ahead > 1 else ''} kept ahead"
    return where + (" · the hand is over" if over else " · Next lets a computer player decide")


def next_up(state: HandState) -> str:
    """Who decides next and what they may do, in words (bets only: no hidden card named)."""
    if state.is_over:
        return "The hand is over."
    waiting = state.to_act
    names = ", ".join(seat_name(s) for s in waiting)
    if len(waiting) > 1:
        return f"Next: {names} choose at the same time, in secret."
    legal = state.legal_actions(waiting[0])
    if not all(a.kind.is_betting for a in legal) or len(legal) > 6:
        return f"Next: {names} to decide."
    words = [label(a).lower() for a in legal]
    options = ", ".join(words[:-1]) + f" or {words[-1]}" if len(words) > 1 else words[0]
    return f"Next: {names} may {options}."


# --- the screen ----------------------------------------------------------------

open_typed_setup()
open_link()
if HAND not in st.session_state:
    fresh_table()
if sidebar_game_chosen(P, hand().game.id):
    fresh_table()
    remember_setup(P, Setup(hand().game.id, hand().players, hand().settings))
    st.session_state[NOTICE] = ("success", f"A new table of {hand().game.name}, the game "
                                           "chosen in the sidebar.")

presenter = bool(st.session_state.get(PRESENTER))
if presenter:
    presenter_screen()
else:
    st.title("Host a hand")
    st.caption("Deal a hand for guests at the table: step through it, show or hide the hole "
               "cards, and switch to the presenter view for a television.")

if not presenter and st.toggle("Set up a new deal", key=f"{P}_setup_open"):
    with st.container(border=True):
        setup = setup_controls(P)
        source = st.radio("Deal from", [SHUFFLE, TYPED_IN], horizontal=True,
                          key=f"{P}_source",
                          help="A shuffle is fixed by its number; typed cards go to the seats "
                               "as typed and the shuffle deals the rest.")
        st.session_state.setdefault(f"{P}_seed", fresh_seed())
        seed = st.number_input("Deal number", min_value=0, max_value=999_999, step=1,
                               key=f"{P}_seed", help="The same number deals the same cards.")
        texts = typed_inputs(P, setup) if source == TYPED_IN else None
        if st.button("Deal", key=f"{P}_deal", type="primary", icon=":material/playing_cards:"):
            deal_setup(setup, seed=int(seed), typed_texts=texts)

state = hand()
follow_table(state.game.id)
step = len(state.actions)
full = line()
own_link = HandLink.from_state(state, line=full, typed=typed_deal())
guests_link = own_link.for_guests()
sealed = write_link(P, guests_link if guest() else own_link)

notice = st.session_state.get(NOTICE)
if notice and not presenter:
    kind, text = notice
    {"error": st.error, "info": st.info}.get(kind, st.success)(plain(text))

options = st.columns([2, 2, 3, 3], vertical_alignment="center")
options[0].toggle("Presenter view", key=PRESENTER,
                  help="Large cards and large narration for a television; the setup and "
                       "sharing are tucked away.")
hole = options[1].segmented_control("Hole cards", [FACE_UP, HIDDEN], key=HOLE,
                                    default=FACE_UP, required=True, disabled=guest(),
                                    label_visibility="collapsed")
if guest():
    reveal = []
    options[2].caption("Opened from a guest's link: the hole cards stay hidden.")
elif hole == HIDDEN:
    reveal = options[2].pills("Show the hole cards of", list(range(state.players)),
                              selection_mode="multi", format_func=seat_name, key=REVEAL,
                              label_visibility="collapsed")
else:
    reveal = list(range(state.players))
table_typed = typed_deal()
options[3].caption(f"{state.game.name} · {state.players} players · "
                   + (("typed deal with draws" if table_typed.drawing_seats() else "typed deal")
                      if table_typed else
                      "stacked deck" if state.stacked else f"deal number {state.seed}")
                   + f" · {changed_settings_text(state.settings)}")
view = host_view(state, revealed=reveal or [])

steps = st.columns([1, 1, 1, 1, 4], vertical_alignment="center")
at_end = step >= len(full) and (state.is_over or guest())
for cell, (text, icon, name, action, disabled) in zip(steps, (
        ("Start", "first_page", "start", to_start, step == 0),
        ("Back", "chevron_left", "back", back, step == 0),
        ("Next", "chevron_right", "next", forward, at_end),
        ("End", "last_page", "end", to_end, at_end)), strict=False):
    cell.button(text, icon=f":material/{icon}:", key=f"{P}_{name}", on_click=action,
                disabled=disabled, width="stretch",
                type="primary" if name == "next" else "secondary")
steps[4].progress(min(step / max(len(full), 1), 1.0),
                  text=step_line(step, len(full), over=state.is_over))

counts = marks()
since = counts[step - 1] if 0 < step <= len(counts) else 0
happened = view.events[since:] if step else view.events
narration, table = st.columns([2, 3] if not presenter else [1, 3], gap="medium")
with narration, st.container(border=True):
    heading = f"Step {step}: " + step_title(state, happened, revealed=reveal or []) \
        if step else "The deal"
    (st.header if presenter else st.subheader)(heading, anchor=False)
    show_log(happened, big=presenter, scroll_height="calc(100vh - 330px)" if presenter else None)
    if presenter:
        st.subheader(next_up(state), anchor=False)
    else:
        st.markdown(f"**{next_up(state)}**")
with table:
    show_table(view, big=presenter)
    if view.is_over:
        st.subheader("The showdown", anchor=False)
        show_settlement(view)

if not presenter and not state.is_over and not guest():
    seat = state.to_act[0]
    with st.expander(f"Decide for {seat_name(seat)} yourself (instead of Next)"):
        st.caption("Your choice replaces any decisions kept ahead of this step.")
        seat_view = state.view(seat)
        shown = seat in (reveal or [])
        action_bar(seat_view, key=f"{P}_act_{step}_{len(full)}", on_choose=decide,
                   title=f"{seat_name(seat)}'s decision", show_hand=shown,
                   low_ranking=announced_low(state.settings),
                   odds_url=odds_link(seat_view, seat) if shown else None)

if not presenter:
    with st.expander("Share and save this hand", icon=":material/share:"):
        st.markdown("**A link for guests.** Send it to the table: it opens this hand at this "
                    "step, with every hole card hidden.")
        show_share(guests_link, sealed_once(f"{P}_guests_sealed", guests_link), path="host",
                   what="this hand at this step, and no further")
        if not guest():
            st.markdown("**Your own link.** Keep it to yourself: the address bar holds it too.")
            show_share(own_link, sealed, path="host",
                       what="this hand at this step, with the rest of the line kept ahead")
            history_downloads(state, key=f"{P}_history", viewer=None, host=True, link=own_link,
                              text_label="Download the text history (every card)")
        history_upload(key=f"{P}_history", on_load=loaded, on_error=refused)
    with st.expander("The whole hand so far"):
        show_log(view.events)
