"""The home page opens in a real browser with no Streamlit exception."""

from playwright.sync_api import Page

from tests.browser.conftest import assert_no_exception, screenshot, wait_for_app


def test_home_page_loads(page: Page, site_url: str) -> None:
    page.goto(site_url)
    wait_for_app(page)
    assert_no_exception(page)
    assert page.get_by_role("heading", name="Dealer's Choice").count() >= 1
    for game in ("Pick a Partner", "Sophie's Pick", "Seven-card stud", "Psycho"):
        assert page.get_by_text(game).count() >= 1, game
    screenshot(page, "home")
