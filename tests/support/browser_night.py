"""Playing a game night's hand from the phones in the browser tests: a tap and the wait for
the table to take it, the new dealer's choice on a phone, and the checks made at every
turn (the decision whole on a 390 x 844 screen below Streamlit's top bar, the tab saying
so, the phone buzzing each time the turn comes, a slider's thumb 44 px to touch).

The test process opens the same store as the site, so it knows whose decision the hand
awaits and when the table has moved on."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from playwright.sync_api import expect

from tests.support.browser import PREFERRED, click, decide, screenshot, wait_for_app
from tests.support.night_screens import PHONE, Screen, wait_for_computers
from ui.night.controller import Night
from ui.night.seat_screens import SLIDER_THUMB


def wait_past(night: Night, record_id: str, version: int) -> None:
    """Wait until the table has moved past ``version`` (a tap was written) and the computer
    players the table then waits on have acted."""
    deadline = time.monotonic() + 30
    while night.version(record_id) == version:
        assert time.monotonic() < deadline, f"no decision was written at version {version}"
        time.sleep(0.05)
    wait_for_computers(night, record_id)


def tap(phone: Screen, night: Night, record_id: str, version: int,
        prefer: tuple[str, ...] = PREFERRED) -> str:
    """One decision made by clicking on ``phone``; waits until the table has it. The label
    of the button that made it."""
    label = decide(phone.page, "night_act_", prefer)
    wait_past(night, record_id, version)
    return label


def choose_next_game(screen: Screen, game_name: str) -> None:
    """The new dealer names the next game from the list and deals it. On a phone the
    choice is brought to the top of the screen and its tab says so, and one tap opens the
    list: a list opened low on the screen scrolls the page and closes at once."""
    phone = screen.page
    chosen = phone.get_by_role("combobox", name="Next game")
    expect(chosen).to_be_visible()
    option = phone.get_by_role("option", name=game_name, exact=True)
    on_a_phone = screen.size == PHONE
    if on_a_phone:
        assert phone.title().startswith("Your turn"), phone.title()
    opened_at = None
    for attempt in range(1, 6):  # a redraw arriving as the list opens closes it: open it again
        chosen.click()
        try:
            option.click(timeout=3_000)
            expect(chosen).to_have_value(game_name, timeout=3_000)
            opened_at = attempt
            break
        except (AssertionError, PlaywrightTimeoutError):
            screenshot(phone, "night-choosing-the-next-game", failing=True)
    assert opened_at is not None, "the list of games never opened"
    # One tap on a quiet machine; under the whole suite's load a redraw can still land as
    # the list opens, so a second tap is allowed there, never a third.
    assert not on_a_phone or opened_at <= 2, f"the list of games opened at tap {opened_at}"
    wait_for_app(phone)
    click(phone, "button:has-text('Deal the next hand')")


def find_and_deal(screen: Screen, game_name: str) -> None:
    """The new dealer finds the next game in the list by its name on their phone (the
    family found opens with each game's five lines, nothing needing a sideways swipe),
    chooses it and deals it."""
    page = screen.page
    words = game_name.lower()
    page.get_by_label("Find a game").fill(words)
    page.get_by_label("Find a game").press("Enter")
    wait_for_app(page)
    expect(page.get_by_text(f'found for "{words}"')).to_be_visible()
    choose = page.get_by_role("button", name=f"Choose {game_name}", exact=True)
    expect(choose).to_be_visible()
    assert not page.evaluate(WIDE), "the dealer's list needs a sideways swipe at 390 px"
    seen(screen, "night-dealer-list-phone")
    choose.click()
    wait_for_app(page)
    expect(page.get_by_role("combobox", name="Next game")).to_have_value(game_name)
    click(page, "button:has-text('Deal the next hand')")


# --- every turn on the phone's screen ------------------------------------------------

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
    screenshot(phone.page, name, full_page=False)


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
    screenshot(phone.page, f"night-turn-off-screen-{int(time.time())}", failing=True)
    raise AssertionError(f"{what} is not whole on a 390x844 screen: {place}")


@dataclass
class Turns:
    """The checks of every turn on the phones: how often each has buzzed so far, and how
    many turns offered a slider."""

    buzzes: dict[int, int] = field(default_factory=dict)
    sliders: int = 0

    def buzzed(self, player: int, place: dict[str, Any], what: str) -> None:
        """The phone buzzed since it was last looked at: the turn (or the choice) came."""
        assert int(place["buzzes"]) > self.buzzes.get(player, 0), \
            f"chair {player}'s phone did not buzz for {what}"
        self.buzzes[player] = int(place["buzzes"])

    def check(self, phone: Screen, player: int) -> None:
        """The decision is whole on the screen, its heading below the top bar; the tab says
        it is the guest's turn, the phone buzzed, a slider's thumb is 44 px."""
        place = on_screen(phone, ".st-key-night_decision", f"chair {player}'s decision")
        assert place["headings"] and float(place["headings"][0][1]) >= float(place["bar"]), \
            f"the decision's heading is under the top bar: {place}"
        assert place["title"].startswith("Your turn"), place["title"]
        self.buzzed(player, place, "its turn")
        thumb = phone.page.evaluate(THUMB, SLIDER_THUMB)
        if thumb is not None:
            assert min(thumb) >= 44, f"the slider's thumb is {thumb[0]}x{thumb[1]} px"
            self.sliders += 1
