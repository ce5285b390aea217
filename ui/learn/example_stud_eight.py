"""Seven-card stud eight or better's worked example: two players' seven cards, dealt as a
real hand and played to the showdown, and how the engine splits the pot between the high
hand and a low of eight or better (or gives it all to the high hand). ``split_pot`` is
pure (no Streamlit) so the tests can check the stated results in ``content/``."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import streamlit as st

from content import Example
from engine.cards import Card
from engine.deals import deck_from_seats
from engine.games import new_hand
from engine.games.base import Settings
from engine.state import ActionKind, seat_name
from ui.components.card_input import clash, read_cards
from ui.components.cards import show_cards
from ui.components.plain import plain
from ui.learn.example_odds import example_odds_link

GAME = "seven-card-stud-eight"


@dataclass(frozen=True, slots=True)
class Split:
    awards: tuple[str, ...]
    """Each part of the pot in the engine's words: "Seat 1 wins the high half: ..."."""
    halves: bool
    """Whether the pot was split into a high and a low half."""


def split_pot(hands: Sequence[Sequence[Card]], settings: Settings) -> Split:
    """Deal these seven cards to each seat (two down, four up, one down), everyone checking
    and calling to the showdown, and read how the pot is paid."""
    players = len(hands)
    deck = deck_from_seats(GAME, players=players, seat_cards=hands, settings=settings)
    state = new_hand(GAME, players=players, seed=0, settings=settings, deck=deck)
    while not state.is_over:
        kinds = {a.kind: a for a in state.legal_actions(state.to_act[0])}
        state.apply(next(kinds[k] for k in (ActionKind.BRING_IN, ActionKind.CHECK,
                                             ActionKind.CALL, ActionKind.SHOW) if k in kinds))
    assert state.settlement is not None
    awards = tuple(f"{' and '.join(seat_name(s) for s in a.winners)} "
                   f"{'wins' if len(a.winners) == 1 else 'split'} "
                   f"{a.part or 'the pot'} ({a.amount}): {a.rule}"
                   for a in state.settlement.awards)
    return Split(awards, any(a.part == "the low half" for a in state.settlement.awards))


def show_stud_eight_split(examples: Mapping[str, Example], settings: Settings, *,
                          prefix: str) -> None:
    """The split-pot example, under the page's current announcements, after a divider
    from the examples above it."""
    st.divider()
    example = examples["split"]
    st.markdown(f"#### {example.title}")
    st.write(example.text)
    hands: list[list[Card]] = []
    for seat, key in enumerate(("seat1", "seat2")):
        text = st.text_input(f"{seat_name(seat)}'s seven cards, in the order dealt",
                             value=example.cards[key], key=f"{prefix}_ex_split_{key}",
                             help="Two down, four up, one down, e.g. Ah 2c 7d 5s 3h Kc Qd.")
        cards = read_cards(text, count=7)
        if isinstance(cards, str):
            st.error(f"{seat_name(seat)}: {plain(cards)}.", icon=":material/back_hand:")
            return
        hands.append(cards)
    problem = clash({seat_name(s): hand for s, hand in enumerate(hands)})
    if problem:
        st.error(f"{plain(problem)}.", icon=":material/back_hand:")
        return
    result = split_pot(hands, settings)
    for seat, hand in enumerate(hands):
        show_cards(hand, size="small", label=f"{seat_name(seat)}'s cards")
    for line in result.awards:
        st.success(line)
    example_odds_link(GAME, seats=hands, settings=settings.changes(), street="7th street")
