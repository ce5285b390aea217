"""The Odds page in a real browser: every widget answers with its defaults and draws its
chart. Screenshots go to test-output/screenshots/; edited input and a card typed twice
are AppTest's (tests/test_odds_page.py), and Play's button opening the calculator on its
hand is test_first_look.py's (on the way, the sidebar keeps the table's game)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.support.browser import (
    ODDS_ANSWERED,
    TAKING_SCREENSHOTS,
    assert_no_exception,
    drawn,
    screenshot,
    wait_for_app,
)

pytestmark = pytest.mark.browser

SLOW = 120_000
"""Milliseconds to wait on a busy machine."""
WIDGETS = {"partner": "Pick a Partner", "sophie": "Sophie's Pick", "stud": "Seven-card stud",
           "psycho": "Psycho", "hands": "How hands come out"}


def _shoot(page: Page, name: str) -> None:
    """The whole page: the app scrolls inside its own container, so the viewport is
    stretched to the content first (only when pictures are taken: no check reads it)."""
    if not TAKING_SCREENSHOTS:
        return
    measure = """() => {
        const main = document.querySelector('[data-testid="stMain"]') || document.body;
        return Math.max(main.scrollHeight, 1000);
    }"""
    height = 0
    for _ in range(3):  # the page may reflow after a resize: stretch until it stops growing
        taller = int(page.evaluate(measure))
        if taller <= height:
            break
        height = taller
        page.set_viewport_size({"width": 1400, "height": min(height + 40, 8000)})
        drawn(page)
    screenshot(page, name)
    page.set_viewport_size({"width": 1400, "height": 1000})


def _open(page: Page, site_url: str, widget: str) -> None:
    page.goto(f"{site_url}/odds?widget={widget}")
    expect(page.get_by_role("heading", name="Odds", exact=True)).to_be_visible(timeout=SLOW)
    _answered(page)


def _answered(page: Page) -> None:
    wait_for_app(page)
    expect(page.get_by_text(ODDS_ANSWERED).first).to_be_visible(timeout=SLOW)
    assert_no_exception(page)


def test_every_widget_answers_with_its_defaults(page: Page, site_url: str) -> None:
    _open(page, site_url, "partner")
    for widget, label in WIDGETS.items():
        page.get_by_role("radiogroup", name="Odds question").get_by_text(label, exact=True).click()
        _answered(page)
        expect(page.get_by_role("heading", name=re.compile(f"^{re.escape(label)}"))
               ).to_be_visible(timeout=SLOW)
        expect(page.locator("[data-testid='stMain'] figure [role='img']").first
               ).to_be_visible(timeout=SLOW)
        expect(page.locator("[data-testid='stTable'] td").first).to_be_visible()
        _shoot(page, f"odds_{widget}")


def test_the_hand_calculator_on_a_phone_keeps_seats_in_order(page: Page, site_url: str) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{site_url}/odds?widget=hand")
    _answered(page)
    tops = [page.get_by_text(name, exact=True).first.bounding_box()
            for name in ("Seat 1 (you)", "Seat 2", "Seat 3", "Seat 4")]
    assert all(box is not None for box in tops)
    ys = [box["y"] for box in tops if box is not None]
    assert ys == sorted(ys), "on a phone the seats must stack in seat order"
    expect(page.locator("[data-testid='stTable'] td").first).to_be_visible()
    screenshot(page, "odds_hand_phone")
