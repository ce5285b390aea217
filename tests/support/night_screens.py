"""What the game-night browser tests see on a screen: one browser context per link
(``Screen``), and the checks of a phone at its turn, a TV that must fit its screen, the
lobby's join code read from the TV, a guest joining, and a phone that lost its socket."""

from __future__ import annotations

import time
from typing import Any
from urllib.parse import urlsplit

import cv2
import numpy as np
from playwright.sync_api import Browser, BrowserContext, Page, ViewportSize, WebSocket, expect
from streamlit.proto.BackMsg_pb2 import BackMsg

from tests.support.browser import assert_no_exception, click, screenshot, wait_for_app
from tests.support.scan import scanned
from ui.night.address import is_loopback
from ui.night.controller import Night

PHONE = ViewportSize(width=390, height=844)
TV_SIZE = ViewportSize(width=1600, height=900)
TV_SIZES = (ViewportSize(width=1280, height=720), TV_SIZE, ViewportSize(width=1920, height=1080))
HOST_SIZE = ViewportSize(width=1400, height=1000)


STUCK = """() => {
  const app = document.querySelector("[data-testid='stApp']");
  const main = document.querySelector("[data-testid='stMainBlockContainer']");
  return {
    markers: [...document.querySelectorAll("[data-night-at]")].map(e => e.dataset.nightAt),
    script: app && app.dataset.testScriptState, connection: app && app.dataset.testConnectionState,
    runs: window.__appRuns, end: main && main.innerText.slice(-300),
  };
}"""
"""What a screen that did not reach a version shows and was last sent, to say why."""


SEATS = "[data-night-part] section[aria-label]"
"""The seats a night's screen draws (each named by its player)."""
NAVIGATION = "[data-testid='stSidebarNav']"
"""The site's page list: in the sidebar, except on a night's screens."""



BUZZES = """Object.defineProperty(Navigator.prototype, "vibrate", {configurable: true,
  value: pattern => { window.__buzzes = (window.__buzzes || 0) + 1; return true; }});"""
"""Counts the page's calls to make the phone vibrate (a headless browser has no motor)."""


class Screen:
    """One browser context on one link, keeping every frame the server sent it."""

    def __init__(self, browser: Browser, url: str, *, size: ViewportSize) -> None:
        self.size = size
        self.context: BrowserContext = browser.new_context(viewport=size)
        self.context.add_init_script(script=BUZZES)
        self.page: Page = self.context.new_page()
        self.frames: list[str] = []
        self.streamlit_frames = 0
        """What Streamlit's own socket brought: nothing while the screen takes parts in place."""
        self.runs_asked = 0
        """How many runs the page asked Streamlit for: a tap's, or the socket's news."""
        self.page.on("websocket", self._follow)
        self.open(url)

    def _follow(self, socket: WebSocket) -> None:
        socket.on("framereceived", lambda payload: self._keep(socket.url, payload))
        if "/_stcore/stream" in socket.url:
            socket.on("framesent", self._sent)

    def _sent(self, payload: Any) -> None:
        if isinstance(payload, bytes):
            self.runs_asked += BackMsg.FromString(payload).WhichOneof("type") == "rerun_script"

    def _keep(self, address: str, payload: Any) -> None:
        self.frames.append(payload.decode("utf-8", "replace") if isinstance(payload, bytes)
                           else str(payload))
        self.streamlit_frames += "/_stcore/" in address

    def open(self, url: str) -> None:
        self.page.goto(url)
        self.page.wait_for_selector("[data-night-at], [data-testid='stAlert'], "
                                    ".st-key-night_create", timeout=60_000)
        wait_for_app(self.page)
        assert_no_exception(self.page)

    def at(self, version: int, *, timeout: float = 30_000) -> None:
        """Wait until this screen shows the table at ``version`` or later (it redraws when
        told; the computer players may have moved the table on meanwhile)."""
        try:
            self.page.wait_for_function(
                "v => [...document.querySelectorAll('[data-night-at]')]"
                ".some(e => Number(e.dataset.nightAt) >= v)", arg=version, timeout=timeout)
        except Exception:
            screenshot(self.page, f"night-stuck-at-{version}")
            shown = self.page.evaluate(STUCK)
            raise AssertionError(f"the screen is not at version {version}: {shown}") from None
        settled(self.page)
        assert_no_exception(self.page)

    def everything(self, *, frames: bool = False) -> str:
        """The page source (aria-labels included), its text and (with ``frames``) everything
        the server has sent it: a card still hidden now was never sent."""
        page = self.page
        return page.content() + page.inner_text("body") + ("".join(self.frames) if frames else "")

    def close(self) -> None:
        self.context.close()


def computers_done(night: Night, record_id: str) -> bool:
    """Whether the table waits on no computer player: the site's computer players act in a
    thread of their own after a person's decision."""
    snap = night.snapshot(record_id)
    state = snap.state
    if state is None or state.is_over or snap.data["paused"]:
        return True
    seats, chairs = snap.data["hand"]["seats"], snap.data["players"]
    return all(chairs[seats[s]]["person"] for s in state.to_act)


def wait_for_computers(night: Night, record_id: str, timeout: float = 30) -> None:
    """Wait until the computer players the table waits on have acted."""
    deadline = time.monotonic() + timeout
    while not computers_done(night, record_id):
        assert time.monotonic() < deadline, "the computer players never acted"
        time.sleep(0.02)


def settled(page: Page) -> None:
    """Wait until the page's run is over: no status widget, nothing left from a run before."""
    page.wait_for_function(
        "() => !document.querySelector('[data-testid=\"stStatusWidget\"]')"
        " && !document.querySelector('[data-stale=\"true\"]')", timeout=30_000)


