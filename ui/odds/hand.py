"""The Odds page's calculator for the hand in front of you, in the sidebar's game.

Every seat's cards are typed in full, in part or not at all (``?`` for a card
you cannot see), with the boards, dead cards, the street and the choices made so
far; the engine deals the unseen cards, plays the hand out and settles it
(``engine/odds/at_table.py``), so it works for every game the site deals. A link
from Play or Host (``ui/odds/hand_link.py``) fills it with that table's hand as
its viewer sees it, decisions included.
"""

from __future__ import annotations

import random
from collections.abc import Collection
from dataclasses import replace

import numpy as np
import pandas as pd
import streamlit as st
from streamlit.errors import StreamlitPageNotFoundError

from engine.cards import Card
from engine.games import GAMES
from engine.odds.advice import Advice, advise
from engine.odds.at_table import (
    PASSED_CARDS,
    Spot,
    Step,
    follows,
    points,
    solve_spot,
    spot_from_hand,
)
from engine.odds.at_table_choices import (
    ChoicePoint,
    choice_points,
    dealt_on,
    describe_pattern,
    holdings,
    street_now,
)
from engine.odds.inputs import OddsInputError
from engine.odds.tally import Answer, Estimate
from engine.odds.why import as_read_by
from engine.state import HandState, HandView, seat_name
from engine.views import host_view
from ui.components.hand_now import announced_low
from ui.components.plain import plain
from ui.odds.announce import announcement_boxes, say_announcements, set_announcements
from ui.odds.charts import show_bars
from ui.odds.common import how_found, kept_key, problem, restore
from ui.odds.hand_link import read_hand_link, read_seat, seat_text, you_of
from ui.odds.making import show_making
from ui.odds.pass_spot import spot_after_pass
from ui.sidebar import current_game, follow_table, picked_since

PREFIX = "odds_hand"
GAME = f"{PREFIX}_game"
"""The game a link opened, until the visitor picks another in the sidebar."""
YOU = f"{PREFIX}_you"
"""Your seat: the table's viewer, else Seat 1."""
SHOWN = f"{PREFIX}_shown_game"
"""The game whose cards the boxes hold."""
LINKED = f"{PREFIX}_linked"
"""The hand a link from a table brought (a ``Spot``): its game, decisions and cards."""
COMPUTER = "the computer player's choice"
SECONDS = 0.8
"""How long a first answer may sample (an exact count may take about a second)."""
EXAMPLE_SEED = 2026
"""The deal a first visit opens with: your cards in full, the others' up cards."""
MODEL = (
    "Every card nobody typed is dealt at random from the cards left, each possible deal "
    "equally likely. The game's own engine then makes the choices so far on that deal, "
    "everyone still in checks or calls to the showdown (where a round needs openers, such "
    "as jacks or better, the first player holding them opens; with nobody holding them the "
    "antes go back, counted as a split), a choice still to come is made as "
    "you set it or, if you leave it, as the site's computer player would make it, and the "
    "engine settles the pot as it settles every hand: halves, ties and odd chips included. "
    "When every deal can be counted in about a second (and no choice is left to the "
    "computer), every deal is counted and the answer is exact: a plain showdown (hold'em, "
    "Omaha, stud, razz) is scored in batches, which counts even hold'em all in before the "
    "flop; otherwise deals are sampled for about a second, each figure comes with its 95% "
    "interval, and the answer says why it was not counted. A seat's cards are typed pair by "
    "pair in the games that lock pairs, the pair it keeps first. Another seat's choice "
    "on cards you cannot see is as good as random to you, so it is made on random cards. "
    "Ties: equal hands split what they tie for, and suits never break a tie; an odd chip "
    "goes to the high half first, then to the winner nearest the dealer's left, as the "
    "engine pays it.")


def _key(name: str) -> str:
    return f"{PREFIX}_{name}"


