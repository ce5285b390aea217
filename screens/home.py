"""Home: what the site is, the four games, and where to go first."""

import streamlit as st

from content import all_games, site

words = site()
st.title("Dealer's Choice")
st.markdown("##### Learn, show and drill four home poker games, dealt by a live engine.")
st.write(words.welcome)

st.subheader("The games")
games = all_games()
columns = st.columns(len(games))
for column, game in zip(columns, games, strict=True):
    with column, st.container(border=True, height="stretch"):
        st.markdown(f"### {game.name}")
        st.write(game.tagline)
        st.caption(f"Players: {game.at_a_glance.players}")
        st.page_link(f"screens/{game.id.replace('-', '_')}.py", label=f"Learn {game.name}",
                     icon=":material/arrow_forward:")

st.subheader("Where to go")
for start in range(0, len(words.paths), 3):
    columns = st.columns(3)
    for column, route in zip(columns, words.paths[start:start + 3], strict=False):
        with column, st.container(border=True, height="stretch"):
            st.markdown(f"**{route.title}**")
            st.write(route.text)
            st.page_link(route.page, label=route.link, icon=":material/arrow_forward:")
