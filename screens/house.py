"""Your house game: write a game of your own, see it taught, dealt and priced, keep it.

A form for the common parts beside the game's file, either one editable, checked as the
host writes (each problem with its line and reason); once it holds, the preview (its
rules, a hand step by step, the odds, hands against computer players) and the links to
keep and share it. The parts are in ``ui/house/``.
"""

import streamlit as st

from ui.house.editor import editor, show_check, start_from
from ui.house.preview import preview
from ui.house.sharing import open_from_address, show_keep

st.title("Your house game")
st.write("Write the game your table plays: start from any game here or from nothing, change "
         "it on the form or in its file, and the site teaches it, deals it and works out "
         "its odds.")
kept = open_from_address()
start_from()
checked = editor()
show_check(checked)
show_keep(checked)
if checked.house is not None:
    st.header(checked.house.name, anchor=False)
    preview(checked.house)
