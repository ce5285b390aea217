"""Sophie's Pick (and Double Sophie): rules, announcements, a guided hand, and the picks."""

import streamlit as st

from content import GameContent
from engine.games.base import Settings
from ui.learn.example_sophie import show_pairings_example
from ui.learn.game_page import game_page


def examples(content: GameContent, settings: Settings, prefix: str) -> None:
    show_pairings_example(content.examples, prefix=prefix)
    st.page_link("screens/odds.py", query_params={"widget": "sophie"}, icon=":material/casino:",
                 label="Work out the odds of this decision: what to lock, sacrifice and keep")


game_page("sophies-pick", prefix="sophie", examples=examples, variants=("double-sophie",))
