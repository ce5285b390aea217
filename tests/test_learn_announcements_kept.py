"""An announcement set on a game's learning page is still set when the learner leaves the
page and comes back in the same visit (Streamlit forgets a widget's value on a run that
does not draw it), for choices and numbers alike, and the house-defaults button still
resets it."""

from __future__ import annotations

from pathlib import Path

from streamlit.testing.v1 import AppTest

from engine.games import get_game
from tests.support.pages_app import app

APP = str(Path(__file__).resolve().parents[1] / "app.py")
TIMEOUT = 60


def _run(at: AppTest) -> AppTest:
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def _away_and_back(at: AppTest, page: str) -> None:
    for other in ("screens/rankings.py", "screens/odds.py"):
        at.switch_page(other)
        _run(at)
    at.switch_page(page)
    _run(at)


def test_omaha_s_announcements_survive_a_visit_to_other_pages() -> None:
    at = app(APP, timeout=TIMEOUT)
    at.switch_page("screens/omaha.py")
    _run(at)
    at.radio(key="omaha_setting_pot").set_value("eight-or-better")
    at.number_input(key="omaha_setting_big_blind").set_value(4)
    _run(at)
    _away_and_back(at, "screens/omaha.py")
    assert at.radio(key="omaha_setting_pot").value == "eight-or-better"
    assert at.number_input(key="omaha_setting_big_blind").value == 4
    at.button(key="omaha_settings_reset").click()
    _run(at)
    _away_and_back(at, "screens/omaha.py")
    assert at.radio(key="omaha_setting_pot").value == "high"
    assert at.number_input(key="omaha_setting_big_blind").value == 2


def test_each_game_page_keeps_its_own_announcements() -> None:
    at = app(APP, timeout=TIMEOUT)
    at.switch_page("screens/razz.py")
    _run(at)
    choice = next(i for i in get_game("razz").settings_type.schema() if i.options)
    key = f"razz_setting_{choice.name}"
    radio = at.radio(key=key)
    other = next(o.value for o in choice.options if o.value != choice.default)
    radio.set_value(other)
    _run(at)
    _away_and_back(at, "screens/omaha.py")
    assert at.radio(key="omaha_setting_pot").value == "high"
    at.switch_page("screens/razz.py")
    _run(at)
    assert at.radio(key=key).value == other