def _box(label: str, key: str, *, help: str,
         placeholder: str = "Ah Kd ? ? (? for a card you cannot see)") -> list[Card | None] | None:
    restore(key)
    text = st.text_input(label, key=key, help=help, placeholder=placeholder)
    st.session_state[kept_key(key)] = text
    cards = read_seat(text)
    if isinstance(cards, str):
        st.error(f"{label}: {plain(cards)}.", icon=":material/back_hand:")
        return None
    return cards


def apply_hand_link(params: dict[str, str]) -> str | None:
    """Fill the calculator from a table's link; return what is wrong instead (and then
    change nothing)."""
    spot = read_hand_link(params)
    if isinstance(spot, str):
        return spot
    # A table's link names its players and no street; one naming the game alone is no
    # table's, and opens the calculator on that game to type into.
    open_spot(spot, table=spot.street is None and "players" in params,
              you=you_of(params, spot.players))
    follow_table(spot.game_id)
    return None


def open_spot(spot: Spot, *, table: bool = False, you: int = 0) -> None:
    """Fill the calculator's boxes with ``spot`` and keep its decisions (for the next run of
    the Odds page); ``table``: it is a table's hand, kept as it stands even before any
    decision."""
    state = st.session_state
    state[_key("players")] = spot.players
    for seat in range(spot.players):
        cards = spot.seats[seat] if seat < len(spot.seats) else ()
        state[_key(f"seat{seat}")] = state[kept_key(_key(f"seat{seat}"))] = seat_text(cards)
    for index, cards in enumerate(spot.boards):
        state[_key(f"board{index}")] = state[kept_key(_key(f"board{index}"))] = seat_text(cards)
    state[_key("dead")] = state[kept_key(_key("dead"))] = seat_text(spot.dead)
    state[GAME] = state[SHOWN] = spot.game_id
    state[YOU] = you
    set_announcements(spot.game_id, dict(spot.settings))
    if spot.street is not None:
        state[_key("street")] = spot.street
    if spot.steps or table:
        state[LINKED] = spot
    else:
        state.pop(LINKED, None)


def read_measures(state: HandState, *, shown: Collection[int]) -> list[tuple[int, Advice]]:
    """The engine's measure of the decision each waiting seat among ``shown`` faces (at most
    four), taken with every card the page shows (``engine.odds.why.as_read_by``): a host
    showing both hands reads a sacrifice against the other seat's cards as they are, and a
    hidden hand counts for nothing."""
    if state.is_over:
        return []
    seen = {c.card for s in host_view(state, revealed=shown).seats for c in s.cards
            if c.card is not None}
    whole = state.view(None)
    measured = []
    for seat in [s for s in state.to_act if s in shown][:4]:
        advice = advise(as_read_by(state.view(seat), whole, seen),
                        low_ranking=announced_low(state.settings),
                        types=state.game.hand_types(state.settings))
        if advice is not None:
            measured.append((seat, advice))
    return measured


def show_measure(state: HandState, *, shown: Collection[int]) -> None:
    """The measure behind each key decision a shown seat faces, before the computer makes
    it, for a host (:func:`read_measures`)."""
    for seat, advice in read_measures(state, shown=shown):
        st.caption(f"{seat_name(seat)}'s measure: " + "  \n".join(
            plain(line) for line in advice.lines()))


GO = f"{PREFIX}_go"


def odds_button(state: HandState, view: HandView, *, key: str) -> None:
    """A button that opens this hand, as ``view`` shows it, in the Odds page's calculator
    (only what the view shows goes with it). The hand is read only when it is pressed; a
    hand whose cards passed between players (Anaconda) goes as your cards now, typed
    (``ui.odds.pass_spot``), and the button says so."""
    if not follows(state):
        _after_pass_button(state, view, key=key)
    else:
        def go() -> None:
            open_spot(spot_from_hand(state, view), table=True,
                      you=view.viewer if view.viewer is not None else 0)
            st.session_state["odds_widget"] = "hand"
            st.session_state[GO] = True

        st.button("Odds of this hand as you see it", key=key, icon=":material/percent:",
                  on_click=go, help="Each seat's share of the pot from here, worked out from "
                                    "the cards this screen shows and the decisions so far.")
    if st.session_state.pop(GO, False):
        try:
            st.switch_page("screens/odds.py", query_params={"widget": "hand"})
        except StreamlitPageNotFoundError:  # a page run on its own, outside the navigation
            st.markdown("[Open the Odds page on this hand](/odds?widget=hand)")


