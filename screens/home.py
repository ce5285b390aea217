"""Home: what the site is, the games, and where to go first."""

import streamlit as st

from content import site
from engine.games.stakes import count
from ui.registry import contents, page_of

words = site()
games = contents()
st.title("Dealer's Choice")
st.markdown(f"##### Learn, show and drill {count(len(games), 'home poker game')}, dealt by "
            "a live engine.")
st.write(words.welcome)

st.subheader("The games")
columns = st.columns(len(games))
for column, game in zip(columns, games, strict=True):
    with column, st.container(border=True, height="stretch"):
        st.markdown(f"### {game.name}")
        st.write(game.tagline)
        st.caption(f"Players: {game.at_a_glance.players}")
        page = page_of(game.id)
        if page is not None:
            st.page_link(page.file, label=f"Learn {game.name}", icon=":material/arrow_forward:")
        else:
            st.caption("Choose it in the sidebar to play or host a hand of it.")

st.subheader("Where to go")
for start in range(0, len(words.paths), 3):
    path_columns = st.columns(3)
    for column, route in zip(path_columns, words.paths[start:start + 3], strict=False):
        with column, st.container(border=True, height="stretch"):
            st.markdown(f"**{route.title}**")
            st.write(route.text)
            st.page_link(route.page, label=route.link, icon=":material/arrow_forward:")
