"""Dealer's Choice: the page list and the shared sidebar, nothing else."""

import streamlit as st

from ui.sidebar import render_sidebar

st.set_page_config(page_title="Dealer's Choice", page_icon="🂡", layout="wide")

PAGES = {
    "Start here": [
        st.Page("pages/home.py", title="Home", icon="🏠", url_path="home", default=True),
    ],
}

navigation = st.navigation(PAGES)
render_sidebar()
navigation.run()
