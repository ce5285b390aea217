"""Serve the real site and drive it in headless Chromium: the browser tests' helpers (their
fixtures are in ``tests/browser/conftest.py``).

Chromium is Debian's package, launched by path; no browser is ever downloaded.
Screenshots land in test-output/screenshots/ (git-ignored) to be looked at: taken when
``DEALERS_CHOICE_SCREENSHOTS=1`` or in the deep mode, and always when a check fails (each
costs Chromium a render of the whole page, which no check reads).

Every page counts the script runs it asks for and finishes (``app_runs.js``), so
:func:`wait_for_app` waits for the site's own signal that the page is up to date,
never for a fixed time.

:func:`decide` makes one decision the way a player does (on the play page and on a game
night's phone), for every browser test: it reads the decision on the page again before
each click, since a redraw can rename it at any moment.
"""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, BrowserContext, Page
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from tests.support.scale import DEEP

ROOT = Path(__file__).resolve().parents[2]
"""The project's folder."""
SCREENSHOTS = ROOT / "test-output" / "screenshots"
TAKING_SCREENSHOTS = DEEP or os.environ.get("DEALERS_CHOICE_SCREENSHOTS", "") not in ("", "0")
"""Whether the pictures taken to be looked at are saved in this run."""
LOGS = ROOT / "test-output" / "logs"
CHROMIUM = "/usr/bin/chromium-headless-shell"
"""Debian's headless build of Chromium: the browser's own Blink and V8 without the rest of
the browser around them. The game-night tests cost about a third less of the machine in it
than in the full browser's headless mode (the benches, which measure a screen's own work,
use the full browser: ``bench.load``)."""
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    # V8's optimising compilers pay off in long-lived pages; the tests' pages live
    # seconds, and without them Chromium spent about 6% less on the night of every game.
    "--js-flags=--no-opt --no-maglev",
]
APP_RUNS = Path(__file__).with_name("app_runs.js").read_text()
SETTLED = """() => {
  const runs = window.__appRuns;
  const app = document.querySelector("[data-testid='stApp']");
  return Boolean(runs && app) && runs.finished > runs.asked && runs.committed > runs.finished
    && app.dataset.testConnectionState === "CONNECTED"
    && app.dataset.testScriptState === "notRunning"
    && !document.querySelector(
      "[data-stale='true'], [data-testid='stStatusWidget'], [data-testid='stSkeleton']");
}"""
"""True once every run the page asked for has finished, React has drawn the last of them,
and nothing of an earlier run or a placeholder is left on the page."""
SLOW = 90_000
"""Milliseconds to wait for a run: a fresh server's first visitor waits for every import,
on a machine busy with other tests."""
ODDS_ANSWERED = re.compile(r"^(Exact|Sampled|Stud is exact)")
"""How the calculator's answer begins, once it has answered."""


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@contextmanager
def running_site(env: dict[str, str] | None = None
                 ) -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    """Start a fresh server the way `make run` does, with ``env`` added; yield its address
    and its process (for a bench to measure). What it prints goes to a file in
    test-output/logs/ (a pipe nobody reads would stall the server once full)."""
    port = _free_port()
    command = [
        sys.executable, "-m", "streamlit", "run", "app.py",
        "--server.port", str(port), "--server.address", "127.0.0.1",
        "--server.headless", "true", "--browser.gatherUsageStats", "false",
        "--server.fileWatcherType", "none",
    ]
    LOGS.mkdir(parents=True, exist_ok=True)
    log = LOGS / f"site-{port}.log"
    with log.open("wb") as output:
        server = subprocess.Popen(command, cwd=ROOT, stdout=output, stderr=subprocess.STDOUT,
                                  env={**os.environ, **(env or {})})
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(f"{url}/_stcore/health", timeout=2) as reply:
                if reply.status == 200:
                    break
        except OSError:
            time.sleep(0.3)
    else:
        server.kill()
        raise RuntimeError("the site did not start: " + log.read_text()[-2000:])
    try:
        yield url, server
    finally:
        server.terminate()
        try:
            server.wait(timeout=20)
        except subprocess.TimeoutExpired:  # pages still open can hold up a graceful stop
            server.kill()
            server.wait(timeout=20)


@contextmanager
def serve_site(env: dict[str, str] | None = None) -> Iterator[str]:
    """A fresh server as :func:`running_site` starts it; its address."""
    with running_site(env) as (url, _):
        yield url


