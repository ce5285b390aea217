"""A newcomer's first look, in a real browser at 1400 x 900 and on a 390 x 844 phone: every
feature in the sidebar without opening anything, and the home page's game names broken
only between words. Screenshots go to test-output/screenshots/."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from tests.browser.conftest import CountingBrowser, assert_no_exception, screenshot, wait_for_app

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


def _open(browser: CountingBrowser, url: str, size: str) -> Page:
    page = browser.new_page(viewport=SIZES[size])
    page.goto(url)
    wait_for_app(page)
    assert_no_exception(page)
    return page


@pytest.mark.parametrize("size", list(SIZES))
def test_no_game_name_breaks_inside_a_word(browser: CountingBrowser, site_url: str,
                                            size: str) -> None:
    page = _open(browser, site_url, size)
    titles = page.locator(".st-key-home_games h4")
    assert titles.count() >= 8
    assert page.evaluate(BROKEN_WORDS) == []
    links = page.locator(".st-key-home_games [data-testid='stPageLink'] p")
    for index in range(links.count()):
        link = links.nth(index)
        assert link.evaluate("e => e.scrollWidth <= e.clientWidth + 1"), link.inner_text()
    screenshot(page, f"home-{size}")
    page.close()


def test_every_feature_is_in_the_sidebar_without_opening_anything(
        browser: CountingBrowser, site_url: str) -> None:
    page = _open(browser, site_url, "desktop")
    sidebar = page.locator("[data-testid='stSidebarNav']")
    assert sidebar.get_by_text("View", exact=False).filter(
        has_text="more").count() == 0, "a 'View N more' hides pages"
    for feature in FEATURES:
        link = sidebar.get_by_text(feature, exact=True)
        assert link.count() == 1 and link.is_visible(), feature
        box = link.bounding_box()
        assert box is not None and box["y"] + box["height"] <= 900, f"{feature} below the fold"
    page.close()
