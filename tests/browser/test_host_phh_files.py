"""The Host page loading real hand histories in a real browser: a ``.phhs`` file of the
public PHH dataset's online hands (``tests/data/phh``) lists its hands, the host picks
one and it opens with every hole card face down; a WSOP hand in millions, uploaded next on
the same visit, opens whole."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from tests.support.browser import assert_no_exception, screenshot, wait_for_app

pytestmark = pytest.mark.browser

DATA = Path(__file__).resolve().parents[1] / "data" / "phh"


def _upload(page: Page, name: str) -> None:
    """Upload a file and wait for the run it starts (once the upload is sent) to be drawn."""
    before = page.evaluate("() => window.__appRuns.step")
    page.locator("input[type='file']").set_input_files(str(DATA / name))
    page.wait_for_function("n => window.__appRuns.asked > n", arg=before, timeout=30_000)
    wait_for_app(page)
    assert_no_exception(page)


def test_a_phhs_file_lists_its_hands_and_the_one_picked_opens_face_down_then_a_wsop_hand(
        page: Page, site_url: str) -> None:
    page.set_viewport_size({"width": 1600, "height": 1000})
    page.goto(f"{site_url}/host?game=texas-holdem&players=3&seed=1")
    page.wait_for_selector("section[aria-label^='Seat']", timeout=60_000)
    wait_for_app(page)
    page.get_by_text("Share and save this hand", exact=True).click()
    _upload(page, "ps-50nl-2009-07-01-excerpt.phhs")
    expect(page.get_by_text("holds 6 hands: pick one to load")).to_be_visible()
    hands = page.locator(".st-key-host_history_many_box [data-testid='stSelectbox'] input")
    option = page.get_by_role("option", name="Hand 5, no. 59937798704", exact=False)
    for _ in range(5):   # a redraw arriving as the list opens closes it: open it again
        wait_for_app(page)
        hands.click()
        try:
            option.click(timeout=3_000)
            break
        except PlaywrightTimeoutError:
            continue
    else:
        pytest.fail("the list of the file's hands never stayed open long enough to pick one")
    wait_for_app(page)
    page.get_by_role("button", name="Load this hand").click()
    wait_for_app(page)
    assert_no_exception(page)
    expander = page.get_by_text("Share and save this hand", exact=True)
    note = page.get_by_text("Hand 5 is loaded. Its amounts are counted here in whole "
                            "chips: one chip is 0.05 in the file's amounts.")
    expect(note).to_be_attached()
    for _ in range(3):   # the note is in the expander, drawn open or closed: open it once
        try:
            expect(note).to_be_visible(timeout=3_000)
            break
        except AssertionError:
            expander.click()
    expect(note).to_be_visible()
    expect(page.locator("section[aria-label^='Seat']")).to_have_count(6)
    expect(page.locator("img[alt='Face-down card']").first).to_be_visible()
    screenshot(page, "host-phhs-hand-5")
    # A WSOP hand in millions, into the box the upload left open (each upload gets a new one).
    _upload(page, "wsop-2019-event42-day3-00-01-07.phh")
    expect(page.locator("section[aria-label^='Seat']")).to_have_count(8)
    expect(page.get_by_text("could not be loaded")).to_have_count(0)
    screenshot(page, "host-wsop-hand")