class CountingBrowser:
    """Chromium whose every new page counts the site's script runs (``app_runs.js``); the
    rest is Playwright's ``Browser``."""

    def __init__(self, browser: Browser) -> None:
        self._browser = browser

    def new_context(self, **options: Any) -> BrowserContext:
        context = self._browser.new_context(**options)
        context.add_init_script(script=APP_RUNS)
        return context

    def new_page(self, **options: Any) -> Page:
        return self.new_context(**options).new_page()

    @property
    def plain(self) -> Browser:
        """Playwright's own browser, for pages that are not the site's."""
        return self._browser

    def __getattr__(self, name: str) -> Any:
        return getattr(self._browser, name)


def wait_for_app(page: Page) -> None:
    """Wait until the page is up to date: every script run it asked for (by loading, or by
    a click just made) has finished and been drawn (see ``SETTLED``)."""
    page.wait_for_function(SETTLED, polling=50, timeout=SLOW)


def drawn(page: Page) -> None:
    """Wait until the browser has drawn two more frames: a resized page has laid itself out
    and its charts have followed."""
    page.evaluate("() => new Promise(done => requestAnimationFrame(() => "
                  "requestAnimationFrame(done)))")


def assert_no_exception(page: Page) -> None:
    errors = page.locator("[data-testid='stException']")
    assert errors.count() == 0, errors.first.inner_text()


TOGGLES = """() => [...document.querySelectorAll('[data-testid=stCheckbox] label')]
  .filter(l => l.checkVisibility()).map(label => {
    const track = [...label.children].find(c => c.tagName === 'DIV'
                                            && c.getAttribute('data-testid') !== 'stWidgetLabel');
    const words = label.querySelector('[data-testid=stWidgetLabel] p');
    const [a, b] = [track.getBoundingClientRect(), words.getBoundingClientRect()];
    return {text: words.innerText, off: Math.abs((a.top + a.height / 2) - (b.top + b.height / 2)),
            gap: b.left - a.right};
  })"""
"""Every toggle shown: its label's text, how far its track's middle is from its words' (px),
and the gap between them."""


def assert_toggles_sit_beside_their_labels(page: Page) -> None:
    """On a phone's width: the page shows a toggle, and each sits level with its label,
    close beside it."""
    toggles = page.evaluate(TOGGLES)
    assert toggles
    for toggle in toggles:
        assert toggle["off"] <= 4 and 0 <= toggle["gap"] <= 24, toggle


def screenshot(page: Page, name: str, *, failing: bool = False,
               full_page: bool = True) -> None:
    """Save what the page shows, to be looked at: when pictures are asked for, or to show
    why a check is about to fail."""
    if not (failing or TAKING_SCREENSHOTS):
        return
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), full_page=full_page)


# --- one decision, clicked -------------------------------------------------------------

QUICK = 5_000
"""Milliseconds for one click on a decision just read: longer means it was redrawn."""
PREFERRED = ("Check", "Call", "Bring in", "Show my hand", "Both ways", "High")
"""Among plain buttons, the first of these a decision offers is clicked (else the first)."""
QUICKEST = ("Fold", *PREFERRED)
"""For a hand played only to get through it: fold whenever the decision allows."""
DECISION = """prefix => {
  const found = {};
  for (const element of document.querySelectorAll(`[class*='st-key-${prefix}']`)) {
    const key = [...element.classList].find(c => c.startsWith(`st-key-${prefix}`));
    if (key && !element.closest("[data-stale='true']"))
      found[key.slice("st-key-".length)] = element;
  }
  const numbers = Object.keys(found)
    .map(key => key.slice(prefix.length).match(/^(\\d+)/)).filter(Boolean).map(m => Number(m[1]));
  if (!numbers.length) return null;
  const step = prefix + Math.max(...numbers);
  const widgets = {};
  for (const [key, element] of Object.entries(found)) {
    if (!key.startsWith(step + "_")) continue;
    const buttons = [...element.querySelectorAll("button")];
    widgets[key.slice(step.length + 1)] = {
      text: element.innerText,
      label: buttons.length ? buttons[0].innerText.trim() : "",
      pressed: buttons.filter(b => b.getAttribute("aria-pressed") === "true").length,
    };
  }
  return Object.keys(widgets).length ? {step, widgets} : null;
}"""
"""The decision drawn now under a key prefix (the widgets of the highest-numbered one, by
the rest of their key: its first button's label, how many of its pills are pressed, its
text), read in one go so that a redraw cannot fall between two reads; ``null`` while
none is drawn."""


@dataclass(frozen=True, slots=True)
class Widget:
    text: str
    label: str
    pressed: int


@dataclass(frozen=True, slots=True)
class Click:
    """The next click of a decision: where, the label to report, and whether it is the one
    that makes the decision (the others choose cards for it)."""

    selector: str
    label: str = ""
    final: bool = False


