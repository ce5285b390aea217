"""The learning pages in a real browser: each loads cleanly, each guided hand clicks through.

Screenshots of every page (and of each guided hand, mid-way and at the end)
are saved under test-output/screenshots/ to be looked at.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from engine.games import GAMES
from tests.browser.conftest import assert_no_exception, screenshot, wait_for_app

pytestmark = pytest.mark.browser

PAGES = {
    "rankings": "Hand rankings",
    "pick_a_partner": "Pick a Partner",
    "sophies_pick": "Sophie's Pick",
    "seven_card_stud": "Seven-card stud",
    "psycho": "Psycho",
    "compare": "Compare games",
}
"""Url path (the page's file name, so a first visit straight to it resolves) and heading."""
TABS = {
    "rankings": ["Low hands", "Which hand wins?", "How often"],
    "game": ["Dealer's announcements", "Worked examples"],
}


def _open(page: Page, url: str) -> None:
    page.goto(url)
    wait_for_app(page)
    assert_no_exception(page)


def _tab(page: Page, name: str) -> None:
    page.get_by_role("tab", name=name).click()
    wait_for_app(page)
    assert_no_exception(page)


@pytest.mark.parametrize("path", list(PAGES))
def test_page_loads_and_every_tab_renders(page: Page, site_url: str, path: str) -> None:
    _open(page, f"{site_url}/{path}")
    expect(page.get_by_role("heading", name=PAGES[path], exact=True).first).to_be_visible()
    screenshot(page, f"learn-{path}")
    tabs = TABS["rankings"] if path == "rankings" else [] if path == "compare" else TABS["game"]
    for name in tabs:
        _tab(page, name)
        slug = name.lower().replace(" ", "-").replace("'", "").replace("?", "")
        screenshot(page, f"learn-{path}-{slug}")


def test_home_links_to_every_game(page: Page, site_url: str) -> None:
    _open(page, site_url)
    for game in ("Pick a Partner", "Sophie's Pick", "Seven-card stud", "Psycho"):
        page.get_by_role("link", name=f"Learn {game}").first.click()
        wait_for_app(page)
        assert_no_exception(page)
        expect(page.get_by_role("heading", name=game, exact=True).first).to_be_visible()
        page.goto(site_url)
        wait_for_app(page)
    screenshot(page, "learn-home")


@pytest.mark.parametrize("path", [p for p in PAGES if p.replace("_", "-") in GAMES])
def test_guided_hand_clicks_through_and_back(page: Page, site_url: str, path: str) -> None:
    _open(page, f"{site_url}/{path}")
    _tab(page, "Guided hand")
    next_button = page.get_by_role("button", name="Next")
    back_button = page.get_by_role("button", name="Back")
    expect(back_button).to_be_disabled()
    steps = 0
    while next_button.is_enabled():
        next_button.click()
        wait_for_app(page)
        assert_no_exception(page)
        steps += 1
        if steps == 3:
            screenshot(page, f"guided-{path}-step3")
        assert steps < 400, "the guided hand never ends"
    expect(page.get_by_text(f"Step {steps} of {steps}")).to_be_visible()
    screenshot(page, f"guided-{path}-end")
    back_button.click()
    wait_for_app(page)
    expect(page.get_by_text(f"Step {steps - 1} of {steps}")).to_be_visible()
    page.get_by_role("button", name="Start").click()
    wait_for_app(page)
    expect(page.get_by_text(f"Step 0 of {steps}")).to_be_visible()
    assert_no_exception(page)
