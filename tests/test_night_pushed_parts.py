"""A screen's parts pushed over its socket stay on the screen when the run they were sent
for is still drawing: that run's own elements, arriving after the push, must not leave
the screen showing an older table while its script believes it shows the newer one.

(A phone tapped at version 22; its run drew 23 while the computer players moved the table
to 24 and 25; the push of 25 landed before the run's parts did, and the phone showed 23
until the table moved again.)

The screen's script (``ui.night.watch``) runs alone in a blank page, with a stand-in for
its socket and for the parts a run draws: no site is started.
"""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
from playwright.sync_api import Page

from tests.support.browser import CountingBrowser
from ui.night.watch import _SCRIPT

_PAGE = """<div data-testid="stApp" data-test-script-state="notRunning">
  <div id="watch"></div>
  <div class="stHtml" id="log">
    <div data-night-part="log" data-night-drawn="22">log at 22</div></div>
  <div class="stHtml" id="at">
    <div data-night-part="at" data-night-drawn="22"><div data-night-at="22"></div></div></div>
</div>"""

_STAND_INS = """
window.tells = [];
window.WebSocket = class {
  static OPEN = 1;
  constructor() { this.readyState = 0; window.socket = this;
                  setTimeout(() => { this.readyState = 1; this.onopen(); }, 0); }
  send() {}
  close() {}
};
window.call = (drawn) => window.nightWatch({
  data: { address: "http://127.0.0.1/night-watch", secret: "s", drawn, four: false,
          turn: "", deals: false, ended: "" },
  parentElement: document.getElementById("watch"),
  setTriggerValue: (name, value) => window.tells.push(value) });
// A run's st.html element drawn again: React puts the run's markup in afresh.
window.drawn = (id, markup) => { document.getElementById(id).innerHTML = markup; };
window.running = (yes) => { document.querySelector("[data-testid='stApp']")
  .dataset.testScriptState = yes ? "running" : "notRunning"; };
"""


def _at(version: int) -> str:
    return (f'<div data-night-part="at" data-night-drawn="{version}">'
            f'<div data-night-at="{version}"></div></div>')


def _log(version: int) -> str:
    return f'<div data-night-part="log" data-night-drawn="{version}">log at {version}</div>'


@pytest.fixture
def screen(browser: CountingBrowser) -> Iterator[Page]:
    """A blank page holding one screen's script."""
    page = browser.plain.new_page()
    yield page
    page.close()


def _load(page: Page) -> None:
    page.set_content(_PAGE)
    page.add_script_tag(content=_STAND_INS)
    page.add_script_tag(content=_SCRIPT.replace("export default function",
                                                "window.nightWatch = function"))
    page.evaluate("call(22)")
    page.wait_for_function("window.socket?.readyState === 1")


def _push(page: Page, version: int, on: int) -> None:
    told = {"version": version, "on": on,
            "parts": {"at": f'<div data-night-at="{version}"></div>',
                      "log": f"log at {version}"}}
    page.evaluate(f"socket.onmessage({{ data: {json.dumps(json.dumps(told))} }})")


def _shown(page: Page) -> str:
    return str(page.evaluate("document.querySelector('[data-night-at]').dataset.nightAt"))


def test_a_push_before_its_runs_parts_arrive_stays_on_screen(screen: Page) -> None:
    _load(screen)
    screen.evaluate("running(true); call(23)")     # the tap's run has drawn its watch: 23
    _push(screen, 25, on=23)                       # the computer players moved on meanwhile
    screen.evaluate(f"drawn('log', '{_log(23)}'); drawn('at', '{_at(23)}'); running(false)")
    screen.wait_for_timeout(400)
    told = screen.evaluate("tells")
    assert _shown(screen) == "25" or max(told, default=0) >= 25, \
        f"the screen shows version {_shown(screen)} of 25, and asked for no run ({told})"
    assert screen.inner_text("#log") == "log at 25"


def test_a_redraw_of_the_same_version_keeps_the_parts_pushed_on_it(screen: Page) -> None:
    _load(screen)
    screen.evaluate("call(23)")
    screen.evaluate(f"drawn('at', '{_at(23)}')")
    _push(screen, 24, on=23)
    assert _shown(screen) == "24"
    screen.evaluate(f"running(true); call(23); drawn('at', '{_at(23)}'); running(false)")
    screen.wait_for_timeout(400)
    assert _shown(screen) == "24" or max(screen.evaluate("tells"), default=0) >= 24


def test_a_later_runs_parts_are_never_covered_by_an_older_push(screen: Page) -> None:
    """The run that draws the guest's turn replaces the parts pushed before it, even before
    its socket's script has heard of that run."""
    _load(screen)
    screen.evaluate(f"call(23); drawn('at', '{_at(23)}')")
    _push(screen, 24, on=23)
    screen.evaluate(f"running(true); drawn('log', '{_log(25)}'); drawn('at', '{_at(25)}')")
    screen.wait_for_timeout(300)
    screen.evaluate("running(false)")
    screen.wait_for_timeout(300)
    assert _shown(screen) == "25"
    assert screen.inner_text("#log") == "log at 25"
