"""The play and host pages in a real browser: a share link opened in a new page and on a
restarted server showing the same table, and the host's presenter view. Screenshots go to
test-output/screenshots/. A hand played to its end by clicking is test_isolation.py's,
and every game dealt at a game night test_leaks.py's; hosting every game from the deal to
the settlement is AppTest's (tests/test_host_page.py).

``decide`` and ``click`` are tests.support.browser's.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.support.browser import (
    _open,
    assert_no_exception,
    click,
    decide,
    screenshot,
    serve_site,
    wait_for_app,
)

pytestmark = pytest.mark.browser


expect.set_options(timeout=30_000)


def _table(page: Page) -> tuple[list[str], list[str]]:
    """Every seat panel's text, and what every card on the page says to a screen reader."""
    seats = page.locator("section[aria-label^='Seat']").all_inner_texts()
    cards = page.locator("img[alt]").evaluate_all("es => es.map(e => e.getAttribute('alt'))")
    return seats, cards


def test_a_share_link_opens_the_same_table_in_a_new_page(browser: Browser, page: Page,
                                                         site_url: str) -> None:
    """The link in a second browser, then as the first visit to a restarted server, where
    the page still has the whole site's navigation around it."""
    _open(page, f"{site_url}/play?game=seven-card-stud&players=4&seed=23&seat=2")
    for _ in range(2):
        decide(page)
    link = page.url
    assert "hand=" in link and "actions=" not in link and "seed=" not in link
    before = _table(page)
    other = browser.new_context(viewport={"width": 1400, "height": 1000}).new_page()
    _open(other, link)
    expect(other.get_by_text("Opened a shared hand")).to_be_visible()
    assert _table(other) == before
    screenshot(other, "play-shared-link")
    with serve_site() as restarted:
        _open(other, link.replace(site_url, restarted))
        expect(other.get_by_text("Opened a shared hand")).to_be_visible()
        assert _table(other) == before, "a restarted server reopens the link as it was"
        sidebar = other.locator("[data-testid='stSidebar']")
        expect(sidebar.get_by_text("Learn a game")).to_have_count(1)
        expect(sidebar.get_by_text("Deck").first).to_be_visible()
        assert sidebar.get_by_text("app", exact=True).count() == 0, \
            "a first visit by a deep link keeps the whole navigation"
    other.context.close()


def test_host_presenter_view_and_hidden_cards(page: Page, site_url: str) -> None:
    page.set_viewport_size({"width": 1920, "height": 1080})
    _open(page, f"{site_url}/host?game=seven-card-stud&players=5&seed=9")
    for _ in range(4):
        click(page, ".st-key-host_next button")
    page.get_by_text("Hidden", exact=True).click()
    wait_for_app(page)
    expect(page.locator("img[alt='Face-down card']").first).to_be_visible()
    page.get_by_text("Presenter view", exact=True).click()
    wait_for_app(page)
    assert_no_exception(page)
    expect(page.get_by_role("heading", name="Host a hand")).to_have_count(0)
    screenshot(page, "host-presenter-hidden")
    page.get_by_text("Face up", exact=True).click()
    wait_for_app(page)
    click(page, ".st-key-host_next button")
    screenshot(page, "host-presenter-face-up")
