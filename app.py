"""Dealer's Choice: the page list and the shared sidebar, nothing else.

Streamlit runs this file for every visitor, as ``__main__``. Before that, ``streamlit run
app.py`` (which ``make run`` is) imports it under its own name to find ``app``: the site
as one ASGI app, these pages with the site's own addresses beside them (``ui.routes``:
the card pictures, and the socket a game night's screens follow their table by).
"""

import streamlit as st

from ui.components.game_words import learn_pages_by_family
from ui.registry import games_on
from ui.routes import routes
from ui.sidebar import navigation_position, render_sidebar


def pages() -> dict[str, list[st.Page]]:
    """The site's pages, by section of the page list: the site's own features first and the
    games after them, by family, so that every feature shows without opening the list
    however many games there are."""
    return {
        "Start here": [
            st.Page("screens/home.py", title="Home", icon=":material/home:", default=True),
            st.Page("screens/rankings.py", title="Hand rankings",
                    icon=":material/military_tech:", url_path="rankings"),
        ],
        "Play": [
            st.Page("screens/play.py", title="Play a hand", icon=":material/playing_cards:",
                    url_path="play"),
            st.Page("screens/host.py", title="Host a hand", icon=":material/co_present:",
                    url_path="host"),
            st.Page("screens/night.py", title="Game night", icon=":material/groups:",
                    url_path="night"),
            st.Page("screens/house.py", title="Your house game", icon=":material/edit_note:",
                    url_path="house"),
        ],
        "Drill": [
            st.Page("screens/quiz.py", title="Quizzes", icon=":material/quiz:", url_path="quiz"),
            st.Page("screens/odds.py", title="Odds", icon=":material/casino:", url_path="odds"),
        ],
        "Learn a game": [
            st.Page("screens/compare.py", title="Compare games", icon=":material/table_chart:",
                    url_path="compare"),
        ],
        **games_by_family(),
    }


def games_by_family() -> dict[str, list[st.Page]]:
    """Each game's own learning page, named after the game, under its family's heading."""
    return {family: [st.Page(page.file, title=games_on(page)[0].name, icon=page.icon,
                             url_path=page.url_path) for page in family_pages]
            for family, family_pages in learn_pages_by_family().items()}


def main() -> None:
    st.set_page_config(page_title="Dealer's Choice", page_icon="🂡", layout="wide")
    navigation = st.navigation(pages(), position=navigation_position(), expanded=True)
    render_sidebar(navigation)
    navigation.run()


if __name__ == "__main__":
    main()
else:
    app = st.App("app.py", routes=routes())
