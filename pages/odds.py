"""Odds: each game's key decision worked out in about a second, with how sure it is."""

import streamlit as st

from ui.odds_page import choose_widget

st.title("Odds")
st.write("Pick a question, type or deal the cards, and read the chances. Every answer says "
         "whether it is exact or sampled, and how close a sampled figure is to the truth.")
show = choose_widget()
st.divider()
show()
