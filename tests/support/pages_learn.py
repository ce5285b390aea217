"""Opening and reading the learning pages (the rules, the guided hands, the worked examples)
through AppTest."""

from __future__ import annotations

import html
from functools import cache
from pathlib import Path

from streamlit.testing.v1 import AppTest

from tests.support.hostile import open_address
from tests.support.pages_app import app
from ui.registry import games_on, learn_pages

APP = str(Path(__file__).resolve().parents[2] / "app.py")


TIMEOUT = 60
"""Seconds per run: generous, because the machine is shared; a run takes well under one."""


LEARN = {games_on(page)[0].id: page for page in learn_pages()}
"""Each learning page by the game it is first about (from the site's registry)."""


GAME_PAGES = {game_id: page.prefix for game_id, page in LEARN.items()}
"""Game id and the prefix of its page's widget keys."""


_BY_ADDRESS = {page.url_path: page for page in learn_pages()}
"""Each learning page by its address: one file serves every declared game's page."""


def _open(page: str) -> AppTest:
    """Run the app on ``page``: a learning page's address or a file under ``screens/``.

    AppTest runs a page of an app with a ``screens/`` folder as Streamlit's
    older file-based multipage app does: the page alone, without the shared
    sidebar that ``app.py`` adds (the home page runs through ``app.py``).
    """
    at = app("app.py", timeout=TIMEOUT)
    learning = _BY_ADDRESS.get(page)
    if learning is not None:
        at.switch_page(learning.file)
        open_address(at, learning.url_path)
    elif page != "home":
        at.switch_page(f"screens/{page}.py")
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    return at


@cache
def rendered(page: str) -> AppTest:
    """``page`` as first drawn, run once per worker and shared by the tests that only read
    it; a test that clicks, types or chooses opens its own with :func:`_open`."""
    return _open(page)


def _page(game_id: str) -> str:
    return LEARN[game_id].url_path


def _texts(at: AppTest) -> str:
    """Every piece of markdown, HTML (rows of cards), caption and alert on the page, for
    searching."""
    parts = [m.value for m in at.markdown] + [h.value for h in at.html]
    parts += [c.value for c in at.caption]
    parts += [a.value for kind in (at.success, at.info, at.error, at.warning) for a in kind]
    return "\n".join(parts)


def _errors(at: AppTest) -> list[str]:
    """The error messages shown (as read; Streamlit escapes a leading digit as an entity)."""
    assert not at.exception, [e.value for e in at.exception]
    return [html.unescape(e.value) for e in at.error]
