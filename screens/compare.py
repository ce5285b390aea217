"""Compare games: every game the site shows, Double Sophie too, side by side."""

import streamlit as st

from ui.learn.compare import comparison_frame
from ui.registry import contents

st.title("Compare games")
st.write("The games side by side, Double Sophie too. The last row is read from each "
         "game's engine settings: the house defaults a dealer starts from.")
st.table(comparison_frame(contents()))
