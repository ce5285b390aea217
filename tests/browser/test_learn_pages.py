"""The learning pages in a real browser: each loads cleanly, the home page's links lead to
each game, and each guided hand is drawn mid-way and at the end (on the same visit to its
game's page as the tabs). Two pages are then narrowed to a phone's width: Pick a Partner's
worked examples keep a five-card hand to one row, and the comparison reads in words.

Screenshots of every page (and of each guided hand, mid-way and at the end)
are saved under test-output/screenshots/ to be looked at.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, ViewportSize, expect

from engine.games import GAMES
from tests.support.browser import (
    TAKING_SCREENSHOTS,
    assert_no_exception,
    drawn,
    screenshot,
    wait_for_app,
)

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


PHONE = ViewportSize(width=390, height=844)
ROWS = """() => [...document.querySelectorAll('.dc-row')].filter(r => r.checkVisibility())
  .map(r => ({cards: r.querySelectorAll('img').length,
              lines: new Set([...r.querySelectorAll('img')]
                              .map(i => Math.round(i.getBoundingClientRect().top))).size,
              right: r.getBoundingClientRect().right}))"""
"""Every card row shown: how many cards, on how many lines, and where it ends."""


def _a_five_card_hand_keeps_to_one_row(page: Page) -> None:
    page.get_by_role("tab", name="Worked examples").click()
    page.wait_for_function(f"() => ({ROWS})().some(row => row.cards === 5)", timeout=30_000)
    rows = page.evaluate(ROWS)
    fives = [row for row in rows if row["cards"] == 5]
    assert fives, rows
    for row in rows:
        assert row["lines"] == 1 and row["right"] <= PHONE["width"], row


def _compare_reads_in_words_not_letters(page: Page) -> None:
    widths = page.evaluate("() => [...document.querySelectorAll('.st-key-compare_table td')]"
                           ".map(c => c.getBoundingClientRect().width)")
    assert widths and min(widths) >= 130, min(widths)
    main = page.evaluate("() => { const m = document.querySelector('[data-testid=stMain]');"
                         " return [m.scrollWidth, m.clientWidth]; }")
    assert main[0] <= main[1], "the table scrolls inside itself, not the page"
    screenshot(page, "phone-compare")


ON_A_PHONE = {"pick_a_partner": _a_five_card_hand_keeps_to_one_row,
              "compare": _compare_reads_in_words_not_letters}
"""What a page is checked for once narrowed to a phone (the site lays its pages out by its
style sheet alone, so a narrowed page is laid out as one opened on a phone)."""


def _shoot(page: Page, name: str) -> None:
    """A screenshot of the whole page: the viewport is stretched to the content first,
    since the app scrolls inside its own container."""
    if not TAKING_SCREENSHOTS:
        return
    height = page.evaluate("""() => {
        const main = document.querySelector('[data-testid="stMain"]') || document.body;
        return Math.max(main.scrollHeight, 1000);
    }""")
    page.set_viewport_size({"width": 1400, "height": min(int(height) + 40, 8000)})
    wait_for_app(page)
    drawn(page)
    screenshot(page, name)
    page.set_viewport_size({"width": 1400, "height": 1000})


def _open(page: Page, url: str) -> None:
    page.goto(url)
    wait_for_app(page)
    assert_no_exception(page)


def _tab(page: Page, name: str) -> None:
    page.get_by_role("tab", name=name).click()
    wait_for_app(page)
    assert_no_exception(page)


@pytest.mark.parametrize("path", list(PAGES))
def test_page_loads_every_tab_renders_and_a_games_guided_hand_plays(
        page: Page, site_url: str, path: str) -> None:
    """One visit to each page: its heading, each of its tabs, on a game's page its guided
    hand, and for some pages what a phone shows (``ON_A_PHONE``)."""
    _open(page, f"{site_url}/{path}")
    expect(page.get_by_role("heading", name=PAGES[path], exact=True).first).to_be_visible()
    _shoot(page, f"learn-{path}")
    tabs = TABS["rankings"] if path == "rankings" else [] if path == "compare" else TABS["game"]
    for name in tabs:
        _tab(page, name)
        slug = name.lower().replace(" ", "-").replace("'", "").replace("?", "")
        _shoot(page, f"learn-{path}-{slug}")
    if path.replace("_", "-") in GAMES:
        _guided_hand_as_drawn_mid_way_and_at_the_end(page, path)
    if path in ON_A_PHONE:
        page.set_viewport_size(PHONE)
        drawn(page)
        ON_A_PHONE[path](page)


def test_home_links_to_every_game(page: Page, site_url: str) -> None:
    """Each game's link from the home page, and the browser's back button home again."""
    _open(page, site_url)
    for game in ("Pick a Partner", "Sophie's Pick", "Seven-card stud", "Psycho"):
        link = page.get_by_role("link", name=f"Learn {game}").first
        link.click()
        expect(page.get_by_role("heading", name=game, exact=True).first).to_be_visible()
        wait_for_app(page)
        assert_no_exception(page)
        page.go_back()
        expect(link).to_be_visible()
        wait_for_app(page)
        assert_no_exception(page)
    _shoot(page, "learn-home")


def _guided_hand_as_drawn_mid_way_and_at_the_end(page: Page, path: str) -> None:
    """Three steps of the guided hand, then its end, with screenshots of its table and
    narration (AppTest steps through every step of it, tests/test_pages_learn.py); the
    fewest players the game allows keep the hand short."""
    _tab(page, "Guided hand")
    fewest = min(GAMES[path.replace("_", "-")].min_players, 4)
    page.get_by_label("Players").click()
    before = page.evaluate("() => window.__appRuns.step")
    page.get_by_role("option", name=str(fewest), exact=True).click()
    # The run the choice asks for starts a moment later: until then the page still shows
    # the last count of steps.
    page.wait_for_function("n => window.__appRuns.asked > n", arg=before, timeout=30_000)
    wait_for_app(page)
    progress = page.get_by_text(re.compile(r"^Step 0 of \d+$"))
    expect(progress).to_be_visible(timeout=30_000)
    last = int(progress.inner_text().rsplit(" ", 1)[1])
    for step in range(1, min(3, last) + 1):
        page.get_by_role("button", name="Next").click()
        expect(page.get_by_text(f"Step {step} of {last}", exact=True)).to_be_visible(
            timeout=30_000)
    assert_no_exception(page)
    _shoot(page, f"guided-{path}-step3")
    page.get_by_role("button", name="End").click()
    expect(page.get_by_text(f"Step {last} of {last}", exact=True)).to_be_visible(timeout=30_000)
    expect(page.get_by_role("button", name="Next")).to_be_disabled()
    assert_no_exception(page)
    _shoot(page, f"guided-{path}-end")
