"""A shared link opened first on a fresh server shows the whole site around its page."""

from playwright.sync_api import Page

from tests.browser.conftest import assert_no_exception, serve_site, wait_for_app


def test_first_visit_by_deep_link_keeps_the_navigation(page: Page) -> None:
    with serve_site() as fresh_url:
        page.goto(f"{fresh_url}/quiz?drill=stud&level=random&seed=1")
        wait_for_app(page)
        assert_no_exception(page)
        sidebar = page.locator("[data-testid='stSidebar']")
        assert sidebar.get_by_text("Learn a game").count() == 1
        assert sidebar.get_by_text("Deck").count() >= 1
        assert sidebar.get_by_text("app", exact=True).count() == 0
