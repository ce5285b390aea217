"""A worked example any declared game may give in its words: "deal these up cards", dealt
through the live engine from a stacked deck, and the engine's own narration of the first
street told line by line with the rule behind each (Baseball's four earning a card, its
three asking the pot or a fold).

An example is ``[examples.<key>]`` with ``cards = { up = "4♠ K♦ 3♣" }`` (one up card a
seat, from Seat 1; the down cards are the lowest spare cards) and, under ``expect``, lines
the narration must hold (``tests/test_baseball.py`` checks them).
"""

from __future__ import annotations

from collections.abc import Sequence

import streamlit as st

from content import Example
from engine.cards import Card
from engine.deals import DealError, deal_plan, deck_from_seats
from engine.games import GAMES, new_hand
from engine.games.base import Settings
from engine.state import EventKind, seat_name
from ui.components.card_input import read_cards
from ui.components.cards import show_cards
from ui.components.plain import plain

__all__ = ["first_street", "is_up_cards", "show_deal_example"]


def first_street(game_id: str, up_cards: Sequence[Card], settings: Settings
                 ) -> list[tuple[str, str]]:
    """Deal ``game_id``'s first street with these up cards, one a seat, and the spare
    cards below them face down: the table's narration of it up to the first decision, as
    (line, rule). ``DealError`` or ``ValueError`` when the cards cannot be dealt."""
    players = len(up_cards)
    spare = iter(c for c in GAMES[game_id].cards if c not in set(up_cards))
    pattern = deal_plan(game_id, players=players, settings=settings).seat_pattern
    down = pattern.index("u") if "u" in pattern else 0
    seat_cards = [[next(spare) for _ in range(down)] + [card] for card in up_cards]
    deck = deck_from_seats(game_id, players=players, seat_cards=seat_cards, settings=settings)
    state = new_hand(game_id, players=players, seed=0, settings=settings, deck=deck)
    return [(event.text, event.rule) for event in state.events
            if event.kind not in (EventKind.STREET, EventKind.POST)]


def is_up_cards(example: Example) -> bool:
    """Whether the example is "deal these up cards", one a seat."""
    return set(example.cards) == {"up"}


def show_deal_example(game_id: str, example: Example, settings: Settings, prefix: str) -> None:
    """The up cards typed (the example's by default), dealt, and the first street told."""
    st.markdown(f"#### {plain(example.title)}")
    st.write(example.text)
    text = st.text_input("Up cards, one per seat, from Seat 1", value=example.cards["up"],
                         key=f"{prefix}_ex_{example.key}",
                         help=f"Two to {GAMES[game_id].max_players} cards, e.g. 4s Kd 3c.")
    most = GAMES[game_id].max_players
    cards = read_cards(text, at_least=2, at_most=most)
    if isinstance(cards, str):
        st.error(f"Up cards: {plain(cards)}.", icon=":material/back_hand:")
        return
    try:
        lines = first_street(game_id, cards, settings)
    except (DealError, ValueError) as error:
        st.error(plain(str(error)), icon=":material/back_hand:")
        return
    show_cards(cards, captions=[seat_name(s) for s in range(len(cards))],
               label="Up cards by seat")
    st.markdown("\n".join(f"- {plain(line)}" + (f" *({plain(rule)})*" if rule else "")
                          for line, rule in lines))
