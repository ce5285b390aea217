"""Dealer's Choice: the page list and the shared sidebar, nothing else."""

import streamlit as st

from ui.registry import games_on, learn_pages
from ui.sidebar import navigation_position, render_sidebar

st.set_page_config(page_title="Dealer's Choice", page_icon="🂡", layout="wide")

PAGES = {
    "Start here": [
        st.Page("screens/home.py", title="Home", icon=":material/home:", default=True),
        st.Page("screens/rankings.py", title="Hand rankings", icon=":material/military_tech:",
                url_path="rankings"),
    ],
    "Learn a game": [
        *(st.Page(page.file, title=games_on(page)[0].name, icon=page.icon,
                  url_path=page.url_path) for page in learn_pages()),
        st.Page("screens/compare.py", title="Compare games", icon=":material/table_chart:",
                url_path="compare"),
    ],
    "Play": [
        st.Page("screens/play.py", title="Play a hand", icon=":material/playing_cards:",
                url_path="play"),
        st.Page("screens/host.py", title="Host a hand", icon=":material/co_present:",
                url_path="host"),
        st.Page("screens/night.py", title="Game night", icon=":material/groups:", url_path="night"),
    ],
    "Drill": [
        st.Page("screens/quiz.py", title="Quizzes", icon=":material/quiz:", url_path="quiz"),
        st.Page("screens/odds.py", title="Odds", icon=":material/casino:", url_path="odds"),
    ],
}

navigation = st.navigation(PAGES, position=navigation_position())
render_sidebar(navigation)
navigation.run()
