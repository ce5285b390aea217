"""A guest's decision is on their phone's screen at every turn, 390 by 844: from its
heading to its last button, below Streamlit's top bar and above the screen's bottom; the
phone buzzes each time the turn comes, a secret step everyone makes at once (Sophie's
Pick's locked pairs) included, even for the guest who just dealt it; and at a hand's end
the result (or the new dealer's choice) is on the screen. Three guests join from the
lobby, with a computer player; the first hand is dealt by the host, the second by a
guest from their phone. Screenshots: test-output/screenshots/night-turn-*.png."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, expect

from engine.games import GAMES
from tests.support.browser import (
    SCREENSHOTS,
    click,
    decide,
    screenshot,
    serve_site,
    wait_for_app,
)
from tests.support.night_screens import PHONE, Screen, wait_for_computers
from ui.night import record
from ui.night.controller import Night
from ui.night.seat_screens import SLIDER_THUMB
from ui.store import STORE_ENV, store_from_url

pytestmark = pytest.mark.browser

THUMB = """selector => {
  const thumb = document.querySelector(selector);
  if (thumb === null) return null;
  const box = thumb.getBoundingClientRect();
  return [box.width, box.height];
}"""

WIDE = """() => {
  const wide = [];
  if (document.documentElement.scrollWidth > window.innerWidth)
    wide.push(["the page", document.documentElement.scrollWidth]);
  for (const table of document.querySelectorAll("[data-testid='stMainBlockContainer'] table")) {
    const box = table.getBoundingClientRect();
    let holder = table.parentElement;
    if (box.right > window.innerWidth + 1 || holder.scrollWidth > holder.clientWidth + 1)
      wide.push([table.innerText.slice(0, 30), box.width, holder.clientWidth]);
  }
  return wide;
}"""
"""What needs a sideways swipe: the page, or a table wider than the screen or its box."""

IN_VIEW = """selector => {
  const element = document.querySelector(selector);
  if (element === null) return null;
  const header = document.querySelector("[data-testid='stHeader']");
  const bar = header ? header.getBoundingClientRect().bottom : 0;
  const box = element.getBoundingClientRect();
  const headings = [...element.querySelectorAll("h1, h2, h3, h4")].map(
    h => [h.innerText.trim().slice(0, 40), h.getBoundingClientRect().top]);
  return {top: box.top, bottom: box.bottom, bar, height: window.innerHeight, headings,
          buzzes: window.__buzzes || 0, title: document.title};
}"""
"""Where an element sits on the screen, below which line Streamlit's top bar ends, and
how often the phone has buzzed."""


def seen(phone: Screen, name: str) -> None:
    """What the phone's screen shows now (its 390x844, not the whole page), to look at."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    phone.page.screenshot(path=str(SCREENSHOTS / f"{name}.png"))


def _in_view(place: dict[str, Any] | None) -> bool:
    if not place:
        return False
    top, bottom, bar = float(place["top"]), float(place["bottom"]), float(place["bar"])
    return top >= bar - 1 and bottom <= float(place["height"]) + 1


def on_screen(phone: Screen, selector: str, what: str) -> dict[str, Any]:
    """Wait (3 s at most: the phone brings it into view by itself) until ``selector`` is
    whole on the screen below the top bar; where it is."""
    deadline = time.monotonic() + 3
    place = None
    while time.monotonic() < deadline:
        place = phone.page.evaluate(IN_VIEW, selector)
        if _in_view(place):
            return dict(place or {})
        phone.page.wait_for_timeout(100)
    screenshot(phone.page, f"night-turn-off-screen-{int(time.time())}")
    raise AssertionError(f"{what} is not whole on a 390x844 screen: {place}")


@pytest.fixture(scope="module")
def store_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("night-turn") / "store.sqlite3"


@pytest.fixture(scope="module")
def site(store_file: Path) -> Iterator[str]:
    with serve_site({STORE_ENV: str(store_file)}) as url:
        yield url


def _wait_past(night: Night, record_id: str, version: int) -> None:
    deadline = time.monotonic() + 30
    while night.version(record_id) == version:
        assert time.monotonic() < deadline, f"no decision was written at version {version}"
        time.sleep(0.05)
    wait_for_computers(night, record_id)