AFTER_PASS = ("The calculator cannot replay a pass (it deals each seat its own cards), so "
              "this prices the cards as this screen shows them now, at this street, for the "
              "seats still in; the bets so far are not kept.")


def _after_pass_button(state: HandState, view: HandView, *, key: str) -> None:
    """The odds of a hand after a pass: your cards now, typed at this street."""
    try:
        spot = spot_after_pass(state, view)
    except ValueError as error:
        st.caption(f"No odds for this hand from here: {PASSED_CARDS}; {error}.")
        return

    def go() -> None:
        open_spot(spot)
        st.session_state["odds_widget"] = "hand"
        st.session_state[GO] = True

    st.button("Odds of the cards after the pass", key=key, icon=":material/percent:",
              on_click=go, help=AFTER_PASS)
    st.caption(AFTER_PASS)


def _example(bare: Spot, seed: int) -> None:
    """Fill the boxes from a seeded deal: your cards in full, the others' up cards only."""
    deck = list(GAMES[bare.game_id].cards)
    random.Random(seed).shuffle(deck)
    # Dealt by the engine, so a card that earns another (Baseball's four) brings it along.
    seats, boards = dealt_on(bare, deck)
    for seat, held in enumerate(seats):
        typed = [card if seat == 0 or up else None for card, up in held]
        st.session_state[_key(f"seat{seat}")] = seat_text(typed)
        st.session_state[kept_key(_key(f"seat{seat}"))] = seat_text(typed)
    for index, board in enumerate(boards):
        text = seat_text(list(board))
        st.session_state[_key(f"board{index}")] = st.session_state[
            kept_key(_key(f"board{index}"))] = text


def _clear(players: int, boards: int) -> None:
    for seat in range(players):
        st.session_state[_key(f"seat{seat}")] = st.session_state[kept_key(_key(f"seat{seat}"))] = ""
    for index in range(boards):
        st.session_state[_key(f"board{index}")] = st.session_state[
            kept_key(_key(f"board{index}"))] = ""
    st.session_state[_key("dead")] = ""


def _groups(points_: tuple[ChoicePoint, ...]) -> tuple[tuple[str, list[ChoicePoint]], ...]:
    """The choices asked for, made so far and still to come (a choice the typing already
    says, pairs locked as typed, is not asked again)."""
    return (("Choices made so far", [p for p in points_ if p.before and not p.as_typed]),
            ("Choices still to come", [p for p in points_ if not p.before]))


def _options(point: ChoicePoint, index: int) -> tuple[str, list[int]]:
    """A choice's select box key and its options (-1: the computer player's choice)."""
    options = list(range(len(point.options)))
    if point.computer:
        options = [-1, *options]
    key = _key(f"choice_{'m' if point.before else 'c'}{index}_{point.seat}_{point.kind.value}")
    return key, options


def _labels(point: ChoicePoint, options: list[int]) -> list[str]:
    return [COMPUTER if i == -1 else point.labels[i] for i in options]


def _shown_key(key: str) -> str:
    """Where a choice's box keeps what it showed last: its options' words, and the chosen
    one's."""
    return f"{key}_shown"


