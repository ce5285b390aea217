"""The page list's pages, made once per process: each run gets its own copy, so marking the
page one visitor's run opens leaves every other run's page alone."""

from __future__ import annotations

from tests.support.pages_app import app, function_app


def _two_runs_pages() -> None:
    import streamlit as st

    from ui.page_list import page

    first = page("screens/home.py", title="Home", icon=":material/home:", default=True)
    second = page("screens/home.py", title="Home", icon=":material/home:", default=True)
    first._can_be_called = True  # what st.navigation does to the page it runs
    st.text(f"{first is not second} {second._can_be_called} {second.title}")


def test_each_run_gets_its_own_copy_of_a_page() -> None:
    at = function_app(_two_runs_pages)
    at.run()
    assert not at.exception
    assert at.text[0].value == "True False Home"


def test_two_visitors_open_pages_one_after_the_other_in_one_process() -> None:
    for path in ("play", "rankings", "play"):
        at = app("app.py")
        at.switch_page(f"screens/{path}.py")
        at.run()
        assert not at.exception, path
