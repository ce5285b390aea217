"""Compare games: the four games and Double Sophie side by side."""

import streamlit as st

from content import all_games
from ui.learn.compare import comparison_frame

st.title("Compare games")
st.write("The four games, and Double Sophie, side by side. The last row is read from each "
         "game's engine settings: the house defaults a dealer starts from.")
st.table(comparison_frame(all_games()))
