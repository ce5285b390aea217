"""Razz's worked examples, dealt through the live engine from a stacked deck: the up cards
a learner types become a real razz hand, and the engine's own narration says who brings
in: the highest up card, the ace counting low. ``bring_in`` is pure (no Streamlit) so the
tests can check the stated result in ``content/`` against it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import streamlit as st

from content import Example
from engine.cards import FULL_DECK, Card
from engine.deals import deck_from_seats
from engine.games import new_hand
from engine.games.base import Settings
from engine.state import EventKind, HandState, seat_name
from ui.components.card_input import read_cards
from ui.components.cards import show_cards
from ui.components.plain import plain
from ui.learn.example_odds import example_odds_link
from ui.learn.example_stud import DEEP_STACK, BringIn

GAME = "razz"


def _deal(up_rounds: Sequence[Sequence[Card]], settings: Settings) -> HandState:
    """A razz hand in which each seat's up cards are the ones typed, round by round; the
    hidden cards are the highest cards nobody typed (kings and queens play no part)."""
    players = len(up_rounds[0])
    used = {c for row in up_rounds for c in row}
    spare = iter(c for c in reversed(FULL_DECK) if c not in used)
    seat_cards = [[next(spare), next(spare), *(row[seat] for row in up_rounds)]
                  for seat in range(players)]
    deck = deck_from_seats(GAME, players=players, seat_cards=seat_cards, settings=settings)
    return new_hand(GAME, players=players, seed=0, settings=settings, deck=deck,
                    stacks=[DEEP_STACK] * players)


def bring_in(up_cards: Sequence[Card], settings: Settings) -> BringIn:
    """Deal third street with these up cards (one per seat) and read who must bring in."""
    state = _deal([up_cards], settings)
    (seat,) = state.to_act
    note = next(e for e in reversed(state.events)
                if e.kind is EventKind.NOTE and e.seat == seat)
    options = tuple(a.describe() for a in state.legal_actions(seat))
    return BringIn(seat=seat, card=up_cards[seat], rule=note.rule, options=options)


def show_razz_examples(examples: Mapping[str, Example], settings: Settings, *,
                       prefix: str) -> None:
    """Who brings in, under the page's current announcements."""
    example = examples["bring_in"]
    st.markdown(f"#### {example.title}")
    st.write(example.text)
    text = st.text_input("Up cards, one per seat, from Seat 1", value=example.cards["up"],
                         key=f"{prefix}_ex_bring_in",
                         help="Two to eight cards, e.g. Kc 3h Ks Ad.")
    cards = read_cards(text, at_least=2, at_most=8)
    if isinstance(cards, str):
        st.error(f"Up cards: {plain(cards)}.", icon=":material/back_hand:")
        return
    result = bring_in(cards, settings)
    show_cards(cards, marked={result.card},
               captions=[seat_name(s) for s in range(len(cards))], label="Up cards by seat")
    st.success(f"**{seat_name(result.seat)} brings in**: {result.rule}.")
    st.caption("The engine offers: " + "; ".join(result.options) + ".")
    example_odds_link(GAME, seats=[[None, None, card] for card in cards],
                      settings=settings.changes())
