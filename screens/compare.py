"""Compare games: every game the site shows, Double Sophie too, side by side; the games
to compare can be narrowed, which a phone's width needs, in a choice folded away above the
table so that the table is on a phone's first screen."""

import streamlit as st

from ui.learn.compare import comparison_frame
from ui.registry import SITE_GAMES, contents

# Each column wide enough to read in words, not a word a line; on a phone the table
# scrolls sideways with the features' names kept in view at its left.
st.html("<style>.st-key-compare_table th, .st-key-compare_table td { min-width: 9rem; }"
        " .st-key-compare_table tbody th, .st-key-compare_table thead th:first-child {"
        " position: sticky; left: 0; z-index: 1;"
        " background: var(--dc-page, #fbfaf6); min-width: 6.5rem; }</style>")
st.title("Compare games")
st.write("The games side by side, Double Sophie too. The last row is read from each "
         "game's engine settings: the house defaults a dealer starts from.")
names = [game.name for game in SITE_GAMES.values()]
# The choice folds away (its every game's pill would otherwise fill a phone's first screen
# before the table) under a label that stays the same, so a choice does not fold it.
with st.expander("Choose the games to compare", icon=":material/filter_list:"):
    chosen = st.pills("Games to compare", names, selection_mode="multi", default=names,
                      key="compare_games",
                      help="On a phone, two or three games side by side read best.")
if not chosen:
    st.info("Choose at least one game to compare.", icon=":material/table_chart:")
else:
    frame = comparison_frame(contents())
    st.caption(f"{len(chosen)} of {len(names)} games side by side."
               + (" On a phone, two or three read best: choose them above."
                  if len(chosen) > 3 else ""))
    with st.container(key="compare_table"):
        st.table(frame[[name for name in frame.columns if name in chosen]])
