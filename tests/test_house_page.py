"""The Your house game page as a host uses it: from a template to a saved game with its
links, problems named with their lines and nothing saved until the game holds, the links
opened again, a hand played against computer players."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from streamlit.testing.v1 import AppTest

from engine.games.house import BLANK
from tests.support.hostile import MARKUP, hostile_text
from tests.support.pages import ROOT, page_text, take_decision
from tests.support.pages_app import app
from ui.house.check import check
from ui.store import open_store

PAGE = str(ROOT / "screens" / "house.py")


def opened(params: dict[str, str] | None = None) -> AppTest:
    at = app(PAGE)
    for name, value in (params or {}).items():
        at.query_params[name] = value
    at.run()
    assert not at.exception, at.exception[0].value
    return at


def form(at: AppTest, name: str) -> str:
    return f"house_f{at.session_state['house_form_version']}_{name}"


def test_a_host_writes_sevens_and_spades_from_stud_and_keeps_it() -> None:
    at = opened()
    at.selectbox(key="house_template").set_value("seven-card-stud")
    at.button(key="house_start").click().run()
    at.multiselect(key=form(at, "wild")).set_value(["7"]).run()
    at.selectbox(key=form(at, "wins")).set_value("spade-high").run()
    at.text_input(key=form(at, "name")).set_value("Sevens and spades").run()
    assert not at.exception, at.exception[0].value
    text = at.session_state["house_text"]
    assert 'ranks = ["7"]' in text and 'spade = "high"' in text
    assert "It holds: Sevens and spades" in page_text(at)
    at.button(key="house_save").click().run()
    edit, play = (c.value for c in at.code[:2])
    assert "?edit=" in edit and "?play=" in play
    secret = edit.split("=", 1)[1]
    assert len(secret) >= 32 and secret not in open_store().stored_text(
        at.session_state["house_kept"].record_id), "the store keeps no secret"

    again = opened({"edit": secret})
    assert again.session_state["house_text"] == text
    assert again.button(key="house_save").label == "Save the changes"
    shared = opened({"play": play.split("=", 1)[1]})
    assert shared.session_state["house_text"] == text
    assert shared.button(key="house_save").label == "Save and get links"


def test_a_host_makes_the_one_eyed_jacks_wild_on_the_form() -> None:
    at = opened()
    at.selectbox(key="house_template").set_value("five-card-draw")
    at.button(key="house_start").click().run()
    at.multiselect(key=form(at, "cards")).set_value(["Jh", "Js"]).run()
    at.text_input(key=form(at, "name")).set_value("One-eyed jacks").run()
    assert not at.exception, at.exception[0].value
    assert not at.error, at.error[0].value
    assert 'cards = ["Jh", "Js"]' in at.session_state["house_text"]
    assert at.multiselect(key=form(at, "cards")).value == ["Jh", "Js"]
    assert "J♥, J♠" in [t.value for t in at.text], "the preview's glance names them"


def test_problems_are_named_by_line_and_nothing_is_saved_until_it_holds() -> None:
    at = opened()
    bad = BLANK.replace('name = "My house game"', f'name = "{MARKUP[0]}"').replace(
        'cards = "ddddd"', 'cards = "dd"')
    at.text_area(key="house_text").set_value(bad).run()
    assert not at.exception, at.exception[0].value
    (error,) = at.error
    assert "line 2, rules\\.name" in error.value and "'\\<' is markup" in error.value
    assert at.button(key="house_save").disabled
    assert "<img" not in "".join(m.value for m in at.markdown)
    at.text_area(key="house_text").set_value("[rules\nname = ").run()
    assert "not TOML" in at.error[0].value and not at.exception
    assert at.button(key="house_save").disabled
    assert not at.tabs, "no preview of a game that does not hold"


def test_a_wrong_link_says_so_and_changes_nothing() -> None:
    at = opened({"edit": "x" * 32})
    assert "opens no house game" in at.warning[0].value
    assert at.session_state["house_text"] == BLANK


def test_a_hand_against_computer_players_plays_to_its_end() -> None:
    at = opened()
    for _ in range(30):
        state = at.session_state["house_play_table"].state
        if state.is_over:
            break
        take_decision(at, f"house_act_{len(state.actions)}")
        assert not at.exception, at.exception[0].value
    assert at.session_state["house_play_table"].state.is_over
    assert any("phh" in (b.label or "").lower() for b in at.get("download_button"))


@settings(max_examples=60, deadline=None, derandomize=True)
@given(st.lists(hostile_text(max_size=30), max_size=4),
       st.integers(min_value=0, max_value=BLANK.count("\n")))
def test_fuzz_the_page_checker(junk: list[str], at: int) -> None:
    lines = BLANK.splitlines()
    text = "\n".join([*lines[:at], *(f"x = {j!r}" if i % 2 else j for i, j in
                                     enumerate(junk)), *lines[at:]])
    checked = check(text)
    assert checked.holds or all(p.reason for p in checked.problems)
    assert checked.house is None or "<" not in checked.house.name
