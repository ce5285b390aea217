"""The play and host pages in a real browser: a share link opened in a new page and on a
restarted server showing the same table, and the host's presenter view. Screenshots go to
test-output/screenshots/. A hand of every game played to the end by clicking is
test_leaks.py's; hosting every game from the deal to the settlement is AppTest's
(tests/test_host_page.py).

``decide`` makes one decision the way a player does, for the other browser tests too.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from tests.browser.conftest import assert_no_exception, screenshot, serve_site, wait_for_app

pytestmark = pytest.mark.browser

PREFERRED = ("Check", "Call", "Bring in", "Show my hand", "Both ways", "High")
PLAYERS = {"pick-a-partner": 4, "seven-card-stud": 5, "sophies-pick": 4, "double-sophie": 3,
           "psycho": 4}


expect.set_options(timeout=30_000)


def _open(page: Page, url: str) -> None:
    """Open a play or host page and wait until its table is drawn."""
    page.goto(url)
    page.wait_for_selector("section[aria-label^='Seat']", timeout=60_000)
    wait_for_app(page)
    assert_no_exception(page)


OFFERED = """prefix => {
  const offered = {};
  for (const element of document.querySelectorAll(`[class*='st-key-${prefix}']`)) {
    const key = [...element.classList].find(c => c.startsWith(`st-key-${prefix}`));
    const button = element.querySelector("button");
    if (key && button && !element.closest("[data-stale='true']"))
      offered[key.slice("st-key-".length)] = button.innerText.trim();
  }
  return offered;
}"""
"""Every action-bar widget drawn now under a key prefix, with its first button's label,
read in one go so that a redraw cannot fall between two reads."""
QUICK = 5_000
"""Milliseconds for one click on a decision just read: longer means it was redrawn."""


def _step(keys: list[str], prefix: str) -> str:
    """The decision's own prefix, e.g. ``play_act_7``."""
    numbers = {int(m.group(1)) for k in keys if (m := re.match(rf"{prefix}(\d+)", k))}
    assert numbers, "no decision is offered"
    return f"{prefix}{max(numbers)}"


def click(page: Page, selector: str) -> None:
    """Click a button that starts a run, and wait until that run is drawn: a click's run
    is asked for a moment after the click, so waiting for the page to settle straight
    away could end before it began."""
    before = page.evaluate("() => window.__appRuns.step")
    page.locator(selector).first.click(timeout=QUICK)
    page.wait_for_function("n => window.__appRuns.asked > n", arg=before, timeout=QUICK)
    wait_for_app(page)
    assert_no_exception(page)


def _offered(page: Page, prefix: str) -> tuple[str, dict[str, str]]:
    """The current decision's prefix and its widgets' keys and labels, once drawn."""
    for _ in range(100):
        offered: dict[str, str] = page.evaluate(OFFERED, prefix)
        if offered:
            step = _step(list(offered), prefix)
            mine = {k: label for k, label in offered.items() if k.startswith(step + "_")}
            if mine:
                return step, mine
        page.wait_for_timeout(100)
    raise AssertionError(f"no decision under {prefix} appeared")


def _pick(page: Page, step: str, mine: dict[str, str]) -> str:
    """One decision's clicks: cards to choose first, pairs to lock, or one button."""
    if f"{step}_cards" in mine:
        pills = f".st-key-{step}_cards"
        wanted = 3 if "three" in page.locator(pills).inner_text(timeout=QUICK) else 1
        for index in range(wanted):
            click(page, f"{pills} button >> nth={index}")
        label = page.locator(f".st-key-{step}_confirm button").inner_text(timeout=QUICK)
        click(page, f".st-key-{step}_confirm button")
        return label
    if f"{step}_pair1" in mine:
        for pills in (f".st-key-{step}_pair1", f"[class*='st-key-{step}_pair2_']"):
            for pressed in (1, 2):
                click(page, f"{pills} button[aria-pressed='false']")
                expect(page.locator(f"{pills} button[aria-pressed='true']")).to_have_count(
                    pressed, timeout=QUICK)
        lock = page.locator(f".st-key-{step}_lock button").first
        expect(lock).to_be_enabled(timeout=QUICK)
        label = lock.inner_text(timeout=QUICK)
        click(page, f".st-key-{step}_lock button")
        return label
    buttons = [k for k in mine if mine[k]]
    chosen = next((k for word in PREFERRED for k in buttons if mine[k].startswith(word)),
                  buttons[0])
    click(page, f".st-key-{chosen} button")
    return mine[chosen]


def decide(page: Page, prefix: str = "play_act_") -> str:
    """Make one decision by clicking the action bar; return what was clicked. A decision
    redrawn while it was being read (the page was still catching up) is read again."""
    for _ in range(4):
        wait_for_app(page)
        step, mine = _offered(page, prefix)
        try:
            return _pick(page, step, mine)
        except PlaywrightTimeoutError:
            continue
    raise AssertionError(f"the decision under {prefix} kept changing as it was clicked")


def _hand_over(page: Page) -> bool:
    """Whether the hand has ended (waiting until either a decision or the end is shown)."""
    page.wait_for_function(
        "() => [...document.querySelectorAll('button')].some(b => b.innerText.includes("
        "'Deal again')) || document.querySelector(\"[class*='st-key-play_act_'] button\")",
        timeout=30_000)
    return page.get_by_role("button", name="Deal again").is_visible()


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
