"""No text is cut on the TV: every game at 4, 6, 8 and 10 chairs (those it seats), mid-hand
and at the showdown, drawn by Chromium at 1280x720, 1600x900 and 1920x1080 with the
TV's own style, Streamlit's font and its columns' widths. A text wider than a box that
hides what overflows, or running past the edge of a box that hides it (a seat's box, the
showdown's column, the screen itself), is cut; only the oldest news beside the table
gives way by design. Every state is drawn in one page, so the cost stays small; and the
"Table version" line stays whole on each screen."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest
import streamlit
from playwright.sync_api import Page

from engine.games import GAMES
from engine.history import action_to_dict
from engine.state import Action, ActionKind
from tests.support.browser import SCREENSHOTS, TAKING_SCREENSHOTS
from tests.support.night import open_all
from tests.support.night_screens import TV_SIZES
from ui.components.cards import PICTURES, picture
from ui.night import record
from ui.night.controller import Night, Seat, Snapshot
from ui.night.parts import at_html, part_html, parts_for, viewer_view
from ui.night.tv_table import SIDE_HEIGHT, head_html, showdown_html, tv_style_html
from ui.store import store_from_url

pytestmark = pytest.mark.browser

CHAIRS = (4, 6, 8, 10)
NAMES = ["Alexandra", "Bartholomew", "Dev", "Christina", "Eve", "Maximilian", "Jo",
         "Genevieve", "Sam", "Evangelina"]
FONT = next((Path(streamlit.__file__).parent / "static" / "static" / "media").glob(
    "SourceSansVF-Upright*.woff2"))
SIDE_WIDTH = 463
"""The column beside the table on a 1920-pixel TV: Streamlit's columns [7, 2.3] with a
small gap in the page's 1888 pixels."""

LOOKED_AT = ("double-sophie 6 chairs showdown", "pick-a-partner 10 chairs mid-hand",
             "texas-holdem 10 chairs showdown")
"""The states kept as pictures, to look at."""

CUT = """() => {
  const cut = [];
  for (const screen of document.querySelectorAll("[data-state]")) {
    for (const e of screen.querySelectorAll("*")) {
      const own = [...e.childNodes].some(n => n.nodeType === 3 && n.textContent.trim());
      if (!own || e.closest("[data-night-part='log'], [data-night-part='at']")) continue;
      const style = getComputedStyle(e);
      const text = e.textContent.trim().slice(0, 60);
      if (style.overflowX !== "visible" && e.scrollWidth > e.clientWidth + 1) {
        cut.push([screen.dataset.state, text, "wider than its box"]);
        continue;
      }
      const box = e.getBoundingClientRect();
      for (let a = e.parentElement; a !== null; a = a.parentElement) {
        const hides = getComputedStyle(a);
        if (hides.overflowX === "visible" && hides.overflowY === "visible") continue;
        const edge = a.getBoundingClientRect();
        if (box.right > edge.right + 1 || box.bottom > edge.bottom + 1 ||
            box.left < edge.left - 1 || box.top < edge.top - 1) {
          cut.push([screen.dataset.state, text, "past the edge of " +
                    (a.getAttribute("aria-label") || a.tagName)]);
          break;
        }
        if (a === screen) break;
      }
    }
  }
  const at = document.querySelector("[data-night-part='at'] div").getBoundingClientRect();
  return {cut, at: [at.left, at.top, at.right, at.bottom],
          screen: [window.innerWidth, window.innerHeight]};
}"""


def _players(game_id: str) -> list[int]:
    return [n for n in CHAIRS if record.dealable(game_id, n) is None]


