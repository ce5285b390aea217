"""Psycho: rules, announcements, a guided hand, and going both ways."""

import streamlit as st

from content import GameContent
from engine.games.base import Settings
from engine.games.psycho import PsychoSettings
from ui.learn.example_psycho import show_both_ways_example
from ui.learn.game_page import game_page


def examples(content: GameContent, settings: Settings, prefix: str) -> None:
    assert isinstance(settings, PsychoSettings)
    show_both_ways_example(content.examples, prefix=prefix, ranking=settings.low_ranking)
    st.page_link("screens/odds.py", query_params={"widget": "psycho"}, icon=":material/casino:",
                 label="Work out the odds of this decision: which way to declare, what to draw")


game_page("psycho", prefix="psycho", examples=examples)
