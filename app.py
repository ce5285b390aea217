"""Dealer's Choice: the page list and the shared sidebar, nothing else."""

import streamlit as st

from ui.sidebar import render_sidebar

st.set_page_config(page_title="Dealer's Choice", page_icon="🂡", layout="wide")

PAGES = {
    "Start here": [
        st.Page("screens/home.py", title="Home", icon=":material/home:", default=True),
        st.Page("screens/rankings.py", title="Hand rankings", icon=":material/military_tech:",
                url_path="rankings"),
    ],
    "Learn a game": [
        st.Page("screens/pick_a_partner.py", title="Pick a Partner", icon=":material/handshake:",
                url_path="pick_a_partner"),
        st.Page("screens/sophies_pick.py", title="Sophie's Pick", icon=":material/content_cut:",
                url_path="sophies_pick"),
        st.Page("screens/seven_card_stud.py", title="Seven-card stud", icon=":material/style:",
                url_path="seven_card_stud"),
        st.Page("screens/psycho.py", title="Psycho", icon=":material/cyclone:", url_path="psycho"),
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

navigation = st.navigation(PAGES)
render_sidebar(navigation)
navigation.run()
