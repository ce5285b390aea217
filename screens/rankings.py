"""Hand rankings: high, ace-to-five low and deuce-to-seven low, ties, and how often each comes."""

import streamlit as st

from content import rankings
from ui.components.game_words import low_games_words, own_order_words
from ui.learn.rankings import (
    show_compare_tool,
    show_frequencies,
    show_high_ranking,
    show_low_rankings,
    show_tie_examples,
)

words = rankings()
st.title("Hand rankings")
st.write(words.intro)
st.caption(f"Played for low on this site: {low_games_words()}.")
st.info(words.suits, icon=":material/balance:")

high_tab, low_tab, ties_tab, odds_tab = st.tabs(
    [":material/arrow_upward: High hands", ":material/arrow_downward: Low hands",
     ":material/compare_arrows: Which hand wins?", ":material/casino: How often"])
with high_tab:
    if own_order := own_order_words():
        st.info(own_order, icon=":material/swap_vert:")
    show_high_ranking(words)
with low_tab:
    show_low_rankings(words)
with ties_tab:
    show_tie_examples(words)
    st.divider()
    show_compare_tool(prefix="rankings")
with odds_tab:
    show_frequencies(words)
