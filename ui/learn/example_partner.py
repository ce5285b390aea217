"""Pick a Partner's worked example: building the team hand from two partners' cards.

The team must play both first up cards and chooses three of the other eight.
The hand types' ``ranked_high_using`` ranks all 56 choices; the page shows the best,
why the obvious alternative loses, and the whole list, best first; and it links
to the Odds page with the two partners' cards against a team of two unknown hands.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache

import pandas as pd
import streamlit as st

from content import Example
from engine.cards import Card, format_cards
from engine.games.hand_types import HIGH_HAND
from engine.hands import HandValue
from engine.odds.at_table import Step, points
from engine.state import ActionKind
from ui.components.card_input import cards_field, clash
from ui.components.cards import show_cards
from ui.learn.example_odds import example_odds_link

PARTNERS = (Step(0, ActionKind.PICK_PARTNER, choice=1), Step(1, ActionKind.PICK_PARTNER, choice=0),
            Step(2, ActionKind.PICK_PARTNER, choice=3), Step(3, ActionKind.PICK_PARTNER, choice=2))
"""Seats 1 and 2 partner each other, and so do seats 3 and 4, whoever picks first."""


@dataclass(frozen=True, slots=True)
class TeamHand:
    """Every three-card addition with its hand, best first (equal hands share a place)."""

    required: tuple[Card, ...]
    ranked: tuple[tuple[tuple[Card, ...], HandValue], ...]

    @property
    def best(self) -> HandValue:
        return self.ranked[0][1]

    def runner_up(self) -> tuple[tuple[Card, ...], HandValue] | None:
        """The best choice of a lower category: the hand people stop at too early."""
        return next(((chosen, value) for chosen, value in self.ranked
                     if value.category != self.best.category), None)

    def places(self) -> list[int]:
        """1-based places, equal hands sharing one."""
        places: list[int] = []
        for index, (_, value) in enumerate(self.ranked):
            tied = index and value == self.ranked[index - 1][1]
            places.append(places[-1] if tied else index + 1)
        return places


def team_hand(first_up: Sequence[Card], others: Sequence[Card]) -> TeamHand:
    """Rank every team hand: both first up cards plus three of the other eight.

    Worked out once per set of cards: the page reruns on every click (Next in the
    guided hand too), and the answer only changes when the cards typed do."""
    return _ranked_team_hand(tuple(first_up), tuple(others))


@lru_cache(maxsize=32)
def _ranked_team_hand(first_up: tuple[Card, ...], others: tuple[Card, ...]) -> TeamHand:
    """The ranking behind :func:`team_hand`; 32 sets of cards kept (a ``TeamHand`` is
    frozen, so visitors can share one)."""
    return TeamHand(required=first_up, ranked=tuple(HIGH_HAND.ranked_high_using(first_up, others)))


def additions_frame(result: TeamHand) -> pd.DataFrame:
    """The 56 choices as a table: place, the three cards added, the hand and its five cards."""
    return pd.DataFrame({
        "Place": result.places(),
        "Three cards added": [format_cards(chosen) for chosen, _ in result.ranked],
        "Team hand": [value.describe() for _, value in result.ranked],
        "Five cards played": [format_cards(value.cards) for _, value in result.ranked],
    })


def _partner_inputs(example: Example, number: int, *, prefix: str) -> tuple[
        list[Card] | None, list[Card] | None]:
    suffix = "a" if number == 1 else "b"
    with st.container(border=True):
        st.markdown(f"**Partner {number}**")
        up = cards_field("First up card", key=f"{prefix}_ex_up_{suffix}",
                         default=example.cards[f"first_up_{suffix}"], count=1)
        rest = cards_field("Other four cards", key=f"{prefix}_ex_others_{suffix}",
                           default=example.cards[f"others_{suffix}"], count=4)
        if up is not None and rest is not None:
            show_cards(up + rest, size="small", marked=set(up),
                       captions=["first up", None, None, None, None],
                       label=f"Partner {number}'s cards")
    return up, rest


def show_team_hand_example(examples: Mapping[str, Example], *, prefix: str) -> None:
    example = examples["team_hand"]
    st.markdown(f"#### {example.title}")
    st.write(example.text)
    left, right = st.columns(2)
    with left:
        up_a, others_a = _partner_inputs(example, 1, prefix=prefix)
    with right:
        up_b, others_b = _partner_inputs(example, 2, prefix=prefix)
    if None in (up_a, others_a, up_b, others_b):
        return
    assert up_a and others_a and up_b and others_b
    problem = clash({"Partner 1's first up card": up_a, "Partner 1's other four cards": others_a,
                     "Partner 2's first up card": up_b, "Partner 2's other four cards": others_b})
    if problem:
        st.error(f"{problem}.", icon=":material/back_hand:")
        return
    result = team_hand(up_a + up_b, others_a + others_b)
    best_cards, best = result.ranked[0]
    st.success(f"**Best team hand: {best.describe()}**, adding {format_cards(best_cards)} "
               "to the two first up cards.")
    show_cards(best.cards, size="medium", marked=set(result.required),
               label=f"Best team hand: {best.describe()}")
    runner = result.runner_up()
    if runner is not None:
        chosen, value = runner
        why = (f"{best.category.phrase} beats {value.category.phrase}"
               if best.category != value.category
               else f"both are {value.category.phrase}, and the best one ranks higher")
        named = value.describe().lower()
        article = "" if not value.category.phrase.startswith("a ") else \
            "an " if named[0] in "aeiou" else "a "
        st.info(f"Adding {format_cards(chosen)} instead makes {article}**{named}**. "
                f"It is tempting, but {why}.", icon=":material/lightbulb:")
    example_odds_link("pick-a-partner", seats=[up_a + others_a, up_b + others_b, [None] * 5,
                                               [None] * 5],
                      street=points("pick-a-partner", 4)[-1], choices=PARTNERS)
    st.markdown(f"**All {len(result.ranked)} ways to add three cards, best first**")
    st.dataframe(additions_frame(result), hide_index=True, width="stretch", height=320)