TAP_TARGETS = """() => [...document.querySelectorAll(
    "[data-testid='stMainBlockContainer'] button")].filter(b => b.offsetParent !== null)
  .map(b => { const box = b.getBoundingClientRect();
              return [b.innerText.trim().slice(0, 40), box.width, box.height]; })"""


def check_turn_on_a_phone(phone: Screen) -> None:
    """On a guest's turn the decision is on the screen without scrolling, the tab says so,
    the phone buzzes, and every tap target is at least 44 px."""
    page = phone.page
    expect(page.locator(".st-key-night_decision")).to_be_visible()
    page.wait_for_function("() => { const box = document.querySelector("
                           "'.st-key-night_decision').getBoundingClientRect();"
                           " return box.top >= 0 && box.top < window.innerHeight - 80; }",
                           timeout=5_000)
    assert page.title().startswith("Your turn"), page.title()
    assert page.evaluate("() => window.__buzzes") >= 1, "the phone did not buzz"
    small = [t for t in page.evaluate(TAP_TARGETS) if t[1] < 44 or t[2] < 44]
    assert not small, f"tap targets under 44 px: {small}"
    screenshot(page, "night-phone-your-turn")


FITS = """() => {
  const main = document.querySelector("[data-testid='stMain']");
  const block = document.querySelector("[data-testid='stMainBlockContainer']");
  const small = [];
  for (const e of block.querySelectorAll("*")) {
    const own = [...e.childNodes].some(n => n.nodeType === 3 && n.textContent.trim());
    if (!own || e.offsetParent === null || e.closest("[data-night-part='at']")) continue;
    const px = parseFloat(getComputedStyle(e).fontSize);
    if (px < 23.5) small.push([e.textContent.trim().slice(0, 30), px]);
  }
  return {scroll: main.scrollHeight - main.clientHeight,
          bottom: Math.max(...[...block.children].map(c => c.getBoundingClientRect().bottom)),
          height: window.innerHeight, width: window.innerWidth,
          wide: document.documentElement.scrollWidth, small};
}"""
"""Whether the TV's screen fits it: nothing below or beside the screen, and (read at
1920 by 1080, where the page is drawn at its own size) every text at least 24 px."""


def check_tv_fits(tv: Screen, name: str, sizes: tuple[ViewportSize, ...] = TV_SIZES, *,
                  shoot: bool = True) -> None:
    """At each TV size the whole table is on the screen, without scrolling; its type is
    24 px or more at 1080p. A screenshot at each size, to look at (with ``shoot``)."""
    page = tv.page
    for size in sizes:
        page.set_viewport_size(size)
        settled(page)
        page.evaluate("() => new Promise(done => requestAnimationFrame(() => "
                      "requestAnimationFrame(done)))")
        fits = page.evaluate(FITS)
        assert fits["scroll"] <= 1 and fits["bottom"] <= fits["height"] + 1, \
            f"the TV does not fit {size}: {fits}"
        assert fits["wide"] <= fits["width"], f"the TV is wider than {size}: {fits}"
        if size["height"] == 1080:
            assert not fits["small"], f"text under 24 px at 1080p: {fits['small'][:8]}"
        if shoot:
            screenshot(page, f"{name}-{size['width']}")
    page.set_viewport_size(TV_SIZE)
    settled(page)


def join_code(tv: Screen) -> str:
    """The join link the TV's code holds, read from the picture on the screen by a real
    decoder: it must carry an address a phone can open, not this computer's own."""
    code = tv.page.locator("img[alt='QR code: Scan to join']")
    expect(code).to_be_visible()
    text = ""
    deadline = time.monotonic() + 15
    while not text and time.monotonic() < deadline:   # under load: once it is painted
        code.evaluate("img => img.decode()")
        png = np.frombuffer(code.screenshot(), dtype=np.uint8)
        image = cv2.imdecode(png, cv2.IMREAD_GRAYSCALE)
        assert image is not None, "the TV's join code is no picture"
        image = cv2.copyMakeBorder(image, 40, 40, 40, 40, cv2.BORDER_CONSTANT, value=255)
        text = scanned(image)
    assert text, "the TV's join code does not scan"
    address = urlsplit(text)
    assert address.hostname and not is_loopback(address.hostname), text
    assert address.path == "/night" and address.query.startswith("t=")
    return address.query.removeprefix("t=")


def join(browser: Browser, site: str, secret: str, chair: int, name: str) -> Screen:
    """A guest scans the join code, takes ``chair`` under ``name``, and holds its link."""
    phone = Screen(browser, f"{site}/night?t={secret}", size=PHONE)
    page = phone.page
    expect(page.get_by_role("heading", name="Join the game night")).to_be_visible()
    if chair == 0:
        screenshot(page, "night-phone-join")
    page.locator(".st-key-night_join_chair").get_by_text(f"Chair {chair + 1}",
                                                         exact=True).click()
    page.get_by_role("textbox", name="Your name").fill(name)
    click(page, ".st-key-night_join_take button")
    expect(page.get_by_text(f"You sit in chair {chair + 1}")).to_be_visible()
    assert secret not in page.url, "the page is the chair's own link now"
    return phone


def reconnecting(phone: Screen, night: Night, record_id: str, *, host: Any) -> None:
    """A phone whose socket goes quiet says it is reconnecting, and stops saying so when
    the table is heard again."""
    page = phone.page
    page.evaluate("() => window.dispatchEvent(new Event('offline'))")
    banner = page.locator("#night-offline")
    expect(banner).to_be_visible(timeout=5_000)
    expect(banner).to_contain_text("Reconnecting")
    screenshot(page, "night-phone-reconnecting")
    assert night.pause(host, True).ok
    expect(banner).to_have_count(0, timeout=10_000)
    assert night.pause(host, False).ok
    phone.at(night.version(record_id) or 0)
