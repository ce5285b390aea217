"""Psycho's worked example: one seven-card hand played for high, for low, or both.

The learner types the five cards kept after the draw, the three exposed, the
sixth and the seventh; the engine finds the best high and the best low (under
the chosen low ranking), each from its own five of the seven cards.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import streamlit as st

from content import Example
from engine.cards import Card, format_cards
from engine.hands import HandValue, LowRanking, best_high, best_low
from ui.card_input import cards_field, clash
from ui.cards import show_cards

LOW_NAMES = {LowRanking.ACE_TO_FIVE: "Ace-to-five", LowRanking.DEUCE_TO_SEVEN: "Deuce-to-seven"}


@dataclass(frozen=True, slots=True)
class PsychoHand:
    """Seven cards as the table sees them, and their best high and low."""

    up: tuple[Card, ...]
    down: tuple[Card, ...]
    high: HandValue
    low: HandValue

    @property
    def cards(self) -> tuple[Card, ...]:
        return self.up + self.down


def psycho_hand(after_draw: Sequence[Card], exposed: Sequence[Card], sixth: Card,
                seventh: Card, ranking: LowRanking) -> PsychoHand | str:
    """Build the hand, or say why these cards cannot be one (exposed cards not held...)."""
    strays = [c for c in exposed if c not in after_draw]
    if strays:
        return (f"{format_cards(strays)} is exposed but not among the five cards held "
                "after the draw")
    problem = clash({"the five after the draw": after_draw, "the sixth card": [sixth],
                     "the seventh card": [seventh]})
    if problem:
        return problem
    hidden = tuple(c for c in after_draw if c not in exposed)
    up, down = (*exposed, sixth), (*hidden, seventh)
    seven = [*up, *down]
    return PsychoHand(up=up, down=down, high=best_high(seven), low=best_low(seven, ranking))


def _inputs(example: Example, prefix: str) -> tuple[list[Card] | None, ...]:
    first, second = st.columns(2)
    with first:
        after_draw = cards_field("Five cards after the draw", key=f"{prefix}_ex_draw",
                                 default=example.cards["after_draw"], count=5)
        exposed = cards_field("The three exposed", key=f"{prefix}_ex_exposed",
                              default=example.cards["exposed"], count=3)
    with second:
        sixth = cards_field("Sixth card (face up)", key=f"{prefix}_ex_sixth",
                            default=example.cards["sixth"], count=1)
        seventh = cards_field("Seventh card (face down)", key=f"{prefix}_ex_seventh",
                              default=example.cards["seventh"], count=1)
    return after_draw, exposed, sixth, seventh


def show_hand_both_ways(hand: PsychoHand, ranking: LowRanking) -> None:
    show_cards(list(hand.cards), down=set(hand.down),
               captions=["up"] * len(hand.up) + ["down"] * len(hand.down),
               label="The seven cards")
    high_col, low_col = st.columns(2)
    with high_col, st.container(border=True):
        st.markdown(f"**Best high: {hand.high.describe()}**")
        show_cards(hand.high.cards, size="small", label=f"High: {hand.high.describe()}")
    with low_col, st.container(border=True):
        st.markdown(f"**Best {LOW_NAMES[ranking].lower()} low: {hand.low.describe()}**")
        show_cards(hand.low.cards, size="small", label=f"Low: {hand.low.describe()}")


def show_both_ways_example(examples: Mapping[str, Example], *, prefix: str,
                           ranking: LowRanking) -> PsychoHand | None:
    """The learner's hand, its best high and low; returns it for the declaration part."""
    example = examples["both_ways"]
    st.markdown(f"#### {example.title}")
    st.write(example.text)
    after_draw, exposed, sixth, seventh = _inputs(example, prefix)
    if after_draw is None or exposed is None or sixth is None or seventh is None:
        return None
    hand = psycho_hand(after_draw, exposed, sixth[0], seventh[0], ranking)
    if isinstance(hand, str):
        st.error(f"{hand}.", icon="✋")
        return None
    show_hand_both_ways(hand, ranking)
    return hand
