"""A shared link opened first on a fresh server shows the whole site around its page."""

from playwright.sync_api import Page, expect

from tests.browser.conftest import assert_no_exception, serve_site, wait_for_app

SLOW = 60_000
"""Milliseconds: a fresh server's first visitor waits for every import."""


def test_first_visit_by_deep_link_keeps_the_navigation(page: Page) -> None:
    with serve_site() as fresh_url:
        page.goto(f"{fresh_url}/quiz?drill=stud&level=random&seed=1")
        wait_for_app(page)
        sidebar = page.locator("[data-testid='stSidebar']")
        expect(sidebar.get_by_text("Learn a game")).to_have_count(1, timeout=SLOW)
        expect(sidebar.get_by_text("Deck").first).to_be_visible(timeout=SLOW)
        expect(page.get_by_role("heading", name="Quizzes")).to_be_visible(timeout=SLOW)
        assert sidebar.get_by_text("app", exact=True).count() == 0
        assert_no_exception(page)
