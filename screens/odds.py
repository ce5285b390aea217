"""Odds: each game's key decision worked out in about a second, with how sure it is."""

import streamlit as st

st.title("Odds")
st.write("Pick a question, type or deal the cards, and read the chances. Every answer says "
         "whether it is exact or sampled, and how close a sampled figure is to the truth.")

# Imported after the title, so that on a fresh server (the odds code loads pandas and the
# game engine, most of a second) the page is on the screen while it loads.
from ui.odds.page import choose_widget  # noqa: E402

show = choose_widget()
st.divider()
show()
