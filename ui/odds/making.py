"""Your own hand by the last card, under the shares of the pot: the chance of ending with
each high hand and with each low, with "this or better" totals (``engine.odds.making``)."""

from __future__ import annotations

import numpy as np
import pandas as pd
import streamlit as st

from engine.hands import Category
from engine.odds.at_table import Spot
from engine.odds.inputs import OddsInputError
from engine.odds.making import LOW_TOPS, making, making_of
from engine.odds.tally import Answer
from engine.state import seat_name
from ui.components.plain import plain

__all__ = ["making_frame", "show_making"]


@st.cache_data(show_spinner=False, max_entries=100)
def _making(spot: Spot, seat: int) -> tuple[Answer, int | None]:
    return making(spot, rng=np.random.default_rng(7), seat=seat), \
        making_of(spot, seat=seat).qualifier


def _low_words(top: int) -> str:
    return "A wheel (five-high low)" if top == 5 else f"A {top}-high low or better"


def making_frame(answer: Answer, qualifier: int | None) -> pd.DataFrame:
    """Best hands first: each high category's chance and the running total of it or better,
    then each low's chance (a low is already "or better")."""
    rows = []
    running = 0.0
    for category in sorted(Category, reverse=True):
        estimate = answer[f"high/{category.name}"]
        running += estimate.value
        rows.append({"Hand by the last card": category.label, "Chance": estimate.percent(),
                     "This or better": f"{100 * min(1.0, running):.1f}%"})
    for top in LOW_TOPS:
        name = f"low/{top}"
        if name not in answer.estimates:
            break
        words = _low_words(top)
        if qualifier == top:
            words += " (qualifies for low)"
        rows.append({"Hand by the last card": words, "Chance": answer[name].percent(),
                     "This or better": answer[name].percent()})
    return pd.DataFrame(rows)


def show_making(spot: Spot, you: int) -> None:
    """The table for your seat, and how it was found."""
    with st.expander(f"{seat_name(you)}'s hand by the last card (the chance of making each "
                     "hand)", expanded=False):
        try:
            answer, qualifier = _making(spot, you)
        except OddsInputError as error:
            st.caption(plain(str(error)))
            return
        st.table(making_frame(answer, qualifier), hide_index=True)
        st.caption(f"{answer.describe()} Only your cards and the board decide what you make: "
                   "every card nobody typed is as likely to come to you.")