def _held(point: ChoicePoint, key: str, options: list[int]) -> int:
    """The option (a place in ``options``) a choice's box holds, kept by its words as the
    browser keeps it. The browser sends back the words it shows, read as a place among the
    options it was last sent, or as the words themselves (text, not a place) when those
    have changed since; new cards change the options, so a choice follows its words to
    their new place, or goes back to its default when they are gone."""
    labels = _labels(point, options)
    held = st.session_state.get(key)
    last = st.session_state.get(_shown_key(key))
    words = held if isinstance(held, str) else None
    if last is not None:
        shown, chosen = last
        if held is None:  # the box was off the page for a run: its choice is kept
            words = chosen
        elif isinstance(held, int) and 0 <= held < len(shown):
            words = shown[held]
    elif isinstance(held, int) and 0 <= held < len(options):
        return held
    if words in labels:
        return labels.index(words)
    return options.index(point.taken) if point.taken in options else 0


def _picked(points_: tuple[ChoicePoint, ...]) -> list[Step]:
    """The choices the select boxes hold (each its default where it holds none)."""
    chosen: list[Step] = []
    for _, group in _groups(points_):
        for index, point in enumerate(group):
            key, options = _options(point, index)
            pick = _held(point, key, options)
            if options[pick] >= 0:
                chosen.append(point.options[options[pick]])
    return chosen


def _settle_choices(base: Spot) -> tuple[ChoicePoint, ...]:
    """The choices as the select boxes set them: a later choice's options hang on the earlier
    ones (a pair sacrificed on the flop is not there to keep on the turn), so the choices are
    read again until they agree with what is set."""
    chosen: list[Step] = []
    for _ in range(4):
        points_ = _choice_points(replace(base, choices=tuple(chosen)))
        again = _picked(points_)
        if again == chosen:
            break
        chosen = again
    return points_


def _choices(points_: tuple[ChoicePoint, ...]) -> list[Step]:
    """A select box per choice: before the street, what was chosen; after it, what will be
    (left to the computer player unless set, or as the seat's cards were typed)."""
    if any(p.as_typed for p in points_):
        st.caption("Pairs are locked as each seat's cards are typed, two by two, the pair it "
                   "keeps to the end first: unless you set them below, the pair typed last is "
                   "sacrificed first.")
    for title, group in _groups(points_):
        if not group:
            continue
        st.markdown(f"**{title}**")
        width = min(3, len(group))
        for index, point in enumerate(group):
            if index % width == 0:  # rows, so a phone stacks them in order
                columns = st.columns(width)
            key, options = _options(point, index)
            labels, held = _labels(point, options), _held(point, key, options)
            last = st.session_state.get(_shown_key(key))
            if st.session_state.get(key) != held or last is None or last[0] != tuple(labels):
                st.session_state[key] = held  # set in the session, so the browser shows it
            st.session_state[_shown_key(key)] = (tuple(labels), labels[held])
            with columns[index % len(columns)]:
                st.selectbox(point.title, range(len(options)), key=key,
                             format_func=labels.__getitem__)
    return _picked(points_)


@st.cache_data(show_spinner=False, max_entries=200)
def _answer(spot: Spot, seconds: float) -> Answer:
    return solve_spot(spot, rng=np.random.default_rng(7), seconds=seconds, min_deals=100)


@st.cache_data(show_spinner=False, max_entries=200)
def _holdings(spot: Spot) -> tuple[tuple[str, ...], tuple[int, ...]]:
    return holdings(spot)


@st.cache_data(show_spinner=False, max_entries=200)
def _street_of(spot: Spot) -> str:
    return street_now(spot)


@st.cache_data(show_spinner=False, max_entries=200)
def _choice_points(spot: Spot) -> tuple[ChoicePoint, ...]:
    return choice_points(spot)


def _percent(estimate: Estimate) -> str:
    return estimate.percent()


