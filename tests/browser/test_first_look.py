"""A newcomer's first look, in a real browser at 1400 x 900 and on a 390 x 844 phone: every
feature in the sidebar without opening anything and every page's name there whole, and the
home page's game names broken only between words. On a phone, each toggle sits beside its
label on the host page (checked here), on the play page (test_layout.py) and on the quiz
(test_quiz.py), on visits those tests make at a phone's width anyway; a five-card hand in
one row and the comparison in words are test_learn_pages.py's, on its visits to those pages.
Screenshots go to test-output/screenshots/."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from tests.support.browser import (
    ODDS_ANSWERED,
    SLOW,
    assert_no_exception,
    assert_toggles_sit_beside_their_labels,
    drawn,
    screenshot,
    wait_for_app,
)

pytestmark = pytest.mark.browser

SIZES = {"desktop": {"width": 1400, "height": 900}, "phone": {"width": 390, "height": 844}}
FEATURES = ("Home", "Hand rankings", "Play a hand", "Host a hand", "Game night", "Quizzes",
            "Odds", "Compare games")

BROKEN_WORDS = """() => {
  const broken = [];
  for (const title of document.querySelectorAll('.st-key-home_games h4')) {
    const text = title.innerText.trim();
    const node = [...title.querySelectorAll('*')].concat([title])
      .flatMap(e => [...e.childNodes]).find(n => n.nodeType === 3 && n.textContent.trim());
    const range = document.createRange();
    let top = null;
    for (let i = 0; i < node.textContent.length; i++) {
      range.setStart(node, i); range.setEnd(node, i + 1);
      const rect = range.getBoundingClientRect();
      if (!rect.height) continue;
      if (top !== null && rect.top > top + 2 && !/[\\s-]/.test(node.textContent[i - 1])
          && !/\\s/.test(node.textContent[i]))
        broken.push(text + ' at ' + i);
      top = rect.top;
    }
  }
  return broken;
}"""


def _open(page: Page, url: str, size: str) -> Page:
    page.set_viewport_size(SIZES[size])  # type: ignore[arg-type]
    page.goto(url)
    wait_for_app(page)
    assert_no_exception(page)
    return page


def _no_game_name_breaks(page: Page, size: str) -> None:
    titles = page.locator(".st-key-home_games h4")
    assert titles.count() >= 8
    assert page.evaluate(BROKEN_WORDS) == [], size
    links = page.locator(".st-key-home_games [data-testid='stPageLink'] p")
    for index in range(links.count()):
        link = links.nth(index)
        assert link.evaluate("e => e.scrollWidth <= e.clientWidth + 1"), \
            (size, link.inner_text())
    screenshot(page, f"home-{size}")


CUT_NAMES = """() => [...document.querySelectorAll('[data-testid=stSidebarNavLink]')]
  .filter(link => [...link.querySelectorAll('*')].some(e => e.scrollWidth > e.clientWidth))
  .map(link => link.innerText)"""


def _every_feature_in_the_sidebar(page: Page) -> None:
    sidebar = page.locator("[data-testid='stSidebarNav']")
    assert sidebar.get_by_text("View", exact=False).filter(
        has_text="more").count() == 0, "a 'View N more' hides pages"
    for feature in FEATURES:
        link = sidebar.get_by_text(feature, exact=True)
        assert link.count() == 1 and link.is_visible(), feature
        box = link.bounding_box()
        assert box is not None and box["y"] + box["height"] <= 900, f"{feature} below the fold"
    assert page.evaluate(CUT_NAMES) == []


def test_home_shows_every_feature_and_breaks_no_game_name_on_a_desktop_and_a_phone(
        page: Page, site_url: str) -> None:
    """One visit to the home page: every feature in the sidebar without opening anything
    and the game names at 1400 x 900, then the game names again once the window is
    narrowed to a phone's (the site lays its pages out by its style sheet alone, so a
    narrowed page is laid out as one opened on a phone)."""
    page = _open(page, site_url, "desktop")
    _every_feature_in_the_sidebar(page)
    _no_game_name_breaks(page, "desktop")
    page.set_viewport_size(SIZES["phone"])  # type: ignore[arg-type]
    drawn(page)
    _no_game_name_breaks(page, "phone")

LOW_CONTRAST = """() => {
  const rgb = c => (c.match(/[\\d.]+/g) || []).map(Number);
  const lum = ([r, g, b]) => {
    const f = v => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
  };
  const background = e => {
    for (; e; e = e.parentElement) {
      const c = rgb(getComputedStyle(e).backgroundColor);
      if (c.length === 3 || (c.length === 4 && c[3] > 0.5)) return c.slice(0, 3);
    }
    return [255, 255, 255];
  };
  const poor = [];
  const main = document.querySelector('[data-testid=stMain]');
  for (const e of main.querySelectorAll('[data-testid=stMarkdownContainer] div, '
                                       + '[data-testid=stMarkdownContainer] span')) {
    const own = [...e.childNodes].some(n => n.nodeType === 3 && n.textContent.trim());
    if (!own || !e.checkVisibility()) continue;
    const style = getComputedStyle(e);
    let opacity = 1;
    for (let a = e; a; a = a.parentElement) opacity *= Number(getComputedStyle(a).opacity);
    if (opacity < 0.9) continue;          // a folded seat, faded on purpose
    const [a, b] = [lum(rgb(style.color).slice(0, 3)), lum(background(e))];
    const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
    if (ratio < 4.5) poor.push(e.innerText.slice(0, 40) + ' ' + ratio.toFixed(2));
  }
  return poor;
}"""


APP_IS_DARK = """() => {
  const color = getComputedStyle(document.querySelector('[data-testid=stApp]')).backgroundColor;
  return color.match(/[\\d.]+/g).slice(0, 3).map(Number).reduce((a, b) => a + b) < 200;
}"""
"""Whether the app's background is dark."""