def _hand(night: Night, game_id: str, count: int) -> tuple[Seat, Snapshot, Snapshot]:
    """A hand of ``game_id`` at ``count`` chairs, every chair a person who checks or calls
    where they may (so the showdown shows as many hands as the game allows): the TV's
    link, the table after the third decision, and at the end. (A computer player draws the
    same seat on the TV, and would only cost its thinking.)

    The hand is played by the engine, and the table written twice: the decisions up to
    the third, then the rest, each time the last through the table itself (which settles
    a finished hand), rather than a write and a replay of the hand for every decision."""
    record_id, links = night.create(people=[True] * count, names=NAMES[:count],
                                    game_id=game_id, seed=count)
    seats = open_all(night, links)
    start = night.snapshot(record_id)
    state = start.state
    assert state is not None
    rng = random.Random(count)
    actions: list[Action] = []
    while not state.is_over:
        assert len(actions) < 400, "the hand never ended"
        legal = state.legal_actions(state.to_act[0])
        quiet = [a for a in legal if a.kind in (ActionKind.CHECK, ActionKind.CALL)]
        kept = [a for a in legal if a.kind is not ActionKind.FOLD]
        actions.append((quiet or [rng.choice(kept or list(legal))])[0])
        state.apply(actions[-1])
    chairs = start.data["hand"]["seats"]
    shots = []
    for part in (actions[:3], actions[3:]):
        if not part:
            continue
        snap = night.snapshot(record_id)
        *written, last = part

        def write(data: dict[str, Any], written: list[Action] = written) -> dict[str, Any]:
            data["hand"]["actions"] += [action_to_dict(a) for a in written]
            return data

        version = night.store.update(record_id, snap.version, write).version
        player = seats[record.seat_role(chairs[last.seat])]
        assert night.decide(player, version, last).ok
        shots.append(night.snapshot(record_id))
    end = shots[-1]
    assert end.state is not None and end.state.is_over
    return seats["tv"], shots[0], end


def _tv(tv: Seat, snap: Snapshot, name: str, *, footer: bool) -> str:
    """The TV's screen at ``snap`` as its page lays it out: the line above the table, the
    table, and beside it the news or the showdown."""
    parts = parts_for(tv, snap, four_colour=False)
    assert snap.state is not None
    side = showdown_html(viewer_view(tv, snap), snap.data, room=SIDE_HEIGHT) \
        if snap.state.is_over else part_html("log", parts["log"])
    return (f'<div data-testid="stMainBlockContainer" data-state="{name}" '
            f'style="height:1080px;box-sizing:border-box;overflow:hidden;'
            f'position:relative">{head_html(snap)}'
            f'<div style="display:flex;gap:16px;margin-top:16px">'
            f'<div style="flex:1">{part_html("table", parts["table"])}</div>'
            f'<div style="width:{SIDE_WIDTH}px;flex:none">{side}</div></div>'
            f'{part_html("at", at_html(snap.version)) if footer else ""}</div>')


@pytest.fixture
def tv_page(page: Page) -> Page:
    page.set_viewport_size(TV_SIZES[-1])
    return page


def test_no_text_is_cut_on_the_tv(tv_page: Page, tmp_path: Path) -> None:
    night = Night(store_from_url(str(tmp_path / "night.sqlite3")))
    screens: list[str] = []
    for game_id in sorted(GAMES):
        for count in _players(game_id):
            tv, middle, end = _hand(night, game_id, count)
            for snap, when in ((middle, "mid-hand"), (end, "showdown")):
                screens.append(_tv(tv, snap, f"{game_id} {count} chairs {when}",
                                   footer=not screens))
    night.store.close()
    pictures = tmp_path / PICTURES
    pictures.mkdir()
    for name in set(re.findall(rf'{PICTURES}/([\w-]+)\.svg', "".join(screens))):
        drawing = picture(name)
        assert drawing is not None, name
        (pictures / f"{name}.svg").write_text(drawing, encoding="utf-8")
    page = tmp_path / "tv.html"
    page.write_text(
        f'<!doctype html><html><head><meta charset="utf-8"><style>@font-face {{ '
        f'font-family: "Source Sans"; src: url("{FONT.as_uri()}"); }} body {{ margin:0; '
        f'font-family: "Source Sans", sans-serif; background:#fbfaf7 }}</style>'
        f'{tv_style_html()}</head><body>{"".join(screens)}</body></html>', encoding="utf-8")
    tv_page.goto(page.as_uri())
    tv_page.evaluate("() => document.fonts.ready")
    for size in TV_SIZES:
        tv_page.set_viewport_size(size)
        tv_page.evaluate("() => new Promise(done => requestAnimationFrame(() => "
                         "requestAnimationFrame(done)))")
        found = tv_page.evaluate(CUT)
        if size == TV_SIZES[-1] and TAKING_SCREENSHOTS:
            SCREENSHOTS.mkdir(parents=True, exist_ok=True)
            for shown in LOOKED_AT:
                tv_page.locator(f"[data-state='{shown}']").screenshot(
                    path=str(SCREENSHOTS / f"night-tv-text-{shown.replace(' ', '-')}.png"))
        assert not found["cut"], f"text cut on a {size} TV ({len(found['cut'])}): " + \
            "; ".join(" / ".join(item) for item in found["cut"][:12])
        left, top, right, bottom = found["at"]
        width, height = found["screen"]
        assert left >= 0 and top >= 0 and right <= width and bottom <= height, \
            f"the 'Table version' line is off a {size} screen: {found['at']}"
