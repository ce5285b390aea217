"""The sidebar's game and the pages agree: a play or host table dealt, loaded or opened
from a link moves the sidebar to its game; a game chosen in the sidebar deals a new table
of it, and on the odds and quiz pages switches to its question. Run through ``app.py``,
which draws the sidebar before the page.
"""

from __future__ import annotations

import pytest
from streamlit.testing.v1 import AppTest

from engine.quiz.common import Drill
from engine.state import HandState
from tests.support.hostile import site_page
from tests.support.pages import deal_with_controls
from tests.support.share import random_hand
from ui.sessions.host import HostSession
from ui.sessions.play import PlaySession

PAGES = ["play", "host"]


def table(at: AppTest, page: str) -> HandState:
    state = at.session_state[f"{page}_table"].state
    assert isinstance(state, HandState)
    return state


def sidebar_game(at: AppTest) -> str:
    return str(at.sidebar.selectbox(key="game").value)


@pytest.mark.parametrize("page", PAGES)
def test_a_fresh_table_deals_the_sidebar_game(page: str) -> None:
    at = site_page(page, state={"game": "psycho"})
    assert not at.exception
    assert table(at, page).game.id == "psycho" and sidebar_game(at) == "psycho"


@pytest.mark.parametrize("page", PAGES)
def test_choosing_a_game_in_the_sidebar_deals_a_new_table_of_it(page: str) -> None:
    at = site_page(page)
    before = table(at, page)
    assert before.game.id == sidebar_game(at) == "pick-a-partner"
    at.sidebar.selectbox(key="game").set_value("seven-card-stud").run()
    assert not at.exception
    assert table(at, page).game.id == "seven-card-stud" and table(at, page) is not before
    assert sidebar_game(at) == "seven-card-stud"
    assert at.success and "the game chosen" in at.success[0].value
    at.toggle(key=f"{page}_setup_open").set_value(True).run()
    assert at.selectbox(key=f"{page}_game").value == "seven-card-stud", "the panel follows"
    settled = table(at, page)
    at.run()
    assert table(at, page) is settled, "a rerun must not deal again"


OPENS = {"play": (PlaySession, "_linked"), "host": (HostSession, "opened")}
"""Where each page's table is made from a link, on a first visit or a later one."""


@pytest.mark.parametrize("page", PAGES)
def test_a_shared_link_moves_the_sidebar_to_its_game(page: str,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """The link is opened once: the rerun that moves the sidebar does not open it again
    (on the play page, the computer players would think the hand through twice)."""
    opened = []
    session, name = OPENS[page]
    original = getattr(session, name)
    monkeypatch.setattr(session, name, staticmethod(
        lambda link, **kw: opened.append(link) or original(link, **kw)))
    at = site_page(page, params={"game": "psycho", "players": "4", "seed": "7"})
    assert not at.exception
    assert table(at, page).game.id == "psycho" and sidebar_game(at) == "psycho"
    assert len(opened) == 1, f"the link was opened {len(opened)} times"


def test_a_table_dealt_from_the_setup_panel_moves_the_sidebar() -> None:
    at = site_page("play")
    deal_with_controls(at, "sophies-pick", players=4, seed=3)
    assert not at.exception
    assert table(at, "play").game.id == "sophies-pick" and sidebar_game(at) == "sophies-pick"
    at.run()
    assert table(at, "play").game.id == "sophies-pick", "the sidebar must not undo the deal"


@pytest.mark.parametrize("page", PAGES)
def test_a_loaded_history_moves_the_sidebar(page: str) -> None:
    at = site_page(page)
    saved = random_hand("double-sophie", 11, stop=2)
    upload = next(u for u in at.file_uploader if u.key.startswith(f"{page}_history_upload"))
    upload.set_value(("hand.json", saved.to_json().encode(), "application/json")).run()
    assert not at.exception
    assert table(at, page).game.id == "double-sophie" and sidebar_game(at) == "double-sophie"


def test_choosing_a_game_in_the_sidebar_switches_the_odds_question() -> None:
    at = site_page("odds")
    assert at.radio(key="odds_widget").value == "partner"
    at.sidebar.selectbox(key="game").set_value("psycho").run()
    assert not at.exception
    assert at.radio(key="odds_widget").value == "psycho"
    at.radio(key="odds_widget").set_value("hands").run()
    assert at.radio(key="odds_widget").value == "hands", "the visitor's own choice stays"


def test_choosing_a_game_in_the_sidebar_switches_the_quiz_drill() -> None:
    at = site_page("quiz")
    assert at.session_state["quiz_ref"].drill is Drill.PARTNER
    at.sidebar.selectbox(key="game").set_value("seven-card-stud").run()
    assert not at.exception
    assert at.session_state["quiz_ref"].drill is Drill.STUD


@pytest.mark.parametrize("page", PAGES)
def test_the_setup_panel_and_the_sidebar_are_one_choice_of_game(page: str) -> None:
    at = site_page(page)
    at.toggle(key=f"{page}_setup_open").set_value(True).run()
    assert at.selectbox(key=f"{page}_game").value == sidebar_game(at) == "pick-a-partner"
    at.selectbox(key=f"{page}_game").set_value("psycho").run()
    assert not at.exception
    assert sidebar_game(at) == "psycho", "a game chosen in the panel is the sidebar's"
    assert table(at, page).game.id == "psycho"
    at.sidebar.selectbox(key="game").set_value("razz").run()
    assert not at.exception
    assert at.selectbox(key=f"{page}_game").value == "razz", "the panel shows the sidebar's"
    assert table(at, page).game.id == "razz"


def test_a_typed_link_chooses_its_game_everywhere() -> None:
    at = site_page("host", params={"typed": "omaha"})
    assert not at.exception
    assert sidebar_game(at) == at.selectbox(key="host_game").value == "omaha"
    assert table(at, "host").game.id == "omaha"
    assert at.info and "Type the cards of a hand of Omaha" in at.info[0].value