def current_decision(page: Page, prefix: str) -> tuple[str, dict[str, Widget]]:
    """The decision on the page now, once drawn: its key (``play_act_7``) and its widgets
    by the rest of their key (``cards``, ``confirm``, ``bet_0``...)."""
    for _ in range(100):
        read = page.evaluate(DECISION, prefix)
        if read:
            return read["step"], {k: Widget(**w) for k, w in read["widgets"].items()}
        page.wait_for_timeout(100)
    raise AssertionError(f"no decision under {prefix} appeared")


def _toward(step: str, part: str, widget: Widget, wanted: int) -> Click | None:
    """A click that brings a row of pills to ``wanted`` pressed, or ``None`` once it is."""
    if widget.pressed == wanted:
        return None
    state = "false" if widget.pressed < wanted else "true"
    return Click(f"[class*='st-key-{step}_{part}'] button[aria-pressed='{state}']")


_COUNTS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5}
"""The count of cards a choice asks for, as its prompt writes it."""


def next_click(step: str, widgets: dict[str, Widget],
               prefer: tuple[str, ...] = PREFERRED) -> Click | None:
    """What to click next, judged from the decision as it is drawn now (``None``: wait for
    the part still to come): cards to choose, then confirm; two pairs to tap, then lock; or
    the first button whose label starts with a word of ``prefer``."""
    if "cards" in widgets:
        words = widgets["cards"].text.split()
        wanted = next((_COUNTS[w] for w in words if w in _COUNTS), 1)
        return _toward(step, "cards", widgets["cards"], wanted) or Click(
            f".st-key-{step}_confirm button", widgets["confirm"].label, final=True)
    if "pair1" in widgets:
        second = next((k for k in widgets if k.startswith("pair2_")), None)
        first = _toward(step, "pair1", widgets["pair1"], 2)
        if first is not None or second is None:
            return first
        return _toward(step, "pair2_", widgets[second], 2) or Click(
            f".st-key-{step}_lock button", widgets["lock"].label, final=True)
    buttons = [k for k, w in widgets.items() if w.label]
    assert buttons, f"the decision {step} offers nothing to click"
    chosen = next((k for word in prefer for k in buttons
                   if widgets[k].label.startswith(word)), buttons[0])
    return Click(f".st-key-{step}_{chosen} button", widgets[chosen].label, final=True)


def click(page: Page, selector: str) -> None:
    """Click a button that starts a run, and wait until that run is drawn: a click's run
    is asked for a moment after the click, so waiting for the page to settle straight
    away could end before it began."""
    before = page.evaluate("() => window.__appRuns.step")
    page.locator(selector).first.click(timeout=QUICK)
    page.wait_for_function("n => window.__appRuns.asked > n", arg=before, timeout=QUICK)
    wait_for_app(page)
    assert_no_exception(page)


def decide(page: Page, prefix: str = "play_act_", prefer: tuple[str, ...] = PREFERRED) -> str:
    """Make one decision by clicking its widgets; return the label of the button that made
    it (the first offered of ``prefer``, else the first). Before every click the decision
    is read again from the page, so a redraw that renames it (a new decision number) or
    clears its pills is followed, never raced."""
    for _ in range(40):
        wait_for_app(page)
        step, widgets = current_decision(page, prefix)
        chosen = next_click(step, widgets, prefer)
        if chosen is None:
            page.wait_for_timeout(100)
            continue
        try:
            click(page, chosen.selector)
        except PlaywrightTimeoutError:
            continue  # redrawn as it was clicked: read it again
        if chosen.final:
            return chosen.label
    raise AssertionError(f"the decision under {prefix} kept changing as it was clicked")


PLAYERS = {"pick-a-partner": 4, "seven-card-stud": 5, "sophies-pick": 4, "double-sophie": 3,
           "psycho": 4}


def _open(page: Page, url: str) -> None:
    """Open a play or host page and wait until its table is drawn."""
    page.goto(url)
    page.wait_for_selector("section[aria-label^='Seat']", timeout=60_000)
    wait_for_app(page)
    assert_no_exception(page)


def _hand_over(page: Page) -> bool:
    """Whether the hand has ended (waiting until either a decision or the end is shown:
    Deal again, or the offer to buy back in when the player's chips are gone)."""
    page.wait_for_function(
        "() => [...document.querySelectorAll('button')].some(b => b.innerText.includes("
        "'Deal again') || b.innerText.includes('Buy back in')) || "
        "document.querySelector(\"[class*='st-key-play_act_'] button\")",
        timeout=30_000)
    return page.get_by_role("button", name="Deal again").is_visible() or \
        page.get_by_role("button", name="Buy back in", exact=False).is_visible()