def test_the_table_reads_in_a_light_and_a_dark_setting(page: Page, site_url: str) -> None:
    """One visit, the system's setting switched from light to dark on it: Streamlit and the
    site's style sheet both follow the setting as it changes, as on a first visit."""
    page.set_viewport_size(SIZES["desktop"])  # type: ignore[arg-type]
    page.emulate_media(color_scheme="light")
    page.goto(f"{site_url}/host?game=omaha&players=4&seed=7")
    wait_for_app(page)
    page.locator(".st-key-host_end button").click()
    page.wait_for_timeout(300)
    wait_for_app(page)
    assert_no_exception(page)
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)  # type: ignore[arg-type]
        try:
            page.wait_for_function(f"() => ({APP_IS_DARK})() === {str(scheme == 'dark').lower()}",
                                   polling=50, timeout=10_000)
        except PlaywrightTimeoutError:
            app = page.evaluate("() => getComputedStyle(document.querySelector("
                                "'[data-testid=stApp]')).backgroundColor")
            raise AssertionError(f"the site did not follow the {scheme} setting: {app}") from None
        drawn(page)
        assert page.evaluate(LOW_CONTRAST) == [], scheme
        cards = page.locator("img[src*='cards/']")
        assert cards.count() >= 13
        screenshot(page, f"host-end-{scheme}")


SIDEBAR_GAME = ("() => document.querySelector("
                "'[data-testid=stSidebar] [data-testid=stSelectbox] input').value")


