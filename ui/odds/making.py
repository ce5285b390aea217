"""Your own hand by the last card, under the shares of the pot: the chance of ending with
each high hand and with each low, with "this or better" totals (``engine.odds.making``).
Lows are named as the game ranks them: a deuce-to-seven player's best low is 7-5-4-3-2, an
ace-to-five player's the wheel; a game played for low only shows what its low hand is
instead of the high hands."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import NamedTuple

import numpy as np
import pandas as pd
import streamlit as st

from engine.hands import Category, LowRanking
from engine.odds.at_table import Spot
from engine.odds.inputs import OddsInputError
from engine.odds.making import LowLine, low_hands, low_lines, making, making_of
from engine.odds.tally import Answer
from engine.state import seat_name
from ui.components.plain import plain

__all__ = ["Played", "making_frame", "show_making"]

RANKINGS: Mapping[LowRanking, str] = MappingProxyType({
    LowRanking.ACE_TO_FIVE: "Lows are ranked ace-to-five: the ace is low and straights and "
                            "flushes do not count, so 5-4-3-2-A, the wheel, is the best.",
    LowRanking.DEUCE_TO_SEVEN: "Lows are ranked deuce-to-seven: the ace is high and a straight "
                               "or a flush is no low, so 7-5-4-3-2 of mixed suits is the best "
                               "(A-5-4-3-2 is an ace-high hand).",
    LowRanking.ACE_TO_SIX: "Lows are ranked ace-to-six: the ace is low but a straight or a "
                           "flush is no low, so 6-4-3-2-A of mixed suits is the best.",
    LowRanking.BADUGI: "Badugi hands: the most cards of different ranks and different suits, "
                       "then the lowest, the ace low, so 4-3-2-A of four suits is the best.",
})
"""How each low ranking reads a hand, under the table."""


class Played(NamedTuple):
    """What the game plays for: high, a low in some ranking (or none), the low's qualifier."""

    high: bool
    low: LowRanking | None
    qualifier: int | None


@st.cache_data(show_spinner=False, max_entries=100)
def _making(spot: Spot, seat: int) -> tuple[Answer, Played]:
    made = making_of(spot, seat=seat)
    return making(spot, rng=np.random.default_rng(7), seat=seat), \
        Played(made.high, made.low, made.qualifier)


def _cards(ranks: tuple[int, ...]) -> str:
    return "-".join("A" if r in (1, 14) else str(r) for r in ranks)


BADUGI_HANDS: Mapping[str, str] = MappingProxyType({
    "4-CARD": "Any badugi (four cards)", "3-CARD": "A three-card hand",
    "2-CARD": "A two-card hand", "1-CARD": "A one-card hand"})


def _low_words(line: LowLine, played: Played) -> str:
    badugi = played.low is LowRanking.BADUGI
    if line.best:
        wheel = "A wheel, " if played.low is LowRanking.ACE_TO_FIVE else ""
        return f"{wheel}{_cards(line.worst)}: the best {'badugi' if badugi else 'low'}"
    words = f"{line.top}-high badugi or better" if badugi else f"{line.top}-low or better"
    return words + " (qualifies for low)" if played.qualifier == line.top else words


def _low_hand_words(name: str, low: LowRanking) -> str:
    if low is LowRanking.BADUGI:
        return BADUGI_HANDS[name]
    if name != Category.HIGH_CARD.name:
        return Category[name].label
    if low is LowRanking.ACE_TO_FIVE:
        return "No pair (a low of any size)"
    return "No pair, straight or flush (a low of any size)"


def making_frame(answer: Answer, played: Played) -> pd.DataFrame:
    """Best hands first: each high category's chance and the running total of it or better,
    then each low's chance (a low is already "or better"); in a game played for low only,
    the lows first, then what the low hand is, from no pair down."""
    rows = []

    def add(words: str, name: str, running: float | None = None) -> None:
        estimate = answer[name]
        rows.append({"Hand by the last card": words, "Chance": estimate.percent(),
                     "This or better": estimate.percent() if running is None else
                     f"{100 * min(1.0, running):.1f}%"})

    if played.high:
        running = 0.0
        for category in sorted(Category, reverse=True):
            running += answer[f"high/{category.name}"].value
            add(category.label, f"high/{category.name}", running)
    if played.low is None:
        return pd.DataFrame(rows)
    for line in low_lines(played.low):
        add(_low_words(line, played), line.key)
    if not played.high:
        running = 0.0
        for name, _ in low_hands(played.low):
            running += answer[f"low-hand/{name}"].value
            add(_low_hand_words(name, played.low), f"low-hand/{name}", running)
    return pd.DataFrame(rows)


def show_making(spot: Spot, you: int) -> None:
    """The table for your seat, and how it was found."""
    with st.expander(f"{seat_name(you)}'s hand by the last card (the chance of making each "
                     "hand)", expanded=False):
        try:
            answer, played = _making(spot, you)
        except OddsInputError as error:
            st.caption(plain(str(error)))
            return
        st.table(making_frame(answer, played), hide_index=True)
        ranking = f" {RANKINGS[played.low]}" if played.low is not None else ""
        st.caption(f"{answer.describe()} Only your cards and the board decide what you make: "
                   f"every card nobody typed is as likely to come to you.{ranking}")
