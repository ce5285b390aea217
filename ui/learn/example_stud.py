"""Seven-card stud's worked examples, dealt through the live engine from a stacked deck.

The cards a learner types become the up cards of a real hand: the engine
deals it under the page's announcements and its own narration says who
brings in, who acts first on fourth street and whether the big bet is open.
``bring_in`` and ``fourth_street`` are pure (no Streamlit) so the tests can
check the stated results in ``content/`` against them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import streamlit as st

from content import Example
from engine.cards import FULL_DECK, MAX_CARD_TEXT, Card
from engine.deals import deck_from_seats
from engine.games import new_hand
from engine.games.base import Settings
from engine.state import ActionKind, EventKind, HandState, seat_name
from ui.components.card_input import clash, read_cards
from ui.components.cards import show_cards
from ui.components.plain import plain
from ui.learn.example_odds import example_odds_link

GAME = "seven-card-stud"


@dataclass(frozen=True, slots=True)
class BringIn:
    seat: int
    card: Card
    rule: str
    options: tuple[str, ...]
    """What the bring-in player may do, as the engine offers it."""


@dataclass(frozen=True, slots=True)
class FourthStreet:
    first: int
    rule: str
    showings: tuple[str, ...]
    big_bet: str | None
    """The engine's note that the big bet is open, or ``None``."""
    bet_sizes: tuple[int, ...]


DEEP_STACK = 1_000_000
"""Chips each seat gets in the examples, so no ante or stake puts anyone all in."""


def _deal(up_rounds: Sequence[Sequence[Card]], settings: Settings, *,
          game_id: str = GAME) -> HandState:
    """Deal a hand of ``game_id`` (a stud game: stud, stud eight or better, razz) in which
    each seat's up cards are the ones typed, round by round.

    The two hidden cards each seat gets first are the lowest cards nobody
    typed: who brings in and who acts first read the up cards alone, so they
    play no part here. ``deck_from_seats`` places every card where the
    engine's own dealing order (burns included) will put it.
    """
    players = len(up_rounds[0])
    used = {c for row in up_rounds for c in row}
    spare = iter(c for c in FULL_DECK if c not in used)
    seat_cards = [[next(spare), next(spare), *(row[seat] for row in up_rounds)]
                  for seat in range(players)]
    deck = deck_from_seats(game_id, players=players, seat_cards=seat_cards, settings=settings)
    return new_hand(game_id, players=players, seed=0, settings=settings, deck=deck,
                    stacks=[DEEP_STACK] * players)


def bring_in(up_cards: Sequence[Card], settings: Settings, *, game_id: str = GAME) -> BringIn:
    """Deal third street of ``game_id`` with these up cards (one per seat) and read who must
    bring in."""
    state = _deal([up_cards], settings, game_id=game_id)
    (seat,) = state.to_act
    note = next(e for e in reversed(state.events)
                if e.kind is EventKind.NOTE and e.seat == seat)
    options = tuple(a.describe() for a in state.legal_actions(seat))
    return BringIn(seat=seat, card=up_cards[seat], rule=note.rule, options=options)


def fourth_street(up_pairs: Sequence[Sequence[Card]], settings: Settings) -> FourthStreet:
    """Deal to fourth street with these up cards, everyone just calling the bring-in."""
    third = [pair[0] for pair in up_pairs]
    fourth = [pair[1] for pair in up_pairs]
    state = _deal([third, fourth], settings)
    while state.street == "3rd street":
        seat = state.to_act[0]
        kinds = {a.kind: a for a in state.legal_actions(seat)}
        state.apply(kinds.get(ActionKind.BRING_IN) or kinds.get(ActionKind.CALL)
                    or kinds[ActionKind.CHECK])
    (seat,) = state.to_act
    notes = [e for e in state.events if e.street == "4th street" and e.kind is EventKind.NOTE]
    first = next(e for e in notes if e.seat == seat)
    big = next((e.sentence for e in notes if e.seat is None), None)
    bet = state.bet_range(seat)
    view = state.view(None)
    return FourthStreet(first=seat, rule=first.rule,
                        showings=tuple(s.showing for s in view.seats), big_bet=big,
                        bet_sizes=tuple(bet.amounts) if bet and bet.amounts else ())