def _play_hand(night: Night, record_id: str, phones: dict[int, Screen],
               buzzes: dict[int, int], sliders: list[int]) -> int:
    """Every turn clicked on its phone, after checking the decision is whole on screen,
    the phone buzzed when the turn came and a slider's thumb is 44 px to touch (counted
    in ``sliders``); how many turns."""
    turns = 0
    waiting_since: dict[int, int] = {}
    for _ in range(150):
        snap = night.snapshot(record_id)
        assert snap.state is not None
        if snap.state.is_over:
            return turns
        seats = snap.data["hand"]["seats"]
        people = [seats[s] for s in snap.state.to_act if seats[s] in phones]
        if not people:                       # the computer players are acting
            time.sleep(0.02)
            continue
        for player in people:
            waiting_since.setdefault(player, snap.version)
        player = people[0]
        phone = phones[player]
        phone.at(snap.version)
        if night.version(record_id) != snap.version:
            continue
        place = on_screen(phone, ".st-key-night_decision", f"chair {player}'s decision")
        assert place["headings"] and float(place["headings"][0][1]) >= float(place["bar"]), \
            f"the decision's heading is under the top bar: {place}"
        assert place["title"].startswith("Your turn"), place["title"]
        assert int(place["buzzes"]) > buzzes[player], f"chair {player}'s phone did not buzz"
        buzzes[player] = int(place["buzzes"])
        thumb = phone.page.evaluate(THUMB, SLIDER_THUMB)
        if thumb is not None:
            assert min(thumb) >= 44, f"the slider's thumb is {thumb[0]}x{thumb[1]} px"
            sliders[0] += 1
        if turns % 4 == 0:
            seen(phone, f"night-turn-{snap.data['hand']['game']}-{turns}")
        decide(phone.page, "night_act_")
        _wait_past(night, record_id, snap.version)
        waiting_since.pop(player, None)
        turns += 1
    raise AssertionError("the hand never ended")


def test_every_turn_is_on_the_phones_screen(browser: Browser, site: str,
                                            store_file: Path) -> None:
    night = Night(store_from_url(str(store_file)))
    record_id, shown = night.create(people=[True, True, True, False], chips=5000, lobby=True)
    join = night.open(shown["join"])
    host = night.open(shown["host"])
    assert join is not None and host is not None
    phones: dict[int, Screen] = {}
    for chair, name in enumerate(["Ann", "Bo", "Cy"]):
        joined = night.join(join, chair, name)
        assert joined.ok and joined.secret
        phones[chair] = Screen(browser, f"{site}/night?t={joined.secret}", size=PHONE)
    buzzes = dict.fromkeys(phones, 0)
    sliders = [0]
    snap = night.snapshot(record_id)
    assert night.deal_next(host, snap.version, game_id="texas-holdem").ok
    assert _play_hand(night, record_id, phones, buzzes, sliders) > 3

    snap = night.snapshot(record_id)
    dealer = record.chooser(snap.data)
    assert dealer in phones, "a guest deals the second hand"
    for chair, phone in phones.items():
        phone.at(snap.version)
        if chair == dealer:
            place = on_screen(phone, ".st-key-night_decision", "the new dealer's choice")
            assert int(place["buzzes"]) > buzzes[chair], "the new dealer's phone did not buzz"
            buzzes[chair] = int(place["buzzes"])
        else:
            on_screen(phone, ".st-key-night_result", f"chair {chair}'s result")
        seen(phone, f"night-turn-end-{chair}")
    page = phones[dealer].page
    # The dealer's list, searched on the phone: the family found opens with each game's
    # five lines, and nothing needs a sideways swipe.
    page.get_by_label("Find a game").fill("sophie")
    page.get_by_label("Find a game").press("Enter")
    wait_for_app(page)
    expect(page.get_by_text('found for "sophie"')).to_be_visible()
    expect(page.get_by_role("button", name="Choose Sophie's Pick")).to_be_visible()
    assert not page.evaluate(WIDE), "the dealer's list needs a sideways swipe at 390 px"
    seen(phones[dealer], "night-dealer-list-phone")
    page.get_by_role("button", name="Choose Sophie's Pick").click()
    wait_for_app(page)
    expect(page.get_by_role("combobox", name="Next game")).to_have_value(
        GAMES["sophies-pick"].name)
    click(page, "button:has-text('Deal the next hand')")
    _wait_past(night, record_id, snap.version)
    assert _play_hand(night, record_id, phones, buzzes, sliders) > 3
    assert sliders[0] > 0, "no turn offered a slider"

    assert night.end(host).ok and night.set_chip_value(host, "0.05").ok
    snap = night.snapshot(record_id)
    phone = phones[0]
    phone.at(snap.version)
    expect(phone.page.get_by_text("A chip is worth 0.05")).to_be_visible()
    wide = phone.page.evaluate(WIDE)
    assert not wide, f"the phone's results need a sideways swipe at 390 px: {wide}"
    phone.page.locator("table").first.evaluate("table => table.scrollIntoView()")
    seen(phone, "night-turn-results-phone")
    night.store.close()
    for phone in phones.values():
        phone.close()
