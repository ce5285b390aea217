"""Dealer's Choice: the page list and the shared sidebar, nothing else.

Streamlit runs this file for every visitor, as ``__main__``. Before that, ``streamlit run
app.py`` (which ``make run`` is) imports it under its own name to find ``app``: the site
as one ASGI app, these pages with the site's own addresses beside them (``ui.routes``:
the card pictures, and the socket a game night's screens follow their table by).
"""

import streamlit as st

from ui.components.game_words import learn_pages_by_family
from ui.page_list import page
from ui.registry import games_on
from ui.routes import routes
from ui.sidebar import navigation_position, render_sidebar


def pages() -> dict[str, list[st.Page]]:
    """The site's pages, by section of the page list: the site's own features first and the
    games after them, by family, so that every feature shows without opening the list
    however many games there are."""
    return {
        "Start here": [
            page("screens/home.py", title="Home", icon=":material/home:", default=True),
            page("screens/rankings.py", title="Hand rankings",
                 icon=":material/military_tech:", url_path="rankings"),
        ],
        "Play": [
            page("screens/play.py", title="Play a hand", icon=":material/playing_cards:",
                 url_path="play"),
            page("screens/host.py", title="Host a hand", icon=":material/co_present:",
                 url_path="host"),
            page("screens/night.py", title="Game night", icon=":material/groups:",
                 url_path="night"),
            page("screens/house.py", title="Your house game", icon=":material/edit_note:",
                 url_path="house"),
        ],
        "Drill": [
            page("screens/quiz.py", title="Quizzes", icon=":material/quiz:", url_path="quiz"),
            page("screens/odds.py", title="Odds", icon=":material/casino:", url_path="odds"),
        ],
        "Learn a game": [
            page("screens/compare.py", title="Compare games", icon=":material/table_chart:",
                 url_path="compare"),
        ],
        **games_by_family(),
    }


def games_by_family() -> dict[str, list[st.Page]]:
    """Each game's own learning page, named after the game, under its family's heading."""
    return {family: [page(learn.file, title=games_on(learn)[0].name, icon=learn.icon,
                          url_path=learn.url_path) for learn in family_pages]
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
