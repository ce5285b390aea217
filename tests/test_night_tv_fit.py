"""The TV's column beside the table, drawn by Chromium at its own size (no site needed):
the five lines of how the named game plays are read whole, for every game, and the
column never runs past the table's height. A TV cannot scroll, so a line cut off there
is a line nobody on the sofa reads."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page

from engine.games import GAMES
from tests.support.browser import CountingBrowser
from ui.night import tv_table
from ui.night.controller import Night
from ui.store import store_from_url

pytestmark = pytest.mark.browser

SIDE_WIDTH = 440
"""The column's width on a 1920-pixel TV (the table takes the rest), a little under what
the page gives it, so a line that wraps there wraps on the TV too."""

MEASURE = """() => {
  const column = document.querySelector("#side > div");
  const intro = column.firstElementChild;
  const lines = [...intro.querySelectorAll("li")];
  const last = lines[lines.length - 1].getBoundingClientRect().bottom;
  const shown = Math.min(intro.getBoundingClientRect().bottom,
                         column.getBoundingClientRect().bottom);
  return {lines: lines.length, hidden: Math.max(0, last - shown),
          column: column.getBoundingClientRect().height};
}"""


@pytest.fixture(scope="module")
def tv_page(browser: CountingBrowser) -> Iterator[Page]:
    page = browser.plain.new_page(viewport={"width": 1920, "height": 1080})
    yield page
    page.close()


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_the_tv_shows_every_line_of_how_the_game_plays(tv_page: Page, game_id: str,
                                                        tmp_path: Path) -> None:
    store = store_from_url(str(tmp_path / "night.sqlite3"))
    people = [True] * (4 if game_id == "pick-a-partner" else 3)
    record_id, _ = Night(store).create(people=people, game_id=game_id, seed=1)
    snap = Night(store).snapshot(record_id)
    store.close()
    assert snap.state is not None
    column = tv_table.tv_news_html(snap.data, snap.state, snap.state.view(None).events)
    tv_page.set_content(f'<body style="margin:0;font-family:sans-serif">'
                     f'<div id="side" style="width:{SIDE_WIDTH}px">{column}</div></body>')
    seen = tv_page.evaluate(MEASURE)
    assert seen["lines"] == 5
    assert seen["hidden"] <= 1, f"{game_id}: the last line of how it plays is cut: {seen}"
    assert seen["column"] <= tv_table.SIDE_HEIGHT, seen