def test_the_sidebar_keeps_the_tables_game_on_the_way_to_its_odds(
        page: Page, site_url: str) -> None:
    """Play's button opens the Odds page's calculator on the table's hand, answered, with
    the table's game kept in the sidebar."""
    page = _open(page, f"{site_url}/play?game=omaha&players=4&seed=7&seat=1", "desktop")
    assert page.evaluate(SIDEBAR_GAME) == "Omaha"
    before = page.evaluate("() => window.__appRuns.step")
    page.get_by_role("button", name="Odds of this hand as you see it").first.click()
    page.wait_for_function("n => window.__appRuns.asked > n", arg=before, timeout=5_000)
    page.wait_for_url("**/odds?widget=hand", timeout=30_000)
    wait_for_app(page)
    assert_no_exception(page)
    expect(page.get_by_role("heading", name="Odds", exact=True)).to_be_visible(timeout=SLOW)
    expect(page.get_by_text(ODDS_ANSWERED).first).to_be_visible(timeout=SLOW)
    assert_no_exception(page)
    expect(page.get_by_text("From your table:")).to_be_visible(timeout=SLOW)
    assert page.get_by_text("Omaha: the hand in front of you").count() == 1
    assert page.evaluate(SIDEBAR_GAME) == "Omaha", "the sidebar and the page disagree"
    screenshot(page, "odds_hand_from_play")


# --- phones ------------------------------------------------------------------------------

SCROLL_TO = """y => { const main = document.querySelector('[data-testid=stMain]');
  main.scrollTop = y; window.scrollTo(0, y); }"""


@pytest.mark.parametrize(("url", "tab", "next_button"), [
    ("/omaha", "Guided hand", ".st-key-omaha_walk_next button"),
    ("/host?game=omaha&players=4&seed=7", None, ".st-key-host_next button")])
def test_on_a_phone_back_and_next_stay_in_view(page: Page, site_url: str,
                                               url: str, tab: str | None,
                                               next_button: str) -> None:
    page = _open(page, site_url + url, "phone")
    if url.startswith("/host"):
        assert_toggles_sit_beside_their_labels(page)   # on the same visit, before any click
    if tab is not None:
        page.get_by_role("tab", name=tab).click()
        _first_screen_holds_the_step_and_its_cards(page)
    page.locator(next_button).first.click()
    page.wait_for_timeout(300)
    wait_for_app(page)
    back = next_button.replace("_next", "_back")
    for depth in (800, 1600, 5000):
        page.evaluate(SCROLL_TO, depth)
        page.wait_for_timeout(200)
        for selector in (next_button, back):
            box = page.locator(selector).first.bounding_box()
            assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= 844, \
                (selector, depth, box)
        tops = {round(page.locator(s).first.bounding_box()["y"])  # type: ignore[index]
                for s in (next_button, back)}
        assert len(tops) == 1, "Back and Next side by side"
    screenshot(page, f"phone-steps-{url.strip('/').split('?')[0]}")


FIRST_SCREEN = """() => { const main = document.querySelector('[data-testid=stMain]');
  const bar = document.querySelector("[class*='_walk_step_bar']");
  const story = document.querySelector("[class*='_walk_narration']");
  const sticky = bar.closest("[data-testid='stLayoutWrapper']");
  main.scrollTop += sticky.getBoundingClientRect().top - parseFloat(getComputedStyle(sticky).top);
  const bottom = e => e.getBoundingClientRect().bottom;
  const card = [...document.querySelectorAll("img[alt]")].find(img => img.checkVisibility()
    && img.getBoundingClientRect().top > bottom(story));
  return {bar: bottom(bar), title: bottom(story.querySelector("h4")), card: bottom(card)}; }"""
"""Scrolled to the step bar, just where it sticks: the bottom of the bar, of the step's title
and of the table's first card (the first card pictured below the narration)."""


def _first_screen_holds_the_step_and_its_cards(page: Page) -> None:
    """The guided hand's first step on a phone: with the step bar at the top, the step's
    title and the table's first cards are on the same screen (the narration of the deal,
    a dozen lines, scrolls in its own box above the table)."""
    page.locator("[class*='_walk_narration']").first.wait_for(timeout=30_000)
    page.evaluate(FIRST_SCREEN)
    page.wait_for_timeout(300)
    seen = page.evaluate(FIRST_SCREEN)
    assert seen["bar"] < seen["title"] < 844 and seen["card"] <= 844, seen
    screenshot(page, "phone-guided-first-step")
