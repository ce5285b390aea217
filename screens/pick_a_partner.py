"""Pick a Partner: rules, announcements, a guided hand, and building a team hand."""

import streamlit as st

from content import GameContent
from engine.games.base import Settings
from ui.learn.example_partner import show_team_hand_example
from ui.learn.game_page import game_page


def examples(content: GameContent, settings: Settings, prefix: str) -> None:
    show_team_hand_example(content.examples, prefix=prefix)
    st.page_link("screens/odds.py", query_params={"widget": "partner"}, icon=":material/casino:",
                 label="Work out the odds of this decision: which partner helps your team most")


game_page("pick-a-partner", prefix="partner", examples=examples)
