"""Seven-card stud: rules, announcements, a guided hand, and who brings in and acts first."""

import streamlit as st

from content import GameContent
from engine.games.base import Settings
from ui.learn.example_stud import show_stud_examples
from ui.learn.game_page import game_page


def examples(content: GameContent, settings: Settings, prefix: str) -> None:
    show_stud_examples(content.examples, settings, prefix=prefix)
    st.page_link("screens/odds.py", query_params={"widget": "stud"}, icon=":material/casino:",
                 label="Work out the odds of this decision: each live hand's chance to win")


game_page("seven-card-stud", prefix="stud", examples=examples)