def show_bring_in(example: Example, settings: Settings, *, prefix: str,
                  game_id: str = GAME) -> None:
    st.markdown(f"#### {example.title}")
    st.write(example.text)
    text = st.text_input("Up cards, one per seat, from Seat 1", value=example.cards["up"],
                         key=f"{prefix}_ex_bring_in",
                         help="Two to eight cards, e.g. 8s 3h 3c Kd.")
    cards = read_cards(text, at_least=2, at_most=8)
    if isinstance(cards, str):
        st.error(f"Up cards: {plain(cards)}.", icon=":material/back_hand:")
        return
    result = bring_in(cards, settings, game_id=game_id)
    show_cards(cards, marked={result.card},
               captions=[seat_name(s) for s in range(len(cards))], label="Up cards by seat")
    st.success(f"**{seat_name(result.seat)} brings in**: {result.rule}.")
    st.caption("The engine offers: " + "; ".join(result.options) + ".")
    example_odds_link(game_id, seats=[[None, None, card] for card in cards],
                      settings=settings.changes())


def _parse_lines(text: str) -> list[list[Card]] | str:
    if len(text) > MAX_CARD_TEXT:
        return f"that is too much text for cards (at most {MAX_CARD_TEXT} characters)"
    rows: list[list[Card]] = []
    for number, line in enumerate([ln for ln in text.splitlines() if ln.strip()], start=1):
        cards = read_cards(line, count=2)
        if isinstance(cards, str):
            return f"{seat_name(number - 1)}: {cards}"
        rows.append(cards)
    if not 2 <= len(rows) <= 8:
        return f"type one line for each of 2 to 8 seats; found {len(rows)}"
    problem = clash({seat_name(i): row for i, row in enumerate(rows)})
    return problem if problem else rows


def show_fourth_street(example: Example, settings: Settings, *, prefix: str,
                       game_id: str = GAME) -> None:
    st.markdown(f"#### {example.title}")
    st.write(example.text)
    default = "\n".join(example.cards[k] for k in sorted(example.cards))
    text = st.text_area("Two up cards per seat, one seat per line (third-street card first)",
                        value=default, key=f"{prefix}_ex_fourth", height=140)
    rows = _parse_lines(text)
    if isinstance(rows, str):
        st.error(f"{plain(rows)}.", icon=":material/back_hand:")
        return
    result = fourth_street(rows, settings)
    columns = st.columns(min(len(rows), 4))
    for seat, pair in enumerate(rows):
        with columns[seat % len(columns)]:
            show_cards(pair, size="small", marked=set(pair) if seat == result.first else (),
                       label=f"{seat_name(seat)}'s up cards")
            st.caption(f"{seat_name(seat)}: {result.showings[seat]}")
    st.success(f"**{seat_name(result.first)} acts first**: {result.rule}.")
    sizes = " or ".join(map(str, result.bet_sizes))
    if result.big_bet:
        st.info(f"{result.big_bet}. The first bet may be {sizes}.", icon=":material/payments:")
    else:
        st.info("No open pair showing, or the house does not play the open-pair rule: the "
                f"first bet on fourth street is {sizes}.", icon=":material/payments:")
    example_odds_link(game_id, seats=[[None, None, *pair] for pair in rows],
                      settings=settings.changes(), street="4th street")


def show_stud_examples(examples: Mapping[str, Example], settings: Settings, *,
                       prefix: str, game_id: str = GAME) -> None:
    """Both stud examples, under the page's current announcements; their odds links open
    ``game_id`` (stud eight or better shares these examples)."""
    show_bring_in(examples["bring_in"], settings, prefix=prefix, game_id=game_id)
    st.divider()
    show_fourth_street(examples["fourth_street"], settings, prefix=prefix, game_id=game_id)
