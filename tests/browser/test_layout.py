"""What only a browser shows about the layout: nothing wider than a 390 px phone, tap
targets at least 44 px tall there and the play page's toggles beside their labels, a game
page's tabs all on screen, ten seats on one 1920 x 1080 TV in the presenter view, no live
card covered at a Sophie showdown, and a five-card hand inside its seat across Play's felt.
Screenshots go to test-output/screenshots/.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, ViewportSize

from tests.support.browser import (
    assert_no_exception,
    assert_toggles_sit_beside_their_labels,
    drawn,
    screenshot,
    wait_for_app,
)

pytestmark = pytest.mark.browser

PHONE = ViewportSize(width=390, height=844)
TV = ViewportSize(width=1920, height=1080)
PSYCHO_TEN = "/host?game=psycho&players=10&seed=5"
DOUBLE_SOPHIE_SHOWDOWN = (
    "/play?game=double-sophie&players=4&seed=39&seat=1&actions=0lKhKcTs6sThTd."
    "1lJsTc9d7d4h2h.2l9s9c6d4c5s3s.3lJh9h8h7c4d3d.2f.3f.0c1.1k.0xTs6s.1x9d7d.0b4.1c4."
    "0xThTd.1x4h2h.0b12.1c12.0b36.1c36")

SITE_STYLE_IN = """() => [...document.querySelectorAll('style')]
  .some(s => s.textContent.includes("[data-testid='stTab']"))"""
OVERFLOW = """() => {
  const main = document.querySelector('[data-testid=stMain]');
  const wide = [...main.querySelectorAll('*')].filter(e => {
      const r = e.getBoundingClientRect();
      return r.width > 0 && r.right > window.innerWidth + 1 && e.checkVisibility();
  }).map(e => e.tagName + ' ' + (e.getAttribute('aria-label') || e.className || ''));
  return {scroll: main.scrollWidth, client: main.clientWidth, wide: wide.slice(0, 5)};
}"""

SMALL_TARGETS = """() => [...document.querySelectorAll(
    '[data-testid=stMain] button, [data-testid=stMain] summary,'
    + ' [data-testid=stMain] input:not([type=checkbox]):not([type=radio]),'
    + ' [data-testid=stMain] label[data-baseweb], [data-testid=stMain] [role=tab]')]
  .filter(e => e.checkVisibility() && e.getBoundingClientRect().height > 0
               && e.getBoundingClientRect().height < 44)
  .map(e => (e.innerText || e.getAttribute('aria-label') || e.tagName).slice(0, 30)
            + ' ' + Math.round(e.getBoundingClientRect().height))"""


def _open(page: Page, url: str, viewport: ViewportSize) -> Page:
    page.set_viewport_size(viewport)
    page.goto(url)
    wait_for_app(page)
    page.wait_for_function(SITE_STYLE_IN, timeout=30_000)
    assert_no_exception(page)
    return page


def _settle(page: Page) -> None:
    wait_for_app(page)
    assert_no_exception(page)


def _presenter_at_the_end(page: Page) -> None:
    page.locator(".st-key-host_end button").click()
    _settle(page)
    page.locator(".st-key-host_presenter label").first.click()
    _settle(page)
    page.wait_for_selector("[data-testid='stHeading'] h2", timeout=30_000)


def _fits_the_width(page: Page) -> None:
    found = page.evaluate(OVERFLOW)
    assert found["scroll"] <= found["client"] and not found["wide"], found


@pytest.mark.parametrize("where", ["play", "psycho"])
def test_nothing_is_wider_than_a_phone(page: Page, site_url: str, where: str) -> None:
    """The presenter view on a phone is checked on the TV's visit
    (``test_ten_seats_fit_a_tv_then_a_phone_in_the_presenter_view``)."""
    url = {"play": f"{site_url}/play?game=psycho&players=6&seed=3&seat=1",
           "psycho": f"{site_url}/psycho"}[where]
    page = _open(page, url, PHONE)
    _fits_the_width(page)
    if where == "play":
        assert page.evaluate(SMALL_TARGETS) == []
        assert_toggles_sit_beside_their_labels(page)
    if where == "psycho":
        tabs = page.locator("[data-testid='stTabs'] [role='tab']")
        assert tabs.count() >= 4
        for index in range(tabs.count()):
            box = tabs.nth(index).bounding_box()
            assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390, \
                f"tab {tabs.nth(index).inner_text()!r} is off the screen"
            assert box["height"] >= 44
        assert page.evaluate(SMALL_TARGETS) == []
    screenshot(page, f"phone-{where}")


def test_ten_seats_fit_a_tv_then_a_phone_in_the_presenter_view(page: Page,
                                                               site_url: str) -> None:
    """One visit: ten seats on a TV at the hand's end, then the same view narrowed to a
    phone, nothing wider than it (the site lays its pages out by its style sheet alone, so
    a narrowed page is laid out as one opened on a phone)."""
    page = _open(page, site_url + PSYCHO_TEN, TV)
    _presenter_at_the_end(page)
    seats = page.locator("section[aria-label^='Seat']")
    assert seats.count() == 10
    for index in range(10):
        box = seats.nth(index).bounding_box()
        assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= TV["height"], \
            f"Seat {index + 1} is below the screen: {box}"
        assert box["x"] + box["width"] <= TV["width"]
    assert not page.locator("[data-testid='stSidebar']").is_visible()
    screenshot(page, "tv-presenter-ten-seats")
    page.set_viewport_size(PHONE)
    drawn(page)
    _fits_the_width(page)
    screenshot(page, "phone-presenter")


def test_a_surviving_pair_stays_whole_at_the_showdown(page: Page, site_url: str) -> None:
    page = _open(page, site_url + DOUBLE_SOPHIE_SHOWDOWN, ViewportSize(width=1400, height=1000))
    page.wait_for_selector("text=Chips won and lost")
    # Every card's picture comes from the site's own address, and every one arrives.
    page.wait_for_function("() => [...document.querySelectorAll('img[alt]')].every("
                           "i => i.src.includes('/cards/') && i.complete && i.naturalWidth > 0)")
    for seat in page.locator("section[aria-label^='Seat']").all():
        for card in seat.locator("img[alt]").all():      # a fan overlaps cards, never shrinks them
            box, width = card.bounding_box(), int(card.get_attribute("width") or 0)
            assert box is not None and round(box["width"]) == width, \
                f"{seat.get_attribute('aria-label')}: {card.get_attribute('alt')} is shrunk"
        shown = [card for card in seat.locator("img[alt]").all()
                 if not (card.get_attribute("alt") or "").startswith("Face-down")
                 and "dead" not in (card.get_attribute("alt") or "")]
        live = [b for card in shown if (b := card.bounding_box()) is not None]
        for left, right in zip(live, live[1:], strict=False):
            assert left["x"] + left["width"] <= right["x"] + 1, \
                f"{seat.get_attribute('aria-label')}: a live card is covered"
    screenshot(page, "double-sophie-showdown")


CLIPPED_CARDS = """() => [...document.querySelectorAll('.dc-felt section[aria-label]')]
  .filter(seat => {
      const right = seat.getBoundingClientRect().right;
      return [...seat.querySelectorAll('img')].some(c => c.getBoundingClientRect().right > right);
  }).map(seat => seat.getAttribute('aria-label'))"""


def test_a_five_card_hand_fits_its_seat_across_the_felt(page: Page, site_url: str) -> None:
    page = _open(page, f"{site_url}/play?game=big-o&players=6&seed=3&seat=1",
                 ViewportSize(width=1400, height=1000))
    assert page.locator(".dc-felt section[aria-label] img").count() == 30
    assert page.evaluate(CLIPPED_CARDS) == []
    screenshot(page, "play-five-card-hands")