def results_frame(answer: Answer, players: int, you: int = 0) -> pd.DataFrame:
    """One row per seat: its share of the pot, how often it scoops, ties, and its share of
    each part the pot was split into (a half, a board's half)."""
    parts = sorted({name.rsplit("/", 1)[0] for name in answer
                    if name.rsplit("/", 1)[0] not in ("share", "scoop", "tie")})
    rows = []
    for seat in range(players):
        name = f"{seat_name(seat)} (you)" if seat == you else seat_name(seat)
        row = {"Seat": name, "Share of the pot": _percent(answer[f"share/{seat}"]),
               "Takes it all": _percent(answer[f"scoop/{seat}"]),
               "Splits a pot or half (a tie, or with a partner)":
                   _percent(answer[f"tie/{seat}"])}
        for part in parts:
            row[f"Share of {part}"] = _percent(answer[f"{part}/{seat}"])
        rows.append(row)
    return pd.DataFrame(rows)


def show() -> None:
    """The inputs, then each seat's share of the pot as a chart and a table."""
    linked = st.session_state.get(LINKED)
    if picked_since(_key("game_picks")):
        linked = st.session_state.pop(LINKED, None) and None
        st.session_state.pop(GAME, None)
    game_id = str(st.session_state.get(GAME, current_game()))
    if game_id not in GAMES:
        game_id = current_game()
    game = GAMES[game_id]
    st.subheader(f"{game.name}: the hand in front of you")
    st.write("Type every card you can see, seat by seat, in the order the seat holds them; "
             "type ? for a card you cannot see, or leave the rest out. Seat 1 is you. The "
             "game is the one chosen in the sidebar (on a phone, the menu at the top "
             "left).")
    low = max(2, game.min_players)
    left, right = st.columns(2)
    with left:
        chosen = st.session_state.get(_key("players"), low)
        if not low <= chosen <= game.max_players:  # a new game, or none chosen yet
            st.session_state[_key("players")] = low
        players = int(st.number_input("Players", min_value=low, max_value=game.max_players,
                                      step=1, key=_key("players"),
                                      disabled=linked is not None))
    fixed = dict(linked.settings) if linked is not None else None
    settings = announcement_boxes(game_id, fixed=fixed)
    if linked is not None:
        settings = dict(linked.settings)
    try:
        streets = points(game_id, players, tuple(sorted(settings.items())))
    except ValueError as error:
        st.error(plain(str(error)), icon=":material/back_hand:")
        return
    you = int(st.session_state.get(YOU, 0)) if linked is not None else 0
    with right:
        if linked is not None:
            st.markdown(f"**Street**  \n{_street_of(linked)}, as at your table")
            street = streets[-1]
        elif st.session_state.get(_key("street")) not in streets or \
                st.session_state.get(SHOWN) not in (None, game_id):
            st.session_state[_key("street")] = streets[-1]
        if linked is None:
            street = str(st.selectbox(
                "Street", streets, key=_key("street"),
                help="The hand stands at the start of this street, once its cards are dealt, "
                     "before anyone acts on it."))
    if linked is not None:
        st.info(table_kept(len(linked.steps)), icon=":material/table_restaurant:")
        if st.button("Start from a fresh hand instead", key=_key("unlink")):
            del st.session_state[LINKED]
            st.rerun()
    bare = Spot.build(game_id, players=players, seats=[], street=street,
                      settings=settings) if linked is None else linked
    try:
        patterns, boards = _holdings(bare)
    except OddsInputError as error:
        problem(error)
        return
    fresh = kept_key(_key("seat0")) not in st.session_state
    if linked is None and (fresh or st.session_state.get(SHOWN) not in (None, game_id)):
        _example(bare, EXAMPLE_SEED)  # another game's cards rarely fit
    st.session_state[SHOWN] = game_id
    one, two = st.columns(2)
    one.button("Deal an example", key=_key("deal"), icon=":material/playing_cards:",
               on_click=lambda: _example(bare, random.randrange(1_000_000)),
               disabled=linked is not None)
    two.button("Clear the cards", key=_key("clear"), icon=":material/backspace:",
               on_click=lambda: _clear(players, len(boards)))
    # Every box is drawn, a mistyped one with its message, so nothing typed drops out of
    # sight; the answer waits until all of them read.
    seats: list[list[Card | None] | None] = []
    for seat, pattern in enumerate(patterns):
        if seat % 2 == 0:  # a row per two seats, so a phone stacks them in seat order
            columns = st.columns(2)
        with columns[seat % 2]:
            name = f"{seat_name(seat)} (you)" if seat == you else seat_name(seat)
            seats.append(_box(name, _key(f"seat{seat}"),
                              help=f"At this point each seat holds "
                                   f"{describe_pattern(pattern)}. Type ? for a card you "
                                   "cannot see."))
    board_cards: list[list[Card | None] | None] = []
    for index, size in enumerate(boards):
        name = "Board" if len(boards) == 1 else f"Board {index + 1}"
        board_cards.append(_box(name, _key(f"board{index}"),
                                help=f"{size} cards on it at this point."))
    dead = _box("Dead cards (optional)", _key("dead"),
                help="Cards you saw that are out of play: folded hands, burned or mucked cards.",
                placeholder="Cards you saw leave play, e.g. 7c 2d")
    typed_seats = [cards for cards in seats if cards is not None]
    typed_boards = [cards for cards in board_cards if cards is not None]
    if dead is None or len(typed_seats) < len(seats) or len(typed_boards) < len(board_cards):
        return
    if any(c is None for c in dead):
        st.error("Dead cards: type only cards you saw, no ?.", icon=":material/back_hand:")
        return
    base = replace(bare, players=players, seats=tuple(map(tuple, typed_seats)),
                   boards=tuple(map(tuple, typed_boards)),
                   dead=tuple(c for c in dead if c is not None), choices=())
    try:
        with st.expander("Choices (pairs locked, sacrifices, exposes, draws, partners, "
                         "declarations)", expanded=False):
            chosen = _choices(_settle_choices(base))
        spot = replace(base, choices=tuple(chosen))
    except OddsInputError as error:
        problem(error)
        return
    restore(_key("longer"))  # kept while a message stood in its place, so it stays on
    longer = st.toggle("Sample longer (about five seconds, a narrower interval)",
                       key=_key("longer"))
    st.session_state[kept_key(_key("longer"))] = longer
    with st.spinner("Dealing the unseen cards..."):
        try:
            answer = _answer(spot, 5.0 if longer else SECONDS)
        except OddsInputError as error:
            problem(error)
            return
    say_announcements(game_id, dict(spot.settings))
    shares = {("You" if s == you else seat_name(s)): answer[f"share/{s}"]
              for s in range(players)}
    with st.container(key=f"{PREFIX}_chart"):
        show_bars(shares, title="Each seat's share of the pot, on average",
                  axis="Share of the pot (%)", highlight="You")
    frame = results_frame(answer, players, you)
    with st.container(key=f"{PREFIX}_table"):
        st.table(frame, hide_index=True)
    st.download_button("Download this table (CSV)", frame.to_csv(index=False),
                       file_name=f"odds-{game_id}.csv", mime="text/csv", key=_key("csv"),
                       icon=":material/download:")
    how_found(answer)
    show_making(spot, you)
    with st.expander("How this is worked out"):
        st.write(MODEL)


def table_kept(decisions: int) -> str:
    """What a hand opened from a table keeps, in words that fit how far it has gone.

    >>> table_kept(0)[:55]
    'From your table: nobody has acted yet, so the hand goes'
    >>> table_kept(1)[:50]
    'From your table: the one decision so far is kept ('
    """
    if decisions == 0:
        kept = "nobody has acted yet, so the hand goes on from the deal"
    elif decisions == 1:
        kept = "the one decision so far is kept (a bet, a fold or a choice)"
    else:
        kept = f"the {decisions} decisions so far are kept (bets, folds and choices)"
    return (f"From your table: {kept}; another seat's secret choice on cards you cannot "
            "see is made on random cards.")

